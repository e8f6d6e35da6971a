"""Lenient reading (``strict=False``): a fault inside a round loses that round only, in all three
riichi formats; the faults of the whole file still raise; ``suanfan replay`` reports each
unreadable round and replays the others."""

from __future__ import annotations

import gzip
import json
import pickle
import re
from pathlib import Path
from typing import Any

import pytest

from suanfan.cli import main
from suanfan.commands.replay import replay_file
from suanfan.logs import Game, LogError, Round, mjai, parse, read, replay, tenhou6

LOGS = Path(__file__).resolve().parents[1] / "data" / "tenhou" / "logs"
PAO_PATH = LOGS / "dnovikoff" / "pao.xml"
PAO = PAO_PATH.read_text(encoding="utf-8")  # four rounds, a win each: E1-0 E1-1 E2-0 E2-1
LABELS = ["E1-0", "E1-1", "E2-0", "E2-1"]


def _second_round_discard(text: str) -> re.Match[str]:
    """The first discard of the log's second round."""
    second = [m.start() for m in re.finditer("<INIT", text)][1]
    m = re.compile(r"<([D-G])(\d+)/>").search(text, second)
    assert m is not None
    return m


def _check_round_two_cut(game: Game, where: str) -> None:
    """Rounds 1, 3 and 4 read whole and replayed; round 2 kept with the error naming the place
    at fault, the events up to it and no wins."""
    assert [r.label for r in game.rounds] == LABELS
    bad = game.rounds[1]
    assert game.unreadable == (bad,)
    assert bad.error is not None and not bad.wins and not bad.complete
    assert bad.error.startswith(f"{game.file}: {where}")
    assert [r.error for r in game.rounds if r is not bad] == [None, None, None]
    assert [r.round for r in replay(game)] == ["E1-0", "E2-0", "E2-1"]
    assert all(r.equal for r in replay(game))
    assert pickle.loads(pickle.dumps(game)) == game


def test_mjlog_a_bad_event_in_round_two() -> None:
    m = _second_round_discard(PAO)
    text = PAO[:m.start()] + "<D200/>" + PAO[m.end():]
    with pytest.raises(LogError) as info:  # strict (the default): the whole file
        parse(text, "bad.xml")
    assert info.value.tag == "D200" and "does not hold tile 200" in str(info.value)
    game = parse(text, "bad.xml", strict=False)
    _check_round_two_cut(game, f"event {info.value.index} <D200>: discard: seat 0 does not hold "
                               "tile 200")
    assert game.rounds[1].events[-1].kind == "draw"  # read up to the fault
    assert game.rounds[1].events[0].kind == "deal"


def test_mjlog_a_bad_round_start_and_a_fault_after_a_win() -> None:
    # round 2's INIT with a bad seed: the round is cut at its start and named from the seed
    second = [m.start() for m in re.finditer("<INIT", PAO)][1]
    seed = re.compile(r'seed="(\d+),(\d+),').search(PAO, second)
    assert seed is not None
    text = PAO[:seed.start()] + 'seed="0,1,0,x,' + PAO[seed.end():]
    game = parse(text, "seed.xml", strict=False)
    assert [r.label for r in game.rounds] == LABELS
    assert game.rounds[1].events == () and "seed" in (game.rounds[1].error or "")
    # an unknown element after round 1's win and before round 2: an unreadable round of its
    # own (it might have been a round's start), round 1 and its win stand
    init2 = [m.start() for m in re.finditer("<INIT", PAO)][1]
    game = parse(PAO[:init2] + "<FOO/>" + PAO[init2:], "foo.xml", strict=False)
    assert [r.label for r in game.rounds] == ["E1-0", "?0-0", *LABELS[1:]]
    assert [r.error is not None for r in game.rounds] == [False, True, False, False, False]
    assert "<FOO>: unknown element" in (game.rounds[1].error or "")
    assert [r.round for r in replay(game)] == LABELS
    # ... but another winner's bad <AGARI> is the won round's
    agari = PAO.index("<AGARI")
    game = parse(PAO[:init2] + '<AGARI who="9" fromWho="0"/>' + PAO[init2:], "a.xml",
                 strict=False)
    assert [r.error is not None for r in game.rounds] == [True, False, False, False]
    assert agari < init2 and "seat 9 in a 4-player game" in (game.rounds[0].error or "")


def test_mjlog_malformed_part_way_keeps_the_rounds_before() -> None:
    m = _second_round_discard(PAO)
    game = parse(PAO[:m.start() + 3], "cut.xml", strict=False)
    assert [r.label for r in game.rounds] == LABELS[:2]
    assert game.rounds[0].error is None and len(game.rounds[0].wins) == 1
    assert "malformed or truncated XML" in (game.rounds[1].error or "")


@pytest.mark.parametrize("text", [
    "<html><body/></html>",  # not an mjlog
    '<mjloggm ver="2.3"><FOO/></mjloggm>',  # a fault before any round
    '<mjloggm ver="2.3"><UN n0="a"/></mjloggm>',  # no GO
    PAO[:200],  # cut before the first round
])
def test_faults_of_the_whole_file_still_raise(text: str) -> None:
    with pytest.raises(LogError):
        parse(text, "whole.xml", strict=False)


def test_whole_file_faults_of_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cut = tmp_path / "cut.mjlog"
    cut.write_bytes(gzip.compress(PAO.encode())[:500])
    with pytest.raises(LogError, match="bad gzip"):
        read(cut, strict=False)
    from suanfan.logs import tenhou as tenhou_module

    monkeypatch.setattr(tenhou_module, "MAX_BYTES", 4_000)
    with pytest.raises(LogError, match="larger than"):
        read(PAO_PATH, strict=False)
    with pytest.raises(LogError, match="not JSON"):
        tenhou6.parse('{"log": [[', "cut.json", strict=False)


def test_mjai_a_bad_event_in_round_two() -> None:
    lines = [json.loads(x) for x in mjai.dumps(parse(PAO, "pao.xml")).splitlines()]
    starts = [i for i, e in enumerate(lines) if e["type"] == "start_kyoku"]
    k = next(i for i in range(starts[1], starts[2]) if lines[i]["type"] == "dahai")
    lines[k]["pai"] = "0z"
    text = "".join(json.dumps(x) + "\n" for x in lines)
    with pytest.raises(LogError, match=f"line {k + 1} \\(dahai\\)"):
        mjai.parse(text, "bad.jsonl")
    _check_round_two_cut(mjai.parse(text, "bad.jsonl", strict=False),
                         f"line {k + 1} (dahai): pai: '0z' is not an mjai tile")
    # a line that is not JSON, in round 2: the same
    raw = text.splitlines(keepends=True)
    raw[k] = raw[k][:20] + "\n"
    _check_round_two_cut(parse("".join(raw), "cut.jsonl", strict=False),
                         f"line {k + 1}: not JSON, or cut short")
    # ... but a first line that is not JSON is not an mjai log at all
    with pytest.raises(LogError, match="line 1: not JSON"):
        mjai.parse("{oops\n" + text, "x.jsonl", strict=False)


def test_tenhou6_a_bad_round_two() -> None:
    obj: dict[str, Any] = json.loads(tenhou6.dumps(parse(PAO, "pao.xml")))
    obj["log"][1][5][2] = 48  # seat 0's third draw
    text = json.dumps(obj, ensure_ascii=False)
    with pytest.raises(LogError, match="48 is not a tile"):
        tenhou6.parse(text, "bad.json")
    _check_round_two_cut(tenhou6.parse(text, "bad.json", strict=False),
                         "log[1] E1-1 seat 0 take 2: draw: 48 is not a tile")
    obj["log"][1] = "x"  # not a round at all: cut at its start, named by its place
    game = tenhou6.parse(json.dumps(obj), "x.json", strict=False)
    assert [r.label for r in game.rounds] == ["E1-0", "?0-0", "E2-0", "E2-1"]
    assert (game.rounds[1].error or "").startswith("x.json: log[1]: a round is a list")


def test_replay_file_strict_or_not(tmp_path: Path) -> None:
    obj: dict[str, Any] = json.loads(tenhou6.dumps(parse(PAO, "pao.xml")))
    obj["log"][1] = "x"
    path = tmp_path / "x.json"
    path.write_text(json.dumps(obj), encoding="utf-8")
    wins, err, games = replay_file(str(path), "auto", None)  # strict: the file is lost
    assert (wins, games) == ([], 0) and err == f"{path}: log[1]: a round is a list of 17 items " \
        "(4 players)"
    wins, err, games = replay_file(str(path), "auto", None, strict=False)
    assert [d["round"] for d in wins] == ["E1-0", "E2-0", "E2-1"] and games == 1
    assert err == f"{path}: round #2: log[1]: a round is a list of 17 items (4 players)"


def test_round_records_keep_their_constructor() -> None:
    r = Round(0, "0,0,0,0,0,0", "E", 1, 0, 0, 0, (25000,) * 4, (), (), None, True)
    assert r.error is None and r == Round(0, "0,0,0,0,0,0", "E", 1, 0, 0, 0, (25000,) * 4, (),
                                          (), None, True, error=None)
    cut = Round(0, "", "E", 1, 0, 0, 0, (), (), (), None, False, error="f: event 5 <T1>: x")
    assert pickle.loads(pickle.dumps(cut)).error == "f: event 5 <T1>: x"
    with pytest.raises(AttributeError):
        cut.error = None  # type: ignore[misc]
    assert read(PAO_PATH).unreadable == ()


def test_cli_reports_each_unreadable_round(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    m = _second_round_discard(PAO)
    bad = tmp_path / "bad.xml"
    bad.write_text(PAO[:m.start()] + "<D200/>" + PAO[m.end():], encoding="utf-8")
    assert main(["replay", "--json", str(bad), str(PAO_PATH)]) == 2
    out = capsys.readouterr()
    err = out.err.splitlines()
    assert len(err) == 1 and err[0].startswith(f"suanfan: error: {bad}: round E1-1: event ")
    assert "<D200>: discard: seat 0 does not hold tile 200" in err[0]
    lines = [json.loads(x) for x in out.out.splitlines()]
    assert [d["round"] for d in lines[:-1]] == ["E1-0", "E2-0", "E2-1", *LABELS]
    assert lines[-1] == {"summary": {"games": 2, "wins": 7, "equal": 7, "differ": 0,
                                     "refused": 0, "conflicts": 0, "unreadable": 0,
                                     "unreadable_rounds": 1, "skipped": 0}}
    assert main(["replay", str(bad)]) == 2
    assert capsys.readouterr().out.splitlines()[-1] == (
        "1 game, 3 wins: 3 reproduced, 0 differ; 1 round unreadable")


def _same_rounds(game: Game, whole: Game, cut: int, label: str = "") -> None:
    """Every round of ``game`` but the ``cut``-th as in ``whole``; that one unreadable (named
    ``label`` when given: a round whose start was lost, or a fault after the last round)."""
    labels = [r.label for r in whole.rounds]
    if label:
        labels[cut:cut + 1] = [label]
    assert [r.label for r in game.rounds] == labels
    rounds = list(whole.rounds)
    if cut == len(rounds):
        rounds.append(whole.rounds[0])  # a stand-in: it is not compared
    for i, (r, w) in enumerate(zip(game.rounds, rounds, strict=True)):
        if i == cut:
            assert r.error is not None and r.wins == ()
        else:
            assert r.error is None and [x.hand for x in r.wins] == [x.hand for x in w.wins]
            assert [x.recorded for x in r.wins] == [x.recorded for x in w.wins]


def test_any_line_of_an_mjai_log_cut_loses_its_round_only() -> None:
    lines = mjai.dumps(parse(PAO, "pao.xml")).splitlines(keepends=True)
    whole = mjai.parse("".join(lines), "pao.jsonl")
    starts = [i for i, x in enumerate(lines) if '"start_kyoku"' in x]
    ends = [i for i, x in enumerate(lines) if '"end_kyoku"' in x]
    # every fourth line, and each round's first and last (and the game's last)
    for k in sorted({*range(1, len(lines), 4), *starts, *ends, len(lines) - 1}):
        broken = "".join([*lines[:k], lines[k][:12] + "\n", *lines[k + 1:]])
        if k <= starts[0]:  # before the table is known (the first start_kyoku): the file's
            with pytest.raises(LogError, match=f"line {k + 1}: not JSON"):
                mjai.parse(broken, "cut.jsonl", strict=False)
            continue
        game = mjai.parse(broken, "cut.jsonl", strict=False)
        if k in starts:  # a round's start lost: the round is named by its place only
            _same_rounds(game, whole, starts.index(k), "?0-0")
        elif k == len(lines) - 1:  # end_game, after the last round's end: a fault of its own
            _same_rounds(game, whole, len(whole.rounds), "?0-0")
        else:
            _same_rounds(game, whole, max(i for i, s in enumerate(starts) if s <= k))


def test_any_event_of_an_mjlog_unknown_loses_its_round_only() -> None:
    whole = parse(PAO, "pao.xml")
    inits = [m.start() for m in re.finditer("<INIT", PAO)]
    tags = re.compile(r"<([T-W]\d+|[D-G]\d+|N |REACH|DORA|AGARI|RYUUKYOKU)[^>]*/>")
    events = list(tags.finditer(PAO, inits[0]))
    assert len(events) > 300
    for m in events[::2]:
        text = PAO[:m.start()] + "<X/>" + PAO[m.end():]
        game = parse(text, "x.xml", strict=False)
        _same_rounds(game, whole, max(i for i, s in enumerate(inits) if s < m.start()))
