"""Card emblems (engine/emblems.py): one original geometric shape per value of a game's colour field, sent
with the presentation so the browser's card component draws it; the same every run, and different for
every value of one palette (the shape tells factions apart for colour-blind players as well)."""

from __future__ import annotations

import re

import pytest

from cardtable.engine.emblems import COMBOS, emblem_path, emblems
from cardtable.registry import game_facet

GAMES = ("call-of-cthulhu", "million-arthur", "mythos")


@pytest.mark.parametrize("game", GAMES)
def test_each_palette_value_has_its_own_emblem_in_the_presentation(game: str) -> None:
    pres = game_facet(game, "presentation").PRESENTATION
    sent = pres.to_dict()["face"]["emblems"]
    assert set(sent) == set(pres.face.palette)
    assert len(set(sent.values())) == len(sent), "two values of one palette share an emblem"
    assert sent == emblems(pres.face.palette), "the emblems are not the same on every call"


def test_an_emblem_is_a_closed_path_inside_its_box() -> None:
    for value in ("hastur", "red", "travel_event", "x"):
        d = emblem_path(value)
        assert d.count("Z") >= 2  # the outline and its cut-out
        numbers = [float(n) for n in re.findall(r"-?\d+\.\d+", d) if "a" not in n]
        assert all(-24 <= n <= 24 for n in numbers)


def test_a_taken_shape_is_not_given_twice() -> None:
    taken: set = set()
    paths = [emblem_path(f"value {k}", taken) for k in range(len(COMBOS))]
    assert len(taken) == len(COMBOS) and len(set(paths)) == len(COMBOS)
