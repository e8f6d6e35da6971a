"""Winning forms of MCR the engine reads: the knitted straights, the special forms (连七对, 全不靠,
七星不靠, 九莲宝灯) on kind masks and packed suit counts, and the set of every suit
pattern that splits into sets (with or without a pair), from which the engine's wait tables are
built (:func:`suanfan.mcr.engine.standard_waits`)."""

from __future__ import annotations

from itertools import permutations
from typing import Final

__all__ = [
    "HONOR_KINDS",
    "KNITTED",
    "KNIT_MASKS",
    "NUMBERED_KINDS",
    "honors_and_knitted",
    "is_nine_gates",
    "is_seven_shifted_pairs",
    "split_keys",
]

#: the six knitted straights (组合龙): 147 / 258 / 369 spread over the three suits
KNITTED: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(sorted(
        9 * s + r for s, start in zip(perm, (0, 1, 2), strict=True) for r in (start, start + 3, start + 6)
    ))
    for perm in permutations(range(3))
)
#: the kind masks (a bit per kind) of the six knitted straights
KNIT_MASKS: Final = tuple(sum(1 << k for k in seq) for seq in KNITTED)
#: the numbered kinds and the honour kinds, as kind masks
NUMBERED_KINDS: Final = (1 << 27) - 1
HONOR_KINDS: Final = ((1 << 34) - 1) & ~NUMBERED_KINDS
#: seven consecutive kinds of one suit (连七对)
_SHIFTED: Final = frozenset(0x7F << (9 * s + start) for s in range(3) for start in range(3))
#: 1112345678999 of a suit, a nibble per rank (rank 1 lowest)
_NINE_GATES: Final = 0x311111113


def honors_and_knitted(kinds: int) -> int:
    """For 14 standing tiles of 14 different kinds (``kinds``, a bit per kind): 0, or 1 for
    全不靠 (the numbered tiles all of one knitted straight's, some honours missing), 2 for 七星不靠
    (with all seven honours). Seven to nine numbered tiles follow: at most seven are honours, and
    a knitted straight has nine."""
    numbered = kinds & NUMBERED_KINDS
    for km in KNIT_MASKS:
        if not numbered & ~km:
            return 2 if kinds & HONOR_KINDS == HONOR_KINDS else 1
    return 0


def is_seven_shifted_pairs(kinds: int) -> bool:
    """For seven pairs (every count even, 14 tiles): 连七对, seven consecutive pairs of a suit
    (seven kinds of even count among 14 tiles are seven pairs)."""
    return kinds in _SHIFTED


def is_nine_gates(suit: int) -> bool:
    """九莲宝灯: the 13 concealed tiles other than the winning tile are 1112345678999 of one
    suit (``suit``: their packed counts, a nibble per rank)."""
    return suit == _NINE_GATES


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
