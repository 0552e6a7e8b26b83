"""Card definitions as the rules read them: one flat, immutable record per card of the pool.

The validated card records (``schema.py``) say what a card file may hold; this turns each into the
numbers the rules look up on every struggle and payment (icons as a tuple in struggle order,
keywords as a set with Toughness and Steadfast as numbers, Transient derived from two resource
icons), so a hot path never walks pydantic models. ``Defs`` indexes them: a card instance's
``defn`` is a position in it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from .schema import CharacterCard, DomainCard, EventCard, StoryCard, SupportCard, keyword_name

STRUGGLES = ("terror", "combat", "arcane", "investigation")
TERROR, COMBAT, ARCANE, INVESTIGATION = range(4)


def _icons(icons: Any) -> tuple[int, int, int, int]:
    return (icons.terror, icons.combat, icons.arcane, icons.investigation)


@dataclass(frozen=True, slots=True)
class CardDef:
    """Printed facts of one card (CC-7): what effects modify starts from here."""

    index: int
    id: str
    title: str
    type: str  # character | support | event | story | domain
    faction: str = "neutral"
    cost: int = 0
    cost_is_x: bool = False
    skill: int = 0
    skill_is_x: bool = False
    icons: tuple[int, int, int, int] = (0, 0, 0, 0)
    boosters: tuple[int, int, int, int] = (0, 0, 0, 0)
    keywords: frozenset[str] = frozenset()
    toughness: int = 0
    steadfast: int = 0
    resource_icons: tuple[str, ...] = ()
    unique: bool = False
    subtypes: tuple[str, ...] = ()
    attach_to: Any = None  # a schema Filter, or None
    trigger: str = ""  # events: action | reaction:<event> | interrupt:<event>
    abilities: tuple[Any, ...] = ()  # schema Ability models
    struggles: tuple[int, int, int, int] = (0, 0, 0, 0)  # stories
    win_effect: Any = None
    text: str = ""
    record: Any = field(default=None, compare=False, repr=False)

    @property
    def transient(self) -> bool:
        """CC-6.13: a card with two resource icons."""
        return len(self.resource_icons) == 2

    @property
    def loyal(self) -> bool:
        return "loyal" in self.keywords


def card_def(index: int, card: Any) -> CardDef:
    """The ``CardDef`` of one validated card record."""
    if isinstance(card, StoryCard):
        return CardDef(index, card.id, card.title, "story", struggles=_icons(card.struggles),
                       win_effect=card.win_effect, abilities=tuple(card.passive or ()), text=card.text, record=card)
    if isinstance(card, DomainCard):
        return CardDef(index, card.id, card.title, "domain", record=card)
    keywords, toughness, steadfast = set(), 0, 0
    for kw in card.keywords:
        name = keyword_name(kw)
        keywords.add(name)
        if name == "toughness":
            toughness += kw.toughness
        elif name == "steadfast":
            steadfast = kw.steadfast
    cost_x = card.cost == "X"
    common: dict[str, Any] = dict(
        faction=card.faction, cost=0 if isinstance(card.cost, str) else card.cost, cost_is_x=cost_x,
        keywords=frozenset(keywords), toughness=toughness, steadfast=steadfast,
        resource_icons=tuple(card.resource_icons or (card.faction,)), unique=card.unique,
        subtypes=tuple(card.subtypes), abilities=tuple(card.abilities), text=card.text, record=card,
    )
    if isinstance(card, CharacterCard):
        skill_x = card.skill == "X"
        skill = 0 if isinstance(card.skill, str) else card.skill
        return CardDef(index, card.id, card.title, "character", skill=skill, skill_is_x=skill_x,
                       icons=_icons(card.icons), boosters=_icons(card.boosters), **common)
    if isinstance(card, SupportCard):
        return CardDef(index, card.id, card.title, "support", boosters=_icons(card.boosters), attach_to=card.attach_to,
                       **common)
    if isinstance(card, EventCard):
        return CardDef(index, card.id, card.title, "event", trigger=card.trigger, **common)
    raise TypeError(f"not a Call of Cthulhu card record: {card!r}")


class Defs:
    """Every card definition of the pool, by position and by id (positions follow the pool's order)."""

    def __init__(self, cards: Iterable[Any]) -> None:
        self.defs: tuple[CardDef, ...] = tuple(card_def(k, c) for k, c in enumerate(cards))
        self.by_id = {d.id: d.index for d in self.defs}
        self.by_title = {d.title: d.index for d in self.defs}

    def __getitem__(self, index: int) -> CardDef:
        return self.defs[index]

    def __len__(self) -> int:
        return len(self.defs)

    def index(self, ref: str) -> int:
        """A card by id or title; ``KeyError`` if neither."""
        if ref in self.by_id:
            return self.by_id[ref]
        return self.by_title[ref]
