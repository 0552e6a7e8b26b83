"""Which games exist and where their modules live.

A game is one package under ``cardtable/games`` that exposes ``GAME`` (a ``GameDefinition``); its id
is the package name with hyphens (``my_game`` → ``my-game``). The registry finds packages by
looking at the folder, so adding a game touches nothing outside its package. A package that is not
(yet) a playable game — no ``GAME`` — is skipped without importing the others. Games are imported
lazily: listing ids costs a directory scan, loading one never pays for the rest.

``register`` adds a game from elsewhere (a test's toy game, a plug-in), so every generic tool —
``replay``, the conformance suite — takes it like any other.

Per-tool parts of a game are *facets*: modules of the game's package with a conventional name
(``tui`` for the terminal renderer, ``strategy`` for the heuristic bot, ``encoding`` for RL).
:func:`game_facet` finds them, so no tool keeps a table of games; a game without a facet gets the
tool's generic behaviour.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from typing import Mapping, Sequence

from . import games as _games_pkg
from .core.errors import SetupError
from .core.game import GameDefinition, GameInfo

_EXTRA: dict[str, GameDefinition] = {}


@lru_cache(maxsize=1)
def _packages() -> dict[str, str]:
    """id -> module, for every package under ``cardtable/games`` that declares a ``GAME``."""
    found = {}
    for info in pkgutil.iter_modules(_games_pkg.__path__):
        if not info.ispkg or info.name.startswith("_"):
            continue
        module = f"{_games_pkg.__name__}.{info.name}"
        spec = importlib.util.find_spec(module)
        origin = spec.origin if spec is not None else None
        if origin is None or not _declares_game(origin):
            continue
        found[info.name.replace("_", "-")] = module
    return found


def _declares_game(init_path: str) -> bool:
    """Does the package's ``__init__`` assign ``GAME``? (Read as text: no import needed to list games.)"""
    try:
        with open(init_path, encoding="utf-8") as f:
            return any(line.startswith("GAME =") or line.startswith("GAME:") for line in f)
    except OSError:
        return False


def register(game: GameDefinition) -> None:
    """Make a game defined outside ``cardtable/games`` known to every tool (by ``game.info.id``)."""
    _EXTRA[game.info.id] = game


def registered(game_id: str) -> GameDefinition | None:
    """The game ``register`` (or ``use_card_sets``) put under ``game_id``, if any: a dict read, for callers
    on a hot path that already hold the package's own game (``engine.cardgame.active``)."""
    return _EXTRA.get(game_id)


def unregister(game_id: str) -> None:
    """Forget a game added with ``register`` (tests clean up after themselves)."""
    _EXTRA.pop(game_id, None)


def game_ids() -> list[str]:
    return sorted(set(_packages()) | set(_EXTRA))


@lru_cache(maxsize=None)
def _load_package(game_id: str) -> GameDefinition:
    game: GameDefinition = importlib.import_module(_packages()[game_id]).GAME
    return game


def load_game(game_id: str) -> GameDefinition:
    """The definition of game ``game_id`` (one of :func:`game_ids`)."""
    if game_id in _EXTRA:
        return _EXTRA[game_id]
    if not isinstance(game_id, str) or game_id not in _packages():
        known = ", ".join(game_ids())
        raise SetupError(f"unknown game {game_id!r}; known games: {known}")
    return _load_package(game_id)


def list_games() -> list[GameInfo]:
    return [load_game(g).info for g in game_ids()]


def game_package(game_id: str) -> str:
    """The module path of the package ``game_id`` lives in (its facets are submodules of it).

    A discovered game's package is its folder; a registered one's is the module that defines its
    ``GameDefinition`` class (``SetupError`` for an unknown id).
    """
    if game_id not in _EXTRA and game_id in _packages():
        return _packages()[game_id]
    return type(load_game(game_id)).__module__


def game_facet(game_id: str, name: str) -> ModuleType | None:
    """The game's ``name`` facet module (e.g. ``tui``), or ``None`` when its package has none.

    Only a missing facet counts as none: a facet that exists but fails to import raises, so a
    broken module is never silently replaced by the generic behaviour.
    """
    module = f"{game_package(game_id)}.{name}"
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as err:
        if err.name is not None and (module == err.name or module.startswith(err.name + ".")):
            return None
        raise


_CUSTOM: dict[str, tuple[str, ...]] = {}


def use_card_sets(game_id: str, sources: "Sequence[str | Path]") -> GameDefinition:
    """Play ``game_id`` with the custom card sets in ``sources`` (set files or directories, see
    ``carddata.pool``) in this process: every tool that loads the game (the CLI, the server's lobby and
    deck builder, the bots' policies) then sees the shipped cards and these. ``CardDataError`` names the
    file, card and field of a bad set; ``SetupError`` for a game without set files. Returns the game."""
    drop_card_sets(game_id)
    base = load_game(game_id)
    with_sets = getattr(base, "with_card_sets", None)
    if with_sets is None:
        raise SetupError(f"{game_id} takes no custom card sets (--cards is for the card games)")
    game: GameDefinition = with_sets(list(sources))
    register(game)
    _CUSTOM[game_id] = tuple(str(Path(s).resolve()) for s in sources)
    return game


def drop_card_sets(game_id: str) -> None:
    """Undo ``use_card_sets`` (the shipped cards only again)."""
    if _CUSTOM.pop(game_id, None) is not None:
        unregister(game_id)


def custom_card_sets() -> dict[str, tuple[str, ...]]:
    """game id -> the custom sources ``use_card_sets`` loaded (passed on to worker processes)."""
    return dict(_CUSTOM)


def restore_card_sets(sets: "Mapping[str, Sequence[str]]") -> None:
    """In a worker process: load the custom sets its parent had (``custom_card_sets()``), if not yet."""
    for game_id, sources in sets.items():
        if _CUSTOM.get(game_id) != tuple(sources):
            use_card_sets(game_id, sources)
