"""Refusals name the Mythos rule the input breaks — the most specific one — never the core's generic
CORE-3, and change nothing (``testing.refuse`` checks the state)."""

from __future__ import annotations

from cardtable.core import Action
from cardtable.games.mythos.testing import A, build, refuse


def test_my_5_4_and_my_5_7_nothing_is_done_in_another_players_turn() -> None:
    """MY-5.4: a turn is the active player's one play, turn action or pass; MY-5.7: free actions only in
    one's own turn. Another seat passing or activating is refused under those rules (not CORE-3)."""
    sc = build(hands=(["Restful Sleep"], ["Restful Sleep"]))
    d = sc.st.decision
    assert d is not None and d.kind == "turn" and d.player == 0
    assert refuse(sc.st, Action(1, "pass")).rule == "MY-5.4"
    assert refuse(sc.st, Action(1, "play", (("card", sc.id("Restful Sleep", "hand:1")),))).rule == "MY-5.4"
    assert refuse(sc.st, Action(1, "activate", (("ability", 0), ("card", 0)))).rule == "MY-5.7"


def test_my_6_12_8_a_face_down_spell_cannot_be_cast() -> None:
    """MY-6.12.8 (not the general MY-6.12.1): a spell cast this round is face-down until END_OF_ROUND."""
    sc = build(items=(["Book of Eibon", A("Call Forth the Hungry", "Book of Eibon", down=True)], []),
               hands=(["Restful Sleep"], []))
    assert refuse(sc.st, Action(0, "cast", (("card", sc.id("Call Forth the Hungry")),))).rule == "MY-6.12.8"


def test_my_6_7_4_a_tome_holds_spells_of_its_icons_up_to_its_capacity() -> None:
    """MY-6.7.4: Book of Eibon holds one Summoning spell: a second one, or a Warding spell, is refused
    under the tome's own rule (not the general MY-6.12.1)."""
    sc = build(items=(["Book of Eibon", A("Call Forth the Hungry", "Book of Eibon")], []),
               hands=(["Call Forth the Hungry", "Elder Ward"], []), story=(["Miskatonic Stacks"], []))
    tome = sc.id("Book of Eibon")
    for title in ("Call Forth the Hungry", "Elder Ward"):
        play = Action(0, "play", (("card", sc.id(title, "hand:0")), ("host", tome)))
        assert refuse(sc.st, play).rule == "MY-6.7.4", title


def test_my_8_4_one_spell_per_tome_within_a_join_group() -> None:
    """MY-8.4: within one group at most one spell per tome; the second spell is refused under MY-8.4."""
    sc = build(hands=(["Book of Eibon", "Call Forth the Hungry", "Call Forth the Hungry"], []),
               story=(["Miskatonic Stacks"], []))
    sc.act("join", card=sc.id("Book of Eibon"))
    sc.act("add", card=sc.id("Call Forth the Hungry", "hand:0"))
    second = Action(0, "add", (("card", sc.id("Call Forth the Hungry", "hand:0", 1)),))
    assert refuse(sc.st, second).rule == "MY-8.4"


def test_my_6_9_5_gods_never_attack_or_block() -> None:
    """MY-6.9.5: a god never takes part in battle: choosing it to attack or to block is refused under
    MY-6.9.5 (not the attack or block rules MY-9.3 / MY-9.4)."""
    sc = build(players=2, threat=(["Shoggoth", "Ghoul"], ["Ghoul", "Nightgaunt"]),
               gods=(["Father Dagon Rising"], ["The Crawling Messenger"]), at="battle")
    sc.act("attack", defender=1)
    assert sc.st.decision is not None and sc.st.decision.kind == "attack_monsters"
    assert refuse(sc.st, Action(0, "pick", (("card", sc.id("Father Dagon Rising")),))).rule == "MY-6.9.5"
    sc.act("pick", card=sc.id("Shoggoth"))
    sc.act("done")
    assert sc.st.decision is not None and sc.st.decision.kind == "block" and sc.st.decision.player == 1
    assert refuse(sc.st, Action(1, "pick", (("card", sc.id("The Crawling Messenger")),))).rule == "MY-6.9.5"


def test_my_11_4_an_attack_names_an_opponent_and_my_9_3_the_attacker_declares() -> None:
    """MY-11.4: each player may attack one opponent of his choice — not himself; MY-9.3: the attacker
    declares (another seat declaring is refused); MY-9.4: the defender blocks."""
    sc = build(players=2, threat=(["Shoggoth", "Ghoul"], ["Ghoul", "Nightgaunt"]), at="battle")
    assert refuse(sc.st, Action(0, "attack", (("defender", 0),))).rule == "MY-11.4"
    assert refuse(sc.st, Action(1, "attack", (("defender", 0),))).rule == "MY-9.3"
    sc.act("attack", defender=1)
    sc.act("pick", card=sc.id("Shoggoth"))
    sc.act("done")
    assert refuse(sc.st, Action(0, "pick", (("card", sc.id("Ghoul", "threat:1")),))).rule == "MY-9.4"


def test_my_4_1_each_player_chooses_his_own_investigator_side() -> None:
    """MY-4.1: each player chooses a side of his own investigator: another seat answering, or done without
    a side, is refused under MY-4.1."""
    from cardtable.games.mythos import DEFINITION

    st = DEFINITION.new_game(seed=2, players=2)
    d = st.decision
    assert d is not None and d.kind == "choose_side"
    assert refuse(st, Action(1 - d.player, "pick", d.options[0].params)).rule == "MY-4.1"
    assert refuse(st, Action(d.player, "done")).rule == "MY-4.1"


def test_my_9_2_the_use_step_goes_around_one_player_at_a_time() -> None:
    """MY-9.2: in the use step each player in turn makes one use or passes; another seat passing is
    refused under MY-9.2."""
    sc = build(players=2, items=(["Book of Eibon", A("Call Forth the Hungry", "Book of Eibon")], []), at="battle")
    d = sc.st.decision
    assert d is not None and d.kind == "battle_use" and d.player == 0
    assert refuse(sc.st, Action(1, "pass")).rule == "MY-9.2"


def test_my_5_14_hand_adjustment_is_each_players_own_and_must_reach_the_window() -> None:
    """MY-5.14: a hand above Hmax must be discarded down to [Hmin, Hmax]: done too early, or another seat
    answering, is refused under MY-5.14."""
    sc = build(players=2, hands=(["Restful Sleep"] * 12, []), at="adjust")
    d = sc.st.decision
    assert d is not None and d.kind == "hand_adjust" and d.player == 0
    assert refuse(sc.st, Action(0, "done")).rule == "MY-5.14"
    assert refuse(sc.st, Action(1, "done")).rule == "MY-5.14"


def test_my_3_4_my_6_7_3_my_6_3_8_plays_and_turn_actions_name_their_rule() -> None:
    """MY-3.4: an attachment names a card to attach to; MY-6.7.3: a tome that is not ally-holdable goes to
    the Item area, not onto an ally; MY-6.3.8: one arrives only at a crosswise top Location."""
    sc = build(hands=(["Police Detective", "Book of Eibon"], []), story=(["Miskatonic Stacks"], []),
               allies=(["Dockside Sailor"], []))
    assert refuse(sc.st, Action(0, "play", (("card", sc.id("Police Detective")), ("host", 9999)))).rule == "MY-3.4"
    onto_ally = Action(0, "play", (("card", sc.id("Book of Eibon")), ("host", sc.id("Dockside Sailor"))))
    assert refuse(sc.st, onto_ally).rule == "MY-6.7.3"
    assert refuse(sc.st, Action(0, "arrive")).rule == "MY-6.3.8"


def test_my_8_5_an_open_group_takes_a_card_or_done() -> None:
    """MY-8.5: a group other than Monsters is played card by card: its player adds a card or is done."""
    sc = build(hands=(["Police Detective", "Service Revolver"], []), story=(["Kingsport Curio Shop"], []))
    sc.act("join", card=sc.id("Police Detective"))
    assert refuse(sc.st, Action(0, "pass")).rule == "MY-8.5"


def test_my_6_6_5_only_allies_with_an_enchanted_weapon_join_an_attack() -> None:
    """MY-6.6.5: an ally without an Enchanted Weapon is refused as an attacker."""
    sc = build(players=2, threat=(["Ghoul"], []),
               allies=(["Dockside Sailor", A("Sacrificial Dagger", "Dockside Sailor"), "Police Detective"], []),
               at="battle")
    sc.act("attack", defender=1)
    assert sc.st.decision is not None and sc.st.decision.kind == "attack_allies"
    assert refuse(sc.st, Action(0, "pick", (("card", sc.id("Police Detective")),))).rule == "MY-6.6.5"
