"""A golden Million Arthur playthrough: one seeded game, every step, reproduced exactly on every run.

Why: any change to the rules, the card texts, logging, visibility or randomness shows up as a readable
diff of this text. After every step it records the public log, the decision with its options and the
action taken, each seat's own new log entries and a hash of each seat's view and of the spectator's —
so a leak of hidden information (a face-down chain card, a secret submission, MA-14) changes it too.

Both decks are pinned here card by card (not as ready-deck names, whose lists may change), and cards
are written by their card id rather than their position in the pool, because the pool grows by new
set files in parallel: a new set changes neither this game nor this file. Regenerate it deliberately,
and review the diff, with::

    CARDTABLE_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest tests/games/million_arthur/test_golden_ma.py
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from pathlib import Path
from typing import Any

import cardtable
from cardtable.games.million_arthur import GAME
from cardtable.testing.golden import seat_playthrough_lines

SEED = 15
GOLDEN = Path(__file__).resolve().parent / "golden" / f"2p-seed{SEED}.txt"
DECKS = [
    {"name": "Ember and Thorn (pinned)", "leader": "MAS-L01",
     "cards": {"MAS-R01": 3, "MAS-R02": 3, "MAS-R03": 2, "MAV-R02": 3, "MAS-R05": 3, "MAS-R06": 3, "MAS-G01": 3,
               "MAS-G02": 3, "MAS-G03": 3, "MAS-G04": 1, "MAV-C06": 1, "MAV-G05": 1, "MAV-G01": 3, "MAS-G06": 3,
               "MAS-R07": 3, "MAS-C03": 2}},
    {"name": "Tide and Lantern (pinned)", "leader": "MAS-L02",
     "cards": {"MAS-B01": 3, "MAS-B03": 3, "MAS-Y01": 3, "MAS-Y03": 3, "MAV-B01": 3, "MAV-C01": 1, "MAV-Y05": 1,
               "MAV-B03": 1, "MAV-B02": 3, "MAS-Y05": 3, "MAV-Y02": 3, "MAV-B05": 1, "MAV-P03": 1, "MAV-Y03": 1,
               "MAS-P04": 3, "MAS-P05": 3, "MAS-P06": 2, "MAS-B06": 2}},
]


def _card_id(defn: Any) -> Any:
    return GAME.pool.defs[defn].id if isinstance(defn, int) else defn


def _stable(value: Any) -> Any:
    """A view or snapshot with every definition number written as its card id (pool order drops out)."""
    out = json.loads(json.dumps(value))
    for entry in (out.get("cards") or {}).values():  # a view's cards
        entry["defn"] = _card_id(entry["defn"])
    table = out.get("table")
    if isinstance(table, dict):  # a snapshot's table columns
        table["defn"] = [_card_id(d) for d in table["defn"]]
    for deck in (out.get("options") or {}).get("decks") or []:
        if isinstance(deck, dict):
            deck["leader"] = _card_id(deck.get("leader"))
            if "cards" in deck:
                deck["cards"] = [_card_id(c) for c in deck["cards"]]
    return out


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(_stable(value), sort_keys=True).encode()).hexdigest()[:16]


def _sets() -> dict[str, int]:
    """Versions of the card sets the pinned decks draw on (other sets cannot change this game)."""
    used = {DECKS[p]["leader"] for p in (0, 1)} | {c for d in DECKS for c in d["cards"]}
    return {s.set: s.version for s in GAME.pool.sets if used & {c.id for c in s.cards}}


def golden_text() -> str:
    state = GAME.new_game(seed=SEED, options={"decks": DECKS})
    chooser = random.Random(SEED)
    lines = [f"# million-arthur v{GAME.info.version} players=2 seed={SEED} card_sets={_sets()}"]
    lines += seat_playthrough_lines(state, 2, chooser, _digest)
    return "\n".join(lines) + "\n"


def test_golden_million_arthur_playthrough_is_reproduced() -> None:
    """Seed 15 with the pinned decks: a game of about 700 decisions (deployments, attacks, blocks,
    bursts, chain steps) that ends by HP (MA-1.4); every decision, log entry and view must match."""
    text = golden_text()
    if os.environ.get("CARDTABLE_REGENERATE_GOLDEN"):
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(text)
    assert GOLDEN.exists(), f"missing {GOLDEN}: regenerate it (module docstring)"
    assert text == GOLDEN.read_text(), "the playthrough changed: review it and regenerate the golden file"
    assert "MA-1.4" in text.splitlines()[-2]  # it ends by a leader's HP, not the turn cap


def test_the_golden_game_replays_from_its_record() -> None:
    state = GAME.new_game(seed=SEED, options={"decks": DECKS})
    chooser = random.Random(SEED)
    while not state.is_terminal:
        state.apply(chooser.choice(state.legal_actions()))
    assert cardtable.replay(state.record()).to_dict() == state.to_dict()
