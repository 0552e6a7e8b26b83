"""The bot contract and the factory that builds bots from short specs.

A bot sees exactly what a seat sees — its ``view`` and the pending ``Decision`` — and never the
``State``: that is the only way to guarantee a bot cannot cheat (TM-12.7) and that the same bot can sit
behind a UI, a server or a simulator. Its randomness comes from the ``Rng`` it is handed, never from
the game's RNG, so running a bot cannot change the course of a game.
"""

from __future__ import annotations

import re
from typing import Any, Mapping, Protocol, runtime_checkable

from ..core import Action, Decision, Rng, SetupError

# The kinds ``make_bot`` understands; ``ismcts`` also accepts a budget (``ismcts:200``, ``ismcts:0.5s``).
BOT_KINDS: tuple[str, ...] = ("random", "heuristic", "ismcts")

DEFAULT_ISMCTS_ITERATIONS = 200
_BUDGET = re.compile(r"^(?:(?P<iters>\d+)|(?P<secs>\d+(?:\.\d*)?|\.\d+)s)$")


@runtime_checkable
class Bot(Protocol):
    """Anything that picks one of ``decision.options`` from the seat's view."""

    spec: str

    def act(self, view: Mapping[str, Any], decision: Decision, rng: Rng | None = None) -> Action:
        """Return one of ``decision.options``. Must not mutate ``view``; may only draw from ``rng``."""
        ...


def make_bot(spec: str, game_id: str, seed: int = 0) -> Bot:
    """Build a bot for ``game_id`` from ``spec``: ``random``, ``heuristic``, ``ismcts``, ``ismcts:200``, ``ismcts:0.5s``.

    ``seed`` feeds the bot's own RNG, used whenever ``act`` is called without one. Anything unknown
    raises ``SetupError`` naming the kinds that exist.
    """
    from ..registry import load_game

    load_game(game_id)  # unknown game -> SetupError listing the games
    if not isinstance(spec, str):
        raise SetupError(f"a bot spec must be a string, not {spec!r}")
    kind, _, arg = spec.strip().partition(":")
    kind = kind.lower()
    kinds = ", ".join(BOT_KINDS)
    if kind == "random" and not arg:
        from .random_bot import RandomBot

        return RandomBot(seed)
    if kind == "heuristic" and not arg:
        from .heuristic import HeuristicBot

        return HeuristicBot(game_id, seed)
    if kind == "ismcts":
        from .ismcts import ISMCTSBot

        if not arg:
            return ISMCTSBot(seed, iterations=DEFAULT_ISMCTS_ITERATIONS)
        m = _BUDGET.match(arg.strip())
        if m is None:
            raise SetupError(f"bad ismcts budget {arg!r} in bot spec {spec!r}: use ismcts:<iterations> "
                             f"(e.g. ismcts:200) or ismcts:<seconds>s (e.g. ismcts:0.5s)")
        if m.group("iters") is not None:
            iterations = int(m.group("iters"))
            if iterations < 1:
                raise SetupError(f"bot spec {spec!r}: ismcts needs at least 1 iteration")
            return ISMCTSBot(seed, iterations=iterations)
        seconds = float(m.group("secs"))
        if seconds <= 0:
            raise SetupError(f"bot spec {spec!r}: ismcts needs a positive time budget")
        return ISMCTSBot(seed, time_budget=seconds)
    if kind in BOT_KINDS:
        raise SetupError(f"bot kind {kind!r} takes no argument (got {spec!r}); only ismcts takes a budget")
    raise SetupError(f"unknown bot {spec!r}; known kinds: {kinds} (ismcts also as ismcts:200 or ismcts:0.5s)")
