"""What an effect may choose and what it costs (CC-6.11, CC-6.12, CC-12.4): the candidates of every
choice a primitive asks for (public cards, stories, domains), the hidden pick in a hand or a searched deck
(``cc.hand_pick``: progress in the chooser's secrets), and the payment of an ability's costs.

Split from ``effects_ops.py`` (the interpreter, which asks these questions) and ``effect_primitives.py``
(the changes, which act on the answers): both read this module, it reads neither.
"""

from __future__ import annotations

from itertools import islice
from typing import TYPE_CHECKING, Any, Callable, Iterator

from ...core import Action
from ...engine import EXHAUSTED, FIRST_GAME_FLAG, Frame, emit, pick
from ...engine.ops import HiddenPick
from . import schema as S
from .filters import Ctx, _names, _one_of, ability_model, as_list, compiled_filter, filter_in, node_at, source_story, zone_cards
from .state import OPS, STORY_ROW_SIZE

if TYPE_CHECKING:
    from .state import CocState

CARD_FIELDS = ("target", "from_", "to", "card", "cards", "filter")
STORY_FIELDS = ("story", "from_story", "to_story")
NO_CHOICE_FILTER = ("search_deck", "for_each", "modify_cost", "grant_resource_match")
HIDDEN_ZONES = ("hand", "deck")
INSANE = FIRST_GAME_FLAG  # state.INSANE
Acts = list[Callable[[], None]]

def _ctx(frame: Frame) -> Ctx:
    args = frame.args
    slot = args["slot"]
    return Ctx(args["player"], args["source"], tuple(args["ref"]), args.get("x") or 0,  # type: ignore[arg-type]
               None if slot is None or slot < 0 else slot, dict(args.get("ev") or ()), args.get("it", -1))


def _who(player: int, value: str) -> list[int]:
    return [player, 1 - player] if value == "each" else [player if value == "you" else 1 - player]


# --- choices --------------------------------------------------------------------------------------------


_CHOICE_FIELDS: dict[int, tuple[Any, list[tuple[str, str]]]] = {}  # id(prim) -> (prim, its choice fields)


def choice_fields(prim: Any) -> list[tuple[str, str]]:
    """The public choices a primitive needs: (field, "card" | "story" | "domain"), in field order.

    Primitives are card data, never changed once loaded, so the answer is kept (with the primitive,
    so its id cannot be reused while the entry lives).
    """
    hit = _CHOICE_FIELDS.get(id(prim))
    if hit is not None and hit[0] is prim:
        return hit[1]
    out = _choice_fields(prim)
    _CHOICE_FIELDS[id(prim)] = (prim, out)
    return out


def _choice_fields(prim: Any) -> list[tuple[str, str]]:
    out = []
    for name in type(prim).model_fields:
        v = getattr(prim, name)
        if name in CARD_FIELDS and isinstance(v, S.Filter) and v.choose is not None and prim.op not in NO_CHOICE_FILTER:
            if v.zone not in HIDDEN_ZONES:
                out.append((name, "card"))
        elif name in STORY_FIELDS and isinstance(v, S.StoryChoice) and v.choose is not None:
            out.append((name, "story"))
        elif name == "domain" and isinstance(v, S.DomainChoice) and v.choose is not None:
            out.append((name, "domain"))
    return out


def top_specs(model: Any) -> list[tuple[int, str, str]]:
    """(step, field, kind) of the choices made before costs: those of the top-level effect list."""
    return [(k, f, kind) for k, prim in enumerate(as_list(model.effect)) for f, kind in choice_fields(prim)]


def legal(st: "CocState", prim: Any, field: str, c: int, ctx: Ctx) -> bool:
    """Beyond the filter: may ``c`` be chosen for this primitive ("cannot" is absolute, CC-12.4, CC-7.23)?"""
    t = st.table
    op = prim.op
    if op in ("return_from_discard", "put_on_deck") or (op == "remove_resource"):
        return True
    if op == "put_into_play":
        return _may_enter(st, c, ctx.player)
    if not t.in_play(c):
        return False
    char = st.card(c).type == "character"
    if op == "wound" or (op == "move_wound" and field == "to"):
        return char and not st.has_keyword(c, "invulnerability") and not st.effects_prevented("wound", c)
    if op == "move_wound":
        return st.wounds(c) > 0
    if op == "drive_insane":
        return char and not st.insane(c) and not st.effects_prevented("go_insane", c)
    if op == "restore":
        from .rules import restorable

        return st.insane(c) and restorable(st, c)
    if op == "ready":
        return st.exhausted(c) and not st.insane(c)
    if op == "exhaust":
        return not st.exhausted(c) and not st.insane(c)
    if op == "commit":
        return char and not st.insane(c) and st.committed_slot(c) is None and st.can_commit(c)
    if op == "uncommit":
        return st.committed_slot(c) is not None
    if op == "heal":
        return st.wounds(c) > 0
    if op == "take_control":
        return t.ctrl[c] != ctx.player and _may_enter(st, c, ctx.player)
    if op == "destroy":
        return not st.effects_prevented("destroy", c)
    return True


def _may_enter(st: "CocState", c: int, p: int) -> bool:
    """CC-10.2, CC-7.23: uniqueness and Heroic/Villainous also bind put-into-play and take-control."""
    d = st.card(c)
    if d.unique and st.controls_title(p, d.title, excluding=c):
        return False
    return not (d.type == "character" and st.heroic_villainous_block(p, c))


def _wounded(t: Any, c: int) -> bool:
    return t.counters.get((c, "wounds"), 0) > 0


# (primitive, field) -> a flag or counter test that ``legal`` makes too and that most cards fail ("heal a
# wounded character": seldom is one wounded): ``card_cands`` drops those cards before any filter is read
_QUICK: dict[tuple[str, str], Callable[[Any, int], bool]] = {
    ("heal", "target"): _wounded,
    ("move_wound", "from_"): _wounded,
    ("ready", "target"): lambda t, c: bool(t.flags[c] & EXHAUSTED),
    ("restore", "target"): lambda t, c: bool(t.flags[c] & INSANE),
    ("exhaust", "target"): lambda t, c: not t.flags[c] & EXHAUSTED,
    ("drive_insane", "target"): lambda t, c: not t.flags[c] & INSANE,
    ("uncommit", "target"): lambda t, c: t.counters.get((c, "story"), 0) != 0,
}

# ``_QUICK``'s tests as data, for a count that needs no call per card (``effects_ops._quick_ok``): a flag test is
# ("flag", mask, whether it must be set), the wounds test ("wounded", None, True), the same answer card by card
QUICK_AS_DATA: dict[Callable[[Any, int], bool], tuple[str, int | None, bool]] = {
    _wounded: ("wounded", None, True),
    _QUICK[("ready", "target")]: ("flag", EXHAUSTED, True),
    _QUICK[("restore", "target")]: ("flag", INSANE, True),
    _QUICK[("exhaust", "target")]: ("flag", EXHAUSTED, False),
    _QUICK[("drive_insane", "target")]: ("flag", INSANE, False),
}


_DEFAULT_ZONES = {"return_from_discard": "discard", "remove_resource": "resource"}  # where else a choice looks


def card_cands(st: "CocState", prim: Any, field: str, ctx: Ctx, enough: int | None = None) -> list[int]:
    """The cards that may be chosen for ``field``; with ``enough`` (and no "lowest/highest" selection) the
    search may stop once that many are found (a caller asking only "are there enough?")."""
    spec = getattr(prim, field)
    default = _DEFAULT_ZONES.get(prim.op, "play")
    cands = zone_cards(st, spec, default)
    quick = _QUICK.get((prim.op, field))
    if quick is not None:  # the same cards in the same order: ``legal`` would refuse the others
        t = st.table
        cands = [c for c in cands if quick(t, c)]
    if enough is not None and spec.select is None:
        found: list[int] = []
        for c in cands:
            if filter_in(st, spec, c, ctx) and legal(st, prim, field, c, ctx):
                found.append(c)
                if len(found) >= enough:
                    break
        return found
    out = [c for c in cands if filter_in(st, spec, c, ctx) and legal(st, prim, field, c, ctx)]
    if spec.select is not None and out:
        skills = [st.skill(c) for c in out]
        best = min(skills) if spec.select == "lowest_skill" else max(skills)
        out = [c for c, s in zip(out, skills) if s == best]
    return out


def has_enough(st: "CocState", prim: Any, field: str, ctx: Ctx, need: int) -> bool:
    """``len(card_cands(st, prim, field, ctx, enough=need)) >= need``, without building the candidate lists: the
    same zones in the same order, the same tests per card (``_QUICK``'s flag test, the filter, ``legal``), stopping
    at the ``need``-th card found. ``startable`` asks it for every listed ability with a card choice."""
    spec = getattr(prim, field)
    if spec.select is not None:
        return len(card_cands(st, prim, field, ctx, enough=need)) >= need
    hit = _CANDS_PLANS.get(id(spec))
    if hit is None or hit[0] is not spec or hit[1] is not prim:
        hit = cands_plan(prim, field)
    _spec, _prim, zone_names, quick, test, reads_story, types, mine = hit
    t = st.table
    zones, zone_ids = t.zones, t.zone_ids
    if reads_story:  # the source's and the event's stories, read once (``filter_in``)
        ev = ctx.ev
        slot, ev_slot, lki = source_story(st, ctx), ev.get("slot"), ev.get("lki")
    else:
        slot = ev_slot = lki = None
    p, source = ctx.player, ctx.source
    defn, deftuple, ctrl = t.defn, st.game.deftuple, t.ctrl  # type: ignore[attr-defined]
    found = 0
    for name in zone_names:
        for c in zones[zone_ids[name]]:
            if quick is not None and not quick(t, c):
                continue
            # the filter's own first refusals, read inline before its call: the card's type, and for a card in a play
            # area its controller (the test refuses both the same way, so asking first changes no answer)
            if types is not None and deftuple[defn[c]].type not in types:
                continue
            if mine is not None and (ctrl[c] == p) != mine and name in _PLAY_AREAS:
                continue
            if test(st, c, p, source, slot, ev_slot, lki) and legal(st, prim, field, c, ctx):
                found += 1
                if found >= need:
                    return True
    return False


# id(filter) -> (filter, primitive, the zones ``zone_cards`` walks in order, ``_QUICK``'s test, the compiled filter,
# whether it reads the stories, the types it accepts (None: any), whether its controller must be the chooser (None:
# either)): card data never changes once loaded, and the entry keeps both objects
CandsPlan = tuple[Any, Any, tuple[str, ...], Any, Any, bool, "frozenset[str] | None", "bool | None"]
_CANDS_PLANS: dict[int, CandsPlan] = {}
_PLAY_AREAS = frozenset({"play:0", "play:1"})


def cands_plan(prim: Any, field: str) -> CandsPlan:
    """What ``has_enough`` reads of the choice ``field`` of ``prim`` (the comment above), made once per filter."""
    spec = getattr(prim, field)
    zone = spec.zone if spec.zone is not None else _DEFAULT_ZONES.get(prim.op, "play")
    if zone == "play":
        names: tuple[str, ...] = ("play:0", "play:1")
        if spec.type is not None and _one_of(spec.type, "story"):
            names += tuple(f"row:{k}" for k in range(3))
    elif zone == "resource":
        names = tuple(f"res:{p}:{d}" for p in range(2) for d in range(3))
    else:
        names = (f"{zone}:0", f"{zone}:1")
    types = None if spec.type is None else frozenset(_names(spec.type))
    mine = None if spec.controller in (None, "any") else spec.controller == "you"
    plan: CandsPlan = (spec, prim, names, _QUICK.get((prim.op, field)), compiled_filter(spec),
                       spec.committed_to is not None, types, mine)
    if len(_CANDS_PLANS) > 20_000:
        _CANDS_PLANS.clear()
    _CANDS_PLANS[id(spec)] = plan
    return plan


def story_cands(st: "CocState", spec: Any, ctx: Ctx, exclude: tuple[int, ...] = ()) -> list[int]:
    """Story instances in the row matching a story choice."""
    out = []
    here = source_story(st, ctx)
    for slot in range(STORY_ROW_SIZE):
        s = st.story_at(slot)
        if s is None or s in exclude:
            continue
        if spec.not_this and slot == here:
            continue
        if spec.with_committed is not None:
            who = (None if spec.with_committed == "any" else
                   ctx.player if spec.with_committed == "you" else 1 - ctx.player)
            if not st.committed_at(slot, who):
                continue
        if spec.tokens is not None:
            side = ctx.player if spec.tokens == "you" else 1 - ctx.player
            from .filters import number_ok

            if not number_ok(spec.token_count, st.vars["tokens"][2 * slot + side]):
                continue
        out.append(s)
    return out


def domain_cands(st: "CocState", spec: Any, ctx: Ctx) -> list[int]:
    p = ctx.player if spec.controller == "you" else 1 - ctx.player
    return [3 * p + d for d in range(3) if spec.drained is None or st.drained(p, d) == spec.drained]


def cands_for(st: "CocState", prim: Any, field: str, kind: str, ctx: Ctx, picked: tuple[Any, ...] = ()) -> list[int]:
    if kind == "card":
        return card_cands(st, prim, field, ctx)
    if kind == "story":
        exclude = tuple(x for got in picked for x in got) if field == "to_story" else ()
        return story_cands(st, getattr(prim, field), ctx, exclude)
    return domain_cands(st, getattr(prim, field), ctx)


def push_choice(st: "CocState", prim: Any, field: str, kind: str, ctx: Ctx, picked: tuple[Any, ...] = ()) -> None:
    """Push the prompt for one choice; its answer comes back as a tuple (domains: a 1-tuple of 3*player+domain)."""
    spec = getattr(prim, field)
    cands = cands_for(st, prim, field, kind, ctx, picked)
    chooser = ctx.player if getattr(spec, "chooser", "you") == "you" else 1 - ctx.player
    title = st.card(ctx.source).title if ctx.source >= 0 else "effect"
    if kind == "domain":
        st.push("cc.choose_domain", player=chooser, cands=tuple(cands), prompt=f"{title}: choose a domain")
        return
    need = spec.choose
    lo = 0 if spec.up_to else min(need, len(cands))
    noun = "story" if kind == "story" else "card"
    pick(st, chooser, cands, lo, need, f"{title}: choose {need} {noun}{'s' if need > 1 else ''} ({prim.op.replace('_', ' ')})",
         kind=f"target_{kind}")


@OPS.step("cc.choose_domain")
def _choose_domain(st: "CocState", frame: Frame) -> None:
    """A domain choice (domains are markers, not cards): ``engine.choose`` over labels, returned as (3*p+d,)."""
    args = frame.args
    cands = args["cands"]
    if frame.got is not None:
        st.ret((cands[frame.got],))
        return
    if not cands:
        st.ret(())
        return
    st.replace(frame.evolve())
    st.push("engine.choose", player=args["player"], kind="target_domain", prompt=args["prompt"],
            labels=tuple(f"domain {c % 3 + 1} of seat {c // 3}" for c in cands))


class HandPick(HiddenPick["CocState"]):
    """A choice among hidden cards (a hand, or a deck being searched) that match a filter.

    Args: player (who chooses), zone (a zone name), fref ((definition, ability, path) of the filter, or
    ()), ctl (whose point of view the filter takes), source, min, max, prompt. Like ``engine.pick`` with
    ``private``: the picks so far live in the chooser's secrets, so the public stack names no hidden card.
    """

    name = "cc.hand_pick"

    def _cands(self, st: "CocState", frame: Frame) -> list[int]:
        args = frame.args
        cards = list(st.table.cards(args["zone"]))
        fref = args["fref"]
        if not fref:
            return cards
        spec = node_at(ability_model(st, fref[:2]), fref[2])
        ctx = Ctx(args["ctl"], args["source"], tuple(fref[:2]))  # type: ignore[arg-type]
        from .filters import matches_filter

        out = []
        for c in cards:
            if matches_filter(st, bare_filter(spec), c, controller=ctx.player, source=ctx.source):
                out.append(c)
        return out

    def run(self, st: "CocState", frame: Frame) -> None:
        args = frame.args
        p = args["player"]
        chosen = tuple(st.secrets.get(p, ()))
        left = [c for c in self._cands(st, frame) if c not in chosen]
        lo, hi = args["min"], args["max"]
        if len(chosen) >= hi:
            self._finish(st, frame, chosen)
            return
        # Always asked, even with no candidate or one forced one: whether a hidden card matches is
        # itself hidden, and a pick that resolved by itself would tell the other seats (D-CT-27).
        options = [Action(p, "pick", (("card", c),)) for c in left]
        if len(chosen) >= lo or not left:
            options.append(Action(p, "done"))
        st.ask(p, "hidden_pick", args["prompt"], options)



OPS.add(HandPick())


def push_hidden_pick(st: "CocState", chooser: int, zone: str, fref: tuple[Any, ...], ctx: Ctx, lo: int, hi: int,
                     prompt: str) -> None:
    st.push("cc.hand_pick", player=chooser, zone=zone, fref=fref, ctl=ctx.player, source=ctx.source, min=lo, max=hi,
            prompt=prompt)


_BARE: dict[int, tuple[Any, Any]] = {}  # id(filter) -> (filter, its copy without a zone)


def bare_filter(spec: Any) -> Any:
    """``spec`` without its zone (the cards looked at are those of the zone already): one copy per filter, kept
    with it (filters are card data, never changed once loaded), so its compiled test is built once too."""
    if not spec.zone:
        return spec
    hit = _BARE.get(id(spec))
    if hit is not None and hit[0] is spec:
        return hit[1]
    bare = spec.model_copy(update={"zone": None})
    _BARE[id(spec)] = (spec, bare)
    return bare


def hidden_count(st: "CocState", zone: str, spec: Any, ctx: Ctx) -> int:
    from .filters import matches_filter

    if spec is None:
        return len(st.table.cards(zone))
    bare = bare_filter(spec)
    return sum(1 for c in st.table.cards(zone) if matches_filter(st, bare, c, controller=ctx.player, source=ctx.source))


# --- costs (CC-12.4) --------------------------------------------------------------------------------


def _cost_walk(st: "CocState", cost: Any, ctx: Ctx) -> Iterator[int]:
    """The cards that could pay an exhaust or sacrifice cost (CC-12.4), in zone order: controlled by the payer,
    for an exhaust cost ready and sane, and passing the cost's filter. The control and flag reads come first
    (most cards in play fail one, and the filter is the dear test); every test is a pure read of the state, so
    their order cannot change which cards come out. Lazy, so ``_cost_enough`` stops at the card that makes enough."""
    exhaust = isinstance(cost, S.ExhaustCost)
    spec = cost.exhaust if exhaust else cost.sacrifice
    t, p = st.table, ctx.player
    ctrl, flags = t.ctrl, t.flags
    for c in zone_cards(st, spec):
        if ctrl[c] != p or (exhaust and flags[c] & (EXHAUSTED | INSANE)):
            continue
        if filter_in(st, spec, c, ctx):
            yield c


def _cost_cands(st: "CocState", cost: Any, ctx: Ctx) -> list[int]:
    return list(_cost_walk(st, cost, ctx))


def _cost_enough(st: "CocState", cost: Any, ctx: Ctx) -> bool:
    """``len(_cost_cands(st, cost, ctx)) >= need`` without walking past the card that makes enough (``startable``
    asks it for every listed ability with an exhaust or sacrifice cost)."""
    spec = cost.exhaust if isinstance(cost, S.ExhaustCost) else cost.sacrifice
    need = spec.choose or 1
    return sum(1 for _ in islice(_cost_walk(st, cost, ctx), need)) >= need


def _token_story_cands(st: "CocState", spec: Any, ctx: Ctx) -> list[int]:
    if isinstance(spec.story, S.StoryChoice):
        return [s for s in story_cands(st, spec.story, ctx) if st.vars["tokens"][2 * _slot(st, s) + ctx.player] >= spec.n]
    slot = source_story(st, ctx)
    if slot is None or st.story_at(slot) is None or st.vars["tokens"][2 * slot + ctx.player] < spec.n:
        return []
    return [st.story_at(slot)]  # type: ignore[list-item]


def cost_payable(st: "CocState", cost: Any, ctx: Ctx) -> bool:
    t, s, p = st.table, ctx.source, ctx.player
    if isinstance(cost, str):  # (a cost model compared with a string is pydantic's slow ``__eq__``)
        if cost == "exhaust_self":
            return t.in_play(s) and not st.exhausted(s)
        if cost in ("sacrifice_self", "return_self_to_hand"):
            return t.in_play(s)
        if cost == "self_goes_insane":
            return t.in_play(s) and not st.insane(s) and st.card(s).type == "character"
        return False
    if isinstance(cost, S.PayCost):
        return bool(st.ability_paying_domains(p, cost.pay))
    if isinstance(cost, (S.ExhaustCost, S.SacrificeCost)):
        return _cost_enough(st, cost, ctx)
    if isinstance(cost, S.DiscardFromHandCost):
        v = cost.discard_from_hand
        if isinstance(v, int):
            return hidden_count(st, f"hand:{p}", None, ctx) >= v
        return hidden_count(st, f"hand:{p}", v, ctx) >= (v.choose or 1)
    if isinstance(cost, S.RemoveSuccessTokensCost):
        return bool(_token_story_cands(st, cost.remove_success_tokens, ctx))
    if isinstance(cost, S.WoundSelfCost):
        return t.in_play(s) and not st.has_keyword(s, "invulnerability") and not st.effects_prevented("wound", s)
    if isinstance(cost, S.DiscardFromDeckTopCost):
        return len(t.cards(f"deck:{p}")) >= cost.discard_from_deck_top
    return False


def cost_prompt(st: "CocState", cost: Any, ci: int, ctx: Ctx) -> None:
    """Push the choice a cost needs (a payment, cards, a story), if any."""
    p, title = ctx.player, st.card(ctx.source).title
    if isinstance(cost, S.PayCost):
        st.push("engine.pay", player=p, cost=("ability", cost.pay), prompt=f"{title}: pay {cost.pay}")
    elif isinstance(cost, (S.ExhaustCost, S.SacrificeCost)):
        spec = cost.exhaust if isinstance(cost, S.ExhaustCost) else cost.sacrifice
        verb = "exhaust" if isinstance(cost, S.ExhaustCost) else "sacrifice"
        n = spec.choose or 1
        pick(st, p, _cost_cands(st, cost, ctx), n, n, f"{title}: choose a card to {verb} (cost)", kind=f"cost_{verb}")
    elif isinstance(cost, S.DiscardFromHandCost):
        v = cost.discard_from_hand
        n = v if isinstance(v, int) else (v.choose or 1)
        fref = () if isinstance(v, int) else (*ctx.ref, ("cost", ci, "discard_from_hand"))
        push_hidden_pick(st, p, f"hand:{p}", fref, ctx, n, n, f"{title}: discard {n} card{'s' if n > 1 else ''} (cost)")
    elif isinstance(cost, S.RemoveSuccessTokensCost) and isinstance(cost.remove_success_tokens.story, S.StoryChoice):
        pick(st, p, _token_story_cands(st, cost.remove_success_tokens, ctx), 1, 1,
             f"{title}: remove success tokens from which story (cost)", kind="cost_story")


def cost_pay(st: "CocState", cost: Any, got: Any, ctx: Ctx) -> None:
    """Pay one cost (after ``cost_prompt``'s answer, ``got``); every change is an event (CC-12.4)."""
    t, s, p = st.table, ctx.source, ctx.player
    if cost == "exhaust_self":
        emit(st, "exhausted", card=s)
    elif cost == "sacrifice_self":
        emit(st, "sacrificed", card=s)
    elif cost == "self_goes_insane":
        emit(st, "goes_insane", card=s)
    elif cost == "return_self_to_hand":
        emit(st, "returned_to_hand", card=s)
    elif isinstance(cost, S.ExhaustCost):
        for c in reversed(got or ()):
            emit(st, "exhausted", card=c)
    elif isinstance(cost, S.SacrificeCost):
        for c in reversed(got or ()):
            emit(st, "sacrificed", card=c)
    elif isinstance(cost, S.DiscardFromHandCost):
        discard_from_hand(st, p, tuple(got or ()))
    elif isinstance(cost, S.RemoveSuccessTokensCost):
        spec = cost.remove_success_tokens
        if isinstance(spec.story, S.StoryChoice):
            slot = _slot(st, got[0]) if got else None
        else:
            slot = source_story(st, ctx)
        if slot is not None:
            emit(st, "success_removed", slot=slot, player=p, n=spec.n)
    elif isinstance(cost, S.WoundSelfCost):
        emit(st, "wounded", card=s, n=cost.wound_self)
    elif isinstance(cost, S.DiscardFromDeckTopCost):
        emit(st, "milled", player=p, n=cost.discard_from_deck_top)
    _ = t


def _slot(st: "CocState", story: int) -> int:
    name = st.table.zone_name(story)
    return int(name[4:]) if name.startswith("row:") else -1


def discard_from_hand(st: "CocState", p: int, cards: tuple[int, ...]) -> None:
    """Cards leave a hand for the discard pile: they are shown to all first (the pile is public)."""
    for c in cards:
        if st.table.zone_name(c) == f"hand:{p}":
            st.table.reveal_to_all(c)
            st.move_card(c, st.discard_zone(c))
            st.note("discarded_from_hand", {"player": p, "card": c, "title": st.card(c).title})
    if cards:
        emit(st, "discarded_from_hand", player=p, n=len(cards))
