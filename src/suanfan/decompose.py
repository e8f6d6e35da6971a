"""Decomposition of complete hands into sets and a pair, shared by every rule system.

Sets are small integers: a chow is the kind of its lowest tile (``0``–``26``), a pung is
``PUNG + kind`` (``34``–``67``). A decomposition is ``(pair_kind, sets)`` with ``sets`` sorted.

Speed: each suit's nine counts are decomposed once and cached (a few thousand patterns occur), so
decomposing a hand is a small cross product of cached lists, with no per-call object churn.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import Final

from .tiles import NUM_KINDS, TERMINALS_AND_HONORS

__all__ = [
    "PUNG",
    "Decomposition",
    "decompose",
    "decompose_masked",
    "decompose_packed",
    "group_splits",
    "is_chow",
    "is_thirteen_orphans",
    "set_kind",
    "set_tiles",
    "seven_pairs",
    "suit_decompositions",
    "suit_splits",
]

PUNG: Final = 34
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


# A split of one suit: (chows, pungs, pair), chows and pungs as ascending indices of the suit
# (a chow by its lowest index), the pair an index or -1.
Split = tuple[tuple[int, ...], tuple[int, ...], int]
_Tail = tuple[Split, ...]
# The splits of a suit's counts packed a nibble per index (index i at bits 4i), memoised per
# (counts left, pair allowed): the patterns met share what is left after their lowest indices, so
# a new pattern costs a few lookups. Indices are the suit's own (no shifting on the way back).
# One memo for numbered suits, one for honours (pungs and pairs only).
_TAILS: tuple[dict[int, _Tail], dict[int, _Tail]] = ({}, {})
_EMPTY_TAIL: _Tail = (((), (), -1),)
_TAIL_LIMIT: Final = 1 << 18


def suit_splits(key: int, honors: bool = False) -> tuple[Split, ...]:
    """All splits of one suit's counts packed a nibble per index (index ``i`` at bits ``4i``;
    9 indices, or 7 for honours: pungs and pairs only) into sets and at most one pair, depth
    first: at the lowest index held, no pair before a pair, no pung before a pung, then chows
    for its other copies. Memoised per packed tail."""
    return _tail(key, True, honors)


def _tail(key: int, pair_ok: bool, honors: bool) -> _Tail:
    if not key:
        return _EMPTY_TAIL
    memo = _TAILS[honors]
    mkey = key << 1 | pair_ok
    out = memo.get(mkey)
    if out is not None:
        return out
    low = key & -key
    i = (low.bit_length() - 1) >> 2
    shift = 4 * i
    c = (key >> shift) & 15
    rest0 = key - (c << shift)
    res: list[Split] = []
    for p in (0, 1) if pair_ok else (0,):
        for q in (0, 1):
            k = c - 2 * p - 3 * q
            if k < 0 or (k > 0 and (honors or i > 6)):
                continue
            rest = rest0
            if k:
                if (rest >> (shift + 4)) & 15 < k or (rest >> (shift + 8)) & 15 < k:
                    continue
                rest -= k * (0x110 << shift)
            head = (i,) * k
            for chows, pungs, pair in _tail(rest, pair_ok and not p, honors):
                res.append((head + chows if k else chows, (i, *pungs) if q else pungs, i if p else pair))
    out = tuple(res)
    if len(memo) >= _TAIL_LIMIT:
        memo.clear()
    memo[mkey] = out
    return out


#: the splits of a suit's packed counts (``key << 1 | honours``), in relative codes
_SUIT_DECOMPOSITIONS: Final[dict[int, tuple[_SuitDecomp, ...]]] = {}


def suit_decompositions(pattern: tuple[int, ...], honors: bool = False) -> tuple[_SuitDecomp, ...]:
    """All ways to split one suit's counts into sets and at most one pair.

    ``pattern`` is 9 counts (numbered suit) or 7 counts (honours, pungs and pairs only). Set codes
    are relative: ``i`` a chow starting at index ``i``, ``PUNG + i`` a pung; sets are sorted; the
    pair is an index or -1. Cached per pattern; the order is :func:`suit_splits`'s.
    """
    key = 0
    for i, c in enumerate(pattern):
        key |= c << (4 * i)
    return _suit_decompositions(key, honors)


def _suit_decompositions(key: int, honors: bool) -> tuple[_SuitDecomp, ...]:
    mkey = key << 1 | honors
    got = _SUIT_DECOMPOSITIONS.get(mkey)
    if got is not None:
        return got
    got = tuple([((*chows, *[PUNG + k for k in pungs]), pair)
                 for chows, pungs, pair in _tail(key, True, honors)])
    if len(_SUIT_DECOMPOSITIONS) >= _MEMO_LIMIT:
        _SUIT_DECOMPOSITIONS.clear()  # bounded: a process never holds more than the limit
    _SUIT_DECOMPOSITIONS[mkey] = got
    return got


_Entry = tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, tuple[int, ...]], ...]]
_MEMO_LIMIT: Final = 1 << 16  # group entries kept per memo before it is cleared


def group_splits(key: int, base: int) -> _Entry:
    """One group's splits in global codes: (set tuples without the pair, (pair, set tuple) with);
    ``key`` holds the counts of the kinds from ``base`` on (9 numbered, 7 honours), packed a
    nibble per kind."""
    no_pair: list[tuple[int, ...]] = []
    with_pair: list[tuple[int, tuple[int, ...]]] = []
    for sets, pair in _suit_decompositions(key, base == 27):
        shifted = tuple([code + base for code in sets])
        if pair >= 0:
            with_pair.append((pair + base, shifted))
        else:
            no_pair.append(shifted)
    return (tuple(no_pair), tuple(with_pair))


def _combine(entries: list[_Entry], paired: int) -> list[Decomposition]:
    """Every way to take one group's split with the pair and the others' splits without it."""
    n = len(entries)
    if n == 1:
        return list(entries[0][1])
    result: list[Decomposition] = []
    for i in range(n):
        with_pair = entries[i][1]
        if not with_pair or (paired >= 0 and i != paired):
            continue
        rest: list[int] = []  # the common case: the other groups split one way only
        single = True
        for j in range(n):
            if j != i:
                no_pair = entries[j][0]
                if len(no_pair) != 1:
                    single = False
                    break
                rest += no_pair[0]
        if single:
            for pair, sets in with_pair:
                merged = [*sets, *rest]
                merged.sort()
                result.append((pair, tuple(merged)))
            continue
        others = [entries[j][0] for j in range(n) if j != i]
        for pair, sets in with_pair:
            for combo in product(*others):
                merged = [*sets]
                for part in combo:
                    merged += part
                merged.sort()
                result.append((pair, tuple(merged)))
    return result


#: per group (m, p, s, z): its counts packed a nibble per kind (an int, hashed as itself) -> entry
_MEMOS: Final[list[dict[int, _Entry]]] = [{}, {}, {}, {}]


def _entry(g: int, key: int) -> _Entry:
    memo = _MEMOS[g]
    entry = memo.get(key)
    if entry is None:
        if len(memo) > _MEMO_LIMIT:
            memo.clear()
        entry = memo[key] = group_splits(key, 9 * g)
    return entry


def decompose_packed(key_m: int, key_p: int, key_s: int, key_z: int) -> list[Decomposition]:
    """:func:`decompose` of tiles given as each group's counts packed a nibble per kind (rank 1,
    or East, lowest; as :class:`~suanfan.hand.Hand` holds its standing tiles), for callers that
    already know the tile total is right (``3n + 2``)."""
    entries: list[_Entry] = []
    paired = -1
    for g in range(4):
        key = key_m if g == 0 else key_p if g == 1 else key_s if g == 2 else key_z
        if not key:
            continue
        entry = _entry(g, key)
        if not entry[0]:
            if not entry[1] or paired >= 0:
                return []  # a group that cannot be split, or two groups that both need the pair
            paired = len(entries)
        entries.append(entry)
    if not entries:
        return []
    return _combine(entries, paired)


def decompose_masked(counts: list[int], kinds_mask: int) -> list[Decomposition]:
    """:func:`decompose` for callers that already know the tile total is right (``3n + 2``) and
    hold ``kinds_mask``, the bit mask of the kinds present (bit ``k`` for kind ``k``): groups
    without tiles are skipped without looking at their counts. Each count is 0-15 (a group's
    key holds a nibble per kind)."""
    keys = [0, 0, 0, 0]
    for g in range(4):
        base = 9 * g
        if kinds_mask >> base & 0x1FF:
            key = 0
            for i in range(7 if g == 3 else 9):
                key |= counts[base + i] << (4 * i)
            keys[g] = key
    return decompose_packed(keys[0], keys[1], keys[2], keys[3])


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
    kinds = list(counts)
    mask = 0
    for k in range(NUM_KINDS):
        c = kinds[k]
        if c:
            if not 0 <= c <= 15:
                raise ValueError(f"kind {k}: {c} tiles (a count is 0-15)")
            mask |= 1 << k
    return decompose_masked(kinds, mask)


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
    if len(counts) != NUM_KINDS:
        return False
    pairs = 0
    for k in range(NUM_KINDS):
        c = counts[k]
        if _ORPHAN[k]:
            if c == 2:
                pairs += 1
            elif c != 1:
                return False  # each of the thirteen once, one of them twice
        elif c:
            return False
    return pairs == 1


#: whether each kind is a terminal or an honour (the kinds of 十三幺)
_ORPHAN: Final[list[bool]] = [k in TERMINALS_AND_HONORS for k in range(NUM_KINDS)]
