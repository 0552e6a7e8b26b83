"""Refusals at decisions that used to be tested only by reaching them in seeded games
(``tests/conformance/test_refusal_rules.py``): a reaction window (CC-12.3) and a cost paid by choosing a
card (CC-6.12), each laid out with the scenario builder. A refusal names its rule and changes nothing
(``Scenario.refuse`` checks the state)."""

from __future__ import annotations

from cardtable.core import Action
from cardtable.games.call_of_cthulhu.testing import build


def test_cc_12_3_a_reaction_window_is_answered_by_the_seat_offered_with_use_or_pass() -> None:
    """CC-12.3 (5): reactions to an event are offered AP first; the other seat cannot answer in its place,
    and the window takes a reaction or a pass, nothing else. After the AP's pass the window goes on to the
    other seat, and closes when both have passed (here the other seat has nothing: its pass is automatic)."""
    sc = build(at="ops", hands=(["Graduate Archivist"], []), domains=((["Graduate Archivist"], [], []), ([], [], [])))
    st = sc.st
    sc.act("play", card=sc.id("Graduate Archivist"))
    d = st.decision
    assert d is not None and d.kind == "window:reaction" and d.player == 0
    assert sc.refuse(Action(1, d.options[0].kind, d.options[0].params)).rule == "CC-12.3"
    assert sc.refuse(Action(0, "done")).rule == "CC-12.3"
    hand = len(st.table.cards("hand:0"))
    sc.act("pass")
    assert len(st.table.cards("hand:0")) == hand  # passed: the Archivist's draw was not used
    # both passed: the window closed, and with nothing left to play the turn went on to the story phase
    assert st.decision is not None and st.decision.kind == "commit_attack"


def test_cc_6_12_a_sacrifice_cost_is_paid_with_a_card_you_control() -> None:
    """CC-6.12: SN05 Blood Offering's extra cost (sacrifice a character) is paid only with a character its
    player controls: the opponent's is not offered and is refused, as are the other seat and "done" (the
    cost is paid in full); paying with one's own Stray Dog plays the event (draw 2)."""
    sc = build(at="ops", hands=(["Blood Offering"], []), play=(["Stray Dog", "Hired Muscle"], ["Harbor Patrolman"]))
    st = sc.st
    sc.act("play", card=sc.id("Blood Offering"))
    d = st.decision
    assert d is not None and d.kind == "cost_sacrifice" and d.player == 0
    assert {o.get("card") for o in d.options} == {sc.id("Stray Dog"), sc.id("Hired Muscle")}
    theirs = Action(0, "pick", (("card", sc.id("Harbor Patrolman")),))
    assert sc.refuse(theirs).rule == "CC-6.12"
    assert sc.refuse(Action(1, "pick", (("card", sc.id("Stray Dog")),))).rule == "CC-6.12"
    assert sc.refuse(Action(0, "done")).rule == "CC-6.12"
    sc.act("pick", card=sc.id("Stray Dog"))
    assert st.table.zone_name(sc.id("Stray Dog")) == "discard:0"
    assert st.table.zone_name(sc.id("Harbor Patrolman")) == "play:1" and len(st.table.cards("hand:0")) == 2
