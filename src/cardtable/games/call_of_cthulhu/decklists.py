"""The ``decklists`` facet (see ``cardtable.carddata.deckfacet``): ready decks, deck files and their
legality for the CLI and the web table."""

from __future__ import annotations

from typing import Any

from ...carddata.deckrules import Deck
from ...engine.cardgame import DeckFacet
from .deck_rules import DOMAINS
from .presentation import PRESENTATION

OPTION = "decks"
# How a deck builder shows the catalog (cardtable.carddata.deckfacet): the cost curve (CC-2 decks are
# built around what cards cost), the filters a player reaches for first.
CURVE = "cost"
FILTERS = ("type", "faction", "cost", "keywords", "skill", "unique")


_FACET = DeckFacet("call-of-cthulhu", lambda g, c: g.defs[g.defs.index(c)].faction, 2, PRESENTATION.face)
ready_decks = _FACET.ready_decks
load_deck_file = _FACET.load_deck_file
deck_problems = _FACET.deck_problems
ready_deck_lists = _FACET.ready_deck_lists


def option_value(deck: Deck) -> dict[str, Any]:
    """The deck in the mapping form ``new_game`` reads (card id → copies, the three domains)."""
    return {"name": deck.name, "description": deck.description, "cards": dict(deck.main),
            "domains": deck.cards(DOMAINS)}
