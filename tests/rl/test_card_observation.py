"""The card games' direct observation (``encode_seat``) is the reference route (``encode(view(seat))``), exactly.

The envs never build the view: ``DirectCardEncoder`` reads the state's card table. These properties are
what makes that safe, for every registered card-engine game at every table size (discovered, so a new
card game is covered without a line here):

* equality: at seeded random positions — openings, mid-game positions with hidden decks and hands, cards
  shown to one seat, face-down and exhausted cards, and the final state — for *every* seat (not only the
  one deciding), the direct tensor is bit-for-bit the encoding of ``view(seat)``; also when written into
  a dirty preallocated buffer;
* no leak: resampling everything the seat cannot see (``determinize``) leaves its direct tensor unchanged;
* the positions really exercise the hidden-information branches (guards, so the two properties are not
  vacuous).

Every test here runs twice: with the compiled inner loops (``rl/_kernel.pyx``) and with the same loops in Python
(``card_observation.PyKernel``, what runs where no compiler was at hand), so each is proven against the reference.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable import registry
from cardtable.engine import CardState
from cardtable.engine.table import FACE_DOWN
from cardtable.rl import card_observation
from cardtable.rl.cardgame import CardObservation
from cardtable.rl.spaces import load_encoding
from cardtable.testing.conformance import playouts

@pytest.fixture(autouse=True, params=["compiled", "python"])
def kernel(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each test with the encoders it makes using the compiled kernel, then the Python one."""
    if request.param == "compiled":
        assert card_observation.Kernel is not None, (
            "the compiled kernel is missing: run scripts/setup (it compiles src/cardtable/rl/_kernel.pyx with gcc)")
    monkeypatch.setattr(card_observation, "COMPILED", request.param == "compiled")
    return str(request.param)


POSITIONS = 16  # sampled positions per (game, table size), spread over two random games


def card_games() -> list[str]:
    return [g for g in registry.game_ids() if isinstance(registry.load_game(g).new_game(seed=0), CardState)]


TABLES = [pytest.param(g, n, id=f"{g}-{n}p") for g in card_games()
          for n in range(registry.load_game(g).info.min_players, registry.load_game(g).info.max_players + 1)]


def _encoder(game_id: str, players: int) -> CardObservation:
    encoder = load_encoding(game_id).observation_encoder(players)
    assert isinstance(encoder, CardObservation)
    return encoder


def _positions(game_id: str, players: int, seeds: range) -> list[tuple[int, CardState]]:
    out: list[tuple[int, CardState]] = []
    for seed, _final, samples in playouts(registry.load_game(game_id), players, seeds):
        step = max(1, len(samples) // (POSITIONS // len(seeds)))
        out += [(seed, s) for s in samples[::step][:POSITIONS // len(seeds)]]  # type: ignore[misc]
        out.append((seed, samples[-1]))  # type: ignore[arg-type]  # the final state
    shown = _with_a_shown_hand_card(out)
    if shown is not None:
        out.append(shown)
    return out


def _with_a_shown_hand_card(positions: list[tuple[int, CardState]]) -> tuple[int, CardState] | None:
    """A copy of the first position where another seat holds cards, with one of them shown to seat 0 (as
    a reveal effect does, e.g. Call of Cthulhu's Between-Spaces Wanderer): random play reaches such a
    card known outside the zones a seat sees only now and then, and the tensor must handle it."""
    for seed, state in positions:
        t = state.table
        for z, decl in enumerate(t.decls):
            if t.zones[z] and not decl.visible_to(0) and decl.visibility.name != "HIDDEN" and not state.is_terminal:
                copy = state.clone()
                assert isinstance(copy, CardState)
                copy.table.reveal_to(copy.table.zones[z][0], [0])
                return seed, copy
    return None


def test_the_discovery_finds_the_card_games() -> None:
    assert {"call-of-cthulhu", "million-arthur", "mythos"} <= set(card_games())


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_the_direct_tensor_equals_the_encoding_of_the_view_for_every_seat(game_id: str, players: int) -> None:
    encoder = _encoder(game_id, players)
    dirty = np.full(encoder.size, 0.5, dtype=np.float32)
    checked = 0
    for _seed, state in _positions(game_id, players, range(2)):
        for seat in range(players):
            reference = encoder.encode(state.view(seat))
            direct = encoder.encode_seat(state, seat)
            assert direct.dtype == np.float32 and direct.shape == (encoder.size,)
            assert np.array_equal(direct, reference), np.flatnonzero(direct != reference)[:10]
            written = encoder.encode_seat(state, seat, out=dirty)
            assert written is dirty and np.array_equal(dirty, reference)
            checked += 1
    assert checked >= 8 * players


@pytest.mark.parametrize("game_id", card_games())
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 400), data=st.data())
def test_hypothesis_positions_direct_equals_reference_and_leaks_nothing(game_id: str, seed: int, steps: int,
                                                                         data: st.DataObject) -> None:
    """Random table size, seed, depth and choices (drawn by hypothesis): equality for every seat, and the
    tensor of a seat is the same in a state resampled from its view."""
    game = registry.load_game(game_id)
    players = data.draw(st.integers(game.info.min_players, game.info.max_players), label="players")
    encoder = _encoder(game_id, players)
    state = game.new_game(seed=seed, players=players)
    for _ in range(steps):
        if state.is_terminal:
            break
        options = state.legal_actions()
        state.apply(options[data.draw(st.integers(0, len(options) - 1), label="choice")])
    assert isinstance(state, CardState)
    for seat in range(players):
        direct = encoder.encode_seat(state, seat)
        assert np.array_equal(direct, encoder.encode(state.view(seat)))
        resampled = state.determinize(seat, seed=seed + seat)
        assert isinstance(resampled, CardState)
        assert np.array_equal(encoder.encode_seat(resampled, seat), direct)


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_resampling_what_a_seat_cannot_see_leaves_its_direct_tensor_unchanged(game_id: str, players: int) -> None:
    encoder = _encoder(game_id, players)
    resampled_differently = 0
    for seed, state in _positions(game_id, players, range(2, 4)):
        for seat in range(players):
            direct = encoder.encode_seat(state, seat)
            for k in range(2):
                other = state.determinize(seat, seed=seed * 31 + k)
                assert isinstance(other, CardState)
                assert np.array_equal(encoder.encode_seat(other, seat), direct)
                resampled_differently += other.table.defn != state.table.defn
    # guard: the hidden cards really were redrawn somewhere (else the property above proves nothing)
    assert resampled_differently > 0


def test_the_positions_exercise_the_hidden_information_branches() -> None:
    """Guard for the properties above: among the sampled positions of all card games there are hidden decks,
    other seats' hands, cards known to a seat outside the zones it sees, face-down and turned cards (each game's
    own turned flag: exhausted, crosswise), in every card game."""
    seen = {"hidden zone": 0, "other's hand": 0, "known elsewhere": 0, "face down": 0}
    for game_id in card_games():
        seen[f"{game_id}: turned"] = 0
        for _seed, state in _positions(game_id, 2, range(2)):
            t = state.table
            for z, decl in enumerate(t.decls):
                cards = t.zones[z]
                if not cards or decl.visible_to(0):
                    continue
                seen["hidden zone" if decl.visibility.name == "HIDDEN" else "other's hand"] += 1
                seen["known elsewhere"] += sum(1 for i in cards if t.known[i] & 1)
            seen["face down"] += sum(1 for f in t.flags if f & FACE_DOWN)
            seen[f"{game_id}: turned"] += sum(1 for f in t.flags if f & type(state).TURNED_FLAG)
    assert all(seen.values()), seen


def test_a_wrong_buffer_is_refused_with_a_clear_message() -> None:
    encoder = _encoder("call-of-cthulhu", 2)
    state = registry.load_game("call-of-cthulhu").new_game(seed=0)
    assert isinstance(state, CardState)
    for bad in (np.zeros(encoder.size, dtype=np.float64), np.zeros(encoder.size + 1, dtype=np.float32),
                np.zeros((2, encoder.size), dtype=np.float32)[:, 0]):
        with pytest.raises(ValueError, match="C-contiguous float32"):
            encoder.encode_seat(state, 0, out=bad)


@pytest.mark.parametrize("game_id", card_games())
def test_every_step_of_a_game_with_one_encoder_equals_the_reference(game_id: str) -> None:
    """The encoder keeps the blocks of big open zones from one call to the next (``_open_memo``): along
    the first 250 steps of two games, observed by every seat at every step with one encoder as an env does, it
    never serves a stale one."""
    game = registry.load_game(game_id)
    players = game.info.max_players
    encoder = _encoder(game_id, players)
    steps = 0
    for seed in range(2):
        state = game.new_game(seed=seed, players=players)
        rng = random.Random(seed)
        while True:
            assert isinstance(state, CardState)
            for seat in range(players):
                assert np.array_equal(encoder.encode_seat(state, seat), encoder.encode(state.view(seat))), (seed, seat)
            steps += 1
            if state.is_terminal or steps % 250 == 0:  # openings and mid-games of two games (a long one costs)
                break
            state.apply(rng.choice(state.legal_actions()))
    assert steps > 50


def _viewable_with_one_more(state: CardState, name: str) -> bool:
    """Whether the views still build with list variable ``name``'s first value one higher (some name an index)."""
    probe = state.clone()
    assert isinstance(probe, CardState)
    probe.vars[name][0] += 1
    try:
        probe.view(0)
    except (IndexError, KeyError, ValueError):
        return False
    return True



def _public_face_up_zones(state: CardState, least: int) -> list[int]:
    """The public zones holding at least ``least`` cards, none of them face down (every seat sees each face)."""
    t = state.table
    return [z for z, d in enumerate(t.decls) if d.visibility.name == "PUBLIC" and len(t.zones[z]) >= least
            and not any(t.flags[i] & FACE_DOWN for i in t.zones[z])]

@pytest.mark.parametrize("game_id", card_games())
def test_a_big_open_zone_changed_in_place_is_encoded_again(game_id: str) -> None:
    """A card of a big open zone exhausted, readied, turned face down or redefined in place (the zone's list
    unchanged), a deck card shown to a seat, a list variable changed in place: the next observation shows it,
    no memo of the encoder (a zone's last block, a deck's card getter, the last variables) is reused. And a card
    moved on the same table is seen too: the encoder skips comparing the zones only while the table's ``stamp``
    (raised by every table method that moves a card) is the same."""
    from cardtable.rl import card_observation

    game = registry.load_game(game_id)
    players = game.info.max_players
    encoder = _encoder(game_id, players)
    for seed, _final, samples in playouts(game, players, range(4)):
        for state in samples[::5]:
            assert isinstance(state, CardState)
            # a card of a big open zone that can turn there (its turned slot shows the flag's flip)
            blocks = {zs.name: zs for zs in encoder.layout.zone_slots}
            t = state.table
            big = [(z, i) for z in _public_face_up_zones(state, card_observation._MEMO_MIN_CARDS)
                   for i in t.zones[z] if blocks[t.decls[z].name].turn_at[t.defn[i]]]
            if not big:
                continue
            card = big[0][1]
            state = state.clone()
            assert isinstance(state, CardState)
            t = state.table
            other = next(d for d in range(state.definition_count()) if d != t.defn[card])

            def check() -> None:
                for seat in range(players):
                    assert np.array_equal(encoder.encode_seat(state, seat), encoder.encode(state.view(seat)))

            check()
            check()  # the memo's block, served again
            deck = next(z for z, d in enumerate(t.decls) if d.visibility.name == "HIDDEN" and t.zones[z])
            shown = t.zones[deck][-1]
            listed = next(name for name, index in encoder.layout.var_slots
                          if index == 0 and state.vars[name][0] < 20 and _viewable_with_one_more(state, name))
            turned = type(state).TURNED_FLAG  # exhausted, crosswise in Mythos
            # (through the table's methods, which log the change for the encoder: ``TableLog``'s contract)
            for change in (lambda: t.set_flags(card, t.flags[card] ^ turned),
                           # (a rewrite of ``defn`` is followed by ``defs_rewritten``: the engine's contract)
                           lambda: (t.defn.__setitem__(card, other), t.defs_rewritten()),
                           lambda: t.set_flags(card, t.flags[card] | FACE_DOWN),
                           lambda: t.reveal_to(shown, [0]),  # a deck card shown to seat 0
                           lambda: state.vars[listed].__setitem__(0, state.vars[listed][0] + 1)):  # a variable
                change()
                check()
            # a card moved to another public zone on the same table (``move`` raises the stamp)
            here = t.decls[t.zone[card]].name
            t.move(card, next(d.name for d in t.decls if d.visibility.name == "PUBLIC" and d.name != here))
            check()
            return
    pytest.fail(f"{game_id}: no position with a big open zone (the memo is never exercised)")


def test_mythos_crosswise_cards_are_the_turned_copies_of_the_observation() -> None:
    """MY-3.5: a Mythos card turned crosswise (a god aged, a Location used as a travel destination) is the
    game's turned state; the observation counts such copies where other card games count exhausted ones,
    by either route, and an upright copy adds nothing there."""
    from cardtable.games.mythos.state import CROSSWISE

    players = 2
    encoder = _encoder("mythos", players)
    lay = encoder.layout
    blocks = {zs.name: zs for zs in lay.zone_slots}
    for _seed, state in _positions("mythos", players, range(6)):
        state = state.clone()
        assert isinstance(state, CardState)
        t = state.table
        # a face-up card in a public zone where its definition can turn (a Location in a Story Deck)
        found = [(z, i) for z in _public_face_up_zones(state, 1) for i in t.zones[z]
                 if blocks[t.decls[z].name].turn_at[t.defn[i]]]
        if not found:
            continue
        z, card = found[0]
        d = t.defn[card]
        zs = blocks[t.decls[z].name]
        turned_slot = lay.zone_base(zs.name) + zs.turn_at[d]
        copies = sum(1 for i in t.zones[z] if t.defn[i] == d)
        for i in t.zones[z]:
            t.set_flag(i, CROSSWISE, False)
        upright = encoder.encode_seat(state, 0)
        assert upright[turned_slot] == 0.0
        t.set_flag(card, CROSSWISE, True)
        turned = encoder.encode_seat(state, 0)
        assert turned[turned_slot] == pytest.approx(min(1, copies) / 4)
        assert np.array_equal(turned, encoder.encode(state.view(0)))
        return
    pytest.fail("no position with a public Mythos zone")


@pytest.mark.parametrize("game_id", card_games())
def test_the_variables_slots_follow_every_value_through_the_memos(game_id: str) -> None:
    """The variables' slots equal ``min(max(v, 0), cap) / cap`` read plainly from ``state.vars``, call after call,
    while the encoder serves integers from its table of 0..cap, other values from its memo, and list variables
    from its memo of value lists (``DirectCardEncoder._vars_changed``): values below 0, above the cap, a bool,
    a value list seen before (a memo hit), a list changed in place."""
    from cardtable.rl.cardgame import VAR_CAP

    game = registry.load_game(game_id)
    players = game.info.max_players
    encoder = _encoder(game_id, players)
    state = game.new_game(seed=3, players=players)
    assert isinstance(state, CardState)
    slots = encoder.layout.var_slots
    values = [-3, 0, 7, int(VAR_CAP), int(VAR_CAP) + 1, 10 ** 6, True, 7, 0]
    lists = [name for name, index in slots if index == 0]
    for k, v in enumerate(values):
        for j, (name, index) in enumerate(slots):
            if index is None:
                state.vars[name] = values[(k + j) % len(values)]
            else:
                state.vars[name][index] = values[(k + j + index) % len(values)]  # in place: the same list object
        if lists and k % 2:
            state.vars[lists[0]] = list(state.vars[lists[0]])  # or a new list with the same values
        obs = encoder.encode_seat(state, 0)
        plain = [min(max(float(state.vars[name] if index is None else state.vars[name][index]), 0.0), VAR_CAP) / VAR_CAP
                 for name, index in slots]
        assert np.array_equal(obs[1:1 + len(slots)], np.array(plain, dtype=np.float32)), (game_id, k)


@pytest.mark.parametrize("game_id", card_games())
def test_one_encoder_moving_between_watched_and_other_tables_equals_the_reference(game_id: str) -> None:
    """The encoder reads a table it watches from the table's log (``CardTable.log``) and drops its copies of
    the table then; a table it has not watched is compared with those copies, or, once they are gone, written
    afresh. Moving between two games, a copy of one of them, and back, every observation of every seat equals
    the reference route."""
    game = registry.load_game(game_id)
    players = game.info.max_players
    encoder = _encoder(game_id, players)
    first, second = game.new_game(seed=1, players=players), game.new_game(seed=2, players=players)
    rng = random.Random(0)
    checked = 0
    for step in range(120):
        state = first if step % 40 < 25 else second if step % 40 < 35 else first.clone()
        assert isinstance(state, CardState)
        if state.is_terminal:
            continue
        for seat in range(players):
            assert np.array_equal(encoder.encode_seat(state, seat), encoder.encode(state.view(seat))), (step, seat)
            checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked > 100

