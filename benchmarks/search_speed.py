"""How fast can a search bot think? Deals/s, ISMCTS iterations/s (old and new sampling) and strong rollouts/s.

A search bot first draws a deal consistent with its seat's view, then plays in it. This script takes
positions from heuristic self-play games (every ``--every``-th decision with a choice) and measures, on
one core, at the same positions and in the same run (timings on a shared machine are noisy; compare the
columns of one run):

* deals/s with ``GameDefinition.sample_state`` (one full rebuild from the view per deal: the old path)
  and with ``bots.deals.DealSampler`` (one rebuild, then a clone with the hidden cards redrawn);
* ``ismcts`` iterations/s with each path (``ISMCTSBot(fast_deals=False/True)``, the game's default depth);
* ``strong`` rollouts/s (heuristic rollouts, the game's default depth).

    python benchmarks/search_speed.py                         # the three card games, 2 games each
    python benchmarks/search_speed.py --game mythos --games 1 --seconds 0.2
    python benchmarks/search_speed.py --game call-of-cthulhu --spec strong:4   # + seconds a decision of a spec
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from cardtable.bots import ISMCTSBot, StrongBot  # noqa: E402
from cardtable.bots.heuristic import load_policy  # noqa: E402
from cardtable.bots.lazy_view import LazyView  # noqa: E402
from cardtable.bots.deals import DealSampler  # noqa: E402
from cardtable.core import Decision, Rng  # noqa: E402
from cardtable.registry import load_game  # noqa: E402

CARD_GAMES = ("call-of-cthulhu", "million-arthur", "mythos")


def positions(game_id: str, games: int, every: int, players: int) -> list[tuple[dict[str, Any], Decision]]:
    """(view, decision) pairs from heuristic self-play: every ``every``-th decision with a choice."""
    game, policy = load_game(game_id), load_policy(game_id)
    out = []
    for g in range(games):
        state, rng, n = game.new_game(seed=1000 + g, players=players), Rng(g), 0
        while not state.is_terminal:
            d = state.decision
            assert d is not None
            if len(d.options) > 1:
                n += 1
                if n % every == 0:
                    out.append((state.view(d.player), d))
            state.apply(policy(LazyView(state, d.player), d, rng))
    return out


def worlds_per_second(game_id: str, spots: list[tuple[dict[str, Any], Decision]], per_spot: int) -> tuple[float, float]:
    game = load_game(game_id)
    rng = Rng(1)
    t0 = time.perf_counter()
    for view, _ in spots:
        for _ in range(per_spot):
            game.sample_state(view, [], seed=rng.next64())
    old = len(spots) * per_spot / (time.perf_counter() - t0)
    t0 = time.perf_counter()
    for view, _ in spots:
        sampler = DealSampler(game, view)
        for _ in range(per_spot):
            sampler.sample(rng)
    new = len(spots) * per_spot / (time.perf_counter() - t0)
    return old, new


def search_rates(spots: list[tuple[dict[str, Any], Decision]], seconds: float, game_id: str) -> dict[str, float]:
    old, new = ISMCTSBot(1, time_budget=seconds, fast_deals=False), ISMCTSBot(1, time_budget=seconds)
    strong = StrongBot(game_id, 1, time_budget=seconds)
    for view, decision in spots:
        for bot in (old, new):
            bot.act(view, decision, Rng(7))
        strong.analyse(view, decision, Rng(7))
    return {"ismcts_old": old.iterations_per_second, "ismcts_new": new.iterations_per_second,
            "strong": strong.rollouts_per_second}


def seconds_per_decision(spots: list[tuple[dict[str, Any], Decision]], spec: str, game_id: str) -> tuple[float, float]:
    """(mean, largest) seconds ``spec`` thinks at these positions (decisions with a choice)."""
    from cardtable.bots import make_bot

    times = []
    for view, decision in spots:
        bot = make_bot(spec, game_id, seed=1)
        t0 = time.perf_counter()
        bot.act(view, decision, Rng(7))
        times.append(time.perf_counter() - t0)
    return sum(times) / len(times), max(times)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default=None, help="one game id (default: the three card games)")
    p.add_argument("--games", type=int, default=2, help="self-play games to take positions from (default 2)")
    p.add_argument("--every", type=int, default=40, help="every Nth decision with a choice (default 40)")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--deals", type=int, default=20, help="deals per position for the deals/s figure (default 20)")
    p.add_argument("--seconds", type=float, default=0.3, help="search time per position (default 0.3)")
    p.add_argument("--spec", action="append", default=[],
                   help="also time this bot spec at the same positions (repeatable; e.g. strong:4)")
    args = p.parse_args(argv)
    timed: list[str] = []
    print("| game | positions | sample_state deals/s | DealSampler deals/s | ismcts it/s (old) | "
          "ismcts it/s (new) | strong rollouts/s |")
    print("|---|---|---|---|---|---|---|")
    for game_id in [args.game] if args.game else CARD_GAMES:
        spots = positions(game_id, args.games, args.every, args.players)
        old, new = worlds_per_second(game_id, spots, args.deals)
        rates = search_rates(spots, args.seconds, game_id)
        print(f"| {game_id} | {len(spots)} | {old:,.0f} | {new:,.0f} | {rates['ismcts_old']:,.0f} | "
              f"{rates['ismcts_new']:,.0f} | {rates['strong']:,.1f} |", flush=True)
        for spec in args.spec:
            mean, worst = seconds_per_decision(spots, spec, game_id)
            timed.append(f"| {game_id} | `{spec}` | {len(spots)} | {mean:.3f} | {worst:.3f} |")
    if timed:
        print("\n| game | spec | positions | mean s/decision | largest s/decision |\n|---|---|---|---|---|")
        print("\n".join(timed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
