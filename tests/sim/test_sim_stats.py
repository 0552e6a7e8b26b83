"""Wilson intervals against known values, and the summaries over hand-made results."""

from __future__ import annotations

import pytest

from cardtable.sim import GameResult, Rate, length_summary, summarize, wilson_interval
from cardtable.sim.stats import percentile, win_rate_by_bot, win_rate_by_bot_and, win_rate_by_character, win_rate_by_world


@pytest.mark.parametrize("k,n,low,high", [
    (0, 10, 0.0, 0.2775),
    (5, 10, 0.2366, 0.7634),
    (10, 10, 0.7225, 1.0),
    (1, 10, 0.0179, 0.4042),
    (50, 100, 0.4038, 0.5962),
    (81, 263, 0.2553, 0.3662),
])
def test_wilson_known_values(k: int, n: int, low: float, high: float) -> None:
    lo, hi = wilson_interval(k, n)
    assert lo == pytest.approx(low, abs=1e-4) and hi == pytest.approx(high, abs=1e-4)


def test_wilson_edge_cases() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    lo99, hi99 = wilson_interval(5, 10, z=2.576)
    lo95, hi95 = wilson_interval(5, 10)
    assert lo99 < lo95 and hi99 > hi95
    with pytest.raises(ValueError):
        wilson_interval(11, 10)


def _result(seed: int, winners: list[int], bots: list[str], chars: list[str], world: str, length: int) -> GameResult:
    return GameResult(seed, winners, {s: float(s in winners) for s in range(len(bots))}, "test", length, length // 2,
                      bots, {"characters": chars, "world": world, "turns": length // 2})


RESULTS = [
    _result(1, [0], ["h", "r", "r"], ["monster", "knight", "saint"], "front", 10),
    _result(2, [1, 2], ["r", "h", "r"], ["knight", "saint", "monster"], "front", 20),
    _result(3, [0, 1], ["r", "r", "h"], ["knight", "saint", "witch"], "back", 30),
    _result(4, [], ["h", "r", "r"], ["witch", "saint", "knight"], "back", 40),
]


def test_win_rates_count_seat_occurrences() -> None:
    by_bot = win_rate_by_bot(RESULTS)
    assert (by_bot["h"].wins, by_bot["h"].seats) == (2, 4)
    assert (by_bot["r"].wins, by_bot["r"].seats) == (3, 8)
    assert by_bot["h"].rate == 0.5 and (by_bot["h"].low, by_bot["h"].high) == wilson_interval(2, 4)
    by_char = win_rate_by_character(RESULTS)
    assert (by_char["saint"].wins, by_char["saint"].seats) == (2, 4)
    assert (by_char["monster"].wins, by_char["monster"].seats) == (2, 2)
    by_world = win_rate_by_world(RESULTS)
    assert (by_world["front"].wins, by_world["front"].seats) == (3, 6)
    assert (by_world["back"].wins, by_world["back"].seats) == (2, 6)
    combo = win_rate_by_bot_and(RESULTS, "characters")
    assert (combo[("h", "saint")].wins, combo[("h", "saint")].seats) == (1, 1)
    assert isinstance(by_bot["h"], Rate) and "50.0%" in str(by_bot["h"])


def test_length_distribution() -> None:
    s = length_summary(RESULTS)
    assert (s.games, s.mean, s.median, s.max) == (4, 25.0, 25.0, 40)
    assert s.p90 == pytest.approx(37.0)
    assert length_summary(RESULTS, "turns").max == 20
    assert length_summary([]).games == 0
    assert percentile([5], 90) == 5


def test_summarize_is_json_ready() -> None:
    import json

    out = summarize(RESULTS)
    assert out["games"] == 4 and out["no_winner"]["wins"] == 1
    assert set(out) >= {"by_bot", "by_character", "by_world", "length", "turns"}
    json.dumps(out)
