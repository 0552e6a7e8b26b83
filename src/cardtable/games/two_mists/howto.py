"""Two Mists explained for a newcomer: the text of the browser's "How to play" panel.

Served as ``GET /api/games/two-mists/rules`` (``GameDefinition.how_to_play``). The rules in prose live
here, next to the rules they describe, so that no client keeps a copy of its own; the character and card
entries are built from the compiled card catalog, so another card set explains its own cards. The full,
numbered rules are ``docs/rules/two-mists.md``.
"""

from __future__ import annotations

from typing import Any

from .catalog import CHARACTER_ORDER, Catalog

_OVERVIEW = [
    "Each player secretly holds one character: Monster, Knight, Witch, Saint or Fool (the Fool only with "
    "four players). One more character lies face down in the centre; nobody sees it until the end.",
    "Everyone starts with 7 life. As soon as anyone's life reaches 0 that player dies and the game ends "
    "at once; then every character is shown.",
    "Who wins depends on the world line. If a player holds the Monster, it is the Front world; if the "
    "Monster is the face-down centre card, it is the Back world and no player is the Monster. Nobody knows "
    "which until the end, and more than one player can win, the dead included.",
]

_TURN = [
    "On your turn take one face-up card: one of the three action cards (A1-A3) or one of the two "
    "equipment cards (E1-E2). Its slot is refilled at once, then the card does what it says; for damage "
    "you choose another player.",
    "Or pass: your character is revealed to everyone and your life becomes 1. When no card is open to "
    "you, you have to pass.",
    "Every character is barred from some cards (a card says, for example, \"Not for Knight\"), so each "
    "card someone takes hints at who they are. You may hold only one equipment of each name.",
    "Each weapon you hold adds 1 to the damage you deal with action cards.",
    "Search: everybody, you included, secretly points at the player they suspect is the Monster, or at "
    "the centre card if they think no player is. The choices are shown together and do nothing else: "
    "they are evidence. Then the taker deals the damage.",
    "The player who kills the Saint dies too (the Saint's wrath).",
]


def card_label(catalog: Catalog, card_id: str) -> str:
    """The card's name, with whom it bars when several cards share that name: "Assault (not Knight)"."""
    card = next(c for c in catalog.cards if c.id == card_id)
    twins = sum(1 for c in catalog.cards if c.name == card.name)
    if twins > 1 and card.forbidden:
        return f"{card.name} (not {_names(catalog, card.forbidden)})"
    return card.name


def _names(catalog: Catalog, ids: frozenset[str]) -> str:
    by_id = {ch.id: ch.name for ch in catalog.characters}
    order = {c: i for i, c in enumerate(CHARACTER_ORDER)}
    return ", ".join(by_id.get(i, i) for i in sorted(ids, key=lambda c: order.get(c, len(order))))


def _character_text(ch: Any) -> str:
    if ch.goal_front_text or ch.goal_back_text:
        text = f"Front world: {ch.goal_front_text or '-'} Back world: {ch.goal_back_text or '-'}"
    else:
        text = ch.text
    return text


def _character_term(ch: Any) -> str:
    return f"{ch.name} (only with {next(iter(ch.players))} players)" if len(ch.players) == 1 else ch.name


def how_to_play(name: str, catalog: Catalog) -> dict[str, Any]:
    """The panel's content: ``{"title", "sections": [{"id", "heading", "paragraphs", "items": [{term, text}]}]}``
    (:mod:`cardtable.engine.howto`); no ``phase_sections``: a Two Mists turn has no phases."""
    characters = [{"term": _character_term(ch), "text": _character_text(ch)} for ch in catalog.characters]
    cards = []
    for card in catalog.cards:
        barred = f"Not for {_names(catalog, card.forbidden)}." if card.forbidden else "Anyone may take it."
        kind = "Equipment" if card.kind == "equipment" else "Action"
        cards.append({"term": card_label(catalog, card.id), "text": f"{kind}. {card.text} {barred}"})
    return {
        "title": f"How to play {name}",
        "sections": [
            {"id": "goal", "heading": "The game", "paragraphs": list(_OVERVIEW), "items": []},
            {"id": "turn", "heading": "Your turn", "paragraphs": list(_TURN), "items": []},
            {"id": "characters", "heading": "Characters and their goals", "paragraphs": [], "items": characters},
            {"id": "cards", "heading": "Cards", "paragraphs": [], "items": cards},
        ],
    }
