"""axe-core in the browser tests: installed from the npm registry on first use, never committed.

``tests/web/axe/package.json`` pins the version and ``package-lock.json`` its checksum; the first test
that needs axe runs ``npm ci`` there (a few seconds, once per machine), so a fresh clone needs nothing
but Node.js and npm (Debian's ``nodejs`` package brings both). ``node_modules`` is git-ignored.
"""

from __future__ import annotations

import shutil
import subprocess
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

AXE_DIR = Path(__file__).resolve().parent / "axe"
AXE_JS = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"
# Findings of these impacts fail a test ("moderate" and "minor" are reported by axe but not held against us).
BLOCKING = ("serious", "critical")


@lru_cache(maxsize=1)
def axe_source() -> str:
    """The text of axe.min.js, installing the pinned axe-core with ``npm ci`` when it is not there yet."""
    if not AXE_JS.exists():
        npm = shutil.which("npm")
        if npm is None:
            pytest.fail("the accessibility tests need npm to install axe-core: apt-get install -y nodejs npm")
        done = subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=AXE_DIR,
                              capture_output=True, text=True, timeout=300)
        if done.returncode != 0 or not AXE_JS.exists():
            pytest.fail(f"npm ci in {AXE_DIR} failed ({done.returncode}):\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    return AXE_JS.read_text(encoding="utf-8")


def axe_findings(page: Any, impacts: tuple[str, ...] = BLOCKING) -> list[dict[str, Any]]:
    """Run axe on the page as it is now; the violations of the given impacts, one entry per rule.

    axe is evaluated through the DevTools protocol, which the page's Content-Security-Policy does not
    restrict, so the page is tested with the headers it is served with.
    """
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_source() + "\n;undefined")
    result = page.evaluate("""async () => {
      const r = await window.axe.run(document, {resultTypes: ['violations']});
      return r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map((n) => ({target: n.target.join(' '), summary: n.failureSummary,
                                   html: n.html.slice(0, 160)}))}));
    }""")
    return [v for v in result if v["impact"] in impacts]


def describe(findings: list[dict[str, Any]]) -> str:
    lines = []
    for f in findings:
        lines.append(f"{f['impact']}: {f['id']} - {f['help']}")
        for n in f["nodes"][:6]:
            lines.append(f"    {n['target']}: {n['html']}\n      {n['summary']}".replace("\n", "\n      "))
    return "\n".join(lines)


def assert_accessible(page: Any, where: str) -> None:
    findings = axe_findings(page)
    assert not findings, f"axe finds serious problems on the {where}:\n{describe(findings)}"
