"""A small geometric emblem for each value of a card's colour field (a faction, a colour, a card type).

Why generated: a card shows where it belongs at a glance (as a faction symbol does on a printed card), and
the project ships no art. Each value gets an original shape made from its name alone: a polygon or star
with a cut-out, the number of points, the turn and the cut-out chosen by a checksum of the name. So the
emblem is the same in every browser, every run and every medium that draws it (the browser's card
component reads it from the presentation, ``Presentation.to_dict``), and two values of one game are told
apart by the shape as well as by the colour (colour-blind players).
"""

from __future__ import annotations

import math
import zlib
from typing import Iterable

SIZE = 24  # the path's box: 0..24 both ways (the SVG viewBox)


def _points(n: int, radius: float, turn: float, inner: float | None = None) -> list[tuple[float, float]]:
    """A regular polygon (``inner`` None) or star (every other point at ``inner`` × radius) around the centre."""
    c = SIZE / 2
    count = n * 2 if inner is not None else n
    out = []
    for k in range(count):
        r = radius * (inner if inner is not None and k % 2 else 1.0)
        a = turn + 2 * math.pi * k / count - math.pi / 2
        out.append((c + r * math.cos(a), c + r * math.sin(a)))
    return out


def _path(points: Iterable[tuple[float, float]]) -> str:
    pts = list(points)
    return "M" + " L".join(f"{x:.2f},{y:.2f}" for x, y in pts) + " Z"


def _circle(radius: float) -> str:
    c = SIZE / 2
    return (f"M{c - radius:.2f},{c:.2f} a{radius:.2f},{radius:.2f} 0 1,0 {2 * radius:.2f},0 "
            f"a{radius:.2f},{radius:.2f} 0 1,0 {-2 * radius:.2f},0 Z")


COMBOS = [(sides, star, hole) for sides in range(3, 9) for star in (True, False) for hole in range(3)]
"""Every emblem shape: points (3..8), star or polygon, and the cut-out (circle, small polygon, echo)."""


def _draw(value: str, combo: tuple[int, bool, int]) -> str:
    sides, star, hole = combo
    h = zlib.crc32(value.encode("utf-8"))
    turn = ((h >> 5) % 2) * math.pi / sides
    outer = _path(_points(sides, 11.0, turn, 0.5 if star else None))
    if hole == 0:
        inner = _circle(3.4)
    elif hole == 1:
        inner = _path(_points(3 + (h >> 10) % 3, 4.2, turn + math.pi / sides))
    else:
        inner = _path(_points(4, 2.6, math.pi / 4)) if star else _path(_points(sides, 6.0, turn))
    return f"{outer} {inner}"


def emblem_path(value: str, taken: set[tuple[int, bool, int]] | None = None) -> str:
    """The SVG path (``d``, in a 24×24 box, filled with the even-odd rule) of ``value``'s emblem: the shape
    its checksum picks, or the next one not in ``taken`` (which it joins), so the values of one palette
    never share a shape."""
    start = zlib.crc32(value.encode("utf-8")) % len(COMBOS)
    for k in range(len(COMBOS)):
        combo = COMBOS[(start + k * 7) % len(COMBOS)]
        if taken is None or combo not in taken:
            break
    if taken is not None:
        taken.add(combo)
    return _draw(value, combo)


def emblems(values: Iterable[str]) -> dict[str, str]:
    """``value -> path`` for every value (a game's palette keys, in their declared order): all different."""
    taken: set[tuple[int, bool, int]] = set()
    return {v: emblem_path(v, taken) for v in values}
