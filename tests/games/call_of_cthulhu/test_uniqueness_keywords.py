"""Uniqueness (CC-10) and Heroic/Villainous (CC-7.23, CC-7.23.1, CC-7.23.2)."""

from __future__ import annotations

from cardtable.core import Action
from cardtable.games.call_of_cthulhu.testing import Card, build

MERCER = "Inspector Hale Mercer"  # agency 4, unique, Heroic, Loyal
PATROL, RAIDER, ACOLYTE = "Harbor Patrolman", "Deep One Raider", "Yellow-Robed Acolyte"  # Heroic; Villainous x2
AGENCY4 = ([PATROL] * 4, [], [])


def play_action(sc, title: str) -> Action:  # type: ignore[no-untyped-def]
    return Action(0, "play", (("card", sc.id(title, "hand:0")),))


def test_cc_10_2_no_second_copy_of_a_unique_card_in_play_even_an_insane_one() -> None:
    """CC-10.1 / CC-10.2: uniqueness by title, per player; an insane copy counts."""
    sc = build(hands=([MERCER], []), domains=(AGENCY4, ((), (), ())), play=([Card(MERCER, insane=True)], []))
    err = sc.refuse(play_action(sc, MERCER))
    assert err.rule == "CC-10.2"


def test_cc_10_3_the_opponent_may_have_his_own_copy_and_cc_10_4_other_zones_do_not_count() -> None:
    """CC-10.3: the opponent's copy in play does not block; CC-10.4: copies as resources or discarded do not."""
    sc = build(hands=([MERCER], []), domains=((([PATROL] * 4), [MERCER], []), ((), (), ())),
               play=([], [MERCER]), discard=([MERCER], []))
    sc.act("play", card=sc.id(MERCER, "hand:0"))
    assert sc.id(MERCER, "hand:0") in sc.st.table.cards("play:0")


def test_cc_10_5_a_duplicate_unique_under_one_control_the_later_one_is_discarded() -> None:
    """CC-10.5 / D-20: the state check keeps the copy that entered play first."""
    sc = build(at="refresh", play=([MERCER, MERCER], []))
    first, later = sc.id(MERCER, "play:0", 0), sc.id(MERCER, "play:0", 1)
    assert first in sc.st.table.cards("play:0") and later in sc.st.table.cards("discard:0")


def test_cc_7_23_heroic_and_villainous_never_under_one_control() -> None:
    """CC-7.23: a Villainous character cannot be played while you control a Heroic one (and back)."""
    sc = build(hands=([RAIDER], []), domains=(([RAIDER], [], []), ((), (), ())), play=([PATROL], []))
    err = sc.refuse(play_action(sc, RAIDER))
    assert err.rule == "CC-7.23"
    sc = build(hands=([RAIDER], []), domains=(([RAIDER, RAIDER], [], []), ((), (), ())),
               play=([Card(PATROL, insane=True)], [PATROL]))
    sc.act("play", card=sc.id(RAIDER, "hand:0"))
    assert sc.id(RAIDER, "hand:0") in sc.st.table.cards("play:0"), "an insane Heroic or the opponent's does not block"


def test_cc_7_23_1_an_insane_character_is_not_restored_while_the_opposite_kind_is_in_play() -> None:
    """CC-7.23.1 / CC-5.10: the blocked character is no choice; with no other, nothing is restored."""
    sc = build(at="restore", play=([Card(PATROL, insane=True), Card(ACOLYTE, insane=True), RAIDER], []))
    st = sc.st
    assert not st.insane(sc.id(ACOLYTE)), "the only restorable one, restored without a choice"
    assert st.insane(sc.id(PATROL))
    sc = build(at="restore", play=([Card(PATROL, insane=True), RAIDER], []))
    assert sc.st.insane(sc.id(PATROL))


def test_cc_7_23_2_if_both_kinds_coexist_the_newcomer_is_discarded() -> None:
    """CC-7.23.2 / D-39: a state check discards the one that entered play later."""
    sc = build(at="refresh", play=([PATROL, RAIDER], []))
    assert sc.id(PATROL) in sc.st.table.cards("play:0") and sc.id(RAIDER) in sc.st.table.cards("discard:0")
