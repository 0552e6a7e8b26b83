"""Table sockets outlive every HTTP deadline, on a real ``cardtable serve`` process (issue 22).

The HTTP deadlines (``header_timeout``, ``body_timeout``, ``keep_alive_timeout``) guard requests; a
WebSocket upgrade ends them. Once, the body deadline was armed again after the upgrade and closed
every table socket 30 seconds after it opened. Here the server runs with one-second deadlines and
the tests hold sockets open for several times the longest of them: a seat that keeps playing, a
seat and a spectator that stay idle (answering only the server's pings), and plain HTTP traffic in
between. Oversized messages, whole or fragmented, are closed with 1009.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import socket
import struct
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterator

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

DEADLINE = 1.0  # every HTTP deadline of the server under test, in seconds
HOLD = 3.5 * DEADLINE  # how long each socket is held: well past every deadline, three times over


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``cardtable serve`` with one-second header, body and keep-alive deadlines; yields its base URL."""
    tmp = tmp_path_factory.mktemp("lifetime")
    port = _free_port()
    log = open(tmp / "server.log", "w")
    limits = [f"--limit={name}={DEADLINE:g}" for name in ("header_timeout", "body_timeout", "keep_alive_timeout")]
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardtable", "serve", "--port", str(port), "--db", f"sqlite:///{tmp / 's.db'}",
         *limits], stdout=subprocess.PIPE, stderr=log, text=True)
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == f"cardtable table: http://127.0.0.1:{port}/"
        base = f"127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"http://{base}/api/games", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "the server did not answer"
            time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


def _table(base: str, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    resp = httpx.post(f"http://{base}/api/tables", json={"game": game, "players": len(seats), "seats": seats,
                                                         "seed": 11, "practice": True, **extra}, timeout=30)
    assert resp.status_code == 201, resp.text
    return resp.json()  # type: ignore[no-any-return]


def _socket(base: str, table: dict[str, Any], token: str | None) -> ClientConnection:
    query = f"?token={token}" if token else "?watch=1"
    return connect(f"ws://{base}/ws/tables/{table['table_id']}{query}", open_timeout=10, max_size=None)


def _recv(ws: ClientConnection, timeout: float = 20.0) -> dict[str, Any]:
    return json.loads(ws.recv(timeout=timeout))  # type: ignore[no-any-return]


def _ping(ws: ClientConnection) -> dict[str, Any] | None:
    """A protocol ping answered by a pong; returns the last ``state`` frame read on the way (if any)."""
    ws.send(json.dumps({"type": "ping"}))
    last = None
    while True:
        frame = _recv(ws)
        assert frame.get("type") != "error", frame
        if frame.get("type") == "pong":
            return last
        if frame.get("type") == "state":
            last = frame


@pytest.mark.parametrize("game,bots", [("two-mists", 2), ("call-of-cthulhu", 1)])
def test_a_busy_seat_and_idle_sockets_outlive_every_http_deadline(server: str, game: str, bots: int) -> None:
    """Issue 22: a seat that plays against bots, a spectator of its table and an idle seat of a table still
    waiting for a friend are all open, and answer, after 3.5 times the longest HTTP deadline."""
    table = _table(server, game, ["human"] + ["random"] * bots)
    waiting = _table(server, game, ["human"] * (bots + 1))
    with _socket(server, table, table["seats"][0]["token"]) as busy, _socket(server, table, None) as spectator, \
            _socket(server, waiting, waiting["seats"][0]["token"]) as idle:
        start = time.monotonic()
        pings = moves = 0
        acted: int | None = None
        while time.monotonic() - start < HOLD:
            state = _ping(busy)
            pings += 1
            if state is not None and state["decision"] is not None and state["seq"] != acted:
                acted = state["seq"]  # play whenever the busy seat is asked: a socket in real use
                busy.send(json.dumps({"type": "act", "seq": state["seq"], "action": state["decision"]["options"][0]}))
                moves += 1
            # HTTP traffic around the sockets: keep-alive connections come and go meanwhile
            assert httpx.get(f"http://{server}/api/tables/{table['table_id']}", timeout=10).status_code == 200
            time.sleep(0.2)
        assert pings > 5 and moves >= 1, (pings, moves)
        assert time.monotonic() - start > 3 * DEADLINE
        for ws in (busy, idle, spectator):  # every socket still answers after every deadline has passed
            _ping(ws)


def test_an_idle_socket_with_no_traffic_at_all_stays_open(server: str) -> None:
    table = _table(server, "mythos", ["human", "random"])
    with _socket(server, table, table["seats"][0]["token"]) as ws:
        _recv(ws)  # hello
        time.sleep(HOLD)
        _ping(ws)


def _raw_frame(opcode: int, payload: bytes, fin: bool) -> bytes:
    """A masked client frame (RFC 6455 5.2); the mask is zero so the payload goes as it is."""
    first = (0x80 if fin else 0) | opcode
    n = len(payload)
    if n < 126:
        head = bytes([first, 0x80 | n])
    elif n < 65536:
        head = bytes([first, 0x80 | 126]) + struct.pack(">H", n)
    else:
        head = bytes([first, 0x80 | 127]) + struct.pack(">Q", n)
    return head + b"\0\0\0\0" + payload


def _send_then_read_close(base: str, table_id: str, frames: list[bytes]) -> int | None:
    """Open a socket by hand, send every frame without reading, then read: the close code received."""
    host, port = base.split(":")
    with socket.create_connection((host, int(port)), timeout=20) as sock:
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall(f"GET /ws/tables/{table_id}?watch=1 HTTP/1.1\r\nHost: {base}\r\nUpgrade: websocket\r\n"
                     f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
        data = b""
        while b"\r\n\r\n" not in data:
            data += sock.recv(65536)
        assert data.startswith(b"HTTP/1.1 101"), data[:100]
        for frame in frames:  # a reset here would mean the server slammed the door with data in flight
            sock.sendall(frame)
        data = b""
        with contextlib.suppress(TimeoutError):
            while chunk := sock.recv(65536):
                data += chunk
    at = data.rfind(b"\x88")  # the close frame ends what the server sends (hello and state come first)
    return struct.unpack(">H", data[at + 2:at + 4])[0] if at >= 0 and len(data) >= at + 4 else None


def test_an_oversized_message_is_closed_with_1009_whole_or_fragmented(server: str) -> None:
    """Issue 22: 10 MB in 64 KB fragments gets the same close frame (1009) as one 10 MB frame, even from a
    client that sends everything before it reads (the server lingers instead of resetting the connection)."""
    table = _table(server, "two-mists", ["human", "random", "random"])
    size, piece = 10 * 1024 * 1024, 64 * 1024
    whole = [_raw_frame(0x1, b"x" * size, True)]
    count = size // piece
    fragments = [_raw_frame(0x1 if i == 0 else 0x0, b"x" * piece, i == count - 1) for i in range(count)]
    assert _send_then_read_close(server, table["table_id"], whole) == 1009
    assert _send_then_read_close(server, table["table_id"], fragments) == 1009
    with _socket(server, table, None) as ws:  # the server is fine afterwards
        _ping(ws)
