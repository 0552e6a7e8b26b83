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
    if kind == "pick" and c is not None:
        return _pick(st, dk, c)
    return None


def _commit(st: "CocState", action: Action, dk: str, c: int | None) -> IllegalActionError | None:
    p, ap = action.player, st.active_player()
    if dk not in ("commit_attack", "commit_defend"):
        return IllegalActionError("CC-5.50", "characters commit only when attackers (S1) or defenders (S3) are declared")
    if c is None or st.table.zone_name(c) != f"play:{p}" or st.card(c).type != "character":
        return IllegalActionError("CC-8.3", "only characters you control in play can commit")
    title = st.card(c).title
    if st.insane(c):
        return IllegalActionError("CC-9.1", f"{title} is insane and cannot commit")
    if st.committed_slot(c) is not None:
        return IllegalActionError("CC-3.16", f"{title} is already committed to a story")
    if st.exhausted(c):
        return IllegalActionError("CC-8.3", f"{title} is exhausted: only ready characters commit")
    slot = action.get("story")
    if type(slot) is not int or not 0 <= slot < 3 or st.story_at(slot) is None:
        return IllegalActionError("CC-8.6", "commit to a story in the story row (slot 0, 1 or 2)")
    if dk == "commit_defend" and not st.committed_at(slot, ap):
        return IllegalActionError("CC-8.5", f"defenders go only to stories where the attacker has a committed "
                                            f"character, not to {st.card(st.story_at(slot)).title}")  # type: ignore[arg-type]
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
