"""Zones and their declared visibility.

A game declares each of its zones once (who may see the cards in it, whether its size is public);
views are then produced by :func:`zone_view` from that declaration plus per-card reveals, instead of
each screen deciding for itself what to hide.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, Callable, Sequence


class Visibility(Enum):
    PUBLIC = "public"  # everyone sees the cards
    OWNER = "owner"  # only the owning seat sees them (others see them once revealed)
    HIDDEN = "hidden"  # nobody sees them until revealed (piles, the face-down leftover)


# enum members read as module names: ``Visibility.PUBLIC`` is a slow class-attribute look-up on the hot paths
_PUBLIC, _OWNER, _HIDDEN = Visibility.PUBLIC, Visibility.OWNER, Visibility.HIDDEN


@dataclass(frozen=True, slots=True)
class ZoneSpec:
    """A zone's name, who may see into it, and (for OWNER zones) whose it is."""

    name: str
    visibility: Visibility
    owner: int | None = None

    def visible_to(self, seat: int | None) -> bool:
        if self.visibility is _PUBLIC:
            return True
        if self.visibility is _OWNER:
            return seat is not None and seat == self.owner
        return False


def zone_view(
    spec: ZoneSpec,
    cards: Sequence[Any],
    seat: int | None,
    revealed: Callable[[Any], bool] | None,
    show: Callable[[Any], Any],
) -> dict[str, Any]:
    """What ``seat`` sees of a zone: the size always; each card shown iff the zone or the card is visible.

    ``revealed=None`` declares that no card of the zone is ever turned face up (a pile). A HIDDEN
    zone with nothing revealed reports only its count, so neither contents nor order are hinted at;
    elsewhere hidden cards are ``None`` placeholders.
    """
    if spec.visible_to(seat):
        return {"count": len(cards), "cards": [show(c) if c is not None else None for c in cards]}
    if revealed is None:
        return {"count": len(cards)}
    if spec.visibility is _HIDDEN and not any(revealed(c) for c in cards if c is not None):
        return {"count": len(cards)}
    return {"count": len(cards), "cards": [show(c) if c is not None and revealed(c) else None for c in cards]}
