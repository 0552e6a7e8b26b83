"""The conformance suite of the design contract, as plain functions over any registered game.

``tests/conformance`` runs each check for every game in ``cardtable.registry``; a new game joins by
being registered, nothing else. The checks use only the public API, so they also hold any future
game to it. Each check raises ``AssertionError`` with a message that says which seed and step failed.
"""

from __future__ import annotations

import json
import random
from typing import Any, Callable, Iterator

from ..core import Action, CardtableError, IllegalActionError, State
from ..core.game import GameDefinition
from .. import replay

MALFORMED_ACTIONS: tuple[Any, ...] = (
    None, 7, "take", [], {}, {"player": "0", "kind": "pass"}, {"player": 0}, {"player": 0, "kind": ""},
    {"player": True, "kind": "pass"}, {"player": 0, "kind": "pass", "extra": [1, 2]},
    {"player": 0, "kind": "no-such-action"},
)


MAX_SAMPLES = 12
"""Intermediate states kept per playout. A fifth of the steps are sampled, but a long game (a card
game runs to hundreds of decisions) keeps at most this many, spread over the whole game, so each
check costs about the same per game whatever the game's length."""


def playouts(game: GameDefinition, players: int, seeds: range, max_steps: int = 100_000) -> Iterator[tuple[int, State, list[State]]]:
    """Random games: yields (seed, final state, a few intermediate clones) for each seed."""
    for seed in seeds:
        state = game.new_game(seed=seed, players=players)
        rng = random.Random(seed)
        thinning = random.Random(seed ^ 0x7A11)  # its own stream: short games sample exactly as before
        samples: list[State] = []
        steps = 0
        while not state.is_terminal:
            assert steps < max_steps, f"seed {seed}: no terminal state after {max_steps} steps"
            options = state.legal_actions()
            assert options, f"seed {seed}: a non-terminal state offers no action"
            assert state.to_act == state.decision.player  # type: ignore[union-attr]
            if rng.random() < 0.2:
                samples.append(state.clone())
                if len(samples) > MAX_SAMPLES:
                    del samples[thinning.randrange(len(samples))]
            state.apply(rng.choice(options))
            steps += 1
        assert state.to_act is None and state.decision is None and state.legal_actions() == []
        assert state.outcome is not None
        samples.append(state.clone())
        yield seed, state, samples


STEP_BUDGET = 12_000
"""Random-playout steps a check may spend on its floor of seeds. A game whose random playouts run to
thousands of decisions (a duel that random play drags to its turn cap) gets fewer than ``floor`` seeds,
never fewer than ``MIN_SEEDS``: its games are long enough that each one visits every kind of state."""
MIN_SEEDS = 3


def seed_count(game: GameDefinition, players: int, wanted: int, floor: int = 12, reference_length: int = 30) -> range:
    """Seeds for a check that wants ``wanted`` games of a short game, scaled to this game's length.

    A check's cost grows with the decisions per game; a game of hundreds of decisions (a card game)
    gets proportionally fewer seeds, never fewer than ``floor`` (or ``wanted``, if smaller) — unless
    ``floor`` games alone would pass ``STEP_BUDGET`` steps, then as many as fit (at least
    ``MIN_SEEDS``). The length is the mean of a few seeded random playouts, so the count is
    deterministic. A game's ``conformance_seed_cap`` bounds the count (never below ``MIN_SEEDS``).
    """
    length = _playout_length(game, players)
    scaled = round(wanted * min(1.0, reference_length / max(1, length)))
    floor = max(MIN_SEEDS, min(floor, STEP_BUDGET // max(1, length)))
    count = max(min(wanted, floor), scaled)
    cap = getattr(game, "conformance_seed_cap", None)
    if isinstance(cap, int) and not isinstance(cap, bool):
        count = min(count, max(MIN_SEEDS, cap))
    return range(count)


_LENGTHS: dict[tuple[str, int], int] = {}
LENGTH_SEEDS = 3


def _playout_length(game: GameDefinition, players: int) -> int:
    key = (game.info.id, players)
    if key not in _LENGTHS:
        total = 0
        for seed in range(LENGTH_SEEDS):
            state, rng, steps = game.new_game(seed=seed, players=players), random.Random(seed), 0
            while not state.is_terminal and steps < 100_000:
                state.apply(rng.choice(state.legal_actions()))
                steps += 1
            total += steps
        _LENGTHS[key] = round(total / LENGTH_SEEDS)
    return _LENGTHS[key]


def check_playouts_terminate(game: GameDefinition, players: int, seeds: range) -> int:
    """Random playouts reach a terminal state; every listed action applies. Returns games played."""
    count = 0
    for _seed, state, _ in playouts(game, players, seeds):
        outcome = state.outcome
        assert outcome is not None and set(outcome.scores) == set(range(players))
        assert all(0 <= w < players for w in outcome.winners)
        json.dumps(outcome.to_dict())
        count += 1
    return count


def _foreign_actions(state: State, pool: list[Action]) -> list[Any]:
    """Actions that are not legal now: other seats' versions of legal ones, others seen elsewhere."""
    legal = set(state.legal_actions())
    out: list[Any] = [a for a in pool if a not in legal]
    for a in legal:
        for seat in range(state.players):
            if seat != a.player:
                out.append(Action(seat, a.kind, a.params))
    out.extend(MALFORMED_ACTIONS)
    return out


def check_illegal_actions_change_nothing(game: GameDefinition, players: int, seeds: range, per_state: int = 6) -> int:
    """Unlisted and malformed actions raise ``IllegalActionError`` (with a rule) and leave the state as it was."""
    pool: list[Action] = []
    refused = 0
    for seed, _final, samples in playouts(game, players, seeds):
        rng = random.Random(seed ^ 0x5EED)
        for state in samples:
            pool.extend(state.legal_actions())
            before = state.to_dict()
            candidates = _foreign_actions(state, pool[-200:])
            for bad in rng.sample(candidates, min(per_state, len(candidates))):
                try:
                    state.apply(bad)
                except IllegalActionError as err:
                    assert err.rule and err.message, f"seed {seed}: refusal without rule or message"
                    refused += 1
                else:  # pragma: no cover - a failure path
                    raise AssertionError(f"seed {seed}: {bad!r} was accepted but is not a legal action")
                assert state.to_dict() == before, f"seed {seed}: refusing {bad!r} changed the state"
    return refused


def check_determinism_and_replay(game: GameDefinition, players: int, seeds: range) -> None:
    """Same seed and actions give the same final snapshot; ``replay(record)`` rebuilds it exactly."""
    for seed, state, _ in playouts(game, players, seeds):
        again = game.new_game(seed=seed, players=players)
        for action in state.history:
            again.apply(Action.from_dict(json.loads(json.dumps(action.to_dict()))))
        assert again.to_dict() == state.to_dict(), f"seed {seed}: re-applying the actions diverged"
        record = json.loads(json.dumps(state.record()))
        assert replay(record).to_dict() == state.to_dict(), f"seed {seed}: replay(record) diverged"


_JUNK: tuple[Any, ...] = (None, True, -1, 2**70, 2.5, "x", "", [], {}, [1, "a"], {"kind": 3})


def _places(node: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key or index path in a JSON-like tree (the root excluded)."""
    out = [at] if at else []
    if isinstance(node, dict):
        for k, v in node.items():
            out += _places(v, at + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _places(v, at + (i,))
    return out


def damage(tree: Any, rnd: random.Random) -> Any:
    """A copy of a JSON-like ``tree`` with one random place replaced by junk, deleted or truncated."""
    tree = json.loads(json.dumps(tree))
    where = rnd.choice(_places(tree))
    parent = tree
    for key in where[:-1]:
        parent = parent[key]
    roll = rnd.random()
    if roll < 0.2 and isinstance(parent, dict):
        del parent[where[-1]]
    elif roll < 0.3 and isinstance(parent[where[-1]], list) and parent[where[-1]]:
        parent[where[-1]].pop()
    else:
        parent[where[-1]] = rnd.choice(_JUNK)
    return tree


def check_damaged_records_are_refused_cleanly(game: GameDefinition, players: int, seeds: range,
                                              per_record: int = 25) -> int:
    """A record with one damaged place either still replays or raises ``CardtableError`` — never
    another exception (the CLI and the server turn that error into one readable line).

    Returns how many damaged records were refused, so callers can see the check bit.
    """
    refused = 0
    for seed, state, _ in playouts(game, players, seeds):
        record = state.record()
        rnd = random.Random(seed)
        for _ in range(per_record):
            broken = damage(record, rnd)
            try:
                replay(broken)
            except CardtableError:
                refused += 1
            except Exception as err:  # noqa: BLE001 - the point: nothing else may escape
                raise AssertionError(f"seed {seed}: replay of a damaged record raised {err!r}; record: {broken}") from err
    return refused


def check_snapshot_round_trip(game: GameDefinition, players: int, seeds: range) -> None:
    """``from_dict(to_dict(s))`` equals ``s`` (through JSON) and continues identically."""
    for seed, _state, samples in playouts(game, players, seeds):
        for state in samples:
            snap = json.loads(json.dumps(state.to_dict()))
            restored = game.from_dict(snap)
            assert restored.to_dict() == state.to_dict(), f"seed {seed}: snapshot round trip differs"
            assert restored.legal_actions() == state.legal_actions()
            if not state.is_terminal:
                action = state.legal_actions()[0]
                a, b = state.clone(), restored
                a.apply(action)
                b.apply(action)
                assert a.to_dict() == b.to_dict(), f"seed {seed}: restored state continues differently"


def check_clone_independence(game: GameDefinition, players: int, seeds: range) -> None:
    """Playing on a clone never changes the original."""
    for seed, _state, samples in playouts(game, players, seeds):
        for state in samples:
            before = state.to_dict()
            copy = state.clone()
            rng = random.Random(seed)
            while not copy.is_terminal:
                copy.apply(rng.choice(copy.legal_actions()))
            assert state.to_dict() == before, f"seed {seed}: playing a clone changed the original"


def check_no_leaks(game: GameDefinition, players: int, seeds: range, resamples: int = 3) -> int:
    """Resampling all a seat cannot see leaves its view, log and legal actions identical.

    Also checks that views and logs are JSON-able and that determinization really resamples
    (over the run some hidden part must differ), so the test cannot pass by copying the state.
    """
    checked = 0
    differed = 0
    for seed, _state, samples in playouts(game, players, seeds):
        for state in samples:
            for seat in [None, *range(players)]:
                view, log = state.view(seat), state.log(seat)
                json.dumps(view)
                json.dumps(log)
                for k in range(resamples):
                    sampled = state.determinize(seat, seed=seed * 1000 + k)
                    assert sampled.view(seat) == view, f"seed {seed} seat {seat}: view changed under resampling"
                    assert sampled.log(seat) == log, f"seed {seed} seat {seat}: log changed under resampling"
                    if seat is not None and state.to_act == seat:
                        assert sampled.legal_actions() == state.legal_actions(), \
                            f"seed {seed} seat {seat}: legal actions changed under resampling"
                    differed += _hidden_differs(state, sampled)
                    checked += 1
    assert differed > 0, "determinize never changed any hidden part; it does not resample"
    return checked


def _hidden_differs(state: State, sampled: State) -> int:
    a, b = state.to_dict(), sampled.to_dict()
    keys = set(a) & set(b) - {"events", "history", "seed", "rng"}
    return int(any(a[k] != b[k] for k in keys))


def check_rng_isolation(game: GameDefinition, players: int, seeds: range,
                        search: Callable[[dict[str, Any], Any], Any], per_game: int | None = None) -> None:
    """A bot's search on a state's view does not change the state, nor its next random draw.

    ``per_game``: search at most this many of each playout's sampled states (a search that plays its
    rollouts to the end of a long game costs seconds)."""
    for seed, _state, samples in playouts(game, players, seeds):
        live = [s for s in samples if not s.is_terminal]
        if per_game is not None and len(live) > per_game:
            live = live[:: -(-len(live) // per_game)]
        for state in live:
            before = state.to_dict()
            search(state.view(state.to_act), state.decision)
            assert state.to_dict() == before, f"seed {seed}: a bot's search changed the game state or its RNG"
