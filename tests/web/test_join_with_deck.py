"""Choosing the deck when joining, as people do it in two browsers: the creator makes a table whose second
seat brings its own deck (the cards wait undealt), a friend in another browser opens the join link,
picks a deck saved (through the API) with their own owner token — by keyboard — and both play a few
moves; on a phone a joiner taps "Join with a deck" in the lobby's list and plays a ready deck against
a bot. Nobody else's page ever holds the joiner's deck list."""

from __future__ import annotations

import random
from typing import Any

import httpx

from .accessibility import assert_accessible
from .cardplay import click_move
from .conftest import PHONE, PHONE_OPTIONS
from .play import shot, table_state, wait_connected

GAME = "call-of-cthulhu"
NO_OVERFLOW_JS = "() => ({scroll: document.scrollingElement.scrollWidth, inner: window.innerWidth})"


def _owner_with_deck(server: Any, name: str) -> tuple[str, str]:
    """A deck owner token and the id of a legal deck saved under it, through the API only."""
    token = server.api("POST", "/api/deck-owners")["owner_token"]
    fmt = server.api("GET", f"/api/games/{GAME}/deck-format")
    saved = server.api("POST", "/api/decks", json={"game": GAME, "name": name, "sections": fmt["ready"][1]["sections"]},
                       headers={"X-Deck-Owner": token})
    return token, saved["id"]


def _moves(pages: list[Any], wanted: int, seed: int = 3) -> int:
    rng = random.Random(seed)
    moves = 0
    for _ in range(400):
        if moves >= wanted or any(table_state(p)["over"] for p in pages):
            break
        moved = False
        for page in pages:
            if click_move(page, rng):
                moves += 1
                moved = True
        if not moved:
            pages[0].wait_for_timeout(100)
    return moves


def test_a_friend_joins_from_another_browser_with_a_saved_deck_and_both_play(server: Any, new_page: Any) -> None:
    secret = "Second Browser Deck"
    token, deck_id = _owner_with_deck(server, secret)

    host = new_page()
    host.goto(server.url + "/")
    host.select_option("#game", GAME)
    host.wait_for_selector('#deck-1 option[value="join"]', state="attached")
    host.select_option("#seat-0", "human")
    host.select_option("#seat-1", "human")
    host.select_option("#deck-1", "join")
    # a bot cannot bring a deck: the choice is offered for human seats only
    host.select_option("#seat-1", "heuristic")
    assert host.locator('#deck-1 option[value="join"]').is_disabled() and host.input_value("#deck-1") == ""
    host.select_option("#seat-1", "human")
    host.select_option("#deck-1", "join")
    host.click("#create")
    link = host.locator('input[aria-label="join link for seat 1"]')
    join_url = link.input_value()
    assert "/?join=" in join_url and "seat=1" in join_url
    host.locator('[data-testid="play-link"]').click()
    wait_connected(host)
    host.locator('[data-testid="undealt"]').wait_for()
    assert "seat 1" in host.locator('[data-testid="undealt"]').inner_text()
    assert host.evaluate("() => window.cardtable.app.frame.view") is None
    shot(host, "join-undealt")
    assert_accessible(host, "a table waiting for decks")

    friend = new_page()
    friend.goto(server.url + "/decks")  # any page of the site, to reach its local storage
    friend.evaluate("(t) => localStorage.setItem('cardtable.deckOwner', t)", token)
    friend.goto(join_url)
    friend.wait_for_selector(f'#join-deck option[value="saved:{deck_id}"]', state="attached")
    assert friend.evaluate("() => document.activeElement.id") == "join-deck"  # the keyboard starts at the deck
    assert "seat 1" in friend.locator("#join-what").inner_text()
    assert_accessible(friend, "joining with a deck")
    friend.select_option("#join-deck", f"saved:{deck_id}")
    friend.keyboard.press("Tab")
    assert friend.evaluate("() => document.activeElement.id") == "join-go"
    friend.keyboard.press("Enter")
    friend.wait_for_url("**/table/**")
    wait_connected(friend)
    friend.wait_for_function("() => window.cardtable.app.frame.view")
    assert friend.evaluate("() => window.cardtable.app.frame.view.options.decks[1].name") == secret

    # the creator's page is dealt in place; it never holds the friend's deck list
    host.wait_for_function("() => window.cardtable.app.frame.view")
    assert host.locator('[data-testid="undealt"]').count() == 0
    assert host.evaluate("() => window.cardtable.app.frame.view.options.decks[1]") is None
    assert _moves([host, friend], 4) >= 4
    assert secret not in host.content()
    assert secret not in host.evaluate("() => JSON.stringify(window.cardtable.app.frame)")
    shot(friend, "join-friend-playing")


def test_on_a_phone_join_with_a_ready_deck_from_the_list_and_play_a_bot(server: Any, new_page: Any) -> None:
    made = server.api("POST", "/api/tables", json={"game": GAME, "players": 2, "seats": ["human", "heuristic"],
                                                  "deck_seats": [0], "name": "Phone joins"})
    tid = made["table_id"]
    page = new_page(PHONE, **PHONE_OPTIONS)
    page.goto(server.url + "/")
    button = page.locator(f'tr[data-table="{tid}"] [data-testid="join-with-deck"]')
    button.tap()
    page.wait_for_selector('#join-deck option[value^="ready:"]', state="attached")
    ready = page.locator('#join-deck option[value^="ready:"]').nth(2)
    value = ready.get_attribute("value")
    page.select_option("#join-deck", value)
    got = page.evaluate(NO_OVERFLOW_JS)
    assert got["inner"] == PHONE["width"] and got["scroll"] <= PHONE["width"], got
    shot(page, "join-phone-panel")
    page.locator("#join-go").tap()
    page.wait_for_url("**/table/**")
    wait_connected(page)
    page.wait_for_function("() => window.cardtable.app.frame.view")
    assert page.evaluate("() => window.cardtable.app.frame.view.options.decks[0].name") == value.split(":", 1)[1]
    rng = random.Random(9)
    moves = 0
    for _ in range(300):
        if moves >= 3 or table_state(page)["over"]:
            break
        if click_move(page, rng, how="tap"):
            moves += 1
        else:
            page.wait_for_timeout(100)
    assert moves >= 3
    summary = httpx.get(f"{server.url}/api/tables/{tid}", timeout=10).json()
    assert summary["dealt"] is True and summary["needs_deck"] == []


def test_the_creator_deals_now_from_the_created_panel(server: Any, new_page: Any) -> None:
    host = new_page()
    host.goto(server.url + "/")
    host.select_option("#game", GAME)
    host.wait_for_selector('#deck-1 option[value="join"]', state="attached")
    host.select_option("#seat-0", "human")
    host.select_option("#seat-1", "human")
    host.select_option("#deck-1", "join")
    host.click("#create")
    host.locator('[data-testid="deal-now"]').click()
    host.wait_for_selector('[data-testid="deal-now"] >> text=Dealt')
    assert "seat(s) 1 got a random ready deck" in host.locator("#messages").inner_text()
    host.locator('[data-testid="play-link"]').click()
    wait_connected(host)
    host.wait_for_function("() => window.cardtable.app.frame.view")
    assert host.evaluate("() => window.cardtable.app.frame.view.options.decks[1]") is None
    assert host.locator('[data-testid="undealt"]').count() == 0
