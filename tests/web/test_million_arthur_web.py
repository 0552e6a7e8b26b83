"""Million Arthur in the browser through the shared card-table renderer (renderers/cardtable.js) and
the game's declared presentation: a person creates the table in the lobby with a deck per seat and
plays at least three full turns of their own against a bot only by clicking (and, on a phone, tapping)
cards, regions and buttons; reads card text on hover and on tap; sees the other seat's hand as backs
and its face-down chain cards they do not know as backs (MA-14.4), and, during the secret deployment
steps, only that the other seat has committed (MA-14.5); axe finds nothing serious."""

from __future__ import annotations

import random
import time
from typing import Any

from .accessibility import assert_accessible
from .cardplay import click_move
from .conftest import PHONE, PHONE_OPTIONS
from .play import shot, table_state, wait_connected

GAME = "million-arthur"
DECKS = ("Ember and Thorn", "Tide and Lantern")
BOT = "random"  # the bot every game has (a heuristic policy for this game is written separately)

# The opponent's side, read in one go (a frame arriving in between cannot make the parts disagree).
HIDDEN_JS = """() => {
  const v = window.cardtable.app.frame.view;
  const top = document.querySelector('.ct-side.ct-top');
  const hand = top.querySelector('[data-region="hand"]');
  const chain = top.querySelector('[data-region="chain"]');
  const chainIds = v.zones['chain:1'] || [];
  const hidden = chainIds.filter((id) => id === null || v.cards[String(id)].defn === null);
  const back = (el) => [...el.querySelectorAll('.ct-card.back')].reduce((n, b) => n + Number(b.dataset.count), 0);
  return {
    handFaceUp: hand.querySelectorAll('.ct-card[data-card]').length, handBacks: back(hand),
    handSize: (v.zones['hand:1'] || []).length,
    chainBacks: back(chain), chainHidden: hidden.length,
    hiddenDrawn: hidden.filter((id) => id !== null && chain.querySelector(`.ct-card[data-card="${id}"]`)).length,
    chainFaceDownShown: chain.querySelectorAll('.ct-card.mk-facedown').length,
    secret: v.info.secret, decision: window.cardtable.app.frame.decision ? window.cardtable.app.frame.decision.kind : null,
    active: v.vars.active,
    chip: [...top.querySelectorAll('.ct-banner [data-counter="secret choice"]')].map((c) => c.textContent).join(" | "),
  };
}"""


def _other_side_hides_what_it_must(page: Any) -> dict[str, Any]:
    got = page.evaluate(HIDDEN_JS)
    assert got["handFaceUp"] == 0 and got["handBacks"] == got["handSize"], f"the other seat's hand shows: {got}"
    assert got["hiddenDrawn"] == 0 and got["chainBacks"] == got["chainHidden"], f"a hidden chain card shows: {got}"
    if got["secret"][1] == "committed (hidden)":
        assert "committed (hidden)" in got["chip"], got
    return got


def _open_from_the_lobby(page: Any, server: Any) -> None:
    page.goto(server.url + "/")
    page.select_option("#game", GAME)
    page.wait_for_selector("#deck-1")
    page.select_option("#seat-0", "human")
    page.select_option("#seat-1", BOT)
    page.select_option("#deck-0", DECKS[0])
    page.select_option("#deck-1", DECKS[1])
    page.click("#create")
    page.locator('[data-testid="play-link"]').click()
    wait_connected(page)
    page.wait_for_selector(".ct-board .ct-side.ct-bottom")
    page.wait_for_function("() => window.cardtable.app.frame.decision")


def _play(page: Any, turns: int, seed: int, how: str, timeout: float) -> dict[str, int]:
    """Click (or tap) moves until seat 0 has played ``turns`` whole turns of its own, checking the other
    side after every move; returns what was seen on the way."""
    rng = random.Random(seed)
    deadline = time.monotonic() + timeout
    own: set[int] = set()
    seen = {"moves": 0, "committed_seen": 0, "face_down_seen": 0, "hidden_seen": 0}
    while True:
        turn, active = page.evaluate("() => [window.cardtable.app.frame.view.vars.turn, "
                                     "window.cardtable.app.frame.view.vars.active]")
        if active == 0:
            own.add(turn)
        if table_state(page)["over"] or len(own) > turns:
            seen["own_turns"] = len(own) - (0 if table_state(page)["over"] else 1)
            return seen
        got = _other_side_hides_what_it_must(page)
        if got["decision"] in ("first_step", "second_step") and got["secret"][1] == "committed (hidden)":
            seen["committed_seen"] += 1
            if seen["committed_seen"] == 1:
                shot(page, f"ma-committed-hidden-{how}")
        seen["face_down_seen"] += got["chainFaceDownShown"] > 0
        seen["hidden_seen"] += got["chainHidden"] > 0
        if click_move(page, rng, how):
            seen["moves"] += 1
        else:
            time.sleep(0.05)
        assert time.monotonic() < deadline, f"{len(own)} own turns in {timeout}s: {seen}"


def _card_text_on_hover(page: Any) -> None:
    card = page.locator(".ct-side.ct-bottom .ct-card[data-card]").first
    card.hover()
    tip = page.locator('[data-testid="card-tip"]')
    tip.wait_for()
    defn = page.evaluate("(id) => window.cardtable.app.frame.view.cards[id].defn", card.get_attribute("data-card"))
    text = page.evaluate("(d) => window.cardtable.app.catalog.cards[d].text", defn)
    assert text and text[:20] in tip.inner_text()


def _a_hidden_chain_card_is_drawn_as_a_back(page: Any) -> None:
    """The renderer on a view where the other seat's chain holds a face-down card this seat does not
    know (its ``defn`` is null, MA-14.4) and one it knows: a back with the count, and a marked face."""
    got = page.evaluate("""() => {
      const f = window.cardtable.app.frame;
      const saved = JSON.stringify(f.view);
      const v = f.view;
      const known = Number(Object.keys(v.cards).find((id) => v.cards[id].defn !== null && v.cards[id].owner === 1));
      v.cards["9001"] = {defn: null, owner: 1, ctrl: 1, flags: 2, host: -1, known: 2};
      v.cards[String(known)] = {...v.cards[String(known)], flags: 2};
      v.zones["chain:1"] = [9001, known];
      window.cardtable.render();
      const chain = document.querySelector('.ct-side.ct-top [data-region="chain"]');
      const out = {backs: [...chain.querySelectorAll('.ct-card.back')].map((b) => b.getAttribute('aria-label')),
                   drawn: chain.querySelectorAll('.ct-card[data-card="9001"]').length,
                   marked: chain.querySelectorAll(`.ct-card.mk-facedown[data-card="${known}"]`).length};
      f.view = JSON.parse(saved);
      window.cardtable.render();
      return out;
    }""")
    assert got == {"backs": ["1 face-down card"], "drawn": 0, "marked": 1}, got


def test_lobby_decks_then_three_turns_against_a_bot_by_clicking(server, new_page) -> None:
    page = new_page()
    _open_from_the_lobby(page, server)
    view = page.evaluate("() => window.cardtable.app.frame.view")
    assert view["options"]["decks"][0]["name"] == DECKS[0]
    assert "cards" not in view["options"]["decks"][1]  # the other seat's list stays hidden (MA-14.3)
    assert page.locator("#page-title").inner_text().startswith("Million Arthur")
    for region in ("leader", "chain", "battle", "base", "hand", "deck", "discard", "burst"):
        assert page.locator(f'.ct-side.ct-top [data-region="{region}"]').count() == 1, region
    assert page.locator('.ct-side.ct-bottom [data-counter="capacity"]').count() == 1
    _other_side_hides_what_it_must(page)
    _card_text_on_hover(page)
    _a_hidden_chain_card_is_drawn_as_a_back(page)
    assert_accessible(page, "Million Arthur table with a decision to make")
    shot(page, "ma-start")

    seen = _play(page, 3, seed=1, how="click", timeout=420)
    assert seen["own_turns"] >= 3 or table_state(page)["over"], seen
    assert seen["committed_seen"] > 0, seen  # the bot (turn player) submits first, hidden (MA-8.13)
    lines = page.locator("#log li").all_inner_texts()
    assert any("to the battle area" in t for t in lines) and any("Turn " in t for t in lines), lines[-10:]
    assert not any(": player " in t or "kind" in t for t in lines), [t for t in lines if ": player " in t][:3]
    print(f"three own turns by clicking: {seen}")
    assert_accessible(page, "Million Arthur table after three turns")
    shot(page, "ma-three-turns")


def test_phone_plays_three_turns_with_taps_and_shows_card_text_on_tap(server, new_page) -> None:
    created = server.api("POST", "/api/tables", json={"game": GAME, "players": 2, "seats": ["human", BOT],
                                                        "decks": list(DECKS)})
    page = new_page(PHONE, **PHONE_OPTIONS)
    page.goto(server.url + created["seats"][0]["invite_url"])
    wait_connected(page)
    page.wait_for_function("() => window.cardtable.app.frame.decision")
    page.wait_for_selector(".ct-board .ct-side.ct-bottom")
    _other_side_hides_what_it_must(page)

    def fits(where: str) -> None:
        width = page.evaluate("() => document.scrollingElement.scrollWidth")
        assert width <= PHONE["width"], f"{where}: the table is {width} px wide on a {PHONE['width']} px phone"

    fits("start")
    readable = page.locator(".ct-card.ct-readable").first
    readable.tap()
    dialog = page.locator('[data-testid="card-dialog"]')
    dialog.wait_for()
    assert len(dialog.inner_text()) > 10
    assert_accessible(page, "Million Arthur card dialog on a phone")
    dialog.get_by_role("button", name="Close").tap()
    page.wait_for_function("() => !document.querySelector('[data-testid=card-dialog]').open")
    seen = _play(page, 3, seed=2, how="tap", timeout=600)
    assert seen["own_turns"] >= 3 or table_state(page)["over"], seen
    fits("after three turns")
    assert_accessible(page, "Million Arthur table on a phone")
    shot(page, "ma-phone")
