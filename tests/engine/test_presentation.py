"""The declared card-table presentation: paths resolve against views, sentences read as words, and
every registered card game's declaration names only zones its views have."""

from __future__ import annotations

import random

import cardtable
from cardtable.engine.presentation import Counter, Presentation, Region, resolve, sentence, zone_name
from cardtable.registry import game_facet, game_ids


def test_resolve_reads_keys_and_indices_and_fills_placeholders() -> None:
    view = {"info": {"domains": [[{"resources": 2}], [{"resources": 5}]]}, "vars": {"phase": "draw"}}
    assert resolve(view, "info.domains.{p}.{i}.resources", p=1, i=0) == 5
    assert resolve(view, "vars.phase") == "draw"
    assert resolve(view, "info.domains.7.0.resources") is None
    assert resolve(view, "info.nothing.here") is None
    assert resolve(view, "") is None


def test_sentences_name_seats_and_fall_back_to_plain_words() -> None:
    pres = Presentation(regions=(), sentences={"drew": "{player} drew {title} in slot {slot}"}, one_based=("slot",))
    names = {0: "You", 1: "Bot"}.get
    assert sentence(pres, {"kind": "drew", "player": 1, "title": "X", "slot": 0}, names, str) == "Bot drew X in slot 1"
    assert sentence(pres, {"kind": "odd_thing", "n": 2}, names, str) == "odd thing: n 2"
    assert sentence(pres, {"kind": "drew", "player": 0}, names, str) == "You drew ? in slot ?"


def test_declarations_are_json_and_name_only_zones_the_game_has() -> None:
    for game_id in game_ids():
        facet = game_facet(game_id, "presentation")
        if facet is None:
            continue
        pres: Presentation = facet.PRESENTATION
        assert isinstance(pres.to_dict()["regions"], list)
        game = cardtable.load_game(game_id)
        st = game.new_game(seed=3)
        rng = random.Random(3)
        for _ in range(30):
            st.apply(rng.choice(st.legal_actions()))
        view = st.view(0)
        for region in pres.regions:
            seats = [None] if region.seat == "none" else list(range(st.players))
            for seat in seats:
                for i in range(region.count):
                    assert zone_name(region.zone, seat, i) in view["zones"], (game_id, region.id)
                    for counter in region.counters:
                        assert resolve(view, counter.path, p=seat if seat is not None else 0, i=i) is not None, \
                            (game_id, region.id, counter.label)
        for counter in pres.seat_counters:
            assert resolve(view, counter.path, p=0) is not None, (game_id, counter.label)


def test_a_region_and_counter_are_plain_values() -> None:
    r = Region("hand", "Hand", "hand:{p}", counters=(Counter("n", "x"),))
    assert zone_name(r.zone, 1, 0) == "hand:1"


def test_card_fields_and_word_lists_read_as_titles_and_words() -> None:
    pres = Presentation(regions=(), sentences={"moved": "{player} moved {cards} past {attacker} ({names}, {hp})"},
                        card_fields=("card", "cards", "attacker"))
    titles = {3: "Ash", 4: "Birch", 9: "Yew"}.__getitem__
    event = {"kind": "moved", "player": 0, "cards": [3, 4], "attacker": 9, "names": ["an_x", "y"], "hp": [20, 19]}
    assert sentence(pres, event, lambda s: f"Seat {s + 1}", titles) == "Seat 1 moved Ash, Birch past Yew (an x, y, 20, 19)"
    assert sentence(pres, {**event, "cards": []}, lambda s: "S", titles).startswith("S moved nothing past")
    default = Presentation(regions=(), sentences={"moved": "{cards}"})  # only ``card`` names a card by default
    assert sentence(default, {"kind": "moved", "cards": [3]}, str, titles) == "3"


def test_of_several_sentences_the_first_whose_fields_the_event_has_is_used() -> None:
    pres = Presentation(regions=(), sentences={"drew": ("{player} drew {names}", "{player} drew {n} card(s)")})
    seat = lambda s: f"Seat {s + 1}"  # noqa: E731
    assert sentence(pres, {"kind": "drew", "player": 0, "names": ["Ash"]}, seat, str) == "Seat 1 drew Ash"
    assert sentence(pres, {"kind": "drew", "player": 0, "n": 2}, seat, str) == "Seat 1 drew 2 card(s)"  # redacted
    assert sentence(pres, {"kind": "drew", "player": 0}, seat, str) == "Seat 1 drew ? card(s)"  # neither: the last
    assert pres.to_dict()["sentences"]["drew"] == ["{player} drew {names}", "{player} drew {n} card(s)"]
