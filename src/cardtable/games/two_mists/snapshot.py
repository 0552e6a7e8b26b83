"""Full snapshots of a Two Mists state (everything, hidden parts and RNG included).

``from_dict(to_dict(s))`` rebuilds ``s`` exactly; the pending decision is recomputed from the
machine's position rather than stored, so a snapshot cannot hold a decision that disagrees with it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ...core import Action, Event, Outcome, RecordError, Rng

if TYPE_CHECKING:
    from . import TwoMists
    from .rules import MistsState

_LIST_FIELDS = ("chars", "revealed", "life", "apile", "epile", "row", "possible", "weapons", "equip",
                "intimidated", "pointing", "dead")
_NESTED_FIELDS = ("tableau", "taken")
_SCALAR_FIELDS = ("centre", "centre_revealed", "restricted", "turn", "current", "start", "card", "pc", "extra",
                  "pointer", "finisher", "step", "turn_cap")


def state_to_dict(state: "MistsState") -> dict[str, Any]:
    d: dict[str, Any] = {
        "game": state.game.info.id,
        "version": state.game.info.version,
        "seed": state.seed,
        "players": state.players,
        "options": dict(state.options),
        "rng": state.rng.state,
        "events": [e.to_dict() for e in state.events],
        "history": [a.to_dict() for a in state.history],
        "outcome": None if state.outcome is None else state.outcome.to_dict(),
    }
    for name in _LIST_FIELDS:
        d[name] = list(getattr(state, name))
    for name in _NESTED_FIELDS:
        d[name] = [list(x) for x in getattr(state, name)]
    for name in _SCALAR_FIELDS:
        d[name] = getattr(state, name)
    return d


def state_from_dict(game: "TwoMists", d: Mapping[str, Any]) -> "MistsState":
    from .rules import MistsState

    if not isinstance(d, Mapping) or d.get("game") != game.info.id:
        raise RecordError("not a Two Mists snapshot")
    if d.get("version") != game.info.version:
        raise RecordError(f"snapshot is for version {d.get('version')}, this is {game.info.version}")
    try:
        s = MistsState.__new__(MistsState)
        s.game = game
        s.seed = d["seed"]
        s.players = int(d["players"])
        s.options = dict(d["options"])
        s.cat = game.catalog
        s.acts = game.action_table(s.players)
        s.rng = Rng(int(d["rng"]))
        s.events = [Event.from_dict(e) for e in d["events"]]
        s.history = [Action.from_dict(a) for a in d["history"]]
        s._outcome = None if d["outcome"] is None else Outcome.from_dict(d["outcome"])
        for name in _LIST_FIELDS:
            setattr(s, name, list(d[name]))
        for name in _NESTED_FIELDS:
            setattr(s, name, [list(x) for x in d[name]])
        for name in _SCALAR_FIELDS:
            setattr(s, name, d[name])
    except (KeyError, TypeError, ValueError) as err:
        raise RecordError(f"malformed Two Mists snapshot: {err!r}") from err
    s.reask()
    return s
