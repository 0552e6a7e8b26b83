"""A database that refuses writes (a full disk): a clear error, nothing lost, one log line per burst.

And durability: SQLite runs in WAL mode with ``synchronous=FULL``, so an acknowledged move is on disk.
"""

from __future__ import annotations

import logging
import sqlite3
from typing import Any

import pytest
from sqlalchemy import event

from cardtable.server.store import Store

from .wsplay import create_table, make_client, my_turn, recv, recv_until, sync

DISK_FULL = "database or disk is full"


def _disk_full(*_: Any, **__: Any) -> None:
    raise sqlite3.OperationalError(DISK_FULL)


def test_a_full_disk_refuses_moves_clearly_loses_nothing_and_logs_once(
        sqlite_url: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="cardtable.server")
    with make_client(sqlite_url) as client:
        created = create_table(client, ["human", "random", "random"], seed=5)
        tid, token = created["table_id"], created["seats"][0]["token"]
        with client.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
            frame = recv_until(ws, my_turn)
            seq, option = frame["seq"], frame["decision"]["options"][0]
            with monkeypatch.context() as m:
                m.setattr(Store, "_append_sqlite", staticmethod(_disk_full))
                for _ in range(5):
                    ws.send_json({"type": "act", "seq": seq, "action": option})
                    error = recv(ws)
                    assert error["type"] == "error" and error["reason"] == "internal", error
                    assert DISK_FULL in error["message"] and "nothing changed" in error["message"]
                assert not [f for f in sync(ws) if f.get("type") == "state"]  # no move was applied
            ws.send_json({"type": "act", "seq": seq, "action": option})  # the disk has room again
            ack = recv_until(ws, lambda f: f.get("type") == "state" and f["seq"] > seq)
            assert ack["seq"] == seq + 1
    # Read from the database as its operator could: no token gets the record of an unfinished game.
    store = Store(sqlite_url)
    try:
        record = {"actions": store.actions(tid)}
    finally:
        store.close()
    assert record["actions"][seq] == option and len(record["actions"]) >= seq + 1  # nothing lost or doubled
    said = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert [r.levelname for r in said] == ["ERROR", "WARNING"], [r.getMessage() for r in said]
    assert DISK_FULL in said[0].getMessage() and "work again" in said[1].getMessage()
    assert all(r.exc_info is None for r in caplog.records), "a traceback was logged"


def test_a_full_disk_on_table_creation_is_a_503_without_a_traceback(
        sqlite_url: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="cardtable.server")
    with make_client(sqlite_url) as client:
        store: Store = client.app.state.store  # type: ignore[attr-defined]

        def refuse_inserts(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
            if statement.lstrip().upper().startswith("INSERT"):
                raise sqlite3.OperationalError(DISK_FULL)

        event.listen(store.engine, "before_cursor_execute", refuse_inserts)
        try:
            for _ in range(3):
                resp = client.post("/api/tables", json={"game": "two-mists", "players": 3,
                                                        "seats": ["human", "random", "random"]})
                assert resp.status_code == 503 and resp.json()["error"]["code"] == "unavailable"
                assert DISK_FULL in resp.json()["error"]["message"] and resp.headers["retry-after"]
        finally:
            event.remove(store.engine, "before_cursor_execute", refuse_inserts)
        assert client.get("/api/tables").json() == []
        create_table(client, ["human", "random", "random"])
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and errors[0].exc_info is None


def test_sqlite_commits_are_durable_wal_with_synchronous_full(sqlite_url: str) -> None:
    store = Store(sqlite_url)
    try:
        with store.engine.connect() as conn:
            raw = conn.connection.cursor()
            assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
            assert raw.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    finally:
        store.close()
