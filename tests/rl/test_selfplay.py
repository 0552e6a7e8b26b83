"""Batched self-play (``cardtable.rl.self_play_batch``): each row is its game's seat-to-act observation.

Checked against the reference route at every step: the row equals ``encode(view(seat))`` of that game's
state, the mask its legal actions, the seat its decision's; a game that ends reports the ``rewards`` hook
of its outcome and is dealt again in the same step; a seeded batch replays exactly.
"""

from __future__ import annotations

import numpy as np
import pytest

from cardtable.rl import self_play_batch
from cardtable.rl.spaces import load_encoding


def _choose(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.array([rng.choice(np.flatnonzero(m)) for m in masks])


@pytest.mark.parametrize(("game_id", "players"), [("call-of-cthulhu", 2), ("mythos", 3), ("two-mists", 4)])
def test_rows_equal_the_reference_route_and_ends_report_the_outcome(game_id: str, players: int) -> None:
    batch = self_play_batch(game_id, 3, players=players, seed=5)
    enc = load_encoding(game_id)
    obs, masks, seats = batch.reset()
    rng = np.random.default_rng(0)
    ended = steps = 0
    while ended < 2 and steps < 4000:  # until two games have ended (card games: a few hundred decisions each)
        before = list(batch.states)
        obs, masks, seats, rewards, done, truncated, info = batch.step(_choose(masks, rng))
        steps += 1
        for i, state in enumerate(batch.states):
            if steps % 5 and not done[i]:
                continue  # the reference route is costly: every fifth step, and every end
            seat = state.decision.player
            assert seats[i] == seat
            assert np.array_equal(obs[i], batch.encoder.encode(state.view(seat)))
            expected = np.zeros(batch.actions.n, dtype=np.int8)
            expected[list(batch.actions.legal_indices(state.decision))] = 1
            assert np.array_equal(masks[i], expected)
            if done[i]:
                ended += 1
                finished = before[i]
                assert finished.is_terminal and state is not finished and len(state.history) == 0
                assert list(rewards[i]) == enc.rewards(finished.outcome, players)
                assert info["outcome"][i] == finished.outcome.to_dict()
                assert truncated[i] == enc.is_truncated(finished.outcome)
            else:
                assert not rewards[i].any() and info["outcome"][i] is None
    assert ended >= 2


def test_a_seeded_batch_replays_and_bad_input_is_refused() -> None:
    runs = []
    for _ in range(2):
        batch = self_play_batch("two-mists", 2, seed=9)
        obs, masks, _ = batch.reset()
        rng = np.random.default_rng(1)
        trace = [obs]
        for _ in range(30):
            obs, masks, *_ = batch.step(_choose(masks, rng))
            trace.append(obs)
        runs.append(np.stack(trace))
    assert np.array_equal(runs[0], runs[1])
    batch = self_play_batch("two-mists", 2, seed=9)
    with pytest.raises(RuntimeError, match="reset"):
        batch.step(np.zeros(2, dtype=np.int64))
    batch.reset()
    with pytest.raises(ValueError, match="shape"):
        batch.step(np.zeros(3, dtype=np.int64))
    with pytest.raises(ValueError, match="num_games"):
        self_play_batch("two-mists", 0)
