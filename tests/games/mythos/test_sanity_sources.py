"""Where a Sanity loss comes from, and the shields that take only some sources (MY-7.3, MY-7.5, MY-12.5
``PREVENT_SANITY_LOSS(p, source_filter, n|all)``; D-MY-102, D-MY-103).

Each test builds the situation, lets the losses happen and asserts the Sanity that is left, the shields
still in force and the log line naming what was prevented. The cards are those of
``cards/vocabulary_effects.yaml``: Circle of Salt (opponents' Monsters), Well-Kept Catalogue
(library-out) and Hardened to Omens (Events); Iron Resolve is the unfiltered shield of D-MY-152.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardtable.core.errors import CardDataError
from cardtable.games.mythos.catalog import build_pool
from cardtable.games.mythos.primitives import source_matches
from cardtable.games.mythos.rules import EFFECT, MODIFIER
from cardtable.games.mythos.schema import LossSource, PreventSanityLoss
from cardtable.games.mythos.testing import FILLER, A, Scenario, build


def play(sc: Scenario, title: str, zone: str | None = None, n: int = 0) -> None:
    sc.act("play", card=sc.id(title, zone, n))


def shields(sc: Scenario, p: int) -> list[Any]:
    """The amounts of the PREVENT_SANITY_LOSS shields on seat ``p`` (an int, or (k, amount) if filtered)."""
    return [e[2] for e in sc.st.lasting if e[0] == "prevent_sanity_loss" and e[1] == f"p{p}"]


def prevented(sc: Scenario) -> list[dict[str, object]]:
    """The ``loss_prevented`` entries of seat 1's log (what a seat that is not the shielded one sees)."""
    return [{k: v for k, v in e.items() if k != "kind"} for e in sc.st.log(1) if e["kind"] == "loss_prevented"]


def reboot_with_empty_deck(shield: str) -> Scenario:
    """Seat 0 holds ``shield`` and System Reboot (sanity modifier -1, draw 3) over an empty deck with two
    cards in the discard pile: the play is one atomic effect with two losses of 1 — the Event's modifier
    and one library-out (MY-1.3a, MY-7.6); the third draw finds both piles empty and stops (D38)."""
    sc = build(hands=([shield, "System Reboot"], [FILLER]), decks=([], [FILLER] * 5),
               discard=([FILLER, FILLER], []), sanity=(10, 10))
    play(sc, shield)
    sc.act("pass")  # seat 1
    return sc


def test_MYV_E61_a_library_out_shield_takes_the_reshuffle_not_the_modifier_of_the_same_play_my_7_5() -> None:
    """Well-Kept Catalogue (PREVENT_SANITY_LOSS all, source cause library_out): in one atomic effect the
    library-out's 1 is prevented and System Reboot's modifier of 1 is lost (MY-7.5, MY-12.5); the shield
    (all) stays in force. The log names the cause and no card, since no card caused it (D-MY-102)."""
    sc = reboot_with_empty_deck("Well-Kept Catalogue")
    play(sc, "System Reboot")
    assert any(e["kind"] == "library_out" for e in sc.st.log(1))
    assert sc.st.sanity(0) == 9
    assert prevented(sc) == [{"player": 0, "n": 1, "cause": "library_out"}]
    assert len(shields(sc, 0)) == 1


def test_MYV_E62_a_card_filter_never_takes_a_library_out_even_inside_a_matching_card_my_7_5() -> None:
    """Hardened to Omens (source type event, n 2): System Reboot's own modifier is an Event's loss and is
    prevented, but the library-out its draw caused belongs to the play (MY-1.3a) while its source is the
    rule (MY-7.3, MY-7.6), so the card filter does not take it (D-MY-102). One of the 2 is left."""
    sc = reboot_with_empty_deck("Hardened to Omens")
    play(sc, "System Reboot")
    assert sc.st.sanity(0) == 9
    assert prevented(sc) == [{"player": 0, "n": 1, "cause": "modifier", "card": sc.id("System Reboot")}]
    [(_k, left)] = shields(sc, 0)
    assert left == 1


def test_MYV_E58_an_unfiltered_shield_takes_every_source_as_before_my_7_5() -> None:
    """Iron Resolve (no source filter, n 2, D-MY-152): the same play costs nothing — the modifier and the
    library-out are both prevented, in the order they happened — and the shield is used up. Its lasting
    entry is a plain amount, as before this filter existed."""
    sc = build(hands=(["Iron Resolve", "System Reboot"], [FILLER]), decks=([], [FILLER] * 5),
               discard=([FILLER, FILLER], []), sanity=(10, 10))
    play(sc, "Iron Resolve")
    assert shields(sc, 0) == [2]
    sc.act("pass")
    play(sc, "System Reboot")
    assert sc.st.sanity(0) == 10
    assert [e["cause"] for e in prevented(sc)] == ["modifier", "library_out"]
    assert shields(sc, 0) == []


def to_attack(sc: Scenario) -> None:
    """Pass card play and the battle use step up to seat 0's attack declaration (MY-9.1–MY-9.3)."""
    while sc.st.decision is not None and sc.st.decision.kind != "declare_attack":
        sc.act("pass")


def ghoul_and_sailor_attack(shield: str) -> Scenario:
    """Seat 1 (Sanity 11) plays ``shield``; then seat 0 attacks it with a Ghoul (2) from the Threat and
    Dockside Sailor with Sacrificial Dagger (3), the enchanted ally joining the attack (MY-9.3c)."""
    sc = build(hands=([FILLER], [shield, FILLER]), threat=(["Ghoul"], []),
               allies=(["Dockside Sailor", A("Sacrificial Dagger", "Dockside Sailor")], []), sanity=(10, 11),
               active=1)
    play(sc, shield)
    to_attack(sc)
    sc.act("attack", defender=1)
    if sc.st.decision is not None and sc.st.decision.kind == "attack_monsters":
        sc.act("done")
    sc.act("pick", card=sc.id("Dockside Sailor"))
    return sc


def test_MYV_E60_battle_damage_is_taken_part_by_part_by_attacker_my_9_6_my_7_5() -> None:
    """Circle of Salt (source type monster, owner opponent, n 3) on seat 1. Seat 0 attacks with a Ghoul (2)
    and Dockside Sailor with Sacrificial Dagger (3): one change of 5 (MY-9.6) whose parts have each
    attacker as source (D-MY-103). The Ghoul's 2 are prevented and the ally's 3 are lost."""
    sc = ghoul_and_sailor_attack(shield="Circle of Salt")
    assert sc.st.sanity(1) == 11 - 3
    assert prevented(sc) == [{"player": 1, "n": 2, "cause": "battle", "card": sc.id("Ghoul")}]
    assert any(e["kind"] == "attack_resolved" and e["damage"] == 5 for e in sc.st.log(1))


def test_MYV_E58_an_unfiltered_shield_takes_battle_damage_as_before_my_7_5() -> None:
    """Iron Resolve (n 2, no filter) on seat 1 takes 2 of the same attack's 5, whatever its attackers."""
    sc = ghoul_and_sailor_attack(shield="Iron Resolve")
    assert sc.st.sanity(1) == 11 - 3 and shields(sc, 1) == []


def test_MYV_E62_a_filtered_shield_is_used_up_across_two_effects_my_7_5() -> None:
    """Hardened to Omens (Events, n 2) on seat 0: the first Shantak Shriek (an Event: each player loses 1)
    costs seat 0 nothing, the second nothing either, and the shield is gone; a third Event's loss lands in
    full (MY-7.5: used up by what it prevents). Seat 1's own losses are never shielded."""
    sc = build(hands=(["Hardened to Omens", FILLER, FILLER], ["Shantak Shriek"] * 3), sanity=(5, 10))
    play(sc, "Hardened to Omens")
    play(sc, "Shantak Shriek", "hand:1", 0)
    assert (sc.st.sanity(0), sc.st.sanity(1)) == (5, 9)
    play(sc, FILLER, "hand:0", 0)  # Restful Sleep: gain 2 (a turn of seat 0's that is no Pass)
    play(sc, "Shantak Shriek", "hand:1", 1)
    assert (sc.st.sanity(0), sc.st.sanity(1)) == (7, 8) and shields(sc, 0) == []
    play(sc, FILLER, "hand:0", 1)
    play(sc, "Shantak Shriek", "hand:1", 2)
    assert (sc.st.sanity(0), sc.st.sanity(1)) == (8, 7)
    assert [e["n"] for e in prevented(sc)] == [1, 1]


def test_MYV_E60_a_shield_against_opponents_monsters_ignores_an_opponents_event_my_7_5() -> None:
    """Circle of Salt (opponents' Monsters) does not take the loss of an opponent's Event (Shantak Shriek),
    while Hardened to Omens, granted later, does: a non-matching older shield is passed over and the
    younger matching one is used (MY-7.5, oldest matching shield first, D-MY-102)."""
    sc = build(hands=(["Circle of Salt", "Hardened to Omens", FILLER], ["Shantak Shriek", FILLER]),
               sanity=(10, 10))
    play(sc, "Circle of Salt")
    sc.act("pass")
    play(sc, "Hardened to Omens")
    play(sc, "Shantak Shriek", "hand:1")
    assert sc.st.sanity(0) == 10
    amounts = [s[1] for s in shields(sc, 0)]
    assert amounts == [3, 1]  # Circle of Salt untouched, Hardened to Omens spent 1


def test_a_loss_decided_after_a_question_keeps_its_card_as_source_my_12_5() -> None:
    """Cruel Dilemma (seat 1's Event; seat 0 chooses): the loss comes from the answer, after the effect
    frame waited for it, and is still the Event's, so Hardened to Omens takes it (MY-1.3a, D-MY-102)."""
    sc = build(hands=(["Hardened to Omens", FILLER], ["Cruel Dilemma", FILLER]), sanity=(10, 10))
    play(sc, "Hardened to Omens")
    play(sc, "Cruel Dilemma", "hand:1")
    assert sc.st.decision is not None and sc.st.decision.kind == "effect_choose"
    sc.act("choose", index=0, label="They lose 2 Sanity")
    assert sc.st.sanity(0) == 10
    assert prevented(sc) == [{"player": 0, "n": 2, "cause": "effect", "card": sc.id("Cruel Dilemma")}]


def test_a_hidden_source_is_matched_only_by_where_it_lies_d_my_140() -> None:
    """A face-down Threat card caused a loss: a source filter may read its owner and that it is a Monster
    (MY-3.6), not its title — the shield's outcome is public and must not tell what the card is. Once its
    face is shown, the title matches (D-MY-102)."""
    sc = build(threat=(["Ghoul"], []))
    st, ghoul = sc.st, sc.id("Ghoul")
    code = ghoul << 3 | EFFECT
    assert source_matches(st, 1, code, LossSource(type="monster", owner="opponent"))
    assert not source_matches(st, 1, code, LossSource(owner="self"))
    assert not source_matches(st, 1, code, LossSource(title="Ghoul"))
    assert not source_matches(st, 1, code, LossSource(type="monster", cause="modifier"))
    st.table.reveal_to_all(ghoul)
    assert source_matches(st, 1, code, LossSource(title="Ghoul", cause=["effect", "modifier"]))
    assert source_matches(st, 1, -1 << 3 | MODIFIER, LossSource(cause="modifier"))  # a rule's loss: causes only
    assert not source_matches(st, 1, -1 << 3 | MODIFIER, LossSource(cause="modifier", owner="opponent"))


HEAD = "set: test\nversion: 1\nregions: [Lovecraft Country]\nlanguages: [English]\nspell_icons: []\ncards:\n"
SHIELD = "  - {{id: T-E1, title: Test Ward, type: event, effects: [{{do: [{{op: prevent_sanity_loss, source: {src}}}]}}]}}\n"


def _error(tmp_path: Path, src: str) -> str:
    path = tmp_path / "set.yaml"
    path.write_text(HEAD + SHIELD.format(src=src), encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        build_pool([path])
    return str(err.value)


@pytest.mark.parametrize("src, words", [
    ("{}", "names no key"),
    ("{cause: library_out, type: event}", "library_out has no source card"),
    ("{cause: libary_out}", "cause"),
    ("{typ: event}", "unknown key"),
    ("{cause: []}", "lists no cause"),
    ("monster", "source"),
])
def test_a_malformed_source_filter_is_refused_at_load_naming_file_card_and_field_my_12_5(
        tmp_path: Path, src: str, words: str) -> None:
    """MY-12.10 / MY-12.5: a source filter the rules could not read is refused when its file loads, and the
    error names the file, the card and the field."""
    msg = _error(tmp_path, src)
    assert "set.yaml" in msg and "T-E1" in msg and "source" in msg and words in msg, msg


def test_a_well_formed_source_filter_loads(tmp_path: Path) -> None:
    """The same card with a valid filter loads, so the refusals above are about the filter alone."""
    path = tmp_path / "set.yaml"
    path.write_text(HEAD + SHIELD.format(src="{cause: [battle, effect], owner: opponent}"), encoding="utf-8")
    pool = build_pool([path])
    prim = pool[pool.index("Test Ward")].effects[0].do[0]
    assert isinstance(prim, PreventSanityLoss) and prim.source == LossSource(cause=["battle", "effect"], owner="opponent")


def test_MYV_E66_a_loss_recorded_before_a_question_keeps_its_source_through_the_pause_my_7_5() -> None:
    """Costly Insight (lose 1 Sanity, then SEARCH the deck): the loss is recorded, then the effect pauses
    for the search (D-MY-141) with its batch; answered, the batch is committed as one change (MY-1.3a) and
    Hardened to Omens (source type event) still knows the loss came from Costly Insight and prevents it
    (MY-7.5, MY-12.5, D-MY-102)."""
    sc = build(hands=(["Hardened to Omens", "Costly Insight"], [FILLER]), decks=([FILLER, "Shoggoth", FILLER], [FILLER] * 5),
               sanity=(10, 10))
    play(sc, "Hardened to Omens")
    sc.act("pass")  # seat 1
    play(sc, "Costly Insight")
    assert sc.st.decision is not None and sc.st.decision.kind == "effect_search"
    assert sc.st.sanity(0) == 10 and prevented(sc) == []  # nothing is committed while the effect waits
    sc.act("pick", card=sc.id("Shoggoth", "deck:0"))
    if sc.st.decision is not None and sc.st.decision.kind == "effect_search":
        sc.act("done")
    assert sc.st.sanity(0) == 10
    assert prevented(sc) == [{"player": 0, "n": 1, "cause": "effect", "card": sc.id("Costly Insight")}]
    [(_k, left)] = shields(sc, 0)
    assert left == 1


def test_without_the_shield_the_paused_loss_is_lost_my_7_5() -> None:
    """The same play with no shield: the 1 Sanity of Costly Insight is lost when the search is answered
    (the control for the test above)."""
    sc = build(hands=(["Costly Insight"], [FILLER]), decks=([FILLER, "Shoggoth", FILLER], [FILLER] * 5), sanity=(10, 10))
    play(sc, "Costly Insight")
    sc.act("pick", card=sc.id("Shoggoth", "deck:0"))
    if sc.st.decision is not None and sc.st.decision.kind == "effect_search":
        sc.act("done")
    assert sc.st.sanity(0) == 9
