"""``suanfan convert``: one log to standard output or -o, several or a folder to --output-dir
(names, mirrored folders, no overwriting without --force), the converted logs replay as the
originals, what cannot be converted (mjai to a format that needs yaku, Botzone to riichi) and
Botzone re-written normalised."""

from __future__ import annotations

import gzip
import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from suanfan.cli import main
from suanfan.logs import botzone, detect, parse, tenhou

DATA = Path(__file__).resolve().parents[1] / "data"
LOGS = DATA / "tenhou" / "logs"
PAO = LOGS / "dnovikoff" / "pao.xml"
SANMA = LOGS / "dnovikoff" / "sanma2.xml"
DOUBLE_RON = LOGS / "mjlog2json" / "2019103023gm-00a9-0000-f90e0fe9.xml"
MJAI = DATA / "logs" / "mjai" / "double-ron.jsonl"
BOTZONE = DATA / "logs" / "botzone" / "ignore.txt"


def _replay(capsys: pytest.CaptureFixture[str], *paths: Path | str) -> list[dict[str, Any]]:
    main(["replay", "--json", *map(str, paths)])
    out = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    for d in out[:-1]:
        d["file"] = Path(d["file"]).name.split(".")[0]
    return out


@pytest.mark.parametrize("to", ["tenhou-xml", "tenhou6", "mjai"])
def test_to_stdout_reads_back(to: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", str(PAO), "--to", to]) == 0
    out = capsys.readouterr()
    assert out.err == ""
    data = out.out.encode("utf-8")
    assert detect(data) == to
    back = parse(data, "out", to)
    original = tenhou.read(PAO)
    assert [(w.seat, w.from_seat, w.hand, w.recorded.deltas) for w in back.wins] == \
        [(w.seat, w.from_seat, w.hand, w.recorded.deltas) for w in original.wins]


def test_every_format_replays_as_the_original(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Three real games (a double ron and an abortive draw, three players with nuki) converted
    to each format by the command and replayed: the same wins with the same scores, but what a
    format does not record (the fu of a limit hand in tenhou.net/6, the yaku, han, fu and points
    in mjai when its log has them not)."""
    src = tmp_path / "src"
    src.mkdir()
    for p in (PAO, SANMA, DOUBLE_RON):
        shutil.copy(p, src / p.name)
    original = _replay(capsys, src)
    assert original[-1]["summary"] == {"games": 3, "wins": 16, "equal": 16, "differ": 0,
                                       "refused": 0, "conflicts": 0, "unreadable": 0,
                                       "unreadable_rounds": 0, "skipped": 0}
    for to, ext in (("tenhou-xml", ".xml"), ("tenhou6", ".json"), ("mjai", ".jsonl")):
        out = tmp_path / to
        assert main(["convert", str(src), "--to", to, "--output-dir", str(out)]) == 0
        assert capsys.readouterr().out == f"3 logs written as {to} in {out}\n"
        assert sorted(os.listdir(out)) == sorted(p.stem + ext for p in (PAO, SANMA, DOUBLE_RON))
        got = _replay(capsys, out)
        assert got[-1] == original[-1]
        by_win = {(d["file"], d["round"], d["winner"]): d for d in got[:-1]}
        for d in original[:-1]:
            c = by_win[(d["file"], d["round"], d["winner"])]
            assert c["scored"] == d["scored"] and c["equal"]
            kept = {k: v for k, v in d["recorded"].items() if k in c["recorded"]}
            assert c["recorded"] == kept
            if to == "tenhou-xml":
                assert c == d
            elif to == "tenhou6":  # no fu for a limit hand
                assert set(d["recorded"]) - set(c["recorded"]) <= {"fu"}
            else:
                assert "yaku" not in c["recorded"] and "deltas" in c["recorded"]


def test_output_file_force_and_gzip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "pao.json"
    assert main(["convert", str(PAO), "--to", "tenhou6", "-o", str(out)]) == 0
    first = out.read_bytes()
    assert main(["convert", str(PAO), "--to", "tenhou6", "-o", str(out)]) == 2
    assert capsys.readouterr().err == f"suanfan: error: {out} exists (--force to overwrite it)\n"
    out.write_text("x", encoding="utf-8")
    assert main(["convert", str(PAO), "--to", "tenhou6", "-o", str(out), "--force"]) == 0
    assert out.read_bytes() == first
    gz = tmp_path / "pao.mjlog.gz"
    assert main(["convert", str(out), "--to", "tenhou-xml", "-o", str(gz)]) == 0
    assert gz.read_bytes()[:2] == b"\x1f\x8b"
    assert gzip.decompress(gz.read_bytes()).startswith(b'<mjloggm ver="2.3">')
    # tenhou.net/6 records no fu for a limit hand: written 0, said on stderr
    assert capsys.readouterr().err == (
        f"suanfan: note: {out}: 2 limit hands with no recorded fu (a tenhou6 log records none) "
        "written with fu 0, which replay does not compare\n")
    assert [d["equal"] for d in _replay(capsys, gz)[:-1]] == [True] * 4
    assert not [p for p in os.listdir(tmp_path) if p.startswith(".suanfan-")]


def test_output_dir_names_and_refusals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "logs"
    (src / "2019" / "10").mkdir(parents=True)
    shutil.copy(DOUBLE_RON, src / "2019" / "10" / "game.mjlog")
    (src / "pao.xml.gz").write_bytes(gzip.compress(PAO.read_bytes()))
    shutil.copy(MJAI, src / "double-ron.jsonl")
    shutil.copy(BOTZONE, src / "matches.txt")
    (src / "README.md").write_text("# my logs\n", encoding="utf-8")
    out = tmp_path / "out"
    assert main(["convert", str(src), "--to", "tenhou6", "--output-dir", str(out),
                 "--no-fill"]) == 2
    std = capsys.readouterr()
    assert std.out == f"2 logs written as tenhou6 in {out}; 2 failed; 1 files skipped: not logs\n"
    err = std.err.splitlines()
    assert err[0] == (f"suanfan: error: {src / 'double-ron.jsonl'}: cannot be written as tenhou6: "
                      "double-ron.jsonl: the win of seat 0 at round 0 has no recorded yaku: "
                      "tenhou.net/6 needs it (without --no-fill its score is filled in)")
    assert err[1] == (f"suanfan: error: {src / 'matches.txt'}: a Botzone log holds MCR matches, "
                      "which the riichi formats (tenhou-xml, tenhou6, mjai) cannot hold "
                      "(--to botzone re-writes it normalised)")
    assert len(err) == 2
    written = sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file())
    assert written == [os.path.join("2019", "10", "game.json"), "pao.json"]
    # again: the file exists; two inputs of one name are not written over each other
    assert main(["convert", str(src / "pao.xml.gz"), "--to", "tenhou6", "--output-dir",
                 str(out)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [f"suanfan: error: {out / 'pao.json'} exists (--force to overwrite it)"]
    other = tmp_path / "other"
    assert main(["convert", str(src / "pao.xml.gz"), str(PAO), "--to", "tenhou6",
                 "--output-dir", str(other)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [f"suanfan: error: {other / 'pao.json'} would be written twice (from "
                   f"{src / 'pao.xml.gz'} and {PAO}): convert them apart"]
    assert main(["convert", str(src / "pao.xml.gz"), "--to", "mjai", "--output-dir", str(out),
                 "--force"]) == 0
    assert (out / "pao.jsonl").exists()


def test_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", str(PAO), str(SANMA), "--to", "mjai"]) == 2
    assert capsys.readouterr().err == ("suanfan: error: convert: several logs (or a directory): "
                                       "give --output-dir DIR\n")
    assert main(["convert", "--to", "mjai"]) == 2
    assert "no logs given" in capsys.readouterr().err
    assert main(["convert", str(MJAI), "--to", "tenhou-xml", "--no-fill"]) == 2
    assert capsys.readouterr().err == (
        f"suanfan: error: {MJAI}: cannot be written as tenhou-xml: round E4-0, the win of seat 0: "
        "no recorded yaku (an mjai log records none): an mjlog needs them (without --no-fill its "
        "score is filled in)\n")
    assert main(["convert", str(PAO), "--to", "botzone"]) == 2
    assert "a Botzone log (MCR matches) cannot hold" in capsys.readouterr().err
    notes = tmp_path / "notes.txt"
    notes.write_text("hello\n", encoding="utf-8")
    assert main(["convert", str(notes), "--to", "mjai"]) == 2
    assert capsys.readouterr().err.startswith(f"suanfan: error: {notes}: not a log format")


def test_botzone_normalised(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    messy = tmp_path / "messy.txt"
    lines = BOTZONE.read_text(encoding="utf-8").splitlines()
    messy.write_bytes("\r\n".join(
        x + ("  " if i % 3 else "") + ("\r\n" if i % 7 == 0 else "")
        for i, x in enumerate(lines)).encode("utf-8"))
    out = tmp_path / "clean.txt"
    assert main(["convert", str(messy), "--to", "botzone", "-o", str(out)]) == 0
    clean = out.read_text(encoding="utf-8")
    assert clean == "".join(x.strip() + "\n" for x in lines if x.strip())
    assert [m.scores for m in botzone.read(out)] == [m.scores for m in botzone.read(BOTZONE)]
    # a bad match is an error naming it, and nothing is written
    bad = tmp_path / "bad.txt"
    bad.write_text(BOTZONE.read_text(encoding="utf-8").replace("Play", "Plya", 1),
                   encoding="utf-8")
    assert main(["convert", str(bad), "--to", "botzone", "-o", str(tmp_path / "x.txt")]) == 2
    assert capsys.readouterr().err.startswith("suanfan: error: bad.txt: line ")
    assert not (tmp_path / "x.txt").exists()


def test_what_is_left_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # a chip lobby's rules (<GO type> 0x200 kiriage, 0x400 1500 a honba): mjlog only
    chip = LOGS / "dnovikoff" / "ratio1.xml_"
    assert main(["convert", str(chip), "--to", "tenhou6", "-o", str(tmp_path / "r.json")]) == 0
    assert capsys.readouterr().err == (
        f"suanfan: note: {chip}: the lobby's own rules (<GO type=\"1569\">: kiriage, 1500 a "
        "honba) are not in tenhou6: left out\n")
    # a log that ends inside its only round: an mjlog of it, no tenhou.net/6 or mjai
    cut = LOGS / "mjx" / "tests_cpp_resources_mjlog_upd-sutehai-furiten.mjlog"
    assert main(["convert", str(cut), "--to", "mjai"]) == 2
    assert capsys.readouterr().err == (f"suanfan: error: {cut}: no finished round to write (mjai "
                                       "holds finished rounds only)\n")
    assert main(["convert", str(cut), "--to", "tenhou-xml"]) == 0
    back = tenhou.parse(capsys.readouterr().out)
    assert len(back.rounds) == 1 and not back.rounds[0].complete
