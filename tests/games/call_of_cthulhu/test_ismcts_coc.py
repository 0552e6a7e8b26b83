"""ISMCTS on Call of Cthulhu: depth-limited rollouts scored by the game's evaluation (``evaluation.py``).

The evaluation counts what wins the game (CC-1.4: stories won; CC-8.20: success tokens), so a search
can stop a rollout long before the game ends. These tests check what the evaluation returns, that a
cut-off really uses it, and that a search still leaves the game and its RNG untouched.
"""

from __future__ import annotations

import random
from typing import Any

from cardtable.bots import ISMCTSBot, make_bot
from cardtable.core import Rng
from cardtable.games.call_of_cthulhu import DEFINITION as GAME
from cardtable.games.call_of_cthulhu.evaluation import evaluate, side_score
from cardtable.games.call_of_cthulhu.state import CocState
from cardtable.testing import conformance as c


def _midgame(seed: int, moves: int = 120) -> CocState:
    st = GAME.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if st.is_terminal:
            break
        st.apply(rng.choice(st.legal_actions()))
    assert isinstance(st, CocState)
    return st


def test_evaluation_is_a_score_in_0_1_and_the_two_seats_add_up_to_1() -> None:
    for seed in range(3):
        st = _midgame(seed)
        a, b = evaluate(st, 0), evaluate(st, 1)
        assert 0.0 < a < 1.0 and abs(a + b - 1.0) < 1e-9


def test_a_won_story_counts_more_than_anything_else_on_the_board_cc_1_4() -> None:
    """CC-1.4: stories won decide the game, so one more won story must raise the score the most."""
    st = _midgame(1)
    before = side_score(st, 0)
    story = st.table.cards("story_deck")[-1]
    st.table.move(story, "won:0")
    assert side_score(st, 0) - before >= 1.0
    assert evaluate(st, 0) > 0.5


def test_a_finished_game_is_scored_by_its_outcome() -> None:
    st = GAME.new_game(seed=2)
    rng = random.Random(2)
    while not st.is_terminal:
        st.apply(rng.choice(st.legal_actions()))
    assert st.outcome is not None
    assert [GAME.evaluate(st, p) for p in (0, 1)] == [st.outcome.scores.get(p, 0.0) for p in (0, 1)]


def test_the_game_default_depth_is_used_and_a_cut_off_asks_the_evaluation(monkeypatch: Any) -> None:
    bot = make_bot("ismcts:5", GAME.info.id, seed=1)
    assert isinstance(bot, ISMCTSBot) and bot.depth is None and GAME.rollout_depth
    calls: list[int] = []
    real = type(GAME).evaluate

    def counting(self: Any, state: Any, seat: int) -> float:
        calls.append(seat)
        return real(self, state, seat)

    monkeypatch.setattr(type(GAME), "evaluate", counting)
    st = _midgame(3)
    while len(st.decision.options) < 2:  # type: ignore[union-attr]
        st.apply(st.legal_actions()[0])
    d = st.decision
    assert d is not None
    short = make_bot("ismcts:5:d1", GAME.info.id, seed=1)
    action = short.act(st.view(d.player), d, Rng(4))
    assert action in d.options
    assert calls == [d.player] * 5  # one action per iteration, then every one is scored by the evaluation


def test_a_depth_limited_search_leaves_the_game_and_its_rng_untouched() -> None:
    bot = make_bot("ismcts:4:d8", GAME.info.id, seed=1)
    c.check_rng_isolation(GAME, 2, range(1), lambda view, decision: bot.act(view, decision, Rng(5)))
