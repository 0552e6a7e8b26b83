"""A card's stripe is the colour of its data (issue 23): on a seeded Million Arthur table, every card drawn
in play or in hand carries ``data-colour`` equal to its catalog colour, and the stripe the browser paints
(the top border's computed colour) is that colour to the eye: red cards red, blue ones blue, colourless
grey. A pickable card keeps its stripe (its highlight colours the other sides). The Python side of the
same rule is tests/engine/test_card_colours.py."""

from __future__ import annotations

import colorsys
import random
import re
import time
from typing import Any

from .cardplay import click_move
from .conftest import PHONE, PHONE_OPTIONS
from .play import shot, table_state, wait_connected

GAME = "million-arthur"
DECKS = ("Ember and Thorn", "Tide and Lantern")

# Hue ranges (degrees) in which a stripe of each Million Arthur colour must lie (MA-3.3); colourless: no hue.
HUES = {"red": (345, 15), "yellow": (40, 70), "green": (90, 160), "blue": (200, 235), "purple": (250, 290)}

CARDS_JS = """() => {
  const v = window.cardtable.app.frame.view;
  const cat = new Map(window.cardtable_catalog.map((c) => [c.index, c]));
  return [...document.querySelectorAll('#board .ct-card[data-card]')].map((el) => {
    const entry = v.cards[el.dataset.card];
    const data = entry && entry.defn !== null ? cat.get(entry.defn) : null;
    return { id: el.dataset.card, shown: el.dataset.colour || null, data: data ? data.colour : null,
             name: data ? data.name : null, stripe: getComputedStyle(el).borderTopColor,
             pickable: el.classList.contains('ct-pickable'),
             region: el.closest('[data-region]') ? el.closest('[data-region]').dataset.region : null };
  });
}"""


def _looks(stripe: str) -> tuple[float, float]:
    """(hue in degrees, saturation) of a computed ``rgb(r, g, b)``."""
    r, g, b = (int(x) / 255 for x in re.findall(r"\d+", stripe)[:3])
    h, _l, s = colorsys.rgb_to_hls(r, g, b)
    return h * 360, s


def _in(hue: float, lo: float, hi: float) -> bool:
    return lo <= hue <= hi if lo <= hi else hue >= lo or hue <= hi


def _check_cards(page: Any) -> list[dict[str, Any]]:
    cards = page.evaluate(CARDS_JS)
    for c in cards:
        if c["data"] is None:
            continue
        assert c["shown"] == c["data"], f"{c['name']} is {c['data']} but drawn as {c['shown']}: {c}"
        hue, sat = _looks(c["stripe"])
        if c["data"] == "colourless":
            assert sat < 0.25, f"colourless {c['name']} has a coloured stripe {c['stripe']}"
        else:
            assert sat > 0.4 and _in(hue, *HUES[c["data"]]), \
                f"{c['data']} {c['name']} has the stripe {c['stripe']} (hue {hue:.0f})"
    return cards


def _open(server: Any, new_page: Any, seed: int, **page_options: Any) -> Any:
    created = server.api("POST", "/api/tables", json={"game": GAME, "players": 2, "seats": ["human", "random"],
                                                        "decks": list(DECKS), "practice": True, "seed": seed})
    page = new_page(**page_options)
    page.goto(server.url + created["seats"][0]["invite_url"])
    wait_connected(page)
    page.wait_for_function("() => window.cardtable.app.frame.decision")
    catalog = server.api("GET", f"/api/games/{GAME}/cards")["cards"]
    page.evaluate("(cards) => { window.cardtable_catalog = cards; }", catalog)
    return page


def test_every_card_in_play_or_hand_is_striped_in_its_data_colour(server, new_page) -> None:
    page = _open(server, new_page, seed=23, viewport={"width": 1280, "height": 800})
    rng = random.Random(23)
    seen: dict[str, int] = {}
    pickable_checked = 0
    deadline = time.monotonic() + 240
    moves = 0
    while moves < 40 and time.monotonic() < deadline and not table_state(page)["over"]:
        for c in _check_cards(page):
            if c["data"]:
                seen[c["data"]] = seen.get(c["data"], 0) + 1
                pickable_checked += c["pickable"]
        if click_move(page, rng, "click"):
            moves += 1
        else:
            time.sleep(0.05)
    assert len(seen) >= 3 and pickable_checked, f"too few colours or no pickable card seen: {seen}"
    shot(page, "ma-colours-1280")


def test_the_stripes_on_a_phone(server, new_page) -> None:
    page = _open(server, new_page, seed=24, viewport=PHONE, **PHONE_OPTIONS)
    cards = _check_cards(page)
    assert any(c["region"] == "hand" and c["data"] for c in cards)
    shot(page, "ma-colours-phone")
