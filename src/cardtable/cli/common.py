"""Plumbing every command shares: the console, the error boundary, option parsing, JSON files, bots.

Every command runs inside :func:`boundary`, so cardtable's own errors (and unreadable files) end as
one red line on stderr with exit code 2 and a traceback always means a bug.
"""

from __future__ import annotations

import json
import os
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, Mapping, Sequence

import typer
from rich.console import Console
from rich.text import Text

from ..core import CardtableError, IllegalActionError, mix_seed
from ..registry import game_ids

if TYPE_CHECKING:
    from ..bots import Bot
    from ..core import GameDefinition, State

EXIT_BAD_INPUT = 2
# The GAME argument's help names the games this build has (a directory scan, no game is imported).
GAME_HELP = f"Game id: {', '.join(game_ids()) or 'none installed'} (see cardtable games)."
PIPE_WIDTH = 100  # columns for output that goes to a file or a pipe, unless COLUMNS says otherwise
PIPE_HEIGHT = 50  # ... and the lines of a screen there (a decision's screen fits them), unless LINES says


class UserError(Exception):
    """Bad input found by the CLI itself (a malformed option, a wrong count of bots, ...)."""


def new_console() -> Console:
    """A console for the command's output.

    Built per command so that it writes to whatever ``sys.stdout`` is at that moment (tests swap it).
    Output that is not going to a terminal has no width to fit, and rich's fallback of 80 columns
    squeezed the text columns of wide tables (``cardtable cards | less``) to a few words a line; it
    gets :data:`PIPE_WIDTH` columns instead, or ``COLUMNS`` when that is set. Its height (the lines a
    decision's screen of ``play`` is fitted to) is :data:`PIPE_HEIGHT`, or ``LINES``, rather than rich's 25.
    """
    console = Console(highlight=False)
    if not console.is_terminal and not os.environ.get("COLUMNS", "").strip().isdigit():
        console.width = PIPE_WIDTH
    if not console.is_terminal and not os.environ.get("LINES", "").strip().isdigit():
        console.height = PIPE_HEIGHT
    return console


def fail(message: str) -> typer.Exit:
    """Print ``error: message`` as one red line on stderr; return the exit (code 2) for the caller to raise.

    The message is squeezed onto one line so that scripts can rely on exactly one line per failure.
    """
    line = " ".join(str(message).split()) or "error"
    Console(stderr=True, highlight=False, soft_wrap=True).print(Text(f"error: {line}", style="bold red"))
    return typer.Exit(EXIT_BAD_INPUT)


@contextmanager
def boundary() -> Iterator[None]:
    """Turn every expected failure into one red line on stderr and exit code 2."""
    try:
        yield
    except UserError as err:
        raise fail(str(err)) from None
    except IllegalActionError as err:
        raise fail(f"[{err.rule}] {err.message}") from None
    except CardtableError as err:
        raise fail(str(err)) from None
    except json.JSONDecodeError as err:
        raise fail(f"not valid JSON: {err}") from None
    except UnicodeDecodeError as err:
        raise fail(f"the file is not text: {err}") from None
    except IsADirectoryError as err:
        raise fail(f"{err.filename} is a directory, not a file") from None
    except FileNotFoundError as err:
        raise fail(f"no such file: {err.filename}") from None
    except PermissionError as err:
        raise fail(f"permission denied: {err.filename}") from None
    except OSError as err:
        raise fail(f"{err.strerror or err}{': ' + str(err.filename) if err.filename else ''}") from None


CARDS_HELP = ("A custom card set: a set file (YAML in the format of the game's own card sets) or a directory of "
              "them, whose decks/ folder adds ready decks (repeatable).")


@contextmanager
def custom_cards(game_id: str, cards: Sequence[Path] | None) -> Iterator[GameDefinition]:
    """The game, with the ``--cards`` sets loaded for the length of the command (``registry.use_card_sets``:
    every tool the command uses sees them); a bad set ends the command as one line naming file, card and
    field."""
    from ..registry import drop_card_sets, load_game, use_card_sets

    if not cards:
        yield load_game(game_id)
        return
    game = use_card_sets(game_id, cards)
    try:
        yield game
    finally:
        drop_card_sets(game_id)


def parse_options(items: Sequence[str] | None) -> dict[str, Any] | None:
    """``["turn_cap=50", "name=x"]`` -> ``{"turn_cap": 50, "name": "x"}`` (values parsed as JSON if they can be).

    ``None`` when no ``--option`` was given, so the game applies its own defaults.
    """
    if not items:
        return None
    out: dict[str, Any] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise UserError(f"bad --option {item!r}: use key=value, e.g. --option turn_cap=100")
        try:
            value: Any = json.loads(raw)
        except ValueError:
            value = raw
        out[key] = value
    return out


def check_players(game: GameDefinition, players: int | None) -> None:
    """Refuse (one line, exit 2) a ``--players`` the game is not played by, naming the counts it is."""
    if players is None:
        return
    low, high = game.info.min_players, game.info.max_players
    if not low <= players <= high:
        allowed = (f"{low} players" if low == high else f"{low} or {high} players" if high == low + 1
                   else f"{low} to {high} players")
        raise UserError(f"--players {players}: {game.info.name} is played by {allowed}")


def parse_seat(text: str | None, players: int) -> int | None:
    """A ``--seat`` value as a seat number, or ``None`` for a spectator ('none', 'watch', ...)."""
    if text is None:
        return None
    t = text.strip().lower()
    if t in ("none", "spectator", "watch", "-"):
        return None
    try:
        seat = int(t)
    except ValueError:
        raise UserError(f"bad --seat {text!r}: give a seat number 0-{players - 1} or 'none' to watch") from None
    if not 0 <= seat < players:
        raise UserError(f"there is no seat {seat} at a {players}-player table (seats are 0-{players - 1})")
    return seat


def split_specs(text: str) -> list[str]:
    """A ``--bots`` value as a list of bot specs; empty entries are an error rather than silently dropped."""
    specs = [s.strip() for s in text.split(",")]
    if not text.strip() or any(not s for s in specs):
        raise UserError(f"bad --bots {text!r}: give one bot spec or a comma-separated list, e.g. random,heuristic")
    return specs


def make_bots(game_id: str, specs_by_seat: Mapping[int, str], seed: int) -> dict[int, Bot]:
    """One bot per seat, each seeded from ``seed`` and its seat so that a game seed replays exactly."""
    from ..bots import make_bot  # imported late: the bots are not needed for games/rules/cards

    return {seat: make_bot(spec, game_id, seed=mix_seed(seed, "bot", seat)) for seat, spec in specs_by_seat.items()}


def read_json(path: Path) -> Any:
    """The parsed contents of a JSON file (errors are left to :func:`boundary`)."""
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def write_json(path: Path, data: Any) -> None:
    """Write ``data`` via a temporary file and a rename, so an interrupted write never leaves half a record."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(data, fh, indent=1)
        fh.write("\n")
    tmp.replace(path)


def jsonable(data: Any) -> Any:
    """``data`` as it reads back from JSON (tuples become lists, ...), so it compares equal to a loaded file."""
    return json.loads(json.dumps(data))


def check_reproduces(path: Path, record: Mapping[str, Any], state: State) -> list[str]:
    """Compare a replayed ``state`` with the outcome and final state stored in its ``record``.

    ``replay`` and ``play --resume`` both call this, so a hand-edited result is refused by either
    instead of being trusted by one of them. Returns what was checked (for ``replay``'s summary).
    """
    checks = []
    stored_outcome = record.get("outcome")
    if stored_outcome is not None:
        got = None if state.outcome is None else jsonable(state.outcome.to_dict())
        if got != jsonable(stored_outcome):
            raise UserError(f"{path} does not reproduce: the stored outcome differs from the replayed one")
        checks.append("outcome")
    stored_state = record.get("final_state")
    if stored_state is not None:
        if jsonable(state.to_dict()) != jsonable(stored_state):
            raise UserError(f"{path} does not reproduce: the stored final state differs from the replayed one")
        checks.append("final state")
    return checks
