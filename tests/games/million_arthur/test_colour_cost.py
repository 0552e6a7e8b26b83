"""Leader abilities (MA-3.12, MA-12.7) paid with colour cost by flipping chain cards (MA-7.4–7.7, MA-14.4)."""

from __future__ import annotations

from cardtable.games.million_arthur.testing import Ch, build

EMBER = "Arthur of the Ember Road"  # pay red: an Attack knight gets +1/+0
LEDGER = "Arthur of the Gilded Ledger"  # pay any, any: draw 1


def test_colour_cost_turns_the_named_chain_card_face_down_ma_7_4_ma_7_6() -> None:
    """Cards: Arthur of the Ember Road."""
    sc = build(battle=(["Cinder Page"], []), chain=(["Moss Warden", "Cinder Page"], []), at="attack")
    st = sc.st
    leader, page = sc.id(EMBER), sc.id("Cinder Page", "battle:0")
    red, green = sc.id("Cinder Page", "chain:0"), sc.id("Moss Warden")
    cap = st.capacity(0)
    sc.act("activate", card=leader, ability=0)
    assert st.decision.kind == "pay"
    assert sc.refuse("pay", card=green).rule == "MA-7.4"  # wrong colour
    sc.act("pay", card=red)
    assert st.face_down(red) and not st.face_down(green)
    assert st.skill_value(page) == 3  # the only Attack knight was the target
    assert st.capacity(0) == cap  # MA-7.6: face-down chain cards still count


def test_a_leader_ability_once_per_turn_only_in_the_own_attack_step_ma_3_12_ma_12_7() -> None:
    sc = build(battle=(["Cinder Page"], []), chain=(["Cinder Page", "Ember Squire"], []), at="attack")
    leader = sc.id(EMBER)
    sc.act("activate", card=leader, ability=0)
    sc.act("pay", card=sc.id("Ember Squire"))
    assert sc.st.decision.kind == "attack_step" and "activate" not in sc.kinds()
    assert sc.refuse("activate", card=leader, ability=0).rule == "MA-3.12"
    assert sc.refuse("activate", card=sc.id(LEDGER), ability=0).rule == "MA-12.7"  # not one's own leader


def test_an_ability_that_cannot_be_paid_is_not_offered_ma_7_7() -> None:
    sc = build(battle=(["Cinder Page"], []), chain=([Ch("Cinder Page", down=True), "Moss Warden"], []), at="attack")
    assert "activate" not in sc.kinds()
    assert sc.refuse("activate", card=sc.id(EMBER), ability=0).rule == "MA-7.7"


def test_an_ability_without_a_target_is_not_offered_ma_12_2() -> None:
    sc = build(battle=(["Moss Warden"], []), chain=(["Cinder Page"], []), at="attack")
    assert sc.refuse("activate", card=sc.id(EMBER), ability=0).rule == "MA-12.2"


def test_the_generic_symbol_takes_a_colourless_card_a_red_one_does_not_ma_7_5() -> None:
    """Cards: Arthur of the Gilded Ledger."""
    sc = build(battle=(["Cinder Page"], []), chain=(["Stray Hound", "Cinder Page"], []), at="attack")
    sc.act("activate", card=sc.id(EMBER), ability=0)
    assert sc.refuse("pay", card=sc.id("Stray Hound")).rule == "MA-7.5"
    sc2 = build(leaders=(LEDGER, EMBER), chain=(["Stray Hound", "Tide Clerk"], []), at="attack")
    st = sc2.st
    hand = len(st.table.cards("hand:0"))
    sc2.act("activate", card=sc2.id(LEDGER), ability=0)
    sc2.act("pay", card=sc2.id("Stray Hound"))
    sc2.act("pay", card=sc2.id("Tide Clerk"))
    assert st.face_down(sc2.id("Stray Hound")) and st.face_down(sc2.id("Tide Clerk"))
    assert len(st.table.cards("hand:0")) == hand + 1


def test_a_paid_face_down_chain_card_stays_known_to_both_ma_14_4() -> None:
    sc = build(battle=(["Cinder Page"], []), chain=(["Cinder Page"], []), at="attack")
    st = sc.st
    red = sc.id("Cinder Page", "chain:0")
    sc.act("activate", card=sc.id(EMBER), ability=0)
    sc.act("pay", card=red)
    assert st.face_down(red)
    for seat in (None, 0, 1):
        assert st.view(seat)["cards"][str(red)]["defn"] == st.table.defn[red]
