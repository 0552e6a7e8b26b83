"""The Call of Cthulhu card pool: every set file under ``cards/`` loaded and validated (CC-12.7).

``load_pool()`` is the one entry point; the rules compile its records, the deck rules count them and
front-ends list them. Checks that span files (an id or title used twice across sets) are made here,
since one file cannot see the others.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Sequence, Union

from ...carddata import load_card_file
from ...carddata.pool import PoolSource, claim_id
from ...core.errors import CardDataError
from .schema import CardSet, CharacterCard, DomainCard, EventCard, StoryCard, SupportCard

CARDS_DIR = Path(__file__).parent / "cards"

DeckCardT = Union[CharacterCard, SupportCard, EventCard]
AnyCardT = Union[CharacterCard, SupportCard, EventCard, StoryCard, DomainCard]


@dataclass(frozen=True, eq=False)
class Pool:
    """The validated sets and lookups over them (ids and titles are unique across the pool)."""

    sets: tuple[CardSet, ...]
    cards: dict[str, AnyCardT]  # every card by id, any type
    by_title: dict[str, str]  # title -> id
    story_sets: dict[str, tuple[str, ...]]  # story set name -> story ids, in file order

    def deck_cards(self) -> list[DeckCardT]:
        return [c for c in self.cards.values() if isinstance(c, (CharacterCard, SupportCard, EventCard))]

    def stories(self) -> list[StoryCard]:
        return [c for c in self.cards.values() if isinstance(c, StoryCard)]

    def domains(self) -> list[DomainCard]:
        return [c for c in self.cards.values() if isinstance(c, DomainCard)]

    def attributes(self) -> dict[str, dict[str, Any]]:
        """Plain attributes by id, for the game-agnostic deck rules (``carddata.deckrules``)."""
        out: dict[str, dict[str, Any]] = {}
        for card in self.cards.values():
            attrs: dict[str, Any] = {"title": card.title, "type": card.type}
            if isinstance(card, (CharacterCard, SupportCard, EventCard)):
                attrs.update(faction=card.faction, max_copies=card.max_copies, unique=card.unique)
            out[card.id] = attrs
        return out


def build_pool(paths: Iterable[Path]) -> Pool:
    """Load and cross-check the given set files; ``CardDataError`` names file and card on a problem."""
    sets: list[CardSet] = []
    cards: dict[str, AnyCardT] = {}
    by_title: dict[str, str] = {}
    where: dict[str, Path] = {}
    story_sets: dict[str, list[str]] = {}
    for path in paths:
        card_set = load_card_file(path, CardSet)
        sets.append(card_set)
        for card in card_set.cards:
            claim_id(where, path, card.id)
            if card.title in by_title:
                raise CardDataError(f"{path}: card {card.id!r}, field 'title': the title {card.title!r} is already "
                                    f"used by card {by_title[card.title]!r} in {where[by_title[card.title]]}")
            cards[card.id] = card
            by_title[card.title] = card.id
            if isinstance(card, StoryCard):
                story_sets.setdefault(card.set or card_set.set, []).append(card.id)
    return Pool(tuple(sets), cards, by_title, {k: tuple(v) for k, v in story_sets.items()})


SOURCE = PoolSource(CARDS_DIR, build_pool)


def load_pool(extra: Sequence[Path] = ()) -> Pool:
    """The pool shipped with the game (every ``cards/*.yaml``, in name order) followed by the ``extra``
    set files, cached per list (``carddata.pool``)."""
    return SOURCE.pool(tuple(extra))
