"""Finished balance-lab reports, served by the web table (``/reports/``).

Why a folder and not the database: a report is a finished, self-contained HTML file that
``cardtable simulate --report`` writes wherever it is told; the server only lists the ``.html`` files
of its reports folder and hands them out. Every page goes out under a policy that forbids scripts,
frames, forms and any fetch (``Content-Security-Policy``): a report is data, and a file dropped
into the folder by mistake cannot run in the table's origin. Names are checked against a strict
pattern and must be plain files directly in the folder, so no path leads outside it.
"""

from __future__ import annotations

import re
import time
from html import escape
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.responses import FileResponse, HTMLResponse

from .tables import TableError

REPORT_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,120}\.html?$")
MAX_LISTED = 500  # the index lists the newest this many
# No script, no frame, no form, nothing fetched: only the report's own inline styles and SVG.
REPORT_POLICY = ("default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; "
                 "form-action 'none'; frame-ancestors 'none'")
HEADERS = {"Content-Security-Policy": REPORT_POLICY, "X-Content-Type-Options": "nosniff",
           "Referrer-Policy": "no-referrer", "Cache-Control": "no-cache"}


def report_files(folder: Path) -> list[Path]:
    """The reports in ``folder``, newest first (none when the folder does not exist)."""
    if not folder.is_dir():
        return []
    found = [p for p in folder.iterdir() if REPORT_NAME.match(p.name) and p.is_file() and not p.is_symlink()]
    return sorted(found, key=lambda p: (-p.stat().st_mtime, p.name))[:MAX_LISTED]


def install_reports(app: FastAPI, folder: Path) -> None:
    """Add ``GET /reports/`` (the list, as a page), ``/api/reports`` (as JSON) and ``/reports/{name}``."""

    @app.get("/api/reports")
    async def list_reports() -> list[dict[str, Any]]:
        """The finished balance reports the server holds, newest first."""
        return [{"name": p.name, "url": f"/reports/{p.name}", "bytes": p.stat().st_size,
                 "modified": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(p.stat().st_mtime))}
                for p in report_files(folder)]

    @app.get("/reports/", include_in_schema=False)
    async def reports_page() -> HTMLResponse:
        files = report_files(folder)
        items = "".join(f'<li><a href="/reports/{escape(p.name)}">{escape(p.stem)}</a> '
                        f'<small>{time.strftime("%Y-%m-%d %H:%M", time.gmtime(p.stat().st_mtime))} UTC</small></li>'
                        for p in files)
        body = (f"<ul>{items}</ul>" if items else
                "<p>No reports yet. Write one into this server's reports folder with "
                "<code>cardtable simulate GAME --decks all --games 2000 --report reports/NAME.html</code>.</p>")
        page = ('<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" '
                'content="width=device-width,initial-scale=1"><title>Balance reports</title>'
                "<style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}"
                "li{margin:.4rem 0}small{color:#555}</style></head><body><main><h1>Balance reports</h1>"
                f'{body}<p><a href="/">Back to the lobby</a></p></main></body></html>')
        return HTMLResponse(page, headers=HEADERS)

    @app.get("/reports/{name}", include_in_schema=False)
    async def report(name: str) -> FileResponse:
        path = folder / name
        if not REPORT_NAME.match(name) or not path.is_file() or path.is_symlink() or path.parent != folder:
            raise TableError(404, "no_report", f"there is no report {name!r}; see /reports/ for the list")
        return FileResponse(path, media_type="text/html", headers=HEADERS)
