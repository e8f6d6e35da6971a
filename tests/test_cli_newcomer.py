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


def test_capital_suits_get_a_hint(capsys: pytest.CaptureFixture[str]) -> None:
    for text in ("123M456P789s11z22z", "123S456p789s11z22z"):
        code, _, err = run(capsys, "parse", text)
        assert code == 2 and "suits are lowercase m p s z" in err, err
    code, _, err = run(capsys, "parse", "123x456m")  # no capital suit: no hint
    assert code == 2 and "lowercase" not in err


def test_positions_count_from_one(capsys: pytest.CaptureFixture[str]) -> None:
    # 'x' is the 4th character of "123x456m" (the web page's Japanese and Chinese say the same)
    assert "'x' at character 4" in run(capsys, "parse", "123x456m")[2]
    assert "digit '1' at character 1 has no suit letter" in run(capsys, "parse", "1")[2]


def test_riichi_shows_its_dora_indicators_and_warns_on_10(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "riichi", "123456m789p34s55s 2s", "--riichi", "--dora", "10s",
                         "--lang", "en")
    assert code == 0
    assert "Dora indicators: 1s 0s; ura dora indicators: none" in out
    assert "--dora 10s reads as 2 indicators (1s 0s)" in err
    code, out, err = run(capsys, "riichi", "123456m789p34s55s 2s", "--dora", "1s", "--lang", "en")
    assert "Dora indicators: 1s" in out and err == ""
    assert "Total: 2 han 30 fu" in out  # one spelling: "N han N fu"


def test_kiriage_is_said(capsys: pytest.CaptureFixture[str]) -> None:
    # open tanyao with a pung of 2m and three dora: 4 han 30 fu (20 + 2 for the open pung of
    # simples, rounded up); WRC rounds it up to mangan (kiriage), the default rules do not
    hand = ["[222m1]456m678p3345s", "6s", "--dora", "1m", "--seat-wind", "S", "--lang", "en"]
    _, out, _ = run(capsys, "riichi", *hand, "--rules", "wrc")
    assert "Total: 4 han 30 fu → mangan (kiriage: these rules round 4 han 30 fu and 3 han 60 fu up to " \
           "mangan)" in out
    _, out, _ = run(capsys, "riichi", *hand, "--rules", "default")
    assert "Total: 4 han 30 fu\n" in out


def _riichi_table(tmp_path: Path) -> str:
    db = str(tmp_path / "r.db")
    t = Tournament.create(db, "R", "riichi", placement="wrc")
    t.import_players("A\nB\nC\nD\n")
    t.seat_round(seed=1)
    return db


def test_tournament_refuses_impossible_han_fu(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = _riichi_table(tmp_path)
    capsys.readouterr()
    for argv, message in [
        (["--han", "1", "--fu", "20", "--discarder", "B"], "20 fu on a discard"),
        (["--han", "1", "--fu", "20", "--self-drawn"], "1 han 20 fu: 20 fu is a pinfu won by tsumo"),
        (["--han", "1", "--fu", "25", "--discarder", "B"], "25 fu is seven pairs, at least 2 han"),
        (["--han", "2", "--fu", "25", "--self-drawn"], "25 fu is seven pairs, at least 3 han"),
    ]:
        code, _, err = run(capsys, "tournament", "hand", db, "1", "1", "--winner", "A", *argv)
        assert code == 2 and message in err, (argv, err)
    for argv in (["--han", "2", "--fu", "20", "--self-drawn"],
                 ["--han", "2", "--fu", "25", "--discarder", "B"]):
        code, _, err = run(capsys, "tournament", "hand", db, "1", "1", "--winner", "A", *argv)
        assert code == 0, err
        run(capsys, "tournament", "delete", db, "1", "1", str(json.loads(run(
            capsys, "tournament", "sheet", db, "1", "1", "--json")[1])["entries"][-1]["id"]))


def test_tournament_sheet_speaks_the_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = _riichi_table(tmp_path)
    code, out, err = run(capsys, "tournament", "hand", db, "1", "1", "--han", "4", "--fu", "30", "--winner",
                         "A", "--discarder", "B", "--lang", "en")
    assert code == 0 and "4 han 30 fu → mangan (kiriage" in out, err
    code, out, err = run(capsys, "tournament", "hand", db, "1", "1", "[222m1]456m678p3345s", "6s",
                         "--winner", "B", "--discarder", "C", "--dora", "10m", "--lang", "en")
    assert code == 0, err
    assert "(Tanyao 1, Dora 4; dora indicators 1m 0m)" in out and "--dora 10m reads as 2" in err
    assert "（断幺九 1, ドラ 4；" in run(capsys, "tournament", "sheet", db, "1", "1", "--lang", "ja")[1]
    mcr = str(tmp_path / "m.db")
    t = Tournament.create(mcr, "M", "mcr")
    t.import_players("A\nB\nC\nD\n")
    t.seat_round(seed=1)
    t.add(1, 1, {"kind": "win", "winner": "A", "hand": "[111z1]1234556789m 5m"})
    _, out, _ = run(capsys, "tournament", "sheet", mcr, "1", "1", "--lang", "en")
    assert "Pure Straight 16" in out and "清龙" not in out
    _, out, _ = run(capsys, "tournament", "sheet", mcr, "1", "1", "--lang", "zh-Hant")
    assert "清龍 16" in out
    _, out, _ = run(capsys, "tournament", "sheet", mcr, "1", "1", "--lang", "zh-Hans")
    assert "清龙 16" in out

