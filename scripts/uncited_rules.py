#!/usr/bin/env python3
"""List rule IDs from ``docs/rules/*.md`` that no test cites.

Why this exists: every rule in the "rules as implemented" pages carries an ID (``TM-7.4``) and
tests are expected to cite the IDs they check, in a test name (``test_tm_7_4_pointing_is_logged``),
a docstring or a comment. This script shows, per game prefix, which rules have no test yet, so gaps
in rules coverage are visible without reading every test file.

Recognised forms:

* in the docs: ``TM-7.4`` (also ``CC-``, ``MY-``, ``MA-``; deeper IDs such as ``MY-3.2.1`` and
  letter suffixes such as ``MY-3.2a`` are kept whole), except in an item that begins
  ``Headings and descriptions`` (optionally bold, with its indented continuation lines): the spec IDs
  listed there are headings or descriptions with nothing to test, so no citation is asked for them;
* in ``tests/**/*.py``: the dotted form ``TM-7.4`` anywhere in the text (any case), and the snake
  form ``tm_7_4`` used in identifiers.  A number must end where the ID ends, so ``tm_7_40`` cites
  ``TM-7.40`` and never ``TM-7.4``.  Because ``tm_7_4_2`` could be ``TM-7.4`` followed by a word or
  a deeper ``TM-7.4.2``, the snake form cites every reading (``TM-7.4`` and ``TM-7.4.2``); only IDs
  that exist in the docs are counted.

The repository root is the parent of this script's directory.  Standard library only.

Usage::

    python scripts/uncited_rules.py [--prefix TM] [--strict]

Exit status is 0 unless ``--strict`` is given and some rule ID is uncited (then 1).
"""

from __future__ import annotations

import argparse
import re
import sys
import textwrap
from collections.abc import Iterable, Sequence
from pathlib import Path

PREFIXES: tuple[str, ...] = ("TM", "CC", "MY", "MA")

_PREFIX_ALT = "|".join(PREFIXES)

# A rule ID as written in the docs: upper-case prefix, dash, dotted numbers, optional letter.
_DOC_ID = re.compile(
    rf"(?<![A-Za-z0-9])({_PREFIX_ALT})-(\d+(?:\.\d+)+)(?:([a-z])(?![A-Za-z0-9]))?(?![0-9])"
)

# A cited ID in test code: dotted (``TM-7.4``) or snake (``tm_7_4``), prefix in any case.
# The lookbehind allows ``_`` before the prefix so that ``test_tm_7_4`` matches.
_CITED_ID = re.compile(
    rf"(?<![A-Za-z0-9])((?i:{_PREFIX_ALT}))[-_]"
    r"(\d+(?:\.\d+)+|\d+(?:_\d+)+)"
    r"(?:([a-z])(?![A-Za-z0-9]))?(?![0-9])"
)


def _canonical(prefix: str, numbers: Sequence[str], suffix: str | None) -> str:
    """Return the canonical spelling ``PREFIX-n.m[...][x]`` of an ID."""
    body = ".".join(str(int(n)) for n in numbers)
    return f"{prefix.upper()}-{body}{(suffix or '').lower()}"


def id_sort_key(rule_id: str) -> tuple[str, tuple[int, ...], str]:
    """Sort key putting ``TM-2.10`` after ``TM-2.9``."""
    prefix, _, rest = rule_id.partition("-")
    suffix = rest[-1] if rest and rest[-1].isalpha() else ""
    numbers = rest[:-1] if suffix else rest
    return prefix, tuple(int(n) for n in numbers.split(".")), suffix


# A docs line that lists spec IDs which are only headings or descriptions (nothing a test could check):
# ``- **Headings and descriptions** (nothing to test): CC-1.1 ...``.  Its IDs are not rules to cite.
_HEADINGS_LINE = re.compile(r"^\s*(?:[-*]\s+)?\**Headings and descriptions\b", re.IGNORECASE)


def _rule_lines(text: str) -> Iterable[str]:
    """The lines of a document outside a "Headings and descriptions" item (its indented continuation
    lines belong to it; the item ends at a blank line or at the next line that is not indented)."""
    in_headings = False
    for line in text.splitlines():
        if _HEADINGS_LINE.match(line):
            in_headings = True
            continue
        if in_headings and line.startswith((" ", "\t")) and line.strip() and not line.lstrip().startswith(("- ", "* ")):
            continue
        in_headings = False
        yield line


def rule_ids_in_text(text: str) -> set[str]:
    """Return the rule IDs written in a rules document (not those of a "Headings and descriptions" item)."""
    return {
        _canonical(m.group(1), m.group(2).split("."), m.group(3))
        for line in _rule_lines(text)
        for m in _DOC_ID.finditer(line)
    }


def cited_ids_in_text(text: str) -> set[str]:
    """Return every rule ID a test source text may be citing (see module docstring)."""
    cited: set[str] = set()
    for match in _CITED_ID.finditer(text):
        prefix, numbers, suffix = match.group(1), match.group(2), match.group(3)
        if "." in numbers:
            cited.add(_canonical(prefix, numbers.split("."), suffix))
            continue
        parts = numbers.split("_")
        for length in range(2, len(parts) + 1):
            cited.add(_canonical(prefix, parts[:length], None))
        if suffix:
            cited.add(_canonical(prefix, parts, suffix))
    return cited


def collect_rule_ids(docs_dir: Path) -> set[str]:
    """Return the rule IDs found in ``docs_dir/*.md`` (empty if the folder is missing)."""
    ids: set[str] = set()
    for path in sorted(docs_dir.glob("*.md")):
        ids |= rule_ids_in_text(path.read_text(encoding="utf-8"))
    return ids


def collect_cited_ids(tests_dir: Path) -> set[str]:
    """Return the rule IDs cited anywhere in ``tests_dir/**/*.py``."""
    cited: set[str] = set()
    for path in sorted(tests_dir.rglob("*.py")):
        cited |= cited_ids_in_text(path.read_text(encoding="utf-8", errors="replace"))
    return cited


def prefix_of(rule_id: str) -> str:
    """Return the game prefix of an ID (``"TM"`` for ``TM-7.4``)."""
    return rule_id.partition("-")[0]


def uncited_by_prefix(
    rule_ids: Iterable[str], cited: set[str], prefixes: Iterable[str] | None = None
) -> dict[str, tuple[list[str], list[str]]]:
    """Group rule IDs by prefix as ``{prefix: (all_ids, uncited_ids)}``, both sorted.

    ``prefixes`` restricts the result to those prefixes (each listed even if it has no IDs).
    """
    wanted = None if prefixes is None else {p.upper() for p in prefixes}
    groups: dict[str, list[str]] = {p: [] for p in sorted(wanted or ())}
    for rule_id in rule_ids:
        prefix = prefix_of(rule_id)
        if wanted is None or prefix in wanted:
            groups.setdefault(prefix, []).append(rule_id)
    result: dict[str, tuple[list[str], list[str]]] = {}
    for prefix in sorted(groups):
        all_ids = sorted(groups[prefix], key=id_sort_key)
        result[prefix] = (all_ids, [i for i in all_ids if i not in cited])
    return result


def format_report(groups: dict[str, tuple[list[str], list[str]]]) -> str:
    """Render the per-prefix counts and the uncited IDs as text."""
    if not groups:
        return "no rule IDs found in docs/rules/*.md"
    lines: list[str] = []
    for prefix, (all_ids, uncited) in groups.items():
        cited_count = len(all_ids) - len(uncited)
        lines.append(
            f"{prefix}: {len(all_ids)} rule IDs, {cited_count} cited, {len(uncited)} uncited"
        )
        if uncited:
            lines.append(
                textwrap.fill(
                    " ".join(uncited),
                    width=100,
                    initial_indent="  uncited: ",
                    subsequent_indent="           ",
                    break_on_hyphens=False,
                )
            )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None, root: Path | None = None) -> int:
    """Print the report for the repository at ``root``; return the exit status."""
    parser = argparse.ArgumentParser(
        description="List rule IDs from docs/rules/*.md that no test cites."
    )
    parser.add_argument(
        "--prefix",
        action="append",
        type=str.upper,
        choices=PREFIXES,
        help="only this game prefix (repeatable)",
    )
    parser.add_argument("--strict", action="store_true", help="exit 1 if any ID is uncited")
    args = parser.parse_args(argv)

    repo = root if root is not None else Path(__file__).resolve().parent.parent
    rule_ids = collect_rule_ids(repo / "docs" / "rules")
    cited = collect_cited_ids(repo / "tests")
    groups = uncited_by_prefix(rule_ids, cited, args.prefix)
    print(format_report(groups))

    any_uncited = any(uncited for _, uncited in groups.values())
    return 1 if args.strict and any_uncited else 0


if __name__ == "__main__":
    sys.exit(main())
