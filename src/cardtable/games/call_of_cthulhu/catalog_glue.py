"""Decks and the public prior: which cards a game starts with, and what a seat may assume of the rest.

Ready-made decks come from ``decks/*.yaml`` (``name``, ``description``, ``cards: {id or title: count}``,
``domains``), read by ``deck_rules``; ``new_game`` without options deals two of them chosen from the seed.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ...core import SetupError

if TYPE_CHECKING:
    from . import CallOfCthulhu
    from .defs import Defs
    from .state import CocState


def ready_decks(game: "CallOfCthulhu") -> dict[str, dict[str, Any]]:
    """Deck name -> ``{"name", "description", "cards": [definition, ...], "domains": [...]}`` for the
    ready-made decks (``CardGame.deck_lists``: under ``decks/``, then custom ones); also reachable by
    file stem."""
    from .deck_rules import DOMAINS

    defs = game.defs
    out: dict[str, dict[str, Any]] = {}
    for stem, deck in game.deck_lists.items():
        entry = {"name": deck.name, "description": deck.description,
                 "cards": sorted(defs.index(c) for c in deck.cards()),
                 "domains": [defs.index(c) for c in deck.cards(DOMAINS)], "stem": stem}
        out[deck.name] = entry
    return out


def deck_from_mapping(defs: "Defs", data: Any, where: str = "deck") -> dict[str, Any]:
    """A deck from its plain form; a clear ``SetupError`` for anything malformed or unknown."""
    if isinstance(data, dict) and isinstance(data.get("cards"), list):  # the resolved form a record keeps
        idx = data["cards"]
        if not all(type(c) is int and 0 <= c < len(defs) for c in idx):
            raise SetupError(f"{where}: 'cards' must list card numbers 0..{len(defs) - 1}")
        doms = data.get("domains")
        if not isinstance(doms, list) or not all(type(c) is int and 0 <= c < len(defs) for c in doms):
            raise SetupError(f"{where}: 'domains' must list card numbers")
        return {"name": str(data.get("name") or "custom deck"), "description": "", "cards": sorted(idx),
                "domains": list(doms)}
    if not isinstance(data, dict) or not isinstance(data.get("cards"), dict):
        raise SetupError(f"{where}: a deck is a mapping with 'cards' ({{card id or title: count}})")
    extra = sorted(str(k) for k in data if k not in ("name", "description", "cards", "domains"))
    if extra:  # CC-2.6: a deck is its cards and domains; there is no sideboard
        raise SetupError(f"{where}: unknown field(s) {', '.join(extra)} (a deck has no sideboard or other parts, CC-2.6)")
    cards: list[int] = []
    for ref, count in data["cards"].items():
        if not isinstance(ref, str) or ref not in defs.by_id and ref not in defs.by_title:
            raise SetupError(f"{where}: unknown card {ref!r}")
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise SetupError(f"{where}: the count of {ref!r} must be a whole number ≥ 1")
        cards += [defs.index(ref)] * count
    domains = data.get("domains") or [d.id for d in defs.defs if d.type == "domain"][:3]
    if not isinstance(domains, list):
        raise SetupError(f"{where}: 'domains' must be a list")
    domain_ids = [defs.index(x) if isinstance(x, str) and (x in defs.by_id or x in defs.by_title) else -1 for x in domains]
    if -1 in domain_ids:
        raise SetupError(f"{where}: unknown domain card in {domains!r}")
    return {"name": str(data.get("name") or "custom deck"), "description": str(data.get("description") or ""),
            "cards": sorted(cards), "domains": domain_ids}


def deck_problems(game: "CallOfCthulhu", deck: Mapping[str, Any]) -> list[str]:
    """CC-2.1–2.3, CC-2.8: every violation, each with its rule ID (the same rules as ``cardtable deck validate``)."""
    from ...carddata.deckrules import Deck
    from .deck_rules import DOMAINS

    defs = game.defs
    main = Counter(defs[c].id for c in deck["cards"])
    domains = Counter(defs[c].id for c in deck["domains"])
    return [f"{v.rule_id}: {v.message}"
            for v in game.validate_deck(Deck(deck["name"], dict(main), {DOMAINS: dict(domains)}))]


def prior_for(st: "CocState", owner: int | None, unknown: int, known: Sequence[int], seat: int | None) -> list[int]:
    """See ``CocState.prior``: the story set, the seat's own list, an opened list, or the pool."""
    defs = st.defs
    if owner is None:
        pool = list(st.options["story_cards"])
    else:
        decks = st.options.get("decks") or []
        mine = decks[owner] if owner < len(decks) else None
        if mine is not None:
            pool = list(mine["cards"])
        else:
            pool = [d.index for d in defs.defs if d.type in ("character", "support", "event")] * 4
    left = Counter(pool)
    for d in known:
        if left[d] > 0:
            left[d] -= 1
    out = list(left.elements())
    if len(out) < unknown:  # the public pool always has room; an open list that does not is a bug
        raise RuntimeError(f"prior: {len(out)} candidate cards for {unknown} unknown ones (owner {owner})")
    rng = st.rng
    for k in range(unknown):  # a partial Fisher-Yates shuffle: a uniform draw of ``unknown`` of them
        j = k + rng.below(len(out) - k)
        out[k], out[j] = out[j], out[k]
    return sorted(out[:unknown])
