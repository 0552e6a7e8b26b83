"""The bot contract and the factory that builds bots from short specs.

A bot sees exactly what a seat sees — its ``view`` and the pending ``Decision`` — and never the
``State``: that is the only way to guarantee a bot cannot cheat and that the same bot can sit
behind a UI, a server or a simulator. Its randomness comes from the ``Rng`` it is handed, never from
the game's RNG, so running a bot cannot change the course of a game.

Budgets are bounded (:class:`BotLimits`): a spec is often typed by someone else (a table's creator on
a public server, a script), and ``ismcts:2000000000`` would otherwise pin a CPU for days.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping, Protocol, runtime_checkable

from ..core import Action, Decision, Rng, SetupError

# The kinds ``make_bot`` understands; ``ismcts`` also accepts a budget (``ismcts:200``, ``ismcts:0.5s``).
BOT_KINDS: tuple[str, ...] = ("random", "heuristic", "ismcts")

DEFAULT_ISMCTS_ITERATIONS = 200
_BUDGET = re.compile(r"^(?:(?P<iters>\d+)|(?P<secs>\d+(?:\.\d*)?|\.\d+)s)$")
_MAX_DIGITS = 12  # longer numbers are over any sane maximum; never hand them to int()/float()


@dataclass(frozen=True, slots=True)
class BotLimits:
    """The largest search budget a spec may ask for (iterations per move, seconds per move)."""

    max_iterations: int = 5000
    max_seconds: float = 5.0

    def __post_init__(self) -> None:
        if self.max_iterations < 1 or not self.max_seconds > 0:
            raise SetupError(f"bot limits must be positive (got {self.max_iterations} iterations, "
                             f"{self.max_seconds} s)")


DEFAULT_BOT_LIMITS = BotLimits()


@dataclass(frozen=True, slots=True)
class BotSpec:
    """A parsed spec: the kind and, for a search, its budget (exactly one of the two is set)."""

    kind: str
    iterations: int | None = None
    seconds: float | None = None

    @property
    def text(self) -> str:
        """The canonical spec (``ismcts:200``, ``ismcts:0.5s``, ``random``)."""
        if self.iterations is not None:
            return f"{self.kind}:{self.iterations}"
        if self.seconds is not None:
            return f"{self.kind}:{self.seconds:g}s"
        return self.kind

    def within(self, limits: BotLimits) -> "BotSpec":
        """This spec with its budget cut down to ``limits`` (for tables stored before a limit existed)."""
        iterations = None if self.iterations is None else min(self.iterations, limits.max_iterations)
        seconds = None if self.seconds is None else min(self.seconds, limits.max_seconds)
        return BotSpec(self.kind, iterations, seconds)


@runtime_checkable
class Bot(Protocol):
    """Anything that picks one of ``decision.options`` from the seat's view."""

    spec: str

    def act(self, view: Mapping[str, Any], decision: Decision, rng: Rng | None = None) -> Action:
        """Return one of ``decision.options``. Must not mutate ``view``; may only draw from ``rng``."""
        ...


def parse_bot_spec(spec: str, limits: BotLimits | None = DEFAULT_BOT_LIMITS) -> BotSpec:
    """Parse ``random``, ``heuristic``, ``ismcts``, ``ismcts:200`` or ``ismcts:0.5s``.

    A budget above ``limits`` is refused with a ``SetupError`` naming the maximum; ``limits=None``
    checks the syntax only (the caller bounds the budget itself, see :meth:`BotSpec.within`).
    """
    if not isinstance(spec, str):
        raise SetupError(f"a bot spec must be a string, not {spec!r}")
    kind, _, arg = spec.strip().partition(":")
    kind = kind.lower()
    if kind in ("random", "heuristic") and not arg:
        return BotSpec(kind)
    if kind == "ismcts":
        if not arg:
            return BotSpec(kind, iterations=DEFAULT_ISMCTS_ITERATIONS)
        m = _BUDGET.match(arg.strip())
        if m is None:
            raise SetupError(f"bad ismcts budget {arg!r} in bot spec {spec!r}: use ismcts:<iterations> "
                             f"(e.g. ismcts:200) or ismcts:<seconds>s (e.g. ismcts:0.5s)")
        if m.group("iters") is not None:
            digits = m.group("iters").lstrip("0")
            iterations = int(digits or "0") if len(digits) <= _MAX_DIGITS else None
            if iterations is not None and iterations < 1:
                raise SetupError(f"bot spec {spec!r}: ismcts needs at least 1 iteration")
            if limits is not None and (iterations is None or iterations > limits.max_iterations):
                raise SetupError(f"bot spec {spec!r}: at most {limits.max_iterations} ismcts iterations a move "
                                 f"are allowed (e.g. ismcts:{limits.max_iterations})")
            return BotSpec(kind, iterations=iterations if iterations is not None else 10**_MAX_DIGITS)
        text = m.group("secs")
        seconds = float(text) if len(text.lstrip("0")) <= _MAX_DIGITS else float("inf")
        if seconds <= 0:
            raise SetupError(f"bot spec {spec!r}: ismcts needs a positive time budget")
        if limits is not None and seconds > limits.max_seconds:
            raise SetupError(f"bot spec {spec!r}: at most {limits.max_seconds:g} s of ismcts search a move is "
                             f"allowed (e.g. ismcts:{limits.max_seconds:g}s)")
        return BotSpec(kind, seconds=seconds)
    if kind in BOT_KINDS:
        raise SetupError(f"bot kind {kind!r} takes no argument (got {spec!r}); only ismcts takes a budget")
    raise SetupError(f"unknown bot {spec!r}; known kinds: {', '.join(BOT_KINDS)} "
                     f"(ismcts also as ismcts:200 or ismcts:0.5s)")


def make_bot(spec: str | BotSpec, game_id: str, seed: int = 0,
             limits: BotLimits | None = DEFAULT_BOT_LIMITS) -> Bot:
    """Build a bot for ``game_id`` from ``spec``: ``random``, ``heuristic``, ``ismcts``, ``ismcts:200``, ``ismcts:0.5s``.

    ``seed`` feeds the bot's own RNG, used whenever ``act`` is called without one. Anything unknown
    raises ``SetupError`` naming the kinds that exist; a budget above ``limits`` (default
    :data:`DEFAULT_BOT_LIMITS`: 5,000 iterations or 5 s a move) raises one naming the maximum.
    """
    from ..registry import load_game

    load_game(game_id)  # unknown game -> SetupError listing the games
    parsed = spec if isinstance(spec, BotSpec) else parse_bot_spec(spec, limits)
    if parsed.kind == "random":
        from .random_bot import RandomBot

        return RandomBot(seed)
    if parsed.kind == "heuristic":
        from .heuristic import HeuristicBot

        return HeuristicBot(game_id, seed)
    from .ismcts import ISMCTSBot

    if parsed.seconds is not None:
        return ISMCTSBot(seed, time_budget=parsed.seconds)
    return ISMCTSBot(seed, iterations=parsed.iterations)
