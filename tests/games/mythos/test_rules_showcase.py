"""Rules shown by the cards of ``cards/rules_showcase.yaml`` (each test names the card whose effect it
asserts): dice, rounding, region effects, area moves and types, putting cards into play, requirement
waivers, god precedence, combat and capacity changes, battle events, the trigger slots and their order,
attachable artifacts, and what "affected since" does to Just Played — each from an exact situation."""

from __future__ import annotations

from typing import Any

from cardtable.games.mythos.requirements import assign
from cardtable.games.mythos.schema import CardFilter, Slot
from cardtable.games.mythos.state import MyState
from cardtable.games.mythos.testing import A, build


def notes(st: MyState, kind: str) -> list[dict[str, Any]]:
    return [e.data for e in st.events if e.kind == kind]


# ---- MY-2.7 dice, MY-7.8 rounding, MY-11.8 region effects -----------------------------------------------


def test_my_2_7_knucklebone_augury_rolls_the_seeded_die_and_takes_the_branch_of_its_face() -> None:
    """Cards: Knucklebone Augury."""
    seen = set()
    for seed in range(1, 25):
        sc = build(hands=(["Knucklebone Augury"], []), sanity=(10, 11), seed=seed)
        sc.act("play", card=sc.id("Knucklebone Augury"))
        rolls = notes(sc.st, "die_rolled")
        assert len(rolls) == 1 and 1 <= rolls[0]["result"] <= 6
        roll = rolls[0]["result"]
        assert sc.st.sanity(0) == (9 if roll <= 3 else 12)
        seen.add(roll <= 3)
        again = build(hands=(["Knucklebone Augury"], []), sanity=(10, 11), seed=seed)
        again.act("play", card=again.id("Knucklebone Augury"))
        assert notes(again.st, "die_rolled") == rolls  # the engine's seeded RNG: a replay rolls the same
    assert seen == {True, False}


def test_my_7_8_creeping_despair_halves_sanity_rounding_half_up() -> None:
    """Cards: Creeping Despair."""
    sc = build(players=3, hands=(["Creeping Despair"], [], []), sanity=(10, 11, 9))
    sc.act("play", card=sc.id("Creeping Despair"))
    assert (sc.st.sanity(1), sc.st.sanity(2)) == (11 - 6, 9 - 5)  # 5.5 -> 6, 4.5 -> 5
    assert sc.st.sanity(0) == 10


def test_my_11_8_region_effects_reach_only_the_same_dimension() -> None:
    """Miasma over the Region: seat 2 shares the region; seat 1 is in a same-named region and subregion
    of the Dreamlands, which are other places."""
    where = [("WakingWorld", "Lovecraft Country", "Arkham"), ("Dreamlands", "Lovecraft Country", "Arkham"),
             ("WakingWorld", "Lovecraft Country", "Dunwich")]
    sc = build(players=3, hands=(["Miasma over the Region"], [], []), sanity=(10, 11, 10), position=where,
               had_location=(1, 1, 1))
    sc.act("play", card=sc.id("Miasma over the Region"))
    assert [sc.st.sanity(p) for p in range(3)] == [9, 11, 9]


def test_my_11_8_subregion_effects_need_the_same_subregion_of_the_same_dimension() -> None:
    """Cards: Whispers in the Alleys."""
    where = [("WakingWorld", "Lovecraft Country", "Arkham"), ("Dreamlands", "Lovecraft Country", "Arkham"),
             ("WakingWorld", "Lovecraft Country", "Dunwich")]
    sc = build(players=3, hands=(["Whispers in the Alleys"], [], []), sanity=(10, 11, 10), position=where,
               had_location=(1, 1, 1))
    sc.act("play", card=sc.id("Whispers in the Alleys"))
    assert [sc.st.sanity(p) for p in range(3)] == [9, 11, 10]


# ---- MY-3.6 area moves change the type -------------------------------------------------------------------


def test_my_3_6_tamed_horror_makes_a_threat_monster_an_ally_while_it_stays_there() -> None:
    """Cards: Tamed Horror."""
    sc = build(hands=(["Tamed Horror"], []), threat=(["Ghoul"], []))
    st, ghoul = sc.st, sc.id("Ghoul")
    assert st.type_of(ghoul) == "monster"
    sc.act("play", card=sc.id("Tamed Horror"), target=ghoul)
    assert sc.zone("ally:0") == [ghoul] and not st.face_down(ghoul) and st.type_of(ghoul) == "ally"
    assert st.allies(0) == [ghoul] and st.combat(ghoul) == 2
    ally_slot, monster_slot = [Slot(filter=CardFilter(type="ally"))], [Slot(filter=CardFilter(type="monster"))]
    assert assign(st, ally_slot, [ghoul]) == [ghoul] and assign(st, monster_slot, [ghoul]) is None
    from cardtable.games.mythos.play import bury

    bury(st, ghoul)  # elsewhere (the Story Deck) it has its printed type again
    assert st.type_of(ghoul) == "monster" and assign(st, monster_slot, [ghoul]) == [ghoul]


def test_my_3_6_turncoats_bargain_makes_an_ally_a_face_down_monster_and_drops_its_weapon() -> None:
    """Cards: Turncoat's Bargain."""
    sc = build(hands=(["Turncoat's Bargain"], []), allies=(["Police Detective", A("Fire Axe", "Police Detective")], []))
    st, cop = sc.st, sc.id("Police Detective")
    sc.act("play", card=sc.id("Turncoat's Bargain"), target=cop)
    assert sc.zone("threat:0") == [cop] and st.face_down(cop) and st.type_of(cop) == "monster"
    assert sc.titles("discard:0") == ["Fire Axe"]  # D-MY-91: a Monster carries no weapon
    assert assign(st, [Slot(filter=CardFilter(type="ally"))], [cop]) is None


def test_my_3_6_an_area_move_names_a_card_of_the_area_it_leaves_or_is_refused() -> None:
    """Cards: Tamed Horror."""
    sc = build(hands=(["Tamed Horror"], []), threat=(["Ghoul"], []), allies=(["Dockside Sailor"], []))
    err = sc.refuse("play", card=sc.id("Tamed Horror"), target=sc.id("Dockside Sailor"))
    assert err.rule == "MY-12.5"


# ---- MY-10.3a / MY-10.4a: effects that put cards into play ------------------------------------------------


def test_my_10_3a_unbidden_summoning_puts_a_god_into_play_without_its_requirements() -> None:
    """Cards: Unbidden Summoning."""
    sc = build(hands=(["Unbidden Summoning", "Father Dagon Rising"], []), sanity=(10, 11))
    dagon = sc.id("Father Dagon Rising")
    sc.act("play", card=sc.id("Unbidden Summoning"), target=dagon)
    assert sc.zone("god:0") == [dagon] and sc.st.sanity(1) == 8  # its on-play effect resolved


def test_my_10_3a_an_effect_cannot_add_a_second_god_the_god_stays_in_hand() -> None:
    """Cards: The Gleaming Tide, The Withering King, Unbidden Summoning."""
    sc = build(hands=(["Unbidden Summoning", "The Gleaming Tide"], []), gods=(["The Withering King"], []))
    tide = sc.id("The Gleaming Tide")
    sc.act("play", card=sc.id("Unbidden Summoning"), target=tide)
    assert sc.titles("god:0") == ["The Withering King"] and sc.st.table.zone_name(tide) == "hand:0"
    assert sc.st.view(1)["cards"][str(tide)]["defn"] is not None  # D-MY-93: the named card was shown


def test_my_10_4a_recovered_journal_cannot_add_an_adventure_title_already_acquired() -> None:
    """Cards: Recovered Journal."""
    sc = build(hands=(["Recovered Journal"], []), adventures=(["Graveside Vigil"], []),
               discard=(["Graveside Vigil", "Secrets of the Stacks"], []))
    vigil = sc.id("Graveside Vigil", "discard:0")
    sc.act("play", card=sc.id("Recovered Journal"), target=vigil)
    assert sc.st.table.zone_name(vigil) == "discard:0" and sc.st.vp(0) == 3


def test_my_10_4a_recovered_journal_puts_a_new_adventure_into_acquired_adventures() -> None:
    """Cards: Recovered Journal."""
    sc = build(hands=(["Recovered Journal"], []), adventures=(["Graveside Vigil"], []),
               discard=(["Secrets of the Stacks"], []))
    sc.act("play", card=sc.id("Recovered Journal"), target=sc.id("Secrets of the Stacks"))
    assert sc.titles("adventures:0") == ["Graveside Vigil", "Secrets of the Stacks"] and sc.st.vp(0) == 6


# ---- MY-6.11.7 IGNORE_REQUIREMENT ---------------------------------------------------------------------------


def test_my_6_11_7_guided_back_roads_lets_the_next_ally_ignore_its_requirement_once() -> None:
    """Cards: Guided Back Roads."""
    sc = build(hands=(["Guided Back Roads", "Backwoods Hunter", "Backwoods Hunter"], ["Restful Sleep"] * 3),
               story=(["Arkham Rail Depot"], []))
    hunter, hunter2 = sc.id("Backwoods Hunter", n=0), sc.id("Backwoods Hunter", n=1)
    assert sc.refuse("play", card=hunter).rule == "MY-6.4.2"  # no Forest here
    sc.act("play", card=sc.id("Guided Back Roads"))
    sc.act("play", card=sc.id("Restful Sleep", n=0))  # seat 1
    sc.act("play", card=hunter)
    assert sc.zone("ally:0") == [hunter]
    sc.act("play", card=sc.id("Restful Sleep", n=1))
    assert sc.refuse("play", card=hunter2).rule == "MY-6.4.2"  # the waiver was used up


# ---- MY-0.4 / MY-6.9.7 god precedence -------------------------------------------------------------------------


def test_my_0_4_my_6_9_7_the_withering_kings_effect_overrides_borrowed_courage() -> None:
    """Cards: Borrowed Courage, The Withering King."""
    sc = build(hands=(["Borrowed Courage"], []), gods=(["The Withering King"], []), allies=(["Police Detective"], []))
    cop = sc.id("Police Detective")
    assert sc.st.combat(cop) == 1
    sc.act("play", card=sc.id("Borrowed Courage"))
    assert sc.st.combat(cop) == 1  # the god's conflicting effect takes precedence


def test_my_6_9_7_without_a_god_borrowed_courage_sets_combat() -> None:
    """Cards: Borrowed Courage."""
    sc = build(hands=(["Borrowed Courage"], []), allies=(["Police Detective"], []))
    sc.act("play", card=sc.id("Borrowed Courage"))
    assert sc.st.combat(sc.id("Police Detective")) == 5


def test_my_6_9_7_between_two_gods_the_earlier_played_one_takes_precedence() -> None:
    """Cards: The Gleaming Tide, The Withering King."""
    sc = build(hands=(["The Withering King"], []), gods=([], ["The Gleaming Tide"]), allies=(["Police Detective"], []))
    st, cop = sc.st, sc.id("Police Detective")
    assert st.combat(cop) == 4  # The Gleaming Tide
    sc.act("play", card=sc.id("The Withering King"))
    assert st.combat(cop) == 4  # the Tide came first
    from cardtable.games.mythos.play import bury

    bury(st, sc.id("The Gleaming Tide"))
    assert st.combat(cop) == 1


# ---- MY-6.10.3 battle events, MY-9.11 combat changes, MY-5.11 state checks -------------------------------------


def test_my_6_10_3_my_9_11_sapping_chill_is_played_in_the_use_step_and_my_5_11_buries_a_0_combat_ally() -> None:
    """Cards: Sapping Chill."""
    sc = build(hands=(["Sapping Chill", "Restful Sleep"], ["Restful Sleep"]), threat=(["Ghoul"], []),
               allies=([], ["Night Librarian", "Police Detective"]), at="battle")
    st = sc.st
    d = st.decision
    assert d is not None and d.kind == "battle_use" and d.player == 0
    assert sc.refuse("play", card=sc.id("Restful Sleep", "hand:0")).rule == "MY-6.10.3"
    sc.act("play", card=sc.id("Sapping Chill"))
    assert sc.titles("ally:1") == ["Police Detective"] and sc.titles("story:1") == ["Night Librarian"]
    assert st.combat(sc.id("Police Detective")) == 2
    d = st.decision
    # seat 1 holds a card and the pool has battle events: he is asked, though he has only "pass"
    assert d is not None and d.kind == "battle_use" and d.player == 1 and [o.kind for o in d.options] == ["pass"]


def test_my_5_11_crumbling_bindings_makes_the_owner_discard_spells_over_capacity() -> None:
    """Cards: Crumbling Bindings."""
    sc = build(hands=(["Crumbling Bindings"], []),
               items=([], ["Cultes des Goules", A("Elder Ward", "Cultes des Goules"),
                           A("Call Forth the Hungry", "Cultes des Goules")]))
    sc.act("play", card=sc.id("Crumbling Bindings"))
    st = sc.st
    d = st.decision
    assert d is not None and d.kind == "discard_excess" and d.player == 1
    assert sc.refuse("pick", card=sc.id("Restful Sleep", "deck:0")).rule == "MY-5.11"
    sc.act("pick", card=sc.id("Elder Ward"))
    assert sc.titles("discard:1") == ["Elder Ward"]
    assert st.table.attachments(sc.id("Cultes des Goules")) == [sc.id("Call Forth the Hungry")]
    d = st.decision
    assert d is not None and d.kind == "turn" and d.player == 1


def test_my_5_10_a_card_affected_by_a_play_since_is_no_longer_just_played() -> None:
    """Sapping Chill (played in card play) affects seat 0's just-played sailor: seat 2 cannot cancel it."""
    sc = build(players=3, hands=(["Dockside Sailor"], ["Sapping Chill"], ["Thwarted Plans"]),
               story=(["Innsmouth Wharf"], [], []))
    sailor = sc.id("Dockside Sailor")
    sc.act("play", card=sailor)
    sc.act("play", card=sc.id("Sapping Chill"))
    assert sc.st.combat(sailor) == 1 and sc.st.just_played(2) == []
    assert sc.refuse("play", card=sc.id("Thwarted Plans"), target=sailor).rule == "MY-5.10"


# ---- MY-12.1 the trigger slots, MY-12.9 their order ---------------------------------------------------------


def test_my_12_1_my_5_1_my_9_1_my_5_13_brass_orrery_fires_at_every_slot_of_the_round() -> None:
    """Cards: Brass Orrery."""
    sc = build(items=(["Brass Orrery"], []), sanity=(10, 11), passes=(1, 1))
    st = sc.st
    sc.act("pass")  # the second Pass ends card play
    # start of battle +1; end of battle seat 1 -1; end of round +2; next round: refill 13, then draw 1
    assert (st.sanity(0), st.sanity(1)) == (13, 10)
    assert [n["trigger"] for n in notes(st, "triggered")] == ["start_of_battle", "end_of_battle", "end_of_round",
                                                              "start_of_card_play"]
    d = st.decision
    assert d is not None and d.kind == "turn" and len(sc.zone("hand:0")) == 14


def test_my_5_2d_my_12_9_start_of_round_triggers_first_players_first_each_ordering_his_own() -> None:
    """Cards: Chiming Mantel Clock, Tolling Bell."""
    sc = build(items=(["Chiming Mantel Clock", "Tolling Bell"], ["Chiming Mantel Clock"]), sanity=(10, 11),
               first=1, round=1, at="start")
    st = sc.st
    d = st.decision
    assert d is not None and d.kind == "order_triggers" and d.player == 0 and st.vars["first"] == 0
    bell = sc.id("Tolling Bell")
    sc.act("next", item=bell)
    fired = [(n["player"], n["card"]) for n in notes(st, "triggered")]
    assert fired == [(0, bell), (0, sc.id("Chiming Mantel Clock", "item:0")), (1, sc.id("Chiming Mantel Clock", "item:1"))]
    assert (st.sanity(0), st.sanity(1)) == (11, 11)  # seat 1: -1 from the bell, then +1 from its own clock


def test_my_12_9_a_player_orders_only_his_own_triggers() -> None:
    """Cards: Chiming Mantel Clock, Tolling Bell."""
    sc = build(items=(["Chiming Mantel Clock", "Tolling Bell"], ["Chiming Mantel Clock"]), first=1, round=1,
               at="start")
    d = sc.st.decision
    assert d is not None and d.kind == "order_triggers" and d.player == 0
    assert sc.refuse("next", item=sc.id("Chiming Mantel Clock", "item:1")).rule == "MY-12.9"


# ---- MY-6.5.1 attachable artifacts ------------------------------------------------------------------------------


def test_my_6_5_1_warding_locket_attaches_to_an_ally_and_follows_it() -> None:
    """Cards: Warding Locket."""
    sc = build(hands=(["Warding Locket"], []), allies=(["Dockside Sailor"], []), sanity=(10, 11))
    st = sc.st
    locket, sailor = sc.id("Warding Locket"), sc.id("Dockside Sailor")
    assert (locket, sailor) in sc.plays() and (locket, None) not in sc.plays()
    assert sc.refuse("play", card=locket).rule == "MY-6.5.1"
    sc.act("play", card=locket, host=sailor)
    assert st.table.attachments(sailor) == [locket] and st.table.zone_name(locket) == "ally:0" and st.sanity(0) == 11
    from cardtable.games.mythos.play import bury

    bury(st, sailor)  # MY-3.4: the attachment goes with its host
    assert sorted(sc.titles("story:0")) == ["Dockside Sailor", "Warding Locket"] and sc.zone("ally:0") == []


def test_my_6_5_1_an_attachable_artifact_without_a_host_cannot_be_played() -> None:
    """Cards: Warding Locket."""
    sc = build(hands=(["Warding Locket"], []))
    assert (sc.id("Warding Locket"), None) not in sc.plays()
    assert sc.refuse("play", card=sc.id("Warding Locket")).rule == "MY-6.5.1"


def test_my_9_11_numbing_frost_leaves_face_down_threat_cards_unmarked() -> None:
    """D-MY-90: marking which face-down cards a filter matches would tell what they are. Cards: Numbing Frost."""
    sc = build(hands=(["Numbing Frost"], []), threat=([], ["Ghoul"]), allies=([], ["Police Detective"]))
    st, ghoul = sc.st, sc.id("Ghoul")
    sc.act("play", card=sc.id("Numbing Frost"))
    assert st.combat(sc.id("Police Detective")) == 2
    assert all(e[1] != ghoul for e in st.lasting) and st.combat(ghoul) == 2
