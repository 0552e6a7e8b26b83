"""The card-effect vocabulary's triggers (MY-12.1), costs (MY-12.2), durations (MY-12.6), timing tags
(MY-12.7) and trigger order (MY-12.9), each shown by a card of ``cards/vocabulary_triggers.yaml`` in an
exact situation: build it, act, assert. Refusals name their rule and leave the state unchanged."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.core import Rng
from cardtable.engine import lasting_total
from cardtable.games.mythos.state import CROSSWISE, MyState
from cardtable.games.mythos.testing import A, S, build


def notes(st: MyState, kind: str) -> list[dict[str, Any]]:
    return [e.data for e in st.events if e.kind == kind]


def fired(st: MyState) -> list[tuple[int, int, str]]:
    return [(n["player"], n["card"], n["trigger"]) for n in notes(st, "triggered")]


def decision(st: MyState) -> tuple[str, int]:
    d = st.decision
    assert d is not None
    return d.kind, d.player


def end_round(sc: Any) -> None:
    """Everyone passes, declines and keeps what he may until the next round begins."""
    r = sc.st.vars["round"]
    while sc.st.vars["round"] == r and sc.st.decision is not None:
        d = sc.st.decision
        for kind in ("pass", "decline", "done"):
            if any(o.kind == kind for o in d.options):
                sc.act(kind)
                break
        else:
            sc.st.apply(d.options[0])


# ---- MY-12.1 triggers --------------------------------------------------------------------------------------


def test_my_12_1_on_play_sudden_insight_draws_as_it_resolves() -> None:
    """Sudden Insight: ON_PLAY, an instant effect (MY-12.6 INSTANT) - it draws and leaves nothing lasting."""
    sc = build(hands=(["Sudden Insight"], []))
    sc.act("play", card=sc.id("Sudden Insight"))
    assert len(sc.zone("hand:0")) == 1 and sc.st.lasting == []


def test_my_12_1_on_arrive_lantern_crossing_gains_when_it_becomes_current() -> None:
    """Lantern Crossing: ON_ARRIVE fires when the crosswise location is arrived at, not before."""
    sc = build(story=([S("Lantern Crossing", crosswise=True)], []), sanity=(10, 11))
    assert sc.st.sanity(0) == 10
    sc.act("arrive")
    assert sc.st.sanity(0) == 11 and sc.st.current_location(0) == sc.id("Lantern Crossing")


def test_my_12_1_on_leave_play_parting_courier_fires_after_it_is_gone() -> None:
    """Parting Courier: ON_LEAVE_PLAY (D-MY-120) - buried to pay Sacrificial Altar, it still fires."""
    sc = build(items=(["Sacrificial Altar"], []), allies=(["Parting Courier"], []), sanity=(10, 11))
    courier = sc.id("Parting Courier")
    sc.act("activate", card=sc.id("Sacrificial Altar"), ability=0)
    assert sc.st.table.zone_name(courier) == "story:0"
    assert (0, courier, "on_leave_play") in fired(sc.st)
    assert sc.st.sanity(0) == 10 + 3 + 1


def test_my_12_1_on_buried_grave_minded_sexton_hurts_each_opponent() -> None:
    """Grave-Minded Sexton: ON_BURIED - blocking and absorbing damage buries it (MY-9.7); it fires."""
    sc = build(threat=([], ["Ghoul"]), allies=(["Grave-Minded Sexton"], []), sanity=(10, 11), first=1, at="battle")
    sc.pass_use_step()
    sc.act("attack", defender=0)
    sexton = sc.id("Grave-Minded Sexton")
    sc.act("pick", card=sexton)
    assert sc.st.table.zone_name(sexton) == "story:0"
    assert (0, sexton, "on_buried") in fired(sc.st) and sc.st.sanity(1) == 10


def test_my_12_1_my_5_2d_start_of_round_dawn_chime() -> None:
    """Dawn Chime: START_OF_ROUND fires after the refill, before the first turn."""
    sc = build(items=(["Dawn Chime"], []), sanity=(10, 11), at="start", round=1, first=1)
    assert decision(sc.st) == ("turn", 0) and sc.st.sanity(0) == 11


@pytest.mark.parametrize("answer", ("yes", "no"))
def test_my_12_9_an_optional_slot_trigger_morning_prayer_beads_asks_first(answer: str) -> None:
    """Morning Prayer Beads: an optional START_OF_ROUND effect asks its controller; declined, nothing happens."""
    sc = build(items=(["Morning Prayer Beads"], []), sanity=(10, 11), at="start", round=1, first=1)
    assert decision(sc.st) == ("optional_trigger", 0)
    sc.act(answer)
    assert decision(sc.st) == ("turn", 0)
    assert (sc.st.sanity(0), sc.st.sanity(1)) == ((11, 10) if answer == "yes" else (10, 11))


def test_my_12_1_my_5_2d_start_of_card_play_bidding_gavel() -> None:
    """Bidding Gavel: START_OF_CARD_PLAY draws one card over the refill size."""
    sc = build(items=(["Bidding Gavel"], []), at="start", round=1, first=1)
    assert decision(sc.st) == ("turn", 0) and len(sc.zone("hand:0")) == 14 and len(sc.zone("hand:1")) == 13


def test_my_12_1_my_9_1_start_of_battle_muster_drum() -> None:
    """Muster Drum: START_OF_BATTLE fires when card play ends (MY-9.1), not before."""
    sc = build(items=(["Muster Drum"], []), sanity=(10, 11), passes=(1, 1))
    assert sc.st.sanity(1) == 11
    sc.act("pass")
    assert (0, sc.id("Muster Drum"), "start_of_battle") in fired(sc.st) and sc.st.sanity(1) == 10


def test_my_12_1_on_attack_declared_howling_thing_before_blocks() -> None:
    """Howling Thing: ON_ATTACK_DECLARED resolves after the declaration, before the defender blocks."""
    sc = build(threat=(["Howling Thing"], []), allies=([], ["Antiquarian Scholar"]), sanity=(10, 11), at="battle")
    sc.pass_use_step()
    sc.act("attack", defender=1)
    assert decision(sc.st) == ("block", 1)
    assert (0, sc.id("Howling Thing"), "on_attack_declared") in fired(sc.st) and sc.st.sanity(1) == 10
    sc.act("done")
    assert sc.st.sanity(1) == 8  # then the unblocked 2 damage


def test_my_12_1_on_blocked_spiteful_ooze_only_when_blocked() -> None:
    """Spiteful Ooze: ON_BLOCKED fires when a blocker is assigned (before damage); unblocked, it does not."""
    for block, gain in ((True, 2), (False, 0)):
        sc = build(threat=(["Spiteful Ooze"], []), allies=([], ["Antiquarian Scholar"]), sanity=(10, 11), at="battle")
        sc.pass_use_step()
        sc.act("attack", defender=1)
        if block:
            sc.act("pick", card=sc.id("Antiquarian Scholar"))
        else:
            sc.act("done")
        assert sc.st.sanity(0) == 10 + gain
        assert sc.st.sanity(1) == (11 - 2 if block else 11 - 3)


def test_my_12_1_on_sanity_change_nervous_diarist() -> None:
    """Nervous Diarist: ON_SANITY_CHANGE - a change of its player's Sanity draws a card; none, nothing."""
    sc = build(hands=(["Restful Sleep", "Restful Sleep"], []), allies=(["Nervous Diarist"], []), sanity=(5, 11))
    sc.act("play", card=sc.id("Restful Sleep"))
    assert sc.st.sanity(0) == 7 and len(sc.zone("hand:0")) == 2
    full = build(hands=(["Restful Sleep"], []), allies=(["Nervous Diarist"], []), sanity=(15, 11))
    full.act("play", card=full.id("Restful Sleep"))  # at the maximum: no change (MY-7.1), no trigger
    assert full.st.sanity(0) == 15 and len(full.zone("hand:0")) == 0


@pytest.mark.parametrize("answer", ("yes", "no"))
def test_my_12_9_pocket_shrine_optional_trigger_asks_its_controller(answer: str) -> None:
    """Pocket Shrine: an optional ON_SANITY_CHANGE asks its controller (YesNo); its own gain changes Sanity
    again, but within one resolution it fires once (D-MY-121)."""
    sc = build(items=(["Pocket Shrine", "Blood Price Idol"], []), sanity=(6, 11))
    sc.act("activate", card=sc.id("Blood Price Idol"), ability=0)
    assert decision(sc.st) == ("optional_trigger", 0)
    sc.act(answer)
    assert sc.st.sanity(0) == (5 if answer == "yes" else 4)
    assert decision(sc.st) == ("turn", 0)  # a free action: the turn goes on
    assert len(notes(sc.st, "trigger_declined")) == (answer == "no")


def test_my_12_1_on_library_out_bottomless_satchel() -> None:
    """Bottomless Satchel: ON_LIBRARY_OUT - the reshuffle's Sanity loss (MY-7.6) is made good."""
    sc = build(items=(["Bottomless Satchel", "Quick Notes"], []), decks=([], ["Restful Sleep"] * 5),
               discard=(["Restful Sleep"] * 3, []), sanity=(10, 11))
    sc.act("activate", card=sc.id("Quick Notes"), ability=0)
    assert notes(sc.st, "library_out") == [{"player": 0}]
    assert (0, sc.id("Bottomless Satchel"), "on_library_out") in fired(sc.st) and sc.st.sanity(0) == 10


def test_my_12_1_on_adventure_acquired_charting_the_fens() -> None:
    """Charting the Fens: ON_ADVENTURE_ACQUIRED fires from Acquired Adventures."""
    sc = build(hands=(["Charting the Fens"], []), story=(["Lantern Crossing"], []), sanity=(10, 11))
    sc.act("play", card=sc.id("Charting the Fens"))
    assert sc.st.vp(0) == 2 and sc.st.sanity(0) == 12


def test_my_12_1_on_time_change_owl_eyed_watcher_when_night_falls() -> None:
    """Owl-Eyed Watcher with Early Dusk: ON_TIME_CHANGE, its condition read as it resolves (Night)."""
    sc = build(hands=(["Early Dusk"], []), allies=([], ["Owl-Eyed Watcher"]), sanity=(10, 11))
    sc.act("play", card=sc.id("Early Dusk"))
    assert sc.st.vars["time"] == "Night" and sc.st.sanity(1) == 12
    night = build(hands=(["Early Dusk"], []), allies=([], ["Owl-Eyed Watcher"]), sanity=(10, 11), time="Night")
    night.act("play", card=night.id("Early Dusk"))  # already Night: no change, no trigger
    assert night.st.sanity(1) == 11


def test_my_12_1_end_of_battle_field_dressing_and_end_of_round_hearth_ledger() -> None:
    """Field Dressing (END_OF_BATTLE) and Hearth Ledger (END_OF_ROUND) fire once each as the round ends."""
    sc = build(items=(["Field Dressing", "Hearth Ledger"], []), sanity=(10, 11), passes=(1, 1))
    sc.act("pass")
    assert sc.st.vars["round"] == 3 and sc.st.sanity(0) == 12
    assert [t for _p, _c, t in fired(sc.st)] == ["end_of_battle", "end_of_round"]


def test_my_12_1_static_warding_charm_while_active() -> None:
    """Warding Charm: STATIC +1 combat to its player's allies while it is active, and no longer."""
    sc = build(items=(["Warding Charm"], []), allies=(["Antiquarian Scholar"], ["Antiquarian Scholar"]))
    mine, theirs = sc.id("Antiquarian Scholar", "ally:0"), sc.id("Antiquarian Scholar", "ally:1")
    assert (sc.st.combat(mine), sc.st.combat(theirs)) == (2, 1)
    sc.st.move_card(sc.id("Warding Charm"), "discard:0")
    assert sc.st.combat(mine) == 1


def test_my_12_1_activated_my_12_7_fast_quickening_word_is_a_free_cast() -> None:
    """Quickening Word: an ACTIVATED spell effect, tagged FAST - casting it draws and the turn goes on,
    the pass count untouched (MY-5.7)."""
    sc = build(items=(["Cultes des Goules", A("Quickening Word", "Cultes des Goules")], []), passes=(1, 1))
    sc.act("cast", card=sc.id("Quickening Word"))
    assert len(sc.zone("hand:0")) == 1 and decision(sc.st) == ("turn", 0)
    assert (sc.st.vars["pass_init"], sc.st.vars["pass_count"]) == (1, 1)


def test_my_12_1_my_6_9_6_the_sleeper_under_the_fen_fires_when_ageing_buries_it() -> None:
    """The Sleeper Under the Fen: a god's ON_BURIED fires when its second round's battle ends (MY-9.10)."""
    sc = build(gods=(["The Sleeper Under the Fen"], []), sanity=(10, 11), passes=(1, 1))
    god = sc.id("The Sleeper Under the Fen")
    sc.st.table.set_flag(god, CROSSWISE)  # played last round: it has aged once
    sc.act("pass")
    assert sc.st.table.zone_name(god) == "story:0" and sc.st.sanity(1) == 9


# ---- MY-12.9 order -----------------------------------------------------------------------------------------


def test_my_12_9_the_active_players_triggers_first_then_seat_order() -> None:
    """Nervous Diarist of each seat: Miasma over the Region changes both Sanities at once; in card play the
    active player's (seat 1's, though seat 0 is first) resolves first."""
    sc = build(hands=([], ["Miasma over the Region"]), allies=(["Nervous Diarist"], ["Nervous Diarist"]),
               active=1, first=0)
    sc.act("play", card=sc.id("Miasma over the Region"))
    assert [(p, t) for p, _c, t in fired(sc.st)] == [(1, "on_sanity_change"), (0, "on_sanity_change")]


def test_my_12_9_each_player_orders_his_own_event_triggers() -> None:
    """Nervous Diarist and Pocket Shrine: two of seat 0's cards trigger together; he orders them, the
    optional one then asks."""
    sc = build(items=(["Pocket Shrine", "Blood Price Idol"], []), allies=(["Nervous Diarist"], []), sanity=(6, 11))
    sc.act("activate", card=sc.id("Blood Price Idol"), ability=0)
    assert decision(sc.st) == ("order_triggers", 0)
    shrine, diarist = sc.id("Pocket Shrine"), sc.id("Nervous Diarist")
    assert sc.st.game.from_dict(sc.st.to_dict()).to_dict() == sc.st.to_dict()  # a snapshot mid-resolution
    assert sc.refuse("next", item=sc.id("Blood Price Idol")).rule == "MY-12.9"
    sc.act("next", item=shrine)
    assert decision(sc.st) == ("optional_trigger", 0)
    sc.act("yes")
    assert [c for _p, c, _t in fired(sc.st)] == [shrine, diarist]
    assert sc.st.sanity(0) == 5 and len(sc.zone("hand:0")) == 3  # 2 from the idol, 1 from the diarist


def test_my_12_9_an_optional_trigger_is_answered_yes_or_no() -> None:
    """Pocket Shrine: its question takes yes or no; anything else is refused naming MY-12.9, nothing changed."""
    sc = build(items=(["Pocket Shrine", "Blood Price Idol"], []), sanity=(6, 11))
    sc.act("activate", card=sc.id("Blood Price Idol"), ability=0)
    assert decision(sc.st) == ("optional_trigger", 0)
    assert sc.refuse("pick", card=sc.id("Pocket Shrine")).rule == "MY-12.9"


# ---- MY-12.2 costs -------------------------------------------------------------------------------------------


def test_my_12_2_sanity_cost_blood_price_idol_and_its_refusal() -> None:
    """Blood Price Idol: SANITY(2) is paid with the effect; with 1 Sanity it is not offered, and using it
    is refused naming MY-12.2, nothing changed."""
    sc = build(items=(["Blood Price Idol"], []), sanity=(5, 11))
    sc.act("activate", card=sc.id("Blood Price Idol"), ability=0)
    assert sc.st.sanity(0) == 3 and len(sc.zone("hand:0")) == 2
    poor = build(items=(["Blood Price Idol"], []), sanity=(1, 11))
    assert "activate" not in {o.kind for o in poor.st.legal_actions() if o.get("card") == poor.id("Blood Price Idol")}
    assert poor.refuse("activate", card=poor.id("Blood Price Idol"), ability=0).rule == "MY-12.2"


def test_my_12_2_turn_cost_slow_ritual_bowl_is_the_turn() -> None:
    """Slow Ritual Bowl: TURN - using it is the turn (MY-5.6c): seat 1 is active next."""
    sc = build(items=(["Slow Ritual Bowl"], []), sanity=(10, 11))
    sc.act("activate", card=sc.id("Slow Ritual Bowl"), ability=0)
    assert sc.st.sanity(0) == 12 and decision(sc.st) == ("turn", 1)


def test_my_12_2_bury_self_snapping_twig_charm() -> None:
    """Snapping Twig Charm: BURY_SELF - to the bottom of its owner's Story Deck."""
    sc = build(items=(["Snapping Twig Charm"], []), story=(["Lantern Crossing"], []), sanity=(10, 11))
    charm = sc.id("Snapping Twig Charm")
    sc.act("activate", card=charm, ability=0)
    assert sc.zone("story:0")[0] == charm and sc.st.sanity(0) == 12


def test_my_12_2_discard_self_spent_flare() -> None:
    """Spent Flare: DISCARD_SELF - to its owner's discard pile."""
    sc = build(items=(["Spent Flare"], []), sanity=(10, 11))
    flare = sc.id("Spent Flare")
    sc.act("activate", card=flare, ability=0)
    assert sc.zone("discard:0") == [flare] and sc.st.sanity(1) == 10


def test_my_12_2_discard_from_hand_ash_furnace_chooses_matching_cards() -> None:
    """Ash Furnace: DISCARD_FROM_HAND(2, event) asks which events, one at a time; a monster is refused
    naming MY-12.2 with nothing changed; the last one left is taken without asking."""
    sc = build(items=(["Ash Furnace"], []), hands=(["Sudden Insight", "Snap Decision", "Howling Thing",
                                                        "Early Dusk"], []), sanity=(10, 11))
    sc.act("activate", card=sc.id("Ash Furnace"), ability=0)
    assert decision(sc.st) == ("pay_discard", 0)
    assert sc.refuse("pick", card=sc.id("Howling Thing")).rule == "MY-12.2"
    assert {o.get("card") for o in sc.st.legal_actions()} == {sc.id("Sudden Insight"), sc.id("Snap Decision"),
                                                               sc.id("Early Dusk")}
    sc.act("pick", card=sc.id("Sudden Insight"))
    assert sc.zone("discard:0") == [] and decision(sc.st) == ("pay_discard", 0)  # nothing paid before all is chosen
    sc.act("pick", card=sc.id("Early Dusk"))
    assert sc.titles("discard:0") == ["Sudden Insight", "Early Dusk"]
    assert sc.titles("hand:0") == ["Snap Decision", "Howling Thing"]
    assert sc.st.sanity(0) == 13 and decision(sc.st) == ("turn", 0)


def test_my_12_2_discard_from_hand_unpayable_is_not_offered() -> None:
    """Ash Furnace with one event in hand: not offered; using it is refused naming MY-12.2."""
    sc = build(items=(["Ash Furnace"], []), hands=(["Sudden Insight", "Howling Thing"], []))
    furnace = sc.id("Ash Furnace")
    assert not [o for o in sc.st.legal_actions() if o.kind == "activate" and o.get("card") == furnace]
    err = sc.refuse("activate", card=furnace, ability=0)
    assert err.rule == "MY-12.2" and "too few" in str(err)


def test_my_12_2_bury_filter_sacrificial_altar_chooses_an_ally() -> None:
    """Sacrificial Altar: BURY(ally) asks which of two allies; the other stays."""
    sc = build(items=(["Sacrificial Altar"], []), allies=(["Antiquarian Scholar", "Nervous Diarist"], []),
               sanity=(10, 11))
    sc.act("activate", card=sc.id("Sacrificial Altar"), ability=0)
    assert decision(sc.st) == ("pay_bury", 0)
    assert sc.refuse("pick", card=sc.id("Sacrificial Altar")).rule == "MY-12.2"
    sc.act("pick", card=sc.id("Antiquarian Scholar"))
    assert sc.titles("ally:0") == ["Nervous Diarist"] and sc.titles("story:0") == ["Antiquarian Scholar"]
    assert sc.st.sanity(0) == 13
    none = build(items=(["Sacrificial Altar"], []))
    assert none.refuse("activate", card=none.id("Sacrificial Altar"), ability=0).rule == "MY-12.2"


def test_my_12_2_exhaust_self_tarnished_compass_until_end_of_round() -> None:
    """Tarnished Compass: EXHAUST_SELF - face down (not usable) until END_OF_ROUND turns it up (MY-5.13)."""
    sc = build(items=(["Tarnished Compass"], []))
    compass = sc.id("Tarnished Compass")
    sc.act("activate", card=compass, ability=0)
    assert sc.st.face_down(compass) and len(sc.zone("hand:0")) == 1
    assert sc.refuse("activate", card=compass, ability=0).rule == "MY-12.2"
    end_round(sc)
    assert sc.st.vars["round"] == 3 and not sc.st.face_down(compass)


def test_my_12_2_reveal_sealed_letter_shows_the_card_to_everyone() -> None:
    """Sealed Letter: REVEAL(monster) - the only monster is taken without asking, shown to seat 1, kept."""
    sc = build(items=(["Sealed Letter"], []), hands=(["Howling Thing", "Sudden Insight"], []), sanity=(10, 11))
    thing = sc.id("Howling Thing")
    before = sc.st.table.known[thing]
    sc.act("activate", card=sc.id("Sealed Letter"), ability=0)
    assert notes(sc.st, "revealed") == [{"player": 0, "card": thing}]
    assert sc.st.table.zone_name(thing) == "hand:0" and sc.st.sanity(1) == 10
    assert sc.st.table.known[thing] != before  # everyone has seen it now
    two = build(items=(["Sealed Letter"], []), hands=(["Howling Thing", "Spiteful Ooze"], []))
    two.act("activate", card=two.id("Sealed Letter"), ability=0)
    assert decision(two.st) == ("pay_reveal", 0)
    assert two.refuse("pick", card=two.id("Sealed Letter")).rule == "MY-12.2"
    none = build(items=(["Sealed Letter"], []), hands=(["Sudden Insight"], []))
    assert none.refuse("activate", card=none.id("Sealed Letter"), ability=0).rule == "MY-12.2"


# ---- MY-12.6 durations ---------------------------------------------------------------------------------------


def test_my_12_6_until_end_of_turn_fleeting_resolve() -> None:
    """Fleeting Resolve (fast): +2 for the rest of the turn; gone when the turn ends."""
    sc = build(hands=(["Fleeting Resolve"], []), allies=(["Antiquarian Scholar"], []))
    ally = sc.id("Antiquarian Scholar")
    sc.act("play", card=sc.id("Fleeting Resolve"))
    assert decision(sc.st) == ("turn", 0) and sc.st.combat(ally) == 3
    sc.act("pass")
    assert decision(sc.st) == ("turn", 1) and sc.st.combat(ally) == 1


def test_my_12_6_until_end_of_card_play_held_breath() -> None:
    """Held Breath: through the other seat's turn, ended when card play ends."""
    sc = build(hands=(["Held Breath"], []), allies=(["Antiquarian Scholar"], []))
    ally = sc.id("Antiquarian Scholar")
    sc.act("play", card=sc.id("Held Breath"))
    assert decision(sc.st) == ("turn", 1) and sc.st.combat(ally) == 2
    end_round(sc)
    assert sc.st.vars["round"] == 3 and sc.st.combat(ally) == 1
    assert any(e.kind == "card_play_ended" for e in sc.st.events)


def test_my_12_6_until_end_of_battle_battle_fervor() -> None:
    """Battle Fervor, played in the use step: +1 while the battle lasts, none after."""
    sc = build(hands=(["Battle Fervor"], ["Restful Sleep"]), allies=(["Antiquarian Scholar"], []), at="battle")
    ally = sc.id("Antiquarian Scholar")
    sc.act("play", card=sc.id("Battle Fervor"))
    assert decision(sc.st) == ("battle_use", 1) and sc.st.combat(ally) == 2
    sc.act("pass")
    assert sc.st.vars["round"] == 3 and sc.st.combat(ally) == 1


def test_my_12_6_until_end_of_round_evening_calm() -> None:
    """Evening Calm: seat 1 cannot attack seat 0 this round (an automatic decline); it ends with the round."""
    sc = build(hands=(["Evening Calm"], []), threat=([], ["Ghoul"]))
    sc.act("play", card=sc.id("Evening Calm"))
    assert lasting_total(sc.st, "cannot_be_attacked", "p0") == 1
    end_round(sc)
    assert sc.st.vars["round"] == 3 and not notes(sc.st, "attack")
    assert lasting_total(sc.st, "cannot_be_attacked", "p0") == 0


def test_my_12_6_n_rounds_lingering_ward_lasts_this_round_and_the_next() -> None:
    """Lingering Ward: N_ROUNDS(2) - still in force after this round ends, gone after the next (D-MY-124)."""
    sc = build(hands=(["Lingering Ward"], []))
    sc.act("play", card=sc.id("Lingering Ward"))
    end_round(sc)
    assert sc.st.vars["round"] == 3 and lasting_total(sc.st, "cannot_be_attacked", "p0") == 1
    end_round(sc)
    assert sc.st.vars["round"] == 4 and lasting_total(sc.st, "cannot_be_attacked", "p0") == 0


def test_my_12_6_while_in_play_banner_bearer_ends_when_it_is_buried() -> None:
    """Banner Bearer: WHILE_IN_PLAY - buried (into the Story Deck, still an in-play zone for the engine),
    its bonus ends on every ally."""
    sc = build(hands=(["Banner Bearer"], []), items=(["Sacrificial Altar"], []), allies=(["Antiquarian Scholar"], []))
    ally = sc.id("Antiquarian Scholar")
    bearer = sc.id("Banner Bearer")
    sc.act("play", card=bearer)
    assert (sc.st.combat(ally), sc.st.combat(bearer)) == (2, 2)
    sc.act("pass")
    sc.act("activate", card=sc.id("Sacrificial Altar"), ability=0)
    sc.act("pick", card=bearer)
    assert sc.st.table.zone_name(bearer) == "story:0" and sc.st.combat(ally) == 1


def test_my_12_6_permanent_indelible_mark_outlasts_the_round() -> None:
    """Indelible Mark: PERMANENT - still in force in the next round, while its ally stays."""
    sc = build(hands=(["Indelible Mark"], []), allies=(["Antiquarian Scholar"], []))
    ally = sc.id("Antiquarian Scholar")
    sc.act("play", card=sc.id("Indelible Mark"))
    end_round(sc)
    assert sc.st.vars["round"] == 3 and sc.st.combat(ally) == 2


# ---- MY-12.7 timing ------------------------------------------------------------------------------------------


def test_my_12_7_card_play_study_lamp_and_battle_signal_mirror() -> None:
    """Study Lamp (CARD_PLAY) is offered on the turn, not in battle; Signal Mirror (BATTLE) the reverse,
    and using it on the turn is refused naming MY-12.7."""
    sc = build(items=(["Study Lamp", "Signal Mirror"], []), sanity=(10, 11))
    lamp, mirror = sc.id("Study Lamp"), sc.id("Signal Mirror")
    used = {o.get("card") for o in sc.st.legal_actions() if o.kind == "activate"}
    assert lamp in used and mirror not in used
    assert sc.refuse("activate", card=mirror, ability=0).rule == "MY-12.7"
    bt = build(items=(["Study Lamp", "Signal Mirror"], []), hands=(["Restful Sleep"], []), at="battle", sanity=(10, 11))
    lamp, mirror = bt.id("Study Lamp"), bt.id("Signal Mirror")
    used = {o.get("card") for o in bt.st.legal_actions() if o.kind == "activate"}
    assert mirror in used and lamp not in used
    bt.act("activate", card=mirror, ability=0)
    assert bt.st.sanity(0) == 9 and lasting_total(bt.st, "prevent_damage", "p0") == 2


def test_my_12_7_fast_quick_notes_is_free_once_per_turn() -> None:
    """Quick Notes (FAST ability): a free action - the turn and the pass count stay; once per turn (D09)."""
    sc = build(items=(["Quick Notes"], []), passes=(1, 1))
    notes_ = sc.id("Quick Notes")
    sc.act("activate", card=notes_, ability=0)
    assert decision(sc.st) == ("turn", 0) and sc.st.vars["pass_count"] == 1 and len(sc.zone("hand:0")) == 1
    assert sc.refuse("activate", card=notes_, ability=0).rule == "MY-5.7"


def test_my_12_7_fast_snap_decision_event_does_not_use_the_turn() -> None:
    """Snap Decision (FAST event) keeps the turn; Restful Sleep (no tag) uses it."""
    sc = build(hands=(["Snap Decision", "Restful Sleep"], []), sanity=(10, 11), passes=(1, 1))
    sc.act("play", card=sc.id("Snap Decision"))
    assert decision(sc.st) == ("turn", 0) and sc.st.sanity(0) == 11 and sc.st.vars["pass_count"] == 1
    sc.act("play", card=sc.id("Restful Sleep"))
    assert decision(sc.st) == ("turn", 1)


def test_my_12_7_a_fast_spell_cannot_be_cast_in_the_battle_use_step() -> None:
    """Quickening Word is tagged FAST only: no battle use (MY-12.7)."""
    sc = build(items=(["Cultes des Goules", A("Quickening Word", "Cultes des Goules")], []),
               hands=(["Restful Sleep"], []), at="battle")
    assert decision(sc.st) == ("battle_use", 0)
    assert "cast" not in sc.kinds()


# ---- the bot and determinism -----------------------------------------------------------------------------------


def test_the_heuristic_bot_answers_every_new_decision_kind_legally() -> None:
    """optional_trigger, order_triggers, pay_discard, pay_bury, pay_reveal: the bot picks a listed option."""
    from cardtable.games.mythos.strategy import choose_action

    cases = [
        (build(items=(["Pocket Shrine", "Blood Price Idol"], []), sanity=(6, 11)), "Blood Price Idol"),
        (build(items=(["Pocket Shrine", "Blood Price Idol"], []), allies=(["Nervous Diarist"], []), sanity=(6, 11)),
         "Blood Price Idol"),
        (build(items=(["Ash Furnace"], []), hands=(["Sudden Insight", "Snap Decision", "Early Dusk"], [])), "Ash Furnace"),
        (build(items=(["Sacrificial Altar"], []), allies=(["Antiquarian Scholar", "Nervous Diarist"], [])),
         "Sacrificial Altar"),
        (build(items=(["Sealed Letter"], []), hands=(["Howling Thing", "Spiteful Ooze"], [])), "Sealed Letter"),
    ]
    kinds = set()
    for sc, card in cases:
        sc.act("activate", card=sc.id(card), ability=0)
        d = sc.st.decision
        assert d is not None
        kinds.add(d.kind)
        choice = choose_action(sc.st.view(d.player), d, Rng(3))
        assert choice in d.options
        sc.st.apply(choice)
    assert kinds == {"optional_trigger", "order_triggers", "pay_discard", "pay_bury", "pay_reveal"}


VOCAB_DECK = ["Sudden Insight", "Howling Thing", "Spiteful Ooze", "Snap Decision", "Fleeting Resolve",
              "Held Breath", "Battle Fervor", "Evening Calm", "Lingering Ward", "Early Dusk", "Restful Sleep",
              "Indelible Mark", "Banner Bearer", "Nervous Diarist", "Parting Courier", "Grave-Minded Sexton"] * 2


def _random_game(seed: int, steps: int = 400) -> MyState:
    items = (["Pocket Shrine", "Ash Furnace", "Sacrificial Altar", "Sealed Letter", "Quick Notes", "Dawn Chime",
              "Muster Drum", "Bottomless Satchel", "Blood Price Idol", "Tarnished Compass"],) * 2
    sc = build(decks=(VOCAB_DECK, VOCAB_DECK), items=items, threat=(["Ghoul"], ["Ghoul"]),
               story=(["Lantern Crossing"], ["Lantern Crossing"]), at="start", round=1, seed=seed,
               options={"max_rounds": 6})
    rng = Rng(seed)
    for _ in range(steps):
        d = sc.st.decision
        if d is None:
            break
        sc.st.apply(d.options[rng.below(len(d.options))])
    return sc.st


def test_same_seed_and_actions_give_the_same_game_with_the_new_vocabulary() -> None:
    """Determinism: two random games from one seed through every new decision are identical; they meet
    the new decision kinds and triggers on the way."""
    a, b = _random_game(5), _random_game(5)
    assert a.to_dict() == b.to_dict() and [e.kind for e in a.events] == [e.kind for e in b.events]
    kinds = {e.data.get("trigger") for e in a.events if e.kind == "triggered"}
    assert {"on_sanity_change", "start_of_round"} <= kinds


def test_heuristic_and_ismcts_bots_play_through_the_new_vocabulary() -> None:
    """Both bots answer every decision of a game full of triggers, costs and fast cards with a legal
    option, from their seat's view only."""
    from cardtable.bots import make_bot
    from cardtable.games.mythos import DEFINITION

    for spec, steps in (("heuristic", 150), ("ismcts:3:d4", 40)):
        st = _random_game(7, steps=0)
        bot = make_bot(spec, DEFINITION.info.id, seed=1)
        seen = set()
        for k in range(steps):
            d = st.decision
            if d is None:
                break
            seen.add(d.kind)
            action = bot.act(st.view(d.player), d, Rng(k))
            assert action in d.options, (spec, d.kind, action)
            st.apply(action)
        assert "turn" in seen, spec


def test_my_12_2_hand_picks_of_a_cost_stay_secret_until_paid() -> None:
    """Ash Furnace: the first event chosen waits in seat 0's own secret; seat 1's view holds no trace of
    it (not in the stack, not in the secrets) until the cost is paid and the cards are discarded face up."""
    sc = build(items=(["Ash Furnace"], []), hands=(["Sudden Insight", "Snap Decision", "Early Dusk"], []))
    sc.act("activate", card=sc.id("Ash Furnace"), ability=0)
    picked = sc.id("Snap Decision")
    sc.act("pick", card=picked)
    other, mine = sc.st.view(1), sc.st.view(0)
    assert other["secrets"] == [] and mine["secrets"] == [[0, [picked]]]
    pay = [f for f in sc.st.stack if f.op == "my.pay"]
    assert pay and picked not in pay[0].args.values()
    again = sc.st.game.from_dict(sc.st.to_dict())  # a snapshot mid-payment goes on the same way
    assert again.to_dict() == sc.st.to_dict()


# ---- card data: what the vocabulary refuses at load (MY-12.10) -------------------------------------------------

HEAD = "set: test\nversion: 1\nregions: [Lovecraft Country]\nlanguages: [English]\ncards:\n"


@pytest.mark.parametrize("card, words", [
    ("{id: T-E1, title: T, type: event, effects: [{trigger: on_play, duration: n_rounds, do: [{op: skip_battle}]}]}",
     "n_rounds needs 'rounds'"),
    ("{id: T-E1, title: T, type: event, effects: [{trigger: on_play, rounds: 2, do: [{op: skip_battle}]}]}",
     "n_rounds needs 'rounds'"),
    ("{id: T-E1, title: T, type: event, effects: [{trigger: on_play, optional: true, do: [{op: draw, n: 1}]}]}",
     "only a slot or event trigger can be optional"),
    ("{id: T-I1, title: T, type: artifact, abilities: [{name: X, costs: [turn], timing: [fast], do: [{op: draw, n: 1}]}]}",
     "fast ability does not use the turn"),
    ("{id: T-I1, title: T, type: artifact, abilities: [{name: X, costs: [{discard_from_hand: 0}], do: [{op: draw, n: 1}]}]}",
     "costs"),
    ("{id: T-I1, title: T, type: artifact, abilities: [{name: X, costs: [{bury: {type: allie}}], do: [{op: draw, n: 1}]}]}",
     "costs"),
])
def test_my_12_10_malformed_triggers_costs_and_durations_name_file_card_and_field(tmp_path: Any, card: str,
                                                                                  words: str) -> None:
    """MY-12.2, MY-12.6, MY-12.7: a cost, duration or timing the rules could not run is refused at load,
    the message naming the file and the card."""
    from cardtable.core.errors import CardDataError
    from cardtable.games.mythos.catalog import build_pool

    path = tmp_path / "set.yaml"
    path.write_text(HEAD + "  - " + card + "\n", encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        build_pool([path])
    msg = str(err.value)
    assert "set.yaml" in msg and "T-" in msg and words in msg, msg


# ---- the shared conformance checks, with decks full of the new vocabulary ---------------------------------------


class _VocabularyMythos:
    """The Mythos definition, dealing each seat a ready deck plus one of every MYT- card, so the shared
    conformance checks meet the new triggers, costs and decisions (hidden picks included)."""

    def __init__(self) -> None:
        from cardtable.games.mythos import DEFINITION

        self._g = DEFINITION

    def __getattr__(self, name: str) -> Any:
        return getattr(self._g, name)

    def new_game(self, seed: int, players: int | None = None, options: Any = None) -> Any:
        from cardtable.games.mythos.deck_rules import ready_decks

        pool = self._g.pool
        vocab = [d.index for d in pool.defs if d.id.startswith("MYT-")]
        names = sorted(ready_decks())
        decks = []
        for p in range(players or 2):
            base = dict(self._g.ready_decks()[names[(seed + p) % len(names)]])
            decks.append({"name": "vocabulary", "investigator": base["investigator"],
                          "cards": sorted(list(base["cards"]) + vocab)})
        return self._g.new_game(seed=seed, players=players, options={"decks": decks, "max_rounds": 8})


@pytest.mark.parametrize("players", (2, 3))
def test_conformance_with_the_vocabulary_cards_no_leaks_replay_snapshots_refusals(players: int) -> None:
    """Seeded random games with every MYT- card: they end, replay the same, round-trip as snapshots,
    refuse illegal actions without change and never show a seat what it may not know."""
    from cardtable.testing import conformance as c

    game: Any = _VocabularyMythos()
    seeds = range(3)
    assert c.check_playouts_terminate(game, players, seeds) == len(seeds)
    c.check_determinism_and_replay(game, players, seeds)
    c.check_snapshot_round_trip(game, players, seeds)
    assert c.check_illegal_actions_change_nothing(game, players, range(2), per_state=2) > 50
    c.check_no_leaks(game, players, range(2), resamples=1)
    kinds = {e.data.get("trigger") for _s, st, _x in c.playouts(game, players, seeds) for e in st.events
             if e.kind == "triggered"}
    assert {"on_sanity_change", "start_of_round"} <= kinds, kinds
