"""The PettingZoo AEC environment passes PettingZoo's own checks and follows the game exactly."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test
from pettingzoo.utils import wrappers

from cardtable import replay
from cardtable.core import Rng
from cardtable.games.two_mists import encoding as E
from cardtable.rl import pettingzoo_env
from cardtable.rl.pettingzoo_env import CardtableAECEnv
from cardtable.rl.spaces import IllegalActionIndex

# PettingZoo's api_test warns about every Dict observation unless the env's name is on its own
# hard-coded list of classic envs (connect_four_v3, chess_v6, ...). Our observation is exactly their
# {"observation", "action_mask"} format, so these two warnings are expected; anything else fails.
EXPECTED_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
)


def _run_api_test(env, num_cycles=1000):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env, num_cycles=num_cycles)
    unexpected = [str(w.message) for w in caught if not str(w.message).startswith(EXPECTED_WARNINGS)]
    assert unexpected == []


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seed", range(5))
def test_pettingzoo_api_test(players, seed):
    """api_test plays until the first game is over, so several seeds give it several games."""
    _run_api_test(pettingzoo_env("two-mists", players=players, seed=seed), num_cycles=1000)


def test_pettingzoo_api_test_through_the_standard_wrappers():
    """The wrapper stack PettingZoo's classic envs use works on top of this env."""
    env = pettingzoo_env("two-mists", seed=5)
    env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    env = wrappers.OrderEnforcingWrapper(env)
    _run_api_test(env, num_cycles=1000)


def test_pettingzoo_seed_test():
    seed_test(lambda: pettingzoo_env("two-mists"), num_cycles=500)
    seed_test(lambda: pettingzoo_env("two-mists", players=3), num_cycles=500)


# PettingZoo's max_cycles_test does not apply: it needs a module with ``parallel_env(max_cycles=)`` and
# ``env(max_cycles=)`` where every agent acts once per cycle. A card game is AEC-only (not
# parallelizable: the acting seat depends on the game) and its length limit is the rules' own turn cap
# (TM-5.8), which is what the next test checks through the environment instead.
@pytest.mark.parametrize("players", [3, 4])
def test_the_turn_cap_truncates_instead_of_terminating(players):
    env = pettingzoo_env("two-mists", players=players, seed=1, turn_cap=2)
    rng = Rng(2)
    truncated_games = 0
    for _ in range(30):
        env.reset()
        finals = {}
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                finals[agent] = (reward, terminated, truncated, info)
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]).tolist())))
        assert set(finals) == set(env.possible_agents) and env.agents == []
        state = env.game_state
        outcome = state.outcome
        if not outcome.details["died"]:  # stopped by the cap
            truncated_games += 1
            assert outcome.details["turns"] >= 2 and "turn cap" in outcome.reason
            assert all(f[:3] == (0.0, False, True) for f in finals.values())
        else:
            assert all(f[1] and not f[2] for f in finals.values())
        assert all(f[3]["outcome"] == outcome.to_dict() for f in finals.values())
    assert truncated_games > 10


def test_rewards_follow_the_outcome_and_agent_selection_follows_to_act():
    env = pettingzoo_env("two-mists", seed=9)
    rng = Rng(9)
    for _ in range(60):
        env.reset()
        returns = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            returns[agent] += reward
            if terminated or truncated:
                env.step(None)
                continue
            state = env.game_state
            assert agent == f"player_{state.to_act}"
            mask = obs["action_mask"]
            assert {env.actions.index(a) for a in state.legal_actions()} == set(np.flatnonzero(mask).tolist())
            for other in env.possible_agents:  # nobody else has anything to choose
                if other != agent:
                    assert not env.observe(other)["action_mask"].any()
            env.step(int(rng.choice(np.flatnonzero(mask).tolist())))
        outcome = env.game_state.outcome
        if outcome.details["died"]:
            expected = {f"player_{s}": (1.0 if s in outcome.winners else -1.0) for s in range(4)}
        else:
            expected = dict.fromkeys(env.possible_agents, 0.0)
        assert returns == expected


def test_observation_is_built_from_the_seat_view():
    env = pettingzoo_env("two-mists", seed=4)
    env.reset()
    enc = E.observation_encoder(4)
    for agent in env.possible_agents:
        seat = int(agent.split("_")[1])
        assert np.array_equal(env.observe(agent)["observation"], enc.encode(env.game_state.view(seat)))


def test_seeded_games_replay_from_their_record():
    env = pettingzoo_env("two-mists", seed=123)
    env.reset()
    rng = Rng(1)
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]).tolist())))
    state = env.game_state
    assert replay(state.record()).outcome == state.outcome
    # same constructor seed, same first deal
    a, b = pettingzoo_env("two-mists", seed=77), pettingzoo_env("two-mists", seed=77)
    a.reset(), b.reset()
    assert a.game_state.seed == b.game_state.seed


def test_illegal_index_raises_and_the_terminate_illegal_wrapper_penalises_it():
    env = pettingzoo_env("two-mists", seed=3)
    env.reset()
    with pytest.raises(IllegalActionIndex):
        env.step(E.DECLINE)  # never legal on a regular turn
    wrapped = wrappers.TerminateIllegalWrapper(pettingzoo_env("two-mists", seed=3), illegal_reward=-1)
    wrapped.reset()
    offender = wrapped.agent_selection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        wrapped.step(E.DECLINE)
    assert wrapped.rewards[offender] == -1 and all(wrapped.terminations.values())


def test_metadata_render_and_errors(capsys):
    env = pettingzoo_env("two-mists", render_mode="ansi", seed=1)
    assert env.metadata["name"] == "two_mists_v0" and str(env) == "two_mists_v0"
    assert "not started" in env.render()
    env.reset()
    text = env.render()
    assert text.startswith("Two Mists  turn 1/300") and "action row" in text
    human = pettingzoo_env("two-mists", render_mode="human", seed=1)
    human.reset()
    human.render()
    assert "equipment row" in capsys.readouterr().out
    with pytest.raises(ValueError):
        pettingzoo_env("two-mists", render_mode="rgb_array")
    from cardtable import SetupError

    with pytest.raises(SetupError):
        pettingzoo_env("two-mists", players=5)
    with pytest.raises(SetupError):
        pettingzoo_env("two-mists", bogus_option=1)
    with pytest.raises(RuntimeError, match="reset"):
        pettingzoo_env("two-mists").observe("player_0")


def test_dead_agent_steps_match_pettingzoos_own_helper(monkeypatch):
    """The env's lean ``_was_dead_step`` leaves the env exactly as ``AECEnv._was_dead_step`` would."""
    from pettingzoo import AECEnv

    def finish(env) -> list[tuple]:
        env.reset(seed=21)
        trace = []
        for agent in env.agent_iter():
            _, reward, terminated, truncated, _ = env.last()
            if terminated or truncated:
                with pytest.raises(ValueError, match="only valid action is None"):
                    env.step(0)
                env.step(None)
                trace.append((agent, reward, list(env.agents), env.agent_selection, dict(env.rewards),
                              dict(env._cumulative_rewards), sorted(env.infos)))
            else:
                env.step(int(np.flatnonzero(env.observe(agent)["action_mask"])[0]))
        return trace

    ours = finish(pettingzoo_env("two-mists", players=4))
    monkeypatch.setattr(CardtableAECEnv, "_was_dead_step", AECEnv._was_dead_step)
    theirs = finish(pettingzoo_env("two-mists", players=4))
    assert ours == theirs and len(ours) == 4 and ours[-1][2] == []
