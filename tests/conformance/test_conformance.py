"""The shared conformance suite, run for every registered game at every player count.

A game joins by being listed in ``cardtable.registry``; the checks live in
``cardtable.testing.conformance`` and use only the public API.
"""

from __future__ import annotations

import pytest

import cardtable
from cardtable.registry import game_ids
from cardtable.testing import conformance as c

CASES = [
    pytest.param(gid, n, id=f"{gid}-{n}p")
    for gid in game_ids()
    for n in range(cardtable.load_game(gid).info.min_players, cardtable.load_game(gid).info.max_players + 1)
]


@pytest.mark.parametrize("game_id,players", CASES)
def test_random_playouts_terminate(game_id: str, players: int) -> None:
    assert c.check_playouts_terminate(cardtable.load_game(game_id), players, range(300)) == 300


@pytest.mark.parametrize("game_id,players", CASES)
def test_illegal_and_malformed_actions_are_refused_and_change_nothing(game_id: str, players: int) -> None:
    assert c.check_illegal_actions_change_nothing(cardtable.load_game(game_id), players, range(40)) > 100


@pytest.mark.parametrize("game_id,players", CASES)
def test_same_seed_same_actions_same_game_and_replay(game_id: str, players: int) -> None:
    c.check_determinism_and_replay(cardtable.load_game(game_id), players, range(60))


@pytest.mark.parametrize("game_id,players", CASES)
def test_damaged_records_replay_or_are_refused_with_a_cardtable_error(game_id: str, players: int) -> None:
    assert c.check_damaged_records_are_refused_cleanly(cardtable.load_game(game_id), players, range(20)) > 200


@pytest.mark.parametrize("game_id,players", CASES)
def test_snapshot_round_trip(game_id: str, players: int) -> None:
    c.check_snapshot_round_trip(cardtable.load_game(game_id), players, range(40))


@pytest.mark.parametrize("game_id,players", CASES)
def test_clone_independence(game_id: str, players: int) -> None:
    c.check_clone_independence(cardtable.load_game(game_id), players, range(40))


@pytest.mark.parametrize("game_id,players", CASES)
def test_no_leaks_under_resampling(game_id: str, players: int) -> None:
    assert c.check_no_leaks(cardtable.load_game(game_id), players, range(40)) > 100


@pytest.mark.parametrize("game_id,players", CASES)
def test_bot_search_leaves_game_and_rng_untouched(game_id: str, players: int) -> None:
    from cardtable.bots import make_bot
    from cardtable.core import Rng

    for spec in ("heuristic", "ismcts:20"):
        bot = make_bot(spec, game_id, seed=1)
        c.check_rng_isolation(cardtable.load_game(game_id), players, range(3),
                              lambda view, decision: bot.act(view, decision, Rng(5)))


@pytest.mark.parametrize("game_id", game_ids())
def test_card_data_loads_and_every_card_has_an_ability(game_id: str) -> None:
    assert cardtable.load_game(game_id).check_card_data() == []


def test_list_games_names_every_registered_game() -> None:
    infos = cardtable.list_games()
    assert [i.id for i in infos] == game_ids()
    assert all(i.min_players <= i.max_players for i in infos)
