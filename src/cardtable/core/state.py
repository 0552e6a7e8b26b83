"""The public face of a game state.

This class implements the invariants every game shares — only a listed action is accepted, a refused
action leaves the state untouched, every accepted action is recorded — and leaves the rules to a
game's hooks (``_apply``, ``_explain_illegal``, ``view``…). That split (public method checks, hook
implements) keeps every game honest without each one re-implementing the checks.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, Mapping

from .actions import Action, Decision
from .errors import IllegalActionError
from .events import Event, log_for

if TYPE_CHECKING:
    from .game import GameDefinition, Outcome

RECORD_FORMAT = "cardtable-record/1"


class State(ABC):
    """Base of every game's state. Subclasses add their own slots and fill the hooks."""

    __slots__ = ("game", "seed", "players", "options", "events", "history", "_decision", "_outcome")

    game: "GameDefinition"
    seed: int | None
    players: int
    options: dict[str, Any]
    events: list[Event]
    history: list[Action]
    _decision: Decision | None
    _outcome: "Outcome | None"

    # --- public API ---------------------------------------------------------------------------
    @property
    def is_terminal(self) -> bool:
        return self._outcome is not None

    @property
    def to_act(self) -> int | None:
        d = self._decision
        return None if d is None else d.player

    @property
    def decision(self) -> Decision | None:
        return self._decision

    @property
    def outcome(self) -> "Outcome | None":
        return self._outcome

    def legal_actions(self) -> list[Action]:
        d = self._decision
        return [] if d is None else list(d.options)

    def apply(self, action: Action | Mapping[str, Any]) -> None:
        """Apply one legal action; anything else raises ``IllegalActionError`` and changes nothing."""
        d = self._decision
        if not isinstance(action, Action):
            action = Action.from_dict(action)  # raises CORE-1 for malformed input
        if d is None:
            raise IllegalActionError("CORE-2", "the game is over; no action can be taken")
        if action not in d.options:
            raise self._refusal(action, d)
        self.history.append(action)
        self._apply(action)

    def log(self, seat: int | None = None) -> list[dict[str, Any]]:
        """Events as ``seat`` may see them (``None`` = a spectator)."""
        return log_for(self.events, seat)

    def record(self) -> dict[str, Any]:
        """Everything needed to rebuild this game: ``cardtable.replay(record)``."""
        if self.seed is None:
            raise IllegalActionError("CORE-4", "a determinized (sampled) state has no record")
        out = {
            "format": RECORD_FORMAT,
            "game": self.game.info.id,
            "version": self.game.info.version,
            "card_sets": self.game.card_set_versions,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": [a.to_dict() for a in self.history],
        }
        hashes = self.game.card_set_hashes
        if hashes:  # every set the game was played with, by id and content hash (custom ones too)
            out["card_set_hashes"] = hashes
        return out

    def determinize(self, seat: int | None, seed: int = 0) -> "State":
        """A full state consistent with all ``seat`` knows; everything hidden from it is resampled.

        Built only from ``view(seat)`` and ``log(seat)``, so by construction it cannot carry
        anything the seat may not know.
        """
        return self.game.sample_state(self.view(seat), self.log(seat), seed)

    def _refusal(self, action: Action, decision: Decision) -> IllegalActionError:
        """Explain why ``action`` is not legal now, naming the rule (games refine this).

        Two refusals are the core's own checks: an action by a seat whose decision it is not
        (``"seat"``) and, when the game's ``_explain_illegal`` has no specific reason, an action that
        is not among the options (``"option"``). The check is the same for every game; the rule it
        breaks is the game's (acting out of turn, finishing a choice too early…), so the game names it
        through ``_decision_rule``; ``CORE-3`` is cited only when it names none."""
        if action.player != decision.player:
            rule = self._decision_rule(action, decision, "seat") or "CORE-3"
            return IllegalActionError(rule, f"it is seat {decision.player}'s decision, not seat {action.player}'s")
        err = self._explain_illegal(action, decision)
        if err is not None:
            return err
        kinds = sorted({o.kind for o in decision.options})
        rule = self._decision_rule(action, decision, "option") or "CORE-3"
        return IllegalActionError(rule, f"{action} is not a legal {decision.kind} choice now (expected one of: {', '.join(kinds)})")

    # --- hooks for games ------------------------------------------------------------------------
    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out a legal ``action`` and set the next decision (or the outcome)."""

    def _explain_illegal(self, action: Action, decision: Decision) -> IllegalActionError | None:
        return None

    def _decision_rule(self, action: Action, decision: Decision, refusal: str) -> str | None:
        """The game's rule ID for a refusal the core makes (``None``: the core cites ``CORE-3``).

        ``refusal`` is ``"seat"`` (``action.player`` is not the seat to decide) or ``"option"`` (the
        action is not among ``decision.options`` and ``_explain_illegal`` gave no reason: an unoffered
        card, a ``done`` before enough picks, a ``pass`` or ``no`` where the choice is mandatory). A game
        answers from the decision at hand (its kind, the phase), e.g. "acting in another player's turn"."""
        return None

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """JSON-able: everything ``seat`` may know (``None`` = a spectator)."""

    @abstractmethod
    def clone(self) -> "State":
        """An independent copy, cheap: search and simulation call this constantly."""

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """A full JSON-able snapshot (hidden parts and RNG included) for ``game.from_dict``."""
