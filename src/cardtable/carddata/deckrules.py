"""Declarative deck rules: a game lists its deck-building rules as data, and ``validate`` reports
every violation at once, each with the rule's ID and a plain sentence.

Nothing here knows a game. A deck is a main part (the cards you draw from) plus named side parts
(components kept outside it, such as a leader or a set of markers); cards are looked up by id in a
catalog of plain attribute mappings (``title``, ``type``, ``faction``, a per-card copy limit, ...),
so each game decides which attributes exist and how they are called.

A player building a deck wants the whole list of what is wrong, not the first problem, so every
rule is checked and none stops at the first failure.
"""

from __future__ import annotations

import difflib
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, NamedTuple, Protocol, Sequence

MAIN = "main"

Catalog = Mapping[str, Mapping[str, Any]]  # card id -> its attributes


class Violation(NamedTuple):
    """One broken rule: its ID, a sentence saying what is wrong with this deck, the ids of the cards
    concerned (sorted; empty when the rule is about the deck as a whole) and the value the rule counted
    (cards in a part, copies of a title, cards with an attribute; ``None`` when it counts nothing)."""

    rule_id: str
    message: str
    cards: tuple[str, ...] = ()
    value: int | None = None


@dataclass(frozen=True)
class Deck:
    """Card ids with counts: the main part and any named side parts (outside the main part)."""

    name: str
    main: Mapping[str, int]
    sides: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    description: str = ""

    def part(self, name: str) -> Mapping[str, int]:
        return self.main if name == MAIN else self.sides.get(name, {})

    def cards(self, part: str = MAIN) -> list[str]:
        """Every copy, as a list of ids (a deck to shuffle)."""
        return [card for card, n in self.part(part).items() for _ in range(n)]


class Rule(Protocol):
    """One deck rule: its ID, its statement in plain words, and a check listing its violations."""

    @property
    def rule_id(self) -> str: ...

    @property
    def message(self) -> str: ...

    def check(self, deck: Deck, catalog: Catalog) -> list[Violation]: ...


def _count(deck: Deck, part: str) -> int:
    return sum(deck.part(part).values())


def _where(part: str) -> str:
    """Where in words: "the deck", or "the leader section" (a bare "in the investigator" read as a person)."""
    return "the deck" if part == MAIN else f"the {part.replace('_', ' ')} section"


def _bounds_text(n: int, exactly: int | None, at_least: int | None, at_most: int | None) -> str | None:
    """``None`` if ``n`` is within the bounds, else the shortfall in words."""
    if exactly is not None and n != exactly:
        return f"there are {n}, not {exactly}"
    if at_least is not None and n < at_least:
        return f"there are only {n} (at least {at_least})"
    if at_most is not None and n > at_most:
        return f"there are {n} (at most {at_most})"
    return None


@dataclass(frozen=True)
class PartSize:
    """A part holds exactly / at least / at most so many cards (e.g. a deck of at least 47 cards,
    exactly 3 cards of a kind kept outside it)."""

    rule_id: str
    message: str
    part: str = MAIN
    exactly: int | None = None
    at_least: int | None = None
    at_most: int | None = None

    def check(self, deck: Deck, catalog: Catalog) -> list[Violation]:
        n = _count(deck, self.part)
        problem = _bounds_text(n, self.exactly, self.at_least, self.at_most)
        return [Violation(self.rule_id, f"{self.message}: {problem} in {_where(self.part)}.", (), n)] if problem else []


@dataclass(frozen=True)
class OneCardOf:
    """A part holds exactly one card, and its attributes are among the allowed values (e.g. the leader
    slot holds one leader card of a named type): one violation at most, naming the part's cards."""

    rule_id: str
    message: str
    part: str
    allowed: Mapping[str, frozenset[Any]]

    def check(self, deck: Deck, catalog: Catalog) -> list[Violation]:
        cards = deck.part(self.part)
        n = sum(cards.values())
        ids = tuple(sorted(cards))
        if n != 1:
            return [Violation(self.rule_id, f"{self.message}: there are {n} cards in {_where(self.part)}.", ids, n)]
        attrs = catalog.get(ids[0])
        if attrs is None:
            return []  # an unknown card is KnownCards' violation
        wrong = [f"its {attr.replace('_', ' ')} is {attrs.get(attr)}" for attr, values in self.allowed.items()
                 if not _matches(attrs.get(attr), values)]
        if not wrong:
            return []
        return [Violation(self.rule_id, f"{self.message}: {_name(catalog, ids[0])!r} in {_where(self.part)}: "
                                        f"{', '.join(wrong)}.", ids, n)]


@dataclass(frozen=True)
class MaxCopies:
    """At most ``limit`` copies of cards sharing a title (``title_attr``); a card may lower its own
    limit with ``per_card_attr`` (never raise it)."""

    rule_id: str
    message: str
    limit: int
    part: str = MAIN
    title_attr: str = "title"
    per_card_attr: str | None = None

    def check(self, deck: Deck, catalog: Catalog) -> list[Violation]:
        by_title: Counter[str] = Counter()
        ids: dict[str, list[str]] = {}
        limits: dict[str, int] = {}
        names: dict[str, str] = {}  # a card number -> "'Its Name' (card number X-01,", so the message names the card
        for card_id, n in deck.part(self.part).items():
            attrs = catalog.get(card_id)
            if attrs is None:
                continue
            title = str(attrs.get(self.title_attr, card_id))
            printed = next((attrs[k] for k in ("title", "name") if k != self.title_attr and isinstance(attrs.get(k), str)), None)
            if self.title_attr == "id" and printed:
                names[title] = f"{printed!r} (card number {title}, "
            by_title[title] += n
            ids.setdefault(title, []).append(card_id)
            own = attrs.get(self.per_card_attr) if self.per_card_attr else None
            limit = min(self.limit, own) if isinstance(own, int) else self.limit
            limits[title] = min(limits.get(title, limit), limit)
        return [Violation(self.rule_id, f"{self.message}: {n} copies of {names.get(title, repr(title) + ' (')}"
                                        f"at most {limits[title]}).", tuple(sorted(ids[title])), n)
                for title, n in sorted(by_title.items()) if n > limits[title]]


@dataclass(frozen=True)
class CountWith:
    """The number of cards in a part whose ``attr`` is one of ``values`` is exactly / at least / at
    most N (e.g. exactly 15 cards with a burst icon)."""

    rule_id: str
    message: str
    attr: str
    values: frozenset[Any]
    part: str = MAIN
    exactly: int | None = None
    at_least: int | None = None
    at_most: int | None = None

    def check(self, deck: Deck, catalog: Catalog) -> list[Violation]:
        n = sum(count for card_id, count in deck.part(self.part).items()
                if card_id in catalog and _matches(catalog[card_id].get(self.attr), self.values))
        problem = _bounds_text(n, self.exactly, self.at_least, self.at_most)
        return [Violation(self.rule_id, f"{self.message}: {problem} in {_where(self.part)}.", (), n)] if problem else []


@dataclass(frozen=True)
class AllowedValues:
    """Every card in a part has ``attr`` among ``values`` (e.g. only characters, supports and events
    in the deck)."""

    rule_id: str
    message: str
    attr: str
    values: frozenset[Any]
    part: str = MAIN

    def check(self, deck: Deck, catalog: Catalog) -> list[Violation]:
        out = []
        for card_id in deck.part(self.part):
            attrs = catalog.get(card_id)
            if attrs is not None and not _matches(attrs.get(self.attr), self.values):
                out.append(Violation(self.rule_id, f"{self.message}: {_name(catalog, card_id)!r} is a "
                                                   f"{attrs.get(self.attr)} in {_where(self.part)}.", (card_id,)))
        return out


@dataclass(frozen=True)
class DistinctTitles:
    """No two cards in a part share a title (e.g. a story set of different stories)."""

    rule_id: str
    message: str
    part: str = MAIN
    title_attr: str = "title"

    def check(self, deck: Deck, catalog: Catalog) -> list[Violation]:
        titles: Counter[str] = Counter()
        ids: dict[str, list[str]] = {}
        for card_id, n in deck.part(self.part).items():
            title = str(catalog.get(card_id, {}).get(self.title_attr, card_id))
            titles[title] += n
            ids.setdefault(title, []).append(card_id)
        return [Violation(self.rule_id, f"{self.message}: {title!r} appears {n} times in {_where(self.part)}.",
                          tuple(sorted(ids[title])), n)
                for title, n in sorted(titles.items()) if n > 1]


@dataclass(frozen=True)
class MatchesLeader:
    """Cards in a part must share ``attr`` with the leader (the single card of ``leader_part``):
    a card whose ``attr`` is in ``free`` is allowed with any leader (e.g. colourless cards)."""

    rule_id: str
    message: str
    attr: str
    leader_part: str
    leader_attr: str | None = None
    part: str = MAIN
    free: frozenset[Any] = frozenset()

    def check(self, deck: Deck, catalog: Catalog) -> list[Violation]:
        leaders = [c for c in deck.part(self.leader_part) if c in catalog]
        if len(leaders) != 1:
            return []  # the leader's own count is a PartSize rule; nothing to compare with here
        allowed = _as_set(catalog[leaders[0]].get(self.leader_attr or self.attr))
        out = []
        for card_id in deck.part(self.part):
            attrs = catalog.get(card_id)
            if attrs is None:
                continue
            own = _as_set(attrs.get(self.attr))
            if own & set(self.free) or own & allowed:
                continue
            out.append(Violation(self.rule_id, f"{self.message}: {_name(catalog, card_id)!r} does not match the "
                                               f"leader {_name(catalog, leaders[0])!r}.", (card_id,)))
        return out


@dataclass(frozen=True)
class KnownCards:
    """Every id in the deck is in the catalog (a deck built from another pool cannot be played)."""

    rule_id: str
    message: str = "every card must be in the card pool"

    def check(self, deck: Deck, catalog: Catalog) -> list[Violation]:
        parts = [MAIN, *deck.sides]
        return [Violation(self.rule_id, f"{self.message}: {card_id!r} ({_where(part)}) is not.", (card_id,))
                for part in parts for card_id in deck.part(part) if card_id not in catalog]


def _id_key(rule_id: str) -> tuple[Any, ...]:
    """``MA-2.10`` after ``MA-2.9``: a rule ID compared number by number."""
    prefix, _, rest = rule_id.partition("-")
    return (prefix, *(int(n) if n.isdigit() else n for n in rest.split(".")))


def _as_set(value: Any) -> set[Any]:
    if isinstance(value, (list, tuple, set, frozenset)):
        return set(value)
    return {value}


def _matches(value: Any, values: frozenset[Any]) -> bool:
    return bool(_as_set(value) & set(values))


def _name(catalog: Catalog, card_id: str) -> str:
    return str(catalog.get(card_id, {}).get("title", card_id))


@dataclass(frozen=True)
class DeckRules:
    """A game's deck-building rules, checked together."""

    rules: Sequence[Rule]

    def validate(self, deck: Deck, catalog: Catalog) -> list[Violation]:
        """Every violation of every rule (empty: the deck is legal), in the order of the rules."""
        return [v for rule in self.rules for v in rule.check(deck, catalog)]

    def validate_sorted(self, deck: Deck, catalog: Catalog) -> list[Violation]:
        """``validate``, sorted by rule ID and then by the card ids named (one fixed order for a given deck)."""
        return sorted(self.validate(deck, catalog), key=lambda v: (_id_key(v.rule_id), v.cards))

    def rule_ids(self) -> list[str]:
        return sorted({rule.rule_id for rule in self.rules})


class UnknownCardError(ValueError):
    """Names in a deck list that match no card; ``names`` lists them all, with suggestions."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


def resolve_names(counts: Mapping[str, int] | Iterable[str], by_id: Mapping[str, str],
                  by_title: Mapping[str, str]) -> dict[str, int]:
    """Card ids with counts from a list naming cards by id or by title (counts of the same card
    named both ways add up). Unknown names raise ``UnknownCardError`` listing every one, each with
    the closest known names, so a typo is fixed in one pass."""
    items = counts.items() if isinstance(counts, Mapping) else ((name, 1) for name in counts)
    out: dict[str, int] = {}
    problems: list[str] = []
    for name, n in items:
        card_id = name if name in by_id else by_title.get(name)
        if card_id is None:
            close = difflib.get_close_matches(name, [*by_title, *by_id], n=2, cutoff=0.6)
            hint = f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""
            problems.append(f"{name!r} is not a card in the pool{hint}")
            continue
        out[card_id] = out.get(card_id, 0) + n
    if problems:
        raise UnknownCardError(problems)
    return out
