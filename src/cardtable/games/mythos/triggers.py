"""Triggered effects (MY-12.1) and their order (MY-12.9): the round's trigger slots and the event triggers.

*Slots* (MY-5.1, MY-5.2d, MY-5.13, MY-9.1): at ``start_of_round``, ``start_of_card_play``,
``start_of_battle``, ``end_of_battle`` and ``end_of_round`` every active card (MY-3.3) with an effect of
that trigger fires (``fire``).

*Event triggers* fire when their event happens: ``on_leave_play`` (a card leaves the field: Ally, Item,
Event, God area or Threat, D-MY-120), ``on_buried`` (the card itself is buried), ``on_attack_declared``
(the attacking cards and the active cards of attacker and defender), ``on_blocked`` (an attacking card
that got at least one blocker), ``on_sanity_change`` (the active cards of the player whose Sanity
changed), ``on_library_out`` (that player's active cards), ``on_adventure_acquired`` (the adventure itself
and its player's active cards), ``on_time_change`` (every player's active cards). The event only *queues*
them (``queue``: public entries ``("trigger", "<trigger>:p<controller>", card, "trigger", -1)`` among
the lasting effects, which no timing expires and no card move removes): an event happens
in the middle of an atomic effect (MY-1.3a), which nothing may interrupt. ``settle`` pushes the resolver
after the atomic effect; as a catch-all, ``MyState.ask`` pushes it before any decision while triggers
wait, so none is ever forgotten.

*Order* (MY-12.9): the active player's triggers first (in BATTLE, REFILL and END_OF_ROUND: the first
player's), then the others' in seat order; a player with two or more triggered cards orders his own
(``Order``, kind ``order_triggers``). An ``optional`` effect asks its controller first (``YesNo``, kind
``optional_trigger``). Each card's triggered effects are one atomic effect (MY-1.3a v): one Sanity
change per player, then the state checks, then what they triggered in turn. A card's condition is read
as it resolves. A slot or event trigger of a card that is no longer active by then does not fire — but
``on_leave_play`` and ``on_buried`` belong to cards that have just gone, and fire from where they went.
Within one resolution a card's trigger resolves at most once (D-MY-121), so two cards that answer each
other's Sanity changes cannot loop for ever.
"""

from __future__ import annotations

from ...engine import FACE_DOWN, Frame, Op
from ...engine.prompts import Order, YesNo
from .checks import CHECKED, run_checks
from .rules import Batch, commit, game_over_check
from .schema import EVENT_TRIGGERS, trigger_words
from .state import ADVENTURES, OPS, PENDING_STAT, MyState

GONE_TRIGGERS = ("on_leave_play", "on_buried")  # fire from wherever the card went
PENDING = "my.pending"
SLOTS = "my.triggers"


def sources(st: MyState, p: int, slot: str) -> list[int]:
    if slot not in st.facts().triggers:
        return []  # no card of the game has this trigger (every slot asks at every round)
    from .effects import active_cards

    return [i for i in active_cards(st, p) if any(e.trigger == slot for e in st.card(i).effects)]


def has_trigger(st: MyState, i: int, trigger: str) -> bool:
    return any(e.trigger == trigger for e in st.card(i).effects)


def fire(st: MyState, slot: str) -> None:
    """Push the slot's trigger frame (the caller reads ``got`` when it is over)."""
    st.push(SLOTS, slot=slot, k=0, queue=(), ordering=False, asking=-1, seat=-1)


# ---- queueing event triggers -----------------------------------------------------------------------------


def queue(st: MyState, i: int, trigger: str, ctrl: int | None = None) -> None:
    """Queue card ``i``'s ``trigger`` (if it has one, and it is not waiting already)."""
    if not has_trigger(st, i, trigger):
        return
    p = st.table.owner[i] if ctrl is None else ctrl
    key = f"{trigger}:p{p}"
    if any(e[0] == PENDING_STAT and e[2] == i and e[1].startswith(trigger + ":") for e in st.lasting):
        return
    st.lasting.append((PENDING_STAT, key, i, PENDING_STAT, -1))


def pending(st: MyState) -> list[tuple[int, str, int]]:
    """The queued triggers, oldest first: (card, trigger, controller)."""
    out = []
    for e in st.lasting:
        if e[0] == PENDING_STAT:
            trig, p = str(e[1]).split(":p")
            out.append((int(e[2]), trig, int(p)))
    return out


def take_pending(st: MyState) -> list[tuple[int, str, int]]:
    out = pending(st)
    if out:
        st.lasting = [e for e in st.lasting if e[0] != PENDING_STAT]
    return out


def queue_active(st: MyState, p: int, trigger: str) -> None:
    """Queue ``trigger`` on every active card of ``p`` (MY-3.3)."""
    if trigger not in st.facts().triggers:
        return  # no card of the game has this trigger
    from .effects import active_cards

    for i in active_cards(st, p):
        queue(st, i, trigger, p)


def leader(st: MyState) -> int:
    """MY-12.9: the active player during card play; the first player in REFILL, BATTLE, END_OF_ROUND."""
    v = st.vars
    return int(v["active"] if v["phase"] == "card_play" else v["first"])


def resolving(st: MyState) -> bool:
    return any(f.op in (PENDING, "my.checks", "my.pay") for f in st.stack)


def settle(st: MyState) -> None:
    """After an atomic effect: push the resolver if triggers wait (push it *before* the state checks,
    so that they run first). Nothing happens while a resolution is already under way: it takes them."""
    if st.lasting and any(e[0] == PENDING_STAT for e in st.lasting) and not st.is_terminal \
            and not any(f.op == PENDING for f in st.stack):  # (``pending(st)`` non-empty, without building it)
        st.push(PENDING, lead=leader(st), batch=(), k=0, queue=(), ordering=False, asking=-1, seat=-1, done=())


def still_there(st: MyState, i: int, p: int, trigger: str) -> bool:
    """A queued trigger resolves if its card is still active (the attacking cards: still in the fight),
    or if it is an on_leave_play / on_buried trigger of a card that has just gone."""
    from .effects import active_cards

    if trigger in GONE_TRIGGERS:
        return True
    t = st.table
    if trigger in ("on_attack_declared", "on_blocked") and t.zone_name(i).startswith(("threat:", "ally:")):
        return not t.flags[i] & FACE_DOWN
    if trigger == "on_adventure_acquired" and t.zone_name(i) == ADVENTURES[p]:
        return True
    return i in active_cards(st, p)


# ---- resolving one card's triggers ---------------------------------------------------------------------------


def wants_asking(st: MyState, p: int, i: int, triggers: tuple[str, ...]) -> bool:
    from .requirements import holds

    return any(e.optional and e.trigger in triggers and holds(st, p, e.condition) for e in st.card(i).effects)


def resolve(st: MyState, p: int, i: int, triggers: tuple[str, ...], with_optional: bool) -> bool:
    """Card ``i``'s effects of ``triggers``: one atomic effect (MY-1.3a v). True if a primitive stopped to
    ask a question (MY-12.5): the effect frame on top then holds the rest, later effects included (their
    conditions read now, as ``play.run_effects`` does)."""
    from .play import run_primitives, until_of
    from .effect_frame import add_rest, list_ref
    from .requirements import holds

    batch: Batch = {}
    for n, trig in enumerate(triggers):
        st.note("triggered", {"player": p, "card": i, "trigger": trig, "when": trigger_words(trig)})
        effects = [e for e in st.card(i).effects if e.trigger == trig and (with_optional or not e.optional)]
        for k, e in enumerate(effects):
            if holds(st, p, e.condition) and run_primitives(st, p, tuple(e.do), batch, until_of(e), i):
                later = effects[k + 1:]
                for t2 in triggers[n + 1:]:
                    st.note("triggered", {"player": p, "card": i, "trigger": t2, "when": trigger_words(t2)})
                    later += [e2 for e2 in st.card(i).effects
                              if e2.trigger == t2 and (with_optional or not e2.optional)]
                add_rest(st, [(list_ref(st, e2.do), 0, until_of(e2)) for e2 in later if holds(st, p, e2.condition)])
                return True
    commit(st, batch)
    return False


def declined(st: MyState, p: int, i: int, triggers: tuple[str, ...]) -> None:
    st.note("trigger_declined", {"player": p, "card": i, "trigger": triggers[0], "when": trigger_words(triggers[0])})


class _Resolver(Op[MyState]):
    """The shared walk: seat by seat from the leader, each seat's cards in his order, each card asked
    first if optional. Subclasses say which cards of a seat wait (``cards``) and with which triggers
    (``triggers_of``), and how the walk ends (``finish``)."""

    name = ""

    def order(self, st: MyState, frame: Frame) -> list[int]:
        raise NotImplementedError

    def cards(self, st: MyState, frame: Frame, p: int) -> list[int]:
        raise NotImplementedError

    def triggers_of(self, st: MyState, frame: Frame, i: int, p: int) -> tuple[str, ...]:
        raise NotImplementedError

    def finish(self, st: MyState, frame: Frame) -> None:
        raise NotImplementedError

    def run(self, st: MyState, frame: Frame) -> None:
        k, queue_, got = frame["k"], tuple(frame["queue"]), frame.got
        asking = frame["asking"]
        if got is not None and got != CHECKED:
            if asking >= 0:  # the YesNo answer for an optional trigger
                frame = frame.evolve(asking=-1)
                st.replace(frame)
                if self._one(st, frame, asking, bool(got)):
                    return
                frame = st.top
            elif frame["ordering"]:
                queue_ = tuple(got)  # the player's order (MY-12.9)
        order = self.order(st, frame)
        while True:
            frame = st.top
            if queue_:
                i, queue_ = queue_[0], queue_[1:]
                st.replace(frame.evolve(k=k, queue=queue_, ordering=False))
                p = order[k - 1]
                trigs = self.triggers_of(st, st.top, i, p)
                if not trigs:
                    continue
                if wants_asking(st, p, i, trigs):
                    st.replace(st.top.evolve(asking=i, seat=p))
                    st.push(YesNo.name, player=p, kind="optional_trigger",
                            prompt=f"Use the optional effect of {st.card(i).title} ({trigger_words(trigs[0])})?")
                    return
                st.replace(st.top.evolve(seat=p))
                if self._one(st, st.top, i, False, trigs):
                    return
                continue
            if k >= len(order):
                self.finish(st, frame)
                return
            p = order[k]
            k += 1
            cards = self.cards(st, frame, p)
            if len(cards) >= 2:
                st.replace(frame.evolve(k=k, queue=(), ordering=True))
                slot = frame.get("slot")
                label = f"effects {trigger_words(str(slot))}" if slot else "triggered effects"
                st.push(Order.name, player=p, items=tuple(cards), ordered=(), kind="order_triggers",
                        prompt=f"Order your {label} (first resolves first)")
                return
            queue_ = tuple(cards)

    def _one(self, st: MyState, frame: Frame, i: int, with_optional: bool,
             trigs: tuple[str, ...] | None = None) -> bool:
        """Resolve card ``i`` (seat ``frame.seat``); True when the walk must stop for now (the game ended,
        or a state check or further triggers take over first)."""
        p = frame["seat"]
        trigs = trigs if trigs is not None else self.triggers_of(st, frame, i, p)
        if not trigs:
            return False
        if wants_asking(st, p, i, trigs) and not with_optional:
            declined(st, p, i, trigs)
        self.mark(st, i, trigs)
        if resolve(st, p, i, trigs, with_optional):
            return True  # the effect asks first (MY-12.5); the walk goes on when it hands back
        if game_over_check(st):
            return True
        depth = len(st.stack)
        settle(st)
        run_checks(st)
        return len(st.stack) != depth

    def mark(self, st: MyState, i: int, trigs: tuple[str, ...]) -> None:
        pass


class SlotTriggers(_Resolver):
    """The round's trigger slots (module docstring); hands ``True`` back to the round frame."""

    name = SLOTS

    def order(self, st: MyState, frame: Frame) -> list[int]:
        return st.seat_order(int(st.vars["first"]))

    def cards(self, st: MyState, frame: Frame, p: int) -> list[int]:
        return sources(st, p, frame["slot"])

    def triggers_of(self, st: MyState, frame: Frame, i: int, p: int) -> tuple[str, ...]:
        slot = frame["slot"]
        return (slot,) if st.table.in_play(i) and i in sources(st, p, slot) else ()

    def finish(self, st: MyState, frame: Frame) -> None:
        st.ret(True)


class PendingTriggers(_Resolver):
    """The queued event triggers: takes them from ``vars.pending`` as one batch, resolves it, and takes
    the next batch (what the first one triggered) until none wait; then pops without a result, so the
    frame beneath never mistakes it for an answer of its own."""

    name = PENDING

    def order(self, st: MyState, frame: Frame) -> list[int]:
        return st.seat_order(int(frame["lead"]))

    def _entries(self, frame: Frame) -> list[tuple[int, str, int]]:
        b = frame["batch"]
        return [(b[j], EVENT_TRIGGERS[b[j + 1]], b[j + 2]) for j in range(0, len(b), 3)]

    def cards(self, st: MyState, frame: Frame, p: int) -> list[int]:
        out: list[int] = []
        for i, _trig, ctrl in self._entries(frame):
            if ctrl == p and i not in out:
                out.append(i)
        return out

    def triggers_of(self, st: MyState, frame: Frame, i: int, p: int) -> tuple[str, ...]:
        done = set(frame["done"])
        return tuple(trig for j, trig, ctrl in self._entries(frame)
                     if j == i and ctrl == p and (i, trig) not in done and still_there(st, i, p, trig))

    def mark(self, st: MyState, i: int, trigs: tuple[str, ...]) -> None:
        st.replace(st.top.evolve(done=tuple(st.top["done"]) + tuple((i, t) for t in trigs)))

    def finish(self, st: MyState, frame: Frame) -> None:
        pend = take_pending(st)
        if not pend:
            st.pop()
            return
        done = set(frame["done"])
        batch: list[int] = []
        for i, trig, p in pend:  # D-MY-121: once per resolution
            if (i, trig) not in done:
                batch += [i, EVENT_TRIGGERS.index(trig), p]
        if not batch:
            st.pop()
            return
        st.replace(frame.evolve(batch=tuple(batch), k=0, queue=(), ordering=False, asking=-1, seat=-1))

    def run(self, st: MyState, frame: Frame) -> None:
        if not frame["batch"] and frame.got is None:
            self.finish(st, frame)  # first run: take the waiting triggers
            if not st.stack or st.top.op != self.name:
                return
            frame = st.top
        super().run(st, frame)


for _op in (SlotTriggers(), PendingTriggers()):
    OPS.add(_op)
