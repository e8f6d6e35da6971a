"""The original mjai protocol (gimite/mjai, the Ruby AI arena): ``start_kyoku`` without scores
(and without ``kyotaku`` in its Tenhou converter's logs), ``hora`` with ``yakus`` ``fan`` (100 a
yakuman) ``hora_tehais`` ``scores``, ``ryukyoku`` with ``tenpais`` ``tehais``, ``log`` and
``none`` events, and the server's ``error`` that ends a game. The fixtures are a real Tenhou game
written in that protocol's shape (``tests/data/logs/mjai/make_original.py``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from suanfan.logs import LogError, mjai, read, replay
from suanfan.logs.replay import TENHOU_YAKU

DATA = Path(__file__).resolve().parents[1] / "data"
ARCHIVE = DATA / "logs" / "mjai" / "original-archive.mjson"
SERVER = DATA / "logs" / "mjai" / "original-error.mjson"
SOURCE = DATA / "tenhou" / "logs" / "mjx" / \
    "tests_cpp_resources_mjlog_2010091009gm-00a9-0000-83af2648&tw=2.mjlog"
LINES = [json.loads(x) for x in ARCHIVE.read_text(encoding="utf-8").splitlines()]


def _parse(lines: list[dict[str, Any]], strict: bool = True) -> Any:
    return mjai.parse("".join(json.dumps(x) + "\n" for x in lines), "o.mjson", strict)


def _index(kind: str, nth: int = 0) -> int:
    return [i for i, e in enumerate(LINES) if e["type"] == kind][nth]


def test_the_whole_game_reads_and_every_win_is_reproduced_yaku_included() -> None:
    game, tenhou = read(ARCHIVE), read(SOURCE)
    assert game.unreadable == () and len(game.rounds) == 8
    # the scores and sticks the log leaves out are carried from round to round: the same as
    # Tenhou's (S1-2 starts with the stick of E4-1's riichi, which its winner collects)
    assert [(r.label, r.scores, r.sticks) for r in game.rounds] == \
        [(r.label, r.scores, r.sticks) for r in tenhou.rounds]
    assert game.rounds[6].sticks == 1 and game.rounds[6].wins[0].recorded.deltas[3] == 5500
    for w, t in zip(game.wins, tenhou.wins, strict=True):
        assert "yaku" in w.recorded.known and not w.conflicts
        # the yaku named in mjai are Tenhou's ids again (the winds and dragons resolved)
        assert sorted(w.recorded.yaku) == sorted(y for y in t.recorded.yaku if y[1])
        assert w.recorded.yakuman == t.recorded.yakuman
        assert (w.recorded.han, w.recorded.fu, w.recorded.points) == \
            (t.recorded.han, t.recorded.fu, t.recorded.points)
    replayed = list(replay(game))
    assert len(replayed) == 7 and all(r.equal for r in replayed)
    assert dict(replayed[0].recorded.yaku) == {"dora": 1, "haku": 1, "seat_wind_n": 1}
    assert replayed[5].recorded.yaku == (("daisangen", 13),) and replayed[5].recorded.han == 13


def test_a_server_error_ends_the_game_and_cuts_its_round() -> None:
    with pytest.raises(LogError) as info:
        read(SERVER)
    e = info.value
    assert e.location == "line 312 (error)"
    assert "the server stopped the game: Error in player 2's response: Cannot dahai" in e.detail
    game = read(SERVER, strict=False)
    assert [r.label for r in game.rounds] == ["E1-0", "E2-0", "E2-1", "E3-0"]
    assert game.unreadable == (game.rounds[3],) and not game.rounds[3].wins
    assert (game.rounds[3].error or "").startswith("original-error.mjson: line 312 (error): ")
    assert len(game.rounds[3].events) > 1  # the events read before the error
    tenhou = read(SOURCE)
    for w, t in zip(game.wins, tenhou.wins[:3], strict=True):  # hora.rb's yakus: the same ids
        assert sorted(w.recorded.yaku) == sorted(y for y in t.recorded.yaku if y[1])
    assert [r.equal for r in replay(game)] == [True, True, True]


def test_an_error_after_a_win_or_between_rounds_cuts_nothing() -> None:
    stop = {"type": "error", "message": "Error in player 0's response: Unexpected response"}
    after_win = [*LINES[:_index("hora") + 1], stop]
    game = _parse(after_win, strict=False)
    assert game.unreadable == () and len(game.wins) == 1
    between = [*LINES[:_index("end_kyoku", 1) + 1], stop]
    assert _parse(between, strict=False).unreadable == ()
    with pytest.raises(LogError, match="the server stopped the game"):
        _parse(between)  # strict: the game did not end as a game ends
    with pytest.raises(LogError, match="an event after end_game"):
        _parse([*LINES, {"type": "none"}])


def test_log_and_none_events_are_read_anywhere() -> None:
    lines = list(LINES)
    for k in (_index("hora"), _index("start_kyoku", 1), 1):
        lines.insert(k, {"type": "log", "text": "thinking"})
        lines.insert(k, {"type": "none"})
    game, plain = _parse(lines), _parse(LINES)
    assert [(w.hand, w.recorded) for w in game.wins] == [(w.hand, w.recorded) for w in plain.wins]
    assert [r.label for r in game.rounds] == [r.label for r in plain.rounds]


def test_start_scores_from_start_game_or_25000() -> None:
    assert _parse(LINES).rounds[0].scores == (25000,) * 4
    lines = [dict(x) for x in LINES]  # copies: the events are changed
    lines[0]["scores"] = [30000, 30000, 20000, 20000]
    game = _parse(lines)
    assert game.rounds[0].scores == (30000, 30000, 20000, 20000)
    # the scores a hora states are carried (here they disagree with the deltas: a conflict)
    assert game.rounds[1].scores == (25000, 25000, 19800, 30200)
    assert game.wins[0].conflicts[0].startswith("scores after the win: the deltas give [30000, "
                                                "30000, 14800, 25200]")
    del lines[_index("hora")]["scores"]  # none stated: the deltas' sum is carried
    assert _parse(lines).rounds[1].scores == (30000, 30000, 14800, 25200)
    lines[0]["scores"] = [1, 2]
    with pytest.raises(LogError, match="line 1 \\(start_game\\): scores"):
        _parse(lines)


def test_the_record_checked_against_the_events() -> None:
    k = _index("hora")
    lines = [dict(x) for x in LINES]
    lines[k]["hora_tehais"] = ["1m", *lines[k]["hora_tehais"][1:]]
    lines[k]["scores"] = [25000, 25000, 19800, 30300]
    lines[k]["yakus"] = [["jikaze", 1], ["sangenpai", 2], ["dora", 1]]
    w = _parse(lines).wins[0]
    assert any(c.startswith("hora_tehais: the events give ") for c in w.conflicts)
    assert any(c.startswith("scores after the win: the deltas give [25000, 25000, 19800, "
                            "30200], the log [25000, 25000, 19800, 30300]") for c in w.conflicts)
    assert "yakus: sangenpai 2, the winner has 1 dragon sets" in w.conflicts
    # a name the original mjai does not have (another program's): the yaku are not compared
    lines[k]["yakus"] = [["jikaze", 1], ["haku", 1], ["dora", 1]]
    w = _parse(lines).wins[0]
    assert "yaku" not in w.recorded.known and w.recorded.han == 3
    lines[k]["yakus"] = [["reach", "1"]]
    with pytest.raises(LogError) as info:
        _parse(lines)
    assert info.value.location == f"line {k + 1} (hora)"
    assert "is not a list of [name, fan]" in info.value.detail


def test_yaku_names_are_suanfan_yaku() -> None:
    from suanfan.riichi import YAKU

    for name, tenhou_id in mjai.YAKU_IDS.items():
        assert TENHOU_YAKU[tenhou_id] in YAKU, name


def test_a_yakuman_counts_13_han_each() -> None:
    k = next(i for i, e in enumerate(LINES) if e["type"] == "hora" and e["fan"] == 100)
    lines = [dict(x) for x in LINES]
    w = _parse(lines).wins[5]
    assert (w.recorded.han, w.recorded.yakuman, w.recorded.yaku) == (13, (39,), ())
    # the Tenhou converter writes fan 100 for a double yakuman too: the yakus count
    lines[k]["yakus"] = [["daisangen", 100], ["tsuiso", 100]]
    assert _parse(lines).wins[5].recorded.han == 26
    del lines[k]["yakus"]  # no yakus: the fan says it
    lines[k]["fan"] = 200
    w = _parse(lines).wins[5]
    assert (w.recorded.han, w.recorded.limit, "yaku" in w.recorded.known) == (26, "yakuman", False)


def _numbers(text: str) -> list[int]:
    """Tenhou tile numbers of an MPSZ string (copies 0, 1, 2, 3 in turn for repeats)."""
    from suanfan.notation import parse_tiles

    seen: dict[int, int] = {}
    out = []
    for k in parse_tiles(text):
        out.append(4 * k + seen.get(k, 0))
        seen[k] = seen.get(k, 0) + 1
    return out


@pytest.mark.parametrize(("name_id", "hand", "win", "tenhou_id"), [
    (40, "111m222p333s444z5z", "5z", 41),       # suanko: the winning tile pairs a single one
    (40, "111m222p333s44z55z", "5z", 40),       # on a pair: not tanki
    (45, "1112345678999m", "5m", 46),            # churenpoton: the nine-sided wait
    (45, "1112345678899m", "9m", 45),
    (47, "19m19p19s1234567z", "1m", 48),         # kokushimuso: the thirteen-sided wait
    (47, "19m19p19s1234566z", "7z", 47),
])
def test_the_wait_form_of_a_yakuman_named_without_it(name_id: int, hand: str, win: str,
                                                     tenhou_id: int) -> None:
    """gimite/mjai's Tenhou converter names suuankou and suuankou tanki alike (``suanko``), and
    likewise ``churenpoton`` and ``kokushimuso``: the form Tenhou records is found from the
    hand, so that the yaku compare with the scorer's."""
    from suanfan.logs.mjai import _wait_form

    tiles = _numbers(hand + win)
    assert _wait_form(name_id, tiles[:13], tiles[13]) == tenhou_id
