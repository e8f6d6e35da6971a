"""The ``suanfan mcr`` command line."""

from __future__ import annotations

import json

import pytest

import suanfan
from suanfan.cli import main


def test_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mcr", "1112345678999m 5m", "--self-drawn", "--flowers", "2", "--lang", "zh"]) == 0
    out = capsys.readouterr().out
    assert "九莲宝灯" in out and "88" in out and "合计" in out


def test_english_and_traditional(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mcr", "234s223344567p5m 5m", "--lang", "en"]) == 0
    assert "Short Straight" in capsys.readouterr().out
    assert main(["mcr", "234s223344567p5m 5m", "--lang", "zh-Hant"]) == 0
    assert "連六" in capsys.readouterr().out


def test_false_win_reported(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mcr", "[567p1]123m456s78sEE 9s", "--lang", "zh-Hans"]) == 0
    assert "错和" in capsys.readouterr().out


def test_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mcr", "[1111m][2222p1]123456s9p 9p", "--rules", "mcr-botzone", "--json",
                 "--seat", "S", "--prevalent", "W", "--kong", "--self-drawn"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["rules"] == "mcr-botzone"
    assert any(f["id"] == "concealed_and_melded_kong" for f in d["fans"])
    assert d["total"] == sum(f["points"] for f in d["fans"])
    assert len(d["settlement"]["points"]) == 4 and sum(d["settlement"]["points"]) == 0


@pytest.mark.parametrize("argv", [
    ["mcr", "123m"],
    ["mcr", "123456789m12345p"],
    ["mcr", "[123p1][345s2][999s3]6m6pE 1m"],
    ["mcr", "123m456p789s234s5m 5m", "--seat", "X"],
    ["mcr", "123m456p789s234s5m 5m", "--kong", "--self-drawn"],
    ["mcr", "123m456p789s234s5m 5m", "--rules", "nope"],
    ["mcr", "123m456p789s234s5m 5m", "--flowers", "9"],
])
def test_bad_input_exits_2_with_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("suanfan: error:")


def test_settlement_seats_are_winds_and_the_discarder_is_an_option(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # issue 15: --discarder for the settlement, seats named by their winds, no trailing spaces
    hand = "[111z1]1234556789m 5m"
    assert main(["mcr", hand, "--seat-wind", "S", "--discarder", "N", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    points = suanfan.mcr.score(hand, seat_wind="S").settlement(1, 3)
    assert out.splitlines()[-1] == ("Settlement (winner S, discarder N): "
                                    + " ".join(f"{w} {p:+d}" for w, p in zip("ESWN", points, strict=True)))
    assert not any(line.endswith(" ") for line in out.splitlines())
    assert main(["mcr", hand, "--self-drawn", "--discarder", "N"]) == 2
    assert main(["mcr", hand, "--seat-wind", "S", "--discarder", "S"]) == 2
