"""Two Mists in words and rich tables: views, choices, log lines and the final reveal.

Works only from what a seat may see (``state.view(seat)``, ``state.log(seat)``) plus the public card
catalog, so rendering can never leak a hidden card. Rule IDs refer to ``docs/rules/two-mists.md``.

This is the game's terminal facet: :func:`cardtable.tui.get_renderer` finds it by convention (a
``tui`` module in the game's package whose ``RENDERER`` is a :class:`~cardtable.tui.generic.Renderer`
subclass), so the terminal layer names no game. The rules modules never import it.
"""

from __future__ import annotations

from collections import Counter
from functools import cached_property
from typing import Any, Mapping, Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...core import Action, Decision, Outcome
from ...tui.generic import Names, Renderer

CHARACTER_NAMES = {"monster": "Monster", "knight": "Knight", "witch": "Witch", "saint": "Saint", "fool": "Fool"}
STEP_WORDS = {
    "damage": "damage",
    "heal": "heal",
    "restrict_next_turn": "intimidate",
}
SLOT_NAMES = {"A1": "action slot A1", "A2": "action slot A2", "A3": "action slot A3",
              "E1": "equipment slot E1", "E2": "equipment slot E2"}


def char_name(char_id: Any) -> str:
    return CHARACTER_NAMES.get(str(char_id), str(char_id).capitalize()) if char_id is not None else "?"


class _SeatProbe:
    """Stands in for a state when evaluating a card's value node from public numbers only."""

    def __init__(self, equipment: int, weapons: int, life: int) -> None:
        self._e, self._w, self._l = equipment, weapons, life

    def equipment_count(self, _seat: int) -> int:
        return self._e

    def weapon_count(self, _seat: int) -> int:
        return self._w

    def life_of(self, _seat: int) -> int:
        return self._l


class TwoMistsRenderer(Renderer):
    game_id = "two-mists"

    @cached_property
    def game(self) -> Any:
        from . import GAME

        return GAME

    @cached_property
    def cards(self) -> dict[str, Any]:
        return {c.id: c for c in self.game.catalog.cards}

    # --- cards ------------------------------------------------------------------------------------
    def card_name(self, card_id: Any) -> str:
        """Assault copies differ only by the character they bar, and that difference is evidence."""
        card = self.cards.get(str(card_id))
        if card is None:
            return str(card_id)
        if card.name == "Assault" and len(card.forbidden) == 1:
            return f"Assault (not {char_name(next(iter(card.forbidden)))})"
        return card.name

    def card_label(self, card: Any) -> str:
        if isinstance(card, Mapping):
            return self.card_name(card.get("card"))
        return "(empty)" if card is None else str(card)

    def barred_text(self, card_id: Any) -> str:
        card = self.cards.get(str(card_id))
        forbidden = card.forbidden if card is not None else ()
        return self.barred_cell([char_name(c) for c in sorted(forbidden, key=_char_order)])

    def effect_text(self, card_id: Any, seat: Mapping[str, Any] | None = None, equipment: int | None = None) -> str:
        """A short description of a card; with ``seat`` (a view's seat entry) numbers include its bonuses."""
        card = self.cards.get(str(card_id))
        if card is None:
            return ""
        weapons = int(seat.get("weapons", 0)) if seat else 0
        if card.is_equipment:
            if card.weapon:
                return "+1 damage you deal to others"
            if card.poison:
                return "lose 1 life at each of your turn starts (not below 1); the Monster can't take it"
            return card.text
        parts = []
        for step in card.steps:
            if step.op == "damage":
                total = step.amount + weapons
                parts.append(f"{total} damage to another player")
            elif step.op == "heal":
                parts.append(f"heal any player {step.amount}")
            elif step.op == "self_damage":
                amount = None
                if seat is not None and equipment is not None and step.value is not None:
                    try:
                        amount = max(0, int(step.value((_SeatProbe(equipment, weapons, int(seat.get("life", 0))), 0))))
                    except Exception:  # pragma: no cover - an exotic value node; fall back to words
                        amount = None
                if amount is None:
                    parts.append("self-damage (5 - equipment held)")
                else:
                    life = int(seat.get("life", 0)) if seat else 0
                    lethal = f" (lethal at life {life}, unless the target dies first)" if seat and amount >= life > 0 else ""
                    parts.append(f"{amount} self-damage{lethal}")
            elif step.op == "extra_action":
                parts.append("may take one more card")
            elif step.op == "restrict_next_turn":
                parts.append("another player may take only equipment on their next turn")
            elif step.op == "point_at_monster":
                parts.append("everyone points at a Monster suspect")
            else:  # pragma: no cover - unknown primitive
                parts.append(step.op.replace("_", " "))
        return ", then ".join(parts) if parts else card.text

    # --- views ------------------------------------------------------------------------------------
    @cached_property
    def equipment_ids(self) -> frozenset[str]:
        return frozenset(c.id for c in self.game.catalog.cards if c.is_equipment)

    def _equipment_count(self, view: Mapping[str, Any], seat: int) -> int:
        zone = view.get("zones", {}).get(f"tableau:{seat}", {})
        return sum(1 for c in zone.get("cards", []) or [] if c and c.get("card") in self.equipment_ids)

    def render_view(self, view: Mapping[str, Any], names: Names = None) -> RenderableType:
        you = view.get("seat")
        zones = view.get("zones", {})
        parts: list[RenderableType] = []

        # Header: turn, whose turn, piles.
        head = Text()
        head.append(f"Turn {view.get('turn')}", style="bold")
        head.append(f" of at most {view.get('turn_cap')}", style="dim")
        cur = view.get("current")
        if view.get("outcome") is None and cur is not None:
            whose = "Your turn" if self.name(cur, names) == "You" else f"{self.name(cur, names)}'s turn"
            head.append(" · ")
            head.append(whose, style="bold cyan")
        first = self.name(view.get("start_player"), names, subject=False)
        head.append(" · " + ("you went first" if first == "you" else f"{first} went first"), style="dim")
        head.append("\n")
        head.append(f"Action pile {zones.get('action_pile', {}).get('count', '?')} · "
                    f"Equipment pile {zones.get('equipment_pile', {}).get('count', '?')} · "
                    f"Centre: 1 face-down character", style="dim")
        if view.get("restricted") and cur is not None:
            head.append(f"\n{self.name(cur, names)} {'are' if self.name(cur, names) == 'You' else 'is'} intimidated "
                        "this turn: only equipment may be taken (TM-7.9)", style="yellow")
        resolving = view.get("resolving")
        if resolving:
            head.append(f"\nResolving {self.card_name(resolving.get('card'))} taken by "
                        f"{self.name(resolving.get('taker'), names, subject=False)}", style="magenta")
        pointing = view.get("pointing")
        if pointing:
            done = pointing.get("pointed") or []
            head.append("\nSearch: everyone points at a Monster suspect"
                        + (f" — already pointed: {', '.join(self.name(s, names, False) for s in done)}" if done else ""),
                        style="magenta")
            if pointing.get("mine") is not None:
                head.append(f" (you pointed at {self._point_target(pointing['mine'], names)})", style="magenta")

        # You panel.
        if you is not None:
            me = (view.get("you") or {}).get("character")
            parts.append(self._you_panel(view, you, me))

        # Players.
        table = Table(box=box.SIMPLE_HEAD, title="Players", title_justify="left", title_style="bold", expand=False,
                      pad_edge=False, show_edge=False)
        table.add_column("", width=1)
        table.add_column("Seat", no_wrap=True)
        table.add_column("Life", no_wrap=True)
        table.add_column("Character", no_wrap=True)
        table.add_column("Tableau (cards taken, in order)")
        table.add_column("Status")
        for s in view.get("seats", []):
            seat = s["seat"]
            marker = "▶" if seat == cur and view.get("outcome") is None else ""
            table.add_row(marker, Text(self.name(seat, names), style="bold" if seat == you else ""),
                          _life_text(int(s["life"])), self._character_cell(s, you),
                          self._tableau_text(zones.get(f"tableau:{seat}", {})), self._status_text(s))
        # Rows.
        legal = self._legal_slots(view)
        rows = Table(box=box.SIMPLE_HEAD, title="Rows (face up)", title_justify="left", title_style="bold",
                     pad_edge=False, show_edge=False)
        rows.add_column("Slot", no_wrap=True)
        rows.add_column("Card", no_wrap=True)
        rows.add_column("Effect")
        rows.add_column("Barred for", no_wrap=True)
        if legal is not None:
            rows.add_column("You", no_wrap=True)
        me_seat = view["seats"][you] if you is not None else None
        me_eq = self._equipment_count(view, you) if you is not None else None
        for zname, prefix in (("action_row", "A"), ("equipment_row", "E")):
            for i, c in enumerate(zones.get(zname, {}).get("cards", []) or []):
                slot = f"{prefix}{i + 1}"
                cells: list[RenderableType]
                if c is None:
                    cells = [slot, Text("(empty)", style="dim"), "", ""]
                else:
                    cid = c.get("card")
                    cells = [slot, Text(self.card_name(cid), style="cyan" if prefix == "E" else "bold"),
                             self.effect_text(cid, me_seat, me_eq), self.barred_text(cid)]
                if legal is not None:
                    cells.append(Text("✓ can take", style="green") if slot in legal
                                 else Text(f"✗ {self._why_not(view, you, c)}".rstrip(), style="dim"))
                rows.add_row(*cells)
        return Group(head, *parts, table, Text(), rows)

    def _you_panel(self, view: Mapping[str, Any], you: int, me: Any) -> RenderableType:
        ch = None
        for c in self.game.catalog.characters:
            if c.id == me:
                ch = c
        text = Text()
        if ch is None:
            text.append("Your character is unknown.")
        else:
            text.append(ch.text)
            barred = [self.card_name(card.id) for card in self.game.catalog.cards if ch.id in card.forbidden]
            text.append("\nYou may never take: ", style="dim")
            text.append(", ".join(barred) or "nothing", style="dim")
        s = view["seats"][you]
        if s.get("weapons"):
            text.append(f"\nYour weapons add +{s['weapons']} to the damage you deal (included in the numbers below).",
                        style="dim")
        revealed = " (revealed to everyone)" if s.get("revealed") else " (secret)"
        return Panel(text, title=f"You are seat {you}: the {char_name(me)}{revealed}", title_align="left",
                     box=box.ROUNDED, border_style="cyan", expand=False)

    def _character_cell(self, s: Mapping[str, Any], you: Any) -> Text:
        ch = s.get("character")
        if ch is None:
            return Text("hidden", style="dim")
        if s.get("revealed"):
            return Text(f"{char_name(ch)} (revealed)", style="bold yellow")
        return Text(f"{char_name(ch)} (secret)", style="cyan")

    def _tableau_text(self, zone: Mapping[str, Any]) -> Text:
        cards = [c.get("card") for c in zone.get("cards", []) or [] if c]
        if not cards:
            return Text("-", style="dim")
        counts = Counter(cards)
        seen: list[str] = []
        for c in cards:
            if c not in seen:
                seen.append(c)
        text = Text()
        for i, c in enumerate(seen):
            if i:
                text.append(", ")
            label = self.card_name(c) + (f" ×{counts[c]}" if counts[c] > 1 else "")
            text.append(label, style="cyan" if c in self.equipment_ids else "")
        return text

    @staticmethod
    def _status_text(s: Mapping[str, Any]) -> Text:
        text = Text()
        bits = []
        if s.get("weapons"):
            bits.append((f"+{s['weapons']} dmg", "red"))
        if s.get("holy_poison"):
            bits.append(("poisoned", "magenta"))
        if s.get("intimidated"):
            bits.append(("intimidated", "yellow"))
        for i, (b, style) in enumerate(bits):
            if i:
                text.append(" ")
            text.append(b, style=style)
        return text

    def _why_not(self, view: Mapping[str, Any], you: Any, slot_card: Any) -> str:
        """Why the viewer may not take a card (their own information only, TM-12.6)."""
        if slot_card is None or you is None:
            return ""
        cid = slot_card.get("card")
        card = self.cards.get(str(cid))
        me = (view.get("you") or {}).get("character")
        if card is None:
            return ""
        if me in card.forbidden:
            return "barred"
        if card.is_equipment:
            held = {c.get("card") for c in view.get("zones", {}).get(f"tableau:{you}", {}).get("cards", []) or [] if c}
            if cid in held:
                return "held"
        elif view.get("restricted"):
            return "intimidated"
        return ""

    @staticmethod
    def _legal_slots(view: Mapping[str, Any]) -> set[str] | None:
        d = view.get("decision")
        if not d or d.get("kind") not in ("choose", "extra"):
            return None
        return {o.get("slot") for o in d.get("options", []) if o.get("kind") == "take"}

    def status_line(self, view: Mapping[str, Any], names: Names = None) -> str:
        lives = "  ".join(
            f"{self.name(s['seat'], names)}: {s['life']}"
            + (f" {char_name(s['character'])}" if s.get("character") and s.get("revealed") else "")
            for s in view.get("seats", [])
        )
        line = f"Turn {view.get('turn')} · life  {lives}"
        resolving = view.get("resolving")
        if resolving:
            line += f" · resolving {self.card_name(resolving.get('card'))}"
        return line

    # --- actions -----------------------------------------------------------------------------------
    def _point_target(self, at: Any, names: Names) -> str:
        return "the centre card" if at == "centre" else self.name(at, names, subject=False)

    def describe_action(self, action: Action, view: Mapping[str, Any] | None = None, names: Names = None) -> str:
        view = view or {}
        seats = view.get("seats") or []
        actor = seats[action.player] if 0 <= action.player < len(seats) else None
        kind = action.kind
        if kind == "take":
            slot = action.get("slot")
            card = self._card_in_slot(view, slot)
            if card is None:
                return f"Take the card in {slot}"
            eq = self._equipment_count(view, action.player) if actor is not None else None
            return f"Take {slot}: {self.card_name(card)} — {self.effect_text(card, actor, eq)}"
        if kind == "pass" and self.name(action.player, names) != "You":
            return "Pass — the character is revealed to everyone and life becomes 1 (TM-10)"
        if kind == "pass":
            if actor is not None and actor.get("revealed"):
                return "Pass — your character is already revealed; your life becomes 1"
            me = actor.get("character") if actor else None
            who = f" ({char_name(me)})" if me else ""
            return f"Pass — reveal your character{who} to everyone and set your life to 1 (TM-10)"
        if kind == "decline":
            return "Decline the extra action and end the turn"
        if kind == "target":
            return self._describe_target(action, view, names)
        if kind == "point":
            at = action.get("at")
            if at == "centre":
                return "Point at the centre card (\"the Monster is not among us\")"
            return f"Point at {self._seat_summary(view, at, names)}"
        return super().describe_action(action, view, names)

    def parse_typed_action(self, raw: str, seat: int, decision: Decision) -> Action | None:
        """Typed moves: ``A2`` / ``E1`` (take), ``pass``, ``decline``, ``centre``, ``seat 2``, or ``kind key=value``."""
        t = raw.strip()
        low = t.lower()
        words = low.split()
        if len(t) == 2 and t[0].upper() in "AE" and t[1].isdigit():
            return Action(seat, "take", (("slot", t.upper()),))
        if low in ("pass", "decline"):
            return Action(seat, low)
        if low in ("centre", "center"):
            return Action(seat, "point", (("at", "centre"),))
        if len(words) == 2 and words[0] in ("seat", "s", "target", "point") and words[1].lstrip("-").isdigit():
            if decision.kind == "point" or words[0] == "point":
                return Action(seat, "point", (("at", int(words[1])),))
            return Action(seat, "target", (("seat", int(words[1])),))
        return super().parse_typed_action(raw, seat, decision)

    def action_is_public(self, action: Action) -> bool:
        return action.kind != "point"  # TM-12.5: picks stay secret until everyone has pointed

    def _card_in_slot(self, view: Mapping[str, Any], slot: Any) -> str | None:
        if not isinstance(slot, str) or len(slot) != 2:
            return None
        zone = {"A": "action_row", "E": "equipment_row"}.get(slot[0])
        cards = (view.get("zones", {}).get(zone or "", {}) or {}).get("cards") or []
        try:
            c = cards[int(slot[1]) - 1]
        except (ValueError, IndexError):
            return None
        return c.get("card") if c else None

    def _seat_summary(self, view: Mapping[str, Any], seat: Any, names: Names, actor: int | None = None) -> str:
        seats = view.get("seats") or []
        if not isinstance(seat, int) or not 0 <= seat < len(seats):
            return self.name(seat, names, subject=False)
        s = seats[seat]
        bits = [f"life {s['life']}"]
        if s.get("revealed") and s.get("character"):
            bits.append(f"revealed {char_name(s['character'])}")
        label = self.name(seat, names, subject=False)
        if seat == actor:
            label = "yourself" if label == "you" else "themselves"
        return f"{label} ({', '.join(bits)})"

    def _describe_target(self, action: Action, view: Mapping[str, Any], names: Names) -> str:
        target = action.get("seat")
        seats = view.get("seats") or []
        resolving = view.get("resolving") or {}
        card = self.cards.get(str(resolving.get("card")))
        step = None
        if card is not None and not card.is_equipment:
            idx = resolving.get("step", 0)
            if isinstance(idx, int) and 0 <= idx < len(card.steps):
                step = card.steps[idx]
        summary = self._seat_summary(view, target, names, action.player)
        if step is None or not isinstance(target, int) or not 0 <= target < len(seats):
            return f"Target {summary}"
        life = int(seats[target]["life"])
        actor = seats[action.player] if 0 <= action.player < len(seats) else {}
        if step.op == "damage":
            amount = step.amount + int(actor.get("weapons", 0))
            after = max(0, life - amount)
            text = f"Damage {summary}: {amount} damage, life {life} → {after}"
            if after == 0:
                text += " — they die and the game ends"
            return text
        if step.op == "heal":
            return f"Heal {summary}: life {life} → {life + step.amount}"
        if step.op == "restrict_next_turn":
            already = " (already intimidated: no further effect)" if seats[target].get("intimidated") else ""
            return f"Intimidate {summary}: only equipment on their next turn{already}"
        return f"Target {summary}"

    # --- events ------------------------------------------------------------------------------------
    def describe_event(self, event: Mapping[str, Any], names: Names = None) -> str:
        k = event.get("kind")
        e = event
        n = lambda s: self.name(s, names)  # noqa: E731
        o = lambda s: self.name(s, names, subject=False)  # noqa: E731
        if k == "game_started":
            first = o(e.get("start_player"))
            return (f"Game started with {e.get('players')} players; {first} {'go' if first == 'you' else 'goes'} first. "
                    f"Action row: {', '.join(self.card_name(c) for c in e.get('action_row', []))}; "
                    f"equipment row: {', '.join(self.card_name(c) for c in e.get('equipment_row', []))}.")
        if k == "character_dealt":
            if "character" in e:
                return f"{n(e.get('player'))} secretly drew a character: the {char_name(e['character'])}."
            return f"{n(e.get('player'))} secretly drew a character."
        if k == "turn_started":
            who = n(e.get("player"))
            return f"Turn {e.get('turn')}: " + ("your turn" if who == "You" else f"{who}'s turn")
        if k == "card_taken":
            extra = " as an extra action" if e.get("extra") else ""
            return f"{n(e.get('player'))} took {self.card_name(e.get('card'))} from {e.get('slot')}{extra}."
        if k == "slot_refilled":
            return f"{e.get('slot')} refilled with {self.card_name(e.get('card'))}."
        if k == "slot_left_empty":
            pile = "equipment" if str(e.get("slot", "")).startswith("E") else "action"
            return f"{e.get('slot')} stays empty: the {pile} pile is used up."
        if k == "action_pile_rebuilt":
            return f"The action pile ran out: {e.get('count')} used action cards were shuffled into a new pile."
        if k == "damaged":
            return (f"{n(e.get('dealer'))} dealt {e.get('amount')} damage to {o(e.get('target'))} "
                    f"(life now {e.get('life')}).")
        if k == "self_damaged":
            return f"{n(e.get('player'))} suffered {e.get('amount')} self-damage (life now {e.get('life')})."
        if k == "healed":
            whom = "themselves" if e.get("player") == e.get("target") else o(e.get("target"))
            if whom == "themselves" and n(e.get("player")) == "You":
                whom = "yourself"
            return f"{n(e.get('player'))} healed {whom} by {e.get('amount')} (life now {e.get('life')})."
        if k == "intimidated":
            return f"{n(e.get('player'))} intimidated {o(e.get('target'))}: only equipment on their next turn."
        if k == "poisoned":
            return f"Holy Poison: {o(e.get('player'))} lost {e.get('amount')} life (life now {e.get('life')})."
        if k == "pointed":
            if "at" in e:
                return f"{n(e.get('player'))} pointed at {self._point_target(e['at'], names)} (secret until all have pointed)."
            return f"{n(e.get('player'))} pointed at a suspect (secret)."
        if k == "pointing_revealed":
            choices = e.get("choices") or {}
            pairs = [f"{n(int(s))} → {self._point_target(t, names)}" for s, t in choices.items()]
            return "Search pointing revealed: " + "; ".join(pairs) + "."
        if k == "passed":
            return (f"{n(e.get('player'))} passed and revealed: the {char_name(e.get('character'))}; "
                    f"life set to {e.get('life', 1)}.")
        if k == "extra_action_declined":
            return f"{n(e.get('player'))} declined the extra action."
        if k == "died":
            finisher = e.get("finisher")
            by = "by their own hand" if finisher == e.get("player") else f"finished by {o(finisher)}"
            return f"{n(e.get('player'))} ({char_name(e.get('character'))}) died, {by}."
        if k == "wrath":
            return f"The Saint's wrath: {o(e.get('player'))} ({char_name(e.get('character'))}) died too."
        if k == "characters_revealed":
            chars = e.get("characters") or {}
            pairs = [f"{n(int(s))}: {char_name(c)}" for s, c in chars.items()]
            return f"All characters revealed — {'; '.join(pairs)}; centre card: {char_name(e.get('centre'))}."
        if k == "game_over":
            winners = e.get("winners") or []
            who = ", ".join(o(w) for w in winners) if winners else "nobody"
            return f"Game over in the {_world_name(e.get('world'))}. Winners: {who}."
        return super().describe_event(event, names)

    def is_noise(self, event: Mapping[str, Any]) -> bool:
        """Another seat's secret draw or secret pick says only that it happened."""
        kind = event.get("kind")
        return (kind == "character_dealt" and "character" not in event) or (kind == "pointed" and "at" not in event)

    def event_style(self, event: Mapping[str, Any]) -> str:
        return {
            "turn_started": "bold cyan",
            "damaged": "red",
            "self_damaged": "red",
            "poisoned": "magenta",
            "healed": "green",
            "intimidated": "yellow",
            "passed": "bold yellow",
            "pointing_revealed": "magenta",
            "pointed": "magenta",
            "died": "bold red",
            "wrath": "bold red",
            "characters_revealed": "bold",
            "game_over": "bold",
            "slot_refilled": "dim",
            "slot_left_empty": "dim",
            "action_pile_rebuilt": "dim",
            "character_dealt": "dim",
        }.get(str(event.get("kind")), "")

    # --- outcome ------------------------------------------------------------------------------------
    def render_outcome(self, outcome: Outcome | Mapping[str, Any], names: Names = None,
                       lives: list[int] | None = None) -> RenderableType:
        o = outcome.to_dict() if isinstance(outcome, Outcome) else dict(outcome)
        d = o.get("details") or {}
        winners = set(o.get("winners") or [])
        chars = d.get("characters") or []
        died = d.get("died") or []
        world = d.get("world")
        head = Text()
        head.append(_cap(_world_name(world)), style="bold magenta")
        if world == "front" and "monster" in chars:
            head.append(f" — the Monster was {self.name(chars.index('monster'), names, subject=False)}.")
        elif world == "back":
            head.append(" — the Monster was the face-down centre card.")
        head.append(f"\nCentre card: {char_name(d.get('centre'))}.  Turns played: {d.get('turns')}.")
        if not died:
            head.append(f"\n{o.get('reason', '')}", style="dim")
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
        table.add_column("Seat")
        table.add_column("Character")
        if lives is not None:
            table.add_column("Life", justify="right")
        table.add_column("Fate")
        table.add_column("Result")
        finisher = d.get("finisher")
        for s, c in enumerate(chars):
            fate = ""
            if died and s == died[0]:
                fate = "died (own hand)" if finisher == s else "died"
            elif s in died:
                fate = "died (Saint's wrath)"
            if s == finisher and s not in died[:1]:
                fate = (fate + ", " if fate else "") + "finisher"
            row: list[RenderableType] = [self.name(s, names), char_name(c)]
            if lives is not None:
                row.append(str(lives[s]) if s < len(lives) else "")
            row += [fate, Text("WON", style="bold green") if s in winners else Text("lost", style="red")]
            table.add_row(*row)
        who = ", ".join(f"{self.name(w, names)} ({char_name(chars[w]) if w < len(chars) else '?'})"
                        for w in sorted(winners))
        foot = Text("Winners: ", style="bold")
        foot.append(who or "nobody", style="bold green" if who else "bold red")
        return Panel(Group(head, table, foot), title="Game over", box=box.DOUBLE, border_style="green", expand=False)

    # --- reference --------------------------------------------------------------------------------------
    @staticmethod
    def barred_cell(forbidden: Sequence[str]) -> str:
        """The "Barred for" cell: who may not take a card, and "nobody" when every character may.

        Under a "Barred for" heading, "anyone" would read as "everyone is barred", the opposite.
        """
        return ", ".join(forbidden) or "nobody"

    def card_rows(self, game: Any) -> list[dict[str, Any]]:
        rows = []
        for c in game.catalog.cards:
            forbidden = [char_name(f) for f in sorted(c.forbidden, key=_char_order)]
            rows.append({"id": c.id, "name": self.card_name(c.id), "kind": c.kind, "forbidden": forbidden,
                         "barred": self.barred_cell(forbidden), "copies": c.copies, "text": c.text})
        return rows

    def card_columns(self) -> list[tuple[str, str]]:
        return [("Card", "name"), ("Kind", "kind"), ("Barred for", "barred"), ("Copies", "copies"), ("Text", "text")]

    def character_rows(self, game: Any) -> list[dict[str, Any]]:
        return [{"id": c.id, "name": c.name, "players": sorted(c.players), "text": c.text}
                for c in game.catalog.characters]

    def rules_tables(self, game: Any) -> list[RenderableType]:
        """The characters, who plays them and their goals, under the rules summary."""
        table = Table(box=box.SIMPLE_HEAD, title="Characters", title_justify="left", title_style="bold")
        table.add_column("Character", style="bold", no_wrap=True)
        table.add_column("Players", no_wrap=True)
        table.add_column("Goal")
        for c in self.character_rows(game):
            table.add_row(c["name"], ",".join(map(str, c.get("players", []))), c["text"])
        return [table]

    def rules_summary(self, game: Any) -> str:
        return (
            "Two Mists (2つの霧): 3-4 players, each with a secret character (Monster, Knight, Witch, Saint, "
            "Fool; no Fool with 3). One character is left face down in the centre.\n"
            "On your turn take one face-up card (3 action slots A1-A3, 2 equipment slots E1-E2) and resolve "
            "it, or pass: passing reveals your character and sets your life to 1. Characters are barred from "
            "some cards, so every pick hints at who you are.\n"
            "Everyone starts at 7 life. The first death ends the game. If a player holds the Monster it is "
            "the Front world, otherwise the Back world; goals depend on the world, and more than one player "
            "can win. Whoever kills the Saint dies too (the Saint's wrath)."
        )

    def render_help(self, game: Any, view: Mapping[str, Any] | None = None) -> RenderableType:
        chars = Table(box=box.SIMPLE_HEAD, title="Characters", title_justify="left", title_style="bold",
                      pad_edge=False, show_edge=False)
        chars.add_column("Character", no_wrap=True)
        chars.add_column("Goal")
        players = int(view.get("players", 4)) if view else 4
        for c in game.catalog.characters:
            if players in c.players:
                chars.add_row(c.name, c.text)
        cards = Table(box=box.SIMPLE_HEAD, title="Cards", title_justify="left", title_style="bold", pad_edge=False,
                      show_edge=False)
        cards.add_column("Card", no_wrap=True)
        cards.add_column("Kind")
        cards.add_column("Barred for", no_wrap=True)
        cards.add_column("Text")
        for row in self.card_rows(game):
            cards.add_row(row["name"], row["kind"], self.barred_cell(row["forbidden"]), row["text"])
        keys = Text("At a prompt: a number picks a choice · h this help · l the full log · q quit (and save).\n"
                    "You may also type a move: A1-A3 / E1-E2 (take), pass, decline, seat N (target or point at), "
                    "centre (point at the centre card). Full rules: cardtable rules two-mists --full", style="dim")
        return Group(Text(self.rules_summary(game)), Text(), chars, Text(), cards, Text(), keys)


def _char_order(c: str) -> int:
    order = list(CHARACTER_NAMES)
    return order.index(c) if c in order else len(order)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _world_name(world: Any) -> str:
    return {"front": "Front world (the world of Mist)", "back": "Back world (the world of Fog)"}.get(
        str(world), f"{world} world")


def _life_text(life: int) -> Text:
    style = "bold red" if life <= 2 else "yellow" if life <= 4 else "green"
    text = Text(f"{life:>2} ", style=style)
    text.append("♥" * min(life, 9) + ("+" if life > 9 else ""), style=style)
    return text


RENDERER = TwoMistsRenderer
