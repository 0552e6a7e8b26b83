"""Smoke test for ``benchmarks/throughput.py``: it runs and emits every figure, as positive numbers.

Speed itself is never asserted here (no thresholds): it depends on the machine and its load. The
script is run in a subprocess with ``--quick --json``, exactly as a user would run it.
"""

from __future__ import annotations

import importlib.util
import json
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import cardtable

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "throughput.py"

PLAY_KEYS = ("games", "decisions", "seconds", "games_per_s", "decisions_per_s", "mean_decisions")
COST_KEYS = ("clone", "legal_actions", "view", "apply", "clone_plus_apply", "determinize", "to_dict", "new_game")
OPENSPIEL_KEYS = ("games", "steps", "decisions", "seconds", "games_per_s", "steps_per_s", "decisions_per_s",
                  "mean_steps", "clone_us")


def _in_progress_games() -> list[Any]:
    """benchmarks/_games.py's list of game packages not registered yet (the script measures them too)."""
    spec = importlib.util.spec_from_file_location("_bench_games", SCRIPT.parent / "_games.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return list(module.in_progress_games())


def _positive(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and value > 0


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=300)


def test_quick_json_run_reports_every_figure_for_every_game() -> None:
    proc = _run("--quick", "--json")

    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    machine = result["machine"]
    assert machine["python"] and machine["platform"] and _positive(machine["cpu_count"])
    assert result["settings"]["quick"] is True
    registered = {(g.id, g.max_players) for g in cardtable.list_games()}
    registered |= {(g.info.id, g.info.max_players) for g in _in_progress_games()}  # measured while unregistered
    assert {(g["id"], g["players"]) for g in result["games"]} == registered
    for game in result["games"]:
        play = game["random_play"]
        for key in PLAY_KEYS:
            assert _positive(play[key]), (game["id"], key, play[key])
        assert play["mean_turns"] is None or _positive(play["mean_turns"])
        assert game["samples"] >= 1
        for key in COST_KEYS:
            assert _positive(game["costs_us"][key]), (game["id"], key, game["costs_us"][key])
        ismcts = game["ismcts"]
        assert ismcts["searches"] >= 1 and _positive(ismcts["iterations_per_cpu_s"]), (game["id"], ismcts)
        rl = game["rl"]
        if rl["available"]:
            for key in ("env_steps_per_second", "raw_steps_per_second", "floor_steps_per_second",
                        "view_route_steps_per_second", "view_route_ratio"):
                assert _positive(rl[key]), (game["id"], key, rl[key])
            vector = rl["vector"]
            assert vector["num_envs"] >= 1
            for key in ("ours_agent_steps_per_second", "ours_decisions_per_second",
                        "sync_agent_steps_per_second", "sync_decisions_per_second"):
                assert _positive(vector[key]), (game["id"], key, vector[key])
        paired = game["paired_kuhn"]  # the Kuhn ratio taken in alternating rounds (card games with a target)
        if paired["available"]:
            assert paired["rounds"] == len(paired["round_ratios"]) >= 1
            for key in ("decisions_per_s", "kuhn_decisions_per_s", "ratio"):
                assert _positive(paired[key]), (game["id"], key, paired[key])
            assert all(_positive(r) for r in paired["round_ratios"])
            assert math.isclose(paired["ratio"], paired["decisions_per_s"] / paired["kuhn_decisions_per_s"])
        else:
            assert paired["reason"]
    openspiel = result["openspiel"]
    if openspiel["available"]:
        for key in OPENSPIEL_KEYS:
            assert _positive(openspiel[key]), (key, openspiel[key])
    else:
        assert openspiel["reason"]


def test_quick_table_run_names_the_machine_and_each_game() -> None:
    proc = _run("--quick", "--game", "two-mists", "--players", "3")

    assert proc.returncode == 0, proc.stderr
    assert "Python" in proc.stdout and "CPUs" in proc.stdout
    assert "two-mists" in proc.stdout and "3 players" in proc.stdout
    assert "OpenSpiel" in proc.stdout
    assert "ISMCTS (ismcts:8, full playouts)" in proc.stdout  # Two Mists has no evaluation: playouts run to the end


def test_bad_player_count_is_a_readable_error_not_a_traceback() -> None:
    proc = _run("--quick", "--game", "two-mists", "--players", "9")

    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert "players" in proc.stderr and "9" in proc.stderr
