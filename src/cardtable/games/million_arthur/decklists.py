"""The ``decklists`` facet (see ``cardtable.carddata.deckfacet``): ready decks, deck files and their
legality (MA-2.8) for the CLI and the web table."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from ...carddata.deckfacet import ReadyDeck
from ...carddata.deckrules import Deck, Violation
from ...engine.presentation import colour_words
from .catalog import load_pool
from .deck_rules import LEADER, load_deck_list, ready_decks as _ready, validate_deck
from .presentation import PRESENTATION

OPTION = "decks"
# How a deck builder shows the catalog (cardtable.carddata.deckfacet): the cost curve, colours and
# Arthur types first (a leader's type restricts cards, MA-2.5), the burst icon a deck counts (MA-2.4).
CURVE = "cost"
FILTERS = ("kind", "colour", "arthur_type", "skill", "cost", "burst")
ATTRIBUTE_LABELS = {"burst": "Burst icon"}


def ready_decks() -> list[ReadyDeck]:
    pool = load_pool()
    out = []
    for stem, deck in _ready().items():
        colours = Counter(pool[pool.index(c)].colour for c in deck.cards())
        summary = " / ".join(colour_words(PRESENTATION.face, c) for c, _ in colours.most_common(3))
        out.append(ReadyDeck(deck.name, stem, deck.description, len(deck.cards()), summary))
    return out


def load_deck_file(path: Path) -> Deck:
    return load_deck_list(path)


def deck_problems(deck: Deck) -> list[Violation]:
    return validate_deck(deck)


def option_value(deck: Deck) -> dict[str, Any]:
    """The deck in the mapping form ``new_game`` reads (its leader, card id → copies)."""
    return {"name": deck.name, "leader": deck.cards(LEADER)[0] if deck.cards(LEADER) else None,
            "cards": dict(deck.main)}
