"""The CPU-heavy parts of requests, as plain functions a worker process runs (heavy.py runs them).

Why separate from the routes: a worker receives a function by name and plain arguments, so each job
takes ids, text and rows, finds the game's deck format itself (cached per process) and raises
``TableError`` for a refusal, exactly as the route would have.
"""

from __future__ import annotations

from typing import Any

from .deckformat import DeckFormat, DeckInputError, clean_sections, deck_format, parse_deck_text, problems_of, \
    violations_json
from .replays import replay_payload
from .store import TableRow
from .tables import TableError

Sections = dict[str, dict[str, int]]


def _format(game_id: str) -> DeckFormat:
    fmt = deck_format(game_id)
    if fmt is None:
        raise TableError(404, "no_decks", f"{game_id} has no deck lists, so there is no deck to build")
    return fmt


def _clean(fmt: DeckFormat, sections: Sections, max_cards: int) -> Sections:
    try:
        return clean_sections(fmt, sections, max_cards)
    except DeckInputError as err:
        raise TableError(422, "bad_deck", str(err)) from None


def check_deck(game_id: str, name: str, sections: Sections, max_cards: int) -> dict[str, Any]:
    """``POST /api/games/{id}/deck-check``: every deck rule broken, with its ID."""
    fmt = _format(game_id)
    clean = _clean(fmt, sections, max_cards)
    problems = problems_of(fmt, name, clean)
    return {"legal": not problems, "problems": violations_json(problems),
            "cards": {s: sum(p.values()) for s, p in clean.items()}}


def import_deck(game_id: str, text: str, max_cards: int) -> dict[str, Any]:
    """``POST /api/games/{id}/deck-import``: a text list read into sections and checked (nothing saved)."""
    fmt = _format(game_id)
    try:
        name, sections = parse_deck_text(fmt, text)
    except DeckInputError as err:
        raise TableError(422, "bad_deck_text", str(err)) from None
    clean = _clean(fmt, sections, max_cards)
    problems = problems_of(fmt, name or "deck", clean)
    return {"name": name, "sections": clean, "legal": not problems, "problems": violations_json(problems)}


def replay(row: TableRow, actions: list[dict[str, Any]], seat: str, upto: int | None) -> dict[str, Any]:
    """``GET /api/tables/{id}/replay``: the finished game replayed to ``upto`` actions."""
    return replay_payload(row, actions, seat, upto)


__all__ = ["check_deck", "import_deck", "replay"]
