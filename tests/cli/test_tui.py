"""Words for every event, action and view: nothing reaches the screen as a raw dict."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.console import Console

import cardtable
from cardtable.core import Rng
from cardtable.tui import describe_action, describe_event, get_renderer, render_view, seat_names
from cardtable.tui.generic import Renderer

GAME_DIR = Path(cardtable.__file__).parent / "games" / "two_mists"
# Values by field name for synthetic events built from the engine's own _log(...) calls.
SAMPLE = {
    "player": 1, "target": 2, "dealer": 3, "start_player": 0, "players": 4, "finisher": 3, "turn": 5,
    "amount": 2, "life": 4, "count": 9, "instance": 7, "slot": "A2", "card": "assault_saint",
    "extra": True, "character": "saint", "centre": "fool", "world": "back", "reason": "turn cap",
    "winners": [0, 2], "at": "centre", "choices": {"0": 1, "1": "centre", "2": 0, "3": 0},
    "characters": {"0": "monster", "1": "knight", "2": "witch", "3": "saint"},
    "action_row": ["attack", "search", "reckless"], "equipment_row": ["grimoire", "holy_poison"],
}


def _logged_kinds() -> dict[str, set[str]]:
    """Every event kind the Two Mists engine can log, with the field names it logs."""
    kinds: dict[str, set[str]] = {}
    for path in GAME_DIR.glob("*.py"):
        src = path.read_text(encoding="utf-8")
        for m in re.finditer(r'_log\(\s*"(\w+)"(.*?)\)\n', src, re.S):
            kinds.setdefault(m.group(1), set()).update(re.findall(r"(\w+)=", m.group(2)))
        for m in re.finditer(r'Event\(\s*"(\w+)",\s*\{(.*?)\}', src, re.S):
            kinds.setdefault(m.group(1), set()).update(re.findall(r'"(\w+)":', m.group(2)))
    return kinds


def _played_events(games: int = 40) -> list[dict]:
    """Events from real random games, as every seat and a spectator see them."""
    game = cardtable.load_game("two-mists")
    out = []
    for seed in range(games):
        players = 3 + seed % 2
        state = game.new_game(seed=seed, players=players, options={"turn_cap": 40} if seed % 5 == 0 else None)
        rng = Rng(seed)
        while not state.is_terminal:
            options = state.legal_actions()
            # Seed 0 mod 5: mostly pass, so games reach the turn cap; others: random.
            if seed % 5 == 0 and any(a.kind == "pass" for a in options):
                action = next(a for a in options if a.kind == "pass") if rng.random() < 0.7 else rng.choice(options)
            else:
                action = rng.choice(options)
            state.apply(action)
        for seat in [None, *range(players)]:
            out.extend(state.log(seat))
    return out


def _assert_words(text: str) -> None:
    assert isinstance(text, str) and text.strip()
    assert "{" not in text and "}" not in text, text
    assert "'kind'" not in text and "kind:" not in text.lower(), text
    assert not re.search(r"\[\s*'", text), text


def test_source_scan_finds_the_known_kinds():
    kinds = _logged_kinds()
    for k in ("game_started", "character_dealt", "turn_started", "card_taken", "damaged", "pointed",
              "pointing_revealed", "passed", "died", "wrath", "characters_revealed", "game_over"):
        assert k in kinds, k


@pytest.mark.parametrize("kind", sorted(_logged_kinds()))
def test_every_logged_event_kind_has_its_own_sentence(kind):
    fields = _logged_kinds()[kind]
    event = {"kind": kind, **{f: SAMPLE.get(f, 1) for f in fields}}
    text = describe_event("two-mists", event, seat_names(4, 2))
    _assert_words(text)
    generic = Renderer().describe_event(event, seat_names(4, 2))
    assert text != generic, f"{kind} falls back to the generic renderer"
    # Redacted forms (what other seats see) also read as sentences.
    _assert_words(describe_event("two-mists", {"kind": kind, "player": 1}, seat_names(4, 0)))


def test_events_from_real_games_render_as_words():
    events = _played_events()
    seen = {e["kind"] for e in events}
    assert {"damaged", "passed", "game_over", "pointing_revealed"} <= seen
    renderer = get_renderer("two-mists")
    for e in events:
        for names in (None, seat_names(4, 0)):
            text = describe_event("two-mists", e, names)
            _assert_words(text)
            assert text != Renderer().describe_event(e, names), e
        assert renderer.event_style(e) is not None


def test_event_wording_uses_you_for_the_viewer():
    names = seat_names(4, 2)
    assert describe_event("two-mists", {"kind": "damaged", "dealer": 1, "target": 2, "amount": 3, "life": 4}, names) == (
        "Seat 1 dealt 3 damage to you (life now 4).")
    assert describe_event("two-mists", {"kind": "turn_started", "turn": 3, "player": 2}, names) == "Turn 3: your turn"
    text = describe_event("two-mists", {"kind": "card_taken", "player": 0, "card": "assault_knight", "slot": "A1",
                                        "instance": 3, "extra": False}, names)
    assert text == "Seat 0 took Assault (not Knight) from A1."


def test_generic_renderer_never_prints_a_dict():
    r = Renderer()
    event = {"kind": "something_odd", "player": 0, "data": {"a": [1, 2]}, "flag": True}
    _assert_words(r.describe_event(event, None))
    assert describe_event("no-such-game", event).startswith("Something odd")


def test_choices_are_described_in_words():
    game = cardtable.load_game("two-mists")
    kinds_seen = set()
    for seed in range(30):
        state = game.new_game(seed=seed, players=4)
        rng = Rng(seed)
        while not state.is_terminal:
            seat = state.to_act
            view = state.view(seat)
            for action in state.legal_actions():
                text = describe_action("two-mists", action, view, seat_names(4, seat))
                _assert_words(text)
                assert "=" not in text, text
                kinds_seen.add(action.kind)
            state.apply(rng.choice(state.legal_actions()))
    assert {"take", "pass", "target", "point"} <= kinds_seen
    state = game.new_game(seed=1, players=4)
    seat = state.to_act
    texts = [describe_action("two-mists", a, state.view(seat), seat_names(4, seat)) for a in state.legal_actions()]
    assert any(t.startswith("Take A") and " — " in t for t in texts)
    assert any(t.startswith("Pass — reveal your character") for t in texts)


def test_point_and_target_wording():
    game = cardtable.load_game("two-mists")
    state = game.new_game(seed=2, players=4)
    from cardtable.core import Action

    view = state.view(state.to_act)
    p = state.to_act
    other = (p + 1) % 4
    centre = describe_action("two-mists", Action(p, "point", (("at", "centre"),)), view, seat_names(4, p))
    assert centre.startswith("Point at the centre card")
    at = describe_action("two-mists", Action(p, "point", (("at", other),)), view, seat_names(4, p))
    assert at == f"Point at seat {other} (life 7)"
    assert not get_renderer("two-mists").action_is_public(Action(p, "point", (("at", other),)))


def test_render_view_shows_own_character_and_hides_others():
    game = cardtable.load_game("two-mists")
    state = game.new_game(seed=3, players=4)
    seat = state.to_act
    console = Console(width=120, record=True)
    console.print(render_view("two-mists", state.view(seat), seat_names(4, seat)))
    text = console.export_text()
    mine = state.view(seat)["you"]["character"]
    assert f"the {mine.capitalize()}" in text
    assert "hidden" in text and "Rows" in text and "Action pile" in text
    others = {c for c in state.to_dict()["chars"]}  # indices, just to be sure the dump works
    assert others
    spectator = Console(width=120, record=True)
    spectator.print(render_view("two-mists", state.view(None), seat_names(4)))
    assert "(secret)" not in spectator.export_text()


def test_generic_renderer_copes_with_a_real_view_and_outcome():
    game = cardtable.load_game("two-mists")
    state = game.new_game(seed=4, players=4)
    rng = Rng(4)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    r = Renderer()
    console = Console(width=100, record=True)
    console.print(r.render_view(state.view(0), seat_names(4, 0)))
    console.print(r.render_outcome(state.outcome, seat_names(4, 0)))
    text = console.export_text()
    assert "Winners" in text and "Players" in text
    assert "{'" not in text
    # the outcome's payoffs read as results (a game's own points are in its details, not this column)
    assert "Result" in text and text.count(" won") == len(state.outcome.winners)


def test_typed_moves():
    from cardtable.core import Action, Decision

    def dec(kind, *opts):
        return Decision(1, kind, "", tuple(opts) or (Action(1, "pass"),))

    r = get_renderer("two-mists")
    assert r.parse_typed_action("a2", 1, dec("choose")) == Action(1, "take", (("slot", "A2"),))
    assert r.parse_typed_action("pass", 1, dec("choose")) == Action(1, "pass")
    assert r.parse_typed_action("centre", 1, dec("point")) == Action(1, "point", (("at", "centre"),))
    assert r.parse_typed_action("seat 2", 1, dec("point")) == Action(1, "point", (("at", 2),))
    assert r.parse_typed_action("seat 2", 1, dec("target")) == Action(1, "target", (("seat", 2),))
    assert r.parse_typed_action("take slot=E1", 1, dec("choose")) == Action(1, "take", (("slot", "E1"),))
    assert r.parse_typed_action("hello there", 1, dec("choose")) is None
    assert r.parse_typed_action("zzz", 1, dec("choose")) is None
    g = Renderer()
    assert g.parse_typed_action("target seat=3", 1, dec("target")) == Action(1, "target", (("seat", 3),))
    assert g.parse_typed_action("pass", 1, dec("choose")) == Action(1, "pass")
    assert g.parse_typed_action("jump", 1, dec("choose")) is None
