"""The remembered answers of the turn's hot paths agree with the plain rules they stand for.

Why: ``play.slots_fit`` / ``play.god_fits`` (``requirements.fits``) remember whether a pool of
(definition, type) pairs can fill a card's slots, and ``play.turn_options`` asks ``type_refusal`` once per
definition with a memo shared by the turn's checks. These tests ask the plain functions the same questions
on positions of seeded random games (MY-6.13.3, MY-6.9.2, MY-5.5) and compare."""

from __future__ import annotations

import random

from cardtable.games.mythos import GAME
from cardtable.games.mythos.play import (adventure_pool_kinds, check, god_fits, god_pool, hosts, slots_fit,
                                         turn_options)
from cardtable.games.mythos.requirements import assign
from cardtable.games.mythos.state import MyState


def _positions(games: int = 6) -> list[tuple[MyState, int]]:
    rng = random.Random(7)
    out = []
    for seed in range(games):
        st = GAME.new_game(seed=seed, players=2)
        while not st.is_terminal:
            d = st.decision
            assert d is not None
            if d.kind == "turn" and rng.random() < 0.5:
                out.append((st.clone(), d.player))
            st.apply(rng.choice(st.legal_actions()))
    return out


def test_my_6_13_3_my_6_9_2_remembered_slot_fits_agree_with_the_matching() -> None:
    asked = 0
    for st, p in _positions():
        cards, kinds = adventure_pool_kinds(st, p)
        gods = god_pool(st, p)
        for d in GAME.pool.defs:
            if d.slots:
                assert slots_fit(st, d, p) == (assign(st, d.slots, cards, kinds) is not None), d.title
                asked += 1
            if d.god_requirements:
                assert god_fits(st, d, p) == (assign(st, d.god_requirements, gods) is not None), d.title
                asked += 1
    assert asked > 500


def test_my_5_5_turn_plays_are_exactly_the_hand_cards_check_accepts() -> None:
    """Every (card, host) the turn lists as a plain play passes ``check`` asked alone, and every hand card
    and host ``check`` accepts without a target is listed."""
    for st, p in _positions(4):
        listed = {(o.get("card"), o.get("host")) for o in turn_options(st, p) if o.kind == "play" and o.get("target") is None}
        for i in st.table.cards(f"hand:{p}"):
            for h in hosts(st, p, st.card(i)):
                legal = check(st, p, i, h) is None
                assert ((i, h) in listed) == legal, st.card(i).title
