"""Driving the shared card-table renderer like a person: click a highlighted card, region or button (a
card with several uses opens its choices in the bar, then one is clicked), never posting an action."""

from __future__ import annotations

import random
import time
from typing import Any, Callable, TypeVar

from .play import MOVED_ON_JS, table_state

# Everything a person can click to move now: single-use cards, cards with several uses, target regions,
# buttons on a seat's banner (an option naming that seat) and the bar's buttons.
CLICKABLE = ("#board .ct-card.ct-pickable, #board .ct-region.target .ct-region-pick, "
             "#board .ct-seat-choices [data-option], #board .ct-decision [data-option]")

PASS_RATE = 0.7

# the choices of a pressed card opened, or (MOVED_ON_JS) the table moved on without them
SELECTION_OR_MOVED_ON_JS = ("""(seq) => {
  const bar = document.querySelector('[data-testid=selection]');
  return !!(bar && bar.getClientRects().length) || (""" + MOVED_ON_JS + """)(seq);
}""")

TURN_JS = """() => { const v = window.cardtable.app.frame.view; return [v.vars.turn, v.vars.active]; }"""


def click_move(page: Any, rng: random.Random, how: str = "click") -> bool:
    """If this page has a decision, make one move by clicking; False when there is nothing to do."""
    st = table_state(page)
    if st["over"] or not st["mine"] or st["pending"]:
        return False
    assert not st["error"], f"unexpected error message: {st['error']}"
    if page.locator('#board [data-testid="multi-pick"]').count():
        return _multi_move(page, rng, how, st)
    targets = page.locator(CLICKABLE)
    n = targets.count()
    assert n, "a decision with nothing to click"
    target = targets.nth(rng.randrange(n))
    # In a priority window, mostly pass (as people do): a game then takes fewer clicks per turn.
    passing = page.locator("#board .ct-decision [data-option]", has_text="Pass")
    if passing.count() and rng.random() < PASS_RATE:
        target = passing.first
    multi = "multi" in (target.get_attribute("class") or "") or (how == "tap" and "ct-card" in (target.get_attribute("class") or ""))
    _press(page, target, how)
    if multi:
        # The table may move on between reading it and the press (the other seat's move lands, the page
        # redraws and the lazily found target is another element): then no choices open, and that is fine.
        page.wait_for_function(SELECTION_OR_MOVED_ON_JS, arg=st["seq"], timeout=30000)
        if not page.locator('[data-testid="selection"]').is_visible():
            return True
        buttons = page.locator('[data-testid="selection"] [data-option]')
        if how == "keys":  # the selection moved the focus to its first choice
            page.wait_for_function("() => document.activeElement && document.activeElement.closest('[data-testid=selection]')")
            page.keyboard.press("Enter")
        else:
            _press(page, buttons.nth(rng.randrange(buttons.count())), how)
    page.wait_for_function(MOVED_ON_JS, arg=st["seq"], timeout=30000)
    err = table_state(page)["error"]
    # In a simultaneous step the other seat's move may land between reading the table and the click:
    # the server then says the click answered an old position (and the page shows the new one).
    if err and page.evaluate("() => !!document.querySelector('#messages .message.error[data-reason=stale]')"):
        page.locator("#messages .message-close").click()
        return True
    assert not err, f"the server refused a clicked move: {err}"
    return True


# A point inside the element (relative to its box) where the element itself, or something inside it, is the
# topmost thing on the page; null when none is in sight. Scans the middle row first, left to right.
VISIBLE_POINT_JS = """(el) => {
  el.scrollIntoView({block: "nearest", inline: "nearest"});
  const r = el.getBoundingClientRect();
  for (const fy of [0.5, 0.3, 0.7, 0.15, 0.85]) {
    for (let dx = 4; dx < r.width - 2; dx += 3) {
      const hit = document.elementFromPoint(r.left + dx, r.top + r.height * fy);
      if (hit && el.contains(hit)) return {x: dx, y: r.height * fy};
    }
  }
  return null;
}"""


T = TypeVar("T")


def click_until(page: Any, seed: int, found: Callable[[], T | None], what: str, how: str = "click",
                timeout: float = 150.0) -> T:
    """Click highlighted moves (seeded) until ``found()``, asked at each of the person's own decisions,
    returns something; that. Fails naming ``what`` when the game ends or the time runs out first."""
    rng = random.Random(seed)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        st = table_state(page)
        assert not st["over"], f"the game ended before {what}"
        if st["mine"] and not st["pending"]:
            got = found()
            if got is not None:
                return got
        if not click_move(page, rng, how):
            time.sleep(0.05)
    raise AssertionError(f"no {what} within the time limit")


def _multi_move(page: Any, rng: random.Random, how: str, st: dict[str, Any]) -> bool:
    """A multi-card prompt (discard down to N ...): choose one to three highlighted cards and confirm, or Done."""
    cards = page.locator("#board .ct-card.ct-pickable")
    done = page.locator("#board .ct-decision [data-option]", has_text="Done")
    n = cards.count()
    if done.count() and (not n or rng.random() < 0.3):
        _press(page, done.first, how)
    else:
        assert n, "a multi-card prompt with no card to choose"
        for i in sorted(rng.sample(range(n), rng.randint(1, min(n, 3)))):
            _press(page, cards.nth(i), how)
        _press(page, page.locator('[data-testid="multi-confirm"]'), how)
    page.wait_for_function(MOVED_ON_JS, arg=st["seq"], timeout=30000)
    err = table_state(page)["error"]
    assert not err, f"the server refused a multi-card choice: {err}"
    return True


def press(page: Any, target: Any, how: str = "click") -> None:
    """Click (or tap) a card where a person would: see ``_press``."""
    _press(page, target, how)


def _press(page: Any, target: Any, how: str) -> None:
    """Click, tap, or (``keys``) focus the element and press Enter."""
    if how == "keys":
        target.focus()
        page.keyboard.press("Enter")
    elif "ct-card" in (target.get_attribute("class") or ""):
        # Where the card shows: in a long hand the cards overlap like a fan and only a strip of each is in
        # sight (a person clicks what they see; the middle, or even the strip's first pixels, may be under
        # the next card). The point is found by asking the page what lies under it.
        point = target.evaluate(VISIBLE_POINT_JS)
        box = target.bounding_box()
        getattr(target, how)(position=point or {"x": 8, "y": box["height"] / 2 if box else 20})
    else:
        getattr(target, how)()


def play_turns(page: Any, seat: int, turns: int, *, seed: int = 0, how: str = "click",
               timeout: float = 240.0) -> tuple[int, int]:
    """Click moves until ``seat`` has played ``turns`` of its own turns or the game is over.

    Returns (own turns begun, moves made)."""
    rng = random.Random(seed)
    deadline = time.monotonic() + timeout
    own: set[int] = set()
    moves = 0
    while True:
        turn, active = page.evaluate(TURN_JS)
        if active == seat:
            own.add(turn)
        if table_state(page)["over"] or len(own) > turns:
            return len(own), moves
        if click_move(page, rng, how):
            moves += 1
        else:
            time.sleep(0.05)
        assert time.monotonic() < deadline, f"{len(own)} own turns in {timeout}s: {table_state(page)}"
