"""The contract between the core and a game module.

A game module provides a :class:`GameDefinition` (static facts, a factory and a snapshot loader) and a
subclass of :class:`~cardtable.core.state.State` that implements the rule hooks. Everything callers
use — legality checks, records, logs — is implemented once here and in ``state.py``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Mapping

if TYPE_CHECKING:
    from .state import State


@dataclass(frozen=True, slots=True)
class GameInfo:
    id: str
    name: str
    min_players: int
    max_players: int
    version: str


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: the winning seats (possibly none), a score per seat and why."""

    winners: list[int]
    scores: dict[int, float]
    reason: str
    details: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "scores": {str(k): v for k, v in self.scores.items()},
            "reason": self.reason,
            "details": self.details,
        }

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> "Outcome":
        return cls(
            list(d["winners"]),
            {int(k): float(v) for k, v in d["scores"].items()},
            d["reason"],
            dict(d.get("details", {})),
        )


class GameDefinition(ABC):
    """Base class of every game module's ``GAME`` object."""

    info: GameInfo

    @property
    def id(self) -> str:
        return self.info.id

    @property
    def card_set_versions(self) -> dict[str, int]:
        """Versions of the card sets in use; part of every record."""
        return {}

    @abstractmethod
    def new_game(self, seed: int = 0, players: int | None = None, options: Mapping[str, Any] | None = None) -> "State":
        """A new game set up from ``seed``; bad players/options raise ``SetupError``."""

    @abstractmethod
    def from_dict(self, data: Mapping[str, Any]) -> "State":
        """Rebuild a state from ``State.to_dict()``."""

    def card_catalog(self) -> dict[str, Any]:
        """The game's public card data as plain JSON: ``{"cards": [...], "characters": [...]}``.

        Clients (the browser renderer, ``GET /api/games/{id}/cards``) take card names, texts and effects
        from here instead of keeping their own copy. Only public facts: nothing depends on a game state.
        """
        return {"cards": [], "characters": []}

    def how_to_play(self) -> dict[str, Any]:
        """The game explained for a newcomer, for the browser's "How to play" panel.

        ``{"title": str, "sections": [{"heading": str, "paragraphs": [str], "items": [{"term", "text"}]}]}``,
        public text only. The default says no more than the game's name; a game overrides it.
        """
        return {"title": f"How to play {self.info.name}", "sections": []}

    def check_card_data(self) -> list[str]:
        """Load every card set and list problems (e.g. a card with text but no ability or script)."""
        return []

    @abstractmethod
    def sample_state(self, view: Mapping[str, Any], log: list[dict[str, Any]], seed: int) -> "State":
        """A full state consistent with ``view`` and ``log`` (what one seat knows), hidden parts resampled."""
