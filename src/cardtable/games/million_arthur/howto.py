"""Million Arthur explained for a newcomer: the text of the "How to play" panel and of ``cardtable rules``.

Served as ``GET /api/games/million-arthur/rules`` (``GameDefinition.how_to_play``; shape in
:mod:`cardtable.engine.howto`). Written from the rules in ``docs/rules/million-arthur.md`` (the rule
IDs in brackets are theirs); the zone, counter and mark names are those of ``presentation.py``, so the
text says what the table shows. The glossary names every term the presentation declares (a test checks).
"""

from __future__ import annotations

from typing import Any

from ...engine.howto import card_game_guide

#: The step shown in the top bar (``vars.step``) -> the section that explains it.
PHASE_SECTIONS = {
    "setup": "setup", "begin": "start", "draw": "start", "charge": "start",
    "first": "first", "first_apply": "first", "second": "second", "second_apply": "second",
    "attack": "attack", "chain_t": "chain", "chain_n": "chain",
    "refresh_triggers": "end", "refresh": "end", "clean_hand_t": "end", "clean_hand_n": "end",
    "clean_chain_t": "end", "clean_chain_n": "end", "end_triggers": "end", "end": "end",
}

_GOAL = [
    "A duel of two would-be King Arthurs. Your leader starts with 20 HP; bring the other leader to 0 HP "
    "or less and you win (MA-1.3, MA-1.4).",
    "Knights are spent every turn: you send them from your base area and your hand into the battle area, "
    "they attack, heal, support or disrupt once, and at the end of the turn they are gone, except one per "
    "player that becomes a chain card. Chain cards raise how much you can deploy each turn and pay for "
    "abilities (MA-7).",
    "Nobody runs out of cards: an empty deck is refilled by shuffling the discard pile (MA-1.5, MA-4.7).",
]

_SETUP = [
    "Each player has a leader and a 40-card deck, and draws 5 cards. Then each fills their base area: "
    "knights are turned over from the top of the deck until the base area holds 3, and a newly placed "
    "knight may evolve onto another base knight for free (MA-5.6, MA-5.7, MA-8.5).",
    "Once, before the first turn, each player may throw away any of their base knights and fill the base "
    "area again (the base mulligan; the first player decides first). There is no hand mulligan (MA-5.8).",
    "A random player goes first; their first turn has no Start phase (MA-5.9).",
]

_TURN = [
    "Players take turns. The player whose turn it is is the turn player; the other one still takes part: "
    "both deploy knights, the other player blocks attacks, and both make a chain card. A turn has three "
    "phases and these steps, always in this order; the top bar shows the current step (MA-6.2).",
]

_STEPS = [
    ("start", "Start phase: Draw and Charge", "The turn player draws 1 card; both refill their base area to 3.", [
        "Draw step: the turn player draws 1 card (MA-6.4).",
        "Charge step: both players, the turn player first, refill their base area to 3 knights from the top "
        "of their deck; a newly placed knight may evolve onto a base knight for free (Evolve, or Done) "
        "(MA-6.5, MA-8.5).",
    ]),
    ("first", "First step", "Both secretly move knights from the base area to the battle area.", [
        "Both players choose, in secret, which base knights to move to the battle area (Move to battle, then "
        "Submit); the choices are shown together. Their costs count against your cost capacity (MA-6.6, "
        "MA-8.2).",
        "The colours of the knights you move become your base colours for this turn: in the Second step you "
        "may not deploy knights of those colours from your hand (colourless knights are never held back this way).",
    ]),
    ("second", "Second step", "Both secretly deploy knights from hand or evolve battle-area knights.", [
        "Both players choose, in secret, cards from their hand: each is deployed as a new knight in the "
        "battle area (Deploy) or placed as an evolution onto one of your battle-area knights (Evolve). Then "
        "Submit; both choices are shown together (MA-6.7, MA-8.3).",
        "The deployed total of the turn, First step included, may not exceed your cost capacity. A knight "
        "costs its cost; an evolution costs its evolution cost. A hand card of one of your base colours "
        "cannot be deployed. You may not have two colourless knights of the same name out (MA-7.2, MA-8.3, "
        "MA-8.6).",
    ]),
    ("attack", "Attack step", "The turn player acts with each knight once; the other player blocks attacks.", [
        "The turn player picks an active knight in the battle area (Act with); it rests and does its skill "
        "with its current values (MA-9.2):",
        "Attack: its skill value in damage to the other leader. The other player first chooses blockers "
        "among their active battle-area knights; each rests and their defence is subtracted from the "
        "damage. If at least 1 damage gets through, the damaged player makes a burst check (MA-9.4 to "
        "MA-9.7). Heal: your leader gains that many HP. Support: one of your battle-area knights with "
        "Attack, Heal or Disrupt gets +X skill value and +X defence this turn. Disrupt: one of the other "
        "player's battle-area knights with Attack, Heal or Support gets -X and -X this turn (MA-3.7).",
        "Use Support and Disrupt before Attack and Heal: a change only matters for what comes after it. "
        "Abilities that cost colours are used here too (Use, then Pay with chain cards). End the "
        "Attack step when you are done; unused knights simply stay (MA-9.1).",
    ]),
    ("chain", "Chain step", "Each player turns one of their battle-area knights into a chain card.", [
        "The turn player, then the other player: if your battle area has knights, choose one; it goes to "
        "your chain zone face up as a chain card (only the top card of an evolved knight; the cards under "
        "it go to the discard pile). Your cost capacity grows by one (MA-11.1, MA-11.2).",
    ]),
    ("end", "End phase: Refresh and Clean", "Knights left in battle areas are discarded; hands and chains are trimmed.", [
        "Refresh step: every knight still in a battle area goes to its owner's discard pile. Base knights and "
        "chain cards stay (MA-11.3, MA-11.4).",
        "Clean step: a player with more than 6 cards in hand discards down to 6; a player with more than 9 "
        "chain cards removes chain cards down to 9. Effects that lasted \"this turn\" end, and the other "
        "player's turn begins (MA-11.5, MA-11.6).",
    ]),
]

_ZONES = [
    "Your side is at the bottom, the other player's at the top.",
    "On each side: the banner with HP, cost capacity, the deployed total, base colours and, in a secret "
    "step, whether the player is still choosing; the Leader; the Chain zone; the Battle area; the Base "
    "area; the Hand (yours face up, the other player's as backs); and the Burst area, Deck and Discard "
    "pile.",
]

_WIN = [
    "The moment a leader has 0 HP or less, that player loses and the other wins (MA-1.4, MA-13.1).",
    "If both leaders drop to 0 at the same moment (only a card effect can do that), the game is a draw "
    "(MA-1.6). Conceding loses at once (MA-1.7).",
]

_GLOSSARY = [
    # regions
    ("Leader", "Your leader card: its HP is on your banner; it never leaves. Its ability, if it has one, can "
     "be used in your Attack step, once a turn."),
    ("Chain", "Your chain zone: chain cards, face up or face down. Each adds 1 to your cost capacity; a face-up "
     "one can pay a colour cost by turning face down."),
    ("Battle area", "Knights deployed this turn: they act (turn player) or block (other player), and are "
     "discarded at the end of the turn, except the one chosen as a chain card."),
    ("Base area", "Up to 3 knights waiting on the table; refilled from the deck in the Charge step."),
    ("Hand", "Your cards (at most 6 after the Clean step). The other player sees only how many."),
    ("Burst", "The burst area: the card being turned over for a burst check."),
    ("Deck", "Your deck, face down; when it is empty the discard pile is shuffled into a new one."),
    ("Discard", "Your discard pile: used knights, discarded and removed cards."),
    # counters
    ("HP", "A leader's hit points (20 at the start, no upper limit). At 0 or less that player loses."),
    ("capacity", "Cost capacity: 1 for the leader plus 1 per chain card, face up or down. Your knights "
     "deployed in one turn may cost at most this much (MA-7.1, MA-7.2)."),
    ("deployed", "The cost of the knights deployed so far this turn, counted against your capacity."),
    ("base colours", "Colours of the knights you moved from the base area this turn: hand knights of these "
     "colours cannot be deployed this turn (MA-8.3)."),
    ("secret choice", "In a secret step: \"to choose\", \"choosing\" or \"committed (hidden)\". Nothing of a "
     "choice shows until both players have submitted (MA-14.5)."),
    # marks
    ("rested", "Turned sideways: the knight has acted or blocked this turn. An upright knight is active."),
    ("face down", "A card shown by its back: a hidden card, or a chain card that has paid a colour cost."),
    ("skill value N", "A knight's current skill value, changes of this turn included."),
    ("defence N", "A knight's current defence: what it takes off an attack it blocks."),
    ("to battle, to deploy, to evolve onto, chosen", "Marks on your own cards during a secret step: what "
     "your choice, not yet submitted, will do with each card."),
    # card face
    ("cost", "The number in the card's corner: what deploying the knight counts against your capacity."),
    ("skill", "The knight's skill type: attack, heal, support or disrupt (see the Attack step)."),
    ("attack, heal, support, disrupt", "The four skills: deal damage to the other leader, give your leader "
     "HP, strengthen one of your knights, weaken one of the other player's knights."),
    ("skill value", "How strong the knight's skill is (the X of its skill)."),
    ("defence", "The knight's shield when it blocks."),
    ("evolution cost", "What the card costs when placed as an evolution onto the knight it evolves from."),
    ("burst", "The card has a burst icon: when it is turned over by a burst check its burst text happens at "
     "no cost. Every deck has exactly 15 (MA-10)."),
    ("red, green, blue, yellow, purple, colourless", "Card colours, shown by the frame. Colourless is not a "
     "colour: it is never one of your base colours, and two colourless knights with the same name cannot "
     "both be out on your side (MA-3.3, MA-3.10)."),
    ("knight, leader", "Card kinds: knights make up the deck; each player has one leader outside it."),
    ("mercenary, rich, thief, songstress, common", "Arthur types. A type-restricted card may only be in a deck "
     "whose leader has its type; common cards fit any deck (MA-2.5)."),
    ("evolve", "Put a card onto a knight whose name it lists, for its evolution cost (free in the base area): "
     "the stack is one knight with the top card's values (MA-8.8, MA-8.9)."),
    ("burst check", "After taking at least 1 attack damage, turn over the top card of your deck; if it has "
     "the burst icon, its burst text happens (MA-10.2, MA-10.3)."),
    ("colour cost", "Coloured symbols an ability costs: pay each by turning a face-up chain card of that "
     "colour face down (the plain symbol takes any colour) (MA-7.4, MA-7.5)."),
    ("turn player", "The player whose turn it is. In the top bar's step names, \"t\" is the turn player and "
     "\"n\" the other one (chain t, clean hand n ...); \"first apply\" and \"second apply\" are the moments "
     "both secret choices are shown."),
    # buttons
    ("Move to battle", "First step: send this base knight to the battle area."),
    ("Deploy", "Second step: put this hand card into the battle area as a new knight."),
    ("Evolve", "Place this card as an evolution onto a knight."),
    ("Submit", "Send your secret choice for the step; it is shown when both have submitted."),
    ("Act with", "Attack step: rest this knight and use its skill."),
    ("Use", "Use an ability."),
    ("End the Attack step", "Finish your actions; the Chain step follows."),
    ("Pay with", "Pay a colour symbol by turning this face-up chain card face down."),
    ("Pass", "Use no defence ability this time."),
    ("Choose, Next", "Pick a card or an answer (Next: the next in an order you are setting)."),
    ("Done", "Finish this choice."),
    ("Yes, No", "Answer a question, such as whether to use an optional ability."),
    ("Concede", "Give up the game; the other player wins."),
]


def how_to_play(name: str) -> dict[str, Any]:
    """The panel's content (see :mod:`cardtable.engine.howto`)."""
    return card_game_guide(name, _GOAL, _SETUP, _TURN, _STEPS, _ZONES, _WIN, _GLOSSARY, PHASE_SECTIONS)
