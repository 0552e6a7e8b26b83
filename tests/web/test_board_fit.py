"""Cards as cards and a board that fits (issue 23), checked while a person plays: a human seat clicks
highlighted cards and buttons through several turns of each card game against a bot, at 1280×800 and on
a 390×844 phone (the clicking and the frame recorder are test_autopass_web's), and at several moments the
page is measured:

* no horizontal overflow (the document is no wider than the viewport);
* no card text cut inside a word: for every card title, type line and chip, each word's rendered boxes
  (``Range.getClientRects`` over the word's characters) lie on one line and inside the element, so every
  line break falls between words (or after the hyphen of a hyphenated name such as "Counter-Intrusion")
  and nothing runs out of the card;
* every card's cost and stats stay inside the card, and what the page shows at their middle is them (not
  an option's number badge, a neighbouring card or a popover);
* at 1280×800 the page does not scroll: the hand's cards, the decision and the player's own side are
  inside the viewport, and an option card on the player's own side is whole in sight (the hand rests,
  showing its cards' top strips, when it holds no option and would cover one); on the phone the hand is
  docked in sight and each hand card shows its cost and stats;
* axe-core finds nothing serious.
"""

from __future__ import annotations

from typing import Any

import pytest

from .accessibility import assert_accessible
from .conftest import PHONE
from .play import shot
from .test_autopass_web import DESKTOP, PASS_KINDS, _asked, _open, play_own_turns

# The first option card of the viewer's own rows, and whether an element is whole inside every box around it
# that scrolls or clips (the field, the own rows).
OWN_OPTION = "#board .ct-side.ct-bottom > .ct-rows :is(.ct-card.ct-pickable, .ct-card[data-option])"
WHOLE_JS = """const wholeInSight = (el) => {
    const r = el.getBoundingClientRect();
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const st = getComputedStyle(a);
      if (st.overflowX === 'visible' && st.overflowY === 'visible') continue;
      const b = a.getBoundingClientRect();
      if (r.top < b.top - 1 || r.bottom > b.bottom + 1 || r.left < b.left - 1 || r.right > b.right + 1) return false;
    }
    return r.top >= -1 && r.bottom <= window.innerHeight + 1;
  };
  const OWN_OPTION = '%s';""" % OWN_OPTION

# Everything measured in the page at once; returns the problems found (empty: all is well).
MEASURE_JS = """(phone) => {
  """ + WHOLE_JS + """
  const problems = [];
  const vw = window.innerWidth, vh = window.innerHeight;
  const doc = document.scrollingElement;
  if (doc.scrollWidth > vw + 1) problems.push(`page ${doc.scrollWidth} px wide in a ${vw} px viewport`);
  if (!phone && doc.scrollHeight > vh + 1) problems.push(`page ${doc.scrollHeight} px high in a ${vh} px viewport`);
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const name = (el) => (el.closest('.ct-card') || el).textContent.trim().slice(0, 40);
  // 1. no word broken or running out of its box
  for (const el of document.querySelectorAll('#board .cc-title, #board .cc-type, #board .cc-chip')) {
    if (!shown(el)) continue;
    const box = el.getBoundingClientRect();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement.closest('.sr-only')) continue;
      // a word, or one part of a hyphenated name (a line may end after its hyphen)
      for (const m of node.data.matchAll(/[^\\s-]+-*|-+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        const tops = new Set(rects.map((r) => Math.round(r.top)));
        if (tops.size > 1) problems.push(`"${m[0]}" is broken over ${tops.size} lines in ${el.className} of ${name(el)}`);
        for (const r of rects) {
          if (r.left < box.left - 1 || r.right > box.right + 1) {
            problems.push(`"${m[0]}" runs out of ${el.className} of ${name(el)} (${Math.round(r.right - box.right)} px)`);
          }
        }
      }
    }
  }
  // 2. cost and stats inside their card and uncovered: what the page shows at the middle of each is that
  //    part (an option's number badge, a neighbour or a popover there would be hit instead). In a fanned hand
  //    only each card's left strip shows: its cost and first stat are checked, the last card's all.
  const docks = '.ct-decision, .prompt, .ct-hand-dock';
  // a point outside a scrolling box around the part (the field, the own rows) is scrolled out of sight
  const scrolledAway = (el, x, y) => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const st = getComputedStyle(a);
      if (st.overflowX === 'visible' && st.overflowY === 'visible') continue;
      const r = a.getBoundingClientRect();
      if (x < r.left || x > r.right || y < r.top || y > r.bottom) return true;
    }
    return false;
  };
  for (const card of document.querySelectorAll('#board .cc')) {
    if (!shown(card)) continue;
    const c = card.getBoundingClientRect();
    const fanned = card.closest('.fanned') && card.closest('.ct-stack') !== card.closest('.fanned').lastElementChild;
    const parts = [...card.querySelectorAll('.cc-cost, .cc-stat, .cc-pip')].filter(shown);
    parts.forEach((part, k) => {
      const r = part.getBoundingClientRect();
      if (r.left < c.left - 1 || r.right > c.right + 1 || r.bottom > c.bottom + 1) {
        problems.push(`${part.className} "${part.textContent}" sticks out of ${name(card)}`);
      }
      if (fanned && !(part.matches('.cc-cost') || k === (card.querySelector('.cc-cost') ? 1 : 0))) return;
      const x = r.left + r.width / 2, y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x >= vw || y >= vh || scrolledAway(part, x, y)) return;
      const hit = document.elementFromPoint(x, y);
      if (!hit || part.contains(hit)) return;
      const dock = hit.closest(docks);
      if (dock && !dock.contains(card)) return; // scrolled under the docked prompt, hand or decision
      problems.push(`${part.className} "${part.textContent}" of ${name(card)} is covered by ${hit.className || hit.tagName}`);
    });
  }
  // 3. the hand, the decision and the own side in sight
  const hand = [...document.querySelectorAll('#board .ct-side.ct-bottom [data-region="hand"] .ct-card')];
  for (const card of hand) {
    const r = card.getBoundingClientRect();
    const inside = r.top >= -1 && r.bottom <= vh + 1 && (phone || (r.left >= -1 && r.right <= vw + 1));
    if (!inside) problems.push(`hand card ${name(card)} outside the viewport: ${JSON.stringify(r)}`);
    // at the desktop size nothing of the hand is scrolled or clipped away inside the page either, unless the
    // hand rests while the decision is about cards elsewhere (its cards' top strips show; checked below)
    const resting = card.closest('.ct-dock.resting');
    for (let a = card.parentElement; !phone && !resting && a && a !== document.body; a = a.parentElement) {
      const st = getComputedStyle(a);
      if (st.overflowX === 'visible' && st.overflowY === 'visible') continue;
      const b = a.getBoundingClientRect();
      if (r.left < b.left - 1 || r.right > b.right + 1 || r.top < b.top - 1 || r.bottom > b.bottom + 1) {
        problems.push(`hand card ${name(card)} is cut off by ${a.className}`);
        break;
      }
    }
    if (phone && card.matches('.cc')) {
      for (const part of card.querySelectorAll('.cc-cost, .cc-stats')) {
        if (getComputedStyle(part).display === 'none') problems.push(`a phone hides ${part.className} of ${name(card)}`);
      }
    }
  }
  const decision = document.querySelector('#board .ct-decision');
  const prompt = document.querySelector('#board .prompt, #board .outcome');
  for (const [what, el] of [['the decision bar', decision], ['the prompt', prompt]]) {
    if (!el) continue;
    const r = el.getBoundingClientRect();
    if (r.top < -1 || r.bottom > vh + 1 || r.height === 0) problems.push(`${what} is not in sight: ${JSON.stringify(r)}`);
  }
  // 4. at the desktop size the first option card of the own rows (the cards the decision is about, when
  //    they lie on the own side) is whole in sight, not a sliver under the hand
  const option = document.querySelector(OWN_OPTION);
  if (!phone && option && !wholeInSight(option)) problems.push(`the option card ${name(option)} is cut off`);
  const own = document.querySelector('#board .ct-side.ct-bottom');
  if (!phone && own) {
    const r = own.getBoundingClientRect();
    if (r.top < -1 || r.bottom > vh + 1) problems.push(`the own side is not all in sight: ${JSON.stringify(r)}`);
  }
  return {problems, cards: document.querySelectorAll('#board .cc').length, hand: hand.length,
          height: doc.scrollHeight};
}"""


def measure(page: Any, phone: bool, where: str) -> dict[str, Any]:
    page.mouse.move(0, 0)  # no popover open while measuring
    got: dict[str, Any] = page.evaluate(MEASURE_JS, phone)
    assert not got["problems"], f"{where}:\n" + "\n".join(got["problems"][:12])
    return got


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
@pytest.mark.parametrize("game,seed", [("call-of-cthulhu", 4), ("million-arthur", 3), ("mythos", 4)])
def test_the_board_fits_and_cards_read_whole_through_several_turns(server, new_page, game, seed, phone) -> None:
    page = _open(server, new_page, game, seed, phone=phone)
    size = "phone" if phone else "desktop"
    width = PHONE["width"] if phone else DESKTOP["width"]
    first = measure(page, phone, f"{game} {size} at the start")
    assert_accessible(page, f"{game} table ({size}) at the start")
    checks = {"n": 0, "hand": first["hand"]}

    def check(moves: int) -> None:
        if moves % 2 == 0:
            got = measure(page, phone, f"{game} {size} after {moves} moves")
            checks["n"] += 1
            checks["hand"] = max(checks["hand"], got["hand"])

    seen = play_own_turns(page, game, 3, seed, "tap" if phone else "click", timeout=300, on_move=check)
    assert checks["n"] >= 2 and checks["hand"], f"{checks['n']} measured positions, hand up to {checks['hand']} cards: {seen}"
    end = measure(page, phone, f"{game} {size} at the end")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    assert_accessible(page, f"{game} table ({size}) after {seen['moves']} moves")
    asked = _asked(page)
    assert asked and not [d for d in asked if len(d["options"]) == 1 or {o["kind"] for o in d["options"]} <= PASS_KINDS]
    shot(page, f"fit-{game}-{size}")
    print(f"\n{game} ({size}): {seen['moves']} moves over {seen['own_turns']} own turns, "
          f"{checks['n'] + 2} positions measured, page height {end['height']} px")


def test_card_popover_closes_on_leave_escape_and_scroll(server, new_page) -> None:
    """The card text on hover: a large copy of the card with its text beside it, gone when the pointer
    leaves, on Esc, and when the field scrolls; it never stays over other cards."""
    page = _open(server, new_page, "call-of-cthulhu", 4)
    card = page.locator(".ct-side.ct-bottom [data-region='hand'] .ct-card[data-card]").last
    tip = page.locator('[data-testid="card-tip"]')
    card.hover()
    tip.wait_for()
    assert tip.locator(".cc-zoom .cc-text").count() == 1 or tip.locator(".cc-zoom").count() == 1
    box, own = tip.bounding_box(), card.bounding_box()
    assert box and own and not (box["x"] < own["x"] + own["width"] - 1 and own["x"] < box["x"] + box["width"] - 1
                                and box["y"] < own["y"] + own["height"] - 1 and own["y"] < box["y"] + box["height"] - 1), \
        "the popover covers its own card"
    page.mouse.move(2, 2)
    tip.wait_for(state="detached")
    card.hover()
    tip.wait_for()
    page.keyboard.press("Escape")
    tip.wait_for(state="detached")
    page.mouse.move(2, 2)
    card.hover()
    tip.wait_for()
    page.evaluate("() => { const f = document.querySelector('.ct-field'); f.scrollTop = 0; f.dispatchEvent(new Event('scroll')); }")
    tip.wait_for(state="detached")


REST_JS = """() => {
  """ + WHOLE_JS + """
  const dock = document.querySelector('#board .ct-side.ct-bottom .ct-dock');
  const option = document.querySelector(OWN_OPTION);
  const hand = [...document.querySelectorAll('#board .ct-side.ct-bottom [data-region="hand"] .ct-card')];
  return {option: option ? option.textContent.trim().slice(0, 30) : null, whole: option ? wholeInSight(option) : null,
          resting: !!(dock && dock.classList.contains('resting')),
          handOptions: dock ? dock.querySelectorAll('.ct-pickable, [data-option]').length : 0,
          hand: hand.length, handWhole: hand.filter(wholeInSight).length};
}"""


def test_the_hand_rests_while_the_decision_is_about_cards_on_the_own_side(server, new_page) -> None:
    """Million Arthur's First step at 1280×800 with a full hand and a full own side: the knights of the base
    area are the options, and they are whole in sight, not a sliver under the hand. The hand, which holds no
    option then, rests (its cards' top strips show) and rises whole when pointed at; where the hand holds
    the options it never rests."""
    page = _open(server, new_page, "million-arthur", 2)
    seen: list[dict[str, Any]] = []

    def look(_moves: int) -> None:
        page.mouse.move(0, 0)
        page.wait_for_timeout(60)  # (the hand rests in the frame after the board is drawn)
        got = page.evaluate(REST_JS)
        if got["option"] is not None and not got["handOptions"]:
            assert got["whole"], f"the option card {got['option']} is cut off: {got}"
            if got["resting"]:
                seen.append(got)
                if len(seen) == 1:  # pointed at, the hand rises whole
                    page.locator("#board .ct-side.ct-bottom .ct-dock").hover()
                    raised = page.evaluate(REST_JS)
                    assert raised["hand"] == raised["handWhole"], f"the hand pointed at does not rise whole: {raised}"
                    page.mouse.move(0, 0)
        if got["handOptions"]:
            assert not got["resting"], f"the hand rests while it holds the options: {got}"

    play_own_turns(page, "million-arthur", 4, 2, "click", timeout=300, on_move=look)
    assert seen, "no position put options on the own side while the hand would cover them"
    assert all(g["hand"] > g["handWhole"] for g in seen)  # resting: the hand's cards show their top strips only
    print(f"\nthe hand rested at {len(seen)} position(s), e.g. {seen[0]}")
