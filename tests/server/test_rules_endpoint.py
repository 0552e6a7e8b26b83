"""``GET /api/games/{id}/rules``: the game explained for newcomers (the browser's "How to play" panel)."""

from __future__ import annotations

import cardtable

from .wsplay import make_client


def test_rules_text_is_served_from_the_game_and_unknown_games_are_404(sqlite_url: str) -> None:
    game = cardtable.load_game("two-mists")
    with make_client(sqlite_url) as client:
        res = client.get("/api/games/two-mists/rules")
        missing = client.get("/api/games/chess/rules")
    assert res.status_code == 200 and res.json() == game.how_to_play()
    assert missing.status_code == 404
    body = missing.json()["error"]
    assert body["code"] == "no_game" and "chess" in body["message"] and "Traceback" not in body["message"]
