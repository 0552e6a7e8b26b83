"""Legal cards and action cards: TM-5.2, TM-7.1 to TM-7.9."""

from __future__ import annotations

import pytest

from cardtable.games.two_mists import GAME
from cardtable.games.two_mists.testing import act, logged, point, scenario, take, target

FRONT = ["monster", "knight", "witch", "saint"]  # Fool in the centre


def _slots(state) -> list[str]:
    return [a.get("slot") for a in state.legal_actions() if a.kind == "take"]


# ---- TM-5.2 legal cards -----------------------------------------------------------------------------------
def test_tm_5_2_1_only_face_up_cards_are_legal():
    s = scenario(characters=FRONT, action_row=["attack", None, "search"], equipment_row=[None, "grimoire"],
                 equipment_pile=[])
    assert _slots(s) == ["A1", "A3", "E2"]


def test_tm_5_2_2_barred_cards_are_not_legal():
    s = scenario(characters=FRONT, action_row=["reckless", "assault_monster", "assault_knight"],
                 equipment_row=["holy_poison", "grimoire"])
    assert _slots(s) == ["A3", "E2"]  # the Monster: no Reckless, no Assault(Monster), no Holy Poison


def test_tm_5_2_3_held_equipment_name_is_not_legal():
    s = scenario(characters=FRONT, equipment_row=["grimoire", "giants_spear"], tableau={0: ["grimoire"]},
                 action_row=["attack", "attack", "attack"])
    assert _slots(s) == ["A1", "A2", "A3", "E2"]


def test_tm_5_2_4_intimidated_player_may_take_only_equipment():
    s = scenario(characters=FRONT, intimidated=[0], action_row=["attack", "search", "flurry"],
                 equipment_row=["grimoire", "giants_spear"])
    assert _slots(s) == ["E1", "E2"]
    assert s.view(0)["restricted"] is True


# ---- TM-7 actions -----------------------------------------------------------------------------------------
def test_tm_7_1_action_goes_to_tableau_and_resolves_at_once():
    s = scenario(characters=FRONT, action_row=["assault_knight", "attack", "attack"], tableau={0: ["grimoire"]})
    take(s, "assault_knight")
    assert [s.cat.card_id(i) for i in s.tableau[0]] == ["grimoire", "assault_knight"]
    assert s.view(1)["resolving"]["card"] == "assault_knight"
    assert s.decision.kind == "target"
    target(s, 2)
    assert s.life[2] == 4 and s.view(1)["resolving"] is None


def test_tm_7_2_damage_is_base_plus_taker_weapons():
    s = scenario(characters=FRONT, action_row=["attack", "attack", "attack"],
                 tableau={0: ["giants_spear", "grimoire"], 1: ["axe_of_greed"]})
    take(s, "attack")
    target(s, 1)
    assert logged(s, "damaged")[-1] == {"dealer": 0, "target": 1, "amount": 3, "life": 4}
    take(s, "attack")
    target(s, 2)
    assert logged(s, "damaged")[-1] == {"dealer": 1, "target": 2, "amount": 2, "life": 5}


def test_tm_7_3_attack_one_damage_to_another_player():
    s = scenario(characters=FRONT, action_row=["attack", "search", "search"])
    take(s, "attack")
    assert [a.get("seat") for a in s.legal_actions()] == [1, 2, 3]
    target(s, 3)
    assert s.life == [7, 7, 7, 6]


def test_tm_7_4_search_everyone_points_then_map_logged_then_damage():
    s = scenario(characters=FRONT, current=1, turn=6, action_row=["search", "attack", "attack"])
    take(s, "search")
    assert [a.get("at") for a in s.legal_actions()] == [0, 2, 3, "centre"]  # another player or the centre
    point(s, 0)      # seat 1, the taker, points first
    point(s, "centre")  # seat 2
    point(s, 0)      # seat 3
    point(s, 2)      # seat 0
    assert logged(s, "pointing_revealed", 3) == [{"turn": 6, "choices": {"0": 2, "1": 0, "2": "centre", "3": 0}}]
    assert s.life == [7, 7, 7, 7]  # pointing itself does nothing
    assert s.decision.kind == "target" and s.to_act == 1
    target(s, 3)  # unconstrained by the pointing
    assert s.life == [7, 7, 7, 6]
    assert s.view(0)["seats"][0]["revealed"] is False


def test_tm_7_5_assault_two_damage():
    s = scenario(characters=FRONT, action_row=["assault_knight", "attack", "attack"])
    take(s, "assault_knight")
    target(s, 1)
    assert s.life == [7, 5, 7, 7]


@pytest.mark.parametrize("equipment,self_damage", [
    ([], 5),
    (["holy_poison"], 4),
    (["giants_spear", "grimoire"], 3),
    (["giants_spear", "grimoire", "holy_poison"], 2),
    (["giants_spear", "grimoire", "sages_staff", "holy_poison"], 1),
])
def test_tm_7_6_reckless_self_damage_counts_equipment(equipment, self_damage):
    """TM-7.6: self-damage = 5 - equipment held (Holy Poison included); weapons do not raise it."""
    s = scenario(characters=["saint", "monster", "knight", "witch"], life=[9, 9, 9, 9],
                 action_row=["reckless", "attack", "attack"], tableau={0: equipment})
    take(s, "reckless")
    target(s, 1)
    weapons = sum(e != "holy_poison" for e in equipment)
    assert logged(s, "damaged") == [{"dealer": 0, "target": 1, "amount": 2 + weapons, "life": 7 - weapons}]
    assert logged(s, "self_damaged") == [{"player": 0, "amount": self_damage, "life": 9 - self_damage}]
    assert s.life[0] == 9 - self_damage and s.to_act == 1


def test_tm_7_6_reckless_no_self_damage_when_the_target_dies():
    s = scenario(characters=["fool", "monster", "knight", "witch"], life=[3, 2, 7, 7],
                 action_row=["reckless", "attack", "attack"])
    take(s, "reckless")
    target(s, 1)
    assert s.is_terminal and s.life == [3, 0, 7, 7]
    assert logged(s, "self_damaged") == []
    assert s.outcome.details["died"] == [1] and s.outcome.details["finisher"] == 0


def test_tm_7_6_reckless_self_kill_makes_the_taker_their_own_finisher():
    s = scenario(characters=["knight", "monster", "witch", "saint"], life=[5, 7, 7, 7],
                 action_row=["reckless", "attack", "attack"])
    take(s, "reckless")
    target(s, 1)
    assert s.life == [0, 5, 7, 7]
    assert logged(s, "died") == [{"player": 0, "character": "knight", "finisher": 0}]
    assert s.outcome.details["finisher"] == 0
    # the game ends on the killing effect: the card being resolved stops there, as after a killing target
    reckless = GAME.catalog.cards[GAME.catalog.instances[s.card]]
    assert reckless.steps[s.view(None)["resolving"]["step"]].op == "self_damage"
    assert GAME.from_dict(s.to_dict()).to_dict() == s.to_dict()


def test_tm_7_7_flurry_damage_then_optional_extra_action():
    s = scenario(characters=["knight", "monster", "witch", "saint"], action_row=["flurry", "attack", "search"],
                 equipment_row=["giants_spear", "sages_staff"], action_pile=["attack"])
    take(s, "flurry")
    target(s, 1)
    assert s.life == [7, 6, 7, 7]
    assert s.decision.kind == "extra" and s.to_act == 0
    assert sorted(a.kind for a in s.legal_actions()) == ["decline", "take", "take", "take", "take", "take"]
    take(s, "giants_spear")
    assert logged(s, "card_taken")[-1]["extra"] is True
    assert s.to_act == 1 and s.weapons[0] == 1


def test_tm_7_7_declining_the_extra_action_is_not_a_pass():
    s = scenario(characters=["knight", "monster", "witch", "saint"], life=[5, 7, 7, 7],
                 action_row=["flurry", "attack", "search"])
    take(s, "flurry")
    target(s, 1)
    act(s, "decline")
    assert s.life[0] == 5 and s.revealed[0] is False
    assert logged(s, "extra_action_declined") == [{"player": 0}]
    assert logged(s, "passed") == [] and s.to_act == 1


def test_tm_7_7_no_legal_card_for_the_extra_action_only_decline():
    s = scenario(characters=["knight", "monster", "witch", "saint"], life=[5, 7, 7, 7],
                 action_row=["flurry", "arcana", "assault_knight"], action_pile=["arcana"],
                 equipment_row=["grimoire", None], equipment_pile=[])
    take(s, "flurry")
    target(s, 2)
    assert [a.kind for a in s.legal_actions()] == ["decline"]
    act(s, "decline")
    assert s.life[0] == 5 and s.revealed[0] is False and s.to_act == 1


def test_tm_7_7_flurry_taken_as_extra_action_grants_another():
    s = scenario(characters=["knight", "monster", "witch", "saint"], action_row=["flurry", "flurry", "attack"])
    take(s, "A1")
    target(s, 1)
    take(s, "A2")
    assert s.decision.kind == "target"
    target(s, 2)
    assert s.decision.kind == "extra" and s.to_act == 0 and s.turn == 1
    take(s, "attack")
    target(s, 3)
    assert s.life == [7, 6, 6, 6] and s.to_act == 1 and s.turn == 2


def test_tm_7_7_extra_action_is_same_turn_no_poison_tick_and_not_a_next_turn():
    s = scenario(characters=["knight", "monster", "witch", "saint"], life=[5, 7, 7, 7],
                 action_row=["flurry", "intimidate", "attack"], tableau={0: ["holy_poison"]})
    take(s, "flurry")
    target(s, 1)
    take(s, "intimidate")  # extra action: no TURN_START, so no poison tick for seat 0
    assert s.life[0] == 5 and logged(s, "poisoned") == []
    assert logged(s, "turn_started") == [{"turn": 1, "player": 0}]
    target(s, 1)
    assert logged(s, "turn_started") == [{"turn": 1, "player": 0}, {"turn": 2, "player": 1}]
    # seat 1's next turn is its real turn, restricted by the extra action's Intimidate
    assert s.to_act == 1 and s.view(1)["restricted"] is True


def test_tm_7_8_arcana_heals_any_player_then_damages_another():
    s = scenario(characters=["monster", "knight", "witch", "saint"], life=[4, 7, 3, 7],
                 action_row=["arcana", "attack", "attack"])
    take(s, "arcana")
    assert [a.get("seat") for a in s.legal_actions()] == [0, 1, 2, 3]  # the taker may heal themselves
    target(s, 0)
    assert s.life[0] == 6
    assert s.decision.kind == "target" and [a.get("seat") for a in s.legal_actions()] == [1, 2, 3]
    assert "decline" not in [a.kind for a in s.legal_actions()]  # both steps are compulsory
    target(s, 2)
    assert s.life == [6, 7, 2, 7]
    assert logged(s, "healed") == [{"player": 0, "target": 0, "amount": 2, "life": 6}]


def test_tm_7_8_arcana_may_damage_the_player_just_healed():
    s = scenario(characters=["monster", "knight", "witch", "saint"], life=[7, 7, 3, 7],
                 action_row=["arcana", "attack", "attack"], tableau={0: ["grimoire"]})
    take(s, "arcana")
    target(s, 2)
    target(s, 2)
    assert logged(s, "healed")[0]["amount"] == 2  # healing gets no weapon bonus
    assert s.life[2] == 3  # 3 + 2 - (1 + 1)


def test_tm_7_9_intimidate_restricts_the_next_turn_only():
    """TM-7.9 (b): the limit covers the target's whole next turn, then is removed."""
    s = scenario(characters=FRONT, action_row=["intimidate", "attack", "attack"],
                 equipment_row=["grimoire", "giants_spear"], action_pile=["attack"] * 3)
    take(s, "intimidate")
    assert [a.get("seat") for a in s.legal_actions()] == [1, 2, 3]
    target(s, 1)
    assert logged(s, "intimidated") == [{"player": 0, "target": 1}]
    assert s.view(2)["seats"][1]["intimidated"] is True
    assert _slots(s) == ["E2"]  # the Knight: equipment only, and not the Grimoire
    take(s, "giants_spear")
    assert s.view(2)["seats"][1]["intimidated"] is False
    for _ in range(3):
        act(s, "pass")
    assert s.to_act == 1 and "A1" in _slots(s) and s.view(1)["restricted"] is False


def test_tm_7_9_a_second_intimidate_adds_nothing():
    s = scenario(characters=FRONT, action_row=["intimidate", "intimidate", "attack"],
                 equipment_row=["grimoire", "axe_of_greed"], action_pile=["attack", "attack"])
    take(s, "A1")
    target(s, 2)
    take(s, "intimidate")
    target(s, 2)
    assert s.view(0)["seats"][2]["intimidated"] is True
    assert _slots(s) == ["E1", "E2"]
    act(s, "pass")  # (d) a voluntary pass is allowed, and it uses up the one restricted turn
    assert s.life[2] == 1 and s.revealed[2] is True
    act(s, "pass")
    act(s, "pass")
    act(s, "pass")
    assert s.to_act == 2 and s.view(2)["restricted"] is False and "A3" in _slots(s)


def test_tm_7_9_nothing_legal_while_intimidated_forces_a_pass():
    """TM-7.9 (c): the Knight, intimidated, facing only a Grimoire and a held Axe must pass."""
    s = scenario(characters=["knight", "monster", "witch", "saint"], life=[6, 7, 7, 7], intimidated=[0],
                 action_row=["attack", "search", "attack"], equipment_row=["grimoire", "axe_of_greed"],
                 tableau={0: ["axe_of_greed"]})
    assert [a.kind for a in s.legal_actions()] == ["pass"]
    act(s, "pass")
    assert s.life[0] == 1 and s.revealed[0] is True
    assert logged(s, "passed", 2) == [{"player": 0, "character": "knight", "life": 1}]
