"""The ``cardtable`` command: list games, play in the terminal, simulate bot matches, replay records.

Every command catches cardtable's own errors (and unreadable files) at its boundary and prints one red
line to stderr with exit code 2; a traceback means a bug. Game-specific wording lives in
:mod:`cardtable.tui`, so this module stays the same for every game.
"""

from __future__ import annotations

import json
import secrets
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, Mapping, Optional, Sequence

import typer
from rich import box
from rich.console import Console
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from . import CardtableError, IllegalActionError, list_games, load_game
from .core import Action, Rng, mix_seed
from .tui import get_renderer, seat_names

EXIT_BAD_INPUT = 2

app = typer.Typer(
    name="cardtable",
    help="Rules-enforced card games: play against bots, simulate bot matches, replay saved games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)


class UserError(Exception):
    """Bad input found by the CLI itself (a malformed option, a wrong count of bots, ...)."""


# ------------------------------------------------------------------------------------------------
# Shared plumbing
# ------------------------------------------------------------------------------------------------
def _console() -> Console:
    # Built per command so that it writes to whatever sys.stdout is at that moment (tests swap it).
    return Console(highlight=False)


def _fail(message: str) -> "typer.Exit":
    line = " ".join(str(message).split()) or "error"
    Console(stderr=True, highlight=False, soft_wrap=True).print(Text(f"error: {line}", style="bold red"))
    return typer.Exit(EXIT_BAD_INPUT)


@contextmanager
def _boundary() -> Iterator[None]:
    """Turn every expected failure into one red line on stderr and exit code 2."""
    try:
        yield
    except UserError as err:
        raise _fail(str(err)) from None
    except IllegalActionError as err:
        raise _fail(f"[{err.rule}] {err.message}") from None
    except CardtableError as err:
        raise _fail(str(err)) from None
    except json.JSONDecodeError as err:
        raise _fail(f"not valid JSON: {err}") from None
    except UnicodeDecodeError as err:
        raise _fail(f"the file is not text: {err}") from None
    except IsADirectoryError as err:
        raise _fail(f"{err.filename} is a directory, not a file") from None
    except FileNotFoundError as err:
        raise _fail(f"no such file: {err.filename}") from None
    except PermissionError as err:
        raise _fail(f"permission denied: {err.filename}") from None
    except OSError as err:
        raise _fail(f"{err.strerror or err}{': ' + str(err.filename) if err.filename else ''}") from None


def _parse_options(items: Sequence[str] | None) -> dict[str, Any] | None:
    """``["turn_cap=50", "name=x"]`` -> ``{"turn_cap": 50, "name": "x"}`` (values parsed as JSON if they can be)."""
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


def _parse_seat(text: str | None, players: int) -> int | None:
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


def _split_specs(text: str) -> list[str]:
    specs = [s.strip() for s in text.split(",")]
    if not text.strip() or any(not s for s in specs):
        raise UserError(f"bad --bots {text!r}: give one bot spec or a comma-separated list, e.g. random,heuristic")
    return specs


def _make_bots(game_id: str, specs_by_seat: Mapping[int, str], seed: int) -> dict[int, Any]:
    from .bots import make_bot

    return {seat: make_bot(spec, game_id, seed=mix_seed(seed, "bot", seat)) for seat, spec in specs_by_seat.items()}


def _read_json(path: Path) -> Any:
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def _write_json(path: Path, data: Any) -> None:
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(data, fh, indent=1)
        fh.write("\n")
    tmp.replace(path)


def _save_payload(state: Any, seat: int | None, specs: Mapping[int, str]) -> dict[str, Any]:
    """``state.record()`` plus what lets ``replay`` check the result (outcome and final snapshot)."""
    data = state.record()
    data["saved_by"] = {
        "tool": "cardtable play",
        "human_seat": seat,
        "bots": {str(s): spec for s, spec in sorted(specs.items())},
    }
    if state.outcome is not None:
        data["outcome"] = state.outcome.to_dict()
    try:
        data["final_state"] = _jsonable(state.to_dict())
    except NotImplementedError:  # pragma: no cover - a game without snapshots
        pass
    return data


def _jsonable(data: Any) -> Any:
    return json.loads(json.dumps(data))


# ------------------------------------------------------------------------------------------------
# cardtable games / rules / cards
# ------------------------------------------------------------------------------------------------
@app.command("serve")
def serve_cmd(
    host: str = typer.Option("127.0.0.1", help="Address to listen on (0.0.0.0 to let friends on your network in)."),
    port: int = typer.Option(8000, min=1, max=65535, help="Port to listen on."),
    db: str = typer.Option("sqlite:///cardtable.db", "--db",
                           help="Database URL: sqlite:///file.db (created on first start) or postgresql+psycopg://..."),
) -> None:
    """Start the web table (lobby, tables, bots) and print the URL to open."""
    with _boundary():
        try:
            from .server import serve
        except ImportError as err:  # the web extra is optional
            raise UserError(f"the web table needs the web extra: pip install 'cardtable[web]' ({err.name} is missing)")
        serve(host=host, port=port, db_url=db)


@app.command("games")
def games_cmd() -> None:
    """List the games this build can play."""
    with _boundary():
        table = Table(box=box.SIMPLE_HEAD, title="Games", title_justify="left", title_style="bold")
        table.add_column("Id", style="bold cyan")
        table.add_column("Name")
        table.add_column("Players", justify="center")
        table.add_column("Version", justify="right")
        for info in list_games():
            players = str(info.min_players) if info.min_players == info.max_players else f"{info.min_players}-{info.max_players}"
            table.add_row(info.id, info.name, players, info.version)
        _console().print(table)


def _docs_path(game_id: str) -> Path | None:
    here = Path(__file__).resolve()
    for base in (here.parents[2], Path.cwd()):
        p = base / "docs" / "rules" / f"{game_id}.md"
        if p.is_file():
            return p
    return None


@app.command("rules")
def rules_cmd(
    game_id: str = typer.Argument(..., metavar="GAME", help="Game id, e.g. two-mists."),
    full: bool = typer.Option(False, "--full", help="Print the whole rules document."),
) -> None:
    """Summarise a game's rules and say where the full rules document is."""
    with _boundary():
        game = load_game(game_id)
        console = _console()
        renderer = get_renderer(game.id)
        path = _docs_path(game.id)
        if full and path is not None:
            from rich.markdown import Markdown

            console.print(Markdown(path.read_text(encoding="utf-8")))
            return
        info = game.info
        console.print(Panel(Text(renderer.rules_summary(game)),
                            title=f"{info.name} ({info.min_players}-{info.max_players} players, version {info.version})",
                            title_align="left", box=box.ROUNDED, expand=False))
        chars = renderer.character_rows(game)
        if chars:
            table = Table(box=box.SIMPLE_HEAD, title="Characters", title_justify="left", title_style="bold")
            table.add_column("Character", style="bold", no_wrap=True)
            table.add_column("Players", no_wrap=True)
            table.add_column("Goal")
            for c in chars:
                table.add_row(c["name"], ",".join(map(str, c.get("players", []))), c["text"])
            console.print(table)
        if path is not None:
            console.print(f"Full rules (rule IDs as cited in error messages): {path}")
            console.print("Print them here with: cardtable rules " + game.id + " --full", style="dim")
        else:
            console.print(f"Full rules: docs/rules/{game.id}.md in the cardtable source tree.")


@app.command("cards")
def cards_cmd(game_id: str = typer.Argument(..., metavar="GAME", help="Game id, e.g. two-mists.")) -> None:
    """List a game's cards: name, kind, who is barred from them, copies and text."""
    with _boundary():
        game = load_game(game_id)
        rows = get_renderer(game.id).card_rows(game)
        if not rows:
            raise UserError(f"{game.id} has no card catalog to list")
        table = Table(box=box.SIMPLE_HEAD, title=f"{game.info.name}: cards", title_justify="left",
                      title_style="bold", show_footer=True)
        table.add_column("Card", style="bold", no_wrap=True, footer=f"{len(rows)} kinds")
        table.add_column("Kind", no_wrap=True)
        table.add_column("Barred for", no_wrap=True)
        table.add_column("Copies", justify="right", footer=str(sum(int(r["copies"] or 0) for r in rows)))
        table.add_column("Text")
        for r in rows:
            table.add_row(str(r["name"]), str(r["kind"]), ", ".join(r["forbidden"]) or "anyone", str(r["copies"]),
                          str(r["text"]))
        _console().print(table)


# ------------------------------------------------------------------------------------------------
# cardtable play
# ------------------------------------------------------------------------------------------------
class _Quit(Exception):
    pass


def _ask(console: Console, prompt: str) -> str:
    try:
        answer = console.input(prompt)
        if not sys.stdin.isatty():  # piped input is not echoed; show it so transcripts read well
            console.print(answer, highlight=False, markup=False)
        return answer
    except EOFError:
        console.print()
        console.print("(input ended)", style="dim")
        raise _Quit() from None


def _print_events(console: Console, renderer: Any, events: Sequence[Mapping[str, Any]], names: Sequence[str],
                  skip_noise: bool = True) -> int:
    """Log lines in words (wrapped lines keep their indent); returns how many turn markers were printed."""
    markers = 0
    for e in events:
        if skip_noise and renderer.is_noise(e):
            continue
        text = renderer.describe_event(e, names)
        style = renderer.event_style(e)
        if renderer.is_turn_marker(e):
            _hanging(console, Text("──", style=style or "bold"), Text(text, style=style or "bold"))
            markers += 1
        else:
            _hanging(console, Text("  ·", style="dim"), Text(text, style=style))
    return markers


def _hanging(console: Console, lead: Text, body: Text) -> None:
    """``lead body`` with the body's wrapped lines indented under its first character."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column()
    grid.add_row(lead, body)
    console.print(grid)


def _numbered(console: Console, lines: Sequence[str]) -> None:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(justify="right", no_wrap=True, style="bold cyan")
    grid.add_column()
    for i, line in enumerate(lines, start=1):
        grid.add_row(f"  {i})", line)
    console.print(grid)


def _human_decision(console: Console, state: Any, seat: int, names: list[str], renderer: Any, game: Any,
                    log_seen: int, compact: bool = False) -> int:
    """Show the seat's screen, read a choice and apply it. Returns how much of the log has been shown.

    ``compact``: a follow-up decision in the same turn with nobody else acting in between; the full
    table was just shown, so only a status line is repeated.
    """
    view = state.view(seat)
    log = state.log(seat)
    decision = state.decision
    options = list(decision.options)
    console.print()
    console.print(Rule(Text(f" {game.info.name} · your decision ", style="bold cyan"), style="cyan"))
    if compact:
        console.print(Text(renderer.status_line(view, names), style="dim"))
    else:
        console.print(renderer.render_view(view, names))
    new = log[log_seen:]
    if new:
        console.print()
        console.print(Text("What happened since your last decision", style="bold underline"))
        _print_events(console, renderer, new, names)
    console.print()
    described = [renderer.describe_action(action, view, names) for action in options]

    def show_choices() -> None:
        console.print(Text(decision.prompt, style="bold"))
        _numbered(console, described)

    show_choices()
    hint = f"Your choice [1-{len(options)}, h help, l log, q quit]: "
    while True:
        raw = _ask(console, hint).strip()
        low = raw.lower()
        if not low:
            continue
        if low in ("q", "quit", "exit"):
            raise _Quit()
        if low in ("h", "help", "?"):
            console.print(renderer.render_help(game, view))
            console.print()
            show_choices()
            continue
        if low in ("l", "log"):
            console.print(Rule("Full log (as you see it)", style="dim"))
            _print_events(console, renderer, log, names, skip_noise=False)
            console.print(Rule(style="dim"))
            show_choices()
            continue
        action: Action | None = None
        if low.isdigit():
            n = int(low)
            if 1 <= n <= len(options):
                action = options[n - 1]
            else:
                console.print(Text(f"There is no choice {n}: type a number from 1 to {len(options)}.", style="red"))
                continue
        else:
            action = renderer.parse_typed_action(raw, seat, decision)
            if action is None:
                console.print(Text(f"{raw!r} is not a choice: type a number from 1 to {len(options)} "
                                   "(or h for help, l for the log, q to quit and save).", style="red"))
                continue
        try:
            state.apply(action)
        except IllegalActionError as err:
            console.print(Text(f"Not allowed ({err.rule}): {err.message}", style="red"))
            continue
        _hanging(console, Text("You chose:", style="green"), Text(renderer.describe_action(action, view, names),
                                                                style="green"))
        return len(log)


@app.command("play")
def play_cmd(
    game_id: str = typer.Argument(..., metavar="GAME", help="Game id, e.g. two-mists."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Number of players (default: the game's)."),
    seat: str = typer.Option("0", "--seat", help="Your seat, or 'none' to watch the bots play."),
    bots: str = typer.Option("heuristic", "--bots", "-b",
                             help="One bot spec for every bot seat, or a comma list per bot seat in seat order."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Game seed (default: random; printed at the start)."),
    save: Optional[Path] = typer.Option(None, "--save", help="Write the game record (JSON) here at the end or on quit."),
    option: Optional[list[str]] = typer.Option(None, "--option", "-o", help="Game option key=value (repeatable)."),
    delay: Optional[float] = typer.Option(None, "--delay",
                                          help="Seconds between moves when watching (default 0.3 on a terminal, else 0)."),
) -> None:
    """Play a game in the terminal against bots (or watch bots play with --seat none)."""
    with _boundary():
        game = load_game(game_id)
        options = _parse_options(option)
        if seed is None:
            seed = secrets.randbelow(2**31)
        state = game.new_game(seed=seed, players=players, options=options)
        n = state.players
        human = _parse_seat(seat, n)
        bot_seats = [s for s in range(n) if s != human]
        specs = _split_specs(bots)
        if len(specs) == 1:
            specs = specs * len(bot_seats)
        if len(specs) != len(bot_seats):
            raise UserError(f"--bots lists {len(specs)} bots but there are {len(bot_seats)} bot seats "
                            f"({', '.join(map(str, bot_seats))}); give one spec or exactly {len(bot_seats)}")
        spec_by_seat = dict(zip(bot_seats, specs))
        bot_objs = _make_bots(game.id, spec_by_seat, seed)
        if delay is None:
            delay = 0.3 if (human is None and sys.stdout.isatty()) else 0.0
        if delay < 0:
            raise UserError("--delay must be zero or more seconds")
        if save is not None and save.is_dir():
            raise UserError(f"--save {save} is a directory; give a file name")

        console = _console()
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
            intro.append("At each decision type a number; h shows card texts and goals, l the full log, "
                         "q quits and saves.", style="dim")
        console.print(Panel(intro, box=box.ROUNDED, expand=False))

        log_seen = 0
        if human is None:
            log = state.log(None)
            _print_events(console, renderer, log, names)
            log_seen = len(log)
        quit_early = False
        last_human_move = -1  # len(state.history) right after the person's last choice
        try:
            while not state.is_terminal:
                p = state.to_act
                if p == human:
                    compact = last_human_move == len(state.history)
                    log_seen = _human_decision(console, state, p, names, renderer, game, log_seen, compact)
                    last_human_move = len(state.history)
                    continue
                action = bot_objs[p].act(state.view(p), state.decision, rngs[p])
                state.apply(action)
                if human is None:
                    log = state.log(None)
                    if _print_events(console, renderer, log[log_seen:], names) and not state.is_terminal:
                        console.print(Text(f"   {renderer.status_line(state.view(None), names)}", style="dim"))
                    log_seen = len(log)
                    if delay:
                        time.sleep(delay)
        except (_Quit, KeyboardInterrupt):
            quit_early = True

        if quit_early:
            path = save or Path(f"{game.id}-seed{seed}.json")
            _write_json(path, _save_payload(state, human, spec_by_seat))
            console.print(Text(f"Game saved to {path} (turn {state.view(None).get('turn', '?')}). "
                               f"Look at it again with: cardtable replay {path} --steps", style="bold"))
            return

        viewer = human
        log = state.log(viewer)
        if log[log_seen:]:
            console.print()
            _print_events(console, renderer, log[log_seen:], names)
        console.print()
        final = state.view(None)
        console.print(_outcome_renderable(renderer, state.outcome, names, final))
        if human is not None:
            won = human in state.outcome.winners
            console.print(Text("You won!" if won else "You lost.", style="bold green" if won else "bold red"))
        if save is not None:
            _write_json(save, _save_payload(state, human, spec_by_seat))
            console.print(f"Game record saved to {save}. Replay it with: cardtable replay {save} --steps")


def _outcome_renderable(renderer: Any, outcome: Any, names: Sequence[str], final_view: Mapping[str, Any]) -> Any:
    seats = final_view.get("seats")
    lives = [s.get("life") for s in seats] if isinstance(seats, list) and all(isinstance(s, dict) for s in seats) else None
    return renderer.render_outcome(outcome, names, lives=lives)


# ------------------------------------------------------------------------------------------------
# cardtable replay
# ------------------------------------------------------------------------------------------------
@app.command("replay")
def replay_cmd(
    file: Path = typer.Argument(..., metavar="FILE", help="A game record (JSON), e.g. written by play --save."),
    steps: bool = typer.Option(False, "--steps", help="Print every action and the log lines, in words."),
    seat: str = typer.Option("none", "--seat", help="Whose eyes to replay through (a seat number, or 'none')."),
) -> None:
    """Re-run a saved game, check that it reproduces, and print the outcome."""
    import cardtable

    with _boundary():
        record = _read_json(file)
        if not isinstance(record, dict):
            raise UserError(f"{file} does not hold a game record (expected a JSON object)")
        players = record.get("players")
        if not isinstance(players, int) or isinstance(players, bool):
            raise UserError(f"{file} is not a game record: no integer 'players'")
        viewer = _parse_seat(seat, players)
        game = load_game(str(record.get("game")))
        renderer = get_renderer(game.id)
        names = seat_names(players, viewer)
        console = _console()

        head = dict(record, actions=[])
        prev = {"view": cardtable.replay(head).view(viewer), "seen": 0}
        counter = {"n": 0}

        def on_step(state: Any, action: Action) -> None:
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
            _hanging(console, Text(f"#{counter['n']:<3}", style="dim"), line)
            log = state.log(viewer)
            _print_events(console, renderer, log[prev["seen"]:], names)
            prev["seen"] = len(log)
            prev["view"] = state.view(viewer)

        if steps:
            log0 = cardtable.replay(head).log(viewer)
            console.print(Rule(f"Replay of {file.name} as {'a spectator' if viewer is None else names[viewer].lower()}"))
            _print_events(console, renderer, log0, names)
            prev["seen"] = len(log0)
        state = cardtable.replay(record, on_step=on_step)

        checks = []
        stored_outcome = record.get("outcome")
        if stored_outcome is not None:
            got = None if state.outcome is None else _jsonable(state.outcome.to_dict())
            if got != _jsonable(stored_outcome):
                raise UserError(f"{file} does not reproduce: the stored outcome differs from the replayed one")
            checks.append("outcome")
        stored_state = record.get("final_state")
        if stored_state is not None:
            if _jsonable(state.to_dict()) != _jsonable(stored_state):
                raise UserError(f"{file} does not reproduce: the stored final state differs from the replayed one")
            checks.append("final state")
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
        console.print(_outcome_renderable(renderer, state.outcome, names, state.view(None)))


# ------------------------------------------------------------------------------------------------
# cardtable simulate
# ------------------------------------------------------------------------------------------------
def _pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def _ci(row: Mapping[str, Any]) -> str:
    lo, hi = row["ci95"]
    return f"{100 * lo:4.1f}–{100 * hi:4.1f}%"


def _rci(row: Mapping[str, Any]) -> str:
    """``39.1% (36.7–41.5)``: a rate and its 95% interval in one cell."""
    lo, hi = row["ci95"]
    return f"{100 * row['rate']:.1f}% ({100 * lo:.1f}–{100 * hi:.1f})"


def _table(title: str) -> Table:
    return Table(box=box.SIMPLE_HEAD, title=title, title_justify="left", title_style="bold", pad_edge=False,
                 show_edge=False)


def _rate_table(title: str, first: str, rows: Mapping[str, Mapping[str, Any]], unit: str = "seat-games") -> Table:
    t = _table(title)
    t.add_column(first, style="bold", no_wrap=True)
    t.add_column(unit.capitalize(), justify="right")
    t.add_column("Wins", justify="right")
    t.add_column("Win rate", justify="right")
    t.add_column("95% interval", justify="right")
    for key, row in rows.items():
        t.add_row(key, str(row["n"]), str(row["wins"]), _pct(row["rate"]), _ci(row))
    return t


def _print_summary(console: Console, summary: Mapping[str, Any], game: Any, elapsed: float) -> None:
    n = summary["games"]
    console.print()
    console.print(_rate_table("Win rate by bot", "Bot", summary["by_bot"]))
    console.print()
    console.print(_rate_table("Win rate by seat", "Seat", summary["by_seat"]))
    console.print()
    chars = summary["by_character"]
    if chars:
        worlds = sorted({k for d in chars.values() for k in d if k != "all"},
                        key=lambda w: (w != "front", w))
        t = _table("Win rate by character (95% intervals)")
        t.add_column("Character", style="bold", no_wrap=True)
        t.add_column("Seats", justify="right")
        t.add_column("Win rate", justify="right", no_wrap=True)
        for w in worlds:
            t.add_column(f"{w.capitalize()} world", justify="right", no_wrap=True)
        order = {c.id: i for i, c in enumerate(getattr(getattr(game, "catalog", None), "characters", ()) or ())}
        for c in sorted(chars, key=lambda c: order.get(c, 99)):
            d = chars[c]
            cells = [c.capitalize(), str(d["all"]["n"]), _rci(d["all"])]
            for w in worlds:
                r = d.get(w)
                cells.append(_rci(r) if r and r["n"] else "-")
            t.add_row(*cells)
        console.print(t)
        console.print()
    if summary["by_world"]:
        t = _table("By world line (95% intervals)")
        t.add_column("World", style="bold")
        t.add_column("Games", justify="right")
        t.add_column("Share of games", justify="right", no_wrap=True)
        t.add_column("Seat win rate", justify="right", no_wrap=True)
        t.add_column("Mean turns", justify="right")
        t.add_column("No winner", justify="right")
        for w, row in sorted(summary["by_world"].items(), key=lambda kv: (kv[0] != "front", kv[0])):
            t.add_row(w.capitalize(), str(row["games"]), _rci(row), _rci(row["seat_win_rate"]),
                      f"{row['mean_turns']:.1f}", str(row["no_winner"]))
        console.print(t)
        console.print()
    if summary["endings"]:
        t = _table("How games ended")
        t.add_column("Ending", style="bold")
        t.add_column("Games", justify="right")
        t.add_column("Share", justify="right")
        for k, v in sorted(summary["endings"].items(), key=lambda kv: -kv[1]):
            t.add_row(k, str(v), _pct(v / n if n else 0))
        t.add_row("no winner at all", str(summary["no_winner"]["wins"]), _pct(summary["no_winner"]["rate"]))
        console.print(t)
        console.print()
    t = _table("Game length")
    t.add_column("", style="bold")
    for col in ("min", "p10", "median", "mean", "p90", "max"):
        t.add_column(col, justify="right")
    for key, label in (("turns", "turns"), ("length", "actions")):
        d = summary[key]
        t.add_row(label, *(f"{d[c]:.1f}" if c == "mean" else f"{d[c]:g}"
                           for c in ("min", "p10", "median", "mean", "p90", "max")))
    console.print(t)
    console.print()
    hist = summary["turn_histogram"]
    if hist:
        t = _table("Turns per game")
        t.add_column("Turns", justify="right", no_wrap=True)
        t.add_column("Games", justify="right")
        t.add_column("", no_wrap=True)
        top = max(h["games"] for h in hist) or 1
        for h in hist:
            label = f"{h['from']}" if h["from"] == h["to"] else f"{h['from']}–{h['to']}"
            t.add_row(label, str(h["games"]), Text("█" * max(0, round(30 * h["games"] / top)), style="cyan"))
        console.print(t)
        console.print()
    rate = n / elapsed if elapsed > 0 else float("inf")
    console.print(Text(f"{n} games in {elapsed:.2f} s ({rate:,.0f} games/s)", style="bold"))


@app.command("simulate")
def simulate_cmd(
    game_id: str = typer.Argument(..., metavar="GAME", help="Game id, e.g. two-mists."),
    games: int = typer.Option(1000, "--games", "-n", help="How many games to play."),
    bots: str = typer.Option("random", "--bots", "-b", help="Bot spec per seat, comma-separated (one spec = all seats)."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Number of players (default: number of bots)."),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Worker processes."),
    seed: int = typer.Option(1, "--seed", help="Master seed; every game's seed is derived from it."),
    out: Optional[Path] = typer.Option(None, "--out", help="Write one row per game to a .csv or .parquet file."),
    option: Optional[list[str]] = typer.Option(None, "--option", "-o", help="Game option key=value (repeatable)."),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON instead of tables."),
) -> None:
    """Play many bot-vs-bot games and report win rates with 95% intervals."""
    with _boundary():
        game = load_game(game_id)
        options = _parse_options(option)
        specs = _split_specs(bots)
        _make_bots(game.id, dict(enumerate(specs)), seed)  # validates every spec before any work starts
        n_players = players if players is not None else (len(specs) if len(specs) > 1 else None)
        probe = game.new_game(seed=seed, players=n_players, options=options)  # validates players and options
        n_players = probe.players
        if len(specs) == 1:
            specs = specs * n_players
        if len(specs) != n_players:
            raise UserError(f"--bots lists {len(specs)} bots for {n_players} players; give one spec or one per seat")
        if games < 1:
            raise UserError("--games must be at least 1")
        if jobs < 1:
            raise UserError("--jobs must be at least 1")
        if out is not None:
            if out.suffix.lower() not in (".csv", ".parquet"):
                raise UserError(f"--out {out}: the file name must end in .csv or .parquet")
            if out.is_dir():
                raise UserError(f"--out {out} is a directory; give a file name")
            if not out.parent.exists():
                raise UserError(f"--out {out}: the folder {out.parent} does not exist")
        from .sim import export_results, run_games, summarize

        console = _console()
        started = time.perf_counter()
        if as_json:
            results = run_games(game.id, n_players, specs, games, seed, jobs=jobs, options=options)
        else:
            from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TaskProgressColumn, TextColumn,
                                       TimeElapsedColumn, TimeRemainingColumn)

            console.print(Text(f"{game.info.name}: {games} games, {n_players} players, bots {', '.join(specs)}, "
                               f"seed {seed}, {jobs} job{'s' if jobs != 1 else ''}", style="bold"))
            with Progress(TextColumn("Simulating"), BarColumn(), MofNCompleteColumn(), TaskProgressColumn(),
                          TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(), console=console,
                          transient=False) as progress:
                task = progress.add_task("games", total=games)
                results = run_games(game.id, n_players, specs, games, seed, jobs=jobs, options=options,
                                    progress=lambda done: progress.update(task, completed=done))
                progress.update(task, completed=len(results))
        elapsed = time.perf_counter() - started
        summary = summarize(results)
        summary.update({"game": game.id, "players": n_players, "bots": specs, "seed": seed, "jobs": jobs,
                        "seconds": elapsed, "games_per_second": len(results) / elapsed if elapsed > 0 else None})
        if out is not None:
            export_results(results, out)
            summary["out"] = str(out)
        if as_json:
            sys.stdout.write(json.dumps(summary, indent=1) + "\n")
            return
        _print_summary(console, summary, game, elapsed)
        if out is not None:
            console.print(f"One row per game written to {out}")


def main() -> None:
    """Entry point of the ``cardtable`` script."""
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
