"""``cardtable decks``, ``cardtable deck validate`` and ``play --deck``: a game's decks, through its
``decklists`` facet (:mod:`cardtable.carddata.deckfacet`), so no line here names a game.

Exit codes of ``deck validate``: 0 legal, 1 illegal (every broken rule printed with its rule ID), 2 a
file that cannot be read as a deck list (one red line, as every command's bad input).
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any, Optional, Sequence

import typer
from rich import box
from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from .. import load_game
from ..core import GameDefinition
from ..registry import game_facet
from .common import CARDS_HELP, GAME_HELP, UserError, boundary, custom_cards, new_console
from .help import Command
from .render import hanging

FACET = "decklists"
EXIT_ILLEGAL = 1


def decklists(game: GameDefinition, why: str) -> ModuleType:
    """The game's ``decklists`` facet; a :class:`UserError` saying ``why`` it was needed if it has none."""
    facet = game_facet(game.id, FACET)
    if facet is None:
        raise UserError(f"{game.id} has no deck lists, so {why}")
    return facet


def _violations(facet: ModuleType, deck: Any) -> list[str]:
    return [f"[{v.rule_id}] {v.message}" for v in facet.deck_problems(deck)]


def resolve_deck(facet: ModuleType, text: str, seat: int) -> Any:
    """One ``--deck`` value as the game option wants it: a ready deck by name or file stem
    (case-insensitive), else a deck-list file, which must be legal."""
    ready = facet.ready_decks()
    wanted = text.strip().lower()
    for r in ready:
        if wanted in (r.name.lower(), r.stem.lower()):
            return r.name
    path = Path(text)
    if not path.exists():
        names = ", ".join(f"{r.name} ({r.stem})" for r in ready) or "none"
        raise UserError(f"--deck {text!r} (seat {seat}) is neither a ready deck nor a file; ready decks: {names}")
    deck = facet.load_deck_file(path)
    problems = _violations(facet, deck)
    if problems:
        raise UserError(f"--deck {text} (seat {seat}) is not a legal deck ({len(problems)} problem"
                        f"{'s' if len(problems) != 1 else ''}): " + "; ".join(problems))
    return facet.option_value(deck)


def deck_options(game: GameDefinition, decks: Sequence[str], players: int | None,
                 options: dict[str, Any] | None) -> dict[str, Any]:
    """``options`` with the game's deck option set from the ``--deck`` values, one per seat in seat order."""
    facet = decklists(game, "--deck cannot be used with it")
    n = players if players is not None else game.info.min_players
    if len(decks) != n:
        raise UserError(f"give one --deck per seat: {len(decks)} given for {n} seats (in seat order, seat 0 first)")
    out = dict(options or {})
    if facet.OPTION in out:
        raise UserError(f"give the decks either with --deck or with --option {facet.OPTION}=..., not both")
    out[facet.OPTION] = [resolve_deck(facet, d, seat) for seat, d in enumerate(decks)]
    return out


ABOUT_MIN = 32
"""The narrowest the wrapped "About" column (summary and description) may get before the listing turns
from a table into one block per deck."""


def ready_decks_renderable(game_name: str, ready: Sequence[Any], width: int) -> RenderableType:
    """The ready decks at ``width`` columns. The name and the stem (what ``--deck`` takes) are never cut or
    wrapped; the summary and description wrap beside them, or under them when the table would leave them
    fewer than ``ABOUT_MIN`` columns."""
    title = f"{game_name}: ready decks"
    name_w = max([len("Name"), *(len(r.name) for r in ready)])
    stem_w = max([len("Stem"), *(len(r.stem) for r in ready)])
    cards_w = max([len("Cards"), *(len(str(r.cards)) for r in ready)])
    # SIMPLE_HEAD: one space of padding each side of every column, plus the table's own edge
    if width - (name_w + stem_w + cards_w + 4 * 2 + 2) >= ABOUT_MIN:
        table = Table(box=box.SIMPLE_HEAD, title=title, title_justify="left", title_style="bold")
        table.add_column("Name", style="bold cyan", no_wrap=True, min_width=name_w)
        table.add_column("Stem", no_wrap=True, min_width=stem_w)
        table.add_column("Cards", justify="right", no_wrap=True, min_width=cards_w)
        table.add_column("About", ratio=1)
        for r in ready:
            about = Text(r.summary, style="italic") if r.summary else Text()
            table.add_row(r.name, r.stem, str(r.cards), about + Text("\n" + r.description if r.description else ""))
        return table
    blocks: list[RenderableType] = [Text(title, style="bold")]
    for r in ready:
        blocks.append(Text(""))
        blocks.append(Text(r.name, style="bold cyan", no_wrap=True, overflow="ignore"))
        blocks.append(Text(f"  stem {r.stem} · {r.cards} cards", no_wrap=True, overflow="ignore"))
        if r.summary:
            blocks.append(Text("  " + r.summary, style="italic"))
        if r.description:
            blocks.append(Padding(Text(r.description), (0, 0, 0, 2)))
    return Group(*blocks)


def decks_cmd(game_id: str = typer.Argument(..., metavar="GAME", help=GAME_HELP)) -> None:
    """List the ready decks a game ships with (their names work with play --deck)."""
    with boundary():
        game = load_game(game_id)
        facet = decklists(game, "it has no ready decks to list")
        console = new_console()
        console.print(ready_decks_renderable(game.info.name, facet.ready_decks(), console.width))
        console.print(Text(f"Play one: cardtable play {game.id} --deck NAME --deck NAME (one per seat); "
                           f"check your own list: cardtable deck validate {game.id} FILE", style="dim"))


deck_app = typer.Typer(help="Deck lists: check a deck file against the game's deck-building rules.",
                       no_args_is_help=True, add_completion=False)


@deck_app.command("validate", cls=Command)
def validate_cmd(
    game_id: str = typer.Argument(..., metavar="GAME", help=GAME_HELP),
    file: Path = typer.Argument(..., metavar="FILE", help="A deck-list file."),
    cards: Optional[list[Path]] = typer.Option(None, "--cards", help=CARDS_HELP),
) -> None:
    """Check a deck-list file: every broken rule with its rule ID (exit 1 if illegal, 0 if legal)."""
    with boundary(), custom_cards(game_id, cards) as game:
        facet = decklists(game, "there is no deck to validate")
        deck = facet.load_deck_file(file)
        problems = _violations(facet, deck)
        console = new_console()
        if not problems:
            console.print(Text(f"{file}: {deck.name} is a legal {game.info.name} deck "
                               f"({len(deck.cards())} cards).", style="bold green"))
            return
        console.print(Text(f"{file}: {deck.name} is not a legal {game.info.name} deck "
                           f"({len(problems)} problem{'s' if len(problems) != 1 else ''}):", style="bold red"))
        for p in problems:
            hanging(console, Text("  -"), Text(p))
    raise typer.Exit(EXIT_ILLEGAL)
