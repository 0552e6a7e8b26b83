"""The Mythos position evaluation (``evaluation.py``) and the ismcts hook that uses it.

The evaluation scores what decides the game (MY-1.5 score = Sanity + VP, MY-1.3 a Sanity of 0 ends
it), reads only what the scoring seat may know — so every state sampled from that seat's view scores
the same — and stays in [0, 1]; a finished game is scored by its outcome.
"""

from __future__ import annotations

import random
from typing import Any

from cardtable.bots import ISMCTSBot, make_bot
from cardtable.core import Rng
from cardtable.games.mythos import DEFINITION as GAME
from cardtable.games.mythos.evaluation import evaluate, progress, side_score
from cardtable.games.mythos.state import MyState
from cardtable.games.mythos.testing import build
from cardtable.testing import conformance as c


def _midgame(seed: int, players: int = 2, moves: int = 80) -> MyState:
    st = GAME.new_game(seed=seed, players=players)
    rng = random.Random(seed)
    for _ in range(moves):
        if st.is_terminal:
            break
        st.apply(rng.choice(st.legal_actions()))
    assert isinstance(st, MyState)
    return st


def test_the_evaluation_is_a_score_strictly_between_0_and_1_before_the_end() -> None:
    for seed in range(4):
        for players in (2, 3, 4):
            st = _midgame(seed, players)
            if st.is_terminal:
                continue
            for p in range(players):
                assert 0.0 < evaluate(st, p) < 1.0


def test_the_evaluation_uses_only_what_the_seat_may_know() -> None:
    """Hidden cards (decks, other hands, others' face-down Threat) resampled from the seat's view must
    not move the score: the evaluation of every sample equals that of the real state."""
    checked = 0
    for seed in range(6):
        st = _midgame(seed, 2, moves=60 + 7 * seed)
        if st.is_terminal:
            continue
        for seat in range(2):
            real = evaluate(st, seat)
            view = st.view(seat)
            for k in range(4):
                sample = GAME.sample_state(view, [], seed=1000 * seed + k)
                assert isinstance(sample, MyState)
                assert abs(evaluate(sample, seat) - real) < 1e-12, f"seed {seed} seat {seat} sample {k}"
                checked += 1
    assert checked >= 16


def test_my_1_5_more_vp_or_sanity_raises_the_score_and_the_seats_are_symmetric() -> None:
    even = build(sanity=(10, 10))
    assert abs(evaluate(even.st, 0) - evaluate(even.st, 1)) < 1e-12
    ahead = build(sanity=(10, 10), adventures=(["Graveside Vigil"], []))
    assert evaluate(ahead.st, 0) > 0.5 > evaluate(ahead.st, 1)
    saner = build(sanity=(12, 10))
    assert evaluate(saner.st, 0) > 0.5


def test_my_1_3_a_sanity_point_is_worth_more_when_sanity_runs_low() -> None:
    def side(s: int) -> float:
        return side_score(build(sanity=(s, 10)).st, 0, 0)

    assert side(2) - side(1) > side(11) - side(10)


def test_my_6_13_2_progress_counts_story_deck_cards_that_fill_an_adventure_in_hand() -> None:
    none = build(hands=(["Graveside Vigil"], []))
    half = build(hands=(["Graveside Vigil"], []), allies=(["Police Detective"], []))
    full = build(hands=(["Graveside Vigil"], []), allies=(["Police Detective"], []),
                 story=(["Old Hill Burying Ground"], []))
    assert progress(none.st, 0) < progress(half.st, 0) < progress(full.st, 0)


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
    while st.decision is not None and len(st.decision.options) < 2:
        st.apply(st.legal_actions()[0])
    d = st.decision
    assert d is not None
    short = make_bot("ismcts:5:d1", GAME.info.id, seed=1)
    action = short.act(st.view(d.player), d, Rng(4))
    assert action in d.options
    assert calls == [d.player] * 5  # one action per iteration, then every one is scored by the evaluation


def test_a_depth_limited_search_leaves_the_game_and_its_rng_untouched() -> None:
    bot = make_bot("ismcts:3:d6", GAME.info.id, seed=1)
    c.check_rng_isolation(GAME, 2, range(1), lambda view, decision: bot.act(view, decision, Rng(5)))


def test_a_hand_ally_whose_requirement_the_place_meets_counts_once_per_title() -> None:
    """MY-6.4.2: the Zoog Scout is played only in a Forest (Dreamlands): ready at the Glade, not at the
    Harbour; two copies count as one title."""
    from cardtable.games.mythos.evaluation import READY, ready

    glade = build(hands=(["Zoog Scout", "Zoog Scout"], []), story=(["Enchanted Wood Glade"], []))
    harbour = build(hands=(["Zoog Scout", "Zoog Scout"], []), story=(["Celephais Harbour"], []))
    assert ready(glade.st, 0) == 1 and ready(harbour.st, 0) == 0
    assert abs(side_score(glade.st, 0, 0) - side_score(harbour.st, 0, 0) - READY) < 1e-9
