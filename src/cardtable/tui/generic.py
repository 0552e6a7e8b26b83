"""A plain renderer that works for any game: it only relies on the shapes every game shares.

Game-specific renderers (a game's ``tui`` facet, see :mod:`cardtable.tui`) subclass :class:`Renderer`
and override what they can say better. Everything here returns rich renderables or plain strings; nothing prints.
"""

from __future__ import annotations

import inspect
from typing import Any, Mapping, Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..core import Action, Decision, IllegalActionError, Outcome

Names = Sequence[str] | None


def seat_names(players: int, you: int | None = None) -> list[str]:
    """Display names by seat: ``"You"`` for the person at the terminal, ``"Seat N"`` for the others."""
    return ["You" if s == you else f"Seat {s}" for s in range(players)]


def compact(value: Any) -> str:
    """A short, dict-free rendering of a JSON-like value (never ``{'a': 1}``)."""
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {compact(v)}" for k, v in value.items()) or "nothing"
    if isinstance(value, (list, tuple)):
        return ", ".join(compact(v) for v in value) or "none"
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


class Renderer:
    """Generic rendering; every method works from JSON-like views, event dicts and actions only."""

    game_id = "*"

    # --- names ---------------------------------------------------------------------------------
    @staticmethod
    def name(seat: Any, names: Names, subject: bool = True) -> str:
        """How to call ``seat`` in a sentence; "You" becomes "you" when not the subject."""
        if isinstance(seat, bool) or not isinstance(seat, int):
            return str(seat)
        if names is not None and 0 <= seat < len(names):
            n = names[seat]
        else:
            n = f"Seat {seat}"
        if not subject:
            return "you" if n == "You" else n.replace("Seat ", "seat ", 1)
        return n

    # --- views ----------------------------------------------------------------------------------
    def render_view(self, view: Mapping[str, Any], names: Names = None) -> RenderableType:
        head = Table.grid(padding=(0, 2))
        head.add_column(style="bold")
        head.add_column()
        for key, value in view.items():
            if key in ("seats", "zones", "decision", "outcome") or isinstance(value, (dict, list)):
                continue
            head.add_row(str(key).replace("_", " "), compact(value))
        parts: list[RenderableType] = [head]
        seats = view.get("seats")
        if isinstance(seats, list) and seats and isinstance(seats[0], Mapping):
            keys = [k for k in seats[0] if k != "seat"]
            table = Table(box=box.SIMPLE_HEAD, title="Players", title_justify="left")
            table.add_column("Seat")
            for k in keys:
                table.add_column(str(k).replace("_", " "))
            for i, row in enumerate(seats):
                table.add_row(self.name(row.get("seat", i), names), *(compact(row.get(k)) for k in keys))
            parts.append(table)
        zones = view.get("zones")
        if isinstance(zones, Mapping) and zones:
            table = Table(box=box.SIMPLE_HEAD, title="Zones", title_justify="left")
            table.add_column("Zone")
            table.add_column("Cards", justify="right")
            table.add_column("Visible")
            for zname, z in zones.items():
                z = z if isinstance(z, Mapping) else {}
                cards = z.get("cards")
                table.add_row(str(zname), str(z.get("count", "?")),
                              "hidden" if cards is None else compact([self.card_label(c) for c in cards]))
            parts.append(table)
        return Panel(Group(*parts), title=str(view.get("game", self.game_id)), box=box.ROUNDED)

    def render_board(self, view: Mapping[str, Any], names: Names, width: int, max_lines: int) -> RenderableType:
        """The view as one decision's screen shows it, in at most ``max_lines`` lines of ``width`` where the
        game's table can be drawn so (the card table can); this generic view is drawn whole."""
        return self.render_view(view, names)

    def card_label(self, card: Any) -> str:
        if isinstance(card, Mapping):
            return str(card.get("card", card.get("instance", "?")))
        return "?" if card is None else str(card)

    def progress(self, view: Mapping[str, Any]) -> str:
        """How far the game is, in the game's words ("turn 7", "round 2"); "" when the view does not say."""
        turn = view.get("turn")
        return "" if turn is None else f"turn {turn}"

    def status_line(self, view: Mapping[str, Any], names: Names = None) -> str:
        """One line for watching a game scroll by."""
        turn = view.get("turn")
        who = view.get("to_act")
        return f"turn {turn}" + ("" if who is None else f" · {self.name(who, names)} to act")

    # --- actions and events -----------------------------------------------------------------------
    def describe_action(self, action: Action, view: Mapping[str, Any] | None = None, names: Names = None) -> str:
        params = ", ".join(f"{k} {compact(v)}" for k, v in action.params)
        return action.kind.replace("_", " ").capitalize() + (f" ({params})" if params else "")

    def parse_typed_action(self, raw: str, seat: int, decision: Decision) -> Action | None:
        """A move typed as ``kind key=value ...`` (e.g. ``take slot=A2``), or ``None`` if it is not one.

        A bare word counts only if it names a kind on offer (e.g. ``pass``). The caller applies the
        move through ``state.apply``, so an illegal one is answered with the rule it breaks.
        """
        words = raw.split()
        if not words or not all("=" in w for w in words[1:]):
            return None
        if len(words) == 1 and words[0].lower() not in {o.kind for o in decision.options}:
            return None
        data: dict[str, Any] = {"player": seat, "kind": words[0].lower()}
        for w in words[1:]:
            k, _, v = w.partition("=")
            data[k] = int(v) if v.lstrip("-").isdigit() else v
        try:
            return Action.from_dict(data)
        except IllegalActionError:
            return None

    def action_is_public(self, action: Action) -> bool:
        """Whether other seats may learn this choice the moment it is made."""
        return True

    def describe_event(self, event: Mapping[str, Any], names: Names = None) -> str:
        kind = str(event.get("kind", "event")).replace("_", " ")
        rest = {k: v for k, v in event.items() if k != "kind"}
        parts = []
        for k, v in rest.items():
            if k in ("player", "seat", "target", "dealer") and isinstance(v, int) and not isinstance(v, bool):
                v = self.name(v, names, subject=False)
            parts.append(f"{k.replace('_', ' ')} {compact(v)}")
        return kind.capitalize() + (": " + "; ".join(parts) if parts else "")

    def describe_events(self, events: Sequence[Mapping[str, Any]], names: Names = None,
                        log: Sequence[Mapping[str, Any]] | None = None,
                        view: Mapping[str, Any] | None = None) -> list[str | None]:
        """``events`` (the tail of ``log``, the seat's whole log, when given) in words, one per event; ``None``
        for an event told in an earlier line (a renderer that groups repeated events). ``view`` is the
        seat's view now (a card renderer names cards from it)."""
        return [self.describe_event(e, names) for e in events]

    def event_style(self, event: Mapping[str, Any]) -> str:
        return ""

    def is_noise(self, event: Mapping[str, Any]) -> bool:
        """Events a live screen may skip (the full log still shows them)."""
        return False

    def is_turn_marker(self, event: Mapping[str, Any]) -> bool:
        return event.get("kind") == "turn_started"

    # --- requests typed at a decision ---------------------------------------------------------------
    def query_hint(self) -> str:
        """Words added to the choice prompt for the requests :meth:`answer_query` understands."""
        return ""

    def answer_query(self, raw: str, view: Mapping[str, Any], game: Any) -> RenderableType | None:
        """What to print for a request typed at a decision (e.g. a card's text), or ``None`` if ``raw``
        is not one. The decision stays open either way; none by default."""
        return None

    def render_why_not(self, reasons: Mapping[str, Mapping[str, str]], view: Mapping[str, Any]) -> Text:
        """The engine's refusal for each card in hand that no choice plays now (``why`` at a decision):
        one line a card, its sentence and the rule it cites. ``reasons`` is :func:`..engine.whynot.why_not`'s."""
        if not reasons:
            return Text("No card in your hand is held back at this decision (it plays none from your hand, or every one is a choice).", style="dim")
        out = Text("Cards in your hand you cannot play now, and why:\n", style="bold")
        for cid, reason in reasons.items():
            name = self.hand_card_name(view, cid)
            text = str(reason.get("text", ""))
            title = name.rsplit(" #", 1)[0]
            if text.startswith(f"{title}: "):  # "Title #7: Title: why" reads as a stutter
                text = text[len(title) + 2:]
            out.append(f"  {name}: ", style="bold")
            out.append(text)
            out.append(f" ({reason.get('rule', '?')})\n", style="cyan")
        out.rstrip()
        return out

    def hand_card_name(self, view: Mapping[str, Any], cid: Any) -> str:
        """How :meth:`render_why_not` names a card of the seat's hand."""
        return f"card #{cid}"

    # --- outcome ------------------------------------------------------------------------------------
    def render_outcome(self, outcome: Outcome | Mapping[str, Any], names: Names = None,
                       lives: list[Any] | None = None) -> RenderableType:
        o = outcome.to_dict() if isinstance(outcome, Outcome) else dict(outcome)
        winners = list(o.get("winners", []))
        lines = Text()
        lines.append("Winners: ", style="bold")
        lines.append(", ".join(self.name(w, names) for w in winners) if winners else "nobody",
                     style="bold green" if winners else "bold red")
        lines.append(f"\n{o.get('reason', '')}")
        table = Table(box=box.SIMPLE_HEAD)
        table.add_column("Seat")
        table.add_column("Result", justify="right")  # the outcome's payoff (0 = loss ... 1 = win), not a game's points
        for k, v in o.get("scores", {}).items():
            table.add_row(self.name(int(k), names), {1.0: "won", 0.0: "lost"}.get(float(v), f"{v:g}"))
        details = o.get("details") or {}
        extra = Text("\n".join(f"{k.replace('_', ' ')}: {compact(v)}" for k, v in details.items()), style="dim")
        return Panel(Group(lines, table, extra), title="Game over", box=box.DOUBLE)

    # --- reference --------------------------------------------------------------------------------------
    def card_rows(self, game: Any) -> list[dict[str, Any]]:
        """Rows for ``cardtable cards``: id, name, kind, copies, text (best effort for unknown games)."""
        catalog = getattr(game, "catalog", None)
        rows = []
        for card in getattr(catalog, "cards", ()) or ():
            rows.append({
                "id": getattr(card, "id", "?"),
                "name": getattr(card, "name", "?"),
                "kind": getattr(card, "kind", ""),
                "copies": getattr(card, "copies", ""),
                "text": getattr(card, "text", ""),
            })
        return rows

    def card_columns(self) -> list[tuple[str, str]]:
        """``(heading, row key)`` of the ``cardtable cards`` columns, in order; a game adds its own."""
        return [("Card", "name"), ("Kind", "kind"), ("Copies", "copies"), ("Text", "text")]

    def cards_table(self, game: Any) -> Table | None:
        """The ``cardtable cards`` table built from :meth:`card_rows` and :meth:`card_columns`.

        ``None`` when the game has no catalog to list. The name column counts the kinds of card and
        the copies column adds up the copies, whatever other columns a game declares.
        """
        rows = self.card_rows(game)
        if not rows:
            return None
        columns = self.card_columns()
        table = Table(box=box.SIMPLE_HEAD, title=f"{game.info.name}: cards", title_justify="left",
                      title_style="bold", show_footer=True)
        for heading, key in columns:
            if key == "name":
                table.add_column(heading, style="bold", no_wrap=True, footer=f"{len(rows)} kinds")
            elif key == "copies":
                table.add_column(heading, justify="right",
                                 footer=str(sum(int(r.get("copies") or 0) for r in rows)))
            elif key == "text":
                table.add_column(heading)
            else:
                table.add_column(heading, no_wrap=True)
        for r in rows:
            table.add_row(*(str(r.get(key, "")) for _, key in columns))
        return table

    def rules_summary(self, game: Any) -> str:
        module = inspect.getmodule(type(game))
        doc = inspect.getdoc(module) if module is not None else None
        return doc or f"{game.info.name}: no summary available."

    def rules_tables(self, game: Any) -> list[RenderableType]:
        """What ``cardtable rules`` prints under the summary (roles, goals, ...); none by default."""
        return []

    def render_help(self, game: Any, view: Mapping[str, Any] | None = None) -> RenderableType:
        table = Table(box=box.SIMPLE_HEAD, title="Cards", title_justify="left")
        for col in ("Card", "Kind", "Text"):
            table.add_column(col)
        for row in self.card_rows(game):
            table.add_row(str(row["name"]), str(row["kind"]), str(row["text"]))
        return table
