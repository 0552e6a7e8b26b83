"""Static abilities (MA-15.3) and keywords (MA-15.5): continuous, computed from the cards in play.

Why computed and never stored: a static ability works exactly while its source is in an allowed
zone (and its condition holds), so reading it from the table when a value is needed can never go
stale; a ``grant`` by an effect is a lasting entry ``kw:<keyword>`` until end of turn instead.
"""

from __future__ import annotations

from typing import Iterator

from ...engine import lasting_total
from .schema import Ability, Grant, ModifyKnight
from .state import MaState, mods


def _static_effects(st: MaState) -> Iterator[tuple[int, int, ModifyKnight | Grant]]:
    """(controller, source, effect) of every static ability working now."""
    works_here = mods.effects.works_here
    holds = mods.selectors.holds

    for q in range(2):
        lead = st.leader(q)
        for c in ([lead] if lead is not None else []) + st.knights(q, "battle") + st.knights(q, "base") \
                + list(st.table.cards(f"chain:{q}")):
            for ab in st.card(c).abilities:
                if ab.kind == "static" and works_here(st, c, ab) and holds(st, q, ab.condition, c):
                    for eff in ab.effects:
                        assert isinstance(eff, (ModifyKnight, Grant))
                        yield q, c, eff


def static_total(st: MaState, stat: str, i: int) -> int:
    """The static ``skill``/``defence`` bonus on knight ``i`` (MA-9.9 arithmetic, added to the raw value)."""
    knights_for = mods.selectors.knights_for

    if not any(ab.kind == "static" for q in range(2) for ab in _all_abilities(st, q)):
        return 0
    total = 0
    for q, c, eff in _static_effects(st):
        if isinstance(eff, ModifyKnight) and i in knights_for(st, q, eff.target, c):
            amount = eff.skill if stat == "skill" else eff.defence
            assert isinstance(amount, int)  # statics use plain numbers (schema)
            total += amount
    return total


def _all_abilities(st: MaState, q: int) -> Iterator[Ability]:
    t = st.table
    for zone in ("leader", "battle", "base", "chain"):
        for c in t.cards(f"{zone}:{q}"):
            yield from st.card(c).abilities


def has_keyword(st: MaState, i: int, keyword: str) -> bool:
    """MA-15.5: knight ``i`` has ``keyword`` from an effect this turn or from a static ability now."""
    knights_for = mods.selectors.knights_for

    if lasting_total(st, f"kw:{keyword}", i) > 0:
        return True
    return any(isinstance(eff, Grant) and eff.keyword == keyword and i in knights_for(st, q, eff.target, c)
               for q, c, eff in _static_effects(st))
