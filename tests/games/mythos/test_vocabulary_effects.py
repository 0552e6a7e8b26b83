"""The Mythos effect vocabulary beyond the first pool: MY-12.3 selectors, MY-12.4 count and die conditions,
and the MY-12.5 primitives of ``primitives.py``, each on a card of ``cards/vocabulary_effects.yaml``.

Each test builds the exact situation (``games/mythos/testing.build``), plays the card, answers the
questions it asks (ordinary decisions with enumerated options) and asserts what changed, citing the rule
of the thing it changes. Refusals name their rule and leave the state as it was; a hidden pick (a
searched deck, a looked-at hand) never shows in the public stack, the log or another seat's view.
"""

from __future__ import annotations

import pytest

from cardtable.core import Action, IllegalActionError
from cardtable.engine import FACE_DOWN
from cardtable.games.mythos.catalog import load_pool
from cardtable.games.mythos.schema import CardSet
from cardtable.games.mythos.testing import FILLER, A, S, Scenario, build

WHARF = "Innsmouth Wharf"  # Water, City, gate
DEPOT = "Arkham Rail Depot"  # City, Artifact


def play(sc: Scenario, title: str, **params: object) -> None:
    sc.act("play", card=sc.id(title), **params)


def decision(sc: Scenario) -> tuple[int, str]:
    d = sc.st.decision
    assert d is not None
    return d.player, d.kind


def public_ids(sc: Scenario) -> str:
    """Everything seat 1 may see of the frames and the log, as text (for leak checks)."""
    st = sc.st
    return repr([f.args for f in st.stack]) + repr(st.log(1)) + repr(st.view(1)["zones"])


# ---- SEARCH (MY-12.5 Cards; MY-3.1 deck hidden, MY-7.6a) ------------------------------------------------------


def test_MYV_E01_search_takes_a_tome_from_the_deck_and_shows_it_my_12_5() -> None:
    """Rummage the Archive (MY-12.5 SEARCH, filter type tome, reveal): only tomes are offered; the one taken
    goes to hand, shown to all, and the deck is shuffled."""
    sc = build(hands=(["Rummage the Archive"], []), decks=([FILLER] * 4 + ["Book of Eibon"] + [FILLER] * 3, []))
    play(sc, "Rummage the Archive")
    assert decision(sc) == (0, "effect_search")
    book = sc.id("Book of Eibon", "deck:0")
    picks = [o.get("card") for o in sc.st.legal_actions() if o.kind == "pick"]
    assert picks == [book] and "done" in sc.kinds()
    sc.act("pick", card=book)
    assert sc.st.table.zone_name(book) == "hand:0"
    assert sc.st.table.face_visible(book, 1)  # revealed
    assert any(e["kind"] == "searched" and e["cards"] == [book] for e in sc.st.log(1))
    assert decision(sc) == (1, "turn")  # the play was seat 0's turn (MY-5.4)
    assert len(sc.zone("deck:0")) == 7


def test_MYV_E02_a_hidden_search_shows_nothing_to_the_other_seat_my_3_1() -> None:
    """Secret Errand (SEARCH up to 2, without reveal): while seat 0 searches, the stack, seat 1's log and view
    name no card of the deck and the picks so far sit in seat 0's secrets; resampling what seat 1 cannot
    see leaves its view unchanged (D-CT-15); afterwards seat 1 learns only that one card was taken."""
    sc = build(hands=(["Secret Errand"], []), decks=(["Shoggoth", "Ghoul", FILLER, "Deep One"], []))
    deck = sc.zone("deck:0")
    play(sc, "Secret Errand")
    assert decision(sc) == (0, "effect_search")
    st = sc.st
    assert sorted(o.get("card") for o in st.legal_actions() if o.kind == "pick") == sorted(deck)
    frame = st.stack[-1]
    assert frame.op == "my.effect" and set(frame.args) == {"player", "queue", "batch", "origin", "target", "stage",
                                                           "k", "spell"}
    assert {frame["origin"], frame["target"], frame["spell"]}.isdisjoint(deck)  # the public stack names no deck card
    st.apply(Action(0, "pick", (("card", sc.id("Shoggoth", "deck:0")),)))  # a first pick: kept in seat 0's secrets
    assert st.secrets.get(0) and st.view(1)["secrets"] == [] and st.view(1)["decision"] is None
    for k in range(4):
        assert st.determinize(1, seed=k).view(1) == st.view(1)
    for k in range(4):
        assert st.determinize(1, seed=k).view(1) == st.view(1)  # the pick so far is not in seat 1's world
    assert [o for o in st.legal_actions() if o.get("card") == sc.id("Shoggoth", "deck:0")] == []
    st.apply(Action(0, "done"))
    ghoul = sc.id("Shoggoth", "deck:0")
    assert st.table.zone_name(ghoul) == "hand:0"
    text = public_ids(sc)
    assert not st.table.face_visible(ghoul, 1) and str(ghoul) not in st.view(1)["cards"]
    mine = [e for e in st.log(1) if e["kind"] == "searched"]
    assert mine and "cards" not in mine[0] and mine[0]["n"] == 1, text
    for k in range(4):
        assert st.determinize(1, seed=k).view(1) == st.view(1)


def test_MYV_E03_search_to_deck_top_puts_the_card_on_top_after_the_shuffle_my_12_5() -> None:
    """Stacked Omens (SEARCH, dest deck_top): the chosen card is the next one drawn, known to its owner only."""
    sc = build(hands=(["Stacked Omens"], []), decks=([FILLER] * 5 + ["Shoggoth"], []))
    play(sc, "Stacked Omens")
    shog = sc.id("Shoggoth", "deck:0")
    sc.act("pick", card=shog)
    assert sc.zone("deck:0")[-1] == shog
    assert sc.st.table.face_visible(shog, 0) and not sc.st.table.face_visible(shog, 1)


def test_search_of_an_empty_deck_offers_only_done_and_costs_nothing_my_7_6a() -> None:
    """MY-7.6a: a search of an empty deck finds nothing; no reshuffle, no Sanity lost."""
    sc = build(hands=(["Secret Errand"], []), decks=([], []), discard=([FILLER], []))
    before = sc.st.sanity(0)
    play(sc, "Secret Errand")
    assert sc.kinds() == {"done"}
    sc.act("done")
    assert sc.st.sanity(0) == before and sc.titles("discard:0") == [FILLER] and sc.zone("deck:0") == []


def test_a_search_refuses_a_card_outside_its_filter_my_12_5() -> None:
    """Refusal: Rummage the Archive offers tomes only; picking another deck card names MY-12.5, state unchanged."""
    sc = build(hands=(["Rummage the Archive"], []), decks=([FILLER, "Book of Eibon"], []))
    play(sc, "Rummage the Archive")
    err = sc.refuse("pick", card=sc.id(FILLER, "deck:0"))
    assert err.rule == "MY-12.5"
    before = sc.st.to_dict()
    with pytest.raises(IllegalActionError) as info:  # a seat that is not asked is refused too
        sc.st.apply(Action(1, "done"))
    assert info.value.rule == "MY-12.5" and sc.st.to_dict() == before


# ---- LOOK_AT, REVEAL -------------------------------------------------------------------------------------


def test_MYV_E04_look_at_the_top_of_the_own_deck_only_the_looker_learns_it_my_12_5() -> None:
    """Scrying Glance (LOOK_AT deck 3): the top three become known to seat 0 only (MY-3.1); the deck order
    stays; seat 1's view is unchanged by resampling."""
    sc = build(hands=(["Scrying Glance"], []), decks=(["Shoggoth", "Ghoul", "Deep One", FILLER, FILLER], []))
    top = sc.zone("deck:0")[-3:]
    play(sc, "Scrying Glance")
    t = sc.st.table
    assert all(t.face_visible(i, 0) and not t.face_visible(i, 1) for i in top)
    assert sc.zone("deck:0")[-3:] == top
    seen = sc.st.view(0)["zones"]["deck:0"]
    assert seen[-3:] == top and seen[:2] == [None, None]
    assert all(x is None for x in sc.st.view(1)["zones"]["deck:0"])
    assert [e for e in sc.st.log(1) if e["kind"] == "looked_at"][0]["n"] == 3
    for k in range(3):
        assert sc.st.determinize(1, seed=k).view(1) == sc.st.view(1)


def test_MYV_E05_look_at_an_opponents_hand_my_12_5() -> None:
    """Pilfered Letter (LOOK_AT each opponent's hand): seat 0 learns seat 1's hand; a third seat does not."""
    sc = build(players=3, hands=(["Pilfered Letter"], ["Shoggoth", "Ghoul"], ["Deep One"]))
    play(sc, "Pilfered Letter")
    t = sc.st.table
    for i in sc.zone("hand:1") + sc.zone("hand:2"):
        assert t.face_visible(i, 0)
    assert not any(t.face_visible(i, 2) for i in sc.zone("hand:1"))


def test_MYV_E06_reveal_shows_the_matching_hand_cards_to_all_my_12_5() -> None:
    """Show of Faith (REVEAL each opponent's monsters in hand): the monster is public, the other card is not."""
    sc = build(hands=(["Show of Faith"], ["Shoggoth", FILLER]))
    play(sc, "Show of Faith")
    t = sc.st.table
    assert t.face_visible(sc.id("Shoggoth"), 0) and not t.face_visible(sc.id(FILLER, "hand:1"), 0)
    assert any(e["kind"] == "revealed" and e["cards"] == [sc.id("Shoggoth")] for e in sc.st.log(0))


# ---- PLAY_EXTRA, GRANT_TRAVEL, COUNT_AS_LOCATION, GRANT_GATE ------------------------------------------------


def test_MYV_E07_play_extra_plays_an_ally_without_using_a_turn_my_12_5() -> None:
    """Hurried Preparations (PLAY_EXTRA ally): the Dockside Sailor (needs Water, MY-6.4.2) is offered and
    played at once; then the turn passes once (one turn, MY-5.4)."""
    sc = build(hands=(["Hurried Preparations", "Dockside Sailor", "Police Detective"], []), story=([WHARF], []))
    play(sc, "Hurried Preparations")
    assert decision(sc) == (0, "play_extra")
    offered = {o.get("card") for o in sc.st.legal_actions() if o.kind == "play"}
    assert offered == {sc.id("Dockside Sailor"), sc.id("Police Detective")}
    sc.act("play", card=sc.id("Dockside Sailor"))
    assert sc.titles("ally:0") == ["Dockside Sailor"]
    assert decision(sc) == (1, "turn") and "Police Detective" in sc.titles("hand:0")


def test_play_extra_refuses_a_card_of_another_kind_my_12_5() -> None:
    """Refusal: PLAY_EXTRA for an ally refuses an event (MY-12.5), the state unchanged; done ends it."""
    sc = build(hands=(["Hurried Preparations", "Scrying Glance"], []), story=([WHARF], []))
    play(sc, "Hurried Preparations")
    assert sc.refuse("play", card=sc.id("Scrying Glance")).rule == "MY-12.5"
    sc.act("done")
    assert decision(sc) == (1, "turn")


def test_MYV_E08_grant_travel_places_an_isolated_location_upright_my_6_11_3() -> None:
    """Chartered Seaplane (GRANT_TRAVEL): from the Rail Depot (no Water) Devil Reef (Isolated, MY-6.3.10) is
    placed upright as a travel destination (MY-6.11.3); the grant is then used up."""
    sc = build(hands=(["Chartered Seaplane", "Devil Reef", "Sunken Shoals of R'lyeh"], []), story=([DEPOT], []))
    assert (sc.id("Devil Reef"), None) not in sc.plays()  # MY-6.3.10 without the grant
    play(sc, "Chartered Seaplane")
    sc.act("pass")  # seat 1
    play(sc, "Devil Reef")
    reef = sc.id("Devil Reef")
    assert sc.st.story_top(0) == reef and not sc.st.crosswise(reef) and sc.st.current_location(0) == reef
    assert (sc.id("Sunken Shoals of R'lyeh"), None) not in sc.plays()  # used up: another region, by walking no


def test_MYV_E09_count_as_location_makes_a_travel_event_a_location_my_6_11_4() -> None:
    """Makeshift Camp (COUNT_AS_LOCATION Water, Forest): a Travel Event on top is the current location with
    those features (MY-6.3.2, MY-6.11.4), so the Dockside Sailor (Water) may be played."""
    sc = build(hands=(["Makeshift Camp", "Dockside Sailor"], []), story=([DEPOT, "Steamer Passage"], []))
    assert sc.st.in_transit(0)
    play(sc, "Makeshift Camp")
    assert sc.st.current_location(0) == sc.id("Steamer Passage")
    assert {"Water", "Forest"} <= sc.st.features(0)
    sc.act("pass")
    assert (sc.id("Dockside Sailor"), None) in sc.plays()


def test_MYV_E10_grant_gate_lets_a_monster_in_without_a_gate_once_my_6_8_1() -> None:
    """Torn Veil (GRANT_GATE): at the Rail Depot (no gate, MY-6.8.1) a Monster may be played; that play uses
    the grant, so a second Monster is refused (MY-6.8.1)."""
    sc = build(hands=(["Torn Veil", "Ghoul", "Byakhee"], []), story=([DEPOT], []))
    assert sc.refuse("play", card=sc.id("Ghoul")).rule == "MY-6.8.1"
    play(sc, "Torn Veil")
    sc.act("pass")
    play(sc, "Ghoul")
    assert sc.st.table.zone_name(sc.id("Ghoul", "hand:0")) == "threat:0"
    sc.act("pass")
    assert sc.refuse("play", card=sc.id("Byakhee")).rule == "MY-6.8.1"
    assert not sc.st.inverted(sc.id(DEPOT))


# ---- keywords in battle (MY-9.4, MY-9.5) -----------------------------------------------------------------------


def to_battle(sc: Scenario) -> None:
    """Pass until the attack declaration (MY-5.9, MY-9.2)."""
    while decision(sc)[1] == "turn":
        sc.act("pass")
    sc.pass_use_step()


def test_MYV_E11_granted_invisible_keeps_allies_from_blocking_my_6_8_5() -> None:
    """Shroud of Dusk (GRANT_KEYWORD Invisible on own Threat): the Byakhee attacks; the defender's Police
    Detective (no Enchanted Weapon) may not block it (MY-9.4), so 3 damage lands (MY-9.6)."""
    sc = build(hands=(["Shroud of Dusk"], []), threat=(["Byakhee"], []), allies=([], ["Police Detective"]),
               sanity=(10, 10))
    play(sc, "Shroud of Dusk")
    to_battle(sc)
    sc.act("attack", defender=1)
    assert decision(sc)[1] != "block"
    assert sc.st.sanity(1) == 7


def test_MYV_E14_can_block_invisible_lets_an_ally_block_an_invisible_monster_my_9_4() -> None:
    """Witch-Sight (GRANT_KEYWORD CanBlockInvisible): the Star Vampire (Invisible) may be blocked by the
    defender's plain ally."""
    sc = build(hands=([], ["Witch-Sight"]), threat=(["Star Vampire"], []), allies=([], ["Police Detective"]),
               active=1)
    play(sc, "Witch-Sight")
    to_battle(sc)
    sc.act("attack", defender=1)
    assert decision(sc) == (1, "block")
    assert sc.id("Police Detective") in {o.get("card") for o in sc.st.legal_actions() if o.kind == "pick"}


def test_MYV_E12_cannot_block_removes_the_allies_from_the_blockers_my_9_4() -> None:
    """Paralysing Dread (GRANT_KEYWORD CannotBlock on the opponents' allies): only the Threat monster may block."""
    sc = build(hands=(["Paralysing Dread"], []), threat=(["Byakhee"], ["Ghoul"]), allies=([], ["Police Detective"]))
    play(sc, "Paralysing Dread")
    to_battle(sc)
    sc.act("attack", defender=1)
    assert decision(sc) == (1, "block")
    assert {o.get("card") for o in sc.st.legal_actions() if o.kind == "pick"} == {sc.id("Ghoul")}


def test_MYV_E13_cannot_attack_makes_the_attacker_decline_my_9_3() -> None:
    """Binding Sigil (GRANT_KEYWORD CannotAttack on the opponents' Threat): seat 1's only monster cannot
    attack, so seat 1 declines automatically (MY-9.3) and no attack is offered."""
    control = build(hands=([FILLER], []), threat=([], ["Byakhee"]), first=1, active=0)
    control.act("pass")
    control.act("pass")
    control.pass_use_step()
    assert decision(control) == (1, "declare_attack")
    sc = build(hands=(["Binding Sigil"], []), threat=([], ["Byakhee"]), first=1, active=0)
    play(sc, "Binding Sigil")
    sc.act("pass")
    sc.act("pass")
    sc.pass_use_step()
    assert sc.st.vars["round"] == 3 and decision(sc)[1] == "turn"  # battle over, no attack: the next round
    assert not any(e["kind"] == "attack" for e in sc.st.log(0))


def test_MYV_E15_unblockable_attackers_get_no_blockers_my_9_4() -> None:
    """Phantom Onslaught (GRANT_KEYWORD Unblockable on own Threat): the defender is not asked to block."""
    sc = build(hands=(["Phantom Onslaught"], []), threat=(["Ghoul"], ["Byakhee"]), allies=([], ["Police Detective"]),
               sanity=(10, 10))
    play(sc, "Phantom Onslaught")
    to_battle(sc)
    sc.act("attack", defender=1)
    assert sc.st.sanity(1) == 8


def test_MYV_E19_blank_blocker_absorbs_nothing_my_9_5() -> None:
    """Feint of Shadows (BLANK_BLOCKER on the opponents' cards): the Police Detective blocks the Byakhee but
    absorbs 0, so all 3 damage lands (MY-9.5) and the ally, having absorbed nothing, stays (MY-9.7)."""
    sc = build(hands=(["Feint of Shadows"], []), threat=(["Byakhee"], []), allies=([], ["Police Detective"]),
               sanity=(10, 10))
    play(sc, "Feint of Shadows")
    to_battle(sc)
    sc.act("attack", defender=1)
    sc.act("pick", card=sc.id("Police Detective"))  # the only blocker: the pick ends there
    assert sc.st.sanity(1) == 7 and sc.titles("ally:1") == ["Police Detective"]


# ---- mental state, language, hand sizes ---------------------------------------------------------------------


def test_MYV_E16_set_mental_state_makes_a_steadfast_ally_corrupt_for_adventures_my_6_4_8() -> None:
    """Whispered Temptation (SET_MENTAL_STATE Corrupt): a Steadfast Police Detective now matches a Corrupt
    filter (MY-6.13.1 slots read it) and a selector asking for Corrupt allies."""
    from cardtable.games.mythos.primitives import mental_state, selected
    from cardtable.games.mythos.requirements import assign
    from cardtable.games.mythos.schema import CardFilter, Selector, Slot

    sc = build(hands=(["Whispered Temptation"], []), allies=(["Police Detective"], []))
    cop = sc.id("Police Detective")
    slot = [Slot(filter=CardFilter(mental_state="Corrupt"))]
    assert assign(sc.st, slot, [cop]) is None
    play(sc, "Whispered Temptation")
    assert mental_state(sc.st, cop) == "Corrupt" and assign(sc.st, slot, [cop]) == [cop]
    assert selected(sc.st, 0, Selector(zone="ally", mental_state="Corrupt")) == [cop]


def test_MYV_E17_grant_language_lets_the_investigator_play_an_aklo_tome_my_6_7_1() -> None:
    """Tongue of the Ancients (GRANT_LANGUAGE Aklo): Aklo Tablets (MY-6.7.1 b) is refused before, legal after."""
    sc = build(hands=(["Tongue of the Ancients", "Aklo Tablets"], []), story=(["Miskatonic Stacks"], []))
    assert sc.refuse("play", card=sc.id("Aklo Tablets")).rule == "MY-6.7.1"
    play(sc, "Tongue of the Ancients")
    sc.act("pass")
    assert "Aklo" in sc.st.languages(0)
    play(sc, "Aklo Tablets")
    assert sc.titles("item:0") == ["Aklo Tablets"]


def test_MYV_E18_modify_hand_sizes_changes_refill_and_the_end_of_round_window_my_5_14() -> None:
    """Lingering Insomnia (MODIFY_HAND_SIZES -2/-1/-1, permanent): seat 1 refills to 11 (MY-5.2b) and its
    window becomes 7..4 (MY-5.14); seat 0 keeps 13/8/5."""
    sc = build(hands=(["Lingering Insomnia"], []))
    play(sc, "Lingering Insomnia")
    assert sc.st.hand_sizes(1) == (11, 7, 4) and sc.st.hand_sizes(0) == (13, 8, 5)
    assert sc.st.describe(None)["seats"][1]["hand_limits"] == "11/7/4"
    while sc.st.decision is not None and sc.st.vars["round"] == 2:
        d = sc.st.decision
        opts = sc.st.legal_actions()
        pick = next((o for o in opts if o.kind in ("pass", "decline", "done")), opts[0])
        sc.st.apply(pick)
    assert sc.st.vars["round"] == 3
    assert len(sc.zone("hand:1")) == 11


# ---- spells and negation (MY-6.12) -----------------------------------------------------------------------------


def test_MYV_E20_load_spell_from_the_discard_pile_onto_a_tome_my_6_12_1() -> None:
    """Recovered Incantation (LOAD_SPELL_FROM discard): Elder Ward (Warding) goes onto the Cultes des Goules
    (Summoning/Warding, MY-6.7.4), face up and ready (MY-6.12.3), not onto the Book of Eibon (Summoning)."""
    sc = build(hands=(["Recovered Incantation"], []), discard=(["Elder Ward", FILLER], []),
               items=(["Cultes des Goules", "Book of Eibon"], []))
    play(sc, "Recovered Incantation")
    ward = sc.id("Elder Ward")
    assert {o.get("card") for o in sc.st.legal_actions() if o.kind == "pick"} == {ward}
    sc.act("pick", card=ward)
    vessels = {o.get("card") for o in sc.st.legal_actions() if o.kind == "pick"}
    assert vessels == {sc.id("Cultes des Goules")}
    sc.act("pick", card=sc.id("Cultes des Goules"))
    assert sc.st.table.host[ward] == sc.id("Cultes des Goules") and not sc.st.table.flags[ward] & FACE_DOWN
    assert decision(sc) == (1, "turn")


def test_MYV_E21_unload_spell_discards_the_opponents_loaded_spells_my_12_5() -> None:
    """Dispel the Ward (UNLOAD_SPELL, opponents' spells, to discard): the spell leaves its tome; the tome stays."""
    sc = build(hands=(["Dispel the Ward"], []), items=([], ["Cultes des Goules", A("Elder Ward", "Cultes des Goules")]))
    play(sc, "Dispel the Ward")
    assert sc.titles("item:1") == ["Cultes des Goules"] and "Elder Ward" in sc.titles("discard:1")


def test_MYV_E22_negate_effects_silences_an_opponents_artifact_ability_my_12_5() -> None:
    """Silence of the Void (NEGATE_EFFECTS on the opponents' items): seat 1's Star-Stone Amulet ability is no
    longer offered (MY-12.2) and using it is refused, until the end of the round."""
    sc = build(hands=(["Silence of the Void"], []), items=([], ["Star-Stone Amulet"]), active=1)
    amulet = sc.id("Star-Stone Amulet")
    assert any(o.get("card") == amulet for o in sc.st.legal_actions() if o.kind == "activate")
    sc.act("pass")  # seat 1; then seat 0
    play(sc, "Silence of the Void")
    assert not any(o.get("card") == amulet for o in sc.st.legal_actions() if o.kind == "activate")
    assert sc.refuse("activate", card=amulet, ability=0).rule == "MY-12.2"


# ---- CHOOSE, FOR_EACH, selectors (MY-12.3) ----------------------------------------------------------------------


def test_MYV_E23_choose_an_option_and_only_it_resolves_my_12_5() -> None:
    """Crossroads Bargain (CHOOSE): two labelled options; choosing "Draw 2 cards" draws 2 and gains nothing."""
    sc = build(hands=(["Crossroads Bargain"], []), sanity=(8, 10))
    play(sc, "Crossroads Bargain")
    assert decision(sc) == (0, "effect_choose")
    labels = [o.get("label") for o in sc.st.legal_actions()]
    assert labels == ["Gain 2 Sanity", "Draw 2 cards"]
    sc.act("choose", index=1, label="Draw 2 cards")
    assert len(sc.zone("hand:0")) == 2 and sc.st.sanity(0) == 8
    assert any(e["kind"] == "chose" for e in sc.st.log(1))


def test_MYV_E24_the_opponent_chooses_for_cruel_dilemma_my_12_5() -> None:
    """Cruel Dilemma (CHOOSE, chooser opponent): seat 1 is asked; choosing the Sanity loss costs it 2;
    seat 0 answering is refused (MY-12.5: the effect names the chooser, not him)."""
    sc = build(hands=(["Cruel Dilemma"], []), sanity=(10, 10))
    play(sc, "Cruel Dilemma")
    assert decision(sc) == (1, "effect_choose")
    with pytest.raises(IllegalActionError) as info:
        sc.st.apply(Action(0, "choose", (("index", 0), ("label", "They lose 2 Sanity"))))
    assert info.value.rule == "MY-12.5"
    sc.act("choose", index=0, label="They lose 2 Sanity")
    assert sc.st.sanity(1) == 8 and sc.st.vars["skip"][1] == 0


def test_MYV_E25_for_each_own_ally_gains_one_sanity_my_12_3_owner_self() -> None:
    """Roll Call of the Faithful (FOR_EACH, owner self, zone ally): two own allies, one enemy ally → +2."""
    sc = build(hands=(["Roll Call of the Faithful"], []), allies=(["Police Detective", "Dockside Sailor"],
                                                                 ["Backwoods Hunter"]), sanity=(8, 10))
    play(sc, "Roll Call of the Faithful")
    assert sc.st.sanity(0) == 10


def test_MYV_E26_for_each_face_down_card_of_the_opponents_threat_my_12_3_face() -> None:
    """Count the Lurkers (selector owner opponent, zone threat, face down): two face-down monsters → draw 2;
    a face-up (revealed) one of another seat does not count."""
    sc = build(players=3, hands=(["Count the Lurkers"], [], []), threat=(["Ghoul"], ["Byakhee", "Ghoul"], ["Deep One"]))
    sc.st.table.set_flag(sc.id("Deep One"), FACE_DOWN, False)
    play(sc, "Count the Lurkers")
    assert len(sc.zone("hand:0")) == 2


def test_MYV_E27_for_each_inverted_story_card_my_12_3_orientation() -> None:
    """Trail of Open Gates (selector orientation inverted, zone story): two used gates, one upright → +2."""
    sc = build(hands=(["Trail of Open Gates"], []), sanity=(5, 10),
               story=([S("Old Hill Burying Ground", inverted=True), S("Dunwich Woods", inverted=True), DEPOT], []))
    play(sc, "Trail of Open Gates")
    assert sc.st.sanity(0) == 7


def test_MYV_E28_for_each_card_the_opponents_just_played_my_12_3_just_played() -> None:
    """Mocking Echo (selector just_played, MY-5.10): seat 1 played one ally since seat 0's last turn → seat 1
    loses 1; the ally played before it does not count."""
    sc = build(hands=(["Mocking Echo", FILLER], ["Police Detective"]), story=([], [DEPOT]),
               allies=([], ["Backwoods Hunter"]), sanity=(10, 10))
    sc.act("pass")
    play(sc, "Police Detective")
    play(sc, "Mocking Echo")
    assert sc.st.sanity(1) == 9


def test_MYV_E29_for_each_ally_with_combat_three_at_most_two_my_12_3_combat_and_count() -> None:
    """Measure of Strength (selector combat_at_least 3, owner any, limit 2): three allies of combat 3 (one of
    them 1 + a Service Revolver's 2, MY-6.4.3) and a 1 → draws 2 (the limit)."""
    sc = build(hands=(["Measure of Strength"], []),
               allies=(["Police Detective", "Night Librarian", A("Service Revolver", "Night Librarian")],
                       ["Backwoods Hunter", "Cat of Ulthar"]))
    from cardtable.games.mythos.primitives import selected
    from cardtable.games.mythos.schema import Selector

    assert len(selected(sc.st, 0, Selector(owner="any", zone="ally", combat_at_least=3))) == 3
    play(sc, "Measure of Strength")
    assert len(sc.zone("hand:0")) == 2


def test_selectors_never_test_the_face_of_a_card_the_controller_cannot_see_my_12_3() -> None:
    """A selector with a card property reaches none of an opponent's face-down Threat cards (their faces are
    hidden, MY-6.8.2a); by place alone it counts them."""
    from cardtable.games.mythos.primitives import selected
    from cardtable.games.mythos.schema import Selector

    sc = build(threat=([], ["Byakhee", "Shoggoth"]))
    assert selected(sc.st, 0, Selector(owner="opponent", zone="threat", title="Shoggoth")) == []
    assert len(selected(sc.st, 0, Selector(owner="opponent", zone="threat", type="monster"))) == 2
    assert selected(sc.st, 1, Selector(zone="threat", title="Shoggoth")) == [sc.id("Shoggoth")]


# ---- DISCARD_FROM_HAND choosers ---------------------------------------------------------------------------------


def test_MYV_E30_the_actor_sees_the_hand_and_chooses_the_discard_my_12_5() -> None:
    """Pickpocket's Gambit (chooser actor): seat 0 sees seat 1's hand, picks the Shoggoth; it is discarded."""
    sc = build(hands=(["Pickpocket's Gambit"], ["Shoggoth", "Ghoul"]))
    play(sc, "Pickpocket's Gambit")
    assert decision(sc) == (0, "effect_discard")
    assert all(sc.st.table.face_visible(i, 0) for i in sc.zone("hand:1"))
    sc.act("pick", card=sc.id("Shoggoth"))
    assert sc.titles("discard:1") == ["Shoggoth"] and sc.titles("hand:1") == ["Ghoul"]


def test_MYV_E31_the_owner_chooses_the_discard_in_secret_my_12_5() -> None:
    """Sudden Forgetting (chooser owner): seat 1 chooses; seat 0 sees no card id of that hand meanwhile, and
    picking a card of another hand is refused (MY-12.5)."""
    sc = build(hands=(["Sudden Forgetting", FILLER], ["Shoggoth", "Ghoul"]))
    play(sc, "Sudden Forgetting")
    assert decision(sc) == (1, "effect_discard")
    assert sc.st.view(0)["zones"]["hand:1"] == [None, None]
    assert sc.refuse("pick", card=sc.id(FILLER, "hand:0")).rule == "MY-12.5"
    sc.act("pick", card=sc.id("Ghoul"))
    assert sc.titles("discard:1") == ["Ghoul"]
    assert decision(sc) == (1, "turn")


def test_MYV_E32_a_random_discard_asks_nobody_my_12_5() -> None:
    """Scattered Notes (chooser random, n 2): two of seat 1's three cards are discarded by the seeded die."""
    sc = build(hands=(["Scattered Notes"], ["Shoggoth", "Ghoul", "Deep One"]))
    play(sc, "Scattered Notes")
    assert len(sc.zone("discard:1")) == 2 and len(sc.zone("hand:1")) == 1
    assert decision(sc) == (1, "turn")


# ---- conditions (MY-12.4) ------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_MYV_E33_a_die_roll_condition_gains_only_on_five_or_six_my_12_4(seed: int) -> None:
    """Fortune's Favour (condition die_roll [5, 6], MY-2.7): the roll is logged; +3 exactly when it shows 5/6."""
    sc = build(hands=(["Fortune's Favour"], []), sanity=(5, 10), seed=seed)
    play(sc, "Fortune's Favour")
    roll = [e["result"] for e in sc.st.log(1) if e["kind"] == "die_rolled"]
    assert len(roll) == 1
    assert sc.st.sanity(0) == (8 if roll[0] >= 5 else 5)


def test_MYV_E34_field_count_requires_two_allies_my_12_4() -> None:
    """Gathering of Allies (field_count type ally >= 2): refused with one ally (MY-6.10.1), playable with two."""
    one = build(hands=(["Gathering of Allies"], []), allies=(["Police Detective"], ["Backwoods Hunter"]))
    assert one.refuse("play", card=one.id("Gathering of Allies")).rule == "MY-6.10.1"
    two = build(hands=(["Gathering of Allies"], []), allies=(["Police Detective", "Dockside Sailor"], []))
    play(two, "Gathering of Allies")
    assert len(two.zone("hand:0")) == 2


def test_MYV_E35_threat_count_requires_two_threat_cards_my_12_4() -> None:
    """Brooding Host (threat_count >= 2): refused with one Threat card, playable with two (seat 1 loses 1)."""
    one = build(hands=(["Brooding Host"], []), threat=(["Ghoul"], []))
    assert one.refuse("play", card=one.id("Brooding Host")).rule == "MY-6.10.1"
    two = build(hands=(["Brooding Host"], []), threat=(["Ghoul", "Byakhee"], []), sanity=(10, 10))
    play(two, "Brooding Host")
    assert two.st.sanity(1) == 9


def test_MYV_E36_story_count_requires_three_locations_my_12_4() -> None:
    """Long Road Behind (story_count type location >= 3): a Travel Event does not count (D64)."""
    two = build(hands=(["Long Road Behind"], []), story=(["Dunwich Woods", "Steamer Passage", DEPOT], []))
    assert two.refuse("play", card=two.id("Long Road Behind")).rule == "MY-6.10.1"
    three = build(hands=(["Long Road Behind"], []), story=(["Dunwich Woods", WHARF, DEPOT], []), sanity=(5, 10))
    play(three, "Long Road Behind")
    assert three.st.sanity(0) == 7


# ---- card data: where questions and dice may stand (MY-12.10) --------------------------------------------------


def test_a_question_nested_in_a_die_branch_or_a_die_in_a_requirement_is_refused_at_load() -> None:
    """A choice inside a die branch could not be resumed; a play's legality must not roll a die."""
    base = {"set": "x", "version": 1, "regions": ["Lovecraft Country"], "languages": ["English"]}
    nested = {"id": "X-1", "title": "X", "type": "event", "effects": [{"do": [{"op": "roll_die", "branches": [
        {"faces": [1], "do": [{"op": "search"}]}]}]}]}
    with pytest.raises(ValueError, match="ask a question"):
        CardSet.model_validate({**base, "cards": [nested]}, strict=False)
    dice = {"id": "X-2", "title": "Y", "type": "event", "requirements": {"die_roll": [6]},
            "effects": [{"do": [{"op": "draw", "n": 1}]}]}
    with pytest.raises(ValueError, match="die_roll"):
        CardSet.model_validate({**base, "cards": [dice]}, strict=False)


def test_the_vocabulary_set_loads_with_the_pool() -> None:
    ids = [d.id for d in load_pool().defs if d.id.startswith("MYV-")]
    assert len(ids) == 69


# ---- the bot and the table answer and show every new question and event --------------------------------------

QUESTIONS = {  # card -> (hands, extra build args): a situation in which the card asks its question
    "Secret Errand": ((["Secret Errand"], []), {"decks": (["Book of Eibon", FILLER, "Shoggoth"], [])}),
    "Crossroads Bargain": ((["Crossroads Bargain"], []), {}),
    "Cruel Dilemma": ((["Cruel Dilemma"], []), {}),
    "Pickpocket's Gambit": ((["Pickpocket's Gambit"], ["Shoggoth", FILLER]), {}),
    "Sudden Forgetting": ((["Sudden Forgetting"], ["Shoggoth", FILLER]), {}),
    "Hurried Preparations": ((["Hurried Preparations", "Dockside Sailor"], []), {"story": ([WHARF], [])}),
    "Banish the Witness": ((["Banish the Witness"], []), {"allies": ([], ["Police Detective", "Dockside Sailor"])}),
    "Recovered Incantation": ((["Recovered Incantation"], []), {"discard": (["Elder Ward"], []),
                                                               "items": (["Cultes des Goules"], [])}),
}


@pytest.mark.parametrize("card", sorted(QUESTIONS))
def test_the_heuristic_bot_answers_every_effect_question_my_12_5(card: str) -> None:
    """strategy.choose_action answers each new decision kind from the seat's view with a legal option, and
    the effect runs to its end (the next seat's turn)."""
    from cardtable.core import Rng
    from cardtable.games.mythos.strategy import choose_action

    hands, extra = QUESTIONS[card]
    sc = build(hands=hands, **extra)  # type: ignore[arg-type]
    play(sc, card)
    kinds = set()
    for _ in range(10):
        d = sc.st.decision
        assert d is not None
        if d.kind == "turn" and d.player == 1:
            break
        kinds.add(d.kind)
        answer = choose_action(sc.st.view(d.player), d, Rng(3))
        assert answer in d.options
        sc.st.apply(answer)
    assert sc.st.decision is not None and sc.st.decision.kind == "turn" and sc.st.decision.player == 1
    assert kinds & {"effect_search", "effect_choose", "effect_discard", "effect_pick", "play_extra", "load_spell"}


def test_the_bot_takes_the_most_useful_card_of_a_search() -> None:
    """SEARCH: between a filler event and a Shoggoth the bot takes the Shoggoth (keep_value)."""
    from cardtable.core import Rng
    from cardtable.games.mythos.strategy import choose_action

    sc = build(hands=(["Secret Errand"], []), decks=([FILLER, "Shoggoth", FILLER], []))
    play(sc, "Secret Errand")
    d = sc.st.decision
    assert d is not None
    assert choose_action(sc.st.view(0), d, Rng(1)).get("card") == sc.id("Shoggoth", "deck:0")


def test_every_new_event_reads_as_a_sentence_for_every_seat() -> None:
    """The events of the vocabulary (searched, looked_at, revealed, discarded, chose, granted, ...) render as
    words in full and redacted form (presentation.py), never a raw field or None."""
    from cardtable.games.mythos.presentation import PRESENTATION
    from cardtable.tui import get_renderer

    get_renderer.cache_clear()
    r = get_renderer("mythos")
    runs = [("Secret Errand", dict(decks=([FILLER, "Shoggoth"], [])), [("pick", 0), ("done", 0)]),
            ("Scrying Glance", {}, []), ("Show of Faith", dict(hands=(["Show of Faith"], ["Shoggoth"])), []),
            ("Crossroads Bargain", {}, [("choose", 0)]), ("Scattered Notes", dict(hands=(["Scattered Notes"], [FILLER])), []),
            ("Chartered Seaplane", {}, []), ("Roll Call of the Faithful", dict(allies=(["Police Detective"], [])), []),
            ("Dispel the Ward", dict(items=([], ["Cultes des Goules", A("Elder Ward", "Cultes des Goules")])), []),
            ("Recovered Incantation", dict(discard=(["Elder Ward"], []), items=(["Cultes des Goules"], [])),
             [("pick", 0), ("pick", 0)]),
            ("Hurried Preparations", dict(hands=(["Hurried Preparations", "Dockside Sailor"], []), story=([WHARF], [])),
             [("play", 0)]),
            ("Torn Veil", dict(hands=(["Torn Veil", "Ghoul"], [])), [])]
    kinds = set()
    for card, extra, answers in runs:
        extra = dict(extra)
        hands = extra.pop("hands", ([card], []))
        sc = build(hands=hands, **extra)  # type: ignore[arg-type]
        play(sc, card)
        for kind, k in answers:
            opts = [o for o in sc.st.legal_actions() if o.kind == kind]
            sc.st.apply(opts[k])
        if card == "Torn Veil":
            sc.act("pass")
            play(sc, "Ghoul")
        for seat in (None, 0, 1):
            for e in sc.st.log(seat):
                kinds.add(e["kind"])
                line = r.describe_event(e)
                assert e["kind"] in PRESENTATION.sentences, e
                assert "{" not in line and "None" not in line, (e, line)
    assert {"searched", "looked_at", "revealed", "chose", "discarded_from_hand", "granted", "for_each",
            "spell_unloaded", "spell_loaded", "extra_play", "grant_used"} <= kinds


def test_MYV_E37_joins_with_lets_two_allies_be_played_as_one_group_my_8_2() -> None:
    """Rallying Cry (GRANT_KEYWORD JoinsWith ally): two allies in hand do not Join (MY-8.2) before; after,
    they are offered and played as one Join play (MY-8.1), one turn."""
    sc = build(hands=(["Rallying Cry", "Dockside Sailor", "Police Detective"], []), story=([WHARF], []))
    assert "join" not in sc.kinds()
    play(sc, "Rallying Cry")
    sc.act("pass")
    assert "join" in sc.kinds()
    join = next(o for o in sc.st.legal_actions() if o.kind == "join")
    sc.st.apply(join)
    assert decision(sc) == (0, "join")  # D-MY-154: the group is built card by card
    sc.act("add", card=next(o.get("card") for o in sc.st.legal_actions() if o.kind == "add"))
    sc.act("done")
    assert sorted(sc.titles("ally:0")) == ["Dockside Sailor", "Police Detective"]
    assert decision(sc) == (1, "turn")


# ---- the other MY-12.5 primitives ----------------------------------------------------------------------------


def test_MYV_E38_discard_the_opponents_artifacts_my_12_5() -> None:
    """Clear the Table (DISCARD, selector artifact in the opponents' Item areas): the Amulet goes to its
    owner's discard pile (MY-3.7); the tome stays."""
    sc = build(hands=(["Clear the Table"], []), items=(["Tarnished Compass"], ["Star-Stone Amulet", "Book of Eibon"]))
    play(sc, "Clear the Table")
    assert sc.titles("item:1") == ["Book of Eibon"] and sc.titles("discard:1") == ["Star-Stone Amulet"]
    assert sc.titles("item:0") == ["Tarnished Compass"]


def test_MYV_E39_bury_the_weak_allies_with_their_weapons_my_3_4() -> None:
    """Entomb the Weak (BURY, combat at most 1): the Night Librarian (1) is buried (Story Deck bottom, MY-0.5);
    the Police Detective (3) stays; the librarian's weapon would raise it, so an armed one stays too."""
    sc = build(hands=(["Entomb the Weak"], []), story=([], [DEPOT]),
               allies=([], ["Night Librarian", "Police Detective", "Cat of Ulthar", A("Fire Axe", "Cat of Ulthar")]))
    play(sc, "Entomb the Weak")
    assert sc.titles("ally:1") == ["Police Detective", "Cat of Ulthar", "Fire Axe"]
    assert sc.titles("story:1") == ["Night Librarian", DEPOT]


def test_MYV_E40_return_the_oldest_ally_to_hand_my_12_3_limit() -> None:
    """Recall the Faithful (RETURN_TO_HAND, limit 1): only the first ally returns to hand."""
    sc = build(hands=(["Recall the Faithful"], []), allies=(["Police Detective", "Dockside Sailor"], []))
    play(sc, "Recall the Faithful")
    assert sc.titles("hand:0") == ["Police Detective"] and sc.titles("ally:0") == ["Dockside Sailor"]


def test_MYV_E41_put_the_opponents_tome_on_top_of_its_deck_my_12_5() -> None:
    """Back into the Stacks (PUT_ON_DECK top): the tome is seat 1's next draw."""
    sc = build(hands=(["Back into the Stacks"], []), items=([], ["Book of Eibon"]))
    book = sc.id("Book of Eibon")
    play(sc, "Back into the Stacks")
    assert sc.zone("deck:1")[-1] == book


def test_MYV_E42_mill_two_without_a_library_out_my_7_6a() -> None:
    """Burning the Notes (MILL 2): seat 1's top two go to its discard pile; from a one-card deck only one
    goes and no Sanity is lost (MY-7.6a)."""
    sc = build(hands=(["Burning the Notes"], []), decks=([], ["Shoggoth", "Ghoul", FILLER]))
    play(sc, "Burning the Notes")
    assert sc.titles("discard:1") == ["Shoggoth", "Ghoul"] and len(sc.zone("deck:1")) == 1
    short = build(hands=(["Burning the Notes"], []), decks=([], ["Shoggoth"]), discard=([], [FILLER]),
                  sanity=(10, 10))
    play(short, "Burning the Notes")
    assert short.titles("discard:1") == [FILLER, "Shoggoth"] and short.st.sanity(1) == 10


def test_MYV_E43_shuffle_the_discard_pile_into_the_deck_without_loss_my_7_6a() -> None:
    """Fresh Start (SHUFFLE discard): the discard pile joins the deck; no Sanity is lost (not a library-out)."""
    sc = build(hands=(["Fresh Start"], []), decks=([FILLER], []), discard=(["Shoggoth", "Ghoul"], []), sanity=(9, 10))
    play(sc, "Fresh Start")
    assert len(sc.zone("deck:0")) == 3 and sc.titles("discard:0") == []
    assert sc.st.sanity(0) == 9


def test_MYV_E44_retrieve_an_ally_from_the_discard_pile_in_public_my_12_5() -> None:
    """Sift the Ruins (RETRIEVE ally from discard): only the ally is offered; it goes to hand, seen by all."""
    sc = build(hands=(["Sift the Ruins"], []), discard=(["Police Detective", "Shoggoth"], []))
    play(sc, "Sift the Ruins")
    cop = sc.id("Police Detective")
    assert {o.get("card") for o in sc.st.legal_actions() if o.kind == "pick"} == {cop}
    assert sc.refuse("pick", card=sc.id("Shoggoth")).rule == "MY-12.5"
    sc.act("pick", card=cop)
    assert sc.st.table.zone_name(cop) == "hand:0" and sc.st.table.face_visible(cop, 1)


def test_MYV_E45_force_arrive_applies_the_location_modifier_my_6_3_8() -> None:
    """Sudden Arrival (FORCE_ARRIVE): the crosswise Old Hill Burying Ground turns upright and its
    -1 modifier applies (MY-6.1.3)."""
    sc = build(hands=(["Sudden Arrival"], []), story=([DEPOT, S("Old Hill Burying Ground", crosswise=True)], []),
               sanity=(8, 10))
    play(sc, "Sudden Arrival")
    ground = sc.id("Old Hill Burying Ground")
    assert sc.st.current_location(0) == ground and sc.st.sanity(0) == 7


def test_MYV_E46_send_in_transit_turns_the_opponents_location_crosswise_my_6_3_3() -> None:
    """Scattering Winds (SEND_IN_TRANSIT each opponent): seat 1 has no current location now (in transit)."""
    sc = build(hands=(["Scattering Winds"], []), story=([WHARF], [DEPOT]))
    play(sc, "Scattering Winds")
    assert sc.st.in_transit(1) and sc.st.crosswise(sc.id(DEPOT)) and not sc.st.in_transit(0)


def test_MYV_E47_set_time_of_day_to_night_my_6_10_6() -> None:
    """Eclipse (SET_TIME_OF_DAY Night): it is Night."""
    sc = build(hands=(["Eclipse"], []), time="Day")
    play(sc, "Eclipse")
    assert sc.st.vars["time"] == "Night"


def test_MYV_E48_use_gate_inverts_the_opponents_gate_my_6_3_11() -> None:
    """Seal the Gate (USE_GATE each opponent): seat 1's Wharf turns INVERTED, so it can play no Monster."""
    sc = build(hands=(["Seal the Gate"], ["Ghoul"]), story=([], [WHARF]))
    play(sc, "Seal the Gate")
    assert sc.st.inverted(sc.id(WHARF)) and not sc.st.gate_open(1)
    assert sc.refuse("play", card=sc.id("Ghoul")).rule == "MY-6.8.1"


def test_MYV_E49_reset_gate_reopens_the_own_gate_my_6_3_11() -> None:
    """Reopened Rift (RESET_GATE): the inverted Wharf is upright again; a Monster may come through."""
    sc = build(hands=(["Reopened Rift", "Ghoul"], []), story=([S(WHARF, inverted=True)], []))
    play(sc, "Reopened Rift")
    assert sc.st.gate_open(0)


def test_MYV_E50_modify_education_meets_an_education_requirement_my_6_2_3() -> None:
    """Crash Course (MODIFY_EDUCATION +5): Capt. Harlan (Education 8) then meets "Education >= 12"."""
    from cardtable.games.mythos.requirements import holds
    from cardtable.games.mythos.schema import EducationAtLeast

    sc = build(hands=(["Crash Course"], []), sides=(1, 0))
    need = EducationAtLeast(education_at_least=12)
    assert not holds(sc.st, 0, need)
    play(sc, "Crash Course")
    assert holds(sc.st, 0, need) and sc.st.describe(None)["seats"][0]["education"] == 13


def test_MYV_E51_a_pass_threshold_of_three_needs_a_third_pass_my_5_9a() -> None:
    """Endless Deliberation (SET_PASS_THRESHOLD 3): two Passes no longer end card play; a third does."""
    sc = build(hands=(["Endless Deliberation"], []), active=1)
    sc.act("pass")  # seat 1: initiator, 1
    play(sc, "Endless Deliberation")  # seat 0 (not the initiator: no cancel)
    sc.act("pass")  # seat 1: 2
    assert decision(sc) == (0, "turn")
    assert not any(e["kind"] == "card_play_ended" for e in sc.st.log(0))
    sc.act("pass")  # 3
    assert any(e["kind"] == "card_play_ended" for e in sc.st.log(0))


def test_MYV_E52_cannot_attack_keeps_the_opponent_from_declaring_my_9_3() -> None:
    """Stayed Hand (CANNOT_ATTACK each opponent): seat 1 with a Threat monster is not asked to attack."""
    sc = build(hands=(["Stayed Hand"], []), threat=([], ["Byakhee"]), first=1, active=0)
    play(sc, "Stayed Hand")
    sc.act("pass")
    sc.act("pass")
    sc.pass_use_step()
    assert sc.st.vars["round"] == 3 and not any(e["kind"] == "attack" for e in sc.st.log(0))


def test_MYV_E53_ready_spell_and_MYV_E54_exhaust_spell_my_6_12_5() -> None:
    """Second Wind (READY_SPELL own) turns a cast (face-down) spell face up; Backlash (EXHAUST_SPELL
    opponents') turns the other seat's ready spell face down, so it cannot be cast (MY-6.12.8)."""
    sc = build(hands=(["Second Wind", "Backlash"], []),
               items=(["Cultes des Goules", A("Elder Ward", "Cultes des Goules", down=True)],
                      ["Book of Eibon", A("Call Forth the Hungry", "Book of Eibon")]))
    ward, hungry = sc.id("Elder Ward"), sc.id("Call Forth the Hungry")
    play(sc, "Second Wind")
    assert not sc.st.table.flags[ward] & FACE_DOWN
    sc.act("pass")
    play(sc, "Backlash")
    assert sc.st.table.flags[hungry] & FACE_DOWN
    assert "cast" not in sc.kinds()


@pytest.mark.parametrize("time", ["Day", "Night"])
def test_MYV_E55_if_branches_on_the_time_of_day_my_12_5(time: str) -> None:
    """Fork in the Road (IF time Night): at Night seat 1 loses 2; by Day seat 0 gains 1."""
    sc = build(hands=(["Fork in the Road"], []), time=time, sanity=(8, 10))
    play(sc, "Fork in the Road")
    assert (sc.st.sanity(0), sc.st.sanity(1)) == ((8, 8) if time == "Night" else (9, 10))


def test_MYV_E56_repeat_three_times_is_one_change_my_1_3a() -> None:
    """Triple Warding (REPEAT 3 gain 1): +3, logged as one Sanity change (MY-1.3a)."""
    sc = build(hands=(["Triple Warding"], []), sanity=(5, 10))
    play(sc, "Triple Warding")
    assert sc.st.sanity(0) == 8
    assert len([e for e in sc.st.log(0) if e["kind"] == "sanity"]) == 1


def test_MYV_E57_announce_pass_counts_toward_ending_card_play_my_5_9() -> None:
    """Yield the Floor (ANNOUNCE_PASS): seat 0's play counts as a Pass (initiator, 1); seat 1's Pass ends card
    play (T = 2)."""
    sc = build(hands=(["Yield the Floor"], []))
    play(sc, "Yield the Floor")
    assert (sc.st.vars["pass_init"], sc.st.vars["pass_count"]) == (0, 1)
    sc.act("pass")
    assert any(e["kind"] == "card_play_ended" for e in sc.st.log(0))


def test_an_end_card_play_under_a_higher_threshold_is_a_pass_that_never_cancels_my_5_9g() -> None:
    """MY-5.9g with Endless Deliberation (threshold 3): the initiator's Sudden Squall counts as his third
    Pass in the sequence instead of cancelling it, so card play ends."""
    sc = build(hands=(["Sudden Squall", FILLER], ["Endless Deliberation"]), active=1)
    play(sc, "Endless Deliberation")
    sc.act("pass")  # seat 0: initiator, 1
    sc.act("pass")  # seat 1: 2
    play(sc, "Sudden Squall")  # seat 0, the initiator: a Pass (3), not a cancel
    assert any(e["kind"] == "card_play_ended" for e in sc.st.log(0))


def test_MYV_E58_prevent_sanity_loss_absorbs_two_then_is_used_up_my_7_5() -> None:
    """Iron Resolve (PREVENT_SANITY_LOSS 2): Creeping Despair's 5 (half of 10, MY-7.8) costs seat 0 only 3;
    the shield is then spent, so the next loss lands in full (MY-7.5)."""
    sc = build(hands=(["Iron Resolve", FILLER], ["Creeping Despair", "Creeping Despair"]), sanity=(10, 10))
    play(sc, "Iron Resolve")
    sc.act("play", card=sc.id("Creeping Despair", "hand:1"))
    assert sc.st.sanity(0) == 7
    sc.act("pass")
    sc.act("play", card=sc.id("Creeping Despair", "hand:1", 1))
    assert sc.st.sanity(0) == 3


def test_MYV_A01_a_question_in_a_trigger_slot_is_asked_before_card_play_my_12_9() -> None:
    """Restless Seer (start_of_card_play CHOOSE): the slot asks its controller before the first turn; the
    chosen option resolves (MY-5.2d), then card play begins."""
    sc = build(allies=(["Restless Seer"], []), at="refill", sanity=(8, 10))
    assert decision(sc) == (0, "effect_choose")
    sc.act("choose", index=0, label="Gain 1 Sanity")
    assert sc.st.sanity(0) == 9 and decision(sc) == (0, "turn")


def test_MYV_R01_an_ability_that_asks_ends_its_turn_after_the_answer_my_5_6c() -> None:
    """Rag-and-Bone Cart (ability, turn cost: RETRIEVE then lose 1): the pick comes first, the Sanity loss
    after it as one change (MY-1.3a), and only then does the turn pass (MY-5.6c)."""
    sc = build(items=(["Rag-and-Bone Cart"], []), discard=(["Shoggoth"], []), sanity=(8, 10))
    sc.act("activate", card=sc.id("Rag-and-Bone Cart"), ability=0)
    assert decision(sc) == (0, "effect_search") and sc.st.sanity(0) == 8
    sc.act("pick", card=sc.id("Shoggoth"))
    assert sc.titles("hand:0") == ["Shoggoth"] and sc.st.sanity(0) == 7
    assert decision(sc) == (1, "turn")


def test_MYV_E59_a_battle_event_that_asks_in_the_use_step_my_9_2() -> None:
    """Desperate Gambit (battle event, CHOOSE) in the use step: the choice is asked, the shield set, the use
    step goes on with the next seat (MY-9.2), and the attack's 3 damage is prevented (MY-9.11)."""
    sc = build(hands=([], ["Desperate Gambit"]), threat=(["Byakhee"], []), sanity=(10, 10))
    sc.act("pass")
    sc.act("pass")
    while decision(sc) != (1, "battle_use"):
        sc.act("pass")
    play(sc, "Desperate Gambit")
    assert decision(sc) == (1, "effect_choose")
    sc.act("choose", index=0, label="Shield 3")
    sc.pass_use_step()
    sc.act("attack", defender=1)
    if decision(sc) == (1, "block"):
        sc.act("done")
    assert sc.st.sanity(1) == 10


def test_effect_questions_refuse_answers_they_did_not_offer_my_12_5() -> None:
    """Refusals name their rule and change nothing: a vessel that cannot hold the spell (MY-6.12.1), a
    CHOOSE index out of range, an actor's discard pick from his own hand (MY-12.5)."""
    sc = build(hands=(["Recovered Incantation"], []), discard=(["Elder Ward"], []),
               items=(["Cultes des Goules", "Book of Eibon"], []))
    play(sc, "Recovered Incantation")
    sc.act("pick", card=sc.id("Elder Ward"))
    assert sc.refuse("pick", card=sc.id("Book of Eibon")).rule == "MY-6.12.1"
    ch = build(hands=(["Crossroads Bargain"], []))
    play(ch, "Crossroads Bargain")
    assert ch.refuse("choose", index=5, label="Gain 2 Sanity").rule == "MY-12.5"
    pk = build(hands=(["Pickpocket's Gambit", FILLER], ["Shoggoth"]))
    play(pk, "Pickpocket's Gambit")
    assert pk.refuse("pick", card=pk.id(FILLER, "hand:0")).rule == "MY-12.5"
