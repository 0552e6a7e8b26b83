"""The ``decklists`` facet: what a card game with constructed decks offers every tool.

A game whose players bring decks has a module ``decklists`` in its package (found with
``registry.game_facet(game_id, "decklists")``) with the names below. The CLI (``cardtable decks``,
``cardtable deck validate``, ``cardtable play --deck``) and the web table (deck choice at table
creation) use only these, so neither names a game.

* ``OPTION: str`` — the ``new_game`` option that takes one deck per seat, in seat order;
* ``ready_decks() -> list[ReadyDeck]`` — the decks shipped with the game;
* ``load_deck_file(path) -> Deck`` — a deck-list file read; ``CardDataError`` naming the file and
  every bad entry when it cannot be read (legality is a separate question);
* ``deck_problems(deck) -> list[Violation]`` — every deck-building rule the deck breaks, each with
  its rule ID (empty when legal);
* ``option_value(deck) -> Any`` — the deck as a value of ``OPTION`` (JSON-able; a ready deck may
  also be given by its name).

Optional:

* ``seat_choices() -> list[SeatChoice]`` — further things each seat picks when a table is set up,
  besides its deck (a card that is not part of the deck, say). The web table offers them per seat and
  passes the picks as the choice's ``option`` (one value or ``None`` per seat, in seat order); the
  game's ``new_game`` validates them like any option.
* ``ready_deck_lists() -> dict[str, Deck]`` — the ready decks by stem as deck lists (the deck builder
  reads them from here when given, from ``<package>/decks/<stem>.yaml`` otherwise); a game whose ready
  decks may come from elsewhere (custom card sets) gives it. A ``ReadyDeck`` from a custom set has
  ``custom`` set, and lobbies and builders mark it.
* ``CURVE: str`` — the numeric catalog attribute a deck builder's curve chart counts (what a card
  costs to play, in the game's own terms); without it the builder takes the first numeric attribute.
* ``FILTERS: tuple[str, ...]`` — the catalog attributes a deck builder offers as filters, most useful
  first (its composition charts use the first ones with few values); without it the builder offers
  every short attribute with few distinct values.
* ``ATTRIBUTE_LABELS: dict[str, str]`` — plain words for attributes whose field name reads badly
  (``sanity_mod`` → "Sanity modifier").

The optional three only shape how a builder shows the catalog; what the attributes mean stays the
game's (legality is ``deck_problems`` alone).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class ReadyDeck:
    """A deck shipped with the game, as a lobby or ``cardtable decks`` lists it."""

    name: str
    stem: str  # the file name without extension, also accepted where a name is
    description: str
    cards: int  # size of the main deck
    summary: str = ""  # e.g. the factions or colours, in a few words
    custom: bool = False  # from a custom card set directory (``--cards``), not shipped with the game

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "stem": self.stem, "description": self.description,
                               "cards": self.cards, "summary": self.summary}
        if self.custom:
            out["custom"] = True
        return out


@dataclass(frozen=True, slots=True)
class Choice:
    """One value a seat may pick for a ``SeatChoice``."""

    value: str
    label: str
    description: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"value": self.value, "label": self.label, "description": self.description}


@dataclass(frozen=True, slots=True)
class SeatChoice:
    """Something every seat picks at table creation besides its deck (module docstring).

    ``key`` names it in the API (``seat_choices.<key>``), ``option`` is the ``new_game`` option that takes
    the picks (one per seat, ``None`` for ``default``'s behaviour), ``label`` is what a lobby calls it."""

    key: str
    label: str
    option: str
    choices: tuple[Choice, ...]
    default: str = "as the deck says"  # what ``None`` means, in words

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "label": self.label, "option": self.option, "default": self.default,
                "choices": [c.to_dict() for c in self.choices]}
