"""Requirement expressions (MY-12.4), card filters (MY-12.3) and requirement slots matched one card per
slot (MY-6.13.3, MY-6.9.2) — the questions every play asks, answered from the table.

A requirement reads the player's position (MY-3.9, features of MY-6.3.2–6.3.3), the time of day and
his numbers. A slot filter reads only the card (MY-6.13.1: never where the investigator is now).
"""

from __future__ import annotations

from typing import Any, Sequence

from .catalog import CardDef
from .schema import (AllOf, AnyOf, CardFilter, DieRoll, EducationAtLeast, FieldCount, StoryCount, ThreatCount, InDimension, InRegion, InSubregion, InTransit,
                     KnowsLanguage, LocHas, LocTitle, NotReq, Requirement, RoundAtLeast, SanityAtLeast, SanityAtMost,
                     Slot, TimeIs)
from .state import CROSSWISE, STORY, MyState


def holds(st: MyState, p: int, req: Requirement | None, memo: dict[str, Any] | None = None) -> bool:
    """MY-12.4 for player ``p`` now. ``memo``: a dict the caller keeps while the state does not change
    (``play.turn_options`` asks this of every card in hand), holding the player's location features and
    position, which most requirements read."""
    if req is None:
        return True
    if isinstance(req, LocHas):
        if memo is None:
            return req.loc_has in st.features(p)
        feats = memo.get("features")
        if feats is None:
            feats = memo["features"] = features(st, p)
        return req.loc_has in feats
    if isinstance(req, (FieldCount, ThreatCount, StoryCount, DieRoll)):
        return _primitives.holds_extra(st, p, req)
    if isinstance(req, LocTitle):
        cur = st.current_location(p)
        return cur is not None and st.card(cur).title == req.loc_title
    if isinstance(req, (InRegion, InSubregion, InDimension)):
        pos = position(st, p, memo)
        if isinstance(req, InRegion):
            return pos[1] == req.region
        if isinstance(req, InSubregion):
            return pos[2] == req.subregion
        return pos[0] == req.dimension
    if isinstance(req, TimeIs):
        return st.vars["time"] == req.time_of_day
    if isinstance(req, InTransit):
        return st.in_transit(p) == req.in_transit
    if isinstance(req, KnowsLanguage):
        return req.knows_language in st.languages(p)
    if isinstance(req, EducationAtLeast):
        return st.investigator(p) is not None and _primitives.education(st, p) >= req.education_at_least
    if isinstance(req, SanityAtMost):
        return st.sanity(p) <= req.sanity_at_most
    if isinstance(req, SanityAtLeast):
        return st.sanity(p) >= req.sanity_at_least
    if isinstance(req, RoundAtLeast):
        return int(st.vars["round"]) >= req.round_at_least
    if isinstance(req, AllOf):
        return all(holds(st, p, r, memo) for r in req.all)
    if isinstance(req, AnyOf):
        return any(holds(st, p, r, memo) for r in req.any)
    assert isinstance(req, NotReq)
    return not holds(st, p, req.not_, memo)


def upright_top(st: MyState, p: int) -> CardDef | None:
    """The definition of ``p``'s Story Deck top when it is an upright (not crosswise) Location, else None.
    Such a card is the current location whatever lasting effects are in force (MY-6.3.2: ``current_location``
    returns it before it reads any), which is the usual place of an investigator: the listing's reads of
    the place (``features``, ``legality._memo_gate``, ``legality._move_start``) answer from its definition
    directly instead of walking ``current_location`` each."""
    t = st.table
    pile = t.zones[t.zone_ids[STORY[p]]]
    if pile:
        top = pile[-1]
        d = st.card(top)
        if d.type == "location" and not t.flags[top] & CROSSWISE:
            return d
    return None


_LOC_FEATURES: dict[CardDef, frozenset[str]] = {}  # a Location's features with its Inside/Outside (per definition)


def features(st: MyState, p: int) -> frozenset[str]:
    """``st.features(p)``: for an upright Location on top (``upright_top``), its printed features and
    Inside/Outside, kept per definition (a pure function of it); otherwise asked of the state."""
    d = upright_top(st, p)
    if d is None:
        return st.features(p)
    got = _LOC_FEATURES.get(d)
    if got is None:
        got = _LOC_FEATURES[d] = d.features | {d.inout}
    return got


def position(st: MyState, p: int, memo: dict[str, Any] | None = None) -> tuple[str, str, str | None]:
    """``st.position(p)``, kept in ``memo`` (as for ``holds``) when one is given."""
    if memo is None:
        return st.position(p)
    pos = memo.get("position")
    if pos is None:
        pos = memo["position"] = st.position(p)
    return pos  # type: ignore[no-any-return]


def matches(d: CardDef, f: CardFilter, kind: str | None = None, mental: str | None = None) -> bool:
    """MY-6.13.1 / D64: a filter on one card. Feature, region and subregion name Location cards only, so a
    Travel Event never matches as a Location. ``kind`` is the card's type where it lies (MY-3.6,
    ``MyState.type_of``); by default its printed type. ``mental``: its mental state now (a
    SET_MENTAL_STATE in force, MY-12.5); by default the printed one."""
    kind = kind or d.type
    if f.type is not None and kind != f.type and not (f.type == "monster" and kind == "god"):
        return False  # MY-6.9.8: a god counts as a Monster
    if f.subtype is not None and f.subtype not in d.subtypes and f.subtype != d.god_kind:
        return False  # MY-6.9.8: ... of subtype Great Old One or Outer God
    if f.trait is not None and f.trait not in d.traits:
        return False
    if f.title is not None and d.title != f.title:
        return False
    if f.mental_state is not None and (mental or d.mental_state) != f.mental_state:
        return False
    if f.dimension is not None and d.dimension != f.dimension:
        return False
    if f.feature is not None and (d.type != "location" or f.feature not in d.features | {d.inout}):
        return False
    if f.region is not None and (d.type != "location" or d.region != f.region):
        return False
    if f.subregion is not None and (d.type != "location" or d.subregion != f.subregion):
        return False
    return True


def assign(st: MyState, slots: Sequence[Slot], cards: Sequence[int],
           kinds: dict[int, str] | None = None) -> list[int] | None:
    """MY-6.13.3: a one-to-one assignment of ``cards`` to the slot units (a slot of count n is n units),
    or None. Cards earlier in ``cards`` are preferred (bipartite matching by augmenting paths).
    ``kinds``: each card's ``type_of``, when the caller knows it from the zones it took the cards from.

    Every play check of an Adventure or god in hand asks this, and most fail for want of a card of some
    slot, so each slot's candidates are found in turn and the search stops at the first short slot."""
    if sum(s.count for s in slots) > len(cards):
        return None
    if kinds is None:
        kinds = {c: st.type_of(c) for c in cards}
    minds = {c: _primitives.mental_state(st, c) for c in cards} \
        if any(e[0] == "set_mental_state" for e in st.lasting) else {}  # else every card's printed state
    defs = [(c, st.card(c)) for c in cards]
    cand: list[list[int]] = []
    for s in slots:
        found = [c for c, d in defs if matches(d, s.filter, kinds[c], minds.get(c))]
        if len(found) < s.count:
            return None
        cand += [found] * s.count  # a slot's units alike
    filled, owner = match_units(cand)
    if filled < len(cand):
        return None
    return sorted(owner, key=lambda c: owner[c])


def match_units(cand: Sequence[Sequence[int]], stop_at_miss: bool = True) -> tuple[int, dict[int, int]]:
    """A one-to-one matching of units to candidates (``cand[u]``: unit u's candidates, preferred first)
    by augmenting paths: how many units it fills and the owner (candidate -> unit). With ``stop_at_miss``
    it stops at the first unit that cannot be filled (the callers that need every unit filled)."""
    owner: dict[int, int] = {}

    def augment(u: int, seen: set[int]) -> bool:
        for c in cand[u]:
            if c in seen:
                continue
            seen.add(c)
            if c not in owner or augment(owner[c], seen):
                owner[c] = u
                return True
        return False

    filled = 0
    for u in range(len(cand)):
        if augment(u, set()):
            filled += 1
        elif stop_at_miss:
            break
    return filled, owner


def fits(slots: Sequence[Slot], items: Sequence[tuple[CardDef, str]]) -> bool:
    """``assign(...) is not None`` for a pool given as (definition, type) pairs and printed mental states
    (no SET_MENTAL_STATE in force): the same matching, asked only whether it exists. Each filter's answer
    for a (definition, type) is kept (a pure function of the three), since every turn asks this of every
    Adventure in hand and a pool changes by a card or so between turns."""
    if sum(s.count for s in slots) > len(items):
        return False
    cand: list[list[int]] = []
    for s in slots:
        f = s.filter
        fid = id(f)
        found = []
        for k, (d, kind) in enumerate(items):
            key = (fid, d, kind)
            ok = _MATCHES.get(key)
            if ok is None:
                if len(_MATCHES) >= _MATCHES_CAP:
                    _MATCHES.clear()
                ok = _MATCHES[key] = matches(d, f, kind)
                _FILTERS[fid] = f  # keeps the filter alive, so its id is never reused while cached
            if ok:
                found.append(k)
        if len(found) < s.count:
            return False
        cand += [found] * s.count
    return match_units(cand)[0] == len(cand)


_MATCHES: dict[tuple[int, CardDef, str], bool] = {}
_MATCHES_CAP = 1 << 17
_FILTERS: dict[int, CardFilter] = {}


# primitives imports this module; bound at the end (requirements are read only once play has begun)
from . import primitives as _primitives  # noqa: E402
