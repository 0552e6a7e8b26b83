"""How the Million Arthur table is drawn: the declaration the shared card-table renderers read.

Each side (MA-4.1): the leader with the seat's HP, the base area and the battle area (knights with
their rested state and current skill and defence values, modifiers included, MA-14.1; a stack's
lower cards under its top card), the chain zone (face-up and face-down cards with their colours; a
face-down card the viewer does not know arrives in the view without its identity and is drawn as a
back, MA-14.4), the burst area, the hand (the other seat's as backs), the deck count and the discard
pile. The seat's banner shows HP, cost capacity, the deployment total and base colours of the turn,
and during a secret step (MA-6.12) whether the seat is choosing or has committed, which is all the
other seat may know of it (MA-14.5); the viewer's own pending items are marked on its own cards.
Everything is read from the view, so the renderers show exactly what the seat may know.
"""

from __future__ import annotations

from typing import Any

from ...engine import EXHAUSTED, FACE_DOWN
from ...engine.presentation import CardFace, CardMark, Counter, Presentation, Region, Target


def _derive(kind: str, f: dict[str, Any]) -> dict[str, Any]:
    """Words from an event's own fields (see ``Presentation.derive``): one seat's HP change, the cards
    of a deployment, whether a burst check burst."""
    if kind == "hp":
        changes, hp = f.get("changes") or [], f.get("hp") or []
        if len(changes) == 1 and isinstance(changes[0], list) and len(changes[0]) == 2:
            p, d = changes[0]
            left = hp[p] if isinstance(p, int) and 0 <= p < len(hp) else None
            return {"player": p, "left": left, "loss": -d if d < 0 else None, "gain": d if d > 0 else None}
        return {}
    if kind == "deployed":
        return {"deployed_cards": [x[0] for x in f.get("items") or [] if isinstance(x, list) and x]}
    if kind == "burst_check" and not f.get("burst"):
        return {"name": None, "plain_name": f.get("name")}
    if kind == "modified":
        return {f"{k}_delta": f"{v:+d}" if isinstance(v, int) else v for k, v in f.items() if k in ("skill", "defence")}
    if kind == "attack" and not f.get("prevented"):
        return {"prevented": None}
    if kind == "blocked" and not f.get("blockers"):
        return {"blockers": None}
    return {}


PRESENTATION = Presentation(
    regions=(
        Region("leader", "Leader", "leader:{p}",
               hint="The leader (its HP is on the seat's banner); its ability can be used in the Attack step."),
        Region("chain", "Chain", "chain:{p}",
               hint="Chain cards, face up (they can pay colour costs) or face down; each adds 1 to cost capacity."),
        Region("battle", "Battle area", "battle:{p}",
               hint="Knights deployed this turn: they act in the Attack step and block the other seat's attacks."),
        Region("base", "Base area", "base:{p}",
               hint="Up to 3 knights kept on the table; in the First step they may move to the battle area."),
        Region("hand", "Hand", "hand:{p}", layout="fan"),
        Region("burst", "Burst", "burst:{p}", band="piles", hint="The card being checked for a burst (MA-10)."),
        Region("deck", "Deck", "deck:{p}", layout="count", band="piles"),
        Region("discard", "Discard", "discard:{p}", layout="pile", band="piles"),
    ),
    seat_counters=(
        Counter("HP", "info.hp.{p}", "Hit points: at 0 or less this player loses (MA-1.3)"),
        Counter("capacity", "info.capacity.{p}", "Cost capacity: leader + chain cards, face up or down (MA-7.1)"),
        Counter("deployed", "info.spent.{p}", "Deployment total this turn; it may not pass the capacity (MA-7.2)"),
        Counter("base colours", "info.base_colours.{p}",
                "Colours moved from base this turn: no hand knight of these colours may be deployed (MA-8.3)"),
        Counter("secret choice", "info.secret.{p}",
                "A secret, simultaneous step: nothing of a submission shows until both are in (MA-14.5)"),
    ),
    marks=(
        CardMark("rested", style="turned", flag=EXHAUSTED),
        CardMark("face down", style="face_down", flag=FACE_DOWN),
        CardMark("skill value {value}", path="info.knights.{card}.skill", hide_zero=False),
        CardMark("defence {value}", path="info.knights.{card}.defence", hide_zero=False),
        CardMark("{value}", path="info.pending.{card}"),
    ),
    face=CardFace(title="name", corner="cost", subtitle=("colour", "kind", "arthur_type"),
                  stats=("skill", "skill_value", "defence", "evolution_cost", "burst"), text="text", colour="colour",
                  short={"skill_value": "{skill}", "defence": "def", "evolution_cost": "evolve"},
                  palette={"red": "red", "green": "green", "blue": "blue", "yellow": "yellow", "purple": "purple",
                           "colourless": "grey"}),  # MA-3.3: the colour is the frame colour
    targets=(
        Target("card", card=True),
        Target("onto", card=True, word="onto"),
        Target("target", card=True, word="on"),
    ),
    sentences={
        "first_player": "{player:goes} first",
        "turn": "Turn {turn}: {player:is} the turn player",
        "drew": ("{player:draws} {cards}", "{player:draws} {n:card}"),
        "draw_failed": "{player:cannot} draw {n:card}: the deck and discard pile are empty",
        "reshuffled": "{player:shuffles} the discard pile into a new deck ({deck:card})",
        "placed": "{player:places} {name} in the base area",
        "mulligan": ("{player:discards} {cards} from the base area (mulligan)", "{player:keeps} the base area (no mulligan)"),
        "duplicate_discarded": "{player:discards} {name}: a colourless knight of that name is already out",
        "refreshed": "Knights are made active again (Refresh step)",
        "returned_to_base": "{name} returns to {player's} base area",
        "first_step_revealed": "Both First-step submissions are revealed",
        "second_step_revealed": "Both Second-step submissions are revealed",
        "moved_to_battle": ("{player:moves} {cards} from the base area to the battle area",
                            "{player:moves} no knight from the base area"),
        "deployed": ("{player:deploys} {deployed_cards} from hand", "{player:deploys} no knight from hand"),
        "evolved": "{player:evolves} {onto} into {name}",
        "triggered": "{name} triggers for {player}",
        "activated": "{player:uses} {name}'s ability",
        "action": ("{player:acts} with {name} ({skill} {value}) on {target}", "{player:acts} with {name} ({skill} {value})"),
        "attack": ("{player:attacks} with {attacker}, blocked by {blockers} (shield {shield}): {damage} damage to the leader "
                   "({prevented} prevented)",
                   "{player:attacks} with {attacker}, blocked by {blockers} (shield {shield}): {damage} damage to the leader",
                   "{player:attacks} with {attacker}, unblocked: {damage} damage to the leader ({prevented} prevented)",
                   "{player:attacks} with {attacker}, unblocked: {damage} damage to the leader"),
        "blocked": ("{player:blocks} {attacker} with {blockers}", "{player:does} not block {attacker}"),
        "prevention": "{by} shields {player's} leader from {amount} damage ({scope})",
        "hp": ("{player:loses} {loss} HP ({why}): {left} left", "{player:gains} {gain} HP ({why}): {left} now",
               "HP change ({why}): {changes}; HP now {hp}"),
        "burst_check": ("Burst check for {player}: {name} bursts", "Burst check for {player}: {plain_name}, no burst",
                        "Burst check for {player}: no card to check"),
        "chained": ("{player:makes} {name} a chain card ({discarded} discarded)", "{player:makes} {name} a chain card"),
        "chain_added": ("{player:puts} {names} into the chain zone face {face} ({by})",
                        "{player:puts} {n:card} into the chain zone face {face} ({by})",
                        "{player:puts} nothing into the chain zone ({by})"),
        "chain_removed": "{player:removes} {names} from the chain zone",
        "chain_flipped": "{player:turns} {names} face {face} ({by})",
        "colour_paid": "{player:pays} {symbols} with {cards}",
        "discarded": ("{player:discards} {names}", "{player:discards} nothing"),
        "discards_revealed": "The secret discards are revealed",
        "milled": ("{player:mills} {names}", "{player:mills} nothing"),
        "searched": ("{player:takes} {names} from the deck ({by})", "{player:finds} nothing in the deck ({by})"),
        "deployed_by_effect": "{player:deploys} {name} from the {from} to the battle area ({by})",
        "revealed_top": ("{player:reveals} the top of the deck: {names}", "{player:reveals} nothing: the deck is empty"),
        "reveal_sorted": "{player:sends} {cards} to the {to}; the rest to the {rest} ({by})",
        "values_set": "{card's} printed values are overridden this turn ({by})",
        "colour_changed": "{card} is {colour} this turn ({by})",
        "hand_looked_at": "{by}: the other player looks at {player's} hand",
        "knight_moved": "{name} moves to the {to} ({by})",
        "move_failed": "{card} could not move to the {to} ({by})",
        "made_active": "{card} is made active ({by})",
        "rested": "{card} is rested ({by})",
        "modified": "{card} gets {skill_delta}/{defence_delta} ({by})",
        "granted": "{card} gains {keyword} ({by})",
        "capacity_bonus": "{player's} cost capacity changes by {delta} ({by})",
        "restricted": "{player:cannot} {what} this turn ({by})",
        "chose": "{player:chooses} for {name}: {option}",
        "if": "{name}: the {branch} branch applies",
        "condition_failed": "{name}: its condition is not met",
        "text_void": "{name}: its text cannot be carried out",
        "cancelled": "The {event} is cancelled",
        "conceded": "{player:concedes}",
    },
    groups={
        "placed": "{player:places} {name} in the base area",
    },
    derive=_derive,
    seat_lists=("changes", "hp"),
    pass_kinds=("pass",),
    multi_pick=("mulligan", "chain", "discard", "remove_chain", "block", "effect_target"),
    play_from_hand={"second_step": "deploy"},
    decision_labels={"move": "Move to battle", "submit": "Submit", "deploy": "Deploy", "evolve": "Evolve",
                     "act": "Act with", "activate": "Use", "end_step": "End the Attack step", "done": "Done",
                     "pick": "Choose", "pass": "Pass", "pay": "Pay with", "yes": "Yes", "no": "No",
                     "next": "Next", "choose": "Choose", "concede": "Concede"},
    phase_path="vars.step",
    phase_word="step",
    turn_path="vars.turn",
    active_path="vars.active",
    one_based=("ability", "item"),
    card_fields=("card", "cards", "attacker", "blockers", "onto", "target", "deployed_cards"),
)
