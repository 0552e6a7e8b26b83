"""A page survives a reload and a server restart mid-game, and plays on to the end."""

from __future__ import annotations

import pytest

from .play import outcome_text, play, shot, table_state, wait_connected

LOG_TEXT_JS = "() => [...document.querySelectorAll('#log li')].map((li) => li.textContent)"


def start_mid_game(server, new_page, moves: int = 2, how: str = "keys"):
    """A table with one human and three bots, played for ``moves`` moves and still running."""
    for _ in range(6):
        created = server.create_table(["human", "random", "random", "random"])
        page = new_page()
        page.goto(server.url + created["seats"][0]["invite_url"])
        wait_connected(page)
        play([page], how, max_moves=moves)
        if not table_state(page)["over"]:
            return created, page
    pytest.fail("six games in a row ended before the human's second move")


def test_reload_mid_game_continues_to_the_end(server, new_page):
    created, page = start_mid_game(server, new_page)
    before = table_state(page)
    log_before = page.evaluate(LOG_TEXT_JS)
    assert len(log_before) > 5
    page.reload()
    wait_connected(page)
    after = table_state(page)
    assert after["seq"] >= before["seq"]
    # The whole log comes back (a connection starts from log_start 0), in the same words.
    log_after = page.evaluate(LOG_TEXT_JS)
    assert log_after[: len(log_before)] == log_before
    assert "seat 0" in page.locator("#status").inner_text().lower()
    play([page], "keys")
    assert "Winners:" in outcome_text(page)


def test_server_restart_mid_game_reconnects_and_continues(make_server, new_page):
    server = make_server()
    created, page = start_mid_game(server, new_page, how="click")
    seq = table_state(page)["seq"]
    server.stop()
    page.wait_for_function("() => document.getElementById('conn').dataset.state === 'lost'", timeout=15000)
    assert "retrying" in page.locator("#conn").inner_text()
    shot(page, "table-reconnecting")
    server.start()  # a new process on the same database file and port
    wait_connected(page, timeout=30000)
    assert table_state(page)["seq"] >= seq
    play([page], "click")
    assert "Winners:" in outcome_text(page)
    # The finished game is on disk: the record replays to the same end.
    record = server.api("GET", f"/api/tables/{created['table_id']}/record", params={"token": created["admin_token"]})
    assert len(record["actions"]) == table_state(page)["seq"]
