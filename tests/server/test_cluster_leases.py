"""Cluster mode's table leases on a real PostgreSQL (docs/web.md, "Scaling").

Each live table is owned by exactly one instance: the lease is taken by one conditional statement,
so instances racing for a table never both get it; a live owner keeps it; a dead owner (its
liveness lock gone with its connection) or one whose lease ran out loses it; and an instance that
lost a lease cannot write a move to that table any more (the fence), so nothing acknowledged by the
new owner can be overwritten and no old owner's move slips in after the takeover.
"""

from __future__ import annotations

import asyncio
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Iterator

import psycopg
import pytest
from sqlalchemy import text

from cardtable.server.botrun import BotRunner
from cardtable.server.cluster import ClusterSettings
from cardtable.server.cluster.bus import libpq_url
from cardtable.server.cluster.leases import LOCK_CLASS, FencedStore, LeaseLost
from cardtable.server.cluster.manager import ClusterTableManager
from cardtable.server.store import PendingAction, TableRow, utcnow


def _alive(db_url: str, instance: str, store: FencedStore | None = None) -> psycopg.Connection:  # type: ignore[type-arg]
    """What an instance does to say it is alive: hold its advisory lock on a session of its own (bus.py) and
    beat (its ``cluster_instances`` row)."""
    if store is not None:
        store.beat()
    conn = psycopg.connect(libpq_url(db_url), autocommit=True)
    assert conn.execute("SELECT pg_try_advisory_lock(%s, hashtext(%s))", (LOCK_CLASS, instance)).fetchone() == (True,)
    return conn


def _row(table_id: str, seats: list[str] | None = None) -> TableRow:
    return TableRow(id=table_id, name=table_id, game_id="two-mists", game_version="1", card_sets={}, players=4,
                    options={}, seed=1, seats=seats or ["human"] * 4, admin_token_hash="x" * 64, status="playing",
                    created=utcnow())


@pytest.fixture
def two_stores(pg_url: str) -> Iterator[tuple[FencedStore, FencedStore]]:
    a, b = FencedStore(pg_url, "a", ttl=30), FencedStore(pg_url, "b", ttl=30)
    a.create_schema()
    yield a, b
    a.close()
    b.close()


def test_two_instances_racing_for_tables_never_both_own_one(pg_url: str, two_stores: tuple[FencedStore, FencedStore]) -> None:
    """40 tables, both instances ask for each at the same moment (a barrier per table): exactly one wins each,
    and the lease row names the winner."""
    a, b = two_stores
    live = [_alive(pg_url, "a", a), _alive(pg_url, "b", b)]
    ids = [f"race{i:02d}" for i in range(40)]
    for tid in ids:
        a.insert_table(_row(tid), {})
    results: dict[str, dict[str, str | None]] = {tid: {} for tid in ids}
    barriers = {tid: threading.Barrier(2) for tid in ids}

    def contend(store: FencedStore) -> None:
        for tid in ids:
            barriers[tid].wait()
            results[tid][store.me] = store.acquire(tid)

    with ThreadPoolExecutor(2) as pool:
        for f in [pool.submit(contend, a), pool.submit(contend, b)]:
            f.result()
    with a.engine.connect() as conn:
        owners = dict(conn.execute(text("SELECT table_id, owner FROM table_leases")).all())
    for tid in ids:
        winners = [me for me, other in results[tid].items() if other is None]
        assert len(winners) == 1, (tid, results[tid])
        loser = "b" if winners[0] == "a" else "a"
        assert results[tid][loser] == winners[0]  # the loser is told who owns it
        assert owners[tid] == winners[0]
    for conn in live:
        conn.close()


def test_a_live_owner_keeps_its_table_and_a_dead_one_loses_it_at_once(pg_url: str,
                                                                        two_stores: tuple[FencedStore, FencedStore]) -> None:
    a, b = two_stores
    a.insert_table(_row("t1"), {})
    a_alive, _b_alive = _alive(pg_url, "a", a), _alive(pg_url, "b", b)
    assert a.acquire("t1") is None
    assert b.acquire("t1") == "a"  # a is alive and its heartbeat counts 30 s more
    a_alive.close()  # a's process dies: PostgreSQL drops its lock with the session
    time.sleep(0.2)
    assert b.acquire("t1") is None  # long before the lease would have run out
    assert a.acquire("t1") == "b"


def test_the_tables_of_an_instance_whose_heartbeat_stopped_can_be_taken(pg_url: str) -> None:
    a, b = FencedStore(pg_url, "a", ttl=0.5), FencedStore(pg_url, "b", ttl=0.5)
    try:
        a.create_schema()
        a.insert_table(_row("t2"), {})
        conns = [_alive(pg_url, "a", a), _alive(pg_url, "b", b)]  # both alive: a hangs, it does not die
        assert a.acquire("t2") is None
        assert b.acquire("t2") == "a"
        time.sleep(0.7)
        assert b.acquire("t2") is None
        assert a.beat() == set()  # a learns at its next heartbeat that it owns nothing
        for conn in conns:
            conn.close()
    finally:
        a.close()
        b.close()


def test_an_instance_that_lost_a_table_cannot_write_to_it(pg_url: str, two_stores: tuple[FencedStore, FencedStore]) -> None:
    """The fence: after b took the table over, a's move is refused (LeaseLost) and not stored; b's is."""
    a, b = two_stores
    a.insert_table(_row("t3"), {})
    a_alive, _b_alive = _alive(pg_url, "a", a), _alive(pg_url, "b", b)
    assert a.acquire("t3") is None
    a.append_actions([PendingAction("t3", 0, {"by": "a"})])
    a_alive.close()
    time.sleep(0.2)
    assert b.acquire("t3") is None
    with pytest.raises(LeaseLost):
        a.append_actions([PendingAction("t3", 1, {"by": "a"})])
    b.append_actions([PendingAction("t3", 1, {"by": "b"})])
    assert b.actions("t3") == [{"by": "a"}, {"by": "b"}]


def test_a_bots_only_table_is_leased_by_its_creator_in_the_same_transaction(two_stores: tuple[FencedStore, FencedStore]) -> None:
    a, b = two_stores
    a.insert_table(_row("bots", ["random"] * 4), {})
    a.insert_table(_row("humans"), {})
    with a.engine.connect() as conn:
        owners = dict(conn.execute(text("SELECT table_id, owner FROM table_leases")).all())
    assert owners == {"bots": "a"}


def test_two_managers_asking_for_one_table_at_once_end_with_one_owner(pg_url: str) -> None:
    """Two instances' managers (real buses, handover over LISTEN/NOTIFY) load the same table concurrently:
    at every check afterwards exactly one keeps it live, and it is the lease's owner."""

    async def scenario() -> None:
        cluster = [ClusterSettings(name, lease_ttl=3, heartbeat=0.5) for name in ("m1", "m2")]
        managers = []
        for settings in cluster:
            store = FencedStore(pg_url, settings.instance_id, settings.lease_ttl)
            managers.append(ClusterTableManager(store, BotRunner("thread"), None, settings, pg_url))
        for m in managers:
            await m.start()
        try:
            table, _, _ = await managers[0].create_table(game_id="two-mists", players=4, seats=["human"] * 4,
                                                         options=None, seed=None, name=None)
            tid = table.id
            got = await asyncio.gather(*(m.get(tid) for m in managers), return_exceptions=True)
            assert any(not isinstance(g, BaseException) for g in got), got
            await asyncio.sleep(0.3)
            with managers[0].fenced.engine.connect() as conn:
                lease_owner = conn.execute(text("SELECT owner FROM table_leases WHERE table_id = :t"), {"t": tid}).scalar()
            holders = [m.me for m in managers if tid in m.tables]
            assert holders == [lease_owner], (holders, lease_owner)
        finally:
            for m in managers:
                await m.stop()
                m.store.close()
                m.bots.close()

    asyncio.run(scenario())


def test_tables_nobody_joined_expire_although_no_instance_keeps_them(two_stores: tuple[FencedStore, FencedStore]) -> None:
    """A table with human seats lives on no instance until someone comes: the store's sweep expires it after
    ``unjoined_ttl``, unless a seat was claimed or an instance holds it."""
    from datetime import timedelta

    from cardtable.server.store import PendingClaim

    a, _ = two_stores
    old = utcnow() - timedelta(hours=2)
    for tid in ("lonely", "joined", "leased", "fresh"):
        row = _row(tid)
        a.insert_table(TableRow(**{**{f: getattr(row, f) for f in row.__slots__}, "status": "waiting",
                                   "created": utcnow() if tid == "fresh" else old}), {0: "h" * 64})
    a.acquire("joined")
    a.append_actions([PendingClaim("joined", 0)])
    a.release(["joined"])
    a.acquire("leased")
    assert a.expire_unjoined(3600) == ["lonely"]
    assert a.get_table("lonely").status == "expired"  # type: ignore[union-attr]
    assert {a.get_table(t).status for t in ("joined", "leased", "fresh")} == {"waiting"}  # type: ignore[union-attr]


def test_the_cap_on_waiting_tables_counts_tables_that_left_the_instance(pg_url: str) -> None:
    """A cluster instance keeps no table with human seats after creating it, yet one client still gets at most
    ``max_waiting_tables`` of them waiting (docs/web.md, "Limits")."""
    from cardtable.server.settings import ServerSettings
    from cardtable.server.tables import TableError

    async def scenario() -> None:
        settings = ClusterSettings("capped", lease_ttl=3, heartbeat=0.5)
        store = FencedStore(pg_url, "capped", 3)
        manager = ClusterTableManager(store, BotRunner("thread"), ServerSettings.load({"max_waiting_tables": 2},
                                                                                      environ={}), settings, pg_url)
        await manager.start()
        try:
            make = dict(game_id="two-mists", players=4, seats=["human"] * 4, options=None, seed=None, name=None,
                        client="10.0.0.9")
            for _ in range(2):
                await manager.create_table(**make)
            assert not manager.tables
            with pytest.raises(TableError) as refused:
                await manager.create_table(**make)
            assert (refused.value.status, refused.value.code) == (429, "too_many_waiting")
            await manager.create_table(**{**make, "client": "10.0.0.10"})  # another client is not held back
        finally:
            await manager.stop()
            store.close()
            manager.bots.close()

    asyncio.run(scenario())


def test_an_instance_that_loses_its_connection_reports_unhealthy_then_reconnects(pg_url: str) -> None:
    """The proxy's health check (``healthy``) says no while the instance's own PostgreSQL session (its
    liveness lock and LISTEN) is gone, and yes again once it is back."""

    async def scenario() -> None:
        settings = ClusterSettings("flaky", lease_ttl=3, heartbeat=0.5)
        store = FencedStore(pg_url, "flaky", 3)
        manager = ClusterTableManager(store, BotRunner("thread"), None, settings, pg_url)
        await manager.start()
        try:
            assert manager.healthy
            with psycopg.connect(libpq_url(pg_url), autocommit=True) as admin:
                admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = %s",
                              ("cardtable:flaky",))
            seen = set()
            for _ in range(60):
                seen.add(manager.healthy)
                if seen == {True, False} and manager.healthy:
                    break
                await asyncio.sleep(0.1)
            assert seen == {True, False} and manager.healthy
        finally:
            await manager.stop()
            store.close()
            manager.bots.close()

    asyncio.run(scenario())


def test_cluster_settings_are_checked_before_the_server_starts(pg_url: str, tmp_path: Any) -> None:
    """``--instance-id`` needs PostgreSQL, a usable id, and an id no running instance holds: each mistake is
    one line (``ServeError``), not a failed start-up."""
    from cardtable.server import cluster_settings
    from cardtable.server.cluster.bus import InstanceTaken, check_instance_free
    from cardtable.server.startup import ServeError

    assert cluster_settings(None, 5.0, f"sqlite:///{tmp_path / 'x.db'}") is None  # one process, as ever
    with pytest.raises(ServeError, match="PostgreSQL"):
        cluster_settings("node0", 5.0, f"sqlite:///{tmp_path / 'x.db'}")
    with pytest.raises(ServeError, match="instance id"):
        cluster_settings("no spaces", 5.0, pg_url)
    assert cluster_settings("node0", 5.0, pg_url).instance_id == "node0"
    holder = _alive(pg_url, "node0")
    with pytest.raises(InstanceTaken, match="node0"):
        check_instance_free(pg_url, "node0", attempts=2)
    holder.close()
    time.sleep(0.2)
    check_instance_free(pg_url, "node0", attempts=2)
