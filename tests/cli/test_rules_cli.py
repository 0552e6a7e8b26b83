"""``cardtable rules GAME``: the player's text of every game (the browser's "How to play"), not developer notes;
``--section`` prints one part, ``--full`` the numbered rules document."""

from __future__ import annotations

import pytest

import cardtable
from cardtable.cli import app


def _ok(result):
    assert result.exit_code == 0, (result.output, result.exception)
    assert "Traceback" not in result.output
    return result.output


def _words(text: str) -> str:
    """The output with line breaks and table padding folded, so wrapped sentences compare whole."""
    return " ".join(text.replace("│", " ").split())


@pytest.mark.parametrize("game_id", [info.id for info in cardtable.list_games()])
def test_rules_prints_the_player_text_of_every_game(runner, game_id, monkeypatch):
    monkeypatch.setenv("COLUMNS", "120")
    rules = cardtable.load_game(game_id).how_to_play()
    out = _ok(runner.invoke(app, ["rules", game_id]))
    words = _words(out)
    assert rules["title"] in words
    assert rules["sections"], game_id
    for section in rules["sections"]:
        assert section["heading"] in out
        for paragraph in section["paragraphs"]:
            assert _words(paragraph) in words, paragraph[:60]
        for item in section["items"]:  # in a two-column table: long cells wrap beside each other
            assert item["term"].split()[0] in out and " ".join(item["text"].split()[:2]) in words, item["term"]
    for developer_word in ("GAME", "DEFINITION", "facets", "``", "registry"):
        assert developer_word not in out, developer_word
    assert f"docs/rules/{game_id}.md" in words and f"cardtable rules {game_id} --full" in words


def test_rules_section_prints_one_section_and_names_the_ids_of_a_wrong_one(runner, monkeypatch):
    monkeypatch.setenv("COLUMNS", "120")
    out = _ok(runner.invoke(app, ["rules", "mythos", "--section", "glossary"]))
    assert "Glossary" in out and "Mythos Threat" in out and "Card play" not in out
    bad = runner.invoke(app, ["rules", "mythos", "--section", "nowhere"])
    assert bad.exit_code == 2
    assert "no section 'nowhere'" in bad.output and "glossary" in bad.output


def test_rules_full_still_prints_the_numbered_rules(runner, monkeypatch):
    monkeypatch.setenv("COLUMNS", "120")
    out = _ok(runner.invoke(app, ["rules", "call-of-cthulhu", "--full"]))
    assert "CC-1.4" in out and "The goal" not in out


def test_in_game_help_of_a_card_game_starts_with_the_section_of_the_current_phase():
    """``h`` during ``cardtable play``: the How to play section of the phase on the table, then the cards."""
    import random

    from rich.console import Console

    from cardtable.tui import get_renderer

    game = cardtable.load_game("call-of-cthulhu")
    rules = game.how_to_play()
    state = game.new_game(seed=2)
    rng = random.Random(2)
    while state.view(None)["vars"]["phase"] in ("setup", "refresh", "draw"):
        state.apply(rng.choice(state.legal_actions()))
    phase = state.view(None)["vars"]["phase"]
    section = next(s for s in rules["sections"] if s["id"] == rules["phase_sections"][phase])
    console = Console(width=200, record=True)
    console.print(get_renderer(game.id).render_help(game, state.view(0)))
    out = console.export_text()
    assert f"Now: {section['heading']}" in out and f"--section {section['id']}" in out
    assert _words(section["paragraphs"][0])[:60] in _words(out)
    assert out.index("Now:") < out.index("Cards you can see")
