"""A quick score of a Mythos position for searches that stop early (``ismcts`` rollouts) and for the
heuristic's one-ply look-ahead (``strategy.py``).

What it counts is what decides a game (MY-1.5, MY-1.6): the score itself (Sanity + acquired VP), with
Sanity weighted more when it runs low because a Sanity of 0 ends the game at once (MY-1.3); progress
toward the adventures in hand (slots already filled by the adventure pool of MY-6.13.2 count fully,
slots that a card in hand could fill count half); the monsters waiting in the Threat (they attack,
MY-9.3, or block, MY-9.4); allies (blockers and adventure material); items in play (tomes, artifacts,
weapons: vessels for spells, MY-6.12, and armed allies, MY-6.6; an Enchanted weapon more, since its ally
may then attack every round, MY-6.6.5, which outweighs its one-time Sanity cost) and face-up loaded spells
(cast again every round, MY-5.13: so loading one is worth its Sanity cost); an open gate with a monster to
summon through it (MY-6.8.1); a god in play (MY-6.9); shields in force while the round's battle is still
to come (``shielded``: "nobody can attack you", ``prevent_damage``, MY-9.11); and the hand's allies, items and gods whose requirements the
position meets now (requirements are checked only as a card is played, MY-6.1.2, D-MY-14: so walking to a
Forest is worth something to a hand holding a Backwoods Hunter, and the next turn plays it).

Only what ``seat`` may know is read: every seat's public zones, but hand contents only for ``seat``
itself (another seat's hand in a search state is a resampled guess, so it is left out); another seat's
Threat is counted by size only (its cards are face down, MY-3.1; D-MY-98). The difference between ``seat`` and
its strongest opponent goes through a logistic curve, so about four score points ahead is a clear lead
(about 0.75) without ever being certain.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Sequence

from ...engine import FACE_DOWN, lasting_total
from .catalog import CardDef
from .requirements import match_units, matches
from .schema import CardFilter
from .legality import hosts, type_refusal
from .play import adventure_pool
from .effects import combat_values
from .state import ADVENTURES, CROSSWISE, HAND, THREAT, ZONE, MyState

DANGER = 5  # below this Sanity, each point lost costs more (MY-1.3: 0 ends the game)
DANGER_WEIGHT = 0.8  # extra value of each Sanity point under DANGER
ADVENTURE_PROGRESS = 0.45  # times the VP, times the filled share of the slots (squared)
THREAT_MONSTER = 0.6  # a face-down monster in the Threat ...
THREAT_COMBAT = 0.35  # ... and each point of its combat (own Threat only: others' are face down)
HIDDEN_THREAT = 1.4  # another seat's face-down monster, combat unknown
ALLY = 0.4  # an ally in play ...
ALLY_COMBAT = 0.15  # ... and each point of its combat
GOD = 1.5  # a god in play
ITEM = 0.3  # a tome, artifact or weapon in play (more than READY: holding it back is never better)
ENCHANTED = 0.6  # an Enchanted weapon in play: its ally may join attacks (MY-6.6.5) every round, not only block
SPELL = 1.1  # a face-up loaded spell (MY-6.12): cast every round (readied, MY-5.13), worth its loading cost
READY = 0.2  # a hand ally, item or god (one per title) whose requirements are met where the seat stands now
READY_TYPES = frozenset(("ally", "tome", "artifact", "weapon", "god"))
ITEM_TYPES = frozenset(("tome", "artifact", "weapon"))
GATE_WITH_MONSTER = 0.6  # an open gate and a monster in hand to summon through it
SKIP = 0.8  # a lost turn pending (MY-5.8)
SHIELD = 0.7  # each point of this round's attack damage a shield in force would stop (MY-9.11) ...
MONSTER_HIT = 2.5  # ... out of what the opponents' Threat may deal: a monster's attack, its combat unknown
STEEPNESS = 0.28  # logistic slope per score point


@lru_cache(maxsize=None)
def _units(d: CardDef) -> tuple[CardFilter, ...]:
    """The slot units of an adventure (a slot of count n is n units); cached per definition (a pool has a
    few hundred, and every scored position asks it of every adventure in hand)."""
    return tuple(s.filter for s in d.slots for _ in range(s.count))


def matched(st: MyState, units: Sequence[CardFilter], cards: Sequence[int]) -> int:
    """How many slot units a one-to-one assignment of ``cards`` fills at most (MY-6.13.3)."""
    cand = [[c for c in cards if matches(st.card(c), f)] for f in units]
    return match_units(cand, stop_at_miss=False)[0]


_MATCHED: dict[tuple[CardDef, tuple[CardDef, ...]], int] = {}
_MATCHED_CAP = 1 << 16  # entries; cleared when full


def _matched_defs(d: CardDef, defs: tuple[CardDef, ...]) -> int:
    """``matched`` of adventure ``d``'s units over cards with these definitions, in this order: the
    matching reads nothing of a card but its definition (printed type and mental state), so the answer is
    remembered by the definitions. Every position a search scores asks it of every adventure in hand,
    and the pool differs by a card or so between positions. (Candidates are positions in ``defs``, in
    the order of the cards: the same matching as by card numbers.)"""
    key = (d, defs)
    got = _MATCHED.get(key)
    if got is None:
        if len(_MATCHED) >= _MATCHED_CAP:
            _MATCHED.clear()
        hits = [_unit_hits(d, c) for c in defs]
        cand = [[k for k, h in enumerate(hits) if h[u]] for u in range(len(_units(d)))]
        got = _MATCHED[key] = match_units(cand, stop_at_miss=False)[0]
    return got


@lru_cache(maxsize=1 << 16)
def _unit_hits(d: CardDef, c: CardDef) -> tuple[bool, ...]:
    """Which of adventure ``d``'s slot units a card of definition ``c`` fills (``matches``, printed type)."""
    return tuple(matches(c, f) for f in _units(d))


@lru_cache(maxsize=1 << 14)
def fills_a_slot(adventure: CardDef, d: CardDef) -> bool:
    """``matched(st, _units(adventure), [i]) > 0`` for a card ``i`` of definition ``d``: some slot of the
    adventure takes it (a pure function of the two definitions)."""
    return any(matches(d, f) for f in _units(adventure))


def progress(st: MyState, p: int) -> float:
    """Progress toward the not yet acquired adventures in ``p``'s hand, in VP."""
    t = st.table
    hand = t.cards(HAND[p])
    card = st.card
    done = {card(a).title for a in t.cards(ADVENTURES[p])}
    hand_defs = [card(i) for i in hand]
    pool: tuple[CardDef, ...] | None = None
    extra: tuple[CardDef, ...] = ()
    total = 0.0
    seen: set[str] = set()
    for d in hand_defs:
        if d.type != "adventure" or d.title in done or d.title in seen:
            continue
        seen.add(d.title)
        units = _units(d)
        if not units:
            continue
        if pool is None:
            pool = tuple([card(c) for c in adventure_pool(st, p)])
            extra = pool + tuple([h for h in hand_defs if h.type != "adventure"])
        have = _matched_defs(d, pool)
        could = _matched_defs(d, extra) - have
        share = (have + 0.5 * could) / len(units)
        total += ADVENTURE_PROGRESS * d.victory_points * share * share
    return total


def ready(st: MyState, p: int) -> int:
    """How many distinct titles among ``p``'s hand allies, items and gods could be played where ``p`` stands
    (MY-5.5: their requirements met, an ally or a host for an attachment at hand). A walk leaves the new
    Location crosswise (in transit, MY-6.3.3) until the seat arrives (MY-6.3.8, a turn action): the place
    counted is then the one it is walking to, as if arrived, so a walk that opens the hand's
    allies shows at once."""
    t = st.table
    hand = t.cards(HAND[p])
    if not any(st.card(i).type in READY_TYPES for i in hand):
        return 0
    top = st.story_top(p)
    if top is not None and st.crosswise(top) and st.card(top).type == "location":
        # as if arrived: the flag and the position are changed in place and put back after (what a copy
        # would give, without copying the whole state at every scored walk)
        v = st.vars
        saved = v["pos_dim"][p], v["pos_region"][p], v["pos_sub"][p]
        st.table.set_flag(top, CROSSWISE, False)
        st.set_position(p, st.card(top))
        try:
            return _ready(st, p, hand)
        finally:
            st.table.set_flag(top, CROSSWISE, True)
            v["pos_dim"][p], v["pos_region"][p], v["pos_sub"][p] = saved
    return _ready(st, p, hand)


def _ready(st: MyState, p: int, hand: Sequence[int]) -> int:
    memo: dict[str, object] = {}
    seen: set[str] = set()
    n = 0
    for i in hand:
        d = st.card(i)
        if d.type not in READY_TYPES or d.title in seen:
            continue
        seen.add(d.title)
        if type_refusal(st, p, d, memo) is None and hosts(st, p, d, memo):
            n += 1
    return n


def side_score(st: MyState, p: int, seat: int) -> float:
    """How well seat ``p`` is doing, in score points, as ``seat`` may know it."""
    t = st.table
    s = st.sanity(p)
    score = float(s + st.vp(p))
    if s < DANGER:
        score -= DANGER_WEIGHT * (DANGER - s)
    threat = t.cards(THREAT[p])
    if p == seat:
        for i in threat:
            if t.flags[i] & FACE_DOWN:
                score += THREAT_MONSTER + THREAT_COMBAT * st.card(i).combat
    else:
        score += HIDDEN_THREAT * sum(1 for i in threat if t.flags[i] & FACE_DOWN)
    card = st.card
    allies = [i for i in st.allies(p) if card(i).type == "ally"]
    # one pass over the static effects in force for all of them (``combat_values``), not one per ally
    for c in combat_values(st, allies):
        score += ALLY + ALLY_COMBAT * c
    for z in (ZONE["item"][p], ZONE["ally"][p]):
        for i in t.cards(z):
            kind = st.card(i).type
            if kind in ITEM_TYPES:
                score += ITEM
                if kind == "weapon" and st.card(i).enchanted:
                    score += ENCHANTED
            elif kind == "spell" and not t.flags[i] & FACE_DOWN:
                score += SPELL
    if t.cards(ZONE["god"][p]):
        score += GOD
    score -= SKIP * int(st.vars["skip"][p])
    if st.lasting:
        score += shielded(st, p)
    if p == seat:
        score += progress(st, p) + READY * ready(st, p)
        if st.gate_open(p) and any(st.card(i).type == "monster" for i in t.cards(HAND[p])):
            score += GATE_WITH_MONSTER
    return score


def shielded(st: MyState, p: int) -> float:
    """What the shields on ``p`` are worth while this round's battle is still to come: "nobody can attack
    you this round" (MY-12.5 ``cannot_be_attacked``, Sgt. Rune Lindqvist's Hold the Line) stops every
    attack, a ``prevent_damage`` shield (Firewall of Glyphs, Ivy Marsh's Salt Blood, MY-9.11) up to its
    amount; either is worth nothing with no monster in the other Threats, after the battle (they end with
    the round) or when the round's battle is skipped. Without this the look-ahead saw a shield change
    nothing and never raised one."""
    if st.vars["phase"] not in ("card_play", "battle") or lasting_total(st, "skip_battle", "game"):
        return 0.0
    t = st.table
    monsters = sum(len(t.cards(THREAT[q])) for q in range(st.players) if q != p)
    if not monsters:
        return 0.0
    incoming = MONSTER_HIT * monsters
    if lasting_total(st, "cannot_be_attacked", f"p{p}"):
        return SHIELD * incoming
    return SHIELD * min(incoming, float(lasting_total(st, "prevent_damage", f"p{p}")))


def lead(st: MyState, seat: int) -> float:
    """``seat``'s side score minus its strongest opponent's."""
    mine = side_score(st, seat, seat)
    best = max(side_score(st, q, seat) for q in range(st.players) if q != seat)
    return mine - best


def evaluate(st: MyState, seat: int) -> float:
    """Seat ``seat``'s expected score in [0, 1]: the outcome's score once the game is over."""
    outcome = st.outcome
    if outcome is not None:
        return float(outcome.scores.get(seat, 0.0))
    return 1.0 / (1.0 + math.exp(-STEEPNESS * lead(st, seat)))
