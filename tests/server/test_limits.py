"""Issue 8, "No limits": per-client rates and caps, the body-size limit, deadlines for slow or half-sent
requests (on a real uvicorn server on 127.0.0.1), table expiry, and the settings that configure them."""

from __future__ import annotations

import contextlib
import logging
import socket
import threading
import time
from pathlib import Path
from typing import Any, Iterator

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from cardtable.server import uvicorn_config
from cardtable.server.app import create_app
from cardtable.server.settings import ServerSettings, describe_limits

from .wsplay import create_table, make_client, recv, recv_until, sync

GOOD = {"game": "two-mists", "players": 3, "seats": ["human", "random", "random"]}


def _client(db_url: str, address: str, **limits: Any) -> TestClient:
    settings = ServerSettings.load(limits, environ={}).with_hosts("testserver")
    return TestClient(create_app(db_url, bot_executor="thread", settings=settings), client=(address, 40000))


# --- rates and caps ---------------------------------------------------------------------------------
def test_table_creation_is_rate_limited_per_client(sqlite_url: str) -> None:
    settings = ServerSettings.load({"create_rate": 2, "rate_window": 3600}, environ={}).with_hosts("testserver")
    app = create_app(sqlite_url, bot_executor="thread", settings=settings)
    with TestClient(app, client=("10.0.0.1", 1)) as one, TestClient(app, client=("10.0.0.2", 1)) as two:
        for _ in range(2):
            assert one.post("/api/tables", json=GOOD).status_code == 201
        refused = one.post("/api/tables", json=GOOD)
        assert refused.status_code == 429
        err = refused.json()["error"]
        assert err["code"] == "rate_limited" and "at most 2 per 3600 s" in err["message"]
        assert 1 <= int(refused.headers["retry-after"]) <= 3600
        assert two.post("/api/tables", json=GOOD).status_code == 201  # another address is not affected
        assert len(one.get("/api/tables").json()) == 3


def test_joins_are_rate_limited_per_client(sqlite_url: str) -> None:
    with _client(sqlite_url, "10.0.0.3", join_rate=1, rate_window=600) as client:
        tid = create_table(client, ["human", "human", "human"], open_seats=[1, 2])["table_id"]
        assert client.post(f"/api/tables/{tid}/join", json={}).status_code == 200
        refused = client.post(f"/api/tables/{tid}/join", json={})
        assert refused.status_code == 429 and "joins" in refused.json()["error"]["message"]
        assert int(refused.headers["retry-after"]) >= 1
        assert [s["claimed"] for s in client.get(f"/api/tables/{tid}").json()["seats"]] == [False, True, False]


def test_waiting_tables_per_client_are_capped(sqlite_url: str) -> None:
    with _client(sqlite_url, "10.0.0.4", max_waiting_tables=2) as client:
        first = create_table(client, ["human", "random", "random"])
        create_table(client, ["human", "random", "random"])
        refused = client.post("/api/tables", json=GOOD)
        assert refused.status_code == 429 and refused.json()["error"]["code"] == "too_many_waiting"
        assert create_table(client, ["random", "random", "random"])["table_id"]  # a bot table never waits
        with client.websocket_connect(f"/ws/tables/{first['table_id']}?token={first['seats'][0]['token']}") as ws:
            recv(ws)  # the table starts: it no longer counts
        assert client.post("/api/tables", json=GOOD).status_code == 201


def test_open_websockets_per_client_are_capped(sqlite_url: str) -> None:
    with _client(sqlite_url, "10.0.0.5", max_sockets=2) as client:
        tid = create_table(client, ["human", "random", "random"])["table_id"]
        with contextlib.ExitStack() as stack:
            for _ in range(2):
                sync(stack.enter_context(client.websocket_connect(f"/ws/tables/{tid}")))
            with client.websocket_connect(f"/ws/tables/{tid}") as third:
                frame = recv(third)
                assert frame["reason"] == "too_many_sockets" and "2" in frame["message"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    recv(third)
                assert closed.value.code == 4429
        with client.websocket_connect(f"/ws/tables/{tid}") as again:  # closing them freed the slots
            assert recv(again)["type"] == "hello"


def test_a_declared_body_over_the_limit_is_refused_unread(sqlite_url: str) -> None:
    with make_client(sqlite_url, limits={"max_body_bytes": 4096}) as client:
        res = client.post("/api/tables", content=b"{" + b" " * 5000 + b"}", headers={"content-type": "application/json"})
        assert res.status_code == 413 and "4096 bytes" in res.json()["error"]["message"]
        assert client.get("/api/tables").json() == []


# --- a real server ----------------------------------------------------------------------------------
class LiveServer:
    """uvicorn with the production config (``uvicorn_config``) in a thread, on a free loopback port."""

    def __init__(self, db_url: str, settings: ServerSettings) -> None:
        import uvicorn

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = int(s.getsockname()[1])
        self.app = create_app(db_url, bot_executor="thread", settings=settings)
        self.server = uvicorn.Server(uvicorn_config(self.app, "127.0.0.1", self.port, settings, "warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> "LiveServer":
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline and self.thread.is_alive(), "the server did not start"
            time.sleep(0.05)
        return self

    def __exit__(self, *_: Any) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)

    def connect(self) -> socket.socket:
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=15)
        return sock


@pytest.fixture
def live(sqlite_url: str) -> Iterator[LiveServer]:
    settings = ServerSettings.load({"header_timeout": 1, "body_timeout": 2, "max_body_bytes": 64 * 1024,
                                    "keep_alive_timeout": 1}, environ={})
    with LiveServer(sqlite_url, settings) as server:
        yield server


def _closed_within(sock: socket.socket, limit: float) -> float:
    """Seconds until the server closes ``sock`` (reading and discarding anything it sends)."""
    start = time.monotonic()
    sock.settimeout(limit)
    try:
        while sock.recv(65536):
            pass
    except TimeoutError:
        raise AssertionError(f"the server kept the connection open for more than {limit} s") from None
    except ConnectionResetError:
        pass
    return time.monotonic() - start


def test_a_half_sent_request_head_is_closed_in_time(live: LiveServer) -> None:
    for partial in [b"", b"GET / HT", b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "]:
        with live.connect() as sock:
            if partial:
                sock.sendall(partial)
            assert _closed_within(sock, 15) < 15
    # a normal request on the same server still works
    assert httpx.get(f"http://127.0.0.1:{live.port}/api/tables", timeout=10).status_code == 200


def test_an_oversized_request_head_is_refused(live: LiveServer) -> None:
    with live.connect() as sock:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * 40000 + b"\r\n\r\n")
        sock.settimeout(10)
        assert sock.recv(65536).split(b"\r\n")[0] in (b"HTTP/1.1 400 Bad Request", b"HTTP/1.1 431 Request Header Fields Too Large")
    with live.connect() as sock:  # sent in pieces, h11 refuses it before it is complete
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ")
        sock.settimeout(10)
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            for _ in range(40):
                sock.sendall(b"a" * 1000)
                time.sleep(0.005)
        assert sock.recv(65536).startswith(b"HTTP/1.1 4")


def test_a_half_sent_body_is_closed_in_time(live: LiveServer) -> None:
    with live.connect() as sock:
        sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 100\r\n\r\n{\"game\":")
        assert _closed_within(sock, 15) < 15


def test_a_keep_alive_connection_that_goes_half_quiet_is_closed(live: LiveServer) -> None:
    with live.connect() as sock:
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        sock.settimeout(10)
        assert sock.recv(65536).startswith(b"HTTP/1.1 200")
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: 1")  # a second request, never finished
        assert _closed_within(sock, 15) < 15


def test_a_streamed_body_over_the_limit_is_refused_while_it_arrives(live: LiveServer) -> None:
    """A chunked body gives no length up front: the server must stop it at the limit, not buffer 50 MB."""
    chunk = b"x" * 65536
    framed = f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n"
    sent = 0
    with live.connect() as sock:
        sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Transfer-Encoding: chunked\r\n\r\n")
        answer = b""
        sock.settimeout(0.2)
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            while sent < 50 * 1024 * 1024:
                sock.sendall(framed)
                sent += len(chunk)
                with contextlib.suppress(TimeoutError, BlockingIOError):
                    answer += sock.recv(65536)
                    if answer:
                        break
        sock.settimeout(10)
        with contextlib.suppress(ConnectionResetError, TimeoutError):
            while not answer.endswith(b"}"):
                more = sock.recv(65536)
                if not more:
                    break
                answer += more
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert b"connection: close" in answer.lower()
    assert sent < 8 * 1024 * 1024, f"the server read {sent} bytes before refusing"


def test_a_declared_huge_body_is_refused_before_it_is_sent(live: LiveServer) -> None:
    with live.connect() as sock:
        sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 200000000\r\n\r\n")
        sock.settimeout(10)
        assert sock.recv(65536).startswith(b"HTTP/1.1 413")


def test_head_and_security_headers_on_the_real_server(live: LiveServer) -> None:
    res = httpx.head(f"http://127.0.0.1:{live.port}/", timeout=10)
    assert res.status_code == 200 and res.content == b"" and "frame-ancestors 'none'" in res.headers[
        "content-security-policy"]
    rebound = httpx.get(f"http://127.0.0.1:{live.port}/api/tables", headers={"host": "attacker.example"}, timeout=10)
    assert rebound.status_code == 400


def test_the_access_log_shows_no_token(live: LiveServer) -> None:
    seen: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            seen.append(record.getMessage())

    access = logging.getLogger("uvicorn.access")
    handler, level = Keep(), access.level
    access.addHandler(handler)
    access.setLevel(logging.INFO)
    try:
        httpx.get(f"http://127.0.0.1:{live.port}/table/abc?token=TopSecretSeatToken&x=1", timeout=10)
        deadline = time.monotonic() + 10
        while not seen and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        access.removeHandler(handler)
        access.setLevel(level)
    assert seen and all("TopSecretSeatToken" not in line for line in seen), seen
    assert any("/table/abc?token=" in line for line in seen)


# --- expiry -----------------------------------------------------------------------------------------
class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_unjoined_and_idle_tables_expire_and_stay_expired(sqlite_url: str) -> None:
    clock = Clock()
    with make_client(sqlite_url, limits={"unjoined_ttl": 100, "idle_ttl": 1000}) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        manager.clock = clock
        unjoined = create_table(client, ["human", "human", "random"], seed=None)
        half = create_table(client, ["human", "human", "random"], seed=None)
        with client.websocket_connect(f"/ws/tables/{half['table_id']}?token={half['seats'][0]['token']}") as ws:
            recv(ws)  # one seat opened: the table was joined, only idle_ttl applies
        # a practice seed where seat 0 is asked before the bots can end the game (with a drawn seed the
        # random bots sometimes killed someone first: the game ended and no decision ever came)
        playing = create_table(client, ["human", "random", "random"], seed=7)
        pws = client.websocket_connect(f"/ws/tables/{playing['table_id']}?token={playing['seats'][0]['token']}")
        with pws:
            recv_until(pws, lambda f: f.get("decision") is not None)  # the bots wait for us now
            clock.now += 150
            assert client.portal.call(manager.expire_idle) == [unjoined["table_id"]]
            clock.now += 1100
            assert sorted(client.portal.call(manager.expire_idle)) == sorted([half["table_id"], playing["table_id"]])
            frame = recv_until(pws, lambda f: f["type"] != "state")  # bots may have moved meanwhile
            assert frame["type"] == "error" and frame["reason"] == "expired"
            with pytest.raises(WebSocketDisconnect) as closed:
                recv(pws)
            assert closed.value.code == 4410
        assert manager.tables == {}  # evicted from memory
        lobby = {t["table_id"]: t["status"] for t in client.get("/api/tables").json()}
        assert set(lobby.values()) == {"expired"} and len(lobby) == 3
        assert [t["table_id"] for t in client.get("/api/tables", params={"status": "expired"}).json()]
        err = client.post(f"/api/tables/{unjoined['table_id']}/join", json={}).json()["error"]
        assert err["code"] == "expired"
        with client.websocket_connect(f"/ws/tables/{unjoined['table_id']}?token={unjoined['seats'][1]['token']}") as ws:
            assert recv(ws)["reason"] == "expired"
        assert manager.tables == {}
    with make_client(sqlite_url) as client:  # a restart does not bring them back
        assert client.app.state.manager.tables == {}  # type: ignore[attr-defined]
        assert {t["status"] for t in client.get("/api/tables").json()} == {"expired"}


def test_tables_that_move_do_not_expire(sqlite_url: str) -> None:
    clock = Clock()
    with make_client(sqlite_url, limits={"unjoined_ttl": 100, "idle_ttl": 100}) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        manager.clock = clock
        created = create_table(client, ["human", "random", "random"], seed=None)
        with client.websocket_connect(f"/ws/tables/{created['table_id']}?token={created['seats'][0]['token']}") as ws:
            sync(ws)
            for _ in range(3):
                clock.now += 60
                manager.tables[created["table_id"]].last_active = clock.now  # as a move does
                assert client.portal.call(manager.expire_idle) == []
        assert client.get(f"/api/tables/{created['table_id']}").json()["status"] == "playing"


def test_the_sweeper_runs_by_itself(sqlite_url: str) -> None:
    with make_client(sqlite_url, limits={"unjoined_ttl": 0.2, "sweep_interval": 0.1}) as client:
        tid = create_table(client, ["human", "random", "random"], seed=None)["table_id"]
        deadline = time.monotonic() + 20
        while client.get(f"/api/tables/{tid}").json()["status"] != "expired":
            assert time.monotonic() < deadline, "the table never expired"
            time.sleep(0.1)


# --- settings ---------------------------------------------------------------------------------------
def test_settings_come_from_defaults_environment_and_flags() -> None:
    assert ServerSettings().create_rate == 10
    env = {"CARDTABLE_CREATE_RATE": "3", "CARDTABLE_ALLOWED_HOSTS": "cards.example, Other.Example",
           "CARDTABLE_IDLE_TTL": "60.5", "PATH": "/bin"}
    loaded = ServerSettings.load({"create_rate": "4"}, environ=env)
    assert loaded.create_rate == 4 and loaded.idle_ttl == 60.5
    assert loaded.allowed_hosts == ("cards.example", "other.example")
    for bad, words in [({"create_rate": "-1"}, "create_rate"), ({"header_timeout": "0"}, "header_timeout"),
                       ({"create_rat": "1"}, "unknown limit 'create_rat'"), ({"max_sockets": "lots"}, "max_sockets"),
                       ({"max_sockets": True}, "max_sockets")]:
        with pytest.raises(ValueError, match=words):
            ServerSettings.load(bad, environ={})
    with pytest.raises(ValueError, match="join_rate"):
        ServerSettings.load(environ={"CARDTABLE_JOIN_RATE": "many"})
    text = describe_limits()
    assert all(name in text for name in ServerSettings.model_fields)


def test_the_docs_list_every_limit() -> None:
    docs = (Path(__file__).resolve().parents[2] / "docs" / "web.md").read_text()
    section = docs.split("## Limits", 1)[1].split("\n## ", 1)[0]
    for name in ServerSettings.model_fields:
        assert f"`{name}`" in section, name
    assert "## Trust model" in docs


def test_wildcard_bind_answers_for_ip_addresses_and_this_machines_names() -> None:
    from cardtable.server import default_allowed_hosts
    from cardtable.server.guard import host_allowed

    hosts = default_allowed_hosts("0.0.0.0")
    assert "localhost" in hosts and socket.gethostname().lower() in hosts
    assert host_allowed("192.168.1.7:8000", hosts) and host_allowed("[fe80::1]:8000", hosts)
    assert not host_allowed("rebind.attacker.example:8000", hosts)
    assert default_allowed_hosts("cards.example") == ("localhost", "cards.example")



def test_serve_flags_set_the_limits_and_refuse_bad_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    import cardtable.server as server_pkg
    from cardtable.cli import app
    from cardtable.server.settings import settings_from_flags

    got = settings_from_flags(["create_rate=20", "idle_ttl = 3600"], ["Cards.Example"], environ={})
    assert got.create_rate == 20 and got.idle_ttl == 3600 and "cards.example" in got.allowed_hosts
    seen: dict[str, Any] = {}
    monkeypatch.setattr(server_pkg, "serve", lambda **kw: seen.update(kw))
    done = CliRunner().invoke(app, ["serve", "--limit", "max_sockets=4", "--allowed-host", "cards.example"])
    assert done.exit_code == 0, done.output
    assert seen["settings"].max_sockets == 4 and "cards.example" in seen["settings"].allowed_hosts
    for bad in [["--limit", "max_sockets"], ["--limit", "max_socket=4"], ["--limit", "header_timeout=-1"]]:
        done = CliRunner().invoke(app, ["serve", *bad])
        assert done.exit_code == 2 and "Traceback" not in done.output, done.output


def test_refused_creations_do_not_spend_the_creation_allowance(sqlite_url: str) -> None:
    """Issue 22: a 4xx creation is counted against ``create_refused_rate``, never against ``create_rate``;
    a client past its refusals is refused every creation until the window passes."""
    bad = [{**GOOD, "seats": ["random"]}, {**GOOD, "game": "no-such-game"}, {**GOOD, "open_seats": [0]}]
    with _client(sqlite_url, "10.0.0.9", create_rate=2, create_refused_rate=4, rate_window=600) as client:
        for body in bad:
            assert client.post("/api/tables", json=body).status_code == 422
        assert client.post("/api/tables", json=GOOD).status_code == 201
        assert client.post("/api/tables", json=GOOD).status_code == 201  # both allowed tables, after 3 refusals
        refused = client.post("/api/tables", json=GOOD)
        assert refused.status_code == 429 and "new tables" in refused.json()["error"]["message"]
    with _client(sqlite_url, "10.0.0.10", create_rate=2, create_refused_rate=4, rate_window=600) as client:
        for body in [*bad, bad[0]]:
            assert client.post("/api/tables", json=body).status_code == 422
        flood = client.post("/api/tables", json=bad[1])
        assert flood.status_code == 429 and "refused table creations" in flood.json()["error"]["message"]
        assert int(flood.headers["Retry-After"]) >= 1
