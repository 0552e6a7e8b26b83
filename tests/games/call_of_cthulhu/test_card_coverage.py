"""Every card of the pool with an ability has a scenario test that names it (CC-12).

Why: a card's text is data the interpreter carries out; a card nobody ever plays in a test could do
nothing, or the wrong thing, unnoticed. The check reads the test files of this folder (never imports
them): a card is covered when a test function that asserts something names the card — by its id
(``AG02``, also inside the test's name as ``test_AG02_…``) or by its exact title in the docstring.
"""

from __future__ import annotations

from pathlib import Path

from cardtable.games.call_of_cthulhu import DEFINITION as G
from cardtable.testing.coverage import scenario_sources, texts_of_tests, uncovered

HERE = Path(__file__).resolve().parent


def cards_with_abilities() -> list[tuple[str, str]]:
    """(id, title) of every card whose text does something: abilities or a story's win effect."""
    return [(d.id, d.title) for d in G.defs.defs if d.abilities or d.win_effect is not None]


def test_every_card_with_an_ability_has_a_scenario_test_naming_it() -> None:
    """CC-12: the pool's cards with an ability (95 at the time of writing) each have a named scenario test."""
    cards = cards_with_abilities()
    assert len(cards) >= 90, "the pool lost its cards?"
    missing = uncovered(cards, texts_of_tests(scenario_sources(HERE, Path(__file__).name)))
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
