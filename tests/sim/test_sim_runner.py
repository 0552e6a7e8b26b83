"""play_game / run_games: complete results, seat rotation, progress, and determinism across jobs."""

from __future__ import annotations

import pytest

from cardtable import SetupError
from cardtable.core import mix_seed
from cardtable.sim import GameResult, game_seed, play_game, run_games, seat_specs


def test_play_game_reports_everything() -> None:
    r = play_game("two-mists", 4, ["heuristic", "random", "random", "ismcts:4"], seed=5)
    assert isinstance(r, GameResult)
    assert r.seed == 5 and r.bots == ["heuristic", "random", "random", "ismcts:4"]
    assert set(r.scores) == {0, 1, 2, 3} and all(r.scores[s] == 1.0 for s in r.winners)
    assert r.length > 0 and r.turns == r.details["turns"] and r.reason
    assert sorted(r.details["characters"] + [r.details["centre"]]) == sorted(["monster", "knight", "witch", "saint", "fool"])
    assert r.details["world"] in ("front", "back")
    assert play_game("two-mists", 4, r.bots, seed=5) == r


def test_options_are_passed_to_the_game() -> None:
    r = play_game("two-mists", 3, ["random"] * 3, seed=1, options={"turn_cap": 1})
    assert r.turns is not None and r.turns <= 1


def test_seat_rotation_cycles_the_specs() -> None:
    specs = ["a", "b", "b", "b"]
    assert seat_specs(specs, 0) == ["a", "b", "b", "b"]
    assert seat_specs(specs, 1) == ["b", "a", "b", "b"]
    assert seat_specs(specs, 5) == ["b", "a", "b", "b"]
    assert seat_specs(specs, 3, rotate=False) == specs
    seats = [seat_specs(specs, i).index("a") for i in range(4)]
    assert sorted(seats) == [0, 1, 2, 3]


def test_run_games_seeds_rotation_and_progress() -> None:
    seen: list[int] = []
    results = run_games("two-mists", 4, ["heuristic", "random", "random", "random"], 12, seed=3,
                        progress=seen.append, batch_size=5)
    assert [r.seed for r in results] == [game_seed(3, i) for i in range(12)] == [mix_seed(3, i) for i in range(12)]
    assert [r.bots.index("heuristic") for r in results] == [i % 4 for i in range(12)]
    assert seen == [5, 10, 12]
    fixed = run_games("two-mists", 4, ["heuristic", "random", "random", "random"], 4, seed=3, rotate=False)
    assert all(r.bots[0] == "heuristic" for r in fixed)


def test_results_do_not_depend_on_jobs() -> None:
    specs = ["heuristic", "ismcts:3", "random", "random"]
    one = run_games("two-mists", 4, specs, 24, seed=77, jobs=1)
    seen: list[int] = []
    two = run_games("two-mists", 4, specs, 24, seed=77, jobs=2, progress=seen.append, batch_size=5)
    assert [r.to_dict() for r in one] == [r.to_dict() for r in two]
    assert seen[-1] == 24 and seen == sorted(seen) and len(seen) == 5
    three = run_games("two-mists", 3, ["heuristic", "random", "ismcts:3"], 10, seed=8, jobs=2)
    assert [r.to_dict() for r in three] == [r.to_dict() for r in run_games("two-mists", 3, ["heuristic", "random", "ismcts:3"], 10, seed=8)]


@pytest.mark.parametrize("kwargs, match", [
    ({"bot_specs": ["random"] * 3}, "4 players need 4 bot specs"),
    ({"bot_specs": ["random", "random", "random", "nope"]}, "unknown bot"),
    ({"players": 5, "bot_specs": ["random"] * 5}, "3 or 4 players"),
    ({"game_id": "chess"}, "unknown game"),
    ({"options": {"turn_cap": 0}}, "turn_cap"),
    ({"jobs": 0}, "jobs"),
])
def test_bad_runs_fail_fast_with_setup_errors(kwargs: dict, match: str) -> None:
    args = {"game_id": "two-mists", "players": 4, "bot_specs": ["random"] * 4, "games": 3, "seed": 1, **kwargs}
    with pytest.raises(SetupError, match=match):
        run_games(**args)


def test_zero_games() -> None:
    assert run_games("two-mists", 4, ["random"] * 4, 0, seed=1, jobs=2) == []
