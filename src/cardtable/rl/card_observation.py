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
from itertools import compress, count
from operator import itemgetter, ne
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from ..core import Visibility
from ..engine import CardState
from ..engine.table import ALL_SEATS, EXHAUSTED, FACE_DOWN

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


class _BucketSlot(dict[Any, int]):
    """An option's kind -> the slot of its hash bucket in the option's block (1 + bucket), once per kind."""

    def __init__(self, buckets: int) -> None:
        super().__init__()
        self.buckets = buckets

    def __missing__(self, kind: Any) -> int:
        slot = 1 + zlib.crc32(str(kind).encode()) % self.buckets
        if len(self) < 4096:
            self[kind] = slot
        return slot


# A zone this big, written for one seat, is kept for the others (``_Table.shared``) when its block is the same for
# every seat of its kind: below it, writing the few cards again costs less than keeping a copy of the block.
_MEMO_MIN_CARDS = 3

# what a seat sees of a zone: a deck (nothing but cards shown to it), a zone it looks into, another seat's own
_DECK, _OPEN, _OTHERS = 0, 1, 2
_KINDS = 3


def _changed(now: list[int], before: list[int], width: int = 48) -> list[int]:
    """The indices at which two lists of the same length differ: compared a slice at a time at C speed, and only
    the slices that differ element by element (a step changes a card or a few)."""
    out: list[int] = []
    for lo in range(0, len(now), width):
        x, y = now[lo:lo + width], before[lo:lo + width]
        if x != y:
            out.extend(compress(range(lo, lo + width), map(ne, x, y)))
    return out


class _Table:
    """The encoder's record of the table as it last saw it (whichever seat it wrote for), to tell what changed.

    Why: from one step to the next most of a card game's table is unchanged (two thirds of Mythos's steps move
    no card, most others one or two), and the envs observe one seat per step. So each call compares the table
    with copies kept here — each zone's cards, and the flags, definition, controller and ``known`` bits of every
    card; at C speed, and equal lists are the usual case — and gives every zone that changed (a card came or
    went, or one of its cards changed) a new ``version``; a seat's memo (``_SeatMemo``) then writes again only
    the zones whose version is not the one its block shows.
    """

    __slots__ = ("plan", "zones", "flags", "defn", "ctrl", "known", "version", "tick", "known_cards", "face_down",
                 "special", "shared")

    def __init__(self, plan: Any) -> None:
        self.plan = plan  # the zone plan it was built for (a new one: a new record)
        nz = len(plan)
        self.zones: list[list[int] | None] = [None] * nz  # copies of each zone's cards
        self.flags: list[int] | None = None  # copies of the table's per-card lists
        self.defn: list[int] | None = None
        self.ctrl: list[int] | None = None
        self.known: list[int] | None = None
        self.version = [0] * nz  # per table zone: the call at which it last changed
        self.tick = 0  # calls so far
        self.known_cards: set[int] = set()  # cards some seat knows (``known`` not 0)
        self.face_down: set[int] = set()  # cards face down
        # cards whose face some seats see and others of the same kind do not: face down, or known to some seats only
        self.special: set[int] = set()
        # per (table zone, kind): (version, block) of a zone with no special card, written for a seat of that kind
        self.shared: list[tuple[int, Any] | None] = [None] * (nz * _KINDS)

    def update(self, t: Any) -> None:
        """Compare table ``t`` with the record: a new version for each zone that changed, the copies renewed."""
        self.tick += 1
        zones, kept = t.zones, self.zones
        if zones != kept:
            tick, version = self.tick, self.version
            for z in compress(range(len(zones)), map(ne, zones, kept)):
                kept[z] = zones[z].copy()
                version[z] = tick
        if t.flags != self.flags or t.defn != self.defn or t.ctrl != self.ctrl or t.known != self.known:
            self._cards_changed(t, self.tick)

    def _cards_changed(self, t: Any, tick: int) -> None:
        """Some card's flags, definition, controller or ``known`` bits changed: a new version for its zone."""
        flags, defn, ctrl, known = t.flags, t.defn, t.ctrl, t.known
        version, nz, n = self.version, len(self.version), len(defn)
        old_flags, old_defn, old_ctrl, old_known = self.flags, self.defn, self.ctrl, self.known
        self.flags, self.defn, self.ctrl, self.known = flags.copy(), defn.copy(), ctrl.copy(), known.copy()
        if old_flags is None or old_defn is None or old_ctrl is None or old_known is None or len(old_defn) != n \
                or not len(flags) == len(ctrl) == len(known) == len(old_flags) == len(old_ctrl) == len(old_known) == n:
            # the first call, or the table grew: every zone is new, the sets are read afresh
            for z in range(nz):
                version[z] = tick
            self._read_sets(flags, known)
            return
        touched: set[int] = set()
        if flags != old_flags:
            touched.update(_changed(flags, old_flags))
        if defn != old_defn:
            touched.update(_changed(defn, old_defn))
        if ctrl != old_ctrl:
            touched.update(_changed(ctrl, old_ctrl))
        if known != old_known:
            touched.update(_changed(known, old_known))
        # the zones the cards are in (the engine keeps ``zone`` in step with ``zones``: ``CardTable.move``)
        for z in set(map(t.zone.__getitem__, touched)):
            if not 0 <= z < nz:  # a card in no zone: every zone is new
                for z in range(nz):
                    version[z] = tick
                break
            version[z] = tick
        if len(touched) > 8:  # e.g. a deck shuffled back (what was known of it forgotten): the sets read afresh
            self._read_sets(flags, known)
            return
        known_cards, face_down, special = self.known_cards, self.face_down, self.special
        for i in touched:
            k = known[i]
            if k:
                known_cards.add(i)
            else:
                known_cards.discard(i)
            if flags[i] & FACE_DOWN:
                face_down.add(i)
                special.add(i)
            else:
                face_down.discard(i)
                if k and k != ALL_SEATS:
                    special.add(i)
                else:
                    special.discard(i)

    def _read_sets(self, flags: list[int], known: list[int]) -> None:
        self.known_cards = set(compress(count(), known))
        self.face_down = set(compress(count(), map(FACE_DOWN.__and__, flags)))
        self.special = self.face_down | {i for i in self.known_cards if known[i] != ALL_SEATS}


class _SeatMemo:
    """What the encoder last wrote for one seat (``obs``), and from which versions of the zones (``_Table``)."""

    __slots__ = ("kinds", "rule", "obs", "m", "version", "filled", "vars_version", "decision", "options")

    def __init__(self, kinds: list[tuple[int, int]], rule: list[tuple[bool, bool]], size: int) -> None:
        self.kinds = kinds  # per table zone: (_DECK, _OPEN or _OTHERS for this seat, base slot)
        self.rule = rule  # per table zone: (open to the seat, face-down cards seen by their controller)
        self.obs = np.zeros(size, dtype=np.float32)
        self.m: Any = memoryview(cast(Any, self.obs))  # float32 items: per-slot writes at C speed
        self.version = [-1] * len(kinds)  # per table zone: the version its block shows
        self.filled = [False] * len(kinds)  # per table zone: whether its block holds anything
        self.vars_version = -1  # the variables' version its block shows
        self.decision: Any = None  # the decision whose options are written (None: no options)
        self.options = 0  # how many option blocks are written


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
        self._bucket_slot = _BucketSlot(kind_buckets)  # an option's kind -> its slot in the option's block
        self._plans: dict[tuple[Any, ...], list[tuple[int, int, Visibility, int | None]]] = {}
        self._last_decls: Any = None
        self._last_plan: list[tuple[int, int, Visibility, int | None]] = []
        self._table = _Table(self._last_plan)  # what the table looked like at the last call
        self._memos: dict[int, _SeatMemo] = {}  # seat -> what was last written for it
        self._scaled = _Scaled(var_cap)  # a variable's value -> its slot value (the same few recur)
        self._block = 1 + 2 * ndef  # a zone's slots: its count, copies and exhausted copies per definition
        self._zero_block = memoryview(array("f", bytes(4 * self._block)))
        self._zero_options = memoryview(array("f", bytes(4 * max_options * self.option_stride)))
        names: list[str] = []
        for name, _index in layout.var_slots:
            if name not in names:
                names.append(name)
        self._var_names = names
        self._var_is_list = [any(nm == name and index is not None for nm, index in layout.var_slots) for name in names]
        self._var_count = len(layout.var_slots)
        # per name, (its first slot in the block, how many slots, whether a list): one name's slots follow one
        # another, a list's in index order (as ``CardGameEncoding.layout`` lays them out), else every change of
        # the variables writes the whole block again
        spans = [(next(k for k, (nm, _i) in enumerate(layout.var_slots) if nm == name),
                  sum(1 for nm, _i in layout.var_slots if nm == name), is_list)
                 for name, is_list in zip(names, self._var_is_list)]
        self._var_spans = spans if all(
            [slot[0] for slot in layout.var_slots[at:at + n]] == [name] * n
            and [slot[1] for slot in layout.var_slots[at:at + n]] == (list(range(n)) if is_list else [None])
            for name, (at, n, is_list) in zip(names, spans)) else None
        self._fetch_vars: Any = (lambda values: ()) if not names else (
            (lambda values, _n=names[0]: (values[_n],)) if len(names) == 1 else itemgetter(*names))
        self._vars_seen: Any = None  # the variables as last fetched (lists copied)
        self._vars_block = array("f")  # their slot values
        self._vars_version = 0

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

    def _seat_memo(self, state: CardState, seat: int) -> _SeatMemo:
        """A new memo for ``seat``: what it sees of each zone (``_DECK``, ``_OPEN``, ``_OTHERS``)."""
        kinds: list[tuple[int, int]] = [(0, 0)] * len(self._last_plan)
        for z, base, visibility, owner in self._last_plan:
            if visibility is _HIDDEN:
                kinds[z] = (_DECK, base)
            elif visibility is _PUBLIC or seat == owner:
                kinds[z] = (_OPEN, base)
            else:
                kinds[z] = (_OTHERS, base)
        rule = [(d.visible_to(seat), d.visibility is not _HIDDEN) for d in state.table.decls]
        memo = self._memos[seat] = _SeatMemo(kinds, rule, self.size)
        return memo


    # --- encoding -----------------------------------------------------------------------------------
    def encode_seat(self, state: CardState, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The observation of ``seat``: equal to ``CardObservation.encode(state.view(seat))``.

        ``out`` (a C-contiguous ``float32`` vector of ``size``, e.g. one row of a batch) is overwritten and
        returned; without it a new array is. Either way it is a copy of the seat's memo (``_SeatMemo``), in
        which only the zones that changed since the seat's last call (``_Table``) are written again — copied
        from another seat's when it sees the zone alike — the variables only when they changed, and the
        options only for a new decision or a changed table.
        """
        if out is not None and (out.dtype != np.float32 or out.shape != (self.size,) or not out.flags.c_contiguous):
            raise ValueError(f"out must be a C-contiguous float32 array of shape ({self.size},)")
        t = state.table
        table = self._table
        if t.decls is not self._last_decls or table.plan is not self._last_plan:
            self._zone_plan(state)
            if table.plan is not self._last_plan:  # other zones: every record starts afresh
                table = self._table = _Table(self._last_plan)
                self._memos.clear()
        table.update(t)
        memo = self._memos.get(seat)
        if memo is None:
            memo = self._seat_memo(state, seat)
        m = memo.m
        # the variables: fetched at once, compared with the last ones (lists copied), written again if changed
        values = state.vars
        fetched = self._fetch_vars(values)
        if fetched != self._vars_seen:
            self._vars_changed(values, fetched)
        if memo.vars_version != self._vars_version:
            m[self.vars_at:self.vars_at + len(self._vars_block)] = self._vars_block
            memo.vars_version = self._vars_version
        version = table.version
        changed = version != memo.version
        if changed:
            self._write_zones(memo, table, t, seat, list(compress(range(len(version)), map(ne, version, memo.version))))
        decision = state.decision
        if decision is None or decision.player != seat:
            decision = None
        if decision is not memo.decision or changed:  # an option's card face depends on the table
            self._write_options(memo, t, seat, decision, m)
        if out is None:
            return memo.obs.copy()
        out[...] = memo.obs
        return out

    def _write_zones(self, memo: _SeatMemo, table: _Table, t: Any, seat: int, dirty: Any) -> None:
        """Write again the blocks of the table zones ``dirty`` in the seat's memo: each zone's count, then its
        visible copies and exhausted copies per definition (the face rule of ``CardState._table_view``). A
        block with no special card (``_Table.special``) is the same for every seat of its kind: it is copied
        from the one last written for such a seat when the zone's version is the same, and kept otherwise."""
        zones, known, flags, ctrl, defn = t.zones, t.known, t.flags, t.ctrl, t.defn
        m, kinds, shown, filled, version = memo.m, memo.kinds, memo.version, memo.filled, table.version
        shared, known_cards, face_down = table.shared, table.known_cards, table.face_down
        special = table.special
        seats_apart = {t.zone[i] for i in special} if special else ()  # zones some seats of a kind see apart
        bit = 1 << seat
        ndef = self.ndef
        count_value, count_cap = self._count_value, self._count_cap
        copies_value, copies_cap = self._copies_value, self._copies_cap
        block, zero_block, memo_min = self._block, self._zero_block, _MEMO_MIN_CARDS
        for z in dirty:
            v = version[z]
            shown[z] = v
            kind, base = kinds[z]
            cards = zones[z]
            n = len(cards)
            share = n >= memo_min and z not in seats_apart
            if share:
                kept = shared[z * _KINDS + kind]
                if kept is not None and kept[0] == v:
                    m[base:base + block] = kept[1]
                    filled[z] = True
                    continue
            if filled[z]:
                m[base:base + block] = zero_block
            filled[z] = n > 0
            if not n:
                continue
            m[base] = count_value[n if n < count_cap else count_cap]
            if kind == _OPEN:
                if face_down and not face_down.isdisjoint(cards):
                    # a face-down card the seat may not look at is counted, nothing more
                    seen: Any = [i for i in cards if not flags[i] & FACE_DOWN or known[i] & bit or ctrl[i] == seat]
                else:
                    seen = cards
            elif kind == _DECK:
                # a deck: only a card the seat was shown has a face for it
                seen = [i for i in known_cards.intersection(cards) if known[i] & bit] if known_cards else ()
            else:
                # another seat's zone: only a card the seat was shown, or its own face-down card, shows its face
                seen = [i for i in known_cards.union(face_down).intersection(cards)
                        if known[i] & bit or (flags[i] & FACE_DOWN and ctrl[i] == seat)] if known_cards or face_down else ()
            if seen:
                copies: dict[int, int] = {}
                get = copies.get
                first = base + 1
                for i in seen:
                    d = defn[i]
                    if 0 <= d < ndef:
                        slot = first + d
                        copies[slot] = get(slot, 0) + 1
                        if flags[i] & EXHAUSTED:
                            slot += ndef
                            copies[slot] = get(slot, 0) + 1
                for slot, c in copies.items():
                    m[slot] = copies_value[c if c < copies_cap else copies_cap]
            if share:
                shared[z * _KINDS + kind] = (v, memoryview(m[base:base + block].tobytes()).cast("f"))

    def _write_options(self, memo: _SeatMemo, t: Any, seat: int, decision: Any, m: Any) -> None:
        """Whose decision it is, and the seat's own decision: one block per option (presence, kind bucket, the
        card it names), the last call's blocks cleared first."""
        k = self.options_at
        stride = self.option_stride
        if memo.options:
            m[k:k + memo.options * stride] = self._zero_options[:memo.options * stride]
        memo.decision = decision
        if decision is None:
            m[0] = 0.0
            memo.options = 0
            return
        m[0] = 1.0
        options = decision.options[:self.max_options]
        memo.options = len(options)
        known, flags, ctrl, defn, zone_of = t.known, t.flags, t.ctrl, t.defn, t.zone
        bit, ndef, face_rule = 1 << seat, self.ndef, memo.rule
        card_at = 1 + self.kind_buckets
        bucket_slot, card_value, n_cards = self._bucket_slot, self._card_value, len(defn)
        for action in options:
            m[k] = 1.0
            params = action.params
            if not params:
                m[k + bucket_slot[action.kind]] = 1.0
                k += stride
                continue
            kind: Any = action.kind
            card: Any = None
            for key, v in params:  # as ``Action.to_dict``: a parameter may shadow ``kind``
                if key == "card":
                    card = v
                elif key == "kind":
                    kind = v
            m[k + bucket_slot[kind]] = 1.0
            if card.__class__ is int and 0 <= card < n_cards:
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

    def _vars_changed(self, values: dict[str, Any], fetched: tuple[Any, ...]) -> None:
        """The variables differ from the last ones: their block (``_vars_block``) written again — only the slots
        of the names that changed when it can — and a new version of it for the seats' memos."""
        old, spans, scaled = self._vars_seen, self._var_spans, self._scaled
        self._vars_version += 1
        if old is not None and spans is not None:
            block, seen = self._vars_block, list(old)
            for j in compress(range(len(fetched)), map(ne, fetched, old)):
                v = fetched[j]
                at, n, is_list = spans[j]
                if not is_list:
                    block[at] = scaled[v]
                    seen[j] = v
                elif v.__class__ is list and len(v) == n:
                    block[at:at + n] = array("f", map(scaled.__getitem__, v))
                    seen[j] = v.copy()
                else:
                    break  # a list of another length: the whole block, as the reference reads it
            else:
                self._vars_seen = tuple(seen)
                return
        self._vars_block = self._var_values(values)
        self._vars_seen = tuple([v.copy() if v.__class__ is list else v for v in fetched])

    def _var_values(self, values: dict[str, Any]) -> array[float]:
        """The slot values of the game's integer variables, clipped and scaled.

        The usual way: the declared variables fetched at once (``itemgetter``), flattened, and mapped through
        the memo of scaled values. If a list variable's length is not the layout's, slot by slot as the
        reference does (it reads the layout's indices)."""
        scaled = self._scaled
        flat: list[Any] = []
        for v, is_list in zip(self._fetch_vars(values), self._var_is_list):
            if is_list:
                flat.extend(v)
            else:
                flat.append(v)
        if len(flat) == self._var_count:
            return array("f", map(scaled.__getitem__, flat))
        return array("f", [scaled[values[name] if index is None else values[name][index]]
                           for name, index in self.layout.var_slots])


__all__ = ["DirectCardEncoder"]
