"""BATTLE (MY-9): the use step, declaring, blocking, damage and the aftermath, each from an exact situation."""

from __future__ import annotations

from cardtable.games.mythos.testing import A, Scenario, build


def declare(sc: Scenario, defender: int, *monsters: int) -> None:
    """Attack ``defender`` with these monsters (a lone candidate is picked without asking)."""
    sc.act("attack", defender=defender)
    for m in monsters:
        if sc.st.decision is not None and sc.st.decision.kind == "attack_monsters":
            sc.act("pick", card=m)
    if sc.st.decision is not None and sc.st.decision.kind == "attack_monsters":
        sc.act("done")


def test_my_9_3_my_6_8_4_an_attack_reveals_the_monsters_and_unblocked_damage_is_lost() -> None:
    sc = build(players=3, threat=(["Shoggoth", "Ghoul"], [], []), story=(["Arkham Rail Depot"], [], []),
               sanity=(10, 11, 12), at="battle")
    st = sc.st
    d = st.decision
    assert d is not None and d.kind == "declare_attack" and d.player == 0
    assert {o.get("defender") for o in d.options if o.kind == "attack"} == {1, 2}  # MY-11.4: any opponent
    sc.act("attack", defender=2)
    shog = sc.id("Shoggoth")
    sc.act("pick", card=shog)
    sc.act("done")
    assert not st.face_down(shog) and st.view(1)["cards"][str(shog)]["defn"] is not None
    assert st.sanity(2) == 7  # no blockers: the full 5
    assert sc.titles("story:0") == ["Shoggoth", "Arkham Rail Depot"]  # MY-9.7: buried
    assert st.face_down(sc.id("Ghoul")) and sc.zone("threat:0") == [sc.id("Ghoul")]  # unused: stays face down


def test_my_9_3_a_player_without_threat_monsters_declines_automatically() -> None:
    sc = build(players=2, threat=([], ["Ghoul"]), at="battle")
    d = sc.st.decision
    assert d is not None and d.kind == "declare_attack" and d.player == 1


def test_my_9_4_my_9_5_my_9_7_blockers_absorb_in_the_defenders_order() -> None:
    """[S3]'s example: a 1-point blocker against a 5-point monster absorbs 1, the defender loses 4."""
    sc = build(players=2, threat=(["Shoggoth"], ["Nightgaunt"]), allies=([], ["Police Detective"]),
               sanity=(10, 11), at="battle")
    declare(sc, 1, sc.id("Shoggoth"))
    d = sc.st.decision
    assert d is not None and d.kind == "block" and d.player == 1
    sc.act("pick", card=sc.id("Nightgaunt"))  # cosmic battle: a Threat monster blocks first
    sc.act("done")
    st = sc.st
    assert st.sanity(1) == 11 - (5 - 1)
    assert sc.titles("ally:1") == ["Police Detective"]  # did not block
    assert sc.titles("story:1") == ["Nightgaunt"]  # a blocking monster is buried


def test_my_6_4_4_an_ally_that_absorbs_damage_is_buried_with_its_weapon() -> None:
    """MY-5.16: no damage stays on a card; an ally that absorbs any is buried at once."""
    sc = build(players=2, threat=(["Shoggoth"], []), allies=([], ["Police Detective", A("Fire Axe", "Police Detective")]),
               sanity=(10, 11), at="battle")
    declare(sc, 1, sc.id("Shoggoth"))
    sc.act("pick", card=sc.id("Police Detective"))  # the only candidate: the pick is complete
    assert sc.st.sanity(1) == 10  # 5 - 4 absorbed
    assert sc.titles("ally:1") == [] and sc.titles("story:1") == ["Fire Axe", "Police Detective"]


def test_my_6_8_5_my_9_4_invisible_attackers_are_blocked_only_by_enchanted_allies_or_monsters() -> None:
    sc = build(players=2, threat=(["Star Vampire"], ["Ghoul"]),
               allies=([], ["Police Detective", "Dockside Sailor", A("Sacrificial Dagger", "Dockside Sailor")]),
               at="battle")
    declare(sc, 1, sc.id("Star Vampire"))
    d = sc.st.decision
    assert d is not None and d.kind == "block"
    cands = {o.get("card") for o in d.options if o.kind == "pick"}
    assert cands == {sc.id("Dockside Sailor"), sc.id("Ghoul")}
    assert sc.refuse("pick", card=sc.id("Police Detective")).rule == "MY-6.8.5"  # the specific rule, not MY-9.4


def test_my_6_6_5_an_enchanted_ally_joins_the_attack_and_is_buried_after() -> None:
    sc = build(players=2, threat=(["Ghoul"], []), allies=(["Dockside Sailor", A("Sacrificial Dagger", "Dockside Sailor")], []),
               sanity=(10, 11), at="battle")
    declare(sc, 1, sc.id("Ghoul"))
    d = sc.st.decision
    assert d is not None and d.kind == "attack_allies"
    sc.act("pick", card=sc.id("Dockside Sailor"))
    assert sc.st.sanity(1) == 11 - 2 - 3  # Ghoul 2, sailor 2 + dagger 1
    # each burial goes to the bottom: the Ghoul first, then the ally, then its weapon (MY-3.4)
    assert sc.titles("story:0") == ["Sacrificial Dagger", "Dockside Sailor", "Ghoul"]


def test_my_9_3_my_9_8_attacks_one_at_a_time_and_the_game_ends_mid_battle() -> None:
    sc = build(players=3, threat=(["Shoggoth"], ["Shoggoth"], []), sanity=(3, 10, 9), at="battle")
    declare(sc, 2, sc.id("Shoggoth", "threat:0"))
    assert sc.st.sanity(2) == 4 and sc.st.decision is not None and sc.st.decision.player == 1
    declare(sc, 0, sc.id("Shoggoth", "threat:1"))
    assert sc.st.is_terminal and sc.st.sanity(0) == 0


def test_my_9_9_my_11_4_a_defender_can_be_attacked_twice_but_each_blocker_blocks_once() -> None:
    sc = build(players=3, threat=(["Ghoul"], [], ["Ghoul"]), allies=([], ["Police Detective"], []),
               sanity=(10, 11, 12), at="battle")
    declare(sc, 1, sc.id("Ghoul", "threat:0"))
    sc.act("pick", card=sc.id("Police Detective"))  # the only candidate: the pick is complete
    assert sc.titles("ally:1") == [] and sc.st.sanity(1) == 11  # it absorbed 2 (>= 1): buried (MY-9.7)
    declare(sc, 1, sc.id("Ghoul", "threat:2"))
    assert sc.st.sanity(1) == 9  # nobody left to block


def test_my_9_2_my_6_12_7_spells_are_cast_free_in_the_use_step() -> None:
    sc = build(players=2, items=(["Book of Eibon", A("Call Forth the Hungry", "Book of Eibon")], []),
               sanity=(10, 11), at="battle")
    d = sc.st.decision
    assert d is not None and d.kind == "battle_use"
    sc.act("cast", card=sc.id("Call Forth the Hungry"))
    assert sc.st.sanity(0) == 9 and sc.st.sanity(1) == 9  # the investigator's cast: yellow -1, opponent -2
    assert sc.st.vars["round"] == 3  # no turn was used: the battle went on; the spell is ready again (MY-5.13)
    assert not sc.st.face_down(sc.id("Call Forth the Hungry"))


def test_my_9_11_my_12_6_prevented_damage_is_used_up_and_lasts_the_round() -> None:
    sc = build(players=2, hands=([], ["Sheltering Circle"]), threat=(["Shoggoth"], []), sanity=(10, 11), active=1)
    sc.act("play", card=sc.id("Sheltering Circle"))
    sc.act("pass")
    sc.act("pass")
    declare(sc, 1, sc.id("Shoggoth"))
    assert sc.st.sanity(1) == 11 - (5 - 3)
    assert not [e for e in sc.st.lasting if e[0] == "prevent_damage"]  # used up


def test_my_9_11_a_player_who_cannot_be_attacked_is_no_defender() -> None:
    sc = build(players=3, hands=([], ["Barred Doors"], []), threat=(["Ghoul"], [], []), active=1)
    sc.act("play", card=sc.id("Barred Doors"))
    for _ in range(2):
        sc.act("pass")
    d = sc.st.decision
    assert d is not None and d.kind == "declare_attack"
    assert {o.get("defender") for o in d.options if o.kind == "attack"} == {2}
    assert sc.refuse("attack", defender=1).rule == "MY-9.11"  # the specific rule, not MY-9.3


def test_my_5_1_skip_battle_keeps_god_ageing() -> None:
    sc = build(players=2, hands=(["Dead Calm"], []), threat=([], ["Ghoul"]), gods=(["Father Dagon Rising"], []),
               story=(["Innsmouth Wharf"], []), sanity=(10, 11))
    sc.act("play", card=sc.id("Dead Calm"))
    sc.act("pass")
    sc.act("pass")
    st = sc.st
    assert "battle_skipped" in [e.kind for e in st.events] and st.sanity(0) == 10  # no attack
    assert st.crosswise(sc.id("Father Dagon Rising"))


def test_my_9_9_a_blocker_that_took_part_in_an_attack_cannot_block_another_in_the_same_battle() -> None:
    """MY-9.9: the Police Detective blocks seat 0's Ghoul behind the Dockside Sailor, who absorbs all of it,
    so the Detective absorbs nothing and stays in play (MY-9.7); when seat 2's Ghoul attacks the same
    defender, the Detective is not offered as a blocker and picking it is refused with MY-9.9."""
    sc = build(players=3, threat=(["Ghoul"], ["Nightgaunt"], ["Ghoul"]),
               allies=([], ["Dockside Sailor", "Police Detective"], []), sanity=(10, 11, 12), at="battle")
    detective = sc.id("Police Detective")
    declare(sc, 1, sc.id("Ghoul", "threat:0"))
    sc.act("pick", card=sc.id("Dockside Sailor"))
    sc.act("pick", card=detective)
    sc.act("done")
    assert sc.titles("ally:1") == ["Police Detective"] and sc.st.sanity(1) == 11
    sc.act("decline")  # seat 1 (its Nightgaunt) attacks nobody
    declare(sc, 1, sc.id("Ghoul", "threat:2"))
    d = sc.st.decision
    assert d is not None and d.kind == "block" and d.player == 1
    assert {o.get("card") for o in d.options if o.kind == "pick"} == {sc.id("Nightgaunt")}
    err = sc.refuse("pick", card=detective)
    assert err.rule == "MY-9.9" and "already took part" in err.message
