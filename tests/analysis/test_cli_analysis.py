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


def test_expected_mcr_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    # analyze --expected --system mcr: the table and the fan combinations (docs/analysis-expected.md)
    from suanfan.analysis import expected_values

    args = ("analyze", "234m567p345s678s7z", "--expected", "--system", "mcr", "--turn", "16",
            "--no-shanten-down", "--no-tegawari")
    code, out, _ = run(capsys, *args, "--json")
    assert code == 0
    ev = expected_values("234m567p345s678s7z", "mcr", turn=16, shanten_down=False, tegawari=False)
    assert json.loads(out) == json.loads(json.dumps(ev.to_dict()))
    assert json.loads(out)["options"][0]["combinations"]
    code, out, _ = run(capsys, *args, "--lang", "en")
    assert code == 0 and "(mcr)" in out and "fan combinations" in out
    assert "Fully Concealed Hand" in out


def test_expected_table_model_and_visible(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyze", "123456789m1234p5z", "--expected", "--turn", "17",
                       "--model", "table", "--visible", "144p", "--seat-wind", "S",
                       "--no-shanten-down", "--no-tegawari", "--json")
    assert code == 0
    d = json.loads(out)
    assert d["model"] == "table"
    five = next(o for o in d["options"] if o["discard"] == "5z")
    assert five["useful_unseen"] == 3 and five["riichi"] is False
    code, _, err = run(capsys, "analyze", "123456789m1234p5z", "--expected", "--visible", "1111p")
    assert code == 2 and "1p" in err
    code, _, err = run(capsys, "analyze", "123456789m1234p5z", "--expected", "--minimum", "8")
    assert code == 2 and "minimum" in err
