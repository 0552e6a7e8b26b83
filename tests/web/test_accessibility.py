"""Accessibility of the lobby, the table (during play and at the end) and the spectator's page: axe-core
finds nothing serious or critical, and the things axe cannot judge are checked directly (a heading per
page, announced turns, the focus at the end, the spectator's wording, the refused-link page)."""

from __future__ import annotations

import time

from .accessibility import assert_accessible
from .conftest import PHONE, PHONE_OPTIONS
from .play import act_once, play, shot, table_state, wait_connected


def test_axe_finds_nothing_serious_on_the_lobby_the_table_and_the_spectator_page(server, new_page):
    lobby = new_page()
    lobby.goto(server.url + "/")
    lobby.wait_for_selector("#seat-list select")
    lobby.click("#create")
    lobby.locator('[data-testid="play-link"]').wait_for()
    lobby.wait_for_selector("#tables table")
    assert_accessible(lobby, "lobby")

    for _ in range(5):
        created = server.create_table(["human", "random", "random", "random"])
        page = new_page()
        page.goto(server.url + created["seats"][0]["invite_url"])
        wait_connected(page)
        page.wait_for_function("() => window.cardtable.app.frame.decision || document.querySelector('[data-testid=outcome]')")
        if not table_state(page)["over"]:
            break
    watch = new_page(PHONE, **PHONE_OPTIONS)
    watch.goto(server.url + created["watch_url"])
    wait_connected(watch)
    assert_accessible(page, "table with a decision to make")
    assert_accessible(watch, "spectator page during the game")
    kinds = {page.evaluate("() => window.cardtable.app.frame.decision.kind")}
    while not table_state(page)["over"] and len(kinds) < 3:  # a target or a pointing decision too, if one comes
        act_once(page, "click")
        st = page.evaluate("() => { const f = window.cardtable.app.frame; return f.decision ? f.decision.kind : null; }")
        if st and st not in kinds and not table_state(page)["pending"]:
            kinds.add(st)
            assert_accessible(page, f"table with a {st} decision")
    play([page], "click")
    watch.wait_for_selector('[data-testid="outcome"]')
    assert_accessible(page, "table at the end")
    assert_accessible(watch, "spectator page at the end")


def test_each_page_has_one_h1_and_the_turn_is_announced(server, new_page):
    created = server.create_table(["human", "random", "random", "random"])
    page = new_page()
    for url in ("/", created["seats"][0]["invite_url"], created["watch_url"]):
        page.goto(server.url + url)
        if url != "/":
            wait_connected(page)
        assert page.locator("h1").count() == 1, url
        assert page.locator("h1").inner_text().strip(), url
    assert "watching" in page.locator("h1").inner_text()
    page.goto(server.url + created["seats"][0]["invite_url"])
    wait_connected(page)
    status = page.locator("#status")
    assert status.get_attribute("role") == "status" and status.get_attribute("aria-live") == "polite"
    assert "Turn" in status.inner_text()
    # Only what changed is touched: the same item elements stay, their text changes.
    page.evaluate("""() => { window.__statusItems = [...document.querySelectorAll('#status li')];
      window.__youItem = document.querySelector('#status li[data-key="you"]'); }""")
    seq = table_state(page)["seq"]
    # Either this seat has a decision (take it) or the bots move the game on; the page may still be
    # drawing the decision it was just sent, so look again until one of the two has happened.
    deadline = time.monotonic() + 60
    while not act_once(page, "click") and table_state(page)["seq"] == seq:
        assert time.monotonic() < deadline, "neither a decision for this seat nor a move by the bots"
        page.wait_for_timeout(200)
    assert page.evaluate("() => document.querySelector('#status li[data-key=\"you\"]') === window.__youItem")
    # The log keeps its list semantics inside a role="log" box.
    assert page.locator("#log").get_attribute("role") == "log"
    assert page.locator("#log > ol > li").count() > 0


def test_spectator_page_says_watching_and_shows_no_keyboard_footer(server, new_page):
    created = server.create_table(["human", "random", "random", "random"])
    watch = new_page()
    watch.goto(server.url + created["watch_url"])
    wait_connected(watch)
    side = watch.locator("#side")
    assert "Your character" not in (side.get_attribute("aria-label") or "")
    assert "Your character" not in side.inner_text()
    assert not watch.locator("#keys-help").is_visible()
    player = new_page()
    player.goto(server.url + created["seats"][0]["invite_url"])
    wait_connected(player)
    # the footer is shown by the first render for a seat, which may come a moment after the connection
    player.locator("#keys-help").wait_for(state="visible", timeout=10000)
    assert "Your character" in player.locator("#side").get_attribute("aria-label")


def test_at_the_end_the_focus_is_on_the_result_with_a_visible_ring_and_the_title_says_game_over(server, new_page):
    created = server.create_table(["human", "random", "random", "random"])
    page = new_page()
    page.goto(server.url + created["seats"][0]["invite_url"])
    wait_connected(page)
    play([page], "keys")
    page.wait_for_function("() => document.activeElement && document.activeElement.dataset.testid === 'outcome'")
    ring = page.evaluate("() => { const s = getComputedStyle(document.activeElement); return [s.outlineStyle, s.outlineWidth]; }")
    assert ring[0] not in ("", "none") and ring[1] != "0px", ring
    assert page.title().startswith("Game over")
    assert not page.locator("#keys-help").is_visible()
    shot(page, "table-end-focus")


def test_a_refused_link_says_so_once_and_never_connecting(server, new_page):
    created = server.create_table(["human", "random", "random"])
    page = new_page()
    page.goto(f"{server.url}/table/{created['table_id']}?token=forged-token")
    page.wait_for_function("() => document.getElementById('conn').dataset.state === 'refused'")
    page.wait_for_selector(".refusal")
    page.wait_for_timeout(1000)
    text = page.locator("body").inner_text()
    assert "Connecting" not in text, text
    assert text.count("not valid") == 1, text
    assert page.get_by_role("link", name="Watch this table").get_attribute("href").endswith("?watch=1")
    shot(page, "table-refused")
