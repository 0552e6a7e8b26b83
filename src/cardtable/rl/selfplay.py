"""Batched self-play: N games in one process, every seat played by the caller's policy, one decision per game a step.

Why: self-play training evaluates one policy on many positions at once. The PettingZoo env steps one
game one decision at a time; here each ``step`` takes one action for *each* game — for whichever seat is
to decide in it — and returns the next deciding seat's observations as one ``(num_games, size)`` batch
(written in place by the game's direct encoder), their masks and which seat each row belongs to.

* ``reset(seed=None)`` deals every game; game seeds come from one SplitMix64 stream (like the PettingZoo
  env), so a seeded batch replays exactly.
* ``step(actions)`` applies ``actions[i]`` (an index of game *i*'s mask) for ``seats[i]``. A game that ends
  reports its per-seat rewards (the game's ``rewards`` hook: +1 winners, -1 others, 0 when nobody wins) in
  row *i* of ``rewards`` (``(num_games, players)``), sets ``done[i]`` / ``truncated[i]`` and puts
  ``outcome.to_dict()`` in ``info["outcome"][i]``; it is dealt again at once (same-step reset: the
  returned row is the new game's first decision), since the next seat to act is only known then.
* The observation of a row is exactly ``encode(view(seats[i]))`` of that game (tests hold it so).
"""

from __future__ import annotations

import secrets
from typing import Any

import numpy as np

from ..core import Rng, State, mix_seed
from ..registry import load_game
from .spaces import DiscreteActions, load_encoding

_SEED_MASK = (1 << 63) - 1


class SelfPlayBatch:
    """``num_games`` games of ``game_id`` stepped together (see the module docstring)."""

    def __init__(self, game_id: str, num_games: int, players: int | None = None, seed: int | None = None,
                 **options: Any) -> None:
        if not isinstance(num_games, int) or num_games < 1:
            raise ValueError(f"num_games must be a positive integer, not {num_games!r}")
        self.game = load_game(game_id)
        self.game_id, self.num_games, self.game_options = game_id, num_games, dict(options)
        self.players = self.game.new_game(seed=0, players=players, options=self.game_options).players
        enc = load_encoding(game_id)
        self._enc = enc
        self.actions = DiscreteActions(enc.action_space(self.players))
        self.encoder = enc.observation_encoder(self.players)
        # one encoder per game: the direct encoder keeps the last table it saw and writes again only what changed
        # since, so N interleaved games sharing one would write nearly everything every step
        self._encode_seats = [getattr(self.encoder if g == 0 else enc.observation_encoder(self.players),
                                      "encode_seat", None) for g in range(num_games)]
        self._seeder = Rng(mix_seed("cardtable.rl.selfplay", secrets.randbits(63) if seed is None else seed))
        self.states: list[State] = []
        self._obs = np.zeros((num_games, self.encoder.size), dtype=np.float32)
        self._masks = np.zeros((num_games, self.actions.n), dtype=np.int8)
        self._seats = np.zeros(num_games, dtype=np.int64)

    def reset(self, seed: int | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Deal every game: (observations, masks, seats to act), each a fresh array."""
        if seed is not None:
            self._seeder = Rng(mix_seed("cardtable.rl.selfplay", seed))
        self.states = [self._deal() for _ in range(self.num_games)]
        for i in range(self.num_games):
            self._observe(i)
        return self._obs.copy(), self._masks.copy(), self._seats.copy()

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                          dict[str, Any]]:
        """One decision in every game: (observations, masks, seats, rewards, done, truncated, info)."""
        if not self.states:
            raise RuntimeError("call reset() before step()")
        acts = np.asarray(actions)
        if acts.shape != (self.num_games,):
            raise ValueError(f"actions must have shape ({self.num_games},), not {acts.shape}")
        rewards = np.zeros((self.num_games, self.players), dtype=np.float64)
        done = np.zeros(self.num_games, dtype=np.bool_)
        truncated = np.zeros(self.num_games, dtype=np.bool_)
        outcomes: list[dict[str, Any] | None] = [None] * self.num_games
        for i, state in enumerate(self.states):
            decision = state.decision
            assert decision is not None
            state.apply(self.actions.action(int(acts[i]), decision))
            if state.is_terminal:
                outcome = state.outcome
                assert outcome is not None
                rewards[i] = self._enc.rewards(outcome, self.players)
                truncated[i] = self._enc.is_truncated(outcome)
                done[i] = True
                outcomes[i] = outcome.to_dict()
                self.states[i] = self._deal()
            self._observe(i)
        info: dict[str, Any] = {"outcome": outcomes}
        return self._obs.copy(), self._masks.copy(), self._seats.copy(), rewards, done, truncated, info

    def _deal(self) -> State:
        seed = self._seeder.next64() & _SEED_MASK
        state = self.game.new_game(seed=seed, players=self.players, options=self.game_options)
        assert state.decision is not None, "a new game always starts with a decision"
        return state

    def _observe(self, i: int) -> None:
        state = self.states[i]
        decision = state.decision
        assert decision is not None
        seat = decision.player
        self._seats[i] = seat
        encode_seat = self._encode_seats[i]
        if encode_seat is not None:
            encode_seat(state, seat, out=self._obs[i])
        else:
            self._obs[i] = self.encoder.encode(state.view(seat))
        self._masks[i] = self.actions.seat_mask(decision, seat)


def self_play_batch(game_id: str, num_games: int, players: int | None = None, *, seed: int | None = None,
                    **options: Any) -> SelfPlayBatch:
    """``num_games`` games of ``game_id`` for batched self-play (every seat is the caller's policy)."""
    return SelfPlayBatch(game_id, num_games, players=players, seed=seed, **options)


__all__ = ["SelfPlayBatch", "self_play_batch"]
