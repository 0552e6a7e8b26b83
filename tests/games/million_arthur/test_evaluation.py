"""The position evaluation searches use when they stop early (``evaluation.py``, ``GameDefinition.evaluate``).

It must be a score in [0, 1] (the outcome's score once the game is over), follow what wins games
(HP first, MA-1.4), and read only what the seat may know (MA-14.7): resampling everything hidden from
the seat leaves it unchanged.
"""

from __future__ import annotations

from cardtable.bots import ISMCTSBot, make_bot
from cardtable.core import Rng
from cardtable.games.million_arthur import DEFINITION
from cardtable.games.million_arthur.evaluation import evaluate
from cardtable.games.million_arthur.testing import K, build


def test_the_game_declares_its_evaluation_and_rollout_depth() -> None:
    assert DEFINITION.evaluate is not None and DEFINITION.rollout_depth == 24
    bot = make_bot("ismcts:4", "million-arthur", seed=1)
    assert isinstance(bot, ISMCTSBot) and bot.depth is None  # the game's depth applies


def test_scores_are_in_range_and_the_outcome_once_over() -> None:
    for seed in (1, 2):
        st = DEFINITION.new_game(seed=seed, options={"max_turns": 40})
        rng = Rng(seed)
        while not st.is_terminal:
            for seat in (0, 1):
                v = evaluate(st, seat)
                assert 0.0 < v < 1.0
                assert abs(v + evaluate(st, 1 - seat) - 1.0) < 1e-9  # a zero-sum view of the position
            d = st.decision
            assert d is not None
            st.apply(d.options[rng.below(len(d.options))])
        assert st.outcome is not None
        for seat in (0, 1):
            assert evaluate(st, seat) == st.outcome.scores.get(seat, 0.0)


def test_hp_chain_and_threat_move_the_score_ma_1_4_ma_7_1_ma_9_6() -> None:
    even = build(at="first")
    assert abs(evaluate(even.st, 0) - 0.5) < 1e-9
    behind = build(hp=(20, 12), at="first")
    assert evaluate(behind.st, 0) > 0.75 > 0.25 > evaluate(behind.st, 1)
    chained = build(chain=(["Harbour Duelist", "Harbour Duelist"], []), at="first")
    assert evaluate(chained.st, 0) > 0.5  # MA-7.1: two more capacity for every later turn
    threat = build(battle=([K("Cinder Warlord")], [K("Cinder Page")]), at="attack")
    assert evaluate(threat.st, 0) > evaluate(build(battle=([K("Cinder Warlord", rested=True)], [K("Cinder Page")]),
                                                   at="attack").st, 0)  # MA-9.6: 6 − 1 still to come


def test_resampling_what_the_seat_cannot_see_does_not_change_it_ma_14_7() -> None:
    """MA-14.7: the opponent's hand and deck, every deck order and unknown face-down chain cards are
    resampled; the seat's score must stay the same at every decision of a game."""
    st = DEFINITION.new_game(seed=5, options={"max_turns": 30})
    rng = Rng(9)
    checked = 0
    while not st.is_terminal:
        d = st.decision
        assert d is not None
        for seat in (0, 1):
            view = st.view(seat)
            v = evaluate(st, seat)
            for k in range(2):
                sample = DEFINITION.sample_state(view, [], seed=1000 * checked + k)
                assert sample.view(seat) == view
                assert evaluate(sample, seat) == v  # type: ignore[arg-type]
        checked += 1
        st.apply(d.options[rng.below(len(d.options))])
    assert checked > 100
