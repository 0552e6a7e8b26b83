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

from pathlib import Path

from ...carddata.decklist import DeckLists
from ...carddata.deckrules import AllowedValues, Deck, DeckRules, KnownCards, MaxCopies, PartSize, Violation
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


# The deck-list file format (see the module docstring) and the ready decks under ``decks/``.
DECK_LISTS = DeckLists(DECKS_DIR, load_pool, lambda pool: ({d.id: d.id for d in pool.defs}, {d.title: d.id for d in pool.defs}), one=(INVESTIGATOR,))
DeckListFile = DECK_LISTS.model
load_deck_list = DECK_LISTS.load
ready_decks = DECK_LISTS.ready
