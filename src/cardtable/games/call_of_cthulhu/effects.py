"""Card abilities (CC-12): compiled once from the card data into engine abilities, and the queries the rules ask.

``compile_abilities`` turns each definition's schema abilities into engine ``Ability`` values (the
schema model itself is the ``program``: catalog data, never state). The interpreter that carries
them out is ``effects_ops.py``; filters, values and conditions are ``filters.py``. Passive abilities
are never stored: ``passive_total`` and friends compute them from the cards in play and the stories
in the row whenever asked, so they cannot go stale (engine rule).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ...core import IllegalActionError
from ...engine import FIRST_GAME_FLAG, PERMANENT, WHILE_SOURCE, Ability, LazyModules, lasting_total
from . import schema as S
from .filters import (
    Ctx, ability_model, condition_holds, matches_filter, node_at, source_story, value_of,
)

if TYPE_CHECKING:
    from .defs import Defs
    from .state import CocState

__all__ = ["compile_abilities", "unsupported_cards", "passive_total", "cost_modifiers", "has_match_grant",
           "prevented", "icons_counted_as", "event_playable", "choose_event_targets", "resolve_event", "can_use",
           "use_ability", "start_win_effect", "perform_effect_event", "matches_filter", "card_was_played",
           "return_control", "duration_of"]

mods: Any = LazyModules(__package__)  # the game's modules, for calls that would make an import cycle
LIMITS = {"once_per_turn": "end_of_turn", "once_per_phase": "end_of_phase", "once_per_story": "end_of_story",
          "limit_1_per_turn": "end_of_turn"}


def duration_of(duration: Any, passive: bool = False) -> str:
    """CC-5.61 / CC-12.6: the engine timing that ends a lasting effect (non-passive default: the phase)."""
    if duration is None or isinstance(duration, S.WhileCondition):
        return WHILE_SOURCE if passive else "end_of_phase"
    return {"until_end_of_phase": "end_of_phase", "until_end_of_turn": "end_of_turn",
            "until_end_of_story": "end_of_story", "while_attached": WHILE_SOURCE, "while_committed": WHILE_SOURCE,
            "while_in_play": WHILE_SOURCE, "permanent": PERMANENT}[duration]


# --- compiling (once, at load) ----------------------------------------------------------------------


def _trigger_test(trigger: Any) -> Callable[..., bool]:
    """The ``when`` test of one schema trigger: does event (kind, data) answer it for ``source``?"""

    def who_ok(value: str, player: Any, source_ctrl: int) -> bool:
        if value == "any" or player is None:
            return True
        return (player == source_ctrl) == (value == "you")

    # the trigger's optional keys, read once: a key its model lacks is a failed attribute look-up (pydantic's
    # ``__getattr__`` raising), dear on every event this trigger is tested against
    trigger_filter, trigger_story = getattr(trigger, "filter", None), getattr(trigger, "story", "any")
    filter_self = isinstance(trigger_filter, str) and trigger_filter == "self"  # (not a model's slow ``==``)
    story_ref = trigger_story if isinstance(trigger_story, str) else None  # "source_story", "this_story", "any"...

    def when(st: "CocState", source: int, kind: str, data: dict[str, Any]) -> bool:
        t = st.table
        me = t.ctrl[source]
        f = trigger_filter
        if f is not None:
            card = data.get("card")
            if card is None:
                return False
            if filter_self:
                if card != source:
                    return False
            elif isinstance(f, S.Filter):
                if not matches_filter(st, f, card, controller=me, source=source, slot=_lki_slot(st, source, data)):
                    return False
        player = data.get("player")
        ev = trigger.event
        if ev in ("turn_start", "turn_end", "phase_start", "phase_end", "card_drawn", "discarded_from_hand"):
            if not who_ok(trigger.player, player, me):
                return False
            if ev.startswith("phase") and data.get("phase") != trigger.phase:
                return False
        elif ev in ("struggle_won", "struggle_lost"):
            who = data.get("winner") if ev == "struggle_won" else data.get("player")
            if not who_ok(trigger.player, who, me) or trigger.type not in ("any", data.get("type")):
                return False
        elif ev == "story_won":
            if not who_ok(trigger.player, player, me):
                return False
            if story_ref == "this_story" and data.get("story") != source:
                return False
        elif ev == "success_token_placed" and not who_ok(trigger.side, player, me):
            return False
        elif ev in ("resource_attached", "domain_drained", "domain_refreshed") and not who_ok(trigger.controller, player, me):
            return False
        story = story_ref
        if story == "source_story" and data.get("slot") != _lki_slot(st, source, data):
            return False
        if story == "this_story" and ev != "story_won" and data.get("slot") != _row_slot(st, source):
            return False
        return True

    return when


def _lki_slot(st: "CocState", source: int, data: dict[str, Any]) -> int | None:
    """CC-5.6.2: the story ``source`` was committed to when the event occurred (queued events keep it)."""
    lki = data.get("lki")
    if lki is not None:
        from .filters import lki_slot_of

        return lki_slot_of(st, lki, source)
    return st.committed_slot(source)


def _row_slot(st: "CocState", c: int) -> int | None:
    name = st.table.zone_name(c)
    return int(name[4:]) if name.startswith("row:") else None


def _condition_test(cond: Any, ref: tuple[int, int]) -> Callable[..., bool]:
    def test(st: "CocState", source: int, player: int) -> bool:
        return condition_holds(st, cond, Ctx(player, source, ref))
    return test


def compile_abilities(defs: "Defs") -> list[tuple[Ability, ...]]:
    """Engine abilities per definition (index = definition)."""
    out: list[tuple[Ability, ...]] = []
    for d in defs.defs:
        abilities = []
        for k, ab in enumerate(d.abilities):
            trigger = ab.trigger
            zones: tuple[str, ...] | None = None
            if d.type == "event" or ab.zone == "hand":
                zones = ("hand:{p}",)
            elif ab.zone == "discard":
                zones = ("discard:{p}",)
            elif (trigger is not None and ab.kind in ("reaction", "forced") and getattr(trigger, "filter", None) == "self"
                  and trigger.event in ("destroyed", "sacrificed", "leaves_play")):
                zones = ("discard:{p}",)  # "after this card is sacrificed": it answers from the discard pile
            abilities.append(Ability(
                kind=ab.kind, index=k, event=trigger.event if trigger is not None else None,
                when=_trigger_test(trigger) if trigger is not None else None,
                condition=_condition_test(ab.condition, (d.index, k)) if ab.condition is not None and ab.kind != "passive" else None,
                limit=LIMITS.get(ab.limit) if ab.limit else None, optional=ab.kind != "forced", zones=zones,
                program=ab, text=d.text))
        out.append(tuple(abilities))
    return out


def unsupported_cards(defs: "Defs") -> list[str]:
    """Cards using a primitive, cost or trigger the interpreter does not carry out (none, by design)."""
    from .effects_ops import PRIMITIVES

    bad = []
    for d in defs.defs:
        models = list(d.abilities) + ([d.win_effect] if d.win_effect is not None else [])
        for m in models:
            for e in S.walk_effects([m.effect, m.then]):
                if e.op not in PRIMITIVES:
                    bad.append(f"{d.id} ({d.title}): {e.op}")
    return bad


# --- passive abilities (computed on demand) ---------------------------------------------------------

INSANE = FIRST_GAME_FLAG  # state.INSANE (state imports this module, so it cannot be imported from there)
_PASSIVE_STATS = {"modify_skill": "skill", "modify_toughness": "toughness", "blank_text": "blank"}
_busy: set[tuple[str, int]] = set()


def _passive_sources(st: "CocState", pdefs: frozenset[int] | None = None) -> list[tuple[int, int]]:
    """(source, definition) of every card in play or story in the row with a passive ability that works now.

    ``pdefs`` narrows the search to the definitions that can matter to the caller (by default every one
    with a passive ability); the order of the sources is the same either way.
    """
    if pdefs is None:
        pdefs = (st.table.defs_memo or st.facts()).passive_defs
    t = st.table
    memo = st.stamped()  # which cards of ``pdefs`` are where: zones and definitions only, kept for the table's stamp
    key = ("passive", pdefs)
    cands = memo.get(key)
    if cands is None:  # (a passive total asks for every character of a struggle with the table unchanged)
        defn, zones = t.defn, t.zones
        cands = []
        for z in st.PASSIVE_ZONES:
            for i in zones[z]:
                d = defn[i]
                if d in pdefs:
                    cands.append((i, d))
        memo[key] = cands
    if not cands:
        return []
    flags, lasting = t.flags, st.lasting
    out = []
    for i, d in cands:  # flags and lasting effects are not stamped: read now
        if not flags[i] & INSANE and not (lasting and lasting_total(st, "blank", i) > 0):
            out.append((i, d))
    return out


def passive_stats(compiled_defs: Any) -> dict[str, frozenset[int]]:
    """stat -> the definitions whose passive abilities change it (built once: ``passive_total``'s cheap gate)."""
    out: dict[str, set[int]] = {}
    for d in compiled_defs:
        for ab in d.abilities:
            if ab.kind != "passive":
                continue
            for e in ab.effect if isinstance(ab.effect, list) else [ab.effect]:
                if e.op == "modify_cost":
                    out.setdefault("cost", set()).add(d.index)
                for s, _amount in _stat_of(e):
                    out.setdefault(s, set()).add(d.index)
    return {s: frozenset(v) for s, v in out.items()}


def _stat_of(e: Any) -> list[tuple[str, Any]]:
    """(stat, amount) pairs a passive primitive gives its targets."""
    op = e.op
    if op in _PASSIVE_STATS:
        return [(_PASSIVE_STATS[op], getattr(e, "delta", 1))]
    if op == "modify_icons":
        return [(f"icon:{k}", e.delta) for k in e.icons]
    if op == "grant_keyword":
        return [(f"kw:{S.keyword_name(e.keyword)}", 1)]
    if op == "remove_keyword":
        return [(f"lose:{e.keyword}", 1)]
    return []


def _targets_card(st: "CocState", target: Any, c: int, ctx: Ctx) -> bool:
    t = st.table
    if isinstance(target, str):  # (a filter model compared with a string is pydantic's slow ``__eq__``)
        if target == "host":
            return t.host[ctx.source] == c
        if target == "self":
            return c == ctx.source
        return False
    if isinstance(target, S.Filter):
        return t.in_play(c) and matches_filter(st, target, c, controller=t.ctrl[ctx.source], source=ctx.source,
                                               slot=source_story(st, ctx) if target.committed_to is not None else None)
    return False


def passive_total(st: "CocState", stat: str, i: int) -> int:
    """What passive abilities in play add to ``stat`` of card ``i`` (CC-7.21)."""
    pdefs = (st.table.defs_memo or st.facts()).passive_stat_defs.get(stat)
    if not pdefs:  # no card of the pool changes this stat passively
        return 0
    key = (stat, i)
    if key in _busy:  # a filter asking about the very stat it changes: no self-reference
        return 0
    sources = _passive_sources(st, pdefs)  # (reads no passive total: found before the guard is set)
    if not sources:  # no such card in play now (the common case)
        return 0
    _busy.add(key)
    try:
        total = 0
        deftuple = st.game.deftuple  # type: ignore[attr-defined]
        for source, d in sources:
            for k, ab in enumerate(deftuple[d].abilities):
                if ab.kind != "passive":
                    continue
                ctx = Ctx(st.table.ctrl[source], source, (d, k))
                effects = ab.effect if isinstance(ab.effect, list) else [ab.effect]
                for e in effects:
                    for s, amount in _stat_of(e):
                        if s != stat or not _targets_card(st, e.target, i, ctx):
                            continue
                        if ab.condition is not None and not condition_holds(st, ab.condition, ctx):
                            continue
                        total += value_of(st, amount, ctx)
        return total
    finally:
        _busy.discard(key)


def cost_sources(st: "CocState") -> list[tuple[int, int]]:
    """The cards whose passive abilities may change costs now (``cost_modifiers``'s ``sources``)."""
    cost_defs = (st.table.defs_memo or st.facts()).passive_stat_defs.get("cost")
    return _passive_sources(st, cost_defs) if cost_defs else []


def cost_modifiers(st: "CocState", i: int, sources: list[tuple[int, int]] | None = None) -> tuple[int, bool]:
    """(total change to the printed cost, whether a "minimum 1" reduction applies) — CC-6.10.

    ``sources``: ``cost_sources(st)``, when the caller prices several cards of one unchanged state."""
    delta, floor = 0, False
    p = st.table.owner[i]
    deftuple = st.game.deftuple  # type: ignore[attr-defined]
    cost_defs = (st.table.defs_memo or st.facts()).passive_stat_defs.get("cost")
    if cost_defs:
        for source, d in _passive_sources(st, cost_defs) if sources is None else sources:
            for k, ab in enumerate(deftuple[d].abilities):
                if ab.kind != "passive":
                    continue
                ctx = Ctx(st.table.ctrl[source], source, (d, k))
                for e in ab.effect if isinstance(ab.effect, list) else [ab.effect]:
                    if e.op == "modify_cost" and matches_filter(st, e.filter, i, controller=ctx.player, source=source):
                        if ab.condition is None or condition_holds(st, ab.condition, ctx):
                            delta += value_of(st, e.delta, ctx)
                            floor = floor or (e.min == 1 and e.delta != 0)
    key = f"p{p}" if st.lasting else ""
    for e in st.lasting:
        if e[0] == "cost" and e[1] == key:
            amount, minimum, _scope, fref = e[2]
            f = node_at(ability_model(st, (fref[0], fref[1])), fref[2])
            if matches_filter(st, f, i, controller=p, source=e[4]):
                delta += amount
                floor = floor or minimum == 1
    return delta, floor


def card_was_played(st: "CocState", p: int, i: int) -> None:
    """A card was played: "the next card ... costs 1 less" effects it used are spent (scope next)."""
    keep = []
    for e in st.lasting:
        if e[0] == "cost" and e[1] == f"p{p}" and e[2][2] == "next":
            fref = e[2][3]
            f = node_at(ability_model(st, (fref[0], fref[1])), fref[2])
            if matches_filter(st, f, i, controller=p, source=e[4]):
                continue
        keep.append(e)
    st.lasting = keep


def has_match_grant(st: "CocState", i: int) -> bool:
    """CC-6.7: does an effect grant resource match to card ``i``?"""
    p = st.table.owner[i]
    for e in st.lasting:
        if e[0] == "match" and e[1] == f"p{p}":
            fref = e[2]
            f = node_at(ability_model(st, (fref[0], fref[1])), fref[2])
            if matches_filter(st, f, i, controller=p, source=e[4]):
                return True
    return False


def prevented(st: "CocState", what: str, i: int) -> bool:
    """Is ``what`` ("commit", "wound", ...) prevented for card ``i`` by a ``prevent`` effect (CC-12.4 "cannot")?"""
    stat = f"prevent:{what}"
    for e in st.lasting:
        if e[0] != stat:
            continue
        if e[1] == i:
            return True
        if e[1] == "filter":
            fref = e[2]
            f = node_at(ability_model(st, (fref[0], fref[1])), fref[2])
            if matches_filter(st, f, i, controller=st.table.ctrl[e[4]] if e[4] >= 0 else 0, source=e[4]):
                return True
    return False


def icons_counted_as(st: "CocState", i: int, kind: int, slot: int) -> int:
    """Card ``i``'s strength in a struggle of ``kind`` at ``slot``: ``count_icons_as`` turns one type into another."""
    STRUGGLES = mods.defs.STRUGGLES

    if not st.lasting:
        return st.icons(i, kind)
    story = st.story_at(slot)
    n = st.icons(i, kind)
    for e in st.lasting:
        if e[0] == "count_as" and e[1] == story:
            src, dst = e[2]
            if STRUGGLES[kind] == src:
                n = 0
            elif STRUGGLES[kind] == dst:
                n += st.icons(i, STRUGGLES.index(src))
    return n


def return_control(st: "CocState", timing: str) -> None:
    """Control effects of ``timing`` end: each card goes back to its owner's side (before ``expire`` drops them)."""
    if not st.lasting:
        return
    change_control = mods.effects_ops.change_control
    for e in [e for e in st.lasting if e[0] == "control" and e[3] == timing]:
        c = e[1]
        if st.table.in_play(c) and st.table.ctrl[c] != st.table.owner[c]:
            change_control(st, c, st.table.owner[c])


# --- entry points the rules call (effects_ops carries them out) -------------------------------------------


def event_playable(st: "CocState", p: int, i: int) -> IllegalActionError | None:
    """Why action event ``i`` cannot be played now (its condition, costs or targets, CC-6.11)."""
    startable = mods.effects_ops.startable

    d = st.card(i)
    ab = st.abilities_of(i)
    if not ab:
        return IllegalActionError("CC-12.1", f"{d.title} has no text to resolve")
    if not startable(st, p, i, (d.index, 0), {}, include_card_cost=False):
        return IllegalActionError("CC-6.11", f"{d.title}: its condition, extra costs or targets are not met now")
    return None


def event_startable(st: "CocState", p: int, i: int) -> bool:
    """``event_playable(st, p, i) is None`` without building the refusal (listing legal plays needs only yes or no)."""
    if not st.abilities_of(i):
        return False
    return bool(mods.effects_ops.startable(st, p, i, (st.card(i).index, 0), {}, include_card_cost=False))


def choose_event_targets(st: "CocState", p: int, i: int) -> None:
    """Push the target choices and extra costs of action event ``i``; returns the bound targets (CC-6.11)."""
    st.push("cc.use", player=p, source=i, ref=(st.table.defn[i], 0), stage="targets", mode="play", bound=(),
            ci=0, ev=(), slot=-1, x=0)


def resolve_event(st: "CocState", p: int, i: int, data: dict[str, Any]) -> None:
    """Carry out event ``i`` with its bound targets; cc.play's cleanup then discards it (CC-7.41)."""
    st.push("cc.use", player=p, source=i, ref=(st.table.defn[i], 0), stage="effect", mode="resolve",
            bound=tuple(data.get("targets") or ()), ci=0, ev=(("overpaid", data.get("overpaid", 0)),), slot=-1,
            x=data.get("x", 0))


def can_use(st: "CocState", player: int, source: int, ability: Ability, kind: str | None, data: Any) -> bool:
    startable = mods.effects_ops.startable

    d = st.game.deftuple[st.table.defn[source]]  # type: ignore[attr-defined]  # (``st.card``, read inline)
    if ability.kind == "action" and d.type == "event":
        return False  # action events are played (cc.play), not used
    if ability.program.limit == "limit_1_per_turn" and lasting_total(st, "title_limit", _title_key(st, player, source, ability)):
        return False  # CC-12.6: "limit 1 per turn" counts every copy of the title (D-CT-24)
    ev = dict(data) if data else {}
    return startable(st, player, source, (d.index, ability.index), ev, include_card_cost=d.type == "event")


def _title_key(st: "CocState", player: int, source: int, ability: Ability) -> str:
    return f"p{player}:{st.card(source).title}:{ability.index}"


def use_ability(st: "CocState", player: int, source: int, ability: Ability, kind: str | None, data: Any) -> None:
    d = st.card(source)
    if ability.program.limit == "limit_1_per_turn":  # CC-12.6: per title and player, until the end of the turn
        from ...engine import add_lasting

        add_lasting(st, "title_limit", _title_key(st, player, source, ability), 1, "end_of_turn")
    ev = tuple(data) if data else ()
    slot = _lki_slot(st, source, dict(ev)) if d.type != "story" else None
    st.note("ability", {"player": player, "card": source, "title": d.title, "kind": ability.kind})
    st.push("cc.use", player=player, source=source, ref=(d.index, ability.index),
            stage="declare" if d.type == "event" else "targets", mode="use", bound=(), ci=0, ev=ev,
            slot=-1 if slot is None else slot, x=0)


def start_win_effect(st: "CocState", p: int, story: int) -> None:
    """CC-8.20 step 6, CC-7.3: the winner resolves the story's win effect ("may": he is asked)."""
    we = st.card(story).win_effect
    if we is None:
        return
    st.push("cc.use", player=p, source=story, ref=(st.table.defn[story], -1), stage="optional", mode="win", bound=(),
            ci=0, ev=(), slot=-1, x=0)


def perform_effect_event(st: "CocState", kind: str, data: dict[str, Any]) -> None:
    from .effects_ops import perform_extra

    perform_extra(st, kind, data)
