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

from ...engine import EXHAUSTED, FACE_DOWN
from ...engine.presentation import CardFace, CardMark, Counter, Presentation, Region, Target

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
                  stats=("skill", "skill_value", "defence", "evolution_cost", "burst"), text="text", colour="colour"),
    targets=(
        Target("card", card=True),
        Target("onto", card=True, word="onto"),
        Target("target", card=True, word="on"),
    ),
    sentences={
        "first_player": "{player} goes first",
        "turn": "Turn {turn} begins: {player} is the turn player",
        "drew": "{player} drew {n} card(s)",
        "draw_failed": "{player} could not draw {n} card(s)",
        "reshuffled": "{player} shuffled the discard pile into a new deck ({deck} cards)",
        "placed": "{player} placed {name} in the base area",
        "mulligan": "{player} discarded {cards} from the base area (mulligan)",
        "duplicate_discarded": "{player} discarded {name}: a colourless knight of that name is already out",
        "refreshed": "Knights are made active again (Refresh step)",
        "returned_to_base": "{name} returns to {player}'s base area",
        "first_step_revealed": "Both First-step submissions are revealed",
        "second_step_revealed": "Both Second-step submissions are revealed",
        "moved_to_battle": "{player} moved {cards} from the base area to the battle area",
        "deployed": "{player}'s deployment from hand is revealed",
        "evolved": "{player} evolved {onto} into {name}",
        "triggered": "{name} triggers ({player})",
        "activated": "{player} uses {name}'s ability",
        "action": "{player} acts with {name} ({skill} {value})",
        "attack": "{player} attacks with {attacker}: {damage} damage ({prevented} prevented)",
        "blocked": "{player} blocks {attacker} with {blockers}",
        "prevention": "{by} shields {player}'s leader from {amount} damage ({scope})",
        "hp": "{why}: HP now {hp}",
        "burst_check": "Burst check for {player}: {name}",
        "chained": "{player} made {name} a chain card",
        "chain_added": ("{player} put {names} into the chain zone face {face} ({by})",
                        "{player} put {n} card(s) into the chain zone face {face} ({by})"),
        "chain_removed": "{player} removed {names} from the chain zone",
        "chain_flipped": "{player} turned {names} face {face} ({by})",
        "colour_paid": "{player} paid {symbols} with {cards}",
        "discarded": "{player} discarded {names}",
        "discards_revealed": "The secret discards are revealed",
        "milled": "{player} milled {names}",
        "searched": "{player} took {names} from the deck ({by})",
        "deployed_by_effect": "{player} deployed {name} from the {from} to the battle area ({by})",
        "revealed_top": "{player} revealed the top of the deck: {names}",
        "reveal_sorted": "{player} sent {cards} to {to}; the rest to {rest} ({by})",
        "values_set": "{card}'s printed values are overridden this turn ({by})",
        "colour_changed": "{card} is {colour} this turn ({by})",
        "hand_looked_at": "{by}: the other player looks at {player}'s hand",
        "knight_moved": "{name} moves to {to} ({by})",
        "move_failed": "{card} could not move to {to} ({by})",
        "made_active": "{card} is made active ({by})",
        "rested": "{card} is rested ({by})",
        "modified": "{card} gets {skill}/{defence} ({by})",
        "granted": "{card} gains {keyword} ({by})",
        "capacity_bonus": "{player}'s cost capacity changes by {delta} ({by})",
        "restricted": "{player} cannot {what} this turn ({by})",
        "chose": "{player} chose for {name}: {option}",
        "if": "{name}: the {branch} branch applies",
        "condition_failed": "{name}: its condition is not met",
        "text_void": "{name}: its text cannot be carried out",
        "cancelled": "The {event} is cancelled",
        "conceded": "{player} concedes",
    },
    pass_kinds=("pass",),
    multi_pick=("mulligan", "chain", "discard", "remove_chain", "block", "effect_target"),
    decision_labels={"move": "Move to battle", "submit": "Submit", "deploy": "Deploy", "evolve": "Evolve",
                     "act": "Act with", "activate": "Use", "end_step": "End the Attack step", "done": "Done",
                     "pick": "Choose", "pass": "Pass", "pay": "Pay with", "yes": "Yes", "no": "No",
                     "next": "Next", "choose": "Choose", "concede": "Concede"},
    phase_path="vars.step",
    phase_word="step",
    turn_path="vars.turn",
    active_path="vars.active",
    one_based=("ability", "item"),
    card_fields=("card", "cards", "attacker", "blockers", "onto", "target"),
)
