"""Why an action is refused, with the rule it breaks (design principle 6).

Only the seat whose decision it is reaches this code (the core answers "not your decision" to anyone
else), so naming that seat's own character in a message tells it nothing new (TM-12.6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Action, Decision, IllegalActionError
from .catalog import CHARACTER_ORDER

if TYPE_CHECKING:
    from .rules import MistsState

_EXPECTED = {
    "choose": ("TM-5.3", "take a card from the rows or pass"),
    "extra": ("TM-7.7", "take one more card or decline the extra action"),
    "target": ("TM-5.3", "choose a player for the card being resolved"),
    "point": ("TM-7.4", "point at a Monster suspect or the centre card"),
}
_PARAMS = {"take": ("slot",), "target": ("seat",), "point": ("at",), "pass": (), "decline": ()}
# The rule that says each action card's target must be another player, by card name (the Assault
# copies share one). A card missing here would be cited under the general target rule, TM-5.3;
# the refusal tests check that every action card in the catalog has its own entry.
CARD_RULES = {
    "Attack": "TM-7.3", "Search": "TM-7.4", "Assault": "TM-7.5", "Reckless": "TM-7.6", "Flurry": "TM-7.7",
    "Arcana": "TM-7.8", "Intimidate": "TM-7.9",
}


def explain(state: "MistsState", action: Action, decision: Decision) -> IllegalActionError | None:
    from .rules import SLOTS

    kind = decision.kind
    unexpected = sorted(k for k, _ in action.params if k not in _PARAMS.get(action.kind, (k,)))
    if unexpected:  # otherwise the checks below would blame a rule the action does not break
        return IllegalActionError("CORE-1", f"{action.kind!r} takes no parameter {', '.join(map(repr, unexpected))}")
    if action.kind == "take" and kind in ("choose", "extra"):
        slot = action.get("slot")
        if slot not in SLOTS:
            return IllegalActionError("TM-5.2", f"there is no slot {slot!r}; slots are {', '.join(SLOTS)}")
        return _why_not_take(state, decision.player, SLOTS.index(slot))
    if action.kind == "pass" and kind == "extra":
        return IllegalActionError("TM-10.4", "an extra action cannot be passed; decline it instead")
    if action.kind == "decline" and kind == "choose":
        return IllegalActionError("TM-7.7", "only a Flurry extra action can be declined; take a card or pass")
    if action.kind == "target" and kind == "target":
        seat = action.get("seat")
        if not isinstance(seat, int) or not 0 <= seat < state.players:
            return IllegalActionError("TM-5.3", f"there is no seat {seat!r} at this table")
        return _self_target(state)
    if action.kind == "point" and kind == "point":
        at = action.get("at")
        if at == decision.player:
            return IllegalActionError("TM-7.4", "you point at another player or the centre card, not at yourself")
        return IllegalActionError("TM-7.4", f"{at!r} is not a player or 'centre'")
    rule, what = _EXPECTED[kind]
    return IllegalActionError(rule, f"now you must {what}; {action.kind!r} is not possible here")


def _self_target(state: "MistsState") -> IllegalActionError:
    """A legal seat was refused, so it is the taker's own: cite the card being resolved, not Attack's rule.

    Only "another player" steps refuse the taker (Arcana's heal may pick them), so the step named
    is the one due now.
    """
    card = state.cat.cards[state.cat.instances[state.card]]
    op = card.steps[state.pc].op
    what = {"damage": "its damage goes to another player",
            "restrict_next_turn": "it names another player"}.get(op, "it targets another player")
    return IllegalActionError(CARD_RULES.get(card.name, "TM-5.3"), f"{card.name}: {what}, not yourself")


def _why_not_take(state: "MistsState", p: int, slot: int) -> IllegalActionError:
    from .rules import SLOTS, EMPTY

    inst = state.row[slot]
    if inst == EMPTY:
        return IllegalActionError("TM-5.2", f"slot {SLOTS[slot]} is empty")
    card = state.cat.cards[state.cat.instances[inst]]
    character = CHARACTER_ORDER[state.chars[p]]
    if character in card.forbidden:
        return IllegalActionError("TM-2.6", f"your character ({character}) may never take {card.name} ({card.id})")
    if card.is_equipment:
        return IllegalActionError("TM-8.1", f"you already hold a {card.name}; the same equipment cannot be taken twice")
    return IllegalActionError("TM-7.9", "you are intimidated this turn: only equipment may be taken")
