"""CSV and Parquet export: one row per game, per-seat columns, a clear error without pyarrow."""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import pytest

import cardtable
from cardtable.sim import ExportError, export_results, result_rows, run_games

RESULTS = run_games("two-mists", 4, ["heuristic", "random", "random", "random"], 6, seed=2)
TAGS = cardtable.load_game("two-mists").outcome_tags


def test_rows_are_flat_with_per_seat_columns() -> None:
    rows = result_rows(RESULTS, TAGS)
    assert len(rows) == 6
    row = rows[0]
    for col in ("seed", "winners", "reason", "length", "turns", "world", "centre", "died", "finisher",
                "seat0_bot", "seat3_score", "seat2_won", "seat1_character"):
        assert col in row
    assert row["seat0_bot"] == RESULTS[0].bots[0]
    assert row["seat1_character"] == RESULTS[0].details["characters"][1]
    assert "characters" not in row and "ending" not in row  # split per seat; derived tags add no column


def test_without_the_games_tags_a_per_seat_list_stays_one_json_column() -> None:
    row = result_rows(RESULTS)[0]
    assert "seat1_character" not in row and row["characters"].startswith("[")


def test_csv(tmp_path: Path) -> None:
    path = tmp_path / "games.csv"
    assert export_results(RESULTS, path, tags=TAGS) == 6
    with open(path, newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == 6 and int(rows[2]["seed"]) == RESULTS[2].seed
    assert rows[0]["seat3_character"] == RESULTS[0].details["characters"][3]


def test_parquet(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    path = tmp_path / "games.parquet"
    assert export_results(RESULTS, path, tags=TAGS) == 6
    table = pq.read_table(path)
    assert table.num_rows == 6 and table.column("seed").to_pylist() == [r.seed for r in RESULTS]
    assert table.column("seat0_character").to_pylist() == [r.details["characters"][0] for r in RESULTS]


def test_missing_pyarrow_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)
    with pytest.raises(ExportError, match="pyarrow"):
        export_results(RESULTS, tmp_path / "x.parquet")


def test_unknown_format(tmp_path: Path) -> None:
    with pytest.raises(ExportError, match="csv, parquet"):
        export_results(RESULTS, tmp_path / "x.xlsx")
