"""Lasting effects with durations, and limits that reset on timing events.

A lasting effect is a plain tuple ``(stat, target, amount, until, source)`` in ``st.lasting``:
``stat`` is a game's name ("skill", "kw:fast", "cost"), ``target`` a card instance or a key the game
chooses (a seat as ``"p1"``), ``amount`` what it adds, ``until`` the timing event that ends it
("end_of_phase", "end_of_turn", a game's own, or ``WHILE_SOURCE`` — as long as ``source`` stays where it
is), ``source`` the card that created it. Tuples keep clones cheap (the list is copied, its entries
shared) and snapshots trivial. Passive abilities are not stored at all: a game computes them from the
cards in play when asked (``passive``), so they can never go stale.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

if TYPE_CHECKING:
    from .state import CardState

WHILE_SOURCE = "while_source"  # ends when the source card leaves play (CardState.move_card)
PERMANENT = "permanent"


def add_lasting(st: "CardState", stat: str, target: Any, amount: Any, until: str, source: int = -1) -> None:
    st.lasting.append((stat, target, amount, until, source))


def lasting_total(st: "CardState", stat: str, target: Any) -> int:
    """The sum of the lasting effects on ``stat`` of ``target`` (ints only)."""
    if not st.lasting:
        return 0  # the common case on hot paths: no generator to set up
    total = 0
    for e in st.lasting:  # (a loop: cheaper than ``sum`` over a generator for a few effects)
        if e[0] == stat and e[1] == target:
            total += e[2]
    return total


def lasting_values(st: "CardState", stat: str, target: Any) -> list[Any]:
    """Every lasting value on ``stat`` of ``target``, oldest first (for set/grant style effects)."""
    if not st.lasting:
        return []
    return [e[2] for e in st.lasting if e[0] == stat and e[1] == target]


def expire(st: "CardState", timing: str) -> int:
    """End every lasting effect whose duration is ``timing``, and reset the limits of that scope.

    Returns how many lasting effects ended (handy for tests and logs).
    """
    before = len(st.lasting)
    if before:  # (most calls find nothing lasting: no new empty list then)
        st.lasting = [e for e in st.lasting if e[3] != timing]
    if st.used:
        st.used = {u for u in st.used if u[-1] != timing}
    return before - len(st.lasting)


def mark_used(st: "CardState", source: int, ability: int, scope: str) -> None:
    """Record that ``ability`` of ``source`` was used; the mark lasts until ``expire(st, scope)``."""
    st.used.add((source, ability, scope))


def is_used(st: "CardState", source: int, ability: int, scope: str) -> bool:
    return (source, ability, scope) in st.used


def forget_card(st: "CardState", cards: Iterable[int]) -> None:
    """A card that left play is a new object: its limits are forgotten too."""
    gone = set(cards)
    if st.used:
        st.used = {u for u in st.used if u[0] not in gone}
