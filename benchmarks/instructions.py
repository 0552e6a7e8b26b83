"""Instructions per decision of seeded random play, counted by valgrind's cachegrind: an A/B measure
that a shared machine's load does not move.

Why this script exists: on a shared 2-core machine the same code's random-play rate moves by ±10%
from one run to the next, so a change worth 1–3% cannot be seen in CPU time. The number of machine
instructions a run executes hardly moves at all (hash randomisation moved it by about ±1%, so the runs
fix ``PYTHONHASHSEED=0``), so two source trees are compared by it. It is a proxy, not a speed: a change that saves instructions in the
interpreter's slowest paths (an import, an allocation) saves more time than its count suggests.

It plays the same seeded games (seeds 0, 1, ... with ``random.Random(20240601).choice``) under
``valgrind --tool=cachegrind --cache-sim=no`` twice, once for ``--games N`` and once for none, and
divides the difference (so start-up and imports cancel) by the number of decisions.

Usage::

    python benchmarks/instructions.py --game mythos --players 2 --games 20
    python benchmarks/instructions.py --src /tmp/old/src --game mythos   # another checkout's tree
    python benchmarks/instructions.py --game mythos --players 4 --env    # the RL env's AEC loop too
    python benchmarks/instructions.py --game mythos --players 4 --split  # the AEC step split in three

Needs valgrind (Debian: ``apt-get install valgrind``). A 20-game Mythos run takes about 30 s.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

PLAY = """
import random, sys
sys.path.insert(0, {src!r})
import cardtable
game = cardtable.load_game({game!r})
game.new_game(seed=0, players={players})  # load the cards in both runs
choose = random.Random(20240601).choice
decisions = 0
for seed in range({games}):
    state = game.new_game(seed=seed, players={players})
    while not state.is_terminal:
        state.apply(choose(state.legal_actions()))
        decisions += 1
print("decisions", decisions)
"""

# the PettingZoo AEC loop (observe + mask + step), what an RL agent's environment costs, three ways over its own
# games: the env as it is ("real", what ``--env`` counts), the env with one constant observation and the real mask
# ("floor": what the PettingZoo protocol costs), and the bare engine replaying them ("raw": the same random draws,
# so the same games); real - floor is the observation, floor - raw the protocol
PLAY_SPLIT = """
import random, sys
sys.path.insert(0, {src!r})
from cardtable.rl import pettingzoo_env
from cardtable.rl.benchmark import _floor_env
env = pettingzoo_env({game!r}, players={players}, seed=0)
if {mode!r} == "floor":
    env = _floor_env(env)
env.reset(seed=0)  # load the cards and build the encoder in both runs
choose = random.Random(20240601).choice
decisions = 0
for seed in range({games}):
    env.reset(seed=seed)
    if {mode!r} == "raw":
        state = env.game_state
        while not state.is_terminal:
            state.apply(choose(state.legal_actions()))
            decisions += 1
        continue
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(choose(obs["action_mask"].nonzero()[0].tolist()))
        decisions += 1
print("decisions", decisions)
"""


def count(src: str, game: str, players: int, games: int, env_loop: bool = False,
          split: str | None = None) -> tuple[int, int]:
    """(instructions, decisions) of one run under cachegrind: the bare engine, or one of ``PLAY_SPLIT``'s three
    loops (``split``: real, floor or raw; ``env_loop`` is the real one)."""
    if env_loop or split is not None:
        code = PLAY_SPLIT.format(src=src, game=game, players=players, games=games, mode=split or "real")
    else:
        code = PLAY.format(src=src, game=game, players=players, games=games)
    # a fixed hash seed: a random one moves set and dict layouts, and with them the count, by about ±1%
    env = {**os.environ, "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1"}
    done = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                           sys.executable, "-c", code], capture_output=True, text=True, check=False, env=env)
    if done.returncode != 0:
        raise SystemExit(f"instructions: the run failed:\n{done.stderr[-2000:]}")
    refs = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    played = re.search(r"decisions (\d+)", done.stdout)
    if refs is None or played is None:
        raise SystemExit("instructions: valgrind printed no instruction count")
    return int(refs.group(1).replace(",", "")), int(played.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--src", default=str(Path(__file__).resolve().parent.parent / "src"),
                        help="the source tree to measure (default: this checkout's src)")
    parser.add_argument("--game", default="mythos")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--env", action="store_true",
                        help="also count the PettingZoo AEC loop (observe + mask + step) over seeded games, and "
                             "print its ratio to the bare engine's count")
    parser.add_argument("--split", action="store_true",
                        help="instead, count one AEC step three ways over the loop's own games: as it is, with a "
                             "constant observation, and the bare engine replaying them; print the observation's "
                             "and the protocol's share")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("instructions: valgrind is not installed (Debian: apt-get install valgrind)")
    if args.games < 1:
        raise SystemExit("instructions: --games must be at least 1")
    if args.split:
        print_split(args.src, args.game, args.players, args.games)
        return
    total, decisions = count(args.src, args.game, args.players, args.games)
    base, _ = count(args.src, args.game, args.players, 0)
    if decisions == 0:
        raise SystemExit("instructions: the games had no decision")
    per = (total - base) / decisions
    print(f"{args.game}, {args.players} players, {args.games} seeded random games ({decisions} decisions), "
          f"{args.src}: {per:,.0f} instructions per decision")
    if args.env:
        # other games than the bare run's (the env draws its own deals), so the ratio is of averages
        total, decisions = count(args.src, args.game, args.players, args.games, env_loop=True)
        base, _ = count(args.src, args.game, args.players, 0, env_loop=True)
        looped = (total - base) / decisions
        print(f"  AEC loop ({decisions} decisions): {looped:,.0f} instructions per decision, "
              f"{looped / per:.2f}x the bare engine's")


def print_split(src: str, game: str, players: int, games: int) -> None:
    """``--split``: instructions per AEC step as it is, with a constant observation, and on the bare engine
    (same games), and what the observation and the protocol add."""
    per: dict[str, float] = {}
    decisions = 0
    for mode in ("real", "floor", "raw"):
        total, decisions = count(src, game, players, games, split=mode)
        base, _ = count(src, game, players, 0, split=mode)
        if decisions == 0:
            raise SystemExit("instructions: the games had no decision")
        per[mode] = (total - base) / decisions
    print(f"{game}, {players} players, {games} seeded games through the AEC loop ({decisions} decisions), {src}:")
    print(f"  AEC step {per['real']:,.0f}  constant observation {per['floor']:,.0f}  bare engine {per['raw']:,.0f}"
          f" instructions per decision")
    print(f"  observation {per['real'] - per['floor']:,.0f}, protocol {per['floor'] - per['raw']:,.0f}; "
          f"AEC step {per['real'] / per['raw']:.2f}x the bare engine's")


if __name__ == "__main__":
    main()
