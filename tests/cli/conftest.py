"""Shared helpers for the CLI tests."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner


@pytest.fixture()
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture(autouse=True)
def saves(tmp_path, monkeypatch):
    """``play`` keeps a game quit without --save in $CARDTABLE_SAVES: a folder of the test's own."""
    folder = tmp_path / "saves"
    monkeypatch.setenv("CARDTABLE_SAVES", str(folder))
    return folder


@pytest.fixture()
def in_tmp(tmp_path, monkeypatch):
    """Run in an empty folder (``play`` saves there on quit without --save)."""
    monkeypatch.chdir(tmp_path)
    return tmp_path
