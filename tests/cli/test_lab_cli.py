"""``cardtable simulate --decks/--report/--tables``: the balance lab from the command line."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from cardtable.cli import app

GAME = "call-of-cthulhu"


def _error(result) -> str:
    assert result.exit_code == 2, (result.output, result.exception)
    assert "Traceback" not in result.output and "Traceback" not in result.stderr
    return result.stderr


def test_a_round_robin_writes_its_report_and_tables(runner, in_tmp) -> None:
    result = runner.invoke(app, ["simulate", GAME, "--decks", "all", "--games", "12", "--report", "r.html",
                                 "--tables", "tables", "--json"])
    assert result.exit_code == 0, (result.output, result.exception)
    summary = json.loads(result.stdout)
    assert summary["games"] == 12 and len(summary["decks"]) >= 4
    assert sum(r["wins"] for r in summary["deck_rates"].values()) + summary["draws"] == 12
    page = (in_tmp / "r.html").read_text(encoding="utf-8")
    assert "Matchups" in page and summary["decks"][0] in page and "cardtable simulate" in page
    with open(in_tmp / "tables" / "matchups.csv", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert {r["deck"] for r in rows} == set(summary["decks"])
    with open(in_tmp / "tables" / "games.csv", encoding="utf-8") as fh:
        games = list(csv.DictReader(fh))
    assert len(games) == 12 and all(g["seat0_deck"] != g["seat1_deck"] for g in games)


def test_two_named_decks_and_the_same_numbers_twice(runner, in_tmp) -> None:
    args = ["simulate", GAME, "--decks", "Badge and Lamp,the_yellow_key", "--games", "4", "--json", "--seed", "7"]
    first, second = runner.invoke(app, args), runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    a, b = json.loads(first.stdout), json.loads(second.stdout)
    assert a["decks"] == ["Badge and Lamp", "The Yellow Key"]
    assert a["deck_rates"] == b["deck_rates"] and a["matchups"] == b["matchups"]


@pytest.mark.parametrize("args, words", [
    (["--decks", "Nope,Badge and Lamp"], "no deck 'Nope'"),
    (["--report", "r.txt"], "must end in .html"),
    (["--decks", "all", "--out", "x.csv"], "with the lab use --tables"),
    (["--decks", "all", "--tables-format", "xls"], "use csv or parquet"),
    (["--decks", "all", "--bots", "random,random,random"], "give one bot spec"),
])
def test_bad_lab_arguments_are_refused_in_words(runner, in_tmp, args, words) -> None:
    assert words in _error(runner.invoke(app, ["simulate", GAME, "--games", "2", *args]))


def test_a_game_without_decks_is_refused(runner, in_tmp) -> None:
    assert "no decks to compare" in _error(runner.invoke(app, ["simulate", "two-mists", "--decks", "all", "--games", "2"]))



def test_a_deck_file_joins_the_round_robin_and_an_illegal_one_is_refused(runner, in_tmp) -> None:
    import cardtable.games.call_of_cthulhu as coc

    ready = Path(coc.__file__).parent / "decks" / "the_yellow_key.yaml"
    mine = in_tmp / "my-key.yaml"
    mine.write_text(ready.read_text(encoding="utf-8").replace("name: The Yellow Key", "name: My Key"), encoding="utf-8")
    result = runner.invoke(app, ["simulate", GAME, "--decks", f"Badge and Lamp,{mine}", "--games", "2", "--json"])
    assert result.exit_code == 0, (result.output, result.exception)
    assert json.loads(result.stdout)["decks"] == ["Badge and Lamp", "My Key"]
    bad = in_tmp / "bad.yaml"
    bad.write_text(mine.read_text(encoding="utf-8").replace("HA01: 4", "HA01: 9"), encoding="utf-8")
    message = _error(runner.invoke(app, ["simulate", GAME, "--decks", f"Badge and Lamp,{bad}", "--games", "2"]))
    assert "bad.yaml: the deck is not legal" in message and "CC-" in message
