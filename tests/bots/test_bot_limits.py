"""Search budgets are bounded: a spec over the maximum is refused with a message naming the maximum."""

from __future__ import annotations

import pytest

from cardtable.bots import DEFAULT_BOT_LIMITS, BotLimits, BotSpec, ISMCTSBot, make_bot, parse_bot_spec
from cardtable.core import SetupError


@pytest.mark.parametrize("spec,needle", [
    ("ismcts:2000000000", "at most 5000 ismcts iterations"),
    ("ismcts:5001", "at most 5000 ismcts iterations"),
    ("ismcts:" + "9" * 5000, "at most 5000 ismcts iterations"),  # longer than int() accepts
    ("ismcts:99999999s", "at most 5 s of ismcts search"),
    ("ismcts:5.01s", "at most 5 s of ismcts search"),
    ("ismcts:" + "9" * 400 + "s", "at most 5 s of ismcts search"),
])
def test_budgets_over_the_default_maximum_are_refused(spec: str, needle: str) -> None:
    with pytest.raises(SetupError, match=needle):
        make_bot(spec, "two-mists", 0)


def test_the_maximum_itself_is_allowed_and_limits_are_configurable() -> None:
    assert DEFAULT_BOT_LIMITS == BotLimits(5000, 5.0)
    bot = make_bot("ismcts:5000", "two-mists", 0)
    assert isinstance(bot, ISMCTSBot) and bot.iterations == 5000
    assert parse_bot_spec("ismcts:5s") == BotSpec("ismcts", seconds=5.0)
    small = BotLimits(max_iterations=100, max_seconds=0.5)
    with pytest.raises(SetupError, match="at most 100 ismcts iterations"):
        make_bot("ismcts:101", "two-mists", 0, limits=small)
    with pytest.raises(SetupError, match=r"at most 0.5 s .*ismcts:0.5s"):
        make_bot("ismcts:1s", "two-mists", 0, limits=small)
    big = BotLimits(max_iterations=10**6, max_seconds=60)
    assert parse_bot_spec("ismcts:20000", big).iterations == 20000
    assert parse_bot_spec("ismcts:2000000000", None).iterations == 2000000000  # syntax only


def test_a_stored_spec_over_the_limit_is_cut_down_to_it() -> None:
    spec = parse_bot_spec("ismcts:2000000000", None).within(DEFAULT_BOT_LIMITS)
    assert spec.text == "ismcts:5000"
    assert parse_bot_spec("ismcts:9999s", None).within(DEFAULT_BOT_LIMITS).text == "ismcts:5s"
    assert parse_bot_spec("heuristic").within(DEFAULT_BOT_LIMITS).text == "heuristic"


def test_limits_must_be_positive() -> None:
    with pytest.raises(SetupError):
        BotLimits(max_iterations=0)
    with pytest.raises(SetupError):
        BotLimits(max_seconds=0)
