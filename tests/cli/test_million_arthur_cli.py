"""The card-game CLI on Million Arthur, now that it is registered: ``play`` with a ready deck per seat,
``cards`` (list, filter, one card in full), ``decks`` and ``deck validate`` (exit codes, every broken
rule by its MA-2 ID), through typer's CliRunner."""

from __future__ import annotations

import re
from pathlib import Path

import cardtable
from cardtable.cli import app

GAME = "million-arthur"
DECKS = Path(cardtable.__file__).parent / "games" / "million_arthur" / "decks"
ONES = "1\n" * 4000

BAD_DECK = """name: Broken
leader: MAS-R01
cards:
  MAS-R01: 5
  MAS-G01: 3
"""


def _ok(result, code: int = 0) -> str:
    assert result.exit_code == code, (result.output, result.exception)
    assert "Traceback" not in result.output
    return result.output


def _err(result) -> str:
    assert result.exit_code == 2, (result.output, result.exception)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


def test_the_game_is_listed(runner) -> None:
    assert "million-arthur" in _ok(runner.invoke(app, ["games"]))


def test_a_person_plays_against_a_bot_with_chosen_decks_and_reads_the_table(runner, in_tmp) -> None:
    """Human (always the first choice) against the random bot to the end, with both ready decks named;
    the table shows the MA-4.1 areas and the log reads as sentences, not raw event fields."""
    game = cardtable.load_game(GAME)
    start = game.new_game(seed=4, options={"decks": ["Ember and Thorn", "Tide and Lantern"]})
    mine = start.table.cards("hand:0")[0]
    name = game.card_catalog()["cards"][start.table.defn[mine]]["name"]
    script = f"h\nl\n?{mine}\n" + ONES
    out = _ok(runner.invoke(app, ["play", GAME, "--seat", "0", "--bots", "random", "--seed", "4",
                                  "--deck", "ember_and_thorn", "--deck", "Tide and Lantern"], input=script))
    assert "You are seat 0" in out and "Game over" in out
    for region in ("Leader", "Base area", "Battle area", "Chain", "Hand", "Deck", "Discard"):
        assert region in out, region
    assert "capacity" in out and "HP" in out and name in out
    assert "secret choice" in out  # the deployment steps are secret (MA-14.5)
    assert "{'" not in out and "'kind'" not in out
    assert re.search(r"(moves|move) .* to the battle area", out)


def test_cards_lists_filters_and_shows_one(runner) -> None:
    out = _ok(runner.invoke(app, ["cards", GAME]))
    assert "Cinder Page" in out and "Moss Warden" in out
    out = _ok(runner.invoke(app, ["cards", GAME, "--where", "colour=green", "--type", "knight"]))
    assert "Moss Warden" in out and "Cinder Page" not in out
    assert re.search(r"\(\d+ of \d+\)", out)
    out = " ".join(_ok(runner.invoke(app, ["cards", GAME, "Grove Mender"])).split())
    assert "MAS-G03" in out and "your leader regains 2 HP" in out
    assert "no card with the id or title" in _err(runner.invoke(app, ["cards", GAME, "ZZ-nothing"]))


def test_decks_lists_the_ready_decks(runner) -> None:
    out = _ok(runner.invoke(app, ["decks", GAME]))
    for name, stem in (("Ember and Thorn", "ember_and_thorn"), ("Tide and Lantern", "tide_and_lantern")):
        assert name in out and stem in out
    assert "--deck" in out


def test_deck_validate_names_every_broken_ma_2_rule(runner, in_tmp) -> None:
    out = " ".join(_ok(runner.invoke(app, ["deck", "validate", GAME, str(DECKS / "ember_and_thorn.yaml")])).split())
    assert "is a legal" in out
    (in_tmp / "bad.yaml").write_text(BAD_DECK, encoding="utf-8")
    out = " ".join(_ok(runner.invoke(app, ["deck", "validate", GAME, "bad.yaml"]), code=1).split())
    assert "4 problems" in out
    for rule, words in (("MA-2.1", "exactly 40"), ("MA-2.1", "its kind is knight"), ("MA-2.3", "5 copies"),
                        ("MA-2.4", "burst icon")):
        assert re.search(rf"\[{rule}\][^\[]*{words}", out), (rule, words)
    assert "cannot read" in _err(runner.invoke(app, ["deck", "validate", GAME, "missing.yaml"]))


def test_an_illegal_deck_file_is_refused_by_play(runner, in_tmp) -> None:
    (in_tmp / "bad.yaml").write_text(BAD_DECK, encoding="utf-8")
    out = _err(runner.invoke(app, ["play", GAME, "--deck", "bad.yaml", "--deck", "ember_and_thorn"]))
    assert "bad.yaml" in out and "[MA-2.3]" in out
