"""The card-selector primitives (MA-15.2, MA-15.5): ``deploy``, ``evolve`` and ``add_chain`` with a card
selector, and ``reveal_top``. A choice among hidden cards is always asked of the owner and shows the
other seat nothing (D-MA-62, the lesson of D-CT-27); deployments by effects follow MA-7.2, MA-8.3 and
MA-8.6, evolutions MA-8.8. Each test names the arcana card (MAA-…) whose text it plays."""

from __future__ import annotations

from cardtable.games.million_arthur.state import MaState
from cardtable.games.million_arthur.testing import FILLER, K, build, submit_both


def _no_leak(st: MaState, seat: int) -> None:
    """MA-14.7: resampling what ``seat`` cannot see changes nothing ``seat`` sees."""
    for k in range(3):
        assert st.determinize(seat, seed=k).view(seat) == st.view(seat)


# ---- deploy (MA-15.5, MA-7.2, MA-8.3) -------------------------------------------------------------------


def test_maa_y01_lunet_deploys_from_hand_paying_cost_within_the_budget_ma_15_5_ma_7_2() -> None:
    sc = build(battle=(["Lunet Ringbearer"], []), chain=(["Sunlit Knight"], []),
               hands=(["Cinder Page", "Ember Squire", "Cinder Lancer"], []), spent=(1, 0), at="attack")
    st = sc.st
    page, squire, lancer = sc.id("Cinder Page"), sc.id("Ember Squire"), sc.id("Cinder Lancer")
    sc.act("activate", card=sc.id("Lunet Ringbearer"), ability=0)
    sc.act("pay", card=sc.id("Sunlit Knight"))
    assert st.decision.kind == "hidden_pick" and st.decision.player == 0
    options = {o.get("card") for o in st.legal_actions() if o.kind == "pick"}
    assert options == {page}  # capacity 2, 1 spent: only the cost-1 card fits; Lancer costs 3 (filter)
    assert sc.refuse("pick", card=squire).rule == "MA-7.2"
    assert sc.refuse("pick", card=lancer).rule == "MA-15.2"
    _no_leak(st, 1)
    sc.act("pick", card=page)
    assert st.table.zone_name(page) == "battle:0" and not st.rested(page)  # MA-8.12: enters active
    assert st.vars["spent"] == [2, 0] and str(page) in st.view(1)["cards"]  # counted and revealed
    sc.act("act", card=page)  # it may act this turn
    assert st.hp(1) == 18


def test_maa_y01_a_deploy_from_hand_keeps_the_colour_restriction_ma_8_3() -> None:
    sc = build(battle=(["Lunet Ringbearer"], []), chain=(["Sunlit Knight", "Stray Hound"], []),
               hands=(["Cinder Page", "Moss Warden"], []), base_colours=(["red"], []), at="attack")
    st = sc.st
    sc.act("activate", card=sc.id("Lunet Ringbearer"), ability=0)
    sc.act("pay", card=sc.id("Sunlit Knight"))
    assert sc.refuse("pick", card=sc.id("Cinder Page")).rule == "MA-8.3"
    sc.act("pick", card=sc.id("Moss Warden"))
    assert st.table.zone_name(sc.id("Moss Warden")) == "battle:0"


def test_maa_y01_with_no_fitting_card_the_owner_is_still_asked_d_ma_62_ma_14_7() -> None:
    """D-MA-62 / D-CT-27: the pick among hidden cards is asked even when nothing fits, so the other seat
    cannot tell from the flow whether a hidden card matched."""
    sc = build(battle=(["Lunet Ringbearer"], []), chain=(["Sunlit Knight"], []), hands=(["Cinder Lancer"], []),
               at="attack")
    st = sc.st
    sc.act("activate", card=sc.id("Lunet Ringbearer"), ability=0)
    sc.act("pay", card=sc.id("Sunlit Knight"))
    assert st.decision.kind == "hidden_pick" and [o.kind for o in st.legal_actions()] == ["done"]
    _no_leak(st, 1)
    sc.act("done")
    assert st.decision.kind == "attack_step" and st.table.zone_name(sc.id("Cinder Lancer")) == "hand:0"


def test_maa_p04_accolon_graveborn_deploys_from_the_discard_pile_without_cost_ma_15_5_ma_7_2() -> None:
    sc = build(battle=(["Accolon Graveborn"], []), chain=(["Veil Seer", "Tide Clerk"], []),
               discard=(["Cinder Page", "Cinder Warlord", "Moss Warden"], []), at="attack")
    st = sc.st
    page, warlord = sc.id("Cinder Page"), sc.id("Cinder Warlord")
    sc.act("activate", card=sc.id("Accolon Graveborn"), ability=0)
    sc.act("pay", card=sc.id("Veil Seer"))
    sc.act("pay", card=sc.id("Tide Clerk"))
    assert st.decision.kind == "effect_card"
    assert sc.refuse("pick", card=warlord).rule == "MA-15.2"  # cost 5: not "cost 3 or less"
    sc.act("pick", card=page)
    assert st.table.zone_name(page) == "battle:0" and st.vars["spent"] == [0, 0]  # without paying cost
    assert sc.refuse("activate", card=sc.id("Accolon Graveborn"), ability=0).rule == "MA-12.9"  # once per game


def test_maa_p04_a_colourless_duplicate_deployed_by_an_effect_is_discarded_ma_8_6() -> None:
    sc = build(battle=(["Accolon Graveborn", "Stray Hound"], []), chain=(["Veil Seer", "Tide Clerk"], []),
               discard=(["Stray Hound"], []), at="attack")
    st = sc.st
    hound = sc.id("Stray Hound", zone="discard:0")
    sc.act("activate", card=sc.id("Accolon Graveborn"), ability=0)
    sc.act("pay", card=sc.id("Veil Seer"))
    sc.act("pay", card=sc.id("Tide Clerk"))  # the only fitting card: chosen at once (public zone)
    assert st.table.zone_name(hound) == "discard:0" and len(st.knights(0, "battle")) == 2
    assert any(e["kind"] == "duplicate_discarded" for e in st.log(None))


def test_maa_c03_grail_wanderer_searches_the_deck_in_secret_and_deploys_ma_15_5_ma_14_3() -> None:
    """Grail Wanderer: the owner looks through his deck (only he sees it), may deploy a Heal knight, and
    the deck is shuffled; the attack's 4 damage passes ``amount_at_least: 4`` (D-MA-67)."""
    sc = build(battle=(["Bedwyr of the Bright Spear"], []), base=([], ["Grail Wanderer"]),
               decks=([FILLER] * 3, [FILLER, "Grove Mender", FILLER, FILLER]), at="attack")
    st = sc.st
    mender = sc.id("Grove Mender", zone="deck:1")
    sc.act("act", card=sc.id("Bedwyr of the Bright Spear"))  # N has no knight that could block
    assert st.hp(1) == 16
    assert st.decision.kind == "hidden_pick" and st.decision.player == 1
    assert {o.get("card") for o in st.legal_actions() if o.kind == "pick"} == {mender}
    assert all(e is None for e in st.view(0)["zones"]["deck:1"])
    _no_leak(st, 0)
    sc.act("pick", card=mender)
    assert st.table.zone_name(mender) == "battle:1" and not st.rested(mender)
    assert all(e is None for e in st.view(1)["zones"]["deck:1"])  # shuffled: even the owner lost the order


def test_maa_c03_three_damage_does_not_reach_amount_at_least_4_d_ma_67() -> None:
    sc = build(battle=(["Cai the Long-Striding"], []), base=([], ["Grail Wanderer"]), at="attack")
    st = sc.st
    sc.act("act", card=sc.id("Cai the Long-Striding"))
    assert st.hp(1) == 17 and st.decision.kind == "attack_step"


# ---- evolve (MA-15.5, MA-8.8) -----------------------------------------------------------------------------


def test_maa_c01_merlins_apprentice_evolves_from_hand_without_cost_ma_15_5_ma_8_8() -> None:
    sc = build(battle=(["Merlin's Apprentice", K("Bedwyr Seer-Blade", rested=True)], []),
               chain=(["Stray Hound"], []), hands=(["Bedwyr of the Bright Spear", "Cinder Page"], []), at="attack")
    st = sc.st
    seer, spear, page = sc.id("Bedwyr Seer-Blade"), sc.id("Bedwyr of the Bright Spear"), sc.id("Cinder Page")
    sc.act("activate", card=sc.id("Merlin's Apprentice"), ability=0)
    sc.act("pay", card=sc.id("Stray Hound"))
    assert st.decision.kind == "hidden_pick"
    assert sc.refuse("pick", card=page).rule == "MA-8.8"  # Cinder Page evolves from no knight of yours
    sc.act("pick", card=spear)  # one knight to go onto: no second question
    assert st.table.zone_name(spear) == "battle:0" and st.under(spear) == [seer]
    assert st.rested(spear) and st.vars["spent"] == [0, 0]  # MA-8.10: keeps the rested state; no cost


def test_maa_c01_the_knight_evolved_onto_must_carry_the_source_name_ma_8_8() -> None:
    sc = build(battle=(["Merlin's Apprentice", "Bedwyr Seer-Blade"], []), base=(["Bedwyr Seer-Blade"], []),
               chain=(["Stray Hound"], []), hands=(["Bedwyr of the Bright Spear"], []), at="attack")
    st = sc.st
    spear = sc.id("Bedwyr of the Bright Spear")
    sc.act("activate", card=sc.id("Merlin's Apprentice"), ability=0)
    sc.act("pay", card=sc.id("Stray Hound"))
    sc.act("pick", card=spear)
    assert st.decision.kind == "evolve_onto" and str(spear) in st.view(1)["cards"]  # shown before it goes on
    assert sc.refuse("pick", card=sc.id("Merlin's Apprentice")).rule == "MA-8.8"
    battle_seer = sc.id("Bedwyr Seer-Blade", zone="battle:0")
    sc.act("pick", card=battle_seer)
    assert st.under(spear) == [battle_seer] and st.table.zone_name(spear) == "battle:0"


def test_maa_c01_an_evolution_into_the_battle_area_keeps_the_colour_restriction_ma_8_3() -> None:
    sc = build(battle=(["Merlin's Apprentice", "Bedwyr Seer-Blade"], []), base=(["Bedwyr Seer-Blade"], []),
               chain=(["Stray Hound"], []), hands=(["Bedwyr of the Bright Spear"], []), base_colours=(["red"], []),
               at="attack")
    st = sc.st
    spear = sc.id("Bedwyr of the Bright Spear")
    in_base = sc.id("Bedwyr Seer-Blade", zone="base:0")
    sc.act("activate", card=sc.id("Merlin's Apprentice"), ability=0)
    sc.act("pay", card=sc.id("Stray Hound"))
    sc.act("pick", card=spear)  # only the base-area Seer-Blade is a legal knight: red was moved from base
    assert st.table.zone_name(spear) == "base:0" and st.under(spear) == [in_base]


def test_maa_p05_accolon_the_risen_burst_evolves_from_the_discard_pile_onto_a_base_knight_ma_15_5_ma_10_2() -> None:
    sc = build(battle=(["Cinder Page"], []), base=([], ["Accolon Graveborn"]), discard=([], ["Accolon the Risen"]),
               decks=([FILLER] * 3, ["Accolon the Risen", FILLER, FILLER]), at="attack")
    st = sc.st
    graveborn, risen = sc.id("Accolon Graveborn"), sc.id("Accolon the Risen", zone="discard:1")
    sc.act("act", card=sc.id("Cinder Page"))
    assert st.table.zone_name(risen) == "base:1" and st.under(risen) == [graveborn]
    assert any(e["kind"] == "evolved" and e["card"] == risen for e in st.log(None))


# ---- add_chain with a card selector (MA-15.5, MA-14.4) ----------------------------------------------------


def test_maa_g01_peredur_puts_a_green_knight_from_hand_into_the_chain_face_down_ma_15_5_ma_14_4() -> None:
    sc = build(hands=(["Peredur Greenhand", "Moss Warden", "Cinder Page"], []), chain=(["Stray Hound"], []),
               at="second")
    st = sc.st
    warden, page = sc.id("Moss Warden"), sc.id("Cinder Page")
    submit_both(sc, [("deploy", {"card": sc.id("Peredur Greenhand")})])
    assert st.decision.kind == "hidden_pick" and st.decision.player == 0
    assert sc.refuse("pick", card=page).rule == "MA-15.2"  # not green
    _no_leak(st, 1)
    sc.act("pick", card=warden)
    assert st.table.zone_name(warden) == "chain:0" and st.face_down(warden)
    assert st.view(1)["cards"][str(warden)]["defn"] is None  # the other seat sees a face-down card only
    assert st.capacity(0) == 3
    _no_leak(st, 1)


def test_maa_g01_peredur_asks_even_with_no_green_card_in_hand_d_ma_62() -> None:
    sc = build(hands=(["Peredur Greenhand", "Cinder Page"], []), chain=(["Stray Hound"], []), at="second")
    st = sc.st
    submit_both(sc, [("deploy", {"card": sc.id("Peredur Greenhand")})])
    assert st.decision.kind == "hidden_pick" and [o.kind for o in st.legal_actions()] == ["done"]


def test_maa_g04_elphin_burst_chains_a_green_knight_from_the_discard_pile_ma_15_5_ma_12_2() -> None:
    sc = build(battle=(["Cinder Page"], []), discard=([], ["Moss Warden"]),
               decks=([FILLER] * 3, ["Elphin the Lucky", FILLER]), at="attack")
    st = sc.st
    sc.act("act", card=sc.id("Cinder Page"))
    warden = sc.id("Moss Warden")
    assert st.table.zone_name(warden) == "chain:1" and not st.face_down(warden)
    sc = build(battle=(["Cinder Page"], []), discard=([], ["Cinder Page"]),
               decks=([FILLER] * 3, ["Elphin the Lucky", FILLER]), at="attack")
    sc.act("act", card=sc.id("Cinder Page", zone="battle:0"))
    assert any(e["kind"] == "text_void" for e in sc.st.log(None))  # exactly one green card: none there


# ---- reveal_top (MA-15.5, MA-4.7) --------------------------------------------------------------------------


def test_maa_r01_bedwyr_reveals_two_and_may_take_a_red_knight_ma_15_5() -> None:
    sc = build(hands=(["Bedwyr Seer-Blade"], []), chain=(["Stray Hound"], []),
               decks=(["Cinder Page", "Moss Warden", FILLER], [FILLER] * 3), at="second")
    st = sc.st
    page, warden = sc.id("Cinder Page", zone="deck:0"), sc.id("Moss Warden", zone="deck:0")
    submit_both(sc, [("deploy", {"card": sc.id("Bedwyr Seer-Blade")})])
    assert st.decision.kind == "reveal_choice"
    assert {o.get("card") for o in st.legal_actions() if o.kind == "pick"} == {page}  # the red knight only
    assert str(warden) in st.view(1)["cards"]  # revealed to both
    assert sc.refuse("pick", card=warden).rule == "MA-15.2"
    sc.act("pick", card=page)
    assert st.table.zone_name(page) == "hand:0" and str(page) in st.view(1)["cards"]
    deck = st.table.cards("deck:0")
    assert deck[0] == warden and st.view(1)["zones"]["deck:0"][0] is None  # the rest: bottom, unknown again


def test_maa_r04_gwalchmei_burst_chains_a_revealed_red_knight_else_discards_ma_15_5_ma_10_2() -> None:
    """The ``then`` effects resolve once per card that went to ``to`` (D-MA-64): 1 damage for the red
    knight chained, none when the revealed card is discarded."""
    for second, where, t_hp in (("Cinder Page", "chain:1", 19), ("Moss Warden", "discard:1", 20)):
        sc = build(battle=(["Cinder Page"], []), decks=([FILLER] * 3, ["Gwalchmei Dawnrider", second, FILLER]),
                   at="attack")
        st = sc.st
        card = sc.id(second, zone="deck:1")
        sc.act("act", card=sc.id("Cinder Page", zone="battle:0"))
        assert st.table.zone_name(card) == where and st.hp(0) == t_hp
    assert st.capacity(1) == 1


def test_maa_b01_taliesin_deploys_a_revealed_attack_knight_for_free_ma_15_5_ma_7_2() -> None:
    sc = build(battle=(["Taliesin Wavecaller", "Owain Ravenlord"], []), chain=(["Tide Clerk"], []),
               decks=(["Moss Warden", "Cinder Page", "Tide Clerk", FILLER], [FILLER] * 3), at="attack")
    st = sc.st
    page = sc.id("Cinder Page", zone="deck:0")
    owain = sc.id("Owain Ravenlord")
    sc.act("activate", card=sc.id("Taliesin Wavecaller"), ability=0)
    sc.act("pay", card=sc.id("Tide Clerk", zone="chain:0"))
    assert {o.get("card") for o in st.legal_actions() if o.kind == "pick"} == {page}
    sc.act("pick", card=page)
    assert st.table.zone_name(page) == "battle:0" and st.vars["spent"] == [0, 0]
    assert len(st.table.cards("deck:0")) == 3
    # MAA-Y02 Owain Ravenlord: ``knight_deployed from: effect`` (MA-15.4)
    assert (st.skill_value(owain), st.defence_value(owain)) == (4, 3)


def test_maa_y02_owain_ignores_deployments_from_hand_ma_15_4() -> None:
    sc = build(battle=(["Owain Ravenlord"], []), hands=(["Cinder Page"], []), at="second")
    st = sc.st
    submit_both(sc, [("deploy", {"card": sc.id("Cinder Page")})])
    assert st.skill_value(sc.id("Owain Ravenlord")) == 3


def test_reveal_top_reuses_the_discard_pile_once_when_the_deck_is_empty_ma_4_7() -> None:
    """MAA-R04 Gwalchmei Dawnrider's burst reveals from a deck the burst check emptied."""
    sc = build(battle=(["Cinder Page"], []), decks=([FILLER] * 3, ["Gwalchmei Dawnrider"]),
               discard=([], ["Ember Squire"]), at="attack")
    st = sc.st
    sc.act("act", card=sc.id("Cinder Page"))
    assert st.table.zone_name(sc.id("Ember Squire")) == "chain:1"
    assert any(e["kind"] == "reshuffled" for e in st.log(None))
