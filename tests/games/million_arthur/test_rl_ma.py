"""Million Arthur gets its RL environments from the engine's generic encoding (no RL code of its own): the
PettingZoo and Gymnasium checks the other games pass, and an observation tensor that resampling what
a seat cannot see (the other hand, face-down chain cards it does not know, the other seat's secret
submission) leaves unchanged (MA-14.7)."""

from __future__ import annotations

import warnings

import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from cardtable.games.million_arthur import GAME
from cardtable.rl import gym_env, pettingzoo_env
from cardtable.rl.spaces import DiscreteActions, SeatObserver, load_encoding
from cardtable.testing.conformance import playouts

EXPECTED = ("Observation is not a NumPy array",
            "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete")


def test_pettingzoo_api_test_passes() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(pettingzoo_env("million-arthur", seed=1), num_cycles=300)
    assert [str(w.message) for w in caught if not str(w.message).startswith(EXPECTED)] == []


def test_pettingzoo_seed_test_passes() -> None:
    """Same seed, same episode: PettingZoo's own seed test on the generic card-game encoding."""
    seed_test(lambda: pettingzoo_env("million-arthur"), num_cycles=300)


def test_gymnasium_check_env_passes() -> None:
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        check_env(gym_env("million-arthur", opponents="random"))


def test_the_tensor_is_unchanged_when_hidden_cards_are_resampled() -> None:
    enc = load_encoding("million-arthur")
    observer = SeatObserver(enc.observation_encoder(2), DiscreteActions(enc.action_space(2)))
    checked = 0
    for seed, _state, samples in playouts(GAME, 2, range(1)):
        for st in samples[::2]:
            for seat in (0, 1):
                obs, mask = observer.from_view(st, seat)
                other, other_mask = observer.from_view(st.determinize(seat, seed=seed + 7), seat)
                assert np.array_equal(obs, other) and np.array_equal(mask, other_mask)
                checked += 1
    assert checked > 10
