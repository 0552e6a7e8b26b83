"""``CardTable.move_from`` and ``move_top`` (several cards between the same two zones in one call) leave the
table exactly as the same ``move`` calls one card at a time would: every column, the zones' order, the
indexes and the change stamp. Checked on random tables whose cards carry flags, hosts, counters and
``known`` bits, between zones of every visibility (a deck, a hand, a public pile, a play area)."""

from __future__ import annotations

import random

from cardtable.core import Visibility
from cardtable.engine.table import FACE_DOWN, NO_CARD, CardTable, ZoneDecl

ZONES = (ZoneDecl("deck", Visibility.HIDDEN, 0, ordered=True), ZoneDecl("hand", Visibility.OWNER, 0, hand=True),
         ZoneDecl("pile", Visibility.PUBLIC, 0), ZoneDecl("field", Visibility.PUBLIC, 0, in_play=True))


def _table(rng: random.Random) -> CardTable:
    t = CardTable(ZONES)
    for k in range(40):
        t.add(k % 7, 0, rng.choice([d.name for d in ZONES]), flags=rng.choice([0, FACE_DOWN, 4]))
    for i in range(len(t)):
        t.known[i] = rng.choice([0, 0, 1, -1])
        if rng.random() < 0.2:
            t.set_counter(i, "played", rng.randrange(1, 9))
        if rng.random() < 0.15:
            t.attach(i, rng.randrange(len(t)))
    return t


def _same(a: CardTable, b: CardTable) -> None:
    for column in ("defn", "owner", "ctrl", "zone", "flags", "host", "known", "seen", "zones"):
        assert getattr(a, column) == getattr(b, column), column
    assert (a.counters, a.counted, a.links, a.stamp) == (b.counters, b.counted, b.links, b.stamp)


def test_move_from_and_move_top_are_the_moves_one_card_at_a_time() -> None:
    checked = 0
    for seed in range(300):
        rng = random.Random(seed)
        t = _table(rng)
        src, dst = rng.sample([d.name for d in ZONES], 2)
        pile = t.cards(src)
        if not pile:
            continue
        flags = rng.choice([None, 0])
        one_by_one = t.copy()
        if rng.random() < 0.5:
            n = rng.randrange(1, len(pile) + 1)
            top = list(reversed(pile[len(pile) - n:]))
            assert t.move_top(src, dst, n, flags=flags) == top
            cards = top
        else:
            cards = rng.sample(pile, rng.randrange(1, len(pile) + 1))
            t.move_from(src, cards, dst, flags=flags)
        for i in cards:
            one_by_one.move(i, dst, flags=flags)
        _same(t, one_by_one)
        assert all(t.host[i] == NO_CARD for i in cards)
        checked += 1
    assert checked > 200
