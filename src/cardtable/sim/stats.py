"""Summaries of simulation results with honest uncertainty.

Win rates are proportions over a few thousand games at most, so every rate comes with a Wilson score
interval: unlike the normal approximation it stays inside [0, 1] and behaves near 0 % and 100 %.
Rates are counted per *seat occurrence* (a bot that filled two seats in a game counts twice), because
several players can win the same game and a seat is the unit that wins or loses.

:func:`summarize` gathers everything into one JSON-able dict; ``cardtable simulate`` only renders it.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from statistics import fmean
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


def _character(r: GameResult, s: int) -> str | None:
    chars = r.details.get("characters")
    return chars[s] if isinstance(chars, list) and s < len(chars) else None


def _world(r: GameResult) -> str | None:
    world = r.details.get("world")
    return None if world is None else str(world)


def win_rate_by_seat(results: Iterable[GameResult]) -> dict[int, Rate]:
    """Per seat index (seat effects: turn order relative to the start player)."""
    return dict(sorted(win_rate_by(results, lambda r, s: s).items()))


def win_rate_by_character(results: Iterable[GameResult]) -> dict[str, Rate]:
    """Per character (``details["characters"]``, games that report one)."""
    return win_rate_by(results, _character)


def win_rate_by_character_and_world(results: Iterable[GameResult]) -> dict[str, dict[str, Rate]]:
    """Per character: ``"all"`` its games, and one entry per world line (games that report one)."""
    rs = list(results)
    out: dict[str, dict[str, Rate]] = {c: {"all": rate} for c, rate in win_rate_by_character(rs).items()}

    def key(r: GameResult, s: int) -> tuple[str, str] | None:
        char, world = _character(r, s), _world(r)
        return None if char is None or world is None else (char, world)

    for (char, world), rate in win_rate_by(rs, key).items():
        out[char][world] = rate
    return {c: dict(sorted(d.items())) for c, d in out.items()}


def win_rate_by_world(results: Iterable[GameResult]) -> dict[str, Rate]:
    """Per world line (``details["world"]``): the share of seats that won in games of that world."""
    return win_rate_by(results, lambda r, s: _world(r))


def win_rate_by_bot_and(results: Iterable[GameResult], field: str) -> dict[tuple[str, Any], Rate]:
    """Per (bot spec, per-seat detail such as ``characters``) or (bot spec, game detail such as ``world``)."""
    def key(r: GameResult, s: int) -> tuple[str, Any] | None:
        value = r.details.get(field)
        if isinstance(value, list):
            value = value[s] if s < len(value) else None
        return None if value is None else (r.bots[s], value)

    return win_rate_by(results, key)


@dataclass(frozen=True, slots=True)
class WorldSummary:
    """Games of one world line: their share of all games, how seats fared, how long they lasted."""

    games: int
    share: Rate  # games of this world / all games
    seat_win_rate: Rate  # seats that won / seats, in games of this world
    mean_turns: float  # over the games of this world that report turns
    no_winner: int  # games of this world nobody won

    def to_dict(self) -> dict[str, Any]:
        """The share's row (``n``, ``wins``, ``rate``, ``ci95``) plus the other fields."""
        return {**self.share.to_row(), "games": self.games, "mean_turns": self.mean_turns,
                "no_winner": self.no_winner, "seat_win_rate": self.seat_win_rate.to_row()}


def world_summary(results: Iterable[GameResult]) -> dict[str, WorldSummary]:
    """Per world line (``details["world"]``, games that report one), sorted by name."""
    rs = list(results)
    seat_rates = win_rate_by_world(rs)
    out = {}
    for world, seat_rate in seat_rates.items():
        games = [r for r in rs if _world(r) == world]
        turns = [r.turns for r in games if r.turns is not None]
        out[world] = WorldSummary(len(games), Rate.of(len(games), len(rs)), seat_rate,
                                  fmean(turns) if turns else 0.0, sum(1 for r in games if not r.winners))
    return out


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


def ending_counts(results: Iterable[GameResult]) -> dict[str, int]:
    """How games ended, by the number of players in ``details["died"]`` (games that report it)."""
    out: dict[str, int] = {}
    for r in results:
        died = r.details.get("died")
        if died is None:
            continue
        ending = "no death (turn cap)" if not died else "one death" if len(died) == 1 else "two deaths (wrath)"
        out[ending] = out.get(ending, 0) + 1
    return out


def no_winner_rate(results: Iterable[GameResult]) -> Rate:
    """Share of games nobody won (turn cap, or no goal held)."""
    rs = list(results)
    return Rate.of(sum(1 for r in rs if not r.winners), len(rs))


def summarize(results: Iterable[GameResult]) -> dict[str, Any]:
    """Everything above as one JSON-able dict (what ``cardtable simulate`` prints).

    Every rate is a :meth:`Rate.to_row`; ``by_character`` maps a character to ``"all"`` and its world
    lines; ``by_world`` holds :meth:`WorldSummary.to_dict`; ``turns`` and ``length`` hold
    :class:`LengthSummary` fields; ``turn_histogram`` is :func:`histogram` of the turns.
    """
    rs = list(results)
    return {
        "games": len(rs),
        "no_winner": no_winner_rate(rs).to_row(),
        "by_bot": {k: v.to_row() for k, v in win_rate_by_bot(rs).items()},
        "by_seat": {str(k): v.to_row() for k, v in win_rate_by_seat(rs).items()},
        "by_character": {c: {w: v.to_row() for w, v in d.items()}
                         for c, d in win_rate_by_character_and_world(rs).items()},
        "by_world": {k: v.to_dict() for k, v in world_summary(rs).items()},
        "endings": ending_counts(rs),
        "turns": length_summary(rs, "turns").to_dict(),
        "length": length_summary(rs, "length").to_dict(),
        "turn_histogram": histogram(r.turns for r in rs if r.turns is not None),
    }
