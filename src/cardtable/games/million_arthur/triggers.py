"""Triggered abilities (MA-12.5, MA-12.8; events of MA-15.4 as far as this slice runs them).

``fire`` collects, at the moment events happen, every triggered ability that answers one of them and
pushes one ``ma.triggers`` frame: the turn player's abilities resolve first, then the other player's
(MA-12.5); a player with several orders them (the engine's ``Order`` prompt); each resolves completely
before the next. Triggers are mandatory unless ``optional`` ("may": a yes/no question), and resolve
even if their source has left play since (MA-12.8): the effects are read from the card definition.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Sequence

from ...engine import Frame, is_used, mark_used
from ...engine.prompts import Order, YesNo
from .catalog import Pool
from .schema import Ability
from .effects import push_effects, works_here
from .selectors import holds
from .state import OPS, MaState

Happening = tuple[Any, ...]  # (event, player of the event, card or -1, origin or "", [amount]) (MA-15.4)


@lru_cache(maxsize=8)
def _triggering(pool: Pool) -> tuple[dict[int, tuple[tuple[int, Ability], ...]], frozenset[str]]:
    """Per definition with a triggered ability, its (index, ability) pairs of that kind; and the events any
    of them answers. Computed once per pool (a pool is immutable), so ``matches`` skips every other card
    without reading its definition."""
    by_def: dict[int, tuple[tuple[int, Ability], ...]] = {}
    for d in pool.defs:
        found = tuple((k, ab) for k, ab in enumerate(d.abilities) if ab.kind == "triggered" and ab.trigger is not None)
        if found:
            by_def[d.index] = found
    events = {ab.trigger.event for found in by_def.values() for _, ab in found if ab.trigger is not None}
    return by_def, frozenset(events)


# The areas ``ability_sources`` reads, in its order, and the zone ids of each per seat.
_SOURCE_AREAS = ("leader", "battle", "base", "chain")


def _works_in(kind: str, ab: Ability, area: str) -> bool:
    """Could ``ab`` of a card of ``kind`` work in ``area`` (the zone half of ``works_here``, per definition)?"""
    if ab.zones:
        return area in ab.zones
    return area == ("leader" if kind == "leader" else "battle")


@lru_cache(maxsize=8)
def _window_defs(pool: Pool) -> dict[str, tuple[frozenset[int], ...]]:
    """Per event, per area of ``_SOURCE_AREAS``: the definitions with a triggered ability on that event that
    can work in that area. A trigger window reads only those cards; every other card's abilities would all
    fail the event test or ``works_here``, so skipping them finds the same (controller, source, ability)."""
    by_def, _ = _triggering(pool)
    out: dict[str, list[set[int]]] = {}
    for d_index, found in by_def.items():
        kind = pool.defs[d_index].kind
        for _, ab in found:
            assert ab.trigger is not None
            sets = out.setdefault(ab.trigger.event, [set() for _ in _SOURCE_AREAS])
            for a, area in enumerate(_SOURCE_AREAS):
                if _works_in(kind, ab, area):
                    sets[a].add(d_index)
    return {e: tuple(frozenset(s) for s in sets) for e, sets in out.items()}


_EMPTY: tuple[frozenset[int], ...] = tuple(frozenset() for _ in _SOURCE_AREAS)


@lru_cache(maxsize=8)
def _windows(pool: Pool) -> dict[frozenset[str], tuple[frozenset[int], ...]]:
    """A memo of ``_window`` per pool: the sets of simultaneous events a game meets are few."""
    return {}


@lru_cache(maxsize=8)
def _named_windows(pool: Pool) -> dict[tuple[str, ...], tuple[frozenset[str], tuple[frozenset[int], ...],
                                                               dict[int, tuple[tuple[int, Ability], ...]],
                                                               frozenset[int], frozenset[int], frozenset[int]]]:
    """Per pool, ``matches``'s memo from the tuple of event names of a call to (their set, ``_window``,
    ``_triggering``'s abilities per definition, the same for every key: one look-up instead of two, the
    union of the window's four area sets, for the game-wide ``present_defs`` test, and that union split by
    ``_bound``: the definitions with an ability on one of the events for any card, and those whose only such
    abilities answer an event of the card itself)."""
    return {}


def _bound(events: frozenset[str], defs: frozenset[int], trig_defs: dict[int, tuple[tuple[int, Ability], ...]]
           ) -> tuple[frozenset[int], frozenset[int]]:
    """``defs`` split in two: those with an ability on one of ``events`` that is not ``this``-bound, and the
    rest, whose abilities on them answer only an event naming the source card itself (``trig.this``).

    Why: most abilities on the common events are ``this``-bound ("when this knight is deployed", "when this
    card becomes a chain card"), so when no card of the game has a definition of the first set, only the
    cards the happenings name could answer, and a window whose cards have none of the second set finds
    nobody without reading a zone."""
    anyone: set[int] = set()
    own: set[int] = set()
    for d in defs:
        for _, ab in trig_defs[d]:
            trig = ab.trigger
            assert trig is not None
            if trig.event in events:
                (own if trig.this else anyone).add(d)
    return frozenset(anyone), frozenset(own - anyone)


def _window(pool: Pool, events: frozenset[str]) -> tuple[frozenset[int], ...]:
    """``_window_defs`` for simultaneous events: per area, the union of their definitions (``_EMPTY`` itself
    when no card could answer any of them anywhere, so a window nobody answers costs one look-up)."""
    memo = _windows(pool)
    found = memo.get(events)
    if found is None:
        table = _window_defs(pool)
        parts = [table.get(e, _EMPTY) for e in events]
        found = tuple(frozenset().union(*(p[a] for p in parts)) for a in range(len(_SOURCE_AREAS)))
        found = memo[events] = found if any(found) else _EMPTY
    return found


def matches(st: MaState, happenings: Sequence[Happening]) -> list[tuple[int, int, int]]:
    """(controller, source, ability index) of every triggered ability answering one of ``happenings``.

    Why the early outs: this runs at every event of every game; most events and most cards have no
    triggered ability, and skipping them changes nothing found (the tests are plain queries, so testing
    the event and the area before the zone, condition and limit changes no result). The cards read are
    those ``ability_sources`` lists, in its order, narrowed per area to the definitions that have an
    ability on one of the events able to work there (``_window``)."""
    out: list[tuple[int, int, int]] = []
    pool = st.game.pool  # type: ignore[attr-defined]
    names = tuple([h[0] for h in happenings])
    memo = _named_windows(pool)
    hit = memo.get(names)
    if hit is None:  # the event names in the order given: a tuple key, no frozenset built per call
        if len(memo) >= 4096:
            memo.clear()  # a bound, never reached in practice: the combinations a game meets are few
        events = frozenset(names)
        window, trig_defs = _window(pool, events), _triggering(pool)[0]
        anywhere = frozenset().union(*window)
        hit = memo[names] = (events, window, trig_defs, anywhere, *_bound(events, anywhere, trig_defs))
    events, window, trig_defs, anywhere, for_anyone, for_itself = hit
    if window is _EMPTY:
        return out
    present = st.present_defs()
    if anywhere.isdisjoint(present):
        return out  # no card of the game has a definition that could answer: no seat's zones need reading
    defn = st.table.defn
    if for_anyone.isdisjoint(present) and not any(h[2] >= 0 and defn[h[2]] in for_itself for h in happenings):
        return out  # only ``this``-bound abilities are in the game, and no card named here has one
    tp = int(st.vars["active"])  # ``active_player``
    sources_in, may_source = st.sources_in, st.may_source
    for q in (tp, 1 - tp):
        if not may_source(q, window):
            continue  # no card of ``q`` could answer: ``sources_in`` would list none
        for c in sources_in(q, window):
            for k, ab in trig_defs[defn[c]]:
                trig = ab.trigger
                assert trig is not None  # ``_triggering`` keeps only abilities with a trigger
                if trig.event not in events or not works_here(st, c, ab) \
                        or not holds(st, q, ab.condition, c) or _spent(st, c, k, ab.limit):
                    continue
                for h in happenings:
                    event, player, card, origin = h[:4]
                    if trig.event != event:
                        continue
                    if trig.player == "self" and player != q or trig.player == "opponent" and player != 1 - q:
                        continue
                    if trig.this and card != c or trig.from_ is not None and trig.from_ != origin:
                        continue
                    if trig.source is not None and trig.source != origin \
                            or trig.amount_at_least is not None and (h[4] if len(h) > 4 else 0) < trig.amount_at_least:
                        continue  # D-MA-67: what changed HP, and by how much
                    out.append((q, c, k))
    return out


def _spent(st: MaState, c: int, k: int, limit: str | None) -> bool:
    """MA-15.3 ``limit`` on a triggered ability, counted per source card (MA-12.9)."""
    return limit == "once_per_turn" and is_used(st, c, k, "turn_end") or limit == "once_per_game" \
        and is_used(st, c, k, "game")


@lru_cache(maxsize=8)
def _event_defs(pool: Pool) -> dict[str, tuple[frozenset[int], frozenset[int]]]:
    """Per event, ``_bound`` of its window's definitions: (those with an ability on it for any card, those
    whose abilities on it answer only events naming their own card). A pool is immutable: computed once."""
    by_def = _triggering(pool)[0]
    return {e: _bound(frozenset([e]), frozenset().union(*sets), by_def) for e, sets in _window_defs(pool).items()}


@lru_cache(maxsize=8)
def _live_memo(pool: Pool) -> dict[frozenset[int], tuple[frozenset[str], dict[str, frozenset[int]]]]:
    """``live``'s answers per ``present_defs``, per pool (a game meets one set of definitions)."""
    return {}


def live(st: MaState) -> tuple[frozenset[str], dict[str, frozenset[int]]]:
    """The events a card of this game could answer for any card, and per event the game's definitions whose
    abilities on it answer only events naming their own card. A function of the pool and ``present_defs``
    alone (every change to ``table.defn`` gives a new ``present_defs``), so kept under them."""
    pool = st.game.pool  # type: ignore[attr-defined]
    present = st.present_defs()
    memo = _live_memo(pool)
    got = memo.get(present)
    if got is None:
        if len(memo) >= 256:
            memo.clear()  # a bound: a game has one set of definitions (a deal sampler redraws some)
        anyone: set[str] = set()
        itself: dict[str, frozenset[int]] = {}
        for e, (for_anyone, for_itself) in _event_defs(pool).items():
            if not for_anyone.isdisjoint(present):
                anyone.add(e)
            own = for_itself & present
            if own:
                itself[e] = own
        got = memo[present] = (frozenset(anyone), itself)
    return got


def may_answer(st: MaState, happenings: Sequence[Happening]) -> bool:
    """False when surely no ability answers ``happenings``: ``matches`` would find nothing.

    Why: four calls of ``fire`` in five find nobody, because no card of the game has an ability on these
    events, or only abilities on the card itself and the events name other cards. A found ability answers a
    happening of its event; it is in ``live``'s first set, or answers only a happening naming its own card,
    whose definition is then in the second: so a call none of whose happenings passes either test finds
    nothing (a test compares this with ``matches``)."""
    anyone, itself = live(st)
    defn = st.table.defn
    for h in happenings:
        event = h[0]
        if event in anyone:
            return True
        own = itself.get(event)
        if own is not None and h[2] >= 0 and defn[h[2]] in own:
            return True
    return False


def fire(st: MaState, happenings: Sequence[Happening]) -> None:
    """Push the resolution of every ability triggered by ``happenings`` (nothing if none)."""
    if not happenings or not may_answer(st, happenings):
        return  # no event, or nothing of this game can answer them (``matches`` would find nothing)
    found = matches(st, happenings)
    if found:
        st.push("ma.triggers", pending=tuple(x for item in found for x in item), stage="next")


def _items(pending: Any) -> list[tuple[int, int, int]]:
    return [(pending[i], pending[i + 1], pending[i + 2]) for i in range(0, len(pending), 3)]


@OPS.step("ma.triggers")
def _triggers(st: MaState, frame: Frame) -> None:
    items = _items(frame["pending"])
    stage = frame["stage"]
    if stage == "ordered":  # the controller's chosen order for his group comes back from ``Order``
        group_len = len(frame.got)
        rest = items[group_len:]
        chosen = [items[i] for i in frame.got]
        st.replace(frame.evolve(pending=tuple(x for it in chosen + rest for x in it), stage="resolve", sorted=True))
        return
    if stage == "asked":  # a "may" trigger: the yes/no answer
        q, c, k = items[0]
        _next(st, frame, items[1:], q)
        if frame.got:
            _resolve(st, q, c, k)
        return
    if not items:
        st.pop()
        return
    q = items[0][0]
    group = [i for i, it in enumerate(items) if it[0] == q]
    if stage == "next" and len(group) > 1 and not frame.get("sorted"):
        st.replace(frame.evolve(stage="ordered"))  # MA-12.5: the controller orders his simultaneous triggers
        st.push(Order.name, player=q, items=tuple(group), ordered=(), kind="order_triggers",
                prompt="Order your triggered abilities (first chosen resolves first)")
        return
    q, c, k = items[0]
    if st.card(c).abilities[k].optional:
        st.replace(frame.evolve(stage="asked"))
        st.push(YesNo.name, player=q, kind="optional_trigger",
                prompt=f"Use {st.card(c).name}'s triggered ability? ({st.card(c).text})" if st.card(c).text
                else f"Use {st.card(c).name}'s triggered ability?")
        return
    _next(st, frame, items[1:], q)
    _resolve(st, q, c, k)


def _next(st: MaState, frame: Frame, rest: list[tuple[int, int, int]], q: int) -> None:
    """Drop the item being resolved; the order stays settled only while the same player's group lasts."""
    same_group_left = bool(rest) and rest[0][0] == q
    st.replace(frame.evolve(pending=tuple(x for it in rest for x in it), stage="next",
                            sorted=bool(frame.get("sorted")) and same_group_left))


def _resolve(st: MaState, q: int, c: int, k: int) -> None:
    limit = st.card(c).abilities[k].limit
    if _spent(st, c, k, limit):
        return  # two triggers of one limited ability at once: only the first resolves
    if limit is not None:
        mark_used(st, c, k, "turn_end" if limit == "once_per_turn" else "game")
    st.note("triggered", {"player": q, "card": c, "name": st.card(c).name, "ability": k})
    push_effects(st, q, st.table.defn[c], f"ability:{k}", c)
