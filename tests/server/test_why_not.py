"""Why a card in hand cannot be played now (issue 23): the deciding seat's frame carries, for each hand
card no option plays, the engine's own refusal of that play, sentence and rule ID. It agrees with what the
engine says when the play is really sent, and like every frame it holds nothing the seat may not know."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import cardtable
from cardtable.core import Action, IllegalActionError
from cardtable.engine.whynot import play_kind
from cardtable.server.autopass import presentation_for
from cardtable.server.frames import state_frame

CARD_GAMES = ["call-of-cthulhu", "million-arthur", "mythos"]


def _frame(state, seat):
    return state_frame(state, seat, seq=0, log_start=0, thinking=[], status="playing")


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_each_reason_is_the_refusal_the_engine_gives_the_real_play(game_id: str) -> None:
    game = cardtable.load_game(game_id)
    pres = presentation_for(game_id)
    assert pres is not None and pres.play_from_hand, "the game declares how a card is played from hand"
    rules: Counter[str] = Counter()
    for seed in range(3):
        state = game.new_game(seed=seed, players=2)
        rng = random.Random(seed)
        for _ in range(250):
            if state.outcome is not None:
                break
            d = state.decision
            reasons = _frame(state, d.player).get("why_not", {})
            kind = play_kind(pres, d.kind)
            hand = state.view(d.player)["zones"][f"hand:{d.player}"]
            offered = {o.get("card") for o in d.options if o.kind == kind}
            if kind is not None:
                assert set(reasons) == {str(c) for c in hand if c not in offered}
            else:
                assert reasons == {}
            for card, reason in reasons.items():
                before = state.to_dict()
                with pytest.raises(IllegalActionError) as refused:
                    state.apply(Action(d.player, kind, (("card", int(card)),)))
                assert (refused.value.rule, refused.value.message) == (reason["rule"], reason["text"])
                assert state.to_dict() == before
                rules[reason["rule"]] += 1
            state.apply(rng.choice(d.options))
    assert len(rules) >= 2, rules  # several different rules explained, not one generic refusal
    assert not any(r.startswith("CORE") for r in rules), rules


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_reasons_do_not_depend_on_what_the_seat_cannot_see(game_id: str) -> None:
    """Resample everything hidden from the deciding seat: its frame, reasons included, is the same."""
    game = cardtable.load_game(game_id)
    explained = 0
    for seed in range(2):
        state = game.new_game(seed=seed, players=2)
        rng = random.Random(seed)
        for step in range(160):
            if state.outcome is not None:
                break
            seat = state.decision.player
            mine = _frame(state, seat)
            if step % 4 == 0 or "why_not" in mine:
                for k in range(2):
                    sampled = state.determinize(seat, seed=seed * 100 + k)
                    assert _frame(sampled, seat).get("why_not") == mine.get("why_not"), (game_id, seed, step)
                explained += "why_not" in mine
            state.apply(rng.choice(state.decision.options))
    assert explained > 5


def test_no_reasons_for_a_seat_that_is_not_deciding_or_a_spectator() -> None:
    state = cardtable.load_game("call-of-cthulhu").new_game(seed=1, players=2)
    other = 1 - state.decision.player
    assert "why_not" not in _frame(state, other)
    assert "why_not" not in _frame(state, None)
