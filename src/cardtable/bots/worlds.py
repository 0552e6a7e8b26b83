"""Sampled worlds for search bots: many full states consistent with one seat's view, cheaply.

Why: ``GameDefinition.sample_state(view, ...)`` rebuilds a whole state from the view (every zone, the
public parts, the stack) and costs 0.5-3 ms on a card game; a search that asks for a fresh world per
iteration spends most of its budget there. But within one decision everything the seat knows is fixed:
only *which* definitions the hidden cards have (and other seats' secrets, and the future shuffles)
change from one world to the next. So :class:`WorldSampler` builds one world with ``sample_state`` and
then makes each further world by cloning it and redrawing exactly what ``CardState.sample`` draws: the
hidden cards' definitions from the game's public ``prior`` per owner, the other seats' secrets, and a
fresh game RNG. A clone costs tens of microseconds.

Only the view is read (the first world comes from ``sample_state`` of the view; the hidden instances
are those the view does not show), so a world never knows more than the seat. A game whose states are
not on the shared card engine (Two Mists) gets ``sample_state`` per world, as before.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..core import GameDefinition, Rng, State
from ..engine.state import CardState


class WorldSampler:
    """Worlds consistent with ``view``: ``sample(rng)`` returns a new, independent one each call."""

    def __init__(self, game: GameDefinition, view: Mapping[str, Any]) -> None:
        self.game, self.view = game, view
        self.seat: int = view["seat"]
        self._template: State | None = None  # the first world, built by ``sample_state``
        self._groups: list[tuple[int | None, list[int], list[int]]] = []  # (owner, hidden ids, known defs)
        self._secret_seats: list[int] = []
        self.fast = False

    def _plan(self, template: CardState) -> None:
        """Which instances of the template are hidden from the seat, by owner group (as ``CardState.sample``)."""
        vcards: Mapping[str, Any] = self.view["cards"]
        t = template.table
        hidden: dict[int | None, list[int]] = {}
        known: dict[int | None, list[int]] = {}
        for i in range(len(t.defn)):
            owner = t.owner[i]
            group = owner if owner >= 0 else None
            row = vcards.get(str(i))
            if row is None or row["defn"] is None:
                hidden.setdefault(group, []).append(i)
            else:
                known.setdefault(group, []).append(row["defn"])
        order = sorted(hidden, key=lambda g: -1 if g is None else g)
        self._groups = [(g, hidden[g], known.get(g, [])) for g in order]
        own = {int(s) for s, _ in self.view["secrets"]}
        self._secret_seats = [int(s) for s in self.view["committed"] if int(s) not in own]

    def sample(self, rng: Rng) -> State:
        """A fresh world: hidden definitions, other seats' secrets and the game's RNG redrawn.

        The first call draws exactly what ``sample_state(view, [], seed=rng.next64())`` draws (so a search
        on a game without the fast path makes the same moves as before it existed)."""
        if self._template is None or not self.fast:
            world = self.game.sample_state(self.view, [], seed=rng.next64())
            if self._template is None:
                self._template = world
                self.fast = isinstance(world, CardState)
                if self.fast:
                    self._plan(world)  # type: ignore[arg-type]
                    return world.clone()
            return world
        world = self._template.clone()
        assert isinstance(world, CardState)
        t = world.table
        world.rng = Rng(rng.next64())  # ``prior`` may draw from the world's RNG
        for owner, ids, known in self._groups:
            defs = world.prior(owner, len(ids), known, self.seat)
            rng.shuffle(defs)
            for i, d in zip(ids, defs):
                t.defn[i] = d
        for other in self._secret_seats:
            world.secrets[other] = world._resample_secret(other, rng)
        world.rng = Rng(rng.next64())
        return world


__all__ = ["WorldSampler"]
