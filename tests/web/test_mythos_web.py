"""Mythos in the browser through the shared card-table renderer and the game's declared presentation: a
person creates the table in the lobby with a deck AND an investigator per seat (MY-2.1, D-WEB-24), picks
the investigator side in secret (MY-4.1) and plays two full rounds against the heuristic bot only by
clicking (card plays, passes, battle decisions; on a phone, tapping); reads card text on hover and on
tap; never sees the other seat's hand or Mythos Threat (MY-6.8) face up; a four-seat table draws one
band per other seat; a Join group is opened and built card by card by clicking (D-MY-154); axe finds
nothing serious."""

from __future__ import annotations

import random
import re
import time
from typing import Any

from .accessibility import assert_accessible
from .cardplay import click_move, press
from .conftest import PHONE, PHONE_OPTIONS
from .play import shot, table_state, wait_connected

GAME = "mythos"
DECKS = ("Tide and Teeth", "Lamp and Ledger")
BOT = "heuristic"

# The other seats' sides, read in one go (a frame arriving in between cannot make the parts disagree).
HIDDEN_JS = """() => {
  const f = window.cardtable.app.frame;
  const v = f.view;
  const out = [];
  for (const side of document.querySelectorAll('.ct-side.ct-top')) {
    const seat = Number(side.dataset.seat);
    const back = (el) => el ? [...el.querySelectorAll('.ct-card.back')].reduce((n, b) => n + Number(b.dataset.count), 0) : 0;
    const hand = side.querySelector('[data-region="hand"]');
    const threat = side.querySelector('[data-region="threat"]');
    out.push({seat, handFaceUp: hand.querySelectorAll('.ct-card[data-card]').length, handBacks: back(hand),
              handSize: (v.zones[`hand:${seat}`] || []).length,
              threatFaceUp: threat.querySelectorAll('.ct-card[data-card]').length, threatBacks: back(threat),
              threatSize: (v.zones[`threat:${seat}`] || []).length,
              // a blocker from the Threat turns face up for everyone (MY-9.4): the view then names it
              // (a face-down card's entry says where it is, not what: its defn is null, and it is a back)
              threatKnown: (v.zones[`threat:${seat}`] || []).filter((id) => v.cards && v.cards[id] && v.cards[id].defn !== null).length});
  }
  return {sides: out, round: v.vars.round, phase: v.vars.phase, decision: f.decision ? f.decision.kind : null};
}"""


def _others_hide_what_they_must(page: Any) -> dict[str, Any]:
    got = page.evaluate(HIDDEN_JS)
    for s in got["sides"]:
        assert s["handFaceUp"] == 0 and s["handBacks"] == s["handSize"], f"another seat's hand shows: {s}"
        assert s["threatFaceUp"] == s["threatKnown"] and s["threatBacks"] == s["threatSize"] - s["threatKnown"], \
            f"a hidden Threat card shows: {s}"
    return got


def _open_from_the_lobby(page: Any, server: Any, investigator: str) -> None:
    page.goto(server.url + "/")
    page.select_option("#game", GAME)
    page.wait_for_selector("#choice-investigator-0")
    page.select_option("#players", "2")
    page.wait_for_selector("#deck-1")
    page.wait_for_selector("#choice-investigator-1")
    page.select_option("#seat-0", "human")
    page.select_option("#seat-1", BOT)
    page.select_option("#deck-0", DECKS[0])
    page.select_option("#deck-1", DECKS[1])
    page.select_option("#choice-investigator-0", investigator)
    page.click("#create")
    page.locator('[data-testid="play-link"]').click()
    wait_connected(page)
    page.wait_for_selector(".ct-board .ct-side.ct-bottom")
    page.wait_for_function("() => window.cardtable.app.frame.decision")


def _play_rounds(page: Any, rounds: int, seed: int, how: str, timeout: float) -> dict[str, Any]:
    """Click (or tap) moves until ``rounds`` whole rounds are over (or the game), checking the other side
    after every move; returns which decisions were answered on the way."""
    rng = random.Random(seed)
    deadline = time.monotonic() + timeout
    seen: dict[str, Any] = {"moves": 0, "decisions": set()}
    kind = None
    while True:
        got = _others_hide_what_they_must(page)
        if table_state(page)["over"] or got["round"] > rounds:
            seen["rounds"] = got["round"] - 1
            return seen
        if got["decision"]:
            kind = got["decision"]
        if kind == "turn" and "played" not in seen and table_state(page)["mine"] and _play_a_card(page, how):
            seen["played"] = seen["moves"] = seen["moves"] + 1
            seen["decisions"].add(kind)
        elif click_move(page, rng, how):
            seen["moves"] += 1
            seen["decisions"].add(kind)
        else:
            time.sleep(0.05)
        assert time.monotonic() < deadline, f"{seen} in {timeout}s (round {got['round']})"


def _play_a_card(page: Any, how: str) -> bool:
    """Play a card from the hand by clicking it (its first use, if it has several); False if none can be."""
    from .play import MOVED_ON_JS

    st = table_state(page)
    now = page.evaluate("() => { const d = window.cardtable.app.frame.decision; return d ? d.kind : null; }")
    cards = page.locator('.ct-side.ct-bottom [data-region="hand"] .ct-card.ct-pickable:not(.multi)')
    if st["pending"] or now != "turn" or not cards.count():
        return False
    getattr(cards.first, how)()
    if how == "tap":  # a tap selects the card: its uses show in the bar
        page.locator('[data-testid="selection"]').wait_for()
        getattr(page.locator('[data-testid="selection"] [data-option]').first, how)()
    page.wait_for_function(MOVED_ON_JS, arg=st["seq"], timeout=30000)
    assert not table_state(page)["error"], table_state(page)["error"]
    return True


def _card_text_on_hover(page: Any) -> None:
    card = page.locator(".ct-side.ct-bottom .ct-card[data-card]").first
    card.hover()
    tip = page.locator('[data-testid="card-tip"]')
    tip.wait_for()
    defn = page.evaluate("(id) => window.cardtable.app.frame.view.cards[id].defn", card.get_attribute("data-card"))
    text = page.evaluate("(d) => window.cardtable.app.catalog.cards[d].text", defn)
    name = page.evaluate("(d) => window.cardtable.app.catalog.cards[d].name", defn)
    assert name in tip.inner_text() and (not text or text[:20] in tip.inner_text())


def test_lobby_deck_and_investigator_then_two_rounds_against_a_bot_by_clicking(server, new_page) -> None:
    page = new_page()
    choices = server.api("GET", f"/api/games/{GAME}/seat_choices")[0]["choices"]
    mine = choices[-1]
    _open_from_the_lobby(page, server, mine["value"])
    view = page.evaluate("() => window.cardtable.app.frame.view")
    assert view["options"]["decks"][0]["name"] == DECKS[0]
    assert "cards" not in view["options"]["decks"][1]  # the other seat's list stays hidden
    inv = view["zones"]["inv:0"][0]
    assert page.evaluate("(d) => window.cardtable.app.catalog.cards[d].id", view["cards"][str(inv)]["defn"]) == mine["value"]
    assert page.locator("#page-title").inner_text().startswith("Mythos")
    # MY-4.1: the side is chosen at the table, in words, not by clicking some card
    buttons = page.locator("#board .ct-decision [data-option]").all_inner_texts()
    assert len(buttons) == 2 and all("Sanity" in b for b in buttons), buttons
    for region in ("investigator", "story", "ally", "item", "threat", "god", "event", "adventures", "hand", "deck"):
        assert page.locator(f'.ct-side.ct-top [data-region="{region}"]').count() == 1, region
    assert_accessible(page, "Mythos table: choosing the investigator side")
    _card_text_on_hover(page)
    shot(page, "my-start")

    seen = _play_rounds(page, 2, seed=1, how="click", timeout=480)
    assert seen["rounds"] >= 2 or table_state(page)["over"], seen
    # card plays and passes (a battle window with nothing to cast is passed for the person: auto-pass)
    assert {"choose_side", "turn"} <= seen["decisions"], seen
    assert page.locator('.ct-side.ct-bottom [data-counter="Sanity"]').count() == 1
    lines = page.locator("#log li").all_inner_texts()
    assert any("Round 2 begins" in t for t in lines) and any(re.search(r"\bpass(es)? \(", t) for t in lines), lines[-10:]
    mine = [t for t in lines if t.startswith("You ") and "draw" not in t]
    assert any(re.match(r"You (play|put|place)\b", t) for t in lines), mine[:20]
    assert not any("kind" in t or "{" in t for t in lines), [t for t in lines if "kind" in t][:3]
    print(f"two rounds by clicking: {seen}")
    assert_accessible(page, "Mythos table after two rounds")
    shot(page, "my-two-rounds")


def test_phone_four_seats_two_rounds_with_taps_and_card_text_on_tap(server, new_page) -> None:
    created = server.api("POST", "/api/tables", json={"game": GAME, "players": 4, "seats": ["human"] + [BOT] * 3,
                                                        "decks": [DECKS[0], None, None, DECKS[1]]})
    page = new_page(PHONE, **PHONE_OPTIONS)
    page.goto(server.url + created["seats"][0]["invite_url"])
    wait_connected(page)
    page.wait_for_function("() => window.cardtable.app.frame.decision")
    page.wait_for_selector(".ct-board .ct-side.ct-bottom")
    # one compact band per other seat, clockwise from this one
    order = page.evaluate("() => [...document.querySelectorAll('.ct-opponents .ct-side.compact')].map((s) => Number(s.dataset.seat))")
    assert order == [1, 2, 3], order
    _others_hide_what_they_must(page)

    def fits(where: str) -> None:
        width = page.evaluate("() => document.scrollingElement.scrollWidth")
        assert width <= PHONE["width"], f"{where}: the table is {width} px wide on a {PHONE['width']} px phone"

    fits("start")
    readable = page.locator(".ct-card.ct-readable").first
    readable.tap()
    dialog = page.locator('[data-testid="card-dialog"]')
    dialog.wait_for()
    assert len(dialog.inner_text()) > 10
    assert_accessible(page, "Mythos card dialog on a phone")
    dialog.get_by_role("button", name="Close").tap()
    page.wait_for_function("() => !document.querySelector('[data-testid=card-dialog]').open")
    seen = _play_rounds(page, 2, seed=2, how="tap", timeout=600)
    assert seen["rounds"] >= 2 or table_state(page)["over"], seen
    fits("after two rounds")
    assert_accessible(page, "Mythos four-seat table on a phone")
    shot(page, "my-phone")


JOIN_START_JS = """() => {
  const d = window.cardtable.app.frame.decision;
  if (!d || d.kind !== 'turn') return null;
  const o = d.options.find((o) => o.kind === 'join' && o.card2 === undefined);
  return o ? o.card : null;
}"""


def test_a_join_group_is_opened_and_built_card_by_card_by_clicking(server, new_page) -> None:
    """MY-8.5 / D-MY-154 in the browser: a hand card offering both Play and Join is clicked, Join chosen in
    its bar; the group's question follows (add a card by clicking it, or Done) and the log tells it."""
    # a practice seed, so the deal and the random seat's choices are the same every run
    created = server.api("POST", "/api/tables", json={"game": GAME, "players": 2, "seats": ["human", "random"],
                                                        "decks": list(DECKS), "practice": True, "seed": 1})
    page = new_page()
    page.goto(server.url + created["seats"][0]["invite_url"])
    wait_connected(page)
    page.wait_for_function("() => window.cardtable.app.frame.decision")
    from .play import MOVED_ON_JS

    rng = random.Random(3)
    deadline = time.monotonic() + 300
    while True:  # play on by clicking until a Join is begun that leaves something to add
        st = table_state(page)
        assert time.monotonic() < deadline and not st["over"], "no Join with a second card was offered in this game"
        card = page.evaluate(JOIN_START_JS) if st["mine"] and not st["pending"] else None
        if card is None:
            if not click_move(page, rng, "click"):
                time.sleep(0.05)
            continue
        press(page, page.locator(f'.ct-side.ct-bottom [data-region="hand"] .ct-card[data-card="{card}"]'))
        page.locator('[data-testid="selection"]').wait_for()
        page.locator('[data-testid="selection"] [data-option]', has_text="Join").first.click()
        page.wait_for_function(MOVED_ON_JS, arg=st["seq"], timeout=30000)
        assert not table_state(page)["error"]
        # the human's clicks before this point are timing-dependent, so the game can reach a Join whose card has
        # no partner in hand: the server closes that group at once (nothing to decide) and the search goes on
        if page.evaluate("() => window.cardtable.app.frame.decision?.kind") == "join":
            break
    added = 0
    while True:
        st = table_state(page)
        # the Join may close with the last card added (the turn then waits on the other seat: no decision here)
        adds = page.evaluate("() => { const d = window.cardtable.app.frame.decision; return d && d.kind === 'join' ? "
                             "d.options.filter((o) => o.kind === 'add').map((o) => o.card) : []; }")
        if not adds:
            break
        press(page, page.locator(f'.ct-side.ct-bottom [data-region="hand"] .ct-card[data-card="{adds[0]}"]'))
        if page.locator('[data-testid="selection"]').count():
            page.locator('[data-testid="selection"] [data-option]').first.click()
        page.wait_for_function(MOVED_ON_JS, arg=st["seq"], timeout=30000)
        added += 1
    st = table_state(page)
    # with nothing left to add, Done is the Join's only option and the server takes it (auto-pass)
    if page.evaluate("() => { const d = window.cardtable.app.frame.decision; return !!d && d.kind === 'join'; }"):
        page.locator("#board .ct-decision [data-option]", has_text="Done").first.click()
        page.wait_for_function(MOVED_ON_JS, arg=st["seq"], timeout=30000)
    assert not table_state(page)["error"]
    lines = page.locator("#log li").all_inner_texts()
    assert any(re.search(r"begins? a Join", t) for t in lines), lines[-8:]
    assert added >= 1 and any(re.search(r"\badds?\b", t) and "to the Join" in t for t in lines), (added, lines[-8:])
    assert any("together (Join)" in t for t in lines), lines[-8:]
    print(f"a Join by clicking: {added} card(s) added")
