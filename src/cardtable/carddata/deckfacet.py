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

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "stem": self.stem, "description": self.description, "cards": self.cards,
                "summary": self.summary}
