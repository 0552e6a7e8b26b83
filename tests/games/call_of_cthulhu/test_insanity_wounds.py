"""Insanity, wounds, toughness, leaving play (CC-9, CC-3.2, CC-3.3, CC-3.12, CC-3.14, CC-7.22, CC-7.33)."""

from __future__ import annotations

from cardtable.games.call_of_cthulhu.testing import Card, build

ACOLYTE, PATROL, MUSCLE, DOG = "Yellow-Robed Acolyte", "Harbor Patrolman", "Hired Muscle", "Stray Dog"


def test_cc_9_1_going_insane_uncommits_discards_attachments_and_blanks_the_character() -> None:
    """CC-9.1 / CC-7.33: insane: face down, neither ready nor exhausted, uncommitted, attachments discarded,
    0 skill and no icons or keywords; it stays in play."""
    sc = build(at="resolve:0", play=([Card(ACOLYTE, story=0, exhausted=True)],
                                     [Card(MUSCLE, story=0, exhausted=True), Card("Motor Car", host=0),
                                      Card(DOG, insane=True)]))
    st = sc.st
    assert st.decision is not None and st.decision.kind == "restore" and st.decision.player == 1, "the next turn"
    m = sc.id(MUSCLE)
    assert st.insane(m) and st.table.zone_name(m) == "play:1"
    assert sc.id("Motor Car") in st.table.cards("discard:1")
    assert st.skill(m) == 0 and st.icons(m, 1) == 0 and st.durability(m) == 1


def test_cc_9_1_a_wounded_character_going_insane_is_destroyed() -> None:
    """CC-9.1 / D-41: it goes insane, then is destroyed (both logged, in that order)."""
    sc = build(at="resolve:0", play=([Card(ACOLYTE, story=0, exhausted=True)], [Card(MUSCLE, story=0, wounds=1,
                                                                                     exhausted=True)]))
    st = sc.st
    m = sc.id(MUSCLE)
    assert m in st.table.cards("discard:1")
    kinds = [e["kind"] for e in st.log(None) if e.get("title") == MUSCLE]
    assert kinds.index("insane") < kinds.index("destroyed")


def test_cc_3_12_insane_characters_are_not_readied_and_cannot_commit() -> None:
    """CC-3.12 / CC-9.1: the refresh readies exhausted cards, not insane ones (the one restore aside)."""
    sc = build(at="refresh", play=([Card(DOG, insane=True), Card(DOG, insane=True)], []))
    st = sc.st
    sc.act("pick", card=sc.id(DOG, "play:0", 0))
    other = sc.id(DOG, "play:0", 1)
    assert st.insane(other) and not st.exhausted(other)
    sc.pass_until("commit_attack")
    assert other not in {o.get("card") for o in st.legal_actions()}


def test_cc_9_3_a_restored_character_is_face_up_and_exhausted() -> None:
    """CC-9.3: restore = face up, exhausted."""
    sc = build(at="restore", play=([Card(PATROL, insane=True)], []))
    p = sc.id(PATROL)
    assert not sc.st.insane(p) and sc.st.exhausted(p)


def test_cc_7_22_toughness_adds_durability_and_cc_3_14_wounds_persist() -> None:
    """CC-7.22: durability 1 + Toughness; CC-3.14 / CC-9.4 wounds stay across turns until wounds ≥ durability."""
    sc = build(at="end", play=([Card(MUSCLE, wounds=1)], []))
    st = sc.st
    m = sc.id(MUSCLE)
    assert st.durability(m) == 2 and st.wounds(m) == 1 and st.vars["turn"] == 4
    assert st.durability(sc.id(MUSCLE)) == 2
    sc = build(at="end", play=([Card(MUSCLE, wounds=2)], []))
    assert sc.id(MUSCLE) in sc.st.table.cards("discard:0")


def test_cc_9_4_combat_wound_destroys_at_durability_and_cc_9_5_attachments_follow() -> None:
    """CC-9.4 / CC-9.5 / CC-7.33: the combat loser's one-wound character dies; its attachment is discarded;
    CC-3.2 / CC-3.3 it is a new object in its owner's discard pile (no wounds)."""
    sc = build(at="resolve:0", play=([Card(PATROL, story=0, exhausted=True)],
                                     [Card(DOG, story=0, exhausted=True), Card("Motor Car", host=0)]))
    st = sc.st
    dog = sc.id(DOG, "play:1")
    assert dog in st.table.cards("discard:1") and sc.id("Motor Car") in st.table.cards("discard:1")
    assert st.wounds(dog) == 0 and st.committed_slot(dog) is None


def test_cc_9_6_the_discard_pile_is_ordered_latest_on_top() -> None:
    """CC-9.6: the most recently placed card is on top (last)."""
    sc = build(at="resolve:0", play=([Card(PATROL, story=0, exhausted=True)],
                                     [Card(DOG, story=0, exhausted=True), Card("Motor Car", host=0)]),
               discard=((), ["Hired Gun From Chicago"]))
    pile = [sc.st.card(i).title for i in sc.st.table.cards("discard:1")]
    assert pile[0] == "Hired Gun From Chicago" and set(pile[1:]) == {DOG, "Motor Car"}
