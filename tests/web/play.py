"""Driving table pages like a person: pick the first offered option (mouse or keyboard) until the end."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable, Iterable

import cardtable

from .conftest import SHOTS

CHARACTER_NAMES = {"monster": "Monster", "knight": "Knight", "witch": "Witch", "saint": "Saint", "fool": "Fool"}

# What the page shows about the table right now (the client keeps its last frame on window.cardtable).
STATE_JS = """() => {
  const a = window.cardtable && window.cardtable.app;
  const f = a && a.frame;
  const err = document.querySelector('#messages .message.error');
  return {
    seq: f ? f.seq : null, mine: !!(f && f.decision), pending: !!(a && a.pending),
    over: !!document.querySelector('[data-testid="outcome"]'), status: f ? f.status : null,
    conn: document.getElementById('conn').dataset.state,
    options: document.querySelectorAll('#board [data-option]').length,
    error: err ? err.textContent : null, logLines: document.querySelectorAll('#log li').length,
  };
}"""

MOVED_ON_JS = """(seq) => {
  const a = window.cardtable.app;
  return (!a.pending && a.frame && a.frame.seq !== seq) || !!document.querySelector('#messages .message.error');
}"""


def table_state(page: Any) -> dict[str, Any]:
    return page.evaluate(STATE_JS)


def wait_connected(page: Any, timeout: float = 20000) -> None:
    page.wait_for_function("() => window.cardtable && window.cardtable.app.frame && "
                           "document.getElementById('conn').dataset.state === 'open'", timeout=timeout)


def act_once(page: Any, how: str = "click") -> bool:
    """If this page has a decision to make, take option 1 and wait until the game moved on."""
    st = table_state(page)
    if st["over"] or not st["mine"] or st["pending"] or not st["options"]:
        return False
    assert not st["error"], f"unexpected error message: {st['error']}"
    if how == "click":
        page.locator('#board [data-option="1"]').first.click()
    elif how == "tap":
        page.locator('#board [data-option="1"]').first.tap()
    elif how == "keys":
        page.keyboard.press("1")
    elif how == "enter":
        # A new decision moves the focus to its first option, so Enter alone plays it.
        page.wait_for_function("() => document.activeElement && document.activeElement.dataset.option === '1'")
        page.keyboard.press("Enter")
    else:
        raise ValueError(how)
    page.wait_for_function(MOVED_ON_JS, arg=st["seq"], timeout=20000)
    err = table_state(page)["error"]
    assert not err, f"the server refused a first-option move: {err}"
    return True


def play(pages: Iterable[Any], how: str | Callable[[Any], str] = "click", *, max_moves: int | None = None,
         timeout: float = 90.0, on_move: Callable[[Any], None] | None = None) -> int:
    """Play every page's decisions until all pages show the outcome (or ``max_moves`` were made).

    Returns the number of moves made. Fails if the game does not end within ``timeout`` seconds.
    """
    pages = list(pages)
    deadline = time.monotonic() + timeout
    moves = 0
    while True:
        acted = False
        for page in pages:
            mode = how(page) if callable(how) else how
            if act_once(page, mode):
                moves += 1
                acted = True
                if on_move is not None:
                    on_move(page)
                if max_moves is not None and moves >= max_moves:
                    return moves
        if all(table_state(p)["over"] for p in pages):
            return moves
        assert time.monotonic() < deadline, f"the game did not end within {timeout}s: {[table_state(p) for p in pages]}"
        if not acted:
            time.sleep(0.05)


def shot(page: Any, name: str) -> Path:
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


def true_state(server: Any, table_id: str, admin_token: str) -> Any:
    """The game as the server stored it (its record replayed): who really holds which character.

    Read from the server's database file, as its operator could: no token gets the record of a game
    in progress (the host must not learn the hidden game), so the API cannot be used here.
    """
    from cardtable.core.state import RECORD_FORMAT
    from cardtable.server.store import Store

    store = Store(server.db_url)
    try:
        row = store.get_table(table_id)
        assert row is not None, table_id
        record = {"format": RECORD_FORMAT, "game": row.game_id, "version": row.game_version,
                  "card_sets": row.card_sets, "players": row.players, "options": row.options, "seed": row.seed,
                  "actions": store.actions(table_id)}
    finally:
        store.close()
    return cardtable.replay(record)


def outcome_text(page: Any) -> str:
    return page.locator('[data-testid="outcome"]').inner_text()
