"""The shared conformance checks of the design contract on a few Million Arthur seeds (MA-14 for leaks,
MA-13.3 for termination)."""

from __future__ import annotations

from cardtable.games.million_arthur import DEFINITION
from cardtable.testing.conformance import (check_determinism_and_replay, check_illegal_actions_change_nothing,
                                           check_no_leaks, check_playouts_terminate, check_snapshot_round_trip)

SEEDS = range(3)


def test_playouts_terminate_ma_13_3() -> None:
    assert check_playouts_terminate(DEFINITION, 2, SEEDS) == len(SEEDS)


def test_illegal_actions_change_nothing() -> None:
    assert check_illegal_actions_change_nothing(DEFINITION, 2, SEEDS) > 0


def test_determinism_and_replay() -> None:
    check_determinism_and_replay(DEFINITION, 2, range(2))


def test_snapshot_round_trip() -> None:
    check_snapshot_round_trip(DEFINITION, 2, range(2))


def test_no_leaks_ma_14_7() -> None:
    """MA-14.7 (resampling all a seat cannot see changes nothing it sees), covering MA-14.1–14.3."""
    assert check_no_leaks(DEFINITION, 2, range(2)) > 0
