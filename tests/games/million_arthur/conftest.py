"""Million Arthur is registered for these tests only until the game is complete (it is not yet ``GAME``)."""

from __future__ import annotations

from typing import Iterator

import pytest

from cardtable import registry
from cardtable.games.million_arthur import DEFINITION


@pytest.fixture(autouse=True)
def million_arthur_registered() -> Iterator[None]:
    registry.register(DEFINITION)
    yield
    registry.unregister(DEFINITION.info.id)
