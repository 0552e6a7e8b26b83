"""The lobby API's game extras: ``/presentation`` and ``/decks`` from the game's facets, a deck per seat
at table creation (validated against the ready decks, stored and replayed as an option), and no seat
ever receiving the other seat's deck (its name or its card list) unless the table opens the lists."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardtable.registry import game_facet, load_game

from .wsplay import is_state, make_client, recv, recv_until

COC = "call-of-cthulhu"


def _decks() -> list[Any]:
    facet = game_facet(COC, "decklists")
    assert facet is not None
    return list(facet.ready_decks())


def test_presentation_is_served_from_the_facet_and_missing_ones_are_404(sqlite_url: str) -> None:
    facet = game_facet(COC, "presentation")
    assert facet is not None
    with make_client(sqlite_url) as client:
        games = {g["id"]: g for g in client.get("/api/games").json()}
        res = client.get(f"/api/games/{COC}/presentation")
        none = client.get("/api/games/two-mists/presentation")
        unknown = client.get("/api/games/chess/presentation")
    assert games[COC]["presentation"] is True and games[COC]["decks"] is True
    assert games["two-mists"]["presentation"] is False and games["two-mists"]["decks"] is False
    assert res.status_code == 200 and res.json() == facet.PRESENTATION.to_dict()
    assert none.status_code == 404 and none.json()["error"]["code"] == "no_presentation"
    assert "two-mists" in none.json()["error"]["message"]
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "no_game"


def test_ready_decks_are_listed_and_a_game_without_decks_lists_none(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        decks = client.get(f"/api/games/{COC}/decks").json()
        none = client.get("/api/games/two-mists/decks").json()
        unknown = client.get("/api/games/chess/decks")
    assert decks == [d.to_dict() for d in _decks()] and len(decks) >= 2
    assert none == [] and unknown.status_code == 404


@pytest.mark.parametrize(("body", "code", "words"), [
    ({"decks": ["Not A Deck", None]}, "bad_deck", ["seat 0", "Not A Deck"]),
    ({"decks": [None]}, "bad_decks", ["1 deck", "'players' is 2"]),
    ({"decks": [None, None], "options": {"decks": ["x", "y"]}}, "bad_decks", ["options.decks"]),
    ({"decks": [{"cards": {}}, None]}, "invalid_request", ["decks"]),
    ({"decks": [7, None]}, "invalid_request", ["decks"]),
])
def test_a_bad_deck_choice_is_a_422_naming_the_value(sqlite_url: str, body: dict[str, Any], code: str,
                                                     words: list[str]) -> None:
    with make_client(sqlite_url) as client:
        res = client.post("/api/tables", json={"game": COC, "players": 2, "seats": ["human", "random"], **body})
        tm = client.post("/api/tables", json={"game": "two-mists", "players": 3, "seats": ["random"] * 3,
                                              "decks": [None, None, None]})
    assert res.status_code == 422, res.text
    err = res.json()["error"]
    assert err["code"] == code and all(w in err["message"] for w in words), err
    assert tm.status_code == 422 and tm.json()["error"]["code"] == "no_decks"


def test_chosen_decks_reach_the_game_and_are_stored_and_replayed(sqlite_url: str) -> None:
    decks = _decks()
    with make_client(sqlite_url) as client:
        created = client.post("/api/tables", json={
            "game": COC, "players": 2, "seats": ["human", "random"], "seed": 5, "practice": True,
            "decks": [decks[1].stem, decks[2].name]}).json()
        tid = created["table_id"]
        with client.websocket_connect(f"/ws/tables/{tid}?token={created['seats'][0]['token']}") as ws:
            recv(ws)
            first = recv_until(ws, is_state)
    assert first["view"]["options"]["decks"][0]["name"] == decks[1].name
    assert first["view"]["options"]["decks"][1] is None
    with make_client(sqlite_url) as client:  # a restart rebuilds the table from the stored options
        with client.websocket_connect(f"/ws/tables/{tid}?token={created['seats'][0]['token']}") as ws:
            recv(ws)
            again = recv_until(ws, is_state)
    assert again["view"] == first["view"] or again["seq"] > first["seq"]
    assert again["view"]["options"]["decks"][0]["name"] == decks[1].name
    # a seat left to the seed gets a ready deck, the same for the same seed
    game = load_game(COC)
    with make_client(sqlite_url) as client:
        picks = []
        for _ in range(2):
            made = client.post("/api/tables", json={"game": COC, "players": 2, "seats": ["random", "random"],
                                                    "seed": 9, "practice": True, "decks": [None, decks[0].name]})
            assert made.status_code == 201, made.text
            picks.append(made.json()["table_id"])
        rows = [client.app.state.store.get_table(t) for t in picks]  # type: ignore[attr-defined]
    names = [[d["name"] for d in r.options["decks"]] for r in rows]
    assert names[0] == names[1] and names[0][1] == decks[0].name and names[0][0] in {d.name for d in decks}
    assert game.new_game(seed=9, options=rows[0].options).options["decks"][0]["name"] == names[0][0]


def _seat_payloads(client: Any, open_lists: bool, moves: int = 40) -> tuple[list[str], str]:
    """Everything seat 0 receives over HTTP and its socket while both seats play ``moves`` rounds of first
    options, and the name of the other seat's deck."""
    decks = _decks()
    mine, theirs = decks[0], decks[3]
    body: dict[str, Any] = {"game": COC, "players": 2, "seats": ["human", "human"], "decks": [mine.name, theirs.name]}
    if open_lists:
        body["options"] = {"open_decklists": True}
    created = client.post("/api/tables", json=body)
    assert created.status_code == 201, created.text
    made = created.json()
    tid = made["table_id"]
    seen: list[str] = [json.dumps(client.get("/api/tables").json()), json.dumps(client.get(f"/api/tables/{tid}").json())]
    with client.websocket_connect(f"/ws/tables/{tid}?token={made['seats'][0]['token']}") as a, \
            client.websocket_connect(f"/ws/tables/{tid}?token={made['seats'][1]['token']}") as b:
        for _ in range(moves):
            for ws, keep in ((a, True), (b, False)):
                ws.send_json({"type": "ping"})
                frames = _until_pong(ws)
                states = [f for f in frames if is_state(f)]
                if keep:
                    seen += [json.dumps(f) for f in frames]
                if states and states[-1]["decision"] is not None:
                    ws.send_json({"type": "act", "seq": states[-1]["seq"], "action": states[-1]["decision"]["options"][0]})
    assert mine.name != theirs.name
    return seen, theirs.name


def _until_pong(ws: Any) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    recv_until(ws, lambda f: f.get("type") == "pong", seen=out)
    return out


def test_the_other_seats_deck_never_reaches_a_seat_unless_the_lists_are_open(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        closed, name = _seat_payloads(client, open_lists=False)
        opened, _ = _seat_payloads(client, open_lists=True, moves=1)
    assert len(closed) > 10
    leaks = [p[:200] for p in closed if name in p]
    assert not leaks, f"seat 0 received the other seat's deck {name!r}: {leaks[:3]}"
    for payload in closed:
        frame = json.loads(payload)
        if isinstance(frame, dict) and is_state(frame):
            assert frame["view"]["options"]["decks"][1] is None
    # the test has teeth: with open deck lists the same payloads do carry the other deck
    assert any(f'"{name}"' in p for p in opened)
