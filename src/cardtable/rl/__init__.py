"""Reinforcement-learning environments for cardtable games (optional extra: ``pip install cardtable[rl]``).

* :func:`pettingzoo_env` — every seat is an agent (PettingZoo AEC);
* :func:`gym_env` — one seat is the agent, the others are played by bots (Gymnasium);
* :func:`vector_env` — ``num_envs`` such games in one process, batched (Gymnasium vector API);
* :func:`self_play_batch` — N games, every seat the caller's policy, one decision per game a step;
* :mod:`cardtable.rl.spaces` — the fixed discrete action space and masks;
* :mod:`cardtable.rl.benchmark` — env throughput against the raw engine.

numpy, gymnasium and pettingzoo are imported only when one of these is first used, so
``import cardtable.rl`` succeeds without them and the failure, if any, says what to install.
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover - typing only
    from .gym_env import gym_env
    from .pettingzoo_env import pettingzoo_env
    from .selfplay import self_play_batch
    from .vector_env import vector_env

_REQUIRED = ("numpy", "gymnasium", "pettingzoo")
_EXPORTS = {
    "pettingzoo_env": "pettingzoo_env",
    "CardtableAECEnv": "pettingzoo_env",
    "gym_env": "gym_env",
    "CardtableGymEnv": "gym_env",
    "vector_env": "vector_env",
    "self_play_batch": "selfplay",
    "SelfPlayBatch": "selfplay",
    "CardtableVectorEnv": "vector_env",
    "pettingzoo_steps_per_second": "benchmark",
    "action_space": "spaces",
    "load_encoding": "spaces",
}


class MissingRLExtra(ImportError):
    """numpy / gymnasium / pettingzoo are not installed."""


def _check_dependencies() -> None:
    missing = []
    for name in _REQUIRED:
        try:
            importlib.import_module(name)
        except ImportError:
            missing.append(name)
    if missing:
        raise MissingRLExtra(f"cardtable.rl needs {', '.join(missing)}: install cardtable[rl] "
                             f"(pip install 'cardtable[rl]')")


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'cardtable.rl' has no attribute {name!r}")
    _check_dependencies()
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])


def gym_id(game_id: str) -> str:
    """The Gymnasium registry id of ``game_id``: its versioned env name (``ENV_NAME`` ``x_v0`` → ``cardtable/x-v0``)."""
    from .spaces import load_encoding

    name, _, version = load_encoding(game_id).ENV_NAME.rpartition("_v")
    return f"cardtable/{name}-v{version}"


def register_gym_envs() -> list[str]:
    """Register every game that has an RL encoding with Gymnasium, for ``gymnasium.make``.

    Runs when ``cardtable.rl.gym_env`` is imported, and on ``import cardtable.rl`` if Gymnasium is
    already loaded (registering must not be the thing that imports it). Idempotent. The entry point is
    a string, so registering imports nothing heavy; ``gymnasium.make`` passes its kwargs to ``gym_env``.
    Without either, ``gymnasium.make("cardtable.rl.gym_env:" + gym_id(game_id))`` imports first.
    """
    import gymnasium

    from ..core import SetupError
    from ..registry import game_ids

    ids = []
    for game_id in game_ids():
        try:
            env_id = gym_id(game_id)
        except SetupError:  # a game without an RL encoding
            continue
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point="cardtable.rl.gym_env:gym_env", kwargs={"game_id": game_id})
        ids.append(env_id)
    return ids


class _Package(ModuleType):
    """Keeps ``cardtable.rl.pettingzoo_env`` / ``gym_env`` the factory *functions*.

    The submodules share those names, and importing a submodule (``cardtable.rl.benchmark`` imports
    ``.pettingzoo_env``) makes the import system ``setattr`` the submodule onto this package, which
    would shadow the lazily exported function. Such writes are ignored; the submodules stay importable
    by their full name (``from cardtable.rl.pettingzoo_env import CardtableAECEnv``).
    """

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _EXPORTS and isinstance(value, ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
if "gymnasium" in sys.modules:
    register_gym_envs()


__all__ = ["MissingRLExtra", "gym_env", "gym_id", "pettingzoo_env", "register_gym_envs", "self_play_batch", "vector_env"]
