"""``suanfan replay``'s report: why a win was refused, and conflicts between a log's events and
its record kept apart from score differences."""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path
from typing import Any

import pytest

import suanfan.logs
from suanfan.cli import main
from suanfan.errors import InvalidHand

LOGS = Path(__file__).resolve().parents[1] / "data" / "tenhou" / "logs"
PAO = LOGS / "dnovikoff" / "pao.xml"
# the module (suanfan.logs.replay is also the name of its function in suanfan.logs)
replay_module = importlib.import_module("suanfan.logs.replay")


def _refuse_the_daisangen(monkeypatch: pytest.MonkeyPatch) -> None:
    """The scorer refuses the fourth win of pao.xml (as it would a flag it cannot take)."""
    real = replay_module.score

    def score(hand: Any, **kw: Any) -> Any:
        if str(hand).startswith("[555z2]"):
            raise InvalidHand("rinshan kaihou without a kong: the hand declares no kong")
        return real(hand, **kw)

    monkeypatch.setattr(replay_module, "score", score)


def test_the_table_says_why_a_win_was_refused(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    _refuse_the_daisangen(monkeypatch)
    assert main(["replay", str(PAO)]) == 1
    lines = capsys.readouterr().out.splitlines()
    row = next(x for x in lines if "[555z2]" in x)
    assert "refused: InvalidHand: rinshan kaihou without a kong" in row
    assert re.search(r" -  +refused: InvalidHand", row)  # nothing scored, then the reason
    assert lines[-1] == "1 game, 4 wins: 3 reproduced, 1 differ (1 refused by the scorer)"


def test_json_counts_refused_wins(monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    _refuse_the_daisangen(monkeypatch)
    assert main(["replay", "--json", str(PAO)]) == 1
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    refused = [d for d in lines[:-1] if "error" in d]
    assert len(refused) == 1 and refused[0]["scored"] is None
    assert refused[0]["differences"] == ["error"]
    assert lines[-1]["summary"] == {"games": 1, "wins": 4, "equal": 3, "differ": 1,
                                         "refused": 1, "conflicts": 0, "unreadable": 0,
                                         "unreadable_rounds": 0, "skipped": 0}


def _edited(tmp_path: Path) -> Path:
    """pao.xml with Tenhou's record of the first win edited: riichi taken out of its yaku (the
    events show the riichi: a conflict), the points and score changes left as they were."""
    text = PAO.read_text(encoding="utf-8")
    edited = text.replace('yaku="1,1,2,1,0,1,7,1,52,2,54,1,53,0"',
                          'yaku="2,1,0,1,7,1,52,2,54,1,53,0,8,1"')
    assert edited != text
    path = tmp_path / "edited.xml"
    path.write_text(edited, encoding="utf-8")
    return path


def test_a_conflict_is_reported_apart(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _edited(tmp_path)
    (first, *_) = suanfan.logs.replay(path)
    assert first.conflicts and first.conflicts[0].startswith("riichi:")
    # the record's yaku differ (riichi taken out, tanyao put in): a difference of the score;
    # the conflict is not one of the differences
    assert first.differences == ("yaku",) and not first.equal
    assert main(["replay", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert "≠ yaku; conflict: riichi: the events say yes, the record no" in lines[1]
    assert lines[-1] == ("1 game, 4 wins: 3 reproduced, 1 differ; 1 with conflicts between "
                         "the events and the record")


def test_a_conflict_alone_leaves_the_win_reproduced(tmp_path: Path) -> None:
    """A record whose honba disagree with the events is a conflict; the score is still
    reproduced (equal), and exit status 0."""
    text = PAO.read_text(encoding="utf-8")
    first = text.index("<AGARI")
    ba = text.index('ba="', first)
    end = text.index('"', ba + 4)
    edited = text[:ba] + 'ba="0,1"' + text[end + 1:]
    path = tmp_path / "ba.xml"
    path.write_text(edited, encoding="utf-8")
    (win, *_) = suanfan.logs.replay(path)
    assert win.equal and win.conflicts and "honba and sticks" in win.conflicts[0]
    assert main(["replay", "--json", str(path)]) == 0


def test_walls_option_for_botzone_logs(capsys: pytest.CaptureFixture[str]) -> None:
    """``--walls seat`` asks for Botzone's per-seat walls: the matches of shared_walls.txt break
    them (a kong and a pung the per-seat judge refuses) and are reported, each alone; inferred
    (the default) they are read on one wall and reproduced."""
    shared = Path(__file__).resolve().parents[1] / "data" / "logs" / "botzone" / "shared_walls.txt"
    assert main(["replay", "--walls", "seat", str(shared)]) == 2
    out = capsys.readouterr()
    assert out.out.splitlines()[-1] == "0 games, 0 wins: 0 reproduced, 0 differ; 2 rounds unreadable"
    assert "the judge refuses a kong once the konger's or the next player's wall is empty" in out.err
    assert main(["replay", str(shared)]) == 0
    assert capsys.readouterr().out.splitlines()[-1].endswith("0 differ")
