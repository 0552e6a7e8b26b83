"""Write game results as flat rows to CSV (stdlib) or Parquet (needs the optional ``pyarrow``).

One row per game. Scalars stay columns; per-seat facts get one column per seat (``seat0_bot``,
``seat0_score``, and ``seat0_<column>`` for every per-seat :class:`~cardtable.core.OutcomeTag` the
game declares) so a spreadsheet or a dataframe can group on them directly; anything else nested is
stored as a JSON string so CSV and Parquet hold the same columns.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any, Iterable, Sequence

from ..core import CardtableError, OutcomeTag
from .runner import GameResult


class ExportError(CardtableError):
    """Results cannot be written as asked (unknown format, missing optional dependency)."""


FORMATS = ("csv", "parquet")


def per_seat_columns(tags: Sequence[OutcomeTag]) -> dict[str, str]:
    """Outcome details that are lists indexed by seat (the per-seat tags stored under their key) ->
    the stem of their ``seat<N>_<stem>`` columns."""
    return {t.key: t.column or t.key for t in tags if t.per_seat and t.read is None}


def result_rows(results: Iterable[GameResult], tags: Sequence[OutcomeTag] = ()) -> list[dict[str, Any]]:
    """Flatten results into rows with the same columns for every game of a run (``tags``: the game's)."""
    per_seat = per_seat_columns(tags)
    rows = []
    for r in results:
        n = len(r.bots)
        row: dict[str, Any] = {
            "seed": r.seed,
            "players": n,
            "winners": json.dumps(sorted(r.winners)),
            "reason": r.reason,
            "length": r.length,
            "turns": r.turns,
        }
        for s in range(n):
            row[f"seat{s}_bot"] = r.bots[s]
            row[f"seat{s}_score"] = float(r.scores.get(s, 0.0))
            row[f"seat{s}_won"] = s in r.winners
        for key, value in r.details.items():
            if key == "turns":
                continue
            if key in per_seat and isinstance(value, list) and len(value) == n:
                for s in range(n):
                    row[f"seat{s}_{per_seat[key]}"] = value[s]
            elif isinstance(value, (str, int, float, bool)) or value is None:
                row[key] = value
            else:
                row[key] = json.dumps(value)
        rows.append(row)
    return rows


def _columns(rows: list[dict[str, Any]]) -> list[str]:
    cols: list[str] = []
    seen: set[str] = set()
    for row in rows:
        for k in row:
            if k not in seen:
                seen.add(k)
                cols.append(k)
    return cols


def write_csv(results: Iterable[GameResult], path: str | Path, tags: Sequence[OutcomeTag] = ()) -> int:
    """Write a CSV file; returns the number of rows."""
    return write_rows(result_rows(results, tags), path, "csv")


def write_rows(rows: list[dict[str, Any]], path: str | Path, fmt: str = "csv") -> int:
    """Write flat rows (any columns; missing ones empty) as ``fmt`` (``csv``/``parquet``); returns the count."""
    if fmt == "parquet":
        return _write_parquet_rows(rows, path)
    if fmt != "csv":
        raise ExportError(f"unknown export format {fmt!r}; use one of: {', '.join(FORMATS)}")
    with open(path, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=_columns(rows))
        writer.writeheader()
        writer.writerows(rows)
    return len(rows)


def write_parquet(results: Iterable[GameResult], path: str | Path, tags: Sequence[OutcomeTag] = ()) -> int:
    """Write a Parquet file (needs ``pyarrow``: ``pip install 'cardtable[parquet]'``); returns the row count."""
    return _write_parquet_rows(result_rows(results, tags), path)


def _write_parquet_rows(rows: list[dict[str, Any]], path: str | Path) -> int:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise ExportError("Parquet export needs pyarrow, which is not installed; "
                          "install it with: pip install 'cardtable[parquet]' (or write .csv instead)") from None
    cols = _columns(rows)
    arrays = {}
    for c in cols:
        values = [row.get(c) for row in rows]
        ints = [v for v in values if isinstance(v, int) and not isinstance(v, bool)]
        # Seeds are unsigned 64-bit (``mix_seed``) and overflow Arrow's default int64.
        wide = bool(ints) and len(ints) == sum(v is not None for v in values) and max(ints) >= 1 << 63
        arrays[c] = pa.array(values, type=pa.uint64() if wide else None)
    table = pa.table(arrays)
    pq.write_table(table, str(path))
    return len(rows)


def export_results(results: Iterable[GameResult], path: str | Path, fmt: str | None = None,
                   tags: Sequence[OutcomeTag] = ()) -> int:
    """Write ``results`` to ``path`` as ``fmt`` (``csv``/``parquet``; default from the file suffix).

    ``tags`` are the game's outcome tags (its per-seat ones become ``seat<N>_<column>`` columns).
    """
    fmt = (fmt or Path(path).suffix.lstrip(".") or "csv").lower()
    if fmt == "pq":
        fmt = "parquet"
    if fmt == "csv":
        return write_csv(results, path, tags)
    if fmt == "parquet":
        return write_parquet(results, path, tags)
    raise ExportError(f"unknown export format {fmt!r}; use one of: {', '.join(FORMATS)}")
