"""Winning forms of MCR the engine reads: the knitted straights, the special forms (七对, 连七对,
十三幺, 全不靠, 七星不靠, 九莲宝灯) on tile-kind counts (34 ints), and the set of every suit
pattern that splits into sets (with or without a pair), from which the engine's wait tables are
built (:func:`suanfan.mcr.engine.standard_waits`)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

__all__ = [
    "KNITTED",
    "honors_and_knitted",
    "is_nine_gates",
    "is_seven_shifted_pairs",
    "split_keys",
]

#: the six knitted straights (组合龙): 147 / 258 / 369 spread over the three suits
KNITTED: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(
        9 * s + r for s, start in zip(perm, (0, 1, 2), strict=True) for r in (start, start + 3, start + 6)
    ))
    for perm in permutations(range(3))
)
_KNITTED_SETS = tuple(frozenset(k) for k in KNITTED)


def honors_and_knitted(counts: Sequence[int]) -> tuple[bool, bool, bool]:
    """(全不靠, 七星不靠, all nine knitted tiles present) for 14 distinct tiles."""
    if any(c > 1 for c in counts):
        return (False, False, False)
    numbered = [k for k in range(27) if counts[k]]
    if not 7 <= len(numbered) <= 9 or len(numbered) + sum(counts[27:]) != 14:
        return (False, False, False)
    s = set(numbered)
    for ks in _KNITTED_SETS:
        if s <= ks:
            seven = all(counts[k] for k in range(27, 34))
            return (not seven, seven, len(numbered) == 9)
    return (False, False, False)


def is_seven_shifted_pairs(counts: Sequence[int]) -> bool:
    for s in range(3):
        base = 9 * s
        for start in range(3):
            if all(counts[base + start + i] == 2 for i in range(7)) and sum(counts) == 14:
                return True
    return False


def is_nine_gates(counts: Sequence[int], win: int) -> bool:
    """Concealed 1112345678999 of one suit, plus the winning tile of that suit."""
    if win >= 27 or sum(counts) != 14:
        return False
    base = win - win % 9
    c = list(counts[base:base + 9])
    c[win - base] -= 1
    return c == [3, 1, 1, 1, 1, 1, 1, 1, 3]


_SPLIT_KEYS: list[tuple[frozenset[int], frozenset[int]]] = []


def split_keys(honors: bool) -> tuple[frozenset[int], frozenset[int]]:
    """Every packed suit pattern (a nibble per kind) that splits into at most four sets, and
    every one that splits into at most four sets and one pair: all sums of up to four sets (chows
    and pungs; pungs only for honours), built once (about 50,000 keys, a few milliseconds)."""
    if not _SPLIT_KEYS:
        for hon in (False, True):
            size = 7 if hon else 9
            units = [3 << (4 * k) for k in range(size)]
            if not hon:
                units += [0x111 << (4 * c) for c in range(7)]
            level = {0}
            sets_only = {0}
            for _ in range(4):
                level = {x + u for x in level for u in units}
                sets_only |= level
            pairs = [2 << (4 * k) for k in range(size)]
            _SPLIT_KEYS.append((frozenset(sets_only), frozenset(x + q for x in sets_only for q in pairs)))
    return _SPLIT_KEYS[honors]
