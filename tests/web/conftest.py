"""Fixtures for the browser tests: a real server (uvicorn in a subprocess) and Debian's Chromium.

The server is the production one, ``cardtable.server.app.create_app("sqlite:///…")``, started on a free
loopback port; one test restarts it on the same database file. Chromium comes from Debian
(``apt-get install chromium fonts-liberation``) because Playwright's own browser download is not
available here; a missing browser makes the tests FAIL, never skip.
"""

from __future__ import annotations

import importlib.util
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Iterator

import httpx
import pytest

CHROMIUM = os.environ.get("CARDTABLE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
]
SHOTS = Path(os.environ.get("CARDTABLE_SHOTS", "/tmp/shots"))
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
# A phone as Chromium emulates one: touch events, a mobile viewport (a page wider than the screen would
# make innerWidth grow, so tests compare with PHONE["width"]).
PHONE_OPTIONS = {"has_touch": True, "is_mobile": True, "device_scale_factor": 2}

_SERVER_CODE = """
import sys, uvicorn
from cardtable.server.app import create_app
uvicorn.run(create_app(sys.argv[1]), host="127.0.0.1", port=int(sys.argv[2]), log_level="warning",
            ws_max_size=1024 * 1024, timeout_graceful_shutdown=3)
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """One uvicorn process serving ``create_app(db_url)``; ``restart()`` keeps the port and database."""

    def __init__(self, db_path: Path, port: int | None = None) -> None:
        self.db_path = db_path
        self.db_url = f"sqlite:///{db_path}"
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None
        self.log_path = db_path.with_suffix(".log")

    def start(self, timeout: float = 45.0) -> "Server":
        log = open(self.log_path, "ab")
        # the browser tests create many tables from one address: lift the per-client limits
        env = {**os.environ, "CARDTABLE_CREATE_RATE": "0", "CARDTABLE_JOIN_RATE": "0",
               "CARDTABLE_MAX_WAITING_TABLES": "0"}
        self.proc = subprocess.Popen([sys.executable, "-c", _SERVER_CODE, self.db_url, str(self.port)],
                                     stdout=log, stderr=subprocess.STDOUT, start_new_session=True, env=env)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                pytest.fail(f"the server exited with {self.proc.returncode}:\n{self.log_path.read_text()[-3000:]}")
            try:
                if httpx.get(self.url + "/api/games", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.stop()
        pytest.fail(f"the server did not answer within {timeout}s:\n{self.log_path.read_text()[-3000:]}")

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None or proc.poll() is not None:
            return
        os.killpg(proc.pid, signal.SIGTERM)  # its own session: the server and its bot workers
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=5)

    def restart(self) -> None:
        self.stop()
        self.start()

    # --- HTTP helpers -------------------------------------------------------------------------------
    def api(self, method: str, path: str, **kw: Any) -> Any:
        res = httpx.request(method, self.url + path, timeout=10, **kw)
        assert res.status_code < 400, f"{method} {path}: {res.status_code} {res.text}"
        return res.json()

    def create_table(self, seats: list[str], seed: int | None = None, **extra: Any) -> dict[str, Any]:
        body: dict[str, Any] = {"game": "two-mists", "players": len(seats), "seats": seats, **extra}
        if seed is not None:
            body.update(seed=seed, practice=True)  # a chosen seed needs a practice table
        return self.api("POST", "/api/tables", json=body)


def _require_server_module() -> None:
    if importlib.util.find_spec("cardtable.server") is None or importlib.util.find_spec("cardtable.server.app") is None:
        pytest.fail("cardtable.server.app is missing: the web tests need the real server (docs/protocol.md)")


@pytest.fixture(scope="session")
def workdir() -> Iterator[Path]:
    path = Path(tempfile.mkdtemp(prefix="cardtable-web-"))
    yield path


@pytest.fixture(scope="session")
def server(workdir: Path) -> Iterator[Server]:
    """A server shared by the tests that do not restart it."""
    _require_server_module()
    srv = Server(workdir / "shared.db").start()
    yield srv
    srv.stop()


@pytest.fixture
def make_server(workdir: Path) -> Iterator[Callable[[], Server]]:
    """A factory of private servers (each with its own database file), stopped after the test."""
    _require_server_module()
    made: list[Server] = []

    def make() -> Server:
        srv = Server(workdir / f"private-{len(made)}-{time.monotonic_ns()}.db").start()
        made.append(srv)
        return srv

    yield make
    for srv in made:
        srv.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"no Chromium at {CHROMIUM}: apt-get install -y chromium fonts-liberation")
    from playwright.sync_api import sync_playwright

    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


class PageErrors:
    """JavaScript errors seen on the pages of one test (they fail it)."""

    def __init__(self) -> None:
        self.errors: list[str] = []

    def watch(self, page: Any) -> Any:
        page.on("pageerror", lambda err: self.errors.append(f"{page.url}: {err}"))
        page.on("console", lambda msg: self.errors.append(f"{page.url}: {msg.text}")
                if msg.type == "error" and "Content Security Policy" in msg.text else None)  # blocked by the CSP
        return page


# The guided first game (tour.js) would greet every fresh context at a card-game table; tests of other
# features switch it off as a returning player would have it (``new_page(tour=True)`` keeps it).
NO_TOUR_JS = "try { localStorage.setItem('cardtable.tour', 'off'); } catch (e) {}"


@pytest.fixture
def new_page(browser: Any) -> Iterator[Callable[..., Any]]:
    """``new_page(viewport=LAPTOP, tour=False, **context_options)``: a page in a fresh browser context (own
    storage, like another person); the options go to ``browser.new_context`` (e.g. ``has_touch=True,
    is_mobile=True``). The first-game tour is off unless ``tour=True``."""
    contexts: list[Any] = []
    errors = PageErrors()

    def make(viewport: dict[str, int] | None = None, tour: bool = False, **options: Any) -> Any:
        ctx = browser.new_context(viewport=viewport or LAPTOP, **options)
        if not tour:
            ctx.add_init_script(NO_TOUR_JS)
        ctx.set_default_timeout(20000)
        contexts.append(ctx)
        return errors.watch(ctx.new_page())

    yield make
    for ctx in contexts:
        ctx.close()
    assert not errors.errors, "JavaScript errors:\n" + "\n".join(errors.errors)
