"""Million Arthur at the server, now that it is registered: its presentation and ready decks are served,
a deck chosen per seat reaches the game, and a seat never receives the other seat's deck (its name or
list, MA-14.3) nor the other seat's secret submission before the reveal (MA-14.5) over HTTP or its socket."""

from __future__ import annotations

import json
from typing import Any

from cardtable.registry import game_facet

from .wsplay import is_state, make_client, recv, recv_until

MA = "million-arthur"
MINE, THEIRS = "Ember and Thorn", "Tide and Lantern"


def test_presentation_and_decks_are_served(sqlite_url: str) -> None:
    facet = game_facet(MA, "presentation")
    decks = game_facet(MA, "decklists")
    assert facet is not None and decks is not None
    with make_client(sqlite_url) as client:
        games = {g["id"]: g for g in client.get("/api/games").json()}
        pres = client.get(f"/api/games/{MA}/presentation").json()
        listed = client.get(f"/api/games/{MA}/decks").json()
    assert games[MA]["presentation"] is True and games[MA]["decks"] is True
    assert pres == facet.PRESENTATION.to_dict()
    assert listed == [d.to_dict() for d in decks.ready_decks()] and {MINE, THEIRS} <= {d["name"] for d in listed}


def _until_pong(ws: Any) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    recv_until(ws, lambda f: f.get("type") == "pong", seen=out)
    return out


def test_the_other_seats_deck_and_secret_never_reach_a_seat(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        made = client.post("/api/tables", json={"game": MA, "players": 2, "seats": ["human", "human"],
                                                "decks": [MINE, THEIRS]})
        assert made.status_code == 201, made.text
        table = made.json()
        tid = table["table_id"]
        seen = [json.dumps(client.get("/api/tables").json()), json.dumps(client.get(f"/api/tables/{tid}").json())]
        with client.websocket_connect(f"/ws/tables/{tid}?token={table['seats'][0]['token']}") as a, \
                client.websocket_connect(f"/ws/tables/{tid}?token={table['seats'][1]['token']}") as b:
            recv(a), recv(b)
            for _ in range(60):
                for ws, keep in ((a, True), (b, False)):
                    ws.send_json({"type": "ping"})
                    frames = _until_pong(ws)
                    states = [f for f in frames if is_state(f)]
                    if keep:
                        seen += [json.dumps(f) for f in frames]
                        for f in states:
                            view = f["view"]
                            assert view["options"]["decks"][1] == {"leader": view["options"]["decks"][1]["leader"]}
                            assert all(s == 0 for s, _ in view["secrets"])  # only its own secret (MA-14.5)
                            assert view["info"]["pending"] == {} or view["secrets"]
                    if states and states[-1]["decision"] is not None:
                        options = states[-1]["decision"]["options"]
                        pick = next((o for o in options if o["kind"] in ("deploy", "move")), options[0])
                        ws.send_json({"type": "act", "seq": states[-1]["seq"], "action": pick})
    leaks = [p[:200] for p in seen if THEIRS in p]
    assert not leaks, f"seat 0 received the other seat's deck name: {leaks[:3]}"
    assert len(seen) > 20
