"""``cardtable play``: a game in the terminal, one person against bots, or bots alone to watch.

The person's turns go through :func:`.prompt.human_decision`; quitting there (``q``, end of input)
or Ctrl-C saves the game, so that it can be continued with ``cardtable play GAME --resume FILE``
(which writes back to that file) or looked at again with ``cardtable replay``. Without ``--save`` the
file goes to the saves folder (:func:`saves_dir`), never over an earlier save, and its full path is
printed with the command that continues it.
"""

from __future__ import annotations

import os
import secrets
import shlex
import sys
import time
from pathlib import Path
from typing import Any, Mapping, Optional

import typer
from rich import box
from rich.panel import Panel
from rich.text import Text

from .. import load_game, replay
from ..core import Rng, State, mix_seed
from ..tui import get_renderer, seat_names
from .common import (CARDS_HELP, GAME_HELP, UserError, boundary, check_players, check_reproduces, custom_cards,
                     jsonable, make_bots, new_console, parse_options, parse_seat, read_json, split_specs, write_json)
from .decks import deck_options
from ..server.autopass import SeatPrefs, pass_kinds_for
from ..server.autopass import choose as choose_auto
from .prompt import Quit, human_decision
from .render import outcome_renderable, print_events


def _save_payload(state: State, seat: int | None, specs: Mapping[int, str]) -> dict[str, Any]:
    """``state.record()`` plus what lets ``replay`` check the result (outcome and final snapshot)."""
    data = state.record()
    data["saved_by"] = {
        "tool": "cardtable play",
        "human_seat": seat,
        "bots": {str(s): spec for s, spec in sorted(specs.items())},
    }
    if state.outcome is not None:
        data["outcome"] = state.outcome.to_dict()
    data["final_state"] = jsonable(state.to_dict())
    return data


def saves_dir() -> Path:
    """Where a game quit without ``--save`` is kept: ``$CARDTABLE_SAVES``, else ``cardtable/saves`` in the
    user's data folder (``$XDG_DATA_HOME``, by default ``~/.local/share``)."""
    chosen = os.environ.get("CARDTABLE_SAVES")
    if chosen:
        return Path(chosen).expanduser()
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data).expanduser() / "cardtable" / "saves"


def default_save_path(game_id: str, seed: int) -> Path:
    """A new file in :func:`saves_dir` (``GAME-seedN.json``, ``GAME-seedN-2.json`` if that is taken), its
    folder made; the current folder when that one cannot be made."""
    folder = saves_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        folder = Path.cwd()
    path = folder / f"{game_id}-seed{seed}.json"
    k = 2
    while path.exists():
        path = folder / f"{game_id}-seed{seed}-{k}.json"
        k += 1
    return path.resolve()


def _resume(path: Path, game_id: str) -> tuple[State, str | None, str | None]:
    """Rebuild a saved game by replaying its record; return it with the saved seat and bot list.

    The record is checked as ``replay`` checks it (a stored outcome or final state must be what the
    actions lead to), so a hand-edited file is refused rather than continued. Seat and bots come
    back as ``--seat``/``--bots`` text, or ``None`` where the file does not say.
    """
    data = read_json(path)
    if not isinstance(data, dict) or data.get("game") != game_id:
        raise UserError(f"{path} is not a saved {game_id} game")
    state = replay(data)
    check_reproduces(path, data, state)
    saved = data.get("saved_by")
    if saved is None:
        return state, None, None
    human = saved.get("human_seat") if isinstance(saved, dict) else None
    bots = saved.get("bots") if isinstance(saved, dict) else None
    if (not isinstance(saved, dict) or not isinstance(bots, dict)
            or not (human is None or (isinstance(human, int) and not isinstance(human, bool)))
            or not all(isinstance(k, str) and k.isdigit() and isinstance(v, str) for k, v in bots.items())):
        raise UserError(f"{path} has a malformed 'saved_by' (expected human_seat: a seat number or null, and bots: "
                        "seat number to bot spec); give --seat and --bots or fix the file")
    ordered = ",".join(bots[k] for k in sorted(bots, key=int))
    return state, "none" if human is None else str(human), ordered or None


def _show_passed(console: Any, passed: list[str]) -> None:
    """The moves auto-pass took for the person since their last decision, one dim line each (then forgotten)."""
    if passed:
        console.print()
        for line in passed:
            console.print(Text(f"(passed for you) {line}", style="dim"))
        passed.clear()


def play_cmd(
    game_id: str = typer.Argument(..., metavar="GAME", help=GAME_HELP),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Number of players (default: the game's)."),
    seat: Optional[str] = typer.Option(None, "--seat", help="Your seat, or 'none' to watch the bots play (default: 0)."),
    bots: Optional[str] = typer.Option(None, "--bots", "-b",
                                       help="One bot spec for every bot seat, or a comma list per bot seat in seat "
                                            "order (default: heuristic), random for a game without a heuristic."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Game seed (default: random; printed at the start)."),
    save: Optional[Path] = typer.Option(None, "--save", help="Write the game record (JSON) here at the end or on quit "
                                                            "(default on quit: a new file in $CARDTABLE_SAVES, else "
                                                            "~/.local/share/cardtable/saves)."),
    option: Optional[list[str]] = typer.Option(None, "--option", "-o", help="Game option key=value (repeatable)."),
    delay: Optional[float] = typer.Option(None, "--delay",
                                          help="Seconds between moves when watching (default 0.3 on a terminal, else 0)."),
    resume: Optional[Path] = typer.Option(None, "--resume",
                                          help="Continue a game saved by --save or by quitting (same seat and bots "
                                               "unless --seat/--bots are given)."),
    deck: Optional[list[str]] = typer.Option(None, "--deck", "-d",
                                             help="A ready deck (name or stem, see cardtable decks) or a deck-list "
                                                  "file; repeat once per seat, in seat order."),
    full_control: bool = typer.Option(False, "--full-control",
                                      help="Ask every decision, even one with a single option or only passes "
                                           "(by default those are taken for you and listed as passed for you)."),
    cards: Optional[list[Path]] = typer.Option(None, "--cards", help=CARDS_HELP),
) -> None:
    """Play a game in the terminal against bots (or watch bots play with --seat none).

    At each decision type the number of a choice and press Enter (12 for choice 12).

    h shows help and card texts, l the full log, q quits and saves.
    """
    with boundary(), custom_cards(game_id, cards) as game:
        check_players(game, players)
        if resume is not None:
            if deck:
                raise UserError("--deck cannot be used with --resume: the saved game keeps its decks")
            state, saved_seat, saved_bots = _resume(resume, game.id)
            seed = state.seed
            seat = saved_seat if seat is None else seat
            bots = saved_bots if bots is None else bots
        else:
            options = parse_options(option)
            if deck:
                options = deck_options(game, deck, players, options)
            if seed is None:
                seed = secrets.randbelow(2**31)
            state = game.new_game(seed=seed, players=players, options=options)
        assert seed is not None
        seat = "0" if seat is None else seat
        if bots is None:
            from ..bots import has_policy

            bots = "heuristic" if has_policy(game.id) else "random"
        n = state.players
        human = parse_seat(seat, n)
        bot_seats = [s for s in range(n) if s != human]
        specs = split_specs(bots)
        if len(specs) == 1:
            specs = specs * len(bot_seats)
        if len(specs) != len(bot_seats):
            raise UserError(f"--bots lists {len(specs)} bots but there are {len(bot_seats)} bot seats "
                            f"({', '.join(map(str, bot_seats))}); give one spec or exactly {len(bot_seats)}")
        spec_by_seat = dict(zip(bot_seats, specs))
        bot_objs = make_bots(game.id, spec_by_seat, seed)
        if delay is None:
            delay = 0.3 if (human is None and sys.stdout.isatty()) else 0.0
        if delay < 0:
            raise UserError("--delay must be zero or more seconds")
        if save is not None and save.is_dir():
            raise UserError(f"--save {save} is a directory; give a file name")
        # A resumed game belongs to the file it came from: quitting again (or finishing) updates that
        # file, so that the next --resume continues from the latest move instead of an old copy.
        save_to = save if save is not None else resume

        console = new_console()
        renderer = get_renderer(game.id)
        names = seat_names(n, human)
        rngs = {s: Rng(mix_seed(seed, "bot-rng", s)) for s in bot_seats}
        who = ", ".join(f"{names[s]} {spec_by_seat[s]}" for s in bot_seats)
        intro = Text()
        intro.append(f"{game.info.name}", style="bold")
        intro.append(f" · {n} players · seed {seed}\n")
        if human is None:
            intro.append("Watching bots: " + who)
        else:
            intro.append(f"You are seat {human}. Bots: {who}.\n")
            intro.append("At each decision type the number of a choice and press Enter (two digits from 10 on: "
                         "12 is choice 12); h shows card texts and goals, l the full log, hint a suggestion, "
                         + ("?N card #N in full, why the rule that holds back a card in your hand, "
                            if renderer.query_hint() else "") + "q quits and saves.",
                         style="dim")
        console.print(Panel(intro, box=box.ROUNDED, expand=False))

        log_seen = 0
        if human is None:
            log = state.log(None)
            print_events(console, renderer, log, names, log=log, view=state.view(None))
            log_seen = len(log)
        quit_early = False
        stops = SeatPrefs(full_control=full_control)
        pass_kinds = pass_kinds_for(game.id)
        passed: list[str] = []  # auto-pass moves not yet shown to the person
        try:
            while not state.is_terminal:
                decision = state.decision
                assert decision is not None  # a game that is not over always has a seat to act
                p = decision.player
                if p == human:
                    auto, _ = choose_auto(decision, stops, pass_kinds, view=lambda: {}, log_len=lambda: 0,
                                          presentation=None)
                    if auto is not None:  # nothing to decide: taken for the person, like the web table does
                        view = state.view(p)
                        passed.append(f"{decision.prompt}: {renderer.describe_action(auto, view, names)}")
                        state.apply(auto)
                        continue
                    log_seen = human_decision(console, state, p, names, renderer, game, log_seen, passed)
                    passed.clear()
                    continue
                action = bot_objs[p].act(state.view(p), decision, rngs[p])
                state.apply(action)
                if human is None:
                    log = state.log(None)
                    if print_events(console, renderer, log[log_seen:], names, log=log, view=state.view(None)) \
                            and not state.is_terminal:
                        console.print(Text(f"   {renderer.status_line(state.view(None), names)}", style="dim"))
                    log_seen = len(log)
                    if delay:
                        time.sleep(delay)
        except (Quit, KeyboardInterrupt):
            quit_early = True

        if quit_early:
            path = save_to or default_save_path(game.id, seed)
            write_json(path, _save_payload(state, human, spec_by_seat))
            where = renderer.progress(state.view(None))
            console.print(Text(f"Game saved to {path}{f' ({where})' if where else ''}. "
                               f"Continue it with: cardtable play {game.id} --resume {shlex.quote(str(path))}",
                               style="bold"))
            return

        _show_passed(console, passed)
        log = state.log(human)
        if log[log_seen:]:
            console.print()
            print_events(console, renderer, log[log_seen:], names, log=log, view=state.view(human))
        outcome = state.outcome
        assert outcome is not None  # the loop above ends only when the game is over (or returns on quit)
        console.print()
        console.print(outcome_renderable(renderer, outcome, names, state.view(None)))
        if human is not None:
            won = human in outcome.winners
            console.print(Text("You won!" if won else "You lost.", style="bold green" if won else "bold red"))
        if save_to is not None:
            write_json(save_to, _save_payload(state, human, spec_by_seat))
            console.print(f"Game record saved to {save_to}. Replay it with: cardtable replay {save_to} --steps")
