"""What the web table takes from a game's optional facets: its declared presentation and its ready decks.

Why a module of its own: the routes and the table manager stay free of game nouns. A game with a
``presentation`` facet (``cardtable.engine.presentation``) is drawn by the browser's shared card-table
renderer; a game with a ``decklists`` facet (``cardtable.carddata.deckfacet``) lets the lobby pick a
ready deck per seat, and its optional ``seat_choices`` (``SeatChoice``: another card a seat brings, say)
something more per seat. A game without them gets ``None`` / ``[]`` and the generic behaviour.
"""

from __future__ import annotations

from typing import Any

from ..core import Rng, mix_seed
from ..registry import game_facet
from .tables import TableError


def presentation_of(game_id: str) -> dict[str, Any] | None:
    """The game's ``PRESENTATION`` as JSON values, or ``None`` when it declares none."""
    facet = game_facet(game_id, "presentation")
    declared = getattr(facet, "PRESENTATION", None) if facet is not None else None
    if declared is None:
        return None
    out: dict[str, Any] = declared.to_dict()
    return out


def ready_decks_of(game_id: str) -> list[dict[str, Any]]:
    """The game's ready decks (name, stem, description, size, summary); ``[]`` for a game without decks."""
    facet = game_facet(game_id, "decklists")
    if facet is None:
        return []
    return [deck.to_dict() for deck in facet.ready_decks()]


def has_decks(game_id: str) -> bool:
    return game_facet(game_id, "decklists") is not None


def with_deck_choice(game_id: str, players: int, decks: list[str | None] | None, options: dict[str, Any] | None,
                     seed: int, custom: dict[int, Any] | None = None) -> dict[str, Any] | None:
    """``options`` with the seats' ready decks set as the game's deck option (the facet's ``OPTION``).

    ``decks`` holds one entry per seat: a ready deck's name or stem, or ``None`` for a deck drawn
    from the table's seed (deterministic, and as secret as the seed). All ``None`` leaves the choice
    to the game itself, exactly as a table created without decks. Raises ``TableError`` (422) naming
    the bad value.

    ``custom`` gives some seats a deck of their own instead (seat -> the facet's ``option_value`` of a
    saved deck); such a seat's entry of ``decks`` must be ``None``.
    """
    if decks is None and not custom:
        return options
    chosen = deck_values(game_id, players, decks, options, seed, custom)
    if not custom and decks is not None and all(name is None for name in decks):
        return options
    return {**(options or {}), deck_option(game_id): chosen}


def deck_option(game_id: str) -> str:
    """The ``new_game`` option of the game's decks (its facet's ``OPTION``); 422 for a game without decks."""
    facet = game_facet(game_id, "decklists")
    if facet is None:
        raise TableError(422, "no_decks", f"{game_id} has no ready decks to choose from; leave out 'decks'")
    return str(facet.OPTION)


def deck_values(game_id: str, players: int, decks: list[str | None] | None, options: dict[str, Any] | None,
                seed: int, custom: dict[int, Any] | None = None) -> list[Any]:
    """One value of the game's deck option per seat: ``custom[seat]`` (a saved deck), the ready deck
    ``decks[seat]`` names, or for ``None`` a ready deck drawn from the seed (``mix_seed(seed, "ready
    deck", seat)``, the same draw for the same table every time). ``TableError`` (422) naming a bad entry."""
    if custom:
        decks = list(decks) if decks is not None else [None] * players
        for seat in custom:
            if not 0 <= seat < len(decks):
                raise TableError(422, "bad_decks", f"seat {seat}: there is no such seat at a {players}-player table")
            if decks[seat] is not None:
                raise TableError(422, "bad_decks", f"seat {seat}: give it either a ready deck or a saved deck, "
                                                   f"not both")
    option = deck_option(game_id)
    decks = list(decks) if decks is not None else [None] * players
    if len(decks) != players:
        raise TableError(422, "bad_decks", f"'decks' lists {len(decks)} deck(s) but 'players' is {players}: give one "
                                           f"per seat (null for one drawn from the seed)")
    if options and option in options:
        raise TableError(422, "bad_decks", f"give the decks either as 'decks' or as options.{option}, not both")
    chosen: list[Any] = []
    for seat, name in enumerate(decks):
        if custom and seat in custom:
            chosen.append(custom[seat])
        elif name is None:
            chosen.append(drawn_ready_deck(game_id, seed, seat))
        else:
            chosen.append(ready_deck_name(game_id, name, f"seat {seat}: "))
    return chosen


def ready_deck_name(game_id: str, name: str, where: str = "") -> str:
    """The ready deck ``name`` (a name or a file stem) as the game's option takes it; 422 ``bad_deck`` naming
    the ready decks when there is none such."""
    facet = game_facet(game_id, "decklists")
    if facet is None:
        raise TableError(422, "no_decks", f"{game_id} has no ready decks to choose from")
    ready = facet.ready_decks()
    by_key = {d.name: d.name for d in ready} | {d.stem: d.name for d in ready}
    if name not in by_key:
        raise TableError(422, "bad_deck", f"{where}there is no ready deck {name!r}; ready decks: "
                                          f"{', '.join(d.name for d in ready)}")
    return by_key[name]


def drawn_ready_deck(game_id: str, seed: int, seat: int) -> str:
    """The ready deck the table's seed draws for ``seat`` (for a seat given none)."""
    facet = game_facet(game_id, "decklists")
    assert facet is not None
    names = [d.name for d in facet.ready_decks()]
    return names[Rng(mix_seed(seed, "ready deck", seat)).below(len(names))]


def _seat_choices(game_id: str) -> list[Any]:
    facet = game_facet(game_id, "decklists")
    found = getattr(facet, "seat_choices", None) if facet is not None else None
    return list(found()) if callable(found) else []


def seat_choices_of(game_id: str) -> list[dict[str, Any]]:
    """What each seat may pick besides its deck (key, label, option, default, choices); ``[]`` for none."""
    return [c.to_dict() for c in _seat_choices(game_id)]


def with_seat_choices(game_id: str, players: int, picks: dict[str, list[str | None]] | None,
                      options: dict[str, Any] | None) -> dict[str, Any] | None:
    """``options`` with the seats' picks (key -> one value or ``None`` per seat) set as each choice's
    option. Raises ``TableError`` (422) for a game without such choices, an unknown key, a list of the
    wrong length, a value that is not one of the choices, or an option also given in ``options``."""
    if not picks:
        return options
    declared = {c.key: c for c in _seat_choices(game_id)}
    if not declared:
        raise TableError(422, "no_seat_choices", f"{game_id} has nothing to choose per seat; leave out 'seat_choices'")
    out = dict(options or {})
    for key, values in picks.items():
        choice = declared.get(key)
        if choice is None:
            raise TableError(422, "bad_seat_choice", f"{game_id} has no seat choice {key!r}; it has: "
                                                     f"{', '.join(sorted(declared))}")
        if not isinstance(values, list) or len(values) != players:
            raise TableError(422, "bad_seat_choice", f"seat_choices.{key} lists {len(values)} value(s) but 'players' "
                                                     f"is {players}: give one per seat (null for {choice.default})")
        allowed = {c.value for c in choice.choices}
        for seat, value in enumerate(values):
            if value is not None and value not in allowed:
                raise TableError(422, "bad_seat_choice", f"seat {seat}: {value!r} is not a choice of {key} "
                                                         f"(GET /api/games/{game_id}/seat_choices)")
        if choice.option in out:
            raise TableError(422, "bad_seat_choice", f"give {key} either as seat_choices.{key} or as "
                                                     f"options.{choice.option}, not both")
        if any(v is not None for v in values):
            out[choice.option] = list(values)
    return out or None
