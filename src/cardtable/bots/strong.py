"""``strong``: flat Monte Carlo over the options, with the game's heuristic playing every rollout.

Why this shape and not a deeper tree: in these card games one iteration is expensive (a deal, then
tens of actions), so a budget of one second buys a few hundred rollouts at most. A UCT tree spreads them
over many nodes and ends up choosing on a handful of random playouts each; here every rollout goes to
one of the current options and is played by the game's own heuristic (a far better guess of what the
seats will do than uniform moves), then cut off after ``depth`` actions and scored by the game's
position evaluation (or played to the end in a game without one). The heuristic's own pick is the
default: another option replaces it only when it beats it in the same deals (a paired comparison) by a
clear margin — at least ``MIN_GAIN`` and ``CONFIDENCE`` standard errors of the paired difference — so a
tiny budget plays like ``heuristic`` and a larger one improves on it where the evidence says so.

Every round draws one deal (``DealSampler``: the hidden cards redrawn from the seat's view alone) and
one rollout seed, and plays *every* live option in that same deal with that same seed (common random
numbers): the options are compared on equal luck, which removes most of the noise of a small sample.
After a few rounds the options far behind the leader are dropped, so the budget goes to the contenders.

The bot sees only ``view`` and ``decision``; all randomness comes from the ``Rng`` it is handed.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from ..core import Action, Decision, Rng, State
from ..registry import load_game
from .heuristic import load_policy
from .deals import DealSampler

DEFAULT_SECONDS = 1.0
PRUNE_AFTER = 4  # rounds before options far behind the leader are dropped
PRUNE_GAP = 0.25  # ... "far behind": this much lower mean score
MIN_GAIN = 0.01  # an option must beat the heuristic's pick by at least this mean score ...
CONFIDENCE = 1.5  # ... and by this many standard errors of the paired difference (same deals, same seeds)
FALLBACK_DEPTH = 16  # rollout depth for a game that has an evaluation but no default depth
BOUNDARY_CAP = 80  # at most this many actions past the depth while looking for ``rollout_boundary``


@dataclass(frozen=True, slots=True)
class OptionScore:
    """One option after a search: its mean score for the seat (≈ win chance) over ``rollouts``."""

    action: Action
    mean: float
    rollouts: int
    heuristic: bool  # the game's heuristic would play it


@dataclass(frozen=True, slots=True)
class Analysis:
    """A search's result: the options best first (the first is what the bot plays) and what it cost."""

    ranked: tuple[OptionScore, ...]
    rounds: int
    seconds: float

    @property
    def best(self) -> Action:
        return self.ranked[0].action


def rollout_policy(game_id: str) -> Callable[[State, Decision, Rng], Action]:
    """How the seats move inside a rollout: the game's ``strategy.rollout_action(state, decision, rng)``
    when it has one (a cheaper in-deal version of its heuristic), else its heuristic on the acting
    seat's lazy view of the sampled deal."""
    from ..registry import game_facet

    module = game_facet(game_id, "strategy")
    fast = getattr(module, "rollout_action", None) if module is not None else None
    if callable(fast):
        return fast  # type: ignore[no-any-return]
    policy = load_policy(game_id)

    def play(state: State, decision: Decision, rng: Rng) -> Action:
        lazy = getattr(state, "lazy_view", None)
        view = lazy(decision.player) if lazy is not None else state.view(decision.player)
        return policy(view, decision, rng)

    return play


class StrongBot:
    """Flat Monte Carlo with heuristic rollouts, a time budget (seconds) or a fixed number of rounds."""

    def __init__(self, game_id: str, seed: int = 0, time_budget: float | None = None, rounds: int | None = None,
                 depth: int | None = None) -> None:
        if time_budget is None and rounds is None:
            time_budget = DEFAULT_SECONDS
        self.game_id = game_id
        self.time_budget, self.rounds, self.depth = time_budget, rounds, depth
        budget = f"{rounds}" if rounds is not None else f"{time_budget:g}s"
        self.spec = f"strong:{budget}" + ("" if depth is None else f":d{depth}")
        self._rng = Rng(seed)
        self._policy = load_policy(game_id)
        self._rollout = rollout_policy(game_id)
        self.total_rollouts = 0  # over all searches so far (speed measurement)
        self.total_seconds = 0.0
        self.searches = 0
        self._boundary: Callable[[State], bool] = lambda state: True

    def act(self, view: Mapping[str, Any], decision: Decision, rng: Rng | None = None) -> Action:
        if len(decision.options) == 1:
            return decision.options[0]
        return self.analyse(view, decision, rng).best

    def analyse(self, view: Mapping[str, Any], decision: Decision, rng: Rng | None = None) -> Analysis:
        """Search ``decision`` from ``view`` and rank its options (best first)."""
        rng = rng or self._rng
        started = time.perf_counter()
        options = decision.options
        guess = self._policy(view, decision, Rng(rng.next64()))
        if guess not in options:  # a policy must answer an option; never trust it blindly
            guess = options[0]
        if len(options) == 1:
            return Analysis((OptionScore(options[0], 0.5, 0, True),), 0, 0.0)
        game = load_game(str(view["game"]))
        me = decision.player
        evaluate = game.evaluate
        depth = None
        if evaluate is not None:
            depth = self.depth if self.depth is not None else (game.rollout_depth or FALLBACK_DEPTH)
        self._boundary = game.rollout_boundary
        deals = DealSampler(game, view)
        totals = {o: 0.0 for o in options}
        counts = {o: 0 for o in options}
        scores: dict[Action, list[float | None]] = {o: [] for o in options}  # per round (None: not played)
        live = list(options)
        rounds = 0
        while len(live) > 1:
            if self.rounds is not None and rounds >= self.rounds:
                break
            if self.time_budget is not None and rounds > 0 and time.perf_counter() - started >= self.time_budget:
                break
            deal = deals.sample(rng)
            seed = rng.next64()
            for o in options:
                late = rounds > 0 and self._over(started)  # a long round stops at the budget, options unplayed
                score = self._playout(deal, o, me, Rng(seed), depth, evaluate) if o in live and not late else None
                scores[o].append(score)
                if score is not None:
                    totals[o] += score
                    counts[o] += 1
            rounds += 1
            if rounds >= PRUNE_AFTER:
                live = self._prune(live, totals, counts, guess)

        def mean(o: Action) -> float:
            return totals[o] / counts[o] if counts[o] else -1.0

        ranked = sorted(options, key=lambda o: (mean(o), o == guess), reverse=True)
        best = next((o for o in ranked if o != guess and _clearly_better(scores[o], scores[guess])), guess)
        ranked = [best] + [o for o in ranked if o != best]
        seconds = time.perf_counter() - started
        self.total_rollouts += sum(counts.values())
        self.total_seconds += seconds
        self.searches += 1
        return Analysis(tuple(OptionScore(o, max(0.0, mean(o)) if counts[o] else 0.5, counts[o], o == guess)
                              for o in ranked), rounds, seconds)

    def _over(self, started: float) -> bool:
        return self.time_budget is not None and time.perf_counter() - started >= self.time_budget

    def _prune(self, live: list[Action], totals: dict[Action, float], counts: dict[Action, int],
               guess: Action) -> list[Action]:
        means = {o: totals[o] / counts[o] for o in live if counts[o]}
        if not means:
            return live
        top = max(means.values())
        kept = [o for o in live if o == guess or (o in means and means[o] >= top - PRUNE_GAP)]
        return kept if kept else live

    def _playout(self, deal: State, option: Action, me: int, rng: Rng, depth: int | None,
                 evaluate: Callable[[State, int], float] | None) -> float | None:
        """The seat's score after ``option`` in a copy of ``deal`` and a heuristic rollout; None if the
        sampled deal refuses the option (a deal may differ from the real one in what is legal)."""
        state = deal.clone()
        decision = state.decision
        if decision is None or decision.player != me or option not in decision.options:
            return None
        state.apply(option)
        policy = self._rollout
        steps = 0
        limit = None if depth is None else depth + BOUNDARY_CAP
        while not state.is_terminal:
            if depth is not None and steps >= depth and (steps >= limit or self._boundary(state)):  # type: ignore[operator]
                break  # cut at a position the evaluation can be trusted at (the game's rollout boundary)
            d = state.decision
            assert d is not None
            options = d.options
            state.apply(options[0] if len(options) == 1 else policy(state, d, rng))
            steps += 1
        outcome = state.outcome
        if outcome is not None:
            return float(outcome.scores.get(me, 0.0))
        assert evaluate is not None
        return min(1.0, max(0.0, float(evaluate(state, me))))

    @property
    def rollouts_per_second(self) -> float:
        return self.total_rollouts / self.total_seconds if self.total_seconds > 0 else 0.0


def _clearly_better(challenger: list[float | None], incumbent: list[float | None]) -> bool:
    """Whether ``challenger`` beats ``incumbent`` over the rounds both were played in (same deal, same seed):
    a mean paired gain of at least ``MIN_GAIN`` and ``CONFIDENCE`` standard errors."""
    diffs = [a - b for a, b in zip(challenger, incumbent) if a is not None and b is not None]
    n = len(diffs)
    if n < 2:
        return False
    gain = sum(diffs) / n
    var = sum((d - gain) ** 2 for d in diffs) / (n - 1)
    return gain >= MIN_GAIN and gain >= CONFIDENCE * math.sqrt(var / n)


__all__ = ["Analysis", "OptionScore", "StrongBot", "rollout_policy"]
