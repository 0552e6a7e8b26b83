"""The attack sequence with block-declaration triggers and prevention (MA-9.7), the keywords
``sentinel``, ``unblockable`` and ``no_burst`` (MA-9.5, MA-15.5) and the attack events of MA-15.4."""

from __future__ import annotations

from cardtable.games.million_arthur.testing import Ch, build

LANCER = "Cinder Lancer"  # Attack 4 / Defence 2


def _kinds(st) -> list[str]:  # type: ignore[no-untyped-def]
    return [e["kind"] for e in st.log(None)]


def test_attack_unblocked_triggers_resolve_before_the_damage_ma_9_7_ma_15_4() -> None:
    """Cards: Ashfall Raider."""
    sc = build(battle=(["Ashfall Raider"], []), at="attack")
    st = sc.st
    sc.act("act", card=sc.id("Ashfall Raider"))  # nobody can block: no question is asked
    assert st.hp(1) == 20 - 1 - 3
    hp_changes = [e["changes"] for e in st.log(None) if e["kind"] == "hp"]
    assert hp_changes == [[[1, -1]], [[1, -3]]]  # the trigger's damage came first
    assert st.decision.kind == "attack_step"


def test_a_blocked_attack_does_not_fire_attack_unblocked_ma_15_4() -> None:
    sc = build(battle=(["Ashfall Raider"], ["Moss Warden"]), at="attack")
    sc.act("act", card=sc.id("Ashfall Raider"))
    sc.block(sc.id("Moss Warden"))
    assert sc.st.hp(1) == 20  # 3 - 3 = 0 and no trigger
    assert "triggered" not in _kinds(sc.st)


def test_knight_blocks_triggers_change_the_damage_they_precede_ma_9_7() -> None:
    """Cards: Harbour Bellringer."""
    sc = build(battle=([LANCER], ["Harbour Bellringer"]), at="attack")
    st = sc.st
    bell = sc.id("Harbour Bellringer")
    sc.act("act", card=sc.id(LANCER))
    sc.block(bell)
    assert st.defence_value(bell) == 3 and st.hp(1) == 20 - (4 - 3)


def test_sentinel_blocks_a_second_attack_but_not_a_third_ma_9_5_ma_15_5() -> None:
    """Cards: Bramble Sentinel."""
    sc = build(battle=(["Cinder Page", "Cinder Page", "Cinder Page"], ["Bramble Sentinel", "Moss Warden"]),
               at="attack")
    st = sc.st
    pages = [sc.id("Cinder Page", n=k) for k in range(3)]
    sentinel, warden = sc.id("Bramble Sentinel"), sc.id("Moss Warden")
    sc.act("act", card=pages[0])
    sc.block(sentinel, warden)
    sc.act("act", card=pages[1])
    assert st.decision.kind == "block"
    assert sc.refuse("pick", card=warden).rule == "MA-9.5"  # rested and no sentinel
    sc.block(sentinel)  # rested, but it has blocked exactly once
    assert st.hp(1) == 20
    sc.act("act", card=pages[2])  # blocked twice: nobody can block any more
    assert st.decision.kind == "attack_step" and st.hp(1) == 18


def test_unblockable_from_a_static_ability_with_a_condition_ma_15_3_ma_15_6() -> None:
    """Cards: Cinder Outrider."""
    sc = build(battle=(["Cinder Outrider"], ["Moss Warden"]), hp=(20, 10), at="attack")
    sc.act("act", card=sc.id("Cinder Outrider"))
    assert sc.st.decision.kind == "attack_step" and sc.st.hp(1) == 8  # no block was possible
    sc = build(battle=(["Cinder Outrider"], ["Moss Warden"]), hp=(20, 11), at="attack")
    sc.act("act", card=sc.id("Cinder Outrider"))
    assert sc.st.decision.kind == "block"  # 11 HP: the condition does not hold


def test_no_burst_and_an_attack_declared_trigger_with_a_condition_ma_15_5_ma_15_6() -> None:
    """Cards: Ember Lancer of the Pass."""
    sc = build(battle=(["Ember Lancer of the Pass", "Cinder Page"], []), at="attack")
    sc.act("act", card=sc.id("Ember Lancer of the Pass"))
    assert sc.st.hp(1) == 15 and "burst_check" not in _kinds(sc.st)
    sc = build(battle=(["Ember Lancer of the Pass", "Stray Hound"], []), at="attack")  # no red knight
    sc.act("act", card=sc.id("Ember Lancer of the Pass"))
    assert sc.st.hp(1) == 17 and "burst_check" in _kinds(sc.st)


def test_prevention_applies_after_blocking_and_next_attack_is_used_up_ma_9_7_ma_15_5() -> None:
    """Cards: Tidewall Keeper."""
    sc = build(battle=([LANCER, LANCER], ["Tidewall Keeper"]), chain=([], [Ch("Tide Clerk")]), at="attack")
    st = sc.st
    keeper = sc.id("Tidewall Keeper")
    sc.act("act", card=sc.id(LANCER, n=0))
    sc.act("activate", card=keeper, ability=0)
    sc.act("pay", card=sc.id("Tide Clerk"))
    sc.block(keeper)  # 4 - 2 = 2 damage, all prevented
    assert st.hp(1) == 20
    attack = [e for e in st.log(None) if e["kind"] == "attack"][-1]
    assert attack["prevented"] == 2 and attack["damage"] == 0
    sc.act("act", card=sc.id(LANCER, n=1))  # the Keeper is rested: no block question
    assert st.hp(1) == 16  # the shield was used up by the first attack
