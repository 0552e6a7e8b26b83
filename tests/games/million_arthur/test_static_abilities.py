"""Static abilities (MA-15.3): continuous while the source is where it works, with conditions
(MA-15.6); only burst text works in the burst area (MA-10.5); the card data refuses statics and
targets the rules could not run (MA-15.1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.core.errors import CardDataError
from cardtable.games.million_arthur.catalog import build_pool
from cardtable.games.million_arthur.testing import FILLER, build

CHANTER = "Banner Chanter"  # your other Attack knights in the battle area get +1/+0


def test_a_static_modifier_applies_while_its_source_is_in_the_battle_area_ma_15_3() -> None:
    """Cards: Banner Chanter."""
    sc = build(base=(["Sunlit Knight"], []), battle=([CHANTER, "Cinder Page", "Moss Warden"], ["Harbour Duelist"]),
               at="attack")
    st = sc.st
    page, warden, chanter = sc.id("Cinder Page"), sc.id("Moss Warden"), sc.id(CHANTER)
    assert st.skill_value(page) == 3 and st.defence_value(page) == 1
    assert st.skill_value(warden) == 1 and st.skill_value(chanter) == 1  # not Heal, not itself
    assert st.skill_value(sc.id("Sunlit Knight")) == 3 and st.skill_value(sc.id("Harbour Duelist")) == 3
    sc.act("act", card=page)
    sc.block()
    assert st.hp(1) == 17
    st.move_card(chanter, "discard:0")  # the source leaves: the modifier ends at once
    assert st.skill_value(page) == 2


def test_a_static_with_a_knight_count_condition_ma_15_6() -> None:
    """Cards: Thicket Stalker."""
    sc = build(battle=(["Thicket Stalker", "Moss Warden"], []), at="attack")
    assert sc.st.skill_value(sc.id("Thicket Stalker")) == 1
    sc = build(battle=(["Thicket Stalker", "Moss Warden", "Grove Mender"], []), at="attack")
    assert sc.st.skill_value(sc.id("Thicket Stalker")) == 3


def test_only_burst_text_works_in_the_burst_area_ma_10_5() -> None:
    sc = build(battle=(["Cinder Lancer"], ["Cinder Page", "Moss Warden"]), decks=([FILLER] * 3, [CHANTER, FILLER]), at="attack")
    st = sc.st
    page = sc.id("Cinder Page")
    sc.act("act", card=sc.id("Cinder Lancer"))
    sc.block()
    chanter = sc.id(CHANTER, "deck:1")
    assert st.table.zone_name(chanter) == "burst:1" and st.decision.kind == "effect_target"
    assert st.skill_value(page) == 2  # the Chanter's static does not work from the burst area
    sc.act("pick", card=page)
    assert (st.skill_value(page), st.defence_value(page)) == (3, 2)  # the burst text did
    assert st.table.zone_name(chanter) == "discard:1"


STATIC_BAD = """
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
    abilities:
    - kind: static
      effects:
      - {op: draw, player: self, n: 1}
    text: Attack 2 / Defence 1.
"""


@pytest.mark.parametrize("body, needle", [
    (STATIC_BAD, "static ability carries only"),
    (STATIC_BAD.replace("{op: draw, player: self, n: 1}", "{op: grant, keyword: sentinel, target: {filter: {this: true}}}"),
     "static ability carries only"),
    (STATIC_BAD.replace("kind: static", "kind: activated\n      timing: own_attack_step").replace(
        "{op: draw, player: self, n: 1}", "{op: rest, target: {zone: base}}"), "only battle-area knights"),
    (STATIC_BAD.replace("kind: static", "kind: activated\n      timing: own_attack_step\n"
                        "      condition: {test: hp_below, n: 3}"), "condition"),
])
def test_the_card_data_refuses_what_the_rules_cannot_run_ma_15_1_ma_15_3(tmp_path: Path, body: str,
                                                                          needle: str) -> None:
    path = tmp_path / "set.yaml"
    path.write_text("set: test\nversion: 1\ncards:\n" + body, encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        build_pool([path])
    assert needle in str(err.value) and "T-1" in str(err.value)


def test_the_simple_conditions_read_the_state_ma_15_6() -> None:
    from cardtable.games.million_arthur.schema import AllOf, HpTest, IsTurnPlayer, Not
    from cardtable.games.million_arthur.selectors import holds

    sc = build(hands=(["Moss Warden", "Moss Warden"], []), hp=(7, 20), active=1, at="attack")
    st = sc.st
    assert holds(st, 0, HpTest(test="hp_at_least", n=7)) and not holds(st, 0, HpTest(test="hp_at_least", n=8))
    assert holds(st, 0, HpTest(test="hand_size_at_most", n=2)) and not holds(st, 0, HpTest(test="hand_size_at_least", n=3))
    assert holds(st, 0, IsTurnPlayer(test="is_turn_player", player="opponent"))
    assert holds(st, 1, AllOf(test="or", of=[Not(test="not", of=IsTurnPlayer(test="is_turn_player")),
                                             HpTest(test="hp_at_most", n=20)]))
    assert not holds(st, 1, AllOf(test="and", of=[IsTurnPlayer(test="is_turn_player"),
                                                  HpTest(test="hp_at_most", n=19)]))
