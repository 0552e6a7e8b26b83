"""MY-12.5 card movers — ``DISCARD(card)``, ``BURY(card)``, ``RETURN_TO_HAND(card)``, ``PUT_ON_DECK(card)`` —
name one card: when their selector reaches more cards than they move, the effect's controller chooses
which, one at a time (decision ``effect_pick``, D-MY-106); with exactly as many, nothing is asked; ``n: all``
("every") moves every selected card. Each test builds its situation with ``testing.build``.
"""

from __future__ import annotations

import pytest

from cardtable.core import Rng
from cardtable.games.mythos.schema import CardSet
from cardtable.games.mythos.strategy import choose_action
from cardtable.games.mythos.testing import Scenario, build


def decision(sc: Scenario) -> tuple[int, str]:
    d = sc.st.decision
    assert d is not None
    return d.player, d.kind


def test_my_12_5_bury_a_card_asks_which_when_more_are_selected() -> None:
    """Banish the Witness (BURY an opponent's ally): seat 1 has two allies, so seat 0 chooses; only the
    chosen one is buried (Story Deck bottom), the other stays."""
    sc = build(hands=(["Banish the Witness"], []), allies=([], ["Police Detective", "Dockside Sailor"]))
    detective, sailor = sc.id("Police Detective"), sc.id("Dockside Sailor")
    sc.act("play", card=sc.id("Banish the Witness"))
    assert decision(sc) == (0, "effect_pick")
    d = sc.st.decision
    assert d is not None
    assert sorted(o.get("card") for o in d.options) == sorted([detective, sailor])
    seen = {i for zone in sc.st.view(0)["zones"].values() for i in zone if i is not None}
    assert {o.get("card") for o in d.options} <= seen  # only cards the chooser sees on the table
    sc.act("pick", card=sailor)
    assert sc.zone("ally:1") == [detective]
    assert sc.zone("story:1")[0] == sailor  # buried: the Story Deck's bottom (MY-0.5)
    assert decision(sc) == (1, "turn")


def test_my_12_5_no_question_when_exactly_as_many_are_selected() -> None:
    """Banish the Witness with one opposing ally: it is buried at once, no decision in between."""
    sc = build(hands=(["Banish the Witness"], []), allies=([], ["Police Detective"]))
    detective = sc.id("Police Detective")
    sc.act("play", card=sc.id("Banish the Witness"))
    assert decision(sc) == (1, "turn")
    assert sc.zone("ally:1") == [] and detective in sc.zone("story:1")
    assert "effect_pick" not in repr(sc.st.log(0))


def test_my_12_5_a_limit_one_selector_moves_its_oldest_card_without_a_question() -> None:
    """Recall the Faithful (RETURN_TO_HAND, selector limit 1, "your oldest ally"): one card is selected, so
    no question; the oldest returns."""
    sc = build(hands=(["Recall the Faithful"], []), allies=(["Police Detective", "Dockside Sailor"], []))
    sc.act("play", card=sc.id("Recall the Faithful"))
    assert decision(sc) == (1, "turn")
    assert sc.titles("ally:0") == ["Dockside Sailor"] and "Police Detective" in sc.titles("hand:0")


def test_my_12_5_the_mass_form_n_all_moves_every_selected_card() -> None:
    """Entomb the Weak (BURY, ``n: all``, combat at most 1): both weak allies are buried, nothing asked."""
    sc = build(hands=(["Entomb the Weak"], []), allies=([], ["Police Detective", "Restless Seer"]))
    weak = [i for i in sc.zone("ally:1") if sc.st.combat(i) <= 1]
    assert len(weak) >= 1
    sc.act("play", card=sc.id("Entomb the Weak"))
    assert decision(sc) == (1, "turn")
    assert all(i in sc.zone("story:1") for i in weak)
    assert [i for i in sc.zone("ally:1") if sc.st.combat(i) <= 1] == []


def test_my_12_5_an_illegal_pick_is_refused_naming_the_rule_and_changes_nothing() -> None:
    """A card the mover does not select (seat 0's own ally; a card in seat 1's hand) is refused (MY-12.5);
    ``Scenario.refuse`` checks the state is exactly as before."""
    sc = build(hands=(["Banish the Witness"], ["Dockside Sailor"]), allies=(["Restless Seer"], ["Police Detective",
                                                                                               "Dockside Sailor"]))
    sc.act("play", card=sc.id("Banish the Witness"))
    assert decision(sc) == (0, "effect_pick")
    assert sc.refuse("pick", card=sc.id("Restless Seer")).rule == "MY-12.5"
    assert sc.refuse("pick", card=sc.id("Dockside Sailor", "hand:1")).rule == "MY-12.5"
    assert sc.refuse("done").rule == "MY-12.5"
    assert decision(sc) == (0, "effect_pick")


def test_my_12_5_the_bot_answers_the_pick_with_a_legal_option() -> None:
    """The heuristic bot (strategy.choose_action, from the seat's view) answers ``effect_pick`` legally and the
    effect ends (the next seat's turn)."""
    sc = build(hands=(["Banish the Witness"], []), allies=([], ["Police Detective", "Dockside Sailor"]))
    sc.act("play", card=sc.id("Banish the Witness"))
    d = sc.st.decision
    assert d is not None and d.kind == "effect_pick"
    answer = choose_action(sc.st.view(0), d, Rng(2))
    assert answer in d.options
    sc.st.apply(answer)
    assert decision(sc) == (1, "turn") and len(sc.zone("ally:1")) == 1


def test_my_12_5_a_nested_mover_that_could_ask_is_refused_at_load() -> None:
    """D-MY-141/D-MY-106: a question stands only at the top of an effect, so a card mover inside a for-each
    body must say ``n: all``; with it, the card loads."""
    base = {"set": "t", "version": 1, "regions": ["Lovecraft Country"], "languages": ["English"], "spell_icons": []}

    def card(n: object) -> dict[str, object]:
        mover: dict[str, object] = {"op": "discard", "cards": {"owner": "opponent", "zone": "item"}}
        if n is not None:
            mover["n"] = n
        return {"id": "T-1", "title": "T", "type": "event", "text": "t",
                "effects": [{"do": [{"op": "for_each", "cards": {"owner": "self", "zone": "ally"}, "do": [mover]}]}]}

    with pytest.raises(ValueError, match="n: all"):
        CardSet.model_validate({**base, "cards": [card(None)]}, strict=False)
    CardSet.model_validate({**base, "cards": [card("all")]}, strict=False)


# ---- the shared conformance checks, with decks holding the card movers ---------------------------------------

MOVERS = ("MYV-E38", "MYV-E39", "MYV-E40", "MYV-E41", "MYV-E63", "MYV-E64", "MYV-E65", "MYV-A02")


class _MoverMythos:
    """The Mythos definition dealing each seat a ready deck plus two of every card mover above (and the
    Tireless Clerk), so random games meet ``effect_pick`` questions and cards leaving and coming back."""

    def __init__(self) -> None:
        from cardtable.games.mythos import DEFINITION

        self._g = DEFINITION

    def __getattr__(self, name: str) -> object:
        return getattr(self._g, name)

    def new_game(self, seed: int, players: int | None = None, options: object = None) -> object:
        from cardtable.games.mythos.deck_rules import ready_decks

        pool = self._g.pool
        extra = [d.index for d in pool.defs if d.id in MOVERS] * 2
        names = sorted(ready_decks())
        decks = []
        for p in range(players or 2):
            base = dict(self._g.ready_decks()[names[(seed + p) % len(names)]])
            decks.append({"name": "movers", "investigator": base["investigator"],
                          "cards": sorted(list(base["cards"]) + extra)})
        return self._g.new_game(seed=seed, players=players, options={"decks": decks, "max_rounds": 8})


def test_my_12_5_conformance_with_the_card_movers_no_leaks_replay_snapshots_refusals() -> None:
    """Seeded random games with the movers: they end, replay the same, round-trip as snapshots, refuse
    illegal actions without change and never show a seat what it may not know; some ask ``effect_pick``."""
    from cardtable.testing import conformance as c

    game: object = _MoverMythos()
    seeds = range(3)
    assert c.check_playouts_terminate(game, 2, seeds) == len(seeds)  # type: ignore[arg-type]
    c.check_determinism_and_replay(game, 2, seeds)  # type: ignore[arg-type]
    c.check_snapshot_round_trip(game, 2, seeds)  # type: ignore[arg-type]
    assert c.check_illegal_actions_change_nothing(game, 2, range(3), per_state=2) > 50  # type: ignore[arg-type]
    c.check_no_leaks(game, 2, range(2), resamples=1)  # type: ignore[arg-type]
    moved = {e.data.get("op") for _s, st, _x in c.playouts(game, 2, seeds) for e in st.events  # type: ignore[arg-type]
             if e.kind == "card_moved"}
    assert moved, "no card mover resolved in the random games"
