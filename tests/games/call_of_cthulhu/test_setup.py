"""Setup and deck construction (CC-2, CC-4), through ``new_game`` as a table starts it."""

from __future__ import annotations

from collections import Counter

import pytest

from cardtable.core import SetupError
from cardtable.games.call_of_cthulhu import DEFINITION as GAME
from cardtable.games.call_of_cthulhu.state import CocState
from cardtable.games.call_of_cthulhu.testing import pass_until

DOMAINS = ["The Old Boarding House", "Warehouse on Water Street", "A Chapel Without a Congregation"]


def legal_deck(**extra: int) -> dict[str, object]:
    """A 48-card legal deck of vanilla cards (4 copies of 12 titles)."""
    titles = ["Harbor Patrolman", "Inspector Hale Mercer", "Field Expedition Leader", "Speakeasy Bouncer",
              "Hired Gun From Chicago", "Shrieking Byakhee", "Dark Young Sapling", "Hired Muscle",
              "Travelling Occultist", "Stray Dog", "Armored Car", "Motor Car"]
    cards = {t: 4 for t in titles}
    cards.update(extra)
    return {"name": "test", "cards": cards, "domains": DOMAINS}


def new(seed: int = 3) -> CocState:
    st = GAME.new_game(seed, options={"decks": [legal_deck(), legal_deck()]})
    assert isinstance(st, CocState)
    return st


def test_cc_4_1_to_4_4_shuffle_story_row_domains_and_opening_draw() -> None:
    """CC-4.1 decks shuffled, CC-4.2 three stories revealed, CC-4.3 domains, CC-4.4 eight cards drawn."""
    st = new()
    t = st.table
    for p in (0, 1):
        assert len(t.cards(f"hand:{p}")) == 8
        assert len(t.cards(f"deck:{p}")) == 48 - 8
        assert [st.resource_count(p, d) for d in range(3)] == [0, 0, 0]
    assert all(len(t.cards(f"row:{s}")) == 1 for s in range(3))
    assert len(t.cards("story_deck")) == 7
    decks = [tuple(t.defn[i] for i in new(seed).table.cards("deck:0")) for seed in (3, 4)]
    assert decks[0] != decks[1], "another seed shuffles differently (CC-4.1)"


def test_cc_4_5_opening_resources_are_chosen_secretly_and_revealed_together() -> None:
    """CC-4.5 / D-05: 3 cards to 3 domains, one each; seat 1 cannot see seat 0's choice before revealing."""
    st = new()
    d = st.decision
    assert d is not None and d.kind == "opening_resources"
    first = d.player
    hand = list(st.table.cards(f"hand:{first}"))
    for c in hand[:3]:
        st.apply(next(o for o in st.legal_actions() if o.get("card") == c))
    other = 1 - first
    assert st.decision is not None and st.decision.player == other
    assert all(st.table.cards(f"res:{first}:{k}") == [] for k in range(3)), "nothing placed before both chose"
    assert str(hand[0]) not in str(st.view(other).get("secrets")), "seat 0's picks are hidden from seat 1"
    for c in list(st.table.cards(f"hand:{other}"))[:3]:
        st.apply(next(o for o in st.legal_actions() if o.get("card") == c))
    pass_until(st, "resource")  # W-REFRESH and the first draw
    for p, picks in ((first, hand[:3]), (other, None)):
        assert [len(st.table.cards(f"res:{p}:{k}")) for k in range(3)] == [1, 1, 1]
        assert len(st.table.cards(f"hand:{p}")) == 5 + (1 if p == st.active_player() and st.vars["turn"] == 1 else 0)
    assert [st.table.cards(f"res:{first}:{k}")[0] for k in range(3)] == hand[:3], "first pick → domain 1, …"
    assert any(e["kind"] == "resources_revealed" for e in st.log(None))


def test_cc_4_6_to_4_8_no_mulligan_random_first_player_and_turn_one_refresh() -> None:
    """CC-4.6 no mulligan; CC-4.7 first player at random (both seats occur); CC-4.8 turn 1, no tokens, undrained."""
    firsts = set()
    for seed in range(8):
        st = new(seed)
        assert st.decision is not None and st.decision.kind == "opening_resources", "no mulligan decision"
        while st.decision is not None and st.decision.kind == "opening_resources":
            st.apply(st.legal_actions()[0])
        firsts.add(st.vars["first"])
        assert st.vars["turn"] == 1 and st.vars["active"] == st.vars["first"]
        assert st.vars["tokens"] == [0] * 6 and st.vars["drained"] == [0] * 6
        assert all(st.table.cards(f"won:{p}") == [] for p in (0, 1))
    assert firsts == {0, 1}


def test_cc_2_1_too_few_cards_and_non_deck_cards_are_refused_naming_each_rule() -> None:
    """CC-2.1, CC-2.8: under 47 cards, or a story in the deck: the game does not start, every rule named."""
    deck = legal_deck(**{"The Drowned Bell of Innsmouth": 1})
    deck["cards"] = {k: v for k, v in deck["cards"].items() if k not in ("Motor Car", "Armored Car")}  # type: ignore[union-attr]
    with pytest.raises(SetupError) as e:
        GAME.new_game(1, options={"decks": [deck, legal_deck()]})
    msg = str(e.value)
    assert "CC-2.8" in msg and msg.count("CC-2.1") == 2 and "41" in msg and "The Drowned Bell of Innsmouth" in msg


def test_cc_2_2_and_2_3_domain_count_and_copy_limit() -> None:
    """CC-2.2 exactly 3 domains; CC-2.3 at most 4 copies of a title; both named at once (CC-2.8)."""
    deck = legal_deck(**{"Stray Dog": 5})
    deck["domains"] = DOMAINS[:2]
    with pytest.raises(SetupError) as e:
        GAME.new_game(1, options={"decks": [legal_deck(), deck]})
    msg = str(e.value)
    assert "deck 2" in msg and "CC-2.3" in msg and "Stray Dog" in msg and "CC-2.2" in msg and "deck 1" not in msg


def test_cc_2_4_factions_mix_freely_and_cc_2_5_the_story_deck_is_ten_different_stories() -> None:
    """CC-2.4 a deck of several factions is legal; CC-2.5 the story set is exactly 10 different titles."""
    st = new()
    factions = {st.card(i).faction for i in st.table.cards("deck:0") + st.table.cards("hand:0")}
    assert len(factions) >= 5
    stories = [st.card(i).title for z in ["story_deck", "row:0", "row:1", "row:2"] for i in st.table.cards(z)]
    assert len(stories) == 10 == len(set(stories))
    assert Counter(st.card(i).type for i in st.table.cards("story_deck")) == {"story": 7}
    with pytest.raises(SetupError, match="unknown story set"):
        GAME.new_game(1, options={"decks": [legal_deck(), legal_deck()], "story_set": "nope"})
