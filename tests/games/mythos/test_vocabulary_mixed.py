"""A triggered effect that asks a question (MY-12.1 with MY-12.5 CHOOSE): the trigger walk stops while the
effect's question is open and goes on, in MY-12.9 order, once it is answered."""

from __future__ import annotations

import pytest

from cardtable.games.mythos.testing import build


@pytest.mark.parametrize("label, gain, drawn", (("Gain 1 Sanity", 1, 0), ("Draw 1 card", 0, 1)))
def test_my_12_1_my_12_5_a_start_of_round_choice_crossroads_weathervane(label: str, gain: int, drawn: int) -> None:
    """Crossroads Weathervane: at START_OF_ROUND its controller is asked the CHOOSE question before the first
    turn; the chosen branch happens, then the card's second effect (each opponent loses 1), then play goes on."""
    sc = build(items=(["Crossroads Weathervane"], []), sanity=(10, 11), at="start", round=1, first=1)
    d = sc.st.decision
    assert d is not None and (d.kind, d.player) == ("effect_choose", 0)
    hand = len(sc.zone("hand:0"))
    pick = next(o for o in sc.st.legal_actions() if label in repr(o) or label in str(o.params))
    sc.st.apply(pick)
    d = sc.st.decision
    assert d is not None and (d.kind, d.player) == ("turn", 0)
    assert sc.st.sanity(0) == 10 + gain and sc.st.sanity(1) == 10
    assert len(sc.zone("hand:0")) == hand + drawn
