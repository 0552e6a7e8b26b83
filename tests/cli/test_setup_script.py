"""scripts/setup on a Debian without python3-venv: installs it as root, else says in one line what to install.

The machine's own Python is replaced by a stub on ``PATH`` whose ``-m venv`` fails the way Debian's
does until "python3-venv" has been "installed" by a stub ``apt-get``; a stub ``id`` plays root or not.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

STUB_PYTHON = """#!/bin/sh
if [ "$1" = "-m" ] && [ "$2" = "venv" ]; then
  if [ -f "$STUB_STATE/installed" ]; then mkdir -p "$3/bin" && cp "$0" "$3/bin/python" && exit 0; fi
  mkdir -p "$3/bin" && cp "$0" "$3/bin/python"   # Debian leaves a half-made venv behind
  echo "The virtual environment was not created successfully because ensurepip is not available." >&2
  exit 1
fi
if [ "$1" = "-m" ] && [ "$2" = "pip" ]; then
  [ -f "$STUB_STATE/installed" ] && exit 0
  echo "No module named pip" >&2; exit 1
fi
if [ "$1" = "-c" ]; then echo 3.11; exit 0; fi
exit 0
"""

STUB_APT = """#!/bin/sh
echo "$*" >> "$STUB_STATE/apt.log"
case "$1" in
  update) touch "$STUB_STATE/updated" ;;
  install) [ -f "$STUB_STATE/updated" ] || exit 100; touch "$STUB_STATE/installed" ;;
esac
"""


def _stubs(tmp_path: Path, uid: int) -> dict[str, str]:
    bin_dir, state = tmp_path / "bin", tmp_path / "state"
    bin_dir.mkdir()
    state.mkdir()
    for name, text in {"python3": STUB_PYTHON, "apt-get": STUB_APT, "id": f"#!/bin/sh\necho {uid}\n"}.items():
        (bin_dir / name).write_text(text)
        (bin_dir / name).chmod(0o755)
    return {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}", "STUB_STATE": str(state), "PYTHON": "python3"}


def _repo_copy(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    (repo / "scripts").mkdir(parents=True)
    for name in ("setup", "ensure-venv"):
        shutil.copy2(ROOT / "scripts" / name, repo / "scripts" / name)
    (repo / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    # the other files the install stamp hashes (a changed kernel is compiled again)
    (repo / "setup.py").write_text("")
    (repo / "src" / "cardtable" / "rl").mkdir(parents=True)
    (repo / "src" / "cardtable" / "rl" / "_kernel.pyx").write_text("")
    return repo


def test_as_a_user_it_says_in_one_line_what_to_install(tmp_path: Path) -> None:
    env, repo = _stubs(tmp_path, uid=1000), _repo_copy(tmp_path)
    done = subprocess.run([str(repo / "scripts" / "setup")], env=env, capture_output=True, text=True, timeout=60)
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode == 2, done.stderr
    assert len(lines) == 1 and "install python3-venv" in lines[0] and "apt-get install python3-venv" in lines[0]
    assert not (tmp_path / "state" / "apt.log").exists()  # no apt-get without root
    assert not (repo / ".venv").exists()  # the half-made venv is not left to fool the next run


def test_as_root_it_installs_python3_venv_and_carries_on(tmp_path: Path) -> None:
    env, repo = _stubs(tmp_path, uid=0), _repo_copy(tmp_path)
    done = subprocess.run([str(repo / "scripts" / "setup")], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    apt = (tmp_path / "state" / "apt.log").read_text().splitlines()
    assert apt[0].startswith("install") and "python3-venv" in apt[0]  # tried first, then with fresh lists
    assert apt[-1].startswith("install") and "update" in apt[1]
    assert (repo / ".venv" / "bin" / "python").exists() and list((repo / ".venv").glob(".installed-*"))


@pytest.mark.parametrize("uid", [0, 1000])
def test_a_working_python_needs_nothing(tmp_path: Path, uid: int) -> None:
    env = _stubs(tmp_path, uid=uid)
    (tmp_path / "state" / "installed").touch()  # venv works
    done = subprocess.run([str(ROOT / "scripts" / "ensure-venv")], env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and done.stderr == ""
    assert not (tmp_path / "state" / "apt.log").exists()
