"""Every refusal of docs/protocol.md: the frame is answered with an error, the connection stays open,
and nothing changes (same seq, same state, same rows, no frame to anyone else)."""

from __future__ import annotations

import contextlib
import json
from typing import Any, Iterator

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from .wsplay import count_actions, create_table, make_client, recv, sync


class Table:
    """A three-human table with every seat connected, plus a spectator."""

    def __init__(self, client: TestClient, db_url: str, stack: contextlib.ExitStack) -> None:
        self.client, self.db_url = client, db_url
        created = create_table(client, ["human", "human", "human"], seed=13)
        self.tid = created["table_id"]
        self.tokens = [s["token"] for s in created["seats"]]
        self.ws = []
        for token in self.tokens:
            ws = stack.enter_context(client.websocket_connect(f"/ws/tables/{self.tid}?token={token}"))
            self.ws.append(ws)
        self.watcher = stack.enter_context(client.websocket_connect(f"/ws/tables/{self.tid}"))
        # A socket is open before the server has attached it to the table, and the last seat to connect
        # starts the game (a frame to the others): after a first round of pings every connection is
        # attached, after a second every frame caused by connecting has been drained.
        for _ in range(2):
            for ws in [*self.ws, self.watcher]:
                sync(ws)
        self.state = self.live().state
        self.actor = self.state.to_act
        assert self.actor is not None
        self.other = (self.actor + 1) % 3
        self.legal = self.state.legal_actions()[0].to_dict()

    def live(self) -> Any:
        return self.client.app.state.manager.tables[self.tid]  # type: ignore[attr-defined]

    def snapshot(self) -> tuple[int, dict[str, Any], int, dict[str, Any]]:
        live = self.live()
        with self.client.websocket_connect(f"/ws/tables/{self.tid}?token={self.tokens[self.actor]}") as ws:
            recv(ws)
            view = recv(ws)["view"]
        return live.seq, live.state.to_dict(), count_actions(self.db_url, self.tid), view

    def refused(self, ws: Any, frame: Any, reason: str) -> dict[str, Any]:
        """Send ``frame``; expect exactly one error frame back and silence on every other socket."""
        if isinstance(frame, bytes):
            ws.send_bytes(frame)
        else:
            ws.send_text(frame if isinstance(frame, str) else json.dumps(frame))
        got = sync(ws)
        assert len(got) == 1 and got[0]["type"] == "error", got
        assert got[0]["reason"] == reason, got[0]
        assert got[0]["message"]
        for other in [*self.ws, self.watcher]:
            if other is not ws:
                assert sync(other) == []
        return got[0]  # type: ignore[no-any-return]

    def act(self, seq: int, action: Any) -> dict[str, Any]:
        return {"type": "act", "seq": seq, "action": action}


@pytest.fixture
def table(sqlite_url: str) -> Iterator[Table]:
    with make_client(sqlite_url) as client, contextlib.ExitStack() as stack:
        yield Table(client, sqlite_url, stack)


def test_every_rejection_changes_nothing_and_keeps_the_connection(table: Table) -> None:
    t = table
    before = t.snapshot()
    actor_ws, other_ws = t.ws[t.actor], t.ws[t.other]
    mine = {**t.legal}
    other_seat_action = {"player": t.other, "kind": "take", "slot": "A1"}

    # stale: the frame answers another decision than the one pending
    t.refused(actor_ws, t.act(before[0] + 1, mine), "stale")
    t.refused(actor_ws, t.act(before[0] - 1, mine), "stale")
    # wrong seat: a spectator, or an action for a seat this connection does not hold
    t.refused(t.watcher, t.act(before[0], mine), "wrong_seat")
    t.refused(other_ws, t.act(before[0], mine), "wrong_seat")
    # not your turn: the seat holds no pending decision
    t.refused(other_ws, t.act(before[0], other_seat_action), "not_your_turn")
    # illegal, with the rule that forbids it
    err = t.refused(actor_ws, t.act(before[0], {"player": t.actor, "kind": "take", "slot": "Z9"}), "illegal")
    assert err["rule"]
    err = t.refused(actor_ws, t.act(before[0], {"player": t.actor, "kind": "fly"}), "illegal")
    assert err["rule"]
    # malformed frames
    for bad in ["{not json", "[1, 2]", "null", json.dumps({"type": "jump"}),
                json.dumps({"type": "act", "seq": before[0]}),
                json.dumps({**t.act(before[0], mine), "extra": 1}),
                json.dumps({"type": "act", "seq": str(before[0]), "action": mine}),
                json.dumps({"type": "act", "seq": before[0], "action": [1]}),
                json.dumps(t.act(before[0], {"player": "zero", "kind": "pass"})),
                json.dumps(t.act(before[0], {**mine, "weight": 1.5})),
                json.dumps({"type": "ping", "also": True}),
                b"\xff\xfe not utf-8"]:
        t.refused(actor_ws, bad, "malformed")
    assert "unknown field 'extra'" in t.refused(actor_ws, json.dumps({**t.act(before[0], mine), "extra": 1}),
                                                "malformed")["message"]
    # too large, even though the action inside is otherwise fine
    t.refused(actor_ws, json.dumps(t.act(before[0], {**mine, "pad": "x" * 17000})), "too_large")
    t.refused(actor_ws, "x" * 16 * 1024 + "y", "too_large")

    assert t.snapshot() == before

    # the connection is still open and the same action is now accepted
    actor_ws.send_json(t.act(before[0], mine))
    frames = sync(actor_ws)
    assert [f["type"] for f in frames] == ["state"] and frames[0]["seq"] == before[0] + 1


def test_forged_token_is_refused_with_4403(table: Table) -> None:
    before = table.snapshot()
    forged = table.tokens[0][:-2] + ("AA" if not table.tokens[0].endswith("AA") else "BB")
    for token in [forged, "nonsense", table.tokens[0] + "x"]:
        with table.client.websocket_connect(f"/ws/tables/{table.tid}?token={token}") as ws:
            frame = recv(ws)
            assert frame["type"] == "error" and frame["reason"] == "bad_token"
            with pytest.raises(WebSocketDisconnect) as closed:
                recv(ws)
            assert closed.value.code == 4403
    # a token of another table is just as unknown here
    other = create_table(table.client, ["human", "random", "random"])
    with table.client.websocket_connect(f"/ws/tables/{table.tid}?token={other['seats'][0]['token']}") as ws:
        assert recv(ws)["reason"] == "bad_token"
    assert table.snapshot() == before


def test_unknown_table_socket_is_closed(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        with client.websocket_connect("/ws/tables/nosuch") as ws:
            assert recv(ws)["reason"] == "not_found"
            with pytest.raises(WebSocketDisconnect) as closed:
                recv(ws)
            assert closed.value.code == 4404


def test_no_one_acts_while_the_table_waits(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        created = create_table(client, ["human", "human", "random"], seed=8)
        tid = created["table_id"]
        with client.websocket_connect(f"/ws/tables/{tid}") as watcher:
            recv(watcher)
            to_act = recv(watcher)["view"]["to_act"]
        seat = to_act if to_act in (0, 1) else 0
        with client.websocket_connect(f"/ws/tables/{tid}?token={created['seats'][seat]['token']}") as ws:
            recv(ws)
            first = recv(ws)
            assert first["status"] == "waiting" and first["decision"] is None
            action = (first["view"]["decision"] or {"options": [{"player": seat, "kind": "pass"}]})["options"][0]
            ws.send_json({"type": "act", "seq": 0, "action": action})
            err = sync(ws)
            assert len(err) == 1 and err[0]["reason"] == "not_your_turn" and "waiting" in err[0]["message"]
        assert count_actions(f"{sqlite_url}", tid) == 0


def test_finished_game_refuses_actions(sqlite_url: str) -> None:
    from .wsplay import play_first_legal

    with make_client(sqlite_url) as client:
        created = create_table(client, ["human", "random", "random"], seed=6)
        tid, token = created["table_id"], created["seats"][0]["token"]
        with client.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
            recv(ws)
            last, _ = play_first_legal(ws)
            ws.send_json({"type": "act", "seq": last["seq"], "action": {"player": 0, "kind": "pass"}})
            err = sync(ws)
            assert len(err) == 1 and err[0]["reason"] == "not_your_turn"
        assert count_actions(sqlite_url, tid) == last["seq"]
