"""Every card of the Mythos pool with an ability, investigators included, has a scenario test that
names it (MY-12.10: card behaviour is data the rules carry out).

Why: a card's effects and abilities are data the interpreter runs; a card nobody ever plays in a test
could do nothing, or the wrong thing, unnoticed. The check reads the test files of this folder (never
imports them): a card is covered when a test function that asserts something names the card — by its
id (``MYD-L01``, inside a test's name written ``test_MYD_L01_…``) or by its exact title in the docstring.
"A card with an ability" is one with an effect (``effects``) or an activated ability (``abilities``);
every investigator card counts, since its sides' numbers are what it does (MY-2.6, MY-6.2.1).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Iterable

from cardtable.games.mythos.catalog import load_pool

HERE = Path(__file__).resolve().parent


def _asserts(fn: ast.FunctionDef) -> bool:
    """Does the test check an outcome (an ``assert`` or a ``pytest.raises`` block)?"""
    for node in ast.walk(fn):
        if isinstance(node, ast.Assert):
            return True
        if isinstance(node, ast.Attribute) and node.attr == "raises":
            return True
    return False


def texts_of_tests(sources: Iterable[str]) -> list[str]:
    """Name + docstring of every test function (that asserts something) in the given sources."""
    out = []
    for source in sources:
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test") and _asserts(node):
                out.append(node.name + "\n" + (ast.get_docstring(node) or ""))
    return out


def cards_with_abilities() -> list[tuple[str, str]]:
    """(id, title) of every card with an effect or an ability, and of every investigator card."""
    return [(d.id, d.title) for d in load_pool().defs if d.effects or d.abilities or d.type == "investigator"]


def uncovered(cards: list[tuple[str, str]], texts: list[str]) -> list[str]:
    """The cards no text names: by id (``-`` may be written ``_``, not glued to more letters or digits)
    or by exact title in the docstring part."""

    def named(card_id: str, name: str, text: str) -> bool:
        pattern = re.escape(card_id).replace("\\-", "[-_]")
        by_id = re.search(rf"(?<![A-Za-z0-9]){pattern}(?![A-Za-z0-9])", text, re.IGNORECASE)
        return bool(by_id) or name in text.split("\n", 1)[-1]

    return [f"{i} {n}" for i, n in cards if not any(named(i, n, text) for text in texts)]


def _sources() -> list[str]:
    return [p.read_text(encoding="utf-8") for p in sorted(HERE.glob("test_*.py")) if p.name != Path(__file__).name]


def test_every_card_with_an_ability_has_a_scenario_test_naming_it() -> None:
    """Every card with an effect or ability, and every investigator, has a named scenario test."""
    cards = cards_with_abilities()
    assert len(cards) >= 50, "the pool lost its cards?"
    missing = uncovered(cards, texts_of_tests(_sources()))
    assert not missing, "cards with an ability but no scenario test naming them: " + ", ".join(missing)


def test_the_coverage_check_reports_a_card_no_test_names() -> None:
    """The check can fail: a test that names one card covers only that one; a test without an assert
    covers none; an id glued to more digits is another id; a title counts only in the docstring."""
    cards = [("MYD-E07", "Moonlit Omen"), ("MYD-A02", "Zoog Scout"), ("MYN-C1", "Short Id"),
             ("MYN-E06", "Static Storm")]
    source = (
        "def test_MYD_E07_draws():\n    assert True\n\n"
        "def test_zoog():\n    '''Zoog Scout draws.'''\n    pass\n\n"
        "def test_myn_c12():\n    assert True\n\n"
        "def test_static_storm():\n    '''Static.'''\n    assert True\n"
    )
    assert uncovered(cards, texts_of_tests([source])) == ["MYD-A02 Zoog Scout", "MYN-C1 Short Id",
                                                          "MYN-E06 Static Storm"]
