"""Join groups (MY-8): two or more cards from hand played together as one play.

The action is ``join(card, card2[, card3, card4])`` in the group's resolution order (D-MY-74: a
group names at most four cards; the action format has one parameter per card, and four covers every
group the pool can form). The order is fixed, never chosen: a weapon or a spell comes after its host,
a Location after its Travel Event (MY-8.5), Monsters in hand order — any other order would fail its
own checks. Legality is checked by resolving the group on a clone, card by card, each against the
state the earlier ones left (MY-8.5); a Monster group checks its gate once and uses it once (MY-8.6).
All the group's sanity modifiers form one simultaneous change (MY-8.7).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Any, Callable, Sequence

from ...core import Action
from ...engine import FACE_DOWN
from .catalog import CardDef
from .play import Refusal, check, play
from .requirements import holds, matches
from .rules import MODIFIER, Batch, change, commit, game_over_check
from .state import MyState

KEYS = ("card", "card2", "card3", "card4")
MAX_GROUP = len(KEYS)
RANK = {"travel_event": 0, "location": 1, "ally": 0, "weapon": 1, "tome": 0, "spell": 1}


@lru_cache(maxsize=None)
def pair_joins(a: CardDef, b: CardDef) -> bool:
    """MY-8.2 / MY-8.3: a built-in pair, or one card's text allows joining the other (cached: a pure
    function of two card definitions; unbounded, as a pool's pairs number a few ten thousand at most and
    a bounded cache evicted pairs still in use)."""
    kinds = {a.type, b.type}
    if kinds == {"ally", "weapon"} or kinds == {"travel_event", "location"}:
        return True
    if kinds == {"tome", "spell"}:
        tome, spell = (a, b) if a.type == "tome" else (b, a)
        return spell.spell_icon in tome.spell_icons
    return any(matches(b, f) for f in a.joins) or any(matches(a, f) for f in b.joins)


_PARTNERS: dict[CardDef, frozenset[CardDef]] = {}


def partners(d: CardDef, pool: Sequence[CardDef]) -> frozenset[CardDef]:
    """Every definition of the pool that ``d`` Joins by ``pair_joins`` (computed once per definition, then
    a hand's Join pairs are set lookups: every turn asks them of every hand card)."""
    got = _PARTNERS.get(d)
    if got is None:
        got = _PARTNERS[d] = frozenset(e for e in pool if pair_joins(d, e))
    return got


def _joinable_pairs(st: MyState, hand: list[int], defs: dict[int, CardDef]) -> tuple[list[int], dict[int, list[int]]]:
    """The hand cards that Join at least one other hand card (hand order), and for each the later ones
    (higher instance number) it Joins, by ``partners``."""
    pool = st.pool.defs
    in_hand: dict[CardDef, int] = {}
    for i in hand:
        in_hand[defs[i]] = in_hand.get(defs[i], 0) + 1
    names = set(in_hand)  # a set, so that ``partners & names`` is one C-level intersection
    joinable = []
    mates: dict[int, frozenset[CardDef]] = {}
    for i in hand:
        d = defs[i]
        got = _PARTNERS.get(d) or partners(d, pool)
        found = got & names
        if found and (len(found) > 1 or d not in found or in_hand[d] > 1):
            joinable.append(i)
            mates[i] = got
    later: dict[int, list[int]] = {}
    for k, i in enumerate(joinable):
        m = mates[i]
        later[i] = [j for j in joinable[k + 1:] if defs[j] in m]  # hand order: later means higher
    return joinable, later


def joins(st: MyState, a: int, b: int) -> bool:
    """MY-8.2 for two cards now: a printed or built-in pair, or a JoinsWith keyword in force (MY-12.5)."""
    if pair_joins(st.card(a), st.card(b)):
        return True
    if not st.lasting:
        return False
    from .primitives import grants, selects

    return any(prim.keyword == "JoinsWith" and prim.joins is not None and
               (selects(st, q, x, prim.cards) and matches(st.card(y), prim.joins))
               for q, prim in grants(st, "grant_keyword") for x, y in ((a, b), (b, a)))


def granted_joins(st: MyState) -> Callable[[int, int], bool] | None:
    """``joins`` when a JoinsWith keyword is in force, else None (then the cached pure pair check is all)."""
    if st.lasting:
        from .primitives import grants

        if any(prim.keyword == "JoinsWith" for _q, prim in grants(st, "grant_keyword")):
            return lambda a, b: joins(st, a, b)
    return None


def ordered(st: MyState, cards: Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted(cards, key=lambda i: (RANK.get(st.card(i).type, 0), i)))


def group_of(action: Action) -> list[Any]:
    return [action.get(k) for k in KEYS if action.get(k) is not None]


def join_check(st: MyState, p: int, cards: Sequence[Any]) -> Refusal | None:
    """Why this group cannot be played now, or None."""
    t = st.table
    if not 2 <= len(cards) <= MAX_GROUP or len(set(cards)) != len(cards):
        return "MY-8.1", f"a Join group is 2 to {MAX_GROUP} different cards"
    if not all(type(i) is int and 0 <= i < len(t) and t.zone_name(i) == f"hand:{p}" for i in cards):
        return "MY-8.1", "a Join group is played from your own hand"
    defs = [st.card(i) for i in cards]
    extra = granted_joins(st)
    if not all(pair_joins(st.card(a), st.card(b)) or extra is not None and extra(a, b)
               for a, b in combinations(cards, 2)):
        return "MY-8.2", "every pair of cards in a Join group must Join"
    if tuple(cards) != ordered(st, cards):
        return "MY-8.5", "a Join group resolves hosts first, then what they hold (a Location after its travel)"
    if all(d.type == "monster" for d in defs):
        if not st.gate_open(p):
            return "MY-8.6", "a Monster group needs an upright current location with a gate, checked once"
        for d in defs:
            if not holds(st, p, d.requirement):
                return "MY-6.1.2", f"{d.title}: its requirement is not met"
        return None
    probe = st.clone()
    assert isinstance(probe, MyState)
    batch: Batch = {}
    for i in cards:
        host = _host(probe, cards, i)
        why = check(probe, p, i, host)
        if why is not None:
            return why
        play(probe, p, i, host, batch)
    return None


def _host(st: MyState, cards: Sequence[int], i: int) -> int | None:
    """MY-8.3a/b: a joined weapon goes onto the joined ally, a joined spell into the joined tome."""
    kind = st.card(i).type
    want = {"weapon": "ally", "spell": "tome"}.get(kind)
    if want is None:
        return None
    return next((c for c in cards if st.card(c).type == want), None)


def join_options(st: MyState, p: int, verdicts: dict[tuple[CardDef, int | None], bool] | None = None) -> list[Action]:
    """Every legal Join group from ``p``'s hand, each once in its resolution order.

    Why not ``join_check`` per group: that resolves every group from scratch on its own clone. Here the
    groups share their resolved prefixes (``_Probes``), and a group's last card is only checked, never
    played — the same card-by-card checks against the same states (MY-8.5), so the same groups, at a
    fraction of the clones and plays (profiling found this the largest cost of random play).
    ``verdicts`` are the caller's answers of ``check`` on ``st`` by (definition, host), reused for the
    first card of a group (``turn_options`` has just asked them of every card).
    """
    hand = sorted(st.table.cards(f"hand:{p}"))
    defs = {i: st.card(i) for i in hand}
    extra = granted_joins(st)
    if extra is not None:  # a JoinsWith grant is in force (MY-12.5): ask it of every pair
        joinable = [i for i in hand if any(extra(i, j) or pair_joins(defs[i], defs[j]) for j in hand if j != i)]
        later = {i: [j for j in joinable if j > i and (pair_joins(defs[i], defs[j]) or extra(i, j))]
                 for i in joinable}
    else:
        joinable, later = _joinable_pairs(st, hand, defs)
    out: list[Action] = []
    if len(joinable) < 2:
        return out
    probes = _Probes(st, p, verdicts or {})
    rank = {i: (RANK.get(defs[i].type, 0), i) for i in joinable}
    monsters = {i for i in joinable if defs[i].type == "monster"}
    groups: list[tuple[int, ...]] = [(i,) for i in joinable]
    for _size in range(2, MAX_GROUP + 1):  # grow cliques of joining cards one card at a time
        groups = [g + (j,) for g in groups for j in later[g[-1]] if all(j in later[a] for a in g[:-1])]
        for group in groups:
            cards = tuple(sorted(group, key=rank.__getitem__))  # ``ordered``
            if monsters.issuperset(cards):  # MY-8.6: no resolution to share
                ok = join_check(st, p, cards) is None
            else:
                ok = probes.last_card_fits(cards)
            if ok:
                out.append(Action(p, "join", tuple(zip(KEYS, cards))))
    return out


class _Probes:
    """The states a Join group's prefixes resolve to (``join_check``'s probe after its first k cards),
    each built once from its parent's: ``None`` where a card of the prefix fails its check.

    A prefix resolves the same inside every group that starts with it: a card's host is the group's first
    ally (weapon) or tome (spell), and those rank before what they hold, so they lie in the prefix."""

    def __init__(self, st: MyState, p: int, verdicts: dict[tuple[CardDef, int | None], bool]) -> None:
        self.st, self.p, self.first = st, p, verdicts
        self.done: dict[tuple[int, ...], MyState | None] = {(): st}  # the empty prefix: the state itself
        self.batches: dict[tuple[int, ...], Batch] = {(): {}}
        self.verdicts: dict[tuple[tuple[int, ...], CardDef, int | None], bool] = {}

    def resolved(self, prefix: tuple[int, ...]) -> MyState | None:
        if prefix in self.done:
            return self.done[prefix]
        parent = self.resolved(prefix[:-1])
        out: MyState | None = None
        if parent is not None:
            i = prefix[-1]
            host = _host(parent, prefix, i)
            known = self.first.get((parent.card(i), host)) if parent is self.st else None
            if known if known is not None else check(parent, self.p, i, host) is None:
                probe = parent.clone()
                assert isinstance(probe, MyState)
                batch = {k: list(v) for k, v in self.batches[prefix[:-1]].items()}
                play(probe, self.p, i, host, batch)
                out = probe
                self.batches[prefix] = batch
        self.done[prefix] = out
        return out

    def last_card_fits(self, cards: tuple[int, ...]) -> bool:
        """``join_check`` of a non-Monster group (cliques in resolution order from the hand) is None.

        Copies of one card after the same prefix share an answer: untargeted, ``check`` reads only the
        card's definition and host (and the state), the instance only to find it in the hand."""
        prefix, last = cards[:-1], cards[-1]
        if len(prefix) > 1 and self.resolved(prefix[:1]) is None:
            return False  # the group's first card cannot be played now: no prefix state to build
        base = self.resolved(prefix)
        if base is None:
            return False
        host = _host(base, cards, last)
        key = (prefix, base.card(last), host)
        if key not in self.verdicts:
            self.verdicts[key] = check(base, self.p, last, host) is None
        return self.verdicts[key]


def do_join(st: MyState, p: int, cards: Sequence[int]) -> None:
    """Carry out a legal group as one atomic effect (MY-1.3a i)."""
    t = st.table
    batch: Batch = {}
    if all(st.card(i).type == "monster" for i in cards):  # MY-8.6
        st.note("joined", {"player": p, "cards": list(cards)}, visible_to=[p],
                redacted={"player": p, "threat": len(cards)})
        for i in cards:
            st.move_card(i, f"threat:{p}")
            t.set_flag(i, FACE_DOWN)
            t.known[i] = 0
            if st.card(i).sanity_mod:
                change(batch, p, st.card(i).sanity_mod, i, MODIFIER)
        from .primitives import use_gate

        use_gate(st, p)  # MY-8.6: once for the group (a GRANT_GATE if there is no gate, MY-12.5)
    else:
        st.note("joined", {"player": p, "cards": list(cards)})
        for i in cards:
            play(st, p, i, _host(st, cards, i), batch)
    commit(st, batch)  # MY-8.7
    game_over_check(st)
