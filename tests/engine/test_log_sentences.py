"""Every game's log reads as sentences, for every seat and for a spectator.

Seeded random games of every registered game (each player count, a few seeds) are played out and each
seat's log (and the spectator's) rendered as the front-ends render it: the card games through the shared
``LogWords`` (the words the terminal prints and the web server sends), Two Mists through its terminal
renderer. A line fails on any raw field or broken grammar: ``[]``, braces, ``card #``, ``player 0``,
``None``, ``title ``, ``attachments``, an unfilled placeholder (``?``), "You is"/"You has"/"You's".
The event kinds a game can log are also read from its source (``note("kind", ...)``), so a rare kind
that random play does not reach still needs its sentence.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import cardtable
from cardtable.engine.presentation import Presentation, log_words
from cardtable.registry import game_facet, game_ids
from cardtable.tui import describe_event, seat_names

BAD = re.compile(r"\[\]|[{}]|card #|\bplayer \d|\bNone\b|\btitle |attachments|\?|\b[Yy]ou (is|has|was|does|goes)\b"
                 r"|\b[Yy]ou's\b|\bSeat \d+ (are|have|were)\b|\(s\)")
GAMES, PLAYER_COUNTS_SEEDS, MAX_ACTIONS = game_ids(), (0, 1, 2), 1500

# Kinds logged under a name not written as note("kind"): Call of Cthulhu's ``leave_play(..., why)`` and its
# ability uses (the note's ``kind`` field is the ability's kind), and the engine's concession.
EXTRA_KINDS = {
    "call-of-cthulhu": {"destroyed", "sacrificed", "discarded_from_play", "returned_to_hand", "shuffled_into_deck",
                        "put_on_deck", "attached_as_resource", "action", "reaction", "forced", "interrupt",
                        "win_effect"},
}
NOT_LOGGED = {"call-of-cthulhu": {"ability"}}  # overwritten by the ability's own kind (above)


def card_games() -> list[str]:
    return [g for g in GAMES if game_facet(g, "presentation") is not None]


def source_kinds(game_id: str) -> set[str]:
    package = Path(cardtable.__file__).parent / "games" / game_id.replace("-", "_")
    found = set()
    for path in package.glob("*.py"):
        found |= set(re.findall(r"\bnote\(\s*\"(\w+)\"", path.read_text()))
    return (found | EXTRA_KINDS.get(game_id, set()) | {"conceded"}) - NOT_LOGGED.get(game_id, set())


def played(game_id: str, players: int, seed: int) -> cardtable.State:
    game = cardtable.load_game(game_id)
    state = game.new_game(seed=seed, players=players)
    rng = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def player_counts(game_id: str) -> range:
    info = cardtable.load_game(game_id).info
    return range(info.min_players, info.max_players + 1)


@pytest.mark.parametrize("game_id", card_games())
def test_every_event_kind_in_the_source_has_a_sentence(game_id: str) -> None:
    pres: Presentation = game_facet(game_id, "presentation").PRESENTATION  # type: ignore[union-attr]
    missing = sorted(source_kinds(game_id) - set(pres.sentences))
    assert not missing, f"{game_id}: event kinds without a sentence: {missing}"


@pytest.mark.parametrize("game_id", card_games())
def test_random_games_read_as_sentences_for_every_seat_and_a_spectator(game_id: str) -> None:
    words = log_words(game_id)
    assert words is not None
    pres = words.pres
    kinds: set[str] = set()
    for players in player_counts(game_id):
        for seed in PLAYER_COUNTS_SEEDS:
            state = played(game_id, players, seed)
            for seat in [None, *range(players)]:
                log = state.log(seat)
                lines = words.lines(log, state.view(seat), seat)
                assert len(lines) == len(log)
                for (head, text), event in zip(lines, log):
                    kinds.add(str(event["kind"]))
                    assert event["kind"] in pres.sentences, f"{game_id}: no sentence for {event}"
                    assert not BAD.search(text), f"{game_id} {players}p seed {seed} seat {seat}: {text!r} ({event})"
    assert kinds <= set(pres.sentences)


def test_two_mists_random_games_read_as_sentences() -> None:
    for players in player_counts("two-mists"):
        for seed in PLAYER_COUNTS_SEEDS:
            state = played("two-mists", players, seed)
            for seat in [None, *range(players)]:
                for event in state.log(seat):
                    text = describe_event("two-mists", event, seat_names(players, seat))
                    assert not BAD.search(text), f"two-mists seat {seat}: {text!r} ({event})"


def test_a_seat_is_you_and_its_verbs_agree() -> None:
    state = played("call-of-cthulhu", 2, 0)
    words = log_words("call-of-cthulhu")
    assert words is not None
    mine = [t for _, t in words.lines(state.log(0), state.view(0), 0)]
    theirs = [t for _, t in words.lines(state.log(None), state.view(None), None)]
    assert any(t.startswith("Turn 1: you are the active player") for t in mine) or \
        any(t.startswith("Turn 2: you are the active player") for t in mine)
    assert any(re.match(r"Turn \d+: Seat \d is the active player", t) for t in theirs)
    assert any(t.startswith("You draw ") for t in mine) and not any(t.startswith("You draw") for t in theirs)


def synthetic_events(game_id: str, pres: Presentation) -> list[dict[str, object]]:
    """One event per ``note("kind", {...})`` call in the game's source, its fields filled with plausible
    values (a seat, an unseen card, a number, a word, a list): reaches kinds random play rarely logs."""
    package = Path(cardtable.__file__).parent / "games" / game_id.replace("-", "_")
    events = []
    for path in package.glob("*.py"):
        for kind, body in re.findall(r"\bnote\(\s*\"(\w+)\",\s*\{([^{}]*)\}", path.read_text()):
            if kind in NOT_LOGGED.get(game_id, set()):
                continue
            event: dict[str, object] = {"kind": kind}
            for key in re.findall(r"\"(\w+)\":", body):
                if key in pres.seat_fields:
                    event[key] = 1
                elif key in pres.card_fields:
                    event[key] = [7, 8] if key.endswith("s") else 7
                elif key in ("title", "name", "story"):
                    event[key] = "Some Card"
                elif key in ("titles", "names"):
                    event[key] = ["Some Card", "Other Card"]
                elif key in pres.seat_lists:
                    event[key] = [[0, 1], [1, 2]]
                elif key.endswith("s") and key not in ("reason", "scope", "rest", "colours"):
                    event[key] = ["x_y", "z"]
                else:
                    event[key] = 2
            events.append(event)
    return events


@pytest.mark.parametrize("game_id", card_games())
def test_every_sentence_of_the_source_reads_without_raw_fields(game_id: str) -> None:
    words = log_words(game_id)
    assert words is not None
    events = synthetic_events(game_id, words.pres)
    assert len(events) > 20
    bad = []
    for seat in (None, 0, 1):
        for event in events:
            (_, text), = words.lines([event], {}, seat)
            if BAD.search(text):
                bad.append(f"{text!r} ({event})")
    assert not bad, f"{game_id}: " + "\n".join(bad)
