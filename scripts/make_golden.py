"""Regenerate the golden playthrough files (review the diff before committing them).

Without arguments every existing file is rewritten; ``make_golden.py GAME PLAYERS SEED`` writes (or
rewrites) that one, which is how a game adds a golden playthrough.
"""

from __future__ import annotations

import sys

from cardtable.testing.golden import GOLDEN_GAMES, golden_path, playthrough_text


def main(argv: list[str]) -> None:
    if argv and len(argv) != 3:
        raise SystemExit("usage: make_golden.py [GAME PLAYERS SEED]")
    games = [(argv[0], int(argv[1]), int(argv[2]))] if argv else list(GOLDEN_GAMES)
    for game_id, players, seed in games:
        path = golden_path(game_id, players, seed)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(playthrough_text(game_id, players, seed))
        print(f"wrote {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
