"""The contract between the core and a game module.

A game module provides a :class:`GameDefinition` (static facts, a factory and a snapshot loader) and a
subclass of :class:`~cardtable.core.state.State` that implements the rule hooks. Everything callers
use — legality checks, records, logs — is implemented once here and in ``state.py``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Literal, Mapping

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


@dataclass(frozen=True, slots=True)
class OutcomeTag:
    """A fact of a finished game that simulation statistics group by, declared by the game.

    Why declared: the simulator and its report must name no game's ideas, yet a game's own
    statistics (win rate per role, per ending, ...) are what a simulation is run for. A game lists
    its tags in :attr:`GameDefinition.outcome_tags`; ``cardtable.sim`` tabulates them and
    ``cardtable simulate`` prints one table per tag, in the order declared.

    * ``key`` — the :attr:`Outcome.details` entry read (and the tag's key in summaries);
    * ``title`` — the tag's name as a column heading (``"Role"``); ``heading`` — its table's title;
    * ``per_seat`` — the detail is a list with one value per seat (win rates per value), else one
      value per game;
    * ``order`` / ``labels`` — display order of known values (the rest follow, sorted) and their
      display names (default: the value itself);
    * ``split_by`` — for a per-seat tag, the key of a per-game tag: its rates are also given per
      value of that tag, one column each;
    * ``table`` — for a per-game tag: ``"rates"`` (games, share, seat win rate, mean turns, games
      nobody won, per value) or ``"counts"`` (games and share per value, most frequent first);
    * ``read`` — derives the value from the details when it is not stored under ``key``
      (``None`` = the game does not report it);
    * ``column`` — for a per-seat tag, the export column stem: ``seat<N>_<column>`` (default ``key``).
    """

    key: str
    title: str
    heading: str
    per_seat: bool = False
    order: tuple[str, ...] = ()
    labels: Mapping[str, str] = field(default_factory=dict)
    split_by: str | None = None
    table: Literal["rates", "counts"] = "rates"
    read: Callable[[Mapping[str, Any]], Any] | None = None
    column: str | None = None

    def value(self, details: Mapping[str, Any]) -> Any:
        """The tag's raw value in a game's outcome details (a per-seat list for per-seat tags)."""
        return self.read(details) if self.read is not None else details.get(self.key)

    def label(self, value: Any) -> str:
        """How a value is shown in a table."""
        return self.labels.get(str(value), str(value))

    def sort_key(self, value: Any) -> tuple[int, str]:
        """Declared values first, in their declared order; the others after them, by name."""
        v = str(value)
        return (self.order.index(v) if v in self.order else len(self.order), v)


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

    @property
    def card_set_hashes(self) -> list[dict[str, Any]]:
        """Every card set in use, in load order, as ``{"set", "sha256", "custom"}``; a record keeps them so
        that replaying it against other cards is refused (``check_record_sets``). Empty: not recorded."""
        return []

    def check_record_sets(self, recorded: Any) -> str | None:
        """Why a record that names ``recorded`` (its ``card_set_hashes``) cannot be replayed here, naming
        the set and the mismatch; ``None`` when it can."""
        return None

    @abstractmethod
    def new_game(self, seed: int = 0, players: int | None = None, options: Mapping[str, Any] | None = None) -> "State":
        """A new game set up from ``seed``; bad players/options raise ``SetupError``."""

    @abstractmethod
    def from_dict(self, data: Mapping[str, Any]) -> "State":
        """Rebuild a state from ``State.to_dict()``."""

    @property
    def outcome_tags(self) -> tuple[OutcomeTag, ...]:
        """What simulation statistics group finished games by (none by default; see :class:`OutcomeTag`)."""
        return ()

    def card_catalog(self) -> dict[str, Any]:
        """The game's public card data as plain JSON: ``{"cards": [...], ...}`` (a game adds its own keys).

        Clients (the browser renderer, ``GET /api/games/{id}/cards``) take card names, texts and effects
        from here instead of keeping their own copy. Only public facts: nothing depends on a game state.
        """
        return {"cards": []}

    def how_to_play(self) -> dict[str, Any]:
        """The game explained for a newcomer, for the browser's "How to play" panel.

        ``{"title": str, "sections": [{"id": str, "heading": str, "paragraphs": [str], "items": [{"term", "text"}]}],
        "phase_sections": {phase: section id}}`` (optional), public text only; see :mod:`cardtable.engine.howto`.
        Also what ``cardtable rules GAME`` prints. The default says no more than the game's name; a game
        overrides it.
        """
        return {"title": f"How to play {self.info.name}", "sections": []}

    def check_card_data(self) -> list[str]:
        """Load every card set and list problems (e.g. a card with text but no ability or script)."""
        return []

    #: Optional position evaluation for searches that stop before the end (``ismcts`` rollouts): the
    #: estimated score of ``seat`` in ``state`` on the scale of ``Outcome.scores`` (0 = loss … 1 = win),
    #: from the state alone, fast and deterministic. ``None``: searches play every rollout to the end.
    evaluate: Callable[["State", int], float] | None = None
    #: With ``evaluate``: the rollout depth searches use unless their spec names one (actions per iteration).
    rollout_depth: int | None = None

    def rollout_boundary(self, state: "State") -> bool:
        """Whether ``evaluate`` can be trusted at ``state``: a rollout cut after its depth goes on until this
        says so (``strong``). Why: in a game whose turn spends resources early and turns them into damage
        late (Million Arthur), a position in mid-turn shows the cost of a move but not yet its effect. The
        default (every position) keeps a plain depth cut."""
        return True
    #: At most this many seeds per player count in the shared conformance checks (``testing.conformance.
    #: seed_count``): for a game tested at several player counts whose every seed is costly to resample and
    #: replay, so the suite's time stays bounded. ``None``: the length-scaled count alone.
    conformance_seed_cap: int | None = None

    @abstractmethod
    def sample_state(self, view: Mapping[str, Any], log: list[dict[str, Any]], seed: int) -> "State":
        """A full state consistent with ``view`` and ``log`` (what one seat knows), hidden parts resampled."""
