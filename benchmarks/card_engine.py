"""Throughput of the card-game engine's games (prints figures; never a test).

Covers every game built on ``cardtable.engine`` that is in the tree, registered or not (a game still
being completed is registered for the run, ``_games.py``): random-play decisions/s (``new_game``
included), ``clone`` µs at mid-game positions, and ISMCTS iterations/s (the game's own rollout depth).

    python benchmarks/card_engine.py [--seconds S] [--game ID] [--ismcts-budget N]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from cardtable.core import Rng


def games() -> dict[str, Any]:
    """Every registered or in-progress game whose states are card-engine states."""
    from _games import include_in_progress  # benchmarks/_games.py (this script's folder is on sys.path)
    from cardtable import registry
    from cardtable.engine import CardState

    include_in_progress()
    out = {}
    for gid in registry.game_ids():
        game = registry.load_game(gid)
        if isinstance(game.new_game(seed=0), CardState):
            out[gid] = game
    return out


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
    """Iterations/s of ``ismcts:budget`` over its first ``moves`` searches of a seeded game (search
    time only: the bot's own counters)."""
    from cardtable.bots import ISMCTSBot, make_bot

    bot = make_bot(f"ismcts:{budget}", game.info.id, seed=1)
    assert isinstance(bot, ISMCTSBot)
    st = game.new_game(seed=3)
    rng = random.Random(3)
    while not st.is_terminal and bot.searches < moves:
        d = st.decision
        if len(d.options) > 1:
            st.apply(bot.act(st.view(d.player), d, Rng(bot.searches)))
        else:
            st.apply(rng.choice(d.options))
    return bot.total_iterations / bot.total_seconds if bot.total_seconds else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--game", default=None, help="only this game id")
    parser.add_argument("--ismcts-budget", type=int, default=30, help="iterations per search (default 30)")
    args = parser.parse_args()
    for gid, game in games().items():
        if args.game is not None and gid != args.game:
            continue
        dps, gps, mid = random_play(game, args.seconds)
        depth = f"rollouts cut at {game.rollout_depth} actions" if game.evaluate is not None else "full playouts"
        print(f"{gid}: random play {dps:,.0f} decisions/s ({gps:.1f} games/s, new_game included); "
              f"clone {clone_us(mid):.1f} µs mid-game; ismcts {ismcts_per_s(game, args.ismcts_budget):.0f} "
              f"iterations/s ({depth})", flush=True)


if __name__ == "__main__":
    main()
