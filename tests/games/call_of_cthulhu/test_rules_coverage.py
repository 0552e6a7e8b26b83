"""Scenario tests for the spec rules that had none: rounds, concede, zones and visibility, timing
(windows, queued reactions, last-known information), costs, card types, cancel (CC-1 … CC-12).

Each test lays out the exact table with ``testing.build``, acts, and checks the outcome; refusals
check that the error names the rule and that the state did not change.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import cardtable
from cardtable.core import Action, SetupError
from cardtable.engine import add_lasting
from cardtable.games.call_of_cthulhu import DEFINITION as G
from cardtable.games.call_of_cthulhu.testing import Card, build

DOG, MUSCLE, PATROL = "Stray Dog", "Hired Muscle", "Harbor Patrolman"
AGENCY3 = ([PATROL] * 3, [PATROL], [])  # seat's domains: 3 agency resources, 1, none


def kinds(sc: Any) -> list[str]:
    return [o.kind for o in sc.st.legal_actions()]


def log_kinds(st: Any, seat: int | None = None) -> list[str]:
    return [e["kind"] for e in st.log(seat)]


# ---- CC-1: rounds, concede, table size ----------------------------------------------------------------


def test_cc_1_5_1_each_player_draws_in_one_round_so_both_decks_empty_together_is_a_draw() -> None:
    """CC-1.5.1 / CC-9.7 / CC-1.6.3: "each player draws 1" (ST04 The Silent Observatory's win effect) is one
    round, one atomic step: both last cards leave together, so the deck-out check sees both decks empty
    and the game is a draw (drawn player by player, the first drawer would have lost alone)."""
    sc = build(at="resolve:1", tokens={1: (4, 0)}, decks=([DOG], [DOG]), play=([Card(DOG, exhausted=True, story=1)], []))
    out = sc.st.outcome
    assert out is not None and out.winners == [] and "CC-1.6.3" in out.reason
    assert len(sc.st.table.cards("hand:0")) == 1 == len(sc.st.table.cards("hand:1"))


def test_cc_1_5_1_a_round_draws_one_card_per_player_per_round() -> None:
    """CC-1.5.1: each round gives every player one card; each player sees only his own card in the log."""
    sc = build(at="resolve:1", tokens={1: (4, 0)}, decks=([DOG, MUSCLE], [PATROL, DOG]),
               play=([Card(DOG, exhausted=True, story=1)], []))
    st = sc.st
    assert st.outcome is None
    assert [st.card(c).title for c in st.table.cards("hand:0")] == [DOG]
    assert [st.card(c).title for c in st.table.cards("hand:1")] == [PATROL]
    drew0 = [e for e in st.log(0) if e["kind"] == "drew"]
    assert [e.get("title") for e in drew0] == [DOG, None]


def test_cc_1_5_1_each_player_mills_in_rounds(monkeypatch: pytest.MonkeyPatch) -> None:
    """CC-1.5.1: a mill of "each player" runs in rounds too (YS05 Mnemonic Leech made to mill each player 2
    for this test: no pool card does): both 2-card decks empty in round 2 together, a draw."""
    k = G.defs.index("Mnemonic Leech")
    tup = list(G.deftuple)
    ab = tup[k].abilities[0]
    tup[k] = dataclasses.replace(tup[k], abilities=(ab.model_copy(update={"effect": ab.effect.model_copy(update={"player": "each"})}),))
    monkeypatch.setattr(G, "deftuple", tuple(tup))
    sc = build(at="resolve:0", decks=([DOG, DOG], [DOG, DOG]), play=([Card("Mnemonic Leech", exhausted=True, story=0)], []))
    st = sc.st
    sc.act("done")  # the Arcane win's optional ready
    assert st.decision is not None and st.decision.kind == "window:reaction"
    sc.act("use", card=sc.id("Mnemonic Leech"))
    out = st.outcome
    assert out is not None and out.winners == [] and "CC-1.6.3" in out.reason
    assert len(st.table.cards("discard:0")) == 2 == len(st.table.cards("discard:1"))


def test_cc_1_7_a_player_may_concede_at_any_time_and_his_opponent_wins() -> None:
    """CC-1.7 / D-CT-25: seat 1 concedes while seat 0 is deciding; seat 0 wins; it is recorded, never
    listed as an option, and nothing is accepted afterwards."""
    sc = build(at="ops", hands=([DOG], [DOG]))
    st = sc.st
    assert st.decision is not None and st.decision.player == 0
    assert "concede" not in kinds(sc)
    st.apply(Action(1, "concede"))
    out = st.outcome
    assert out is not None and out.winners == [0] and "CC-1.7" in out.reason
    assert st.history[-1] == Action(1, "concede") and "conceded" in log_kinds(st)
    with pytest.raises(cardtable.IllegalActionError) as err:
        st.apply(Action(0, "concede"))
    assert err.value.rule == "CORE-2"


def test_cc_1_7_a_concession_replays_from_the_record() -> None:
    """CC-1.7: a record with a concession replays to the same result (the action is in the history)."""
    st = G.new_game(seed=5)
    for _ in range(3):
        st.apply(st.legal_actions()[0])
    st.apply({"player": 0, "kind": "concede"})
    again = cardtable.replay(st.record())
    assert again.outcome is not None and again.outcome.winners == [1] == st.outcome.winners  # type: ignore[union-attr]


def test_cc_1_7_a_malformed_concession_is_refused_and_changes_nothing() -> None:
    """CC-1.7: a concession names only a seat at the table."""
    sc = build(at="ops")
    for bad in (Action(2, "concede"), Action(0, "concede", (("seat", 1),))):
        err = sc.refuse(bad)
        assert err.rule == "CC-1.7"


def test_cc_1_9_three_or_more_players_are_refused() -> None:
    """CC-1.9 / D-CT-26: the multiplayer variant (Appendix A) is not carried out; a 3-player table is refused."""
    with pytest.raises(SetupError):
        G.new_game(seed=1, players=3)


# ---- CC-2: deck components --------------------------------------------------------------------------


def test_cc_2_6_a_deck_with_a_sideboard_is_refused() -> None:
    """CC-2.6: no sideboard: a deck list that brings one is illegal (unknown field)."""
    ready = G.parse_options(1, None)["decks"][0]
    names = [G.defs.defs[k].id for k in ready["cards"]]
    deck = {"name": "Side", "cards": {i: names.count(i) for i in set(names)},
            "domains": [G.defs.defs[k].id for k in ready["domains"]], "sideboard": {"AG01": 1}}
    with pytest.raises(SetupError) as err:
        G.new_game(seed=1, options={"decks": [deck, deck]})
    assert "sideboard" in str(err.value)


# ---- CC-3: zones, visibility, ownership, resources, attachments ------------------------------------------


def test_cc_3_1_domains_are_markers_and_resources_are_out_of_play() -> None:
    """CC-3.1 / D-28: domains are never cards in play (no card stands for them; each player has 3 in the
    view); resources are out of play, so an effect on "a support in play" (NE09 Dynamite Bundle) cannot
    choose a support attached as a resource: with no other target it cannot be played (CC-6.11)."""
    sc = build(at="ops", hands=(["Dynamite Bundle"], []), domains=((["Service Revolver", DOG], [], []), ([], [], [])))
    st = sc.st
    assert [len(d) for d in st.view(1)["info"]["domains"]] == [3, 3]
    assert not any(st.card(c).type == "domain" for c in range(len(st.table.defn)))
    revolver = sc.id("Service Revolver")
    assert not st.table.in_play(revolver)
    err = sc.refuse(Action(0, "play", (("card", sc.id("Dynamite Bundle")),)))
    assert err.rule == "CC-6.11"
    sc = build(at="ops", hands=(["Dynamite Bundle"], []), domains=(([DOG, DOG], [], []), ([], [], [])),
               play=([], ["Evidence Locker"]))
    sc.act("play", card=sc.id("Dynamite Bundle"))  # its only legal target is chosen for it
    assert sc.st.table.zone_name(sc.id("Evidence Locker")) == "discard:1"


def test_cc_3_1_1_hands_are_hidden_counts_public_and_a_look_is_private() -> None:
    """CC-3.1.1: the opponent sees how many cards a hand and a deck hold, never which; resources and cards
    in play are public; YS01 Keyholder Initiate's look at the top 3 is logged for its player only."""
    sc = build(at="ops", hands=(["Keyholder Initiate", MUSCLE], [DOG]), decks=([DOG, MUSCLE, PATROL, DOG], [DOG] * 4),
               domains=((["Keyholder Initiate"], [], []), ([], [], [])), play=([PATROL], []))
    st = sc.st
    v1 = st.view(1)
    assert v1["zones"]["hand:0"] == [None, None] and len(v1["zones"]["deck:0"]) == 4
    assert v1["zones"]["deck:1"] == [None] * 4, "his own deck order is hidden from him too"
    res = v1["zones"]["res:0:0"][0]
    assert v1["cards"][str(res)]["defn"] == G.defs.index("Keyholder Initiate")
    assert str(sc.id(PATROL)) in v1["cards"]
    sc.act("play", card=sc.id("Keyholder Initiate", "hand:0"))
    sc.pass_until("window:reaction")
    sc.act("use", card=sc.id("Keyholder Initiate", "hand:0"))
    top3 = [str(c) for c in st.table.cards("deck:0")[-3:]]
    assert st.decision is not None and st.decision.kind == "reorder_deck"
    assert all(c in st.view(0)["cards"] for c in top3), "the looking player sees the three cards"
    assert not any(c in st.view(1)["cards"] for c in top3) and st.view(1)["decision"] is None


def test_cc_3_4_control_changes_ownership_does_not() -> None:
    """CC-3.4 / CC-3.3: SY07 Alderman on the Take takes control of an opponent's character: its controller
    changes, its owner does not; the Service Revolver attached to it keeps its own controller (and still
    gives its icon); when the character is destroyed it goes to its owner's discard pile."""
    sc = build(at="ops", play=(["Alderman on the Take"], [MUSCLE, Card("Service Revolver", host=0)]),
               domains=((["Speakeasy Bouncer"] * 2, [], []), ([], [], [])), hands=(["Lucky Break"], []))
    st = sc.st
    muscle, revolver = sc.id(MUSCLE), sc.id("Service Revolver")
    sc.act("use", card=sc.id("Alderman on the Take"))  # the only target and the only domain: chosen for him
    assert st.table.ctrl[muscle] == 0 and st.table.owner[muscle] == 1 and st.table.zone_name(muscle) == "play:0"
    assert st.table.ctrl[revolver] == 1 and st.table.host[revolver] == muscle and st.icons(muscle, 1) == 2
    st.table.add_counter(muscle, "wounds", 2)  # durability 2: destroyed at the next state check (CC-9.4)
    sc.act("play", card=sc.id("Lucky Break"))
    if st.decision is not None and st.decision.kind == "choose_one":
        sc.act("choose", index=0)
    assert st.table.zone_name(muscle) == "discard:1" and st.table.zone_name(revolver) == "discard:1"


def test_cc_3_13_and_cc_12_1_a_resource_has_no_text_and_never_triggers() -> None:
    """CC-3.13 / CC-12.1: AG11 Evidence Locker answers an Investigation win while in play; attached as a
    resource it has no text, so nothing is offered."""
    def run(in_play: bool) -> Any:
        return build(at="resolve:0", play=([Card(DOG, exhausted=True, story=0)] + (["Evidence Locker"] if in_play else []), []),
                     domains=(([] if in_play else ["Evidence Locker"], [], []), ([], [], [])))
    sc = run(True)
    assert sc.st.decision is not None and sc.st.decision.kind == "window:reaction"
    assert ("use", sc.id("Evidence Locker")) in [(o.kind, o.get("card")) for o in sc.st.legal_actions()]
    sc = run(False)
    assert not any(o.kind == "use" for o in sc.st.legal_actions())
    assert sc.st.table.zone_name(sc.id("Evidence Locker")) == "res:0:0"


def test_cc_3_17_an_attachment_sits_on_its_host_a_story() -> None:
    """CC-3.17 / CC-7.32: AG09 Armored Car attaches to a story (its host) and lends that story its booster."""
    from cardtable.games.call_of_cthulhu.rules import struggle_count

    sc = build(at="ops", hands=(["Armored Car"], []), domains=(([PATROL] * 3, [], []), ([], [], [])))
    st = sc.st
    before = struggle_count(st, 2, 1)
    sc.act("play", card=sc.id("Armored Car"))
    sc.act("pick", card=st.story_at(2))
    if st.decision is not None and st.decision.kind == "pay":
        sc.act("choose", index=0)
    car = sc.id("Armored Car")
    assert st.table.host[car] == st.story_at(2) and st.table.zone_name(car) == "play:0"
    assert struggle_count(st, 2, 1) == before + 1


# ---- CC-5: timing -----------------------------------------------------------------------------------------


def test_cc_5_4_windows_open_only_at_the_fixed_points_in_order() -> None:
    """CC-5.4: a full turn opens W-REFRESH, W-DRAW, W-RESOURCE, W-OPS, W-ATTACK, W-DEFEND, W-STORY-END,
    W-TURN-END — in that order, and no others."""
    sc = build(at="refresh", hands=([MUSCLE], [MUSCLE]), play=([DOG], [PATROL]))
    st = sc.st
    seen: list[str] = []
    while st.vars["turn"] == 3:
        d = st.decision
        assert d is not None
        if d.kind.startswith("window:"):
            name = d.kind.split(":", 1)[1]
            if not seen or seen[-1] != name:
                seen.append(name)
            sc.act("pass")
        elif d.kind == "resource":
            sc.act("no_resource")
        elif d.kind == "commit_attack":
            sc.commit((sc.id(DOG), 0))
        elif d.kind == "commit_defend":
            sc.act("done")
        else:
            st.apply(d.options[0])
    assert seen == ["refresh", "draw", "resource", "ops", "attack", "defend", "story_end", "turn_end"]


def test_cc_5_5_a_reaction_is_offered_when_its_event_happens_outside_any_window() -> None:
    """CC-5.5: SY02 Rum Warehouse answers the start of the resource phase, before the resource choice and
    outside every action window."""
    sc = build(at="resource", play=(["Rum Warehouse"], []), hands=([DOG, MUSCLE], []))
    st = sc.st
    d = st.decision
    assert d is not None and d.kind == "window:reaction" and d.player == 0
    assert st._window_name() == "reaction" and not any(f.op == "engine.window" and f["name"] != "reaction" for f in st.stack)
    sc.act("use", card=sc.id("Rum Warehouse"))
    assert st.decision is not None and st.decision.kind == "resource"


def _marksman_story(extra_enemy: bool = False) -> Any:
    """AP: AG03 Bureau Marksman (Combat 2) at the Drowned Bell; NAP: Inspector Hale Mercer (Combat 1,
    Toughness +1) there, and maybe an uncommitted Stray Dog."""
    nap: list[Any] = [Card("Inspector Hale Mercer", exhausted=True, story=0)] + ([DOG] if extra_enemy else [])
    return build(at="resolve:0", play=([Card("Bureau Marksman", exhausted=True, story=0)], nap),
                 hands=(["Lucky Break"], []))


def test_cc_5_6_no_action_window_during_story_resolution_reactions_wait_for_w_story_end() -> None:
    """CC-5.6: while the story resolves no action is offered (the action event in hand waits) and the
    Marksman's reaction to its Combat win is queued; it is offered at the start of W-STORY-END."""
    sc = _marksman_story()
    st = sc.st
    won = [e for e in st.log(None) if e["kind"] == "struggle" and e.get("type") == "combat"]
    assert won and won[0]["winner"] == 0
    assert "determine_success" in log_kinds(st), "resolution ran to its end first"
    d = st.decision
    assert d is not None and d.kind == "window:reaction" and d.player == 0
    assert not any(o.kind == "play" for o in st.legal_actions())
    assert st.vars["phase"] == "story" and st.vars["story_phase"] == 0


def test_cc_5_6_1_queued_events_are_offered_in_order_then_w_story_end_is_a_normal_window() -> None:
    """CC-5.6.1: the queued reaction comes first, AP first; after it W-STORY-END is an ordinary window
    where the action event may be played."""
    sc = _marksman_story()
    st = sc.st
    sc.act("use", card=sc.id("Bureau Marksman"))
    if st.decision is not None and st.decision.kind == "pick":
        sc.act("pick", card=sc.id("Inspector Hale Mercer"))
    assert st.decision is not None and st.decision.kind == "window:story_end"
    assert any(o.kind == "play" for o in st.legal_actions())


def test_cc_5_6_2_committed_to_that_story_is_judged_when_the_event_occurred() -> None:
    """CC-5.6.2 / D-CT-23: at W-STORY-END everyone is uncommitted (CC-8.19), yet the Marksman's reaction
    ("a character your opponent has committed to that story") is offered and may choose the character
    that was committed there when the Combat struggle was won — not one that never was."""
    sc = _marksman_story(extra_enemy=True)
    st = sc.st
    mercer = sc.id("Inspector Hale Mercer")
    assert st.committed_slot(mercer) is None and st.wounds(mercer) == 1
    sc.act("use", card=sc.id("Bureau Marksman"))
    d = st.decision
    if d is not None and d.kind == "pick":
        assert {o.get("card") for o in d.options if o.kind == "pick"} == {mercer}
        sc.act("pick", card=mercer)
    assert st.table.zone_name(mercer) == "discard:1", "second wound: durability 2 reached"
    assert st.table.zone_name(sc.id(DOG, "play:1")) == "play:1"


def test_cc_5_6_2_a_queued_reaction_needs_its_source_still_in_play() -> None:
    """CC-5.6.2: a Combat win by the Marksman was queued; at W-STORY-END its reaction is offered while the
    Marksman is in play, and not once it has left play (same queued event, same last-known information)."""
    def queued(marksman_zone: str) -> Any:
        play: list[Any] = ["Bureau Marksman"] if marksman_zone == "play" else []
        sc = build(at="queued", run=False, play=(play, [Card("Inspector Hale Mercer", exhausted=True)]),
                   discard=(["Bureau Marksman"] if marksman_zone == "discard" else [], []))
        st = sc.st
        marksman, mercer = sc.id("Bureau Marksman"), sc.id("Inspector Hale Mercer")
        lki = [[marksman, 0, st.table.counter(marksman, "seq")], [mercer, 0, st.table.counter(mercer, "seq")]]
        st.vars["queued"] = [["struggle_won", [["loser", 1], ["slot", 0], ["strength", 2], ["type", "combat"],
                                               ["winner", 0], ["lki", lki]]]]
        st.start()
        return st
    st = queued("play")
    assert st.decision is not None and st.decision.kind == "window:reaction"
    assert any(o.kind == "use" for o in st.legal_actions())
    st = queued("discard")
    assert st.decision is None or not any(o.kind == "use" for o in st.legal_actions())


def test_cc_5_7_a_player_with_nothing_to_do_passes_automatically() -> None:
    """CC-5.7: with empty hands and nothing to use, W-REFRESH asks nobody; the first question is W-DRAW
    once the active player holds a card."""
    sc = build(at="w_refresh")
    d = sc.st.decision
    assert d is not None and d.kind == "window:draw" and d.player == 0
    assert len(sc.st.table.cards("hand:0")) == 2


# ---- CC-6: costs --------------------------------------------------------------------------------------------


def test_cc_6_6_x_is_named_with_the_costs_and_bounded_by_the_paying_domain(monkeypatch: pytest.MonkeyPatch) -> None:
    """CC-6.6: a card costing X (Harbor Patrolman printed as X for this test) offers every X up to the
    largest undrained domain; X = 0 drains nothing (CC-6.4); X = 2 needs a domain of 2 or more."""
    k = G.defs.index(PATROL)
    tup = list(G.deftuple)
    tup[k] = dataclasses.replace(tup[k], cost=0, cost_is_x=True)
    monkeypatch.setattr(G, "deftuple", tuple(tup))
    sc = build(at="ops", hands=([PATROL, PATROL], []), domains=(([PATROL] * 3, [PATROL], [DOG] * 2), ([], [], [])),
               drained=((0,), ()))
    st = sc.st
    card = sc.id(PATROL, "hand:0")
    xs = sorted(o.get("x") for o in st.legal_actions() if o.kind == "play" and o.get("card") == card)
    assert xs == [0, 1], "domain 1 is drained; domain 2 has 1 agency resource; domain 3 no match"
    sc.act("play", card=card, x=0)
    assert st.vars["drained"][:3] == [1, 0, 0] and st.table.zone_name(card) == "play:0"
    card2 = sc.id(PATROL, "hand:0", 1)
    err = sc.refuse(Action(0, "play", (("card", card2), ("x", 2))))
    assert err.rule == "CC-6.6"  # X = 2 is above what any undrained domain of his holds


def test_cc_6_9_an_ability_pay_cost_needs_no_resource_match() -> None:
    """CC-6.9 / D-10: MU05 Campus Physician's "pay 1" drains a domain holding only a Hastur resource."""
    sc = build(at="ops", play=(["Campus Physician", Card("Riot Squad Veteran", wounds=2)], []),
               domains=((["Yellow-Robed Acolyte"], [], []), ([], [], [])))
    st = sc.st
    sc.act("use", card=sc.id("Campus Physician"))
    while st.decision is not None and st.decision.kind in ("pick", "pay"):
        o = [o for o in st.legal_actions() if o.kind in ("pick", "choose")][0]
        st.apply(o)
    assert st.wounds(sc.id("Riot Squad Veteran")) == 0 and st.vars["drained"][:3] == [1, 0, 0]


def test_cc_6_9_an_ability_pay_cost_needs_a_domain_with_enough_resources() -> None:
    """CC-6.9: with no undrained domain of 1+ resources the ability cannot be used (never offered)."""
    sc = build(at="ops", play=(["Campus Physician", Card("Riot Squad Veteran", wounds=2)], []),
               domains=((["Yellow-Robed Acolyte"], [], []), ([], [], [])), drained=((0,), ()))
    assert not any(o.kind == "use" for o in sc.st.legal_actions())


def test_cc_6_10_reductions_have_a_floor_of_1_and_a_printed_0_is_never_reduced() -> None:
    """CC-6.10 / D-36: MU11 Dean of Antiquities (−1, minimum 1) leaves a 1-cost Miskatonic event at 1,
    a 2-cost one at 1, and MU08 Sudden Insight (printed 0) at 0; an increase adds first."""
    sc = build(run=False, play=(["Dean of Antiquities"], []), hands=(["Return to Reason", "Counter-Incantation", "Sudden Insight"], []))
    st = sc.st
    assert st.actual_cost(sc.id("Return to Reason")) == 1
    assert st.actual_cost(sc.id("Counter-Incantation")) == 1
    assert st.actual_cost(sc.id("Sudden Insight")) == 0


def test_cc_6_11_an_effect_without_enough_legal_targets_cannot_be_started() -> None:
    """CC-6.11: HA04 A Verse Best Left Unread needs a committed character without Terror icons and
    Willpower; with none it is refused naming the rule, and nothing changes. With one, the target is
    chosen before the cost is paid."""
    hastur = (["Yellow-Robed Acolyte"] * 2, [], [])
    sc = build(at="w_attack", hands=(["A Verse Best Left Unread"], []), domains=(hastur, ([], [], [])),
               play=([Card("Yellow-Robed Acolyte", exhausted=True, story=0)], [Card("Night Librarian", exhausted=True, story=0)]))
    err = sc.refuse(Action(0, "play", (("card", sc.id("A Verse Best Left Unread")),)))
    assert err.rule == "CC-6.11"
    sc = build(at="w_attack", hands=(["A Verse Best Left Unread"], []), domains=(hastur, ([], [], [])),
               play=([Card(DOG, exhausted=True, story=0)], [Card(MUSCLE, exhausted=True, story=0)]))
    st = sc.st
    sc.act("play", card=sc.id("A Verse Best Left Unread"))
    assert st.decision is not None and st.decision.kind == "target_card" and st.vars["drained"][:3] == [0, 0, 0]
    sc.act("pick", card=sc.id(MUSCLE))
    if st.decision is not None and st.decision.kind == "pay":
        sc.act("choose", index=0)
    went = [e["card"] for e in st.log(None) if e["kind"] == "insane"]
    assert went == [sc.id(MUSCLE)] and [e["player"] for e in st.log(None) if e["kind"] == "drained"][:1] == [0]


def test_cc_6_12_cc_7_41_and_cc_12_3_2_a_cancelled_event_keeps_its_cost_paid_and_is_discarded() -> None:
    """CC-12.3.2 / CC-6.12 / CC-7.41: MU09 Counter-Incantation cancels HA05 Hollow Gaze: the Gaze does
    nothing, nothing answers its play, it goes to its owner's discard pile and its domain stays drained;
    the Counter-Incantation (an event) goes to its owner's discard pile too."""
    sc = build(at="ops", active=1, play=([MUSCLE], []), hands=(["Counter-Incantation"], ["Hollow Gaze"]),
               domains=((["Graduate Archivist"] * 2, [], []), (["Yellow-Robed Acolyte"] * 2, [], [])))
    st = sc.st
    gaze, counter = sc.id("Hollow Gaze"), sc.id("Counter-Incantation")
    sc.act("play", card=gaze)
    if st.decision is not None and st.decision.kind == "pick":
        sc.act("pick", card=sc.id(MUSCLE))
    if st.decision is not None and st.decision.kind == "pay":
        sc.act("choose", index=0)
    assert st.vars["drained"][3] == 1
    sc.act("use", card=counter)
    if st.decision is not None and st.decision.kind == "pay":
        sc.act("choose", index=0)
    assert st.skill(sc.id(MUSCLE)) == 1, "the Gaze's effect never happened"
    assert st.table.zone_name(gaze) == "discard:1" and st.table.zone_name(counter) == "discard:0"
    drains = [e["player"] for e in st.log(None) if e["kind"] == "drained"]
    assert drains == [1, 0] and st.vars["drained"][3] == 1, "both costs paid; the Gaze's is not refunded"
    assert "cancelled" in log_kinds(st)


def test_cc_6_15_put_into_play_ignores_costs_but_not_uniqueness() -> None:
    """CC-6.15: SN03 Litter of the Black Goat puts a Shub character into play although every other domain
    is drained (no cost, no match); a unique character already in play is not offered."""
    sc = build(at="ops", hands=(["Litter of the Black Goat", "Dark Young Sapling"], []),
               domains=((["Grove Celebrant"] * 2, [PATROL], []), ([], [], [])), drained=((1,), ()))
    st = sc.st
    sc.act("play", card=sc.id("Litter of the Black Goat"))
    while st.decision is not None and st.decision.kind in ("pay", "hidden_pick", "pick"):
        if st.decision.kind == "pay":
            sc.act("choose", index=0)
        else:
            sc.act("pick", card=sc.id("Dark Young Sapling"))
    assert st.table.zone_name(sc.id("Dark Young Sapling")) == "play:0"
    assert st.vars["drained"][:3] == [1, 1, 0], "only the Litter's own cost was paid"


# ---- CC-7: card types -------------------------------------------------------------------------------------


def test_cc_7_2_a_story_fights_each_type_as_often_as_its_icons_and_never_a_type_it_lacks() -> None:
    """CC-7.2: The Silent Observatory (slot 1) shows Terror 1, Combat 0, Arcane 2, Investigation 1: a
    Combat-only attacker fights no Combat struggle there, and two Arcane struggles are fought."""
    sc = build(at="resolve:1", play=([Card(MUSCLE, exhausted=True, story=1), Card("Keyholder Initiate", story=1)], []))
    st = sc.st
    while st.decision is not None and st.decision.kind == "arcane_ready":
        sc.act("done")
    fought = [e["type"] for e in st.log(None) if e["kind"] == "struggle"]
    assert fought == ["terror", "arcane", "arcane", "investigation"]


def test_cc_7_3_win_effects_are_mandatory_unless_they_say_may_and_story_passives_work_in_the_row() -> None:
    """CC-7.3: ST01 The Drowned Bell's win effect (draw 2) just happens; ST02 Ashes of the Witch House
    ("may") asks its winner; ST06 The Hungry Orchard's passive works while it is in the row."""
    sc = build(at="refresh", tokens={0: (5, 0)}, decks=([DOG] * 6, [DOG] * 6))
    assert sc.st.outcome is None and len(sc.st.table.cards("hand:0")) >= 2
    assert not any(e["kind"] == "yesno" for e in sc.st.log(None))
    sc = build(at="draw", row=("Ashes of the Witch House", "The Silent Observatory", "The Coast Road at Midnight"),
               tokens={0: (5, 0)}, play=([Card(DOG, insane=True), Card(PATROL, insane=True)], []), run=True)
    d = sc.st.decision
    assert d is not None and d.kind == "win_effect" and d.player == 0
    sc = build(run=False, row=("The Hungry Orchard", "The Silent Observatory", "The Coast Road at Midnight"),
               play=([Card(DOG, story=0), Card(DOG, story=1)], []))
    assert sc.st.skill(sc.id(DOG)) == 1 and sc.st.skill(sc.id(DOG, n=1)) == 0


def test_cc_7_10_domains_stay_three_markers_through_a_game() -> None:
    """CC-7.10: every player has 3 domains from setup to the end (none destroyed or moved)."""
    st = G.new_game(seed=11)
    for _ in range(400):
        if st.is_terminal:
            break
        assert [len(d) for d in st.view(None)["info"]["domains"]] == [3, 3]
        st.apply(st.legal_actions()[-1])
    assert [len(d) for d in st.view(None)["info"]["domains"]] == [3, 3]


def test_cc_7_21_effective_skill_and_icons_never_go_below_zero() -> None:
    """CC-7.21: printed value + every lasting modifier; a negative sum counts as 0."""
    sc = build(run=False, play=([MUSCLE], []))
    st = sc.st
    m = sc.id(MUSCLE)
    add_lasting(st, "skill", m, -3, "end_of_turn")
    add_lasting(st, "icon:combat", m, -2, "end_of_turn")
    assert st.skill(m) == 0 and st.icons(m, 1) == 0
    add_lasting(st, "skill", m, 4, "end_of_turn")
    assert st.skill(m) == 2, "modifiers add up, order irrelevant (1 − 3 + 4)"


def test_cc_7_34_a_support_exhausts_for_its_ability_and_readies_in_its_refresh() -> None:
    """CC-7.34: NE06 First Aid Kit exhausts to heal; it stays exhausted through the opponent's turn and is
    readied in its controller's refresh phase."""
    sc = build(at="ops", play=(["First Aid Kit", Card(MUSCLE, wounds=1)], []))
    st = sc.st
    kit = sc.id("First Aid Kit")
    sc.act("use", card=kit)
    if st.decision is not None and st.decision.kind == "pick":
        sc.act("pick", card=sc.id(MUSCLE))
    assert st.exhausted(kit) and st.wounds(sc.id(MUSCLE)) == 0
    sc.pass_until_turn(4)
    assert st.exhausted(kit), "the opponent's refresh readies only his cards (CC-5.11)"
    sc.pass_until_turn(5)
    sc.pass_until("window")
    assert not st.exhausted(kit)


def test_cc_7_41_an_event_goes_to_its_owners_discard_pile_after_it_resolves() -> None:
    """CC-7.41: MU08 Sudden Insight resolves (draw 2, then discard 1) and then lies in the discard pile."""
    sc = build(at="ops", hands=(["Sudden Insight"], []))
    st = sc.st
    card = sc.id("Sudden Insight")
    sc.act("play", card=card)
    assert st.table.zone_name(card) == "resolving"
    d = st.decision
    assert d is not None
    sc.act(d.options[0].kind, **dict(d.options[0].params))
    assert st.table.zone_name(card) == "discard:0"


# ---- CC-8, CC-9 ---------------------------------------------------------------------------------------------


def test_cc_8_4_a_character_committed_by_an_effect_does_not_exhaust() -> None:
    """CC-8.4: SY11 Crew Boss commits a ready Syndicate character outside S1; it stays ready."""
    sc = build(at="w_attack", play=([Card("Crew Boss", exhausted=True, story=2), "Speakeasy Bouncer"], []),
               hands=([DOG], []))
    st = sc.st
    sc.act("use", card=sc.id("Crew Boss"))
    if st.decision is not None and st.decision.kind == "pick":
        sc.act("pick", card=sc.id("Speakeasy Bouncer"))
    b = sc.id("Speakeasy Bouncer")
    assert st.committed_slot(b) == 2 and not st.exhausted(b)


def test_cc_9_2_an_insane_characters_identity_stays_public() -> None:
    """CC-9.2 / D-19: the opponent's view still names an insane character."""
    sc = build(at="ops", play=([Card(MUSCLE, insane=True)], []))
    v = sc.st.view(1)
    c = v["cards"][str(sc.id(MUSCLE))]
    assert c["defn"] == G.defs.index(MUSCLE)


def test_cc_9_8_a_search_reveals_the_found_card_and_shuffles_the_deck() -> None:
    """CC-9.8: AG02 Precinct Desk Sergeant finds a Weapon: it is shown to both players, then the deck is
    shuffled."""
    sc = build(at="ops", play=(["Precinct Desk Sergeant"], []),
               decks=([DOG, DOG, "Service Revolver", MUSCLE, DOG], [DOG] * 5))
    st = sc.st
    sc.act("use", card=sc.id("Precinct Desk Sergeant"))
    sc.act("pick", card=sc.id("Service Revolver", "deck:0"))
    assert st.table.zone_name(sc.id("Service Revolver", "deck:0")) == "hand:0"
    found = [e for e in st.log(1) if e["kind"] == "found"]
    assert found and found[0]["title"] == "Service Revolver", "the opponent sees the found card"
    assert "deck_searched" in log_kinds(st, 1)


# ---- CC-11, CC-12 -------------------------------------------------------------------------------------------


def test_cc_11_1_every_card_has_one_of_the_seven_factions_or_neutral() -> None:
    """CC-11.1: card data uses the faction ids: seven factions plus neutral."""
    factions = {"agency", "miskatonic", "syndicate", "cthulhu", "hastur", "yog_sothoth", "shub_niggurath", "neutral"}
    pool = {d.faction for d in G.defs.defs if d.type in ("character", "support", "event")}
    assert pool == factions


def test_cc_12_2_the_active_player_orders_simultaneous_forced_effects() -> None:
    """CC-12.2 / D-42: two forced effects at the start of the AP's turn (two YS12 Eon Clocks, and SN12
    The Mother in the Grove) wait together; the AP chooses their order."""
    sc = build(at="refresh", play=(["The Eon Clock", "The Mother in the Grove"], []),
               decks=([DOG, "Dark Young Sapling"] + [DOG] * 4, [DOG] * 5),
               domains=((["Grove Celebrant"] * 3, [], []), ([], [], [])))
    d = sc.st.decision
    assert d is not None and d.player == 0 and d.kind == "order_forced" and len(d.options) == 2
    sc.act("next", item=1)  # the second one listed resolves first
    assert sc.st.decision is not None and sc.st.decision.kind != "order_forced"


def test_cc_12_4_then_happens_only_if_the_first_part_fully_succeeded() -> None:
    """CC-12.4: YS12 The Eon Clock "remove 3 chime counters, then put a success token": with 3 chimes
    the token is placed; the ability is not offered with fewer."""
    sc = build(at="ops", play=(["The Eon Clock"], []))
    st = sc.st
    clock = sc.id("The Eon Clock")
    assert not any(o.kind == "use" for o in st.legal_actions())
    st.table.add_counter(clock, "chime", 3)
    sc2 = build(at="ops", play=(["The Eon Clock"], []), run=False)
    sc2.st.table.add_counter(sc2.id("The Eon Clock"), "chime", 3)
    sc2.st.start()
    sc2.act("use", card=sc2.id("The Eon Clock"))
    sc2.act("pick", card=sc2.st.story_at(1))
    assert sc2.st.vars["tokens"][2] == 1 and sc2.st.table.counter(sc2.id("The Eon Clock"), "chime") == 0


def test_cc_12_6_limit_1_per_turn_counts_every_copy_of_the_title() -> None:
    """CC-12.6 / D-CT-24: two NE03 Stray Dogs in the discard pile; after a story win only one may return
    this turn (the limit is per title), and the other is offered again next turn's win."""
    sc = build(at="refresh", tokens={2: (5, 0)}, discard=([DOG, DOG], []), decks=([MUSCLE] * 6, [MUSCLE] * 6))
    st = sc.st
    dogs = [c for c in st.table.cards("discard:0") if st.card(c).title == DOG]
    d = st.decision
    assert d is not None and d.kind == "window:reaction"
    assert {o.get("card") for o in d.options if o.kind == "use"} == set(dogs)
    sc.act("use", card=dogs[0])
    assert st.table.zone_name(dogs[0]) == "hand:0" and st.table.zone_name(dogs[1]) == "discard:0"
    assert st.decision is None or not any(o.kind == "use" and o.get("card") == dogs[1] for o in st.legal_actions())


def test_cc_12_3_a_reaction_answers_one_occurrence_of_its_event_once() -> None:
    """CC-12.3 (5): reactions to E are offered until both pass, but each ability answers E once —
    Graduate Archivist's "after it enters play, draw 1" draws one card, not one per priority round."""
    sc = build(at="ops", hands=(["Graduate Archivist"], []), domains=((["Graduate Archivist"], [], []), ([], [], [])))
    st = sc.st
    archivist = sc.id("Graduate Archivist")
    sc.act("play", card=archivist)
    assert st.decision is not None and st.decision.kind == "window:reaction"
    hand_before = len(st.table.cards("hand:0"))
    sc.act("use", card=archivist)
    assert len(st.table.cards("hand:0")) == hand_before + 1
    assert not any(o.kind == "use" and o.get("card") == archivist for o in st.legal_actions())
    assert st.decision is None or st.decision.kind != "window:reaction"
