"""A game package's own modules, read as attributes and imported on first use.

Why: a game's rule modules call one another in cycles (the round calls the plays, a play's effect calls
back into the round), and the usual way around an import cycle, a ``from .x import y`` inside the
function, runs the import machinery at every call: about two microseconds, several times per decision
on the hot path. ``LazyModules(__package__).x.y`` imports ``x`` once and is then a plain attribute read.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType


class LazyModules:
    """``mods.name`` is the module ``name`` of ``package``, imported the first time it is read."""

    def __init__(self, package: str | None) -> None:
        if not package:
            raise ValueError("LazyModules needs the package its modules live in (pass __package__)")
        self._package = package

    def __getattr__(self, name: str) -> ModuleType:
        if name.startswith("__"):
            raise AttributeError(name)  # copy, pickle and friends probe dunder names: never a module
        module = import_module(f".{name}", self._package)
        setattr(self, name, module)
        return module
