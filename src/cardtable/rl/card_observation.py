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
from array import array
from operator import itemgetter
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from ..core import Visibility
from ..engine import CardState
from ..engine.table import EXHAUSTED, FACE_DOWN

if TYPE_CHECKING:
    from .cardgame import Layout

_HIDDEN, _PUBLIC, _OWNER = Visibility.HIDDEN, Visibility.PUBLIC, Visibility.OWNER


class _Scaled(dict[Any, float]):
    """A variable's value -> its slot value ``min(max(v, 0), cap) / cap``, computed once per distinct value."""

    def __init__(self, cap: float) -> None:
        super().__init__()
        self.cap = cap

    def __missing__(self, v: Any) -> float:
        x = min(max(float(v), 0.0), self.cap) / self.cap
        if len(self) < 4096:  # a counter variable (``seq``) takes ever new values: keep the memo bounded
            self[v] = x
        return x


# An open zone this big is encoded from the memo of its last contents when they are unchanged: below it, the
# per-card loop costs less than comparing the zone with the memo.
_MEMO_MIN_CARDS = 3


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
        self._seat_plans: dict[tuple[int, int], tuple[Any, Any]] = {}
        self._scaled = _Scaled(var_cap)  # a variable's value -> its slot value (the same few recur)
        # table zone id -> (cards, their ``itemgetter``, flags, definitions, the zone's block of slots) of the last
        # time an open zone of at least ``_MEMO_MIN_CARDS`` cards, none face down, was encoded (``_open_block``)
        self._open_memo: dict[int, tuple[list[int], Any, tuple[int, ...], tuple[int, ...], memoryview[float]]] = {}
        self._block = 1 + 2 * ndef  # a zone's slots: its count, copies and exhausted copies per definition
        self._deck_picks: dict[int, tuple[list[int], Any]] = {}  # table zone id -> (its cards, their itemgetter)
        self._last_vars: tuple[list[Any], Any] = ([], None)  # the last variables, flattened, and their block
        names: list[str] = []
        for name, _index in layout.var_slots:
            if name not in names:
                names.append(name)
        self._var_names = names
        self._var_is_list = [any(nm == name and index is not None for nm, index in layout.var_slots) for name in names]
        self._var_count = len(layout.var_slots)
        self._fetch_vars: Any = (lambda values: ()) if not names else (
            (lambda values, _n=names[0]: (values[_n],)) if len(names) == 1 else itemgetter(*names))

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

    def _seat_plan(self, state: CardState, seat: int) -> tuple[list[tuple[int, int]], list[tuple[int, int]],
                                                               list[tuple[int, int]], list[tuple[bool, bool]]]:
        """The zones sorted by what ``seat`` sees of them — hidden ones (decks), ones it looks into, other seats'
        own — each as (table zone id, base slot); and per table zone (open to the seat, face-down cards seen by
        their controller). Built once per seat and zone declaration."""
        plan = self._zone_plan(state)
        key = (id(self._last_plan), seat)
        cached = self._seat_plans.get(key)
        if cached is not None and cached[0] is plan:
            return cached[1]
        hidden, open_zones, others = [], [], []
        for z, base, visibility, owner in plan:
            if visibility is _HIDDEN:
                hidden.append((z, base))
            elif visibility is _PUBLIC or seat == owner:
                open_zones.append((z, base))
            else:
                others.append((z, base))
        rule = [(d.visible_to(seat), d.visibility is not _HIDDEN) for d in state.table.decls]
        result = (hidden, open_zones, others, rule)
        self._seat_plans[key] = (plan, result)
        return result

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
        self._write_vars(state.vars, m)
        # every zone: its size, then the visible copies and exhausted copies per definition
        t = state.table
        zones, known, flags, ctrl, defn = t.zones, t.known, t.flags, t.ctrl, t.defn
        bit = 1 << seat
        ndef = self.ndef
        count_value, count_cap = self._count_value, self._count_cap
        copies: dict[int, int] = {}
        get = copies.get
        hidden, open_zones, others, face_rule = self._seat_plan(state, seat)
        deck_picks = self._deck_picks
        for z, base in hidden:
            # a deck: only a card the seat was shown has a face for it (checked at C speed first, through the
            # itemgetter of the deck's last contents: decks change little from one call to the next)
            cards = zones[z]
            if cards:
                n = len(cards)
                m[base] = count_value[n if n < count_cap else count_cap]
                kept = deck_picks.get(z)
                if kept is None or kept[0] != cards:
                    kept = deck_picks[z] = (list(cards), itemgetter(*cards, cards[0]))  # 2+ items: a tuple
                if any(kept[1](known)):
                    for i in cards:
                        if known[i] & bit:
                            d = defn[i]
                            if 0 <= d < ndef:
                                slot = base + 1 + d
                                copies[slot] = get(slot, 0) + 1
                                if flags[i] & EXHAUSTED:
                                    slot += ndef
                                    copies[slot] = get(slot, 0) + 1
        open_memo, memo_min, block = self._open_memo, _MEMO_MIN_CARDS, self._block
        for z, base in open_zones:
            cards = zones[z]
            if cards:
                n = len(cards)
                if n >= memo_min:
                    # a big zone (a discard pile, a story): its whole block again, copied at C speed, if its
                    # cards, their flags and their definitions are those of the last time (compared at C speed)
                    memo = open_memo.get(z)
                    if memo is not None and memo[0] == cards:
                        pick = memo[1]
                        fl, ds = pick(flags), pick(defn)
                        if fl == memo[2] and ds == memo[3]:
                            m[base:base + block] = memo[4]
                            continue
                    else:
                        pick = itemgetter(*cards)  # n >= _MEMO_MIN_CARDS > 1: it returns a tuple
                        fl, ds = pick(flags), pick(defn)
                    if not any(map(FACE_DOWN.__and__, fl)):
                        self._open_block(z, base, cards, pick, fl, ds, m)
                        continue
                m[base] = count_value[n if n < count_cap else count_cap]
                first = base + 1
                for i in cards:
                    f = flags[i]
                    if f & FACE_DOWN and not known[i] & bit and ctrl[i] != seat:
                        continue  # a face-down card the seat may not look at: counted, nothing more
                    d = defn[i]
                    if 0 <= d < ndef:
                        slot = first + d
                        copies[slot] = get(slot, 0) + 1
                        if f & EXHAUSTED:
                            slot += ndef
                            copies[slot] = get(slot, 0) + 1
        for z, base in others:
            # another seat's zone: only a card the seat was shown, or its own face-down card, shows its face
            cards = zones[z]
            if cards:
                n = len(cards)
                m[base] = count_value[n if n < count_cap else count_cap]
                for i in cards:
                    if known[i] & bit or (flags[i] & FACE_DOWN and ctrl[i] == seat):
                        d = defn[i]
                        if 0 <= d < ndef:
                            slot = base + 1 + d
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
            buckets, card_value, n_cards, zone_of = self._buckets, self._card_value, len(defn), t.zone
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
                if type(card) is int and 0 <= card < n_cards:
                    # ``CardTable.face_visible`` for this seat, its zone rule looked up (``face_rule``)
                    if known[card] & bit:
                        visible = True
                    else:
                        open_zone, face_down_seen = face_rule[zone_of[card]]
                        visible = (face_down_seen and ctrl[card] == seat) if flags[card] & FACE_DOWN else open_zone
                    if visible:
                        d = defn[card]
                        m[k + card_at] = card_value[d] if 0 <= d < ndef else (d + 1) / (ndef + 1)
                k += stride
        return obs

    def _open_block(self, z: int, base: int, cards: list[int], pick: Any, fl: tuple[int, ...], ds: tuple[int, ...],
                    m: Any) -> None:
        """Write the block of open zone ``z`` (no card face down) — its count, the copies and exhausted copies per
        definition, as the loop of ``encode_seat`` counts them — and keep a copy of it with the cards, their
        flags and their definitions. Every slot lies in the zone's own block and nothing else (not the seat,
        ``known`` or ``ctrl``) changes it when no card is face down, so the copy serves the next call."""
        ndef, counts = self.ndef, dict[int, int]()
        get = counts.get
        n = len(cards)
        m[base] = self._count_value[n if n < self._count_cap else self._count_cap]
        first = base + 1
        for f, d in zip(fl, ds):
            if 0 <= d < ndef:
                slot = first + d
                counts[slot] = get(slot, 0) + 1
                if f & EXHAUSTED:
                    slot += ndef
                    counts[slot] = get(slot, 0) + 1
        copies_value, copies_cap = self._copies_value, self._copies_cap
        for slot, c in counts.items():
            m[slot] = copies_value[c if c < copies_cap else copies_cap]
        self._open_memo[z] = (list(cards), pick, fl, ds, memoryview(m[base:base + self._block].tobytes()).cast("f"))

    def _write_vars(self, values: dict[str, Any], m: Any) -> None:
        """The game's integer variables, clipped and scaled, into their slots.

        The usual way: the declared variables fetched at once (``itemgetter``), flattened, and mapped through
        the memo of scaled values into one ``float32`` block. If a list variable's length is not the layout's,
        slot by slot as the reference does (it reads the layout's indices)."""
        scaled = self._scaled
        flat: list[Any] = []
        for v, is_list in zip(self._fetch_vars(values), self._var_is_list):
            if is_list:
                flat.extend(v)
            else:
                flat.append(v)
        n = len(flat)
        if n == self._var_count:
            if n:
                last = self._last_vars
                if flat != last[0]:
                    last = self._last_vars = (flat, array("f", map(scaled.__getitem__, flat)))
                m[self.vars_at:self.vars_at + n] = last[1]
            return
        k = self.vars_at
        for name, index in self.layout.var_slots:
            m[k] = scaled[values[name] if index is None else values[name][index]]
            k += 1

__all__ = ["DirectCardEncoder"]
