"""Terminal details from issue 8: the "Barred for" wording, resuming a saved game, help text, piped width."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from rich.console import Console
from typer.main import get_command

import cardtable
from cardtable.cli import app
from cardtable.tui import get_renderer


def _ok(result):
    assert result.exit_code == 0, (result.output, result.exception)
    assert "Traceback" not in result.output
    return result.output


def _one_line_error(result):
    assert result.exit_code == 2, (result.output, result.exception)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.output
    return lines[0]


# ---------------------------------------------------------------------------------------------------
# "Barred for": a card every character may take is barred for nobody
# ---------------------------------------------------------------------------------------------------
def _plain(renderable) -> str:
    console = Console(width=200, record=True, file=open(os.devnull, "w"))
    console.print(renderable)
    return console.export_text()


def _row(text: str, card: str) -> str:
    return next(line for line in text.splitlines() if line.strip().startswith(card + " "))


def test_cards_nobody_may_be_barred_from_says_nobody(runner):
    out = _ok(runner.invoke(app, ["cards", "two-mists"]))
    assert "anyone" not in out
    assert "nobody" in _row(out, "Attack") and "nobody" in _row(out, "Intimidate")
    assert "Monster" in _row(out, "Reckless")


def test_the_terminal_board_and_help_say_nobody():
    game = cardtable.load_game("two-mists")
    renderer = get_renderer(game.id)
    assert renderer.barred_text("attack") == "nobody"
    assert renderer.barred_text("reckless") == "Monster"
    help_text = _plain(renderer.render_help(game))
    assert "anyone" not in help_text and "nobody" in _row(help_text, "Attack")
    state = game.new_game(seed=1, players=4)
    board = _plain(renderer.render_view(state.view(0)))
    assert "anyone" not in board


# ---------------------------------------------------------------------------------------------------
# play --resume: saves back to the resumed file and checks the record as replay does
# ---------------------------------------------------------------------------------------------------
def _saved_midgame(runner, path):
    _ok(runner.invoke(app, ["play", "two-mists", "--seat", "1", "--bots", "random", "--seed", "5",
                            "--save", str(path)], input="1\n1\nq\n"))
    return json.loads(path.read_text())


def test_quitting_a_resumed_game_saves_back_to_its_file_and_says_how_to_resume(runner, in_tmp):
    saved = in_tmp / "mid.json"
    first = _saved_midgame(runner, saved)
    out = _ok(runner.invoke(app, ["play", "two-mists", "--resume", str(saved)], input="1\nq\n"))
    assert sorted(p.name for p in in_tmp.iterdir()) == ["mid.json"]  # no new two-mists-seed5.json
    second = json.loads(saved.read_text())
    assert len(second["actions"]) > len(first["actions"])
    assert second["actions"][: len(first["actions"])] == first["actions"]
    flat = " ".join(out.split()).replace(" ", "")  # a long path may be wrapped
    assert f"cardtableplaytwo-mists--resume{saved}" in flat
    assert "cardtablereplay" not in flat


def test_quitting_a_new_game_suggests_resume(runner, in_tmp, saves):
    out = _ok(runner.invoke(app, ["play", "two-mists", "--seat", "2", "--bots", "random", "--seed", "4"],
                            input="q\n"))
    flat = " ".join(out.split()).replace(" ", "")  # a long path may be wrapped
    assert f"cardtableplaytwo-mists--resume{saves / 'two-mists-seed4.json'}" in flat


def test_resume_with_save_writes_the_save_file_and_leaves_the_original(runner, in_tmp):
    saved = in_tmp / "mid.json"
    first = _saved_midgame(runner, saved)
    other = in_tmp / "other.json"
    _ok(runner.invoke(app, ["play", "two-mists", "--resume", str(saved), "--save", str(other)], input="1\nq\n"))
    assert json.loads(saved.read_text()) == first
    assert len(json.loads(other.read_text())["actions"]) > len(first["actions"])


@pytest.mark.parametrize("tamper", [
    lambda r: r["outcome"].update(winners=[9]),
    lambda r: r["outcome"].update(reason="made up"),
    lambda r: r["final_state"].update(turn=999),
], ids=["winners", "reason", "final-state"])
def test_resume_refuses_a_tampered_result_like_replay(runner, in_tmp, tamper):
    path = in_tmp / "game.json"
    _ok(runner.invoke(app, ["play", "two-mists", "--seat", "none", "--bots", "random", "--seed", "2",
                            "--save", str(path)]))
    record = json.loads(path.read_text())
    tamper(record)
    path.write_text(json.dumps(record))
    before = path.read_bytes()
    line = _one_line_error(runner.invoke(app, ["play", "two-mists", "--resume", str(path)]))
    assert "does not reproduce" in line
    assert line == _one_line_error(runner.invoke(app, ["replay", str(path)]))
    assert path.read_bytes() == before


def test_resume_refuses_an_outcome_added_to_an_unfinished_game(runner, in_tmp):
    saved = in_tmp / "mid.json"
    record = _saved_midgame(runner, saved)
    record["outcome"] = {"winners": [1], "reason": "made up", "scores": {}, "details": {}}
    saved.write_text(json.dumps(record))
    assert "does not reproduce" in _one_line_error(runner.invoke(app, ["play", "two-mists", "--resume", str(saved)]))


@pytest.mark.parametrize("saved_by", [
    {"human_seat": 1, "bots": {"x": "random"}},
    {"human_seat": "1", "bots": {"0": "random"}},
    {"human_seat": 1, "bots": ["random"]},
    "me",
])
def test_resume_refuses_a_malformed_saved_by_in_one_line(runner, in_tmp, saved_by):
    saved = in_tmp / "mid.json"
    record = _saved_midgame(runner, saved)
    record["saved_by"] = saved_by
    saved.write_text(json.dumps(record))
    assert "saved_by" in _one_line_error(runner.invoke(app, ["play", "two-mists", "--resume", str(saved)]))


# ---------------------------------------------------------------------------------------------------
# --help: no <bool> placeholder on flags, and no help text eaten as markup
# ---------------------------------------------------------------------------------------------------
def _command_names() -> list[str]:
    return sorted(get_command(app).commands)  # type: ignore[attr-defined]


@pytest.mark.parametrize("command", [None, *_command_names()])
def test_no_help_shows_a_bool_placeholder(runner, command):
    args = ["--help"] if command is None else [command, "--help"]
    out = _ok(runner.invoke(app, args))
    assert "--help" in out
    assert "<bool>" not in out


def test_help_keeps_bracketed_defaults_and_value_types(runner):
    out = " ".join(_ok(runner.invoke(app, ["play", "--help"])).replace("│", " ").split())
    assert "(default: 0)" in out and "(default: heuristic)" in out
    assert "<int>" in out  # options that take a value still say what kind
    out = _ok(runner.invoke(app, ["rules", "--help"]))
    assert "--full" in out and "<bool>" not in out


# ---------------------------------------------------------------------------------------------------
# piped output: a sensible width instead of rich's 80-column fallback
# ---------------------------------------------------------------------------------------------------
def _cards_piped(columns: str | None) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    if columns is not None:
        env["COLUMNS"] = columns
    done = subprocess.run([sys.executable, "-m", "cardtable", "cards", "two-mists"], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, timeout=120, env=env, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_cards_piped_uses_a_sensible_width():
    out = _cards_piped(None)
    assert "Deal 1 damage to another player." in _row(out, "Attack")  # the text column is not squeezed
    widths = [len(line.rstrip()) for line in out.splitlines()]
    assert max(widths) <= 100 and max(widths) > 80


def test_cards_piped_honours_columns():
    out = _cards_piped("120")
    assert max(len(line.rstrip()) for line in out.splitlines()) > 100
    out = _cards_piped("70")
    assert max(len(line.rstrip()) for line in out.splitlines()) <= 70


@pytest.mark.parametrize(("game", "word"), [("two-mists", "turn"), ("million-arthur", "turn"), ("mythos", "round")])
def test_quitting_says_the_turn_or_round_and_where_the_file_is(runner, in_tmp, saves, game, word):
    """Issue 23: the quit message named "(turn ?)" for the card games; it gives the real turn (Mythos:
    round), the save goes to the saves folder (never the current one) under its full path, and a second
    quit of the same seed is a new file rather than over the first."""
    import re

    args = ["play", game, "--seat", "0", "--bots", "random", "--seed", "3"]
    outs = [_ok(runner.invoke(app, args, input="1\n" * 3 + "q\n")) for _ in range(2)]
    flat = [" ".join(o.split()) for o in outs]
    assert all("?)" not in f for f in flat), flat[0][-300:]
    found = re.search(rf"\(({word}) (\d+)\)\. Continue it with", flat[0])
    assert found and int(found.group(2)) >= 1, flat[0][-300:]
    assert sorted(p.name for p in saves.iterdir()) == [f"{game}-seed3-2.json", f"{game}-seed3.json"]
    assert not list(in_tmp.glob("*.json"))
    assert str(saves / f"{game}-seed3-2.json") in "".join(outs[1].split())


def test_the_terminal_takes_two_digit_choices(monkeypatch):
    """Issue 23: options 10 and up are typed as their number (and Enter) in the terminal; the hint gives
    the whole range."""
    import io
    import random

    from cardtable.cli import prompt

    game = cardtable.load_game("mythos")
    # random play to a decision of seat 0 with twelve options or more (whether a seed's game has one before
    # it ends depends on the ready lists, so seeds are tried in turn)
    for seed in range(1, 20):
        state = game.new_game(seed=seed, players=2)
        rng = random.Random(seed)
        while not state.is_terminal and not (state.to_act == 0 and len(state.legal_actions()) >= 12):
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_terminal:
            break
    assert not state.is_terminal, "no seed reached a decision with twelve options"
    options = list(state.decision.options)
    asked: list[str] = []
    monkeypatch.setattr(prompt, "_ask", lambda console, hint: asked.append(hint) or "12")
    console = Console(file=io.StringIO(), width=120)
    before = len(state.history)
    prompt.human_decision(console, state, 0, ["You", "Seat 1"], get_renderer("mythos"), game, 0)
    assert state.history[before] == options[11]
    assert asked and asked[0].startswith(f"Your choice [1-{len(options)},")
