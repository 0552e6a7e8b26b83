"""The Call of Cthulhu state on the card-game engine: zones, variables and what the rules compute.

Zones (CC-3): per player ``deck``, ``hand``, ``play`` (characters and supports; an attachment is a
card in ``play`` whose host link names its host), ``discard``, ``won`` and one resource zone per
domain ``res:P:D`` (public, out of play, CC-3.13); shared ``story_deck``, the three story slots
``row:0..2`` and ``resolving`` (an event or card being played, public). Domains are markers, not
cards (CC-3.1): their drained state is ``vars["drained"][3*P+D]``. Success tokens are
``vars["tokens"][2*slot+P]``; they belong to the slot's story and go when it leaves the row.

Per card: ``EXHAUSTED``, ``INSANE`` flags; counters ``wounds``, ``story`` (slot + 1 it is committed
to, CC-3.16) and ``seq`` (when it entered play — "the first one stays", CC-10.5).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from string import Formatter
from typing import Any, Container, Iterable, Mapping, Sequence

from ...core import Action, IllegalActionError, Visibility, shared_action
from ...engine import EXHAUSTED, FIRST_GAME_FLAG, CardState, CardTable, OpTable, ZoneDecl, lasting_total
from ...engine.triggers import matching, source_in_place
from ...engine.frames import thaw
from ...engine.lazy import Lazy, materialize
from . import effects
from .defs import STRUGGLES, CardDef, Defs

INSANE = FIRST_GAME_FLAG

STORIES_TO_WIN = 3
TOKENS_TO_WIN_STORY = 5
STORY_ROW_SIZE = 3
DOMAINS_PER_PLAYER = 3
OPENING_DRAW = 8
OPENING_RESOURCES = 3
DRAW_PER_TURN = 2
FIRST_TURN_DRAW = 1
RESOURCES_PER_TURN = 1

OPS = OpTable()  # the game's ops (rules.py registers them); the state class joins them with the engine's


# What each zone can hold (``ZoneDecl.holds``, CC-3): a player's deck holds characters, supports and events
# (CC-2.1), and so do the zones its cards go to; only characters and supports enter a play area, and story
# cards stay in the story deck, the row and the won piles. Cards exhaust only in play areas (CC-3.5).
DECK_CARDS = ("character", "support", "event")
STORIES = ("story",)


def zones_for(players: int) -> list[ZoneDecl]:
    zones: list[ZoneDecl] = []
    for p in range(players):
        zones += [
            ZoneDecl(f"deck:{p}", Visibility.HIDDEN, p, ordered=True, holds=DECK_CARDS),
            ZoneDecl(f"hand:{p}", Visibility.OWNER, p, hand=True, holds=DECK_CARDS),
            ZoneDecl(f"play:{p}", Visibility.PUBLIC, p, in_play=True, holds=("character", "support")),
            ZoneDecl(f"discard:{p}", Visibility.PUBLIC, p, holds=DECK_CARDS),
            ZoneDecl(f"won:{p}", Visibility.PUBLIC, p, holds=STORIES),
        ]
        zones += [ZoneDecl(f"res:{p}:{d}", Visibility.PUBLIC, p, holds=DECK_CARDS) for d in range(DOMAINS_PER_PLAYER)]
    zones.append(ZoneDecl("story_deck", Visibility.HIDDEN, None, ordered=True, holds=STORIES))
    zones += [ZoneDecl(f"row:{s}", Visibility.PUBLIC, None, in_play=True, holds=STORIES, turns=())
              for s in range(STORY_ROW_SIZE)]
    # a card being played waits here (CC-6.11); an event resolves from it and never enters play, so
    # entering it is what counts the card as played (the balance lab's per-card figures)
    zones.append(ZoneDecl("resolving", Visibility.PUBLIC, None, played=True, holds=DECK_CARDS))
    return zones


ZONE_IDS = {d.name: z for z, d in enumerate(zones_for(2))}  # zone name -> index in the table's zone list


def zone_ids(*names: str) -> tuple[int, ...]:
    return tuple(ZONE_IDS[n] for n in names)


# Zone indices the hot paths use instead of formatting zone names (``PLAY_ZONES[p]`` is ``play:{p}``).
PLAY_ZONES = zone_ids("play:0", "play:1")
RESOURCE_ZONES = zone_ids(*(f"res:{p}:{d}" for p in range(2) for d in range(DOMAINS_PER_PLAYER)))  # [3 * p + d]
HAND_ZONE_IDS = zone_ids("hand:0", "hand:1")
DISCARD_ZONES = zone_ids("discard:0", "discard:1")
ROW_AND_HAND_ZONES = zone_ids(*(f"row:{s}" for s in range(STORY_ROW_SIZE)), "hand:0", "hand:1")
ROW_ZONES = zone_ids(*(f"row:{s}" for s in range(STORY_ROW_SIZE)))


WINDOW_LABELS = {"refresh": "Refresh phase", "draw": "Draw phase", "resource": "Resource phase",
                 "ops": "Operations phase", "attack": "After attackers commit", "defend": "After defenders commit",
                 "story_end": "After the stories", "turn_end": "End of turn"}

_WINDOW_PROMPTS = {name: f"{label}: take an action or pass" for name, label in WINDOW_LABELS.items()}

# What just happened, as the interrupt or reaction prompt names it ("Respond to Deep One Raider entering
# play?"): every card named here is public at that moment (played, in play, committed, won).
EVENT_WORDS = {"success_token_placed": "a success token being placed at story {slot}",
               "card_played": "{card} being played", "restored": "{card} being restored",
               "destroyed": "{card} being destroyed", "goes_insane": "{card} going insane",
               "committed": "{card} being committed to story {slot}", "enters_play": "{card} entering play",
               "struggle_won": "the {type} struggle won at story {slot}", "story_resolved": "story {slot} resolving",
               "sacrificed": "{card} being sacrificed", "story_won": "{story} being won"}


# the fields each event's words name (``_event_words`` looks up only those)
_WORD_FIELDS = {kind: tuple(f for _text, f, _spec, _conv in Formatter().parse(words) if f)
                for kind, words in EVENT_WORDS.items()}
_ALL_WORD_FIELDS = ("card", "story", "slot", "type")

_ICON_STATS = tuple(f"icon:{name}" for name in STRUGGLES)  # the modifier stat of each struggle's icons


class TriggerDefs(frozenset):  # type: ignore[type-arg]
    """The definitions with some kind of ability (the set itself), split by where those abilities work:
    ``in_play`` (in play or a story in the row), ``hand`` and ``discard``. A card elsewhere could not use
    one (``engine.triggers.source_in_place``), so ``trigger_sources_for`` need not list it. ``rows``: those
    of ``in_play`` that are stories (``stories``: the pool's story definitions; unknown, all of ``in_play``),
    the only ones a story row can hold — without any, the row is not walked."""

    in_play: frozenset[int]
    hand: frozenset[int]
    discard: frozenset[int]
    rows: frozenset[int]

    def __new__(cls, defs: Iterable[int] = (), in_play: Iterable[int] = (), hand: Iterable[int] = (),
                discard: Iterable[int] = (), stories: Iterable[int] | None = None) -> "TriggerDefs":
        self = super().__new__(cls, defs)
        self.in_play, self.hand, self.discard = frozenset(in_play), frozenset(hand), frozenset(discard)
        self.rows = self.in_play if stories is None else self.in_play & frozenset(stories)
        return self


_NO_DEFS = TriggerDefs()


@dataclass(frozen=True, slots=True)
class DeckFacts:
    """The game's pool indexes (``CallOfCthulhu.trigger_defs`` and the passive ones) narrowed to the definitions
    of one game's instances, hidden ones included (``CocState.facts``).

    Why: a listing asks the pool's index which cards could answer, then walks the zones for them; a card
    the game does not have can never be in a zone, so a key whose narrowed set is empty ends the listing at
    once (3 in 10 of the listings the pool's gate lets through, with the ready decks), and the passive
    scans skip the stats no card of the game changes. Only a speed-up: a narrowed set finds exactly the
    instances the pool's set finds. What a seat may be *asked* (``hidden_could_answer``, ``respondable``'s
    hand test) stays on the pool: it must not depend on hidden cards. Immutable (never written after
    ``deck_facts`` builds it), so tables share it."""

    trigger_pairs: frozenset[tuple[str, str | None]]
    trigger_defs: Mapping[tuple[str, str | None], TriggerDefs]
    passive_defs: frozenset[int]
    passive_stat_defs: Mapping[str, frozenset[int]]
    discard_triggers: frozenset[int]
    # the event kinds some interrupt or reaction of the pool, or some forced ability of the game's cards, answers:
    # ``CocState.loud_events`` (what ``respondable`` and ``matching``'s gates let through)
    loud_events: frozenset[str] = frozenset()
    # ``loud_events`` per stage of the event procedure (``CocState.event_gates``): the kinds some interrupt of the
    # pool, some forced ability of the game's cards, some reaction of the pool answers — each stage's own first gate
    event_gates: tuple[frozenset[str], frozenset[str], frozenset[str]] = (frozenset(), frozenset(), frozenset())


def deck_facts(game: Any, present: frozenset[int]) -> DeckFacts:
    """``DeckFacts`` of a game whose instances have the definitions ``present`` (the pool's sets, each
    intersected with it; keys left empty are dropped, which ``trigger_defs``' default answers the same)."""
    trigger_defs = {}
    for key, v in game.trigger_defs.items():
        if v.isdisjoint(present):
            continue
        trigger_defs[key] = TriggerDefs(v & present, v.in_play & present, v.hand & present, v.discard & present,
                                        stories=v.rows)
    stats = {}
    for stat, v in game.passive_stat_defs.items():
        if not v.isdisjoint(present):
            stats[stat] = v & present
    compiled = game.compiled
    pairs = frozenset((ab.kind, ab.event) for k in present if 0 <= k < len(compiled) for ab in compiled[k])
    interrupts = frozenset(e for a, e in game.trigger_pairs if a == "interrupt" and e is not None)
    forced = frozenset(e for a, e in pairs if a == "forced" and e is not None)
    reactions = frozenset(e for a, e in game.trigger_pairs if a == "reaction" and e is not None)
    return DeckFacts(trigger_pairs=pairs, trigger_defs=trigger_defs, passive_defs=game.passive_defs & present,
                     passive_stat_defs=stats, discard_triggers=game.discard_triggers & present,
                     loud_events=interrupts | forced | reactions, event_gates=(interrupts, forced, reactions))


class CocState(CardState):
    """A game of the Call of Cthulhu CCG (2 players)."""

    # CC-3.2: out of play a card is a new object, so it leaves its exhausted and insane states behind: a discard
    # pile shows it upright and face up, and a card put back into play from there enters ready (CC-3.10)
    IN_PLAY_FLAGS = EXHAUSTED | INSANE

    __slots__ = ("_committed_memo", "_prompt_memo", "_window_memo", "_stamp_memo")  # (table, its stamp, {(slot, seat or None): committed_at's answer})
    _stamp_memo: tuple[CardTable, int, dict[Any, Any]]  # (table, its stamp, walks of zones and definitions): ``stamped``
    _committed_memo: tuple[CardTable, int, dict[tuple[int, int | None], list[int]]]
    _prompt_memo: tuple[Any, str, CardTable, int, str]  # (event, window, table, its stamp, the prompt): window_prompt
    # (table, its stamp, action sources in play, the other ones, per seat: an action event in hand?): window_options
    _window_memo: tuple[CardTable, int, list[int], list[int], list[bool | None]]
    VARS = {
        "turn": 1, "active": 0, "first": 0, "phase": "setup", "resourced": 0, "seq": 0,
        "drained": [0] * 6, "tokens": [0] * 6, "story_phase": 0, "queued": [], "paid_from": 0,
    }
    HAND_ZONES = ("hand:{p}",)
    PASSIVE_ZONES = zone_ids("play:0", "play:1", "row:0", "row:1", "row:2")  # where passive abilities work

    # --- conceding (CC-1.7) -------------------------------------------------------------------------
    # CC-1.7: a player may concede at any time, his opponent wins (D-CT-25); ``engine.CardState.apply`` carries it out.
    CONCEDE_RULE = "CC-1.7"

    def concede_details(self) -> dict[str, Any]:
        return {"how": "concede", "turns": self.vars["turn"]}

    # --- definitions and basic reads ----------------------------------------------------------------
    @property
    def defs(self) -> Defs:
        return self.game.defs  # type: ignore[attr-defined, no-any-return]

    def card(self, i: int) -> CardDef:
        return self.game.deftuple[self.table.defn[i]]  # type: ignore[attr-defined, no-any-return]

    def active_player(self) -> int:
        return int(self.vars["active"])

    def opponent(self, p: int) -> int:
        return 1 - p

    def discard_zone(self, i: int) -> str:
        owner = self.table.owner[i]
        return f"discard:{owner}"

    def definition_count(self) -> int:
        return len(self.defs)

    def definition_types(self) -> list[str]:
        return [self.defs[d].type for d in range(len(self.defs))]

    def insane(self, i: int) -> bool:
        return bool(self.table.flags[i] & INSANE)

    def exhausted(self, i: int) -> bool:
        return bool(self.table.flags[i] & EXHAUSTED)

    def committed_slot(self, i: int) -> int | None:
        v = self.table.counters.get((i, "story"), 0)
        return None if v == 0 else v - 1

    def wounds(self, i: int) -> int:
        return self.table.counter(i, "wounds")

    def characters(self, p: int) -> list[int]:
        t, chars = self.table, self.game.character_defs  # type: ignore[attr-defined]
        defn = t.defn
        out = []
        for i in t.zones[PLAY_ZONES[p]]:
            if defn[i] in chars:
                out.append(i)
        return out

    def committed_at_any(self, p: int) -> bool:
        return any(self.committed_slot(i) is not None for i in self.characters(p))

    def can_commit(self, i: int) -> bool:
        """Not while an effect prevents it ("cannot commit")."""
        return not effects.prevented(self, "commit", i)

    def story_at(self, slot: int) -> int | None:
        cards = self.table.zones[ROW_ZONES[slot]]
        return cards[0] if cards else None

    def committed_at(self, slot: int, p: int | None = None) -> list[int]:
        """Characters committed to the story in ``slot`` (of ``p``, or of both). Callers only read the list.

        Kept for the table's ``stamp`` (``CardTable.stamp``): the answer reads only the play zones, the
        ``story`` counters and the definitions, and any change to those changes the stamp, so an answer kept
        under the same table and stamp is the one the walk would give. Three calls in four find one (the
        struggle steps, the commit and story listings ask again while only frames change)."""
        t = self.table
        try:
            memo_table, stamp, memo = self._committed_memo
        except AttributeError:  # (a new state or a clone: slots are not copied)
            memo_table = None
        if memo_table is not t or stamp != t.stamp:
            memo = {}
            self._committed_memo = (t, t.stamp, memo)
        key = (slot, p)
        got = memo.get(key)
        if got is None:
            got = memo[key] = self._committed_walk(slot, p)
        return got

    def stamped(self) -> dict[Any, Any]:
        """A dict for walks whose answer reads only the table's ``zones``, ``counters`` and ``defn`` (which cards of
        which definitions are where), emptied when the table or its ``stamp`` changes: every change to those three
        adds to the stamp (``CardTable.stamp``), so a walk kept here is the one the table would give now. What the
        stamp does not count (flags, control, hosts, lasting effects) must be read again by the caller, never kept.
        A clone starts without it (slots are not copied). Callers key their entries by a tuple naming the walk."""
        t = self.table
        try:
            m_table, m_stamp, memo = self._stamp_memo
            if m_table is t and m_stamp == t.stamp:
                return memo
        except AttributeError:  # (a new state or a clone)
            pass
        memo = {}
        self._stamp_memo = (t, t.stamp, memo)
        return memo

    def _committed_walk(self, slot: int, p: int | None) -> list[int]:
        """``committed_at`` read off the table."""
        players = range(self.players) if p is None else (p,)
        t, chars = self.table, self.game.character_defs  # type: ignore[attr-defined]
        counters, key, zones, defn = t.counters.get, slot + 1, t.zones, t.defn
        # ``characters(q)`` inlined, the committed test first (most cards in play are not committed there); a
        # plain loop, cheaper than a comprehension for the few cards found
        out = []
        for q in players:
            for i in zones[PLAY_ZONES[q]]:
                if counters((i, "story"), 0) == key and defn[i] in chars:
                    out.append(i)
        return out

    # --- effective characteristics (CC-7.21: printed + lasting modifiers, never below 0) -----------
    def skill(self, i: int) -> int:
        if self.table.flags[i] & INSANE:
            return 0
        d = self.card(i)
        if not self.lasting:  # (no lasting effect: no modifier, no "set skill")
            return max(0, d.skill + self.passive_total("skill", i))
        value = d.skill + lasting_total(self, "skill", i) + self.passive_total("skill", i)
        for s in self.lasting:
            if s[0] == "set_skill" and s[1] == i:
                value = s[2]
        return max(0, value)

    def icons(self, i: int, kind: int) -> int:
        if self.table.flags[i] & INSANE:
            return 0
        stat = _ICON_STATS[kind]
        lasting = lasting_total(self, stat, i) if self.lasting else 0
        return max(0, self.card(i).icons[kind] + lasting + self.passive_total(stat, i))

    def boosters(self, i: int, kind: int) -> int:
        if self.insane(i):
            return 0
        return self.card(i).boosters[kind]

    def has_keyword(self, i: int, keyword: str) -> bool:
        """CC-7.23 keywords as they are now: printed or granted, not removed; none while insane (CC-9.1)."""
        if self.table.flags[i] & INSANE:
            return False
        if not self.lasting:  # then only the printed keywords and passive abilities count
            if not (self.table.defs_memo or self.facts()).passive_defs:
                return keyword in self.card(i).keywords
            if self.passive_total(f"lose:{keyword}", i) > 0:
                return False
            return keyword in self.card(i).keywords or self.passive_total(f"kw:{keyword}", i) > 0
        if lasting_total(self, f"lose:{keyword}", i) > 0 or self.passive_total(f"lose:{keyword}", i) > 0:
            return False
        if lasting_total(self, "blank", i) > 0:
            return lasting_total(self, f"kw:{keyword}", i) > 0
        return keyword in self.card(i).keywords or lasting_total(self, f"kw:{keyword}", i) > 0 \
            or self.passive_total(f"kw:{keyword}", i) > 0

    def durability(self, i: int) -> int:
        """CC-7.22: 1 + Toughness bonus (granted toughness adds)."""
        bonus = 0 if self.insane(i) or lasting_total(self, "blank", i) > 0 else self.card(i).toughness
        bonus += lasting_total(self, "toughness", i) + self.passive_total("toughness", i)
        return max(1, 1 + bonus)

    def passive_total(self, stat: str, i: int) -> int:
        """What passive abilities in play add to ``stat`` of card ``i`` (effects.py computes them)."""
        if not (self.table.defs_memo or self.facts()).passive_defs:
            return 0
        return effects.passive_total(self, stat, i)

    # --- resources and costs (CC-6) ------------------------------------------------------------------
    def resources(self, p: int, d: int) -> list[int]:
        return self.table.zones[RESOURCE_ZONES[3 * p + d]]

    def resource_count(self, p: int, d: int) -> int:
        """CC-6.2: icons attached (a Transient card gives 2)."""
        deftuple, defn = self.game.deftuple, self.table.defn  # type: ignore[attr-defined]
        n = 0
        for r in self.table.zones[RESOURCE_ZONES[3 * p + d]]:
            n += len(deftuple[defn[r]].resource_icons)
        return n

    def faction_cards(self, p: int, d: int, faction: str) -> int:
        """CC-6.2: resource cards of the domain with a resource icon of ``faction`` (Transient counts 1)."""
        deftuple, defn = self.game.deftuple, self.table.defn  # type: ignore[attr-defined]
        return sum(1 for r in self.table.zones[RESOURCE_ZONES[3 * p + d]] if faction in deftuple[defn[r]].resource_icons)

    def drained(self, p: int, d: int) -> bool:
        return bool(self.vars["drained"][3 * p + d])

    def actual_cost(self, i: int, x: int = 0, sources: list[tuple[int, int]] | None = None) -> int:
        """CC-6.10: printed (or X) + increases − reductions, never below 0; a printed 0 is never reduced.
        (``sources``: ``effects.cost_sources``, found once for a whole hand.)"""
        d = self.card(i)
        printed = x if d.cost_is_x else d.cost
        if printed == 0:
            return 0

        delta, floor = effects.cost_modifiers(self, i, sources)
        cost = max(0, printed + delta)
        return max(cost, 1) if floor else cost

    def paying_domains(self, p: int, i: int, cost: int, domains: list[Any] | None = None) -> list[int]:
        """CC-6.3: undrained domains that can pay ``cost`` for card ``i`` (count, match, Loyal).
        (``domains``: ``_domains(p)``, read once for a whole hand.)"""
        if cost == 0:
            return []
        d = self.game.deftuple[self.table.defn[i]]  # type: ignore[attr-defined]  # (``card``, read inline)

        grant = bool(self.lasting) and effects.has_match_grant(self, i)
        out = []
        faction, loyal = d.faction, d.loyal  # (``loyal`` is a property: read once, not per domain)
        for dom, res, icons, count in self._domains(p) if domains is None else domains:
            if count < cost:
                continue
            if faction != "neutral" and not grant:  # CC-6.3(b) (a loop: cheaper than ``any`` over a generator)
                for ic in icons:
                    if faction in ic:
                        break
                else:
                    continue
            if loyal and (len(res) if grant else sum(1 for ic in icons if faction in ic)) < cost:
                continue  # CC-6.3(c), CC-6.7
            out.append(dom)
        return out

    def _domains(self, p: int) -> list[tuple[int, list[int], list[tuple[str, ...]], int]]:
        """``p``'s undrained domains with resources: (domain, its resource cards, their resource icons,
        ``resource_count``) — what ``paying_domains`` reads (an empty domain pays no cost above 0)."""
        drained, deftuple, defn = self.vars["drained"], self.game.deftuple, self.table.defn  # type: ignore[attr-defined]
        zones = self.table.zones
        out = []
        for dom in range(DOMAINS_PER_PLAYER):
            res = zones[RESOURCE_ZONES[3 * p + dom]]
            if drained[3 * p + dom] or not res:
                continue
            icons = []
            for r in res:
                icons.append(deftuple[defn[r]].resource_icons)
            out.append((dom, res, icons, sum(map(len, icons))))
        return out

    def steadfast_ok(self, p: int, i: int) -> bool:
        """CC-6.8: at least N resource cards of the card's faction over all your domains."""
        need = self.card(i).steadfast
        if not need:
            return True
        have = sum(self.faction_cards(p, dom, self.card(i).faction) for dom in range(DOMAINS_PER_PLAYER))
        return have >= need

    def ability_paying_domains(self, p: int, n: int) -> list[int]:
        """CC-6.9: undrained domains with at least ``n`` resources (no match needed)."""
        return [d for d in range(DOMAINS_PER_PLAYER) if not self.drained(p, d) and self.resource_count(p, d) >= n]

    def payment_options(self, player: int, cost: Any) -> list[tuple[str, Any]]:
        """Engine hook (engine.pay): ``cost`` is ``("card", i, c)`` or ``("ability", n)``."""
        if cost[0] == "card":
            _, i, c = cost
            if c == 0:
                return [("free", ())]
            domains = self.paying_domains(player, i, c)
        else:
            domains = self.ability_paying_domains(player, cost[1])
        return [(f"drain domain {d + 1} ({self.resource_count(player, d)} resources)", (d,)) for d in domains]

    def pay(self, player: int, payment: Any) -> None:
        for d in payment:
            self.vars["paid_from"] = self.resource_count(player, d)  # CC-6.5: what the domain offered
            self.drain(player, d)

    def drain(self, p: int, d: int) -> None:
        """Drain a domain; its Transient resources are discarded once it is drained (CC-6.13)."""
        self.vars["drained"][3 * p + d] = 1
        self.note("drained", {"player": p, "domain": d})
        for r in [r for r in self.resources(p, d) if self.card(r).transient]:
            self.move_card(r, self.discard_zone(r))
            self.note("transient_discarded", {"player": p, "domain": d, "card": r, "title": self.card(r).title})

    # --- who may play what ------------------------------------------------------------------------------
    def controls_title(self, p: int, title: str, excluding: int | None = None) -> bool:
        """Does ``p`` have a card titled ``title`` in play (other than ``excluding``)? (A plain loop over the play
        area's definitions: every unique card of the active player's hand asks it at each operations listing.)"""
        deftuple, defn = self.game.deftuple, self.table.defn  # type: ignore[attr-defined]
        for j in self.table.zones[PLAY_ZONES[p]]:
            if deftuple[defn[j]].title == title and j != excluding:
                return True
        return False

    def heroic_villainous_block(self, p: int, i: int) -> bool:
        """CC-7.23: Heroic and Villainous never together under one player's control (non-insane)."""
        d = self.game.deftuple[self.table.defn[i]]  # type: ignore[attr-defined]  # (``card``, read inline)
        for mine, other in (("heroic", "villainous"), ("villainous", "heroic")):
            if mine in d.keywords and any(self.has_keyword(c, other) for c in self.characters(p)):
                return True
        return False

    def hosts_for(self, p: int, i: int) -> list[int]:
        """CC-7.32: legal hosts of attachment support ``i`` (empty list: none)."""

        spec = self.card(i).attach_to
        cands = [c for q in range(self.players) for c in self.table.cards(f"play:{q}")]
        cands += [s for s in (self.story_at(k) for k in range(STORY_ROW_SIZE)) if s is not None]
        return [c for c in cands if effects.matches_filter(self, spec, c, controller=p, source=i)]

    def has_host(self, p: int, i: int) -> bool:
        """``bool(hosts_for(p, i))``, stopping at the first legal host (a listing needs only the yes or no): the same
        candidates in the same order, each asked the same pure filter."""
        spec, matches, t = self.card(i).attach_to, effects.matches_filter, self.table
        for z in PLAY_ZONES:
            for c in t.zones[z]:
                if matches(self, spec, c, controller=p, source=i):
                    return True
        for z in ROW_ZONES:
            row = t.zones[z]
            if row and matches(self, spec, row[0], controller=p, source=i):
                return True
        return False

    def play_refusal(self, p: int, i: int, x: int = 0, *, targets_last: bool = False) -> IllegalActionError | None:
        """Why ``p`` may not play hand card ``i`` now, naming the rule; None if he may.

        ``targets_last`` checks an event's condition and targets (the costly part) after everything
        else: the answer is None exactly when it is None the normal way, but the reason given for a
        refusal may differ — for listing legal plays only.
        """
        d = self.card(i)
        window = self._window_name()
        if d.type in ("character", "support"):
            if p != self.active_player() or window != "ops":
                rule = "CC-7.31" if d.type == "support" else "CC-6.14"  # the support's own rule says the same
                return IllegalActionError(rule, f"{d.title}: only the active player plays characters and supports, "
                                                "in the operations phase")
        elif d.type == "event":
            if window is None or not d.trigger.startswith("action"):
                return IllegalActionError("CC-6.14", f"{d.title} is played {d.trigger.replace(':', ' to ')}, not as an action now")
            if not targets_last:
                why = effects.event_playable(self, p, i)
                if why is not None:
                    return why
        else:
            return IllegalActionError("CC-2.1", f"{d.title} is not a card that can be played")
        if d.unique and self.controls_title(p, d.title):
            return IllegalActionError("CC-10.2", f"{d.title} is unique and you already have it in play")
        if d.type == "character" and self.heroic_villainous_block(p, i):
            return IllegalActionError("CC-7.23", f"{d.title}: you cannot control Heroic and Villainous characters at once")
        if not self.steadfast_ok(p, i):
            return IllegalActionError("CC-6.8", f"{d.title} needs {d.steadfast} resources of its faction (Steadfast)")
        if d.type == "support" and d.attach_to is not None and not self.hosts_for(p, i):
            return IllegalActionError("CC-7.32", f"{d.title} has no legal host to attach to")
        cost = self.actual_cost(i, x)
        if cost > 0 and not self.paying_domains(p, i, cost):
            rule = "CC-6.7" if d.loyal else "CC-6.6" if d.cost_is_x else "CC-6.3"  # X: bounded by the domain
            return IllegalActionError(rule, f"{d.title} costs {cost}: no undrained domain of yours can pay it "
                                            f"(enough resources{', ' if d.faction != 'neutral' else ''}"
                                            f"{'a ' + d.faction + ' resource' if d.faction != 'neutral' else ''}"
                                            f"{', Loyal' if d.loyal else ''})")
        if targets_last and d.type == "event":
            return effects.event_playable(self, p, i)
        return None

    def can_play(self, p: int, i: int, x: int = 0) -> bool:
        """``play_refusal(p, i, x) is None``, with the checks in the order cheapest and likeliest to fail
        first (listing the legal plays needs only the yes or no, not the reason)."""
        return self._can_play(p, i, x, self._window_name())

    def _can_play(self, p: int, i: int, x: int, window: str | None, sources: list[tuple[int, int]] | None = None,
                  domains: list[Any] | None = None, cost: int | None = None) -> bool:
        """``can_play`` in window ``window`` (``_window_name()``, found once for a whole hand, as are the
        cost changers ``sources`` and the paying ``domains``: see ``actual_cost``, ``paying_domains``;
        ``cost``: the actual cost, when the caller knows it is the printed one)."""
        d = self.game.deftuple[self.table.defn[i]]  # type: ignore[attr-defined]  # (``card``, read inline)
        if d.type in ("character", "support"):
            if p != self.vars["active"] or window != "ops":  # (``active_player``, read inline)
                return False
        elif d.type != "event" or not d.trigger.startswith("action") or window is None:
            return False
        if cost is None:
            cost = self.actual_cost(i, x, sources)
        if cost > 0 and not self.paying_domains(p, i, cost, domains):
            return False
        # the rest of ``play_refusal`` (its window and cost checks are the ones just made)
        if d.unique and self.controls_title(p, d.title):
            return False
        if d.type == "character" and self.heroic_villainous_block(p, i):
            return False
        if d.steadfast and not self.steadfast_ok(p, i):
            return False
        if d.type == "support" and d.attach_to is not None and not self.has_host(p, i):
            return False
        return d.type != "event" or effects.event_startable(self, p, i)

    def x_values(self, p: int, i: int) -> list[int]:
        """CC-6.6: the X a player may name (the paying domain bounds the actual cost)."""
        if not self.card(i).cost_is_x:
            return [0]
        top = max([self.resource_count(p, d) for d in range(DOMAINS_PER_PLAYER) if not self.drained(p, d)], default=0)
        return list(range(top + 1))

    def _window_name(self) -> str | None:
        stack = self.stack
        if stack and stack[-1].op == "engine.window":  # (the window asking: the common case)
            return str(stack[-1].args["name"])
        for f in reversed(stack):
            if f.op == "engine.window":
                return str(f.args["name"])
        return None

    def window_actions(self, name: str, player: int) -> Sequence[Action]:
        if name in ("interrupt", "reaction"):
            return ()
        out = []
        ops_turn = name == "ops" and player == self.vars["active"]  # (``active_player``, read inline)
        game = self.game
        deftuple, defn = game.deftuple, self.table.defn  # type: ignore[attr-defined]
        actions, others = game.action_event_defs, game.non_event_defs  # type: ignore[attr-defined]
        printed_only, top = False, 0  # (set with ``window``, below)
        window: Any = self  # not looked up yet (the stack is walked once, for the first card that needs it)
        quick_refused, compiled = _effects_ops.quick_refused, game.compiled  # type: ignore[attr-defined]
        for i in self.table.zones[HAND_ZONE_IDS[player]]:
            k = defn[i]
            if k in actions:
                # an action event whose own cheap tests fail (its phase, the flagged cards its choice needs) cannot
                # start, whatever it costs: refused before the hand's shared reads below (most events, most windows)
                if compiled[k] and quick_refused(self, i, (k, 0)):
                    continue
            elif not ops_turn or k not in others:
                continue  # CC-6.14: cheap refusals first (this runs at every window)
            d = deftuple[k]
            if window is self:  # what every card of the hand shares, read once (nothing changes meanwhile)
                window, sources, domains = self._window_name(), effects.cost_sources(self), self._domains(player)
                # With no cost changer anywhere, a card costs what is printed: one dearer than the richest
                # undrained domain is refused by ``paying_domains`` (CC-6.3(a)); it is refused here, unread
                printed_only = not sources and (not self.lasting or not any(e[0] == "cost" for e in self.lasting))
                top = 0
                for dom in domains:
                    top = max(top, dom[3])
            if not d.cost_is_x:
                if printed_only and d.cost > top:
                    continue
                if self._can_play(player, i, 0, window, sources, domains, d.cost if printed_only else None):
                    out.append(shared_action(player, "play", (("card", i),)))  # (made once per value)
                continue
            for x in self.x_values(player, i):
                if self._can_play(player, i, x, window, sources, domains):
                    out.append(Action(player, "play", (("card", i), ("x", x))))
        return out

    def window_options(self, name: str, player: int) -> list[Action]:
        """``CardState.window_options`` in one pass: the hand's plays (``window_actions``), then the seat's usable
        action abilities, as ``matching(self, "action", player, None)`` lists them.

        Why: three action-window listings in four offer nothing, and most of their cost was the generic path's
        fixed part: the pool gate, the narrowed set, both seats' cards walked for sources, the hand walked for
        events. What those walks find reads only ``zones`` and ``defn``, so it is kept for the table's ``stamp``
        (``_window_memo``, see ``_action_sources``): two listings in three come at a stamp already seen (the
        seats of a window are asked in turn, and windows follow each other while only flags and variables
        change). What is not stamped is read again at every listing: who controls each source, whether an in-play
        source is insane. The sources come in ``trigger_sources_for``'s order and each ability is put to
        ``matching``'s tests in ``matching``'s order (its event tests are absent: an action answers no event), so
        the list is the same; ``tests/games/call_of_cthulhu/test_startable_plans.py`` compares the two."""
        t = self.table
        try:
            m_table, m_stamp, play, rest, events = self._window_memo
        except AttributeError:  # (a new state or a clone: slots are not copied)
            m_table = None
        if m_table is not t or m_stamp != t.stamp:
            play, rest = self._action_sources()
            events = [None] * self.players
            self._window_memo = (t, t.stamp, play, rest, events)
        has_events = events[player]
        if has_events is None:  # any action event in the hand? (else ``window_actions`` lists nothing outside the
            defn, actions_defs = t.defn, self.game.action_event_defs  # type: ignore[attr-defined]
            has_events = False  # active player's operations phase: every card fails its first test)
            for i in t.zones[HAND_ZONE_IDS[player]]:
                if defn[i] in actions_defs:
                    has_events = True
                    break
            events[player] = has_events
        if has_events or (name == "ops" and player == self.vars["active"]):
            actions = self.window_actions(name, player)
            if type(actions) is not list:
                actions = list(actions)
        else:
            actions = []
        if not play and not rest:
            return actions
        flags, ctrl = t.flags, t.ctrl
        mine = []  # this seat's sources (matching's first test), the insane ones of the play areas dropped
        for i in play:
            if ctrl[i] == player and not flags[i] & INSANE:
                mine.append(i)
        for i in rest:
            if ctrl[i] == player:
                mine.append(i)
        zone, in_play_zone, used = t.zone, t.in_play_zone, self.used
        lasting, compiled, defn = self.lasting, self.game.compiled, t.defn  # type: ignore[attr-defined]
        for i in mine:  # ``matching``'s loop, its tests in its order (``abilities_of`` read inline)
            for ab in () if lasting and lasting_total(self, "blank", i) > 0 else compiled[defn[i]]:
                if ab.kind != "action":
                    continue
                if ab.zones is None:
                    if not in_play_zone[zone[i]]:
                        continue
                elif not source_in_place(self, i, ab):
                    continue
                if ab.limit is not None and (i, ab.index, ab.limit) in used:
                    continue
                if ab.condition is not None and not ab.condition(self, i, player):
                    continue
                if self.can_use(player, i, ab, None, ()):
                    actions.append(shared_action(player, "use", (("ability", ab.index), ("card", i))))
        return actions

    def _action_sources(self) -> tuple[list[int], list[int]]:
        """The cards with an action ability where it could work, of both seats, whatever their control and flags:
        ``trigger_sources_for(trigger_defs("action", None))`` before its INSANE test, split into the play areas'
        cards and the rest (story row, hands, discard piles), each in that order. Reads only ``zones`` and ``defn``
        (and the facts, a function of ``defn``), so ``window_options`` keeps it for the table's ``stamp``."""
        facts = self.table.defs_memo or self.facts()
        if ("action", None) not in facts.trigger_pairs:  # (``may_trigger``)
            return [], []
        defs = facts.trigger_defs.get(("action", None), _NO_DEFS)
        if not defs:
            return [], []
        return self._walk_defs(defs)

    def _walk_defs(self, defs: TriggerDefs) -> tuple[list[int], list[int]]:
        """The cards whose definition ``defs`` lists in the zones where it can matter: the play areas' (whatever
        their flags), then the rest (story row, hands, discard piles), each in that order — the walk of
        ``trigger_sources_for`` and ``_action_sources``."""
        t = self.table
        zones, defn = t.zones, t.defn
        play: list[int] = []
        rest: list[int] = []
        in_play, hand, discard = defs.in_play, defs.hand, defs.discard
        if in_play:  # (plain loops, the zones in the same order: cheaper than a comprehension per kind of zone)
            for z in PLAY_ZONES:
                for i in zones[z]:
                    if defn[i] in in_play:
                        play.append(i)
            if defs.rows:
                for z in ROW_ZONES:
                    for i in zones[z]:
                        if defn[i] in in_play:
                            rest.append(i)
        if hand:
            for z in HAND_ZONE_IDS:
                for i in zones[z]:
                    if defn[i] in hand:
                        rest.append(i)
        if discard:
            for z in DISCARD_ZONES:
                for i in zones[z]:
                    if defn[i] in discard:
                        rest.append(i)
        return play, rest

    def hidden_could_answer(self, player: int, window: str, kind: str | None) -> bool:
        """Anyone holding cards might hold an event for this window (asked or not would tell)."""
        if not self.table.zones[HAND_ZONE_IDS[player]]:
            return False
        if window in ("interrupt", "reaction"):
            return kind in self.game.hand_trigger_events.get(window, ())  # type: ignore[attr-defined]
        if window == "ops" and player == self.active_player():
            return True  # he may hold a character or support to play
        return self.game.has_action_events  # type: ignore[attr-defined, no-any-return]

    def start_action(self, name: str, action: Action) -> None:
        self.push("cc.play", player=action.player, card=action.get("card"), x=action.get("x") or 0, stage="host",
                  host=-1)

    def window_prompt(self, name: str, player: int, event: Any) -> str:
        """The window's prompt; an event window's is kept for the next seat asked in the same window.

        The words depend on the event (a frozen tuple, never changed in place: the window's frames share the
        very object), the window's name and the titles of the cards the event names, which only a change of
        ``defn`` could change. The prompt is kept with the event object itself (so its id cannot be reused), the
        table and its ``stamp`` (every change to ``defn`` adds to it, D-CT-35); a clone starts without it (slots
        are not copied). Nearly every event window asks both seats in turn with nothing changed in between."""
        if event is not None:
            t = self.table
            try:
                m_event, m_name, m_table, m_stamp, kept = self._prompt_memo
                if m_event is event and m_name == name and m_table is t and m_stamp == t.stamp:
                    return kept
            except AttributeError:  # (a new state or a clone)
                pass
            words = f"Respond to {self._event_words(event[0], dict(event[1]))}? ({name})"
            self._prompt_memo = (event, name, t, t.stamp, words)
            return words
        prompt = _WINDOW_PROMPTS.get(name)
        return prompt if prompt is not None else f"{name}: take an action or pass"

    def _event_words(self, kind: str, data: Mapping[str, Any]) -> str:
        """The event a window answers, in words with its card's title (EVENT_WORDS)."""
        words = EVENT_WORDS.get(kind)
        if not words:
            return kind.replace("_", " ")
        values: dict[str, Any] = {}
        for key in _WORD_FIELDS.get(kind, _ALL_WORD_FIELDS):  # only the fields these words name (every event window)
            if key == "card" or key == "story":
                c = data.get(key)
                if type(c) is int and 0 <= c < len(self.table):
                    values[key] = self.card(c).title
            elif key == "slot":
                if type(data.get("slot")) is int:
                    values["slot"] = data["slot"] + 1
            elif key == "type":
                values["type"] = str(data.get("type", ""))
        try:
            return words.format(**values) if words else kind.replace("_", " ")
        except KeyError:  # a field this event lacks: the plain event name
            return kind.replace("_", " ")

    def _explain_illegal(self, action: Action, decision: Any) -> IllegalActionError | None:
        """Name the rule an illegal action breaks (the person trying it learns why, not just "no")."""
        from .refusals import explain

        return explain(self, action, decision)

    def _decision_rule(self, action: Action, decision: Any, refusal: str) -> str | None:
        """The CC rule for a wrong seat or an unoffered answer at this decision (see ``refusals``)."""
        from .refusals import decision_rule

        return decision_rule(self, action, decision, refusal)

    # --- abilities (effects.py) -------------------------------------------------------------------
    def abilities_of(self, i: int) -> Sequence[Any]:
        """A card's compiled abilities; none while its text is blank (``blank_text``)."""
        if self.lasting and lasting_total(self, "blank", i) > 0:
            return ()
        return self.game.compiled[self.table.defn[i]]  # type: ignore[attr-defined, no-any-return]

    def effects_prevented(self, what: str, i: int) -> bool:
        """Is ``what`` prevented for card ``i`` ("cannot be wounded", CC-12.4)?"""
        return bool(self.lasting) and effects.prevented(self, what, i)

    def facts(self) -> DeckFacts:
        """The pool's indexes narrowed to this game's definitions (``DeckFacts``), built at the first read after
        ``table.defn`` last changed and kept by clones (``CardTable.defs_memo``: a deal or a sampled state
        whose hidden definitions are redrawn forgets it). Hot paths read ``self.table.defs_memo or
        self.facts()``, one slot read when it is there."""
        t = self.table
        got = t.defs_memo
        if got is None:
            got = t.defs_memo = self.game.facts_for(frozenset(t.defn))  # type: ignore[attr-defined]
        return got  # type: ignore[no-any-return]

    def may_trigger(self, ability_kind: str, event_kind: str | None) -> bool:
        return (ability_kind, event_kind) in (self.table.defs_memo or self.facts()).trigger_pairs

    def loud_events(self) -> frozenset[str]:
        """The event kinds an interrupt or reaction of the pool (``respondable``'s first gate) or a forced ability of
        this game's cards (``matching``'s ``may_trigger``) could answer; for any other, both answer no at once."""
        return (self.table.defs_memo or self.facts()).loud_events

    def event_gates(self) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
        """``loud_events`` split by stage: an interrupt window or a reaction window opens only for a kind some card of
        the pool answers with that kind of ability (``respondable``'s first gate), and forced abilities are looked for
        only for a kind some card of this game answers with one (``matching``'s ``may_trigger``)."""
        return (self.table.defs_memo or self.facts()).event_gates

    def trigger_defs(self, ability_kind: str, event_kind: str | None) -> frozenset[int]:
        return (self.table.defs_memo or self.facts()).trigger_defs.get((ability_kind, event_kind), _NO_DEFS)

    def trigger_sources(self) -> Iterable[int]:
        """CC-12.1: cards in play (not insane ones: no text), stories in the row, and hands (events)."""
        t = self.table
        zones, flags = t.zones, t.flags
        out = [i for z in PLAY_ZONES for i in zones[z] if not flags[i] & INSANE]
        for z in ROW_ZONES:
            out += zones[z]
        for z in HAND_ZONE_IDS:
            out += zones[z]
        discard_triggers = (self.table.defs_memo or self.facts()).discard_triggers
        if discard_triggers:
            defn = t.defn
            for z in DISCARD_ZONES:  # "after this card is sacrificed": it answers from the discard pile
                out += [i for i in zones[z] if defn[i] in discard_triggers]
        return out

    def trigger_sources_for(self, defs: Container[int]) -> Iterable[int]:
        """``trigger_sources`` narrowed to ``defs`` zone by zone (same order, no full list built first)."""
        t = self.table
        zones, flags, defn = t.zones, t.flags, t.defn
        if isinstance(defs, TriggerDefs):  # the pool's index says which zones can matter
            play, rest = self._walk_defs(defs)
            if play:
                play = [i for i in play if not flags[i] & INSANE]
                play += rest
                return play
            return rest
        out = [i for z in PLAY_ZONES for i in zones[z] if defn[i] in defs and not flags[i] & INSANE]
        for z in ROW_AND_HAND_ZONES:
            out += [i for i in zones[z] if defn[i] in defs]
        discard_triggers = (self.table.defs_memo or self.facts()).discard_triggers
        if discard_triggers:
            for z in DISCARD_ZONES:
                out += [i for i in zones[z] if defn[i] in discard_triggers and defn[i] in defs]
        return out

    # ``can_use``, ``use_ability``, ``perform`` and ``state_checks_after`` are the functions of effects.py and rules.py
    # themselves, bound at the end of rules.py, once all three modules are loaded: the engine calls them at every event
    # and window, and a method that only calls them would double each call.

    def state_checks(self) -> None:
        _rules.state_checks(self)

    def respondable(self, ability_kind: str, kind: str, data: Any) -> bool:
        """During story resolution a reaction is queued when its trigger matches, whatever its costs or
        targets are now: they are judged when it is offered at W-STORY-END (CC-5.6.2). (A Combat win's
        wound lands after the win: "destroy a wounded character there" has its target only then.)

        First the pool's gate: when no card of the pool has such an ability for ``kind``, neither a card
        in play nor one in a hand can answer (every hand ability is in ``trigger_pairs``), and nobody is
        asked — what both tests below would conclude, without walking the cards."""
        game = self.game
        if (ability_kind, kind) not in game.trigger_pairs:  # type: ignore[attr-defined]
            if ability_kind in ("interrupt", "reaction"):
                return False
        if ability_kind != "reaction" or self.vars["story_phase"] != 2:
            if ability_kind in ("interrupt", "reaction"):
                # ``CardState.respondable`` with ``hidden_could_answer`` inlined (this runs twice per event)
                if kind in game.hand_trigger_events.get(ability_kind, ()):  # type: ignore[attr-defined]
                    zones = self.table.zones
                    for z in HAND_ZONE_IDS:
                        if zones[z]:
                            return True
                return bool(matching(self, ability_kind, None, kind, data))
            return super().respondable(ability_kind, kind, data)
        if not self.may_trigger(ability_kind, kind):
            for p in range(self.players):
                if self.hidden_could_answer(p, ability_kind, kind):
                    return True
            return False
        ev = dict(data)
        for i in self.trigger_sources_for(self.trigger_defs(ability_kind, kind)):  # only cards with such an ability
            for ab in self.abilities_of(i):
                if ab.kind == ability_kind and ab.event == kind and source_in_place(self, i, ab) \
                        and (ab.when is None or ab.when(self, i, kind, ev)):
                    return True
        for p in range(self.players):
            if self.hidden_could_answer(p, ability_kind, kind):
                return True
        return False

    def defer_reactions(self, kind: str, data: Any) -> bool:
        """CC-5.6: while stories resolve no window opens; reactions to events then wait for W-STORY-END.

        The queue is public (events are), in the order the events occurred (CC-5.6.1).
        """
        if self.vars["story_phase"] != 2:
            return False
        lki = [[i, self.committed_slot(i), self.table.counter(i, "seq")] for p in range(self.players) for i in self.characters(p)
               if self.committed_slot(i) is not None]  # CC-5.6.2: who was committed where, when it occurred
        self.vars["queued"] = self.vars["queued"] + [[kind, [[k, thaw(v)] for k, v in data] + [["lki", lki]]]]
        return True

    # --- views -----------------------------------------------------------------------------------------
    def public_options(self, seat: int | None) -> dict[str, Any]:
        """Deck lists are private unless the table opens them (``open_decklists``)."""
        opts = dict(self.options)
        if not opts.get("open_decklists"):
            opts["decks"] = [deck if seat == p else None for p, deck in enumerate(opts.get("decks", []))]
        return opts

    def describe(self, seat: int | None) -> dict[str, Any]:
        return materialize(self.describe_lazily(seat))  # type: ignore[no-any-return]

    def describe_lazily(self, seat: int | None) -> Lazy:
        """The view's derived facts, each computed when read: a bot asking one character's skill does
        not pay for every character's icons, keywords and durability (the passive totals behind them)."""
        t, tokens = self.table, self.vars["tokens"]
        return Lazy({
            "characters": self._characters_described,
            "domains": lambda: [[{"resources": self.resource_count(p, d), "drained": self.drained(p, d)} for d in range(3)]
                                for p in range(self.players)],
            "threshold": lambda: [self.threshold(p) for p in range(self.players)],
            "stories": lambda: [{"tokens": [tokens[2 * slot + p] for p in range(self.players)]}
                                for slot in range(STORY_ROW_SIZE)],
            "won": lambda: [len(t.cards(f"won:{p}")) for p in range(self.players)],
        })

    def _characters_described(self) -> dict[str, Lazy]:
        chars = {}
        for p in range(self.players):
            for i in self.characters(p):
                chars[str(i)] = Lazy({
                    "skill": partial(self.skill, i),
                    "icons": partial(self._icon_list, i),
                    "keywords": partial(self._keyword_list, i),
                    "durability": partial(self.durability, i),
                    "wounds": partial(self.wounds, i),
                    "story": partial(self.committed_slot, i),
                })
        return chars

    def _icon_list(self, i: int) -> list[int]:
        return [self.icons(i, k) for k in range(4)]

    def _keyword_list(self, i: int) -> list[str]:
        return sorted(k for k in ("willpower", "invulnerability", "fast", "heroic", "villainous") if self.has_keyword(i, k))

    def threshold(self, p: int) -> int:
        """CC-1.4: stories needed to win: 3 + modifiers, never below 1."""
        if not self.lasting:
            return max(1, STORIES_TO_WIN)
        return max(1, STORIES_TO_WIN + lasting_total(self, "threshold", f"p{p}"))

    def prior(self, owner: int | None, unknown: int, known: Sequence[int], seat: int | None) -> list[int]:
        """Definitions for cards ``seat`` cannot see (engine determinization), from public facts only.

        The story deck: the story set (public, CC-2.5) minus the stories seen. A seat's own deck: its
        own list. An opponent's deck: his list if the table opened it, else the pool (every deck card,
        four copies each) — never the true hidden list.
        """
        from .catalog_glue import prior_for

        return prior_for(self, owner, unknown, known, seat)

    def check_vars(self, values: Mapping[str, Any]) -> None:
        for key in ("drained", "tokens"):
            v = values[key]
            if not isinstance(v, list) or len(v) != 6 or not all(type(x) is int and x >= 0 for x in v):
                raise ValueError(f"vars.{key} must be a list of 6 counts")
        for key in ("turn", "active", "first", "seq", "resourced", "story_phase", "paid_from"):
            if type(values[key]) is not int:
                raise ValueError(f"vars.{key} must be an integer")
        if values["active"] not in (0, 1) or values["first"] not in (0, 1):
            raise ValueError("vars.active and vars.first must be seat 0 or 1")


# The rules import this module (and the state class); imported last, so either may be loaded first.
from . import rules as _rules  # noqa: E402
from . import effects_ops as _effects_ops  # noqa: E402
