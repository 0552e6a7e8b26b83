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
from .state import ZONE_ID, MaState, mods

# The zones where a static ability may work (leader, battle, base and chain areas of both seats), as zone ids.
_WORKING_ZONES = tuple(z for q in range(2) for area in ("leader", "battle", "base", "chain") for z in (ZONE_ID[area][q],))


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


def _static_effects(st: MaState) -> Iterator[tuple[int, int, ModifyKnight | Grant]]:
    """(controller, source, effect) of every static ability working now."""
    works_here = mods.effects.works_here
    holds = mods.selectors.holds
    statics, defn = _static_abilities(st.pool), st.table.defn

    for q in range(2):
        for c in st.ability_sources(q, statics):
            for ab in statics[defn[c]]:
                if works_here(st, c, ab) and holds(st, q, ab.condition, c):
                    for eff in ab.effects:
                        assert isinstance(eff, (ModifyKnight, Grant))
                        yield q, c, eff


def _any_static(st: MaState) -> bool:
    """Is a card with a static ability anywhere it could work (leader, battle, base or chain areas)?"""
    statics, t = _static_abilities(st.pool), st.table
    defn, zones = t.defn, t.zones
    return any(defn[c] in statics for z in _WORKING_ZONES for c in zones[z])


def static_total(st: MaState, stat: str, i: int) -> int:
    """The static ``skill``/``defence`` bonus on knight ``i`` (MA-9.9 arithmetic, added to the raw value)."""
    knights_for = mods.selectors.knights_for

    if not _any_static(st):
        return 0
    total = 0
    for q, c, eff in _static_effects(st):
        if isinstance(eff, ModifyKnight) and i in knights_for(st, q, eff.target, c):
            amount = eff.skill if stat == "skill" else eff.defence
            assert isinstance(amount, int)  # statics use plain numbers (schema)
            total += amount
    return total


def has_keyword(st: MaState, i: int, keyword: str) -> bool:
    """MA-15.5: knight ``i`` has ``keyword`` from an effect this turn or from a static ability now."""
    knights_for = mods.selectors.knights_for

    if lasting_total(st, f"kw:{keyword}", i) > 0:
        return True
    if not _any_static(st):
        return False
    return any(isinstance(eff, Grant) and eff.keyword == keyword and i in knights_for(st, q, eff.target, c)
               for q, c, eff in _static_effects(st))
