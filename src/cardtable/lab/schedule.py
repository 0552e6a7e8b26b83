"""A round robin of decks as game plans: every pairing, both seatings, every bot seating.

Why plans and not a loop of runs: one run of ``len(plans) * k`` games keeps the simulator's promise
that game ``i`` has seed ``mix_seed(seed, i)`` whatever the backend or the number of jobs, so a
report is reproducible locally and on Ray. Plans cycle with the pairing changing fastest, so a run
cut short by its size still covers every pairing about equally.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from typing import Any, Mapping, Sequence

from ..core import SetupError
from ..sim import GamePlan


@dataclass(frozen=True, slots=True)
class LabDeck:
    """A deck of the lab: its display name and the value the game's deck option takes for it."""

    name: str
    option: Any


@dataclass(frozen=True, slots=True)
class Schedule:
    """The plans of a run, and for each plan which deck (index into ``decks``) sits at each seat."""

    decks: tuple[LabDeck, ...]
    plans: tuple[GamePlan, ...]
    seats: tuple[tuple[int, ...], ...]  # seats[k][s]: the deck of seat s in plan k

    def games_for(self, wanted: int) -> int:
        """``wanted`` rounded up to whole cycles, so every pairing and seating is played as often."""
        cycle = len(self.plans)
        return -(-max(wanted, 1) // cycle) * cycle


def round_robin(decks: Sequence[LabDeck], bots: Sequence[str], option: str,
                options: Mapping[str, Any] | None = None, mirrors: bool = False) -> Schedule:
    """Two-player plans: each pair of decks (and each deck against itself with ``mirrors``) in both
    seatings; with two different bots, also with the bots swapped, so neither a seat nor a bot
    favours a deck."""
    if len(bots) != 2:
        raise SetupError(f"the lab plays two-player round robins: give one or two bot specs, not {len(bots)}")
    if len(decks) < (1 if mirrors else 2):
        raise SetupError("a round robin needs at least two decks (or one with mirror matches)")
    names = [d.name for d in decks]
    if len(set(names)) != len(names):
        raise SetupError(f"a deck is listed twice: {', '.join(sorted({n for n in names if names.count(n) > 1}))}")
    pairs = list(combinations_with_replacement(range(len(decks)), 2) if mirrors else combinations(range(len(decks)), 2))
    bot_seatings = [tuple(bots)] if bots[0] == bots[1] else [tuple(bots), (bots[1], bots[0])]
    plans: list[GamePlan] = []
    seats: list[tuple[int, ...]] = []
    for bot_seating in bot_seatings:
        for swap in (False, True):
            for a, b in pairs:
                seating = (b, a) if swap else (a, b)
                opts = dict(options or {})
                opts[option] = [decks[d].option for d in seating]
                plans.append(GamePlan(bot_seating, opts))
                seats.append(seating)
    return Schedule(tuple(decks), tuple(plans), tuple(seats))
