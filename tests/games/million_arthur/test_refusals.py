"""Refusals name the Million Arthur rule the input breaks, never the core's generic CORE-3, and change
nothing (``testing.refuse`` checks the state): a seat answering another seat's decision, an answer that
is not offered, an activation or an action outside its window."""

from __future__ import annotations

from cardtable.core import Action
from cardtable.games.million_arthur import DEFINITION
from cardtable.games.million_arthur.testing import FILLER, LEADERS, build, refuse


def _activate(player: int, card: int) -> Action:
    return Action(player, "activate", (("ability", 0), ("card", card)))


def test_ma_12_7_no_activation_in_the_first_or_second_step() -> None:
    """MA-12.7: abilities are activated by T in his Attack step (N: defence timing, before blockers) — in
    the First step and in the Second step an activation is refused under MA-12.7, not the step's MA-8.2 /
    MA-8.3."""
    sc = build(base=(["Cinder Page"], []), chain=(["Cinder Page"], []), at="first")
    assert sc.st.decision is not None and sc.st.decision.kind == "first_step"
    assert refuse(sc.st, _activate(0, sc.id(LEADERS[0]))).rule == "MA-12.7"
    sc = build(hands=(["Cinder Page"], []), chain=(["Cinder Page"], []), at="second")
    assert sc.st.decision is not None and sc.st.decision.kind == "second_step"
    assert refuse(sc.st, _activate(0, sc.id(LEADERS[0]))).rule == "MA-12.7"


def test_ma_6_8_knights_act_only_in_the_attack_step() -> None:
    """MA-6.8: T's knights take actions in the Attack step; an action in the First step is refused."""
    sc = build(base=(["Cinder Page"], []), at="first")
    assert refuse(sc.st, Action(0, "act", (("card", sc.id("Cinder Page")),))).rule == "MA-6.8"


def test_ma_6_11_each_player_submits_his_own_deployment() -> None:
    """MA-6.11 (S3: T and N commit, one at a time here): N submitting while T is asked is refused under
    MA-6.11; anything but a move or submit under MA-8.2."""
    sc = build(base=(["Cinder Page"], []), at="first")
    assert sc.st.decision is not None and sc.st.decision.player == 0
    assert refuse(sc.st, Action(1, "submit")).rule == "MA-6.11"
    assert refuse(sc.st, Action(0, "pass")).rule == "MA-8.2"


def test_ma_9_10_and_ma_12_7_the_non_turn_player_neither_acts_nor_activates_in_ts_attack_step() -> None:
    """MA-9.10: N's knights never take actions in T's turn; MA-12.7: N activates only defence-timing
    abilities in the window before blockers; MA-9.1: only T ends the Attack step."""
    sc = build(battle=(["Cinder Page"], ["Bulwark Friar", "Sunlit Knight"]), chain=((), ["Cinder Page"] * 3),
               at="attack")
    assert sc.st.decision is not None and sc.st.decision.kind == "attack_step"
    assert refuse(sc.st, Action(1, "act", (("card", sc.id("Sunlit Knight")),))).rule == "MA-9.10"
    assert refuse(sc.st, _activate(1, sc.id("Bulwark Friar"))).rule == "MA-12.7"
    assert refuse(sc.st, Action(1, "end_step")).rule == "MA-9.1"


def test_ma_9_5_only_the_defender_declares_blockers() -> None:
    """MA-9.5: N chooses the blockers; T picking one is refused under MA-9.5."""
    sc = build(battle=(["Cinder Page"], ["Sunlit Knight", "Moss Warden"]), at="attack")
    sc.act("act", card=sc.id("Cinder Page"))
    assert sc.st.decision is not None and sc.st.decision.kind == "block" and sc.st.decision.player == 1
    assert refuse(sc.st, Action(0, "pick", (("card", sc.id("Sunlit Knight")),))).rule == "MA-9.5"


def test_ma_11_1_making_a_chain_is_mandatory_and_each_players_own() -> None:
    """MA-11.1: a player with knights in the battle area must chain one: done, or the other seat
    answering, is refused under MA-11.1."""
    sc = build(battle=(["Cinder Page", "Sunlit Knight"], []), at="chain_t")
    assert sc.st.decision is not None and sc.st.decision.kind == "chain"
    assert refuse(sc.st, Action(0, "done")).rule == "MA-11.1"
    assert refuse(sc.st, Action(1, "pick", (("card", sc.id("Cinder Page")),))).rule == "MA-11.1"


def test_ma_11_5_the_clean_step_discards_the_players_own_cards_down_to_six() -> None:
    """MA-11.5: T discards down to 6, then N: done before that, or N answering T's discard, is refused."""
    sc = build(hands=([FILLER] * 8, []), at="clean_hand_t")
    d = sc.st.decision
    assert d is not None and d.kind == "discard" and d.player == 0
    assert refuse(sc.st, Action(0, "done")).rule == "MA-11.5"
    assert refuse(sc.st, Action(1, "pick", d.options[0].params)).rule == "MA-11.5"


def test_ma_5_8_the_base_mulligan_is_each_players_own() -> None:
    """MA-5.8: each player decides his own base mulligan (first player first); the other seat answering
    is refused under MA-5.8."""
    st = DEFINITION.new_game(seed=1)
    for _ in range(200):
        d = st.decision
        if d is None or d.kind == "mulligan":
            break
        st.apply(d.options[0])
    d = st.decision
    assert d is not None and d.kind == "mulligan"
    other = Action(1 - d.player, d.options[0].kind, d.options[0].params)
    assert refuse(st, other).rule == "MA-5.8"


def test_ma_8_5_and_ma_8_8_a_base_fill_evolution_is_the_owners_and_follows_the_source_name() -> None:
    """MA-8.5 step 3: the owner evolves a card placed in this fill onto another base knight; MA-8.8: only onto
    a knight whose name it evolves from. Cinder Page onto Cinder Lancer (the wrong way round) is refused
    under MA-8.8, the other seat answering or anything but evolve / done under MA-8.5."""
    deck = ["Cinder Page", "Cinder Lancer", "Cinder Warlord", "Moss Warden", FILLER, FILLER]
    sc = build(decks=(deck, [FILLER] * 10), at="charge")
    d = sc.st.decision
    assert d is not None and d.kind == "base_evolve" and d.player == 0
    page, lancer = sc.id("Cinder Page", "deck:0"), sc.id("Cinder Lancer", "deck:0")
    assert refuse(sc.st, Action(0, "evolve", (("card", page), ("onto", lancer)))).rule == "MA-8.8"
    assert refuse(sc.st, Action(1, "evolve", (("card", lancer), ("onto", page)))).rule == "MA-8.5"
    assert refuse(sc.st, Action(0, "pass")).rule == "MA-8.5"
