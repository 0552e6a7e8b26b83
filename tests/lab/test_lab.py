"""The balance lab: its schedule, its figures (checked against games with known cards), its report,
and that a run is reproducible on every backend."""

from __future__ import annotations

import re

import pytest

from cardtable.core import SetupError
from cardtable.lab import LabDeck, compute_figures, round_robin
from cardtable.lab.report import render
from cardtable.lab.run import run_lab
from cardtable.sim import GameResult, SeatCards

GAME = "call-of-cthulhu"
DECKS = [LabDeck("A", "A"), LabDeck("B", "B"), LabDeck("C", "C")]


def test_a_round_robin_plays_every_pairing_in_both_seatings() -> None:
    s = round_robin(DECKS, ["random", "random"], "decks")
    assert sorted(s.seats) == sorted([(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)])
    assert [p.options["decks"] for p in s.plans] == [[DECKS[a].option, DECKS[b].option] for a, b in s.seats]
    assert s.games_for(1) == 6 and s.games_for(13) == 18, "rounded up to whole cycles"


def test_two_different_bots_also_swap_so_neither_favours_a_deck() -> None:
    s = round_robin(DECKS[:2], ["random", "heuristic"], "decks")
    seatings = {(p.bot_specs, seats) for p, seats in zip(s.plans, s.seats)}
    assert seatings == {(("random", "heuristic"), (0, 1)), (("random", "heuristic"), (1, 0)),
                        (("heuristic", "random"), (0, 1)), (("heuristic", "random"), (1, 0))}


def test_mirrors_are_optional_and_a_deck_listed_twice_is_refused() -> None:
    assert (0, 0) in round_robin(DECKS, ["random"] * 2, "decks", mirrors=True).seats
    assert (0, 0) not in round_robin(DECKS, ["random"] * 2, "decks").seats
    with pytest.raises(SetupError, match="listed twice: A"):
        round_robin([DECKS[0], DECKS[0]], ["random"] * 2, "decks")
    with pytest.raises(SetupError, match="at least two decks"):
        round_robin(DECKS[:1], ["random"] * 2, "decks")


def _game(plan: int, winner: int | None, cards: list[SeatCards], first: int = 0) -> GameResult:
    return GameResult(seed=plan, winners=[] if winner is None else [winner], scores={}, reason="x", length=100,
                      turns=10, bots=["random", "random"], plan=plan, first=first, cards=cards)


def test_the_figures_count_matchups_first_player_and_cards_as_defined() -> None:
    """Four games between decks A (cards 1, 2) and B (card 3) whose every number is known."""
    s = round_robin(DECKS[:2], ["random", "random"], "decks")
    assert s.seats == ((0, 1), (1, 0))
    a_drew_1 = SeatCards(deck=[1, 2], opening=[1], drawn=[1], played=[1])
    a_drew_2 = SeatCards(deck=[1, 2], opening=[], drawn=[2], played=[])
    b = SeatCards(deck=[3], opening=[3], drawn=[3], played=[3])
    results = [
        _game(0, 0, [a_drew_1, b], first=0),  # A (seat 0) wins, having drawn and played card 1
        _game(0, 0, [a_drew_1, b], first=1),  # again, B went first
        _game(1, 1, [b, a_drew_2], first=0),  # A (seat 1) wins with card 2 only
        _game(1, 0, [b, a_drew_2], first=0),  # B wins
    ]
    fig = compute_figures(GAME, s, results, {1: "One", 2: "Two", 3: "Three"})
    assert (fig.matchups[(0, 1)].wins, fig.matchups[(0, 1)].seats) == (3, 4)
    assert (fig.matchups[(1, 0)].wins, fig.matchups[(1, 0)].seats) == (1, 4)
    assert [r.wins for r in fig.deck_rates] == [3, 1]
    assert fig.first_player is not None and (fig.first_player.wins, fig.first_player.seats) == (2, 4)
    one, two, three = fig.cards
    assert (one.name, one.games, one.drawn.wins, one.drawn.seats) == ("One", 4, 2, 2)
    assert (one.not_drawn.wins, one.not_drawn.seats) == (1, 2)
    assert one.improvement == pytest.approx(0.5)
    assert (one.opening.seats, one.played.seats, two.played.seats) == (2, 2, 0)
    assert (three.drawn.wins, three.drawn.seats) == (1, 4)
    assert one.too_few, "two games say nothing"


def test_a_draw_is_a_win_for_no_one_and_counted_on_its_own() -> None:
    s = round_robin(DECKS[:2], ["random", "random"], "decks")
    cards = [SeatCards([1], [], [], []), SeatCards([3], [], [], [])]
    fig = compute_figures(GAME, s, [_game(0, None, cards), _game(1, 0, cards)], {})
    assert fig.draws == 1 and [r.wins for r in fig.deck_rates] == [0, 1] and [r.seats for r in fig.deck_rates] == [2, 2]


def test_a_run_on_the_ready_decks_is_reproducible_and_the_same_on_processes_and_ray() -> None:
    one = run_lab(GAME, None, 12, ["random"], seed=4)
    again = run_lab(GAME, None, 12, ["random"], seed=4, jobs=2)
    on_ray = run_lab(GAME, None, 12, ["random"], seed=4, jobs=2, backend="ray")
    assert [r.to_dict() for r in one.results] == [r.to_dict() for r in again.results] == [r.to_dict() for r in on_ray.results]
    assert render(one.figures, {}) == render(again.figures, {}) == render(on_ray.figures, {})
    fig = one.figures
    assert fig.games == 12 and len(fig.decks) >= 4 and all(r.seats for r in fig.deck_rates)
    assert sum(r.wins for r in fig.deck_rates) + fig.draws == fig.games
    drawn = [c for c in fig.cards if c.drawn.seats]
    assert drawn and all(c.drawn.seats + c.not_drawn.seats == c.games for c in fig.cards)
    assert {r["name"] for r in fig.ratings["decks"]} == set(fig.decks)


def test_the_report_is_self_contained_and_escapes_every_name() -> None:
    s = round_robin([LabDeck("<script>alert(1)</script>", "x"), LabDeck("B & C", "y")], ["random"] * 2, "decks")
    cards = [SeatCards([1], [1], [1], [1]), SeatCards([2], [], [], [])]
    fig = compute_figures(GAME, s, [_game(0, 0, cards), _game(1, 1, cards)], {1: "<img src=x onerror=y>", 2: "Two"})
    page = render(fig, {"command": "cardtable simulate <x>"})
    assert "<script" not in page.lower() and "<img" not in page.lower()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "B &amp; C" in page
    # nothing is fetched: no src/href attribute, no CSS url(), no @import (the SVG namespace is a name only)
    assert not re.search(r"<[^>]*\b(src|href)\s*=|url\(|@import", page)
    assert page.count("<svg") >= 3


def test_the_most_successful_cards_are_ranked_by_what_drawing_them_changes_not_by_their_decks_strength() -> None:
    """Deck A wins most games. Card 1 (A's) decides them: A wins 9 in 10 when it drew card 1, half
    otherwise. Card 2 (also A's) is drawn in a pattern that has nothing to do with winning. Card 3
    (B's) is drawn half the time. Card 2's win rate when drawn is high only because A is strong."""
    s = round_robin(DECKS[:2], ["random", "random"], "decks")
    results = []
    for k in range(800):
        drew1, drew2, drew3 = k % 2 == 0, (k // 2) % 2 == 0, (k // 4) % 2 == 0
        a_wins = (k // 4) % 10 < 9 if drew1 else (k // 4) % 2 == 0
        a = SeatCards([1, 2], [], [c for c, d in ((1, drew1), (2, drew2)) if d], [])
        b = SeatCards([3], [], [3] if drew3 else [], [])
        plan = k % 2  # plan 0: A at seat 0; plan 1: A at seat 1
        a_seat = 0 if plan == 0 else 1
        results.append(_game(plan, a_seat if a_wins else 1 - a_seat, [a, b] if plan == 0 else [b, a]))
    fig = compute_figures(GAME, s, results, {1: "One", 2: "Two", 3: "Three"})
    by_name = {c.name: c for c in fig.cards}
    assert by_name["Two"].drawn.rate > 0.6, "a strong deck's card wins often when drawn"
    assert [c.name for c in fig.best_cards(1, True)] == ["One"]
    assert "One" not in [c.name for c in fig.best_cards(2, False)]
    assert abs(by_name["Two"].improvement or 0) < 0.1


@pytest.mark.parametrize("game", ["call-of-cthulhu", "mythos"])
def test_the_opening_hand_is_the_first_hand_a_seat_holds_cards_in(game: str) -> None:
    """A seat's opening hand is its hand at its first decision holding cards: Call of Cthulhu deals
    before the first decision, Mythos only after each seat has chosen its investigator side, so taking
    the hand at the very first decision left every Mythos opening hand empty."""
    from cardtable.sim.runner import play_game

    result = play_game(game, 2, ["random", "random"], seed=5, record_cards=True)
    assert result.cards is not None
    for seat in result.cards:
        assert seat.opening, game
        assert set(seat.opening) <= set(seat.drawn) and set(seat.opening) <= set(seat.deck)


def test_the_report_draws_each_card_in_its_declared_colour_with_its_emblem_and_cost() -> None:
    """The card tables show a card as the web table's card component does: the colour its data declares (the
    presentation's palette), the emblem of that colour and the cost; the name stays the figures' own."""
    from cardtable.engine.emblems import emblems
    from cardtable.lab.report import card_marks
    from cardtable.registry import game_facet, load_game

    game = "million-arthur"
    cards = load_game(game).card_catalog()["cards"]
    red = next(c for c in cards if c["colour"] == "red")
    face = game_facet(game, "presentation").PRESENTATION.face
    mark = card_marks(game)[red["index"]]
    assert 'class="card sw-red"' in mark and emblems(face.palette)["red"] in mark
    assert f">{red['cost']}</span>" in mark and "{name}" in mark
    s = round_robin([LabDeck("A", "x"), LabDeck("B", "y")], ["random"] * 2, "decks")
    seat = SeatCards([red["index"]], [red["index"]], [red["index"]], [red["index"]])
    fig = compute_figures(game, s, [_game(0, 0, [seat, seat]), _game(1, 1, [seat, seat])], {red["index"]: "<b>x</b>"})
    page = render(fig, {})
    assert 'class="card sw-red"' in page and "&lt;b&gt;x&lt;/b&gt;" in page and "<b>x</b>" not in page
