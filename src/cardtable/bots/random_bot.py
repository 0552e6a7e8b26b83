"""The baseline: a uniformly random legal option. Every other bot must beat it."""

from __future__ import annotations

from typing import Any, Mapping

from ..core import Action, Decision, Rng


class RandomBot:
    """Picks uniformly among ``decision.options`` with its own RNG."""

    spec = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)

    def act(self, view: Mapping[str, Any], decision: Decision, rng: Rng | None = None) -> Action:
        return (rng or self._rng).choice(decision.options)
