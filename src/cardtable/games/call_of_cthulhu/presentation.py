"""How the Call of Cthulhu table is drawn: the declaration the shared card-table renderers read.

Each side has its three domains (resources attached, drained or not), its cards in play, hand,
deck, discard pile and won stories; between the sides the story row, where each story shows both
seats' success tokens and the characters committed to it (CC-8). Everything is read from the view,
so the renderers show exactly what the seat may know.
"""

from __future__ import annotations

from ...engine import EXHAUSTED, FACE_DOWN
from ...engine.presentation import (
    CardFace, CardMark, Counter, Gather, Presentation, Region, Target,
)
from .state import INSANE

PRESENTATION = Presentation(
    regions=(
        Region("story", "Story {n}", "row:{i}", seat="none", count=3, band="stories",
               counters=(Counter("tokens", "info.stories.{i}.tokens.{p}",
                                 "Success tokens; five win the story (CC-1.3)"),),
               gather=Gather("play:{q}", "info.characters.{card}.story", "committed"),
               hint="Commit characters here in your story phase; five success tokens win it."),
        Region("domain", "Domain {n}", "res:{p}:{i}", count=3, band="domains", layout="row",
               counters=(Counter("resources", "info.domains.{p}.{i}.resources"),
                         Counter("drained", "info.domains.{p}.{i}.drained", "A drained domain cannot pay this turn")),
               hint="Cards placed as resources; drain a domain to pay for a card (CC-6).", brief=True),
        Region("play", "In play", "play:{p}", hint="Characters and supports in play."),
        Region("hand", "Hand", "hand:{p}", layout="fan"),
        Region("deck", "Deck", "deck:{p}", layout="count", band="piles", hint="An empty deck loses the game (CC-1.5)."),
        Region("discard", "Discard", "discard:{p}", layout="pile", band="piles"),
        Region("won", "Stories won", "won:{p}", layout="row", band="piles", brief=True),
        Region("resolving", "Being played", "resolving", seat="none", layout="row"),
        Region("story_deck", "Story deck", "story_deck", seat="none", layout="count"),
    ),
    seat_counters=(
        Counter("stories won", "info.won.{p}"),
        Counter("needed", "info.threshold.{p}", "Stories needed to win (CC-1.4)"),
    ),
    marks=(
        CardMark("exhausted", style="turned", flag=EXHAUSTED),
        CardMark("face down", style="face_down", flag=FACE_DOWN),
        CardMark("insane", style="dimmed", flag=INSANE),
        CardMark("skill {value}", path="info.characters.{card}.skill", hide_zero=False),
        CardMark("wounds {value}", path="info.characters.{card}.wounds"),
    ),
    face=CardFace(title="title", corner="cost", subtitle=("faction", "type"), stats=("skill", "icons", "keywords"),
                  text="text", colour="faction",
                  list_labels={"icons": ("terror", "combat", "arcane", "investigation"),
                               "struggles": ("terror", "combat", "arcane", "investigation")}),
    targets=(
        Target("card", card=True),
        Target("story", region="story", own_side=False),
        Target("domain", region="domain"),
    ),
    sentences={
        "drew": "{player} drew {title}",
        "played": "{player} played {title} (cost {cost})",
        "declared": "{player} declares {title}",
        "resource_attached": "{player} placed {title} as a resource in domain {domain}",
        "drained": "{player} drained domain {domain}",
        "struggle": "{type} struggle at story {slot}",
        "determine_success": "skill at story {slot}: attacker {attacker}, defender {defender}",
        "success_token": "{player} has {tokens} success tokens at story {slot}",
        "story_won": "{player} won {title} ({won} won)",
        "story_revealed": "{title} is revealed in story slot {slot}",
        "insane": "{title} goes insane",
        "restored": "{title} is restored",
        "wounded": "{title} takes {n} wound(s)",
        "destroyed": "{title} is destroyed",
        "sacrificed": "{title} is sacrificed",
        "action": "{player} uses {title}",
        "reaction": "{player} reacts with {title}",
        "forced": "{title} triggers ({player})",
        "first_player": "{player} goes first",
        "opening_hands": "Each player drew {cards} cards",
        "opening_resources": "Each player chose three opening resources",
        "resources_revealed": "The opening resources are revealed",
        "discarded_from_hand": "{player} discarded {title}",
        "returned_to_hand": "{title} returns to its owner's hand",
        "milled": "{title} is discarded from the top of {player}'s deck",
    },
    pass_kinds=("pass",),
    multi_pick=("opening_resources", "arcane_ready"),
    decision_labels={"use": "Use", "pass": "Pass", "done": "Done", "no_resource": "No resource this turn", "yes": "Yes",
                     "no": "No", "concede": "Concede"},
    phase_path="vars.phase",
    turn_path="vars.turn",
    active_path="vars.active",
    one_based=("slot", "domain", "story", "ability"),
)
