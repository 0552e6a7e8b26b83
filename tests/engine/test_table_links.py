"""``CardTable.links`` (host -> number of cards attached) is an index of ``host``, and ``counted`` (card ->
number of its counters) one of ``counters``: whatever the rules do, a copy, a snapshot or a sampled state
must agree with the columns, or ``attachments`` would answer wrongly and a moved card would keep its
counters. Checked as a property over seeded random games of every card game, naming none of them."""

from __future__ import annotations

import random

import pytest

import cardtable
from cardtable.engine import CardState
from cardtable.engine.table import NO_CARD, CardTable

CARD_GAMES = [info.id for info in cardtable.list_games()
              if isinstance(cardtable.load_game(info.id).new_game(seed=0, players=info.min_players), CardState)]


def _consistent(t: CardTable) -> None:
    want: dict[int, int] = {}
    for h in t.host:
        if h != NO_CARD:
            want[h] = want.get(h, 0) + 1
    assert t.links == want
    counted: dict[int, int] = {}
    for i, _name in t.counters:
        counted[i] = counted.get(i, 0) + 1
    assert t.counted == counted
    for h in range(len(t)):
        assert t.attachments(h) == [i for i, x in enumerate(t.host) if x == h]


def test_there_are_card_games_to_check() -> None:
    assert CARD_GAMES


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_links_follow_host_through_play_copies_snapshots_and_samples(game_id: str) -> None:
    game = cardtable.load_game(game_id)
    attached = counted = 0
    for seed in range(4):
        rng = random.Random(seed)
        st = game.new_game(seed=seed, players=game.info.max_players)
        step = 0
        while not st.is_terminal:
            assert isinstance(st, CardState)
            _consistent(st.table)
            attached = max(attached, len(st.table.links))
            counted = max(counted, len(st.table.counted))
            if step % 25 == 0:
                copy = st.clone()
                assert isinstance(copy, CardState)
                _consistent(copy.table)
                loaded = game.from_dict(st.to_dict())
                assert isinstance(loaded, CardState)
                _consistent(loaded.table)
                seat = st.to_act
                sampled = st.determinize(seat, seed=step)
                assert isinstance(sampled, CardState)
                _consistent(sampled.table)
            st.apply(rng.choice(st.legal_actions()))
            step += 1
    assert attached, f"{game_id}: no card was ever attached, so the check proved nothing"
    if counted:
        COUNTED.add(game_id)


COUNTED: set[str] = set()  # the card games whose random games above put counters on cards


def test_the_counter_index_was_exercised_by_some_card_game() -> None:
    """Not every card game uses counters (Million Arthur has none); the check above proves something
    only if some game's cards carried them. (Runs after the parametrised test, in file order.)"""
    for game_id in CARD_GAMES:
        if game_id in COUNTED:
            return
        game = cardtable.load_game(game_id)
        st = game.new_game(seed=0, players=game.info.max_players)
        rng = random.Random(0)
        while not st.is_terminal:
            assert isinstance(st, CardState)
            if st.table.counted:
                return
            st.apply(rng.choice(st.legal_actions()))
    raise AssertionError("no card game put a counter on a card")
