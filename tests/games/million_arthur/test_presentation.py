"""The Million Arthur table as the shared renderers draw it (``presentation.py``): the MA-4.1 areas,
current knight values (MA-14.1), face-down chain cards hidden from who does not know them (MA-14.4),
the secret deployment shown to the other seat only as committed (MA-14.5), and every log event in
words. The terminal renderer stands in for both: the browser reads the same declaration."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

from rich.console import Console

import cardtable
from cardtable.games.million_arthur import GAME
from cardtable.games.million_arthur.presentation import PRESENTATION
from cardtable.games.million_arthur.testing import build
from cardtable.registry import game_facet
from cardtable.testing.conformance import playouts, seed_count
from cardtable.tui import get_renderer
from cardtable.tui.cardtable import CardTableRenderer

SMUGGLER = "Cellar Smuggler"  # rest: the top card of your deck goes to your chain face down
PACKAGE = Path(cardtable.__file__).parent / "games" / "million_arthur"
ENGINE_EVENTS = {"cancelled", "conceded"}
SECRET_EVENTS = {"first_step_revealed", "second_step_revealed"}  # rules.py: f"{stage}_step_revealed"


def _text(renderable) -> str:
    buf = io.StringIO()
    Console(file=buf, width=200, color_system=None).print(renderable)
    return buf.getvalue()


def _renderer() -> CardTableRenderer:
    r = get_renderer(GAME.info.id)
    assert isinstance(r, CardTableRenderer)
    return r


def test_the_game_is_registered_with_its_facets() -> None:
    assert GAME.info.id in cardtable.registry.game_ids() and cardtable.load_game("million-arthur") is GAME
    assert game_facet(GAME.info.id, "presentation").PRESENTATION is PRESENTATION
    assert game_facet(GAME.info.id, "decklists") is not None
    zones = {z.split(":")[0] for z in PRESENTATION.zones()}
    assert zones == {"deck", "hand", "leader", "base", "battle", "chain", "burst", "discard"}  # MA-4.1


def test_every_event_the_game_notes_has_a_sentence() -> None:
    """Every ``note("kind", ...)`` in the package (and the engine's and secret rounds' events) reads as a
    sentence, never as the raw ``kind: field value`` fallback."""
    noted = set()
    for path in PACKAGE.glob("*.py"):
        noted |= set(re.findall(r'\.note\(\s*"([a-z_]+)"', path.read_text(encoding="utf-8")))
        noted |= set(re.findall(r'secret_round\(.*?"([a-z_]+_revealed)"', path.read_text(encoding="utf-8"), re.DOTALL))
    assert {"turn", "attack", "chained", "discards_revealed"} <= noted  # the scan finds them
    missing = (noted | ENGINE_EVENTS | SECRET_EVENTS) - set(PRESENTATION.sentences)
    assert not missing, f"events without a sentence: {sorted(missing)}"


def test_logged_events_read_as_whole_sentences_for_every_seat() -> None:
    r = _renderer()
    kinds = set()
    for _seed, state, _samples in playouts(GAME, 2, range(2)):
        for seat in (None, 0, 1):
            for e in state.log(seat):
                kinds.add(e["kind"])
                line = r.describe_event(e)
                assert e["kind"] in PRESENTATION.sentences, e
                assert "?" not in line and "{" not in line and "None" not in line, (e, line)
    assert {"turn", "first_step_revealed", "moved_to_battle", "chained"} <= kinds


def test_the_table_shows_the_areas_values_and_rested_knights_ma_14_1() -> None:
    sc = build(battle=(["Cinder Page", "Moss Warden"], []), base=(["Thorn Archer"], []),
               chain=(["Stray Hound"], []), at="attack")
    st = sc.st
    st.table.set_flag(sc.id("Moss Warden"), 1)  # EXHAUSTED: rested (MA-4.2)
    out = _text(_renderer().render_view(st.view(1)))
    for words in ("Leader", "Base area", "Battle area", "Chain", "Hand", "Deck", "Discard", "Burst", "HP 20",
                  "capacity 2", "Cinder Page", "Thorn Archer", "Stray Hound"):
        assert words in out, words
    assert re.search(r"Moss Warden[^#]*\[rested\]", out)
    knight = st.view(1)["info"]["knights"][str(sc.id("Cinder Page"))]
    assert _renderer().marks(st.view(1), sc.id("Cinder Page")) == [
        (f"skill value {knight['skill']}", "badge"), (f"defence {knight['defence']}", "badge")]


def test_a_modifier_shows_in_the_current_value_mark_ma_9_9() -> None:
    from cardtable.engine import add_lasting

    sc = build(battle=(["Cinder Page"], []), at="attack")
    page = sc.id("Cinder Page")
    printed = GAME.pool.defs[sc.st.table.defn[page]].skill_value
    add_lasting(sc.st, "skill", page, 2, "turn_end")
    assert ("skill value %d" % (printed + 2), "badge") in _renderer().marks(sc.st.view(1), page)


def test_a_face_down_chain_card_nobody_else_saw_is_a_back_for_the_other_seat_ma_14_4() -> None:
    sc = build(battle=([SMUGGLER], ["Moss Warden"]), decks=(["Grove Mender", "Harbour Duelist"], ["Harbour Duelist"]),
               at="attack")
    sc.act("activate", card=sc.id(SMUGGLER), ability=0)
    (card,) = sc.st.table.cards("chain:0")
    r = _renderer()
    mine = _text(r.render_view(sc.st.view(0)))
    theirs = _text(r.render_view(sc.st.view(1)))
    spectator = _text(r.render_view(sc.st.view(None)))
    assert re.search(r"Grove Mender[^#]*\[face down\]", mine)  # a card line may wrap
    for out in (theirs, spectator):
        assert "Grove Mender" not in out and "hidden card" in out
        assert "capacity 2" in out  # its presence counts and is public (MA-7.1)
    assert all("Grove Mender" not in r.describe_event(e) for e in sc.st.log(1))
    assert r.card_data(sc.st.view(1), card) is None


def test_the_secret_deployment_shows_the_other_seat_only_that_it_committed_ma_14_5() -> None:
    sc = build(hands=(["Cinder Page", "Moss Warden"], ["Thorn Archer"]), at="second")
    st = sc.st
    page = sc.id("Cinder Page")
    sc.act("deploy", card=page)
    assert _text(_renderer().render_view(st.view(0))).count("to deploy") == 1
    assert st.view(1)["info"]["secret"] == ["choosing", "to choose"]
    sc.act("submit")
    assert st.decision.player == 1
    for seat in (1, None):
        view = st.view(seat)
        assert view["info"]["secret"] == ["committed (hidden)", "choosing"]
        assert view["info"]["pending"] == {}
        out = _text(_renderer().render_view(view))
        assert "committed (hidden)" in out and "to deploy" not in out and "Cinder Page" not in out
        assert "second step" in out  # the top bar names the step (``phase_word``)
        assert len(view["zones"]["hand:0"]) == 2 and view["info"]["spent"][0] == 0  # nothing moves yet
    sc.act("submit")
    assert st.view(1)["info"]["secret"] == [None, None]
    assert "Cinder Page" in _text(_renderer().render_view(st.view(1)))  # revealed together (MA-8.13)


def test_the_conformance_no_leak_samples_cover_the_secret_steps_and_the_chain() -> None:
    """The shared no-leak property (``check_no_leaks``) runs on these very samples: they include a seat
    waiting on the other's committed secret submission and face-down chain cards (MA-14.7)."""
    committed = face_down = 0
    for _seed, _state, samples in playouts(GAME, 2, seed_count(GAME, 2, 40)):
        for st in samples:
            secret = st.view(None)["info"]["secret"]
            committed += "committed (hidden)" in secret
            face_down += any(st.face_down(i) for p in (0, 1) for i in st.table.cards(f"chain:{p}"))
    assert committed > 0 and face_down > 0, (committed, face_down)


def test_options_read_as_words_with_the_second_card_named() -> None:
    r = _renderer()
    sc = build(hands=(["Cinder Lancer"], []), battle=(["Cinder Page"], []), at="second")
    view = sc.st.view(0)
    words = {r.describe_action(a, view) for a in sc.st.legal_actions()}
    assert any(re.fullmatch(r"Evolve Cinder Lancer #\d+, onto Cinder Page #\d+", w) for w in words), words
    assert "Submit" in words
    rng = random.Random(0)
    st = GAME.new_game(seed=2)
    for _ in range(300):
        if st.is_terminal:
            break
        view = st.view(st.to_act)
        for a in st.legal_actions():
            assert "None" not in r.describe_action(a, view)
        st.apply(rng.choice(st.legal_actions()))
