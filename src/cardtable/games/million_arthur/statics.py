"""Static abilities (MA-15.3) and keywords (MA-15.5): continuous, computed from the cards in play.

Why computed and never stored: a static ability works exactly while its source is in an allowed
zone (and its condition holds), so reading it from the table when a value is needed can never go
stale; a ``grant`` by an effect is a lasting entry ``kw:<keyword>`` until end of turn instead.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterator

from ...engine import lasting_total
from .catalog import Pool
from .schema import Ability, Grant, ModifyKnight
from .state import MaState, mods

@lru_cache(maxsize=8)
def _static_abilities(pool: Pool) -> dict[int, tuple[Ability, ...]]:
    """Per definition with a static ability, those abilities (a pool is immutable: computed once), so the
    scans below skip every other card without reading its definition."""
    out: dict[int, tuple[Ability, ...]] = {}
    for d in pool.defs:
        statics = tuple(ab for ab in d.abilities if ab.kind == "static")
        if statics:
            out[d.index] = statics
    return out


# The areas ``MaState.ability_sources`` reads, in its order (``MaState.sources_in`` takes one set per area).
_SOURCE_AREAS = ("leader", "battle", "base", "chain")


@lru_cache(maxsize=8)
def _static_windows(pool: Pool) -> dict[str, tuple[frozenset[int], ...]]:
    """Per kind of static effect (``modify``, or ``kw:<keyword>`` for a grant), per area of ``_SOURCE_AREAS``:
    the definitions with a static ability carrying such an effect that can work in that area (the zone half
    of ``works_here``). A question about one stat or keyword reads only those cards: any other card's
    abilities either do not work where it is or yield no effect the question counts."""
    out: dict[str, list[set[int]]] = {}
    for d_index, statics in _static_abilities(pool).items():
        kind = pool.defs[d_index].kind
        for ab in statics:
            keys = {"modify" if isinstance(eff, ModifyKnight) else f"kw:{eff.keyword}" for eff in ab.effects
                    if isinstance(eff, (ModifyKnight, Grant))}
            for a, area in enumerate(_SOURCE_AREAS):
                if area in ab.zones if ab.zones else area == ("leader" if kind == "leader" else "battle"):
                    for key in keys:
                        out.setdefault(key, [set() for _ in _SOURCE_AREAS])[a].add(d_index)
    return {key: tuple(frozenset(x) for x in sets) for key, sets in out.items()}


@lru_cache(maxsize=8)
def _static_anywhere(pool: Pool) -> dict[str, frozenset[int]]:
    """Per key of ``_static_windows``, the union of its four area sets: a game none of whose cards has one of
    these definitions (``MaState.present_defs``) has no source for that key in any zone."""
    return {key: frozenset().union(*sets) for key, sets in _static_windows(pool).items()}


@lru_cache(maxsize=8)
def _selectable(pool: Pool) -> dict[str, dict[int, frozenset[int]]]:
    """Per kind of static effect (``modify``, ``kw:<keyword>``), per definition with such an effect: the
    definitions of the knights one of those effects could ever select, by the filter's printed-card keys
    (skill, Arthur type, name, cost; colour is left out, since an effect may change a knight's colour), or
    only the definition itself for a ``this``-bound effect. A pool is immutable: computed once."""
    out: dict[str, dict[int, set[int]]] = {}
    for d_index, statics in _static_abilities(pool).items():
        for ab in statics:
            for eff in ab.effects:
                if not isinstance(eff, (ModifyKnight, Grant)):
                    continue
                key = "modify" if isinstance(eff, ModifyKnight) else f"kw:{eff.keyword}"
                f = eff.target.filter
                colour = f.colour[0] if f.colour else None  # a colour the filter takes: its colour test passes
                candidates = [pool.defs[d_index]] if f.this else pool.defs
                out.setdefault(key, {}).setdefault(d_index, set()).update(
                    e.index for e in candidates if mods.selectors.card_matches(e, f, colour))
    return {key: {d: frozenset(x) for d, x in by_def.items()} for key, by_def in out.items()}


@lru_cache(maxsize=8)
def _selectable_memo(pool: Pool) -> dict[tuple[str, frozenset[int]], frozenset[int]]:
    """``selectable``'s answers per (key, ``present_defs``), per pool: a game meets one set of definitions."""
    return {}


def selectable(st: MaState, key: str) -> frozenset[int]:
    """The definitions of the knights a static effect of kind ``key`` of some card of this game could select.

    Why: ``static_total`` and ``has_keyword`` are asked about every knight that attacks, blocks or leaves,
    and most knights are not of the kind the game's static effects name (Heal knights, the card itself);
    a knight whose definition is not here gets nothing from any static effect, whatever the board, so its
    answer is 0 / False without reading a zone. A function of the pool and ``present_defs`` (the table's
    definitions) alone, so it is kept under them: every change to ``defn`` gives a new ``present_defs``."""
    pool = st.game.pool  # type: ignore[attr-defined]
    present = st.present_defs()
    memo = _selectable_memo(pool)
    found = memo.get((key, present))
    if found is None:
        if len(memo) >= 256:
            memo.clear()  # a bound: a game has one set of definitions (a deal sampler redraws some)
        by_def = _selectable(pool).get(key, {})
        found = memo[(key, present)] = frozenset().union(*(by_def[d] for d in present if d in by_def))
    return found


def _static_effects(st: MaState, key: str) -> Iterator[tuple[int, int, ModifyKnight | Grant]]:
    """(controller, source, effect) of every static ability working now whose source's definition has an
    effect of kind ``key`` (``_static_windows``); the callers count only effects of that kind."""
    pool = st.game.pool  # type: ignore[attr-defined]
    anywhere = _static_anywhere(pool).get(key)
    if anywhere is None or anywhere.isdisjoint(st.present_defs()):
        return  # no card of the game carries such an ability: no seat's zones need reading
    sets = _static_windows(pool)[key]
    works_here = mods.effects.works_here
    holds = mods.selectors.holds
    statics, defn = _static_abilities(pool), st.table.defn

    for q in range(2):
        if not st.may_source(q, sets):
            continue  # no card of ``q`` carries such an ability: ``sources_in`` would list none
        for c in st.sources_in(q, sets):
            for ab in statics[defn[c]]:
                if works_here(st, c, ab) and holds(st, q, ab.condition, c):
                    for eff in ab.effects:
                        assert isinstance(eff, (ModifyKnight, Grant))
                        yield q, c, eff


def static_total(st: MaState, stat: str, i: int) -> int:
    """The static ``skill``/``defence`` bonus on knight ``i`` (MA-9.9 arithmetic, added to the raw value)."""
    selects = mods.selectors.selects

    if st.table.defn[i] not in selectable(st, "modify"):
        return 0  # no static effect of this game's cards could name this knight (``selectable``)
    total = 0
    for q, c, eff in _static_effects(st, "modify"):
        if isinstance(eff, ModifyKnight) and selects(st, q, eff.target, c, i):
            amount = eff.skill if stat == "skill" else eff.defence
            assert isinstance(amount, int)  # statics use plain numbers (schema)
            total += amount
    return total


def has_keyword(st: MaState, i: int, keyword: str) -> bool:
    """MA-15.5: knight ``i`` has ``keyword`` from an effect this turn or from a static ability now."""
    selects = mods.selectors.selects

    if st.lasting and lasting_total(st, f"kw:{keyword}", i) > 0:
        return True
    if st.table.defn[i] not in selectable(st, f"kw:{keyword}"):
        return False  # no card of the game grants it statically to this knight (``selectable``)
    return any(isinstance(eff, Grant) and eff.keyword == keyword and selects(st, q, eff.target, c, i)
               for q, c, eff in _static_effects(st, f"kw:{keyword}"))
