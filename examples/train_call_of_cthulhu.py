"""Train a masked policy to play Call of Cthulhu against the random bot (sb3-contrib MaskablePPO).

What it shows: the Gymnasium env (``cardtable.rl.gym_env``) of a card game — the agent in seat 0, a bot in
the other seat — is an ordinary single-agent MDP; the legal-action mask in ``info["action_mask"]`` is all a
masked policy needs to never make an illegal move; and an off-the-shelf algorithm learns from the
generic card-game observation (``docs/rl.md``) with no game-specific code.

Needs the optional extra ``cardtable[train]`` (sb3-contrib, a CPU build of torch, matplotlib)::

    pip install 'cardtable[train]'
    python examples/train_call_of_cthulhu.py --minutes 30              # what produced docs/rl-learning-curve.png
    python examples/train_call_of_cthulhu.py --timesteps 2048 --eval-games 20 --plot /tmp/curve.png   # smoke run

It writes a learning-curve plot (the agent's win rate against the random bot over training episodes, a
rolling mean with its Wilson 95% band) and prints / returns an evaluation of the trained policy (masked,
deterministic) and, for scale, of a uniformly random legal policy, against the random bot and the
heuristic bot — each a win rate over ``--eval-games`` games with its Wilson 95% interval. Evaluation
games use seeds disjoint from the training stream.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path
from typing import Any, Callable, Sequence

import gymnasium
import numpy as np

from cardtable.rl import gym_env

GAME = "call-of-cthulhu"
EVAL_SEED = 1_000_003  # evaluation deals: a stream disjoint from training's


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate (honest at small n and near 0 or 1)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return centre - half, centre + half


class MaskFromInfo(gymnasium.Wrapper):  # type: ignore[misc]
    """Exposes the env's last ``info["action_mask"]`` as ``action_masks()``, which MaskablePPO asks for."""

    def __init__(self, env: gymnasium.Env) -> None:
        super().__init__(env)
        self._mask = np.ones(env.action_space.n, dtype=bool)

    def reset(self, **kwargs: Any) -> tuple[np.ndarray, dict[str, Any]]:
        obs, info = self.env.reset(**kwargs)
        self._mask = info["action_mask"].astype(bool)
        return obs, info

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        obs, reward, terminated, truncated, info = self.env.step(action)
        self._mask = info["action_mask"].astype(bool)
        return obs, reward, terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        return self._mask


def make_env(opponent: str, seed: int) -> Callable[[], gymnasium.Env]:
    def build() -> gymnasium.Env:
        from stable_baselines3.common.monitor import Monitor

        return Monitor(MaskFromInfo(gym_env(GAME, seat=0, opponents=opponent, seed=seed)))
    return build


def evaluate(choose: Callable[[np.ndarray, np.ndarray], int], opponent: str, games: int, seed: int) -> dict[str, Any]:
    """Win rate of ``choose(obs, mask) -> index`` in seat 0 against ``opponent`` over ``games`` seeded games."""
    env = gym_env(GAME, seat=0, opponents=opponent)
    wins = draws = 0
    for g in range(games):
        obs, info = env.reset(seed=seed + g)
        done = False
        reward = 0.0
        while not done:
            obs, reward, terminated, truncated, info = env.step(choose(obs, info["action_mask"]))
            done = terminated or truncated
        wins += reward > 0
        draws += reward == 0
    lo, hi = wilson(wins, games)
    return {"opponent": opponent, "games": games, "wins": wins, "no_winner": draws, "win_rate": wins / games,
            "wilson95": [lo, hi]}


def rolling_curve(wins: Sequence[int], window: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Episode index, rolling win rate and its Wilson band over the last ``window`` episodes."""
    x, rate, lo, hi = [], [], [], []
    for end in range(window, len(wins) + 1, max(1, window // 10)):
        w = int(sum(wins[end - window:end]))
        a, b = wilson(w, window)
        x.append(end)
        rate.append(w / window)
        lo.append(a)
        hi.append(b)
    return np.array(x), np.array(rate), np.array(lo), np.array(hi)


def plot(wins: Sequence[int], timesteps: Sequence[int], path: Path, evals: dict[str, Any], minutes: float) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    window = max(10, min(200, len(wins) // 5))
    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=110)
    if len(wins) >= window:
        x, rate, lo, hi = rolling_curve(wins, window)
        ax.plot(x, rate, color="tab:blue", label=f"MaskablePPO vs random bot (rolling {window} episodes)")
        ax.fill_between(x, lo, hi, color="tab:blue", alpha=0.2, label="Wilson 95% band")
    base = evals.get("random_policy_vs_random")
    if base:
        ax.axhline(base["win_rate"], color="grey", ls="--",
                   label=f"uniform random policy vs random bot ({base['win_rate']:.2f})")
    final = evals.get("trained_vs_random")
    if final:
        ax.axhline(final["win_rate"], color="tab:green", ls=":",
                   label=f"trained, evaluated vs random bot ({final['win_rate']:.2f})")
    ax.set_xlabel("training episode")
    ax.set_ylabel("win rate (seat 0)")
    ax.set_ylim(0, 1)
    steps = timesteps[-1] if timesteps else 0
    ax.set_title(f"Call of Cthulhu: MaskablePPO, {len(wins):,} episodes / {steps:,} agent steps "
                 f"({minutes:.0f} min wall clock)", fontsize=10)
    ax.legend(loc="lower right", fontsize=8)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=None, help="train for this long (wall clock)")
    parser.add_argument("--timesteps", type=int, default=None, help="train for this many agent steps")
    parser.add_argument("--n-envs", type=int, default=8, help="games played in parallel (one process)")
    parser.add_argument("--eval-games", type=int, default=200, help="games per evaluation")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", type=Path, default=Path("docs/rl-learning-curve.png"))
    parser.add_argument("--json", type=Path, default=None, help="also write the results here")
    args = parser.parse_args(argv)
    if args.minutes is None and args.timesteps is None:
        args.minutes = 5.0

    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.set_num_threads(1)  # small network, shared CPU: threads would only contend
    venv = DummyVecEnv([make_env("random", args.seed * 1000 + i) for i in range(args.n_envs)])
    model = MaskablePPO("MlpPolicy", venv, n_steps=256, batch_size=256, n_epochs=4, gamma=0.999, gae_lambda=0.95,
                        learning_rate=3e-4, ent_coef=0.01, policy_kwargs={"net_arch": [128, 128]},
                        seed=args.seed, verbose=0, device="cpu")
    wins: list[int] = []
    steps_at: list[int] = []
    deadline = None if args.minutes is None else time.monotonic() + args.minutes * 60

    class Track(BaseCallback):  # type: ignore[misc]
        """Records each finished episode's result; stops at the deadline."""

        def _on_step(self) -> bool:
            for info in self.locals["infos"]:
                episode = info.get("episode")
                if episode is not None:
                    wins.append(int(episode["r"] > 0))
                    steps_at.append(self.num_timesteps)
            return deadline is None or time.monotonic() < deadline

    start = time.monotonic()
    total = args.timesteps if args.timesteps is not None else 10**12
    model.learn(total_timesteps=total, callback=Track())
    trained_minutes = (time.monotonic() - start) / 60

    def trained(obs: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict(obs, action_masks=mask.astype(bool), deterministic=True)
        return int(action)

    rng = np.random.default_rng(args.seed)

    def uniform(obs: np.ndarray, mask: np.ndarray) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    evals = {}
    for name, policy in (("trained", trained), ("random_policy", uniform)):
        for opponent in ("random", "heuristic"):
            evals[f"{name}_vs_{opponent}"] = evaluate(policy, opponent, args.eval_games, EVAL_SEED)
    plot(wins, steps_at, args.plot, evals, trained_minutes)
    results = {"game": GAME, "algorithm": "sb3-contrib MaskablePPO (MlpPolicy 128x128)",
               "episodes": len(wins), "timesteps": int(model.num_timesteps), "train_minutes": trained_minutes,
               "train_win_rate_first_200": float(np.mean(wins[:200])) if wins else None,
               "train_win_rate_last_200": float(np.mean(wins[-200:])) if wins else None,
               "evaluation": evals, "plot": str(args.plot),
               "curve": {"episode_wins": wins, "episode_end_timesteps": steps_at}}
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    for key, e in evals.items():
        lo, hi = e["wilson95"]
        print(f"{key:28s} {e['wins']:4d}/{e['games']} = {e['win_rate']:.3f}  (95% Wilson {lo:.3f}-{hi:.3f})")
    print(f"{len(wins):,} training episodes, {model.num_timesteps:,} agent steps in {trained_minutes:.1f} min; "
          f"plot: {args.plot}")
    return results


if __name__ == "__main__":
    main()
