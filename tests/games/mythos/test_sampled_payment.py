"""A sample taken while another seat is being asked to pay a cost from its hand (MY-12.2).

The payer could start the ability only with enough fitting hand cards, and every seat sees it being asked
(the pay frame's public ``asking``), so a state sampled from an opponent's view must hold them in the
payer's hand. Before ``fit_pending_payment`` the prior sometimes dealt that hand none ("my.pay asked seat 1
a question with no options"); the vocabulary decks of the conformance test reach such a payment at once.
"""

from __future__ import annotations

import random

from cardtable.games.mythos.costs import PAY, DiscardFromHandCost, Pay
from cardtable.games.mythos.requirements import matches
from cardtable.games.mythos.state import OPS

from .test_vocabulary_triggers import _VocabularyMythos


def _asking_payment(seed: int) -> tuple[object, int]:
    """The first position of a seeded random game where a seat is asked to show or discard hand cards."""
    st = _VocabularyMythos().new_game(seed=seed, players=2)
    rng = random.Random(seed)
    while not st.is_terminal:
        d = st.decision
        if st.stack and st.top.op == PAY and st.top.get("asking") and d.kind in ("pay_reveal", "pay_discard"):
            return st, d.player
        st.apply(rng.choice(d.options))
    raise AssertionError(f"seed {seed} reached no hand payment")


def test_my_12_2_a_sample_gives_the_asked_payer_the_hand_cards_the_cost_needs() -> None:
    """MY-12.2, D-MY-155: in every state sampled from the other seat's view while a seat is asked to reveal a card of a
    kind, that seat is asked the same question and can answer it with a fitting card of its hand; the
    sample agrees with the viewer's view (nothing it could not see was used)."""
    st, payer = _asking_payment(0)
    viewer = 1 - payer
    op = OPS[PAY]
    assert isinstance(op, Pay)
    for seed in range(60):
        sample = st.determinize(viewer, seed)
        d = sample.decision
        assert d is not None and d.player == payer and d.kind == st.decision.kind
        assert d.options, "the payer is asked a question it cannot answer"
        _ab, cost, _left = op._current(sample, sample.top)
        flt = cost.filter if isinstance(cost, DiscardFromHandCost) else cost.reveal
        assert all(matches(sample.card(o.get("card")), flt) for o in d.options if o.kind == "pick")
        assert sample.view(viewer)["zones"] == st.view(viewer)["zones"]
