"""``CardState.lazy_view``: the parts of a seat's view computed when read, equal to ``view``.

Why it matters: in-process bots get the lazy view (``bots.lazy_view.LazyView``), so any part that
differed from ``view(seat)`` would be a bot seeing something else than the seat may know — or not
seeing what it may. These tests compare the two over whole seeded games and check that reading one
part computes nothing else.
"""

from __future__ import annotations

import pytest

from cardtable.bots.lazy_view import LazyView
from cardtable.core import Rng
from cardtable.engine.lazy import Lazy, materialize, shared
from cardtable.registry import load_game


def test_lazy_computes_each_value_once_and_only_when_read() -> None:
    calls: list[str] = []

    def make(key: str, value: int):  # type: ignore[no-untyped-def]
        def thunk() -> int:
            calls.append(key)
            return value
        return thunk

    lazy = Lazy({"a": make("a", 1), "b": make("b", 2)})
    assert calls == [] and list(lazy) == ["a", "b"] and len(lazy) == 2 and "a" in lazy and "c" not in lazy
    assert lazy["b"] == 2 and lazy["b"] == 2 and calls == ["b"]
    assert lazy.get("c", 7) == 7 and calls == ["b"]
    with pytest.raises(KeyError):
        lazy["c"]
    assert materialize({"x": [lazy]}) == {"x": [{"a": 1, "b": 2}]} and calls == ["b", "a"]


def test_shared_builds_once_for_all_its_keys() -> None:
    builds: list[int] = []
    part = shared(lambda: builds.append(1) or {"x": 1, "y": 2})  # type: ignore[func-returns-value]
    lazy = Lazy({"x": part("x"), "y": part("y")})
    assert builds == []
    assert (lazy["y"], lazy["x"]) == (2, 1) and builds == [1]


@pytest.mark.parametrize("game_id", ["call-of-cthulhu", "million-arthur"])
def test_lazy_view_equals_view_over_seeded_games(game_id: str) -> None:
    """At every decision of two random games, for both seats and a spectator, the lazy view made into
    dicts is the view, key order included (and reading one part first changes nothing)."""
    game = load_game(game_id)
    for seed in (3, 11):
        state = game.new_game(seed=seed, players=2)
        rng = Rng(seed)
        n = 0
        while not state.is_terminal and n < 400:
            for seat in (0, 1, None):
                lazy = state.lazy_view(seat)  # type: ignore[attr-defined]
                if n % 2:
                    lazy["info"]  # read out of order first
                full = state.view(seat)
                assert list(lazy) == list(full)
                assert materialize(lazy) == full
            state.apply(rng.choice(state.decision.options))  # type: ignore[union-attr]
            n += 1


def test_reading_one_characters_skill_computes_nothing_else(monkeypatch: pytest.MonkeyPatch) -> None:
    """CoC: a bot asking one character's skill pays for that skill only, not every character's icons,
    keywords and durability (the heuristic reads skills and commitments)."""
    from cardtable.games.call_of_cthulhu.state import CocState

    game = load_game("call-of-cthulhu")
    state = game.new_game(seed=5, players=2)
    rng = Rng(5)
    while not (state.characters(0) and state.characters(1)):  # type: ignore[attr-defined]
        state.apply(rng.choice(state.decision.options))  # type: ignore[union-attr]
    called: list[str] = []
    for name in ("skill", "icons", "has_keyword", "durability"):
        real = getattr(CocState, name)
        monkeypatch.setattr(CocState, name, lambda self, *a, _n=name, _r=real: called.append(_n) or _r(self, *a))
    view = LazyView(state, 0)
    i = str(state.characters(1)[0])  # type: ignore[attr-defined]
    assert view["info"]["characters"][i]["skill"] == state.view(0)["info"]["characters"][i]["skill"]
    called.clear()
    view = LazyView(state, 0)
    view["info"]["characters"][i]["skill"]
    assert called == ["skill"]


def test_lazy_cards_list_the_same_instances_and_build_a_row_only_when_read() -> None:
    """The lazy view's ``cards`` lists exactly the instances ``view`` lists (hidden cards stay out, a
    card seen without its face has ``defn`` None) and builds a card's columns only when it is read."""
    from cardtable.engine.lazy import LazyRows

    game = load_game("call-of-cthulhu")
    state = game.new_game(seed=9, players=2)
    for seat in (0, 1, None):
        cards = state.lazy_view(seat)["cards"]  # type: ignore[attr-defined]
        assert isinstance(cards, LazyRows)
        full = state.view(seat)["cards"]
        assert list(cards) == list(full)
        first = next(iter(cards))
        cards[first]
        assert set(cards._values) == {first}  # one row built, not the hundred others
        assert materialize(cards) == full
