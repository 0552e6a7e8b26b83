"""``cardtable simulate``: many bot-vs-bot games, reported as win rates with 95% intervals.

The numbers come from :func:`cardtable.sim.stats.summarize`; this module only lays them out as
tables (or prints them as JSON), so the CLI and any other caller agree on every statistic.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any, Mapping, Optional

import typer
from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from .. import load_game
from ..core import GameDefinition, OutcomeTag
from .common import (CARDS_HELP, GAME_HELP, UserError, boundary, check_players, custom_cards, make_bots, new_console,
                     parse_options, split_specs)


def _pct(x: float) -> str:
    """A rate as a fixed-width percentage, so a column of them lines up."""
    return f"{100 * x:5.1f}%"


def _ci(row: Mapping[str, Any]) -> str:
    """A row's 95% interval as ``36.7–41.5%``."""
    lo, hi = row["ci95"]
    return f"{100 * lo:4.1f}–{100 * hi:4.1f}%"


def _rci(row: Mapping[str, Any]) -> str:
    """``39.1% (36.7–41.5)``: a rate and its 95% interval in one cell."""
    lo, hi = row["ci95"]
    return f"{100 * row['rate']:.1f}% ({100 * lo:.1f}–{100 * hi:.1f})"


def _table(title: str) -> Table:
    """An empty summary table; one style for all of them so the report reads as one piece."""
    return Table(box=box.SIMPLE_HEAD, title=title, title_justify="left", title_style="bold", pad_edge=False,
                 show_edge=False)


def _rate_table(title: str, first: str, rows: Mapping[str, Mapping[str, Any]], unit: str = "seat-games") -> Table:
    """Sample size, wins, win rate and interval per key (bot spec, seat, ...)."""
    t = _table(title)
    t.add_column(first, style="bold", no_wrap=True)
    t.add_column(unit.capitalize(), justify="right")
    t.add_column("Wins", justify="right")
    t.add_column("Win rate", justify="right")
    t.add_column("95% interval", justify="right")
    for key, row in rows.items():
        t.add_row(key, str(row["n"]), str(row["wins"]), _pct(row["rate"]), _ci(row))
    return t


def _seat_tag_table(tag: OutcomeTag, rows: Mapping[str, Mapping[str, Any]], split: OutcomeTag | None) -> Table:
    """Win rate per value of a per-seat tag, with one column per value of the tag it is split by."""
    splits = sorted({k for d in rows.values() for k in d if k != "all"}, key=split.sort_key if split else str)
    t = _table(f"{tag.heading} (95% intervals)")
    t.add_column(tag.title, style="bold", no_wrap=True)
    t.add_column("Seats", justify="right")
    t.add_column("Win rate", justify="right", no_wrap=True)
    for w in splits:
        t.add_column(f"{split.label(w)} {split.title.lower()}" if split else w, justify="right", no_wrap=True)
    for v in sorted(rows, key=tag.sort_key):
        d = rows[v]
        cells = [tag.label(v), str(d["all"]["n"]), _rci(d["all"])]
        for w in splits:
            r = d.get(w)
            cells.append(_rci(r) if r and r["n"] else "-")
        t.add_row(*cells)
    return t


def _game_tag_table(tag: OutcomeTag, rows: Mapping[str, Mapping[str, Any]]) -> Table:
    """Per value of a per-game tag: how many games, their share, how seats fared, length, no winner."""
    t = _table(f"{tag.heading} (95% intervals)")
    t.add_column(tag.title, style="bold")
    t.add_column("Games", justify="right")
    t.add_column("Share of games", justify="right", no_wrap=True)
    t.add_column("Seat win rate", justify="right", no_wrap=True)
    t.add_column("Mean turns", justify="right")
    t.add_column("No winner", justify="right")
    for v in sorted(rows, key=tag.sort_key):
        row = rows[v]
        t.add_row(tag.label(v), str(row["games"]), _rci(row), _rci(row["seat_win_rate"]),
                  f"{row['mean_turns']:.1f}", str(row["no_winner"]))
    return t


def _count_tag_table(tag: OutcomeTag, counts: Mapping[str, int], summary: Mapping[str, Any]) -> Table:
    """Games per value of a per-game tag, most frequent first, and the games nobody won."""
    n = summary["games"]
    t = _table(tag.heading)
    t.add_column(tag.title, style="bold")
    t.add_column("Games", justify="right")
    t.add_column("Share", justify="right")
    for k, v in sorted(counts.items(), key=lambda kv: -kv[1]):
        t.add_row(tag.label(k), str(v), _pct(v / n if n else 0))
    t.add_row("no winner at all", str(summary["no_winner"]["wins"]), _pct(summary["no_winner"]["rate"]))
    return t


def print_summary(console: Console, summary: Mapping[str, Any], game: GameDefinition, elapsed: float) -> None:
    """Print :func:`cardtable.sim.stats.summarize` output as tables.

    After the win rates by bot and by seat, one table per outcome tag the game declares
    (``game.outcome_tags``, in that order) that the games reported; then the length of games.
    """
    n = summary["games"]
    console.print()
    console.print(_rate_table("Win rate by bot", "Bot", summary["by_bot"]))
    console.print()
    console.print(_rate_table("Win rate by seat", "Seat", summary["by_seat"]))
    console.print()
    tags = game.outcome_tags
    by_key = {t.key: t for t in tags}
    for tag in tags:
        rows = summary["by_tag"].get(tag.key)
        if not rows:
            continue
        if tag.per_seat:
            split = by_key.get(tag.split_by) if tag.split_by else None
            console.print(_seat_tag_table(tag, rows, split if split is not None and not split.per_seat else None))
        elif tag.table == "counts":
            console.print(_count_tag_table(tag, rows, summary))
        else:
            console.print(_game_tag_table(tag, rows))
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


def simulate_cmd(
    game_id: str = typer.Argument(..., metavar="GAME", help=GAME_HELP),
    games: int = typer.Option(1000, "--games", "-n", help="How many games to play."),
    bots: str = typer.Option("random", "--bots", "-b", help="Bot spec per seat, comma-separated (one spec = all seats)."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Number of players (default: number of bots)."),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Parallel workers (processes, or Ray CPUs)."),
    backend: str = typer.Option("processes", "--backend",
                                help="Where parallel games run: 'processes' (this machine) or 'ray'."),
    ray_address: Optional[str] = typer.Option(None, "--ray-address",
                                              help="Join this Ray cluster ('auto', 'ray://host:10001') "
                                                   "instead of starting a local one (--backend ray)."),
    seed: int = typer.Option(1, "--seed", help="Master seed; every game's seed is derived from it."),
    out: Optional[Path] = typer.Option(None, "--out", help="Write one row per game to a .csv or .parquet file."),
    option: Optional[list[str]] = typer.Option(None, "--option", "-o", help="Game option key=value (repeatable)."),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON instead of tables."),
    decks: Optional[str] = typer.Option(None, "--decks", help="Balance lab: a round robin of these decks "
                                        "(ready deck names or deck files, comma-separated; 'all' = every ready deck)."),
    report: Optional[Path] = typer.Option(None, "--report", help="Balance lab: write a self-contained HTML report here."),
    tables: Optional[Path] = typer.Option(None, "--tables", help="Balance lab: write the report's figures as tables "
                                          "(games, matchups, decks, cards) into this folder."),
    tables_format: str = typer.Option("csv", "--tables-format", help="csv or parquet (for --tables)."),
    mirrors: bool = typer.Option(False, "--mirrors", help="Balance lab: also play each deck against itself."),
    cards: Optional[list[Path]] = typer.Option(None, "--cards", help=CARDS_HELP),
) -> None:
    """Play many bot-vs-bot games and report win rates with 95% intervals.

    With --decks, --report or --tables it is the balance lab: a round robin of decks (every ready
    deck by default) with seats swapped, and a report of matchups, decks, first player, game
    lengths and cards."""
    with boundary(), custom_cards(game_id, cards) as game:
        options = parse_options(option)
        specs = split_specs(bots)
        if decks is not None or report is not None or tables is not None:
            from .lab import run_lab_cmd

            check_players(game, players)
            if players is not None:
                if players != 2:
                    raise UserError(f"the balance lab plays duels: --players {players} cannot be used with "
                                    "--decks, --report or --tables (leave it out, or give 2)")
            if out is not None:
                raise UserError("--out writes one row per game of a plain run; with the lab use --tables")
            if jobs < 1:
                raise UserError("--jobs must be at least 1")
            if games < 1:
                raise UserError("--games must be at least 1")
            if backend not in ("processes", "ray"):
                raise UserError(f"--backend {backend!r}: use 'processes' or 'ray'")
            make_bots(game.id, dict(enumerate(specs)), seed)
            run_lab_cmd(game, decks, games, specs, seed, jobs, backend, ray_address, options or {}, report, tables,
                        tables_format, mirrors, as_json, " ".join(["cardtable", "simulate", *sys.argv[2:]]))
            return
        check_players(game, players)
        make_bots(game.id, dict(enumerate(specs)), seed)  # validates every spec before any work starts
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
        if backend not in ("processes", "ray"):
            raise UserError(f"--backend {backend!r}: use 'processes' or 'ray'")
        if ray_address is not None and backend != "ray":
            raise UserError("--ray-address needs --backend ray")
        if out is not None:
            if out.suffix.lower() not in (".csv", ".parquet"):
                raise UserError(f"--out {out}: the file name must end in .csv or .parquet")
            if out.is_dir():
                raise UserError(f"--out {out} is a directory; give a file name")
            if not out.parent.exists():
                raise UserError(f"--out {out}: the folder {out.parent} does not exist")
        from ..sim import export_results, run_games, summarize

        console = new_console()
        started = time.perf_counter()
        if as_json:
            results = run_games(game.id, n_players, specs, games, seed, jobs=jobs, options=options,
                                backend=backend, ray_address=ray_address)
        else:
            from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TaskProgressColumn, TextColumn,
                                       TimeElapsedColumn, TimeRemainingColumn)

            console.print(Text(f"{game.info.name}: {games} games, {n_players} players, bots {', '.join(specs)}, "
                               f"seed {seed}, {jobs} job{'s' if jobs != 1 else ''}"
                               + (" on Ray" if backend == "ray" else ""), style="bold"))
            with Progress(TextColumn("Simulating"), BarColumn(), MofNCompleteColumn(), TaskProgressColumn(),
                          TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(), console=console,
                          transient=False) as progress:
                task = progress.add_task("games", total=games)
                results = run_games(game.id, n_players, specs, games, seed, jobs=jobs, options=options,
                                    progress=lambda done: progress.update(task, completed=done),
                                    backend=backend, ray_address=ray_address)
                progress.update(task, completed=len(results))
        elapsed = time.perf_counter() - started
        summary = summarize(results, game.outcome_tags)
        summary.update({"game": game.id, "players": n_players, "bots": specs, "seed": seed, "jobs": jobs,
                        "backend": backend,
                        "seconds": elapsed, "games_per_second": len(results) / elapsed if elapsed > 0 else None})
        if out is not None:
            export_results(results, out, tags=game.outcome_tags)
            summary["out"] = str(out)
        if as_json:
            sys.stdout.write(json.dumps(summary, indent=1) + "\n")
            return
        print_summary(console, summary, game, elapsed)
        if out is not None:
            console.print(f"One row per game written to {out}")

