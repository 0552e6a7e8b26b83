"""Every card of the pool with an ability, leaders included, has a scenario test that names it (MA-15).

Why: a card's text is data the interpreter carries out; a card nobody ever plays in a test could do
nothing, or the wrong thing, unnoticed. The check reads the test files of this folder (never imports
them): a card is covered when a test function that asserts something names the card — by its id
(``MAS-L01``, inside a test's name written ``test_MAS_L01_…``) or by its exact name in the docstring.
"""

from __future__ import annotations

from pathlib import Path

from cardtable.games.million_arthur.catalog import load_pool
from cardtable.testing.coverage import scenario_sources, texts_of_tests, uncovered

HERE = Path(__file__).resolve().parent


def cards_with_abilities() -> list[tuple[str, str]]:
    """(id, name) of every card, knight or leader, with at least one ability (MA-3.12, MA-15.3)."""
    return [(d.id, d.name) for d in load_pool().defs if d.abilities]


def test_every_card_with_an_ability_has_a_scenario_test_naming_it_ma_15() -> None:
    """Every card with an ability (49 before the legends set) has a named scenario test."""
    cards = cards_with_abilities()
    assert len(cards) >= 49, "the pool lost its cards?"
    missing = uncovered(cards, texts_of_tests(scenario_sources(HERE, Path(__file__).name)))
    assert not missing, "cards with an ability but no scenario test naming them: " + ", ".join(missing)


def test_the_coverage_check_reports_a_card_no_test_names() -> None:
    """The check can fail: a test that names one card covers only that one; a test without an assert
    covers none; an id glued to more digits is another id; a name counts only in the docstring."""
    cards = [("MAS-R07", "Vigil Drummer"), ("MAS-G06", "Hedge Chaplain"), ("MAV-C1", "Short Id"),
             ("MAV-Y06", "Sunrise Bellwether")]
    source = (
        "def test_MAS_R07_draws():\n    assert True\n\n"
        "def test_chaplain():\n    '''Hedge Chaplain draws.'''\n    pass\n\n"
        "def test_mav_c12():\n    assert True\n\n"
        "def test_sunrise_bellwether():\n    '''Sunrise.'''\n    assert True\n"
    )
    assert uncovered(cards, texts_of_tests([source])) == ["MAS-G06 Hedge Chaplain", "MAV-C1 Short Id",
                                                          "MAV-Y06 Sunrise Bellwether"]
