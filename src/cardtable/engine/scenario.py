"""The common part of the card games' scenario builders (``games/*/testing.py``).

Why: a rule test states its situation in a few lines and then acts; every card game's builder lays
real pool cards into zones, remembers which card went where (so a test names cards, not ids), and
drives the state with "apply the legal option of this kind" and "this must be refused, and change
nothing". That part is the same for every game and lives here; a game's ``testing.py`` keeps what is
its own (its zones, its turn stages, the states its cards can be in).

``card_sets`` (files or directories of custom sets, ``carddata.pool``) builds the situation in the game
over its shipped sets plus those, so a new card can be tested from outside the package.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from ..carddata.pool import custom_set_files, file_key
from ..core import Action, IllegalActionError

_VARIANTS: dict[tuple[Any, ...], Any] = {}


def game_with(game: Any, card_sets: Iterable[Path | str] | None) -> Any:
    """``game``, or the same game with the custom ``card_sets`` too (built once per list of sets and
    their contents)."""
    sources = tuple(Path(p).resolve() for p in card_sets or ())
    if not sources:
        return game
    key = (id(game), sources, tuple(file_key(p) for p in custom_set_files(sources)))
    if key not in _VARIANTS:
        _VARIANTS[key] = game.with_card_sets(sources)
    return _VARIANTS[key]


@dataclass
class Scenario:
    """A built state, the cards placed (name → [(zone, id)] in placing order), and helpers to drive it."""

    st: Any
    ids: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    name_of: Callable[[str], str] = str  # a card reference (id or name) -> the name ``ids`` keeps it under

    @classmethod
    def blank(cls, game: Any, seed: int, players: int, options: Any, name_of: Callable[[str], str]) -> Any:
        """An empty table of ``game`` (its state class, its zones for ``players``) with the parsed ``options``,
        nothing on the stack: a builder places its cards, sets its variables, pushes its frame and starts."""
        st = game.state_class.blank(game, seed, players, options, game.zones(players))
        return cls(st, name_of=name_of)

    def id(self, ref: str, zone: str | None = None, n: int = 0) -> int:
        """The id of the ``n``-th placed card ``ref`` (name or card id) in ``zone`` (default: any zone but a deck)."""
        name = self.name_of(ref)
        found = [i for z, i in self.ids.get(name, []) if z == zone or zone is None and not z.startswith("deck")]
        if len(found) <= n:
            raise KeyError(f"no card {ref!r} #{n} placed{' in ' + zone if zone else ''}")
        return found[n]

    def act(self, kind: str, **params: Any) -> None:
        act(self.st, kind, **params)

    def refuse(self, action: Action | str, **params: Any) -> IllegalActionError:
        """Apply an action that must be refused (an ``Action``, or a kind and parameters for the seat to
        decide) and return its error, after checking the state did not change."""
        if isinstance(action, str):
            d = self.st.decision
            assert d is not None, "the game is over"
            action = Action(d.player, action, tuple(sorted(params.items())))
        return refuse(self.st, action)

    def kinds(self) -> set[str]:
        """The kinds of the options now offered."""
        return {o.kind for o in self.st.legal_actions()}

    def place(self, ref: str, owner: int, zone: str, shown: bool) -> int:
        """Put pool card ``ref`` in ``zone`` (face up to all when ``shown``) and remember it."""
        pool = self.st.game.lookup
        d = pool[pool.index(ref)]
        t = self.st.table
        i: int = t.add(d.index, owner, zone)
        if shown:
            t.reveal_to_all(i)
        self.ids.setdefault(self.name_of(ref), []).append((zone, i))
        return i


def act(st: Any, kind: str, exact: bool = True, **params: Any) -> None:
    """Apply the legal option of ``kind`` with ``params`` (fails loudly, listing the options, if none);
    ``exact``: the option has no other parameter."""
    d = st.decision
    for option in st.legal_actions():
        if option.kind == kind and all(option.get(k) == v for k, v in params.items()) \
                and (not exact or len(option.params) == len(params)):
            st.apply(option)
            return
    raise AssertionError(f"no legal {kind} {params} at {d.kind if d else None}; "
                         f"options: {[str(o) for o in st.legal_actions()]}")


def refuse(st: Any, action: Action) -> IllegalActionError:
    """Apply an action that must be refused; return the error after checking nothing changed."""
    before = st.to_dict()
    try:
        st.apply(action)
    except IllegalActionError as err:
        assert st.to_dict() == before, "a refused action changed the state"
        return err
    raise AssertionError(f"{action} was accepted")
