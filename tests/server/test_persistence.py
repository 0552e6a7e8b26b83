"""Persistence on SQLite and on a real PostgreSQL: commit before broadcast, restart, reconnect."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import create_engine, text

import cardtable
from cardtable.server.tables import LiveTable, TableManager

from .wsplay import create_table, is_state, make_client, play_first_legal, recv

SEATS = ["human", "heuristic", "random", "ismcts:15"]


class RowCounter:
    """Counts committed ``actions`` rows through a connection of its own."""

    def __init__(self, db_url: str) -> None:
        self.engine = create_engine(db_url)

    def __call__(self, table_id: str) -> int:
        with self.engine.connect() as conn:
            return int(conn.execute(text("SELECT count(*) FROM actions WHERE table_id = :t"),
                                    {"t": table_id}).scalar_one())

    def close(self) -> None:
        self.engine.dispose()


def test_every_action_is_committed_before_it_is_broadcast(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    counter = RowCounter(db_url)
    broadcasts: list[tuple[int, int]] = []
    original = TableManager._broadcast

    def checked_broadcast(self: TableManager, table: LiveTable) -> None:
        broadcasts.append((table.seq, counter(table.id)))  # what is on disk when frames go out
        original(self, table)

    monkeypatch.setattr(TableManager, "_broadcast", checked_broadcast)
    try:
        with make_client(db_url) as client:
            created = create_table(client, SEATS, seed=4)
            tid, token = created["table_id"], created["seats"][0]["token"]
            acks: list[tuple[int, int]] = []
            with client.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
                recv(ws)

                def on_ack(frame: dict[str, Any]) -> None:
                    acks.append((frame["seq"], counter(tid)))

                last, frames = play_first_legal(ws, on_ack=on_ack)
            assert [f["seq"] for f in frames if is_state(f)] == sorted(f["seq"] for f in frames if is_state(f))
            assert last["status"] == "finished"
            assert acks, "never acted"
            assert all(rows >= seq for seq, rows in acks), acks
            assert broadcasts and all(rows == seq for seq, rows in broadcasts), broadcasts
            assert counter(tid) == last["seq"]
            record = client.get(f"/api/tables/{tid}/record", params={"token": created["admin_token"]}).json()
        assert cardtable.replay(record).outcome.to_dict() == last["outcome"]  # type: ignore[union-attr]
    finally:
        counter.close()


def test_restart_rebuilds_table_and_token_gets_its_seat_back(db_url: str) -> None:
    # reference: the same table played without interruption
    with make_client(db_url) as client:
        ref = create_table(client, SEATS, seed=21)
        with client.websocket_connect(f"/ws/tables/{ref['table_id']}?token={ref['seats'][0]['token']}") as ws:
            recv(ws)
            ref_last, _ = play_first_legal(ws)
        ref_record = client.get(f"/api/tables/{ref['table_id']}/record",
                                params={"token": ref["admin_token"]}).json()

    with make_client(db_url) as client:
        created = create_table(client, SEATS, seed=21)
        tid, token = created["table_id"], created["seats"][0]["token"]
        with client.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
            recv(ws)
            before, _ = play_first_legal(ws, stop_after=2)
        assert before["status"] == "playing"
    # the server is gone (bots may have been stopped mid-move); a new one on the same database:
    with make_client(db_url) as client:
        summary = client.get(f"/api/tables/{tid}").json()
        assert summary["status"] == "playing" and summary["seats"][0]["claimed"] is True
        assert tid in client.app.state.manager.tables  # type: ignore[attr-defined]
        with client.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
            hello = recv(ws)
            assert hello["seat"] == 0
            last, frames = play_first_legal(ws)
            state = next(f for f in frames if is_state(f))
            assert state["seq"] >= before["seq"] and state["log_start"] == 0
        record = client.get(f"/api/tables/{tid}/record", params={"token": created["admin_token"]}).json()
    assert last["status"] == "finished"
    # bots are seeded from (table seed, seat, seq): the interrupted game is the same game
    assert record["actions"] == ref_record["actions"]
    assert last["outcome"] == ref_last["outcome"]


def test_waiting_table_and_claims_survive_restart(db_url: str) -> None:
    with make_client(db_url) as client:
        created = create_table(client, ["human", "random", "human"], seed=9, open_seats=[2])
        tid = created["table_id"]
        joined = client.post(f"/api/tables/{tid}/join").json()
        assert joined["seat"] == 2  # seat 0 is the creator's
    with make_client(db_url) as client:
        summary = client.get(f"/api/tables/{tid}").json()
        assert summary["status"] == "waiting" and summary["practice"] is True
        assert [s["claimed"] for s in summary["seats"]] == [False, True, True]
        assert [s["reserved"] for s in summary["seats"]] == [True, False, False]  # kept across the restart
        assert client.post(f"/api/tables/{tid}/join").json()["error"]["code"] == "no_free_seat"
        with client.websocket_connect(f"/ws/tables/{tid}?token={joined['token']}") as ws:
            assert recv(ws)["seat"] == 2
            assert recv(ws)["status"] == "waiting"
            with client.websocket_connect(f"/ws/tables/{tid}?token={created['seats'][0]['token']}") as mine:
                assert recv(mine)["seat"] == 0
                assert recv(ws)["status"] == "playing"
        assert client.get(f"/api/tables/{tid}").json()["status"] == "playing"
