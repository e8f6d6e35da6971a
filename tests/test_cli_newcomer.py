"""The command line tried as a new user would (issue 35, part 5): each message a newcomer met
that assumed knowledge they do not have, fixed and checked here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from suanfan.cli import count, main
from suanfan.mcr.rules import PRESETS as MCR_PRESETS
from suanfan.riichi.rules import PRESETS as RIICHI_PRESETS
from suanfan.tournament import Tournament


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # --help, usage errors
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("argv", [
    ["mcr", "[111z1]1234556789m", "5m", "--self-drawn", "--json"],
    ["riichi", "123456m789p34s55s", "2s", "--riichi", "--json"],
    ["parse", "[111z1]1234556789m", "5m", "--json"],
    ["analyze", "123456789m1122p", "3p", "--json"],
])
def test_an_unquoted_hand_reads_as_the_quoted_one(capsys: pytest.CaptureFixture[str],
                                                   argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    words = [a for a in argv if not a.startswith("--")]
    quoted = [words[0], " ".join(words[1:]), *[a for a in argv if a.startswith("--")]]
    assert run(capsys, *quoted)[1] == out


def test_help_names_the_rule_sets(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "mcr", "--help")
    flat = " ".join(out.split())
    assert "seed" not in out.lower()
    assert "situation of the mcr-extended rules' extra fans" in flat
    for name in MCR_PRESETS:  # mcr-ema was missing
        assert name in flat
    _, out, _ = run(capsys, "riichi", "--help")
    flat = " ".join(out.split())
    for name in RIICHI_PRESETS:
        assert name in flat


def test_waits_of_14_tiles_points_to_analyze(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "waits", "123456789m1122p", "3p")
    assert code == 2
    assert "advise()" not in err and "`suanfan analyze '123456789m1122p 3p'`" in err
    assert run(capsys, "analyze", "123456789m1122p 3p")[0] == 0


def test_replay_of_a_non_log_lists_every_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    junk = tmp_path / "notes.txt"
    junk.write_text("hello\n")
    code, out, err = run(capsys, "replay", str(junk))
    assert code == 2
    assert "not a log format suanfan reads (tenhou-xml, tenhou6, mjai, botzone)" in err
    assert "1 file unreadable" in out and "0 games, 0 wins" in out


def test_count() -> None:
    assert [count(n, "game") for n in (0, 1, 2)] == ["0 games", "1 game", "2 games"]


def test_tournament_messages_name_the_player(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "t.db")
    t = Tournament.create(db, "Spring", "mcr")
    t.import_players("\n".join(f"P{i}" for i in range(8)))
    capsys.readouterr()
    assert run(capsys, "tournament", "seat", db, "--seed", "1")[0] == 0
    who = t.sheet(1, 1)["players"][0]
    code, _, err = run(capsys, "tournament", "hand", db, "1", "1", "--fan", "8", "--winner", who,
                       "--discarder", who)
    assert code == 2 and f"{who} is both the winner and the discarder" in err and "=0" not in err
    # the hand's words need no quotes
    code, out, err = run(capsys, "tournament", "hand", db, "1", "1", "[111z1]1234556789m", "5m", "--winner",
                         who, "--self-drawn", "--json")
    assert code == 0, err
    assert json.loads(out)["value"] == 28
    code, _, err = run(capsys, "tournament", "seat", db)
    assert code == 2
    assert "round 1 is still being played (tables 1 and 2 have not ended): end their sessions first" in err
    t.end_session(1, 1)
    code, _, err = run(capsys, "tournament", "seat", db)
    assert "(table 2 has not ended): end its session first" in err
    code, out, _ = run(capsys, "tournament", "sheet", db, "1", "1")
    assert "(1 hand, ended)" in out
