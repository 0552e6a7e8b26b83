"""CC-12.6 filters, values and conditions, evaluated against a state for one ability's point of view.

``Ctx`` is the point of view: who controls the ability, its source card, which ability (a reference
into the catalog: definition index and ability index, -1 for a story's win effect), X, the story
the source is committed to (judged when the triggering event occurred, CC-5.6.2), the triggering
event's data and the ``for_each`` card ``it``. Frames carry these as plain values and rebuild a
``Ctx`` when they run.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Sequence

from ...engine import FIRST_GAME_FLAG
from . import schema as S

INSANE = FIRST_GAME_FLAG  # state.INSANE (state imports this module's users; kept free of that cycle)

if TYPE_CHECKING:
    from .state import CocState


@dataclass(slots=True)
class Ctx:
    """Who uses which ability of which card, and what it answers: what an effect's filters and conditions read.
    (Slotted: one or two are made per listed ability and per effect step, and their fields are read per card.)"""

    player: int
    source: int
    ref: tuple[int, int]
    x: int = 0
    slot: int | None = None  # the source's story, when the ability was triggered / started
    ev: dict[str, Any] = field(default_factory=dict)
    it: int = -1


def ability_model(st: "CocState", ref: Sequence[int]) -> Any:
    d = st.game.deftuple[ref[0]]  # type: ignore[attr-defined]
    return d.win_effect if ref[1] < 0 else d.abilities[ref[1]]


def node_at(model: Any, path: Sequence[Any]) -> Any:
    """Walk ``path`` (field names and list positions) from an ability model; a single effect counts as a list of one."""
    node = model
    for step in path:
        if isinstance(step, int):
            node = (node if isinstance(node, list) else [node])[step]
        else:
            node = getattr(node, step)
    return node


def as_list(node: Any) -> list[Any]:
    if node is None:
        return []
    return node if isinstance(node, list) else [node]


def _row_slot(st: "CocState", c: int) -> int | None:
    name = st.table.zone_name(c)
    return int(name[4:]) if name.startswith("row:") else None


def source_story(st: "CocState", ctx: Ctx) -> int | None:
    """``source_story`` / ``this_story``: the slot of the source story, of the story its host sits on,
    or the one the source (or its host) is committed to."""
    if ctx.slot is not None:
        return ctx.slot
    s = ctx.source
    if s < 0:
        return None
    row = _row_slot(st, s)
    if row is not None:
        return row
    host = st.table.host[s]
    if host >= 0:
        row = _row_slot(st, host)
        if row is not None:
            return row
        return st.committed_slot(host)
    return st.committed_slot(s)


def _one_of(value: Any, have: str) -> bool:
    return value is None or (have == value if isinstance(value, str) else have in value)


def _names(value: Any) -> Sequence[str]:
    if value is None:
        return ()
    return (value,) if isinstance(value, str) else tuple(value)


def number_ok(spec: Any, have: int) -> bool:
    if isinstance(spec, int):
        return have == spec
    return (spec.min is None or have >= spec.min) and (spec.max is None or have <= spec.max)


def _in_state(st: "CocState", c: int, state: str) -> bool:
    committed = st.committed_slot(c) is not None
    if state == "ready":
        return not st.exhausted(c) and not st.insane(c)
    if state == "exhausted":
        return st.exhausted(c)
    if state == "insane":
        return st.insane(c)
    if state == "committed":
        return committed
    if state == "uncommitted":
        return not committed
    if state == "attached":
        return st.table.host[c] >= 0
    if state == "wounded":
        return st.wounds(c) > 0
    ap = st.active_player()
    if state == "attacking":
        return committed and st.table.ctrl[c] == ap
    return committed and st.table.ctrl[c] != ap  # defending


def matches_filter(st: "CocState", spec: Any, c: int, *, controller: int, source: int, slot: int | None = None,
                   ev_slot: int | None = None, lki: Any = None) -> bool:
    """Does card ``c`` match the schema ``Filter`` ``spec`` from the point of view of ``controller``?

    The zone is checked only when the filter names one (candidate lists decide where to look). An
    insane character has no faction, subtypes or cost (CC-9.1). ``lki``: for a reaction to an event
    queued during story resolution, who was committed where when it occurred (``[card, slot, seq]``);
    "committed to that story" is then judged on it (CC-5.6.2, D-CT-23), since every character is
    uncommitted by the time the reaction is offered (CC-8.19).

    The test is ``spec``'s compiled form (``compiled_filter``): only the keys the filter states are read.
    """
    if spec is None:
        return True
    hit = _COMPILED.get(id(spec))
    test = hit[1] if hit is not None and hit[0] is spec else compiled_filter(spec)
    return test(st, c, controller, source, slot, ev_slot, lki)


FilterTest = Callable[["CocState", int, int, int, "int | None", "int | None", Any], bool]
_COMPILED: dict[int, tuple[Any, FilterTest]] = {}  # id(filter) -> (filter, its test)
_MAX_COMPILED = 20_000  # far more than the filters of every card of the catalog


def compiled_filter(spec: Any) -> FilterTest:
    """``spec`` turned once into a test ``(st, c, controller, source, slot, ev_slot, lki) -> bool``.

    Filters are card data, never changed once loaded: what they state is read here once, and the test
    makes only the checks they ask for, in ``matches_filter``'s order (interpreting the model on every card
    read each of its two dozen keys, most of them unset). The entry keeps the filter, so its id is not reused.
    """
    hit = _COMPILED.get(id(spec))
    if hit is not None and hit[0] is spec:
        return hit[1]
    test = _compile(spec)
    if len(_COMPILED) >= _MAX_COMPILED:  # a filter built on the fly, again and again, must not fill memory
        _COMPILED.clear()
    _COMPILED[id(spec)] = (spec, test)
    return test


def _set_of(value: Any) -> frozenset[str] | None:
    """``_one_of``'s accepted values as a set (None: anything)."""
    return None if value is None else frozenset(_names(value))


def _compile(spec: Any) -> FilterTest:
    types, factions, not_factions = _set_of(spec.type), _set_of(spec.faction), _set_of(spec.not_faction)
    subtype, title, unique, not_self, zone = spec.subtype, spec.title, spec.unique, spec.not_self, spec.zone
    sides = tuple((value == "you", k) for k, value in enumerate((spec.controller, spec.owner))
                  if value is not None and value != "any")  # (must be the viewer's?, 0 controller / 1 owner)
    attached_to, committed, committed_to = spec.attached_to, spec.committed, spec.committed_to
    states, has_kw, lacks_kw = _names(spec.state), _names(spec.has_keyword), _names(spec.lacks_keyword)
    skill, wounds, cost = spec.skill, spec.wounds, spec.cost
    icons = () if spec.icons is None else tuple(
        (k, getattr(spec.icons, name)) for k, name in enumerate(S.STRUGGLES) if getattr(spec.icons, name) is not None)
    character_only = bool(spec.state or spec.committed or spec.committed_to or spec.skill is not None
                          or spec.icons is not None or spec.wounds is not None or spec.has_keyword)
    character_keys = bool(states or committed is not None or committed_to is not None or skill is not None
                          or wounds is not None or icons or has_kw or lacks_kw)
    zone_prefix = None if zone is None else zone + ":"

    def test(st: "CocState", c: int, controller: int, source: int, slot: int | None, ev_slot: int | None,
             lki: Any) -> bool:
        t = st.table
        d = st.game.deftuple[t.defn[c]]  # type: ignore[attr-defined]
        dtype = d.type
        if types is not None and dtype not in types:  # the commonest refusal, before anything else is looked up
            return False
        in_play = t.in_play_zone[t.zone[c]]
        insane = in_play and bool(t.flags[c] & INSANE)
        if factions is not None or not_factions is not None:
            faction = "none" if insane else d.faction
            if factions is not None and faction not in factions:
                return False
            if not_factions is not None and faction in not_factions:
                return False
        if subtype is not None and (insane or subtype not in d.subtypes):
            return False
        if title is not None and title != d.title:
            return False
        if unique is not None and unique != d.unique:
            return False
        for mine, k in sides:
            if dtype == "story":
                return False  # a story has neither controller nor owner
            who = (t.ctrl[c] if in_play else t.owner[c]) if k == 0 else t.owner[c]
            if (who == controller) != mine:
                return False
        if not_self and c == source:
            return False
        if zone is not None:
            here = t.decls[t.zone[c]].name
            if zone == "play":
                if not in_play:
                    return False
            elif zone == "resource":
                if not here.startswith("res:"):
                    return False
            elif zone == "hand" and here == "resolving":
                pass  # a card being played from hand is declared face up (D-CT-16) but still "played from hand"
            elif not here.startswith(zone_prefix):  # type: ignore[arg-type]
                return False
        if attached_to is not None:
            host = source if attached_to == "self" else t.host[source]
            if host < 0 or t.host[c] != host:
                return False
        if dtype == "character" and in_play:
            if character_keys:
                for state in states:
                    if not _in_state(st, c, state):
                        return False
                if committed is not None and (st.committed_slot(c) is not None) != committed:
                    return False
                if committed_to is not None:
                    want = ev_slot if committed_to == "event_story" else slot
                    if want is None or (st.committed_slot(c) if lki is None else lki_slot_of(st, lki, c)) != want:
                        return False
                if skill is not None and not number_ok(skill, st.skill(c)):
                    return False
                if wounds is not None and not number_ok(wounds, st.wounds(c)):
                    return False
                for k, want_n in icons:
                    if not number_ok(want_n, st.icons(c, k)):
                        return False
                for kw in has_kw:
                    if not st.has_keyword(c, kw):
                        return False
                for kw in lacks_kw:
                    if st.has_keyword(c, kw):
                        return False
        elif character_only:
            return False
        if cost is not None and not number_ok(cost, 0 if insane else d.cost):
            return False
        return True

    return test


def lki_slot_of(st: "CocState", lki: Any, c: int) -> int | None:
    """The slot card ``c`` was committed to when a queued event occurred (None if it was not, or if it has
    left play since: a card that comes back is a new object, CC-3.2, told apart by its ``seq``)."""
    for entry in lki:
        if entry[0] == c:
            return int(entry[1]) if len(entry) < 3 or st.table.counter(c, "seq") == entry[2] else None
    return None


def filter_in(st: "CocState", spec: Any, c: int, ctx: Ctx) -> bool:
    """``matches_filter`` from an ability's point of view (the source's story is looked up only for a
    filter that reads it: ``committed_to``)."""
    if spec is None:
        return True
    hit = _COMPILED.get(id(spec))
    test = hit[1] if hit is not None and hit[0] is spec else compiled_filter(spec)
    if spec.committed_to is None:  # then neither the source's story nor the event's is read
        return test(st, c, ctx.player, ctx.source, None, None, None)
    ev = ctx.ev
    return test(st, c, ctx.player, ctx.source, source_story(st, ctx), ev.get("slot"), ev.get("lki"))


def zone_cards(st: "CocState", spec: Any, default: str = "play") -> list[int]:
    """Where a filter looks: in play (default), discard piles, resources, hands or decks."""
    t = st.table
    zone = spec.zone if spec is not None and spec.zone is not None else default
    if zone == "play":
        zid, zones = t.zone_ids, t.zones
        out = zones[zid["play:0"]] + zones[zid["play:1"]]  # a new list
        if spec is not None and _one_of(spec.type, "story") and spec.type is not None:
            out += [s for k in range(3) for s in t.cards(f"row:{k}")]
        return out
    if zone == "resource":
        return [r for p in range(2) for d in range(3) for r in t.cards(f"res:{p}:{d}")]
    return list(t.cards(f"{zone}:0")) + list(t.cards(f"{zone}:1"))


def count_matching(st: "CocState", spec: Any, ctx: Ctx) -> int:
    return sum(1 for c in zone_cards(st, spec) if filter_in(st, spec, c, ctx))


def _who(player: int, value: str) -> int:
    return player if value == "you" else 1 - player


def story_slot_ref(st: "CocState", ref: str, ctx: Ctx) -> int | None:
    if ref == "event_story":
        v = ctx.ev.get("slot")
        return None if v is None else int(v)
    return source_story(st, ctx)


def value_of(st: "CocState", v: Any, ctx: Ctx) -> int:
    """CC-12.6 values: constants, X, counts of cards, tokens, resources, won stories, hand size, overpaid."""
    if isinstance(v, bool):
        return int(v)
    if isinstance(v, int):
        return v
    if isinstance(v, str):  # (tested as a string: a model == str is pydantic's slow ``__eq__``)
        return ctx.x if v == "X" else 0
    if not isinstance(v, S.ValueExpr):
        return 0
    n = 0
    if v.count is not None:
        n = count_matching(st, v.count, ctx)
    elif v.tokens is not None:
        slot = story_slot_ref(st, v.tokens.story, ctx)
        n = 0 if slot is None else st.vars["tokens"][2 * slot + _who(ctx.player, v.tokens.side)]
    elif v.resources is not None:
        p = _who(ctx.player, v.resources.player)
        if v.resources.faction is None:
            n = sum(st.resource_count(p, d) for d in range(3))
        else:
            n = sum(st.faction_cards(p, d, v.resources.faction) for d in range(3))
    elif v.won_stories is not None:
        n = len(st.table.cards(f"won:{_who(ctx.player, v.won_stories)}"))
    elif v.hand_size is not None:
        n = len(st.table.cards(f"hand:{_who(ctx.player, v.hand_size)}"))
    elif v.overpaid is not None:
        n = int(ctx.ev.get("overpaid", 0) or 0)
    elif v.counters is not None:
        n = st.table.counter(ctx.source, v.counters)
    return n * v.times


def condition_holds(st: "CocState", cond: Any, ctx: Ctx) -> bool:
    """CC-12.6 conditions: every stated part must hold."""
    if cond is None:
        return True
    if cond.phase is not None and st.vars["phase"] != cond.phase:
        return False
    if cond.active_player is not None and (st.active_player() == ctx.player) != (cond.active_player == "you"):
        return False
    if cond.self_state is not None:
        s = ctx.source
        if not st.table.in_play(s) or st.card(s).type != "character" or not _in_state(st, s, cond.self_state):
            return False
    if cond.all_controlled is not None:
        mine = st.table.cards(f"play:{ctx.player}")
        if not all(filter_in(st, cond.all_controlled, c, ctx) for c in mine):
            return False
    if cond.value is not None:
        have = value_of(st, cond.value, ctx)
        for name, op in (("at_least", lambda a, b: a >= b), ("at_most", lambda a, b: a <= b),
                         ("equals", lambda a, b: a == b), ("more_than", lambda a, b: a > b),
                         ("less_than", lambda a, b: a < b)):
            other = getattr(cond, name)
            if other is not None and not op(have, value_of(st, other, ctx)):
                return False
    if cond.all_of is not None and not all(condition_holds(st, c, ctx) for c in cond.all_of):
        return False
    if cond.any_of is not None and not any(condition_holds(st, c, ctx) for c in cond.any_of):
        return False
    if cond.not_ is not None and condition_holds(st, cond.not_, ctx):
        return False
    return True
