"""Build exact Sigil Duel situations: cards where a test wants them, then run to the first decision."""

from __future__ import annotations

from typing import Sequence

from cardtable.engine import Frame

from .toygame import BY_NAME, GAME, DuelState, zones_for


def build(hands: Sequence[Sequence[str]] = ((), ()), play: Sequence[Sequence[str]] = ((), ()),
          decks: Sequence[Sequence[str]] = (("Spark",) * 5, ("Spark",) * 5), active: int = 0,
          stage: str = "main", frames: Sequence[Frame] = ()) -> tuple[DuelState, dict[str, list[int]]]:
    """A state with the given cards (names) in each seat's zones; returns it and name -> ids in hands and play."""
    deck_lists = [list(decks[p]) + list(hands[p]) + list(play[p]) for p in (0, 1)]
    st = DuelState.blank(GAME, 1, 2, {"decks": deck_lists}, zones_for(2))
    ids: dict[str, list[int]] = {}
    for p in (0, 1):
        for zone, names in ((f"deck:{p}", decks[p]), (f"hand:{p}", hands[p]), (f"play:{p}", play[p])):
            for name in names:
                i = st.table.add(BY_NAME[name], p, zone)
                if not zone.startswith("deck"):
                    ids.setdefault(name, []).append(i)
    st.vars["active"] = active
    st.stack = [Frame("toy.turn", {"stage": stage}), *frames]
    st.start()
    return st, ids


def act(st: DuelState, kind: str, **params: object) -> None:
    """Apply the legal option of ``kind`` with ``params`` (fails loudly if there is none)."""
    for option in st.legal_actions():
        if option.kind == kind and all(option.get(k) == v for k, v in params.items()):
            st.apply(option)
            return
    raise AssertionError(f"no legal {kind} {params}; options: {[str(o) for o in st.legal_actions()]}")


def pass_until(st: DuelState, kind_prefix: str) -> None:
    """Pass every window until a decision whose kind starts with ``kind_prefix``."""
    for _ in range(50):
        d = st.decision
        assert d is not None
        if d.kind.startswith(kind_prefix):
            return
        act(st, "pass")
    raise AssertionError(f"never reached {kind_prefix}")
