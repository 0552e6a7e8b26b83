"""Which plays are legal (MY-6, MY-5.4–MY-5.6): the one ``check`` both the turn's options and its refusals
use, naming the rule a play breaks; where a card may go (hosts, vessels, Location placement, MY-6.3,
MY-6.11); the requirement slots of gods and adventures; the options of a card-play turn.

Split from ``play.py``, which carries plays out: this module only reads the state (it changes nothing),
so ``play.py`` and the modules that ask "may this be played?" import it, and it imports neither.
``play.py`` re-exports its names for the callers that read them there.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...core import Action, shared_action
from ...engine import FACE_DOWN, NO_CARD
from . import primitives as _primitives  # a module reference: read per play, not imported per call
from .catalog import CardDef
from .requirements import assign, fits, holds, matches, position as _position, upright_top
from .schema import (TARGETED_OPS, AllOf, AnyOf, DieRoll, FieldCount, InDimension, InRegion, InSubregion, InTransit, LocHas,
                     LocTitle, NotReq, StoryCount, ThreatCount)
from .state import ADVENTURES, ALLY, CROSSWISE, DISCARD, EVENT, FIELD_OF, GOD, HAND, INVERTED, ITEM, STORY, THREAT, ZONE, MyState, mods


Refusal = tuple[str, str]  # (rule ID, why)

ARTIFACT_ATTRIBUTE = LocHas(loc_has="Artifact")  # MY-6.5.2 default
TOME_ATTRIBUTE = LocHas(loc_has="Tome")  # MY-6.7.1 default


# ---- what a card names as it is played, and requirement grants ---------------------------------------------


def ignore_grant(st: MyState, p: int, d: CardDef) -> int | None:
    """The position in ``st.lasting`` of the oldest ``ignore_requirement`` grant of ``p`` fitting Ally ``d``."""
    for k, e in enumerate(st.lasting):
        if e[0] == "ignore_requirement" and e[1] == f"p{p}":
            for eff in st.pool.defs[e[2]].effects:
                for prim in eff.do:
                    if prim.op == "ignore_requirement" and matches(d, prim.filter, "ally"):
                        return k
    return None


@lru_cache(maxsize=None)
def cancel_filter(d: CardDef) -> Any:
    """The primitive of a card's ``on_play`` effects that names a card as it is played (``TARGETED_OPS``:
    ``cancel_just_played``, ``move_to_area``, ``put_into_play``), if any (cached: a pure function of the
    definition, asked of every hand card at every turn; a pool has a few hundred definitions)."""
    for eff in d.effects:
        if eff.trigger == "on_play":
            for prim in eff.do:
                if prim.op in TARGETED_OPS:
                    return prim
    return None


def cancel_targets(st: MyState, p: int, d: CardDef, i: int = -1) -> list[int]:
    """The cards the targeted primitive of ``d`` (hand card ``i``) may name now."""
    prim = cancel_filter(d)
    if prim is None:
        return []
    if prim.op == "cancel_just_played":
        return [c for c in st.just_played(p) if matches(st.card(c), prim.filter)]
    zone = f"{prim.from_}:{p}"
    t = st.table
    return [c for c in t.cards(zone) if c != i and t.host[c] == NO_CARD and matches(st.card(c), prim.filter, st.type_of(c))]


def target_optional(d: CardDef) -> bool:
    """A counter card must name its target (MY-5.10); a card that moves or puts one of its player's own
    cards may name none (its effect then does nothing, D-MY-93)."""
    prim = cancel_filter(d)
    return prim is not None and prim.op != "cancel_just_played"


# ---- placement of Locations and Travel Events (MY-6.3, MY-6.11) -------------------------------------------


def _story_without_crosswise_top(st: MyState, p: int) -> bool:
    """The top card of ``p``'s Story Deck is a crosswise Location (``st.story_top``, ``st.crosswise`` read
    off the table directly: every turn asks it)."""
    t = st.table
    pile = t.zones[t.zone_ids[STORY[p]]]
    if not pile:
        return False
    top = pile[-1]
    return st.card(top).type == "location" and bool(t.flags[top] & CROSSWISE)


def location_mode(st: MyState, p: int, d: CardDef, memo: dict[str, Any] | None = None) -> tuple[str, Refusal | None]:
    """How a Location would be placed now: ``first`` / ``travel`` / ``city`` / ``walk`` (upright for all but
    ``walk``), or the rule that forbids it. ``memo``: a dict the caller keeps while the state does not
    change (``turn_options`` asks this of every Location in hand), holding where a move would start."""
    if d.requirement is not None and not holds(st, p, d.requirement, memo):
        return "", ("MY-6.3.13", f"{d.title}: its own requirement is not met")
    if not st.vars["had_location"][p]:
        return "first", None  # MY-6.3.4
    start: tuple[Any, ...] | None = None if memo is None else memo.get("start")
    if start is None:
        start = _move_start(st, p)
        if memo is not None:
            memo["start"] = start
    if start[0] == "travel":
        _kind, rule, name, region = start
        if d.dimension not in rule.dimensions:
            return "", ("MY-6.11.3", f"{name} does not lead to the {d.dimension}")
        if rule.regions == "same" and d.region != region or rule.regions == "other" and d.region == region \
                or isinstance(rule.regions, list) and d.region not in rule.regions:
            return "", ("MY-6.11.3", f"{name} does not lead to {d.region}")
        if "Isolated" in d.features and not rule.allow_isolated:
            return "", ("MY-6.3.10", f"{d.title} is Isolated: {name} cannot reach it")
        return "travel", None
    _kind, ref_dim, ref_region, ref_feats = start
    if d.dimension != ref_dim:
        return "", ("MY-6.3.10", f"{d.title} is in another dimension: only travel reaches it")
    if d.region != ref_region:
        return "", ("MY-6.3.10", f"{d.title} is in another region: only travel reaches it")
    if "Isolated" in d.features or "Isolated" in ref_feats:
        return "", ("MY-6.3.10", "an Isolated place is reached and left only by travel")
    if "City" in d.features and "City" in ref_feats:
        return "city", None  # MY-6.3.7
    return "walk", None  # MY-6.3.6


def _move_start(st: MyState, p: int) -> tuple[Any, ...]:
    """Where a Location placed now would be reached from, once a first Location was had: by travel
    (``travel``, the destination rule, its name, the region now) or by a move from the reference
    (``move``, its dimension, region and features)."""
    if not st.lasting:  # no travel grant (MY-12.5) can be in force: the common case, read off the top card
        d = upright_top(st, p)
        if d is not None:  # the current location is the reference (MY-6.3.5)
            got = _MOVE_FROM.get(d)
            if got is None:
                got = _MOVE_FROM[d] = ("move", d.dimension, d.region, d.features)
            return got
    top = st.story_top(p)
    granted = _primitives.travel_rule(st, p) if st.lasting else None  # MY-12.5 GRANT_TRAVEL: as if a Travel Event with that rule were on top
    if top is not None and st.card(top).type == "travel_event" or granted is not None:  # MY-6.11.3
        on_top = top is not None and st.card(top).type == "travel_event"
        rule = st.card(top).destination if on_top and top is not None else granted
        name = st.card(top).title if on_top and top is not None else "your travel grant"
        assert rule is not None
        return "travel", rule, name, st.position(p)[1]
    ref = st.reference(p)  # MY-6.3.5 (while walking: the place left; MY-6.3.9 discards the crosswise card)
    if ref is not None:
        r = st.card(ref)
        return "move", r.dimension, r.region, r.features
    ref_dim, ref_region, _ = st.position(p)
    return "move", ref_dim, ref_region, frozenset()


_MOVE_FROM: dict[CardDef, tuple[Any, ...]] = {}  # an upright Location on top -> ``_move_start``'s answer (per definition)


def travel_check(st: MyState, p: int, d: CardDef, memo: dict[str, Any] | None = None) -> Refusal | None:
    """MY-6.11: the departure requirement, checked where the player would leave from (a crosswise top
    card is discarded first, MY-6.3.9; before any location, at the start position, MY-6.3.4). ``memo``
    as for ``location_mode``: the state left by that discard is built once for all Travel Events."""
    if d.requirement is not None and not holds(st, p, d.requirement, memo):
        return "MY-6.1.2", f"{d.title}: its requirement is not met"
    if _story_without_crosswise_top(st, p):
        probe = None if memo is None else memo.get("departure")
        if probe is None and _plain_requirement(d.departure) and _leaves_quietly(st, p):
            # the discard changes nothing ``holds`` reads but the Story Deck's top (``_leaves_quietly``): the
            # card is taken off the pile for the question and put back, instead of copying the state
            pile = st.table.cards(STORY[p])
            lifted = pile.pop()
            try:
                ok = holds(st, p, d.departure)
            finally:
                pile.append(lifted)
        elif probe is None:
            probe = st.clone()
            assert isinstance(probe, MyState)
            top = probe.story_top(p)
            assert top is not None
            probe.move_card(top, DISCARD[p])
            if memo is not None:
                memo["departure"] = probe
            ok = holds(probe, p, d.departure)  # type: ignore[arg-type]
        else:
            ok = holds(probe, p, d.departure)  # type: ignore[arg-type]
    else:
        ok = holds(st, p, d.departure, memo)  # the state itself: the caller's memo of its place holds
    if not ok:
        return "MY-6.11.2", f"{d.title}: you cannot depart from here"
    return None


_PLAIN_REQUIREMENTS: dict[int, tuple[Any, bool]] = {}


def _plain_requirement(req: Any) -> bool:
    """``req`` reads nothing but the player's position, place, time, numbers and languages: no count of
    cards (``field_count``, ``threat_count``, ``story_count``) and no die (``die_roll`` draws from the RNG).
    Kept per requirement object (a card's requirement lives as long as its pool)."""
    if req is None:
        return True
    got = _PLAIN_REQUIREMENTS.get(id(req))
    if got is None or got[0] is not req:
        if isinstance(req, (FieldCount, ThreatCount, StoryCount, DieRoll)):
            plain = False
        elif isinstance(req, AllOf):
            plain = all(_plain_requirement(r) for r in req.all)
        elif isinstance(req, AnyOf):
            plain = all(_plain_requirement(r) for r in req.any)
        elif isinstance(req, NotReq):
            plain = _plain_requirement(req.not_)
        else:
            plain = True
        got = _PLAIN_REQUIREMENTS[id(req)] = (req, plain)
    return got[1]


def _leaves_quietly(st: MyState, p: int) -> bool:
    """Discarding ``p``'s Story Deck top changes the state only in where that card lies: nothing is
    attached to it and no lasting effect is on it or from it (those would end as it leaves play)."""
    top = st.table.cards(STORY[p])[-1]
    return top not in st.table.links and not any(e[1] == top or e[4] == top for e in st.lasting)


# ---- which plays are legal ---------------------------------------------------------------------------------


_OWN_AREA: list[int | None] = [None]  # shared, never changed: the answer for most cards


def hosts(st: MyState, p: int, d: CardDef, memo: dict[str, Any] | None = None) -> list[int | None]:
    """Where a card may go: None (its own area) or a host card for attachments (a list the caller reads
    and never changes). ``memo`` as for ``check``: every weapon of a hand has the same hosts."""
    kind = d.type
    if kind not in _ATTACHING:
        return _OWN_AREA
    t = st.table
    if d.type == "weapon":  # MY-6.6.1, MY-6.4.9
        got = None if memo is None else memo.get("weapon_hosts")
        if got is None:
            got = [a for a in st.allies(p) if not any(st.card(w).type == "weapon" for w in t.attachments(a))]
            if memo is not None:
                memo["weapon_hosts"] = got
        return got  # type: ignore[no-any-return]
    if d.type == "tome":  # MY-6.7.3
        return [None] + list(st.allies(p)) if d.ally_holdable else _OWN_AREA
    if d.type == "artifact" and d.attach_to is not None:  # MY-6.5.1: onto a card of the kind it names
        return [h for z in ("ally", "item") for h in t.cards(ZONE[z][p]) if t.host[h] == NO_CARD
                and not t.flags[h] & FACE_DOWN and matches(st.card(h), d.attach_to, st.type_of(h))]
    if d.type == "spell":  # MY-6.12.1
        held = None if memo is None else memo.get("vessels")
        if held is None:
            held = vessels(st, p)
            if memo is not None:
                memo["vessels"] = held
        return [v for v in held if can_hold(st, v, d)]
    return _OWN_AREA


_ATTACHING = frozenset(("weapon", "tome", "artifact", "spell"))


def vessels(st: MyState, p: int) -> list[int]:
    """The cards of ``p`` that may hold a spell: tomes, spell-holding artifacts, spellcaster Allies."""
    t, card, host = st.table, st.card, st.table.host
    out = []
    for zone in ("item", "ally"):
        in_ally_area = zone == "ally"
        for i in t.cards(ZONE[zone][p]):
            c = card(i)
            # ``st.type_of(i) == "ally"``: an unattached card of the Ally area, or a printed ally elsewhere
            if c.type == "tome" or c.type == "artifact" and c.spell_slots or c.spellcaster and host[i] == NO_CARD \
                    and (in_ally_area or c.type == "ally"):
                out.append(i)
    return out


def can_hold(st: MyState, v: int, spell: CardDef) -> bool:
    """MY-6.7.4, MY-6.4.7, MY-6.5.4: a tome of a matching icon with room; one spell in an artifact or ally."""
    c = st.card(v)
    loaded = [a for a in st.table.attachments(v) if st.card(a).type == "spell"]
    if c.type == "tome":
        return spell.spell_icon in c.spell_icons and len(loaded) < st.capacity(v)
    return not loaded


def check(st: MyState, p: int, i: Any, host: Any, target: Any = None,
          allowed: list[int | None] | None = None, memo: dict[str, Any] | None = None) -> Refusal | None:
    """Why playing hand card ``i`` (onto ``host``, naming ``target``) is illegal now, or None (MY-5.5).
    ``allowed`` is ``hosts(st, p, card)`` when the caller has it already (the same list, not recomputed):
    ``turn_options`` passes it for cards it took from the hand itself, so the hand test is not repeated.
    ``memo``: a dict kept by a caller that asks of many cards while the state stays the same (what
    several checks read alike, computed once)."""
    t = st.table
    if allowed is None and (type(i) is not int or not 0 <= i < len(t) or t.zone_name(i) != HAND[p]):
        return "MY-5.5", "a card is played from your own hand"
    d = st.card(i)
    if cancel_filter(d) is not None:
        if not (target is None and target_optional(d)) and target not in cancel_targets(st, p, d, i):
            if target_optional(d):
                return "MY-12.5", f"{d.title} names one of your own cards its effect may take"
            return "MY-5.10", f"{d.title} names an opponent's just-played face-up card it may cancel"
    elif target is not None:
        return "MY-5.5", f"{d.title} names no target"
    if host is not None and (type(host) is not int or not 0 <= host < len(t)):
        return "MY-3.4", "no such card to attach to"
    if allowed is None:
        allowed = hosts(st, p, d)
    if host not in allowed:
        if d.type == "spell" and host is not None and host in vessels(st, p) and not can_hold(st, host, d):
            v = st.card(host)  # a vessel of his that cannot take this spell: the vessel's own rule
            rule = "MY-6.7.4" if v.type == "tome" else "MY-6.5.4" if v.type == "artifact" else "MY-6.4.7"
            return rule, f"{v.title} cannot hold {d.title} (a tome: spells of its icons up to its capacity; " \
                         "an artifact or a spellcaster ally: one spell)"
        rules = {"weapon": ("MY-6.6.1", "a weapon is played onto one of your allies without a weapon"),
                 "artifact": ("MY-6.5.1", f"{d.title} is attached to a card of yours it names (or, if it names "
                                          "none, goes to your Item area)"),
                 "tome": ("MY-6.7.3", "a tome goes to your Item area or, if an ally may hold it, onto your ally"),
                 "spell": ("MY-6.12.1", "a spell is loaded onto your tome with its icon and room, a spell-holding "
                                        "artifact or a spellcaster ally that holds none")}
        return rules.get(d.type, ("MY-3.4", f"{d.title} is not attached to a card"))
    return type_refusal(st, p, d, memo)


def type_refusal(st: MyState, p: int, d: CardDef, memo: dict[str, Any] | None = None) -> Refusal | None:
    """What the rules of its card type (MY-6) say against playing ``d`` now, for a card already known to be
    in the hand, with its target and host in order (``check``'s first part): the same for every copy and
    every allowed host, so ``turn_options`` asks it once per definition."""
    t = st.table
    kind = d.type
    if kind == "location":
        return location_mode(st, p, d, memo)[1]
    if kind == "travel_event":
        return travel_check(st, p, d, memo)
    if kind == "ally":
        dim = _position(st, p, memo)[0]
        if d.dimension not in (dim, "Any"):  # MY-6.4.2a
            return "MY-6.4.2a", f"{d.title} can be played only in the {d.dimension}"
        if d.requirement is not None and not holds(st, p, d.requirement, memo) and ignore_grant(st, p, d) is None:
            return "MY-6.4.2", f"{d.title}: its requirement is not met here"
        return None
    if kind in ("artifact", "weapon"):
        req = d.requirement or (None if d.no_location_requirement else ARTIFACT_ATTRIBUTE)
        if not holds(st, p, req, memo):
            return "MY-6.5.2", f"{d.title} needs a location with the Artifact attribute (or its own requirement)"
        return None
    if kind == "tome":
        if not holds(st, p, d.requirement or TOME_ATTRIBUTE, memo):
            return "MY-6.7.1", f"{d.title} needs a location with the Tome attribute (or its own requirement)"
        if d.language not in (st.languages(p) if memo is None else _memo_languages(st, p, memo)):
            return "MY-6.7.1", f"neither your investigator nor an ally of yours reads {d.language}"
        return None
    if kind == "spell":
        if d.requirement is None or holds(st, p, d.requirement, memo):
            return None
        return "MY-6.1.2", f"{d.title}: its requirement is not met"
    if kind == "monster":
        if not (st.gate_open(p) if memo is None else _memo_gate(st, p, memo)):
            return "MY-6.8.1", "a Monster needs an upright current location with a gate"
        if d.requirement is None or holds(st, p, d.requirement, memo):
            return None
        return "MY-6.1.2", f"{d.title}: its requirement is not met"
    if kind == "god":
        if st.god_in_play(p):
            return "MY-6.9.3", "you already have a god in play"
        if not god_fits(st, d, p, memo):
            return "MY-6.9.2", f"{d.title}: your own cards do not meet its requirements"
        return None
    if kind == "event":
        if d.requirement is None or holds(st, p, d.requirement, memo):
            return None
        return "MY-6.10.1", f"{d.title}: its requirement is not met"
    assert kind == "adventure"
    if any(st.card(a).title == d.title for a in t.cards(ADVENTURES[p])):
        return "MY-10.4", f"you have already acquired {d.title}"
    if d.requirement is not None and not holds(st, p, d.requirement, memo) or not slots_fit(st, d, p, memo):
        return "MY-6.13.3", f"{d.title}: your face-up cards do not fill its requirement slots"
    return None


def legal(st: MyState, p: int, d: CardDef, memo: dict[str, Any]) -> bool:
    """``type_refusal(st, p, d, memo) is None``, for the turn's listing, which needs only the verdict: the
    same reads in the same order (a requirement may roll a die), without building the refusal's message —
    most hand cards are refused at most turns (a Location out of reach, an Ally whose requirement fails, a
    Monster without a gate, an Adventure whose slots its field cannot fill), and formatting why cost more
    than finding it. The kinds rarely in a hand ask ``type_refusal`` itself."""
    kind = d.type
    if kind == "location":
        return _location_legal(st, p, d, memo)
    if kind == "event":
        return d.requirement is None or holds(st, p, d.requirement, memo)
    if kind == "ally":
        if d.dimension != "Any" and d.dimension != _position(st, p, memo)[0]:  # MY-6.4.2a
            return False
        return d.requirement is None or holds(st, p, d.requirement, memo) or ignore_grant(st, p, d) is not None
    if kind == "monster":
        if not _memo_gate(st, p, memo):  # MY-6.8.1
            return False
        return d.requirement is None or holds(st, p, d.requirement, memo)
    if kind == "adventure":
        acquired = st.table.cards(ADVENTURES[p])
        if acquired and any(st.card(a).title == d.title for a in acquired):  # MY-10.4
            return False
        return (d.requirement is None or holds(st, p, d.requirement, memo)) and slots_fit(st, d, p, memo)
    if kind == "artifact" or kind == "weapon":  # MY-6.5.2
        return holds(st, p, d.requirement or (None if d.no_location_requirement else ARTIFACT_ATTRIBUTE), memo)
    return type_refusal(st, p, d, memo) is None


def _location_legal(st: MyState, p: int, d: CardDef, memo: dict[str, Any]) -> bool:
    """``location_mode(st, p, d, memo)[1] is None`` (``legal``'s reason: the verdict without the message)."""
    if d.requirement is not None and not holds(st, p, d.requirement, memo):
        return False  # MY-6.3.13
    if not st.vars["had_location"][p]:
        return True  # MY-6.3.4
    start = memo.get("start")
    if start is None:
        start = memo["start"] = _move_start(st, p)
    if start[0] == "travel":  # MY-6.11.3
        rule = start[1]
        if d.dimension not in rule.dimensions:
            return False
        regions = rule.regions
        if regions == "same" and d.region != start[3] or regions == "other" and d.region == start[3] \
                or isinstance(regions, list) and d.region not in regions:
            return False
        return "Isolated" not in d.features or rule.allow_isolated
    # MY-6.3.10: a move stays in its dimension and region, and never reaches or leaves an Isolated place
    return d.dimension == start[1] and d.region == start[2] and "Isolated" not in d.features \
        and "Isolated" not in start[3]


def _memo_languages(st: MyState, p: int, memo: dict[str, Any]) -> set[str]:
    got = memo.get("languages")
    if got is None:
        got = memo["languages"] = st.languages(p)
    return got  # type: ignore[no-any-return]


def _memo_gate(st: MyState, p: int, memo: dict[str, Any]) -> bool:
    got = memo.get("gate")
    if got is None:
        got = memo["gate"] = _gate_open(st, p)
    return got  # type: ignore[no-any-return]


def _gate_open(st: MyState, p: int) -> bool:
    """``st.gate_open(p)``: with an upright Location on top (``upright_top``), the current location is that
    card, so its gate and INVERTED flag decide, or a gate grant (MY-12.5) — the reads ``gate_open`` makes."""
    d = upright_top(st, p)
    if d is None:
        return st.gate_open(p)
    t = st.table
    if d.gate and not t.flags[t.zones[t.zone_ids[STORY[p]]][-1]] & INVERTED:
        return True
    return _primitives.gate_granted(st, p)  # type: ignore[no-any-return]


_FITS: dict[tuple[Any, ...], bool] = {}


_FITS_CAP = 1 << 16  # entries; cleared when full


def slots_fit(st: MyState, d: CardDef, p: int, memo: dict[str, Any] | None = None) -> bool:
    """MY-6.13.3: can ``p``'s adventure pool fill ``d``'s slots (``assign`` finds an assignment)?"""
    return _pool_fits(st, p, d, d.slots, "adventure_pool", adventure_pool_kinds,
                      _pool(st, p, "adventure_pool", _adventure_key, memo))


# A slot pool's key: per card, in the pool's order, ``defn << 2 | kind`` with kind 0 for its printed type,
# 1 for an Ally (an unattached card of the Ally area) and 2 for a Monster (a Threat card), MY-3.6 — the
# (definition, type) pairs ``fits`` reads, as small ints: built without a definition look-up per card and
# hashed at C speed (every turn asks it of every Adventure and god in hand).
_KINDS = (None, "ally", "monster")


def _adventure_key(st: MyState, p: int) -> tuple[int, ...]:
    """``adventure_pool_kinds(st, p)`` as a pool key (above)."""
    t = st.table
    defn, flags, host, zones, zone_ids = t.defn, t.flags, t.host, t.zones, t.zone_ids
    key = [defn[i] << 2 for i in zones[zone_ids[STORY[p]]]]
    cards = zones[zone_ids[ALLY[p]]]
    if cards:  # (most field zones are empty: no comprehension is built for them)
        key += [defn[i] << 2 | (host[i] == NO_CARD) for i in cards if not flags[i] & FACE_DOWN]
    for z in _ITEM_EVENT_GOD[p]:
        cards = zones[zone_ids[z]]
        if cards:
            key += [defn[i] << 2 for i in cards if not flags[i] & FACE_DOWN]
    return tuple(key)


_ITEM_EVENT_GOD = tuple((ITEM[p], EVENT[p], GOD[p]) for p in range(len(HAND)))  # seat -> those zones' names


def _god_key(st: MyState, p: int) -> tuple[int, ...]:
    """``god_pool_kinds(st, p)`` as a pool key (above)."""
    t = st.table
    defn, flags, host = t.defn, t.flags, t.host
    key = [defn[i] << 2 | (host[i] == NO_CARD) for i in t.cards(ZONE["ally"][p]) if not flags[i] & FACE_DOWN]
    for z in ("item", "event", "god"):
        key += [defn[i] << 2 for i in t.cards(ZONE[z][p]) if not flags[i] & FACE_DOWN]
    cur = st.current_location(p)
    if cur is not None:
        key.append(defn[cur] << 2)
    key += [defn[i] << 2 | 2 for i in t.cards(THREAT[p])]
    return tuple(key)


def _pool(st: MyState, p: int, name: str, build: Any, memo: dict[str, Any] | None) -> tuple[int, ...]:
    """A slot pool's key (``build(st, p)``, above), kept in ``memo`` (``check``'s) under ``name`` for the other
    cards of the same hand."""
    key = None if memo is None else memo.get(name)
    if key is None:
        key = build(st, p)
        if memo is not None:
            memo[name] = key
    return key  # type: ignore[no-any-return]


def _pool_fits(st: MyState, p: int, d: CardDef, slots: tuple[Any, ...], name: str, cards_of: Any,
               key: tuple[int, ...]) -> bool:
    """``assign(st, slots, cards, kinds) is not None`` for the pool ``cards_of(st, p)``, remembered by its
    ``key``, the definitions and types of the pool's cards: the matching reads nothing else of them (a
    mental state only while a SET_MENTAL_STATE is in force, and then nothing is remembered). Every turn asks
    it of every Adventure and god in hand, and the field it is asked of changes by a card or so between turns."""
    if st.lasting and any(e[0] == "set_mental_state" for e in st.lasting):
        cards, kinds = cards_of(st, p)
        return assign(st, slots, cards, kinds) is not None
    defs = st.pool.defs
    fkey = (d, name, _slot_key(d, name, slots, key, defs))
    got = _FITS.get(fkey)
    if got is None:
        if len(_FITS) >= _FITS_CAP:
            _FITS.clear()
        items = [(defs[k >> 2], _KINDS[k & 3] or defs[k >> 2].type) for k in fkey[2]]
        got = _FITS[fkey] = fits(slots, items)
    return got


_SLOT_CARDS: dict[tuple[CardDef, str], dict[int, bool]] = {}  # (card, pool name) -> pool key item -> may fill a slot


def _slot_key(d: CardDef, name: str, slots: tuple[Any, ...], key: tuple[int, ...], defs: Any) -> tuple[int, ...]:
    """The items of a pool ``key`` that match some slot of ``d`` (its ``slots``), sorted. Why: whether the
    slots can be filled (``fits``, a matching's existence) depends only on those items, as a multiset: an item
    that matches no slot is in no assignment, and the order of the candidates changes which assignment is
    found, never whether one exists. The full key holds the whole Story Deck, which grows every turn, so it
    was met again at only about a third of the asks; this one stays the same until a card that could fill a
    slot comes or goes. Whether an item may fill a slot is a pure function of ``d`` and the item (its
    definition and type, read with the printed mental state, as ``fits`` reads it), kept per ``d``."""
    known = _SLOT_CARDS.get((d, name))
    if known is None:
        known = _SLOT_CARDS[(d, name)] = {}
    out = []
    for k in key:
        ok = known.get(k)
        if ok is None:
            c = defs[k >> 2]
            kind = _KINDS[k & 3] or c.type
            ok = known[k] = any(matches(c, s.filter, kind) for s in slots)
        if ok:
            out.append(k)
    out.sort()
    return tuple(out)


def god_pool(st: MyState, p: int) -> list[int]:
    """MY-6.9.2: active own cards (the current location included, no other Story Deck card), then Threat
    monsters (D-MY-73: face-up cards are used first)."""
    t = st.table
    out = [i for z in ("ally", "item", "event", "god") for i in t.cards(ZONE[z][p]) if not t.flags[i] & FACE_DOWN]
    cur = st.current_location(p)
    if cur is not None:
        out.append(cur)
    return out + list(t.cards(THREAT[p]))


def god_assignment(st: MyState, p: int, d: CardDef) -> list[int] | None:
    return assign(st, d.god_requirements, god_pool(st, p))


def god_fits(st: MyState, d: CardDef, p: int, memo: dict[str, Any] | None = None) -> bool:
    """MY-6.9.2: ``god_assignment(st, p, d) is not None`` (remembered as for ``slots_fit``)."""
    return _pool_fits(st, p, d, d.god_requirements, "god_pool", god_pool_kinds, _pool(st, p, "god_pool", _god_key, memo))


def god_pool_kinds(st: MyState, p: int) -> tuple[list[int], dict[int, str]]:
    """``god_pool`` with each card's ``type_of`` (what ``assign`` reads of a god's pool), read off the zone
    it was taken from as ``adventure_pool_kinds`` does (MY-3.6: an unattached card of the Ally area is an
    Ally, a Threat card a Monster; the current location and the Item, Event and God cards keep their type)."""
    t, card = st.table, st.card
    flags, host = t.flags, t.host
    out: list[int] = []
    kinds: dict[int, str] = {}
    for z in ("ally", "item", "event", "god"):
        ally_area = z == "ally"
        for i in t.cards(ZONE[z][p]):
            if not flags[i] & FACE_DOWN:
                out.append(i)
                kinds[i] = "ally" if ally_area and host[i] == NO_CARD else card(i).type
    cur = st.current_location(p)
    if cur is not None:
        out.append(cur)
        kinds[cur] = card(cur).type
    for i in t.cards(THREAT[p]):
        out.append(i)
        kinds[i] = "monster"
    return out, kinds


def adventure_pool(st: MyState, p: int) -> list[int]:
    """MY-6.13.2: the whole Story Deck, allies, items, attachments, face-up spells, events, gods; never
    the Threat, face-down cards, the investigator or anything outside the field. (``adventure_pool_kinds``
    without the types: every position a look-ahead scores asks it.)"""
    t = st.table
    flags = t.flags
    out = list(t.cards(STORY[p]))
    for z in FIELD_OF[p]:
        out += [i for i in t.cards(z) if not flags[i] & FACE_DOWN]
    return out


def adventure_pool_kinds(st: MyState, p: int) -> tuple[list[int], dict[int, str]]:
    """``adventure_pool`` with each card's ``type_of``, read off the zone it was taken from (MY-3.6: an
    unattached card of the Ally area is an Ally; Story Deck, Item, Event and God cards keep their type)."""
    t = st.table
    out = list(t.cards(STORY[p]))
    kinds = {i: st.card(i).type for i in out}
    for z in ("ally", "item", "event", "god"):
        for i in t.cards(ZONE[z][p]):
            if not t.flags[i] & FACE_DOWN:
                out.append(i)
                kinds[i] = "ally" if z == "ally" and t.host[i] == NO_CARD else st.card(i).type
    return out, kinds


_OWN_PLAYS: dict[tuple[int, int], Action] = {}  # (seat, card) -> its play to its own area (``shared_action``'s)


def play_action(p: int, i: int, host: int | None, target: int | None = None) -> Action:
    if host is None and target is None:  # the common play: a plain dict read, not the nested key of the cache
        got = _OWN_PLAYS.get((p, i))
        if got is None:
            if len(_OWN_PLAYS) >= 1 << 14:
                _OWN_PLAYS.clear()
            got = _OWN_PLAYS[(p, i)] = shared_action(p, "play", (("card", i),))
        return got
    params: tuple[tuple[str, Any], ...] = (("card", i),) if host is None else (("card", i), ("host", host))
    if target is not None:
        params += (("target", target),)
    return shared_action(p, "play", params)


_PLAN: dict[CardDef, int] = {}  # definition -> how ``turn_options`` lists it (``_plan``)
_NAMES, _PLAIN_PLAY, _ATTACHES, _MONSTER, _FREE, _PLACE = 0, 1, 2, 3, 4, 5


def _plan(d: CardDef) -> int:
    """How a hand card's plays are listed, a pure function of its definition (kept per definition: every
    turn asks it of every hand card): ``_NAMES`` it names a target as it is played, ``_ATTACHES`` it goes
    onto a host (``hosts``), ``_PLAIN_PLAY`` to its own area; three plain plays the listing treats apart:
    ``_MONSTER`` a Monster (gathered for the Monster groups, MY-8.6), ``_FREE`` an Event without a
    requirement (``legal`` is True for it: MY-6.10.1 asks nothing else) and ``_PLACE`` a Location
    (``_location_legal``, the most frequent card, asked without ``legal``'s dispatch)."""
    got = _PLAN.get(d)
    if got is None:
        got = _PLAN[d] = _NAMES if cancel_filter(d) is not None else _ATTACHES if d.type in _ATTACHING \
            else _MONSTER if d.type == "monster" else _PLACE if d.type == "location" \
            else _FREE if d.type == "event" and d.requirement is None else _PLAIN_PLAY
    return got


def _named_plays(st: MyState, p: int, i: int, d: CardDef) -> list[Action]:
    """The plays of hand card ``i`` that names a card as it is played: one per target it may name (and one
    naming none if it may), each that ``check`` allows. ``check`` of such a play, with the target taken
    from ``cancel_targets`` itself, comes down to its own area being allowed (``hosts``) and
    ``type_refusal``: those are asked per target as ``check`` asks them (a requirement may roll a die),
    without finding the targets again for every target."""
    named: list[int | None] = list(cancel_targets(st, p, d, i))
    if target_optional(d):
        named.insert(0, None)
    if not named:
        return []
    out = []
    for c in named:
        if None in hosts(st, p, d) and type_refusal(st, p, d) is None:
            out.append(play_action(p, i, None, c))
    return out


# ---- verdicts kept by place (ninth speed round) --------------------------------------------------------------
#
# Most hand cards are refused at most turns, and for most definitions the verdict reads nothing but the
# player's place. While no lasting grant that the verdicts read is in force, ``legal`` of a Location, Ally,
# Monster, Artifact, Weapon, Travel Event, Spell or Event whose requirement (and departure) names only the
# place or the position reads exactly:
# - the Story Deck's top card's definition: an upright Location is the current location (MY-6.3.2: its
#   features, gate, dimension and region, ``upright_top``, ``_gate_open``, ``_move_start``); a Travel Event
#   gives the travel rule, its location features and title (MY-6.11); any other card, or none, leaves the
#   player in transit (MY-6.3.3);
# - whether that card's gate is used (INVERTED), whether the player had a Location, and his position.
# A crosswise Location on top also leaves him in transit, and a move is then measured from the first upright
# Location below it (MY-6.3.5, ``MyState.reference``), which stands in the key for the top card; a Travel
# Event's departure is then asked of the deck without the top card (MY-6.3.9), which the key does not hold,
# so Travel Events keep no verdict there. The key is ``place_key``; a verdict is a pure function of the key
# and the definition, so it is kept under both and never goes stale: nothing else enters the answer.


_PLACE_REQUIREMENTS = (LocHas, InRegion, InSubregion, InDimension, LocTitle, InTransit)
# the lasting grants a kept verdict would read (``_move_start``'s travel grant, ``_gate_open``'s gate grant,
# ``ignore_grant``, a Travel Event counting as a location): while one is in force, nothing is kept or read back
_VERDICT_GRANTS = frozenset(("grant_travel", "grant_gate", "ignore_requirement", "count_as_location"))
_KEPT_TYPES = frozenset(("location", "ally", "monster", "artifact", "weapon", "travel_event", "spell", "event"))
# how far a definition's verdict is a function of the key: not at all, under every key but a crosswise top's
# (a Travel Event), under every key
NOT_KEPT, KEPT_UPRIGHT, KEPT_ALWAYS = 0, 1, 2
_PLACE_PURE: dict[CardDef, int] = {}
_BY_PLACE: dict[tuple[Any, ...], dict[CardDef, bool]] = {}  # place key -> definition -> ``legal``'s verdict
_BY_PLACE_CAP = 1 << 12  # keys; cleared when full
NO_PLACE: dict[CardDef, bool] = {}  # ``place_verdicts`` without a key: always empty, never written
CROSSWISE_TOP = "crosswise top"  # a crosswise Location's key's first item (no definition is a string)


def _place_requirement(req: Any) -> bool:
    """``req`` reads only the current location (features, title), the position and transit: a function of
    ``place_key``'s parts. (Not the time of day: three Locations of the pool ask it, and keeping it in the key
    would halve the keys' hits.)"""
    if req is None or isinstance(req, _PLACE_REQUIREMENTS):
        return True
    if isinstance(req, AllOf):
        return all(_place_requirement(r) for r in req.all)
    if isinstance(req, AnyOf):
        return all(_place_requirement(r) for r in req.any)
    if isinstance(req, NotReq):
        return _place_requirement(req.not_)
    return False  # counts of cards, a die roll (it draws from the RNG), languages, Sanity, the round...


def place_pure(d: CardDef) -> int:
    """Under which keys ``legal(st, p, d, memo)`` is a function of ``place_key(st, p)`` and ``d`` alone (the
    section's comment): its type's verdict reads no field, hand, language or count, and its requirement (a
    Travel Event's departure too) only the place. Kept per definition (a pure function of it)."""
    got = _PLACE_PURE.get(d)
    if got is None:
        if d.type not in _KEPT_TYPES or not _place_requirement(d.requirement):
            got = NOT_KEPT
        elif d.type == "travel_event":
            got = KEPT_UPRIGHT if _place_requirement(d.departure) else NOT_KEPT
        else:
            got = KEPT_ALWAYS
        _PLACE_PURE[d] = got
    return got


def place_key(st: MyState, p: int) -> tuple[Any, ...] | None:
    """What a verdict kept for ``p``'s place reads now (the section's comment), or None while a grant the
    verdicts read is in force. A crosswise Location on top gives a key of its own kind (its first item
    ``CROSSWISE_TOP``, the reference Location's definition second), under which only ``KEPT_ALWAYS``
    definitions are kept."""
    lasting = st.lasting
    if lasting and any(e[0] in _VERDICT_GRANTS for e in lasting):
        return None
    t = st.table
    pile = t.zones[t.zone_ids[STORY[p]]]
    v = st.vars
    # the position as the pool's indexes (``MyState.position`` names them); a definition names its pool
    # (``catalog.load_pool`` makes each pool's own), and under a key without one the verdicts kept are of
    # definitions, which name theirs
    if pile:
        top = pile[-1]
        d0 = st.card(top)
        flags = t.flags[top]
        if flags & CROSSWISE and d0.type == "location":
            return CROSSWISE_TOP, _reference_below(st, pile), not v["had_location"][p], v["pos_dim"][p], \
                v["pos_region"][p], v["pos_sub"][p]
        return d0, flags & INVERTED, not v["had_location"][p], v["pos_dim"][p], v["pos_region"][p], v["pos_sub"][p]
    return None, None, not v["had_location"][p], v["pos_dim"][p], v["pos_region"][p], v["pos_sub"][p]


def _reference_below(st: MyState, pile: list[int]) -> CardDef | None:
    """The definition of ``MyState.reference`` under a crosswise Location on top: the first upright Location
    below it (MY-6.3.5), or None."""
    flags = st.table.flags
    for i in reversed(pile[:-1]):
        d = st.card(i)
        if d.type == "location" and not flags[i] & CROSSWISE:
            return d
    return None


def place_verdicts(st: MyState, p: int) -> tuple[dict[CardDef, bool], int]:
    """The verdicts kept for ``p``'s place (``place_key``), which the listing reads and to which it adds those
    it computes, with the least ``place_pure`` a definition needs to be kept there. ``NO_PLACE`` (empty,
    never written) without a key."""
    key = place_key(st, p)
    if key is None:
        return NO_PLACE, KEPT_ALWAYS + 1
    got = _BY_PLACE.get(key)
    if got is None:
        if len(_BY_PLACE) >= _BY_PLACE_CAP:
            _BY_PLACE.clear()
        got = _BY_PLACE[key] = {}
    return got, KEPT_ALWAYS if key[0] is CROSSWISE_TOP else KEPT_UPRIGHT


def turn_options(st: MyState, p: int) -> list[Action]:
    """MY-5.4: every legal play, the turn actions (arrive, cast) and pass. A card whose verdict is kept for
    the place (``place_verdicts``) is not checked again, and one refused there is passed over at once."""
    out: list[Action] = []
    seen: dict[CardDef, bool] = {}  # definition -> legal: copies and hosts decide alike
    hand = sorted(st.table.cards(HAND[p]))
    pool_defs, defn = st.pool.defs, st.table.defn
    defs = [pool_defs[defn[i]] for i in hand]  # ``st.card`` of each
    memo: dict[str, Any] = {}  # shared reads of the checks below (the state does not change meanwhile)
    join = mods.join
    several = len(hand) > 1
    # MY-8.5 ``join`` starters: with a JoinsWith grant in force, the whole set (``starters``); else each
    # legal card is asked alone (``starts_group``, over the hand's definitions ``names``, made when first needed)
    starters = join.starters(st, p, hand, defs) if several and join.granted_joins(st) is not None else None
    names: set[CardDef] | None = None
    plans, own_plays = _PLAN.get, _OWN_PLAYS.get
    monsters: list[int] = []  # the hand's Monsters in hand order, for the groups of MY-8.6 (``monster_groups``)
    kept, need = place_verdicts(st, p)
    known = kept.get
    for i, d in zip(hand, defs):
        ok = known(d)
        if ok is False:  # refused for this place (``place_verdicts``): no play of it is listed
            if d.type == "monster":
                monsters.append(i)  # (its group may still be offered: ``monster_groups`` asks again)
            continue
        plan = plans(d)
        if plan is None:
            plan = _plan(d)
        if plan == _NAMES:
            if d.type == "monster":
                monsters.append(i)
            out += _named_plays(st, p, i, d)
            continue
        if plan == _ATTACHES:
            allowed = hosts(st, p, d, memo)  # first: a card with nowhere to go is not checked (a requirement may roll a die)
            if not allowed:
                continue
        elif plan == _MONSTER:
            monsters.append(i)
        # ``check`` of a card from the hand with an allowed host and no target is ``type_refusal``, which
        # reads the definition and the state alone: a second copy, or another host, takes the first answer
        if plan != _FREE and ok is None:
            ok = seen.get(d)
            if ok is None:
                ok = seen[d] = _location_legal(st, p, d, memo) if plan == _PLACE else legal(st, p, d, memo)
                if place_pure(d) >= need:
                    kept[d] = ok
            if not ok:
                continue
        if not several:
            starts = False
        elif starters is not None:
            starts = i in starters
        else:
            if names is None:
                names = set(defs)
            starts = join.starts_group(d, defs, names, pool_defs)
        if plan == _ATTACHES:
            for h in allowed:
                out.append(play_action(p, i, h))
                if starts:  # MY-8.5: the group's first card, the rest added one by one (D-MY-154)
                    out.append(join.join_start(p, i, h))
        else:
            out.append(own_plays((p, i)) or play_action(p, i, None))
            if starts:
                out.append(join.join_start(p, i, None))
    # MY-8.6 (``monster_groups`` of the whole hand: the same, it keeps only the Monsters); a closed gate, which
    # it would read first (``_memo_gate``: the same answer as its ``gate_open``, kept in the memo it then reads),
    # offers no group, so the call is skipped
    if len(monsters) > 1 and _memo_gate(st, p, memo):
        out += join.monster_groups(st, p, monsters, [pool_defs[defn[i]] for i in monsters], memo)
    out += mods.abilities.options(st, p, "card_play")
    if can_arrive(st, p):
        out.append(shared_action(p, "arrive"))
    for s in castable(st, p, memo=memo):
        out.append(shared_action(p, "cast", (("card", s),)))
    out.append(shared_action(p, "pass"))
    return out


def can_arrive(st: MyState, p: int) -> bool:
    """MY-6.3.8: the top card is a crosswise Location."""
    return _story_without_crosswise_top(st, p)


def castable(st: MyState, p: int, window: str = "card_play", memo: dict[str, Any] | None = None) -> list[int]:
    """MY-6.12.3, MY-6.12.8: loaded, face-up spells whose timing (MY-12.7; default both) allows ``window``
    (``fast`` counts as card play). ``memo`` as for ``check`` (the vessels)."""
    t = st.table
    if not t.links:
        return []  # nothing is attached anywhere, so no spell is loaded (every turn and use step asks)
    held = None if memo is None else memo.get("vessels")
    if held is None:
        held = vessels(st, p)
    return [s for v in held for s in t.attachments(v) if st.card(s).type == "spell"
            and not t.flags[s] & FACE_DOWN and spell_window(st.card(s), window)]


def spell_window(d: CardDef, window: str) -> bool:
    tags = set(d.timing) or {"card_play", "battle"}
    return window in tags or window == "card_play" and "fast" in tags
