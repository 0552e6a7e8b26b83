"""Golden Mythos playthroughs (2 and 3 players): seeded games, every step, reproduced exactly on every run.

Why: any change to the rules, the card texts, logging, visibility or randomness shows up as a readable
diff of this text. After every step it records the public log, the decision with its options and the
action taken, each seat's own new log entries and a hash of each seat's view and of the spectator's —
so a leak of hidden information (a hand, a face-down Threat, a secret investigator side, MY-4.1) changes
it too. It is also the behaviour check for speed work on the rules' hot paths (join options, combat
values): a faster path that plays differently changes this file.

Every deck is pinned here card by card (not as ready-deck names, whose lists may change), and cards are
written by their card id rather than their position in the pool, because the pool grows by new set
files in parallel: a new set changes neither these games nor these files. Regenerate them deliberately,
and review the diff, with::

    CARDTABLE_REGENERATE_GOLDEN=1 .venv/bin/python -m pytest tests/games/mythos/test_golden_my.py
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

import cardtable
from cardtable.games.mythos import GAME
from cardtable.testing.golden import seat_playthrough_lines

HERE = Path(__file__).resolve().parent / "golden"
DECKS: dict[str, dict[str, Any]] = {
    "tide_and_teeth": {"name": "Tide and Teeth (pinned)", "investigator": "MYC-I02",
             "cards": {"MYC-L05": 4, "MYC-L07": 3, "MYC-L10": 2, "MYC-L04": 3, "MYC-L14": 1, "MYC-L11": 2,
              "MYC-L12": 2, "MYC-T01": 3, "MYC-T02": 2, "MYC-T03": 2, "MYC-A02": 4, "MYC-A05": 3,
              "MYC-A06": 2, "MYC-A08": 2, "MYC-W02": 2, "MYC-R02": 2, "MYC-B02": 2, "MYC-B04": 2,
              "MYC-S03": 2, "MYC-S02": 1, "MYC-M01": 4, "MYC-M04": 2, "MYC-M05": 2, "MYC-M06": 1,
              "MYC-G01": 1, "MYC-E05": 2, "MYC-E06": 1, "MYC-E07": 2, "MYC-E02": 1, "MYC-V03": 1,
              "MYC-V05": 1, "MYC-V07": 2, "MYC-E09": 2, "MYC-E11": 1, "MYC-E14": 2}},
    "lamp_and_ledger": {"name": "Lamp and Ledger (pinned)", "investigator": "MYC-I01",
             "cards": {"MYC-L01": 4, "MYC-L02": 4, "MYC-L03": 3, "MYC-L06": 3, "MYC-L09": 2, "MYC-L08": 2,
              "MYC-T04": 2, "MYC-A01": 3, "MYC-A04": 3, "MYC-A07": 3, "MYC-A03": 2, "MYC-R01": 2,
              "MYC-R03": 2, "MYC-W01": 2, "MYC-W03": 1, "MYC-B01": 2, "MYC-B03": 2, "MYC-S01": 2,
              "MYC-S02": 1, "MYC-M02": 3, "MYC-M03": 1, "MYC-G02": 1, "MYC-E01": 1, "MYC-E03": 2,
              "MYC-E04": 2, "MYC-V02": 2, "MYC-V04": 2, "MYC-V06": 1, "MYC-V01": 1, "MYC-V08": 1,
              "MYC-E08": 1, "MYC-E10": 2, "MYC-E12": 1, "MYC-E13": 2}},
    "arcology_signal": {"name": "Arcology Signal (pinned)", "investigator": "MYN-I01",
             "cards": {"MYC-L01": 2, "MYN-L13": 2, "MYN-L01": 3, "MYN-L02": 3, "MYN-L03": 2, "MYN-L04": 2,
              "MYN-L07": 3, "MYN-L06": 2, "MYN-L08": 1, "MYN-L11": 3, "MYN-L10": 2, "MYN-T01": 2,
              "MYN-T02": 2, "MYN-T03": 3, "MYN-T05": 2, "MYN-A01": 2, "MYN-A02": 3, "MYN-A04": 3,
              "MYN-A06": 2, "MYN-A03": 1, "MYN-W01": 2, "MYN-W03": 2, "MYN-W02": 1, "MYN-R01": 2,
              "MYN-B02": 1, "MYN-S01": 2, "MYN-M01": 3, "MYN-M02": 2, "MYN-M04": 1, "MYN-G02": 1,
              "MYN-E01": 1, "MYN-E02": 1, "MYN-E04": 1, "MYN-V01": 2, "MYN-V03": 1, "MYN-V05": 1,
              "MYN-V06": 2}},
    "graves_and_deep_places": {"name": "Graves and Deep Places (pinned)", "investigator": "MYD-I02",
             "cards": {"MYC-L03": 4, "MYC-L01": 2, "MYC-L02": 2, "MYN-L13": 3, "MYN-L05": 2, "MYN-L04": 2,
              "MYN-L01": 2, "MYD-L10": 2, "MYD-L12": 2, "MYD-L11": 1, "MYC-T02": 2, "MYC-T03": 1,
              "MYD-T03": 2, "MYN-T03": 2, "MYN-T04": 1, "MYC-A03": 4, "MYC-A07": 2, "MYN-A03": 3,
              "MYN-A07": 2, "MYD-A05": 2, "MYC-W01": 2, "MYN-W02": 1, "MYD-W02": 1, "MYC-B03": 1,
              "MYC-S02": 2, "MYC-R01": 2, "MYC-M02": 4, "MYD-M02": 3, "MYN-M03": 1, "MYN-G01": 1,
              "MYC-E01": 1, "MYN-E05": 1, "MYC-E13": 1, "MYD-E06": 1, "MYN-E03": 1, "MYC-V04": 2,
              "MYN-V04": 2, "MYD-V05": 1, "MYD-V02": 1, "MYC-V08": 1}},
    "silver_key_dreamers": {"name": "Silver Key Dreamers (pinned)", "investigator": "MYD-I01",
             "cards": {"MYC-L02": 2, "MYD-L14": 2, "MYD-L01": 3, "MYD-L02": 2, "MYD-L03": 2, "MYD-L05": 3,
              "MYD-L07": 2, "MYD-L13": 2, "MYD-L10": 2, "MYD-L11": 1, "MYD-L12": 1, "MYC-T02": 3,
              "MYD-T01": 2, "MYD-T02": 2, "MYD-T03": 2, "MYD-A01": 3, "MYD-A02": 3, "MYD-A03": 2,
              "MYD-A04": 2, "MYD-A05": 2, "MYD-A06": 1, "MYD-W01": 1, "MYD-W02": 2, "MYD-B01": 2,
              "MYD-B02": 1, "MYD-S01": 3, "MYD-S02": 1, "MYD-R01": 2, "MYD-M02": 3, "MYD-M01": 1,
              "MYD-G02": 1, "MYD-E01": 2, "MYD-E03": 1, "MYD-E05": 1, "MYD-V01": 2, "MYD-V02": 2,
              "MYD-V05": 1}},
}
GAMES = {  # players -> (seed, the decks by seat)
    2: (8, ["tide_and_teeth", "lamp_and_ledger"]),
    3: (7, ["arcology_signal", "graves_and_deep_places", "silver_key_dreamers"]),
}


def _options(players: int) -> dict[str, Any]:
    return {"decks": [DECKS[stem] for stem in GAMES[players][1]]}


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
            deck["investigator"] = _card_id(deck.get("investigator"))
            if "cards" in deck:
                deck["cards"] = sorted(_card_id(c) for c in deck["cards"])
    return out


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(_stable(value), sort_keys=True).encode()).hexdigest()[:16]


def _sets(players: int) -> dict[str, int]:
    """Versions of the card sets the pinned decks draw on (other sets cannot change these games)."""
    used = {c for stem in GAMES[players][1] for c in [DECKS[stem]["investigator"], *DECKS[stem]["cards"]]}
    return {s.set: s.version for s in GAME.pool.sets if used & {c.id for c in s.cards}}


def golden_text(players: int) -> str:
    seed = GAMES[players][0]
    state = GAME.new_game(seed=seed, players=players, options=_options(players))
    chooser = random.Random(seed)
    lines = [f"# mythos v{GAME.info.version} players={players} seed={seed} card_sets={_sets(players)}"]
    lines += seat_playthrough_lines(state, players, chooser, _digest)
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("players", sorted(GAMES))
def test_golden_mythos_playthrough_is_reproduced(players: int) -> None:
    """2 players seed 8 (about 280 decisions, 12 rounds) and 3 players seed 7 (about 240 decisions): travel,
    joins, battles and adventures, each ending when an investigator's Sanity reaches 0 (MY-1.3); every
    decision, log entry and view must match the stored file."""
    seed = GAMES[players][0]
    golden = HERE / f"{players}p-seed{seed}.txt"
    text = golden_text(players)
    if os.environ.get("CARDTABLE_REGENERATE_GOLDEN"):
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(text)
    assert golden.exists(), f"missing {golden}: regenerate it (module docstring)"
    assert text == golden.read_text(), "the playthrough changed: review it and regenerate the golden file"
    assert "MY-1.3" in text.splitlines()[-2]  # it ends by Sanity, not a cap


@pytest.mark.parametrize("players", sorted(GAMES))
def test_the_golden_game_replays_from_its_record(players: int) -> None:
    seed = GAMES[players][0]
    state = GAME.new_game(seed=seed, players=players, options=_options(players))
    chooser = random.Random(seed)
    while not state.is_terminal:
        state.apply(chooser.choice(state.legal_actions()))
    assert cardtable.replay(state.record()).to_dict() == state.to_dict()
