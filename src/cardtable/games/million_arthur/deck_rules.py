"""Million Arthur deck construction (MA-2) as declarative rules, the deck-list file format and the
ready-made decks under ``decks/``.

A deck-list file (YAML)::

    name: Ember and Thorn
    description: ...
    leader: MAS-L01             # the one leader card, kept outside the deck (MA-2.1)
    cards:                      # card id or exact name -> copies
      MAS-R01: 3

MA-2.8: validation runs before setup and returns every violation at once, sorted by rule ID (and,
within a rule, by card id), so two validators report the same list for the same deck.
"""

from __future__ import annotations

from pathlib import Path

from ...carddata.decklist import DeckLists
from ...carddata.deckrules import (AllowedValues, CountWith, Deck, DeckRules, KnownCards, MatchesLeader, MaxCopies,
                                   OneCardOf, PartSize, Violation)
from .catalog import Pool, load_pool

DECKS_DIR = Path(__file__).parent / "decks"
DECK_SIZE = 40
MAX_COPIES = 3
BURST_CARDS = 15
LEADER = "leader"
LEADER_TYPES = frozenset({"mercenary", "rich", "thief", "songstress"})

DECK_RULES = DeckRules((
    PartSize("MA-2.1", f"a deck holds exactly {DECK_SIZE} cards", exactly=DECK_SIZE),
    OneCardOf("MA-2.1", "the leader slot holds exactly one leader card of a named Arthur type", LEADER,
              {"kind": frozenset({"leader"}), "arthur_type": LEADER_TYPES}),
    AllowedValues("MA-2.2", "the deck holds knight cards only", "kind", frozenset({"knight"})),
    MaxCopies("MA-2.3", f"at most {MAX_COPIES} copies of one card number", limit=MAX_COPIES, title_attr="id"),
    CountWith("MA-2.4", f"exactly {BURST_CARDS} cards with a burst icon", "burst", frozenset({True}),
              exactly=BURST_CARDS),
    MatchesLeader("MA-2.5", "a type-restricted card needs a leader of its Arthur type", "restriction", LEADER,
                  leader_attr="arthur_type", free=frozenset({"none"})),
    KnownCards("MA-2.8", "every card must be in the card pool"),
))


def validate_deck(deck: Deck, pool: Pool | None = None) -> list[Violation]:
    """MA-2.8: every violation of MA-2.1–2.5 as entries {rule ID, card ids, counted value} (``Violation``:
    ``rule_id``, ``cards``, ``value``, plus a sentence), sorted by rule ID and then card id; empty if legal."""
    return DECK_RULES.validate_sorted(deck, (pool or load_pool()).attributes())


# The deck-list file format (see the module docstring) and the ready decks under ``decks/``.
DECK_LISTS = DeckLists(DECKS_DIR, load_pool, lambda pool: ({d.id: d.id for d in pool.defs}, {d.name: d.id for d in pool.defs}), one=(LEADER,))
DeckListFile = DECK_LISTS.model
load_deck_list = DECK_LISTS.load
ready_decks = DECK_LISTS.ready
