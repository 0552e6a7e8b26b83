"""The fixed discrete action space: masks are exactly ``legal_actions()``, indices round-trip."""

from __future__ import annotations

from itertools import chain

import numpy as np
import pytest

from cardtable.bots import make_bot
from cardtable.core import Action, Decision
from cardtable.games.two_mists import GAME
from cardtable.games.two_mists import encoding as E
from cardtable.rl.spaces import (
    DiscreteActions, IllegalActionIndex, SeatObserver, action_mask, action_space, load_encoding,
)

from .conftest import random_positions


@pytest.mark.parametrize("players", [3, 4])
def test_mask_equals_legal_actions_at_every_step_of_many_random_games(players):
    space = action_space("two-mists", players)
    seen = 0
    for state in random_positions(400, players, seed=players):
        legal = state.legal_actions()
        mask = space.action_mask(state.decision)
        assert mask.dtype == np.int8 and mask.shape == (E.ACTION_COUNT,)
        assert int(mask.sum()) == len(legal), "two legal actions share an index"
        assert {space.index(a) for a in legal} == set(np.flatnonzero(mask).tolist())
        # the mask a seat gets from its own view is the same one
        view_mask = space.mask_from_indices(space.space.legal_indices_from_view(state.view(state.to_act)))
        assert np.array_equal(view_mask, mask)
        # nobody else is offered anything
        for seat in range(players):
            if seat != state.to_act:
                assert space.space.legal_indices_from_view(state.view(seat)) == []
        seen += 1
    assert seen > 4000


@pytest.mark.parametrize("players", [3, 4])
def test_every_offered_action_round_trips_through_its_index(players):
    space = action_space("two-mists", players)
    offered: set[Action] = set()
    heuristic = make_bot("heuristic", "two-mists", seed=1)

    def mostly_heuristic(state, rng):  # long, realistic games reach pile rebuilds, heals, chains
        if rng.below(4) == 0:
            return rng.choice(state.legal_actions())
        return heuristic.act(state.view(state.to_act), state.decision, rng)

    positions = chain(random_positions(300, players, seed=10 + players),
                      random_positions(40, players, seed=20 + players, chooser=mostly_heuristic))
    for state in positions:  # live states: check each before the game moves on
        decision = state.decision
        for a in decision.options:
            i = space.index(a)
            assert space.space.action(i, a.player) == a
            assert space.action(i, decision) == a
            assert space.index(Action.from_dict(a.to_dict())) == i  # by value, not only by identity
            offered.add(a)
    # every action of the table was offered at some point (the space has no dead entries)
    per_seat = {(a.player, space.index(a)) for a in offered}
    expected = {(p, i) for p in range(players) for i in range(E.ACTION_COUNT)
                if not (players == 3 and i in (E.TARGET + 3, E.POINT + 3))}
    assert per_seat == expected


def test_the_documented_index_table():
    labels = E.ACTION_LABELS
    assert len(labels) == E.ACTION_COUNT == 15
    assert labels[:7] == ("take A1", "take A2", "take A3", "take E1", "take E2", "pass", "decline")
    assert labels[7:11] == ("target +0", "target +1", "target +2", "target +3")
    assert labels[11:] == ("point +1", "point +2", "point +3", "point centre")
    space = E.action_space(4)
    assert space.action(E.TARGET + 1, 3) == Action(3, "target", (("seat", 0),))  # seat after 3 is 0
    assert space.action(E.POINT + 2, 1) == Action(1, "point", (("at", 3),))
    assert space.action(E.POINT_CENTRE, 2) == Action(2, "point", (("at", "centre"),))
    with pytest.raises(ValueError, match="does not exist with 3 players"):
        E.action_space(3).action(E.TARGET + 3, 0)
    with pytest.raises(ValueError, match="outside"):
        space.action(15, 0)


def test_illegal_indices_are_refused_with_the_legal_ones_listed():
    state = GAME.new_game(seed=3, players=4)
    space = action_space("two-mists", 4)
    with pytest.raises(IllegalActionIndex, match=r"decline.*legal: .*pass"):
        space.action(E.DECLINE, state.decision)
    with pytest.raises(IllegalActionIndex, match="outside"):
        space.action(-1, state.decision)
    assert space.action(np.int64(E.PASS), state.decision) == Action(state.to_act, "pass")


def test_module_level_helpers():
    state = GAME.new_game(seed=5, players=3)
    mask = action_mask("two-mists", state.decision, 3)
    assert mask[E.PASS] == 1 and mask[E.DECLINE] == 0
    assert not action_mask("two-mists", None, 3).any()
    assert load_encoding("two-mists") is E
    assert isinstance(action_space("two-mists", 3), DiscreteActions)
    assert action_space("two-mists", 3).gym_space().n == 15


def test_a_decision_from_elsewhere_still_maps():
    """Actions not built by the ActionTable (e.g. parsed JSON) are found by value."""
    options = (Action(1, "target", (("seat", 0),)), Action(1, "target", (("seat", 2),)))
    d = Decision(1, "target", "", options)
    assert E.action_space(3).legal_indices(d) == [E.TARGET + 2, E.TARGET + 1]


@pytest.mark.parametrize("players", [3, 4])
def test_the_envs_observer_equals_its_view_route_for_every_seat(players):
    """What both envs hand a learner (fast path) is what ``view(seat)`` alone gives (reference route)."""
    space = action_space("two-mists", players)
    observer = SeatObserver(E.observation_encoder(players), space)
    for state in random_positions(60, players, seed=11):
        for seat in range(players):
            obs, mask = observer(state, seat)
            ref_obs, ref_mask = observer.from_view(state, seat)
            assert np.array_equal(obs, ref_obs) and np.array_equal(mask, ref_mask)
            assert mask.any() == (seat == state.to_act)


def test_the_last_decision_memo_never_answers_for_another_decision():
    """``legal_indices`` remembers the last decision by identity; equal-looking new decisions are recomputed."""
    space = action_space("two-mists", 4)
    state = GAME.new_game(seed=3, players=4)
    first = state.decision
    assert space.legal_indices(first) is space.legal_indices(first)
    other = Decision(first.player, first.kind, first.prompt, first.options[:1])
    assert space.legal_indices(other) == (space.index(first.options[0]),)
    assert len(space.legal_indices(first)) == len(first.options)
