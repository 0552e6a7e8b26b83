"""The effect frame (``my.effect``, MY-12.5, MY-1.3a): an effect whose primitive asks a question stops
there and waits on the stack with what is left of it; the answers (a search, a choice, a discard, an
extra play, a spell to load, the cards a mover takes) resume it, and its Sanity changes are committed
once, after its last primitive.

Split from ``primitives.py``: the primitives that run at once, the selectors and the registry are there
and this frame reads them; nothing there reads this module. See ``primitives.py``'s docstring
(*Questions*) for what the frame holds.
"""

from __future__ import annotations

from typing import Any, Iterable

from ...core import Action, IllegalActionError
from ...engine import FACE_DOWN, Frame, Op
from .checks import CHECKED, run_checks
from .primitives import EFFECT, FIELD_ZONES, discard_cards, move_card_out, mover_candidates, registry
from .requirements import matches
from .rules import Batch, commit, game_over_check
from .schema import MOVER_OPS, CardFilter
from .state import CROSSWISE, DECK, DISCARD, HAND, INVERTED, OPS, MyState


def pending(st: MyState) -> bool:
    """Is an effect waiting for an answer (or its state checks) on top of the stack?"""
    return bool(st.stack) and st.top.op == EFFECT


def under(st: MyState, frame: Frame) -> None:
    """Replace ``frame`` (the frame beneath a pending effect, or the top)."""
    if pending(st):
        k = max(i for i, f in enumerate(st.stack) if f.op != EFFECT)
        st.stack[k] = frame
    else:
        st.replace(frame)


def _frozen_batch(batch: Batch) -> tuple[tuple[int, tuple[int, ...]], ...]:
    return tuple((q, tuple(ch)) for q, ch in sorted(batch.items()) if ch)


def suspend(st: MyState, p: int, prim: Any, batch: Batch, duration: str, origin: int, target: Any) -> None:
    """Stop at ``prim`` (it asks): push the effect frame with the rest of this list; take the batch."""
    lk, pos = registry(st.pool).where[id(prim)]
    st.push(EFFECT, player=p, queue=((lk, pos, duration),), batch=_frozen_batch(batch), origin=origin,
            target=-1 if target is None else target, stage="ask", k=0, spell=-1)
    batch.clear()


def add_rest(st: MyState, items: Iterable[tuple[int, int, str]]) -> None:
    """Append further primitive lists (the later effects of the same card) to the pending effect."""
    items = tuple(items)
    if items:
        top = st.top
        st.replace(top.evolve(queue=tuple(top["queue"]) + items))


def list_ref(st: MyState, do: Any) -> int:
    return registry(st.pool).where[id(do[0])][0]


def continue_queue(st: MyState, p: int, queue: tuple[Any, ...], batch: Batch, origin: int, target: int) -> None:
    """Run what is left; a further question pushes a new effect frame; the end commits the atomic effect
    (MY-1.3a) and pushes the frame's ``done`` stage, which runs the state checks (MY-5.11)."""
    from .play import run_primitives

    reg = registry(st.pool)
    for n, (lk, pos, duration) in enumerate(queue):
        prims = reg.lists[lk][pos:]
        if run_primitives(st, p, prims, batch, duration, origin, None if target < 0 else target):
            add_rest(st, queue[n + 1:])
            return
    commit(st, batch)
    if game_over_check(st):
        return
    st.push(EFFECT, player=p, queue=(), batch=(), origin=-1, target=-1, stage="done", k=0, spell=-1)


def _head(st: MyState, frame: Frame) -> Any:
    lk, pos, _dur = frame["queue"][0]
    return registry(st.pool).lists[lk][pos]


def _resume(st: MyState, frame: Frame) -> None:
    """The head primitive is answered: pop the frame and go on with the rest (a new frame if it asks)."""
    queue = tuple(frame["queue"])
    lk, pos, dur = queue[0]
    batch: Batch = {q: list(ch) for q, ch in frame["batch"]}
    st.pop()
    continue_queue(st, frame["player"], ((lk, pos + 1, dur),) + queue[1:], batch, frame["origin"], frame["target"])


def _chooser(st: MyState, p: int, prim: Any) -> int:
    return p if prim.chooser == "self" else st.next_seat(p)


def _discard_targets(st: MyState, p: int, prim: Any) -> list[int]:
    from .play import targets

    return [q for q in targets(st, p, prim.who) if st.table.cards(HAND[q])]


def extra_options(st: MyState, p: int, prim: Any) -> list[Action]:
    """PLAY_EXTRA: the legal plays of hand cards matching the filter (hosts and named cards as in a turn)."""
    from .play import cancel_filter, cancel_targets, check, hosts, play_action, target_optional

    out = []
    for i in sorted(st.table.cards(HAND[p])):
        d = st.card(i)
        if not matches(d, prim.filter):
            continue
        if cancel_filter(d) is not None:
            named: list[int | None] = list(cancel_targets(st, p, d, i))
            if target_optional(d):
                named.insert(0, None)
            out += [play_action(p, i, None, c) for c in named if check(st, p, i, None, c) is None]
        else:
            out += [play_action(p, i, h) for h in hosts(st, p, d) if check(st, p, i, h) is None]
    return out


def spell_candidates(st: MyState, p: int, prim: Any) -> list[int]:
    from .play import can_hold, vessels

    vs = vessels(st, p)
    return [s for s in st.table.cards(f"{prim.zone}:{p}") if st.card(s).type == "spell"
            and matches(st.card(s), prim.filter) and any(can_hold(st, v, st.card(s)) for v in vs)]


class Effect(Op[MyState]):
    """A pending effect (module docstring). Stages: ``ask`` (its head primitive's question) and ``done``."""

    name = EFFECT

    def run(self, st: MyState, frame: Frame) -> None:
        if frame["stage"] == "done":
            if frame.got == CHECKED:
                st.ret(True)
                return
            depth = len(st.stack)
            run_checks(st)
            if len(st.stack) == depth:
                st.ret(True)
            return
        prim = _head(st, frame)
        p = frame["player"]
        t = st.table
        if prim.op in ("search", "retrieve"):
            chosen = tuple(st.secrets.get(p, ()))
            if len(chosen) >= prim.n:
                self._search_done(st, frame, prim, chosen)
                return
            for i in t.cards(f"{prim.zone}:{p}"):
                t.reveal_to(i, [p])  # the searcher looks through the zone (a deck is shuffled afterwards)
            cands = [i for i in t.cards(f"{prim.zone}:{p}") if i not in chosen and matches(st.card(i), prim.filter)]
            st.ask(p, "effect_search", f"Search your {prim.zone}: choose up to {prim.n - len(chosen)} more card(s)",
                   [Action(p, "pick", (("card", i),)) for i in sorted(cands)] + [Action(p, "done")])
        elif prim.op == "choose":
            c = _chooser(st, p, prim)
            st.ask(c, "effect_choose", "Choose one",
                   [Action(c, "choose", (("index", k), ("label", o.label))) for k, o in enumerate(prim.options)])
        elif prim.op == "discard_from_hand":
            seats = _discard_targets(st, p, prim)
            k = frame["k"]
            if k >= len(seats):
                _resume(st, frame)
                return
            q = seats[k]
            picker = q if prim.chooser == "owner" else p
            chosen = tuple(st.secrets.get(picker, ()))
            hand = [i for i in t.cards(HAND[q]) if i not in chosen]
            need = min(prim.n, len(chosen) + len(hand))
            if len(chosen) >= need:
                st.secrets.pop(picker, None)
                discard_cards(st, q, chosen, prim.chooser)
                st.replace(frame.evolve(k=k + 1))
                return
            if picker != q:
                for i in hand:
                    t.reveal_to(i, [picker])  # the actor sees the hand he chooses from
            st.ask(picker, "effect_discard", f"Choose {need - len(chosen)} card(s) of seat {q}'s hand to discard",
                   [Action(picker, "pick", (("card", i),)) for i in sorted(hand)])
        elif prim.op in MOVER_OPS:
            left = mover_candidates(st, p, prim)
            need = prim.n - frame["k"]
            if len(left) <= need:  # no more choice: the rest go (or nothing is left to move)
                for i in left:
                    if t.zone_name(i).split(":")[0] in FIELD_ZONES:
                        move_card_out(st, prim, i)
                _resume(st, frame)
                return
            where = f"put on its owner's deck ({prim.position})" if prim.op == "put_on_deck" else \
                {"bury": "bury", "discard": "discard", "return_to_hand": "return to its owner's hand"}[prim.op]
            st.ask(p, "effect_pick", f"Choose a card to {where} ({need} more)",
                   [Action(p, "pick", (("card", i),)) for i in left])
        elif prim.op == "play_extra":
            st.ask(p, "play_extra", "You may play one more card (it uses no turn)",
                   extra_options(st, p, prim) + [Action(p, "done")])
        else:
            assert prim.op == "load_spell_from"
            from .play import can_hold, vessels

            if frame["spell"] < 0:
                st.ask(p, "load_spell", f"Choose a spell from your {prim.zone} to load",
                       [Action(p, "pick", (("card", s),)) for s in spell_candidates(st, p, prim)]
                       + [Action(p, "done")])
            else:
                s = frame["spell"]
                st.ask(p, "load_spell", f"Choose the vessel for {st.card(s).title}",
                       [Action(p, "pick", (("card", v),)) for v in vessels(st, p) if can_hold(st, v, st.card(s))])

    def answer(self, st: MyState, frame: Frame, action: Action) -> None:
        prim = _head(st, frame)
        p = frame["player"]
        t = st.table
        if prim.op in ("search", "retrieve"):
            chosen = tuple(st.secrets.get(p, ()))
            if action.kind == "done":
                self._search_done(st, frame, prim, chosen)
            else:
                st.secrets[p] = chosen + (action.get("card"),)
        elif prim.op == "choose":
            from .play import run_primitives

            k = action.get("index")
            assert isinstance(k, int)
            st.note("chose", {"player": action.player, "label": prim.options[k].label})
            batch: Batch = {q: list(ch) for q, ch in frame["batch"]}
            run_primitives(st, p, tuple(prim.options[k].do), batch, frame["queue"][0][2], frame["origin"],
                           None if frame["target"] < 0 else frame["target"])
            _resume(st, frame.evolve(batch=_frozen_batch(batch)))
        elif prim.op == "discard_from_hand":
            st.secrets[action.player] = tuple(st.secrets.get(action.player, ())) + (action.get("card"),)
        elif prim.op in MOVER_OPS:
            card = action.get("card")
            assert isinstance(card, int)
            move_card_out(st, prim, card)
            if frame["k"] + 1 >= prim.n:
                _resume(st, frame)
            else:
                st.replace(frame.evolve(k=frame["k"] + 1))
        elif prim.op == "play_extra":
            if action.kind == "done":
                _resume(st, frame)
                return
            from .play import play

            batch = {q: list(ch) for q, ch in frame["batch"]}
            queue = tuple(frame["queue"])
            lk, pos, dur = queue[0]
            st.pop()
            st.note("extra_play", {"player": p})
            card = action.get("card")
            assert isinstance(card, int)
            play(st, p, card, action.get("host"), batch, action.get("target"))
            rest = ((lk, pos + 1, dur),) + queue[1:]
            if pending(st):
                add_rest(st, rest)  # the extra card's own question first, then the rest of this effect
                top = st.top
                merged = dict(top["batch"])
                for q, ch in batch.items():
                    merged[q] = tuple(merged.get(q, ())) + tuple(ch)
                st.replace(top.evolve(batch=tuple(sorted(merged.items()))))
                return
            continue_queue(st, p, rest, batch, frame["origin"], frame["target"])
        else:
            if action.kind == "done":
                _resume(st, frame)
                return
            card = action.get("card")
            assert isinstance(card, int)
            if frame["spell"] < 0:
                t.reveal_to_all(card)
                st.replace(frame.evolve(spell=card))
                return
            s = frame["spell"]
            st.move_card(s, t.zone_name(card))
            t.attach(s, card)
            t.set_flag(s, FACE_DOWN | CROSSWISE | INVERTED, False)
            t.reveal_to_all(s)
            st.note("spell_loaded", {"player": p, "card": s, "vessel": card, "from": prim.zone})
            _resume(st, frame)

    @staticmethod
    def _search_done(st: MyState, frame: Frame, prim: Any, chosen: tuple[Any, ...]) -> None:
        """The found cards go to ``dest``; a searched deck is shuffled (the found cards leave it first and a
        ``deck_top`` card goes back on top). Revealed: public; else only the searcher learns which."""
        p = frame["player"]
        t = st.table
        st.secrets.pop(p, None)
        cards = [int(c) for c in chosen]
        for i in cards:
            st.move_card(i, DISCARD[p] if prim.dest == "discard" else HAND[p])
        if prim.zone == "deck":
            t.shuffle(DECK[p], st.rng)
        if prim.dest == "deck_top":
            for i in cards:
                st.move_card(i, DECK[p])
                t.reveal_to(i, [p])
        if getattr(prim, "reveal", True) or prim.dest == "discard":
            for i in cards:
                t.reveal_to_all(i)
            st.note("searched", {"player": p, "zone": prim.zone, "cards": cards, "dest": prim.dest})
        else:
            st.note("searched", {"player": p, "zone": prim.zone, "cards": cards, "dest": prim.dest}, visible_to=[p],
                    redacted={"player": p, "zone": prim.zone, "n": len(cards), "dest": prim.dest})
        _resume(st, frame)


def refusal(st: MyState, action: Action, decision: Any) -> IllegalActionError:
    """Why an answer to a pending effect's question is not legal (the rule of the primitive asking)."""
    frame = st.top
    prim = _head(st, frame)
    p = frame["player"]
    if prim.op in ("search", "retrieve"):
        return IllegalActionError("MY-12.5", f"{prim.op.upper()}: pick a card of your {prim.zone} matching the effect's filter "
                                             f"(at most {prim.n}), or done")
    if prim.op == "choose":
        return IllegalActionError("MY-12.5", f"CHOOSE: pick one of the {len(prim.options)} options by its index")
    if prim.op == "discard_from_hand":
        return IllegalActionError("MY-12.5", "DISCARD_FROM_HAND: pick a card of the hand being discarded from")
    if prim.op in MOVER_OPS:
        return IllegalActionError("MY-12.5", f"{prim.op.upper()}: pick one of the cards in play the effect selects "
                                             "(one at a time)")
    if prim.op == "play_extra":
        if action.kind == "play":
            from .play import check

            why = check(st, p, action.get("card"), action.get("host"), action.get("target"))
            if why is not None:
                return IllegalActionError(*why)
        return IllegalActionError("MY-12.5", "PLAY_EXTRA: play a card of your hand the effect allows, or done")
    return IllegalActionError("MY-6.12.1", "LOAD_SPELL_FROM: pick a spell the effect allows, then a vessel of yours "
                                           "with room for it")


OPS.add(Effect())


def filter_of(prim: Any) -> CardFilter | None:  # for the bot: what a search looks for
    return getattr(prim, "filter", None)
