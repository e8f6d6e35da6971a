"""suanfan stats: counts worked by hand on real logs (docs/stats.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from suanfan.logs import read
from suanfan.stats import player_stats, ready

DATA = Path(__file__).resolve().parents[1] / "data"
PAO = DATA / "tenhou" / "logs" / "dnovikoff" / "pao.xml"
DOUBLE = DATA / "logs" / "mjai" / "double-ron.jsonl"


def _stats(*args: str) -> tuple[int, dict[str, object]]:
    p = subprocess.run([sys.executable, "-m", "suanfan", "stats", "--json", *args],
                       capture_output=True, text=True)
    return p.returncode, json.loads(p.stdout)


def _by_name(path: Path) -> dict[str, dict[str, object]]:
    return {c.name: c.to_dict() for c in player_stats([read(str(path))])}


def test_double_ron_by_hand() -> None:
    # one round: タケオしゃん (7700) and デジタル仙人 (8000) both ron はっとりへいじ's discard
    s = _by_name(DOUBLE)
    assert s["タケオしゃん"]["wins"] == 1 and s["デジタル仙人"]["wins"] == 1
    assert s["はっとりへいじ"]["deal_ins"] == 1  # a double ron is one deal-in
    assert s["はっとりへいじ"]["average_deal_in"] == (7700 + 8000) / 2
    assert s["タケオしゃん"]["average_win"] == 7700.0
    assert s["タケオしゃん"]["riichi"] == 1 and s["初代☆"]["calls"] == 1
    assert all(p["rounds"] == 1 and p["draws"] == 0 for p in s.values())


def test_pao_by_hand() -> None:
    s = _by_name(PAO)
    assert [p["rounds"] for p in s.values()] == [4, 4, 4, 4]
    assert sum(p["wins"] for p in s.values()) == 4
    assert s["Suika"]["average_win"] == 32000.0 and s["Suika"]["tsumo_wins"] == 1
    assert s["くみっきー"]["deal_ins"] == 1  # the pao seat of a tsumo is no deal-in
    assert sorted(p["average_placement"] for p in s.values()) == [1.0, 2.0, 3.0, 4.0]
    keys = {"name", "seats", "games", "rounds", "wins", "tsumo_wins", "deal_ins", "riichi",
            "calls", "draws", "tenpai_at_draw", "win_rate", "deal_in_rate", "riichi_rate",
            "call_rate", "tsumo_rate", "average_win", "average_deal_in", "placements",
            "average_placement"}
    assert all(set(p) == keys for p in s.values())


def test_ready_four_copies_rule() -> None:
    c = [0] * 34
    for k in (0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8):  # 1111m2345678m99m: waits exist
        c[k] += 1
    assert ready(c, 0)
    c = [0] * 34  # 1111m + 222p333p444p: waits only on 1m (all four held): not ready
    for k in (0, 0, 0, 0):
        c[k] += 1
    assert not ready(c, 3)


def test_same_in_every_format(tmp_path: Path) -> None:
    out = tmp_path / "pao.json"
    subprocess.run([sys.executable, "-m", "suanfan", "convert", str(PAO), "--to", "mjai",
                    "-o", str(out)], check=True, capture_output=True)
    assert _stats(str(PAO)) == _stats(str(out))


def test_jobs_two_equals_one() -> None:
    assert _stats(str(PAO), str(DOUBLE), "--jobs", "2") == _stats(str(PAO), str(DOUBLE))


def test_unknown_player_exit_2() -> None:
    rc, out = _stats(str(PAO), "--player", "nobody")
    assert rc == 2 and out == {"players": []}


def test_robbed_kong_nagashi_abortive() -> None:
    mjai = DATA / "logs" / "mjai"
    s = _by_name(mjai / "chankan.jsonl")  # 麻雀研究部's added kong robbed by macpac
    assert s["麻雀研究部"]["deal_ins"] == 1 and s["macpac"]["wins"] == 1
    s = _by_name(mjai / "nagashi-mangan.jsonl")  # nagashi mangan is an exhaustive draw
    assert all(p["draws"] == 1 for p in s.values())
    s = _by_name(mjai / "abortive-draws.jsonl")  # five abortive draws: rounds, no draws
    assert all(p["rounds"] == 5 and p["draws"] == 0 for p in s.values())
    assert all(p["riichi"] >= 1 for p in s.values())  # the four riichi of reach4 count
