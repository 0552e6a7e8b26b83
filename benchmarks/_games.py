"""Games the benchmarks measure: every registered one, plus those still being completed.

A game package that is not yet the registry's ``GAME`` (it exposes ``DEFINITION`` until it is complete,
as Call of Cthulhu does) is still worth measuring. ``include_in_progress`` registers such definitions
for this process only, and only when their id is not known already — once a game becomes ``GAME`` it
is found the normal way and never counted twice.
"""

from __future__ import annotations

import importlib
import pkgutil

from cardtable import games as games_pkg
from cardtable import registry
from cardtable.core.game import GameDefinition


def in_progress_games() -> list[GameDefinition]:
    """``DEFINITION`` objects of game packages whose id the registry does not know."""
    known = set(registry.game_ids())
    found = []
    for info in pkgutil.iter_modules(games_pkg.__path__):
        if not info.ispkg or info.name.startswith("_") or info.name.replace("_", "-") in known:
            continue
        module = importlib.import_module(f"{games_pkg.__name__}.{info.name}")
        game = getattr(module, "DEFINITION", None)
        if isinstance(game, GameDefinition) and game.info.id not in known:
            found.append(game)
    return found


def include_in_progress() -> list[str]:
    """Register the in-progress games (see module docstring); returns their ids."""
    added = in_progress_games()
    for game in added:
        registry.register(game)
    return [g.info.id for g in added]
