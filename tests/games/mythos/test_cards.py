"""Plays of each card type (MY-6.4–MY-6.13, MY-10), each from an exact situation."""

from __future__ import annotations

from cardtable.games.mythos.testing import A, S, build


def test_my_6_4_1_my_6_4_2_an_ally_needs_its_requirement_and_goes_to_the_ally_area() -> None:
    sc = build(hands=(["Dockside Sailor", "Night Librarian"], []), story=(["Innsmouth Wharf"], []), sanity=(10, 11))
    assert sc.refuse("play", card=sc.id("Night Librarian")).rule == "MY-6.4.2"  # needs a Tome location
    sc.act("play", card=sc.id("Dockside Sailor"))
    assert sc.titles("ally:0") == ["Dockside Sailor"]


def test_my_6_1_3_an_allys_modifier_applies_as_it_enters_play() -> None:
    sc = build(hands=(["Night Librarian"], []), story=(["Miskatonic Stacks"], []), sanity=(10, 11))
    sc.act("play", card=sc.id("Night Librarian"))
    assert sc.st.sanity(0) == 11


def test_my_6_5_2_an_artifact_needs_the_artifact_attribute_unless_it_says_otherwise() -> None:
    sc = build(hands=(["Star-Stone Amulet", "Tarnished Compass"], []), story=(["Innsmouth Wharf"], []),
               decks=(["Nightfall"], ["Nightfall"]))
    assert sc.refuse("play", card=sc.id("Star-Stone Amulet")).rule == "MY-6.5.2"
    sc.act("play", card=sc.id("Tarnished Compass"))  # no location requirement; draw 1
    assert sc.titles("item:0") == ["Tarnished Compass"] and sc.titles("hand:0") == ["Star-Stone Amulet", "Nightfall"]


def test_my_6_5_3_an_on_play_effect_resolves_as_the_artifact_enters() -> None:
    sc = build(hands=(["Star-Stone Amulet"], []), story=(["Kingsport Curio Shop"], []), sanity=(10, 11))
    sc.act("play", card=sc.id("Star-Stone Amulet"))
    assert sc.titles("item:0") == ["Star-Stone Amulet"] and sc.st.sanity(0) == 11


def test_my_6_6_1_my_6_6_2_my_6_4_9_a_weapon_arms_one_ally_once() -> None:
    sc = build(hands=(["Service Revolver", "Fire Axe"], []), story=(["Kingsport Curio Shop"], []),
               allies=(["Police Detective"], []))
    cop = sc.id("Police Detective")
    assert sc.refuse("play", card=sc.id("Service Revolver")).rule == "MY-6.6.1"  # never without an ally
    sc.act("play", card=sc.id("Service Revolver"), host=cop)
    assert sc.st.table.host[sc.id("Service Revolver")] == cop and sc.st.combat(cop) == 5
    sc.act("pass")
    assert sc.refuse("play", card=sc.id("Fire Axe"), host=cop).rule == "MY-6.6.1"  # one weapon per ally


def test_my_6_6_3_a_weapon_needs_the_artifact_attribute() -> None:
    sc = build(hands=(["Service Revolver"], []), story=(["Innsmouth Wharf"], []), allies=(["Dockside Sailor"], []))
    assert sc.refuse("play", card=sc.id("Service Revolver"), host=sc.id("Dockside Sailor")).rule == "MY-6.5.2"


def test_my_6_7_1_my_6_2_4_my_6_4_6_a_tome_needs_its_place_and_a_reader() -> None:
    whitcomb = build(hands=(["Book of Eibon"], []), story=(["Miskatonic Stacks"], []))
    whitcomb.act("play", card=whitcomb.id("Book of Eibon"))  # Whitcomb reads Latin
    assert whitcomb.titles("item:0") == ["Book of Eibon"]
    harlan = build(hands=(["Book of Eibon"], []), story=(["Miskatonic Stacks"], []), sides=(1, 0))
    assert harlan.refuse("play", card=harlan.id("Book of Eibon")).rule == "MY-6.7.1"  # English only
    helped = build(hands=(["Book of Eibon"], []), story=(["Miskatonic Stacks"], []), sides=(1, 0),
                   allies=(["Antiquarian Scholar"], []))
    helped.act("play", card=helped.id("Book of Eibon"))  # the ally reads Latin
    away = build(hands=(["Book of Eibon"], []), story=(["Arkham Rail Depot"], []))
    assert away.refuse("play", card=away.id("Book of Eibon")).rule == "MY-6.7.1"  # no Tome attribute


def test_my_6_7_3_an_ally_may_hold_an_ally_holdable_tome() -> None:
    sc = build(hands=(["Pnakotic Fragments"], []), story=(["Miskatonic Stacks"], []), allies=(["Night Librarian"], []))
    lib = sc.id("Night Librarian")
    assert sc.plays() == {(sc.id("Pnakotic Fragments"), None), (sc.id("Pnakotic Fragments"), lib)}
    sc.act("play", card=sc.id("Pnakotic Fragments"), host=lib)
    assert sc.st.table.host[sc.id("Pnakotic Fragments")] == lib


def test_my_6_12_1_my_6_12_2_my_6_7_4_loading_a_spell_is_a_play_onto_a_matching_vessel() -> None:
    sc = build(hands=(["Call Forth the Hungry", "Elder Ward"], []), items=(["Book of Eibon"], []), sanity=(10, 11))
    tome = sc.id("Book of Eibon")
    assert sc.refuse("play", card=sc.id("Elder Ward"), host=tome).rule == "MY-6.7.4"  # a Warding icon: the tome's rule
    sc.act("play", card=sc.id("Call Forth the Hungry"), host=tome)
    assert sc.st.table.host[sc.id("Call Forth the Hungry")] == tome
    assert sc.st.sanity(0) == 10  # MY-6.1.3: a spell's modifier never applies when loaded


def test_my_6_12_5_my_6_12_7_the_investigator_casts_as_a_turn_and_the_spell_turns_face_down() -> None:
    sc = build(players=3, items=(["Book of Eibon", A("Call Forth the Hungry", "Book of Eibon")], [], []),
               sanity=(10, 11, 12))
    spell = sc.id("Call Forth the Hungry")
    sc.act("cast", card=spell)
    st = sc.st
    assert [st.sanity(p) for p in range(3)] == [9, 9, 10]  # the yellow -1, each opponent -2
    assert st.face_down(spell) and st.table.host[spell] == sc.id("Book of Eibon")
    assert st.view(1)["cards"][str(spell)]["defn"] is not None  # a cast spell stays known to all
    assert st.vars["active"] == 1
    sc.act("pass")
    sc.act("pass")
    assert ("cast" not in sc.kinds()) and sc.refuse("cast", card=spell).rule == "MY-6.12.1"  # MY-6.12.8


def test_my_6_12_6_my_6_4_7_an_ally_casts_without_sanity_change_and_buries_the_spell() -> None:
    sc = build(allies=(["Hedge Sorcerer", A("Call Forth the Hungry", "Hedge Sorcerer")], []),
               story=(["Arkham Rail Depot"], []), sanity=(10, 11))
    sc.act("cast", card=sc.id("Call Forth the Hungry"))
    assert sc.st.sanity(0) == 10 and sc.st.sanity(1) == 9
    assert sc.titles("story:0") == ["Call Forth the Hungry", "Arkham Rail Depot"]  # buried at the bottom


def test_my_6_8_1_my_6_8_2_a_monster_uses_the_gate_and_goes_face_down() -> None:
    sc = build(hands=(["Ghoul", "Ghoul"], []), story=(["Old Hill Burying Ground"], []))
    g = sc.id("Ghoul", "hand:0")
    sc.act("play", card=g)
    st = sc.st
    loc = sc.id("Old Hill Burying Ground")
    assert sc.zone("threat:0") == [g] and st.face_down(g) and st.inverted(loc)  # MY-3.5 inverted
    assert st.current_location(0) == loc  # an inverted location is still current
    sc.act("pass")
    assert sc.refuse("play", card=sc.id("Ghoul", "hand:0", 1)).rule == "MY-6.8.1"  # the gate is used


def test_my_6_8_2a_opponents_see_only_the_count_and_the_inverted_gate() -> None:
    sc = build(hands=(["Shoggoth"], []), story=(["Old Hill Burying Ground"], []))
    m = sc.id("Shoggoth")
    sc.act("play", card=m)
    view = sc.st.view(1)
    assert view["zones"]["threat:0"] == [m] and view["cards"][str(m)]["defn"] is None
    assert sc.st.view(0)["cards"][str(m)]["defn"] is not None  # the owner may look (MY-3.1)
    played = [e for e in sc.st.log(1) if e["kind"] == "played"]
    assert played and "defn" not in played[-1] and "card" not in played[-1]
    assert sc.st.view(None)["cards"][str(m)]["defn"] is None


def test_my_6_9_2_my_6_9_4_a_god_needs_its_slots_from_own_cards_and_threat() -> None:
    sc = build(players=3, hands=(["Father Dagon Rising"], [], []), story=(["Innsmouth Wharf"], [], []),
               threat=(["Deep One", "Deep One"], [], []), sanity=(10, 11, 12))
    sc.act("play", card=sc.id("Father Dagon Rising"))
    st = sc.st
    assert sc.titles("god:0") == ["Father Dagon Rising"] and [st.sanity(p) for p in range(3)] == [10, 8, 9]
    d1 = sc.id("Deep One", "threat:0")
    assert st.face_down(d1) and st.view(1)["cards"][str(d1)]["defn"] is not None  # shown to all, still face down


def test_my_6_9_2_my_3_3_story_cards_other_than_the_current_location_do_not_count() -> None:
    sc = build(hands=(["Father Dagon Rising"], []), story=(["Innsmouth Wharf", "Arkham Rail Depot"], []),
               threat=(["Deep One", "Deep One"], []))
    assert sc.refuse("play", card=sc.id("Father Dagon Rising")).rule == "MY-6.9.2"


def test_my_6_9_3_my_10_3_one_god_per_field() -> None:
    sc = build(hands=(["The Crawling Messenger"], []), story=(["Sentinel Hill Stones"], []),
               allies=(["Surly Gravedigger"], []), gods=(["Father Dagon Rising"], []))
    assert sc.refuse("play", card=sc.id("The Crawling Messenger")).rule == "MY-6.9.3"


def test_my_6_9_6_my_9_10_gods_turn_crosswise_then_are_buried() -> None:
    sc = build(gods=(["Father Dagon Rising"], ["The Crawling Messenger"]), story=(["Innsmouth Wharf"], []),
               at="battle")
    st = sc.st
    dagon, msg = sc.id("Father Dagon Rising"), sc.id("The Crawling Messenger")
    assert st.crosswise(dagon) and st.crosswise(msg)
    # the next round's battle buries them (two passes end its card play)
    assert st.vars["round"] == 3
    sc.act("pass")
    sc.act("pass")
    sc.pass_use_step()
    assert sc.titles("god:0") == [] and sc.titles("story:0")[0] == "Father Dagon Rising"
    assert sc.titles("story:1") == ["The Crawling Messenger"]


def test_my_6_10_2_an_instant_event_resolves_and_is_buried() -> None:
    sc = build(hands=(["Restful Sleep"], []), story=(["Arkham Rail Depot"], []), sanity=(10, 11))
    sc.act("play", card=sc.id("Restful Sleep"))
    assert sc.st.sanity(0) == 12 and sc.titles("story:0") == ["Restful Sleep", "Arkham Rail Depot"]
    assert sc.st.current_location(0) == sc.id("Arkham Rail Depot")


def test_my_6_10_6_a_day_or_night_event_sets_the_time_and_buries_the_other() -> None:
    sc = build(hands=(["Nightfall"], []), events=([], ["Dawn Breaks"]))
    sc.act("play", card=sc.id("Nightfall"))
    st = sc.st
    assert st.vars["time"] == "Night" and sc.titles("event:0") == ["Nightfall"] and sc.titles("event:1") == []
    assert sc.titles("story:1") == ["Dawn Breaks"]  # MY-3.7: into its owner's Story Deck


def test_my_5_9g_an_end_card_play_event_ends_card_play_at_once() -> None:
    sc = build(hands=(["Sudden Squall"], ["Restful Sleep"]))
    sc.act("play", card=sc.id("Sudden Squall"))
    assert "card_play_ended" in [e.kind for e in sc.st.events]


def test_my_5_8_lost_turns_from_an_event() -> None:
    sc = build(players=3, hands=(["Lost in the Fog"], [], []))
    sc.act("play", card=sc.id("Lost in the Fog"))
    assert [e.kind for e in sc.st.events].count("lost_turn") == 2 and sc.st.vars["active"] == 0


def test_my_6_13_4_my_6_13_5_acquiring_an_adventure() -> None:
    sc = build(hands=(["Graveside Vigil"], []), story=(["Restful Sleep", "Arkham Rail Depot", "Old Hill Burying Ground"], []),
               allies=(["Police Detective"], []), discard=(["Nightfall"], []), decks=(["Dawn Breaks"] * 3, []))
    sc.act("play", card=sc.id("Graveside Vigil"))
    st = sc.st
    assert sc.titles("adventures:0") == ["Graveside Vigil"] and st.vp(0) == 3
    assert sc.titles("story:0") == ["Old Hill Burying Ground"]  # only the Location on top stays
    assert sc.zone("discard:0") == [] and len(sc.zone("deck:0")) == 3 + 1 + 2  # discards shuffled in
    assert st.current_location(0) == sc.id("Old Hill Burying Ground")


def test_my_6_13_5_a_non_location_top_card_is_discarded_too() -> None:
    sc = build(hands=(["Graveside Vigil"], []), story=(["Old Hill Burying Ground", "Restful Sleep"], []),
               allies=(["Police Detective"], []), decks=([], []))
    sc.act("play", card=sc.id("Graveside Vigil"))
    assert sc.zone("story:0") == [] and sorted(sc.titles("deck:0")) == ["Old Hill Burying Ground", "Restful Sleep"]


def test_my_6_13_2_my_6_13_3_slots_one_card_each_from_face_up_field_cards() -> None:
    two_water = build(hands=(["The Keeper's Log"], []), story=(["Innsmouth Wharf", "Headland Lighthouse"], []))
    assert (two_water.id("The Keeper's Log"), None) in two_water.plays()
    one_water = build(hands=(["The Keeper's Log"], []), story=(["Headland Lighthouse"], []))
    assert one_water.refuse("play", card=one_water.id("The Keeper's Log")).rule == "MY-6.13.3"
    threat_only = build(hands=(["Graveside Vigil"], []), story=(["Old Hill Burying Ground"], []),
                        threat=(["Ghoul"], []))
    assert threat_only.refuse("play", card=threat_only.id("Graveside Vigil")).rule == "MY-6.13.3"


def test_my_6_13_2_a_travel_event_never_matches_as_a_location() -> None:
    sc = build(hands=(["Beyond the Wall of Sleep"], []), story=(["Seventy Steps of Light Slumber"], []))
    assert sc.refuse("play", card=sc.id("Beyond the Wall of Sleep")).rule == "MY-6.13.3"
    ok = build(hands=(["Beyond the Wall of Sleep"], []), story=(["Seventy Steps of Light Slumber", "Celephais Harbour"], []))
    assert (ok.id("Beyond the Wall of Sleep"), None) in ok.plays()


def test_my_10_4_each_adventure_title_once() -> None:
    sc = build(hands=(["Graveside Vigil"], []), story=(["Old Hill Burying Ground"], []),
               allies=(["Police Detective"], []), adventures=(["Graveside Vigil"], []))
    assert sc.refuse("play", card=sc.id("Graveside Vigil", "hand:0")).rule == "MY-10.4"


def test_my_3_7_my_0_5_burial_goes_to_the_bottom_of_the_owners_story_deck() -> None:
    sc = build(hands=([], ["Nightfall"]), events=(["Dawn Breaks"], []), story=([S("Arkham Rail Depot")], []), active=1)
    sc.act("play", card=sc.id("Nightfall"))
    assert sc.titles("story:0") == ["Dawn Breaks", "Arkham Rail Depot"]
