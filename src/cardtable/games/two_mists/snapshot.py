"""Full snapshots of a Two Mists state (everything, hidden parts and RNG included).

``from_dict(to_dict(s))`` rebuilds ``s`` exactly; the pending decision is recomputed from the
machine's position rather than stored, so a snapshot cannot hold a decision that disagrees with it.

A snapshot arrives from outside (a saved game, a table store, a hand-edited fixture), and the rules
code trusts its fields completely: its hot paths carry no defensive checks, so a damaged value would
surface later as an ``IndexError`` deep in ``apply`` — or not at all, as a quietly impossible game.
``state_from_dict`` therefore checks everything once, at the door, and refuses the first problem
with a ``RecordError`` naming the field (``snapshot field 'life[2]': must be an integer >= 0``):

1. shape: every key present, none unknown, each value of its JSON type (a strict pydantic model;
   the event log, the one long part, by hand for speed);
2. the table: player count, options, seats, the characters dealt;
3. the cards: every card instance in at most one place, and in a place of its kind;
4. each seat: what it holds, what it took, what it may be and its equipment totals agree;
5. the turn machine: step, card being resolved, Search pointing round, game end and outcome agree;
6. the log and history: event visibility names real seats, each action is one this game can offer.

What is accepted is what real play (``new_game`` + ``apply``), determinization and the scenario
builder produce; each check states the invariant the rules keep that it relies on.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Annotated, Any, Mapping, NoReturn

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ...core import Action, Event, IllegalActionError, Outcome, RecordError, Rng, SetupError
from .catalog import CHARACTER_ORDER, Catalog
from .rules import CHOOSE, EMPTY, EXTRA, OVER, POINT, SLOTS, STEP_NAMES, TARGET, TARGET_PROMPTS, ActionTable

if TYPE_CHECKING:
    from . import TwoMists
    from .rules import MistsState

_LIST_FIELDS = ("chars", "revealed", "life", "apile", "epile", "row", "possible", "weapons", "equip",
                "intimidated", "pointing", "dead")
_NESTED_FIELDS = ("tableau", "taken")
_SCALAR_FIELDS = ("centre", "centre_revealed", "restricted", "turn", "current", "start", "card", "pc", "extra",
                  "pointer", "finisher", "step", "turn_cap")
_PER_SEAT_FIELDS = ("chars", "revealed", "life", "possible", "weapons", "equip", "intimidated", "tableau", "taken")


def state_to_dict(state: "MistsState") -> dict[str, Any]:
    d: dict[str, Any] = {
        "game": state.game.info.id,
        "version": state.game.info.version,
        "seed": state.seed,
        "players": state.players,
        "options": dict(state.options),
        "rng": state.rng.state,
        "events": [e.to_dict() for e in state.events],
        "history": [a.to_dict() for a in state.history],
        "outcome": None if state.outcome is None else state.outcome.to_dict(),
    }
    for name in _LIST_FIELDS:
        d[name] = list(getattr(state, name))
    for name in _NESTED_FIELDS:
        d[name] = [list(x) for x in getattr(state, name)]
    for name in _SCALAR_FIELDS:
        d[name] = getattr(state, name)
    return d


def state_from_dict(game: "TwoMists", d: Mapping[str, Any]) -> "MistsState":
    """Rebuild a state from ``state_to_dict`` output, or raise ``RecordError`` naming the bad field."""
    from .rules import MistsState

    if not isinstance(d, Mapping) or d.get("game") != game.info.id:
        raise RecordError("not a Two Mists snapshot")
    if d.get("version") != game.info.version:
        raise RecordError(f"snapshot is for version {d.get('version')}, this is {game.info.version}")
    snap = _parse(d)
    cat = game.catalog
    _check_table(game, snap)
    acts = game.action_table(snap.players)
    _check_cards(cat, snap)
    _check_seats(cat, snap)
    _check_machine(cat, snap)
    events = _events(snap)
    history = _history(acts, snap)

    s = MistsState.__new__(MistsState)
    s.game, s.seed, s.players, s.options = game, snap.seed, snap.players, dict(snap.options)
    s.cat, s.acts, s.rng = cat, acts, Rng(snap.rng)
    s.events, s.history = events, history
    s._decision = s._outcome = None
    for name in (*_LIST_FIELDS, *_NESTED_FIELDS, *_SCALAR_FIELDS):
        setattr(s, name, getattr(snap, name))  # the model's lists are fresh copies, never the caller's
    if snap.step == OVER:
        s._outcome = _check_outcome(s, snap.outcome)
    try:
        s.reask()
    except Exception as err:  # noqa: BLE001 - the checks above should make this unreachable; if not, refuse cleanly
        raise RecordError(f"snapshot is inconsistent: its pending decision cannot be rebuilt ({err!r})") from err
    return s


def _bad(field: str, problem: str) -> NoReturn:
    raise RecordError(f"snapshot field {field!r}: {problem}")


# -------------------------------------------------------------------------------------------------
# 1. Shape
# -------------------------------------------------------------------------------------------------
_Count = Annotated[int, Field(ge=0)]


class _Snapshot(BaseModel):
    """The JSON types of a snapshot. Strict: ``true`` is not 1, ``"3"`` is not 3, nothing is coerced,
    so a value that passes is exactly what ``to_dict`` would write. Ranges that depend on the player
    count or the card catalog are checked afterwards, where both are known."""

    model_config = ConfigDict(extra="forbid", strict=True)

    game: str
    version: str
    seed: int | None  # None: a determinized or scenario-built state, which has no record
    players: int
    options: dict[str, Any]
    rng: Annotated[int, Field(ge=0, lt=1 << 64)]  # SplitMix64 state; larger values would be masked, not kept
    events: list[Any]  # checked in _events: a long game logs thousands, too many for the model's cost
    history: list[dict[str, Any]]
    outcome: dict[str, Any] | None
    chars: list[int]
    centre: int
    revealed: list[bool]
    centre_revealed: bool
    life: list[_Count]
    apile: list[int]
    epile: list[int]
    row: list[int]
    tableau: list[list[int]]
    taken: list[list[int]]
    possible: list[_Count]
    weapons: list[_Count]
    equip: list[_Count]
    intimidated: list[bool]
    restricted: bool
    turn: Annotated[int, Field(ge=1)]
    current: int
    start: int
    card: int
    pc: _Count
    extra: _Count
    pointing: list[int]
    pointer: int
    dead: list[int]
    finisher: int
    step: int
    turn_cap: Annotated[int, Field(ge=1)]


_NULLABLE = frozenset({"seed", "outcome"})
_PROBLEMS = {
    "missing": "is missing",
    "extra_forbidden": "is not a field of a Two Mists snapshot",
    "int_type": "must be an integer",
    "bool_type": "must be true or false",
    "string_type": "must be a string",
    "list_type": "must be a list",
    "dict_type": "must be an object",
    "greater_than_equal": "must be an integer >= {ge}",
    "less_than": "must be an integer < {lt}",
}


def _parse(d: Mapping[str, Any]) -> _Snapshot:
    """Validate the shape; the first problem becomes a ``RecordError`` in the project's wording."""
    try:
        return _Snapshot.model_validate(dict(d))
    except ValidationError as err:
        e = err.errors(include_url=False)[0]
        loc = e["loc"]
        field = "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in loc).lstrip(".") or "snapshot"
        problem = _PROBLEMS.get(e["type"], e["msg"]).format(**e.get("ctx", {}))
        if e["type"].endswith("_type") and loc and loc[-1] in _NULLABLE:
            problem += " or null"
        if e["type"] not in ("missing", "extra_forbidden"):
            problem += f", not {_short(e['input'])}"
        _bad(field, problem)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# -------------------------------------------------------------------------------------------------
# 2. The table
# -------------------------------------------------------------------------------------------------
def _check_table(game: "TwoMists", snap: _Snapshot) -> None:
    n, info = snap.players, game.info
    if not info.min_players <= n <= info.max_players:
        _bad("players", f"must be {info.min_players} to {info.max_players}, not {n}")
    try:
        options = game.parse_options(snap.options)
    except SetupError as err:
        _bad("options", str(err).removeprefix("invalid Two Mists options: "))
    for key, value in options.items():  # new_game stores the parsed options, every key written out
        if key not in snap.options:
            _bad(f"options.{key}", "is missing")
        if type(snap.options[key]) is not type(value) or snap.options[key] != value:
            _bad(f"options.{key}", f"must be {value!r}, not {_short(snap.options[key])}")
    if snap.turn_cap != options["turn_cap"]:
        _bad("turn_cap", f"must equal options.turn_cap ({options['turn_cap']}), not {snap.turn_cap}")
    if snap.turn > snap.turn_cap:  # TM-5.8: the game stops at the cap, the turn counter never passes it
        _bad("turn", f"must be at most turn_cap ({snap.turn_cap}), not {snap.turn}")
    for name in _PER_SEAT_FIELDS:
        if len(getattr(snap, name)) != n:
            _bad(name, f"must have one entry per seat ({n}), not {len(getattr(snap, name))}")
    if len(snap.row) != len(SLOTS):
        _bad("row", f"must have {len(SLOTS)} slots ({', '.join(SLOTS)}), not {len(snap.row)}")
    _seat("current", snap.current, n)
    _seat("start", snap.start, n)
    if not 0 <= snap.step < len(STEP_NAMES):
        _bad("step", f"must be 0 to {len(STEP_NAMES) - 1} ({', '.join(STEP_NAMES)}), not {snap.step}")
    in_play = game.catalog.characters_for(n)  # TM-2.2: the Fool only with four
    for field, c in [*((f"chars[{p}]", c) for p, c in enumerate(snap.chars)), ("centre", snap.centre)]:
        if c not in in_play:
            _bad(field, f"must be a character index in play with {n} players "
                        f"({', '.join(f'{i}={CHARACTER_ORDER[i]}' for i in in_play)}), not {c}")
    if sorted([*snap.chars, snap.centre]) != in_play:  # TM-4.2: one card each, the last in the centre
        _bad("chars", "each character must be dealt exactly once, counting the centre card")


def _seat(field: str, value: int, n: int) -> None:
    if not 0 <= value < n:
        _bad(field, f"must be a seat 0 to {n - 1}, not {value}")


# -------------------------------------------------------------------------------------------------
# 3. The cards
# -------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class _Tables:
    """Per-catalog lookups, built once: the checks below run on every load and should stay cheap."""

    actions: frozenset[int]  # action card instances
    equipment: frozenset[int]  # equipment card instances
    is_equipment: tuple[bool, ...]  # by card definition
    forbidden: tuple[int, ...]  # by card definition: bit c set = character c may not take it
    weapon: tuple[bool, ...]  # by card definition
    max_effects: int


@lru_cache(maxsize=None)
def _tables(cat: Catalog) -> _Tables:
    return _Tables(frozenset(cat.action_instances), frozenset(cat.equipment_instances),
                   tuple(c.is_equipment for c in cat.cards), tuple(c.forbidden_mask for c in cat.cards),
                   tuple(c.weapon for c in cat.cards), max(len(c.steps) for c in cat.cards))


def _check_cards(cat: Catalog, snap: _Snapshot) -> None:
    """Each instance lies in at most one place, and only where its kind can be.

    At most, not exactly once: the scenario builder leaves cards out of the game on purpose (an
    explicit pile holds only the cards named), and a missing card breaks no rule — the TM-5.7 rebuild
    gathers what is in the tableaux. A card in two places, though, could be taken twice.
    """
    t = _tables(cat)
    action, equipment = "an action card instance", "an equipment card instance"
    places: list[tuple[str, int, list[int], frozenset[int], str]] = [  # name, first index, values, allowed, what
        ("apile", 0, snap.apile, t.actions, action),
        ("epile", 0, snap.epile, t.equipment, equipment),
        ("row", 0, snap.row[:3], t.actions | {EMPTY}, action + " or -1"),
        ("row", 3, snap.row[3:], t.equipment | {EMPTY}, equipment + " or -1"),
        *((f"tableau[{p}]", 0, tab, t.actions | t.equipment, "a card instance") for p, tab in enumerate(snap.tableau)),
    ]
    seen: dict[int, str] = {}
    for name, first, values, allowed, what in places:
        for i, x in enumerate(values, first):
            if x in allowed and x not in seen:
                if x != EMPTY:
                    seen[x] = name
                continue
            if x in seen:
                _bad(f"{name}[{i}]", f"card instance {x} ({cat.card_id(x)}) is also in {seen[x]}; a card is in one place")
            known = f" ({cat.card_id(x)})" if 0 <= x < len(cat.instances) else ""
            _bad(f"{name}[{i}]", f"must be {what}, not {x}{known}")
    for p, defs in enumerate(snap.taken):
        for i, c in enumerate(defs):
            if not 0 <= c < len(cat.cards):
                _bad(f"taken[{p}][{i}]", f"must be a card definition index 0 to {len(cat.cards) - 1}, not {c}")


# -------------------------------------------------------------------------------------------------
# 4. Each seat
# -------------------------------------------------------------------------------------------------
def _check_seats(cat: Catalog, snap: _Snapshot) -> None:
    """The per-seat totals are caches of the tableau and the takes; they must agree with them.

    Equipment never leaves a tableau (only used actions go back, TM-5.7), so held and taken
    equipment match exactly; the actions held are some of those taken.
    """
    t = _tables(cat)
    all_chars = sum(1 << c for c in cat.characters_for(snap.players))
    for p in range(snap.players):
        held = [cat.instances[x] for x in snap.tableau[p]]
        held_equipment = [c for c in held if t.is_equipment[c]]
        if len(set(held_equipment)) != len(held_equipment):
            twice = next(c for c in held_equipment if held_equipment.count(c) > 1)
            _bad(f"tableau[{p}]", f"holds {cat.cards[twice].id} twice; equipment is held once (TM-8.1)")
        not_held = list(snap.taken[p])
        for c in held:
            if c not in not_held:
                _bad(f"taken[{p}]", f"must record every card in tableau[{p}]; {cat.cards[c].id} is missing")
            not_held.remove(c)
        gone = [c for c in not_held if t.is_equipment[c]]
        if gone:
            _bad(f"taken[{p}]", f"records {cat.cards[gone[0]].id}, but tableau[{p}] does not hold it; "
                                "equipment is never discarded")
        forbidden = 0
        for c in snap.taken[p]:
            forbidden |= t.forbidden[c]
        if forbidden >> snap.chars[p] & 1:
            card = next(cat.cards[c].id for c in snap.taken[p] if t.forbidden[c] >> snap.chars[p] & 1)
            _bad(f"taken[{p}]", f"includes {card}, which the {CHARACTER_ORDER[snap.chars[p]]} may never take (TM-2.6)")
        if snap.possible[p] != all_chars & ~forbidden:  # TM-13.2 evidence, narrowed by each take
            _bad(f"possible[{p}]", f"must be {all_chars & ~forbidden} (the characters every card seat {p} "
                                   f"took allows), not {snap.possible[p]}")
        equip = sum(1 << c for c in held_equipment)
        if snap.equip[p] != equip:
            _bad(f"equip[{p}]", f"must be {equip} (the equipment in tableau[{p}]), not {snap.equip[p]}")
        weapons = sum(t.weapon[c] for c in held_equipment)
        if snap.weapons[p] != weapons:
            _bad(f"weapons[{p}]", f"must be {weapons} (the weapons in tableau[{p}]), not {snap.weapons[p]}")


# -------------------------------------------------------------------------------------------------
# 5. The turn machine
# -------------------------------------------------------------------------------------------------
def _check_machine(cat: Catalog, snap: _Snapshot) -> None:
    """Where the machine stands (TM-5.3) fixes which of card/pc/pointer/pointing/dead are in use."""
    n, step, over = snap.players, snap.step, snap.step == OVER
    card = snap.card
    _check_resolving(cat, snap)
    if step in (CHOOSE, EXTRA) and card != EMPTY:
        _bad("card", f"must be -1 while seat {snap.current} chooses a card; nothing is being resolved")
    # A turn ends only once its Flurry extras are used or declined (TM-7.7). Elsewhere any count is
    # possible in principle (a card could grant several), so only the sign is checked.
    if step == CHOOSE and snap.extra:
        _bad("extra", f"must be 0 at the start of a choice, not {snap.extra}")
    if step in (TARGET, POINT):
        if card == EMPTY:
            _bad("card", f"must be the card being resolved while the machine is at {STEP_NAMES[step]!r}, not -1")
        op = cat.cards[cat.instances[card]].steps[snap.pc].op
        wanted = TARGET_PROMPTS if step == TARGET else ("point_at_monster",)
        if op not in wanted:
            _bad("pc", f"effect {snap.pc} of {cat.card_id(card)} is {op!r}, which does not wait at {STEP_NAMES[step]!r}")
    if step == POINT:
        _check_pointing(snap)
    else:
        if snap.pointer != EMPTY:
            _bad("pointer", f"must be -1 outside a Search pointing round, not {snap.pointer}")
        if snap.pointing:
            _bad("pointing", "must be empty outside a Search pointing round")
    if snap.restricted and not snap.intimidated[snap.current]:  # TM-7.9: only an intimidated seat is restricted
        _bad("restricted", f"must be false: seat {snap.current} (current) is not intimidated")
    if over:
        _check_game_end(cat, snap)
        return
    if snap.outcome is not None:
        _bad("outcome", "must be null while the game is running (step is not 'over')")
    if snap.dead or snap.finisher != EMPTY:
        _bad("dead" if snap.dead else "finisher", "must be empty while the game is running; a death ends it (TM-11)")
    if snap.centre_revealed:
        _bad("centre_revealed", "must be false while the game is running; the centre is shown only at the end")
    for p in range(n):
        if snap.life[p] == 0:
            _bad(f"life[{p}]", "must be >= 1 while the game is running; a seat at 0 life ends it (TM-9)")


def _check_resolving(cat: Catalog, snap: _Snapshot) -> None:
    """``card`` is taken into the taker's tableau before it resolves (TM-5.6), and stays there."""
    card = snap.card
    if card == EMPTY:
        # A finished card leaves ``pc`` where it stopped, at most one past its last effect.
        limit = _tables(cat).max_effects
        if snap.pc > limit:
            _bad("pc", f"must be at most {limit} (the most effects a card has), not {snap.pc}")
        return
    if card not in _tables(cat).actions:
        _bad("card", f"must be -1 or an action card instance, not {card}")
    if card not in snap.tableau[snap.current]:
        _bad("card", f"instance {card} is being resolved, so it must be in tableau[{snap.current}] (the current seat's)")
    limit = len(cat.cards[cat.instances[card]].steps) - 1  # a killing effect leaves pc on itself
    if snap.pc > limit:
        _bad("pc", f"must be at most {limit} (the effects of {cat.card_id(card)}), not {snap.pc}")


def _check_pointing(snap: _Snapshot) -> None:
    """TM-7.4: seats point one at a time from the current seat on; those before ``pointer`` have."""
    n, current = snap.players, snap.current
    _seat("pointer", snap.pointer, n)
    if len(snap.pointing) != n:
        _bad("pointing", f"must have one entry per seat ({n}) during a Search pointing round, not {len(snap.pointing)}")
    order = [(current + k) % n for k in range(n)]
    done = order[:order.index(snap.pointer)]
    for q, at in enumerate(snap.pointing):
        if q in done and not (0 <= at <= n and at != q):
            _bad(f"pointing[{q}]", f"must be another seat or {n} (the centre), not {at}: seat {q} has already pointed")
        if q not in done and at != EMPTY:
            _bad(f"pointing[{q}]", f"must be -1, not {at}: seat {q} points after seat {snap.pointer}")


def _check_game_end(cat: Catalog, snap: _Snapshot) -> None:
    """TM-11: a death (with the Saint's wrath) or the TM-5.8 turn cap; everything is revealed."""
    n = snap.players
    if snap.outcome is None:
        _bad("outcome", "must be present: step is 'over'")
    for p in range(n):
        if not snap.revealed[p]:
            _bad(f"revealed[{p}]", "must be true: every character is revealed at the end (TM-11.2)")
    if not snap.centre_revealed:
        _bad("centre_revealed", "must be true: the centre card is revealed at the end (TM-11.2)")
    if not snap.dead:  # the turn cap, reached as a turn ends (so nothing is being resolved)
        if snap.finisher != EMPTY:
            _bad("finisher", f"must be -1 when nobody died, not {snap.finisher}")
        if snap.turn != snap.turn_cap:
            _bad("turn", f"must be turn_cap ({snap.turn_cap}) when the game ended without a death, not {snap.turn}")
        if snap.card != EMPTY:
            _bad("card", "must be -1 when the game ended at the turn cap")
        return
    victim = snap.dead[0]
    _seat("dead[0]", victim, n)
    _seat("finisher", snap.finisher, n)
    if snap.life[victim] != 0:
        _bad(f"life[{victim}]", f"must be 0: seat {victim} died")
    if snap.card == EMPTY:
        _bad("card", "must be the card whose effect killed; a death happens while a card resolves")
    wrath = cat.characters[snap.chars[victim]].wrath and snap.finisher != victim  # TM-1.6, TM-11.3
    expected = [victim, snap.finisher] if wrath else [victim]
    if snap.dead != expected:
        _bad("dead", f"must be {expected} (seat {victim}, finished by seat {snap.finisher}), not {snap.dead}")


def _check_outcome(s: "MistsState", saved: dict[str, Any] | None) -> Outcome:
    """The outcome is a function of the finished state (TM-11.2): recompute it and compare."""
    expected: Outcome | None
    if s.dead:
        expected = s.evaluate_outcome()
    else:
        ended = s.clone()  # _stop_at_cap builds the turn-cap outcome; run it on a throwaway copy
        ended._stop_at_cap()
        expected = ended.outcome
    assert expected is not None  # both branches always produce one
    if saved != expected.to_dict():
        _bad("outcome", f"must be the outcome this end of game gives (winners {expected.winners}: {expected.reason})")
    return expected


# -------------------------------------------------------------------------------------------------
# 6. Log and history
# -------------------------------------------------------------------------------------------------
_EVENT_KEYS = frozenset({"kind", "data", "visible_to", "redacted"})


def _events(snap: _Snapshot) -> list[Event]:
    """Rebuild the log, checking each event by hand.

    By hand rather than in the model: a long game logs thousands of events, and pydantic, which
    copies every payload, costs several times this loop. ``visible_to`` and ``redacted`` may be left
    out, as ``Event.from_dict`` has always allowed.
    """
    n, out = snap.players, []
    for i, e in enumerate(snap.events):
        if type(e) is not dict or not e.keys() <= _EVENT_KEYS:
            _bad_event(i, e, n)
        kind, data, vis, redacted = e.get("kind"), e.get("data"), e.get("visible_to"), e.get("redacted")
        if (type(kind) is not str or not kind or type(data) is not dict
                or not (redacted is None or type(redacted) is dict)
                or not (vis is None or (type(vis) is list and all(type(x) is int and 0 <= x < n for x in vis)))):
            _bad_event(i, e, n)
        out.append(Event(kind, dict(data), None if vis is None else frozenset(vis),
                         None if redacted is None else dict(redacted)))
    return out


def _bad_event(i: int, e: Any, n: int) -> NoReturn:
    """Name the first problem of an event ``_events`` refused (kept out of its loop, which is hot)."""
    at = f"events[{i}]"
    if type(e) is not dict:
        _bad(at, f"must be an object, not {_short(e)}")
    for key in e:
        if key not in _EVENT_KEYS:
            _bad(f"{at}.{key}", "is not a field of an event")
    for key in ("kind", "data"):
        if key not in e:
            _bad(f"{at}.{key}", "is missing")
    if type(e["kind"]) is not str or not e["kind"]:
        _bad(f"{at}.kind", f"must be a non-empty string, not {_short(e['kind'])}")
    if type(e["data"]) is not dict:
        _bad(f"{at}.data", f"must be an object, not {_short(e['data'])}")
    if e.get("redacted") is not None and type(e["redacted"]) is not dict:
        _bad(f"{at}.redacted", f"must be an object or null, not {_short(e['redacted'])}")
    vis = e.get("visible_to")
    if type(vis) is not list:
        _bad(f"{at}.visible_to", f"must be a list of seats or null, not {_short(vis)}")
    for j, x in enumerate(vis):
        if type(x) is not int or not 0 <= x < n:
            _bad(f"{at}.visible_to[{j}]", f"must be a seat 0 to {n - 1}, not {_short(x)}")
    _bad(at, "is not a valid event")  # pragma: no cover - unreachable while _events and this agree


@lru_cache(maxsize=None)
def _action_lookup(acts: ActionTable) -> dict[frozenset[tuple[str, Any]], Action]:
    """Every action the table can offer, by the items of its ``to_dict``."""
    every = (*(a for row in acts.take for a in row), *acts.pass_, *acts.decline,
             *(a for row in acts.target_any for a in row), *(a for row in acts.point for a in row))
    return {frozenset(a.to_dict().items()): a for a in every}


def _history(acts: ActionTable, snap: _Snapshot) -> list[Action]:
    """Each past action must be one this game can offer; whether it was legal where it was played
    is ``replay``'s question (it refuses the first that is not).

    Matched against the table's pre-built actions, which the history then shares; only ints and
    strings may match, since ``True == 1`` and ``1.0 == 1`` would otherwise pass for seat 1.
    """
    lookup, out = _action_lookup(acts), []
    for i, raw in enumerate(snap.history):
        try:
            action = lookup.get(frozenset(raw.items()))
        except TypeError:  # an unhashable value (a list, an object): certainly no action
            action = None
        if action is None or not all(type(v) is int or type(v) is str for v in raw.values()):
            try:
                parsed = Action.from_dict(raw)
            except IllegalActionError as err:
                _bad(f"history[{i}]", err.message)
            _bad(f"history[{i}]", f"{parsed} is not an action of a {snap.players}-player game")
        out.append(action)
    return out
