"""Card data (MA-15): the closed vocabulary refuses what the rules could not run, naming file, card and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.core.errors import CardDataError
from cardtable.games.million_arthur.catalog import build_pool, load_pool

KNIGHT = """
  - id: T-1
    name: Test Page
    kind: knight
    colour: red
    arthur_type: mercenary
    type_restricted: false
    cost: 1
    skill: attack
    skill_value: 2
    defence: 1
    text: Attack 2 / Defence 1.
"""


def _write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "set.yaml"
    path.write_text("set: test\nversion: 1\ncards:\n" + body, encoding="utf-8")
    return path


def _error(tmp_path: Path, body: str) -> str:
    with pytest.raises(CardDataError) as err:
        build_pool([_write(tmp_path, body)])
    return str(err.value)


def test_the_starter_pool_loads_ma_15_1() -> None:
    pool = load_pool()
    assert sum(1 for d in pool.defs if d.kind == "leader") >= 2  # the pool's shape: test_pool_shape.py
    assert sum(1 for d in pool.defs if d.kind == "knight") >= 25
    assert {d.colour for d in pool.defs if d.kind == "knight"} == {"red", "green", "blue", "yellow", "purple",
                                                                    "colourless"}
    warlord = pool[pool.index("Cinder Warlord")]
    lancer = pool[pool.index("Cinder Lancer")]
    assert warlord.evolves_from == ("Cinder Lancer",) and lancer.evolves_from == ("Cinder Page",)  # MA-8.11


def test_a_minimal_knight_loads(tmp_path: Path) -> None:
    assert build_pool([_write(tmp_path, KNIGHT)]).defs[0].name == "Test Page"


def test_unknown_key_names_file_card_and_field_ma_15(tmp_path: Path) -> None:
    message = _error(tmp_path, KNIGHT + "    sparkle: 3\n")
    assert "set.yaml" in message and "'T-1'" in message and "sparkle" in message and "unknown key" in message


def test_values_are_strict_and_closed_ma_15_1(tmp_path: Path) -> None:
    assert "colour" in _error(tmp_path, KNIGHT.replace("colour: red", "colour: orange"))
    assert "cost" in _error(tmp_path, KNIGHT.replace("cost: 1", "cost: '1'"))
    assert "skill" in _error(tmp_path, KNIGHT.replace("skill: attack", "skill: fly"))


def test_a_common_card_is_never_type_restricted_ma_2_6(tmp_path: Path) -> None:
    body = KNIGHT.replace("arthur_type: mercenary", "arthur_type: common").replace("type_restricted: false",
                                                                                 "type_restricted: true")
    message = _error(tmp_path, body)
    assert "set.yaml" in message and "card 'T-1', field 'type_restricted'" in message and "MA-2.6" in message


def test_evolution_cost_comes_with_evolves_from_ma_8_8(tmp_path: Path) -> None:
    assert "card 'T-1', field 'evolution_cost'" in _error(tmp_path, KNIGHT + "    evolution_cost: 1\n")
    body = KNIGHT + "    evolves_from: [Nobody Here]\n    evolution_cost: 1\n"
    assert "Nobody Here" in _error(tmp_path, body)


def test_a_subtitle_is_never_part_of_the_name_ma_3_9(tmp_path: Path) -> None:
    message = _error(tmp_path, KNIGHT.replace("name: Test Page", "name: Test Page [Summer]"))
    assert "MA-3.9" in message and "card 'T-1', field 'name'" in message


def test_a_leader_ability_with_defence_timing_is_rejected_ma_3_12(tmp_path: Path) -> None:
    leader = """
  - id: T-L
    name: Test Arthur
    kind: leader
    arthur_type: thief
    text: x
    abilities:
      - kind: activated
        timing: defence
        limit: once_per_turn
        effects: [{op: draw, player: self, n: 1}]
"""
    message = _error(tmp_path, leader)
    assert "MA-3.12" in message and "card 'T-L', field 'abilities[0].timing'" in message
    assert "arthur_type" in _error(tmp_path, leader.replace("arthur_type: thief", "arthur_type: common"))


def test_burst_text_needs_an_effect_ma_10_1(tmp_path: Path) -> None:
    assert "burst" in _error(tmp_path, KNIGHT + "    burst: {effects: []}\n")


def test_trigger_events_are_a_closed_list_ma_15_4(tmp_path: Path) -> None:
    ability = """    abilities:
      - kind: triggered
        trigger: {event: EVENT, from: base}
        effects: [{op: draw, player: self, n: 1}]
"""
    pool = build_pool([_write(tmp_path, KNIGHT + ability.replace("EVENT", "knight_deployed"))])
    trig = pool.defs[0].abilities[0].trigger
    assert trig is not None and trig.event == "knight_deployed" and trig.from_ == "base"
    assert "event" in _error(tmp_path, KNIGHT + ability.replace("EVENT", "moon_rise"))
    no_trigger = "    abilities: [{kind: triggered, effects: [{op: draw, player: self, n: 1}]}]\n"
    assert "trigger" in _error(tmp_path, KNIGHT + no_trigger)


@pytest.mark.parametrize("what,body,field", [
    ("an activated ability without a timing (MA-15.3)",
     KNIGHT + "    abilities: [{kind: activated, effects: [{op: draw, player: self, n: 1}]}]\n", "abilities[0].timing"),
    ("a triggered ability without a trigger (MA-15.3)",
     KNIGHT + "    abilities: [{kind: triggered, effects: [{op: draw, player: self, n: 1}]}]\n", "abilities[0].trigger"),
    ("timing on a triggered ability (MA-15.3)",
     KNIGHT + "    abilities: [{kind: triggered, trigger: {event: turn_start}, timing: defence, "
              "effects: [{op: draw, player: self, n: 1}]}]\n", "abilities[0].timing"),
    ("restrict without its colour", KNIGHT + "    abilities: [{kind: activated, timing: own_attack_step, "
     "effects: [{op: restrict, player: opponent, what: deploy_colour}]}]\n", "abilities[0].effects[0].colour"),
    ("a card id used twice", KNIGHT + KNIGHT, "cards"),
    ("an unknown card kind", KNIGHT.replace("kind: knight", "kind: wizard"), "kind"),
    ("an unknown effect op", KNIGHT + "    abilities: [{kind: activated, timing: own_attack_step, "
     "effects: [{op: zap}]}]\n", "abilities[0].effects[0].op"),
])
def test_a_model_check_names_its_field_ma_15(tmp_path: Path, what: str, body: str, field: str) -> None:
    """MA-15: a check that pydantic places on a whole card or ability still names the field it is about."""
    message = _error(tmp_path, body)
    assert "set.yaml" in message and f"field {field!r}" in message, (what, message)
