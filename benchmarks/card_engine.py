"""Throughput of the card-game engine's games (prints figures; never a test).

Covers every game built on ``cardtable.engine`` that is in the tree, registered or not (Call of
Cthulhu is measured while it is still being completed): random-play decisions/s (``new_game``
included), ``clone`` µs at mid-game positions, and ISMCTS iterations/s.

    python benchmarks/card_engine.py [--seconds S]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from cardtable.core import Rng


def games() -> dict[str, Any]:
    from cardtable.games.call_of_cthulhu import DEFINITION

    return {"call-of-cthulhu": DEFINITION}


def random_play(game: Any, seconds: float) -> tuple[float, float, list[Any]]:
    start, decisions, played, mid = time.perf_counter(), 0, 0, []
    while time.perf_counter() - start < seconds:
        st = game.new_game(seed=played)
        rng = random.Random(played)
        n = 0
        while not st.is_terminal:
            st.apply(rng.choice(st.legal_actions()))
            n += 1
            if n == 40 and len(mid) < 32:
                mid.append(st.clone())
        decisions += n
        played += 1
    elapsed = time.perf_counter() - start
    return decisions / elapsed, played / elapsed, mid


def clone_us(states: list[Any], repeats: int = 200) -> float:
    start = time.perf_counter()
    for _ in range(repeats):
        for st in states:
            st.clone()
    return 1e6 * (time.perf_counter() - start) / (repeats * len(states))


def ismcts_per_s(game: Any, budget: int = 30, moves: int = 6) -> float:
    from cardtable import registry
    from cardtable.bots import make_bot

    registry.register(game)
    try:
        bot = make_bot(f"ismcts:{budget}", game.info.id, seed=1)
        st, its, start = game.new_game(seed=3), 0, time.perf_counter()
        rng = random.Random(3)
        while not st.is_terminal and its < budget * moves:
            d = st.decision
            if len(d.options) > 1:
                st.apply(bot.act(st.view(d.player), d, Rng(its)))
                its += budget
            else:
                st.apply(rng.choice(d.options))
        return its / (time.perf_counter() - start)
    finally:
        registry.unregister(game.info.id)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    for gid, game in games().items():
        dps, gps, mid = random_play(game, args.seconds)
        depth = f"rollouts cut at {game.rollout_depth} actions" if game.evaluate is not None else "full playouts"
        print(f"{gid}: random play {dps:,.0f} decisions/s ({gps:.1f} games/s, new_game included); "
              f"clone {clone_us(mid):.1f} µs mid-game; ismcts {ismcts_per_s(game):.0f} iterations/s ({depth})")


if __name__ == "__main__":
    main()
