"""``suanfan replay``: exit status, the table, the JSON Lines shape, --jobs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from suanfan.cli import main

LOGS = Path(__file__).resolve().parents[1] / "data" / "tenhou" / "logs"
PAO = str(LOGS / "dnovikoff" / "pao.xml")
SANMA = str(LOGS / "dnovikoff" / "sanma2.xml")


def test_all_reproduced_exit_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", PAO, SANMA]) == 0
    out = capsys.readouterr()
    lines = out.out.splitlines()
    assert lines[0].split()[:5] == ["file", "round", "seat", "win", "hand"]
    assert lines[-1] == "2 games, 9 wins: 9 reproduced, 0 differ"
    assert any("[555z2][666z3][777z2]50m33s 5m" in x and "-32300,0,32300,0" in x for x in lines)
    assert out.err == ""  # no progress when stderr is not a terminal


def test_json_lines(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "--json", PAO]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert lines[-1] == {"summary": {"games": 1, "wins": 4, "equal": 4, "differ": 0,
                                     "refused": 0, "conflicts": 0, "unreadable": 0,
                                     "unreadable_rounds": 0, "skipped": 0}}
    for d in lines[:-1]:
        assert {"file", "round", "winner", "system", "hand", "recorded", "scored",
                "equal"} <= set(d)
        assert d["system"] == "riichi" and d["equal"] is True and d["file"] == PAO
        assert d["recorded"]["deltas"] == d["scored"]["deltas"]
    assert [d["round"] for d in lines[:-1]] == ["E1-0", "E1-1", "E2-0", "E2-1"]


def test_differences_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    # scored without red fives, the hands with a red five lose their aka dora
    assert main(["replay", "--json", "--rules", "ema", PAO]) == 1
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    differ = [d for d in lines[:-1] if not d["equal"]]
    assert differ and lines[-1]["summary"]["differ"] == len(differ)
    assert all(d["differences"] for d in differ)
    main(["replay", "--rules", "ema", PAO])
    assert "≠" in capsys.readouterr().out


def test_unreadable_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "cut.mjlog"
    bad.write_text(Path(PAO).read_text(encoding="utf-8")[:3000], encoding="utf-8")
    assert main(["replay", str(bad), PAO]) == 2
    out = capsys.readouterr()
    err = out.err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"suanfan: error: {bad}: ")
    assert "truncated" in err[0] and "Traceback" not in out.err
    # the rounds of the cut file before the cut and the readable file are still replayed; the
    # cut round is reported (the cut is a round's fault, not the whole file's)
    assert err[0].startswith(f"suanfan: error: {bad}: round E2-0: malformed or truncated XML")
    assert out.out.splitlines()[-1] == "2 games, 6 wins: 6 reproduced, 0 differ; 1 round unreadable"
    other = tmp_path / "notes.txt"
    other.write_text("hello", encoding="utf-8")
    assert main(["replay", str(other)]) == 2
    assert "not a log format" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.mjlog")]) == 2
    assert main(["replay", "--rules", "nope", PAO]) == 2


def test_jobs_same_output(capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(p) for p in sorted((LOGS / "dnovikoff").iterdir())]
    assert main(["replay", "--json", *files]) == 0
    one = capsys.readouterr().out
    assert main(["replay", "--json", "--jobs", "2", *files]) == 0
    assert capsys.readouterr().out == one
    with pytest.raises(SystemExit) as info:  # a usage error
        main(["replay", "--jobs", "0", PAO])
    assert info.value.code == 2
