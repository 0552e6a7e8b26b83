"""The Story Deck, position and travel (MY-3.9, MY-6.3, MY-6.11, MY-10.2), each from an exact situation."""

from __future__ import annotations

from cardtable.games.mythos.testing import S, build


def test_my_6_3_4_first_location_is_upright_anywhere_and_current() -> None:
    sc = build(hands=(["Celephais Harbour"], []), sanity=(10, 11))
    sc.act("play", card=sc.id("Celephais Harbour"))
    st = sc.st
    assert st.current_location(0) == sc.id("Celephais Harbour") and not st.crosswise(sc.id("Celephais Harbour"))
    assert st.position(0) == ("Dreamlands", "Cerenerian Coast", "Celephais")  # MY-3.9
    assert st.sanity(0) == 11  # MY-6.1.3: its +1 applies as it becomes current


def test_my_6_3_6_my_6_3_3_walking_places_crosswise_and_puts_you_in_transit() -> None:
    sc = build(hands=(["Sentinel Hill Stones"], []), story=(["Dunwich Woods"], []), sanity=(10, 11))
    sc.act("play", card=sc.id("Sentinel Hill Stones"))
    st = sc.st
    stones = sc.id("Sentinel Hill Stones")
    assert st.story_top(0) == stones and st.crosswise(stones) and st.in_transit(0)
    assert st.features(0) == frozenset({"Outside"})  # MY-6.3.3: nothing but Outside
    assert st.sanity(0) == 10  # MY-6.1.3: never when placed crosswise
    assert st.position(0) == ("WakingWorld", "Lovecraft Country", "Dunwich")


def test_my_6_3_8_my_5_6a_arrival_is_a_turn_action_and_applies_the_modifier() -> None:
    sc = build(story=(["Dunwich Woods", S("Sentinel Hill Stones", crosswise=True)], []), sanity=(10, 11))
    assert "arrive" in sc.kinds()
    sc.act("arrive")
    st = sc.st
    stones = sc.id("Sentinel Hill Stones")
    assert not st.crosswise(stones) and st.current_location(0) == stones and st.sanity(0) == 8
    assert st.vars["active"] == 1  # the arrival was the turn


def test_my_6_3_7_city_to_city_is_upright_at_once() -> None:
    sc = build(hands=(["Kingsport Curio Shop"], []), story=(["Arkham Rail Depot"], []))
    sc.act("play", card=sc.id("Kingsport Curio Shop"))
    assert sc.st.current_location(0) == sc.id("Kingsport Curio Shop")
    assert sc.st.position(0)[2] == "Kingsport"


def test_my_6_3_5_my_6_3_9_changing_your_mind_discards_the_crosswise_card() -> None:
    sc = build(hands=(["Old Hill Burying Ground"], []), story=(["Arkham Rail Depot", S("Dunwich Woods", crosswise=True)], []))
    sc.act("play", card=sc.id("Old Hill Burying Ground"))
    st = sc.st
    assert sc.titles("story:0") == ["Arkham Rail Depot", "Old Hill Burying Ground"]
    assert sc.titles("discard:0") == ["Dunwich Woods"] and st.crosswise(sc.id("Old Hill Burying Ground"))


def test_my_6_3_10_other_regions_and_isolated_places_need_travel() -> None:
    sc = build(hands=(["Sunken Shoals of R'lyeh", "Devil Reef", "Celephais Harbour"], []),
               story=(["Innsmouth Wharf"], []))
    assert sc.refuse("play", card=sc.id("Sunken Shoals of R'lyeh")).rule == "MY-6.3.10"  # another region
    assert sc.refuse("play", card=sc.id("Devil Reef")).rule == "MY-6.3.10"  # Isolated, same region
    assert sc.refuse("play", card=sc.id("Celephais Harbour")).rule == "MY-6.3.10"  # another dimension


def test_my_6_11_2_my_6_11_3_travel_event_then_an_upright_destination() -> None:
    sc = build(hands=(["Steamer Passage", "Sunken Shoals of R'lyeh"], []), story=(["Innsmouth Wharf"], []),
               sanity=(10, 11))
    sc.act("play", card=sc.id("Steamer Passage"))
    st = sc.st
    assert st.story_top(0) == sc.id("Steamer Passage") and st.in_transit(0)
    assert st.position(0) == ("WakingWorld", "Lovecraft Country", "Innsmouth")  # MY-3.9: kept while in transit
    sc.act("pass")  # seat 1
    sc.act("play", card=sc.id("Sunken Shoals of R'lyeh"))
    assert st.current_location(0) == sc.id("Sunken Shoals of R'lyeh") and st.sanity(0) == 7
    assert st.position(0) == ("WakingWorld", "South Seas", None)
    assert sc.titles("story:0") == ["Innsmouth Wharf", "Steamer Passage", "Sunken Shoals of R'lyeh"]  # MY-6.11.6


def test_my_6_11_2_departure_requirement() -> None:
    sc = build(hands=(["Steamer Passage"], []), story=(["Arkham Rail Depot"], []))
    assert sc.refuse("play", card=sc.id("Steamer Passage")).rule == "MY-6.11.2"


def test_my_6_11_3_destination_rule_dimension() -> None:
    sc = build(hands=(["Celephais Harbour", "Arkham Rail Depot"], []),
               story=(["Arkham Rail Depot", "Seventy Steps of Light Slumber"], []))
    assert sc.refuse("play", card=sc.id("Arkham Rail Depot", "hand:0")).rule == "MY-6.11.3"
    sc.act("play", card=sc.id("Celephais Harbour"))
    assert sc.st.position(0)[0] == "Dreamlands"


def test_my_6_11_4_a_counts_as_location_travel_event_is_current_with_its_features() -> None:
    sc = build(hands=(["Police Detective"], []), story=(["Innsmouth Wharf", "Borrowed Motor Car"], []))
    st = sc.st
    assert st.current_location(0) == sc.id("Borrowed Motor Car") and not st.in_transit(0)
    assert st.features(0) == frozenset({"City"})
    assert (sc.id("Police Detective"), None) in sc.plays()  # needs a City


def test_my_6_3_13_a_location_requirement_applies_in_every_mode() -> None:
    sc = build(hands=(["Witch House Garret"], []), story=(["Arkham Rail Depot"], []), time="Day")
    assert sc.refuse("play", card=sc.id("Witch House Garret")).rule == "MY-6.3.13"
    sc2 = build(hands=(["Witch House Garret"], []), story=(["Arkham Rail Depot"], []), time="Night")
    sc2.act("play", card=sc2.id("Witch House Garret"))
    assert sc2.st.current_location(0) == sc2.id("Witch House Garret")


def test_my_10_2_the_later_location_survives_in_the_story_deck() -> None:
    sc = build(hands=(["Arkham Rail Depot"], []), story=(["Arkham Rail Depot", "Kingsport Curio Shop"], []))
    new = sc.id("Arkham Rail Depot", "hand:0")
    sc.act("play", card=new)
    assert sc.zone("story:0") == [sc.id("Kingsport Curio Shop"), new]
    assert sc.titles("discard:0") == ["Arkham Rail Depot"]


def test_my_6_3_2_an_event_on_top_means_no_current_location() -> None:
    sc = build(story=(["Arkham Rail Depot", "Restful Sleep"], []))
    assert sc.st.current_location(0) is None and sc.st.in_transit(0)
    assert sc.st.position(0)[2] == "Arkham"  # MY-3.9: last_position stays


def test_my_6_1_4_my_6_4_2a_dimension_of_allies_follows_the_position() -> None:
    sc = build(hands=(["Cat of Ulthar", "Night Librarian"], []), story=(["Miskatonic Stacks"], []))
    assert sc.refuse("play", card=sc.id("Cat of Ulthar")).rule == "MY-6.4.2a"
    sc2 = build(hands=(["Cat of Ulthar", "Dockside Sailor"], []), story=(["Celephais Harbour"], []))
    assert sc2.refuse("play", card=sc2.id("Dockside Sailor")).rule == "MY-6.4.2a"  # Waking World only
    sc2.act("play", card=sc2.id("Cat of Ulthar"))
    assert sc2.titles("ally:0") == ["Cat of Ulthar"]
