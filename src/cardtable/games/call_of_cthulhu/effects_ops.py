"""The effect interpreter (CC-12.4–12.5): frames that use an ability and carry out its primitives.

``cc.use`` runs one use of an ability (or an event's resolution, or a story's win effect): declare →
targets (public cards, stories, domains; CC-6.11: before costs) → the event card's cost → the
ability's costs in order → ``effect`` → ``then`` if the effect fully succeeded (CC-12.4) → an event
card goes to its owner's discard pile (CC-7.41). ``cc.effect`` walks one list of primitives (a path
into the catalog's ability model), one step at a time: remaining public choices, a hidden choice
(``cc.hand_pick``: a hand or a searched deck, progress in the chooser's secrets), then the change.
Every change a card could answer is an engine event (``emit``); frames hold only plain values.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ...core import Action
from ...engine import EXHAUSTED, Frame, Op, PERMANENT, add_lasting, cancel_event, emit, pick
from ...engine.ops import HiddenPick
from . import schema as S
from .effects import _lki_slot, duration_of
from .filters import (
    Ctx, ability_model, as_list, condition_holds, filter_in, node_at, source_story, value_of, zone_cards,
)
from .state import INSANE, OPS, STORY_ROW_SIZE

if TYPE_CHECKING:
    from .state import CocState

CARD_FIELDS = ("target", "from_", "to", "card", "cards", "filter")
STORY_FIELDS = ("story", "from_story", "to_story")
NO_CHOICE_FILTER = ("search_deck", "for_each", "modify_cost", "grant_resource_match")
HIDDEN_ZONES = ("hand", "deck")
Acts = list[Callable[[], None]]


def _ctx(frame: Frame) -> Ctx:
    slot = frame["slot"]
    return Ctx(frame["player"], frame["source"], tuple(frame["ref"]), frame.get("x") or 0,  # type: ignore[arg-type]
               None if slot is None or slot < 0 else slot, dict(frame.get("ev") or ()), frame.get("it", -1))


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


def card_cands(st: "CocState", prim: Any, field: str, ctx: Ctx, enough: int | None = None) -> list[int]:
    """The cards that may be chosen for ``field``; with ``enough`` (and no "lowest/highest" selection) the
    search may stop once that many are found (a caller asking only "are there enough?")."""
    spec = getattr(prim, field)
    default = {"return_from_discard": "discard", "remove_resource": "resource"}.get(prim.op, "play")
    if enough is not None and spec.select is None:
        found: list[int] = []
        for c in zone_cards(st, spec, default):
            if filter_in(st, spec, c, ctx) and legal(st, prim, field, c, ctx):
                found.append(c)
                if len(found) >= enough:
                    break
        return found
    out = [c for c in zone_cards(st, spec, default) if filter_in(st, spec, c, ctx) and legal(st, prim, field, c, ctx)]
    if spec.select is not None and out:
        skills = [st.skill(c) for c in out]
        best = min(skills) if spec.select == "lowest_skill" else max(skills)
        out = [c for c, s in zip(out, skills) if s == best]
    return out


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
    cands = frame["cands"]
    if frame.got is not None:
        st.ret((cands[frame.got],))
        return
    if not cands:
        st.ret(())
        return
    st.replace(frame.evolve())
    st.push("engine.choose", player=frame["player"], kind="target_domain", prompt=frame["prompt"],
            labels=tuple(f"domain {c % 3 + 1} of seat {c // 3}" for c in cands))


class HandPick(HiddenPick["CocState"]):
    """A choice among hidden cards (a hand, or a deck being searched) that match a filter.

    Args: player (who chooses), zone (a zone name), fref ((definition, ability, path) of the filter, or
    ()), ctl (whose point of view the filter takes), source, min, max, prompt. Like ``engine.pick`` with
    ``private``: the picks so far live in the chooser's secrets, so the public stack names no hidden card.
    """

    name = "cc.hand_pick"

    def _cands(self, st: "CocState", frame: Frame) -> list[int]:
        cards = list(st.table.cards(frame["zone"]))
        fref = frame["fref"]
        if not fref:
            return cards
        spec = node_at(ability_model(st, fref[:2]), fref[2])
        ctx = Ctx(frame["ctl"], frame["source"], tuple(fref[:2]))  # type: ignore[arg-type]
        from .filters import matches_filter

        out = []
        for c in cards:
            if matches_filter(st, spec.model_copy(update={"zone": None}) if spec.zone else spec, c,
                              controller=ctx.player, source=ctx.source):
                out.append(c)
        return out

    def run(self, st: "CocState", frame: Frame) -> None:
        p = frame["player"]
        chosen = tuple(st.secrets.get(p, ()))
        left = [c for c in self._cands(st, frame) if c not in chosen]
        lo, hi = frame["min"], frame["max"]
        if len(chosen) >= hi:
            self._finish(st, frame, chosen)
            return
        # Always asked, even with no candidate or one forced one: whether a hidden card matches is
        # itself hidden, and a pick that resolved by itself would tell the other seats (D-CT-27).
        options = [Action(p, "pick", (("card", c),)) for c in left]
        if len(chosen) >= lo or not left:
            options.append(Action(p, "done"))
        st.ask(p, "hidden_pick", frame["prompt"], options)



OPS.add(HandPick())


def push_hidden_pick(st: "CocState", chooser: int, zone: str, fref: tuple[Any, ...], ctx: Ctx, lo: int, hi: int,
                     prompt: str) -> None:
    st.push("cc.hand_pick", player=chooser, zone=zone, fref=fref, ctl=ctx.player, source=ctx.source, min=lo, max=hi,
            prompt=prompt)


def hidden_count(st: "CocState", zone: str, spec: Any, ctx: Ctx) -> int:
    from .filters import matches_filter

    if spec is None:
        return len(st.table.cards(zone))
    bare = spec.model_copy(update={"zone": None}) if spec.zone else spec
    return sum(1 for c in st.table.cards(zone) if matches_filter(st, bare, c, controller=ctx.player, source=ctx.source))


# --- costs (CC-12.4) --------------------------------------------------------------------------------


def _cost_cands(st: "CocState", cost: Any, ctx: Ctx) -> list[int]:
    spec = cost.exhaust if isinstance(cost, S.ExhaustCost) else cost.sacrifice
    out = [c for c in zone_cards(st, spec) if filter_in(st, spec, c, ctx) and st.table.ctrl[c] == ctx.player]
    if isinstance(cost, S.ExhaustCost):
        out = [c for c in out if not st.exhausted(c) and not st.insane(c)]
    return out


def _token_story_cands(st: "CocState", spec: Any, ctx: Ctx) -> list[int]:
    if isinstance(spec.story, S.StoryChoice):
        return [s for s in story_cands(st, spec.story, ctx) if st.vars["tokens"][2 * _slot(st, s) + ctx.player] >= spec.n]
    slot = source_story(st, ctx)
    if slot is None or st.story_at(slot) is None or st.vars["tokens"][2 * slot + ctx.player] < spec.n:
        return []
    return [st.story_at(slot)]  # type: ignore[list-item]


def cost_payable(st: "CocState", cost: Any, ctx: Ctx) -> bool:
    t, s, p = st.table, ctx.source, ctx.player
    if cost == "exhaust_self":
        return t.in_play(s) and not st.exhausted(s)
    if cost in ("sacrifice_self", "return_self_to_hand"):
        return t.in_play(s)
    if cost == "self_goes_insane":
        return t.in_play(s) and not st.insane(s) and st.card(s).type == "character"
    if isinstance(cost, S.PayCost):
        return bool(st.ability_paying_domains(p, cost.pay))
    if isinstance(cost, (S.ExhaustCost, S.SacrificeCost)):
        spec = cost.exhaust if isinstance(cost, S.ExhaustCost) else cost.sacrifice
        return len(_cost_cands(st, cost, ctx)) >= (spec.choose or 1)
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


# --- may it start? (CC-6.11, CC-12.4) ------------------------------------------------------------------


def startable(st: "CocState", p: int, source: int, ref: tuple[int, int], ev: dict[str, Any],
              include_card_cost: bool) -> bool:
    """Condition, costs (and an event card's own cost) payable, and enough legal targets for each choice."""
    model = ability_model(st, ref)
    ctx = Ctx(p, source, ref, 0, None, ev)
    if st.card(source).type != "story":
        ctx.slot = _lki_slot(st, source, ev)
    if model.condition is not None and not condition_holds(st, model.condition, ctx):
        return False
    if include_card_cost:
        if not st.steadfast_ok(p, source):
            return False
        cost = st.actual_cost(source)
        if cost > 0 and not st.paying_domains(p, source, cost):
            return False
    for cost in getattr(model, "cost", ()):
        if not cost_payable(st, cost, ctx):
            return False
    for prim in as_list(model.effect):
        for field, kind in choice_fields(prim):
            spec = getattr(prim, field)
            if field == "to_story":
                continue  # judged after the first story is chosen
            need = spec.choose or 1
            if getattr(spec, "up_to", False):
                continue
            found = card_cands(st, prim, field, ctx, enough=need) if kind == "card" else cands_for(st, prim, field, kind, ctx)
            if len(found) < need:
                return False
        card = getattr(prim, "card", None)
        if isinstance(card, S.Filter) and card.choose and card.zone == "hand" and not card.up_to:
            if hidden_count(st, f"hand:{p}", card, ctx) < card.choose:
                return False
    return True


# --- cc.use ------------------------------------------------------------------------------------------


@OPS.step("cc.use")
def _use(st: "CocState", frame: Frame) -> None:
    """One use of an ability: declare, targets, costs, effect, then, discard (module docstring)."""
    stage, p, source, mode = frame["stage"], frame["player"], frame["source"], frame["mode"]
    model = ability_model(st, frame["ref"])
    ctx = _ctx(frame)
    t = st.table
    if stage == "optional":  # CC-7.3: "may" win effects ask
        if getattr(model, "optional", False) and frame.got is None:
            st.replace(frame.evolve())
            st.push("engine.yesno", player=p, kind="win_effect", prompt=f"Use the win effect of {st.card(source).title}?")
            return
        if frame.got is False or (model.condition is not None and not condition_holds(st, model.condition, ctx)):
            st.pop()
            return
        specs = top_specs(model)
        if any(len(cands_for(st, as_list(model.effect)[k], f, kind, ctx)) == 0 for k, f, kind in specs if f != "to_story"):
            st.note("win_effect_no_target", {"story": st.card(source).title})
        st.replace(frame.evolve(stage="targets"))
    elif stage == "declare":  # an event used from hand (reaction/interrupt): shown, then resolved (CC-7.41)
        st.move_card(source, "resolving")
        t.reveal_to_all(source)
        st.note("declared", {"player": p, "card": source, "title": st.card(source).title})
        st.replace(frame.evolve(stage="targets"))
    elif stage == "targets":
        specs = top_specs(model)
        bound = tuple(frame["bound"]) + ((tuple(frame.got),) if frame.got is not None else ())
        if len(bound) < len(specs):
            k, field, kind = specs[len(bound)]
            st.replace(frame.evolve(bound=bound))
            prim = as_list(model.effect)[k]
            previous = tuple(bound[j] for j, (kk, _f, _k) in enumerate(specs[:len(bound)]) if kk == k)
            push_choice(st, prim, field, kind, ctx, previous)
            return
        nxt = "card_cost" if mode == "use" and st.card(source).type == "event" else "costs"
        st.replace(frame.evolve(bound=bound, stage=nxt, ci=0, picked=False))
    elif stage == "card_cost":
        cost = st.actual_cost(source)
        st.replace(frame.evolve(stage="card_paid", cost=cost))
        if cost > 0:
            st.push("engine.pay", player=p, cost=("card", source, cost), prompt=f"Pay {cost} for {st.card(source).title}")
    elif stage == "card_paid":  # the play event, as for a card played in a window (CC-6.5: what was overpaid)
        cost = frame["cost"]
        overpaid = max(0, st.vars["paid_from"] - cost) if frame.got else 0
        st.note("played", {"player": p, "card": source, "title": st.card(source).title, "cost": cost,
                           "overpaid": overpaid})
        st.replace(frame.evolve(stage="costs", ci=0, picked=False))
    elif stage == "costs":
        costs = getattr(model, "cost", ())
        ci = frame["ci"]
        if ci >= len(costs):
            if mode == "play":
                st.ret(tuple(frame["bound"]))
                return
            st.replace(frame.evolve(stage="effect"))
            return
        cost = costs[ci]
        if not frame.get("picked"):
            st.replace(frame.evolve(picked=True))
            cost_prompt(st, cost, ci, ctx)
            return
        got = frame.got
        st.replace(frame.evolve(ci=ci + 1, picked=False))
        cost_pay(st, cost, got, ctx)
    elif stage == "effect":
        st.replace(frame.evolve(stage="then"))
        _push_effect(st, frame, ("effect",), bound=tuple(frame["bound"]))
    elif stage == "then":
        st.replace(frame.evolve(stage="done"))
        if model.then is not None and frame.got:
            _push_effect(st, frame, ("then",), bound=())
    else:
        st.pop()
        if mode == "use" and st.card(source).type == "event" and t.zone_name(source) == "resolving":
            st.move_card(source, st.discard_zone(source))


def _push_effect(st: "CocState", frame: Frame, path: tuple[Any, ...], bound: tuple[Any, ...] = (), it: int = -1) -> None:
    st.push("cc.effect", player=frame["player"], source=frame["source"], ref=tuple(frame["ref"]), path=path, step=0,
            stage="pick", bound=bound, picked=(), x=frame.get("x") or 0, slot=frame["slot"], ev=frame.get("ev") or (),
            it=frame.get("it", -1) if it < 0 else it, ok=True)


# --- cc.effect ------------------------------------------------------------------------------------------


@OPS.step("cc.effect")
def _effect(st: "CocState", frame: Frame) -> None:
    """Carry out the primitives at ``path``, in order; returns whether all fully succeeded (CC-12.4 "then")."""
    model = ability_model(st, frame["ref"])
    path, step, stage = tuple(frame["path"]), frame["step"], frame["stage"]
    items = as_list(node_at(model, path))
    if step >= len(items):
        st.ret(bool(frame["ok"]))
        return
    prim = items[step]
    ctx = _ctx(frame)
    where = path + (step,)
    if stage == "pick":
        fields = choice_fields(prim)
        picked = tuple(frame["picked"]) + ((tuple(frame.got),) if frame.got is not None else ())
        top = path == ("effect",) and frame["bound"]
        while len(picked) < len(fields):
            field, kind = fields[len(picked)]
            if top:
                specs = top_specs(model)
                picked += (tuple(frame["bound"][specs.index((step, field, kind))]),)
                continue
            st.replace(frame.evolve(picked=picked))
            push_choice(st, prim, field, kind, ctx, picked)
            return
        st.replace(frame.evolve(picked=picked, stage="prep"))
        return
    picks = dict(zip([f for f, _k in choice_fields(prim)], frame["picked"]))
    if stage == "prep":
        st.replace(frame.evolve(stage="apply", picked=frame["picked"]))
        prep = PREP.get(prim.op)
        if prep is not None:
            prep(st, ctx, prim, picks, where)
        return
    if stage == "merge":
        st.replace(frame.evolve(step=step + 1, stage="pick", picked=(), ok=bool(frame["ok"]) and bool(frame.got)))
        return
    if stage == "each":  # for_each: one card at a time
        cards, ei = frame["each"], frame["ei"]
        ok = bool(frame["ok"]) and (frame.got is None or bool(frame.got))
        if ei >= len(cards):
            st.replace(frame.evolve(step=step + 1, stage="pick", picked=(), ok=ok))
            return
        st.replace(frame.evolve(ei=ei + 1, ok=ok))
        _push_effect(st, frame, where + ("effect",), it=cards[ei])
        return
    if stage == "chose":  # choose_one answered
        opt = frame["opts"][frame.got]
        st.replace(frame.evolve(stage="merge"))
        _push_effect(st, frame, where + ("options", opt, "effect"))
        return
    # stage == "apply"
    op = prim.op
    if op == "if":
        if condition_holds(st, prim.condition, ctx):
            st.replace(frame.evolve(stage="merge"))
            _push_effect(st, frame, where + ("effect",))
        elif prim.else_ is not None:
            st.replace(frame.evolve(stage="merge"))
            _push_effect(st, frame, where + ("else_",))
        else:
            st.replace(frame.evolve(step=step + 1, stage="pick", picked=()))
        return
    if op == "for_each":
        cards = tuple(c for c in zone_cards(st, prim.filter) if filter_in(st, prim.filter, c, ctx))
        st.replace(frame.evolve(stage="each", each=cards, ei=0))
        return
    if op == "choose_one":
        opts = tuple(k for k, o in enumerate(prim.options) if _feasible(st, o.effect, ctx)) or tuple(range(len(prim.options)))
        st.replace(frame.evolve(stage="chose", opts=opts))
        st.push("engine.choose", player=ctx.player, kind="choose_one", prompt=f"{st.card(ctx.source).title}: choose one",
                labels=tuple(prim.options[k].label for k in opts))
        return
    if op == "replace":  # CC-12.3.2: the event does not happen; this happens instead
        cancel_event(st)
        st.replace(frame.evolve(stage="merge"))
        _push_effect(st, frame, where + ("effect",))
        return
    acts: Acts = []
    ok = APPLY[op](st, ctx, prim, picks, frame.got, where, acts)
    st.replace(frame.evolve(step=step + 1, stage="pick", picked=(), ok=bool(frame["ok"]) and ok))
    for act in reversed(acts):
        act()


def _feasible(st: "CocState", effect: Any, ctx: Ctx) -> bool:
    """Could an option of choose_one do something (its first primitive has what it needs)?"""
    prim = as_list(effect)[0]
    for field, kind in choice_fields(prim):
        if not cands_for(st, prim, field, kind, ctx):
            return False
    for name in ("target",):
        v = getattr(prim, name, None)
        if v == "self" and not st.table.in_play(ctx.source):
            return False
    return True


# --- the primitives ------------------------------------------------------------------------------------

Prep = Callable[["CocState", Ctx, Any, dict[str, Any], tuple[Any, ...]], None]
Apply = Callable[["CocState", Ctx, Any, dict[str, Any], Any, tuple[Any, ...], Acts], bool]
PREP: dict[str, Prep] = {}
APPLY: dict[str, Apply] = {}


def _cards(st: "CocState", ctx: Ctx, prim: Any, field: str, picks: dict[str, Any]) -> list[int]:
    """The cards a card-target field designates now (chosen ones still legal; every match if untargeted)."""
    v = getattr(prim, field)
    t = st.table
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
        deck[-k:] = new[::-1]
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
    t.ctrl[c] = p
    t.flags[c] = flags
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
