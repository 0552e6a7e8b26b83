"""The heuristic bot (``strategy.py``): legal, deterministic, better than random, and the rules it plays by.

The situation tests build the exact table (``testing.build``) and ask the policy for one answer; the
rule each behaviour follows is named in the test.
"""

from __future__ import annotations

from cardtable.bots import make_bot
from cardtable.core import Action, Rng
from cardtable.games.million_arthur import DEFINITION
from cardtable.games.million_arthur.strategy import choose_action
from cardtable.games.million_arthur.testing import Ch, K, Scenario, build
from cardtable.sim import run_games, win_rate_by_bot


def answer(sc: Scenario) -> Action:
    d = sc.st.decision
    assert d is not None
    a = choose_action(sc.st.view(d.player), d, Rng(0))
    assert a in d.options
    return a


def play(seed: int, specs: tuple[str, str], max_turns: int = 30) -> list[Action]:
    st = DEFINITION.new_game(seed=seed, options={"max_turns": max_turns})
    bots = [make_bot(s, "million-arthur", seed=seed + k) for k, s in enumerate(specs)]
    rng = Rng(seed)
    played = []
    while not st.is_terminal:
        d = st.decision
        assert d is not None
        a = bots[d.player].act(st.view(d.player), d, rng)
        assert a in d.options, f"illegal {a} at {d.kind}"
        st.apply(a)
        played.append(a)
    return played


def test_heuristic_plays_only_legal_actions_and_is_deterministic() -> None:
    for seed in (3, 4):
        first = play(seed, ("heuristic", "heuristic"))
        assert first == play(seed, ("heuristic", "heuristic"))
        assert len(first) > 50


def test_heuristic_beats_random_in_most_games() -> None:
    """At least 70 % of 40 games with seats swapped (over 1,000 games it wins all: README)."""
    results = run_games("million-arthur", 2, ["heuristic", "random"], 40, seed=77)
    rate = win_rate_by_bot(results)["heuristic"]
    assert rate.wins >= 28, rate


# ---- deployment -------------------------------------------------------------------------------------------


def test_first_step_keeps_a_base_knight_back_when_its_colour_would_bar_better_hand_cards_ma_8_3() -> None:
    """MA-8.3: a colour moved from base bars that colour from hand; MA-7.2: capacity 3. Moving the red
    Cinder Page (attack 2) would bar the red hand cards (attack 3 + 2), so the heuristic moves nothing."""
    sc = build(base=(["Cinder Page"], []), hands=(["Ember Squire", "Cinder Page"], []),
               chain=(["Harbour Duelist", "Harbour Duelist"], []), at="first")
    assert sc.st.capacity(0) == 3
    assert answer(sc).kind == "submit"


def test_second_step_fills_the_budget_with_the_strongest_attackers_ma_7_2() -> None:
    """MA-7.2: capacity 3 fits Ember Squire (cost 2) and Cinder Page (cost 1), not Old Oak Sentry (3)
    beside either; on its own turn the heuristic wants damage."""
    sc = build(hands=(["Old Oak Sentry", "Ember Squire", "Cinder Page"], []),
               chain=(["Harbour Duelist", "Harbour Duelist"], []), at="second")
    chosen = []
    while sc.st.decision is not None and sc.st.decision.player == 0:
        a = answer(sc)
        if a.kind == "submit":
            break
        chosen.append(sc.st.card(a.get("card")).name)
        sc.st.apply(a)
    assert sorted(chosen) == ["Cinder Page", "Ember Squire"]


def _second_step_pick(hp: tuple[int, int]) -> str:
    """Capacity 3 (MA-7.2) fits one of the two cost-2 hand cards: Ember Squire (Attack 3) or Grove
    Mender (Heal 3); N's Sunlit Knight (defence 2) will block, so the attack gets 1 through (MA-9.6)."""
    sc = build(hands=(["Grove Mender", "Ember Squire"], []), battle=([], ["Sunlit Knight"]),
               chain=(["Harbour Duelist", "Harbour Duelist"], []), hp=hp, at="second")
    a = answer(sc)
    assert a.kind == "deploy"
    return str(sc.st.card(a.get("card")).name)


def test_level_or_ahead_it_deploys_the_attacker_not_the_healer_ma_1_3_ma_1_4() -> None:
    """MA-1.3 / MA-1.4: HP has no upper limit and only a leader at 0 loses, so healing never wins: at
    level HP (or ahead) one point of damage beats three of healing. (The heuristic used to count
    healing at half a point everywhere, and heuristic games stalled into the turn cap.)"""
    assert _second_step_pick((20, 20)) == "Ember Squire"
    assert _second_step_pick((30, 12)) == "Ember Squire"


def test_a_leader_within_reach_heals_ma_9_8() -> None:
    """MA-9.8 / MA-13.1: at 3 HP the opponent's next turn can end the game, so the heal counts fully."""
    assert _second_step_pick((3, 20)) == "Grove Mender"


def _own_turn_second_step(hand: list[str]) -> Action:
    """T at level HP, capacity 2 (MA-7.1: leader + 1 chain card), a Cinder Page already in the battle
    area (so the chain card is won anyway, MA-11.1); of the hand only Cautery Sister (Heal 2, cost 2)
    fits the budget (MA-7.2)."""
    sc = build(hands=(hand, []), battle=([K("Cinder Page")], []), chain=(["Harbour Duelist"], []), at="second")
    return answer(sc)


EXPENSIVE = ["Cinder Warlord", "Old Oak Sentry", "Echoing Mime", "Gilt Lancer", "Elder Oak Paladin",
             "Shade Archmage"]  # cost 3 and more: none fits the budget of 2


def test_a_card_the_clean_step_would_discard_is_played_instead_ma_11_5() -> None:
    """MA-11.5: at the end of this turn a hand over 6 is cut to 6, and the weakest card goes. With 7 in
    hand the Cautery Sister would be discarded, so deploying her costs nothing: she goes out (a heal that
    is worth little level in HP is still better than the discard pile)."""
    a = _own_turn_second_step(["Cautery Sister", *EXPENSIVE])
    assert a.kind == "deploy"


def test_within_the_hand_limit_a_healer_stays_in_hand_level_in_hp_ma_11_5_ma_1_4() -> None:
    """The same table with 6 cards in hand (MA-11.5: nothing is discarded): level in HP healing is worth
    nothing (MA-1.4), so the Sister is kept for later."""
    sc_hand = ["Cautery Sister", *EXPENSIVE[:5]]
    assert _own_turn_second_step(sc_hand).kind == "submit"


def test_evolves_from_hand_at_the_evolution_cost_ma_8_7_ma_8_10() -> None:
    """MA-8.10 (b) / MA-8.7: one point of budget left pays Cinder Lancer's evolution cost 1 onto the
    Cinder Page in the battle area, not its printed cost 3."""
    sc = build(battle=([K("Cinder Page")], []), hands=(["Cinder Lancer"], []), chain=(["Harbour Duelist"], []),
               spent=(1, 0), at="second")
    a = answer(sc)
    assert a.kind == "evolve" and a.get("card") == sc.id("Cinder Lancer") and a.get("onto") == sc.id("Cinder Page")


def test_on_the_opponents_turn_base_knights_go_out_as_blockers_ma_9_5() -> None:
    """MA-9.5 / MA-11.1: on N's side the moved base knights block and give a chain card; N moves its
    sturdiest base knight first."""
    sc = build(base=([], ["Old Oak Sentry", "Stray Hound"]), battle=(["Harbour Duelist"], []),
               chain=([], ["Harbour Duelist", "Harbour Duelist"]), at="first")
    sc.act("submit")  # T (seat 0) moves nothing
    a = answer(sc)
    assert a.kind == "move" and a.get("card") == sc.id("Old Oak Sentry")


# ---- the Attack step ---------------------------------------------------------------------------------------


def test_support_goes_first_onto_the_active_attacker_ma_9_12() -> None:
    """MA-9.12: a modifier only helps what happens after it, so Support acts before the attack, on the
    attacker that has not acted yet (MA-3.7)."""
    sc = build(battle=([K("Brazier Herald"), K("Harbour Duelist", rested=True), K("Cinder Page")], []),
               at="attack")
    a = answer(sc)
    assert a.kind == "act" and a.get("card") == sc.id("Brazier Herald") and a.get("target") == sc.id("Cinder Page")


def test_disrupt_lowers_the_sturdiest_active_blocker_before_attacking_ma_3_7() -> None:
    """MA-3.7 / MA-9.6: Disrupt's −X defence on N's strongest active blocker adds X to the attack."""
    sc = build(battle=([K("Veil Seer"), K("Harbour Duelist")], [K("Old Oak Sentry"), K("Sunlit Knight")]),
               at="attack")
    a = answer(sc)
    assert a.kind == "act" and a.get("card") == sc.id("Veil Seer") and a.get("target") == sc.id("Old Oak Sentry")


def test_attacks_before_heals_and_strongest_attack_first_ma_9_2() -> None:
    sc = build(battle=([K("Forge Medic"), K("Cinder Page"), K("Harbour Duelist")], []), at="attack")
    a = answer(sc)
    assert a.kind == "act" and a.get("card") == sc.id("Harbour Duelist")


def test_blocks_with_enough_defence_and_stops_ma_9_6() -> None:
    """MA-9.6: damage = attack − total defence; defence 3 stops an attack 3 by itself, so the second
    blocker is kept (MA-9.5: each blocks once)."""
    sc = build(battle=([K("Harbour Duelist")], [K("Deepwater Guard"), K("Cinder Page")]), at="attack")
    sc.act("act", card=sc.id("Harbour Duelist"))
    if sc.st.decision is not None and sc.st.decision.kind == "defence_window":
        sc.act("pass")
    a = answer(sc)
    assert a.kind == "pick" and a.get("card") == sc.id("Deepwater Guard")
    sc.st.apply(a)
    assert answer(sc).kind == "done"


def test_keeps_the_big_blocker_for_the_big_attack_still_to_come_ma_9_5() -> None:
    """MA-9.5: a knight blocks one attack a turn. Against attack 2 now and an active attack 6 still to
    come, the defence-5 Old Oak Sentry waits and the defence-2 Harbour Duelist blocks."""
    sc = build(battle=([K("Cinder Page"), K("Cinder Warlord")], [K("Old Oak Sentry"), K("Harbour Duelist")]),
               at="attack")
    sc.act("act", card=sc.id("Cinder Page"))
    a = answer(sc)
    assert a.kind == "pick" and a.get("card") == sc.id("Harbour Duelist")


# ---- modal texts (MA-15.5 choose_one) -------------------------------------------------------------------------


def _envoy_choice(hp: tuple[int, int]) -> int:
    """Hearth Envoy deployed (MA-15.5 choose_one, on its ``knight_deployed`` trigger) beside an active
    Cinder Page on T's own turn: regain 2 HP, or +1/+1 on the Attack knight."""
    sc = build(hands=(["Hearth Envoy"], []), battle=([K("Cinder Page")], []), chain=(["Harbour Duelist"], []),
               hp=hp, at="second")
    sc.act("deploy", card=sc.id("Hearth Envoy"))
    sc.act("submit")
    sc.act("submit")
    d = sc.st.decision
    assert d is not None and d.kind == "choose_one" and d.player == 0
    return answer(sc).get("index")  # type: ignore[return-value]


def test_a_modal_text_pumps_the_attacker_when_level_and_heals_in_danger_ma_15_5_ma_1_4() -> None:
    """Level in HP healing is worth nothing (MA-1.4) and +1 skill on the attacker is a point of damage;
    at 3 HP the opponent's next turn can end the game (MA-13.1), so the 2 HP count fully."""
    assert _envoy_choice((20, 20)) == 1
    assert _envoy_choice((3, 20)) == 0


def _trickster_burst_choice(n_hp: int) -> int:
    """N takes 2 damage from an unblocked Cinder Page and reveals Crossroads Trickster in its burst check
    (MA-9.7 step 4, MA-10.2): regain 2 HP, or draw 1 card."""
    sc = build(battle=([K("Cinder Page")], []), hp=(20, n_hp), at="attack",
               decks=(["Harbour Duelist"] * 10, ["Crossroads Trickster"] + ["Harbour Duelist"] * 9))
    sc.act("act", card=sc.id("Cinder Page"))  # N has no knight to block with
    d = sc.st.decision
    assert d is not None and d.kind == "choose_one" and d.player == 1
    return answer(sc).get("index")  # type: ignore[return-value]


def test_a_burst_draws_a_card_unless_the_leader_is_in_reach_ma_10_2() -> None:
    """MA-10.2: Crossroads Trickster's burst. Behind but safe (18 against 20), a card beats 2 HP; at 4 HP
    after the hit, the heal."""
    assert _trickster_burst_choice(20) == 1
    assert _trickster_burst_choice(6) == 0


# ---- chain, colour cost, base --------------------------------------------------------------------------------


def test_chain_keeps_the_colour_the_leader_pays_with_ma_11_1_ma_7_4() -> None:
    """MA-11.1 / MA-7.4: Arthur of the Ember Road pays one red; with no red chain card yet the red
    knight becomes the chain card (the Ember and Thorn list itself pays no colour cost)."""
    sc = build(battle=([K("Harbour Duelist", rested=True), K("Cinder Page", rested=True)], []),
               chain=(["Harbour Duelist"], []), at="chain_t", options={"decks": ["Ember and Thorn"] * 2})
    d = sc.st.decision
    assert d is not None and d.kind == "chain"
    assert answer(sc).get("card") == sc.id("Cinder Page")


def test_generic_symbol_is_paid_with_a_colourless_chain_card_first_ma_7_5() -> None:
    """MA-7.5: colourless chain cards pay only generic symbols, so they are spent on them first (the
    Gilded Ledger leader pays two generic symbols)."""
    sc = build(leaders=("Arthur of the Gilded Ledger", "Arthur of the Ember Road"),
               battle=([K("Harbour Duelist")], []), chain=(["Sunlit Knight", "Stray Hound", "Cinder Page"], []),
               at="attack")
    d = sc.st.decision
    assert d is not None
    leader = sc.st.leader(0)
    sc.act("activate", card=leader, ability=0)
    d = sc.st.decision
    assert d is not None and d.kind == "pay"
    assert answer(sc).get("card") == sc.id("Stray Hound")


def test_free_evolution_in_the_base_is_taken_ma_8_5() -> None:
    """MA-8.5 step 3: evolving a newly placed card onto a base knight costs nothing."""
    sc = build(base=(["Shade Apprentice", "Harbour Duelist"], []), decks=(["Shade Magus"] + ["Harbour Duelist"] * 9,
                                                                          ["Harbour Duelist"] * 10), at="charge")
    d = sc.st.decision
    assert d is not None and d.kind == "base_evolve"
    a = answer(sc)
    assert a.kind == "evolve" and a.get("onto") == sc.id("Shade Apprentice")


def test_clean_step_discards_the_weakest_card_ma_11_5() -> None:
    sc = build(hands=(["Cinder Warlord", "Harbour Duelist", "Sunlit Knight", "Stray Hound", "Ember Squire",
                       "Thorn Archer", "Old Oak Sentry"], []), at="clean_hand_t")
    d = sc.st.decision
    assert d is not None and d.kind == "discard"
    assert answer(sc).get("card") == sc.id("Stray Hound")
