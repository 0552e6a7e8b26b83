"""One seat of a cardtable game as a single-agent Gymnasium environment; bots play the other seats.

Why: most RL code (and every Gymnasium tutorial) is single-agent. Fixing the other seats to bots
(``random``, ``heuristic``, ``ismcts:…`` — see :func:`cardtable.bots.make_bot`) turns a multi-player
card game into an ordinary MDP from the learner's point of view. Bots see only their own seat's view,
exactly as at a real table.

Conventions:

* ``observation`` is the game encoder's ``float32`` vector of ``state.view(seat)`` (through the same
  :class:`~cardtable.rl.spaces.SeatObserver` as the PettingZoo env); the legal-action
  mask (``int8``, 1 = legal) is in ``info["action_mask"]`` after every ``reset`` and ``step``.
* ``step`` applies the agent's action, then lets the bots play until the agent must decide again or
  the game is over. Reward is 0 until the end, then the game's outcome reward for the seat
  (its ``rewards`` hook, e.g. +1 win, -1 loss; a game stopped by a turn cap sets ``truncated``).
* An **illegal action** (not marked in the mask) ends the episode at once with ``illegal_reward``
  (default -1) and ``info["illegal_action"] = True`` rather than raising, so that generic tooling that
  samples the unmasked action space (e.g. ``gymnasium.utils.env_checker``) still works. Pass
  ``illegal_reward=None`` to raise ``IllegalActionIndex`` instead.
* If the bots end the game before the agent's first decision, ``reset`` deals again (the next seed)
  so every episode contains at least one decision; ``info["redeals"]`` counts how often that happened.
* Seeding: ``reset(seed=s)`` seeds Gymnasium's ``np_random``; each game's engine seed and the bots'
  RNGs are drawn from it, so a seeded run is fully reproducible.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import gymnasium
import numpy as np
from gymnasium import spaces

from ..bots import make_bot
from ..bots.lazy_view import LazyView
from ..core import Rng, State, mix_seed
from ..registry import load_game
from . import register_gym_envs
from .spaces import DiscreteActions, IllegalActionIndex, SeatObserver, load_encoding, render_public_table

_SEED_MASK = (1 << 63) - 1
_MAX_REDEALS = 1000


class CardtableGymEnv(gymnasium.Env):
    """The single-seat environment (see the module docstring). Build it with :func:`gym_env`."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 4}

    def __init__(self, game_id: str, seat: int = 0, opponents: str | Sequence[str] = "heuristic",
                 players: int | None = None, seed: int | None = None, render_mode: str | None = None,
                 illegal_reward: float | None = -1.0, options: Mapping[str, Any] | None = None) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        self.game = load_game(game_id)
        self.game_id = game_id
        self.game_options = dict(options or {})
        n = self.game.new_game(seed=0, players=players, options=self.game_options).players
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1} at a {n}-player table, not {seat!r}")
        self.players, self.seat = n, seat
        self.opponent_seats = [s for s in range(n) if s != seat]
        specs = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != n - 1:
            raise ValueError(f"{n - 1} opponent specs needed (one per other seat), got {len(specs)}")
        self.opponent_specs = specs
        self._bots = {s: make_bot(spec, game_id, seed=mix_seed("cardtable.rl.gym/bot", s))
                      for s, spec in zip(self.opponent_seats, specs)}
        enc = load_encoding(game_id)
        self._enc = enc
        self.actions = DiscreteActions(enc.action_space(n))
        self.encoder = enc.observation_encoder(n)
        self._observer = SeatObserver(self.encoder, self.actions)
        self.observation_space = spaces.Box(0.0, 1.0, (self.encoder.size,), dtype=np.float32)
        self.action_space = spaces.Discrete(self.actions.n)
        self.render_mode = render_mode
        self.illegal_reward = illegal_reward
        self.game_state: State | None = None
        self._bot_rng = Rng(0)
        self._done = True
        if seed is not None:
            self._np_random, _ = gymnasium.utils.seeding.np_random(seed)

    # --- Gymnasium API ---------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """Deal a game and play the bots up to the agent's first decision. ``options`` is unused."""
        super().reset(seed=seed)
        extras = self._deal()
        obs, info = self._observe()
        info.update(extras)
        if self.render_mode == "human":
            self.render()
        return obs, info

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        reward, terminated, truncated, extras = self._advance(action)
        obs, info = self._observe()
        info.update(extras)
        if self.render_mode == "human":
            self.render()
        return obs, reward, terminated, truncated, info

    # --- the game moves (shared with the vector env, which writes the observations itself) -------------
    def _deal(self) -> dict[str, Any]:
        """A new game from ``np_random``, played by the bots up to the agent's first decision; the info extras."""
        for redeals in range(_MAX_REDEALS):
            game_seed = int(self.np_random.integers(0, _SEED_MASK))
            self.game_state = self.game.new_game(seed=game_seed, players=self.players, options=self.game_options)
            self._bot_rng = Rng(mix_seed("cardtable.rl.gym/bots", game_seed))
            self._play_bots()
            if not self.game_state.is_terminal:
                break
        else:  # pragma: no cover - would need a game that always ends before the seat acts
            raise RuntimeError(f"the bots finished {_MAX_REDEALS} games in a row before seat {self.seat} acted")
        self._done = False
        return {"redeals": redeals, "game_seed": game_seed}

    def _advance(self, action: Any) -> tuple[float, bool, bool, dict[str, Any]]:
        """The agent's ``action``, then the bots up to its next decision: (reward, terminated, truncated, info extras)."""
        state = self._require_state()
        if self._done:
            raise RuntimeError("the episode is over; call reset()")
        decision = state.decision
        assert decision is not None and decision.player == self.seat
        try:
            chosen = self.actions.action(action, decision)
        except IllegalActionIndex:
            if self.illegal_reward is None:
                raise
            self._done = True
            return float(self.illegal_reward), True, False, {"illegal_action": True}
        state.apply(chosen)
        self._play_bots()
        if not state.is_terminal:
            return 0.0, False, False, {}
        outcome = state.outcome
        assert outcome is not None
        truncated = self._enc.is_truncated(outcome)
        self._done = True
        reward = float(self._enc.rewards(outcome, self.players)[self.seat])
        return reward, not truncated, truncated, {"outcome": outcome.to_dict()}

    def render(self) -> str | None:
        """Text of the public table: ``ansi`` returns it, ``human`` prints it."""
        return render_public_table(self.render_mode, self.game_state, self._enc, self._enc.ENV_NAME)

    def close(self) -> None:
        """Nothing to release."""

    # --- internals -------------------------------------------------------------------------------
    def _play_bots(self) -> None:
        state = self._require_state()
        while not state.is_terminal and state.to_act != self.seat:
            seat = state.to_act
            assert seat is not None and state.decision is not None
            state.apply(self._bots[seat].act(LazyView(state, seat), state.decision, self._bot_rng))

    def _observe(self) -> tuple[np.ndarray, dict[str, Any]]:
        obs, mask = self._observer(self._require_state(), self.seat)
        return obs, {"action_mask": mask}

    def _require_state(self) -> State:
        if self.game_state is None:
            raise RuntimeError("call reset() before step()")
        return self.game_state


def gym_env(game_id: str, seat: int = 0, opponents: str | Sequence[str] = "heuristic", players: int | None = None,
            *, seed: int | None = None, render_mode: str | None = None, illegal_reward: float | None = -1.0,
            **options: Any) -> CardtableGymEnv:
    """A Gymnasium env where the agent plays ``seat`` of ``game_id`` and bots play the rest.

    ``opponents`` is one bot spec for every other seat or a list with one spec per other seat (in seat
    order); ``**options`` are game options (``turn_cap=50``).
    """
    return CardtableGymEnv(game_id, seat=seat, opponents=opponents, players=players, seed=seed,
                           render_mode=render_mode, illegal_reward=illegal_reward, options=options)


register_gym_envs()

__all__ = ["CardtableGymEnv", "gym_env"]
