"""The shared conformance suite, run for every registered game at every player count.

A game joins by being listed in ``cardtable.registry``; the checks live in
``cardtable.testing.conformance`` and use only the public API. Seed counts are those of a short
game; ``seed_count`` scales them down for long games (never below a floor), so a card game of
hundreds of decisions costs about what a short game does.
"""

from __future__ import annotations

import pytest

import cardtable
from cardtable.core.game import GameDefinition
from cardtable.registry import game_ids
from cardtable.testing import conformance as c

CASES = [
    pytest.param(gid, n, id=f"{gid}-{n}p")
    for gid in game_ids()
    for n in range(cardtable.load_game(gid).info.min_players, cardtable.load_game(gid).info.max_players + 1)
]


def game_and_seeds(game_id: str, players: int, wanted: int) -> tuple[GameDefinition, range]:
    game = cardtable.load_game(game_id)
    return game, c.seed_count(game, players, wanted)


@pytest.mark.parametrize("game_id,players", CASES)
def test_random_playouts_terminate(game_id: str, players: int) -> None:
    game, seeds = game_and_seeds(game_id, players, 300)
    assert c.check_playouts_terminate(game, players, seeds) == len(seeds)


@pytest.mark.parametrize("game_id,players", CASES)
def test_illegal_and_malformed_actions_are_refused_and_change_nothing(game_id: str, players: int) -> None:
    game, seeds = game_and_seeds(game_id, players, 40)
    assert c.check_illegal_actions_change_nothing(game, players, seeds) > 100


@pytest.mark.parametrize("game_id,players", CASES)
def test_same_seed_same_actions_same_game_and_replay(game_id: str, players: int) -> None:
    game, seeds = game_and_seeds(game_id, players, 60)
    c.check_determinism_and_replay(game, players, seeds)


@pytest.mark.parametrize("game_id,players", CASES)
def test_damaged_records_replay_or_are_refused_with_a_cardtable_error(game_id: str, players: int) -> None:
    game, seeds = game_and_seeds(game_id, players, 20)
    # A game cut to a few seeds (its playouts are thousands of steps, each replay costs as much) damages
    # fewer records per seed too; most damaged records must still be refused.
    per_record = max(8, min(25, 25 * len(seeds) // 12))
    refused = c.check_damaged_records_are_refused_cleanly(game, players, seeds, per_record)
    assert refused > min(200, len(seeds) * per_record * 2 // 3)


@pytest.mark.parametrize("game_id,players", CASES)
def test_snapshot_round_trip(game_id: str, players: int) -> None:
    game, seeds = game_and_seeds(game_id, players, 40)
    c.check_snapshot_round_trip(game, players, seeds)


@pytest.mark.parametrize("game_id,players", CASES)
def test_clone_independence(game_id: str, players: int) -> None:
    game, seeds = game_and_seeds(game_id, players, 40)
    c.check_clone_independence(game, players, seeds)


@pytest.mark.parametrize("game_id,players", CASES)
def test_no_leaks_under_resampling(game_id: str, players: int) -> None:
    game, seeds = game_and_seeds(game_id, players, 40)
    assert c.check_no_leaks(game, players, seeds) > 100


@pytest.mark.parametrize("game_id,players", CASES)
def test_bot_search_leaves_game_and_rng_untouched(game_id: str, players: int) -> None:
    from cardtable.bots import has_policy, make_bot
    from cardtable.core import Rng

    game = cardtable.load_game(game_id)
    # A game without a position evaluation plays every ISMCTS rollout to the end: for a long game
    # (thousands of random steps) a few iterations on a few states per game check the same thing.
    long_game = c.seed_count(game, players, 12) != range(12)
    specs = (["heuristic"] if has_policy(game_id) else []) + ["ismcts:3" if long_game and game.evaluate is None
                                                              else "ismcts:20"]
    for spec in specs:
        bot = make_bot(spec, game_id, seed=1)
        c.check_rng_isolation(game, players, range(3), lambda view, decision: bot.act(view, decision, Rng(5)),
                              per_game=4 if long_game else None)


@pytest.mark.parametrize("game_id", game_ids())
def test_card_data_loads_and_every_card_has_an_ability(game_id: str) -> None:
    assert cardtable.load_game(game_id).check_card_data() == []


def test_list_games_names_every_registered_game() -> None:
    infos = cardtable.list_games()
    assert [i.id for i in infos] == game_ids()
    assert all(i.min_players <= i.max_players for i in infos)
