"""Every engine game gets RL envs with no line of its own: the generic encoding, on the test game."""

from __future__ import annotations

import warnings

import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from cardtable.rl import gym_env, pettingzoo_env
from cardtable.rl.cardgame import CardGameEncoding
from cardtable.rl.spaces import SeatObserver, DiscreteActions, load_encoding
from cardtable.testing.conformance import playouts

from .toygame import GAME

EXPECTED = ("Observation is not a NumPy array",
            "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete")


def test_the_generic_encoding_is_found_for_an_engine_game() -> None:
    enc = load_encoding("sigil-duel")
    assert isinstance(enc, CardGameEncoding) and enc.ENV_NAME == "sigil_duel_v1"


def test_pettingzoo_api_and_seed_tests_pass() -> None:
    for seed in range(3):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            api_test(pettingzoo_env("sigil-duel", seed=seed), num_cycles=400)
        assert [str(w.message) for w in caught if not str(w.message).startswith(EXPECTED)] == []
    seed_test(lambda: pettingzoo_env("sigil-duel"), num_cycles=300)


def test_gymnasium_check_env_passes() -> None:
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        check_env(gym_env("sigil-duel", opponents="random"))


def test_the_tensor_does_not_change_when_hidden_parts_are_resampled() -> None:
    enc = load_encoding("sigil-duel")
    observer = SeatObserver(enc.observation_encoder(2), DiscreteActions(enc.action_space(2)))
    checked = 0
    for seed, _state, samples in playouts(GAME, 2, range(12)):
        for st in samples:
            for seat in (0, 1):
                obs, mask = observer.from_view(st, seat)
                for k in range(2):
                    other, other_mask = observer.from_view(st.determinize(seat, seed=seed * 10 + k), seat)
                    assert np.array_equal(obs, other) and np.array_equal(mask, other_mask), f"seed {seed} seat {seat}"
                    checked += 1
    assert checked > 50
