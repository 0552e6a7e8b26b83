"""The card-game CLI on Mythos, now that it is registered: ``play`` at three seats with a ready deck per
seat (the shared card table, the secret side choice of MY-4.1 in words), ``cards``, ``decks`` and
``deck validate`` (exit codes, every broken rule by its MY-2 ID), through typer's CliRunner."""

from __future__ import annotations

import re
from pathlib import Path

import cardtable
from cardtable.cli import app

GAME = "mythos"
DECKS = Path(cardtable.__file__).parent / "games" / "mythos" / "decks"
ONES = "1\n" * 6000

BAD_DECK = """name: Broken
investigator: MYC-I02
cards:
  MYC-I02: 1
  MYC-L05: 9
"""


def _ok(result, code: int = 0) -> str:
    assert result.exit_code == code, (result.output, result.exception)
    assert "Traceback" not in result.output
    return result.output


def test_the_game_is_listed_for_2_to_4_players(runner) -> None:
    out = _ok(runner.invoke(app, ["games"]))
    assert re.search(r"mythos\s+Mythos\s+2-4", out), out


def test_a_person_plays_three_seats_with_chosen_decks_and_reads_the_table(runner, in_tmp) -> None:
    """Human (always the first choice) against two random bots for two rounds, each seat with a named
    ready deck: the side choice reads as the investigator's sides (MY-4.1), the table shows the MY-3.1
    areas and the seat banners, and the log reads as sentences, not raw event fields."""
    game = cardtable.load_game(GAME)
    decks = ["tide_and_teeth", "Lamp and Ledger", "graves_and_deep_places"]
    # seed 3: the seed is chosen so that every area holds a card by the end of round 2 with the ready lists
    # of the day (docs/balance; with those of 2026-12-07 seeds 2, 7, 9 and 11 leave Allies or Events empty)
    start = game.new_game(seed=3, players=3, options={"decks": decks, "max_rounds": 2})
    inv = start.card(start.table.cards("inv:0")[0])
    out = _ok(runner.invoke(app, ["play", GAME, "--players", "3", "--seat", "0", "--bots", "random", "--seed", "3",
                                  *sum((["--deck", d] for d in decks), []), "-o", "max_rounds=2"],
                            input="l\n1\n" * 1500))  # l: the full log (a screen shows its last lines)
    assert "You are seat 0" in out and "Game over" in out
    assert f"Choose {inv.sides[0].name} (Sanity {inv.sides[0].starting_sanity}/" in out
    # an empty area is left out of the compact board (issue 23); these hold cards in this game
    for words in ("Story Deck", "Investigator", "Allies", "Events", "Hand", "Deck", "Discard",
                  "Sanity", "education", "languages", "Round 2 begins"):
        assert words in out, words
    assert "{'" not in out and "'kind'" not in out


def test_cards_and_decks_list_the_pool_and_the_ready_decks(runner) -> None:
    out = _ok(runner.invoke(app, ["cards", GAME, "--type", "investigator"]))
    assert re.search(r"\(\d+ of \d+\)", out)
    out = _ok(runner.invoke(app, ["decks", GAME]))
    for stem in ("tide_and_teeth", "lamp_and_ledger", "arcology_signal"):
        assert stem in out
    assert "--deck" in out


def test_deck_validate_accepts_a_ready_deck_and_names_the_broken_my_2_rules(runner, in_tmp) -> None:
    out = " ".join(_ok(runner.invoke(app, ["deck", "validate", GAME, str(DECKS / "tide_and_teeth.yaml")])).split())
    assert "is a legal Mythos deck" in out
    (in_tmp / "bad.yaml").write_text(BAD_DECK, encoding="utf-8")
    result = runner.invoke(app, ["deck", "validate", GAME, str(in_tmp / "bad.yaml")])
    assert result.exit_code != 0
    for rule in ("MY-2.2", "MY-2.3", "MY-2.5"):
        assert rule in result.output, result.output
