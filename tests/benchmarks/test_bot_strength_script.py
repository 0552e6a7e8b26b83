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


def _chunked(tmp_path: Path, games: int) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), "--game", "call-of-cthulhu", "--players", "2", "--games",
                           str(games), "--chunk-games", "1", "--seed", "40", "--jobs", "1", "--pairs", "heuristic/random",
                           "--speed-games", "0", "--chunks", str(tmp_path / "chunks"), "--json", str(tmp_path / "m.json")],
                          capture_output=True, text=True, timeout=300)


def test_chunks_resume_where_a_run_stopped_and_refuse_other_card_sets(tmp_path: Path) -> None:
    """``--chunks``: a chunk already in the folder is not played again (a stopped run resumes), the report
    merges every chunk, and chunks played with other card-set versions (named) or other ready lists are refused."""
    first = _chunked(tmp_path, 2)
    assert first.returncode == 0, first.stderr
    assert sorted(p.name for p in (tmp_path / "chunks").iterdir()) == ["40.json", "41.json"]
    kept = (tmp_path / "chunks" / "40.json").read_text(encoding="utf-8")
    assert json.loads(kept)["card_sets"] == {"core": 2}
    assert len(json.loads(kept)["ready_decks"]) == 16  # a hash of the ready lists: a merge refuses other lists
    again = _chunked(tmp_path, 3)
    assert again.returncode == 0, again.stderr
    assert again.stderr.count("saved") == 1  # only chunk 42 was played
    assert (tmp_path / "chunks" / "40.json").read_text(encoding="utf-8") == kept
    (row,) = json.loads((tmp_path / "m.json").read_text(encoding="utf-8"))["rows"]
    assert row["games"] == 3 and row["a_rate"]["seats"] == 3
    assert "seeds 40–42 (3 chunks)" in again.stdout
    old = json.loads(kept)
    old["card_sets"] = {"core": 1}
    (tmp_path / "chunks" / "40.json").write_text(json.dumps(old), encoding="utf-8")
    refused = _chunked(tmp_path, 3)
    assert refused.returncode != 0 and '{"core": 1}' in refused.stderr and '{"core": 2}' in refused.stderr
    old["card_sets"], old["ready_decks"] = {"core": 2}, "0" * 16
    (tmp_path / "chunks" / "40.json").write_text(json.dumps(old), encoding="utf-8")
    refused = _chunked(tmp_path, 3)
    assert refused.returncode != 0 and "different ready deck lists" in refused.stderr


def test_parallel_runners_share_a_chunk_folder_and_take_over_a_dead_runners_claim(tmp_path: Path) -> None:
    """Two runners given the same ``--chunks`` command play each chunk once between them (a chunk is
    claimed by an atomically created ``.claim`` file holding the runner's pid); a claim left by a process
    that is gone (a killed run) does not block its chunk."""
    folder = tmp_path / "chunks"
    folder.mkdir()
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    (folder / "42.claim").write_text(dead.stdout.strip(), encoding="utf-8")  # its runner exited
    cmd = [sys.executable, str(SCRIPT), "--game", "call-of-cthulhu", "--players", "2", "--games", "6",
           "--chunk-games", "1", "--seed", "40", "--jobs", "1", "--pairs", "heuristic/random", "--speed-games", "0",
           "--chunks", str(folder)]
    runners = [subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    logs = [r.communicate(timeout=300)[1] for r in runners]
    assert all(r.returncode == 0 for r in runners), logs
    saved = [line.split("(seed ")[1].rstrip(") saved") for log in logs for line in log.splitlines() if "saved" in line]
    assert sorted(saved) == [str(s) for s in range(40, 46)], logs  # every chunk once, by one runner or the other
    assert sorted(p.name for p in folder.iterdir()) == [f"{s}.json" for s in range(40, 46)]  # no claim left
