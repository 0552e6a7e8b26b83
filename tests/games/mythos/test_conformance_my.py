"""The shared conformance checks of the design contract for Mythos at 2, 3 and 4 players (MY-11.1):
playouts end (MY-1.3, MY-1.4, MY-5.15), refused actions change nothing, determinism and replay,
snapshot round trips and no leaks of hands, decks or the face-down Mythos Threat (MY-3.1, MY-6.8.2a)."""

from __future__ import annotations

import pytest

from cardtable.games.mythos import DEFINITION
from cardtable.testing.conformance import (check_determinism_and_replay, check_illegal_actions_change_nothing,
                                           check_no_leaks, check_playouts_terminate, check_snapshot_round_trip)

PLAYERS = (2, 3, 4)


@pytest.mark.parametrize("players", PLAYERS)
def test_playouts_terminate_my_1_3_my_11_1(players: int) -> None:
    assert check_playouts_terminate(DEFINITION, players, range(3)) == 3


@pytest.mark.parametrize("players", PLAYERS)
def test_illegal_actions_change_nothing_my_5_5(players: int) -> None:
    assert check_illegal_actions_change_nothing(DEFINITION, players, range(3)) > 0


@pytest.mark.parametrize("players", PLAYERS)
def test_determinism_and_replay(players: int) -> None:
    check_determinism_and_replay(DEFINITION, players, range(2))


@pytest.mark.parametrize("players", PLAYERS)
def test_snapshot_round_trip(players: int) -> None:
    check_snapshot_round_trip(DEFINITION, players, range(2))


@pytest.mark.parametrize("players", PLAYERS)
def test_no_leaks_my_3_1_my_6_8_2a(players: int) -> None:
    """MY-3.1 (hands, decks and the Threat hidden), MY-6.8.2a (only the count of a Threat play shows)."""
    assert check_no_leaks(DEFINITION, players, range(2)) > 0
