"""The rest of the Mythos effect vocabulary: selectors (MY-12.3), count and die conditions (MY-12.4) and
the MY-12.5 primitives the first pool did not need — searching and looking, revealing, extra plays,
travel/gate/location grants, keywords, mental states, languages, hand sizes, blanking blockers, loading
and unloading spells, negation, choices and repetition.

Why a module of its own: the effect runner (``play.run_primitives``) hands these ops here, so the core of
the round stays small; the frame of the primitives that ask a question is ``effect_frame.py``.

*Grants.* Every lasting primitive here is one entry of the engine's lasting list: ``(op, "p<seat>",
k, until, source)`` where ``k`` indexes the primitive in the pool's registry (``registry``). What it
reaches is read from that primitive when a rule asks (a keyword when battle looks for blockers, a
language when a tome is played), so a selector also reaches cards that enter later, and a face-down
Threat monster is reached without anyone naming it (D-MY-140).

*Questions.* ``search``, ``choose``, ``discard_from_hand`` (owner or actor choosing), ``play_extra``,
``load_spell_from`` and a card mover selecting more cards than it moves (``effect_pick``, D-MY-106) stop
the effect to ask: the runner pushes an ``my.effect`` frame holding what is left
(a queue of ``(list, position, duration)`` registry references), the effect's Sanity changes so far and
its source, and resumes there (the whole remains one atomic effect, MY-1.3a: the Sanity changes are
committed once, after the last primitive). A pick among hidden cards (a searched deck, an own hand)
keeps its progress in the seat's secrets and the frame names no card id (D-CT-15); the cards offered
are in the decision, which only that seat sees (D-MY-141).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from ...engine import FACE_DOWN, NO_CARD, WHILE_SOURCE, add_lasting
from .catalog import Pool
from .requirements import matches
from .rules import Batch, commit
from .schema import (CHOICE_OPS, MOVER_OPS, CountAtLeast, DieRoll, FieldCount, LossSource, Selector, SOURCE_CARD_KEYS,
                     StoryCount, ThreatCount)
from .state import CROSSWISE, DECK, DISCARD, HAND, INVERTED, PASS_THRESHOLD, STORY, THREAT, ZONE, MyState

EFFECT = "my.effect"
KINDS = ("effect_search", "effect_choose", "effect_discard", "effect_pick", "play_extra", "load_spell")


# ---- the registry: every primitive and primitive list of the pool, by number ---------------------------


@dataclass
class Registry:
    prims: list[Any] = field(default_factory=list)
    lists: list[tuple[Any, ...]] = field(default_factory=list)
    index: dict[int, int] = field(default_factory=dict)  # id(primitive) -> k
    where: dict[int, tuple[int, int]] = field(default_factory=dict)  # id(primitive) -> (list, position)

    def add(self, do: Iterable[Any]) -> None:
        items = tuple(do)
        lk = len(self.lists)
        self.lists.append(items)
        for pos, prim in enumerate(items):
            self.where[id(prim)] = (lk, pos)
            self.index[id(prim)] = len(self.prims)
            self.prims.append(prim)
            if prim.op == "roll_die":
                for b in prim.branches:
                    self.add(b.do)
            elif prim.op == "choose":
                for o in prim.options:
                    self.add(o.do)
            elif prim.op in ("for_each", "repeat"):
                self.add(prim.do)
            elif prim.op == "if":
                self.add(prim.then)
                if prim.else_:
                    self.add(prim.else_)


_CACHE: list[tuple[Pool, Registry]] = []


def registry(pool: Pool) -> Registry:
    """The pool's primitives in a fixed order (card order, then printed order), so a number in the state
    names the same primitive in every process that loads the same pool."""
    for p, reg in _CACHE:
        if p is pool:
            return reg
    reg = Registry()
    for d in pool.defs:
        for eff in d.effects:
            reg.add(eff.do)
        for ab in d.abilities:
            reg.add(ab.do)
        for side in d.sides:
            for ab in side.abilities:
                reg.add(ab.do)
    _CACHE[:] = [(pool, reg)] + _CACHE[:3]
    return reg


def prim_of(st: MyState, k: int) -> Any:
    return registry(st.pool).prims[k]


# ---- selectors (MY-12.3) -----------------------------------------------------------------------------------

FIELD_ZONES = ("ally", "item", "event", "god", "threat", "story")
_CARD_KEYS = ("subtype", "trait", "title", "feature", "mental_state", "dimension", "region", "subregion",
              "combat_at_least", "combat_at_most")


def _seats(st: MyState, p: int, owner: str) -> list[int]:
    order = st.seat_order(p)
    return [p] if owner == "self" else order[1:] if owner == "opponent" else order


def orientation(st: MyState, i: int) -> str:
    return "crosswise" if st.crosswise(i) else "inverted" if st.inverted(i) else "upright"


def just_played_for(st: MyState, p: int, i: int) -> bool:
    """MY-5.10 relative to ``p``: played since the end of ``p``'s latest turn this round."""
    return st.table.counters.get((i, "played"), 0) > int(st.vars["turn_end"][p])


def selects(st: MyState, p: int, i: int, sel: Selector, combat: bool = True) -> bool:
    """Does ``sel``, read for controller ``p``, select card ``i`` now? A card ``p`` cannot see is reached
    only by where it lies (a Threat card also as a Monster, MY-3.6): testing its face would tell what it
    is (D-MY-140). ``combat=False`` leaves the combat comparisons unmet (used while combat itself is read)."""
    t = st.table
    owner = t.owner[i]
    if sel.owner == "self" and owner != p or sel.owner == "opponent" and owner == p:
        return False
    zone = t.zone_name(i).split(":")[0]
    if zone not in (FIELD_ZONES if sel.zone == "field" else (sel.zone,)):
        return False
    down = bool(t.flags[i] & FACE_DOWN)
    if sel.face is not None and down != (sel.face == "down"):
        return False
    if sel.orientation is not None and orientation(st, i) != sel.orientation:
        return False
    if sel.just_played is not None and just_played_for(st, p, i) != sel.just_played:
        return False
    kind = st.type_of(i)
    if not t.face_visible(i, p):
        if any(getattr(sel, k) is not None for k in _CARD_KEYS):
            return False
        return sel.type is None or zone == "threat" and sel.type == "monster"
    if sel.combat_at_least is not None or sel.combat_at_most is not None:
        if not combat or kind not in ("ally", "monster"):
            return False
        value = st.combat(i)
        if sel.combat_at_least is not None and value < sel.combat_at_least:
            return False
        if sel.combat_at_most is not None and value > sel.combat_at_most:
            return False
    return matches(st.card(i), sel, kind, mental_state(st, i) if sel.mental_state else None)


def selected(st: MyState, p: int, sel: Selector) -> list[int]:
    """The cards ``sel`` selects, seat by seat from ``p`` (MY-11.5), zone order, at most ``limit``."""
    t = st.table
    zones = FIELD_ZONES if sel.zone == "field" else (sel.zone,)
    out = [i for q in _seats(st, p, sel.owner) for z in zones for i in t.cards(ZONE[z][q]) if selects(st, p, i, sel)]
    return out[:sel.limit] if sel.limit else out


# ---- conditions (MY-12.4: counts and the die) --------------------------------------------------------------


def _count(st: MyState, cards: Iterable[int], c: CountAtLeast) -> bool:
    return sum(1 for i in cards if matches(st.card(i), c.filter, st.type_of(i), mental_state(st, i))) >= c.at_least


def holds_extra(st: MyState, p: int, req: Any) -> bool:
    t = st.table
    if isinstance(req, FieldCount):
        cards = [i for z in ("ally", "item", "event", "god", "story") for i in t.cards(ZONE[z][p])
                 if not t.flags[i] & FACE_DOWN]
        return _count(st, cards, req.field_count)
    if isinstance(req, ThreatCount):
        return _count(st, t.cards(THREAT[p]), req.threat_count)
    if isinstance(req, StoryCount):
        return _count(st, t.cards(STORY[p]), req.story_count)
    assert isinstance(req, DieRoll)
    roll = 1 + st.rng.below(6)  # MY-2.7: the seeded die, rolled in public
    st.note("die_rolled", {"player": p, "result": roll})
    return roll in req.die_roll


# ---- what the grants in force say (read by the rules that need them) ---------------------------------------


def grants(st: MyState, op: str, p: int | None = None) -> list[tuple[int, Any]]:
    """(seat, primitive) of every ``op`` grant in force (for seat ``p`` only, if given), oldest first."""
    out = []
    for e in st.lasting:
        if e[0] == op and isinstance(e[1], str) and e[1].startswith("p") and (p is None or e[1] == f"p{p}"):
            out.append((int(e[1][1:]), prim_of(st, e[2])))
    return out


def keyword(st: MyState, i: int, k: str) -> bool:
    """A card's keyword (MY-6.8.5's printed Invisible, or a ``grant_keyword`` in force that reaches it)."""
    if k == "Invisible" and st.type_of(i) == "monster" and st.card(i).invisible:
        return True
    return any(prim.keyword == k and selects(st, q, i, prim.cards) for q, prim in grants(st, "grant_keyword"))


def blanked(st: MyState, i: int) -> bool:
    return any(selects(st, q, i, prim.cards) for q, prim in grants(st, "blank_blocker"))


def negated(st: MyState, i: int) -> bool:
    """NEGATE_EFFECTS in force on the card (combat comparisons unmet here: combat reads the statics)."""
    if not st.lasting:
        return False
    return any(selects(st, q, i, prim.cards, combat=False) for q, prim in grants(st, "negate_effects"))


def mental_state(st: MyState, i: int) -> str:
    """MY-6.4.8 as changed by the latest ``set_mental_state`` that reaches the card (else printed)."""
    out = st.card(i).mental_state
    for q, prim in grants(st, "set_mental_state"):
        if selects(st, q, i, prim.cards.model_copy(update={"mental_state": None}), combat=False):
            out = prim.state
    return out


def granted_languages(st: MyState, p: int) -> set[str]:
    return {prim.language for _q, prim in grants(st, "grant_language", p)}


def hand_sizes(st: MyState, p: int) -> tuple[int, int, int]:
    """MY-5.14 sizes (refill, max, min) with the changes in force, kept as ``0 <= min <= max < refill``."""
    side = st.investigator(p)
    if side is None:
        return 0, 0, 0
    refill, hmax, hmin = side.refill_hand, side.hand_max, side.hand_min
    for _q, prim in grants(st, "modify_hand_sizes", p):
        refill, hmax, hmin = refill + prim.refill, hmax + prim.max, hmin + prim.min
    refill = max(1, refill)
    hmax = max(0, min(hmax, refill - 1))
    hmin = max(0, min(hmin, hmax))
    return refill, hmax, hmin


def location_features(st: MyState, p: int) -> frozenset[str] | None:
    """COUNT_AS_LOCATION in force for ``p``: the features a Travel Event on top then has (else None)."""
    found = grants(st, "count_as_location", p)
    if not found:
        return None
    return frozenset(f for _q, prim in found for f in prim.features)


def _first(st: MyState, op: str, p: int) -> int | None:
    for k, e in enumerate(st.lasting):
        if e[0] == op and e[1] == f"p{p}":
            return k
    return None


def travel_rule(st: MyState, p: int) -> Any:
    if not st.lasting:
        return None
    k = _first(st, "grant_travel", p)
    return None if k is None else prim_of(st, st.lasting[k][2]).destination


def use_up(st: MyState, op: str, p: int) -> None:
    k = _first(st, op, p)
    if k is not None:
        st.lasting = st.lasting[:k] + st.lasting[k + 1:]
        st.note("grant_used", {"player": p, "grant": op})


def gate_granted(st: MyState, p: int) -> bool:
    return _first(st, "grant_gate", p) is not None


def use_gate(st: MyState, p: int) -> None:
    """MY-6.8.1: a Monster play uses the current location's gate (it turns INVERTED), or, without one, a
    ``grant_gate`` in force (used up)."""
    cur = st.current_location(p)
    if cur is not None and st.card(cur).type == "location" and st.card(cur).gate and not st.inverted(cur):
        st.table.set_flag(cur, INVERTED)
        st.note("gate_used", {"player": p, "card": cur})
    else:
        use_up(st, "grant_gate", p)


# ---- the primitives that run at once ----------------------------------------------------------------------


def _until(st: MyState, duration: str, origin: int) -> tuple[str, int]:
    from .play import until as ending

    until = ending(st, duration)
    return until, origin if until == WHILE_SOURCE else -1


def _grant(st: MyState, p: int, prim: Any, batch: Batch, duration: str, origin: int, target: Any) -> None:
    """A lasting grant (module docstring); ``who`` ones go on each player reached, the others on ``p``."""
    from .play import targets

    until, src = _until(st, duration, origin)
    k = registry(st.pool).index[id(prim)]
    seats = targets(st, p, prim.who) if hasattr(prim, "who") else [p]
    for q in seats:
        add_lasting(st, prim.op, f"p{q}", k, until, src)
        st.note("granted", {"player": q, "grant": prim.op})


def _reveal(st: MyState, p: int, prim: Any, batch: Batch, duration: str, origin: int, target: Any) -> None:
    from .effects import whose_seats

    t = st.table
    for q in whose_seats(st, p, prim.who):
        shown = [i for i in t.cards(f"{prim.zone}:{q}") if matches(st.card(i), prim.filter, st.type_of(i))]
        for i in shown:
            t.reveal_to_all(i)
        st.note("revealed", {"player": q, "cards": shown, "zone": prim.zone})


def _look(st: MyState, p: int, prim: Any, batch: Batch, duration: str, origin: int, target: Any) -> None:
    """LOOK_AT: only the looker learns the cards (MY-3.1; MY-7.6a: an empty deck shows nothing)."""
    from .effects import whose_seats

    t = st.table
    for q in whose_seats(st, p, prim.whose):
        cards = list(t.cards(f"{prim.zone}:{q}"))
        seen = cards[-prim.n:][::-1] if prim.zone == "deck" else cards  # a deck's top first
        for i in seen:
            t.reveal_to(i, [p])
        st.note("looked_at", {"player": p, "whose": q, "zone": prim.zone, "cards": seen}, visible_to=[p],
                redacted={"player": p, "whose": q, "zone": prim.zone, "n": len(seen)})


def _unload(st: MyState, p: int, prim: Any, batch: Batch, duration: str, origin: int, target: Any) -> None:
    from .play import bury

    t = st.table
    for s in selected(st, p, prim.cards):
        if t.host[s] == NO_CARD or st.card(s).type != "spell":
            continue
        owner = t.owner[s]
        st.note("spell_unloaded", {"player": owner, "card": s, "dest": prim.dest})
        if prim.dest == "bury":
            bury(st, s)
        else:
            st.move_card(s, f"{prim.dest}:{owner}")
            t.set_flag(s, FACE_DOWN, False)
            t.reveal_to_all(s)  # everyone saw it leave its vessel


def _for_each(st: MyState, p: int, prim: Any, batch: Batch, duration: str, origin: int, target: Any) -> None:
    from .play import run_primitives

    n = len(selected(st, p, prim.cards))
    st.note("for_each", {"player": p, "n": n})
    for _ in range(n):
        run_primitives(st, p, tuple(prim.do), batch, duration, origin, target)


def discard_random(st: MyState, p: int, q: int, n: int) -> None:
    t = st.table
    hand = sorted(t.cards(HAND[q]))
    st.rng.shuffle(hand)
    discard_cards(st, q, hand[:n], "random")


def discard_cards(st: MyState, q: int, cards: Iterable[int], chooser: str) -> None:
    cards = list(cards)
    for i in cards:
        st.move_card(i, DISCARD[q])
        st.table.reveal_to_all(i)
    st.note("discarded_from_hand", {"player": q, "cards": cards, "chooser": chooser})


MOVED_TO = {"discard": "its owner's discard pile", "bury": "the bottom of its owner's Story Deck",
            "return_to_hand": "its owner's hand", "put_on_deck": "its owner's Mythos Deck"}  # log words


def mover_candidates(st: MyState, p: int, prim: Any) -> list[int]:
    """The cards in play (never an investigator) a card mover may move: its selection, field zones only.
    Every seat sees where each of them lies (a face-down Threat card by its place only, D-MY-106)."""
    t = st.table
    return [i for i in selected(st, p, prim.cards) if t.zone_name(i).split(":")[0] in FIELD_ZONES]


def mover_asks(st: MyState, p: int, prim: Any) -> bool:
    """Does this DISCARD / BURY / RETURN_TO_HAND / PUT_ON_DECK need its controller to choose (more cards
    selected than it moves)? ``n: all`` never asks (D-MY-106)."""
    return prim.n != "all" and len(mover_candidates(st, p, prim)) > prim.n


def move_card_out(st: MyState, prim: Any, i: int) -> None:
    """One card of a card mover leaves play (MY-3.7; attachments with it, MY-3.4). A Story Deck top card
    leaving exposes the one beneath (MY-6.3.14, as ``play.cancel``)."""
    from .play import bury

    t = st.table
    owner = t.owner[i]
    was_top = st.story_top(owner) == i
    if prim.op == "bury":
        bury(st, i)
    elif prim.op == "put_on_deck":
        st.move_card(i, DECK[owner], bottom=prim.position == "bottom")
    else:
        st.move_card(i, f"{'discard' if prim.op == 'discard' else 'hand'}:{owner}")
        t.set_flag(i, CROSSWISE | INVERTED | FACE_DOWN, False)
        if prim.op == "discard":
            t.reveal_to_all(i)
    st.note("card_moved", {"player": owner, "card": i, "op": prim.op, "to": MOVED_TO[prim.op]})
    if was_top and st.story_top(owner) != i:
        cur = st.current_location(owner)
        if cur is not None:
            st.set_position(owner, st.card(cur))


def _move_cards(st: MyState, p: int, prim: Any, batch: Batch, duration: str, origin: int, target: Any) -> None:
    """DISCARD / BURY / RETURN_TO_HAND / PUT_ON_DECK when no question is needed: every selected card
    (``n: all``), or all of them when no more are selected than it moves (D-MY-106)."""
    for i in mover_candidates(st, p, prim):
        if st.table.zone_name(i).split(":")[0] in FIELD_ZONES:  # an earlier one may have taken it along
            move_card_out(st, prim, i)


def _mill(st: MyState, p: int, prim: Any, batch: Batch, duration: str, origin: int, target: Any) -> None:
    from .play import targets

    t = st.table
    for q in targets(st, p, prim.who):
        cards = list(t.cards(DECK[q]))[-prim.n:][::-1]  # MY-7.6a: the cards present, no reshuffle
        for i in cards:
            st.move_card(i, DISCARD[q])
            t.reveal_to_all(i)
        st.note("milled", {"player": q, "cards": cards})


def _shuffle(st: MyState, p: int, prim: Any, batch: Batch, duration: str, origin: int, target: Any) -> None:
    from .play import targets

    t = st.table
    for q in targets(st, p, prim.who):
        if prim.zone == "discard":
            for i in list(t.cards(DISCARD[q])):
                st.move_card(i, DECK[q])
        t.shuffle(DECK[q], st.rng)
        st.note("shuffled", {"player": q, "zone": prim.zone, "deck": len(t.cards(DECK[q]))})


def _player_step(st: MyState, p: int, prim: Any, batch: Batch, duration: str, origin: int, target: Any) -> None:
    from .play import becomes_current, can_arrive, targets
    from .rules import note_pass

    t = st.table
    for q in targets(st, p, prim.who):
        top = st.story_top(q)
        if prim.op == "announce_pass":
            note_pass(st, q)  # MY-5.9c/d; not a play of the initiator, so never a cancel (MY-5.9e)
            st.note("announced_pass", {"player": q, "count": st.vars["pass_count"]})
        elif prim.op == "force_arrive" and can_arrive(st, q) and top is not None:
            t.set_flag(top, CROSSWISE, False)
            st.note("arrived", {"player": q, "card": top})
            becomes_current(st, q, top, batch)  # MY-6.3.8: its modifier applies
        elif prim.op == "send_in_transit" and top is not None and st.card(top).type == "location" \
                and not st.crosswise(top):
            t.set_flag(top, CROSSWISE)
            st.note("sent_in_transit", {"player": q, "card": top})


def _time(st: MyState, p: int, prim: Any, batch: Batch, duration: str, origin: int, target: Any) -> None:
    from .play import set_time

    set_time(st, p, -1, prim.time)


def _gate(st: MyState, p: int, prim: Any, batch: Batch, duration: str, origin: int, target: Any) -> None:
    from .effects import whose_seats

    for q in whose_seats(st, p, prim.whose):
        cur = st.current_location(q)
        if cur is None or st.card(cur).type != "location" or not st.card(cur).gate:
            continue
        st.table.set_flag(cur, INVERTED, prim.op == "use_gate")
        st.note("gate_used" if prim.op == "use_gate" else "gate_reset", {"player": q, "card": cur})


def _spell_step(st: MyState, p: int, prim: Any, batch: Batch, duration: str, origin: int, target: Any) -> None:
    t = st.table
    for s in selected(st, p, prim.cards):
        if t.host[s] != NO_CARD and st.card(s).type == "spell":
            t.reveal_to_all(s)
            t.set_flag(s, FACE_DOWN, prim.op == "exhaust_spell")
            st.note("spell_readied" if prim.op == "ready_spell" else "spell_exhausted", {"card": s})


def _if(st: MyState, p: int, prim: Any, batch: Batch, duration: str, origin: int, target: Any) -> None:
    from .play import run_primitives
    from .requirements import holds

    body = prim.then if holds(st, p, prim.condition) else prim.else_
    if body:
        run_primitives(st, p, tuple(body), batch, duration, origin, target)


def _repeat(st: MyState, p: int, prim: Any, batch: Batch, duration: str, origin: int, target: Any) -> None:
    from .play import run_primitives

    for _ in range(prim.n):
        run_primitives(st, p, tuple(prim.do), batch, duration, origin, target)


def _shield(st: MyState, p: int, prim: Any, batch: Batch, duration: str, origin: int, target: Any) -> None:
    """MY-7.5 PREVENT_SANITY_LOSS: a lasting shield on each player reached. Its amount is the entry's value;
    a shield with a ``source`` filter (D-MY-102) holds ``(k, amount)``, ``k`` its primitive in the registry
    (like a grant), so an unfiltered one stays exactly what it was (D-MY-152)."""
    from .play import targets

    until, src = _until(st, duration, origin)
    amount = 10 ** 6 if prim.n == "all" else prim.n
    value: Any = amount if prim.source is None else (registry(st.pool).index[id(prim)], amount)
    for q in targets(st, p, prim.who):
        add_lasting(st, "prevent_sanity_loss", f"p{q}", value, until, src)
        st.note("granted", {"player": q, "grant": "prevent_sanity_loss"})


def source_matches(st: MyState, p: int, code: int, f: LossSource) -> bool:
    """D-MY-102: does the loss source ``code`` (``rules.lose``) match shield filter ``f`` of player ``p``?
    A rule's loss (no card) matches a filter of causes only. A card is read as it is now (MY-3.6 type
    where it lies, mental state in force); one whose face not everyone can see is reached only by its
    owner and where it lies (a Threat card as a Monster), as a selector is (D-MY-140): the outcome of the
    shield is public, so it must not tell what the hidden card is."""
    from .rules import CAUSES

    card, cause = code >> 3, code & 7
    causes = f.causes()
    if causes is not None and CAUSES[cause] not in causes:
        return False
    has_card_key = any(getattr(f, k) is not None for k in SOURCE_CARD_KEYS)
    if card < 0:
        return not has_card_key and f.owner == "any"
    t = st.table
    if f.owner == "self" and t.owner[card] != p or f.owner == "opponent" and t.owner[card] == p:
        return False
    if not has_card_key:
        return True
    if not t.face_visible(card, None):
        return all(getattr(f, k) is None for k in SOURCE_CARD_KEYS if k != "type") and \
            (f.type is None or f.type == "monster" and t.zone_name(card).startswith("threat:"))
    return matches(st.card(card), f, st.type_of(card), mental_state(st, card) if f.mental_state else None)


def absorb_loss(st: MyState, p: int, loss: int, sources: Sequence[int] = ()) -> int:
    """MY-7.5: the shields in force on ``p`` take what they can of the atomic effect's total loss, oldest
    shield first, each used up by what it prevents; a filtered shield (D-MY-102) takes only the losses whose
    source matches, each shield taking the losses in the order they happened. ``sources`` is the flat
    ``amount, code`` record of the losses (``rules.lose``); a part of ``loss`` it does not cover has no
    known source, and only an unfiltered shield takes it. Returns what is still lost. The log names each
    prevented part by its cause, and by its card when everyone can see that card's face."""
    key = f"p{p}"
    lasting = st.lasting
    if not any(e[0] == "prevent_sanity_loss" and e[1] == key for e in lasting):
        return loss
    parts: list[list[Any]] = [[sources[k], sources[k + 1]] for k in range(0, len(sources), 2)]
    unknown = loss - sum(n for n, _c in parts)
    if unknown > 0:
        parts.append([unknown, None])  # no record: an unfiltered shield only (every loss site records one)
    out = []
    for e in lasting:
        if e[0] != "prevent_sanity_loss" or e[1] != key or not loss:
            out.append(e)
            continue
        filtered = not isinstance(e[2], int)
        amount = e[2][1] if filtered else e[2]
        f = prim_of(st, e[2][0]).source if filtered else None
        for part in parts:
            n, code = part
            if not n or f is not None and (code is None or not source_matches(st, p, code, f)):
                continue
            took = min(n, amount)
            part[0] -= took
            amount -= took
            loss -= took
            _note_prevented(st, p, took, code)
            if not amount:
                break
        if amount:
            out.append((e[0], e[1], (e[2][0], amount) if filtered else amount, e[3], e[4]))
    st.lasting = out
    return loss


def _note_prevented(st: MyState, p: int, n: int, code: int | None) -> None:
    """The log line of one prevented part: its cause, and its card if every seat can see that card's face."""
    from .rules import CAUSES

    if code is None:
        st.note("loss_prevented", {"player": p, "n": n})
        return
    card, cause = code >> 3, code & 7
    if card >= 0 and st.table.face_visible(card, None):
        st.note("loss_prevented", {"player": p, "n": n, "cause": CAUSES[cause], "card": card})
    else:
        st.note("loss_prevented", {"player": p, "n": n, "cause": CAUSES[cause]})


def education(st: MyState, p: int) -> int:
    """MY-6.2.3 with MODIFY_EDUCATION in force."""
    side = st.investigator(p)
    return (side.education if side else 0) + sum(prim.n for _q, prim in grants(st, "modify_education", p))


def pass_threshold(st: MyState) -> int:
    """MY-5.9a: 2, or the highest SET_PASS_THRESHOLD in force."""
    return max([PASS_THRESHOLD] + [prim.n for _q, prim in grants(st, "set_pass_threshold")])


def cannot_attack(st: MyState, p: int) -> bool:
    return bool(grants(st, "cannot_attack", p))


SYNC_OPS = {op: _grant for op in ("grant_travel", "count_as_location", "grant_gate", "grant_keyword",
                                  "set_mental_state", "grant_language", "modify_hand_sizes", "blank_blocker",
                                  "negate_effects", "modify_education", "set_pass_threshold", "cannot_attack")}
SYNC_OPS.update({"reveal": _reveal, "look_at": _look, "unload_spell": _unload, "for_each": _for_each,
                 "discard": _move_cards, "bury": _move_cards, "return_to_hand": _move_cards,
                 "put_on_deck": _move_cards, "mill": _mill, "shuffle": _shuffle, "force_arrive": _player_step,
                 "send_in_transit": _player_step, "announce_pass": _player_step, "set_time_of_day": _time,
                 "use_gate": _gate, "reset_gate": _gate, "ready_spell": _spell_step, "exhaust_spell": _spell_step,
                 "if": _if, "repeat": _repeat, "prevent_sanity_loss": _shield})


def asks(prim: Any, st: MyState | None = None, p: int = -1) -> bool:
    """Does ``prim`` stop the effect to ask? A card mover asks only when, now, more cards are selected than
    it moves (needs ``st`` and the controller ``p``)."""
    if prim.op in MOVER_OPS:
        return st is not None and mover_asks(st, p, prim)
    return prim.op in CHOICE_OPS and not (prim.op == "discard_from_hand" and prim.chooser == "random")
