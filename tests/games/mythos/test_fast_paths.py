"""The remembered answers of the turn's hot paths agree with the plain rules they stand for.

Why: ``play.slots_fit`` / ``play.god_fits`` (``requirements.fits``) remember whether a pool of
(definition, type) pairs can fill a card's slots, and ``play.turn_options`` asks ``type_refusal`` once per
definition with a memo shared by the turn's checks. These tests ask the plain functions the same questions
on positions of seeded random games (MY-6.13.3, MY-6.9.2, MY-5.5) and compare."""

from __future__ import annotations

import random

from cardtable.games.mythos import GAME
from cardtable.games.mythos.legality import cancel_filter, cancel_targets, legal, target_optional, type_refusal
from cardtable.games.mythos.schema import DieRoll
from cardtable.games.mythos.play import (adventure_pool_kinds, check, god_fits, god_pool, hosts, slots_fit,
                                         turn_options)
from cardtable.games.mythos.requirements import assign
from cardtable.games.mythos.state import MyState
from cardtable.testing.positions import random_positions


def _positions(games: int = 6, players: int = 2) -> list[tuple[MyState, int]]:
    """Turn positions (each kept with even odds) and the seat to act."""
    turns = random_positions(GAME, players, games, 7, lambda st, rng: _turn(st) and rng.random() < 0.5)
    return [(st, st.decision.player) for st in turns]  # type: ignore[misc, union-attr]


def _turn(st: object) -> bool:
    d = st.decision  # type: ignore[attr-defined]
    assert d is not None
    return bool(d.kind == "turn")


def test_my_6_13_3_my_6_9_2_remembered_slot_fits_agree_with_the_matching() -> None:
    asked = 0
    for st, p in _positions():
        cards, kinds = adventure_pool_kinds(st, p)
        gods = god_pool(st, p)
        for d in GAME.pool.defs:
            if d.slots:
                assert slots_fit(st, d, p) == (assign(st, d.slots, cards, kinds) is not None), d.title
                asked += 1
            if d.god_requirements:
                assert god_fits(st, d, p) == (assign(st, d.god_requirements, gods) is not None), d.title
                asked += 1
    assert asked > 500


def test_my_5_5_turn_plays_are_exactly_the_hand_cards_check_accepts() -> None:
    """Every (card, host) the turn lists as a plain play passes ``check`` asked alone, and every hand card
    and host ``check`` accepts without a target is listed."""
    for st, p in _positions(4):
        listed = {(o.get("card"), o.get("host")) for o in turn_options(st, p) if o.kind == "play" and o.get("target") is None}
        for i in st.table.cards(f"hand:{p}"):
            for h in hosts(st, p, st.card(i)):
                legal = check(st, p, i, h) is None
                assert ((i, h) in listed) == legal, st.card(i).title


def _just_played_walk(st: MyState, p: int) -> list[int]:
    """MY-5.10 read the plain way: every card of the opponents' Story Decks and field areas, in seat order
    from ``p``, whose ``played`` counter is later than ``p``'s latest turn end."""
    t = st.table
    since = int(st.vars["turn_end"][p])
    return [i for q in st.seat_order(p)[1:] for a in ("story", "ally", "item", "event", "god")
            for i in t.cards(f"{a}:{q}") if t.counters.get((i, "played"), 0) > since]


def test_my_5_10_just_played_from_the_counters_is_the_walk_of_the_fields() -> None:
    found = 0
    for players in (2, 4):
        for st, _p in _positions(4, players):
            for q in range(players):
                got = st.just_played(q)
                assert got == _just_played_walk(st, q)
                found += len(got)
    assert found > 50


def test_my_5_10_named_plays_are_the_targets_check_accepts() -> None:
    """A card that names a card as it is played is listed once per target ``check`` accepts (and once
    naming none if ``check`` accepts that), in the order of its targets."""
    asked = 0
    for st, p in _positions(6, 4):
        listed = [(o.get("card"), o.get("target")) for o in turn_options(st, p) if o.kind == "play"
                  and cancel_filter(st.card(int(o.get("card")))) is not None]  # type: ignore[arg-type]
        want = []
        for i in sorted(st.table.cards(f"hand:{p}")):
            d = st.card(i)
            if cancel_filter(d) is None:
                continue
            named: list[int | None] = ([None] if target_optional(d) else []) + list(cancel_targets(st, p, d, i))
            want += [(i, c) for c in named if check(st, p, i, None, c) is None]
            asked += 1
        assert listed == want
    assert asked > 20


def _rolls(req: object) -> bool:
    """Does a requirement read a die (``die_roll`` draws from the game's RNG when it is read)?"""
    if req is None:
        return False
    if isinstance(req, DieRoll):
        return True
    return any(_rolls(r) for r in getattr(req, "all", None) or getattr(req, "any", None) or ()) \
        or _rolls(getattr(req, "not_", None))


def test_my_6_the_listing_verdict_is_type_refusal_without_its_message() -> None:
    """``legal`` (what ``turn_options`` asks of each definition in hand) agrees with ``type_refusal`` for
    every definition of the pool on seeded positions, one memo shared by all as in a turn's listing."""
    asked = refused = 0
    for players in (2, 4):
        for st, p in _positions(3, players):
            memo: dict[str, object] = {}
            for d in GAME.pool.defs:
                if d.type == "investigator" or _rolls(d.requirement) or _rolls(getattr(d, "departure", None)):
                    continue
                want = type_refusal(st, p, d) is None
                assert legal(st, p, d, memo) == want, d.title
                asked += 1
                refused += not want
    assert asked > 1000 and refused > 300



def test_deck_facts_follow_the_definitions_a_sampled_state_redraws() -> None:
    """``MyState.facts`` (what the game's cards can do at all, which lets the round skip trigger slots and
    the checks skip static effects, MY-12.1, MY-5.11) is kept with the table's definitions: a copy whose
    hidden cards are redrawn as other definitions (``determinize`` and the bots' deals rewrite ``defn`` and
    call ``defs_rewritten``) answers for its own cards, never the original's, and the original keeps its
    answer. A count of instances alone cannot tell: a redraw keeps it."""
    from cardtable.games.mythos.state import DECK, deck_facts

    st = GAME.new_game(seed=3, players=4)
    rng = random.Random(3)
    for _ in range(40):
        st.apply(rng.choice(st.legal_actions()))
    before = st.facts()
    assert before == deck_facts(st.pool, frozenset(st.table.defn))
    other = next(k for k, d in enumerate(GAME.pool.defs)
                 if any(e.trigger not in before.triggers for e in d.effects))
    copy = st.clone()
    hidden = copy.table.cards(DECK[1])[0]  # a card of another seat's deck: a redraw may make it anything
    copy.table.defn[hidden] = other
    copy.table.defs_rewritten()
    assert copy.facts() == deck_facts(copy.pool, frozenset(copy.table.defn)) != before
    assert st.facts() is before
    for k in range(3):  # and what determinize itself redraws
        sampled = st.determinize(0, seed=k)
        assert isinstance(sampled, MyState)
        assert sampled.facts() == deck_facts(sampled.pool, frozenset(sampled.table.defn))


def test_my_6_13_3_a_slot_pool_kept_by_the_items_that_could_fill_a_slot_fits_alike() -> None:
    """``legality._slot_key`` keeps a fit under the pool items that match some slot of the card, sorted; the
    matching over those alone exists exactly when it exists over the whole pool (``fits`` asked fresh)."""
    from cardtable.games.mythos.legality import _KINDS, _adventure_key, _god_key, _slot_key
    from cardtable.games.mythos.requirements import fits

    defs = GAME.pool.defs
    asked = 0
    for st, p in _positions():
        for name, key, attr in (("adventure_pool", _adventure_key(st, p), "slots"),
                                ("god_pool", _god_key(st, p), "god_requirements")):
            for d in defs:
                slots = getattr(d, attr)
                if not slots:
                    continue
                small = _slot_key(d, name, slots, key, defs)
                assert list(small) == sorted(small) and set(small) <= set(key)
                whole = [(defs[k >> 2], _KINDS[k & 3] or defs[k >> 2].type) for k in key]
                part = [(defs[k >> 2], _KINDS[k & 3] or defs[k >> 2].type) for k in small]
                assert fits(slots, whole) == fits(slots, part), d.title
                asked += 1
    assert asked > 500
