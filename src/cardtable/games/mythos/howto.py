"""Mythos explained for a newcomer: the text of the "How to play" panel and of ``cardtable rules``.

Served as ``GET /api/games/mythos/rules`` (``GameDefinition.how_to_play``; shape in
:mod:`cardtable.engine.howto`). Written from the rules in ``docs/rules/mythos.md`` (the rule IDs in
brackets are theirs); the zone, counter and mark names are those of ``presentation.py``, so the text
says what the table shows. The glossary names every term the presentation declares (a test checks).
"""

from __future__ import annotations

from typing import Any

from ...engine.howto import card_game_guide

#: The phase shown in the top bar (``vars.phase``) -> the section that explains it.
PHASE_SECTIONS = {
    "setup": "setup", "refill": "refill", "card_play": "card-play", "battle": "battle",
    "end_of_round": "end",
}

_GOAL = [
    "Each player is an investigator with a Mythos deck. You score by completing adventures (victory "
    "points, VP) while keeping your Sanity and attacking the other players' Sanity with monsters "
    "(MY-1.1).",
    "Your score is your Sanity plus the VP of your acquired adventures. When someone reaches the VP target "
    "(20 unless agreed otherwise) the game ends at the end of that round; when anyone's Sanity drops to 0 "
    "it ends at once. The highest score wins (MY-1.3 to MY-1.6).",
    "An adventure asks for the right cards on your side of the table: places visited (locations in your "
    "Story Deck), allies met, items found. Most of the game is travelling to the right places and playing "
    "the cards they allow.",
]

_SETUP = [
    "Each player chooses, in secret, one of the two sides of their investigator card; the choices are "
    "shown together. The side sets your starting and maximum Sanity, your education, the languages you "
    "know and your hand sizes (MY-4.1, MY-6.2.1).",
    "Everyone starts in the Waking World, in Lovecraft Country, outside, with an empty Story Deck; it is "
    "Day. A random player goes first. There is no mulligan: the first refill deals the opening hands "
    "(MY-4.3 to MY-4.5).",
]

_TURN = [
    "The game is played in rounds. A round has four phases, in this order; the top bar shows the round "
    "and the phase. In card play and in battle, players act one short turn at a time, in seat order (MY-5.1).",
]

_PHASES = [
    ("refill", "Refill", "Everyone draws up to their refill hand size.", [
        "Each player draws until their hand holds their refill size (the first number of \"hand\" on the "
        "banner, usually 13); a bigger hand draws nothing. The first player moves on by one seat each round "
        "(MY-5.2).",
        "If you must draw from an empty deck, shuffle your discard pile into a new deck and lose 1 Sanity "
        "(MY-7.6).",
    ]),
    ("card-play", "Card play", "In turn, each player plays one card (or a Join), takes a turn action, or passes.", [
        "On your turn do exactly one thing (MY-5.4): Play one card from your hand (or a Join group); take a "
        "turn action such as Arrive or Cast; or Pass. Some abilities are free and can be used first (Use).",
        "A card can be played only if its requirements are met right now: usually something about your "
        "current location (its features such as Water or City, its region, an Artifact or Tome attribute), "
        "your dimension or the time of day. Its sanity modifier then changes your Sanity (MY-5.5, MY-6.1.3).",
        "Card play ends when two passes come without the first passer doing anything in between: for "
        "example you pass, the other player plays, you pass again; or you pass and the next player passes "
        "too (MY-5.9).",
        "Travelling. Your first location can be anywhere and you are there at once. After that, a location "
        "of the same dimension and region (neither Isolated) is walked to: it lies crosswise (travelling) on "
        "your Story Deck until you spend a turn to Arrive. City to City: from a City to a City of the same "
        "region you arrive at once. Other regions, other dimensions and Isolated places need a travel event "
        "(MY-6.3).",
        "Monsters: on a location with a gate, upright, you may play monsters (several together if they Join); "
        "they go face down into your Mythos Threat and the gate is used (the location turns upside down) "
        "(MY-6.3.11, MY-6.8). Gods need your own cards to meet their requirements; one at a time (MY-6.9).",
        "Spells are never cast from hand: first load one into a tome (or a spellcaster ally, or an artifact "
        "that holds spells), then Cast it as a turn action; the investigator's spell turns face down until "
        "the end of the round (MY-6.12).",
        "Adventures: play one when the cards on your side meet all its requirements (each card counts once). "
        "You gain its VP; your Story Deck is cleared except its top card and your discard pile is shuffled "
        "into your deck (MY-6.13).",
    ]),
    ("battle", "Battle", "Cast spells and use items, then each player may attack one opponent.", [
        "Use step: starting with the first player, each may cast a ready spell, use an item or play a battle "
        "event, or pass, until everyone passes in a row (MY-9.2).",
        "Attacks, one at a time in seat order: choose an opponent (Attack) and at least one face-down "
        "monster of your Mythos Threat, which turns face up; allies with an enchanted weapon may join. Or "
        "choose No attack (MY-9.3).",
        "The defender blocks with allies, or with their own face-down monsters. Invisible attackers can be "
        "blocked only by monsters or by allies with an enchanted weapon. Each blocker soaks up damage up to "
        "its combat; the rest is lost from the defender's Sanity (MY-9.4 to MY-9.6).",
        "Afterwards the attacking monsters (and attacking allies) are buried, as are blocking monsters and "
        "every blocking ally that soaked up any damage. Buried cards go under their owner's Story Deck "
        "(MY-9.7).",
        "At the end of the battle each god ages: a new god turns crosswise (aged); an aged god is buried "
        "(MY-9.10).",
    ]),
    ("end", "End of round", "Spells ready again; everyone may discard down to their hand limits.", [
        "Cast spells turn face up (ready) again and effects that lasted the round end (MY-5.13).",
        "Each player adjusts their hand: with more cards than their maximum (the second number of \"hand\") "
        "you must discard down to between your minimum (the third number) and your maximum; between the "
        "two you may discard down to your minimum or anywhere above it (\"discard down to 5..8 cards\", for "
        "instance) (MY-5.14).",
        "If someone's VP reached the target, the game ends and scores are compared; otherwise a new round "
        "begins.",
    ]),
]

_ZONES = [
    "Your side is at the bottom, the other players' at the top (clockwise from you).",
    "On each side: the banner (investigator, Sanity, score, VP, hand sizes, education, languages); then "
    "the Investigator, the Story Deck with your position, the God, the Allies, the Items, the Mythos "
    "Threat, the Events, the Adventures, the Hand (others' as backs), the Deck and the Discard pile.",
]

_WIN = [
    "When any investigator's Sanity drops to 0 the game ends at once. Otherwise it ends at the end of the "
    "round in which someone's adventure VP reached the target (MY-1.3, MY-1.4).",
    "Score = Sanity + adventure VP. The highest score wins; on a tie, more VP wins; still tied, those "
    "players share a draw. A player at 0 Sanity is scored too and can still win (MY-1.5 to MY-1.7).",
]

_GLOSSARY = [
    # regions
    ("Investigator", "Your investigator card, on the side you chose. It never leaves play, attacks or "
     "blocks."),
    ("Story Deck", "Your journey: locations and travel events, newest on top. An upright top location is "
     "where you are (the current location); buried cards go to the bottom (MY-6.3)."),
    ("God", "Your god, if you have one: only one at a time; it stays for two rounds (MY-6.9)."),
    ("Allies", "Your allies, with their weapons and tomes under them. They block in battle and can help "
     "meet requirements; an ally is buried when its combat drops to 0 (MY-6.4)."),
    ("Items", "Your artifacts and tomes; spells loaded into a tome sit under it."),
    ("Mythos Threat", "Your monsters, face down: only you know them. They attack and block in battle "
     "(MY-6.8)."),
    ("Events", "Your events that last a while; they are buried when they end (MY-6.10)."),
    ("Adventures", "Your acquired adventures and their VP."),
    ("Hand", "Your cards. The others see only how many you hold."),
    ("Deck", "Your Mythos deck, face down. Drawing from it when empty costs 1 Sanity and reuses the discard "
     "pile."),
    ("Discard", "Your discard pile."),
    # counters
    ("position", "Where the investigator is: dimension · region · subregion."),
    ("in transit", "No current location: you are travelling (your top card lies crosswise, or is a travel "
     "event); you count as Outside (MY-6.3.3)."),
    ("cards", "How many face-down monsters are in that Mythos Threat."),
    ("VP", "Victory points of the acquired adventures."),
    ("investigator", "The investigator's name (the chosen side)."),
    ("Sanity", "Current / maximum Sanity. It can never go above the maximum; at 0 the game ends (MY-7)."),
    ("score", "Sanity plus adventure VP: the highest score wins."),
    ("hand", "Hand sizes, refill / maximum / minimum (e.g. 13/8/5): draw up to the first at the start of a "
     "round, keep between the last two at its end (MY-5.14)."),
    ("education", "A number some cards ask for (\"education 15 or more\")."),
    ("languages", "The languages you and your allies know; a tome can be played only if someone reads its "
     "language (MY-6.7)."),
    ("turns to lose", "Turns this player will skip in card play because of an effect (MY-5.8)."),
    # marks
    ("face down", "A card shown by its back: a hidden monster, or a spell already cast this round."),
    ("travelling, gate used", "A location's state: travelling (crosswise, not reached yet: Arrive to get "
     "there) or gate used (upside down: monsters came through it)."),
    ("new, aged", "A god's state: new in the round it was played, aged (crosswise) in its second and last "
     "round."),
    ("combat N", "A card's current combat, weapons and effects included."),
    # card face
    ("sanity mod", "The card's sanity modifier: added to (or taken from) your Sanity when the card comes "
     "into play, when a location becomes current, when an adventure is acquired, or when the investigator "
     "casts a spell (MY-6.1.3)."),
    ("combat", "Strength in battle: what a monster or ally deals, or soaks up when it blocks."),
    ("region", "The region of a location (Lovecraft Country, for instance); walking stays in one region."),
    ("victory points", "The VP an adventure gives when acquired."),
    ("capacity", "How many spells a tome can hold."),
    ("language", "The language of a tome: you or an ally must know it to play the tome."),
    ("location, travel_event, ally, artifact, weapon, tome, spell, monster, god, event, adventure, investigator",
     "Card types. Locations and travel events go on your Story Deck; allies to the Allies; artifacts, "
     "tomes and weapons (on an ally) are items; spells load into a vessel; monsters go into the Mythos "
     "Threat; a god has its own place; events happen (some stay a while); adventures are acquired for VP."),
    ("WakingWorld, Dreamlands, NewAeon, Any", "Dimensions: the 1920s Earth, the world of dreams, the present "
     "day; Any: the card is not tied to one dimension. An ally of a dimension can be played only while you "
     "are there (MY-6.1.4, MY-6.4.2a)."),
    ("Isolated, City, Water, Forest, Cemetery, Outside, Inside", "Location features and attributes that cards "
     "ask for. Isolated places can be reached only by travel events."),
    ("bury", "Put a card at the bottom of its owner's Story Deck (it still counts for adventures)."),
    ("Day, Night", "The time of day (it starts as Day); some cards need one of them."),
    # buttons
    ("Play", "Play this card from your hand (your turn's one action)."),
    ("Join", "Several cards played together as one play: an ally with a weapon, a tome with a spell, a travel "
     "event with its destination, monsters that name each other (MY-8). The button starts a Join group with "
     "this card; then Add cards and press Done."),
    ("Add", "Add this card to the Join group you are building."),
    ("Arrive", "Turn action: turn your crosswise (travelling) location upright; you are there now and its "
     "sanity modifier applies (MY-6.3.8)."),
    ("Cast", "Cast a loaded, ready spell (a turn action in card play, free in the battle use step)."),
    ("Use", "Use an ability of a card you have in play."),
    ("Pass", "Do nothing this turn. Two passes end card play, unless the first player to pass plays or "
     "acts in between; in the battle use step, everyone passing in a row ends it."),
    ("Attack", "Attack this player with monsters from your Mythos Threat."),
    ("No attack", "Do not attack this battle."),
    ("Choose, Next", "Pick a card or an answer (Next: the next in an order you are setting)."),
    ("Done", "Finish this choice or Join group."),
    ("Yes, No", "Answer a question, such as whether to use an optional effect."),
    ("Concede", "Give up the game."),
]


def how_to_play(name: str) -> dict[str, Any]:
    """The panel's content (see :mod:`cardtable.engine.howto`)."""
    return card_game_guide(name, _GOAL, _SETUP, _TURN, _PHASES, _ZONES, _WIN, _GLOSSARY, PHASE_SECTIONS, turn_word="round")
