"""``suanfan tournament``: a small MCR tournament from the command line; errors are one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from suanfan.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_mcr_tournament(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "open.db")
    csv = tmp_path / "players.csv"
    csv.write_text("name,club,team,ema\n" + "".join(f"Player {c},Club {c},T{i % 2},0401000{i}\n"
                                                      for i, c in enumerate("ABCDEFGH")))
    assert run(capsys, "tournament", "create", db, "--name", "Spring Open")[0] == 0
    assert run(capsys, "tournament", "players", db, "--import", str(csv))[0] == 0
    code, out, _ = run(capsys, "tournament", "seat", db, "--seed", "1", "--json")
    tables = json.loads(out)["tables"]
    east, south, west, north = tables[0]["players"]
    code, out, _ = run(capsys, "tournament", "hand", db, "1", "1", "[111z1]1234556789m 5m", "--winner", east,
                       "--self-drawn")
    assert code == 0 and "28 fan" in out and f"{east} +108 → 108" in out
    code, out, _ = run(capsys, "tournament", "hand", db, "1", "1", "--fan", "8", "--winner", south,
                       "--discarder", west, "--json")
    assert json.loads(out)["totals"] == [100, -36 + 32, -36 - 16, -36 - 8]
    assert run(capsys, "tournament", "hand", db, "1", "1", "--false-win", north)[0] == 0
    for bad, message in [
        (["--fan", "8", "--winner", "Nobody", "--self-drawn"], "winner: no player named 'Nobody'"),
        (["--fan", "8", "--winner", tables[1]["players"][0], "--self-drawn"], "is not at round 1 table 1"),
        (["--fan", "8", "--winner", east, "--self-drawn", "--number", "1"], "hand 1 of round 1 table 1 is "
                                                                            "entered already"),
        (["--han", "2", "--winner", east, "--self-drawn"], "--han is not an option of this mcr tournament"),
        (["123m456m788m12p44p 3p", "--winner", east, "--self-drawn"], "not a complete hand"),
        (["--fan", "8", "--winner", east], "give either --discarder NAME or --self-drawn"),
    ]:
        code, out, err = run(capsys, "tournament", "hand", db, "1", "1", *bad)
        assert code == 2 and out == "" and err.count("\n") == 1 and message in err, err
    code, out, _ = run(capsys, "tournament", "sheet", db, "1", "1")
    assert "false win by" in out and "next hand 3 (E3)" in out
    code, out, _ = run(capsys, "tournament", "end", db, "1", "1")
    assert "table points" in out and "ended" in out
    run(capsys, "tournament", "end", db, "1", "2")
    code, out, _ = run(capsys, "tournament", "standings", db, "--json")
    st = json.loads(out)
    assert st[0]["name"] == east and st[0]["points"] == 4 and st[0]["best"]["value"] == 28
    code, out, _ = run(capsys, "tournament", "export", db)
    assert out.splitlines()[0].startswith("Rank,Last name,First name,EMA number")
    assert out.splitlines()[1].split(",")[1:4] == [east.split()[1], "Player", east and st[0]["ema"]]
    code, out, _ = run(capsys, "tournament", "seat", db, "--method", "swiss")
    assert code == 0 and "round 2" in out
    code, out, _ = run(capsys, "tournament", "audit", db, "1", "1")
    assert out.count(" add ") == 3 and " end " in out


def test_riichi_and_file_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "league.db")
    code, out, _ = run(capsys, "tournament", "create", db, "--name", "League", "--system", "riichi",
                       "--placement", "mleague")
    assert "placement mleague" in out
    run(capsys, "tournament", "players", db, "--add", "A", "--add", "B", "--add", "C", "--add", "D")
    run(capsys, "tournament", "seat", db, "--method", "strongest")
    code, out, _ = run(capsys, "tournament", "hand", db, "1", "1", "123456m789p34s55s 2s", "--winner", "B",
                       "--discarder", "A", "--riichi", "B", "--dora", "1m", "--json")
    rec = json.loads(out)
    names = json.loads(run(capsys, "tournament", "sheet", db, "1", "1", "--json")[1])["players"]
    b, a = names.index("B"), names.index("A")
    # riichi pinfu dora: 3 han 30 fu, 5800 from a dealer B, 3900 from a non-dealer
    value = 5800 if b == 0 else 3900
    assert rec["deltas"][b] == value and rec["deltas"][a] == -value and sum(rec["deltas"]) == 0
    code, out, err = run(capsys, "tournament", "hand", db, "1", "1", "--draw", "--tenpai", "A",
                         "--riichi", "C")
    assert code == 2 and "no-ten riichi is a chombo" in err
    code, out, err = run(capsys, "tournament", "sheet", str(tmp_path / "none.db"), "1", "1")
    assert code == 2 and "no tournament file" in err
    code, out, err = run(capsys, "tournament", "create", db, "--name", "x")
    assert code == 2 and "exists already" in err
