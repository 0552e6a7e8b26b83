"""``cardtable play``: the ``hint`` command shows the strong bot's suggestion for the person's decision."""

from __future__ import annotations

import re

import pytest

from cardtable.cli import app, prompt


@pytest.fixture(autouse=True)
def quick_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(prompt, "HINT_SECONDS", 0.2)


@pytest.mark.parametrize("game", ["call-of-cthulhu", "two-mists"])
def test_hint_names_a_choice_with_estimated_win_chances_and_the_decision_goes_on(runner, in_tmp, game: str) -> None:
    result = runner.invoke(app, ["play", game, "--seat", "0", "--bots", "random", "--seed", "2"],
                           input="hint\nhint\nq\n")
    out = result.output
    assert result.exit_code == 0 and "Traceback" not in out, (out, result.exception)
    assert "hint a suggestion" in out  # the intro names the command
    hints = re.findall(r"Hint: choice (\d+) — [^\n]*", out)
    assert len(hints) == 2
    shown = re.findall(r"(?:^|\s)(\d+)\) ", out, flags=re.M)  # options may be laid out in columns
    assert all(1 <= int(n) <= max(int(s) for s in shown) for n in hints)
    assert "Estimated win chance" in out or "no time to look ahead" in out
    assert "Game saved to" in out  # the decision was still pending: q saved the game
