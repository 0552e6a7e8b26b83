"""Every card of the pool with an ability has a scenario test that names it (CC-12).

Why: a card's text is data the interpreter carries out; a card nobody ever plays in a test could do
nothing, or the wrong thing, unnoticed. The check reads the test files of this folder (never imports
them): a card is covered when a test function that asserts something names the card — by its id
(``AG02``, also inside the test's name as ``test_AG02_…``) or by its exact title in the docstring.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Iterable

from cardtable.games.call_of_cthulhu import DEFINITION as G

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
    """(id, title) of every card whose text does something: abilities or a story's win effect."""
    return [(d.id, d.title) for d in G.defs.defs if d.abilities or d.win_effect is not None]


def uncovered(cards: list[tuple[str, str]], texts: list[str]) -> list[str]:
    def named(card_id: str, title: str, text: str) -> bool:
        by_id = re.search(rf"(?<![A-Za-z0-9]){re.escape(card_id)}(?![0-9])", text, re.IGNORECASE)
        return bool(by_id) or title in text.split("\n", 1)[-1]

    return [f"{i} {t}" for i, t in cards if not any(named(i, t, text) for text in texts)]


def _sources() -> list[str]:
    return [p.read_text(encoding="utf-8") for p in sorted(HERE.glob("test_*.py")) if p.name != Path(__file__).name]


def test_every_card_with_an_ability_has_a_scenario_test_naming_it() -> None:
    """CC-12: the pool's cards with an ability (95 at the time of writing) each have a named scenario test."""
    cards = cards_with_abilities()
    assert len(cards) >= 90, "the pool lost its cards?"
    missing = uncovered(cards, texts_of_tests(_sources()))
    assert not missing, "cards with an ability but no scenario test naming them: " + ", ".join(missing)


def test_the_coverage_check_reports_a_card_no_test_names() -> None:
    """The check can fail: a test that names one card covers only that one; a test without an assert
    covers none; an id glued to more digits is another id."""
    cards = [("AG02", "Precinct Desk Sergeant"), ("MU05", "Campus Physician"), ("SY1", "Short Id")]
    source = (
        "def test_AG02_x():\n    assert True\n\n"
        "def test_physician():\n    '''Campus Physician pays.'''\n    pass\n\n"
        "def test_sy12():\n    assert True\n"
    )
    assert uncovered(cards, texts_of_tests([source])) == ["MU05 Campus Physician", "SY1 Short Id"]
