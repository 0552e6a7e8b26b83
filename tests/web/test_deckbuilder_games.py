"""The deck builder (/decks) for the card games besides Call of Cthulhu (whose test is test_deckbuilder.py):
for Million Arthur on a laptop by clicking and for Mythos on a phone by tapping, a person finds each card
of a deck with the game's own filters and the text search, adds it, sees the broken deck rules explained
with the game's rule IDs (MA-2.x / MY-2.x), the curve of the attribute the game's facet names, saves the
deck, then creates a table in the lobby with it (for Mythos also choosing the investigator the lobby
offers) and makes a few moves against a bot."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest

from .accessibility import assert_accessible
from .cardplay import click_move
from .conftest import PHONE, PHONE_OPTIONS
from .play import shot, table_state, wait_connected


@dataclass(frozen=True)
class Case:
    game: str
    how: str  # "click" on a laptop, "tap" on a phone
    filter_by: str  # the catalog attribute each card is found by (besides the search box)
    filters: tuple[str, ...]  # filters the page must offer
    not_filters: tuple[str, ...]  # attributes of another game that must not show up as filters
    curve: str  # what the curve chart is called
    side_rule: str  # the rule a deck without its side card (leader, investigator) breaks, and its words
    side_words: str
    copies_rule: str  # the rule one copy too many breaks
    usual: str  # a value most of the catalog shares, left out of a card's line (D-WEB-37)


CASES = [
    Case("million-arthur", "click", "colour", ("kind", "colour", "arthur_type", "cost", "burst"),
         ("faction", "type"), "Cost curve of the deck", "MA-2.1", "there are 0 cards in the leader section", "MA-2.3",
         "knight"),
    Case("mythos", "tap", "type", ("type", "dimension", "region", "sanity_mod"),
         ("faction", "cost", "colour"), "Sanity modifier curve of the deck", "MY-2.1",
         "exactly one investigator card beside the deck: there are 0, not 1 in the investigator section",
         "MY-2.3", "sanity modifier 0"),
]


def _problems(page: Any) -> list[str]:
    page.wait_for_function("() => !document.getElementById('db-problems').hasAttribute('aria-busy')")
    return [t.strip() for t in page.locator("#db-problems .db-problem").all_inner_texts()]


def _press(locator: Any, how: str) -> None:
    getattr(locator, how)()


@pytest.mark.parametrize("case", CASES, ids=[c.game for c in CASES])
def test_find_cards_build_a_legal_deck_save_it_and_play_it_from_the_lobby(case: Case, server: Any, new_page: Any) -> None:
    page = new_page(PHONE, **PHONE_OPTIONS) if case.how == "tap" else new_page()
    fmt = server.api("GET", f"/api/games/{case.game}/deck-format")
    cards = server.api("GET", f"/api/games/{case.game}/cards")["cards"]
    by_id = {c["id"]: c for c in cards}
    title = fmt["title_field"]
    page.goto(server.url + "/decks")
    page.wait_for_selector('#db-cards .db-card[data-card]')  # the first game's catalog, then switch games
    assert page.input_value("#db-game") != case.game
    page.select_option("#db-game", case.game)
    page.wait_for_selector(f'#db-cards .db-card[data-card="{cards[0]["id"]}"]')
    page.wait_for_selector('#db-problems .db-problem, #db-problems [data-testid="legal"]')

    # the game's own filters, none of another game's; a filter shows exactly the matching cards
    for field in case.filters:
        assert page.locator(f"#db-filter-{field} option").count() >= 3, field
    for field in case.not_filters:
        assert page.locator(f"#db-filter-{field}").count() == 0, field
    assert page.locator(f'label[for="db-filter-{fmt["curve"]}"]').inner_text() == (fmt["labels"].get(fmt["curve"])
                                                                                  or fmt["curve"].capitalize())
    lines = page.locator("#db-cards .db-meta").all_inner_texts()
    assert len(lines) == len(cards) and not any(case.usual in t.split(" · ") for t in lines), lines[:5]
    assert any(t.split(" · ")[0] in ("leader", "investigator") for t in lines)  # the side cards say so
    side = next(s for s in fmt["sections"] if s["name"] != "main")
    assert f"{side['label']}:" in page.locator(".db-text-label").inner_text()  # the text-list hint names its section

    # build the first ready deck's main part, each card found by its filter value and its title
    ready = fmt["ready"][0]["sections"]
    for card, n in ready["main"].items():
        value = by_id[card][case.filter_by]
        page.select_option(f"#db-filter-{case.filter_by}", value)
        page.fill("#db-search", by_id[card][title])
        rows = page.locator("#db-cards .db-card")
        assert 1 <= rows.count() <= sum(1 for c in cards if c[case.filter_by] == value)
        for i in range(rows.count()):
            assert rows.nth(i).get_attribute("data-card") and by_id[rows.nth(i).get_attribute("data-card")][case.filter_by] == value
        plus = page.locator(f'#db-cards .db-card[data-card="{card}"] .db-plus')
        for _ in range(n):
            _press(plus, case.how)
    page.locator("#db-filters button", has_text="Clear filters").click()
    assert page.locator("#db-cards .db-card").count() == len(cards)

    # the side card is missing: its rule, in words; then one copy too many names the card
    problems = _problems(page)
    assert any(p.startswith(case.side_rule) and case.side_words in p for p in problems), problems
    assert all(p[:3] == case.side_rule[:3] for p in problems), problems  # the game's own rule IDs only
    first = next(iter(ready["main"]))
    plus = page.locator(f'#db-cards .db-card[data-card="{first}"] .db-plus')
    minus = page.locator(f'#db-cards .db-card[data-card="{first}"] .db-minus')
    extra = 5 - ready["main"][first]
    for _ in range(extra):
        _press(plus, case.how)
    problems = _problems(page)
    assert any(p.startswith(case.copies_rule) and by_id[first][title] in p for p in problems), problems
    shot(page, f"deckbuilder-{case.game}-violations")
    for _ in range(extra):
        if case.how == "tap":
            minus.tap()
        else:  # by keyboard: the focus stays on the button
            minus.focus()
            page.keyboard.press("Enter")

    # the side card from the catalog: the deck is legal; the curve counts the game's own attribute
    for card, n in ready[side["name"]].items():
        page.fill("#db-search", by_id[card][title])
        for _ in range(n):
            _press(page.locator(f'#db-cards .db-card[data-card="{card}"] .db-plus'), case.how)
    page.wait_for_selector('[data-testid="legal"]')
    assert _problems(page) == []
    # the side card's text: on hover on a laptop, under its name on a tap; a two-sided card names its sides
    own = by_id[next(iter(ready[side["name"]]))]
    name_btn = page.locator(f'#db-cards .db-card[data-card="{own["id"]}"] .db-card-name')
    if case.how == "tap":
        name_btn.tap()
        assert name_btn.get_attribute("aria-expanded") == "true"
        shown_text = page.locator(f'#db-text-{own["id"]}').inner_text()
    else:
        name_btn.hover()
        shown_text = page.locator('[data-testid="card-detail"]').inner_text()
    assert own[title] in page.locator('[data-testid="card-detail"]').inner_text()
    expected = own["text"] or " / ".join(s["name"] for s in own.get("sides") or [])
    assert expected and expected[:40] in shown_text, (expected, shown_text)
    assert f"{side['label']} (1 of 1)" in page.locator("#db-sections").inner_text()
    charts = page.locator("#db-charts svg[role=img]")
    assert charts.count() >= 2
    label = charts.first.get_attribute("aria-label") or ""
    assert label.startswith(case.curve), label
    main_cards = sum(ready["main"].values())
    assert sum(int(part.split(": ")[1]) for part in label.split("deck: ")[1].split(", ")) == main_cards, label
    if case.how == "tap":
        got = page.evaluate("() => ({scroll: document.scrollingElement.scrollWidth})")
        assert got["scroll"] <= PHONE["width"], got
    assert_accessible(page, f"{case.game} deck builder")

    # save it under a name
    name = f"Found {case.game}"
    page.fill("#db-name", name)
    _press(page.locator("#db-save"), case.how)
    page.wait_for_selector("#messages >> text=Saved")
    deck_id = page.locator("#db-saved option", has_text=name).get_attribute("value")
    assert page.evaluate("() => window.cardtable.deckbuilder.deck.sections") == ready

    # the lobby offers it for a seat (and, for a game with seat choices, the pick); the game starts with it
    page.goto(server.url + "/")
    page.select_option("#game", case.game)
    page.wait_for_selector(f'#deck-0 option[value="saved:{deck_id}"]', state="attached")
    page.select_option("#players", "2")  # a two-seat table: the bot's turns stay short
    page.wait_for_selector("#deck-1")
    page.select_option("#seat-0", "human")
    page.select_option("#seat-1", "heuristic")
    page.select_option("#deck-0", f"saved:{deck_id}")
    picked = None
    choices = server.api("GET", f"/api/games/{case.game}/seat_choices")
    for choice in choices:
        own = next(iter(ready[side["name"]]))
        picked = next(c["value"] for c in choice["choices"] if c["value"] != own)  # not the deck's own
        page.wait_for_selector(f"#choice-{choice['key']}-0")
        page.select_option(f"#choice-{choice['key']}-0", picked)
    _press(page.locator("#create"), case.how)
    _press(page.locator('[data-testid="play-link"]'), case.how)
    wait_connected(page)
    page.wait_for_function("() => window.cardtable.app.frame.decision")
    view = page.evaluate("() => window.cardtable.app.frame.view")
    assert view["options"]["decks"][0]["name"] == name and len(view["options"]["decks"]) == 2
    if picked is not None:  # the seat's investigator card is the one picked in the lobby, not the deck's own
        inv = view["zones"]["inv:0"][0]
        got = page.evaluate("(d) => window.cardtable.app.catalog.cards[d].id", view["cards"][str(inv)]["defn"])
        assert got == picked, (got, picked)
    rng = random.Random(5)
    moves = 0
    for _ in range(300):
        if moves >= 3 or table_state(page)["over"]:
            break
        if click_move(page, rng, case.how):
            moves += 1
        else:
            page.wait_for_timeout(100)
    assert moves >= 3, moves
    shot(page, f"deckbuilder-{case.game}-playing")
