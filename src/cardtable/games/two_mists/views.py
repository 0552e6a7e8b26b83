"""What one seat may know (TM-12), derived from the zones' declared visibility.

Every zone is declared once in ``zones_for``; ``build_view`` shows each through
:func:`cardtable.core.zone_view`, so no screen, bot or server payload decides on its own what to hide.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ...core import Visibility, ZoneSpec, zone_view
from .catalog import CHARACTER_ORDER
from .rules import STEP_NAMES

if TYPE_CHECKING:
    from .rules import MistsState


_ZONE_KEYS: dict[str, tuple[str, int]] = {
    name: (name.split(":")[0], int(name.split(":")[1]) if ":" in name else -1)
    for name in ["centre", "action_pile", "equipment_pile", "action_row", "equipment_row",
                 *(f"{z}:{s}" for z in ("character", "tableau") for s in range(4))]
}


@lru_cache(maxsize=None)
def zones_for(players: int) -> tuple[ZoneSpec, ...]:
    """TM-3 zones with TM-12 visibility."""
    return (
        *(ZoneSpec(f"character:{s}", Visibility.OWNER, s) for s in range(players)),  # TM-12.1
        ZoneSpec("centre", Visibility.HIDDEN),  # TM-12.2
        ZoneSpec("action_pile", Visibility.HIDDEN),
        ZoneSpec("equipment_pile", Visibility.HIDDEN),
        ZoneSpec("action_row", Visibility.PUBLIC),  # TM-12.3
        ZoneSpec("equipment_row", Visibility.PUBLIC),
        *(ZoneSpec(f"tableau:{s}", Visibility.PUBLIC) for s in range(players)),
    )


def _zone_contents(state: "MistsState", spec: ZoneSpec) -> tuple[list[Any], Any, Any]:
    """(cards, is-revealed predicate or None for never, how to show a card) for a zone.

    The generic route through :func:`zone_view`; ``build_view`` takes a faster path that a test
    proves equal to this one for every zone, seat and position.
    """
    kind, seat = _ZONE_KEYS[spec.name]
    if kind == "character":
        return [state.chars[seat]], (lambda _: state.revealed[seat]), _show_character
    if kind == "centre":
        return [state.centre], (lambda _: state.centre_revealed), _show_character
    show = state.acts.show_card
    if kind == "action_pile":
        return state.apile, None, show
    if kind == "equipment_pile":
        return state.epile, None, show
    if kind == "action_row":
        return [None if i < 0 else i for i in state.row[:3]], None, show
    if kind == "equipment_row":
        return [None if i < 0 else i for i in state.row[3:]], None, show
    return state.tableau[seat], None, show


def generic_zone_views(state: "MistsState", seat: int | None) -> dict[str, dict[str, Any]]:
    """Every zone as :func:`zone_view` shows it to ``seat`` (the reference for ``build_view``)."""
    out = {}
    for spec in zones_for(state.players):
        cards, revealed, show = _zone_contents(state, spec)
        out[spec.name] = zone_view(spec, cards, seat, revealed, show)
    return out


def _show_character(c: int) -> str:
    return CHARACTER_ORDER[c]


@lru_cache(maxsize=None)
def _plan(players: int, seat: int | None) -> tuple[tuple[str, str, int, bool], ...]:
    """Per declared zone: (name, kind, seat it belongs to, visible to ``seat`` by declaration)."""
    return tuple((spec.name, *_ZONE_KEYS[spec.name], spec.visible_to(seat)) for spec in zones_for(players))


def _zones(state: "MistsState", seat: int | None) -> tuple[dict[str, Any], list[str | None]]:
    """The zones as ``seat`` sees them, and each seat's character where it is visible.

    Hot path (bots, RL observations): the visibility comes from the declarations via ``_plan``;
    only the per-card reveals are read from the state. Same output as ``generic_zone_views``.
    """
    show = state.acts.show_card
    zones: dict[str, Any] = {}
    chars: list[str | None] = [None] * state.players
    for name, kind, owner, visible in _plan(state.players, seat):
        if kind == "character":
            c = CHARACTER_ORDER[state.chars[owner]] if visible or state.revealed[owner] else None
            chars[owner] = c
            zones[name] = {"count": 1, "cards": [c]}
        elif kind == "tableau":
            tab = state.tableau[owner]
            zones[name] = {"count": len(tab), "cards": [show(i) for i in tab]}
        elif kind == "action_row" or kind == "equipment_row":
            slots = state.row[:3] if kind == "action_row" else state.row[3:]
            zones[name] = {"count": len(slots), "cards": [None if i < 0 else show(i) for i in slots]}
        elif kind == "centre":
            zones[name] = ({"count": 1, "cards": [CHARACTER_ORDER[state.centre]]}
                           if visible or state.centre_revealed else {"count": 1})
        else:  # the piles: HIDDEN and never revealed (TM-12.2)
            pile = state.apile if kind == "action_pile" else state.epile
            zones[name] = {"count": len(pile), "cards": [show(i) for i in pile]} if visible else {"count": len(pile)}
    return zones, chars


def build_view(state: "MistsState", seat: int | None) -> dict[str, Any]:
    """TM-12.7: public state + the seat's own character and its own pending pointing choice."""
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < state.players):
        raise ValueError(f"no seat {seat!r} at a {state.players}-player table")
    zones, chars = _zones(state, seat)
    cat = state.cat
    decision = state.decision
    ids = state.acts.def_ids
    poison = state.acts.poison_bits
    seats = [{
        "seat": s,
        "life": state.life[s],
        "character": chars[s],
        "revealed": state.revealed[s],
        "intimidated": state.intimidated[s],
        "holy_poison": bool(state.equip[s] & poison),
        "weapons": state.weapons[s],
        "taken": [ids[d] for d in state.taken[s]],
    } for s in range(state.players)]
    resolving = None
    if state.card >= 0:
        resolving = {"instance": state.card, "card": cat.card_id(state.card), "taker": state.current, "step": state.pc}
    pointing = None
    if state.pointer >= 0:
        pointing = {
            "pointer": state.pointer,
            "pointed": [s for s, t in enumerate(state.pointing) if t >= 0],
            "mine": (state.point_name(state.pointing[seat])
                     if seat is not None and state.pointing[seat] >= 0 else None),
        }
    outcome = state.outcome
    return {
        "game": "two-mists",
        "seat": seat,
        "players": state.players,
        "turn": state.turn,
        "turn_cap": state.turn_cap,
        "current": state.current,
        "start_player": state.start,
        "to_act": state.to_act,
        "step": _step_name(state),
        "restricted": state.restricted,
        "extra_actions": state.extra,
        "you": None if seat is None else {"seat": seat, "character": chars[seat]},
        "seats": seats,
        "zones": zones,
        "resolving": resolving,
        "pointing": pointing,
        "decision": decision.to_dict() if decision is not None and decision.player == seat else None,
        "outcome": outcome.to_dict() if outcome is not None else None,
    }


def _step_name(state: "MistsState") -> str:
    return STEP_NAMES[state.step]
