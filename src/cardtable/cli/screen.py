"""One decision's screen in ``cardtable play``, fitted to the terminal's height.

Why: the person reads the screen from the top (the other seats' side) to the bottom (their own side,
what just happened, the numbered choices, the prompt). When that is taller than the terminal, the top
has scrolled away by the time the prompt waits. So the screen is measured before it is printed: the
header, the choices and the prompt always show; the recent log gets at most :data:`LOG_LINES` lines
(``l`` shows it all) and the board the lines that are left, drawn by the game's renderer at the most
detail that fits (:meth:`~cardtable.tui.generic.Renderer.render_board`); when its tightest board does
not fit, the log gives up lines to it, down to its header alone. When nothing makes it fit (a narrow or
short terminal, a board that cannot be drawn smaller) the screen is taller than the terminal anyway, and
the recent log is kept.
"""

from __future__ import annotations

from math import ceil
from typing import Any, Mapping, Sequence

from rich.console import Console, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ..tui.generic import Names, Renderer
from .render import event_rows, hanging_grid

LOG_LINES = 8  # the most lines of "what happened" on a decision screen
LOG_STEPS = (LOG_LINES, 5, 3, 1, 0)  # the log's lines, tried in turn until the board fits
COLUMNS_FROM = 6  # more choices than this are printed in columns when the width allows
GAP = 3  # spaces between columns of choices


def lines_of(console: Console, renderable: RenderableType, width: int) -> int:
    """How many lines ``renderable`` takes printed at ``width``."""
    return len(console.render_lines(renderable, console.options.update(width=width), pad=False))


def header(title: str, width: int) -> RenderableType:
    """The screen's first line: a rule with the title, or the title alone (wrapped) if a rule would cut it."""
    text = Text(f" {title} ", style="bold cyan")
    if text.cell_len + 6 <= width:
        return Rule(text, style="cyan")
    return Text(title, style="bold cyan")


def passed_note(passed: Sequence[str]) -> list[RenderableType]:
    """The moves auto-pass took since the person's last decision: one or two as they are, more as a count
    with the last one (the log, ``l``, has them all)."""
    if len(passed) <= 2:
        return [Text(f"(passed for you) {line}", style="dim") for line in passed]
    return [Text(f"(passed for you ×{len(passed)}, the last: {passed[-1]})", style="dim")]


def choice_lines(described: Sequence[str], width: int) -> RenderableType:
    """``1) ...``, ``2) ...``: one a line, or (more than :data:`COLUMNS_FROM` that fit side by side) in
    columns numbered down each column; a choice is never cut (one too wide for a column means one column,
    wrapped between words)."""
    n = len(described)
    digits = len(str(n))
    item = max((Text(d).cell_len for d in described), default=0)
    cell = 2 + digits + 2 + item  # "  12) text": two spaces, the number, ")", a space, the text
    cols = max(1, min(n, (width + GAP) // (cell + GAP))) if n > COLUMNS_FROM else 1
    if cols == 1:
        grid = Table.grid(padding=(0, 1))
        grid.add_column(justify="right", no_wrap=True, style="bold cyan")
        grid.add_column()
        for i, words in enumerate(described, start=1):
            grid.add_row(f"  {i})", words)
        return grid
    rows = ceil(n / cols)
    cols = ceil(n / rows)
    out = Text()
    for r in range(rows):
        row = Text()
        for c in range(cols):
            k = c * rows + r
            if k >= n:
                break
            if c:
                row.append(" " * GAP)
            start = row.cell_len
            row.append(f"  {k + 1:>{digits}})", style="bold cyan")
            row.append(" " + described[k])
            if (c + 1) * rows + r < n:  # another column follows on this line
                row.pad_right(cell - (row.cell_len - start))
        row.rstrip()
        out.append_text(row)
        if r < rows - 1:
            out.append("\n")
    return out


def log_part(console: Console, rows: Sequence[tuple[Text, Text, bool]], width: int,
             max_lines: int) -> list[RenderableType]:
    """The header and the last log rows that fit in ``max_lines`` lines (the header says how many are not
    shown); nothing when nothing happened."""
    if not rows:
        return []
    shown: list[RenderableType] = []
    used = 0
    for lead, body, _ in reversed(rows):
        grid = hanging_grid(lead, body)
        h = lines_of(console, grid, width)
        if used + h > max_lines:
            break
        shown.insert(0, grid)
        used += h
    head = Text("What happened since your last decision", style="bold underline")
    if len(shown) < len(rows):
        head.append(f"  (the last {len(shown)} of {len(rows)} lines; l shows the full log)", style="dim")
    return [head, *shown]


def decision_screen(console: Console, renderer: Renderer, title: str, view: Mapping[str, Any], names: Names,
                    new_events: Sequence[Mapping[str, Any]], log: Sequence[Mapping[str, Any]], prompt: str,
                    described: Sequence[str], passed: Sequence[str] = (),
                    notes: Sequence[RenderableType] = ()) -> tuple[list[RenderableType], list[RenderableType]]:
    """The screen above the prompt line, as ``(everything down to the log, the choices)`` (the choices are
    printed again after help or the log). At most ``console.height - 1`` lines where the board can be
    drawn small enough, the prompt line being the last of the screen. ``notes``: lines printed under the
    choices (e.g. that some hand cards cannot be played now), counted in the height."""
    width = console.width
    height = console.height
    head = [*passed_note(passed), header(title, width)]
    choices: list[RenderableType] = [Text(prompt, style="bold"), choice_lines(described, width), *notes]
    fixed = sum(lines_of(console, p, width) for p in (*head, *choices)) + 1  # + the prompt line
    rows = event_rows(renderer, new_events, list(names or ()), log=log, view=view)
    tried: list[tuple[list[RenderableType], RenderableType, int]] = []
    for log_max in LOG_STEPS:
        log_lines = log_part(console, rows, width, log_max)
        budget = height - fixed - sum(lines_of(console, p, width) for p in log_lines)
        board = renderer.render_board(view, names, width, max(budget, 1))
        spare = budget - lines_of(console, board, width)
        tried.append((log_lines, board, spare))
        if spare >= 0:
            break
    else:  # no board fits even without the log (a narrow or short terminal, or a board that cannot be
        # drawn smaller): the screen is taller than the terminal anyway, so the recent log stays
        tried = [(tried[0][0], tried[-1][1], 0)]
    log_lines, board, spare = tried[-1]
    gaps = [Text()] * min(spare, 2)  # blank lines before the log and the choices, where there is room
    if not log_lines:
        return [*head, board, *gaps[:1]], choices
    return [*head, board, *gaps[:1], *log_lines, *gaps[1:]], choices
