"""Card coverage: which cards of a pool no scenario test names (every card game's check uses this).

Why a check at all: a card's text is data the rules interpreter carries out; a card nobody ever plays
in a test could do nothing, or the wrong thing, unnoticed. The check reads a test folder's sources
(never imports them): a card is covered when a test function that asserts something names it — by
its id (``-`` may be written ``_``, so ``test_MAS_R07_…`` names ``MAS-R07``; an id glued to more
letters or digits is another id) or by its exact title in the test's docstring.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Iterable, Sequence


def _asserts(fn: ast.FunctionDef) -> bool:
    """Does the test check an outcome (an ``assert`` or a ``pytest.raises`` block)?"""
    for node in ast.walk(fn):
        if isinstance(node, ast.Assert):
            return True
        if isinstance(node, ast.Attribute) and node.attr == "raises":
            return True
    return False


def texts_of_tests(sources: Iterable[str]) -> list[str]:
    """Name + docstring of every test function (that asserts something) in the given sources."""
    out = []
    for source in sources:
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test") and _asserts(node):
                out.append(node.name + "\n" + (ast.get_docstring(node) or ""))
    return out


def uncovered(cards: Sequence[tuple[str, str]], texts: Sequence[str]) -> list[str]:
    """``"id title"`` of each ``(id, title)`` card that no text names."""

    def named(card_id: str, title: str, text: str) -> bool:
        pattern = re.escape(card_id).replace("\\-", "[-_]")
        by_id = re.search(rf"(?<![A-Za-z0-9]){pattern}(?![A-Za-z0-9])", text, re.IGNORECASE)
        return bool(by_id) or title in text.split("\n", 1)[-1]

    return [f"{i} {t}" for i, t in cards if not any(named(i, t, text) for text in texts)]


def scenario_sources(folder: Path, leave_out: str) -> list[str]:
    """The sources of the ``test_*.py`` files of ``folder``, but the file named ``leave_out``."""
    return [p.read_text(encoding="utf-8") for p in sorted(folder.glob("test_*.py")) if p.name != leave_out]


__all__ = ["scenario_sources", "texts_of_tests", "uncovered"]
