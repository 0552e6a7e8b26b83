"""The engine loop's bound ``runs`` and the frames that share their arguments (seventh speed round).

``OpTable.runs`` is an index of ``ops`` (each op's ``run``, bound once); ``Frame.receive`` and
``CardState.ret`` hand a frame's result up in a copy that shares the arguments dict of the frame beneath.
Both are right only while ops are registered through ``add`` and no frame's arguments change in place;
these tests check the index against the plain look-up for every game, and that sharing keeps clones,
snapshots and equality what they were on seeded positions.
"""

from __future__ import annotations

import random

import pytest

import cardtable
from cardtable.engine import CardState
from cardtable.engine.frames import Frame

CARD_GAMES = [("call-of-cthulhu", 2), ("million-arthur", 2), ("mythos", 4)]


@pytest.mark.parametrize("game_id,players", CARD_GAMES)
def test_runs_index_matches_the_ops(game_id: str, players: int) -> None:
    st = cardtable.load_game(game_id).new_game(seed=0, players=players)
    assert isinstance(st, CardState)
    table = type(st).OPS
    assert set(table.runs) == set(table.ops)
    for name, op in table.ops.items():
        assert table.runs[name] == op.run  # the same function, bound to the same op


def test_receive_shares_arguments_but_not_the_result() -> None:
    frame = Frame("x", {"a": 1, "b": (1, 2)})
    got = frame.receive((3,))
    assert got.args is frame.args and got.got == (3,) and frame.got is None
    assert got != frame and got.evolve() == frame  # evolve clears the result and copies the arguments
    assert Frame.from_dict(got.to_dict()) == got


@pytest.mark.parametrize("game_id,players", CARD_GAMES)
def test_clones_and_snapshots_unchanged_by_sharing(game_id: str, players: int) -> None:
    """A clone taken mid-game and a snapshot loaded from it play on exactly like the original."""
    game = cardtable.load_game(game_id)
    for seed in range(3):
        st = game.new_game(seed=seed, players=players)
        choose = random.Random(seed).choice
        for _ in range(40):
            if st.is_terminal:
                break
            st.apply(choose(st.legal_actions()))
        if st.is_terminal:
            continue
        copy = st.clone()
        loaded = game.from_dict(st.to_dict())
        stack_before = [f.to_dict() for f in st.stack]
        pick = random.Random(100 + seed).choice
        for _ in range(60):
            if st.is_terminal:
                break
            st.apply(pick(st.legal_actions()))
        assert [f.to_dict() for f in copy.stack] == stack_before  # the original's play left the clone alone
        replay = random.Random(100 + seed).choice
        for other in (copy, loaded):
            for _ in range(60):
                if other.is_terminal:
                    break
                other.apply(replay(other.legal_actions()))
            replay = random.Random(100 + seed).choice
            assert other.stack == st.stack and other.decision == st.decision


def test_decision_setters_build_the_same_decision() -> None:
    """``CardState.ask`` builds its ``Decision`` with the slot setters: equal to the dataclass's own, still frozen."""
    from cardtable.core import Action, Decision
    from cardtable.core.actions import DECISION_SETTERS

    options = (Action(0, "pass"), Action(0, "pick", (("card", 3),)))
    d = object.__new__(Decision)
    for setter, value in zip(DECISION_SETTERS, (0, "pick", "Pick one", options)):
        setter(d, value)
    assert d == Decision(0, "pick", "Pick one", options) and hash(d) == hash(Decision(0, "pick", "Pick one", options))
    with pytest.raises(AttributeError):
        d.player = 1  # type: ignore[misc]
