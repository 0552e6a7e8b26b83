"""Terminal rendering: views, choices and log lines in words, picked by game id.

A game's own renderer is its ``tui`` facet: the module ``tui`` of the game's package, whose
``RENDERER`` is a :class:`Renderer` subclass (see :func:`cardtable.registry.game_facet`). A game
without one that declares a table (a ``presentation`` facet whose ``PRESENTATION`` is a
:class:`~cardtable.engine.presentation.Presentation`) gets the shared card table
(:mod:`.cardtable`); any other game, or an id no game has, gets the generic renderer, which works
from the shapes every game shares. The game's rules modules never import this package; only its ``tui`` facet does.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from rich.console import RenderableType

from ..core import Action, SetupError
from ..registry import game_facet
from .generic import Names, Renderer, seat_names

FACET = "tui"  # the module of a game's package that holds its renderer
RENDERER_NAME = "RENDERER"  # ... and the name of the Renderer subclass in it
PRESENTATION_FACET = "presentation"  # the module declaring a card table ...
PRESENTATION_NAME = "PRESENTATION"  # ... and the name of its Presentation


@lru_cache(maxsize=None)
def get_renderer(game_id: str) -> Renderer:
    """The renderer for ``game_id``: its ``tui`` facet's ``RENDERER``, else the shared card table
    when it declares a presentation, else the generic one."""
    try:
        module = game_facet(game_id, FACET)
        declared = game_facet(game_id, PRESENTATION_FACET) if module is None else None
    except SetupError:  # not a game id: words for its events still come out, generically
        module = declared = None
    cls = getattr(module, RENDERER_NAME, None) if module is not None else None
    if module is None or cls is None:
        from ..engine.presentation import Presentation

        pres = getattr(declared, PRESENTATION_NAME, None)
        if isinstance(pres, Presentation):
            from .cardtable import CardTableRenderer

            return CardTableRenderer(game_id, pres)
        r = Renderer()
        r.game_id = game_id
        return r
    if not (isinstance(cls, type) and issubclass(cls, Renderer)):
        raise SetupError(f"{module.__name__}.{RENDERER_NAME} must be a cardtable.tui.Renderer subclass")
    renderer: Renderer = cls()
    return renderer


def render_view(game_id: str, view: Mapping[str, Any], names: Names = None) -> RenderableType:
    """A rich renderable of one seat's view (``state.view(seat)``)."""
    return get_renderer(game_id).render_view(view, names)


def describe_action(game_id: str, action: Action, view: Mapping[str, Any] | None = None, names: Names = None) -> str:
    """One choice in words, as the person choosing reads it.

    ``view`` is the view *before* the action (it supplies what the action's parameters point at).
    """
    return get_renderer(game_id).describe_action(action, view, names)


def describe_event(game_id: str, event: Mapping[str, Any], names: Names = None) -> str:
    """One log entry (``state.log(seat)`` item) as a plain sentence."""
    return get_renderer(game_id).describe_event(event, names)


__all__ = ["Renderer", "describe_action", "describe_event", "get_renderer", "render_view", "seat_names"]
