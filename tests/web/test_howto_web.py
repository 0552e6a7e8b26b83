"""Learning a card game in the app: the "How to play" panel shows the game's own sections and, opened in the
middle of a game, goes to the section of the current phase (the server's ``phase_sections``); the guided
first game points at the hand, the own side, the other side, what happens now, the log and the panel,
with Next and Skip, and once dismissed stays away on reload (remembered per game). Laptop and phone."""

from __future__ import annotations

import random
import time
from typing import Any

import cardtable

from .accessibility import assert_accessible
from .cardplay import click_move
from .conftest import PHONE, PHONE_OPTIONS
from .play import shot, table_state, wait_connected

DESKTOP = {"width": 1280, "height": 800}

PHASE_JS = "() => window.cardtable.app.renderer.phase({view: window.cardtable.app.frame.view})"

# The current section's box against the dialog's visible box, read together.
CURRENT_JS = """() => {
  const d = document.getElementById('help');
  const el = d.querySelector('.help-section.help-current');
  if (!el) return null;
  const r = el.getBoundingClientRect(), dr = d.getBoundingClientRect();
  return {id: el.dataset.section, heading: el.querySelector('.help-heading').textContent,
          top: r.top - dr.top, visible: r.top >= dr.top && r.top < dr.bottom - 40};
}"""


def _table(server: Any, game: str, decks: list[Any], bot: str) -> dict[str, Any]:
    return server.api("POST", "/api/tables", json={"game": game, "players": 2, "seats": ["human", bot], "decks": decks})


def _open(new_page: Any, server: Any, created: dict[str, Any], viewport: dict[str, int], **options: Any) -> Any:
    page = new_page(viewport, tour=True, **options)
    page.goto(server.url + created["seats"][0]["invite_url"])
    wait_connected(page)
    page.wait_for_selector(".ct-board .ct-side.ct-bottom")
    return page


def _tour_title(page: Any) -> str:
    return page.locator('[data-testid="tour"] .tour-title').inner_text()


def _no_tour_after_reload(page: Any) -> None:
    page.reload()
    wait_connected(page)
    page.wait_for_selector(".ct-board .ct-side.ct-bottom")
    page.wait_for_function("() => window.cardtable.app.frame.decision")
    time.sleep(0.3)  # the tour would start on the first drawing of the board
    assert page.locator('[data-testid="tour"]').count() == 0
    assert page.locator(".tour-ring").count() == 0


def _panel_opens_at_the_current_phase(page: Any, rules: dict[str, Any], how: str = "click") -> dict[str, Any]:
    phase = page.evaluate(PHASE_JS)
    expected = rules["phase_sections"][phase]
    if how == "key":
        page.locator("#board").focus()
        page.keyboard.press("?")
    else:
        page.get_by_role("button", name="How to play").click()
    dialog = page.get_by_role("dialog", name=rules["title"])
    dialog.wait_for()
    page.wait_for_selector("#help .help-section.help-current")
    got = page.evaluate(CURRENT_JS)
    assert got["id"] == expected, (phase, got)
    heading = next(s["heading"] for s in rules["sections"] if s["id"] == expected)
    assert heading in got["heading"] and "now" in got["heading"]
    assert got["visible"], f"the current section is not in view: {got}"
    text = dialog.inner_text()
    for section in rules["sections"]:
        assert section["heading"] in text
    glossary = next(s for s in rules["sections"] if s["id"] == "glossary")
    for item in glossary["items"]:
        assert item["term"] in text
    return {"phase": phase, "section": expected}


def test_laptop_tour_then_the_panel_at_the_current_phase_mid_game(server, new_page) -> None:
    game = "call-of-cthulhu"
    rules = cardtable.load_game(game).how_to_play()
    created = _table(server, game, [None, "the_yellow_key"], "heuristic")
    page = _open(new_page, server, created, DESKTOP)
    tour = page.locator('[data-testid="tour"]')
    tour.wait_for()
    assert _tour_title(page) == "Your hand"
    assert page.locator(".tour-ring").is_visible()
    # the outline surrounds the hand
    ring = page.locator(".tour-ring").bounding_box()
    hand = page.locator('.ct-side.ct-bottom [data-region="hand"]').bounding_box()
    assert ring["x"] <= hand["x"] + 1 and ring["y"] <= hand["y"] + 1
    assert ring["x"] + ring["width"] >= hand["x"] + hand["width"] - 1
    shot(page, "howto-tour-desktop")
    titles = ["Your hand"]
    page.get_by_role("button", name="Next").click()
    titles.append(_tour_title(page))
    assert titles == ["Your hand", "Your side of the table"]
    assert "In play" in page.locator('[data-testid="tour"] .tour-text').inner_text()  # the game's own region names
    page.get_by_role("button", name="Next").click()
    assert _tour_title(page) == "Your opponent"
    shot(page, "howto-tour-desktop-opponent")
    assert_accessible(page, "Call of Cthulhu table with the first-game tour")
    # the table still plays under the tour: its options are not covered up
    page.get_by_role("button", name="Skip tour").click()
    tour.wait_for(state="detached")
    assert page.evaluate("() => localStorage.getItem('cardtable.tour.call-of-cthulhu')") == "done"
    _no_tour_after_reload(page)

    # Play until the game is past its setup, then ask for help in the middle of a turn.
    rng = random.Random(4)
    deadline = time.monotonic() + 120
    while page.evaluate(PHASE_JS) == "setup" or not table_state(page)["mine"]:
        assert time.monotonic() < deadline, "the game did not get past its setup"
        if not click_move(page, rng):
            time.sleep(0.2)
    got = _panel_opens_at_the_current_phase(page, rules)
    assert got["phase"] != "setup"
    shot(page, "howto-panel-desktop")
    assert_accessible(page, "Call of Cthulhu How to play panel at the current phase")
    assert table_state(page)["pending"] is False
    page.keyboard.press("Escape")
    page.get_by_role("dialog", name=rules["title"]).wait_for(state="hidden")
    # the ? key opens it at the same place
    _panel_opens_at_the_current_phase(page, rules, how="key")
    # the contents list jumps to a section
    page.locator("#help .help-toc-link", has_text="Glossary").click()
    page.wait_for_function("""() => { const d = document.getElementById('help');
        const g = document.getElementById('help-s-glossary').getBoundingClientRect();
        const dr = d.getBoundingClientRect(); return g.top >= dr.top && g.top < dr.top + 120; }""")
    shot(page, "howto-panel-desktop-glossary")
    page.keyboard.press("Escape")


def test_phone_tour_to_the_end_stays_dismissed_and_the_panel_fits(server, new_page) -> None:
    game = "million-arthur"
    rules = cardtable.load_game(game).how_to_play()
    created = _table(server, game, ["Ember and Thorn", "Tide and Lantern"], "random")
    page = _open(new_page, server, created, PHONE, **PHONE_OPTIONS)
    page.wait_for_selector('[data-testid="tour"]')
    shot(page, "howto-tour-phone")
    seen = []
    for _ in range(10):
        if page.locator('[data-testid="tour"]').count() == 0:
            break
        seen.append(_tour_title(page))
        box = page.locator('[data-testid="tour"]').bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
        assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box
        if len(seen) == 4:
            shot(page, "howto-tour-phone-prompt")
        page.locator('[data-testid="tour"] .tour-next').tap()
    assert seen == ["Your hand", "Your side of the table", "Your opponent", "What happens now", "The log",
                    "Rules when you need them"]
    assert page.evaluate("() => document.scrollingElement.scrollWidth") <= PHONE["width"]
    _no_tour_after_reload(page)
    got = _panel_opens_at_the_current_phase(page, rules)
    assert got["section"] == rules["phase_sections"][got["phase"]]
    shot(page, "howto-panel-phone")
    width = page.evaluate("() => document.getElementById('help').getBoundingClientRect().width")
    assert width <= PHONE["width"]


def test_the_tour_is_off_by_query_and_once_per_game(server, new_page) -> None:
    created = _table(server, "call-of-cthulhu", [None, None], "random")
    page = new_page(DESKTOP, tour=True)
    page.goto(server.url + created["seats"][0]["invite_url"] + "&tour=0")
    wait_connected(page)
    page.wait_for_function("() => window.cardtable.app.frame.decision")
    time.sleep(0.3)
    assert page.locator('[data-testid="tour"]').count() == 0
    # seen for another game only: it still comes for this one
    page.evaluate("() => localStorage.setItem('cardtable.tour.mythos', 'done')")
    page.goto(server.url + created["seats"][0]["invite_url"])
    wait_connected(page)
    page.wait_for_selector('[data-testid="tour"]')
    page.keyboard.press("Escape")
    page.wait_for_selector('[data-testid="tour"]', state="detached")
    assert page.evaluate("() => localStorage.getItem('cardtable.tour.call-of-cthulhu')") == "done"
