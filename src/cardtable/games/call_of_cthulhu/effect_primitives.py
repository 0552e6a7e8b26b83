"""The effect primitives (CC-12.5) and the events they cause: what each ``op`` of the card vocabulary does
once its choices are made (``APPLY``, with ``PREP`` for a hidden choice that must be asked first), and
``perform_extra``, step 2 of CC-12.3 for the events the primitives emit.

Split from ``effects_ops.py``, the interpreter that walks an ability's primitives and calls ``APPLY``;
the candidates and costs both use are ``effect_choices.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ...engine import EXHAUSTED, PERMANENT, add_lasting, cancel_event, emit
from . import schema as S
from .effect_choices import (
    HIDDEN_ZONES, Acts, _may_enter, _slot, _who, card_cands, discard_from_hand, domain_cands, hidden_count, legal,
    push_hidden_pick, story_cands,
)
from .effects import duration_of
from .filters import Ctx, source_story, value_of
from .state import INSANE, STORY_ROW_SIZE

if TYPE_CHECKING:
    from .state import CocState

# --- the primitives ------------------------------------------------------------------------------------

Prep = Callable[["CocState", Ctx, Any, dict[str, Any], tuple[Any, ...]], None]
Apply = Callable[["CocState", Ctx, Any, dict[str, Any], Any, tuple[Any, ...], Acts], bool]
PREP: dict[str, Prep] = {}
APPLY: dict[str, Apply] = {}


def _cards(st: "CocState", ctx: Ctx, prim: Any, field: str, picks: dict[str, Any]) -> list[int]:
    """The cards a card-target field designates now (chosen ones still legal; every match if untargeted)."""
    v = getattr(prim, field)
    t = st.table
    if isinstance(v, str):  # (tested as a string: a model == str is pydantic's slow ``__eq__``)
        if v == "self":
            return [ctx.source]
        if v == "host":
            h = t.host[ctx.source]
            return [h] if h >= 0 else []
        if v == "it":
            return [ctx.it] if ctx.it >= 0 else []
        if v == "event_card":
            c = ctx.ev.get("card")
            return [] if c is None else [int(c)]
        return []
    if isinstance(v, S.Filter):
        if v.choose is not None:
            legal_now = set(card_cands(st, prim, field, ctx))
            return [c for c in picks.get(field, ()) if c in legal_now]
        return card_cands(st, prim, field, ctx)
    return []


def _stories(st: "CocState", ctx: Ctx, v: Any, picks: dict[str, Any], field: str) -> list[int]:
    """Slots a story target designates now."""
    if isinstance(v, S.StoryChoice):
        if v.choose is not None:
            return [s for s in (_slot(st, c) for c in picks.get(field, ())) if s >= 0]
        return [_slot(st, c) for c in story_cands(st, v, ctx)]
    if v == "each":
        return [s for s in range(STORY_ROW_SIZE) if st.story_at(s) is not None]
    if v == "event_story":
        slot = ctx.ev.get("slot")
        return [] if slot is None else [int(slot)]
    slot = source_story(st, ctx)
    return [] if slot is None else [slot]


def _domains(st: "CocState", ctx: Ctx, v: Any, picks: dict[str, Any]) -> list[int]:
    if v == "event_domain":
        p, d = ctx.ev.get("player"), ctx.ev.get("domain")
        return [] if p is None or d is None else [3 * int(p) + int(d)]
    if v.choose is not None:
        return list(picks.get("domain", ()))
    return domain_cands(st, v, ctx)


def prim(*ops: str) -> Callable[[Apply], Apply]:
    def register(fn: Apply) -> Apply:
        for op in ops:
            APPLY[op] = fn
        return fn
    return register


def prep(*ops: str) -> Callable[[Prep], Prep]:
    def register(fn: Prep) -> Prep:
        for op in ops:
            PREP[op] = fn
        return fn
    return register


def _emit_each(acts: Acts, st: "CocState", kind: str, key: str, cards: list[int], **extra: Any) -> None:
    def one(c: int) -> Callable[[], None]:
        return lambda: emit(st, kind, **{key: c}, **extra)

    for c in cards:
        acts.append(one(c))


# cards and zones
@prim("draw")
def _draw(st, ctx, p, picks, got, where, acts):  # type: ignore[no-untyped-def]
    ok = True
    n = value_of(st, p.n, ctx)
    players = _who(ctx.player, p.player)
    for q in players:
        ok = ok and len(st.table.cards(f"deck:{q}")) >= n
    if len(players) > 1:  # CC-1.5.1: "each player draws N" is N rounds, one card per player per round
        ap = st.active_player()
        order = tuple(sorted(players, key=lambda q: q != ap))
        for _ in range(n):
            acts.append(lambda: st.push("cc.draw_round", players=order))
        return ok
    for q in players:
        for _ in range(n):
            acts.append(lambda q=q: st.push("cc.draw", player=q))
    return ok


@prep("discard_from_hand")
def _discard_prep(st, ctx, p, picks, where):  # type: ignore[no-untyped-def]
    n = value_of(st, p.n, ctx)
    players = _who(ctx.player, p.player)
    if p.chooser == "random" or len(players) != 1 or n <= 0:
        return
    q = players[0]
    chooser = q if p.chooser == "owner" else 1 - q
    hand = st.table.cards(f"hand:{q}")
    if chooser != q:
        for c in hand:
            st.table.reveal_to(c, [chooser])
    k = min(n, len(hand))
    push_hidden_pick(st, chooser, f"hand:{q}", (), ctx, k, k, f"Choose {k} card{'s' if k > 1 else ''} to discard")


@prim("discard_from_hand")
def _discard(st, ctx, p, picks, got, where, acts):  # type: ignore[no-untyped-def]
    n = value_of(st, p.n, ctx)
    ok = True
    for q in _who(ctx.player, p.player):
        hand = list(st.table.cards(f"hand:{q}"))
        if p.chooser == "random" or got is None:
            st.rng.shuffle(hand)
            cards = tuple(hand[:n])
        else:
            cards = tuple(got)
        ok = ok and len(cards) >= n
        acts.append(lambda q=q, cards=cards: discard_from_hand(st, q, cards))  # after the frame moves on
    return ok


@prim("mill")
def _mill(st, ctx, p, picks, got, where, acts):  # type: ignore[no-untyped-def]
    n = value_of(st, p.n, ctx)
    ok = True
    players = _who(ctx.player, p.player)
    for q in players:
        ok = ok and len(st.table.cards(f"deck:{q}")) >= n
    if len(players) > 1:  # CC-1.5.1: "each player mills N" is N rounds of one card per player
        ap = st.active_player()
        order = tuple(sorted(players, key=lambda q: q != ap))
        for _ in range(n):
            acts.append(lambda: emit(st, "milled", player=order[0], n=1, round=order))
        return ok
    for q in players:
        acts.append(lambda q=q: emit(st, "milled", player=q, n=n))
    return ok


@prep("search_deck")
def _search_prep(st, ctx, p, picks, where):  # type: ignore[no-untyped-def]
    q = _who(ctx.player, p.player)[0]
    for c in st.table.cards(f"deck:{q}"):
        st.table.reveal_to(c, [ctx.player])  # CC-9.8: he looks through the deck
    st.note("deck_searched", {"player": ctx.player, "deck": q})
    push_hidden_pick(st, ctx.player, f"deck:{q}", (*ctx.ref, where + ("filter",)), ctx, 0, p.n,
                     f"{st.card(ctx.source).title}: choose up to {p.n} card{'s' if p.n > 1 else ''} from the deck")


@prim("search_deck")
def _search(st, ctx, p, picks, got, where, acts):  # type: ignore[no-untyped-def]
    from .rules import enter_play

    q = _who(ctx.player, p.player)[0]
    found = [c for c in (got or ()) if st.table.zone_name(c) == f"deck:{q}"]
    entering = []
    for c in found:
        st.table.reveal_to_all(c)
        st.note("found", {"player": ctx.player, "card": c, "title": st.card(c).title, "to": p.to})
        if p.to == "hand":
            st.move_card(c, f"hand:{q}")
            st.table.reveal_to_all(c)
        elif p.to == "discard":
            st.move_card(c, st.discard_zone(c))
        elif _may_enter(st, c, ctx.player) and (st.card(c).type != "support" or st.card(c).attach_to is None):
            st.move_card(c, "resolving")
            entering.append(c)
        else:
            st.move_card(c, st.discard_zone(c))
    st.table.shuffle(f"deck:{q}", st.rng)
    acts.append(lambda: emit(st, "deck_shuffled", player=q))
    for c in entering:
        acts.append(lambda c=c: enter_play(st, c, ctx.player))
    return bool(found)


@prep("look_at_top")
def _look_prep(st, ctx, p, picks, where):  # type: ignore[no-untyped-def]
    q = _who(ctx.player, p.player)[0]
    n = value_of(st, p.n, ctx)
    deck = st.table.cards(f"deck:{q}")
    top = deck[-n:] if n > 0 else []
    for c in top:
        st.table.reveal_to(c, [ctx.player])
    st.note("looked_at_top", {"player": ctx.player, "deck": q, "n": len(top)})
    if p.reorder and len(top) > 1:
        st.push("engine.order", player=ctx.player, items=tuple(range(len(top))), ordered=(), kind="reorder_deck",
                prompt="Put the cards back: choose the new top card first (0 = the current top card)")


@prim("look_at_top")
def _look(st, ctx, p, picks, got, where, acts):  # type: ignore[no-untyped-def]
    q = _who(ctx.player, p.player)[0]
    deck = st.table.cards(f"deck:{q}")
    if got:
        k = len(got)
        top_first = deck[-k:][::-1]
        new = [top_first[j] for j in got]
        st.table.order_top(f"deck:{q}", new[::-1])
    return True


@prim("reveal")
def _reveal(st, ctx, p, picks, got, where, acts):  # type: ignore[no-untyped-def]
    spec = p.cards
    if isinstance(spec, S.Filter):
        zone = spec.zone or "play"
        owner = ctx.player if spec.owner == "you" else 1 - ctx.player
        cards = [c for c in st.table.cards(f"{zone}:{owner}")] if zone in HIDDEN_ZONES else _cards(st, ctx, p, "cards", picks)
    else:
        cards = _cards(st, ctx, p, "cards", picks)
    for c in cards:
        st.table.reveal_to_all(c)
    st.note("revealed", {"cards": list(cards), "titles": [st.card(c).title for c in cards]})
    return True


def _simple(kind: str, field: str = "target", **extra: Any) -> Apply:
    def apply(st, ctx, p, picks, got, where, acts):  # type: ignore[no-untyped-def]
        cards = _cards(st, ctx, p, field, picks)
        _emit_each(acts, st, kind, "card", cards, **{k: (v(p) if callable(v) else v) for k, v in extra.items()})
        return bool(cards) or not _targets(p, field)
    return apply


def _targets(p: Any, field: str) -> bool:
    v = getattr(p, field)
    return not (isinstance(v, S.Filter) and v.choose is None)


APPLY["return_to_hand"] = _simple("returned_to_hand")  # in play, or self from the discard pile
APPLY["shuffle_into_deck"] = _simple("shuffled_into_deck")
APPLY["put_on_deck"] = _simple("put_on_deck", position=lambda p: p.position)
APPLY["destroy"] = _simple("destroyed")
APPLY["sacrifice"] = _simple("sacrificed")
APPLY["discard_from_play"] = _simple("discarded_from_play")
APPLY["drive_insane"] = _simple("goes_insane")
APPLY["restore"] = _simple("restored", ready=lambda p: p.ready)
APPLY["exhaust"] = _simple("exhausted")
APPLY["ready"] = _simple("readied")
APPLY["uncommit"] = _simple("uncommitted")


@prep("put_into_play", "attach_as_resource")
def _from_hand_prep(st, ctx, p, picks, where):  # type: ignore[no-untyped-def]
    spec = p.card
    if isinstance(spec, S.Filter) and spec.choose is not None and p.from_ in HIDDEN_ZONES:
        q = ctx.player if spec.owner != "opponent" and spec.controller != "opponent" else 1 - ctx.player
        zone = f"{p.from_}:{q}"
        lo = 0 if spec.up_to else min(spec.choose, hidden_count(st, zone, spec, ctx))
        push_hidden_pick(st, ctx.player, zone, (*ctx.ref, where + ("card",)), ctx, lo, spec.choose,
                         f"{st.card(ctx.source).title}: choose a card ({p.op.replace('_', ' ')})")


def _hidden_or_public(st: "CocState", ctx: Ctx, p: Any, picks: dict[str, Any], got: Any) -> list[int]:
    spec = p.card
    if isinstance(spec, S.Filter) and spec.choose is not None and p.from_ in HIDDEN_ZONES:
        return [c for c in (got or ()) if st.table.zone_name(c).startswith(p.from_ + ":")]
    return _cards(st, ctx, p, "card", picks)


@prim("put_into_play")
def _put_into_play(st, ctx, p, picks, got, where, acts):  # type: ignore[no-untyped-def]
    from .rules import enter_play

    cards = [c for c in _hidden_or_public(st, ctx, p, picks, got) if _may_enter(st, c, ctx.player)]
    for c in cards:
        st.table.reveal_to_all(c)
        st.move_card(c, "resolving")

        def go(c: int = c) -> None:
            enter_play(st, c, ctx.player, exhausted=p.state == "exhausted")
            if p.state == "insane":
                st.table.set_flag(c, INSANE)
        acts.append(go)
    return bool(cards)


@prim("return_from_discard")
def _return_from_discard(st, ctx, p, picks, got, where, acts):  # type: ignore[no-untyped-def]
    from .rules import enter_play

    cards = _cards(st, ctx, p, "filter", picks)
    for c in cards:
        owner = st.table.owner[c]
        st.note("returned_from_discard", {"card": c, "title": st.card(c).title, "to": p.to})
        if p.to == "hand":
            st.move_card(c, f"hand:{owner}")
            st.table.reveal_to_all(c)
        elif p.to in ("deck_top", "deck_bottom"):
            st.move_card(c, f"deck:{owner}", bottom=p.to == "deck_bottom")
        elif _may_enter(st, c, ctx.player):
            st.move_card(c, "resolving")
            acts.append(lambda c=c: enter_play(st, c, ctx.player))
    return bool(cards)


# characters
@prim("wound")
def _wound(st, ctx, p, picks, got, where, acts):  # type: ignore[no-untyped-def]
    cards = _cards(st, ctx, p, "target", picks)
    n = value_of(st, p.n, ctx)
    _emit_each(acts, st, "wounded", "card", cards, n=n)
    return bool(cards)


@prim("heal")
def _heal(st, ctx, p, picks, got, where, acts):  # type: ignore[no-untyped-def]
    cards = _cards(st, ctx, p, "target", picks)
    for c in cards:
        n = st.wounds(c) if p.n == "all" else value_of(st, p.n, ctx)
        acts.append(lambda c=c, n=n: emit(st, "healed", card=c, n=n))
    return bool(cards)


@prim("move_wound")
def _move_wound(st, ctx, p, picks, got, where, acts):  # type: ignore[no-untyped-def]
    src, dst = _cards(st, ctx, p, "from_", picks), _cards(st, ctx, p, "to", picks)
    if not src or not dst:
        return False
    n = min(value_of(st, p.n, ctx), st.wounds(src[0]))
    acts.append(lambda: emit(st, "wound_moved", source=src[0], card=dst[0], n=n))
    return n > 0


@prim("commit")
def _commit(st, ctx, p, picks, got, where, acts):  # type: ignore[no-untyped-def]
    cards = _cards(st, ctx, p, "target", picks)
    slots = _stories(st, ctx, p.story, picks, "story")
    if not cards or not slots:
        return False
    if st.table.ctrl[cards[0]] != st.active_player() and not st.committed_at(slots[0], st.active_player()):
        return False  # CC-8.5: defenders only where the AP attacks
    _emit_each(acts, st, "committed", "card", cards, slot=slots[0], player=ctx.player, exhaust=p.exhaust, role="effect")
    return True


@prim("take_control")
def _take_control(st, ctx, p, picks, got, where, acts):  # type: ignore[no-untyped-def]
    cards = _cards(st, ctx, p, "target", picks)
    until = PERMANENT if p.duration is None else duration_of(p.duration)
    _emit_each(acts, st, "control_changed", "card", cards, player=ctx.player, until=until)
    return bool(cards)


# stats (lasting effects, CC-5.61)
def _lasting(stat_of: Callable[[Any], list[tuple[str, Any]]]) -> Apply:
    def apply(st, ctx, p, picks, got, where, acts):  # type: ignore[no-untyped-def]
        cards = _cards(st, ctx, p, "target", picks)
        until = duration_of(p.duration)
        for c in cards:
            if st.insane(c):
                continue  # CC-9.1: an insane character's stats cannot be modified
            for stat, amount in stat_of(p):
                if stat in ("kw:heroic", "kw:villainous") and st.heroic_villainous_block(st.table.ctrl[c], c):
                    continue  # CC-7.23.1
                add_lasting(st, stat, c, value_of(st, amount, ctx) if not isinstance(amount, tuple) else amount,
                            until, ctx.source)
        return bool(cards)
    return apply


def _kw_stat(p: Any) -> list[tuple[str, Any]]:
    name = S.keyword_name(p.keyword)
    if name == "toughness":
        return [("toughness", p.keyword.toughness)]
    return [(f"kw:{name}", 1)]


APPLY["modify_skill"] = _lasting(lambda p: [("skill", p.delta)])
APPLY["set_skill"] = _lasting(lambda p: [("set_skill", p.value)])
APPLY["modify_icons"] = _lasting(lambda p: [(f"icon:{k}", p.delta) for k in p.icons])
APPLY["grant_keyword"] = _lasting(_kw_stat)
APPLY["remove_keyword"] = _lasting(lambda p: [(f"lose:{p.keyword}", 1)])
APPLY["blank_text"] = _lasting(lambda p: [("blank", 1)])
APPLY["modify_toughness"] = _lasting(lambda p: [("toughness", p.delta)])


# stories
@prim("add_success")
def _add_success(st, ctx, p, picks, got, where, acts):  # type: ignore[no-untyped-def]
    slots = _stories(st, ctx, p.story, picks, "story")
    n = value_of(st, p.n, ctx)
    for slot in slots:
        for q in _who(ctx.player, p.side):
            for _ in range(n):
                acts.append(lambda slot=slot, q=q: st.push("cc.token", slot=slot, player=q))
    return bool(slots)


@prim("remove_success")
def _remove_success(st, ctx, p, picks, got, where, acts):  # type: ignore[no-untyped-def]
    slots = _stories(st, ctx, p.story, picks, "story")
    n = value_of(st, p.n, ctx)
    for slot in slots:
        for q in _who(ctx.player, p.side):
            acts.append(lambda slot=slot, q=q: emit(st, "success_removed", slot=slot, player=q, n=n))
    return bool(slots)


@prim("move_success")
def _move_success(st, ctx, p, picks, got, where, acts):  # type: ignore[no-untyped-def]
    src = _stories(st, ctx, p.from_story, picks, "from_story")
    dst = _stories(st, ctx, p.to_story, picks, "to_story")
    if not src or not dst or src[0] == dst[0]:
        return False
    q = ctx.player if p.side == "you" else 1 - ctx.player
    n = min(value_of(st, p.n, ctx), st.vars["tokens"][2 * src[0] + q])
    acts.append(lambda: emit(st, "success_moved", slot=src[0], to=dst[0], player=q, n=n))
    return n > 0


def _story_lasting(stat: Callable[[Any], str], amount: Callable[[Any, "CocState", Ctx], Any]) -> Apply:
    def apply(st, ctx, p, picks, got, where, acts):  # type: ignore[no-untyped-def]
        slots = _stories(st, ctx, p.story, picks, "story")
        for slot in slots:
            story = st.story_at(slot)
            if story is not None:
                add_lasting(st, stat(p), story, amount(p, st, ctx), duration_of(p.duration), ctx.source)
        return bool(slots)
    return apply


APPLY["add_boosters"] = _story_lasting(lambda p: f"boost:{p.type}", lambda p, st, ctx: value_of(st, p.n, ctx))
APPLY["remove_struggles"] = _story_lasting(lambda p: f"unboost:{p.type}", lambda p, st, ctx: value_of(st, p.n, ctx))
APPLY["count_icons_as"] = _story_lasting(lambda p: "count_as", lambda p, st, ctx: (p.type_from, p.type_to))


@prim("swap_story")
def _swap_story(st, ctx, p, picks, got, where, acts):  # type: ignore[no-untyped-def]
    slots = _stories(st, ctx, p.story, picks, "story")
    for slot in slots:
        acts.append(lambda slot=slot: emit(st, "story_swapped", slot=slot))
    return bool(slots)


# resources
@prim("attach_as_resource")
def _attach(st, ctx, p, picks, got, where, acts):  # type: ignore[no-untyped-def]
    cards = _hidden_or_public(st, ctx, p, picks, got)
    doms = _domains(st, ctx, p.domain, picks)
    if not cards or not doms:
        return False
    q, d = divmod(doms[0], 3)
    for c in cards:
        if st.table.in_play(c):
            from .rules import leave_play

            leave_play(st, c, "resolving", "attached_as_resource")
        st.table.reveal_to_all(c)
        acts.append(lambda c=c: emit(st, "resource_attached", player=q, card=c, domain=d))
    return True


@prim("remove_resource")
def _remove_resource(st, ctx, p, picks, got, where, acts):  # type: ignore[no-untyped-def]
    cards = _cards(st, ctx, p, "card", picks)
    _emit_each(acts, st, "resource_removed", "card", cards, to=p.to)
    return bool(cards)


@prim("drain_domain", "refresh_domain")
def _domain(st, ctx, p, picks, got, where, acts):  # type: ignore[no-untyped-def]
    doms = _domains(st, ctx, p.domain, picks)
    kind = "domain_drained" if p.op == "drain_domain" else "domain_refreshed"
    done = False
    for code in doms:
        q, d = divmod(code, 3)
        if st.drained(q, d) == (p.op == "refresh_domain"):
            done = True
            acts.append(lambda q=q, d=d: emit(st, kind, player=q, domain=d))
    return done


@prim("modify_cost")
def _modify_cost(st, ctx, p, picks, got, where, acts):  # type: ignore[no-untyped-def]
    add_lasting(st, "cost", f"p{ctx.player}", (value_of(st, p.delta, ctx), p.min, p.scope, (*ctx.ref, where + ("filter",))),
                duration_of(p.duration), ctx.source)
    return True


@prim("grant_resource_match")
def _grant_match(st, ctx, p, picks, got, where, acts):  # type: ignore[no-untyped-def]
    add_lasting(st, "match", f"p{ctx.player}", (*ctx.ref, where + ("filter",)), duration_of(p.duration), ctx.source)
    return True


# control of effects
@prim("cancel")
def _cancel(st, ctx, p, picks, got, where, acts):  # type: ignore[no-untyped-def]
    return cancel_event(st)


@prim("prevent")
def _prevent(st, ctx, p, picks, got, where, acts):  # type: ignore[no-untyped-def]
    until = duration_of(p.duration)
    if p.filter.choose is not None:
        for c in picks.get("filter", ()):
            add_lasting(st, f"prevent:{p.kind}", c, 1, until, ctx.source)
        return bool(picks.get("filter"))
    add_lasting(st, f"prevent:{p.kind}", "filter", (*ctx.ref, where + ("filter",)), until, ctx.source)
    return True


@prim("place_counter", "remove_counter")
def _counter(st, ctx, p, picks, got, where, acts):  # type: ignore[no-untyped-def]
    n = value_of(st, p.n, ctx)
    ok = True
    for c in _cards(st, ctx, p, "target", picks):
        if p.op == "remove_counter":
            ok = ok and st.table.counter(c, p.name) >= n
            n_now = -n
        else:
            n_now = n
        value = st.table.add_counter(c, p.name, n_now)
        st.note("counter", {"card": c, "title": st.card(c).title, "name": p.name, "value": value})
    return ok


# game
@prim("modify_victory_threshold")
def _threshold(st, ctx, p, picks, got, where, acts):  # type: ignore[no-untyped-def]
    for q in _who(ctx.player, p.player):
        add_lasting(st, "threshold", f"p{q}", p.delta, duration_of(p.duration), -1)
    acts.append(lambda: emit(st, "threshold_changed", player=ctx.player))
    return True


@prim("extra_resource_phase_attach")
def _extra_resource(st, ctx, p, picks, got, where, acts):  # type: ignore[no-untyped-def]
    q = ctx.player if p.player == "you" else 1 - ctx.player
    add_lasting(st, "extra_resource", f"p{q}", p.n, "end_of_turn", ctx.source)
    return True


PRIMITIVES = frozenset(APPLY) | {"if", "for_each", "choose_one", "replace"}


# --- the events these primitives cause (perform, step 2 of CC-12.3) ---------------------------------------


def change_control(st: "CocState", c: int, p: int) -> None:
    """Move ``c`` to ``p``'s side keeping its wounds and state; it is uncommitted (a new controller's story)."""
    t = st.table
    keep = {name: v for (i, name), v in t.counters.items() if i == c and name != "story"}
    flags = t.flags[c]
    st.move_card(c, f"play:{p}")
    t.set_ctrl(c, p)
    t.set_flags(c, flags)
    for name, v in keep.items():
        t.add_counter(c, name, v)
    st.note("control_changed", {"card": c, "title": st.card(c).title, "player": p})


def perform_extra(st: "CocState", kind: str, data: dict[str, Any]) -> None:
    from .rules import leave_play

    t = st.table
    c: Any = data.get("card")
    if kind == "milled":
        for p in data.get("round") or (data["player"],):  # a round (CC-1.5.1): one card of each player at once
            for _ in range(data["n"]):
                deck = t.cards(f"deck:{p}")
                if not deck:
                    break
                top = deck[-1]
                st.move_card(top, st.discard_zone(top))
                st.note("milled", {"player": p, "card": top, "title": st.card(top).title})
    elif kind == "healed":
        if t.in_play(c):
            t.add_counter(c, "wounds", -min(data["n"], st.wounds(c)))
            st.note("healed", {"card": c, "title": st.card(c).title, "n": data["n"]})
    elif kind == "wound_moved":
        src = data["source"]
        if t.in_play(src) and t.in_play(c) and not st.has_keyword(c, "invulnerability"):
            n = min(data["n"], st.wounds(src))
            t.add_counter(src, "wounds", -n)
            t.add_counter(c, "wounds", n)
            st.note("wound_moved", {"from": src, "to": c, "n": n})
    elif kind in ("returned_to_hand", "shuffled_into_deck", "put_on_deck"):
        if kind == "returned_to_hand" and t.zone_name(c).startswith("discard:"):  # e.g. Stray Dog, from the pile
            st.move_card(c, f"hand:{t.owner[c]}")
            t.reveal_to_all(c)
            st.note("returned_to_hand", {"card": c, "title": st.card(c).title})
        elif kind == "put_on_deck" and not t.in_play(c):
            st.move_card(c, f"deck:{t.owner[c]}", bottom=data.get("position") == "bottom")
            st.note("put_on_deck", {"card": c, "title": st.card(c).title})
        elif t.in_play(c):
            zone = f"hand:{t.owner[c]}" if kind == "returned_to_hand" else f"deck:{t.owner[c]}"
            leave_play(st, c, zone, kind)
            if kind == "shuffled_into_deck":
                t.shuffle(zone, st.rng)
            else:
                t.reveal_to_all(c)
    elif kind == "control_changed":
        if t.in_play(c) and t.ctrl[c] != data["player"]:
            change_control(st, c, data["player"])
            if data["until"] != PERMANENT:
                add_lasting(st, "control", c, data["player"], data["until"], -1)
    elif kind == "success_removed":
        slot, p = data["slot"], data["player"]
        st.vars["tokens"][2 * slot + p] = max(0, st.vars["tokens"][2 * slot + p] - data["n"])
        st.note("success_removed", {"slot": slot, "player": p, "n": data["n"]})
    elif kind == "success_moved":
        slot, to, p, n = data["slot"], data["to"], data["player"], data["n"]
        if st.story_at(to) is not None:
            n = min(n, st.vars["tokens"][2 * slot + p])
            st.vars["tokens"][2 * slot + p] -= n
            st.vars["tokens"][2 * to + p] += n
            st.note("success_moved", {"from": slot, "to": to, "player": p, "n": n})
    elif kind == "story_swapped":
        _swap(st, data["slot"])
    elif kind == "resource_removed":
        if t.zone_name(c).startswith("res:"):
            dest = f"hand:{t.owner[c]}" if data["to"] == "hand" else st.discard_zone(c)
            st.move_card(c, dest)
            t.reveal_to_all(c)
            st.note("resource_removed", {"card": c, "title": st.card(c).title, "to": data["to"]})
    elif kind == "domain_drained":
        if not st.drained(data["player"], data["domain"]):
            st.drain(data["player"], data["domain"])
    elif kind in ("discarded_from_hand", "deck_shuffled", "threshold_changed"):
        pass
    else:
        raise ValueError(f"unknown Call of Cthulhu event {kind!r}")


def _swap(st: "CocState", slot: int) -> None:
    """swap_story: the story goes to the bottom of the story deck; its tokens, commitments and attachments go; refill."""
    from .rules import clear_story

    story = st.story_at(slot)
    if story is None:
        return
    t = st.table
    clear_story(st, slot, story)
    st.move_card(story, "story_deck", bottom=True)
    st.note("story_swapped", {"slot": slot, "title": st.card(story).title})
    deck = t.cards("story_deck")
    if deck and deck[-1] != story:
        new = deck[-1]
        st.move_card(new, f"row:{slot}")
        t.reveal_to_all(new)
        st.note("story_revealed", {"slot": slot, "title": st.card(new).title})


_ = EXHAUSTED
