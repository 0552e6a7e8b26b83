"""Printing a game as it unfolds, shared by ``play`` and ``replay`` so both read the same.

The words come from the game's :class:`~cardtable.tui.generic.Renderer`; this module only lays them
out, which keeps it the same for every game.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

from ..core import Outcome
from ..tui.generic import Renderer


def print_events(console: Console, renderer: Renderer, events: Sequence[Mapping[str, Any]], names: Sequence[str],
                 skip_noise: bool = True, log: Sequence[Mapping[str, Any]] | None = None,
                 view: Mapping[str, Any] | None = None) -> int:
    """Log lines in words (wrapped lines keep their indent); returns how many turn markers were printed.

    ``events`` is the tail of ``log`` (the seat's whole log) when that is given, and ``view`` the seat's view
    now: a card game's renderer then names cards the seat saw and groups repeated events into one line.
    The count lets a spectator's loop add a status line only after a turn boundary.
    """
    markers = 0
    for lead, body, marker in event_rows(renderer, events, names, skip_noise, log, view):
        hanging(console, lead, body)
        markers += marker
    return markers


def event_rows(renderer: Renderer, events: Sequence[Mapping[str, Any]], names: Sequence[str],
               skip_noise: bool = True, log: Sequence[Mapping[str, Any]] | None = None,
               view: Mapping[str, Any] | None = None) -> list[tuple[Text, Text, bool]]:
    """The log lines :func:`print_events` prints, as ``(lead, sentence, is a turn marker)``."""
    rows: list[tuple[Text, Text, bool]] = []
    texts = renderer.describe_events(events, names, log=log, view=view)
    for e, text in zip(events, texts):
        if text is None or (skip_noise and renderer.is_noise(e)):
            continue
        style = renderer.event_style(e)
        if renderer.is_turn_marker(e):
            rows.append((Text("──", style=style or "bold"), Text(text, style=style or "bold"), True))
        else:
            rows.append((Text("  ·", style="dim"), Text(text, style=style), False))
    return rows


def hanging(console: Console, lead: Text, body: Text) -> None:
    """``lead body`` with the body's wrapped lines indented under its first character."""
    console.print(hanging_grid(lead, body))


def hanging_grid(lead: Text, body: Text) -> Table:
    """What :func:`hanging` prints, to measure or print later."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column()
    grid.add_row(lead, body)
    return grid


def outcome_renderable(renderer: Renderer, outcome: Outcome, names: Sequence[str],
                       final_view: Mapping[str, Any]) -> RenderableType:
    """The end-of-game panel, with each seat's life taken from the final public view when it has one."""
    seats = final_view.get("seats")
    lives = [s.get("life") for s in seats] if isinstance(seats, list) and all(isinstance(s, dict) for s in seats) else None
    return renderer.render_outcome(outcome, names, lives=lives)
