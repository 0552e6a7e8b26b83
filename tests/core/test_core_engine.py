"""Core engine behaviour on the toy game: refusals, records, visibility, RNG, expressions, card files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict

from cardtable.carddata import ExpressionCompiler, load_card_file
from cardtable.carddata.expressions import ExpressionError
from cardtable.core import Action, CardDataError, IllegalActionError, RecordError, Rng, mix_seed
from cardtable.core.record import replay_record

from .toy import GAME


def test_a_listed_action_applies_and_is_recorded() -> None:
    s = GAME.new_game(seed=3)
    s.apply(Action(0, "keep"))
    assert [a.to_dict() for a in s.history] == [{"player": 0, "kind": "keep"}]
    assert s.to_act == 1


@pytest.mark.parametrize("bad,rule", [
    (Action(1, "keep"), "CORE-3"),  # not that seat's decision
    (Action(0, "fold"), "CORE-3"),  # not an option
    ({"player": 0, "kind": "keep", "x": [1]}, "CORE-1"),
    (None, "CORE-1"),
    ({"kind": "keep"}, "CORE-1"),
])
def test_refused_actions_name_a_rule_and_change_nothing(bad: object, rule: str) -> None:
    s = GAME.new_game(seed=3)
    before = s.to_dict()
    with pytest.raises(IllegalActionError) as err:
        s.apply(bad)  # type: ignore[arg-type]
    assert err.value.rule == rule and err.value.message
    assert s.to_dict() == before


def test_dict_actions_are_accepted_when_legal() -> None:
    s = GAME.new_game(seed=3)
    s.apply({"player": 0, "kind": "swap"})
    assert s.history == [Action(0, "swap")]


def test_no_action_after_the_end() -> None:
    s = GAME.new_game(seed=3)
    s.apply(Action(0, "keep"))
    s.apply(Action(1, "keep"))
    assert s.is_terminal and s.to_act is None and s.legal_actions() == []
    with pytest.raises(IllegalActionError) as err:
        s.apply(Action(0, "keep"))
    assert err.value.rule == "CORE-2"


def test_private_events_are_seen_only_by_their_seat_and_redacted_for_others() -> None:
    s = GAME.new_game(seed=3)
    s.apply(Action(0, "swap"))
    mine = s.log(0)
    theirs = s.log(1)
    spectator = s.log(None)
    assert {"kind": "swapped", "player": 0, "card": s.hands[0]} in mine
    assert {"kind": "swapped", "player": 0} in theirs and {"kind": "swapped", "player": 0} in spectator
    assert all("card" not in e for e in theirs if e.get("player") == 0)


def test_zone_visibility_hides_other_hands_and_pile_order() -> None:
    s = GAME.new_game(seed=3)
    v1 = s.view(1)
    assert v1["hand:0"] == {"count": 1, "cards": [None]}
    assert v1["hand:1"] == {"count": 1, "cards": [s.hands[1]]}
    assert v1["deck"] == {"count": 4}
    assert s.view(None)["hand:1"] == {"count": 1, "cards": [None]}


def test_record_replays_exactly_and_bad_records_are_refused() -> None:
    s = GAME.new_game(seed=11)
    s.apply(Action(0, "swap"))
    s.apply(Action(1, "keep"))
    record = json.loads(json.dumps(s.record()))
    assert replay_record(record, lambda _id: GAME).to_dict() == s.to_dict()
    with pytest.raises(RecordError, match="lacks"):
        replay_record({"format": "cardtable-record/1"}, lambda _id: GAME)
    with pytest.raises(RecordError, match="action 1 does not apply"):
        replay_record(record | {"actions": [{"player": 1, "kind": "keep"}]}, lambda _id: GAME)
    with pytest.raises(RecordError, match="version"):
        replay_record(record | {"version": "0"}, lambda _id: GAME)
    for players in (None, "2", True, 2.0):
        with pytest.raises(RecordError, match="'players' must be an integer"):
            replay_record(record | {"players": players}, lambda _id: GAME)
    with pytest.raises(RecordError, match="'options' must be an object"):
        replay_record(record | {"options": [1]}, lambda _id: GAME)


def test_rng_is_deterministic_serialisable_and_independent_when_copied() -> None:
    a = Rng(42)
    first = [a.below(10) for _ in range(5)]
    b = Rng(42)
    assert [b.below(10) for _ in range(5)] == first
    c = a.copy()
    assert c.next64() == a.next64()
    c.next64()
    assert c.state != a.state
    assert Rng(a.state).next64() == a.copy().next64()
    counts = [0] * 4
    r = Rng(1)
    for _ in range(4000):
        counts[r.below(4)] += 1
    assert all(900 < k < 1100 for k in counts)
    assert mix_seed(1, "x") != mix_seed(1, "y") and mix_seed(1, "x") == mix_seed(1, "x")


def test_rng_shuffle_is_fisher_yates_over_below_draw_for_draw() -> None:
    """``shuffle`` writes ``below`` out in its loop for speed: the permutation and the stream after it
    must be exactly those of the plain Fisher-Yates, or every seeded game would change."""
    for seed in (0, 1, 42, 2**63 + 5):
        for n in (0, 1, 2, 7, 52, 300):
            fast, plain = Rng(seed), Rng(seed)
            got, want = list(range(n)), list(range(n))
            fast.shuffle(got)
            for i in range(n - 1, 0, -1):
                j = plain.below(i + 1)
                want[i], want[j] = want[j], want[i]
            assert got == want and fast.state == plain.state


def test_expressions_compile_structured_values_and_conditions() -> None:
    comp = ExpressionCompiler(values={"n": lambda arg: (lambda ctx: ctx[arg])},
                              conditions={"flag": lambda arg: (lambda ctx: bool(ctx[arg]))})
    f = comp.value({"max": [0, {"sub": [5, {"n": "k"}]}]})
    assert f({"k": 3}) == 2 and f({"k": 9}) == 0
    g = comp.condition({"and": [{"flag": "a"}, {"or": [{"flag": "b"}, {"not": {"flag": "c"}}]}]})
    assert g({"a": 1, "b": 0, "c": 0}) is True and g({"a": 1, "b": 0, "c": 1}) is False
    with pytest.raises(ExpressionError, match="unknown value function 'mul'"):
        comp.value({"mul": [1, 2]})
    with pytest.raises(ExpressionError, match="exactly one key"):
        comp.condition({"flag": "a", "other": 1})


class _Card(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    power: int


class _Set(BaseModel):
    model_config = ConfigDict(extra="forbid")
    set: str
    cards: list[_Card]


def test_card_file_errors_name_file_card_and_field(tmp_path: Path) -> None:
    path = tmp_path / "set.yaml"
    path.write_text("set: demo\ncards:\n  - {id: ok, power: 1}\n  - {id: broken, power: lots}\n")
    with pytest.raises(CardDataError) as err:
        load_card_file(path, _Set)
    assert str(path) in str(err.value) and "card 'broken'" in str(err.value) and "'power'" in str(err.value)
    path.write_text("set: demo\ncards:\n  - {id: odd, power: 1, colour: red}\n")
    with pytest.raises(CardDataError, match="card 'odd', field 'colour': unknown key"):
        load_card_file(path, _Set)
    path.write_text("set: [unclosed\n")
    with pytest.raises(CardDataError, match="not valid YAML at line"):
        load_card_file(path, _Set)


def test_the_core_contract_is_abstract_so_a_game_cannot_forget_a_hook() -> None:
    from cardtable.core import GameDefinition, State

    class Incomplete(State):
        __slots__ = ()

    with pytest.raises(TypeError, match="abstract"):
        Incomplete()
    with pytest.raises(TypeError, match="abstract"):
        GameDefinition()  # type: ignore[abstract]


def test_toy_game_snapshots_and_determinizes_through_the_core_api() -> None:
    s = GAME.new_game(seed=4)
    s.apply(Action(0, "swap"))
    assert GAME.from_dict(json.loads(json.dumps(s.to_dict()))).to_dict() == s.to_dict()
    for k in range(20):
        d = s.determinize(1, seed=k)
        assert d.view(1) == s.view(1) and d.log(1) == s.log(1)
