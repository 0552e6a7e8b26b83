"""The scenario builder (``cardtable.games.two_mists.testing``) that every rule test relies on.

If it silently built something other than what was asked, every TM test built on it would prove nothing;
these checks pin what it produces (cf. TM-3.5 tableaux, TM-3.7 per-player state, TM-4.4 rows and piles).
"""

from __future__ import annotations

import pytest

from cardtable.core import IllegalActionError
from cardtable.games.two_mists import GAME
from cardtable.games.two_mists.testing import logged, scenario, take, target


def test_unconstrained_scenario_is_the_dealt_game():
    for seed in range(5):
        s, g = scenario(seed=seed, current=GAME.new_game(seed=seed).current), GAME.new_game(seed=seed)
        for field in ("chars", "centre", "row", "apile", "epile", "life", "current"):
            assert getattr(s, field) == getattr(g, field), field
        assert s.log(0) == g.log(0)


def test_exact_situation_is_built_and_round_trips():
    s = scenario(players=4, characters=["monster", "knight", "witch", "saint"], centre="fool", life=[7, 7, 2, 7],
                 action_row=["attack", "reckless", "flurry"], equipment_row=["grimoire", "holy_poison"],
                 tableau={0: ["giants_spear"], 3: ["holy_poison", "attack"]}, current=3, turn=5, intimidated=[1],
                 action_pile=["search", "arcana"], equipment_pile=["sages_staff"])
    v = s.view(None)
    assert (v["turn"], v["current"], v["to_act"], v["step"]) == (5, 3, 3, "choose")
    assert [c["card"] for c in v["zones"]["action_row"]["cards"]] == ["attack", "reckless", "flurry"]
    assert [c["card"] for c in v["zones"]["equipment_row"]["cards"]] == ["grimoire", "holy_poison"]
    assert [s.cat.card_id(i) for i in s.apile] == ["search", "arcana"] and len(s.epile) == 1
    assert [p["taken"] for p in v["seats"]] == [["giants_spear"], [], [], ["holy_poison", "attack"]]
    assert [(p["weapons"], p["holy_poison"], p["intimidated"]) for p in v["seats"]] == [
        (1, False, False), (0, False, True), (0, False, False), (0, True, False)]
    assert s.possible[3] == 0b11110 and s.possible[0] == 0b11011  # the Witch may not take Giant's Spear
    assert len({*s.row, *s.apile, *s.epile, *(i for t in s.tableau for i in t)}) == 11  # distinct instances
    assert GAME.from_dict(s.to_dict()).to_dict() == s.to_dict()
    with pytest.raises(IllegalActionError) as err:
        s.record()  # not dealt from a seed, so no replayable record
    assert err.value.rule == "CORE-4"


def test_helpers_act_through_the_public_api():
    s = scenario(characters=["monster", "knight", "witch", "saint"], action_row=["attack", "search", "attack"])
    assert take(s, "A3").to_dict() == {"player": 0, "kind": "take", "slot": "A3"}
    assert target(s, 2).to_dict() == {"player": 0, "kind": "target", "seat": 2}
    assert [a.to_dict() for a in s.history] == [{"player": 0, "kind": "take", "slot": "A3"},
                                                {"player": 0, "kind": "target", "seat": 2}]
    assert logged(s, "damaged") == [{"dealer": 0, "target": 2, "amount": 1, "life": 6}]
    with pytest.raises(ValueError, match="not in the rows"):
        take(s, "flurry")


def test_poison_tick_only_when_asked():
    quiet = scenario(characters=["knight", "monster", "witch", "saint"], tableau={0: ["holy_poison"]})
    ticked = scenario(characters=["knight", "monster", "witch", "saint"], tableau={0: ["holy_poison"]},
                      intimidated=[0], poison_tick=True)
    assert quiet.life[0] == 7 and logged(quiet, "poisoned") == []
    assert ticked.life[0] == 6 and ticked.restricted and logged(ticked, "turn_started") == [{"turn": 1, "player": 0}]


@pytest.mark.parametrize("kwargs,words", [
    ({"characters": ["monster", "monster", "witch", "saint"]}, "different ids"),
    ({"players": 3, "characters": ["fool", "knight", "witch"]}, "different ids"),
    ({"characters": ["monster", "knight", "witch", "saint"], "centre": "monster"}, "leftover"),
    ({"life": [7, 7, 0, 7]}, "integers >= 1"),
    ({"life": [7, 7, 7]}, "integers >= 1"),
    ({"current": 4}, "current"),
    ({"intimidated": [5]}, "intimidated"),
    ({"action_row": ["attack", "attack"]}, "exactly 3"),
    ({"action_row": ["attack", "grimoire", "attack"]}, "not action"),
    ({"equipment_row": ["dragon", None]}, "unknown card 'dragon'"),
    ({"action_row": ["flurry", "flurry", "flurry"], "action_pile": ["flurry"]}, "no free copy"),
    ({"characters": ["knight", "monster", "witch", "saint"], "tableau": {0: ["grimoire"]}}, "TM-2.6"),
    ({"tableau": {1: ["holy_poison", "holy_poison"]}, "characters": ["monster", "knight", "witch", "saint"]}, "TM-8.1"),
    ({"turn": 0}, "turn"),
])
def test_invalid_inputs_are_refused_clearly(kwargs, words):
    with pytest.raises(ValueError, match=words):
        scenario(**kwargs)
