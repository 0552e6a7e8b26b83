"""Costs: a game names the ways a cost can be paid; the engine asks which one when there is a choice.

The engine knows no resource. ``st.payment_options(player, cost)`` lists ``(label, payment)`` pairs —
"drain the Arkham domain", "flip these two red chain cards" — and ``st.pay(player, payment)`` carries
one out. This op asks only when there is more than one way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import Action, IllegalActionError
from .frames import Frame
from .ops import Op, OpTable

if TYPE_CHECKING:
    from .state import CardState


class Pay(Op["CardState"]):
    """Pay ``cost`` for ``player``; returns the payment made. Args: player, cost, prompt."""

    name = "engine.pay"

    def run(self, st: "CardState", frame: Frame) -> None:
        args = frame.args
        options = st.payment_options(args["player"], args["cost"])  # type: ignore[attr-defined]
        if not options:
            raise IllegalActionError("ENGINE-3", f"seat {frame['player']} cannot pay {frame['cost']!r}")
        if len(options) == 1:
            self._pay(st, frame, options[0][1])
            return
        p = args["player"]
        st.ask(p, "pay", args.get("prompt") or "Choose how to pay",
               [Action(p, "choose", (("index", k), ("label", label))) for k, (label, _payment) in enumerate(options)])

    def answer(self, st: "CardState", frame: Frame, action: Action) -> None:
        args = frame.args
        options = st.payment_options(args["player"], args["cost"])  # type: ignore[attr-defined]
        index = action.get("index")
        assert isinstance(index, int)
        self._pay(st, frame, options[index][1])

    @staticmethod
    def _pay(st: "CardState", frame: Frame, payment: object) -> None:
        st.pay(frame["player"], payment)  # type: ignore[attr-defined]
        st.ret(payment)


COSTS = OpTable()
COSTS.add(Pay())
