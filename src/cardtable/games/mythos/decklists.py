"""The ``decklists`` facet (see ``cardtable.carddata.deckfacet``): ready decks, deck files and their
legality (MY-2) for the CLI and the web table."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from ...carddata.deckfacet import Choice, ReadyDeck, SeatChoice
from ...carddata.deckrules import Deck, Violation
from ...engine.presentation import colour_words
from .catalog import load_pool
from .deck_rules import INVESTIGATOR, load_deck_list, ready_decks as _ready, validate_deck
from .presentation import PRESENTATION

OPTION = "decks"
# How a deck builder shows the catalog (cardtable.carddata.deckfacet): Mythos cards cost no resource, so
# the curve counts their sanity modifier (MY-6.1.3), what playing them does to the player's Sanity;
# type, dimension and region are what a Mythos deck is built around.
CURVE = "sanity_mod"
FILTERS = ("type", "dimension", "region", "sanity_mod", "combat")
ATTRIBUTE_LABELS = {"sanity_mod": "Sanity modifier"}


def ready_decks() -> list[ReadyDeck]:
    pool = load_pool()
    out = []
    for stem, deck in _ready().items():
        types = Counter(pool[pool.index(c)].type for c in deck.cards())
        summary = " / ".join(colour_words(PRESENTATION.face, t) for t, _ in types.most_common(3))
        out.append(ReadyDeck(deck.name, stem, deck.description, len(deck.cards()), summary))
    return out


def load_deck_file(path: Path) -> Deck:
    return load_deck_list(path)


def deck_problems(deck: Deck) -> list[Violation]:
    return validate_deck(deck)


def option_value(deck: Deck) -> dict[str, Any]:
    """The deck in the mapping form ``new_game`` reads (its investigator, card id → copies)."""
    inv = deck.cards(INVESTIGATOR)
    return {"name": deck.name, "investigator": inv[0] if inv else None, "cards": dict(deck.main)}


def seat_choices() -> list[SeatChoice]:
    """MY-2.1: each player brings an investigator card besides the deck; a seat may bring another one
    than its ready deck's (D-MY-99). Only the card is chosen here: its side is chosen in secret at the
    table (MY-4.1), so nothing public at creation tells which side a seat will play."""
    pool = load_pool()
    choices = []
    for d in pool.defs:
        if d.type != "investigator":
            continue
        sides = " or ".join(f"{s.name} (Sanity {s.starting_sanity}/{s.max_sanity})" for s in d.sides)
        choices.append(Choice(d.id, d.title, f"Sides: {sides}"))
    return [SeatChoice("investigator", "Investigator", "investigators", tuple(choices), "the deck's own")]
