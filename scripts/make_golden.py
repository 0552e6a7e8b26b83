"""Regenerate the golden playthrough files (review the diff before committing them)."""

from __future__ import annotations

from cardtable.testing.golden import GOLDEN_GAMES, golden_path, playthrough_text


def main() -> None:
    for game_id, players, seed in GOLDEN_GAMES:
        path = golden_path(game_id, players, seed)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(playthrough_text(game_id, players, seed))
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
