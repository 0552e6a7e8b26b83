"""Does one client's flood of costly requests slow everyone else? p95 latency with and without it.

Why: a 20 KB deck list of misspelt names once took 0.4-1.2 s of fuzzy matching on the event loop, so
one anonymous client sending one a second took the lobby from ~30 ms to 1-3 s and a seat's ping from
1 ms to 1-3 s. Now such work runs in a worker process, capped per request and budgeted per client
(docs/web.md, "Limits"). This script starts ``python -m cardtable.server`` on 127.0.0.1 with a
temporary SQLite database and measures, for ``--duration`` seconds each:

* ``quiet``: nothing but the probes;
* ``flood``: ``--flooders`` connections posting worst-case deck imports back to back (20 KB of
  misspelt card names, and deck checks of the largest deck) with the server's per-client limits
  switched off (``deck_rate``, ``heavy_budget``, ``heavy_per_client`` = 0): the worker is busy all the
  time, so this shows that the loop is not;
* ``flood+limits``: the same flood against the default limits, which refuse most of it (429).

The probes are another client's requests: ``GET /api/games`` (lobby), a protocol ``ping`` over a seat's
WebSocket, and that seat's moves (``act`` to the acknowledging ``state`` frame) at a table against a
random bot. Printed: p50/p95/max in ms per probe and phase, and the flood's requests answered and
refused. Only loopback addresses are used; every loop is bounded by ``--duration``.

Usage::

    python benchmarks/server_flood.py                 # 10 s per phase
    python benchmarks/server_flood.py --duration 5 --json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

HOST = "127.0.0.1"
GAME = "call-of-cthulhu"
PROBE_EVERY = 0.05  # seconds between two probes of one kind


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def _start(tmp: Path, limits: list[str]) -> tuple[subprocess.Popen[str], str]:
    port = _free_port()
    args = [sys.executable, "-m", "cardtable.server", "--host", HOST, "--port", str(port),
            "--db", f"sqlite:///{tmp / f'flood-{port}.db'}", "--log-level", "warning"]
    for limit in limits:
        args += ["--limit", limit]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    proc.stdout.readline()
    base = f"http://{HOST}:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(f"{base}/api/games", timeout=2).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline:
            proc.kill()
            raise SystemExit("the server did not start")
        time.sleep(0.1)


def _misspelt_list(base: str) -> str:
    cards = httpx.get(f"{base}/api/games/{GAME}/deck-format", timeout=30).json()
    titles = sorted({c[cards["title_field"]] for c in httpx.get(f"{base}/api/games/{GAME}/cards", timeout=30)
                    .json()["cards"] if cards["title_field"] in c})
    lines, size, i = [], 0, 0
    while size < 19_500:
        line = f"1 {titles[i % len(titles)]}q{i}"
        lines.append(line)
        size += len(line) + 1
        i += 1
    return "\n".join(lines)


async def _flood(base: str, text: str, until: float, counts: dict[str, int]) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        while time.monotonic() < until:
            res = await http.post(f"/api/games/{GAME}/deck-import", json={"text": text})
            key = "refused" if res.status_code in (429, 503) else "answered"
            counts[key] = counts.get(key, 0) + 1
            if res.status_code in (429, 503):
                await asyncio.sleep(0.05)  # a refused flooder retries at once, but not in a busy spin


async def _probe_lobby(base: str, until: float, out: list[float]) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        while time.monotonic() < until:
            start = time.perf_counter()
            (await http.get("/api/games")).raise_for_status()
            out.append((time.perf_counter() - start) * 1000)
            await asyncio.sleep(PROBE_EVERY)


async def _probe_seat(base: str, until: float, pings: list[float], moves: list[float]) -> None:
    """Play a seat against a random bot, timing pings and moves; a new table when a game ends."""
    ws_base = base.replace("http://", "ws://")
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        while time.monotonic() < until:
            created = (await http.post("/api/tables", json={"game": GAME, "players": 2,
                                                            "seats": ["human", "random"]})).json()
            url = f"{ws_base}/ws/tables/{created['table_id']}?token={created['seats'][0]['token']}"
            async with connect(url, max_size=None) as ws:
                state: dict[str, Any] | None = None
                while time.monotonic() < until:
                    start = time.perf_counter()
                    await ws.send(json.dumps({"type": "ping"}))
                    while True:
                        frame = json.loads(await ws.recv())
                        if frame["type"] == "state":
                            state = frame
                        if frame["type"] == "pong":
                            break
                    pings.append((time.perf_counter() - start) * 1000)
                    if state is not None and state["status"] == "finished":
                        break
                    if state is not None and state["decision"] is not None:
                        start = time.perf_counter()
                        await ws.send(json.dumps({"type": "act", "seq": state["seq"],
                                                  "action": state["decision"]["options"][0]}))
                        seq = state["seq"]
                        while True:
                            frame = json.loads(await ws.recv())
                            if frame["type"] == "state" and frame["seq"] > seq:
                                state = frame
                                break
                        moves.append((time.perf_counter() - start) * 1000)
                    await asyncio.sleep(PROBE_EVERY)


def _summary(values: list[float]) -> dict[str, float]:
    if not values:
        return {"n": 0}
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return {"n": len(values), "p50": round(statistics.median(ordered), 1), "p95": round(p95, 1),
            "max": round(ordered[-1], 1)}


async def _phase(base: str, seconds: float, flooders: int, text: str) -> dict[str, Any]:
    until = time.monotonic() + seconds
    lobby: list[float] = []
    pings: list[float] = []
    moves: list[float] = []
    counts: dict[str, int] = {}
    tasks = [_probe_lobby(base, until, lobby), _probe_seat(base, until, pings, moves)]
    tasks += [_flood(base, text, until, counts) for _ in range(flooders)]
    await asyncio.wait_for(asyncio.gather(*tasks), seconds + 60)
    return {"lobby_ms": _summary(lobby), "ping_ms": _summary(pings), "move_ms": _summary(moves),
            "flood": counts}


def run(seconds: float, flooders: int) -> dict[str, Any]:
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="cardtable-flood-") as tmp:
        unlimited = ["deck_rate=0", "heavy_budget=0", "heavy_per_client=0", "create_rate=0", "max_waiting_tables=0"]
        for name, limits, flood in [("quiet", unlimited, 0), ("flood", unlimited, flooders),
                                    ("flood+limits", ["create_rate=0", "max_waiting_tables=0"], flooders)]:
            proc, base = _start(Path(tmp), limits)
            try:
                print(f"{name}: {seconds:g} s ...", file=sys.stderr, flush=True)
                results[name] = asyncio.run(_phase(base, seconds, flood, _misspelt_list(base)))
            finally:
                proc.terminate()
                try:
                    proc.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    proc.kill()
    return results


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=10.0, help="seconds per phase (default 10)")
    parser.add_argument("--flooders", type=int, default=2, help="connections flooding at once (default 2)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    results = run(args.duration, args.flooders)
    if args.json:
        print(json.dumps(results))
        return
    print(f"{'phase':<14} {'probe':<7} {'n':>5} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}   flood answered/refused")
    for phase, figures in results.items():
        flood = figures["flood"]
        said = f"{flood.get('answered', 0)}/{flood.get('refused', 0)}" if flood else "-"
        for probe in ("lobby_ms", "ping_ms", "move_ms"):
            s = figures[probe]
            print(f"{phase:<14} {probe[:-3]:<7} {s['n']:>5} {s.get('p50', '-'):>8} {s.get('p95', '-'):>8} "
                  f"{s.get('max', '-'):>8}   {said if probe == 'lobby_ms' else ''}")


if __name__ == "__main__":
    main()
