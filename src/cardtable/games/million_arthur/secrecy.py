"""What a seat's view says about a secret, simultaneous choice in progress (MA-6.12, MA-14.1, MA-14.5).

Public: whether each seat has made its choice (the round's ``done`` list) and whom the round is asking
now. Private: the viewer's own items so far, shown on its own cards. The other seat's items are never
read here, so the view cannot depend on them (MA-14.7).
"""

from __future__ import annotations

from typing import Any

from ...engine.prompts import SecretRound
from .state import MaState

CHOOSING, WAITING, COMMITTED = "choosing", "to choose", "committed (hidden)"


def _round(st: MaState) -> tuple[int, Any] | None:
    for k in range(len(st.stack) - 1, -1, -1):
        if st.stack[k].op == SecretRound.name:
            return k, st.stack[k]
    return None


def secret_status(st: MaState) -> list[str | None]:
    """Per seat: ``committed (hidden)``, ``choosing``, ``to choose``, or ``None`` outside a secret round."""
    found = _round(st)
    if found is None:
        return [None] * st.players
    k, frame = found
    above = st.stack[k + 1] if k + 1 < len(st.stack) else None
    asked = above["player"] if above is not None and above.op == frame["child"] else None
    out: list[str | None] = []
    for s in range(st.players):
        if s not in frame["seats"]:
            out.append(None)
        elif s in frame["done"]:
            out.append(COMMITTED)
        else:
            out.append(CHOOSING if s == asked else WAITING)
    return out


def pending_marks(st: MaState, seat: int | None) -> dict[str, str]:
    """card id -> what the viewer's own secret choice does with it ("to battle", "to deploy", ...)."""
    found = _round(st)
    if seat is None or found is None or seat not in st.secrets:
        return {}
    _, frame = found
    items = tuple(st.secrets[seat])
    if frame["child"] != "ma.submit":
        return {str(i): "chosen" for i in items if isinstance(i, int)}
    step = dict(frame["child_args"]).get("step")
    if step == "first":
        return {str(i): "to battle" for i in items}
    out = {}
    for h, onto in zip(items[::2], items[1::2]):
        out[str(h)] = "to deploy" if onto == -1 else f"to evolve onto #{onto}"
    return out
