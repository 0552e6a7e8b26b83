"""Smoke test for ``benchmarks/search_speed.py``: it runs as a user would and prints a row of positive figures
per game (speed itself is never asserted: it depends on the machine and its load)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "search_speed.py"


def test_search_speed_prints_worlds_iterations_and_rollouts_per_second() -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--game", "million-arthur", "--games", "1", "--every", "30",
                           "--deals", "3", "--seconds", "0.02"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    rows = [line for line in done.stdout.splitlines() if line.startswith("| million-arthur")]
    assert len(rows) == 1
    cells = [c.strip().replace(",", "") for c in rows[0].strip("|").split("|")]
    assert int(cells[1]) >= 1 and all(float(c) > 0 for c in cells[2:])
