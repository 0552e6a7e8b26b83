"""What the deck builder knows of a game's decks, learnt from its ``decklists`` facet and card catalog only.

Why derived rather than declared: the facet (``cardtable.carddata.deckfacet``) already says everything a
builder needs — ``load_deck_file`` reads the game's ready decks, whose side parts (a leader, domains)
are the sections a deck of that game has, and ``deck_problems`` is the one validator. So a new card
game with the facet gets a deck builder without a line here naming it.

* **Sections**: ``main`` plus every side part of the game's ready decks (``<facet package>/decks/*.yaml``,
  the convention every card game follows). For each side, the *match* is the catalog attribute whose
  values on that side never occur in the main deck (e.g. a type ``domain``): the builder puts such cards
  there. It is a hint for the browser; legality is the validator's alone.
* **Text lists**: one ``N Card Name`` line per card, a ``Label:`` line before each side section; read
  back with every bad line named by its number.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from typing import Any, Mapping, Sequence

from ..carddata.deckrules import MAIN, Deck, Violation
from ..registry import game_facet, load_game

FACET = "decklists"
MAX_COPIES_PER_LINE = 99


@dataclass(frozen=True)
class Section:
    name: str
    label: str
    size: int | None  # the size every ready deck gives it (a hint), None when they differ
    match: dict[str, list[Any]] | None  # {attribute: values} of the cards that belong here; None for main

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "label": self.label, "size": self.size, "match": self.match}


@dataclass(frozen=True)
class DeckFormat:
    """A game's deck sections, its catalog by id and by title, and its ready decks as lists."""

    game_id: str
    game_name: str
    facet: ModuleType
    sections: tuple[Section, ...]
    title_field: str
    cards: Mapping[str, Mapping[str, Any]]  # card id -> catalog entry
    by_title: Mapping[str, str] = field(repr=False)  # lower-case title (and id) -> card id
    ready: tuple[dict[str, Any], ...] = ()
    # how a builder shows the catalog (the facet's optional CURVE, FILTERS, ATTRIBUTE_LABELS, D-WEB-36)
    curve: str | None = None
    filters: tuple[str, ...] | None = None
    labels: Mapping[str, str] = field(default_factory=dict)

    @property
    def section_names(self) -> list[str]:
        return [s.name for s in self.sections]

    def title(self, card_id: str) -> str:
        return str(self.cards.get(card_id, {}).get(self.title_field, card_id))

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game_id, "option": str(self.facet.OPTION), "title_field": self.title_field,
                "sections": [s.to_dict() for s in self.sections], "ready": list(self.ready),
                "curve": self.curve, "filters": list(self.filters) if self.filters is not None else None,
                "labels": dict(self.labels)}


def _label(name: str) -> str:
    return "Deck" if name == MAIN else name.replace("_", " ").capitalize()


def _title_field(entries: Sequence[Mapping[str, Any]]) -> str:
    for candidate in ("title", "name"):
        if entries and all(isinstance(e.get(candidate), str) for e in entries):
            return candidate
    return "id"


def _ready_lists(facet: ModuleType) -> list[tuple[Any, Deck]]:
    """The facet's ready decks read with its own ``load_deck_file`` (those whose file can be found), or
    from its optional ``ready_deck_lists()`` (stem → deck, custom ready decks included)."""
    lists = getattr(facet, "ready_deck_lists", None)
    if callable(lists):
        by_stem = lists()
        return [(r, by_stem[r.stem]) for r in facet.ready_decks() if r.stem in by_stem]
    folder = Path(str(getattr(facet, "__file__", ""))).parent / "decks"
    out = []
    for ready in facet.ready_decks():
        for suffix in (".yaml", ".yml"):
            path = folder / f"{ready.stem}{suffix}"
            if path.is_file():
                out.append((ready, facet.load_deck_file(path)))
                break
    return out


def _match(side: str, decks: list[Deck], cards: Mapping[str, Mapping[str, Any]]) -> dict[str, list[Any]] | None:
    """The attribute (fewest distinct values in the catalog first) whose values on ``side`` never occur
    in a main deck: ``{attribute: sorted values}``, or None when no attribute tells them apart."""
    def values(part: str, attr: str) -> set[Any]:
        out: set[Any] = set()
        for deck in decks:
            for card_id in deck.part(part):
                value = cards.get(card_id, {}).get(attr)
                if isinstance(value, (str, bool, int)):
                    out.add(value)
        return out

    attrs = sorted({k for e in cards.values() for k, v in e.items() if isinstance(v, (str, bool))
                    and k not in ("id", "text")})
    spread = {a: len({str(e.get(a)) for e in cards.values()}) for a in attrs}
    for attr in sorted(attrs, key=lambda a: (spread[a], a)):
        side_values, main_values = values(side, attr), values(MAIN, attr)
        if side_values and not side_values & main_values:
            return {attr: sorted(side_values, key=str)}
    return None


def deck_format(game_id: str) -> DeckFormat | None:
    """The game's deck format, or None for a game without the ``decklists`` facet (made once per game
    object: a game loaded with other card sets, ``registry.use_card_sets``, gets its own)."""
    return _deck_format(game_id, load_game(game_id))


@lru_cache(maxsize=32)
def _deck_format(game_id: str, game: Any) -> DeckFormat | None:
    facet = game_facet(game_id, FACET)
    if facet is None:
        return None
    entries = [e for e in game.card_catalog().get("cards", []) if isinstance(e, dict) and isinstance(e.get("id"), str)]
    cards = {str(e["id"]): e for e in entries}
    title_field = _title_field(entries)
    by_title: dict[str, str] = {}
    for card_id, e in cards.items():
        by_title.setdefault(str(e.get(title_field, card_id)).casefold(), card_id)
    for card_id in cards:
        by_title.setdefault(card_id.casefold(), card_id)
    lists = _ready_lists(facet)
    decks = [deck for _, deck in lists]
    side_names = list(dict.fromkeys(name for deck in decks for name in deck.sides))
    sections = [Section(MAIN, _label(MAIN), None, None)]
    for side in side_names:
        sizes = {sum(deck.part(side).values()) for deck in decks}
        sections.append(Section(side, _label(side), sizes.pop() if len(sizes) == 1 else None,
                                _match(side, decks, cards)))
    ready = tuple({"name": r.name, "stem": r.stem, "description": r.description,
                   "sections": {MAIN: dict(d.main), **{k: dict(v) for k, v in d.sides.items()}},
                   **({"custom": True} if getattr(r, "custom", False) else {})} for r, d in lists)
    curve, filters, labels = _catalog_view(facet, entries)
    return DeckFormat(game_id, game.info.name, facet, tuple(sections), title_field, cards, by_title, ready,
                      curve, filters, labels)


deck_format.cache_clear = _deck_format.cache_clear  # type: ignore[attr-defined]


def _catalog_view(facet: ModuleType, entries: Sequence[Mapping[str, Any]]
                  ) -> tuple[str | None, tuple[str, ...] | None, dict[str, str]]:
    """The facet's optional CURVE, FILTERS and ATTRIBUTE_LABELS, keeping only attributes the catalog has
    (a curve must be a number on every card), so a stale name hides a filter rather than breaking the page."""
    present = {k for e in entries for k in e}
    curve = getattr(facet, "CURVE", None)
    if not (isinstance(curve, str) and entries and all(isinstance(e.get(curve), (int, float))
                                                       and not isinstance(e.get(curve), bool) for e in entries)):
        curve = None
    declared = getattr(facet, "FILTERS", None)
    filters = tuple(dict.fromkeys(a for a in declared if isinstance(a, str) and a in present)) \
        if isinstance(declared, (tuple, list)) else None
    raw = getattr(facet, "ATTRIBUTE_LABELS", None)
    labels = {str(k): str(v) for k, v in raw.items() if k in present} if isinstance(raw, Mapping) else {}
    return curve, filters, labels


# --- decks from requests ---------------------------------------------------------------------------
class DeckInputError(ValueError):
    """A deck body that cannot be a deck of this game (unknown section or card, bad count)."""


def clean_sections(fmt: DeckFormat, sections: Mapping[str, Mapping[str, int]], max_cards: int) -> dict[str, dict[str, int]]:
    """``sections`` checked against the game: known section names and card ids, counts 1–99, at most
    ``max_cards`` cards in all. Raises ``DeckInputError`` listing every problem (up to ten)."""
    problems: list[str] = []
    out: dict[str, dict[str, int]] = {}
    total = 0
    for name, part in sections.items():
        if name not in fmt.section_names:
            problems.append(f"there is no section {name!r} in a {fmt.game_name} deck (sections: "
                            f"{', '.join(fmt.section_names)})")
            continue
        clean: dict[str, int] = {}
        for card_id, n in part.items():
            if card_id not in fmt.cards:
                problems.append(f"{card_id!r} ({name}) is not a card of {fmt.game_name}")
            elif not 1 <= n <= MAX_COPIES_PER_LINE:
                problems.append(f"{fmt.title(card_id)!r} ({name}): {n} copies (give 1 to {MAX_COPIES_PER_LINE}, or "
                                f"leave the card out)")
            else:
                clean[card_id] = n
                total += n
        out[name] = clean
    if total > max_cards:
        problems.append(f"the deck has {total} cards; a saved deck holds at most {max_cards}")
    if problems:
        raise DeckInputError("; ".join(problems[:10]) + (f"; and {len(problems) - 10} more" if len(problems) > 10 else ""))
    return {s: out.get(s, {}) for s in fmt.section_names}


def as_deck(fmt: DeckFormat, name: str, sections: Mapping[str, Mapping[str, int]]) -> Deck:
    return Deck(name, dict(sections.get(MAIN, {})),
                {s: dict(sections.get(s, {})) for s in fmt.section_names if s != MAIN})


def problems_of(fmt: DeckFormat, name: str, sections: Mapping[str, Mapping[str, int]]) -> list[Violation]:
    """Every deck rule the deck breaks: the facet's ``deck_problems``, as ``cardtable deck validate``."""
    return list(fmt.facet.deck_problems(as_deck(fmt, name, sections)))


def option_value(fmt: DeckFormat, name: str, sections: Mapping[str, Mapping[str, int]]) -> Any:
    """The deck as a value of the game's deck option (the facet's ``option_value``)."""
    return fmt.facet.option_value(as_deck(fmt, name, sections))


# --- text lists ------------------------------------------------------------------------------------
def deck_text(fmt: DeckFormat, name: str, sections: Mapping[str, Mapping[str, int]]) -> str:
    """The deck as plain text: ``# name``, then ``N Title`` lines, a ``Label:`` header per side section."""
    lines = [f"# {name}"]
    for section in fmt.sections:
        part = sections.get(section.name, {})
        if section.name != MAIN:
            if not part:
                continue
            lines += ["", f"{section.label}:"]
        lines += [f"{n} {fmt.title(c)}" for c, n in sorted(part.items(), key=lambda kv: fmt.title(kv[0]).casefold())]
    return "\n".join(lines) + "\n"


MAX_REPORTED = 10  # bad lines named in one answer; the rest are only counted
MAX_MATCHED_CHARS = 80  # a title longer than any card's is cut before it is compared with every title
_LINE = re.compile(r"^(?:(\d+)\s*[xX×]?\s+)?(.+?)$")


def parse_deck_text(fmt: DeckFormat, text: str) -> tuple[str | None, dict[str, dict[str, int]]]:
    """The name (a first ``# name`` line) and sections of a text list; ``DeckInputError`` naming every
    bad line by its number (up to ten), with the closest card titles for a misspelt one.

    The fuzzy match compares a title with every card of the catalog (about a millisecond each): it is
    done only for the lines the answer names, so a thousand misspelt lines cost ten matches, not a
    thousand (a 20 KB list of them took 0.4-1.2 s before, on the event loop)."""
    headers = {s.label.casefold(): s.name for s in fmt.sections} | {s.name.casefold(): s.name for s in fmt.sections}
    headers |= {"main": MAIN, "main deck": MAIN, "deck": MAIN}
    current = MAIN
    name: str | None = None
    out: dict[str, Counter[str]] = {s: Counter() for s in fmt.section_names}
    problems: list[str] = []
    titles = [str(e.get(fmt.title_field, c)) for c, e in fmt.cards.items()]
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith(("#", "//")):
            if name is None and not any(out.values()) and line.startswith("#") and line[1:].strip():
                name = line[1:].strip()[:100]
            continue
        if line.endswith(":"):
            header = line[:-1].strip().casefold()
            if header in headers:
                current = headers[header]
            else:
                known = ", ".join(f"{s.label}:" for s in fmt.sections)
                problems.append(f"line {number}: {line!r} is not a section of a {fmt.game_name} deck ({known})")
            continue
        m = _LINE.match(line)
        count, title = (int(m.group(1)) if m and m.group(1) else 1), (m.group(2).strip() if m else line)
        if line.casefold() in fmt.by_title and title.casefold() not in fmt.by_title:
            count, title = 1, line  # a title that starts with a number
        card_id = fmt.by_title.get(title.casefold())
        if card_id is None:
            hint = ""
            if len(problems) < MAX_REPORTED:  # only lines that are reported get the (costly) fuzzy match
                close = difflib.get_close_matches(title[:MAX_MATCHED_CHARS], titles, n=2, cutoff=0.6)
                hint = f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""
            problems.append(f"line {number}: {title[:80]!r} is not a card of {fmt.game_name}{hint}")
            continue
        if not 1 <= count <= MAX_COPIES_PER_LINE:
            problems.append(f"line {number}: {count} copies of {fmt.title(card_id)!r} (give 1 to {MAX_COPIES_PER_LINE})")
            continue
        out[current][card_id] += count
    if problems:
        more = f"; and {len(problems) - MAX_REPORTED} more" if len(problems) > MAX_REPORTED else ""
        raise DeckInputError("; ".join(problems[:MAX_REPORTED]) + more)
    return name, {s: dict(c) for s, c in out.items()}


def violations_json(problems: list[Violation]) -> list[dict[str, Any]]:
    """Each violation as JSON: its rule, its sentence, the card ids it concerns and the value it counted
    (``null`` when the rule counts nothing), e.g. MA-2.8's entries."""
    return [{"rule_id": v.rule_id, "message": v.message, "cards": list(v.cards), "value": v.value} for v in problems]


__all__ = ["DeckFormat", "DeckInputError", "Section", "as_deck", "clean_sections", "deck_format", "deck_text",
           "option_value", "parse_deck_text", "problems_of", "violations_json"]
