"""The log in words that the server sends with each card game's ``state`` frame (``lines``): the same
words the terminal prints, and nothing in them a seat may not know (resampling everything hidden from
the seat changes none of them)."""

from __future__ import annotations

import random

import pytest

import cardtable
from cardtable.registry import game_facet, game_ids
from cardtable.server import frames
from cardtable.tui import get_renderer, seat_names

CARD_GAMES = [g for g in game_ids() if game_facet(g, "presentation") is not None]


def _played(game_id: str, players: int, seed: int, steps: int) -> cardtable.State:
    state = cardtable.load_game(game_id).new_game(seed=seed, players=players)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_lines_name_no_hidden_card_and_match_the_terminal(game_id: str) -> None:
    players = cardtable.load_game(game_id).info.min_players
    for seed, steps in ((1, 40), (2, 120), (3, 400)):
        state = _played(game_id, players, seed, steps)
        for seat in [None, *range(players)]:
            frame = frames.state_frame(state, seat, seq=0, log_start=0, thinking=(), status="playing")
            lines = frame["lines"]
            assert len(lines) == len(frame["log"])
            for k in (1, 2):
                other = state.determinize(seat, seed=k)
                assert frames.state_frame(other, seat, seq=0, log_start=0, thinking=(), status="playing")["lines"] \
                    == lines, (game_id, seed, seat)
            # The terminal prints the same words (its lines are final: runs start at the first event it prints).
            log, view = state.log(seat), state.view(seat)
            names = [("You" if s == seat else f"Seat {s}") for s in range(players)] if seat is not None \
                else seat_names(players)
            tui = get_renderer(game_id).describe_events(log, names, log=log, view=view)
            shown = {head: text for head, text in lines}
            assert [t for t in tui if t is not None] == [shown[h] for h in sorted(shown)]
            # An incremental frame continues a run begun earlier by rewriting the run's first line.
            start = len(log) // 2
            tail = frames.state_frame(state, seat, seq=0, log_start=start, thinking=(), status="playing")["lines"]
            assert tail == lines[start:]
