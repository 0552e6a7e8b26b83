"""Games per second of the balance lab, per backend, and what its per-card records cost (prints figures).

The lab is the simulator with two extras: a round robin of decks (game plans) and, per seat, the
cards it held and played. This script plays the same round robin of a game's ready decks

* in this process with and without the card records (their cost, as a percentage), and
* with ``--jobs`` workers on the process pool and on a private local Ray,

and projects how long 100,000 games take at each rate. Figures only; nothing is asserted.

    python benchmarks/lab_throughput.py [--game call-of-cthulhu] [--games 400] [--jobs 2] [--bots random]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from cardtable.lab.run import lab_decks
from cardtable.lab.schedule import round_robin
from cardtable.sim import run_games


def timed(game: str, games: int, specs: list[str], plans: Any, **kw: Any) -> float:
    start = time.perf_counter()
    run_games(game, 2, specs, games, 1, plans=plans, **kw)
    return games / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="call-of-cthulhu")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--bots", default="random")
    ap.add_argument("--no-ray", action="store_true", help="skip the Ray measurement")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    import _games  # noqa: F401  - registers games still being completed (benchmarks/_games.py)

    specs = [args.bots, args.bots]
    option, decks = lab_decks(args.game, None)
    plans = round_robin(decks, specs, option).plans
    figures: dict[str, float] = {}
    print(f"{args.game}: {len(decks)} decks, {args.games} games per measurement, bots {args.bots}", file=sys.stderr)
    timed(args.game, max(4, len(plans)), specs, plans)  # warm up: card files, imports
    figures["in_process_plain"] = timed(args.game, args.games, specs, plans)
    figures["in_process_with_cards"] = timed(args.game, args.games, specs, plans, record_cards=True)
    figures["card_records_cost_pct"] = 100 * (figures["in_process_plain"] / figures["in_process_with_cards"] - 1)
    figures[f"processes_jobs{args.jobs}"] = timed(args.game, args.games, specs, plans, record_cards=True, jobs=args.jobs)
    if not args.no_ray:
        figures[f"ray_jobs{args.jobs}"] = timed(args.game, args.games, specs, plans, record_cards=True, jobs=args.jobs,
                                                backend="ray")
    if args.json:
        print(json.dumps(figures, indent=1))
        return 0
    for key, value in figures.items():
        if key.endswith("_pct"):
            print(f"{key:28} {value:+8.1f} %")
        else:
            print(f"{key:28} {value:8.1f} games/s   100,000 games: {100_000 / value / 60:6.1f} min")
    return 0


if __name__ == "__main__":
    sys.exit(main())
