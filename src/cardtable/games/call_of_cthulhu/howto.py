"""Call of Cthulhu explained for a newcomer: the text of the "How to play" panel and of ``cardtable rules``.

Served as ``GET /api/games/call-of-cthulhu/rules`` (``GameDefinition.how_to_play``; shape in
:mod:`cardtable.engine.howto`). Written from the rules in ``docs/rules/call-of-cthulhu.md`` (the rule
IDs in brackets are theirs); the zone, counter and mark names are those of ``presentation.py``, so the
text says what the table shows. The glossary names every term the presentation declares (a test checks).
"""

from __future__ import annotations

from typing import Any

from ...engine.howto import card_game_guide

#: The phase shown in the top bar (``vars.phase``) -> the section that explains it.
PHASE_SECTIONS = {
    "setup": "setup", "refresh": "refresh", "draw": "draw", "resource": "resource",
    "operations": "operations", "story": "story", "end_of_turn": "end",
}

_GOAL = [
    "Two players race to win stories. Three story cards lie face up between you; you send characters to "
    "them, and success tokens pile up on your side of a story as you win its struggles. The first player "
    "with five success tokens on a story wins it and keeps it (CC-1.3).",
    "Win three stories and you win the game (CC-1.4). Run out of cards in your deck and you lose at once, "
    "even if the last card was your own draw (CC-1.5).",
    "Each player brings a deck and three domains. Cards in your hand are your characters, supports and "
    "events, and also your money: a card placed under a domain becomes a resource that pays for others.",
]

_SETUP = [
    "Each player draws 8 cards, then secretly picks 3 of them and places one under each of their domains "
    "as a resource; the choices are shown together. The other 5 cards are your opening hand. There is no "
    "mulligan (CC-4.4 to CC-4.6).",
    "A random player goes first. On that very first turn they draw only 1 card and there is no story "
    "phase (CC-5.1).",
]

_TURN = [
    "Players take whole turns, one after the other. The player whose turn it is goes through six phases "
    "in this order; the top bar shows the current one. Between steps both players may get a chance to "
    "play events or use abilities: choose Use on a card, or Pass. A chance ends when both players pass "
    "one after the other (CC-5.2).",
]

_PHASES = [
    ("refresh", "Refresh phase", "Ready your cards, restore one insane character, refresh your domains.", [
        "Your exhausted cards become ready again. If you have insane characters you must restore one of "
        "them: it turns face up again but stays exhausted this turn. Your drained domains are refreshed "
        "(CC-5.10). Only the player whose turn it is refreshes.",
    ]),
    ("draw", "Draw phase", "Draw 2 cards (1 on the very first turn).", [
        "Draw 2 cards (only 1 on the first player's first turn). Drawing your last card loses the game "
        "(CC-5.20, CC-1.5).",
    ]),
    ("resource", "Resource phase", "You may place one card from your hand as a resource.", [
        "You may place one card from your hand under any one of your domains as a resource, or choose "
        "\"No resource this turn\". The resource adds one resource of the card's faction to that domain; "
        "a neutral card adds a neutral one. Placing it does not refresh a drained domain (CC-5.30, CC-6.1).",
    ]),
    ("operations", "Operations phase", "Play characters and supports by draining domains.", [
        "Play characters and supports from your hand, as many as you can pay for; only the player whose "
        "turn it is may play them, and only now (CC-5.40). Both players may play events and use action "
        "abilities.",
        "To pay a card that costs C, drain one undrained domain with at least C resources, at least one of "
        "them of the card's faction (neutral cards need no match). One domain pays for one card; extra "
        "resources in it are wasted. A card costing 0 needs no domain (CC-6.3, CC-6.4).",
        "The phase ends when both players pass in a row.",
    ]),
    ("story", "Story phase", "Commit characters to stories, fight the struggles, gain success tokens.", [
        "Not on the first player's first turn. First you commit attackers: any of your ready characters, "
        "each to one story of the row; each one exhausts. Commit none and the phase ends (CC-8.3). Then "
        "your opponent may commit ready characters as defenders, each to a story where you have an "
        "attacker (CC-8.5).",
        "Then you choose the stories one at a time. At each, struggles are fought in the order Terror, "
        "Combat, Arcane, Investigation: one struggle for each icon the story shows, plus one for each "
        "booster icon of that kind on the cards committed or attached there. In a struggle each side adds "
        "up that icon on its committed "
        "characters; the higher total wins, a tie is won only by a side with a Fast character there, and "
        "a total of 0 never wins (CC-8.12, CC-8.13).",
        "Terror: the loser picks one of their characters there without a Terror icon and without Willpower; "
        "it goes insane. Combat: the loser picks one of their characters there; it takes a wound. Arcane: "
        "the winner may ready one of their exhausted characters there. Investigation: the winner puts one "
        "success token on their side of the story (CC-8.14 to CC-8.17).",
        "Last, success: if the attacker's total skill there is at least 1 and higher than the defender's, "
        "the attacker gets one success token, and one more if the defender's skill there is 0 "
        "(unchallenged). The defender never gains tokens this way (CC-8.18). Then everyone there goes home "
        "(uncommitted), still ready or exhausted as they were.",
        "Five tokens on your side win the story at once: its tokens are removed, it goes to your Stories "
        "won, the next story from the story deck takes its place, and you carry out the won story's win "
        "effect if it has one (CC-8.20).",
    ]),
    ("end", "End of turn", "A last chance to act; then the other player's turn.", [
        "A last chance to play events and use abilities, then \"end of turn\" effects happen and the other "
        "player's turn begins. There is no hand size limit and nothing is discarded (CC-5.60).",
    ]),
]

_ZONES = [
    "Your side is at the bottom, your opponent's at the top, and the shared story row in the middle.",
    "In the middle: Story 1, Story 2 and Story 3, each with both players' success tokens and the "
    "characters committed to it; the Story deck; and Being played, where a card waits while it is played.",
    "On each side: the banner with the player's stories won and stories needed; Domain 1, 2 and 3 with "
    "their resources; In play (characters and supports); the Hand (yours face up along the bottom, your "
    "opponent's as backs); the Deck, the Discard pile and the Stories won.",
]

_WIN = [
    "You win when your Stories won reach the number needed, normally 3 (card effects can change it, never "
    "below 1) (CC-1.4).",
    "You lose when your deck has no cards left, at that very moment (CC-1.5). You also lose if you "
    "concede (CC-1.7).",
    "If both players reach their number of stories at the same moment, the player whose turn it is wins; "
    "if both decks empty at the same moment, the game is a draw (CC-1.6).",
]

_GLOSSARY = [
    # regions
    ("Story 1, 2, 3", "The three story slots of the shared row. Commit characters to a story in your story "
     "phase; five success tokens on your side win it."),
    ("Domain 1, 2, 3", "Your three domains. Cards placed under them are resources; drain one domain to pay "
     "for one card (CC-6)."),
    ("In play", "Your characters and supports on the table."),
    ("Hand", "Your cards to play or to place as resources. Your opponent sees only how many you hold."),
    ("Deck", "Your draw deck, face down. When it has no cards left you lose."),
    ("Discard", "Your discard pile: used events, destroyed characters, discarded cards."),
    ("Stories won", "The stories you have won; reach the number needed to win the game."),
    ("Being played", "A card in the middle of being played, until it resolves."),
    ("Story deck", "The shared deck of stories that refills an empty slot of the row."),
    # counters
    ("tokens", "Success tokens on a story, one count per player; five on your side win the story."),
    ("resources", "How many resources a domain holds: the most it can pay for one card."),
    ("drained", "A drained domain has paid this turn and cannot pay again until your refresh phase."),
    ("stories won", "How many stories the player has won."),
    ("needed", "How many stories the player needs to win the game (normally 3)."),
    # marks
    ("exhausted", "Turned sideways: the card has been used (committed, or paid a cost) and is readied in "
     "its owner's refresh phase. A ready card is upright."),
    ("face down", "A card shown by its back: hidden from you, or an insane character."),
    ("insane", "A character driven mad: it has no skill, icons or text, cannot commit, and is restored "
     "(face up, exhausted) in a later refresh phase. Going insane with a wound destroys it (CC-9.1)."),
    ("skill N", "A character's current skill, compared at a story to decide who gains success tokens."),
    ("wounds N", "Wounds on a character. It is destroyed when its wounds reach its toughness (1, or more "
     "with Toughness) (CC-9.4)."),
    # card face
    ("cost", "The number in the card's corner: how many resources one domain must hold to pay for it."),
    ("skill", "A character's strength at Determine success."),
    ("terror, combat, arcane, investigation", "Struggle icons. On a story: which struggles are fought "
     "there. On a character: its strength in struggles of that kind. A booster icon adds one struggle of "
     "its kind to the story where the card is (CC-11.4, CC-11.5)."),
    ("keywords", "Rules words printed on cards; each is explained below."),
    ("Fast", "Wins a struggle that is tied (above 0)."),
    ("Willpower", "Cannot be picked to go insane after losing a Terror struggle."),
    ("Invulnerability", "Cannot be wounded."),
    ("Toughness +X", "Takes X more wounds before it is destroyed."),
    ("Loyal", "To pay for it, the domain must hold as many resources of the card's faction as its cost."),
    ("Steadfast N", "You may play it only with N resources of its faction across your domains."),
    ("Heroic, Villainous", "You can never have a Heroic and a Villainous character in play together."),
    ("Transient", "A resource worth 2, discarded when its domain is drained."),
    ("character, support, event, story, domain", "Card types. Characters commit to stories; supports stay "
     "in play (some attach to a card); events happen and go to the discard pile; stories are the shared "
     "goals; domains hold resources."),
    ("agency, miskatonic, syndicate, cthulhu, hastur, yog_sothoth, shub_niggurath, neutral",
     "The factions (The Agency, Miskatonic University, The Syndicate, Cthulhu, Hastur, Yog-Sothoth, "
     "Shub-Niggurath), shown on the card and by its colour; neutral cards belong to none. A card needs a "
     "resource of its own faction in the domain that pays for it; a neutral card needs none."),
    ("resource", "A card placed under a domain. It counts only for paying: one resource of its faction."),
    ("ready", "Upright: a character that can commit or a card that can be used."),
    ("committed", "Sent to a story this story phase, as an attacker or a defender."),
    ("unchallenged", "The defender has no skill at the story: the attacker gains one extra token."),
    ("restore", "Turn an insane character face up again (it stays exhausted)."),
    # buttons
    ("Use", "Use a card's action or reaction now."),
    ("Pass", "Do nothing this time; when both players pass in a row the step moves on."),
    ("Done", "Finish choosing (for example, the characters you commit)."),
    ("No resource this turn", "Skip placing a resource in the resource phase."),
    ("Yes, No", "Answer a question, such as whether to use an optional effect."),
    ("Concede", "Give up the game; your opponent wins."),
]


def how_to_play(name: str) -> dict[str, Any]:
    """The panel's content (see :mod:`cardtable.engine.howto`)."""
    return card_game_guide(name, _GOAL, _SETUP, _TURN, _PHASES, _ZONES, _WIN, _GLOSSARY, PHASE_SECTIONS)
