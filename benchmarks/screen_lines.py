"""How tall a decision's screen of ``cardtable play`` is, per card game: the figure issue 23 is about.

Plays seeded games through the real ``play`` command (typer's CliRunner) with the terminal size given
by ``COLUMNS``/``LINES``; seat 0 types the number of the choice the heuristic bot would make, the other
seats are heuristic bots. A screen is everything printed from the line after the previous answer down
to the prompt line, inclusive (the game's opening panel left out). Prints, per game, how many decisions were asked, the tallest screen
(with its seed) and the widest line. Nothing is asserted (``tests/cli/test_screen_fit.py`` does that).

    PYTHONPATH=src .venv/bin/python benchmarks/screen_lines.py --width 160 --height 50 --seeds 1,2,3
    PYTHONPATH=src .venv/bin/python benchmarks/screen_lines.py --games million-arthur --seeds 5,6,7
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from typing import Any

MARK = "\x00PROMPT\x00"  # written where each prompt waits, to split the output into screens
GAMES = ("call-of-cthulhu", "million-arthur", "mythos", "mythos:4")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--width", type=int, default=160)
    ap.add_argument("--height", type=int, default=50)
    ap.add_argument("--seeds", default="1,2,3")
    ap.add_argument("--games", default=",".join(GAMES), help="ids, GAME:PLAYERS for a seat count")
    args = ap.parse_args()
    os.environ["COLUMNS"], os.environ["LINES"] = str(args.width), str(args.height)
    os.environ.setdefault("CARDTABLE_SAVES", tempfile.mkdtemp(prefix="screen-lines-"))

    from typer.testing import CliRunner

    import cardtable.cli.play as play
    import cardtable.cli.prompt as prompt
    from cardtable.bots import make_bot
    from cardtable.cli import app
    from cardtable.core import Rng

    pending: dict[str, Any] = {}
    asked = play.human_decision

    def decide(console: Any, state: Any, seat: int, names: Any, renderer: Any, game: Any, *rest: Any) -> int:
        """Pick, as the heuristic bot would, the number seat 0 will type; then show the real screen."""
        bot = pending.setdefault("bot", make_bot("heuristic", game.id, seed=7))
        action = bot.act(state.view(seat), state.decision, pending.setdefault("rng", Rng(7)))
        pending["answer"] = str(list(state.decision.options).index(action) + 1)
        result: int = asked(console, state, seat, names, renderer, game, *rest)
        return result

    def answer(console: Any, hint: str) -> str:
        console.file.write(MARK)
        return str(pending.pop("answer", "q"))

    play.human_decision = decide  # type: ignore[assignment]
    prompt._ask = answer  # type: ignore[assignment]
    for spec in args.games.split(","):
        game, _, players = spec.partition(":")
        tallest, where, widest, decisions = 0, 0, 0, 0
        for seed in (int(s) for s in args.seeds.split(",")):
            pending.clear()
            cmd = ["play", game, "--seat", "0", "--bots", "heuristic", "--seed", str(seed)]
            out = CliRunner().invoke(app, cmd + (["--players", players] if players else [])).output
            screens = out.split(MARK)[:-1]
            for k, screen in enumerate(screens):
                lines = screen.split("\n")[1:]  # the first line ends the previous prompt (or the intro)
                if k == 0:  # the opening panel is not part of the first screen
                    lines = lines[next((n for n, line in enumerate(lines) if line.startswith("╰")), -1) + 1:]
                lines = lines[1:] if lines and not lines[0].strip() else lines
                if len(lines) > tallest:
                    tallest, where = len(lines), seed
                widest = max([widest, *(len(line) for line in lines)])
            decisions += len(screens)
        print(f"{spec}: {decisions} decisions, tallest screen {tallest} lines (seed {where}), widest line {widest}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
