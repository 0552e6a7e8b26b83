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
from typing import Any, Callable, Literal, Mapping, Sequence

from .emblems import emblems

Layout = Literal["row", "fan", "pile", "count"]
"""``row``: every card face up side by side (play areas); ``fan``: the seat's hand (others see backs);
``pile``: the top card and a count (discard piles); ``count``: only a count (decks)."""

MarkStyle = Literal["turned", "badge", "dimmed", "face_down"]

SWATCHES = ("red", "orange", "brown", "yellow", "olive", "green", "teal", "light_blue", "blue", "purple", "pink",
            "grey")
"""The named colours a card face may show (``CardFace.palette``): the browser draws ``sw-<name>`` (style.css),
the terminal a fixed Rich colour of the same name (``cardtable.tui.cardtable.SWATCH_STYLES``)."""


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
    colour: str = ""  # the catalog field that is the card's colour in the game (faction, colour, type)
    palette: Mapping[str, str] = field(default_factory=dict)
    """Value of the ``colour`` field -> one of ``SWATCHES``: the stripe (browser) and title colour (terminal)
    of a card, so a card whose colour is red is drawn red. Every value the catalog holds should be listed
    (each game's tests check it); a value not listed is drawn without a colour, never a guessed one."""
    names: Mapping[str, str] = field(default_factory=dict)
    """Value of the ``colour`` field -> the words people read (``shub_niggurath`` -> "Shub-Niggurath"): on a
    card's face, in a ready deck's summary. A value not listed reads with spaces for underscores."""
    short: Mapping[str, str] = field(default_factory=dict)
    """A stat's label on the card face where its field name is too long or says too little (``{"skill_value":
    "{skill}"}``: a ``{field}`` reads another field of the card, so Million Arthur's skill value is labelled
    "attack" or "heal"; a field read this way is not shown again). Optional: without it the field's name."""
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
    """Log event kind → sentence with placeholders filled from the event's fields, read from the viewing
    seat (``log_lines`` renders them; the same words in the terminal and the browser):

    * ``{f}``: the field in words. A seat field (:attr:`seat_fields`) reads "you" for the viewer, else
      "Seat N"; a card field (:attr:`card_fields`) reads as the card's title (the event's own ``title``
      for ``card`` when it has one, else the viewer's view), "a card" for a card the viewer cannot see;
      a list reads "A, B and C"; a :attr:`one_based` index + 1; identifiers without underscores.
    * ``{f:verb}``: a seat and its verb, the verb written in the third person: ``{player:draws}`` reads
      "Seat 2 draws" or "you draw", ``{player:is}`` "Seat 2 is" or "you are" (see ``you_form``).
    * ``{f:noun}`` for a number (or a list: its length): ``{n:card}`` reads "1 card" or "3 cards".
    * ``{f's}``: the possessive: "your", "Seat 2's", "Graduate Archivist's".

    The sentence's first letter is capitalised. Several sentences for one kind: the first whose fields
    the event all has, not ``null`` nor empty (an event other seats see in a redacted form carries other
    fields), else the last; so a redacted event picks its own hidden-safe sentence."""
    groups: Mapping[str, str | tuple[str, ...]] = field(default_factory=dict)
    """Event kind → sentence for a run of two or more consecutive events of that kind that differ only
    in their cards (card fields, ``title`` and ``name``) and :attr:`running` totals: a game's draws read
    "Seat 2 draws 3 cards" once, not three lines. Its fields: those the run's events share, each card
    field as the list of all the run's values (``card``, ``title`` and ``name`` too: ``{card}`` reads "A,
    B and C"), a running total at its last value, and ``count``, how many events."""
    running: tuple[str, ...] = ()
    """Event fields that may differ within a run of grouped events (a running total, such as the tokens a
    story holds after each one): the group sentence reads the run's last value."""
    seat_lists: tuple[str, ...] = ()
    """Event fields holding one value per seat, as a list by seat (``scores: [11, 4]``) or as ``[seat,
    value]`` pairs: read "Seat 0 11, you 4" (a value in a card field's words when the field is also a
    card field: ``choices: [[1, [56]]]`` reads "Seat 1 Wandering Jester")."""
    derive: Callable[[str, dict[str, Any]], dict[str, Any]] | None = field(default=None, compare=False)
    """Optional: ``derive(kind, fields)`` → more fields computed from an event's own fields (who lost a
    struggle, words for an outcome), read by the sentences like the event's. Only from the event: a
    sentence must not depend on anything else. Not sent to the browser (the server renders the log)."""
    decision_labels: Mapping[str, str] = field(default_factory=dict)
    """Option kind → button label (``pass`` → "Pass"); other kinds are shown as they are."""
    phase_path: str = ""  # the view path of the current phase/step name, shown in the top bar
    phase_word: str = "phase"  # what the top bar calls it ("step" where the game's turn has steps)
    turn_path: str = ""  # the view path of the turn number, when the view has no top-level ``turn``
    turn_word: str = "turn"  # what the game calls that number ("round" where every seat plays in one)
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
    play_from_hand: Mapping[str, str] = field(default_factory=dict)
    """Decision kind (a trailing ``*`` matches a prefix) → the option kind that plays a card from hand in it
    (``{"window:*": "play"}``): for each hand card no option plays, the table shows the engine's refusal
    of that play ("why not", :mod:`cardtable.engine.whynot`)."""

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values (lists, not tuples), as the browser receives them."""
        plain_fields = {k: v for k, v in asdict(self).items() if k != "derive"}
        out: dict[str, Any] = json.loads(json.dumps(plain_fields))
        # Each colour value's emblem (engine/emblems.py), drawn by the browser's card component in the card's
        # top corner: made here, from the declared values, so every medium draws the same one.
        out["face"]["emblems"] = emblems(self.face.palette)
        return out

    def zones(self) -> set[str]:
        """Every zone name pattern a region shows (for a game's own consistency test)."""
        return {r.zone for r in self.regions}


def swatch(face: CardFace, card: Mapping[str, Any] | None) -> str | None:
    """The swatch (one of ``SWATCHES``) of a catalog entry, from its ``colour`` field and the palette;
    ``None`` for no colour (no field declared, a value the palette does not list, an unknown card)."""
    if card is None or not face.colour:
        return None
    found = face.palette.get(str(card.get(face.colour, "")))
    return found if found in SWATCHES else None


def colour_words(face: CardFace, value: Any) -> str:
    """The words for a value of the card's colour field (``CardFace.names``, else its spaces for underscores)."""
    key = str(value)
    return face.names.get(key) or key.replace("_", " ")


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


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


IRREGULAR_VERBS = {"is": "are", "was": "were", "has": "have", "does": "do", "goes": "go"}
"""Third-person verbs whose second-person form is not the verb less its ``s``."""
IRREGULAR_PLURALS: dict[str, str] = {}  # nouns whose plural the rules below get wrong (none so far)


def you_form(verb: str) -> str:
    """The verb as "you" say it, from its third-person form: ``draws`` → ``draw``, ``is`` → ``are``,
    ``reaches`` → ``reach``; a word that is no third-person ``-s`` form (``drew``) stays as it is."""
    first, sep, rest = verb.partition(" ")
    if first in IRREGULAR_VERBS:
        first = IRREGULAR_VERBS[first]
    elif first.endswith(("sses", "shes", "ches", "xes", "zes")):
        first = first[:-2]
    elif first.endswith("ies") and len(first) > 4:
        first = first[:-3] + "y"
    elif first.endswith("s") and not first.endswith("ss") and first.isalpha():
        first = first[:-1]
    return first + sep + rest


def plural(noun: str, n: Any) -> str:
    """``noun`` for ``n`` of it: ``1 card``, ``3 cards``, ``2 stories`` (a compound noun pluralises its
    first word: ``success token`` → ``success tokens`` needs ``token`` last, so the last word)."""
    if n == 1:
        return noun
    head, sep, last = noun.rpartition(" ")
    if last in IRREGULAR_PLURALS:
        last = IRREGULAR_PLURALS[last]
    elif last.endswith(("s", "sh", "ch", "x", "z")):
        last += "es"
    elif last.endswith("y") and last[-2:-1] not in ("a", "e", "i", "o", "u"):
        last = last[:-1] + "ies"
    else:
        last += "s"
    return head + sep + last


def and_list(words: Sequence[str], empty: str = "nothing") -> str:
    """``A``, ``A and B``, ``A, B and C`` (``empty`` for none)."""
    words = [w for w in words if w != ""]
    if not words:
        return empty
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]

PLACEHOLDER = re.compile(r"\{(\w+)(?::([A-Za-z][\w ]*)|('s))?\}")
"""``{field}``, ``{field:word}`` (a seat and its verb, or a number and its noun) and ``{field's}``."""


def sentence(presentation: Presentation, event: Mapping[str, Any], seat_name: Any, card_title: Any) -> str:
    """One log event in words (``seat_name(int)`` and ``card_title(int)`` supplied by the renderer;
    ``card_title`` answers ``None`` for a card the viewer does not know)."""
    kind = str(event.get("kind"))
    fields = derived(presentation, kind, {k: v for k, v in event.items() if k != "kind"})
    template = pick_template(presentation.sentences.get(kind), fields)
    if template is None:
        return fallback(event)
    return fill(presentation, template, fields, seat_name, card_title)


def derived(presentation: Presentation, kind: str, fields: dict[str, Any]) -> dict[str, Any]:
    """``fields`` with the presentation's derived fields added (see :attr:`Presentation.derive`)."""
    if presentation.derive is None:
        return fields
    return {**fields, **presentation.derive(kind, fields)}


def fallback(event: Mapping[str, Any]) -> str:
    """An event kind without a sentence: its kind and fields (never expected in a finished game; the
    log test fails on one)."""
    rest = ", ".join(f"{k} {v}" for k, v in event.items() if k != "kind")
    return f"{str(event.get('kind', '?')).replace('_', ' ')}{': ' + rest if rest else ''}"


def fill(presentation: Presentation, template: str, fields: Mapping[str, Any], seat_name: Any, card_title: Any) -> str:
    """``template`` with its placeholders in words (see :attr:`Presentation.sentences`), capitalised."""

    def seat_words(v: Any) -> tuple[str, bool]:
        if not _is_int(v):
            return "nobody", False
        name = str(seat_name(v))
        return ("you", True) if name.lower() in ("you", "you (you)") else (name, False)

    def title(cid: Any, known: Any = None) -> str:
        if isinstance(known, str) and known:
            return known
        t = card_title(cid) if _is_int(cid) and cid >= 0 else None
        return str(t) if t not in (None, "") else "a card"

    def value_words(k: str, v: Any) -> str:
        if k in presentation.card_fields:
            if isinstance(v, list):
                known = fields.get("title") if k == "card" else None
                names = [title(c, known[j] if isinstance(known, list) and j < len(known) else None)
                         for j, c in enumerate(v)]
                hidden = names.count("a card")
                shown = [n for n in names if n != "a card"]
                if hidden:
                    shown.append("a card" if hidden == 1 else f"{hidden} cards")
                return and_list(shown)
            if _is_int(v):
                return title(v, fields.get("title") if k == "card" else None)
        if k in presentation.one_based and _is_int(v):
            return str(v + 1)
        return plain(v)

    def per_seat(k: str, v: list[Any]) -> str:
        pairs = v if all(isinstance(x, (list, tuple)) and len(x) == 2 and _is_int(x[0]) for x in v) \
            else list(enumerate(v))
        parts = []
        for s, x in pairs:
            if k in presentation.card_fields and isinstance(x, list):
                x = [c for c in x if _is_int(c) and c >= 0]
            parts.append(f"{seat_words(s)[0]} {value_words(k, x) if k in presentation.card_fields else plain(x)}")
        return ("; " if any("," in p or " and " in p for p in parts) else ", ").join(parts) or "nothing"

    def one(m: re.Match[str]) -> str:
        k, word, poss = m.group(1), m.group(2), m.group(3)
        if k not in fields:
            return "?"
        v = fields[k]
        if k in presentation.seat_fields and (v is None or _is_int(v)):
            name, you = seat_words(v)
            if poss:
                return "your" if you else f"{name}'s"
            if word:
                return f"{name} {you_form(word) if you else word}"
            return name
        if word:  # a number (or a list's length) and its noun
            n = len(v) if isinstance(v, list) else v
            return f"{n} {plural(word, n)}" if _is_int(n) else f"{plain(v)} {word}"
        text = per_seat(k, v) if k in presentation.seat_lists and isinstance(v, list) else value_words(k, v)
        return f"{text}'s" if poss else text

    out = PLACEHOLDER.sub(one, template)
    return out[:1].upper() + out[1:]


def plain(v: Any) -> str:
    """A field value in words: lists joined with "and", identifiers without underscores, never a dict."""
    if v is None:
        return "none"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, str):
        return v.replace("_", " ") if " " not in v else v
    if isinstance(v, (list, tuple)):
        return and_list([plain(x) for x in v])
    if isinstance(v, Mapping):
        return and_list([f"{plain(k)} {plain(x)}" for k, x in v.items()])
    return str(v)


def pick_template(value: str | Sequence[str] | None, fields: Mapping[str, Any]) -> str | None:
    """The sentence for an event with ``fields``: the first of several whose placeholders it all has (a
    field that is ``null`` or an empty list counts as missing: "nobody wins", "no attachments")."""
    if value is None or isinstance(value, str):
        return value
    for template in value:
        if all(fields.get(m.group(1)) not in (None, []) for m in PLACEHOLDER.finditer(template)):
            return template
    return value[-1] if value else None


NAME_FIELDS = ("title", "name")
"""Event fields holding a card's title (a game calls it ``title`` or ``name``): they differ
within a run of grouped events, like the card ids."""


def _group_key(presentation: Presentation, event: Mapping[str, Any]) -> tuple[Any, ...] | None:
    kind = event.get("kind")
    if kind not in presentation.groups:
        return None
    return (kind, tuple(sorted(event)),
            tuple((k, v) for k, v in sorted(event.items())
                  if k not in presentation.card_fields and k not in NAME_FIELDS and k not in presentation.running))


def _merged(run: Sequence[Mapping[str, Any]], running: Sequence[str] = ()) -> dict[str, Any]:
    """The fields of a run of events (which differ only in their cards): a field all share as it is, a
    card field as the list of all its values (lists joined; ``card``, ``title`` and ``name`` always lists), a
    :attr:`Presentation.running` field at its last value, and
    ``count``, the number of events."""
    out: dict[str, Any] = {}
    for k in run[0]:
        if k == "kind":
            continue
        values = [e.get(k) for e in run]
        if k in running:
            out[k] = values[-1]
        elif all(v == values[0] for v in values) and not (k == "card" or k in NAME_FIELDS):
            out[k] = values[0]
        else:
            out[k] = [x for v in values for x in (v if isinstance(v, list) else [v])]
    out["count"] = len(run)
    return out


def log_lines(presentation: Presentation, events: Sequence[Mapping[str, Any]], seat_name: Any, card_title: Any,
              start: int = 0, join_earlier: bool = True) -> list[tuple[int, str]]:
    """The log from ``events[start]`` on in sentences, with repeated events grouped: for each event
    ``(head, text)``, where ``head`` is the index of the line showing it (its own, or the first event of a
    run it joins) and ``text`` that line's words with it included. A run is two or more consecutive events
    of a kind in :attr:`Presentation.groups` that differ only in their cards (a turn marker or any other
    event ends it), read with the group sentence; ``join_earlier=False`` starts runs at
    ``start`` (a terminal printing new events below old ones cannot change a printed line)."""
    out: list[tuple[int, str]] = []
    head = start
    if join_earlier and start < len(events):
        key = _group_key(presentation, events[start])
        while key is not None and head > 0 and _group_key(presentation, events[head - 1]) == key:
            head -= 1
    for k in range(start, len(events)):
        event = events[k]
        key = _group_key(presentation, event)
        if k > head and (key is None or _group_key(presentation, events[k - 1]) != key):
            head = k
        if k == head:
            out.append((k, sentence(presentation, event, seat_name, card_title)))
            continue
        fields = derived(presentation, str(event.get("kind")), _merged(events[head:k + 1], presentation.running))
        template = pick_template(presentation.groups[str(event.get("kind"))], fields)
        out.append((head, fill(presentation, template or "", fields, seat_name, card_title)))
    return out


def view_titles(view: Mapping[str, Any] | None, catalog: Mapping[int, Mapping[str, Any]], field_name: str) -> Any:
    """``card_title`` for a seat: a card instance's title if ``view`` shows it (its ``defn`` in the view's
    ``cards``), else ``None``; so a sentence names no card the seat does not see now."""
    cards = view.get("cards") if isinstance(view, Mapping) else None

    def title(cid: int) -> str | None:
        if not isinstance(cards, Mapping):
            return None
        e = cards.get(str(cid), cards.get(cid))  # type: ignore[call-overload]
        if not isinstance(e, Mapping) or not _is_int(e.get("defn")):
            return None
        data = catalog.get(e["defn"])
        if data is None:
            return None
        t = data.get(field_name) or data.get("name") or data.get("title")
        return str(t) if t else None

    return title


class LogWords:
    """A game's log in sentences for one seat: the shared words of the terminal and the browser (the web
    server sends them with each ``state`` frame). Built from the game's presentation facet and its public
    card catalog; ``lines`` reads only the seat's log and view, so it can name nothing the seat may not know."""

    def __init__(self, presentation: Presentation,
                 catalog: Sequence[Mapping[str, Any]] | Mapping[int, Mapping[str, Any]]) -> None:
        """``catalog``: the game's ``card_catalog()["cards"]``, or those cards by definition index."""
        self.pres = presentation
        self.catalog = dict(catalog) if isinstance(catalog, Mapping) else \
            {int(c.get("index", k)): c for k, c in enumerate(catalog)}

    def lines(self, log: Sequence[Mapping[str, Any]], view: Mapping[str, Any] | None, seat: int | None,
              start: int = 0, join_earlier: bool = True, names: Sequence[str] | None = None) -> list[tuple[int, str]]:
        """``log_lines`` of ``log`` (``state.log(seat)``) as ``seat`` reads it: "you" for ``seat``, else
        ``names[s]`` or "Seat N"; cards by title where ``view`` (``state.view(seat)``) shows them."""

        def seat_name(s: int) -> str:
            if s == seat:
                return "you"
            return names[s] if names is not None and 0 <= s < len(names) else f"Seat {s}"

        in_view = view_titles(view, self.catalog, self.pres.face.title)
        learned = self.learned(log)

        def titles(cid: int) -> str | None:
            return in_view(cid) or learned.get(cid)

        return log_lines(self.pres, log, seat_name, titles, start=start, join_earlier=join_earlier)

    def learned(self, log: Sequence[Mapping[str, Any]]) -> dict[int, str]:
        """Titles the seat's own log gave card instances: an event naming its ``card`` (``title``, ``name``)
        or its definition (``defn``). A card that has left the seat's sight since (a location covered, a
        card shuffled away) is still named by what the seat saw; the log only holds what it may know."""
        out: dict[int, str] = {}
        field_name = self.pres.face.title
        for e in log:
            c = e.get("card")
            if not isinstance(c, int) or isinstance(c, bool):
                continue
            t = e.get("title", e.get("name"))
            if isinstance(t, str) and t:
                out[c] = t
            elif _is_int(e.get("defn")) and e["defn"] in self.catalog:
                data = self.catalog[e["defn"]]
                t = data.get(field_name) or data.get("name") or data.get("title")
                if t:
                    out[c] = str(t)
        return out


_LOG_WORDS: dict[str, LogWords | None] = {}


def log_words(game_id: str) -> LogWords | None:
    """The game's :class:`LogWords` (``None`` for a game without a presentation facet), built once."""
    if game_id not in _LOG_WORDS:
        from ..registry import game_facet, load_game  # late: the engine does not need the registry otherwise

        facet = game_facet(game_id, "presentation")
        pres = getattr(facet, "PRESENTATION", None) if facet is not None else None
        _LOG_WORDS[game_id] = None if pres is None else LogWords(pres, load_game(game_id).card_catalog().get("cards", []))
    return _LOG_WORDS[game_id]
