"""Join groups (MY-8), each from an exact situation."""

from __future__ import annotations

from cardtable.core import Action
from cardtable.games.mythos.testing import build


def joins(sc: object) -> set[tuple[int, ...]]:
    st = sc.st  # type: ignore[attr-defined]
    return {tuple(v for _, v in o.params) for o in st.legal_actions() if o.kind == "join"}


def test_my_8_3a_ally_and_weapon_join_and_the_weapon_arms_that_ally() -> None:
    sc = build(hands=(["Police Detective", "Service Revolver"], []), story=(["Kingsport Curio Shop"], []))
    cop, gun = sc.id("Police Detective"), sc.id("Service Revolver")
    assert (cop, gun) in joins(sc)
    sc.act("join", card=cop, card2=gun)
    assert sc.st.table.host[gun] == cop and sc.st.combat(cop) == 5 and sc.st.vars["active"] == 1  # one play


def test_my_8_3b_my_6_7_5_tome_and_one_matching_spell_join_and_it_is_loaded() -> None:
    sc = build(hands=(["Book of Eibon", "Call Forth the Hungry", "Elder Ward"], []), story=(["Miskatonic Stacks"], []),
               sanity=(10, 11))
    tome, spell = sc.id("Book of Eibon"), sc.id("Call Forth the Hungry")
    assert joins(sc) == {(tome, spell)}  # Elder Ward's Warding icon is not the tome's
    sc.act("join", card=tome, card2=spell)
    assert sc.st.table.host[spell] == tome and sc.st.sanity(0) == 9  # the tome's -1 only (no yellow on loading)


def test_my_8_3c_my_6_11_5_travel_event_and_destination_join() -> None:
    sc = build(hands=(["Steamer Passage", "Sunken Shoals of R'lyeh"], []), story=(["Innsmouth Wharf"], []),
               sanity=(10, 11))
    t, loc = sc.id("Steamer Passage"), sc.id("Sunken Shoals of R'lyeh")
    sc.act("join", card=t, card2=loc)
    assert sc.st.current_location(0) == loc and sc.st.sanity(0) == 7


def test_my_8_5_each_card_checked_against_the_state_the_earlier_left() -> None:
    """Steamer Passage needs a Water departure: from the Rail Depot the whole group is refused."""
    sc = build(hands=(["Steamer Passage", "Sunken Shoals of R'lyeh"], []), story=(["Arkham Rail Depot"], []))
    err = sc.refuse("join", card=sc.id("Steamer Passage"), card2=sc.id("Sunken Shoals of R'lyeh"))
    assert err.rule == "MY-6.11.2"


def test_my_8_2_every_pair_must_join() -> None:
    sc = build(hands=(["Police Detective", "Service Revolver", "Fire Axe"], []), story=(["Kingsport Curio Shop"], []))
    err = sc.refuse("join", card=sc.id("Police Detective"), card2=sc.id("Service Revolver"), card3=sc.id("Fire Axe"))
    assert err.rule == "MY-8.2"  # MY-8.4: two weapons never join


def test_my_8_3d_my_8_6_a_monster_group_uses_the_gate_once() -> None:
    sc = build(hands=(["Deep One", "Deep One", "Deep One", "Ghoul"], []), story=(["Innsmouth Wharf"], []))
    d = [sc.id("Deep One", "hand:0", k) for k in range(3)]
    groups = joins(sc)
    assert tuple(d) in groups and (d[0], d[1]) in groups and not any(sc.id("Ghoul") in g for g in groups)
    sc.act("join", card=d[0], card2=d[1], card3=d[2])
    st = sc.st
    assert sc.zone("threat:0") == d and all(st.face_down(i) for i in d)
    assert st.inverted(sc.id("Innsmouth Wharf"))
    redacted = [e for e in st.log(1) if e["kind"] == "joined"]
    assert redacted and redacted[-1] == {"kind": "joined", "player": 0, "threat": 3}  # MY-6.8.2a


def test_my_8_7_the_groups_modifiers_are_one_simultaneous_change() -> None:
    """The dagger's -1 applies once with the group; where the dagger cannot be played (no Artifact
    attribute, MY-6.6.3) the group is not offered at all."""
    sc = build(hands=(["Night Librarian", "Sacrificial Dagger"], []), story=(["Miskatonic Stacks"], []),
               sanity=(15, 11))
    assert joins(sc) == set()
    sc2 = build(hands=(["Antiquarian Scholar", "Sacrificial Dagger"], []), story=(["Kingsport Curio Shop"], []),
                sanity=(15, 11))
    sc2.act("join", card=sc2.id("Antiquarian Scholar"), card2=sc2.id("Sacrificial Dagger"))
    assert sc2.st.sanity(0) == 14


def test_my_8_1_a_group_is_from_the_hand_and_is_one_play() -> None:
    sc = build(hands=(["Police Detective"], []), story=(["Kingsport Curio Shop"], []),
               items=(["Service Revolver"], []))
    bad = Action(0, "join", (("card", sc.id("Police Detective")), ("card2", sc.id("Service Revolver"))))
    from cardtable.games.mythos.testing import refuse

    assert refuse(sc.st, bad).rule == "MY-8.1"
