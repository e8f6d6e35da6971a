"""Bad Botzone logs: each bad match gives a LogError (a MahjongError) naming the file and the
line; the reader goes on with the next match unless strict; the command line prints one line
for each and replays the rest."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from suanfan import MahjongError
from suanfan.cli import main
from suanfan.logs import LogError, botzone
from suanfan.logs.botzone_replay import replay

DATA = Path(__file__).resolve().parents[1] / "data" / "logs" / "botzone"
GOOD = (DATA / "robbing_kong.txt").read_text(encoding="utf-8")
HEAD = """Match bad
Wind 0
Player 0 Deal W1 W1 W1 W2 W3 W4 W5 W6 W7 W8 W9 W9 W9
Player 1 Deal B1 B1 B1 B2 B3 B4 B5 B6 B7 B8 B9 B9 B9
Player 2 Deal T1 T1 T1 T2 T3 T4 T5 T6 T7 T8 T9 T9 T9
Player 3 Deal F1 F1 F1 F2 F2 F2 F3 F3 F3 F4 F4 F4 J1
"""


def error(text: str) -> str:
    """The error of the (only) bad match of ``text``, also raised with strict."""
    with pytest.raises(LogError) as info:
        botzone.parse(text, "bad.txt", strict=True)
    assert isinstance(info.value, MahjongError)
    msg = str(info.value)
    assert msg.startswith("bad.txt: line ")
    bad = [m for m in botzone.parse(text, "bad.txt") if m.error is not None]
    assert len(bad) == 1 and bad[0].error == msg and bad[0].win is None
    return msg


def test_a_well_formed_fragment_reads_as_truncated() -> None:
    e = error(HEAD + "Player 0 Draw W1\nPlayer 0 Play W2\n")
    assert e == "bad.txt: line 9: match bad (line 1) ends without its Score line: the log is " \
                "truncated"
    m = botzone.parse(HEAD + "Player 0 Draw J2\n", "bad.txt")[0]
    assert [e.kind for e in m.events] == ["deal"] * 4 + ["draw"]


def test_truncated_file() -> None:
    cut = GOOD[: GOOD.index("\n", len(GOOD) // 2) + 1]
    assert "the log is truncated" in error(cut)
    assert "truncated" in error(GOOD.replace("Score -28 -8 44 -8\n", ""))


def test_unknown_tiles_and_lines() -> None:
    assert "line 7: unknown tile 'X1'" in error(HEAD + "Player 0 Draw X1\n")
    assert "unknown tile 'W0'" in error(HEAD + "Player 0 Draw W0\n")
    assert "unknown tile 'J4'" in error(HEAD.replace("J1\n", "J4\n"))
    assert "line 7: unknown action 'Discard'" in error(HEAD + "Player 0 Discard W1\n")
    assert "line 7: unknown line 'Hello'" in error(HEAD + "Hello world\n")
    first = botzone.parse("Wind 0\n" + GOOD, "bad.txt")
    assert [m.error for m in first] == ["bad.txt: line 1: a line before the first Match line", None]


def test_wrong_player_numbers() -> None:
    assert "line 7: player '4': players are 0-3" in error(HEAD + "Player 4 Draw W1\n")
    assert "player '-1'" in error(HEAD.replace("Player 3 Deal", "Player -1 Deal"))
    assert "player 2 is dealt twice" in error(HEAD.replace("Player 3 Deal", "Player 2 Deal"))
    assert "dealt 12 tiles, not 13" in error(HEAD.replace(" J1\n", "\n"))
    assert "line 2: Wind '4'" in error(HEAD.replace("Wind 0", "Wind 4"))


def test_impossible_events() -> None:
    # a Play of a tile not held
    assert "line 8: Play B1: player 0 holds 0 B1, not 1" in error(
        HEAD + "Player 0 Draw J2\nPlayer 0 Play B1\n")
    # out of turn: player 1 draws before player 0 played
    assert "player 1 draws: player 0 plays, kongs or wins after a draw" in error(
        HEAD + "Player 0 Draw J2\nPlayer 1 Draw J2\n")
    # a chow by a player who is not next, a chow that does not use the discard
    assert "only the next player (1) may" in error(
        HEAD + "Player 0 Draw J2\nPlayer 0 Play W2\nPlayer 2 Chi W3\n")
    assert "no chow with middle tile B5 uses the discard W2" in error(
        HEAD + "Player 0 Draw J2\nPlayer 0 Play W2\nPlayer 1 Chi B5\n")
    # a pung of another tile than the discard, a kong of tiles not held
    assert "Peng T1: the discard is W2" in error(
        HEAD + "Player 0 Draw J2\nPlayer 0 Play W2\nPlayer 2 Peng T1\n")
    assert "AnGang W2: player 0 holds 1 W2, not 4" in error(
        HEAD + "Player 0 Draw J2\nPlayer 0 AnGang W2\n")
    assert "BuGang W1: player 0 has no pung of W1" in error(
        HEAD + "Player 0 Draw W1\nPlayer 0 BuGang W1\n")
    # a fifth copy of a tile
    assert "a fifth W1" in error(HEAD + "Player 0 Draw W1\nPlayer 0 Play W1\nPlayer 1 Draw W1\n")
    # a win on a tile nobody discarded, a drawn game with tiles in the wall
    assert "Hu W5 on player 0's discard W2" in error(
        HEAD + "Player 0 Draw J2\nPlayer 0 Play W2\nPlayer 1 Hu W5\n")
    # ... on per-seat walls (read first: no flowers) and on one shared wall alike
    assert error(HEAD + "Player 0 Draw J2\nPlayer 0 Play J2\nHuang\n") == (
        "bad.txt: line 9: Huang with 21 tiles still in the own wall of player 1, who draws next "
        "(nor does it hold to one shared wall of 136: Huang with 83 tiles still in the wall)")
    # an Ignore claim that is not one
    assert "is not 'Ignore Player <n> <Chi|Peng|Gang|Hu> <tile>'" in error(
        HEAD + "Player 0 Draw J2\nPlayer 0 Play W2\nPlayer 1 Peng W2 Ignore Player\n")
    # a Hu of a hand that is not complete reads (the record says what it says) but cannot be
    # re-scored: the replay says why
    ms = botzone.parse(HEAD + "Player 0 Draw J2\nPlayer 0 Hu J2\nFan 8 自摸*1\n"
                       "Score 24 -8 -8 -8\n", "bad.txt", strict=True)
    (r,) = replay(ms)
    assert not r.equal and r.differences == ("error",)
    assert r.error is not None and r.error.startswith("NotWinning")


SEAT_HUANG = (DATA / "seat_walls.txt").read_text(encoding="utf-8").split("Match seat-last-draw")[0]


def test_per_seat_walls_broken() -> None:
    """Botzone's per-seat walls (judge/main.cpp of the duplicate format: 34 tiles each, 13 dealt,
    21 drawn; HUANG when the player to draw has an empty wall): a draw from an empty own wall,
    a drawn game while the player to draw has tiles."""
    assert SEAT_HUANG.endswith("Player 3 Play B4\nHuang\nScore 0 0 0 0\n")  # line 173: Huang
    more = SEAT_HUANG.replace("Huang\n", "Player 0 Draw J3\nPlayer 0 Play J3\nHuang\n")
    with pytest.raises(LogError) as info:
        botzone.parse(more, "bad.txt", strict=True, walls="seat")
    assert str(info.value) == ("bad.txt: line 173: player 0 draws from an empty wall: each "
                               "player's own wall holds 34 tiles, 13 dealt and 21 drawn")
    # inferred: the 22nd draw could be one of a shared wall, but its Huang leaves a tile there
    assert error(more) == (
        "bad.txt: line 173: player 0 draws from an empty wall: each player's own wall holds 34 "
        "tiles, 13 dealt and 21 drawn (nor does it hold to one shared wall of 136: line 175: "
        "Huang with 1 tile still in the wall)")
    bad = botzone.parse(more, "bad.txt")[0]
    assert bad.events[-1].line == 172  # the events before the fault
    # one round fewer: player 3 is to draw and has a tile left
    early = SEAT_HUANG.replace("Player 3 Draw B4\nPlayer 3 Play B4\n", "")
    with pytest.raises(LogError, match=r"line 171: Huang with 1 tile still in the own wall of "
                                       r"player 3, who draws next$"):
        botzone.parse(early, "bad.txt", strict=True, walls="seat")
    # asked for one shared wall, per-seat drawn games are refused
    with pytest.raises(LogError, match=r"line 173: Huang with 2 tiles still in the wall$"):
        botzone.parse(SEAT_HUANG, "bad.txt", strict=True, walls="shared")
    assert botzone.parse(SEAT_HUANG, "ok.txt", strict=True)[0].huang


def test_a_bad_match_does_not_stop_the_others() -> None:
    text = GOOD + HEAD + "Player 0 Draw X9\n" + GOOD.replace("Match robbing", "Match again")
    ms = botzone.parse(text, "three.txt")
    assert [(m.match, m.error is None) for m in ms] == [
        ("robbing", True), ("bad", False), ("again", True)]
    assert ms[1].error is not None and ms[1].error.startswith("three.txt: line 34: unknown tile")


def test_not_utf8_and_long_lines(tmp_path: Path) -> None:
    path = tmp_path / "bytes.txt"
    path.write_bytes(GOOD.encode() + b"Match x\n\xff\xfe\n" + b"Match y\n" + b"W" * 10_000 + b"\n")
    ms = list(botzone.read(path))
    assert ms[0].error is None
    assert ms[1].error == "bytes.txt: line 29: not UTF-8 text"
    assert ms[2].error == "bytes.txt: line 31: a line longer than 4 KB"
    with pytest.raises(LogError, match="not UTF-8"):
        botzone.parse(b"Match x\n\xff\n", "b.txt")


def test_cli_botzone(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = DATA / "ignore.txt"
    assert main(["replay", "--json", str(log)]) == 0  # detected by its Match line
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert lines[-1] == {"summary": {"games": 3, "wins": 3, "equal": 3, "differ": 0,
                                     "refused": 0, "conflicts": 0, "unreadable": 0,
                                     "unreadable_rounds": 0, "skipped": 0}}
    for d in lines[:-1]:
        assert {"file", "round", "winner", "system", "hand", "recorded", "scored",
                "equal"} <= set(d)
        assert d["system"] == "mcr" and d["equal"] is True and d["file"] == str(log)
    assert [d["round"] for d in lines[:-1]] == ["ignore-1", "ignore-2", "ignore-3"]
    assert lines[0]["recorded"] == {"total": 19, "fans": [["concealed_hand", 1],
                                                          ["one_voided_suit", 1],
                                                          ["pure_straight", 1]],
                                    "deltas": [-8, 43, -27, -8]}
    # the table; another preset makes some wins differ (exit 1); --format botzone
    assert main(["replay", "--format", "botzone", str(DATA / "flowers.txt")]) == 0
    out = capsys.readouterr().out
    assert "flowers.txt  flowers  1     ron 0  111234567m9s777z 9s 16f  12 fan -20,36,-8,-8  " \
        "12 fan -20,36,-8,-8" in out
    assert main(["replay", "--rules", "mcr", str(DATA / "robbing_kong.txt")]) == 0
    assert main(["replay", "--rules", "nope", str(DATA / "robbing_kong.txt")]) == 2
    capsys.readouterr()
    wrong = tmp_path / "wrong.txt"  # a Fan line that counts 嵌张 twice, the Score line to match
    wrong.write_text(GOOD.replace("嵌张*1", "嵌张*2").replace("Fan 20", "Fan 21")
                     .replace("Score -28 -8 44 -8", "Score -29 -8 45 -8"), encoding="utf-8")
    assert main(["replay", str(wrong)]) == 1
    assert "≠ total,fans,deltas" in capsys.readouterr().out
    # a file with a bad match: one line on stderr, the good matches replayed, exit 2
    bad = tmp_path / "mixed.txt"
    bad.write_text(GOOD + HEAD + "Player 0 Draw X9\n", encoding="utf-8")
    assert main(["replay", str(bad)]) == 2
    out2 = capsys.readouterr()
    err = out2.err.strip().splitlines()
    assert err == [f"suanfan: error: {bad}: line 34: unknown tile 'X9' (tiles are W1-W9 B1-B9 "
                   "T1-T9 F1-F4 J1-J3, flowers H1-H8)"]
    assert "1 game, 1 win: 1 reproduced, 0 differ; 1 round unreadable" in out2.out
    assert "Traceback" not in out2.err
    # --jobs gives the same output
    files = [str(p) for p in sorted(DATA.glob("*.txt"))]
    assert main(["replay", "--json", *files]) == 0
    one = capsys.readouterr().out
    assert main(["replay", "--json", "--jobs", "2", *files]) == 0
    assert capsys.readouterr().out == one
