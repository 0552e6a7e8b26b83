"""The Dreamlands and New Aeon travel events and adventures in play (MY-6.3.10, MY-6.11, MY-6.13), each from an
exact situation: every kind of move the pool's destination rules allow, and adventures by name, feature and
region."""

from __future__ import annotations

from cardtable.games.mythos.testing import A, build


def test_MYD_T01_galley_to_serannian_counts_as_water_and_reaches_the_isolated_quay() -> None:
    """MY-6.11.4: current with its Water feature; MY-6.11.3: same region only, Isolated places included."""
    sc = build(hands=(["Galley to Serannian", "Serannian Cloud Quay", "Ulthar Market Square"], []),
               story=(["Dylath-Leen Docks"], []), sanity=(10, 11))
    galley = sc.id("Galley to Serannian")
    sc.act("play", card=galley)  # from a Harbour
    st = sc.st
    assert st.current_location(0) == galley and "Water" in st.features(0) and not st.in_transit(0)
    sc.act("pass")
    assert sc.refuse("play", card=sc.id("Ulthar Market Square")).rule == "MY-6.11.3"  # another region
    sc.act("play", card=sc.id("Serannian Cloud Quay"))
    assert st.current_location(0) == sc.id("Serannian Cloud Quay") and st.sanity(0) == 11
    away = build(hands=(["Galley to Serannian"], []), story=(["Ulthar Market Square"], []))
    assert away.refuse("play", card=away.id("Galley to Serannian")).rule == "MY-6.11.2"  # no Harbour


def test_MYD_T02_zoog_paths_lead_to_another_dreamlands_region_never_an_isolated_one() -> None:
    sc = build(hands=(["Zoog Paths", "Skai River Ford", "Plateau Monastery of Leng", "Dylath-Leen Docks"], []),
               story=(["Ulthar Market Square"], []))
    sc.act("play", card=sc.id("Zoog Paths"))
    sc.act("pass")
    assert sc.refuse("play", card=sc.id("Skai River Ford")).rule == "MY-6.11.3"  # the same region
    assert sc.refuse("play", card=sc.id("Plateau Monastery of Leng")).rule == "MY-6.3.10"  # Isolated
    sc.act("play", card=sc.id("Dylath-Leen Docks"))
    assert sc.st.position(0) == ("Dreamlands", "Cerenerian Coast", "Dylath-Leen")
    awake = build(hands=(["Zoog Paths"], []), story=(["Arkham Rail Depot"], []))
    assert awake.refuse("play", card=awake.id("Zoog Paths")).rule == "MY-6.11.2"  # from the Dreamlands only


def test_MYD_T03_seven_hundred_steps_down_lead_only_to_the_underworld() -> None:
    sc = build(hands=(["Seven Hundred Steps Down", "Vaults of Zin", "Skai River Ford"], []),
               story=(["Arkham Rail Depot"], []), sanity=(10, 11))
    sc.act("play", card=sc.id("Seven Hundred Steps Down"))
    assert sc.st.sanity(0) == 9  # its modifier
    sc.act("pass")
    assert sc.refuse("play", card=sc.id("Skai River Ford")).rule == "MY-6.11.3"
    sc.act("play", card=sc.id("Vaults of Zin"))
    assert sc.st.position(0)[:2] == ("Dreamlands", "Underworld")


def test_MYD_T04_clutched_by_night_gaunts_from_ruins_to_any_place_isolated_included() -> None:
    sc = build(hands=(["Clutched by Night-Gaunts", "Devil Reef"], []), story=(["Stone Villages of Leng"], []))
    sc.act("play", card=sc.id("Clutched by Night-Gaunts"))
    sc.act("pass")
    sc.act("play", card=sc.id("Devil Reef"))  # Waking World and Isolated
    assert sc.st.position(0) == ("WakingWorld", "Lovecraft Country", "Innsmouth")


def test_MYD_T05_dream_of_tomorrow_from_the_dreamlands_to_the_new_aeon() -> None:
    sc = build(hands=(["Dream of Tomorrow", "Arkham Rail Depot", "Arcology Spire Plaza"], []),
               story=(["Skai River Ford"], []))
    sc.act("play", card=sc.id("Dream of Tomorrow"))
    sc.act("pass")
    assert sc.refuse("play", card=sc.id("Arkham Rail Depot")).rule == "MY-6.11.3"
    sc.act("play", card=sc.id("Arcology Spire Plaza"))
    assert sc.st.position(0)[0] == "NewAeon"


def test_MYN_T01_maglev_express_counts_as_a_city_and_stays_in_the_region() -> None:
    sc = build(hands=(["Security Drone", "Tranquility Dock", "Memorial Columbarium"], []),
               story=(["Arcology Spire Plaza", "Maglev Express"], []))
    st = sc.st
    assert st.current_location(0) == sc.id("Maglev Express") and st.features(0) == frozenset({"City"})
    assert sc.refuse("play", card=sc.id("Security Drone")).rule == "MY-6.4.2"  # City, but not Government
    assert sc.refuse("play", card=sc.id("Tranquility Dock")).rule == "MY-6.11.3"  # another region
    sc.act("play", card=sc.id("Memorial Columbarium"))
    assert st.position(0)[:2] == ("NewAeon", "Miskatonic Arcology")


def test_MYN_T02_lunar_shuttle_launch_to_another_new_aeon_region_isolated_included() -> None:
    sc = build(hands=(["Lunar Shuttle Launch", "Far Side Listening Post"], []), story=(["Arcology Spire Plaza"], []))
    sc.act("play", card=sc.id("Lunar Shuttle Launch"))
    sc.act("pass")
    sc.act("play", card=sc.id("Far Side Listening Post"))
    assert sc.st.position(0)[:2] == ("NewAeon", "Lunar Frontier")


def test_MYN_T03_MYN_T04_temporal_slip_forward_and_the_echo_of_the_past_back() -> None:
    sc = build(hands=(["Temporal Slip", "Fabricator Bazaar"], []), story=(["Arkham Rail Depot"], []), sanity=(10, 11))
    sc.act("play", card=sc.id("Temporal Slip"))
    assert sc.st.sanity(0) == 8
    sc.act("pass")
    sc.act("play", card=sc.id("Fabricator Bazaar"))
    assert sc.st.position(0)[0] == "NewAeon"
    back = build(hands=(["Echo of the Past", "Arkham Rail Depot"], []), story=(["Fabricator Bazaar"], []))
    back.act("play", card=back.id("Echo of the Past"))
    back.act("pass")
    back.act("play", card=back.id("Arkham Rail Depot"))
    assert back.st.position(0)[0] == "WakingWorld"
    wrong = build(hands=(["Temporal Slip"], []), story=(["Fabricator Bazaar"], []))
    assert wrong.refuse("play", card=wrong.id("Temporal Slip")).rule == "MY-6.11.2"


def test_MYN_T05_hovercraft_ferry_reaches_only_the_listed_regions() -> None:
    sc = build(hands=(["Hovercraft Ferry", "Tranquility Dock", "Drowned Back Bay"], []),
               story=(["Seawall Checkpoint"], []))
    sc.act("play", card=sc.id("Hovercraft Ferry"))
    sc.act("pass")
    assert sc.refuse("play", card=sc.id("Tranquility Dock")).rule == "MY-6.11.3"
    sc.act("play", card=sc.id("Drowned Back Bay"))
    assert sc.st.position(0)[:2] == ("NewAeon", "Drowned Boston")


def test_MYD_V03_voyage_to_serannian_is_acquired_by_two_cards_named_in_its_slots() -> None:
    sc = build(hands=(["Voyage to Serannian", "The Favour of Ulthar's Cats"], []),
               story=(["Dylath-Leen Docks", "Galley to Serannian", "Serannian Cloud Quay"], []))
    assert sc.refuse("play", card=sc.id("The Favour of Ulthar's Cats")).rule.startswith("MY-6.13")
    sc.act("play", card=sc.id("Voyage to Serannian"))
    assert sc.titles("adventures:0") == ["Voyage to Serannian"] and sc.st.vp(0) == 5


def test_MYN_V03_salvage_of_the_drowned_city_needs_a_water_place_a_drowned_boston_place_and_a_weapon() -> None:
    one = build(hands=(["Salvage of the Drowned City"], []), story=(["Drowned Back Bay"], []),
                allies=(["Seawall Marine", A("Pulse Carbine", "Seawall Marine")], []))
    assert one.refuse("play", card=one.id("Salvage of the Drowned City")).rule.startswith("MY-6.13")  # one card a slot
    sc = build(hands=(["Salvage of the Drowned City"], []), story=(["Seawall Checkpoint", "Drowned Back Bay"], []),
               allies=(["Seawall Marine", A("Pulse Carbine", "Seawall Marine")], []))
    sc.act("play", card=sc.id("Salvage of the Drowned City"))
    assert sc.st.vp(0) == 5 and sc.titles("story:0") == ["Drowned Back Bay"]


def test_MYN_V06_council_in_session_by_two_features_and_its_sanity_gain() -> None:
    sc = build(hands=(["Council in Session"], []), story=(["Fabricator Bazaar", "Arcology Spire Plaza"], []),
               sanity=(10, 11))
    sc.act("play", card=sc.id("Council in Session"))
    assert sc.st.vp(0) == 3 and sc.st.sanity(0) == 11
