"""Every card game gets its RL environments from the engine's generic encoding: one test module for all.

The games are discovered through the registry (every registered game whose states are card-engine
states, ``cardtable.engine.CardState``), each at every table size it supports, so a new card game is
covered without a line here. Per game and table size: PettingZoo's ``api_test`` and ``seed_test``,
Gymnasium's ``check_env`` (the agent in seat 0, random bots elsewhere), and the no-leak property of the
observation tensor — resampling what a seat cannot see (``determinize``) leaves its observation and
action mask unchanged.

Cost: these run in CI on 2 cores, so every check plays a bounded number of steps (``CYCLES``) and the
no-leak property looks at a fixed number of sampled positions per game (``POSITIONS``), whatever the
length of the game's random playouts.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from cardtable import registry
from cardtable.engine import CardState
from cardtable.rl import gym_env, pettingzoo_env
from cardtable.rl.spaces import DiscreteActions, SeatObserver, load_encoding
from cardtable.testing.conformance import playouts

# PettingZoo's api_test warns about every Dict observation unless the env's name is on its own list of
# classic envs; the observation is their {"observation", "action_mask"} format, so these are expected.
EXPECTED = ("Observation is not a NumPy array",
            "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete")
CYCLES = 300  # env steps per PettingZoo check
POSITIONS = 12  # sampled positions per (game, table size) for the no-leak property


def card_games() -> list[str]:
    """Ids of the registered games built on the card engine (the generic encoding applies to them)."""
    return [g for g in registry.game_ids() if isinstance(registry.load_game(g).new_game(seed=0), CardState)]


TABLES = [pytest.param(g, n, id=f"{g}-{n}p") for g in card_games()
          for n in range(registry.load_game(g).info.min_players, registry.load_game(g).info.max_players + 1)]


def test_the_discovery_finds_the_card_games_and_not_the_others() -> None:
    """Guards the parametrisation: an empty or wrong list would make every test below vacuous."""
    found = card_games()
    assert found and set(found) <= set(registry.game_ids())
    for gid in registry.game_ids():
        assert (gid in found) == isinstance(registry.load_game(gid).new_game(seed=0), CardState)


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_pettingzoo_api_test_passes(game_id: str, players: int) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(pettingzoo_env(game_id, players=players, seed=1), num_cycles=CYCLES)
    assert [str(w.message) for w in caught if not str(w.message).startswith(EXPECTED)] == []


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_pettingzoo_seed_test_passes(game_id: str, players: int) -> None:
    """Same seed, same episode: PettingZoo's own seed test on the generic card-game encoding."""
    seed_test(lambda: pettingzoo_env(game_id, players=players), num_cycles=CYCLES)


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_gymnasium_check_env_passes(game_id: str, players: int) -> None:
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        check_env(gym_env(game_id, opponents="random", players=players))


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_the_tensor_is_unchanged_when_hidden_cards_are_resampled(game_id: str, players: int) -> None:
    """For every seat of sampled positions of random games (the final one included): the observation and
    mask built from the state equal those built from a state resampled from that seat's view."""
    enc = load_encoding(game_id)
    observer = SeatObserver(enc.observation_encoder(players), DiscreteActions(enc.action_space(players)))
    positions = []
    for seed, _state, samples in playouts(registry.load_game(game_id), players, range(2)):
        step = max(1, len(samples) // (POSITIONS // 2))
        positions += [(seed, st) for st in samples[::step][:POSITIONS // 2]]
    checked = 0
    for seed, st in positions:
        for seat in range(players):
            obs, mask = observer.from_view(st, seat)
            other, other_mask = observer.from_view(st.determinize(seat, seed=seed + 7), seat)
            assert np.array_equal(obs, other) and np.array_equal(mask, other_mask)
            checked += 1
    assert checked >= 2 * players
