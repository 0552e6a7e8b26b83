"""The CLI for constructed-deck card games, end to end on Call of Cthulhu: ``play --deck``, ``cards``,
``decks`` and ``deck validate`` (their outputs and exit codes), through typer's CliRunner."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import cardtable
from cardtable.cli import app

GAME = "call-of-cthulhu"
DECKS = Path(cardtable.__file__).parent / "games" / "call_of_cthulhu" / "decks"
ONES = "1\n" * 3000

BAD_DECK = """name: Broken
cards:
  AG01: 7
  ST01: 1
domains: [DM01, DM02]
"""


def _ok(result, code: int = 0) -> str:
    assert result.exit_code == code, (result.output, result.exception)
    assert "Traceback" not in result.output
    return result.output


def _err(result) -> str:
    """One red line on stderr, exit code 2, no traceback; returns the line."""
    assert result.exit_code == 2, (result.output, result.exception)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.output and "Traceback" not in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return lines[0]


# ---------------------------------------------------------------------------------------------------
# play
# ---------------------------------------------------------------------------------------------------
def test_a_person_plays_ten_turns_against_a_bot_with_chosen_decks(runner, in_tmp) -> None:
    """A scripted game, human (always the first choice) against the random bot, lasting at least ten
    turns; on the way the person asks for help, the log and a card's text. Seeds are tried in order
    so that a change to the rules that shortens one game does not void the test."""
    game = cardtable.load_game(GAME)
    for seed in (9, 2, 11, 10, 7):
        start = game.new_game(seed=seed, options={"decks": ["Badge and Lamp", "The Yellow Key"]})
        mine = start.table.cards("hand:0")[0]
        title = game.card_catalog()["cards"][start.table.defn[mine]]["title"]
        script = f"h\nl\n?{mine}\nshow zzzz\n" + ONES
        out = _ok(runner.invoke(app, ["play", GAME, "--seat", "0", "--bots", "random", "--seed", str(seed),
                                      "--deck", "badge_and_lamp", "--deck", "The Yellow Key"], input=script))
        assert "You are seat 0" in out and "Game over" in out and ("You won!" in out or "You lost." in out)
        assert "Story 1" in out and "Domain 3" in out and "Cards you can see" in out
        assert f"#{mine}" in out and title in out and "No card title contains 'zzzz'" in out
        assert "?N card #N's text" in out
        assert "{'" not in out and "'kind'" not in out
        turns = int(re.search(r"turns: (\d+)", out).group(1))
        if turns >= 10 and out.count("your decision") >= 50:
            return
    pytest.fail("no sample game reached ten turns with 50 decisions of the person's")


def test_play_takes_a_deck_file(runner, in_tmp) -> None:
    (in_tmp / "mine.yaml").write_text((DECKS / "tide_and_trigger.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    out = _ok(runner.invoke(app, ["play", GAME, "--seat", "none", "--bots", "random", "--seed", "3",
                                  "--deck", "mine.yaml", "--deck", "BADGE_AND_LAMP"]))
    assert "Game over" in out


def test_an_illegal_deck_file_is_refused_naming_every_rule(runner, in_tmp) -> None:
    (in_tmp / "bad.yaml").write_text(BAD_DECK, encoding="utf-8")
    out = _err(runner.invoke(app, ["play", GAME, "--deck", "bad.yaml", "--deck", "the_yellow_key"]))
    assert "bad.yaml" in out and "seat 0" in out and "4 problems" in out
    for rule in ("[CC-2.1]", "[CC-2.2]", "[CC-2.3]"):
        assert rule in out
    assert out.count("[CC-2.1]") == 2


@pytest.mark.parametrize("args,message", [
    (["--deck", "nothing-like-it", "--deck", "badge_and_lamp"], "neither a ready deck nor a file"),
    (["--deck", "badge_and_lamp"], "one --deck per seat"),
    (["--deck", "unread.yaml", "--deck", "badge_and_lamp"], "not valid YAML"),
    (["--deck", "badge_and_lamp", "--deck", "badge_and_lamp", "--option", 'decks=["a","b"]'], "not both"),
])
def test_deck_mistakes_are_one_clear_line(runner, in_tmp, args, message) -> None:
    (in_tmp / "unread.yaml").write_text("name: [unclosed\n", encoding="utf-8")
    out = _err(runner.invoke(app, ["play", GAME, *args]))
    assert message in out and out.startswith("error:")


def test_a_game_without_deck_lists_refuses_deck(runner, in_tmp) -> None:
    out = _err(runner.invoke(app, ["play", "two-mists", "--deck", "x", "--deck", "y", "--deck", "z"]))
    assert "two-mists has no deck lists" in out and "--deck" in out
    assert "no deck lists" in _err(runner.invoke(app, ["decks", "two-mists"]))


def test_resume_refuses_deck(runner, in_tmp) -> None:
    _ok(runner.invoke(app, ["play", GAME, "--seat", "0", "--seed", "2", "--save", "g.json"], input="q\n"))
    out = _err(runner.invoke(app, ["play", GAME, "--resume", "g.json", "--deck", "a", "--deck", "b"]))
    assert "--resume" in out


# ---------------------------------------------------------------------------------------------------
# cards / decks / deck validate
# ---------------------------------------------------------------------------------------------------
def test_cards_lists_and_filters_by_catalog_fields(runner) -> None:
    out = _ok(runner.invoke(app, ["cards", GAME]))
    assert "109 of" not in out and "Harbor Patrolman" in out and "The Silver Key" in out
    out = _ok(runner.invoke(app, ["cards", GAME, "--faction", "yog sothoth", "--type", "character"]))
    assert "Keyholder Initiate" in out and "Harbor Patrolman" not in out and "The Silver Key" not in out
    assert re.search(r"\(\d+ of 109\)", out)
    out = _ok(runner.invoke(app, ["cards", GAME, "--search", "win effect", "--type", "story"]))
    assert "The Drowned Bell of Innsmouth" in out and "Keyholder" not in out
    out = _ok(runner.invoke(app, ["cards", GAME, "--where", "cost=4", "--faction", "agency"]))
    assert "Inspector Hale Mercer" in out


def test_cards_shows_one_card_in_full(runner) -> None:
    for key in ("YS07", "the silver key", "Silver K"):
        out = " ".join(_ok(runner.invoke(app, ["cards", GAME, key])).split())
        assert "The Silver Key" in out and "Exhaust The Silver Key and remove 1 of your success tokens" in out
    assert "matches 2 cards" in _err(runner.invoke(app, ["cards", GAME, "key"]))
    assert "no card with the id or title" in _err(runner.invoke(app, ["cards", GAME, "ZZ-nothing"]))
    assert "no colour field" in _err(runner.invoke(app, ["cards", GAME, "--where", "colour=red"]))
    assert "no card matches" in _err(runner.invoke(app, ["cards", GAME, "--faction", "nobody"]))


def test_cards_of_a_game_with_its_own_table_and_generic_filters(runner) -> None:
    assert "42" in _ok(runner.invoke(app, ["cards", "two-mists"]))  # its own table, as before
    out = _ok(runner.invoke(app, ["cards", "two-mists", "--type", "equipment"]))  # its catalog's "kind"
    assert "Attack" not in out and "of 16" in out


def test_decks_lists_the_ready_decks(runner) -> None:
    out = _ok(runner.invoke(app, ["decks", GAME]))
    for name, stem in (("Badge and Lamp", "badge_and_lamp"), ("The Yellow Key", "the_yellow_key"),
                       ("Tide and Trigger", "tide_and_trigger"), ("The Goat and the Sign", "the_goat_and_the_sign")):
        assert name in out and stem in out
    assert "--deck" in out


def test_deck_validate_exit_codes(runner, in_tmp) -> None:
    out = " ".join(_ok(runner.invoke(app, ["deck", "validate", GAME, str(DECKS / "badge_and_lamp.yaml")])).split())
    assert "is a legal" in out
    (in_tmp / "bad.yaml").write_text(BAD_DECK, encoding="utf-8")
    out = " ".join(_ok(runner.invoke(app, ["deck", "validate", GAME, "bad.yaml"]), code=1).split())
    assert "4 problems" in out
    for rule, words in (("CC-2.1", "at least 47"), ("CC-2.1", "is a story"), ("CC-2.3", "7 copies"),
                        ("CC-2.2", "exactly 3 domain")):
        assert re.search(rf"\[{rule}\][^\[]*{words}", out), (rule, words)
    (in_tmp / "junk.yaml").write_text("name: [unclosed\n", encoding="utf-8")
    assert "not valid YAML" in _err(runner.invoke(app, ["deck", "validate", GAME, "junk.yaml"]))
    assert "cannot read" in _err(runner.invoke(app, ["deck", "validate", GAME, "missing.yaml"]))
    assert "no deck lists" in _err(runner.invoke(app, ["deck", "validate", "two-mists", "bad.yaml"]))


@pytest.mark.parametrize("game", ["call-of-cthulhu", "million-arthur", "mythos"])
@pytest.mark.parametrize("width", [40, 80, 100, 160])
def test_decks_never_cuts_a_name_or_stem(runner, monkeypatch, game, width) -> None:
    """Issue 23: at 80 columns ``cardtable decks`` cut the names you type ("Graves and Deep Pla…"); the
    name and stem are whole on one line at any width, the summary and description wrap instead."""
    from cardtable.server.facets import ready_decks_of

    monkeypatch.setenv("COLUMNS", str(width))
    out = _ok(runner.invoke(app, ["decks", game]))
    assert "…" not in out
    lines = out.splitlines()
    for deck in ready_decks_of(game):
        assert any(deck["name"] in line for line in lines), (deck["name"], out)
        assert any(re.search(rf"(^|\s){re.escape(deck['stem'])}(\s|$)", line) for line in lines), (deck["stem"], out)
        first_words = " ".join(deck["description"].split()[:3])
        assert first_words in " ".join(out.split()), (first_words, out)
        assert deck["summary"] in out or all(w in out for w in deck["summary"].split(" / "))


def test_play_passes_for_you_by_default_and_asks_everything_with_full_control(runner, in_tmp) -> None:
    """Auto-pass in the terminal: a decision with a single option or only passes is taken for the person
    and listed as "(passed for you)" (more than two since the last decision: "(passed for you ×N, the last:
    ...)"); ``--full-control`` asks it like any other."""
    args = ["play", GAME, "--seat", "0", "--bots", "random", "--seed", "9"]
    out = _ok(runner.invoke(app, args, input=ONES))
    asked = out.count("your decision")
    assert "(passed for you" in out and "Game over" in out
    full = _ok(runner.invoke(app, [*args, "--full-control"], input=ONES))
    assert "(passed for you" not in full and "Game over" in full
    # typing 1 answers like auto-pass (its first option): the same game, every passed decision now asked
    passed = out.count("(passed for you)") + sum(int(n) for n in re.findall(r"\(passed for you ×(\d+), the last: ", out))
    assert full.count("your decision") == asked + passed
