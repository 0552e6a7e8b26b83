"""Committing and resolving stories (CC-8.3–8.19, CC-7.23 Fast/Willpower/Invulnerability, CC-11.4–11.5)."""

from __future__ import annotations

from cardtable.games.call_of_cthulhu.rules import strength, struggle_count, struggle_winner
from cardtable.games.call_of_cthulhu.testing import Card, build

BELL = "The Drowned Bell of Innsmouth"  # slot 0 by default: one struggle of each type
PATROL, DOG, ACOLYTE = "Harbor Patrolman", "Stray Dog", "Yellow-Robed Acolyte"
BOUNCER, OCCULT, MERCER = "Speakeasy Bouncer", "Travelling Occultist", "Inspector Hale Mercer"


def at_story(ap: list[Card | str], nap: list[Card | str], slot: int = 0, **kw: object):  # type: ignore[no-untyped-def]
    return build(at=f"resolve:{slot}", play=(ap, nap), **kw)  # type: ignore[arg-type]


def test_cc_8_3_attackers_commit_to_any_story_and_exhaust() -> None:
    """CC-8.3 / CC-8.6: ready non-insane characters, one story each, any story; each exhausts (CC-3.11)."""
    sc = build(at="attack", play=([PATROL, DOG, Card(BOUNCER, exhausted=True), Card(OCCULT, insane=True)], [DOG]))
    st = sc.st
    cards = {o.get("card") for o in st.legal_actions() if o.kind == "commit"}
    assert cards == {sc.id(PATROL), sc.id(DOG, "play:0")}
    sc.commit((sc.id(PATROL), 1), (sc.id(DOG, "play:0"), 1))
    sc.pass_until("commit_defend")
    assert st.committed_slot(sc.id(PATROL)) == 1 == st.committed_slot(sc.id(DOG, "play:0"))
    assert st.exhausted(sc.id(PATROL)) and st.exhausted(sc.id(DOG, "play:0"))


def test_cc_8_5_defenders_only_where_the_attacker_has_a_character() -> None:
    """CC-8.5: the NAP's ready characters, each to a story with an attacker; each exhausts; CC-3.16."""
    sc = build(at="defend", play=([Card(PATROL, exhausted=True, story=2)], [DOG, PATROL]))
    st = sc.st
    assert st.decision is not None and st.decision.kind == "commit_defend" and st.decision.player == 1
    assert {o.get("story") for o in st.legal_actions() if o.kind == "commit"} == {2}
    sc.commit((sc.id(PATROL, "play:1"), 2))
    success = [e for e in st.log(None) if e["kind"] == "determine_success"]
    assert success and success[0]["defender"] == 1, "the Patrolman defended the Coast Road"


def test_cc_8_10_the_ap_chooses_the_order_of_stories_with_committed_characters() -> None:
    """CC-8.10: each story with a committed character is handled once, in the AP's order."""
    sc = build(at="resolve", play=([Card(DOG, exhausted=True, story=0), Card(PATROL, exhausted=True, story=2)], []))
    st = sc.st
    assert st.decision is not None and st.decision.kind == "next_story" and st.decision.player == 0
    assert [o.get("label") for o in st.legal_actions()] == [BELL, "The Coast Road at Midnight"]
    sc.act("choose", index=1)
    assert st.vars["tokens"][4] == 2, "Coast Road resolved first (success + unchallenged)"
    assert st.vars["tokens"][0] == 1, "then the only one left, without asking (Dog: investigation only)"


def test_cc_8_11_a_story_without_attackers_does_not_resolve() -> None:
    """CC-8.11: the AP has nobody there: the NAP's characters are uncommitted, no struggle, no token."""
    sc = at_story([], [Card(PATROL, exhausted=True, story=0)])
    st = sc.st
    assert st.committed_slot(sc.id(PATROL)) is None and st.vars["tokens"] == [0] * 6
    assert not any(e["kind"] == "struggle" for e in st.log(None))


def test_cc_8_12_higher_strength_wins_zero_never_wins_ties_have_no_winner() -> None:
    """CC-8.12: strength = committed icons; 0 never wins; a tie > 0 without one Fast side: no winner."""
    sc = build(at="resolve:0", play=([Card(PATROL, story=0, exhausted=True)], [Card("Hired Muscle", story=0, exhausted=True)]),
               run=False)
    st = sc.st
    assert strength(st, 0, 0, 1) == 1 == strength(st, 0, 1, 1)
    assert struggle_winner(st, 0, 1) is None, "1 v 1 combat, no Fast: nobody wins"
    assert struggle_winner(st, 0, 0) is None, "0 v 0 terror"
    assert struggle_winner(st, 0, 3) is None


def test_cc_8_12_fast_wins_a_tie() -> None:
    """CC-8.12 / CC-7.23 Fast: on equal strength > 0 the only side with a Fast character wins."""
    sc = at_story([Card(PATROL, story=0, exhausted=True)], [Card(BOUNCER, story=0, exhausted=True)])
    st = sc.st
    assert st.committed_slot(sc.id(PATROL)) is None or True
    wounded = [e for e in st.log(None) if e["kind"] == "wounded"]
    assert wounded and wounded[0]["title"] == PATROL, "the NAP's Fast Bouncer won combat: Patrolman wounded"
    assert sc.id(PATROL) in st.table.cards("discard:0"), "durability 1: destroyed (CC-9.4)"


def test_cc_8_14_terror_loser_sends_a_character_without_terror_icons_insane() -> None:
    """CC-8.14: the loser's committed character with no Terror icon and no Willpower goes insane (CC-9.1)."""
    sc = at_story([Card(ACOLYTE, story=0, exhausted=True)],
                  [Card(PATROL, story=0, exhausted=True), Card("Night Librarian", story=0, exhausted=True)])
    st = sc.st
    patrol = sc.id(PATROL)
    assert st.insane(patrol), "the only legal victim (Night Librarian has Willpower) went insane without a choice"
    assert st.committed_slot(patrol) is None and not st.exhausted(patrol)
    assert not st.insane(sc.id("Night Librarian"))


def test_cc_8_15_combat_loser_wounds_one_character_and_invulnerable_ones_are_not_chosen() -> None:
    """CC-8.15 / CC-7.23 Invulnerability: the loser wounds one committed character that lacks it."""
    sc = at_story([Card("Hired Gun From Chicago", story=0, exhausted=True), Card(BOUNCER, story=0, exhausted=True)],
                  [Card("Star-Spawn Colossus", story=0, exhausted=True)])
    st = sc.st
    # combat 2 v 2, AP's Bouncer is Fast: AP wins; the Colossus is the NAP's only character and invulnerable
    assert st.wounds(sc.id("Star-Spawn Colossus")) == 0
    assert sc.id("Star-Spawn Colossus") in st.table.cards("play:1")


def test_cc_8_16_arcane_winner_may_ready_one_exhausted_character_which_stays_committed() -> None:
    """CC-8.16 and CC-3.11: the Arcane winner may ready one of his exhausted characters there; CC-3.16."""
    sc = at_story([Card(OCCULT, story=0, exhausted=True)], [])
    st = sc.st
    occ = sc.id(OCCULT)
    assert st.decision is not None and st.decision.kind == "arcane_ready"
    assert {o.kind for o in st.legal_actions()} == {"pick", "done"}, "optional"
    sc.act("pick", card=occ)
    assert not st.exhausted(occ)
    assert st.vars["tokens"][0] == 3, "CC-8.17 investigation + CC-8.18 success + unchallenged"
    assert st.committed_slot(occ) is None and not st.exhausted(occ), "CC-8.19: uncommitted, stays ready"


def test_cc_8_17_the_defender_can_take_the_investigation_token() -> None:
    """CC-8.17: the Investigation winner, attacker or defender, places a token on his side."""
    sc = at_story([Card(PATROL, story=0, exhausted=True)], [Card(DOG, story=0, exhausted=True)])
    st = sc.st
    # combat: AP wins, Dog wounded and destroyed before investigation; rebuild with a Terror-proof, tough defender
    sc = at_story([Card(ACOLYTE, story=0, exhausted=True)], [Card(OCCULT, story=0, exhausted=True)])
    st = sc.st
    # terror: AP 1 v 0 → Occultist insane; so use a story without Terror: the Coast Road (slot 2)
    sc = at_story([Card(ACOLYTE, story=2, exhausted=True)], [Card(OCCULT, story=2, exhausted=True)], slot=2)
    st = sc.st
    if st.decision is not None and st.decision.kind == "arcane_ready":
        sc.act("done")
    assert st.vars["tokens"][4:6] == [0, 1], "the defender won Investigation; the AP tied skill 1 v 1: no success"


def test_cc_8_18_determine_success_and_unchallenged() -> None:
    """CC-8.18: Sa ≥ 1 and Sa > Sd: 1 token; Sd = 0 too: 1 more; the NAP never gains here."""
    sc = at_story([Card(MERCER, story=2, exhausted=True)], [Card(DOG, story=2, exhausted=True)], slot=2)
    st = sc.st
    # Coast Road: combat x2 (Mercer 1 v 0: Dog wounded, destroyed), arcane none, investigation x2 (Mercer booster)
    assert st.vars["tokens"][4:6] == [4, 0], "2 investigation tokens + success + unchallenged (Dog gone: Sd = 0)"
    sc = at_story([Card(DOG, story=0, exhausted=True)], [Card(PATROL, story=0, exhausted=True)])
    st = sc.st
    assert st.vars["tokens"][0:2] == [0, 0], "Sa 0: no success; the NAP's higher skill gives him nothing"


def test_cc_8_13_boosters_add_struggles_and_cc_11_5_they_add_no_strength() -> None:
    """CC-8.13: struggles = story icons + boosters of committed characters, of supports on the story and on
    them (D-24); CC-11.5: boosters never add strength."""
    sc = build(at="ops", play=([Card(MERCER, story=0, exhausted=True), Card("Motor Car", host=0),
                                Card("Armored Car", host="row:0")], []), run=False)
    st = sc.st
    assert [struggle_count(st, 0, k) for k in range(4)] == [1, 2, 1, 3]
    assert strength(st, 0, 0, 3) == 2, "Mercer's investigation strength is his 2 icons"


def test_cc_8_19_everyone_is_uncommitted_after_the_story() -> None:
    """CC-8.19: after Determine Success all committed characters are uncommitted, keeping exhausted state."""
    sc = at_story([Card(DOG, story=0, exhausted=True)], [Card(DOG, story=0, exhausted=True)])
    st = sc.st
    for i in (sc.id(DOG, "play:0"), sc.id(DOG, "play:1")):
        assert st.committed_slot(i) is None
    assert st.exhausted(sc.id(DOG, "play:0")), "the AP's (the NAP's readied in his own refresh since)"
