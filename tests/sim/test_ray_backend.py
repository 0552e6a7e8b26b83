"""The Ray backend of the simulator gives exactly the results of a local run (a private local Ray)."""

from __future__ import annotations

import json

import pytest
import ray  # in the dev extra; the backend itself is optional (cardtable[ray])
from typer.testing import CliRunner

from cardtable.bots import has_policy
from cardtable.cli import app
from cardtable.core import SetupError
from cardtable.registry import game_ids, load_game
from cardtable.sim import run_games


def test_ray_results_equal_a_local_run_game_for_game() -> None:
    specs = ["random", "heuristic", "random", "random"]
    local = run_games("two-mists", 4, specs, 60, seed=9)
    done: list[int] = []
    on_ray = run_games("two-mists", 4, specs, 60, seed=9, jobs=2, backend="ray", batch_size=7, progress=done.append)
    assert [r.to_dict() for r in on_ray] == [r.to_dict() for r in local]
    assert done[-1] == 60 and done == sorted(done) and len(done) == 9  # one progress call per batch
    assert not ray.is_initialized()  # the private instance it started is shut down again


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_runs_on_ray_exactly_as_locally(game_id: str) -> None:
    """No game needs a line of its own in the simulator: each registered one runs on every backend."""
    players = load_game(game_id).info.min_players
    second = "heuristic" if has_policy(game_id) else "random"  # a game's policy may come later than the game
    specs = (["random", second] * players)[:players]
    local = run_games(game_id, players, specs, 6, seed=3)
    on_processes = run_games(game_id, players, specs, 6, seed=3, jobs=2)
    on_ray = run_games(game_id, players, specs, 6, seed=3, jobs=2, backend="ray", batch_size=2)
    assert [r.to_dict() for r in on_ray] == [r.to_dict() for r in local] == [r.to_dict() for r in on_processes]


def test_a_ray_the_caller_started_is_used_and_left_running() -> None:
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        results = run_games("two-mists", 3, ["random"] * 3, 5, seed=2, jobs=1, backend="ray")
        assert [r.to_dict() for r in results] == [r.to_dict() for r in run_games("two-mists", 3, ["random"] * 3, 5, seed=2)]
        assert ray.is_initialized()
    finally:
        ray.shutdown()


def test_unknown_backend_and_cli_errors() -> None:
    with pytest.raises(SetupError, match="unknown backend 'spark'"):
        run_games("two-mists", 3, ["random"] * 3, 2, seed=1, backend="spark")
    runner = CliRunner()
    bad = runner.invoke(app, ["simulate", "two-mists", "--games", "2", "--backend", "spark"])
    assert bad.exit_code == 2 and "use 'processes' or 'ray'" in bad.output
    bad = runner.invoke(app, ["simulate", "two-mists", "--games", "2", "--ray-address", "auto"])
    assert bad.exit_code == 2 and "--ray-address needs --backend ray" in bad.output


def test_cli_simulate_on_ray_matches_processes() -> None:
    runner = CliRunner()
    args = ["simulate", "two-mists", "--games", "24", "--bots", "random,heuristic,random", "--seed", "4", "--json"]
    on_ray = runner.invoke(app, [*args, "--jobs", "2", "--backend", "ray"])
    local = runner.invoke(app, args)
    assert on_ray.exit_code == 0 and local.exit_code == 0, on_ray.output
    a, b = json.loads(on_ray.stdout), json.loads(local.stdout)
    assert a["backend"] == "ray" and b["backend"] == "processes"
    timing = {"jobs", "backend", "seconds", "games_per_second"}
    assert {k: v for k, v in a.items() if k not in timing} == {k: v for k, v in b.items() if k not in timing}
