"""Game end and winners: TM-1.2, TM-1.5, TM-6.3, TM-6.4, TM-11.1 to TM-11.4 (every worked example)."""

from __future__ import annotations

import pytest

from cardtable.core import Rng
from cardtable.games.two_mists import GAME
from cardtable.games.two_mists.testing import logged, scenario, take, target


def _kill(characters: list[str], victim: int, finisher: int, card: str = "attack"):
    """``finisher`` takes ``card`` and deals the lethal damage to ``victim`` (who is at 1 life)."""
    life = [7] * len(characters)
    life[victim] = 1
    s = scenario(players=len(characters), characters=characters, life=life, current=finisher,
                 action_row=[card, "attack", "attack"])
    take(s, card)
    target(s, victim)
    assert s.is_terminal
    return s


# ---- TM-11.4 worked examples, one test each ---------------------------------------------------------------
def test_tm_11_4_example_1_monster_kills_saint_wrath_knight_witch_saint_win():
    """4 players, Fool in the centre (Front). The Monster kills the Saint and dies of the wrath."""
    s = _kill(["monster", "knight", "witch", "saint"], victim=3, finisher=0)
    o = s.outcome
    assert o.details["world"] == "front" and o.details["centre"] == "fool"
    assert o.details["died"] == [3, 0]
    assert o.winners == [1, 2, 3]


def test_tm_11_4_example_2_knight_kills_fool_only_fool_wins():
    """4 players, Witch in the centre (Front). The Knight kills the Fool. The Fool alone wins."""
    s = _kill(["knight", "monster", "saint", "fool"], victim=3, finisher=0)
    assert s.outcome.details["world"] == "front" and s.outcome.details["centre"] == "witch"
    assert s.outcome.winners == [3]


def test_tm_11_4_example_3_fool_kills_saint_back_world_fool_wins():
    """4 players, Monster in the centre (Back). The Fool kills the Saint, dies of the wrath, and wins."""
    s = _kill(["fool", "knight", "witch", "saint"], victim=3, finisher=0)
    o = s.outcome
    assert o.details["world"] == "back" and o.details["died"] == [3, 0]
    assert o.winners == [0]


def test_tm_11_4_example_4_witch_kills_fool_back_world_only_saint_wins():
    s = _kill(["witch", "knight", "saint", "fool"], victim=3, finisher=0)
    assert s.outcome.details["world"] == "back"
    assert s.outcome.winners == [2]


def test_tm_11_4_example_5_three_players_back_knight_kills_witch():
    s = _kill(["knight", "witch", "saint"], victim=1, finisher=0)
    assert s.outcome.details["world"] == "back" and s.outcome.details["centre"] == "monster"
    assert s.outcome.winners == [0, 2]


def test_tm_11_4_example_6_fool_killed_by_own_reckless_wins():
    """4 players, Front. The Fool plays Reckless, the target survives, the self-damage kills the Fool."""
    s = scenario(characters=["fool", "monster", "knight", "witch"], life=[5, 7, 7, 7],
                 action_row=["reckless", "attack", "attack"])
    take(s, "reckless")
    target(s, 1)
    o = s.outcome
    assert s.life == [0, 5, 7, 7]
    assert o.details["world"] == "front" and o.details["died"] == [0] and o.details["finisher"] == 0
    assert o.winners == [0]


# ---- TM-1.5 the whole victory table ----------------------------------------------------------------------
VICTORY = [
    # characters by seat, victim, finisher, winners
    (["monster", "knight", "witch", "saint"], 1, 0, [0]),        # Front: Knight died -> Monster
    (["monster", "knight", "witch", "saint"], 2, 1, [0]),        # Front: Witch died -> Monster
    (["monster", "knight", "witch", "saint"], 0, 2, [1, 2, 3]),  # Front: Monster died -> Knight, Witch, Saint
    (["monster", "knight", "saint", "fool"], 0, 3, [1, 2]),      # Front: Fool alive, so not a winner
    (["monster", "knight", "saint", "fool"], 2, 3, [3]),         # Front: Fool finishes Saint, dies of wrath
    (["monster", "knight", "saint", "fool"], 3, 0, [3]),         # Front: the Monster kills the Fool
    (["knight", "witch", "saint", "fool"], 1, 0, [0]),           # Back: Witch died -> Knight
    (["knight", "witch", "saint", "fool"], 0, 1, [1]),           # Back: Knight died -> Witch
    (["knight", "witch", "saint", "fool"], 2, 0, [1, 3]),        # Back: Saint died (wrath kills Knight)
    (["knight", "witch", "saint", "fool"], 3, 0, [2]),           # Back 4p: Saint alive and Fool died
    (["knight", "witch", "saint"], 0, 1, [1, 2]),                # Back 3p: Saint alive suffices
    (["knight", "witch", "saint"], 2, 0, [1]),                   # Back 3p: Saint killed, Knight dies of wrath
    (["monster", "witch", "saint"], 1, 2, [0]),                  # Front 3p
    (["monster", "witch", "saint"], 2, 0, [1, 2]),               # Front 3p: Saint wins although dead
]


@pytest.mark.parametrize("characters,victim,finisher,winners", VICTORY)
def test_tm_1_5_victory_conditions(characters, victim, finisher, winners):
    s = _kill(characters, victim, finisher)
    assert s.outcome.winners == winners
    assert s.outcome.scores == {seat: float(seat in winners) for seat in range(len(characters))}


def test_tm_11_2_no_condition_holds_means_no_winner():
    """3-player Back world: the Saint killed by their own Reckless. Nobody wins."""
    s = scenario(players=3, characters=["saint", "knight", "witch"], life=[5, 7, 7],
                 action_row=["reckless", "attack", "attack"])
    take(s, "reckless")
    target(s, 1)
    assert s.outcome.details["died"] == [0] and s.outcome.winners == []
    assert logged(s, "game_over")[0]["winners"] == []


# ---- TM-1.2, TM-6.3, TM-6.4 -------------------------------------------------------------------------------
def test_tm_1_2_world_is_front_exactly_when_a_player_holds_the_monster():
    worlds = set()
    for seed in range(40):
        s = GAME.new_game(seed=seed, players=3 + seed % 2)
        rng = Rng(seed)
        while not s.is_terminal:
            s.apply(rng.choice(s.legal_actions()))
        d = s.outcome.details
        assert d["world"] == ("front" if "monster" in d["characters"] else "back")
        assert (d["centre"] == "monster") == (d["world"] == "back")
        worlds.add(d["world"])
    assert worlds == {"front", "back"}


def test_tm_6_3_back_world_has_no_monster_goal():
    s = _kill(["knight", "witch", "saint", "fool"], victim=0, finisher=1)  # a Front Monster would win here
    assert s.outcome.details["world"] == "back" and "monster" not in s.outcome.details["characters"]
    assert s.outcome.winners == [1]


@pytest.mark.parametrize("how", ["killed", "wrath", "own_reckless"])
def test_tm_6_4_front_fool_wins_by_dying_any_way(how):
    chars = ["fool", "monster", "knight", "saint"]
    if how == "killed":
        s = _kill(chars, victim=0, finisher=1)
    elif how == "wrath":
        s = _kill(chars, victim=3, finisher=0)
    else:
        s = scenario(characters=chars, life=[4, 9, 9, 9], action_row=["reckless", "attack", "attack"],
                     tableau={0: ["giants_spear"]})
        take(s, "reckless")
        target(s, 1)
    assert 0 in s.outcome.details["died"]
    assert s.outcome.winners == [0]


# ---- TM-11.1 / TM-11.2 procedure -------------------------------------------------------------------------
def test_tm_11_1_tm_11_2_end_procedure_reveals_everything_in_order():
    s = scenario(characters=["monster", "knight", "witch", "saint"], life=[7, 7, 7, 1],
                 action_row=["attack", "attack", "attack"])
    take(s, "attack")
    target(s, 3)
    tail = s.log(2)[-4:]
    assert tail == [
        {"kind": "died", "player": 3, "character": "saint", "finisher": 0},               # 1. the dead revealed
        {"kind": "wrath", "player": 0, "character": "monster"},                           # 2. wrath
        {"kind": "characters_revealed", "characters": {"0": "monster", "1": "knight", "2": "witch", "3": "saint"},
         "centre": "fool"},                                                               # 3. all revealed
        {"kind": "game_over", "winners": [1, 2, 3], "world": "front", "reason": s.outcome.reason},  # 4-5.
    ]
    for seat in (0, 1, 2, 3, None):
        v = s.view(seat)
        assert [p["character"] for p in v["seats"]] == ["monster", "knight", "witch", "saint"]
        assert v["zones"]["centre"]["cards"] == ["fool"]
        assert v["outcome"]["winners"] == [1, 2, 3]
    assert s.outcome.details == {"world": "front", "characters": ["monster", "knight", "witch", "saint"],
                                 "centre": "fool", "died": [3, 0], "finisher": 0, "turns": 1}
