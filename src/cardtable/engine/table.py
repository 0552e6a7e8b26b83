"""Card instances as flat arrays, and the zones that hold them.

Why flat arrays: search and simulation clone the state constantly. A card instance is an index ``i``;
its definition, owner, controller, zone, flags and host live at position ``i`` of a few int lists, and
each zone is a list of instance ids in order. Cloning the whole table is copying those lists (a few
microseconds for a hundred cards), never walking an object graph.

The table knows nothing of any game: a game declares its zones (name, visibility, owner, whether they
count as "in play") and names its own flags on top of the two the engine needs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from ..core import Visibility

# enum members read as module names: ``Visibility.PUBLIC`` is a slow class-attribute look-up on the hot paths
_PUBLIC, _OWNER, _HIDDEN = Visibility.PUBLIC, Visibility.OWNER, Visibility.HIDDEN

NO_CARD = -1

# ``seen`` bits: where a card instance has been during the game (the balance lab's per-card figures).
HELD = 1  # it has been in its owner's hand (drawn, or dealt in the opening hand)
PLAYED = 2  # it has been in play, or played (a zone declared ``played``: an event resolving from it)
DECKED = 4  # it has been in a deck (an ordered zone): it belongs to its owner's deck, not e.g. a leader

# Flag bits the engine itself reads; games add theirs from ``FIRST_GAME_FLAG`` upwards.
EXHAUSTED = 1
FACE_DOWN = 2
FIRST_GAME_FLAG = 4

ALL_SEATS = -1  # ``known`` value: every seat and every spectator has seen the card


@dataclass(frozen=True, slots=True)
class ZoneDecl:
    """One zone of a game: who may see its cards, whose it is, and whether its cards are in play.

    ``visibility`` follows core's model: PUBLIC (everyone; a face-down card still hides its face),
    OWNER (only ``owner``), HIDDEN (nobody — a deck; its owner included unless a card is known to him).
    """

    name: str
    visibility: Visibility
    owner: int | None = None
    in_play: bool = False
    ordered: bool = False  # True when order matters and is secret (a deck): views never hint at it
    hand: bool = False  # a player's hand: a card that enters it counts as drawn (``CardTable.seen``)
    # a card that enters it counts as played though the zone is not in play: where a card waits while it
    # is being played (an event never enters play, yet it was played) or where a played card goes outside
    # the field (Mythos' Acquired Adventures, MY-6.13.4) — ``CardTable.seen``
    played: bool = False
    # What the zone can hold, for the RL observation's layout (``cardtable.rl.cardgame``): the card types
    # (``CardState.definition_types``) its rules let into it, () for every type; and the types whose cards can
    # be turned there (the game's ``CardState.TURNED_FLAG``), None for every held type when the zone is in
    # play and none otherwise. Why: the observation keeps slots per zone and definition, and most zones can
    # hold few kinds of card (a threat zone monsters, a won pile story cards), so declaring it shrinks the
    # observation four times in Mythos. A card of another type that an effect puts there still counts, in
    # the zone's "other" slot.
    holds: tuple[str, ...] = ()
    turns: tuple[str, ...] | None = None

    def visible_to(self, seat: int | None) -> bool:
        if self.visibility is _PUBLIC:
            return True
        return self.visibility is _OWNER and seat is not None and seat == self.owner


class TableLog:
    """What changed on a table since the one watching it last looked (``CardTable.log``).

    Why: an RL environment observes the same table after every step, and from one step to the next a card or
    two change, or none. Without a log the watcher can only tell by comparing the whole table with a copy it
    keeps, which costs more than the step's rules.

    The contract that makes the log complete: during a game, ``zones``, ``zone``, ``flags``, ``known`` and
    ``ctrl`` change only through this class's methods (``move``, ``set_flag``, ``set_flags``, ``set_ctrl``,
    ``forget``, ``reveal_to``, ``shuffle``...), each of which logs the card, and the zone a card left. Code
    that rebuilds a table's lists wholesale (``CardState.sample``) ends with ``reindex`` or ``defs_rewritten``,
    which set ``everything``, as do ``add`` and ``add_many``: the watcher then compares the whole table.
    ``tests/engine/test_table_log.py`` holds the sources to this and replays seeded games of every card game
    checking that the log names every change. Hosts, owners, counters and ``seen`` are not logged (the
    observation does not read them).
    """

    __slots__ = ("cards", "zones", "everything")

    def __init__(self) -> None:
        self.cards: set[int] = set()  # cards moved, or whose flags, ``known`` or controller a method changed
        self.zones: set[int] = set()  # zones a card left (the zone it is in now is its ``zone``)
        self.everything = False  # definitions rewritten or the table rebuilt: compare it all


def _decrement(index: dict[int, int], key: int) -> None:
    """One fewer under ``key`` in a count index (``links``, ``counted``); a count of 0 is no entry."""
    left = index[key] - 1
    if left:
        index[key] = left
    else:
        del index[key]


class CardTable:
    """Every card instance of one game: ``defn[i]`` is an index into the game's catalog."""

    __slots__ = ("decls", "zone_ids", "marks", "public", "ordered", "in_play_zone", "defn", "owner", "ctrl", "zone",
                 "flags", "host", "known", "seen", "counters", "zones", "links", "counted", "defs_memo", "stamp", "log")

    def __init__(self, decls: Sequence[ZoneDecl]) -> None:
        self.decls = tuple(decls)
        self.zone_ids = {d.name: z for z, d in enumerate(self.decls)}
        # per zone, the ``seen`` bits a card gets by entering it (one OR per move keeps it free)
        self.marks = tuple((HELD if d.hand else 0) | (PLAYED if d.in_play or d.played else 0) | (DECKED if d.ordered else 0)
                           for d in self.decls)
        # per zone, what a move reads of its declaration (tuples shared by copies)
        self.public = tuple(d.visibility is _PUBLIC for d in self.decls)
        self.ordered = tuple(d.ordered for d in self.decls)
        self.in_play_zone = tuple(d.in_play for d in self.decls)
        self.defn: list[int] = []
        self.owner: list[int] = []
        self.ctrl: list[int] = []
        self.zone: list[int] = []
        self.flags: list[int] = []
        self.host: list[int] = []
        self.known: list[int] = []  # bit s set: seat s knows this card's face although its zone hides it
        # HELD / PLAYED: where the instance has been. A record of the game for statistics, never shown
        # in a view (who drew what is as secret as the hand was).
        self.seen: list[int] = []
        self.counters: dict[tuple[int, str], int] = {}
        self.zones: list[list[int]] = [[] for _ in self.decls]
        # host -> how many cards are attached to it: ``attachments`` of a card that holds nothing (nearly
        # every card) is then one dict look-up instead of a scan of ``host``. Kept by ``attach`` and
        # ``move``; code that writes ``host`` directly calls ``reindex``.
        self.links: dict[int, int] = {}
        # card -> how many counters it has (``counters`` keys), so that a move drops a card's counters
        # without scanning every counter of the table; kept by ``add_counter``/``set_counter``/``move``
        self.counted: dict[int, int] = {}
        # What a game derives from ``defn`` as a whole (which definitions the game's instances have, hidden ones
        # included), kept so that it is computed once per game rather than at every trigger window: see
        # ``defs_rewritten``. Opaque to the engine; copies share it, so it must be immutable.
        self.defs_memo: Any = None
        # Counts the changes to ``zones``, ``counters`` and ``defn``: every method that changes one of them adds 1
        # (``add``, ``add_many``, ``move``, ``shuffle``, ``set_counter``, ``add_counter``, ``defs_rewritten``,
        # and ``reindex``, which code that wrote them directly calls). A game may keep what it reads from
        # them under (this table, ``stamp``): while both are the same, so is what it read. Flags, hosts and
        # ``known`` are not counted. Nothing outside this class writes ``zones`` or ``counters`` in place,
        # except ``CardState.sample`` on a table it has just made (it calls ``reindex`` after).
        self.stamp = 0
        # Who watches this table, if anyone (``TableLog``): None in plain play, which then pays one test per
        # change. A copy is not watched.
        self.log: TableLog | None = None

    def defs_rewritten(self) -> None:
        """Forget ``defs_memo``; every change to ``defn`` must be followed by this call. ``add`` and
        ``add_many`` make it themselves. The code that writes ``defn`` in place redraws hidden cards:
        ``CardState.sample`` and ``bots.deals.DealSampler`` call it after their redraw and again after the
        game's ``_fit_sample`` (which may exchange definitions, e.g. Mythos ``costs.py``). Nothing else changes
        ``defn`` during a game: cards move and change hands, never definitions."""
        self.defs_memo = None
        self.stamp += 1
        if self.log is not None:
            self.log.everything = True

    # --- building and copying ---------------------------------------------------------------------
    def add(self, defn: int, owner: int, zone: str, flags: int = 0) -> int:
        """Create an instance at the end (top) of ``zone``; returns its id."""
        i = len(self.defn)
        z = self.zone_ids[zone]
        self.defn.append(defn)
        self.owner.append(owner)
        self.ctrl.append(owner)
        self.zone.append(z)
        self.flags.append(flags)
        self.host.append(NO_CARD)
        self.known.append(0)
        self.seen.append(self.marks[z])
        self.zones[z].append(i)
        self.defs_rewritten()  # (a new card: a new definition list)
        return i

    def add_many(self, defns: Sequence[int], owner: int, zone: str) -> None:
        """``add`` each of ``defns`` in order (a deck being laid out): the same instances, built a list at a
        time."""
        first, n, z = len(self.defn), len(defns), self.zone_ids[zone]
        self.defn.extend(defns)
        self.owner.extend([owner] * n)
        self.ctrl.extend([owner] * n)
        self.zone.extend([z] * n)
        self.flags.extend([0] * n)
        self.host.extend([NO_CARD] * n)
        self.known.extend([0] * n)
        self.seen.extend([self.marks[z]] * n)
        self.zones[z].extend(range(first, first + n))
        self.defs_rewritten()  # (a new card: a new definition list)

    def copy(self) -> "CardTable":
        t = CardTable.__new__(CardTable)
        t.decls, t.zone_ids, t.marks = self.decls, self.zone_ids, self.marks
        t.public, t.ordered, t.in_play_zone = self.public, self.ordered, self.in_play_zone
        t.defn, t.owner, t.ctrl, t.zone = self.defn.copy(), self.owner.copy(), self.ctrl.copy(), self.zone.copy()
        t.flags, t.host, t.known, t.seen = self.flags.copy(), self.host.copy(), self.known.copy(), self.seen.copy()
        t.counters = self.counters.copy()
        t.zones = [z.copy() for z in self.zones]
        t.links = self.links.copy()
        t.counted = self.counted.copy()
        t.defs_memo = self.defs_memo  # (immutable: a copy whose ``defn`` is rewritten forgets it, the original keeps it)
        t.stamp = self.stamp  # (a memo is kept with its table: a copy is another table)
        t.log = None  # (a watcher watches one table)
        return t

    def __len__(self) -> int:
        return len(self.defn)

    # --- queries ----------------------------------------------------------------------------------
    def zid(self, name: str) -> int:
        return self.zone_ids[name]

    def cards(self, zone: str) -> list[int]:
        """The instances in ``zone``, bottom first (a deck's top card is the last)."""
        return self.zones[self.zone_ids[zone]]

    def zone_name(self, i: int) -> str:
        return self.decls[self.zone[i]].name

    def in_play(self, i: int) -> bool:
        return self.in_play_zone[self.zone[i]]

    def has(self, i: int, flag: int) -> bool:
        return bool(self.flags[i] & flag)

    def attachments(self, host: int) -> list[int]:
        """Cards attached to ``host``, in the order of their instance ids."""
        if host not in self.links:
            return []
        hosts = self.host
        try:
            k = hosts.index(host)  # a C-speed scan (``links`` says there is at least one)
        except ValueError:
            return []
        out = [k]
        try:  # a host holds one or two cards: a C-speed scan to each, not a Python loop over the table
            while True:
                k = hosts.index(host, k + 1)
                out.append(k)
        except ValueError:
            return out

    def counter(self, i: int, name: str) -> int:
        return self.counters.get((i, name), 0)

    # --- changes ----------------------------------------------------------------------------------
    def set_flag(self, i: int, flag: int, on: bool = True) -> None:
        self.flags[i] = (self.flags[i] | flag) if on else (self.flags[i] & ~flag)
        if self.log is not None:
            self.log.cards.add(i)

    def set_flags(self, i: int, flags: int) -> None:
        """All of card ``i``'s flags at once (a card entering play with its own, or losing them all)."""
        self.flags[i] = flags
        if self.log is not None:
            self.log.cards.add(i)

    def set_ctrl(self, i: int, seat: int) -> None:
        """Card ``i`` changes controller."""
        self.ctrl[i] = seat
        if self.log is not None:
            self.log.cards.add(i)

    def forget(self, i: int) -> None:
        """No seat knows card ``i``'s face any more beyond what its zone shows (``known`` cleared)."""
        self.known[i] = 0
        if self.log is not None:
            self.log.cards.add(i)

    def add_counter(self, i: int, name: str, n: int) -> int:
        """Add ``n`` (may be negative) to a counter, never below 0; returns the new value."""
        value = max(0, self.counters.get((i, name), 0) + n)
        if value:
            self.set_counter(i, name, value)
        elif (i, name) in self.counters:
            del self.counters[(i, name)]
            _decrement(self.counted, i)
            self.stamp += 1
        return value

    def set_counter(self, i: int, name: str, value: int) -> None:
        """Set counter ``name`` of card ``i`` to ``value`` (kept even at 0: a game may mark a card with it).
        Rules write counters only through this and ``add_counter`` (``counted`` indexes them)."""
        if (i, name) not in self.counters:
            self.counted[i] = self.counted.get(i, 0) + 1
        self.counters[(i, name)] = value
        self.stamp += 1

    def move(self, i: int, zone: str, *, bottom: bool = False, flags: int | None = None) -> None:
        """Move instance ``i`` to the top (or bottom) of ``zone``.

        A card that changes zone is a new object (the common rule of all three card games): its
        counters go, and its host link is cut. Its own attachments are *not* moved here — the caller
        decides where they go (``detach_all``) so that each game's "leaves with the host" rule is its
        own event.
        """
        z = self.zone_ids[zone]
        src = self.zone[i]
        self.stamp += 1
        if self.log is not None:
            self.log.cards.add(i)
            self.log.zones.add(src)
        public = self.public
        source_public = public[src] and not self.flags[i] & FACE_DOWN
        cards = self.zones[src]
        if cards[-1] == i:
            cards.pop()  # the common case, a deck's top card (the last): no scan of the whole pile
        else:
            cards.remove(i)
        if bottom:
            self.zones[z].insert(0, i)
        else:
            self.zones[z].append(i)
        self.zone[i] = z
        self.seen[i] |= self.marks[z]
        if self.host[i] != NO_CARD:
            _decrement(self.links, self.host[i])
            self.host[i] = NO_CARD
        if flags is not None:
            self.flags[i] = flags
        if self.ordered[z]:
            self.known[i] = 0  # into a secret order: nobody can tell which card it is any more
        elif source_public and not public[z]:
            self.known[i] = ALL_SEATS  # everyone saw it go (e.g. returned to a hand)
        if i in self.counted:
            self._drop_counters(i)

    def order_top(self, zone: str, cards: Sequence[int]) -> None:
        """Put the top ``len(cards)`` cards of ``zone`` back in the order ``cards`` (bottom first, the last on
        top): a player rearranging the cards they looked at. Refuses anything but those same cards."""
        z = self.zone_ids[zone]
        pile = self.zones[z]
        k = len(cards)
        if k > len(pile) or sorted(pile[len(pile) - k:]) != sorted(cards):
            raise ValueError(f"order_top: {list(cards)} are not the top {k} cards of {zone}")
        pile[len(pile) - k:] = cards
        self.stamp += 1
        if self.log is not None:
            self.log.zones.add(z)

    def _drop_counters(self, i: int) -> None:
        """A card that changes zone loses its counters (``move``'s rule; rare, so not inlined)."""
        for key in [k for k in self.counters if k[0] == i]:
            del self.counters[key]
        del self.counted[i]

    def move_top(self, src: str, zone: str, n: int, *, flags: int | None = None) -> list[int]:
        """Move the top ``n`` cards of ``src`` (``n`` at most its size) to ``zone`` one at a time, top card
        first, and return them in that order: ``move_from(src, <those cards>, zone, flags=flags)``."""
        pile = self.zones[self.zone_ids[src]]
        moved = pile[len(pile) - n:]
        moved.reverse()  # the top card (the last) goes first
        self.move_from(src, moved, zone, flags=flags)
        return moved

    def move_from(self, src: str, cards: Sequence[int], zone: str, *, flags: int | None = None) -> None:
        """``move(i, zone, flags=flags)`` for each of ``cards`` in order, every one of them in ``src`` now.
        Why: a game that moves several cards between the same two zones at once (a refill's draws, a hand
        adjustment's discards) pays for the zone look-ups once instead of per card; the per-card steps and
        their order are ``move``'s."""
        s, z = self.zone_ids[src], self.zone_ids[zone]
        pile, into = self.zones[s], self.zones[z]
        self.stamp += len(cards)
        if self.log is not None:
            self.log.cards.update(cards)
            self.log.zones.add(s)
        source_public, to_hidden, ordered, mark = self.public[s], not self.public[z], self.ordered[z], self.marks[z]
        cards_zone, seen, host, card_flags, known, counted = self.zone, self.seen, self.host, self.flags, self.known, self.counted
        for i in cards:
            shown = source_public and not card_flags[i] & FACE_DOWN  # (read before the flags change, as ``move``)
            if pile[-1] == i:
                pile.pop()
            else:
                pile.remove(i)
            into.append(i)
            cards_zone[i] = z
            seen[i] |= mark
            if host[i] != NO_CARD:
                _decrement(self.links, host[i])
                host[i] = NO_CARD
            if flags is not None:
                card_flags[i] = flags
            if ordered:
                known[i] = 0
            elif shown and to_hidden:
                known[i] = ALL_SEATS
            if i in counted:
                self._drop_counters(i)

    def attach(self, i: int, host: int) -> None:
        """Attach ``i`` to ``host`` (``NO_CARD``: detach it)."""
        old = self.host[i]
        if old != NO_CARD:
            _decrement(self.links, old)
        self.host[i] = host
        if host != NO_CARD:
            self.links[host] = self.links.get(host, 0) + 1

    def reindex(self) -> None:
        """Rebuild ``links`` from ``host`` and ``counted`` from ``counters`` (after code wrote them directly,
        e.g. a snapshot load or a sampled state)."""
        links: dict[int, int] = {}
        for h in self.host:
            if h != NO_CARD:
                links[h] = links.get(h, 0) + 1
        self.links = links
        counted: dict[int, int] = {}
        for i, _name in self.counters:
            counted[i] = counted.get(i, 0) + 1
        self.counted = counted
        self.stamp += 1
        if self.log is not None:
            self.log.everything = True

    def shuffle(self, zone: str, rng: Any) -> None:
        """Shuffle a zone; nobody knows any card of it afterwards."""
        cards = self.zones[self.zone_ids[zone]]
        self.stamp += 1
        rng.shuffle(cards)
        for i in cards:
            self.known[i] = 0
        if self.log is not None:
            self.log.cards.update(cards)

    # --- seats' knowledge -------------------------------------------------------------------------
    def face_visible(self, i: int, seat: int | None) -> bool:
        """May ``seat`` (``None`` = a spectator) see which card instance ``i`` is?

        A face-down card in a visible zone shows its face only to its controller; a card a seat was
        shown (``known``) stays visible to it until it goes into a secret order again.
        """
        known = self.known[i]
        if known == ALL_SEATS or (seat is not None and known >> seat & 1):
            return True
        decl = self.decls[self.zone[i]]
        if self.flags[i] & FACE_DOWN:
            return seat is not None and seat == self.ctrl[i] and decl.visibility is not _HIDDEN
        return decl.visible_to(seat)

    def reveal_to(self, i: int, seats: Iterable[int]) -> None:
        for s in seats:
            self.known[i] |= 1 << s
        if self.log is not None:
            self.log.cards.add(i)

    def reveal_to_all(self, i: int) -> None:
        self.known[i] = ALL_SEATS
        if self.log is not None:
            self.log.cards.add(i)

    # --- snapshots --------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "defn": list(self.defn), "owner": list(self.owner), "ctrl": list(self.ctrl),
            "flags": list(self.flags), "host": list(self.host), "known": list(self.known), "seen": list(self.seen),
            "counters": [[i, name, n] for (i, name), n in sorted(self.counters.items())],
            "zones": {d.name: list(self.zones[z]) for z, d in enumerate(self.decls)},
        }

    @classmethod
    def from_dict(cls, decls: Sequence[ZoneDecl], d: Mapping[str, Any]) -> "CardTable":
        """Rebuild from ``to_dict``; raises ``ValueError`` naming the first inconsistency."""
        t = cls(decls)
        n = len(d["defn"])
        for key in ("defn", "owner", "ctrl", "flags", "host", "known", "seen"):
            if key == "seen" and key not in d:  # a snapshot built by hand (a scenario) need not say
                t.seen = [0] * n
                continue
            column = d[key]
            if not isinstance(column, list) or len(column) != n or not all(type(v) is int for v in column):
                raise ValueError(f"table.{key} must be a list of {n} integers")
            setattr(t, key, list(column))
        t.zone = [NO_CARD] * n
        zones = d["zones"]
        if not isinstance(zones, Mapping) or set(zones) != set(t.zone_ids):
            raise ValueError(f"table.zones must name exactly the zones {sorted(t.zone_ids)}")
        for name, cards in zones.items():
            z = t.zone_ids[name]
            if not isinstance(cards, list) or not all(type(i) is int and 0 <= i < n for i in cards):
                raise ValueError(f"table.zones.{name} must list card instances 0..{n - 1}")
            for i in cards:
                if t.zone[i] != NO_CARD:
                    raise ValueError(f"card instance {i} is in two zones")
                t.zone[i] = z
            t.zones[z] = list(cards)
        if NO_CARD in t.zone:
            raise ValueError(f"card instance {t.zone.index(NO_CARD)} is in no zone")
        for entry in d.get("counters", []):
            i, name, value = entry
            t.counters[(int(i), str(name))] = int(value)
        t.reindex()
        return t
