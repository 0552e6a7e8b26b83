"""Play whole games between bots, one at a time or many in parallel, reproducibly.

Determinism is the point: game ``i`` of a run always uses seed ``mix_seed(seed, i)`` and each seat's
bot gets its own RNG derived from that game seed and the seat, so a run gives the same results
whatever ``jobs`` is and whichever worker plays which game. Parallel runs ship *batches* of games to
each worker (one task per game would spend more time pickling than playing quick games).
"""

from __future__ import annotations

from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Iterator, Mapping, NamedTuple, Sequence

from ..bots import make_bot
from ..bots.lazy_view import LazyView
from ..core import Rng, SetupError, mix_seed
from ..engine.table import DECKED, HELD, PLAYED, CardTable
from ..registry import load_game

MAX_DECISIONS = 1_000_000  # a guard against a game that never ends (every game has a turn cap)


class SeatCards(NamedTuple):
    """The catalog indices (each once, sorted) of the cards of one seat's deck, and of those that were
    in its opening hand, ever in its hand (drawn, opening hand included) and ever in play in one game."""

    deck: list[int]
    opening: list[int]
    drawn: list[int]
    played: list[int]


class GamePlan(NamedTuple):
    """One kind of game in a scheduled run: its bots per seat and its options (e.g. which decks).

    A run with plans plays game ``i`` by ``plans[i % len(plans)]``, so a round robin of decks is
    still "game ``i`` has seed ``mix_seed(seed, i)``" and gives the same results on every backend."""

    bot_specs: tuple[str, ...]
    options: Mapping[str, Any] | None = None


@dataclass(slots=True)
class GameResult:
    """One finished game: who won, why, how long it took, and which bot sat where."""

    seed: int
    winners: list[int]
    scores: dict[int, float]
    reason: str
    length: int  # decisions taken (every action counts, targets and pointing included)
    turns: int | None  # game turns, when the game reports them in its outcome details
    bots: list[str]  # bot spec per seat
    details: dict[str, Any] = field(default_factory=dict)  # the game's outcome details, as it reports them
    plan: int | None = None  # which of the run's game plans this game followed (scheduled runs only)
    first: int | None = None  # the seat that took the first turn, where the game says (card games)
    cards: list[SeatCards] | None = None  # per seat, which cards it held and played (``record_cards``)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in the game seeded ``game_seed``."""
    return mix_seed(game_seed, "bot", seat)


def play_game(game_id: str, players: int, bot_specs: Sequence[str], seed: int,
              options: Mapping[str, Any] | None = None, record_cards: bool = False) -> GameResult:
    """Play one game of ``game_id`` with ``bot_specs[s]`` at seat ``s``; the game's RNG is seeded ``seed``.

    ``record_cards`` (card games on the shared engine; ignored by others) also records, per seat,
    the cards of its opening hand and those it drew and played — read from the card table's own
    record of where each card has been, so it costs one look at the table per seat, not per move.
    """
    if len(bot_specs) != players:
        raise SetupError(f"{players} players need {players} bot specs, got {len(bot_specs)}: {list(bot_specs)}")
    game = load_game(game_id)
    state = game.new_game(seed=seed, players=players, options=options)
    bots = [make_bot(spec, game_id, seed=bot_seed(seed, s)) for s, spec in enumerate(bot_specs)]
    rngs = [Rng(mix_seed(bot_seed(seed, s), "act")) for s in range(players)]
    table = getattr(state, "table", None) if record_cards else None
    cards = table if isinstance(table, CardTable) else None
    opening: list[list[int] | None] = [None] * players
    waiting = players if cards is not None else 0  # seats whose opening hand is not taken yet
    length = 0
    while not state.is_terminal:
        decision = state.decision
        assert decision is not None
        seat = decision.player
        if waiting and opening[seat] is None:
            hand = hand_of(cards, seat)  # type: ignore[arg-type]
            if hand:  # the first decision at which the seat holds cards (a game may deal after a setup pick)
                opening[seat] = hand
                waiting -= 1
        action = bots[seat].act(LazyView(state, seat), decision, rngs[seat])  # a view only if read
        state.apply(action)
        length += 1
        if length > MAX_DECISIONS:  # pragma: no cover - turn caps make this unreachable
            raise RuntimeError(f"game {game_id} seed {seed} did not end after {MAX_DECISIONS} decisions")
    outcome = state.outcome
    assert outcome is not None
    details = dict(outcome.details)
    turns = details.get("turns")
    first = getattr(state, "vars", {}).get("first")
    return GameResult(seed, list(outcome.winners), dict(outcome.scores), outcome.reason, length,
                      int(turns) if isinstance(turns, int) else None, list(bot_specs), details,
                      first=first if type(first) is int else None,
                      cards=None if cards is None else seat_cards(cards, players, opening))


def hand_of(table: CardTable, seat: int) -> list[int]:
    """The catalog indices of the cards in ``seat``'s hand now, each once."""
    return sorted({table.defn[i] for z, d in enumerate(table.decls) if d.hand and d.owner == seat
                   for i in table.zones[z]})


def seat_cards(table: CardTable, players: int, opening: Sequence[list[int] | None]) -> list[SeatCards]:
    """Per seat, from ``table.seen``: the cards of its own that it held and that it played."""
    deck: list[set[int]] = [set() for _ in range(players)]
    drawn: list[set[int]] = [set() for _ in range(players)]
    played: list[set[int]] = [set() for _ in range(players)]
    for i, seen in enumerate(table.seen):
        owner = table.owner[i]
        if seen & DECKED and 0 <= owner < players:
            deck[owner].add(table.defn[i])
            if seen & HELD:
                drawn[owner].add(table.defn[i])
            if seen & PLAYED:
                played[owner].add(table.defn[i])
    return [SeatCards(sorted(deck[s]), opening[s] or [], sorted(drawn[s]), sorted(played[s])) for s in range(players)]


def seat_specs(bot_specs: Sequence[str], index: int, rotate: bool = True) -> list[str]:
    """The seating of game ``index``: with ``rotate``, the specs shift one seat per game.

    Seat ``s`` of game ``i`` gets ``bot_specs[(s - i) % n]``, so over any ``n`` consecutive games every
    spec sits in every seat once and seat effects (turn order relative to the start player) cancel.
    """
    n = len(bot_specs)
    if not rotate:
        return list(bot_specs)
    return [bot_specs[(s - index) % n] for s in range(n)]


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` in a run seeded ``seed``."""
    return mix_seed(seed, index)


class Run(NamedTuple):
    """What every game of a run shares; shipped once with each batch to a worker."""

    game_id: str
    players: int
    bot_specs: list[str]
    seed: int
    options: Mapping[str, Any] | None
    rotate: bool
    plans: tuple[GamePlan, ...] = ()  # when given, game ``i`` follows ``plans[i % len(plans)]``
    record_cards: bool = False
    card_sets: Mapping[str, tuple[str, ...]] = {}  # ``registry.custom_card_sets()`` of the caller


def play_batch(run: Run, indices: list[int]) -> list[tuple[int, GameResult]]:
    """Play games ``indices`` of ``run``: the unit of work of every backend."""
    if run.card_sets:  # a worker process plays the caller's custom cards too
        from ..registry import restore_card_sets

        restore_card_sets(run.card_sets)
    out = []
    for i in indices:
        if run.plans:
            k = i % len(run.plans)
            plan = run.plans[k]
            r = play_game(run.game_id, run.players, plan.bot_specs, game_seed(run.seed, i), plan.options,
                          run.record_cards)
            r.plan = k
        else:
            r = play_game(run.game_id, run.players, seat_specs(run.bot_specs, i, run.rotate),
                          game_seed(run.seed, i), run.options, run.record_cards)
        out.append((i, r))
    return out


BACKENDS = ("processes", "ray")


def run_games(game_id: str, players: int, bot_specs: Sequence[str], games: int, seed: int, jobs: int = 1,
              options: Mapping[str, Any] | None = None, progress: Callable[[int], None] | None = None,
              rotate: bool = True, batch_size: int | None = None, backend: str = "processes",
              ray_address: str | None = None, plans: Sequence[GamePlan] = (),
              record_cards: bool = False) -> list[GameResult]:
    """Play ``games`` games and return their results in game order.

    * Game ``i`` uses seed ``mix_seed(seed, i)``; results depend neither on ``jobs`` nor on ``backend``.
    * ``rotate`` (default on) shifts the bot specs one seat per game (see :func:`seat_specs`).
    * ``jobs > 1`` plays batches of games in parallel: in a process pool (``backend="processes"``) or
      on Ray (``backend="ray"``: a private local instance with ``jobs`` CPUs, or the cluster at
      ``ray_address``, see :mod:`cardtable.sim.ray_backend`). ``batch_size`` defaults to a size that
      gives each worker several batches (so the progress callback moves steadily).
    * ``progress`` is called with the number of games completed so far (cumulative), after every
      batch — e.g. ``lambda done: bar.update(task, completed=done)``.
    * ``plans`` schedules the run: game ``i`` takes its bots and options from ``plans[i % len(plans)]``
      (``bot_specs``, ``options`` and ``rotate`` are then unused); its result says which (``plan``).
    * ``record_cards``: each result also lists the cards each seat held and played (card games).
    """
    if backend not in BACKENDS:
        raise SetupError(f"unknown backend {backend!r}; use one of: {', '.join(BACKENDS)}")
    specs = list(bot_specs)
    if len(specs) != players:
        raise SetupError(f"{players} players need {players} bot specs, got {len(specs)}: {specs}")
    if games < 0:
        raise SetupError(f"the number of games must be 0 or more, not {games}")
    if jobs < 1:
        raise SetupError(f"jobs must be at least 1, not {jobs}")
    # Fail fast on a bad game, player count, options or spec rather than inside a worker.
    game = load_game(game_id)
    for plan in plans:
        if len(plan.bot_specs) != players:
            raise SetupError(f"{players} players need {players} bot specs, got {list(plan.bot_specs)}")
    for opts in ([p.options for p in plans] if plans else [options]):
        game.new_game(seed=0, players=players, options=opts)
    for spec in set(specs) | {s for p in plans for s in p.bot_specs}:
        make_bot(spec, game_id, seed=0)
    results: list[GameResult | None] = [None] * games
    done = 0
    in_this_process = backend == "processes" and (jobs == 1 or games <= 1)
    if in_this_process:
        size = batch_size or max(1, min(50, games // 20 or 1))
    else:
        size = batch_size or max(1, min(200, games // (jobs * 8) or 1))
    batches = [list(range(start, min(games, start + size))) for start in range(0, games, size)]
    from ..registry import custom_card_sets

    run = Run(game_id, players, specs, seed, options, rotate, tuple(plans), record_cards, custom_card_sets())
    finished_batches: Iterator[list[tuple[int, GameResult]]]
    if in_this_process:
        finished_batches = (play_batch(run, batch) for batch in batches)
    elif backend == "processes":
        finished_batches = _in_processes(run, batches, jobs)
    else:
        from .ray_backend import run_batches

        finished_batches = run_batches(run, batches, jobs, ray_address)
    for batch_results in finished_batches:
        for i, r in batch_results:
            results[i] = r
        done += len(batch_results)
        if progress is not None:
            progress(done)
    return [r for r in results if r is not None]


def _in_processes(run: Run, batches: list[list[int]], jobs: int) -> Iterator[list[tuple[int, GameResult]]]:
    """Each batch's results, as soon as it is done, from a local process pool."""
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        pending: set[Future[list[tuple[int, GameResult]]]] = {pool.submit(play_batch, run, batch) for batch in batches}
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for fut in finished:
                yield fut.result()
