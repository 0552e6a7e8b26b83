"""The ``cardtable`` command, end to end through typer's CliRunner (plus one real subprocess)."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import cardtable
from cardtable.cli import app
from cardtable.cli.simulate import print_summary
from cardtable.sim import GameResult, run_games, summarize

ONES = "1\n" * 4000  # always the first choice: enough answers for any game


def _ok(result):
    assert result.exit_code == 0, (result.output, result.exception)
    assert "Traceback" not in result.output
    return result.output


# ---------------------------------------------------------------------------------------------------
# games / rules / cards
# ---------------------------------------------------------------------------------------------------
def test_games_lists_every_game(runner):
    out = _ok(runner.invoke(app, ["games"]))
    for info in cardtable.list_games():
        assert info.id in out and info.name in out and info.version in out
    assert "3-4" in out


def test_rules_and_cards(runner):
    out = _ok(runner.invoke(app, ["rules", "two-mists"]))
    assert "two-mists.md" in out and "Saint" in out
    out = _ok(runner.invoke(app, ["cards", "two-mists"]))
    for name in ("Attack", "Assault (not Knight)", "Holy Poison", "Reckless"):
        assert name in out
    assert "42" in out  # total copies: 27 actions + 15 equipment


# ---------------------------------------------------------------------------------------------------
# play
# ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed,players", [(5, 4), (6, 3), (7, 4)])
def test_a_person_plays_a_whole_game_by_typing_numbers(runner, in_tmp, seed, players):
    out = _ok(runner.invoke(app, ["play", "two-mists", "--players", str(players), "--seat", "0", "--bots",
                                  "random", "--seed", str(seed)], input=ONES))
    assert "You are seat 0" in out
    assert "Your choice [1-" in out
    assert "  1) " in out
    assert "Game over" in out and "Winners:" in out
    assert "You won!" in out or "You lost." in out
    assert "{'" not in out and "'kind'" not in out  # no raw dicts on screen


def test_screen_shows_view_log_and_worded_choices(runner, in_tmp):
    out = _ok(runner.invoke(app, ["play", "two-mists", "--seat", "1", "--bots", "heuristic", "--seed", "11"],
                            input=ONES))
    assert "You are seat 1: the " in out
    assert "Players" in out and "Rows (face up)" in out and "Action pile" in out
    assert "What happened since your last decision" in out
    assert "Take A" in out and " — " in out
    assert "Pass — reveal your character" in out


def test_bad_entries_are_explained_and_asked_again(runner, in_tmp):
    answers = "zzz\n99\ndecline\nh\nl\n" + ONES
    out = _ok(runner.invoke(app, ["play", "two-mists", "--seat", "0", "--bots", "random", "--seed", "5"],
                            input=answers))
    assert "'zzz' is not a choice" in out
    assert "There is no choice 99" in out
    assert "Not allowed (TM-7.7)" in out  # a typed move refused by the engine, with its rule
    assert "Characters" in out and "Holy Poison" in out  # h: help with card texts
    assert "Full log (as you see it)" in out  # l: the full log
    assert "Game over" in out


def test_typed_slot_barred_for_your_character_names_the_rule(runner, in_tmp):
    game = cardtable.load_game("two-mists")
    for seed in range(200):
        state = game.new_game(seed=seed, players=4)
        if state.to_act != 0:
            continue
        legal = {a.get("slot") for a in state.legal_actions() if a.kind == "take"}
        barred = [s for s in ("A1", "A2", "A3", "E1", "E2") if s not in legal]
        if barred:
            break
    else:  # pragma: no cover - the deck has barred cards in every character's reach
        raise AssertionError("no seed among 200 deals seat 0 a barred card first")
    out = _ok(runner.invoke(app, ["play", "two-mists", "--seat", "0", "--bots", "random", "--seed", str(seed)],
                            input=f"{barred[0]}\n" + ONES))
    assert "Not allowed (TM-2.6)" in out


def test_quit_saves_the_record(runner, in_tmp):
    path = in_tmp / "g.json"
    out = _ok(runner.invoke(app, ["play", "two-mists", "--seat", "0", "--bots", "random", "--seed", "9", "--save",
                                  str(path)], input="1\nq\n"))
    assert "Game saved to" in out
    record = json.loads(path.read_text())
    assert record["game"] == "two-mists" and record["seed"] == 9 and record["actions"]
    assert "outcome" not in record
    state = cardtable.replay(record)
    assert not state.is_terminal
    out = _ok(runner.invoke(app, ["replay", str(path)]))
    assert "not finished" in out


def test_quit_without_save_writes_a_default_file_and_eof_quits(runner, in_tmp, saves):
    out = _ok(runner.invoke(app, ["play", "two-mists", "--seat", "2", "--bots", "random", "--seed", "4"], input="q\n"))
    assert (saves / "two-mists-seed4.json").is_file() and not list(in_tmp.glob("*.json"))
    assert str(saves / "two-mists-seed4.json") in "".join(out.split())
    out = _ok(runner.invoke(app, ["play", "two-mists", "--seat", "2", "--bots", "random", "--seed", "8"], input=""))
    assert "input ended" in out and (saves / "two-mists-seed8.json").is_file()


def test_watching_bots(runner, in_tmp):
    out = _ok(runner.invoke(app, ["play", "two-mists", "--seat", "none", "--bots", "random,heuristic,random,heuristic",
                                  "--seed", "3"]))
    assert "Watching bots" in out
    assert "Your choice" not in out
    assert "Game over" in out and "Turn 1:" in out
    assert "{'" not in out


def test_play_options_and_mixed_bots(runner, in_tmp):
    out = _ok(runner.invoke(app, ["play", "two-mists", "--seat", "none", "--bots", "random", "--seed", "1",
                                  "--option", "turn_cap=3", "--players", "3"]))
    assert "Game over" in out


# ---------------------------------------------------------------------------------------------------
# replay
# ---------------------------------------------------------------------------------------------------
def test_save_then_replay_round_trip(runner, in_tmp):
    path = in_tmp / "game.json"
    _ok(runner.invoke(app, ["play", "two-mists", "--seat", "none", "--bots", "heuristic", "--seed", "12",
                            "--save", str(path)]))
    record = json.loads(path.read_text())
    assert record["format"] == "cardtable-record/1" and "outcome" in record and "final_state" in record
    assert cardtable.replay(record).outcome.to_dict() == record["outcome"]

    out = _ok(runner.invoke(app, ["replay", str(path)]))
    assert "outcome and final state match the file" in out
    assert "Game over" in out and "Winners:" in out

    out = _ok(runner.invoke(app, ["replay", str(path), "--steps", "--seat", "0"]))
    assert "#1 " in out
    assert "You: " in out or "Seat 1: " in out
    assert "Game over" in out


def test_replay_steps_as_a_spectator_keeps_secrets_until_the_end(runner, in_tmp):
    game = cardtable.load_game("two-mists")
    # A game with a Search in it, so that secret pointing happens.
    for seed in range(100):
        runner.invoke(app, ["play", "two-mists", "--seat", "none", "--bots", "random", "--seed", str(seed),
                            "--save", str(in_tmp / "s.json")])
        record = json.loads((in_tmp / "s.json").read_text())
        if any(a["kind"] == "point" for a in record["actions"]):
            break
    out = _ok(runner.invoke(app, ["replay", str(in_tmp / "s.json"), "--steps"]))
    before_end = out.split("All characters revealed")[0]
    assert "a secret choice" in before_end
    assert "pointed at seat" not in before_end and "pointed at the centre" not in before_end
    assert "secretly drew a character: the" not in before_end
    assert game.id  # silence unused


@pytest.mark.parametrize("tamper,message", [
    (lambda r: r["outcome"].update(winners=[9]), "does not reproduce"),
    (lambda r: r["final_state"].update(turn=999), "does not reproduce"),
    (lambda r: r["actions"].__setitem__(0, {"player": 0, "kind": "take", "slot": "Z9"}), "does not apply"),
    (lambda r: r.pop("seed"), "lacks seed"),
    (lambda r: r.update(version="999"), "version"),
])
def test_replay_refuses_records_that_do_not_reproduce(runner, in_tmp, tamper, message):
    path = in_tmp / "game.json"
    _ok(runner.invoke(app, ["play", "two-mists", "--seat", "none", "--bots", "random", "--seed", "2",
                            "--save", str(path)]))
    record = json.loads(path.read_text())
    tamper(record)
    path.write_text(json.dumps(record))
    result = runner.invoke(app, ["replay", str(path)])
    _assert_one_line_error(result)
    assert message in result.stderr


# ---------------------------------------------------------------------------------------------------
# simulate
# ---------------------------------------------------------------------------------------------------
CSV_COLUMNS = {"seed", "players", "winners", "reason", "length", "turns", "world", "centre",
               "seat0_bot", "seat0_won", "seat0_character", "seat3_bot", "seat3_character"}


def test_simulate_prints_tables_and_writes_csv(runner, in_tmp):
    out_file = in_tmp / "runs.csv"
    out = _ok(runner.invoke(app, ["simulate", "two-mists", "--games", "24", "--bots", "random,heuristic,heuristic,random",
                                  "--seed", "1", "--out", str(out_file)]))
    for title in ("Win rate by bot", "Win rate by character", "By world line", "Game length", "games/s"):
        assert title in out
    assert "heuristic" in out and "Monster" in out and "Front" in out
    rows = list(csv.DictReader(out_file.open()))
    assert len(rows) == 24
    assert CSV_COLUMNS <= set(rows[0])


def test_simulate_writes_parquet(runner, in_tmp):
    pq = pytest.importorskip("pyarrow.parquet")
    out_file = in_tmp / "runs.parquet"
    _ok(runner.invoke(app, ["simulate", "two-mists", "--games", "12", "--bots", "random,heuristic,random,random",
                            "--seed", "2", "--out", str(out_file)]))
    table = pq.read_table(out_file)
    assert table.num_rows == 12
    assert CSV_COLUMNS <= set(table.column_names)


def test_simulate_json_and_parallel_jobs_agree(runner, in_tmp):
    args = ["simulate", "two-mists", "--games", "16", "--bots", "random", "--players", "3", "--seed", "5", "--json"]
    one = json.loads(_ok(runner.invoke(app, args)))
    two = json.loads(_ok(runner.invoke(app, args + ["--jobs", "2"])))
    assert one["games"] == 16 and one["players"] == 3
    tags = cardtable.load_game("two-mists").outcome_tags
    expected = json.loads(json.dumps(summarize(run_games("two-mists", 3, ["random"] * 3, 16, 5), tags)))
    assert set(expected) >= {"by_bot", "by_seat", "by_tag", "turns", "length", "no_winner", "turn_histogram"}
    assert set(expected["by_tag"]) == {"characters", "world", "ending"}  # the tags Two Mists declares
    for key in expected:  # the CLI prints sim.stats.summarize as it is, whatever --jobs is
        assert one[key] == two[key] == expected[key], key
    assert {k: one[k] for k in ("game", "bots", "seed", "jobs")} == {"game": "two-mists", "bots": ["random"] * 3,
                                                                     "seed": 5, "jobs": 1}
    lo, hi = one["by_bot"]["random"]["ci95"]
    assert 0 <= lo <= one["by_bot"]["random"]["rate"] <= hi <= 1


def test_simulate_tables_render_the_summary():
    import io

    from rich.console import Console

    def result(winners, chars, world, turns, died):
        return GameResult(turns, winners, {}, "test", 2 * turns, turns, ["h", "r", "r"],
                          {"characters": chars, "world": world, "died": died})

    results = [result([0], ["monster", "knight", "saint"], "front", 5, [1]),
               result([1, 2], ["knight", "saint", "monster"], "front", 10, [0, 1]),
               result([0, 1], ["knight", "saint", "witch"], "back", 15, [2]),
               result([], ["witch", "saint", "knight"], "back", 20, [])]
    buf = io.StringIO()
    game = cardtable.load_game("two-mists")
    print_summary(Console(file=buf, width=150, highlight=False), summarize(results, game.outcome_tags), game, 2.0)
    lines = [" ".join(line.split()) for line in buf.getvalue().splitlines()]
    assert "h 4 2 50.0% 15.0–85.0%" in lines  # by bot: seat-games, wins, rate, interval
    assert "r 8 3 37.5% 13.7–69.4%" in lines
    assert "2 4 1 25.0% 4.6–69.9%" in lines  # seat 2
    assert "Monster 2 100.0% (34.2–100.0) 100.0% (34.2–100.0) -" in lines  # front column first, then back
    assert "Knight 4 25.0% (4.6–69.9) 0.0% (0.0–65.8) 50.0% (9.5–90.5)" in lines
    assert "Front 2 50.0% (15.0–85.0) 50.0% (18.8–81.2) 7.5 0" in lines
    assert "Back 2 50.0% (15.0–85.0) 33.3% (9.7–70.0) 17.5 1" in lines
    assert "one death 2 50.0%" in lines and "no winner at all 1 25.0%" in lines
    assert "turns 5 6.5 12.5 12.5 18.5 20" in lines
    assert "actions 10 13 25 25.0 37 40" in lines
    assert "19–20 1 " + "█" * 30 in lines and "7–8 0" in lines
    assert "4 games in 2.00 s (2 games/s)" in lines


# ---------------------------------------------------------------------------------------------------
# bad input: one red line on stderr, exit code 2, never a traceback
# ---------------------------------------------------------------------------------------------------
def _assert_one_line_error(result):
    assert result.exit_code == 2, (result.output, result.exception)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    assert "Traceback" not in result.output and "Traceback" not in result.stderr
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)


BAD = {
    "unknown game (play)": (["play", "nope"], "unknown game"),
    "unknown game (simulate)": (["simulate", "chess", "--games", "2"], "unknown game"),
    "unknown game (cards)": (["cards", "nope"], "unknown game"),
    "unknown game (rules)": (["rules", "nope"], "unknown game"),
    "seven players (play)": (["play", "two-mists", "--players", "7"], "3 or 4 players"),
    "seven players (simulate)": (["simulate", "two-mists", "--players", "7", "--games", "2"], "3 or 4 players"),
    "unknown bot (play)": (["play", "two-mists", "--bots", "alphago"], "unknown bot"),
    "unknown bot (simulate)": (["simulate", "two-mists", "--bots", "random,alphago,random", "--games", "2"], "unknown bot"),
    "bad ismcts budget": (["simulate", "two-mists", "--bots", "ismcts:lots", "--games", "2"], "ismcts"),
    "wrong number of bots": (["play", "two-mists", "--bots", "random,random"], "bot seats"),
    "bad seat": (["play", "two-mists", "--seat", "9"], "no seat 9"),
    "seat not a number": (["play", "two-mists", "--seat", "left"], "--seat"),
    "option without =": (["play", "two-mists", "--option", "turn_cap"], "key=value"),
    "unknown option": (["play", "two-mists", "--option", "colour=red"], "colour"),
    "bad option value": (["simulate", "two-mists", "--option", "turn_cap=-4", "--games", "2"], "turn_cap"),
    "bad export suffix": (["simulate", "two-mists", "--games", "2", "--out", "x.txt"], ".csv or .parquet"),
    "no games": (["simulate", "two-mists", "--games", "0"], "--games"),
    "missing file": (["replay", "does-not-exist.json"], "no such file"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_input_exits_2_with_one_line(runner, in_tmp, case):
    args, needle = BAD[case]
    result = runner.invoke(app, args, input="")
    _assert_one_line_error(result)
    assert needle in result.stderr


@pytest.mark.parametrize("content,needle", [
    ("this is not json", "not valid JSON"),
    ("[1, 2, 3]", "game record"),
    ('{"format": "cardtable-record/1", "game": "two-mists"}', "players"),
    ('{"format": "cardtable-record/1", "game": "nope", "players": 4, "version": "1", "seed": 1, "actions": []}',
     "unknown game"),
    ('{"format": "x", "game": "two-mists", "players": 4, "version": "1", "seed": 1, "actions": []}', "format"),
    ('{"format": "cardtable-record/1", "game": "two-mists", "players": 7, "version": "1", "seed": 1, "actions": []}',
     "3 or 4 players"),
    ('{"format": "cardtable-record/1", "game": "two-mists", "players": 4, "version": "1", "seed": 1, "actions": [5]}',
     "does not apply"),
])
def test_bad_record_files_exit_2(runner, in_tmp, content, needle):
    path = in_tmp / "bad.json"
    path.write_text(content)
    result = runner.invoke(app, ["replay", str(path)])
    _assert_one_line_error(result)
    assert needle in result.stderr


def test_unreadable_inputs_exit_2(runner, in_tmp):
    result = runner.invoke(app, ["replay", str(in_tmp)])
    _assert_one_line_error(result)
    assert "directory" in result.stderr
    binary = in_tmp / "bin.json"
    binary.write_bytes(b"\xff\xfe\x00\x81garbage")
    result = runner.invoke(app, ["replay", str(binary)])
    _assert_one_line_error(result)


# ---------------------------------------------------------------------------------------------------
# the installed script
# ---------------------------------------------------------------------------------------------------
def _script_commands() -> list[list[str]]:
    cmds = [[sys.executable, "-m", "cardtable"]]
    script = Path(sys.executable).parent / "cardtable"
    if script.is_file() and os.access(script, os.X_OK):
        cmds.append([str(script)])
    return cmds


@pytest.mark.parametrize("cmd", _script_commands(), ids=lambda c: Path(c[-1]).name)
def test_the_installed_command_runs(cmd, tmp_path):
    env = {**os.environ, "COLUMNS": "100"}
    done = subprocess.run([*cmd, "games"], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    assert "two-mists" in done.stdout
    done = subprocess.run([*cmd, "play", "two-mists", "--seat", "0", "--bots", "random", "--seed", "3", "--save",
                           str(tmp_path / "g.json")], input=ONES, capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    assert "Game over" in done.stdout
    done = subprocess.run([*cmd, "replay", str(tmp_path / "g.json")], capture_output=True, text=True, timeout=120,
                          env=env)
    assert done.returncode == 0, done.stderr
    done = subprocess.run([*cmd, "play", "two-mists", "--players", "7"], capture_output=True, text=True, timeout=120,
                          env=env)
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "3 or 4 players" in done.stderr
    assert "Traceback" not in done.stderr


def test_play_quit_then_resume_finishes_the_same_game(tmp_path):
    """A game saved on quit resumes with the same seat and bots and its record replays to the end."""
    import json as _json

    from typer.testing import CliRunner as _Runner

    from cardtable import replay as _replay
    from cardtable.cli import app as _app

    runner = _Runner()
    saved = tmp_path / "mid.json"
    first = runner.invoke(_app, ["play", "two-mists", "--seat", "1", "--bots", "random", "--seed", "5",
                                 "--save", str(saved)], input="1\n1\nq\n")
    assert first.exit_code == 0, first.output
    record = _json.loads(saved.read_text())
    assert record["saved_by"]["human_seat"] == 1 and _replay(record).is_terminal is False
    done = tmp_path / "done.json"
    second = runner.invoke(_app, ["play", "two-mists", "--resume", str(saved), "--save", str(done)],
                           input="1\n" * 200)
    assert second.exit_code == 0, second.output
    final = _json.loads(done.read_text())
    assert final["actions"][: len(record["actions"])] == record["actions"]
    assert final["saved_by"]["human_seat"] == 1 and set(final["saved_by"]["bots"].values()) == {"random"}
    assert _replay(final).is_terminal


def test_play_resume_of_another_game_is_one_clear_line(tmp_path):
    from typer.testing import CliRunner as _Runner

    from cardtable.cli import app as _app

    bad = tmp_path / "x.json"
    bad.write_text('{"game": "mythos"}')
    result = _Runner().invoke(_app, ["play", "two-mists", "--resume", str(bad)])
    assert result.exit_code == 2 and "not a saved two-mists game" in result.output


PLAYER_RANGES = {"two-mists": "3 or 4 players", "call-of-cthulhu": "2 players", "million-arthur": "2 players",
                 "mythos": "2 to 4 players"}
OUT_OF_RANGE = {"two-mists": (2, 5), "call-of-cthulhu": (1, 3), "million-arthur": (1, 4), "mythos": (1, 5)}


@pytest.mark.parametrize("game", sorted(PLAYER_RANGES))
@pytest.mark.parametrize("how", ["play", "simulate", "lab"])
def test_a_player_count_out_of_range_is_refused_naming_the_range(runner, in_tmp, game, how):
    """Issue 23: ``simulate mythos --players 5 --decks all`` ran duels without a word; every command
    refuses a count the game is not played by, in one line naming the counts it is (exit 2)."""
    extra = {"play": [], "simulate": ["--games", "2"], "lab": ["--decks", "all", "--games", "2"]}[how]
    if how == "lab" and game == "two-mists":
        extra = ["--report", str(in_tmp / "r.html"), "--games", "2"]
    for n in OUT_OF_RANGE[game]:
        result = runner.invoke(app, [how if how != "lab" else "simulate", game, "--players", str(n), *extra], input="")
        _assert_one_line_error(result)
        assert f"--players {n}" in result.stderr and PLAYER_RANGES[game] in result.stderr, result.stderr
    assert not list(in_tmp.iterdir())


def test_the_lab_refuses_a_count_other_than_two(runner, in_tmp):
    result = runner.invoke(app, ["simulate", "mythos", "--players", "3", "--decks", "all", "--games", "2"])
    _assert_one_line_error(result)
    assert "duels" in result.stderr
