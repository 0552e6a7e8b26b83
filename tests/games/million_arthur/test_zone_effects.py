"""Primitives that move cards between zones (MA-15.5): ``move_knight`` (a stack's top card travels, the
rest is discarded as in MA-11.2; a base area holds 3 knights, MA-4.1), ``remove_chain`` (capacity
falls, MA-7.1) and ``search_deck`` (seen by the searcher only, then shuffled, MA-14.3)."""

from __future__ import annotations

from cardtable.games.million_arthur.testing import FILLER, K, build, submit_both


def test_move_knight_to_hand_returns_the_top_card_and_discards_the_rest_ma_15_5() -> None:
    """Cards: Recall Herald."""
    sc = build(battle=(["Recall Herald"], [K("Cinder Lancer", under=("Cinder Page",)), K("Moss Warden", rested=True)]),
               chain=(["Tide Clerk", "Stray Hound"], []), at="attack")
    st = sc.st
    lancer, page = sc.id("Cinder Lancer"), sc.id("Cinder Page")
    sc.act("activate", card=sc.id("Recall Herald"), ability=0)
    sc.act("pay", card=sc.id("Tide Clerk"))
    sc.act("pay", card=sc.id("Stray Hound"))  # the Lancer is the only active target
    assert st.table.zone_name(lancer) == "hand:1" and st.table.zone_name(page) == "discard:1"
    assert str(lancer) in st.view(0)["cards"]  # seen going back to the hand


def test_move_knight_to_a_full_base_is_not_possible_ma_12_2_ma_4_1() -> None:
    """Cards: Homeward Squire."""
    sc = build(battle=(["Homeward Squire"], []), base=([FILLER, FILLER], []), at="attack")
    squire = sc.id("Homeward Squire")
    sc.act("activate", card=squire, ability=0)
    assert sc.st.table.zone_name(squire) == "base:0" and not sc.st.rested(squire)
    sc = build(battle=(["Homeward Squire"], []), base=([FILLER, FILLER, FILLER], []), at="attack")
    assert sc.refuse("activate", card=sc.id("Homeward Squire"), ability=0).rule == "MA-12.2"


def test_remove_chain_is_chosen_by_the_chain_owner_ma_15_5_ma_7_1() -> None:
    """Cards: Chain Breaker."""
    sc = build(battle=(["Chain Breaker"], []), chain=([], ["Tide Clerk", "Veil Seer"]), at="attack")
    st = sc.st
    sc.act("act", card=sc.id("Chain Breaker"))
    assert st.decision.kind == "remove_chain" and st.decision.player == 1
    sc.act("pick", card=sc.id("Veil Seer"))
    if st.decision.kind == "remove_chain":
        sc.act("done")
    assert st.table.zone_name(sc.id("Veil Seer")) == "discard:1" and st.capacity(1) == 2


def test_search_deck_shows_the_deck_to_the_searcher_only_then_shuffles_ma_15_5_ma_14_3() -> None:
    """Cards: Long Road Scout."""
    sc = build(hands=(["Long Road Scout"], []), chain=(["Stray Hound"], []),
               decks=(["Moss Warden", "Cinder Page", "Cinder Lancer", "Cinder Page"], [FILLER] * 3), at="second")
    st = sc.st
    submit_both(sc, [("deploy", {"card": sc.id("Long Road Scout")})])
    assert st.decision.kind == "search" and st.decision.player == 0
    options = {o.get("card") for o in st.legal_actions() if o.kind == "pick"}
    assert {st.card(i).name for i in options} == {"Cinder Page"}  # Attack, cost 2 or less
    assert all(e is None for e in st.view(1)["zones"]["deck:0"])
    for seat in (0, 1, None):  # MA-14.7: resampling what a seat cannot see changes nothing it sees
        for k in range(3):
            sampled = st.determinize(seat, seed=k)
            assert sampled.view(seat) == st.view(seat)
            if seat == 0:
                assert sampled.legal_actions() == st.legal_actions()
    chosen = min(options)
    sc.act("pick", card=chosen)
    if st.decision.kind == "search":
        sc.act("done")
    assert st.table.zone_name(chosen) == "hand:0" and str(chosen) in st.view(1)["cards"]  # revealed
    assert all(e is None for e in st.view(0)["zones"]["deck:0"])  # shuffled: the order is unknown again
    assert len(st.table.cards("deck:0")) == 3


def test_search_deck_is_asked_even_when_nothing_matches_d_ma_62_ma_14_7() -> None:
    """D-MA-62 / D-CT-27: a search that finds nothing still asks (only ``done``), so the other seat
    cannot tell from the flow whether the deck held a match; a non-matching card is refused."""
    sc = build(hands=(["Long Road Scout"], []), chain=(["Stray Hound"], []),
               decks=(["Moss Warden", "Cinder Lancer"], [FILLER] * 3), at="second")
    st = sc.st
    submit_both(sc, [("deploy", {"card": sc.id("Long Road Scout")})])
    assert st.decision.kind == "search" and [o.kind for o in st.legal_actions()] == ["done"]
    assert sc.refuse("pick", card=sc.id("Moss Warden", zone="deck:0")).rule == "MA-15.2"
    for k in range(3):
        assert st.determinize(1, seed=k).view(1) == st.view(1)
    sc.act("done")
    assert len(st.table.cards("deck:0")) == 2 and all(e is None for e in st.view(0)["zones"]["deck:0"])
