"""Further rules, each from an exact situation: atomic effects, requirements and filters, who casts,
uniqueness per side, gods and events, seat order (MY-1.3a, MY-6, MY-9, MY-10, MY-11, MY-12)."""

from __future__ import annotations

from cardtable.games.mythos import DEFINITION
from cardtable.games.mythos.requirements import holds, matches
from cardtable.games.mythos.schema import (AllOf, AnyOf, CardFilter, EducationAtLeast, InRegion, InSubregion,
                                           NotReq, TimeIs)
from cardtable.games.mythos.testing import A, S, build


def sanity_events(st: object) -> list[dict]:
    return [e.data for e in st.events if e.kind == "sanity"]  # type: ignore[attr-defined]


def test_my_1_3a_my_5_11_one_play_is_one_combined_sanity_change() -> None:
    """Forbidden Knowledge: its -1 and a library-out's -1 while drawing 2 are one change, 10 -> 8."""
    sc = build(hands=(["Forbidden Knowledge"], []), decks=(["Nightfall"], ["Nightfall"] * 5),
               discard=(["Dawn Breaks"] * 3, []), sanity=(10, 11))
    sc.act("play", card=sc.id("Forbidden Knowledge"))
    assert sanity_events(sc.st) == [{"player": 0, "from": 10, "to": 8}]
    assert len(sc.zone("hand:0")) == 2


def test_my_1_8_zero_sanity_and_the_vp_target_together_end_at_once() -> None:
    sc = build(hands=(["Horror at the Whateley Farm"], []), story=(["Dunwich Woods"], []),
               allies=(["Backwoods Hunter", A("Fire Axe", "Backwoods Hunter")], []),
               adventures=(["Raid on Devil Reef", "Beyond the Wall of Sleep", "The Keeper's Log"], []),
               sanity=(1, 11))
    sc.act("play", card=sc.id("Horror at the Whateley Farm"))
    st = sc.st
    assert st.is_terminal and st.vp(0) == 20 and st.sanity(0) == 0 and st.vars["phase"] == "card_play"
    assert st.outcome is not None and "MY-1.3" in st.outcome.reason and st.outcome.winners == [0]


def test_my_4_2_decks_are_shuffled_and_hidden_even_from_their_owner() -> None:
    a = DEFINITION.new_game(seed=1, players=2)
    b = DEFINITION.new_game(seed=2, players=2)
    order = lambda st: [st.table.defn[i] for i in st.table.cards("deck:0")]  # noqa: E731
    assert order(a) != order(b)
    assert all(e is None for e in a.view(0)["zones"]["deck:0"])


def test_my_5_1_round_phases_in_order() -> None:
    sc = build(players=2, gods=(["Father Dagon Rising"], []), story=(["Innsmouth Wharf"], []))
    sc.act("pass")
    sc.act("pass")
    kinds = [e.kind for e in sc.st.events]
    assert kinds.index("card_play_ended") < kinds.index("round")  # battle and end of round, then round 3
    assert sc.st.crosswise(sc.id("Father Dagon Rising"))  # BATTLE's god ageing ran
    assert sc.st.vars["round"] == 3 and sc.st.vars["phase"] == "card_play"


def test_my_6_1_2_a_card_in_play_stays_when_its_requirement_lapses() -> None:
    sc = build(hands=(["Arkham Rail Depot"], []), story=(["Innsmouth Wharf"], []), allies=(["Dockside Sailor"], []))
    sc.act("play", card=sc.id("Arkham Rail Depot"))
    assert "Water" not in sc.st.features(0) and sc.titles("ally:0") == ["Dockside Sailor"]


def test_my_6_1_4a_a_dimension_icon_on_a_monster_restricts_nothing() -> None:
    sc = build(hands=(["Nightgaunt"], []), story=(["Old Hill Burying Ground"], []))
    assert sc.st.position(0)[0] == "WakingWorld"
    sc.act("play", card=sc.id("Nightgaunt"))
    assert sc.zone("threat:0") == [sc.id("Nightgaunt")]


def test_my_6_1_5_my_10_1_my_10_5_uniqueness_is_per_side_and_the_dot_restricts_nothing_in_play() -> None:
    sc = build(hands=(["Father Dagon Rising", "Graveside Vigil"], []), story=(["Innsmouth Wharf"], ["Innsmouth Wharf"]),
               threat=(["Deep One", "Deep One"], []), gods=([], ["Father Dagon Rising"]),
               adventures=([], ["Graveside Vigil"]))
    assert (sc.id("Father Dagon Rising", "hand:0"), None) in sc.plays()  # the opponent's god does not count
    assert sc.titles("story:1") == ["Innsmouth Wharf"]


def test_my_6_2_2_the_investigator_never_blocks_or_carries_a_weapon() -> None:
    sc = build(hands=([], []), threat=(["Ghoul"], []), sanity=(10, 11), at="battle")
    sc.act("attack", defender=1)
    assert sc.st.sanity(1) == 9  # no block was asked: nothing could block
    w = build(hands=(["Fire Axe"], []), story=(["Arkham Rail Depot"], []))
    assert not any(c == w.id("Fire Axe") for c, _ in w.plays())


def test_my_6_2_3_my_12_4_requirement_expressions() -> None:
    sc = build(story=(["Miskatonic Stacks"], []), sides=(0, 1), time="Night")
    st = sc.st
    assert holds(st, 0, EducationAtLeast(education_at_least=15)) and not holds(st, 1, EducationAtLeast(education_at_least=15))
    assert holds(st, 0, AllOf(all=[InRegion(region="Lovecraft Country"), InSubregion(subregion="Arkham"),
                                   TimeIs(time_of_day="Night")]))
    assert not holds(st, 1, InSubregion(subregion="Arkham"))  # seat 1 is at the start position
    assert holds(st, 1, AnyOf(any=[TimeIs(time_of_day="Day"), NotReq(**{"not": InSubregion(subregion="Arkham")})]))


def test_my_6_3_1_my_6_3_12_a_location_goes_on_its_owners_story_deck_and_the_covered_one_keeps_its_state() -> None:
    sc = build(hands=(["Dunwich Woods"], []), story=([S("Sentinel Hill Stones", inverted=True)], []))
    sc.act("play", card=sc.id("Dunwich Woods"))
    st = sc.st
    assert sc.titles("story:0") == ["Sentinel Hill Stones", "Dunwich Woods"] and sc.zone("story:1") == []
    assert st.inverted(sc.id("Sentinel Hill Stones"))


def test_my_6_3_11_only_an_upright_current_gate_can_be_used() -> None:
    crosswise = build(hands=(["Ghoul"], []), story=(["Dunwich Woods", S("Old Hill Burying Ground", crosswise=True)], []))
    assert crosswise.refuse("play", card=crosswise.id("Ghoul")).rule == "MY-6.8.1"
    inverted = build(hands=(["Ghoul"], []), story=([S("Old Hill Burying Ground", inverted=True)], []))
    assert inverted.refuse("play", card=inverted.id("Ghoul")).rule == "MY-6.8.1"
    no_gate = build(hands=(["Ghoul"], []), story=(["Arkham Rail Depot"], []))
    assert no_gate.refuse("play", card=no_gate.id("Ghoul")).rule == "MY-6.8.1"


def test_my_6_4_3_my_6_4_5_only_enchanted_allies_may_join_an_attack() -> None:
    sc = build(threat=(["Ghoul"], []), allies=(["Police Detective", A("Service Revolver", "Police Detective")], []),
               sanity=(10, 11), at="battle")
    assert sc.st.combat(sc.id("Police Detective")) == 5  # printed 3 + weapon 2
    sc.act("attack", defender=1)
    assert sc.st.sanity(1) == 9  # the Ghoul alone: the armed detective was never offered
    assert sc.titles("ally:0") == ["Police Detective", "Service Revolver"]


def test_my_6_4_8_my_12_3_mental_state_matters_through_requirements() -> None:
    steadfast = build(hands=(["The Crawling Messenger"], []), story=(["Sentinel Hill Stones"], []),
                      allies=(["Night Librarian"], []))
    assert steadfast.refuse("play", card=steadfast.id("The Crawling Messenger")).rule == "MY-6.9.2"
    corrupt = build(hands=(["The Crawling Messenger"], []), story=(["Sentinel Hill Stones"], []),
                    allies=(["Surly Gravedigger"], []))
    corrupt.act("play", card=corrupt.id("The Crawling Messenger"))
    pool = DEFINITION.pool
    assert matches(pool[pool.index("Deep One")], CardFilter(trait="Deep One", type="monster"))
    assert not matches(pool[pool.index("Ghoul")], CardFilter(title="Deep One"))


def test_my_6_4_10_my_6_8_6_no_summoning_sickness() -> None:
    """An ally played this round blocks; a monster played this round attacks."""
    sc = build(hands=(["Dockside Sailor"], ["Ghoul"]), story=(["Innsmouth Wharf"], ["Old Hill Burying Ground"]),
               sanity=(10, 11))
    sc.act("play", card=sc.id("Dockside Sailor"))
    sc.act("play", card=sc.id("Ghoul"))
    sc.act("pass")
    sc.act("pass")
    d = sc.st.decision
    assert d is not None and d.kind == "declare_attack" and d.player == 1
    sc.act("attack", defender=0)
    d = sc.st.decision
    assert d is not None and d.kind == "block" and {o.get("card") for o in d.options} >= {sc.id("Dockside Sailor")}


def test_my_6_5_1_my_6_5_4_a_spell_holding_artifact_casts_its_one_spell_itself() -> None:
    sc = build(hands=(["Elder Ward", "Voorish Sight"], []), items=(["Lantern of Clear Sight"], []), sanity=(10, 11))
    lantern = sc.id("Lantern of Clear Sight")
    sc.act("play", card=sc.id("Voorish Sight"), host=lantern)  # any icon
    sc.act("pass")
    assert sc.refuse("play", card=sc.id("Elder Ward"), host=lantern).rule == "MY-6.5.4"  # one spell only
    sc.act("cast", card=sc.id("Voorish Sight"))
    assert sc.st.sanity(0) == 10 and sc.titles("story:0") == ["Voorish Sight"]  # no yellow -1; buried


def test_my_6_7_2_a_tome_in_play_needs_no_reader_any_more() -> None:
    sc = build(items=(["Book of Eibon", A("Call Forth the Hungry", "Book of Eibon")], []), sides=(1, 0))
    assert "Latin" not in sc.st.languages(0) and "cast" in sc.kinds()


def test_my_6_7_6_my_6_12_4_spells_in_an_ally_held_tome_are_cast_by_that_ally() -> None:
    sc2 = build(allies=(["Night Librarian", A("Pnakotic Fragments", "Night Librarian"),
                         A("Elder Ward", "Pnakotic Fragments")], []), sanity=(10, 11))
    sc2.act("cast", card=sc2.id("Elder Ward"))
    assert sc2.st.sanity(0) == 12 and sc2.titles("story:0") == ["Elder Ward"]  # the effect, then buried


def test_my_6_8_3_my_6_8_7_buried_monsters_count_for_adventures_threat_monsters_do_not() -> None:
    buried = build(hands=(["Remains at the Quarry"], []), story=(["Ghoul", "Sentinel Hill Stones"], []))
    assert (buried.id("Remains at the Quarry"), None) in buried.plays()
    threat = build(hands=(["Remains at the Quarry"], []), story=(["Sentinel Hill Stones"], []), threat=(["Ghoul"], []))
    assert threat.refuse("play", card=threat.id("Remains at the Quarry")).rule == "MY-6.13.3"


def test_my_6_9_8_a_god_counts_as_a_monster_for_adventures() -> None:
    sc = build(hands=(["Remains at the Quarry"], []), story=(["Sentinel Hill Stones"], []),
               gods=(["The Crawling Messenger"], []))
    assert (sc.id("Remains at the Quarry"), None) in sc.plays()


def test_my_6_9_5_gods_never_attack_or_block() -> None:
    sc = build(threat=([], ["Ghoul"]), gods=(["Father Dagon Rising"], []), sanity=(10, 11), at="battle")
    d = sc.st.decision
    assert d is not None and d.kind == "declare_attack" and d.player == 1  # seat 0 only has a god: declines
    sc.act("attack", defender=0)
    assert sc.st.sanity(0) == 8  # the god was no blocker


def test_my_6_10_1_my_6_10_7_events_need_no_requirement_and_join_only_by_their_text() -> None:
    sc = build(hands=(["Restful Sleep", "Nightfall", "Sudden Squall"], []))
    assert {o.kind for o in sc.st.legal_actions()} == {"play", "pass"}  # no join offered
    assert len(sc.plays()) == 3  # in transit at the start position: events need nothing


def test_my_6_10_4_a_same_title_event_in_force_keeps_the_earlier_one() -> None:
    sc = build(hands=(["Nightfall"], []), events=([], ["Nightfall"]), time="Night")
    later = sc.id("Nightfall", "hand:0")
    sc.act("play", card=later)
    assert sc.titles("event:1") == ["Nightfall"] and sc.zone("story:0") == [later]  # buried at once
    assert "event_without_effect" in [e.kind for e in sc.st.events]


def test_my_6_12_3_my_6_12_8_a_loaded_face_up_spell_is_ready_a_face_down_one_is_not() -> None:
    ready = build(items=(["Book of Eibon", A("Call Forth the Hungry", "Book of Eibon")], []))
    assert "cast" in ready.kinds()
    spent = build(items=(["Book of Eibon", A("Call Forth the Hungry", "Book of Eibon", down=True)], []))
    assert "cast" not in spent.kinds()


def test_my_6_13_1_slots_name_cards_never_where_the_investigator_is() -> None:
    sc = build(hands=(["Beyond the Wall of Sleep"], []), story=(["Arkham Rail Depot", "Seventy Steps of Light Slumber"], []),
               position=[("Dreamlands", "Cerenerian Coast", None), ("WakingWorld", "Lovecraft Country", None)])
    assert sc.st.position(0)[0] == "Dreamlands"
    assert sc.refuse("play", card=sc.id("Beyond the Wall of Sleep")).rule == "MY-6.13.3"


def test_my_7_6a_an_adventures_reshuffle_costs_no_sanity() -> None:
    sc = build(hands=(["Graveside Vigil"], []), story=(["Old Hill Burying Ground"], []),
               allies=(["Police Detective"], []), discard=(["Nightfall"] * 4, []), decks=([], []), sanity=(10, 11))
    sc.act("play", card=sc.id("Graveside Vigil"))
    assert sc.st.sanity(0) == 10 and len(sc.zone("deck:0")) == 4 and "library_out" not in [e.kind for e in sc.st.events]


def test_my_7_7_a_lower_maximum_lowers_sanity() -> None:
    sc = build(players=3, hands=(["Glimpse Beyond the Veil"], [], []), sanity=(10, 14, 9), sides=(0, 0, 1))
    sc.act("play", card=sc.id("Glimpse Beyond the Veil"))
    st = sc.st
    assert st.max_sanity(1) == 12 and st.sanity(1) == 12  # Pell: 14 -> 12
    assert st.max_sanity(2) == 14 and st.sanity(2) == 9  # Harlan: 16 -> 14, Sanity below it stays
    assert st.sanity(0) == 9


def test_my_9_1_use_step_then_attacks_then_god_ageing() -> None:
    sc = build(items=(["Book of Eibon", A("Call Forth the Hungry", "Book of Eibon")], []), threat=(["Ghoul"], []),
               gods=(["The Crawling Messenger"], []), sanity=(10, 11), at="battle")
    st = sc.st
    assert st.decision is not None and st.decision.kind == "battle_use"
    sc.act("cast", card=sc.id("Call Forth the Hungry"))
    assert st.decision is not None and st.decision.kind == "declare_attack"
    assert not st.crosswise(sc.id("The Crawling Messenger"))  # not aged yet
    sc.act("attack", defender=1)
    assert st.crosswise(sc.id("The Crawling Messenger"))


def test_my_9_6_one_attack_is_one_sanity_loss() -> None:
    sc = build(threat=(["Ghoul", "Shoggoth"], []), sanity=(10, 12), at="battle")
    sc.act("attack", defender=1)
    sc.act("pick", card=sc.id("Ghoul"))
    sc.act("pick", card=sc.id("Shoggoth"))
    assert [e for e in sanity_events(sc.st) if e["player"] == 1] == [{"player": 1, "from": 12, "to": 5}]


def test_my_11_3_my_11_5_any_pass_counts_and_each_opponent_resolves_in_seat_order_from_the_actor() -> None:
    sc = build(players=3, hands=([], ["Unspeakable Vision"], []), active=1, first=1, sanity=(10, 11, 12))
    sc.act("play", card=sc.id("Unspeakable Vision"))
    assert [e["player"] for e in sanity_events(sc.st)] == [1, 2, 0]
    sc.act("pass")  # seat 2
    sc.act("pass")  # seat 0: two passes by two players end card play
    assert "card_play_ended" in [e.kind for e in sc.st.events]


def test_my_11_7_the_hand_adjustment_goes_in_seat_order_from_the_first_player() -> None:
    sc = build(players=3, hands=(["Restful Sleep"] * 10, ["Restful Sleep"] * 10, ["Restful Sleep"] * 10),
               first=1, at="adjust")
    d = sc.st.decision
    assert d is not None and d.kind == "hand_adjust" and d.player == 1
    for i in sc.zone("hand:1")[:2]:
        sc.act("pick", card=i)  # the picks stay in the seat's secret until done
    sc.act("done")
    assert sc.st.decision is not None and sc.st.decision.player == 2


def test_my_12_1_my_12_5_on_play_primitives() -> None:
    """`on_play` with `draw`, `gain_sanity`, `lose_sanity`, `lose_turn`, `end_card_play`, `modify_max_sanity`
    (the last three in their own tests)."""
    sc = build(hands=(["Tarnished Compass"], []), decks=(["Nightfall", "Dawn Breaks"], []), sanity=(10, 11))
    sc.act("play", card=sc.id("Tarnished Compass"))
    assert sc.titles("hand:0") == ["Nightfall"]  # the top card


def test_my_7_5_an_effect_forbidding_gains() -> None:
    sc = build(players=2, hands=(["Withering Dread"], ["Restful Sleep"]), sanity=(10, 11))
    sc.act("play", card=sc.id("Withering Dread"))
    sc.act("play", card=sc.id("Restful Sleep"))
    assert sc.st.sanity(1) == 11 and sc.st.sanity(0) == 9


def test_my_3_2_my_6_13_6_acquired_adventures_are_outside_the_field() -> None:
    """A second acquisition discards the Story Deck and reshuffles the discard pile (MY-6.13.5); the
    adventures already acquired are untouched."""
    sc = build(hands=(["Graveside Vigil"], []), story=(["Old Hill Burying Ground"], []), allies=(["Police Detective"], []),
               adventures=(["Secrets of the Stacks"], []), decks=([], []))
    sc.act("play", card=sc.id("Graveside Vigil"))
    assert sc.titles("adventures:0") == ["Secrets of the Stacks", "Graveside Vigil"] and sc.st.vp(0) == 6
    assert not sc.st.table.in_play(sc.id("Secrets of the Stacks"))


def test_my_6_6_4_my_6_12_9_weapons_and_spells_in_play_never_move() -> None:
    sc = build(allies=(["Police Detective", A("Service Revolver", "Police Detective"), "Dockside Sailor"], []),
               items=(["Book of Eibon", A("Call Forth the Hungry", "Book of Eibon"), "Cultes des Goules"], []),
               story=(["Kingsport Curio Shop"], []))
    assert sc.refuse("play", card=sc.id("Service Revolver"), host=sc.id("Dockside Sailor")).rule == "MY-5.5"
    assert sc.refuse("play", card=sc.id("Call Forth the Hungry"), host=sc.id("Cultes des Goules")).rule == "MY-5.5"



def test_my_6_13_4_an_acquired_adventure_is_recorded_as_played() -> None:
    """Playing an adventure is a PLAY (MY-5.5, MY-6.13.4) that puts it in Acquired Adventures, outside the
    field (MY-6.13.6): the table's record (``seen``, read by the balance lab) counts it as played."""
    from cardtable.engine.table import PLAYED

    sc = build(hands=(["Graveside Vigil", "Dead Calm"], []), story=(["Old Hill Burying Ground"], []),
               allies=(["Police Detective"], []))
    vigil = sc.id("Graveside Vigil")
    assert not sc.st.table.seen[vigil] & PLAYED
    sc.act("play", card=vigil)
    assert sc.zone("adventures:0") == [vigil]
    assert sc.st.table.seen[vigil] & PLAYED and not sc.st.table.in_play(vigil)
