"""Triggered abilities: on-deploy triggers after the reveal (MA-8.12), the turn player's first and
each player ordering his own (MA-12.5), mandatory unless "may" (MA-12.8),
and triggers after an attack's burst check (MA-9.7)."""

from __future__ import annotations

from cardtable.games.million_arthur.testing import FILLER, build

HERALD = "Morning Herald"  # when this knight is deployed, your leader regains 1 HP
DRUMMER = "Vigil Drummer"  # when the opposing leader is damaged, you may draw 1


def test_on_deploy_triggers_resolve_after_both_reveals_turn_player_first_ma_8_12_ma_12_5() -> None:
    """Cards: Morning Herald."""
    sc = build(chain=(["Stray Hound"], ["Stray Hound"]), hands=([HERALD], [HERALD]), hp=(10, 10), at="second")
    st = sc.st
    sc.act("deploy", card=sc.id(HERALD, "hand:0"))
    sc.act("submit")
    assert st.hp(0) == 10  # nothing resolves before both are in
    sc.act("deploy", card=sc.id(HERALD, "hand:1"))
    sc.act("submit")
    assert st.vars["hp"] == [11, 11]
    healed = [e["changes"][0][0] for e in st.log(None) if e["kind"] == "hp"]
    assert healed == [0, 1]  # T's trigger first


def test_a_player_orders_his_simultaneous_triggers_ma_12_5() -> None:
    sc = build(chain=(["Stray Hound", "Tide Clerk", "Moss Warden"], []), hands=([HERALD, HERALD], []), hp=(10, 10),
               at="second")
    st = sc.st
    h1, h2 = sc.id(HERALD, "hand:0", 0), sc.id(HERALD, "hand:0", 1)
    sc.act("deploy", card=h1)
    sc.act("deploy", card=h2)
    sc.act("submit")
    sc.act("submit")
    assert st.decision.kind == "order_triggers" and st.decision.player == 0
    sc.act("next", item=1)  # the second Herald's trigger first
    assert st.hp(0) == 12
    order = [e["card"] for e in st.log(None) if e["kind"] == "triggered"]
    assert order == [h2, h1]


def test_a_may_trigger_asks_and_resolves_after_the_burst_check_ma_12_8_ma_9_7() -> None:
    """Cards: Vigil Drummer."""
    sc = build(battle=([DRUMMER, "Cinder Page"], []), decks=([FILLER] * 5, ["Grove Mender", FILLER]), at="attack")
    st = sc.st
    hand = len(st.table.cards("hand:0"))
    sc.act("act", card=sc.id("Cinder Page"))
    assert st.decision.kind == "optional_trigger" and st.decision.player == 0
    kinds = [e["kind"] for e in st.log(None)]
    assert "burst_check" in kinds and kinds.index("burst_check") > kinds.index("attack")  # burst first
    sc.act("yes")
    assert len(st.table.cards("hand:0")) == hand + 1
    sc.act("act", card=sc.id(DRUMMER))
    sc.act("no")  # "may": declining changes nothing
    assert len(st.table.cards("hand:0")) == hand + 1
