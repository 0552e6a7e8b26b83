"""Hidden information in views and logs: TM-2.8, TM-12.1 to TM-12.7."""

from __future__ import annotations

import json

import pytest

from cardtable.core import IllegalActionError, Rng
from cardtable.games.two_mists import GAME
from cardtable.games.two_mists.catalog import CHARACTER_ORDER
from cardtable.games.two_mists.testing import act, logged, point, scenario, take, target

FRONT = ["monster", "knight", "witch", "saint"]  # Fool in the centre


def _played(seed: int, players: int, steps: int):
    s = GAME.new_game(seed=seed, players=players)
    rng = Rng(seed)
    for _ in range(steps):
        if s.is_terminal:
            break
        s.apply(rng.choice(s.legal_actions()))
    return s


def _hidden_from(s, seat):
    hidden = {CHARACTER_ORDER[s.centre]} if not s.centre_revealed else set()
    return hidden | {CHARACTER_ORDER[c] for p, c in enumerate(s.chars) if p != seat and not s.revealed[p]}


def test_tm_12_1_each_player_knows_their_own_character_from_setup():
    s = GAME.new_game(seed=4, players=4)
    for seat in range(4):
        own = CHARACTER_ORDER[s.chars[seat]]
        assert s.view(seat)["you"]["character"] == own
        assert s.view(seat)["seats"][seat]["character"] == own
        assert s.view(seat)["zones"][f"character:{seat}"]["cards"] == [own]


@pytest.mark.parametrize("seed", range(12))
def test_tm_12_2_unrevealed_characters_and_centre_never_in_view_or_log(seed):
    """E.g. the view of seat 1 never contains seat 0's character (while it is unrevealed)."""
    for steps in (0, 5, 15, 40):
        s = _played(seed, 3 + seed % 2, steps)
        if s.is_terminal:
            continue
        for seat in [*range(s.players), None]:
            v, log = s.view(seat), s.log(seat)
            text = json.dumps(v) + json.dumps(log)
            for name in _hidden_from(s, seat):
                assert f'"{name}"' not in text, (seat, name)
            for p in range(s.players):
                if p != seat and not s.revealed[p]:
                    assert v["seats"][p]["character"] is None
                    assert v["zones"][f"character:{p}"]["cards"] == [None]
            assert v["zones"]["centre"] == {"count": 1}


def test_tm_12_2_pile_order_is_hidden_and_resampled():
    s = GAME.new_game(seed=9, players=4)
    for seat in (0, None):
        assert s.view(seat)["zones"]["action_pile"] == {"count": 24}
        assert s.view(seat)["zones"]["equipment_pile"] == {"count": 13}
    orders = {tuple(s.determinize(0, seed=k).apile) for k in range(5)}
    assert len(orders) == 5


def test_tm_12_3_public_facts_are_the_same_for_every_seat():
    s = scenario(characters=FRONT, life=[7, 5, 3, 9], start=2, current=3, turn=8, revealed=[2], intimidated=[0],
                 tableau={1: ["holy_poison", "attack"], 0: ["grimoire", "giants_spear"]})
    views = [s.view(seat) for seat in (0, 1, 2, 3, None)]
    public = [{k: v[k] for k in ("players", "turn", "current", "start_player", "to_act")} for v in views]
    assert public == [{"players": 4, "turn": 8, "current": 3, "start_player": 2, "to_act": 3}] * 5
    for v in views:
        seats = [{k: p[k] for k in ("life", "revealed", "intimidated", "holy_poison", "weapons", "taken")} for p in v["seats"]]
        assert seats == [
            {"life": 7, "revealed": False, "intimidated": True, "holy_poison": False, "weapons": 2, "taken": ["grimoire", "giants_spear"]},
            {"life": 5, "revealed": False, "intimidated": False, "holy_poison": True, "weapons": 0, "taken": ["holy_poison", "attack"]},
            {"life": 3, "revealed": True, "intimidated": False, "holy_poison": False, "weapons": 0, "taken": []},
            {"life": 9, "revealed": False, "intimidated": False, "holy_poison": False, "weapons": 0, "taken": []},
        ]
        assert v["seats"][2]["character"] == "witch"  # revealed: public, and as what
        for zone in ("action_row", "equipment_row", "action_pile", "equipment_pile", "tableau:0", "tableau:1"):
            assert v["zones"][zone] == views[0]["zones"][zone]


def test_tm_12_4_public_log_records_every_event_kind():
    s = scenario(characters=["knight", "monster", "witch", "saint"], life=[9, 7, 7, 2],
                 action_row=["flurry", "search", "intimidate"], equipment_row=["holy_poison", "giants_spear"],
                 action_pile=["attack", "arcana", "reckless", "attack"], tableau={0: ["sages_staff"]})
    take(s, "flurry")                 # turn 1, seat 0 (one weapon)
    target(s, 1)
    take(s, "search")                 # the extra action
    for at in (1, 0, "centre", 1):
        point(s, at)
    target(s, 2)
    take(s, "intimidate")             # turn 2, seat 1
    target(s, 2)
    act(s, "pass")                    # turn 3, seat 2 (intimidated) passes
    take(s, "holy_poison")            # turn 4, seat 3
    take(s, "reckless")               # turn 5, seat 0
    target(s, 1)
    act(s, "pass")                    # turn 6, seat 1
    act(s, "pass")                    # turn 7, seat 2
    take(s, "arcana")                 # turn 8, seat 3: poison tick first
    target(s, 3)
    target(s, 0)
    for seat in (0, 2, None):         # every entry below is public
        assert [(e["player"], e["card"], e["slot"], e["extra"]) for e in logged(s, "card_taken", seat)] == [
            (0, "flurry", "A1", False), (0, "search", "A2", True), (1, "intimidate", "A3", False),
            (3, "holy_poison", "E1", False), (0, "reckless", "A2", False), (3, "arcana", "A3", False)]
        assert [(e["slot"], e["card"]) for e in logged(s, "slot_refilled", seat)][:5] == [
            ("A1", "attack"), ("A2", "reckless"), ("A3", "arcana"), ("E1", s.cat.card_id(s.row[3])), ("A2", "attack")]
        assert [tuple(d.values()) for d in logged(s, "damaged", seat)] == [(0, 1, 2, 5), (0, 2, 2, 5), (0, 1, 3, 2), (3, 0, 1, 4)]
        assert logged(s, "pointing_revealed", seat) == [{"turn": 1, "choices": {"0": 1, "1": 0, "2": "centre", "3": 1}}]
        assert logged(s, "intimidated", seat) == [{"player": 1, "target": 2}]
        assert logged(s, "passed", seat) == [{"player": 2, "character": "witch", "life": 1},
                                             {"player": 1, "character": "monster", "life": 1},
                                             {"player": 2, "character": "witch", "life": 1}]
        assert logged(s, "self_damaged", seat) == [{"player": 0, "amount": 4, "life": 5}]
        assert logged(s, "poisoned", seat) == [{"player": 3, "amount": 1, "life": 1}]
        assert logged(s, "healed", seat) == [{"player": 3, "target": 3, "amount": 2, "life": 3}]
        assert [e["turn"] for e in logged(s, "turn_started", seat)] == list(range(1, 10))


def test_tm_12_4_log_is_append_only_and_ends_with_characters_and_world():
    s = GAME.new_game(seed=21, players=4)
    rng = Rng(21)
    previous = s.log(None)
    while not s.is_terminal:
        s.apply(rng.choice(s.legal_actions()))
        now = s.log(None)
        assert now[:len(previous)] == previous
        previous = now
    end = s.log(0)[-2:]
    assert end[0]["kind"] == "characters_revealed"
    assert end[0]["characters"] == {str(i): c for i, c in enumerate(s.outcome.details["characters"])}
    assert end[1]["kind"] == "game_over" and end[1]["world"] == s.outcome.details["world"]


def test_tm_12_5_pointing_choices_hidden_until_all_have_chosen():
    s = scenario(characters=FRONT, current=2, action_row=["search", "attack", "attack"])
    take(s, "search")
    point(s, 0)  # seat 2
    assert logged(s, "pointed", 2) == [{"player": 2, "at": 0}]
    assert logged(s, "pointed", 3) == [{"player": 2}]
    assert logged(s, "pointed", None) == [{"player": 2}]
    assert s.view(3)["pointing"] == {"pointer": 3, "pointed": [2], "mine": None}
    assert s.view(2)["pointing"] == {"pointer": 3, "pointed": [2], "mine": 0}
    assert logged(s, "pointing_revealed", 3) == []
    point(s, "centre")  # seat 3
    point(s, 3)         # seat 0
    assert logged(s, "pointed", 1) == [{"player": 2}, {"player": 3}, {"player": 0}]
    point(s, 0)         # seat 1, the last
    assert logged(s, "pointing_revealed", 1) == [{"turn": 1, "choices": {"0": 3, "1": 0, "2": 0, "3": "centre"}}]


def test_tm_12_6_forced_and_voluntary_pass_look_the_same_to_others():
    forced = scenario(characters=["witch", "knight", "saint", "fool"], action_row=["flurry", "flurry", "assault_witch"],
                      equipment_row=["giants_spear", None], equipment_pile=[], action_pile=["attack"])
    free = scenario(characters=["monster", "knight", "saint", "fool"], action_row=["flurry", "flurry", "assault_witch"],
                    equipment_row=["giants_spear", None], equipment_pile=[], action_pile=["attack"])
    assert [a.kind for a in forced.legal_actions()] == ["pass"]
    assert len(free.legal_actions()) == 5
    for seat in (1, 2, 3, None):  # before the pass, nothing distinguishes the two situations
        assert forced.view(seat) == free.view(seat)
        assert forced.log(seat) == free.log(seat)
        assert forced.view(seat)["decision"] is None
    act(forced, "pass")
    act(free, "pass")
    for seat in (1, 2, 3, None):
        a, b = forced.log(seat)[-2:], free.log(seat)[-2:]
        assert a[0] == {"kind": "passed", "player": 0, "character": "witch", "life": 1}
        assert b[0] == {"kind": "passed", "player": 0, "character": "monster", "life": 1}
        assert a[1:] == b[1:]


def test_tm_12_6_tm_2_8_refusals_are_private_and_leave_no_trace():
    s = scenario(characters=FRONT, action_row=["reckless", "attack", "attack"])
    views = [s.view(seat) for seat in (1, 2, 3, None)]
    logs = [s.log(seat) for seat in (1, 2, 3, None)]
    with pytest.raises(IllegalActionError) as err:
        take(s, "reckless")
    assert err.value.rule == "TM-2.6" and "monster" in err.value.message
    assert [s.view(seat) for seat in (1, 2, 3, None)] == views
    assert [s.log(seat) for seat in (1, 2, 3, None)] == logs
    assert s.view(0)["decision"]["options"][0] == {"player": 0, "kind": "take", "slot": "A2"}


@pytest.mark.parametrize("seed", range(8))
def test_tm_12_7_determinized_observation_is_unchanged(seed):
    players = 3 + seed % 2
    s = GAME.new_game(seed=seed, players=players)
    rng = Rng(seed)
    deals = set()
    while not s.is_terminal:
        for seat in range(players):
            for k in range(2):
                d = s.determinize(seat, seed=k)
                assert d.view(seat) == s.view(seat)
                assert d.log(seat) == s.log(seat)
                if s.to_act == seat:  # the seat's own choices depend only on what it knows
                    assert d.legal_actions() == s.legal_actions()
                deals.add((seat, tuple(d.chars), d.centre))
        s.apply(rng.choice(s.legal_actions()))
    assert len(deals) > players  # hidden characters really were resampled


def test_tm_12_7_tm_5_7_observation_unchanged_after_an_action_pile_rebuild():
    """All 27 actions accounted for: 3 in the row, 24 in tableaux, an empty pile; taking one rebuilds the pile."""
    s = scenario(characters=FRONT, action_row=["attack", "attack", "attack"], tableau={
        0: ["flurry"] * 3 + ["arcana"] * 3 + ["assault_knight", "search", "search"],
        1: ["reckless"] * 3 + ["assault_monster", "assault_witch"] + ["intimidate"] * 3,
        2: ["attack"] * 3 + ["search", "search", "assault_saint", "assault_fool"],
    })
    assert s.view(None)["zones"]["action_pile"] == {"count": 0}
    take(s, "A1")
    assert logged(s, "action_pile_rebuilt") == [{"count": 24}]
    assert s.view(None)["zones"]["action_pile"] == {"count": 23}
    for seat in range(4):
        for k in range(3):
            d = s.determinize(seat, seed=k)
            assert d.view(seat) == s.view(seat) and d.log(seat) == s.log(seat)


def test_tm_12_3_fast_view_zones_equal_the_declared_zone_visibility():
    """TM-12.3/TM-12.7: the hot-path zone rendering equals ``core.zone_view`` over the declared zones."""
    import random as _random

    from cardtable.games.two_mists import views

    chooser = _random.Random(5)
    compared = 0
    for seed in range(60):
        s = GAME.new_game(seed=seed, players=3 + seed % 2)
        while True:
            for seat in [None, *range(s.players)]:
                assert views._zones(s, seat)[0] == views.generic_zone_views(s, seat)
                compared += 1
            if s.is_terminal:
                break
            s.apply(chooser.choice(s.legal_actions()))
    assert compared > 500
