"""Smoke test for ``benchmarks/lab_throughput.py``: it runs and reports each figure (no speed is asserted)."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "lab_throughput.py"


def test_the_lab_benchmark_reports_games_per_cpu_second_per_backend() -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--games", "12", "--no-ray", "--json"], capture_output=True,
                          text=True, timeout=300, cwd=SCRIPT.parent)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    for key in ("in_process_plain", "in_process_with_cards", "processes_jobs2"):
        for clock in ("cpu", "wall"):  # games per CPU second (the pool's workers included) and per wall second
            rate = figures["rates"][key][clock]
            assert math.isfinite(rate) and rate > 0, (key, clock)
    assert math.isfinite(figures["card_records_cost_pct"])
    assert figures["load_average"] >= 0
