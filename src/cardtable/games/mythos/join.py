"""Join groups (MY-8): two or more cards from hand played together as one play.

Two shapes, by MY-8.5 and MY-8.6 (D-MY-154, which replaces D-MY-74 for every group but Monsters):

* **Card by card** (MY-8.5: "the player declares an order; cards resolve in that order, and each card's
  requirements are checked against the state left by the earlier cards"). The turn option
  ``join(card[, host])`` plays its card as the group's first and opens the group (the ``my.join`` frame);
  the same player is then asked, again and again, to ``add(card)`` a hand card or be ``done``. A card is
  offered only if it Joins every card already in the group (MY-8.2), comes after the card it would hold
  or follow (a weapon after its ally, a spell after its tome, a Location after its Travel Event) and
  passes its own check against the state the group has left so far — the real state, so no probe state is
  ever built. The group's Sanity changes wait in the frame and apply as one change when it closes
  (MY-8.7). The follow-up is asked even when only ``done`` is left, so whether it is asked never depends
  on the hand; a group that closes with its first card alone was a single play.
* **A Monster group as one action** ``join(card, card2[, card3, card4])`` (MY-8.6: "checked and resolved
  as one unit"): its gate is checked once, its monsters go face down into the Threat, the gate is used
  once. It stays one action because its cards are hidden: a frame on the public stack could not hold them.

Why card by card: listing every group up front meant resolving each group's prefix on a copy of the state
at every turn, whether or not anyone joined — the largest cost of a Mythos turn. Now a turn lists one
``join`` per card that could begin a group (a look-up in the partners table), and the checks of the
further cards run only when a player actually joins, on the real state.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Any, Callable, Sequence

from ...core import Action, IllegalActionError, shared_action
from ...engine import FACE_DOWN, Frame, Op
from .catalog import CardDef
from .play import Refusal, cancel_filter, check, play
from .requirements import holds, matches
from .rules import MODIFIER, Batch, change, commit, game_over_check
from .state import HAND, OPS, THREAT, MyState, mods

KEYS = ("card", "card2", "card3", "card4")  # a Monster group's action (MY-8.6)
MAX_MONSTERS = len(KEYS)
JOIN = "my.join"
# MY-8.3 / MY-8.5: a card that holds or follows another comes after it in a group (the weapon after the ally
# it arms, the spell after the tome it is loaded into, the Location after the Travel Event that reaches it)
AFTER = {"weapon": "ally", "spell": "tome", "location": "travel_event"}


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
# MY-8.3's built-in pairs by type: a pair of these types Joins by its types alone (a tome and a spell by the
# spell's icon), whatever either card's text says (``pair_joins`` asks no filter of them)
_BUILT_IN = {frozenset(("ally", "weapon")), frozenset(("travel_event", "location")), frozenset(("tome", "spell"))}
_TYPE_PARTNER = {"ally": "weapon", "weapon": "ally", "travel_event": "location", "location": "travel_event",
                 "tome": "spell", "spell": "tome"}


class _PoolJoins:
    """A pool's definitions by type and those whose text Joins something (``joins``), made once per pool:
    what ``partners`` reads instead of asking ``pair_joins`` of every definition of the pool."""

    def __init__(self, pool: Sequence[CardDef]) -> None:
        self.pool = pool  # (kept: the index's key is its ``id``)
        by_type: dict[str, list[CardDef]] = {}
        for e in pool:
            by_type.setdefault(e.type, []).append(e)
        self.by_type = {k: tuple(v) for k, v in by_type.items()}
        self.joiners = tuple(e for e in pool if e.joins)


_POOL_JOINS: dict[int, _PoolJoins] = {}  # id(pool) -> its index (the index holds the pool, so the id stays its own)


def _pool_joins(pool: Sequence[CardDef]) -> _PoolJoins:
    got = _POOL_JOINS.get(id(pool))
    if got is None or got.pool is not pool:
        got = _POOL_JOINS[id(pool)] = _PoolJoins(pool)
    return got


def partners(d: CardDef, pool: Sequence[CardDef]) -> frozenset[CardDef]:
    """Every definition of the pool that ``d`` Joins by ``pair_joins`` (computed once per definition, then
    a hand's Join pairs are set lookups: every turn asks them of every hand card).

    ``pair_joins`` asked of every definition of the pool was most of a short run's first games (a pair
    test of about 10k instructions, 300 per definition), so the same set is found from the pool's index:
    the built-in partners of ``d``'s type (a spell's tomes by icon), and, for every pair of types that is no
    built-in one, the definitions one of whose ``joins`` filters the other matches — those of the pool if
    ``d`` has filters, and the few definitions with filters (``joiners``) that match ``d``. That is
    ``pair_joins``' test, case by case (``test_join_index`` compares the two on every pair of the pool)."""
    got = _PARTNERS.get(d)
    if got is None:
        got = _PARTNERS[d] = _partners(d, _pool_joins(pool))
    return got


def _partners(d: CardDef, index: _PoolJoins) -> frozenset[CardDef]:
    """``partners`` from the pool's index (uncached)."""
    out: set[CardDef] = set()
    kind = d.type
    other = _TYPE_PARTNER.get(kind)
    if other is not None:
        typed = index.by_type.get(other, ())
        if kind == "tome":
            out.update(e for e in typed if e.spell_icon in d.spell_icons)
        elif kind == "spell":
            out.update(e for e in typed if d.spell_icon in e.spell_icons)
        else:
            out.update(typed)
    if d.joins:
        out.update(e for e in index.pool if frozenset((kind, e.type)) not in _BUILT_IN
                   and any(matches(e, f) for f in d.joins))
    out.update(e for e in index.joiners if frozenset((kind, e.type)) not in _BUILT_IN
               and any(matches(d, f) for f in e.joins))
    return frozenset(out)


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
        grants = mods.primitives.grants

        if any(prim.keyword == "JoinsWith" for _q, prim in grants(st, "grant_keyword")):
            return lambda a, b: joins(st, a, b)
    return None


def group_of(action: Action) -> list[Any]:
    return [action.get(k) for k in KEYS if action.get(k) is not None]


def _member(d: CardDef) -> bool:
    """Can this card be part of a card-by-card group at all? Not a Monster (MY-8.6: their own groups) nor
    a card that names a target as it is played (MY-5.10: it is played alone, naming it)."""
    return d.type != "monster" and cancel_filter(d) is None


def may_follow(first: CardDef, then: CardDef) -> bool:
    """MY-8.5: ``then`` may come after ``first`` in a group: not the card ``first`` holds or follows."""
    return AFTER.get(first.type) != then.type


# ---- the turn's options -------------------------------------------------------------------------------------


def starts_group(d: CardDef, defs: Sequence[CardDef], names: set[CardDef], pool: Sequence[CardDef]) -> bool:
    """``starters``'s test of one hand card of definition ``d`` while no JoinsWith grant is in force: a card
    of the hand (``defs``, their set ``names``) may follow it. A pure function of ``d`` and the hand's
    definitions, so ``turn_options`` asks it only of the cards it found legal (the others are never
    offered a ``join``), instead of building the whole set first."""
    f = _FOLLOWERS.get(d)
    if f is None:
        f = followers(d, pool)
    return bool(f) and not f.isdisjoint(names) and (d not in f or defs.count(d) > 1 or len(f & names) > 1)


def starters(st: MyState, p: int, hand: Sequence[int], defs: Sequence[CardDef] | None = None) -> set[int]:
    """The hand cards another hand card could be added to as a group's first card (MY-8.2, MY-8.5):
    a partner that may follow it. Whether that partner passes its check once the first card has
    resolved is asked only when the group is open (``addable``). ``defs``: the hand's definitions, in
    hand order, when the caller has read them."""
    card = st.card
    extra = granted_joins(st)
    if extra is not None:  # a JoinsWith grant is in force (MY-12.5): ask it of every pair
        members = [i for i in hand if _member(card(i))]
        return {i for i in members for j in members if j != i and may_follow(card(i), card(j))
                and (pair_joins(card(i), card(j)) or extra(i, j))}
    if defs is None:
        defs = [card(i) for i in hand]
    pool = st.pool.defs
    got = _FOLLOWERS.get
    firsts = [(i, d, f) for i, d in zip(hand, defs) if (f := got(d)) or f is None and (f := followers(d, pool))]
    if not firsts:
        return set()  # no card of the hand has a follower in the whole pool
    names = set(defs)
    return {i for i, d, f in firsts
            if not f.isdisjoint(names) and (d not in f or defs.count(d) > 1 or len(f & names) > 1)}


_FOLLOWERS: dict[CardDef, frozenset[CardDef]] = {}


def followers(d: CardDef, pool: Sequence[CardDef]) -> frozenset[CardDef]:
    """The definitions that may be added after ``d`` in a group (MY-8.2, MY-8.5), none if ``d`` is no
    member of one (computed once per definition: every turn asks it of every hand card)."""
    got = _FOLLOWERS.get(d)
    if got is None:
        got = _FOLLOWERS[d] = frozenset(e for e in partners(d, pool) if _member(e) and may_follow(d, e)) \
            if _member(d) else frozenset()
    return got


def join_start(p: int, i: int, host: int | None) -> Action:
    params: tuple[tuple[str, Any], ...] = (("card", i),) if host is None else (("card", i), ("host", host))
    return shared_action(p, "join", params)


def monster_groups(st: MyState, p: int, hand: Sequence[int], defs: Sequence[CardDef] | None = None,
                   memo: dict[str, Any] | None = None) -> list[Action]:
    """MY-8.3d / MY-8.6: every group of 2 to 4 hand Monsters that pairwise Join, each once (card-id
    order), when the gate is open and each monster's own requirement holds. ``defs`` as for ``starters``;
    ``memo``: the turn listing's (``legality.check``'s), whose ``gate`` is read instead of asking again
    (the state has not changed since, and the gate is a pure read)."""
    card = st.card
    if defs is None:
        defs = [card(i) for i in hand]
    ms = [(i, d) for i, d in zip(hand, defs) if d.type == "monster"]
    if len(ms) < 2:
        return []
    gate = None if memo is None else memo.get("gate")  # ``legality.check``'s memo: the gate, if a check read it
    if gate is None:
        gate = st.gate_open(p)
    if not gate:
        return []
    ok = [i for i, d in ms if d.requirement is None or holds(st, p, d.requirement)]
    if len(ok) < 2:
        return []
    extra = granted_joins(st)
    later = {i: [j for j in ok if j > i and (pair_joins(st.card(i), st.card(j)) or extra is not None and extra(i, j))]
             for i in ok}
    out: list[Action] = []
    groups: list[tuple[int, ...]] = [(i,) for i in ok]
    for _size in range(2, MAX_MONSTERS + 1):  # grow cliques of joining monsters one card at a time
        groups = [g + (j,) for g in groups for j in later[g[-1]] if all(j in later[a] for a in g[:-1])]
        out += [Action(p, "join", tuple(zip(KEYS, g))) for g in groups]
    return out


# ---- refusals ---------------------------------------------------------------------------------------------------


def _in_hand(st: MyState, p: int, cards: Sequence[Any]) -> bool:
    t = st.table
    return all(type(i) is int and 0 <= i < len(t) and t.zone_name(i) == HAND[p] for i in cards)


def join_check(st: MyState, p: int, action: Action) -> Refusal | None:
    """Why this ``join`` turn action cannot be taken now, or None."""
    cards = group_of(action)
    if not 1 <= len(cards) <= MAX_MONSTERS or len(set(cards)) != len(cards):
        return "MY-8.1", f"a Join names its first card (a Monster group: 2 to {MAX_MONSTERS} Monsters)"
    if not _in_hand(st, p, cards):
        return "MY-8.1", "a Join group is played from your own hand"
    defs = [st.card(i) for i in cards]
    if len(cards) == 1:
        d = defs[0]
        if d.type == "monster":
            return "MY-8.6", "a Monster group is one play naming all its Monsters (card, card2, ...)"
        if cancel_filter(d) is not None:
            return "MY-8.1", f"{d.title} names its target and is played alone"
        why = check(st, p, cards[0], action.get("host"))
        if why is not None:
            return why
        if cards[0] not in starters(st, p, sorted(st.table.cards(HAND[p]))):
            return "MY-8.2", f"no other card in your hand Joins {d.title} after it"
        return None
    if not all(d.type == "monster" for d in defs):
        return "MY-8.5", "a Join group other than Monsters is played card by card: join its first card, then add"
    extra = granted_joins(st)
    if not all(pair_joins(st.card(a), st.card(b)) or extra is not None and extra(a, b)
               for a, b in combinations(cards, 2)):
        return "MY-8.2", "every pair of cards in a Join group must Join"
    if list(cards) != sorted(cards):
        return "MY-8.6", "a Monster group names its Monsters in card order"
    if not st.gate_open(p):
        return "MY-8.6", "a Monster group needs an upright current location with a gate, checked once"
    for d in defs:
        if not holds(st, p, d.requirement):
            return "MY-6.1.2", f"{d.title}: its requirement is not met"
    return None


def add_check(st: MyState, p: int, cards: Sequence[int], y: Any) -> Refusal | None:
    """Why hand card ``y`` cannot be added to the open group ``cards`` now (MY-8.2, MY-8.4, MY-8.5), or None."""
    if not _in_hand(st, p, [y]):
        return "MY-8.1", "a Join group is played from your own hand"
    d = st.card(y)
    if d.type == "monster":
        return "MY-8.6", "Monsters join only a group of Monsters, played as one"
    if cancel_filter(d) is not None:
        return "MY-8.1", f"{d.title} names its target and is played alone"
    host = _second_attachment(st, cards, d)
    if host is not None:
        return "MY-8.4", f"this Join group already gives its {host} a {d.type}: at most one {d.type} per {host}"
    extra = granted_joins(st)
    for c in cards:
        g = st.card(c)
        if not (pair_joins(g, d) or extra is not None and extra(c, y)):
            return "MY-8.2", f"{d.title} does not Join {g.title}: every pair of a group must Join"
        if not may_follow(g, d):
            return "MY-8.5", f"{d.title} would have to resolve before {g.title}, which is already played"
    return check(st, p, y, _host(st, cards, y))


def _second_attachment(st: MyState, cards: Sequence[int], d: CardDef) -> str | None:
    """MY-8.4: within one group at most one spell per tome and one weapon per ally — the host kind that
    ``d`` would get a second one of, or None."""
    host = {"spell": "tome", "weapon": "ally"}.get(d.type)
    if host is not None and any(st.card(c).type == d.type for c in cards) \
            and any(st.card(c).type == host for c in cards):
        return host
    return None


def _host(st: MyState, cards: Sequence[int], i: int) -> int | None:
    """MY-8.3a/b: a joined weapon goes onto the group's ally, a joined spell into the group's tome."""
    want = {"weapon": "ally", "spell": "tome"}.get(st.card(i).type)
    if want is None:
        return None
    return next((c for c in cards if st.card(c).type == want), None)


def addable(st: MyState, p: int, cards: Sequence[int]) -> list[int]:
    """The hand cards that may be added to the open group now (``add_check`` is None), in hand order."""
    group = [st.card(c) for c in cards]
    extra = granted_joins(st)
    # without a JoinsWith grant, a member that may follow every card of the group and Joins it is one of each
    # card's ``followers`` (the group's cards are members: each was offered as one): their intersection, made
    # once, answers for every hand card what the pair tests below answer one pair at a time
    allowed = None if extra is not None else frozenset.intersection(*[followers(g, st.pool.defs) for g in group])
    out: list[int] = []
    seen: dict[tuple[CardDef, int | None], bool] = {}  # copies with the same host decide alike
    for y in sorted(st.table.cards(HAND[p])):
        d = st.card(y)
        if allowed is not None:
            if d not in allowed:
                continue
        elif extra is not None and (not _member(d) or not all(may_follow(g, d) and (pair_joins(g, d) or extra(c, y))
                                                              for c, g in zip(cards, group))):  # (extra is set here)
            continue
        if _second_attachment(st, cards, d) is not None:
            continue
        host = _host(st, cards, y)
        ok = seen.get((d, host))
        if ok is None:
            ok = seen[(d, host)] = check(st, p, y, host) is None
        if ok:
            out.append(y)
    return out


# ---- carrying a group out ----------------------------------------------------------------------------------------


def _frozen(batch: Batch) -> tuple[tuple[int, tuple[int, ...]], ...]:
    return tuple((q, tuple(ch)) for q, ch in sorted(batch.items()) if ch)


def _join_index(st: MyState) -> int:
    """Where the open group's frame is (effects its cards raised may be pending above it)."""
    return max(k for k, f in enumerate(st.stack) if f.op == JOIN)


def is_open(st: MyState) -> bool:
    return any(f.op == JOIN for f in st.stack)


def set_under(st: MyState, frame: Frame) -> None:
    """Replace the frame beneath the open group (the round's, which goes on when the group closes)."""
    st.stack[_join_index(st) - 1] = frame


def _resolve(st: MyState, p: int, cards: tuple[int, ...], i: int, host: int | None, batch: Batch) -> None:
    """Play ``i`` as the next card of the group: the frame names it before it resolves, so an effect of
    the card that asks (MY-12.5) is answered on top of the group and the group goes on after it."""
    k = _join_index(st)
    st.stack[k] = st.stack[k].evolve(cards=cards + (i,), batch=())
    play(st, p, i, host, batch)
    k = _join_index(st)
    st.stack[k] = st.stack[k].evolve(batch=_frozen(batch))  # what the card's effect left for the group's change


def open_group(st: MyState, p: int, i: int, host: int | None) -> None:
    """The ``join`` turn action: the group's first card resolves, and the group stays open (MY-8.5)."""
    st.note("join_opened", {"player": p, "card": i})
    st.push(JOIN, player=p, cards=(), batch=())
    _resolve(st, p, (), i, host, {})


class Join(Op[MyState]):
    """An open Join group (D-MY-154): asks its player for the next card or ``done`` until it closes."""

    name = JOIN

    def run(self, st: MyState, frame: Frame) -> None:
        p, cards = int(frame["player"]), tuple(frame["cards"])
        opts = [shared_action(p, "add", (("card", y),)) for y in addable(st, p, cards)]
        opts.append(shared_action(p, "done"))
        st.ask(p, "join", f"Seat {p}: add a card to the Join group, or done", opts)

    def answer(self, st: MyState, frame: Frame, action: Action) -> None:
        p, cards = int(frame["player"]), tuple(frame["cards"])
        batch: Batch = {q: list(ch) for q, ch in frame["batch"]}
        if action.kind == "done":
            st.pop()
            if len(cards) > 1:
                st.note("joined", {"player": p, "cards": list(cards)})
            else:
                st.note("join_alone", {"player": p, "card": cards[0]})
            commit(st, batch)  # MY-8.7: one simultaneous change
            game_over_check(st)
            return
        y = action.get("card")
        assert isinstance(y, int)
        st.note("join_added", {"player": p, "card": y})
        _resolve(st, p, cards, y, _host(st, cards, y), batch)


def add_refusal(st: MyState, action: Action) -> IllegalActionError:
    """Why an answer to the open group's question is not legal."""
    frame = st.stack[_join_index(st)]
    if action.kind == "add":
        why = add_check(st, int(frame["player"]), tuple(frame["cards"]), action.get("card"))
        if why is not None:
            return IllegalActionError(*why)
    return IllegalActionError("MY-8.5", "add a card of your hand that Joins every card of the group, or done")


OPS.add(Join())


def do_join(st: MyState, p: int, cards: Sequence[int]) -> None:
    """Carry out a legal Monster group as one atomic effect (MY-8.6, MY-1.3a i)."""
    t = st.table
    batch: Batch = {}
    st.note("joined", {"player": p, "cards": list(cards)}, visible_to=[p],
            redacted={"player": p, "threat": len(cards)})
    for i in cards:
        st.move_card(i, THREAT[p])
        t.set_flag(i, FACE_DOWN)
        t.forget(i)
        if st.card(i).sanity_mod:
            change(batch, p, st.card(i).sanity_mod, i, MODIFIER)
    from .primitives import use_gate

    use_gate(st, p)  # MY-8.6: once for the group (a GRANT_GATE if there is no gate, MY-12.5)
    commit(st, batch)  # MY-8.7
    game_over_check(st)
