"""The card table's record of where each card has been (``CardTable.seen``), which the balance lab reads."""

from __future__ import annotations

from cardtable.core import Visibility
from cardtable.engine import ZoneDecl
from cardtable.engine.table import DECKED, HELD, PLAYED, CardTable

ZONES = [ZoneDecl("deck:0", Visibility.HIDDEN, 0, ordered=True), ZoneDecl("hand:0", Visibility.OWNER, 0, hand=True),
         ZoneDecl("play:0", Visibility.PUBLIC, 0, in_play=True), ZoneDecl("discard:0", Visibility.PUBLIC, 0),
         ZoneDecl("leader:0", Visibility.PUBLIC, 0)]


def test_a_card_collects_a_mark_for_each_kind_of_zone_it_enters_and_keeps_them() -> None:
    t = CardTable(ZONES)
    drawn, played, milled = (t.add(7, 0, "deck:0") for _ in range(3))
    leader = t.add(9, 0, "leader:0")
    t.move(drawn, "hand:0")
    t.move(played, "hand:0")
    t.move(played, "play:0")
    t.move(played, "discard:0")
    t.move(milled, "discard:0")
    assert t.seen[drawn] == DECKED | HELD
    assert t.seen[played] == DECKED | HELD | PLAYED, "leaving play does not take the mark away"
    assert t.seen[milled] == DECKED
    assert t.seen[leader] == 0, "a card that never was in a deck is not part of it"


def test_a_card_that_enters_a_played_zone_counts_as_played_though_it_never_enters_play() -> None:
    """An event is played without entering play: the zone it resolves from is declared ``played``, so
    the balance lab counts it as played (Call of Cthulhu's ``resolving``); the zone is not in play."""
    zones = [*ZONES, ZoneDecl("resolving", Visibility.PUBLIC, None, played=True)]
    t = CardTable(zones)
    event, kept = t.add(3, 0, "deck:0"), t.add(3, 0, "deck:0")
    for i in (event, kept):
        t.move(i, "hand:0")
    t.move(event, "resolving")
    assert not t.in_play(event), "a played zone is not a zone in play"
    t.move(event, "discard:0")
    t.move(kept, "discard:0")  # discarded from the hand: drawn, never played
    assert t.seen[event] == DECKED | HELD | PLAYED
    assert t.seen[kept] == DECKED | HELD


def test_the_record_survives_copy_and_snapshot_and_a_hand_built_snapshot_may_leave_it_out() -> None:
    t = CardTable(ZONES)
    i = t.add(1, 0, "deck:0")
    t.move(i, "hand:0")
    c = t.copy()
    c.move(i, "play:0")
    assert t.seen[i] == DECKED | HELD and c.seen[i] == DECKED | HELD | PLAYED, "a copy has its own record"
    back = CardTable.from_dict(ZONES, c.to_dict())
    assert back.seen == c.seen
    d = c.to_dict()
    del d["seen"]
    assert CardTable.from_dict(ZONES, d).seen == [0]


def test_add_many_lays_out_the_same_table_as_adding_one_by_one() -> None:
    """``add_many`` (new games lay their decks out with it) builds exactly what ``add`` in a loop builds."""
    one, many = CardTable(ZONES), CardTable(ZONES)
    for t in (one, many):
        t.add(9, 0, "leader:0")
    for d in (3, 1, 4, 1, 5):
        one.add(d, 0, "deck:0")
    many.add_many([3, 1, 4, 1, 5], 0, "deck:0")
    assert many.to_dict() == one.to_dict()
    assert many.cards("deck:0") == [1, 2, 3, 4, 5] and many.seen[3] == DECKED


def test_counters_go_with_a_move_and_the_index_follows_every_way_they_are_written() -> None:
    """A moved card is a new object: its counters go (the ``counted`` index tells ``move`` which cards
    have any), whether they were added, set to 0 or loaded from a snapshot."""
    t = CardTable(ZONES)
    a, b = t.add(1, 0, "play:0"), t.add(2, 0, "play:0")
    t.add_counter(a, "wounds", 2)
    t.set_counter(a, "played", 0)
    t.set_counter(b, "played", 5)
    assert t.counted == {a: 2, b: 1}
    t.add_counter(a, "wounds", -2)
    assert t.counters == {(a, "played"): 0, (b, "played"): 5} and t.counted == {a: 1, b: 1}
    t.move(a, "discard:0")
    assert t.counters == {(b, "played"): 5} and t.counted == {b: 1}
    loaded = CardTable.from_dict(ZONES, t.to_dict())
    assert loaded.counted == {b: 1}
    loaded.move(b, "hand:0")
    assert loaded.counters == {} and loaded.counted == {}
    assert t.counters == {(b, "played"): 5}, "a loaded copy is its own table"


def test_a_zone_declared_played_marks_its_cards_played_without_putting_them_in_play() -> None:
    """``ZoneDecl.played``: a card played into a zone outside the field (Mythos' Acquired Adventures) counts
    as played in the record, and the zone stays out of play for the rules."""
    zones = ZONES + [ZoneDecl("scored:0", Visibility.PUBLIC, 0, played=True)]
    t = CardTable(zones)
    i = t.add(3, 0, "hand:0")
    t.move(i, "scored:0")
    assert t.seen[i] & PLAYED and not t.in_play(i)
