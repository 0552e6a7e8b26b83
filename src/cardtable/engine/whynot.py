"""Why a card in your hand cannot be played now: the engine's own refusal, sentence and rule ID.

Digital card tables grey out what you cannot play and leave you guessing why; the engine already knows
(every refusal names its rule), so the table asks it. For each card in the deciding seat's hand that no
option plays, the would-be action (the game's declared play kind for the decision at hand,
:attr:`Presentation.play_from_hand`) is refused by the engine exactly as if the person had sent it, and
that refusal is what the browser shows on hover or tap ("Costs 3: no domain of yours can pay it · CC-6.3").

Why on a determinized state: the refusal is computed on ``state.determinize(seat)``, which is built from
``view(seat)`` and ``log(seat)`` only, so a reason can never carry something the seat may not know (a
card in the opponent's hand, the order of a deck) — the same guarantee the seat's frames have. A reason
that would depend on hidden cards reads as it would for some consistent arrangement of them; the seed is
fixed, so the same view always gives the same words.
"""

from __future__ import annotations

from typing import Any

from ..core import Action, IllegalActionError, State
from .presentation import Presentation, zone_name


def play_kind(pres: Presentation, decision_kind: str) -> str | None:
    """The action kind that plays a card from hand in a decision of ``decision_kind`` (``None``: cards are
    not played from hand in that decision, so there is nothing to explain)."""
    for prefix, kind in pres.play_from_hand.items():
        if decision_kind == prefix or (prefix.endswith("*") and decision_kind.startswith(prefix[:-1])):
            return kind
    return None


def why_not(state: State, seat: int | None, pres: Presentation | None,
            view: dict[str, Any] | None = None) -> dict[str, dict[str, str]]:
    """``{card id (as a string, a JSON key): {"rule", "text"}}`` for the cards in ``seat``'s hand that the
    seat's pending decision does not let it play; empty when it is not the seat's decision, when the
    decision plays no card from hand, or when the game declares no play kind. ``view``: the seat's view
    when the caller already has it (a frame does), else it is computed."""
    decision = state.decision
    if pres is None or seat is None or decision is None or decision.player != seat or state.outcome is not None:
        return {}
    kind = play_kind(pres, decision.kind)
    hand = next((r.zone for r in pres.regions if r.id == "hand"), None)
    if kind is None or hand is None:
        return {}
    cards = (state.view(seat) if view is None else view).get("zones", {}).get(zone_name(hand, seat, 0))
    if not isinstance(cards, list) or not cards:
        return {}
    offered = {o.get("card") for o in decision.options if o.kind == kind}
    missing = [c for c in cards if isinstance(c, int) and c not in offered]
    if not missing:
        return {}
    sample = state.determinize(seat, seed=0)
    sample_decision = sample.decision
    if sample_decision is None:
        return {}
    out: dict[str, dict[str, str]] = {}
    for card in missing:
        err = sample._refusal(Action(seat, kind, (("card", card),)), sample_decision)
        out[str(card)] = _reason(err)
    return out


def _reason(err: IllegalActionError) -> dict[str, Any]:
    return {"rule": err.rule, "text": err.message}
