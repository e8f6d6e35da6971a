"""Shanten: known hands, and agreement with PyMahjongGB (MCR) and ``mahjong`` (riichi).

The full 100,000-hand agreement runs in ``bench/bench_shanten.py --agree``; CI checks a few
thousand hands of each shape at fixed seeds.
"""

from __future__ import annotations

import random

import pytest

from suanfan import InvalidHand, parse_hand
from suanfan.analysis import (
    mcr_shanten,
    mcr_shanten_counts,
    riichi_shanten,
    riichi_shanten_counts,
    shanten,
    shanten_by_form,
)
from suanfan.decompose import decompose, is_thirteen_orphans, seven_pairs

from .oracles import gb_shanten, mahjong_shanten, random_hand

MahjongGB = pytest.importorskip("MahjongGB")
pytest.importorskip("mahjong")


# -- known hands ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "mcr", "riichi"), [
    ("1112345678999m", 0, 0),              # nine gates: ready on nine tiles
    ("1112345678999m 5m", -1, -1),         # complete
    ("19m19p19s1234567z", 0, 0),           # thirteen orphans, 13-sided
    ("19m19p19s1234567z 7z", -1, -1),
    ("1122m3344p5566s7z", 0, 0),           # six pairs
    # four of a kind: MCR counts shapes (seven pairs may use a four twice, 1m waits on the 5th
    # copy for PyMahjongGB); riichi counts the real supply (mahjong package)
    ("1111m234567789p", 0, 1),
    ("1111m2233p4455s6z", 0, 2),           # 七对 with 1111m as two pairs: ready in MCR only
    ("147m258p369s1234z", 0, 6),           # 全不靠 (MCR form only)
    ("147m258p369s111z2z 2z", -1, 4),      # 组合龙 + a pung + a pair (MCR form only)
    ("[123m1][456m1][789m1][111p1]5z", 0, 0),   # single wait beside four melds
    ("[123m1][456m1][789m1][111p1]5z 5z", -1, -1),
    ("[EEE1]147m258p369s5z", 0, 6),        # 组合龙 beside one meld, single wait
])
def test_known_hands(hand: str, mcr: int, riichi: int) -> None:
    # NOTATION.md examples and seed rule forms; values checked against both oracles below
    assert mcr_shanten(hand) == mcr
    assert riichi_shanten(hand) == riichi


def test_known_hands_match_oracles() -> None:
    # the table above is itself the oracles' answer
    assert MahjongGB.MahjongShanten((), ("W1",) * 4 + ("B2", "B3", "B4", "B5", "B6", "B7", "B7",
                                                       "B8", "B9")) == 0
    from mahjong.shanten import Shanten
    c = [0] * 34
    c[0] = 4
    for k in (10, 11, 12, 13, 14, 15, 15, 16, 17):
        c[k] += 1
    assert Shanten.calculate_shanten(c) == 1


def test_forms() -> None:
    forms = shanten_by_form("147m258p369s1234z", "mcr")
    assert forms == {"standard": 8, "seven_pairs": 6, "thirteen_orphans": 7,
                     "honors_and_knitted": 0, "knitted_straight": 2}
    assert shanten_by_form("[123m1]1234567p234s", "mcr")["seven_pairs"] is None
    assert shanten_by_form("[123m1][456m1]1234p234s", "mcr")["knitted_straight"] is None
    assert set(shanten_by_form("1112345678999m", "riichi")) == {
        "standard", "seven_pairs", "thirteen_orphans"}
    assert shanten("1112345678999m", "tenhou") == 0   # a riichi preset name picks riichi


def test_bad_input() -> None:
    with pytest.raises(InvalidHand):
        shanten("123m", "mcr")
    with pytest.raises(InvalidHand):
        shanten("1112345678999m", "bridge")


# -- complete iff the decomposer says so (independent code) ---------------------------------------
def _complete_mcr_closed(counts: list[int]) -> bool:
    return bool(decompose(counts, 4)) or seven_pairs(counts) is not None or is_thirteen_orphans(counts)


def test_minus_one_means_complete() -> None:
    rng = random.Random(11)
    seen = 0
    for _ in range(1500):
        h = random_hand(rng, 14, dense=True)
        c = h.counts
        riichi_complete = (bool(decompose(c, 4)) or is_thirteen_orphans(c)
                           or seven_pairs(c, allow_four=False) is not None)
        mcr_complete = riichi_complete or seven_pairs(c) is not None
        seen += mcr_complete
        assert (riichi_shanten_counts(c) == -1) == riichi_complete, h.notation()
        if mcr_complete:
            assert mcr_shanten_counts(c) == -1
        elif mcr_shanten_counts(c) == -1:
            # only the knitted forms are complete without sets-and-pair, seven pairs or orphans
            forms = shanten_by_form(h.notation(), "mcr")
            assert -1 in (forms["honors_and_knitted"], forms["knitted_straight"])
    assert seen > 20


# -- differential against the oracles -------------------------------------------------------------
CASES = [
    # (size, max_melds, dense, seed, n)
    (13, 0, False, 1, 4000),
    (13, 0, True, 2, 4000),
    (13, 4, False, 3, 2000),
    (13, 4, True, 4, 2000),
    (14, 0, False, 5, 1500),
    (14, 0, True, 6, 1500),
    (14, 4, True, 7, 1000),
]


@pytest.mark.parametrize(("size", "max_melds", "dense", "seed", "n"), CASES)
def test_mcr_equals_pymahjonggb(size: int, max_melds: int, dense: bool, seed: int, n: int) -> None:
    rng = random.Random(seed)
    bad = []
    for i in range(n):
        h = random_hand(rng, size, max_melds, dense)
        ours = mcr_shanten_counts(h.counts, len(h.melds))
        if i % 10 == 0:   # the public API on parsed hands agrees with the counts function
            assert mcr_shanten(h.notation()) == ours
        theirs = gb_shanten(h)
        if ours != theirs:
            bad.append((h.notation(), ours, theirs))
    assert not bad, bad[:5]


@pytest.mark.parametrize(("size", "max_melds", "dense", "seed", "n"), CASES)
def test_riichi_equals_mahjong(size: int, max_melds: int, dense: bool, seed: int, n: int) -> None:
    rng = random.Random(100 + seed)
    bad = []
    for i in range(n):
        h = random_hand(rng, size, max_melds, dense)
        ours = riichi_shanten_counts(h.counts, len(h.melds))
        if i % 10 == 0:
            assert riichi_shanten(h.notation()) == ours
        theirs = mahjong_shanten(h)
        if ours != theirs:
            bad.append((h.notation(), ours, theirs))
    assert not bad, bad[:5]


@pytest.mark.parametrize("form", ["RegularShanten", "SevenPairsShanten", "ThirteenOrphansShanten",
                                  "HonorsAndKnittedTilesShanten", "KnittedStraightShanten"])
def test_each_mcr_form_equals_pymahjonggb(form: str) -> None:
    from .oracles import gb_tiles
    key = {"RegularShanten": "standard", "SevenPairsShanten": "seven_pairs",
           "ThirteenOrphansShanten": "thirteen_orphans",
           "HonorsAndKnittedTilesShanten": "honors_and_knitted",
           "KnittedStraightShanten": "knitted_straight"}[form]
    fn = getattr(MahjongGB, form)
    rng = random.Random(hash(form) % 1000)
    for i in range(1500):
        h = random_hand(rng, 13, 0, dense=i % 2 == 0)
        assert shanten_by_form(h.notation(), "mcr")[key] == fn(gb_tiles(h.standing))[0], h.notation()


def test_red_fives_fold() -> None:
    assert mcr_shanten("0m55m123p456s789s1z") == mcr_shanten("555m123p456s789s1z")
    assert riichi_shanten(parse_hand("0m55m123p456s789s1z")) == 0


@pytest.mark.parametrize("system", ["mcr", "riichi"])
def test_fourteen_tiles_is_least_over_discards(system: str) -> None:
    # the docstring's claim: a 14-tile hand that is not complete has the least shanten of its
    # 13-tile hands after one discard
    fn = mcr_shanten_counts if system == "mcr" else riichi_shanten_counts
    rng = random.Random(55)
    for i in range(600):
        h = random_hand(rng, 14, max_melds=2 if i % 3 == 0 else 0, dense=i % 2 == 0)
        c = h.counts
        n = len(h.melds)
        s14 = fn(c, n)
        if s14 == -1:
            continue
        best = 99
        for k in range(34):
            if c[k]:
                c[k] -= 1
                best = min(best, fn(c, n))
                c[k] += 1
        assert s14 == best, h.notation()


@pytest.mark.parametrize("system", ["mcr", "riichi"])
def test_improving_kinds_is_one_draw_lower(system: str) -> None:
    # the key-based draw loop of advice gives what adding each tile to the counts gives (every
    # rank: the ninth is the highest four bits of a suit key)
    from suanfan.shanten import improving_kinds

    fn = mcr_shanten_counts if system == "mcr" else riichi_shanten_counts
    rng = random.Random(77)
    for i in range(400):
        h = random_hand(rng, 13, max_melds=2 if i % 4 == 0 else 0, dense=i % 2 == 0)
        c = h.counts
        n = len(h.melds)
        own = list(c)
        for kind, k in h.melds:
            for j in range(3 if kind == "CHI" else 1):
                own[k + j] += 1 if kind == "CHI" else (3 if kind == "PENG" else 4)
        s = fn(c, n)
        expected = []
        for k in range(34):
            if own[k] < 4:
                c[k] += 1
                if fn(c, n) < s:
                    expected.append(k)
                c[k] -= 1
        assert improving_kinds(c, n, own, system) == (s, expected), h.notation()


def test_counts_out_of_range() -> None:
    with pytest.raises(ValueError):
        mcr_shanten_counts([16] + [0] * 33)
    with pytest.raises(ValueError):
        riichi_shanten_counts([-1] + [0] * 33)
    with pytest.raises(ValueError):
        riichi_shanten_counts([1] * 33)
