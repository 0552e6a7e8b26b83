"""The engine's test game is registered for the engine tests only (replay looks games up by id)."""

from __future__ import annotations

from typing import Iterator

import pytest

from cardtable import registry

from .toygame import GAME


@pytest.fixture(autouse=True)
def sigil_duel_registered() -> Iterator[None]:
    registry.register(GAME)
    yield
    registry.unregister(GAME.info.id)
