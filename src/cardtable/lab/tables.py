"""The report's figures as flat tables (CSV or Parquet) for notebooks: one file per table."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from ..sim import GameResult, result_rows, write_rows
from .figures import LabFigures
from .schedule import Schedule


def matchup_rows(fig: LabFigures) -> list[dict[str, Any]]:
    return [{"deck": fig.decks[i], "against": fig.decks[j], "games": r.seats, "wins": r.wins, "rate": r.rate,
             "low": r.low, "high": r.high} for (i, j), r in sorted(fig.matchups.items())]


def deck_rows(fig: LabFigures) -> list[dict[str, Any]]:
    rated = {r["name"]: r for r in fig.ratings.get("decks", [])}
    return [{"deck": name, "games": r.seats, "wins": r.wins, "rate": r.rate, "low": r.low, "high": r.high,
             "mu": rated.get(name, {}).get("mu"), "sigma": rated.get(name, {}).get("sigma"),
             "ordinal": rated.get(name, {}).get("ordinal")} for name, r in zip(fig.decks, fig.deck_rates)]


def game_rows(schedule: Schedule, results: Sequence[GameResult]) -> list[dict[str, Any]]:
    rows = result_rows(results)
    for row, r in zip(rows, results):
        assert r.plan is not None
        for s, d in enumerate(schedule.seats[r.plan]):
            row[f"seat{s}_deck"] = schedule.decks[d].name
        row["first"] = r.first
    return rows


def write_tables(fig: LabFigures, schedule: Schedule, results: Sequence[GameResult], folder: Path,
                 fmt: str = "csv") -> list[Path]:
    """``games``, ``matchups``, ``decks`` and ``cards`` tables in ``folder``, and the matchup heat map
    as ``matchups.svg``; returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, rows in (("games", game_rows(schedule, results)), ("matchups", matchup_rows(fig)),
                       ("decks", deck_rows(fig)), ("cards", [c.to_row() for c in fig.cards])):
        path = folder / f"{name}.{fmt}"
        write_rows(rows, path, fmt)
        written.append(path)
    from .report import heat_map

    plot = folder / "matchups.svg"  # the heat map alone, e.g. for a README
    plot.write_text(heat_map(fig), encoding="utf-8")
    written.append(plot)
    return written
