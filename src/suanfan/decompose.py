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


_Entry = tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, tuple[int, ...]], ...]]
# Per group (m, p, s, z): pattern -> (set tuples without a pair, (pair, set tuple) with one),
# in global codes. Filled lazily; a few thousand patterns occur in practice.
_GROUPS: tuple[tuple[int, int, dict[tuple[int, ...], _Entry]], ...] = (
    (0, 9, {}), (9, 9, {}), (18, 9, {}), (27, 7, {}),
)


def _entry(pattern: tuple[int, ...], base: int) -> _Entry:
    no_pair: list[tuple[int, ...]] = []
    with_pair: list[tuple[int, tuple[int, ...]]] = []
    for sets, pair in suit_decompositions(pattern, base == 27):
        shifted = tuple(code + base for code in sets)
        if pair >= 0:
            with_pair.append((pair + base, shifted))
        else:
            no_pair.append(shifted)
    return (tuple(no_pair), tuple(with_pair))


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
    entries: list[_Entry] = []
    paired = -1
    for base, size, memo in _GROUPS:
        pattern = tuple(counts[base:base + size])
        entry = memo.get(pattern)
        if entry is None:
            if not any(pattern):
                continue
            entry = memo[pattern] = _entry(pattern, base)
        no_pair, with_pair = entry
        if not no_pair:
            if not with_pair:
                return []
            if paired >= 0:
                return []  # two groups both need the pair
            paired = len(entries)
        entries.append(entry)
    if len(entries) == 1:
        return [(pair, sets) for pair, sets in entries[0][1]]
    result: list[Decomposition] = []
    for i, (_, with_pair) in enumerate(entries):
        if not with_pair or (paired >= 0 and i != paired):
            continue
        others = [e[0] for j, e in enumerate(entries) if j != i]
        for pair, sets in with_pair:
            for combo in product(*others):
                merged = [*sets]
                for part in combo:
                    merged += part
                merged.sort()
                result.append((pair, tuple(merged)))
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
