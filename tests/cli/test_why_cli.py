"""``cardtable play``: ``why`` lists the cards in the person's hand that the decision cannot play, each with
the engine's refusal and the rule it cites (the terminal's side of issue 23's "why not")."""

from __future__ import annotations

import re

import pytest

from cardtable import load_game
from cardtable.cli import app
from cardtable.cli.prompt import hand_refusals
from cardtable.tui.generic import Renderer

RULE = {game: prefix + r"-\d+(\.\d+)*[a-z]?"
        for game, prefix in (("call-of-cthulhu", "CC"), ("million-arthur", "MA"), ("mythos", "MY"))}


@pytest.mark.parametrize("game", sorted(RULE))
def test_why_names_each_held_back_hand_card_with_its_rule_and_the_decision_stays_open(runner, in_tmp,
                                                                                     game: str) -> None:
    steps = "".join("why\n1\n" for _ in range(40)) + "q\n"
    result = runner.invoke(app, ["play", game, "--seat", "0", "--bots", "random", "--seed", "2"], input=steps)
    out = result.output
    assert result.exit_code == 0 and "Traceback" not in out, (out, result.exception)
    assert "why the rule that holds back a card" in out  # the intro names the command
    notes = re.findall(r"(\d+) cards? in your hand can't be played now: type why", out)
    assert notes, out[-3000:]
    listing = out.split("Cards in your hand you cannot play now, and why:", 1)[1]
    lines = [ln for ln in listing.splitlines()[: int(notes[0]) * 3] if ln.startswith("  ") and " #" in ln]
    assert lines, listing[:800]
    assert re.search(r"\((" + RULE[game] + r")\)", listing.split("Your choice", 1)[0])
    # the listing changed nothing: the same prompt follows it and the next "1" is still a choice
    assert re.search(r"why\nCards in your hand you cannot play now", out)


def test_why_at_a_decision_that_plays_no_card_from_hand_says_so() -> None:
    state = load_game("call-of-cthulhu").new_game(seed=2, players=2)  # the first decision places resources
    assert state.decision is not None
    seat = state.decision.player
    view = state.view(seat)
    assert hand_refusals(state, seat, view) == {}
    assert "held back" in Renderer().render_why_not({}, view).plain


@pytest.mark.parametrize("game", sorted(RULE))
def test_reasons_in_the_terminal_are_the_frames_reasons(game: str) -> None:
    """The terminal and the browser give the same words and rules: both ask the engine's ``why_not``."""
    from cardtable.server.frames import state_frame

    state = load_game(game).new_game(seed=2, players=2)
    compared = 0
    for _ in range(300):
        d = state.decision
        if d is None or compared >= 3:
            break
        reasons = hand_refusals(state, d.player, state.view(d.player))
        frame = state_frame(state, d.player, seq=0, log_start=0, thinking=[], status="playing")
        assert reasons == frame.get("why_not", {})
        if reasons:
            compared += 1
            assert all(re.fullmatch(RULE[game], r["rule"]) and r["text"] for r in reasons.values())
        state.apply(d.options[len(d.options) // 2])
    assert compared
