"""``suanfan replay`` given directories and ``--files-from``: the walk (sorted, recursive, lazy,
symlink loops), what is skipped and counted, the list's syntax and errors, --jobs."""

from __future__ import annotations

import gzip
import io
import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from suanfan.cli import main
from suanfan.commands import logfiles
from suanfan.commands.logfiles import LogFiles, log_format

DATA = Path(__file__).resolve().parents[1] / "data"
LOGS = DATA / "tenhou" / "logs"
PAO = LOGS / "dnovikoff" / "pao.xml"
SANMA = LOGS / "dnovikoff" / "sanma2.xml"
MJAI = DATA / "logs" / "mjai" / "double-ron.jsonl"
T6 = DATA / "logs" / "tenhou6" / "chankan.json"
BOTZONE = DATA / "logs" / "botzone" / "huang.txt"


def _tree(root: Path) -> Path:
    """A folder of logs in every format (one gzip-compressed), and files that are not logs."""
    (root / "b" / "deep").mkdir(parents=True)
    (root / "a").mkdir()
    shutil.copy(PAO, root / "b" / "pao.xml")
    (root / "b" / "deep" / "sanma.mjlog").write_bytes(gzip.compress(SANMA.read_bytes()))
    shutil.copy(MJAI, root / "a" / "z.jsonl")
    shutil.copy(T6, root / "a" / "chankan.json")
    shutil.copy(BOTZONE, root / "c-botzone.txt")
    (root / "README.md").write_text("# logs\n", encoding="utf-8")
    (root / "a" / "make.py").write_text("print(1)\n", encoding="utf-8")
    (root / "a" / "page.html").write_text("<html><body/></html>\n", encoding="utf-8")
    (root / "b" / "empty").write_bytes(b"")
    (root / "b" / "other.json").write_text('{"x": 1}\n', encoding="utf-8")
    # JSON Lines with a "type", JSON with a "log": not an mjai or a tenhou.net/6 log
    (root / "b" / "events.jsonl").write_text('{"type": "click"}\n{"type": "key"}\n',
                                             encoding="utf-8")
    (root / "b" / "index.jsonl").write_text('{"log": "pao.xml", "wins": 4}\n', encoding="utf-8")
    return root


def test_walk_sorted_recursive_and_skipped(tmp_path: Path) -> None:
    root = _tree(tmp_path / "logs")
    files = LogFiles([str(root)])
    got = [os.path.relpath(p, root) for p in files]
    assert got == [os.path.join("a", "chankan.json"), os.path.join("a", "z.jsonl"),
                   os.path.join("b", "deep", "sanma.mjlog"), os.path.join("b", "pao.xml"),
                   "c-botzone.txt"]
    assert (files.skipped, files.given) == (7, 5)  # README, make.py, page.html, empty, other.json,
    # events.jsonl, index.jsonl
    assert log_format(str(root / "b" / "deep" / "sanma.mjlog")) == "tenhou-xml"
    assert log_format(str(root / "a" / "page.html")) == ""


def test_walk_is_lazy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first file comes before the later folders are listed (one listing at a time)."""
    for i in range(3):
        (tmp_path / f"d{i}").mkdir()
        shutil.copy(PAO, tmp_path / f"d{i}" / "pao.xml")
    listed: list[str] = []
    scandir = os.scandir

    def spy(path: str) -> Any:
        listed.append(os.path.basename(path))
        return scandir(path)

    monkeypatch.setattr(logfiles.os, "scandir", spy)
    it = iter(LogFiles([str(tmp_path)]))
    assert os.path.basename(os.path.dirname(next(it))) == "d0"
    assert listed == [tmp_path.name, "d0"]
    assert len(list(it)) == 2 and listed[-1] == "d2"


def test_symlink_loop_ends(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    shutil.copy(PAO, tmp_path / "a" / "pao.xml")
    os.symlink(tmp_path, tmp_path / "a" / "up")  # a -> .. -> a ...
    os.symlink(tmp_path / "a", tmp_path / "same")
    files = list(LogFiles([str(tmp_path)]))
    assert [os.path.relpath(p, tmp_path) for p in files] == [os.path.join("a", "pao.xml")]


def test_replay_a_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _tree(tmp_path / "logs")
    assert main(["replay", str(root)]) == 0
    out = capsys.readouterr()
    assert out.out.splitlines()[-1] == ("5 games, 12 wins: 12 reproduced, 0 differ; "
                                        "7 files skipped: not logs")
    assert out.err == ""
    assert main(["replay", "--json", str(root)]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert lines[-1]["summary"]["skipped"] == 7
    assert {Path(d["file"]).name for d in lines[:-1]} == \
        {"chankan.json", "z.jsonl", "sanma.mjlog", "pao.xml"}  # the Botzone match: a draw
    # --jobs: the same lines in the same order, the files streamed into the pool's window
    assert main(["replay", "--json", "-j", "2", str(root)]) == 0
    assert [json.loads(x) for x in capsys.readouterr().out.splitlines()] == lines


def test_broken_files_in_a_directory_are_reported(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(PAO, tmp_path / "pao.xml")
    (tmp_path / "cut.mjlog.gz").write_bytes(gzip.compress(PAO.read_bytes())[:100])
    (tmp_path / "cut.xml").write_text(PAO.read_text(encoding="utf-8")[:2000], encoding="utf-8")
    assert main(["replay", str(tmp_path)]) == 2
    out = capsys.readouterr()
    err = out.err.splitlines()
    assert len(err) == 2 and all(x.startswith("suanfan: error: ") for x in err)
    assert "cut.mjlog.gz" in err[0] and "gzip" in err[0] and "cut.xml" in err[1]
    # the cut gzip file is lost; the cut XML keeps the rounds before the cut (none finished
    # here) and reports the round it cuts
    assert out.out.splitlines()[-1] == ("2 games, 4 wins: 4 reproduced, 0 differ; 1 file "
                                        "unreadable; 1 round unreadable")


def test_files_from(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                    monkeypatch: pytest.MonkeyPatch) -> None:
    root = _tree(tmp_path / "logs")
    listing = tmp_path / "list.txt"
    listing.write_text("# the logs to replay\n\n  logs/b/pao.xml  \nlogs/a\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)  # the listed paths are relative to the current directory
    assert main(["replay", "--json", "--files-from", "list.txt", str(MJAI)]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    # the FILE arguments first, then the list (a folder in it walked)
    assert [Path(d["file"]).name for d in lines[:-1]] == \
        ["double-ron.jsonl"] * 2 + ["pao.xml"] * 4 + ["chankan.json"] + ["z.jsonl"] * 2
    assert lines[-1]["summary"] == {"games": 4, "wins": 9, "equal": 9, "differ": 0,
                                    "refused": 0, "conflicts": 0, "unreadable": 0,
                                    "unreadable_rounds": 0, "skipped": 2}
    # standard input
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{root / 'b' / 'pao.xml'}\n"))
    assert main(["replay", "--files-from", "-"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1 game, 4 wins: 4 reproduced, 0 differ"
    del root


def test_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay"]) == 2
    err = capsys.readouterr().err
    assert err == ("suanfan: error: replay: no logs given: name files or directories, or "
                   "--files-from LIST\n")
    missing = tmp_path / "nope.txt"
    assert main(["replay", "--files-from", str(missing)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"suanfan: error: --files-from {missing}: cannot read the list")
    # a file named (on the command line or in a list) that is not a log stays an error
    notes = tmp_path / "README.md"
    notes.write_text("# hello\n", encoding="utf-8")
    listing = tmp_path / "list.txt"
    listing.write_text(f"{notes}\n{tmp_path / 'gone.xml'}\n", encoding="utf-8")
    assert main(["replay", "--files-from", str(listing)]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 2 and "README.md" in lines[0] and "not a log format" in lines[0]
    assert "gone.xml" in lines[1] and "No such file" in lines[1]
