"""The shared conformance suite, run on the engine's test game: the engine alone honours the contract."""

from __future__ import annotations

from cardtable.testing import conformance as c

from .toygame import GAME

SEEDS = range(40)


def test_playouts_terminate() -> None:
    assert c.check_playouts_terminate(GAME, 2, SEEDS) == len(SEEDS)


def test_illegal_actions_change_nothing() -> None:
    assert c.check_illegal_actions_change_nothing(GAME, 2, range(15)) > 0


def test_determinism_and_replay() -> None:
    c.check_determinism_and_replay(GAME, 2, range(15))


def test_snapshot_round_trip() -> None:
    c.check_snapshot_round_trip(GAME, 2, range(15))


def test_clone_independence() -> None:
    c.check_clone_independence(GAME, 2, range(15))


def test_no_leaks_and_real_resampling() -> None:
    assert c.check_no_leaks(GAME, 2, range(20)) > 0


def test_damaged_records_are_refused_cleanly() -> None:
    c.check_damaged_records_are_refused_cleanly(GAME, 2, range(5))
