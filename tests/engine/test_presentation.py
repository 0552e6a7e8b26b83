"""The declared card-table presentation: paths resolve against views, sentences read as words, and
every registered card game's declaration names only zones its views have."""

from __future__ import annotations

import random

import cardtable
from cardtable.engine.presentation import (
    Counter, Presentation, Region, log_lines, plural, resolve, sentence, you_form, zone_name,
)
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
    assert sentence(pres, {"kind": "drew", "player": 0}, names, str) == "You drew ? in slot ?"  # the log test fails on "?"


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
        # A seat counter may be blank by design outside its moment (a secret choice outside a secret
        # round), so play on until each one has resolved at least once: a path naming nothing never does.
        unseen = {counter.path: counter.label for counter in pres.seat_counters}
        for _ in range(2000):
            view = st.view(0)
            unseen = {path: label for path, label in unseen.items() if resolve(view, path, p=0) is None}
            if not unseen or st.is_terminal:
                break
            st.apply(rng.choice(st.legal_actions()))
        assert not unseen, (game_id, sorted(unseen.values()))


def test_a_region_and_counter_are_plain_values() -> None:
    r = Region("hand", "Hand", "hand:{p}", counters=(Counter("n", "x"),))
    assert zone_name(r.zone, 1, 0) == "hand:1"


def test_card_fields_and_word_lists_read_as_titles_and_words() -> None:
    pres = Presentation(regions=(), sentences={"moved": "{player} moved {cards} past {attacker} ({names}, {hp})"},
                        card_fields=("card", "cards", "attacker"))
    titles = {3: "Ash", 4: "Birch", 9: "Yew"}.__getitem__
    event = {"kind": "moved", "player": 0, "cards": [3, 4], "attacker": 9, "names": ["an_x", "y"], "hp": [20, 19]}
    assert sentence(pres, event, lambda s: f"Seat {s + 1}", titles) == "Seat 1 moved Ash and Birch past Yew (an x and y, 20 and 19)"
    assert sentence(pres, {**event, "cards": []}, lambda s: "S", titles).startswith("S moved nothing past")
    default = Presentation(regions=(), sentences={"moved": "{cards}"})  # only ``card`` names a card by default
    assert sentence(default, {"kind": "moved", "cards": [3]}, str, titles) == "3"
    hidden = Presentation(regions=(), sentences={"moved": "{cards}"}, card_fields=("cards",))
    assert sentence(hidden, {"kind": "moved", "cards": [3, 5, 6]}, str, {3: "Ash"}.get) == "Ash and 2 cards"


def test_of_several_sentences_the_first_whose_fields_the_event_has_is_used() -> None:
    pres = Presentation(regions=(), sentences={"drew": ("{player} drew {names}", "{player} drew {n} card(s)")})
    seat = lambda s: f"Seat {s + 1}"  # noqa: E731
    assert sentence(pres, {"kind": "drew", "player": 0, "names": ["Ash"]}, seat, str) == "Seat 1 drew Ash"
    assert sentence(pres, {"kind": "drew", "player": 0, "n": 2}, seat, str) == "Seat 1 drew 2 card(s)"  # redacted
    assert sentence(pres, {"kind": "drew", "player": 0}, seat, str) == "Seat 1 drew ? card(s)"  # neither: the last
    assert sentence(pres, {"kind": "drew", "player": 0, "names": [], "n": 0}, seat, str) == "Seat 1 drew 0 card(s)"  # empty
    assert pres.to_dict()["sentences"]["drew"] == ["{player} drew {names}", "{player} drew {n} card(s)"]


def test_verbs_agree_with_you_and_other_seats() -> None:
    pres = Presentation(regions=(), sentences={
        "turn": "Turn {turn}: {player:is} the active player",
        "won": "{winner:wins} the {type} struggle ({strength:icon}) against {loser}",
        "deck": "{player's} deck is empty",
        "drew": "{player:draws} {n:card}",
    }, seat_fields=("player", "winner", "loser"))
    you = lambda s: "You" if s == 0 else f"Seat {s}"  # noqa: E731
    assert sentence(pres, {"kind": "turn", "turn": 3, "player": 0}, you, str) == "Turn 3: you are the active player"
    assert sentence(pres, {"kind": "turn", "turn": 3, "player": 2}, you, str) == "Turn 3: Seat 2 is the active player"
    assert sentence(pres, {"kind": "won", "winner": 1, "loser": 0, "type": "Terror", "strength": 3}, you, str) == \
        "Seat 1 wins the Terror struggle (3 icons) against you"
    assert sentence(pres, {"kind": "won", "winner": 0, "loser": 1, "type": "Combat", "strength": 1}, you, str) == \
        "You win the Combat struggle (1 icon) against Seat 1"
    assert sentence(pres, {"kind": "deck", "player": 0}, you, str) == "Your deck is empty"
    assert sentence(pres, {"kind": "deck", "player": 1}, you, str) == "Seat 1's deck is empty"
    assert sentence(pres, {"kind": "drew", "player": 0, "n": 1}, you, str) == "You draw 1 card"
    assert sentence(pres, {"kind": "drew", "player": 1, "n": 2}, you, str) == "Seat 1 draws 2 cards"
    assert [you_form(v) for v in ("draws", "is", "has", "reaches", "passes", "carries", "drew")] == \
        ["draw", "are", "have", "reach", "pass", "carry", "drew"]
    assert [plural(n, k) for n, k in (("card", 2), ("story", 3), ("success token", 2), ("wound", 1))] == \
        ["cards", "stories", "success tokens", "wound"]


def test_repeated_events_are_grouped_into_one_line() -> None:
    pres = Presentation(regions=(), sentences={"drew": ("{player:draws} {card}", "{player:draws} a card"), "x": "X"},
                        groups={"drew": ("{player:draws} {card}", "{player:draws} {count:card}")})
    you = lambda s: "You" if s == 0 else f"Seat {s}"  # noqa: E731
    log = [{"kind": "drew", "player": 0, "card": 3}, {"kind": "drew", "player": 0, "card": 4},
           {"kind": "drew", "player": 1}, {"kind": "drew", "player": 1}, {"kind": "drew", "player": 1},
           {"kind": "x"}, {"kind": "drew", "player": 1}]
    lines = log_lines(pres, log, you, {3: "Ash", 4: "Birch"}.get)
    assert lines == [(0, "You draw Ash"), (0, "You draw Ash and Birch"), (2, "Seat 1 draws a card"),
                     (2, "Seat 1 draws 2 cards"), (2, "Seat 1 draws 3 cards"), (5, "X"), (6, "Seat 1 draws a card")]
    # From the middle of a run: the run's head line is rewritten, unless earlier lines are final.
    assert log_lines(pres, log, you, str, start=3) == [(2, "Seat 1 draws 2 cards"), (2, "Seat 1 draws 3 cards"),
                                                       (5, "X"), (6, "Seat 1 draws a card")]
    assert log_lines(pres, log, you, str, start=3, join_earlier=False)[:2] == [(3, "Seat 1 draws a card"),
                                                                              (3, "Seat 1 draws 2 cards")]


def test_a_running_total_may_differ_within_a_run_and_reads_its_last_value() -> None:
    pres = Presentation(regions=(), sentences={"token": "{player:gains} a token ({tokens} now)"},
                        groups={"token": "{player:gains} {count:token} ({tokens} now)"}, running=("tokens",))
    you = lambda s: "You" if s == 0 else f"Seat {s}"  # noqa: E731
    log = [{"kind": "token", "player": 0, "tokens": 1}, {"kind": "token", "player": 0, "tokens": 2},
           {"kind": "token", "player": 1, "tokens": 1}]
    assert log_lines(pres, log, you, str) == [(0, "You gain a token (1 now)"), (0, "You gain 2 tokens (2 now)"),
                                              (2, "Seat 1 gains a token (1 now)")]
