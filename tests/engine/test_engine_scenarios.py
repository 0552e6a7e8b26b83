"""Each mechanism of cardtable.engine, in an exact situation built on the engine's test game."""

from __future__ import annotations

import json

import pytest

from cardtable.core import IllegalActionError, RecordError
from cardtable.engine import EXHAUSTED, Frame, expire

from .scenario import act, build, pass_until
from .toygame import GAME


def test_window_closes_when_every_player_passes_in_succession() -> None:
    st, _ = build(hands=(["Spark"], ["Spark"]))
    assert st.decision.kind == "window:main" and st.to_act == 0
    act(st, "pass")
    assert st.decision.kind == "window:main" and st.to_act == 1
    act(st, "pass")
    assert st.vars["turn"] == 2 and st.vars["active"] == 1, "the window closed and the turn went on"


def test_an_action_gives_priority_to_the_other_player_and_resets_the_passes() -> None:
    st, ids = build(hands=(["Spark", "Spark"], ["Spark"]))
    act(st, "pass")
    assert st.to_act == 1 and [o.kind for o in st.legal_actions()] == ["pass"], "seat 1 may not play creatures"
    st, ids = build(hands=(["Spark", "Spark"], ["Spark"]))
    act(st, "play", card=ids["Spark"][0])
    pass_until(st, "window:main")  # the interrupt window for the play closes first
    assert st.to_act == 1, "after an action, priority goes to the next player"
    act(st, "pass")
    assert st.to_act == 0 and st.decision.kind == "window:main", "one pass after an action does not close the window"


def test_cost_choice_is_asked_only_when_there_are_several_ways_to_pay() -> None:
    st, ids = build(hands=(["Guard", "Guard"], []))
    act(st, "play", card=ids["Guard"][0])
    assert st.decision.kind == "pay" and len(st.legal_actions()) == 2, "two ready wells: which one?"
    act(st, "choose", index=1)
    assert st.vars["wells"][:2] == [0, 1]
    pass_until(st, "window:main")
    while st.to_act != 0:
        act(st, "pass")
    act(st, "play", card=ids["Guard"][1])
    assert st.vars["wells"][:2] == [1, 1], "one ready well left: paid without asking"


def test_interrupt_cancels_the_event_and_the_cancelled_card_still_goes_to_the_discard_pile() -> None:
    st, ids = build(hands=(["Surge", "Giant"], ["Nullify"]), play=(["Spark"], []))
    act(st, "play", card=ids["Surge"][0])  # the only target is chosen without asking
    assert st.decision.kind == "window:interrupt" and st.to_act == 0
    act(st, "pass")
    act(st, "use", card=ids["Nullify"][0], ability=0)
    act(st, "choose", index=0)  # which well pays for Nullify
    pass_until(st, "window:main")
    spark = ids["Spark"][0]
    assert st.power(spark) == 1, "the cancelled Surge gave nothing"
    assert ids["Surge"][0] in st.table.cards("discard:0") and ids["Nullify"][0] in st.table.cards("discard:1")
    assert any(e["kind"] == "cancelled" for e in st.log(None))


def test_hidden_cards_are_asked_even_without_an_answer_so_whose_turn_leaks_nothing() -> None:
    st, ids = build(hands=(["Surge", "Giant"], ["Spark"]), play=(["Spark"], []))
    act(st, "play", card=ids["Surge"][0])
    act(st, "pass")  # seat 0 (no interrupt)
    assert st.to_act == 1 and [o.kind for o in st.legal_actions()] == ["pass"], \
        "seat 1 holds a card, so it is asked although it holds no Nullify"
    act(st, "pass")
    assert st.power(ids["Spark"][0]) == 3


def test_forced_effects_triggered_together_are_ordered_by_the_active_player() -> None:
    st, ids = build(play=(["Giant", "Hourglass"], []), stage="end")
    assert st.decision.kind == "order_forced" and st.to_act == 0
    assert len(st.legal_actions()) == 2
    before_hand = len(st.table.cards("hand:0"))
    act(st, "next", item=1)  # Hourglass first (refs are found in play order: Giant, Hourglass)
    assert len(st.table.cards("hand:0")) == before_hand + 1
    assert st.vars["points"][0] == 1


def test_a_reaction_limited_to_once_per_turn_is_offered_once() -> None:
    st, ids = build(hands=(["Spark", "Spark", "Giant"], ["Giant"]), play=(["Guard"], []))
    act(st, "play", card=ids["Spark"][0])
    pass_until(st, "window:reaction")
    act(st, "use", card=ids["Guard"][0], ability=0)
    assert len(st.table.cards("hand:0")) == 3  # played one, drew one
    pass_until(st, "window:main")
    while st.to_act != 0:
        act(st, "pass")
    act(st, "play", card=ids["Spark"][1])
    for _ in range(6):
        assert not any(o.kind == "use" for o in st.legal_actions()), "the limit is used this turn"
        if st.decision.kind == "window:main":
            break
        act(st, "pass")


def test_limits_and_until_end_of_turn_effects_expire_at_end_of_turn() -> None:
    st, ids = build(hands=(["Surge", "Giant"], ["Giant"]), play=(["Spark"], []))
    act(st, "play", card=ids["Surge"][0])
    pass_until(st, "window:main")
    assert st.power(ids["Spark"][0]) == 3
    st.used.add((ids["Spark"][0], 0, "end_of_turn"))
    assert expire(st, "end_of_turn") == 1
    assert st.power(ids["Spark"][0]) == 1 and not st.used


def test_attachments_leave_play_with_their_host() -> None:
    st, ids = build(hands=(["Blessing", "Giant"], ["Giant"]), play=(["Spark"], []))
    act(st, "play", card=ids["Blessing"][0])
    act(st, "choose", index=0)
    pass_until(st, "window:main")
    spark, blessing = ids["Spark"][0], ids["Blessing"][0]
    assert st.table.host[blessing] == spark and st.power(spark) == 2
    gone = st.move_card(spark, "discard:0")
    assert gone == [blessing] and blessing in st.table.cards("discard:0") and st.table.host[blessing] == -1


def test_pick_up_to_n_allows_fewer_and_done() -> None:
    st, ids = build(hands=(["Net", "Giant"], ["Giant"]), play=(["Spark"], ["Spark", "Guard"]))
    act(st, "play", card=ids["Net"][0])
    assert st.decision.kind == "pick" and any(o.kind == "done" for o in st.legal_actions()), "up to 2: 0 is allowed"
    act(st, "pick", card=ids["Guard"][0])
    assert st.decision.kind == "pick"
    with pytest.raises(IllegalActionError):
        st.apply({"player": 0, "kind": "pick", "card": ids["Guard"][0]})  # the same card twice
    act(st, "pick", card=ids["Spark"][1])
    act(st, "choose", index=0)
    pass_until(st, "window:main")
    assert st.table.flags[ids["Guard"][0]] & EXHAUSTED and st.table.flags[ids["Spark"][1]] & EXHAUSTED


def test_a_secret_round_hides_each_choice_until_all_are_revealed_together() -> None:
    st, ids = build(play=(["Spark"], ["Guard"]), stage="duel")
    assert st.decision.kind == "secret_pick" and st.to_act == 0
    act(st, "pick", card=ids["Spark"][0])
    assert st.to_act == 1
    seen_by_1 = json.dumps(st.view(1))
    assert str(ids["Spark"][0]) not in json.dumps(st.view(1)["secrets"]) and st.view(1)["committed"] == [0]
    assert st.view(0)["secrets"] == [[0, [ids["Spark"][0]]]]
    sampled = st.determinize(1, seed=3)
    assert json.dumps(sampled.view(1)) == seen_by_1
    act(st, "pick", card=ids["Guard"][0])
    reveal = [e for e in st.log(None) if e["kind"] == "duel_revealed"]
    assert reveal and reveal[-1]["choices"] == [[0, [ids["Spark"][0]]], [1, [ids["Guard"][0]]]]
    assert st.vars["points"][1] == 1


def test_a_loaded_snapshot_asks_the_same_question_again() -> None:
    st, ids = build(hands=(["Guard"], []))
    act(st, "play", card=ids["Guard"][0])
    restored = GAME.from_dict(json.loads(json.dumps(st.to_dict())))
    assert restored.decision == st.decision and restored.to_dict() == st.to_dict()


def test_a_malformed_snapshot_is_refused_with_a_record_error() -> None:
    st, _ = build(hands=(["Guard"], []))
    bad = st.to_dict()
    bad["stack"] = [{"op": "no.such.op", "args": {}}]
    with pytest.raises(RecordError, match="unknown ops"):
        GAME.from_dict(bad)
    bad = st.to_dict()
    bad["table"]["zones"]["hand:0"] = [0, 0]
    with pytest.raises(RecordError):
        GAME.from_dict(bad)


def test_an_illegal_action_names_a_rule_and_changes_nothing() -> None:
    st, ids = build(hands=(["Guard"], ["Spark"]))
    before = st.to_dict()
    with pytest.raises(IllegalActionError) as err:
        st.apply({"player": 1, "kind": "pass"})
    assert err.value.rule == "CORE-3" and st.to_dict() == before


def test_frames_are_plain_values() -> None:
    f = Frame("x", {"a": (1, 2)})
    g = f.evolve(a=(3,))
    assert f["a"] == (1, 2) and g["a"] == (3,) and Frame.from_dict(json.loads(json.dumps(g.to_dict()))) == g
    with pytest.raises(ValueError):
        Frame.from_dict({"op": "x", "args": {"a": {"nested": 1}}})
