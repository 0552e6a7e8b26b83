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
        e, s = action.get("card"), action.get("onto")
        base = st.knights(p, "base")
        if e in base and s in base and e != s and st.card(s).name not in st.card(e).evolves_from:
            return IllegalActionError("MA-8.8", f"{st.card(e).name} does not evolve from {st.card(s).name}")
        return IllegalActionError("MA-8.5", "only a single knight placed in this base fill evolves, onto another "
                                            "of your base knights whose name it evolves from (MA-8.8)")
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
    if kind in ("discard", "remove_chain") and _clean_step(st):
        return IllegalActionError("MA-11.5", "the Clean step discards your own cards down to the limit")
    return None


def _clean_step(st: MaState) -> bool:
    return str(st.vars["step"]).startswith("clean")


# The rule behind the core's own refusals (``State._decision_rule``), by decision kind: who decides
# (``"seat"``) and what may be answered (``"option"``: an unoffered card, a ``done`` too early, a
# ``pass`` or ``no`` where the choice is mandatory). Kinds not listed are an effect's choices.
_DECISION_RULES: dict[str, tuple[str, str]] = {
    "first_step": ("MA-6.11", "MA-8.2"),  # T and N submit in turn (S3); base knights to move
    "second_step": ("MA-6.11", "MA-8.3"),  # (S4); hand cards to deploy
    "attack_step": ("MA-9.1", "MA-9.1"),  # only T acts, until T ends the step
    "defence_window": ("MA-12.7", "MA-12.7"),  # N's window for defence-timing abilities
    "block": ("MA-9.5", "MA-9.5"),  # N chooses blockers among active battle-area knights
    "pay": ("MA-7.4", "MA-7.7"),  # the controller names the cards; paid in full
    "base_evolve": ("MA-8.5", "MA-8.5"),  # the owner evolves in the base fill, then done
    "mulligan": ("MA-5.8", "MA-5.8"),
    "chain": ("MA-11.1", "MA-11.1"),  # T, then N; making a chain is mandatory
    "order_triggers": ("MA-12.5", "MA-12.5"),  # each player orders his own triggers
    "optional_trigger": ("MA-12.8", "MA-12.8"),
}


def decision_rule(st: MaState, action: Action, decision: Any, refusal: str) -> str:
    """The MA rule a wrong seat or an unoffered answer breaks at ``decision`` (never the core's CORE-3)."""
    kind = decision.kind
    if refusal == "seat":  # what the intruding seat tried says which rule keeps it out
        if action.kind == "activate":
            return "MA-12.7"  # T in his Attack step; N only with defence timing, before blockers
        if action.kind == "act":
            return "MA-9.10" if kind in ("attack_step", "defence_window", "block") else "MA-6.8"
    pair = _DECISION_RULES.get(kind)
    if pair is not None:
        return pair[0] if refusal == "seat" else pair[1]
    if kind in ("discard", "remove_chain") and _clean_step(st):
        return "MA-11.5"  # first T, then N, each down to the limit
    # an effect's choice: its controller chooses first (MA-12.6); all of the text or none of it (MA-12.2)
    return "MA-12.6" if refusal == "seat" else "MA-12.2"
