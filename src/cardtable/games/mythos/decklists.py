"""The ``decklists`` facet (see ``cardtable.carddata.deckfacet``): ready decks, deck files and their
legality (MY-2) for the CLI and the web table."""

from __future__ import annotations

from typing import Any

from ...carddata.deckfacet import Choice, SeatChoice
from ...carddata.deckrules import Deck
from ...engine.cardgame import DeckFacet, active
from . import GAME
from .deck_rules import INVESTIGATOR
from .presentation import PRESENTATION

OPTION = "decks"
# How a deck builder shows the catalog (cardtable.carddata.deckfacet): Mythos cards cost no resource, so
# the curve counts their sanity modifier (MY-6.1.3), what playing them does to the player's Sanity;
# type, dimension and region are what a Mythos deck is built around.
CURVE = "sanity_mod"
FILTERS = ("type", "dimension", "region", "sanity_mod", "combat")
ATTRIBUTE_LABELS = {"sanity_mod": "Sanity modifier"}


_FACET = DeckFacet("mythos", lambda g, c: g.pool[g.pool.index(c)].type, 3, PRESENTATION.face)
ready_decks = _FACET.ready_decks
load_deck_file = _FACET.load_deck_file
deck_problems = _FACET.deck_problems
ready_deck_lists = _FACET.ready_deck_lists


def option_value(deck: Deck) -> dict[str, Any]:
    """The deck in the mapping form ``new_game`` reads (its investigator, card id → copies)."""
    inv = deck.cards(INVESTIGATOR)
    return {"name": deck.name, "investigator": inv[0] if inv else None, "cards": dict(deck.main)}


def seat_choices() -> list[SeatChoice]:
    """MY-2.1: each player brings an investigator card besides the deck; a seat may bring another one
    than its ready deck's (D-MY-99). Only the card is chosen here: its side is chosen in secret at the
    table (MY-4.1), so nothing public at creation tells which side a seat will play."""
    pool = active(GAME).pool
    choices = []
    for d in pool.defs:
        if d.type != "investigator":
            continue
        sides = " or ".join(f"{s.name} (Sanity {s.starting_sanity}/{s.max_sanity})" for s in d.sides)
        choices.append(Choice(d.id, d.title, f"Sides: {sides}"))
    return [SeatChoice("investigator", "Investigator", "investigators", tuple(choices), "the deck's own")]
