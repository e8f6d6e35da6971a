"""No file of the repository names a path of the machine it was written on (issue 35, part 6):
a working directory, a home directory or a scratch directory under /tmp."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: "/work/…", "/root/…", "/home/…", "/tmp/…" as the start of an absolute path (spelled in pieces
#: so that this file does not match itself)
_ROOTS = ("wo" + "rk", "ro" + "ot", "ho" + "me", "t" + "mp")
MACHINE_PATH = re.compile("(?<![\\w.~-])/(?:" + "|".join(_ROOTS) + r")/\w")
#: files another change is rewriting; each path here is to be removed with it
KNOWN: frozenset[str] = frozenset({"README.md"})


def _tracked() -> list[str]:
    try:
        out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    return [f for f in out.stdout.splitlines() if f not in KNOWN]


def machine_paths(text: str) -> list[str]:
    return [m.group(0) for m in MACHINE_PATH.finditer(text)]


def test_the_pattern_finds_a_machine_path() -> None:
    assert machine_paths("see " + "/wo" + "rk/shared/seeds/003.txt")
    assert machine_paths("PYTHONPATH=" + "/t" + "mp/build/src")
    assert not machine_paths("http://example.org/work/x and src/home/x.py")


def test_no_tracked_file_names_a_machine_path() -> None:
    found = []
    for name in _tracked():
        path = ROOT / name
        if not path.is_file() or path.stat().st_size > 2_000_000:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        found.extend(f"{name}: {p}" for p in machine_paths(text))
    assert found == []
