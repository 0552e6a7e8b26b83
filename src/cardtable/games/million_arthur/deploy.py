"""The First and Second steps (MA-8.2, MA-8.3): secret, simultaneous deployment submissions.

Each seat builds its submission one item at a time inside an engine ``SecretRound`` (MA-6.12); the
items so far live in ``st.secrets[seat]``, which only that seat's view shows, so nothing public moves
until both have submitted (MA-14.5). Every offered item keeps the submission legal, checked against
the submitter's own state as updated by its earlier items, in the order of MA-8.13: the card is in
hand or the knight in base (MA-8.2, MA-8.3), evolution target (MA-8.10), evolution source (MA-8.8),
colour (MA-8.3, or MA-8.4 when the variant is on), uniqueness (MA-8.6), budget (MA-7.2). An item that breaks one of them is refused
with that rule (``refusal``) and changes nothing; a finished submission is final and both are applied,
T's first, as one reveal (MA-8.13).

Item forms: First step ``move card=K``; Second step ``deploy card=H`` (a new knight) or ``evolve
card=H onto=K`` (K a battle-area knight, or a hand card placed by an earlier item); ``submit`` ends.
The secret is a flat tuple: ``(K, ...)`` for the First step, ``(H, onto, ...)`` for the Second step
with ``onto = -1`` for a new knight.
"""

from __future__ import annotations

from typing import Any, Callable

from ...core import Action, IllegalActionError, Rng, shared_action
from ...engine import NO_CARD, Frame, Op, add_lasting
from .rules import evolve, move_stack
from .state import COLOUR_BITS, OPS, ZONE_ID, MaState, action_tables, colour_bit, mods


def _pairs(items: tuple[Any, ...]) -> list[tuple[int, int]]:
    return [(items[k], items[k + 1]) for k in range(0, len(items), 2)]


def budget_used(st: MaState, p: int, step: str, items: tuple[Any, ...]) -> int:
    """MA-7.2: the deployment total this turn including the items of the pending submission."""
    total = int(st.vars["spent"][p])
    if not items:
        return total  # the first item of a submission: nothing pending to add
    # plain loops, not ``sum`` over a generator: this runs at every item of every submission
    if step == "first":
        deploy_cost = st.deploy_cost
        for k in items:
            total += deploy_cost(k)
        return total
    defs, defn = st.game.pool.defs, st.table.defn  # type: ignore[attr-defined]
    for h, onto in zip(items[::2], items[1::2]):  # the flat (card, onto, ...) pairs
        d = defs[defn[h]]
        total += d.cost if onto == -1 else d.evolution_cost
    return total


def battle_tops(st: MaState, p: int, items: tuple[Any, ...]) -> list[int]:
    """The battle-area knights as they would be after the Second-step items so far (MA-8.13)."""
    tops = list(st.knights(p, "battle"))
    for h, onto in _pairs(items):
        if onto == -1:
            tops.append(h)
        else:
            tops[tops.index(onto)] = h
    return tops


def refusal(st: MaState, p: int, step: str, items: tuple[Any, ...], action: Action) -> IllegalActionError | None:
    """Why ``action`` may not be the next item of ``p``'s submission (MA-8.13 order); None if it may."""
    cap = st.capacity(p)
    if action.kind == "activate":
        return IllegalActionError("MA-12.7", "abilities are activated only in T's Attack step or, with defence "
                                             "timing, in N's window before blockers; not in a deployment step")
    if action.kind == "act":
        return IllegalActionError("MA-6.8", "knights take actions only in T's Attack step")
    if step == "first":
        if action.kind != "move":
            return IllegalActionError("MA-8.2", "in the First step you move base knights (move card=K) or submit")
        k = action.get("card")
        if k not in st.knights(p, "base") or k in items:
            return IllegalActionError("MA-8.2", f"card {k} is not one of your base knights still to move")
        colour = st.colour(k)
        from .effects import colour_restricted

        if colour_restricted(st, p, colour):
            return IllegalActionError("MA-12.3", f"an effect says you cannot deploy {colour} knights this turn; "
                                                 "\"cannot\" wins")
        if st.options.get("single_colour_base_move") and colour != "colourless" and any(
                st.colour(j) not in ("colourless", colour) for j in items):
            return IllegalActionError("MA-8.4", "variant: the coloured knights moved from base share one colour")
        if budget_used(st, p, step, items) + st.deploy_cost(k) > cap:
            return IllegalActionError("MA-7.2", f"{st.card(k).name} costs {st.deploy_cost(k)}: the deployment total "
                                                f"would pass your cost capacity {cap}")
        return None
    if action.kind not in ("deploy", "evolve"):
        return IllegalActionError("MA-8.3", "in the Second step you deploy or evolve hand cards, or submit")
    h = action.get("card")
    used = {x for x, _ in _pairs(items)}
    if h not in st.table.cards(f"hand:{p}") or h in used:
        return IllegalActionError("MA-8.3", f"card {h} is not a card in your hand still to deploy")
    from .effects import restricted

    if restricted(st, p, "deploy_from_hand"):
        return IllegalActionError("MA-12.3", "an effect says you cannot deploy from your hand this turn; "
                                             "\"cannot\" wins")
    d = st.card(h)
    tops = battle_tops(st, p, items)
    cost = d.cost
    replaced = None
    if action.kind == "evolve":
        onto = action.get("onto")
        if onto not in tops:
            return IllegalActionError("MA-8.10", "evolution from hand goes onto one of your battle-area knights")
        if st.card(onto).name not in d.evolves_from:
            return IllegalActionError("MA-8.8", f"{d.name} does not evolve from {st.card(onto).name}")
        cost, replaced = d.evolution_cost, onto
    from .effects import colour_restricted

    if colour_restricted(st, p, d.colour):
        return IllegalActionError("MA-12.3", f"an effect says you cannot deploy {d.colour} knights this turn; "
                                             "\"cannot\" wins")
    if st.vars["base_colours"][p] & colour_bit(d.colour):
        return IllegalActionError("MA-8.3", f"{d.name} is {d.colour}, a colour you moved from base this turn")
    if d.colour == "colourless":
        names = [st.card(i).name for i in st.knights(p, "base") if st.colour(i) == "colourless"]
        names += [st.card(i).name for i in tops if i != replaced and st.colour(i) == "colourless"]
        if d.name in names:
            return IllegalActionError("MA-8.6", f"you already have a colourless knight named {d.name}")
    if budget_used(st, p, step, items) + cost > cap:
        return IllegalActionError("MA-7.2", f"{d.name} costs {cost}: the deployment total would pass your cost "
                                            f"capacity {cap}")
    return None


# the listed items of each seat, made once (``ActionTable``): keys are card ids, (card, onto) for ``evolve``
_MOVE, _DEPLOY = action_tables("move", "card"), action_tables("deploy", "card")
_EVOLVE = action_tables("evolve", "card", "onto")
_SUBMIT = (shared_action(0, "submit"), shared_action(1, "submit"))


def options(st: MaState, p: int, step: str, items: tuple[Any, ...]) -> list[Action]:
    """The items ``refusal`` accepts, in the order base knights / hand cards (deploy, then evolve onto
    each battle top) are listed, then ``submit``. Why not ``refusal`` on every candidate: this runs at
    every item of every submission (the hottest rules path in self-play), and the checks share most
    of their inputs (capacity, budget, battle tops, names), so they are computed once here."""
    cap = st.capacity(p)
    used = budget_used(st, p, step, items)
    out: list[Action] = []
    if step == "first":
        if not st.lasting and not st.options.get("single_colour_base_move"):
            # the common case: no effect in force, so printed colours and no restriction (``colour``,
            # ``colour_restricted``), and no variant; the same items in the same order
            defs, t = st.game.pool.defs, st.table  # type: ignore[attr-defined]
            defn, host = t.defn, t.host
            moves = _MOVE[p]
            made = moves.made
            for k in t.zones[ZONE_ID["base"][p]]:
                if host[k] != NO_CARD or k in items:
                    continue
                d = defs[defn[k]]
                cost = d.evolution_cost if d.evolves_from and t.attachments(k) else d.cost  # ``deploy_cost``
                if used + cost <= cap:
                    out.append(made.get(k) or moves.make(k))
            out.append(_SUBMIT[p])
            return out
        colour_restricted = mods.effects.colour_restricted

        variant = bool(st.options.get("single_colour_base_move"))
        moved = [st.colour(j) for j in items]
        for k in st.knights(p, "base"):
            if k in items:
                continue
            colour = st.colour(k)  # D-MA-65: the current colour
            if colour_restricted(st, p, colour):
                continue
            if variant and colour != "colourless" and any(c not in ("colourless", colour) for c in moved):
                continue
            if used + st.deploy_cost(k) <= cap:
                out.append(_MOVE[p].made.get(k) or _MOVE[p].make(k))
        return out + [_SUBMIT[p]]
    defs, defn = st.game.pool.defs, st.table.defn  # type: ignore[attr-defined]
    # Every test below only removes items, and the budget (MA-7.2) is the one that removes most: in random play
    # a third of the Second-step listings offer only ``submit``. So the hand is first narrowed to the cards
    # the budget lets be deployed or evolved at all, and the battle tops, names, colours and restrictions are
    # read only if one is left (the same items in the same order: nothing skipped could have been listed).
    # The colours moved from base this turn (MA-8.3) are the other common bar: a third of the listings.
    room, taken, mask = cap - used, items[::2], st.vars["base_colours"][p]  # items: (card, onto, card, onto, ...)
    cands = []
    for h in st.table.zones[ZONE_ID["hand"][p]]:
        if h in taken:
            continue
        d = defs[defn[h]]
        if (d.cost <= room or d.evolves_from and d.evolution_cost <= room) and not mask & COLOUR_BITS[d.colour]:
            cands.append((h, d))
    if not cands:
        return [_SUBMIT[p]]
    colour_restricted, restricted = mods.effects.colour_restricted, mods.effects.restricted
    # MA-12.3 restrictions are lasting ``restrict:...`` entries; with none in force (the common case: the
    # turn's lasting effects are mostly ``moved_from_base``) neither test below can say "cannot"
    restricts = any(e[0].startswith("restrict:") for e in st.lasting)

    if restricts and restricted(st, p, "deploy_from_hand"):
        return [_SUBMIT[p]]
    # What the candidates can need: the battle tops only to evolve onto them, the colourless names (MA-8.6)
    # only for a colourless card; most listings need neither, so neither is read then
    any_colourless = any(d.colour == "colourless" for _, d in cands)
    tops: list[int] = []
    top_defs: list[Any] = []
    if any_colourless or any(d.evolves_from for _, d in cands):
        tops = battle_tops(st, p, items)
        top_defs = [defs[defn[k]] for k in tops]
    top_colourless: list[bool] = []
    colourless_tops: set[str] = set()
    base_names: list[str] = []
    if any_colourless:
        # D-MA-65: current colours; with no ``change_colour`` in force (the common case) the printed ones
        colour_of: Callable[[int], str] = st.colour if any(e[0] == "colour" for e in st.lasting) \
            else (lambda i: defs[defn[i]].colour)
        top_colourless = [colour_of(k) == "colourless" for k in tops]
        colourless_tops = {t.name for t, c in zip(top_defs, top_colourless) if c}
        base_names = [defs[defn[i]].name for i in st.knights(p, "base") if colour_of(i) == "colourless"]
    deploys, evolves = _DEPLOY[p], _EVOLVE[p]
    deploy_made, evolve_made = deploys.made, evolves.made
    barred: dict[str, bool] = {}  # per colour: moved from base this turn (MA-8.3) or restricted (MA-12.3)
    for h, d in cands:
        bar = barred.get(d.colour)
        if bar is None:
            bar = barred[d.colour] = restricts and colour_restricted(st, p, d.colour)  # (``mask``: above)
        if bar:
            continue
        colourless = d.colour == "colourless"
        if not (colourless and (d.name in base_names or d.name in colourless_tops)) and used + d.cost <= cap:
            out.append(deploy_made.get(h) or deploys.make(h))
        if not d.evolves_from or used + d.evolution_cost > cap:
            continue
        for j, (k, t) in enumerate(zip(tops, top_defs)):
            if t.name not in d.evolves_from:
                continue
            if colourless and (d.name in base_names or any(
                    c and u.name == d.name for x, (u, c) in enumerate(zip(top_defs, top_colourless)) if x != j)):
                continue
            out.append(evolve_made.get((h, k)) or evolves.make((h, k)))
    return out + [_SUBMIT[p]]


def _prompt(step: str) -> tuple[str, str]:
    """The decision kind and prompt of a submission in ``step``."""
    what = "move base knights to the battle area" if step == "first" else "deploy knights from hand"
    return f"{step}_step", f"{step.capitalize()} step (secret): {what}, then submit"


_PROMPTS = {step: _prompt(step) for step in ("first", "second")}  # built once: ``Submit.run`` asks at every item


class Submit(Op[MaState]):
    """One seat's secret submission for the First or Second step (args: player, step)."""

    name = "ma.submit"

    def run(self, st: MaState, frame: Frame) -> None:
        p, step = frame["player"], frame["step"]
        items = tuple(st.secrets.get(p, ()))
        kind, prompt = _PROMPTS.get(step) or _prompt(step)
        st.ask(p, kind, prompt, options(st, p, step, items))

    def answer(self, st: MaState, frame: Frame, action: Action) -> None:
        p = frame["player"]
        items = tuple(st.secrets.get(p, ()))
        if action.kind == "submit":
            st.secrets.pop(p, None)
            st.ret(items)
        elif action.kind == "move":
            st.secrets[p] = items + (action.get("card"),)
        else:
            onto = action.get("onto") if action.kind == "evolve" else -1
            st.secrets[p] = items + (action.get("card"), onto)

    def sample(self, st: MaState, frame: Frame, rng: Rng) -> Any:
        """A random legal submission from the (sampled) state, for another seat's hidden commit."""
        p, step = frame["player"], frame["step"]
        items: tuple[Any, ...] = ()
        while True:
            opts = options(st, p, step, items)
            a = opts[rng.below(len(opts))]
            if a.kind == "submit":
                return items
            if a.kind == "move":
                items += (a.get("card"),)
            else:
                items += (a.get("card"), a.get("onto") if a.kind == "evolve" else -1)


OPS.add(Submit())


def apply_submissions(st: MaState, step: str, values: Any) -> None:
    """MA-8.13: T's submission, then N's, applied as one public reveal."""
    order = {st.active_player(): 0, 1 - st.active_player(): 1}
    spent = list(st.vars["spent"])
    happenings: list[tuple[str, int, int, str]] = []
    for p, items in sorted(values, key=lambda sv: order[sv[0]]):
        spent[p] = budget_used(st, p, step, tuple(items))
        if step == "first":
            # MA-8.2: each knight's colour as it moves (D-MA-65), gathered into the seat's mask and written once
            # (nothing here reads the mask, so writing it per knight would give the same)
            mask = st.vars["base_colours"][p]
            for k in items:
                move_stack(st, k, f"battle:{p}")
                mask |= COLOUR_BITS.get(st.colour(k), 0)
                add_lasting(st, "moved_from_base", k, 1, "turn_end")  # MA-15.6 moved_from_base_this_turn
                happenings.append(("knight_deployed", p, k, "base"))
            if items:
                colours = list(st.vars["base_colours"])
                colours[p] = mask
                st.vars["base_colours"] = colours
            st.note("moved_to_battle", {"player": p, "cards": list(items)})
        else:
            for h, onto in _pairs(tuple(items)):
                st.move_card(h, f"battle:{p}")
                st.table.reveal_to_all(h)
                if onto != -1:
                    evolve(st, h, onto)
                happenings.append(("knight_deployed", p, h, "hand"))
                if onto != -1:
                    happenings.append(("knight_evolved", p, h, "hand"))  # MA-15.4, D-MA-69
            st.note("deployed", {"player": p, "items": [list(x) for x in _pairs(tuple(items))]})
    st.vars["spent"] = spent
    fire = mods.triggers.fire

    fire(st, happenings)  # MA-8.12: after both deployments are revealed
