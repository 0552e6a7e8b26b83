"""The ``decklists`` facet the CLI and the web table use (CC-2.1–2.3, CC-2.8)."""

from __future__ import annotations

from pathlib import Path

import pytest

import cardtable
from cardtable.core.errors import CardDataError
from cardtable.registry import game_facet

FACET = game_facet("call-of-cthulhu", "decklists")


def test_every_ready_deck_is_listed_legal_and_playable_by_name_or_value() -> None:
    assert FACET is not None
    decks = FACET.ready_decks()
    assert len(decks) >= 4 and all(d.cards >= 47 and d.summary for d in decks)
    game = cardtable.load_game("call-of-cthulhu")
    for d in decks:
        deck = FACET.load_deck_file(Path(FACET.__file__).parent / "decks" / f"{d.stem}.yaml")
        assert FACET.deck_problems(deck) == []
        st = game.new_game(seed=2, options={FACET.OPTION: [FACET.option_value(deck), d.stem]})
        assert [x["name"] for x in st.options["decks"]] == [d.name, d.name]


def test_CC_2_1_a_short_deck_file_is_read_then_every_problem_is_named(tmp_path: Path) -> None:
    f = tmp_path / "short.yaml"
    f.write_text("name: Short\ncards: {AG01: 6}\ndomains: [AG01]\n", encoding="utf-8")
    problems = FACET.deck_problems(FACET.load_deck_file(f))
    ids = sorted({p.rule_id for p in problems})
    assert ids == ["CC-2.1", "CC-2.2", "CC-2.3"], problems


def test_CC_2_8_an_unknown_card_in_a_deck_file_is_a_clear_error(tmp_path: Path) -> None:
    f = tmp_path / "bad.yaml"
    f.write_text("name: Bad\ncards: {No Such Card: 2}\ndomains: []\n", encoding="utf-8")
    with pytest.raises(CardDataError, match="No Such Card"):
        FACET.load_deck_file(f)


def test_the_shared_conformance_seeds_deal_every_ready_deck() -> None:
    """The suite runs the game over all ready decks: its smallest seed range deals each of them."""
    from cardtable.testing.conformance import seed_count

    game = cardtable.load_game("call-of-cthulhu")
    dealt = {d["name"] for s in seed_count(game, 2, 12) for d in game.new_game(seed=s).options["decks"]}
    assert dealt == {d.name for d in FACET.ready_decks()}


def test_CC_3_1_1_the_outcome_names_decks_only_when_the_table_opened_the_lists() -> None:
    """D-CT-29: the public outcome does not reveal a hidden deck list (a ready deck's name is its list)."""
    import random

    game = cardtable.load_game("call-of-cthulhu")
    for open_lists, expected in ((False, [None, None]), (True, ["Badge and Lamp", "The Yellow Key"])):
        st = game.new_game(seed=5, options={"decks": ["Badge and Lamp", "The Yellow Key"], "open_decklists": open_lists})
        rng = random.Random(5)
        while not st.is_terminal:
            st.apply(rng.choice(st.legal_actions()))
        assert st.outcome is not None and st.outcome.details["decks"] == expected
