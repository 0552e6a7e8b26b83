"""The shape of the shipped card pool (MA-2, MA-3, MA-8.8, MA-8.11, MA-10): enough of every kind of card to
build legal decks for every leader type in several styles, so that the pool cannot quietly shrink.

Why a test: the floor comes from the project's issue (at least 8 leaders over all four Arthur types, 120
knights over every colour and skill, four multi-step evolution lines, 40 burst cards, type-restricted
cards of every type); each count below is read from the loaded pool, never written down twice.
"""

from __future__ import annotations

from collections import Counter

from cardtable.games.million_arthur.catalog import CardDef, load_pool

TYPES = ("mercenary", "rich", "thief", "songstress")
COLOURS = ("red", "green", "blue", "yellow", "purple", "colourless")
SKILLS = ("attack", "heal", "support", "disrupt")


def _knights() -> list[CardDef]:
    return [d for d in load_pool().defs if d.kind == "knight"]


def test_leaders_of_every_arthur_type_each_with_an_ability_ma_3_5_ma_3_12() -> None:
    leaders = [d for d in load_pool().defs if d.kind == "leader"]
    assert len(leaders) >= 8
    per_type = Counter(d.arthur_type for d in leaders)
    assert all(per_type[t] >= 2 for t in TYPES), per_type
    assert all(d.abilities for d in leaders), [d.id for d in leaders if not d.abilities]


def test_knights_over_every_colour_and_skill_ma_3_3_ma_3_7() -> None:
    knights = _knights()
    assert len(knights) >= 140
    cells = Counter((d.colour, d.skill) for d in knights)
    thin = [(c, s, cells[(c, s)]) for c in COLOURS for s in SKILLS if cells[(c, s)] < 2]
    assert not thin, f"colour/skill pairs with fewer than 2 knights: {thin}"
    per_skill = Counter(d.skill for d in knights)
    assert min(per_skill[s] for s in SKILLS) >= 30, per_skill  # Disrupt is no longer the thin skill
    assert all(sum(1 for d in knights if d.colour == c) >= 20 for c in COLOURS)


def _lines() -> list[tuple[str, ...]]:
    """Every evolution path of 3 or more cards (bottom first), following ``evolves_from`` names (MA-8.11)."""
    knights = _knights()
    by_name: dict[str, list[CardDef]] = {}
    for d in knights:
        by_name.setdefault(d.name, []).append(d)

    def paths(d: CardDef) -> list[tuple[str, ...]]:
        if not d.evolves_from:
            return [(d.name,)]
        return [p + (d.name,) for src in d.evolves_from for s in by_name[src] for p in paths(s)]

    return [p for d in knights for p in paths(d) if len(p) >= 3]


def test_multi_step_evolution_lines_with_reduced_evolution_cost_ma_8_8_ma_8_11() -> None:
    lines = _lines()
    assert len(lines) >= 5, lines
    assert ("Shade Apprentice", "Shade Magus", "Shade Archmage") in lines
    for d in _knights():
        if d.evolves_from:
            assert d.evolution_cost < d.cost, d.id  # MA-8.8: evolving is cheaper than the printed cost


def test_burst_cards_with_varied_burst_texts_ma_10_1() -> None:
    bursts = [d for d in _knights() if d.has_burst]
    assert len(bursts) >= 50
    ops = {eff.op for d in bursts for eff in d.burst}
    assert len(ops) >= 15, sorted(ops)
    assert len({d.colour for d in bursts}) == 6


def test_type_restricted_knights_of_every_type_ma_2_5() -> None:
    per_type = Counter(d.arthur_type for d in _knights() if d.type_restricted)
    assert all(per_type[t] >= 5 for t in TYPES), per_type
    assert per_type["common"] == 0  # MA-2.6
