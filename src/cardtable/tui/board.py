"""The card table drawn to fit a terminal screen: the compact board of one decision.

Why: the boxed table of :meth:`CardTableRenderer.render_view` spends two border lines on every region
and one line on every card, so a late game is two or three screens tall and the other seats' side
(drawn first, at the top) has scrolled away by the time the person reads the choices. Here the same
declared regions are laid out as plain lines whose height is known before printing, at the most
generous of a few levels of detail that fits the lines the screen has left:

0. one line per card with its details (cost, type, stats), attachments on lines of their own;
1. the other seats' cards several to a line, by title and marks only (attachments after their host);
2. the viewer's cards in play too; the viewer's hand keeps one line per card;
3. every card several to a line;
4. as 3, with identical cards of the other seats counted (``3× Zoog Scout``) instead of listed.

Small regions collapse onto their seat's name line: a deck is a count, a hidden hand a count, a
discard pile its count and top card; an empty region is left out (a banded one, such as a domain or
a story, keeps its place). A card is never cut: lines are packed from whole cards, and only a card
wider than the whole line is wrapped, between words. Layout, top to bottom, as on the boxed table:
every other seat clockwise from the viewer, the shared regions, the viewer's side, its name last.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from io import StringIO
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from rich.console import Console
from rich.text import Text

from ..engine.presentation import Region, zone_name
from .generic import Names

if TYPE_CHECKING:
    from .cardtable import CardTableRenderer

LEVELS = 5  # the levels of detail above, 0 (most) to 4 (least)
SEP = " · "  # between cards packed on one line
BREAKS = (" + ", " · ", ", ", " [")  # where a line too long for the screen is broken first
MIN_CELL = 30  # narrower than this, banded regions are stacked instead of side by side
_WRAPPER = Console(file=StringIO(), width=1000, color_system=None)  # only lends Text.wrap its settings


@dataclass
class Block:
    """One region (or one cell of a band) ready to lay out: a label, then items (cards, counters)."""

    label: Text
    items: list[Text] = field(default_factory=list)
    flow: bool = True  # several items to a line; else one a line under the label


def wrap(text: Text, width: int) -> list[Text]:
    """``text`` in lines of at most ``width`` cells: broken first where it joins parts (`` + `` before an
    attachment, `` · ``, ``, ``, `` [`` before a mark), so that a card's title stays on one line, else between words (a word
    longer than the line is the only thing ever folded)."""
    lines: list[Text] = []
    rest, room = text, width
    while rest.cell_len > room:
        plain = rest.plain
        cut, sep = max((plain.rfind(sep, 0, room - len(sep) + 2), sep) for sep in BREAKS)
        if cut <= 0:
            break
        lines.append(rest[:cut] + Text(",") if sep == ", " else rest[:cut])
        rest = rest[cut + len(sep):] if sep == ", " else rest[cut + 1:]
        room = width - 2
    if rest.cell_len > room:
        tail = list(rest.wrap(_WRAPPER, max(room, 1), overflow="fold"))
    else:
        tail = [rest]
    for line in tail:
        line.rstrip()
    return lines[:1] + [Text("  ") + line for line in lines[1:] + tail] if lines else tail


def pack(items: Sequence[Text], width: int, sep: str = SEP, indent: int = 0) -> list[Text]:
    """Whole items packed onto as few lines of ``width`` cells as keeps each on one line; lines after the
    first start ``indent`` spaces in."""
    lines: list[Text] = []
    cur: Text | None = None

    def room() -> int:
        return width - (indent if lines else 0)

    for item in items:
        if cur is not None and cur.cell_len + len(sep) + item.cell_len <= room():
            cur.append(sep, style="dim")
            cur.append_text(item)
            continue
        if cur is not None:
            lines.append(cur)
            cur = None
        if item.cell_len > room():
            lines.extend(wrap(item, room()))
            continue
        cur = item.copy()
    if cur is not None:
        lines.append(cur)
    return lines[:1] + [Text(" " * indent) + line for line in lines[1:]]


def lay_out(block: Block, width: int, label_width: int) -> list[Text]:
    """A block as lines: the label in a column of its own, the items beside it (flowed or one a line)."""
    label = block.label.copy()
    if not block.items:
        return wrap(label, width)
    inner = width - label_width - 1
    if label.cell_len > label_width or inner < MIN_CELL // 2:  # a long label: items after or under it
        if block.flow:
            return pack([label] + block.items, width, indent=2)
        head = wrap(label, width)
        return head + [Text("  ") + line for line in _items(block, width - 2)]
    body = _items(block, inner)
    out = []
    for k, line in enumerate(body):
        lead = label.copy() if k == 0 else Text()
        lead.pad_right(label_width + 1 - lead.cell_len)
        out.append(lead + line)
    return out


def _items(block: Block, width: int) -> list[Text]:
    if block.flow:
        return pack(block.items, width)
    return [line for item in block.items for line in wrap(item, width)]


def side_by_side(cells: Sequence[list[Text]], width: int) -> list[Text]:
    """Cells (lists of lines, each at most ``width // len(cells) - 1`` cells wide) as columns."""
    cw = (width - (len(cells) - 1)) // len(cells)
    rows = max(len(c) for c in cells)
    out = []
    for r in range(rows):
        line = Text()
        for k, cell in enumerate(cells):
            part = cell[r].copy() if r < len(cell) else Text()
            if k < len(cells) - 1:
                part.pad_right(cw + 1 - part.cell_len)
            line.append_text(part)
        line.rstrip()
        out.append(line)
    return out


class Board:
    """The compact board of one seat's view at one width; :meth:`lines` at a level, :meth:`fit` to a height."""

    def __init__(self, table: CardTableRenderer, view: Mapping[str, Any], names: Names, width: int) -> None:
        self.t = table
        self.view = view
        self.names = names
        self.width = max(width, 20)
        self.sides = table.side_order(view)
        self.me = self.sides[-1]
        self.skip = table.gathered_everywhere(view)
        self.own = [r for r in table.pres.regions if r.seat == "each"]
        self.shared = [r for r in table.pres.regions if r.seat == "none"]
        titles = [table.region_title(r, self.me, 0, names) for r in self.own if not r.band or r.count == 1]
        self.label_width = min(max((len(t) for t in titles), default=8), self.width // 4)

    def fit(self, max_lines: int) -> list[Text]:
        """The most detailed level whose lines fit in ``max_lines`` (the least detailed when none does)."""
        lines: list[Text] = []
        for level in range(LEVELS):
            lines = self.lines(level)
            if len(lines) <= max_lines:
                return lines
        return lines

    def lines(self, level: int) -> list[Text]:
        """The board at ``level``; at level 0 a blank line between the sides and the middle."""
        sections = [self.seat_lines(s, level, mine=False) for s in self.sides[:-1]]
        sections += [self.region_lines(self.shared, None, level, mine=False), self.seat_lines(self.me, level, mine=True)]
        out: list[Text] = []
        for section in sections:
            if out and section and level == 0:
                out.append(Text())
            out += section
        return out

    # --- one seat ----------------------------------------------------------------------------------------
    def seat_lines(self, seat: int, level: int, mine: bool) -> list[Text]:
        """The seat's name line (with its small regions) and its regions: the other seats' with the name
        first and the hand farthest from the middle, the viewer's in declared order and its name last."""
        regions = self.own if mine else list(reversed(self.own))
        small = [self.inline_item(r, seat) for r in self.own if self.is_inline(r, seat)]
        head = pack([self.t.banner(self.view, seat, self.names)] + [s for s in small if s is not None], self.width)
        big = [r for r in regions if not self.is_inline(r, seat)]
        body = self.region_lines(big, seat, level, mine)
        return body + head if mine else head + body

    def is_inline(self, region: Region, seat: int) -> bool:
        """Drawn as a few words on the seat's name line: decks, piles, a hand this seat cannot see."""
        if region.layout in ("count", "pile"):
            return True
        if region.layout == "fan":
            cards = self.t.zone_cards(self.view, zone_name(region.zone, seat, 0))
            return seat != self.me and all(c is None for c in cards)
        return False

    def inline_item(self, region: Region, seat: int) -> Text | None:
        cards = self.t.zone_cards(self.view, zone_name(region.zone, seat, 0))
        title = self.t.region_title(region, seat, 0, self.names)
        item = Text(title, style="bold")
        if region.layout == "fan":
            item.append(f" {len(cards)} hidden" if cards else " none")
        else:
            item.append(f" {len(cards)}")
        words = self.t.counter_words(self.view, region, seat, 0)
        if words:
            item.append(" · " + " · ".join(words))
        if region.layout == "pile" and cards:
            item.append(", top ")
            item.append_text(self.t.card_line(self.view, cards[-1], brief=True))
        return item

    # --- regions -------------------------------------------------------------------------------------------
    def region_lines(self, regions: Sequence[Region], seat: int | None, level: int, mine: bool) -> list[Text]:
        """Regions in order; those of one band side by side (stacked when the screen is too narrow)."""
        out: list[Text] = []
        k = 0
        while k < len(regions):
            group = [regions[k]]
            k += 1
            while group[0].band and k < len(regions) and regions[k].band == group[0].band:
                group.append(regions[k])
                k += 1
            blocks = [b for r in group for i in range(r.count)
                      for b in [self.block(r, seat, i, level, mine)] if b is not None]
            if not blocks:
                continue
            cells = len(blocks)
            if cells > 1 and (self.width - cells + 1) // cells >= MIN_CELL:
                cw = (self.width - cells + 1) // cells
                out += side_by_side([self.cell_lines(b, cw) for b in blocks], self.width)
                continue
            for b in blocks:
                out += lay_out(b, self.width, self.label_width)
        return out

    def cell_lines(self, block: Block, width: int) -> list[Text]:
        """A block in a band cell: the label first, then its items (flowed, or one a line)."""
        if block.flow:
            return pack([block.label] + block.items, width)
        return wrap(block.label, width) + [line for item in block.items for line in wrap(item, width)]

    def block(self, region: Region, seat: int | None, i: int, level: int, mine: bool) -> Block | None:
        """The region's label and items at ``level``; ``None`` for an empty region that need not show."""
        label = Text(self.t.region_title(region, seat, i, self.names), style="bold")
        if region.seat == "none":
            return self.shared_block(region, i, label, level)
        cards = self.t.zone_cards(self.view, zone_name(region.zone, seat, i))
        words = self.t.counter_words(self.view, region, seat, i)
        banded = bool(region.band) and region.count > 1
        if not cards and not banded and not any(w.split()[-1] not in ("0", "none") for w in words):
            return None
        shown = [c for c in cards if c is None or str(c) not in self.skip]
        one = self.one_a_line(level, mine, region)
        items = self.card_items(shown, one, region.brief, count_same=level >= 4 and not mine)
        away = len(cards) - len(shown)
        if away:
            items.append(Text(f"(+{away} in the middle of the table)", style="dim"))
        if not items:
            items.append(Text("none", style="dim"))
        if words and banded:  # a band cell: its counters by its title
            label.append(" · " + " · ".join(words), style="dim")
        elif words:
            items.insert(0, Text(" · ".join(words), style="dim"))
        return Block(label, items, flow=not one)

    def one_a_line(self, level: int, mine: bool, region: Region) -> bool:
        if region.brief:
            return False
        if level == 0:
            return True
        if not mine:
            return False
        return level == 1 or (level == 2 and region.layout == "fan")

    def shared_block(self, region: Region, i: int, label: Text, level: int) -> Block | None:
        """A shared region (a story): its counters, each seat's share (tokens, committed cards) in screen
        order, its own cards just before the viewer's share, as on the boxed table."""
        zone = zone_name(region.zone, None, i)
        cards = self.t.zone_cards(self.view, zone)
        if region.layout == "count":
            label.append(f" {len(cards)}")
            return Block(label)
        if not cards and region.count == 1 and not region.gather:
            return None
        flat = [c for c in region.counters if "{p}" not in c.path]
        per_seat = [c for c in region.counters if "{p}" in c.path]
        words = [w for c in flat for w in self.t.one_counter(self.view, c.label, c.path, None, i)]
        if words:
            label.append(" · " + " · ".join(words), style="dim")
        items: list[Text] = []
        own = self.card_items(cards, level == 0, level > 0)
        for s in self.sides:
            if s == self.me:
                items += own
            part = [w for c in per_seat for w in self.t.one_counter(self.view, c.label, c.path, s, i)]
            gathered = self.t.gathered(self.view, region, s, i)
            if not part and not gathered:
                continue
            head = Text(f"{self.t.name(s, self.names)}: ", style="bold")
            head.append(" · ".join(part))
            items.append(head)
            items += self.card_items(gathered, False, True)
        return Block(label, items, flow=level > 0)

    # --- cards ------------------------------------------------------------------------------------------------
    def card_items(self, cards: Sequence[Any], detailed: bool, brief: bool, count_same: bool = False) -> list[Text]:
        """One item per card. ``detailed``: the card's details (unless ``brief``) and each attachment an item
        of its own (``└``); otherwise title and marks, attachments after their host (``+ Revolver``), and
        with ``count_same`` identical cards counted together."""
        present = {str(c) for c in cards if c is not None}
        children: dict[str, list[Any]] = {}
        tops: list[Any] = []
        for c in cards:
            host = (self.t.entry(self.view, c) or {}).get("host")
            if c is not None and isinstance(host, int) and host >= 0 and str(host) in present and str(host) != str(c):
                children.setdefault(str(host), []).append(c)
            else:
                tops.append(c)
        short = brief or not detailed
        items: list[Text] = []
        for c in tops:
            item = self.t.card_line(self.view, c, brief=short)
            under = children.get(str(c), [])
            if detailed:
                items.append(item)
                items += [self.t.card_line(self.view, u, "  └ ", brief=short) for u in under]
                continue
            for u in under:
                item.append(" + ", style="dim")
                item.append_text(self.t.card_line(self.view, u, brief=True))
            items.append(item)
        if count_same:
            items = self.counted(tops, children, items)
        return items

    def counted(self, tops: Sequence[Any], children: Mapping[str, list[Any]], items: list[Text]) -> list[Text]:
        """Identical cards without attachments as one ``N× Title [marks]`` item (ids left out), in the
        order of their first copy; hidden cards as ``N hidden``."""
        order: list[str] = []
        groups: dict[str, list[tuple[Text, Text]]] = {}  # key -> (item without its id, item) per copy
        for c, item in zip(tops, items):
            if children.get(str(c)):
                key, bare = f"\x00{c}", item
            elif c is None:
                key, bare = "hidden", Text("hidden", style="dim")
            else:
                prefix = len(f"#{c} ")
                bare = item[prefix:] if item.plain.startswith(f"#{c} ") else item
                key = bare.plain
            if key not in groups:
                order.append(key)
                groups[key] = []
            groups[key].append((bare, item))
        out = []
        for key in order:
            same = groups[key]
            if len(same) == 1:
                out.append(same[0][1])
                continue
            head = Text(f"{len(same)}× " if key != "hidden" else f"{len(same)} ", style="bold")
            out.append(head + same[0][0])
        return out
