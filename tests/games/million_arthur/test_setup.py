"""Setup (MA-5), starting values (MA-1.3) and the base fill procedure (MA-8.5)."""

from __future__ import annotations

import random

from cardtable.core import Action
from cardtable.games.million_arthur import DEFINITION
from cardtable.games.million_arthur.testing import FILLER, act, build


def _new(seed: int = 3):  # type: ignore[no-untyped-def]
    return DEFINITION.new_game(seed=seed, options={"decks": ["Ember and Thorn", "Tide and Lantern"]})


def test_each_leader_starts_at_20_hp_ma_1_3() -> None:
    st = _new()
    assert st.vars["hp"] == [20, 20]


def test_leader_in_the_leader_area_and_public_ma_5_3_ma_5_5() -> None:
    st = _new()
    for p in range(2):
        (lead,) = st.table.cards(f"leader:{p}")
        assert st.card(lead).kind == "leader"
        assert st.view(1 - p)["cards"][str(lead)]["defn"] == st.table.defn[lead]


def test_decks_are_shuffled_and_the_first_player_is_random_ma_5_2_ma_5_4() -> None:
    firsts = {_new(seed).vars["first"] for seed in range(12)}
    assert firsts == {0, 1}
    orders = {tuple(_new(seed).table.defn[i] for i in _new(seed).table.cards("deck:0")) for seed in range(4)}
    assert len(orders) > 1
    assert _new(5).to_dict() == _new(5).to_dict()  # seeded: the same game


def test_five_cards_and_a_full_base_before_the_first_turn_ma_5_6_ma_5_7() -> None:
    st = _new()
    for p in range(2):
        assert len(st.table.cards(f"hand:{p}")) == 5
    while st.decision is not None and st.decision.kind == "base_evolve":
        act(st, "done")
    for p in range(2):
        assert len(st.knights(p, "base")) == 3


def test_base_mulligan_once_in_turn_order_ma_5_8() -> None:
    st = _new()
    while st.decision.kind == "base_evolve":
        act(st, "done")
    first = st.vars["first"]
    assert st.decision.kind == "mulligan" and st.decision.player == first
    old = st.knights(first, "base")
    act(st, "pick", card=old[0])
    act(st, "done")
    while st.decision.kind == "base_evolve":
        act(st, "done")
    assert old[0] in st.table.cards(f"discard:{first}")
    assert len(st.knights(first, "base")) == 3
    assert st.decision.kind == "mulligan" and st.decision.player == 1 - first
    act(st, "done")
    while st.decision.kind == "base_evolve":
        act(st, "done")
    assert st.decision.kind == "first_step"  # no second mulligan, no hand mulligan


def test_the_first_turn_has_no_start_phase_ma_5_9() -> None:
    st = _new()
    while st.decision.kind in ("base_evolve", "mulligan"):
        act(st, "done")
    assert st.vars["turn"] == 1 and st.decision.kind == "first_step"
    assert len(st.table.cards(f"hand:{st.vars['first']}")) == 5  # no draw


def test_base_fill_evolves_a_placed_card_for_free_then_tops_up_ma_8_5_ma_8_11() -> None:
    deck = ["Cinder Page", "Cinder Lancer", "Cinder Warlord", "Moss Warden", FILLER, FILLER]
    sc = build(decks=(deck, [FILLER] * 10), at="charge")
    st = sc.st
    assert st.decision.kind == "base_evolve" and st.decision.player == 0
    page, lancer, warlord = (sc.id(n, "deck:0") for n in ("Cinder Page", "Cinder Lancer", "Cinder Warlord"))
    assert Action(0, "evolve", (("card", lancer), ("onto", page))) in st.legal_actions()
    assert Action(0, "evolve", (("card", page), ("onto", lancer))) not in st.legal_actions()  # MA-8.8
    act(st, "evolve", card=lancer, onto=page)
    act(st, "evolve", card=warlord, onto=lancer)  # MA-8.11: a second step onto the evolved knight
    assert sorted(st.under(warlord)) == sorted([page, lancer])
    assert st.decision.kind == "first_step"  # no pair left: T topped up (Moss Warden, filler), N had no choice
    assert [st.card(i).name for i in st.knights(0, "base")] == ["Cinder Warlord", "Moss Warden", FILLER]


def test_base_fill_discards_a_duplicate_colourless_knight_ma_3_10_ma_8_6() -> None:
    deck = ["Stray Hound", "Stray Hound", FILLER, FILLER, FILLER]
    sc = build(decks=(deck, [FILLER] * 10), at="charge")
    st = sc.st
    assert [st.card(i).name for i in st.knights(0, "base")] == ["Stray Hound", FILLER, FILLER]
    assert [st.card(i).name for i in st.table.cards("discard:0")] == ["Stray Hound"]


def test_random_setups_always_reach_the_first_step() -> None:
    for seed in range(6):
        st = DEFINITION.new_game(seed=seed)
        rng = random.Random(seed)
        while st.decision.kind != "first_step":
            st.apply(rng.choice(st.legal_actions()))
        assert st.vars["turn"] == 1
