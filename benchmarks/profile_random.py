"""Where does random play spend its time? cProfile over seeded random games of one game.

Why this script exists: ``throughput.py`` says *how fast* an engine plays; to make it faster one needs
to know *where* the time goes. This plays the same seeded random games as ``throughput.py``'s random
play (seed 0, 1, 2, ...; moves drawn by ``random.Random(BOT_SEED).choice``) under ``cProfile`` and prints
the functions with the most own time or the most cumulative time. The games are played once before the
profiled pass, so caches filled once per card pool (the steady state of a long run) do not show up.
Profiling inflates small calls, so read the ranking, not the absolute figures.

Usage::

    python benchmarks/profile_random.py --game mythos --players 4 --games 40
    python benchmarks/profile_random.py --game call-of-cthulhu --sort cumulative --top 40
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
from typing import Sequence

import cardtable

from _games import include_in_progress  # benchmarks/_games.py (this script's folder is on sys.path)

BOT_SEED = 20_240_601  # the same move stream as throughput.py's random play


def play(game_id: str, players: int | None, games: int) -> int:
    """Play ``games`` seeded random games; return the number of decisions made."""
    game = cardtable.load_game(game_id)
    n = game.info.max_players if players is None else players
    choose = random.Random(BOT_SEED).choice
    decisions = 0
    for seed in range(games):
        state = game.new_game(seed=seed, players=n)
        while not state.is_terminal:
            state.apply(choose(state.legal_actions()))
            decisions += 1
    return decisions


def main(argv: Sequence[str] | None = None) -> int:
    include_in_progress()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--game", required=True, metavar="ID")
    parser.add_argument("--players", type=int, metavar="N", help="seats (default: the game's maximum)")
    parser.add_argument("--games", type=int, default=30, help="seeded games to play (default 30)")
    parser.add_argument("--sort", default="tottime", choices=("tottime", "cumulative"))
    parser.add_argument("--top", type=int, default=30, help="rows to print (default 30)")
    args = parser.parse_args(argv)
    play(args.game, args.players, args.games)  # the same games once unprofiled: per-pool caches warm up
    profiler = cProfile.Profile()
    profiler.enable()
    decisions = play(args.game, args.players, args.games)
    profiler.disable()
    print(f"{args.game}: {args.games} games, {decisions} decisions", file=sys.stderr)
    pstats.Stats(profiler, stream=sys.stdout).sort_stats(args.sort).print_stats(args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
