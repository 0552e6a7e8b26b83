"""Join groups (MY-8), each from an exact situation.

A group other than Monsters is played card by card (D-MY-154): ``join(card)`` plays its first card and
opens the group, then its player answers ``add(card)`` or ``done``. A Monster group is one action
``join(card, card2, ...)`` (MY-8.6)."""

from __future__ import annotations

from cardtable.core import Action
from cardtable.games.mythos.testing import Scenario, build, refuse


def starts(sc: Scenario) -> set[int]:
    """The cards a ``join`` turn option would play first."""
    return {o.get("card") for o in sc.st.legal_actions() if o.kind == "join" and o.get("card2") is None}


def monster_groups(sc: Scenario) -> set[tuple[int, ...]]:
    return {tuple(v for _, v in o.params) for o in sc.st.legal_actions() if o.kind == "join" and o.get("card2") is not None}


def adds(sc: Scenario) -> set[int]:
    d = sc.st.decision
    assert d is not None and d.kind == "join"
    return {o.get("card") for o in d.options if o.kind == "add"}


def test_my_8_3a_ally_and_weapon_join_and_the_weapon_arms_that_ally() -> None:
    sc = build(hands=(["Police Detective", "Service Revolver"], []), story=(["Kingsport Curio Shop"], []))
    cop, gun = sc.id("Police Detective"), sc.id("Service Revolver")
    assert starts(sc) == {cop}  # the weapon comes after its ally (MY-8.5), so it begins no group
    sc.act("join", card=cop)
    assert sc.st.decision is not None and sc.st.decision.player == 0 and adds(sc) == {gun}
    sc.act("add", card=gun)
    assert adds(sc) == set()
    sc.act("done")
    assert sc.st.table.host[gun] == cop and sc.st.combat(cop) == 5 and sc.st.vars["active"] == 1  # one play
    assert [e for e in sc.st.log(1) if e["kind"] == "joined"][-1] == {"kind": "joined", "player": 0, "cards": [cop, gun]}


def test_my_8_3b_my_6_7_5_tome_and_one_matching_spell_join_and_it_is_loaded() -> None:
    sc = build(hands=(["Book of Eibon", "Call Forth the Hungry", "Elder Ward"], []), story=(["Miskatonic Stacks"], []),
               sanity=(10, 11))
    tome, spell = sc.id("Book of Eibon"), sc.id("Call Forth the Hungry")
    assert starts(sc) == {tome}  # Elder Ward's Warding icon is not the tome's
    sc.act("join", card=tome)
    assert adds(sc) == {spell}
    sc.act("add", card=spell)
    sc.act("done")
    assert sc.st.table.host[spell] == tome and sc.st.sanity(0) == 9  # the tome's -1 only (no yellow on loading)


def test_my_8_3c_my_6_11_5_travel_event_and_destination_join() -> None:
    sc = build(hands=(["Steamer Passage", "Sunken Shoals of R'lyeh"], []), story=(["Innsmouth Wharf"], []),
               sanity=(10, 11))
    t, loc = sc.id("Steamer Passage"), sc.id("Sunken Shoals of R'lyeh")
    sc.act("join", card=t)
    sc.act("add", card=loc)
    sc.act("done")
    assert sc.st.current_location(0) == loc and sc.st.sanity(0) == 7


def test_my_8_5_each_card_checked_against_the_state_the_earlier_left() -> None:
    """Steamer Passage needs a Water departure: from the Rail Depot it cannot begin the group at all; a
    Location the Travel Event does not reach (a Dreamlands one: the steamer goes to Waking World places)
    is not offered once the event has resolved."""
    sc = build(hands=(["Steamer Passage", "Sunken Shoals of R'lyeh"], []), story=(["Arkham Rail Depot"], []))
    err = sc.refuse("join", card=sc.id("Steamer Passage"))
    assert err.rule == "MY-6.11.2"
    sc2 = build(hands=(["Steamer Passage", "Sunken Shoals of R'lyeh", "Skai River Ford"], []),
                story=(["Innsmouth Wharf"], []))
    sc2.act("join", card=sc2.id("Steamer Passage"))
    assert adds(sc2) == {sc2.id("Sunken Shoals of R'lyeh")}
    err = sc2.refuse("add", card=sc2.id("Skai River Ford"))
    assert err.rule.startswith("MY-6.")  # the Location's own check, against the state the event left


def test_my_8_5_the_player_declares_the_order_a_holder_never_after_what_it_holds() -> None:
    """A weapon played first onto an ally already in play begins no group with an ally in hand: the ally
    would have to resolve before its weapon (MY-8.3a, MY-8.5)."""
    sc = build(hands=(["Service Revolver", "Police Detective"], []), story=(["Kingsport Curio Shop"], []),
               allies=(["Dockside Sailor"], []))
    gun, cop = sc.id("Service Revolver"), sc.id("Police Detective")
    assert (gun, sc.id("Dockside Sailor")) in sc.plays() and starts(sc) == {cop}
    assert sc.refuse("join", card=gun, host=sc.id("Dockside Sailor")).rule == "MY-8.2"


def test_my_8_4_a_group_gives_its_ally_one_weapon() -> None:
    """MY-8.4 (within one group at most one weapon per ally): the second weapon is refused under MY-8.4, the
    specific rule, not MY-8.2's pair rule (two weapons do not Join either)."""
    sc = build(hands=(["Police Detective", "Service Revolver", "Fire Axe"], []), story=(["Kingsport Curio Shop"], []))
    cop, gun, axe = sc.id("Police Detective"), sc.id("Service Revolver"), sc.id("Fire Axe")
    sc.act("join", card=cop)
    assert adds(sc) == {gun, axe}
    sc.act("add", card=gun)
    assert adds(sc) == set()  # MY-8.4: two weapons never join
    assert sc.refuse("add", card=axe).rule == "MY-8.4"
    sc.act("done")
    assert sc.st.table.zone_name(axe) == "hand:0"


def test_my_8_1_a_group_that_closes_with_its_first_card_alone_is_a_single_play() -> None:
    """The follow-up is asked even when nothing can be added (whether it is asked never depends on the
    hand); ``done`` then leaves exactly the single play."""
    sc = build(hands=(["Night Librarian", "Sacrificial Dagger"], []), story=(["Miskatonic Stacks"], []),
               sanity=(15, 11))
    lib = sc.id("Night Librarian")
    sc.act("join", card=lib)
    d = sc.st.decision
    assert d is not None and d.kind == "join" and [o.kind for o in d.options] == ["done"]  # no Artifact attribute here
    sc.act("done")
    assert sc.titles("ally:0") == ["Night Librarian"] and sc.st.vars["active"] == 1
    kinds = [e["kind"] for e in sc.st.log(1)]
    assert "join_alone" in kinds and "joined" not in kinds


def test_my_8_3d_my_8_6_a_monster_group_uses_the_gate_once() -> None:
    sc = build(hands=(["Deep One", "Deep One", "Deep One", "Ghoul"], []), story=(["Innsmouth Wharf"], []))
    d = [sc.id("Deep One", "hand:0", k) for k in range(3)]
    groups = monster_groups(sc)
    assert tuple(d) in groups and (d[0], d[1]) in groups and not any(sc.id("Ghoul") in g for g in groups)
    assert not starts(sc)  # Monsters never begin a card-by-card group
    assert sc.refuse("join", card=d[0]).rule == "MY-8.6"
    sc.act("join", card=d[0], card2=d[1], card3=d[2])
    st = sc.st
    assert sc.zone("threat:0") == d and all(st.face_down(i) for i in d)
    assert st.inverted(sc.id("Innsmouth Wharf"))
    redacted = [e for e in st.log(1) if e["kind"] == "joined"]
    assert redacted and redacted[-1] == {"kind": "joined", "player": 0, "threat": 3}  # MY-6.8.2a


def test_my_8_7_the_groups_modifiers_are_one_simultaneous_change() -> None:
    """The scholar's and the dagger's modifiers wait while the group is open and apply as one change."""
    sc = build(hands=(["Antiquarian Scholar", "Sacrificial Dagger"], []), story=(["Kingsport Curio Shop"], []),
               sanity=(15, 11))
    sc.act("join", card=sc.id("Antiquarian Scholar"))
    sc.act("add", card=sc.id("Sacrificial Dagger"))
    assert sc.st.sanity(0) == 15  # nothing applied while the group is open
    sc.act("done")
    assert sc.st.sanity(0) == 14


def test_my_8_1_a_group_is_from_the_hand_and_is_one_play() -> None:
    sc = build(hands=(["Police Detective"], []), story=(["Kingsport Curio Shop"], []),
               items=(["Service Revolver"], []))
    bad = Action(0, "join", (("card", sc.id("Police Detective")), ("card2", sc.id("Service Revolver"))))
    assert refuse(sc.st, bad).rule == "MY-8.1"
    assert refuse(sc.st, Action(0, "join", (("card", sc.id("Police Detective")),))).rule == "MY-8.2"


def test_my_8_5_the_open_group_is_its_players_question_and_others_are_refused() -> None:
    sc = build(hands=(["Police Detective", "Service Revolver"], []), story=(["Kingsport Curio Shop"], []))
    sc.act("join", card=sc.id("Police Detective"))
    err = refuse(sc.st, Action(1, "done"))
    assert err.rule == "MY-5.4"  # seat 0's question: another player's turn
    assert refuse(sc.st, Action(0, "add", (("card", 9999),))).rule == "MY-8.1"
    assert sc.st.view(1)["decision"] is None and sc.st.view(1)["to_act"] == 0


def test_my_8_5_an_open_group_is_saved_and_resumed_mid_way() -> None:
    """A snapshot taken while the group is open (its first card played, its modifiers pending) resumes with
    the same question and goes on to the same end (save and resume, D-MY-154)."""
    sc = build(hands=(["Antiquarian Scholar", "Sacrificial Dagger"], []), story=(["Kingsport Curio Shop"], []),
               sanity=(15, 11))
    sc.act("join", card=sc.id("Antiquarian Scholar"))
    again = sc.st.game.from_dict(sc.st.to_dict())
    assert again.to_dict() == sc.st.to_dict() and again.legal_actions() == sc.st.legal_actions()
    for st in (sc.st, again):
        st.apply(Action(0, "add", (("card", sc.id("Sacrificial Dagger")),)))
        st.apply(Action(0, "done"))
    assert again.to_dict() == sc.st.to_dict() and again.sanity(0) == 14


def test_my_8_5_the_other_seat_sees_the_open_group_but_not_the_hand_behind_it() -> None:
    """While the group is open the opponent sees its played cards and that seat 0 decides, never which
    cards could be added: a state sampled from his view has the same view, and seat 0's question is
    asked whatever seat 0's hand holds (here: nothing could be added)."""
    sc = build(hands=(["Police Detective", "Service Revolver"], ["Dockside Sailor"]), story=(["Kingsport Curio Shop"], []))
    sc.act("join", card=sc.id("Police Detective"))
    sampled = sc.st.determinize(1, seed=3)
    assert sampled.view(1) == sc.st.view(1)
    alone = build(hands=(["Police Detective", "Service Revolver"], ["Dockside Sailor"]), story=(["Miskatonic Stacks"], []))
    alone.act("join", card=alone.id("Police Detective"))  # no Artifact attribute here: the revolver cannot follow
    d = alone.st.decision
    assert d is not None and d.kind == "join" and d.player == 0 and [o.kind for o in d.options] == ["done"]
    assert alone.st.view(1)["to_act"] == sc.st.view(1)["to_act"] == 0
