"""The card games' observation written straight from the state: ``encode(view(seat))`` without the view.

Why: ``view(seat)`` is a JSON-able dict made for the browser (every visible card as a row of columns,
the stack, the lasting effects, the how-to text...). The generic encoding (``cardgame.py``) reads a
small part of it, yet building it cost three to five times an engine decision, so the RL loop ran
several times slower than the game. This module reads the same facts from the state's flat card table
and writes them into a (preallocated) ``float32`` array.

Nothing here is per game: the plan is derived from the same declared parts as the layout — the game's
``VARS``, its zone declarations (``ZoneDecl``: visibility, owner) and its definition count — so a new card
game gets it with its layout. The inner loops (a zone's copies, the options, the variables) run compiled when
``_kernel.pyx`` was built at install time, else in Python (``PyKernel``); both give the same array. The
face-visibility rule is the one ``CardState._table_view`` applies
(known to the seat, else a face-down card shows its face to its controller outside hidden zones, else
the zone's own visibility), and the property tests (``tests/rl/test_card_observation.py``) prove the
result bit-for-bit equal to the reference route at random positions of every card game, for every
seat, and unchanged when what the seat cannot see is resampled.
"""

from __future__ import annotations

import os
import zlib
from array import array
from itertools import compress, count
from operator import is_not, itemgetter, ne
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from ..core import Visibility
from ..engine import CardState
from ..engine.table import ALL_SEATS, FACE_DOWN, NO_CARD, TableLog

if TYPE_CHECKING:
    from .cardgame import Layout

try:  # the inner loops compiled (``_kernel.pyx``, built at install time when a C compiler is at hand)
    from ._kernel import Kernel
except ImportError:  # not built: the same loops in Python (``PyKernel``)
    Kernel = None
# whether new encoders use the compiled kernel: when it was built, and ``CARDTABLE_PURE_PYTHON`` is not set
COMPILED = Kernel is not None and not os.environ.get("CARDTABLE_PURE_PYTHON")

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


# What the tests call a big open zone (a discard pile, a story): the size from which earlier versions of this
# encoder kept a zone's block between calls. Now every zone's block is kept (``DirectCardEncoder``), and the
# in-place tests (``tests/rl/test_card_observation.py``) still pick their zone by this size.
_MEMO_MIN_CARDS = 3

# what a seat sees of a zone: a deck (nothing but cards shown to it), a zone it looks into, another seat's own
_DECK, _OPEN, _OTHERS = 0, 1, 2
# what a block of the common table holds: nothing, the zone's count only (a deck, a hand), copies too
_EMPTY, _COUNT, _FACES = 0, 1, 2


def _changed(now: list[int], before: list[int], width: int = 48) -> list[int]:
    """The indices at which two lists of the same length may differ: compared a slice at a time at C speed, and
    only the slices that differ element by element, by identity (a step changes a card or a few; equal values
    held by different objects are reported too, which only costs a zone written again)."""
    out: list[int] = []
    for lo in range(0, len(now), width):
        x, y = now[lo:lo + width], before[lo:lo + width]
        if x != y:
            out.extend(compress(range(lo, lo + width), map(is_not, x, y)))
    return out


class _Table:
    """The encoder's record of the table as it last saw it (whichever seat it wrote for), to tell what changed.

    Why: from one step to the next most of a card game's table is unchanged (two thirds of Mythos's steps move
    no card, most others one or two), and the envs observe one seat per step. So each call finds the zones that
    changed (a card came or went, or one of its cards changed) and gives each a new ``version``; the encoder then
    writes again only the blocks whose version is not the one they show (the common table's, and those kept for
    a seat: ``_SeatMemo``). The table the envs step is watched: its own log names the cards and zones that changed
    (``CardTable.log``, ``_logged``). Any other table (a clone, a position a test built) is compared with copies
    kept here — each zone's cards, and the flags, definition, controller and ``known`` bits of every card; at C
    speed, and equal lists are the usual case (``_compared``).
    """

    __slots__ = ("plan", "zones", "flags", "defn", "ctrl", "known", "version", "tick", "known_cards", "face_down",
                 "special", "apart", "seen_table", "seen_stamp", "log")

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
        self.apart: Any = ()  # the zones of the cards in ``special`` (``DirectCardEncoder.encode_seat`` keeps it)
        # the table last compared and its ``stamp`` then: while both are the same, no card moved and no definition
        # was rewritten (``CardTable.stamp`` counts every change to ``zones`` and ``defn``: its contract), so neither
        # needs comparing — in the envs' loop, steps that move no card or only change flags
        self.seen_table: Any = None
        self.seen_stamp = -1
        # the log this record left with the table last compared (``CardTable.log``): while the table holds it, the
        # table's methods name the cards and zones that changed, and nothing needs comparing
        self.log = TableLog()

    def update(self, t: Any) -> Any:
        """What changed since the last call: a new version for each zone that did. Returns the zones that changed
        (an empty tuple when none did).

        Read from the table's log when it is the one this record left with it (``_logged``); else by comparing
        the whole table with the copies, after which the table keeps a fresh log for the next call."""
        self.tick += 1
        log = t.log
        if log is self.log and t is self.seen_table and not log.everything:
            return self._logged(t, log)
        bumped = self._compared(t)
        old = self.seen_table
        if old is not None and old is not t and old.log is self.log:
            old.log = None  # (the table seen before stops logging for nobody)
        self.log = t.log = TableLog()
        self.seen_table, self.seen_stamp = t, t.stamp
        return bumped

    def _logged(self, t: Any, log: TableLog) -> Any:
        """``update`` from the log of a watched table: the zones cards left, and the zones of the cards moved or
        changed, get a new version. Nothing is compared: only the table's methods write zones, flags, ``known``
        and controllers (``TableLog``'s contract; ``tests/engine/test_table_log.py`` checks the sources and
        replays games). The copies ``_compared`` reads are dropped instead of kept up to date: if another table
        comes, every zone is then new (a new game is), while an encoder fed clones, never watching, keeps them."""
        cards, left = log.cards, log.zones
        self.seen_stamp = t.stamp
        if self.flags is not None:  # the first call on this log: the copies go
            self.zones = [None] * len(self.zones)
            self.flags = self.ctrl = self.known = None
        if not cards and not left:
            return ()
        bumped = left.union(map(t.zone.__getitem__, cards)) if cards else set(left)
        if NO_CARD in bumped:  # a card in no zone: the whole table compared
            cards.clear()
            left.clear()
            self.seen_stamp = -1
            return self._compared(t)
        tick, version = self.tick, self.version
        for z in bumped:
            version[z] = tick
        if cards:
            self._cards_read(cards, t.flags, t.known)
            cards.clear()
        left.clear()
        return bumped

    def _compared(self, t: Any) -> Any:
        """``update`` by comparing table ``t`` with the copies (a table not watched by this record)."""
        zones, kept = t.zones, self.zones
        bumped: Any = ()
        same = t is self.seen_table and t.stamp == self.seen_stamp  # no card moved, no definition rewritten
        if not same and zones != kept:
            tick, version = self.tick, self.version
            bumped = list(compress(range(len(zones)), map(ne, zones, kept)))
            for z in bumped:
                kept[z] = zones[z].copy()
                version[z] = tick
        if t.flags != self.flags or t.known != self.known or t.ctrl != self.ctrl or (not same and t.defn != self.defn):
            bumped = self._cards_changed(t, self.tick).union(bumped)
        return bumped

    def _cards_changed(self, t: Any, tick: int) -> set[int]:
        """Some card's flags, definition, controller or ``known`` bits changed: a new version for its zone.
        Returns the zones given one."""
        flags, defn, ctrl, known = t.flags, t.defn, t.ctrl, t.known
        version, nz, n = self.version, len(self.version), len(defn)
        old_flags, old_defn, old_ctrl, old_known = self.flags, self.defn, self.ctrl, self.known
        if old_flags is None or old_defn is None or old_ctrl is None or old_known is None or len(old_defn) != n \
                or not len(flags) == len(ctrl) == len(known) == len(old_flags) == len(old_ctrl) == len(old_known) == n:
            # the first call, or the table grew: every zone is new, the sets are read afresh
            self.flags, self.defn, self.ctrl, self.known = flags.copy(), defn.copy(), ctrl.copy(), known.copy()
            return self._all_new(tick, flags, known)
        touched: set[int] = set()
        for name, now, before in (("flags", flags, old_flags), ("defn", defn, old_defn), ("ctrl", ctrl, old_ctrl),
                                  ("known", known, old_known)):
            if now != before:  # the cards whose entry changed, and a fresh copy of the list
                touched.update(_changed(now, before))
                setattr(self, name, now.copy())
        # the zones the cards are in (the engine keeps ``zone`` in step with ``zones``: ``CardTable.move``)
        bumped = set(map(t.zone.__getitem__, touched))
        if bumped and (min(bumped) < 0 or max(bumped) >= nz):  # a card in no zone: every zone is new
            return self._all_new(tick, flags, known)
        for z in bumped:
            version[z] = tick
        self._cards_read(touched, flags, known)
        return bumped

    def _cards_read(self, touched: set[int], flags: list[int], known: list[int]) -> None:
        """``known_cards``, ``face_down`` and ``special`` brought up to date for the cards ``touched``."""
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

    def _all_new(self, tick: int, flags: list[int], known: list[int]) -> set[int]:
        """Every zone changed: all get a new version, the sets are read afresh."""
        version = self.version
        for z in range(len(version)):
            version[z] = tick
        self._read_sets(flags, known)
        return set(range(len(version)))

    def _read_sets(self, flags: list[int], known: list[int]) -> None:
        """``known_cards``, ``face_down`` and ``special`` read from the table (the cards with any flag or any
        ``known`` bit found at C speed: they are few)."""
        self.known_cards = set(compress(count(), known))
        self.face_down = {i for i in compress(count(), flags) if flags[i] & FACE_DOWN}
        self.special = self.face_down | {i for i in self.known_cards if known[i] != ALL_SEATS}


class _SeatMemo:
    """What one seat sees apart from the common table (``DirectCardEncoder._common``)."""

    __slots__ = ("kinds", "rule", "own", "blocks")

    def __init__(self, kinds: list[tuple[int, int]], rule: list[tuple[bool, bool]], own: list[int]) -> None:
        self.kinds = kinds  # per table zone: (_DECK, _OPEN or _OTHERS for this seat, base slot)
        self.rule = rule  # per table zone: (open to the seat, face-down cards seen by their controller)
        self.own = own  # the table zones it sees otherwise than the common table: its hand
        # table zone -> (version, its block) as last written for the seat: its own zones, and the zones some seats
        # see apart (a block is the zone's at that version, seen by this seat)
        self.blocks: dict[int, tuple[int, Any]] = {}


class PyKernel:
    """The encoder's inner loops in Python: a zone's copies, and the seat's options.

    Why a class of its own: ``_kernel.pyx`` compiles the same two methods (``Kernel``, which also writes the
    variables: ``Kernel.vars``), and the encoder calls whichever it was given (``DirectCardEncoder(compiled=...)``).
    This one is the reference the compiled one is tested against, and what runs where no C compiler was at hand
    when cardtable was installed."""

    __slots__ = ("ndef", "copies_value", "copies_cap", "card_value", "copy_at", "turn_at", "zone_turns", "turned",
                 "parsed")

    def __init__(self, size: int, ndef: int, copies_value: list[float], card_value: list[float],
                 copy_at: list[tuple[int, ...]], turn_at: list[tuple[int, ...]], zone_turns: list[bool],
                 turned: int, var_spans: Any = None, var_cap: float = 1.0) -> None:
        # (the compiled kernel also writes the variables, ``Kernel.vars``; in Python ``DirectCardEncoder``
        # writes only those that changed, which is cheaper there)
        self.ndef, self.copies_value, self.copies_cap = ndef, copies_value, len(copies_value) - 1
        self.card_value, self.copy_at, self.turn_at, self.zone_turns, self.turned = (
            card_value, copy_at, turn_at, zone_turns, turned)
        self.parsed: dict[int, tuple[Any, int, int | None]] = {}  # id(action) -> ``read(action)``

    def copies(self, m: Any, z: int, base: int, seen: list[int], defn: list[int], flags: list[int]) -> bool:
        """The copies of the cards ``seen`` (and their turned copies) into zone ``z``'s block at ``base``, zeroed
        but for its count. Returns whether any card was counted."""
        ndef, turned, copy_at, turn_at = self.ndef, self.turned, self.copy_at[z], self.turn_at[z]
        copies: dict[int, int] = {}
        get = copies.get
        if self.zone_turns[z]:
            for i in seen:
                d = defn[i]
                if 0 <= d < ndef:
                    slot = copy_at[d]
                    copies[slot] = get(slot, 0) + 1
                    if flags[i] & turned and turn_at[d]:
                        slot = turn_at[d]
                        copies[slot] = get(slot, 0) + 1
        else:  # no card turns in this zone (a deck, a hand, a discard pile): only the copies
            for i in seen:
                d = defn[i]
                if 0 <= d < ndef:
                    slot = copy_at[d]
                    copies[slot] = get(slot, 0) + 1
        copies_value, copies_cap = self.copies_value, self.copies_cap
        for slot, c in copies.items():
            m[base + slot] = copies_value[c if c < copies_cap else copies_cap]
        return bool(copies)

    def options(self, m: Any, k: int, stride: int, card_at: int, options: tuple[Any, ...], max_options: int,
                read: Any, flags: list[int], known: list[int], defn: list[int], zone_of: list[int], ctrl: list[int],
                face_rule: list[tuple[bool, bool]], bit: int, seat: int) -> None:
        """One block per option at ``k``, ``k + stride``...: presence, its kind's bucket slot, and the card it
        names when the seat sees its face. ``read(action)`` gives an action not seen before as (action, kind
        slot, card or None)."""
        ndef, card_value, n_cards, parsed = self.ndef, self.card_value, len(defn), self.parsed
        get = parsed.get
        for action in options[:max_options]:
            # (the action, the slot of its kind's bucket, the card it names) — engines hand out the same
            # ``Action`` objects again and again, so each is read once; an entry keeps its action alive, so no
            # other object can have that id meanwhile
            entry = get(id(action))
            if entry is None:
                entry = read(action)
                if len(parsed) >= 4096:  # (bounded: the entries keep their actions alive)
                    parsed.clear()
                parsed[id(action)] = entry
            m[k] = 1.0
            m[k + entry[1]] = 1.0
            card = entry[2]
            if card is not None and card < n_cards:
                # ``CardTable.face_visible`` for this seat, its zone rule looked up (``face_rule``); the usual case
                # first: a card face up in a zone the seat looks into
                open_zone, face_down_seen = face_rule[zone_of[card]]
                if (open_zone and not flags[card] & FACE_DOWN) or known[card] & bit or (
                        face_down_seen and flags[card] & FACE_DOWN and ctrl[card] == seat):
                    d = defn[card]
                    m[k + card_at] = card_value[d] if 0 <= d < ndef else (d + 1) / (ndef + 1)
            k += stride


class DirectCardEncoder:
    """``encode_seat(state, seat, out)`` for one layout (one game and table size).

    Why it keeps state between calls: from one step to the next most of a card game's table is unchanged, and
    most of it looks the same to every seat. So the encoder keeps the *common table* — the observation as a seat
    with no hand of its own and no card shown to it alone would see it: every public zone, the decks and the
    hands by their counts and the cards shown to everyone, the variables — and writes again only the zones that
    changed (``_Table`` tells which). A seat's observation is a copy of it, with on top the seat's own zones (its
    hand) and the zones holding a card some seats see and others not (face down, or shown to some seats only) —
    both kept per seat with the zone's version, and written again only when it changed — then whose decision it
    is and its options.
    """

    def __init__(self, layout: "Layout", max_options: int, kind_buckets: int, var_cap: float,
                 count_cap: float, copies_cap: float, compiled: bool | None = None) -> None:
        self.layout = layout
        # the inner loops' kernel: the compiled one when it was built (``_kernel.pyx``), unless told otherwise
        self.compiled = COMPILED if compiled is None else compiled and Kernel is not None
        self.size = layout.size
        self.max_options = max_options
        self.kind_buckets = kind_buckets
        ndef = layout.definitions
        self.ndef = ndef
        self.var_cap = var_cap
        self.vars_at = 1
        k = 1 + len(layout.var_slots)
        # per layout zone: the index of its count (its block follows: ``cardgame.ZoneSlots``)
        self.zone_base: list[int] = []
        for zs in layout.zone_slots:
            self.zone_base.append(k)
            k += zs.size
        self.options_at = k
        self.option_stride = 2 + kind_buckets
        # value of a count n, and of n copies, exactly as the reference computes them (float64, then float32)
        self._count_value = [min(n, count_cap) / count_cap for n in range(int(count_cap) + 1)]
        self._count_cap = int(count_cap)
        copies = int(copies_cap)
        self._copies_value = [min(n, copies_cap) / copies_cap for n in range(copies + 1)]
        self._copies_cap = copies
        self._card_value = [(d + 1) / (ndef + 1) for d in range(ndef)]
        self._turned = layout.turned_flag  # the flag counted as turned (``CardState.TURNED_FLAG``)
        self._bucket_slot = _BucketSlot(kind_buckets)  # an option's kind -> its slot in the option's block
        self._plans: dict[tuple[Any, ...], list[tuple[int, int, Visibility, int | None]]] = {}
        self._last_decls: Any = None
        self._last_plan: list[tuple[int, int, Visibility, int | None]] = []
        self._scaled = _Scaled(var_cap)  # a variable's value -> its slot value (the same few recur)
        # the slot values of the integers 0..cap, read by index (a counter such as ``seq`` takes ever new values,
        # which the memo above would compute one by one in Python); none (cap -1) when the cap is not an integer
        self._var_cap_int = int(var_cap) if var_cap == int(var_cap) else -1
        self._small = [min(max(float(v), 0.0), var_cap) / var_cap for v in range(self._var_cap_int + 1)]
        # a list variable's values (as a tuple) -> its slots' float32 values, ready to copy into the block; a pure
        # function of the values (equal tuples give equal slot values), so nothing can make an entry stale
        self._var_patterns: dict[tuple[Any, ...], Any] = {}
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
        self._reset(self._last_plan)

    def _reset(self, plan: list[tuple[int, int, Visibility, int | None]]) -> None:
        """Forget everything kept between calls (a new encoder, or a state with other zone declarations)."""
        self._table = _Table(plan)  # what the table looked like at the last call
        self._memos: dict[int, _SeatMemo] = {}  # seat -> what it sees apart from the common table
        self._common = np.zeros(self.size, dtype=np.float32)
        self._common_m: Any = memoryview(cast(Any, self._common))  # float32 items: per-slot writes at C speed
        # per table zone: (its kind in the common table, base slot), the version its block shows, what it holds
        self._common_kinds = [(_DECK if visibility is _HIDDEN else _OPEN if visibility is _PUBLIC else _OTHERS, base)
                              for _z, base, visibility, _owner in sorted(plan, key=itemgetter(0))]
        self._common_version = [-1] * len(plan)
        # per table zone: its block's size, zeros of that size, and per definition the offsets of its copies and
        # turned slots in the block (``cardgame.ZoneSlots``)
        shape: list[tuple[int, Any, tuple[int, ...], tuple[int, ...]]] = [(0, None, (), ())] * len(plan)
        zeros: dict[int, Any] = {}
        # zones of one kind (every seat's hand, every seat's story) have equal offset tuples, a definition count
        # long each: one object per distinct tuple keeps what the writes read four times smaller in Mythos
        shared: dict[tuple[int, ...], tuple[int, ...]] = {}
        for (z, _base, _visibility, _owner), zs in zip(plan, self.layout.zone_slots):
            size = zs.size
            if size not in zeros:
                zeros[size] = memoryview(array("f", bytes(4 * size)))
            shape[z] = (size, zeros[size], shared.setdefault(zs.copy_at, zs.copy_at),
                        shared.setdefault(zs.turn_at, zs.turn_at))
        self._shape = shape
        # per table zone: whether any definition has a turned slot in it (else the turned flags are not read)
        self._zone_turns = [any(turn_at) for _size, _zeros, _copy_at, turn_at in shape]
        make = Kernel if self.compiled else PyKernel
        self._kernel: Any = make(self.size, self.ndef, self._copies_value, self._card_value,
                                 [copy_at for _size, _zeros, copy_at, _turn_at in shape],
                                 [turn_at for _size, _zeros, _copy_at, turn_at in shape], self._zone_turns,
                                 self._turned, self._var_spans, self.var_cap)
        self._common_filled = [_EMPTY] * len(plan)
        self._vars_seen: Any = None  # the variables as last fetched (lists copied)
        self._vars_block: Any = self._common_m[self.vars_at:self.vars_at + self._var_count]  # their slots in it

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
        """A new memo for ``seat``: what it sees of each zone (``_DECK``, ``_OPEN``, ``_OTHERS``), and which zones
        it sees otherwise than the common table."""
        kinds: list[tuple[int, int]] = [(0, 0)] * len(self._last_plan)
        for z, base, visibility, owner in self._last_plan:
            if visibility is _HIDDEN:
                kinds[z] = (_DECK, base)
            elif visibility is _PUBLIC or seat == owner:
                kinds[z] = (_OPEN, base)
            else:
                kinds[z] = (_OTHERS, base)
        rule = [(d.visible_to(seat), d.visibility is not _HIDDEN) for d in state.table.decls]
        own = [z for z, ((kind, _base), (common, _b)) in enumerate(zip(kinds, self._common_kinds)) if kind != common]
        memo = self._memos[seat] = _SeatMemo(kinds, rule, own)
        return memo

    # --- encoding -----------------------------------------------------------------------------------
    def encode_seat(self, state: CardState, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The observation of ``seat``: equal to ``CardObservation.encode(state.view(seat))``.

        ``out`` (a C-contiguous ``float32`` vector of ``size``, e.g. one row of a batch) is overwritten and
        returned; without it a new array is. Either way it starts as a copy of the common table (brought up to
        date first: the class docstring), then the seat's own zones, the zones some seats see apart and the
        decision are written over it.
        """
        if out is not None and (out.dtype != np.float32 or out.shape != (self.size,) or not out.flags.c_contiguous):
            raise ValueError(f"out must be a C-contiguous float32 array of shape ({self.size},)")
        t = state.table
        table = self._table
        if t.decls is not self._last_decls or table.plan is not self._last_plan:
            self._zone_plan(state)
            if table.plan is not self._last_plan:  # other zones: every record starts afresh
                self._reset(self._last_plan)
                table = self._table
        bumped = table.update(t)
        if bumped:
            # the zones seen apart by some seats: those of the cards in ``special``. Kept while nothing changed: a
            # card joins or leaves ``special`` only when its flags or ``known`` change, and changes zone only when
            # it moves, and either bumps its zone
            special = table.special
            apart = table.apart = {t.zone[i] for i in special} if special else ()
            self._write_common(t, table, apart, bumped)
        else:
            apart = table.apart
        version = table.version
        values = state.vars
        fetched = self._fetch_vars(values)
        if self.compiled:
            # in C, each slot whose value object changed; if it cannot (a list variable of another length), the
            # whole block is written here, as the reference reads it, and the kernel forgets what it wrote
            if not self._kernel.vars(self._vars_block, fetched, self._scaled):
                self._vars_changed(values, fetched, everything=True)
                self._kernel.forget_vars()
        elif fetched != self._vars_seen:
            self._vars_changed(values, fetched)
        if out is None:
            obs = self._common.copy()
        else:
            obs = out
            out[...] = self._common
        m: Any = memoryview(obs)  # type: ignore[arg-type]  # (numpy arrays are buffers; typing.cast costs a call)
        memo = self._memos.get(seat)
        if memo is None:
            memo = self._seat_memo(state, seat)
        # the zones the seat sees otherwise than the common table: its own (its hand), and those holding a card
        # some seats see and others not; each block kept per seat with the zone's version it shows
        kinds, blocks, shape = memo.kinds, memo.blocks, self._shape
        for z in memo.own if not apart else apart.union(memo.own):
            kind, base = kinds[z]
            kept = blocks.get(z)
            block, zeros = shape[z][0], shape[z][1]
            if kept is not None and kept[0] == version[z]:
                m[base:base + block] = kept[1]
            else:
                m[base:base + block] = zeros
                self._write_block(m, kind, z, base, t.zones[z], t, table, 1 << seat, seat)
                blocks[z] = (version[z], memoryview(m[base:base + block].tobytes()).cast("f"))
        decision = state.decision
        if decision is not None and decision.player == seat:
            self._write_options(memo, t, seat, decision, m)
        return obs

    def _write_common(self, t: Any, table: _Table, apart: Any, bumped: Any) -> None:
        """Write again the blocks of the common table whose zone changed at this call (``bumped``: the common table
        follows every call). A zone seen apart is left as it is: every seat's observation writes it over, and it
        changes again before it is no longer seen apart."""
        m, kinds, filled = self._common_m, self._common_kinds, self._common_filled
        version, shown, zones, shape = table.version, self._common_version, t.zones, self._shape
        for z in bumped:
            if z in apart or shown[z] == version[z]:
                continue
            shown[z] = version[z]
            kind, base = kinds[z]
            cards = zones[z]
            if filled[z] == _FACES:
                m[base:base + shape[z][0]] = shape[z][1]
            if cards:
                # no card of the zone is face down or shown to some seats only: what every seat of its kind sees
                filled[z] = _FACES if self._write_block(m, kind, z, base, cards, t, table, -1, None) else _COUNT
            else:
                m[base] = 0.0
                filled[z] = _EMPTY

    def _write_block(self, m: Any, kind: int, z: int, base: int, cards: list[int], t: Any, table: _Table, bit: int,
                     seat: int | None) -> bool:
        """The block of table zone ``z`` into ``m`` (zeroed but for its count): its count, then the visible copies
        and turned copies by its slots (``cardgame.ZoneSlots``), the face rule of ``CardState._table_view`` for
        ``seat`` (``bit``: its bit in ``known``; for the common table -1 and None: every card known to someone is
        known to all there). Returns whether any card showed its face."""
        n = len(cards)
        if not n:
            return False
        known, flags, defn = t.known, t.flags, t.defn
        m[base] = self._count_value[n if n < self._count_cap else self._count_cap]
        known_cards, face_down = table.known_cards, table.face_down
        seen: Any
        if kind == _OPEN:
            if face_down and not face_down.isdisjoint(cards):
                # a face-down card the seat may not look at is counted, nothing more
                ctrl = t.ctrl
                seen = [i for i in cards if not flags[i] & FACE_DOWN or known[i] & bit or ctrl[i] == seat]
            else:
                seen = cards
        elif kind == _DECK:
            # a deck: only a card the seat was shown has a face for it
            if not known_cards or known_cards.isdisjoint(cards):
                return False
            seen = [i for i in known_cards.intersection(cards) if known[i] & bit]
        else:
            # another seat's zone: only a card the seat was shown, or its own face-down card, shows its face
            if (not known_cards or known_cards.isdisjoint(cards)) and (not face_down or face_down.isdisjoint(cards)):
                return False
            ctrl = t.ctrl
            seen = [i for i in cards if known[i] & bit or (flags[i] & FACE_DOWN and ctrl[i] == seat)]
        return self._kernel.copies(m, z, base, seen, defn, flags)

    def _write_options(self, memo: _SeatMemo, t: Any, seat: int, decision: Any, m: Any) -> None:
        """The seat's own decision (over the common table's zeros): whose decision it is, one block per option
        (presence, kind bucket, the card it names)."""
        m[0] = 1.0
        self._kernel.options(m, self.options_at, self.option_stride, 1 + self.kind_buckets, decision.options,
                             self.max_options, self._read_action, t.flags, t.known, t.defn, t.zone, t.ctrl,
                             memo.rule, 1 << seat, seat)

    def _read_action(self, action: Any) -> tuple[Any, int, int | None]:
        """(``action``, the slot of its kind's bucket, the card instance it names if any): what the kernels keep
        of an option, read once per action object (``PyKernel.options``, ``Kernel.options``)."""
        kind: Any = action.kind
        card: Any = None
        for key, v in action.params:  # as ``Action.to_dict``: a parameter may shadow ``kind``
            if key == "card":
                card = v
            elif key == "kind":
                kind = v
        return action, self._bucket_slot[kind], card if card.__class__ is int and card >= 0 else None

    def _vars_changed(self, values: dict[str, Any], fetched: tuple[Any, ...], everything: bool = False) -> None:
        """The variables differ from the last ones: their block of the common table (``_vars_block``) written
        again — only the slots of the names that changed when it can (not ``everything``)."""
        old, spans = self._vars_seen, self._var_spans
        if old is not None and spans is not None and not everything:
            block, seen = self._vars_block, list(old)
            small, cap, scaled, patterns = self._small, self._var_cap_int, self._scaled, self._var_patterns
            for j in compress(range(len(fetched)), map(ne, fetched, old)):
                v = fetched[j]
                at, n, is_list = spans[j]
                if not is_list:
                    block[at] = small[v] if v.__class__ is int and 0 <= v <= cap else scaled[v]
                    seen[j] = v
                elif v.__class__ is list and len(v) == n:
                    # the same few value lists recur (a seat's sanity, positions): their slot values are kept
                    key = tuple(v)
                    pattern = patterns.get(key)
                    block[at:at + n] = self._var_pattern(key) if pattern is None else pattern
                    seen[j] = v.copy()
                else:
                    break  # a list of another length: the whole block, as the reference reads it
            else:
                self._vars_seen = tuple(seen)
                return
        self._vars_block[:] = self._var_values(values)
        self._vars_seen = tuple([v.copy() if v.__class__ is list else v for v in fetched])

    def _var_pattern(self, key: tuple[Any, ...]) -> Any:
        """The float32 slot values of a list variable's values ``key``, kept (bounded) for the next time."""
        pattern = memoryview(array("f", map(self._scaled.__getitem__, key)))
        if len(self._var_patterns) >= 4096:
            self._var_patterns.clear()
        self._var_patterns[key] = pattern
        return pattern

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
