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

from typing import TYPE_CHECKING, Any

from ...engine import Frame, cancel_event, emit, pick
from . import schema as S
from .effect_choices import (
    QUICK_AS_DATA, Acts, _ctx, cands_for, cands_plan, card_cands, has_enough, choice_fields, cost_pay, cost_payable, cost_prompt,
    hidden_count, push_choice, top_specs,
)
from .effect_primitives import APPLY, PREP, PRIMITIVES, change_control, perform_extra  # noqa: F401 - effects.py reads them here
from .effects import _lki_slot
from .filters import Ctx, ability_model, as_list, condition_holds, filter_in, node_at, zone_cards
from .state import EXHAUSTED, INSANE, OPS

if TYPE_CHECKING:
    from .state import CocState


# --- may it start? (CC-6.11, CC-12.4) ------------------------------------------------------------------


def startable(st: "CocState", p: int, source: int, ref: tuple[int, int], ev: dict[str, Any],
              include_card_cost: bool) -> bool:
    """Condition, costs (and an event card's own cost) payable, and enough legal targets for each choice.

    Every test is a pure yes or no about the state (none draws from the RNG or changes anything), so the answer is
    their conjunction in any order: the self costs that read one flag ("exhaust this card", "sacrifice it") come
    first, since most listed abilities that fail, fail there, before the context is built or the condition read."""
    plan = _PLANS_BY_REF.get(ref)
    if plan is None or plan[0] is not st.game.deftuple:  # type: ignore[attr-defined]
        plan = _ref_plan(st, ref)
    if not _quick_ok(st, source, plan):
        return False
    _deftuple, condition, costs, steps, _self_costs, story, _flag_steps = plan
    ctx = Ctx(p, source, ref, 0, None, ev)
    if not story:
        ctx.slot = _lki_slot(st, source, ev)
    if condition is not None and not condition_holds(st, condition, ctx):
        return False
    if include_card_cost:
        if not st.steadfast_ok(p, source):
            return False
        cost = st.actual_cost(source)
        if cost > 0 and not st.paying_domains(p, source, cost):
            return False
    for cost in costs:
        if not cost_payable(st, cost, ctx):
            return False
    for prim, field, kind, need in steps:
        if field is None:  # a hidden pick of ``need`` cards matching filter ``kind`` in the hand
            if hidden_count(st, f"hand:{p}", kind, ctx) < need:
                return False
            continue
        if kind == "card":
            if not has_enough(st, prim, field, ctx, need):
                return False
        elif len(cands_for(st, prim, field, kind, ctx)) < need:
            return False
    return True


def quick_refused(st: "CocState", source: int, ref: tuple[int, int]) -> bool:
    """Is ability ``ref`` of ``source`` refused by ``startable``'s cheap tests alone (the self costs, each card
    choice's flag or counter count, the condition's phase)? A yes means ``startable`` says no; a no says nothing.

    Why: a window lists a seat's action events, and most of them cannot start; a listing asks this first and so
    skips the hand's shared reads and the card's cost (``CocState.window_actions``). Every test is one of
    ``startable``'s own, and none reads anything but the state, so asking it first cannot change an answer."""
    plan = _PLANS_BY_REF.get(ref)
    if plan is None or plan[0] is not st.game.deftuple:  # type: ignore[attr-defined]
        plan = _ref_plan(st, ref)
    return not _quick_ok(st, source, plan)


def _quick_ok(st: "CocState", source: int, plan: "RefPlan") -> bool:
    """``startable``'s tests that read one flag, a few counters or a variable: self costs, flag steps, the phase."""
    _deftuple, condition, _costs, _steps, self_costs, _story, flag_steps = plan
    if condition is not None and condition.phase is not None and st.vars["phase"] != condition.phase:
        return False  # (``condition_holds``' first test, made before the context is built)
    if self_costs:
        t = st.table
        if not t.in_play_zone[t.zone[source]]:
            return False  # every self cost needs the card in play
        flags = t.flags[source]
        for self_cost in self_costs:
            if self_cost == "exhaust_self":
                if flags & EXHAUSTED:
                    return False
            elif self_cost == "self_goes_insane":
                if flags & INSANE or st.card(source).type != "character":
                    return False
    if flag_steps:
        t = st.table
        zones, zone_ids = t.zones, t.zone_ids
        for names, quick, need, how, mask, on in flag_steps:  # enough cards with the flag or counter a choice needs?
            n = 0
            if how == "flag":  # (``quick`` as a mask test: no call per card)
                card_flags = t.flags
                for name in names:
                    if on:
                        for c in zones[zone_ids[name]]:
                            if card_flags[c] & mask:
                                n += 1
                    else:
                        for c in zones[zone_ids[name]]:
                            if not card_flags[c] & mask:
                                n += 1
                    if n >= need:
                        break
            elif how == "wounded":
                n = _wounded_in(st, names)
            else:
                for name in names:
                    for c in zones[zone_ids[name]]:
                        if quick(t, c):
                            n += 1
                    if n >= need:
                        break
            if n < need:
                return False
    return True


def _wounded_in(st: "CocState", names: tuple[str, ...]) -> int:
    """How many cards of the zones ``names`` have wounds (``effect_choices._wounded``'s count): it reads only zones and
    counters, so it is kept for the table's stamp (``CocState.stamped``). Most listed heals find none, and the same
    count is asked at every window of a seat holding a healer while nothing moves."""
    memo = st.stamped()
    key = ("wounded in", names)
    n = memo.get(key)
    if n is None:
        t = st.table
        zones, zone_ids, get = t.zones, t.zone_ids, t.counters.get
        n = 0
        for name in names:
            for c in zones[zone_ids[name]]:
                if get((c, "wounds"), 0) > 0:
                    n += 1
        memo[key] = n
    return n  # type: ignore[no-any-return]


_SELF_COSTS = frozenset({"exhaust_self", "sacrifice_self", "return_self_to_hand", "self_goes_insane"})
# (definitions tuple, condition, the other costs, steps, the self costs, whether the source is a story)
# the flag steps: (zones, ``_QUICK``'s test, how many, and the test as data: ``QUICK_AS_DATA``, "call" when it has none)
RefPlan = tuple[Any, Any, tuple[Any, ...], tuple[tuple[Any, Any, Any, int], ...], tuple[str, ...], bool,
                tuple[tuple[tuple[str, ...], Any, int, str, int, bool], ...]]
_PLANS_BY_REF: dict[tuple[int, int], RefPlan] = {}  # (definition, ability) -> its plan, for one pool's definitions


def _ref_plan(st: "CocState", ref: tuple[int, int]) -> RefPlan:
    """``_plan`` of the ability ``ref`` names, with its self costs (``cost_payable``'s string costs, which read only
    the source's zone and flags) split from the others, and whether the source is a story (then ``startable``
    reads no committed slot). Kept by ``ref`` with the definitions tuple it was read from: card data never changes
    once loaded, and a game of another pool (another tuple) makes its own entry."""
    deftuple = st.game.deftuple  # type: ignore[attr-defined]
    condition, costs, steps = _plan(ability_model(st, ref))
    self_costs = tuple(c for c in costs if isinstance(c, str) and c in _SELF_COSTS)
    others = tuple(c for c in costs if not (isinstance(c, str) and c in _SELF_COSTS))
    flag_steps = []
    for prim, field, kind, need in steps:
        if kind == "card":
            _spec, _prim, names, quick, _test, _reads, _types, _mine = cands_plan(prim, field)
            if quick is not None:
                how, mask, on = QUICK_AS_DATA.get(quick, ("call", 0, True))
                flag_steps.append((names, quick, need, how, mask or 0, on))
    plan: RefPlan = (deftuple, condition, others, steps, self_costs, deftuple[ref[0]].type == "story",
                     tuple(flag_steps))
    if len(_PLANS_BY_REF) > 20_000:
        _PLANS_BY_REF.clear()
    _PLANS_BY_REF[ref] = plan
    return plan


Plan = tuple[Any, tuple[Any, ...], tuple[tuple[Any, Any, Any, int], ...]]
_PLANS: dict[int, tuple[Any, Plan]] = {}  # id(ability model) -> (model, its plan)


def _plan(model: Any) -> Plan:
    """What ``startable`` tests for an ability model, read off the model once: its condition, its costs and,
    per primitive in order, each public choice that needs targets now — (primitive, field, kind, how many) —
    then its hidden pick from the hand — (primitive, None, filter, how many). Ability models are card data,
    never changed once loaded, so the plan is kept (with the model, so its id cannot be reused meanwhile);
    reading the pydantic models' optional fields on every window was most of ``startable``'s own time."""
    hit = _PLANS.get(id(model))
    if hit is not None and hit[0] is model:
        return hit[1]
    steps: list[tuple[Any, Any, Any, int]] = []
    for prim in as_list(model.effect):
        for field, kind in choice_fields(prim):
            spec = getattr(prim, field)
            if field == "to_story":
                continue  # judged after the first story is chosen
            need = spec.choose or 1
            if getattr(spec, "up_to", False):
                continue
            steps.append((prim, field, kind, need))
        card = getattr(prim, "card", None)
        if isinstance(card, S.Filter) and card.choose and card.zone == "hand" and not card.up_to:
            steps.append((prim, None, card, card.choose))
    plan: Plan = (model.condition, tuple(getattr(model, "cost", ())), tuple(steps))
    _PLANS[id(model)] = (model, plan)
    return plan


# --- cc.use ------------------------------------------------------------------------------------------


@OPS.step("cc.use")
def _use(st: "CocState", frame: Frame) -> None:
    """One use of an ability: declare, targets, costs, effect, then, discard (module docstring)."""
    args = frame.args
    stage, p, source, mode = args["stage"], args["player"], args["source"], args["mode"]
    model = ability_model(st, args["ref"])
    t = st.table
    if stage == "optional":  # CC-7.3: "may" win effects ask
        ctx = _ctx(frame)  # (made in the stages that read it: most steps do not)
        if getattr(model, "optional", False) and frame.got is None:
            st.replace(frame.evolve())
            st.push("engine.yesno", player=p, kind="win_effect", prompt=f"Use the win effect of {st.card(source).title}? ({st.card(source).text})")
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
        bound = tuple(args["bound"]) + ((tuple(frame.got),) if frame.got is not None else ())
        if len(bound) < len(specs):
            k, field, kind = specs[len(bound)]
            st.replace(frame.evolve(bound=bound))
            prim = as_list(model.effect)[k]
            previous = tuple(bound[j] for j, (kk, _f, _k) in enumerate(specs[:len(bound)]) if kk == k)
            push_choice(st, prim, field, kind, _ctx(frame), previous)
            return
        nxt = "card_cost" if mode == "use" and st.card(source).type == "event" else "costs"
        st.replace(frame.evolve(bound=bound, stage=nxt, ci=0, picked=False))
    elif stage == "card_cost":
        cost = st.actual_cost(source)
        st.replace(frame.evolve(stage="card_paid", cost=cost))
        if cost > 0:
            st.push("engine.pay", player=p, cost=("card", source, cost), prompt=f"Pay {cost} for {st.card(source).title}")
    elif stage == "card_paid":  # the play event, as for a card played in a window (CC-6.5: what was overpaid)
        cost = args["cost"]
        overpaid = max(0, st.vars["paid_from"] - cost) if frame.got else 0
        st.note("played", {"player": p, "card": source, "title": st.card(source).title, "cost": cost,
                           "overpaid": overpaid})
        st.replace(frame.evolve(stage="costs", ci=0, picked=False))
    elif stage == "costs":
        costs = getattr(model, "cost", ())
        ci = args["ci"]
        if ci >= len(costs):
            if mode == "play":
                st.ret(tuple(args["bound"]))
                return
            st.replace(frame.evolve(stage="effect"))
            return
        cost = costs[ci]
        if not args.get("picked"):
            st.replace(frame.evolve(picked=True))
            cost_prompt(st, cost, ci, _ctx(frame))
            return
        got = frame.got
        st.replace(frame.evolve(ci=ci + 1, picked=False))
        cost_pay(st, cost, got, _ctx(frame))
    elif stage == "effect":
        st.replace(frame.evolve(stage="then"))
        _push_effect(st, frame, ("effect",), bound=tuple(args["bound"]))
    elif stage == "then":
        st.replace(frame.evolve(stage="done"))
        if model.then is not None and frame.got:
            _push_effect(st, frame, ("then",), bound=())
    else:
        st.pop()
        if mode == "use" and st.card(source).type == "event" and t.zone_name(source) == "resolving":
            st.move_card(source, st.discard_zone(source))


def _push_effect(st: "CocState", frame: Frame, path: tuple[Any, ...], bound: tuple[Any, ...] = (), it: int = -1) -> None:
    args = frame.args
    st.push("cc.effect", player=args["player"], source=args["source"], ref=tuple(args["ref"]), path=path, step=0,
            stage="pick", bound=bound, picked=(), x=args.get("x") or 0, slot=args["slot"], ev=args.get("ev") or (),
            it=args.get("it", -1) if it < 0 else it, ok=True)


# --- cc.effect ------------------------------------------------------------------------------------------


@OPS.step("cc.effect")
def _effect(st: "CocState", frame: Frame) -> None:
    """Carry out the primitives at ``path``, in order; returns whether all fully succeeded (CC-12.4 "then")."""
    args = frame.args
    model = ability_model(st, args["ref"])
    path, step, stage = tuple(args["path"]), args["step"], args["stage"]
    items = as_list(node_at(model, path))
    if step >= len(items):
        st.ret(bool(args["ok"]))
        return
    prim = items[step]
    where = path + (step,)  # (the context, ``_ctx``, is made in the stages that read it)
    if stage == "pick":
        fields = choice_fields(prim)
        picked = tuple(args["picked"]) + ((tuple(frame.got),) if frame.got is not None else ())
        top = path == ("effect",) and args["bound"]
        while len(picked) < len(fields):
            field, kind = fields[len(picked)]
            if top:
                specs = top_specs(model)
                picked += (tuple(args["bound"][specs.index((step, field, kind))]),)
                continue
            st.replace(frame.evolve(picked=picked))
            push_choice(st, prim, field, kind, _ctx(frame), picked)
            return
        st.replace(frame.evolve(picked=picked, stage="prep"))
        return
    picks = dict(zip([f for f, _k in choice_fields(prim)], args["picked"]))
    if stage == "prep":
        st.replace(frame.evolve(stage="apply", picked=args["picked"]))
        prep = PREP.get(prim.op)
        if prep is not None:
            prep(st, _ctx(frame), prim, picks, where)
        return
    if stage == "merge":
        st.replace(frame.evolve(step=step + 1, stage="pick", picked=(), ok=bool(args["ok"]) and bool(frame.got)))
        return
    if stage == "each":  # for_each: one card at a time
        cards, ei = args["each"], args["ei"]
        ok = bool(args["ok"]) and (frame.got is None or bool(frame.got))
        if ei >= len(cards):
            st.replace(frame.evolve(step=step + 1, stage="pick", picked=(), ok=ok))
            return
        st.replace(frame.evolve(ei=ei + 1, ok=ok))
        _push_effect(st, frame, where + ("effect",), it=cards[ei])
        return
    if stage == "chose":  # choose_one answered
        opt = args["opts"][frame.got]
        st.replace(frame.evolve(stage="merge"))
        _push_effect(st, frame, where + ("options", opt, "effect"))
        return
    # stage == "apply"
    ctx = _ctx(frame)
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
    st.replace(frame.evolve(step=step + 1, stage="pick", picked=(), ok=bool(args["ok"]) and ok))
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
