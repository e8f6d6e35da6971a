"""Decomposition of complete hands into sets and a pair, shared by every rule system.

Sets are small integers: a chow is the kind of its lowest tile (``0``–``26``), a pung is
``PUNG + kind`` (``34``–``67``). A decomposition is ``(pair_kind, sets)`` with ``sets`` sorted.

Speed: each suit's nine counts are decomposed once and cached (a few thousand patterns occur), so
decomposing a hand is a small cross product of cached lists, with no per-call object churn.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import product

from .tiles import NUM_KINDS, TERMINALS_AND_HONORS

__all__ = [
    "PUNG",
    "Decomposition",
    "decompose",
    "is_chow",
    "is_thirteen_orphans",
    "set_kind",
    "set_tiles",
    "seven_pairs",
    "suit_decompositions",
]

PUNG = 34
Decomposition = tuple[int, tuple[int, ...]]

# One suit's decompositions: (sets relative to the suit's first kind, pair index or -1)
_SuitDecomp = tuple[tuple[int, ...], int]


def is_chow(code: int) -> bool:
    """True when a set code stands for a chow."""
    return code < PUNG


def set_kind(code: int) -> int:
    """The lowest tile kind of a set."""
    return code if code < PUNG else code - PUNG


def set_tiles(code: int) -> tuple[int, int, int]:
    """The three tile kinds of a set."""
    if code < PUNG:
        return (code, code + 1, code + 2)
    k = code - PUNG
    return (k, k, k)


@cache
def suit_decompositions(pattern: tuple[int, ...], honors: bool = False) -> tuple[_SuitDecomp, ...]:
    """All ways to split one suit's counts into sets and at most one pair.

    ``pattern`` is 9 counts (numbered suit) or 7 counts (honours, pungs and pairs only). Set codes
    are relative: ``i`` a chow starting at index ``i``, ``PUNG + i`` a pung. Cached per pattern.
    """
    out: list[_SuitDecomp] = []
    counts = list(pattern)
    n = len(counts)
    sets: list[int] = []

    def rec(i: int, pair: int) -> None:
        while i < n and counts[i] == 0:
            i += 1
        if i == n:
            out.append((tuple(sorted(sets)), pair))
            return
        c = counts[i]
        for p in (0, 1) if pair < 0 else (0,):
            for q in (0, 1):
                k = c - 2 * p - 3 * q
                if k < 0 or (k > 0 and (honors or i > n - 3)):
                    continue
                if k > 0 and (counts[i + 1] < k or counts[i + 2] < k):
                    continue
                counts[i] = 0
                if k:
                    counts[i + 1] -= k
                    counts[i + 2] -= k
                added = k + q
                sets.extend([i] * k)
                if q:
                    sets.append(PUNG + i)
                rec(i + 1, i if p else pair)
                del sets[len(sets) - added:]
                counts[i] = c
                if k:
                    counts[i + 1] += k
                    counts[i + 2] += k

    rec(0, -1)
    return tuple(out)


def _shift(d: _SuitDecomp, base: int) -> tuple[tuple[int, ...], int]:
    sets, pair = d
    return (tuple(s + base for s in sets), pair + base if pair >= 0 else -1)


@cache
def _suit_global(pattern: tuple[int, ...], base: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    return tuple(_shift(d, base) for d in suit_decompositions(pattern, base == 27))


def decompose(counts: Sequence[int], n_sets: int | None = None) -> list[Decomposition]:
    """Every split of ``counts`` (34 tile-kind counts) into ``n_sets`` sets and one pair.

    ``n_sets`` defaults to ``(sum(counts) - 2) // 3``; declared melds are never part of
    ``counts``, so they are never re-split. Returns ``[(pair_kind, sorted_sets), ...]``.
    """
    total = sum(counts)
    if n_sets is None:
        n_sets = (total - 2) // 3
    if total != 3 * n_sets + 2 or n_sets < 0:
        return []
    groups = []
    for base, size in ((0, 9), (9, 9), (18, 9), (27, 7)):
        pattern = tuple(counts[base:base + size])
        if any(pattern):
            g = _suit_global(pattern, base)
            if not g:
                return []
            groups.append(g)
    result: list[Decomposition] = []
    for combo in product(*groups):
        pair = -1
        sets: list[int] = []
        for s, p in combo:
            if p >= 0:
                if pair >= 0:
                    break
                pair = p
            sets.extend(s)
        else:
            if pair >= 0:
                result.append((pair, tuple(sorted(sets))))
    return result


def seven_pairs(counts: Sequence[int], allow_four: bool = True) -> tuple[int, ...] | None:
    """The pair kinds of a seven-pairs hand (a kind held four times gives two pairs when
    ``allow_four``), or ``None`` if the 14 tiles are not seven pairs."""
    if sum(counts) != 14:
        return None
    pairs: list[int] = []
    for k in range(NUM_KINDS):
        c = counts[k]
        if c == 2:
            pairs.append(k)
        elif c == 4 and allow_four:
            pairs.extend((k, k))
        elif c:
            return None
    return tuple(pairs)


def is_thirteen_orphans(counts: Sequence[int]) -> bool:
    """True when the 14 tiles are the thirteen terminals and honours with one of them paired."""
    if sum(counts) != 14:
        return False
    return all(counts[k] >= 1 for k in TERMINALS_AND_HONORS) and all(
        counts[k] == 0 for k in range(NUM_KINDS) if k not in TERMINALS_AND_HONORS
    )
