"""The effect primitives beyond the first slice (MA-15.5): ``rest``, ``make_active``, ``mill``,
``set_hp``, ``capacity_bonus``, ``burst_check``, ``charge``, ``if`` and ``grant tenacious``, with the
selectors (MA-15.2) and conditions (MA-15.6) they use, all-or-nothing per MA-12.2."""

from __future__ import annotations

from cardtable.games.million_arthur.testing import FILLER, LEADERS, Ch, K, build, submit_both


def test_rest_on_deploy_from_hand_keeps_the_knight_from_blocking_ma_15_5_ma_15_2() -> None:
    """Cards: Gloom Binder."""
    sc = build(hands=(["Gloom Binder"], []), chain=(["Stray Hound"], []), battle=([], ["Moss Warden"]),
               at="second")
    st = sc.st
    warden = sc.id("Moss Warden")
    submit_both(sc, [("deploy", {"card": sc.id("Gloom Binder")})])
    assert st.rested(warden)  # the only candidate: chosen without a question


def test_rest_with_no_legal_target_does_nothing_ma_12_2() -> None:
    sc = build(hands=(["Gloom Binder"], []), chain=(["Stray Hound"], []), battle=([], [K("Moss Warden", rested=True)]),
               at="second")
    submit_both(sc, [("deploy", {"card": sc.id("Gloom Binder")})])
    assert "text_void" in [e["kind"] for e in sc.st.log(None)]
    assert sc.st.decision.kind == "attack_step"


def test_make_active_lets_an_attacker_act_again_ma_15_5_ma_12_9() -> None:
    """Cards: Wandering Quartermaster."""
    sc = build(battle=(["Wandering Quartermaster", K("Cinder Page", rested=True)], []), chain=(["Stray Hound"], []),
               at="attack")
    st = sc.st
    page, qm = sc.id("Cinder Page"), sc.id("Wandering Quartermaster")
    sc.act("activate", card=qm, ability=0)
    sc.act("pay", card=sc.id("Stray Hound"))
    assert not st.rested(page) and st.rested(qm)
    sc.act("act", card=page)
    assert st.hp(1) == 18


def test_make_active_without_a_rested_attacker_is_refused_ma_12_2() -> None:
    sc = build(battle=(["Wandering Quartermaster", "Cinder Page"], []), chain=(["Stray Hound"], []), at="attack")
    assert sc.refuse("activate", card=sc.id("Wandering Quartermaster"), ability=0).rule == "MA-12.2"


def test_mill_takes_the_top_cards_without_a_reshuffle_ma_15_5() -> None:
    """Cards: Mire Siphon."""
    sc = build(battle=(["Mire Siphon"], []), chain=(["Veil Seer", "Stray Hound"], []),
               decks=([FILLER] * 3, ["Moss Warden", "Tide Clerk", FILLER]), at="attack")
    st = sc.st
    sc.act("activate", card=sc.id("Mire Siphon"), ability=0)
    sc.act("pay", card=sc.id("Veil Seer"))
    sc.act("pay", card=sc.id("Stray Hound"))
    milled = [st.card(i).name for i in st.table.cards("discard:1")]
    assert milled == ["Moss Warden", "Tide Clerk"] and len(st.table.cards("deck:1")) == 1
    sc = build(battle=(["Mire Siphon"], []), chain=(["Veil Seer", "Stray Hound"], []),
               decks=([FILLER] * 3, ["Moss Warden"]), discard=([], ["Sunlit Knight"]), at="attack")
    sc.act("activate", card=sc.id("Mire Siphon"), ability=0)
    sc.act("pay", card=sc.id("Veil Seer"))
    sc.act("pay", card=sc.id("Stray Hound"))
    assert [sc.st.card(i).name for i in sc.st.table.cards("discard:1")] == ["Sunlit Knight", "Moss Warden"]


def test_set_hp_with_a_condition_and_once_per_game_ma_15_5_ma_15_6() -> None:
    """Cards: Last Stand Herald."""
    sc = build(battle=(["Last Stand Herald"], []), chain=(["Cinder Page", "Cinder Lancer", "Ember Squire"], []),
               hp=(6, 20), at="attack")
    herald = sc.id("Last Stand Herald")
    assert sc.refuse("activate", card=herald, ability=0).rule == "MA-15.6"  # 6 HP: not 5 or less
    sc = build(battle=(["Last Stand Herald"], []), chain=(["Cinder Page", "Cinder Lancer", "Ember Squire"], []),
               hp=(4, 20), at="attack")
    st = sc.st
    herald = sc.id("Last Stand Herald")
    sc.act("activate", card=herald, ability=0)
    sc.act("pay", card=sc.id("Cinder Page"))
    sc.act("pay", card=sc.id("Cinder Lancer"))
    assert st.hp(0) == 10
    st.vars["hp"] = [3, 20]
    assert sc.refuse("activate", card=herald, ability=0).rule == "MA-12.9"  # once per game


def test_if_picks_a_branch_when_it_resolves_ma_15_5_ma_15_6() -> None:
    """Cards: Sapling Tender."""
    for hp, healed, drew in ((10, 2, 0), (15, 0, 1)):
        sc = build(hands=(["Sapling Tender"], []), chain=(["Stray Hound"], []), hp=(hp, 20), at="second")
        st = sc.st
        submit_both(sc, [("deploy", {"card": sc.id("Sapling Tender")})])
        assert st.hp(0) == hp + healed and len(st.table.cards("hand:0")) == drew


def test_leader_type_condition_ma_15_6() -> None:
    """Cards: Ledger Scribe."""
    for leaders, drew in ((LEADERS, 0), ((LEADERS[1], LEADERS[0]), 1)):  # Ember Road is a Mercenary, Ledger Rich
        sc = build(hands=(["Ledger Scribe"], []), leaders=leaders, at="second")
        submit_both(sc, [("deploy", {"card": sc.id("Ledger Scribe")})])
        assert len(sc.st.table.cards("hand:0")) == drew


def test_capacity_bonus_from_a_base_trigger_counts_for_the_budget_ma_15_5_ma_7_2() -> None:
    """Cards: Lamplighter of the Gate."""
    sc = build(base=(["Lamplighter of the Gate", FILLER, FILLER], []), chain=(["Stray Hound", "Moss Warden"], []),
               at="begin")
    assert sc.st.decision is not None and sc.st.capacity(0) == 4  # leader + 2 chain + 1
    sc = build(base=(["Lamplighter of the Gate", FILLER, FILLER], []), chain=(["Stray Hound"], []), at="begin")
    assert sc.st.capacity(0) == 2  # the condition (2 chain cards) fails


def test_charge_refills_the_base_when_the_recruiter_moves_out_ma_15_5_ma_8_5() -> None:
    """Cards: Field Recruiter."""
    sc = build(base=(["Field Recruiter"], []), chain=(["Stray Hound"], []), at="first")
    st = sc.st
    submit_both(sc, [("move", {"card": sc.id("Field Recruiter")})])
    assert len(st.knights(0, "base")) == 3 and st.knights(0, "battle") == [sc.id("Field Recruiter")]


def test_burst_check_by_an_effect_ma_15_5_ma_10_2() -> None:
    """Cards: Omen Tinker."""
    sc = build(battle=(["Omen Tinker"], []), decks=(["Grove Mender", FILLER], [FILLER]), hp=(10, 20), at="attack")
    st = sc.st
    sc.act("activate", card=sc.id("Omen Tinker"), ability=0)
    checks = [e for e in st.log(None) if e["kind"] == "burst_check"]
    assert [c["player"] for c in checks] == [0] and st.hp(0) == 12
    assert [st.card(i).name for i in st.table.cards("discard:0")] == ["Grove Mender"]


def test_tenacious_returns_to_the_base_area_if_there_is_room_ma_15_5_ma_11_3() -> None:
    """Cards: Road-Worn Veteran."""
    sc = build(battle=([K("Road-Worn Veteran", rested=True)], []), at="refresh")
    vet = sc.id("Road-Worn Veteran")
    assert sc.st.table.zone_name(vet) == "base:0" and not sc.st.rested(vet)
    sc = build(base=([FILLER, FILLER, FILLER], []), battle=(["Road-Worn Veteran"], []), at="refresh")
    assert sc.st.table.zone_name(sc.id("Road-Worn Veteran")) == "discard:0"


def test_an_ability_that_works_as_a_chain_triggers_there_ma_7_3_ma_15_4() -> None:
    """Cards: Dawnbell Caller."""
    sc = build(battle=(["Dawnbell Caller"], []), hp=(10, 20), at="chain_t")
    caller = sc.id("Dawnbell Caller")  # the only battle knight: made a chain card without a question
    assert sc.st.table.zone_name(caller) == "chain:0" and sc.st.hp(0) == 11
    assert [e["card"] for e in sc.st.log(None) if e["kind"] == "triggered"] == [caller]
