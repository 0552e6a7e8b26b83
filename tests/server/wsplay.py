"""Client-side helpers for driving the web table through Starlette's TestClient.

Every receive has a timeout (TestClient's own ``receive`` would block forever if the server never
answered, hanging the whole suite instead of failing one test).
"""

from __future__ import annotations

import json
from typing import Any, Callable

import anyio
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from cardtable.server import create_app
from cardtable.server.settings import ServerSettings

Frame = dict[str, Any]


def make_client(db_url: str, **kwargs: Any) -> TestClient:
    """A TestClient for a new app on ``db_url`` (bots in threads unless told otherwise).

    The server's settings are the defaults plus ``testserver`` (TestClient's ``Host``) as an allowed
    host; ``limits={...}`` overrides some of them.
    """
    kwargs.setdefault("bot_executor", "thread")
    limits = kwargs.pop("limits", {})
    kwargs.setdefault("settings", ServerSettings.load(limits, environ={}).with_hosts("testserver"))
    return TestClient(create_app(db_url, **kwargs))


def recv(ws: WebSocketTestSession, timeout: float = 15.0) -> Frame:
    """The next frame; raises ``WebSocketDisconnect`` if the server closed, ``TimeoutError`` if silent."""

    async def _receive() -> Any:
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()

    message = ws.portal.call(_receive)
    if message["type"] == "websocket.close":
        raise WebSocketDisconnect(code=message.get("code", 1000), reason=message.get("reason", ""))
    return json.loads(message["text"])  # type: ignore[no-any-return]


def recv_until(ws: WebSocketTestSession, pred: Callable[[Frame], bool], timeout: float = 15.0,
               seen: list[Frame] | None = None) -> Frame:
    """Frames until one satisfies ``pred`` (the ones before are appended to ``seen``)."""
    while True:
        frame = recv(ws, timeout)
        if pred(frame):
            return frame
        if seen is not None:
            seen.append(frame)


def is_state(frame: Frame) -> bool:
    return frame.get("type") == "state"


def my_turn(frame: Frame) -> bool:
    return is_state(frame) and frame["decision"] is not None


def sync(ws: WebSocketTestSession) -> list[Frame]:
    """Send a ping and collect every frame before the pong: all earlier frames have then arrived."""
    ws.send_json({"type": "ping"})
    before: list[Frame] = []
    recv_until(ws, lambda f: f.get("type") == "pong", seen=before)
    return before


def create_table(client: TestClient, seats: list[str], seed: int | None = 7, **extra: Any) -> Frame:
    """A table; with a ``seed`` (the default, for repeatable tests) it is a practice table."""
    body = {"game": "two-mists", "players": len(seats), "seats": seats, **extra}
    if seed is not None:
        body.update(seed=seed, practice=True)
    resp = client.post("/api/tables", json=body)
    assert resp.status_code == 201, resp.text
    return resp.json()  # type: ignore[no-any-return]


def count_actions(db_url: str, table_id: str) -> int:
    """Rows in ``actions`` as seen by a connection of our own (so only committed rows count)."""
    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            return int(conn.execute(text("SELECT count(*) FROM actions WHERE table_id = :t"), {"t": table_id}).scalar_one())
    finally:
        engine.dispose()


def play_first_legal(ws: WebSocketTestSession, on_ack: Callable[[Frame], None] | None = None,
                     stop_after: int | None = None, timeout: float = 30.0) -> tuple[Frame, list[Frame]]:
    """Answer every decision with its first option until the game ends (or ``stop_after`` own moves).

    ``on_ack`` is called with the state frame that acknowledges each of our actions. Returns the last
    state frame and every frame received.
    """
    frames: list[Frame] = []
    acted_seq: int | None = None
    moves = 0
    last: Frame = {}
    while True:
        try:
            frame = recv(ws, timeout)
        except TimeoutError:
            seen = [(f.get("type"), f.get("seq"), f.get("thinking"), f.get("decision") is not None) for f in frames]
            raise AssertionError(f"no frame for {timeout} s; acted at seq {acted_seq}; received {seen}") from None
        frames.append(frame)
        assert frame["type"] != "error", frame
        if not is_state(frame):
            continue
        last = frame
        if acted_seq is not None and frame["seq"] == acted_seq + 1 and on_ack is not None:
            on_ack(frame)
        if frame["status"] == "finished":
            return frame, frames
        if stop_after is not None and moves >= stop_after and acted_seq is not None and frame["seq"] > acted_seq:
            return last, frames
        if frame["decision"] is not None and frame["seq"] != acted_seq:
            acted_seq = frame["seq"]
            moves += 1
            ws.send_json({"type": "act", "seq": frame["seq"], "action": frame["decision"]["options"][0]})
