"""Choosing the deck when joining a table (docs/web.md, "Choosing a deck on joining"; D-WEB-26..30).

A table created with ``deck_seats`` waits undealt — no state, nothing hidden exists — until the last of
those seats is joined with a deck (a ready one, or a saved deck of the joiner's owner token checked by
the game's own validator), then deals from its seed and the decks. Every game with the ``decklists``
facet gets this unchanged; the server names none of them.
"""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, inspect, text

from cardtable.registry import game_facet, game_ids, load_game
from cardtable.server.deckformat import deck_format, option_value
from cardtable.server.store import SeatTaken, Store

from .wsplay import is_state, make_client, play_first_legal, recv, recv_until, sync

COC = "call-of-cthulhu"
MYTHOS = "mythos"
GAMES_WITH_DECKS = [g for g in game_ids() if game_facet(g, "decklists") is not None]


def _owner(client: TestClient) -> dict[str, str]:
    res = client.post("/api/deck-owners")
    assert res.status_code == 201, res.text
    return {"X-Deck-Owner": res.json()["owner_token"]}


def _sections(game: str, k: int = 0) -> dict[str, dict[str, int]]:
    fmt = deck_format(game)
    assert fmt is not None
    return dict(fmt.ready[k % len(fmt.ready)]["sections"])


def _saved(client: TestClient, owner: dict[str, str], name: str, game: str = COC, k: int = 1,
           sections: dict[str, dict[str, int]] | None = None) -> str:
    res = client.post("/api/decks", json={"game": game, "name": name, "sections": sections or _sections(game, k)},
                      headers=owner)
    assert res.status_code == 201, res.text
    return str(res.json()["id"])


def _ready_name(game: str, k: int = 0) -> str:
    facet = game_facet(game, "decklists")
    return str(facet.ready_decks()[k].name)


def _error(res: Any, status: int, code: str) -> str:
    assert res.status_code == status, res.text
    err = res.json()["error"]
    assert err["code"] == code, err
    return str(err["message"])


def _create(client: TestClient, game: str, seats: list[str], deck_seats: list[int], seed: int | None = 11,
            **extra: Any) -> dict[str, Any]:
    headers = extra.pop("headers", None)
    body: dict[str, Any] = {"game": game, "players": len(seats), "seats": seats, "deck_seats": deck_seats, **extra}
    if seed is not None:
        body.update(seed=seed, practice=True)
    res = client.post("/api/tables", json=body, headers=headers)
    assert res.status_code == 201, res.text
    return res.json()  # type: ignore[no-any-return]


def _join(client: TestClient, tid: str, headers: dict[str, str] | None = None, **body: Any) -> Any:
    return client.post(f"/api/tables/{tid}/join", json=body, headers=headers or {})


def _rows(db_url: str, sql: str, **params: Any) -> list[Any]:
    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            return list(conn.execute(text(sql), params).all())
    finally:
        engine.dispose()


def _expected_view(game: str, seed: int, decks: list[Any], seat: int | None) -> Any:
    state = load_game(game).new_game(seed=seed, players=len(decks), options={"decks": decks})
    return json.loads(json.dumps(state.view(seat)))


# --- waiting undealt ----------------------------------------------------------------------------------
def test_a_deck_on_join_table_waits_undealt_showing_nothing_while_its_bot_has_a_ready_deck(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        made = _create(client, COC, ["human", "random"], [0])
        tid = made["table_id"]
        summary = client.get(f"/api/tables/{tid}").json()
        with client.websocket_connect(f"/ws/tables/{tid}") as watcher:
            hello, first = recv(watcher), recv(watcher)
            watcher.send_json({"type": "act", "seq": 0, "action": {"kind": "pass", "player": 0}})
            refused = recv_until(watcher, lambda f: f["type"] == "error")
        bot_deck = _rows(sqlite_url, "SELECT seat, deck FROM seat_decks WHERE table_id = :t", t=tid)
    # the seat has no invite link (no token): it is had only by joining with a deck
    assert made["creator_seat"] is None and "token" not in made["seats"][0]
    assert made["seats"][0]["deck_on_join"] is True and made["seats"][0]["join_url"] == f"/?join={tid}&seat=0"
    assert summary["status"] == "waiting" and summary["dealt"] is False and summary["needs_deck"] == [0]
    assert summary["seats"][0]["deck_on_join"] is True and "deck_on_join" not in summary["seats"][1]
    assert hello["type"] == "hello" and hello["table"]["needs_deck"] == [0]
    assert is_state(first) and first["view"] is None and first["decision"] is None and first["log"] == []
    assert first["needs_deck"] == [0] and first["status"] == "waiting"
    assert refused["reason"] == "wrong_seat"
    assert [r.seat for r in bot_deck] == [1]  # the bot's ready deck, drawn from the seed, stored for the deal
    assert json.loads(bot_deck[0].deck) in [d.name for d in game_facet(COC, "decklists").ready_decks()]
    assert _rows(sqlite_url, "SELECT count(*) FROM actions WHERE table_id = :t", t=tid)[0][0] == 0


@pytest.mark.parametrize("game", GAMES_WITH_DECKS)
def test_the_last_deck_deals_the_game_from_the_seed_and_the_decks(sqlite_url: str, game: str) -> None:
    """Every game with the facet: a saved deck joined at seat 1 deals exactly ``new_game(seed, decks)``."""
    with make_client(sqlite_url) as client:
        me = _owner(client)
        did = _saved(client, me, "Joiner's Own", game=game, k=1)
        made = _create(client, game, ["human", "human"], [1], decks=[_ready_name(game, 0), None])
        tid = made["table_id"]
        with client.websocket_connect(f"/ws/tables/{tid}?token={made['seats'][0]['token']}") as host_seat:
            recv(host_seat), recv(host_seat)
            joined = _join(client, tid, me, saved_deck=did)
            assert joined.status_code == 200, joined.text
            again = recv_until(host_seat, lambda f: f["type"] == "hello")
            dealt = recv_until(host_seat, lambda f: is_state(f) and f["view"] is not None)
        with client.websocket_connect(f"/ws/tables/{tid}?token={joined.json()['token']}") as joiner:
            recv(joiner)
            mine = recv_until(joiner, is_state)
        summary = client.get(f"/api/tables/{tid}").json()
        saved = client.get(f"/api/decks/{did}", headers=me).json()
    fmt = deck_format(game)
    assert fmt is not None
    decks = [_ready_name(game, 0), option_value(fmt, saved["name"], saved["sections"])]
    assert joined.json()["seat"] == 1 and again["table"]["dealt"] is True
    assert dealt["view"] == _expected_view(game, 11, decks, 0)
    assert mine["view"] == _expected_view(game, 11, decks, 1)
    assert summary["status"] == "playing" and summary["dealt"] is True and summary["needs_deck"] == []


def test_a_ready_deck_joined_against_a_bot_starts_the_game_and_it_plays(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        made = _create(client, COC, ["human", "random"], [0], seed=None)
        tid = made["table_id"]
        joined = _join(client, tid, deck="the_yellow_key")  # a ready deck's file stem works as its name
        assert joined.status_code == 200, joined.text
        with client.websocket_connect(f"/ws/tables/{tid}?token={joined.json()['token']}") as ws:
            last, frames = play_first_legal(ws, stop_after=4)
        summary = client.get(f"/api/tables/{tid}").json()
    assert summary["status"] in ("playing", "finished") and last["seq"] >= 4
    assert last["view"]["options"]["decks"][0]["name"] == "The Yellow Key"


def test_the_host_deals_with_drawn_decks_and_only_the_host(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        made = _create(client, MYTHOS, ["human", "human", "human"], [1, 2])
        tid = made["table_id"]
        _error(client.post(f"/api/tables/{tid}/deal", json={"token": made["seats"][0]["token"]}), 403, "forbidden")
        joined = _join(client, tid, seat=2, deck=_ready_name(MYTHOS, 3))
        assert joined.status_code == 200, joined.text
        done = client.post(f"/api/tables/{tid}/deal", json={"token": made["admin_token"]})
        assert done.status_code == 200, done.text
        _error(client.post(f"/api/tables/{tid}/deal", json={"token": made["admin_token"]}), 409, "dealt")
        summary = client.get(f"/api/tables/{tid}").json()
        _error(_join(client, tid, seat=1, deck=_ready_name(MYTHOS, 0)), 409, "no_deck_wanted")
        late = _join(client, tid, seat=1)  # now an ordinary seat: joined without a deck
        assert late.status_code == 200, late.text
        with client.websocket_connect(f"/ws/tables/{tid}?token={late.json()['token']}") as ws:
            recv(ws)
            view = recv_until(ws, is_state)["view"]
    assert done.json() == {"table_id": tid, "drawn": [1]}
    assert summary["dealt"] is True and summary["needs_deck"] == []
    facet = game_facet(MYTHOS, "decklists")
    from cardtable.server.facets import drawn_ready_deck

    decks = [drawn_ready_deck(MYTHOS, 11, 0), drawn_ready_deck(MYTHOS, 11, 1), _ready_name(MYTHOS, 3)]
    assert all(d in [r.name for r in facet.ready_decks()] for d in decks)
    assert view == _expected_view(MYTHOS, 11, decks, 1)


# --- refusals ----------------------------------------------------------------------------------------
def test_an_illegal_deck_is_refused_with_its_rule_ids_and_nothing_changes(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        me = _owner(client)
        small = _saved(client, me, "Too Small", sections={"main": {"AG01": 4}, "domains": {"DM01": 3}})
        made = _create(client, COC, ["human", "human"], [1])
        tid = made["table_id"]
        before = client.get(f"/api/tables/{tid}").json()
        message = _error(_join(client, tid, me, saved_deck=small), 422, "illegal_deck")
        after = client.get(f"/api/tables/{tid}").json()
        stored = _rows(sqlite_url, "SELECT seat FROM seat_decks WHERE table_id = :t", t=tid)
        claimed = _rows(sqlite_url, "SELECT seat, claimed FROM seat_tokens WHERE table_id = :t ORDER BY seat", t=tid)
    assert "CC-2.1" in message and "Too Small" in message
    assert after == before and after["needs_deck"] == [1]
    assert [r.seat for r in stored] == [0] and [bool(r.claimed) for r in claimed] == [False, False]


def test_hostile_joins_and_creations_get_clear_4xx_never_500(sqlite_url: str) -> None:
    with make_client(sqlite_url, limits={"max_body_bytes": 4096}) as client:
        me, other = _owner(client), _owner(client)
        mine = _saved(client, me, "Mine")
        theirs = _saved(client, other, "Theirs")
        wrong_game = _saved(client, me, "A Mythos Deck", game=MYTHOS)
        made = _create(client, MYTHOS, ["human", "human", "human", "random"], [2])
        tid = made["table_id"]
        coc = _create(client, COC, ["human", "human"], [1])["table_id"]
        mythos_deck = _ready_name(MYTHOS, 0)

        # the deck itself
        assert "ready decks:" in _error(_join(client, tid, deck="No Such Deck"), 422, "bad_deck")
        missing = _error(_join(client, coc, me, saved_deck="0123456789abcdef0123456789abcdef"), 404, "no_deck")
        foreign = _error(_join(client, coc, me, saved_deck=theirs), 404, "no_deck")
        assert foreign == missing.replace("0123456789abcdef0123456789abcdef", theirs)  # exactly like missing
        _error(_join(client, coc, saved_deck=mine), 401, "no_owner")
        _error(_join(client, coc, {"X-Deck-Owner": "nobody"}, saved_deck=mine), 403, "bad_owner")
        assert "mythos deck" in _error(_join(client, coc, me, saved_deck=wrong_game), 422, "bad_deck")
        _error(_join(client, coc, me, saved_deck=mine, deck="the_yellow_key"), 422, "bad_decks")
        _error(_join(client, coc, deck="x" * 101), 422, "invalid_request")
        _error(_join(client, coc, saved_deck="x" * 33), 422, "invalid_request")
        _error(_join(client, coc, deck=7), 422, "invalid_request")
        _error(_join(client, coc, deck="the_yellow_key", hand="all"), 422, "invalid_request")
        big = client.post(f"/api/tables/{coc}/join", content=json.dumps({"deck": "a" * 90, "pad": "b" * 8000}),
                          headers={"Content-Type": "application/json"})
        assert big.status_code == 413, big.text

        # the seat
        _error(_join(client, tid, seat=1, deck=mythos_deck), 409, "seat_reserved")  # kept for its invite link
        _error(_join(client, tid, seat=2), 422, "deck_needed")
        _error(_join(client, tid, seat=3, deck=mythos_deck), 409, "seat_is_bot")
        _error(_join(client, tid, seat=0, deck=mythos_deck), 409, "seat_reserved")
        _error(_join(client, tid, seat=9, deck=mythos_deck), 422, "bad_seat")
        _error(_join(client, "nosuchtable", deck=mythos_deck), 404, "no_table")
        assert _join(client, tid, deck=mythos_deck).json()["seat"] == 2  # the first seat that takes a deck
        _error(_join(client, tid, seat=2, deck=mythos_deck), 409, "seat_taken")
        _error(_join(client, tid, deck=mythos_deck), 409, "no_deck_seat")
        two_mists = client.post("/api/tables", json={"game": "two-mists", "players": 3, "seats": ["human"] * 3})
        _error(_join(client, two_mists.json()["table_id"], deck="any"), 422, "no_decks")

        # creating
        base = {"game": COC, "players": 2, "seats": ["human", "random"]}
        _error(client.post("/api/tables", json={**base, "deck_seats": [1]}), 422, "bad_deck_seats")
        _error(client.post("/api/tables", json={**base, "deck_seats": [2]}), 422, "bad_deck_seats")
        _error(client.post("/api/tables", json={**base, "deck_seats": [0, 0]}), 422, "bad_deck_seats")
        _error(client.post("/api/tables", json={**base, "deck_seats": [0], "decks": ["the_yellow_key", None]}),
               422, "bad_deck_seats")
        _error(client.post("/api/tables", json={**base, "deck_seats": [16]}), 422, "invalid_request")
        _error(client.post("/api/tables", json={**base, "deck_seats": [0], "options": {"decks": ["x", "y"]}}),
               422, "bad_decks")
        _error(client.post("/api/tables", json={**base, "deck_seats": [0], "options": {"max_turns": -1}}),
               422, "bad_options")  # the deal is tried at creation
        _error(client.post("/api/tables", json={"game": "two-mists", "players": 3, "seats": ["human"] * 3,
                                                "deck_seats": [1]}), 422, "no_decks")


# --- races and persistence -------------------------------------------------------------------------
def test_two_racing_joins_for_one_seat_exactly_one_wins(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        owners = [_owner(client) for _ in range(5)]
        decks = [_saved(client, o, f"Racer {k}", k=k) for k, o in enumerate(owners)]
        made = _create(client, COC, ["human", "human"], [1])
        tid = made["table_id"]
        answers: list[Any] = [None] * len(owners)
        start = threading.Barrier(len(owners))

        def racer(k: int) -> None:
            start.wait()
            answers[k] = _join(client, tid, owners[k], seat=1, saved_deck=decks[k])

        threads = [threading.Thread(target=racer, args=(k,)) for k in range(len(owners))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        stored = _rows(sqlite_url, "SELECT seat, deck FROM seat_decks WHERE table_id = :t AND seat = 1", t=tid)
        summary = client.get(f"/api/tables/{tid}").json()
    codes = sorted(a.status_code for a in answers)
    assert codes == [200] + [409] * (len(owners) - 1), [a.text for a in answers]
    winner = next(k for k, a in enumerate(answers) if a.status_code == 200)
    assert len(stored) == 1 and json.loads(stored[0].deck)["name"] == f"Racer {winner}"
    assert summary["dealt"] is True
    assert all(a.json()["error"]["code"] == "seat_taken" for a in answers if a.status_code == 409)


def test_the_store_lets_one_claim_win_even_across_server_processes(db_url: str) -> None:
    """The in-memory lock serializes one process; the stored claim is conditional, so a second process
    racing for the same seat (or a replayed request) is refused by the database itself."""
    with make_client(db_url) as client:
        tid = _create(client, COC, ["human", "human"], [1])["table_id"]
    store = Store(db_url)
    try:
        store.join_with_deck(tid, 1, "a" * 64, "The Yellow Key", "waiting")
        with pytest.raises(SeatTaken):
            store.join_with_deck(tid, 1, "b" * 64, "Badge and Lamp", "waiting")
        assert store.seat_decks(tid)[1] == "The Yellow Key"
    finally:
        store.close()


def test_restart_resumes_waiting_and_dealt_tables(db_url: str) -> None:
    """Each accepted deck is stored before the answer; a restarted server keeps waiting, then deals."""
    with make_client(db_url) as client:
        me = _owner(client)
        did = _saved(client, me, "Kept Across Restarts", game=MYTHOS, k=2)
        made = _create(client, MYTHOS, ["human", "human", "human"], [1, 2], decks=[_ready_name(MYTHOS, 4), None, None])
        tid = made["table_id"]
        first = _join(client, tid, me, saved_deck=did)
        assert first.status_code == 200, first.text
        stored = _rows(db_url, "SELECT seat FROM seat_decks WHERE table_id = :t ORDER BY seat", t=tid)
        saved = client.get(f"/api/decks/{did}", headers=me).json()
    assert [r.seat for r in stored] == [0, 1]
    with make_client(db_url) as client:
        waiting = client.get(f"/api/tables/{tid}").json()
        with client.websocket_connect(f"/ws/tables/{tid}?token={first.json()['token']}") as ws:
            recv(ws)
            undealt = recv_until(ws, is_state)
        second = _join(client, tid, seat=2, deck=_ready_name(MYTHOS, 0))
        assert second.status_code == 200, second.text
    fmt = deck_format(MYTHOS)
    assert fmt is not None
    decks = [_ready_name(MYTHOS, 4), option_value(fmt, saved["name"], saved["sections"]), _ready_name(MYTHOS, 0)]
    assert waiting["needs_deck"] == [2] and waiting["dealt"] is False and undealt["view"] is None
    with make_client(db_url) as client:
        dealt = client.get(f"/api/tables/{tid}").json()
        with client.websocket_connect(f"/ws/tables/{tid}?token={first.json()['token']}") as ws:
            recv(ws)
            view = recv_until(ws, is_state)["view"]
        with client.websocket_connect(f"/ws/tables/{tid}?token={made['seats'][0]['token']}") as ws, \
                client.websocket_connect(f"/ws/tables/{tid}?token={second.json()['token']}") as ws2:
            recv(ws2)
            last, _ = play_first_legal(ws, stop_after=1)  # seat 0 moves once; the others are people who wait
            sync(ws2)
    assert dealt["dealt"] is True and dealt["needs_deck"] == [] and view == _expected_view(MYTHOS, 11, decks, 1)
    assert last["seq"] >= 1


def test_an_older_database_gets_the_new_column_and_table(db_url: str) -> None:
    with make_client(db_url) as client:
        old = _create(client, COC, ["human", "random"], [], seed=5)["table_id"]
    engine = create_engine(db_url)
    with engine.begin() as conn:  # as a database made before this feature
        conn.execute(text("DROP TABLE seat_decks"))
        conn.execute(text("ALTER TABLE tables DROP COLUMN deck_seats"))
        conn.execute(text("ALTER TABLE tables DROP COLUMN undealt"))
    engine.dispose()
    with make_client(db_url) as client:
        listed = client.get(f"/api/tables/{old}").json()
        made = _create(client, COC, ["human", "human"], [1])
        joined = _join(client, made["table_id"], deck="the_yellow_key")
    engine = create_engine(db_url)
    columns = {c["name"] for c in inspect(engine).get_columns("tables")}
    tables = set(inspect(engine).get_table_names())
    engine.dispose()
    assert {"deck_seats", "undealt"} <= columns and "seat_decks" in tables
    assert listed["dealt"] is True and listed["needs_deck"] == [] and joined.status_code == 200, joined.text


# --- no leak ---------------------------------------------------------------------------------------
def test_no_other_seat_spectator_or_host_ever_sees_the_joiners_deck(sqlite_url: str) -> None:
    secret = "Zebra Lantern 9Q"
    with make_client(sqlite_url) as client:
        me = _owner(client)
        did = _saved(client, me, secret, game=MYTHOS, k=1)
        made = _create(client, MYTHOS, ["human", "human", "human"], [1, 2], seed=None)
        tid = made["table_id"]
        others: list[str] = []
        own: list[str] = []
        with client.websocket_connect(f"/ws/tables/{tid}?token={made['seats'][0]['token']}") as a, \
                client.websocket_connect(f"/ws/tables/{tid}") as watcher, \
                client.websocket_connect(f"/ws/tables/{tid}?token={made['admin_token']}") as host:
            joined = _join(client, tid, me, seat=1, saved_deck=did)
            assert joined.status_code == 200, joined.text
            for ws in (a, watcher, host):  # while the table still waits for seat 2
                others += [json.dumps(f) for f in sync(ws)]
            others += [json.dumps(client.get("/api/tables").json()), json.dumps(client.get(f"/api/tables/{tid}").json())]
            last = _join(client, tid, seat=2, deck=_ready_name(MYTHOS, 0))
            others.append(last.text)
            with client.websocket_connect(f"/ws/tables/{tid}?token={joined.json()['token']}") as b, \
                    client.websocket_connect(f"/ws/tables/{tid}?token={last.json()['token']}") as c:
                for _ in range(12):
                    for ws, mine in ((a, False), (b, True), (c, False), (watcher, False), (host, False)):
                        frames = sync(ws)
                        (own if mine else others).extend(json.dumps(f) for f in frames)
                        states = [f for f in frames if is_state(f) and f["view"] is not None]
                        if ws not in (watcher, host) and states and states[-1]["decision"] is not None:
                            ws.send_json({"type": "act", "seq": states[-1]["seq"],
                                          "action": states[-1]["decision"]["options"][0]})
        others += [json.dumps(client.get(f"/api/tables/{tid}").json())]
    assert len(others) > 20
    leaks = [p[:160] for p in others if secret in p]
    assert not leaks, f"another seat, a spectator or the host received the joiner's deck: {leaks[:3]}"
    for payload in others:
        frame = json.loads(payload)
        if isinstance(frame, dict) and is_state(frame) and frame["view"] is not None:
            assert set(frame["view"]["options"]["decks"][1]) == {"investigator"}  # MY-3.1: that card only
    assert any(secret in p for p in own)  # the joiner sees their own deck: the test has teeth


def test_a_table_that_opens_deck_lists_shows_the_joined_deck_to_the_other_seat(sqlite_url: str) -> None:
    """The game decides what is hidden: with Call of Cthulhu's ``open_decklists`` the joiner's list is
    public once dealt (CC's own rule), and before the deal still nobody sees anything."""
    with make_client(sqlite_url) as client:
        me = _owner(client)
        did = _saved(client, me, "Open Book 3K")
        made = _create(client, COC, ["human", "human"], [1], options={"open_decklists": True})
        tid = made["table_id"]
        with client.websocket_connect(f"/ws/tables/{tid}?token={made['seats'][0]['token']}") as a:
            recv(a)
            before = recv_until(a, is_state)
            assert _join(client, tid, me, saved_deck=did).status_code == 200
            dealt = recv_until(a, lambda f: is_state(f) and f["view"] is not None)
    assert before["view"] is None
    assert dealt["view"]["options"]["decks"][1]["name"] == "Open Book 3K"
