"""Any cardtable game as a PettingZoo AEC (turn-based, agent-by-agent) environment.

Why AEC: card-game decisions are sequential — exactly one seat decides at a time, even when a rule
says "everyone chooses at once" (the engine asks each seat in turn and keeps the choices secret
until all are in) — which is what AEC models directly. ``agent_selection`` is always the seat of
``state.to_act``, so it does not simply rotate: it follows the game (targets, extra actions, secret rounds).

Design rules:

* **No leaks.** ``observe(agent)`` is a function of ``state.view(seat)``: the observation vector is
  the game encoder's ``encode(view)`` (computed by its proven-equal ``encode_seat`` fast path when it
  has one, see :class:`~cardtable.rl.spaces.SeatObserver`), the mask is the view's own pending
  decision. Whatever the view hides (other seats' hidden cards, pile order, others' secret choices)
  cannot reach a learner; a property test resamples it all and the tensor must not change.
* **Rewards** come only at the end, from the outcome via the game's ``rewards`` hook (typically
  +1 for each winner and -1 for every other seat, 0 for everyone when the game stops at a turn cap).
* **Termination vs truncation.** A game that ends by its rules sets ``terminations`` for every agent;
  a game stopped by a turn cap (the game's ``is_truncated`` hook says so) sets ``truncations`` instead. Either
  way ``infos[agent]["outcome"]`` then holds ``outcome.to_dict()`` (winners, reason, details).
* **Seeding.** ``reset(seed=s)`` reseeds a SplitMix64 stream from which each game's engine seed is
  drawn, so a seeded env replays the same games; ``env.game_state.record()`` replays any game exactly with
  ``cardtable.replay``.
"""

from __future__ import annotations

import secrets
from typing import Any, Mapping

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..core import Rng, State, mix_seed
from ..registry import load_game
from .spaces import DiscreteActions, SeatObserver, load_encoding, render_public_table

_SEED_MASK = (1 << 63) - 1


class CardtableAECEnv(AECEnv):
    """The AEC environment (see the module docstring). Build it with :func:`pettingzoo_env`."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "name": "cardtable_v0", "is_parallelizable": False}

    def __init__(self, game_id: str, players: int | None = None, seed: int | None = None,
                 render_mode: str | None = None, options: Mapping[str, Any] | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in ("human", "ansi"):
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        self.game = load_game(game_id)
        self.game_id = game_id
        self.game_options = dict(options or {})
        # a throwaway deal validates players and options (SetupError) and gives the default seat count
        n = self.game.new_game(seed=0, players=players, options=self.game_options).players
        self.players = n
        enc = load_encoding(game_id)
        self._enc = enc
        self.actions = DiscreteActions(enc.action_space(n))
        self.encoder = enc.observation_encoder(n)
        self._observer = SeatObserver(self.encoder, self.actions)
        self._encode = self._observer.observation
        self._seat_mask = self.actions.seat_mask
        self.metadata = {**type(self).metadata, "name": enc.ENV_NAME}
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        obs_box = spaces.Box(0.0, 1.0, (self.encoder.size,), dtype=np.float32)
        mask_box = spaces.Box(0, 1, (self.actions.n,), dtype=np.int8)
        self.observation_spaces = {a: spaces.Dict({"observation": obs_box, "action_mask": mask_box})
                                   for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.actions.n) for a in self.possible_agents}
        self._seeder = Rng(mix_seed("cardtable.rl.pettingzoo", secrets.randbits(63) if seed is None else seed))
        self.game_state: State | None = None
        self.agents: list[str] = []

    # --- spaces ----------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.action_spaces[agent]

    # --- AEC API ---------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game. ``options`` is accepted for API compatibility and ignored: game options
        (e.g. ``turn_cap``) are fixed when the environment is built."""
        if seed is not None:
            self._seeder = Rng(mix_seed("cardtable.rl.pettingzoo", seed))
        game_seed = self._seeder.next64() & _SEED_MASK
        self.game_state = self.game.new_game(seed=game_seed, players=self.players, options=self.game_options)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection: str | None = None
        to_act = self.game_state.to_act
        assert to_act is not None, "a new game always starts with a decision"
        self.agent_selection = self.possible_agents[to_act]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``{"observation": float32[size], "action_mask": int8[n]}``: what ``view(seat)`` shows, no more."""
        state = self.game_state
        if state is None:
            raise RuntimeError("call reset() before using the environment")
        seat = self._seat[agent]
        # ``SeatObserver.__call__``'s two parts, called here: one call fewer per step (the AEC loop's hot path)
        return {"observation": self._encode(state, seat), "action_mask": self._seat_mask(state.decision, seat)}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game_state
        if state is None:
            raise RuntimeError("call reset() before using the environment")
        if action is None:
            raise ValueError(f"{agent} must act (only finished agents may step with None)")
        decision = state.decision  # agent_selection always names the seat of this decision
        state.apply(self.actions.action(action, decision))  # type: ignore[arg-type]
        self._cumulative_rewards[agent] = 0.0
        if not state.is_terminal:
            # Rewards only come at the end, so until then there is nothing to accumulate.
            self.agent_selection = self.possible_agents[state.to_act]  # type: ignore[index]
        else:
            outcome = state.outcome
            assert outcome is not None
            truncated = self._enc.is_truncated(outcome)
            rewards = self._enc.rewards(outcome, self.players)
            info = {"outcome": outcome.to_dict()}
            for a in self.agents:
                seat = self._seat[a]
                self.rewards[a] = float(rewards[seat])
                self.terminations[a] = not truncated
                self.truncations[a] = truncated
                self.infos[a] = dict(info)
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _was_dead_step(self, action: Any) -> None:
        """PettingZoo's dead-agent step, for a game where every agent finishes at the same moment.

        Same contract as ``AECEnv._was_dead_step`` (only ``None`` is accepted; the agent leaves every
        per-agent dict; the next finished agent is selected; rewards are cleared), without its search
        for which agents are still alive: here none is, so the next one is simply the first left.
        """
        if action is not None:
            raise ValueError("when an agent is dead, the only valid action is None")
        agent = self.agent_selection
        del self.terminations[agent], self.truncations[agent], self.rewards[agent]
        del self._cumulative_rewards[agent], self.infos[agent]
        self.agents.remove(agent)
        if self.agents:  # as the base class: remember where the dead steps began, go to the next one
            if self._skip_agent_selection is None:
                self._skip_agent_selection = agent
            self.agent_selection = self.agents[0]
        else:  # the last one left: the selection returns to where the dead steps began
            if self._skip_agent_selection is not None:
                self.agent_selection = self._skip_agent_selection
            self._skip_agent_selection = None
        self._clear_rewards()

    def render(self) -> str | None:
        """Text of the public table (``view(None)``): ``ansi`` returns it, ``human`` prints it."""
        return render_public_table(self.render_mode, self.game_state, self._enc, self.metadata["name"])

    def close(self) -> None:
        """Nothing to release (no window, no process)."""

    def _require_state(self) -> State:
        if self.game_state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game_state


def pettingzoo_env(game_id: str, players: int | None = None, seed: int | None = None,
                   render_mode: str | None = None, **options: Any) -> CardtableAECEnv:
    """A PettingZoo AEC environment for ``game_id`` (any id of ``cardtable.registry.game_ids()``).

    ``players`` defaults to the game's default table size; ``seed`` seeds the stream of game seeds
    used by ``reset()`` without a seed; ``**options`` are game options (``turn_cap=50``). The env is
    returned unwrapped; PettingZoo's ``OrderEnforcingWrapper``, ``AssertOutOfBoundsWrapper`` and
    ``TerminateIllegalWrapper`` all apply to it.
    """
    return CardtableAECEnv(game_id, players=players, seed=seed, render_mode=render_mode, options=options)


__all__ = ["CardtableAECEnv", "pettingzoo_env"]
