"""The Attack step (MA-9), bursts (MA-10), game end (MA-1.4, MA-1.6, MA-13.1) and drawing (MA-4.7, MA-4.8)."""

from __future__ import annotations

from cardtable.games.million_arthur.testing import FILLER, K, act, build, submit_both


def test_an_action_rests_the_knight_and_it_acts_once_ma_9_2() -> None:
    sc = build(battle=(["Cinder Page"], []), at="attack")
    st = sc.st
    page = sc.id("Cinder Page")
    sc.act("act", card=page)
    assert st.rested(page) and st.hp(1) == 18
    assert sc.refuse("act", card=page).rule == "MA-9.2"


def test_deployed_knights_are_active_and_act_this_turn_ma_4_2_ma_8_12() -> None:
    sc = build(hands=(["Cinder Page"], []), at="second")
    submit_both(sc, [("deploy", {"card": sc.id("Cinder Page")})])
    assert sc.st.decision.kind == "attack_step"
    sc.act("act", card=sc.id("Cinder Page"))
    assert sc.st.hp(1) == 18


def test_only_the_turn_players_knights_act_ma_6_8_ma_9_10() -> None:
    sc = build(battle=(["Cinder Page"], ["Sunlit Knight"]), at="attack")
    cards = {o.get("card") for o in sc.st.legal_actions() if o.kind == "act"}
    assert cards == {sc.id("Cinder Page")}
    assert sc.refuse("act", card=sc.id("Sunlit Knight")).rule == "MA-9.2"


def test_support_needs_a_target_ma_9_3() -> None:
    sc = build(battle=(["Brazier Herald"], []), at="attack")
    assert {o.kind for o in sc.st.legal_actions()} == {"end_step"}
    assert sc.refuse("act", card=sc.id("Brazier Herald")).rule == "MA-9.3"


def test_support_and_disrupt_change_values_until_end_of_turn_ma_3_7_ma_9_9_ma_12_4() -> None:
    sc = build(battle=(["Brazier Herald", "Cinder Page", "Bramble Hexer"], ["Sunlit Knight", "Moss Warden"]),
               at="attack")
    st = sc.st
    page, sunlit, warden = sc.id("Cinder Page"), sc.id("Sunlit Knight"), sc.id("Moss Warden")
    assert sc.refuse("act", card=sc.id("Brazier Herald"), target=sunlit).rule == "MA-3.7"
    sc.act("act", card=sc.id("Brazier Herald"), target=page)
    assert (st.skill_value(page), st.defence_value(page)) == (4, 3)
    sc.act("act", card=sc.id("Bramble Hexer"), target=warden)  # heal 1 / defence 3, minus 2
    assert (st.raw_skill(warden), st.skill_value(warden), st.defence_value(warden)) == (-1, 0, 1)  # MA-9.9
    sc.act("end_step")
    while st.vars["turn"] == 3:
        act(st, st.legal_actions()[0].kind, **dict(st.legal_actions()[0].params))
    assert st.lasting == []  # MA-11.6: expired with the turn


def test_blockers_rest_and_reduce_damage_point_for_point_ma_9_5_ma_9_6() -> None:
    sc = build(battle=(["Cinder Lancer", "Ember Squire"], ["Deepwater Guard", K("Moss Warden", rested=True)]),
               at="attack")
    st = sc.st
    guard = sc.id("Deepwater Guard")
    sc.act("act", card=sc.id("Cinder Lancer"))
    assert st.decision.kind == "block" and st.decision.player == 1
    assert sc.refuse("pick", card=sc.id("Moss Warden")).rule == "MA-9.5"
    sc.block(guard)
    assert st.rested(guard) and st.hp(1) == 19  # 4 - 3
    sc.act("act", card=sc.id("Ember Squire"))  # no active knight is left to block: no question
    assert st.decision.kind == "attack_step" and st.hp(1) == 16


def test_a_fully_blocked_attack_causes_no_burst_check_ma_9_6_ma_10_3() -> None:
    sc = build(battle=(["Cinder Page"], ["Old Oak Sentry"]), decks=([FILLER] * 5, ["Grove Mender", FILLER]),
               at="attack")
    st = sc.st
    sc.act("act", card=sc.id("Cinder Page"))
    sc.block(sc.id("Old Oak Sentry"))
    assert st.hp(1) == 20 and sc.id("Grove Mender", "deck:1") in st.table.cards("deck:1")


def test_heal_has_no_upper_limit_ma_9_8_ma_1_3() -> None:
    sc = build(battle=(["Grove Mender"], []), at="attack")
    sc.act("act", card=sc.id("Grove Mender"))
    assert sc.st.hp(0) == 23


def test_a_burst_check_after_damage_resolves_the_burst_text_ma_10_2_ma_10_3() -> None:
    sc = build(battle=(["Cinder Page"], []), decks=([FILLER] * 5, ["Grove Mender", FILLER]), at="attack")
    st = sc.st
    mender = sc.id("Grove Mender", "deck:1")
    sc.act("act", card=sc.id("Cinder Page"))
    assert st.hp(1) == 20  # 20 - 2 + 2
    assert mender in st.table.cards("discard:1") and st.table.cards("burst:1") == []
    assert any(e["kind"] == "burst_check" and e["card"] == mender for e in st.log(0))


def test_lethal_damage_ends_the_game_before_the_burst_check_ma_10_4_ma_1_4() -> None:
    sc = build(battle=(["Cinder Page"], []), decks=([FILLER] * 5, ["Grove Mender", FILLER]), hp=(20, 2),
               at="attack")
    st = sc.st
    sc.act("act", card=sc.id("Cinder Page"))
    assert st.is_terminal and st.outcome.winners == [0]
    assert sc.id("Grove Mender", "deck:1") in st.table.cards("deck:1")


def test_one_primitive_bringing_both_leaders_to_0_is_a_draw_ma_1_6_ma_13_1() -> None:
    sc = build(battle=(["Nameless Squire"], []), decks=([FILLER] * 5, ["Night Courier", FILLER]), hp=(1, 2),
               at="attack")
    st = sc.st
    sc.act("act", card=sc.id("Nameless Squire"))
    assert st.is_terminal and st.outcome.winners == [] and st.vars["hp"] == [0, 0]


def test_an_empty_deck_reuses_the_discard_pile_once_ma_4_7() -> None:
    sc = build(battle=(["Cinder Page"], []), decks=([FILLER] * 5, []), discard=([], ["Grove Mender"]), at="attack")
    st = sc.st
    sc.act("act", card=sc.id("Cinder Page"))
    assert st.hp(1) == 20 and sc.id("Grove Mender") in st.table.cards("discard:1")
    assert any(e["kind"] == "reshuffled" for e in st.log(None))


def test_a_draw_that_cannot_complete_changes_nothing_ma_4_8() -> None:
    """MA-4.8 (and MA-1.5: running out of cards never loses the game)."""
    sc = build(battle=(["Cinder Page"], []), decks=([FILLER] * 5, ["Pearl Broker"]), at="attack")
    st = sc.st
    sc.act("act", card=sc.id("Cinder Page"))  # Pearl Broker: draw 2, with 0 cards left in deck and discard
    assert st.table.cards("hand:1") == [] and st.hp(1) == 18
    assert [e["kind"] for e in st.log(None)].count("reshuffled") == 0
    sc2 = build(decks=([], []), discard=(["Moss Warden", "Forge Medic"], []), at="draw")
    st2 = sc2.st  # the draw reshuffled the discard pile; the Charge step then placed the other card
    assert len(st2.table.cards("hand:0")) == 1 and len(st2.knights(0, "base")) == 1


def test_effect_damage_causes_no_burst_check_ma_9_11() -> None:
    sc = build(battle=(["Cinder Page"], []), decks=(["Grove Mender", FILLER], ["Ember Squire", FILLER]), at="attack")
    st = sc.st
    sc.act("act", card=sc.id("Cinder Page"))  # N's burst: the opposing leader (T's) loses 1
    assert st.hp(0) == 19 and st.hp(1) == 18
    assert sc.id("Grove Mender", "deck:0") in st.table.cards("deck:0")
