"""N games of one seat in one process, as a Gymnasium vector environment (``gymnasium.vector.VectorEnv``).

Why not simply ``gymnasium.vector.SyncVectorEnv`` over ``gym_env``: it works (and the tests hold this env
step-for-step equal to it), but each sub-env allocates its observation and the wrapper then copies them
all into the batch. Here every observation is written straight into its row of one preallocated
``(num_envs, size)`` batch by the game's direct encoder (``encode_seat(state, seat, out=row)``), and the
masks into one ``(num_envs, n)`` array — the batch a policy network takes as it is.

Semantics are ``SyncVectorEnv``'s over the same :class:`~cardtable.rl.gym_env.CardtableGymEnv` sub-envs:

* ``reset(seed=s)`` seeds sub-env ``i`` with ``s + i`` (a list of seeds is taken as is);
* next-step autoreset (``metadata["autoreset_mode"]``): the step that ends a game returns its final
  observation, reward and flags; the next ``step`` ignores that sub-env's action, deals a new game and
  returns its first observation with reward 0;
* ``infos`` is a dict of arrays with the ``_key`` presence masks: ``infos["action_mask"]`` is the
  ``(num_envs, n)`` ``int8`` batch of legal-action masks, ``infos["outcome"]`` appears for the
  sub-envs whose game just ended, ``redeals``/``game_seed`` for those just dealt.

The returned observation and mask batches are the env's own buffers, rewritten by the next call
(``copy=True`` returns copies, as Gymnasium's vector envs do by default).
"""

from __future__ import annotations

from typing import Any, Sequence

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from .gym_env import CardtableGymEnv


class CardtableVectorEnv(VectorEnv):  # type: ignore[misc]
    """``num_envs`` single-seat games stepped together (see the module docstring)."""

    def __init__(self, game_id: str, num_envs: int, seat: int = 0, opponents: str | Sequence[str] = "random",
                 players: int | None = None, seed: int | None = None, illegal_reward: float | None = -1.0,
                 copy: bool = True, options: dict[str, Any] | None = None) -> None:
        if not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive integer, not {num_envs!r}")
        self.envs = [CardtableGymEnv(game_id, seat=seat, opponents=opponents, players=players,
                                     illegal_reward=illegal_reward, options=options) for _ in range(num_envs)]
        first = self.envs[0]
        self.num_envs = num_envs
        self.game_id, self.seat, self.players = game_id, first.seat, first.players
        self.copy = copy
        self.metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}
        self.render_mode = None
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.actions = first.actions
        encoder = first.encoder
        # each game its own encoder: the direct encoder keeps the last table it saw and writes again only what
        # changed since, so one encoder shared by N interleaved games would write nearly everything every time
        self._encode_seats = [getattr(env.encoder, "encode_seat", None) for env in self.envs]
        self._encode = encoder.encode
        self._observations = np.zeros((num_envs, encoder.size), dtype=np.float32)
        self._masks = np.zeros((num_envs, self.actions.n), dtype=np.int8)
        self._all = np.ones(num_envs, dtype=np.bool_)
        self._rewards = np.zeros(num_envs, dtype=np.float64)
        self._terminations = np.zeros(num_envs, dtype=np.bool_)
        self._truncations = np.zeros(num_envs, dtype=np.bool_)
        self._autoreset = np.zeros(num_envs, dtype=np.bool_)
        if seed is not None:
            self._seed_all(seed)

    # --- Gymnasium vector API ---------------------------------------------------------------------
    def reset(self, *, seed: int | Sequence[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """Deal a game in every sub-env (seeded ``seed + i`` when ``seed`` is an int)."""
        seeds = self._seeds(seed)
        infos: dict[str, Any] = {}
        for i, (env, s) in enumerate(zip(self.envs, seeds)):
            if s is not None:
                env._np_random, env._np_random_seed = gymnasium.utils.seeding.np_random(s)
            infos = self._add_info(infos, env._deal(), i)
            self._observe(i, env)
        self._autoreset[:] = False
        return self._out(self._observations), self._with_masks(infos)

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """One action per sub-env; a sub-env whose game ended at the previous step is dealt a new one instead."""
        acts = np.asarray(actions)
        if acts.shape != (self.num_envs,):
            raise ValueError(f"actions must have shape ({self.num_envs},), not {acts.shape}")
        infos: dict[str, Any] = {}
        rewards, terms, truncs = self._rewards, self._terminations, self._truncations
        for i, env in enumerate(self.envs):
            if self._autoreset[i]:
                extras = env._deal()
                rewards[i], terms[i], truncs[i] = 0.0, False, False
            else:
                rewards[i], terms[i], truncs[i], extras = env._advance(acts[i])
            if extras:
                infos = self._add_info(infos, extras, i)
            self._observe(i, env)
        np.logical_or(terms, truncs, out=self._autoreset)
        return (self._out(self._observations), rewards.copy(), terms.copy(), truncs.copy(),
                self._with_masks(infos))

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release (no process, no window)."""

    # --- internals ---------------------------------------------------------------------------------
    def _observe(self, i: int, env: CardtableGymEnv) -> None:
        state = env._require_state()
        seat = self.seat
        encode_seat = self._encode_seats[i]
        if encode_seat is not None:
            encode_seat(state, seat, out=self._observations[i])
        else:  # an encoder without the direct route: encode the view
            self._observations[i] = self._encode(state.view(seat))
        self._masks[i] = self.actions.seat_mask(state.decision, seat)

    def _with_masks(self, infos: dict[str, Any]) -> dict[str, Any]:
        infos["action_mask"] = self._out(self._masks)
        infos["_action_mask"] = self._all.copy()
        return infos

    def _out(self, array: np.ndarray) -> np.ndarray:
        return array.copy() if self.copy else array

    def _seeds(self, seed: int | Sequence[int | None] | None) -> list[int | None]:
        if seed is None:
            return [None] * self.num_envs
        if isinstance(seed, int):
            return [seed + i for i in range(self.num_envs)]
        seeds = list(seed)
        if len(seeds) != self.num_envs:
            raise ValueError(f"{self.num_envs} seeds needed, got {len(seeds)}")
        return seeds

    def _seed_all(self, seed: int) -> None:
        for i, env in enumerate(self.envs):
            env._np_random, env._np_random_seed = gymnasium.utils.seeding.np_random(seed + i)


def vector_env(game_id: str, num_envs: int, seat: int = 0, opponents: str | Sequence[str] = "random",
               players: int | None = None, *, seed: int | None = None, illegal_reward: float | None = -1.0,
               copy: bool = True, **options: Any) -> CardtableVectorEnv:
    """``num_envs`` games of ``game_id`` in one process; the agent plays ``seat``, ``opponents`` the rest."""
    return CardtableVectorEnv(game_id, num_envs, seat=seat, opponents=opponents, players=players, seed=seed,
                              illegal_reward=illegal_reward, copy=copy, options=options)


__all__ = ["CardtableVectorEnv", "vector_env"]
