"""Knights' activated abilities (MA-12.9): not the knight's action unless ``rest_self``, limits per
source card, and only where the ability works (MA-15.3 zones, MA-7.3 chain cards, MA-8.9 stacks)."""

from __future__ import annotations

from cardtable.games.million_arthur.testing import K, build

CHAPLAIN = "Hedge Chaplain"  # rest this knight: draw 1 (once per turn)
AGENT = "Hush Agent"  # pay purple: an opposing knight gets -1/-1 (once per turn)


def test_rest_self_rests_the_knight_as_a_cost_ma_12_9() -> None:
    """Cards: Hedge Chaplain."""
    sc = build(battle=([CHAPLAIN], []), at="attack")
    st = sc.st
    chaplain = sc.id(CHAPLAIN)
    hand = len(st.table.cards("hand:0"))
    sc.act("activate", card=chaplain, ability=0)
    assert st.rested(chaplain) and len(st.table.cards("hand:0")) == hand + 1
    assert sc.refuse("act", card=chaplain).rule == "MA-9.2"  # rested: it cannot act any more
    assert sc.refuse("activate", card=chaplain, ability=0).rule == "MA-12.9"


def test_a_rested_knight_cannot_pay_rest_self_ma_12_9() -> None:
    sc = build(battle=([K(CHAPLAIN, rested=True)], []), at="attack")
    assert "activate" not in sc.kinds()
    assert sc.refuse("activate", card=sc.id(CHAPLAIN), ability=0).rule == "MA-12.9"


def test_an_ability_is_not_the_knights_action_and_limits_count_per_card_ma_12_9() -> None:
    """Cards: Hush Agent."""
    sc = build(battle=([AGENT, AGENT], ["Sunlit Knight"]), chain=(["Dusk Cutpurse", "Veil Seer"], []), at="attack")
    st = sc.st
    a1, a2, sunlit = sc.id(AGENT, n=0), sc.id(AGENT, n=1), sc.id("Sunlit Knight")
    sc.act("activate", card=a1, ability=0)
    sc.act("pay", card=sc.id("Dusk Cutpurse"))
    assert (st.skill_value(sunlit), st.defence_value(sunlit)) == (2, 1) and not st.rested(a1)
    assert sc.refuse("activate", card=a1, ability=0).rule == "MA-12.9"  # once per turn for this card
    sc.act("activate", card=a2, ability=0)  # the other copy has its own limit
    sc.act("pay", card=sc.id("Veil Seer"))
    assert (st.skill_value(sunlit), st.defence_value(sunlit)) == (1, 0)
    sc.act("act", card=a1)  # still active: the ability was not its action
    sc.block(sunlit)
    assert st.hp(1) == 18


def test_abilities_work_only_from_their_zone_ma_15_3_ma_7_3_ma_8_9() -> None:
    sc = build(base=([AGENT], []), battle=([K("Cinder Page", under=(AGENT,))], ["Sunlit Knight"]),
               chain=([AGENT, "Dusk Cutpurse"], []), at="attack")
    assert "activate" not in sc.kinds()
    for zone in ("base:0", "chain:0", "battle:0"):
        assert sc.refuse("activate", card=sc.id(AGENT, zone), ability=0).rule == "MA-15.3"


FRIAR = "Bulwark Friar"  # defence timing: pay blue, one of your knights gets +0/+2


def test_defence_abilities_come_after_the_attack_before_blockers_ma_9_4_ma_12_7() -> None:
    """Cards: Bulwark Friar."""
    sc = build(battle=(["Cinder Lancer"], [FRIAR]), chain=([], ["Tide Clerk"]), at="attack")
    st = sc.st
    friar = sc.id(FRIAR)
    assert "activate" not in sc.kinds()  # not T's: a defence ability is the other player's
    assert sc.refuse("activate", card=friar, ability=0).rule == "MA-12.7"
    sc.act("act", card=sc.id("Cinder Lancer"))
    assert st.decision.kind == "defence_window" and st.decision.player == 1
    sc.act("activate", card=friar, ability=0)
    sc.act("pay", card=sc.id("Tide Clerk"))
    assert st.defence_value(friar) == 5 and st.face_down(sc.id("Tide Clerk"))
    assert st.decision.kind == "block"  # nothing left to use: the window closed by itself
    sc.block(friar)
    assert st.hp(1) == 20  # 4 - 5, at least 0


def test_no_defence_window_without_a_usable_defence_ability_ma_12_7() -> None:
    sc = build(battle=(["Cinder Lancer"], [FRIAR]), chain=([], ["Moss Warden"]), at="attack")
    sc.act("act", card=sc.id("Cinder Lancer"))
    assert sc.st.decision.kind == "block"  # no blue chain card: the ability cannot be paid (MA-7.7)
