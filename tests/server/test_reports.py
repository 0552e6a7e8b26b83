"""``/reports/``: the web table shows finished balance reports, under a policy that runs no script."""

from __future__ import annotations

import os
from pathlib import Path

from cardtable.lab.report import render
from cardtable.lab.run import run_lab

from .wsplay import make_client


def test_a_finished_report_is_listed_and_served_without_scripts(sqlite_url: str, tmp_path: Path) -> None:
    folder = tmp_path / "reports"
    folder.mkdir()
    lab = run_lab("call-of-cthulhu", None, 12, ["random"], seed=2)
    (folder / "coc-random.html").write_text(render(lab.figures, {"bots": "random"}), encoding="utf-8")
    (folder / "older.html").write_text("<p>old</p>", encoding="utf-8")
    os.utime(folder / "older.html", (1_000_000, 1_000_000))
    (folder / "notes.txt").write_text("not a report", encoding="utf-8")
    with make_client(sqlite_url, reports_dir=folder) as client:
        listed = client.get("/api/reports").json()
        page = client.get("/reports/")
        report = client.get("/reports/coc-random.html")
    assert [r["name"] for r in listed] == ["coc-random.html", "older.html"], "newest first, .html only"
    assert 'href="/reports/coc-random.html"' in page.text
    assert report.status_code == 200 and "Matchups" in report.text and lab.figures.decks[0] in report.text
    for res in (page, report):
        policy = res.headers["content-security-policy"]
        assert "default-src 'none'" in policy and "script" not in policy, "no script may run in a report"
        assert res.headers["x-content-type-options"] == "nosniff"


def test_names_outside_the_folder_or_not_reports_are_404(sqlite_url: str, tmp_path: Path) -> None:
    folder = tmp_path / "reports"
    folder.mkdir()
    (tmp_path / "secret.html").write_text("TOP-SECRET-CONTENT", encoding="utf-8")
    (folder / "link.html").symlink_to(tmp_path / "secret.html")
    (folder / "notes.txt").write_text("x", encoding="utf-8")
    with make_client(sqlite_url, reports_dir=folder) as client:
        for name in ("..%2Fsecret.html", "link.html", "notes.txt", ".hidden.html", "missing.html", "%2e%2e"):
            res = client.get(f"/reports/{name}")
            assert res.status_code == 404, name
            assert "TOP-SECRET-CONTENT" not in res.text
        assert client.get("/api/reports").json() == []


def test_no_reports_folder_means_an_empty_list(sqlite_url: str, tmp_path: Path) -> None:
    with make_client(sqlite_url, reports_dir=tmp_path / "none") as client:
        assert client.get("/api/reports").json() == []
        assert "No reports yet" in client.get("/reports/").text
