"""Sampled deals for search bots: many full states consistent with one seat's view, cheaply.

Why: ``GameDefinition.sample_state(view, ...)`` rebuilds a whole state from the view (every zone, the
public parts, the stack) and costs 0.5-3 ms on a card game; a search that asks for a fresh deal per
iteration spends most of its budget there. But within one decision everything the seat knows is fixed:
only *which* definitions the hidden cards have (and other seats' secrets, and the future shuffles)
change from one deal to the next. So :class:`DealSampler` builds one deal with ``sample_state`` and
then makes each further deal by cloning it and redrawing exactly what ``CardState.sample`` draws: the
hidden cards' definitions from the game's public ``prior`` per owner, the other seats' secrets, and a
fresh game RNG. A clone costs tens of microseconds.

Only the view is read (the first deal comes from ``sample_state`` of the view; the hidden instances
are those the view does not show), so a deal never knows more than the seat. A game whose states are
not on the shared card engine gets ``sample_state`` per deal, as before.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..core import GameDefinition, Rng, State
from ..engine.state import CardState


class DealSampler:
    """Deals consistent with ``view``: ``sample(rng)`` returns a new, independent one each call."""

    def __init__(self, game: GameDefinition, view: Mapping[str, Any]) -> None:
        self.game, self.view = game, view
        self.seat: int = view["seat"]
        self._template: State | None = None  # the first deal, built by ``sample_state``
        self._groups: list[tuple[int | None, list[int], list[int]]] = []  # (owner, hidden ids, known defs)
        self._secret_seats: list[int] = []
        self._unknown: dict[int | None, list[int]] = {}  # hidden ids by owner group, for ``_fit_sample``
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
        self._unknown = {g: hidden[g] for g in order}
        own = {int(s) for s, _ in self.view["secrets"]}
        self._secret_seats = [int(s) for s in self.view["committed"] if int(s) not in own]

    def sample(self, rng: Rng) -> State:
        """A fresh deal: hidden definitions, other seats' secrets and the game's RNG redrawn.

        The first call draws exactly what ``sample_state(view, [], seed=rng.next64())`` draws (so a search
        on a game without the fast path makes the same moves as before it existed)."""
        if self._template is None or not self.fast:
            deal = self.game.sample_state(self.view, [], seed=rng.next64())
            if self._template is None:
                self._template = deal
                self.fast = isinstance(deal, CardState)
                if self.fast:
                    self._plan(deal)  # type: ignore[arg-type]
                    return deal.clone()
            return deal
        deal = self._template.clone()
        assert isinstance(deal, CardState)
        t = deal.table
        deal.rng = Rng(rng.next64())  # ``prior`` may draw from the deal's RNG
        for owner, ids, known in self._groups:
            defs = deal.prior(owner, len(ids), known, self.seat)
            rng.shuffle(defs)
            for i, d in zip(ids, defs):
                t.defn[i] = d
        t.defs_rewritten()  # the template's derived facts are not this deal's
        for other in self._secret_seats:
            deal.secrets[other] = deal._resample_secret(other, rng)
        deal._fit_sample(self.seat, self._unknown, rng)  # as ``CardState.sample``: public facts about hidden cards
        t.defs_rewritten()  # (a game's ``_fit_sample`` may exchange definitions)
        deal.rng = Rng(rng.next64())
        return deal


__all__ = ["DealSampler"]
