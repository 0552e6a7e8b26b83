"""Smoke test for ``benchmarks/server_load.py``: it starts a real server, plays, and reports figures.

Speed is never asserted (it depends on the machine and its load); only that the script runs end to
end over real sockets, with no protocol error, and reports every figure.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "server_load.py"


def test_load_script_runs_both_modes() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--tables", "2", "--duration", "2", "--warmup", "0.5", "--json"],
        capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads(done.stdout)
    modes = {r["mode"]: r for r in report["results"]}
    assert set(modes) == {"humans", "bots"}
    for r in modes.values():
        assert r["errors"] == 0, r["first_errors"]
        # Counted over a time window by different connections: an action acknowledged right at the
        # window's edge can be counted by its client but not by the table's primary connection.
        assert r["client_actions"] > 0 and r["server_actions"] >= 0.9 * r["client_actions"]
        assert r["latency_ms"]["p50"] > 0 and r["latency_ms"]["p99"] >= r["latency_ms"]["p95"] >= r["latency_ms"]["p50"]
    assert modes["bots"]["server_actions"] > modes["bots"]["client_actions"]  # bots moved server-side


def test_load_script_compares_one_instance_with_a_cluster() -> None:
    """``--cluster 2``: the same mode on one instance and on two behind HAProxy, on one PostgreSQL."""
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--tables", "2", "--duration", "2", "--warmup", "0.5", "--mode", "humans",
         "--cluster", "2", "--json"],
        capture_output=True, text=True, timeout=240,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    results = json.loads(done.stdout)["results"]
    assert [r["server"] for r in results] == ["one instance", "2 instances behind HAProxy"]
    for r in results:
        assert r["errors"] == 0, r["first_errors"]
        assert r["client_actions"] > 0 and r["server_cpu_ms_per_action"] is not None
        assert r["latency_ms"]["p99"] >= r["latency_ms"]["p95"] > 0
        assert "postgresql" in r["side_cpu_s"]
