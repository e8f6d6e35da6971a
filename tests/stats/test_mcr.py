"""suanfan stats on Botzone MCR logs: per-seat counts worked by hand on the 16 real matches of
Botzone's public sample (read in place from ../shared/data/real/botzone_sample.txt), and on the
hand-made logs of tests/data/logs/botzone (docs/stats.md, "MCR (Botzone) statistics")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from suanfan.cli import main
from suanfan.logs import botzone
from suanfan.stats.mcr import MCRCounts, match_counts, mcr_stats

DATA = Path(__file__).resolve().parents[1] / "data"
BOTZONE = DATA / "logs" / "botzone"
PAO = DATA / "tenhou" / "logs" / "dnovikoff" / "pao.xml"
SAMPLE = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "real" / \
    "botzone_sample.txt"

needs_sample = pytest.mark.skipif(not SAMPLE.exists(), reason="no ../shared/data/real")


def _json(*args: str) -> tuple[int, dict[str, Any]]:
    p = subprocess.run([sys.executable, "-m", "suanfan", "stats", "--json", *args],
                       capture_output=True, text=True)
    return p.returncode, json.loads(p.stdout)


def _by_seat(path: Path) -> dict[str, dict[str, Any]]:
    return {c.name: c.to_dict() for c in mcr_stats(botzone.read(path))}


@needs_sample
def test_real_sample_by_hand() -> None:
    # The 16 matches (ids 61602cb45ddc087351c04358 ... 43a3; the last 4 hex digits below), one
    # hand each, read off their Hu / Fan lines: 14 wins, 2 drawn games (4399, 43a3).
    #   seat 0 wins 4385 (on seat 3's discard, 12 fans)
    #   seat 1 wins 4358, 435d (on seat 2's, 9 and 9), 436c (self-drawn, 10)
    #   seat 2 wins 4362 (self-drawn, 14), 439e (on seat 0's, 11)
    #   seat 3 wins 4367 (self-drawn, 10), 4371 (seat 1's, 17), 4376 (seat 1's, 11),
    #          437b (seat 2's, 10), 4380 (self-drawn, 13), 438a (self-drawn, 9),
    #          438f (seat 1's, 16), 4394 (self-drawn, 10)
    s = _by_seat(SAMPLE)
    assert list(s) == ["seat 0", "seat 1", "seat 2", "seat 3"]
    assert all(p["games"] == p["rounds"] == 16 and p["draws"] == 2 for p in s.values())
    assert [s[k]["wins"] for k in s] == [1, 3, 2, 8]
    assert [s[k]["self_drawn_wins"] for k in s] == [0, 1, 1, 4]
    # deal-ins: seat 0 fed 439e; seat 1 fed 4371 4376 438f; seat 2 fed 4358 435d 437b;
    # seat 3 fed 4385
    assert [s[k]["deal_ins"] for k in s] == [1, 3, 3, 1]
    assert s["seat 1"]["average_fans"] == pytest.approx((9 + 9 + 10) / 3)
    assert s["seat 2"]["average_fans"] == (14 + 11) / 2
    assert s["seat 3"]["average_fans"] == (10 + 17 + 11 + 10 + 13 + 9 + 16 + 10) / 8
    # our engine scores every one of these wins as Botzone recorded it
    assert all(p["fan_differences"] == 0 and p["refused"] == 0 for p in s.values())
    assert all(p["average_fans"] == p["average_recorded_fans"] for p in s.values())
    fans = {f["id"]: f for f in s["seat 3"]["fans"]}
    # 平和 in 4367 4376 4380 4394; 自摸 in 4380 438a 4394 (4367 is 不求人, which counts
    # instead of 自摸); 喜相逢 twice in 4376, once in 438a and 4394
    assert (fans["all_chows"]["wins"], fans["all_chows"]["rate"]) == (4, 0.5)
    assert fans["all_chows"]["zh"] == "平和" and fans["all_chows"]["en"] == "All Chows"
    assert fans["self_drawn"]["wins"] == 3 and fans["fully_concealed_hand"]["wins"] == 1
    assert (fans["mixed_double_chow"]["wins"], fans["mixed_double_chow"]["count"]) == (3, 4)
    assert s["seat 3"]["fans"][0]["id"] == "all_chows"


def test_robbed_kong_is_the_konger_deal_in() -> None:
    # seat 0 promotes its pung of T5 and seat 2 robs it (抢杠和): the kong's player pays
    s = _by_seat(BOTZONE / "robbing_kong.txt")
    assert s["seat 2"]["wins"] == 1 and s["seat 2"]["self_drawn_wins"] == 0
    assert s["seat 0"]["deal_ins"] == 1 and s["seat 3"]["deal_ins"] == 0
    assert s["seat 2"]["average_fans"] == 20
    assert "robbing_the_kong" in {f["id"] for f in s["seat 2"]["fans"]}


def test_drawn_game_and_flowers() -> None:
    s = _by_seat(BOTZONE / "huang.txt")
    assert all(p["draws"] == 1 and p["wins"] == p["deal_ins"] == 0 for p in s.values())
    s = _by_seat(BOTZONE / "flowers.txt")  # Fan 12 with 花牌*2: flowers are in the total
    assert s["seat 1"]["average_fans"] == 12 and s["seat 0"]["deal_ins"] == 1
    assert {f["id"]: f["count"] for f in s["seat 1"]["fans"]}["flower_tiles"] == 2


def test_engine_total_used_where_the_record_differs(tmp_path: Path) -> None:
    text = (BOTZONE / "robbing_kong.txt").read_text().replace("Fan 20 ", "Fan 24 ")
    (tmp_path / "edited.txt").write_text(text)
    s = _by_seat(tmp_path / "edited.txt")["seat 2"]
    assert (s["average_fans"], s["average_recorded_fans"], s["fan_differences"]) == (20, 24, 1)


def test_counts_add_up_across_files(tmp_path: Path) -> None:
    files = sorted(BOTZONE.glob("*.txt"))
    whole = tmp_path / "all.txt"
    whole.write_text("".join(p.read_text() for p in files))
    merged = mcr_stats([c for p in files for m in botzone.read(p) for c in match_counts(m)])
    assert merged == mcr_stats(botzone.read(whole))
    assert sum(c.games for c in merged) == 4 * sum(1 for _ in botzone.read(whole))
    with pytest.raises(ValueError):
        MCRCounts("seat 0") + MCRCounts("seat 1")


def test_cli_json_and_riichi_entries_unchanged() -> None:
    rc, out = _json(str(PAO), str(BOTZONE / "robbing_kong.txt"))
    assert rc == 0
    players = out["players"]
    assert isinstance(players, list)
    riichi = [p for p in players if "system" not in p]
    mcr = [p for p in players if p.get("system") == "mcr"]
    assert [p["name"] for p in mcr] == ["seat 0", "seat 1", "seat 2", "seat 3"]
    assert len(riichi) == 4 and len(players) == 8
    rc, alone = _json(str(PAO))
    assert alone["players"] == riichi  # the riichi entries as without the Botzone file
    rc, one = _json(str(BOTZONE / "robbing_kong.txt"), "--player", "seat 2")
    assert rc == 0 and [p["name"] for p in one["players"]] == ["seat 2"]


def test_jobs_two_equals_one() -> None:
    files = [str(p) for p in sorted(BOTZONE.glob("*.txt"))]
    assert _json(*files, "--jobs", "2") == _json(*files)


def test_bad_match_one_line_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = (BOTZONE / "huang.txt").read_text()
    bad = (BOTZONE / "robbing_kong.txt").read_text().replace("Player 0 Play W8", "Player 0 Play J9")
    log = tmp_path / "two.txt"
    log.write_text(bad + good)
    assert main(["stats", "--json", str(log)]) == 2
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and f"{log}: line " in err and "J9" in err
    players = json.loads(out)["players"]
    assert [p["games"] for p in players] == [1, 1, 1, 1]  # the good match still counts
    assert all(p["draws"] == 1 for p in players)


def test_text_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", str(BOTZONE / "robbing_kong.txt"), "--lang", "en"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[:4] == ["seat", "games", "rounds", "wins"]
    assert out[3].split()[:5] == ["seat", "2", "1", "1", "1"]
    assert out[7].startswith("seat 2 fans (wins with it, of 1): ") and "Robbing the Kong 1" in out[7]
    assert main(["stats", str(BOTZONE / "robbing_kong.txt"), "--lang", "zh"]) == 0
    assert "抢杠和 1" in capsys.readouterr().out
