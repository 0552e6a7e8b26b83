"""The deck builder (/decks) as a person uses it: filter the catalog, read a card's text on hover, focus
and tap, build a legal deck by clicking, see each broken rule explained with its rule ID, save it,
reload the page and find it again, export and import it as text, then pick it for a seat in the lobby
and play a few moves with it against a bot — on a laptop (mouse and keyboard) and on a phone."""

from __future__ import annotations

import random
from typing import Any

from .accessibility import assert_accessible
from .cardplay import click_move
from .conftest import PHONE, PHONE_OPTIONS
from .play import shot, table_state, wait_connected

GAME = "call-of-cthulhu"
NO_OVERFLOW_JS = "() => ({scroll: document.scrollingElement.scrollWidth, inner: window.innerWidth})"


def _open_builder(page: Any, server: Any) -> dict[str, Any]:
    page.goto(server.url + "/decks")
    page.select_option("#db-game", GAME)
    page.wait_for_selector('#db-cards .db-card[data-card]')
    page.wait_for_selector('#db-problems .db-problem, #db-problems [data-testid="legal"]')
    fmt: dict[str, Any] = server.api("GET", f"/api/games/{GAME}/deck-format")
    return fmt


def _problems(page: Any) -> list[str]:
    page.wait_for_function("() => !document.getElementById('db-problems').hasAttribute('aria-busy')")
    return [t.strip() for t in page.locator("#db-problems .db-problem").all_inner_texts()]


def _count(page: Any, card: str) -> str:
    return str(page.locator(f'#db-cards [data-count="{card}"]').evaluate("(el) => el.firstChild ? el.firstChild.textContent : ''"))


def test_build_check_save_reload_export_import_then_play_it_against_a_bot(server: Any, new_page: Any) -> None:
    page = new_page()
    fmt = _open_builder(page, server)
    ready = fmt["ready"][0]["sections"]
    cards = server.api("GET", f"/api/games/{GAME}/cards")["cards"]
    by_id = {c["id"]: c for c in cards}

    # the filters come from the catalog: a type and a faction facet, and the search box
    page.select_option("#db-filter-type", "domain")
    shown = page.locator("#db-cards .db-card").count()
    assert shown == sum(1 for c in cards if c["type"] == "domain") and shown >= 1
    page.select_option("#db-filter-type", "")
    assert page.locator("#db-filter-faction option").count() > 3
    first_main = next(iter(ready["main"]))
    page.fill("#db-search", by_id[first_main]["title"])
    assert page.locator("#db-cards .db-card").count() >= 1
    page.click("text=Clear filters")
    assert page.locator("#db-cards .db-card").count() == len(cards)

    # card text on hover and on focus
    row = page.locator(f'#db-cards .db-card[data-card="{first_main}"]')
    row.hover()
    detail = page.locator('[data-testid="card-detail"]')
    assert by_id[first_main]["title"] in detail.inner_text() and by_id[first_main]["text"] in detail.inner_text()
    other = next(c for c in ready["main"] if c != first_main)
    page.focus(f'#db-cards .db-card[data-card="{other}"] .db-plus')
    assert by_id[other]["text"] in detail.inner_text()

    # build the first ready deck's list by clicking, the domains last: a broken rule is explained meanwhile
    for card, n in ready["main"].items():
        for _ in range(n):
            page.click(f'#db-cards .db-card[data-card="{card}"] .db-plus')
    assert _count(page, first_main) == f"×{ready['main'][first_main]}"
    problems = _problems(page)
    assert any(p.startswith("CC-2.2") and "exactly 3 domain cards" in p for p in problems), problems
    # one copy too many: CC-2.3 names the card; the keyboard takes it back (focus stays on the button)
    for _ in range(5 - ready["main"][first_main]):
        page.click(f'#db-cards .db-card[data-card="{first_main}"] .db-plus')
    problems = _problems(page)
    assert any(p.startswith("CC-2.3") and by_id[first_main]["title"] in p for p in problems), problems
    shot(page, "deckbuilder-violations")
    minus = page.locator(f'#db-cards .db-card[data-card="{first_main}"] .db-minus')
    for _ in range(5 - ready["main"][first_main]):
        minus.focus()
        page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.classList.contains('db-minus')")
    for card, n in ready["domains"].items():
        for _ in range(n):
            page.click(f'#db-cards .db-card[data-card="{card}"] .db-plus')
    page.wait_for_selector('[data-testid="legal"]')
    assert _problems(page) == []
    assert "Domains (3 of 3)" in page.locator("#db-sections").inner_text()
    # the curve and composition charts describe the deck
    charts = page.locator("#db-charts svg[role=img]")
    assert charts.count() >= 2
    assert "Cost curve of the deck" in (charts.first.get_attribute("aria-label") or "")
    assert_accessible(page, "deck builder")

    # save, reload, find it
    page.fill("#db-name", "Clicked Together")
    page.click("#db-save")
    page.wait_for_selector("#messages >> text=Saved")
    page.reload()
    page.select_option("#db-game", GAME)
    page.wait_for_selector("#db-saved option >> text=Clicked Together", state="attached")
    deck_id = page.locator("#db-saved option", has_text="Clicked Together").get_attribute("value")
    page.select_option("#db-saved", deck_id)
    page.wait_for_function("() => document.getElementById('db-name').value === 'Clicked Together'")
    page.wait_for_selector('[data-testid="legal"]')
    assert page.evaluate("() => window.cardtable.deckbuilder.deck.sections") == ready

    # export, start afresh, import: the same deck; a bad line is named
    page.click("#db-export")
    text = page.input_value("#db-textarea")
    assert text.startswith("# Clicked Together\n") and "\nDomains:\n" in text
    assert f"{ready['main'][first_main]} {by_id[first_main]['title']}" in text
    page.click("#db-new")
    assert page.evaluate("() => window.cardtable.deckbuilder.deck.sections.main") == {}
    page.fill("#db-textarea", text)
    page.click("#db-import")
    page.wait_for_function("() => Object.keys(window.cardtable.deckbuilder.deck.sections.main).length > 0")
    assert page.evaluate("() => window.cardtable.deckbuilder.deck.sections") == ready
    page.fill("#db-textarea", "2 Harbor Patrolman\n3 No Such Card At All\n")
    page.click("#db-import")
    errors = page.locator('[data-testid="import-errors"]')
    errors.locator("li").first.wait_for()
    assert "line 2" in errors.inner_text() and "No Such Card At All" in errors.inner_text()

    # the lobby offers the saved deck for a seat; the game starts with it
    page.goto(server.url + "/")
    page.select_option("#game", GAME)
    page.wait_for_selector(f'#deck-0 option[value="saved:{deck_id}"]', state="attached")
    page.select_option("#seat-0", "human")
    page.select_option("#seat-1", "heuristic")
    page.select_option("#deck-0", f"saved:{deck_id}")
    page.click("#create")
    page.locator('[data-testid="play-link"]').click()
    wait_connected(page)
    page.wait_for_function("() => window.cardtable.app.frame.decision")
    view = page.evaluate("() => window.cardtable.app.frame.view")
    assert view["options"]["decks"][0]["name"] == "Clicked Together"
    assert view["options"]["decks"][1] is None
    rng = random.Random(4)
    moves = 0
    for _ in range(200):
        if moves >= 3 or table_state(page)["over"]:
            break
        if click_move(page, rng):
            moves += 1
        else:
            page.wait_for_timeout(100)
    assert moves >= 3


def test_the_deck_builder_on_a_phone(server: Any, new_page: Any) -> None:
    page = new_page(PHONE, **PHONE_OPTIONS)
    fmt = _open_builder(page, server)
    ready = fmt["ready"][1]
    page.select_option("#db-ready", ready["stem"])
    page.locator("#db-load-ready").tap()
    page.wait_for_selector('[data-testid="legal"]')
    # tap a card's name: its text opens under it
    card = next(iter(ready["sections"]["main"]))
    name = page.locator(f'#db-cards .db-card[data-card="{card}"] .db-card-name')
    name.tap()
    assert name.get_attribute("aria-expanded") == "true"
    assert page.locator(f"#db-text-{card}").is_visible()
    # one more copy than allowed breaks CC-2.3 (or the deck size) and says so; tap it back
    plus = page.locator(f'#db-cards .db-card[data-card="{card}"] .db-plus')
    for _ in range(5 - ready["sections"]["main"][card]):
        plus.tap()
    problems = _problems(page)
    assert any(p.startswith("CC-2.3") for p in problems), problems
    for _ in range(5 - ready["sections"]["main"][card]):
        page.locator(f'#db-cards .db-card[data-card="{card}"] .db-minus').tap()
    page.wait_for_selector('[data-testid="legal"]')
    page.fill("#db-name", "Pocket Deck")
    page.locator("#db-save").tap()
    page.wait_for_selector("#messages >> text=Saved")
    page.locator("#db-copy").tap()
    page.wait_for_selector("#db-saved option >> text=Copy of Pocket Deck", state="attached")
    page.fill("#db-name", "Pocket Copy")
    page.locator("#db-rename").tap()
    page.wait_for_selector("#db-saved option >> text=Pocket Copy", state="attached")
    page.locator("#db-delete").tap()
    page.locator("#db-delete", has_text="Really delete?").tap()
    page.wait_for_selector("#messages >> text=Deleted")
    names = page.locator("#db-saved option").all_inner_texts()
    assert any("Pocket Deck" in n for n in names) and not any("Pocket Copy" in n for n in names)
    got = page.evaluate(NO_OVERFLOW_JS)
    assert got["inner"] == PHONE["width"] and got["scroll"] <= PHONE["width"], got
    shot(page, "deckbuilder-phone")
    assert_accessible(page, "deck builder on a phone")
