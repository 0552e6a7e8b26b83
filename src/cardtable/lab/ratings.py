"""Deck and bot ratings with OpenSkill (Plackett–Luce), a well-kept Bayesian rating library.

Why a rating beside the win rates: a round robin's matrix says who beats whom, a rating puts every
deck on one line with its uncertainty (``sigma``) — and stays meaningful when a run pits some decks
against each other more often than others. Games are rated in game order, so the same run always
gives the same ratings; a mirror match (a deck against itself) says nothing and is skipped.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from ..core import SetupError
from ..sim import GameResult
from .schedule import Schedule


def _model() -> Any:
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise SetupError("ratings need OpenSkill: pip install 'cardtable[lab]'") from None
    return PlackettLuce()


def rate(results: Sequence[GameResult], side_of: Callable[[GameResult, int], str]) -> list[dict[str, Any]]:
    """Rows ``{name, mu, sigma, ordinal, games}`` best first; ``side_of(result, seat)`` names who sat there."""
    model = _model()
    ratings: dict[str, Any] = {}
    games: dict[str, int] = {}
    for r in results:
        a, b = side_of(r, 0), side_of(r, 1)
        if a == b:
            continue
        ra = ratings.setdefault(a, model.rating(name=a))
        rb = ratings.setdefault(b, model.rating(name=b))
        won = r.winners if len(r.winners) == 1 else []
        ranks = [0, 0] if not won else ([0, 1] if won[0] == 0 else [1, 0])
        [[ra], [rb]] = model.rate([[ra], [rb]], ranks=ranks)
        ratings[a], ratings[b] = ra, rb
        games[a] = games.get(a, 0) + 1
        games[b] = games.get(b, 0) + 1
    rows = [{"name": name, "mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal(), "games": games[name]}
            for name, r in ratings.items()]
    return sorted(rows, key=lambda row: (-row["ordinal"], row["name"]))


def deck_ratings(schedule: Schedule, results: Sequence[GameResult]) -> list[dict[str, Any]]:
    def deck(r: GameResult, seat: int) -> str:
        assert r.plan is not None
        return schedule.decks[schedule.seats[r.plan][seat]].name

    return rate(results, deck)


def bot_ratings(results: Sequence[GameResult]) -> list[dict[str, Any]]:
    return rate(results, lambda r, seat: r.bots[seat])
