"""Deck construction (MA-2): every violation at once, each with its rule ID, sorted (MA-2.8)."""

from __future__ import annotations

import pytest

from cardtable.carddata.deckrules import Deck
from cardtable.core import SetupError
from cardtable.games.million_arthur import DEFINITION
from cardtable.games.million_arthur.deck_rules import LEADER, ready_decks, validate_deck


def _deck(cards: dict[str, int], leader: dict[str, int] | None = None) -> Deck:
    return Deck("test", cards, {LEADER: leader if leader is not None else {"MAS-L01": 1}})


# A legal 40-card Mercenary deck pinned card by card (the first Ember and Thorn list), so that these rule tests
# do not follow the ready decks when they are rebalanced.
BASE = {"MAS-R01": 3, "MAS-R02": 3, "MAS-R03": 2, "MAV-R02": 3, "MAS-R05": 3, "MAS-R06": 3, "MAS-G01": 3,
        "MAS-G02": 3, "MAS-G03": 3, "MAS-G04": 1, "MAV-C06": 1, "MAV-G05": 1, "MAV-G01": 3, "MAS-G06": 3,
        "MAS-R07": 3, "MAS-C03": 2}


def _base() -> dict[str, int]:
    return dict(BASE)


def _rules(deck: Deck) -> list[str]:
    return [v.rule_id for v in validate_deck(deck)]


def test_the_ready_decks_are_legal_ma_2_1_to_2_5() -> None:
    decks = ready_decks()
    assert len(decks) >= 2
    for deck in decks.values():
        assert validate_deck(deck) == []
        assert sum(deck.main.values()) == 40


def test_exactly_40_cards_and_one_leader_ma_2_1() -> None:
    cards = _base()
    cards["MAS-C03"] -= 1
    assert _rules(_deck(cards)) == ["MA-2.1"]
    assert "MA-2.1" in _rules(_deck(_base(), {}))
    assert "MA-2.1" in _rules(_deck(_base(), {"MAS-R01": 1}))  # a knight is not a leader


def test_no_leader_in_the_deck_ma_2_2() -> None:
    cards = _base()
    cards["MAS-C03"] -= 1
    cards["MAS-L02"] = 1  # counts toward the 40 (MA-2.8)
    assert _rules(_deck(cards)) == ["MA-2.2"]


def test_at_most_three_copies_per_card_number_ma_2_3() -> None:
    cards = _base()
    cards["MAS-C03"] -= 1
    cards["MAS-R03"] += 1  # 3 copies: fine
    assert _rules(_deck(cards)) == []
    cards["MAS-R07"] += 1
    cards["MAS-R03"] -= 1
    assert _rules(_deck(cards)) == ["MA-2.3"]


def test_exactly_15_burst_cards_ma_2_4() -> None:
    cards = _base()
    cards["MAS-R02"] -= 1  # a burst card out
    cards["MAS-C03"] += 1
    found = validate_deck(_deck(cards))
    assert [v.rule_id for v in found] == ["MA-2.4"] and "14" in found[0].message


def test_type_restricted_only_under_a_matching_leader_ma_2_5() -> None:
    assert _rules(_deck(_base(), {"MAS-L02": 1})) == ["MA-2.5", "MA-2.5"]  # Cinder Lancer and Warlord


def test_every_violation_at_once_sorted_by_rule_ma_2_8() -> None:
    cards = _base()
    cards["MAS-R02"] += 2  # 5 copies, 17 bursts, 42 cards
    cards["MAS-L01"] = 1
    assert _rules(_deck(cards, {"MAS-L02": 1})) == ["MA-2.1", "MA-2.2", "MA-2.3", "MA-2.4", "MA-2.5", "MA-2.5"]


def test_each_entry_carries_its_card_ids_and_counted_value_ma_2_8() -> None:
    """MA-2.8: entries {rule ID, card ids, counted value}, sorted by rule ID and then card id; a bad leader
    slot is one MA-2.1 entry, naming the card(s) in it."""
    cards = _base()
    cards["MAS-R02"] += 2  # 5 copies, 17 bursts, 42 cards
    cards["MAS-L01"] = 1
    found = validate_deck(_deck(cards, {"MAS-L02": 1}))
    entries = [(v.rule_id, v.cards, v.value) for v in found]
    assert entries == [("MA-2.1", (), 43), ("MA-2.2", ("MAS-L01",), None), ("MA-2.3", ("MAS-R02",), 5),
                       ("MA-2.4", (), 17), *sorted(e for e in entries if e[0] == "MA-2.5")]
    restricted = [v.cards for v in found if v.rule_id == "MA-2.5"]
    assert len(restricted) == 2 and restricted == sorted(restricted) and all(len(c) == 1 for c in restricted)
    assert [(v.rule_id, v.cards, v.value) for v in validate_deck(_deck(_base(), {"MAS-R01": 1, "MAS-R02": 1}))] == \
        [("MA-2.1", ("MAS-R01", "MAS-R02"), 2)]
    one = validate_deck(_deck(_base(), {"MAS-R01": 1}))  # a knight is not a leader: one entry, not one per attribute
    assert [(v.rule_id, v.cards, v.value) for v in one] == [("MA-2.1", ("MAS-R01",), 1)]
    assert "kind is knight" in one[0].message


def test_an_unknown_card_is_an_ma_2_8_entry_naming_it() -> None:
    """MA-2.8: a card id that is not in the pool is reported with its id (and no counted value)."""
    cards = _base()
    cards["MAS-C03"] -= 1
    cards["NOPE-1"] = 1
    assert [(v.rule_id, v.cards, v.value) for v in validate_deck(_deck(cards))] == [("MA-2.8", ("NOPE-1",), None)]


def test_an_illegal_deck_cannot_start_a_game_ma_5_1() -> None:
    cards = _base()
    cards["MAS-C03"] -= 1
    with pytest.raises(SetupError, match="MA-2.1"):
        DEFINITION.new_game(seed=1, options={"decks": [{"leader": "MAS-L01", "cards": cards}, "Tide and Lantern"]})
    with pytest.raises(SetupError, match="MA-1.1"):
        DEFINITION.new_game(seed=1, players=3)


def test_the_decklists_facet_round_trips_a_ready_deck_ma_2_8() -> None:
    from cardtable.games.million_arthur import decklists

    listed = decklists.ready_decks()
    assert {d.cards for d in listed} == {40}
    deck = ready_decks()["tide_and_lantern"]
    assert decklists.deck_problems(deck) == []
    st = DEFINITION.new_game(seed=4, options={"decks": [decklists.option_value(deck), "ember_and_thorn"]})
    assert st.card(st.table.cards("leader:0")[0]).id == "MAS-L02"


def test_ready_decks_for_every_leader_type_ma_2_1_ma_2_5() -> None:
    """Seven ready decks, all legal (above), each with its own leader; every Arthur type leads at least one,
    and the type-restricted cards in them match their leader (MA-2.5)."""
    pool = DEFINITION.pool
    decks = ready_decks()
    assert len(decks) >= 6
    leaders = [deck.cards(LEADER)[0] for deck in decks.values()]
    assert len(set(leaders)) == len(leaders)
    assert {pool[pool.index(lead)].arthur_type for lead in leaders} == {"mercenary", "rich", "thief", "songstress"}
    for deck in decks.values():
        lead_type = pool[pool.index(deck.cards(LEADER)[0])].arthur_type
        restricted = {pool[pool.index(c)].arthur_type for c in deck.main if pool[pool.index(c)].type_restricted}
        assert restricted <= {lead_type}
        assert sum(n for c, n in deck.main.items() if pool[pool.index(c)].has_burst) == 15  # MA-2.4
    assert ready_decks()["ember_and_thorn"].cards(LEADER) == ["MAS-L01"]  # the first two stay as they were
    assert ready_decks()["tide_and_lantern"].cards(LEADER) == ["MAS-L02"]


def test_every_ready_deck_plays_a_game_to_its_end_ma_13_1() -> None:
    """Each ready deck, against the next one, plays a seeded random game to a result within 40 turns (a draw
    at the cap, MA-13.3, counts): no card of it breaks a game."""
    import random

    stems = sorted(ready_decks())
    for k, stem in enumerate(stems):
        st = DEFINITION.new_game(seed=k, options={"decks": [stem, stems[(k + 1) % len(stems)]],
                                                      "max_turns": 40})
        rng = random.Random(k)
        steps = 0
        while st.outcome is None and steps < 30000:
            st.apply(rng.choice(st.legal_actions()))
            steps += 1
        assert st.outcome is not None, stem
