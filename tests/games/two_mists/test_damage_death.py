"""Damage, healing and death: TM-1.4, TM-1.6, TM-9.1 to TM-9.6, TM-11.3."""

from __future__ import annotations

import pytest

from cardtable.core import IllegalActionError
from cardtable.games.two_mists.testing import act, logged, point, scenario, take, target

FRONT = ["monster", "knight", "witch", "saint"]  # Fool in the centre


def test_tm_9_1_damage_reduces_life_and_stops_at_zero():
    s = scenario(characters=FRONT, life=[7, 1, 7, 7], action_row=["assault_knight", "attack", "attack"],
                 tableau={0: ["grimoire"]})
    take(s, "assault_knight")
    target(s, 1)
    assert s.life[1] == 0
    assert logged(s, "damaged") == [{"dealer": 0, "target": 1, "amount": 3, "life": 0}]


def test_tm_9_2_self_damage_and_poison_get_no_bonus():
    s = scenario(characters=["knight", "monster", "witch", "saint"], life=[9, 9, 9, 9], poison_tick=True,
                 action_row=["reckless", "attack", "attack"], tableau={0: ["holy_poison", "sages_staff"]})
    assert logged(s, "poisoned") == [{"player": 0, "amount": 1, "life": 8}]
    take(s, "reckless")
    target(s, 2)
    assert logged(s, "damaged") == [{"dealer": 0, "target": 2, "amount": 3, "life": 6}]
    assert logged(s, "self_damaged") == [{"player": 0, "amount": 3, "life": 5}]


def test_tm_9_3_healing_has_no_maximum():
    s = scenario(characters=FRONT, life=[7, 7, 7, 7], action_row=["arcana", "arcana", "attack"],
                 action_pile=["attack"])
    take(s, "A1")
    target(s, 0)
    target(s, 1)
    assert s.life == [9, 6, 7, 7]
    act(s, "pass")  # seat 1
    act(s, "pass")  # seat 2
    take(s, "arcana")  # seat 3, the Saint, heals seat 0 again
    target(s, 0)
    target(s, 2)
    assert s.life[0] == 11
    assert logged(s, "healed")[-1] == {"player": 3, "target": 0, "amount": 2, "life": 11}


def test_tm_9_4_tm_1_4_death_ends_the_game_at_once_skipping_flurrys_extra_action():
    s = scenario(characters=["knight", "monster", "witch", "saint"], life=[7, 1, 7, 7],
                 action_row=["flurry", "attack", "attack"])
    take(s, "flurry")
    target(s, 1)
    assert s.is_terminal and s.decision is None and s.legal_actions() == []
    assert logged(s, "extra_action_declined") == [] and s.log(None)[-1]["kind"] == "game_over"
    assert logged(s, "turn_started") == [{"turn": 1, "player": 0}]
    with pytest.raises(IllegalActionError) as err:
        act(s, "decline", player=0)
    assert err.value.rule == "CORE-2"


def test_tm_9_4_death_by_search_damage_after_pointing():
    s = scenario(characters=FRONT, life=[7, 7, 1, 7], action_row=["search", "attack", "attack"])
    take(s, "search")
    for at in ("centre", 0, 0, 0):
        point(s, at)
    target(s, 2)
    assert s.is_terminal and s.outcome.details["died"] == [2]
    kinds = [e["kind"] for e in s.log(None)]
    assert kinds.index("pointing_revealed") < kinds.index("damaged") < kinds.index("died")


def test_tm_9_4_arcana_heal_then_lethal_damage():
    s = scenario(characters=FRONT, life=[7, 1, 7, 7], action_row=["arcana", "attack", "attack"])
    take(s, "arcana")
    target(s, 3)
    target(s, 1)
    assert s.is_terminal and s.life == [7, 0, 7, 9]


def test_tm_9_5_finisher_is_the_taker_of_the_lethal_card():
    s = scenario(characters=FRONT, current=2, life=[2, 7, 7, 7], action_row=["assault_knight", "attack", "attack"])
    take(s, "assault_knight")
    target(s, 0)
    assert s.outcome.details["finisher"] == 2
    assert logged(s, "died") == [{"player": 0, "character": "monster", "finisher": 2}]


def test_tm_9_6_damage_kills_only_one_player():
    s = scenario(characters=FRONT, life=[1, 2, 7, 7], action_row=["reckless", "attack", "attack"], current=1)
    take(s, "reckless")  # the Knight: 2 damage kills the Monster, the lethal self-damage never happens
    target(s, 0)
    assert s.outcome.details["died"] == [0] and s.life[1] == 2
    assert s.outcome.winners == [1, 2, 3]  # TM-1.4: several players can win together


def test_tm_9_6_tm_1_6_two_die_together_only_through_the_wrath():
    s = scenario(characters=FRONT, life=[7, 7, 7, 1], action_row=["attack", "attack", "attack"])
    take(s, "attack")
    target(s, 3)
    assert s.outcome.details["died"] == [3, 0]
    assert logged(s, "wrath") == [{"player": 0, "character": "monster"}]
    assert s.life == [7, 7, 7, 0]


def test_tm_11_3_wrath_is_not_damage_finisher_dies_whatever_their_life():
    s = scenario(characters=["fool", "monster", "knight", "saint"], life=[25, 7, 7, 2],
                 action_row=["assault_knight", "attack", "attack"])
    take(s, "assault_knight")
    target(s, 3)
    assert s.outcome.details["died"] == [3, 0]
    assert s.life[0] == 25  # no damage was dealt to the finisher
    assert [d["target"] for d in logged(s, "damaged")] == [3]


def test_tm_1_6_saint_killing_themselves_triggers_no_wrath():
    s = scenario(players=3, characters=["saint", "knight", "witch"], life=[5, 7, 7],
                 action_row=["reckless", "attack", "attack"])
    take(s, "reckless")
    target(s, 1)
    assert s.outcome.details["died"] == [0] and logged(s, "wrath") == []
