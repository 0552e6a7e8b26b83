"""Every illegal action raises IllegalActionError naming its rule and leaves the state unchanged.

Rules: TM-2.6, TM-5.2, TM-5.3, TM-7.3 to TM-7.9, TM-8.1, TM-10.4 and the core's CORE-1..3.
"""

from __future__ import annotations

from typing import Any, Callable

import pytest

from cardtable.core import Action, IllegalActionError
from cardtable.games.two_mists.refusals import CARD_RULES
from cardtable.games.two_mists.testing import act, point, scenario, take, target
from cardtable.registry import load_game

FRONT = ["monster", "knight", "witch", "saint"]  # Fool in the centre


def _choose(**kw: Any):
    return scenario(characters=FRONT, **kw)


def _targeting(card: str = "attack"):
    s = scenario(characters=FRONT, action_row=[card, "attack", "attack"])
    take(s, card)
    return s


def _pointing():
    s = scenario(characters=FRONT, current=1, action_row=["search", "attack", "attack"])
    take(s, "search")
    point(s, 0)  # seat 1 has pointed; seat 2 points next
    return s


def _extra():
    s = scenario(characters=["knight", "monster", "witch", "saint"], action_row=["flurry", "attack", "attack"])
    take(s, "flurry")
    target(s, 1)
    return s


def _extra_with_arcana():
    s = scenario(characters=["knight", "monster", "witch", "saint"], action_row=["flurry", "arcana", "attack"],
                 action_pile=["arcana"])
    take(s, "flurry")
    target(s, 1)
    return s


def _over():
    s = scenario(characters=FRONT, life=[7, 1, 7, 7], action_row=["attack", "attack", "attack"])
    take(s, "attack")
    target(s, 1)
    return s


CASES: list[tuple[str, Callable[[], Any], Any, str]] = [
    # (name, situation, action (dict or None), rule)
    ("forbidden card", lambda: _choose(action_row=["reckless", "attack", "attack"]),
     {"player": 0, "kind": "take", "slot": "A1"}, "TM-2.6"),
    ("forbidden equipment", lambda: _choose(equipment_row=["holy_poison", "grimoire"]),
     {"player": 0, "kind": "take", "slot": "E1"}, "TM-2.6"),
    ("forbidden card in an extra action", _extra_with_arcana,
     {"player": 0, "kind": "take", "slot": "A1"}, "TM-2.6"),
    ("duplicate equipment", lambda: _choose(equipment_row=["grimoire", "axe_of_greed"], tableau={0: ["grimoire"]}),
     {"player": 0, "kind": "take", "slot": "E1"}, "TM-8.1"),
    ("intimidated taking an action", lambda: _choose(intimidated=[0], action_row=["attack", "search", "search"]),
     {"player": 0, "kind": "take", "slot": "A1"}, "TM-7.9"),
    ("empty slot", lambda: _choose(equipment_row=[None, "grimoire"], equipment_pile=[]),
     {"player": 0, "kind": "take", "slot": "E1"}, "TM-5.2"),
    ("no such slot", _choose, {"player": 0, "kind": "take", "slot": "A4"}, "TM-5.2"),
    ("targeting self with damage", _targeting, {"player": 0, "kind": "target", "seat": 0}, "TM-7.3"),
    ("intimidating self", lambda: _targeting("intimidate"), {"player": 0, "kind": "target", "seat": 0}, "TM-7.9"),
    ("targeting a seat that does not exist", _targeting, {"player": 0, "kind": "target", "seat": 4}, "TM-5.3"),
    ("taking while a target is due", _targeting, {"player": 0, "kind": "take", "slot": "A2"}, "TM-5.3"),
    ("pointing at self", _pointing, {"player": 2, "kind": "point", "at": 2}, "TM-7.4"),
    ("pointing at nobody", _pointing, {"player": 2, "kind": "point", "at": "sky"}, "TM-7.4"),
    ("passing while pointing", _pointing, {"player": 2, "kind": "pass"}, "TM-7.4"),
    ("passing during an extra action", _extra, {"player": 0, "kind": "pass"}, "TM-10.4"),
    ("declining outside an extra action", _choose, {"player": 0, "kind": "decline"}, "TM-7.7"),
    ("wrong seat on a turn", _choose, {"player": 1, "kind": "pass"}, "CORE-3"),
    ("wrong seat pointing", _pointing, {"player": 3, "kind": "point", "at": 0}, "CORE-3"),
    ("wrong seat declining", _extra, {"player": 1, "kind": "decline"}, "CORE-3"),
    ("malformed: None", _choose, None, "CORE-1"),
    ("malformed: no kind", _choose, {"player": 0}, "CORE-1"),
    ("malformed: player not an int", _choose, {"player": "0", "kind": "pass"}, "CORE-1"),
    ("malformed: list parameter", _choose, {"player": 0, "kind": "take", "slot": ["A1"]}, "CORE-1"),
    ("unexpected parameter on a legal take", lambda: _choose(action_row=["attack", "attack", "attack"]),
     {"player": 0, "kind": "take", "slot": "A1", "twice": 1}, "CORE-1"),
    ("unexpected parameter on a legal target", _targeting, {"player": 0, "kind": "target", "seat": 1, "x": 0}, "CORE-1"),
    ("unknown action kind", _choose, {"player": 0, "kind": "steal"}, "TM-5.3"),
    ("anything after the game is over", _over, {"player": 2, "kind": "pass"}, "CORE-2"),
]


@pytest.mark.parametrize("name,situation,action,rule", CASES, ids=[c[0] for c in CASES])
def test_refusal_names_rule_and_changes_nothing(name, situation, action, rule):
    s = situation()
    before, views, logs = s.to_dict(), [s.view(p) for p in range(4)], [s.log(p) for p in range(4)]
    with pytest.raises(IllegalActionError) as err:
        s.apply(action)
    assert err.value.rule == rule, err.value.message
    assert err.value.message and str(err.value).startswith(f"[{rule}]")
    assert s.to_dict() == before
    assert [s.view(p) for p in range(4)] == views and [s.log(p) for p in range(4)] == logs


def test_tm_2_6_refusal_then_a_legal_action_still_works():
    s = _choose(action_row=["reckless", "attack", "attack"])
    with pytest.raises(IllegalActionError):
        take(s, "reckless")
    take(s, "attack")
    target(s, 1)
    assert s.life == [7, 6, 7, 7] and len(s.history) == 2


def test_tm_5_3_refused_action_objects_are_rejected_the_same_way():
    s = _choose(action_row=["reckless", "attack", "attack"])
    with pytest.raises(IllegalActionError) as err:
        s.apply(Action(0, "take", (("slot", "A1"),)))
    assert err.value.rule == "TM-2.6"
    with pytest.raises(IllegalActionError) as err:
        act(s, "target", seat=1)
    assert err.value.rule == "TM-5.3"


# ---------------------------------------------------------------------------------------------------
# A self-target is refused under the rule of the card being resolved (TM-7.3 to TM-7.9)
# ---------------------------------------------------------------------------------------------------
def _at_damage_of(card: str):
    """Seat 0 (the Witch, who may take all of these but Flurry) resolving ``card``, at its "another player" step."""
    chars = ["knight", "monster", "witch", "saint"] if card == "flurry" else ["witch", "monster", "knight", "saint"]
    s = scenario(characters=chars, action_row=[card, "attack", "attack"])
    take(s, card)
    while s.decision.kind == "point":  # Search (TM-7.4): everyone points first
        point(s, "centre")
    if card == "arcana":  # TM-7.8: the heal may be the taker's own; the damage may not
        target(s, 0)
    assert s.decision.kind == "target" and s.decision.player == 0
    return s


SELF_TARGET = [("attack", "TM-7.3"), ("search", "TM-7.4"), ("assault_fool", "TM-7.5"), ("reckless", "TM-7.6"),
               ("flurry", "TM-7.7"), ("arcana", "TM-7.8"), ("intimidate", "TM-7.9")]


@pytest.mark.parametrize("card,rule", SELF_TARGET, ids=[c for c, _ in SELF_TARGET])
def test_self_target_cites_the_cards_own_rule(card, rule):
    s = _at_damage_of(card)
    before, logs = s.to_dict(), [s.log(p) for p in range(4)]
    with pytest.raises(IllegalActionError) as err:
        target(s, 0)
    assert err.value.rule == rule, err.value.message
    name = s.cat.cards[s.cat.instances[s.card]].name
    assert err.value.message.startswith(f"{name}:") and "yourself" in err.value.message
    assert s.to_dict() == before and [s.log(p) for p in range(4)] == logs
    target(s, 1)  # another player is still fine


def test_arcana_heal_on_yourself_is_legal_but_its_damage_is_not():
    s = scenario(characters=["witch", "monster", "knight", "saint"], life=[5, 7, 7, 7],
                 action_row=["arcana", "attack", "attack"])
    take(s, "arcana")
    target(s, 0)
    assert s.life[0] == 7
    with pytest.raises(IllegalActionError) as err:
        target(s, 0)
    assert err.value.rule == "TM-7.8"


def test_an_extra_action_cites_the_card_taken_with_it_not_flurry():
    s = scenario(characters=["knight", "monster", "witch", "saint"], action_row=["flurry", "intimidate", "attack"])
    take(s, "flurry")
    target(s, 1)
    take(s, "intimidate")
    with pytest.raises(IllegalActionError) as err:
        target(s, 0)
    assert err.value.rule == "TM-7.9"


def test_every_action_card_has_its_own_self_target_rule():
    game = load_game("two-mists")
    names = {c.name for c in game.catalog.cards if not c.is_equipment}
    assert names <= set(CARD_RULES), names - set(CARD_RULES)
