"""Auto-pass in the browser (issue 23): a person plays several turns of each card game against a bot by
clicking highlighted cards and buttons only, and no decision with nothing to decide ever reaches them.

Every frame the page receives is recorded (a wrapper around ``WebSocket.onmessage`` set before the page's
scripts run), so the test sees exactly what the person was asked. Clicks are counted per own turn and
printed, the figure issue 23 asks for. Also: the top bar's stops (Full control, Pass until my turn) and
the multi-card prompt (Mythos' hand adjustment, one prompt with a Confirm button).
"""

from __future__ import annotations

import random
import time
from typing import Any, Callable

import pytest

from .cardplay import click_move, press
from .conftest import PHONE, PHONE_OPTIONS
from .play import table_state, wait_connected

# The recorder: every parsed frame the page gets, and every click a person makes (trusted events only).
RECORD_JS = """
window.__frames = []; window.__clicks = 0;
document.addEventListener('click', (ev) => { if (ev.isTrusted) window.__clicks += 1; }, true);
const Native = window.WebSocket;
window.WebSocket = class extends Native {
  constructor(...args) {
    super(...args);
    this.addEventListener('message', (ev) => { try { window.__frames.push(JSON.parse(ev.data)); } catch (e) {} });
  }
};
"""
PASS_KINDS = {"pass", "decline"}
# The view path of each game's turn counter (its presentation's turn_path) and of the active seat.
TURNS = {"call-of-cthulhu": "turn", "million-arthur": "turn", "mythos": "round"}
DESKTOP = {"width": 1280, "height": 800}


def _open(server: Any, new_page: Any, game: str, seed: int, phone: bool = False) -> Any:
    created = server.api("POST", "/api/tables", json={"game": game, "players": 2, "seats": ["human", "heuristic"],
                                                        "seed": seed, "practice": True})
    page = new_page(viewport=PHONE, **PHONE_OPTIONS) if phone else new_page(viewport=DESKTOP)
    page.add_init_script(RECORD_JS)
    page.goto(f"{server.url}/table/{created['table_id']}?token={created['seats'][0]['token']}")
    wait_connected(page)
    page.wait_for_selector(".ct-board .ct-side.ct-bottom")
    return page


def _asked(page: Any) -> list[dict[str, Any]]:
    """The decisions that reached the person (one per seq)."""
    frames = page.evaluate("() => window.__frames.filter((f) => f.type === 'state' && f.decision)")
    by_seq = {f["seq"]: f["decision"] for f in frames}
    return [by_seq[k] for k in sorted(by_seq)]


def _turn(page: Any, game: str) -> tuple[Any, Any]:
    v = page.evaluate("() => window.cardtable.app.frame.view.vars")
    return v.get(TURNS[game]), v.get("active")


def play_own_turns(page: Any, game: str, turns: int, seed: int, how: str, timeout: float,
                   on_move: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Click moves until the seat has begun ``turns + 1`` own turns (so ``turns`` are complete) or the game ends;
    ``on_move(moves so far)`` runs after each move (test_board_fit measures the page there)."""
    rng = random.Random(seed)
    deadline = time.monotonic() + timeout
    own: list[Any] = []
    moves = 0
    while True:
        turn, active = _turn(page, game)
        if active == 0 and turn not in own:
            own.append(turn)
        if table_state(page)["over"] or len(own) > turns:
            break
        if click_move(page, rng, how):
            moves += 1
            if on_move is not None:
                on_move(moves)
        else:
            time.sleep(0.05)
        assert time.monotonic() < deadline, f"{len(own)} own turns in {timeout}s: {table_state(page)}"
    clicks = page.evaluate("() => window.__clicks")
    done = max(1, min(len(own), turns) if not table_state(page)["over"] else len(own))
    return {"own_turns": len(own), "moves": moves, "clicks": clicks, "clicks_per_turn": round(clicks / done, 1)}


@pytest.mark.parametrize("game,seed,turns", [("call-of-cthulhu", 4, 3), ("million-arthur", 2, 3), ("mythos", 4, 2)])
def test_no_single_option_prompt_reaches_a_person_clicking_several_turns(server, new_page, game, seed, turns) -> None:
    page = _open(server, new_page, game, seed)
    seen = play_own_turns(page, game, turns, seed, "click", timeout=300)
    asked = _asked(page)
    empty = [d for d in asked if len(d["options"]) == 1 or {o["kind"] for o in d["options"]} <= PASS_KINDS]
    assert asked and not empty, empty[:3]
    auto = page.evaluate("() => window.__frames.reduce((n, f) => n + ((f.auto || []).length), 0)")
    assert auto > 0
    notes = page.locator("#log li.log-note").all_inner_texts()
    assert notes and all(t.startswith("Passed for you") for t in notes), [t for t in notes if not t.startswith("Passed for you")]
    outcome = page.evaluate("() => window.cardtable.app.frame.outcome")
    print(f"\n{game} (desktop): outcome {outcome}; kinds asked {sorted({d['kind'] for d in asked})}")
    print(f"{game} (desktop): {len(asked)} decisions asked, {auto} passed automatically, "
          f"{seen['clicks']} clicks over {seen['own_turns']} own turns begun = {seen['clicks_per_turn']} per turn")


@pytest.mark.parametrize("game,seed", [("call-of-cthulhu", 6), ("mythos", 6)])
def test_phone_taps_through_two_turns_without_empty_prompts(server, new_page, game, seed) -> None:
    page = _open(server, new_page, game, seed, phone=True)
    seen = play_own_turns(page, game, 2, seed, "tap", timeout=300)
    asked = _asked(page)
    assert asked and not [d for d in asked if len(d["options"]) == 1]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"] + 1
    print(f"\n{game} (phone): {len(asked)} decisions asked, {seen['clicks']} taps over {seen['own_turns']} "
          f"own turns begun = {seen['clicks_per_turn']} per turn")


def test_full_control_toggle_in_the_top_bar_is_kept_across_a_reload(server, new_page) -> None:
    page = _open(server, new_page, "call-of-cthulhu", 5)
    toggle = page.locator('[data-testid="full-control"]')
    assert toggle.get_attribute("aria-pressed") == "false"
    toggle.click()
    page.wait_for_function("() => window.cardtable.app.prefs && window.cardtable.app.prefs.full_control")
    assert toggle.get_attribute("aria-pressed") == "true"
    page.reload()
    wait_connected(page)
    page.wait_for_function("() => window.cardtable.app.prefs && window.cardtable.app.prefs.full_control")
    assert page.locator('[data-testid="full-control"]').get_attribute("aria-pressed") == "true"
    # in full control, a decision with nothing to choose is asked again: click until one comes
    rng = random.Random(1)
    for _ in range(60):
        d = page.evaluate("() => window.cardtable.app.frame.decision")
        if d and len(d["options"]) == 1:
            break
        if not click_move(page, rng, "click"):
            time.sleep(0.05)
    else:
        pytest.fail("no single-option decision was asked in full control")
    page.locator('[data-testid="full-control"]').click()  # off again: the server takes it at once
    page.wait_for_function("() => window.cardtable.app.prefs && !window.cardtable.app.prefs.full_control")
    page.wait_for_function("() => { const d = window.cardtable.app.frame.decision; return !d || d.options.length > 1; }")
    # pass until my turn: the button shows the mode until the server clears it
    page.locator('[data-testid="stop-turn"]').click()
    page.wait_for_function("() => window.cardtable.app.prefs && window.cardtable.app.prefs.pass_until === null"
                           " && window.__frames.some((f) => f.type === 'prefs' && f.pass_until === 'turn')",
                           timeout=60000)
    assert page.locator('[data-testid="stop-turn"]').get_attribute("aria-pressed") == "false"


def test_mythos_hand_adjustment_is_one_prompt_with_confirm(server, new_page) -> None:
    page = _open(server, new_page, "mythos", 3)
    rng = random.Random(3)
    deadline = time.monotonic() + 300
    while not page.locator('#board [data-testid="multi-pick"]').count():
        assert not table_state(page)["over"] and time.monotonic() < deadline, "no multi-card prompt came"
        if not click_move(page, rng, "click"):
            time.sleep(0.05)
    st = table_state(page)
    kind = page.evaluate("() => window.cardtable.app.frame.decision.kind")
    cards = page.locator("#board .ct-card.ct-pickable")
    n = min(2, cards.count())
    for i in range(n):
        press(page, cards.nth(i))
    assert page.locator("#board .ct-card.picked").count() == n
    assert page.locator('[data-testid="multi-confirm"]').inner_text() == f"Confirm ({n})"
    before = page.evaluate("() => window.__clicks")
    page.locator('[data-testid="multi-confirm"]').click()
    page.wait_for_function("(seq) => { const a = window.cardtable.app; return !a.pending && !a.sequence && a.frame.seq > seq; }",
                           arg=st["seq"], timeout=30000)
    sent = page.evaluate("(seq) => window.__frames.filter((f) => f.type === 'state' && f.seq > seq).length", st["seq"])
    assert sent >= 1 and page.evaluate("() => window.__clicks") == before + 1
    assert not table_state(page)["error"]
    print(f"\nmythos {kind}: {n} cards chosen and confirmed with {n + 1} clicks")
