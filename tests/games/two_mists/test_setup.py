"""Set-up and components: TM-1.3, TM-2.1, TM-2.2, TM-2.7, TM-3.x zones, TM-4.x, TM-6.1, TM-6.2."""

from __future__ import annotations

from collections import Counter

import pytest

import cardtable
from cardtable.games.two_mists import GAME
from cardtable.games.two_mists.catalog import CHARACTER_ORDER
from cardtable.games.two_mists.testing import logged, scenario, take, target

SEEDS = range(40)


def _chars(state) -> list[str]:
    return [CHARACTER_ORDER[c] for c in state.chars]


def test_tm_2_1_five_character_cards_one_each():
    assert [c.id for c in GAME.catalog.characters] == ["monster", "knight", "witch", "saint", "fool"]


@pytest.mark.parametrize("players", [3, 4])
def test_tm_2_2_tm_4_1_tm_4_2_character_set_and_leftover(players):
    """TM-2.2: 4p deals from all five, 3p from all but the Fool; one card always left in the centre."""
    expected = {"monster", "knight", "witch", "saint"} | ({"fool"} if players == 4 else set())
    seen_centres = Counter()
    for seed in SEEDS:
        s = GAME.new_game(seed=seed, players=players)
        dealt = _chars(s) + [CHARACTER_ORDER[s.centre]]
        assert len(_chars(s)) == players
        assert sorted(dealt) == sorted(expected)
        seen_centres[CHARACTER_ORDER[s.centre]] += 1
    # TM-4.1: the set is shuffled, so the leftover varies with the seed
    assert len(seen_centres) >= 3
    if players == 3:
        assert "fool" not in seen_centres


def test_tm_4_1_deal_is_reproducible_from_the_seed():
    a, b = GAME.new_game(seed=11), GAME.new_game(seed=11)
    assert a.to_dict() == b.to_dict()
    assert GAME.new_game(seed=12).to_dict() != a.to_dict()


def test_tm_4_3_each_player_sees_only_their_own_character_at_setup():
    s = GAME.new_game(seed=5, players=4)
    for seat in range(4):
        dealt = logged(s, "character_dealt", seat)
        assert dealt[seat] == {"player": seat, "character": _chars(s)[seat]}
        assert [d for i, d in enumerate(dealt) if i != seat] == [{"player": i} for i in range(4) if i != seat]
        assert s.view(seat)["you"] == {"seat": seat, "character": _chars(s)[seat]}


@pytest.mark.parametrize("players", [3, 4])
def test_tm_4_4_piles_shuffled_and_rows_filled(players):
    """TM-4.4 with the copy counts of TM-2.3/TM-2.5: 27 - 3 actions and 15 - 2 equipment remain in the piles."""
    orders = set()
    for seed in range(10):
        v = GAME.new_game(seed=seed, players=players).view(None)
        z = v["zones"]
        assert z["action_pile"] == {"count": 24}
        assert z["equipment_pile"] == {"count": 13}
        assert [GAME.catalog.cards[GAME.catalog.def_index(c["card"])].kind for c in z["action_row"]["cards"]] == ["action"] * 3
        assert [GAME.catalog.cards[GAME.catalog.def_index(c["card"])].kind for c in z["equipment_row"]["cards"]] == ["equipment"] * 2
        s = GAME.new_game(seed=seed, players=players)
        orders.add(tuple(s.apile))
    assert len(orders) == 10


@pytest.mark.parametrize("players", [3, 4])
def test_tm_4_5_tm_1_3_everyone_starts_at_7_life(players):
    s = GAME.new_game(seed=1, players=players)
    assert s.life == [7] * players
    assert [p["life"] for p in s.view(None)["seats"]] == [7] * players


def test_tm_4_6_start_player_random_then_clockwise():
    starts = Counter(GAME.new_game(seed=seed, players=4).view(None)["start_player"] for seed in range(60))
    assert set(starts) == {0, 1, 2, 3}
    s = GAME.new_game(seed=7, players=4)
    first = s.view(None)["start_player"]
    assert s.to_act == first and s.view(None)["current"] == first
    assert logged(s, "game_started")[0]["start_player"] == first


def test_tm_2_7_life_counters_start_marker_and_public_log():
    s = scenario(characters=["monster", "knight", "witch", "saint"], current=2, start=1, turn=4,
                 action_row=["attack", "search", "intimidate"])
    v = s.view(3)
    assert v["start_player"] == 1 and v["current"] == 2
    assert [p["life"] for p in v["seats"]] == [7, 7, 7, 7]
    take(s, "attack")
    target(s, 0)
    assert [p["life"] for p in s.view(3)["seats"]] == [6, 7, 7, 7]
    assert logged(s, "damaged", 3) == [{"dealer": 2, "target": 0, "amount": 1, "life": 6}]


def test_tm_3_1_character_slot_face_down_until_revealed_and_stays_revealed():
    s = scenario(characters=["monster", "knight", "witch", "saint"], current=1,
                 action_row=["attack", "attack", "attack"], action_pile=["attack", "attack", "attack"])
    assert s.view(0)["zones"]["character:1"] == {"count": 1, "cards": [None]}
    s.apply({"player": 1, "kind": "pass"})
    assert s.view(0)["zones"]["character:1"] == {"count": 1, "cards": ["knight"]}
    for victim in (3, 2, 2):  # a full round later (seats 2, 3 and 0 have played) it is still face up
        take(s, "attack")
        target(s, victim)
    assert s.to_act == 1
    assert s.view(3)["seats"][1]["revealed"] is True
    assert s.view(3)["seats"][1]["character"] == "knight"


def test_tm_3_2_centre_face_down_until_the_end():
    s = scenario(characters=["monster", "knight", "witch", "saint"], life=[7, 1, 7, 7],
                 action_row=["attack", "attack", "attack"])
    for seat in (0, 1, 2, 3, None):
        assert s.view(seat)["zones"]["centre"] == {"count": 1}
    take(s, "attack")
    target(s, 1)
    for seat in (0, 1, 2, 3, None):
        assert s.view(seat)["zones"]["centre"] == {"count": 1, "cards": ["fool"]}


def test_tm_3_3_tm_3_4_piles_face_down_rows_face_up():
    s = scenario(action_row=["attack", "search", "flurry"], equipment_row=["grimoire", "holy_poison"],
                 action_pile=["arcana", "reckless"], equipment_pile=["sages_staff"])
    z = s.view(2)["zones"]
    assert z["action_pile"] == {"count": 2} and z["equipment_pile"] == {"count": 1}
    assert [c["card"] for c in z["action_row"]["cards"]] == ["attack", "search", "flurry"]
    assert [c["card"] for c in z["equipment_row"]["cards"]] == ["grimoire", "holy_poison"]


def test_tm_3_5_tableau_face_up_in_taking_order_and_equipment_active():
    s = scenario(characters=["monster", "knight", "witch", "saint"],
                 action_row=["flurry", "attack", "attack"], equipment_row=["grimoire", "giants_spear"],
                 tableau={0: ["axe_of_greed"]})
    take(s, "flurry")
    target(s, 1)  # 1 base + Axe of Greed
    take(s, "grimoire")  # the extra action
    assert [c["card"] for c in s.view(3)["zones"]["tableau:0"]["cards"]] == ["axe_of_greed", "flurry", "grimoire"]
    assert s.life[1] == 5
    assert s.view(3)["seats"][0]["weapons"] == 2


def test_tm_3_7_per_player_state_is_life_revealed_intimidated_poison():
    s = scenario(characters=["monster", "knight", "witch", "saint"], life=[7, 3, 9, 1], revealed=[3],
                 intimidated=[2], tableau={1: ["holy_poison"]})
    seats = s.view(0)["seats"]
    assert [(p["life"], p["revealed"], p["intimidated"], p["holy_poison"]) for p in seats] == [
        (7, False, False, False), (3, False, False, True), (9, False, True, False), (1, True, False, False)]
    assert "poison_turn" not in s.to_dict()  # documented omission (docs note on TM-3.7)


def test_tm_6_1_character_has_name_goals_bars_and_only_saint_has_wrath():
    cat = GAME.catalog
    for ch in cat.characters:
        assert ch.name and callable(ch.goal_front) and callable(ch.goal_back)
    assert [c.id for c in cat.characters if c.wrath] == ["saint"]
    barred = {ch: sorted(c.id for c in cat.cards if ch in c.forbidden) for ch in CHARACTER_ORDER}
    assert barred["saint"] == ["assault_saint", "axe_of_greed", "flurry"]


def test_tm_6_2_characters_never_change_during_a_game():
    for seed in range(15):
        s = GAME.new_game(seed=seed, players=4)
        dealt = list(s.chars)
        rng = cardtable.core.Rng(seed)
        while not s.is_terminal:
            s.apply(rng.choice(s.legal_actions()))
            assert s.chars == dealt
        assert s.outcome.details["characters"] == [CHARACTER_ORDER[c] for c in dealt]
