"""Failover of a cluster on real processes: PostgreSQL, three instances, HAProxy (docs/web.md, "Scaling").

Card games and Two Mists are played through the proxy by clients that reconnect as the browser does;
in the middle of the games the instance that runs the most of them is killed with SIGKILL. Every game
must go on from where it was: each table it ran makes a move again (its sockets reconnected through
the proxy to another instance, which took the lease and rebuilt the table; bots resumed), no client
ever sees a table step back, and every move a client had acknowledged is in the database at its seq.
"""

from __future__ import annotations

import asyncio
import collections
import json
import time
import urllib.request
from typing import Any

from websockets.asyncio.client import connect

from cardtable.server.cluster.drill import Drill, TableRun, check_stored, create_table, lease_owners, stored_moves
from cardtable.server.cluster.launch import LocalCluster

TWO_MISTS = [["human"] * 4, ["human", "random", "random", "random"]]
CARD_GAMES = [("call-of-cthulhu", ["human", "random"]), ("million-arthur", ["human", "human"]),
              ("mythos", ["human", "random"]), ("call-of-cthulhu", ["human", "human"])]
NO_LIMITS = {"CARDTABLE_CREATE_RATE": "0", "CARDTABLE_JOIN_RATE": "0", "CARDTABLE_MAX_WAITING_TABLES": "0",
             "CARDTABLE_MAX_SOCKETS": "0"}


def test_killing_an_instance_mid_game_loses_no_acknowledged_move() -> None:
    with LocalCluster(3, fsync=False, env=NO_LIMITS, lease_ttl=3) as cluster:
        asyncio.run(_scenario(cluster))


async def _scenario(cluster: LocalCluster) -> None:
    seed = iter(range(1000, 2000))

    def new_tables(card: bool) -> list[TableRun]:
        if card:
            return [create_table(cluster.url, game, seats, next(seed)) for game, seats in CARD_GAMES]
        return [create_table(cluster.url, "two-mists", seats, next(seed)) for seats in TWO_MISTS]

    drill = Drill(cluster.url, new_tables(False) + new_tables(True), think=0.1)
    drill.start()
    # every table leased (its clients connected) and the victim runs at least one game of each kind
    for _ in range(8):
        await asyncio.sleep(1.0)
        owners = lease_owners(cluster.db_url)
        kinds: dict[str, set[bool]] = collections.defaultdict(set)
        for run in drill.runs:
            if run.table_id in owners and not run.finished:
                kinds[owners[run.table_id]].add(run.game == "two-mists")
        victim = max(kinds, key=lambda node: (len(kinds[node]), sum(owners.get(r.table_id) == node
                                                                     for r in drill.runs)), default=None)
        if victim is not None and len(kinds[victim]) == 2:
            break
        drill.start(new_tables(card=not any(True in k for k in kinds.values())))
    assert victim is not None and len(kinds[victim]) == 2, f"no instance runs both kinds of game: {dict(kinds)}"
    moved = [r for r in drill.runs if owners.get(r.table_id) == victim and not r.finished]
    killed_at = time.monotonic()
    cluster.kill(int(victim.removeprefix("node")))
    drill.mark_kill(killed_at, stored_moves(cluster.db_url, [r.table_id for r in drill.runs]))

    deadline = time.monotonic() + 45
    while time.monotonic() < deadline:
        await asyncio.sleep(0.5)
        if all(r.finished or (r.seq_at_kill is not None and r.max_seq >= r.seq_at_kill + 3) for r in moved):
            break
    await drill.wait()

    for run in moved:
        assert run.finished or run.first_after_kill is not None, (
            f"{run.game} {run.table_id} made no move after its instance was killed (seq {run.max_seq})")
        assert not run.errors, (run.game, run.errors)
    assert {r.game == "two-mists" for r in moved} == {True, False}
    assert check_stored(cluster.db_url, drill.runs) == []
    assert sum(len(r.acked) for r in moved) > 0
    now_owned = lease_owners(cluster.db_url)
    assert not any(now_owned.get(r.table_id) == victim for r in moved)


def _get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as resp:
        return json.loads(resp.read())


def test_every_instance_answers_the_same_lobby_and_spectator_counts() -> None:
    """A table runs on one instance; the lobby list (status, claimed seats, and the spectators, which only the
    owner sees connect: they travel by LISTEN/NOTIFY) and the table's summary read the same on both."""
    with LocalCluster(2, fsync=False, env=NO_LIMITS, lease_ttl=3) as cluster:
        table = create_table(cluster.url, "two-mists", ["human", "human", "random", "random"], 7)

        def seen_everywhere(expect: Any) -> None:
            deadline = time.monotonic() + 10
            while True:
                views = []
                for i in range(2):
                    listed = [t for t in _get(f"{cluster.instance_url(i)}/api/tables") if t["table_id"] == table.table_id]
                    one = _get(f"{cluster.instance_url(i)}/api/tables/{table.table_id}")
                    views += [(t["status"], [s["claimed"] for s in t["seats"]], t["watching"]) for t in listed]
                    views.append((one["status"], [s["claimed"] for s in one["seats"]], expect[2]))
                if all(v == expect for v in views) or time.monotonic() > deadline:
                    assert views == [expect] * 4
                    return
                time.sleep(0.1)

        async def scenario() -> None:
            ws_base = cluster.url.replace("http://", "ws://")
            seats = [f"{ws_base}/ws/tables/{table.table_id}?token={t}" for t in table.tokens]
            watch = f"{ws_base}/ws/tables/{table.table_id}?watch=1"
            async with connect(seats[0]) as _first, connect(watch) as spectator, connect(watch) as _second:
                await spectator.recv()
                await asyncio.to_thread(seen_everywhere, ("waiting", [True, False, True, True], 2))
                async with connect(seats[1]):
                    await spectator.close()
                    await asyncio.to_thread(seen_everywhere, ("playing", [True, True, True, True], 1))

        asyncio.run(scenario())


def _count_actions(db_url: str, table_id: str) -> int:
    from sqlalchemy import create_engine, text

    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            return int(conn.execute(text("SELECT count(*) FROM actions WHERE table_id = :t"), {"t": table_id}).scalar_one())
    finally:
        engine.dispose()


def test_a_bots_only_table_nobody_watches_is_adopted_after_its_instance_dies() -> None:
    """No socket brings a bots-only game back: once the dead owner's heartbeat is older than the lease, another
    instance's heartbeat adopts it, rebuilds it from the database, and its bots play on."""
    with LocalCluster(2, fsync=False, env=NO_LIMITS, lease_ttl=2) as cluster:
        table = create_table(cluster.url, "call-of-cthulhu", ["ismcts:300", "ismcts:300"], 11)
        deadline = time.monotonic() + 30
        while _count_actions(cluster.db_url, table.table_id) < 3 and time.monotonic() < deadline:
            time.sleep(0.2)
        owner = lease_owners(cluster.db_url)[table.table_id]
        cluster.kill(int(owner.removeprefix("node")))
        at_kill = _count_actions(cluster.db_url, table.table_id)
        assert _get(f"{cluster.url}/api/tables/{table.table_id}")["status"] == "playing", "the game ended too soon"
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if _count_actions(cluster.db_url, table.table_id) > at_kill + 2:
                break
            time.sleep(0.2)
        assert _count_actions(cluster.db_url, table.table_id) > at_kill + 2
        assert lease_owners(cluster.db_url)[table.table_id] not in (owner, None)
