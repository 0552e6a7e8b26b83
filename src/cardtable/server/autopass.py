"""Auto-pass: which decisions of a human seat the server takes for the person (docs/protocol.md, "Auto-pass").

Why on the server: every front-end (browser, terminal over the protocol, a script) then spares its
person the same pointless clicks, and the move is an ordinary engine action, validated, stored and
replayed like any other. Nothing here is a rule: bots and RL never come here, and a seat in *full
control* is asked everything, as before.

What is taken, for a human seat only:

* by default (not in full control): a decision with a single option (nothing to decide), and one whose
  every option is of a *pass kind* (the game's presentation declares them: ``Presentation.pass_kinds``);
  the first option is taken.
* in a *pass-until* mode the person asked for (``turn``: until their own turn starts; ``event``: until
  something new shows in their log): also the first pass-kind option of any decision that has one. The
  mode clears itself when reached, or at the first decision that offers no pass.

Hidden information: the policy reads only the decision (which the seat sees), the seat's own view and
the seat's own log, so it never depends on anything the seat may not know. Other seats see the move as
they see any move of the seat (the auto marker is sent to the seat itself only).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from ..core import Action, Decision
from ..engine.presentation import Presentation, resolve
from ..registry import game_facet

PASS_UNTIL = ("turn", "event")


@dataclass(frozen=True, slots=True)
class SeatPrefs:
    """One seat's choices about stops (stored with the table, ``tables.seat_prefs``)."""

    full_control: bool = False
    pass_until: str | None = None  # "turn" | "event" | None
    mark: tuple[Any, ...] = ()  # where the pass-until mode started: (turn, active) or (log length,)

    def to_dict(self) -> dict[str, Any]:
        return {"full_control": self.full_control, "pass_until": self.pass_until, "mark": list(self.mark)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> "SeatPrefs":
        if not isinstance(data, Mapping):
            return cls()
        until = data.get("pass_until")
        mark = data.get("mark") or ()
        return cls(full_control=bool(data.get("full_control")), pass_until=until if until in PASS_UNTIL else None,
                   mark=tuple(mark) if isinstance(mark, (list, tuple)) else ())

    def public(self) -> dict[str, Any]:
        """What the seat's own connections are told (``prefs`` frame)."""
        return {"full_control": self.full_control, "pass_until": self.pass_until}


def presentation_for(game_id: str) -> Presentation | None:
    facet = game_facet(game_id, "presentation")
    declared = getattr(facet, "PRESENTATION", None) if facet is not None else None
    return declared if isinstance(declared, Presentation) else None


def pass_kinds_for(game_id: str) -> frozenset[str]:
    p = presentation_for(game_id)
    return frozenset(p.pass_kinds) if p is not None else frozenset()


def turn_mark(view: Mapping[str, Any], presentation: Presentation | None) -> tuple[Any, ...] | None:
    """(turn number, active seat) read from the seat's view, or None when the game declares no active seat."""
    if presentation is None or not presentation.active_path:
        return None
    turn = resolve(view, presentation.turn_path) if presentation.turn_path else view.get("turn")
    return (turn, resolve(view, presentation.active_path))


def start_mark(mode: str | None, view: Mapping[str, Any], log_len: int,
               presentation: Presentation | None) -> tuple[Any, ...]:
    """Where a pass-until mode starts, to tell later when it is reached."""
    if mode == "turn":
        mark = turn_mark(view, presentation)
        if mark is not None:
            return ("turn",) + mark
    if mode is None:
        return ()
    return ("log", log_len)


def choose(decision: Decision, prefs: SeatPrefs, pass_kinds: frozenset[str], *,
           view: Callable[[], Mapping[str, Any]], log_len: Callable[[], int],
           presentation: Presentation | None) -> tuple[Action | None, SeatPrefs]:
    """The option to take for the seat now (None: ask the person) and the seat's prefs after it.

    ``view``/``log_len`` are called only when a pass-until mode needs them (a view costs time)."""
    options = decision.options
    passes = [a for a in options if a.kind in pass_kinds]
    if prefs.pass_until is not None:
        if not passes or _reached(prefs, decision.player, view, log_len, presentation):
            prefs = SeatPrefs(full_control=prefs.full_control)  # reached: back to the usual stops
        else:
            return passes[0], prefs
    if prefs.full_control:
        return None, prefs
    if len(options) == 1:
        return options[0], prefs
    if len(passes) == len(options):
        return options[0], prefs
    return None, prefs


def after_move(prefs: SeatPrefs, log_len: int) -> SeatPrefs:
    """An ``event`` mode counts only what happens after the seat's own auto moves (its own pass may log)."""
    if prefs.pass_until == "event" and prefs.mark[:1] == ("log",):
        return SeatPrefs(prefs.full_control, prefs.pass_until, ("log", log_len))
    return prefs


def _reached(prefs: SeatPrefs, seat: int, view: Callable[[], Mapping[str, Any]], log_len: Callable[[], int],
             presentation: Presentation | None) -> bool:
    mark = prefs.mark
    if mark[:1] == ("turn",) and len(mark) == 3:
        now = turn_mark(view(), presentation)
        return now is not None and now != tuple(mark[1:]) and now[1] == seat
    if mark[:1] == ("log",) and len(mark) == 2 and isinstance(mark[1], int):
        return log_len() > mark[1]
    return True  # no usable mark: nothing to wait for

