"""The card games' observation written straight from the state: ``encode(view(seat))`` without the view.

Why: ``view(seat)`` is a JSON-able dict made for the browser (every visible card as a row of columns,
the stack, the lasting effects, the how-to text...). The generic encoding (``cardgame.py``) reads a
small part of it, yet building it cost three to five times an engine decision, so the RL loop ran
several times slower than the game. This module reads the same facts from the state's flat card table
and writes them into a (preallocated) ``float32`` array.

Nothing here is per game: the plan is derived from the same declared parts as the layout — the game's
``VARS``, its zone declarations (``ZoneDecl``: visibility, owner) and its definition count — so a new card
game gets it with its layout. The face-visibility rule is the one ``CardState._table_view`` applies
(known to the seat, else a face-down card shows its face to its controller outside hidden zones, else
the zone's own visibility), and the property tests (``tests/rl/test_card_observation.py``) prove the
result bit-for-bit equal to the reference route at random positions of every card game, for every
seat, and unchanged when what the seat cannot see is resampled.
"""

from __future__ import annotations

import zlib
from collections import Counter
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from ..core import Visibility
from ..engine import CardState
from ..engine.table import EXHAUSTED, FACE_DOWN

if TYPE_CHECKING:
    from .cardgame import Layout

_HIDDEN, _PUBLIC, _OWNER = Visibility.HIDDEN, Visibility.PUBLIC, Visibility.OWNER
_SPECIAL = FACE_DOWN | EXHAUSTED  # flags that change what a visible card adds


class DirectCardEncoder:
    """``encode_seat(state, seat, out)`` for one layout (one game and table size)."""

    def __init__(self, layout: "Layout", max_options: int, kind_buckets: int, var_cap: float,
                 count_cap: float, copies_cap: float) -> None:
        self.layout = layout
        self.size = layout.size
        self.max_options = max_options
        self.kind_buckets = kind_buckets
        ndef = layout.definitions
        self.ndef = ndef
        self.var_cap = var_cap
        self.vars_at = 1
        k = 1 + len(layout.var_slots)
        # per layout zone: the index of its count (its copies follow, then its exhausted copies)
        self.zone_base: list[int] = []
        for _zone in layout.zones:
            self.zone_base.append(k)
            k += 1 + 2 * ndef
        self.options_at = k
        self.option_stride = 2 + kind_buckets
        # value of a count n, and of n copies, exactly as the reference computes them (float64, then float32)
        self._count_value = [min(n, count_cap) / count_cap for n in range(int(count_cap) + 1)]
        self._count_cap = int(count_cap)
        copies = int(copies_cap)
        self._copies_value = [min(n, copies_cap) / copies_cap for n in range(copies + 1)]
        self._copies_cap = copies
        self._card_value = [(d + 1) / (ndef + 1) for d in range(ndef)]
        self._buckets: dict[Any, int] = {}
        self._plans: dict[tuple[Any, ...], list[tuple[int, int, Visibility, int | None]]] = {}
        self._last_decls: Any = None
        self._last_plan: list[tuple[int, int, Visibility, int | None]] = []
        self._scaled: dict[Any, float] = {}  # a variable's value -> its slot value (the same few recur)

    # --- the plan: which table zone fills which slots -------------------------------------------------
    def _zone_plan(self, state: CardState) -> list[tuple[int, int, Visibility, int | None]]:
        """(table zone id, base slot, visibility, owner) per layout zone; built once per zone declaration."""
        decls = state.table.decls
        if decls is self._last_decls:  # every copy of a table shares its declarations
            return self._last_plan
        key = tuple(decls)
        plan = self._plans.get(key)
        if plan is None:
            ids = {d.name: z for z, d in enumerate(decls)}
            missing = [name for name in self.layout.zones if name not in ids]
            if missing or len(decls) != len(self.layout.zones):
                raise ValueError(f"this state's zones do not match the layout (missing {missing})")
            plan = [(ids[name], base, decls[ids[name]].visibility, decls[ids[name]].owner)
                    for name, base in zip(self.layout.zones, self.zone_base)]
            self._plans[key] = plan
        self._last_decls, self._last_plan = decls, plan
        return plan

    def _bucket(self, kind: Any) -> int:
        b = self._buckets.get(kind)
        if b is None:
            b = zlib.crc32(str(kind).encode()) % self.kind_buckets
            self._buckets[kind] = b
        return b

    # --- encoding -----------------------------------------------------------------------------------
    def encode_seat(self, state: CardState, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The observation of ``seat``: equal to ``CardObservation.encode(state.view(seat))``.

        ``out`` (a C-contiguous ``float32`` vector of ``size``, e.g. one row of a batch) is overwritten and
        returned; without it a new array is. Values are written one by one through a ``memoryview``: a
        position touches a few hundred of several thousand slots, and per-slot writes cost less than
        building index arrays for one numpy assignment.
        """
        if out is None:
            obs = np.zeros(self.size, dtype=np.float32)
        else:
            if out.dtype != np.float32 or out.shape != (self.size,) or not out.flags.c_contiguous:
                raise ValueError(f"out must be a C-contiguous float32 array of shape ({self.size},)")
            obs = out
            obs.fill(0.0)
        m: Any = memoryview(cast(Any, obs))  # float32 items: per-slot writes at C speed
        decision = state.decision
        mine = decision is not None and decision.player == seat
        if mine:
            m[0] = 1.0
        # the game's integer variables, clipped and scaled
        values = state.vars
        scaled = self._scaled
        k = self.vars_at
        for name, index in self.layout.var_slots:
            v = values[name] if index is None else values[name][index]
            x = scaled.get(v)
            if x is None:
                x = scaled[v] = min(max(float(v), 0.0), self.var_cap) / self.var_cap
            if x:
                m[k] = x
            k += 1
        # every zone: its size, then the visible copies and exhausted copies per definition
        t = state.table
        zones, known, flags, ctrl, defn = t.zones, t.known, t.flags, t.ctrl, t.defn
        bit = 1 << seat
        ndef = self.ndef
        count_value, count_cap = self._count_value, self._count_cap
        copies: dict[int, int] = {}
        get = copies.get
        known_of, flags_of, defn_of = known.__getitem__, flags.__getitem__, defn.__getitem__
        for z, base, visibility, owner in self._zone_plan(state):
            cards = zones[z]
            if not cards:
                continue
            n = len(cards)
            m[base] = count_value[n if n < count_cap else count_cap]
            first = base + 1
            if visibility is _HIDDEN:
                # a deck: only a card the seat was shown has a face for it (checked at C speed first)
                if not any(map(known_of, cards)):
                    continue
                for i in cards:
                    if known[i] & bit:
                        d = defn[i]
                        if 0 <= d < ndef:
                            slot = first + d
                            copies[slot] = get(slot, 0) + 1
                            if flags[i] & EXHAUSTED:
                                slot += ndef
                                copies[slot] = get(slot, 0) + 1
            elif visibility is _PUBLIC or seat == owner:
                if n >= 6 and not any(f & _SPECIAL for f in set(map(flags_of, cards))):
                    # the common case of a long pile: no card face down or exhausted, so every card shows its
                    # face and only the copies per definition matter (counted in C)
                    for d, c in Counter(map(defn_of, cards)).items():
                        if 0 <= d < ndef:
                            slot = first + d
                            copies[slot] = get(slot, 0) + c
                    continue
                for i in cards:
                    f = flags[i]
                    if f & FACE_DOWN and not known[i] & bit and not ctrl[i] == seat:
                        continue  # a face-down card the seat may not look at: counted, nothing more
                    d = defn[i]
                    if 0 <= d < ndef:
                        slot = first + d
                        copies[slot] = get(slot, 0) + 1
                        if f & EXHAUSTED:
                            slot += ndef
                            copies[slot] = get(slot, 0) + 1
            else:
                # another seat's zone: only a card the seat was shown, or its own face-down card, shows its face
                for i in cards:
                    if known[i] & bit or (flags[i] & FACE_DOWN and ctrl[i] == seat):
                        d = defn[i]
                        if 0 <= d < ndef:
                            slot = first + d
                            copies[slot] = get(slot, 0) + 1
                            if flags[i] & EXHAUSTED:
                                slot += ndef
                                copies[slot] = get(slot, 0) + 1
        if copies:
            copies_value, copies_cap = self._copies_value, self._copies_cap
            for slot, c in copies.items():
                m[slot] = copies_value[c if c < copies_cap else copies_cap]
        # the seat's own decision: one block per option (presence, kind bucket, the card it names)
        if mine:
            assert decision is not None
            k = self.options_at
            stride, card_at = self.option_stride, 1 + self.kind_buckets
            buckets, card_value, n_cards = self._buckets, self._card_value, len(defn)
            for action in decision.options[:self.max_options]:
                kind: Any = action.kind
                card: Any = None
                for key, v in action.params:  # as ``Action.to_dict``: a parameter may shadow ``kind``
                    if key == "card":
                        card = v
                    elif key == "kind":
                        kind = v
                m[k] = 1.0
                b = buckets.get(kind)
                m[k + 1 + (self._bucket(kind) if b is None else b)] = 1.0
                if type(card) is int and 0 <= card < n_cards and self._face_visible(t, card, seat):
                    d = defn[card]
                    m[k + card_at] = card_value[d] if 0 <= d < ndef else (d + 1) / (ndef + 1)
                k += stride
        return obs

    @staticmethod
    def _face_visible(t: Any, i: int, seat: int) -> bool:
        """``CardTable.face_visible`` for a seat (the view lists a card's definition exactly then)."""
        known = t.known[i]
        if known & (1 << seat):
            return True
        decl = t.decls[t.zone[i]]
        if t.flags[i] & FACE_DOWN:
            return bool(seat == t.ctrl[i] and decl.visibility is not _HIDDEN)
        return bool(decl.visible_to(seat))


__all__ = ["DirectCardEncoder"]
