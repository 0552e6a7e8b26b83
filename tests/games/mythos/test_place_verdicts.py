"""The turn listing's verdicts kept by place (``legality.place_verdicts``) are the verdicts the plain
``legal`` gives.

Why: a kept verdict is read back at any later listing whose ``place_key`` is the same, in any game, so
it is right only if ``legal`` of a place-pure definition reads nothing outside the key. These tests
compare every kept verdict with a fresh ``legal`` on seeded 4-player positions (MY-6.3, MY-6.4.2,
MY-6.5.2, MY-6.8.1, MY-6.10.1, MY-6.11), check that positions with the same key agree on every
place-pure definition of the pool, and that the listing is the one it gives without the kept verdicts.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.games.mythos import GAME
from cardtable.games.mythos import legality
from cardtable.games.mythos.state import MyState
from cardtable.testing.positions import random_positions


def _positions(games: int = 6, players: int = 4) -> list[tuple[MyState, int]]:
    """Every turn position of a few seeded games, with the seat to act."""
    turns = random_positions(GAME, players, games, 13, lambda st, rng: st.decision.kind == "turn")  # type: ignore[union-attr]
    return [(st, st.decision.player) for st in turns]  # type: ignore[misc, union-attr]


POSITIONS = _positions()


def test_kept_verdicts_are_legals_answers() -> None:
    for st, p in POSITIONS:
        legality.turn_options(st.clone(), p)  # fills the kept verdicts (on a copy: a die roll draws)
    checked = 0
    for st, p in POSITIONS:
        kept, need = legality.place_verdicts(st, p)
        if kept is legality.NO_PLACE:
            continue
        for d, verdict in kept.items():
            assert legality.place_pure(d) >= need
            assert legality.legal(st, p, d, {}) == verdict, (d.title, legality.place_key(st, p))
            checked += 1
    assert checked > 500


def test_positions_with_one_key_agree_on_every_place_pure_definition() -> None:
    by_key: dict[tuple[Any, ...], dict[Any, bool]] = {}
    keyed = 0
    for st, p in POSITIONS:
        key = legality.place_key(st, p)
        if key is None:
            continue
        keyed += 1
        verdicts = by_key.setdefault(key, {})
        need = legality.KEPT_ALWAYS if key[0] is legality.CROSSWISE_TOP else legality.KEPT_UPRIGHT
        for d in st.pool.defs:
            if legality.place_pure(d) >= need:
                got = legality.legal(st, p, d, {})
                assert verdicts.setdefault(d, got) == got, (d.title, key)
    assert keyed > 100 and len(by_key) < keyed  # some keys are met again
    assert any(key[0] is legality.CROSSWISE_TOP for key in by_key)


def test_place_pure_definitions_read_no_die_or_count() -> None:
    pure = [d for d in POSITIONS[0][0].pool.defs if legality.place_pure(d)]
    assert pure
    for d in pure:
        assert d.type in legality._KEPT_TYPES
        assert legality._plain_requirement(d.requirement)  # no die roll, no count of cards


@pytest.mark.parametrize("players", [2, 4])
def test_the_listing_is_the_one_without_kept_verdicts(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    positions = POSITIONS if players == 4 else _positions(4, players)
    kept = [[a.to_dict() for a in legality.turn_options(st.clone(), p)] for st, p in positions]
    monkeypatch.setattr(legality, "place_verdicts", lambda st, p: (legality.NO_PLACE, legality.KEPT_ALWAYS + 1))
    plain = [[a.to_dict() for a in legality.turn_options(st.clone(), p)] for st, p in positions]
    assert kept == plain
