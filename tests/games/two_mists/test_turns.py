"""Turn structure: TM-1.1, TM-3.6, TM-5.1, TM-5.3 to TM-5.8."""

from __future__ import annotations

import pytest

from cardtable.core import Rng
from cardtable.games.two_mists import GAME
from cardtable.games.two_mists.testing import act, logged, point, scenario, take, target

FRONT = ["monster", "knight", "witch", "saint"]  # Fool in the centre


def _row_ids(state) -> list[str | None]:
    return [None if c is None else c["card"] for c in
            state.view(None)["zones"]["action_row"]["cards"] + state.view(None)["zones"]["equipment_row"]["cards"]]


def test_tm_1_1_every_pick_is_public_evidence_about_the_picker():
    """TM-1.1: a pick is public, and what it rules out is recorded (Reckless: not the Monster)."""
    s = scenario(characters=["knight", "monster", "witch", "saint"], action_row=["reckless", "attack", "attack"])
    take(s, "reckless")
    target(s, 1)
    assert s.view(2)["seats"][0]["taken"] == ["reckless"]
    assert logged(s, "card_taken", 2)[0] == {"player": 0, "card": "reckless", "instance": s.tableau[0][0],
                                             "slot": "A1", "extra": False}
    assert s.possible[0] == 0b11110  # every character but the Monster (bit 0)


@pytest.mark.parametrize("players", [3, 4])
def test_tm_5_1_turns_go_clockwise_from_the_start_player(players):
    for seed in range(10):
        s = GAME.new_game(seed=seed, players=players)
        rng = Rng(seed)
        while not s.is_terminal:
            s.apply(rng.choice(s.legal_actions()))
        starts = logged(s, "turn_started")
        first = logged(s, "game_started")[0]["start_player"]
        assert [t["player"] for t in starts] == [(first + i) % players for i in range(len(starts))]
        assert [t["turn"] for t in starts] == list(range(1, len(starts) + 1))


def test_tm_5_3_state_machine_for_search():
    """S1 CHOOSE -> S2/S3 (pointing by everyone from the taker clockwise, then a target) -> S6 -> next S1."""
    s = scenario(characters=FRONT, current=2, action_row=["search", "attack", "attack"])
    seen = [(s.decision.kind, s.to_act)]
    take(s, "search")
    for at in (0, 0, "centre", 0):
        seen.append((s.decision.kind, s.to_act))
        point(s, at)
    seen.append((s.decision.kind, s.to_act))
    target(s, 0)
    seen.append((s.decision.kind, s.to_act))
    assert seen == [("choose", 2), ("point", 2), ("point", 3), ("point", 0), ("point", 1), ("target", 2), ("choose", 3)]


def test_tm_5_3_state_machine_for_flurry_and_pass():
    s = scenario(characters=["knight", "monster", "witch", "saint"], action_row=["flurry", "attack", "attack"])
    kinds = [s.decision.kind]
    take(s, "flurry")
    kinds.append(s.decision.kind)
    target(s, 1)
    kinds.append(s.decision.kind)  # S5 EXTRA_ACTION
    act(s, "decline")
    kinds.append((s.decision.kind, s.to_act))
    act(s, "pass")  # S4 PASS -> S6 -> next S1
    kinds.append((s.decision.kind, s.to_act))
    assert kinds == ["choose", "target", "extra", ("choose", 1), ("choose", 2)]


def test_tm_5_3_only_pass_offered_when_no_card_is_legal():
    s = scenario(characters=["witch", "knight", "monster", "saint"], action_row=["flurry", "flurry", "assault_witch"],
                 equipment_row=["giants_spear", None], equipment_pile=[])
    assert [a.kind for a in s.legal_actions()] == ["pass"]


def test_tm_5_4_a_turn_is_one_choice_plus_flurry_extras():
    s = scenario(characters=FRONT, action_row=["attack", "attack", "attack"])
    take(s, "attack")
    target(s, 1)
    assert (s.to_act, s.decision.kind, s.turn) == (1, "choose", 2)
    s = scenario(characters=["knight", "monster", "witch", "saint"], action_row=["flurry", "attack", "attack"])
    take(s, "flurry")
    target(s, 1)
    assert (s.to_act, s.decision.kind, s.turn) == (0, "extra", 1)
    take(s, "attack")
    target(s, 2)
    assert (s.to_act, s.decision.kind, s.turn) == (1, "choose", 2)


def test_tm_5_5_same_action_kind_any_number_of_times():
    s = scenario(characters=FRONT, action_row=["attack", "attack", "search"], action_pile=["attack", "attack"])
    take(s, "attack")
    target(s, 1)
    for _ in range(3):  # seats 1, 2, 3 pass
        act(s, "pass")
    assert {"player": 0, "kind": "take", "slot": "A1"} in [a.to_dict() for a in s.legal_actions()]
    take(s, "attack")
    target(s, 2)
    assert s.view(None)["seats"][0]["taken"] == ["attack", "attack"]


def test_tm_5_6_slot_refilled_before_the_effect_resolves():
    s = scenario(characters=["knight", "monster", "witch", "saint"], action_row=["flurry", "attack", "attack"],
                 action_pile=["search", "assault_witch"])
    take(s, "flurry")
    assert s.decision.kind == "target"
    assert _row_ids(s)[:3] == ["assault_witch", "attack", "attack"]  # already refilled from the pile's top
    kinds = [e["kind"] for e in s.log(None)[-2:]]
    assert kinds == ["card_taken", "slot_refilled"]
    target(s, 1)
    take(s, "A1")  # the Flurry extra action may take the card that just came up
    target(s, 2)
    assert s.life == [7, 6, 5, 7]
    assert [e["kind"] for e in s.log(None) if e["kind"] in ("slot_refilled", "damaged")] == [
        "slot_refilled", "damaged", "slot_refilled", "damaged"]


def test_tm_5_7_tm_3_6_empty_action_pile_rebuilt_from_tableaux_keeping_card_in_use():
    s = scenario(characters=FRONT, action_row=["attack", "search", "attack"], action_pile=[],
                 tableau={1: ["reckless", "giants_spear", "attack"], 2: ["arcana"], 3: ["intimidate"]})
    before = s.log(None)
    take(s, "A1")
    # the taken Attack (in use) stays with seat 0; every other action left the tableaux
    assert [s.cat.card_id(i) for i in s.tableau[0]] == ["attack"]
    assert [[s.cat.card_id(i) for i in t] for t in s.tableau[1:]] == [["giants_spear"], [], []]
    assert logged(s, "action_pile_rebuilt") == [{"count": 4}]
    refill = logged(s, "slot_refilled")[-1]
    assert refill["slot"] == "A1" and refill["card"] in {"reckless", "attack", "arcana", "intimidate"}
    assert sorted([s.cat.card_id(i) for i in s.apile] + [refill["card"]]) == ["arcana", "attack", "intimidate", "reckless"]
    # the record of who took what is permanent, and the log keeps everything
    v = s.view(2)
    assert [p["taken"] for p in v["seats"]] == [["attack"], ["reckless", "giants_spear", "attack"], ["arcana"], ["intimidate"]]
    assert s.log(None)[:len(before)] == before
    target(s, 1)  # the card in use still resolves
    assert s.life[1] == 6


def test_tm_5_7_rebuilt_pile_may_be_empty_then_slot_stays_empty():
    s = scenario(characters=FRONT, action_row=["attack", "search", "attack"], action_pile=[], tableau={2: ["grimoire"]})
    take(s, "A1")
    assert _row_ids(s)[0] is None
    assert logged(s, "slot_left_empty") == [{"slot": "A1"}]


def test_tm_5_7_equipment_pile_never_rebuilt():
    s = scenario(characters=FRONT, equipment_row=["grimoire", "axe_of_greed"], equipment_pile=[],
                 tableau={1: ["holy_poison", "giants_spear"]})
    take(s, "E1")
    assert _row_ids(s)[3:] == [None, "axe_of_greed"]
    assert logged(s, "slot_left_empty") == [{"slot": "E1"}]
    assert [s.cat.card_id(i) for i in s.tableau[1]] == ["holy_poison", "giants_spear"]
    assert s.view(None)["zones"]["equipment_pile"] == {"count": 0}


def test_tm_5_8_turn_cap_ends_with_no_death_and_no_winner():
    s = GAME.new_game(seed=3, players=4, options={"turn_cap": 2})
    act(s, "pass")
    assert not s.is_terminal
    act(s, "pass")
    assert s.is_terminal and s.legal_actions() == []
    o = s.outcome
    assert o.winners == [] and o.details["died"] == [] and o.details["finisher"] is None
    assert o.details["turns"] == 2 and "TM-5.8" in o.reason
    assert logged(s, "game_over")[0]["winners"] == []


def test_tm_5_8_default_cap_is_300_turns():
    assert GAME.new_game(seed=0).view(None)["turn_cap"] == 300
    s = scenario(characters=FRONT, turn=299)
    act(s, "pass")
    assert not s.is_terminal and s.turn == 300
    act(s, "pass")
    assert s.is_terminal and s.outcome.winners == [] and s.outcome.details["turns"] == 300
