"""``cardtable cards``: a game's cards from its public catalog (``GameDefinition.card_catalog()``),
filtered by catalog fields, or one card in full.

Generic on purpose: a filter names a catalog field (``--faction`` reads ``faction``, ``--type`` reads
``type`` or ``kind``, ``--where FIELD=VALUE`` any other), so a new game's catalog is searchable with
no line here. A game whose renderer has its own table (``Renderer.cards_table``) keeps it for the
unfiltered listing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping, Optional, Sequence

import typer
from rich import box
from rich.console import RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .. import load_game
from ..core import GameDefinition
from ..registry import game_facet
from ..tui import get_renderer
from .common import CARDS_HELP, GAME_HELP, UserError, boundary, custom_cards, new_console

Card = Mapping[str, Any]
TEXT_WIDTH = 50  # letters of card text in the listing (the full text: cardtable cards GAME CARD)
WIDE = 130  # a console this wide has room for the text column beside a declared card face's fields


def _norm(value: Any) -> str:
    return " ".join(str(value).replace("_", " ").replace("-", " ").lower().split())


def title_of(card: Card) -> str:
    return str(card.get("title") or card.get("name") or card.get("id") or "?")


def matches(card: Card, field: str, wanted: str) -> bool:
    """Whether ``card[field]`` is ``wanted`` (case, ``_`` and ``-`` ignored; a list matches any member)."""
    v = card.get(field)
    values = v if isinstance(v, list) else [v]
    w = _norm(wanted)
    return any(_norm(x) == w for x in values if x is not None)


def field_for(cards: Sequence[Card], names: Sequence[str], option: str) -> str:
    for n in names:
        if any(n in c for c in cards):
            return n
    fields = sorted({k for c in cards for k in c})
    raise UserError(f"{option}: these cards have no {' or '.join(names)} field (fields: {', '.join(fields)})")


def filter_cards(cards: Sequence[Card], faction: str | None, kind: str | None, search: str | None,
                 where: Sequence[str]) -> list[Card]:
    """The cards matching every filter given."""
    tests: list[tuple[str, str]] = []
    if faction is not None:
        tests.append((field_for(cards, ["faction"], "--faction"), faction))
    if kind is not None:
        tests.append((field_for(cards, ["type", "kind"], "--type"), kind))
    for w in where:
        key, sep, value = w.partition("=")
        if not sep or not key.strip():
            raise UserError(f"bad --where {w!r}: use FIELD=VALUE, e.g. --where cost=2")
        tests.append((field_for(cards, [key.strip()], "--where"), value.strip()))
    out = [c for c in cards if all(matches(c, f, v) for f, v in tests)]
    if search:
        needle = search.lower()
        out = [c for c in out if needle in title_of(c).lower() or needle in str(c.get("text", "")).lower()]
    return out


def find_card(cards: Sequence[Card], wanted: str) -> Card:
    """One card by id or title (exact, else the only title containing ``wanted``)."""
    w = wanted.strip().lower()
    exact = [c for c in cards if str(c.get("id", "")).lower() == w or title_of(c).lower() == w]
    if exact:
        return exact[0]
    partial = [c for c in cards if w in title_of(c).lower()]
    if len(partial) == 1:
        return partial[0]
    if partial:
        shown = ", ".join(f"{title_of(c)} ({c.get('id', '?')})" for c in partial[:12])
        raise UserError(f"{wanted!r} matches {len(partial)} cards: {shown}{' ...' if len(partial) > 12 else ''}")
    raise UserError(f"no card with the id or title {wanted!r} (list them with cardtable cards GAME --search WORD)")


def _cell(value: Any, labels: Sequence[str] = ()) -> str:
    """A catalog value in a few letters; a list of counts with declared labels reads ``T1 C2``."""
    if isinstance(value, list):
        if value and all(isinstance(x, int) and not isinstance(x, bool) for x in value):
            initials = [lab[:1].upper() for lab in labels]
            if len(labels) >= len(value) and len(set(initials)) == len(initials):
                return " ".join(f"{initials[k]}{x}" for k, x in enumerate(value) if x) or "-"
            return "/".join(map(str, value))
        return ", ".join(str(x).replace("_", " ") for x in value)
    if isinstance(value, bool):
        return "yes" if value else ""
    return "" if value is None else str(value).replace("_", " ") if isinstance(value, str) else str(value)


def listing_fields(cards: Sequence[Card], presentation: Any) -> list[str]:
    """Columns: the fields a card face shows when the game declares one, else every scalar field."""
    face = getattr(presentation, "face", None)
    if face is not None:
        fields = [face.title, *([face.corner] if face.corner else []), *face.subtitle, *face.stats]
        return ["id", *[f for f in fields if f != "id"]] if any("id" in c for c in cards) else fields
    keys: list[str] = []
    for c in cards:
        for k, v in c.items():
            if k not in keys and k not in ("text", "index") and not isinstance(v, (Mapping, list)):
                keys.append(k)
    return keys


def cards_table(game: GameDefinition, cards: Sequence[Card], presentation: Any, total: int,
                width: int = 200) -> Table:
    """The listing; the text column only where ``width`` leaves room for it beside the fields."""
    fields = listing_fields(cards, presentation)
    with_text = width >= WIDE or len(fields) <= 5
    title = f"{game.info.name}: cards" + (f" ({len(cards)} of {total})" if len(cards) != total else "")
    table = Table(box=box.SIMPLE_HEAD, title=title, title_justify="left", title_style="bold")
    labels = getattr(getattr(presentation, "face", None), "list_labels", {}) or {}
    for f in fields:  # short values never wrap; lists (keywords, ...) and the text take what is left
        wraps = any(isinstance(c.get(f), list) and not labels.get(f) for c in cards)
        table.add_column(f.replace("_", " ").capitalize(), no_wrap=not wraps,
                         style="bold" if f in ("title", "name") else "")
    if with_text:
        table.add_column("Text", min_width=16)
    for c in cards:
        text = " ".join(str(c.get("text") or "").split())
        if len(text) > TEXT_WIDTH:
            text = text[:TEXT_WIDTH - 1].rstrip() + "…"
        table.add_row(*(_cell(c.get(f), labels.get(f, ())) for f in fields), *([text] if with_text else []))
    notes = ["; ".join(f"{f}: " + " ".join(f"{lab[:1].upper()} {lab}" for lab in labels[f])
                       for f in fields if labels.get(f))]
    notes.append(f"A card's text: cardtable cards {game.id} CARD (id or title); --search WORD looks in the texts.")
    table.caption = "\n".join(n for n in notes if n)
    table.caption_justify = "left"
    return table


def card_panel(card: Card, presentation: Any = None) -> RenderableType:
    labels = getattr(getattr(presentation, "face", None), "list_labels", {}) or {}
    body = Text()
    for k, v in card.items():
        if k in ("text", "index") or isinstance(v, Mapping):
            continue
        if v is None or v is False or v == "" or v == []:
            continue
        body.append(f"{k.replace('_', ' ')}: ", style="bold")
        lab = labels.get(k, ())
        shown = ", ".join(f"{lab[i]} {x}" for i, x in enumerate(v) if x) if lab and isinstance(v, list) else _cell(v)
        body.append((shown or "none") + "\n")
    body.append("\n" + str(card.get("text") or "(no text)"))
    return Panel(body, title=title_of(card), title_align="left", box=box.ROUNDED, expand=False)


def cards_cmd(
    game_id: str = typer.Argument(..., metavar="GAME", help=GAME_HELP),
    card: Optional[str] = typer.Argument(None, metavar="[CARD]", help="Show one card in full, by id or title."),
    faction: Optional[str] = typer.Option(None, "--faction", help="Only cards whose 'faction' field is this."),
    kind: Optional[str] = typer.Option(None, "--type", help="Only cards whose 'type' (or 'kind') field is this."),
    search: Optional[str] = typer.Option(None, "--search", "-s", help="Only cards whose title or text has this."),
    where: Optional[list[str]] = typer.Option(None, "--where", help="Only cards with FIELD=VALUE (repeatable)."),
    custom: Optional[list[Path]] = typer.Option(None, "--cards", help=CARDS_HELP),
) -> None:
    """List a game's cards (filtered by catalog fields), or show one card in full."""
    with boundary(), custom_cards(game_id, custom) as game:
        console = new_console()
        filtered = any(x is not None for x in (faction, kind, search)) or bool(where)
        if card is None and not filtered:
            table = get_renderer(game.id).cards_table(game)  # a game's own table, when its renderer has one
            if table is not None:
                console.print(table)
                return
        cards: list[Card] = list(game.card_catalog().get("cards") or [])
        if not cards:
            raise UserError(f"{game.id} has no card catalog to list")
        presentation = getattr(game_facet(game.id, "presentation"), "PRESENTATION", None)
        if card is not None:
            console.print(card_panel(find_card(cards, card), presentation))
            return
        chosen = filter_cards(cards, faction, kind, search, where or [])
        if not chosen:
            raise UserError("no card matches these filters")
        console.print(cards_table(game, chosen, presentation, len(cards), console.width))
