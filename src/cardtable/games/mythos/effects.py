"""Values that effects change while they last: combat (MY-6.4.3, MY-9.11) and tome capacity (MY-5.11
step 4), read from the lasting effects in force and from the ``static`` effects of active cards.

Why computed: a static effect applies exactly while its card is active (MY-3.3, MY-12.1 ``STATIC``), so
it is read from the cards in play when asked and can never go stale (the engine's passive rule).

Precedence (MY-0.4, MY-6.9.7, D-MY-90): two ``set_combat`` effects on one card conflict. A god's wins
over any other; between gods, the earlier-played god's (its ``entered`` counter); between non-god
effects, the latest one. ``modify_combat`` changes never conflict: they all add to the value set.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterator

from ...engine import FACE_DOWN, NO_CARD
from .catalog import CardDef
from .requirements import holds, matches
from .state import COMBAT_OPS, FIELD_AREAS, ZONE, MyState


def active_cards(st: MyState, p: int) -> list[int]:
    """MY-3.3: ``p``'s face-up field cards outside the Story Deck, plus the current location."""
    t = st.table
    out = [i for z in FIELD_AREAS for i in t.cards(ZONE[z][p]) if not t.flags[i] & FACE_DOWN]
    cur = st.current_location(p)
    if cur is not None:
        out.append(cur)
    if st.lasting and any(e[0] == "negate_effects" for e in st.lasting):
        from .primitives import negated

        out = [i for i in out if not negated(st, i)]  # MY-12.5 NEGATE_EFFECTS: no statics, no triggers
    return out


def whose_seats(st: MyState, p: int, whose: str) -> list[int]:
    order = st.seat_order(p)
    return [p] if whose == "self" else order[1:] if whose == "each_opponent" else order


@lru_cache(maxsize=None)
def static_ops(d: CardDef) -> frozenset[str]:
    """The primitive ops of a card's ``static`` effects (cached: a pure function of the definition), so
    the cards without one are passed over without reading their conditions."""
    return frozenset(prim.op for eff in d.effects if eff.trigger == "static" for prim in eff.do)


def statics(st: MyState, op: str | frozenset[str]) -> Iterator[tuple[int, int, Any]]:
    """(controller, source card, primitive) of every ``static`` effect doing ``op`` (one op, or any of a
    set) in force now."""
    ops = frozenset((op,)) if isinstance(op, str) else op
    if ops.isdisjoint(st.facts().static_ops):
        return  # no card of the game has such a static effect
    t = st.table
    for p in range(st.players):
        # ``active_cards`` in its order, but only the cards with such a static effect (most have none;
        # the state checks ask this after every turn, so the others are passed over before any other read)
        found = [i for z in FIELD_AREAS for i in t.cards(ZONE[z][p])
                 if not ops.isdisjoint(static_ops(st.card(i))) and not t.flags[i] & FACE_DOWN]
        cur = st.current_location(p)
        if cur is not None and not ops.isdisjoint(static_ops(st.card(cur))):
            found.append(cur)
        if found and st.lasting and any(e[0] == "negate_effects" for e in st.lasting):
            from .primitives import negated

            found = [i for i in found if not negated(st, i)]  # MY-12.5 NEGATE_EFFECTS
        for i in found:
            d = st.card(i)
            for eff in d.effects:
                if eff.trigger == "static" and holds(st, p, eff.condition):
                    for prim in eff.do:
                        if prim.op in ops:
                            yield p, i, prim


def _reaches(st: MyState, p: int, prim: Any, i: int) -> bool:
    """A combat primitive of player ``p`` reaches card ``i`` (an ally-area or Threat card of ``whose``)."""
    t = st.table
    owner = t.owner[i]
    if owner not in whose_seats(st, p, prim.whose) or t.host[i] != NO_CARD:
        return False
    if not t.zone_name(i).startswith(("ally:", "threat:")):
        return False
    return matches(st.card(i), prim.filter, st.type_of(i))


def entered(st: MyState, i: int) -> int:
    return int(st.table.counters.get((i, "entered"), 0))


# ``COMBAT_OPS`` (the ops that set or change a combat value) is defined in ``state``: ``DeckFacts`` reads it


def printed_combat(st: MyState, i: int) -> int:
    """MY-6.4.3: the printed value plus the bonus of its weapon, before any effect."""
    out = st.card(i).combat
    for a in st.table.attachments(i):
        if st.card(a).type == "weapon":
            out += st.card(a).combat_bonus
    return out


def combat_value(st: MyState, i: int) -> int:
    """MY-6.4.3: the set value (by precedence) or printed + weapon bonus; then every modification."""
    return combat_values(st, [i])[0]


def combat_values(st: MyState, cards: list[int]) -> list[int]:
    """``combat_value`` of each card, the static effects in force read once for all of them (one pass)."""
    if not cards:
        return []
    in_force = list(statics(st, COMBAT_OPS))
    if not in_force and not any(e[0] == "set_combat" or e[0] == "modify_combat" for e in st.lasting):
        # nothing sets or changes a value: ``_combat`` would add nothing to the printed value + weapon bonus
        return [printed_combat(st, i) for i in cards]
    return [_combat(st, i, in_force) for i in cards]


def _combat(st: MyState, i: int, in_force: list[tuple[int, int, Any]]) -> int:
    base = printed_combat(st, i)
    god_sets, other, mod = [], [], 0
    for p, src, prim in in_force:
        if not _reaches(st, p, prim, i):
            continue
        if prim.op == "modify_combat":
            mod += prim.n
        elif st.card(src).type == "god":
            god_sets.append((entered(st, src), src, prim.n))
        else:
            other.append(prim.n)
    if god_sets:
        base = min(god_sets)[2]  # MY-6.9.7: the earlier-played god's effect
    else:
        other += [e[2] for e in st.lasting if e[0] == "set_combat" and e[1] == i]
        if other:
            base = other[-1]  # D-MY-90: the latest non-god setting
    return base + mod + sum(e[2] for e in st.lasting if e[0] == "modify_combat" and e[1] == i)


def capacity_change(st: MyState, owner: int) -> int:
    out = sum(e[2] for e in st.lasting if e[0] == "capacity" and e[1] == f"p{owner}")
    return out + sum(prim.n for p, _src, prim in statics(st, "modify_capacity")
                     if owner in whose_seats(st, p, prim.whose))
