"""Golden playthroughs are reproduced exactly on every run (regenerate: scripts/make_golden.py)."""

from __future__ import annotations

import pytest

from cardtable.testing.golden import GOLDEN_GAMES, golden_path, playthrough_text


@pytest.mark.parametrize("game_id,players,seed", GOLDEN_GAMES)
def test_golden_playthrough_is_reproduced(game_id: str, players: int, seed: int) -> None:
    expected = golden_path(game_id, players, seed).read_text()
    assert playthrough_text(game_id, players, seed) == expected
