"""D-MY-99 (MY-2.1, MY-4.1): a seat may bring another investigator card than its ready deck's; only the
card is chosen at setup, its side is still chosen in secret at the table."""

from __future__ import annotations

import pytest

from cardtable.core import SetupError
from cardtable.games.mythos import GAME

DECKS = ["tide_and_teeth", "lamp_and_ledger", "arcology_signal"]


def _investigators() -> list[str]:
    return [d.id for d in GAME.pool.defs if d.type == "investigator"]


def test_my_2_1_a_chosen_investigator_replaces_the_decks_own_and_the_side_stays_secret_my_4_1() -> None:
    own = GAME.new_game(seed=3, players=3, options={"decks": DECKS})
    other = next(i for i in _investigators() if i != own.card(own.table.cards("inv:1")[0]).id)
    st = GAME.new_game(seed=3, players=3, options={"decks": DECKS, "investigators": [None, other, None]})
    assert st.card(st.table.cards("inv:1")[0]).id == other
    assert st.card(st.table.cards("inv:0")[0]).id == own.card(own.table.cards("inv:0")[0]).id
    assert st.options["decks"][1]["investigator"] == GAME.pool.index(other)  # stored, so replays agree
    assert "investigators" not in st.options
    assert st.vars["side"] == [-1, -1, -1] and st.decision.kind == "choose_side"
    assert GAME.from_dict(st.to_dict()).card(st.table.cards("inv:1")[0]).id == other


@pytest.mark.parametrize(("value", "words"), [
    (["MYC-L05", None, None], "not an investigator card (MY-2.1)"),
    ([None], "one per player (3)"),
    (["no such card", None, None], "investigator 1"),
    ("MYC-I01", "one per player"),
])
def test_my_2_1_a_bad_investigator_choice_is_refused_naming_the_rule(value: object, words: str) -> None:
    with pytest.raises(SetupError, match=words.replace("(", r"\(").replace(")", r"\)")):
        GAME.new_game(seed=3, players=3, options={"decks": DECKS, "investigators": value})
