"""Bad tenhou.net/6 and mjai logs: each a LogError (a MahjongError) naming the file and the
place (the round, seat and item of a tenhou.net/6 log; the line of an mjai log)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from suanfan import MahjongError
from suanfan.commands.replay import replay_file
from suanfan.logs import LogError, mjai, read, tenhou6

FIXTURES = Path(__file__).resolve().parents[1] / "data" / "logs"
REAL6 = (FIXTURES / "tenhou6" / "2019021004gm-00a9-0000-e2f6516d.json").read_text("utf-8")
MJAI = (FIXTURES / "mjai" / "double-ron.jsonl").read_text("utf-8")


def _error6(obj: Any) -> LogError:
    text = obj if isinstance(obj, str) else json.dumps(obj, ensure_ascii=False)
    with pytest.raises(LogError) as info:
        tenhou6.parse(text, "bad.json")
    assert isinstance(info.value, MahjongError)
    assert str(info.value).startswith("bad.json: ")
    return info.value


def _errorm(lines: list[dict[str, Any]] | str) -> LogError:
    text = lines if isinstance(lines, str) else "".join(json.dumps(x) + "\n" for x in lines)
    with pytest.raises(LogError) as info:
        mjai.parse(text, "bad.jsonl")
    assert str(info.value).startswith("bad.jsonl: ")
    return info.value


def _real() -> dict[str, Any]:
    obj: dict[str, Any] = json.loads(REAL6)
    return obj


def test_tenhou6_truncated() -> None:
    e = _error6(REAL6[: len(REAL6) // 2])
    assert "not JSON, or truncated" in str(e)


def test_tenhou6_unknown_tile_names_round_seat_and_item() -> None:
    obj = _real()
    obj["log"][0][5][3] = 48  # seat 0's fourth draw
    e = _error6(obj)
    assert e.location == "log[0] E1-0 seat 0 take 3" and "48 is not a tile" in e.detail


def test_tenhou6_a_discard_not_held() -> None:
    obj = _real()
    obj["log"][1][6][0] = 47  # seat 0 discards a Red dragon it does not hold
    e = _error6(obj)
    assert e.location == "log[1] E2-0 seat 0 out 0" and "holds no such tile" in e.detail


def test_tenhou6_a_call_on_no_discard() -> None:
    obj = _real()
    obj["log"][0][8][2] = "c272829"  # seat 1 chis a 27p nobody discarded
    e = _error6(obj)
    assert "fit no order of play" in e.detail and e.location == "log[0] E1-0"


def test_tenhou6_a_fifth_copy() -> None:
    obj = _real()
    obj["log"][0][4][:4] = [11, 11, 11, 11]
    obj["log"][0][7][0] = 11
    e = _error6(obj)
    assert "fifth copy" in e.detail


def test_tenhou6_wrong_player_counts() -> None:
    obj = _real()
    obj["log"][0] = obj["log"][0][:14]  # a round of three seats: the game is a 3-player one
    assert "4 players named in a 3-player game" in _error6(obj).detail
    obj = _real()
    obj["log"][2] = obj["log"][2][:14]
    e = _error6(obj)
    assert e.location == "log[2]" and "17 items" in e.detail
    obj = _real()
    obj["name"] = ["a", "b", "c", "d", "e"]
    assert "5 players named" in str(_error6(obj))


def test_tenhou6_bad_score_and_yaku() -> None:
    obj = _real()
    obj["log"][0][16][2][3] = "lots of points"
    assert "not a score" in _error6(obj).detail
    obj = _real()
    obj["log"][0][16][2][4] = "強い"
    assert "not a yaku with its han" in _error6(obj).detail
    obj = _real()
    obj["log"][0][16][0] = "勝ち"
    assert "neither 和了 nor a drawn game" in _error6(obj).detail


def test_tenhou6_not_a_log() -> None:
    assert "a 'log' list" in str(_error6({"title": "x"}))
    assert "no round" in str(_error6({"log": []}))


def test_mjai_truncated_line() -> None:
    lines = MJAI.splitlines(keepends=True)
    e = _errorm("".join(lines[:5]) + lines[5][:20])
    assert e.location == "line 6" and "not JSON" in e.detail


def test_mjai_unknown_tile_and_hidden_tiles() -> None:
    ev = [json.loads(x) for x in MJAI.splitlines()]
    ev[2]["pai"] = "0m"
    e = _errorm(ev)
    assert e.location == "line 3 (tsumo)" and "not an mjai tile" in e.detail
    ev = [json.loads(x) for x in MJAI.splitlines()]
    ev[1]["tehais"][2] = ["?"] * 13
    assert "hidden tile" in _errorm(ev).detail


def test_mjai_impossible_events() -> None:
    ev = [json.loads(x) for x in MJAI.splitlines()]
    first_dahai = next(i for i, x in enumerate(ev) if x["type"] == "dahai")
    ev.insert(first_dahai, dict(ev[first_dahai]))  # a discard twice: the second without a draw
    e = _errorm(ev)
    assert e.location.startswith(f"line {first_dahai + 2} (dahai)")
    ev = [json.loads(x) for x in MJAI.splitlines()]
    ev.insert(3, {"type": "pon", "actor": 2, "target": 1, "pai": "E", "consumed": ["E", "E"]})
    assert "not the last discard" in _errorm(ev).detail
    ev = [json.loads(x) for x in MJAI.splitlines()]
    ev.insert(2, {"type": "fly"})
    assert "unknown event type" in _errorm(ev).detail


def test_mjai_wrong_player_counts() -> None:
    ev = [json.loads(x) for x in MJAI.splitlines()]
    ev[1]["tehais"] = ev[1]["tehais"][:2]
    assert "3 or 4 players" in _errorm(ev).detail
    ev = [json.loads(x) for x in MJAI.splitlines()]
    ev[0]["names"] = ["a", "b", "c"]
    assert "3 names for 4 players" in _errorm(ev).detail


def test_unreadable_files_at_the_command_line(tmp_path: Path) -> None:
    bad = tmp_path / "cut.json"
    bad.write_text(REAL6[:300], encoding="utf-8")
    plain = tmp_path / "plain.txt"
    plain.write_text("hello", encoding="utf-8")
    assert replay_file(str(plain), "auto", None)[1] == (
        f"{plain}: not a log format suanfan reads (tenhou-xml, tenhou6, mjai, botzone)")
    out, err, _games = replay_file(str(bad), "auto", None)
    assert not out and err is not None and err.startswith(f"{bad}: not JSON, or truncated")
    lines = tmp_path / "bad.jsonl"
    lines.write_text(MJAI.replace('"pai":"', '"pai":"x', 1), encoding="utf-8")
    out, err, _games = replay_file(str(lines), "auto", None)
    assert err is not None and err.startswith(f"{lines}: line ") and "not an mjai tile" in err
    with pytest.raises(LogError, match="unknown log format"):
        read(lines, "yaml")
