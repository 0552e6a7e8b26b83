"""Equipment: TM-8.1 to TM-8.5."""

from __future__ import annotations

import pytest

from cardtable.core import IllegalActionError
from cardtable.games.two_mists.testing import act, logged, point, scenario, take, target

FRONT = ["monster", "knight", "witch", "saint"]  # Fool in the centre


def test_tm_8_1_equipment_stays_and_works_from_the_moment_it_is_taken():
    s = scenario(characters=FRONT, action_row=["attack", "attack", "attack"], action_pile=["attack"] * 3,
                 equipment_row=["giants_spear", "holy_poison"], equipment_pile=["grimoire", "grimoire"])
    take(s, "giants_spear")
    assert s.view(1)["seats"][0]["weapons"] == 1 and s.to_act == 1
    for victim in (2, 3, 2):  # seats 1, 2, 3
        take(s, "attack")
        target(s, victim)
    take(s, "attack")
    target(s, 1)
    assert logged(s, "damaged")[-1] == {"dealer": 0, "target": 1, "amount": 2, "life": 5}
    assert [c["card"] for c in s.view(2)["zones"]["tableau:0"]["cards"]] == ["giants_spear", "attack"]


def test_tm_8_1_same_equipment_name_never_twice():
    s = scenario(characters=FRONT, equipment_row=["giants_spear", "grimoire"], tableau={0: ["giants_spear"]},
                 action_row=["attack", "attack", "attack"])
    assert "E1" not in [a.get("slot") for a in s.legal_actions()]
    before = s.to_dict()
    with pytest.raises(IllegalActionError) as err:
        take(s, "E1")
    assert err.value.rule == "TM-8.1"
    assert s.to_dict() == before


@pytest.mark.parametrize("weapon,holder", [("giants_spear", "knight"), ("grimoire", "witch"),
                                           ("axe_of_greed", "fool"), ("sages_staff", "saint")])
def test_tm_8_2_each_weapon_adds_one(weapon, holder):
    chars = [holder] + [c for c in ("monster", "knight", "witch", "saint", "fool") if c != holder][:3]
    s = scenario(characters=chars, action_row=["attack", "search", "search"], tableau={0: [weapon]})
    take(s, "attack")
    target(s, 1)
    assert s.life[1] == 5


def test_tm_8_3_weapons_stack_on_every_damage_instance_to_others():
    """TM-8.3: the Monster with four weapons deals base + 4 with Attack, Search, Assault, Flurry and Arcana."""
    weapons = ["giants_spear", "grimoire", "axe_of_greed", "sages_staff"]
    s = scenario(characters=FRONT, life=[7, 30, 30, 30], action_row=["flurry", "search", "arcana"],
                 tableau={0: weapons}, action_pile=["assault_knight"])
    take(s, "flurry")
    target(s, 1)
    take(s, "search")  # extra action
    for at in (1, "centre", 0, 0):
        point(s, at)
    target(s, 2)
    assert [d["amount"] for d in logged(s, "damaged")] == [5, 5]
    s = scenario(characters=FRONT, life=[7, 30, 30, 30], action_row=["arcana", "assault_knight", "attack"],
                 tableau={0: weapons})
    take(s, "arcana")
    target(s, 1)  # heal: no bonus
    target(s, 1)
    assert logged(s, "healed")[0]["amount"] == 2
    assert logged(s, "damaged") == [{"dealer": 0, "target": 1, "amount": 5, "life": 27}]


def test_tm_8_3_weapons_add_to_reckless_damage_but_not_self_damage():
    s = scenario(characters=["knight", "monster", "witch", "saint"], life=[9, 9, 9, 9],
                 action_row=["reckless", "attack", "attack"], tableau={0: ["giants_spear", "axe_of_greed"]})
    take(s, "reckless")
    target(s, 1)
    assert logged(s, "damaged") == [{"dealer": 0, "target": 1, "amount": 4, "life": 5}]
    assert logged(s, "self_damaged") == [{"player": 0, "amount": 3, "life": 6}]


def test_tm_8_3_weapons_do_not_affect_poison():
    s = scenario(characters=["knight", "monster", "witch", "saint"], life=[5, 7, 7, 7],
                 tableau={0: ["holy_poison", "giants_spear", "axe_of_greed"]}, poison_tick=True)
    assert logged(s, "poisoned") == [{"player": 0, "amount": 1, "life": 4}]


def test_tm_8_4_poison_first_ticks_at_the_holders_next_own_turn():
    s = scenario(characters=["knight", "monster", "witch", "saint"], life=[7, 7, 7, 7],
                 equipment_row=["holy_poison", "grimoire"])
    take(s, "holy_poison")
    assert s.life[0] == 7 and s.view(2)["seats"][0]["holy_poison"] is True
    for _ in range(3):  # other players' turn starts do not tick it
        assert s.life[0] == 7
        act(s, "pass")
    # seat 0's turn start: the tick comes before the choice
    assert s.to_act == 0 and s.life[0] == 6
    log = s.log(None)
    assert [e["kind"] for e in log[-2:]] == ["turn_started", "poisoned"]
    assert log[-1] == {"kind": "poisoned", "player": 0, "amount": 1, "life": 6}
    assert s.decision.kind == "choose"


def test_tm_8_4_poison_never_below_one():
    s = scenario(characters=["knight", "monster", "witch", "saint"], life=[2, 7, 7, 7],
                 tableau={0: ["holy_poison"]}, poison_tick=True)
    assert s.life[0] == 1
    for _ in range(4):
        act(s, "pass")
    assert s.to_act == 0 and s.life[0] == 1
    assert logged(s, "poisoned") == [{"player": 0, "amount": 1, "life": 1}]  # no event when nothing happens


def test_tm_8_4_poison_taken_as_extra_action_ticks_next_turn():
    s = scenario(characters=["knight", "monster", "witch", "saint"], action_row=["flurry", "attack", "attack"],
                 equipment_row=["holy_poison", "giants_spear"])
    take(s, "flurry")
    target(s, 1)
    take(s, "holy_poison")
    assert s.life[0] == 7 and s.to_act == 1
    for _ in range(3):
        act(s, "pass")
    assert s.life[0] == 6 and logged(s, "poisoned") == [{"player": 0, "amount": 1, "life": 6}]


def test_tm_8_5_holy_poison_counts_for_reckless_and_clears_the_monster():
    s = scenario(characters=["monster", "knight", "witch", "saint"], equipment_row=["holy_poison", "grimoire"],
                 action_row=["reckless", "attack", "attack"])
    assert [a.get("slot") for a in s.legal_actions() if a.kind == "take"] == ["A2", "A3", "E2"]
    before = s.to_dict()
    with pytest.raises(IllegalActionError) as err:
        take(s, "holy_poison")
    assert err.value.rule == "TM-2.6" and s.to_dict() == before
    s = scenario(characters=["knight", "monster", "witch", "saint"], equipment_row=["holy_poison", "grimoire"])
    take(s, "holy_poison")
    assert s.possible[0] & 1 == 0  # public evidence: the holder is not the Monster
    s = scenario(characters=["knight", "monster", "witch", "saint"], life=[9, 9, 9, 9], poison_tick=True,
                 action_row=["reckless", "attack", "attack"], tableau={0: ["holy_poison"]})
    assert s.life[0] == 8  # the tick
    take(s, "reckless")
    target(s, 1)
    assert logged(s, "self_damaged") == [{"player": 0, "amount": 4, "life": 4}]
