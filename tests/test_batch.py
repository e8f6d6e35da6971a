"""``suanfan.batch`` and ``suanfan batch`` (issue 14, part 4): JSON Lines in, the ``--json`` result
of each line out in the same order, bad lines as error objects that do not stop the run, the
same output with one process or several."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from suanfan import MahjongError, mcr, riichi
from suanfan.batch import mcr_json, score_line, score_many
from suanfan.mcr.generate import random_hand


def _lines(n: int, seed: int = 5) -> list[str]:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        hand, situation = random_hand(rng)
        obj = {"hand": str(hand), **situation}
        if i % 3 == 0:
            obj["system"] = "mcr"
        out.append(json.dumps(obj))
    return out


def test_each_line_is_the_json_of_its_score_in_order() -> None:
    lines = _lines(300)
    got = [json.loads(x) for x in score_many(lines, jobs=1)]
    for line, answer in zip(lines, got, strict=True):
        obj = json.loads(line)
        obj.pop("system", None)
        hand = obj.pop("hand")
        expected = mcr_json(mcr.score(hand, **obj))
        assert answer == json.loads(json.dumps(expected, ensure_ascii=False))


def test_processes_give_the_same_lines_in_the_same_order() -> None:
    lines = _lines(700, seed=9)
    lines.insert(123, '{"hand": "123m"}')            # an error in the middle
    lines.insert(400, "")                            # a blank line: skipped, still counted
    one = list(score_many(lines, jobs=1, chunk=50))
    two = list(score_many(lines, jobs=2, chunk=50))
    assert one == two
    assert len(one) == 701
    bad = json.loads(one[123])
    assert bad["error"] == "InvalidHand" and bad["line"] == 124


def test_bad_lines_are_error_objects_naming_the_fault() -> None:
    cases = {
        "not json": "InvalidArgument",
        "[1, 2]": "InvalidArgument",
        '{"self_drawn": true}': "InvalidArgument",                      # no hand
        '{"system": "go", "hand": "123m"}': "InvalidArgument",
        '{"hand": "123m456p789s1122z 2z", "tsumo": true}': "InvalidArgument",  # riichi flag, MCR line
        '{"system": "riichi", "hand": "123m456p789s1122z 2z"}': "NoYaku",
        '{"hand": "[567m2][999s3]11p345s78s 6s", "winner": 9}': "InvalidArgument",
        '{"hand": "[567m2][999s3]11p345s78s 6s", "self_drawn": "yes"}': "InvalidArgument",
        "[" * 5000: "InvalidArgument",
    }
    out = [json.loads(x) for x in score_many(list(cases), jobs=1)]
    for (line, kind), answer in zip(cases.items(), out, strict=True):
        assert answer["error"] == kind, (line[:40], answer)
        assert answer["detail"]


def test_riichi_lines_and_the_default_system() -> None:
    line = json.dumps({"hand": "123m456p789s1122z 2z", "tsumo": True, "dora_indicators": "1z"})
    (answer,) = score_many([line], jobs=1, system="riichi")
    assert json.loads(answer) == json.loads(json.dumps(riichi.score(
        "123m456p789s1122z 2z", tsumo=True, dora_indicators="1z").to_dict(), ensure_ascii=False))
    with pytest.raises(MahjongError):
        score_line({"hand": "123m"}, system="chess")
    with pytest.raises(MahjongError):
        list(score_many([line], jobs=0))


def test_the_command_line(tmp_path: Path) -> None:
    lines = [*_lines(40, seed=3), '{"hand": "1m"}']
    src = tmp_path / "hands.jsonl"
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    dst = tmp_path / "out.jsonl"
    run = [sys.executable, "-m", "suanfan", "batch"]
    done = subprocess.run([*run, str(src), "-o", str(dst), "--jobs", "2"], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0 and done.stderr == ""   # no progress when stderr is no terminal
    written = dst.read_text(encoding="utf-8").splitlines()
    assert written == list(score_many(lines, jobs=1))
    piped = subprocess.run([*run, "--jobs", "1", "--strict"], input="\n".join(lines), capture_output=True,
                           text=True, timeout=300)
    assert piped.returncode == 1 and piped.stdout.splitlines() == written
    for bad in (["/no/such/file"], ["--jobs", "0"]):
        done = subprocess.run([*run, *bad], capture_output=True, text=True, timeout=300)
        assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
