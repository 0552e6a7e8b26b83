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


# ---- the game's rule for a wrong seat or an unoffered answer (State._decision_rule), and more specific rules ----
# Every case: the situation built with ``build``, the action refused naming the rule, the state unchanged
# (``refuse`` checks it).


def pick(player: int, card: int) -> Action:
    return Action(player, "pick", (("card", card),))


def use(player: int, card: int, ability: int = 0) -> Action:
    return Action(player, "use", (("ability", ability), ("card", card)))


def test_cc_4_5_opening_resources_are_each_players_own_three_cards() -> None:
    """CC-4.5: each player chooses exactly 3 cards of his own hand: another seat answering, or done before
    three, is refused under CC-4.5 (not the core's CORE-3)."""
    from cardtable.games.call_of_cthulhu import DEFINITION
    from cardtable.games.call_of_cthulhu.testing import refuse

    st = DEFINITION.new_game(seed=3)
    d = st.decision
    assert d is not None and d.kind == "opening_resources"
    assert refuse(st, Action(1 - d.player, "pick", d.options[0].params)).rule == "CC-4.5"
    assert refuse(st, Action(d.player, "done")).rule == "CC-4.5"


def test_cc_5_2_acting_without_priority_is_refused() -> None:
    """CC-5.2: priority alternates, AP first; the NAP passing while the AP has priority breaks CC-5.2."""
    sc = build(at="ops", hands=([DOG], []))
    assert sc.st.decision is not None and sc.st.decision.player == 0
    assert sc.refuse(Action(1, "pass")).rule == "CC-5.2"


def test_cc_5_10_the_restore_is_mandatory_and_the_active_players() -> None:
    """CC-5.10 step 3: the AP must restore exactly one of his insane characters: a sane one, finishing with
    none, or the NAP answering are refused under CC-5.10."""
    sc = build(at="restore", play=([Card(DOG, insane=True), Card("Hired Muscle", insane=True), "Riot Squad Veteran"],
                                   []))
    assert sc.st.decision is not None and sc.st.decision.kind == "restore"
    assert sc.refuse(pick(0, sc.id("Riot Squad Veteran"))).rule == "CC-5.10"
    assert sc.refuse(Action(0, "done")).rule == "CC-5.10"
    assert sc.refuse(pick(1, sc.id(DOG))).rule == "CC-5.10"


def test_cc_5_6_no_action_while_stories_resolve() -> None:
    """CC-5.6: no action window occurs during story resolution: playing an action event or using an action
    ability there is refused under CC-5.6 (not the generic CC-5.3)."""
    sc = build(at="resolve:0", hands=([], ["Triage Under Fire"]),
               play=([Card("Hired Muscle", story=0, exhausted=True), Card("Hired Muscle", story=0, exhausted=True)],
                     [Card(DOG, story=0, exhausted=True), Card(DOG, story=0, exhausted=True),
                      "Precinct Desk Sergeant"]))
    d = sc.st.decision
    assert d is not None and d.kind == "combat_victim" and d.player == 1
    assert sc.refuse(Action(1, "play", (("card", sc.id("Triage Under Fire")),))).rule == "CC-5.6"
    assert sc.refuse(use(1, sc.id("Precinct Desk Sergeant"))).rule == "CC-5.6"


def test_cc_8_15_the_combat_loser_must_choose_his_own_victim() -> None:
    """CC-8.15: the loser must choose one of his committed characters: the winner answering, or declining
    (done), is refused under CC-8.15."""
    sc = build(at="resolve:0", play=([Card("Hired Muscle", story=0, exhausted=True)],
                                     [Card(DOG, story=0, exhausted=True), Card(DOG, story=0, exhausted=True)]))
    d = sc.st.decision
    assert d is not None and d.kind == "combat_victim" and d.player == 1
    assert sc.refuse(pick(0, sc.id(DOG))).rule == "CC-8.15"
    assert sc.refuse(Action(1, "done")).rule == "CC-8.15"


def test_cc_8_16_the_arcane_winner_readies_his_own_exhausted_character_here() -> None:
    """CC-8.16: only the winner's exhausted characters committed to this story can be readied."""
    sc = build(at="resolve:0", play=([Card("Night Librarian", story=0, exhausted=True),
                                      Card("Night Librarian", story=0, exhausted=True),
                                      Card("Hired Muscle", exhausted=True)], [Card(DOG, story=0, exhausted=True)]))
    while sc.st.decision is not None and sc.st.decision.kind != "arcane_ready":
        sc.st.apply(sc.st.decision.options[0])
    assert sc.st.decision is not None and sc.st.decision.player == 0
    assert sc.refuse(pick(0, sc.id("Hired Muscle"))).rule == "CC-8.16"  # exhausted, but not at this story
    assert sc.refuse(pick(1, sc.id("Night Librarian"))).rule == "CC-8.16"


def test_cc_8_10_the_active_player_chooses_the_next_story() -> None:
    """CC-8.10: the AP chooses which story resolves next; the NAP choosing, or passing, is refused."""
    sc = build(at="resolve", play=([Card("Hired Muscle", story=0, exhausted=True),
                                    Card("Hired Muscle", story=1, exhausted=True)], []))
    assert sc.st.decision is not None and sc.st.decision.kind == "next_story"
    assert sc.refuse(Action(1, "choose", (("index", 0), ("label", "The Drowned Bell of Innsmouth")))).rule == "CC-8.10"
    assert sc.refuse(Action(0, "pass")).rule == "CC-8.10"


def test_cc_8_3_a_character_is_declared_for_one_story_only() -> None:
    """CC-8.3: one story for each declared attacker; declaring it again, or the NAP declaring, is refused."""
    sc = build(at="attack", play=(["Hired Muscle", DOG], []))
    sc.act("commit", card=sc.id("Hired Muscle"), story=0)
    assert sc.refuse(commit(sc.id("Hired Muscle"), 1)).rule == "CC-8.3"
    assert sc.refuse(commit(sc.id(DOG), 1, player=1)).rule == "CC-8.3"


def test_cc_7_3_the_winner_resolves_the_win_effect() -> None:
    """CC-7.3: the story's winner resolves its win effect ("may": yes or no); the other player answering,
    or any other answer, is refused under CC-7.3."""
    sc = build(at="resolve:0", row=("Ashes of the Witch House", "The Silent Observatory", "The Coast Road at Midnight"),
               tokens={0: (4, 0)}, play=([Card(DOG, story=0, exhausted=True), Card("Hired Muscle", insane=True)], []))
    while sc.st.decision is not None and sc.st.decision.kind != "win_effect":
        sc.st.apply(sc.st.decision.options[0])
    assert sc.st.decision is not None and sc.st.decision.player == 0
    assert sc.refuse(Action(1, "yes")).rule == "CC-7.3"
    assert sc.refuse(Action(0, "done")).rule == "CC-7.3"


def test_cc_7_31_the_non_active_player_cannot_play_a_support() -> None:
    """CC-7.31: supports are played only by the AP in W-OPS (a character: CC-6.14)."""
    sc = build(at="ops", hands=([DOG], ["Evidence Locker", "Hired Muscle"]),
               domains=(((), (), ()), ([PATROL] * 3, [], [])))
    sc.act("pass")
    assert sc.st.decision is not None and sc.st.decision.player == 1
    assert sc.refuse(Action(1, "play", (("card", sc.id("Evidence Locker")),))).rule == "CC-7.31"
    assert sc.refuse(Action(1, "play", (("card", sc.id("Hired Muscle")),))).rule == "CC-6.14"


def test_cc_5_5_a_forced_ability_is_not_an_action() -> None:
    """CC-5.5: reactions, forced effects and interrupts are not actions: using one in an action window is
    refused under CC-5.5."""
    sc = build(at="ops", hands=([DOG], []), play=(["Riot Squad Veteran"], []))
    assert sc.refuse(use(0, sc.id("Riot Squad Veteran"))).rule == "CC-5.5"


def test_cc_9_1_an_insane_character_has_no_ability_to_use() -> None:
    """CC-9.1: an insane character has no text: its action ability cannot be used."""
    sc = build(at="ops", hands=([DOG], []), play=([Card("Precinct Desk Sergeant", insane=True)], []))
    assert sc.refuse(use(0, sc.id("Precinct Desk Sergeant"))).rule == "CC-9.1"


def test_cc_5_3_only_abilities_of_your_own_cards_are_actions() -> None:
    """CC-5.3: an action ability of a card he controls; the opponent's card is refused under CC-5.3, a card
    with no such ability under CC-12.1."""
    sc = build(at="ops", hands=([DOG], []), play=([DOG], ["Precinct Desk Sergeant"]))
    assert sc.refuse(use(0, sc.id("Precinct Desk Sergeant"))).rule == "CC-5.3"
    assert sc.refuse(use(0, sc.id(DOG, "play:0"), ability=3)).rule == "CC-12.1"


def test_cc_6_11_an_ability_whose_cost_cannot_be_paid_cannot_start() -> None:
    """CC-6.11: costs are paid before the effect; an exhausted Precinct Desk Sergeant cannot pay exhaust_self."""
    sc = build(at="ops", hands=([DOG], []), play=([Card("Precinct Desk Sergeant", exhausted=True)], []))
    assert sc.refuse(use(0, sc.id("Precinct Desk Sergeant"))).rule == "CC-6.11"


def test_cc_12_4_an_effects_choice_is_its_controllers_exactly_n() -> None:
    """CC-12.4: Protective Custody chooses 1 character you control: the opponent's character, the opponent
    answering, or done with none chosen are refused under CC-12.4."""
    sc = build(at="ops", hands=(["Protective Custody"], []), play=(["Hired Muscle", DOG], ["Hired Muscle"]),
               domains=(([PATROL], [], []), ((), (), ())))
    sc.act("play", card=sc.id("Protective Custody"))
    assert sc.st.decision is not None and sc.st.decision.kind == "target_card"
    assert sc.refuse(pick(0, sc.id("Hired Muscle", "play:1"))).rule == "CC-12.4"
    assert sc.refuse(pick(1, sc.id("Hired Muscle", "play:0"))).rule == "CC-12.4"
    assert sc.refuse(Action(0, "done")).rule == "CC-12.4"


def test_cc_6_9_the_ability_cost_is_paid_by_its_user_with_one_domain() -> None:
    """CC-6.9: "pay 1" drains one undrained domain of the user's with at least 1 resource: an unoffered
    domain, or the opponent answering, is refused under CC-6.9."""
    sc = build(at="ops", play=(["Campus Physician", Card("Hired Muscle", wounds=1)], []),
               domains=(([PATROL], [PATROL], []), ((), (), ())))
    sc.act("use", card=sc.id("Campus Physician"))
    while sc.st.decision is not None and sc.st.decision.kind != "pay":
        sc.st.apply(sc.st.decision.options[0])
    assert sc.refuse(Action(0, "choose", (("index", 2), ("label", "drain domain 3")))).rule == "CC-6.9"
    assert sc.refuse(Action(1, "choose", (("index", 0), ("label", "drain domain 1 (1 resources)")))).rule == "CC-6.9"


def test_cc_3_16_a_committed_character_commits_to_no_second_story() -> None:
    """CC-3.16: a character is committed to exactly one story; one already committed (here by an effect,
    ready) is refused as an attacker under CC-3.16."""
    sc = build(at="attack", play=([Card("Hired Muscle", story=0), DOG], []))
    assert sc.refuse(commit(sc.id("Hired Muscle"), 1)).rule == "CC-3.16"
