"""Load test of the web table: many tables played at once over real WebSockets.

Why: the server's promise is that an action is committed, applied and broadcast quickly even with
many tables in play on a small machine. This script measures it end to end, the way browsers use
the server: it starts ``python -m cardtable.server`` on 127.0.0.1 (a temporary SQLite database unless
``--db`` is given), creates N tables through the HTTP API and plays them with WebSocket clients
(the ``websockets`` library) that answer every decision with a random legal option at once. When a
game ends its clients create a new table, until the time is up (hard stop: duration + 15 s).

Two set-ups (``--mode both`` runs one after the other, each on a fresh server):

* ``humans``: every table has 4 human seats, each driven by its own connection (4 per table);
* ``bots``:   every table has 1 human connection and 3 server-side bots (``--bot``, default random).

Latency is measured by the acting client, from sending ``act`` to receiving the ``state`` frame that
acknowledges it (the action was then validated, committed to the database and broadcast). Printed:
actions/s (client actions, and all actions the server applied including bot moves) and latency
p50/p95/p99/max in milliseconds. By default clients act with no think time, so this is the saturated case:
every table always has an action in flight and latency is mostly queueing (Little's law: tables /
throughput); ``--think S`` makes each client wait a uniform 0..2S seconds first, like a person. The
server's CPU time per action (from /proc, bots' processes included) is printed too: unlike latency it
hardly depends on what else the machine is running.

With ``--cluster N`` each mode is run twice in the same run, on one PostgreSQL server started for it
(cluster/launch.py): first against one ordinary instance (its own database), then against N cluster
instances behind HAProxy (docs/web.md, "Scaling"). The server CPU is then the sum over the instances
(bots included); PostgreSQL's and HAProxy's CPU are printed apart.

Usage::

    python benchmarks/server_load.py                      # 50 tables, 30 s, both modes
    python benchmarks/server_load.py --cluster 2 --mode humans   # one instance vs two behind HAProxy
    python benchmarks/server_load.py --tables 10 --duration 5 --mode humans
    python benchmarks/server_load.py --json               # one JSON object on stdout

Only loopback addresses are used. Progress goes to stderr, results to stdout.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

HOST = "127.0.0.1"

try:  # the load generator shares the machine with the server: parse frames as cheaply as possible
    from orjson import loads
except ImportError:
    loads = json.loads


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    client_actions: int = 0  # acknowledged, in the measured window
    server_actions: int = 0
    games: int = 0
    errors: list[str] = field(default_factory=list)


def tree_cpu_seconds(pid: int | None) -> float:
    """CPU time (user + system) used so far by ``pid`` and its descendants (Linux /proc; 0 elsewhere)."""
    if pid is None:
        return 0.0
    try:
        ticks = os.sysconf("SC_CLK_TCK")
        parents: dict[int, int] = {}
        used: dict[int, int] = {}
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rpartition(")")[2].split()
            except OSError:
                continue
            parents[int(entry)] = int(fields[1])
            used[int(entry)] = int(fields[11]) + int(fields[12])
    except (OSError, ValueError, AttributeError):
        return 0.0
    tree, frontier = {pid}, [pid]
    while frontier:
        parent = frontier.pop()
        for child, ppid in parents.items():
            if ppid == parent and child not in tree:
                tree.add(child)
                frontier.append(child)
    return sum(used.get(p, 0) for p in tree) / ticks


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


class ClusterServer:
    """N cluster instances behind HAProxy, with their own PostgreSQL (cluster/launch.py)."""

    def __init__(self, n: int, workdir: Path) -> None:
        from cardtable.server.cluster.launch import LocalCluster

        self.cluster = LocalCluster(n, workdir / f"cluster{n}", env=NO_LIMITS)
        self.cluster.start()
        self.base = self.cluster.url
        self.port = self.cluster.port
        self.db_url = self.cluster.db_url
        self.proc = None
        self.label = f"{n} instances behind HAProxy"

    def new_database(self, name: str) -> str:
        """A fresh database on the cluster's PostgreSQL (for a single instance to compare with)."""
        import psycopg

        with psycopg.connect(f"postgresql://postgres@{HOST}:{self.cluster.pg_port}/postgres", autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return f"postgresql+psycopg://postgres@{HOST}:{self.cluster.pg_port}/{name}"

    def server_pids(self) -> list[int]:
        return self.cluster.pids()

    def side_pids(self) -> dict[str, int]:
        return side_pids(self.cluster)

    def wait_ready(self) -> None:
        httpx.get(f"{self.base}/api/health", timeout=5).raise_for_status()

    def stop(self) -> None:
        self.cluster.stop()


def side_pids(cluster: Any) -> dict[str, int]:
    """PostgreSQL's postmaster and HAProxy, whose CPU a cluster run reports apart."""
    out: dict[str, int] = {}
    try:
        out["postgresql"] = int((cluster.dir / "pgdata" / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        pass
    if cluster.proxy is not None:
        out["haproxy"] = cluster.proxy.pid
    return out


NO_LIMITS = {"CARDTABLE_CREATE_RATE": "0", "CARDTABLE_JOIN_RATE": "0", "CARDTABLE_MAX_WAITING_TABLES": "0",
             "CARDTABLE_MAX_SOCKETS": "0"}


class AttachedServer:
    """A server someone else started (``--attach``): nothing to start or stop, no CPU figures."""

    def __init__(self, base: str) -> None:
        self.base = base.rstrip("/")
        self.port = int(self.base.rsplit(":", 1)[1])
        self.db_url = "(attached)"
        self.proc = None
        self.label = "attached server"

    def server_pids(self) -> list[int]:
        return []

    def side_pids(self) -> dict[str, int]:
        return {}

    def wait_ready(self) -> None:
        httpx.get(f"{self.base}/api/games", timeout=5).raise_for_status()

    def stop(self) -> None:
        pass


class Server:
    """``python -m cardtable.server`` in a subprocess on a free loopback port."""

    def __init__(self, db_url: str | None, workdir: Path, sides: dict[str, int] | None = None) -> None:
        self.port = free_port()
        self.label = "one instance"
        self._sides = sides or {}
        self.db_url = db_url or f"sqlite:///{workdir / f'load-{self.port}.db'}"
        self.log = open(workdir / f"server-{self.port}.log", "w")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "cardtable.server", "--host", HOST, "--port", str(self.port), "--db", self.db_url,
             "--log-level", "warning"],
            stdout=self.log, stderr=subprocess.STDOUT,
            # one client address plays every table: lift the per-client limits (docs/web.md, "Limits")
            env={**os.environ, **NO_LIMITS},
        )
        self.base = f"http://{HOST}:{self.port}"

    def server_pids(self) -> list[int]:
        return [self.proc.pid]

    def side_pids(self) -> dict[str, int]:
        return self._sides

    def wait_ready(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode}; see {self.log.name}")
            try:
                if httpx.get(f"{self.base}/api/games", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"the server did not answer within {timeout} s; see {self.log.name}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()


async def seat_client(url: str, stats: Stats, rng: random.Random, deadline: float, measure_from: float,
                      primary: bool, think: float) -> None:
    """Play one seat until the game ends or time is up.

    Only what happens after ``measure_from`` is counted; the ``primary`` connection of a table also
    counts every action the server applied there (its own, other seats' and bots').
    """
    sent_at: dict[int, float] = {}
    last_seq: int | None = None
    async with connect(url, max_size=2**20, compression=None, open_timeout=30) as ws:
        while time.monotonic() < deadline:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.05, deadline - time.monotonic()))
            except asyncio.TimeoutError:
                break
            frame = loads(raw)
            kind = frame["type"]
            if kind == "error":
                stats.errors.append(f"{frame['reason']}: {frame['message']}")
                continue
            if kind != "state":
                continue
            now = time.perf_counter()
            measuring = time.monotonic() >= measure_from
            seq = frame["seq"]
            if primary and last_seq is not None and seq > last_seq and measuring:
                stats.server_actions += seq - last_seq
            last_seq = seq if last_seq is None else max(last_seq, seq)
            sent = sent_at.pop(seq - 1, None)
            if sent is not None and measuring:
                stats.latencies.append(now - sent)
                stats.client_actions += 1
            if frame["status"] == "finished":
                if primary and measuring:
                    stats.games += 1
                return
            decision = frame["decision"]
            if decision is not None and seq not in sent_at and frame["status"] == "playing":
                action = rng.choice(decision["options"])
                if think > 0:  # a person looks at the table first (mean ``think`` seconds)
                    await asyncio.sleep(rng.uniform(0, 2 * think))
                sent_at[seq] = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "seq": seq, "action": action}))


async def table_loop(http: httpx.AsyncClient, ws_base: str, mode: str, bot: str, stats: Stats,
                     rng: random.Random, deadline: float, measure_from: float, think: float) -> None:
    """Create a table, play it to the end with its clients, repeat until the deadline."""
    seats = ["human"] * 4 if mode == "humans" else ["human", bot, bot, bot]
    while time.monotonic() < deadline:
        resp = await http.post("/api/tables", json={"game": "two-mists", "players": 4, "seats": seats,
                                                    "seed": rng.getrandbits(62), "practice": True})
        if resp.status_code != 201:
            stats.errors.append(f"create: {resp.status_code} {resp.text[:200]}")
            await asyncio.sleep(0.5)
            continue
        created = resp.json()
        urls = [f"{ws_base}/ws/tables/{created['table_id']}?token={s['token']}"
                for s in created["seats"] if "token" in s]
        results = await asyncio.gather(
            *(seat_client(u, stats, random.Random(rng.getrandbits(32)), deadline, measure_from, primary=i == 0,
                          think=think)
              for i, u in enumerate(urls)),
            return_exceptions=True)
        for r in results:
            if isinstance(r, BaseException):
                stats.errors.append(f"client: {type(r).__name__}: {r}")


async def run_mode(server: "Server | AttachedServer | ClusterServer", mode: str, tables: int, duration: float, bot: str, seed: int,
                   warmup: float, think: float = 0.0) -> dict[str, Any]:
    stats = Stats()
    rng = random.Random(seed)
    start = time.monotonic()
    measure_from = start + warmup
    deadline = start + warmup + duration
    ws_base = f"ws://{HOST}:{server.port}"
    limits = httpx.Limits(max_connections=tables, max_keepalive_connections=tables)
    cpu: dict[str, float] = {}

    pids, sides = server.server_pids(), server.side_pids()

    def sample(tag: str) -> None:
        cpu["server" + tag] = sum(tree_cpu_seconds(p) for p in pids)
        cpu["client" + tag] = time.process_time()
        for name, pid in sides.items():
            cpu[name + tag] = tree_cpu_seconds(pid)

    async def sample_cpu() -> None:
        await asyncio.sleep(max(0.0, measure_from - time.monotonic()))
        sample("0")
        await asyncio.sleep(max(0.0, deadline - time.monotonic()))
        sample("1")

    sampler = asyncio.create_task(sample_cpu())
    async with httpx.AsyncClient(base_url=server.base, timeout=30, limits=limits) as http:
        loops = [table_loop(http, ws_base, mode, bot, stats, random.Random(rng.getrandbits(32)), deadline,
                            measure_from, think) for _ in range(tables)]
        try:
            await asyncio.wait_for(asyncio.gather(*loops), timeout=warmup + duration + 15)
        except asyncio.TimeoutError:
            stats.errors.append("hard stop: clients still running 15 s after the deadline")
    await sampler
    elapsed = duration  # everything counted happened in the measured window
    server_cpu = cpu["server1"] - cpu["server0"]
    client_cpu = cpu["client1"] - cpu["client0"]
    lat_ms = [x * 1000 for x in stats.latencies]
    side_cpu = {name: round(cpu[name + "1"] - cpu[name + "0"], 2) for name in sides}
    return {
        "mode": mode,
        "server": server.label,
        "side_cpu_s": side_cpu,
        "side_cpu_ms_per_action": {name: round(1000 * v / stats.server_actions, 3) if stats.server_actions else None
                                   for name, v in side_cpu.items()},
        "tables": tables,
        "connections_per_table": 4 if mode == "humans" else 1,
        "bots": None if mode == "humans" else bot,
        "think_s": think,
        "seconds": round(elapsed, 2),
        "games_finished": stats.games,
        "client_actions": stats.client_actions,
        "server_actions": stats.server_actions,
        "client_actions_per_s": round(stats.client_actions / elapsed, 1),
        "server_actions_per_s": round(stats.server_actions / elapsed, 1),

        "latency_ms": {
            "p50": round(percentile(lat_ms, 50), 2), "p95": round(percentile(lat_ms, 95), 2),
            "p99": round(percentile(lat_ms, 99), 2), "max": round(max(lat_ms), 2) if lat_ms else float("nan"),
            "mean": round(statistics.fmean(lat_ms), 2) if lat_ms else float("nan"),
        },
        "server_cpu_s": round(server_cpu, 2),
        "server_cpu_ms_per_action": round(1000 * server_cpu / stats.server_actions, 3) if stats.server_actions else None,
        "client_cpu_s": round(client_cpu, 2),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "errors": len(stats.errors),
        "first_errors": stats.errors[:5],
    }


def format_result(r: dict[str, Any]) -> str:
    lat = r["latency_ms"]
    who = "4 human connections" if r["mode"] == "humans" else f"1 human connection + 3 '{r['bots']}' bots"
    if r["think_s"]:
        who += f", think {r['think_s']:g} s"
    sides = "".join(f", {name} {v} s ({r['side_cpu_ms_per_action'][name]} ms per action)"
                    for name, v in r.get("side_cpu_s", {}).items())
    return (f"{r['mode']:>6} on {r.get('server', 'one instance')}: {r['tables']} tables x {who}, measured {r['seconds']} s, "
            f"{r['games_finished']} games finished\n"
            f"        actions/s: {r['client_actions_per_s']} by clients, {r['server_actions_per_s']} applied by the "
            f"server (bot moves included)\n"
            f"        latency act -> state (ms): p50 {lat['p50']}  p95 {lat['p95']}  p99 {lat['p99']}  "
            f"max {lat['max']}  (n={r['client_actions']})\n"
            f"        CPU: server {r['server_cpu_s']} s ({r['server_cpu_ms_per_action']} ms per action), "
            f"load generator {r['client_cpu_s']} s{sides}; machine load average {r['load_average'][0]}\n"
            f"        errors: {r['errors']}" + (f"  e.g. {r['first_errors'][0]}" if r["first_errors"] else ""))


def compare_on_cluster(args: argparse.Namespace, mode: str, tmp: Path) -> list[dict[str, Any]]:
    """``mode`` on one instance, then on ``args.cluster`` instances behind HAProxy, on one PostgreSQL."""
    cluster = ClusterServer(args.cluster, tmp / mode)
    results = []
    try:
        single = Server(cluster.new_database("single"), tmp, sides=side_pids(cluster.cluster))
        try:
            single.wait_ready()
            print(f"[{mode}] one instance on PostgreSQL, {args.tables} tables for {args.warmup:g}+{args.duration:g} s ...",
                  file=sys.stderr)
            results.append(asyncio.run(run_mode(single, mode, args.tables, args.duration, args.bot, args.seed,
                                                args.warmup, args.think)))
        finally:
            single.stop()
        cluster.wait_ready()
        print(f"[{mode}] {args.cluster} instances behind HAProxy, {args.tables} tables ...", file=sys.stderr)
        results.append(asyncio.run(run_mode(cluster, mode, args.tables, args.duration, args.bot, args.seed,
                                            args.warmup, args.think)))
    finally:
        cluster.stop()
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50, help="tables played at once (default 50)")
    parser.add_argument("--duration", type=float, default=30.0, help="seconds measured per mode (default 30)")
    parser.add_argument("--warmup", type=float, default=2.0, help="seconds played before measuring (default 2)")
    parser.add_argument("--mode", choices=["humans", "bots", "both"], default="both")
    parser.add_argument("--bot", default="random", help="bot spec for the 'bots' mode (default random)")
    parser.add_argument("--think", type=float, default=0.0,
                        help="mean think time in seconds before each client action (default 0: saturated)")
    parser.add_argument("--db", default=None, help="database URL (default: a temporary SQLite file)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--attach", metavar="URL", default=None,
                        help="use a running server (http://127.0.0.1:PORT) instead of starting one (for profiling)")
    parser.add_argument("--cluster", type=int, default=0, metavar="N",
                        help="also run each mode against N cluster instances behind HAProxy, after one instance on "
                             "the same PostgreSQL (needs PostgreSQL and HAProxy; docs/web.md, 'Scaling')")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    args = parser.parse_args(argv)
    if args.tables < 1 or args.duration <= 0:
        parser.error("--tables must be >= 1 and --duration > 0")

    modes = ["humans", "bots"] if args.mode == "both" else [args.mode]
    results = []
    with tempfile.TemporaryDirectory(prefix="cardtable-load-") as tmp:
        if args.cluster:
            if args.attach or args.db:
                parser.error("--cluster starts its own PostgreSQL: leave out --attach and --db")
            os.chmod(tmp, 0o755)  # PostgreSQL runs as its own user when we are root: let it reach its directory
            for mode in modes:
                results += compare_on_cluster(args, mode, Path(tmp))
            modes = []
        for mode in modes:
            server: Server | AttachedServer = AttachedServer(args.attach) if args.attach else Server(args.db, Path(tmp))
            try:
                server.wait_ready()
                print(f"[{mode}] server on port {server.port} (db {server.db_url}), "
                      f"{args.tables} tables for {args.warmup:g}+{args.duration:g} s ...", file=sys.stderr)
                results.append(asyncio.run(run_mode(server, mode, args.tables, args.duration, args.bot,
                                                    args.seed, args.warmup, args.think)))
            finally:
                server.stop()
    if args.json:
        print(json.dumps({"cpus": os.cpu_count(), "results": results}))
    else:
        print(f"cardtable server load ({os.cpu_count()} CPUs, Python {sys.version.split()[0]})")
        for r in results:
            print(format_result(r))
    return 1 if any(r["errors"] for r in results) else 0


if __name__ == "__main__":
    raise SystemExit(main())
