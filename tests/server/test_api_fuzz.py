"""The lobby API against its own OpenAPI schema, fuzzed by Schemathesis over real HTTP.

Why: people and scripts send the server anything. Every request, however malformed, must get a
documented status and the one error shape (``{"error": {"code", "message"}}``), never a 500 or a
traceback; a 405 must list the allowed methods. Schemathesis generates valid and invalid requests
from the schema (plus undeclared methods and stateful sequences) and checks every response.

Left out: ``positive_data_acceptance`` — the schema cannot say which player counts and seat kinds a
given game accepts, so a schema-valid ``POST /api/tables`` may rightly get a 422 naming the problem.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import httpx

from .test_bots_and_serve import _free_port


def test_every_fuzzed_request_gets_a_documented_answer_and_never_a_server_error(tmp_path: Path) -> None:
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "cardtable.server", "--port", str(port), "--db", f"sqlite:///{tmp_path / 'fuzz.db'}",
         "--log-level", "warning"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(f"{base}/api/games", timeout=2).raise_for_status()
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline, "the server never answered"
                time.sleep(0.1)
        run = subprocess.run(
            [str(Path(sys.executable).parent / "schemathesis"), "run", f"{base}/api/openapi.json",
             "--checks", "all", "--exclude-checks", "positive_data_acceptance",
             "--max-examples", "40", "--generation-deterministic", "--no-color"],
            cwd=tmp_path, capture_output=True, text=True, timeout=600)
    finally:
        server.terminate()
        _, errors = server.communicate(timeout=30)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "passed" in run.stdout and " 0 passed" not in run.stdout
    assert "Traceback" not in errors, errors[-3000:]
