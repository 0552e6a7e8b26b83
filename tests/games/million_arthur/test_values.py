"""Values in card text (MA-15.2): ``count``, ``chain_count``, ``colours_in_battle``, ``x`` and the
arithmetic combinators, read when the part using them resolves."""

from __future__ import annotations

from cardtable.games.million_arthur.schema import Combine, PlayerValue, SourceSkill
from cardtable.games.million_arthur.selectors import value_of
from cardtable.games.million_arthur.testing import Ch, build, submit_both


def test_a_count_value_is_read_when_the_trigger_resolves_ma_15_2() -> None:
    """Cards: Warband Crier."""
    sc = build(battle=(["Warband Crier", "Cinder Page", "Ashfall Raider", "Moss Warden"], []), at="attack")
    crier = sc.id("Warband Crier")
    sc.act("act", card=crier)
    assert sc.st.hp(1) == 20 - 4  # 2 + two other Attack knights (the Heal knight does not count)


def test_chain_count_with_min_counts_the_card_just_paid_ma_15_2_ma_7_6() -> None:
    """Cards: Ledger Sage."""
    sc = build(battle=(["Ledger Sage"], []), chain=(["Tide Clerk", Ch("Stray Hound", down=True), Ch("Moss Warden",
                                                                                                    down=True)], []),
               at="attack")
    st = sc.st
    hand = len(st.table.cards("hand:0"))
    sc.act("activate", card=sc.id("Ledger Sage"), ability=0)
    sc.act("pay", card=sc.id("Tide Clerk"))
    assert len(st.table.cards("hand:0")) == hand + 2  # three face down now, capped at 2


def test_colours_in_battle_ignores_colourless_ma_15_2_ma_3_3() -> None:
    """Cards: Prism Herald."""
    sc = build(hands=(["Prism Herald"], []), battle=(["Cinder Page", "Moss Warden", "Stray Hound"], []),
               chain=(["Stray Hound"], []), hp=(10, 20), at="second")
    submit_both(sc, [("deploy", {"card": sc.id("Prism Herald")})])
    assert sc.st.hp(0) == 12  # red and green; colourless is not a colour


def test_x_and_the_combinators_ma_15_2() -> None:
    sc = build(battle=(["Cinder Lancer"], []), hp=(7, 20), at="attack")
    st, lancer = sc.st, sc.id("Cinder Lancer")
    assert value_of(st, 0, SourceSkill(value="x"), lancer) == 4
    hp = PlayerValue(value="hp")
    assert value_of(st, 0, Combine(value="sub", of=[hp, 2, 1]), lancer) == 4
    assert value_of(st, 0, Combine(value="times", of=[hp, 2]), lancer) == 14
    assert value_of(st, 0, Combine(value="max", of=[hp, PlayerValue(value="hp", player="opponent")]), -1) == 20
    assert value_of(st, 0, Combine(value="add", of=[PlayerValue(value="capacity"), PlayerValue(value="hand_size")])) == 1
