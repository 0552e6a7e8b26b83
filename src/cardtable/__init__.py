"""cardtable: rules-enforced engines for tabletop card games.

    >>> import cardtable
    >>> info = cardtable.list_games()[0]          # the games this build has
    >>> game = cardtable.load_game(info.id)
    >>> state = game.new_game(seed=7, players=info.max_players)
    >>> state.is_terminal
    False
"""

from __future__ import annotations

from typing import Any, Callable

from .core import (
    Action, CardDataError, CardtableError, Decision, GameInfo, IllegalActionError, Outcome, RecordError,
    SetupError, State,
)
from .core.record import replay_record
from .registry import list_games, load_game

__version__ = "0.1.0"


def replay(record: Any, on_step: Callable[[State, Action], None] | None = None) -> State:
    """Rebuild a game from its record (see ``State.record``); raises ``RecordError`` if it does not apply."""
    return replay_record(record, load_game, on_step)


__all__ = [
    "Action", "CardDataError", "CardtableError", "Decision", "GameInfo", "IllegalActionError", "Outcome",
    "RecordError", "SetupError", "State", "list_games", "load_game", "replay",
]
