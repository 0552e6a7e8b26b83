"""Costly requests run off the event loop, capped per request and budgeted per client (issue 22).

These check the mechanism, not a timing: the work happens in another process (or pool thread), a
deck list of a thousand misspelt names costs ten fuzzy matches, and a client that has used its budget
of worker seconds, or has too many costly requests running, is refused while others are not.
``benchmarks/server_flood.py`` measures what this buys in latency.
"""

from __future__ import annotations

import asyncio
import difflib
import os
import time
from typing import Any

import pytest

from cardtable.server import deckformat
from cardtable.server.deckformat import DeckInputError, deck_format, parse_deck_text
from cardtable.server.heavy import HeavyWork
from cardtable.server.limits import RateLimited
from cardtable.server.tables import TableError

from .wsplay import make_client

COC = "call-of-cthulhu"


def _misspelt_list(game: str, lines: int) -> str:
    fmt = deck_format(game)
    assert fmt is not None
    titles = sorted(str(e.get(fmt.title_field, c)) for c, e in fmt.cards.items())
    return "\n".join(f"1 {titles[i % len(titles)]}qq{i}" for i in range(lines))


@pytest.mark.parametrize("game", [COC, "million-arthur", "mythos"])
def test_a_list_of_a_thousand_misspelt_names_costs_ten_fuzzy_matches(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real = difflib.get_close_matches

    def counting(word: str, *args: Any, **kwargs: Any) -> list[str]:
        calls.append(word)
        return real(word, *args, **kwargs)

    monkeypatch.setattr(deckformat.difflib, "get_close_matches", counting)
    fmt = deck_format(game)
    assert fmt is not None
    with pytest.raises(DeckInputError) as err:
        parse_deck_text(fmt, _misspelt_list(game, 1000))
    assert len(calls) == deckformat.MAX_REPORTED == 10
    assert "and 990 more" in str(err.value) and "did you mean" in str(err.value)


def test_deck_imports_checks_and_replays_run_in_a_worker_process_not_on_the_server(sqlite_url: str) -> None:
    with make_client(sqlite_url, bot_executor="process") as client:
        heavy: HeavyWork = client.app.state.heavy  # type: ignore[attr-defined]
        res = client.post(f"/api/games/{COC}/deck-import", json={"text": _misspelt_list(COC, 50)})
        assert res.status_code == 422 and res.json()["error"]["code"] == "bad_deck_text"
        assert heavy.last_pid is not None and heavy.last_pid != os.getpid()
        fmt = client.get(f"/api/games/{COC}/deck-format").json()
        heavy.last_pid = None
        res = client.post(f"/api/games/{COC}/deck-check", json={"sections": fmt["ready"][0]["sections"]})
        assert res.status_code == 200 and res.json()["legal"] is True
        assert heavy.last_pid is not None and heavy.last_pid != os.getpid()
        table = client.post("/api/tables", json={"game": "two-mists", "players": 3, "seats": ["random"] * 3,
                                                 "seed": 3, "practice": True}).json()
        deadline = time.monotonic() + 60
        while client.get(f"/api/tables/{table['table_id']}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.1)
        heavy.last_pid = None
        res = client.get(f"/api/tables/{table['table_id']}/replay?seat=0&upto=2")
        assert res.status_code == 200 and res.json()["seq"] == 2
        assert heavy.last_pid is not None and heavy.last_pid != os.getpid()


def test_a_client_past_its_budget_of_worker_seconds_gets_429_and_others_do_not(sqlite_url: str) -> None:
    with make_client(sqlite_url, limits={"heavy_budget": 0.001}) as client:
        body = {"text": _misspelt_list(COC, 300)}
        first = client.post(f"/api/games/{COC}/deck-import", json=body)
        assert first.status_code == 422  # done, and its cost (well over a millisecond) counted
        second = client.post(f"/api/games/{COC}/deck-import", json=body)
        assert second.status_code == 429 and second.json()["error"]["code"] == "rate_limited"
        assert "server time" in second.json()["error"]["message"] and int(second.headers["Retry-After"]) >= 1
        assert client.post(f"/api/games/{COC}/deck-check", json={"sections": {"main": {}}}).status_code == 429
        heavy: HeavyWork = client.app.state.heavy  # type: ignore[attr-defined]
        heavy._spent.clear()  # the window passed (as another client would be, it is not counted)
        assert client.post(f"/api/games/{COC}/deck-check", json={"sections": {"main": {}}}).status_code == 200


def _burn(seconds: float) -> str:
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass
    return "done"


def test_concurrent_costly_requests_are_bounded_per_client_and_in_all() -> None:
    async def scenario() -> None:
        heavy = HeavyWork("thread", workers=1, queue=3, per_client=2, budget=0, window=60)
        try:
            a1 = asyncio.ensure_future(heavy.run("a", _burn, 0.2))
            a2 = asyncio.ensure_future(heavy.run("a", _burn, 0.2))
            await asyncio.sleep(0.01)
            with pytest.raises(RateLimited):  # a third of the same client's, while two run
                await heavy.run("a", _burn, 0.01)
            b1 = asyncio.ensure_future(heavy.run("b", _burn, 0.01))
            await asyncio.sleep(0.01)
            with pytest.raises(TableError) as busy:  # everyone's queue is full: 503
                await heavy.run("c", _burn, 0.01)
            assert busy.value.status == 503 and busy.value.code == "busy"
            assert await asyncio.gather(a1, a2, b1) == ["done"] * 3
            assert await heavy.run("c", _burn, 0.01) == "done"  # room again
        finally:
            heavy.close()

    asyncio.run(scenario())


def test_a_refusal_inside_a_worker_comes_back_as_the_same_error() -> None:
    async def scenario() -> None:
        heavy = HeavyWork("process", workers=1, queue=4, per_client=2, budget=0, window=60)
        try:
            from cardtable.server import heavy_jobs

            with pytest.raises(TableError) as err:
                await heavy.run("a", heavy_jobs.import_deck, COC, "1 No Such Card Anywhere", 250)
            assert (err.value.status, err.value.code) == (422, "bad_deck_text")
            assert "line 1" in err.value.message
        finally:
            heavy.close()

    asyncio.run(scenario())
