"""Golden playthroughs: a seeded game written out step by step as text, compared on every test run.

Any change in rules, logging or randomness shows up as a readable diff of this text. Regenerate
deliberately with ``python scripts/make_golden.py`` and review the diff before committing it.

Which playthroughs exist is read from the files (``tests/golden/<game id>/<N>p-seed<S>.txt``), so a
game adds golden playthroughs without a line here: ``scripts/make_golden.py GAME PLAYERS SEED``.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from pathlib import Path
from typing import Any, Callable

from ..registry import load_game

GOLDEN_DIR = Path(__file__).resolve().parents[3] / "tests" / "golden"
_NAME = re.compile(r"(\d+)p-seed(\d+)\.txt")


def golden_games(directory: Path = GOLDEN_DIR) -> tuple[tuple[str, int, int], ...]:
    """``(game id, players, seed)`` of every golden file under ``directory``, sorted."""
    found = []
    for path in directory.glob("*/*.txt") if directory.is_dir() else ():
        m = _NAME.fullmatch(path.name)
        if m is not None:
            found.append((path.parent.name, int(m.group(1)), int(m.group(2))))
    return tuple(sorted(found))


GOLDEN_GAMES: tuple[tuple[str, int, int], ...] = golden_games()


def playthrough_text(game_id: str, players: int, seed: int) -> str:
    """The golden text of a game played by a seeded uniform chooser (seed also picks the actions)."""
    game = load_game(game_id)
    state = game.new_game(seed=seed, players=players)
    chooser = random.Random(seed)
    lines = [f"# {game_id} v{game.info.version} players={players} seed={seed} card_sets={game.card_set_versions}"]
    seen = 0
    step = 0
    while True:
        log = state.log(None)
        lines.extend("  " + json.dumps(e, sort_keys=True) for e in log[seen:])
        seen = len(log)
        if state.is_terminal:
            break
        decision = state.decision
        assert decision is not None
        action = chooser.choice(state.legal_actions())
        step += 1
        options = " | ".join(str(o) for o in decision.options)
        lines.append(f"step {step}: seat {decision.player} {decision.kind} [{options}] -> {action}")
        state.apply(action)
    lines.append(f"outcome: {json.dumps(state.outcome.to_dict(), sort_keys=True)}")  # type: ignore[union-attr]
    digest = hashlib.sha256(json.dumps(state.to_dict(), sort_keys=True).encode()).hexdigest()
    lines.append(f"final-snapshot-sha256: {digest}")
    return "\n".join(lines) + "\n"


def seat_playthrough_lines(state: Any, players: int, chooser: random.Random,
                           digest: Callable[[Any], str]) -> list[str]:
    """The golden lines of a card game played to its end by ``chooser``: before each step the hash of every
    seat's view and the spectator's, the new public log entries and what each seat sees differently (its own
    draws), then the decision, its options and the action; at the end the outcome and the final snapshot's
    hash. A leak of hidden information changes a view hash, so it shows in the file."""
    seats: list[int | None] = [None, *range(players)]
    lines: list[str] = []
    seen = {s: 0 for s in seats}
    step = 0
    while True:
        lines.append("views " + " ".join(digest(state.view(s)) for s in [*range(players), None]))
        public = state.log(None)
        for s in seats:
            log = public if s is None else state.log(s)
            fresh = log[seen[s]:]
            if s is not None:
                fresh = [e for e, p in zip(fresh, public[seen[s]:]) if e != p] + fresh[len(public) - seen[s]:]
            who = "all" if s is None else f"seat {s}"
            lines.extend(f"  {who}: " + json.dumps(e, sort_keys=True) for e in fresh)
            seen[s] = len(log)
        if state.is_terminal:
            break
        decision = state.decision
        assert decision is not None
        action = chooser.choice(state.legal_actions())
        step += 1
        lines.append(f"step {step}: seat {decision.player} {decision.kind} "
                     f"[{' | '.join(str(o) for o in decision.options)}] -> {action}")
        state.apply(action)
    lines.append(f"outcome: {json.dumps(state.outcome.to_dict(), sort_keys=True)}")
    lines.append(f"final-snapshot: {digest(state.to_dict())}")
    return lines


def golden_path(game_id: str, players: int, seed: int) -> Path:
    return GOLDEN_DIR / game_id / f"{players}p-seed{seed}.txt"
