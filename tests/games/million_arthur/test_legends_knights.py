"""The knights of the legends set that carry abilities (MA-12.9, MA-15.3): one scenario per card, named
by card id, asserting what its text says."""

from __future__ import annotations

from cardtable.games.million_arthur.testing import FILLER, K, build, submit_both


def test_MAL_R03_blaze_captain_gets_plus_2_when_it_attacks_evolved_ma_15_6_ma_8_9() -> None:
    sc = build(battle=([K("Blaze Captain", under=("Spark Recruit", "Flame Sergeant"))], []), at="attack")
    sc.act("act", card=sc.id("Blaze Captain"))
    assert sc.st.hp(1) == 20 - 7
    sc = build(battle=(["Blaze Captain"], []), at="attack")
    sc.act("act", card=sc.id("Blaze Captain"))
    assert sc.st.hp(1) == 20 - 5  # played as an ordinary knight (MA-3.13): not evolved


def test_MAL_P05_sly_fencer_draws_when_it_takes_its_action_ma_15_4() -> None:
    sc = build(battle=(["Sly Fencer"], ["Sunlit Knight"]), at="attack")
    st = sc.st
    sunlit = sc.id("Sunlit Knight")
    hand = len(st.table.cards("hand:0"))
    sc.act("act", card=sc.id("Sly Fencer"), target=sunlit)
    assert (st.skill_value(sunlit), st.defence_value(sunlit)) == (1, 0)
    assert len(st.table.cards("hand:0")) == hand + 1


def test_MAL_G04_smoke_dancer_pays_green_to_rest_an_opposing_knight_ma_15_5_ma_12_9() -> None:
    sc = build(battle=(["Smoke Dancer", "Cinder Page"], ["Sunlit Knight"]), chain=(["Moss Warden"], []),
               at="attack")
    st = sc.st
    dancer = sc.id("Smoke Dancer")
    sc.act("activate", card=dancer, ability=0)
    sc.act("pay", card=sc.id("Moss Warden"))
    assert st.rested(sc.id("Sunlit Knight")) and not st.rested(dancer)  # not its action
    sc.act("act", card=sc.id("Cinder Page"))
    assert st.hp(1) == 18  # the only blocker was rested
    assert sc.refuse("activate", card=dancer, ability=0).rule == "MA-12.9"


def test_MAL_B04_rook_of_the_low_road_is_unblockable_against_a_small_hand_ma_15_5_ma_15_6() -> None:
    sc = build(battle=(["Rook of the Low Road"], ["Moss Warden"]), hands=([], ["Veil Seer", "Tide Clerk"]),
               at="attack")
    sc.act("act", card=sc.id("Rook of the Low Road"))
    assert sc.st.decision.kind == "attack_step" and sc.st.hp(1) == 17  # two cards: no block was possible
    sc = build(battle=(["Rook of the Low Road"], ["Moss Warden"]),
               hands=([], ["Veil Seer", "Tide Clerk", "Cinder Page"]), at="attack")
    sc.act("act", card=sc.id("Rook of the Low Road"))
    assert sc.st.decision.kind == "block"
    sc.block(sc.id("Moss Warden"))
    assert sc.st.hp(1) == 20


def test_MAL_Y04_hymn_keeper_gives_other_own_heal_knights_plus_1_ma_15_3() -> None:
    sc = build(battle=(["Hymn Keeper", "Grove Mender", "Cinder Page"], ["Forge Medic"]), at="attack")
    st = sc.st
    assert st.skill_value(sc.id("Grove Mender")) == 4 and st.skill_value(sc.id("Cinder Page")) == 2
    assert st.skill_value(sc.id("Hymn Keeper")) == 2 and st.skill_value(sc.id("Forge Medic")) == 2
    sc.act("act", card=sc.id("Grove Mender"))
    assert st.hp(0) == 24


def test_MAL_G05_aria_of_thorns_draws_the_first_time_each_turn_the_leader_regains_hp_ma_15_4() -> None:
    sc = build(battle=(["Aria of Thorns", "Grove Mender"], []), at="attack")
    st = sc.st
    hand = len(st.table.cards("hand:0"))
    sc.act("act", card=sc.id("Grove Mender"))
    assert st.hp(0) == 23 and len(st.table.cards("hand:0")) == hand + 1
    sc.act("act", card=sc.id("Aria of Thorns"))
    assert st.hp(0) == 25 and len(st.table.cards("hand:0")) == hand + 1  # once per turn


def test_MAL_R04_sirensong_duelist_gets_plus_1_while_its_leader_has_15_hp_ma_15_6() -> None:
    sc = build(battle=(["Sirensong Duelist"], []), hp=(15, 20), at="attack")
    sc.act("act", card=sc.id("Sirensong Duelist"))
    assert sc.st.hp(1) == 16
    sc = build(battle=(["Sirensong Duelist"], []), hp=(14, 20), at="attack")
    sc.act("act", card=sc.id("Sirensong Duelist"))
    assert sc.st.hp(1) == 17


def test_MAL_B05_chorus_warden_regains_2_hp_before_blockers_ma_12_7() -> None:
    sc = build(battle=(["Cinder Lancer"], ["Chorus Warden"]), chain=([], ["Tide Clerk"]), hp=(20, 10), at="attack")
    st = sc.st
    warden = sc.id("Chorus Warden")
    sc.act("act", card=sc.id("Cinder Lancer"))
    assert st.decision.kind == "defence_window" and st.decision.player == 1
    sc.act("activate", card=warden, ability=0)
    sc.act("pay", card=sc.id("Tide Clerk"))
    assert st.hp(1) == 12
    sc.block(warden)
    assert st.hp(1) == 12 - (4 - 3)


def test_MAL_Y05_coin_sworn_bailiff_draws_then_discards_when_deployed_ma_15_5_ma_14_6() -> None:
    sc = build(hands=(["Coin-Sworn Bailiff", "Moss Warden"], []), chain=(["Stray Hound", "Tide Clerk"], []),
               decks=(["Cinder Page", FILLER], [FILLER] * 3), at="second")
    st = sc.st
    submit_both(sc, [("deploy", {"card": sc.id("Coin-Sworn Bailiff")})])
    assert st.decision.kind == "discard" and st.decision.player == 0
    assert len(st.table.cards("hand:0")) == 2  # drew first
    sc.act("pick", card=sc.id("Moss Warden"))
    assert [st.card(i).name for i in st.table.cards("hand:0")] == ["Cinder Page"]
    assert st.table.zone_name(sc.id("Moss Warden")) == "discard:0"


def test_MAL_B06_treasury_guard_is_a_sentinel_ma_9_5_ma_15_5() -> None:
    sc = build(battle=(["Cinder Page", "Cinder Lancer", "Cinder Page"], ["Treasury Guard"]), at="attack")
    st = sc.st
    guard = sc.id("Treasury Guard")
    sc.act("act", card=sc.id("Cinder Page", n=0))
    sc.block(guard)
    sc.act("act", card=sc.id("Cinder Lancer"))
    sc.block(guard)  # rested, but it has blocked exactly once
    assert st.hp(1) == 20
    sc.act("act", card=sc.id("Cinder Page", n=1))
    assert st.decision.kind == "attack_step" and st.hp(1) == 18  # a third block is not possible


def test_MAL_G07_bog_hexwife_may_give_an_opposing_knight_minus_1_when_deployed_from_hand_ma_15_5() -> None:
    sc = build(hands=(["Bog Hexwife"], []), chain=(["Stray Hound"], []), battle=([], ["Sunlit Knight"]),
               at="second")
    st = sc.st
    sunlit = sc.id("Sunlit Knight")
    submit_both(sc, [("deploy", {"card": sc.id("Bog Hexwife")})])
    assert st.decision.kind == "effect_target"  # "up to one": may be none
    sc.act("pick", card=sunlit)
    if st.decision.kind == "effect_target":
        sc.act("done")
    assert (st.skill_value(sunlit), st.defence_value(sunlit)) == (2, 2)
    sc = build(base=(["Bog Hexwife"], []), chain=(["Stray Hound"], []), battle=([], ["Sunlit Knight"]))
    submit_both(sc, [("move", {"card": sc.id("Bog Hexwife")})])
    assert sc.st.skill_value(sc.id("Sunlit Knight")) == 3  # moved from the base area: no trigger


def test_MAL_B07_frost_whisperer_shrinks_the_attacker_before_blockers_ma_12_7_ma_9_12() -> None:
    sc = build(battle=(["Cinder Lancer"], ["Frost Whisperer"]), chain=([], ["Tide Clerk"]), at="attack")
    st = sc.st
    lancer = sc.id("Cinder Lancer")
    sc.act("act", card=lancer)
    sc.act("activate", card=sc.id("Frost Whisperer"), ability=0)
    sc.act("pay", card=sc.id("Tide Clerk"))
    assert st.skill_value(lancer) == 2
    sc.block()
    assert st.hp(1) == 18  # 4 - 2, no blockers
