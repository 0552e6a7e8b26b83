"""The lobby and the table on a phone (390 px wide, touch): no sideways scrolling, readable cards, a
compact top bar, no jump when the page fills in, and a whole game played with taps."""

from __future__ import annotations

import time
from typing import Any

from .conftest import PHONE, PHONE_OPTIONS
from .play import outcome_text, play, shot, table_state, wait_connected

# Widths that matter on a small screen: the page and every card tile, and whatever sticks out of a tile
# or a seat panel (text running into its neighbour is how "overlapping text" looks in the DOM).
LAYOUT_JS = """() => {
  const out = [];
  const inside = (el, box, what) => {
    const r = el.getBoundingClientRect(), b = box.getBoundingClientRect();
    if (r.width && (r.right > b.right + 1 || r.left < b.left - 1)) {
      out.push(`${what}: ${el.className || el.tagName} "${el.textContent.trim().slice(0, 40)}" spans ${Math.round(r.left)}-${Math.round(r.right)}, its box ${Math.round(b.left)}-${Math.round(b.right)}`);
    }
  };
  const tiles = [...document.querySelectorAll('.market .card-tile')];
  for (const tile of tiles) {
    for (const el of tile.querySelectorAll(':not(.sr-only)')) {
      inside(el, tile, 'card tile');
      // A word wider than its line (the text itself runs out of its box; the number badge may stick out).
      if (el.clientWidth && el.scrollWidth > el.clientWidth + 1) out.push(`text overflows in tile ${tile.dataset.slot}: "${el.textContent.slice(0, 30)}"`);
    }
  }
  for (const panel of document.querySelectorAll('.player-panel')) {
    for (const el of panel.querySelectorAll(':not(.sr-only)')) inside(el, panel, 'seat panel');
  }
  const head = document.querySelector('.topbar');
  return {
    scrollWidth: document.scrollingElement.scrollWidth, innerWidth: window.innerWidth,
    narrowestTile: tiles.length ? Math.min(...tiles.map((t) => t.getBoundingClientRect().width)) : null,
    topbar: head ? head.getBoundingClientRect().height : null, problems: out,
  };
}"""

# Per row of seat panels, the offset of each panel's life line from the panel's top: equal when the turn
# badge (or anything else in one panel's header) does not push that panel's rows down.
ROWS_JS = """() => {
  const rows = new Map();
  for (const p of document.querySelectorAll('.player-panel')) {
    const top = Math.round(p.getBoundingClientRect().top);
    const life = p.querySelector('.life');
    if (!life) continue;
    if (!rows.has(top)) rows.set(top, []);
    rows.get(top).push([Number(p.dataset.seat), Math.round(life.getBoundingClientRect().top) - top]);
  }
  return [...rows.values()];
}"""

CLS_JS = """() => {
  window.__cls = 0;
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      window.__cls += e.value;
      window.__shifts.push({value: e.value, sources: (e.sources || []).map((s) => s.node ? (s.node.id || s.node.className || s.node.nodeName) : '?')});
    }
  }).observe({type: 'layout-shift', buffered: true});
}"""


def check_fits(page: Any, where: str) -> dict[str, Any]:
    got = page.evaluate(LAYOUT_JS)
    assert got["innerWidth"] == PHONE["width"], f"{where}: the page widened the phone's viewport to {got['innerWidth']} px"
    assert got["scrollWidth"] <= PHONE["width"], f"{where}: {got['scrollWidth']} px wide on a {PHONE['width']} px phone"
    assert not got["problems"], f"{where}: " + "\n".join(got["problems"])
    return got


def check_rows(page: Any, where: str) -> None:
    for row in page.evaluate(ROWS_JS):
        offsets = [offset for _seat, offset in row]
        assert max(offsets) - min(offsets) <= 1, f"{where}: the life lines of a row of seats do not line up: {row}"


def test_phone_lobby_and_table_fit_and_a_game_is_played_to_the_end_with_taps(server, new_page):
    server.create_table(["human", "human", "random", "random"], name="A long table name for a small phone screen")
    page = new_page(PHONE, **PHONE_OPTIONS)
    page.goto(server.url + "/")
    page.wait_for_selector("#seat-list select")
    page.wait_for_selector("#tables table")
    check_fits(page, "lobby")
    page.select_option("#game", "two-mists")
    page.select_option("#seat-1", "heuristic")
    page.select_option("#seat-3", "heuristic")
    page.locator("#create").tap()
    page.locator('[data-testid="play-link"]').wait_for()
    check_fits(page, "lobby with the new table")
    shot(page, "phone-lobby")
    page.locator('[data-testid="play-link"]').tap()
    wait_connected(page)
    page.wait_for_selector(".market .card-tile")
    got = check_fits(page, "table")
    assert got["narrowestTile"] >= 100, f"card tiles only {got['narrowestTile']} px wide"
    assert got["topbar"] <= 90, f"the top bar takes {got['topbar']} px of the phone's height"
    check_rows(page, "table")
    shot(page, "phone-table")

    def look(p):
        check_fits(p, f"table at seq {table_state(p)['seq']}")
        check_rows(p, f"table at seq {table_state(p)['seq']}")

    moves = play([page], "tap", on_move=look)
    assert moves >= 1 and "Winners:" in outcome_text(page)
    check_fits(page, "end of the game")
    shot(page, "phone-end")


def test_phone_table_does_not_jump_while_it_fills_in(server, new_page):
    created = server.create_table(["human", "random", "random", "random"])
    page = new_page(PHONE, **PHONE_OPTIONS)
    page.add_init_script(f"({CLS_JS})()")

    def slow_catalog(route):
        # A slow phone connection: the page is painted well before the first position can be drawn.
        time.sleep(1.5)
        route.continue_()

    page.route("**/api/games/*/cards", slow_catalog)
    page.goto(server.url + created["seats"][0]["invite_url"])
    wait_connected(page)
    page.wait_for_selector(".market .card-tile")
    page.wait_for_timeout(1500)  # let late frames (bots moving, the status line) arrive
    cls = page.evaluate("() => window.__cls")
    assert cls < 0.1, f"cumulative layout shift {cls:.3f}: {page.evaluate('() => window.__shifts')}"


def test_long_card_names_in_a_tableau_stay_inside_the_panel(server, new_page):
    created = server.create_table(["human", "random", "random", "random"])
    page = new_page(PHONE, **PHONE_OPTIONS)
    page.goto(server.url + created["seats"][0]["invite_url"])
    wait_connected(page)
    # Wait for the person's own decision: the bots then wait too, so no frame redraws over the test's position.
    page.wait_for_function("() => { const a = window.cardtable.app; return !!(a.frame && a.frame.decision); }",
                           timeout=30000)
    # Redraw the current position with long names in every tableau (what a long game leaves there).
    page.evaluate("""() => {
      const {app, render} = window.cardtable;
      for (const [name, zone] of Object.entries(app.frame.view.zones)) {
        if (!name.startsWith('tableau:')) continue;
        zone.cards = ['assault_monster', 'assault_saint', 'giants_spear', 'holy_poison', 'reckless', 'intimidate']
          .map((card) => ({card}));
      }
      render();
    }""")
    assert page.locator(".card-chip", has_text="Assault (not Monster)").count() >= 4
    check_fits(page, "tableaux with long names")
    check_rows(page, "tableaux with long names")
    shot(page, "phone-long-tableau")
