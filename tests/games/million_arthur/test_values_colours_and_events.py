"""``set_values`` (D-MA-63), ``change_colour`` (D-MA-65), ``restrict deploy_colour`` (D-MA-66),
``discard_from_hand`` chosen by the opponent (D-MA-68) and the MA-15.4 events ``game_start``,
``card_drawn``, ``knight_enters_base``, ``knight_evolved`` and ``refresh_step`` with the trigger filters
``from``, ``source`` and ``amount_at_least`` (D-MA-67). Each test names the arcana card it plays."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.core.errors import CardDataError
from cardtable.games.million_arthur.catalog import build_pool
from cardtable.games.million_arthur.testing import FILLER, K, build, submit_both

# ---- set_values (MA-15.5, MA-9.9) -------------------------------------------------------------------------


def test_maa_b02_nimue_sets_values_and_modifiers_still_add_ma_15_5_ma_9_9_d_ma_63() -> None:
    sc = build(battle=(["Nimue of the Still Lake", "Bramble Hexer"], ["Old Oak Sentry"]),
               chain=(["Tide Clerk"], []), at="attack")
    st = sc.st
    sentry = sc.id("Old Oak Sentry")
    sc.act("act", card=sc.id("Bramble Hexer"), target=sentry)  # Disrupt 2 first: 0/3
    assert (st.raw_skill(sentry), st.raw_defence(sentry)) == (0, 3)
    sc.act("activate", card=sc.id("Nimue of the Still Lake"), ability=0)
    sc.act("pay", card=sc.id("Tide Clerk"))
    assert (st.raw_skill(sentry), st.raw_defence(sentry)) == (-2, -2)  # printed 2/5 -> 0/0, the -2/-2 stays
    assert (st.skill_value(sentry), st.defence_value(sentry)) == (0, 0)  # used as at least 0 (MA-9.9)
    assert st.describe(1)["knights"][str(sentry)]["defence"] == -2  # public (MA-14.1)


def test_maa_b02_nimue_needs_an_opposing_knight_ma_12_2() -> None:
    sc = build(battle=(["Nimue of the Still Lake"], []), chain=(["Tide Clerk"], []), at="attack")
    assert sc.refuse("activate", card=sc.id("Nimue of the Still Lake"), ability=0).rule == "MA-12.2"


def test_maa_r02_bright_spear_sets_opposing_defence_to_0_when_it_evolves_ma_15_4_ma_8_10() -> None:
    sc = build(battle=(["Bedwyr Seer-Blade"], ["Old Oak Sentry", "Harbour Duelist"]), chain=(["Stray Hound"], []),
               hands=(["Bedwyr of the Bright Spear"], []), at="second")
    st = sc.st
    spear = sc.id("Bedwyr of the Bright Spear")
    submit_both(sc, [("evolve", {"card": spear, "onto": sc.id("Bedwyr Seer-Blade")})])
    assert st.defence_value(sc.id("Old Oak Sentry")) == 0 and st.defence_value(sc.id("Harbour Duelist")) == 0
    assert st.vars["spent"] == [2, 0]  # the evolution cost (MA-8.7)
    sc.act("act", card=spear)
    sc.block(sc.id("Old Oak Sentry"))
    assert st.hp(1) == 16  # 4 - 0: the block stops nothing


# ---- change_colour (MA-15.5) -----------------------------------------------------------------------------


def test_maa_p01_morgen_changes_a_colour_for_filters_and_colours_in_battle_ma_15_5_ma_15_2() -> None:
    """MAA-P01 Morgen of the Shifting Veil and MAA-P02 Medraut the Many-Hued: after the red knight turns
    purple the battle area shows one colour, so Medraut gets +1/+0, not +2/+0."""
    sc = build(battle=(["Morgen of the Shifting Veil", "Medraut the Many-Hued", "Cinder Page"], []), at="attack")
    st = sc.st
    page, medraut = sc.id("Cinder Page"), sc.id("Medraut the Many-Hued")
    sc.act("activate", card=sc.id("Morgen of the Shifting Veil"), ability=0)
    assert st.decision.kind == "effect_target"  # two other knights
    sc.act("pick", card=page)
    assert st.colour(page) == "purple" and st.card(page).colour == "red"
    sc.act("activate", card=medraut, ability=0)
    assert st.skill_value(medraut) == 2


def test_maa_p02_medraut_counts_distinct_colours_ma_15_2() -> None:
    sc = build(battle=(["Medraut the Many-Hued", "Cinder Page", "Moss Warden", "Stray Hound"], []), at="attack")
    st = sc.st
    sc.act("activate", card=sc.id("Medraut the Many-Hued"), ability=0)
    assert st.skill_value(sc.id("Medraut the Many-Hued")) == 4  # purple, red, green; colourless is none
    assert sc.refuse("activate", card=sc.id("Medraut the Many-Hued"), ability=0).rule == "MA-12.9"


def test_a_changed_colour_ends_when_the_knight_becomes_a_chain_card_ma_7_3_d_ma_65() -> None:
    """MAA-P01 Morgen of the Shifting Veil: the chain card keeps its printed colour."""
    sc = build(battle=(["Morgen of the Shifting Veil", "Cinder Page"], []), at="attack")
    st = sc.st
    page = sc.id("Cinder Page")
    sc.act("activate", card=sc.id("Morgen of the Shifting Veil"), ability=0)
    assert st.colour(page) == "purple"
    sc.act("end_step")
    sc.act("pick", card=page)  # the chain step
    assert st.table.zone_name(page) == "chain:0" and st.colour(page) == "red"


def test_maa_p01_morgen_needs_another_knight_ma_12_2() -> None:
    sc = build(battle=(["Morgen of the Shifting Veil"], []), at="attack")
    assert sc.refuse("activate", card=sc.id("Morgen of the Shifting Veil"), ability=0).rule == "MA-12.2"


# ---- restrict deploy_colour (MA-12.3) ----------------------------------------------------------------------


def test_maa_b04_glass_tower_warden_forbids_red_deployments_ma_12_3_d_ma_66() -> None:
    sc = build(base=(["Glass Tower Warden"], ["Cinder Page", "Moss Warden"]), hands=([], ["Ember Squire", "Tide Clerk"]),
               chain=([], ["Stray Hound"]), at="first")
    st = sc.st
    assert any(e["kind"] == "restricted" and e["colour"] == "red" for e in st.log(None))
    sc.act("submit")  # T moves nothing
    before = st.to_dict()
    assert sc.refuse("move", card=sc.id("Cinder Page")).rule == "MA-12.3"
    assert st.to_dict() == before
    sc.act("move", card=sc.id("Moss Warden"))
    sc.act("submit")
    sc.act("submit")  # Second step: T deploys nothing
    assert sc.refuse("deploy", card=sc.id("Ember Squire")).rule == "MA-12.3"
    sc.act("deploy", card=sc.id("Tide Clerk"))


def test_deploy_colour_does_not_bind_its_controller_ma_12_3() -> None:
    """MAA-B04 Glass Tower Warden restricts the opposing player only."""
    sc = build(base=(["Glass Tower Warden", "Cinder Page"], []), at="first")
    sc.act("move", card=sc.id("Cinder Page"))
    sc.act("submit")


# ---- discard_from_hand chooser: opponent (MA-15.5, MA-14.6) ------------------------------------------------


def test_maa_p03_morgause_looks_at_the_hand_and_chooses_the_discard_ma_15_5_ma_14_6_d_ma_68() -> None:
    sc = build(hands=(["Morgause Hand-Reader"], ["Cinder Page", "Moss Warden"]),
               chain=(["Stray Hound", "Tide Clerk", "Veil Seer"], []), at="second")
    st = sc.st
    page, warden = sc.id("Cinder Page"), sc.id("Moss Warden")
    assert st.view(0)["cards"].get(str(page)) is None
    submit_both(sc, [("deploy", {"card": sc.id("Morgause Hand-Reader")})])
    assert st.decision.kind == "discard_other" and st.decision.player == 0
    assert st.view(0)["cards"][str(page)]["defn"] is not None  # the chooser sees the hand now
    assert st.view(None)["cards"].get(str(page)) is None  # spectators do not
    sc.act("pick", card=warden)
    assert st.table.zone_name(warden) == "discard:1" and st.table.zone_name(page) == "hand:1"


def test_the_card_data_refuses_an_opponent_choice_for_each_and_a_colourless_restriction_ma_15_1(
        tmp_path: Path) -> None:
    body = """  - id: T-1
    name: Test Page
    kind: knight
    colour: red
    arthur_type: mercenary
    type_restricted: false
    cost: 1
    skill: attack
    skill_value: 2
    defence: 1
    abilities:
    - kind: triggered
      trigger: {event: turn_start}
      effects:
      - EFFECT
    text: Attack 2 / Defence 1.
"""
    for effect, needle in (("{op: discard_from_hand, player: each, n: 1, chooser: opponent}", "chooser opponent"),
                           ("{op: restrict, player: opponent, what: deploy_colour}", "names a colour"),
                           ("{op: evolve, card: {zone: hand, count: {up_to: 2}}, onto: {}}", "one card onto"),
                           ("{op: deploy, card: {zone: hand, filter: {this: true}}}", "printed values only"),
                           ("{op: set_values, target: {}}", "sets a skill value")):
        path = tmp_path / "set.yaml"
        path.write_text("set: test\nversion: 1\ncards:\n" + body.replace("EFFECT", effect), encoding="utf-8")
        with pytest.raises(CardDataError) as err:
            build_pool([path])
        assert needle in str(err.value) and "T-1" in str(err.value)
    bad_trigger = body.replace("{event: turn_start}", "{event: turn_start, from: hand}").replace(
        "EFFECT", "{op: draw, player: self, n: 1}")
    path = tmp_path / "set.yaml"
    path.write_text("set: test\nversion: 1\ncards:\n" + bad_trigger, encoding="utf-8")
    with pytest.raises(CardDataError, match="'from' filters"):
        build_pool([path])


# ---- events (MA-15.4) -------------------------------------------------------------------------------------


def test_maa_c02_chapel_bell_draws_at_game_start_from_the_base_area_ma_15_4() -> None:
    sc = build(base=(["Chapel Bell of the Green Knight"], ["Chapel Bell of the Green Knight"]),
               hands=([], []), turn=1, at="setup")
    st = sc.st
    assert st.decision.kind == "first_step" and st.vars["turn"] == 1
    assert len(st.table.cards("hand:0")) == 1 and len(st.table.cards("hand:1")) == 1
    kinds = [e["kind"] for e in st.log(None)]
    assert kinds.index("triggered") < kinds.index("turn")  # before turn 1 begins


def test_maa_b03_mabon_grows_when_its_owner_draws_once_per_turn_ma_15_4() -> None:
    sc = build(base=(["Mabon the Hidden"], []), at="draw")
    st = sc.st
    mabon = sc.id("Mabon the Hidden")
    assert st.decision.kind == "first_step"
    assert st.skill_value(mabon) == 3  # the Draw step's card_drawn (the event names no hidden card)
    sc = build(base=(["Mabon the Hidden"], []), battle=(["Pyre Cantor"], []), chain=(["Cinder Page"], []),
               at="attack")
    st = sc.st
    sc.act("activate", card=sc.id("Pyre Cantor"), ability=0)
    sc.act("pay", card=sc.id("Cinder Page"))
    assert st.skill_value(sc.id("Mabon the Hidden")) == 3


def test_maa_g03_thorn_heals_when_it_enters_the_base_area_ma_15_4_ma_8_5() -> None:
    sc = build(decks=(["Thorn of the Giant's Court", FILLER, FILLER, FILLER], [FILLER] * 4), at="charge")
    st = sc.st
    assert st.decision.kind == "first_step"
    assert st.table.zone_name(sc.id("Thorn of the Giant's Court", zone="deck:0")) == "base:0" and st.hp(0) == 21


def test_maa_g05_gatekeeper_returns_a_knight_whose_base_entry_triggers_ma_15_4_ma_15_5() -> None:
    """MAA-G05 Gatekeeper of Caer Sidi moves Thorn of the Giant's Court to the base area by an effect:
    ``knight_enters_base`` fires after the text, and Thorn (now in its base zone) answers it."""
    sc = build(battle=(["Gatekeeper of Caer Sidi", K("Thorn of the Giant's Court", rested=True)], []), at="attack")
    st = sc.st
    thorn = sc.id("Thorn of the Giant's Court")
    sc.act("activate", card=sc.id("Gatekeeper of Caer Sidi"), ability=0)
    assert st.table.zone_name(thorn) == "base:0" and not st.rested(thorn) and st.hp(0) == 21
    sc = build(battle=(["Gatekeeper of Caer Sidi", "Thorn of the Giant's Court"], []), base=([FILLER] * 3, []),
               at="attack")
    assert sc.refuse("activate", card=sc.id("Gatekeeper of Caer Sidi"), ability=0).rule == "MA-12.2"  # base full


def test_maa_p05_accolon_the_risen_draws_when_it_evolves_in_the_base_fill_ma_15_4_ma_8_5() -> None:
    """``knight_evolved`` from the base fill (``from: base``) fires when the whole fill has ended."""
    sc = build(base=(["Accolon Graveborn", FILLER], []), decks=(["Accolon the Risen", FILLER, FILLER], [FILLER] * 4),
               at="charge")
    st = sc.st
    risen = sc.id("Accolon the Risen", zone="deck:0")
    assert st.decision.kind == "base_evolve"
    sc.act("evolve", card=risen, onto=sc.id("Accolon Graveborn"))
    assert st.decision.kind == "first_step"  # no other pair: the fill tops up and ends by itself
    assert st.under(risen) == [sc.id("Accolon Graveborn")]
    assert len(st.table.cards("hand:0")) == 1 and len(st.knights(0, "base")) == 3  # topped up, then the draw


def test_maa_g02_olwen_heals_at_the_refresh_step_before_leaving_ma_15_4_ma_11_3() -> None:
    sc = build(battle=(["Olwen of the White Track"], []), at="refresh_triggers")
    st = sc.st
    olwen = sc.id("Olwen of the White Track")
    assert st.hp(0) == 22 and st.table.zone_name(olwen) == "discard:0"
    kinds = [e["kind"] for e in st.log(None)]
    assert kinds.index("triggered") < kinds.index("refreshed")


def test_maa_r03_cai_draws_after_an_attack_of_3_or_more_ma_15_4_d_ma_67() -> None:
    sc = build(battle=(["Cai the Long-Striding"], []), at="attack")
    st = sc.st
    hand = len(st.table.cards("hand:0"))
    sc.act("act", card=sc.id("Cai the Long-Striding"))
    assert st.hp(1) == 17 and len(st.table.cards("hand:0")) == hand + 1
    sc = build(battle=(["Cai the Long-Striding"], ["Moss Warden"]), at="attack")
    st = sc.st
    sc.act("act", card=sc.id("Cai the Long-Striding"))
    sc.block(sc.id("Moss Warden"))
    assert st.hp(1) == 20 and len(st.table.cards("hand:0")) == 0  # 3 - 3: no damage, no draw


def test_maa_r03_cai_burst_is_effect_damage_with_source_effect_ma_15_4_d_ma_67() -> None:
    """MAA-R03 Cai the Long-Striding's burst damages T by an effect during T's turn; MAA-Y03 Dindrane the
    Watchful in N's base answers ``source: effect`` and N draws."""
    sc = build(battle=(["Cinder Page"], []), base=([], ["Dindrane the Watchful"]),
               decks=([FILLER] * 3, ["Cai the Long-Striding", FILLER]), at="attack")
    st = sc.st
    sc.act("act", card=sc.id("Cinder Page"))
    assert st.hp(0) == 19 and len(st.table.cards("hand:1")) == 1


def test_maa_y03_dindrane_draws_when_an_effect_damages_the_opponent_ma_15_4_d_ma_67() -> None:
    sc = build(battle=(["Pyre Cantor", "Cinder Page"], []), base=(["Dindrane the Watchful"], []),
               chain=(["Cinder Page"], []), at="attack")
    st = sc.st
    hand = len(st.table.cards("hand:0"))
    sc.act("act", card=sc.id("Cinder Page", zone="battle:0"))  # attack damage: source attack, no draw
    assert st.hp(1) == 18 and len(st.table.cards("hand:0")) == hand
    sc.act("activate", card=sc.id("Pyre Cantor"), ability=0)
    sc.act("pay", card=sc.id("Cinder Page", zone="chain:0"))
    assert st.hp(1) == 17 and len(st.table.cards("hand:0")) == hand + 2  # the Cantor's draw and Dindrane's


def test_knight_evolved_fires_for_second_step_evolutions_with_from_hand_ma_15_4() -> None:
    """MAA-R02 Bedwyr of the Bright Spear answers ``knight_evolved`` (the Second step: ``from hand``); an
    evolution by an effect (MAA-C01 Merlin's Apprentice) is ``from effect``."""
    sc = build(battle=(["Merlin's Apprentice", "Bedwyr Seer-Blade"], ["Old Oak Sentry"]), chain=(["Stray Hound"], []),
               hands=(["Bedwyr of the Bright Spear"], []), at="attack")
    st = sc.st
    sc.act("activate", card=sc.id("Merlin's Apprentice"), ability=0)
    sc.act("pay", card=sc.id("Stray Hound"))
    sc.act("pick", card=sc.id("Bedwyr of the Bright Spear"))
    assert st.defence_value(sc.id("Old Oak Sentry")) == 0
