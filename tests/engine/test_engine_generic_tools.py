"""A game without facets of its own gets every tool's generic behaviour, with no line naming it.

The engine's test game ships no ``tui``, ``strategy`` or ``encoding`` module and declares no outcome
tags: the terminal renders it generically, ``play`` falls back to random bots, and ``simulate``,
``cards`` and ``rules`` work on it.
"""

from __future__ import annotations

import json

from typer.testing import CliRunner

from cardtable.bots import has_policy
from cardtable.cli import app
from cardtable.registry import game_facet
from cardtable.tui import Renderer, get_renderer

from .toygame import GAME


def test_no_facets_means_the_generic_renderer_and_no_heuristic() -> None:
    assert game_facet(GAME.info.id, "tui") is None and game_facet(GAME.info.id, "strategy") is None
    get_renderer.cache_clear()
    assert type(get_renderer(GAME.info.id)) is Renderer
    assert type(get_renderer("no-such-game")) is Renderer
    assert not has_policy(GAME.info.id) and has_policy("two-mists")
    assert GAME.outcome_tags == ()


def test_play_watch_defaults_to_random_bots_for_a_game_without_a_heuristic() -> None:
    out = CliRunner().invoke(app, ["play", GAME.info.id, "--seat", "none", "--seed", "3", "--delay", "0"])
    assert out.exit_code == 0, out.output
    assert "Seat 0 random" in out.output and "Game over" in out.output


def test_simulate_reports_generic_tables_only() -> None:
    runner = CliRunner()
    out = runner.invoke(app, ["simulate", GAME.info.id, "--games", "6", "--bots", "random", "--seed", "2"])
    assert out.exit_code == 0, out.output
    assert "Win rate by bot" in out.output and "Game length" in out.output
    assert "character" not in out.output.lower() and "world" not in out.output.lower()
    js = runner.invoke(app, ["simulate", GAME.info.id, "--games", "4", "--bots", "random", "--json"])
    assert js.exit_code == 0 and json.loads(js.output)["by_tag"] == {}


def test_rules_and_cards_work_without_a_renderer_of_its_own() -> None:
    runner = CliRunner()
    rules = runner.invoke(app, ["rules", GAME.info.id])
    assert rules.exit_code == 0, rules.output
    cards = runner.invoke(app, ["cards", GAME.info.id])  # no ``catalog.cards``: one clear line, exit 2
    assert cards.exit_code == 2 and "no card catalog" in cards.output
