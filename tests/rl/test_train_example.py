"""The Call of Cthulhu training example runs end to end (a tiny budget; learning itself is not asserted).

It needs the optional extra ``cardtable[train]`` (sb3-contrib, torch, matplotlib), which the test command
never installs: without it this test is skipped, saying which library is missing (see docs/rl.md).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MISSING = [name for name in ("sb3_contrib", "torch", "matplotlib") if importlib.util.find_spec(name) is None]


def _load_example():
    spec = importlib.util.spec_from_file_location("train_call_of_cthulhu", ROOT / "examples" / "train_call_of_cthulhu.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    return module


def test_the_wilson_interval_of_the_example() -> None:
    """The intervals the example reports (no training library needed)."""
    module = _load_example()
    lo, hi = module.wilson(50, 100)
    assert round(lo, 3) == 0.404 and round(hi, 3) == 0.596
    assert module.wilson(0, 0) == (0.0, 1.0)


@pytest.mark.skipif(bool(MISSING), reason=f"cardtable[train] not installed (missing: {', '.join(MISSING)})")
def test_the_training_loop_runs_and_writes_the_plot_and_the_evaluation(tmp_path: Path) -> None:
    module = _load_example()
    plot, out = tmp_path / "curve.png", tmp_path / "results.json"
    results = module.main(["--timesteps", "512", "--n-envs", "2", "--eval-games", "2",
                           "--plot", str(plot), "--json", str(out)])
    assert plot.stat().st_size > 1000 and plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert out.exists() and results["timesteps"] >= 512
    assert set(results["evaluation"]) == {"trained_vs_random", "trained_vs_heuristic",
                                          "random_policy_vs_random", "random_policy_vs_heuristic"}
    for e in results["evaluation"].values():
        assert e["games"] == 2 and 0 <= e["wilson95"][0] <= e["win_rate"] <= e["wilson95"][1] <= 1
