"""The ``decklists`` facet (see ``cardtable.carddata.deckfacet``): ready decks, deck files and their
legality for the CLI and the web table."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from ...carddata.deckfacet import ReadyDeck
from ...carddata.deckrules import Deck, Violation
from ...engine.presentation import colour_words
from .catalog import load_pool
from .deck_rules import DOMAINS, load_deck_list, ready_decks as _ready, validate_deck
from .presentation import PRESENTATION

OPTION = "decks"
# How a deck builder shows the catalog (cardtable.carddata.deckfacet): the cost curve (CC-2 decks are
# built around what cards cost), the filters a player reaches for first.
CURVE = "cost"
FILTERS = ("type", "faction", "cost", "keywords", "skill", "unique")


def ready_decks() -> list[ReadyDeck]:
    pool = load_pool()
    out = []
    for stem, deck in _ready().items():
        factions = Counter(str(pool.attributes()[c].get("faction") or "neutral") for c in deck.cards())
        summary = " / ".join(colour_words(PRESENTATION.face, f) for f, _ in factions.most_common(2))
        out.append(ReadyDeck(deck.name, stem, deck.description, len(deck.cards()), summary))
    return out


def load_deck_file(path: Path) -> Deck:
    return load_deck_list(path)


def deck_problems(deck: Deck) -> list[Violation]:
    return validate_deck(deck)


def option_value(deck: Deck) -> dict[str, Any]:
    """The deck in the mapping form ``new_game`` reads (card id → copies, the three domains)."""
    return {"name": deck.name, "description": deck.description, "cards": dict(deck.main),
            "domains": deck.cards(DOMAINS)}
