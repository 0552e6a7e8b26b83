"""The turn (MA-6): its steps in order, the Start phase, the Chain step and End phase (MA-11), the turn
cap (MA-13.3) and conceding (MA-1.7)."""

from __future__ import annotations

from cardtable.core import Action
from cardtable.games.million_arthur.testing import FILLER, K, build


def test_draw_step_only_the_turn_player_draws_ma_6_4() -> None:
    sc = build(at="draw", base=([FILLER] * 3, [FILLER] * 3))
    st = sc.st
    assert len(st.table.cards("hand:0")) == 1 and len(st.table.cards("hand:1")) == 0


def test_charge_step_both_players_refill_ma_6_5() -> None:
    sc = build(at="charge", base=([FILLER], []))
    st = sc.st
    assert len(st.knights(0, "base")) == 3 and len(st.knights(1, "base")) == 3


def test_the_steps_come_in_order_ma_6_2_ma_6_11() -> None:
    """MA-6.2 / MA-6.11: Draw, Charge, then the First (MA-6.6) and Second (MA-6.7) steps, then Attack."""
    sc = build(at="begin", base=([FILLER] * 3, [FILLER] * 3), hands=([], []))
    st = sc.st
    assert st.decision.kind == "first_step" and len(st.table.cards("hand:0")) == 1  # Draw, Charge passed
    sc.act("submit")
    sc.act("submit")
    assert st.decision.kind == "second_step" and st.decision.player == 0
    sc.act("submit")
    sc.act("submit")
    assert st.decision.kind == "attack_step"


def test_chain_step_is_mandatory_and_makes_one_chain_card_each_ma_6_9_ma_11_1() -> None:
    sc = build(at="chain_t", battle=(["Cinder Page", "Moss Warden"], ["Sunlit Knight"]))
    st = sc.st
    assert st.decision.kind == "chain" and {o.kind for o in st.legal_actions()} == {"pick"}  # no "done"
    sc.act("pick", card=sc.id("Cinder Page"))
    assert st.table.cards("chain:0") == [sc.id("Cinder Page")] and not st.face_down(sc.id("Cinder Page"))
    assert st.table.cards("chain:1") == [sc.id("Sunlit Knight")]  # N's only knight: no question


def test_a_chained_stack_keeps_only_its_top_card_ma_11_2() -> None:
    sc = build(at="chain_t", battle=([K("Cinder Lancer", under=("Cinder Page",))], []))
    st = sc.st
    assert st.table.cards("chain:0") == [sc.id("Cinder Lancer")]
    assert sc.id("Cinder Page") in st.table.cards("discard:0")


def test_refresh_empties_the_battle_areas_not_the_base_ma_11_3_ma_11_4() -> None:
    sc = build(at="refresh", battle=(["Moss Warden"], ["Sunlit Knight"]), base=(["Cinder Page", FILLER, FILLER], [FILLER] * 3),
               chain=(["Forge Medic"], []))
    st = sc.st
    assert st.knights(0, "battle") == [] and st.knights(1, "battle") == []
    assert sc.id("Moss Warden") in st.table.cards("discard:0") and sc.id("Sunlit Knight") in st.table.cards("discard:1")
    assert st.knights(0, "base")[0] == sc.id("Cinder Page") and st.table.cards("chain:0") == [sc.id("Forge Medic")]


def test_clean_step_hand_limit_6_for_both_players_ma_11_5() -> None:
    sc = build(at="clean_hand_t", hands=([FILLER] * 8, [FILLER] * 7))
    st = sc.st
    assert st.decision.kind == "discard" and st.decision.player == 0
    hand = list(st.table.cards("hand:0"))
    assert st.view(1)["zones"]["hand:0"] == [None] * 8
    sc.act("pick", card=hand[0])
    assert st.view(1)["zones"]["hand:0"] == [None] * 8  # picks are private until done (MA-14.6 reveals then)
    sc.act("pick", card=hand[1])
    assert len(st.table.cards("hand:0")) == 6 and hand[0] in st.table.cards("discard:0")
    assert st.view(1)["cards"][str(hand[0])]["defn"] == st.table.defn[hand[0]]  # MA-14.6: revealed
    assert st.decision.player == 1
    first = st.table.cards("hand:1")[0]
    sc.act("pick", card=first)
    assert st.table.cards("discard:1") == [first]  # down to 6 (then N's own turn began with a draw)


def test_clean_step_chain_limit_9_ma_11_5() -> None:
    sc = build(at="clean_chain_t", chain=([FILLER] * 10, []))
    st = sc.st
    assert st.decision.kind == "remove_chain"
    sc.act("pick", card=st.table.cards("chain:0")[0])
    assert len(st.table.cards("chain:0")) == 9


def test_turn_end_resets_the_turn_and_passes_it_on_ma_11_6_ma_6_1() -> None:
    sc = build(at="end", spent=(3, 1), base_colours=(["red"], []), base=([FILLER] * 3, [FILLER] * 3))
    st = sc.st
    assert st.vars["turn"] == 4 and st.vars["active"] == 1
    assert st.vars["spent"] == [0, 0] and st.vars["base_colours"] == [0, 0]
    assert st.decision.kind == "first_step" and st.decision.player == 1  # N's turn: drew, charged, first step


def test_the_turn_cap_ends_in_a_draw_ma_13_3() -> None:
    sc = build(at="end", turn=3, options={"max_turns": 3})
    st = sc.st
    assert st.is_terminal and st.outcome.winners == [] and st.outcome.details["truncated"]


def test_a_player_may_concede_at_any_time_ma_1_7() -> None:
    sc = build(at="first")
    st = sc.st
    st.apply(Action(1, "concede"))  # not seat 1's decision: still accepted
    assert st.is_terminal and st.outcome.winners == [0]
