"""The Mythos table as the shared renderers draw it (``presentation.py``): the MY-3.1 areas, the Story
Deck's orientation (MY-3.5), the Mythos Threat face down for everyone but its owner (MY-6.8), the
secret side choice in words (MY-4.1), attacks naming the opponent seat (MY-9.3) and every log event
in words. The terminal renderer stands in for both: the browser reads the same declaration."""

from __future__ import annotations

import io
import re
from pathlib import Path

from rich.console import Console

import cardtable
from cardtable.games.mythos import DEFINITION as GAME
from cardtable.games.mythos.presentation import PRESENTATION
from cardtable.games.mythos.testing import A, S, build
from cardtable.testing.conformance import playouts
from cardtable.tui import get_renderer
from cardtable.tui.cardtable import CardTableRenderer

PACKAGE = Path(cardtable.__file__).parent / "games" / "mythos"
ENGINE_EVENTS = {"cancelled", "conceded"}
SECRET_EVENTS = {"sides_chosen"}  # rules.py: the MY-4.1 SecretRound's reveal event


def _text(renderable: object) -> str:
    buf = io.StringIO()
    Console(file=buf, width=200, color_system=None).print(renderable)
    return buf.getvalue()


def _renderer() -> CardTableRenderer:
    get_renderer.cache_clear()
    r = get_renderer(GAME.info.id)
    assert isinstance(r, CardTableRenderer)
    return r


def test_the_declaration_names_every_area_of_my_3_1() -> None:
    zones = {z.split(":")[0] for z in PRESENTATION.zones()}
    assert zones == {"deck", "hand", "discard", "story", "threat", "god", "ally", "item", "event", "adventures", "inv"}


def test_every_event_the_game_notes_has_a_sentence() -> None:
    """Every ``note("kind", ...)`` in the package (and the engine's and the secret round's) reads as a
    sentence, never as the raw ``kind: field value`` fallback."""
    noted = set()
    for path in PACKAGE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        noted |= set(re.findall(r'\.note\(\s*"([a-z_]+)"', text))
        noted |= set(re.findall(r'event="([a-z_]+)"', text))
    assert {"round", "attack", "joined", "sides_chosen", "gate_used"} <= noted  # the scan finds them
    missing = (noted | ENGINE_EVENTS | SECRET_EVENTS) - set(PRESENTATION.sentences)
    assert not missing, f"events without a sentence: {sorted(missing)}"


def test_logged_events_and_options_read_as_whole_sentences_for_every_seat() -> None:
    """Full and redacted events (a Threat play, a draw) both read as words; options never say None."""
    r = _renderer()
    kinds = set()
    for _seed, state, _samples in playouts(GAME, 3, range(2)):
        for seat in (None, 0, 1, 2):
            for e in state.log(seat):
                kinds.add(e["kind"])
                line = r.describe_event(e)
                assert e["kind"] in PRESENTATION.sentences, e
                assert "?" not in line and "{" not in line and "None" not in line, (e, line)
    assert {"round", "drew", "played", "passed", "sanity"} <= kinds


def test_the_threat_is_face_down_to_everyone_but_its_owner_my_6_8() -> None:
    sc = build(threat=(["Shoggoth", "Ghoul"], []), allies=([], ["Antiquarian Scholar"]))
    r = _renderer()
    mine = _text(r.render_view(sc.st.view(0)))
    assert "Shoggoth" in mine and "Ghoul" in mine and "Mythos Threat" in mine
    for seat in (1, None):
        out = _text(r.render_view(sc.st.view(seat)))
        assert "Shoggoth" not in out and "Ghoul" not in out, seat
        assert "cards 2" in out  # how many is public
        assert str(sc.id("Shoggoth")) not in sc.st.view(seat)["info"]["combat"]  # its combat value too
    assert "Antiquarian Scholar" in _text(r.render_view(sc.st.view(0)))
    scholar = sc.id("Antiquarian Scholar")
    assert (f"combat {sc.st.combat(scholar)}", "badge") in r.marks(sc.st.view(0), scholar)


def test_the_story_deck_shows_its_top_card_and_orientation_my_3_5() -> None:
    sc = build(story=([S("Old Hill Burying Ground", crosswise=True)], []), gods=(["Father Dagon Rising"], []))
    r = _renderer()
    top = sc.id("Old Hill Burying Ground")
    assert ("travelling", "badge") in r.marks(sc.st.view(1), top)
    assert ("new", "badge") in r.marks(sc.st.view(1), sc.id("Father Dagon Rising"))
    out = _text(r.render_view(sc.st.view(1)))
    assert "Story Deck" in out and "Old Hill Burying Ground" in out and "in transit" in out


def test_a_tome_shows_its_loaded_spell_under_it_face_down_once_cast_my_6_12() -> None:
    sc = build(items=(["Book of Eibon", A("Call Forth the Hungry", "Book of Eibon", down=True)], []))
    r = _renderer()
    out = _text(r.render_view(sc.st.view(1)))
    assert re.search(r"Book of Eibon[^\n]*\n[^\n]*Call Forth the Hungry[^\n]*\[face down\]", out), out


def test_the_banner_shows_sanity_limits_education_and_languages_my_6_2_1() -> None:
    sc = build()
    side = sc.st.investigator(0)
    assert side is not None
    out = _text(_renderer().render_view(sc.st.view(1)))
    assert f"Sanity {side.starting_sanity}/{side.max_sanity}" in out
    assert f"hand {side.refill_hand}/{side.hand_max}/{side.hand_min}" in out
    assert f"education {side.education}" in out and side.languages[0] in out


def test_the_secret_side_choice_reads_as_the_sides_never_as_cards_my_4_1() -> None:
    st = GAME.new_game(seed=1, players=2)
    r = _renderer()
    view = st.view(st.to_act)
    words = [r.describe_action(a, view) for a in st.legal_actions()]
    inv = st.card(st.table.cards(f"inv:{st.to_act}")[0])
    assert [w.split(" (")[0] for w in words] == [f"Choose {s.name}" for s in inv.sides]
    assert all("#" not in w for w in words)


def test_an_attack_names_the_defending_seat_my_9_3() -> None:
    sc = build(players=3, threat=(["Shoggoth"], [], []), at="battle",
               story=([S("Old Hill Burying Ground")], [], []))
    while sc.st.decision is not None and sc.st.decision.kind != "declare_attack":
        sc.pass_use_step()
    r = _renderer()
    me = sc.st.to_act
    words = {r.describe_action(a, sc.st.view(me)) for a in sc.st.legal_actions()}
    assert words == {f"Attack {r.name(q, None)}" for q in range(3) if q != me} | {"No attack"}, words


def test_the_trigger_and_cost_decisions_read_as_words_my_12_2_my_12_9() -> None:
    """order_triggers names the triggered cards, optional_trigger is a yes/no, the cost picks name the card;
    the new events (a declined trigger, a revealed card, a card discarded or buried for a cost) read as
    sentences."""
    r = _renderer()
    sc = build(items=(["Pocket Shrine", "Blood Price Idol"], []), allies=(["Nervous Diarist"], []), sanity=(6, 11))
    sc.act("activate", card=sc.id("Blood Price Idol"), ability=0)
    view = sc.st.view(0)
    d = sc.st.decision
    assert d is not None and d.kind == "order_triggers"
    words = {r.describe_action(o, view) for o in d.options}
    assert {w.split(" #")[0] for w in words} == {"Next Pocket Shrine", "Next Nervous Diarist"}
    sc.act("next", item=sc.id("Pocket Shrine"))
    d = sc.st.decision
    assert d is not None and d.kind == "optional_trigger" and "Pocket Shrine" in d.prompt
    assert {r.describe_action(o, sc.st.view(0)) for o in d.options} == {"Yes", "No"}
    sc.act("no")
    pay = build(items=(["Sealed Letter"], []), hands=(["Howling Thing", "Spiteful Ooze"], []))
    pay.act("activate", card=pay.id("Sealed Letter"), ability=0)
    d = pay.st.decision
    assert d is not None and d.kind == "pay_reveal"
    assert {r.describe_action(o, pay.st.view(0)).split(" #")[0] for o in d.options} == {"Choose Howling Thing",
                                                                                        "Choose Spiteful Ooze"}
    pay.act("pick", card=pay.id("Howling Thing"))
    seen = set()
    for st in (sc.st, pay.st):
        for e in st.log(1):  # what the other seat reads
            if e["kind"] in ("trigger_declined", "revealed"):
                line = r.describe_event(e)
                seen.add(e["kind"])
                assert "{" not in line and "None" not in line and ("declines" in line or "reveals" in line), line
    assert seen == {"trigger_declined", "revealed"}


def test_trigger_names_read_as_words_in_the_log_and_the_prompts_my_12_1_my_12_9() -> None:
    """MY-12.1 triggers as words (``schema.TRIGGER_WORDS``, one table for every trigger): the optional trigger's
    prompt, the triggered/declined log lines say "when its controller's Sanity changes", never the identifier
    ``on_sanity_change``; the structured ``trigger`` field other code reads is unchanged."""
    from typing import get_args

    from cardtable.games.mythos.schema import TRIGGER_WORDS, Trigger

    assert set(TRIGGER_WORDS) == set(get_args(Trigger))  # every MY-12.1 trigger has its words
    r = _renderer()
    sc = build(items=(["Pocket Shrine", "Blood Price Idol"], []), allies=(["Nervous Diarist"], []), sanity=(6, 11))
    sc.act("activate", card=sc.id("Blood Price Idol"), ability=0)
    d = sc.st.decision
    assert d is not None and d.kind == "order_triggers" and "_" not in d.prompt, d.prompt
    sc.act("next", item=sc.id("Pocket Shrine"))
    d = sc.st.decision
    assert d is not None and d.kind == "optional_trigger"
    assert "when its controller's Sanity changes" in d.prompt and "on_sanity_change" not in d.prompt, d.prompt
    sc.act("no")
    events = [e for e in sc.st.log(0) if e["kind"] in ("triggered", "trigger_declined")]
    assert {e["kind"] for e in events} == {"triggered", "trigger_declined"}
    for e in events:
        assert e["trigger"] == "on_sanity_change" and e["when"] == "when its controller's Sanity changes"
        line = r.describe_event(e)
        assert "when its controller's Sanity changes" in line and "on_sanity_change" not in line, line
