"""Exact tournament arithmetic (issue 35, part 3): table points, uma and oka are fractions, rounded
only for display; the sums of a session and of the standings are exact.

The rules of ties, as the rulebooks give them:

* MCR: table points 4, 2, 1, 0 by place at the table (the Chinese competition rules' 标准分, as
  the EMA's MCR tournament rules give them); players with equal scores share the table points of
  the places they occupy equally: two tied first get (4 + 2) / 2 = 3 each, three tied first
  (4 + 2 + 1) / 3 = 7/3, all four (4 + 2 + 1 + 0) / 4 = 7/4.
* Riichi, EMA Riichi Competition Rules and WRC rules: "the uma is split between tied players";
  M.LEAGUE: tied players split the 順位点 (uma with the oka) of their places; Tenhou: equal scores
  are ranked by seat, nobody shares.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from suanfan.cli import main
from suanfan.tournament import (
    PLACEMENTS,
    Tournament,
    exact_text,
    mcr_table_points,
    mcr_table_points_exact,
    riichi_placement_points,
    riichi_placement_points_exact,
    round_points,
)

F = Fraction


def test_the_issue_example_three_tied_first() -> None:
    exact = mcr_table_points_exact([5, 5, 5, -15])
    assert exact == (F(7, 3), F(7, 3), F(7, 3), F(0))
    assert sum(exact) == 7  # the old rounded values added up to 6.99
    assert mcr_table_points([5, 5, 5, -15]) == (2.33, 2.33, 2.33, 0.0)  # display only


def test_mcr_ties_share_the_places_points() -> None:
    cases = {
        (10, 10, 10, 10): (F(7, 4),) * 4,                     # 4 + 2 + 1 + 0, four ways
        (30, 0, 0, 0): (F(4), F(1), F(1), F(1)),              # 2 + 1 + 0 three ways
        (0, 0, 0, -30): (F(7, 3), F(7, 3), F(7, 3), F(0)),
        (20, 5, 5, -30): (F(4), F(3, 2), F(3, 2), F(0)),      # 2 + 1 two ways
        (5, 5, -5, -5): (F(3), F(3), F(1, 2), F(1, 2)),
    }
    for scores, want in cases.items():
        assert mcr_table_points_exact(list(scores)) == want, scores


@given(st.lists(st.integers(-300, 300), min_size=4, max_size=4))
def test_mcr_points_always_add_up_to_seven(scores: list[int]) -> None:
    assert sum(mcr_table_points_exact(scores)) == 7


def test_riichi_ties() -> None:
    # M.LEAGUE: 25,000 start, 30,000 back: oka +20, uma +30/+10/-10/-30; three tied first share
    # 50 + 10 - 10 = 50
    exact = riichi_placement_points_exact([30000, 30000, 30000, 10000], "mleague")
    assert exact == (F(50, 3), F(50, 3), F(50, 3), F(-50)) and sum(exact) == 0
    assert riichi_placement_points([30000, 30000, 30000, 10000], "mleague") == (16.67, 16.67, 16.67, -50.0)
    # all four tied: the 順位点 +50 +10 -10 -30 shared four ways, 5 each, minus the 5 returned
    assert riichi_placement_points_exact([25000] * 4, "mleague") == (F(0),) * 4
    # EMA: three tied second share +5 -5 -15
    ema = riichi_placement_points_exact([45000, 25000, 25000, 25000], "ema")
    assert ema == (F(30), F(-10), F(-10), F(-10))
    # Tenhou: seat order, no sharing
    tenhou = riichi_placement_points_exact([30000, 30000, 30000, 10000], "tenhou")
    assert tenhou == (F(40), F(10), F(-10), F(-40))


@given(st.sampled_from(sorted(PLACEMENTS)), st.lists(st.integers(0, 100), min_size=3, max_size=3),
       st.integers(0, 3))
def test_riichi_points_add_up_to_zero(name: str, cuts: list[int], leftover: int) -> None:
    p = PLACEMENTS[name]
    total = 4 * p.start // 100 - 10 * leftover
    a, b, c = sorted(min(x * total // 100, total) for x in cuts)
    scores = [100 * a, 100 * (b - a), 100 * (c - b), 100 * (total - c)]
    exact = riichi_placement_points_exact(scores, p, leftover)
    # the sticks left over go to the first place (the four add up to 0) or are lost
    assert sum(exact) == (0 if p.leftover == "first" else -leftover)


def test_display_rounding_and_exact_text() -> None:
    assert [round_points(F(n, 8)) for n in (1, -1, 3, -3)] == [0.13, -0.13, 0.38, -0.38]  # halves away
    for x in (F(7), F(-16), F(281, 5), F(-7, 4), F(7, 3), F(-50, 3), F(1, 1024), F(0)):
        assert F(exact_text(x)) == x
    assert exact_text(F(77, 12)) == "77/12" and exact_text(F(35, 4)) == "8.75"


def _players(t: Tournament, n: int) -> list[str]:
    names = [f"P{i}" for i in range(n)]
    t.import_players("\n".join(names))
    return names


def test_mcr_standing_of_three_and_four_way_ties(tmp_path: Path) -> None:
    t = Tournament.create(tmp_path / "t.db", "Ties", "mcr")
    _players(t, 4)
    # four sessions of the same four players: a false win of P3, of P0, of P1 (the three others
    # tied first, +10 each: 7/3 table points), then a drawn session (four tied: 7/4 each)
    for rnd, fouler in enumerate(("P3", "P0", "P1", None), 1):
        t.seat_round(seed=rnd)
        if fouler:
            t.add(rnd, 1, {"kind": "false_win", "seat": fouler})
        t.add(rnd, 1, {"kind": "draw"})
        summary = t.end_session(rnd, 1)
        assert sum(F(x) for x in summary["points_exact"]) == 7
    st = {s["name"]: s for s in t.standings()}
    # P0, P1, P3: two sessions at 7/3 and the draw 7/4 = 77/12; P2: three at 7/3 and 7/4 = 35/4
    assert {n: s["points_exact"] for n, s in st.items()} == {
        "P0": "77/12", "P1": "77/12", "P2": "8.75", "P3": "77/12"}
    assert sum(F(s["points_exact"]) for s in st.values()) == 4 * 7
    # rounded once, from the exact sum (adding the rounded sessions would give 2.33 + 2.33 + 1.75 = 6.41)
    assert st["P0"]["points"] == 6.42 and st["P2"]["points"] == 8.75
    assert [(s["rank"], s["name"]) for s in t.standings()] == [(1, "P2"), (2, "P0"), (2, "P1"), (2, "P3")]
    csv_rows = t.export_csv().splitlines()
    assert csv_rows[0].endswith(",Table points,Score,Exact points")
    assert csv_rows[2].split(",")[-3:] == ["6.42", "-10", "77/12"]
    data = t.export_json()
    assert "exact" in data["points_rule"]
    table = data["rounds"][0]["tables"][0]
    seats = table["players"]
    assert table["points_exact"][seats.index("P3")] == "0"
    assert {table["points_exact"][i] for i in range(4) if seats[i] != "P3"} == {"7/3"}
    assert t.history("P2")["sessions"][0]["points_exact"] == "7/3"


def test_riichi_standing_of_three_way_ties(tmp_path: Path) -> None:
    t = Tournament.create(tmp_path / "t.db", "Ties", "riichi", placement="mleague")
    _players(t, 4)
    # two hanchan cut short after five draws, three tenpai each time (+1000 each, -3000 for the
    # one noten): 30,000 / 30,000 / 30,000 / 10,000, the three tied first at 50/3 each
    for rnd, noten in enumerate(("P3", "P0"), 1):
        t.seat_round(seed=rnd)
        tenpai = [p for p in ("P0", "P1", "P2", "P3") if p != noten]
        for _ in range(5):
            t.add(rnd, 1, {"kind": "draw", "tenpai": tenpai})
        summary = t.end_session(rnd, 1)
        assert sorted(summary["points_exact"]) == ["-50", "50/3", "50/3", "50/3"]
        assert sum(summary["points"]) != 0  # the rounded display: 3 x 16.67 - 50
        assert sum(F(x) for x in summary["points_exact"]) == 0
    st = {s["name"]: s for s in t.standings()}
    assert {n: s["points_exact"] for n, s in st.items()} == {
        "P0": "-100/3", "P1": "100/3", "P2": "100/3", "P3": "-100/3"}
    assert st["P1"]["points"] == 33.33 and st["P0"]["points"] == -33.33


def test_the_command_line_states_the_rounding(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "t.db")
    t = Tournament.create(db, "Ties", "mcr")
    _players(t, 4)
    t.seat_round(seed=1)
    capsys.readouterr()
    assert main(["tournament", "hand", db, "1", "1", "--false-win", "P0"]) == 0
    assert main(["tournament", "end", db, "1", "1"]) == 0
    assert main(["tournament", "standings", db]) == 0
    out = capsys.readouterr().out
    assert out.count("rounded to 0.01 (halves away from zero) and added up exactly; exact: ") == 2
    assert "P1 7/3" in out and "P0 0" not in out.splitlines()[-1]
