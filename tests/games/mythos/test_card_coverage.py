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

from pathlib import Path

from cardtable.games.mythos.catalog import load_pool
from cardtable.testing.coverage import scenario_sources, texts_of_tests, uncovered

HERE = Path(__file__).resolve().parent


def cards_with_abilities() -> list[tuple[str, str]]:
    """(id, title) of every card with an effect or an ability, and of every investigator card."""
    return [(d.id, d.title) for d in load_pool().defs if d.effects or d.abilities or d.type == "investigator"]


def test_every_card_with_an_ability_has_a_scenario_test_naming_it() -> None:
    """Every card with an effect or ability, and every investigator, has a named scenario test."""
    cards = cards_with_abilities()
    assert len(cards) >= 50, "the pool lost its cards?"
    missing = uncovered(cards, texts_of_tests(scenario_sources(HERE, Path(__file__).name)))
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
