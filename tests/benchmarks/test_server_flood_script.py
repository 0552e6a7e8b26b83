"""Smoke test for ``benchmarks/server_flood.py``: it runs its three phases and reports every probe (no
latency is asserted: that is the benchmark's job, on a quiet machine)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "server_flood.py"


def test_the_flood_benchmark_reports_each_probe_with_and_without_a_flood() -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--duration", "1.5", "--flooders", "1", "--json"],
                          capture_output=True, text=True, timeout=300, cwd=SCRIPT.parent)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert set(figures) == {"quiet", "flood", "flood+limits"}
    for phase, result in figures.items():
        for probe in ("lobby_ms", "ping_ms"):
            assert result[probe]["n"] > 0 and result[probe]["p95"] >= result[probe]["p50"] >= 0, (phase, probe)
    assert figures["quiet"]["flood"] == {}
    assert sum(figures["flood"]["flood"].values()) > 0  # the flood really ran
