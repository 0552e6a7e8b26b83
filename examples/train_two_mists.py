"""Teach a numpy-only policy to play Two Mists against random bots (REINFORCE with a baseline).

What it shows: the Gymnasium env (``cardtable.rl.gym_env``) is an ordinary single-agent MDP once the
other seats are bots, the legal-action mask in ``info["action_mask"]`` is all a policy needs to never
make an illegal move, and a plain policy gradient learns something measurable in a few minutes on a
laptop CPU — no torch, no GPU.

The policy is a masked softmax over the 15 action indices, with logits from a tiny two-layer network
(``tanh`` hidden layer of ``--hidden`` units plus a linear skip path) over the 248-value observation.
Learning is REINFORCE: after every batch of episodes, each decision's log-probability is pushed up by
its advantage (the episode's final reward, +1 win / -1 loss, minus a learned linear value baseline of
the observation), with a small entropy bonus and Adam.

Evaluation plays the *same* ``--eval-games`` deals (same seeds, same bot dice) before and after
training, with the policy sampling its actions as in training, and reports win rates with 95% Wilson
intervals. Run::

    python examples/train_two_mists.py                 # ~3 minutes of training, 2,000 + 2,000 eval games
    python examples/train_two_mists.py --minutes 0.1 --eval-games 200   # a quick smoke run
    python examples/train_two_mists.py --episodes 25600                 # fixed work: same result anywhere

With ``--minutes`` the number of episodes (hence the result) depends on the machine's speed; with
``--episodes`` every run with the same seed is identical.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from dataclasses import dataclass, field

import numpy as np

from cardtable.rl import gym_env


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate (better than p ± 1.96·se at small n or extreme p)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return centre - half, centre + half


@dataclass
class Adam:
    """Adam for a list of numpy parameters (in place)."""

    params: list[np.ndarray]
    lr: float = 3e-3
    b1: float = 0.9
    b2: float = 0.999
    eps: float = 1e-8
    t: int = 0
    m: list[np.ndarray] = field(default_factory=list)
    v: list[np.ndarray] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.m = [np.zeros_like(p) for p in self.params]
        self.v = [np.zeros_like(p) for p in self.params]

    def step(self, grads: list[np.ndarray]) -> None:
        """Gradient *ascent* step."""
        self.t += 1
        for p, g, m, v in zip(self.params, grads, self.m, self.v):
            m *= self.b1
            m += (1 - self.b1) * g
            v *= self.b2
            v += (1 - self.b2) * g * g
            mhat = m / (1 - self.b1 ** self.t)
            vhat = v / (1 - self.b2 ** self.t)
            p += self.lr * mhat / (np.sqrt(vhat) + self.eps)


class Policy:
    """Masked softmax policy: logits = W2·tanh(W1·x + b1) + Ws·x + b2. Starts uniform (all zeros out)."""

    def __init__(self, obs_size: int, n_actions: int, hidden: int, rng: np.random.Generator) -> None:
        self.W1 = rng.normal(0, 1 / math.sqrt(obs_size), (obs_size, hidden)).astype(np.float64)
        self.b1 = np.zeros(hidden)
        self.W2 = np.zeros((hidden, n_actions))  # zero output weights: the untrained policy is uniform
        self.Ws = np.zeros((obs_size, n_actions))
        self.b2 = np.zeros(n_actions)
        self.Wv = np.zeros(obs_size)  # linear value baseline
        self.bv = np.zeros(1)

    @property
    def params(self) -> list[np.ndarray]:
        return [self.W1, self.b1, self.W2, self.Ws, self.b2]

    def probs(self, x: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(hidden activations, action probabilities over the legal actions) for a batch."""
        h = np.tanh(x @ self.W1 + self.b1)
        logits = h @ self.W2 + x @ self.Ws + self.b2
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max(axis=-1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=-1, keepdims=True)
        return h, p

    def act(self, x: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> int:
        _, p = self.probs(x[None, :], mask[None, :])
        return int(rng.choice(len(p[0]), p=p[0]))

    def update(self, xs: np.ndarray, masks: np.ndarray, actions: np.ndarray, returns: np.ndarray,
               opt: Adam, vopt: Adam, entropy: float) -> None:
        """One REINFORCE step on a batch of decisions (mean over decisions)."""
        n = len(actions)
        baseline = xs @ self.Wv + self.bv[0]
        adv = returns - baseline
        h, p = self.probs(xs, masks)
        onehot = np.zeros_like(p)
        onehot[np.arange(n), actions] = 1.0
        # d log p(a) / d logits = onehot - p; entropy gradient: -p * (log p + H), zero off the mask
        logp = np.log(np.where(p > 0, p, 1.0))
        ent = -(p * logp).sum(axis=1, keepdims=True)
        g_logits = (onehot - p) * adv[:, None] + entropy * (-p * (logp + ent))
        g_logits /= n
        gW2 = h.T @ g_logits
        gWs = xs.T @ g_logits
        gb2 = g_logits.sum(axis=0)
        gh = (g_logits @ self.W2.T) * (1 - h * h)
        gW1 = xs.T @ gh
        gb1 = gh.sum(axis=0)
        opt.step([gW1, gb1, gW2, gWs, gb2])
        # value baseline: least squares, ascent on -MSE
        err = returns - baseline
        vopt.step([xs.T @ err / n, np.array([err.mean()])])


def play(env, policy: Policy, rng: np.random.Generator, seed: int | None = None,
         record: list | None = None) -> tuple[float, dict]:
    """One episode; appends (obs, mask, action) per decision to ``record`` when given.

    Returns the final reward and the final ``info`` (which holds the outcome).
    """
    obs, info = env.reset(seed=seed)
    while True:
        mask = info["action_mask"]
        a = policy.act(obs, mask, rng)
        if record is not None:
            record.append((obs, mask, a))
        obs, reward, terminated, truncated, info = env.step(a)
        if terminated or truncated:
            return float(reward), info


def evaluate(policy: Policy, games: int, seed: int, opponents: str) -> dict[str, float]:
    """Win rate over the same ``games`` deals for any policy (the env and dice are seeded alike)."""
    env = gym_env("two-mists", seat=0, opponents=opponents)
    rng = np.random.default_rng(seed)
    wins = 0
    by_char: dict[str, list[int]] = {}
    for g in range(games):
        reward, info = play(env, policy, rng, seed=seed if g == 0 else None)
        wins += reward > 0
        tally = by_char.setdefault(info["outcome"]["details"]["characters"][0], [0, 0])
        tally[0] += reward > 0
        tally[1] += 1
    lo, hi = wilson(wins, games)
    return {"games": games, "wins": wins, "win_rate": wins / games, "ci95": [lo, hi],
            "by_character": {c: round(w / n, 3) for c, (w, n) in sorted(by_char.items())}}


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=3.0, help="training time budget")
    parser.add_argument("--episodes", type=int, default=0,
                        help="train for exactly this many episodes instead (bit-reproducible; 0 = use --minutes)")
    parser.add_argument("--eval-games", type=int, default=2000)
    parser.add_argument("--batch", type=int, default=64, help="episodes per policy update")
    parser.add_argument("--hidden", type=int, default=32)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--opponents", default="random")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)

    rng = np.random.default_rng(args.seed)
    env = gym_env("two-mists", seat=0, opponents=args.opponents, seed=args.seed)
    policy = Policy(env.observation_space.shape[0], env.action_space.n, args.hidden, rng)
    opt = Adam(policy.params, lr=args.lr)
    vopt = Adam([policy.Wv, policy.bv], lr=args.lr)
    eval_seed = args.seed + 1_000_003  # eval deals never seen in training

    t0 = time.perf_counter()
    before = evaluate(policy, args.eval_games, eval_seed, args.opponents)
    t_eval = time.perf_counter() - t0
    print(f"before: {before['win_rate']:.3f} (95% CI {before['ci95'][0]:.3f}-{before['ci95'][1]:.3f})"
          f" over {before['games']} games [{t_eval:.0f}s]; by character {before['by_character']}", flush=True)

    t0 = time.perf_counter()
    episodes = batches = 0
    recent: list[float] = []
    while (episodes < args.episodes if args.episodes else time.perf_counter() - t0 < args.minutes * 60):
        xs, masks, actions, returns = [], [], [], []
        for _ in range(args.batch):
            record: list = []
            reward, _ = play(env, policy, rng, record=record)
            recent.append(reward)
            for obs, mask, a in record:
                xs.append(obs)
                masks.append(mask)
                actions.append(a)
                returns.append(reward)
        policy.update(np.asarray(xs, dtype=np.float64), np.asarray(masks), np.asarray(actions),
                      np.asarray(returns), opt, vopt, args.entropy)
        episodes += args.batch
        batches += 1
        if batches % 50 == 0:
            window = recent[-50 * args.batch:]
            print(f"  {episodes:>6} episodes, {time.perf_counter() - t0:5.0f}s: training win rate "
                  f"{np.mean(np.asarray(window) > 0):.3f}", flush=True)
    train_seconds = time.perf_counter() - t0

    after = evaluate(policy, args.eval_games, eval_seed, args.opponents)
    print(f"after:  {after['win_rate']:.3f} (95% CI {after['ci95'][0]:.3f}-{after['ci95'][1]:.3f})"
          f" over {after['games']} games; trained {episodes} episodes in {train_seconds:.0f}s;"
          f" by character {after['by_character']}", flush=True)
    results = {"opponents": args.opponents, "seed": args.seed, "episodes": episodes,
               "train_seconds": train_seconds, "before": before, "after": after}
    if args.json:
        print(json.dumps(results, indent=2))
    return results


if __name__ == "__main__":
    main()
