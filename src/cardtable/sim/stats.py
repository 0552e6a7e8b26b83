"""Summaries of simulation results with honest uncertainty.

Win rates are proportions over a few thousand games at most, so every rate comes with a Wilson score
interval: unlike the normal approximation it stays inside [0, 1] and behaves near 0 % and 100 %.
Rates are counted per *seat occurrence* (a bot that filled two seats in a game counts twice), because
several players can win the same game and a seat is the unit that wins or loses.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from statistics import mean, median
from typing import Any, Callable, Hashable, Iterable

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


def win_rate_by_character(results: Iterable[GameResult]) -> dict[str, Rate]:
    """Per character (``details["characters"]``, games that report one)."""
    def key(r: GameResult, s: int) -> str | None:
        chars = r.details.get("characters")
        return chars[s] if isinstance(chars, list) and s < len(chars) else None

    return win_rate_by(results, key)


def win_rate_by_world(results: Iterable[GameResult]) -> dict[str, Rate]:
    """Per world line (``details["world"]``): the share of seats that won in games of that world."""
    return win_rate_by(results, lambda r, s: r.details.get("world"))


def win_rate_by_bot_and(results: Iterable[GameResult], field: str) -> dict[tuple[str, Any], Rate]:
    """Per (bot spec, per-seat detail such as ``characters``) or (bot spec, game detail such as ``world``)."""
    def key(r: GameResult, s: int) -> tuple[str, Any] | None:
        value = r.details.get(field)
        if isinstance(value, list):
            value = value[s] if s < len(value) else None
        return None if value is None else (r.bots[s], value)

    return win_rate_by(results, key)


@dataclass(frozen=True, slots=True)
class LengthSummary:
    games: int
    mean: float
    median: float
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
        return LengthSummary(0, 0.0, 0.0, 0.0, 0)
    return LengthSummary(len(values), mean(values), float(median(values)), percentile(values, 90), max(values))


def no_winner_rate(results: Iterable[GameResult]) -> Rate:
    """Share of games nobody won (turn cap, or no goal held)."""
    rs = list(results)
    return Rate.of(sum(1 for r in rs if not r.winners), len(rs))


def summarize(results: Iterable[GameResult]) -> dict[str, Any]:
    """Everything above as one JSON-able dict (what a CLI or a report prints)."""
    rs = list(results)
    return {
        "games": len(rs),
        "by_bot": {k: v.to_dict() for k, v in win_rate_by_bot(rs).items()},
        "by_character": {k: v.to_dict() for k, v in win_rate_by_character(rs).items()},
        "by_world": {k: v.to_dict() for k, v in win_rate_by_world(rs).items()},
        "no_winner": no_winner_rate(rs).to_dict(),
        "length": length_summary(rs, "length").to_dict(),
        "turns": length_summary(rs, "turns").to_dict(),
    }
