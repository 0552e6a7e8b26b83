"""The balance-lab side of ``cardtable simulate``: a round robin of decks, its report and tables.

``simulate`` hands over here when ``--decks``, ``--report`` or ``--tables`` is given; the figures
come from :mod:`cardtable.lab`, this module only checks the arguments and prints what it wrote.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any, Mapping, Optional, Sequence

from rich.table import Table
from rich.text import Text

from .. import __version__
from ..core import GameDefinition
from .common import UserError, new_console


def _check_out(path: Path, suffixes: tuple[str, ...], flag: str) -> None:
    if path.suffix.lower() not in suffixes:
        raise UserError(f"{flag} {path}: the file name must end in {' or '.join(suffixes)}")
    if path.is_dir():
        raise UserError(f"{flag} {path} is a directory; give a file name")
    if not path.parent.exists():
        raise UserError(f"{flag} {path}: the folder {path.parent} does not exist")


def run_lab_cmd(game: GameDefinition, decks: Optional[str], games: int, specs: Sequence[str], seed: int, jobs: int,
                backend: str, ray_address: Optional[str], options: Mapping[str, Any], report: Optional[Path],
                tables: Optional[Path], tables_format: str, mirrors: bool, as_json: bool, command: str) -> None:
    from ..lab.report import render
    from ..lab.run import run_lab
    from ..lab.tables import write_tables

    from ..lab.run import lab_decks

    if len(specs) not in (1, 2):
        raise UserError("the balance lab plays duels: give one bot spec (both seats) or two")
    names = None if decks in (None, "", "all") else [d.strip() for d in decks.split(",") if d.strip()]
    lab_decks(game.id, names)  # a game without decks, or an unknown deck, is refused before anything else
    if game.info.max_players < 2 or game.info.min_players > 2:
        raise UserError(f"{game.info.name} is not played by two; the balance lab plays duels")
    if report is not None:
        _check_out(report, (".html", ".htm"), "--report")
    if tables_format not in ("csv", "parquet"):
        raise UserError(f"--tables-format {tables_format!r}: use csv or parquet")
    if tables is not None and tables.exists() and not tables.is_dir():
        raise UserError(f"--tables {tables} is a file; give a folder")
    console = new_console()
    started = time.perf_counter()
    if as_json:
        lab = run_lab(game.id, names, games, specs, seed, jobs, backend, ray_address, options)
    else:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        from ..lab.schedule import round_robin

        _, chosen = lab_decks(game.id, names)
        planned = round_robin(chosen, list(specs) * (2 // len(specs)), "decks").games_for(games)
        console.print(Text(f"{game.info.name}: round robin of {len(chosen)} decks, {planned} games, bots "
                           f"{', '.join(specs)}, seed {seed}, {jobs} job{'s' if jobs != 1 else ''}"
                           + (" on Ray" if backend == "ray" else ""), style="bold"))
        with Progress(TextColumn("Simulating"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                      console=console) as progress:
            task = progress.add_task("games", total=planned)
            lab = run_lab(game.id, names, games, specs, seed, jobs, backend, ray_address, options,
                          progress=lambda done: progress.update(task, completed=done))
    elapsed = time.perf_counter() - started
    fig = lab.figures
    meta = {"game_name": game.info.name, "bots": ", ".join(specs), "seed": seed, "backend": backend,
            "command": command, "cardtable": __version__}
    written: list[str] = []
    if report is not None:
        report.write_text(render(fig, meta), encoding="utf-8")
        written.append(str(report))
    if tables is not None:
        written += [str(p) for p in write_tables(fig, lab.schedule, lab.results, tables, tables_format)]
    if as_json:
        out = {"game": game.id, "games": fig.games, "decks": fig.decks, "seconds": elapsed,
               "games_per_second": fig.games / elapsed if elapsed > 0 else None, "draws": fig.draws,
               "deck_rates": {n: r.to_row() for n, r in zip(fig.decks, fig.deck_rates)},
               "matchups": [{"deck": fig.decks[i], "against": fig.decks[j], **r.to_row()}
                            for (i, j), r in sorted(fig.matchups.items())],
               "first_player": None if fig.first_player is None else fig.first_player.to_row(),
               "ratings": fig.ratings, "best_cards": [c.to_row() for c in fig.best_cards(3, True)],
               "worst_cards": [c.to_row() for c in fig.best_cards(3, False)], "written": written}
        sys.stdout.write(json.dumps(out, indent=1) + "\n")
        return
    table = Table(title=f"Decks ({fig.games} games, {fig.games / elapsed:.1f} games/s)" if elapsed > 0 else "Decks")
    for col in ("Deck", "Win rate", "95% interval", "Games"):
        table.add_column(col, justify="left" if col == "Deck" else "right")
    for name, r in sorted(zip(fig.decks, fig.deck_rates), key=lambda x: -x[1].rate):
        table.add_row(name, f"{100 * r.rate:.1f}%", f"{100 * r.low:.1f}–{100 * r.high:.1f}%", str(r.seats))
    console.print(table)
    if fig.first_player is not None:
        console.print(f"First player won {100 * fig.first_player.rate:.1f}% "
                      f"({100 * fig.first_player.low:.1f}–{100 * fig.first_player.high:.1f}%)")
    for path in written:
        console.print(f"Wrote {path}")
