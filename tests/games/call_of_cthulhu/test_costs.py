"""Resources and costs (CC-6, CC-3.15, CC-11.3): one undrained domain pays, with match, Loyal, Steadfast, Transient."""

from __future__ import annotations

import pytest

from cardtable.core import Action
from cardtable.games.call_of_cthulhu.state import CocState
from cardtable.games.call_of_cthulhu.testing import build

PATROL, DOG, MUSCLE = "Harbor Patrolman", "Stray Dog", "Hired Muscle"  # agency 1; neutral 0; neutral 2
MERCER = "Inspector Hale Mercer"  # agency 4, Loyal, unique
COLOSSUS = "Star-Spawn Colossus"  # cthulhu 6, Steadfast 3
RAIDER = "Deep One Raider"  # cthulhu 2
SAPLING = "Dark Young Sapling"  # shub-niggurath, Transient (two resource icons)
GUN = "Hired Gun From Chicago"  # syndicate 2, Transient


def play(sc, title: str) -> None:  # type: ignore[no-untyped-def]
    sc.act("play", card=sc.id(title, "hand:0"))


def test_cc_6_1_and_6_2_resource_count_and_faction_card_count() -> None:
    """CC-6.1 one icon per card (a neutral card gives a neutral one); CC-6.2 a Transient card gives 2 icons, 1 card."""
    sc = build(domains=(([PATROL, DOG, SAPLING], [], []), ((), (), ())))
    st = sc.st
    assert st.resource_count(0, 0) == 4
    assert st.faction_cards(0, 0, "agency") == 1 and st.faction_cards(0, 0, "shub_niggurath") == 1
    assert st.faction_cards(0, 0, "neutral") == 1


def test_cc_6_3_one_domain_pays_and_is_drained() -> None:
    """CC-6.3: a domain with enough resources and a match pays the whole cost and is drained."""
    sc = build(hands=([PATROL], []), domains=(([DOG], [PATROL], []), ((), (), ())))
    play(sc, PATROL)
    assert sc.st.vars["drained"][:3] == [0, 1, 0], "only domain 2 has an agency resource (match)"
    assert sc.id(PATROL, "hand:0") in sc.st.table.cards("play:0")


def test_cc_6_3_a_domain_that_can_pay_is_asked_for_when_there_are_several() -> None:
    """CC-6.3: the player chooses the paying domain among those that qualify."""
    sc = build(hands=([PATROL], []), domains=(([PATROL], [PATROL, DOG], []), ((), (), ())))
    play(sc, PATROL)
    assert sc.st.decision is not None and sc.st.decision.kind == "pay" and len(sc.st.legal_actions()) == 2
    sc.act("choose", index=1)
    assert sc.st.vars["drained"][:3] == [0, 1, 0]


@pytest.mark.parametrize("domains, why", [
    (([PATROL], [PATROL], []), "domains are never combined: 1 + 1 cannot pay 2"),
    (([DOG, DOG, DOG], [], []), "no resource of the card's faction (b)"),
])
def test_cc_6_3_refused_without_count_or_match(domains: tuple[list[str], ...], why: str) -> None:
    """CC-6.3 (a) one domain's count ≥ cost; (b) resource match for a faction card."""
    sc = build(hands=([RAIDER if "faction" in why else "Hired Gun From Chicago"], []),
               domains=(domains, ((), (), ())))
    card = sc.st.table.cards("hand:0")[0]
    assert not [o for o in sc.st.legal_actions() if o.kind == "play"], why
    err = sc.refuse(Action(0, "play", (("card", card),)))
    assert err.rule == "CC-6.3", why


def test_cc_11_3_neutral_cards_need_no_match_and_neutral_resources_match_nothing() -> None:
    """CC-6.3 (b) / CC-11.3: a neutral card pays from neutral resources; a neutral resource never matches a faction."""
    sc = build(hands=([MUSCLE, PATROL], []), domains=(([DOG, DOG], [], []), ((), (), ())))
    kinds = {sc.st.card(o.get("card")).title for o in sc.st.legal_actions() if o.kind == "play"}
    assert kinds == {MUSCLE}
    play(sc, MUSCLE)
    assert sc.st.drained(0, 0)


def test_cc_3_15_drained_domains_cannot_pay() -> None:
    """CC-3.15: only undrained domains pay."""
    sc = build(hands=([PATROL], []), domains=(([PATROL], [], []), ((), (), ())), drained=([0], []))
    err = sc.refuse(Action(0, "play", (("card", sc.id(PATROL, "hand:0")),)))
    assert err.rule == "CC-6.3"


def test_cc_6_4_cost_zero_needs_no_domain() -> None:
    """CC-6.4: a 0-cost card is played with every domain drained, and drains nothing."""
    sc = build(hands=([DOG], []), domains=(([PATROL], [PATROL], [PATROL]), ((), (), ())), drained=([0, 1, 2], []))
    play(sc, DOG)
    assert sc.id(DOG, "hand:0") in sc.st.table.cards("play:0") and sc.st.vars["drained"][:3] == [1, 1, 1]


def test_cc_6_5_the_overpaid_amount_is_recorded_on_the_play_event(monkeypatch: pytest.MonkeyPatch) -> None:
    """CC-6.5: resources beyond the cost are lost; the play event carries the overpaid amount."""
    seen: list[dict[str, object]] = []
    real = CocState.perform

    def spy(self: CocState, kind: str, data: dict[str, object]) -> None:
        if kind == "card_played":
            seen.append(dict(data))
        real(self, kind, data)

    monkeypatch.setattr(CocState, "perform", spy)
    sc = build(hands=([PATROL], []), domains=(([PATROL, DOG, DOG], [], []), ((), (), ())))
    play(sc, PATROL)
    assert seen and seen[0]["overpaid"] == 2 and sc.st.drained(0, 0)
    played = [e for e in sc.st.log(1) if e["kind"] == "played"]  # the logged play event, as the opponent sees it
    assert played and played[-1]["cost"] == 1 and played[-1]["overpaid"] == 2


def test_cc_6_7_loyal_needs_as_many_faction_cards_as_the_cost_in_the_paying_domain() -> None:
    """CC-6.7: Loyal cost 4 needs 4 agency resource cards in the one domain (3 + a neutral is not enough)."""
    sc = build(hands=([MERCER], []), domains=(([PATROL, PATROL, PATROL, DOG], [PATROL], []), ((), (), ())))
    err = sc.refuse(Action(0, "play", (("card", sc.id(MERCER, "hand:0")),)))
    assert err.rule == "CC-6.7"
    sc = build(hands=([MERCER], []), domains=(([PATROL, PATROL, PATROL, PATROL], [], []), ((), (), ())))
    play(sc, MERCER)
    assert sc.st.table.zone_name(sc.id(MERCER, "hand:0")) == "play:0"


def test_cc_6_13_transient_counts_one_for_loyal() -> None:
    """CC-6.13: two Transient cards give 4 icons but only 2 faction cards, too few for a Loyal cost of 4."""
    sc = build(hands=(["Goat-Horned Matron"], []), domains=(([SAPLING, SAPLING], [], []), ((), (), ())))
    assert sc.st.resource_count(0, 0) == 4
    err = sc.refuse(Action(0, "play", (("card", sc.id("Goat-Horned Matron", "hand:0")),)))
    assert err.rule == "CC-6.7"


def test_cc_6_8_steadfast_counts_faction_resource_cards_over_all_domains() -> None:
    """CC-6.8: Steadfast 3 needs 3 cthulhu resource cards in total (any domains), checked before paying."""
    six = [RAIDER, RAIDER, DOG, DOG, DOG, DOG]
    sc = build(hands=([COLOSSUS], []), domains=((six, [], []), ((), (), ())))
    err = sc.refuse(Action(0, "play", (("card", sc.id(COLOSSUS, "hand:0")),)))
    assert err.rule == "CC-6.8"
    sc = build(hands=([COLOSSUS], []), domains=((six, [RAIDER], []), ((), (), ())))
    play(sc, COLOSSUS)
    assert sc.st.vars["drained"][:3] == [1, 0, 0]


def test_cc_6_8_transient_counts_one_for_steadfast() -> None:
    """CC-6.8 / CC-6.13: two Transient shub-niggurath cards count 2 toward Steadfast 3, not 4."""
    sc = build(hands=(["The Mother in the Grove"], []), domains=(([SAPLING, SAPLING, DOG, DOG], [], []), ((), (), ())))
    err = sc.refuse(Action(0, "play", (("card", sc.id("The Mother in the Grove", "hand:0")),)))
    assert err.rule == "CC-6.8"


def test_cc_6_13_transient_counts_two_and_is_discarded_when_its_domain_drains() -> None:
    """CC-6.13: a Transient card pays 2 alone; once its domain is drained it goes to its owner's discard pile."""
    sc = build(hands=([GUN], []), domains=(([GUN], [], []), ((), (), ())))
    res = sc.id(GUN, "res:0:0")
    play(sc, GUN)
    assert sc.st.drained(0, 0) and sc.st.table.cards("res:0:0") == []
    assert res in sc.st.table.cards("discard:0")


def test_cc_6_14_the_nap_never_plays_characters_and_the_ap_only_in_operations() -> None:
    """CC-6.14: characters and supports: only the AP, only in W-OPS."""
    sc = build(hands=([PATROL], [PATROL]), domains=(([PATROL], [], []), ([PATROL], [], [])))
    st = sc.st
    err = st.play_refusal(1, sc.id(PATROL, "hand:1"))
    assert err is not None and err.rule == "CC-6.14"
    sc = build(at="w_refresh", hands=([PATROL], []), domains=(([PATROL], [], []), ((), (), ())))
    err = sc.st.play_refusal(0, sc.id(PATROL, "hand:0"))
    assert err is not None and err.rule == "CC-6.14"


def test_cc_7_31_a_support_enters_play_ready_and_cc_3_10_so_does_a_character() -> None:
    """CC-7.31 / CC-3.10: cards enter play ready (no summoning sickness)."""
    sc = build(hands=(["Armored Car", PATROL], []), domains=(([PATROL, PATROL, PATROL], [PATROL], []), ((), (), ())))
    play(sc, "Armored Car")
    sc.pass_until("attach_host") if sc.st.decision.kind != "attach_host" else None
    sc.act("pick", card=sc.st.story_at(1))
    sc.pass_until("window:ops")
    play(sc, PATROL)
    car, patrol = sc.id("Armored Car", "hand:0"), sc.id(PATROL, "hand:0")
    assert sc.st.table.host[car] == sc.st.story_at(1)
    assert not sc.st.exhausted(car) and not sc.st.exhausted(patrol)
