"""How strong is each bot? Win rates with 95 % Wilson intervals, bot against bot, per seat arrangement.

For every pair (A, B) of bots and every mix of seats — with 4 players "1 A + 3 B", "2 A + 2 B",
"3 A + 1 B"; with 3 players "1 A + 2 B", "2 A + 1 B" — it plays ``--games`` games with the specs
rotated one seat per game (``cardtable.sim.run_games`` default, so seat order effects cancel) and
reports each bot's win rate = wins of the seats it played / seats it played. Several players can win
one game, so the rates of a table do not add up to 100 %; compare a bot's rate with its opponent's at
the same table and with the same bot's rate against itself.

    python benchmarks/bot_strength.py                       # 2000 games per arrangement, all cores
    python benchmarks/bot_strength.py --games 200 --jobs 2 --json out.json > out.md
    python benchmarks/bot_strength.py --game call-of-cthulhu --players 2 --games 1000 --jobs 2 \
        --pairs heuristic/random,ismcts:6:d16/heuristic     # only these pairs (A/B), seats swapped each game
    python benchmarks/bot_strength.py --game mythos --players 3,4 --a-seats 1 --pairs heuristic/random
                                                            # one heuristic among randoms only
    python benchmarks/bot_strength.py --game million-arthur --players 2 --games 40 --jobs 1 \
        --pairs strong:6:d8/heuristic,strong:6:d8/random    # the strong bot's rows (docs/bots.md)

A game still being completed (a package's ``DEFINITION`` that is not yet ``GAME``) is registered for
the run (``_games.py``), so it can be measured before it is listed.

A long run can be split into chunks with different ``--seed`` values (each chunk's games are seeded
from its own seed, so chunks never repeat a game) and the chunks' JSON reports merged afterwards; a
chunk that finished counts even if a later one did not:

    python benchmarks/bot_strength.py --merge chunk1.json chunk2.json ... --out merged.md --json merged.json

``--chunks DIR`` does that by itself, and resumably: it plays ``--games`` as chunks of ``--chunk-games``
games, chunk *i* seeded ``--seed`` + *i* and saved as ``DIR/<seed>.json`` as soon as it is done; a chunk
already in ``DIR`` is not played again, so a run stopped at any point (a session's end, a reboot) goes on
where it stopped when the same command is given again, and the report is the merge of every chunk in
``DIR``. Several runners given the same command share the folder (each chunk is claimed by one, a
``.claim`` file with its pid), so one per core plays a long run in parallel. Each chunk records the
commit, the card-set versions and a hash of the ready deck lists it was played with, and a merge refuses
chunks of different card sets or lists (their games are not the same games):

    python benchmarks/bot_strength.py --game mythos --players 2 --jobs 1 --speed-games 0 --games 400 \
        --seed 740000 --pairs strong:2:d4/heuristic --chunks benchmarks/results/chunks/mythos-strong-heuristic \
        --out mythos-strong.md --json mythos-strong.json

The default ISMCTS budget (``ismcts:32``, 32 iterations per decision with more than one option) is
chosen so the full default run (15 arrangements x 2000 games) finishes well under an hour on 2 cores;
see the header of the output for the measured time.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time
from itertools import combinations
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from _games import include_in_progress  # noqa: E402 (benchmarks/_games.py)
from cardtable.bots import ISMCTSBot, StrongBot  # noqa: E402
from cardtable.sim import length_summary, run_games, win_rate_by_bot  # noqa: E402

DEFAULT_ISMCTS = "ismcts:32"


def arrangements(players: int, a_seats: list[int] | None = None) -> list[tuple[int, int]]:
    """(seats for A, seats for B) with at least one seat each (only ``a_seats`` A seats if given)."""
    return [(a, players - a) for a in range(1, players) if a_seats is None or a in a_seats]


def run(games: int, jobs: int, seed: int, bots: list[str], player_counts: list[int], game: str,
        log: Any = sys.stderr, pairs: list[tuple[str, str]] | None = None,
        options: dict[str, Any] | None = None, a_seats: list[int] | None = None) -> dict[str, Any]:
    """Every pair of ``bots`` (or just ``pairs``) at every player count and seat arrangement."""
    rows = []
    started = time.perf_counter()
    for players in player_counts:
        for a_spec, b_spec in pairs if pairs is not None else combinations(bots, 2):
            for a, b in arrangements(players, a_seats):
                specs = [a_spec] * a + [b_spec] * b
                t0 = time.perf_counter()
                results = run_games(game, players, specs, games, seed=seed, jobs=jobs, options=options,
                                    progress=_progress(games, started, log))
                elapsed = time.perf_counter() - t0
                rates = win_rate_by_bot(results)
                lengths = length_summary(results)
                row = {
                    "players": players, "a": a_spec, "b": b_spec, "a_seats": a, "b_seats": b,
                    "arrangement": f"{a} {a_spec} + {b} {b_spec}", "games": games, "seconds": round(elapsed, 2),
                    "a_rate": rates[a_spec].to_dict(), "b_rate": rates[b_spec].to_dict(),
                    "no_winner": sum(1 for r in results if not r.winners),
                    "mean_decisions": round(lengths.mean, 2),
                }
                rows.append(row)
                print(f"[{time.perf_counter() - started:7.1f}s] {players}p {row['arrangement']}: "
                      f"{a_spec} {rates[a_spec]}  {b_spec} {rates[b_spec]}  ({elapsed:.1f}s)", file=log, flush=True)
    out = {"game": game, "games_per_arrangement": games, "jobs": jobs, "seed": seed, "bots": bots,
           "total_seconds": round(time.perf_counter() - started, 1), "rows": rows}
    if options:
        out["options"] = options
    return out


def _progress(games: int, started: float, log: Any) -> Any:
    """A ``run_games`` progress callback printing about every tenth of the games (long runs can be watched)."""
    step = max(1, games // 10)
    mark = [step]

    def report(done: int) -> None:
        if done >= mark[0]:
            print(f"[{time.perf_counter() - started:7.1f}s]   {done}/{games} games", file=log, flush=True)
            mark[0] = (done // step + 1) * step

    return report


def ismcts_speed(spec: str, game: str, seed: int, games: int = 10, players: int = 4) -> float:
    """Iterations per second of ``spec`` measured on a few games against random bots (1 core); for a
    ``strong`` spec, rollouts per second."""
    from cardtable.bots import make_bot
    from cardtable.core import Rng, mix_seed
    from cardtable.registry import load_game

    total_iters, total_secs = 0, 0.0
    for i in range(games):
        state = load_game(game).new_game(seed=mix_seed(seed, "speed", i), players=players)
        bot = make_bot(spec, game, seed=i)
        assert isinstance(bot, (ISMCTSBot, StrongBot))
        rng = Rng(i)
        while not state.is_terminal:
            d = state.decision
            assert d is not None
            state.apply(bot.act(state.view(d.player), d, rng) if d.player == 0 else rng.choice(d.options))
        total_iters += bot.total_iterations if isinstance(bot, ISMCTSBot) else bot.total_rollouts
        total_secs += bot.total_seconds
    return total_iters / total_secs if total_secs else 0.0


def _pct(rate: dict[str, Any]) -> str:
    return f"{rate['rate']:.1%} [{rate['low']:.1%}, {rate['high']:.1%}]"


def _games_text(report: dict[str, Any]) -> str:
    games = report["games_per_arrangement"]
    text = f"{games} games per arrangement" if isinstance(games, int) else "games per arrangement as listed"
    chunks = report.get("chunks")
    return text + (f" (merged from {chunks} chunks with their own seeds)" if chunks else "")


def _seed_text(seed: Any) -> str:
    """``seed 5``, or for a merge of chunks ``seeds 700000–700199 (200 chunks)``."""
    if isinstance(seed, list):
        return f"seeds {min(seed)}–{max(seed)} ({len(seed)} chunks)" if seed else "no seeds"
    return f"seed {seed}"


def markdown(report: dict[str, Any], speed: dict[str, float]) -> str:
    lines = [
        f"# Bot strength: {report['game']}",
        "",
        f"{_games_text(report)}, specs rotated one seat per game, {_seed_text(report['seed'])}, {report['jobs']} "
        f"worker process(es), total {report['total_seconds']:.0f} s.",
        "Win rate = wins of the seats a bot played / seats it played, with the 95 % Wilson interval.",
        "Several players can win one game, so a table's rates need not add up to 100 %.",
        "",
    ]
    if report.get("options"):
        lines[-1:-1] = [f"Game options: `{json.dumps(report['options'], sort_keys=True)}`."]
    commits = report.get("commits") or ([report["commit"]] if report.get("commit") else [])
    if commits or report.get("card_sets"):
        lines[-1:-1] = [f"Played with commit(s) {', '.join(commits) or 'unknown'}"
                        + (f", card sets `{json.dumps(report['card_sets'], sort_keys=True)}`" if report.get("card_sets")
                           else "") + "."]
    for spec, ips in speed.items():
        unit = "rollouts" if spec.startswith("strong") else "iterations"
        lines.append(f"* `{spec}`: {ips:,.0f} {unit}/s on one core ({report.get('speed_players', 4)} players, "
                     f"vs random).")
    lines += ["", "| players | arrangement | A | A win rate | B | B win rate | games | no winner | decisions/game | s |",
              "|---|---|---|---|---|---|---|---|---|---|"]
    for r in report["rows"]:
        lines.append(f"| {r['players']} | {r['a_seats']} A + {r['b_seats']} B | {r['a']} | {_pct(r['a_rate'])} "
                     f"| {r['b']} | {_pct(r['b_rate'])} | {r['games']} | {r['no_winner']} | {r['mean_decisions']} "
                     f"| {r['seconds']} |")
    return "\n".join(lines) + "\n"


def provenance(game: str) -> dict[str, Any]:
    """What a report was played with: the repository's commit (when it is a git checkout) and the game's
    card-set versions (card games). Chunks of one run may be played days apart; these say whether they
    played the same games."""
    from cardtable.registry import load_game

    out: dict[str, Any] = {}
    try:
        done = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=Path(__file__).resolve().parent,
                              capture_output=True, text=True, timeout=10, check=False)
        if done.returncode == 0 and done.stdout.strip():
            out["commit"] = done.stdout.strip()
    except OSError:
        pass
    definition = load_game(game)
    versions = getattr(definition, "card_set_versions", None)  # a property of the card games
    if isinstance(versions, dict):
        out["card_sets"] = dict(versions)
    ready = getattr(definition, "ready_decks", None)  # the lists games deal when none is given
    if callable(ready):
        text = json.dumps(ready(), sort_keys=True, default=str)
        out["ready_decks"] = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    return out


def merge(reports: list[dict[str, Any]]) -> dict[str, Any]:
    """One report from chunks of the same game: rows of the same arrangement add their wins and seats
    (intervals recomputed), games, seconds and no-winner counts; mean lengths are game-weighted."""
    from cardtable.sim.stats import Rate

    if not reports:
        raise SystemExit("--merge: no reports to merge")
    if len({r["game"] for r in reports}) != 1:
        raise SystemExit("--merge: the reports are of different games")
    if len({json.dumps(r.get("options"), sort_keys=True) for r in reports}) != 1:
        raise SystemExit("--merge: the reports were played with different game options")
    if len({r["ready_decks"] for r in reports if "ready_decks" in r}) > 1:
        raise SystemExit("--merge: the reports were played with different ready deck lists (hashes "
                         + ", ".join(sorted({r["ready_decks"] for r in reports if "ready_decks" in r})) + ")")
    if len({json.dumps(r.get("card_sets"), sort_keys=True) for r in reports if "card_sets" in r}) > 1:
        raise SystemExit("--merge: the reports were played with different card-set versions: "
                         + ", ".join(sorted({json.dumps(r["card_sets"], sort_keys=True) for r in reports
                                             if "card_sets" in r})))
    rows: dict[tuple[Any, ...], dict[str, Any]] = {}
    for report in reports:
        for r in report["rows"]:
            key = (r["players"], r["a"], r["b"], r["a_seats"], r["b_seats"])
            m = rows.get(key)
            if m is None:
                rows[key] = m = {**r, "games": 0, "seconds": 0.0, "no_winner": 0, "mean_decisions": 0.0,
                                 "a_rate": {"wins": 0, "seats": 0}, "b_rate": {"wins": 0, "seats": 0}}
            total = m["games"] + r["games"]
            m["mean_decisions"] = round((m["mean_decisions"] * m["games"] + r["mean_decisions"] * r["games"])
                                        / total, 2)
            m["games"], m["seconds"] = total, round(m["seconds"] + r["seconds"], 2)
            m["no_winner"] += r["no_winner"]
            for side in ("a_rate", "b_rate"):
                m[side] = {"wins": m[side]["wins"] + r[side]["wins"], "seats": m[side]["seats"] + r[side]["seats"]}
    for m in rows.values():
        for side in ("a_rate", "b_rate"):
            m[side] = Rate.of(m[side]["wins"], m[side]["seats"]).to_dict()
    games = sorted({m["games"] for m in rows.values()})
    speed: dict[str, float] = {}
    for report in reports:
        speed.update(report.get("ismcts_iterations_per_second") or {})
    return {"game": reports[0]["game"], "games_per_arrangement": games[0] if len(games) == 1 else games,
            "jobs": max(r["jobs"] for r in reports), "seed": [r["seed"] for r in reports],
            "bots": list(dict.fromkeys(b for r in reports for b in r["bots"])),
            "total_seconds": round(sum(r["total_seconds"] for r in reports), 1), "rows": list(rows.values()),
            "ismcts_iterations_per_second": speed, "speed_players": reports[0].get("speed_players", 2),
            "chunks": len(reports), "commits": sorted({r["commit"] for r in reports if r.get("commit")}),
            # the same in every report that has it (checked above; chunks from before provenance lack it)
            **{key: value for key in ("options", "card_sets", "ready_decks")
               if (value := next((r[key] for r in reports if r.get(key)), None))}}


def run_chunks(args: argparse.Namespace, bots: list[str], pairs: list[tuple[str, str]] | None,
               player_counts: list[int], a_seats: list[int] | None) -> dict[str, Any]:
    """Play the chunks of ``--chunks`` that are not in its folder yet, then merge every chunk there."""
    folder: Path = args.chunks
    folder.mkdir(parents=True, exist_ok=True)
    size = max(1, args.chunk_games)
    count = -(-args.games // size)
    for i in range(count):
        seed = args.seed + i
        path = folder / f"{seed}.json"
        if path.exists() or not claim(path.with_suffix(".claim")):
            continue  # done, or being played by another runner on the same folder
        try:
            report = run(min(size, args.games - i * size), args.jobs, seed, bots, player_counts, args.game,
                         pairs=pairs, options=args.options, a_seats=a_seats)
            report.update(provenance(args.game))
            tmp = path.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(json.dumps(report, indent=2), encoding="utf-8")
            tmp.replace(path)  # a chunk is in the folder whole or not at all
        finally:
            path.with_suffix(".claim").unlink(missing_ok=True)
        print(f"chunk {i + 1}/{count} (seed {seed}) saved", file=sys.stderr, flush=True)
    return merge([json.loads(f.read_text(encoding="utf-8")) for f in sorted(folder.glob("*.json"))])


def claim(marker: Path) -> bool:
    """Take a chunk for this process: the marker is created atomically (``O_EXCL``) and holds its pid, so
    several runners given the same command share a folder's chunks (one per core) instead of playing each
    chunk twice. A marker left by a process that is gone (a killed run) is taken over."""
    for _ in range(2):
        try:
            fd = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            try:
                pid = int(marker.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                return False  # empty or half written: created just now by another runner
            if _alive(pid):
                return False
            marker.unlink(missing_ok=True)  # stale: its runner is gone
            continue
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(str(os.getpid()))
        return True
    return False


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=2000, help="games per arrangement (default 2000)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default: all cores)")
    p.add_argument("--seed", type=int, default=2024)
    p.add_argument("--ismcts", default=DEFAULT_ISMCTS, help=f"ISMCTS spec to use (default {DEFAULT_ISMCTS})")
    p.add_argument("--bots", default=None, help="comma-separated specs (default: random,heuristic,<--ismcts>)")
    p.add_argument("--players", default="4,3", help="player counts, comma-separated (default 4,3)")
    p.add_argument("--game", default="two-mists")
    p.add_argument("--pairs", default=None,
                   help="only these A/B pairs, comma-separated (e.g. heuristic/random,ismcts:6:d16/heuristic)")
    p.add_argument("--a-seats", default=None,
                   help="only arrangements with this many A seats, comma-separated (e.g. 1: one A among B's)")
    p.add_argument("--speed-games", type=int, default=10, help="games for the ISMCTS speed figure (default 10)")
    p.add_argument("--json", type=Path, default=None, help="also write the full report as JSON here")
    p.add_argument("--out", type=Path, default=None, help="write the Markdown table here (default: stdout)")
    p.add_argument("--options", type=json.loads, default=None,
                   help='game options as JSON for every game, e.g. \'{"max_turns": 100}\' (default: none)')
    p.add_argument("--merge", type=Path, nargs="+", default=None,
                   help="merge these JSON reports (chunks of one run with different seeds) instead of playing")
    p.add_argument("--chunks", type=Path, default=None,
                   help="play --games in resumable chunks saved in this folder (chunk i seeded --seed + i; "
                        "chunks already there are kept), then report the merge of every chunk there")
    p.add_argument("--chunk-games", type=int, default=2, help="games per arrangement in a chunk (default 2)")
    args = p.parse_args(argv)
    if args.merge:
        report = merge([json.loads(f.read_text(encoding="utf-8")) for f in args.merge])
        _write(args, report, markdown(report, report["ismcts_iterations_per_second"]))
        return 0
    include_in_progress()
    pairs = None
    if args.pairs:
        pairs = [(a, b) for a, _, b in (x.strip().partition("/") for x in args.pairs.split(","))]
        if any(not a or not b for a, b in pairs):
            p.error("--pairs: give A/B pairs, e.g. heuristic/random")
        bots = list(dict.fromkeys(spec for pair in pairs for spec in pair))
    else:
        bots = args.bots.split(",") if args.bots else ["random", "heuristic", args.ismcts]
    player_counts = [int(x) for x in args.players.split(",")]
    a_seats = [int(x) for x in args.a_seats.split(",")] if args.a_seats else None
    if args.chunks is not None:
        report = run_chunks(args, bots, pairs, player_counts, a_seats)
        _write(args, report, markdown(report, report["ismcts_iterations_per_second"]))
        return 0
    speed = {b: ismcts_speed(b, args.game, args.seed, args.speed_games, player_counts[0])
             for b in bots if b.startswith(("ismcts", "strong")) and args.speed_games > 0}
    report = run(args.games, args.jobs, args.seed, bots, player_counts, args.game, pairs=pairs, options=args.options,
                 a_seats=a_seats)
    report.update(provenance(args.game))
    report["ismcts_iterations_per_second"] = speed
    report["speed_players"] = player_counts[0]
    _write(args, report, markdown(report, speed))
    return 0


def _write(args: argparse.Namespace, report: dict[str, Any], text: str) -> None:
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    if args.json:
        args.json.write_text(json.dumps(report, indent=2), encoding="utf-8")


if __name__ == "__main__":
    raise SystemExit(main())
