"""Illegal actions are refused naming their rule, and change nothing (CC-5.3, CC-5.30, CC-6.14, CC-7.32, CC-8.x)."""

from __future__ import annotations

from cardtable.core import Action
from cardtable.games.call_of_cthulhu.testing import Card, build

PATROL, DOG = "Harbor Patrolman", "Stray Dog"


def commit(card: int, story: int, player: int = 0) -> Action:
    return Action(player, "commit", (("card", card), ("story", story)))


def test_cc_8_3_an_exhausted_character_cannot_commit() -> None:
    """CC-8.3: only ready characters commit."""
    sc = build(at="attack", play=([Card(PATROL, exhausted=True), DOG], []))
    assert sc.refuse(commit(sc.id(PATROL), 0)).rule == "CC-8.3"


def test_cc_8_3_an_insane_character_cannot_commit_as_attacker() -> None:
    """CC-8.3 (attackers are ready, non-insane characters; also CC-9.1): an insane character cannot commit."""
    sc = build(at="attack", play=([Card(PATROL, insane=True), DOG], []))
    assert sc.refuse(commit(sc.id(PATROL), 0)).rule == "CC-8.3"


def test_cc_8_5_an_exhausted_or_insane_character_cannot_defend() -> None:
    """CC-8.5: defenders are the NAP's ready, non-insane characters (not the attackers' CC-8.3)."""
    sc = build(at="defend", play=([Card(PATROL, exhausted=True, story=0)],
                                  [Card(DOG, exhausted=True), Card("Night Librarian", insane=True), DOG]))
    assert sc.refuse(commit(sc.id(DOG, "play:1"), 0, player=1)).rule == "CC-8.5"
    assert sc.refuse(commit(sc.id("Night Librarian"), 0, player=1)).rule == "CC-8.5"


def test_cc_8_5_defenders_go_only_where_the_attacker_is() -> None:
    """CC-8.5: a defender to a story with no attacker is refused."""
    sc = build(at="defend", play=([Card(PATROL, exhausted=True, story=1)], [DOG]))
    assert sc.refuse(commit(sc.id(DOG, "play:1"), 0, player=1)).rule == "CC-8.5"


def test_cc_8_6_a_commit_needs_a_story_in_the_row() -> None:
    """CC-8.6: characters commit to stories in the row (an empty slot is none)."""
    sc = build(at="attack", row=("The Drowned Bell of Innsmouth", None, "The Coast Road at Midnight"),
               play=([PATROL], []))
    assert sc.refuse(commit(sc.id(PATROL), 1)).rule == "CC-8.6"


def test_cc_5_50_committing_outside_the_commit_steps_is_refused() -> None:
    """CC-5.50: commits only at S1 (attackers) and S3 (defenders)."""
    sc = build(hands=([DOG], []), play=([PATROL], []))
    assert sc.st.decision is not None and sc.st.decision.kind == "window:ops"
    assert sc.refuse(commit(sc.id(PATROL), 0)).rule == "CC-5.50"


def test_cc_5_30_a_second_resource_in_one_turn_is_refused() -> None:
    """CC-5.30: one resource per turn, in the resource phase."""
    sc = build(at="resource", hands=([PATROL, DOG], []))
    sc.act("resource", card=sc.id(PATROL), domain=0)
    assert sc.st.decision is not None and sc.st.decision.player == 0
    err = sc.refuse(Action(0, "resource", (("card", sc.id(DOG)), ("domain", 1))))
    assert err.rule == "CC-5.30"


def test_cc_5_3_playing_outside_an_action_window_is_refused() -> None:
    """CC-5.3: cards are played as actions in windows; a commit decision is none."""
    sc = build(at="attack", hands=([DOG], []), play=([PATROL], []))
    assert sc.refuse(Action(0, "play", (("card", sc.id(DOG)),))).rule == "CC-5.3"


def test_cc_6_14_an_interrupt_event_is_not_played_as_an_action() -> None:
    """CC-6.14 / CC-7.40: an event with an interrupt trigger is played only as that interrupt."""
    sc = build(hands=(["Pulled From the Wreck", DOG], []), domains=((["Pulled From the Wreck"], [], []), ((), (), ())))
    err = sc.refuse(Action(0, "play", (("card", sc.id("Pulled From the Wreck", "hand:0")),)))
    assert err.rule == "CC-6.14"


def test_cc_7_32_an_attachment_needs_a_legal_host() -> None:
    """CC-7.32: Motor Car attaches to a character you control; with none it cannot be played."""
    sc = build(hands=(["Motor Car", DOG], []), domains=(([DOG, DOG], [], []), ((), (), ())), play=([], [PATROL]))
    err = sc.refuse(Action(0, "play", (("card", sc.id("Motor Car", "hand:0")),)))
    assert err.rule == "CC-7.32"


def test_cc_8_14_and_cc_7_23_a_willpower_or_terror_icon_character_is_no_terror_victim() -> None:
    """CC-8.14 / CC-7.23 Willpower: the Terror victim must lack Terror icons and Willpower."""
    sc = build(at="resolve:0", play=([Card("Yellow-Robed Acolyte", story=0, exhausted=True)] * 2,
                                     [Card(PATROL, story=0, exhausted=True), Card(DOG, story=0, exhausted=True),
                                      Card("Night Librarian", story=0, exhausted=True),
                                      Card("Shrieking Byakhee", story=0, exhausted=True)]))
    st = sc.st
    assert st.decision is not None and st.decision.kind == "terror_victim" and st.decision.player == 1
    assert {o.get("card") for o in st.legal_actions()} == {sc.id(PATROL, "play:1"), sc.id(DOG, "play:1")}
    pick = lambda c: Action(1, "pick", (("card", c),))  # noqa: E731
    assert sc.refuse(pick(sc.id("Night Librarian"))).rule == "CC-7.23"
    assert sc.refuse(pick(sc.id("Shrieking Byakhee"))).rule == "CC-8.14"


def test_cc_7_23_1_a_blocked_restore_choice_is_refused() -> None:
    """CC-7.23.1: with a Villainous character in play, the insane Heroic one is not a restore choice."""
    sc = build(at="restore", play=([Card(PATROL, insane=True), Card(DOG, insane=True), Card(DOG, insane=True),
                                    "Deep One Raider"], []))
    assert sc.st.decision is not None and sc.st.decision.kind == "restore"
    err = sc.refuse(Action(0, "pick", (("card", sc.id(PATROL)),)))
    assert err.rule == "CC-7.23.1"
