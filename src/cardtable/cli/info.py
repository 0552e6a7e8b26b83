"""``cardtable games`` and ``rules``: what a build can play and how each game works (``cards``: :mod:`.cards`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

import typer
from rich import box
from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .. import list_games, load_game
from ..tui import get_renderer
from .common import GAME_HELP, boundary, fail, new_console


def games_cmd() -> None:
    """List the games this build can play."""
    with boundary():
        table = Table(box=box.SIMPLE_HEAD, title="Games", title_justify="left", title_style="bold")
        table.add_column("Id", style="bold cyan")
        table.add_column("Name")
        table.add_column("Players", justify="center")
        table.add_column("Version", justify="right")
        for info in list_games():
            players = str(info.min_players) if info.min_players == info.max_players else f"{info.min_players}-{info.max_players}"
            table.add_row(info.id, info.name, players, info.version)
        new_console().print(table)


def _docs_path(game_id: str) -> Path | None:
    """The full rules document: in the source tree next to ``src/``, else under the working directory."""
    source_root = Path(__file__).resolve().parents[3]  # <root>/src/cardtable/cli/info.py
    for base in (source_root, Path.cwd()):
        p = base / "docs" / "rules" / f"{game_id}.md"
        if p.is_file():
            return p
    return None


def print_how_to_play(console: Console, rules: Mapping[str, Any], only: str | None = None) -> None:
    """The game's "How to play" text (``GameDefinition.how_to_play``): each section under its heading, its
    paragraphs wrapped to the terminal, its terms in a two-column table. ``only``: one section by id."""
    for section in rules.get("sections", []):
        if only is not None and section.get("id") != only:
            continue
        console.print()
        console.print(Text(section["heading"], style="bold underline"))
        paragraphs = section.get("paragraphs", [])
        for k, paragraph in enumerate(paragraphs):
            if k:
                console.print()
            console.print(Text(paragraph))
        items = section.get("items", [])
        if items:
            if paragraphs:
                console.print()
            table = Table(box=None, show_header=False, pad_edge=False, padding=(0, 2, 0, 0))
            table.add_column("Term", style="bold cyan", no_wrap=False, max_width=32)
            table.add_column("Meaning")
            for item in items:
                table.add_row(item["term"], item["text"])
            console.print(table)


def rules_cmd(
    game_id: str = typer.Argument(..., metavar="GAME", help=GAME_HELP),
    full: bool = typer.Option(False, "--full", help="Print the whole rules document (numbered rules)."),
    section: str | None = typer.Option(None, "--section", metavar="ID",
                                       help="Print one section of the player text (goal, turn, glossary, ...)."),
) -> None:
    """Explain how to play a game (the text of the browser's "How to play"); --full for the complete rules."""
    with boundary():
        game = load_game(game_id)
        console = new_console()
        path = _docs_path(game.id)
        if full and path is not None:
            from rich.markdown import Markdown

            console.print(Markdown(path.read_text(encoding="utf-8")))
            return
        info = game.info
        rules = game.how_to_play()
        ids = [s.get("id") for s in rules.get("sections", [])]
        if section is not None and section not in ids:
            raise fail(f"{game.id} has no section {section!r}; its sections: {', '.join(i for i in ids if i) or 'none'}")
        players = str(info.min_players) if info.min_players == info.max_players else f"{info.min_players}-{info.max_players}"
        head = Text(rules.get("title") or f"How to play {info.name}", style="bold")
        head.append(f"\n{players} players, version {info.version}", style="dim")
        console.print(Panel(head, box=box.ROUNDED, expand=False))
        if rules.get("sections"):
            print_how_to_play(console, rules, section)
        else:  # a game without a player text: its renderer's summary
            renderer = get_renderer(game.id)
            console.print(Text(renderer.rules_summary(game)))
            for table in renderer.rules_tables(game):
                console.print(table)
        console.print()
        if section is None and len(ids) > 1:
            console.print(f"One section: cardtable rules {game.id} --section ID ({', '.join(i for i in ids if i)})",
                          style="dim")
        if path is not None:
            console.print(f"Full rules (rule IDs as cited in error messages): {path}")
            console.print("Print them here with: cardtable rules " + game.id + " --full", style="dim")
        else:
            console.print(f"Full rules: docs/rules/{game.id}.md in the cardtable source tree.")
