"""Decks and the public prior: which cards a game starts with, and what a seat may assume of the rest.

Ready-made decks come from ``decks/*.yaml`` (``name``, ``description``, ``cards: {id or title: count}``,
``domains``); while a faction pair has no file, a deck is built from the pool by a fixed recipe (the
pair's cards, two copies each, plus neutral ones to reach the minimum), so ``new_game`` without
options always has decks to deal.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

import yaml

from ...core import SetupError

if TYPE_CHECKING:
    from .defs import Defs
    from .state import CocState

DECKS_DIR = Path(__file__).parent / "decks"
MIN_DECK_SIZE = 47
PAIRS = (("agency", "miskatonic"), ("cthulhu", "hastur"), ("syndicate", "shub_niggurath"), ("yog_sothoth", "miskatonic"))


@lru_cache(maxsize=None)
def ready_decks(defs: "Defs") -> dict[str, dict[str, Any]]:
    """Deck name -> ``{"name", "description", "cards": [definition, ...], "domains": [...]}``."""
    decks: dict[str, dict[str, Any]] = {}
    for path in sorted(DECKS_DIR.glob("*.yaml")) if DECKS_DIR.is_dir() else []:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        deck = deck_from_mapping(defs, data, str(path))
        decks[deck["name"]] = deck
    if not decks:
        for a, b in PAIRS:
            cards = [d.index for d in defs.defs if d.faction in (a, b) and d.type in ("character", "support", "event")] * 2
            neutral = [d.index for d in defs.defs if d.faction == "neutral" and d.type in ("character", "support", "event")]
            k = 0
            while len(cards) < MIN_DECK_SIZE + 1 and neutral:
                cards.append(neutral[k % len(neutral)])
                k += 1
            name = f"{a.replace('_', ' ').title()} & {b.replace('_', ' ').title()}"
            decks[name] = {"name": name, "description": f"{a} and {b}, built from the pool", "cards": sorted(cards),
                           "domains": [d.index for d in defs.defs if d.type == "domain"][:3]}
    return decks


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
    cards: list[int] = []
    for ref, count in data["cards"].items():
        if not isinstance(ref, str) or ref not in defs.by_id and ref not in defs.by_title:
            raise SetupError(f"{where}: unknown card {ref!r}")
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise SetupError(f"{where}: the count of {ref!r} must be a whole number ≥ 1")
        cards += [defs.index(ref)] * count
    domains = data.get("domains") or [d.index for d in defs.defs if d.type == "domain"][:3]
    if not isinstance(domains, list):
        raise SetupError(f"{where}: 'domains' must be a list")
    domain_ids = [defs.index(x) if isinstance(x, str) and (x in defs.by_id or x in defs.by_title) else -1 for x in domains]
    if -1 in domain_ids:
        raise SetupError(f"{where}: unknown domain card in {domains!r}")
    return {"name": str(data.get("name") or "custom deck"), "description": str(data.get("description") or ""),
            "cards": sorted(cards), "domains": domain_ids}


def deck_problems(defs: "Defs", deck: dict[str, Any]) -> list[str]:
    """CC-2.1–2.3, CC-2.8: every violation, each with its rule."""
    problems = []
    cards = deck["cards"]
    if len(cards) < MIN_DECK_SIZE:
        problems.append(f"CC-2.1: the deck has {len(cards)} cards; it needs at least {MIN_DECK_SIZE}")
    bad = sorted({defs[c].title for c in cards if defs[c].type not in ("character", "support", "event")})
    if bad:
        problems.append(f"CC-2.1: only characters, supports and events go in a deck, not {', '.join(bad)}")
    for title, n in sorted(Counter(defs[c].title for c in cards).items()):
        limit = min(4, defs[defs.by_title[title]].record.max_copies if hasattr(defs[defs.by_title[title]].record, "max_copies") else 4)
        if n > limit:
            problems.append(f"CC-2.3: {n} copies of {title}; at most {limit}")
    if len(deck["domains"]) != 3:
        problems.append(f"CC-2.2: exactly 3 domain cards, not {len(deck['domains'])}")
    return problems


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
    st.rng.shuffle(out)
    return sorted(out[:unknown])
