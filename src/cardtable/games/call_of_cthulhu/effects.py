"""Card abilities (CC-12): compiled from the card data into engine abilities, and carried out.

This first version compiles no ability into a usable one: cards play with their printed stats and
keywords (which the rules implement), and their text abilities are listed as not yet supported by
``unsupported_cards`` (the card-data check reports them). The functions below are the whole surface
the rules call; each answers "nothing modifies this" until its part of the vocabulary is written.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from ...core import IllegalActionError
from ...engine import Ability

if TYPE_CHECKING:
    from .defs import Defs
    from .state import CocState


def compile_abilities(defs: "Defs") -> list[tuple[Ability, ...]]:
    """Engine abilities per definition (index = definition). None are compiled yet (module docstring)."""
    return [() for _ in range(len(defs))]


def unsupported_cards(defs: "Defs") -> list[str]:
    """Cards whose text abilities the engine does not carry out yet."""
    return [f"{d.id} ({d.title})" for d in defs.defs if d.abilities or d.win_effect is not None]


def passive_total(st: "CocState", stat: str, i: int) -> int:
    return 0


def cost_modifiers(st: "CocState", i: int) -> tuple[int, bool]:
    """(total change to the printed cost, whether a "minimum 1" reduction applies) — CC-6.10."""
    return 0, False


def has_match_grant(st: "CocState", i: int) -> bool:
    """CC-6.7: does an effect grant resource match to card ``i``?"""
    return False


def prevented(st: "CocState", what: str, i: int) -> bool:
    """Is ``what`` (e.g. "commit") prevented for card ``i`` by an effect (``prevent``)?"""
    return False


def icons_counted_as(st: "CocState", i: int, kind: int, slot: int) -> int:
    """Card ``i``'s strength in a struggle of ``kind`` at ``slot`` (``count_icons_as`` may change it)."""
    return st.icons(i, kind)


def event_playable(st: "CocState", p: int, i: int) -> IllegalActionError | None:
    """Why event ``i`` cannot be played as an action now (its ability is not supported yet)."""
    return IllegalActionError("CC-12.1", f"{st.card(i).title}: this event's ability is not supported yet")


def choose_event_targets(st: "CocState", p: int, i: int) -> None:
    """Push the target choices of event ``i`` (CC-6.11: targets before costs)."""


def resolve_event(st: "CocState", p: int, i: int, data: dict[str, Any]) -> None:
    """Carry out event ``i`` and put it into its owner's discard pile (CC-7.41)."""
    st.move_card(i, st.discard_zone(i))


def can_use(st: "CocState", player: int, source: int, ability: Ability, kind: str | None, data: Any) -> bool:
    return False


def use_ability(st: "CocState", player: int, source: int, ability: Ability, kind: str | None, data: Any) -> None:
    raise NotImplementedError("no ability is compiled yet")


def start_win_effect(st: "CocState", p: int, story: int) -> None:
    """CC-8.20 step 6: the winner resolves the story's win effect (none is compiled yet)."""


def perform_effect_event(st: "CocState", kind: str, data: dict[str, Any]) -> None:
    raise ValueError(f"unknown Call of Cthulhu event {kind!r}")


def matches_filter(st: "CocState", spec: Any, c: int, *, controller: int, source: int) -> bool:
    """Does card ``c`` match the schema ``Filter`` ``spec`` from the point of view of ``controller``?

    Covers the CC-12.6 target filters on cards in play and stories in the row.
    """
    if spec is None:
        return True
    t = st.table
    d = st.card(c)
    ctrl = t.ctrl[c] if d.type != "story" else None

    def who(value: str | None, owner: int | None) -> bool:
        if value is None or value == "any":
            return True
        if owner is None:
            return False
        return (owner == controller) == (value == "you")

    def one_of(value: Any, have: str) -> bool:
        return value is None or (have == value if isinstance(value, str) else have in value)

    if not one_of(spec.type, d.type):
        return False
    if spec.faction is not None and not one_of(spec.faction, d.faction):
        return False
    if spec.not_faction is not None and one_of(spec.not_faction, d.faction):
        return False
    if spec.subtype is not None and spec.subtype not in d.subtypes:
        return False
    if spec.title is not None and spec.title != d.title:
        return False
    if spec.unique is not None and spec.unique != d.unique:
        return False
    if not who(spec.controller, ctrl) or not who(spec.owner, t.owner[c] if d.type != "story" else None):
        return False
    if spec.not_self and c == source:
        return False
    if d.type == "character":
        states = [spec.state] if isinstance(spec.state, str) else list(spec.state or ())
        for state in states:
            if not _in_state(st, c, state):
                return False
        if spec.committed is not None and (st.committed_slot(c) is not None) != spec.committed:
            return False
        if spec.skill is not None and not _number(spec.skill, st.skill(c)):
            return False
        if spec.wounds is not None and not _number(spec.wounds, st.wounds(c)):
            return False
        if spec.icons is not None:
            for k, name in enumerate(("terror", "combat", "arcane", "investigation")):
                want = getattr(spec.icons, name)
                if want is not None and not _number(want, st.icons(c, k)):
                    return False
        for kw in _names(spec.has_keyword):
            if not st.has_keyword(c, kw):
                return False
        for kw in _names(spec.lacks_keyword):
            if st.has_keyword(c, kw):
                return False
    elif spec.state or spec.committed or spec.skill is not None or spec.icons is not None:
        return False
    if spec.cost is not None and not _number(spec.cost, d.cost):
        return False
    return True


def _names(value: Any) -> Sequence[str]:
    if value is None:
        return ()
    return (value,) if isinstance(value, str) else tuple(value)


def _number(spec: Any, have: int) -> bool:
    if isinstance(spec, int):
        return have == spec
    return (spec.min is None or have >= spec.min) and (spec.max is None or have <= spec.max)


def _in_state(st: "CocState", c: int, state: str) -> bool:
    ap = st.active_player()
    committed = st.committed_slot(c) is not None
    return {
        "ready": not st.exhausted(c) and not st.insane(c),
        "exhausted": st.exhausted(c),
        "insane": st.insane(c),
        "committed": committed,
        "uncommitted": not committed,
        "attached": st.table.host[c] >= 0,
        "wounded": st.wounds(c) > 0,
        "attacking": committed and st.table.ctrl[c] == ap,
        "defending": committed and st.table.ctrl[c] != ap,
    }[state]
