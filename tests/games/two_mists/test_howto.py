"""The "How to play" text (``TwoMists.how_to_play``): rules in plain words plus every character and card
of the catalog, so a client needs no copy of its own."""

from __future__ import annotations

import json

import cardtable
from cardtable.core import GameDefinition

GAME = cardtable.load_game("two-mists")


def test_how_to_play_explains_the_game_and_lists_every_character_and_card() -> None:
    howto = GAME.how_to_play()
    assert json.loads(json.dumps(howto)) == howto
    assert howto["title"] == "How to play Two Mists"
    sections = {s["heading"]: s for s in howto["sections"]}
    text = " ".join(p for s in howto["sections"] for p in s["paragraphs"])
    for words in ("7 life", "Front world", "Back world", "pass", "Search", "wrath"):
        assert words in text, words
    chars = sections["Characters and their goals"]["items"]
    assert [c["term"].split(" (")[0] for c in chars] == [c.name for c in GAME.catalog.characters]
    knight = next(c for c in chars if c["term"] == "Knight")
    assert knight["text"] == "Front world: Win if the Monster dies. Back world: Win if the Witch dies."
    assert next(c for c in chars if c["term"].startswith("Fool"))["term"] == "Fool (only with 4 players)"
    cards = {c["term"]: c["text"] for c in sections["Cards"]["items"]}
    assert len(cards) == len(GAME.catalog.cards)  # the Assault copies are told apart by whom they bar
    assert cards["Assault (not Knight)"] == ("Action. Deal 2 damage to another player. The Knight may not take "
                                             "this copy. Not for Knight.")
    assert cards["Attack"].endswith("Anyone may take it.")
    assert cards["Holy Poison"].startswith("Equipment.")


def test_a_game_without_its_own_text_names_itself_only() -> None:
    class Bare(GameDefinition):
        info = GAME.info
        new_game = from_dict = sample_state = None  # type: ignore[assignment]

    assert Bare().how_to_play() == {"title": "How to play Two Mists", "sections": []}
