"""The lobby reads as words (issue 23): "2 players" for a game of exactly two, ready decks summed up by
faction and type names (Shub-Niggurath, travel event) instead of ids; and a join link opened on a phone
shows the join box first, chooses no ready deck for the player (the alphabetically first one may be
one that cannot win, README) and says what to do until one is chosen."""

from __future__ import annotations

from typing import Any

from .conftest import PHONE, PHONE_OPTIONS
from .play import shot, wait_connected

DESKTOP = {"width": 1280, "height": 800}


def _game(page: Any, game: str) -> None:
    page.select_option("#game", game)
    page.wait_for_selector("#deck-0 option:nth-child(2)", state="attached")


def test_the_game_note_and_the_deck_names_read_as_words(server: Any, new_page: Any) -> None:
    page = new_page(DESKTOP)
    page.goto(server.url + "/")
    _game(page, "million-arthur")
    assert page.locator("#game-note").inner_text().startswith("2 players ·")
    _game(page, "call-of-cthulhu")
    assert page.locator("#game-note").inner_text().startswith("2 players ·")
    options = page.locator("#deck-0 option").all_inner_texts()
    assert any("(Shub-Niggurath / Hastur)" in o for o in options), options
    assert not any("_" in o for o in options), options
    shot(page, "lobby-coc-1280")
    _game(page, "mythos")
    assert page.locator("#game-note").inner_text().startswith("2–4 players ·")
    options = page.locator("#deck-0 option").all_inner_texts()
    assert any("travel event" in o for o in options) and not any("_" in o for o in options), options
    page.select_option("#game", "two-mists")
    assert page.locator("#game-note").inner_text().startswith("3–4 players ·")


def _join_link(server: Any) -> str:
    made = server.api("POST", "/api/tables", json={"game": "million-arthur", "players": 2,
                                                  "seats": ["human", "human"], "deck_seats": [1]})
    return next(s["join_url"] for s in made["seats"] if s.get("deck_on_join"))


def test_a_join_link_on_a_phone_shows_the_join_box_first_with_no_deck_chosen(server: Any, new_page: Any) -> None:
    page = new_page(PHONE, **PHONE_OPTIONS)
    page.goto(server.url + _join_link(server))
    page.wait_for_selector('#join-deck option[value^="ready:"]', state="attached")
    box = page.locator("#join-panel").bounding_box()
    assert box is not None and 0 <= box["y"] < PHONE["height"] - 200, f"the join box is out of view: {box}"
    form = page.locator("#create-form").bounding_box()
    assert form is not None and form["y"] > box["y"], "the New table form comes before the join box"
    assert page.locator("#join-go").bounding_box()["y"] < PHONE["height"], "the Join button is below the fold"
    assert page.input_value("#join-deck") == "", "a ready deck was chosen for the player"
    assert "Choose the deck" in page.locator("#join-deck-note").inner_text()
    shot(page, "join-link-phone")
    page.locator("#join-go").tap()
    assert "Choose a deck first" in page.locator("#join-deck-note").inner_text()
    assert page.evaluate("() => document.activeElement.id") == "join-deck"
    assert "/table/" not in page.url
    page.select_option("#join-deck", "ready:Ember and Thorn")
    assert "Mercenary deck in red and green" in page.locator("#join-deck-note").inner_text()
    shot(page, "join-link-phone-chosen")
    page.locator("#join-go").tap()
    page.wait_for_url("**/table/**")
    wait_connected(page)


def test_a_join_link_on_a_laptop_shows_the_join_box_in_view(server: Any, new_page: Any) -> None:
    page = new_page(DESKTOP)
    page.goto(server.url + _join_link(server))
    page.wait_for_selector('#join-deck option[value^="ready:"]', state="attached")
    box = page.locator("#join-panel").bounding_box()
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= DESKTOP["height"], box
    assert page.input_value("#join-deck") == ""
    shot(page, "join-link-1280")
