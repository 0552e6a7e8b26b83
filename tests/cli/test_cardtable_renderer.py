"""The shared terminal card table (``cardtable.tui.cardtable``) on Call of Cthulhu, the first game that
declares a presentation: regions, tokens and marks are drawn from the view, hidden cards stay hidden,
and choices and log lines read as words."""

from __future__ import annotations

import io
import random
import re
from functools import lru_cache

import pytest
from rich.console import Console

import cardtable
from cardtable.bots import make_bot
from cardtable.core import Rng
from cardtable.engine import EXHAUSTED
from cardtable.engine.presentation import CardFace, CardMark, Presentation, Region, Target
from cardtable.games.call_of_cthulhu.state import INSANE
from cardtable.tui import get_renderer, seat_names
from cardtable.tui.cardtable import CardTableRenderer
from cardtable.tui.generic import Renderer

GAME = "call-of-cthulhu"


def _text(renderable, width: int = 120) -> str:
    buf = io.StringIO()
    Console(file=buf, width=width, color_system=None).print(renderable)
    return buf.getvalue()


@lru_cache(maxsize=None)
def _played(seed: int, bots: str = "heuristic") -> list:
    """Every state of one seeded bot game (a copy at each decision), in order."""
    game = cardtable.load_game(GAME)
    st = game.new_game(seed=seed)
    players = {p: make_bot(bots, GAME, seed=seed * 10 + p) for p in range(2)}
    rng = Rng(seed)
    states = []
    while not st.is_terminal:
        states.append(game.from_dict(st.to_dict()))
        d = st.decision
        st.apply(players[d.player].act(st.view(d.player), d, rng))
    states.append(st)
    return states


def _titles(defns) -> set[str]:
    catalog = cardtable.load_game(GAME).card_catalog()["cards"]
    return {catalog[d]["title"] for d in defns}


def test_the_game_gets_the_shared_card_table_and_a_tui_facet_wins() -> None:
    assert isinstance(get_renderer(GAME), CardTableRenderer)
    assert not isinstance(get_renderer("two-mists"), CardTableRenderer)  # its own tui facet
    assert type(get_renderer("no-such-game")) is Renderer


@pytest.mark.parametrize("step", [0, 25, 60, 120])
def test_a_view_shows_every_region_the_tokens_and_both_banners(step: int) -> None:
    states = _played(3)
    st = states[min(step, len(states) - 1)]
    view = st.view(0)
    out = _text(get_renderer(GAME).render_view(view, seat_names(2, 0)))
    for word in ("Story 1", "Story 2", "Story 3", "Domain 1", "Domain 3", "In play", "Hand", "Deck", "Discard",
                 "Stories won", "Story deck", "stories won", "needed 3"):
        assert word in out, word
    assert out.index("Seat 1") < out.index("Story 1") < out.rindex("You")  # opponent on top, you at the bottom
    tokens = view["info"]["stories"]
    for i, story in enumerate(tokens):
        assert f"You: tokens {story['tokens'][0]}" in out and f"Seat 1: tokens {story['tokens'][1]}" in out, i
    hand = [c for c in view["zones"]["hand:1"]]
    assert f"{len(hand)} hidden" in out  # the opponent's hand: backs and a count
    for cid in view["zones"]["hand:0"]:
        assert f"#{cid} " in out  # your own hand face up


def _find(pred, seeds=range(1, 12)):
    for seed in seeds:
        for st in _played(seed):
            if pred(st):
                return st
    raise AssertionError("no such state in the sample games")


@pytest.mark.parametrize("mark,pred", [
    ("[exhausted]", lambda st, v: any(st.table.flags[i] & EXHAUSTED for i in st.table.cards("play:0"))),
    ("[insane]", lambda st, v: any(st.table.flags[i] & INSANE for i in st.table.cards("play:1"))),
    ("[wounds", lambda st, v: any((c.get("wounds") or 0) > 0 for c in v["info"]["characters"].values())),
    ("└ #", lambda st, v: any(e["host"] >= 0 for e in v["cards"].values())),
    ("committed)", lambda st, v: any(c.get("story") is not None for c in v["info"]["characters"].values())),
])
def test_card_marks_attachments_and_committed_cards_are_drawn(mark: str, pred) -> None:
    """Exhausted (turned) and insane (CC-9) cards, wounds, attachments under their host and cards
    committed to a story (CC-8) all show on the table as the view has them."""
    st = _find(lambda s: pred(s, s.view(0)))
    out = _text(get_renderer(GAME).render_view(st.view(0), seat_names(2, 0)))
    assert mark in out


def test_a_committed_card_sits_at_its_story_and_not_twice() -> None:
    st = _find(lambda s: any(c.get("story") is not None for c in s.view(0)["info"]["characters"].values()))
    view = st.view(0)
    out = _text(get_renderer(GAME).render_view(view, seat_names(2, 0)))
    committed = [int(k) for k, c in view["info"]["characters"].items() if c.get("story") is not None]
    for cid in committed:
        assert out.count(f"#{cid} ") == 1
    assert "shown in the middle of the table" in out


def _hidden_titles_leak(st, seat: int, width: int) -> list[str]:
    """Titles of cards ``seat`` may not see that appear in its rendered table (titles it can see, in any
    zone, are taken out of the text first: a second copy may be public)."""
    table = st.table
    hidden = {table.defn[i] for i in range(len(table.defn)) if not table.face_visible(i, seat)}
    seen = {table.defn[i] for i in range(len(table.defn)) if table.face_visible(i, seat)}
    out = _text(get_renderer(GAME).render_view(st.view(seat), seat_names(2, seat)), width)
    flat = " ".join(out.split())
    for title in sorted(_titles(seen), key=len, reverse=True):
        flat = flat.replace(title, "")
    return [t for t in _titles(hidden - seen) if t in flat]


def test_no_hidden_card_title_is_ever_drawn() -> None:
    """Property over random states of random games: the seat's render never names a card it may not see
    (the opponent's hand and both decks)."""
    rng = random.Random(11)
    checked = 0
    for seed in rng.sample(range(100, 400), 6):
        states = _played(seed, "random")
        for st in rng.sample(states, min(6, len(states))):
            for seat in (0, 1):
                assert _hidden_titles_leak(st, seat, 200) == [], (seed, seat)
                checked += 1
    assert checked >= 60


def test_the_leak_check_would_catch_a_leak() -> None:
    """The property can fail: a renderer that draws the opponent's hand face up is caught."""
    st = _find(lambda s: len(s.table.cards("hand:1")) > 0)
    leaky = dict(st.view(0))
    cards = dict(leaky["cards"])
    for i in st.table.cards("hand:1"):
        cards[str(i)] = {"defn": st.table.defn[i], "owner": 1, "ctrl": 1, "flags": 0, "host": -1, "known": 0}
    leaky["cards"] = cards
    leaky["zones"] = {**leaky["zones"], "hand:1": list(st.table.cards("hand:1"))}
    out = _text(get_renderer(GAME).render_view(leaky, seat_names(2, 0)), 200)
    assert any(t in out for t in _titles(st.table.defn[i] for i in st.table.cards("hand:1")))


def test_choices_name_cards_and_one_based_places() -> None:
    renderer = get_renderer(GAME)
    kinds = set()
    for st in _played(5):
        d = st.decision
        if d is None:
            continue
        view = st.view(d.player)
        for action in d.options:
            text = renderer.describe_action(action, view, seat_names(2, d.player))
            assert "=" not in text and "{" not in text
            params = dict(action.params)
            if "card" in params and str(params["card"]) in view["cards"]:
                defn = view["cards"][str(params["card"])]["defn"]
                assert renderer.catalog[defn]["title"] in text
            if "story" in params:
                assert f"Story {params['story'] + 1}" in text
            if "domain" in params:
                assert f"Domain {params['domain'] + 1}" in text
            kinds.add(action.kind)
    assert {"commit", "resource", "play"} <= kinds


def test_log_lines_are_sentences_and_hidden_draws_name_no_card() -> None:
    st = _played(5)[-1]
    renderer = get_renderer(GAME)
    lines = [renderer.describe_event(e, seat_names(2, 0)) for e in st.log(0)]
    assert any(re.fullmatch(r"You draw .+", line) and line != "You draw a card" for line in lines)
    assert "Seat 1 draws a card" in lines
    assert not any("{" in line or "'kind'" in line for line in lines)
    # Printed together (a whole log), the draws of one seat in a row read as one line.
    log = st.log(0)
    grouped = renderer.describe_events(log, seat_names(2, 0), log=log, view=st.view(0))
    assert any(t is not None and re.fullmatch(r"Seat 1 draws \d+ cards", t) for t in grouped)
    assert sum(t is None for t in grouped) > 0 and len(grouped) == len(log)


def test_card_text_on_request_shows_only_what_the_seat_sees() -> None:
    st = _find(lambda s: len(s.table.cards("hand:1")) > 0 and len(s.table.cards("hand:0")) > 0)
    view = st.view(0)
    renderer = get_renderer(GAME)
    game = cardtable.load_game(GAME)
    mine = st.table.cards("hand:0")[0]
    out = _text(renderer.answer_query(f"?{mine}", view, game))
    card = renderer.catalog[st.table.defn[mine]]
    assert card["title"] in out and " ".join(card["text"].split()[:3]) in " ".join(out.split())
    assert _text(renderer.answer_query(f"show {mine}", view, game)) == out
    theirs = st.table.cards("hand:1")[0]
    hidden = _text(renderer.answer_query(f"?{theirs}", view, game))
    assert "not on the table for you to see" in hidden
    assert renderer.catalog[st.table.defn[theirs]]["title"] not in hidden
    assert "Hired Muscle" in _text(renderer.answer_query("show hired mus", view, game))
    assert renderer.answer_query("3", view, game) is None and renderer.answer_query("?", view, game) is None


def test_the_table_works_from_the_declaration_alone() -> None:
    """A made-up declaration (no game noun, different zones) draws through the same code."""
    pres = Presentation(
        regions=(Region("pool", "Pool {n}", "pool:{i}", seat="none", count=2, band="pools"),
                 Region("desk", "Desk", "desk:{p}"), Region("hand", "Hand", "hand:{p}", layout="fan")),
        marks=(CardMark("tired", style="turned", flag=1),),
        face=CardFace(title="name", corner="cost"),
        targets=(Target("card", card=True), Target("pool", region="pool")),
    )
    renderer = CardTableRenderer("made-up", pres)
    renderer.__dict__["catalog"] = {0: {"name": "Lantern", "cost": 2, "text": "Light."},
                                    1: {"name": "Rope", "cost": 1, "text": "Tie."}}
    view = {"seat": 1, "players": 2, "to_act": 1,
            "cards": {"5": {"defn": 0, "flags": 1, "host": -1}, "6": {"defn": 1, "flags": 0, "host": 5}},
            "zones": {"pool:0": [], "pool:1": [], "desk:0": [None], "desk:1": [5, 6], "hand:0": [None, None],
                      "hand:1": []}}
    out = _text(renderer.render_view(view, seat_names(2, 1)))
    assert "Pool 2" in out and "#5 Lantern (2) [tired]" in out and "└ #6 Rope (1)" in out and "2 hidden" in out
    from cardtable.core import Action

    act = Action.from_dict({"player": 1, "kind": "put", "card": 6, "pool": 1})
    assert renderer.describe_action(act, view) == "Put Rope #6 → Pool 2"


def test_sentences_about_you_are_in_the_second_person() -> None:
    renderer = get_renderer(GAME)
    line = renderer.describe_event({"kind": "success_token", "player": 0, "slot": 1, "tokens": 2}, seat_names(2, 0))
    assert line == "You gain a success token at story 2 (2 there now)"
    line = renderer.describe_event({"kind": "milled", "player": 0, "card": 3, "title": "Y"}, seat_names(2, 0))
    assert line == "Y is discarded from the top of your deck"
    line = renderer.describe_event({"kind": "turn", "turn": 4, "player": 1}, seat_names(2, 0))
    assert line == "Turn 4: Seat 1 is the active player"
    line = renderer.describe_event({"kind": "reaction", "player": 0, "card": 3, "title": "X"}, seat_names(2, 0))
    assert line == "You react with X"
