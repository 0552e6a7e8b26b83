"""Effect primitives (MA-15.5, the list in ``schema.py``), burst
text (MA-10.2) and activated abilities of leaders and knights with their colour cost (MA-3.12, MA-7.4,
MA-7.5, MA-7.7, MA-12.7, MA-12.9).

Effects live in the card data; a frame names them by (definition, source, index) so the stack stays
plain data: ``source`` is ``burst`` or ``ability:N``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Sequence

from ...core import Action, IllegalActionError, shared_action
from ...engine import EXHAUSTED, FACE_DOWN, NO_CARD, Choose, Frame, Op, add_lasting, is_used, lasting_total, mark_used, pick
from . import card_effects, chain_effects, discard_effects, zone_effects
from .catalog import CardDef, Pool
from .rules import change_hp, draw, flip_face_down
from .schema import (Ability, AddChain, BurstCheck, CapacityBonus, ChangeColour, Charge, ChooseOne, DamageLeader,
                     Deploy, DiscardFromHand, Draw, Effect, Evolve, FlipChain, Grant, HealLeader, If, MakeActive, Mill,
                     ModifyKnight, MoveKnight, PreventDamage, RemoveChain, Repeat, Rest, Restrict, RevealTop,
                     SearchDeck, SetHp, SetValues)
from .selectors import holds, knights_for, one_player, players_of, value_of
from .state import AREAS_BY_ZONE, OPS, ZONE_ID, MaState, mods


def effect_list(st: MaState, defn: int, source: str) -> tuple[Effect, ...]:
    """The effects a frame names: ``burst`` or ``ability:N``, then ``/K:then`` or ``/K:else`` for the
    branch of the ``if`` at position K (MA-15.5). Memoised per pool (definitions are immutable), since a
    text's frame reads its list at every step and parsing ``source`` again was a good part of that."""
    defs = st.pool.defs
    key = (defn, source)
    memo = _EFFECT_LISTS.get(id(defs))
    if memo is None or memo[0] is not defs:
        if len(_EFFECT_LISTS) >= 8:
            _EFFECT_LISTS.clear()
        memo = _EFFECT_LISTS[id(defs)] = (defs, {})
    found = memo[1].get(key)
    if found is None:
        found = memo[1][key] = effects_of(defs, defn, source)
    return found


# id of a pool's definitions -> (those definitions, (defn, source) -> effects): the tuple is kept so its id
# cannot be reused by another pool while the entry lives
_EFFECT_LISTS: dict[int, tuple[Sequence[CardDef], dict[tuple[int, str], tuple[Effect, ...]]]] = {}


def effects_of(defs: Sequence[CardDef], defn: int, source: str) -> tuple[Effect, ...]:
    """``effect_list`` from the card definitions alone: what a bot reads from a frame in its view."""
    d = defs[defn]
    head, *branches = source.split("/")
    effects: tuple[Effect, ...] = d.burst if head == "burst" else tuple(d.abilities[int(head.split(":")[1])].effects)
    for part in branches:
        k, side = part.split(":")
        eff = effects[int(k)]
        if isinstance(eff, ChooseOne):
            effects = tuple(eff.options[int(side)])
            continue
        if isinstance(eff, Repeat):
            effects = tuple(eff.effects)
            continue
        if isinstance(eff, RevealTop):
            effects = tuple(eff.then)
            continue
        assert isinstance(eff, If)
        effects = tuple(eff.then if side == "then" else eff.else_)
    return effects


TARGETED = (ModifyKnight, Rest, MakeActive, Grant, MoveKnight, SetValues, ChangeColour)


def by_card_selector(eff: Any) -> bool:
    """A primitive that chooses cards through a card selector (``card_effects``, MA-15.2)."""
    return isinstance(eff, (Deploy, Evolve)) or isinstance(eff, AddChain) and eff.card is not None


def knight_candidates(st: MaState, controller: int, eff: Any, src: int = -1) -> list[int]:
    """The knights a targeted primitive may choose now (MA-15.2); a move to a base area only those that
    would fit there (MA-4.1: 3 knights)."""
    cands = knights_for(st, controller, eff.target, src)
    if isinstance(eff, MoveKnight) and eff.to == "base":
        t = st.table
        cands = [j for j in cands if t.zone_name(j) != f"base:{t.owner[j]}" and zone_effects.base_room(st, t.owner[j])]
    return cands


def push_effects(st: MaState, p: int, defn: int, source: str, src: int) -> None:
    """Resolve the text ``source`` of definition ``defn`` for controller ``p``; ``src`` is the card."""
    st.push("ma.effects", player=p, defn=defn, source=source, k=0, stage="start", chosen=(), src=src)


def _ability_condition(st: MaState, defn: int, source: str) -> Any:
    if source.startswith("ability:") and "/" not in source:
        return st.pool.defs[defn].abilities[int(source.split(":")[1])].condition
    return None


@OPS.step("ma.effects")
def _effects(st: MaState, frame: Frame) -> None:
    """Resolve the effects of one text in order, each completely (MA-12.5); HP checked per primitive."""
    p, defn, source, k = frame["player"], frame["defn"], frame["source"], frame["k"]
    src = frame.get("src", -1)
    effects = effect_list(st, defn, source)
    name = st.pool.defs[defn].name
    if k >= len(effects):
        st.pop()
        events = [tuple(e) for e in frame.get("events") or ()]
        parent = st.stack[-1] if st.stack else None
        if parent is not None and parent.op == "ma.effects" and parent["defn"] == defn \
                and source.startswith(f"{parent['source']}/"):
            if events:  # a branch of an ``if``/``choose_one``: its events wait for the enclosing text
                st.replace(parent.evolve(events=tuple(parent.get("events") or ()) + tuple(events)))
            return
        if parent is not None and parent.op == "ma.burst" and source == "burst":
            if events:  # burst text: its events wait for the end of the burst check (MA-9.7 step 5)
                st.replace(parent.evolve(events=tuple(parent.get("events") or ()) + tuple(events)))
            return
        fire = mods.triggers.fire  # (an import here would run the import machinery per text)

        fire(st, events)
        return
    if k == 0 and frame["stage"] == "start":
        if not holds(st, p, _ability_condition(st, defn, source), src):
            st.pop()  # MA-15.6: the condition is checked again on resolution
            st.note("condition_failed", {"player": p, "name": name})
            return
        if not text_possible(st, p, effects, src):
            st.pop()  # MA-12.2: a part cannot be carried out, so none of the text is
            st.note("text_void", {"player": p, "name": name})
            return
    eff = effects[k]
    if by_card_selector(eff) or isinstance(eff, RevealTop):
        _card_step(st, frame, eff, name)
        return
    if isinstance(eff, (AddChain, FlipChain)) and frame["stage"] == "start":
        st.replace(frame.evolve(stage="target"))
        if not chain_effects.ask(st, p, eff, name):
            st.replace(frame.evolve(k=k + 1, stage="start"))
            chain_effects.apply(st, p, eff, (), name)
        return
    if isinstance(eff, (DiscardFromHand, ChooseOne, RemoveChain, SearchDeck)) and frame["stage"] == "start":
        st.replace(frame.evolve(stage="target"))
        if isinstance(eff, RemoveChain):
            zone_effects.ask_remove(st, p, eff, name)
        elif isinstance(eff, SearchDeck):
            zone_effects.ask_search(st, p, eff, name, (defn, source, k), src)
        elif isinstance(eff, ChooseOne):
            open_ = tuple(j for j, opt in enumerate(eff.options) if text_possible(st, p, opt, src))
            st.replace(st.stack[-1].evolve(open=open_))
            st.push(Choose.name, player=p, labels=tuple(eff.labels[j] for j in open_), kind="choose_one",
                    prompt=f"{name}: choose one")
        elif not discard_effects.ask(st, p, eff, name):
            st.replace(frame.evolve(k=k + 1, stage="start"))
            discard_effects.apply(st, p, eff, None, name)
        return
    if isinstance(eff, TARGETED) and frame["stage"] == "start":
        cands = knight_candidates(st, p, eff, src)
        count = eff.target.count
        if count == "all":
            st.replace(frame.evolve(k=k + 1, stage="start"))
            _apply_targeted(st, p, eff, tuple(cands), name, src)
            return
        if cands:
            st.replace(frame.evolve(stage="target"))
            lo, hi = (1, 1) if count == 1 else (0, min(len(cands), count.up_to))  # type: ignore[union-attr]
            pick(st, p, cands, lo, hi, f"Choose the knight(s) for {name}", kind="effect_target")
            return
        st.replace(frame.evolve(k=k + 1, stage="start"))  # a later part lost its target: that part only
        return
    st.replace(frame.evolve(k=k + 1, stage="start"))
    if isinstance(eff, TARGETED):
        _apply_targeted(st, p, eff, tuple(frame.got or ()), name, src)
    elif isinstance(eff, (AddChain, FlipChain)):
        chain_effects.apply(st, p, eff, tuple(frame.got or ()), name)
    elif isinstance(eff, DiscardFromHand):
        discard_effects.apply(st, p, eff, frame.got, name)
    elif isinstance(eff, RemoveChain):
        zone_effects.remove(st, p, eff, tuple(frame.got or ()), name)
    elif isinstance(eff, SearchDeck):
        zone_effects.search(st, p, eff, tuple(frame.got or ()), name)
    elif isinstance(eff, ChooseOne):
        choice = frame["open"][frame.got]
        st.note("chose", {"player": p, "name": name, "option": eff.labels[choice]})
        push_effects(st, p, defn, f"{source}/{k}:{choice}", src)
    elif isinstance(eff, (DamageLeader, HealLeader)):
        sign = -1 if isinstance(eff, DamageLeader) else 1
        hit = players_of(st, p, eff.player)
        amount = max(0, value_of(st, p, eff.amount, src))  # read once: one primitive, one change (MA-13.1)
        if change_hp(st, {q: sign * amount for q in hit}, name):
            return
        if amount > 0:  # MA-15.4: who, which card, by an effect, how much (D-MA-67)
            defer(st, [("leader_damaged" if sign < 0 else "leader_healed", q, src, "effect", amount) for q in hit])
    elif isinstance(eff, SetHp):
        if change_hp(st, {q: eff.amount - st.hp(q) for q in players_of(st, p, eff.player)}, name):
            return
    elif isinstance(eff, Draw):
        n = value_of(st, p, eff.n, src)
        for q in players_of(st, p, eff.player):
            if n > 0 and draw(st, q, n):
                defer(st, [("card_drawn", q, -1, "", 1)] * n)  # the drawn card is hidden: no card named
    elif isinstance(eff, Mill):
        mill(st, one_player(st, p, eff.player), eff.n)
    elif isinstance(eff, PreventDamage):
        q = one_player(st, p, eff.player)
        amount = ALL_DAMAGE if eff.amount == "all" else eff.amount
        add_lasting(st, "prevent_next" if eff.scope == "next_attack" else "prevent_turn", f"p{q}", amount, "turn_end")
        st.note("prevention", {"player": q, "amount": eff.amount, "scope": eff.scope, "by": name})
    elif isinstance(eff, CapacityBonus):
        q = one_player(st, p, eff.player)
        delta = value_of(st, p, eff.delta, src)
        add_lasting(st, "capacity", f"p{q}", delta, "turn_end")
        st.note("capacity_bonus", {"player": q, "delta": delta, "by": name})
    elif isinstance(eff, Restrict):
        q = one_player(st, p, eff.player)
        what = eff.what if eff.colour is None else f"{eff.what}:{eff.colour}"
        add_lasting(st, f"restrict:{what}", f"p{q}", 1, "turn_end")
        st.note("restricted", {"player": q, "what": eff.what, "colour": eff.colour, "by": name})
    elif isinstance(eff, BurstCheck):
        st.push("ma.burst", player=one_player(st, p, eff.player), stage="reveal", card=-1)
    elif isinstance(eff, Charge):
        push_fill = mods.rules.push_fill

        push_fill(st, one_player(st, p, eff.player))
    elif isinstance(eff, Repeat):  # one round at a time; this frame comes back to the repeat until done
        r = int(frame.get("round") or 0) + 1
        st.replace(st.stack[-1].evolve(k=k if r < eff.times else k + 1, round=r if r < eff.times else 0))
        push_effects(st, p, defn, f"{source}/{k}:body", src)
    elif isinstance(eff, If):
        side = "then" if holds(st, p, eff.condition, src) else "else"
        st.note("if", {"player": p, "name": name, "branch": side})
        if eff.then if side == "then" else eff.else_:
            push_effects(st, p, defn, f"{source}/{k}:{side}", src)


def _card_step(st: MaState, frame: Frame, eff: Any, name: str) -> None:
    """The stages of a card-selector primitive or ``reveal_top``: ``start`` asks (or applies at once),
    ``target`` has the chosen cards, ``onto`` (``evolve``) the knight they go on."""
    p, defn, source, k, stage = frame["player"], frame["defn"], frame["source"], frame["k"], frame["stage"]
    src = frame.get("src", -1)
    if isinstance(eff, RevealTop):
        if stage == "start":
            st.replace(frame.evolve(stage="target"))
            if card_effects.ask_reveal(st, p, eff, name):
                return
            frame = st.stack[-1]
            chosen = tuple(frame["matches"])
        else:
            chosen = tuple(frame.got or ())
        st.replace(frame.evolve(k=k + 1, stage="start", revealed=(), matches=()))
        moved = card_effects.apply_reveal(st, p, eff, frame["revealed"], chosen, name)
        if eff.then:
            for _ in range(moved):  # MA-15.5: the sub-effects once per card that went (D-MA-64)
                push_effects(st, p, defn, f"{source}/{k}:then", src)
        return
    if stage == "start":
        st.replace(frame.evolve(stage="target"))
        card_effects.ask(st, p, eff, name, (defn, source, k), src)
        return
    if stage == "target" and isinstance(eff, Evolve) and frame.got:
        card = frame.got[0]
        st.replace(frame.evolve(stage="onto", card=card))
        card_effects.ask_onto(st, p, eff, card, name, src)
        return
    st.replace(frame.evolve(k=k + 1, stage="start", card=None))
    if stage == "onto":
        card_effects.apply(st, p, eff, (frame["card"],), name, onto=frame.got[0])
    else:  # (an ``evolve`` that chose no card applies to nothing; a searched deck is still shuffled)
        card_effects.apply(st, p, eff, tuple(frame.got or ()), name)


def defer(st: MaState, happenings: list[tuple[Any, ...]]) -> None:
    """Events caused by a text wait until the whole text has resolved, then trigger (MA-12.5: each
    ability resolves completely before the next). The text's frame is the top of the stack here."""
    frame = st.stack[-1]
    assert frame.op == "ma.effects"
    st.replace(frame.evolve(events=tuple(frame.get("events") or ()) + tuple(tuple(h) for h in happenings)))


ALL_DAMAGE = 1_000_000  # ``prevent_damage amount: all`` as a number no attack reaches


def _apply_targeted(st: MaState, p: int, eff: Any, chosen: tuple[int, ...], name: str, src: int = -1) -> None:
    """MA-15.5 ``modify_knight`` / ``rest`` / ``make_active`` / ``grant`` / ``move_knight`` on the chosen
    knights; a value (MA-15.2) is read once, before any knight changes."""
    if isinstance(eff, ModifyKnight):
        skill, defence = value_of(st, p, eff.skill, src), value_of(st, p, eff.defence, src)
    for j in chosen:
        if isinstance(eff, SetValues):  # D-MA-63: replaces the printed values; +X/-X still add on top
            for stat, value in (("set_skill", eff.skill), ("set_defence", eff.defence)):
                if value is not None:
                    add_lasting(st, stat, j, value, "turn_end", -1)
            st.note("values_set", {"card": j, "skill": eff.skill, "defence": eff.defence, "by": name})
        elif isinstance(eff, ChangeColour):  # D-MA-65
            add_lasting(st, "colour", j, eff.colour, "turn_end", -1)
            st.note("colour_changed", {"card": j, "colour": eff.colour, "by": name})
        elif isinstance(eff, ModifyKnight):
            add_lasting(st, "skill", j, skill, "turn_end", -1)
            add_lasting(st, "defence", j, defence, "turn_end", -1)
            st.note("modified", {"card": j, "skill": skill, "defence": defence, "by": name})
        elif isinstance(eff, Rest):
            st.table.set_flag(j, EXHAUSTED)
            st.note("rested", {"card": j, "by": name})
        elif isinstance(eff, MakeActive):
            st.table.set_flag(j, EXHAUSTED, False)
            st.note("made_active", {"card": j, "by": name})
        elif isinstance(eff, MoveKnight):
            if zone_effects.move_knights(st, eff, (j,), name):
                defer(st, [("knight_enters_base", st.table.owner[j], j, "effect")])
        else:
            add_lasting(st, f"kw:{eff.keyword}", j, 1, "turn_end", -1)
            st.note("granted", {"card": j, "keyword": eff.keyword, "by": name})


def mill(st: MaState, p: int, n: int) -> None:
    """MA-15.5 ``mill``: up to ``n`` top cards go face up to the discard pile; no reshuffle (MA-4.7 does
    not list milling: a mill takes what the deck holds)."""
    t = st.table
    milled = []
    for _ in range(n):
        cards = t.cards(f"deck:{p}")
        if not cards:
            break
        i = cards[-1]
        t.reveal_to_all(i)
        st.move_card(i, f"discard:{p}")
        milled.append(i)
    st.note("milled", {"player": p, "cards": milled, "names": [st.card(i).name for i in milled]})


# ---- the leader's activated ability and its colour cost ------------------------------------------------


def ordered_symbols(symbols: Any) -> list[str]:
    """Coloured symbols first, the generic ``any`` last: naming in this order can never strand a symbol."""
    return sorted(symbols, key=lambda s: s == "any")


def payable(st: MaState, p: int, symbols: Any, named: tuple[int, ...] = ()) -> bool:
    """MA-7.4 step 2: a complete assignment of distinct face-up own chain cards exists."""
    if not symbols:
        return True  # nothing to pay (the last symbol of a payment, a free ability)
    t, defs = st.table, st.pool.defs
    flags, defn = t.flags, t.defn
    left = [defs[defn[i]].colour for i in t.zones[ZONE_ID["chain"][p]] if not flags[i] & FACE_DOWN and i not in named]
    # Counted, not matched card by card: a card pays one symbol; a coloured symbol needs a card of its colour
    # and ``any`` takes any card, so (as the greedy match of ``ordered_symbols``, coloured symbols first,
    # found) an assignment exists exactly when each colour has enough cards and there are enough cards
    if len(symbols) > len(left):
        return False
    return all(s == "any" or symbols.count(s) <= left.count(s) for s in symbols)


@lru_cache(maxsize=8)
def activated_by_def(pool: Pool) -> dict[int, tuple[int, ...]]:
    """Per definition with an activated ability, the indexes of those abilities (a pool is immutable:
    computed once), so the option listings skip every other card without reading its definition."""
    out: dict[int, tuple[int, ...]] = {}
    for d in pool.defs:
        found = tuple(k for k, ab in enumerate(d.abilities) if ab.kind == "activated")
        if found:
            out[d.index] = found
    return out


def activated(st: MaState, i: int) -> list[int]:
    """Indexes of card ``i``'s activated abilities."""
    return list(activated_by_def(st.pool).get(st.table.defn[i], ()))


def works_here(st: MaState, i: int, ab: Ability) -> bool:
    """MA-15.3 ``zones``: a knight's ability works in the battle area unless it says otherwise, a
    leader's in the leader area; cards under a stack have none (MA-8.9), chain cards none unless the
    ability says ``chain`` (MA-7.3)."""
    t = st.table
    if t.host[i] != NO_CARD or t.flags[i] & FACE_DOWN:  # (``face_down`` inlined: this runs for every source read)
        return False  # a face-down chain card's text is off: it may be hidden (MA-14.4, D-MA-53)
    zone = AREAS_BY_ZONE[t.zone[i]]  # ``area``
    if ab.zones:
        return zone in ab.zones
    return zone == ("leader" if st.card(i).kind == "leader" else "battle")


def ability_refusal(st: MaState, p: int, i: Any, k: Any, window: str = "own_attack_step") -> IllegalActionError | None:
    """The MA-7.4 check order for an activation in ``window`` (``own_attack_step`` or ``defence``):
    window and limit (MA-12.7, MA-3.12, MA-12.9), rested state for ``rest_self`` (MA-12.9), a complete
    colour payment (MA-7.7), targets (MA-12.2)."""
    t = st.table
    if not isinstance(i, int) or not 0 <= i < len(t) or t.ctrl[i] != p or k not in activated(st, i):
        return IllegalActionError("MA-12.7", "only an activated ability of one of your own cards can be activated")
    failed = _activation_check(st, p, i, k, window)
    if failed is None:
        return None
    d = st.card(i)
    ab = d.abilities[k]
    limit_rule = "MA-3.12" if d.kind == "leader" else "MA-12.9"
    if failed == "restricted":
        return IllegalActionError("MA-12.3", "an effect says you cannot activate abilities this turn; "
                                             "\"cannot\" wins")
    if failed == "zone":
        return IllegalActionError("MA-15.3", f"{d.name}'s ability does not work where the card is now")
    if failed == "timing":
        return IllegalActionError("MA-12.7", f"{d.name}'s ability has {ab.timing} timing; this is the "
                                             f"{window.replace('_', ' ')} window")
    if failed == "turn":
        return IllegalActionError(limit_rule, f"{d.name}'s ability was already used this turn")
    if failed == "game":
        return IllegalActionError(limit_rule, f"{d.name}'s ability was already used this game")
    if failed == "rested":
        return IllegalActionError("MA-12.9", f"{d.name} is rested: resting it is part of this ability's cost")
    if failed == "colours":
        return IllegalActionError("MA-7.7", f"{d.name}: your face-up chain cards cannot pay "
                                            f"{', '.join(ab.colour_cost)}")
    if failed == "condition":
        return IllegalActionError("MA-15.6", f"{d.name}: its condition does not hold now")
    return IllegalActionError("MA-12.2", f"{d.name}: its effect has no target, so none of it can be done")


def activatable(st: MaState, p: int, i: int, k: int, window: str = "own_attack_step") -> bool:
    """``ability_refusal(...) is None`` for ability ``k`` of ``p``'s own card ``i`` that has it (the option
    listings pass only such pairs), without building the refusal: most listed abilities are refused."""
    return st.table.ctrl[i] == p and _activation_check(st, p, i, k, window) is None


def _activation_check(st: MaState, p: int, i: int, k: int, window: str) -> str | None:
    """The checks of ``ability_refusal`` after the ownership test, in its order: the first that fails, by a
    short name, or None. One function for both callers, so the listing and the explanation never differ."""
    d = st.card(i)
    ab = d.abilities[k]
    if st.lasting and restricted(st, p, "activate"):
        return "restricted"
    if not works_here(st, i, ab):
        return "zone"
    if ab.timing != window:
        return "timing"
    if (ab.limit == "once_per_turn" or d.kind == "leader") and is_used(st, i, k, "turn_end"):
        return "turn"
    if ab.limit == "once_per_game" and is_used(st, i, k, "game"):
        return "game"
    if ab.rest_self and st.rested(i):
        return "rested"
    if ab.colour_cost and not payable(st, p, ab.colour_cost):
        return "colours"
    if not holds(st, p, ab.condition, i):
        return "condition"
    if not text_possible(st, p, ab.effects, i):
        return "effects"
    return None


_RESTRICT_KEYS: dict[str, str] = {}  # ``what`` -> its lasting stat ``restrict:<what>`` (formatted once)


def restricted(st: MaState, p: int, what: str) -> bool:
    """MA-12.3: a ``restrict`` on ``p`` is in force this turn."""
    if not st.lasting:
        return False
    stat = _RESTRICT_KEYS.get(what)
    if stat is None:
        stat = _RESTRICT_KEYS[what] = f"restrict:{what}"
    return lasting_total(st, stat, f"p{p}") > 0


def colour_restricted(st: MaState, p: int, colour: str) -> bool:
    """MA-12.3 / D-MA-66: ``restrict deploy_colour`` forbids ``p`` to put a knight of ``colour`` into the
    battle area this turn (colourless is no colour and is never restricted, MA-3.3)."""
    return bool(st.lasting) and colour != "colourless" and restricted(st, p, f"deploy_colour:{colour}")


def text_possible(st: MaState, p: int, effects: Any, src: int = -1) -> bool:
    """MA-12.2: every part that needs exactly one target has one ("all" and "up to" parts can always be
    carried out; an ``if`` branch is checked when it is chosen)."""
    for check, eff in _possible_plan(effects):
        if check == _TARGET:
            ok = bool(knight_candidates(st, p, eff, src))
        elif check == _REMOVE:
            ok = zone_effects.remove_possible(st, p, eff)
        elif check == _CHAIN:
            ok = chain_effects.possible(st, p, eff)
        elif check == _BY_CARD:
            ok = card_effects.possible(st, p, eff, src)
        elif check == _DISCARD:
            ok = discard_effects.possible(st, p, eff)
        else:
            ok = any(text_possible(st, p, opt, src) for opt in eff.options)
        if not ok:
            return False
    return True


_TARGET, _REMOVE, _CHAIN, _BY_CARD, _DISCARD, _CHOOSE = range(6)


def _possible_plan(effects: Any) -> tuple[tuple[int, Any], ...]:
    """The checks ``text_possible`` makes on ``effects``, in its order (each kind of part in turn): the parts
    that need no check (most) dropped once per list instead of being type-tested six times at every call.

    Why this is safe to keep: a list of effects is card data, never changed after loading, and the memo holds
    the list itself (an ``id`` is reused only after its object is gone, which the kept reference prevents)."""
    got = _PLANS.get(id(effects))
    if got is not None and got[0] is effects:
        return got[1]
    plan: list[tuple[int, Any]] = [(_TARGET, e) for e in effects if isinstance(e, TARGETED) and e.target.count == 1]
    plan += [(_REMOVE, e) for e in effects if isinstance(e, RemoveChain)]
    plan += [(_CHAIN, e) for e in effects if isinstance(e, (AddChain, FlipChain)) and not by_card_selector(e)]
    plan += [(_BY_CARD, e) for e in effects if by_card_selector(e)]
    plan += [(_DISCARD, e) for e in effects if isinstance(e, DiscardFromHand)]
    plan += [(_CHOOSE, e) for e in effects if isinstance(e, ChooseOne)]
    if len(_PLANS) >= 1 << 12:
        _PLANS.clear()  # a bound: the effect lists of the loaded pools are a few hundred
    found = _PLANS[id(effects)] = (effects, tuple(plan))
    return found[1]


_PLANS: dict[int, tuple[Any, tuple[tuple[int, Any], ...]]] = {}  # id(effects) -> (effects, its checks)


def activate(st: MaState, p: int, i: int, k: int) -> None:
    """Mark the limit, rest the source if ``rest_self``, name the colour cost, then resolve (MA-7.4)."""
    d = st.card(i)
    ab = d.abilities[k]
    mark_used(st, i, k, "turn_end")
    if ab.limit == "once_per_game":
        mark_used(st, i, k, "game")
    if ab.rest_self:
        st.table.set_flag(i, EXHAUSTED)  # MA-12.9: part of the cost, not the knight's action
    st.note("activated", {"player": p, "card": i, "name": d.name, "ability": k})
    push_effects(st, p, d.index, f"ability:{k}", i)
    if ab.colour_cost:
        st.push(PayColours.name, player=p, symbols=tuple(ordered_symbols(ab.colour_cost)), named=())


def pay_refusal(st: MaState, p: int, symbol: str, named: tuple[int, ...], card: Any) -> IllegalActionError | None:
    """MA-7.4 step 3 / MA-7.5: the card named for one symbol."""
    t = st.table
    if not isinstance(card, int) or not 0 <= card < len(t) or t.zone_name(card) != f"chain:{p}":
        return IllegalActionError("MA-7.4", f"card {card} is not a card in your chain zone")
    if card in named:
        return IllegalActionError("MA-7.4", "a chain card pays one symbol only; it is already named")
    if st.face_down(card):
        return IllegalActionError("MA-7.4", "only a face-up chain card can pay colour cost")
    colour = st.card(card).colour
    if symbol != "any" and colour != symbol:
        rule = "MA-7.5" if colour == "colourless" else "MA-7.4"
        return IllegalActionError(rule, f"a {symbol} symbol needs a {symbol} chain card, not a {colour} one")
    return None


class PayColours(Op[MaState]):
    """MA-7.4: name one face-up chain card per symbol (``pay card=C``); all turn face down together."""

    name = "ma.pay"

    def run(self, st: MaState, frame: Frame) -> None:
        p, symbols, named = frame["player"], frame["symbols"], tuple(frame["named"])
        if len(named) == len(symbols):
            st.pop()
            flip_face_down(st, named)
            st.note("colour_paid", {"player": p, "cards": list(named), "symbols": list(symbols)})
            defer(st, [("chain_flipped", p, c, "") for c in named])  # the paid text is below (MA-12.5)
            return
        symbol = symbols[len(named)]
        # ``pay_refusal(...) is None`` for a card of the chain zone (an int, in that zone): not named, face up,
        # of the symbol's colour; tested here without building refusals (this runs at every symbol)
        t, defs = st.table, st.pool.defs
        flags, defn, rest = t.flags, t.defn, symbols[len(named) + 1:]
        opts = [Action(p, "pay", (("card", c),)) for c in t.cards(f"chain:{p}")
                if c not in named and not flags[c] & FACE_DOWN
                and (symbol == "any" or defs[defn[c]].colour == symbol) and payable(st, p, rest, named + (c,))]
        st.ask(p, "pay", f"Pay the {symbol} symbol: name a face-up chain card", opts)

    def answer(self, st: MaState, frame: Frame, action: Action) -> None:
        st.replace(frame.evolve(named=tuple(frame["named"]) + (action.get("card"),)))


OPS.add(PayColours())


class DefenceWindow(Op[MaState]):
    """MA-9.4 / MA-12.7 (b): after an attack is declared and before blockers, N may activate abilities
    with ``defence`` timing (``activate card=C ability=N``) or ``pass``. Asked only when N has one: the
    sources are N's public cards, so skipping the question tells nobody anything."""

    name = "ma.defence"

    def run(self, st: MaState, frame: Frame) -> None:
        p = frame["player"]
        opts = defence_options(st, p)
        if not opts:
            st.pop()
            return
        st.ask(p, "defence_window", "An attack is declared: use a defence ability, or pass", [*opts, Action(p, "pass")])

    def answer(self, st: MaState, frame: Frame, action: Action) -> None:
        if action.kind == "pass":
            st.pop()
            return
        card, ability = action.get("card"), action.get("ability")
        assert isinstance(card, int) and isinstance(ability, int)
        activate(st, frame["player"], card, ability)


def defence_options(st: MaState, p: int) -> list[Action]:
    sources = st.knights(p, "battle") + st.knights(p, "base") + list(st.table.cards(f"chain:{p}"))
    by_def, defn = activated_by_def(st.pool), st.table.defn
    return [shared_action(p, "activate", (("ability", k), ("card", c))) for c in sources if defn[c] in by_def
            for k in by_def[defn[c]] if activatable(st, p, c, k, "defence")]


OPS.add(DefenceWindow())
