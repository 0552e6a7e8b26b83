"""The trigger slots of the round (MY-5.1, MY-5.2d, MY-5.13, MY-9.1, MY-12.1) and their order (MY-12.9).

At a slot (``start_of_round``, ``start_of_card_play``, ``start_of_battle``, ``end_of_battle``,
``end_of_round``) every active card (MY-3.3) with an effect of that trigger fires. The first player's
triggers resolve first, then the others' in seat order; a player with two or more orders his own
(the engine's ``Order`` prompt over his cards, public since they are face up). Each card's triggered
effect is one atomic effect (MY-1.3a v): its Sanity changes are one change, then the state checks run.
A card's condition is read as it resolves; a card that has left play by then does not fire.
"""

from __future__ import annotations

from ...engine import Frame, Op
from ...engine.prompts import Order
from .checks import CHECKED, run_checks
from .rules import Batch, commit, game_over_check
from .state import OPS, MyState


def sources(st: MyState, p: int, slot: str) -> list[int]:
    from .effects import active_cards

    return [i for i in active_cards(st, p) if any(e.trigger == slot for e in st.card(i).effects)]


def fire(st: MyState, slot: str) -> None:
    """Push the slot's trigger frame (the caller reads ``got`` when it is over)."""
    st.push(Triggers.name, slot=slot, k=0, queue=(), ordering=False)


class Triggers(Op[MyState]):
    name = "my.triggers"

    def run(self, st: MyState, frame: Frame) -> None:
        from .play import run_effects

        slot, k, queue = frame["slot"], frame["k"], tuple(frame["queue"])
        if frame.got is not None and frame.got != CHECKED and frame["ordering"]:
            queue = tuple(frame.got)  # the player's order (MY-12.9)
        order = st.seat_order(int(st.vars["first"]))
        while True:
            if queue:
                i, queue = queue[0], queue[1:]
                st.replace(Frame(self.name, {"slot": slot, "k": k, "queue": queue, "ordering": False}))
                p = order[k - 1]
                if st.table.in_play(i) and i in sources(st, p, slot):
                    batch: Batch = {}
                    st.note("triggered", {"player": p, "card": i, "trigger": slot})
                    run_effects(st, p, st.card(i).effects, slot, batch, i)
                    commit(st, batch)
                    if game_over_check(st):
                        return
                    run_checks(st)
                    if st.top.op != self.name:
                        return  # a state check asks first; we go on when it hands back
                continue
            if k >= len(order):
                st.ret(True)
                return
            p = order[k]
            k += 1
            cards = sources(st, p, slot)
            if len(cards) >= 2:
                st.replace(Frame(self.name, {"slot": slot, "k": k, "queue": (), "ordering": True}))
                st.push(Order.name, player=p, items=tuple(cards), ordered=(), kind="order_triggers",
                        prompt=f"Order your {slot.replace('_', ' ')} triggers (first resolves first)")
                return
            queue = tuple(cards)


OPS.add(Triggers())
