"""The Two Mists observation encoding: layout, bounds, and no leak of what the seat cannot see."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.core import Rng
from cardtable.games.two_mists import GAME
from cardtable.games.two_mists import encoding as E

from .conftest import random_positions

ROOT = Path(__file__).resolve().parents[2]


def _field(name: str) -> E.Field:
    return next(f for f in E.observation_layout() if f.name == name)


def test_layout_is_contiguous_and_the_documented_tables_match_it():
    layout = E.observation_layout()
    at = 0
    for f in layout:
        assert f.start == at, f.name
        at += f.size
    assert at == E.OBSERVATION_SIZE == E.SEATS_START + 4 * E.SEAT_BLOCK
    table = E.layout_table()
    assert table in E.__doc__, "regenerate the table in encoding.py's docstring from layout_table()"
    assert table in (ROOT / "docs" / "rl.md").read_text(encoding="utf-8"), "regenerate docs/rl.md's table"


@pytest.mark.parametrize("players", [3, 4])
def test_observations_are_float32_in_unit_range_and_match_the_list_form(players):
    enc = E.observation_encoder(players)
    for state in random_positions(25, players, seed=7):
        for seat in range(players):
            view = state.view(seat)
            obs = enc.encode(view)
            assert obs.dtype == np.float32 and obs.shape == (E.OBSERVATION_SIZE,)
            assert obs.min() >= 0.0 and obs.max() <= 1.0
            assert obs.flags.writeable
            assert np.array_equal(obs, np.array(enc.encode_list(view), dtype=np.float32))
            out = np.full(E.OBSERVATION_SIZE, 9.0, dtype=np.float32)
            assert enc.encode(view, out=out) is out and np.array_equal(out, obs)


def test_fields_carry_what_the_docs_say():
    state = GAME.new_game(seed=11, players=3)
    me = state.to_act
    view = state.view(me)
    obs = E.observation_encoder(3).encode(view)
    players, own = _field("players"), _field("own_character")
    assert obs[players.start:players.start + 2].tolist() == [1.0, 0.0]
    own_char = E.CHARACTER_ORDER.index(view["you"]["character"])
    assert obs[own.start + own_char] == 1.0 and obs[own.start:own.start + 5].sum() == 1.0
    assert obs[_field("my_decision").start] == 1.0  # choose
    assert obs[_field("current").start] == 1.0  # offset 0: it is my turn
    row = _field("action_row")
    assert obs[row.start:row.start + row.size].sum() == 3.0
    # seat blocks: offsets 0..2 present, offset 3 absent at a 3-player table; full life everywhere
    for k in range(4):
        assert obs[_field(f"seat[{k}].present").start] == (1.0 if k < 3 else 0.0)
    assert obs[_field("seat[0].life").start] == pytest.approx(7 / 14)
    assert obs[_field("seat[0].character").start + own_char] == 1.0
    # nobody took anything yet: every other seat may be any character but mine (3 players: no Fool)
    poss = _field("seat[1].possible")
    expected = [1.0 if c != own_char and c != E.CHARACTER_ORDER.index("fool") else 0.0 for c in range(5)]
    assert obs[poss.start:poss.start + 5].tolist() == expected


def test_taken_counts_saturate_and_possible_uses_the_bars():
    from cardtable.games.two_mists.testing import scenario, take, target

    s = scenario(characters=["knight", "monster", "witch", "saint"], action_row=["reckless", "attack", "attack"])
    take(s, "reckless")
    target(s, 1)
    obs = E.observation_encoder(4).encode(s.view(2))  # seat 0 is offset 2 from seat 2
    taken = _field("seat[2].taken")
    reckless = [c.id for c in GAME.catalog.cards].index("reckless")
    assert obs[taken.start + reckless] == 0.25
    poss = _field("seat[2].possible")
    # not the Monster (barred from Reckless), not the Witch (seat 2 is the Witch itself)
    assert obs[poss.start:poss.start + 5].tolist() == [0.0, 1.0, 0.0, 1.0, 1.0]


def _deep_positions(seed: int, players: int, steps: int) -> object:
    state = GAME.new_game(seed=seed, players=players)
    rng = Rng(seed ^ 0x5EED)
    for _ in range(steps):
        if state.is_terminal:
            break
        options = state.legal_actions()
        state.apply(options[rng.below(len(options))])
    return state


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(seed=st.integers(0, 10**9), players=st.sampled_from([3, 4]), steps=st.integers(0, 60),
       det_seed=st.integers(0, 10**9))
def test_determinizing_what_a_seat_cannot_see_never_changes_its_observation(seed, players, steps, det_seed):
    """TM-12.7 through the tensor: resample hidden characters, centre, piles, others' picks."""
    state = _deep_positions(seed, players, steps)
    enc = E.observation_encoder(players)
    space = E.action_space(players)
    for seat in range(players):
        sampled = state.determinize(seat, seed=det_seed)
        assert np.array_equal(enc.encode(state.view(seat)), enc.encode(sampled.view(seat))), f"seat {seat} leaks"
        assert np.array_equal(enc.encode_seat(state, seat), enc.encode_seat(sampled, seat)), f"seat {seat} leaks"
        assert space.legal_indices_from_view(state.view(seat)) == space.legal_indices_from_view(sampled.view(seat))


def _every_position(games: int, players: int, seed: int):
    """Every state of ``games`` seeded random games, terminal ones included."""
    for g in range(games):
        state = GAME.new_game(seed=seed + g, players=players)
        rng = Rng(seed * 7 + g)
        while True:
            yield state
            if state.is_terminal:
                break
            options = state.legal_actions()
            state.apply(options[rng.below(len(options))])


@pytest.mark.parametrize("players", [3, 4])
def test_the_fast_path_equals_the_encoding_of_the_view_everywhere(players):
    """``encode_seat(state, me)`` is the RL hot path; it must be ``encode(view(me))`` exactly, for every
    seat at every step: Search pointing in progress, extra actions, intimidated turns, reveals, endings."""
    enc = E.observation_encoder(players)
    seen_steps, seen_pointing, positions = set(), False, 0
    for state in _every_position(120, players, seed=players * 1000):
        positions += 1
        seen_steps.add(state.step)
        seen_pointing |= state.pointer >= 0 and any(t >= 0 for t in state.pointing)
        for seat in range(players):
            fast = enc.encode_seat(state, seat)
            assert fast.dtype == np.float32 and fast.flags.writeable
            assert np.array_equal(fast, enc.encode(state.view(seat))), (state.seed, len(state.history), seat)
    assert seen_steps == {0, 1, 2, 3, 4} and seen_pointing and positions > 1000  # the games covered every step


def test_the_fast_path_on_built_scenarios_and_its_errors():
    from cardtable.games.two_mists.testing import scenario, take, target

    s = scenario(characters=["knight", "monster", "witch", "saint"], life=[1, 3, 14, 30], revealed=[3],
                 intimidated=[1], action_row=["reckless", "search", "flurry"], equipment_row=["holy_poison", None])
    take(s, "reckless")
    target(s, 2)
    enc = E.observation_encoder(4)
    for seat in range(4):
        assert np.array_equal(enc.encode_seat(s, seat), enc.encode(s.view(seat)))
    out = np.zeros(E.OBSERVATION_SIZE, dtype=np.float32)
    assert enc.encode_seat(s, 1, out=out) is out and np.array_equal(out, enc.encode(s.view(1)))
    for bad in (-1, 4, None, "0"):
        with pytest.raises(ValueError, match="no seat"):
            enc.encode_seat(s, bad)


def test_the_hidden_deal_really_differs_in_determinized_states():
    """Guard for the test above: determinize does resample (otherwise it would prove nothing)."""
    state = _deep_positions(1, 4, 5)
    deals = {tuple(state.determinize(0, seed=s).chars) for s in range(40)}
    assert len(deals) > 1


def test_the_game_and_its_encoding_import_and_encode_without_numpy():
    code = (
        "import sys; sys.modules['numpy'] = None\n"
        "import cardtable\n"
        "from cardtable.games.two_mists import encoding as E\n"
        "s = cardtable.load_game('two-mists').new_game(seed=1)\n"
        "v = E.observation_encoder(4).encode_list(s.view(0))\n"
        "assert len(v) == E.OBSERVATION_SIZE\n"
        "import cardtable.rl\n"
        "try:\n"
        "    cardtable.rl.pettingzoo_env\n"
        "except ImportError as err:\n"
        "    assert 'install cardtable[rl]' in str(err), err\n"
        "else:\n"
        "    raise SystemExit('expected a clear ImportError')\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
