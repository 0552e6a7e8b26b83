"""Issue 8, "Abuse and trust": hidden information is safe from the host, cross-site requests are refused,
a seat is held by one person, and bad input is refused rather than coerced or crashing the socket."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from cardtable.server.app import DEFAULT_STATIC_DIR, create_app
from cardtable.server.botrun import BotRunner
from cardtable.server.store import Store
from cardtable.server.tables import BadToken, TableManager
from cardtable.server.tokens import hash_token

from .wsplay import create_table, make_client, play_first_legal, recv, sync

GOOD = {"game": "two-mists", "players": 3, "seats": ["human", "random", "random"]}


def _error(resp: Any, status: int) -> dict[str, Any]:
    assert resp.status_code == status, resp.text
    return resp.json()["error"]  # type: ignore[no-any-return]


# --- 1. the host cannot read the hidden game --------------------------------------------------------
def test_no_record_before_the_end_for_anyone_not_even_the_admin(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        created = create_table(client, ["human", "random", "random"], seed=None)
        tid, admin, seat = created["table_id"], created["admin_token"], created["seats"][0]["token"]
        for token in [admin, seat, ""]:
            err = _error(client.get(f"/api/tables/{tid}/record", params={"token": token}), 409)
            assert err["code"] == "not_finished" and "over" in err["message"]
        assert _error(client.get(f"/api/tables/{tid}/replay"), 409)["code"] == "not_finished"
        # nothing else tells the seed before the end either
        assert "seed" not in client.get(f"/api/tables/{tid}").json()
        assert "seed" not in json.dumps(created)
        with client.websocket_connect(f"/ws/tables/{tid}?token={seat}") as ws:
            play_first_legal(ws)
        record = client.get(f"/api/tables/{tid}/record", params={"token": admin})
        assert record.status_code == 200 and isinstance(record.json()["seed"], int)
        assert client.get(f"/api/tables/{tid}/record", params={"token": seat}).json() == record.json()
        _error(client.get(f"/api/tables/{tid}/record", params={"token": "guess"}), 403)


def test_a_chosen_seed_needs_a_practice_table_which_every_seat_sees(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        err = _error(client.post("/api/tables", json={**GOOD, "seed": 5}), 422)
        assert err["code"] == "seed_needs_practice" and "practice" in err["message"]
        assert client.get("/api/tables").json() == []  # nothing was created

        practice = client.post("/api/tables", json={**GOOD, "seed": 5, "practice": True}).json()
        plain = client.post("/api/tables", json=GOOD).json()
        assert practice["practice"] is True and plain["practice"] is False
        lobby = {t["table_id"]: t["practice"] for t in client.get("/api/tables").json()}
        assert lobby == {practice["table_id"]: True, plain["table_id"]: False}
        for created, expected in [(practice, True), (plain, False)]:
            with client.websocket_connect(f"/ws/tables/{created['table_id']}") as ws:  # a spectator
                assert recv(ws)["table"]["practice"] is expected
            with client.websocket_connect(f"/ws/tables/{created['table_id']}?token={created['seats'][0]['token']}") as ws:
                assert recv(ws)["table"]["practice"] is expected


# --- 3. cross-site access ---------------------------------------------------------------------------
def test_host_header_must_name_this_server(sqlite_url: str) -> None:
    with make_client(sqlite_url, limits={"allowed_hosts": "localhost,cards.example"}) as client:
        for host in ["evil.example", "evil.example:8000", "localhost.evil.example", ""]:
            err = _error(client.get("/api/tables", headers={"host": host}), 400)
            assert err["code"] == "bad_host" and "--allowed-host" in err["message"]
            assert client.get("/", headers={"host": host}).status_code == 400
        for host in ["localhost:8000", "LOCALHOST", "127.0.0.1:8000", "[::1]:8000", "192.168.1.20", "cards.example"]:
            assert client.get("/api/tables", headers={"host": host}).status_code == 200, host
        tid = create_table(client, ["random", "random", "random"])["table_id"]
        with pytest.raises(WebSocketDisconnect):  # DNS rebinding: a page of evil.example resolved to us
            with client.websocket_connect(f"/ws/tables/{tid}", headers={"host": "evil.example"}) as ws:
                recv(ws)


def test_websockets_from_another_site_are_refused(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        tid = create_table(client, ["random", "random", "random"])["table_id"]
        for origin in ["http://evil.example", "http://testserver.evil.example", "null", "http://testserver:81"]:
            with pytest.raises(WebSocketDisconnect):
                with client.websocket_connect(f"/ws/tables/{tid}", headers={"origin": origin}) as ws:
                    recv(ws)
        for headers in [{"origin": "http://testserver"}, {}]:  # our own page, or a client that is no browser
            with client.websocket_connect(f"/ws/tables/{tid}", headers=headers) as ws:
                assert recv(ws)["type"] == "hello"


def test_cross_site_posts_change_nothing(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        created = create_table(client, ["human", "human", "random"], open_seats=[1])
        tid = created["table_id"]
        cross = [{"origin": "http://evil.example"}, {"sec-fetch-site": "cross-site"}, {"sec-fetch-site": "same-site"},
                 {"origin": "null"}]
        for headers in cross:
            assert _error(client.post("/api/tables", json=GOOD, headers=headers), 403)["code"] == "cross_site"
            assert _error(client.post(f"/api/tables/{tid}/join", json={}, headers=headers), 403)["code"] == "cross_site"
        assert len(client.get("/api/tables").json()) == 1
        assert [s["claimed"] for s in client.get(f"/api/tables/{tid}").json()["seats"]] == [False, False, True]
        same = {"origin": "http://testserver", "sec-fetch-site": "same-origin"}
        assert client.post(f"/api/tables/{tid}/join", json={}, headers=same).status_code == 200
        # reading is not refused: a cross-site GET cannot change anything (and its answer is not readable)
        assert client.get("/api/tables", headers={"sec-fetch-site": "cross-site"}).status_code == 200


def test_security_headers_on_every_response(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        for path in ["/", "/table/abc", "/static/lobby.js", "/api/tables", "/api/nothing", "/api/tables/x/record"]:
            res = client.get(path)
            csp = res.headers["content-security-policy"]
            assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp and "unsafe-inline" not in csp
            assert res.headers["x-content-type-options"] == "nosniff"
            assert res.headers["referrer-policy"] == "no-referrer"
            assert res.headers["x-frame-options"] == "DENY"
        refused = client.get("/", headers={"host": "evil.example"})
        assert refused.headers["referrer-policy"] == "no-referrer"


def test_the_browser_client_needs_no_inline_script_or_style() -> None:
    """The CSP has no 'unsafe-inline': every script and style must come from a file of static/."""
    for page in DEFAULT_STATIC_DIR.glob("*.html"):
        html = page.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), f"{page.name}: inline <script>"
        assert "<style" not in html and not re.search(r"\sstyle=", html), f"{page.name}: inline style"
        assert not re.search(r"\son[a-z]+=", html), f"{page.name}: inline event handler"
    for script in DEFAULT_STATIC_DIR.rglob("*.js"):
        code = script.read_text()
        assert 'setAttribute("style"' not in code and "cssText" not in code and "eval(" not in code, script.name
        assert "new Function" not in code, script.name


def test_tokens_are_redacted_from_uvicorns_loggers_of_any_app(sqlite_url: str) -> None:
    import logging

    create_app(sqlite_url, bot_executor="thread")  # as tests/web and `uvicorn.run(create_app(...))` do
    record = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, '%s - "%s %s HTTP/%s" %d',
                               ("127.0.0.1:5000", "GET", "/table/abc?token=s3cr3t&watch=1", "1.1", 200), None)
    assert all(f.filter(record) for f in logging.getLogger("uvicorn.access").filters)
    assert "s3cr3t" not in record.getMessage() and "watch=1" in record.getMessage()


# --- 4. seat races ----------------------------------------------------------------------------------
class FakeSocket:
    """Enough of a WebSocket for ``Connection``: records frames and the close code."""

    def __init__(self) -> None:
        self.frames: list[dict[str, Any]] = []
        self.closed_with: int | None = None

    async def send_text(self, text: str) -> None:
        self.frames.append(json.loads(text))

    async def close(self, code: int = 1000) -> None:
        self.closed_with = code


async def _manager(db_url: str) -> TableManager:
    manager = TableManager(Store(db_url), BotRunner("thread", 1))
    await manager.start()
    return manager


def test_invite_link_opened_while_join_takes_the_seat_is_refused(sqlite_url: str) -> None:
    """The race of the issue: the link's token is checked, a Join gives the seat a new token, then the
    socket attaches. It must be refused (it used to hold the seat alongside the joiner)."""

    async def scenario() -> None:
        manager = await _manager(sqlite_url)
        try:
            table, _, tokens = await manager.create_table(game_id="two-mists", players=3,
                                                          seats=["human", "human", "random"], options=None,
                                                          seed=None, name=None, open_seats=[1])
            await table.lock.acquire()  # hold the table so that both requests queue on its lock
            join = asyncio.create_task(manager.join(table.id, 1))
            await asyncio.sleep(0.01)
            ws = FakeSocket()
            opening = asyncio.create_task(manager.connect(table, ws, tokens[1]))  # token checked: still valid
            await asyncio.sleep(0.01)
            table.lock.release()
            seat, new_token = await join
            with pytest.raises(BadToken):
                await opening
            assert seat == 1 and [c.seat for c in table.connections] == []
            holders = [c for c in table.connections if c.seat == 1]
            assert holders == [] and table.token_hashes[1] == hash_token(new_token)
            stored = await manager.store.run(manager.store.seat_tokens, [table.id])
            assert [(t.seat, t.token_hash, t.claimed) for t in stored[table.id] if t.seat == 1] == [
                (1, hash_token(new_token), True)]
        finally:
            await manager.stop()
            manager.store.close()

    asyncio.run(scenario())


def test_a_revoked_socket_is_closed_at_once_and_cannot_act(sqlite_url: str) -> None:
    async def scenario() -> None:
        manager = await _manager(sqlite_url)
        try:
            table, _, tokens = await manager.create_table(game_id="two-mists", players=3,
                                                          seats=["human", "human", "human"], options=None,
                                                          seed=None, name=None)
            sockets = [FakeSocket() for _ in range(3)]
            conns = [await manager.connect(table, ws, tokens[s]) for s, ws in enumerate(sockets)]
            actor = table.state.to_act
            assert actor is not None and table.status == "playing"
            async with table.lock:  # the seat is handed to someone else (a new token for it)
                await manager._claim(table, actor, hash_token("someone else's token"))
            await asyncio.sleep(0.05)
            revoked = sockets[actor]
            assert revoked.frames[-1]["type"] == "error" and revoked.frames[-1]["reason"] == "bad_token"
            assert revoked.closed_with == 4403
            before = table.seq
            option = table.state.legal_actions()[0].to_dict()
            await manager.handle_frame(conns[actor], json.dumps({"type": "act", "seq": before, "action": option}))
            assert table.seq == before and await manager.store.run(manager.store.count_actions, table.id) == 0
            for s, ws in enumerate(sockets):
                if s != actor:
                    assert ws.closed_with is None
        finally:
            await manager.stop()
            manager.store.close()

    asyncio.run(scenario())


def test_creators_seat_is_never_handed_out_by_join(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        created = create_table(client, ["human", "human", "random"], seed=None, open_seats=[1])
        tid = created["table_id"]
        assert created["creator_seat"] == 0
        seats = client.get(f"/api/tables/{tid}").json()["seats"]
        assert [s["reserved"] for s in seats] == [True, False, False]
        err = _error(client.post(f"/api/tables/{tid}/join", json={"seat": 0}), 409)
        assert err["code"] == "seat_reserved" and "[1]" in err["message"]
        assert client.post(f"/api/tables/{tid}/join", json={}).json()["seat"] == 1
        assert _error(client.post(f"/api/tables/{tid}/join", json={}), 409)["code"] == "no_free_seat"
        with client.websocket_connect(f"/ws/tables/{tid}?token={created['seats'][0]['token']}") as ws:
            assert recv(ws)["seat"] == 0  # the creator's own link still works
        seats = client.get(f"/api/tables/{tid}").json()["seats"]
        assert [s["reserved"] for s in seats] == [False, False, False] and all(s["claimed"] for s in seats)


# --- 5. strictness ----------------------------------------------------------------------------------
def test_deeply_nested_frames_are_malformed_and_the_socket_stays_open(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        tid = create_table(client, ["human", "random", "random"])["table_id"]
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            sync(ws)
            for deep in ["[" * 8000 + "]" * 8000, "[" * 16000, '{"type":"act","seq":0,"action":' + "[" * 5000,
                         '{"a":' * 2000 + "1" + "}" * 2000, "[ " * 5000]:
                assert len(deep.encode()) <= 16 * 1024
                ws.send_text(deep)
                got = sync(ws)  # the pong proves the socket is still open
                assert [f["reason"] for f in got] == ["malformed"] and "deep" in got[0]["message"], got
            # strings full of brackets are not nesting
            ws.send_text(json.dumps({"type": "ping", "x": "[" * 100}))
            assert "unknown field" in sync(ws)[0]["message"]


def test_coerced_types_are_refused_not_converted(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        for bad, field in [({"players": "3"}, "players"), ({"options": {"turn_cap": True}}, "turn_cap"),
                           ({"options": {"turn_cap": "50"}}, "turn_cap"), ({"players": 3.0}, "players"),
                           ({"practice": "yes", "seed": 1}, "practice"), ({"seed": "1", "practice": True}, "seed"),
                           ({"players": True}, "players")]:
            err = _error(client.post("/api/tables", json={**GOOD, **bad}), 422)
            assert field in err["message"], (bad, err)
        assert client.get("/api/tables").json() == []
        tid = create_table(client, ["human", "human", "random"])["table_id"]
        for bad in [{"seat": "1"}, {"seat": True}, {"seat": 1.0}]:
            assert "seat" in _error(client.post(f"/api/tables/{tid}/join", json=bad), 422)["message"]
        assert not any(s["claimed"] for s in client.get(f"/api/tables/{tid}").json()["seats"][:2])


@pytest.mark.parametrize("name", ["bell\x07", "new\nline", "tab\tbed", "evil\u202etxt.exe", "iso\u2066late",
                                  "zero\u200bwidth", "mark\u200fx"])
def test_names_with_control_or_bidi_characters_are_refused(sqlite_url: str, name: str) -> None:
    with make_client(sqlite_url) as client:
        err = _error(client.post("/api/tables", json={**GOOD, "name": name}), 422)
        assert "name" in err["message"] and "U+" in err["message"]
        assert client.get("/api/tables").json() == []
        ok = client.post("/api/tables", json={**GOOD, "name": "Café 🃏 Freitag — 金曜日"})
        assert ok.status_code == 201


def test_deeply_nested_http_bodies_get_a_4xx(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        body = '{"game": "two-mists", "players": 3, "seats": ["human", "random", "random"], "options": ' + \
            "[" * 20000 + "]" * 20000 + "}"
        err = _error(client.post("/api/tables", content=body, headers={"content-type": "application/json"}), 400)
        assert "too deeply" in err["message"]
        assert client.get("/api/tables").json() == []


def test_head_requests_are_answered(sqlite_url: str, tmp_path: Path) -> None:
    with make_client(sqlite_url) as client:
        for path in ["/", "/table/abc", "/static/lobby.js", "/api/tables"]:
            res = client.head(path)
            assert res.status_code == 200 and res.content == b"", path


def test_a_stored_table_from_before_the_new_columns_still_loads(tmp_path: Path) -> None:
    """Databases made before ``practice``/``creator_seat``/``open_seats`` existed get the columns on start-up."""
    import sqlite3

    db = tmp_path / "old.db"
    url = f"sqlite:///{db}"
    with make_client(url) as client:
        tid = create_table(client, ["human", "random", "random"])["table_id"]
    with sqlite3.connect(db) as conn:
        conn.execute("ALTER TABLE tables DROP COLUMN practice")
        conn.execute("ALTER TABLE tables DROP COLUMN creator_seat")
        conn.execute("ALTER TABLE tables DROP COLUMN open_seats")
    with make_client(url) as client:
        summary = client.get(f"/api/tables/{tid}").json()
        assert summary["practice"] is False and summary["seats"][0]["reserved"] is False



def test_many_concurrent_joins_and_link_openings_leave_one_holder(tmp_path: Path) -> None:
    """Invite-link openings and Joins of the same seat, all at once, on a real server: one person holds it."""
    import httpx
    from websockets.asyncio.client import connect

    from .test_limits import LiveServer

    from cardtable.server.settings import ServerSettings

    settings = ServerSettings.load({"join_rate": 0, "max_sockets": 0}, environ={})
    url = f"sqlite:///{tmp_path / 'race.db'}"

    async def one_round(base: str, ws_base: str) -> tuple[list[str], list[Any], str]:
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            created = (await http.post("/api/tables", json={"game": "two-mists", "players": 3,
                                                            "seats": ["human", "human", "random"],
                                                            "open_seats": [1]})).json()
            tid, link = created["table_id"], created["seats"][1]["token"]

            async def join() -> str | None:
                res = await http.post(f"/api/tables/{tid}/join", json={"seat": 1})
                return res.json()["token"] if res.status_code == 200 else None

            async def open_link() -> Any:
                ws = await connect(f"{ws_base}/ws/tables/{tid}?token={link}")
                first = json.loads(await ws.recv())
                if first["type"] != "hello":
                    await ws.close()
                    return None
                return ws

            results = await asyncio.gather(*[join() if i % 2 else open_link() for i in range(24)])
            await asyncio.sleep(0.3)  # let any revocation reach its socket
            joined = [r for r in results if isinstance(r, str)]
            holders = []
            for ws in results:
                if ws is None or isinstance(ws, str):
                    continue
                try:  # a socket that still holds the seat answers a ping; a revoked one is closed
                    await ws.send(json.dumps({"type": "ping"}))
                    while json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] != "pong":
                        pass
                    holders.append(ws)
                except Exception:
                    pass
                finally:
                    await ws.close()
            return joined, holders, tid

    with LiveServer(url, settings) as live:
        base, ws_base = f"http://127.0.0.1:{live.port}", f"ws://127.0.0.1:{live.port}"
        for _ in range(5):
            joined, holders, tid = asyncio.run(one_round(base, ws_base))
            assert len(joined) + (1 if holders else 0) == 1, (joined, len(holders))
            table = live.app.state.manager.tables[tid]
            expected = hash_token(joined[0]) if joined else None
            if expected is not None:
                assert table.token_hashes[1] == expected and not holders
            assert 1 in table.claimed
