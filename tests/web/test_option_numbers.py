"""Options numbered 10 and up are reached from the keyboard (issue 23): typing an option's number picks
it, two digits for 10 and up (the page waits briefly after a digit that could begin a larger number and
shows what was typed); with nine options or fewer a digit picks at once, as before. The keyboard hint
says so."""

from __future__ import annotations

from typing import Any

from .cardplay import click_until
from .play import shot, table_state, wait_connected

# Every action the page sends (a spy on WebSocket.send, installed before the page's own scripts).
SPY = """(() => {
  window.sentActions = [];
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    try { const m = JSON.parse(data); if (m.type === "act") window.sentActions.push(m.action); } catch (e) {}
    return send.call(this, data);
  };
})();"""

# A multi-card prompt (cards toggled, then confirmed once) is skipped: typing there chooses, it sends nothing.
HIGH_JS = """() => {
  if (document.querySelector('#board [data-option][aria-pressed]')) return 0;
  const nums = [...document.querySelectorAll('#board [data-option]')].map((el) => Number(el.dataset.option));
  return nums.length ? Math.max(...nums) : 0;
}"""


def _open(server: Any, new_page: Any, game: str, seed: int, decks: list[str] | None = None) -> Any:
    body: dict[str, Any] = {"game": game, "players": 2, "seats": ["human", "random"], "practice": True, "seed": seed}
    if decks:
        body["decks"] = decks
    created = server.api("POST", "/api/tables", json=body)
    page = new_page({"width": 1280, "height": 800})
    page.add_init_script(SPY)
    page.goto(server.url + created["seats"][0]["invite_url"])
    wait_connected(page)
    page.wait_for_function("() => window.cardtable.app.frame.decision")
    return page


def _until_ten_options(page: Any, seed: int, timeout: float = 240) -> int:
    """Click moves until the board numbers an option 10 or higher; that number."""
    def high() -> int | None:
        n = int(page.evaluate(HIGH_JS))
        return n if n >= 10 else None
    return click_until(page, seed, high, "a decision with ten options on the board", timeout=timeout)


def test_two_digits_pick_option_ten_and_up(server: Any, new_page: Any) -> None:
    page = _open(server, new_page, "mythos", seed=5)
    assert "type an option's number" in page.locator("#keys-help").inner_text().lower()
    assert page.locator(".si-turnno").first.inner_text().startswith("Round")  # Mythos counts rounds (turn_word)
    high = _until_ten_options(page, seed=5)
    want = page.evaluate("(n) => window.cardtable.app.frame.decision.options[n - 1]", high)
    seq = table_state(page)["seq"]
    page.evaluate("() => { window.sentActions = []; }")
    page.locator("body").press(str(high)[0])
    assert page.locator("#keys-typed").is_visible()
    assert f"Option {str(high)[0]}…" in page.locator("#keys-typed").inner_text()
    shot(page, "typed-number-1280")
    page.wait_for_timeout(150)
    assert page.evaluate("() => window.sentActions") == [], "the first digit picked at once"
    page.locator("body").press(str(high)[1])
    page.wait_for_function("(seq) => window.sentActions.length || window.cardtable.app.frame.seq !== seq", arg=seq)
    sent = page.evaluate("() => window.sentActions")
    assert sent == [want], f"typed {high}: sent {sent}, option {high} is {want}"
    assert not page.locator("#keys-typed").is_visible()


def test_one_digit_that_could_grow_picks_after_a_pause_or_on_enter(server: Any, new_page: Any) -> None:
    page = _open(server, new_page, "mythos", seed=5)
    _until_ten_options(page, seed=5)
    assert page.locator('#board [data-option="1"]').count()
    want = page.evaluate("() => window.cardtable.app.frame.decision.options[0]")
    page.evaluate("() => { window.sentActions = []; }")
    page.locator("body").press("1")
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.sentActions") == []
    page.wait_for_function("() => window.sentActions.length", timeout=3000)  # NUMBER_WAIT_MS later
    assert page.evaluate("() => window.sentActions") == [want]
