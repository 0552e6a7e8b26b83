"""The Mythos state on the card-game engine: zones, variables and what the rules compute from them.

Zones (MY-3.1), per player ``p``: ``deck:p`` (hidden, ordered), ``hand:p`` (owner only), ``discard:p``,
``story:p`` (the Story Deck, bottom first: its last card is the top), ``threat:p`` (the Mythos Threat;
its cards are FACE_DOWN, so only their owner sees them), ``god:p``, ``ally:p``, ``item:p``, ``event:p``,
``adventures:p`` and ``inv:p`` (the investigator card). Attachments (weapons, ally-held tomes, loaded
spells) sit in their host's zone with the engine's host link (MY-3.4).

Per card: ``CROSSWISE`` and ``INVERTED`` (MY-3.5) are game flags; the engine's ``FACE_DOWN`` marks Threat
monsters and cast spells (a cast spell is also shown to everyone, so it stays public face down).

Variables (MY-3.8): round, first player, active player, phase, time of day, the pass state (MY-5.9),
turns this round (MY-5.15), and per seat: the investigator side, Sanity, the Maximum Sanity change,
skip counters (MY-5.8), whether a Location or Travel Event was ever in the Story Deck (MY-6.3.4), and
``last_position`` (MY-3.9) as three index lists into the pool's dimensions, regions and subregions.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping, Sequence

from ...core import Action, IllegalActionError, Rng, Visibility
from ...engine import FACE_DOWN, FIRST_GAME_FLAG, NO_CARD, CardState, OpTable, ZoneDecl
from ...engine.modifiers import forget_card
from ...engine.modules import LazyModules
from .catalog import CardDef, Pool
from .schema import DIMENSIONS
from .schema import InvestigatorSide

CROSSWISE = FIRST_GAME_FLAG  # MY-3.5
INVERTED = FIRST_GAME_FLAG << 1  # MY-3.5

HOME_REGION = "Lovecraft Country"  # MY-4.3
PASS_THRESHOLD = 2  # MY-5.9a
VP_TARGET = 20  # MY-1.4
ROUND_CAP = 100  # D-MY-71: engine safety for unattended games
TURN_CAP = 1000  # MY-5.15: the largest per-round cap an option may set

OPS = OpTable()  # the game's ops (rules.py registers them)


mods: Any = LazyModules(__package__)  # the game's other modules, most of which import this one

AREAS = ("deck", "hand", "discard", "story", "threat", "god", "ally", "item", "event", "adventures", "inv")
FIELD_AREAS = ("ally", "item", "event", "god")  # MY-3.2/MY-3.3: face-up field zones besides the Story Deck
PENDING_STAT = "trigger"  # a queued event trigger, kept among the lasting effects (``triggers.py``)
FIELD_ZONES = frozenset(FIELD_AREAS + ("threat",))  # leaving these is leaving play (D-MY-120)
SEATS_MAX = 4  # MY-11.1
# Each seat's zone names, made once: the rules name a seat's zones at nearly every step, and formatting
# ``f"hand:{p}"`` each time cost more than the zone lookup itself.
ZONE: dict[str, tuple[str, ...]] = {a: tuple(f"{a}:{p}" for p in range(SEATS_MAX)) for a in AREAS}
DECK, HAND, DISCARD, STORY, THREAT, GOD, ALLY, ITEM, EVENT, ADVENTURES, INV = (ZONE[a] for a in AREAS)
# player count -> start seat -> every seat clockwise from it (``MyState.seat_order``)
_SEAT_ORDERS = tuple(tuple(tuple((s + k) % n for k in range(n)) for s in range(n)) for n in range(SEATS_MAX + 1))
FIELD_OF = tuple(tuple(ZONE[a][p] for a in FIELD_AREAS) for p in range(SEATS_MAX))  # seat -> its FIELD_AREAS zones
FIELD_ZONE_NAMES = frozenset(name for a in FIELD_ZONES for name in ZONE[a])  # ``FIELD_ZONES`` of every seat
_JUST_PLAYED_AREAS = ("story", "ally", "item", "event", "god")  # where ``just_played`` looks, in its order
# zone name -> (seat, rank of its area in ``_JUST_PLAYED_AREAS``), for the zones ``just_played`` reads
_JUST_PLAYED_PLACE = {ZONE[a][q]: (q, k) for k, a in enumerate(_JUST_PLAYED_AREAS) for q in range(SEATS_MAX)}


# What each zone can hold (``ZoneDecl.holds``, MY-3.1): a Mythos Deck holds every type but investigators, and
# so do the hand, the discard pile and the Story Deck; each area its own. A card an effect moves into an area
# of another type (MY-3.6) counts in the zone's "other" slot of the RL observation.
DECK_CARDS = ("event", "location", "travel_event", "artifact", "ally", "adventure", "monster", "spell", "tome",
              "god", "weapon")


@lru_cache(maxsize=None)
def zones_for(players: int) -> tuple[ZoneDecl, ...]:
    """The zones of a table for ``players`` (made once per player count: every new game asks)."""
    zones: list[ZoneDecl] = []
    for p in range(players):
        zones += [
            ZoneDecl(f"deck:{p}", Visibility.HIDDEN, p, ordered=True, holds=DECK_CARDS),
            ZoneDecl(f"hand:{p}", Visibility.OWNER, p, hand=True, holds=DECK_CARDS),
            ZoneDecl(f"discard:{p}", Visibility.PUBLIC, p, holds=DECK_CARDS),
            # any card can be buried in it (MY-0.5 "Bury"); only Locations turn crosswise there (MY-3.5 a)
            ZoneDecl(f"story:{p}", Visibility.PUBLIC, p, in_play=True, holds=DECK_CARDS,
                     turns=("location", "travel_event")),
            ZoneDecl(f"threat:{p}", Visibility.PUBLIC, p, in_play=True, holds=("monster",), turns=()),
            ZoneDecl(f"god:{p}", Visibility.PUBLIC, p, in_play=True, holds=("god",)),  # MY-3.5 b
            # allies with their attachments (MY-3.4)
            ZoneDecl(f"ally:{p}", Visibility.PUBLIC, p, in_play=True,
                     holds=("ally", "weapon", "tome", "spell", "artifact"), turns=()),
            ZoneDecl(f"item:{p}", Visibility.PUBLIC, p, in_play=True, holds=("artifact", "tome", "spell"), turns=()),
            ZoneDecl(f"event:{p}", Visibility.PUBLIC, p, in_play=True, holds=("event",), turns=()),
            # MY-6.13.4: an adventure is played (a PLAY) into Acquired Adventures, outside the field (MY-6.13.6)
            ZoneDecl(f"adventures:{p}", Visibility.PUBLIC, p, played=True, holds=("adventure",)),
            ZoneDecl(f"inv:{p}", Visibility.PUBLIC, p, holds=("investigator",)),
        ]
    return tuple(zones)


COMBAT_OPS = frozenset(("set_combat", "modify_combat"))  # the ops that set or change a combat value (``effects``)

PER_SEAT = ("side", "sanity", "max_mod", "skip", "had_location", "pos_dim", "pos_region", "pos_sub", "turn_end")


@dataclass(frozen=True)
class DeckFacts:
    """What the cards of one game can do at all (``MyState.facts``)."""

    triggers: frozenset[str]  # every effect trigger printed on a card of the game
    static_ops: frozenset[str]  # every primitive op of a ``static`` effect of a card of the game
    weapon_bonus_floor: int  # the lowest weapon combat bonus of the game's cards (0 if none is negative)
    battle_events: bool = True  # some card of the game is an event marked battle (MY-6.10.3)
    combat_statics: bool = True  # some ``static_ops`` are ``COMBAT_OPS`` (``checks.doomed_allies``)


@lru_cache(maxsize=256)
def deck_facts(pool: Pool, defs: frozenset[int]) -> DeckFacts:
    cards = [pool.defs[k] for k in defs if k >= 0]
    static_ops = frozenset(prim.op for d in cards for e in d.effects if e.trigger == "static" for prim in e.do)
    return DeckFacts(triggers=frozenset(e.trigger for d in cards for e in d.effects),
                     static_ops=static_ops, combat_statics=not static_ops.isdisjoint(COMBAT_OPS),
                     weapon_bonus_floor=min([0] + [d.combat_bonus for d in cards if d.type == "weapon"]),
                     battle_events=any(d.type == "event" and d.battle for d in cards))


class MyState(CardState):
    """A game of Mythos (2 to 4 players, MY-11.1)."""

    __slots__ = ("_defs", "blind")  # the pool's definitions
    _defs: Sequence[CardDef]
    # ``blind``: set (True) on a throw-away copy whose next card-play turn's options nobody will read — a
    # look-ahead probe (``strategy.lookahead``) scores the position an option leads to and drops the copy.
    # Its turn decisions then list only ``pass`` instead of every legal play (``rules.Round``): the options
    # are a pure read of the state (they change nothing in it, draw nothing from its RNG), so the position
    # scored is the same, at a third of the cost of a probe. Never copied by ``clone``. Always set (False by
    # ``blank`` and ``clone``, the only two makers of a state): ``getattr`` with a default on an unset slot
    # raises and catches an AttributeError, which cost about 0.4 µs at every turn.
    blind: bool
    VARS = {"round": 0, "first": 0, "active": 0, "phase": "setup", "time": "Day", "pass_init": -1,
            "pass_count": 0, "turns": 0, "end_play": 0, "seq": 0, "turn_end": [],
            "side": [], "sanity": [], "max_mod": [], "skip": [], "had_location": [],
            "pos_dim": [], "pos_region": [], "pos_sub": []}

    # --- conceding ------------------------------------------------------------------------------------
    TURNED_FLAG = CROSSWISE  # MY-3.5: a card turned sideways (the observation's turned copies)
    CONCEDE_RULE = "MY-11.6"  # D-MY-72: a concession ends the game for everyone; the others are scored

    def concede_winners(self, p: int) -> list[int]:
        """D-MY-72: the game ends; the conceding seat cannot win; the others are scored by MY-1.5/1.6."""
        from .rules import winners

        return winners(self, [q for q in range(self.players) if q != p])

    def concede_details(self) -> dict[str, Any]:
        return {"how": "concede", "rounds": self.vars["round"], "scores": [self.score(p) for p in range(self.players)]}

    # --- what the game's cards can do at all ------------------------------------------------------------
    def facts(self) -> "DeckFacts":
        """What the cards of this game (every instance, hidden ones included) can do at all: computed once
        per game, so that the rules skip reading the field for an effect no card of the game has (the ready
        decks have no static effect and few triggers). Only a speed-up: every answer is the same with or
        without it. Kept in the table's ``defs_memo`` (the engine's place for what a game derives from
        ``defn`` as a whole, D-CT-35): clones share it, and it is forgotten whenever ``defn`` changes — a
        card added (scenario tests build states card by card) or the hidden cards of a sampled state redrawn
        (``determinize``, the bots' deals), whose definitions may be other cards with other effects."""
        got = self.table.defs_memo
        if got is None:
            got = self.table.defs_memo = deck_facts(self.pool, frozenset(self.table.defn))
        return got  # type: ignore[no-any-return]

    @classmethod
    def blank(cls, game: Any, seed: int | None, players: int, options: Mapping[str, Any],
              zones: Sequence[ZoneDecl]) -> "MyState":
        st = super().blank(game, seed, players, options, zones)
        assert isinstance(st, MyState)
        st.blind = False
        return st

    def clone(self) -> "MyState":
        st = super().clone()
        assert isinstance(st, MyState)
        st.blind = False
        try:
            st._defs = self._defs
        except AttributeError:
            pass
        return st

    # --- reads -----------------------------------------------------------------------------------------
    @property
    def pool(self) -> Pool:
        return self.game.pool  # type: ignore[attr-defined, no-any-return]

    def card(self, i: int) -> CardDef:
        """The definition of instance ``i`` (the rules' most frequent read: the pool's list is kept on the
        state, read once from the game)."""
        try:
            return self._defs[self.table.defn[i]]
        except AttributeError:
            self._defs = self.game.pool.defs  # type: ignore[attr-defined]
            return self._defs[self.table.defn[i]]

    def definition_count(self) -> int:
        return len(self.pool)

    def definition_types(self) -> list[str]:
        return [self.pool[d].type for d in range(len(self.pool))]

    def active_player(self) -> int:
        return int(self.vars["active"])

    def discard_zone(self, i: int) -> str:
        return DISCARD[self.table.owner[i]]  # MY-3.7

    def next_seat(self, p: int) -> int:
        """MY-11.2: clockwise = increasing seat number."""
        return (p + 1) % self.players

    def seat_order(self, start: int) -> list[int]:
        """Every seat, clockwise from ``start`` (a new list: callers may keep or change it), from the orders
        made once per player count (commits, triggers and selectors ask it several times a turn)."""
        n = self.players
        return list(_SEAT_ORDERS[n][start % n])

    def investigator(self, p: int) -> InvestigatorSide | None:
        """The chosen side (None before the MY-4.1 reveal)."""
        side = self.vars["side"][p]
        if side < 0:
            return None
        t = self.table
        cards = t.zones[t.zone_ids[INV[p]]]
        return self.card(cards[0]).sides[side] if cards else None

    def sanity(self, p: int) -> int:
        return int(self.vars["sanity"][p])

    def max_sanity(self, p: int) -> int:
        side = self.investigator(p)
        return max(0, (side.max_sanity if side else 0) + int(self.vars["max_mod"][p]))

    def vp(self, p: int) -> int:
        return sum(self.card(i).victory_points for i in self.table.cards(ADVENTURES[p]))

    def score(self, p: int) -> int:
        """MY-1.5: current Sanity + acquired-adventure VP."""
        return self.sanity(p) + self.vp(p)

    def target(self) -> int:
        return int(self.options.get("vp_target") or VP_TARGET)

    # --- the Story Deck and position (MY-3.9, MY-6.3) -----------------------------------------------------
    # ``story_top``, ``current_location`` and ``investigator`` are read several times by every turn's listing
    # and play; their bodies read the table's lists directly (``t.cards``, ``card`` and ``crosswise``
    # inlined: the same reads, without a Python call each)
    def story_top(self, p: int) -> int | None:
        t = self.table
        cards = t.zones[t.zone_ids[STORY[p]]]
        return cards[-1] if cards else None

    def crosswise(self, i: int) -> bool:
        return bool(self.table.flags[i] & CROSSWISE)

    def inverted(self, i: int) -> bool:
        return bool(self.table.flags[i] & INVERTED)

    def current_location(self, p: int) -> int | None:
        """MY-6.3.2: the top card if it is an upright/inverted Location or a counts-as-location Travel Event."""
        t = self.table
        cards = t.zones[t.zone_ids[STORY[p]]]
        if not cards:
            return None
        top = cards[-1]
        d = self.card(top)
        kind = d.type
        if kind == "location" and not t.flags[top] & CROSSWISE:
            return top
        if kind == "travel_event" and (d.counts_as_location or self.lasting and self._as_location(p) is not None):
            return top  # MY-6.11.4, or a COUNT_AS_LOCATION in force (MY-12.5)
        return None

    def _as_location(self, p: int) -> frozenset[str] | None:
        return mods.primitives.location_features(self, p)

    def in_transit(self, p: int) -> bool:
        """MY-6.3.3."""
        return self.current_location(p) is None

    def features(self, p: int) -> frozenset[str]:
        """The current location's features (with Outside/Inside); in transit only Outside (MY-6.3.3)."""
        cur = self.current_location(p)
        if cur is None:
            return frozenset({"Outside"})
        d = self.card(cur)
        if d.type == "travel_event":
            return d.location_features | (self._as_location(p) or frozenset())
        return d.features | {d.inout}

    def position(self, p: int) -> tuple[str, str, str | None]:
        """MY-3.9 ``last_position`` as names: (dimension, region, subregion or None)."""
        v, pool = self.vars, self.pool
        sub = v["pos_sub"][p]
        return DIMENSIONS[v["pos_dim"][p]], pool.regions[v["pos_region"][p]], pool.subregions[sub] if sub >= 0 else None

    def set_position(self, p: int, d: CardDef) -> None:
        """MY-3.9: a card becoming the current location sets the position to what it prints."""
        if d.type != "location":
            return  # a Travel Event prints no dimension or region
        v, pool = self.vars, self.pool
        v["pos_dim"][p] = DIMENSIONS.index(d.dimension)
        v["pos_region"][p] = pool.regions.index(d.region)
        v["pos_sub"][p] = pool.subregions.index(d.subregion) if d.subregion else -1

    def reference(self, p: int) -> int | None:
        """MY-6.3.5: the location a move is measured from (None: ``last_position`` without features)."""
        cur = self.current_location(p)
        if cur is not None:
            return cur
        cards = self.table.cards(STORY[p])
        if cards and self.card(cards[-1]).type == "location" and self.crosswise(cards[-1]):
            for i in reversed(cards[:-1]):
                if self.card(i).type == "location" and not self.crosswise(i):
                    return i
        return None

    def gate_open(self, p: int) -> bool:
        """MY-6.3.11: an UPRIGHT current Location with a gate icon."""
        cur = self.current_location(p)
        if cur is not None and self.card(cur).type == "location" and self.card(cur).gate and not self.inverted(cur):
            return True
        return mods.primitives.gate_granted(self, p)  # MY-12.5 GRANT_GATE

    def languages(self, p: int) -> set[str]:
        """MY-6.2.4, MY-6.4.6: the investigator's and own allies' languages."""
        side = self.investigator(p)
        out = set(side.languages) if side else set()
        for i in self.allies(p):
            out |= set(self.card(i).languages)
        if self.lasting:
            granted_languages = mods.primitives.granted_languages

            out |= granted_languages(self, p)  # MY-12.5 GRANT_LANGUAGE
        return out

    def _education(self, p: int) -> int:
        education = mods.primitives.education

        return education(self, p)

    def hand_sizes(self, p: int) -> tuple[int, int, int]:
        """MY-5.14 (refill, maximum, minimum) with MODIFY_HAND_SIZES in force (MY-12.5)."""
        return mods.primitives.hand_sizes(self, p)

    def type_of(self, i: int) -> str:
        """MY-3.6: a card in the Ally area (not attached) is an Ally, one in the Threat a Monster; everywhere
        else it has its printed type."""
        printed = self.card(i).type
        zone = self.table.zone_name(i)
        if zone.startswith("ally:") and self.table.host[i] == NO_CARD:
            return "ally"
        if zone.startswith("threat:"):
            return "monster"
        return printed

    def allies(self, p: int) -> list[int]:
        """The cards that are Allies now (MY-3.6): the unattached cards of the Ally area."""
        t = self.table
        return [i for i in t.cards(ALLY[p]) if t.host[i] == NO_CARD]

    def god_in_play(self, p: int) -> bool:
        return bool(self.table.cards(GOD[p]))

    def just_played(self, p: int) -> list[int]:
        """MY-5.10: the opponents' face-up cards played since the end of ``p``'s latest turn this round
        (or since card play began), by the ``played`` counter each play sets (Threat cards are face down
        and never targets)."""
        t = self.table
        since = int(self.vars["turn_end"][p])
        # The cards played since are found among the table's counters (a few dozen, one per card in play),
        # not by reading the counter of every card of three fields and Story Decks: every turn of a seat
        # holding a counter card asks this. They are then put in the order of that walk — seat order
        # from ``p``, then ``_JUST_PLAYED_AREAS``, then each zone's own order — so the answer is the walk's.
        fresh = [i for (i, name), value in t.counters.items() if value > since and name == "played"]
        if not fresh:
            return []
        decls, zone, zones, n = t.decls, t.zone, t.zones, self.players
        keyed = []
        for i in fresh:
            z = zone[i]
            place = _JUST_PLAYED_PLACE.get(decls[z].name)
            if place is not None and place[0] != p:
                keyed.append(((place[0] - p) % n, place[1], zones[z].index(i), i))
        keyed.sort()
        return [k[3] for k in keyed]

    def combat(self, i: int) -> int:
        """MY-6.4.3: printed value + weapon bonus + modifiers (``effects.combat``: set and modify effects,
        god precedence, MY-6.9.7)."""
        combat_value = mods.effects.combat_value

        return combat_value(self, i)

    def capacity(self, v: int, change: int | None = None) -> int:
        """MY-6.7.4: a tome's printed capacity plus the capacity changes in force on its owner (``change``:
        that sum, when the caller has read it already for the owner's other tomes)."""
        if change is None:
            capacity_change = mods.effects.capacity_change

            change = capacity_change(self, self.table.owner[v])
        return max(0, self.card(v).capacity + change)

    # --- views --------------------------------------------------------------------------------------
    def public_options(self, seat: int | None) -> dict[str, Any]:
        """Others' deck lists stay private; the investigator card is public (MY-3.1)."""
        opts = dict(self.options)
        opts["decks"] = [deck if seat == p else {"investigator": deck["investigator"]}
                         for p, deck in enumerate(opts.get("decks", []))]
        return opts

    def describe(self, seat: int | None) -> dict[str, Any]:
        """Public derived facts: Sanity and its maximum, VP, score, position, features, hand sizes (MY-3.1)."""
        out = []
        for p in range(self.players):
            dim, region, sub = self.position(p)
            cur = self.current_location(p)
            side = self.investigator(p)
            out.append({"sanity": self.sanity(p), "max_sanity": self.max_sanity(p), "vp": self.vp(p),
                        "score": self.score(p), "investigator": side.name if side else None,
                        "dimension": dim, "region": region, "subregion": sub, "current_location": cur,
                        "in_transit": cur is None, "features": sorted(self.features(p)),
                        "hand": len(self.table.cards(HAND[p])), "skip": self.vars["skip"][p],
                        "sanity_of": f"{self.sanity(p)}/{self.max_sanity(p)}",
                        "position": " · ".join(x for x in (dim, region, sub) if x),
                        "hand_limits": "/".join(map(str, self.hand_sizes(p))) if side else None,
                        "education": self._education(p) if side else None,
                        "languages": sorted(self.languages(p)) if side else None,
                        "threat": len(self.table.cards(THREAT[p])), "lost_turns": self.vars["skip"][p] or False})
        return {"seats": out, "time": self.vars["time"], "round": self.vars["round"],
                "orientation": self._orientation(), "combat": self._combat_values(seat),
                "side_choice": self._side_choice(seat)}

    def _orientation(self) -> dict[str, str]:
        """MY-3.5 in words, for the table: a crosswise Story Deck card is travelling (MY-6.3.7), an
        inverted Location's gate is used (MY-6.3.11), a crosswise god has aged (MY-6.9.6). Public cards only."""
        t, out = self.table, {}
        for p in range(self.players):
            for i in t.cards(STORY[p]):
                if self.crosswise(i):
                    out[str(i)] = "travelling"
                elif self.inverted(i):
                    out[str(i)] = "gate used"
            for i in t.cards(GOD[p]):
                out[str(i)] = "aged" if self.crosswise(i) else "new"
        return out

    def _combat_values(self, seat: int | None) -> dict[str, int]:
        """Current combat values (MY-6.4.3) of the face-up allies; Threat monsters only for their owner."""
        from .effects import combat_values

        t, cards = self.table, list[int]()
        for p in range(self.players):
            cards += self.allies(p)
            if seat == p:
                cards += t.cards(THREAT[p])
        return {str(i): v for i, v in zip(cards, combat_values(self, cards))}

    def _side_choice(self, seat: int | None) -> dict[str, str]:
        """MY-4.1: the viewer's two investigator sides in words (both printed faces are public)."""
        if seat is None or not self.table.cards(INV[seat]):
            return {}
        card = self.card(self.table.cards(INV[seat])[0])
        return {str(k): f"{s.name} (Sanity {s.starting_sanity}/{s.max_sanity}, education {s.education}, "
                        f"hand {s.refill_hand}/{s.hand_max}/{s.hand_min}, {', '.join(s.languages)})"
                for k, s in enumerate(card.sides)}

    def _fit_sample(self, seat: int, unknown: Mapping[int | None, Sequence[int]], rng: Rng) -> None:
        from .costs import fit_pending_payment  # costs builds on this module

        fit_pending_payment(self, seat, unknown, rng)

    def prior(self, owner: int | None, unknown: int, known: Sequence[int], seat: int | None) -> list[int]:
        """Definitions for cards ``seat`` cannot see, from public facts only.

        A seat's own unseen cards come from its own deck list; another seat's from the pool (every
        deck card, four copies each, as often as needed), never from the true list. D-MY-110: the
        ``unknown`` definitions are a uniform draw from those candidates by a partial Fisher-Yates
        shuffle (only ``unknown`` draws, none when every candidate is needed), not a shuffle of all of
        them — the same distribution, at a fraction of the cost of sampling a state for search.
        """
        from collections import Counter

        decks = self.options.get("decks") or []
        taken = Counter(known)
        if owner is not None and owner == seat and owner < len(decks) and "cards" in decks[owner]:
            left = Counter(decks[owner]["cards"])
            left.subtract(taken)
            out = [d for d in sorted(left) for _ in range(left[d])]
        else:
            base = _deck_cards(self.pool)
            copies = 4 * (1 + (unknown + len(known)) // max(1, 4 * len(base)))
            out = []
            for d in base:
                out += [d] * (copies - taken[d]) if d in taken else [d] * copies
        if len(out) < unknown:
            raise RuntimeError(f"prior: {len(out)} candidate cards for {unknown} unknown ones (owner {owner})")
        if unknown < len(out):
            rng, n = self.rng, len(out)
            for k in range(unknown):
                j = k + rng.below(n - k)
                out[k], out[j] = out[j], out[k]
        return sorted(out[:unknown])

    def check_vars(self, values: Mapping[str, Any]) -> None:
        for key in PER_SEAT:
            v = values[key]
            if not isinstance(v, list) or len(v) != self.players or not all(type(x) is int for x in v):
                raise ValueError(f"vars.{key} must be a list of {self.players} integers")
        for key in ("round", "first", "active", "pass_init", "pass_count", "turns", "end_play", "seq"):
            if type(values[key]) is not int:
                raise ValueError(f"vars.{key} must be an integer")
        if values["active"] not in range(self.players) or values["first"] not in range(self.players):
            raise ValueError("vars.active and vars.first must be seats")
        if values["pass_init"] not in range(-1, self.players):
            raise ValueError("vars.pass_init must be a seat or -1")
        if values["time"] not in ("Day", "Night") or not isinstance(values["phase"], str):
            raise ValueError("vars.time must be Day or Night and vars.phase a string")
        if any(s not in (-1, 0, 1) for s in values["side"]):
            raise ValueError("vars.side must be -1, 0 or 1 per seat")
        pool = self.pool
        for p in range(self.players):
            if not (0 <= values["pos_dim"][p] < len(DIMENSIONS) and 0 <= values["pos_region"][p] < len(pool.regions)
                    and -1 <= values["pos_sub"][p] < len(pool.subregions)):
                raise ValueError(f"vars.pos_* of seat {p} name no dimension, region or subregion")

    def face_down(self, i: int) -> bool:
        return bool(self.table.flags[i] & FACE_DOWN)

    # --- triggers (MY-12.1, ``triggers.py``) ------------------------------------------------------------
    def move_card(self, i: int, zone: str, *, bottom: bool = False) -> list[int]:
        """A card that leaves the field (Ally, Item, Event, God area, Threat) for any other zone — the
        Story Deck included, where a buried card is no longer active (MY-3.3) — ends the lasting effects
        on it and of it (MY-12.6 ``WHILE_IN_PLAY``), forgets its once-per-turn/round ability marks (a card
        that comes back is a new object, D-MY-107) and queues its ``on_leave_play`` trigger if it was face
        up (D-MY-120)."""
        t = self.table
        left = t.decls[t.zone[i]].name in FIELD_ZONE_NAMES and zone not in FIELD_ZONE_NAMES
        face_up = not t.flags[i] & FACE_DOWN
        gone = CardState.move_card(self, i, zone, bottom=bottom)  # (``super()`` builds a proxy at every move)
        if left:
            if self.lasting:
                self.lasting = [e for e in self.lasting if e[1] != i and e[4] != i]
            if self.used:
                forget_card(self, (i,))
            if face_up:
                queue = mods.triggers.queue

                queue(self, i, "on_leave_play")
        return gone

    def ask(self, player: int, kind: str, prompt: str, options: Sequence[Action]) -> None:
        """Before any decision, triggers still waiting resolve (a catch-all for ``triggers.settle``; a
        resolution under way, a state check or a payment takes them itself)."""
        if self.lasting and any(e[0] == PENDING_STAT for e in self.lasting):
            resolving, settle = mods.triggers.resolving, mods.triggers.settle

            if not resolving(self):
                settle(self)
                return
        super().ask(player, kind, prompt, options)

    def _explain_illegal(self, action: Action, decision: Any) -> IllegalActionError | None:
        from .refusals import explain

        return explain(self, action, decision)

    def _decision_rule(self, action: Action, decision: Any, refusal: str) -> str | None:
        """The MY rule for a wrong seat or an unoffered answer at this decision (see ``refusals``)."""
        from .refusals import decision_rule

        return decision_rule(self, action, decision, refusal)


@lru_cache(maxsize=8)
def _deck_cards(pool: Pool) -> list[int]:
    """The definition numbers of every card a deck may hold (not investigators), sorted; cached per pool
    (immutable, hashed by identity), read-only to callers."""
    return sorted(d.index for d in pool.defs if d.type != "investigator")
