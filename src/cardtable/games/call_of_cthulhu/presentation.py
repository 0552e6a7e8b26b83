"""How the Call of Cthulhu table is drawn: the declaration the shared card-table renderers read.

Each side has its three domains (resources attached, drained or not), its cards in play, hand,
deck, discard pile and won stories; between the sides the story row, where each story shows both
seats' success tokens and the characters committed to it (CC-8). Everything is read from the view,
so the renderers show exactly what the seat may know.
"""

from __future__ import annotations

from typing import Any

from ...engine import EXHAUSTED, FACE_DOWN
from ...engine.presentation import (
    CardFace, CardMark, Counter, Gather, Presentation, Region, Target,
)
from .state import INSANE

ROLE_WORDS = {"attack": "attacking", "defend": "defending", "effect": "by an effect"}


def _derive(kind: str, f: dict[str, Any]) -> dict[str, Any]:
    """Words from an event's own fields: struggle icons, the success outcome, a moved wound's cards."""
    if kind == "struggle":
        out: dict[str, Any] = {"icon_word": "icon" if f.get("strength") == 1 else "icons",
                               "type": str(f.get("type", "")).capitalize()}
        if f.get("winner") is None and f.get("strength") == 0:
            out["strength"] = None  # no icons on either side: the plain sentence
            out["none_words"] = "no icons on either side"
        return out
    if kind == "determine_success":
        a, d = f.get("attacker", 0), f.get("defender", 0)
        if not (isinstance(a, int) and isinstance(d, int)) or a < 1 or a <= d:
            return {"success_words": "the attack does not succeed"}
        return {"success_words": "the attack succeeds, unchallenged (two success tokens)" if d == 0
                else "the attack succeeds (a success token)"}
    if kind == "wound_moved":
        return {"source": f.get("from"), "target": f.get("to")}
    if kind == "committed":
        return {"role_words": ROLE_WORDS.get(str(f.get("role")), "")}
    return {}


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
                  text="text", colour="faction", short={"skill": "skill"},
                  palette={"agency": "light_blue", "miskatonic": "orange", "syndicate": "brown", "cthulhu": "green",
                           "hastur": "yellow", "yog_sothoth": "purple", "shub_niggurath": "red",
                           "neutral": "grey"},  # CC-11.1's colours
                  names={"agency": "The Agency", "miskatonic": "Miskatonic University", "syndicate": "The Syndicate",
                         "cthulhu": "Cthulhu", "hastur": "Hastur", "yog_sothoth": "Yog-Sothoth",
                         "shub_niggurath": "Shub-Niggurath", "neutral": "neutral"},  # CC-11.1's names
                  list_labels={"icons": ("terror", "combat", "arcane", "investigation"),
                               "struggles": ("terror", "combat", "arcane", "investigation")}),
    targets=(
        Target("card", card=True),
        Target("story", region="story", own_side=False),
        Target("domain", region="domain"),
    ),
    sentences={
        "turn": "Turn {turn}: {player:is} the active player",
        "first_player": "{player:goes} first",
        "opening_hands": "Each player draws {cards} cards",
        "opening_resources": "Each player chooses three cards from hand as opening resources, face down",
        "resources_revealed": "The opening resources are revealed",
        "drew": ("{player:draws} {title}", "{player:draws} a card"),
        "played": ("{player:plays} {title} (cost {cost})", "{player:plays} {title}"),
        "declared": "{player:declares} {title}",
        "resource_attached": ("{player:puts} {title} into domain {domain} as a resource",
                              "{player:puts} a card into domain {domain} as a resource"),
        "transient_discarded": "{player's} transient resource {title} in domain {domain} is discarded",
        "resource_removed": "{title} leaves its domain (to the {to})",
        "drained": "{player:drains} domain {domain}",
        "committed": ("{player:commits} {title} to story {slot} ({role_words})", "{player:commits} {title} to story {slot}"),
        "struggle": ("{winner:wins} the {type} struggle at story {slot} ({strength} {icon_word} to {against})",
                     "{winner:wins} the {type} struggle at story {slot} ({strength} {icon_word})",
                     "No one wins the {type} struggle at story {slot} (a tie at {strength} {icon_word})",
                     "No one wins the {type} struggle at story {slot} ({none_words})",
                     "No one wins the {type} struggle at story {slot}"),
        "determine_success": "Determine success at story {slot}: attacking skill {attacker} against defending skill "
                             "{defender}; {success_words}",
        "success_token": "{player:gains} a success token at story {slot} ({tokens} there now)",
        "success_removed": "{player:loses} {n:success token} at story {slot}",
        "success_moved": "{player's} {n:success token} move from story {from} to story {to}",
        "story_won": "{player:wins} the story {title} ({won:story} won)",
        "story_revealed": "{title} is revealed in story slot {slot}",
        "story_swapped": "{title} goes to the bottom of the story deck (story slot {slot})",
        "win_effect_no_target": "The story {story} has no target for its effect",
        "insane": "{title} goes insane",
        "restored": "{title} is restored",
        "wounded": "{title} takes {n:wound}",
        "healed": "{title} is healed of {n:wound}",
        "wound_moved": "{n:wound} moves from {source} to {target}",
        "destroyed": ("{title} is destroyed ({attachments} discarded with it)", "{title} is destroyed"),
        "sacrificed": ("{title} is sacrificed ({attachments} discarded with it)", "{title} is sacrificed"),
        "discarded_from_play": ("{title} is discarded from play ({attachments} with it)", "{title} is discarded from play"),
        "returned_to_hand": ("{title} returns to its owner's hand ({attachments} discarded)",
                             "{title} returns to its owner's hand"),
        "shuffled_into_deck": ("{title} is shuffled into its owner's deck ({attachments} discarded)",
                               "{title} is shuffled into its owner's deck"),
        "put_on_deck": ("{title} is put on its owner's deck ({attachments} discarded)", "{title} is put on its owner's deck"),
        "attached_as_resource": ("{title} leaves play to become a resource ({attachments} discarded)",
                                 "{title} leaves play to become a resource"),
        "returned_from_discard": "{title} returns from the discard pile (to {to})",
        "control_changed": "{player:takes} control of {title}",
        "counter": "{title}'s {name} counters: {value} now",
        "action": "{player:uses} an action of {title}",
        "reaction": "{player:reacts} with {title}",
        "forced": "{title}'s forced effect triggers for {player}",
        "interrupt": "{player:interrupts} with {title}",
        "win_effect": "{player:resolves} the effect of the story {title}",
        "ability": "{player:uses} {title}",
        "discarded_from_hand": ("{player:discards} {title} from hand", "{player:discards} {n:card} from hand"),
        "milled": ("{title} is discarded from the top of {player's} deck", "{player:discards} the top {n:card} of the deck"),
        "deck_searched": "{player:searches} {deck's} deck",
        "found": "{player:finds} {title} and puts it into {to}",
        "looked_at_top": "{player:looks} at the top {n:card} of {deck's} deck",
        "revealed": "{titles} are revealed",
        "conceded": "{player:concedes}",
    },
    groups={
        "drew": ("{player:draws} {title}", "{player:draws} {count:card}"),
        "success_token": "{player:gains} {count:success token} at story {slot} ({tokens} there now)",
        "struggle": ("{winner:wins} {count} {type} struggles at story {slot} ({strength} {icon_word} to {against} each)",
                     "{winner:wins} {count} {type} struggles at story {slot} ({strength} {icon_word} each)",
                     "No one wins {count} {type} struggles at story {slot} (a tie at {strength} {icon_word} each)",
                     "No one wins {count} {type} struggles at story {slot} ({none_words})"),
        "milled": "{title} are discarded from the top of {player's} deck",
        "committed": ("{player:commits} {title} to story {slot} ({role_words})", "{player:commits} {title}"),
    },
    derive=_derive,
    pass_kinds=("pass",),
    multi_pick=("opening_resources", "arcane_ready"),
    play_from_hand={"window:*": "play"},
    decision_labels={"use": "Use", "pass": "Pass", "done": "Done", "no_resource": "No resource this turn", "yes": "Yes",
                     "no": "No", "concede": "Concede"},
    phase_path="vars.phase",
    turn_path="vars.turn",
    active_path="vars.active",
    one_based=("slot", "domain", "story", "ability", "from", "to"),
    seat_fields=("player", "winner", "deck"),
    running=("tokens",),
    card_fields=("card", "source", "target"),
)
