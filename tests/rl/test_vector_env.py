"""The in-process vector env (``cardtable.rl.vector_env``) against Gymnasium's own vector machinery.

Gymnasium (1.x) ships no checker for vector envs; its reference is ``SyncVectorEnv``. So the checks are:
the batched spaces are ``batch_space`` of the single env's, every batch lies in them, and — the strong
one — step for step over hundreds of steps with autoresets, the observations, rewards, flags and infos
equal (``data_equivalence``, exact) those of ``SyncVectorEnv`` over the same ``gym_env`` sub-envs with the
same seeds; the single env itself passes ``check_env`` (``test_card_games.py``, ``test_gym.py``).
"""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import data_equivalence
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from cardtable.rl import gym_env, vector_env

GAMES = ["call-of-cthulhu", "million-arthur", "mythos", "two-mists"]


def _random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])


@pytest.mark.parametrize("game_id", GAMES)
def test_step_for_step_equal_to_gymnasiums_sync_vector_env(game_id: str) -> None:
    n = 3
    ours = vector_env(game_id, n, opponents="random")
    reference = gymnasium.vector.SyncVectorEnv([lambda: gym_env(game_id, opponents="random") for _ in range(n)])
    try:
        assert ours.metadata["autoreset_mode"] == reference.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
        assert ours.single_observation_space == reference.single_observation_space
        assert ours.observation_space == batch_space(ours.single_observation_space, n) == reference.observation_space
        assert ours.action_space == reference.action_space
        obs, info = ours.reset(seed=11)
        ref_obs, ref_info = reference.reset(seed=11)
        assert data_equivalence(obs, ref_obs, exact=True) and data_equivalence(info, ref_info, exact=True)
        rng = np.random.default_rng(3)
        ended = 0
        for _ in range(250):
            actions = _random_actions(info["action_mask"], rng)
            result = ours.step(actions)
            ref = reference.step(actions)
            for mine, theirs in zip(result, ref):
                assert data_equivalence(mine, theirs, exact=True)
            obs, _reward, terminated, truncated, info = result
            assert ours.observation_space.contains(obs)
            ended += int((terminated | truncated).sum())
        assert ended >= 1 or game_id != "two-mists"  # short games: autoresets were exercised
    finally:
        ours.close()
        reference.close()


def test_masks_are_the_legal_actions_and_rows_are_each_games_observation() -> None:
    venv = vector_env("call-of-cthulhu", 2, opponents="random", seed=4)
    _obs, info = venv.reset(seed=4)
    rng = np.random.default_rng(0)
    for _ in range(40):
        obs, _r, _te, _tr, info = venv.step(_random_actions(info["action_mask"], rng))
        for i, env in enumerate(venv.envs):
            state = env.game_state
            assert np.array_equal(obs[i], env.encoder.encode(state.view(venv.seat)))
            expected = np.zeros(venv.actions.n, dtype=np.int8)
            if state.decision is not None:
                expected[list(venv.actions.legal_indices(state.decision))] = 1
            assert np.array_equal(info["action_mask"][i], expected)


def test_autoreset_deals_a_new_game_on_the_step_after_the_end() -> None:
    venv = vector_env("two-mists", 2, opponents="random", seed=0)
    _obs, info = venv.reset(seed=0)
    rng = np.random.default_rng(1)
    for _ in range(200):
        _obs, _r, terminated, truncated, info = venv.step(_random_actions(info["action_mask"], rng))
        done = terminated | truncated
        if done.any():
            i = int(np.flatnonzero(done)[0])
            assert "outcome" in info and info["_outcome"][i]
            assert not info["action_mask"][i].any()  # a finished game offers nothing
            _obs, reward, terminated, truncated, info = venv.step(_random_actions(info["action_mask"], rng))
            assert reward[i] == 0.0 and not terminated[i] and not truncated[i]
            assert info["_game_seed"][i] and info["action_mask"][i].any()
            return
    raise AssertionError("no game ended in 200 steps")


def test_copy_false_hands_out_the_envs_own_buffers_and_bad_arguments_are_refused() -> None:
    venv = vector_env("mythos", 2, copy=False, seed=1)
    obs, info = venv.reset()
    obs2, *_ = venv.step(_random_actions(info["action_mask"], np.random.default_rng(0)))
    assert obs is obs2
    with pytest.raises(ValueError, match="shape"):
        venv.step(np.zeros(3, dtype=np.int64))
    with pytest.raises(ValueError, match="seeds"):
        venv.reset(seed=[1, 2, 3])
    with pytest.raises(ValueError, match="num_envs"):
        vector_env("mythos", 0)
