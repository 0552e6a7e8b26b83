"""The bots' choices are reproduced exactly: 120 seeded games per line-up, compared with a stored digest.

Why: bot code is optimised for speed (caches, one-pass expectations) and must not change a single
decision by accident; a deliberate change of a bot's policy regenerates the digest:
``python tests/bots/test_bot_regression.py --write``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from cardtable.sim import run_games

DIGEST = Path(__file__).resolve().parents[1] / "golden" / "bots-two-mists.json"
LINEUPS = {
    "4p heuristic+random": (4, ["heuristic", "random", "heuristic", "random"], 120, 5),
    "3p heuristic+ismcts:8+random": (3, ["heuristic", "ismcts:8", "random"], 60, 6),
}


def digest(name: str) -> list[list[object]]:
    players, specs, games, seed = LINEUPS[name]
    return [[r.seed, r.winners, r.length, r.reason] for r in run_games("two-mists", players, specs, games, seed)]


@pytest.mark.parametrize("name", sorted(LINEUPS))
def test_bot_decisions_are_reproduced_exactly(name: str) -> None:
    expected = json.loads(DIGEST.read_text(encoding="utf-8"))[name]
    assert json.loads(json.dumps(digest(name))) == expected


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    DIGEST.write_text(json.dumps({name: digest(name) for name in sorted(LINEUPS)}, indent=0) + "\n", encoding="utf-8")
    print(f"wrote {DIGEST}")
