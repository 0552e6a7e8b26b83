"""Which games exist and where their modules live.

Games are imported lazily so that listing games, or loading one, never pays for the others.
"""

from __future__ import annotations

import importlib
from functools import lru_cache

from .core.errors import SetupError
from .core.game import GameDefinition, GameInfo

# id -> module holding ``GAME``
_GAME_MODULES: dict[str, str] = {
    "two-mists": "cardtable.games.two_mists",
}


def game_ids() -> list[str]:
    return sorted(_GAME_MODULES)


@lru_cache(maxsize=None)
def load_game(game_id: str) -> GameDefinition:
    """The definition of game ``game_id`` (e.g. ``"two-mists"``)."""
    module = _GAME_MODULES.get(game_id)
    if module is None:
        known = ", ".join(game_ids())
        raise SetupError(f"unknown game {game_id!r}; known games: {known}")
    game: GameDefinition = importlib.import_module(module).GAME
    return game


def list_games() -> list[GameInfo]:
    return [load_game(g).info for g in game_ids()]
