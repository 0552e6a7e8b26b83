"""The single-seat Gymnasium environment: env_checker, masks, rewards, illegal actions, seeding."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from cardtable.games.two_mists import encoding as E
from cardtable.rl import gym_env
from cardtable.rl import gym_id
from cardtable.rl.spaces import IllegalActionIndex


def _check(env) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env)
    assert [str(w.message) for w in caught] == []


@pytest.mark.parametrize("kwargs", [
    {"opponents": "random"},
    {"opponents": "heuristic", "seat": 3},
    {"opponents": ["random", "heuristic"], "players": 3, "seat": 1, "turn_cap": 4},
])
def test_gymnasium_check_env_through_the_registry(kwargs):
    assert gym_id("two-mists") == "cardtable/two_mists-v0"
    env = gymnasium.make("cardtable/two_mists-v0", render_mode="ansi", **kwargs)
    _check(env.unwrapped)  # made through the registry, so it has a spec and render modes are checked too


def test_check_env_on_a_directly_built_env():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(gym_env("two-mists", opponents="random"))
    # without a registry spec the checker can only skip its render-mode round trip
    assert all("spec" in str(w.message) for w in caught)


@pytest.mark.parametrize("players", [3, 4])
def test_mask_in_info_is_the_seats_legal_actions_and_rewards_follow_the_outcome(players):
    env = gym_env("two-mists", seat=1, opponents="random", players=players, seed=0)
    rng = np.random.default_rng(0)
    results = []
    for _ in range(80):
        obs, info = env.reset()
        done = False
        while not done:
            state = env.game_state
            assert state.to_act == 1 and obs.shape == (E.OBSERVATION_SIZE,)
            mask = info["action_mask"]
            assert {env.actions.index(a) for a in state.legal_actions()} == set(np.flatnonzero(mask).tolist())
            obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
            done = terminated or truncated
            if not done:
                assert reward == 0.0
        outcome = env.game_state.outcome
        assert info["outcome"] == outcome.to_dict() and not info["action_mask"].any()
        assert reward == (1.0 if 1 in outcome.winners else -1.0) and terminated
        results.append(reward)
    assert 1.0 in results and -1.0 in results


def test_truncation_at_the_turn_cap():
    env = gym_env("two-mists", opponents="random", turn_cap=1, seed=3)
    seen = 0
    for _ in range(30):
        _, info = env.reset()
        done = False
        while not done:
            _, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
            done = terminated or truncated
        if truncated:
            seen += 1
            assert reward == 0.0 and not terminated and "turn cap" in info["outcome"]["reason"]
    assert seen > 0


def test_illegal_actions_end_the_episode_or_raise():
    env = gym_env("two-mists", opponents="random", seed=1)
    _, info = env.reset()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    strict = gym_env("two-mists", opponents="random", seed=1, illegal_reward=None)
    _, info = strict.reset()
    with pytest.raises(IllegalActionIndex):
        strict.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))


def test_seeded_resets_replay_the_same_games():
    def play(env, seed):
        obs, info = env.reset(seed=seed)
        trace = [obs.tobytes()]
        done = False
        while not done:
            obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[-1]))
            trace.append(obs.tobytes())
            done = terminated or truncated
        return trace, reward, env.game_state.record()

    a = gym_env("two-mists", opponents="heuristic")
    b = gym_env("two-mists", opponents="heuristic")
    assert play(a, 42) == play(b, 42)


def test_bad_arguments():
    with pytest.raises(ValueError, match="seat"):
        gym_env("two-mists", seat=4)
    with pytest.raises(ValueError, match="opponent specs"):
        gym_env("two-mists", opponents=["random"])
    from cardtable import SetupError

    with pytest.raises(SetupError):
        gym_env("two-mists", opponents="alphazero")


def _play_vector(venv, steps: int) -> tuple[int, float]:
    """Masked random play through a Gymnasium vector env (next-step autoreset); (episodes, total reward)."""
    rng = np.random.default_rng(0)
    obs, info = venv.reset(seed=5)
    assert obs.shape == (venv.num_envs, E.OBSERVATION_SIZE) and obs.dtype == np.float32
    episodes, total = 0, 0.0
    for _ in range(steps):
        actions = []
        for mask in info["action_mask"]:
            legal = np.flatnonzero(mask)
            # a finished sub-env shows an empty mask; its next action is ignored while it resets
            actions.append(int(rng.choice(legal)) if len(legal) else 0)
        obs, reward, terminated, truncated, info = venv.step(np.array(actions))
        done = terminated | truncated
        episodes += int(done.sum())
        total += float(reward[done].sum())
        assert set(np.unique(reward[done])) <= {-1.0, 0.0, 1.0}
    return episodes, total


@pytest.mark.parametrize("vector", ["sync", "async"])
def test_gymnasium_vector_envs_run_it(vector):
    """Users batch single-seat envs with gymnasium.vector; the async kind needs the env to pickle."""
    cls = gymnasium.vector.SyncVectorEnv if vector == "sync" else gymnasium.vector.AsyncVectorEnv
    venv = cls([lambda i=i: gym_env("two-mists", seat=i, opponents="random", seed=i) for i in range(2)])
    try:
        episodes, _ = _play_vector(venv, 150)
    finally:
        venv.close()
    assert episodes >= 20  # ~5 agent decisions per game: many games ended and auto-reset
