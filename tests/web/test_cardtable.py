"""The shared card-table renderer (renderers/cardtable.js) on a game that declares a presentation and has
no renderer module of its own (Call of Cthulhu): a person creates the table in the lobby with a deck per
seat, plays ten of their turns against a bot only by clicking cards, regions and buttons, reads card
text on hover and on tap, sees the other seat's hand as backs, and axe finds nothing serious — on a
laptop and on a phone."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import cardtable

from .accessibility import assert_accessible
from .cardplay import CLICKABLE, play_turns, press
from .conftest import PHONE, PHONE_OPTIONS
from .play import shot, table_state, wait_connected

GAME = "call-of-cthulhu"

SIZES_JS = """(sel) => [...document.querySelectorAll(sel)].filter((el) => el.offsetParent !== null)
  .map((el) => { const r = el.getBoundingClientRect();
                 return {w: Math.round(r.width), h: Math.round(r.height), what: el.textContent.trim().slice(0, 30)}; })"""


HAND_JS = """() => {
  const hand = document.querySelector('.ct-side.ct-top [data-region="hand"]');
  const back = hand && hand.querySelector('.ct-card.back');
  const ids = window.cardtable.app.frame.view.zones['hand:1'];
  return {regions: document.querySelectorAll('.ct-side.ct-top [data-region="hand"]').length,
          faceUp: hand ? hand.querySelectorAll('.ct-card[data-card]').length : -1,
          backs: back ? Number(back.dataset.count) : 0,
          size: ids.length, hidden: ids.filter((id) => id === null).length};
}"""


def _opponent_hand_is_backs(page: Any) -> None:
    """The other seat's hand region draws a back for every card the view hides, and a face only for a
    card every seat saw go there (a card returned to its owner's hand from play stays known, as in the
    paper game); read in one go, so a frame arriving in between cannot make it disagree. That the view
    itself hides what it must is the conformance suite's no-leak property."""
    got = page.evaluate(HAND_JS)
    assert got["regions"] == 1, got
    assert got["backs"] == got["hidden"], f"a hidden card of the other seat's hand is not drawn as a back: {got}"
    assert got["faceUp"] == got["size"] - got["hidden"], f"the other seat's hand disagrees with the view: {got}"


def _table_from_the_lobby(page: Any, deck0: str, deck1: str) -> None:
    """On the lobby page: a Call of Cthulhu table, you against the heuristic bot, a deck per seat; open it."""
    page.select_option("#game", GAME)
    page.wait_for_selector("#deck-1")
    page.select_option("#seat-0", "human")
    page.select_option("#seat-1", "heuristic")
    page.select_option("#deck-0", deck0)
    page.select_option("#deck-1", deck1)
    page.click("#create")
    page.locator('[data-testid="play-link"]').click()
    wait_connected(page)
    page.wait_for_selector(".ct-board .ct-side.ct-bottom")
    page.wait_for_function("() => window.cardtable.app.frame.decision")


def test_lobby_deck_choice_then_ten_turns_against_a_bot_by_clicking(server, new_page) -> None:
    """Ten of the human's turns, all by clicks. A Call of Cthulhu game between a bot and a person
    clicking at random often ends within five to nine turns each, so when it ends the person goes
    back to the lobby (by its link) and starts another table, until ten turns are played."""
    decks = server.api("GET", f"/api/games/{GAME}/decks")
    page = new_page()
    page.goto(server.url + "/")
    _table_from_the_lobby(page, decks[2]["name"], decks[1]["name"])
    view = page.evaluate("() => window.cardtable.app.frame.view")
    assert view["options"]["decks"][0]["name"] == decks[2]["name"]
    assert view["options"]["decks"][1] is None  # the other seat's deck stays hidden
    _opponent_hand_is_backs(page)
    assert page.locator('.ct-side.ct-top [data-region="hand"] .ct-card.back').count() == 1
    assert page.locator("#page-title").inner_text().startswith("Call of Cthulhu")

    # card text on hover: the tooltip holds the card's catalog text
    card = page.locator(".ct-side.ct-bottom .ct-card[data-card]").first
    card.hover()
    tip = page.locator('[data-testid="card-tip"]')
    tip.wait_for()
    defn = page.evaluate("(id) => window.cardtable.app.frame.view.cards[id].defn", card.get_attribute("data-card"))
    text = page.evaluate("(d) => window.cardtable.app.catalog.cards[d].text", defn)
    assert text and text[:20] in tip.inner_text()
    assert_accessible(page, "Call of Cthulhu table with a decision to make")
    shot(page, "cardtable-start")

    turns, moves, games = 0, 0, 1
    lines: list[str] = []  # the log of every game played, read before leaving it
    while True:
        own, made = play_turns(page, 0, 10 - turns, seed=games)
        turns, moves = turns + own, moves + made
        _opponent_hand_is_backs(page)
        lines += page.locator("#log li").all_inner_texts()
        if turns >= 10:
            break
        assert table_state(page)["over"] and games < 4, (turns, games)
        assert_accessible(page, "Call of Cthulhu table at the end of a game")
        shot(page, f"cardtable-game-{games}-over")
        page.locator('[data-testid="outcome"]').get_by_role("link", name="Back to the lobby").click()
        page.wait_for_selector("#seat-list select")
        games += 1
        _table_from_the_lobby(page, decks[0]["name"], decks[3]["name"])
    assert moves >= 10 * 2  # fewer since auto-pass takes the decisions with nothing to decide
    assert len(lines) > 10 and any(re.search(r"\b(draws?|plays?)\b", t) for t in lines), lines[-10:]  # sentences
    print(f"ten own turns: {turns} turns in {games} game(s), {moves} clicked moves")
    assert_accessible(page, "Call of Cthulhu table after ten turns")
    shot(page, "cardtable-ten-turns")


def test_a_spectator_sees_both_hands_as_backs_and_no_decision(server, new_page) -> None:
    # A human seat holds the game at its first decision, so the spectator looks at a game in progress
    # (two bots can finish one before the page has loaded).
    created = server.api("POST", "/api/tables", json={"game": GAME, "players": 2, "seats": ["human", "random"]})
    page = new_page()
    page.goto(server.url + created["watch_url"])
    wait_connected(page)
    page.wait_for_selector(".ct-board .ct-side.ct-bottom")
    page.wait_for_function("() => window.cardtable.app.frame.view.zones['hand:0'].length > 0")
    for side in ("ct-top", "ct-bottom"):
        hand = page.locator(f'.ct-side.{side} [data-region="hand"]')
        assert hand.locator(".ct-card[data-card]").count() == 0, f"{side}: a hand card is face up for a spectator"
    assert page.locator("#board [data-option], #board .ct-pickable").count() == 0
    assert_accessible(page, "Call of Cthulhu spectator page")


def _phone_table(server: Any, new_page: Any) -> Any:
    """A phone's page at a new table (seat 0 a person, seat 1 the random bot with The Yellow Key), drawn and
    waiting for the person's first decision."""
    created = server.api("POST", "/api/tables", json={"game": GAME, "players": 2, "seats": ["human", "random"],
                                                        "decks": [None, "the_yellow_key"]})
    page = new_page(PHONE, **PHONE_OPTIONS)
    page.goto(server.url + created["seats"][0]["invite_url"])
    wait_connected(page)
    page.wait_for_function("() => window.cardtable.app.frame.decision")
    page.wait_for_selector(".ct-board .ct-side.ct-bottom")
    return page


def test_phone_table_fits_has_big_targets_shows_card_text_on_tap_and_plays_with_taps(server, new_page) -> None:
    lobby = new_page(PHONE, **PHONE_OPTIONS)
    lobby.goto(server.url + "/")
    lobby.select_option("#game", GAME)
    lobby.wait_for_selector("#deck-1")
    assert lobby.evaluate("() => document.scrollingElement.scrollWidth") <= PHONE["width"], "the lobby's deck choice is too wide"
    page = _phone_table(server, new_page)
    _opponent_hand_is_backs(page)

    def check(where: str) -> None:
        width = page.evaluate("() => [document.scrollingElement.scrollWidth, window.innerWidth]")
        assert width == [PHONE["width"], PHONE["width"]] or width[0] <= PHONE["width"], f"{where}: {width}"
        small = [s for s in page.evaluate(SIZES_JS, CLICKABLE + ", #board .ct-card[role=button]")
                 if s["w"] < 44 or s["h"] < 44]
        assert not small, f"{where}: tap targets under 44 px: {small[:5]}"

    check("start")
    # a tap on a card that is no option shows its text in a dialog
    readable = page.locator(".ct-card.ct-readable").first
    readable.tap()
    dialog = page.locator('[data-testid="card-dialog"]')
    dialog.wait_for()
    assert page.evaluate("() => document.querySelector('[data-testid=card-dialog]').open")
    assert len(dialog.inner_text()) > 10
    assert_accessible(page, "card dialog on a phone")
    dialog.get_by_role("button", name="Close").tap()
    page.wait_for_function("() => !document.querySelector('[data-testid=card-dialog]').open")
    shot(page, "cardtable-phone")
    own_turns, moves = play_turns(page, 0, 10, seed=2, how="tap", timeout=420)
    assert own_turns >= 10 or table_state(page)["over"], own_turns
    check("after ten turns or the end")
    assert_accessible(page, "Call of Cthulhu table on a phone")
    shot(page, "cardtable-phone-later")


DOCK_JS = """() => {
  const bar = document.querySelector('.ct-board > .ct-decision').getBoundingClientRect();
  const hand = document.querySelector('.ct-bottom .ct-hand-dock').getBoundingClientRect();
  return {barTop: bar.top, handBottom: hand.bottom};
}"""


def test_phone_docked_hand_follows_the_decision_when_it_grows(server, new_page) -> None:
    """On a phone the hand is docked just above the decision (both fixed along the bottom edge). When the
    decision grows after the board was drawn (titles fitted, fonts loaded, a hint's reason), the hand moves
    up with it instead of covering the decision's buttons: a stale height once let the hand swallow the
    taps meant for Pass."""
    page = _phone_table(server, new_page)
    page.wait_for_selector(".ct-board .ct-side.ct-bottom .ct-hand-dock")
    before = page.evaluate(DOCK_JS)
    assert before["handBottom"] <= before["barTop"] + 1, before
    page.evaluate("""() => { const extra = document.createElement('div');
        extra.style.height = '90px'; extra.className = 'test-extra';
        document.querySelector('.ct-board > .ct-decision').prepend(extra); }""")
    page.wait_for_function(f"""() => {{
        const bar = document.querySelector('.ct-board > .ct-decision').getBoundingClientRect();
        const hand = document.querySelector('.ct-bottom .ct-hand-dock').getBoundingClientRect();
        return bar.top < {before["barTop"]} - 80 && hand.bottom <= bar.top + 1; }}""", timeout=5000)


def test_keyboard_alone_plays_two_turns(server, new_page) -> None:
    """Focus a highlighted card or button and press Enter; a card with several uses moves the focus to
    its choices, where Enter picks the first."""
    created = server.api("POST", "/api/tables", json={"game": GAME, "players": 2, "seats": ["human", "random"],
                                                        "seed": 3, "practice": True})
    page = new_page()
    page.goto(server.url + created["seats"][0]["invite_url"])
    wait_connected(page)
    page.wait_for_function("() => window.cardtable.app.frame.decision")
    own_turns, moves = play_turns(page, 0, 2, seed=5, how="keys", timeout=120)
    assert (own_turns >= 2 or table_state(page)["over"]) and moves >= 5


DECISION_JS = "() => { const d = window.cardtable.app.frame.decision; return d ? d.kind : null; }"


def test_a_card_with_several_uses_opens_its_choices_and_makes_the_target_regions_clickable(server, new_page) -> None:
    created = server.api("POST", "/api/tables", json={"game": GAME, "players": 2, "seats": ["human", "random"],
                                                        "seed": 11, "practice": True})
    page = new_page()
    page.goto(server.url + created["seats"][0]["invite_url"])
    wait_connected(page)
    for _ in range(60):  # opening resources by clicking cards, then pass until the resource step
        page.wait_for_function("() => window.cardtable.app.frame.decision && !window.cardtable.app.pending")
        kind = page.evaluate(DECISION_JS)
        if kind == "resource":
            break
        seq = table_state(page)["seq"]
        passing = page.locator("#board .ct-decision [data-option]", has_text="Pass")
        if page.locator('[data-testid="multi-pick"]').count():  # one prompt for the opening resources
            page.locator(".ct-card.ct-pickable").first.click()
            page.locator('[data-testid="multi-confirm"]').click()
        else:
            (passing.first if passing.count() else page.locator(".ct-card.ct-pickable").first).click()
        page.wait_for_function("(s) => window.cardtable.app.frame.seq !== s && !window.cardtable.app.pending", arg=seq)
    assert page.evaluate(DECISION_JS) == "resource"
    card = page.locator('.ct-side.ct-bottom [data-region="hand"] .ct-card.multi').first
    card_id = card.get_attribute("data-card")
    assert page.locator(".ct-region.target").count() == 0
    card.click()
    page.locator('[data-testid="selection"]').wait_for()
    targets = page.locator('.ct-side.ct-bottom .ct-region.target[data-region="domain"]')
    assert targets.count() == 3
    page.keyboard.press("Escape")  # Esc drops the selection
    page.wait_for_function("() => !document.querySelector('[data-testid=selection]')")
    press(page, page.locator(f'.ct-card[data-card="{card_id}"]'))
    seq = table_state(page)["seq"]
    page.locator('.ct-side.ct-bottom .ct-region.target[data-region="domain"][data-index="1"] .ct-region-pick').click()
    page.wait_for_function("(s) => window.cardtable.app.frame.seq !== s", arg=seq)
    zone = page.evaluate("() => window.cardtable.app.frame.view.zones['res:0:1']")
    assert int(card_id) in zone, "the card went to another domain than the one clicked"
    assert page.locator(f'[data-region="domain"][data-index="1"] .ct-card[data-card="{card_id}"]').count() == 1


def test_the_shared_renderer_names_no_game() -> None:
    """renderers/cardtable.js draws any declared card game: no noun of the game it is tested on."""
    source = (Path(cardtable.__file__).parent / "web" / "static" / "renderers" / "cardtable.js").read_text()
    catalog = cardtable.load_game(GAME).card_catalog()["cards"]
    words = ["cthulhu", "stor(y|ies)", "domains?", "resources?", "insane", "wounds?", "commit(ted)?", "factions?",
             "skill", "terror", "combat", "arcane", "investigation", "sanity"] + [re.escape(c["title"]) for c in catalog]
    pattern = re.compile(r"\b(?:" + "|".join(words) + r")\b", re.IGNORECASE)
    found = [m.group(0) for m in pattern.finditer(source)]
    assert not found, f"renderers/cardtable.js names game things: {sorted(set(found))}"
    assert pattern.search("at the story row")  # the check has teeth
