"""The generic RL encoding of every card game built on ``cardtable.engine`` — no line per game.

Read from the declared parts of a ``CardState`` view, nothing else:

* **Observation** (float32, all in [0, 1]): whose decision it is; the game's integer variables (in
  declaration order, lists flattened, each clipped to ``VAR_CAP`` and scaled); for every declared zone
  its card count and, per card definition the zone can hold (``ZoneDecl.holds``), how many *visible*
  copies lie there, then how many visible cards of any other definition; and, where cards turn
  (``ZoneDecl.turns``), how many of them are turned (exhausted, bowed; crosswise in Mythos: the game's
  ``CardState.TURNED_FLAG``) per definition that can turn there, and of any other; then, for
  each of the first ``MAX_OPTIONS`` options of the seat's own decision, a
  presence bit, the option's kind (hashed into ``KIND_BUCKETS``) and the definition of the card it
  names. Hidden cards add to a zone's count and nothing else, so the tensor is a function of what the
  seat may see (the no-leak property test resamples the rest).
* **Actions**: a fixed ``Discrete(MAX_OPTIONS)`` *pointer* space — index k is the k-th option of the
  current decision, masked to the options offered. A decision with more options than that exposes
  only its first ``MAX_OPTIONS`` (the engine's prompts ask one pick at a time, so this stays rare).
* **Rewards**: +1 to each winner, -1 to every other seat; 0 to all when nobody wins.

A game can still ship its own ``encoding`` facet (``encoding.py`` in its package); this one is used
when it does not.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

import numpy as np

from ..core import Action, Decision, GameDefinition, Outcome
from ..engine import CardState, ZoneDecl
from .card_observation import DirectCardEncoder

MAX_OPTIONS = 64
KIND_BUCKETS = 8
VAR_CAP = 30.0
COUNT_CAP = 60.0
COPIES_CAP = 4.0


def _bucket(kind: str) -> int:
    return zlib.crc32(kind.encode()) % KIND_BUCKETS


class PointerActions:
    """Index k = the k-th option of the current decision."""

    positional = True  # ``DiscreteActions``: index k is option k (masks by option count, no index listing)

    def __init__(self, size: int = MAX_OPTIONS) -> None:
        self.size = size
        self.labels = tuple(f"option {k}" for k in range(size))

    def index(self, action: Action) -> int:
        raise ValueError("a pointer action space numbers the options of one decision; use legal_indices(decision)")

    def action(self, index: int, player: int) -> Action:
        raise ValueError("a pointer action space needs the decision to turn an index into an action")

    def legal_indices(self, decision: Decision) -> list[int]:
        return list(range(min(len(decision.options), self.size)))

    def legal_indices_from_view(self, view: Mapping[str, Any]) -> list[int]:
        d = view.get("decision")
        return [] if d is None else list(range(min(len(d["options"]), self.size)))


@dataclass(frozen=True)
class ZoneSlots:
    """One zone's block of the observation: its count (offset 0), a copies slot per held definition, one for
    the visible cards of any other definition, then — when cards can turn there — a turned slot per
    definition that can turn there and one for any other.

    Why per zone: a zone's rules let only some kinds of card into it (``ZoneDecl.holds``), and cards turn
    only in some zones (``ZoneDecl.turns``); a slot for every definition in every zone, twice, made Mythos's
    observation 28,009 values, about three quarters of which no rule gives a meaning (a type the zone cannot
    hold, a turned state out of play).
    """

    name: str
    held: tuple[int, ...]  # definitions with their own copies slot, in index order
    turned: tuple[int, ...]  # definitions with their own turned slot; () when no card turns in the zone
    copy_at: tuple[int, ...]  # per definition: the offset of its copies slot in the block (held, or "other")
    turn_at: tuple[int, ...]  # per definition: the offset of its turned slot, 0 when the zone turns nothing

    @property
    def size(self) -> int:
        return 2 + len(self.held) + (len(self.turned) + 1 if self.turned else 0)

    @classmethod
    def build(cls, name: str, held: tuple[int, ...], turned: tuple[int, ...], definitions: int) -> "ZoneSlots":
        other = 1 + len(held)
        at = {d: 1 + k for k, d in enumerate(held)}
        copy_at = tuple(at.get(d, other) for d in range(definitions))
        if not turned:
            return cls(name, held, (), copy_at, (0,) * definitions)
        first = other + 1
        tat = {d: first + k for k, d in enumerate(turned)}
        turn_at = tuple(tat.get(d, first + len(turned)) for d in range(definitions))
        return cls(name, held, turned, copy_at, turn_at)


def zone_slots(decl: ZoneDecl, types: Sequence[str], definitions: int) -> ZoneSlots:
    """The block of zone ``decl`` given each definition's type (``CardState.definition_types``; () for none)."""
    def of(kinds: tuple[str, ...]) -> tuple[int, ...]:
        if not kinds or not types:
            return tuple(range(definitions))
        return tuple(d for d in range(definitions) if d < len(types) and types[d] in kinds)

    held = of(decl.holds)
    if decl.turns is None:
        turned = held if decl.in_play else ()
    elif not decl.turns:
        turned = ()
    else:
        keep = set(held)
        turned = tuple(d for d in of(decl.turns) if d in keep)
    return ZoneSlots.build(decl.name, held, turned, definitions)


@dataclass
class Layout:
    var_slots: list[tuple[str, int | None]]  # (name, index in a list var or None)
    zones: list[str]
    definitions: int
    players: int
    turned_flag: int = 1  # the game's ``CardState.TURNED_FLAG``: the flag counted as a card's turned state
    slots: list[ZoneSlots] | None = None  # per zone, its block; None: every definition everywhere, turned too

    def __post_init__(self) -> None:
        if self.slots is None:
            every = tuple(range(self.definitions))
            self.slots = [ZoneSlots.build(name, every, every, self.definitions) for name in self.zones]

    @property
    def zone_slots(self) -> list[ZoneSlots]:
        assert self.slots is not None
        return self.slots

    @property
    def size(self) -> int:
        return 1 + len(self.var_slots) + sum(z.size for z in self.zone_slots) + MAX_OPTIONS * (1 + KIND_BUCKETS + 1)

    def zone_base(self, name: str) -> int:
        """The offset of zone ``name``'s block (its count) in the observation."""
        k = 1 + len(self.var_slots)
        for zs in self.zone_slots:
            if zs.name == name:
                return k
            k += zs.size
        raise KeyError(name)


class CardObservation:
    """``encode(view)`` for one game and player count (module docstring)."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.size = layout.size
        self._direct = DirectCardEncoder(layout, MAX_OPTIONS, KIND_BUCKETS, VAR_CAP, COUNT_CAP, COPIES_CAP)
        # the envs call it once a step: the encoder's own bound method, without the forwarding call below
        self.encode_seat = self._direct.encode_seat  # type: ignore[method-assign]

    def encode_seat(self, state: CardState, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """``encode(state.view(seat))`` read straight from the state (``card_observation.py``), into ``out``
        when given; proven equal by the property tests."""
        return self._direct.encode_seat(state, seat, out)

    def encode(self, view: Mapping[str, Any], out: np.ndarray | None = None) -> np.ndarray:
        lay = self.layout
        obs = np.zeros(self.size, dtype=np.float32) if out is None else out
        if out is not None:
            obs[:] = 0.0
        obs[0] = 1.0 if view.get("to_act") is not None and view.get("to_act") == view.get("seat") else 0.0
        k = 1
        values = view["vars"]
        for name, index in lay.var_slots:
            v = values[name] if index is None else values[name][index]
            obs[k] = min(max(float(v), 0.0), VAR_CAP) / VAR_CAP
            k += 1
        cards, ndef = view["cards"], lay.definitions
        for zs in lay.zone_slots:
            entries = view["zones"][zs.name]
            obs[k] = min(len(entries), COUNT_CAP) / COUNT_CAP
            for entry in entries:
                if entry is None:
                    continue
                c = cards[str(entry)]
                d = c["defn"]
                if d is None or not 0 <= d < ndef:
                    continue
                j = k + zs.copy_at[d]
                obs[j] = min(obs[j] * COPIES_CAP + 1.0, COPIES_CAP) / COPIES_CAP
                if c["flags"] & lay.turned_flag and zs.turn_at[d]:
                    j = k + zs.turn_at[d]
                    obs[j] = min(obs[j] * COPIES_CAP + 1.0, COPIES_CAP) / COPIES_CAP
            k += zs.size
        decision = view.get("decision")
        if decision is not None:
            for j, option in enumerate(decision["options"][:MAX_OPTIONS]):
                slot = k + j * (2 + KIND_BUCKETS)
                obs[slot] = 1.0
                obs[slot + 1 + _bucket(str(option.get("kind")))] = 1.0
                card = option.get("card")
                if isinstance(card, int) and str(card) in cards and cards[str(card)]["defn"] is not None:
                    obs[slot + 1 + KIND_BUCKETS] = (cards[str(card)]["defn"] + 1) / (ndef + 1)
        return obs


class CardGameEncoding:
    """The ``encoding`` hooks (see ``cardtable.rl.spaces``) for one card game."""

    def __init__(self, game: GameDefinition, env_name: str) -> None:
        self.game = game
        self.ENV_NAME = env_name
        self._layouts: dict[int, Layout] = {}

    def layout(self, players: int) -> Layout:
        if players not in self._layouts:
            st = self.game.new_game(seed=0, players=players)
            assert isinstance(st, CardState)
            slots: list[tuple[str, int | None]] = []
            for name, value in st.vars.items():
                if isinstance(value, bool) or isinstance(value, int):
                    slots.append((name, None))
                elif isinstance(value, list) and all(isinstance(v, int) for v in value):
                    slots.extend((name, k) for k in range(len(value)))
            zones = [d.name for d in st.table.decls]
            ndef, types = st.definition_count(), st.definition_types()
            blocks = [zone_slots(d, types, ndef) for d in st.table.decls]
            self._layouts[players] = Layout(slots, zones, ndef, players, type(st).TURNED_FLAG, blocks)
        return self._layouts[players]

    def action_space(self, players: int) -> PointerActions:
        return PointerActions()

    def observation_encoder(self, players: int) -> CardObservation:
        return CardObservation(self.layout(players))

    def rewards(self, outcome: Outcome, players: int) -> list[float]:
        if not outcome.winners:
            return [0.0] * players
        return [1.0 if s in outcome.winners else -1.0 for s in range(players)]

    def is_truncated(self, outcome: Outcome) -> bool:
        return bool(outcome.details.get("truncated"))

    def render_text(self, view: Mapping[str, Any]) -> str:
        lines = [f"{view['game']} — to act: {view.get('to_act')}", f"vars: {view['vars']}"]
        for zone, entries in view["zones"].items():
            shown = [view["cards"][str(e)]["defn"] for e in entries if e is not None]
            lines.append(f"{zone}: {len(entries)} card(s){'' if not shown else ' ' + str(shown)}")
        return "\n".join(lines)


def generic_encoding(game: GameDefinition) -> CardGameEncoding | None:
    """The generic encoding when ``game`` is built on the card-game engine, else None."""
    try:
        st = game.new_game(seed=0)
    except Exception:  # noqa: BLE001 - a game that cannot deal a default table has no generic encoding
        return None
    if not isinstance(st, CardState):
        return None
    return CardGameEncoding(game, f"{game.info.id.replace('-', '_')}_v1")


__all__ = ["CardGameEncoding", "Layout", "MAX_OPTIONS", "PointerActions", "ZoneSlots", "generic_encoding", "zone_slots"]
