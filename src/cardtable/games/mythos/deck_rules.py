"""Mythos deck construction (MY-2) as declarative rules, the deck-list file format and the ready-made
decks under ``decks/``.

A deck-list file (YAML)::

    name: Lamp and Ledger
    description: ...
    investigator: MYC-I01       # the two-sided investigator card, kept outside the deck (MY-2.1)
    cards:                      # card id or exact title -> copies
      MYC-L01: 4

Validation returns every violation at once, sorted by rule ID, before any game starts.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from ...carddata import load_card_file
from ...carddata.deckrules import (AllowedValues, Deck, DeckRules, KnownCards, MaxCopies, PartSize, UnknownCardError,
                                   Violation, resolve_names)
from ...core.errors import CardDataError
from .catalog import Pool, load_pool

DECKS_DIR = Path(__file__).parent / "decks"
DECK_MIN = 52
MAX_COPIES = 4
INVESTIGATOR = "investigator"

DECK_RULES = DeckRules((
    PartSize("MY-2.1", "exactly one investigator card beside the deck", part=INVESTIGATOR, exactly=1),
    AllowedValues("MY-2.1", "the investigator slot holds an investigator card", "type", frozenset({"investigator"}),
                  part=INVESTIGATOR),
    PartSize("MY-2.2", f"a Mythos Deck holds at least {DECK_MIN} cards", at_least=DECK_MIN),
    MaxCopies("MY-2.3", f"at most {MAX_COPIES} cards of one title, all versions together", limit=MAX_COPIES),
    MaxCopies("MY-2.4", "a version with the uniqueness dot at most once", limit=MAX_COPIES * 100, title_attr="id",
              per_card_attr="dot_limit"),
    AllowedValues("MY-2.5", "investigator cards are never in the deck",
                  "type", frozenset({"location", "travel_event", "ally", "artifact", "weapon", "tome", "spell",
                                     "monster", "god", "event", "adventure"})),
    KnownCards("MY-2.1", "every card must be in the card pool"),
))


def validate_deck(deck: Deck, pool: Pool | None = None) -> list[Violation]:
    """Every violation of MY-2.1–2.5, sorted by rule ID and then by the card ids named; empty if legal."""
    return DECK_RULES.validate_sorted(deck, (pool or load_pool()).attributes())


class DeckListFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    name: str = Field(min_length=1)
    description: str = ""
    investigator: str
    cards: dict[str, int]


def load_deck_list(path: Path, pool: Pool | None = None) -> Deck:
    """Read a deck-list file into a ``Deck`` of card ids (legality is ``validate_deck``'s question)."""
    pool = pool or load_pool()
    data = load_card_file(path, DeckListFile)
    ids = {d.id: d.id for d in pool.defs}
    titles = {d.title: d.id for d in pool.defs}
    problems = [f"{name!r} has {n} copies (at least 1)" for name, n in data.cards.items() if n < 1]
    main: dict[str, int] = {}
    inv: dict[str, int] = {}
    try:
        main = resolve_names({k: v for k, v in data.cards.items() if v >= 1}, ids, titles)
    except UnknownCardError as err:
        problems += [f"cards: {p}" for p in err.problems]
    try:
        inv = resolve_names([data.investigator], ids, titles)
    except UnknownCardError as err:
        problems += [f"investigator: {p}" for p in err.problems]
    if problems:
        raise CardDataError("\n".join(f"{path}: {p}" for p in problems))
    return Deck(data.name, main, {INVESTIGATOR: inv}, data.description)


@lru_cache(maxsize=1)
def ready_decks() -> dict[str, Deck]:
    """The ready-made decks shipped with the game, by file stem."""
    return {path.stem: load_deck_list(path) for path in sorted(DECKS_DIR.glob("*.yaml"))}
