"""A decision's screen in ``cardtable play`` fits a 160×50 terminal with the other seats' side in view, for
the three card games (Mythos with two and four players), and stays whole at 80 columns (issue 23).

Seeded games are played through :func:`cardtable.cli.prompt.human_decision` itself, seat 0 choosing as
the heuristic bot would (typing its number), the others heuristic bots, auto-pass as in ``play``; the
screen is what the console holds when the prompt asks. A sample of decisions spread over each game,
and its last ones (the fullest table), is checked."""

from __future__ import annotations

import io
import re
from functools import lru_cache

import pytest
from rich.console import Console

import cardtable
from cardtable.bots import make_bot
from cardtable.cli import app, prompt
from cardtable.cli.prompt import human_decision
from cardtable.cli.screen import choice_lines, passed_note
from cardtable.core import Rng
from cardtable.engine.presentation import zone_name
from cardtable.server.autopass import SeatPrefs, pass_kinds_for
from cardtable.server.autopass import choose as choose_auto
from cardtable.tui import get_renderer, seat_names

CARD_GAMES = [("call-of-cthulhu", 2, 7), ("million-arthur", 2, 6), ("mythos", 2, 1), ("mythos", 4, 6)]
SAMPLE = 40  # decisions checked per game, spread over it, plus its last ones
LAST = 8


class Screens:
    """Seat 0's screens of one seeded game at one console size, with what each one offered."""

    def __init__(self, game_id: str, players: int, seed: int, width: int, height: int = 50) -> None:
        self.game = cardtable.load_game(game_id)
        self.state = self.game.new_game(seed=seed, players=players)
        self.width, self.height = width, height
        self.screens: list[tuple[str, list[str], dict]] = []  # (screen text, numbered choices, seat 0's view)
        self._play(seed)

    def _play(self, seed: int) -> None:
        st, game = self.state, self.game
        n = st.players
        bots = {s: make_bot("heuristic", game.id, seed=seed * 10 + s) for s in range(n)}
        rng = Rng(seed)
        renderer = get_renderer(game.id)
        names = seat_names(n, 0)
        kinds = pass_kinds_for(game.id)
        asked: list[int] = []  # history lengths at seat 0's asked decisions (first pass: count them)
        log_seen, passed = 0, []
        moves: list = []
        while not st.is_terminal:  # a first run finds how many decisions seat 0 is asked, to spread the sample
            d = st.decision
            if d.player == 0 and choose_auto(d, SeatPrefs(), kinds, view=lambda: {}, log_len=lambda: 0,
                                             presentation=None)[0] is None:
                asked.append(len(st.history))
            action = bots[d.player].act(st.view(d.player), d, rng)
            moves.append(action)
            st.apply(action)
        step = max(1, len(asked) // SAMPLE)
        checked = set(asked[::step]) | set(asked[-LAST:])
        st = self.state = game.new_game(seed=st.seed, players=n)
        for action in moves:
            d = st.decision
            if d.player == 0 and len(st.history) in checked:
                self._screen(st, renderer, names, log_seen, passed, list(d.options).index(action) + 1)
                log_seen, passed = len(st.log(0)), []
                continue
            if d.player == 0:
                auto = choose_auto(d, SeatPrefs(), kinds, view=lambda: {}, log_len=lambda: 0, presentation=None)[0]
                if auto is not None:
                    passed.append(f"{d.prompt}: {renderer.describe_action(auto, st.view(0), names)}")
                else:
                    log_seen, passed = len(st.log(0)), []
            st.apply(action)

    def _screen(self, st, renderer, names, log_seen, passed, number: int) -> None:
        buf = io.StringIO()
        console = Console(file=buf, width=self.width, height=self.height, record=True, color_system=None)
        view = st.view(0)
        described = [renderer.describe_action(a, view, names) for a in st.decision.options]
        typed = str(number)
        seen: list[str] = []

        def ask(con, hint: str) -> str:
            con.print(hint, end="")
            seen.append(con.export_text())
            return typed

        before = len(st.history)
        old = prompt._ask
        prompt._ask = ask
        try:
            human_decision(console, st, 0, names, renderer, self.game, log_seen, passed)
        finally:
            prompt._ask = old
        assert len(st.history) == before + 1, "the typed number was not taken"
        self.screens.append((seen[0], described, view))


@lru_cache(maxsize=None)
def _screens(game_id: str, players: int, seed: int, width: int) -> Screens:
    return Screens(game_id, players, seed, width)


@pytest.mark.parametrize("game_id,players,seed", CARD_GAMES)
def test_every_screen_fits_160_by_50_with_the_other_side_on_top(game_id, players, seed) -> None:
    """Each checked screen, down to its prompt line, is at most 50 lines of at most 160 columns; every
    other seat's name line is on it, above the viewer's; every choice's number is on it."""
    run = _screens(game_id, players, seed, 160)
    assert len(run.screens) >= 20
    for text, described, view in run.screens:
        lines = text.split("\n")
        assert len(lines) <= 50, "\n".join(lines)
        assert max(len(line) for line in lines) <= 160
        own = next(k for k, line in enumerate(lines) if re.match(r"^ You +", line))
        for seat in range(1, players):
            top = next((k for k, line in enumerate(lines) if re.match(rf"^ Seat {seat} +", line)), None)
            assert top is not None and top < own, (seat, text)
        assert lines[-1].startswith(f"Your choice [1-{len(described)},")
        for k in range(1, len(described) + 1):
            assert re.search(rf"(^|\s){k}\) ", text), (k, text)
        for title in _areas_with_cards(run.game.id, view, players):
            assert re.search(rf"(^| ){re.escape(title)}( |$)", text, re.M), (title, text)


@pytest.mark.parametrize("game_id,players,seed", CARD_GAMES)
def test_at_80_columns_nothing_is_cut(game_id, players, seed) -> None:
    """At 80 columns no line is wider, every card on the board reads with its whole title (``#id Title``;
    a choice's ``Title #id`` may wrap between the whole title and its id), and every choice is there in
    full (perhaps wrapped between words)."""
    run = _screens(game_id, players, seed, 80)
    renderer = get_renderer(game_id)
    defn = run.state.table.defn
    for text, described, _ in run.screens:
        lines = text.split("\n")
        assert max(len(line) for line in lines) <= 80, text
        assert "…" not in text
        for k, line in enumerate(lines):
            for m in re.finditer(r"#(\d+)( |$)", line):
                cid = int(m.group(1))
                title = renderer.title_of(renderer.catalog[defn[cid]])
                before = line[:m.start()]
                # a choice wrapped between a whole title and its id: the id starts the next line
                wrapped = not before.strip() and k > 0 and lines[k - 1].rstrip().endswith(title)
                assert line[m.end():].startswith(title) or _ends_with_title(before, title) or wrapped, (title, line)
        flat = " ".join(text.split())
        for words in described:
            assert " ".join(words.split()) in flat, words


def _areas_with_cards(game_id: str, view: dict, players: int) -> set[str]:
    """The titles of every seat's card rows (in play, hand ...) that hold a card: the board leaves out only
    empty ones (and draws decks, piles and hidden hands as counts on the seat's line)."""
    renderer = get_renderer(game_id)
    names = seat_names(players, 0)
    out = set()
    for region in renderer.pres.regions:
        if region.seat != "each" or region.layout != "row":
            continue
        for seat in range(players):
            for i in range(region.count):
                if renderer.zone_cards(view, zone_name(region.zone, seat, i)):
                    out.add(renderer.region_title(region, seat, i, names))
    return out


def _ends_with_title(before: str, title: str) -> bool:
    """``Title #id`` (a choice): the title whole before the id, or its last words at the start of a line
    that a choice wrapped onto."""
    before = before.rstrip()
    words = title.split()
    if before.endswith(title):
        return True
    return any(before.strip() == " ".join(words[k:]) for k in range(1, len(words)))


def test_two_digit_choices_are_typed_as_two_digits() -> None:
    """A decision with twelve choices or more: typing "12" takes the twelfth (and the screen lists it)."""
    for game_id, players, seed in CARD_GAMES:
        run = _screens(game_id, players, seed, 160)
        for text, described, _ in run.screens:
            if len(described) >= 12:
                break
        else:
            continue
        break
    else:
        pytest.fail("no sample screen offered twelve choices")
    game = cardtable.load_game(game_id)
    st = game.new_game(seed=seed, players=players)
    # replay to the first decision of seat 0 with twelve choices or more, then type 12
    bots = {s: make_bot("heuristic", game.id, seed=seed * 10 + s) for s in range(players)}
    rng = Rng(seed)
    while not (st.decision.player == 0 and len(st.decision.options) >= 12):
        d = st.decision
        st.apply(bots[d.player].act(st.view(d.player), d, rng))
    want = st.decision.options[11]
    renderer = get_renderer(game.id)
    names = seat_names(players, 0)
    buf = io.StringIO()
    console = Console(file=buf, width=160, height=50, color_system=None)
    old = prompt._ask
    prompt._ask = lambda con, hint: "12"
    try:
        human_decision(console, st, 0, names, renderer, game, 0)
    finally:
        prompt._ask = old
    assert st.history[-1] == want
    assert "12) " in buf.getvalue()


@pytest.mark.parametrize("game_id,players,seed", CARD_GAMES)
def test_play_through_the_cli_at_160_by_50(runner, in_tmp, monkeypatch, game_id, players, seed) -> None:
    """``cardtable play`` itself (typing 1 at 150 decisions, then the input ends and the game is saved) with
    COLUMNS=160 and LINES=50: from the line after "You chose" to the prompt, each screen is at most 50
    lines of at most 160 columns and begins with the other seats' side."""
    monkeypatch.setenv("COLUMNS", "160")
    monkeypatch.setenv("LINES", "50")
    result = runner.invoke(app, ["play", game_id, "--players", str(players), "--seat", "0", "--bots", "heuristic",
                                 "--seed", str(seed)], input="1\n" * 150)
    assert result.exit_code == 0, result.output
    lines = result.output.split("\n")
    prompts = [k for k, line in enumerate(lines) if line.startswith("Your choice [1-")]
    assert len(prompts) >= 30
    for a, b in zip(prompts, prompts[1:]):
        assert lines[a + 1].startswith("You chose: ")
        screen = lines[a + 2:b + 1]
        assert len(screen) <= 50, "\n".join(screen)
        assert max(len(line) for line in screen) <= 160
        assert any(re.match(r"^ Seat 1 +", line) for line in screen[:4]), "\n".join(screen)


def test_choices_in_columns_are_numbered_down_each_column() -> None:
    """Many short choices: side by side, 1..k down the first column; each number once."""
    buf = io.StringIO()
    console = Console(file=buf, width=80, color_system=None)
    console.print(choice_lines([f"Pick card {k}" for k in range(1, 15)], 80))
    rows = buf.getvalue().rstrip("\n").split("\n")
    assert len(rows) < 14 and all(len(r) <= 80 for r in rows)
    assert rows[0].split()[0] == "1)" and rows[1].split()[0] == "2)"
    numbers = [int(n) for n in re.findall(r"(\d+)\) Pick", buf.getvalue())]
    assert sorted(numbers) == list(range(1, 15))
    buf = io.StringIO()
    Console(file=buf, width=80, color_system=None).print(choice_lines(["Pass", "Play"], 80))
    assert buf.getvalue() == "  1) Pass\n  2) Play\n"  # few choices: one a line


def test_many_auto_passes_read_as_one_line() -> None:
    assert [t.plain for t in passed_note(["A: Pass", "B: Pass"])] == ["(passed for you) A: Pass",
                                                                       "(passed for you) B: Pass"]
    assert [t.plain for t in passed_note(["A: Pass"] * 5 + ["B: Pass"])] == ["(passed for you ×6, the last: B: Pass)"]


def test_the_help_says_how_to_type_choices_from_10_on(runner, in_tmp) -> None:
    """``play --help``, the opening panel and the in-game help (``h``) say a choice is its number then Enter,
    12 for choice 12."""
    flat = " ".join(runner.invoke(app, ["play", "--help"]).output.replace("│", " ").split())
    assert "type the number of a choice and press Enter (12 for choice 12)" in flat
    out = runner.invoke(app, ["play", "call-of-cthulhu", "--seat", "0", "--seed", "2"], input="h\nq\n").output
    flat = " ".join(out.replace("│", " ").split())
    assert "two digits from 10 on: 12 is choice 12" in flat
    assert " ".join(prompt.HOW_TO_CHOOSE.split()) in flat
