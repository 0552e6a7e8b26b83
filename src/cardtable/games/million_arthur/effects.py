"""Effect primitives (MA-15.5: ``damage_leader``, ``heal_leader``, ``draw``, ``modify_knight``), burst
text (MA-10.2) and activated abilities of leaders and knights with their colour cost (MA-3.12, MA-7.4,
MA-7.5, MA-7.7, MA-12.7, MA-12.9).

Effects live in the card data; a frame names them by (definition, source, index) so the stack stays
plain data: ``source`` is ``burst`` or ``ability:N``.
"""

from __future__ import annotations

from typing import Any

from ...core import Action, IllegalActionError
from ...engine import EXHAUSTED, NO_CARD, Frame, Op, add_lasting, is_used, mark_used, pick
from .rules import change_hp, draw, flip_face_down
from .schema import Ability, DamageLeader, Draw, Effect, HealLeader, ModifyKnight
from .state import OPS, MaState


def effect_list(st: MaState, defn: int, source: str) -> tuple[Effect, ...]:
    d = st.pool.defs[defn]
    if source == "burst":
        return d.burst
    return tuple(d.abilities[int(source.split(":")[1])].effects)


def players_of(st: MaState, controller: int, who: str) -> list[int]:
    """MA-15.2 player selectors, relative to the effect's controller."""
    tp = st.active_player()
    return {"self": [controller], "opponent": [1 - controller], "turn_player": [tp], "non_turn_player": [1 - tp],
            "each": [0, 1]}[who]


def knight_candidates(st: MaState, controller: int, eff: ModifyKnight) -> list[int]:
    sel = eff.target
    owner = controller if sel.owner == "self" else 1 - controller
    out = []
    for j in st.knights(owner, "battle"):
        d = st.card(j)
        if sel.filter.skill is not None and d.skill not in sel.filter.skill:
            continue
        if sel.filter.colour is not None and d.colour not in sel.filter.colour:
            continue
        out.append(j)
    return out


@OPS.step("ma.effects")
def _effects(st: MaState, frame: Frame) -> None:
    """Resolve the effects of one text in order, each completely (MA-12.5); HP checked per primitive."""
    p, defn, source, k = frame["player"], frame["defn"], frame["source"], frame["k"]
    effects = effect_list(st, defn, source)
    if k >= len(effects):
        st.pop()
        return
    if k == 0 and frame["stage"] == "start" and not text_possible(st, p, effects):
        st.pop()  # MA-12.2: a part cannot be carried out, so none of the text is
        st.note("text_void", {"player": p, "name": st.pool.defs[defn].name})
        return
    eff = effects[k]
    if isinstance(eff, ModifyKnight) and frame["stage"] == "start":
        cands = knight_candidates(st, p, eff)
        if cands:
            st.replace(frame.evolve(stage="target"))
            pick(st, p, cands, 1, 1, f"Choose the knight for {st.pool.defs[defn].name}", kind="effect_target")
            return
        st.replace(frame.evolve(k=k + 1, stage="start"))  # a later part removed its target: that part only
        return
    st.replace(frame.evolve(k=k + 1, stage="start"))
    name = st.pool.defs[defn].name
    if isinstance(eff, ModifyKnight):
        (j,) = frame.got
        add_lasting(st, "skill", j, eff.skill, "turn_end", -1)
        add_lasting(st, "defence", j, eff.defence, "turn_end", -1)
        st.note("modified", {"card": j, "skill": eff.skill, "defence": eff.defence, "by": name})
    elif isinstance(eff, (DamageLeader, HealLeader)):
        sign = -1 if isinstance(eff, DamageLeader) else 1
        if change_hp(st, {q: sign * eff.amount for q in players_of(st, p, eff.player)}, name):
            return
    elif isinstance(eff, Draw):
        for q in players_of(st, p, eff.player):
            draw(st, q, eff.n)


# ---- the leader's activated ability and its colour cost ------------------------------------------------


def ordered_symbols(symbols: Any) -> list[str]:
    """Coloured symbols first, the generic ``any`` last: naming in this order can never strand a symbol."""
    return sorted(symbols, key=lambda s: s == "any")


def payable(st: MaState, p: int, symbols: Any, named: tuple[int, ...] = ()) -> bool:
    """MA-7.4 step 2: a complete assignment of distinct face-up own chain cards exists."""
    up = [i for i in st.table.cards(f"chain:{p}") if not st.face_down(i) and i not in named]
    left = list(up)
    for s in ordered_symbols(symbols):
        match = next((i for i in left if s == "any" or st.card(i).colour == s), None)
        if match is None:
            return False
        left.remove(match)
    return True


def activated(st: MaState, i: int) -> list[int]:
    """Indexes of card ``i``'s activated abilities."""
    return [k for k, ab in enumerate(st.card(i).abilities) if ab.kind == "activated"]


def _works_here(st: MaState, i: int, ab: Ability) -> bool:
    """MA-15.3 ``zones``: a knight's ability works in the battle area unless it says otherwise, a
    leader's in the leader area; cards under a stack have none (MA-8.9), chain cards none unless the
    ability says ``chain`` (MA-7.3)."""
    t = st.table
    if t.host[i] != NO_CARD:
        return False
    zone = t.zone_name(i).split(":")[0]
    allowed = ab.zones or (["leader"] if st.card(i).kind == "leader" else ["battle"])
    return zone in allowed


def ability_refusal(st: MaState, p: int, i: Any, k: Any, window: str = "own_attack_step") -> IllegalActionError | None:
    """The MA-7.4 check order for an activation in ``window`` (``own_attack_step`` or ``defence``):
    window and limit (MA-12.7, MA-3.12, MA-12.9), rested state for ``rest_self`` (MA-12.9), a complete
    colour payment (MA-7.7), targets (MA-12.2)."""
    t = st.table
    if not isinstance(i, int) or not 0 <= i < len(t) or t.ctrl[i] != p or k not in activated(st, i):
        return IllegalActionError("MA-12.7", "only an activated ability of one of your own cards can be activated")
    d = st.card(i)
    ab = d.abilities[k]
    if not _works_here(st, i, ab):
        return IllegalActionError("MA-15.3", f"{d.name}'s ability does not work where the card is now")
    if ab.timing != window:
        return IllegalActionError("MA-12.7", f"{d.name}'s ability has {ab.timing} timing; this is the "
                                             f"{window.replace('_', ' ')} window")
    limit_rule = "MA-3.12" if d.kind == "leader" else "MA-12.9"
    if (ab.limit == "once_per_turn" or d.kind == "leader") and is_used(st, i, k, "turn_end"):
        return IllegalActionError(limit_rule, f"{d.name}'s ability was already used this turn")
    if ab.limit == "once_per_game" and is_used(st, i, k, "game"):
        return IllegalActionError(limit_rule, f"{d.name}'s ability was already used this game")
    if ab.rest_self and st.rested(i):
        return IllegalActionError("MA-12.9", f"{d.name} is rested: resting it is part of this ability's cost")
    if not payable(st, p, ab.colour_cost):
        return IllegalActionError("MA-7.7", f"{d.name}: your face-up chain cards cannot pay "
                                            f"{', '.join(ab.colour_cost)}")
    if not text_possible(st, p, ab.effects):
        return IllegalActionError("MA-12.2", f"{d.name}: its effect has no target, so none of it can be done")
    return None


def text_possible(st: MaState, p: int, effects: Any) -> bool:
    """MA-12.2: every part with a target has one (the parts of this slice's vocabulary that can fail)."""
    return all(knight_candidates(st, p, eff) for eff in effects if isinstance(eff, ModifyKnight))


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
    st.push("ma.effects", player=p, defn=d.index, source=f"ability:{k}", k=0, stage="start", chosen=())
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
            return
        symbol = symbols[len(named)]
        opts = [Action(p, "pay", (("card", c),)) for c in st.table.cards(f"chain:{p}")
                if pay_refusal(st, p, symbol, named, c) is None
                and payable(st, p, symbols[len(named) + 1:], named + (c,))]
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
    return [Action(p, "activate", (("ability", k), ("card", c))) for c in sources for k in activated(st, c)
            if ability_refusal(st, p, c, k, "defence") is None]


OPS.add(DefenceWindow())
