"""The shape of the Mythos card pool and its ready decks (MY-2, MY-6, MY-12.10), so neither can shrink
unnoticed: the counts and the variety the project asks of the pool, the ready decks' legality and
variety, dealing them from the seed, and seeded random games with the newer decks at 2, 3 and 4 players."""

from __future__ import annotations

import random
from collections import Counter
from typing import get_args

import pytest

from cardtable.games.mythos import DEFINITION, decklists
from cardtable.games.mythos.catalog import CardDef, load_pool
from cardtable.games.mythos.deck_rules import INVESTIGATOR, ready_decks, validate_deck
from cardtable.games.mythos.schema import DIMENSIONS, Feature, InDimension

POOL = load_pool()


def _of(kind: str) -> list[CardDef]:
    return [d for d in POOL.defs if d.type == kind]


def test_my_2_6_six_investigators_on_three_two_sided_cards_all_different() -> None:
    cards = _of("investigator")
    sides = [s for d in cards for s in d.sides]
    assert len(cards) >= 3 and all(len(d.sides) == 2 for d in cards) and len(sides) >= 6
    assert len({s.name for s in sides}) == len(sides)
    assert len({s.starting_sanity for s in sides}) >= 6 and len({s.max_sanity for s in sides}) >= 6
    assert len({s.education for s in sides}) >= 6
    assert len({tuple(sorted(s.languages)) for s in sides}) >= 6
    assert len({(s.refill_hand, s.hand_max, s.hand_min) for s in sides}) >= 6
    assert len({a.name for s in sides for a in s.abilities}) >= 6


def test_my_12_10_at_least_160_other_cards_of_every_type() -> None:
    others = [d for d in POOL.defs if d.type != "investigator"]
    assert len(others) >= 160
    assert {d.type for d in others} == {"location", "travel_event", "ally", "artifact", "weapon", "tome", "spell",
                                        "monster", "god", "event", "adventure"}
    assert DEFINITION.check_card_data() == []  # every effect of the pool is carried out


def test_my_6_3_locations_in_every_dimension_with_every_feature_gates_and_cities() -> None:
    locs = _of("location")
    assert {d.dimension for d in locs} == set(DIMENSIONS)
    for dim in DIMENSIONS:
        here = [d for d in locs if d.dimension == dim]
        assert len({d.region for d in here}) >= 2, dim
        assert any(d.gate for d in here) and any("City" in d.features for d in here), dim
        assert {d.inout for d in here} == {"Inside", "Outside"}, dim
    fixed = set(get_args(Feature)) - {"Outside", "Inside"}
    assert fixed <= {f for d in locs for f in d.features}
    assert len({d.region for d in locs}) >= 6


def test_my_6_4_allies_in_every_dimension_and_both_mind_states() -> None:
    pairs = {(d.dimension, d.mental_state) for d in _of("ally")}
    assert pairs == {(dim, m) for dim in DIMENSIONS for m in ("Steadfast", "Corrupt")}
    assert any(d.spellcaster for d in _of("ally")) and any(d.abilities for d in _of("ally"))


def test_my_6_6_my_6_7_my_6_12_weapons_tomes_and_spells_for_every_icon() -> None:
    weapons = _of("weapon")
    assert {d.enchanted for d in weapons} == {True, False} and any(d.no_location_requirement for d in weapons)
    for icon in POOL.spell_icons:
        assert any(icon in d.spell_icons for d in _of("tome")), icon
        assert any(d.spell_icon == icon for d in _of("spell")), icon
    assert any(d.ally_holdable for d in _of("tome")) and any(d.capacity == 2 for d in _of("tome"))
    assert any(d.spell_slots for d in _of("artifact"))


def test_my_6_8_my_6_9_monsters_invisible_ones_and_four_gods_of_both_kinds() -> None:
    monsters = _of("monster")
    assert sum(d.invisible for d in monsters) >= 3 and any(d.joins for d in monsters)
    gods = _of("god")
    assert len(gods) >= 4 and {d.god_kind for d in gods} == {"GreatOldOne", "OuterGod"}
    # the rules showcase's two gods exist to show precedence and effects that put gods into play, so
    # they carry no requirements; every god of the playable sets does
    assert all(d.god_requirements and d.effects for d in gods if not d.id.startswith("MYRS-"))


def test_my_6_11_travel_events_for_every_kind_of_move() -> None:
    travel = _of("travel_event")
    rules = [d.destination for d in travel if d.destination is not None]
    assert {dim for r in rules for dim in r.dimensions} == set(DIMENSIONS)
    kinds = {r.regions if isinstance(r.regions, str) else "list" for r in rules}
    assert kinds == {"same", "other", "any", "list"}
    assert any(r.allow_isolated for r in rules) and any(d.counts_as_location for d in travel)
    assert any(d.departure is None for d in travel) and any(d.departure is not None for d in travel)
    for dim in DIMENSIONS:  # a way into each dimension that may start outside it
        assert any(dim in d.destination.dimensions and not (isinstance(d.departure, InDimension)
                                                           and d.departure.dimension == dim)
                   for d in travel if d.destination is not None), dim


def test_my_6_13_sixteen_adventures_by_name_and_by_feature() -> None:
    adventures = _of("adventure")
    assert len(adventures) >= 16
    assert sum(any(s.filter.title for s in d.slots) for d in adventures) >= 6
    assert sum(any(s.filter.feature for s in d.slots) for d in adventures) >= 6
    assert any(s.filter.region for d in adventures for s in d.slots)
    assert any(s.count > 1 for d in adventures for s in d.slots)


# ---- ready decks (MY-2) ---------------------------------------------------------------------------------------


def test_my_2_four_legal_ready_decks_with_distinct_investigators_and_cards() -> None:
    decks = ready_decks()
    assert {"lamp_and_ledger", "tide_and_teeth", "silver_key_dreamers", "arcology_signal",
            "graves_and_deep_places"} <= set(decks)
    for deck in decks.values():
        assert validate_deck(deck) == [] and len(deck.cards()) >= 52, deck.name
    invs = [deck.cards(INVESTIGATOR)[0] for deck in decks.values()]
    assert len(set(invs)) == len(invs)  # each deck its own investigator card
    contents = [set(deck.main) for deck in decks.values()]
    for a in range(len(contents)):  # distinct strategies: no two decks share half their card ids
        for b in range(a + 1, len(contents)):
            assert len(contents[a] & contents[b]) * 2 < min(len(contents[a]), len(contents[b]))
    homes = [Counter(POOL[POOL.index(c)].dimension for c in deck.cards() if POOL[POOL.index(c)].type == "location")
             .most_common(1)[0][0] for deck in decks.values()]
    assert set(homes) == set(DIMENSIONS)  # between them, the decks make their homes in all three dimensions
    listed = {r.name for r in decklists.ready_decks()}
    assert listed == {d.name for d in decks.values()}


@pytest.mark.parametrize("players", (2, 3, 4))
def test_my_4_2_new_game_without_options_deals_ready_decks_from_the_seed(players: int) -> None:
    names = {d.name for d in ready_decks().values()}
    seen: set[str] = set()
    for seed in range(24):
        dealt = [d["name"] for d in DEFINITION.new_game(seed=seed, players=players).options["decks"]]
        assert len(dealt) == players and set(dealt) <= names
        again = [d["name"] for d in DEFINITION.new_game(seed=seed, players=players).options["decks"]]
        assert again == dealt  # the seed decides
        seen.update(dealt)
    assert seen == names


NEW_DECKS = ["Silver Key Dreamers", "Arcology Signal", "Graves and Deep Places"]


@pytest.mark.parametrize("players", (2, 3, 4))
def test_my_1_3_my_1_4_the_new_decks_play_seeded_random_games_to_an_end(players: int) -> None:
    for seed in range(4):
        decks = [NEW_DECKS[(k + seed) % 3] if k < 3 else "Lamp and Ledger" for k in range(players)]
        st = DEFINITION.new_game(seed=seed, players=players, options={"decks": decks})
        rng = random.Random(seed)
        steps = 0
        while not st.is_terminal:
            options = st.legal_actions()
            assert options and steps < 50_000
            st.apply(rng.choice(options))
            steps += 1
        assert st.outcome is not None
        assert [d["name"] for d in st.options["decks"]] == decks
