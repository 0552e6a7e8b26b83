"""Why an action is not legal now, by rule ID: the refusal an illegal Call of Cthulhu action gets.

The legal options already say what may be done; this says, for the common wrong tries, which rule
forbids them (``IllegalActionError.rule``), so a player, a bot author or a test sees the reason.
Anything not recognised falls back to the core's generic refusal (``None``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import Action, IllegalActionError
from .defs import TERROR

if TYPE_CHECKING:
    from .state import CocState


def _card(st: "CocState", action: Action) -> int | None:
    c = action.get("card")
    return c if type(c) is int and 0 <= c < len(st.table) else None


def explain(st: "CocState", action: Action, decision: Any) -> IllegalActionError | None:
    p, kind, dk = action.player, action.kind, decision.kind
    c = _card(st, action)
    if st.vars["story_phase"] == 2 and (kind == "play" or kind == "use" and (dk != "window:interrupt"
                                                                           or _action_ability(st, action, c))):
        return IllegalActionError("CC-5.6", "no action window opens while stories resolve: only interrupts and "
                                            "forced effects happen there (reactions wait for W-STORY-END)")
    if kind == "play":
        if not dk.startswith("window:") or dk in ("window:interrupt", "window:reaction"):
            return IllegalActionError("CC-5.3", "cards are played as actions, only when you have priority in an "
                                                "action window (none is open now)")
        if c is None or st.table.zone_name(c) != f"hand:{p}":
            return IllegalActionError("CC-5.3", "you can only play a card from your own hand")
        x = action.get("x") or 0
        return st.play_refusal(p, c, x if type(x) is int else 0)
    if kind == "resource":
        if dk != "resource":
            return IllegalActionError("CC-5.30", "a card is attached as a resource only in your resource phase, "
                                                 "one per turn")
        if c is None or st.table.zone_name(c) != f"hand:{p}":
            return IllegalActionError("CC-5.30", "the resource must be a card from your hand")
        return None
    if kind == "commit":
        return _commit(st, action, dk, c)
    if kind == "use" and dk.startswith("window:"):
        return _use(st, action, dk, c)
    if kind == "pick" and c is not None:
        return _pick(st, dk, c)
    return None


def _commit(st: "CocState", action: Action, dk: str, c: int | None) -> IllegalActionError | None:
    p, ap = action.player, st.active_player()
    if dk not in ("commit_attack", "commit_defend"):
        return IllegalActionError("CC-5.50", "characters commit only when attackers (S1) or defenders (S3) are declared")
    # attackers are declared under CC-8.3, defenders under CC-8.5: each names "ready, non-insane characters"
    rule, role = ("CC-8.3", "attackers") if dk == "commit_attack" else ("CC-8.5", "defenders")
    if c is None or st.table.zone_name(c) != f"play:{p}" or st.card(c).type != "character":
        return IllegalActionError(rule, f"only characters you control in play can commit as {role}")
    title = st.card(c).title
    if st.insane(c):
        return IllegalActionError(rule, f"{title} is insane: only ready, non-insane characters commit as {role}")
    if st.committed_slot(c) is not None:
        return IllegalActionError("CC-3.16", f"{title} is already committed to a story")
    if st.top.op == "cc.commit" and c in tuple(st.top["chosen"])[0::2]:
        return IllegalActionError(rule, f"{title} is already declared: one story for each character")
    if st.exhausted(c):
        return IllegalActionError(rule, f"{title} is exhausted: only ready characters commit as {role}")
    if not st.can_commit(c):
        return IllegalActionError("CC-12.4", f"{title} cannot commit now: \"cannot\" is absolute")
    slot = action.get("story")
    if type(slot) is not int or not 0 <= slot < 3 or st.story_at(slot) is None:
        return IllegalActionError("CC-8.6", "commit to a story in the story row (slot 0, 1 or 2)")
    if dk == "commit_defend" and not st.committed_at(slot, ap):
        return IllegalActionError("CC-8.5", f"defenders go only to stories where the attacker has a committed "
                                            f"character, not to {st.card(st.story_at(slot)).title}")  # type: ignore[arg-type]
    return None


def _action_ability(st: "CocState", action: Action, c: int | None) -> bool:
    """Is ``action`` (a ``use``) the use of an action ability of card ``c``?"""
    k = action.get("ability")
    return c is not None and any(a.index == k and a.kind == "action" for a in st.abilities_of(c))


def _use(st: "CocState", action: Action, dk: str, c: int | None) -> IllegalActionError | None:
    """Why an ability may not be used now: no such ability, not the player's card, not an action in an
    action window (CC-5.3, CC-5.5), or its limit, costs, condition or targets (CC-6.11)."""
    from ...engine import is_used
    from ...engine.triggers import source_in_place

    p, k = action.player, action.get("ability")
    if c is not None and st.insane(c):
        return IllegalActionError("CC-9.1", f"{st.card(c).title} is insane: it has no text, so no ability to use")
    abilities = st.abilities_of(c) if c is not None else ()
    ab = next((a for a in abilities if a.index == k), None)
    if c is None or ab is None:
        return IllegalActionError("CC-12.1", f"{action}: no such ability")
    title = st.card(c).title
    trigger_window = dk in ("window:interrupt", "window:reaction")
    if not trigger_window and ab.kind != "action":
        return IllegalActionError("CC-5.5", f"{title}: a {ab.kind} ability is not an action; it is offered when its "
                                            "triggering event happens")
    if trigger_window and ab.kind != dk.split(":")[1]:
        return IllegalActionError("CC-12.3", f"{title}: a {ab.kind} ability does not answer this "
                                             f"{dk.split(':')[1]} window")
    if st.table.ctrl[c] != p or not source_in_place(st, c, ab):
        rule = "CC-5.3" if not trigger_window else "CC-12.1"
        return IllegalActionError(rule, f"{title}: you use abilities of cards you control, where they work "
                                        "(in play unless the ability names another zone)")
    if ab.limit is not None and is_used(st, c, ab.index, ab.limit):
        return IllegalActionError("CC-6.11", f"{title}: its limit ({ab.limit.replace('_', ' ')}) is used up")
    if not trigger_window:
        return IllegalActionError("CC-6.11", f"{title}: its condition, costs or targets are not met now")
    return None


def _pick(st: "CocState", dk: str, c: int) -> IllegalActionError | None:
    title = st.card(c).title
    if dk == "restore":
        from .rules import restorable

        if st.insane(c) and not restorable(st, c):
            return IllegalActionError("CC-7.23.1", f"{title} cannot be restored while you control a character of the "
                                                   "opposite kind (Heroic/Villainous)")
        return IllegalActionError("CC-5.10", f"{title} is not an insane character of yours")
    if dk == "terror_victim":
        if st.has_keyword(c, "willpower"):
            return IllegalActionError("CC-7.23", f"{title} has Willpower: it cannot go insane from a Terror struggle")
        if st.icons(c, TERROR) > 0:
            return IllegalActionError("CC-8.14", f"{title} has a Terror icon: choose a character without one")
        return IllegalActionError("CC-8.14", f"{title} is not one of your characters committed to this story")
    if dk == "combat_victim":
        if st.has_keyword(c, "invulnerability"):
            return IllegalActionError("CC-7.23", f"{title} has Invulnerability: it cannot be chosen to be wounded")
        return IllegalActionError("CC-8.15", f"{title} is not one of your characters committed to this story")
    if dk == "arcane_ready":
        return IllegalActionError("CC-8.16", f"{title} is not one of your exhausted characters at this story")
    return None


# The rule behind the core's own refusals (``State._decision_rule``), by decision kind: who decides
# (``"seat"``) and what may be answered (``"option"``: an unoffered card, a ``done`` too early, a
# ``pass`` or ``no`` where the choice is mandatory). A kind missing here falls back to the effect rule.
_DECISION_RULES: dict[str, tuple[str, str]] = {
    "opening_resources": ("CC-4.5", "CC-4.5"),  # each player chooses exactly 3 cards of his own hand
    "restore": ("CC-5.10", "CC-5.10"),  # the AP must restore exactly one insane character
    "resource": ("CC-5.30", "CC-5.30"),  # the AP attaches one card from his hand
    "commit_attack": ("CC-8.3", "CC-8.3"),
    "commit_defend": ("CC-8.5", "CC-8.5"),
    "next_story": ("CC-8.10", "CC-8.10"),  # the AP chooses the next story
    "terror_victim": ("CC-8.14", "CC-8.14"),  # the loser must choose one
    "combat_victim": ("CC-8.15", "CC-8.15"),
    "arcane_ready": ("CC-8.16", "CC-8.16"),  # the winner may ready one
    "win_effect": ("CC-7.3", "CC-7.3"),  # the winner resolves it, mandatory unless it says "may"
    "attach_host": ("CC-7.32", "CC-7.32"),  # attached on entry to a legal host
    "order_forced": ("CC-12.2", "CC-12.2"),  # the AP orders simultaneous forced effects
    "window:interrupt": ("CC-12.3", "CC-12.3"),  # offered AP first, alternating
    "window:reaction": ("CC-12.3", "CC-12.3"),
}


def decision_rule(st: "CocState", action: Action, decision: Any, refusal: str) -> str:
    """The CC rule a wrong seat or an unoffered answer breaks at ``decision`` (never the core's CORE-3)."""
    dk = decision.kind
    pair = _DECISION_RULES.get(dk)
    if pair is not None:
        return pair[0] if refusal == "seat" else pair[1]
    if dk.startswith("window:"):
        if st.vars["story_phase"] == 2:
            return "CC-5.6"  # only interrupts and forced effects during story resolution
        return "CC-5.2" if refusal == "seat" else "CC-5.3"  # priority alternates; an action or a pass
    if dk == "pay":
        cost = st.top["cost"] if st.top.op == "engine.pay" else ("card",)
        return "CC-6.3" if cost[0] == "card" else "CC-6.9"  # one domain pays for a card / for "pay N"
    if dk.startswith("cost_"):
        return "CC-6.12"  # costs are paid with cards you control, in full
    return "CC-12.4"  # an effect's choice: the designated player chooses exactly N (or up to N)
