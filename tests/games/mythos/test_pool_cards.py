"""One scenario per card of the pool with an effect or an ability (MY-12.1, MY-12.2, MY-12.5): each builds
the exact situation, plays, casts or uses the card, and asserts what its text says it does. Test names
carry the card's id (the coverage check of ``test_card_coverage.py`` reads them)."""

from __future__ import annotations

from cardtable.engine import lasting_total
from typing import Any

from cardtable.games.mythos.testing import A, Scenario, build

DRAWS = ["Nightfall", "Dead Calm", "Ghoul", "Shoggoth"]  # a recognisable deck, top first


def _hand(sc: Scenario, p: int = 0) -> list[str]:
    return sc.titles(f"hand:{p}")


# ---- investigators (MY-2.6, MY-6.2.1, MY-4.1) -----------------------------------------------------------------


def test_MYC_I01_whitcomb_reads_latin_harlan_does_not_and_their_numbers_differ() -> None:
    """MY-6.2.4, MY-6.7.1: Whitcomb (Sanity 10 of 15, Latin) may play Book of Eibon; Harlan (12 of 16, English)
    may not."""
    w = build(hands=(["Book of Eibon"], []), story=(["Miskatonic Stacks"], []))
    assert (w.st.sanity(0), w.st.max_sanity(0)) == (10, 15) and "Latin" in w.st.languages(0)
    w.act("play", card=w.id("Book of Eibon"))
    assert w.titles("item:0") == ["Book of Eibon"]
    h = build(hands=(["Book of Eibon"], []), story=(["Miskatonic Stacks"], []), sides=(1, 0))
    assert (h.st.sanity(0), h.st.max_sanity(0)) == (12, 16)
    assert h.refuse("play", card=h.id("Book of Eibon")).rule == "MY-6.7.1"


def test_MYC_I02_pells_steady_hands_gains_one_sanity_once_a_round() -> None:
    """MY-5.6c: Steady Hands is Pell's turn; a second use in the round is refused (MY-5.7)."""
    sc = build(investigators=("Pell / Quill", "Whitcomb / Harlan"), sanity=(10, 10))
    inv = sc.id("Pell / Quill")
    sc.act("activate", ability=0, card=inv)
    assert sc.st.sanity(0) == 11 and sc.st.vars["active"] == 1
    sc.act("pass")
    assert sc.refuse("activate", ability=0, card=inv).rule == "MY-5.7"
    quill = build(investigators=("Pell / Quill", "Whitcomb / Harlan"), sides=(1, 0))
    assert quill.st.sanity(0) == 13 and "Aklo" in quill.st.languages(0)
    assert "activate" not in quill.kinds()  # Nora Quill has no ability


def test_MYD_I01_vales_lucid_dream_draws_two_only_in_the_dreamlands() -> None:
    """Edmund Vale: Lucid Dream - turn, once a round, in the Dreamlands: draw 2 cards."""
    sc = build(investigators=("Vale / Ashcombe", "Whitcomb / Harlan"), story=(["Ulthar Market Square"], []),
               decks=(DRAWS, []))
    inv = sc.id("Vale / Ashcombe")
    assert (sc.st.sanity(0), sc.st.max_sanity(0)) == (9, 13) and "Zoogish" in sc.st.languages(0)
    sc.act("activate", ability=0, card=inv)
    assert _hand(sc) == ["Nightfall", "Dead Calm"] and sc.st.vars["active"] == 1
    awake = build(investigators=("Vale / Ashcombe", "Whitcomb / Harlan"), story=(["Arkham Rail Depot"], []))
    assert awake.refuse("activate", ability=0, card=awake.id("Vale / Ashcombe")).rule == "MY-12.2"


def test_MYD_I01_ashcombes_old_grudge_takes_the_turn_and_two_sanity_once_a_round() -> None:
    """Lirien Ashcombe (dreamlands set version 2: 12 of 15 Sanity, was 14 of 17): Old Grudge - turn, lose 2
    Sanity, once a round: each opponent loses 1 (MY-5.6c: it is the player's turn; a second use in the round
    is refused, MY-5.7)."""
    sc = build(players=3, investigators=("Vale / Ashcombe", "Whitcomb / Harlan", "Pell / Quill"), sides=(1, 0, 0))
    st = sc.st
    assert (st.sanity(0), st.max_sanity(0)) == (12, 15)
    sc.act("activate", ability=0, card=sc.id("Vale / Ashcombe"))
    assert [st.sanity(p) for p in range(3)] == [10, 9, 10] and st.vars["active"] == 1  # the turn is used
    two = build(investigators=("Vale / Ashcombe", "Whitcomb / Harlan"), sides=(1, 0))
    inv = two.id("Vale / Ashcombe")
    two.act("activate", ability=0, card=inv)
    two.act("pass")
    assert two.st.vars["active"] == 0 and two.refuse("activate", ability=0, card=inv).rule == "MY-5.7"
    assert [two.st.sanity(p) for p in range(2)] == [10, 9]


def test_MYN_I01_okafors_run_the_numbers_draws_and_gains_once_a_round() -> None:
    """Dr. Ada Okafor: Run the Numbers - turn, once a round: draw 1 card and gain 1 Sanity."""
    sc = build(investigators=("Okafor / Lindqvist", "Whitcomb / Harlan"), decks=(DRAWS, []), sanity=(9, 10))
    st = sc.st
    assert st.max_sanity(0) == 12 and "Machine Cant" in st.languages(0)
    sc.act("activate", ability=0, card=sc.id("Okafor / Lindqvist"))
    assert st.sanity(0) == 10 and _hand(sc) == ["Nightfall"] and st.vars["active"] == 1
    sc.act("pass")
    assert sc.refuse("activate", ability=0, card=sc.id("Okafor / Lindqvist")).rule == "MY-5.7"


def test_MYN_I01_lindqvists_hold_the_line_keeps_attackers_off_this_round() -> None:
    """Sgt. Rune Lindqvist: Hold the Line - turn, once a round: nobody can attack you this round."""
    sc = build(investigators=("Okafor / Lindqvist", "Whitcomb / Harlan"), sides=(1, 0))
    st = sc.st
    assert (st.sanity(0), st.max_sanity(0)) == (15, 18)
    sc.act("activate", ability=0, card=sc.id("Okafor / Lindqvist"))
    assert lasting_total(st, "cannot_be_attacked", "p0") > 0 and lasting_total(st, "cannot_be_attacked", "p1") == 0


# ---- locations with arrival effects (MY-6.3.8, MY-12.1 on_arrive) ------------------------------------------------


def test_MYD_L01_ulthar_cat_temple_gains_one_sanity_when_it_becomes_current() -> None:
    sc = build(hands=(["Ulthar Cat Temple"], []), story=(["Ulthar Market Square"], []), sanity=(10, 11))
    sc.act("play", card=sc.id("Ulthar Cat Temple"))  # City to City: upright at once (MY-6.3.7)
    assert sc.st.current_location(0) == sc.id("Ulthar Cat Temple") and sc.st.sanity(0) == 11


def test_MYD_L08_plateau_monastery_costs_three_and_each_opponent_loses_one_on_arrival() -> None:
    sc = build(players=3, hands=(["Plateau Monastery of Leng"], [], []), sanity=(10, 11, 12))
    sc.act("play", card=sc.id("Plateau Monastery of Leng"))  # the first location may be anywhere (MY-6.3.4)
    assert [sc.st.sanity(p) for p in range(3)] == [7, 10, 11]


def test_MYN_L02_arcology_data_vault_draws_one_when_it_becomes_current() -> None:
    sc = build(hands=(["Arcology Data Vault"], []), decks=(DRAWS, []))
    sc.act("play", card=sc.id("Arcology Data Vault"))
    assert _hand(sc) == ["Nightfall"] and sc.st.position(0)[0] == "NewAeon"


# ---- allies with abilities (MY-12.2) -----------------------------------------------------------------------------


def test_MYC_A04_antiquarian_scholar_consults_as_a_turn_to_draw_one() -> None:
    sc = build(allies=(["Antiquarian Scholar"], []), decks=(DRAWS, []))
    sc.act("activate", ability=0, card=sc.id("Antiquarian Scholar"))
    assert _hand(sc) == ["Nightfall"] and sc.st.vars["active"] == 1


def test_MYD_A02_zoog_scout_is_exhausted_to_draw_one_as_a_free_action() -> None:
    sc = build(hands=(["Zoog Scout"], []), story=(["Skai River Ford"], []), decks=(DRAWS, []))
    scout = sc.id("Zoog Scout")
    sc.act("play", card=scout)  # a Dreamlands Forest
    sc.act("pass")
    sc.act("activate", ability=0, card=scout)
    assert _hand(sc) == ["Nightfall"] and sc.st.face_down(scout) and sc.st.vars["active"] == 0


def test_MYD_A05_ghoul_guide_is_buried_and_each_opponent_loses_one() -> None:
    sc = build(allies=(["Ghoul Guide"], []), story=(["Vaults of Zin"], []), sanity=(10, 11))
    sc.act("activate", ability=0, card=sc.id("Ghoul Guide"))
    assert sc.st.sanity(1) == 10 and sc.titles("ally:0") == [] and sc.titles("story:0")[0] == "Ghoul Guide"


def test_MYN_A01_arcology_archivist_cross_references_for_a_turn_and_one_sanity() -> None:
    sc = build(allies=(["Arcology Archivist"], []), decks=(DRAWS, []), sanity=(10, 11))
    sc.act("activate", ability=0, card=sc.id("Arcology Archivist"))
    assert _hand(sc) == ["Nightfall", "Dead Calm"] and sc.st.sanity(0) == 9 and sc.st.vars["active"] == 1


def test_MYN_A07_cult_netrunner_is_discarded_each_opponent_loses_one_and_you_draw() -> None:
    sc = build(allies=(["Cult Netrunner"], []), decks=(DRAWS, []), sanity=(10, 11))
    sc.act("activate", ability=0, card=sc.id("Cult Netrunner"))
    assert sc.st.sanity(1) == 10 and _hand(sc) == ["Nightfall"] and sc.titles("discard:0") == ["Cult Netrunner"]


# ---- artifacts (MY-6.5.3) --------------------------------------------------------------------------------------------


def test_MYC_R01_star_stone_amulet_gains_one_on_entry_and_two_when_broken() -> None:
    sc = build(hands=(["Star-Stone Amulet"], []), story=(["Kingsport Curio Shop"], []), sanity=(10, 11))
    sc.act("play", card=sc.id("Star-Stone Amulet"))
    assert sc.st.sanity(0) == 11
    sc.act("pass")
    sc.act("activate", ability=0, card=sc.id("Star-Stone Amulet"))
    assert sc.st.sanity(0) == 13 and sc.titles("story:0")[0] == "Star-Stone Amulet"


def test_MYD_R01_moonstone_key_draws_one_as_it_enters_play() -> None:
    sc = build(hands=(["Moonstone Key"], []), story=(["Ulthar Market Square"], []), decks=(DRAWS, []))
    sc.act("play", card=sc.id("Moonstone Key"))  # an Artifact location
    assert sc.titles("item:0") == ["Moonstone Key"] and _hand(sc) == ["Nightfall"]


def test_MYN_R01_elder_sign_projector_is_exhausted_so_nobody_can_attack_you() -> None:
    sc = build(items=(["Elder Sign Projector"], []))
    proj = sc.id("Elder Sign Projector")
    sc.act("activate", ability=0, card=proj)
    st = sc.st
    assert lasting_total(st, "cannot_be_attacked", "p0") > 0 and st.face_down(proj) and st.vars["active"] == 1


# ---- spells, cast by the investigator from an independent tome (MY-6.12.5) -----------------------------------------


def _lost(st: Any) -> list[int]:
    """The seats whose turns were lost (MY-5.8) so far."""
    return [e.data["player"] for e in st.events if e.kind == "lost_turn"]


def _cast(tome: str, spell: str, players: int = 2, **kw: Any) -> Scenario:
    items = [[tome, A(spell, tome)]] + [[] for _ in range(players - 1)]
    sc = build(players=players, items=items, **kw)
    sc.act("cast", card=sc.id(spell))
    return sc


def test_MYC_S01_elder_ward_gains_two() -> None:
    sc = _cast("Cultes des Goules", "Elder Ward", sanity=(10, 11))
    assert sc.st.sanity(0) == 12


def test_MYC_S02_call_forth_the_hungry_each_opponent_loses_two() -> None:
    sc = _cast("Book of Eibon", "Call Forth the Hungry", players=3, sanity=(10, 11, 12))
    assert [sc.st.sanity(p) for p in range(3)] == [9, 9, 10]


def test_MYC_S03_voorish_sight_draws_two() -> None:
    sc = _cast("Aklo Tablets", "Voorish Sight", decks=(DRAWS, []), sanity=(10, 11))
    assert _hand(sc) == ["Nightfall", "Dead Calm"] and sc.st.sanity(0) == 9


def test_MYD_S01_dream_walk_gains_one_and_draws_one() -> None:
    sc = _cast("Scroll of the Lantern-Bearers", "Dream Walk", decks=(DRAWS, []), sanity=(10, 11))
    assert sc.st.sanity(0) == 11 and _hand(sc) == ["Nightfall"]


def test_MYD_S02_wake_them_screaming_each_opponent_loses_a_turn() -> None:
    sc = _cast("Seven Cryptical Books of Hsan", "Wake Them Screaming", players=3, sanity=(10, 11, 12))
    st = sc.st
    assert _lost(st) == [1, 2] and st.vars["active"] == 0 and st.sanity(0) == 9


def test_MYD_S03_sign_of_the_silver_gate_prevents_all_attack_damage_this_round() -> None:
    sc = _cast("Bark-Book of the Zoogs", "Sign of the Silver Gate")
    st = sc.st
    assert lasting_total(st, "prevent_damage", "p0") >= 10 ** 6 and lasting_total(st, "prevent_damage", "p1") == 0


def test_MYN_S01_firewall_of_glyphs_prevents_the_next_three_damage() -> None:
    sc = _cast("Lunar Survey Logs", "Firewall of Glyphs")
    assert lasting_total(sc.st, "prevent_damage", "p0") == 3


def test_MYN_S02_summon_the_signal_eater_each_opponent_loses_three() -> None:
    sc = _cast("Corrupted Codex Archive", "Summon the Signal-Eater", sanity=(10, 11))
    assert (sc.st.sanity(0), sc.st.sanity(1)) == (8, 8)


def test_MYN_S03_predictive_trance_draws_three() -> None:
    sc = _cast("Corrupted Codex Archive", "Predictive Trance", decks=(DRAWS, []), sanity=(10, 11))
    assert _hand(sc) == ["Nightfall", "Dead Calm", "Ghoul"] and sc.st.sanity(0) == 8


# ---- gods (MY-6.9.2, MY-6.9.4) -------------------------------------------------------------------------------


def test_MYC_G01_father_dagon_rising_each_opponent_loses_three() -> None:
    sc = build(hands=(["Father Dagon Rising"], []), story=(["Innsmouth Wharf"], []),
               threat=(["Deep One", "Drowned One"], []), sanity=(10, 11))
    sc.act("play", card=sc.id("Father Dagon Rising"))  # the Drowned One is a Deep One
    assert sc.titles("god:0") == ["Father Dagon Rising"] and sc.st.sanity(1) == 8


def test_MYC_G02_the_crawling_messenger_each_opponent_loses_two_and_you_draw() -> None:
    sc = build(hands=(["The Crawling Messenger"], []), story=(["Sentinel Hill Stones"], []),
               allies=(["Surly Gravedigger"], []), decks=(DRAWS, []), sanity=(10, 11))
    sc.act("play", card=sc.id("The Crawling Messenger"))
    assert sc.st.sanity(1) == 9 and _hand(sc) == ["Nightfall"]


def test_MYD_G01_the_piper_at_the_centre_needs_two_monsters_and_an_isolated_place() -> None:
    sc = build(hands=(["The Piper at the Centre"], []), story=(["Slopes of Hatheg-Kla"], []),
               threat=(["Ghast", "Gug"], []), sanity=(10, 11))
    sc.act("play", card=sc.id("The Piper at the Centre"))
    st = sc.st
    assert st.sanity(1) == 9 and st.max_sanity(1) == 13 and st.max_sanity(0) == 15
    short = build(hands=(["The Piper at the Centre"], []), story=(["Slopes of Hatheg-Kla"], []), threat=(["Ghast"], []))
    assert short.refuse("play", card=short.id("The Piper at the Centre")).rule == "MY-6.9.2"


def test_MYD_G02_tsathoggua_stirs_each_opponent_loses_two_and_you_gain_one() -> None:
    sc = build(hands=(["Tsathoggua Stirs"], []), story=(["Vaults of Zin"], []), allies=(["Ghoul Guide"], []),
               sanity=(10, 11))
    sc.act("play", card=sc.id("Tsathoggua Stirs"))
    assert (sc.st.sanity(0), sc.st.sanity(1)) == (11, 9)


def test_MYN_G01_the_black_pharaohs_broadcast_each_opponent_loses_two_and_a_turn() -> None:
    sc = build(hands=(["The Black Pharaoh's Broadcast"], []), story=(["Arcology Spire Plaza"], []),
               allies=(["Undercity Fixer", "Cult Netrunner"], []), sanity=(10, 11))
    sc.act("play", card=sc.id("The Black Pharaoh's Broadcast"))
    assert sc.st.sanity(1) == 9 and _lost(sc.st) == [1] and sc.st.vars["active"] == 0


def test_MYN_G02_ithaqua_on_the_lunar_wind_needs_a_mi_go_and_each_opponent_loses_three() -> None:
    sc = build(hands=(["Ithaqua on the Lunar Wind"], []), story=(["Far Side Listening Post"], []),
               threat=(["Mi-Go Surveyor"], []), sanity=(10, 11))
    sc.act("play", card=sc.id("Ithaqua on the Lunar Wind"))
    assert sc.st.sanity(1) == 8
    other = build(hands=(["Ithaqua on the Lunar Wind"], []), story=(["Far Side Listening Post"], []),
                  threat=(["Ghoul"], []))
    assert other.refuse("play", card=other.id("Ithaqua on the Lunar Wind")).rule == "MY-6.9.2"


# ---- events (MY-6.10) ------------------------------------------------------------------------------------------


def _event(title: str, players: int = 2, **kw: Any) -> Scenario:
    sc = build(players=players, hands=[[title]] + [[] for _ in range(players - 1)], **kw)
    sc.act("play", card=sc.id(title))
    return sc


def test_MYC_E02_dawn_breaks_makes_it_day_and_gains_one() -> None:
    sc = _event("Dawn Breaks", time="Night", sanity=(10, 11))
    assert sc.st.vars["time"] == "Day" and sc.st.sanity(0) == 11


def test_MYC_E03_unspeakable_vision_each_opponent_loses_two() -> None:
    sc = _event("Unspeakable Vision", sanity=(10, 11))
    assert (sc.st.sanity(0), sc.st.sanity(1)) == (9, 9)


def test_MYC_E04_restful_sleep_gains_two() -> None:
    sc = _event("Restful Sleep", sanity=(10, 11))
    assert sc.st.sanity(0) == 12


def test_MYC_E05_lost_in_the_fog_each_opponent_loses_a_turn() -> None:
    sc = _event("Lost in the Fog")
    assert _lost(sc.st) == [1] and sc.st.vars["active"] == 0


def test_MYC_E06_sudden_squall_ends_card_play() -> None:
    sc = _event("Sudden Squall")
    assert "card_play_ended" in [e.kind for e in sc.st.events]


def test_MYC_E08_glimpse_beyond_the_veil_lowers_each_opponents_maximum_by_two() -> None:
    sc = _event("Glimpse Beyond the Veil", sanity=(10, 14))
    assert sc.st.max_sanity(1) == 12 and sc.st.sanity(1) == 12 and sc.st.sanity(0) == 9


def test_MYC_E09_sheltering_circle_prevents_the_next_three_damage() -> None:
    sc = _event("Sheltering Circle")
    assert lasting_total(sc.st, "prevent_damage", "p0") == 3


def test_MYC_E10_barred_doors_nobody_can_attack_you_this_round() -> None:
    sc = _event("Barred Doors")
    assert lasting_total(sc.st, "cannot_be_attacked", "p0") > 0


def test_MYC_E11_dead_calm_skips_this_rounds_battle() -> None:
    sc = _event("Dead Calm")
    assert lasting_total(sc.st, "skip_battle", "game") > 0


def test_MYC_E12_withering_dread_no_opponent_gains_sanity_this_round() -> None:
    sc = _event("Withering Dread", sanity=(10, 11))
    assert lasting_total(sc.st, "prevent_sanity_gain", "p1") > 0
    assert lasting_total(sc.st, "prevent_sanity_gain", "p0") == 0


def test_MYC_E13_thwarted_plans_discards_an_ally_an_opponent_just_played() -> None:
    sc = build(hands=(["Thwarted Plans"], ["Dockside Sailor"]), story=([], ["Innsmouth Wharf"]), active=1)
    sc.act("play", card=sc.id("Dockside Sailor"))
    sc.act("play", card=sc.id("Thwarted Plans"), target=sc.id("Dockside Sailor"))
    assert sc.titles("ally:1") == [] and sc.titles("discard:1") == ["Dockside Sailor"]


def test_MYC_E14_lost_bearings_discards_a_location_an_opponent_just_played() -> None:
    sc = build(hands=(["Lost Bearings"], ["Kingsport Curio Shop"]), story=([], ["Arkham Rail Depot"]), active=1)
    sc.act("play", card=sc.id("Kingsport Curio Shop"))
    sc.act("play", card=sc.id("Lost Bearings"), target=sc.id("Kingsport Curio Shop"))
    assert sc.titles("discard:1") == ["Kingsport Curio Shop"] and sc.titles("story:1") == ["Arkham Rail Depot"]


def test_MYD_E01_dream_quest_omen_draws_one_and_gains_one() -> None:
    sc = _event("Dream-Quest Omen", decks=(DRAWS, []), sanity=(10, 11))
    assert _hand(sc) == ["Nightfall"] and sc.st.sanity(0) == 11


def test_MYD_E02_cats_vigil_prevents_the_next_two_damage() -> None:
    sc = _event("Cats' Vigil")
    assert lasting_total(sc.st, "prevent_damage", "p0") == 2


def test_MYD_E03_sweet_slumber_raises_your_maximum_by_two_and_gains_two() -> None:
    sc = _event("Sweet Slumber", sanity=(15, 11))
    assert sc.st.max_sanity(0) == 17 and sc.st.sanity(0) == 17


def test_MYD_E04_sleep_paralysis_costs_one_and_each_opponent_loses_a_turn() -> None:
    sc = _event("Sleep Paralysis", players=3, sanity=(10, 11, 12))
    assert _lost(sc.st) == [1, 2] and sc.st.sanity(0) == 9


def test_MYD_E05_whispers_of_the_zoogs_buries_a_travel_event_an_opponent_just_played() -> None:
    sc = build(hands=(["Whispers of the Zoogs", "Thwarted Plans"], ["Steamer Passage"]),
               story=([], ["Innsmouth Wharf"]), active=1)
    passage = sc.id("Steamer Passage")
    sc.act("play", card=passage)
    assert sc.refuse("play", card=sc.id("Thwarted Plans"), target=passage).rule == "MY-5.10"  # an ally only
    sc.act("play", card=sc.id("Whispers of the Zoogs"), target=passage)
    st = sc.st
    assert sc.titles("story:1") == ["Steamer Passage", "Innsmouth Wharf"]  # buried at the bottom
    assert st.current_location(1) == sc.id("Innsmouth Wharf")  # MY-6.3.14


def test_MYD_E06_shantak_shriek_each_player_loses_one() -> None:
    sc = _event("Shantak Shriek", players=3, sanity=(10, 11, 12))
    assert [sc.st.sanity(p) for p in range(3)] == [9, 10, 11]


def test_MYN_E01_system_reboot_costs_one_and_draws_three() -> None:
    sc = _event("System Reboot", decks=(DRAWS, []), sanity=(10, 11))
    assert _hand(sc) == ["Nightfall", "Dead Calm", "Ghoul"] and sc.st.sanity(0) == 9


def test_MYN_E02_static_storm_each_opponent_loses_one_and_card_play_ends() -> None:
    sc = _event("Static Storm", sanity=(10, 11))
    st = sc.st
    assert st.sanity(1) == 10 and "card_play_ended" in [e.kind for e in st.events]


def test_MYN_E03_counter_intrusion_discards_an_artifact_an_opponent_just_played() -> None:
    sc = build(hands=(["Counter-Intrusion"], ["Tarnished Compass"]), active=1)
    sc.act("play", card=sc.id("Tarnished Compass"))
    sc.act("play", card=sc.id("Counter-Intrusion"), target=sc.id("Tarnished Compass"))
    assert sc.titles("item:1") == [] and sc.titles("discard:1") == ["Tarnished Compass"]


def test_MYN_E04_neon_dawn_makes_it_day_and_draws_one() -> None:
    sc = _event("Neon Dawn", time="Night", decks=(DRAWS, []), events=(["Nightfall"], []))
    st = sc.st
    assert st.vars["time"] == "Day" and _hand(sc) == ["Nightfall"] and sc.titles("event:0") == ["Neon Dawn"]


def test_MYN_E05_grid_blackout_makes_it_night_and_each_opponent_loses_one() -> None:
    sc = _event("Grid Blackout", sanity=(10, 11))
    st = sc.st
    assert st.vars["time"] == "Night" and (st.sanity(0), st.sanity(1)) == (9, 10)


def test_MYD_I02_reyes_last_rites_gains_one_at_a_cemetery_once_a_round() -> None:
    """Fr. Tomas Reyes: Last Rites - turn, once a round, at a Cemetery: gain 1 Sanity (dreamlands version 3;
    version 2 gained 2, and strong bots won 31 of 32 games with his deck, docs/balance)."""
    sc = build(investigators=("Reyes / Marsh", "Whitcomb / Harlan"), story=(["Old Hill Burying Ground"], []),
               sanity=(10, 11))
    inv = sc.id("Reyes / Marsh")
    assert sc.st.max_sanity(0) == 14 and "Spanish" in sc.st.languages(0)
    sc.act("activate", ability=0, card=inv)
    assert sc.st.sanity(0) == 11 and sc.st.vars["active"] == 1
    sc.act("pass")
    assert sc.refuse("activate", ability=0, card=inv).rule == "MY-5.7"
    away = build(investigators=("Reyes / Marsh", "Whitcomb / Harlan"), story=(["Arkham Rail Depot"], []))
    assert away.refuse("activate", ability=0, card=away.id("Reyes / Marsh")).rule == "MY-12.2"


def test_MYD_I02_marshs_salt_blood_is_a_battle_use_that_prevents_two_damage() -> None:
    """Ivy Marsh: Salt Blood - lose 1 Sanity, in battle: prevent the next 2 attack damage this round (MY-9.2)."""
    sc = build(investigators=("Reyes / Marsh", "Whitcomb / Harlan"), sides=(1, 0), sanity=(10, 11))
    assert sc.st.max_sanity(0) == 19 and "activate" not in sc.kinds()  # battle timing only (MY-12.7)
    fight = build(investigators=("Reyes / Marsh", "Whitcomb / Harlan"), sides=(1, 0), sanity=(10, 11), at="battle",
                  items=([], ["Star-Stone Amulet"]))  # seat 1 still has a use: the step goes on
    d = fight.st.decision
    assert d is not None and d.kind == "battle_use"
    fight.act("activate", ability=0, card=fight.id("Reyes / Marsh"))
    assert fight.st.sanity(0) == 9 and lasting_total(fight.st, "prevent_damage", "p0") == 2
