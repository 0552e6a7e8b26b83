"""Tests for ``scripts/uncited_rules.py``, the report of rule IDs that no test cites.

The script scans every file under ``tests/``, including this one, so rule IDs here are built at
run time with ``_dotted``/``_snake`` instead of being written out: a literal ID in this file would
make the real report count that rule as tested.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "uncited_rules.py"


def _load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("uncited_rules", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


uncited_rules = _load_script()


def _dotted(prefix: str, *numbers: int) -> str:
    """``_dotted("TM", 7, 4)`` is the docs spelling of that rule ID."""
    return prefix + "-" + ".".join(str(n) for n in numbers)


def _snake(prefix: str, *numbers: int) -> str:
    """``_snake("tm", 7, 4)`` is the spelling used inside test names."""
    return "_".join([prefix, *(str(n) for n in numbers)])


def test_snake_test_name_cites_exactly_its_rule() -> None:
    source = f"def test_{_snake('tm', 7, 4)}_x() -> None:\n    pass\n"

    cited = uncited_rules.cited_ids_in_text(source)

    assert _dotted("TM", 7, 4) in cited
    assert _dotted("TM", 7, 40) not in cited


def test_longer_number_does_not_cite_its_prefix() -> None:
    cited = uncited_rules.cited_ids_in_text(f"def test_{_snake('tm', 7, 40)}_x(): ...")

    assert cited == {_dotted("TM", 7, 40)}


def test_dotted_id_in_docstring_counts() -> None:
    source = f'def test_wrath() -> None:\n    """{_dotted("TM", 11, 4)}: the Saint\'s wrath."""\n'

    assert uncited_rules.cited_ids_in_text(source) == {_dotted("TM", 11, 4)}


def test_id_glued_to_a_word_is_not_a_citation() -> None:
    assert uncited_rules.cited_ids_in_text("x" + _snake("tm", 1, 1)) == set()


def test_docs_ids_sort_numerically() -> None:
    text = " ".join(_dotted("TM", 2, n) for n in (10, 9, 1)) + "."

    ids = sorted(uncited_rules.rule_ids_in_text(text), key=uncited_rules.id_sort_key)

    assert ids == [_dotted("TM", 2, 1), _dotted("TM", 2, 9), _dotted("TM", 2, 10)]


def _make_repo(root: Path) -> None:
    rules = root / "docs" / "rules"
    rules.mkdir(parents=True)
    bullets = [_dotted("TM", 7, 4), _dotted("TM", 7, 40), _dotted("TM", 11, 4), _dotted("MY", 1, 1)]
    (rules / "game.md").write_text("".join(f"* **{i}** a rule\n" for i in bullets))
    game_tests = root / "tests" / "games" / "two_mists"
    game_tests.mkdir(parents=True)
    (game_tests / "test_search.py").write_text(
        f"def test_{_snake('tm', 7, 4)}_pointing(): ...\n"
        f'def test_wrath():\n    """{_dotted("TM", 11, 4)}"""\n'
    )


def test_uncited_ids_are_listed_for_a_temporary_tree(tmp_path: Path) -> None:
    _make_repo(tmp_path)

    rule_ids = uncited_rules.collect_rule_ids(tmp_path / "docs" / "rules")
    cited = uncited_rules.collect_cited_ids(tmp_path / "tests")
    groups = uncited_rules.uncited_by_prefix(rule_ids, cited)

    assert groups["TM"] == (
        [_dotted("TM", 7, 4), _dotted("TM", 7, 40), _dotted("TM", 11, 4)],
        [_dotted("TM", 7, 40)],
    )
    assert groups["MY"] == ([_dotted("MY", 1, 1)], [_dotted("MY", 1, 1)])


def test_main_reports_and_strict_sets_exit_code(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _make_repo(tmp_path)

    assert uncited_rules.main(["--prefix", "TM"], root=tmp_path) == 0
    out = capsys.readouterr().out
    assert "TM: 3 rule IDs, 2 cited, 1 uncited" in out
    assert _dotted("TM", 7, 40) in out
    assert "MY:" not in out

    assert uncited_rules.main(["--strict"], root=tmp_path) == 1


def test_headings_line_ids_are_not_demanded_but_rules_elsewhere_are() -> None:
    """A "Headings and descriptions" line lists spec IDs with nothing to test; every other line stays strict."""
    text = (f"- **{_dotted('CC', 1, 7)}** A player may concede.\n"
            f"- **Headings and descriptions** (nothing to test): {_dotted('CC', 1, 1)}, {_dotted('CC', 2, 6)}.\n"
            f"Headings and descriptions: {_dotted('CC', 7, 20)}\n"
            f"- **{_dotted('CC', 2, 7)}** see also the headings and descriptions line.\n"
            f"- **Headings and descriptions**: {_dotted('CC', 7, 1)},\n  {_dotted('CC', 7, 30)} (continued).\n"
            f"- **{_dotted('CC', 9, 2)}** the next item is a rule again.\n"
            f"  {_dotted('CC', 9, 8)} in a rule's continuation line.\n")

    assert uncited_rules.rule_ids_in_text(text) == {_dotted("CC", n, m) for n, m in ((1, 7), (2, 7), (9, 2), (9, 8))}
