"""Hints for learners: the strong bot's suggestion for a seat's decision, from that seat's view only.

Why here and why like this: a hint is a bot move that is shown instead of played, so it obeys the bot
rules of the server (docs/web.md, "Hints"): its input is ``view(seat)`` and the pending decision and
nothing else (``hint_input``; resampling every hidden card leaves it unchanged), it runs in the bot pool
with a bounded budget, never on the event loop, and a seat has at most one hint in flight. The answer
names the suggested option (its index in ``decision.options``) and a one-line reason: the search's
estimated win chance of its best two or three options.

``compute_hint`` runs in a bot worker (a process or a thread); everything else runs on the loop.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..core import Decision, Rng, State, mix_seed

HINT_SECONDS = 1.0  # search time of one hint (cut to the server's largest bot time budget)
SHOWN = 3  # options named in the reason


def hint_input(state: State, seat: int) -> tuple[dict[str, Any], Decision]:
    """What a hint for ``seat`` is computed from: its view and its pending decision (nothing hidden)."""
    decision = state.decision
    if decision is None or decision.player != seat:
        raise ValueError(f"seat {seat} has no decision to take")
    return state.view(seat), decision


def hint_seed(table_seed: int, seat: int, seq: int) -> int:
    """The hint's RNG seed: the same table, seat and decision always get the same hint."""
    return mix_seed(table_seed, "hint", seat, seq)


def compute_hint(game_id: str, view: Mapping[str, Any], decision: Decision, rng_seed: int,
                 seconds: float) -> dict[str, Any]:
    """Worker entry point: the strong bot's analysis of ``decision`` as the ``hint`` frame's payload."""
    from ..bots.strong import StrongBot

    bot = StrongBot(game_id, seed=rng_seed, time_budget=seconds)
    analysis = bot.analyse(view, decision, Rng(rng_seed))
    options = list(decision.options)
    ranked = [s for s in analysis.ranked][:SHOWN]
    estimates = [{"option": options.index(s.action), "win": round(s.mean, 3), "rollouts": s.rollouts}
                 for s in ranked]
    return {"option": estimates[0]["option"], "action": ranked[0].action.to_dict(), "estimates": estimates,
            "reason": reason_text(estimates, analysis.rounds)}


def reason_text(estimates: list[dict[str, Any]], rounds: int) -> str:
    """One line: the suggestion's estimated win chance and those of the next options (numbered from 1, as
    every client shows the options)."""
    if rounds == 0 or not any(e["rollouts"] for e in estimates):
        return f"Suggested: option {estimates[0]['option'] + 1} (the game's heuristic; no time to look ahead)"
    first, rest = estimates[0], estimates[1:]
    text = f"Suggested: option {first['option'] + 1}, estimated win chance {first['win']:.0%}"
    if rest:
        text += " (" + ", ".join(f"option {e['option'] + 1}: {e['win']:.0%}" for e in rest) + ")"
    return text


def hint_frame(seq: int, payload: Mapping[str, Any]) -> dict[str, Any]:
    """The ``hint`` frame sent to the asking seat's connections only."""
    return {"type": "hint", "seq": seq, **payload}


__all__ = ["HINT_SECONDS", "compute_hint", "hint_frame", "hint_input", "hint_seed", "reason_text"]
