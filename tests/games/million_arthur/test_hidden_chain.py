"""Chain-zone primitives (MA-15.5 ``add_chain``, ``flip_chain``) and hidden face-down chain cards: known
only to the players who saw them since they left a deck (MA-14.4), leak-free under resampling (MA-14.7),
counted for capacity (MA-7.1) but paying nothing (MA-7.4), with their text off (D-MA-53)."""

from __future__ import annotations

from cardtable.games.million_arthur.testing import FILLER, Ch, build, submit_both

CANTOR = "Vault Cantor"  # deployed from hand: you may put a hand card into your chain face down
SMUGGLER = "Cellar Smuggler"  # rest: the top card of your deck goes to your chain face down


def _assert_no_leak(st, seats=(None, 0, 1)) -> None:  # type: ignore[no-untyped-def]
    for seat in seats:
        view, log = st.view(seat), st.log(seat)
        for k in range(4):
            sampled = st.determinize(seat, seed=k)
            assert sampled.view(seat) == view and sampled.log(seat) == log
            if seat is not None and st.to_act == seat:
                assert sampled.legal_actions() == st.legal_actions()


def test_a_hand_card_put_face_down_is_known_to_its_owner_only_ma_14_4_ma_14_7() -> None:
    """Cards: Vault Cantor."""
    sc = build(hands=([CANTOR, "Veil Seer"], []), chain=(["Stray Hound", "Moss Warden"], []), at="second")
    st = sc.st
    seer = sc.id("Veil Seer")
    submit_both(sc, [("deploy", {"card": sc.id(CANTOR)})])
    assert st.decision.kind == "add_chain" and st.decision.player == 0
    sc.act("pick", card=seer)
    if st.decision is not None and st.decision.kind == "add_chain":
        sc.act("done")
    assert st.table.zone_name(seer) == "chain:0" and st.face_down(seer)
    assert st.view(0)["cards"][str(seer)]["defn"] == st.table.defn[seer]
    assert st.view(1)["cards"][str(seer)]["defn"] is None and st.view(None)["cards"][str(seer)]["defn"] is None
    assert all("Veil Seer" not in str(e) for e in st.log(1))
    assert st.capacity(0) == 4  # MA-7.1: face down counts
    _assert_no_leak(st)


def test_the_up_to_choice_may_be_none_ma_12_2() -> None:
    sc = build(hands=([CANTOR, "Veil Seer"], []), chain=(["Stray Hound", "Moss Warden"], []), at="second")
    submit_both(sc, [("deploy", {"card": sc.id(CANTOR)})])
    sc.act("done")
    assert sc.st.table.zone_name(sc.id("Veil Seer")) == "hand:0" and sc.st.decision.kind == "attack_step"


def test_the_top_of_the_deck_face_down_is_seen_by_the_owner_only_ma_14_4_ma_15_5() -> None:
    """Cards: Cellar Smuggler."""
    sc = build(battle=([SMUGGLER], ["Moss Warden"]), decks=(["Grove Mender", FILLER, FILLER], [FILLER] * 3),
               at="attack")
    st = sc.st
    sc.act("activate", card=sc.id(SMUGGLER), ability=0)
    (card,) = st.table.cards("chain:0")
    assert st.card(card).name == "Grove Mender" and st.face_down(card)
    assert st.view(0)["cards"][str(card)]["defn"] is not None and st.view(1)["cards"][str(card)]["defn"] is None
    _assert_no_leak(st)


def test_a_hidden_chain_card_cannot_pay_and_its_text_is_off_ma_7_4_ma_7_3() -> None:
    sc = build(battle=(["Hush Agent"], ["Sunlit Knight"]), chain=([Ch("Dusk Cutpurse", down=True)], []), at="attack")
    assert sc.refuse("activate", card=sc.id("Hush Agent"), ability=0).rule == "MA-7.7"
    sc = build(battle=(["Dawnbell Caller", "Cinder Page"], []), chain=([Ch("Dawnbell Caller", down=True)], []),
               hp=(10, 20), at="chain_t")
    sc.act("pick", card=sc.id("Cinder Page"))
    assert sc.st.hp(0) == 10  # the face-down Caller's "as a chain" text does not work


def test_flip_chain_turns_a_face_down_card_up_for_everyone_ma_15_5_ma_14_4() -> None:
    """Cards: Lantern Restorer."""
    sc = build(hands=(["Lantern Restorer"], []), chain=([Ch("Tide Clerk", down=True), Ch("Stray Hound")], []),
               at="second")
    st = sc.st
    clerk = sc.id("Tide Clerk")
    st.table.known[clerk] = 1  # seen by its owner only (as if put face down from the hand)
    assert st.view(1)["cards"][str(clerk)]["defn"] is None
    submit_both(sc, [("deploy", {"card": sc.id("Lantern Restorer")})])
    assert not st.face_down(clerk) and st.view(1)["cards"][str(clerk)]["defn"] == st.table.defn[clerk]


def test_flip_chain_with_too_few_face_down_cards_does_nothing_ma_12_2() -> None:
    sc = build(hands=(["Lantern Restorer"], []), chain=(["Stray Hound", "Moss Warden"], []), at="second")
    submit_both(sc, [("deploy", {"card": sc.id("Lantern Restorer")})])
    assert "text_void" in [e["kind"] for e in sc.st.log(None)]
