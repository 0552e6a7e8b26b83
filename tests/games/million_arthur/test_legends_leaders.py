"""The leaders of the legends set (MA-3.5, MA-3.12): one scenario per leader ability, named by card id.

Each test builds the situation the ability is for, uses it (or lets it trigger or apply) and asserts
what its text says; limits (once per turn, MA-3.12) and the all-or-nothing principle (MA-12.2) where the
text has them."""

from __future__ import annotations

from cardtable.games.million_arthur.testing import FILLER, build, submit_both

LEDGER = "Arthur of the Gilded Ledger"


def test_MAL_L01_broken_spear_deals_1_before_the_first_unblocked_attack_each_turn_ma_3_12_ma_9_7() -> None:
    sc = build(leaders=("Arthur of the Broken Spear", LEDGER), battle=(["Cinder Page", "Cinder Page"], []),
               at="attack")
    st = sc.st
    sc.act("act", card=sc.id("Cinder Page", n=0))
    assert st.hp(1) == 20 - 1 - 2
    hp_changes = [e["changes"] for e in st.log(None) if e["kind"] == "hp"]
    assert hp_changes == [[[1, -1]], [[1, -2]]]  # the leader's damage came before the attack damage
    sc.act("act", card=sc.id("Cinder Page", n=1))
    assert st.hp(1) == 17 - 2  # once per turn


def test_MAL_L02_silver_tithe_raises_capacity_with_5_chain_cards_ma_7_1_ma_15_5() -> None:
    five = ["Stray Hound", "Tide Clerk", "Moss Warden", "Cinder Page", "Veil Seer"]
    sc = build(leaders=("Arthur of the Silver Tithe", LEDGER), chain=(five, []), at="begin")
    assert sc.st.decision.kind == "first_step"
    assert sc.st.capacity(0) == 1 + 5 + 1
    sc = build(leaders=("Arthur of the Silver Tithe", LEDGER), chain=(five[:4], []), at="begin")
    assert sc.st.capacity(0) == 1 + 4  # fewer than 5 chain cards: no bonus


def test_MAL_L03_veiled_path_rests_an_active_opposing_knight_ma_3_12_ma_15_5() -> None:
    sc = build(leaders=("Arthur of the Veiled Path", LEDGER), battle=(["Cinder Page"], ["Moss Warden"]),
               chain=(["Dusk Cutpurse", "Moss Warden"], []), at="attack")
    st = sc.st
    leader, warden = sc.id("Arthur of the Veiled Path"), sc.id("Moss Warden", "battle:1")
    sc.act("activate", card=leader, ability=0)
    assert sc.refuse("pay", card=sc.id("Moss Warden", "chain:0")).rule == "MA-7.4"  # purple only
    sc.act("pay", card=sc.id("Dusk Cutpurse"))
    assert st.rested(warden)
    sc.act("act", card=sc.id("Cinder Page"))  # nobody is left to block
    assert st.hp(1) == 18
    assert sc.refuse("activate", card=leader, ability=0).rule == "MA-3.12"


def test_MAL_L04_lockpick_moon_gives_own_disrupt_knights_plus_1_ma_3_12_ma_15_3() -> None:
    sc = build(leaders=("Arthur of the Lockpick Moon", LEDGER), battle=(["Bramble Hexer", "Cinder Page"],
                                                                         ["Veil Seer", "Sunlit Knight"]),
               at="attack")
    st = sc.st
    hexer, sunlit = sc.id("Bramble Hexer"), sc.id("Sunlit Knight")
    assert st.skill_value(hexer) == 3 and st.defence_value(hexer) == 1
    assert st.skill_value(sc.id("Veil Seer")) == 3 and st.skill_value(sc.id("Cinder Page")) == 2  # not these
    sc.act("act", card=hexer, target=sunlit)
    assert (st.skill_value(sunlit), st.defence_value(sunlit)) == (0, 0)  # 3/2 - 3/3, used as at least 0


def test_MAL_L05_cutpurse_crown_makes_the_opponent_discard_at_random_ma_3_12_ma_14_6() -> None:
    layout = dict(leaders=("Arthur of the Cutpurse Crown", LEDGER), chain=(["Dusk Cutpurse", "Stray Hound"], []),
                  at="attack")
    sc = build(hands=([], ["Veil Seer", "Moss Warden"]), **layout)  # type: ignore[arg-type]
    st = sc.st
    sc.act("activate", card=sc.id("Arthur of the Cutpurse Crown"), ability=0)
    sc.act("pay", card=sc.id("Dusk Cutpurse"))
    sc.act("pay", card=sc.id("Stray Hound"))
    assert len(st.table.cards("hand:1")) == 1
    (gone,) = st.table.cards("discard:1")
    assert st.card(gone).name in ("Veil Seer", "Moss Warden") and str(gone) in st.view(0)["cards"]  # revealed
    sc = build(hands=([], []), **layout)  # type: ignore[arg-type]
    assert sc.refuse("activate", card=sc.id("Arthur of the Cutpurse Crown"), ability=0).rule == "MA-12.2"


def test_MAL_L06_morning_hymn_gives_own_heal_knights_plus_1_ma_3_12_ma_9_8() -> None:
    sc = build(leaders=("Arthur of the Morning Hymn", LEDGER), battle=(["Grove Mender", "Cinder Page"],
                                                                        ["Forge Medic"]), at="attack")
    st = sc.st
    assert st.skill_value(sc.id("Grove Mender")) == 4 and st.skill_value(sc.id("Cinder Page")) == 2
    assert st.skill_value(sc.id("Forge Medic")) == 2  # the opponent's Heal knight is not the leader's
    sc.act("act", card=sc.id("Grove Mender"))
    assert st.hp(0) == 24


def test_MAL_L07_lantern_choir_pays_yellow_to_regain_2_hp_ma_3_12() -> None:
    sc = build(leaders=("Arthur of the Lantern Choir", LEDGER), chain=(["Lantern Bard", "Sunlit Knight"], []),
               hp=(10, 20), at="attack")
    st = sc.st
    leader = sc.id("Arthur of the Lantern Choir")
    sc.act("activate", card=leader, ability=0)
    sc.act("pay", card=sc.id("Lantern Bard"))
    assert st.hp(0) == 12 and st.face_down(sc.id("Lantern Bard"))
    assert sc.refuse("activate", card=leader, ability=0).rule == "MA-3.12"  # once per turn


def test_MAL_L08_silver_harp_regains_1_hp_the_first_time_a_hand_knight_is_deployed_ma_8_12() -> None:
    sc = build(leaders=("Arthur of the Silver Harp", LEDGER), hands=(["Cinder Page", "Moss Warden"], []),
               chain=(["Stray Hound", "Tide Clerk"], []), hp=(10, 20), at="second")
    submit_both(sc, [("deploy", {"card": sc.id("Cinder Page")}), ("deploy", {"card": sc.id("Moss Warden")})])
    assert sc.st.decision.kind == "order_triggers"  # it triggered twice at once (MA-12.5) ...
    sc.act("next", item=0)
    assert sc.st.hp(0) == 11  # ... but resolves once per turn
    sc = build(leaders=("Arthur of the Silver Harp", LEDGER), base=(["Cinder Page"], []), hp=(10, 20))
    submit_both(sc, [("move", {"card": sc.id("Cinder Page")})])
    assert sc.st.hp(0) == 10  # a move from the base area is not a deployment from hand


def test_MAL_L09_iron_muster_red_attackers_get_plus_0_1_and_two_red_deal_1_ma_3_12() -> None:
    sc = build(leaders=("Arthur of the Iron Muster", LEDGER),
               battle=(["Cinder Page", "Forge Medic", "Harbour Duelist"], []),
               chain=(["Cinder Page", "Ember Squire", "Tide Clerk"], []), at="attack")
    st = sc.st
    page = sc.id("Cinder Page", "battle:0")
    assert st.defence_value(page) == 2 and st.skill_value(page) == 2  # red Attack: +0/+1
    assert st.defence_value(sc.id("Forge Medic")) == 1 and st.defence_value(sc.id("Harbour Duelist")) == 2
    leader = sc.id("Arthur of the Iron Muster")
    assert sc.refuse("activate", card=leader, ability=0).rule == "MA-12.7"  # the static one is not activated
    sc.act("activate", card=leader, ability=1)
    assert sc.refuse("pay", card=sc.id("Tide Clerk")).rule == "MA-7.4"
    sc.act("pay", card=sc.id("Cinder Page", "chain:0"))
    sc.act("pay", card=sc.id("Ember Squire"))
    assert st.hp(1) == 19


def test_MAL_L10_pearl_exchange_searches_a_support_knight_ma_3_12_ma_15_5() -> None:
    sc = build(leaders=("Arthur of the Pearl Exchange", LEDGER), chain=(["Tide Clerk", "Stray Hound"], []),
               decks=(["Moss Warden", "Lantern Bard", "Cinder Page", FILLER], [FILLER] * 3), at="attack")
    st = sc.st
    sc.act("activate", card=sc.id("Arthur of the Pearl Exchange"), ability=0)
    sc.act("pay", card=sc.id("Tide Clerk"))
    sc.act("pay", card=sc.id("Stray Hound"))
    assert st.decision.kind == "search" and st.decision.player == 0
    options = {o.get("card") for o in st.legal_actions() if o.kind == "pick"}
    assert {st.card(i).name for i in options} == {"Lantern Bard"}  # the only Support knight
    bard = options.pop()
    sc.act("pick", card=bard)
    if st.decision is not None and st.decision.kind == "search":
        sc.act("done")
    assert st.table.zone_name(bard) == "hand:0" and len(st.table.cards("deck:0")) == 3
