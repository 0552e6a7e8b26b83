"""``ClusterTableManager``: the table manager of one instance among many sharing a PostgreSQL database.

Why a subclass: the single-process manager (tables.py) stays as it is; a cluster instance only
changes *which* tables it keeps live and when it lets one go.

* It keeps live only the tables whose lease it holds (leases.py). A table is leased on demand, when a
  request for it arrives (the proxy sends every request for a table to the same instance); a table in
  play that nobody leases, or whose owner's lease ran out, is adopted by the heartbeat so its bots go on.
* A request for a table another *live* instance owns asks that owner, over LISTEN/NOTIFY, to hand it
  over; the owner lets it go under the table's lock (so no move is half done), its sockets close with
  4503 and reconnect through the proxy, and this instance takes the lease and rebuilds the table from
  the database. If the owner is dead the lease is taken at once.
* The heartbeat renews the leases; a table whose lease was lost (this instance was too slow and
  another took it) is dropped the same way. Writes are fenced by the store, so a late write fails.
* Spectator counts are published by the owner (``watching`` events), so every instance's lobby says
  the same.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from dataclasses import dataclass

from starlette.websockets import WebSocket

from .. import frames
from ..botrun import BotRunner
from ..connections import Connection, spawn
from ..settings import ServerSettings
from ...registry import load_game
from ..tables import CLOSED_STATUSES, LiveTable, TableError, TableManager, rebuild_state
from ..tables import _check_version as check_version
from .bus import Bus
from .leases import FencedStore, LeaseLost

log = logging.getLogger("cardtable.server")

MOVED = "moved"  # the status of a table object this instance let go (no longer in ``tables``)
MOVED_CLOSE = 4503  # WebSocket close code: reconnect (the table runs elsewhere now); the client retries


@dataclass(frozen=True)
class ClusterSettings:
    """What makes a server one instance of a cluster (docs/web.md, "Scaling")."""

    instance_id: str  # unique among the running instances; names the leases it holds
    lease_ttl: float = 5.0  # seconds an instance counts as alive after its last heartbeat (a hung one's tables move after it)
    heartbeat: float = 1.0  # seconds between renewals (and adoption passes)
    handover_wait: float = 5.0  # seconds a request waits for a live owner to hand a table over
    adopt_batch: int = 50  # tables adopted per heartbeat at most

    def __post_init__(self) -> None:
        if not self.instance_id or len(self.instance_id) > 64 or not self.instance_id.replace("-", "").replace(
                "_", "").replace(".", "").isalnum():
            raise ValueError(f"instance id {self.instance_id!r}: use 1-64 letters, digits, '-', '_' or '.'")
        if not 0 < self.heartbeat < self.lease_ttl:
            raise ValueError(f"the heartbeat ({self.heartbeat:g} s) must be shorter than the lease "
                             f"({self.lease_ttl:g} s)")


class ClusterTableManager(TableManager):
    """A ``TableManager`` that holds a lease for every unfinished table it keeps live."""

    def __init__(self, store: FencedStore, bots: BotRunner, settings: ServerSettings | None,
                 cluster: ClusterSettings, db_url: str) -> None:
        super().__init__(store, bots, settings)
        self.fenced = store
        self.cluster = cluster
        self.me = cluster.instance_id
        self.bus = Bus(db_url, self.me, self._on_event)
        self._watching: dict[str, int] = {}  # table id -> spectators, as last published by its owner
        self._acquiring: set[str] = set()
        self._watch_dirty: dict[str, LiveTable] = {}  # spectator counts to publish
        self._watch_sending = False
        self._unused: set[str] = set()  # leases held but not live at the last beat
        self._created_by: dict[str, list[str]] = {}  # client address -> tables with human seats it made here
        self._heart: asyncio.Task[None] | None = None
        self.adopted = 0
        self.handed_over = 0

    # --- life cycle -------------------------------------------------------------------------------
    async def start(self) -> None:
        """Join the cluster: no table is rebuilt up front; they are leased on demand or adopted."""
        await self.store.run(self.store.create_schema)
        await self.bus.start()
        await self.store.run(self.fenced.beat)
        loop = asyncio.get_running_loop()
        self._heart = loop.create_task(self._heartbeat_forever())
        self._sweeper = loop.create_task(self._sweep_forever())
        log.info("cluster instance %s joined", self.me)

    async def stop(self) -> None:
        if self._heart is not None:
            self._heart.cancel()
            with contextlib.suppress(BaseException):
                await self._heart
        await super().stop()
        with contextlib.suppress(Exception):  # the others adopt our tables at once instead of after the lease
            await self.store.run(self.fenced.release_all)
        await self.bus.stop()

    @property
    def healthy(self) -> bool:
        return self.bus.healthy and not self._stopping

    # --- owning tables ----------------------------------------------------------------------------
    async def _load(self, table_id: str) -> LiveTable | None:
        """Lease the table (asking a live owner to hand it over) and build it from the database.

        The same as ``TableManager._load`` but with the lease taken first and every read done in one
        call off the event loop; a finished or expired table is read without a lease."""
        self._acquiring.add(table_id)
        try:
            loaded = await self.store.run(self.fenced.lease_and_read, table_id)
            if loaded.owner is not None:
                await self._handover(table_id)
                loaded = await self.store.run(self.fenced.lease_and_read, table_id)
                if loaded.owner is not None:
                    raise TableError(503, "table_busy", f"table {table_id} is being moved between servers; try again")
            row = loaded.row
            if row is None:
                return None
            game = load_game(row.game_id)
            try:
                if row.undealt:
                    check_version(row, game)
                    state = None
                else:
                    state = rebuild_state(row, loaded.actions, game)
            except TableError:
                raise
            except Exception as err:  # the stored game no longer replays (rules changed under it)
                raise TableError(409, "unplayable", f"table {table_id} cannot be rebuilt with this version of "
                                                    f"{row.game_id}: {err}") from None
            table = LiveTable(row, game, state, loaded.tokens, now=self.clock(), decks=loaded.decks)
            if row.status in CLOSED_STATUSES:
                if row.status != "expired":  # shown while watched, never written to
                    self.tables[table_id] = table
                return table
            self.tables[table_id] = table
            async with table.lock:
                await self._sync_status(table)
                self._kick_bots(table)
            if self._watching.get(table_id):  # a count left by the previous owner: this one starts afresh
                self._publish_watching(table)
            return table
        finally:
            self._acquiring.discard(table_id)

    async def _handover(self, table_id: str) -> None:
        """Ask the live owner of ``table_id`` to let it go, and wait (up to ``handover_wait``) until we hold it."""
        await self.store.run(self.fenced.notify, "cardtable_cluster", f"handover {table_id} {self.me}")
        deadline = time.monotonic() + self.cluster.handover_wait
        delay = 0.02
        while time.monotonic() < deadline:
            await asyncio.sleep(delay)
            delay = min(0.2, delay * 2)
            if await self.store.run(self.fenced.acquire, table_id) is None:
                return

    async def create_table(self, **kwargs):  # type: ignore[no-untyped-def]
        """As the base; a table with human seats is not kept here: the instance its players reach leases it.

        The cap on one client's waiting tables counts the tables it made here (the proxy sends a client's
        lobby requests to one instance) that the database still lists as waiting, wherever they live now."""
        client, cap = kwargs.get("client"), self.settings.max_waiting_tables
        if client is not None and cap and "human" in [str(s).strip().lower() for s in kwargs.get("seats") or []]:
            mine = self._created_by.setdefault(client, [])
            if len(mine) >= cap and await self.store.run(self.fenced.count_waiting, mine) >= cap:
                raise TableError(429, "too_many_waiting",
                                 f"your address already has {cap} tables waiting for players; start one of them "
                                 f"or wait for them to expire before creating another")
        table, admin, seats = await super().create_table(**kwargs)
        if "human" in table.row.seats:
            self.tables.pop(table.id, None)
            if client is not None and cap:
                mine = self._created_by.setdefault(client, [])
                mine.append(table.id)
                del mine[:-4 * cap]  # older ones have long started or expired
        return table, admin, seats

    async def expire_idle(self) -> list[str]:
        done = await super().expire_idle()
        unjoined = await self.store.run(self.fenced.expire_unjoined, self.settings.unjoined_ttl)
        if unjoined:
            log.info("expired %d table(s) nobody joined", len(unjoined))
        return done + unjoined

    async def release(self, table_id: str, lost: bool = False) -> None:
        """Let a table go (handed over, or its lease lost): stop its bot, close its sockets so that they
        reconnect through the proxy, forget it, and give up the lease."""
        table = self.tables.get(table_id)
        if table is None:  # not live here: a lease left from before a restart goes at once
            if not lost and table_id not in self._acquiring:
                await self.store.run(self.fenced.release, [table_id])
            return
        if table.status in CLOSED_STATUSES:
            return
        async with table.lock:
            if self.tables.get(table_id) is not table:
                return
            self._let_go(table)
            if not lost:
                await self.store.run(self.fenced.release, [table_id])
                self.handed_over += 1

    def _let_go(self, table: LiveTable) -> None:
        self.tables.pop(table.id, None)
        table.status = MOVED
        if table.bot_task is not None:
            table.bot_task.cancel()
            table.bot_task = None
        for conn in list(table.connections):
            table.connections.discard(conn)
            conn.close_soon(MOVED_CLOSE)

    async def _commit(self, table: LiveTable, action) -> None:  # type: ignore[no-untyped-def]
        try:
            await super()._commit(table, action)
        except LeaseLost:
            if self.tables.get(table.id) is table:
                self._let_go(table)
            raise

    def _kick_bots(self, table: LiveTable) -> None:
        if table.status == MOVED:
            return
        super()._kick_bots(table)

    # --- connections ------------------------------------------------------------------------------
    async def connect(self, table: LiveTable, ws: WebSocket, token: str | None) -> Connection:
        conn = await super().connect(table, ws, token)
        if table.status == MOVED:  # let go while this socket was being attached
            table.connections.discard(conn)
            conn.close_soon(MOVED_CLOSE)
        elif conn.seat is None:
            self._publish_watching(table)
        return conn

    async def disconnect(self, conn: Connection) -> None:
        await super().disconnect(conn)
        if conn.seat is None and conn.table.status != MOVED:
            self._publish_watching(conn.table)

    def watching(self, table_id: str) -> int:
        return self._watching.get(table_id, 0)

    def _publish_watching(self, table: LiveTable) -> None:
        """Tell every instance this table's spectator count. One sender sends the latest count of each table
        in turn, so counts cannot overtake each other on the way."""
        self._watch_dirty[table.id] = table
        if not self._watch_sending:
            self._watch_sending = True
            spawn(self._send_watching())

    async def _send_watching(self) -> None:
        try:
            while self._watch_dirty:
                table_id = next(iter(self._watch_dirty))
                table = self._watch_dirty.pop(table_id)
                count = 0 if table.status == MOVED else sum(1 for c in table.connections if c.seat is None)
                await self._notify(f"watching {table_id} {count}")
        finally:
            self._watch_sending = False

    async def _notify(self, payload: str) -> None:
        try:
            await self.store.run(self.fenced.notify, "cardtable_cluster", payload)
        except Exception as err:
            log.warning("cluster: could not publish %r (%s)", payload, err)

    async def _on_event(self, kind: str, table_id: str, value: str) -> None:
        if kind == "handover" and value != self.me:
            await self.release(table_id)
        elif kind == "watching":
            with contextlib.suppress(ValueError):
                count = int(value)
                if count:
                    self._watching[table_id] = count
                else:
                    self._watching.pop(table_id, None)

    # --- heartbeat --------------------------------------------------------------------------------
    async def _heartbeat_forever(self) -> None:
        while True:
            await asyncio.sleep(self.cluster.heartbeat * random.uniform(0.9, 1.1))
            try:
                await self._heartbeat()
            except asyncio.CancelledError:
                raise
            except Exception as err:  # database away: retried at the next beat; leases may run out meanwhile
                log.warning("cluster heartbeat failed (%s)", err)

    async def _heartbeat(self) -> None:
        # Live before the beat's read: a lease is always taken before its table goes live, so one of these
        # missing from ``held`` was taken over by another instance.
        before = {tid: t for tid, t in self.tables.items() if t.status not in CLOSED_STATUSES}
        held = await self.store.run(self.fenced.beat)
        for tid, table in before.items():
            if tid not in held and self.tables.get(tid) is table:
                log.warning("cluster: lost the lease of table %s; letting it go", tid)
                await self.release(tid, lost=True)
        # Leases of finished or forgotten tables: given up once seen unused at two beats in a row (a lease
        # being taken right now is not live yet at the first).
        live = {tid for tid, t in self.tables.items() if t.status not in CLOSED_STATUSES}
        unused = held - live - self._acquiring
        stale = unused & self._unused
        self._unused = unused - stale
        if stale:
            await self.store.run(self.fenced.release, sorted(stale))
        if not self.bus.healthy:
            return
        for tid in await self.store.run(self.fenced.adoptable, self.cluster.adopt_batch):
            if tid in self.tables or tid in self._acquiring:
                continue
            try:
                owner = await self.store.run(self.fenced.acquire, tid)
                if owner is None:
                    await self.get(tid)
                    self.adopted += 1
            except Exception as err:
                log.warning("cluster: could not adopt table %s (%s)", tid, err)


__all__ = ["ClusterSettings", "ClusterTableManager", "MOVED_CLOSE"]
