"""A quick score of a Call of Cthulhu position for searches that stop before the end (``ismcts`` rollouts).

Why so simple: a search calls it once per iteration, so it must cost a few microseconds and read only
the state. What it counts is what decides games (CC-1.4): stories won first, then success tokens on
the stories still in the row (5 win one, CC-8.20), then the board that wins struggles — characters
in play and their skill — and the cards and resources that pay for more. Both sides are scored the
same way; the difference goes through a logistic curve so that one story ahead is a clear lead
(about 0.8) without ever being a certain win.
"""

from __future__ import annotations

import math

from .state import (
    INSANE, PLAY_ZONES, ROW_ZONES, STORY_ROW_SIZE, TOKENS_TO_WIN_STORY, CocState, zone_ids,
)

WON_ZONES = zone_ids("won:0", "won:1")
HAND_ZONES = zone_ids("hand:0", "hand:1")
RESOURCE_ZONES = (zone_ids("res:0:0", "res:0:1", "res:0:2"), zone_ids("res:1:0", "res:1:1", "res:1:2"))

STORY = 1.0  # a story won
TOKEN = 0.6 / TOKENS_TO_WIN_STORY  # a success token on a story in the row
CHARACTER = 0.05  # a sane character in play ...
SKILL = 0.02  # ... and each point of its printed skill
CARD_IN_HAND = 0.015
RESOURCE = 0.02
STEEPNESS = 1.4  # logistic slope: one story ahead scores about 0.8


def side_score(st: CocState, p: int) -> float:
    """How well seat ``p`` is doing, in "stories" (the weights above)."""
    t = st.table
    zones, flags, defn = t.zones, t.flags, t.defn
    deftuple = st.game.deftuple  # type: ignore[attr-defined]
    score = STORY * len(zones[WON_ZONES[p]])
    tokens = st.vars["tokens"]
    for slot in range(STORY_ROW_SIZE):
        if zones[ROW_ZONES[slot]]:
            score += TOKEN * tokens[2 * slot + p]
    for i in zones[PLAY_ZONES[p]]:
        d = deftuple[defn[i]]
        if d.type == "character" and not flags[i] & INSANE:
            score += CHARACTER + SKILL * d.skill
    score += CARD_IN_HAND * len(zones[HAND_ZONES[p]])
    score += RESOURCE * sum(len(zones[z]) for z in RESOURCE_ZONES[p])
    return score


def evaluate(st: CocState, seat: int) -> float:
    """Seat ``seat``'s expected score in [0, 1]: the outcome's score once the game is over."""
    outcome = st.outcome
    if outcome is not None:
        return float(outcome.scores.get(seat, 0.0))
    diff = side_score(st, seat) - side_score(st, 1 - seat)
    return 1.0 / (1.0 + math.exp(-STEEPNESS * diff))
