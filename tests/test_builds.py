"""The compiled build gives the same answers as the pure-Python sources.

Runs only when the imported suanfan is compiled (``suanfan.COMPILED``; CI's second venv): the
pure sources of this checkout (``src`` first on the path of an isolated ``python -I``) and the
installed compiled package score the same 20,000 fixed-seed random hands of each system (MCR:
every form and preset; riichi: every preset; plus shanten), and every ``to_dict()`` (or error)
must be identical.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import suanfan
import suanfan.decompose
from suanfan import _build

HANDS = 20_000
WORKER = Path(__file__).with_name("builds_worker.py")
SRC = Path(__file__).resolve().parents[1] / "src"

pytestmark = pytest.mark.skipif(not _build.COMPILED, reason="pure build: nothing to compare with")


def test_build_is_reported() -> None:
    assert suanfan.BUILD.startswith("compiled, mypyc ")
    assert suanfan.decompose.__file__ is not None
    assert not suanfan.decompose.__file__.endswith(".py")


def test_compiled_and_pure_builds_agree(tmp_path: Path) -> None:
    assert (SRC / "suanfan" / "decompose.py").is_file(), "the pure sources are not next to the tests"
    pure_out, compiled_out = tmp_path / "pure.jsonl", tmp_path / "compiled.jsonl"
    runs = [
        subprocess.Popen([sys.executable, "-I", str(WORKER), str(pure_out), str(HANDS), str(SRC)],
                         cwd=tmp_path, stderr=subprocess.PIPE, text=True),
        subprocess.Popen([sys.executable, "-I", str(WORKER), str(compiled_out), str(HANDS)],
                         cwd=tmp_path, stderr=subprocess.PIPE, text=True),
    ]
    for run in runs:
        _, err = run.communicate(timeout=600)
        assert run.returncode == 0, err
    with pure_out.open(encoding="utf-8") as pure, compiled_out.open(encoding="utf-8") as compiled:
        pure_build, pure_file = json.loads(next(pure))
        compiled_build, compiled_file = json.loads(next(compiled))
        assert pure_build == "pure Python" and pure_file.endswith(".py"), (pure_build, pure_file)
        assert compiled_build == suanfan.BUILD and not compiled_file.endswith(".py"), compiled_file
        n = 0
        for n, (a, b) in enumerate(zip(pure, compiled, strict=True), start=1):
            if a != b:
                what, case, situation, _ = json.loads(a)
                raise AssertionError(
                    f"case {n} ({what} {case} {situation}) differs between the builds:\n"
                    f"pure:     {a}compiled: {b}(all results in {tmp_path})")
    assert n >= 2 * HANDS
    pure_out.unlink()
    compiled_out.unlink()
