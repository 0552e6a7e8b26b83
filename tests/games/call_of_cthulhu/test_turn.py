"""The turn (CC-5): phases in order, the first-turn restriction, refresh, draw, resource, operations, end of turn."""

from __future__ import annotations

from cardtable.engine import add_lasting
from cardtable.games.call_of_cthulhu.testing import Card, build

PATROL = "Harbor Patrolman"  # agency, cost 1, skill 1, Combat 1, Heroic, no ability
DOG = "Stray Dog"  # neutral, cost 0, skill 0, Investigation 1, no ability


def test_cc_5_1_turn_one_draws_one_and_has_no_story_phase() -> None:
    """CC-5.1: on turn 1 the first player draws 1 card (CC-5.20: 2 later) and the story phase is skipped."""
    sc = build(turn=1, at="draw", play=([PATROL], []))
    st = sc.st
    assert len(st.table.cards("hand:0")) == 1
    sc.pass_until("window:ops")
    for _ in range(20):  # the rest of turn 1: windows only, never a commit decision
        assert st.decision is not None and st.decision.kind != "commit_attack"
        if st.vars["turn"] == 2:
            break
        sc.act("pass")
    assert st.vars["turn"] == 2 and st.vars["active"] == 1, "turn 1 ended without a story phase"
    sc.pass_until("resource")
    assert len(st.table.cards("hand:1")) == 2, "the second player's first turn is normal (draws 2)"


def test_cc_5_0_phase_order_and_cc_5_10_refresh_steps() -> None:
    """CC-5.0 Refresh → Draw → Resource → Operations → Story → End; CC-5.10 ready, restore one (stays
    exhausted, D-09), refresh domains; CC-5.11 the NAP's cards and domains stay as they are."""
    sc = build(at="refresh", play=([Card(PATROL, exhausted=True), Card(DOG, insane=True), Card(DOG, insane=True)],
                                   [Card(PATROL, exhausted=True)]),
               drained=([0, 2], [1]), hands=([DOG], []))
    st = sc.st
    assert st.decision is not None and st.decision.kind == "restore" and st.vars["phase"] == "refresh"
    assert not st.exhausted(sc.id(PATROL, "play:0")), "(2) readied before (3) the restore choice"
    dog = sc.id(DOG, "play:0", 1)
    sc.act("pick", card=dog)
    assert not st.insane(dog) and st.exhausted(dog), "restored face up, exhausted"
    assert st.insane(sc.id(DOG, "play:0", 0)), "exactly one restored"
    assert st.vars["drained"] == [0, 0, 0, 0, 1, 0], "(4) the AP's domains refreshed, not the NAP's"
    assert st.exhausted(sc.id(PATROL, "play:1")), "CC-5.11: the NAP's cards stay exhausted"
    sc.pass_until("resource")  # W-REFRESH, the draw, W-DRAW
    assert st.decision.kind == "resource" and st.vars["phase"] == "resource"
    assert len(st.table.cards("hand:0")) == 3, "the draw phase came between (2 cards)"
    sc.act("no_resource")
    sc.pass_until("window:ops")
    assert st.vars["phase"] == "operations"
    sc.pass_until("commit_attack")
    assert st.vars["phase"] == "story"
    sc.act("done")
    sc.pass_until_turn(4)  # the end-of-turn window
    assert st.vars["turn"] == 4 and st.vars["active"] == 1, "end of turn: the other player is AP"


def test_cc_5_10_the_restore_is_mandatory_and_automatic_with_one_candidate() -> None:
    """CC-5.10 (3), CC-9.3: one insane character: it is restored without a choice."""
    sc = build(at="refresh", play=([Card(DOG, insane=True)], []))
    assert not sc.st.insane(sc.id(DOG)) and sc.st.exhausted(sc.id(DOG))


def test_cc_5_20_draws_two_one_card_at_a_time() -> None:
    """CC-5.20 / CC-9.7: two single draws from the top of the deck."""
    sc = build(at="draw", decks=([PATROL, DOG, DOG, DOG], [DOG] * 3))
    assert sorted(sc.st.card(i).title for i in sc.st.table.cards("hand:0")) == [PATROL, DOG]
    drew = [e for e in sc.st.log(0) if e["kind"] == "drew"]
    assert len(drew) == 2 and drew[0]["title"] == PATROL
    assert all("title" not in e for e in sc.st.log(1) if e["kind"] == "drew"), "the opponent sees no card"


def test_cc_5_30_one_resource_to_any_domain_even_drained_and_it_does_not_refresh() -> None:
    """CC-5.30: one card from hand to any domain (drained too); the domain stays drained; only one per turn."""
    sc = build(at="resource", hands=([PATROL, DOG], []), drained=([1], []))
    st = sc.st
    assert st.decision is not None and st.decision.kind == "resource"
    assert {o.get("domain") for o in st.legal_actions() if o.kind == "resource"} == {0, 1, 2}
    sc.act("resource", card=sc.id(PATROL), domain=1)
    assert st.table.cards("res:0:1") == [sc.id(PATROL)] and st.drained(0, 1)
    assert st.decision.kind == "window:ops" or st.decision.kind.startswith("window"), "no second resource choice"
    assert all(o.kind != "resource" for o in st.legal_actions())


def test_cc_5_40_the_ap_plays_several_characters_in_operations() -> None:
    """CC-5.40: any number of plays in W-OPS, each paid by its own domain."""
    sc = build(hands=([PATROL, PATROL, DOG], []), domains=(([PATROL], [PATROL], []), ((), (), ())))
    for k in range(2):
        sc.act("play", card=sc.id(PATROL, "hand:0", k))
        if sc.st.decision.kind == "pay":
            sc.act("choose", index=0)
        sc.pass_until("window:ops")
    sc.act("play", card=sc.id(DOG, "hand:0"))
    assert [sc.st.card(i).title for i in sc.st.table.cards("play:0")] == [PATROL, PATROL, DOG]
    assert sc.st.vars["drained"][:3] == [1, 1, 0]


def test_cc_5_2_window_ap_first_and_closes_after_both_pass() -> None:
    """CC-5.2: the AP has priority first; the window closes when both have passed in succession."""
    sc = build(hands=([DOG], [DOG]), domains=(([PATROL], [], []), ((), (), ())))
    st = sc.st
    assert st.decision is not None and st.decision.kind == "window:ops" and st.decision.player == 0
    sc.act("pass")
    if st.decision.kind == "window:ops":  # the NAP is asked when he could hold an action
        assert st.decision.player == 1
        sc.act("pass")
    assert st.vars["phase"] != "operations" and st.decision.kind != "window:ops", "both passed: ops closed"
    sc.pass_until_turn(4)  # no attackers were declared: the story phase ends, then the end-of-turn window
    assert st.vars["turn"] == 4 and st.vars["active"] == 1, "ops closed; with no attackers the turn ended"


def test_cc_5_50_no_attackers_ends_the_story_phase() -> None:
    """CC-5.50: the AP commits nobody: no defenders are asked, the turn ends."""
    sc = build(at="attack", play=([PATROL], [PATROL]))
    sc.act("done")
    assert sc.st.vars["turn"] == 4 and sc.st.vars["active"] == 1


def test_cc_5_51_to_5_55_story_phase_steps_in_order() -> None:
    """CC-5.51 W-ATTACK, CC-5.52 defenders, CC-5.53 W-DEFEND, CC-5.54 resolution, CC-5.55 W-STORY-END, then end of turn."""
    sc = build(at="attack", play=([PATROL], [PATROL]),
               row=("The Drowned Bell of Innsmouth", "The Silent Observatory", "The Coast Road at Midnight"))
    st = sc.st
    sc.commit((sc.id(PATROL, "play:0"), 2))
    sc.pass_until("commit_defend")
    assert st.decision.player == 1 and st.vars["phase"] == "story"
    sc.commit((sc.id(PATROL, "play:1"), 2))
    sc.pass_until("resource")
    assert st.vars["turn"] == 4 and st.vars["active"] == 1
    assert st.committed_slot(sc.id(PATROL, "play:0")) is None, "the story was resolved and everyone uncommitted"


def test_cc_5_60_end_of_turn_passes_the_turn_with_no_hand_limit() -> None:
    """CC-5.60 (4) and CC-9.9: the other player becomes AP, the turn counter rises, nobody discards."""
    sc = build(at="end", hands=([DOG] * 12, []))
    sc.pass_until_turn(4)
    assert sc.st.vars["active"] == 1 and sc.st.vars["turn"] == 4
    assert len(sc.st.table.cards("hand:0")) == 12


def test_cc_5_61_phase_effects_end_with_their_phase_turn_effects_with_the_turn() -> None:
    """CC-5.61: a non-passive lasting effect with no stated duration ends with its phase; end of turn is one."""
    sc = build(play=([PATROL], []), hands=([DOG], []))
    st = sc.st
    assert st.decision is not None and st.decision.kind == "window:ops"
    patrol = sc.id(PATROL, "play:0")
    add_lasting(st, "skill", patrol, 2, "end_of_phase")
    add_lasting(st, "icon:combat", patrol, 1, "end_of_turn")
    assert st.skill(patrol) == 3 and st.icons(patrol, 1) == 2
    sc.pass_until("commit_attack")
    assert st.skill(patrol) == 1, "the operations phase ended: the +2 is gone"
    assert st.icons(patrol, 1) == 2, "until end of turn lasts into the story phase"
    sc.act("done")
    sc.pass_until_turn(4)
    assert st.icons(patrol, 1) == 1 and st.vars["turn"] == 4


def test_cc_1_8_the_optional_turn_cap_ends_in_a_draw() -> None:
    """CC-1.8 / D-03: reaching ``max_turns`` ends the game as a draw (no winner)."""
    sc = build(at="end", turn=5, options={"max_turns": 5})
    out = sc.st.outcome
    assert out is not None and out.winners == [] and "CC-1.8" in out.reason
