"""Why an action is not legal now, naming the MA rule it breaks (the core asks when an action is not
among the listed options; nothing has changed at that point)."""

from __future__ import annotations

from typing import Any

from ...core import Action, IllegalActionError
from .state import MaState


def explain(st: MaState, action: Action, decision: Any) -> IllegalActionError | None:
    kind, p = decision.kind, decision.player
    if kind in ("first_step", "second_step"):
        from .deploy import refusal

        items = tuple(st.secrets.get(p, ()))
        return refusal(st, p, kind.split("_")[0], items, action)
    if kind == "attack_step":
        if action.kind == "act":
            from .combat import action_refusal

            return action_refusal(st, p, action)
        if action.kind == "activate":
            from .effects import ability_refusal

            return ability_refusal(st, p, action.get("card"), action.get("ability"))
        return IllegalActionError("MA-9.1", "in the Attack step you act, activate an ability or end the step")
    if kind == "defence_window":
        if action.kind == "activate":
            from .effects import ability_refusal

            return ability_refusal(st, p, action.get("card"), action.get("ability"), "defence")
        return IllegalActionError("MA-12.7", "before blockers you may only use defence abilities or pass")
    if kind == "pay":
        from .effects import pay_refusal

        frame = st.top
        named = tuple(frame["named"])
        if action.kind != "pay":
            return IllegalActionError("MA-7.7", "a colour cost is paid in full when the ability is activated")
        return pay_refusal(st, p, frame["symbols"][len(named)], named, action.get("card")) or \
            IllegalActionError("MA-7.7", "naming that card would leave a symbol unpaid")
    if kind == "block" and action.kind == "pick":
        return IllegalActionError("MA-9.5", "only your active battle-area knights, each once, can block this attack")
    if kind == "base_evolve" and action.kind == "evolve":
        return IllegalActionError("MA-8.5", "only a single knight placed in this base fill evolves, onto a base knight "
                                            "whose name it evolves from (MA-8.8)")
    if kind == "mulligan" and action.kind == "pick":
        return IllegalActionError("MA-5.8", "the base mulligan discards your own base knights")
    if kind == "chain" and action.kind == "pick":
        return IllegalActionError("MA-11.1", "the chain card comes from your own battle area")
    if kind in ("hidden_pick", "search"):
        from .card_effects import CardPick

        return CardPick().refusal(st, st.top, action)
    if kind in ("effect_card", "evolve_onto", "reveal_choice"):
        from .card_effects import public_refusal

        return public_refusal(st, st.top, action)
    if kind == "discard_other":
        return IllegalActionError("MA-15.5", "choose cards of the hand you were shown")
    if kind in ("discard", "remove_chain"):
        return IllegalActionError("MA-11.5", "the Clean step discards your own cards down to the limit")
    return None
