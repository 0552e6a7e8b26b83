"""``benchmarks/bot_strength.py``: ``--a-seats`` keeps only the arrangements asked for, and ``--merge``
adds up runs made in chunks (wins and seats summed, intervals recomputed). Run as a user would, in a
subprocess, on a handful of Mythos games (a game still being completed: the script registers it)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from cardtable.sim.stats import Rate

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "bot_strength.py"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return proc


def test_a_seats_and_merge(tmp_path: Path) -> None:
    runs = []
    for seed in (1, 2):
        out = tmp_path / f"run{seed}.json"
        _run("--game", "mythos", "--players", "3", "--a-seats", "1", "--games", "3", "--jobs", "1",
             "--pairs", "heuristic/random", "--speed-games", "0", "--seed", str(seed), "--json", str(out))
        report = json.loads(out.read_text(encoding="utf-8"))
        assert [(r["a_seats"], r["b_seats"]) for r in report["rows"]] == [(1, 2)]  # not 2 + 1
        runs.append(report)
    merged_json = tmp_path / "merged.json"
    table = _run("--merge", *(str(tmp_path / f"run{s}.json") for s in (1, 2)), "--json", str(merged_json)).stdout
    merged = json.loads(merged_json.read_text(encoding="utf-8"))
    (row,) = merged["rows"]
    assert row["games"] == 6
    for side in ("a_rate", "b_rate"):
        wins = sum(r["rows"][0][side]["wins"] for r in runs)
        seats = sum(r["rows"][0][side]["seats"] for r in runs)
        assert (row[side]["wins"], row[side]["seats"]) == (wins, seats)
        assert row[side] == Rate.of(wins, seats).to_dict()  # the interval of the summed counts
    assert "| 3 | 1 A + 2 B | heuristic |" in table
