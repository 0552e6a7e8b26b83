"""Games per CPU-second of the balance lab, per backend, and what its per-card records cost (prints figures).

The lab is the simulator with two extras: a round robin of decks (game plans) and, per seat, the
cards it held and played. This script plays the same round robin of a game's ready decks

* in this process with and without the card records, and the per-card figures computed from them
  (their cost, as a percentage of the plain run),
* with ``--jobs`` workers on the process pool and on a private local Ray,

and projects how long 100,000 games take at each rate.

Why CPU seconds: the machine this runs on is shared, and wall time measures the neighbours' load as
much as the simulator. In this process the rate is games per ``time.process_time()`` second; on the
process pool it is games per CPU second of the workers (``RUSAGE_CHILDREN``, read after the pool has
shut down), and ``--jobs`` times that is what ``--jobs`` quiet cores give. Ray's workers are not this
process's children, so only its wall-clock rate is printed (with the load average beside it).
Figures only; nothing is asserted.

    python benchmarks/lab_throughput.py [--game call-of-cthulhu] [--games 400] [--jobs 2] [--bots random]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from typing import Any

from cardtable.lab.figures import compute_figures
from cardtable.lab.run import card_names, lab_decks
from cardtable.lab.schedule import Schedule, round_robin
from cardtable.sim import run_games


def _children_cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def timed(game: str, games: int, specs: list[str], schedule: Schedule, figures: bool = False,
          **kw: Any) -> dict[str, float]:
    """Play ``games`` games; games per CPU second (this process and its finished children) and per wall second."""
    cpu, children, wall = time.process_time(), _children_cpu(), time.perf_counter()
    results = run_games(game, 2, specs, games, 1, plans=schedule.plans, **kw)
    if figures:
        compute_figures(game, schedule, results, card_names(game))
    cpu = time.process_time() - cpu + _children_cpu() - children
    wall = time.perf_counter() - wall
    return {"cpu": games / cpu, "wall": games / wall}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="call-of-cthulhu")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--bots", default="random")
    ap.add_argument("--no-ray", action="store_true", help="skip the Ray measurement")
    ap.add_argument("--no-pool", action="store_true", help="skip the process pool and Ray (in-process figures only)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    import _games  # noqa: F401  - registers games still being completed (benchmarks/_games.py)

    specs = [args.bots, args.bots]
    option, decks = lab_decks(args.game, None)
    schedule = round_robin(decks, specs, option)
    print(f"{args.game}: {len(decks)} decks, {args.games} games per measurement, bots {args.bots}, "
          f"load average {os.getloadavg()[0]:.1f}", file=sys.stderr)
    timed(args.game, max(4, len(schedule.plans)), specs, schedule)  # warm up: card files, imports
    rates: dict[str, dict[str, float]] = {}
    rates["in_process_plain"] = timed(args.game, args.games, specs, schedule)
    rates["in_process_with_cards"] = timed(args.game, args.games, specs, schedule, figures=True, record_cards=True)
    figures: dict[str, Any] = {"load_average": os.getloadavg()[0]}
    figures["card_records_cost_pct"] = 100 * (rates["in_process_plain"]["cpu"] / rates["in_process_with_cards"]["cpu"] - 1)
    if not args.no_pool:
        rates[f"processes_jobs{args.jobs}"] = timed(args.game, args.games, specs, schedule, record_cards=True,
                                                    jobs=args.jobs)
        if not args.no_ray:
            rates[f"ray_jobs{args.jobs}"] = timed(args.game, args.games, specs, schedule, record_cards=True,
                                                  jobs=args.jobs, backend="ray")
            rates[f"ray_jobs{args.jobs}"].pop("cpu")  # its workers' CPU time is not ours to read
    figures["rates"] = rates
    if args.json:
        print(json.dumps(figures, indent=1))
        return 0
    print(f"{'per-card records and figures':34} {figures['card_records_cost_pct']:+8.1f} % CPU time")
    for key, value in rates.items():
        line = f"{key:34}"
        if "cpu" in value:
            line += f" {value['cpu']:7.1f} games/CPU-s"
            if key.startswith("processes"):
                line += f" (x{args.jobs} cores: 100,000 games in {100_000 / value['cpu'] / args.jobs / 60:5.1f} min)"
            else:
                line += f" (one core: 100,000 games in {100_000 / value['cpu'] / 60:5.1f} min)"
        line += f" {value['wall']:7.1f} games/s wall"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
