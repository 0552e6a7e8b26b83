"""Mythos is registered for these tests only until the game is complete (it is not yet ``GAME``)."""

from __future__ import annotations

from typing import Iterator

import pytest

from cardtable import registry
from cardtable.games.mythos import DEFINITION


@pytest.fixture(autouse=True)
def mythos_registered() -> Iterator[None]:
    registry.register(DEFINITION)
    yield
    registry.unregister(DEFINITION.info.id)
