"""Replays of finished games: the table after K actions, as one seat saw it or fully revealed.

Why only finished games: before the end, a seat's past view is a secret of that seat, and the
fully revealed form is everybody's secret. Once a game is over its record is public (docs/protocol.md).
"""

from __future__ import annotations

from typing import Any

from ..core import Action, State
from .store import TableRow
from .tables import TableError, rebuild_state


def parse_seat(seat: str, players: int) -> int | None:
    """``"all"`` -> ``None``, ``"2"`` -> 2; anything else is a ``TableError``."""
    if seat == "all":
        return None
    try:
        number = int(seat)
    except ValueError:
        number = -1
    if not 0 <= number < players:
        raise TableError(422, "bad_seat", f"seat must be 'all' or a seat number from 0 to {players - 1}, not {seat!r}")
    return number


def full_log(state: State) -> list[dict[str, Any]]:
    """Every event with everything it holds (what nobody saw during play included)."""
    return [{"kind": e.kind, **e.data} for e in state.events]


def replay_payload(row: TableRow, actions: list[dict[str, Any]], seat: str, upto: int | None) -> dict[str, Any]:
    """``{seq, total, seat, view, log}`` after ``upto`` actions (all of them when ``None``).

    For ``seat="all"`` the view is ``{"seats": [view(0), view(1), ...]}`` (each seat's own view, so
    every hidden card is shown by its owner) and the log is the unredacted event list.
    """
    total = len(actions)
    if upto is None:
        upto = total
    if not 0 <= upto <= total:
        raise TableError(422, "bad_upto", f"upto must be between 0 and {total} (this game had {total} actions)")
    who = parse_seat(seat, row.players)
    state = rebuild_state(row, [])
    for raw in actions[:upto]:
        state.apply(Action.from_dict(raw))
    if who is None:
        view: dict[str, Any] = {"seats": [state.view(s) for s in range(row.players)]}
        log = full_log(state)
    else:
        view, log = state.view(who), state.log(who)
    return {"seq": upto, "total": total, "seat": "all" if who is None else who, "view": view, "log": log}
