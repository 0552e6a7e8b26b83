"""A golden Call of Cthulhu playthrough: one seeded game, every step, reproduced exactly on every run.

Why: any change to the rules, the card texts, logging, visibility or randomness shows up as a readable
diff of this text. It is the Two Mists golden format (``cardtable.testing.golden``: the public log, each
decision with its options and the action taken, the outcome, a hash of the final snapshot) plus, after
every step, what each seat may know: the new entries of each seat's own log and a hash of each seat's
view and of the spectator's view — so a leak of hidden information changes the file too.

The game is not yet the registry's ``GAME`` (the conftest registers ``DEFINITION``), so the file lives
here and not in ``tests/golden`` (whose test loads every game from the registry alone). Regenerate it
deliberately, and review the diff, with::

    CARDTABLE_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest tests/games/call_of_cthulhu/test_golden_coc.py
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from cardtable.testing.golden import playthrough_text

GAME, PLAYERS, SEED = "call-of-cthulhu", 2, 14
GOLDEN = Path(__file__).resolve().parent / "golden" / f"{PLAYERS}p-seed{SEED}.txt"


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:16]


def seat_lines(game_id: str, players: int, seed: int) -> list[str]:
    """Replay the same game (same chooser) and write, after setup and each step, each seat's new log
    entries and the hashes of every view (seats, then the spectator)."""
    import random

    from cardtable.registry import load_game

    state = load_game(game_id).new_game(seed=seed, players=players)
    chooser = random.Random(seed)
    seen = [0] * players
    lines: list[str] = []
    step = 0
    while True:
        lines.append(f"after step {step}: views " + " ".join(_digest(state.view(s)) for s in [*range(players), None]))
        for s in range(players):
            log = state.log(s)
            lines.extend(f"  seat {s} sees " + json.dumps(e, sort_keys=True) for e in log[seen[s]:])
            seen[s] = len(log)
        if state.is_terminal:
            return lines
        action = chooser.choice(state.legal_actions())
        state.apply(action)
        step += 1


def golden_text() -> str:
    return playthrough_text(GAME, PLAYERS, SEED) + "\n# what each seat knows\n" + "\n".join(seat_lines(GAME, PLAYERS, SEED)) + "\n"


def test_golden_call_of_cthulhu_playthrough_is_reproduced() -> None:
    """Seed 14: a game of about 500 decisions with card abilities, insanity and three
    stories won; every decision, log entry (public and per seat) and view must match the stored file."""
    text = golden_text()
    if os.environ.get("CARDTABLE_REGENERATE_GOLDEN"):
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(text)
    assert GOLDEN.exists(), f"missing {GOLDEN}: regenerate it (module docstring)"
    expected = GOLDEN.read_text()
    assert text == expected, "the playthrough changed: review it and regenerate the golden file (module docstring)"


def test_the_golden_playthrough_is_deterministic_and_replays_from_its_record() -> None:
    """Same seed, same actions: the same text twice; the game's record replays to the same snapshot."""
    import cardtable
    from cardtable.registry import load_game

    assert golden_text() == golden_text()
    import random

    state = load_game(GAME).new_game(seed=SEED, players=PLAYERS)
    chooser = random.Random(SEED)
    while not state.is_terminal:
        state.apply(chooser.choice(state.legal_actions()))
    again = cardtable.replay(state.record())
    assert again.to_dict() == state.to_dict()
