"""Setup, the round, passing, Sanity, library-out, the hand adjustment and the end of the game (MY-1, MY-4,
MY-5, MY-7), each from an exact situation."""

from __future__ import annotations

from cardtable.core import Action
from cardtable.games.mythos import DEFINITION
from cardtable.games.mythos.rules import commit
from cardtable.games.mythos.testing import A, build


def test_my_4_1_sides_are_chosen_in_secret_and_revealed_together() -> None:
    st = DEFINITION.new_game(seed=3, players=3)
    d = st.decision
    assert d is not None and d.kind == "choose_side" and {o.get("card") for o in d.options} == {0, 1}
    st.apply(Action(0, "pick", (("card", 1),)))
    assert st.vars["side"] == [-1, -1, -1]  # nothing is revealed before every seat has chosen
    assert st.view(1)["secrets"] == [] and st.view(None)["secrets"] == []
    assert st.view(0)["secrets"] != []  # the chooser sees his own choice
    for seat in (1, 2):
        st.apply(Action(seat, "pick", (("card", 0),)))
    assert st.vars["side"] == [1, 0, 0]
    assert [e.kind for e in st.events].count("sides_chosen") == 1
    inv = st.investigator(0)
    assert inv is not None and st.sanity(0) == inv.starting_sanity  # MY-4.1: Sanity := Starting Sanity


def test_my_4_3_my_4_4_my_4_5_start_position_random_first_player_and_opening_hands() -> None:
    firsts = set()
    for seed in range(12):
        st = DEFINITION.new_game(seed=seed, players=4)
        firsts.add(st.vars["first"])
        assert st.position(0) == ("WakingWorld", "Lovecraft Country", None) and st.in_transit(0)
        for seat in range(4):
            st.apply(Action(seat, "pick", (("card", 0),)))
        # MY-4.5 / MY-5.2b: round 1's REFILL draws every hand up to its side's refill size (13 for most)
        sizes = [st.investigator(p).refill_hand for p in range(4)]  # type: ignore[union-attr]
        assert [len(st.table.cards(f"hand:{p}")) for p in range(4)] == sizes
        assert st.vars["round"] == 1 and st.decision is not None and st.decision.player == st.vars["first"]
    assert len(firsts) > 1


def test_my_5_2a_my_11_2_first_player_passes_clockwise() -> None:
    sc = build(players=3, first=2, round=1, at="start")
    assert sc.st.vars["round"] == 2 and sc.st.vars["first"] == 0 and sc.st.vars["active"] == 0


def test_my_5_2b_refill_draws_to_refill_size_only() -> None:
    sc = build(players=2, hands=(["Restful Sleep"] * 14, ["Restful Sleep"] * 3), at="refill")
    assert len(sc.zone("hand:0")) == 14 and len(sc.zone("hand:1")) == 13  # no discard at refill


def test_my_7_6_library_out_reshuffles_and_costs_one_sanity() -> None:
    sc = build(players=2, hands=(["Restful Sleep"] * 10, []), decks=([], ["Restful Sleep"] * 20),
               discard=(["Nightfall"] * 6, []), sanity=(10, 11), at="refill")
    assert len(sc.zone("hand:0")) == 13 and len(sc.zone("deck:0")) == 3 and sc.zone("discard:0") == []
    assert sc.st.sanity(0) == 9  # one library-out, 1 Sanity
    assert "library_out" in [e.kind for e in sc.st.events]


def test_my_7_6_both_piles_empty_stops_drawing_without_loss() -> None:
    sc = build(players=2, hands=(["Restful Sleep"] * 10, []), decks=([], ["Restful Sleep"] * 20), sanity=(10, 11),
               at="refill")
    assert len(sc.zone("hand:0")) == 10 and sc.st.sanity(0) == 10


def test_my_1_3_library_out_to_zero_sanity_ends_the_refill_at_once() -> None:
    """MY-1.3 / MY-5.2c: seat order from the first player; the game ends before later seats draw."""
    sc = build(players=2, hands=([], ["Restful Sleep"] * 5), decks=([], ["Restful Sleep"] * 20),
               discard=(["Nightfall"] * 3, []), sanity=(1, 11), at="refill")
    assert sc.st.is_terminal and sc.st.sanity(0) == 0
    assert len(sc.zone("hand:1")) == 5  # seat 1 never drew
    assert sc.st.outcome is not None and sc.st.outcome.winners == [1]


def test_my_5_3_my_5_4_turns_go_clockwise_one_action_each() -> None:
    sc = build(players=3, hands=(["Restful Sleep"], ["Restful Sleep"], ["Restful Sleep"]))
    sc.act("pass")
    assert sc.st.vars["active"] == 1
    sc.act("play", card=sc.id("Restful Sleep", "hand:1"))
    assert sc.st.vars["active"] == 2


def test_my_5_9_two_players_pass_play_pass_ends_card_play() -> None:
    sc = build(players=2, hands=(["Restful Sleep"], ["Restful Sleep"]))
    sc.act("pass")
    assert (sc.st.vars["pass_init"], sc.st.vars["pass_count"]) == (0, 1)
    sc.act("play", card=sc.id("Restful Sleep", "hand:1"))  # another player's play does not cancel (MY-5.9e)
    assert sc.st.vars["pass_count"] == 1
    sc.act("pass")
    assert "card_play_ended" in [e.kind for e in sc.st.events]
    sc.pass_use_step()
    assert sc.st.vars["round"] == 3  # battle and end of round followed; the next round began


def test_my_5_9_three_players_and_the_initiator_cancels() -> None:
    sc = build(players=3, hands=(["Restful Sleep"] * 2, ["Restful Sleep"] * 2, ["Restful Sleep"] * 2))
    sc.act("pass")
    sc.act("play", card=sc.id("Restful Sleep", "hand:1"))
    sc.act("play", card=sc.id("Restful Sleep", "hand:2"))
    sc.act("play", card=sc.id("Restful Sleep", "hand:0"))  # MY-5.9e: the initiator plays: cancelled
    assert (sc.st.vars["pass_init"], sc.st.vars["pass_count"]) == (-1, 0)
    sc.act("pass")
    assert sc.st.vars["pass_init"] == 1
    sc.act("pass")
    assert "card_play_ended" in [e.kind for e in sc.st.events]


def test_my_5_8_a_lost_turn_is_skipped_and_is_not_a_pass() -> None:
    sc = build(players=2, hands=(["Restful Sleep"], ["Restful Sleep"]), skip=(0, 1))
    sc.act("pass")
    assert "lost_turn" in [e.kind for e in sc.st.events]
    assert sc.st.vars["active"] == 0 and sc.st.vars["pass_count"] == 1 and sc.st.vars["skip"] == [0, 0]


def test_my_5_15_turn_cap_ends_card_play() -> None:
    sc = build(players=2, hands=(["Restful Sleep"] * 5, ["Restful Sleep"] * 5), options={"max_turns": 2})
    sc.act("play", card=sc.id("Restful Sleep", "hand:0"))
    sc.act("play", card=sc.id("Restful Sleep", "hand:1"))
    assert "card_play_ended" in [e.kind for e in sc.st.events]


def test_my_5_14_hand_adjustment_must_discard_down_into_the_window() -> None:
    """Whitcomb: Hmax 8, Hmin 5; 12 cards must go down to 5..8."""
    sc = build(players=2, hands=(["Restful Sleep"] * 12, ["Restful Sleep"] * 3), at="adjust")
    d = sc.st.decision
    assert d is not None and d.kind == "hand_adjust" and d.player == 0
    err = sc.refuse("done")
    assert err.rule == "MY-5.14"
    for i in sc.zone("hand:0")[:4]:
        sc.act("pick", card=i)
    assert "done" in sc.kinds()  # 8 left: may stop, or go on down to 5
    sc.act("done")
    assert len(sc.zone("discard:0")) == 4
    # seat 1 holds 3 <= Hmin 5: not asked; the round goes on to the next one (whose refill tops hands up)
    assert sc.st.vars["round"] == 3 and sc.zone("discard:1") == []


def test_my_5_14_between_min_and_max_the_discard_is_optional() -> None:
    sc = build(players=2, hands=(["Restful Sleep"] * 7, []), at="adjust")
    assert sc.kinds() == {"pick", "done"}
    sc.act("done")
    assert sc.zone("discard:0") == [] and sc.st.vars["round"] == 3


def test_my_5_13_end_of_round_readies_cast_spells() -> None:
    sc = build(players=2, items=(["Book of Eibon", A("Call Forth the Hungry", "Book of Eibon", down=True)], []),
               at="end")
    assert not sc.st.face_down(sc.id("Call Forth the Hungry"))


def test_my_7_1_my_7_4_my_6_10_5_my_12_8_increases_first_each_capped_then_decreases() -> None:
    sc = build(players=2, sanity=(15, 11))  # Whitcomb: max 15
    commit(sc.st, {0: [-1, 2], 1: [3, -5]})
    assert sc.st.sanity(0) == 14  # +2 lost above the cap, then -1
    assert sc.st.sanity(1) == 9
    commit(sc.st, {1: [-20]})
    assert sc.st.sanity(1) == 0  # MY-7.2: never below 0


def test_my_1_4_my_1_5_my_1_6_vp_target_ends_at_end_of_round_highest_score_wins() -> None:
    sc = build(players=3, adventures=(["Raid on Devil Reef", "Horror at the Whateley Farm", "Beyond the Wall of Sleep",
                                       "The Keeper's Log"], ["Graveside Vigil"], []),
               sanity=(2, 15, 12), at="check")
    st = sc.st
    assert st.is_terminal and st.vp(0) == 20
    assert [st.score(p) for p in range(3)] == [22, 18, 12]
    assert st.outcome is not None and st.outcome.winners == [0]


def test_my_1_6_my_1_7_ties_go_to_vp_then_are_shared_and_a_player_at_0_sanity_can_win() -> None:
    sc = build(players=2, adventures=(["Raid on Devil Reef"] * 4, ["Graveside Vigil"] * 7), sanity=(0, 3), at="check")
    assert sc.st.score(0) == sc.st.score(1) == 24 and sc.st.outcome is not None
    assert sc.st.outcome.winners == [0]  # equal scores: 24 VP beat 21 VP, at 0 Sanity too (MY-1.7)
    sc2 = build(players=3, adventures=(["Raid on Devil Reef"] * 4, ["Raid on Devil Reef"] * 4, ["Graveside Vigil"]),
                sanity=(3, 3, 10), at="check")
    assert sc2.st.outcome is not None and sc2.st.outcome.winners == [0, 1]  # same score and VP: shared


def test_my_1_3_my_11_6_zero_sanity_ends_the_game_at_once_for_everyone() -> None:
    sc = build(players=3, hands=(["Unspeakable Vision"], [], []), sanity=(5, 2, 9))
    sc.act("play", card=sc.id("Unspeakable Vision"))
    st = sc.st
    assert st.is_terminal and st.sanity(1) == 0 and st.sanity(2) == 7 and st.sanity(0) == 4
    assert st.outcome is not None and st.outcome.winners == [2] and set(st.outcome.scores) == {0, 1, 2}


def test_my_11_6_concede_ends_the_game_and_the_others_are_scored() -> None:
    """D-MY-72: the conceding seat cannot win; the others are scored by MY-1.5/MY-1.6."""
    sc = build(players=3, sanity=(14, 6, 9))
    sc.st.apply(Action(1, "concede"))  # not seat 1's decision: a concession is accepted at any moment
    assert sc.st.outcome is not None and sc.st.outcome.winners == [0]
    sc2 = build(players=3, sanity=(14, 6, 9))
    sc2.st.apply(Action(0, "concede"))
    assert sc2.st.outcome is not None and sc2.st.outcome.winners == [2]
