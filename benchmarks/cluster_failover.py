"""Failover time of a cardtable cluster: from SIGKILL of an instance to the first accepted move on each table.

Why: the promise of the cluster (docs/web.md, "Scaling") is that a crashed instance costs its players a
short pause, not their games. This starts PostgreSQL, ``--instances`` servers and HAProxy on this
machine (cluster/launch.py), plays ``--tables`` games of each kind (Two Mists with four people, Two
Mists with one person and three bots, and the three card games) through the proxy with clients that
reconnect like the browser (cluster/drill.py, think time ``--think``), kills the instance that runs the
most of them, and prints for every table it ran the seconds from the kill to the first move the new
owner accepted (the proxy's health check, the reconnect, the lease takeover, the rebuild from the
database and, where a bot is to move, the bot's move). Tables on the other instances are listed too
(their next move is unaffected). It also checks that no acknowledged move was lost.

Usage::

    python benchmarks/cluster_failover.py                 # 3 instances, 2 tables per kind, 3 kills
    python benchmarks/cluster_failover.py --repeats 1 --json
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import os
import statistics
import sys
import time
from typing import Any

from cardtable.server.cluster.drill import Drill, TableRun, check_stored, create_table, lease_owners, stored_moves
from cardtable.server.cluster.launch import LocalCluster

KINDS = [("two-mists", ["human"] * 4), ("two-mists", ["human", "random", "random", "random"]),
         ("call-of-cthulhu", ["human", "random"]), ("million-arthur", ["human", "human"]),
         ("mythos", ["human", "random"])]
NO_LIMITS = {"CARDTABLE_CREATE_RATE": "0", "CARDTABLE_JOIN_RATE": "0", "CARDTABLE_MAX_WAITING_TABLES": "0",
             "CARDTABLE_MAX_SOCKETS": "0"}


async def one_kill(cluster: LocalCluster, tables: int, think: float, seed: int, settle: float) -> dict[str, Any]:
    runs: list[TableRun] = []
    for k in range(tables):
        for j, (game, seats) in enumerate(KINDS):
            runs.append(create_table(cluster.url, game, seats, seed * 1000 + k * 10 + j))
    drill = Drill(cluster.url, runs, think=think, seed=seed)
    drill.start()
    await asyncio.sleep(settle)
    owners = lease_owners(cluster.db_url)
    running = [r for r in runs if not r.finished and r.table_id in owners]
    counts = collections.Counter(owners[r.table_id] for r in running)
    victim = counts.most_common(1)[0][0]
    killed_at = time.monotonic()
    cluster.kill(int(victim.removeprefix("node")))
    drill.mark_kill(killed_at, stored_moves(cluster.db_url, [r.table_id for r in runs]))
    moved = [r for r in running if owners[r.table_id] == victim]
    stayed = [r for r in running if owners[r.table_id] != victim]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not all(r.finished or r.first_after_kill is not None for r in running):
        await asyncio.sleep(0.2)
    await asyncio.sleep(1.0)  # a few more moves on the new owners before checking the database
    await drill.wait()
    problems = check_stored(cluster.db_url, runs)
    cluster.start_instance(int(victim.removeprefix("node")))  # back for the next round
    cluster.wait_instance(int(victim.removeprefix("node")))
    return {
        "victim": victim,
        "moved": [{"game": r.game, "seats": "with bots" if len(r.tokens) == 1 else "people", "table": r.table_id,
                   "seconds": None if r.first_after_kill is None else round(r.first_after_kill, 3),
                   "reconnects": r.reconnects} for r in moved],
        "others_seconds": [round(r.first_after_kill, 3) for r in stayed if r.first_after_kill is not None],
        "acknowledged_moves": sum(len(r.acked) for r in runs),
        "problems": problems,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--instances", type=int, default=3)
    parser.add_argument("--tables", type=int, default=2, help="tables of each kind (5 kinds; default 2)")
    parser.add_argument("--think", type=float, default=0.1, help="mean client think time in seconds (default 0.1)")
    parser.add_argument("--lease-ttl", type=float, default=5.0, help="lease of the instances (default 5)")
    parser.add_argument("--repeats", type=int, default=3, help="kills, each on fresh tables (default 3)")
    parser.add_argument("--settle", type=float, default=2.0, help="seconds played before the kill (default 2)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rounds = []
    with LocalCluster(args.instances, fsync=False, env=NO_LIMITS, lease_ttl=args.lease_ttl) as cluster:
        for repeat in range(args.repeats):
            print(f"[round {repeat + 1}/{args.repeats}] {args.tables * len(KINDS)} tables on {args.instances} "
                  f"instances ...", file=sys.stderr)
            rounds.append(asyncio.run(one_kill(cluster, args.tables, args.think, repeat + 1, args.settle)))
    times = [m["seconds"] for r in rounds for m in r["moved"] if m["seconds"] is not None]
    stuck = [m for r in rounds for m in r["moved"] if m["seconds"] is None]
    problems = [p for r in rounds for p in r["problems"]]
    summary = {
        "cpus": os.cpu_count(), "instances": args.instances, "lease_ttl": args.lease_ttl, "rounds": rounds,
        "moved_tables": len(times) + len(stuck),
        "failover_s": {"p50": round(statistics.median(times), 3) if times else None,
                       "max": max(times) if times else None, "mean": round(statistics.fmean(times), 3) if times else None},
        "tables_that_never_moved_again": len(stuck), "problems": problems,
    }
    if args.json:
        print(json.dumps(summary))
    else:
        print(f"cardtable cluster failover ({os.cpu_count()} CPUs, {args.instances} instances, lease {args.lease_ttl:g} s, "
              f"think {args.think:g} s)")
        for i, r in enumerate(rounds, 1):
            print(f"  round {i}: killed {r['victim']}; {r['acknowledged_moves']} acknowledged moves checked")
            for m in r["moved"]:
                shown = "NO MOVE" if m["seconds"] is None else f"{m['seconds']:.3f} s"
                print(f"    {m['game']:<16} ({m['seats']:<9}) {m['table']}: kill -> first accepted move {shown}"
                      f"  ({m['reconnects']} reconnects)")
            if r["others_seconds"]:
                print(f"    tables on other instances: next move after {statistics.median(r['others_seconds']):.3f} s "
                      f"(median of {len(r['others_seconds'])})")
        f = summary["failover_s"]
        print(f"  failover over {summary['moved_tables']} moved tables: p50 {f['p50']} s, mean {f['mean']} s, "
              f"max {f['max']} s; never moved again: {len(stuck)}; lost acknowledged moves: {len(problems)}")
        for p in problems[:5]:
            print(f"    {p}")
    return 1 if problems or stuck else 0


if __name__ == "__main__":
    raise SystemExit(main())
