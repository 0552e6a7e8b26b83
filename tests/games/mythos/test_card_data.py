"""Card data (MY-12.10) and deck construction (MY-2): the closed vocabulary refuses what the rules could not
run, naming file, card and field; deck rules report every violation with its rule ID."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.carddata.deckrules import Deck
from cardtable.core import SetupError
from cardtable.core.errors import CardDataError
from cardtable.games.mythos import DEFINITION
from cardtable.games.mythos.catalog import build_pool, load_pool
from cardtable.games.mythos.deck_rules import INVESTIGATOR, ready_decks, validate_deck

HEAD = "set: test\nversion: 1\nregions: [Lovecraft Country]\nlanguages: [English]\nspell_icons: [Warding]\ncards:\n"
LOCATION = """
  - {id: T-L1, title: Test Wharf, type: location, region: Lovecraft Country, features: [Water], gate: true}
"""


def _error(tmp_path: Path, body: str, head: str = HEAD) -> str:
    path = tmp_path / "set.yaml"
    path.write_text(head + body, encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        build_pool([path])
    return str(err.value)


def test_my_12_10_the_starter_pool_covers_every_card_type() -> None:
    pool = load_pool()
    types = {d.type for d in pool.defs}
    assert types == {"investigator", "location", "travel_event", "ally", "artifact", "weapon", "tome", "spell",
                     "monster", "god", "event", "adventure"}
    assert sum(1 for d in pool.defs if d.type != "investigator") >= 50
    inv = pool[pool.index("Whitcomb / Harlan")]
    assert len(inv.sides) == 2 and inv.sides[0].name != inv.sides[1].name  # MY-2.6
    assert pool[pool.index("Star Vampire")].invisible and pool[pool.index("Sacrificial Dagger")].enchanted
    assert pool[pool.index("Dockside Sailor")].dimension == "WakingWorld"  # MY-6.1.4 default
    assert pool[pool.index("Nightgaunt")].dimension == "Dreamlands"
    assert DEFINITION.check_card_data() == []  # every effect of the pool is carried out


def test_a_minimal_location_loads(tmp_path: Path) -> None:
    path = tmp_path / "set.yaml"
    path.write_text(HEAD + LOCATION, encoding="utf-8")
    pool = build_pool([path])
    d = pool[pool.index("Test Wharf")]
    assert d.inout == "Outside" and d.features == frozenset({"Water"}) and d.gate


@pytest.mark.parametrize("what,body,field", [
    ("Outside listed as a feature (MY-6.3)", LOCATION.replace("features: [Water]", "features: [Water, Outside]"),
     "features"),
    ("a Location in any dimension (MY-6.1.4)", LOCATION.replace("gate: true", "gate: true, dimension: Any"),
     "dimension"),
    ("a card id used twice", LOCATION + LOCATION, "cards"),
    ("an unknown card type", LOCATION.replace("type: location", "type: wizard"), "type"),
])
def test_my_12_10_a_model_check_names_its_field(tmp_path: Path, what: str, body: str, field: str) -> None:
    """MY-12.10: a check pydantic places on a whole card still names the field it is about."""
    msg = _error(tmp_path, body)
    assert "set.yaml" in msg and f"field {field!r}" in msg, (what, msg)
    if field != "cards":
        assert "card 'T-L1'" in msg


def test_errors_name_file_card_and_field(tmp_path: Path) -> None:
    msg = _error(tmp_path, LOCATION.replace("features: [Water]", "features: [Watr]"))
    assert "set.yaml" in msg and "T-L1" in msg and "features" in msg
    msg = _error(tmp_path, LOCATION.replace("gate: true", "gate: true, colour: red"))
    assert "T-L1" in msg and "unknown key" in msg
    msg = _error(tmp_path, LOCATION.replace("gate: true", "gate: 'yes'"))  # strict: no coercion
    assert "T-L1" in msg and "gate" in msg


def test_my_12_10_regions_languages_and_icons_come_from_the_pool(tmp_path: Path) -> None:
    msg = _error(tmp_path, LOCATION.replace("region: Lovecraft Country", "region: Atlantis"))
    assert "T-L1" in msg and "region" in msg and "Atlantis" in msg
    tome = "  - {id: T-B1, title: Test Tome, type: tome, language: Sumerian, spell_icons: [Warding]}\n"
    assert "Sumerian" in _error(tmp_path, tome)


def test_my_6_3_outside_inside_is_exactly_one(tmp_path: Path) -> None:
    msg = _error(tmp_path, LOCATION.replace("features: [Water]", "features: [Water, Inside]"))
    assert "T-L1" in msg and "inout" in msg


def test_my_5_14_my_7_1_investigator_numbers_are_checked(tmp_path: Path) -> None:
    inv = """
  - id: T-I1
    title: Test Pair
    type: investigator
    sides:
      - {side_id: a, name: A, starting_sanity: 10, max_sanity: 12, education: 1, languages: [English],
         hand_max: 5, hand_min: 6}
      - {side_id: b, name: B, starting_sanity: 10, max_sanity: 12, education: 1, languages: [English],
         hand_max: 8, hand_min: 5}
"""
    msg = _error(tmp_path, inv)
    assert "T-I1" in msg and "MY-5.14" in msg
    one_side = inv[:inv.index("      - {side_id: b")]
    assert "sides" in _error(tmp_path, one_side)  # MY-2.6: two sides


def test_my_2_the_ready_decks_are_legal() -> None:
    decks = ready_decks()
    assert len(decks) >= 4
    for deck in decks.values():
        assert validate_deck(deck) == [] and len(deck.cards()) >= 52


def _deck(main: dict[str, int], inv: str = "MYC-I01") -> Deck:
    return Deck("test", main, {INVESTIGATOR: {inv: 1}})


def test_my_2_2_my_2_3_my_2_4_my_2_5_every_violation_with_its_rule() -> None:
    deck = _deck({"MYC-L01": 5, "MYC-G01": 2, "MYC-I02": 1, "MYC-E04": 4})
    rules = [v.rule_id for v in validate_deck(deck)]
    assert rules == ["MY-2.2", "MY-2.3", "MY-2.4", "MY-2.5"]
    msgs = " ".join(v.message for v in validate_deck(deck))
    assert "Arkham Rail Depot" in msgs and "MYC-G01" in msgs or "Father Dagon Rising" in msgs


def test_my_2_1_the_investigator_is_kept_beside_the_deck() -> None:
    good = dict(ready_decks()["lamp_and_ledger"].main)
    assert [v.rule_id for v in validate_deck(_deck(good, "MYC-L01"))] == ["MY-2.1"]


def test_my_2_illegal_decks_are_refused_before_the_game() -> None:
    with pytest.raises(SetupError) as err:
        DEFINITION.new_game(seed=1, players=2, options={"decks": ["Lamp and Ledger",
                                                                  {"investigator": "MYC-I01",
                                                                   "cards": {"MYC-L01": 5}}]})
    assert "MY-2.2" in str(err.value) and "MY-2.3" in str(err.value)


def test_my_11_1_two_to_four_players() -> None:
    for n in (1, 5):
        with pytest.raises(SetupError):
            DEFINITION.new_game(seed=1, players=n)
    assert DEFINITION.new_game(seed=1, players=4).players == 4
