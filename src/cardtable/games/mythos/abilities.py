"""Activated abilities (MY-5.6c, MY-5.7, MY-6.5.3, MY-9.2, MY-12.2): who has them, when they may be
used, paying their costs and carrying them out.

Sources are the face-up cards a player controls in the Ally, Item, Event and God areas (attachments
included) and his investigator side (MY-6.2.1). A face-down card has no effects (MY-3.3), so an
exhausted card cannot be used again until END_OF_ROUND turns it face up. In card play an ability with
a ``turn`` cost is the turn (a turn action); one without is a free action: the turn goes on, and the
pass count is untouched (MY-5.7). In the battle use step a ``turn`` cost is not paid (MY-9.2).
Limits: ``once_per_turn`` (D09; in battle, once per use step) and ``once_per_round``.
"""

from __future__ import annotations

from typing import Any

from ...core import Action, IllegalActionError, shared_action
from ...engine import FACE_DOWN, mark_used
from .costs import refusal as cost_refusal
from .play import bury as bury_card, run_primitives, until_of
from .requirements import holds
from .rules import COST, Batch, lose
from .schema import Ability, SanityCost
from .state import DISCARD, FIELD_OF, INV, MyState

TURN_SCOPE = "end_of_turn"
ROUND_SCOPE = "end_of_round"


def abilities_of(st: MyState, i: int) -> tuple[Ability, ...]:
    d = st.card(i)
    if d.type == "investigator":
        side = st.investigator(st.table.owner[i])
        return tuple(side.abilities) if side else ()
    return d.abilities


def sources(st: MyState, p: int) -> list[int]:
    return [i for i, _abilities in _sources(st, p)]


def _sources(st: MyState, p: int) -> list[tuple[int, tuple[Ability, ...]]]:
    """``sources`` with each card's ``abilities_of`` (read as the card is found: the listing asks both, and
    an investigator's abilities take a look-up of its side)."""
    t = st.table
    defs, defn, flags, zones, zone_ids = st.pool.defs, t.defn, t.flags, t.zones, t.zone_ids  # (``st.card``, inlined)
    out: list[tuple[int, tuple[Ability, ...]]] = []
    for z in FIELD_OF[p]:
        cards = zones[zone_ids[z]]
        if cards:  # (a seat's field zones are mostly empty: a card or so in all four)
            for i in cards:
                abilities = defs[defn[i]].abilities  # ``abilities_of``: no investigator lies there
                if abilities and not flags[i] & FACE_DOWN:
                    out.append((i, abilities))
    side = st.investigator(p)
    if side is not None and side.abilities:
        # the investigator card, whose abilities are its chosen side's (MY-6.2.1; ``abilities_of``)
        out += [(i, tuple(side.abilities)) for i in t.cards(INV[p])]
    if st.lasting and any(e[0] == "negate_effects" for e in st.lasting):
        from .primitives import negated

        out = [(i, a) for i, a in out if not negated(st, i)]  # MY-12.5 NEGATE_EFFECTS
    return out


def sanity_cost(ab: Ability) -> int:
    return sum(c.sanity for c in ab.costs if isinstance(c, SanityCost))


def takes_turn(ab: Ability) -> bool:
    return "turn" in ab.costs


def scope(ab: Ability) -> str:
    return ROUND_SCOPE if ab.limit == "once_per_round" else TURN_SCOPE


def refusal(st: MyState, p: int, card: Any, k: Any, window: str, source: bool = False) -> tuple[str, str] | None:
    """Why ability ``k`` of ``card`` cannot be used by ``p`` now (``window``: card_play / battle).
    ``source``: the caller took ``card`` from ``sources(st, p)`` (not looked up again)."""
    t = st.table
    if not source and (type(card) is not int or type(k) is not int or not 0 <= card < len(t)
                       or card not in sources(st, p)):
        return "MY-12.2", "only a face-up card of yours in play (or your investigator) has abilities to use"
    return _refusal(st, p, card, k, abilities_of(st, card), window)


def _refusal(st: MyState, p: int, card: int, k: Any, abilities: tuple[Ability, ...],
             window: str) -> tuple[str, str] | None:
    """``refusal`` of a card of ``p``'s (a source), its abilities read by the caller."""
    if not 0 <= k < len(abilities):
        return "MY-12.2", "that card has no such ability"
    ab = abilities[k]
    printed = _printed(ab)
    if window not in printed[1]:
        return "MY-12.7", f"{ab.name} cannot be used in {window.replace('_', ' ')}"
    if (card, k, printed[2]) in st.used:  # ``is_used``
        return "MY-5.7", f"{ab.name} was already used ({ab.limit.replace('_', ' ')})"
    if st.sanity(p) < printed[3]:
        return "MY-12.2", f"{ab.name} costs {printed[3]} Sanity"
    if ab.condition is not None and not holds(st, p, ab.condition):
        return "MY-12.2", f"{ab.name}: its condition is not met"
    return cost_refusal(st, p, card, ab) if printed[4] else None  # no choice cost: nothing to find


_PRINTED: dict[int, tuple[Ability, frozenset[str], str, int, bool]] = {}


def _printed(ab: Ability) -> tuple[Ability, frozenset[str], str, int, bool]:
    """What ``refusal`` reads of the ability itself: windows, limit scope, Sanity cost, whether it has
    choice costs (kept per ability object: every turn asks them of every ability in play)."""
    got = _PRINTED.get(id(ab))
    if got is None or got[0] is not ab:
        from .costs import choice_costs

        got = _PRINTED[id(ab)] = (ab, frozenset(windows(ab)), scope(ab), sanity_cost(ab), bool(choice_costs(ab)))
    return got


def windows(ab: Ability) -> set[str]:
    """MY-12.7: when an ability may be used; ``fast`` means during its controller's own card-play turn."""
    out: set[str] = set(ab.timing)
    if "fast" in out:
        out.add("card_play")
    return out


_ACTIVATIONS: dict[tuple[int, int, int], Action] = {}  # (seat, card, ability) -> its ``activate`` action


def options(st: MyState, p: int, window: str) -> list[Action]:
    out = []
    get = _ACTIVATIONS.get
    for i, abilities in _sources(st, p):  # each card's abilities read once for all of them
        for k in range(len(abilities)):
            if _refusal(st, p, i, k, abilities, window) is None:
                action = get((p, i, k))
                if action is None:
                    if len(_ACTIVATIONS) >= 1 << 14:
                        _ACTIVATIONS.clear()
                    action = _ACTIVATIONS[(p, i, k)] = shared_action(p, "activate", (("ability", k), ("card", i)))
                out.append(action)
    return out


def is_free(st: MyState, action: Action) -> bool:
    """A card-play activation without a turn cost (MY-5.7)."""
    card, k = action.get("card"), action.get("ability")
    assert isinstance(card, int) and isinstance(k, int)
    return not takes_turn(abilities_of(st, card)[k])


def activate(st: MyState, p: int, card: int, k: int, batch: Batch, discard: tuple[int, ...] = (),
             buried: tuple[int, ...] = (), reveal: tuple[int, ...] = ()) -> None:
    """Pay the costs (a turn cost is the turn itself, or nothing in battle; the chosen cards of the
    choice costs, ``costs.py``), then carry out the primitives; costs and effect are one atomic effect
    (MY-1.3a ii)."""
    t = st.table
    ab = abilities_of(st, card)[k]
    mark_used(st, card, k, scope(ab))
    st.note("activated", {"player": p, "card": card, "ability": ab.name})
    if sanity_cost(ab):
        lose(batch, p, sanity_cost(ab), card, COST)  # MY-12.2 SANITY(n): the card's cost
    for i in reveal:  # MY-12.2 REVEAL: shown to every player, it stays in hand
        t.reveal_to_all(i)
        st.note("revealed", {"player": p, "card": i})
    for i in discard:  # MY-12.2 DISCARD_FROM_HAND
        st.move_card(i, DISCARD[p])
        st.note("discarded", {"player": p, "card": i})
    for i in buried:  # MY-12.2 BURY(filter)
        st.note("buried_for_cost", {"player": p, "card": i})
        bury_card(st, i)
    if "exhaust_self" in ab.costs:
        t.reveal_to_all(card)
        t.set_flag(card, FACE_DOWN)
    if "bury_self" in ab.costs:
        bury_card(st, card)
    elif "discard_self" in ab.costs:
        st.move_card(card, DISCARD[p])
    run_primitives(st, p, tuple(ab.do), batch, until_of(ab), card)


def explain(st: MyState, p: int, action: Action, window: str) -> IllegalActionError:
    why = refusal(st, p, action.get("card"), action.get("ability"), window)
    return IllegalActionError(*why) if why else IllegalActionError("MY-12.2", f"{action}: not usable now")
