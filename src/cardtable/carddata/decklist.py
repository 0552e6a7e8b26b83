"""Deck-list files and ready decks, the same for every card game.

A deck-list file is YAML: ``name``, ``description``, ``cards`` (card id or exact title → copies) and
the game's side parts (cards kept outside the main part: one card reference or a list of them).
The game names its side parts (``DeckLists``) and the file's model is made from them (pydantic, so a
file is checked like a card file); reading, name resolution and the "every bad entry at once" error
are here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Generic, Iterable, Mapping, Sequence, TypeVar

from pydantic import BaseModel, ConfigDict, Field, create_model

from ..core.errors import CardDataError
from .deckfacet import ReadyDeck
from .deckrules import Deck, UnknownCardError, resolve_names
from .loader import load_card_file

P = TypeVar("P")


def read_deck_list(path: Path, model: type[BaseModel], ids: Mapping[str, str], names: Mapping[str, str],
                   parts: Sequence[str] = ()) -> Deck:
    """Read a deck-list file into a ``Deck`` of card ids. A malformed file, a count below 1, or names
    that match no card raise ``CardDataError`` naming the file and every bad entry. Whether the deck
    is *legal* is a separate question (the game's deck rules), answered with every violation at once.

    ``ids``/``names``: card id → id and card name → id of the pool; ``parts``: the model's fields that
    are side parts (each a reference or a list of references), kept under the same names."""
    data: Any = load_card_file(path, model)
    problems = [f"{name!r} has {n} copies (at least 1)" for name, n in data.cards.items() if n < 1]
    main: dict[str, int] = {}
    sides: dict[str, dict[str, int]] = {}
    try:
        main = resolve_names({k: v for k, v in data.cards.items() if v >= 1}, ids, names)
    except UnknownCardError as err:
        problems += [f"cards: {p}" for p in err.problems]
    for part in parts:
        value = getattr(data, part)
        try:
            sides[part] = resolve_names([value] if isinstance(value, str) else list(value), ids, names)
        except UnknownCardError as err:
            problems += [f"{part}: {p}" for p in err.problems]
    if problems:
        raise CardDataError("\n".join(f"{path}: {p}" for p in problems))
    return Deck(data.name, main, sides, data.description)


def read_decks(paths: Iterable[Path], read: Callable[[Path], Deck]) -> dict[str, Deck]:
    """Deck-list files by file stem (a stem used twice keeps the first)."""
    out: dict[str, Deck] = {}
    for path in paths:
        out.setdefault(path.stem, read(path))
    return out


def ready_deck_list(decks: Mapping[str, Deck], key: Callable[[str], str], words: Callable[[str], str],
                    top: int, custom: Iterable[str] = ()) -> list[ReadyDeck]:
    """The ``decklists`` facet's ``ready_decks()``: each deck with a summary of its most common values
    of ``key`` (a card id → its colour, type, ...) in ``words``; stems in ``custom`` are marked."""
    from collections import Counter

    marked = set(custom)
    out = []
    for stem, deck in decks.items():
        counts = Counter(key(c) for c in deck.cards())
        summary = " / ".join(words(v) for v, _ in counts.most_common(top))
        out.append(ReadyDeck(deck.name, stem, deck.description, len(deck.cards()), summary, stem in marked))
    return out


class DeckLists(Generic[P]):
    """A game's deck-list file format and the ready decks it ships (``decks_dir``), for its ``deck_rules``.

    ``one``/``many``: the side parts the file names, as one card reference or a list of them;
    ``names(pool)``: the pool's card id → id and name → id maps; ``default_pool()``: the shipped pool,
    used when ``load`` is given none."""

    def __init__(self, decks_dir: Path, default_pool: Callable[[], P],
                 names: Callable[[P], tuple[Mapping[str, str], Mapping[str, str]]],
                 one: Sequence[str] = (), many: Sequence[str] = ()) -> None:
        self.decks_dir, self.default_pool, self.names = decks_dir, default_pool, names
        self.parts = (*one, *many)
        fields: dict[str, Any] = {"name": (str, Field(min_length=1)), "description": (str, ""),
                                  **{k: (str, ...) for k in one}, "cards": (dict[str, int], ...),
                                  **{k: (list[str], ...) for k in many}}
        self.model: type[BaseModel] = create_model(  # type: ignore[call-overload]
            "DeckListFile", __config__=ConfigDict(extra="forbid", frozen=True, strict=True), **fields)
        self._ready: dict[str, Deck] | None = None

    def load(self, path: Path, pool: P | None = None) -> Deck:
        """Read a deck-list file into a ``Deck`` of card ids (``read_deck_list``; legality is the deck
        rules' question)."""
        ids, names = self.names(pool if pool is not None else self.default_pool())
        return read_deck_list(path, self.model, ids, names, self.parts)

    def ready(self) -> dict[str, Deck]:
        """The ready-made decks shipped with the game, by file stem (read once)."""
        if self._ready is None:
            self._ready = read_decks(sorted(self.decks_dir.glob("*.yaml")), self.load)
        return self._ready
