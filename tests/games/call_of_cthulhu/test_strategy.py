"""The heuristic's decisions for the cards it used to leave unplayed (issue 25, "Every card played").

Each test builds the situation from a snapshot (``testing.build``), asks the policy
(``strategy.choose_action``) with the seat's own view, and checks the choice and the reason for it:
a domain built towards an expensive card (CC-6.3, CC-6.7), the smallest domain drained (CC-6.5),
an event held back when it would hurt its player, targets taken for the effect's sake, an
interrupt from hand used when it answers (CC-12).
"""

from __future__ import annotations

from typing import Any

from cardtable.core import Action, Rng
from cardtable.games.call_of_cthulhu.strategy import choose_action
from cardtable.games.call_of_cthulhu.testing import Card, Scenario, build

AGENCY = "Harbor Patrolman"
MISKATONIC = "Graduate Archivist"
HASTUR = "Yellow-Robed Acolyte"
CTHULHU = "Drowned Cultist"


def choice(sc: Scenario) -> Action:
    """What the heuristic chooses at the open decision, seeing only its seat's view; the same whatever
    its random generator holds (a choice made for a reason, not by chance)."""
    d = sc.st.decision
    assert d is not None
    chosen = {choose_action(sc.st.view(d.player), d, Rng(seed)) for seed in range(8)}
    assert len(chosen) == 1, f"the choice depends on chance: {sorted(map(str, chosen))}"
    return chosen.pop()


def title(sc: Scenario, i: Any) -> str:
    return sc.st.card(i).title


def test_cc_6_7_resources_build_the_domain_a_loyal_character_in_hand_needs() -> None:
    """CC-6.3/CC-6.7: spread evenly, three domains never pay for a Loyal 4-cost character (Inspector Hale
    Mercer needs 4 Agency resources in one domain). Holding him, the heuristic keeps him and adds an
    Agency card to the domain with the most Agency resources; without him it fills the smallest domain."""
    domains = (([AGENCY, AGENCY], [MISKATONIC], [MISKATONIC]), ((), (), ()))
    sc = build(hands=(["Inspector Hale Mercer", AGENCY, MISKATONIC, "Stray Dog"], []), domains=domains,
               at="resource")
    a = choice(sc)
    assert a.kind == "resource" and title(sc, a.get("card")) == AGENCY and a.get("domain") == 0

    sc = build(hands=(["Stray Dog", AGENCY, MISKATONIC, "Stray Dog"], []), domains=domains, at="resource")
    a = choice(sc)
    assert a.kind == "resource" and a.get("domain") in (1, 2), "no goal: the smallest domain grows"


def test_cc_6_5_a_cheap_card_drains_the_smallest_domain_that_pays() -> None:
    """CC-6.3/CC-6.5: a 1-cost character could drain either domain; the tall one is kept for the
    expensive card it was built for, so the heuristic drains the one with a single resource."""
    sc = build(hands=([AGENCY], []), domains=(([AGENCY, AGENCY, AGENCY], [AGENCY], []), ((), (), ())), at="ops")
    sc.act("play", card=sc.id(AGENCY, zone="hand:0"))
    d = sc.st.decision
    assert d is not None and d.kind == "pay"
    assert "domain 2" in str(choice(sc).get("label"))


def test_cc_12_the_tide_swallows_the_pier_is_played_only_when_the_opponent_loses_more() -> None:
    """The Tide Swallows the Pier destroys every uncommitted character with skill 1 or lower, both
    players'. The heuristic plays it against a board of small characters, not against its own."""
    tide = (([CTHULHU] * 4, [], []), ((), (), ()))
    small = ["Grove Celebrant", "Feral Devotee", "Dark Young Sapling"]
    sc = build(hands=(["The Tide Swallows the Pier"], []), domains=tide, play=(["Star-Spawn Colossus"], small),
               at="ops")
    a = choice(sc)
    assert a.kind == "play" and title(sc, a.get("card")) == "The Tide Swallows the Pier"

    sc = build(hands=(["The Tide Swallows the Pier"], []), domains=tide, play=(small, ["Star-Spawn Colossus"]),
               at="ops")
    assert any(o.kind == "play" for o in sc.st.decision.options), "the rules allow it"
    assert choice(sc).kind == "pass", "it would destroy the heuristic's own characters"


def test_cc_12_a_verse_best_left_unread_waits_for_an_opposing_target() -> None:
    """A Verse Best Left Unread drives a committed character without Terror icons insane, whoever
    controls it. With only its own character to take, the heuristic holds it; with an opponent's
    committed character it plays it."""
    domains = (([HASTUR, HASTUR], [], []), ((), (), ()))
    sc = build(hands=(["A Verse Best Left Unread"], []), domains=domains,
               play=([Card(AGENCY, story=0)], [Card(MISKATONIC, story=0)]), at="w_defend")
    assert choice(sc).kind == "play"

    sc = build(hands=(["A Verse Best Left Unread"], []), domains=domains,
               play=([Card(AGENCY, story=0)], [MISKATONIC]), at="w_defend")
    assert any(o.kind == "play" for o in sc.st.decision.options), "the rules allow it (its own character)"
    assert choice(sc).kind == "pass"


def test_cc_12_a_harmful_effect_takes_the_opponents_card() -> None:
    """Spheres Converge shuffles a character with cost 2 or lower into its owner's deck: both players
    have one; the heuristic sends away the opponent's."""
    sc = build(hands=(["Spheres Converge"], []), domains=((["Keyholder Initiate"] * 2, [], []), ((), (), ())),
               play=([MISKATONIC], [AGENCY]), at="ops")
    sc.act("play", card=sc.id("Spheres Converge", zone="hand:0"))
    d = sc.st.decision
    assert d is not None and d.kind == "target_card"
    assert sc.st.table.ctrl[choice(sc).get("card")] == 1


def test_cc_12_a_sacrifice_gives_up_the_least_valuable_character() -> None:
    """Blood Offering's cost sacrifices a character: the heuristic gives up its Stray Dog, not the
    Goat-Horned Matron."""
    sc = build(hands=(["Blood Offering"], []), play=(["Goat-Horned Matron", "Stray Dog"], []), at="ops")
    sc.act("play", card=sc.id("Blood Offering", zone="hand:0"))
    d = sc.st.decision
    assert d is not None and d.kind.startswith("cost_")
    assert title(sc, choice(sc).get("card")) == "Stray Dog"


def test_cc_12_lost_in_carcosa_answers_the_opponents_restore_from_hand() -> None:
    """Lost in Carcosa (an interrupt event) cancels the restoring of an opponent's character; offered
    in the interrupt window of the opponent's restore (CC-5.10), the heuristic uses it."""
    sc = build(hands=(["Lost in Carcosa"], []), domains=(([HASTUR, HASTUR], [], []), ([AGENCY], [], [])),
               play=([], [Card(AGENCY, insane=True)]), active=1, at="restore")
    d = sc.st.decision
    assert d is not None and d.kind == "window:interrupt" and d.player == 0
    a = choice(sc)
    assert a.kind == "use" and title(sc, a.get("card")) == "Lost in Carcosa"


def test_cc_6_3_pulled_from_the_wreck_is_kept_while_an_agency_character_is_in_play() -> None:
    """Pulled From the Wreck (core v2) answers only an Agency character's destruction: with one in play
    the heuristic keeps it and turns a character into a resource (CC-6.3); with only a Miskatonic
    character out it is the resource."""
    hand = ["Pulled From the Wreck", MISKATONIC, MISKATONIC]
    domains = (([AGENCY], [MISKATONIC], [MISKATONIC]), ((), (), ()))
    for agent in ("Inspector Hale Mercer", AGENCY):
        sc = build(hands=(hand, []), domains=domains, play=([agent], []), at="resource")
        assert title(sc, choice(sc).get("card")) == MISKATONIC, agent

    sc = build(hands=(hand, []), domains=domains, play=([MISKATONIC], []), at="resource")
    assert title(sc, choice(sc).get("card")) == "Pulled From the Wreck"


SYNDICATE = "Speakeasy Bouncer"


def test_cc_5_10_protection_racket_drains_in_the_opponents_turn_his_largest_domain() -> None:
    """CC-5.10: a player refreshes his drained domains at the start of his turn, so a domain drained in
    one's own turn is refreshed before the opponent ever misses it. The heuristic holds Protection
    Racket in its own operations and plays it in the opponent's draw phase, on his largest domain."""
    domains = (([SYNDICATE, SYNDICATE], [], []), ([AGENCY], [AGENCY, AGENCY, AGENCY], [AGENCY]))
    sc = build(hands=(["Protection Racket"], []), domains=domains, at="ops")
    assert any(o.kind == "play" for o in sc.st.decision.options), "the rules allow it now"
    assert choice(sc).kind == "pass"

    sc = build(hands=(["Protection Racket"], []), domains=domains, active=1, at="w_draw")
    a = choice(sc)
    assert a.kind == "play"
    sc.act("play", card=a.get("card"))
    d = sc.st.decision
    assert d is not None and d.kind == "target_domain"
    assert choice(sc).get("label") == "domain 2 of seat 1"


def test_cc_12_cooked_books_waits_for_three_syndicate_characters() -> None:
    """Cooked Books puts a success token only if its player controls 3 or more Syndicate characters;
    with two it would do nothing, so the heuristic holds it; with three it plays it."""
    domains = (([SYNDICATE, SYNDICATE], [], []), ((), (), ()))
    two = [Card(SYNDICATE, story=0), "Mob Enforcer"]
    sc = build(hands=(["Cooked Books"], []), domains=domains, play=(two, [Card(AGENCY, story=0)]), at="w_defend")
    assert any(o.kind == "play" for o in sc.st.decision.options), "the rules allow it (and it would do nothing)"
    assert choice(sc).kind == "pass"

    sc = build(hands=(["Cooked Books"], []), domains=domains, play=([*two, SYNDICATE], [Card(AGENCY, story=0)]),
               at="w_defend")
    assert choice(sc).kind == "play"


def test_cc_12_pull_of_the_deep_is_aimed_where_the_players_terror_icons_are_committed() -> None:
    """Pull of the Deep makes Terror icons count as Combat at one story until the end of the phase:
    the heuristic plays it once defenders are declared, at the story where its own committed Terror
    icons outnumber the opponent's."""
    domains = (([CTHULHU, CTHULHU], [], []), ((), (), ()))
    play = ([Card(CTHULHU, story=0), Card(CTHULHU, story=2)], [Card(AGENCY, story=0), Card(HASTUR, story=2)])
    sc = build(hands=(["Pull of the Deep"], []), domains=domains, play=play, at="w_defend")
    a = choice(sc)
    assert a.kind == "play"
    sc.act("play", card=a.get("card"))
    d = sc.st.decision
    assert d is not None and d.kind == "target_story"
    assert choice(sc).get("card") == sc.st.story_at(0)


def test_cc_8_15_combat_wound_goes_to_a_character_that_survives_it() -> None:
    """CC-8.15/CC-3.14: the loser of a Combat struggle wounds one of his committed characters. A Stubborn
    Dockhand (Toughness +1) takes the wound and stays in play; the heuristic gives it the wound rather
    than lose its Stray Dog, although the dog is worth less."""
    sc = build(play=([Card("Bureau Marksman", story=0)], [Card("Stubborn Dockhand", story=0), Card("Stray Dog", story=0)]),
               at="resolve:0")
    d = sc.st.decision
    assert d is not None and d.kind == "combat_victim" and d.player == 1
    assert title(sc, choice(sc).get("card")) == "Stubborn Dockhand"


def test_cc_3_12_professor_of_dead_tongues_restores_an_insane_character_first() -> None:
    """CC-3.12/CC-9.3: an insane character neither commits nor counts; Professor of Dead Tongues
    restores one for exhausting himself. With an insane Graduate Archivist the heuristic uses him
    before playing a card from hand; with nobody insane it does not."""
    domains = (([AGENCY], [], []), ((), (), ()))
    sc = build(hands=([AGENCY], []), domains=domains,
               play=(["Professor of Dead Tongues", Card(MISKATONIC, insane=True)], []), at="ops")
    a = choice(sc)
    assert a.kind == "use" and title(sc, a.get("card")) == "Professor of Dead Tongues"

    sc = build(hands=([AGENCY], []), domains=domains, play=(["Professor of Dead Tongues", MISKATONIC], []), at="ops")
    assert choice(sc).kind == "play"
