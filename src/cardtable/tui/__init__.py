"""Terminal rendering: views, choices and log lines in words, picked by game id.

Game modules never import this package; a game with no renderer of its own gets the generic one.

    >>> from cardtable.tui import describe_event
    >>> describe_event("two-mists", {"kind": "damaged", "dealer": 1, "target": 2, "amount": 2, "life": 5})
    'Seat 1 dealt 2 damage to seat 2 (life now 5).'
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from typing import Any, Mapping

from rich.console import RenderableType

from ..core import Action
from .generic import Names, Renderer, seat_names

# game id -> "module:class" of its renderer (imported lazily)
_RENDERERS: dict[str, str] = {
    "two-mists": "cardtable.tui.two_mists:TwoMistsRenderer",
}


@lru_cache(maxsize=None)
def get_renderer(game_id: str) -> Renderer:
    """The renderer for ``game_id``; the generic one for games without their own."""
    target = _RENDERERS.get(game_id)
    if target is None:
        r = Renderer()
        r.game_id = game_id
        return r
    module, cls = target.split(":")
    return getattr(importlib.import_module(module), cls)()


def render_view(game_id: str, view: Mapping[str, Any], names: Names = None) -> RenderableType:
    """A rich renderable of one seat's view (``state.view(seat)``)."""
    return get_renderer(game_id).render_view(view, names)


def describe_action(game_id: str, action: Action, view: Mapping[str, Any] | None = None, names: Names = None) -> str:
    """One choice in words, e.g. ``Take A2: Reckless — 2 damage to another player, then 5 self-damage``.

    ``view`` is the view *before* the action (it supplies the card in a slot, lives, bonuses).
    """
    return get_renderer(game_id).describe_action(action, view, names)


def describe_event(game_id: str, event: Mapping[str, Any], names: Names = None) -> str:
    """One log entry (``state.log(seat)`` item) as a plain sentence."""
    return get_renderer(game_id).describe_event(event, names)


__all__ = ["Renderer", "describe_action", "describe_event", "get_renderer", "render_view", "seat_names"]
