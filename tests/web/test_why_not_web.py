"""Why not, in the browser (issue 23): a card in the person's hand that no option plays says why when it is
hovered (desktop) or tapped (phone), in the engine's own words and with the rule's ID, exactly as the
server sent it in the seat's ``why_not`` (tests/server/test_why_not.py proves those reasons are the
engine's real refusals). A person plays by clicking until such a card is in their hand at a decision."""

from __future__ import annotations

from typing import Any

import pytest

from .cardplay import click_until
from .play import shot
from .test_autopass_web import _open

# The reasons of the current decision whose card is drawn in the person's own hand, with its title.
SHOWN_REASONS_JS = """() => {
  const f = window.cardtable.app.frame || {};
  const out = [];
  for (const [id, r] of Object.entries(f.why_not || {})) {
    const el = document.querySelector(`#board .ct-bottom [data-card="${id}"]`);
    if (el && el.getClientRects().length) out.push({ id, rule: r.rule, text: r.text, cls: el.className });
  }
  return out;
}"""


def _play_until_a_reason(page: Any, seed: int, how: str, timeout: float = 150.0) -> dict[str, Any]:
    shown = lambda: (page.evaluate(SHOWN_REASONS_JS) or [None])[0]  # noqa: E731
    return click_until(page, seed, shown, "an unplayable card in hand", how=how, timeout=timeout)


@pytest.mark.parametrize("game,seed", [("call-of-cthulhu", 3), ("million-arthur", 5), ("mythos", 2)])
def test_hovering_a_card_that_cannot_be_played_shows_the_engines_reason(server, new_page, game, seed) -> None:
    """Desktop: hovering the card shows its enlarged face and "Can't play now: <refusal> <rule ID>"."""
    page = _open(server, new_page, game, seed)
    reason = _play_until_a_reason(page, seed, "click")
    card = page.locator(f'#board .ct-bottom [data-card="{reason["id"]}"]').first
    assert "ct-cannot" in reason["cls"] and "ct-pickable" not in reason["cls"]
    card.scroll_into_view_if_needed()
    card.hover()
    note = page.locator('[data-testid="card-tip"] [data-testid="why-not"]')
    note.wait_for()  # also when a frame redraws the board under the resting pointer
    said = " ".join(note.inner_text().split())
    assert said.startswith("Can't play now:")
    assert " ".join(reason["text"].split()) in said and said.endswith(reason["rule"]), (said, reason)
    shot(page, f"why-not-{game}")
    # Screen readers get the same reason with the card.
    assert reason["rule"] in (card.text_content() or "")
    page.mouse.move(2, 2)
    page.locator('[data-testid="card-tip"]').wait_for(state="detached")


def test_tapping_a_card_that_cannot_be_played_on_a_phone_says_why(server, new_page) -> None:
    """Phone: a tap opens the card's dialog, which carries the reason and the rule (CC: Call of Cthulhu)."""
    page = _open(server, new_page, "call-of-cthulhu", 3, phone=True)
    reason = _play_until_a_reason(page, 3, "tap")
    card = page.locator(f'#board .ct-bottom [data-card="{reason["id"]}"]').first
    card.scroll_into_view_if_needed()
    card.tap()
    note = page.locator('[data-testid="card-dialog"] [data-testid="why-not"]')
    note.wait_for()
    said = " ".join(note.inner_text().split())
    assert " ".join(reason["text"].split()) in said and reason["rule"] in said, (said, reason)
    shot(page, "why-not-phone")
    page.locator('[data-testid="card-dialog"] button', has_text="Close").click()
