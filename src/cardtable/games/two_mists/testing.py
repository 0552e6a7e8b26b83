"""Scenario builder for Two Mists tests: put the engine in an exact situation, then act on it.

Why: a rule test should state its situation ("the Knight has 2 life and a Grimoire, Reckless is in A2")
instead of searching seeds for one. The builder edits a real ``new_game`` snapshot and loads it with
``GAME.from_dict``, so the state passes through the same restore path as any saved game, and the
helpers act only through the public ``state.apply`` so refusals and logs are exactly what callers see.

    s = scenario(characters=["monster", "knight", "witch", "saint"], centre="fool", life=[7, 7, 2, 7],
                 action_row=["attack", "reckless", "flurry"], tableau={0: ["giants_spear"]})
    take(s, "attack"); target(s, 2)
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from ...core import Action, Event
from . import GAME
from .catalog import CHARACTER_ORDER
from .rules import EMPTY, SLOTS, MistsState

__all__ = ["scenario", "take", "target", "point", "act", "logged"]


class _Cards:
    """Free card instances per definition, handed out in a fixed order (so scenarios are reproducible)."""

    def __init__(self, order: list[int]) -> None:
        self.cat = GAME.catalog
        self.free = list(order)  # bottom ... top, like a pile

    def grab(self, card_id: str, kind: str | None, where: str) -> int:
        """Take a free instance of ``card_id`` (which must be of ``kind``, if given) out of the pool."""
        d = _def_of(card_id, where)
        if kind is not None and self.cat.cards[d].kind != kind:
            raise ValueError(f"{where}: {card_id!r} is {self.cat.cards[d].kind}, not {kind}")
        for inst in reversed(self.free):  # prefer the copy nearest the top
            if self.cat.instances[inst] == d:
                self.free.remove(inst)
                return inst
        raise ValueError(f"{where}: no free copy of {card_id!r} left ({self.cat.cards[d].copies} in the game)")

    def draw(self) -> int:
        return self.free.pop() if self.free else EMPTY


def _def_of(card_id: str, where: str) -> int:
    try:
        return GAME.catalog.def_index(card_id)
    except KeyError:
        known = ", ".join(c.id for c in GAME.catalog.cards)
        raise ValueError(f"{where}: unknown card {card_id!r}; cards are: {known}") from None


def _row(cards: _Cards, wanted: Sequence[str | None] | None, size: int, kind: str, name: str) -> list[int]:
    if wanted is None:
        return [cards.draw() for _ in range(size)]
    if isinstance(wanted, str) or len(wanted) != size:
        raise ValueError(f"{name} must list exactly {size} card ids (None for an empty slot), got {wanted!r}")
    return [EMPTY if c is None else cards.grab(c, kind, f"{name}[{i}]") for i, c in enumerate(wanted)]


def scenario(
    players: int = 4,
    characters: Sequence[str] | None = None,
    centre: str | None = None,
    life: Sequence[int] | None = None,
    action_row: Sequence[str | None] | None = None,
    equipment_row: Sequence[str | None] | None = None,
    tableau: Mapping[int, Sequence[str]] | None = None,
    current: int = 0,
    turn: int = 1,
    intimidated: Sequence[int] = (),
    revealed: Sequence[int] = (),
    action_pile: Sequence[str] | None = None,
    equipment_pile: Sequence[str] | None = None,
    start: int | None = None,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    poison_tick: bool = False,
) -> MistsState:
    """A state at the CHOOSE decision of seat ``current`` with exactly the given public and hidden facts.

    Anything not given comes from ``new_game(seed)``: unnamed row slots are drawn from the rest of that
    deal, and a pile given as ``None`` is the rest in the deal's order (an explicit pile, top last,
    leaves the unnamed cards out of the game). ``intimidated`` seats are restricted on their next turn,
    which for ``current`` is this one. The Holy Poison tick of this turn start is applied only when
    ``poison_tick`` is true. The state has no seed (``record()`` refuses it): it was not dealt.
    """
    base = GAME.new_game(seed=seed, players=players, options=options)
    cat, n = GAME.catalog, players
    pool = cat.characters_for(n)
    names = [CHARACTER_ORDER[c] for c in pool]
    chars = [CHARACTER_ORDER[c] for c in base.chars] if characters is None else list(characters)
    if len(chars) != n or len(set(chars)) != n or any(c not in names for c in chars):
        raise ValueError(f"characters must be {n} different ids out of {names}, got {characters!r}")
    (left,) = [c for c in names if c not in chars]
    if centre is not None and centre != left:
        raise ValueError(f"centre must be the leftover character {left!r}, got {centre!r}")
    life = [7] * n if life is None else list(life)
    if len(life) != n or any(not isinstance(x, int) or isinstance(x, bool) or x < 1 for x in life):
        raise ValueError(f"life must list {n} integers >= 1 (nobody is dead in a running game), got {life!r}")
    for name, seats in (("current", [current]), ("start", [] if start is None else [start]),
                        ("intimidated", intimidated), ("revealed", revealed), ("tableau", list(tableau or {}))):
        if any(not isinstance(x, int) or not 0 <= x < n for x in seats):
            raise ValueError(f"{name}: seats are 0..{n - 1}, got {seats!r}")
    if not isinstance(turn, int) or turn < 1:
        raise ValueError(f"turn must be a positive integer, got {turn!r}")

    # Deal's order with the dealt rows put back on top, so an unconstrained scenario keeps new_game's rows.
    actions = _Cards(base.apile + base.row[2::-1])
    equipment = _Cards(base.epile + base.row[:2:-1])
    tabs: list[list[int]] = [[] for _ in range(n)]
    for seat, ids in sorted((tableau or {}).items()):
        for i, cid in enumerate(ids):
            where = f"tableau[{seat}][{i}]"
            card = cat.cards[_def_of(cid, where)]
            inst = (equipment if card.is_equipment else actions).grab(cid, None, where)
            if chars[seat] in card.forbidden:
                raise ValueError(f"{where}: a {chars[seat]} can never have taken {cid!r} (TM-2.6)")
            if card.is_equipment and any(cat.instances[j] == card.index for j in tabs[seat]):
                raise ValueError(f"{where}: seat {seat} already holds {cid!r} (TM-8.1)")
            tabs[seat].append(inst)
    piles = []
    for cards, wanted, kind in ((actions, action_pile, "action"), (equipment, equipment_pile, "equipment")):
        piles.append(None if wanted is None else [cards.grab(c, kind, f"{kind}_pile[{i}]") for i, c in enumerate(wanted)])
    row = _row(actions, action_row, 3, "action", "action_row") + _row(equipment, equipment_row, 2, "equipment", "equipment_row")
    apile = actions.free if piles[0] is None else piles[0]
    epile = equipment.free if piles[1] is None else piles[1]

    all_chars = sum(1 << c for c in pool)
    d = base.to_dict()
    defs = [[cat.instances[i] for i in t] for t in tabs]
    d.update(
        seed=None, history=[], chars=[CHARACTER_ORDER.index(c) for c in chars], centre=CHARACTER_ORDER.index(left),
        revealed=[s in revealed for s in range(n)], life=life, apile=apile, epile=epile, row=row, tableau=tabs,
        taken=defs, possible=[all_chars & ~_union(cat.cards[x].forbidden_mask for x in t) for t in defs],
        weapons=[sum(cat.cards[x].weapon for x in t) for t in defs],
        equip=[sum(1 << x for x in t if cat.cards[x].is_equipment) for t in defs],
        intimidated=[s in intimidated for s in range(n)], restricted=current in intimidated and not poison_tick,
        turn=turn, current=current, start=current if start is None else start,
    )
    events = [Event("game_started", {"players": n, "start_player": d["start"],
                                     "action_row": [None if i < 0 else cat.card_id(i) for i in row[:3]],
                                     "equipment_row": [None if i < 0 else cat.card_id(i) for i in row[3:]]})]
    events += [Event("character_dealt", {"player": s, "character": chars[s]}, frozenset((s,)), {"player": s})
               for s in range(n)]
    if not poison_tick:
        events.append(Event("turn_started", {"turn": turn, "player": current}))
    d["events"] = [e.to_dict() for e in events]
    state = GAME.from_dict(d)
    if poison_tick:  # let the engine run its own S0 TURN_START (TM-5.3): restriction, poison, decision
        state._begin_turn(current)
    return state


def _union(masks: Iterable[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def act(state: MistsState, kind: str, *, player: int | None = None, **params: Any) -> Action:
    """Apply ``{"player": ..., "kind": kind, **params}`` through the public API; returns the action.

    ``player`` defaults to the seat whose decision it is, so a test names only what it means to test;
    pass it to try a wrong seat (the engine must refuse with CORE-3).
    """
    seat = state.to_act if player is None else player
    action = Action.from_dict({"player": state.current if seat is None else seat, "kind": kind, **params})
    state.apply(action)
    return action


def take(state: MistsState, card: str, *, player: int | None = None) -> Action:
    """Take a row slot (``"A2"``) or the first row slot showing card id ``card`` (``"reckless"``)."""
    if card not in SLOTS:
        ids = [None if i < 0 else state.cat.card_id(i) for i in state.row]
        if card not in ids:
            raise ValueError(f"{card!r} is not in the rows {dict(zip(SLOTS, ids))}")
        card = SLOTS[ids.index(card)]
    return act(state, "take", player=player, slot=card)


def target(state: MistsState, seat: int, *, player: int | None = None) -> Action:
    """Choose ``seat`` for the effect being resolved (damage, heal or Intimidate)."""
    return act(state, "target", player=player, seat=seat)


def point(state: MistsState, at: int | str, *, player: int | None = None) -> Action:
    """Point the seat whose turn it is to point at ``at`` (another seat or ``"centre"``) for Search."""
    return act(state, "point", player=player, at=at)


def logged(state: MistsState, kind: str, seat: int | None = None) -> list[dict[str, Any]]:
    """The entries of kind ``kind`` in ``state.log(seat)`` (``None`` = spectator), without their ``kind``."""
    return [{k: v for k, v in e.items() if k != "kind"} for e in state.log(seat) if e["kind"] == kind]
