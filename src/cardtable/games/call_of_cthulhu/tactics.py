"""The heuristic's judgement of single cards: whether an event is worth playing now, which target an
effect should take, and when to answer with an event from hand.

Why a module of its own: ``strategy`` plans the turn (resources, characters, struggles); this reads a
card's structured ability (``cards/core.yaml``) to see whom it hurts. An event that destroys, drives
insane or sends away a character may have only the player's own characters as legal targets (the
filter names no controller): playing it then would hurt the player, so it waits. A target pick is made
for the effect's sake: a harmful effect takes the opponent's most valuable card, a helpful one the
player's own; a sacrifice or a discard gives up the least valuable. Like the strategy, it reads only
the seat's view and the decision.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from ...core import Action, Decision

# Effect ops that hurt the card they target (a pick takes the opponent's card) ...
HARMFUL = frozenset({
    "destroy", "drive_insane", "wound", "set_skill", "shuffle_into_deck", "discard_from_play", "take_control",
    "return_to_hand", "exhaust", "blank_text", "remove_keyword", "uncommit",
})
# ... and those that take the chooser's own card (a pick gives up the least valuable)
GIVE_UP = frozenset({"sacrifice", "discard_from_hand"})
INSANE_FLAG = 4  # the view's card flag of an insane character (state.INSANE)

CardOf = Callable[[Mapping[str, Any], Any], Any]
ValueOf = Callable[[Mapping[str, Any], Any], float]


def _effect(d: Any) -> Any:
    """The first ability's effect of a card, or None."""
    abilities = getattr(d, "abilities", ())
    return abilities[0].effect if abilities else None


def _approx_match(view: Mapping[str, Any], card_of: CardOf, i: Any, spec: Any) -> bool:
    """Does character or support ``i`` in play look like a target of filter ``spec``? The view shows
    type, cost, skill, keywords and whether it is committed; finer conditions are left to the rules
    (this only guards against an event whose every target is the player's own)."""
    d = card_of(view, i)
    if d is None or (spec.type is not None and d.type != spec.type):
        return False
    info = view["info"]["characters"].get(str(i))
    if spec.committed is not None and (info is None or (info["story"] is not None) != spec.committed):
        return False
    if spec.cost is not None and spec.cost.max is not None and d.cost > spec.cost.max:
        return False
    if spec.skill is not None and spec.skill.max is not None and (info is None or info["skill"] > spec.skill.max):
        return False
    if spec.lacks_keyword is not None and info is not None and spec.lacks_keyword in info["keywords"]:
        return False
    if spec.state == "insane" and not view["cards"][str(i)]["flags"] & INSANE_FLAG:
        return False
    return True


def _in_play(view: Mapping[str, Any], p: int) -> list[Any]:
    return [e for e in view["zones"][f"play:{p}"] if e is not None]


def event_worth_playing(view: Mapping[str, Any], me: int, i: Any, card_of: CardOf, value_of: ValueOf,
                        window: str = "") -> bool:
    """Whether event ``i`` helps now (False only for a scored reason: it would be wasted or hurt the player).

    * "each character that ..." (The Tide Swallows the Pier): only when the opponent loses more
      (card value) than the player;
    * a harmful effect on a chosen card whose filter names no controller: only when an opponent's
      card could be the target (else the rules would make the player pick his own);
    * draining a domain (Protection Racket): only in the opponent's turn before his operations — a
      domain drained in the player's own turn refreshes before the opponent can miss it (CC-5.10);
    * "if you control N ..." (Cooked Books): only when the condition holds, else it does nothing;
    * a story-phase trick on the struggles (Pull of the Deep, Crushing Surge): only once the
      defenders are declared (``window`` is the decision's kind) and some story gains from it.
    """
    d = card_of(view, i)
    eff = _effect(d)
    if eff is None:
        return True
    if eff.op == "drain_domain":
        return view["vars"]["active"] != me and view["vars"]["phase"] in ("refresh", "draw", "resource")
    if eff.op == "if" and not _condition_holds(view, me, eff.condition, card_of):
        return False
    if eff.op in STORY_TRICKS:
        if window != "window:defend":
            return False
        return max((story_gain(view, me, slot, eff) for slot in range(3)), default=0) > 0
    if eff.op == "for_each" and getattr(eff.effect, "op", "") in HARMFUL:
        spec = eff.filter
        if spec.controller is not None:
            return True
        lost = [sum(value_of(view, c) for c in _in_play(view, p) if _approx_match(view, card_of, c, spec)) for p in (0, 1)]
        return lost[1 - me] > lost[me]
    spec = getattr(eff, "target", None)
    if eff.op in HARMFUL and spec is not None and not isinstance(spec, str) and spec.controller is None:
        return any(_approx_match(view, card_of, c, spec) for c in _in_play(view, 1 - me))
    return True


# story effects judged by the icons committed there: op -> (icon read, whose icons help the player)
STORY_TRICKS = frozenset({"count_icons_as", "remove_struggles"})
ICON = {"terror": 0, "combat": 1, "arcane": 2, "investigation": 3}  # the order of a view's ``icons``


def _committed_icons(view: Mapping[str, Any], p: int, slot: int, icon: int) -> int:
    total = 0
    for c in _in_play(view, p):
        info = view["info"]["characters"].get(str(c))
        if info is not None and info["story"] == slot and not view["cards"][str(c)]["flags"] & INSANE_FLAG:
            total += int(info["icons"][icon])
    return total


def story_gain(view: Mapping[str, Any], me: int, slot: int, eff: Any) -> int:
    """How much a story trick at the story in ``slot`` helps the player (icons swung his way):
    Terror counted as Combat helps by the player's committed Terror icons less the opponent's; one
    fewer struggle of a type helps by the opponent's committed icons of that type less the player's."""
    if not view["zones"][f"row:{slot}"]:
        return 0
    if eff.op == "count_icons_as":
        icon = ICON.get(eff.type_from, 0)
        return _committed_icons(view, me, slot, icon) - _committed_icons(view, 1 - me, slot, icon)
    if eff.op == "remove_struggles":
        icon = ICON.get(eff.type, 3)
        return _committed_icons(view, 1 - me, slot, icon) - _committed_icons(view, me, slot, icon)
    return 0


def _condition_holds(view: Mapping[str, Any], me: int, cond: Any, card_of: CardOf) -> bool:
    """"If you control N or more ..." read from the view; a condition of another form is left to the rules."""
    value = getattr(cond, "value", None)
    spec = getattr(value, "count", None) if value is not None else None
    need = getattr(cond, "at_least", None)
    if spec is None or need is None or spec.controller != "you":
        return True
    have = 0
    for c in _in_play(view, me):
        d = card_of(view, c)
        if d is not None and (spec.type is None or d.type == spec.type) and (spec.faction is None or d.faction == spec.faction):
            have += 1
    return have >= need


def pick_story(view: Mapping[str, Any], decision: Decision, card_of: CardOf) -> Action | None:
    """The story for the event being played: where its trick swings most icons the player's way, or
    (a success token on his side) the story he is closest to winning. None: not such an event."""
    resolving = [c for c in view["zones"]["resolving"] if c is not None]
    eff = _effect(card_of(view, resolving[-1])) if resolving else None
    picks = [o for o in decision.options if o.kind == "pick"]
    if eff is None or not picks:
        return None
    me = decision.player
    slot_of = {c: s for s in range(3) for c in view["zones"][f"row:{s}"]}
    if eff.op in STORY_TRICKS:
        return max(picks, key=lambda o: story_gain(view, me, slot_of.get(o.get("card"), -1), eff))
    inner = getattr(eff, "effect", None)
    if eff.op == "add_success" or getattr(inner, "op", "") == "add_success":
        tokens = view["vars"]["tokens"]
        return max(picks, key=lambda o: tokens[2 * slot_of.get(o.get("card"), 0) + me])
    return None


def pick_domain(view: Mapping[str, Any], decision: Decision) -> Action | None:
    """A domain to drain (Protection Racket): the opponent's with the most resources."""
    me = decision.player
    best, best_size = None, -1
    for o in decision.options:
        words = str(o.get("label") or "").split()  # "domain 2 of seat 1"
        if len(words) == 5 and words[1].isdigit() and words[4].isdigit() and int(words[4]) != me:
            size = len(view["zones"][f"res:{words[4]}:{int(words[1]) - 1}"])
            if size > best_size:
                best, best_size = o, size
    return best


def _op_of_prompt(prompt: str) -> str:
    """The effect op a target prompt names in its last parentheses ("... (drive insane)")."""
    if prompt.endswith(")") and "(" in prompt:
        return prompt[prompt.rindex("(") + 1:-1].replace(" ", "_")
    return ""


def pick_target(view: Mapping[str, Any], decision: Decision, value_of: ValueOf) -> Action | None:
    """A card target for an effect: the opponent's best for a harmful one, the player's own best
    otherwise; the least valuable for a sacrifice or a discard (cost or effect). None: no card option."""
    me = decision.player
    picks = [o for o in decision.options if o.kind == "pick"]
    if not picks:
        return None
    kind, prompt = decision.kind, decision.prompt or ""
    if kind.startswith("cost_") or "discard" in prompt.lower() or _op_of_prompt(prompt) in GIVE_UP:
        return min(picks, key=lambda o: value_of(view, o.get("card")))
    harmful = _op_of_prompt(prompt) in HARMFUL

    def key(o: Action) -> tuple[bool, float]:
        c = view["cards"].get(str(o.get("card")))
        mine = c is not None and c["ctrl"] == me
        return (mine != harmful, value_of(view, o.get("card")))

    return max(picks, key=key)


def hand_answer(view: Mapping[str, Any], decision: Decision, card_of: CardOf) -> Action | None:
    """An interrupt or reaction event from the player's hand that answers the window's event.

    The pool's answering events (Lost in Carcosa: the opponent's character stays insane; Pulled From
    the Wreck: an Agency character returns to hand instead of being destroyed) only ever help their player, and
    the rules offer them only when they answer; they are used when offered."""
    hand = set(view["zones"][f"hand:{decision.player}"])
    for o in decision.options:
        if o.kind == "use" and o.get("card") in hand and getattr(card_of(view, o.get("card")), "type", "") == "event":
            return o
    return None


def answer_has_subject(view: Mapping[str, Any], me: int, i: Any, card_of: CardOf) -> bool:
    """Whether an interrupt or reaction event in hand has something of the player's to answer for:
    its trigger names the player's cards by subtype or faction ("when an Agency character you control
    would be destroyed") and one is in play. Such an event is kept in hand rather than made a resource."""
    d = card_of(view, i)
    if d is None or d.type != "event" or d.trigger.startswith("action") or not getattr(d, "abilities", ()):
        return False
    spec = getattr(d.abilities[0].trigger, "filter", None)
    if spec is None or isinstance(spec, str) or spec.controller != "you":
        return False
    if spec.subtype is None and spec.faction is None:
        return False

    def subject(c: Any) -> bool:
        card = card_of(view, c)
        return ((spec.subtype is None or spec.subtype in getattr(card, "subtypes", ()))
                and (spec.faction is None or getattr(card, "faction", None) == spec.faction)
                and (spec.type is None or getattr(card, "type", None) == spec.type))

    return any(subject(c) for c in _in_play(view, me))


def mending_action(view: Mapping[str, Any], decision: Decision, card_of: CardOf) -> Action | None:
    """An action of the player's card in play that costs only exhausting it and restores an insane
    character of his (Professor of Dead Tongues): a character back in the struggles for a card that
    does nothing else. Used when it has a subject. (Healing is left alone: a wound kept can be moved
    to the opponent's character by Triage Under Fire.)"""
    me = decision.player
    mine = set(_in_play(view, me))
    if not any(view["cards"][str(c)]["flags"] & INSANE_FLAG for c in mine):
        return None
    for o in decision.options:
        src, index = o.get("card"), o.get("ability")
        if o.kind != "use" or src not in mine or not isinstance(index, int):
            continue
        abilities = getattr(card_of(view, src), "abilities", ())
        if index >= len(abilities):
            continue
        ab = abilities[index]
        if ab.kind != "action" or any(c != "exhaust_self" for c in ab.cost) or ab.effect.op != "restore":
            continue
        spec = getattr(ab.effect, "target", None)
        if spec is not None and not isinstance(spec, str) and spec.controller == "you":
            return o
    return None
