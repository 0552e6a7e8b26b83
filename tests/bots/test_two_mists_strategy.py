"""The Two Mists heuristic: beliefs from hard evidence, and the moves TM-13 says a good bot makes."""

from __future__ import annotations

import pytest

from cardtable.core import Action, Rng
from cardtable.games.two_mists.strategy import Table, belief, choose_action
from cardtable.games.two_mists.testing import scenario


def best(state) -> Action:  # type: ignore[no-untyped-def]
    decision = state.decision
    return choose_action(state.view(decision.player), decision, Rng(1))


def play_out_turn(state) -> list[Action]:  # type: ignore[no-untyped-def]
    """Let the heuristic make the current seat's decisions until the turn passes or the game ends."""
    seat, actions = state.current, []
    while not state.is_terminal and state.current == seat and state.to_act == seat:
        a = best(state)
        actions.append(a)
        state.apply(a)
    return actions


def test_belief_uses_hard_evidence() -> None:
    s = scenario(characters=["knight", "fool", "monster", "saint"], centre="witch",
                 tableau={1: ["reckless"], 3: ["holy_poison"]})
    b = belief(s.view(0))
    assert b["deals"] == 12  # 24 deals, minus those giving the Monster to seat 1 or seat 3
    assert b["seats"][1]["monster"] == 0 and b["seats"][3]["monster"] == 0
    assert b["seats"][0]["knight"] == 1.0
    assert abs(b["front"] - (1 - b["centre"]["monster"])) < 1e-9


def test_revealed_characters_are_known() -> None:
    s = scenario(characters=["knight", "fool", "monster", "saint"], centre="witch", revealed=[2])
    table = Table(s.view(0))
    assert table.p_front == pytest.approx(1.0)
    assert table.p_character(2, 0) == pytest.approx(1.0)


def test_knight_finishes_a_revealed_monster() -> None:
    s = scenario(characters=["knight", "fool", "monster", "saint"], centre="witch", life=[7, 7, 1, 7], revealed=[2],
                 action_row=["attack", "intimidate", "assault_monster"], equipment_row=["grimoire", "holy_poison"])
    play_out_turn(s)
    assert s.is_terminal and s.outcome.details["died"] == [2] and 0 in s.outcome.winners  # type: ignore[union-attr]


def test_nobody_but_the_fool_strikes_down_a_revealed_saint() -> None:
    s = scenario(characters=["knight", "fool", "monster", "saint"], centre="witch", life=[7, 7, 7, 1], revealed=[3],
                 action_row=["attack", "intimidate", "search"], equipment_row=["giants_spear", "holy_poison"])
    play_out_turn(s)
    assert not s.is_terminal and s.life[3] == 1


def test_front_fool_at_one_life_kills_itself_with_reckless() -> None:
    s = scenario(characters=["fool", "knight", "monster", "saint"], centre="witch", life=[1, 7, 7, 7], revealed=[0],
                 action_row=["attack", "reckless", "search"])
    play_out_turn(s)
    assert s.is_terminal and s.outcome.details["died"] == [0] and s.outcome.winners == [0]  # type: ignore[union-attr]


def test_fool_seeks_death_and_others_do_not_pass() -> None:
    fool = scenario(characters=["fool", "knight", "monster", "saint"], centre="witch",
                    action_row=["attack", "intimidate", "search"])
    assert best(fool).kind == "pass"
    knight = scenario(characters=["knight", "fool", "monster", "saint"], centre="witch",
                      action_row=["attack", "intimidate", "search"])
    assert best(knight).kind == "take"


def test_low_saint_heals_itself_with_arcana() -> None:
    s = scenario(characters=["saint", "knight", "monster", "fool"], centre="witch", life=[2, 7, 7, 7],
                 action_row=["attack", "arcana", "search"])
    assert best(s) == Action(0, "take", (("slot", "A2"),))
    s.apply(best(s))
    assert best(s) == Action(0, "target", (("seat", 0),))


def test_points_at_the_revealed_monster() -> None:
    s = scenario(characters=["knight", "fool", "monster", "saint"], centre="witch", revealed=[2],
                 action_row=["search", "search", "search"])
    s.apply(Action(0, "take", (("slot", "A1"),)))
    assert best(s) == Action(0, "point", (("at", 2),))
