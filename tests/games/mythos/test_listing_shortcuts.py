"""The eighth speed round's shortcuts of the turn listing give the answers of the plain reads they replace.

Why: ``legality.turn_options`` asks the join starters only of legal cards (``join.starts_group``), gathers
the hand's Monsters for ``join.monster_groups`` itself, reads the place off an upright Location on top
(``requirements.upright_top``: ``features``, ``legality._gate_open``, ``legality._move_start``), and
``abilities._sources`` reads each source's abilities as it finds it. Each is compared here with the plain
function on positions of seeded 4-player random games (MY-8.5, MY-8.6, MY-6.3, MY-6.8.1, MY-12.2). The
listing as a whole is compared with the seeded-game hashes; these tests say which piece broke."""

from __future__ import annotations


from cardtable.games.mythos import GAME
from cardtable.games.mythos import abilities, join, legality, requirements
from cardtable.games.mythos.state import HAND, MyState, STORY
from cardtable.testing.positions import random_positions


def _positions(games: int = 5, players: int = 4) -> list[tuple[MyState, int]]:
    """Every turn position of a few seeded games, with the seat to act."""
    turns = random_positions(GAME, players, games, 11, lambda st, rng: st.decision.kind == "turn")  # type: ignore[union-attr]
    return [(st, st.decision.player) for st in turns]  # type: ignore[misc, union-attr]


POSITIONS = _positions()


def _plain_move_start(st: MyState, p: int) -> tuple[object, ...]:
    """``_move_start`` as it reads without its shortcut (the walk through ``reference``)."""
    top = st.story_top(p)
    granted = legality._primitives.travel_rule(st, p) if st.lasting else None
    if top is not None and st.card(top).type == "travel_event" or granted is not None:
        on_top = top is not None and st.card(top).type == "travel_event"
        rule = st.card(top).destination if on_top and top is not None else granted
        name = st.card(top).title if on_top and top is not None else "your travel grant"
        return "travel", rule, name, st.position(p)[1]
    ref = st.reference(p)
    if ref is not None:
        r = st.card(ref)
        return "move", r.dimension, r.region, r.features
    ref_dim, ref_region, _ = st.position(p)
    return "move", ref_dim, ref_region, frozenset()


def test_my_6_3_the_place_read_off_an_upright_top_is_the_states_answer() -> None:
    upright = 0
    for st, p in POSITIONS:
        d = requirements.upright_top(st, p)
        if d is not None:
            upright += 1
            assert st.current_location(p) == st.table.cards(STORY[p])[-1]
        assert requirements.features(st, p) == st.features(p)
        assert legality._gate_open(st, p) == st.gate_open(p)
        assert legality._move_start(st, p) == _plain_move_start(st, p)
        top = st.story_top(p)
        crosswise_top = top is not None and st.card(top).type == "location" and st.crosswise(top)
        assert legality.can_arrive(st, p) == crosswise_top
    assert upright > 100


def test_my_8_5_starters_asked_card_by_card_are_the_starters_set() -> None:
    asked = 0
    for st, p in POSITIONS:
        hand = sorted(st.table.cards(HAND[p]))
        if len(hand) < 2 or join.granted_joins(st) is not None:
            continue
        defs = [st.card(i) for i in hand]
        names = set(defs)
        whole = join.starters(st, p, hand, defs)
        assert {i for i, d in zip(hand, defs) if join.starts_group(d, defs, names, st.pool.defs)} == whole
        asked += 1
    assert asked > 100


def test_my_8_6_monster_groups_of_the_hands_monsters_are_those_of_the_hand() -> None:
    for st, p in POSITIONS:
        hand = sorted(st.table.cards(HAND[p]))
        defs = [st.card(i) for i in hand]
        monsters = [i for i, d in zip(hand, defs) if d.type == "monster"]
        plain = join.monster_groups(st, p, hand, defs)
        memo = {"gate": st.gate_open(p)}
        assert join.monster_groups(st, p, monsters, [st.card(i) for i in monsters], memo) == plain


def test_my_12_2_sources_carry_the_abilities_of_each_card() -> None:
    for st, p in POSITIONS:
        pairs = abilities._sources(st, p)
        assert [i for i, _a in pairs] == abilities.sources(st, p)
        for i, got in pairs:
            assert got == abilities.abilities_of(st, i)


def test_my_5_4_plans_name_the_listing_of_each_definition() -> None:
    """A ``_FREE`` Event's verdict is always legal, a ``_PLACE`` Location's is ``legal``'s."""
    for st, p in POSITIONS[::7]:
        memo: dict[str, object] = {}
        for d in GAME.pool.defs:
            plan = legality._plan(d)
            if plan == legality._FREE:
                assert legality.legal(st, p, d, {}) and legality.type_refusal(st, p, d) is None, d.title
            elif plan == legality._PLACE:
                assert legality._location_legal(st, p, d, memo) == legality.legal(st, p, d, {}), d.title
            elif plan == legality._MONSTER:
                assert d.type == "monster" and legality.cancel_filter(d) is None


def test_my_8_5_addable_from_the_groups_followers_is_the_pair_by_pair_answer() -> None:
    """``join.addable`` reads the intersection of the group's ``followers`` while no JoinsWith grant is in
    force; a hand card is offered exactly when every pair passes ``pair_joins`` and ``may_follow`` (and the
    rest of ``add_check``)."""
    opened = random_positions(GAME, 4, 12, 17, lambda st, rng: st.decision.kind == "join")  # type: ignore[union-attr]
    asked = 0
    for st in opened:
        assert isinstance(st, MyState)
        frame = next(f for f in reversed(st.stack) if f.op == join.JOIN)
        p, cards = st.decision.player, list(frame["cards"])  # type: ignore[union-attr]
        plain = [y for y in sorted(st.table.cards(HAND[p])) if join.add_check(st.clone(), p, cards, y) is None]
        assert join.addable(st.clone(), p, cards) == plain
        asked += 1
    assert asked > 20
