"""The shared terminal card table: draws any game that declares a presentation (its ``presentation``
facet, see :mod:`cardtable.engine.presentation`) from a seat's view, with no line of its own per game.

Why one renderer: a card game brings data (regions, marks, sentences, targets) and gets a terminal
table for free, the same one the browser draws from the same declaration. Everything drawn comes
from ``state.view(seat)`` plus the public card catalog (``GameDefinition.card_catalog()``), so a card
the view does not name (a ``null`` in a zone) can only be drawn as a back: nothing here can leak it.

Layout, top to bottom: a status line; every other seat's side, clockwise from the viewer (its regions
in reverse order, so its hand is farthest from the middle; with three or more seats only the regions
that hold cards); the shared regions; the viewer's own side (in declared order,
hand near the bottom). Regions of one band sit side by side. Cards read as one line each:
``#id Title (corner) subtitle · stats [marks]``, attachments indented under their host.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any, Iterable, Mapping, Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..core import Action, SetupError
from ..engine.presentation import LogWords, Presentation, Region, Target, colour_words, resolve, swatch, zone_name
from .generic import Names, Renderer, compact

SWATCH_STYLES = {"red": "red1", "orange": "dark_orange", "brown": "light_salmon3", "yellow": "yellow1",
                 "olive": "dark_khaki", "green": "green3", "teal": "dark_cyan", "light_blue": "sky_blue1",
                 "blue": "dodger_blue1", "purple": "medium_purple1", "pink": "hot_pink", "grey": "grey70"}
"""The Rich colour of each of the presentation's ``SWATCHES``: a card's title is printed in the colour its
game's palette gives its data (a red Million Arthur card in red); a card without one in plain white."""


def _missing_format(template: str, **values: Any) -> str:
    """``template`` filled in; a placeholder without a value reads ``?`` instead of failing."""

    class _Fill(dict[str, Any]):
        def __missing__(self, key: str) -> str:
            return "?"

    try:
        return template.format_map(_Fill(values))
    except (ValueError, IndexError):
        return template


def _is_zero(value: Any) -> bool:
    if value is None or value is False or value == 0 or value == "":
        return True
    if isinstance(value, (list, tuple)):
        return all(_is_zero(v) for v in value)
    return False


class CardTableRenderer(Renderer):
    """A :class:`Renderer` for every game with a declared presentation (and no ``tui`` facet of its own)."""

    def __init__(self, game_id: str, presentation: Presentation) -> None:
        self.game_id = game_id
        self.pres = presentation
        self.targets: dict[str, Target] = {t.param: t for t in presentation.targets}
        self.regions: dict[str, Region] = {r.id: r for r in presentation.regions}

    # --- the catalog -------------------------------------------------------------------------------
    @cached_property
    def catalog(self) -> dict[int, Mapping[str, Any]]:
        """Public card data by definition index (the view's ``defn``)."""
        from .. import load_game  # late: rendering a log line for an unknown id must not need the game

        cards = load_game(self.game_id).card_catalog().get("cards", [])
        return {int(c.get("index", k)): c for k, c in enumerate(cards)}

    @cached_property
    def log_words(self) -> LogWords:
        return LogWords(self.pres, self.catalog)

    @cached_property
    def game_name(self) -> str:
        """The game's name for the frame (its id when no game has that id)."""
        from .. import load_game

        try:
            return load_game(self.game_id).info.name
        except SetupError:
            return self.game_id

    def entry(self, view: Mapping[str, Any], cid: Any) -> Mapping[str, Any] | None:
        """The view's entry for card instance ``cid`` (``None``: not visible to this seat)."""
        if cid is None or isinstance(cid, bool):
            return None
        cards = view.get("cards")
        if not isinstance(cards, Mapping):
            return None
        e = cards.get(str(cid), cards.get(cid))  # type: ignore[call-overload]
        return e if isinstance(e, Mapping) else None

    def card_data(self, view: Mapping[str, Any], cid: Any) -> Mapping[str, Any] | None:
        e = self.entry(view, cid)
        if e is None or not isinstance(e.get("defn"), int):
            return None
        return self.catalog.get(e["defn"])

    def title_of(self, data: Mapping[str, Any] | None) -> str:
        if data is None:
            return "a hidden card"
        return str(data.get(self.pres.face.title) or data.get("name") or data.get("title") or data.get("id", "?"))

    def card_ref(self, view: Mapping[str, Any] | None, cid: Any) -> str:
        """``Title #id`` for a card this seat can see, ``a hidden card`` otherwise."""
        data = self.card_data(view, cid) if view is not None else None
        return self.title_of(data) + (f" #{cid}" if data is not None else "")

    def colour(self, data: Mapping[str, Any]) -> str:
        """The Rich style of the card's colour: its data's swatch (``presentation.swatch``), else white."""
        found = swatch(self.pres.face, data)
        return SWATCH_STYLES[found] if found is not None else "white"

    # --- zones and seats ------------------------------------------------------------------------------
    @staticmethod
    def zone_cards(view: Mapping[str, Any], zone: str) -> list[Any]:
        """The zone's entries in order (``None`` for a card this seat may not see)."""
        z = (view.get("zones") or {}).get(zone)
        if isinstance(z, Mapping):
            cards = z.get("cards")
            return list(cards) if isinstance(cards, list) else [None] * int(z.get("count") or 0)
        return list(z) if isinstance(z, list) else []

    @staticmethod
    def viewer(view: Mapping[str, Any]) -> int | None:
        seat = view.get("seat")
        return seat if isinstance(seat, int) and not isinstance(seat, bool) else None

    @staticmethod
    def players(view: Mapping[str, Any]) -> int:
        n = view.get("players")
        if isinstance(n, int) and n > 0:
            return n
        seats = view.get("seats")
        return len(seats) if isinstance(seats, list) else 2

    def side_order(self, view: Mapping[str, Any]) -> list[int]:
        """Seats from the top of the screen down: every other seat clockwise from the viewer (the next
        seat first), then the viewer's (seat 0 for a spectator). Two seats: the other one, then the viewer."""
        n = self.players(view)
        me = self.viewer(view)
        me = 0 if me is None else me
        return [(me + k) % n for k in range(1, n)] + [me]

    # --- one card -------------------------------------------------------------------------------------
    def stat_words(self, data: Mapping[str, Any], fields: Iterable[str]) -> list[str]:
        words = []
        for f in fields:
            v = data.get(f)
            if _is_zero(v):
                continue
            labels = self.pres.face.list_labels.get(f)
            if isinstance(v, list) and labels and all(isinstance(x, int) for x in v):
                words.append(", ".join(f"{labels[k]} {x}" if k < len(labels) else f"{f} {x}"
                                       for k, x in enumerate(v) if x))
            elif isinstance(v, list):
                words.append(", ".join(str(x).replace("_", " ") for x in v))
            elif isinstance(v, bool):
                words.append(f.replace("_", " "))
            else:
                words.append(f"{f.replace('_', ' ')} {v}")
        return words

    def marks(self, view: Mapping[str, Any], cid: Any) -> list[tuple[str, str]]:
        """``(label, style)`` of every declared mark the card shows now."""
        e = self.entry(view, cid) or {}
        raw_flags = e.get("flags")
        flags = raw_flags if isinstance(raw_flags, int) else 0
        counters: dict[str, Any] = {}
        for row in view.get("counters") or ():
            if isinstance(row, (list, tuple)) and len(row) == 3 and str(row[0]) == str(cid):
                counters[str(row[1])] = row[2]
        out: list[tuple[str, str]] = []
        for m in self.pres.marks:
            if m.flag:
                if flags & m.flag:
                    out.append((m.label, m.style))
                continue
            value = counters.get(m.counter) if m.counter else resolve(view, m.path, card=cid) if m.path else None
            if value is None or (m.hide_zero and _is_zero(value)):
                continue
            out.append((_missing_format(m.label, value=compact(value)), m.style))
        return out

    def card_line(self, view: Mapping[str, Any], cid: Any, indent: str = "", brief: bool = False) -> Text:
        """One card as a line of text: reference, title, corner, subtitle, stats and marks (``brief``:
        reference, title and marks only)."""
        data = self.card_data(view, cid)
        line = Text(indent)
        if data is None:
            line.append("▒ hidden card", style="dim")
            return line
        marks = self.marks(view, cid)
        dimmed = any(style == "dimmed" for _, style in marks)
        face = self.pres.face
        line.append(f"#{cid} ", style="dim")
        line.append(self.title_of(data), style=("dim " if dimmed else "bold ") + self.colour(data))
        stats: list[str] = []
        if not brief:
            corner = data.get(face.corner) if face.corner else None
            if corner is not None and corner != "":
                line.append(f" ({corner})", style="bold")
            sub = [colour_words(face, data.get(f)) if f == face.colour else str(data.get(f)).replace("_", " ")
                   for f in face.subtitle if data.get(f) not in (None, "")]
            if sub:
                line.append("  " + " ".join(sub), style="dim")
            stats = self.stat_words(data, face.stats)
            if stats:
                line.append(" · " + " · ".join(stats))
        marks = [(label, style) for label, style in marks if label not in stats]  # "skill 2" printed and now
        for label, style in marks:
            badge = {"turned": "yellow", "dimmed": "bold red", "face_down": "dim italic"}.get(style, "cyan")
            line.append(f" [{label}]", style=badge)
        return line

    def card_lines(self, view: Mapping[str, Any], cards: Sequence[Any], all_ids: set[str] | None = None,
                   brief: bool = False) -> list[Text]:
        """Lines for ``cards`` with every attachment under its host (``host`` of the view's entry)."""
        present = {str(c) for c in cards if c is not None} if all_ids is None else all_ids
        children: dict[str, list[Any]] = {}
        tops: list[Any] = []
        for c in cards:
            host = (self.entry(view, c) or {}).get("host")
            if c is not None and isinstance(host, int) and host >= 0 and str(host) in present and str(host) != str(c):
                children.setdefault(str(host), []).append(c)
            else:
                tops.append(c)
        lines: list[Text] = []

        def add(c: Any, depth: int) -> None:
            lines.append(self.card_line(view, c, "  " * depth + ("└ " if depth else ""), brief))
            for child in children.get(str(c), ()):
                if depth < 4:
                    add(child, depth + 1)

        for c in tops:
            add(c, 0)
        return lines

    # --- regions -----------------------------------------------------------------------------------------
    def region_title(self, region: Region, seat: int | None, i: int, names: Names) -> str:
        return _missing_format(region.title, p=self.name(seat, names) if seat is not None else "", n=i + 1)

    def counter_words(self, view: Mapping[str, Any], region: Region, seat: int | None, i: int) -> list[str]:
        words = []
        for c in region.counters:
            v = resolve(view, c.path, p=seat if seat is not None else 0, i=i)
            if v is None or v is False:
                continue
            words.append(c.label if v is True else f"{c.label} {compact(v)}")
        return words

    def gathered(self, view: Mapping[str, Any], region: Region, seat: int, i: int) -> list[Any]:
        """The cards of ``seat`` the region's ``gather`` draws at index ``i`` (e.g. those committed there)."""
        g = region.gather
        if g is None:
            return []
        out = []
        for c in self.zone_cards(view, zone_name(g.zones, seat, 0)):
            if c is not None and resolve(view, g.path, card=c) == i:
                out.append(c)
        return out

    def gathered_everywhere(self, view: Mapping[str, Any]) -> set[str]:
        """Every card drawn by some shared region's ``gather`` (not repeated in its home region)."""
        out: set[str] = set()
        for region in self.pres.regions:
            if region.gather is None or region.seat != "none":
                continue
            for i in range(region.count):
                for s in range(self.players(view)):
                    out.update(str(c) for c in self.gathered(view, region, s, i))
        return out

    def region_body(self, view: Mapping[str, Any], region: Region, seat: int | None, i: int,
                    skip: set[str]) -> list[Text]:
        zone = zone_name(region.zone, seat, i)
        cards = self.zone_cards(view, zone)
        me = self.viewer(view)
        if region.layout == "count":
            return [Text(f"{len(cards)} card{'s' if len(cards) != 1 else ''}")]
        if region.layout == "pile":
            if not cards:
                return [Text("empty", style="dim")]
            top = self.card_line(view, cards[-1], brief=True)
            top.append(f"  ({len(cards)} in all)", style="dim")
            return [top]
        if region.layout == "fan" and (seat != me or all(c is None for c in cards)):
            hidden = sum(1 for c in cards if c is None)
            if not cards:
                return [Text("no cards", style="dim")]
            line = Text("▒▒ " * min(hidden, 12), style="blue")
            line.append(f"{hidden} hidden" if hidden == len(cards) else f"{hidden} hidden, ", style="dim")
            lines = [line]
            if hidden != len(cards):
                lines += self.card_lines(view, [c for c in cards if c is not None])
            return lines
        shown = [c for c in cards if c is None or str(c) not in skip]
        away = len(cards) - len(shown)
        lines = self.card_lines(view, shown, brief=region.brief)
        if away:
            lines.append(Text(f"(+{away} shown in the middle of the table)", style="dim"))
        return lines or [Text("none", style="dim")]

    def region_panel(self, view: Mapping[str, Any], region: Region, seat: int | None, i: int, names: Names,
                     skip: set[str], sides: Sequence[int]) -> Panel:
        title = self.region_title(region, seat, i, names)
        body: list[RenderableType] = []
        if region.seat == "none":
            per_seat = [c for c in region.counters if "{p}" in c.path]
            flat = [c for c in region.counters if "{p}" not in c.path]
            words = [w for c in flat for w in self.one_counter(view, c.label, c.path, None, i)]
            if words:
                body.append(Text(" · ".join(words), style="dim"))
            me_last = list(sides)
            for pos, s in enumerate(me_last):
                if pos == len(me_last) - 1:  # the viewer's side: the shared cards first, then its own
                    body.extend(self.region_body(view, region, None, i, skip))
                body.extend(self._seat_part(view, region, s, i, names, per_seat))
            if not me_last:
                body.extend(self.region_body(view, region, None, i, skip))
        else:
            words = self.counter_words(view, region, seat, i)
            if words:
                body.append(Text(" · ".join(words), style="dim"))
            body.extend(self.region_body(view, region, seat, i, skip))
        return Panel(Group(*body), title=title, title_align="left", box=box.ROUNDED, padding=(0, 1))

    def one_counter(self, view: Mapping[str, Any], label: str, path: str, seat: int | None, i: int) -> list[str]:
        v = resolve(view, path, p=seat if seat is not None else 0, i=i)
        if v is None or v is False:
            return []
        return [label if v is True else f"{label} {compact(v)}"]

    def _seat_part(self, view: Mapping[str, Any], region: Region, seat: int, i: int, names: Names,
                   per_seat: Sequence[Any]) -> list[Text]:
        """One seat's share of a shared region: its counters (e.g. tokens) and its gathered cards."""
        words = [w for c in per_seat for w in self.one_counter(view, c.label, c.path, seat, i)]
        cards = self.gathered(view, region, seat, i)
        if not words and not cards:
            return []
        head = Text(f"{self.name(seat, names)}: ", style="bold")
        head.append(" · ".join(words) if words else "")
        if cards and region.gather is not None and region.gather.label:
            head.append(f" ({len(cards)} {region.gather.label})", style="dim")
        return [head] + self.card_lines(view, cards, brief=True)

    def band_rows(self, view: Mapping[str, Any], regions: Sequence[Region], seat: int | None, names: Names,
                  skip: set[str], sides: Sequence[int]) -> list[RenderableType]:
        """The regions in declared order, those of one band side by side in a grid."""
        out: list[RenderableType] = []
        k = 0
        while k < len(regions):
            band = regions[k].band
            group = [regions[k]]
            k += 1
            while band and k < len(regions) and regions[k].band == band:
                group.append(regions[k])
                k += 1
            if band == "" and len(group) == 1 and group[0].count == 1 and group[0].seat == "none" \
                    and group[0].layout == "row" and not self.zone_cards(view, zone_name(group[0].zone, None, 0)):
                continue  # an empty shared row (e.g. nothing being played): no box for nothing
            panels = [self.region_panel(view, r, seat, i, names, skip, sides) for r in group for i in range(r.count)]
            if len(panels) == 1:
                out.append(panels[0])
                continue
            grid = Table.grid(expand=True, padding=(0, 0))
            for _ in panels:
                grid.add_column(ratio=1)
            grid.add_row(*panels)
            out.append(grid)
        return out

    # --- the view -----------------------------------------------------------------------------------------
    def banner(self, view: Mapping[str, Any], seat: int, names: Names) -> Text:
        line = Text(f" {self.name(seat, names)} ", style="bold reverse")
        words = [w for c in self.pres.seat_counters for w in self.one_counter(view, c.label, c.path, seat, 0)]
        if words:
            line.append("  " + " · ".join(words))
        if view.get("to_act") == seat:
            line.append("  ← to act", style="bold green")
        return line

    def progress(self, view: Mapping[str, Any]) -> str:
        turn = resolve(view, self.pres.turn_path) if self.pres.turn_path else view.get("turn")
        return "" if turn is None else f"{self.pres.turn_word} {turn}"

    def status_line(self, view: Mapping[str, Any], names: Names = None) -> str:
        parts = []
        if self.progress(view):
            parts.append(self.progress(view))
        phase = resolve(view, self.pres.phase_path) if self.pres.phase_path else None
        if phase is not None:
            parts.append(f"{str(phase).replace('_', ' ')} {self.pres.phase_word}".rstrip())
        who = view.get("to_act")
        if isinstance(who, int) and not isinstance(who, bool):
            parts.append(f"{self.name(who, names)} to act")
        return " · ".join(parts) or "the table"

    def render_view(self, view: Mapping[str, Any], names: Names = None) -> RenderableType:
        sides = self.side_order(view)
        skip = self.gathered_everywhere(view)
        own = [r for r in self.pres.regions if r.seat == "each"]
        shared = [r for r in self.pres.regions if r.seat == "none"]
        parts: list[RenderableType] = [Text(self.status_line(view, names), style="bold")]
        for s in sides[:-1]:
            parts.append(self.banner(view, s, names))
            theirs = list(reversed(own))
            if len(sides) > 2:  # three or more seats: each other seat compact, its empty regions left out
                theirs = [r for r in theirs if any(self.zone_cards(view, zone_name(r.zone, s, i)) for i in range(r.count))]
            parts.extend(self.band_rows(view, theirs, s, names, skip, sides))
        parts.extend(self.band_rows(view, shared, None, names, skip, sides))
        me = sides[-1]
        parts.extend(self.band_rows(view, own, me, names, skip, sides))
        parts.append(self.banner(view, me, names))
        return Panel(Group(*parts), title=self.game_name, box=box.ROUNDED)

    def render_board(self, view: Mapping[str, Any], names: Names, width: int, max_lines: int) -> RenderableType:
        """The compact board (:mod:`.board`): plain lines, at the most detail that fits ``max_lines``."""
        from .board import Board

        return Group(*Board(self, view, names, width).fit(max_lines))

    # --- actions and events ----------------------------------------------------------------------------------
    def region_ref(self, target: Target, value: Any, player: int, view: Mapping[str, Any] | None,
                   names: Names) -> str:
        region = self.regions.get(target.region)
        if region is None or not isinstance(value, int) or isinstance(value, bool):
            return f"{target.param} {compact(value)}"
        seat = player if (region.seat == "each" and target.own_side) else None
        text = self.region_title(region, seat, value, names)
        if region.seat == "none" and view is not None:
            titles = [self.title_of(self.card_data(view, c)) for c in
                      self.zone_cards(view, zone_name(region.zone, None, value)) if c is not None]
            if titles:
                text += f" ({', '.join(titles)})"
        return text

    def describe_action(self, action: Action, view: Mapping[str, Any] | None = None, names: Names = None) -> str:
        label = self.pres.decision_labels.get(action.kind) or action.kind.replace("_", " ").capitalize()
        params = dict(action.params)
        kind = view.get("decision", {}).get("kind") if isinstance(view, Mapping) and \
            isinstance(view.get("decision"), Mapping) else None
        words_path = self.pres.value_words.get(str(kind)) if kind is not None else None
        if words_path and "card" in params:  # the value is not a card (``Presentation.value_words``)
            words = resolve(view or {}, words_path, value=params["card"])
            return f"{label} {words if words is not None else compact(params['card'])}"
        cards: list[str] = []
        places: list[str] = []
        rest: list[str] = []
        for k, v in params.items():
            t = self.targets.get(k)
            if t is not None and t.card:
                cards.append((f"{t.word} " if t.word else "") + self.card_ref(view, v))
            elif t is not None and t.region:
                places.append(self.region_ref(t, v, action.player, view, names))
            elif t is not None and t.seat and isinstance(v, int) and not isinstance(v, bool):
                cards.append((f"{t.word} " if t.word else "") + self.name(v, names))
            elif k == "label":
                rest.insert(0, str(v))
            elif k == "index" and "label" in params:
                continue
            elif k in self.pres.one_based and isinstance(v, int) and not isinstance(v, bool):
                rest.append(f"{k.replace('_', ' ')} {v + 1}")
            else:
                rest.append(f"{k.replace('_', ' ')} {compact(v)}")
        text = label
        if cards:
            text += " " + ", ".join(cards)
        if places:
            text += " → " + ", ".join(places)
        if rest:
            text += (": " if not cards and not places else " · ") + ", ".join(rest)
        return text + self.ability_words(params, view)

    def shown_side(self, view: Mapping[str, Any], cid: Any, data: Mapping[str, Any]) -> Mapping[str, Any]:
        """The side a two-sided card (catalog ``sides``, e.g. a Mythos investigator) shows: the one whose name
        the controlling seat's public info names; ``{}`` when the card has no sides or none is named."""
        sides = data.get("sides")
        entry = self.entry(view, cid) or {}
        info = view.get("info")
        seats = info.get("seats") if isinstance(info, Mapping) else None
        ctrl = entry.get("ctrl")
        if not isinstance(sides, list) or not isinstance(seats, list) or not isinstance(ctrl, int) \
                or not 0 <= ctrl < len(seats) or not isinstance(seats[ctrl], Mapping):
            return {}
        named = {v for v in seats[ctrl].values() if isinstance(v, str)}
        return next((sd for sd in sides if isinstance(sd, Mapping) and sd.get("name") in named), {})

    ABILITY_WORDS = 90  # the longest quote (in letters) of a card's text quoted in a "use its ability" choice

    def ability_words(self, params: Mapping[str, Any], view: Mapping[str, Any] | None) -> str:
        """`` — "<the card's text>"`` for a choice that uses a card's ability (an ``ability`` parameter): "Use
        Stubborn Dockhand · ability 1" alone does not say what it does. The catalog holds one text a card,
        so the whole text is quoted: a long one up to a word, then ``(?N for the rest)``, the command for it."""
        if "ability" not in params or view is None:
            return ""
        cid = next((v for k, v in params.items() if (t := self.targets.get(k)) is not None and t.card), None)
        data = self.card_data(view, cid) or {}
        face = data if data.get("text") else self.shown_side(view, cid, data)
        words = " ".join(str(face.get("text") or "").split())
        if not words:
            return ""
        # A named ability is quoted from its name on (flavour before it says nothing about the choice).
        abilities, n = face.get("abilities"), params.get("ability")
        if isinstance(abilities, list) and isinstance(n, int) and 0 <= n < len(abilities) \
                and isinstance(abilities[n], Mapping) and str(abilities[n].get("name") or "\0") in words:
            words = words[words.index(str(abilities[n]["name"])):]
        if len(words) > self.ABILITY_WORDS:  # the rest is one command away (not an ellipsis: nothing is cut)
            return f' — "{words[:self.ABILITY_WORDS].rsplit(" ", 1)[0].rstrip(",;:.")}" (?{cid} for the rest)'
        return f' — "{words}"'

    def describe_event(self, event: Mapping[str, Any], names: Names = None) -> str:
        text = self.describe_events([event], names)[0]
        return text or ""

    def describe_events(self, events: Sequence[Mapping[str, Any]], names: Names = None,
                        log: Sequence[Mapping[str, Any]] | None = None,
                        view: Mapping[str, Any] | None = None) -> list[str | None]:
        """The shared log sentences (:class:`~cardtable.engine.presentation.LogWords`, the browser's words
        too): "You" is the seat ``names`` calls so, cards are named from ``view`` and from what the seat's
        ``log`` told it, and repeated events printed together read as one line (a line already printed
        is never rewritten)."""
        full = list(log) if log is not None else list(events)
        start = len(full) - len(events)
        if start < 0 or full[start:] != list(events):  # not the tail of ``log``: the events alone
            full, start = list(events), 0
        seat = next((k for k, n in enumerate(names or ()) if n == "You"), None)
        words = self.log_words
        out: list[str | None] = [None] * len(events)
        for head, text in words.lines(full, view, seat, start=start, join_earlier=False,
                                      names=list(names) if names is not None else None):
            out[head - start] = text
        return out

    def is_turn_marker(self, event: Mapping[str, Any]) -> bool:
        return event.get("kind") in ("turn", "round", "turn_started", "turn_begins", "new_turn")

    # --- card text on request -------------------------------------------------------------------------------
    def query_hint(self) -> str:
        return ", ?N card #N's text"

    def answer_query(self, raw: str, view: Mapping[str, Any], game: Any) -> RenderableType | None:
        """``?N`` / ``show N``: the full face of card #N (if this seat sees it); ``show WORDS``: catalog cards
        whose title contains the words. ``None`` when ``raw`` is not such a request."""
        text = raw.strip()
        low = text.lower()
        if low.startswith("?") and low[1:].strip():
            arg = text[1:].strip()
        elif low.startswith("show ") and low[5:].strip():
            arg = text[5:].strip()
        else:
            return None
        if arg.lstrip("#").isdigit():
            cid = int(arg.lstrip("#"))
            data = self.card_data(view, cid)
            if data is None:
                return Text(f"Card #{cid} is not on the table for you to see (numbers are the #N shown on cards).",
                            style="red")
            return self.card_panel(data, view, cid)
        needle = arg.lower()
        found = [d for d in self.catalog.values() if needle in self.title_of(d).lower()]
        if not found:
            return Text(f"No card title contains {arg!r}.", style="red")
        return Group(*(self.card_panel(d) for d in found[:6]),
                     *([Text(f"... and {len(found) - 6} more", style="dim")] if len(found) > 6 else []))

    def hand_card_name(self, view: Mapping[str, Any], cid: Any) -> str:
        return self.card_ref(view, cid)

    def card_panel(self, data: Mapping[str, Any], view: Mapping[str, Any] | None = None, cid: Any = None) -> Panel:
        """One card in full: every catalog field, its text, and (in play) its marks and attachments."""
        face = self.pres.face
        head = Text(self.title_of(data), style="bold " + self.colour(data))
        if face.corner and data.get(face.corner) not in (None, ""):
            head.append(f"  ({face.corner} {data.get(face.corner)})")
        body: list[RenderableType] = [head]
        sub = " ".join(colour_words(face, data.get(f)) if f == face.colour else str(data.get(f)).replace("_", " ")
                       for f in face.subtitle if data.get(f) not in (None, ""))
        if sub:
            body.append(Text(sub, style="dim"))
        shown = {face.title, face.corner, face.text, "index", "id", "name", *face.subtitle}
        extra = [f for f in data if f not in shown and not isinstance(data.get(f), Mapping)]
        stats = self.stat_words(data, [*face.stats, *(f for f in extra if f not in face.stats)])
        if stats:
            body.append(Text(" · ".join(stats)))
        txt = data.get(face.text)
        if txt:
            body.append(Text(str(txt)))
        if view is not None and cid is not None:
            marks = self.marks(view, cid)
            if marks:
                body.append(Text("now: " + ", ".join(label for label, _ in marks), style="yellow"))
            under = [c for c, e in (view.get("cards") or {}).items()
                     if isinstance(e, Mapping) and str(e.get("host")) == str(cid) and str(c) != str(cid)]
            if under:
                body.append(Text("attached: " + ", ".join(self.card_ref(view, c) for c in under), style="dim"))
        title = f"#{cid}" if cid is not None else str(data.get("id", ""))
        return Panel(Group(*body), title=title, title_align="left", box=box.ROUNDED, expand=False)

    def render_help(self, game: Any, view: Mapping[str, Any] | None = None) -> RenderableType:
        """The cards this seat sees on the table, with their text (``?N`` shows one in full)."""
        table = Table(box=box.SIMPLE_HEAD, title="Cards you can see", title_justify="left")
        for col in ("#", "Card", "Text"):
            table.add_column(col)
        seen: set[str] = set()
        for cid in (view or {}).get("cards") or {}:
            data = self.card_data(view or {}, cid)
            if data is None or str(cid) in seen:
                continue
            seen.add(str(cid))
            table.add_row(str(cid), self.title_of(data), str(data.get(self.pres.face.text) or ""))
        note = Text("Type ?N (or show N) for card #N in full, show WORDS to look a card up by title; "
                    f"cardtable rules {self.game_id} for the rules.", style="dim")
        now = self._phase_help(game, view or {})
        return Group(*now, table, note)

    def _phase_help(self, game: Any, view: Mapping[str, Any]) -> list[RenderableType]:
        """The "How to play" section of the current phase or step (``phase_sections``), above the cards."""
        phase = resolve(view, self.pres.phase_path) if self.pres.phase_path else None
        rules = game.how_to_play() if phase is not None else {}
        sid = (rules.get("phase_sections") or {}).get(phase)
        section = next((s for s in rules.get("sections", []) if s.get("id") == sid), None)
        if section is None:
            return []
        body = Text("\n\n".join(section.get("paragraphs", [])))
        return [Panel(body, title=f"Now: {section['heading']}", title_align="left", box=box.ROUNDED,
                      subtitle=f"cardtable rules {self.game_id} --section {sid}", subtitle_align="right"), Text()]
