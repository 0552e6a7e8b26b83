"""The shared conformance checks on Call of Cthulhu (fewer seeds than the suite's defaults: a game of it
takes about a hundred decisions and many more engine steps than a Two Mists game)."""

from __future__ import annotations

from cardtable.games.call_of_cthulhu import DEFINITION as GAME
from cardtable.testing import conformance as c


def test_random_playouts_terminate() -> None:
    assert c.check_playouts_terminate(GAME, 2, range(12)) == 12


def test_illegal_and_malformed_actions_are_refused_and_change_nothing() -> None:
    assert c.check_illegal_actions_change_nothing(GAME, 2, range(4)) > 50


def test_same_seed_same_actions_same_game_and_replay() -> None:
    c.check_determinism_and_replay(GAME, 2, range(4))


def test_damaged_records_replay_or_are_refused_with_a_cardtable_error() -> None:
    assert c.check_damaged_records_are_refused_cleanly(GAME, 2, range(3)) > 20


def test_snapshot_round_trip() -> None:
    c.check_snapshot_round_trip(GAME, 2, range(4))


def test_clone_independence() -> None:
    c.check_clone_independence(GAME, 2, range(4))


def test_no_leaks_under_resampling() -> None:
    assert c.check_no_leaks(GAME, 2, range(3), resamples=2) > 100
