"""The throughput helper and the training example run (tiny budgets; speed itself is never asserted)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from cardtable.rl import pettingzoo_steps_per_second

ROOT = Path(__file__).resolve().parents[2]


def test_pettingzoo_steps_per_second_reports_both_rates_and_the_ratio():
    result = pettingzoo_steps_per_second("two-mists", seconds=0.3, players=3, rounds=2)
    assert result["env"] == "two_mists_v0" and result["players"] == 3
    assert result["games"] > 0 and result["decisions"] > 0
    assert result["env_steps_per_second"] > 0 and result["raw_steps_per_second"] > 0
    assert abs(result["overhead_ratio"] - result["raw_steps_per_second"] / result["env_steps_per_second"]) < 1e-9
    assert set(result["per_step_us"]) == {"view", "encode", "encode_seat", "mask", "engine"}
    assert result["floor_steps_per_second"] > 0
    assert abs(result["floor_ratio"] - result["raw_steps_per_second"] / result["floor_steps_per_second"]) < 1e-9
    assert result["observation_loops"] is None  # (Two Mists has its own encoder)


def test_a_card_games_figure_says_which_observation_loops_ran(monkeypatch):
    """A figure measured without the compiled kernel is another figure: the result names the loops that ran."""
    from cardtable.rl import card_observation

    assert pettingzoo_steps_per_second("call-of-cthulhu", seconds=0.2, rounds=1)["observation_loops"] == "compiled"
    monkeypatch.setattr(card_observation, "COMPILED", False)
    assert pettingzoo_steps_per_second("call-of-cthulhu", seconds=0.2, rounds=1)["observation_loops"] == "python"


def test_the_training_example_runs_end_to_end():
    spec = importlib.util.spec_from_file_location("train_two_mists", ROOT / "examples" / "train_two_mists.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is built
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    results = module.main(["--minutes", "0.01", "--eval-games", "20", "--batch", "8"])
    assert results["before"]["games"] == results["after"]["games"] == 20
    assert results["episodes"] >= 8
    lo, hi = module.wilson(50, 100)
    assert round(lo, 3) == 0.404 and round(hi, 3) == 0.596
