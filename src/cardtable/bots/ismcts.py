"""Generic single-observer information-set MCTS (SO-ISMCTS), usable with every game.

Why this shape: a bot only has its seat's view, so each iteration first *determinizes* — asks for a
full state consistent with that view (hidden cards, pile orders and other seats' secrets resampled:
``DealSampler``, which builds the first deal with ``GameDefinition.sample_state`` and the next ones
by cloning it and redrawing the hidden cards) — and then searches in that sampled deal. Statistics are shared
across deals by keying tree nodes on the observer's own action history from the root (its
information set as far as its own choices go), so the search averages over what the observer cannot
know instead of trusting one guess. Other seats' moves, and the observer's moves below the tree, are
played by a uniformly random rollout policy to the end of the game, and the observer's score from the
outcome (e.g. 1 win / 0 loss) is backed up. UCB1 with availability counts handles actions
that are legal in some deals only.

Long games (hundreds of decisions) make full random playouts both slow and noisy. A game may therefore
declare a position evaluation (``GameDefinition.evaluate(state, seat)``, a score in [0, 1]) and a
default rollout depth (``GameDefinition.rollout_depth``): an iteration then stops after that many
actions (tree and rollout together) and backs up the evaluation instead of an outcome. A spec may name
the depth (``ismcts:64:d30``); a game without an evaluation always plays rollouts to the end, which
keeps ``ismcts:N`` exactly what it was for such games.

Nothing here knows a game noun. All randomness comes from the ``Rng`` handed to ``act`` (or the bot's
own), never from a game state, so running the bot cannot change a game.
"""

from __future__ import annotations

import math
import time
from typing import Any, Callable, Mapping

from ..core import Action, Decision, Rng, State
from ..registry import load_game
from .deals import DealSampler


class _Node:
    """Statistics of one observer action history: visits, summed reward, and availability."""

    __slots__ = ("children", "visits", "reward", "avail")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 0


class ISMCTSBot:
    """SO-ISMCTS with an iteration budget or a wall-clock budget (seconds)."""

    def __init__(self, seed: int = 0, iterations: int | None = None, time_budget: float | None = None,
                 exploration: float = 0.7, depth: int | None = None, fast_deals: bool = True) -> None:
        if iterations is None and time_budget is None:
            iterations = 200
        self.iterations = iterations
        self.time_budget = time_budget
        self.exploration = exploration
        self.depth = depth  # None: the game's default rollout depth (none: to the end)
        # deals after the first by ``DealSampler`` (a clone with the hidden cards redrawn) rather than a
        # ``sample_state`` each; False gives the old path (the speed benchmark compares the two)
        self.fast_deals = fast_deals
        self.spec = (f"ismcts:{iterations}" if time_budget is None else f"ismcts:{time_budget:g}s") + \
            ("" if depth is None else f":d{depth}")
        self._rng = Rng(seed)
        self.total_iterations = 0  # over all searches so far (speed measurement)
        self.total_seconds = 0.0
        self.searches = 0

    def act(self, view: Mapping[str, Any], decision: Decision, rng: Rng | None = None) -> Action:
        options = decision.options
        if len(options) == 1:
            return options[0]
        rng = rng or self._rng
        game = load_game(str(view["game"]))
        observer = decision.player
        allowed = set(options)
        evaluate = game.evaluate
        depth = (self.depth if self.depth is not None else game.rollout_depth) if evaluate is not None else None
        root = _Node()
        deals = DealSampler(game, view) if self.fast_deals else None
        started = time.perf_counter()
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if self.time_budget is not None and done > 0 and time.perf_counter() - started >= self.time_budget:
                break
            state = deals.sample(rng) if deals is not None else game.sample_state(view, [], seed=rng.next64())
            self._iterate(state, root, observer, allowed, Rng(rng.next64()), depth, evaluate)
            done += 1
        self.total_iterations += done
        self.total_seconds += time.perf_counter() - started
        self.searches += 1
        best = max(options, key=lambda a: _rank(root.children.get(a)))
        return best

    def _iterate(self, state: State, root: _Node, observer: int, allowed: set[Action], rng: Rng,
                 depth: int | None = None, evaluate: Callable[[State, int], float] | None = None) -> None:
        node: _Node | None = root
        path: list[_Node] = []
        first = True
        steps = 0
        while not state.is_terminal:
            if depth is not None and steps >= depth:
                break
            steps += 1
            decision = state.decision
            assert decision is not None
            options = decision.options
            if node is not None and decision.player == observer:
                if first:  # the root must offer exactly the real options
                    options = tuple(a for a in options if a in allowed) or options
                    first = False
                action, child, expanded = self._select(node, options, rng)
                path.append(child)
                state.apply(action)
                node = None if expanded else child  # below a new node: roll out
            else:
                state.apply(options[rng.below(len(options))])
        outcome = state.outcome
        if outcome is not None:
            reward = float(outcome.scores.get(observer, 0.0))
        else:  # cut off at ``depth``: the game's evaluation scores the position
            assert evaluate is not None
            reward = min(1.0, max(0.0, float(evaluate(state, observer))))
        for n in path:
            n.visits += 1
            n.reward += reward

    def _select(self, node: _Node, options: tuple[Action, ...], rng: Rng) -> tuple[Action, _Node, bool]:
        """UCB1 over the options legal in this deal; expand an untried one first."""
        children = node.children
        untried = []
        for a in options:
            child = children.get(a)
            if child is None:
                untried.append(a)
            else:
                child.avail += 1
        if untried:
            a = untried[rng.below(len(untried))]
            child = children[a] = _Node()
            child.avail = 1
            return a, child, True
        c = self.exploration
        best_score = -math.inf
        best_action = options[0]
        for a in options:
            ch = children[a]
            if ch.visits == 0:
                score = math.inf
            else:
                score = ch.reward / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
            if score > best_score:
                best_score, best_action = score, a
        return best_action, children[best_action], False

    @property
    def iterations_per_second(self) -> float:
        return self.total_iterations / self.total_seconds if self.total_seconds > 0 else 0.0


def _rank(node: _Node | None) -> tuple[int, float]:
    """Robust child: most visits, then best mean reward."""
    if node is None:
        return (-1, 0.0)
    return (node.visits, node.reward / node.visits if node.visits else 0.0)
