"""A card's colour comes from its data only (issue 23): the game's presentation names, for each value of the
card's colour field (Call of Cthulhu's faction, Million Arthur's colour, Mythos's type), one of the
``SWATCHES``; the browser draws that swatch as the card's top stripe (``sw-<swatch>``, checked in
tests/web/test_card_colours.py) and the terminal prints the title in the swatch's colour. Nothing is
guessed from a hash of the value: a red Million Arthur knight is red everywhere."""

from __future__ import annotations

import random
from typing import Any, Mapping

import pytest
from rich.text import Text

from cardtable.engine.presentation import SWATCHES, swatch, zone_name
from cardtable.registry import game_facet, load_game
from cardtable.server.facets import presentation_of
from cardtable.tui import get_renderer
from cardtable.tui.cardtable import SWATCH_STYLES, CardTableRenderer

CARD_GAMES = ("call-of-cthulhu", "million-arthur", "mythos")

CC_11_1 = {"agency": "light_blue", "miskatonic": "orange", "syndicate": "brown", "cthulhu": "green",
           "hastur": "yellow", "yog_sothoth": "purple", "shub_niggurath": "red", "neutral": "grey"}
"""The faction colours of the Call of Cthulhu rules' faction table (CC-11.1), written out here."""


def expected_swatch(game_id: str, card: Mapping[str, Any]) -> str:
    """What the rules say the card's colour is, written independently of the presentation's palette
    where the rules name one (MA-3.3 colours, CC-11.1 factions)."""
    if game_id == "million-arthur":
        return "grey" if card["colour"] == "colourless" else str(card["colour"])
    if game_id == "call-of-cthulhu":
        return CC_11_1[card["faction"]]
    face = game_facet(game_id, "presentation").PRESENTATION.face
    return str(face.palette[card[face.colour]])


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_every_colour_value_of_the_catalog_has_a_swatch(game_id: str) -> None:
    face = game_facet(game_id, "presentation").PRESENTATION.face
    assert face.colour and set(face.palette.values()) <= set(SWATCHES)
    values = {str(c.get(face.colour)) for c in load_game(game_id).card_catalog()["cards"]}
    assert values <= set(face.palette), f"values without a swatch: {sorted(values - set(face.palette))}"
    payload = presentation_of(game_id)
    assert payload is not None and payload["face"]["palette"] == dict(face.palette)  # what the browser reads


@pytest.mark.parametrize("game_id", ("call-of-cthulhu", "million-arthur"))
def test_the_swatch_is_the_colour_the_rules_give_the_card(game_id: str) -> None:
    face = game_facet(game_id, "presentation").PRESENTATION.face
    for card in load_game(game_id).card_catalog()["cards"]:
        assert swatch(face, card) == expected_swatch(game_id, card), card


def test_a_value_without_a_swatch_gets_no_colour_never_a_guessed_one() -> None:
    face = game_facet("million-arthur", "presentation").PRESENTATION.face
    assert swatch(face, {"colour": "octarine"}) is None and swatch(face, None) is None
    renderer = get_renderer("million-arthur")
    assert isinstance(renderer, CardTableRenderer) and renderer.colour({"colour": "octarine"}) == "white"


def _seeded_views(game_id: str, seed: int = 23, steps: int = 80) -> list[dict[str, Any]]:
    """Every seat's view of a seeded game after ``steps`` random decisions."""
    game = load_game(game_id)
    state = game.new_game(seed=seed, players=2)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    return [state.view(seat) for seat in range(2)]


def _cards_in_play_or_hand(renderer: CardTableRenderer, view: Mapping[str, Any]) -> list[Any]:
    """Ids of the cards the view shows in rows (play areas) and fans (hands), including attachments."""
    ids: list[Any] = []
    for region in renderer.pres.regions:
        if region.layout not in ("row", "fan"):
            continue
        seats = [None] if region.seat == "none" else list(range(int(view["players"])))
        for seat in seats:
            for i in range(region.count):
                ids += [c for c in renderer.zone_cards(view, zone_name(region.zone, seat, i)) if c is not None]
    return ids


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_cards_in_play_and_hand_are_printed_in_their_data_colour(game_id: str) -> None:
    renderer = get_renderer(game_id)
    assert isinstance(renderer, CardTableRenderer)
    checked = 0
    for view in _seeded_views(game_id):
        for cid in _cards_in_play_or_hand(renderer, view):
            data = renderer.card_data(view, cid)
            if data is None:
                continue  # a card this seat may not see has no face
            want = SWATCH_STYLES[expected_swatch(game_id, data)]
            assert renderer.colour(data) == want
            line: Text = renderer.card_line(view, cid)
            title = renderer.title_of(data)
            styles = [str(span.style) for span in line.spans
                      if line.plain[span.start:span.end] == title]
            assert styles and styles[0].endswith(want), (title, styles, want)
            checked += 1
    assert checked >= 8, f"only {checked} cards in play or hand were checked"


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_ready_deck_summaries_read_as_names_not_ids(game_id: str) -> None:
    """The lobby and ``cardtable decks`` show a ready deck's summary: the colour field's names
    (``CardFace.names``: "Shub-Niggurath / Hastur"), never a raw id such as ``shub_niggurath``."""
    from cardtable.server.facets import ready_decks_of

    summaries = [d["summary"] for d in ready_decks_of(game_id)]
    assert summaries and all(s and "_" not in s for s in summaries), summaries
    if game_id == "call-of-cthulhu":
        assert "Shub-Niggurath / Hastur" in summaries
    if game_id == "mythos":
        assert any("travel event" in s for s in summaries)


def test_a_card_face_names_its_faction_in_words() -> None:
    renderer = get_renderer("call-of-cthulhu")
    assert isinstance(renderer, CardTableRenderer)
    card = next(c for c in load_game("call-of-cthulhu").card_catalog()["cards"] if c["faction"] == "shub_niggurath")
    view = {"cards": {"5": {"defn": card["index"], "flags": 0}}}
    line = renderer.card_line(view, 5).plain
    assert "Shub-Niggurath" in line and "shub" not in line, line
