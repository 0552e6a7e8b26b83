"""CC-2 deck construction: the declarative rules name every violation with its rule ID (CC-2.8),
deck-list files give clear errors, and the ready-made decks are legal."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from cardtable.carddata.deckrules import (AllowedValues, CountWith, Deck, DeckRules, DistinctTitles, KnownCards,
                                          MatchesLeader, MaxCopies, PartSize, UnknownCardError, Violation,
                                          resolve_names)
from cardtable.core import CardDataError
from cardtable.games.call_of_cthulhu.catalog import CARDS_DIR, build_pool, load_pool
from cardtable.games.call_of_cthulhu.deck_rules import (DECKS_DIR, DOMAINS, MIN_DECK_SIZE, load_deck_list,
                                                        ready_decks, validate_deck, validate_game,
                                                        validate_story_set)

DOMAIN_IDS = {"DM01": 1, "DM02": 1, "DM03": 1}


def _deck(main: dict[str, int], domains: dict[str, int] | None = None) -> Deck:
    return Deck("test deck", main, {DOMAINS: DOMAIN_IDS if domains is None else domains})


def _legal_main() -> dict[str, int]:
    return dict(ready_decks()["badge_and_lamp"].main)


def _rules(violations: list[Violation]) -> list[str]:
    return [v.rule_id for v in violations]


# ---- the ready decks ---------------------------------------------------------------------------


def test_cc_2_the_ready_decks_are_legal_and_around_different_faction_pairs():
    decks = ready_decks()
    assert len(decks) >= 4
    pool = load_pool()
    pairs = set()
    for key, deck in decks.items():
        assert validate_deck(deck) == [], key
        assert deck.name and deck.description, key
        assert sum(deck.main.values()) >= MIN_DECK_SIZE, key
        assert sum(deck.sides[DOMAINS].values()) == 3, key
        factions = Counter(pool.cards[c].faction for c in deck.cards())  # type: ignore[union-attr]
        factions.pop("neutral", None)
        assert len(factions) == 2, (key, factions)
        pairs.add(frozenset(factions))
    assert len(pairs) == len(decks)  # every deck a different pair
    assert validate_story_set(list(pool.story_sets["core"])) == []
    assert validate_game(list(decks.values())[:2], list(pool.story_sets["core"])) == []


def test_cc_2_8_every_ready_deck_file_is_in_the_package_data():
    pyproject = (Path(__file__).parents[3] / "pyproject.toml").read_text(encoding="utf-8")
    assert '"games/*/decks/*.yaml"' in pyproject
    assert sorted(p.stem for p in DECKS_DIR.glob("*.yaml")) == sorted(ready_decks())


# ---- each violation, named with its rule ID ----------------------------------------------------


def test_cc_2_1_a_deck_below_47_cards_is_illegal():
    main = _legal_main()
    main["AG01"] -= 2
    total = sum(main.values())
    violations = validate_deck(_deck(main))
    assert violations == [Violation("CC-2.1", f"a draw deck holds at least 47 cards: there are only {total} "
                                              "(at least 47) in the deck.", (), total)]


def test_cc_2_1_only_characters_supports_and_events_may_be_in_the_deck():
    main = {**_legal_main(), "ST01": 1, "DM01": 1}
    violations = validate_deck(_deck(main))
    assert _rules(violations) == ["CC-2.1", "CC-2.1"]
    assert "'The Drowned Bell of Innsmouth' is a story in the deck" in violations[0].message
    assert "'The Old Boarding House' is a domain in the deck" in violations[1].message


def test_cc_2_3_at_most_four_copies_per_title():
    main = {**_legal_main(), "AG01": 5}
    assert validate_deck(_deck(main)) == [
        Violation("CC-2.3", "at most 4 cards with the same title (fewer where the card says so): 5 copies of "
                            "'Harbor Patrolman' (at most 4).", ("AG01",), 5)]


def test_cc_2_3_card_data_may_lower_the_copy_limit(tmp_path):
    data = yaml.safe_load((CARDS_DIR / "core.yaml").read_text(encoding="utf-8"))
    next(c for c in data["cards"] if c["id"] == "AG01")["max_copies"] = 2
    path = tmp_path / "core.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    pool = build_pool([path])
    violations = validate_deck(_deck(_legal_main()), pool)  # the deck has 4 Harbor Patrolmen
    assert violations == [Violation("CC-2.3", "at most 4 cards with the same title (fewer where the card says so): "
                                              "4 copies of 'Harbor Patrolman' (at most 2).", ("AG01",), 4)]


@pytest.mark.parametrize("domains", [{}, {"DM01": 1, "DM02": 1}, {"DM01": 2, "DM02": 1, "DM03": 1}])
def test_cc_2_2_exactly_three_domains(domains):
    violations = validate_deck(_deck(_legal_main(), domains))
    n = sum(domains.values())
    assert violations == [Violation("CC-2.2", f"each player has exactly 3 domain cards: there are {n}, not 3 in "
                                              "the domains section.", (), n)]


def test_cc_2_2_the_domain_cards_must_be_domains():
    violations = validate_deck(_deck(_legal_main(), {"DM01": 1, "DM02": 1, "AG01": 1}))
    assert violations == [Violation("CC-2.2", "the domain cards must be domains: 'Harbor Patrolman' is a character "
                                              "in the domains section.", ("AG01",))]


def test_cc_2_8_an_unknown_card_is_named():
    violations = validate_deck(_deck({**_legal_main(), "ZZ99": 1}))
    assert violations == [Violation("CC-2.8", "every card must be in the card pool: 'ZZ99' (the deck) is not.",
                                    ("ZZ99",))]


def test_cc_2_8_every_violation_is_reported_at_once():
    main = {"AG01": 6, "ST01": 1, "ZZ99": 1}
    violations = validate_deck(_deck(main, {"DM01": 1}))
    assert sorted(_rules(violations)) == ["CC-2.1", "CC-2.1", "CC-2.2", "CC-2.3", "CC-2.8"]


def test_cc_2_5_story_set_violations():
    core = list(load_pool().story_sets["core"])
    assert _rules(validate_story_set(core[:9])) == ["CC-2.5"]
    assert "there are 9, not 10" in validate_story_set(core[:9])[0].message
    repeated = validate_story_set(core[:9] + [core[0]])
    assert repeated == [Violation("CC-2.5", "the stories of a story set all have different titles: "
                                            "'The Drowned Bell of Innsmouth' appears 2 times in the deck.",
                                  (core[0],), 2)]
    not_story = validate_story_set(core[:9] + ["AG01"])
    assert not_story == [Violation("CC-2.5", "the story deck holds story cards only: 'Harbor Patrolman' is a "
                                             "character in the deck.", ("AG01",))]


def test_cc_2_8_a_game_names_each_players_deck_and_the_story_set():
    decks = ready_decks()
    short = Deck("Short", {"AG01": 4}, {DOMAINS: DOMAIN_IDS})
    story = list(load_pool().story_sets["core"])[:8]
    violations = validate_game([decks["badge_and_lamp"], short], story)
    assert [(v.rule_id, v.message.split(":")[0]) for v in violations] == [("CC-2.1", "Short"),
                                                                            ("CC-2.5", "story set")]


# ---- the deck-list file ------------------------------------------------------------------------


def _write(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "deck.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


def test_cc_2_a_deck_list_names_cards_by_id_or_title(tmp_path):
    path = _write(tmp_path, {"name": "Mixed", "description": "ids and titles",
                             "cards": {"AG01": 2, "Harbor Patrolman": 1, "Graduate Archivist": 3},
                             "domains": ["DM01", "Warehouse on Water Street", "DM03"]})
    deck = load_deck_list(path)
    assert deck.main == {"AG01": 3, "MU01": 3}
    assert deck.sides[DOMAINS] == {"DM01": 1, "DM02": 1, "DM03": 1}
    assert deck.name == "Mixed" and deck.description == "ids and titles"


def test_cc_2_unknown_cards_in_a_deck_list_are_all_named_with_suggestions(tmp_path):
    path = _write(tmp_path, {"name": "Typos", "cards": {"Harbour Patrolman": 4, "AG01": 1, "Nobody At All": 1},
                             "domains": ["DM01", "DM02", "Warehouse on Water Stret"]})
    with pytest.raises(CardDataError) as err:
        load_deck_list(path)
    lines = str(err.value).splitlines()
    assert lines == [f"{path}: cards: 'Harbour Patrolman' is not a card in the pool (did you mean 'Harbor Patrolman'?)",
                     f"{path}: cards: 'Nobody At All' is not a card in the pool",
                     f"{path}: domains: 'Warehouse on Water Stret' is not a card in the pool (did you mean "
                     "'Warehouse on Water Street'?)"]


@pytest.mark.parametrize(("data", "words"), [
    ({"name": "X", "cards": {"AG01": 0}, "domains": []}, "'AG01' has 0 copies (at least 1)"),
    ({"name": "X", "cards": {"AG01": "4"}, "domains": []}, "field 'cards.AG01': Input should be a valid integer"),
    ({"name": "X", "cards": {"AG01": 4}, "domains": [], "sideboard": {}}, "field 'sideboard': unknown key"),
    ({"cards": {"AG01": 4}, "domains": []}, "field 'name': Field required"),
    ({"name": "X", "cards": {"AG01": 4}}, "field 'domains': Field required"),
])
def test_cc_2_a_malformed_deck_list_is_refused_naming_the_field(tmp_path, data, words):
    path = _write(tmp_path, data)
    with pytest.raises(CardDataError) as err:
        load_deck_list(path)
    assert str(err.value).startswith(f"{path}: ") and words in str(err.value), str(err.value)


# ---- the generic deck rules (no game noun) -----------------------------------------------------

TOY = {
    "a": {"title": "Alpha", "type": "unit", "colour": "red", "burst": True},
    "a2": {"title": "Alpha", "type": "unit", "colour": "red", "burst": False, "limit": 1},
    "b": {"title": "Beta", "type": "unit", "colour": "blue", "burst": False},
    "c": {"title": "Gamma", "type": "unit", "colour": "none", "burst": True},
    "L": {"title": "Leader", "type": "leader", "colour": ["red", "green"]},
}


def test_deckrules_count_with_an_attribute_exactly_and_at_least():
    rules = DeckRules((CountWith("X-1", "exactly 3 burst cards", "burst", frozenset({True}), exactly=3),
                       CountWith("X-2", "at least 2 blue cards", "colour", frozenset({"blue"}), at_least=2)))
    deck = Deck("d", {"a": 2, "b": 1, "c": 2})
    assert rules.validate(deck, TOY) == [
        Violation("X-1", "exactly 3 burst cards: there are 4, not 3 in the deck.", (), 4),
        Violation("X-2", "at least 2 blue cards: there are only 1 (at least 2) in the deck.", (), 1)]
    assert rules.validate(Deck("d", {"a": 2, "b": 2, "c": 1}), TOY) == []
    assert rules.rule_ids() == ["X-1", "X-2"]


def test_deckrules_copies_by_title_with_a_per_card_lower_limit():
    rule = MaxCopies("X-3", "copies", limit=3, per_card_attr="limit")
    assert rule.check(Deck("d", {"a": 2, "a2": 1}), TOY) == [
        Violation("X-3", "copies: 3 copies of 'Alpha' (at most 1).", ("a", "a2"), 3)]  # a2 lowers the title's limit
    assert rule.check(Deck("d", {"a": 3}), TOY) == []


def test_deckrules_copies_by_card_number_name_the_card_in_words():
    """D-WEB-38 (MA-2.3's form): a limit counted by card number says which card by its printed title too."""
    rule = MaxCopies("X-3", "copies", limit=2, title_attr="id")
    assert rule.check(Deck("d", {"a": 3}), TOY) == [
        Violation("X-3", "copies: 3 copies of 'Alpha' (card number a, at most 2).", ("a",), 3)]
    assert rule.check(Deck("d", {"a": 2}), TOY) == []


def test_deckrules_cards_restricted_by_a_leader():
    rule = MatchesLeader("X-4", "cards share a colour with the leader", "colour", leader_part="leader",
                         free=frozenset({"none"}))
    deck = Deck("d", {"a": 1, "b": 1, "c": 1}, {"leader": {"L": 1}})
    assert rule.check(deck, TOY) == [Violation("X-4", "cards share a colour with the leader: 'Beta' does not match "
                                                      "the leader 'Leader'.", ("b",))]
    assert rule.check(Deck("d", {"b": 1}, {"leader": {}}), TOY) == []  # no leader: PartSize's business


def test_deckrules_side_components_types_size_and_distinct_titles():
    rules = DeckRules((PartSize("X-5", "one leader", part="leader", exactly=1),
                       AllowedValues("X-6", "the leader is a leader", "type", frozenset({"leader"}), part="leader"),
                       PartSize("X-7", "at most 4 cards", at_most=4),
                       DistinctTitles("X-8", "different titles"),
                       KnownCards("X-9")))
    deck = Deck("d", {"a": 1, "a2": 1, "b": 2, "c": 1, "zz": 1}, {"leader": {"b": 1, "L": 1}})
    assert rules.validate(deck, TOY) == [
        Violation("X-5", "one leader: there are 2, not 1 in the leader section.", (), 2),
        Violation("X-6", "the leader is a leader: 'Beta' is a unit in the leader section.", ("b",)),
        Violation("X-7", "at most 4 cards: there are 6 (at most 4) in the deck.", (), 6),
        Violation("X-8", "different titles: 'Alpha' appears 2 times in the deck.", ("a", "a2"), 2),
        Violation("X-8", "different titles: 'Beta' appears 2 times in the deck.", ("b",), 2),
        Violation("X-9", "every card must be in the card pool: 'zz' (the deck) is not.", ("zz",)),
    ]


def test_deckrules_resolve_names_reports_every_unknown_name():
    by_id = {k: k for k in TOY}
    by_title = {"Alpha": "a", "Beta": "b"}
    assert resolve_names({"Alpha": 2, "a": 1, "b": 1}, by_id, by_title) == {"a": 3, "b": 1}
    assert resolve_names(["Beta", "b"], by_id, by_title) == {"b": 2}
    with pytest.raises(UnknownCardError) as err:
        resolve_names({"Alpah": 1, "Omega": 1}, by_id, by_title)
    assert err.value.problems == ["'Alpah' is not a card in the pool (did you mean 'Alpha'?)",
                                  "'Omega' is not a card in the pool"]
