"""Winning and losing (CC-1.4–1.6, CC-12.3.1 state checks, CC-9.7 drawing)."""

from __future__ import annotations

from cardtable.engine import add_lasting
from cardtable.games.call_of_cthulhu.testing import Card, build

WON2 = ("A Map of Unknown Kadath", "Ashes of the Witch House")
WON2B = ("The Hungry Orchard", "Threshold of the Outer Dark")


def test_cc_1_4_the_third_story_wins_the_game_at_once() -> None:
    """CC-1.4 / CC-8.20 step 4: the game ends when the won pile reaches 3, before refill or win effect."""
    sc = build(at="resolve:2", tokens={2: (4, 0)}, won=(WON2, ()),
               play=([Card("Stray Dog", story=2, exhausted=True)], []))
    out = sc.st.outcome
    assert out is not None and out.winners == [0] and "CC-1.4" in out.reason
    assert out.details["how"] == "stories" and sc.st.story_at(2) is None, "no refill once the game is over"


def test_cc_1_4_the_threshold_is_three_plus_modifiers_never_below_one() -> None:
    """CC-1.4 / D-26: modifiers change the stories needed; never fewer than 1."""
    sc = build(run=False)
    st = sc.st
    assert st.threshold(0) == 3
    add_lasting(st, "threshold", "p0", 1, "permanent")
    add_lasting(st, "threshold", "p1", -7, "permanent")
    assert st.threshold(0) == 4 and st.threshold(1) == 1
    sc = build(at="refresh", won=(WON2, ()), tokens={0: (5, 0)}, run=False)
    add_lasting(sc.st, "threshold", "p0", 1, "permanent")
    sc.st.start()
    assert sc.st.outcome is None and len(sc.st.table.cards("won:0")) == 3, "4 needed now"


def test_cc_1_6_1_both_reach_their_threshold_in_one_step_the_ap_wins() -> None:
    """CC-1.6.1 / D-40: stories qualifying after one step are won together; both at 3: the AP wins."""
    sc = build(at="refresh", active=1, won=(WON2, WON2B), tokens={0: (5, 0), 1: (0, 5)})
    out = sc.st.outcome
    assert out is not None and out.winners == [1]


def test_cc_1_5_drawing_the_last_card_loses_at_that_instant() -> None:
    """CC-1.5 / CC-9.7: the deck-out check follows each single draw; the second draw never happens."""
    sc = build(at="draw", decks=(["Stray Dog"], ["Stray Dog"] * 5))
    out = sc.st.outcome
    assert out is not None and out.winners == [1] and "CC-1.5" in out.reason
    assert len(sc.st.table.cards("hand:0")) == 1


def test_cc_1_6_2_and_cc_12_3_1_story_victory_is_checked_before_deck_out() -> None:
    """CC-1.6.2 / CC-12.3.1 (i)–(iii): after one step the third story wins before an empty deck loses."""
    sc = build(at="refresh", won=(WON2, ()), tokens={0: (5, 0)}, decks=([], ["Stray Dog"] * 3))
    out = sc.st.outcome
    assert out is not None and out.winners == [0] and out.details["how"] == "stories"


def test_cc_1_6_3_both_decks_empty_at_once_is_a_draw() -> None:
    """CC-1.6.3 / D-02: both draw decks empty after the same step: nobody wins (the opponent's deck is laid
    out empty here, as only an effect could empty both in one step)."""
    sc = build(at="draw", decks=(["Stray Dog"], []))
    out = sc.st.outcome
    assert out is not None and out.winners == [] and "CC-1.6.3" in out.reason


def test_cc_12_3_1_destruction_uniqueness_and_heroic_villainous_checks_in_order() -> None:
    """CC-12.3.1 (iv)–(vi): a character with wounds ≥ durability is destroyed; duplicates are discarded."""
    sc = build(at="refresh", play=([Card("Stray Dog", wounds=1), "Hired Muscle"], []))
    st = sc.st
    assert sc.id("Stray Dog") in st.table.cards("discard:0"), "durability 1, one wound: destroyed"
    assert sc.id("Hired Muscle") in st.table.cards("play:0")
