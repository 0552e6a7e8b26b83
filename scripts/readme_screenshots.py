#!/usr/bin/env python3
"""Screenshots of the web table for the README: one seeded practice game of each game, a few moves in.

Starts its own server (a temporary SQLite database, a free loopback port), opens a practice table of each
of the four games with seat 0 a person and the others heuristic bots, clicks a few highlighted moves (the
same seeds and moves every run, so the pictures change only when the table's look does) and writes
``docs/screenshots/<game>-desktop.png`` (1280×800) and ``<game>-phone.png`` (390×844). It also prints
each page's height at those sizes (``document.scrollHeight``: how much a person would scroll).

    PYTHONPATH=src python scripts/readme_screenshots.py [--out docs/screenshots] [--games mythos,...]
    PYTHONPATH=src python scripts/readme_screenshots.py --measure   # heights only, no files
    PYTHONPATH=src python scripts/readme_screenshots.py --out /tmp/late --moves 40   # a later position

Needs Debian's Chromium (``CARDTABLE_CHROMIUM`` to use another) and Playwright, as the browser tests do.
PNGs are written with a reduced palette when Pillow is installed, to keep each under about 250 KB.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

CHROMIUM = os.environ.get("CARDTABLE_CHROMIUM", "/usr/bin/chromium")
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
# game -> (seats, seed, moves to click before the picture)
GAMES: dict[str, tuple[list[str], int, int]] = {
    "call-of-cthulhu": (["human", "heuristic"], 4, 10),
    "million-arthur": (["human", "heuristic"], 2, 8),
    "mythos": (["human", "heuristic"], 4, 8),
    "two-mists": (["human", "heuristic", "heuristic", "heuristic"], 3, 3),
}
SERVER_CODE = """
import sys, uvicorn
from cardtable.server.app import create_app
uvicorn.run(create_app(sys.argv[1]), host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
"""
# Cards first (a picture with cards played says more than one of passes), then any highlighted option.
CARDS = "#board .ct-card.ct-pickable"
ANY = "#board [data-option], #board .ct-card.ct-pickable"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {**os.environ, "CARDTABLE_CREATE_RATE": "0", "CARDTABLE_JOIN_RATE": "0"}
    proc = subprocess.Popen([sys.executable, "-c", SERVER_CODE, f"sqlite:///{db}", str(port)],
                            start_new_session=True, env=env)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 45
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "/api/games", timeout=1).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    os.killpg(proc.pid, signal.SIGTERM)
    raise SystemExit("the server did not start")


def mine(page: Any) -> bool:
    return bool(page.evaluate("() => { const a = window.cardtable.app; return !!(a.frame && a.frame.decision"
                              " && !a.pending && !a.sequence) && !document.querySelector('[data-testid=outcome]'); }"))


def click_moves(page: Any, moves: int, rng: random.Random) -> None:
    """Click ``moves`` highlighted options (a card when one is offered), each once the game moved on."""
    made = 0
    deadline = time.monotonic() + 120
    while made < moves and time.monotonic() < deadline:
        if page.locator('[data-testid="outcome"]').count():
            return
        if not mine(page):
            time.sleep(0.1)
            continue
        seq = page.evaluate("() => window.cardtable.app.frame.seq")
        cards = page.locator(CARDS)
        target = cards.nth(rng.randrange(cards.count())) if cards.count() else None
        if target is None:
            options = page.locator(ANY)
            target = options.nth(rng.randrange(options.count()))
        target.click()
        selection = page.locator('[data-testid="selection"] [data-option]')
        if selection.count():
            selection.first.click()
        confirm = page.locator('[data-testid="multi-confirm"]')
        if confirm.count() and confirm.is_enabled():
            confirm.click()
        page.wait_for_function("(seq) => { const a = window.cardtable.app; return !a.pending && a.frame.seq !== seq; }",
                               arg=seq, timeout=30000)
        made += 1
    # the position the picture shows: the person's own decision (the bots have moved)
    end = time.monotonic() + 20
    while not mine(page) and time.monotonic() < end and not page.locator('[data-testid="outcome"]').count():
        time.sleep(0.1)


def save_png(page: Any, path: Path) -> int:
    data = page.screenshot()
    try:
        from PIL import Image  # optional: a 256-colour PNG is a third of the size and looks the same here

        img = Image.open(io.BytesIO(data)).convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT)
        out = io.BytesIO()
        img.save(out, format="PNG", optimize=True)
        data = out.getvalue()
    except ImportError:
        pass
    path.write_bytes(data)
    return len(data)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default="docs/screenshots", help="folder for the PNG files")
    ap.add_argument("--games", default=",".join(GAMES), help="comma-separated game ids")
    ap.add_argument("--measure", action="store_true", help="print the page heights only, write no file")
    ap.add_argument("--moves", type=int, default=None,
                    help="moves to click before each picture (default: each game's own; more shows a later position)")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    out = Path(args.out)
    if not args.measure:
        out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="cardtable-shots-") as tmp:
        proc, url = start_server(Path(tmp) / "shots.db")
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
                for game in args.games.split(","):
                    seats, seed, moves = GAMES[game]
                    moves = moves if args.moves is None else args.moves
                    for size, viewport, extra in (("desktop", DESKTOP, {}),
                                                  ("phone", PHONE, {"has_touch": True, "is_mobile": True,
                                                                    "device_scale_factor": 1})):
                        created = httpx.post(url + "/api/tables", json={"game": game, "players": len(seats),
                                             "seats": seats, "seed": seed, "practice": True}, timeout=10).json()
                        ctx = browser.new_context(viewport=viewport, **extra)
                        ctx.add_init_script("try { localStorage.setItem('cardtable.tour', 'off'); } catch (e) {}")
                        page = ctx.new_page()
                        page.goto(f"{url}/table/{created['table_id']}?token={created['seats'][0]['token']}")
                        page.wait_for_function("() => window.cardtable && window.cardtable.app.frame")
                        click_moves(page, moves, random.Random(seed))
                        page.mouse.move(0, 0)
                        page.evaluate("() => window.scrollTo(0, 0)")
                        page.wait_for_timeout(300)
                        height = page.evaluate("() => document.documentElement.scrollHeight")
                        width = page.evaluate("() => document.documentElement.scrollWidth")
                        line = f"{game:16} {size:7} page {width}×{height} (viewport {viewport['width']}×{viewport['height']})"
                        if not args.measure:
                            path = out / f"{game}-{size}.png"
                            line += f"  {path} {save_png(page, path) // 1024} KB"
                        print(line, flush=True)
                        ctx.close()
                browser.close()
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=15)


if __name__ == "__main__":
    main()
