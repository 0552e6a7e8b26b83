"""Fixed discrete action spaces and observation encoders for learning agents, per game.

RL libraries want one fixed ``Discrete(n)`` action space and a fixed-size observation, while the
engine offers a short, changing list of ``Action`` objects and a JSON-like view. Each game bridges the
two in its own ``encoding`` facet (``encoding.py`` next to its rules, so game knowledge stays with
the game; see :func:`cardtable.registry.game_facet`). This module finds that module, checks it provides the
hooks below, and wraps its action space with the numpy-facing helpers (masks, ``gymnasium`` spaces).

A game's ``encoding`` module provides:

* ``ENV_NAME`` — the versioned environment name (``"<game>_v0"``); bump the version whenever the
  action mapping or the observation layout changes, so saved policies never silently misread it;
* ``action_space(players) -> ActionSpace`` — the stable action <-> index mapping (protocol below);
* ``observation_encoder(players) -> ObservationEncoder`` — ``encode(view) -> float32 array`` of fixed
  ``size``, reading nothing but ``state.view(seat)``; optionally also ``encode_seat(state, seat)``, the
  same vector without building the view (see :class:`SeatObserver`);
* ``rewards(outcome, players) -> list[float]`` and ``is_truncated(outcome) -> bool``;
* ``render_text(view) -> str`` for ``render()``.
"""

from __future__ import annotations

from functools import lru_cache
from types import ModuleType
from typing import Any, Mapping, Protocol, Sequence

import numpy as np

from ..core import Action, Decision, Outcome, SetupError, State
from ..registry import game_facet, game_package, load_game

FACET = "encoding"  # the module of a game's package that holds its RL encoding
_HOOKS = ("ENV_NAME", "action_space", "observation_encoder", "rewards", "is_truncated", "render_text")


class ActionSpace(Protocol):
    """A game's stable mapping between its actions and ``0 .. size-1`` for one player count."""

    size: int
    labels: tuple[str, ...]  # one human-readable label per index

    def index(self, action: Action) -> int:
        """The index of ``action``."""
        ...

    def action(self, index: int, player: int) -> Action:
        """The action ``index`` stands for when ``player`` is the one choosing."""
        ...

    def legal_indices(self, decision: Decision) -> list[int]:
        """The indices of ``decision.options``."""
        ...

    def legal_indices_from_view(self, view: Mapping[str, Any]) -> list[int]:
        """The indices of the options in ``view["decision"]`` (the seat's own pending decision)."""
        ...


class ObservationEncoder(Protocol):
    """Turns one seat's view into a fixed-size ``float32`` vector with values in ``[0, 1]``."""

    size: int

    def encode(self, view: Mapping[str, Any], out: np.ndarray | None = None) -> np.ndarray:
        ...


class GameEncoding(Protocol):
    """What a game's ``encoding`` module exposes (see the module docstring)."""

    ENV_NAME: str

    def action_space(self, players: int) -> ActionSpace: ...

    def observation_encoder(self, players: int) -> ObservationEncoder: ...

    def rewards(self, outcome: Outcome, players: int) -> list[float]: ...

    def is_truncated(self, outcome: Outcome) -> bool: ...

    def render_text(self, view: Mapping[str, Any]) -> str: ...


class IllegalActionIndex(ValueError):
    """An index that is not one of the current decision's legal actions."""


@lru_cache(maxsize=None)
def load_encoding(game_id: str) -> GameEncoding:
    """The ``encoding`` facet of ``game_id``'s package, else the generic engine encoding; a clear
    error if the game has neither."""
    game = load_game(game_id)
    module: ModuleType | None = game_facet(game_id, FACET)
    if module is None:
        from .cardgame import generic_encoding

        generic = generic_encoding(game)
        if generic is None:
            raise SetupError(f"game {game_id!r} has no RL encoding yet ({game_package(game_id)}.{FACET})")
        return generic  # type: ignore[return-value]
    missing = [h for h in _HOOKS if not hasattr(module, h)]
    if missing:
        raise SetupError(f"{module.__name__} lacks {', '.join(missing)}")
    return module  # type: ignore[return-value]


class DiscreteActions:
    """A game's action space seen as ``gymnasium.spaces.Discrete(n)`` plus masks.

    ``action_mask(decision)`` marks exactly ``decision.options`` (what ``state.legal_actions()``
    returns); ``action(index, decision)`` turns a chosen index back into the engine's ``Action`` and
    refuses anything the decision does not offer.

    A space whose ``positional`` attribute is true (the card games' pointer space) declares that index k
    *is* the k-th option, for the first ``size`` options: its masks are then kept per option count and an
    index is its option, without listing the indices (the env's two calls per step).
    """

    def __init__(self, space: ActionSpace) -> None:
        self.space = space
        self.n = space.size
        self.labels = space.labels
        self._positional = bool(getattr(space, "positional", False))
        self._masks: dict[tuple[int, ...], np.ndarray] = {}
        self._count_masks: dict[int, np.ndarray] = {}  # positional spaces: option count -> its mask
        self._zero_mask = np.zeros(self.n, dtype=np.int8)
        # The env asks about the same decision twice per step (mask in observe, then the chosen index in
        # step): remembering the last decision's indices by identity halves that work.
        self._last_decision: Decision | None = None
        self._last_indices: tuple[int, ...] = ()
        self._last_mask: np.ndarray | None = None  # the cached mask of the last decision (copied out)

    def index(self, action: Action) -> int:
        return self.space.index(action)

    def legal_indices(self, decision: Decision) -> tuple[int, ...]:
        """The indices of ``decision.options``, in option order."""
        if decision is self._last_decision:
            return self._last_indices
        indices = tuple(self.space.legal_indices(decision))
        self._last_decision, self._last_indices, self._last_mask = decision, indices, None
        return indices

    def action(self, index: int, decision: Decision) -> Action:
        """The legal action of ``decision`` that ``index`` stands for; ``IllegalActionIndex`` otherwise."""
        i = int(index)
        if not 0 <= i < self.n:
            raise IllegalActionIndex(f"action index {index!r} is outside 0..{self.n - 1}")
        if self._positional and i < len(decision.options):
            return decision.options[i]
        legal = self.legal_indices(decision)
        if i not in legal:
            offered = ", ".join(f"{j} ({self.labels[j]})" for j in sorted(legal))
            raise IllegalActionIndex(f"action {i} ({self.labels[i]}) is not legal for this {decision.kind} "
                                     f"decision of seat {decision.player}; legal: {offered}")
        return decision.options[legal.index(i)]

    def action_mask(self, decision: Decision | None) -> np.ndarray:
        """``int8`` vector of length ``n`` with 1 exactly at the indices of ``decision.options``."""
        return self._zero_mask.copy() if decision is None else self.mask_from_indices(self.legal_indices(decision))

    def seat_mask(self, decision: Decision | None, seat: int) -> np.ndarray:
        """The mask of what ``seat`` may do now: ``decision``'s options if it is ``seat``'s, else all 0.

        Equal to the mask of ``view(seat)["decision"]``, which a view carries only for its own seat.
        """
        if decision is None or decision.player != seat:
            return self._zero_mask.copy()
        if self._positional:
            count = len(decision.options)
            mask = self._count_masks.get(count)
            if mask is None:
                mask = self._count_masks[count] = self._template(range(min(count, self.n)))
            return mask.copy()
        if decision is not self._last_decision or self._last_mask is None:
            indices = self.legal_indices(decision)
            self._last_mask = self._template(indices)
        return self._last_mask.copy()

    def mask_from_indices(self, indices: Sequence[int]) -> np.ndarray:
        """A fresh ``int8`` mask with 1 at ``indices``.

        A game offers only a few distinct option sets, so each is built once and copied thereafter
        (a copy is cheaper than zeros + fancy assignment on the per-step hot path).
        """
        return self._template(indices).copy()

    def _template(self, indices: Sequence[int]) -> np.ndarray:
        """The shared (never handed out) mask for ``indices``, built once per distinct option set."""
        key = tuple(indices)
        mask = self._masks.get(key)
        if mask is None:
            mask = np.zeros(self.n, dtype=np.int8)
            if key:
                mask[list(key)] = 1
            if len(self._masks) < 4096:
                self._masks[key] = mask
        return mask

    def gym_space(self) -> Any:
        import gymnasium

        return gymnasium.spaces.Discrete(self.n)


class SeatObserver:
    """One seat's ``(observation, action_mask)``, the same for both environments.

    The observation is by definition ``encoder.encode(state.view(seat))``. An encoder may also offer
    ``encode_seat(state, seat)``: the same vector read straight from the state, without building the
    JSON-able view (most of an env step otherwise). A game that provides it must prove it equal to the
    view route (as ``tests/rl/test_encoding.py`` does for its games: at every decision of many games,
    per seat, and unchanged under ``determinize``). The mask is the seat's own pending decision, which is what
    ``view(seat)["decision"]`` holds.
    """

    def __init__(self, encoder: ObservationEncoder, actions: DiscreteActions) -> None:
        self.encoder = encoder
        self.actions = actions
        self._encode_seat = getattr(encoder, "encode_seat", None)
        # ``observation(state, seat)``: the encoder's own ``encode_seat`` when it has one (no call in between)
        self.observation: Any = self._from_view if self._encode_seat is None else self._encode_seat

    def __call__(self, state: State, seat: int) -> tuple[np.ndarray, np.ndarray]:
        return self.observation(state, seat), self.actions.seat_mask(state.decision, seat)

    def _from_view(self, state: State, seat: int) -> np.ndarray:
        """The observation by its definition, ``encode(view(seat))`` (an encoder without ``encode_seat``)."""
        return self.encoder.encode(state.view(seat))

    def from_view(self, state: State, seat: int) -> tuple[np.ndarray, np.ndarray]:
        """The reference route: both parts from ``state.view(seat)`` (tests compare the two)."""
        view = state.view(seat)
        mask = self.actions.mask_from_indices(self.actions.space.legal_indices_from_view(view))
        return self.encoder.encode(view), mask


def action_space(game_id: str, players: int) -> DiscreteActions:
    """The discrete action space of ``game_id`` at a ``players``-seat table."""
    return DiscreteActions(load_encoding(game_id).action_space(players))


def action_mask(game_id: str, decision: Decision | None, players: int) -> np.ndarray:
    """Convenience: the ``int8`` mask of ``decision`` in ``game_id``'s action space."""
    return action_space(game_id, players).action_mask(decision)


__all__ = [
    "ActionSpace", "DiscreteActions", "GameEncoding", "IllegalActionIndex", "ObservationEncoder", "SeatObserver",
    "action_mask", "action_space", "load_encoding",
]


def render_public_table(render_mode: str | None, state: "State | None", encoding: Any, name: str) -> str | None:
    """``render()`` of both envs: the public table (``view(None)``) as text; ``ansi`` returns it, ``human`` prints it."""
    if render_mode is None:
        import gymnasium

        gymnasium.logger.warn("render() called without a render_mode; pass render_mode='ansi' or 'human'")
        return None
    text = f"{name}: not started (call reset())" if state is None else encoding.render_text(state.view(None))
    if render_mode == "ansi":
        return text
    print(text)
    return None
