"""What does the PettingZoo layer cost on top of the engine? Random play, both ways, same games.

Why: an RL environment is only useful if it does not bury the engine's speed. This measures random
legal-action play through the full AEC loop (``agent_iter`` + ``last()`` = observe + mask, then
``step``) and, over *the very same games* (same seeds, same actions), the raw engine doing what any
random player must do (``legal_actions()``, one RNG draw, ``apply``). Both are timed in *process CPU
time* and run in alternating rounds, so that a machine busy with other jobs (a shared 2-core box)
distorts neither the rates nor, above all, their ratio.

It also times the *protocol floor*: the same AEC loop on an env whose ``observe`` hands out one
preallocated observation (the mask stays real). That is what the PettingZoo protocol itself costs —
``agent_iter``, ``last()``, the mask, ``step``, the dead-agent steps at the end — before any
observation is computed; the gap between it and the real env is the observation.

And it times the *view route*: the same AEC loop on an env whose observation is built the reference
way, ``encode(view(seat))`` — what every card game's env did before its direct encoder — so the gain of
the direct route is measured in the same run, on the same machine load.

Finally it reports where an env step's time goes (µs per decision for ``view(seat)``, the reference
encoding of that view, the fast ``encode_seat`` route the envs use, the mask and the engine),
measured on the recorded games after the timed rounds.
"""

from __future__ import annotations

import gc
import time
from typing import Any

import numpy as np

from ..core import Action, Rng, mix_seed
from ..registry import game_ids, load_game
from .pettingzoo_env import pettingzoo_env


def _aec_round(env: Any, rng: Rng, budget: float) -> tuple[float, int, list[tuple[int, list[Action]]]]:
    """Play whole games through the AEC loop for about ``budget`` wall seconds.

    Returns (CPU seconds, decisions, [(seed, actions)] of the games played).
    """
    games: list[tuple[int, list[Action]]] = []
    decisions = 0
    wall = time.perf_counter()
    cpu = time.process_time()
    while True:
        env.reset()
        for agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            env.step(int(legal[rng.below(len(legal))]))
        state = env.game_state
        games.append((state.seed, list(state.history)))
        decisions += len(state.history)
        if time.perf_counter() - wall >= budget:
            return time.process_time() - cpu, decisions, games


def _floor_env(env: Any) -> Any:
    """A second env like ``env`` whose observation is one preallocated array (the mask stays real)."""
    floor = pettingzoo_env(env.game_id, players=env.players, seed=0, **env.game_options)
    constant = np.zeros(floor.encoder.size, dtype=np.float32)
    seat_mask, seats = floor.actions.seat_mask, floor._seat

    def observe(agent: str) -> dict[str, np.ndarray]:
        return {"observation": constant, "action_mask": seat_mask(floor._require_state().decision, seats[agent])}

    floor.observe = observe  # type: ignore[method-assign]
    return floor


def _view_route_env(env: Any) -> Any:
    """A second env like ``env`` whose observation and mask come from ``view(seat)`` (the reference route)."""
    slow = pettingzoo_env(env.game_id, players=env.players, seed=0, **env.game_options)
    from_view, seats = slow._observer.from_view, slow._seat

    def observe(agent: str) -> dict[str, np.ndarray]:
        obs, mask = from_view(slow._require_state(), seats[agent])
        return {"observation": obs, "action_mask": mask}

    slow.observe = observe  # type: ignore[method-assign]
    return slow


def _raw_round(game: Any, players: int, options: dict[str, Any], rng: Rng,
               games: list[tuple[int, list[Action]]]) -> float:
    """Replay ``games`` on the bare engine, paying for listing the options and a random draw (CPU s)."""
    cpu = time.process_time()
    for seed, history in games:
        state = game.new_game(seed=seed, players=players, options=options)
        for action in history:
            options_now = state.legal_actions()
            rng.below(len(options_now))  # the random player's draw; the recorded action is applied
            state.apply(action)
    return time.process_time() - cpu


def _breakdown(env: Any, games: list[tuple[int, list[Action]]], limit: int = 2000) -> dict[str, float]:
    """CPU µs per decision of ``view(seat)``, its encoding, ``encode_seat``, mask and engine (legal_actions + apply).

    Timed in bulk over up to ``limit`` recorded decision points, 100 at a time (per-call timers would
    cost as much as what they measure), with the garbage collector paused: the thousands of states
    kept alive for this would otherwise make it, not the code, dominate. Hot in a tight loop, each part
    runs faster than inside the AEC loop, where the engine and PettingZoo evict it from the CPU caches;
    the loop also observes every agent once more at the end of a game.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _timed_parts(env, games, limit)
    finally:
        if was_enabled:
            gc.enable()


def _timed_parts(env: Any, games: list[tuple[int, list[Action]]], limit: int) -> dict[str, float]:
    game, n, opts = env.game, env.players, env.game_options
    states, actions = [], []
    for seed, history in games:
        state = game.new_game(seed=seed, players=n, options=opts)
        for action in history:
            states.append(state.clone())
            actions.append(action)
            state.apply(action)
        if len(states) >= limit:
            break
    if not states:
        return dict.fromkeys(("view", "encode", "encode_seat", "mask", "engine"), 0.0)
    encode = env.encoder.encode
    encode_seat = getattr(env.encoder, "encode_seat", None)
    seat_mask = env.actions.seat_mask
    clock = time.process_time
    t_view = t_encode = t_seat = t_mask = 0.0
    for i in range(0, len(states), 100):
        chunk = states[i:i + 100]
        t0 = clock()
        views = [s.view(s.to_act) for s in chunk]
        t1 = clock()
        for v in views:
            encode(v)
        t2 = clock()
        if encode_seat is not None:
            for s in chunk:
                encode_seat(s, s.to_act)
        t3 = clock()
        for s in chunk:
            seat_mask(s.decision, s.to_act)
        t4 = clock()
        t_view, t_encode, t_seat, t_mask = t_view + t1 - t0, t_encode + t2 - t1, t_seat + t3 - t2, t_mask + t4 - t3
        del views
    t0 = clock()
    for s, a in zip(states, actions):
        s.legal_actions()
        s.apply(a)
    t_engine = clock() - t0
    scale = 1e6 / len(states)
    return {"view": t_view * scale, "encode": t_encode * scale, "encode_seat": t_seat * scale,
            "mask": t_mask * scale, "engine": t_engine * scale}


def pettingzoo_steps_per_second(game_id: str, seconds: float = 3.0, players: int | None = None,
                                seed: int = 0, rounds: int = 6, **options: Any) -> dict[str, Any]:
    """Random play through the AEC env for about ``seconds``, and the raw engine on the same games.

    Returns ``env_steps_per_second`` and ``raw_steps_per_second`` (decisions per CPU second; a decision
    is one ``step`` / ``apply``), ``overhead_ratio`` = raw / env (how many times slower the env is),
    ``floor_steps_per_second`` and ``floor_ratio`` (the protocol floor, see the module docstring),
    ``view_route_steps_per_second`` and ``view_route_ratio`` (the loop with observations built from the view),
    the number of games and decisions, ``per_step_us``: the per-decision cost of ``view``,
    ``encode`` (of that view), ``encode_seat`` (the envs' route), ``mask`` and ``engine``, and
    ``observation_loops``: "compiled" or "python" for a card game (whether its observation's inner loops ran
    compiled: ``card_observation.COMPILED``), None for a game with its own encoder.
    """
    if seconds <= 0:
        raise ValueError("seconds must be positive")
    env = pettingzoo_env(game_id, players=players, seed=seed, **options)
    game = load_game(game_id)
    n = env.players
    env.reset(seed=seed)
    aec_rng = Rng(mix_seed("cardtable.rl.benchmark/aec", seed))
    raw_rng = Rng(mix_seed("cardtable.rl.benchmark/raw", seed))
    floor = _floor_env(env)
    floor_rng = Rng(mix_seed("cardtable.rl.benchmark/floor", seed))
    view_env = _view_route_env(env)
    view_rng = Rng(mix_seed("cardtable.rl.benchmark/view", seed))
    # warm-up: imports, caches, first-call costs
    _aec_round(env, aec_rng, 0.0)
    _aec_round(floor, floor_rng, 0.0)
    _aec_round(view_env, view_rng, 0.0)
    aec_time = raw_time = floor_time = view_time = 0.0
    decisions = floor_decisions = view_decisions = 0
    all_games: list[tuple[int, list[Action]]] = []
    rounds = max(1, rounds)
    budget = seconds / rounds  # wall time of AEC play per round; raw replays and the floor add ~60%
    for _ in range(rounds):
        t, d, games = _aec_round(env, aec_rng, budget)
        aec_time += t
        decisions += d
        raw_time += _raw_round(game, n, env.game_options, raw_rng, games)
        all_games += games
        t, d, _ = _aec_round(floor, floor_rng, budget / 2)
        floor_time += t
        floor_decisions += d
        t, d, _ = _aec_round(view_env, view_rng, budget / 2)
        view_time += t
        view_decisions += d
    env_rate = decisions / aec_time
    raw_rate = decisions / raw_time
    floor_rate = floor_decisions / floor_time
    view_rate = view_decisions / view_time
    return {
        "game": game_id,
        "env": env.metadata["name"],
        "players": n,
        "games": len(all_games),
        "decisions": decisions,
        "clock": "process_time",
        "env_cpu_seconds": aec_time,
        "raw_cpu_seconds": raw_time,
        "env_steps_per_second": env_rate,
        "raw_steps_per_second": raw_rate,
        "overhead_ratio": raw_rate / env_rate,
        "floor_steps_per_second": floor_rate,
        "floor_ratio": raw_rate / floor_rate,
        "view_route_steps_per_second": view_rate,
        "view_route_ratio": raw_rate / view_rate,
        "per_step_us": _breakdown(env, all_games),
        "observation_loops": _observation_loops(env),
    }


def _observation_loops(env: Any) -> str | None:
    """Which inner loops a card game's observation ran (a figure without the compiled ones is another figure)."""
    direct = getattr(env.encoder, "_direct", None)
    if direct is None:
        return None
    return "compiled" if direct.compiled else "python"


def vector_steps_per_second(game_id: str, seconds: float = 2.0, num_envs: int = 8, players: int | None = None,
                            opponents: str = "random", seed: int = 0, **options: Any) -> dict[str, Any]:
    """Random legal play through :func:`~cardtable.rl.vector_env.vector_env` (``num_envs`` games, one process).

    Returns ``agent_steps_per_second`` (the agent seat's decisions, summed over the sub-envs, per CPU second)
    and ``decisions_per_second`` (every seat's, bots included: the engine work done), and the same two for
    Gymnasium's ``SyncVectorEnv`` over ``num_envs`` ``gym_env`` sub-envs, measured in alternating rounds.
    """
    import gymnasium

    from .gym_env import gym_env
    from .vector_env import vector_env

    if seconds <= 0:
        raise ValueError("seconds must be positive")
    ours = vector_env(game_id, num_envs, opponents=opponents, players=players, copy=False, **options)
    sync = gymnasium.vector.SyncVectorEnv(
        [lambda: gym_env(game_id, opponents=opponents, players=players, **options) for _ in range(num_envs)])
    rng = np.random.default_rng(seed)
    totals = {"ours": [0.0, 0, 0], "sync": [0.0, 0, 0]}  # cpu seconds, agent steps, all decisions

    def run(venv: Any, key: str, budget: float, envs: list[Any]) -> None:
        _obs, info = venv.reset(seed=int(rng.integers(1 << 31)))
        done_before = [len(e.game_state.history) for e in envs]
        finished = 0
        cpu, wall, steps = time.process_time(), time.perf_counter(), 0
        while time.perf_counter() - wall < budget:
            masks = info["action_mask"]
            actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks]
            _obs, _r, term, trunc, info = venv.step(np.array(actions))
            steps += int(masks.any(axis=1).sum())
            for i in np.flatnonzero(term | trunc):
                finished += len(envs[i].game_state.history)
        elapsed = time.process_time() - cpu
        live = sum(len(e.game_state.history) for e in envs)
        totals[key][0] += elapsed
        totals[key][1] += steps
        totals[key][2] += finished + live - sum(done_before)

    rounds = 4
    for _ in range(rounds):
        run(ours, "ours", seconds / rounds, ours.envs)
        run(sync, "sync", seconds / rounds, [e.unwrapped for e in sync.envs])
    sync.close()
    out: dict[str, Any] = {"game": game_id, "num_envs": num_envs, "opponents": opponents, "clock": "process_time"}
    for key, (cpu, steps, decisions) in totals.items():
        out[f"{key}_agent_steps_per_second"] = steps / cpu
        out[f"{key}_decisions_per_second"] = decisions / cpu
    return out


def main() -> None:  # pragma: no cover - manual use: python -m cardtable.rl.benchmark
    import argparse
    import json

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=None, help="game id (default: every game, one result each)")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    if args.game is not None:
        print(json.dumps(pettingzoo_steps_per_second(args.game, args.seconds, args.players), indent=2))
        return
    print(json.dumps({g: pettingzoo_steps_per_second(g, args.seconds, args.players) for g in game_ids()}, indent=2))


if __name__ == "__main__":  # pragma: no cover
    main()


__all__ = ["pettingzoo_steps_per_second", "vector_steps_per_second"]
