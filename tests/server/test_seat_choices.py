"""Per-seat setup choices a game declares besides the deck (``decklists.seat_choices``, D-WEB-24): listed
at ``/api/games/{id}/seat_choices``, taken by ``POST /api/tables`` as ``seat_choices`` and set as the
game's option, every bad value a 422 naming it. Mythos declares the investigator card (MY-2.1); its
side is still chosen in secret at the table (MY-4.1), so nothing at creation says which side."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.registry import load_game

from .wsplay import is_state, make_client, recv, recv_until

MY = "mythos"
BASE = {"game": MY, "players": 3, "seats": ["human", "random", "random"]}


def _investigators() -> list[str]:
    return [d.id for d in load_game(MY).pool.defs if d.type == "investigator"]  # type: ignore[attr-defined]


def test_the_choices_are_listed_and_a_game_without_them_lists_none(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        games = {g["id"]: g for g in client.get("/api/games").json()}
        mine = client.get(f"/api/games/{MY}/seat_choices").json()
        none = client.get("/api/games/million-arthur/seat_choices").json()
        unknown = client.get("/api/games/chess/seat_choices")
    assert games[MY]["seat_choices"] is True and games["million-arthur"]["seat_choices"] is False
    (inv,) = mine
    assert inv["key"] == "investigator" and inv["option"] == "investigators"
    assert [c["value"] for c in inv["choices"]] == _investigators()
    assert all("Sanity" in c["description"] for c in inv["choices"])
    assert none == [] and unknown.status_code == 404


def test_a_chosen_investigator_reaches_the_game_and_the_side_stays_secret_my_2_1_my_4_1(sqlite_url: str) -> None:
    pick = _investigators()[-1]
    with make_client(sqlite_url) as client:
        made = client.post("/api/tables", json={**BASE, "decks": ["tide_and_teeth", None, None],
                                                "seat_choices": {"investigator": [None, pick, None]}})
        assert made.status_code == 201, made.text
        created = made.json()
        with client.websocket_connect(f"/ws/tables/{created['table_id']}?token={created['seats'][0]['token']}") as ws:
            recv(ws)
            first = recv_until(ws, is_state)
    view = first["view"]
    game = load_game(MY)
    (inv1,) = view["zones"]["inv:1"]
    assert game.pool.defs[view["cards"][str(inv1)]["defn"]].id == pick  # type: ignore[attr-defined]
    assert view["vars"]["side"] == [-1, -1, -1]  # chosen at the table, in secret
    assert first["decision"]["kind"] == "choose_side"


@pytest.mark.parametrize(("body", "code", "words"), [
    ({"seat_choices": {"investigator": ["MYC-L05", None, None]}}, "bad_seat_choice", ["seat 0", "MYC-L05"]),
    ({"seat_choices": {"investigator": [None]}}, "bad_seat_choice", ["1 value", "'players' is 3"]),
    ({"seat_choices": {"colour": [None, None, None]}}, "bad_seat_choice", ["colour", "investigator"]),
    ({"seat_choices": {"investigator": ["MYC-I01", None, None]}, "options": {"investigators": [None] * 3}},
     "bad_seat_choice", ["options.investigators"]),
    ({"seat_choices": {"investigator": [7, None, None]}}, "invalid_request", ["seat_choices"]),
])
def test_a_bad_seat_choice_is_a_422_naming_the_value(sqlite_url: str, body: dict[str, Any], code: str,
                                                     words: list[str]) -> None:
    with make_client(sqlite_url) as client:
        res = client.post("/api/tables", json={**BASE, **body})
        other = client.post("/api/tables", json={"game": "million-arthur", "players": 2, "seats": ["random"] * 2,
                                                 "seat_choices": {"investigator": [None, None]}})
    assert res.status_code == 422, res.text
    err = res.json()["error"]
    assert err["code"] == code and all(w in err["message"] for w in words), err
    assert other.status_code == 422 and other.json()["error"]["code"] == "no_seat_choices"
