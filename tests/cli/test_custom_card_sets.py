"""Custom card sets from the command line (``--cards FILE_OR_DIR``): ``play``, ``simulate``, ``cards``,
``deck validate`` and ``serve`` take a set in the shipped sets' format; a malformed one is one red line
naming file, card and field (exit 2, no traceback); a record names the sets it was played with (id and
content hash) and is refused, naming the set, when replayed against other cards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import cardtable
from cardtable.cli import app
from cardtable.games.million_arthur.testing import deck_with_custom_knight
from cardtable.registry import custom_card_sets, load_game

GAME = "million-arthur"
DECKS = Path(cardtable.__file__).parent / "games" / "million_arthur" / "decks"

SET = """# a custom set: one knight, in the format of the shipped sets
set: homebrew
version: 1
cards:
- id: HB-B01
  name: Tideglass Squire
  kind: knight
  colour: blue
  arthur_type: common
  type_restricted: false
  cost: 1
  skill: attack
  skill_value: 4
  defence: 1
  text: Attack 4 / Defence 1.
"""

BAD_SET = SET.replace("colour: blue", "colour: octarine")


def custom_dir(root: Path, text: str = SET) -> Path:
    """A custom set directory: the set file and a ready deck (``decks/``) that plays its card."""
    folder = root / "homebrew"
    (folder / "decks").mkdir(parents=True, exist_ok=True)
    (folder / "homebrew.yaml").write_text(text, encoding="utf-8")
    deck = (DECKS / "ember_and_thorn.yaml").read_text(encoding="utf-8")
    deck = deck_with_custom_knight(deck, "HB-B01")  # stays legal whatever the shipped list holds
    deck = deck.replace("name: Ember and Thorn", "name: Homebrew Thorn")
    assert "HB-B01: 3" in deck
    (folder / "decks" / "homebrew_thorn.yaml").write_text(deck, encoding="utf-8")
    return folder


def _ok(result, code: int = 0) -> str:
    assert result.exit_code == code, (result.output, result.exception)
    assert "Traceback" not in result.output
    return result.output


def _err(result) -> str:
    assert result.exit_code == 2, (result.output, result.exception)
    assert "Traceback" not in result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


@pytest.fixture(autouse=True)
def _nothing_left_loaded():
    yield
    assert custom_card_sets() == {}, "a command left its custom sets loaded"


def test_cards_lists_a_custom_card_marked_custom(runner, tmp_path) -> None:
    folder = custom_dir(tmp_path)
    out = _ok(runner.invoke(app, ["cards", GAME, "Tideglass Squire", "--cards", str(folder)]))
    assert "Tideglass Squire" in out and "custom" in out
    plain = runner.invoke(app, ["cards", GAME, "Tideglass Squire"])
    assert plain.exit_code == 2 and "Tideglass" in plain.stderr  # not a card without --cards


def test_deck_validate_takes_a_deck_of_custom_cards(runner, tmp_path) -> None:
    folder = custom_dir(tmp_path)
    deck = folder / "decks" / "homebrew_thorn.yaml"
    out = _ok(runner.invoke(app, ["deck", "validate", GAME, str(deck), "--cards", str(folder / "homebrew.yaml")]))
    assert "is a legal" in out
    refused = _err(runner.invoke(app, ["deck", "validate", GAME, str(deck)]))
    assert "HB-B01" in refused  # without the set the card is unknown


def test_play_with_a_custom_deck_records_the_sets_and_their_hashes(runner, tmp_path) -> None:
    folder = custom_dir(tmp_path)
    save = tmp_path / "game.json"
    _ok(runner.invoke(app, ["play", GAME, "--seat", "none", "--bots", "random", "--seed", "3", "--cards", str(folder),
                            "--deck", "homebrew_thorn", "--deck", "ember_and_thorn", "-o", "max_turns=2",
                            "--save", str(save)]))
    record = json.loads(save.read_text())
    sets = record["card_set_hashes"]
    assert [s["set"] for s in sets][-1] == "homebrew" and sets[-1]["custom"] is True
    assert all(len(s["sha256"]) == 64 for s in sets) and not any(s["custom"] for s in sets[:-1])
    assert "homebrew" not in record["card_sets"]  # the shipped versions stay as they were


def test_a_record_replayed_against_other_cards_is_refused_naming_the_set(runner, tmp_path) -> None:
    folder = custom_dir(tmp_path)
    save = tmp_path / "game.json"
    _ok(runner.invoke(app, ["play", GAME, "--seat", "none", "--bots", "random", "--seed", "5", "--cards", str(folder),
                            "--deck", "homebrew_thorn", "--deck", "ember_and_thorn", "-o", "max_turns=2",
                            "--save", str(save)]))
    missing = _err(runner.invoke(app, ["replay", str(save)]))
    assert "'homebrew'" in missing and "not loaded" in missing and "--cards" in missing
    assert "actions replayed" in _ok(runner.invoke(app, ["replay", str(save), "--cards", str(folder)]))
    (folder / "homebrew.yaml").write_text(SET.replace("skill_value: 4", "skill_value: 5"), encoding="utf-8")
    changed = _err(runner.invoke(app, ["play", GAME, "--resume", str(save), "--cards", str(folder)]))
    assert "'homebrew' differs" in changed and "sha256" in changed
    (folder / "homebrew.yaml").write_text("# the same cards, laid out otherwise\n" + SET, encoding="utf-8")
    _ok(runner.invoke(app, ["play", GAME, "--resume", str(save), "--cards", str(folder), "--seat", "none"]))


def test_a_record_from_before_set_hashes_still_replays(runner, tmp_path) -> None:
    state = load_game(GAME).new_game(seed=2)
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    record = state.record()
    assert "card_set_hashes" in record
    del record["card_set_hashes"]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(record))
    _ok(runner.invoke(app, ["replay", str(path)]))


def test_simulate_plays_custom_decks(runner, tmp_path) -> None:
    folder = custom_dir(tmp_path)
    out = _ok(runner.invoke(app, ["simulate", GAME, "-n", "2", "--bots", "random", "--cards", str(folder),
                                  "-o", "decks=[\"Homebrew Thorn\", \"Homebrew Thorn\"]", "-o", "max_turns=3"]))
    assert "2 games" in out


@pytest.mark.parametrize("command", [
    ["cards", GAME],
    ["simulate", GAME, "-n", "1", "--bots", "random"],
    ["play", GAME, "--seat", "none", "--bots", "random"],
    ["deck", "validate", GAME, str(DECKS / "ember_and_thorn.yaml")],
    ["serve", "--port", "1"],
])
def test_a_malformed_set_is_one_line_naming_file_card_and_field(runner, tmp_path, command) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(BAD_SET, encoding="utf-8")
    line = _err(runner.invoke(app, [*command, "--cards", str(bad)]))
    assert str(bad) in line and "HB-B01" in line
    assert "colour" in line if command[0] != "serve" else "million-arthur" in line


def test_a_missing_set_file_and_a_clashing_set_id_are_refused(runner, tmp_path) -> None:
    gone = _err(runner.invoke(app, ["cards", GAME, "--cards", str(tmp_path / "nope.yaml")]))
    assert "no such card set file" in gone
    clash = tmp_path / "clash.yaml"
    clash.write_text(SET.replace("set: homebrew", "set: starter"), encoding="utf-8")
    line = _err(runner.invoke(app, ["cards", GAME, "--cards", str(clash)]))
    assert "'starter' is already used" in line


def test_serve_finds_the_game_a_set_belongs_to(tmp_path) -> None:
    from cardtable.cli.common import UserError
    from cardtable.cli.serve import card_set_owner

    folder = custom_dir(tmp_path)
    assert card_set_owner(folder / "homebrew.yaml") == GAME
    junk = tmp_path / "junk.yaml"
    junk.write_text("set: junk\nversion: 1\ncards: []\n", encoding="utf-8")
    with pytest.raises(UserError, match="not a card set of any game"):
        card_set_owner(junk)
