"""ISMCTS rollout depth: the ``:dN`` part of a spec, and what it means for a game without an evaluation.

A game may score positions (``GameDefinition.evaluate``) so that searches stop rollouts early; a game
without one (Two Mists) keeps full playouts, so ``ismcts:N`` means exactly what it meant before.
"""

from __future__ import annotations

import pytest

from cardtable import load_game
from cardtable.bots import BotSpec, ISMCTSBot, make_bot, parse_bot_spec
from cardtable.core import SetupError


@pytest.mark.parametrize("spec,parsed", [
    ("ismcts:64:d30", BotSpec("ismcts", iterations=64, depth=30)),
    ("ismcts:0.5s:d10", BotSpec("ismcts", seconds=0.5, depth=10)),
    ("ISMCTS:8:d1", BotSpec("ismcts", iterations=8, depth=1)),
    ("ismcts::d5", BotSpec("ismcts", iterations=200, depth=5)),
    ("ismcts:64", BotSpec("ismcts", iterations=64)),
    ("ismcts", BotSpec("ismcts", iterations=200)),
    ("ismcts:", BotSpec("ismcts", iterations=200)),
])
def test_depth_is_parsed_after_the_budget(spec: str, parsed: BotSpec) -> None:
    assert parse_bot_spec(spec) == parsed
    assert parse_bot_spec(parsed.text) == parsed  # the canonical text parses back to the same spec


def test_canonical_text_names_the_depth_only_when_given() -> None:
    assert BotSpec("ismcts", iterations=64, depth=30).text == "ismcts:64:d30"
    assert BotSpec("ismcts", seconds=0.5, depth=7).text == "ismcts:0.5s:d7"
    assert BotSpec("ismcts", iterations=64).text == "ismcts:64"


@pytest.mark.parametrize("spec", ["ismcts:64:d0", "ismcts:64:d", "ismcts:64:", "ismcts:64:30", "ismcts:64:d30:x",
                                  "ismcts:64:d100001", "ismcts:64:d" + "9" * 400, "ismcts:64:dx"])
def test_bad_depths_are_refused_with_the_syntax(spec: str) -> None:
    with pytest.raises(SetupError, match=r"rollout depth .*ismcts:64:d30"):
        parse_bot_spec(spec)


def test_a_bad_budget_before_a_depth_is_still_named() -> None:
    with pytest.raises(SetupError, match="bad ismcts budget"):
        parse_bot_spec("ismcts:lots:d30")
    with pytest.raises(SetupError, match="at most 5000 ismcts iterations"):
        parse_bot_spec("ismcts:9000:d30")


def test_cutting_a_spec_down_to_the_limits_keeps_its_depth() -> None:
    from cardtable.bots import BotLimits

    assert parse_bot_spec("ismcts:9000:d30", None).within(BotLimits(100, 1.0)) == BotSpec("ismcts", 100, None, 30)


def test_a_game_without_an_evaluation_keeps_full_playouts() -> None:
    game = load_game("two-mists")
    assert game.evaluate is None and game.rollout_depth is None
    bot = make_bot("ismcts:32", "two-mists", seed=1)
    assert isinstance(bot, ISMCTSBot) and bot.depth is None and bot.spec == "ismcts:32"
    with pytest.raises(SetupError, match="no position evaluation"):
        make_bot("ismcts:32:d10", "two-mists", seed=1)
