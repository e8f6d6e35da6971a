"""The tournament file: bad input changes nothing, edits keep an audit trail, a writer killed
with SIGKILL mid-hand loses nothing committed, concurrent writers are serialised."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from suanfan import NotWinning
from suanfan.tournament import EntryConflict, Tournament, TournamentError

HAND = "[111z1]1234556789m 5m"  # 28 fan self-drawn at East 1 (清龙 混一色 圈风 门风 坎张 自摸)
SRC = str(Path(__file__).resolve().parents[2] / "src")


def _tournament(tmp_path: Path, players: int = 8, system: str = "mcr", **kw: Any) -> Tournament:
    t = Tournament.create(tmp_path / "t.db", "Test Open", system, **kw)
    t.import_players("name,team\n" + "".join(f"P{i},{'AB'[i % 2]}\n" for i in range(players)))
    return t


def _snapshot(path: Path) -> list[Any]:
    with sqlite3.connect(path) as db:
        return [db.execute(f"SELECT * FROM {t} ORDER BY 1").fetchall()
                for t in ("entries", "audit", "players", "seats", "sessions", "rounds")]


def test_bad_input_changes_nothing(tmp_path: Path) -> None:
    t = _tournament(tmp_path)
    t.seat_round(seed=1)
    names = t.sheet(1, 1)["players"]
    other = t.sheet(1, 2)["players"][0]
    t.add(1, 1, {"kind": "win", "winner": names[0], "hand": HAND})
    before = _snapshot(tmp_path / "t.db")
    cases: list[tuple[type[Exception], str, Any]] = [
        (TournamentError, "no player named 'Nobody'", lambda: t.add(1, 1, {"kind": "fan", "winner": "Nobody",
                                                                           "fan": 8})),
        (TournamentError, f"'{other}' is not at round 1 table 1 \\(they play at table 2\\)",
         lambda: t.add(1, 1, {"kind": "fan", "winner": other, "fan": 8})),
        (EntryConflict, "hand 1 of round 1 table 1 is entered already",
         lambda: t.add(1, 1, {"kind": "draw"}, number=1)),
        (NotWinning, "round 1 table 1: hand 2: .* below the minimum of 8",
         lambda: t.add(1, 1, {"kind": "win", "winner": 1, "discarder": 0,
                              "hand": "[234m1]456p678s234s5p 5p"})),
        (TournamentError, "a seat at the table is 0-3",
         lambda: t.add(1, 1, {"kind": "false_win", "seat": 4})),
        (TournamentError, "round 1 has tables 1-2, not 3", lambda: t.add(1, 3, {"kind": "draw"})),
        (TournamentError, "there is no round 2", lambda: t.add(2, 1, {"kind": "draw"})),
        (TournamentError, "a player named 'P1' is registered already", lambda: t.add_player("p1")),
        (TournamentError, "round 1 is still being played", lambda: t.seat_round()),
        (TournamentError, "line 3: 'Q' is listed twice", lambda: t.import_players("name\nQ\nQ\n")),
        (TournamentError, "hand 1 is not the last hand", lambda: (t.add(1, 1, {"kind": "draw"}),
                                                                   t.delete(1, 1, 1))[1]),
    ]
    for exc, msg, call in cases[:-1]:
        with pytest.raises(exc, match=msg):
            call()
        assert _snapshot(tmp_path / "t.db") == before, msg
    with pytest.raises(TournamentError, match="hand 1 is not the last hand"):
        cases[-1][2]()


def test_edit_delete_and_audit(tmp_path: Path) -> None:
    t = _tournament(tmp_path, 4)
    t.seat_round(seed=2)
    first = t.add(1, 1, {"kind": "fan", "winner": 0, "fan": 10}, author="ann")
    t.add(1, 1, {"kind": "fan", "winner": 1, "discarder": 0, "fan": 8}, author="ann")
    assert t.sheet(1, 1)["totals"] == [54 - 16, -18 + 32, -26, -26]
    # a wrongly entered first hand: it was a draw; every later total follows
    t.edit(1, 1, first["id"], {"kind": "draw"}, author="referee")
    s = t.sheet(1, 1)
    assert s["totals"] == [-16, 32, -8, -8] and s["entries"][1]["deltas"] == [-16, 32, -8, -8]
    t.delete(1, 1, s["entries"][1]["id"], author="referee")
    assert t.sheet(1, 1)["totals"] == [0, 0, 0, 0]
    trail = t.audit(1, 1)
    assert [(a["action"], a["author"]) for a in trail] == [
        ("add", "ann"), ("add", "ann"), ("edit", "referee"), ("delete", "referee")]
    assert trail[2]["before"]["fan"] == 10 and trail[2]["after"] == {"kind": "draw"}
    assert trail[3]["before"]["winner"] == 1


def test_standings_and_exports(tmp_path: Path) -> None:
    t = _tournament(tmp_path, 8)
    t.seat_round(seed=5)
    t.add(1, 1, {"kind": "fan", "winner": 0, "fan": 10})
    t.add(1, 2, {"kind": "win", "winner": 0, "hand": HAND})
    t.add(1, 2, {"kind": "false_win", "seat": 3})
    assert all(s["sessions"] == 0 for s in t.standings())  # nothing ended yet
    t.end_session(1, 1)
    t.end_session(1, 2)
    st = t.standings()
    top = st[0]
    assert top["name"] == t.sheet(1, 2)["players"][0] and top["points"] == 4 and top["score"] == 118
    assert top["best"]["value"] == 28 and top["best"]["hand"] == HAND
    # table 1: +54 and three tied on -18 (1 point each); table 2: +118, two tied on -26 (1.5 each), -66
    assert [(s["rank"], s["points"], s["score"]) for s in st] == [
        (1, 4, 118), (2, 4, 54), (3, 1.5, -26), (3, 1.5, -26),
        (5, 1, -18), (5, 1, -18), (5, 1, -18), (8, 0, -66)]
    assert sum(s["points"] for s in st) == 14
    csv_text = t.export_csv().splitlines()
    assert csv_text[0] == "Rank,Last name,First name,EMA number,Country,Table points,Score,Exact points"
    assert len(csv_text) == 9
    data = t.export_json()
    assert data["rounds"][0]["tables"][1]["entries"][1]["kind"] == "false_win"
    h = t.history(top["name"])
    assert h["sessions"][0]["place"] == 1 and len(h["sessions"][0]["opponents"]) == 3
    t.seat_round("swiss", seed=1)  # round 2 by ranking: the two winners at one table
    second = t.rounds()[1]["tables"]
    assert {st[0]["name"], st[1]["name"]} <= set(second[0]["players"])


def test_file_checks(tmp_path: Path) -> None:
    with pytest.raises(TournamentError, match="no tournament file"):
        Tournament(tmp_path / "missing.db")
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a database at all" * 100)
    with pytest.raises(TournamentError, match=r"junk\.db"):
        Tournament(junk)
    other = tmp_path / "other.db"
    sqlite3.connect(other).execute("CREATE TABLE x (y)").connection.commit()
    with pytest.raises(TournamentError, match="not a suanfan tournament file"):
        Tournament(other)
    t = _tournament(tmp_path, 4)
    with pytest.raises(TournamentError, match="exists already"):
        Tournament.create(t.path, "again")
    with sqlite3.connect(t.path) as db:
        db.execute("PRAGMA user_version=99")
    with pytest.raises(TournamentError, match="schema version 99, newer than"):
        t.players()
    assert sqlite3.connect(t.path).execute("PRAGMA journal_mode").fetchone()[0] == "wal"


_WRITER = textwrap.dedent("""
    import sys
    sys.path.insert(0, {src!r})
    from suanfan.tournament import Tournament
    t = Tournament({path!r})
    table = int(sys.argv[1])
    def entry(number):
        if number == 1:
            return {{"kind": "win", "winner": 0, "hand": {hand!r}}}
        return {{"kind": "fan", "winner": number % 4, "fan": 8 + number}}

    sheet = t.sheet(1, table)
    hands = sheet["hands"]
    last = sheet["entries"][-1]["id"] if sheet["entries"] else None
    for n in range(int(sys.argv[2])):
        if hands == 16:  # the session is full: keep writing, deleting the last hand and entering it again
            t.delete(1, table, last)
            hands -= 1
        rec = t.add(1, table, entry(hands + 1))
        hands += 1
        last = rec["id"]
        print(rec["id"], flush=True)
""")


def _writer(tmp_path: Path, table: int, count: int) -> subprocess.Popen[str]:
    # the script is the same for every writer of a test: written once, before the first starts
    # (rewriting it while an earlier writer's interpreter was still reading it gave that writer
    # an empty script: exit 0, no output)
    script = tmp_path / "writer.py"
    if not script.exists():
        script.write_text(_WRITER.format(src=SRC, path=str(tmp_path / "t.db"), hand=HAND))
    return subprocess.Popen([sys.executable, str(script), str(table), str(count)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def test_sigkill_mid_hand_loses_nothing(tmp_path: Path) -> None:
    t = _tournament(tmp_path, 4)
    t.seat_round(seed=3)
    for delay in (0.3, 0.55, 0.8):
        proc = _writer(tmp_path, 1, 10**6)
        assert proc.stdout is not None
        committed = [int(proc.stdout.readline())]  # it is writing
        time.sleep(delay)
        os.kill(proc.pid, signal.SIGKILL)  # at any moment: inside a transaction or between two
        out, _ = proc.communicate()
        committed += [int(x) for x in out.split()]
        assert proc.returncode == -signal.SIGKILL
        assert t.check() == "ok"
        stored = {e["id"] for e in t.sheet(1, 1)["entries"]}
        ids = {r[0] for r in sqlite3.connect(t.path).execute("SELECT id FROM entries")}
        assert set(committed) <= ids  # every hand reported committed is there
        deleted = {r[0] for r in sqlite3.connect(t.path).execute("SELECT id FROM entries WHERE deleted = 1")}
        assert set(committed) - deleted <= stored  # and on the sheet, unless a committed delete took it
        # the sheet is consistent: the stored totals are what a replay gives
        s = t.sheet(1, 1)
        sums = [sum(e["deltas"][i] for e in s["entries"]) for i in range(4)]
        assert s["totals"] == sums and len(stored) == s["hands"]
    assert len(committed) > 5


def test_concurrent_writers(tmp_path: Path) -> None:
    t = _tournament(tmp_path, 16)
    t.seat_round(seed=4)
    procs = [_writer(tmp_path, table, 10) for table in (1, 2, 3, 4)]
    for p in procs:
        out, err = p.communicate(timeout=120)
        assert p.returncode == 0, err  # no "database is locked": the writers waited their turn
        assert len(out.split()) == 10
    for table in (1, 2, 3, 4):
        assert t.sheet(1, table)["hands"] == 10
    assert t.check() == "ok"
