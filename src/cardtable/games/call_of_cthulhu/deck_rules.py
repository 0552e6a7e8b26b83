"""Call of Cthulhu deck construction (CC-2.1–2.3, CC-2.5, CC-2.8) as declarative rules, the deck-list
file format, and the ready-made decks under ``decks/``.

A deck-list file (YAML)::

    name: Badge and Lamp
    description: Agency lawmen and Miskatonic scholars ...
    cards:                      # card id or exact title -> copies
      AG01: 4
      Graduate Archivist: 3
    domains: [DM01, DM02, DM03] # the three domain cards kept outside the deck (CC-2.2)

CC-2.8: a game does not start with an illegal deck or story set, and every violated rule is named,
so ``validate_deck`` and ``validate_story_set`` return every violation at once.
"""

from __future__ import annotations

from pathlib import Path

from ...carddata.decklist import DeckLists
from ...carddata.deckrules import (AllowedValues, Deck, DeckRules, DistinctTitles, KnownCards, MaxCopies, PartSize,
                                   Violation)
from .catalog import Pool, load_pool
from .schema import MAX_COPIES_PER_TITLE

DECKS_DIR = Path(__file__).parent / "decks"
MIN_DECK_SIZE = 47
DOMAINS_PER_PLAYER = 3
STORY_DECK_SIZE = 10
DOMAINS = "domains"
DECK_CARD_TYPES = frozenset({"character", "support", "event"})

DECK_RULES = DeckRules((
    KnownCards("CC-2.8", "every card must be in the card pool"),
    AllowedValues("CC-2.1", "only character, support and event cards may be in the draw deck", "type",
                  DECK_CARD_TYPES),
    PartSize("CC-2.1", f"a draw deck holds at least {MIN_DECK_SIZE} cards", at_least=MIN_DECK_SIZE),
    MaxCopies("CC-2.3", f"at most {MAX_COPIES_PER_TITLE} cards with the same title (fewer where the card says so)",
              limit=MAX_COPIES_PER_TITLE, per_card_attr="max_copies"),
    PartSize("CC-2.2", f"each player has exactly {DOMAINS_PER_PLAYER} domain cards", part=DOMAINS,
             exactly=DOMAINS_PER_PLAYER),
    AllowedValues("CC-2.2", "the domain cards must be domains", "type", frozenset({"domain"}), part=DOMAINS),
))

STORY_SET_RULES = DeckRules((
    KnownCards("CC-2.8", "every story must be in the card pool"),
    PartSize("CC-2.5", f"the story deck holds exactly {STORY_DECK_SIZE} story cards", exactly=STORY_DECK_SIZE),
    AllowedValues("CC-2.5", "the story deck holds story cards only", "type", frozenset({"story"})),
    DistinctTitles("CC-2.5", "the stories of a story set all have different titles"),
))


def validate_deck(deck: Deck, pool: Pool | None = None) -> list[Violation]:
    """Every violation of CC-2.1–2.3 (and CC-2.2 for the domains) in ``deck``; empty if legal."""
    return DECK_RULES.validate(deck, (pool or load_pool()).attributes())


def validate_story_set(story_ids: list[str], pool: Pool | None = None) -> list[Violation]:
    """Every violation of CC-2.5 in a story set given as a list of story ids."""
    counts: dict[str, int] = {}
    for story in story_ids:
        counts[story] = counts.get(story, 0) + 1
    return STORY_SET_RULES.validate(Deck("story set", counts), (pool or load_pool()).attributes())


def validate_game(decks: list[Deck], story_ids: list[str], pool: Pool | None = None) -> list[Violation]:
    """CC-2.8: everything that stops a game from starting, each player's deck named."""
    out = [v._replace(message=f"{deck.name}: {v.message}") for deck in decks for v in validate_deck(deck, pool)]
    return out + [v._replace(message=f"story set: {v.message}") for v in validate_story_set(story_ids, pool)]


# The deck-list file format (see the module docstring) and the ready decks under ``decks/``.
DECK_LISTS = DeckLists(DECKS_DIR, load_pool, lambda pool: ({card_id: card_id for card_id in pool.cards}, pool.by_title), many=(DOMAINS,))
DeckListFile = DECK_LISTS.model
load_deck_list = DECK_LISTS.load
ready_decks = DECK_LISTS.ready
