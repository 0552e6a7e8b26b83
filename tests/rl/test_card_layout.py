"""The card games' observation layout (``cardgame.ZoneSlots``): each zone keeps slots only for the definitions its
declaration says it can hold, and turned slots only where cards can turn.

The declarations (``ZoneDecl.holds``, ``turns``) are read from the rules; these tests hold them to play: in seeded
random games of every card game no card ever lands in a zone's "other" slot and every turned card in play has a
turned slot. And the "other" slot does what it says when an effect does put a card of another type somewhere.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from cardtable import registry
from cardtable.engine import CardState, ZoneDecl
from cardtable.core import Visibility
from cardtable.rl.cardgame import ZoneSlots, zone_slots

from .test_card_observation import _encoder, card_games


@pytest.mark.parametrize("game_id", card_games())
def test_every_card_of_random_games_has_its_own_slots_in_its_zone(game_id: str) -> None:
    """Every card seen in a zone has a copies slot of its own there (not the zone's "other" slot), and every
    card turned in play has a turned slot: the declared zones hold what the rules let into them."""
    game = registry.load_game(game_id)
    players = game.info.max_players
    layout = _encoder(game_id, players).layout
    blocks = {zs.name: zs for zs in layout.zone_slots}
    rng = random.Random(7)
    checked = turned_seen = 0
    for seed in range(12):
        st = game.new_game(seed=seed, players=players)
        assert isinstance(st, CardState)
        turned_flag = type(st).TURNED_FLAG
        steps = 0
        while not st.is_terminal:
            if steps % 4 == 0:
                t = st.table
                for z, decl in enumerate(t.decls):
                    zs = blocks[decl.name]
                    for i in t.zones[z]:
                        d = t.defn[i]
                        assert zs.copy_at[d] != 1 + len(zs.held), \
                            f"{game_id}: definition {d} in {decl.name}, which is not declared to hold its type"
                        if decl.in_play and t.flags[i] & turned_flag:
                            assert zs.turn_at[d], f"{game_id}: definition {d} turned in {decl.name}, which has no slot"
                            turned_seen += 1
                        checked += 1
            st.apply(rng.choice(st.legal_actions()))
            steps += 1
    assert checked > 1000 and turned_seen > 0  # the games did put cards in play and turn some


def test_a_zone_holds_its_declared_types_and_turns_in_play() -> None:
    """``zone_slots``: the held definitions are those of the declared types (every one when none is declared or
    the game names no types); turned slots follow ``turns``, or every held one in play and none out of it."""
    types = ["a", "b", "a", "c"]
    deck = zone_slots(ZoneDecl("deck", Visibility.HIDDEN, 0, holds=("a", "c")), types, 4)
    assert deck.held == (0, 2, 3) and deck.turned == () and deck.size == 1 + 3 + 1
    assert deck.copy_at == (1, 4, 2, 3)  # b has no slot of its own: the "other" slot (after the held ones)
    play = zone_slots(ZoneDecl("play", Visibility.PUBLIC, 0, in_play=True, holds=("a", "b")), types, 4)
    assert play.held == (0, 1, 2) and play.turned == (0, 1, 2)
    assert play.turn_at == (5, 6, 7, 8)  # after count, 3 held, other; c turns in the turned "other" slot
    row = zone_slots(ZoneDecl("row", Visibility.PUBLIC, None, in_play=True, holds=("c",), turns=()), types, 4)
    assert row.turned == () and set(row.turn_at) == {0} and row.size == 3
    some = zone_slots(ZoneDecl("story", Visibility.PUBLIC, 0, in_play=True, turns=("b",)), types, 4)
    assert some.held == (0, 1, 2, 3) and some.turned == (1,)
    untyped = zone_slots(ZoneDecl("x", Visibility.PUBLIC, 0, holds=("a",)), (), 4)
    assert untyped.held == (0, 1, 2, 3)
    assert ZoneSlots.build("y", (0, 1), (0, 1), 2).size == 1 + 2 + 1 + 2 + 1


def test_a_card_an_effect_moves_into_another_area_counts_in_its_other_slot() -> None:
    """MY-3.6: an effect can put a card into an area of another type (a Monster into the Ally area). Its zone has
    no slot for that definition, so it counts in the zone's "other" slot, by both routes; turned there, where
    nothing turns, it adds nothing more."""
    from cardtable.games.mythos.state import CROSSWISE

    encoder = _encoder("mythos", 2)
    layout = encoder.layout
    st = registry.load_game("mythos").new_game(seed=3, players=2)
    assert isinstance(st, CardState)
    t = st.table
    types = st.definition_types()
    deck = t.zone_ids["deck:0"]
    monster = next(i for i in t.zones[deck] if types[t.defn[i]] == "monster")
    t.move(monster, "item:0")
    zs = next(z for z in layout.zone_slots if z.name == "item:0")
    assert zs.copy_at[t.defn[monster]] == 1 + len(zs.held)  # the "other" slot
    other = layout.zone_base("item:0") + 1 + len(zs.held)
    for seat in (0, 1):
        obs = encoder.encode_seat(st, seat)
        assert obs[other] == pytest.approx(0.25)
        assert np.array_equal(obs, encoder.encode(st.view(seat)))
    before = encoder.encode_seat(st, 0)
    t.set_flag(monster, CROSSWISE, True)
    after = encoder.encode_seat(st, 0)
    assert np.array_equal(before, after) and np.array_equal(after, encoder.encode(st.view(0)))


@pytest.mark.parametrize("game_id", card_games())
def test_every_type_a_zone_names_is_a_type_of_the_game(game_id: str) -> None:
    """A zone's ``holds`` and ``turns`` name card types the game's definitions have (a misspelt type would
    silently leave that type without slots there), and ``turns`` only types the zone holds."""
    st = registry.load_game(game_id).new_game(seed=0)
    assert isinstance(st, CardState)
    types = set(st.definition_types())
    for decl in st.table.decls:
        named = set(decl.holds) | set(decl.turns or ())
        assert not named or types, f"{game_id}: {decl.name} names types but the game names none"
        assert named <= types, f"{game_id}: {decl.name} names unknown types {sorted(named - types)}"
        if decl.holds and decl.turns:
            assert set(decl.turns) <= set(decl.holds), f"{game_id}: {decl.name} turns types it does not hold"
