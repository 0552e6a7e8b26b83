"""``GET /api/games/{id}/rules``: the game explained for newcomers (the browser's "How to play" panel)."""

from __future__ import annotations

import importlib
import random

import cardtable
import pytest
from cardtable.engine.howto import explains, glossary_terms, missing_terms, presentation_terms
from cardtable.engine.presentation import resolve

from .wsplay import make_client


def test_rules_text_is_served_from_the_game_and_unknown_games_are_404(sqlite_url: str) -> None:
    game = cardtable.load_game("two-mists")
    with make_client(sqlite_url) as client:
        res = client.get("/api/games/two-mists/rules")
        missing = client.get("/api/games/chess/rules")
    assert res.status_code == 200 and res.json() == game.how_to_play()
    assert missing.status_code == 404
    body = missing.json()["error"]
    assert body["code"] == "no_game" and "chess" in body["message"] and "Traceback" not in body["message"]


CARD_GAMES = {"call-of-cthulhu": "call_of_cthulhu", "million-arthur": "million_arthur", "mythos": "mythos"}


@pytest.mark.parametrize("game_id", sorted(CARD_GAMES))
def test_card_games_are_explained_with_sections_ids_a_glossary_and_a_section_per_phase(sqlite_url: str, game_id: str) -> None:
    game = cardtable.load_game(game_id)
    with make_client(sqlite_url) as client:
        res = client.get(f"/api/games/{game_id}/rules")
    assert res.status_code == 200
    rules = res.json()
    assert rules == game.how_to_play()
    assert rules["title"] == f"How to play {game.info.name}"
    ids = [s["id"] for s in rules["sections"]]
    assert len(ids) == len(set(ids)), ids  # stable, unique ids a client can open
    for needed in ("goal", "setup", "turn", "zones", "win", "glossary"):
        assert needed in ids, (game_id, needed)
    for s in rules["sections"]:
        assert s["heading"] and (s["paragraphs"] or s["items"]), s["id"]
        assert all(p.strip() for p in s["paragraphs"]) and all(i["term"] and i["text"] for i in s["items"])
    assert len(glossary_terms(rules)) >= 30
    # every phase (or step) the top bar can show opens an existing section
    assert rules["phase_sections"] and set(rules["phase_sections"].values()) <= set(ids)


# The phase/step names each game's state machine writes where the presentation's phase_path reads.
PHASES = {
    "call-of-cthulhu": ("setup", "refresh", "draw", "resource", "operations", "story", "end_of_turn"),
    "million-arthur": ("setup", "begin", "draw", "charge", "first", "first_apply", "second", "second_apply",
                       "attack", "chain_t", "chain_n", "refresh_triggers", "refresh", "clean_hand_t", "clean_hand_n",
                       "clean_chain_t", "clean_chain_n", "end_triggers", "end"),
    "mythos": ("setup", "refill", "card_play", "battle", "end_of_round"),
}


@pytest.mark.parametrize("game_id", sorted(CARD_GAMES))
def test_every_phase_seen_in_a_played_game_has_a_section(game_id: str) -> None:
    """The mapping covers the phases a real game goes through (a random game, read where the top bar reads)."""
    game = cardtable.load_game(game_id)
    rules = game.how_to_play()
    presentation = importlib.import_module(f"cardtable.games.{CARD_GAMES[game_id]}.presentation").PRESENTATION
    assert set(PHASES[game_id]) <= set(rules["phase_sections"])
    state = game.new_game(seed=3)
    seen = set()
    rng = random.Random(3)
    for _ in range(1500):
        if state.is_terminal:
            break
        seen.add(resolve(state.view(None), presentation.phase_path))
        state.apply(rng.choice(state.legal_actions()))
    assert seen and seen <= set(rules["phase_sections"]), seen - set(rules["phase_sections"])


@pytest.mark.parametrize("game_id", sorted(CARD_GAMES))
def test_the_glossary_explains_every_term_the_table_shows(game_id: str) -> None:
    """Regions, counters, card marks, card-face fields and option labels of the declared presentation, and
    the card-type/faction/colour words printed on the cards: a new term without a glossary entry fails here."""
    game = cardtable.load_game(game_id)
    presentation = importlib.import_module(f"cardtable.games.{CARD_GAMES[game_id]}.presentation").PRESENTATION
    rules = game.how_to_play()
    assert presentation_terms(presentation)
    assert missing_terms(rules, presentation) == []
    glossary = glossary_terms(rules)
    face = presentation.face
    fields = (*face.subtitle, face.colour, *WORD_STATS[game_id])
    missing = []
    for card in game.card_catalog()["cards"]:
        for f in fields:
            value = card.get(f)
            for word in value if isinstance(value, list) else [value]:
                if isinstance(word, str) and word and not explains(glossary, word):
                    missing.append(f"{f}={word}")
    assert sorted(set(missing)) == []


# Card-face stats whose values are a few fixed words (keywords, skills); free text such as a region is not.
WORD_STATS = {"call-of-cthulhu": ("keywords",), "million-arthur": ("skill",), "mythos": ()}


def test_a_term_without_a_glossary_entry_is_reported() -> None:
    from cardtable.engine.presentation import CardMark, Counter, Presentation, Region

    p = Presentation(regions=(Region("pool", "Pool {n}", "pool:{p}", counters=(Counter("depth", "x"),)),),
                     marks=(CardMark("soaked {value}", path="y"),), decision_labels={"dive": "Dive"})
    rules = {"sections": [{"id": "glossary", "heading": "Glossary", "paragraphs": [],
                           "items": [{"term": "Pool 1, 2", "text": "t"}, {"term": "Dive", "text": "t"}]}]}
    assert presentation_terms(p) == ["Pool", "depth", "soaked", "Dive"]
    assert missing_terms(rules, p) == ["depth", "soaked"]


@pytest.mark.parametrize("game_id", sorted(CARD_GAMES))
def test_rule_ids_the_text_cites_are_in_the_games_rules_document(game_id: str) -> None:
    """A player can look a cited rule up in docs/rules/<game>.md (what ``cardtable rules GAME --full`` prints)."""
    import json
    import re
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "rules" / f"{game_id}.md").read_text(encoding="utf-8")
    text = json.dumps(cardtable.load_game(game_id).how_to_play())
    cited = set(re.findall(r"\b(?:CC|MA|MY)-\d+(?:\.\d+)*[a-z]?\b", text))
    assert cited
    assert sorted(r for r in cited if not re.search(re.escape(r) + r"(?!\d)", doc)) == []  # a section: its rules
