"""Selectors and conditions of the card data (MA-15.2, MA-15.6), read against the live state.

Why a module of its own: effects (MA-15.5), static abilities (MA-15.3) and conditions all select
knights the same way, and a selector must mean one thing wherever it is written. ``src`` is the
card whose text is being read (``-1`` when there is none, e.g. a copied effect), for ``this``/``other``.
"""

from __future__ import annotations

from ...engine import lasting_total
from .catalog import CardDef
from .schema import (AllOf, ChainCount, ChainCountAtLeast, ColourInBattle, Combine, Condition, CountOf, HpTest,
                     IntOrValue, IsTurnPlayer, KnightCountAtLeast, KnightFilter, KnightSelector, LeaderTypeIs, Not,
                     SourceSkill, SourceTest)
from ...engine import NO_CARD
from .state import AREAS_BY_ZONE, ZONE_ID, MaState

# zone id -> the seat it belongs to (the fixed two-seat layout of ``state.zones_for``)
_ZONE_SEAT: dict[int, int] = {z: p for ids in ZONE_ID.values() for p, z in enumerate(ids)}
# a selector's ``zone`` -> the areas it reads (``knights_for``'s table)
_SELECTOR_AREAS = {"battle": ("battle",), "base": ("base",), "battle_or_base": ("battle", "base")}


def players_of(st: MaState, controller: int, who: str) -> list[int]:
    """MA-15.2 player selectors, relative to the effect's controller."""
    tp = st.active_player()
    return {"self": [controller], "opponent": [1 - controller], "turn_player": [tp], "non_turn_player": [1 - tp],
            "each": [0, 1]}[who]


def one_player(st: MaState, controller: int, who: str) -> int:
    return players_of(st, controller, who)[0]


def knights_for(st: MaState, controller: int, sel: KnightSelector, src: int = -1) -> list[int]:
    """Every knight ``sel`` can select now (before ``count`` is applied), oldest first per area."""
    owners = {"self": [controller], "opponent": [1 - controller], "any": [controller, 1 - controller]}[sel.owner]
    areas = {"battle": ("battle",), "base": ("base",), "battle_or_base": ("battle", "base")}[sel.zone]
    f = sel.filter
    out = []
    for q in owners:
        for area in areas:
            for j in st.knights(q, area):
                if not card_matches(st.card(j), f, st.colour(j) if f.colour is not None else None) \
                        or f.state is not None and (f.state == "rested") != st.rested(j) \
                        or f.evolved is not None and f.evolved != bool(st.under(j)) \
                        or f.this and j != src or f.other and j == src:
                    continue
                out.append(j)
    return out


def selects(st: MaState, controller: int, sel: KnightSelector, src: int, i: int) -> bool:
    """``i in knights_for(st, controller, sel, src)``, asked of the one card: is ``i`` a knight (no host) of
    an area and a seat ``sel`` reads, passing its filter? Why: the static-ability reads (``static_total``,
    ``has_keyword``) ask it of one knight per effect, and building every selected knight to test one was
    most of their cost. The same tests as ``knights_for`` on ``j = i``, so the same answer (a test compares
    the two on seeded positions)."""
    t = st.table
    if t.host[i] != NO_CARD:
        return False
    z = t.zone[i]
    if AREAS_BY_ZONE[z] not in _SELECTOR_AREAS[sel.zone]:
        return False
    seat, owner = _ZONE_SEAT[z], sel.owner
    if owner == "self" and seat != controller or owner == "opponent" and seat != 1 - controller:
        return False
    f = sel.filter
    return not (not card_matches(st.card(i), f, st.colour(i) if f.colour is not None else None)
                or f.state is not None and (f.state == "rested") != st.rested(i)
                or f.evolved is not None and f.evolved != bool(st.under(i))
                or f.this and i != src or f.other and i == src)


def card_matches(d: CardDef, f: KnightFilter, colour: str | None = None) -> bool:
    """The printed-card keys of a filter (MA-15.2): skill, colour, Arthur type, name and cost;
    ``colour`` is a knight's current colour when an effect changed it (``change_colour``, D-MA-65)."""
    return not (f.skill is not None and d.skill not in f.skill
                or f.colour is not None and (colour or d.colour) not in f.colour
                or f.arthur_type is not None and d.arthur_type not in f.arthur_type
                or f.name is not None and d.name != f.name
                or f.cost_max is not None and d.cost > f.cost_max
                or f.cost_min is not None and d.cost < f.cost_min)


def holds(st: MaState, controller: int, cond: Condition | None, src: int = -1) -> bool:
    """MA-15.6: whether ``cond`` is true now for the ability of ``controller`` (no condition: true)."""
    if cond is None:
        return True
    if isinstance(cond, AllOf):
        results = (holds(st, controller, c, src) for c in cond.of)
        return all(results) if cond.test == "and" else any(results)
    if isinstance(cond, Not):
        return not holds(st, controller, cond.of, src)
    if isinstance(cond, KnightCountAtLeast):
        return len(knights_for(st, controller, cond.target, src)) >= cond.n
    if isinstance(cond, SourceTest):
        if src < 0 or st.area(src) not in ("base", "battle"):
            return False
        if cond.test == "is_evolved":
            return bool(st.under(src))
        return lasting_total(st, "moved_from_base", src) > 0
    q = one_player(st, controller, cond.player)
    if isinstance(cond, HpTest):
        value = st.hp(q) if cond.test.startswith("hp") else len(st.table.cards(f"hand:{q}"))
        return value <= cond.n if cond.test.endswith("at_most") else value >= cond.n
    if isinstance(cond, ChainCountAtLeast):
        chain = st.table.cards(f"chain:{q}")
        n = sum(1 for i in chain if cond.face == "any" or st.face_down(i) == (cond.face == "down"))
        return n >= cond.n
    if isinstance(cond, LeaderTypeIs):
        lead = st.leader(q)
        return lead is not None and st.card(lead).arthur_type == cond.type
    if isinstance(cond, IsTurnPlayer):
        return st.active_player() == q
    assert isinstance(cond, ColourInBattle)
    return any(st.colour(j) == cond.colour for j in st.knights(q, "battle"))


def value_of(st: MaState, controller: int, v: IntOrValue, src: int = -1) -> int:
    """MA-15.2 values, read when the part using them resolves."""
    if isinstance(v, int):
        return v
    if isinstance(v, CountOf):
        return len(knights_for(st, controller, v.target, src))
    if isinstance(v, SourceSkill):
        if src < 0:
            return 0
        in_play = st.area(src) in ("base", "battle")
        return st.skill_value(src) if in_play else st.card(src).skill_value
    if isinstance(v, Combine):
        parts = [value_of(st, controller, x, src) for x in v.of]
        if v.value == "add":
            return sum(parts)
        if v.value == "sub":
            return parts[0] - sum(parts[1:])
        if v.value == "times":
            out = 1
            for x in parts:
                out *= x
            return out
        return min(parts) if v.value == "min" else max(parts)
    q = one_player(st, controller, v.player)
    if isinstance(v, ChainCount):
        return sum(1 for i in st.table.cards(f"chain:{q}") if v.face == "any" or st.face_down(i) == (v.face == "down"))
    if v.value == "hp":
        return st.hp(q)
    if v.value == "hand_size":
        return len(st.table.cards(f"hand:{q}"))
    if v.value == "capacity":
        return st.capacity(q)
    return len({st.colour(j) for j in st.knights(q, "battle")} - {"colourless"})
