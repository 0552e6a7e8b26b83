"""How the Mythos table is drawn: the declaration the shared card-table renderers read.

Each side (MY-3.1, MY-3.2): the investigator card (the seat's banner shows the chosen side's Sanity
out of its maximum, score and VP, hand limits refill/max/min, education, languages and position,
MY-6.2.1, MY-3.9), the Story Deck with the current location on top (its orientation as a mark:
travelling when crosswise, gate used when inverted, MY-3.5, MY-6.3), the Ally area (each ally with
its current combat value, its weapons and ally-held tomes attached under it, MY-6.4, MY-6.6), items
(tomes with their loaded spells under them, face up or face down once cast, MY-6.7, MY-6.12), the
Mythos Threat (face down: other seats see only how many cards, invisible monsters included, MY-6.8),
the god (new or aged, MY-6.9.6), persistent events (MY-6.10), acquired adventures (with their VP), the hand (the
others' as backs), the deck count and the discard pile. Everything is read from the view, so the
renderers show exactly what the seat may know; the options are clicks on the cards they name.
"""

from __future__ import annotations

from typing import Any

from ...engine import FACE_DOWN
from ...engine.presentation import CardFace, CardMark, Counter, Presentation, Region, Target

MODE_WORDS = {"first": "as the first location", "walk": "by walking", "travel": "as a travel destination",
              "city": "upright, city to city"}


def _derive(kind: str, f: dict[str, Any]) -> dict[str, Any]:
    """Words from an event's own fields (see ``Presentation.derive``)."""
    if kind == "placed":
        return {"mode_words": MODE_WORDS.get(str(f.get("mode")), f"({str(f.get('mode', '')).replace('_', ' ')})")}
    if kind == "sanity" and isinstance(f.get("from"), int) and isinstance(f.get("to"), int):
        return {"direction": "up" if f["to"] > f["from"] else "down"}
    if kind == "attack_resolved" and f.get("damage") == 0:
        return {"damage": None}  # the "no damage" sentence
    return {}


PRESENTATION = Presentation(
    regions=(
        Region("investigator", "Investigator", "inv:{p}", band="front",
               hint="The investigator card (MY-2.1); its chosen side sets Sanity, hand limits and languages."),
        Region("story", "Story Deck", "story:{p}", layout="pile", band="front",
               counters=(Counter("position", "info.seats.{p}.position", "Dimension · region · subregion (MY-3.9)"),
                         Counter("in transit", "info.seats.{p}.in_transit",
                                 "No current location: the top card is travelling (MY-6.3.3)")),
               hint="Locations and Travel Events; the top card is the current location (MY-6.3)."),
        Region("god", "God", "god:{p}", band="front", hint="At most one god in play (MY-6.9.3); it ages at the end of battle."),
        Region("ally", "Allies", "ally:{p}",
               hint="Allies with their weapons and tomes attached; they attack and block in battle (MY-9)."),
        Region("item", "Items", "item:{p}", hint="Artifacts and tomes; spells loaded into a tome sit under it (MY-6.12)."),
        Region("threat", "Mythos Threat", "threat:{p}",
               counters=(Counter("cards", "info.seats.{p}.threat", "Face-down monsters; only their owner sees them"),),
               hint="Monsters, face down: only their owner knows them (MY-6.8)."),
        Region("event", "Events", "event:{p}", hint="Persistent events in play (MY-6.10)."),
        Region("adventures", "Adventures", "adventures:{p}", band="piles", brief=True,
               counters=(Counter("VP", "info.seats.{p}.vp", "Victory points of acquired adventures (MY-1.5)"),)),
        Region("hand", "Hand", "hand:{p}", layout="fan"),
        Region("deck", "Deck", "deck:{p}", layout="count", band="piles"),
        Region("discard", "Discard", "discard:{p}", layout="pile", band="piles"),
    ),
    seat_counters=(
        Counter("investigator", "info.seats.{p}.investigator"),
        Counter("Sanity", "info.seats.{p}.sanity_of", "Current / maximum Sanity; at 0 the investigator is out (MY-7)"),
        Counter("score", "info.seats.{p}.score", "Sanity + adventure VP; the game ends at the VP target (MY-1.4, MY-1.5)"),
        Counter("VP", "info.seats.{p}.vp"),
        Counter("hand", "info.seats.{p}.hand_limits", "Hand limits: refill / maximum / minimum (MY-5.14)"),
        Counter("education", "info.seats.{p}.education", "Education: read by card effects and requirements (MY-6.2.3)"),
        Counter("languages", "info.seats.{p}.languages", "Languages known, the allies' included (MY-6.2.4)"),
        Counter("turns to lose", "info.seats.{p}.lost_turns", "Turns this seat will lose (MY-5.8)"),
    ),
    marks=(
        CardMark("face down", style="face_down", flag=FACE_DOWN),
        CardMark("{value}", path="info.orientation.{card}"),
        CardMark("combat {value}", path="info.combat.{card}", hide_zero=False),
    ),
    face=CardFace(title="name", subtitle=("type", "dimension"),
                  stats=("sanity_mod", "combat", "region", "victory_points", "capacity", "language"), text="text", colour="type",
                  short={"sanity_mod": "sanity", "victory_points": "VP", "capacity": "holds"},
                  palette={"investigator": "grey", "location": "green", "travel_event": "olive", "adventure": "orange",
                           "event": "yellow", "ally": "light_blue", "artifact": "brown", "weapon": "teal",
                           "tome": "blue", "spell": "pink", "monster": "red", "god": "purple"},
                  names={"travel_event": "travel event"}),
    targets=(
        Target("card", card=True),
        Target("card2", card=True, word="with"),
        Target("card3", card=True, word="and"),
        Target("card4", card=True, word="and"),
        Target("host", card=True, word="on"),
        Target("target", card=True, word="at"),
        Target("item", card=True),  # the trigger order (MY-12.9): the items are the triggered cards
        Target("defender", seat=True),
    ),
    value_words={"choose_side": "info.side_choice.{value}"},
    sentences={
        "first_player": "{player:goes} first",
        "sides_chosen": "The investigator sides are revealed",
        "round": "Round {round} begins: {first:plays} first",
        "drew": ("{player:draws} {card}", "{player:draws} a card"),
        "reshuffled": "{player:shuffles} the discard pile into a new deck ({deck:card})",
        "library_out": "{player's} deck is empty",
        "time_of_day": "It is {time} now",
        "played": ("{player:plays} {card} on {host}", "{player:plays} {card}",
                   "{player:puts} a card into the Mythos Threat face down"),
        "placed": "{player:places} {card} on the Story Deck {mode_words}",
        "arrived": "{player:arrives} at {card}",
        "location_replaced": "{player's} earlier {card} is discarded from the Story Deck: one location of each name (MY-10.2)",
        "gate_used": "{player:uses} the gate of {card}",
        "gate_reset": "{player's} gate at {card} opens again",
        "sent_in_transit": "{player:is} sent in transit from {card}",
        "joined": ("{player:plays} {cards} together (Join)",
                   "{player:puts} {threat:card} into the Mythos Threat face down together (Join)"),
        "join_opened": "{player:begins} a Join with {card}",
        "join_added": "{player:adds} {card} to the Join",
        "join_alone": "{player's} Join ends with {card} alone: a single play",
        "put_into_play": "{player:puts} {card} into play",
        "moved_to_area": "{card} moves to {player's} {to} area as {type}",
        "stays": "{card} stays where it is ({rule})",
        "requirement_ignored": "{player:plays} a card ignoring its requirement",
        "god_requirements_shown": "{player:shows} {cards} for the god's requirements",
        "event_without_effect": "{card} has no effect and is buried",
        "adventure_acquired": "{player:acquires} {card} ({vp} VP)",
        "cast": "{player:casts} {card} from {by}",
        "activated": "{player:uses} {card}: {ability}",
        "triggered": ("{card} triggers {when} for {player}", "{card} triggers ({trigger}) for {player}"),
        "trigger_declined": ("{player:declines} the optional effect of {card} ({when})",
                             "{player:declines} the optional {trigger} effect of {card}"),
        "discarded": "{player:discards} {card} from hand",
        "buried_for_cost": "{player:buries} {card} to pay a cost",
        "combat_changed": "{card's} combat: {op} {n}",
        "die_rolled": "{player:rolls} a {result}",
        "sanity": ("{player's} Sanity goes {direction} from {from} to {to}", "{player's} Sanity goes from {from} to {to}"),
        "passed": "{player:passes} ({count} in a row)",
        "announced_pass": "{player's} play counts as a Pass ({count} in a row)",
        "lost_turn": "{player:loses} a turn",
        "extra_play": "{player:makes} an extra play",
        "card_play_ended": "Card play ends (round {round})",
        "battle_skipped": "No battle this round (round {round})",
        "attack": ("{attacker:attacks} {defender} with {cards}", "{attacker:attacks} {defender}"),
        "declined": "{player:does} not attack",
        "attack_resolved": ("{attacker's} attack on {defender} deals {damage} Sanity damage",
                            "{attacker's} attack on {defender} deals no Sanity damage"),
        "damage_prevented": "{player:is} spared {n} damage (prevented)",
        "ally_defeated": "{card} is defeated (combat {combat})",
        "excess_spells_discarded": "{vessel} holds too many spells: {cards} discarded",
        "hand_adjusted": ("{player:discards} {discarded} down to the hand limit", "{player:keeps} the hand within its limits"),
        "god_buried": "{player's} god {card} is buried",
        "cancelled": ("{card} is cancelled ({dest})", "The {event} is cancelled"),
        "searched": ("{player:searches} the {zone} and takes {cards} ({dest})",
                     "{player:searches} the {zone} and takes {n:card} ({dest})"),
        "looked_at": ("{player:looks} at {cards} ({zone} of {whose})", "{player:looks} at {n:card} ({zone} of {whose})"),
        "revealed": ("{player:reveals} {cards} ({zone})", "{player:reveals} {card} from hand"),
        "discarded_from_hand": "{player:discards} {cards} from hand (chosen by {chooser})",
        "chose": "{player:chooses}: {label}",
        "for_each": "{player's} effect repeats {n:time}",
        "granted": "{player:gains} {grant}",
        "grant_used": "{player:uses} up {grant}",
        "spell_loaded": "{player:loads} {card} onto {vessel} (from the {from})",
        "spell_unloaded": "{card} leaves its vessel ({dest})",
        "spell_readied": "{card} is ready again",
        "spell_exhausted": "{card} is exhausted",
        "card_moved": ("{card} leaves play for the {to}", "{card} goes from play ({op})"),
        "loss_prevented": ("{player:is} spared {n} Sanity loss ({cause}, {card})",
                           "{player:is} spared {n} Sanity loss ({cause})", "{player:is} spared {n} Sanity loss"),
        "milled": "{player:mills} {cards}",
        "shuffled": "{player:shuffles} the {zone} ({deck:card} in the deck)",
        "game_over": ("The game ends: {reason}. Scores: {scores}", "The game ends: {reason}"),
        "conceded": "{player:concedes}",
    },
    groups={
        "drew": ("{player:draws} {card}", "{player:draws} {count:card}"),
    },
    derive=_derive,
    seat_lists=("scores", "vp"),
    pass_kinds=("pass", "decline"),
    multi_pick=("hand_adjust", "attack_monsters", "block"),
    play_from_hand={"turn": "play"},
    decision_labels={"play": "Play", "activate": "Use", "join": "Join", "add": "Add", "arrive": "Arrive",
                     "cast": "Cast", "pass": "Pass", "attack": "Attack", "decline": "No attack", "pick": "Choose",
                     "done": "Done",
                     "choose": "Choose", "next": "Next", "yes": "Yes", "no": "No", "use": "Use", "concede": "Concede"},
    phase_path="vars.phase",
    turn_path="vars.round",
    turn_word="round",
    active_path="vars.active",
    one_based=("ability",),
    card_fields=("card", "cards", "by", "vessel", "discarded", "host"),
    seat_fields=("player", "winner", "attacker", "defender", "first", "owner", "whose"),
)
