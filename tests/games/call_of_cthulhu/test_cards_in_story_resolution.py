"""Cards whose reactions answer events of story resolution, played for real (CC-5.6, CC-5.6.1, CC-5.6.2).

``test_card_abilities.py`` triggers each ability in isolation; here the story is resolved by the rules,
the event is queued, and the reaction is offered at the start of W-STORY-END, when every character has
been uncommitted (CC-8.19) — so "at the story it is committed to" and "committed to that story" must be
judged on what was true when the event occurred (D-CT-23).
"""

from __future__ import annotations

from typing import Any

from cardtable.games.call_of_cthulhu.testing import Card, build

OBSERVATORY = 1  # slot of The Silent Observatory in the default row: Terror 1, Combat 0, Arcane 2, Investigation 1


def offered(sc: Any) -> set[int]:
    d = sc.st.decision
    assert d is not None and d.kind == "window:reaction", f"no reaction offered: {d}"
    return {o.get("card") for o in d.options if o.kind == "use"}


def finish_picks(sc: Any, card: int) -> None:
    """Answer a target pick with ``card`` if one is asked (a single legal target is chosen for the player)."""
    d = sc.st.decision
    if d is not None and d.kind in ("pick", "target_card"):
        sc.act("pick", card=card)


def test_CT04_tidal_horror_destroys_the_enemy_it_wounded_at_its_story() -> None:
    """CT04 Tidal Horror: its Combat win wounds Hired Muscle (Toughness +1, survives; an Elder Sign Amulet
    gives it Willpower, so the Terror loss cannot send it insane); at W-STORY-END the Horror's reaction
    destroys that wounded character committed to the story."""
    sc = build(at="resolve:0", play=([Card("Tidal Horror", exhausted=True, story=0)],
                                     [Card("Hired Muscle", exhausted=True, story=0), Card("Elder Sign Amulet", host=0)]))
    horror, mercer = sc.id("Tidal Horror"), sc.id("Hired Muscle")
    assert sc.st.wounds(mercer) == 1 and horror in offered(sc)
    sc.act("use", card=horror)
    finish_picks(sc, mercer)
    assert sc.st.table.zone_name(mercer) == "discard:1"


def test_HA03_playwright_of_carcosa_drives_insane_another_enemy_of_its_story() -> None:
    """HA03 Playwright of Carcosa wins the Observatory's Terror struggle: the loser sends one character
    insane; the Playwright's reaction then drives the other one (committed there, no Willpower) insane."""
    sc = build(at=f"resolve:{OBSERVATORY}", play=([Card("Playwright of Carcosa", exhausted=True, story=OBSERVATORY)],
                                                  [Card("Hired Muscle", exhausted=True, story=OBSERVATORY),
                                                   Card("Harbor Patrolman", exhausted=True, story=OBSERVATORY)]))
    st = sc.st
    muscle, patrol = sc.id("Hired Muscle"), sc.id("Harbor Patrolman")
    assert st.decision is not None and st.decision.kind == "terror_victim" and st.decision.player == 1
    sc.act("pick", card=muscle)
    while st.decision is not None and st.decision.kind == "arcane_ready":
        sc.act("done")
    assert sc.id("Playwright of Carcosa") in offered(sc)
    sc.act("use", card=sc.id("Playwright of Carcosa"))
    finish_picks(sc, patrol)
    assert st.insane(muscle) and st.insane(patrol)


def test_YS05_mnemonic_leech_mills_after_an_arcane_win_at_its_story() -> None:
    """YS05 Mnemonic Leech wins two Arcane struggles at the Observatory (queued twice); its reaction
    makes the opponent discard the top 2 cards of his deck."""
    sc = build(at=f"resolve:{OBSERVATORY}", play=([Card("Mnemonic Leech", exhausted=True, story=OBSERVATORY)], []))
    st = sc.st
    while st.decision is not None and st.decision.kind == "arcane_ready":
        sc.act("done")
    leech = sc.id("Mnemonic Leech")
    assert leech in offered(sc)
    sc.act("use", card=leech)
    assert len(st.table.cards("discard:1")) == 2


def test_SY03_mob_enforcer_exhausts_a_ready_enemy_after_its_combat_win() -> None:
    """SY03 Mob Enforcer wins the Drowned Bell's Combat struggle; its reaction exhausts a ready character
    of the opponent (one that stayed home)."""
    sc = build(at="resolve:0", play=([Card("Mob Enforcer", exhausted=True, story=0)], ["Stray Dog"]),
               hands=(["Lucky Break"], []))  # an action in hand: W-STORY-END then waits for him
    st = sc.st
    enforcer, dog = sc.id("Mob Enforcer"), sc.id("Stray Dog")
    assert enforcer in offered(sc)
    sc.act("use", card=enforcer)
    finish_picks(sc, dog)
    assert st.exhausted(dog)


def test_CT01_deep_one_raider_readies_after_losing_terror_at_its_story() -> None:
    """CT01 Deep One Raider (the NAP's, defending) loses the Terror struggle to the Playwright; at
    W-STORY-END its reaction readies it (it was exhausted when it defended)."""
    sc = build(at=f"resolve:{OBSERVATORY}", play=([Card("Playwright of Carcosa", exhausted=True, story=OBSERVATORY)],
                                                  [Card("Deep One Raider", exhausted=True, story=OBSERVATORY)]))
    st = sc.st
    while st.decision is not None and st.decision.kind == "arcane_ready":
        sc.act("done")
    raider = sc.id("Deep One Raider")
    # the AP's Playwright reaction comes first (AP first); he passes, then the NAP's Raider
    while st.decision is not None and st.decision.kind == "window:reaction" and st.decision.player == 0:
        sc.act("pass")
    assert raider in offered(sc)
    sc.act("use", card=raider)
    assert not st.exhausted(raider) and not st.insane(raider)


def test_YS09_timeless_librarian_tops_the_deck_after_its_story_resolves() -> None:
    """YS09 The Timeless Librarian: after the story it was committed to resolves, put a card from your
    discard pile on top of your deck."""
    sc = build(at=f"resolve:{OBSERVATORY}", play=([Card("The Timeless Librarian", exhausted=True, story=OBSERVATORY)], []),
               discard=(["Hired Muscle"], []))
    st = sc.st
    while st.decision is not None and st.decision.kind == "arcane_ready":
        sc.act("done")
    lib = sc.id("The Timeless Librarian")
    while lib not in offered(sc):
        sc.act("pass")
    sc.act("use", card=lib)
    finish_picks(sc, sc.id("Hired Muscle"))
    assert st.table.cards("deck:0")[-1] == sc.id("Hired Muscle")


def test_NE02_travelling_occultist_draws_after_winning_a_story_during_resolution() -> None:
    """NE02 Travelling Occultist: the story is won by its fifth token during resolution; the queued
    story_won is answered at W-STORY-END with one draw."""
    sc = build(at="resolve:0", tokens={0: (4, 0)}, play=([Card("Travelling Occultist", exhausted=True, story=0)], []))
    st = sc.st
    while st.decision is not None and st.decision.kind == "arcane_ready":
        sc.act("done")
    occ = sc.id("Travelling Occultist")
    assert len(st.table.cards("won:0")) == 1
    hand = len(st.table.cards("hand:0"))
    while occ not in offered(sc):
        sc.act("pass")
    sc.act("use", card=occ)
    assert len(st.table.cards("hand:0")) == hand + 1
