"""Events caused by a text trigger only after the whole text has resolved (MA-12.5); effect damage and
healing fire ``leader_damaged`` / ``leader_healed`` (MA-15.4), as do the Heal skill and attacks."""

from __future__ import annotations

from cardtable.games.million_arthur.testing import FILLER, build


def test_a_trigger_caused_mid_text_waits_for_the_rest_of_the_text_ma_12_5_ma_15_4() -> None:
    """Cards: Pyre Cantor."""
    sc = build(battle=(["Pyre Cantor", "Vigil Drummer"], []), chain=(["Cinder Page"], []), at="attack")
    st = sc.st
    hand = len(st.table.cards("hand:0"))
    sc.act("activate", card=sc.id("Pyre Cantor"), ability=0)
    sc.act("pay", card=sc.id("Cinder Page"))
    assert st.hp(1) == 19
    assert st.decision.kind == "optional_trigger"  # the Drummer answers the effect damage...
    assert len(st.table.cards("hand:0")) == hand + 1  # ...but only after the Cantor's draw
    sc.act("yes")
    assert len(st.table.cards("hand:0")) == hand + 2


def test_leader_healed_fires_for_the_heal_skill_and_heal_effects_ma_15_4_ma_9_8() -> None:
    """Cards: Wellspring Acolyte."""
    sc = build(battle=(["Wellspring Acolyte", "Grove Mender"], []), at="attack")
    st = sc.st
    acolyte = sc.id("Wellspring Acolyte")
    sc.act("act", card=sc.id("Grove Mender"))
    assert st.hp(0) == 23 and st.defence_value(acolyte) == 3
    sc.act("act", card=acolyte)
    assert st.hp(0) == 24 and st.defence_value(acolyte) == 4


def test_an_event_inside_a_chosen_branch_triggers_after_the_text_ma_12_5() -> None:
    """Cards: Hearth Envoy."""
    sc = build(hands=(["Hearth Envoy"], []), battle=(["Wellspring Acolyte"], []), chain=(["Stray Hound"], []),
               hp=(10, 20), at="second")
    st = sc.st
    sc.act("deploy", card=sc.id("Hearth Envoy"))
    sc.act("submit")
    sc.act("submit")  # only the heal option is open (no other Attack knight): no question
    assert st.hp(0) == 12 and st.defence_value(sc.id("Wellspring Acolyte")) == 3
    kinds = [e["kind"] for e in st.log(None)]
    assert kinds.index("chose") < kinds.index("hp") < kinds.index("modified")


def test_repeat_runs_its_effects_round_by_round_ma_15_5() -> None:
    """Cards: Hexdrum Caller."""
    sc = build(battle=(["Hexdrum Caller"], ["Sunlit Knight", "Harbour Duelist"]),
               chain=(["Veil Seer", "Dusk Cutpurse"], []), at="attack")
    st = sc.st
    sunlit, duelist = sc.id("Sunlit Knight"), sc.id("Harbour Duelist")
    sc.act("activate", card=sc.id("Hexdrum Caller"), ability=0)
    sc.act("pay", card=sc.id("Veil Seer"))
    sc.act("pay", card=sc.id("Dusk Cutpurse"))
    sc.act("pick", card=sunlit)
    assert st.decision.kind == "effect_target"  # the second round asks again
    sc.act("pick", card=sunlit)
    assert (st.skill_value(sunlit), st.skill_value(duelist)) == (1, 3)


def test_a_limited_trigger_resolves_once_per_turn_ma_15_3_ma_12_9() -> None:
    """Cards: Sunrise Bellwether."""
    sc = build(battle=(["Cinder Page", "Cinder Page"], ["Sunrise Bellwether"]), at="attack")
    st = sc.st
    sc.act("act", card=sc.id("Cinder Page", n=0))
    sc.block()
    assert st.hp(1) == 19  # 2 damage, 1 regained
    sc.act("act", card=sc.id("Cinder Page", n=1))
    sc.block()
    assert st.hp(1) == 17  # the second time this turn: no trigger


def test_damage_and_burst_triggers_resolve_together_after_the_check_ma_9_7_ma_12_5() -> None:
    """Cards: Watchful Augur."""
    sc = build(battle=(["Cinder Lancer"], ["Sunrise Bellwether", "Watchful Augur"]),
               decks=([FILLER] * 3, ["Grove Mender", FILLER]), at="attack")
    st = sc.st
    sc.act("act", card=sc.id("Cinder Lancer"))
    sc.block()
    assert st.hp(1) == 20 - 4 + 2  # the burst text healed during the check
    assert st.decision.kind == "order_triggers" and st.decision.player == 1  # both of N's at once
    sc.act("next", item=1)
    assert st.hp(1) == 19 and st.defence_value(sc.id("Watchful Augur")) == 2
    order = [e["name"] for e in st.log(None) if e["kind"] == "triggered"]
    assert order == ["Watchful Augur", "Sunrise Bellwether"]


def test_moved_from_base_and_is_evolved_conditions_ma_15_6() -> None:
    """Cards: Gatebreak Veteran."""
    from cardtable.games.million_arthur.schema import SourceTest
    from cardtable.games.million_arthur.selectors import holds
    from cardtable.games.million_arthur.testing import K, submit_both

    sc = build(base=(["Gatebreak Veteran"], []), battle=(["Gatebreak Veteran", K("Cinder Lancer", under=("Cinder Page",))],
                                                         []), chain=(["Stray Hound", "Moss Warden"], []), at="first")
    st = sc.st
    moved, stayed = sc.id("Gatebreak Veteran", "base:0"), sc.id("Gatebreak Veteran", "battle:0")
    submit_both(sc, [("move", {"card": moved})])
    assert st.skill_value(moved) == 4 and st.skill_value(stayed) == 2
    lancer = sc.id("Cinder Lancer")
    assert holds(st, 0, SourceTest(test="is_evolved"), lancer) and not holds(st, 0, SourceTest(test="is_evolved"), moved)


def test_paying_colour_cost_fires_chain_flipped_after_the_paid_text_ma_15_4_ma_12_5() -> None:
    """Cards: Tally Keeper."""
    sc = build(battle=(["Tally Keeper", "Hush Agent"], ["Sunlit Knight"]), chain=(["Veil Seer", "Dusk Cutpurse"], []),
               at="attack")
    st = sc.st
    hand = len(st.table.cards("hand:0"))
    sc.act("activate", card=sc.id("Hush Agent"), ability=0)
    sc.act("pay", card=sc.id("Veil Seer"))
    assert len(st.table.cards("hand:0")) == hand + 1 and st.skill_value(sc.id("Sunlit Knight")) == 2
    kinds = [e["kind"] for e in st.log(None)]
    assert kinds.index("modified") < kinds.index("drew")  # the -1/-1 first, then the trigger


def test_start_phase_end_triggers_before_the_first_step_but_not_on_turn_1_ma_15_4_ma_5_9() -> None:
    """Cards: Dawn Patrol Forager."""
    sc = build(base=(["Dawn Patrol Forager", FILLER, FILLER], []), hp=(10, 20), at="begin")
    st = sc.st
    assert st.hp(0) == 11 and st.vars["step"] == "first"
    sc = build(base=(["Dawn Patrol Forager", FILLER, FILLER], []), hp=(10, 20), turn=1, at="begin")
    assert sc.st.hp(0) == 10 and sc.st.vars["step"] == "first"
