"""``join.partners`` finds a definition's Join partners from the pool's index (built-in pairs by type, the few
definitions whose text Joins something) instead of asking ``pair_joins`` of every definition of the pool.
Why a test: the index is a second statement of MY-8.2/MY-8.3's pair rule, so it is compared with the rule
itself (``pair_joins``) on every pair of the shipped pool, which holds every card type, every built-in
pair and every card with a ``joins`` filter."""

from __future__ import annotations

from cardtable.games.mythos.catalog import load_pool
from cardtable.games.mythos.join import _partners, _pool_joins, followers, pair_joins, partners


def test_my_8_2_partners_from_the_index_are_the_pairs_that_join() -> None:
    defs = load_pool().defs
    index = _pool_joins(defs)
    assert index.joiners, "the pool has cards whose text Joins others"
    found = 0
    for d in defs:
        plain = frozenset(e for e in defs if pair_joins(d, e))
        assert _partners(d, index) == plain, d.title
        assert partners(d, defs) == plain, d.title
        found += len(plain)
    assert found > 1000


def test_my_8_5_followers_read_the_indexed_partners() -> None:
    defs = load_pool().defs
    for d in defs:
        assert followers(d, defs) <= partners(d, defs), d.title
