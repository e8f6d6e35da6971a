"""The command line skeleton: --version, --help, parse, and clean errors."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from contextlib import redirect_stdout

import pytest

import suanfan
from suanfan.cli import main


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert suanfan.__version__ in capsys.readouterr().out


def test_help_lists_commands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "parse" in capsys.readouterr().out


def test_parse(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", "[567m2][999s3]11p345s78s 6s"]) == 0
    out = capsys.readouterr().out
    assert "[567m2][999s3]11p34578s 6s" in out
    assert "🀋" in out and "9s×3" in out


def test_parse_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", "--json", "W1W2W3B4B5B6T7T8T9F1F1J3J3 J3"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hand"] == "123m456p789s1155z 5z"
    assert data["complete"] is True and data["counts"]["5z"] == 3


@pytest.mark.parametrize("bad", ["", "123", "11111m456p789s11z 5z", "\x00junk", "1m" * 5000])
def test_bad_input_exit_2_one_line(bad: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", bad]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and captured.err.startswith("suanfan: error:")


def test_module_entry_point_no_traceback() -> None:
    proc = subprocess.run([sys.executable, "-m", "suanfan", "parse", "[12m]"],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and "not a chow, pung or kong" in proc.stderr


def test_unknown_option_exit_2() -> None:
    proc = subprocess.run([sys.executable, "-m", "suanfan", "parse", "--bogus", "x"],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


def test_one_option_vocabulary_across_the_scoring_commands() -> None:
    # issue 15: the same names in every command; the older spellings still read, not listed
    from suanfan.cli import build_parser

    parser = build_parser()
    new = {"mcr": ["mcr", "123m", "--seat-wind", "S", "--prevalent-wind", "W", "--last-tile-of-wall"],
           "riichi": ["riichi", "123m", "--seat-wind", "S", "--round-wind", "W", "--ura-dora", "1z",
                      "--riichi-sticks", "2"],
           "waits": ["waits", "123m", "--seat-wind", "S", "--round-wind", "W", "--last-tile-of-wall",
                     "--ura-dora", "1z", "--riichi-sticks", "2"]}
    old = {"mcr": ["mcr", "123m", "--seat", "S", "--prevalent", "W", "--last-tile"],
           "riichi": ["riichi", "123m", "--seat", "S", "--round", "W", "--ura", "1z", "--sticks", "2"],
           "waits": ["waits", "123m", "--seat", "S", "--prevalent", "W", "--last-tile", "--ura", "1z",
                     "--sticks", "2"]}
    for cmd in new:
        a, b = vars(parser.parse_args(new[cmd])), vars(parser.parse_args(old[cmd]))
        a.pop("func"), b.pop("func")
        assert a == b, cmd
    out = io.StringIO()
    with redirect_stdout(out), pytest.raises(SystemExit):
        parser.parse_args(["riichi", "--help"])
    assert "--seat-wind" in out.getvalue() and "--sticks" not in out.getvalue()


def test_help_lists_every_command_on_one_line(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 15: ``suanfan --help`` names each sub-command with one line of help (80 columns)."""
    import re

    from suanfan.cli import build_parser

    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    block = out[out.index("COMMAND\n") + len("COMMAND\n"):out.index("\noptions:")]
    lines = block.splitlines()
    names = [m.group(1) for line in lines if (m := re.match(r"    (\S+)\s{2,}\S", line))]
    subs = next(a for a in build_parser()._actions if a.dest == "command")
    assert names == list(subs.choices or ())
    assert len(lines) == len(names), block  # no help wraps onto a second line


def test_analyze_expected(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "127m123567p4678s1z", "--expected", "--dora", "6p", "--no-tegawari",
                 "--no-shanten-down", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert [o["discard"] for o in d["options"]] == ["7m", "4s", "1z"]
    assert len(d["options"][0]["expected_score"]) == 18
    assert main(["analyze", "127m123567p4678s1z", "--expected", "--dora", "6p", "--no-tegawari",
                 "--no-shanten-down", "--turn", "12", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "exp. score" in out and "7m" in out
    assert main(["analyze", "127m123567p4678s1z", "--expected", "--tsumo"]) == 2
    assert "--tsumo" in capsys.readouterr().err
