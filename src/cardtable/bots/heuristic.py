"""A generic heuristic bot that delegates to a per-game policy.

Knowing what a good move is is game knowledge, so it lives with the game, in its ``strategy`` facet:
the module ``strategy`` of the game's package, whose ``choose_action(view, decision, rng)`` returns
one of ``decision.options`` (see :func:`cardtable.registry.game_facet`). This module finds that
function and calls it, so a new game gets ``heuristic`` by shipping the module and nothing else.
Games never import bots. :func:`register_policy` plugs a policy in from elsewhere (a test, a plug-in).
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, Mapping

from ..core import Action, Decision, Rng, SetupError
from ..registry import game_facet, game_ids

Policy = Callable[[Mapping[str, Any], Decision, Rng], Action]

FACET = "strategy"  # the module of a game's package that holds its heuristic policy
POLICY_NAME = "choose_action"  # ... and the policy's name in it

# game id -> "module:function" of a policy ``(view, decision, rng) -> Action`` registered from outside
# a game package; these take precedence over the game's own ``strategy`` facet.
POLICIES: dict[str, str] = {}

_loaded: dict[str, Policy] = {}


def register_policy(game_id: str, path: str) -> None:
    """Make ``heuristic`` available for ``game_id`` with the policy at ``"module:function"``."""
    POLICIES[game_id] = path
    _loaded.pop(game_id, None)


def _facet_policy(game_id: str) -> Policy | None:
    try:
        module = game_facet(game_id, FACET)
    except SetupError:  # not a game
        return None
    policy = getattr(module, POLICY_NAME, None) if module is not None else None
    return policy if callable(policy) else None


def has_policy(game_id: str) -> bool:
    """Whether ``heuristic`` can play ``game_id`` (registered, or the game ships a ``strategy`` facet)."""
    return game_id in POLICIES or _facet_policy(game_id) is not None


def load_policy(game_id: str) -> Policy:
    """The heuristic policy of ``game_id``; ``SetupError`` if the game has none."""
    policy = _loaded.get(game_id)
    if policy is None:
        path = POLICIES.get(game_id)
        if path is not None:
            module, _, name = path.partition(":")
            policy = getattr(importlib.import_module(module), name)
        else:
            policy = _facet_policy(game_id)
        if policy is None:
            have = ", ".join(sorted(g for g in set(game_ids()) | set(POLICIES) if has_policy(g))) or "none"
            raise SetupError(f"no heuristic policy for game {game_id!r} (games with one: {have})")
        _loaded[game_id] = policy
    return policy


class HeuristicBot:
    """Calls the game's policy with the view, the decision and the bot's own RNG."""

    spec = "heuristic"

    def __init__(self, game_id: str, seed: int = 0) -> None:
        self.game_id = game_id
        self._policy = load_policy(game_id)
        self._rng = Rng(seed)

    def act(self, view: Mapping[str, Any], decision: Decision, rng: Rng | None = None) -> Action:
        return self._policy(view, decision, rng or self._rng)
