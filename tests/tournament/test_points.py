"""Table points (MCR) and uma/oka (riichi) against examples worked by hand from each rulebook."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from suanfan import InvalidArgument
from suanfan.tournament import PLACEMENTS, mcr_table_points, placement_ranks, riichi_placement_points


@pytest.mark.parametrize(("scores", "expected"), [
    ([40, -8, 12, -44], (4, 1, 2, 0)),        # four places: 4/2/1/0 by rank
    ([30, 30, -20, -40], (3, 3, 1, 0)),       # two tied first share 4 + 2
    ([50, -10, -10, -30], (4, 1.5, 1.5, 0)),  # two tied second share 2 + 1
    ([20, 0, 0, 0], (4, 1, 1, 1)),            # three tied second share 2 + 1 + 0
    ([0, 0, 0, 0], (1.75, 1.75, 1.75, 1.75)),  # all four share 7
    ([-5, 7, -5, 7], (0.5, 3, 0.5, 3)),
])
def test_mcr_table_points(scores: list[int], expected: tuple[float, ...]) -> None:
    # EMA MCR rules / CMH 国标小助手: 4, 2, 1, 0 table points, ties share the places' points
    assert mcr_table_points(scores) == expected
    assert sum(mcr_table_points(scores)) == 7


@pytest.mark.parametrize(("preset", "scores", "leftover", "expected"), [
    # WRC 2022: (points - 30000) / 1000 + uma 15/5/-5/-15
    ("wrc", [42000, 31000, 27000, 20000], 0, (27.0, 6.0, -8.0, -25.0)),
    # a stick left on the table goes to the first place
    ("wrc", [40000, 30000, 25000, 24000], 1, (26.0, 5.0, -10.0, -21.0)),
    # EMA 2016: tied players share the uma of their places
    ("ema", [35000, 35000, 25000, 25000], 0, (15.0, 15.0, -15.0, -15.0)),
    ("ema", [30000, 30000, 30000, 30000], 0, (0.0, 0.0, 0.0, 0.0)),
    # M-League: 25000 start, 30000 returned: oka +20 to the top, uma 30/10/-10/-30
    ("mleague", [40000, 30000, 20000, 10000], 0, (60.0, 10.0, -20.0, -50.0)),
    ("mleague", [35000, 35000, 15000, 15000], 0, (35.0, 35.0, -35.0, -35.0)),
    # three tied first split 50 + 10 - 10 = 50: a third each
    ("mleague", [30000, 30000, 30000, 10000], 0, (16.67, 16.67, 16.67, -50.0)),
    # Tenhou: ties by seat order (the player nearer the first dealer ranks higher), uma 20/10
    ("tenhou", [35000, 35000, 20000, 10000], 0, (45.0, 15.0, -20.0, -40.0)),
    ("tenhou", [20000, 20000, 20000, 40000], 0, (0.0, -20.0, -30.0, 50.0)),
])
def test_riichi_placement(preset: str, scores: list[int], leftover: int,
                          expected: tuple[float, ...]) -> None:
    got = riichi_placement_points(scores, preset, leftover)
    assert got == expected
    assert abs(sum(got)) < 0.05


def test_ranks() -> None:
    assert placement_ranks([30000, 30000, 20000, 40000], "share") == (2, 2, 4, 1)
    assert placement_ranks([30000, 30000, 20000, 40000], "seat") == (2, 3, 4, 1)


def test_presets_cite_their_rulebook() -> None:
    for p in PLACEMENTS.values():
        assert p.source and sum(p.uma) == 0
    assert PLACEMENTS["mleague"].oka == 20000 and PLACEMENTS["wrc"].oka == 0


@pytest.mark.parametrize(("call", "message"), [
    (lambda: riichi_placement_points([30000, 30000, 30000, 29000], "wrc"), "add up to 119000"),
    (lambda: riichi_placement_points([30000, 30000, 30000], "wrc"), "four players"),
    (lambda: riichi_placement_points([30000] * 4, "wrc", leftover=-1), "leftover"),
    (lambda: riichi_placement_points([30000] * 4, "majsoul"), "unknown riichi placement"),
    (lambda: mcr_table_points([1, 2, 3, "4"]), "not a whole number"),
])
def test_bad_input(call: Callable[[], object], message: str) -> None:
    with pytest.raises(InvalidArgument, match=message):
        call()
