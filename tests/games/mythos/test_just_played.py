"""Just Played and cancelling it (MY-5.10, MY-12.5 CANCEL_JUST_PLAYED, MY-6.3.14), from exact situations."""

from __future__ import annotations

from cardtable.games.mythos.testing import build


def test_my_5_10_a_counter_names_only_a_card_played_since_your_last_turn() -> None:
    sc = build(players=3, hands=(["Thwarted Plans"], ["Dockside Sailor"], []),
               story=([], ["Innsmouth Wharf"], []), allies=([], ["Backwoods Hunter"], []), active=1)
    sc.act("play", card=sc.id("Dockside Sailor"))
    sc.act("pass")  # seat 2
    st = sc.st
    sailor = sc.id("Dockside Sailor")
    assert st.just_played(0) == [sailor]  # the hunter was in play before
    targets = {o.get("target") for o in st.legal_actions() if o.kind == "play"}
    assert targets == {sailor}
    assert sc.refuse("play", card=sc.id("Thwarted Plans"), target=sc.id("Backwoods Hunter")).rule == "MY-5.10"
    sc.act("play", card=sc.id("Thwarted Plans"), target=sailor)
    assert sc.titles("ally:1") == ["Backwoods Hunter"] and sc.titles("discard:1") == ["Dockside Sailor"]


def test_my_5_10_after_your_own_turn_an_older_play_is_no_longer_just_played() -> None:
    sc = build(players=2, hands=(["Thwarted Plans", "Restful Sleep"], ["Dockside Sailor"]),
               story=([], ["Innsmouth Wharf"]), active=1)
    sc.act("play", card=sc.id("Dockside Sailor"))
    sc.act("play", card=sc.id("Restful Sleep"))  # seat 0 uses its turn otherwise
    sc.act("pass")  # seat 1
    assert sc.st.just_played(0) == [] and sc.refuse("play", card=sc.id("Thwarted Plans"),
                                                    target=sc.id("Dockside Sailor")).rule == "MY-5.10"


def test_my_6_3_14_a_cancelled_top_location_exposes_the_older_one_without_its_modifier() -> None:
    sc = build(players=2, hands=(["Lost Bearings"], ["Kingsport Curio Shop"]), story=([], ["Old Hill Burying Ground"]),
               active=1, sanity=(10, 11))
    sc.act("play", card=sc.id("Kingsport Curio Shop"))  # walking: crosswise
    sc.act("play", card=sc.id("Lost Bearings"), target=sc.id("Kingsport Curio Shop"))
    st = sc.st
    assert st.current_location(1) == sc.id("Old Hill Burying Ground") and st.sanity(1) == 11
    assert st.position(1)[2] == "Arkham" and sc.titles("discard:1") == ["Kingsport Curio Shop"]


def test_my_8_8_every_card_of_a_join_group_is_just_played_and_attachments_leave_with_it() -> None:
    sc = build(players=2, hands=(["Thwarted Plans"], ["Police Detective", "Service Revolver"]),
               story=([], ["Kingsport Curio Shop"]), active=1)
    cop, gun = sc.id("Police Detective"), sc.id("Service Revolver")
    sc.act("join", card=cop)
    sc.act("add", card=gun)
    sc.act("done")
    assert set(sc.st.just_played(0)) == {cop, gun}
    sc.act("play", card=sc.id("Thwarted Plans"), target=cop)
    assert sorted(sc.titles("discard:1")) == ["Police Detective", "Service Revolver"]  # MY-3.4
