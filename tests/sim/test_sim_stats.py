"""Wilson intervals against known values, and the summaries over hand-made results."""

from __future__ import annotations

import pytest

import cardtable
from cardtable.core import OutcomeTag
from cardtable.sim import GameResult, Rate, histogram, length_summary, summarize, wilson_interval
from cardtable.sim.stats import (
    percentile, tag_counts, tag_summary, tag_value, win_rate_by_bot, win_rate_by_bot_and, win_rate_by_seat,
    win_rate_by_tag, win_rate_by_tag_split,
)

TAGS = cardtable.load_game("two-mists").outcome_tags  # the tags Two Mists declares
CHARACTER, WORLD, ENDING = (next(t for t in TAGS if t.key == k) for k in ("characters", "world", "ending"))


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


def _result(seed: int, winners: list[int], bots: list[str], chars: list[str], world: str, length: int,
            died: list[int]) -> GameResult:
    return GameResult(seed, winners, {s: float(s in winners) for s in range(len(bots))}, "test", length, length // 2,
                      bots, {"characters": chars, "world": world, "turns": length // 2, "died": died})


RESULTS = [  # turns 5, 10, 15, 20
    _result(1, [0], ["h", "r", "r"], ["monster", "knight", "saint"], "front", 10, [1]),
    _result(2, [1, 2], ["r", "h", "r"], ["knight", "saint", "monster"], "front", 20, [0, 1]),
    _result(3, [0, 1], ["r", "r", "h"], ["knight", "saint", "witch"], "back", 30, [2]),
    _result(4, [], ["h", "r", "r"], ["witch", "saint", "knight"], "back", 40, []),
]


def _row(wins: int, n: int) -> dict:
    return {"n": n, "wins": wins, "rate": wins / n, "ci95": list(wilson_interval(wins, n))}


def test_win_rates_count_seat_occurrences() -> None:
    by_bot = win_rate_by_bot(RESULTS)
    assert (by_bot["h"].wins, by_bot["h"].seats) == (2, 4)
    assert (by_bot["r"].wins, by_bot["r"].seats) == (3, 8)
    assert by_bot["h"].rate == 0.5 and (by_bot["h"].low, by_bot["h"].high) == wilson_interval(2, 4)
    by_char = win_rate_by_tag(RESULTS, CHARACTER)
    assert (by_char["saint"].wins, by_char["saint"].seats) == (2, 4)
    assert (by_char["monster"].wins, by_char["monster"].seats) == (2, 2)
    by_world = win_rate_by_tag(RESULTS, WORLD)
    assert (by_world["front"].wins, by_world["front"].seats) == (3, 6)
    assert (by_world["back"].wins, by_world["back"].seats) == (2, 6)
    combo = win_rate_by_bot_and(RESULTS, "characters")
    assert (combo[("h", "saint")].wins, combo[("h", "saint")].seats) == (1, 1)
    assert isinstance(by_bot["h"], Rate) and "50.0%" in str(by_bot["h"])


def test_win_rates_by_seat_character_world_and_world_summary() -> None:
    assert {s: (r.wins, r.seats) for s, r in win_rate_by_seat(RESULTS).items()} == {0: (2, 4), 1: (2, 4), 2: (1, 4)}
    split = {c: {w: (r.wins, r.seats) for w, r in d.items()}
             for c, d in win_rate_by_tag_split(RESULTS, CHARACTER, WORLD).items()}
    assert split == {
        "knight": {"all": (1, 4), "back": (1, 2), "front": (0, 2)},
        "monster": {"all": (2, 2), "front": (2, 2)},
        "saint": {"all": (2, 4), "back": (1, 2), "front": (1, 2)},
        "witch": {"all": (0, 2), "back": (0, 2)},
    }
    worlds = tag_summary(RESULTS, WORLD)
    assert list(worlds) == ["back", "front"]
    front, back = worlds["front"], worlds["back"]
    assert (front.games, front.share.wins, front.share.seats, front.mean_turns, front.no_winner) == (2, 2, 4, 7.5, 0)
    assert (front.seat_win_rate.wins, front.seat_win_rate.seats) == (3, 6)
    assert (back.games, back.mean_turns, back.no_winner, back.seat_win_rate.wins) == (2, 17.5, 1, 2)


def test_length_distribution() -> None:
    s = length_summary(RESULTS)
    assert (s.games, s.min, s.median, s.mean, s.max) == (4, 10, 25.0, 25.0, 40)
    assert s.p10 == pytest.approx(13.0) and s.p90 == pytest.approx(37.0)
    t = length_summary(RESULTS, "turns")
    assert (t.min, t.p10, t.median, t.mean, t.p90, t.max) == (5, pytest.approx(6.5), 12.5, 12.5, pytest.approx(18.5), 20)
    assert isinstance(length_summary([RESULTS[0]]).mean, float)
    assert length_summary([]).to_dict() == {"games": 0, "min": 0, "p10": 0.0, "median": 0.0, "mean": 0.0, "p90": 0.0,
                                            "max": 0}
    assert percentile([5], 90) == 5 and percentile([1, 2, 3, 4], 50) == 2.5
    with pytest.raises(ValueError):
        percentile([], 50)


def test_histogram_bins() -> None:
    assert histogram([5, 10, 15, 20]) == [
        {"from": 5, "to": 6, "games": 1}, {"from": 7, "to": 8, "games": 0}, {"from": 9, "to": 10, "games": 1},
        {"from": 11, "to": 12, "games": 0}, {"from": 13, "to": 14, "games": 0}, {"from": 15, "to": 16, "games": 1},
        {"from": 17, "to": 18, "games": 0}, {"from": 19, "to": 20, "games": 1},
    ]
    assert histogram([7, 7]) == [{"from": 7, "to": 7, "games": 2}]
    assert histogram([1, 2, 3], buckets=3) == [{"from": v, "to": v, "games": 1} for v in (1, 2, 3)]
    assert histogram([]) == []


def test_summarize_concrete_values() -> None:
    import json

    out = summarize(RESULTS, TAGS)
    assert json.loads(json.dumps(out)) == out  # JSON-able as it is
    assert out["games"] == 4
    assert out["no_winner"] == _row(1, 4)
    assert out["by_bot"] == {"h": _row(2, 4), "r": _row(3, 8)}
    assert out["by_seat"] == {"0": _row(2, 4), "1": _row(2, 4), "2": _row(1, 4)}
    assert out["by_tag"]["characters"]["knight"] == {"all": _row(1, 4), "back": _row(1, 2), "front": _row(0, 2)}
    assert out["by_tag"]["characters"]["monster"] == {"all": _row(2, 2), "front": _row(2, 2)}
    assert out["by_tag"]["world"] == {
        "back": {**_row(2, 4), "games": 2, "mean_turns": 17.5, "no_winner": 1, "seat_win_rate": _row(2, 6)},
        "front": {**_row(2, 4), "games": 2, "mean_turns": 7.5, "no_winner": 0, "seat_win_rate": _row(3, 6)},
    }
    assert out["by_tag"]["ending"] == {"one death": 2, "two deaths (wrath)": 1, "no death (turn cap)": 1}
    assert out["turns"] == length_summary(RESULTS, "turns").to_dict()
    assert out["length"] == {"games": 4, "min": 10, "p10": pytest.approx(13.0), "median": 25.0, "mean": 25.0,
                             "p90": pytest.approx(37.0), "max": 40}
    assert out["turn_histogram"] == histogram([5, 10, 15, 20])


def test_summarize_games_without_characters_worlds_or_turns() -> None:
    plain = [GameResult(1, [0], {0: 1.0, 1: 0.0}, "goal", 7, None, ["a", "b"]),
             GameResult(2, [], {0: 0.0, 1: 0.0}, "cap", 9, None, ["b", "a"])]
    out = summarize(plain, TAGS)
    assert out["by_bot"] == {"a": _row(1, 2), "b": _row(0, 2)}
    assert out["by_tag"] == {}  # no game reported any tag: no section at all
    assert out["turns"]["games"] == 0 and out["turn_histogram"] == []
    assert (out["length"]["min"], out["length"]["max"], out["no_winner"]["wins"]) == (7, 9, 1)
    empty = summarize([])
    assert empty["games"] == 0 and empty["no_winner"] == {"n": 0, "wins": 0, "rate": 0.0, "ci95": [0.0, 1.0]}


def test_summarize_without_tags_has_no_tag_sections() -> None:
    """A game that declares no tags gets the generic statistics only, whatever its details hold."""
    out = summarize(RESULTS)
    assert out["by_tag"] == {} and out["by_bot"] == summarize(RESULTS, TAGS)["by_bot"]


def test_tags_read_declared_values_and_derived_ones() -> None:
    assert tag_value(RESULTS[0], CHARACTER, 1) == "knight" and tag_value(RESULTS[0], CHARACTER, 9) is None
    assert tag_value(RESULTS[0], WORLD) == "front" and tag_value(RESULTS[0], CHARACTER) is None
    assert tag_counts(RESULTS, ENDING) == {"one death": 2, "two deaths (wrath)": 1, "no death (turn cap)": 1}
    plain = OutcomeTag("role", "Role", "By role", per_seat=True, order=("b", "a"), labels={"a": "Alpha"})
    assert plain.label("a") == "Alpha" and plain.label("z") == "z"
    assert sorted(["a", "z", "b", "c"], key=plain.sort_key) == ["b", "a", "c", "z"]
    assert win_rate_by_tag(RESULTS, plain) == {}  # not reported by these games


def test_the_cli_prints_a_table_per_declared_tag_in_words_the_game_chooses() -> None:
    """A made-up game's tags: the report names its roles and endings and nothing of Two Mists."""
    import io

    from rich.console import Console

    from cardtable.cli.simulate import print_summary

    class Fake:
        outcome_tags = (
            OutcomeTag("roles", "Role", "Win rate by role", per_seat=True, order=("b", "a"),
                       labels={"a": "Alpha", "b": "Beta"}, split_by="side"),
            OutcomeTag("side", "Side", "By side", labels={"l": "Left", "r": "Right"}),
            OutcomeTag("end", "Ending", "How it ended", table="counts", read=lambda d: d.get("how")),
        )

    rs = [GameResult(i, [i % 2], {0: 1.0, 1: 0.0}, "x", 5, 3, ["p", "q"],
                     {"roles": ["a", "b"], "side": "lr"[i % 2], "how": "sudden" if i else "slow"}) for i in range(4)]
    summary = summarize(rs, Fake.outcome_tags)
    buf = io.StringIO()
    print_summary(Console(file=buf, width=150, highlight=False), summary, Fake(), 1.0)  # type: ignore[arg-type]
    out = buf.getvalue()
    assert "Win rate by role (95% intervals)" in out and "Left side" in out and "Right side" in out
    assert out.index("Beta") < out.index("Alpha")  # the declared order
    assert "By side (95% intervals)" in out and "How it ended" in out and "sudden" in out
    assert not any(w in out.lower() for w in ("character", "world", "monster"))
