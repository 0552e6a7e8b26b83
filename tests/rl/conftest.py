"""Shared helpers for the RL tests: seeded random games through the engine."""

from __future__ import annotations

from typing import Callable, Iterator

from cardtable.core import Rng, State
from cardtable.games.two_mists import GAME


def random_positions(games: int, players: int, seed: int = 0, turn_cap: int = 300,
                     chooser: Callable[[State, Rng], object] | None = None) -> Iterator[State]:
    """Every decision point (the live state, before the choice) of ``games`` seeded random games."""
    rng = Rng(seed)
    for g in range(games):
        state = GAME.new_game(seed=seed * 100_003 + g, players=players, options={"turn_cap": turn_cap})
        while not state.is_terminal:
            yield state
            options = state.legal_actions()
            state.apply(chooser(state, rng) if chooser else options[rng.below(len(options))])
