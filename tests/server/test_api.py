"""Lobby API and a whole game over the WebSocket (docs/protocol.md), on a real SQLite file."""

from __future__ import annotations

from pathlib import Path

import cardtable
import cardtable.registry
from cardtable.server import create_app

from .wsplay import create_table, is_state, make_client, play_first_legal, recv, sync


def test_games_lists_game_and_bot_kinds(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        games = client.get("/api/games").json()
    assert [g["id"] for g in games] == cardtable.registry.game_ids()
    two_mists = next(g for g in games if g["id"] == "two-mists")
    assert {k: two_mists[k] for k in ("name", "min_players", "max_players", "version", "bots")} == {
        "name": "Two Mists", "min_players": 3, "max_players": 4,
        "version": cardtable.load_game("two-mists").info.version, "bots": ["random", "heuristic", "ismcts", "strong"]}


def test_game_card_catalog_is_served_and_unknown_games_are_404(sqlite_url: str) -> None:
    game = cardtable.load_game("two-mists")
    with make_client(sqlite_url) as client:
        res = client.get("/api/games/two-mists/cards")
        assert res.status_code == 200 and res.headers["content-type"].startswith("application/json")
        served = res.json()
        err = _error(client.get("/api/games/chess/cards"), 404)
    assert served == game.card_catalog()
    assert {c["id"] for c in served["cards"]} == {c.id for c in game.catalog.cards}
    assert [c["id"] for c in served["characters"]] == ["monster", "knight", "witch", "saint", "fool"]
    spear = next(c for c in served["cards"] if c["id"] == "giants_spear")
    assert spear["name"] == "Giant's Spear" and spear["forbidden"] == ["witch"] and spear["weapon"] is True
    assert err["code"] == "no_game" and "chess" in err["message"] and "two-mists" in err["message"]


def test_create_join_play_whole_game_and_replay_record(sqlite_url: str) -> None:
    # the real thing: bots in the (spawned) process pool
    with make_client(sqlite_url, bot_executor="process", bot_workers=1) as client:
        created = create_table(client, ["human", "random", "heuristic", "ismcts:20"], seed=11, name="Friday")
        tid = created["table_id"]
        assert [s["kind"] for s in created["seats"]] == ["human", "random", "heuristic", "ismcts:20"]
        assert created["seats"][0]["invite_url"] == f"/table/{tid}?token={created['seats'][0]['token']}"
        assert "token" not in created["seats"][1]
        assert created["watch_url"].startswith(f"/table/{tid}")

        lobby = client.get("/api/tables").json()
        assert [t["table_id"] for t in lobby] == [tid]
        assert lobby[0]["status"] == "waiting" and lobby[0]["name"] == "Friday"
        # the creator's own seat is kept for them: Join never hands it out
        assert lobby[0]["seats"][0] == {"seat": 0, "kind": "human", "claimed": False, "reserved": True, "open": False}
        assert lobby[0]["seats"][1]["claimed"] is True  # bots never wait
        assert lobby[0]["practice"] is True and created["practice"] is True and created["creator_seat"] == 0
        refused = client.post(f"/api/tables/{tid}/join", json={})
        assert refused.status_code == 409 and refused.json()["error"]["code"] == "no_free_seat"
        joined = {"token": created["seats"][0]["token"]}

        with client.websocket_connect(f"/ws/tables/{tid}?token={joined['token']}") as ws:
            hello = recv(ws)
            assert hello == {"type": "hello", "seat": 0, "table": client.get(f"/api/tables/{tid}").json(),
                             "game": "two-mists", "prefs": {"full_control": False, "pass_until": None}}
            last, frames = play_first_legal(ws)
        states = [f for f in frames if is_state(f)]
        assert states[0]["log_start"] == 0 and states[0]["seq"] == 0
        # the log is incremental: each frame continues where the previous stopped
        for a, b in zip(states, states[1:]):
            assert b["log_start"] == a["log_start"] + len(a["log"])
        assert any(f["thinking"] for f in states), "no frame showed a bot thinking"
        assert all(0 not in f["thinking"] for f in states)
        assert last["status"] == "finished" and last["outcome"] is not None and last["decision"] is None

        assert client.get(f"/api/tables/{tid}").json()["status"] == "finished"
        record = client.get(f"/api/tables/{tid}/record", params={"token": created["admin_token"]}).json()
        assert len(record["actions"]) == last["seq"]
        assert client.get(f"/api/tables/{tid}/record", params={"token": joined["token"]}).json() == record
        state = cardtable.replay(record)
        assert state.is_terminal and state.outcome is not None
        assert state.outcome.to_dict() == last["outcome"]
        assert state.view(0) == last["view"]

        # replays of the finished game
        full = client.get(f"/api/tables/{tid}/replay", params={"seat": "all"}).json()
        assert full["seq"] == full["total"] == last["seq"]
        assert full["view"]["seats"] == [state.view(s) for s in range(4)]
        assert len(full["log"]) == len(state.events)
        mid = client.get(f"/api/tables/{tid}/replay", params={"seat": "2", "upto": 3}).json()
        early = cardtable.load_game("two-mists").new_game(seed=11, players=4)
        for raw in record["actions"][:3]:
            early.apply(raw)
        assert mid["view"] == early.view(2) and mid["log"] == early.log(2) and mid["seq"] == 3


def test_all_bot_table_plays_by_itself_and_spectator_sees_it(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        tid = create_table(client, ["random", "random", "heuristic"], seed=5)["table_id"]
        with client.websocket_connect(f"/ws/tables/{tid}?watch=1") as ws:
            assert recv(ws)["seat"] is None
            last, frames = play_first_legal(ws)
        assert last["status"] == "finished"
        assert all(f["decision"] is None for f in frames if is_state(f))
        assert client.get("/api/tables", params={"status": "finished"}).json()[0]["table_id"] == tid


def test_second_human_seat_waits_until_claimed(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        created = create_table(client, ["human", "random", "human"], seed=3)
        tid, t0, t2 = created["table_id"], created["seats"][0]["token"], created["seats"][2]["token"]
        with client.websocket_connect(f"/ws/tables/{tid}?token={t0}") as ws0:
            recv(ws0)
            first = recv(ws0)
            assert first["status"] == "waiting" and first["decision"] is None and first["seq"] == 0
            # the invite link (connecting with the seat's token) claims the last seat: the game starts
            with client.websocket_connect(f"/ws/tables/{tid}?token={t2}") as ws2:
                assert recv(ws2)["seat"] == 2
                assert recv(ws2)["status"] == "playing"
                started = recv(ws0)
                assert started["status"] == "playing" and started["seq"] == 0 and started["log"] == []
        assert client.get(f"/api/tables/{tid}").json()["seats"][2]["claimed"] is True


def test_join_a_chosen_seat_rotates_its_token(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        created = create_table(client, ["human", "human", "random"], open_seats=[1])
        tid, old = created["table_id"], created["seats"][1]["token"]
        joined = client.post(f"/api/tables/{tid}/join", json={"seat": 1}).json()
        assert joined["seat"] == 1 and joined["token"] != old
        with client.websocket_connect(f"/ws/tables/{tid}?token={old}") as ws:
            assert recv(ws)["reason"] == "bad_token"
        with client.websocket_connect(f"/ws/tables/{tid}?token={joined['token']}") as ws:
            assert recv(ws)["seat"] == 1
        again = client.post(f"/api/tables/{tid}/join", json={"seat": 1})
        assert again.status_code == 409 and again.json()["error"]["code"] == "seat_taken"
        bot = client.post(f"/api/tables/{tid}/join", json={"seat": 2})
        assert bot.status_code == 409 and "bot" in bot.json()["error"]["message"]


def _error(resp, status: int) -> dict:  # type: ignore[no-untyped-def]
    assert resp.status_code == status, resp.text
    body = resp.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message"}, body
    assert "Traceback" not in body["error"]["message"]
    return body["error"]  # type: ignore[no-any-return]


def test_bad_requests_get_readable_4xx_errors(sqlite_url: str) -> None:
    good = {"game": "two-mists", "players": 3, "seats": ["human", "random", "random"]}
    with make_client(sqlite_url) as client:
        post = lambda body: client.post("/api/tables", json=body)  # noqa: E731
        assert "unknown field 'colour'" in _error(post({**good, "colour": "red"}), 422)["message"]
        assert "'players'" in _error(post({k: v for k, v in good.items() if k != "players"}), 422)["message"]
        assert "3 to 4 players" in _error(post({**good, "players": 5, "seats": ["human"] * 5}), 422)["message"]
        assert "one kind per seat" in _error(post({**good, "seats": ["human"]}), 422)["message"]
        err = _error(post({**good, "seats": ["human", "robot", "random"]}), 422)
        assert err["code"] == "bad_seat" and "seat 1" in err["message"] and "random" in err["message"]
        assert "budget" in _error(post({**good, "seats": ["human", "ismcts:lots", "random"]}), 422)["message"]
        assert _error(post({**good, "game": "chess"}), 422)["code"] == "unknown_game"
        assert _error(post({**good, "options": {"turn_cap": -3}}), 422)["code"] == "bad_options"
        assert _error(post({**good, "seed": -1}), 422)["code"] == "invalid_request"
        assert "not valid JSON" in _error(client.post("/api/tables", content=b"{nope",
                                                      headers={"content-type": "application/json"}), 422)["message"]
        assert "JSON object" in _error(client.post("/api/tables", json=[1, 2]), 422)["message"]

        _error(client.get("/api/tables/nosuch"), 404)
        _error(client.post("/api/tables/nosuch/join", json={}), 404)
        _error(client.get("/api/tables/nosuch/replay"), 404)
        _error(client.get("/api/nothing-here"), 404)
        _error(client.get("/api/tables", params={"status": "lost"}), 422)
        # RFC 9110: a 405 names every method the resource supports, not just the first route's
        wrong = client.request("DELETE", "/api/tables")
        assert _error(wrong, 405)["code"] == "method_not_allowed" and wrong.headers["allow"] == "GET, POST"
        assert client.put("/api/tables/nosuch/join").headers["allow"] == "POST"

        created = post(good).json()
        tid = created["table_id"]
        assert "unknown field 'sit'" in _error(client.post(f"/api/tables/{tid}/join", json={"sit": 0}), 422)["message"]
        _error(client.post(f"/api/tables/{tid}/join", json={"seat": 9}), 422)
        assert _error(client.get(f"/api/tables/{tid}/replay"), 409)["code"] == "not_finished"
        # no record (it holds the seed) before the end, for anyone: see test_trust.py
        for token in ["", created["seats"][0]["token"], created["admin_token"]]:
            assert _error(client.get(f"/api/tables/{tid}/record", params={"token": token}), 409)["code"] == "not_finished"


def test_the_openapi_schema_documents_the_error_shape(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        spec = client.get("/api/openapi.json").json()
    join = spec["paths"]["/api/tables/{table_id}/join"]["post"]["responses"]
    assert set(join) >= {"200", "400", "404", "409", "422"}
    assert join["404"]["content"]["application/json"]["schema"]["$ref"].endswith("/ErrorBody")
    assert set(spec["components"]["schemas"]["ErrorBody"]["properties"]) == {"error"}


def test_replay_argument_errors(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        tid = create_table(client, ["random", "random", "random"], seed=2)["table_id"]
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            play_first_legal(ws)
        total = client.get(f"/api/tables/{tid}/replay").json()["total"]
        assert _error(client.get(f"/api/tables/{tid}/replay", params={"seat": "7"}), 422)["code"] == "bad_seat"
        assert _error(client.get(f"/api/tables/{tid}/replay", params={"upto": total + 1}), 422)["code"] == "bad_upto"
        zero = client.get(f"/api/tables/{tid}/replay", params={"seat": "0", "upto": 0}).json()
        assert zero["seq"] == 0 and zero["view"]["turn"] == cardtable.load_game("two-mists").new_game(
            seed=2, players=3).view(0)["turn"]


def test_static_client_is_served(sqlite_url: str, tmp_path: Path) -> None:
    static = tmp_path / "static"
    static.mkdir()
    (static / "index.html").write_text("<h1>lobby</h1>")
    (static / "table.html").write_text("<h1>table</h1>")
    (static / "app.js").write_text("console.log(1)")
    with make_client(sqlite_url, static_dir=static) as client:
        assert client.get("/").text == "<h1>lobby</h1>"
        assert client.get("/table/abc").text == "<h1>table</h1>"
        assert client.get("/static/app.js").text == "console.log(1)"


def test_server_starts_without_static_client(sqlite_url: str, tmp_path: Path) -> None:
    with make_client(sqlite_url, static_dir=tmp_path / "missing") as client:
        page = client.get("/")
        assert page.status_code == 200 and "/api/tables" in page.text
        assert client.get("/api/tables").json() == []
        assert client.get("/static/x.js").status_code == 404


def test_default_sqlite_file_is_created_with_wal(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import sqlite3

    from fastapi.testclient import TestClient

    monkeypatch.chdir(tmp_path)
    with TestClient(create_app("sqlite:///cardtable.db", bot_executor="thread"), base_url="http://localhost") as client:
        assert client.get("/api/tables").status_code == 200
    assert (tmp_path / "cardtable.db").exists()
    with sqlite3.connect(tmp_path / "cardtable.db") as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_ping_pong(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        tid = create_table(client, ["human", "random", "random"])["table_id"]
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            assert [f["type"] for f in sync(ws)] == ["hello", "state"]
