"""``GAME.from_dict`` refuses a damaged snapshot with a ``RecordError`` naming the field, and every
snapshot it accepts gives a state that works (views, logs, legal actions, apply, clone, to_dict).

Snapshots come from outside the engine (saved games, table stores, hand-edited fixtures), while the
rules code trusts the state's fields on its hot paths; the loader is the one place that checks them.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any, Callable

import pytest
from hypothesis import given, settings, strategies as st

from cardtable.core import RecordError
from cardtable.games.two_mists import GAME
from cardtable.games.two_mists.rules import CHOOSE, EXTRA, OVER, POINT, STEP_NAMES, TARGET, MistsState
from cardtable.games.two_mists.testing import point, scenario, take, target

FRONT = ["monster", "knight", "witch", "saint"]  # Fool in the centre


def _snap(state: MistsState) -> dict[str, Any]:
    """A snapshot as it would be stored: through JSON."""
    return json.loads(json.dumps(state.to_dict()))


def _random_states(players: int, seeds: range, turn_cap: int = 300) -> list[MistsState]:
    """Every state of random games, terminal ones included."""
    out = []
    for seed in seeds:
        s = GAME.new_game(seed=seed, players=players, options={"turn_cap": turn_cap})
        rng = random.Random(seed)
        out.append(s.clone())
        while not s.is_terminal:
            s.apply(rng.choice(s.legal_actions()))
            out.append(s.clone())
    return out


def _works(state: MistsState) -> None:
    """Everything a caller may do with a loaded state, each of which must run without an exception."""
    for seat in [None, *range(state.players)]:
        json.dumps(state.view(seat))
        json.dumps(state.log(seat))
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        json.dumps(after.to_dict())
        after.view(None)
    json.dumps(state.clone().to_dict())
    again = GAME.from_dict(_snap(state))  # what was accepted can be saved and loaded again, unchanged
    assert again.to_dict() == state.to_dict()


# ---- real states are accepted and round-trip exactly ------------------------------------------------
def test_every_real_state_round_trips_exactly_and_is_accepted():
    states = (_random_states(3, range(40)) + _random_states(4, range(40))
              + _random_states(3, range(40, 50), turn_cap=3) + _random_states(4, range(50, 60), turn_cap=4))
    seen = set()
    for s in states:
        snap = _snap(s)
        restored = GAME.from_dict(snap)
        assert restored.to_dict() == snap
        assert restored.legal_actions() == s.legal_actions() and restored.view(None) == s.view(None)
        mid_round = s.step == POINT and any(at >= 0 for at in s.pointing)
        seen.add((STEP_NAMES[s.step], bool(s.dead), mid_round))
    # the sample holds every position of the turn machine, both game ends and half-finished Search rounds
    assert {("choose", False, False), ("target", False, False), ("point", False, True), ("extra", False, False),
            ("over", True, False), ("over", False, False)} <= seen


def test_determinized_and_scenario_states_are_accepted():
    for s in _random_states(4, range(6)):
        for seat in (None, 0, 3):
            sampled = s.determinize(seat, seed=7)
            assert GAME.from_dict(_snap(sampled)).to_dict() == _snap(sampled)
    built = scenario(characters=FRONT, tableau={0: ["giants_spear"]}, action_pile=["search"], equipment_pile=[])
    assert GAME.from_dict(_snap(built)).to_dict() == _snap(built)  # cards left out of the game are fine


# ---- named damage: refused with a RecordError naming the field --------------------------------------
def _choose() -> MistsState:
    return scenario(characters=FRONT, tableau={0: ["giants_spear", "attack"], 1: ["holy_poison"]}, intimidated=[2])


def _target() -> MistsState:
    s = scenario(characters=FRONT, action_row=["attack", "search", "flurry"])
    take(s, "attack")
    return s


def _pointing() -> MistsState:
    s = scenario(characters=FRONT, current=1, action_row=["search", "attack", "attack"])
    take(s, "search")
    point(s, 0)  # seat 1 has pointed; seat 2 points next
    return s


def _dead() -> MistsState:
    s = scenario(characters=FRONT, life=[7, 7, 1, 7], action_row=["attack", "search", "flurry"])
    take(s, "attack")
    target(s, 2)
    return s


def _capped() -> MistsState:
    s = scenario(characters=FRONT, options={"turn_cap": 1})
    s.apply(s.legal_actions()[-1])  # pass: the turn ends at the cap
    return s


def _three() -> MistsState:
    return scenario(players=3, characters=["monster", "knight", "witch"])


BASES: dict[str, Callable[[], MistsState]] = {
    "choose": _choose, "target": _target, "pointing": _pointing, "dead": _dead, "capped": _capped, "three": _three,
}


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """A damage that sets ``path`` (``life.2``, ``events.0.kind``) to ``value``."""
    def apply(d: dict[str, Any]) -> None:
        *parents, last = [int(k) if k.lstrip("-").isdigit() else k for k in path.split(".")]
        for k in parents:
            d = d[k]
        d[last] = value
    return apply


def _delete(key: str) -> Callable[[dict[str, Any]], None]:
    return lambda d: d.pop(key)


def _apply_then(*damages: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    def apply(d: dict[str, Any]) -> None:
        for f in damages:
            f(d)
    return apply


def _move_first_pile_card_to(seat: int) -> Callable[[dict[str, Any]], None]:
    return lambda d: d["tableau"][seat].append(d["apile"].pop())


CASES: list[tuple[str, str, Callable[[dict[str, Any]], None], str, str]] = [
    # (id, base, damage, field named, words in the message)
    ("negative life", "choose", _set("life.2", -1), "life[2]", "must be an integer >= 0"),
    ("bool life", "choose", _set("life.1", True), "life[1]", "must be an integer"),
    ("string life", "choose", _set("life.1", "7"), "life[1]", "must be an integer"),
    ("life list cut short", "choose", lambda d: d["life"].pop(), "life", "one entry per seat (4)"),
    ("life not a list", "choose", _set("life", {}), "life", "must be a list"),
    ("missing key", "choose", _delete("apile"), "apile", "is missing"),
    ("unknown key", "choose", _set("bonus", 1), "bonus", "not a field"),
    ("rng too large", "choose", _set("rng", 2**64), "rng", "< 18446744073709551616"),
    ("rng negative", "choose", _set("rng", -1), "rng", ">= 0"),
    ("seed a string", "choose", _set("seed", "x"), "seed", "integer or null"),
    ("players out of range", "choose", _set("players", 5), "players", "3 to 4"),
    ("players disagree with the lists", "choose", _set("players", 3), "chars", "one entry per seat (3)"),
    ("options missing a key", "choose", _set("options", {}), "options.turn_cap", "is missing"),
    ("options invalid", "choose", _set("options", {"turn_cap": 0}), "options", "turn_cap"),
    ("options unknown key", "choose", _set("options", {"turn_cap": 300, "x": 1}), "options", "x"),
    ("turn_cap disagrees with options", "choose", _set("turn_cap", 12), "turn_cap", "options.turn_cap"),
    ("turn past the cap", "choose", _set("turn", 301), "turn", "at most turn_cap"),
    ("turn zero", "choose", _set("turn", 0), "turn", ">= 1"),
    ("seat out of range", "choose", _set("current", 4), "current", "seat 0 to 3"),
    ("start negative", "choose", _set("start", -1), "start", "seat 0 to 3"),
    ("step unknown", "choose", _set("step", 7), "step", "0 to 4"),
    ("character index", "choose", _set("centre", 9), "centre", "character index"),
    ("character dealt twice", "choose", _set("chars.0", 1), "chars", "exactly once"),
    ("Fool with three players", "three", _set("chars.0", 4), "chars[0]", "in play with 3 players"),
    ("row cut short", "choose", lambda d: d["row"].pop(), "row", "5 slots"),
    ("equipment in an action slot", "choose", lambda d: d["row"].__setitem__(0, d["row"][3]), "row[0]", "action card"),
    ("instance out of range", "choose", _set("apile.0", 99), "apile[0]", "action card instance"),
    ("card in two places", "choose", lambda d: d["apile"].append(d["row"][0]), "row[0]", "also in apile"),
    ("tableau card not taken", "choose", _move_first_pile_card_to(2), "taken[2]", "must record every card"),
    ("taken index out of range", "choose", lambda d: d["taken"][0].append(99), "taken[0][2]", "definition index"),
    ("taken equipment not held", "choose", lambda d: d["tableau"][1].clear(), "taken[1]", "never discarded"),
    ("possible wrong", "choose", _set("possible.0", 0), "possible[0]", "must be"),
    ("equip wrong", "choose", _set("equip.0", 0), "equip[0]", "tableau[0]"),
    ("weapons wrong", "choose", _set("weapons.0", 3), "weapons[0]", "must be 1"),
    ("a forbidden card taken", "choose", _apply_then(_set("chars.0", 2), _set("chars.2", 0)), "taken[0]",
     "witch may never take"),
    ("revealed a number", "choose", _set("revealed.0", 1), "revealed[0]", "true or false"),
    ("restricted without intimidation", "choose", _set("restricted", True), "restricted", "not intimidated"),
    ("extra left at a choice", "choose", _set("extra", 2), "extra", "must be 0"),
    ("centre shown mid-game", "choose", _set("centre_revealed", True), "centre_revealed", "must be false"),
    ("dead mid-game", "choose", _set("dead", [1]), "dead", "while the game is running"),
    ("outcome mid-game", "choose", _set("outcome", {}), "outcome", "must be null"),
    ("targeting without a card", "target", _set("card", -1), "card", "card being resolved"),
    ("resolving a card not held", "target", lambda d: d.__setitem__("card", d["apile"][0]), "card", "tableau[0]"),
    ("pc past the effects", "target", _set("pc", 5), "pc", "at most 0"),
    ("choosing while a card resolves", "target", _set("step", CHOOSE), "card", "must be -1"),
    ("pointing without a pointer", "pointing", _set("pointer", -1), "pointer", "seat 0 to 3"),
    ("pointing cut short", "pointing", lambda d: d["pointing"].pop(), "pointing", "one entry per seat"),
    ("pointing at oneself", "pointing", _set("pointing.1", 1), "pointing[1]", "another seat"),
    ("pointed out of turn", "pointing", _set("pointing.3", 0), "pointing[3]", "must be -1"),
    ("pointing outside a round", "target", _set("pointing", [-1, -1, -1, -1]), "pointing", "must be empty"),
    ("outcome missing at the end", "dead", _set("outcome", None), "outcome", "must be present"),
    ("outcome with other winners", "dead", _set("outcome.winners", [0, 1, 2, 3]), "outcome", "must be the outcome"),
    ("dead seat alive", "dead", _set("life.2", 3), "life[2]", "must be 0"),
    ("a death not in dead", "dead", _set("dead", [2, 0]), "dead", "must be [2]"),
    ("not revealed at the end", "dead", _set("revealed.1", False), "revealed[1]", "must be true"),
    ("cap end with a finisher", "capped", _set("finisher", 0), "finisher", "must be -1"),
    ("cap end early", "capped", _apply_then(_set("turn_cap", 2), _set("options.turn_cap", 2)), "turn",
     "must be turn_cap"),
    ("event not an object", "choose", _set("events.0", 3), "events[0]", "must be an object"),
    ("event without kind", "choose", _set("events.0.kind", ""), "events[0].kind", "non-empty string"),
    ("event data missing", "choose", lambda d: d["events"][0].pop("data"), "events[0].data", "is missing"),
    ("event seen by nobody real", "choose", _set("events.1.visible_to", [9]), "events[1].visible_to[0]",
     "seat 0 to 3"),
    ("event with an unknown key", "choose", _set("events.0.extra", 1), "events[0].extra", "not a field"),
    ("history entry malformed", "target", _set("history.0", {"player": 0}), "history[0]", "kind"),
    ("history action unknown", "target", _set("history.0", {"player": 0, "kind": "fly"}), "history[0]",
     "not an action"),
    ("history bool seat", "target", _set("history.0.player", True), "history[0]", "integer 'player'"),
]


@pytest.fixture(scope="module")
def bases() -> dict[str, dict[str, Any]]:
    return {name: _snap(build()) for name, build in BASES.items()}


def test_the_bases_load_and_hold_the_positions_the_cases_assume(bases):
    steps = {name: GAME.from_dict(d).step for name, d in bases.items()}
    assert steps == {"choose": CHOOSE, "target": TARGET, "pointing": POINT, "dead": OVER, "capped": OVER,
                     "three": CHOOSE}
    assert bases["pointing"]["pointing"] == [-1, 0, -1, -1] and bases["pointing"]["pointer"] == 2
    assert bases["dead"]["dead"] == [2] and bases["capped"]["dead"] == []


@pytest.mark.parametrize("base,damage,field,words", [pytest.param(*c[1:], id=c[0]) for c in CASES])
def test_a_damaged_snapshot_is_refused_naming_the_field(bases, base, damage, field, words):
    d = copy.deepcopy(bases[base])
    damage(d)
    with pytest.raises(RecordError) as err:
        GAME.from_dict(d)
    message = str(err.value)
    assert message.startswith(f"snapshot field {field!r}: ") and words in message, message


@pytest.mark.parametrize("data,words", [
    (None, "not a Two Mists snapshot"), ([], "not a Two Mists snapshot"), ({"game": "chess"}, "not a Two Mists snapshot"),
    ({"game": "two-mists", "version": "0"}, "version 0"),
])
def test_not_a_snapshot_at_all(data, words):
    with pytest.raises(RecordError, match=words):
        GAME.from_dict(data)


def test_a_refused_snapshot_leaves_the_callers_data_alone_and_an_accepted_one_does_not_share_it(bases):
    d = copy.deepcopy(bases["choose"])
    s = GAME.from_dict(d)
    s.apply(s.legal_actions()[0])
    assert d == bases["choose"]  # playing on the state never writes into the snapshot it came from


# ---- fuzz: any one damage is refused cleanly, or the state works --------------------------------------
def _fuzz_bases() -> list[dict[str, Any]]:
    """Real mid-game snapshots: one per turn-machine position, from random 3- and 4-player games."""
    wanted = {(n, step) for n in (3, 4) for step in (CHOOSE, TARGET, POINT, EXTRA, OVER)}
    out = []
    for n in (3, 4):
        for s in _random_states(n, range(30)):
            pointed = s.step != POINT or any(at >= 0 for at in s.pointing)
            if (n, s.step) in wanted and s.turn > 6 and pointed:
                wanted.discard((n, s.step))
                out.append(_snap(s))
    assert not wanted, wanted
    return out


FUZZ_BASES = _fuzz_bases()
JUNK: tuple[Any, ...] = (None, True, False, -1, 0, 1, 2, 3, 4, 7, 40, 2**64, 2**70, -(2**70), 2.5, "", "x",
                         "centre", [], [0], [1, "a"], [-1, -1, -1, -1], {}, {"kind": 3}, {"turn_cap": 300})


def _places(node: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key or index path in a JSON tree (the root excluded)."""
    out = [at] if at else []
    if isinstance(node, dict):
        for k, v in node.items():
            out += _places(v, (*at, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _places(v, (*at, i))
    return out


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(data=st.data())
def test_any_damaged_snapshot_is_refused_with_a_record_error_or_gives_a_working_state(data):
    snap = copy.deepcopy(data.draw(st.sampled_from(FUZZ_BASES), label="base"))
    where = data.draw(st.sampled_from(_places(snap)), label="where")
    parent = snap
    for key in where[:-1]:
        parent = parent[key]
    how = data.draw(st.sampled_from(("junk", "number", "delete", "truncate")), label="how")
    value = parent[where[-1]]
    if how == "delete" and isinstance(parent, dict):
        del parent[where[-1]]
    elif how == "truncate" and isinstance(value, list) and value:
        value.pop()
    elif how == "number":  # a plausible small number: reaches the consistency checks, not only the types
        parent[where[-1]] = data.draw(st.integers(-2, 45), label="number")
    else:
        parent[where[-1]] = data.draw(st.sampled_from(JUNK), label="junk")
    try:
        state = GAME.from_dict(snap)
    except RecordError as err:
        assert str(err).startswith(("snapshot field '", "not a Two Mists snapshot", "snapshot is for version")), err
        return
    _works(state)


# ---- determinizing a loaded snapshot (D-CT-12, D-CT-13) ----------------------------------------------
def _public_counts(view: dict[str, Any]) -> dict[str, Any]:
    return {name: z.get("count") for name, z in view["zones"].items()}


LOADED_BASES = [_snap(s) for s in _random_states(4, range(3), turn_cap=40)[::7]
                + _random_states(3, range(3, 5), turn_cap=40)[::7]]


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(data=st.data())
def test_a_loaded_snapshot_and_its_determinizations_agree_on_every_public_count(data):
    """Cards left out of the piles (D-CT-12) stay out of the sample's piles: same counts, same view."""
    snap = copy.deepcopy(data.draw(st.sampled_from(LOADED_BASES), label="base"))
    for pile in ("apile", "epile"):
        keep = data.draw(st.lists(st.booleans(), min_size=len(snap[pile]), max_size=len(snap[pile])), label=pile)
        snap[pile] = [x for x, k in zip(snap[pile], keep) if k]
    state = GAME.from_dict(snap)
    seat = data.draw(st.sampled_from([None, *range(state.players)]), label="seat")
    sampled = state.determinize(seat, seed=data.draw(st.integers(0, 2**32), label="seed"))
    assert _public_counts(sampled.view(None)) == _public_counts(state.view(None))
    assert sampled.view(seat) == state.view(seat) and sampled.log(seat) == state.log(seat)
    if seat is not None and state.to_act == seat:
        assert sampled.legal_actions() == state.legal_actions()
    assert GAME.from_dict(_snap(sampled)).to_dict() == _snap(sampled)  # the sample is a loadable state too


def test_a_scenario_with_short_piles_determinizes_to_the_same_counts():
    built = scenario(characters=FRONT, tableau={0: ["giants_spear"]}, action_pile=["search"], equipment_pile=[])
    state = GAME.from_dict(_snap(built))
    for seat in (None, 0, 1):
        for seed in range(5):
            sampled = state.determinize(seat, seed=seed)
            assert _public_counts(sampled.view(None)) == _public_counts(state.view(None))
            assert len(sampled.apile) == 1 and sampled.epile == []
            assert sampled.view(seat) == state.view(seat)


def test_determinizing_a_dealt_game_draws_as_before():
    """A full pile is still a shuffle of every unseen card (so bots' searches replay unchanged)."""
    s = GAME.new_game(seed=3, players=4)
    sampled = s.determinize(1, seed=11)
    visible = set(sampled.row) | {i for tab in sampled.tableau for i in tab}
    assert sorted(sampled.apile) == [i for i in GAME.catalog.action_instances if i not in visible]
    assert sorted(sampled.epile) == [i for i in GAME.catalog.equipment_instances if i not in visible]
