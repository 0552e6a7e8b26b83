"""Passing: TM-10.1 to TM-10.4."""

from __future__ import annotations

import pytest

from cardtable.core import IllegalActionError
from cardtable.games.two_mists.testing import act, logged, scenario, take, target

FRONT = ["monster", "knight", "witch", "saint"]  # Fool in the centre


def test_tm_10_1_pass_is_always_offered_on_a_turn():
    s = scenario(characters=FRONT, action_row=["attack", "search", "assault_knight"])
    assert [a.kind for a in s.legal_actions()].count("pass") == 1
    act(s, "pass")
    assert s.to_act == 1


def test_tm_10_1_no_legal_card_means_pass():
    s = scenario(characters=["saint", "monster", "knight", "witch"], action_row=["flurry", "flurry", "assault_saint"],
                 equipment_row=["axe_of_greed", "holy_poison"], tableau={0: ["holy_poison"]})
    assert [a.to_dict() for a in s.legal_actions()] == [{"player": 0, "kind": "pass"}]


def test_tm_10_2_pass_reveals_and_sets_life_to_exactly_one():
    s = scenario(characters=FRONT, life=[7, 12, 7, 7], current=1)
    act(s, "pass")
    assert s.life == [7, 1, 7, 7]
    assert s.view(0)["seats"][1] == {**s.view(0)["seats"][1], "character": "knight", "revealed": True, "life": 1}
    assert logged(s, "passed", 3) == [{"player": 1, "character": "knight", "life": 1}]


def test_tm_10_2_already_revealed_player_only_changes_life():
    s = scenario(characters=FRONT, life=[7, 4, 7, 7], current=1, revealed=[1])
    act(s, "pass")
    assert s.life[1] == 1 and s.revealed == [False, True, False, False]
    assert logged(s, "passed") == [{"player": 1, "character": "knight", "life": 1}]


def test_tm_10_3_pass_ends_the_turn_never_kills_and_may_repeat():
    s = scenario(characters=FRONT, life=[1, 7, 7, 7])
    for turn in range(1, 10):
        assert s.turn == turn
        act(s, "pass")
        assert not s.is_terminal
    assert s.life == [1, 1, 1, 1]
    assert [p["player"] for p in logged(s, "passed")] == [0, 1, 2, 3, 0, 1, 2, 3, 0]


def test_tm_10_4_declining_flurrys_extra_action_is_not_a_pass():
    s = scenario(characters=["knight", "monster", "witch", "saint"], life=[4, 7, 7, 7],
                 action_row=["flurry", "attack", "attack"])
    take(s, "flurry")
    target(s, 1)
    before = s.to_dict()
    with pytest.raises(IllegalActionError) as err:
        act(s, "pass")
    assert err.value.rule == "TM-10.4" and s.to_dict() == before
    act(s, "decline")
    assert s.life[0] == 4 and not s.revealed[0] and logged(s, "passed") == []
