"""The heuristic bot's policy for Call of Cthulhu: ``choose_action(view, decision, rng)``.

It reads only what a seat's view holds. The plan, in order of what wins games: build resources early
so characters can be paid for (and keep a resource of each faction the hand needs), put the largest
affordable characters into play, attack the story that is closest to being won with everything that
is ready, and hold characters back to defend when the opponent is close to winning a story; lose
the cheapest character to Terror and Combat.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from ...core import Action, Decision, Rng
from ...engine.cardgame import active
from . import GAME
from .tactics import (
    answer_has_subject, event_worth_playing, hand_answer, mending_action, pick_domain, pick_story, pick_target,
)


def _defs() -> Any:
    """The definitions of the game as this process plays it (with any custom sets it loaded)."""
    return active(GAME).defs


def _card(view: Mapping[str, Any], i: Any) -> Any:
    c = view["cards"].get(str(i))
    if c is None or c["defn"] is None:
        return None
    return _defs()[c["defn"]]


def _value(view: Mapping[str, Any], i: Any) -> float:
    """How much a card is worth keeping in play or in hand (cost and stats, roughly)."""
    d = _card(view, i)
    if d is None:
        return 0.0
    return d.cost + d.skill + 0.5 * sum(d.icons) + (1.0 if d.type == "character" else 0.0)


def choose_action(view: Mapping[str, Any], decision: Decision, rng: Rng) -> Action:
    options = decision.options
    kind = decision.kind
    me = decision.player
    by_kind: dict[str, list[Action]] = {}
    for o in options:
        by_kind.setdefault(o.kind, []).append(o)

    if kind == "opening_resources" or kind == "resource":
        return _resource_choice(view, decision, by_kind)
    if kind.startswith("window:"):
        answer = hand_answer(view, decision, _card) or mending_action(view, decision, _card)
        if answer is not None:
            return answer
        plays = [o for o in by_kind.get("play", []) if _card(view, o.get("card")).type != "event"
                 or event_worth_playing(view, me, o.get("card"), _card, _value, kind)]
        if plays:
            return max(plays, key=lambda o: (_card(view, o.get("card")).type == "character", _value(view, o.get("card"))))
        return by_kind["pass"][0]
    if kind == "pay":
        return _pay(view, decision)
    if kind == "commit_attack":
        return _attack(view, decision, by_kind)
    if kind == "commit_defend":
        return _defend(view, decision, by_kind)
    if kind == "combat_victim":
        picks = by_kind.get("pick", [])
        return min(picks, key=lambda o: (not _survives_wound(view, o.get("card")), _value(view, o.get("card")))) \
            if picks else options[0]
    if kind == "terror_victim":
        picks = by_kind.get("pick", [])
        return min(picks, key=lambda o: _value(view, o.get("card"))) if picks else options[0]
    if kind in ("arcane_ready", "restore", "attach_host"):
        picks = by_kind.get("pick", [])
        if picks:
            return max(picks, key=lambda o: _value(view, o.get("card")))
    if kind == "next_story":
        return options[0]
    if kind == "target_story":
        story = pick_story(view, decision, _card)
        if story is not None:
            return story
    if kind == "target_domain":
        domain = pick_domain(view, decision)
        if domain is not None:
            return domain
    if kind.startswith(("target_card", "cost_", "hidden_pick")):
        target = pick_target(view, decision, _value)
        if target is not None:
            return target
    return options[rng.below(len(options))] if kind not in ("yesno",) else by_kind.get("yes", options)[0]


def _survives_wound(view: Mapping[str, Any], i: Any) -> bool:
    """Whether a character takes one more wound and stays in play (Toughness, CC-3.14): the Combat
    wound goes there first, so no card is lost (and a wounded character feeds Triage Under Fire)."""
    info = view["info"]["characters"].get(str(i))
    return info is not None and int(info["durability"]) - int(info["wounds"]) > 1


def _resource_choice(view: Mapping[str, Any], decision: Decision, by_kind: dict[str, list[Action]]) -> Action:
    me = decision.player
    hand = [e for e in view["zones"][f"hand:{me}"] if e is not None]
    factions = Counter(_card(view, i).faction for i in hand if _card(view, i) is not None)
    if decision.kind == "resource":
        sizes = _domain_sizes(view, me)
        goal = _goal(view, me, hand)
        if (sum(sizes) >= 9 and goal is None) or sum(sizes) >= MAX_RESOURCES or len(hand) <= 2:
            return by_kind["no_resource"][0]
        picks = by_kind["resource"]
        cands = {o.get("card") for o in picks} - {goal}
        if not cands:
            return by_kind["no_resource"][0]
        card = min(cands, key=lambda i: _keep_score(view, i, factions, goal))
        domain = _resource_domain(view, me, card, goal)
        return next(o for o in picks if o.get("card") == card and o.get("domain") == domain)
    picks = by_kind.get("pick", [])
    if not picks:
        return by_kind["done"][0]
    return min(picks, key=lambda o: _keep_score(view, o.get("card"), factions, None))


MAX_RESOURCES = 11  # resources past nine only while they build a domain up to a card in hand
BIG = 4  # a card costing this much or more needs a domain built for it (spread evenly, domains hold three)
SOON = 3  # a card costing this much is kept rather than resourced once a domain can nearly pay for it
KEEP_SOON = 3.5  # keep-score bonus of such a card
KEEP_CHEAP_SUPPORT = 2.0  # ... of a support costing 2 or less
GOAL_FACTION = 2.0  # keep-score malus of a card of the goal's faction (twice that for a Loyal goal)
REACH = 4  # ... and is kept for one while the tallest domain is at most this many resources short of it


def _domain_sizes(view: Mapping[str, Any], p: int) -> list[int]:
    return [len(view["zones"][f"res:{p}:{d}"]) for d in range(3)]


def _faction_cards(view: Mapping[str, Any], p: int, d: int, faction: str) -> int:
    return sum(1 for r in view["zones"][f"res:{p}:{d}"] if faction in getattr(_card(view, r), "resource_icons", ()))


def _goal(view: Mapping[str, Any], p: int, hand: list[Any]) -> Any:
    """The expensive card in hand the resources are built towards, or None.

    Spread evenly, three domains never hold more than three resources each, so a card costing four or
    more (and a Loyal one, which needs that many resources of its faction in one domain, CC-6.7) is
    never paid for: it would only ever be a resource. The best such card within reach of the tallest
    domain is kept, and resources of its faction go to the domain that holds most of them."""
    best, best_key = None, None
    for i in hand:
        d = _card(view, i)
        if d is None or d.cost < BIG:
            continue
        tall = max(_faction_cards(view, p, dom, d.faction) if d.loyal else len(view["zones"][f"res:{p}:{dom}"])
                   for dom in range(3))
        if d.cost - tall > REACH or d.cost <= tall:
            continue
        key = (d.type == "character", _value(view, i), -d.cost)
        if best_key is None or key > best_key:
            best, best_key = i, key
    return best


def _resource_domain(view: Mapping[str, Any], p: int, card: Any, goal: Any) -> int:
    """The domain a new resource goes to: the goal's domain when it brings the goal closer, else the smallest."""
    sizes = _domain_sizes(view, p)
    smallest = min(range(3), key=lambda d: (sizes[d], d))
    g = _card(view, goal) if goal is not None else None
    if g is None:
        return smallest
    faction = g.faction
    target = max(range(3), key=lambda d: (_faction_cards(view, p, d, faction), sizes[d], -d))
    matches = faction in getattr(_card(view, card), "resource_icons", ())
    if matches or not g.loyal and _faction_cards(view, p, target, faction) > 0:
        return target
    others = [d for d in range(3) if d != target]
    return min(others, key=lambda d: (sizes[d], d))


def _keep_score(view: Mapping[str, Any], i: Any, factions: Counter[str], goal: Any = None) -> float:
    """Low = a good card to turn into a resource: expensive, or of the hand's main faction (for matching);
    a card of the goal's faction when building a domain for it (the goal itself is never offered), a
    unique card whose title the player already has in play (it cannot be played). High = keep: cheap
    characters and supports, cards the tallest domain can pay for by next turn (CC-6.3), an interrupt whose
    subject is in play (Pulled From the Wreck with an Agency character out)."""
    d = _card(view, i)
    if d is None:
        return 0.0
    me = view["seat"]
    if d.unique and any(getattr(_card(view, c), "title", None) == d.title for c in view["zones"][f"play:{me}"]):
        return -20.0
    cheap_character = d.type == "character" and d.cost <= 2
    cheap_support = d.type == "support" and d.cost <= 2  # it stays in play all game for a small price
    score = (3.0 if cheap_character else KEEP_CHEAP_SUPPORT if cheap_support else 0.0) - d.cost + (0.0 if factions[d.faction] > 1 else 1.0)
    if d.cost >= SOON and d.cost <= max(_domain_sizes(view, me)) + 1:
        score += KEEP_SOON
    if answer_has_subject(view, me, i, _card):
        score += 4.0
    g = _card(view, goal) if goal is not None else None
    if g is not None and g.faction in d.resource_icons:
        score -= GOAL_FACTION * (2.0 if g.loyal else 1.0)
    return score


def _pay(view: Mapping[str, Any], decision: Decision) -> Action:
    """Drain the smallest domain that pays: the tall one is kept for the card it was built for."""
    me = decision.player
    sizes = _domain_sizes(view, me)

    def size(o: Action) -> tuple[int, int]:
        label = str(o.get("label") or "")
        words = label.split()
        if len(words) >= 3 and words[0] == "drain" and words[2].isdigit():
            d = int(words[2]) - 1
            return (sizes[d], d) if 0 <= d < 3 else (99, 0)
        return (99, 0)

    return min(decision.options, key=size)


def _story_tokens(view: Mapping[str, Any], slot: int, p: int) -> int:
    return int(view["vars"]["tokens"][2 * slot + p])


def _skill(view: Mapping[str, Any], i: Any) -> int:
    info = view["info"]["characters"].get(str(i))
    return int(info["skill"]) if info else 0


class _NONE:
    type = ""


def _story(option: Action) -> int:
    story = option.get("story")
    assert isinstance(story, int)
    return story


def _chosen(view: Mapping[str, Any]) -> list[tuple[int, int]]:
    """The (character, story) pairs declared so far in the commit being made (public, on the stack)."""
    flat = view["stack"][-1]["args"].get("chosen", [])
    return [(flat[k], flat[k + 1]) for k in range(0, len(flat), 2)]


def _ready_characters(view: Mapping[str, Any], p: int) -> list[int]:
    out = []
    for e in view["zones"][f"play:{p}"]:
        c = view["cards"][str(e)]
        d = _card(view, e)
        if d is not None and d.type == "character" and not c["flags"] & (1 | 4) and str(e) in view["info"]["characters"] \
                and view["info"]["characters"][str(e)]["story"] is None:
            out.append(e)
    return out


def _committed_skill(view: Mapping[str, Any], slot: int, p: int) -> int:
    total = 0
    for e in view["zones"][f"play:{p}"]:
        info = view["info"]["characters"].get(str(e))
        if info is not None and info["story"] == slot:
            total += int(info["skill"])
    return total


def _attack(view: Mapping[str, Any], decision: Decision, by_kind: dict[str, list[Action]]) -> Action:
    """Attack the story nearest to being won with everything; spread when nobody can defend."""
    me = decision.player
    commits = [o for o in by_kind.get("commit", []) if _skill(view, o.get("card")) > 0]
    if not commits:
        return by_kind["done"][0]
    chosen = _chosen(view)
    slots = sorted({_story(o) for o in commits})
    used = {s for _c, s in chosen}
    if not _ready_characters(view, 1 - me):  # unchallenged: every story with a character gains two tokens
        fresh = [s for s in slots if s not in used] or slots
        target = max(fresh, key=lambda s: (_story_tokens(view, s, me), -s))
    else:
        ready_now = len({o.get("card") for o in by_kind.get("commit", [])})
        opponents = len([e for e in view["zones"][f"play:{1 - me}"] if (_card(view, e) or _NONE).type == "character"])
        if chosen and opponents >= 2 and len(chosen) >= 2 * (len(chosen) + ready_now) // 3:
            return by_kind["done"][0]  # keep a third back: committed characters cannot defend next turn
        if chosen:
            target = chosen[0][1]
        else:
            target = max(slots, key=lambda s: (_story_tokens(view, s, me), -_story_tokens(view, s, 1 - me)))
    return max((o for o in commits if _story(o) == target), key=lambda o: _skill(view, o.get("card")))


def _defend(view: Mapping[str, Any], decision: Decision, by_kind: dict[str, list[Action]]) -> Action:
    """One defender at every attacked story (it cancels the unchallenged bonus), the rest where it counts."""
    me = decision.player
    commits = by_kind.get("commit", [])
    if not commits:
        return by_kind["done"][0]
    ap = 1 - me
    chosen = _chosen(view)
    defended = {s for _c, s in chosen}
    slots = sorted({_story(o) for o in commits}, key=lambda s: -_story_tokens(view, s, ap))
    open_slots = [s for s in slots if s not in defended]
    if open_slots:
        slot = open_slots[0]
    else:
        mine = {s: sum(_skill(view, c) for c, t in chosen if t == s) for s in slots}
        behind = [s for s in slots if _committed_skill(view, s, ap) >= mine[s]]
        if not behind:
            return by_kind["done"][0]
        slot = behind[0]
    return max((o for o in commits if _story(o) == slot), key=lambda o: _skill(view, o.get("card")))
