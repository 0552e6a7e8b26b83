"""Burst texts of the legends and crossroads sets (MA-10.2): each kind of burst effect resolved by a real
burst check after attack damage (MA-9.7 step 4, MA-10.3), under the checking player's control.

Why: burst texts run in the opponent's turn, from the burst area, with the checking player as their
controller ("you" is the damaged player); the shared primitives are tested elsewhere, this file checks
the new burst cards do what their text says in that setting."""

from __future__ import annotations

from cardtable.games.million_arthur.testing import FILLER, LEADERS, Ch, K, build

LANCER = "Cinder Lancer"  # Attack 4 / Defence 2


def _hit(top: str, **layout):  # type: ignore[no-untyped-def]
    """T's Cinder Lancer attacks unblocked; N's deck has ``top`` on top of fillers: one burst check."""
    battle = layout.pop("battle", ([LANCER], []))
    sc = build(battle=battle, decks=layout.pop("decks", ([FILLER] * 5, [top] + [FILLER] * 5)), at="attack", **layout)
    sc.act("act", card=sc.id(LANCER, n=0))
    if sc.st.decision is not None and sc.st.decision.kind == "block":
        sc.block()
    return sc


def test_a_burst_with_a_branch_reads_the_hp_after_the_damage_ma_10_2_ma_15_5() -> None:
    """Tide Sovereign: if your leader has 8 HP or less, it regains 3 HP; otherwise draw 1 card."""
    sc = _hit("Tide Sovereign", hp=(20, 12))
    assert sc.st.hp(1) == 8 + 3 and len(sc.st.table.cards("hand:1")) == 0
    sc = _hit("Tide Sovereign", hp=(20, 13))
    assert sc.st.hp(1) == 9 and len(sc.st.table.cards("hand:1")) == 1


def test_a_modal_burst_is_chosen_by_the_checking_player_ma_10_2_ma_12_6() -> None:
    """Choir Diva: choose one: your leader regains 2 HP; or draw 1 card."""
    sc = _hit("Choir Diva")
    assert sc.st.decision.kind == "choose_one" and sc.st.decision.player == 1
    sc.act("choose", index=0, label="your leader regains 2 HP")
    assert sc.st.hp(1) == 16 + 2
    assert sc.st.table.zone_name(sc.id("Choir Diva", "deck:1")) == "discard:1"  # then discarded (MA-10.2)


def test_a_burst_makes_a_knight_that_blocked_active_again_ma_15_5_ma_9_5() -> None:
    """Broceliande Ranger: up to one of your rested knights in the battle area becomes active."""
    sc = build(battle=([LANCER, LANCER], ["Moss Warden"]), decks=([FILLER] * 5, ["Broceliande Ranger", FILLER]),
               at="attack")
    st = sc.st
    warden = sc.id("Moss Warden")
    sc.act("act", card=sc.id(LANCER, n=0))
    sc.block(warden)  # 4 - 3 = 1 damage: a burst check
    assert st.decision.kind == "effect_target" and st.decision.player == 1
    sc.act("pick", card=warden)
    if st.decision.kind == "effect_target":
        sc.act("done")
    assert not st.rested(warden)
    sc.act("act", card=sc.id(LANCER, n=1))
    sc.block(warden)  # it can block a second attack
    assert st.hp(1) == 18


def test_a_burst_searches_the_deck_of_the_checking_player_ma_10_2_ma_15_5() -> None:
    """Fay Hexer: you may look through your deck for a Disrupt knight and put it into your hand."""
    sc = _hit("Fay Hexer", decks=([FILLER] * 5, ["Fay Hexer", "Moss Warden", "Veil Seer", FILLER]))
    st = sc.st
    assert st.decision.kind == "search" and st.decision.player == 1
    options = {st.card(o.get("card")).name for o in st.legal_actions() if o.kind == "pick"}
    assert options == {"Veil Seer"}  # the Hexer itself is in the burst area, not the deck
    sc.act("pick", card=sc.id("Veil Seer", "deck:1"))
    if st.decision.kind == "search":
        sc.act("done")
    assert [st.card(i).name for i in st.table.cards("hand:1")] == ["Veil Seer"]


def test_a_burst_removes_one_of_the_attackers_chain_cards_chosen_by_their_owner_ma_15_5_ma_7_1() -> None:
    """Sable Curse-Weaver: the opponent puts one of their chain cards (their choice) into their discard pile."""
    sc = _hit("Sable Curse-Weaver", chain=(["Stray Hound", "Tide Clerk"], []))
    st = sc.st
    assert st.decision.kind == "remove_chain" and st.decision.player == 0  # the chain's owner chooses
    sc.act("pick", card=sc.id("Tide Clerk"))
    assert st.table.zone_name(sc.id("Tide Clerk")) == "discard:0" and st.capacity(0) == 2


def test_a_burst_puts_the_deck_top_into_the_chain_face_down_seen_by_its_owner_only_ma_14_4() -> None:
    """Wellwater Healer: look at the top card of your deck and put it into your chain zone face down."""
    sc = _hit("Wellwater Healer", decks=([FILLER] * 5, ["Wellwater Healer", "Moss Warden", FILLER]))
    st = sc.st
    (card,) = st.table.cards("chain:1")
    assert st.face_down(card) and st.card(card).name == "Moss Warden" and st.capacity(1) == 2
    assert st.view(1)["cards"][str(card)]["defn"] == st.table.defn[card]
    assert st.view(0)["cards"][str(card)]["defn"] is None and st.view(None)["cards"][str(card)]["defn"] is None


def test_a_burst_forbids_the_attacker_to_activate_abilities_ma_12_3() -> None:
    """Dusk Prompter: your opponent cannot activate abilities this turn."""
    sc = _hit("Dusk Prompter", chain=(["Cinder Page"], []), battle=([LANCER, "Cinder Page"], []))
    assert "activate" not in sc.kinds()
    assert sc.refuse("activate", card=sc.id(LEADERS[0]), ability=0).rule == "MA-12.3"


def test_a_burst_prevents_2_of_the_next_attack_ma_15_5() -> None:
    """Lakeshore Blade: prevent 2 damage of the next attack on your leader this turn."""
    sc = _hit("Lakeshore Blade", battle=([LANCER, LANCER], []))
    sc.act("act", card=sc.id(LANCER, n=1))
    assert sc.st.hp(1) == 20 - 4 - (4 - 2)


def test_bursts_that_change_hp_cards_and_knights_ma_10_2() -> None:
    """Nightshade Leech (regain 1, then 1 damage), Nightveil Mistress (mill 2), Shadow Prowler (random
    discard), Noonbell Nurse (a face-down chain card face up), Caerleon Herald (charge), Glare Mummer
    (-2/-0), Bellows Adjutant (+1/+1) and Smoke Taunter (rest) each do what their burst text says."""
    sc = _hit("Nightshade Leech")
    assert (sc.st.hp(0), sc.st.hp(1)) == (19, 17)
    sc = _hit("Nightveil Mistress")
    assert len(sc.st.table.cards("deck:0")) == 3 and len(sc.st.table.cards("discard:0")) == 2
    sc = _hit("Shadow Prowler", hands=(["Moss Warden"], []))
    assert sc.st.table.cards("hand:0") == [] and sc.st.table.zone_name(sc.id("Moss Warden")) == "discard:0"
    sc = _hit("Noonbell Nurse", chain=([], [Ch("Tide Clerk", down=True)]))
    assert not sc.st.face_down(sc.id("Tide Clerk"))
    sc = _hit("Caerleon Herald")
    assert len(sc.st.knights(1, "base")) == 3
    sc = _hit("Glare Mummer", battle=([LANCER, "Sunlit Knight"], []))
    sc.act("pick", card=sc.id("Sunlit Knight"))
    if sc.st.decision.kind == "effect_target":
        sc.act("done")
    assert sc.st.skill_value(sc.id("Sunlit Knight")) == 1
    sc = _hit("Bellows Adjutant", battle=([LANCER], [K("Moss Warden", rested=True)]))
    sc.act("pick", card=sc.id("Moss Warden"))
    if sc.st.decision.kind == "effect_target":
        sc.act("done")
    assert (sc.st.skill_value(sc.id("Moss Warden")), sc.st.defence_value(sc.id("Moss Warden"))) == (2, 4)
    sc = _hit("Smoke Taunter", battle=([LANCER, "Sunlit Knight"], []))
    sc.act("pick", card=sc.id("Sunlit Knight"))
    if sc.st.decision.kind == "effect_target":
        sc.act("done")
    assert sc.st.rested(sc.id("Sunlit Knight"))
