"""Score sheets: a full 16-hand MCR session and a riichi hanchan, totals worked out by hand."""

from __future__ import annotations

from typing import Any

import pytest

from suanfan import NotWinning
from suanfan.mcr import get_rules as mcr_rules
from suanfan.riichi import get_rules as riichi_rules
from suanfan.tournament import (
    MCR_POSITIONS,
    EntryConflict,
    MCRSheet,
    RiichiSheet,
    TournamentError,
    check_entry,
    get_placement,
    mcr_winds,
)


def _mcr(entries: list[tuple[int, dict[str, Any]]]) -> MCRSheet:
    return MCRSheet(mcr_rules("mcr"), [(n, check_entry("mcr", e)) for n, e in entries])


def test_mcr_seat_changes() -> None:
    # Competition rules: after the East round East and South swap and West and North swap; the
    # West starter moves W-N-E-S, the North starter N-W-S-E; everyone sits once in each position
    assert [MCR_POSITIONS[0][r] for r in range(4)] == [0, 1, 3, 2]
    assert [MCR_POSITIONS[2][r] for r in range(4)] == [2, 3, 0, 1]
    assert [MCR_POSITIONS[3][r] for r in range(4)] == [3, 2, 1, 0]
    for seat in range(4):
        assert sorted(MCR_POSITIONS[seat]) == [0, 1, 2, 3]
    for rnd in range(4):
        assert sorted(MCR_POSITIONS[s][rnd] for s in range(4)) == [0, 1, 2, 3]
    # each player is the dealer (seat wind East) four times, once in each round
    dealers = [mcr_winds(n)[1].index(0) for n in range(1, 17)]
    assert sorted(dealers) == [0] * 4 + [1] * 4 + [2] * 4 + [3] * 4
    assert [mcr_winds(n)[0] for n in (1, 4, 5, 9, 13, 16)] == [0, 0, 1, 2, 3, 3]
    assert mcr_winds(2)[1] == (3, 0, 1, 2)  # hand 2: seat 1 deals, seat 0 is North


def test_full_mcr_session() -> None:
    """16 hands; the totals below are worked by hand (MCR.md "Settlement": base 8 from each
    other player, the discarder also pays the fan total; self-drawn: everyone pays 8 + fan)."""
    A, B, C, D = 0, 1, 2, 3
    entries: list[tuple[int, dict[str, Any]]] = [
        (1, {"kind": "fan", "winner": A, "fan": 10}),                     # A +54, others -18
        (2, {"kind": "fan", "winner": B, "discarder": C, "fan": 8}),      # B +32, C -16, A D -8
        (3, {"kind": "draw"}),
        (4, {"kind": "false_win", "seat": D}),                            # D -30, others +10
        (4, {"kind": "draw"}),
        # hand 5 is South 1: C sits North (the East pung is neither its seat nor the prevalent wind)
        (5, {"kind": "win", "winner": C, "hand": "[111z1]1234556789m 5m"}),  # 25 fan self-drawn
        (6, {"kind": "fan", "winner": A, "discarder": B, "fan": 8}),      # A +32, B -16, C D -8
        (7, {"kind": "fan", "winner": D, "fan": 24}),                     # D +96, others -32
        (8, {"kind": "draw"}),
        (9, {"kind": "penalty", "seat": B, "amount": -10, "reason": "slow play"}),
        (9, {"kind": "fan", "winner": B, "discarder": D, "fan": 16}),     # B +40, D -24, A C -8
        (10, {"kind": "fan", "winner": C, "fan": 8}),                     # C +48, others -16
        (11, {"kind": "draw"}),
        (12, {"kind": "fan", "winner": A, "discarder": C, "fan": 12}),    # A +36, C -20, B D -8
        (13, {"kind": "fan", "winner": D, "discarder": A, "fan": 8}),     # D +32, A -16, B C -8
        (14, {"kind": "draw"}),
        (15, {"kind": "fan", "winner": B, "fan": 32}),                    # B +120, others -40
        (16, {"kind": "fan", "winner": A, "discarder": B, "fan": 8}),     # A +32, B -16, C D -8
    ]
    sheet = _mcr(entries)
    hand5 = next(r for r in sheet.records if r.number == 5)
    assert hand5.detail["seat_winds"][C] == "N" and hand5.detail["prevalent_wind"] == "S"
    assert hand5.detail["result"]["fans"] == ["清龙 16", "混一色 6", "幺九刻 1", "坎张 1", "自摸 1"]
    assert hand5.deltas == (-33, -33, 99, -33)
    running = {r.number: r.totals for r in sheet.records if r.kind != "penalty"}
    assert running[1] == (54, -18, -18, -18)
    assert running[2] == (46, 14, -34, -26)
    assert running[4] == (56, 24, -24, -56)
    assert running[5] == (23, -9, 75, -89)
    assert running[7] == (23, -57, 35, -1)
    assert running[9] == (15, -27, 27, -25)  # the penalty (-10 for B) included
    assert running[12] == (35, -51, 55, -49)
    assert sheet.finished and sheet.hands == 16
    assert sheet.totals == (11, 45, -1, -65)  # the penalty is in B's score ...
    assert sheet.table_totals == (11, 55, -1, -65)  # ... but not in the places at the table
    assert sheet.table_points() == (2.0, 4.0, 1.0, 0.0)
    with pytest.raises(EntryConflict, match="16 hands are played"):
        sheet.add(17, check_entry("mcr", {"kind": "draw"}))


def test_mcr_bad_hands() -> None:
    sheet = _mcr([])
    # 平和 2, 断幺 2, 喜相逢 1, 坎张 1 (seed 004): 6 fan, below the minimum of 8
    with pytest.raises(NotWinning, match="scores 6 fan without flowers, below the minimum of 8"):
        sheet.add(1, check_entry("mcr", {"kind": "win", "winner": 0, "discarder": 1,
                                         "hand": "[234m1]456p678s234s5p 5p"}))
    with pytest.raises(NotWinning, match=r"hand 1: .*not a complete hand"):
        sheet.add(1, check_entry("mcr", {"kind": "win", "winner": 0, "discarder": 1,
                                         "hand": "123m456m788m12p44p 3p"}))
    with pytest.raises(NotWinning, match="7 fan is below the minimum"):
        sheet.add(1, check_entry("mcr", {"kind": "fan", "winner": 0, "fan": 7}))
    with pytest.raises(TournamentError, match="next hand is 1"):
        sheet.add(2, check_entry("mcr", {"kind": "draw"}))
    for bad, msg in [({"kind": "win", "winner": 4, "hand": "x"}, "winner=4: a seat at the table is 0-3"),
                     ({"kind": "fan", "winner": 1, "discarder": 1, "fan": 8}, "does not pay itself"),
                     ({"kind": "draw", "tiles": 1}, "unknown field 'tiles'"),
                     ({"kind": "chombo", "seat": 0}, "unknown MCR entry kind"),
                     ({"kind": "penalty", "seat": 0, "amount": 0}, "a penalty of 0")]:
        with pytest.raises(TournamentError, match=msg):
            check_entry("mcr", bad)
    assert sheet.records == []


def test_riichi_hanchan() -> None:
    """WRC rules (kiriage, no oka, uma 15/5/-5/-15); every payment worked by hand."""
    A, B, C, D = 0, 1, 2, 3
    sheet = RiichiSheet(riichi_rules("wrc"), get_placement("wrc"), [])

    def add(e: dict[str, Any]) -> tuple[int, ...]:
        return sheet.add(sheet.next_number() if e["kind"] in ("win", "points", "draw") else sheet.hands + 1,
                         check_entry("riichi", e)).deltas

    # E1-0: B (riichi) rons A: riichi pinfu dora 3 han 30 fu = 3900; C's riichi stick goes to B too
    assert add({"kind": "win", "hand": "123456m789p34s55s 2s", "winner": B, "discarder": A,
                "riichi": [B, C], "dora": "1m"}) == (-3900, 4900, -1000, 0)
    # E2-0: exhaustive draw, A and C (riichi) tenpai: 1500 each from B and D; the stick stays
    assert add({"kind": "draw", "tenpai": [A, C], "riichi": [C]}) == (1500, -1500, 500, -1500)
    assert sheet.label() == "E3-1" and sheet.pot == 1  # the dealer B was noten: the deal passes
    # E3-1: D tsumo 4 han 30 fu: kiriage mangan 2000/4000, +100 a payer, + the stick
    assert add({"kind": "points", "winner": D, "han": 4, "fu": 30}) == (-2100, -2100, -4100, 9300)
    # E4-0: the dealer D rons A for 2 han 30 fu: 2900; the dealer keeps the deal
    assert add({"kind": "points", "winner": D, "discarder": A, "han": 2, "fu": 30}) == (-2900, 0, 0, 2900)
    assert sheet.label() == "E4-1"
    assert add({"kind": "draw", "tenpai": []}) == (0, 0, 0, 0)
    assert sheet.label() == "S1-2"
    # S1-2: the dealer A tsumo yakuman: 16000 all, +200 honba each
    assert add({"kind": "points", "winner": A, "yakuman": 1}) == (48600, -16200, -16200, -16200)
    assert sheet.totals == (71200, 15100, 9200, 24500)
    add({"kind": "chombo", "seat": C})
    assert sheet.final() == (56.2, -19.9, -55.8, -0.5)  # C: -20.8 - 15 uma - 20 chombo


def test_riichi_game_ends_after_south_4() -> None:
    sheet = RiichiSheet(riichi_rules("tenhou"), get_placement("tenhou"), [])
    for n in range(1, 9):
        sheet.add(n, check_entry("riichi", {"kind": "draw", "tenpai": [(n + 1) % 4]}))
    assert sheet.finished and sheet.honba == 8
    with pytest.raises(EntryConflict, match="South 4 is played"):
        sheet.add(9, check_entry("riichi", {"kind": "draw"}))
    # Tenhou: 25000 start, leftover none, seat order breaks no tie here
    assert sum(sheet.totals) == 100000


def test_riichi_double_ron_and_errors() -> None:
    sheet = RiichiSheet(riichi_rules("default"), get_placement("mleague"), [])
    # a double ron on D: the first winner after D in turn order (A) takes the honba and sticks
    deltas = sheet.add(1, check_entry("riichi", {
        "kind": "win", "discarder": 3, "riichi": [0],
        "wins": [{"hand": "123456m789p34s55s 2s", "winner": 0},
                 {"hand": "123456m789p34s55s 2s", "winner": 1}]})).deltas
    # A (dealer, riichi pinfu 2 han 30 fu: 2900, + own stick back) and B (pinfu tanyao? no:
    # pinfu only, 1 han 30 fu: 1000); D pays both
    assert deltas == (2900, 1000, 0, -3900)
    with pytest.raises(TournamentError, match="no-ten riichi is a chombo"):
        check_entry("riichi", {"kind": "draw", "tenpai": [1], "riichi": [2]})
    with pytest.raises(TournamentError, match="several winners only on one discard"):
        check_entry("riichi", {"kind": "win", "wins": [{"hand": "x", "winner": 0},
                                                       {"hand": "x", "winner": 1}]})
    with pytest.raises(TournamentError, match="fu=35"):
        check_entry("riichi", {"kind": "points", "winner": 0, "han": 2, "fu": 35})
