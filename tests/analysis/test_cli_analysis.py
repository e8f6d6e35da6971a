"""``suanfan analyze`` / ``shanten`` / ``waits`` on the command line."""

from __future__ import annotations

import json

import pytest

from suanfan.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_shanten(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "shanten", "1111m234567789p") == (0, "0\n", "")
    assert run(capsys, "shanten", "1111m234567789p", "--system", "riichi") == (0, "1\n", "")
    assert run(capsys, "shanten", "1111m234567789p", "--rules", "tenhou")[1] == "1\n"
    _, out, _ = run(capsys, "shanten", "147m258p369s1234z", "--json")
    d = json.loads(out)
    assert d["shanten"] == 0 and d["forms"]["honors_and_knitted"] == 0


def test_waits(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "waits", "234567m234p2345s", "--system", "riichi", "--riichi")
    assert code == 0
    assert out.splitlines()[0].startswith("2s") and "han" in out
    code, out, _ = run(capsys, "waits", "[567m2][999s3]11p345s78s", "--json")
    d = json.loads(out)
    assert [w["tile"] for w in d["waits"]] == ["6s", "9s"]
    assert all("meets_minimum" in w for w in d["waits"])
    code, out, _ = run(capsys, "waits", "123m456p789s1z22z3z", "--system", "riichi")
    assert "not ready: shanten 1" in out


def test_analyze_13_and_14(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyze", "234567m234p2345s", "--system", "riichi",
                       "--visible", "5s", "--riichi")
    assert code == 0 and "shanten:  0 (ready)" in out and "unseen 2" in out
    code, out, _ = run(capsys, "analyze", "234567m234p2345s 1z", "--system", "riichi", "--json")
    d = json.loads(out)
    assert d["options"][0]["discard"] == "1z" and d["options"][0]["useful_unseen"] == 6
    code, out, _ = run(capsys, "analyze", "[567m2][999s3]11p345s78s 2z", "--self-drawn")
    assert code == 0 and "discard" in out and "fan" in out
    code, out, _ = run(capsys, "analyze", "123m456p789s1z22z3z", "--json", "--system", "riichi")
    d = json.loads(out)
    assert d["shanten"] == 1 and {u["tile"] for u in d["useful"]} == {"1z", "2z", "3z"}


def test_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "analyze", "123m")
    assert code == 2 and err.startswith("suanfan: error:") and err.count("\n") == 1
    code, _, err = run(capsys, "analyze", "234567m234p2345s", "--riichi")
    assert code == 2 and "--riichi" in err          # a riichi flag under MCR
    code, _, err = run(capsys, "waits", "234567m234p2345s", "--visible", "2s2s2s2s")
    assert code == 2 and "only 4" in err
