"""A quick score of a Million Arthur position for searches that stop before the end (``ismcts``).

Why so simple: a search calls it once per iteration, so it must cost a few microseconds and read only
what both seats can see (MA-14.1): HP, chain zones, hand sizes and the knights in the base and battle
areas — never a hand's or a deck's contents, so resampling what a seat cannot see (MA-14.7) cannot
change it. What it counts is what decides games: HP first (a leader at 0 loses, MA-1.4), then cost
capacity (each chain card is +1 budget every later turn, MA-7.1), cards in hand (tomorrow's knights),
the base knights the next First step can move for free (MA-6.5), and in the Attack step the damage
the turn player's active attackers still threaten through the other side's active blockers
(MA-9.6). The two sides are compared by their *ratio*, through a logistic curve of its logarithm
(25 against 20 scores about 0.75): HP has no upper limit (MA-1.3) and both seats heal, so HP reach the
hundreds in a long game, and a difference would saturate there (every option scoring 1.0 for the side
ahead, the search blind); and a seat wins only by bringing the other leader to 0 (MA-1.4), so 5 damage
to a leader at 10 is worth far more than to one at 200, which the ratio says and a difference does not.
"""

from __future__ import annotations

import math

from .state import MaState

CHAIN = 1.2  # one chain card, in HP
HAND = 0.6  # one card in hand
BASE = 0.25  # one point of a base knight's skill value
THREAT = 0.6  # one point of damage the turn player's active attackers still threaten
STEEPNESS = math.log(3.0) / math.log(25.0 / 20.0)  # 25 against 20: 0.75


def _side(st: MaState, p: int) -> float:
    t = st.table
    score = float(st.vars["hp"][p])
    score += CHAIN * min(len(t.cards(f"chain:{p}")), 9)
    score += HAND * min(len(t.cards(f"hand:{p}")), 6)
    for i in st.knights(p, "base"):
        score += BASE * st.card(i).skill_value
    return score


def threat(st: MaState) -> float:
    """Attack damage the turn player's active attackers still threaten through the other side's
    active blockers (MA-9.6), only during the Attack step."""
    if st.vars["step"] != "attack":
        return 0.0
    tp = st.active_player()
    attack = sum(st.skill_value(k) for k in st.knights(tp, "battle")
                 if not st.rested(k) and st.card(k).skill == "attack")
    if not attack:
        return 0.0
    shield = sum(st.defence_value(k) for k in st.knights(1 - tp, "battle") if not st.rested(k))
    return float(max(0, attack - shield))


def evaluate(st: MaState, seat: int) -> float:
    """Seat ``seat``'s expected score in [0, 1]: the outcome's score once the game is over."""
    outcome = st.outcome
    if outcome is not None:
        return float(outcome.scores.get(seat, 0.0))
    mine, theirs = _side(st, seat), _side(st, 1 - seat)
    hit = THREAT * threat(st)
    if st.active_player() == seat:
        theirs -= hit
    else:
        mine -= hit
    ratio = math.log(max(mine, 0.5) / max(theirs, 0.5))
    return 1.0 / (1.0 + math.exp(-STEEPNESS * ratio))
