"""The shortcuts of carrying out a turn and a round agree with the plain rules they stand for.

Why: the refill draws the cards before a deck runs out in one table call with their events appended
directly (``rules.draw_plain``), and the state checks after a turn test the printed combat values in one
pass when nothing in the game can lower one (``checks.doomed_allies``). These tests play the plain way on
copies of positions of seeded random games (MY-5.2b, MY-5.11) and compare."""

from __future__ import annotations


from cardtable.games.mythos import GAME
from cardtable.games.mythos.checks import doomed_allies
from cardtable.games.mythos.rules import draw_one, draw_plain
from cardtable.games.mythos.state import DECK, MyState
from cardtable.testing.positions import random_positions


def _positions(games: int = 6, players: int = 4) -> list[MyState]:
    return list(random_positions(GAME, players, games, 11, lambda st, rng: rng.random() < 0.2))  # type: ignore[arg-type]


def test_my_5_2b_draw_plain_is_draw_one_card_by_card() -> None:
    drawn = 0
    for st in _positions():
        for p in range(st.players):
            deck = len(st.table.cards(DECK[p]))
            if not deck:
                continue
            n = 1 + (deck - 1) % 5
            fast, plain = st.clone(), st.clone()
            draw_plain(fast, p, n)
            batch: dict[int, list[int]] = {}
            for _ in range(n):
                assert draw_one(plain, p, batch)
            assert not batch  # no library-out among them
            assert fast.table.to_dict() == plain.table.to_dict()
            assert [e.to_dict() for e in fast.events] == [e.to_dict() for e in plain.events]
            drawn += n
    assert drawn > 500


def test_my_5_11_doomed_allies_is_every_ally_at_combat_0_or_less() -> None:
    allies = 0
    for st in _positions():
        every = [i for p in range(st.players) for i in st.allies(p)]
        assert doomed_allies(st) == [i for i in every if st.combat(i) <= 0]
        allies += len(every)
    assert allies > 100


def test_my_11_2_seat_order_from_the_made_orders_is_clockwise_from_the_start() -> None:
    """``seat_order`` reads orders made once per player count; each call hands a new list."""
    for players in (2, 3, 4):
        st = GAME.new_game(seed=1, players=players)
        assert isinstance(st, MyState)
        for start in range(-players, 2 * players):
            got = st.seat_order(start)
            assert got == [(start + k) % players for k in range(players)]
            got.append(99)  # a caller may change its list: the next answer is unchanged
            assert st.seat_order(start) == [(start + k) % players for k in range(players)]
