"""Success tokens and winning stories (CC-1.2, CC-1.3, CC-7.4, CC-8.1, CC-8.2, CC-8.17, CC-8.20–8.22, CC-7.33)."""

from __future__ import annotations

from cardtable.games.call_of_cthulhu.testing import Card, build

ROAD = "The Coast Road at Midnight"  # slot 2 by default: no Terror, 2 Combat, 1 Arcane, 1 Investigation
PATROL, DOG, OCCULT = "Harbor Patrolman", "Stray Dog", "Travelling Occultist"


def test_cc_8_20_five_tokens_win_the_story_and_the_rest_of_its_resolution_is_skipped() -> None:
    """CC-1.3 / CC-8.20: the 5th token wins at once: tokens of both sides cleared (1), committed characters
    uncommitted and attachments on the story discarded (2, CC-7.33), the story to the won pile (3), the slot
    refilled from the story deck (5); the remaining Determine Success is skipped."""
    sc = build(at="resolve:2", tokens={2: (4, 3)}, story_deck=["The Silent Observatory", "Ashes of the Witch House"],
               row=("The Drowned Bell of Innsmouth", "A Map of Unknown Kadath", ROAD),
               play=([Card(DOG, story=2, exhausted=True), Card("Armored Car", host="row:2")], []))
    st = sc.st
    road, car, dog = sc.id(ROAD), sc.id("Armored Car"), sc.id(DOG)
    assert st.table.cards("won:0") == [road]
    assert st.vars["tokens"][4:6] == [0, 0], "the new story starts clean; no skipped success token landed on it"
    assert st.card(st.story_at(2)).title == "The Silent Observatory", "refilled from the top of the story deck"
    assert car in st.table.cards("discard:0") and st.committed_slot(dog) is None


def test_cc_8_17_an_investigation_token_by_the_defender_can_win_the_story() -> None:
    """CC-8.17 / CC-7.4: each player has his own side; the defender's Investigation token can win it."""
    sc = build(at="resolve:2", tokens={2: (2, 4)},
               play=([Card("Yellow-Robed Acolyte", story=2, exhausted=True)], [Card(OCCULT, story=2, exhausted=True)]))
    st = sc.st
    if st.decision is not None and st.decision.kind == "arcane_ready":
        sc.act("done")
    assert st.table.cards("won:1") == [sc.id(ROAD)] and st.table.cards("won:0") == []


def test_cc_8_21_both_sides_at_five_after_one_step_the_ap_wins_it() -> None:
    """CC-8.21 / D-17: if both sides of one story hold 5 after the same step, the AP wins it."""
    sc = build(at="refresh", active=1, tokens={0: (5, 5)})
    st = sc.st
    assert [st.card(i).title for i in st.table.cards("won:1")] == ["The Drowned Bell of Innsmouth"]
    assert st.table.cards("won:0") == []


def test_cc_8_1_an_empty_story_deck_leaves_the_slot_empty() -> None:
    """CC-8.1 / D-22: the row refills from the story deck; with none left the slot stays empty."""
    sc = build(at="refresh", tokens={1: (5, 0)}, story_deck=[])
    assert sc.st.story_at(1) is None and len(sc.st.table.cards("won:0")) == 1


def test_cc_8_2_tokens_stay_across_turns_and_cc_1_2_on_their_own_side() -> None:
    """CC-8.2: success tokens stay on the story from turn to turn; CC-1.2 each player's on his own side."""
    sc = build(at="end", tokens={0: (3, 2), 2: (0, 4)})
    assert sc.st.vars["turn"] == 4 and sc.st.vars["tokens"] == [3, 2, 0, 0, 0, 4]


def test_cc_8_22_only_stories_enter_won_piles() -> None:
    """CC-8.22: after a story is won, the won pile holds stories only."""
    sc = build(at="refresh", tokens={0: (5, 0)}, play=([Card("Armored Car", host="row:0")], []))
    st = sc.st
    assert [st.card(i).type for i in st.table.cards("won:0")] == ["story"]
