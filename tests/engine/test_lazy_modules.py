"""``engine.LazyModules``: a package's modules as attributes, imported once on first read."""

from __future__ import annotations

import sys

import pytest

from cardtable.engine import LazyModules


def test_a_module_is_imported_on_first_read_and_then_kept_as_an_attribute() -> None:
    mods = LazyModules("cardtable.engine")
    assert "frames" not in vars(mods)
    frames = mods.frames
    assert frames is sys.modules["cardtable.engine.frames"]
    assert vars(mods)["frames"] is frames, "the second read is a plain attribute, no import"
    assert mods.frames.Frame.__name__ == "Frame"


def test_no_package_and_dunder_probes_are_refused_and_a_missing_module_is_an_import_error() -> None:
    with pytest.raises(ValueError, match="__package__"):
        LazyModules(None)
    mods = LazyModules("cardtable.engine")
    with pytest.raises(AttributeError):
        mods.__wrapped__  # noqa: B018 - what copy/pickle/inspect probe must not be taken for a module
    with pytest.raises(ModuleNotFoundError):
        mods.no_such_module  # noqa: B018
