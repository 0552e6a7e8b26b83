"""The ``decklists`` facet (see ``cardtable.carddata.deckfacet``): ready decks, deck files and their
legality (MA-2.8) for the CLI and the web table."""

from __future__ import annotations

from typing import Any

from ...carddata.deckrules import Deck
from ...engine.cardgame import DeckFacet
from .deck_rules import LEADER
from .presentation import PRESENTATION

OPTION = "decks"
# How a deck builder shows the catalog (cardtable.carddata.deckfacet): the cost curve, colours and
# Arthur types first (a leader's type restricts cards, MA-2.5), the burst icon a deck counts (MA-2.4).
CURVE = "cost"
FILTERS = ("kind", "colour", "arthur_type", "skill", "cost", "burst")
ATTRIBUTE_LABELS = {"burst": "Burst icon"}


_FACET = DeckFacet("million-arthur", lambda g, c: g.pool[g.pool.index(c)].colour, 3, PRESENTATION.face)
ready_decks = _FACET.ready_decks
load_deck_file = _FACET.load_deck_file
deck_problems = _FACET.deck_problems
ready_deck_lists = _FACET.ready_deck_lists


def option_value(deck: Deck) -> dict[str, Any]:
    """The deck in the mapping form ``new_game`` reads (its leader, card id → copies)."""
    return {"name": deck.name, "leader": deck.cards(LEADER)[0] if deck.cards(LEADER) else None,
            "cards": dict(deck.main)}
