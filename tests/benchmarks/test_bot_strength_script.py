"""``benchmarks/bot_strength.py --a-seats``: only the arrangements with that many A seats are played
(one heuristic among randoms). Run as a user would, in a subprocess, on a handful of Mythos games (a
game still being completed: the script registers it)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "bot_strength.py"


def test_a_seats_keeps_only_the_arrangements_asked_for(tmp_path: Path) -> None:
    out = tmp_path / "run.json"
    proc = subprocess.run([sys.executable, str(SCRIPT), "--game", "mythos", "--players", "3", "--a-seats", "1",
                           "--games", "3", "--jobs", "1", "--pairs", "heuristic/random", "--speed-games", "0",
                           "--json", str(out)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    report = json.loads(out.read_text(encoding="utf-8"))
    assert [(r["a_seats"], r["b_seats"]) for r in report["rows"]] == [(1, 2)]  # not 2 + 1
    (row,) = report["rows"]
    assert row["a_rate"]["seats"] == 3 and row["b_rate"]["seats"] == 6
    assert "| 3 | 1 A + 2 B | heuristic |" in proc.stdout
