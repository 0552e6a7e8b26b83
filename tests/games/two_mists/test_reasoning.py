"""TM-13: the facts the engine exposes for a bot's reasoning (deal hypotheses, evidence, threats, sampling)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cardtable.core import Rng
from cardtable.games.two_mists import GAME
from cardtable.games.two_mists.catalog import CHARACTER_ORDER, MONSTER
from cardtable.games.two_mists.sampling import consistent_deals
from cardtable.games.two_mists.testing import act, logged, point, scenario, take, target

CAT = GAME.catalog
ALL4 = sum(1 << c for c in CAT.characters_for(4))
ALL3 = sum(1 << c for c in CAT.characters_for(3))
IDX = {c: i for i, c in enumerate(CHARACTER_ORDER)}


def _back_share(deals) -> Fraction:
    return Fraction(sum(d[-1] == MONSTER for d in deals), len(deals))


def test_tm_13_1_hypotheses_given_own_card_24_for_4p_and_6_for_3p():
    for own in CAT.characters_for(4):
        deals = consistent_deals(CAT, 4, {0: own}, None, [ALL4] * 4)
        assert len(deals) == 24 and len(set(deals)) == 24
        assert all(d[0] == own and sorted(d) == [0, 1, 2, 3, 4] for d in deals)
    for own in CAT.characters_for(3):
        deals = consistent_deals(CAT, 3, {1: own}, None, [ALL3] * 3)
        assert len(deals) == 6 and all(IDX["fool"] not in d for d in deals)


@pytest.mark.parametrize("players,prior", [(4, Fraction(1, 5)), (3, Fraction(1, 4))])
def test_tm_13_1_prior_of_the_back_world_by_counting_deals(players, prior):
    everyone = ALL4 if players == 4 else ALL3
    deals = consistent_deals(CAT, players, {}, None, [everyone] * players)
    assert len(deals) == (120 if players == 4 else 24)
    assert _back_share(deals) == prior
    # the same prior averaged over the card a bot may hold
    per_own = [_back_share(consistent_deals(CAT, players, {0: c}, None, [everyone] * players))
               for c in CAT.characters_for(players)]
    assert sum(per_own) / len(per_own) == prior
    assert per_own[MONSTER] == 0  # holding the Monster, a bot knows the world is Front


def test_tm_13_2_taken_cards_rule_deals_out():
    s = scenario(characters=["knight", "witch", "monster", "saint"], current=1, action_row=["reckless", "attack", "attack"])
    assert len(consistent_deals(CAT, 4, {0: IDX["knight"]}, None, s.possible)) == 24
    take(s, "reckless")  # seat 1 (the Witch) takes Reckless: as seat 0 sees it, seat 1 is not the Monster
    target(s, 2)
    deals = consistent_deals(CAT, 4, {0: IDX["knight"]}, None, s.possible)
    assert len(deals) == 18 and all(d[1] != MONSTER for d in deals)


def test_tm_13_2_revealed_characters_are_fixed_and_bars_narrow_the_rest():
    s = scenario(characters=["knight", "witch", "monster", "saint"], revealed=[3], tableau={0: ["flurry"]})
    deals = consistent_deals(CAT, 4, {1: IDX["witch"], 3: IDX["saint"]}, None, s.possible)
    assert len(deals) == 6 and all(d[1] == IDX["witch"] and d[3] == IDX["saint"] for d in deals)
    assert sorted(CHARACTER_ORDER[d[0]] for d in deals) == ["fool", "fool", "knight", "knight", "monster", "monster"]


def test_tm_13_2_holy_poison_holder_never_the_monster_in_determinized_states():
    s = scenario(characters=["knight", "witch", "saint", "fool"], tableau={2: ["holy_poison"]}, seed=3)
    places = set()
    for k in range(60):
        d = s.determinize(0, seed=k)
        assert d.chars[0] == IDX["knight"]
        places.add("centre" if d.centre == MONSTER else d.chars.index(MONSTER))
    assert places == {1, 3, "centre"}  # resampled everywhere except the Holy Poison holder (seat 2)


def test_tm_13_2_tm_13_6_three_or_four_weapons_narrow_the_holder():
    s = scenario(characters=["fool", "monster", "knight", "witch"],
                 tableau={0: ["giants_spear", "grimoire", "axe_of_greed"],
                          1: ["giants_spear", "grimoire", "axe_of_greed", "sages_staff"]})
    deals = consistent_deals(CAT, 4, {2: IDX["knight"]}, None, s.possible)
    assert {CHARACTER_ORDER[d[0]] for d in deals} == {"fool"}  # Monster and Fool allowed three; seat 1 has the Monster
    assert {CHARACTER_ORDER[d[1]] for d in deals} == {"monster"}  # TM-13.6: only the Monster may take all four
    allowed_all_weapons = [ch for ch in CHARACTER_ORDER
                           if not any(ch in c.forbidden for c in CAT.cards if c.weapon)]
    assert allowed_all_weapons == ["monster"]


def test_tm_13_3_log_alone_rebuilds_the_display_at_every_choice():
    """Soft evidence needs the alternatives a player had: game_started + refills give the rows at each take."""
    for seed in range(10):
        s = GAME.new_game(seed=seed, players=4)
        rng = Rng(seed)
        while not s.is_terminal:
            s.apply(rng.choice(s.legal_actions()))
        rows: dict[str, str | None] = {}
        for e in s.log(1):
            if e["kind"] == "game_started":
                rows = dict(zip(("A1", "A2", "A3", "E1", "E2"), e["action_row"] + e["equipment_row"]))
            elif e["kind"] == "card_taken":
                assert rows[e["slot"]] == e["card"]
            elif e["kind"] == "slot_refilled":
                rows[e["slot"]] = e["card"]
            elif e["kind"] == "slot_left_empty":
                rows[e["slot"]] = None
        shown = s.view(1)["zones"]
        final = [c and c["card"] for c in shown["action_row"]["cards"] + shown["equipment_row"]["cards"]]
        assert list(rows.values()) == final


def test_tm_13_3_signals_are_public_hits_pointing_passes_intimidation():
    s = scenario(characters=["monster", "knight", "witch", "saint"], action_row=["intimidate", "search", "attack"])
    take(s, "intimidate")
    target(s, 2)
    take(s, "search")
    for at in ("centre", 1, 0, 1):
        point(s, at)
    target(s, 0)
    act(s, "pass")
    seen = {e["kind"] for e in s.log(3)}
    assert {"intimidated", "pointing_revealed", "damaged", "passed"} <= seen
    assert logged(s, "damaged", 3) == [{"dealer": 1, "target": 0, "amount": 1, "life": 6}]


def test_tm_13_4_world_belief_and_knight_witch_swap_sides():
    # belief: seat 0 (Knight) after seats 1 and 2 proved they are not the Monster
    s = scenario(characters=["knight", "witch", "saint", "fool"], tableau={1: ["reckless"], 2: ["holy_poison"]})
    deals = consistent_deals(CAT, 4, {0: IDX["knight"]}, None, s.possible)
    assert len(deals) == 12 and _back_share(deals) == Fraction(1, 2)
    # the same death (the Knight kills the Witch) wins for the Monster in Front, for the Knight in Back
    results = {}
    for chars in (["knight", "witch", "monster", "saint"], ["knight", "witch", "fool", "saint"]):
        g = scenario(characters=chars, life=[7, 1, 7, 7], action_row=["attack", "attack", "attack"])
        take(g, "attack")
        target(g, 1)
        results[g.outcome.details["world"]] = g.outcome.winners
    assert results == {"front": [2], "back": [0]}


@pytest.mark.parametrize("card,life,dies", [("assault_witch", 4, True), ("assault_witch", 5, False),
                                            ("reckless", 4, True), ("reckless", 5, False)])
def test_tm_13_5_threat_range_is_two_plus_weapons(card, life, dies):
    s = scenario(characters=["knight", "monster", "witch", "saint"], life=[9, life, 7, 7],
                 action_row=[card, "attack", "attack"], tableau={0: ["giants_spear", "axe_of_greed"]})
    take(s, card)
    target(s, 1)
    assert s.is_terminal is dies
    assert s.life[1] == max(0, life - 4)


def test_tm_13_7_intimidate_forces_a_pass_on_exhausted_equipment():
    s = scenario(characters=["monster", "knight", "witch", "saint"], action_row=["intimidate", "attack", "attack"],
                 equipment_row=["grimoire", "giants_spear"],
                 tableau={1: ["giants_spear", "axe_of_greed", "sages_staff", "holy_poison"]})
    take(s, "intimidate")
    target(s, 1)
    assert [a.kind for a in s.legal_actions()] == ["pass"]
    act(s, "pass")
    assert s.life[1] == 1 and s.view(0)["seats"][1]["character"] == "knight"


def test_tm_13_8_sampled_states_stay_within_the_consistent_deals_and_unseen_cards():
    s = GAME.new_game(seed=13, players=4)
    rng = Rng(13)
    for _ in range(12):
        s.apply(rng.choice(s.legal_actions()))
    seat = s.to_act
    known = {seat: s.chars[seat]} | {p: s.chars[p] for p in range(4) if s.revealed[p]}
    deals = set(consistent_deals(CAT, 4, known, None, s.possible))
    assert 1 <= len(deals) <= 24
    for k in range(20):
        d = s.determinize(seat, seed=k)
        assert (*d.chars, d.centre) in deals
        seen = set(d.row) | {i for t in d.tableau for i in t}
        assert sorted(d.apile) == sorted(i for i in CAT.action_instances if i not in seen)
        assert sorted(d.epile) == sorted(i for i in CAT.equipment_instances if i not in seen)
