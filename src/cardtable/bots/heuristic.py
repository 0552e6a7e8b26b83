"""A generic heuristic bot that delegates to a per-game policy.

Knowing what a good move is is game knowledge, so it lives with the game
(e.g. ``cardtable.games.two_mists.strategy``); this module only maps a game id to that policy and
calls it. Games never import bots, so a new game plugs in by adding one line to ``POLICIES`` (or by
calling :func:`register_policy`) without touching anything else here.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, Mapping

from ..core import Action, Decision, Rng, SetupError

Policy = Callable[[Mapping[str, Any], Decision, Rng], Action]

# game id -> "module:function" of a policy ``(view, decision, rng) -> Action``; imported lazily.
POLICIES: dict[str, str] = {
    "two-mists": "cardtable.games.two_mists.strategy:choose_action",
}

_loaded: dict[str, Policy] = {}


def register_policy(game_id: str, path: str) -> None:
    """Make ``heuristic`` available for ``game_id`` with the policy at ``"module:function"``."""
    POLICIES[game_id] = path
    _loaded.pop(game_id, None)


def load_policy(game_id: str) -> Policy:
    """The heuristic policy of ``game_id``; ``SetupError`` if the game has none."""
    policy = _loaded.get(game_id)
    if policy is None:
        path = POLICIES.get(game_id)
        if path is None:
            have = ", ".join(sorted(POLICIES)) or "none"
            raise SetupError(f"no heuristic policy for game {game_id!r} (games with one: {have})")
        module, _, name = path.partition(":")
        policy = getattr(importlib.import_module(module), name)
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
