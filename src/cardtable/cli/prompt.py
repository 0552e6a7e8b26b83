"""The person's turn in ``cardtable play``: show their screen, offer numbered choices, apply the one they pick.

Help, the full log, a hint (``hint``: the strong bot's suggestion from this seat's view, with its estimated
win chances), why a card in hand cannot be played now (``why``: the engine's refusal and rule) and typed actions are answered here without leaving the decision; only a legal choice, ``q``
or the end of input ends it.
"""

from __future__ import annotations

import sys
from typing import Sequence

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from .. import IllegalActionError
from ..core import Action, Decision, GameDefinition, Rng, State, mix_seed
from ..engine.whynot import why_not
from ..registry import game_facet
from ..tui.generic import Renderer
from .render import hanging, print_events
from .screen import decision_screen


HOW_TO_CHOOSE = ("To choose, type the choice's number and press Enter: two digits from 10 on (12 is choice 12, "
                 "never choice 1 then 2). l shows the full log, q quits and saves the game.")
"""Printed under the help (``h``): a choice is a line of input, so choices 10 and up need no other key."""


class Quit(Exception):
    """The person asked to stop (or their input ended): the caller saves the game instead of finishing it."""


def _ask(console: Console, prompt: str) -> str:
    """One line of the person's input; raises :class:`Quit` when the input ends."""
    try:
        answer = console.input(prompt)
        if not sys.stdin.isatty():  # piped input is not echoed; show it so transcripts read well
            console.print(answer, highlight=False, markup=False)
        return answer
    except EOFError:
        console.print()
        console.print("(input ended)", style="dim")
        raise Quit() from None


def hand_refusals(state: State, seat: int, view: dict[str, object]) -> dict[str, dict[str, str]]:
    """The engine's reasons why cards in ``seat``'s hand cannot be played now (empty for a game that
    declares no presentation): the same words and rule IDs the browser shows on hover."""
    declared = getattr(game_facet(state.game.info.id, "presentation"), "PRESENTATION", None)
    return why_not(state, seat, declared, view) if declared is not None else {}


HINT_SECONDS = 1.0  # search time of one ``hint`` in the terminal


def hint_text(game_id: str, view: dict[str, object], decision: Decision, described: Sequence[str],
              seconds: float = HINT_SECONDS) -> Text:
    """The strong bot's suggestion for this decision, from the seat's ``view`` only, as one line: the choice
    to type, what it does, and the estimated win chance of the best two or three choices."""
    from ..bots.strong import StrongBot

    rng = Rng(mix_seed("hint", decision.player, len(decision.options)))
    analysis = StrongBot(game_id, time_budget=seconds).analyse(view, decision, rng)
    options = list(decision.options)
    top = analysis.ranked[:3]
    n = options.index(top[0].action) + 1
    text = Text(f"Hint: choice {n} — {described[n - 1]}", style="bold magenta")
    if analysis.rounds and any(s.rollouts for s in top):
        rest = ", ".join(f"choice {options.index(s.action) + 1}: {s.mean:.0%}" for s in top[1:])
        text.append(f". Estimated win chance {top[0].mean:.0%}" + (f" ({rest})" if rest else "") + ".",
                    style="magenta")
    else:
        text.append(" (the game's heuristic; no time to look ahead).", style="magenta")
    return text


def human_decision(console: Console, state: State, seat: int, names: list[str], renderer: Renderer,
                   game: GameDefinition, log_seen: int, passed: Sequence[str] = (),
                   hint_seconds: float | None = None) -> int:
    """Show the seat's screen, read a choice and apply it. Returns how much of the log has been shown.

    The screen (:func:`.screen.decision_screen`) fits the terminal's height where the game's board can be
    drawn small enough, so the other seats' side at its top is still in view at the prompt; ``passed``
    are the moves auto-pass took for the seat since its last decision, noted at the top.
    """
    view = state.view(seat)
    log = state.log(seat)
    decision = state.decision
    assert decision is not None  # only called for a game that is not over, so someone must act
    options = list(decision.options)
    described = [renderer.describe_action(action, view, names) for action in options]
    title = f"{game.info.name} · {renderer.status_line(view, names)} · your decision"
    refusals = hand_refusals(state, seat, view)
    notes = [Text(f"{len(refusals)} card{'s' if len(refusals) != 1 else ''} in your hand can't be played now: "
                  "type why to see the rule for each.", style="dim")] if refusals else []
    screen, choices = decision_screen(console, renderer, title, view, names, log[log_seen:], log, decision.prompt,
                                      described, passed, notes)
    for part in screen:
        console.print(part)

    def show_choices() -> None:
        for part in choices:
            console.print(part)

    show_choices()
    hint = f"Your choice [1-{len(options)}, h help, l log, hint{', why' if refusals else ''}" \
           f"{renderer.query_hint()}, q quit]: "
    while True:
        raw = _ask(console, hint).strip()
        low = raw.lower()
        if not low:
            continue
        if low in ("q", "quit", "exit"):
            raise Quit()
        if low in ("h", "help", "?"):
            console.print(renderer.render_help(game, view))
            console.print(Text(HOW_TO_CHOOSE, style="dim"))
            console.print()
            show_choices()
            continue
        if low in ("l", "log"):
            console.print(Rule("Full log (as you see it)", style="dim"))
            print_events(console, renderer, log, names, skip_noise=False, log=log, view=view)
            console.print(Rule(style="dim"))
            show_choices()
            continue
        if low in ("why", "why not", "w"):
            console.print(renderer.render_why_not(refusals, view))
            show_choices()
            continue
        if low == "hint":
            console.print(Text("Thinking…", style="dim"))
            console.print(hint_text(game.info.id, view, decision, described,
                                    HINT_SECONDS if hint_seconds is None else hint_seconds))
            show_choices()
            continue
        reply = renderer.answer_query(raw, view, game)
        if reply is not None:
            console.print(reply)
            show_choices()
            continue
        action: Action | None = None
        if low.isdigit():
            n = int(low)
            if 1 <= n <= len(options):
                action = options[n - 1]
            else:
                console.print(Text(f"There is no choice {n}: type a number from 1 to {len(options)}.", style="red"))
                continue
        else:
            action = renderer.parse_typed_action(raw, seat, decision)
            if action is None:
                console.print(Text(f"{raw!r} is not a choice: type a number from 1 to {len(options)} "
                               "(or h for help, l for the log, hint for a suggestion, q to quit and save).",
                                   style="red"))
                continue
        try:
            state.apply(action)
        except IllegalActionError as err:
            console.print(Text(f"Not allowed ({err.rule}): {err.message}", style="red"))
            continue
        # one line: the choice without the ability text the list quoted (`` — "..."``), which was just read
        chose = renderer.describe_action(action, view, names).split(' — "', 1)[0]
        hanging(console, Text("You chose:", style="green"), Text(chose, style="green"))
        return len(log)
