"""The speed rounds' caches and shortcuts give the answers of the plain computation (issue 26).

Each test plays seeded random games and, at every decision, compares a fast path with what it replaces.
"""

from __future__ import annotations

import random
from typing import Iterator

import pytest

import cardtable
from cardtable.games.million_arthur import statics, triggers
from cardtable.games.million_arthur.state import MaState


def _positions(games: int = 4) -> Iterator[MaState]:
    """Every decision of a few seeded random games."""
    game = cardtable.load_game("million-arthur")
    choose = random.Random(7).choice
    for seed in range(games):
        st = game.new_game(seed=seed, players=2)
        while not st.is_terminal:
            assert isinstance(st, MaState)
            yield st
            st.apply(choose(st.legal_actions()))


class _Everything(MaState):
    """A state whose ``present_defs`` names every definition of the pool: the game-wide gate never skips."""

    __slots__ = ()

    def present_defs(self) -> frozenset[int]:
        return frozenset(range(len(self.pool)))


def _ungated(st: MaState) -> MaState:
    other = st.clone()
    assert isinstance(other, MaState)
    other.__class__ = _Everything
    return other


def test_present_defs_is_the_set_of_the_tables_definitions_even_after_in_place_rewrites() -> None:
    for st in _positions(2):
        assert st.present_defs() == frozenset(st.table.defn)
    fresh = cardtable.load_game("million-arthur").new_game(seed=3, players=2)
    assert isinstance(fresh, MaState)
    st = fresh
    before = st.present_defs()
    spare = next(d.index for d in st.pool.defs if d.index not in before)
    st.table.defn[0] = spare  # as ``determinize`` and the deal sampler write: in place, then say so
    st.table.defs_rewritten()
    assert st.present_defs() == frozenset(st.table.defn) and spare in st.present_defs()
    clone = st.clone()
    assert isinstance(clone, MaState)
    clone.table.defn[0] = next(iter(before))
    clone.table.defs_rewritten()
    assert clone.present_defs() == frozenset(clone.table.defn)
    assert st.present_defs() == frozenset(st.table.defn)  # the clone's rewrite does not reach the original


@pytest.mark.parametrize("games", [3])
def test_gated_trigger_windows_and_static_reads_match_the_full_scan(games: int) -> None:
    events = sorted(triggers._window_defs(cardtable.load_game("million-arthur").pool))  # type: ignore[attr-defined]
    keywords = ["tenacious", "sentinel", "unblockable"]
    for n, st in enumerate(_positions(games)):
        full = _ungated(st)
        for event in events:
            for player in (0, 1):
                happening = (event, player, -1, "")
                assert triggers.matches(st, [happening]) == triggers.matches(full, [happening])
        if n % 7 == 0:  # events naming a card (``this``-bound abilities answer only those): a sample of positions
            t = st.table
            named = [c for z in ("leader", "battle", "base", "chain") for p in (0, 1) for c in t.cards(f"{z}:{p}")]
            for event in events:
                for c in named:
                    for origin in ("", "hand", "base"):
                        happenings = [(event, t.owner[c], c, origin), ("card_drawn", 0, -1, "", 1)]
                        assert triggers.matches(st, happenings) == triggers.matches(full, happenings)
        for p in (0, 1):
            for k in st.knights(p, "battle") + st.knights(p, "base"):
                assert statics.static_total(st, "skill", k) == statics.static_total(full, "skill", k)
                for kw in keywords:
                    assert statics.has_keyword(st, k, kw) == statics.has_keyword(full, k, kw)


def _greedy_payable(colours: list[str], symbols: list[str]) -> bool:
    """MA-7.4 step 2 as first written: coloured symbols first, each takes the first card that can pay it."""
    left = list(colours)
    for s in sorted(symbols, key=lambda x: x == "any"):
        match = next((c for c in left if s == "any" or c == s), None)
        if match is None:
            return False
        left.remove(match)
    return True


def test_counted_colour_payment_agrees_with_the_greedy_match() -> None:
    from cardtable.engine import FACE_DOWN
    from cardtable.games.million_arthur import effects

    rng = random.Random(11)
    symbols_pool = ["red", "green", "blue", "yellow", "purple", "any"]
    for st in _positions(1):
        for p in (0, 1):
            chain = st.table.cards(f"chain:{p}")
            up = [c for c in chain if not st.table.flags[c] & FACE_DOWN]
            for _ in range(3):
                symbols = [rng.choice(symbols_pool) for _ in range(rng.randint(1, 4))]
                named = tuple(rng.sample(up, rng.randint(0, min(2, len(up)))))
                colours = [st.card(c).colour for c in up if c not in named]
                assert effects.payable(st, p, symbols, named) == _greedy_payable(colours, symbols)


def _selectors() -> list[object]:
    """Every knight selector an ability's effect of the pool names (``target``), each once."""
    from cardtable.games.million_arthur.schema import KnightSelector

    pool = cardtable.load_game("million-arthur").pool  # type: ignore[attr-defined]
    found: dict[int, object] = {}
    for d in pool.defs:
        for ab in d.abilities:
            for eff in ab.effects:
                target = getattr(eff, "target", None)
                if isinstance(target, KnightSelector):
                    found[id(target)] = target
    return list(found.values())


def test_selects_asks_knights_for_of_one_card() -> None:
    from cardtable.games.million_arthur import selectors

    sels = _selectors()
    assert any(s.filter.this for s in sels) and any(s.filter.other for s in sels)  # type: ignore[attr-defined]
    for n, st in enumerate(_positions(2)):
        if n % 3:
            continue
        t = st.table
        cards = [c for z in ("battle", "base", "chain", "hand") for p in (0, 1) for c in t.cards(f"{z}:{p}")]
        for sel in sels:
            for controller in (0, 1):
                for src in [-1, *cards[:4]]:
                    chosen = selectors.knights_for(st, controller, sel, src)  # type: ignore[arg-type]
                    for i in cards:
                        assert selectors.selects(st, controller, sel, src, i) == (i in chosen)  # type: ignore[arg-type]


def test_selectable_gate_skips_only_knights_no_static_effect_reaches(monkeypatch: pytest.MonkeyPatch) -> None:
    keywords = ["tenacious", "sentinel", "unblockable"]
    positions = []
    for n, st in enumerate(_positions(3)):
        if n % 2 == 0:
            continue
        knights = [k for p in (0, 1) for k in st.knights(p, "battle") + st.knights(p, "base")]
        gated = [(statics.static_total(st, "skill", k), statics.static_total(st, "defence", k),
                  [statics.has_keyword(st, k, kw) for kw in keywords]) for k in knights]
        copy = st.clone()
        assert isinstance(copy, MaState)
        positions.append((copy, knights, gated))
    everything = frozenset(range(len(cardtable.load_game("million-arthur").pool)))  # type: ignore[attr-defined]
    monkeypatch.setattr(statics, "selectable", lambda st, key: everything)
    for copy, knights, gated in positions:
        st = copy
        plain = [(statics.static_total(st, "skill", k), statics.static_total(st, "defence", k),
                  [statics.has_keyword(st, k, kw) for kw in keywords]) for k in knights]
        assert plain == gated
    assert any(g[0] for _, _, gs in positions for g in gs)  # some knight does get a static bonus


def _text_possible_plain(st: MaState, p: int, effects: object, src: int = -1) -> bool:
    """``effects.text_possible`` as first written: every kind of part tested on the whole list, in turn."""
    from cardtable.games.million_arthur import card_effects, chain_effects, discard_effects, zone_effects
    from cardtable.games.million_arthur.effects import TARGETED, by_card_selector, knight_candidates
    from cardtable.games.million_arthur.schema import AddChain, ChooseOne, DiscardFromHand, FlipChain, RemoveChain

    parts = list(effects)  # type: ignore[call-overload]
    return all(knight_candidates(st, p, eff, src) for eff in parts
               if isinstance(eff, TARGETED) and eff.target.count == 1) \
        and all(zone_effects.remove_possible(st, p, eff) for eff in parts if isinstance(eff, RemoveChain)) \
        and all(chain_effects.possible(st, p, eff) for eff in parts
                if isinstance(eff, (AddChain, FlipChain)) and not by_card_selector(eff)) \
        and all(card_effects.possible(st, p, eff, src) for eff in parts if by_card_selector(eff)) \
        and all(discard_effects.possible(st, p, eff) for eff in parts if isinstance(eff, DiscardFromHand)) \
        and all(any(_text_possible_plain(st, p, opt, src) for opt in eff.options) for eff in parts
                if isinstance(eff, ChooseOne))


def test_planned_text_possible_agrees_with_the_plain_checks() -> None:
    from cardtable.games.million_arthur import effects

    pool = cardtable.load_game("million-arthur").pool  # type: ignore[attr-defined]
    texts = [ab.effects for d in pool.defs for ab in d.abilities if ab.effects] + [d.burst for d in pool.defs if d.burst]
    seen = set()
    for n, st in enumerate(_positions(2)):
        if n % 5:
            continue
        src = next(iter(st.knights(0, "battle") + st.knights(0, "base")), -1)
        for text in texts:
            for p in (0, 1):
                answer = effects.text_possible(st, p, text, src)
                assert answer == _text_possible_plain(st, p, text, src)
                seen.add(answer)
    assert seen == {True, False}


def test_knights_without_any_stack_are_the_whole_area() -> None:
    from cardtable.engine import NO_CARD

    stacked = plain = 0
    for st in _positions(2):
        t = st.table
        for p in (0, 1):
            for area in ("base", "battle"):
                expected = [i for i in t.cards(f"{area}:{p}") if t.host[i] == NO_CARD]
                assert st.knights(p, area) == expected
                stacked, plain = stacked + bool(t.links), plain + (not t.links)
    assert stacked and plain  # both paths were taken


def test_fire_gate_lets_through_every_call_matches_answers() -> None:
    """``triggers.fire`` skips ``matches`` when ``may_answer`` says no: check that ``matches`` then finds
    nothing, for every event, alone and with a card of each zone named, on seeded positions."""
    events = sorted(triggers._window_defs(cardtable.load_game("million-arthur").pool))  # type: ignore[attr-defined]
    skipped = passed = 0
    for n, st in enumerate(_positions(3)):
        if n % 5:
            continue
        t = st.table
        named = [-1] + [c for z in ("leader", "battle", "base", "chain") for p in (0, 1) for c in t.cards(f"{z}:{p}")]
        for event in events:
            for c in named:
                for player in (0, 1):
                    happenings = [(event, player, c, "")]
                    if triggers.may_answer(st, happenings):
                        passed += 1
                    else:
                        assert triggers.matches(st, happenings) == []
                        skipped += 1
                    both = happenings + [("card_drawn", 1 - player, -1, "", 1)]
                    if not triggers.may_answer(st, both):
                        assert triggers.matches(st, both) == []
    assert skipped and passed
