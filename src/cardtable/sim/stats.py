"""Summaries of simulation results with honest uncertainty.

Win rates are proportions over a few thousand games at most, so every rate comes with a Wilson score
interval: unlike the normal approximation it stays inside [0, 1] and behaves near 0 % and 100 %.
Rates are counted per *seat occurrence* (a bot that filled two seats in a game counts twice), because
several players can win the same game and a seat is the unit that wins or loses.

:func:`summarize` gathers everything into one JSON-able dict; ``cardtable simulate`` only renders it.
Game-specific groupings (per role, per ending, ...) come only from the tags a game declares
(:class:`~cardtable.core.OutcomeTag`), so this module names no game's ideas.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from statistics import fmean
from typing import Any, Callable, Hashable, Iterable, Sequence

from ..core import OutcomeTag
from .runner import GameResult


def wilson_interval(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for ``k`` successes in ``n`` trials (``(0, 1)`` when ``n == 0``)."""
    if n <= 0:
        return (0.0, 1.0)
    if not 0 <= k <= n:
        raise ValueError(f"need 0 <= k <= n, got k={k}, n={n}")
    p = k / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True, slots=True)
class Rate:
    """``wins`` out of ``seats`` seat occurrences, with a 95 % Wilson interval."""

    wins: int
    seats: int
    rate: float
    low: float
    high: float

    @classmethod
    def of(cls, wins: int, seats: int, z: float = 1.96) -> "Rate":
        low, high = wilson_interval(wins, seats, z)
        return cls(wins, seats, wins / seats if seats else 0.0, low, high)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def to_row(self) -> dict[str, Any]:
        """The form :func:`summarize` uses: ``{"n": seats, "wins", "rate", "ci95": [low, high]}``."""
        return {"n": self.seats, "wins": self.wins, "rate": self.rate, "ci95": [self.low, self.high]}

    def __str__(self) -> str:
        return f"{self.rate:.1%} [{self.low:.1%}, {self.high:.1%}] (n={self.seats})"


def win_rate_by(results: Iterable[GameResult], key: Callable[[GameResult, int], Hashable | None]) -> dict[Any, Rate]:
    """Win rate per ``key(result, seat)`` over every seat of every game (``None`` keys are skipped)."""
    wins: dict[Any, int] = {}
    seats: dict[Any, int] = {}
    for r in results:
        winners = set(r.winners)
        for s in range(len(r.bots)):
            k = key(r, s)
            if k is None:
                continue
            seats[k] = seats.get(k, 0) + 1
            wins[k] = wins.get(k, 0) + (s in winners)
    return {k: Rate.of(wins[k], seats[k]) for k in sorted(seats, key=str)}


def win_rate_by_bot(results: Iterable[GameResult]) -> dict[str, Rate]:
    """Per bot spec: wins of the seats it played / seats it played."""
    return win_rate_by(results, lambda r, s: r.bots[s])


def tag_value(r: GameResult, tag: OutcomeTag, seat: int | None = None) -> str | None:
    """The value of ``tag`` in game ``r`` (at ``seat`` for a per-seat tag), as text; ``None`` if unreported."""
    value = tag.value(r.details)
    if tag.per_seat:
        if not isinstance(value, list) or seat is None or not 0 <= seat < len(value):
            return None
        value = value[seat]
    return None if value is None else str(value)


def win_rate_by_seat(results: Iterable[GameResult]) -> dict[int, Rate]:
    """Per seat index (seat effects: turn order relative to the start player)."""
    return dict(sorted(win_rate_by(results, lambda r, s: s).items()))


def win_rate_by_tag(results: Iterable[GameResult], tag: OutcomeTag) -> dict[str, Rate]:
    """Per value of ``tag``: a per-seat tag counts the seats that held the value, a per-game tag every
    seat of the games that had it (games that do not report the tag are left out)."""
    return win_rate_by(results, lambda r, s: tag_value(r, tag, s))


def win_rate_by_tag_split(results: Iterable[GameResult], tag: OutcomeTag,
                          split: OutcomeTag | None) -> dict[str, dict[str, Rate]]:
    """Per value of the per-seat ``tag``: ``"all"`` its seats, and one entry per value of the per-game
    ``split`` tag (games that report both)."""
    rs = list(results)
    out: dict[str, dict[str, Rate]] = {v: {"all": rate} for v, rate in win_rate_by_tag(rs, tag).items()}
    if split is not None:
        def key(r: GameResult, s: int) -> tuple[str, str] | None:
            v, w = tag_value(r, tag, s), tag_value(r, split)
            return None if v is None or w is None else (v, w)

        for (v, w), rate in win_rate_by(rs, key).items():
            out[v][w] = rate
    return {v: dict(sorted(d.items())) for v, d in out.items()}


def win_rate_by_bot_and(results: Iterable[GameResult], field: str) -> dict[tuple[str, Any], Rate]:
    """Per (bot spec, a per-seat detail's value) or (bot spec, a game detail's value); ``field`` names
    an ``Outcome.details`` entry (a list indexed by seat, or one value)."""
    def key(r: GameResult, s: int) -> tuple[str, Any] | None:
        value = r.details.get(field)
        if isinstance(value, list):
            value = value[s] if s < len(value) else None
        return None if value is None else (r.bots[s], value)

    return win_rate_by(results, key)


@dataclass(frozen=True, slots=True)
class GroupSummary:
    """The games with one value of a per-game tag: their share of all games, how seats fared, how long
    they lasted."""

    games: int
    share: Rate  # games with this value / all games
    seat_win_rate: Rate  # seats that won / seats, in those games
    mean_turns: float  # over those games that report turns
    no_winner: int  # those games nobody won

    def to_dict(self) -> dict[str, Any]:
        """The share's row (``n``, ``wins``, ``rate``, ``ci95``) plus the other fields."""
        return {**self.share.to_row(), "games": self.games, "mean_turns": self.mean_turns,
                "no_winner": self.no_winner, "seat_win_rate": self.seat_win_rate.to_row()}


def tag_summary(results: Iterable[GameResult], tag: OutcomeTag) -> dict[str, GroupSummary]:
    """Per value of the per-game ``tag`` (games that report one), sorted by value."""
    rs = list(results)
    seat_rates = win_rate_by_tag(rs, tag)
    out = {}
    for value, seat_rate in seat_rates.items():
        games = [r for r in rs if tag_value(r, tag) == value]
        turns = [r.turns for r in games if r.turns is not None]
        out[value] = GroupSummary(len(games), Rate.of(len(games), len(rs)), seat_rate,
                                  fmean(turns) if turns else 0.0, sum(1 for r in games if not r.winners))
    return out


def tag_counts(results: Iterable[GameResult], tag: OutcomeTag) -> dict[str, int]:
    """Games per value of the per-game ``tag`` (games that report it), in order of first appearance."""
    out: dict[str, int] = {}
    for r in results:
        value = tag_value(r, tag)
        if value is not None:
            out[value] = out.get(value, 0) + 1
    return out


def tag_table(results: Iterable[GameResult], tag: OutcomeTag, tags: Sequence[OutcomeTag] = ()) -> dict[str, Any]:
    """The JSON-able statistics of one tag, as :func:`summarize` holds them under ``by_tag[tag.key]``.

    Per-seat tag: value -> ``{"all": row, <split value>: row, ...}`` (``split_by`` looked up in
    ``tags``); per-game ``rates`` tag: value -> :meth:`GroupSummary.to_dict`; ``counts`` tag:
    value -> games.
    """
    rs = list(results)
    if tag.per_seat:
        split = next((t for t in tags if t.key == tag.split_by and not t.per_seat), None) if tag.split_by else None
        return {v: {w: rate.to_row() for w, rate in d.items()} for v, d in win_rate_by_tag_split(rs, tag, split).items()}
    if tag.table == "counts":
        return dict(tag_counts(rs, tag))
    return {k: v.to_dict() for k, v in tag_summary(rs, tag).items()}


@dataclass(frozen=True, slots=True)
class LengthSummary:
    games: int
    min: int
    p10: float
    median: float
    mean: float
    p90: float
    max: int

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def percentile(values: list[float], q: float) -> float:
    """Linear-interpolated percentile (``q`` in [0, 100]) of a non-empty list."""
    xs = sorted(values)
    if not xs:
        raise ValueError("percentile of an empty list")
    pos = (len(xs) - 1) * q / 100
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def length_summary(results: Iterable[GameResult], measure: str = "length") -> LengthSummary:
    """Distribution of game length: ``measure`` is ``"length"`` (decisions) or ``"turns"``."""
    values = [getattr(r, measure) for r in results]
    values = [v for v in values if v is not None]
    if not values:
        return LengthSummary(0, 0, 0.0, 0.0, 0.0, 0.0, 0)
    return LengthSummary(len(values), min(values), percentile(values, 10), percentile(values, 50), fmean(values),
                         percentile(values, 90), max(values))


def histogram(values: Iterable[int], buckets: int = 10) -> list[dict[str, int]]:
    """At most about ``buckets`` equal-width integer bins ``{"from", "to", "games"}`` from min to max."""
    vals = list(values)
    if not vals:
        return []
    lo, hi = min(vals), max(vals)
    width = max(1, math.ceil((hi - lo + 1) / buckets))
    counts = [0] * ((hi - lo) // width + 1)
    for v in vals:
        counts[(v - lo) // width] += 1
    return [{"from": lo + i * width, "to": lo + (i + 1) * width - 1, "games": c} for i, c in enumerate(counts)]


def no_winner_rate(results: Iterable[GameResult]) -> Rate:
    """Share of games nobody won (turn cap, or no goal held)."""
    rs = list(results)
    return Rate.of(sum(1 for r in rs if not r.winners), len(rs))


def summarize(results: Iterable[GameResult], tags: Sequence[OutcomeTag] = ()) -> dict[str, Any]:
    """Everything above as one JSON-able dict (what ``cardtable simulate`` prints).

    ``tags`` are the game's :attr:`~cardtable.core.GameDefinition.outcome_tags`; ``by_tag`` holds
    :func:`tag_table` of each, by key (tags that no game reported are left out). Every rate is a
    :meth:`Rate.to_row`; ``turns`` and ``length`` hold :class:`LengthSummary` fields;
    ``turn_histogram`` is :func:`histogram` of the turns.
    """
    rs = list(results)
    by_tag = {t.key: tag_table(rs, t, tags) for t in tags}
    return {
        "games": len(rs),
        "no_winner": no_winner_rate(rs).to_row(),
        "by_bot": {k: v.to_row() for k, v in win_rate_by_bot(rs).items()},
        "by_seat": {str(k): v.to_row() for k, v in win_rate_by_seat(rs).items()},
        "by_tag": {k: v for k, v in by_tag.items() if v},
        "turns": length_summary(rs, "turns").to_dict(),
        "length": length_summary(rs, "length").to_dict(),
        "turn_histogram": histogram(r.turns for r in rs if r.turns is not None),
    }
