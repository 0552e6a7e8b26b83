"""Activated abilities (MY-5.6c, MY-5.7, MY-6.5.3, MY-9.2, MY-12.2), each from an exact situation."""

from __future__ import annotations

from cardtable.games.mythos.testing import build


def test_my_5_7_a_free_action_keeps_the_turn_once_per_turn_and_leaves_passing_alone() -> None:
    """Tarnished Compass: exhaust it and lose 1 Sanity to draw 1 — no turn cost."""
    sc = build(items=(["Tarnished Compass"], []), decks=(["Nightfall", "Dawn Breaks"], []), sanity=(10, 11),
               passes=(0, 1), active=0)
    compass = sc.id("Tarnished Compass")
    sc.act("activate", ability=0, card=compass)
    st = sc.st
    assert st.vars["active"] == 0 and st.sanity(0) == 9 and sc.titles("hand:0") == ["Nightfall"]
    assert (st.vars["pass_init"], st.vars["pass_count"]) == (0, 1)  # MY-5.9: not cancelled
    assert st.face_down(compass) and st.view(1)["cards"][str(compass)]["defn"] is not None  # exhausted, known
    assert sc.refuse("activate", ability=0, card=compass).rule == "MY-12.2"  # a face-down card has no effects
    sc.act("pass")  # the initiator passes again: 2 passes
    assert "card_play_ended" in [e.kind for e in st.events]
    sc.pass_use_step()
    assert not st.face_down(compass)  # MY-5.13: ready again at the end of the round


def test_my_5_6c_an_ability_costing_a_turn_is_the_turn() -> None:
    sc = build(allies=(["Antiquarian Scholar"], []), decks=(["Nightfall"], []), passes=(0, 1))
    sc.act("activate", ability=0, card=sc.id("Antiquarian Scholar"))
    st = sc.st
    assert st.vars["active"] == 1 and sc.titles("hand:0") == ["Nightfall"]
    assert st.vars["pass_init"] == -1  # MY-5.9e: the initiator took a turn action


def test_my_6_2_1_my_6_5_3_an_investigators_ability_once_a_round() -> None:
    """Pell's Steady Hands: turn, once a round: gain 1 Sanity."""
    sc = build(players=2, investigators=("Pell / Quill", "Whitcomb / Harlan"), sanity=(10, 11))
    inv = sc.id("Pell / Quill")
    sc.act("activate", ability=0, card=inv)
    assert sc.st.sanity(0) == 11
    sc.act("pass")  # seat 1
    err = sc.refuse("activate", ability=0, card=inv)
    assert err.rule == "MY-5.7"


def test_my_12_2_bury_self_and_sanity_costs() -> None:
    sc = build(items=(["Star-Stone Amulet"], []), story=(["Arkham Rail Depot"], []), sanity=(10, 11))
    sc.act("activate", ability=0, card=sc.id("Star-Stone Amulet"))
    assert sc.st.sanity(0) == 12 and sc.titles("story:0") == ["Star-Stone Amulet", "Arkham Rail Depot"]
    last = build(items=(["Tarnished Compass"], []), decks=(["Nightfall"], []), sanity=(1, 11))
    last.act("activate", ability=0, card=last.id("Tarnished Compass"))  # paying the last Sanity ends it
    assert last.st.is_terminal and last.st.sanity(0) == 0


def test_my_12_7_my_9_2_abilities_in_the_use_step_by_timing() -> None:
    """The Amulet may be broken in battle (default timing); the Compass only in card play."""
    sc = build(items=(["Star-Stone Amulet", "Tarnished Compass"], []), sanity=(10, 11), at="battle")
    d = sc.st.decision
    assert d is not None and d.kind == "battle_use"
    assert {(o.kind, o.get("card")) for o in d.options} == {("activate", sc.id("Star-Stone Amulet")), ("pass", None)}
    assert sc.refuse("activate", ability=0, card=sc.id("Tarnished Compass")).rule == "MY-12.7"
    sc.act("activate", ability=0, card=sc.id("Star-Stone Amulet"))
    assert sc.st.sanity(0) == 12


def test_d_my_120_my_12_1_a_card_back_from_the_discard_pile_forgets_its_once_a_round_use() -> None:
    """MY-12.1 / D-MY-120 (leaving play), D-MY-107: Tireless Clerk's File Away (free, once a round) is used;
    the Clerk is discarded (Dismissal, fast) and put back into play from the discard pile
    (Call Back the Fallen, fast), all in seat 0's turn: it is a new object, so File Away may be used again
    this round."""
    sc = build(allies=(["Tireless Clerk"], []), hands=(["Dismissal", "Call Back the Fallen"], []), sanity=(8, 11))
    st = sc.st
    clerk = sc.id("Tireless Clerk")
    sc.act("activate", ability=0, card=clerk)
    assert st.sanity(0) == 9
    assert sc.refuse("activate", ability=0, card=clerk).rule == "MY-5.7"  # used this round
    sc.act("play", card=sc.id("Dismissal"))
    assert clerk in sc.zone("discard:0") and st.vars["active"] == 0
    sc.act("play", card=sc.id("Call Back the Fallen"), target=clerk)
    assert clerk in sc.zone("ally:0") and st.vars["active"] == 0
    sc.act("activate", ability=0, card=clerk)  # refused (MY-5.7) while the old mark was kept
    assert st.sanity(0) == 10
    assert sc.refuse("activate", ability=0, card=clerk).rule == "MY-5.7"  # and marked again
