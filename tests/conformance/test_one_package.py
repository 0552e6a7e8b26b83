"""A game is one package: nothing outside ``cardtable/games/two_mists/`` names a Two Mists idea.

Every tool (terminal, bots, simulator, export, RL, server, testing helpers) must take any game with no
line of its own, so a Two Mists noun in any other module of the package is a bug: the code it sits in
either hard-codes the game or documents it as if it did. The nouns are the fixed ones of the rules
(characters, worlds, the mists, the wrath, TM- rule IDs) plus the game's own character ids and its
distinctive card names, read from its catalog so a renamed card is still caught.

Another game's package may use words Two Mists also uses ("character" is a Call of Cthulhu card
type), so there only the game's name and its TM- rule IDs count: a game must not lean on Two Mists.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import cardtable
from cardtable.testing.golden import GOLDEN_GAMES

SRC = Path(cardtable.__file__).resolve().parent
GAME_DIR = SRC / "games" / "two_mists"

STRICT_NOUNS = ["two.?mists", r"TM-\d"]  # Two Mists itself, in any package but its own
FIXED_NOUNS = ["two.?mists", "mists?", "characters?", "worlds?", "wrath", r"TM-\d", "centre card", "holy poison"]
# Card names that are plain English verbs a generic module may use in their ordinary sense.
GENERIC_CARD_WORDS = {"attack", "search", "flurry", "intimidate"}

# (module relative to cardtable/, exact phrase, why it is a generic use of the word). Each entry must
# still match something, so the list cannot outlive its reason.
ALLOWED: list[tuple[str, str, str]] = [
    ("server/schemas.py", "# Characters that reorder", "text characters (Unicode), not game characters"),
    ("server/schemas.py", "Refuse control characters", "text characters (Unicode)"),
    ("server/schemas.py", "bidirectional control character", "text characters (Unicode)"),
    ("server/schemas.py", "the control character U+", "text characters (Unicode)"),
    ("server/tokens.py", "URL-safe characters", "characters of a text token"),
    ("server/clientframes.py", "at character {err.pos}", "a position in the text of a JSON frame"),
    ("cli/render.py", "its first character", "the first letter of a printed line"),
    ("carddata/deckrules.py", "only characters, supports and events", "a Call of Cthulhu card type as an example"),
    ("carddata/loader.py", "``character``)", "a Call of Cthulhu card type as an example"),
]


def _nouns() -> re.Pattern[str]:
    game = cardtable.load_game("two-mists")
    catalog = game.catalog  # type: ignore[attr-defined]
    words = [re.escape(c.id) for c in catalog.characters] + [re.escape(c.name) for c in catalog.characters]
    words += [re.escape(card.name) for card in catalog.cards if card.name.lower() not in GENERIC_CARD_WORDS]
    return re.compile(r"\b(" + "|".join(FIXED_NOUNS + sorted(set(words))) + r")\b", re.IGNORECASE)


def _modules() -> list[Path]:
    return sorted(p for p in SRC.rglob("*.py") if GAME_DIR not in p.parents)


def _offending_lines() -> tuple[list[str], set[int]]:
    every, strict = _nouns(), re.compile(r"\b(" + "|".join(STRICT_NOUNS) + r")\b", re.IGNORECASE)
    found, used = [], set()
    for path in _modules():
        rel = path.relative_to(SRC).as_posix()
        nouns = strict if rel.startswith("games/") else every
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            text = line
            for i, (module, phrase, _why) in enumerate(ALLOWED):
                if module == rel and phrase in text:
                    used.add(i)
                    text = text.replace(phrase, "")
            m = nouns.search(text)
            if m:
                found.append(f"{rel}:{n}: {m.group(0)!r} in: {line.strip()}")
    return found, used


def test_no_two_mists_noun_outside_its_package() -> None:
    found, _ = _offending_lines()
    assert not found, "Two Mists nouns outside cardtable/games/two_mists/:\n" + "\n".join(found)


def test_every_allowance_is_still_needed() -> None:
    _, used = _offending_lines()
    stale = [f"{m}: {p!r}" for i, (m, p, _w) in enumerate(ALLOWED) if i not in used]
    assert not stale, "allow-list entries that match nothing any more: " + ", ".join(stale)


def test_the_check_catches_a_noun(tmp_path: Path) -> None:
    """The pattern itself works: it flags the fixed nouns, character ids and card names, not plain words."""
    nouns = _nouns()
    for bad in ("the Monster", "by_character", "world line", "TM-7.4", "Giant's Spear", "two-mists", "Saint"):
        assert nouns.search(bad.replace("_", " ")), bad
    for fine in ("search the tree", "attack", "monsters_of_code".replace("monsters", "beasts"), "game id"):
        assert not nouns.search(fine), fine


@pytest.mark.parametrize("facet", ["tui", "strategy", "encoding"])
def test_the_game_facets_live_in_the_game_package(facet: str) -> None:
    """The terminal renderer, heuristic policy and RL encoding are found by convention, not by a table."""
    from cardtable.registry import game_facet

    module = game_facet("two-mists", facet)
    assert module is not None and module.__name__ == f"cardtable.games.two_mists.{facet}"
    assert not (SRC / "tui" / "two_mists.py").exists()


def test_golden_playthroughs_are_found_from_their_files() -> None:
    assert {("two-mists", 4, 1), ("two-mists", 3, 2), ("two-mists", 4, 7)} <= set(GOLDEN_GAMES)
