"""Failover drill: play several games through the proxy, kill an instance, check that every game goes on.

Why a module of its own (used by the failover test and ``benchmarks/cluster_failover.py``): both
need the same clients, which behave like the browser's (table.js): one WebSocket per human seat
through the proxy, a reconnect after any close that is not final, a random legal answer to every
decision after a short think. Each client remembers every move of its own that the server
acknowledged (a ``state`` frame past the seq it answered, with no refusal); after the run the drill
reads the database and checks that each acknowledged move is stored at its seq, and that no client
ever saw a table step back to an earlier seq after a reconnect.

The time from the kill to the first accepted move of each table is what failover costs its players.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

FINAL_CLOSE = {4403, 4404, 4409, 4410}  # as table.js: reconnecting cannot help


@dataclass
class TableRun:
    """One table of the drill and what its clients saw."""

    table_id: str
    game: str
    tokens: list[str]
    acked: dict[int, dict[str, Any]] = field(default_factory=dict)  # seq answered -> our acknowledged action
    max_seq: int = 0  # highest seq any client saw
    seq_at_kill: int | None = None
    first_after_kill: float | None = None  # seconds from the kill to the first state past seq_at_kill
    finished: bool = False
    rewinds: list[str] = field(default_factory=list)
    reconnects: int = 0
    errors: list[str] = field(default_factory=list)


def _post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(f"{base}{path}", data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.loads(resp.read())  # type: ignore[no-any-return]


def create_table(base: str, game: str, seats: list[str], seed: int) -> TableRun:
    """A practice table made through the proxy (a 502/503 is retried, as a person would click again)."""
    body = {"game": game, "players": len(seats), "seats": seats, "seed": seed, "practice": True}
    for attempt in range(4):
        try:
            created = _post(base, "/api/tables", body)
            break
        except urllib.error.HTTPError as err:
            if err.code not in (502, 503) or attempt == 3:
                raise
            time.sleep(0.5)
    tokens = [s["token"] for s in created["seats"] if "token" in s]
    return TableRun(created["table_id"], game, tokens)


class Drill:
    """Clients for ``runs`` against the proxy at ``base``; ``kill_at`` (monotonic) is set by the caller."""

    def __init__(self, base: str, runs: list[TableRun], think: float = 0.05, seed: int = 1) -> None:
        self.ws_base = base.replace("http://", "ws://")
        self.runs = runs
        self.think = think
        self.rng = random.Random(seed)
        self.kill_at: float | None = None
        self.stop = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []

    def mark_kill(self, at: float, stored: dict[str, int]) -> None:
        """The kill happened at ``at`` (monotonic); ``stored`` is each table's count of stored moves read
        just after it. A state frame past that count answers a move accepted after the kill (frames the
        dead instance sent before it, still on their way, do not count). Call it from the loop's thread
        with no await between the kill and this call."""
        self.kill_at = at
        for run in self.runs:
            run.seq_at_kill = stored.get(run.table_id, run.max_seq)

    def start(self, runs: list[TableRun] | None = None) -> None:
        """Start the clients of ``runs`` (default: all given so far; new ones are added to the drill)."""
        if runs is None:
            runs = self.runs
        else:
            self.runs += runs
        for run in runs:
            for token in run.tokens:
                self._tasks.append(asyncio.get_running_loop().create_task(
                    self._seat(run, token, random.Random(self.rng.getrandbits(32)))))

    async def wait(self, timeout: float = 30.0) -> None:
        """Stop every client and wait for them."""
        self.stop.set()
        await asyncio.wait_for(asyncio.gather(*self._tasks, return_exceptions=True), timeout)

    async def _seat(self, run: TableRun, token: str, rng: random.Random) -> None:
        url = f"{self.ws_base}/ws/tables/{run.table_id}?token={token}"
        backoff = 0.1
        while not self.stop.is_set() and not run.finished:
            try:
                async with connect(url, max_size=2**22, open_timeout=10, close_timeout=2) as ws:
                    backoff = 0.1
                    await self._session(ws, run, rng)
            except ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd is not None else None
                if code in FINAL_CLOSE:
                    run.errors.append(f"closed for good ({code})")
                    return
            except (OSError, InvalidStatus, asyncio.TimeoutError, TimeoutError):
                pass
            if self.stop.is_set() or run.finished:
                return
            run.reconnects += 1
            await asyncio.sleep(backoff * rng.uniform(0.8, 1.2))  # table.js waits longer; the drill is impatient
            backoff = min(1.0, backoff * 2)

    async def _session(self, ws: Any, run: TableRun, rng: random.Random) -> None:
        sent: tuple[int, dict[str, Any]] | None = None
        first = True
        async for raw in ws:
            if self.stop.is_set():
                return
            frame = json.loads(raw)
            if frame.get("type") == "error":
                sent = None  # refused (stale after a reconnect, say): not acknowledged
                continue
            if frame.get("type") != "state":
                continue
            seq = int(frame["seq"])
            if first:  # the state a (re)connected client starts from must not be behind anything acknowledged
                first = False
                behind = max(run.acked, default=-1) + 1
                if seq < behind:
                    run.rewinds.append(f"reconnected at seq {seq}, but seq {behind - 1} was acknowledged")
            if sent is not None and seq > sent[0]:
                run.acked[sent[0]] = sent[1]
                sent = None
            if seq > run.max_seq:
                run.max_seq = seq
                if (self.kill_at is not None and run.first_after_kill is None and run.seq_at_kill is not None
                        and seq > run.seq_at_kill):
                    run.first_after_kill = time.monotonic() - self.kill_at
            if frame["status"] == "finished":
                run.finished = True
                self.stop_if_done()
                return
            decision = frame.get("decision")
            if decision and frame["status"] == "playing" and (sent is None or sent[0] != seq):
                action = rng.choice(decision["options"])
                if self.think:
                    await asyncio.sleep(rng.uniform(0, 2 * self.think))
                sent = (seq, action)
                await ws.send(json.dumps({"type": "act", "seq": seq, "action": action}))

    def stop_if_done(self) -> None:
        if all(r.finished for r in self.runs):
            self.stop.set()


def check_stored(db_url: str, runs: list[TableRun]) -> list[str]:
    """Problems: an acknowledged move not stored at its seq (or another move there), a rewind."""
    from sqlalchemy import create_engine, text

    problems: list[str] = []
    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            for run in runs:
                stored = {int(r[0]): r[1] for r in conn.execute(
                    text("SELECT seq, action FROM actions WHERE table_id = :t"), {"t": run.table_id})}
                for seq, action in sorted(run.acked.items()):
                    if stored.get(seq) != action:
                        problems.append(f"{run.game} {run.table_id}: acknowledged move at seq {seq} is "
                                        f"{'missing' if seq not in stored else 'replaced'}")
                problems += [f"{run.game} {run.table_id}: {r}" for r in run.rewinds]
    finally:
        engine.dispose()
    return problems


def stored_moves(db_url: str, table_ids: list[str]) -> dict[str, int]:
    """table id -> the number of moves stored for it now."""
    from sqlalchemy import create_engine, text

    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(text("SELECT table_id, count(*) FROM actions WHERE table_id = ANY(:t) GROUP BY table_id"),
                                {"t": table_ids})
            counts = {r[0]: int(r[1]) for r in rows}
    finally:
        engine.dispose()
    return {t: counts.get(t, 0) for t in table_ids}


def lease_owners(db_url: str) -> dict[str, str]:
    """table id -> the instance holding its lease now."""
    from sqlalchemy import create_engine, text

    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            return {r[0]: r[1] for r in conn.execute(text("SELECT table_id, owner FROM table_leases"))}
    finally:
        engine.dispose()


__all__ = ["Drill", "TableRun", "check_stored", "create_table", "lease_owners", "stored_moves"]
