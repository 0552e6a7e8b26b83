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

# The kinds ``make_bot`` understands; ``ismcts`` also accepts a budget (``ismcts:200``, ``ismcts:0.5s``) and a
# rollout depth after it (``ismcts:64:d30``: rollouts stop after 30 actions and the game's evaluation scores them).
# ``strong`` (flat Monte Carlo with heuristic rollouts, ``bots/strong.py``) takes the same budget forms: ``strong`` (1 s
# a decision), ``strong:0.5s``, ``strong:40`` (40 rounds: each round plays every live option once), ``strong:0.5s:d12``.
BOT_KINDS: tuple[str, ...] = ("random", "heuristic", "ismcts", "strong")
SEARCH_KINDS: tuple[str, ...] = ("ismcts", "strong")

DEFAULT_ISMCTS_ITERATIONS = 200
DEFAULT_STRONG_SECONDS = 1.0  # ``strong`` without a budget: one second a decision (cut to the limits' maximum)
MAX_ROLLOUT_DEPTH = 100_000
_BUDGET = re.compile(r"^(?:(?P<iters>\d+)|(?P<secs>\d+(?:\.\d*)?|\.\d+)s)$")
_DEPTH = re.compile(r"^d(?P<depth>\d{1,12})$")
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
    """A parsed spec: the kind and, for a search, its budget (exactly one of the two is set).

    ``depth`` (search only) caps each rollout at that many actions, after which the game's ``evaluate``
    scores the position; None means the game's own default (``GameDefinition.rollout_depth``), which
    is "play to the end" for a game without an evaluation.
    """

    kind: str
    iterations: int | None = None
    seconds: float | None = None
    depth: int | None = None

    @property
    def text(self) -> str:
        """The canonical spec (``ismcts:200``, ``ismcts:0.5s``, ``ismcts:64:d30``, ``strong:1s``, ``random``)."""
        depth = "" if self.depth is None else f":d{self.depth}"
        if self.iterations is not None:
            return f"{self.kind}:{self.iterations}{depth}"
        if self.seconds is not None:
            return f"{self.kind}:{self.seconds:g}s{depth}"
        return self.kind

    def within(self, limits: BotLimits) -> "BotSpec":
        """This spec with its budget cut down to ``limits`` (for tables stored before a limit existed)."""
        iterations = None if self.iterations is None else min(self.iterations, limits.max_iterations)
        seconds = None if self.seconds is None else min(self.seconds, limits.max_seconds)
        return BotSpec(self.kind, iterations, seconds, self.depth)


@runtime_checkable
class Bot(Protocol):
    """Anything that picks one of ``decision.options`` from the seat's view."""

    spec: str

    def act(self, view: Mapping[str, Any], decision: Decision, rng: Rng | None = None) -> Action:
        """Return one of ``decision.options``. Must not mutate ``view``; may only draw from ``rng``."""
        ...


def parse_bot_spec(spec: str, limits: BotLimits | None = DEFAULT_BOT_LIMITS) -> BotSpec:
    """Parse ``random``, ``heuristic``, ``ismcts``, ``ismcts:200``, ``ismcts:0.5s``, ``ismcts:200:d30``.

    A budget above ``limits`` is refused with a ``SetupError`` naming the maximum; ``limits=None``
    checks the syntax only (the caller bounds the budget itself, see :meth:`BotSpec.within`). The
    optional last part ``dN`` (ISMCTS only) is the rollout depth, 1 to 100,000 actions.
    """
    if not isinstance(spec, str):
        raise SetupError(f"a bot spec must be a string, not {spec!r}")
    kind, _, arg = spec.strip().partition(":")
    kind = kind.lower()
    if kind in ("random", "heuristic") and not arg:
        return BotSpec(kind)
    if kind in SEARCH_KINDS:
        budget, _, depth_text = arg.partition(":")
        depth = _parse_depth(spec, depth_text.strip()) if depth_text or arg.endswith(":") else None
        if not budget.strip():
            if kind == "strong":
                seconds = DEFAULT_STRONG_SECONDS
                if limits is not None:
                    seconds = min(seconds, limits.max_seconds)
                return BotSpec(kind, seconds=seconds, depth=depth)
            if depth is None:
                return BotSpec(kind, iterations=DEFAULT_ISMCTS_ITERATIONS)
        parsed = _parse_budget(spec, budget, limits, kind)
        return BotSpec(kind, parsed.iterations, parsed.seconds, depth)
    if kind in BOT_KINDS:
        raise SetupError(f"bot kind {kind!r} takes no argument (got {spec!r}); only ismcts and strong take a budget")
    raise SetupError(f"unknown bot {spec!r}; known kinds: {', '.join(BOT_KINDS)} "
                     f"(ismcts also as ismcts:200, ismcts:0.5s or ismcts:200:d30; strong as strong:0.5s)")


def _parse_depth(spec: str, text: str) -> int:
    m = _DEPTH.match(text)
    depth = int(m.group("depth")) if m is not None else 0
    if not 1 <= depth <= MAX_ROLLOUT_DEPTH:
        raise SetupError(f"bad rollout depth {text!r} in bot spec {spec!r}: use d<actions> from d1 to "
                         f"d{MAX_ROLLOUT_DEPTH} after the budget (e.g. ismcts:64:d30)")
    return depth


def _parse_budget(spec: str, arg: str, limits: BotLimits | None, kind: str = "ismcts") -> BotSpec:
    """The iterations (rounds for ``strong``) or seconds part of a search spec (empty: the default iterations)."""
    if not arg.strip():
        return BotSpec(kind, iterations=DEFAULT_ISMCTS_ITERATIONS)
    m = _BUDGET.match(arg.strip())
    if m is None:
        raise SetupError(f"bad {kind} budget {arg!r} in bot spec {spec!r}: use {kind}:<iterations> "
                         f"(e.g. {kind}:200) or {kind}:<seconds>s (e.g. {kind}:0.5s)")
    if m.group("iters") is not None:
        digits = m.group("iters").lstrip("0")
        iterations = int(digits or "0") if len(digits) <= _MAX_DIGITS else None
        if iterations is not None and iterations < 1:
            raise SetupError(f"bot spec {spec!r}: {kind} needs at least 1 iteration")
        if limits is not None and (iterations is None or iterations > limits.max_iterations):
            raise SetupError(f"bot spec {spec!r}: at most {limits.max_iterations} {kind} iterations a move "
                             f"are allowed (e.g. {kind}:{limits.max_iterations})")
        return BotSpec(kind, iterations=iterations if iterations is not None else 10**_MAX_DIGITS)
    text = m.group("secs")
    seconds = float(text) if len(text.lstrip("0")) <= _MAX_DIGITS else float("inf")
    if seconds <= 0:
        raise SetupError(f"bot spec {spec!r}: {kind} needs a positive time budget")
    if limits is not None and seconds > limits.max_seconds:
        raise SetupError(f"bot spec {spec!r}: at most {limits.max_seconds:g} s of {kind} search a move is "
                         f"allowed (e.g. {kind}:{limits.max_seconds:g}s)")
    return BotSpec(kind, seconds=seconds)


def make_bot(spec: str | BotSpec, game_id: str, seed: int = 0,
             limits: BotLimits | None = DEFAULT_BOT_LIMITS) -> Bot:
    """Build a bot for ``game_id`` from ``spec``: ``random``, ``heuristic``, ``ismcts``, ``ismcts:200``, ``ismcts:0.5s``,
    ``ismcts:200:d30``.

    ``seed`` feeds the bot's own RNG, used whenever ``act`` is called without one. Anything unknown
    raises ``SetupError`` naming the kinds that exist; a budget above ``limits`` (default
    :data:`DEFAULT_BOT_LIMITS`: 5,000 iterations or 5 s a move) raises one naming the maximum. A
    rollout depth (``:dN``) needs a game with a position evaluation (``GameDefinition.evaluate``).
    """
    from ..registry import load_game

    game = load_game(game_id)  # unknown game -> SetupError listing the games
    parsed = spec if isinstance(spec, BotSpec) else parse_bot_spec(spec, limits)
    if parsed.depth is not None and game.evaluate is None:
        raise SetupError(f"bot spec {parsed.text!r}: {game_id} has no position evaluation, so its {parsed.kind} rollouts "
                         f"always play to the end (drop the :d{parsed.depth})")
    if parsed.kind == "random":
        from .random_bot import RandomBot

        return RandomBot(seed)
    if parsed.kind == "heuristic":
        from .heuristic import HeuristicBot

        return HeuristicBot(game_id, seed)
    if parsed.kind == "strong":
        from .strong import StrongBot

        return StrongBot(game_id, seed, time_budget=parsed.seconds, rounds=parsed.iterations, depth=parsed.depth)
    from .ismcts import ISMCTSBot

    if parsed.seconds is not None:
        return ISMCTSBot(seed, time_budget=parsed.seconds, depth=parsed.depth)
    return ISMCTSBot(seed, iterations=parsed.iterations, depth=parsed.depth)
