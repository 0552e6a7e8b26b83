"""A card game's table, declared: which regions show which zones, what counters and card marks mean,
how log events read, and which decision options are clicks on cards or regions.

Why declared: one renderer in the browser (``web/static/renderers/cardtable.js``) and one in the
terminal (``cardtable.tui.cardtable``) draw any card game from its view, its decision and this
declaration, so a new game brings data, not front-end code. Everything here is plain values that
``to_dict`` turns into JSON for the browser; nothing here knows a game noun.

Paths. A ``path`` reads the seat's view: dot-separated keys and list indices (``info.domains.{p}.{i}.
resources``). Placeholders: ``{p}`` the region's seat, ``{i}`` the region's index (0..count-1), and
``{card}`` the card's instance id (card marks only). A path that does not resolve shows nothing.

Seats. A region with ``seat="each"`` is drawn once per seat, the viewer's own side nearest (at the
bottom in the browser, last in the terminal); ``seat="none"`` is shared (drawn between the sides).
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field
from typing import Any, Literal, Mapping, Sequence

Layout = Literal["row", "fan", "pile", "count"]
"""``row``: every card face up side by side (play areas); ``fan``: the seat's hand (others see backs);
``pile``: the top card and a count (discard piles); ``count``: only a count (decks)."""

MarkStyle = Literal["turned", "badge", "dimmed", "face_down"]


@dataclass(frozen=True, slots=True)
class Counter:
    """A number shown in a region's header (or the seat's banner), read from the view."""

    label: str
    path: str
    hint: str = ""  # tooltip: what the number means in play


@dataclass(frozen=True, slots=True)
class Gather:
    """Cards of other zones drawn inside a region: those of ``zones`` (one per seat, ``{q}``) whose
    value at ``path`` (with ``{card}``) equals the region's index. Example: cards committed to
    a story are shown at that story, each seat's on its own side of it."""

    zones: str
    path: str
    label: str = ""


@dataclass(frozen=True, slots=True)
class Region:
    """One area of the table holding the cards of one zone (per seat and/or per index)."""

    id: str
    title: str  # may use {p} (seat number + 1 is shown by renderers as the seat's name) and {n} (= i + 1)
    zone: str  # zone name with {p} and/or {i}
    seat: Literal["each", "none"] = "each"
    count: int = 1
    layout: Layout = "row"
    band: str = ""  # regions of one band are drawn side by side (e.g. three domains, three stories)
    counters: tuple[Counter, ...] = ()
    gather: Gather | None = None
    hint: str = ""
    brief: bool = False  # cards show their title and marks only (e.g. cards kept as resources)


@dataclass(frozen=True, slots=True)
class CardMark:
    """A state of a card in play shown on it: by a flag bit of the view's card entry, a counter on the
    card (``counters`` of the view) or a value at ``path``; ``label`` may use ``{value}``."""

    label: str
    style: MarkStyle = "badge"
    flag: int = 0
    counter: str = ""
    path: str = ""
    hide_zero: bool = True


@dataclass(frozen=True, slots=True)
class CardFace:
    """Which catalog fields (``GameDefinition.card_catalog()["cards"][defn]``) a card face shows."""

    title: str = "title"
    corner: str = ""  # e.g. the cost
    subtitle: tuple[str, ...] = ()  # e.g. faction and type
    stats: tuple[str, ...] = ()  # small values under the title (skill, icons, ...)
    text: str = "text"
    colour: str = ""  # a catalog field whose value picks the card's colour class (e.g. faction)
    list_labels: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """A stat whose catalog value is a list of counts, by position: ``{"pips": ("red", "blue")}``
    shows ``[0, 2]`` as "blue 2" (zero counts are left out). Optional; without it the numbers show."""


@dataclass(frozen=True, slots=True)
class Target:
    """An option parameter that names something on the table: ``card`` (an instance id) or a region
    (``region`` id; the value is the region's index, for the acting seat's side if ``own_side``)."""

    param: str
    card: bool = False
    region: str = ""
    own_side: bool = True
    word: str = ""  # read before the card in an option's words ("onto"): for a second card parameter
    seat: bool = False  # the value is a seat number (an opponent to attack ...): read as the seat's name


@dataclass(frozen=True, slots=True)
class Presentation:
    regions: tuple[Region, ...]
    seat_counters: tuple[Counter, ...] = ()
    marks: tuple[CardMark, ...] = ()
    face: CardFace = field(default_factory=CardFace)
    targets: tuple[Target, ...] = ()
    sentences: Mapping[str, str | tuple[str, ...]] = field(default_factory=dict)
    """Log event kind → sentence with ``{field}`` placeholders from the event; a field naming a seat
    (``player``) reads as that seat's name, ``card`` as the card's title when the view knows it. Several
    sentences for one kind: the first whose fields the event all has (an event other seats see in a
    redacted form carries other fields), else the last."""
    decision_labels: Mapping[str, str] = field(default_factory=dict)
    """Option kind → button label (``pass`` → "Pass"); other kinds are shown as they are."""
    phase_path: str = ""  # the view path of the current phase/step name, shown in the top bar
    phase_word: str = "phase"  # what the top bar calls it ("step" where the game's turn has steps)
    turn_path: str = ""  # the view path of the turn number, when the view has no top-level ``turn``
    one_based: tuple[str, ...] = ()  # event/option fields that are 0-based indices, shown +1 to people
    active_path: str = ""  # the view path of the seat whose turn it is (the browser marks its side)
    card_fields: tuple[str, ...] = ("card",)
    """Event fields that name card instances (an id or a list of ids): read as the cards' titles."""
    value_words: Mapping[str, str] = field(default_factory=dict)
    """Decision kind → view path (with ``{value}``) that reads an option's ``card`` value as words, for a
    decision whose ``card`` parameter is not a card instance (a side of a two-sided card, a number):
    such options are buttons with those words, never clicks on whatever card has that id."""
    seat_fields: tuple[str, ...] = ("player", "winner", "attacker_player")
    """Event fields that name a seat (a number): read as the seat's name. A game whose events say
    ``attacker``/``defender`` for seats lists them here (another game's ``attacker`` is a card)."""
    pass_kinds: tuple[str, ...] = ()
    """Option kinds that only pass or decline (``pass``, ``decline``): a decision whose every option is one
    of them is taken for a human seat by the server unless the seat is in full control (auto-pass)."""
    multi_pick: tuple[str, ...] = ()
    """Decision kinds that pick several cards one ``pick`` at a time, then ``done`` (discard down to N):
    the browser asks them as one prompt and sends the picks in sequence."""

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values (lists, not tuples), as the browser receives them."""
        out: dict[str, Any] = json.loads(json.dumps(asdict(self)))
        return out

    def zones(self) -> set[str]:
        """Every zone name pattern a region shows (for a game's own consistency test)."""
        return {r.zone for r in self.regions}


def resolve(view: Mapping[str, Any], path: str, **places: Any) -> Any:
    """The value at ``path`` in ``view`` with placeholders filled; ``None`` where it does not resolve."""
    if not path:
        return None
    node: Any = view
    for part in path.format(**places).split("."):
        if isinstance(node, Mapping):
            node = node.get(part)
        elif isinstance(node, Sequence) and not isinstance(node, str) and part.lstrip("-").isdigit():
            k = int(part)
            node = node[k] if -len(node) <= k < len(node) else None
        else:
            return None
        if node is None:
            return None
    return node


def zone_name(pattern: str, seat: int | None, index: int) -> str:
    return pattern.format(p=seat if seat is not None else "", i=index, q=seat if seat is not None else "")


def sentence(presentation: Presentation, event: Mapping[str, Any], seat_name: Any, card_title: Any) -> str:
    """One log event in words (``seat_name(int)`` and ``card_title(int)`` supplied by the renderer)."""
    fields = {k: v for k, v in event.items() if k != "kind"}
    template = pick_template(presentation.sentences.get(str(event.get("kind"))), fields)
    if template is None:
        rest = ", ".join(f"{k} {v}" for k, v in fields.items())
        return f"{str(event.get('kind', '?')).replace('_', ' ')}{': ' + rest if rest else ''}"
    shown: dict[str, Any] = {}
    for k, v in fields.items():
        if k in presentation.seat_fields and isinstance(v, int) and not isinstance(v, bool):
            shown[k] = seat_name(v)
        elif k in presentation.card_fields and k != "card" and isinstance(v, list):
            shown[k] = ", ".join(str(card_title(c)) for c in v if isinstance(c, int)) or "nothing"
        elif k in presentation.card_fields and isinstance(v, int) and not isinstance(v, bool) \
                and (k != "card" or "title" not in fields):
            shown[k] = card_title(v)
        elif k in presentation.one_based and isinstance(v, int):
            shown[k] = v + 1
        elif isinstance(v, list) and all(isinstance(x, (str, int)) and not isinstance(x, bool) for x in v):
            shown[k] = ", ".join(str(x).replace("_", " ") for x in v) or "nothing"
        else:
            shown[k] = v
    try:
        return template.format_map(_Missing(shown))
    except (ValueError, IndexError):
        return template


PLACEHOLDER = re.compile(r"\{(\w+)\}")


def pick_template(value: str | Sequence[str] | None, fields: Mapping[str, Any]) -> str | None:
    """The sentence for an event with ``fields``: the first of several whose placeholders it all has."""
    if value is None or isinstance(value, str):
        return value
    for template in value:
        if all(k in fields for k in PLACEHOLDER.findall(template)):
            return template
    return value[-1] if value else None


class _Missing(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "?"
