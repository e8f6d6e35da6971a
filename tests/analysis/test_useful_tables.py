"""Useful and spare kinds from the shanten tables equal the slow way: one full shanten for every
kind drawn or discarded (the reference below, kept in the tests only).

The useful kinds of a hand are those whose draw lowers its shanten (never a kind already held
four times); its spare kinds are those held whose discard keeps it, none when the hand is
complete (docs/analysis-expected.md). Both systems, closed hands (the keys functions of the
expected-value search) and hands beside declared melds (``improving_kinds``, which ``advise``
calls).
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from suanfan.shanten import (
    KINDS_MASK,
    SHANTEN_AT,
    improving_kinds,
    mcr_shanten_counts,
    mcr_spare_keys,
    mcr_useful_keys,
    riichi_shanten_counts,
    riichi_spare_keys,
    riichi_useful_keys,
)

from .oracles import random_hand


def _keys(c: list[int]) -> tuple[int, int, int, int]:
    k = [sum(c[9 * g + r] << (4 * r) for r in range(9 if g < 3 else 7)) for g in range(4)]
    return k[0], k[1], k[2], k[3]


def _shanten(c: list[int], n_melds: int, system: str) -> int:
    return (mcr_shanten_counts if system == "mcr" else riichi_shanten_counts)(c, n_melds)


def reference_useful(c: list[int], n_melds: int, own: list[int], system: str) -> tuple[int, int]:
    """(shanten, kind mask of the draws that lower it), by a full shanten per kind."""
    s = _shanten(c, n_melds, system)
    mask = 0
    for k in range(34):
        if own[k] >= 4:
            continue
        c[k] += 1
        if _shanten(c, n_melds, system) < s:
            mask |= 1 << k
        c[k] -= 1
    return s, mask


def reference_spare(c: list[int], system: str) -> tuple[int, int]:
    """(shanten, kind mask of the discards that keep it; none when complete)."""
    s = _shanten(c, 0, system)
    mask = 0
    if s >= 0:
        for k in range(34):
            if c[k]:
                c[k] -= 1
                if _shanten(c, 0, system) == s:
                    mask |= 1 << k
                c[k] += 1
    return s, mask


def _unpack(info: int) -> tuple[int, int]:
    return (info >> SHANTEN_AT) - 1, info & KINDS_MASK


#: pools the random hands are drawn from: every kind, one suit, the knitted and honour kinds
#: (全不靠 / 组合龙), the terminals and honours (十三幺), a few kinds (seven pairs, fours)
POOLS = [
    list(range(34)),
    list(range(9)),
    [0, 3, 6, 10, 13, 16, 20, 23, 26, 27, 28, 29, 30, 31, 32, 33, 1, 11],
    [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33, 4],
    [2, 5, 11, 12, 19, 25, 30],
]


@st.composite
def closed_counts(draw: st.DrawFn, size: int) -> list[int]:
    pool = draw(st.sampled_from(POOLS))
    wall = [k for k in pool for _ in range(4)]
    picks = draw(st.permutations(wall))[:size]
    c = [0] * 34
    for k in picks:
        c[k] += 1
    return c


def _held_four(c: list[int]) -> list[int]:
    return [4 if n >= 4 else 0 for n in c]


@settings(max_examples=200, deadline=None)
@given(closed_counts(13))
def test_useful_keys_equal_reference(c: list[int]) -> None:
    k = _keys(c)
    assert _unpack(mcr_useful_keys(*k)) == reference_useful(c, 0, c, "mcr"), c
    assert _unpack(riichi_useful_keys(*k)) == reference_useful(c, 0, c, "riichi"), c
    assert mcr_useful_keys(*k) >> 34 == (mcr_useful_keys(*k) >> SHANTEN_AT) << 3  # no form bits


@settings(max_examples=200, deadline=None)
@given(closed_counts(14))
def test_spare_keys_equal_reference(c: list[int]) -> None:
    k = _keys(c)
    assert _unpack(mcr_spare_keys(*k)) == reference_spare(c, "mcr"), c
    assert _unpack(riichi_spare_keys(*k)) == reference_spare(c, "riichi"), c


def test_useful_and_spare_on_many_random_hands() -> None:
    rng = random.Random(2026)
    for i in range(800):
        pool = POOLS[i % len(POOLS)]
        size = 13 + (i & 1)
        c = [0] * 34
        for kk in rng.sample([k for k in pool for _ in range(4)], size):
            c[kk] += 1
        k = _keys(c)
        if size == 13:
            assert _unpack(mcr_useful_keys(*k)) == reference_useful(c, 0, _held_four(c), "mcr"), c
            assert _unpack(riichi_useful_keys(*k)) == reference_useful(c, 0, c, "riichi"), c
        else:
            assert _unpack(mcr_spare_keys(*k)) == reference_spare(c, "mcr"), c
            assert _unpack(riichi_spare_keys(*k)) == reference_spare(c, "riichi"), c


def test_improving_kinds_beside_melds_equal_reference() -> None:
    rng = random.Random(36)
    for i in range(600):
        h = random_hand(rng, 13, max_melds=3 if i % 3 else 0, dense=i % 2 == 0)
        c = list(h.counts)
        own = list(c)
        for kind, k in h.melds:
            for j in range(3 if kind == "CHI" else 1):
                own[k + j] += 1 if kind == "CHI" else (3 if kind == "PENG" else 4)
        for system in ("mcr", "riichi"):
            s, mask = reference_useful(c, len(h.melds), own, system)
            got = improving_kinds(c, len(h.melds), own, system)
            assert got == (s, [k for k in range(34) if mask >> k & 1]), (h, system)


def test_known_useful_kinds() -> None:
    # 1112345678999m (九莲宝灯 shape): ready on every characters kind, both systems
    c = [3, 1, 1, 1, 1, 1, 1, 1, 3] + [0] * 25
    assert _unpack(mcr_useful_keys(*_keys(c))) == (0, (1 << 9) - 1)
    # 147m258p369s1234z (全不靠, MCR): ready on the three honours not held
    c = [0] * 34
    for k in (0, 3, 6, 10, 13, 16, 20, 23, 26, 27, 28, 29, 30):
        c[k] = 1
    s, mask = _unpack(mcr_useful_keys(*_keys(c)))
    assert (s, mask) == (0, 1 << 31 | 1 << 32 | 1 << 33)
    # the same tiles plus 5z: complete in MCR, so no spare kinds
    c[31] = 1
    assert _unpack(mcr_spare_keys(*_keys(c))) == (-1, 0)
