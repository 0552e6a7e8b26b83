"""Positions of seeded random games, for tests that compare a shortcut with the plain computation it stands for.

Why one helper: the fast-path tests of every game ask the same kind of question ("does the kept or gated
answer equal the plain one here?") over positions reached by random play, and each had its own copy of the
loop. ``take`` decides which positions are kept; it may draw from the same random stream as the moves, so a
test keeps exactly the positions it kept when it had its own loop.
"""

from __future__ import annotations

import random
from typing import Callable, Iterator

from ..core import GameDefinition, State


def random_positions(game: GameDefinition, players: int, games: int, seed: int,
                     take: Callable[[State, random.Random], bool]) -> Iterator[State]:
    """Play ``games`` seeded games (seeds 0, 1, ...) with moves drawn from ``random.Random(seed)`` and yield a
    copy of every position before a move for which ``take(state, that random stream)`` is true."""
    rng = random.Random(seed)
    for game_seed in range(games):
        st = game.new_game(seed=game_seed, players=players)
        while not st.is_terminal:
            if take(st, rng):
                yield st.clone()
            st.apply(rng.choice(st.legal_actions()))


__all__ = ["random_positions"]
