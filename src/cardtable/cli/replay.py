"""``cardtable replay``: re-run a saved game record and check that it still comes out the same.

A record that no longer reproduces (a rules change, a hand-edited file) is reported as an error
rather than replayed quietly into a different game.
"""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path
from typing import Any, Optional, TypedDict

import typer
from rich.rule import Rule
from rich.text import Text

from .. import replay as replay_game
from ..core import Action, State
from ..tui import get_renderer, seat_names
from .common import CARDS_HELP, UserError, boundary, check_reproduces, custom_cards, new_console, parse_seat, read_json
from .render import hanging, outcome_renderable, print_events


class _Shown(TypedDict):
    """What ``--steps`` has shown so far (the view before the next action, how much of the log), for ``on_step``."""

    view: dict[str, Any]
    seen: int


def replay_cmd(
    file: Path = typer.Argument(..., metavar="FILE", help="A game record (JSON), e.g. written by play --save."),
    steps: bool = typer.Option(False, "--steps", help="Print every action and the log lines, in words."),
    seat: str = typer.Option("none", "--seat", help="Whose eyes to replay through (a seat number, or 'none')."),
    cards: Optional[list[Path]] = typer.Option(None, "--cards", help=CARDS_HELP + " The record names the sets it "
                                                                     "was played with; other cards are refused."),
) -> None:
    """Re-run a saved game, check that it reproduces, and print the outcome."""
    with boundary(), ExitStack() as loaded:
        record = read_json(file)
        if not isinstance(record, dict):
            raise UserError(f"{file} does not hold a game record (expected a JSON object)")
        players = record.get("players")
        if not isinstance(players, int) or isinstance(players, bool):
            raise UserError(f"{file} is not a game record: no integer 'players'")
        viewer = parse_seat(seat, players)
        game = loaded.enter_context(custom_cards(str(record.get("game")), cards))
        renderer = get_renderer(game.id)
        names = seat_names(players, viewer)
        console = new_console()

        head = dict(record, actions=[])
        prev: _Shown = {"view": replay_game(head).view(viewer), "seen": 0}
        counter = {"n": 0}

        def on_step(state: State, action: Action) -> None:
            counter["n"] += 1
            if not steps:
                return
            view_before = prev["view"]
            actor = names[action.player] if 0 <= action.player < players else f"Seat {action.player}"
            if renderer.action_is_public(action) or action.player == viewer:
                words = renderer.describe_action(action, view_before, names)
            else:
                words = "a secret choice"
            line = Text(f"{actor}: ", style="bold")
            line.append(words)
            hanging(console, Text(f"#{counter['n']:<3}", style="dim"), line)
            log = state.log(viewer)
            print_events(console, renderer, log[prev["seen"]:], names, log=log, view=state.view(viewer))
            prev["seen"] = len(log)
            prev["view"] = state.view(viewer)

        if steps:
            log0 = replay_game(head).log(viewer)
            console.print(Rule(f"Replay of {file.name} as {'a spectator' if viewer is None else names[viewer].lower()}"))
            print_events(console, renderer, log0, names, log=log0)
            prev["seen"] = len(log0)
        state = replay_game(record, on_step=on_step)

        checks = check_reproduces(file, record, state)
        done = f"{counter['n']} actions replayed"
        if checks:
            done += f"; {' and '.join(checks)} {'match' if len(checks) > 1 else 'matches'} the file"
        console.print(Text(f"✓ {done}.", style="green"))
        if state.outcome is None:
            view = state.view(viewer)
            console.print(Text(f"The game was not finished: turn {view.get('turn', '?')}, "
                           f"{names[state.to_act] if state.to_act is not None else 'nobody'} to act.", style="bold"))
            if steps:
                console.print(renderer.render_view(view, names))
            return
        console.print(outcome_renderable(renderer, state.outcome, names, state.view(None)))
