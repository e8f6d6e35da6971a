"""Every command's files (issue 31, items 5-7): input that is not UTF-8, lines with no end,
named pipes and devices (skipped in folders with a note, refused when named: exit status 2, never
a wait or an internal error), output files with the umask's permissions that never replace a
symbolic link or a device."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from suanfan.cli import main

if sys.platform == "win32":
    pytest.skip("named pipes, devices and umasks are POSIX", allow_module_level=True)

DATA = Path(__file__).resolve().parent / "data"
PAO = DATA / "tenhou" / "logs" / "dnovikoff" / "pao.xml"
T6 = DATA / "logs" / "tenhou6" / "chankan.json"
HAND = '{"hand": "123m456p789s11122z"}\n'
RUN = [sys.executable, "-m", "suanfan"]


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    p = tmp_path / "pipe.json"
    os.mkfifo(p)
    return p


@pytest.fixture
def umask() -> Iterator[None]:
    old = os.umask(0o027)
    try:
        yield
    finally:
        os.umask(old)


def _err(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert "internal error" not in err and "Traceback" not in err, err
    return err


# -- batch ----------------------------------------------------------------------------------------
def test_batch_refuses_a_device_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["batch", "/dev/zero", "--jobs", "1"]) == 2
    assert "/dev/zero: not read: it is a character device" in _err(capsys)


def test_batch_on_a_line_with_no_end_stops_at_256_kib() -> None:
    # before: the whole line was read before its length was checked (MemoryError, exit 70)
    with open("/dev/zero", "rb") as zero:
        done = subprocess.run([*RUN, "batch", "--jobs", "1"], stdin=zero, capture_output=True,
                              text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert "standard input: line 1 is longer than 262144 bytes" in done.stderr


def test_batch_refuses_text_that_is_not_utf8(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "hands.jsonl"
    bad.write_bytes(HAND.encode() + b'{"hand": "\xff"}\n')
    assert main(["batch", str(bad), "--jobs", "1", "-o", str(tmp_path / "out.jsonl")]) == 2
    assert "line 2: not UTF-8" in _err(capsys)
    assert not (tmp_path / "out.jsonl").exists()  # no half-written output


def test_batch_reads_a_pipe(fifo: Path, tmp_path: Path) -> None:
    writer = threading.Thread(target=fifo.write_text, args=(HAND,))
    writer.start()
    out = tmp_path / "out.jsonl"
    assert main(["batch", str(fifo), "--jobs", "1", "-o", str(out)]) == 0
    writer.join()
    assert '"total"' in out.read_text(encoding="utf-8")


# -- tournament players -----------------------------------------------------------------------
@pytest.fixture
def tournament(tmp_path: Path) -> Path:
    db = tmp_path / "t.db"
    assert main(["tournament", "create", str(db), "--name", "T"]) == 0
    return db


def test_players_csv_not_utf8_is_exit_2(tournament: Path, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    csv = tmp_path / "players.csv"
    csv.write_bytes("name,club\nJosé,Lyon\n".encode("latin-1"))
    assert main(["tournament", "players", str(tournament), "--import", str(csv)]) == 2
    assert "players.csv: line 2: not UTF-8" in _err(capsys)


def test_players_csv_device_or_too_long_is_exit_2(
        tournament: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "players", str(tournament), "--import", "/dev/zero"]) == 2
    assert "character device" in _err(capsys)
    with open("/dev/zero", "rb") as zero:
        done = subprocess.run([*RUN, "tournament", "players", str(tournament), "--import", "-"],
                              stdin=zero, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "longer than 1000000 bytes" in done.stderr, done.stderr


def test_players_csv_with_a_byte_order_mark(tournament: Path, tmp_path: Path) -> None:
    csv = tmp_path / "players.csv"
    csv.write_bytes("\ufeffname\nJosé\n".encode())
    assert main(["tournament", "players", str(tournament), "--import", str(csv), "--json"]) == 0


# -- replay and convert: pipes in folders and named ---------------------------------------------
def _folder_with_a_pipe(tmp_path: Path) -> Path:
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "pao.xml").write_bytes(PAO.read_bytes())
    os.mkfifo(logs / "a-pipe.xml")
    return logs


def test_replay_skips_a_pipe_in_a_folder_with_a_note() -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        logs = _folder_with_a_pipe(Path(d))
        done = subprocess.run([*RUN, "replay", str(logs)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "a-pipe.xml: skipped: a named pipe, not a regular file" in done.stderr
    assert "1 games" in done.stdout or "1 game" in done.stdout


def test_convert_skips_a_pipe_in_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    logs = _folder_with_a_pipe(tmp_path)
    assert main(["convert", str(logs), "--to", "tenhou6", "--output-dir", str(tmp_path / "out")]) == 0
    assert "skipped: a named pipe" in _err(capsys)
    assert (tmp_path / "out" / "pao.json").exists()


@pytest.mark.parametrize("fmt", ["auto", "mjai"])
def test_a_pipe_or_device_named_is_refused(fifo: Path, capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    for args in (["replay", str(fifo)], ["convert", str(fifo), "--to", "mjai"],
                 ["replay", "/dev/zero"], ["convert", "/dev/zero", "--to", "tenhou6"]):
        assert main([*args, "--format", fmt]) == 2, args
        assert "not a regular file" in _err(capsys)


def test_a_pipe_in_files_from_is_refused(
        fifo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    listing = tmp_path / "list.txt"
    listing.write_text(f"{fifo}\n", encoding="utf-8")
    assert main(["replay", "--files-from", str(listing)]) == 2
    assert "pipe.json: not read: it is a named pipe" in _err(capsys)


def test_files_from_reads_a_pipe_and_refuses_a_line_with_no_end(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    listing = tmp_path / "list"
    os.mkfifo(listing)
    writer = threading.Thread(target=listing.write_text, args=(f"{T6}\n",))  # as <(find ...)
    writer.start()
    assert main(["replay", "--files-from", str(listing)]) == 0
    writer.join()
    capsys.readouterr()
    assert main(["replay", "--files-from", "/dev/zero"]) == 2
    assert "character device" in _err(capsys)
    long = tmp_path / "long.txt"
    long.write_text("x" * 100_000, encoding="utf-8")
    assert main(["replay", "--files-from", str(long)]) == 2
    assert "line 1 is longer than" in _err(capsys)


def test_a_rules_file_that_is_a_pipe_is_refused(fifo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for command in (["mcr", "123m456p789s11122z"], ["rules"]):
        assert main([*command, "--rules-file", str(fifo)]) == 2
        assert "--rules-file" in _err(capsys)


# -- output files -----------------------------------------------------------------------------
def _mode(p: Path) -> int:
    return stat.S_IMODE(p.stat().st_mode)


def test_output_files_honour_the_umask(tmp_path: Path, tournament: Path, umask: None) -> None:
    hands = tmp_path / "hands.jsonl"
    hands.write_text(HAND, encoding="utf-8")
    outputs = {
        "convert.json": ["convert", str(PAO), "--to", "tenhou6"],
        "convert.json.gz": ["convert", str(PAO), "--to", "tenhou6"],
        "batch.jsonl": ["batch", str(hands), "--jobs", "1"],
        "export.csv": ["tournament", "export", str(tournament)],
    }
    for name, args in outputs.items():
        assert main([*args, "-o", str(tmp_path / name)]) == 0, name
        assert _mode(tmp_path / name) == 0o640, (name, oct(_mode(tmp_path / name)))  # 0666 & ~027
    assert main(["convert", str(PAO), "--to", "mjai", "--output-dir", str(tmp_path / "dir")]) == 0
    assert _mode(tmp_path / "dir" / "pao.jsonl") == 0o640


def test_output_onto_a_symlink_or_a_device_is_refused_not_replaced(
        tmp_path: Path, tournament: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "target.json"
    target.write_text("keep\n", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    hands = tmp_path / "hands.jsonl"
    hands.write_text(HAND, encoding="utf-8")
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    for args in (["convert", str(PAO), "--to", "tenhou6", "--force"],
                 ["batch", str(hands), "--jobs", "1"],
                 ["tournament", "export", str(tournament)]):
        for out in (link, fifo):
            assert main([*args, "-o", str(out)]) == 2, (args, out)
            assert "not replaced" in _err(capsys)
    assert link.is_symlink() and target.read_text(encoding="utf-8") == "keep\n"
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    # a character device is written into, not replaced: -o /dev/null discards the output
    assert main(["batch", str(hands), "--jobs", "1", "-o", os.devnull]) == 0
    assert main(["convert", str(PAO), "--to", "tenhou6", "-o", os.devnull]) == 0
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)
