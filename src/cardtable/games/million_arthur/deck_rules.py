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

from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from ...carddata import load_card_file
from ...carddata.deckrules import (AllowedValues, CountWith, Deck, DeckRules, KnownCards, MatchesLeader, MaxCopies,
                                   OneCardOf, PartSize, UnknownCardError, Violation, resolve_names)
from ...core.errors import CardDataError
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


class DeckListFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    name: str = Field(min_length=1)
    description: str = ""
    leader: str
    cards: dict[str, int]


def load_deck_list(path: Path, pool: Pool | None = None) -> Deck:
    """Read a deck-list file into a ``Deck`` of card ids (legality is ``validate_deck``'s question)."""
    pool = pool or load_pool()
    data = load_card_file(path, DeckListFile)
    ids = {d.id: d.id for d in pool.defs}
    names = {d.name: d.id for d in pool.defs}
    problems = [f"{name!r} has {n} copies (at least 1)" for name, n in data.cards.items() if n < 1]
    main: dict[str, int] = {}
    leader: dict[str, int] = {}
    try:
        main = resolve_names({k: v for k, v in data.cards.items() if v >= 1}, ids, names)
    except UnknownCardError as err:
        problems += [f"cards: {p}" for p in err.problems]
    try:
        leader = resolve_names([data.leader], ids, names)
    except UnknownCardError as err:
        problems += [f"leader: {p}" for p in err.problems]
    if problems:
        raise CardDataError("\n".join(f"{path}: {p}" for p in problems))
    return Deck(data.name, main, {LEADER: leader}, data.description)


@lru_cache(maxsize=1)
def ready_decks() -> dict[str, Deck]:
    """The ready-made decks shipped with the game, by file stem."""
    return {path.stem: load_deck_list(path) for path in sorted(DECKS_DIR.glob("*.yaml"))}
