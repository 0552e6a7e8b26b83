"""Invited seats are kept for their links; Join takes only seats the host left open (issue 22)."""

from __future__ import annotations

from typing import Any

from .wsplay import create_table, make_client, recv


def _error(res: Any, status: int, code: str) -> str:
    assert res.status_code == status, res.text
    assert res.json()["error"]["code"] == code, res.json()
    return str(res.json()["error"]["message"])


def test_join_never_takes_a_seat_whose_invite_link_was_sent(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        created = create_table(client, ["human", "human", "human"], seed=None)
        tid, friend_link = created["table_id"], created["seats"][1]["token"]
        seats = client.get(f"/api/tables/{tid}").json()["seats"]
        assert [(s["reserved"], s["open"]) for s in seats] == [(True, False)] * 3
        assert "kept for the player its invite link" in _error(
            client.post(f"/api/tables/{tid}/join", json={"seat": 1}), 409, "seat_reserved")
        _error(client.post(f"/api/tables/{tid}/join", json={}), 409, "no_free_seat")
        with client.websocket_connect(f"/ws/tables/{tid}?token={friend_link}") as ws:
            assert recv(ws)["seat"] == 1  # the friend's link still works: nobody took the seat


def test_the_host_leaves_seats_open_at_creation_or_opens_one_later(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        created = create_table(client, ["human", "human", "human", "random"], seed=None, open_seats=[2])
        tid, admin = created["table_id"], created["admin_token"]
        seats = client.get(f"/api/tables/{tid}").json()["seats"]
        assert [s["open"] for s in seats] == [False, False, True, False]
        assert client.post(f"/api/tables/{tid}/join", json={}).json()["seat"] == 2
        _error(client.post(f"/api/tables/{tid}/join", json={}), 409, "no_free_seat")
        # the friend of seat 1 did not come: the host opens the seat to anyone
        _error(client.post(f"/api/tables/{tid}/seats/1/open", json={"token": "not-the-admin"}), 403, "forbidden")
        _error(client.post(f"/api/tables/{tid}/seats/0/open", json={"token": admin}), 409, "seat_reserved")
        _error(client.post(f"/api/tables/{tid}/seats/3/open", json={"token": admin}), 422, "bad_seat")
        _error(client.post(f"/api/tables/{tid}/seats/2/open", json={"token": admin}), 409, "seat_taken")
        summary = client.post(f"/api/tables/{tid}/seats/1/open", json={"token": admin}).json()
        assert [s["open"] for s in summary["seats"]] == [False, True, False, False]
        joined = client.post(f"/api/tables/{tid}/join", json={}).json()
        assert joined["seat"] == 1 and joined["token"] != created["seats"][1]["token"]
    with make_client(sqlite_url) as client:  # opened seats are stored with the table
        seats = client.get(f"/api/tables/{tid}").json()["seats"]
        assert [s["claimed"] for s in seats] == [False, True, True, True]


def test_open_seats_must_be_other_human_seats(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        for open_seats, words in [([0], "creator's own seat"), ([2], "not a human seat"), ([5], "not a human seat")]:
            res = client.post("/api/tables", json={"game": "two-mists", "players": 3,
                                                   "seats": ["human", "human", "random"], "open_seats": open_seats})
            assert words in _error(res, 422, "bad_open_seats")
        assert client.get("/api/tables").json() == []  # nothing was created


def test_a_table_stored_before_open_seats_existed_keeps_its_seats_open(sqlite_url: str) -> None:
    """A table stored without the column (NULL) behaves as then: every human seat but the creator's is open."""
    from sqlalchemy import create_engine, text

    with make_client(sqlite_url) as client:
        tid = create_table(client, ["human", "human", "random"], seed=None)["table_id"]
    engine = create_engine(sqlite_url)
    with engine.begin() as conn:
        conn.execute(text("UPDATE tables SET open_seats = NULL WHERE id = :t"), {"t": tid})
    engine.dispose()
    with make_client(sqlite_url) as client:
        assert client.post(f"/api/tables/{tid}/join", json={}).json()["seat"] == 1
