"""``CardTable.links`` (host -> number of cards attached) is an index of ``host``: whatever the rules do,
a copy, a snapshot or a sampled state must agree with the host column, or ``attachments`` would answer
wrongly. Checked as a property over seeded random games of every card game, naming none of them."""

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
    for h in range(len(t)):
        assert t.attachments(h) == [i for i, x in enumerate(t.host) if x == h]


def test_there_are_card_games_to_check() -> None:
    assert CARD_GAMES


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_links_follow_host_through_play_copies_snapshots_and_samples(game_id: str) -> None:
    game = cardtable.load_game(game_id)
    attached = 0
    for seed in range(4):
        rng = random.Random(seed)
        st = game.new_game(seed=seed, players=game.info.max_players)
        step = 0
        while not st.is_terminal:
            assert isinstance(st, CardState)
            _consistent(st.table)
            attached = max(attached, len(st.table.links))
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
