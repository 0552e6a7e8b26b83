"""``cardtable games`` and ``rules``: what a build can play and how each game works (``cards``: :mod:`.cards`)."""

from __future__ import annotations

from pathlib import Path

import typer
from rich import box
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .. import list_games, load_game
from ..tui import get_renderer
from .common import GAME_HELP, boundary, new_console


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


def rules_cmd(
    game_id: str = typer.Argument(..., metavar="GAME", help=GAME_HELP),
    full: bool = typer.Option(False, "--full", help="Print the whole rules document."),
) -> None:
    """Summarise a game's rules and say where the full rules document is."""
    with boundary():
        game = load_game(game_id)
        console = new_console()
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
        for table in renderer.rules_tables(game):
            console.print(table)
        if path is not None:
            console.print(f"Full rules (rule IDs as cited in error messages): {path}")
            console.print("Print them here with: cardtable rules " + game.id + " --full", style="dim")
        else:
            console.print(f"Full rules: docs/rules/{game.id}.md in the cardtable source tree.")
