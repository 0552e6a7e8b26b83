"""The Two Mists observation of one seat, read straight from the state: the RL environments' hot path.

Why this exists: ``encoding.ObservationEncoder.encode(view)`` *defines* the observation, but building a
seat's whole JSON-able view and then encoding it costs about twice an engine step. Here every field
group of the layout is a float32 byte string packed once at start-up and looked up by the small ints
the engine already keeps (a character index, a life total, a card instance, a step number); one
observation is the ``join`` of about forty such pieces, which numpy wraps without copying. The only
per-call arithmetic is the four pile/turn fractions, the hard-evidence bitmask and a cached summary of
each seat's taken cards.

What it reads is what ``view(me)`` exposes to seat ``me`` and nothing more: lives, reveals,
intimidation, held-equipment bits, weapons, the cards each seat took, the two rows, pile *sizes*, the
turn machine (step, card being resolved, its effect step, restriction, extra action), the start and
current seats, which seats have pointed, ``me``'s own pick, ``me``'s own decision, and a character only
where the view shows one (``me``'s own or a revealed one). Never the centre card, the piles' order,
another seat's hidden character or another seat's pick. ``tests/rl/test_encoding.py`` holds the result
equal to ``encode(state.view(me))`` at every decision of many 3- and 4-player games for every seat, and
unchanged when ``determinize`` resamples what ``me`` cannot see.
"""

from __future__ import annotations

import struct
from typing import TYPE_CHECKING, Sequence

from .catalog import Catalog
from .encoding import (
    _EFFECTS, _GLOBAL_FIELDS, _MY_DECISIONS, _SEAT_FIELDS, _STEPS, LIFE_CAP, MAX_SEATS, SEAT_BLOCK, TAKEN_CAP,
)
from .rules import STEP_NAMES

if TYPE_CHECKING:  # pragma: no cover - typing only
    import numpy as np

    from .rules import MistsState

# The pieces below follow the layout in this order; construction checks it still does.
_GLOBAL_ORDER = ("players", "own_character", "step", "my_decision", "resolving_card", "resolving_effect",
                 "restricted", "extra_pending", "my_pointing", "action_row", "equipment_row", "action_pile",
                 "equipment_pile", "turn_fraction", "turn_scaled", "current")
_SEAT_ORDER = ("present", "is_start", "life", "life_at_most", "revealed", "character", "intimidated", "holy_poison",
               "weapons", "equipment", "possible", "taken", "pointed")
_FOUR = struct.Struct("=4f")  # the few values computed per call: pile sizes, turn fractions, seat counters
_TAKEN_CACHE_LIMIT = 1 << 15


def _f32(values: Sequence[float]) -> bytes:
    return struct.pack(f"={len(values)}f", *values)


def _one_hot(size: int, index: int | None) -> bytes:
    return _f32([1.0 if i == index else 0.0 for i in range(size)])


class PackedObservation:
    """``encode(state, me)`` = ``ObservationEncoder(players).encode(state.view(me))``, built from pieces."""

    def __init__(self, players: int, cat: Catalog) -> None:
        if tuple(name for name, _, _ in _GLOBAL_FIELDS) != _GLOBAL_ORDER or \
                tuple(name for name, _, _ in _SEAT_FIELDS) != _SEAT_ORDER:
            raise AssertionError("the observation layout changed: update fast_observation.py to match")
        import numpy as np  # only the RL extra builds this class

        self._frombuffer = np.frombuffer
        n = self.players = players
        actions = [c for c in cat.cards if not c.is_equipment]
        equipment = [c for c in cat.cards if c.is_equipment]
        action_pos = {c.index: i for i, c in enumerate(actions)}
        equip_pos = {c.index: i for i, c in enumerate(equipment)}
        # --- global pieces -------------------------------------------------------------------------
        player_slot = 1 if n == 4 else 0
        self._own = tuple(_f32([float(i == player_slot) for i in range(2)] + [float(i == c) for i in range(5)])
                          for c in range(5))  # players + own_character
        self._step = tuple(_one_hot(5, _STEPS[name]) for name in STEP_NAMES)
        self._my_decision = {kind: _one_hot(4, i) for kind, i in _MY_DECISIONS.items()}
        self._zero = {size: bytes(4 * size) for size in (1, 4, 5, 11, 15, SEAT_BLOCK)}
        # resolving card + effect (15 values): per card instance, with no effect / per effect step
        self._effect_steps = frozenset(i for i, name in enumerate(STEP_NAMES) if name in ("target", "point"))
        self._resolving: list[bytes | None] = []
        self._resolving_effect: list[dict[int, bytes]] = []
        for d in cat.instances:
            card = cat.cards[d]
            if card.is_equipment:  # never resolved: only action cards have effect steps
                self._resolving.append(None)
                self._resolving_effect.append({})
                continue
            base = [0.0] * 15
            base[action_pos[d]] = 1.0
            self._resolving.append(_f32(base))
            effects = {}
            for pc, step in enumerate(card.steps):
                if step.op in _EFFECTS:
                    with_effect = base.copy()
                    with_effect[11 + _EFFECTS[step.op]] = 1.0
                    effects[pc] = _f32(with_effect)
            self._resolving_effect.append(effects)
        self._flags = ((_f32([0, 0]), _f32([0, 1])), (_f32([1, 0]), _f32([1, 1])))  # restricted, extra_pending
        # my_pointing per observing seat, indexed by the engine's target (another seat, or n = centre)
        self._my_pointing = tuple(tuple(self._zero[4] if t == me else _one_hot(4, 3 if t == n else (t - me) % n - 1)
                                        for t in range(n + 1)) for me in range(n))
        self._in_action_row = tuple(_one_hot(11, action_pos.get(d)) for d in cat.instances)
        self._in_equipment_row = tuple(_one_hot(5, equip_pos.get(d)) for d in cat.instances)
        self._current = tuple(tuple(_one_hot(4, (c - me) % n) for c in range(n)) for me in range(n))
        self._action_total = float(len(cat.action_instances))
        self._equip_total = float(len(cat.equipment_instances))
        # --- seat-block pieces ---------------------------------------------------------------------
        # present, is_start, life, life_at_most x5, revealed: by (is start, min(life, cap), revealed)
        self._life = tuple(tuple(tuple(
            _f32([1.0, float(start), min(life, LIFE_CAP) / LIFE_CAP, *(float(life <= t + 1) for t in range(5)),
                  float(revealed)])
            for revealed in (0, 1)) for life in range(LIFE_CAP + 1)) for start in (0, 1))
        self._character = tuple(_one_hot(5, c) for c in range(5))
        self._possible = tuple(_f32([float(m >> c & 1) for c in range(5)]) for m in range(32))
        self._pointed = (self._zero[1], _f32([1.0]))
        self._in_play = sum(1 << c for c in cat.characters_for(n))
        self._poison_bits = sum(1 << c.index for c in cat.cards if c.poison)
        taken_order = actions + equipment
        by_def = {c.index: c for c in cat.cards}
        self._taken_slot = tuple(taken_order.index(by_def[d]) for d in range(len(cat.cards)))
        self._forbid = tuple(by_def[d].forbidden_mask for d in range(len(cat.cards)))
        self._is_equipment = tuple(by_def[d].is_equipment for d in range(len(cat.cards)))
        self._nothing_taken = (bytes(4 * len(taken_order)), 0, 0)
        self._taken_cache: dict[tuple[int, ...], tuple[bytes, int, int]] = {}
        self._seat_order = tuple(tuple((me + k) % n for k in range(n)) for me in range(n))  # offset 0, 1, ...
        self._absent = self._zero[SEAT_BLOCK] * (MAX_SEATS - n)

    def _taken(self, taken: tuple[int, ...]) -> tuple[bytes, int, int]:
        """(the 16 ``taken`` values, characters barred by those cards, equipment kinds among them).

        Cached: a seat's taken list changes once per take but is read at every observation.
        """
        counts = [0.0] * len(self._taken_slot)
        barred = kinds = 0
        for d in taken:
            i = self._taken_slot[d]
            if counts[i] == 0.0:  # first card of this kind: its bars (TM-13.2) and, for equipment, a kind
                barred |= self._forbid[d]
                kinds += self._is_equipment[d]
            if counts[i] < 1.0:
                counts[i] += 1.0 / TAKEN_CAP
        summary = (_f32(counts), barred, kinds)
        if len(self._taken_cache) >= _TAKEN_CACHE_LIMIT:
            self._taken_cache.clear()
        self._taken_cache[taken] = summary
        return summary

    def encode(self, state: "MistsState", me: int) -> "np.ndarray":
        """Seat ``me``'s observation of ``state`` as a fresh, writable ``float32`` array."""
        n = self.players
        if not (isinstance(me, int) and 0 <= me < n):
            raise ValueError(f"no seat {me!r} at a {n}-player table")
        chars, revealed = state.chars, state.revealed
        step, inst, decision = state.step, state.card, state.decision
        resolving: bytes | None
        if inst < 0:
            resolving = self._zero[15]
        elif step in self._effect_steps:
            resolving = self._resolving_effect[inst].get(state.pc) or self._resolving[inst]
        else:
            resolving = self._resolving[inst]
        assert resolving is not None  # only action cards are ever resolved, and theirs are never None
        pointing = state.pointing if state.pointer >= 0 else None
        row = state.row
        in_action_row, in_equipment_row = self._in_action_row, self._in_equipment_row
        zero11, zero5, zero4 = self._zero[11], self._zero[5], self._zero[4]
        turn = state.turn
        parts = [
            self._own[chars[me]],
            self._step[step],
            self._my_decision[decision.kind] if decision is not None and decision.player == me else zero4,
            resolving,
            self._flags[state.restricted][1 if state.extra else 0],
            self._my_pointing[me][pointing[me]] if pointing is not None and pointing[me] >= 0 else zero4,
            zero11 if row[0] < 0 else in_action_row[row[0]],
            zero11 if row[1] < 0 else in_action_row[row[1]],
            zero11 if row[2] < 0 else in_action_row[row[2]],
            zero5 if row[3] < 0 else in_equipment_row[row[3]],
            zero5 if row[4] < 0 else in_equipment_row[row[4]],
            _FOUR.pack(len(state.apile) / self._action_total, len(state.epile) / self._equip_total,
                       min(1.0, turn / state.turn_cap), min(turn, 100) / 100.0),
            self._current[me][state.current],
        ]
        append = parts.append
        known = 1 << chars[me]  # characters known to be somewhere: mine and the revealed ones
        for s in range(n):
            if revealed[s]:
                known |= 1 << chars[s]
        start, lives, intimidated = state.start, state.life, state.intimidated
        equip, weapons, taken_all = state.equip, state.weapons, state.taken
        life_pieces, character, possible, pointed = self._life, self._character, self._possible, self._pointed
        taken_cache, in_play, poison = self._taken_cache, self._in_play, self._poison_bits
        for s in self._seat_order[me]:
            life, shown = lives[s], s == me or revealed[s]
            taken = taken_all[s]
            if taken:
                key = tuple(taken)
                summary = taken_cache.get(key) or self._taken(key)
            else:
                summary = self._nothing_taken
            append(life_pieces[s == start][life if life < LIFE_CAP else LIFE_CAP][revealed[s]])
            append(character[chars[s]] if shown else zero5)
            append(_FOUR.pack(float(intimidated[s]), 1.0 if equip[s] & poison else 0.0, weapons[s] / 4.0,
                              summary[2] / 5.0))
            append(character[chars[s]] if shown else possible[in_play & ~summary[1] & ~known])
            append(summary[0])
            append(pointed[pointing is not None and pointing[s] >= 0])
        append(self._absent)
        return self._frombuffer(bytearray().join(parts), "f4")  # native float32, as the pieces were packed


__all__ = ["PackedObservation"]
