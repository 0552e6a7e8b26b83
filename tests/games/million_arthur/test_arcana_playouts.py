"""Random games with decks of the arcana set: its texts run in real play to the end (MA-13.3), and no
hidden choice they make (hand and deck picks, face-down chain cards, a looked-at hand) leaks to the
other seat or a spectator under resampling (MA-14.7, D-MA-62)."""

from __future__ import annotations

import random
from typing import Any

from cardtable.core import Action, IllegalActionError
from cardtable.games.million_arthur import DEFINITION

NEW_KINDS = {"hidden_pick", "search", "effect_card", "evolve_onto", "reveal_choice", "discard_other"}


def _arcana_deck() -> dict[str, Any]:
    """40 cards, at most 3 copies, exactly 15 with a burst icon (MA-2.1–MA-2.4)."""
    pool = DEFINITION.pool
    arcana = [d for d in pool.defs if d.id.startswith("MAA-")]
    burst = [d.id for d in arcana if d.has_burst]
    plain = [d.id for d in arcana if not d.has_burst]
    cards: dict[str, int] = {}
    for k in range(15):
        cards[burst[k % len(burst)]] = cards.get(burst[k % len(burst)], 0) + 1
    for k in range(25):
        cards[plain[k % len(plain)]] = cards.get(plain[k % len(plain)], 0) + 1
    return {"name": "arcana test", "leader": "MAS-L01", "cards": cards}


def _play(seed: int, check_every: int) -> tuple[int, set[str]]:
    deck = _arcana_deck()
    st = DEFINITION.new_game(seed=seed, options={"decks": [deck, deck], "max_turns": 24})
    assert DEFINITION.deck_problems(st.options["decks"][0]) == []
    rng = random.Random(seed)
    steps, kinds = 0, set()
    while not st.is_terminal:
        d = st.decision
        assert d is not None
        kinds.add(d.kind)
        if steps % check_every == 0:
            for seat in (None, 0, 1):
                view, log = st.view(seat), st.log(seat)
                sampled = st.determinize(seat, seed=seed * 100 + steps)
                assert sampled.view(seat) == view, f"seed {seed} step {steps} seat {seat}: view changed"
                assert sampled.log(seat) == log, f"seed {seed} step {steps} seat {seat}: log changed"
                if seat == st.to_act:
                    assert sampled.legal_actions() == st.legal_actions(), f"seed {seed} step {steps}: options"
        if d.kind in NEW_KINDS:  # a card that is not offered is refused naming an MA rule, changing nothing
            legal = set(st.legal_actions())
            for c in range(0, len(st.table), 7):
                wrong = Action(d.player, "pick", (("card", c),))
                if wrong in legal:
                    continue
                before = st.to_dict()
                try:
                    st.apply(wrong)
                except IllegalActionError as err:
                    assert err.rule.startswith("MA-") and st.to_dict() == before
                else:
                    raise AssertionError(f"{wrong} was accepted at {d.kind}")
        st.apply(rng.choice(st.legal_actions()))
        steps += 1
    return steps, kinds


def test_arcana_decks_play_to_the_end_without_leaks_ma_14_7_ma_13_3() -> None:
    kinds: set[str] = set()
    for seed in range(4):
        steps, seen = _play(seed, check_every=5)
        assert steps > 50
        kinds |= seen
    assert {"hidden_pick", "reveal_choice"} <= kinds  # the new choices came up in real play



def test_deployment_options_are_exactly_the_items_the_rules_accept_ma_8_2_ma_8_3_ma_12_3() -> None:
    """The deployment steps list their options with a fast path of their own (``deploy.options``); it
    must offer exactly the moves, deployments and evolutions that ``deploy.refusal`` (the rules, with
    the reasons) accepts, through the arcana set's colour changes and deploy_colour restrictions too
    (D-MA-65, D-MA-66) — so the two can never drift apart."""
    from cardtable.games.million_arthur import deploy

    deck = _arcana_deck()
    checked, restricted = 0, 0
    for seed in range(8):
        st = DEFINITION.new_game(seed=seed, options={"decks": [deck, "Ember and Thorn"], "max_turns": 30})
        rng = random.Random(seed)
        while not st.is_terminal:
            d = st.decision
            assert d is not None
            if d.kind in ("first_step", "second_step"):
                p, step = d.player, d.kind.split("_")[0]
                items = tuple(st.secrets.get(p, ()))
                if step == "first":
                    cands = [Action(p, "move", (("card", k),)) for k in st.table.cards(f"base:{p}")]
                else:
                    hand, battle = st.table.cards(f"hand:{p}"), deploy.battle_tops(st, p, items)
                    cands = [Action(p, "deploy", (("card", h),)) for h in hand]
                    cands += [Action(p, "evolve", (("card", h), ("onto", k))) for h in hand for k in battle]
                reasons = [deploy.refusal(st, p, step, items, a) for a in cands]
                restricted += sum(1 for r in reasons if r is not None and r.rule == "MA-12.3")
                expected = [a for a, r in zip(cands, reasons) if r is None] + [Action(p, "submit")]
                # the same items, submit last (the fast path lists a hand card's deployment and evolutions
                # together, so the order differs once a hand card can evolve onto one deployed this turn)
                got = deploy.options(st, p, step, items)
                assert len(got) == len(set(got)) and set(got) == set(expected) and got[-1] == expected[-1], \
                    f"seed {seed}, {step} step, items {items}"
                checked += len(cands)
            st.apply(rng.choice(st.legal_actions()))
    assert checked > 100 and restricted > 0, (checked, restricted)
