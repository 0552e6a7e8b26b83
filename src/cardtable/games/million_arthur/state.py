"""The Million Arthur state on the card-game engine: zones, variables and what the rules compute.

Zones (MA-4.1), per player ``p``: ``deck:p`` (hidden, ordered), ``hand:p`` (owner only), ``leader:p``,
``base:p``, ``battle:p``, ``chain:p``, ``burst:p`` and ``discard:p`` (all public). An evolution stack
(MA-8.9) is its top card plus the cards under it, which sit in the same zone with their host link
naming the top card; a *knight* is a card of a base or battle area with no host.

Per card: ``EXHAUSTED`` = rested (MA-4.2), ``FACE_DOWN`` for chain cards (MA-4.3), ``NEW`` = placed
during the running base fill procedure (MA-8.5 step 3). Variables: turn counter, the turn player
``active``, ``first``, both HP, the deployment total ``spent`` and the ``base_colours`` bit masks of
the turn (MA-7.2, MA-8.2), and a public ``step`` label.
"""

from __future__ import annotations

from typing import AbstractSet, Any, Container, Mapping, Sequence

from ...core import Action, IllegalActionError, Visibility, shared_action
from ...engine import (EXHAUSTED, FACE_DOWN, FIRST_GAME_FLAG, NO_CARD, CardState, LazyModules, OpTable, ZoneDecl,
                       lasting_total, lasting_values)
from .catalog import CardDef, Pool
from .schema import COLOURS

NEW = FIRST_GAME_FLAG

START_HP = 20  # MA-1.3
OPENING_HAND = 5  # MA-5.6
BASE_SIZE = 3  # MA-4.1
HAND_LIMIT = 6  # MA-11.5
CHAIN_LIMIT = 9  # MA-11.5
TURN_CAP = 400  # MA-13.3

OPS = OpTable()  # the game's ops (rules.py and friends register them)
mods: Any = LazyModules(__package__)  # the game's modules, for calls that would make an import cycle

AREAS = ("deck", "hand", "leader", "base", "battle", "chain", "burst", "discard")


# What each zone can hold (``ZoneDecl.holds``): the leader stays in its zone (MA-5.5), every other card is a
# knight (MA-2); knights rest only in the base and battle areas (MA-4.2), the zones in play.
KNIGHTS = ("knight",)


def zones_for(players: int = 2) -> list[ZoneDecl]:
    zones: list[ZoneDecl] = []
    for p in range(players):
        zones += [
            ZoneDecl(f"deck:{p}", Visibility.HIDDEN, p, ordered=True, holds=KNIGHTS),
            ZoneDecl(f"hand:{p}", Visibility.OWNER, p, hand=True, holds=KNIGHTS),
            ZoneDecl(f"leader:{p}", Visibility.PUBLIC, p, holds=("leader",)),
            ZoneDecl(f"base:{p}", Visibility.PUBLIC, p, in_play=True, holds=KNIGHTS),
            ZoneDecl(f"battle:{p}", Visibility.PUBLIC, p, in_play=True, holds=KNIGHTS),
            ZoneDecl(f"chain:{p}", Visibility.PUBLIC, p, holds=KNIGHTS),
            ZoneDecl(f"burst:{p}", Visibility.PUBLIC, p, holds=KNIGHTS),
            ZoneDecl(f"discard:{p}", Visibility.PUBLIC, p, holds=KNIGHTS),
        ]
    return zones


# The area of each zone id (``zones_for`` lists the same areas for every seat): read on hot paths, where
# splitting the zone's name each time would build two strings per question.
AREAS_BY_ZONE = tuple(decl.name.split(":")[0] for decl in zones_for())
# The zone id of ``area:p`` (the layout is fixed: two seats, ``zones_for(2)``): the hot paths below read
# ``table.zones[ZONE_ID[area][p]]`` instead of formatting ``f"{area}:{p}"`` and looking the name up each time.
ZONE_ID: dict[str, tuple[int, ...]] = {
    area: tuple(k for k, decl in enumerate(zones_for()) if decl.name.split(":")[0] == area) for area in AREAS}
_LEADER, _BATTLE, _BASE, _CHAIN = ZONE_ID["leader"], ZONE_ID["battle"], ZONE_ID["base"], ZONE_ID["chain"]


class ActionTable:
    """One seat's ``shared_action`` objects of one kind, by their parameter values, in a plain dict.

    Why: the option listings (Submit items, the Attack step) name the same few actions at decision after
    decision; ``shared_action`` builds a params tuple and hashes it through ``lru_cache`` each time, a dict
    look-up by card id does not. Each value is what ``shared_action`` returns for it (the same immutable,
    equal object), so no listing changes. The keys are card ids or small tuples of ids, bounded by the
    instances of a game; the table is cleared if it ever grows past ``LIMIT`` (never in a game)."""

    __slots__ = ("player", "kind", "names", "made")
    LIMIT = 1 << 14

    def __init__(self, player: int, kind: str, *names: str) -> None:
        self.player, self.kind, self.names = player, kind, names
        self.made: dict[Any, Action] = {}

    def make(self, key: Any) -> Action:
        """The action for ``key`` (a card id, or a tuple of the ``names``' values in order), memoised."""
        if len(self.made) >= self.LIMIT:
            self.made.clear()
        values = key if isinstance(key, tuple) else (key,)
        action = self.made[key] = shared_action(self.player, self.kind, tuple(zip(self.names, values)))
        return action


def action_tables(kind: str, *names: str) -> tuple[ActionTable, ActionTable]:
    """``ActionTable``s of ``kind`` for both seats (the game has two, MA-1.1)."""
    return ActionTable(0, kind, *names), ActionTable(1, kind, *names)


def colour_bit(colour: str) -> int:
    """Bit of a colour in a ``base_colours`` mask; colourless has none (MA-3.3)."""
    return 1 << COLOURS.index(colour) if colour in COLOURS else 0


COLOUR_BITS: dict[str, int] = {c: colour_bit(c) for c in (*COLOURS, "colourless")}  # ``colour_bit`` by look-up


class MaState(CardState):
    """A game of the Million Arthur TCG (2 players, MA-1.1)."""

    __slots__ = ()
    VARS = {"turn": 1, "active": 0, "first": 0, "step": "setup", "hp": [START_HP, START_HP],
            "spent": [0, 0], "base_colours": [0, 0]}

    # --- conceding (MA-1.7) ------------------------------------------------------------------------
    # MA-1.7: either seat may concede at any time (MA-13.2); ``engine.CardState.apply`` carries it out.
    CONCEDE_RULE = "MA-1.7"

    def concede_details(self) -> dict[str, Any]:
        return {"how": "concede", "turns": self.vars["turn"]}

    # --- reads -----------------------------------------------------------------------------------------
    @property
    def pool(self) -> Pool:
        return self.game.pool  # type: ignore[attr-defined, no-any-return]

    def card(self, i: int) -> CardDef:
        return self.game.pool.defs[self.table.defn[i]]  # type: ignore[attr-defined, no-any-return]  # hot path

    def present_defs(self) -> frozenset[int]:
        """The definitions of every card instance of this game, wherever it is (deck, hand, play...).

        Why: a trigger window or static question whose definitions include none of these finds nobody, and
        most do (most definitions of a pool are in neither deck), so one set test replaces the per-seat zone
        scans. Kept in the engine's ``CardTable.defs_memo`` (as Call of Cthulhu keeps its ``DeckFacts``): it is
        a function of ``table.defn`` alone, and every change to ``defn`` clears it (``add``, ``add_many``,
        and ``defs_rewritten``, which the writers that redraw hidden cards call)."""
        t = self.table
        got = t.defs_memo
        if got is None:
            got = t.defs_memo = frozenset(t.defn)
        return got  # type: ignore[no-any-return]

    def definition_count(self) -> int:
        return len(self.pool)

    def definition_types(self) -> list[str]:
        return [self.pool[d].kind for d in range(len(self.pool))]

    def active_player(self) -> int:
        return int(self.vars["active"])

    def discard_zone(self, i: int) -> str:
        return f"discard:{self.table.owner[i]}"

    def area(self, i: int) -> str:
        """The area card ``i`` is in (``base``, ``battle``...), its zone's name without the seat."""
        return AREAS_BY_ZONE[self.table.zone[i]]

    def knights(self, p: int, area: str) -> list[int]:
        """The knights (stack tops and single cards) of ``area`` (``base``/``battle``), oldest first."""
        t = self.table
        if not t.links:  # no card is attached to any other (no stack anywhere): every card is a knight
            return list(t.zones[ZONE_ID[area][p]])
        host = t.host
        return [i for i in t.zones[ZONE_ID[area][p]] if host[i] == NO_CARD]

    def ability_sources(self, p: int, defs: Container[int]) -> list[int]:
        """``p``'s cards whose abilities may work (leader, battle then base knights, chain cards), narrowed to
        definitions in ``defs`` before anything else is read: most cards have no ability of a given kind."""
        t = self.table
        defn, host, zones = t.defn, t.host, t.zones
        out = [c for c in zones[_LEADER[p]][:1] if defn[c] in defs]
        # knights: stack tops and single cards (``knights``), battle area first
        out += [c for c in zones[_BATTLE[p]] if defn[c] in defs and host[c] == NO_CARD]
        out += [c for c in zones[_BASE[p]] if defn[c] in defs and host[c] == NO_CARD]
        out += [c for c in zones[_CHAIN[p]] if defn[c] in defs]
        return out

    def sources_in(self, p: int, defs: Sequence[Container[int]]) -> list[int]:
        """``ability_sources`` with one set of definitions per area (leader, battle, base, chain): a question
        that only abilities working in some areas can answer reads only those areas (an empty set: none)."""
        in_leader, in_battle, in_base, in_chain = defs
        t = self.table
        defn, host, zones = t.defn, t.host, t.zones
        out = [c for c in zones[_LEADER[p]][:1] if defn[c] in in_leader] if in_leader else []
        if in_battle:
            out += [c for c in zones[_BATTLE[p]] if defn[c] in in_battle and host[c] == NO_CARD]
        if in_base:
            out += [c for c in zones[_BASE[p]] if defn[c] in in_base and host[c] == NO_CARD]
        if in_chain:
            out += [c for c in zones[_CHAIN[p]] if defn[c] in in_chain]
        return out

    def may_source(self, p: int, defs: Sequence[AbstractSet[int]]) -> bool:
        """False when ``sources_in(p, defs)`` is surely empty: no card of ``p``'s leader, battle, base or chain
        zone, stacked or not, has a definition of its area's set. A set test at C speed, no list built: most
        trigger windows find nobody, since most definitions in a pool are not in a given game's decks."""
        in_leader, in_battle, in_base, in_chain = defs
        t = self.table
        at, zones = t.defn.__getitem__, t.zones
        return bool(in_leader and not in_leader.isdisjoint(map(at, zones[_LEADER[p]]))
                    or in_battle and not in_battle.isdisjoint(map(at, zones[_BATTLE[p]]))
                    or in_base and not in_base.isdisjoint(map(at, zones[_BASE[p]]))
                    or in_chain and not in_chain.isdisjoint(map(at, zones[_CHAIN[p]])))

    def under(self, i: int) -> list[int]:
        """The cards under knight ``i`` (MA-8.9); only the top card counts, so their order is not kept."""
        return self.table.attachments(i)

    def rested(self, i: int) -> bool:
        return bool(self.table.flags[i] & EXHAUSTED)

    def hp(self, p: int) -> int:
        return int(self.vars["hp"][p])

    def capacity(self, p: int) -> int:
        """MA-7.1: cards in the leader area + chain cards (face up or down) + any ``capacity_bonus`` in
        force, never below 1 (MA-7.2)."""
        t = self.table
        bonus = lasting_total(self, "capacity", f"p{p}") if self.lasting else 0  # MA-15.5 capacity_bonus
        return max(1, len(t.zones[_LEADER[p]]) + len(t.zones[_CHAIN[p]]) + bonus)

    def raw_skill(self, i: int) -> int:
        """Printed value (or the latest ``set_values``) + effects this turn + static abilities in force
        now (MA-9.9, MA-15.3, D-MA-63)."""
        static_total = mods.statics.static_total

        base = lasting_values(self, "set_skill", i)
        printed = base[-1] if base else self.card(i).skill_value
        return printed + lasting_total(self, "skill", i) + static_total(self, "skill", i)

    def raw_defence(self, i: int) -> int:
        static_total = mods.statics.static_total

        base = lasting_values(self, "set_defence", i)
        printed = base[-1] if base else self.card(i).defence
        return printed + lasting_total(self, "defence", i) + static_total(self, "defence", i)

    def colour(self, i: int) -> str:
        """A knight's colour now: the latest ``change_colour`` on it this turn, else the printed one
        (D-MA-65). Lasting effects end when a card leaves play, so a chain card keeps its printed colour
        (MA-7.3)."""
        changed = lasting_values(self, "colour", i) if self.lasting else ()
        return str(changed[-1]) if changed else self.card(i).colour

    def skill_value(self, i: int) -> int:
        """MA-9.9: values may go below 0 internally; used, they count as at least 0."""
        return max(0, self.raw_skill(i))

    def defence_value(self, i: int) -> int:
        return max(0, self.raw_defence(i))

    def deploy_cost(self, i: int) -> int:
        """MA-8.7: a single knight's printed cost; a stack's top card's evolution cost."""
        d = self.card(i)
        if not d.evolves_from:
            return d.cost  # never a stack's top: evolving needs a source name (MA-8.8); skips the scan
        return d.evolution_cost if self.under(i) else d.cost

    def leader(self, p: int) -> int | None:
        cards = self.table.cards(f"leader:{p}")
        return cards[0] if cards else None

    def colourless_names(self, p: int, extra: Sequence[int] = ()) -> list[str]:
        """Names of ``p``'s colourless knights in base and battle areas (MA-3.10)."""
        out = [self.card(i).name for a in ("base", "battle") for i in self.knights(p, a)
               if self.colour(i) == "colourless"]
        return out + [self.card(i).name for i in extra if self.card(i).colour == "colourless"]

    def face_down(self, i: int) -> bool:
        return bool(self.table.flags[i] & FACE_DOWN)

    # --- views --------------------------------------------------------------------------------------
    def public_options(self, seat: int | None) -> dict[str, Any]:
        """MA-14.3: the opponent's deck list is hidden; his leader is public (MA-5.5)."""
        opts = dict(self.options)
        opts["decks"] = [deck if seat == p else {"leader": deck["leader"]} for p, deck in
                         enumerate(opts.get("decks", []))]
        return opts

    def describe(self, seat: int | None) -> dict[str, Any]:
        """MA-14.1: HP, capacity, deployment total, base colours and current knight values (all public);
        where a secret choice stands (MA-14.5) and, for ``seat`` only, its own pending items."""
        from .secrecy import pending_marks, secret_status

        knights = {}
        for p in range(self.players):
            for area in ("base", "battle"):
                for i in self.knights(p, area):
                    knights[str(i)] = {"skill": self.raw_skill(i), "defence": self.raw_defence(i),
                                       "rested": self.rested(i), "stack": self.under(i)}
        return {"hp": list(self.vars["hp"]), "capacity": [self.capacity(p) for p in range(self.players)],
                "spent": list(self.vars["spent"]),
                "base_colours": [[c for c in COLOURS if self.vars["base_colours"][p] & colour_bit(c)]
                                 for p in range(self.players)],
                "knights": knights, "secret": secret_status(self), "pending": pending_marks(self, seat)}

    def prior(self, owner: int | None, unknown: int, known: Sequence[int], seat: int | None) -> list[int]:
        """Definitions for cards ``seat`` cannot see, from public facts only (MA-14.7).

        A seat's own unseen cards come from its own deck list; the opponent's from the pool (every
        knight his public leader may field, three copies each), never from his true list.
        """
        from collections import Counter

        decks = self.options.get("decks") or []
        if owner is not None and owner == seat and owner < len(decks) and "cards" in decks[owner]:
            cands = list(decks[owner]["cards"])
        else:
            leader_def = decks[owner]["leader"] if owner is not None and owner < len(decks) else None
            ltype = self.pool.defs[leader_def].arthur_type if isinstance(leader_def, int) else None
            cands = [d.index for d in self.pool.defs if d.kind == "knight"
                     and (not d.type_restricted or d.arthur_type == ltype)] * 3
        left = Counter(cands)
        for d in known:
            if left[d] > 0:
                left[d] -= 1
        out = sorted(left.elements())
        if len(out) < unknown:
            raise RuntimeError(f"prior: {len(out)} candidate cards for {unknown} unknown ones (owner {owner})")
        self.rng.shuffle(out)
        return sorted(out[:unknown])

    def check_vars(self, values: Mapping[str, Any]) -> None:
        for key in ("hp", "spent", "base_colours"):
            v = values[key]
            if not isinstance(v, list) or len(v) != 2 or not all(type(x) is int for x in v):
                raise ValueError(f"vars.{key} must be a list of 2 integers")
        for key in ("turn", "active", "first"):
            if type(values[key]) is not int:
                raise ValueError(f"vars.{key} must be an integer")
        if values["active"] not in (0, 1) or values["first"] not in (0, 1):
            raise ValueError("vars.active and vars.first must be seat 0 or 1")
        if not isinstance(values["step"], str):
            raise ValueError("vars.step must be a string")

    def _explain_illegal(self, action: Action, decision: Any) -> IllegalActionError | None:
        from .refusals import explain

        return explain(self, action, decision)

    def _decision_rule(self, action: Action, decision: Any, refusal: str) -> str | None:
        """The MA rule for a wrong seat or an unoffered answer at this decision (see ``refusals``)."""
        from .refusals import decision_rule

        return decision_rule(self, action, decision, refusal)
