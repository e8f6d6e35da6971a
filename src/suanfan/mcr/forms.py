"""Winning forms of MCR and the hand-level helpers the scorer needs: knitted straights, the
special forms (七对, 连七对, 十三幺, 全不靠, 七星不靠, 九莲宝灯) and the waits of a hand.

Everything works on tile-kind counts (34 ints). Per-suit results are cached.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import permutations
from typing import Any, TypeVar

from ..tiles import TERMINALS_AND_HONORS

__all__ = [
    "KNITTED",
    "bounded_cache",
    "honors_and_knitted",
    "is_nine_gates",
    "is_seven_pairs",
    "is_seven_shifted_pairs",
    "is_thirteen_orphans",
    "knitted_index",
    "split_keys",
    "suit_wait_masks",
    "unique_wait",
    "unique_wait_standard",
    "winning_kinds",
]

_R = TypeVar("_R")
_MISSING: Any = object()


def bounded_cache(limit: int) -> Callable[[Callable[..., _R]], Callable[..., _R]]:
    """Memoise a function of hashable positional arguments in a plain dict that is emptied when
    it reaches ``limit`` entries. Unlike ``lru_cache`` it keeps no linked list of entries, so the
    garbage collector has little to walk, and memory stays bounded for endless fresh hands."""

    def deco(fn: Callable[..., _R]) -> Callable[..., _R]:
        store: dict[tuple[Any, ...], _R] = {}
        get = store.get

        def wrapper(*args: Any) -> _R:
            r: _R = get(args, _MISSING)
            if r is _MISSING:
                r = fn(*args)
                if len(store) >= limit:
                    store.clear()
                store[args] = r
            return r

        wrapper.__doc__ = fn.__doc__
        wrapper.__wrapped__ = fn  # type: ignore[attr-defined]
        wrapper.cache_clear = store.clear  # type: ignore[attr-defined]
        return wrapper

    return deco


#: the six knitted straights (组合龙): 147 / 258 / 369 spread over the three suits
KNITTED: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(
        9 * s + r for s, start in zip(perm, (0, 1, 2), strict=True) for r in (start, start + 3, start + 6)
    ))
    for perm in permutations(range(3))
)
_KNITTED_SETS = tuple(frozenset(k) for k in KNITTED)


def knitted_index(counts: Sequence[int]) -> int:
    """Index of a knitted straight all of whose nine tiles are in ``counts`` (-1 if none)."""
    for i, seq in enumerate(KNITTED):
        if all(counts[k] for k in seq):
            return i
    return -1


def is_thirteen_orphans(counts: Sequence[int]) -> bool:
    return all(counts[k] for k in TERMINALS_AND_HONORS) and sum(counts[k] for k in TERMINALS_AND_HONORS) == 14


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


def is_seven_pairs(counts: Sequence[int]) -> bool:
    return sum(counts) == 14 and all(c % 2 == 0 for c in counts)


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


def _sets_only(p: tuple[int, ...], honors: bool) -> bool:
    """True when one suit's counts split into sets (pungs, and chows unless honours).

    Greedy and exact: three chows on the same ranks are three pungs, so the chows starting at a
    rank are the tiles left there after earlier chows, modulo 3."""
    if honors:
        return all(not c % 3 for c in p)
    prev1 = prev2 = 0  # chows started one and two ranks below
    for c in p:
        x = c - prev1 - prev2
        if x < 0:
            return False
        prev2 = prev1
        prev1 = x % 3
    return not prev1 and not prev2


@cache
def _suit_ok(pattern: tuple[int, ...], honors: bool) -> tuple[bool, bool]:
    """(splits into sets only, splits into sets plus one pair) for one suit's counts."""
    n = sum(pattern)
    no_pair = n % 3 == 0 and _sets_only(pattern, honors)
    with_pair = False
    if n % 3 == 2:
        q = list(pattern)
        for i, c in enumerate(pattern):
            if c >= 2:
                q[i] -= 2
                if _sets_only(tuple(q), honors):
                    with_pair = True
                    break
                q[i] += 2
    return (no_pair, with_pair)


def _standard_complete(counts: list[int]) -> bool:
    pairs = 0
    for base, size in ((0, 9), (9, 9), (18, 9), (27, 7)):
        pattern = tuple(counts[base:base + size])
        if not any(pattern):
            continue
        n = sum(pattern)
        r = n % 3
        if r == 1:
            return False
        no_pair, with_pair = _suit_ok(pattern, base == 27)
        if r == 0:
            if not no_pair:
                return False
        else:
            if not with_pair:
                return False
            pairs += 1
    return pairs == 1


@cache
def _suit_waits(pattern: tuple[int, ...], honors: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For one suit's counts: (indices whose addition leaves sets only, indices whose addition
    leaves sets and one pair). Cached per pattern; a fifth copy is allowed (MCR.md: tiles you
    hold all four of still count as waits)."""
    as_sets: list[int] = []
    as_pair: list[int] = []
    c = list(pattern)
    n = len(c)
    for i in range(n):
        if not honors:
            if not any(c[max(0, i - 2):min(n, i + 3)]):
                continue
        elif not c[i]:
            continue
        c[i] += 1
        no_pair, with_pair = _suit_ok(tuple(c), honors)
        if no_pair:
            as_sets.append(i)
        if with_pair:
            as_pair.append(i)
        c[i] -= 1
    return (tuple(as_sets), tuple(as_pair))


_GROUPS = ((0, 9, False), (9, 9, False), (18, 9, False), (27, 7, True))


_WAIT_MASKS: tuple[dict[int, tuple[int, int, bool, int]], dict[int, tuple[int, int, bool, int]]] = ({}, {})
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


def suit_wait_masks(key: int, honors: bool) -> tuple[int, int, bool, int]:
    """:func:`_suit_waits` of one suit's counts packed a nibble per kind (kind ``i`` of the suit
    at bits ``4i``): (the kinds whose addition leaves sets only, those whose addition leaves
    sets and one pair, as bit masks of the suit's indices; whether the counts split into sets
    and one pair; the number of tiles). Cached per key; a miss is a few lookups in
    :func:`split_keys`."""
    memo = _WAIT_MASKS[honors]
    got = memo.get(key)
    if got is None:
        sets_only, with_pair = split_keys(honors)
        size = 7 if honors else 9
        as_sets = as_pair = n = 0
        for i in range(size):
            n += (key >> (4 * i)) & 15
            k = key + (1 << (4 * i))
            if k in sets_only:
                as_sets |= 1 << i
            if k in with_pair:
                as_pair |= 1 << i
        got = (as_sets, as_pair, key in with_pair, n)
        if len(memo) >= 1 << 17:
            memo.clear()
        memo[key] = got
    return got


@bounded_cache(1 << 17)
def _winning_kinds_cached(counts: bytes, seven_pairs: bool) -> tuple[int, ...]:
    c = list(counts)
    groups = []
    for base, size, honors in _GROUPS:
        pattern = tuple(c[base:base + size])
        if any(pattern):
            groups.append((base, pattern, honors, sum(pattern) % 3, _suit_ok(pattern, honors)))
    out: set[int] = set()
    for gi, (base, pattern, honors, _r, _ok) in enumerate(groups):
        others = [g for j, g in enumerate(groups) if j != gi]
        # the new tile makes this group the pair group: every other group is sets only
        if all(r == 0 and ok[0] for _b, _p, _h, r, ok in others):
            out.update(base + i for i in _suit_waits(pattern, honors)[1])
        # the new tile completes sets here: exactly one other group holds the pair
        pair_groups = [g for g in others if g[3] == 2]
        if len(pair_groups) == 1 and pair_groups[0][4][1] and all(
            r == 0 and ok[0] for _b, _p, _h, r, ok in others if r != 2
        ):
            out.update(base + i for i in _suit_waits(pattern, honors)[0])
    if seven_pairs:
        pairs = sum(2 if x == 4 else 1 if x in (2, 3) else 0 for x in c)
        if pairs == 6:
            single = next((t for t in range(34) if c[t] in (1, 3)), -1)
            if single >= 0:
                out.add(single)
    return tuple(sorted(out))


def winning_kinds(counts13: Sequence[int], seven_pairs: bool = True) -> tuple[int, ...]:
    """Tile kinds that complete the standing tiles ``counts13`` in the standard form (and as
    seven pairs when ``seven_pairs`` and there are 13 standing tiles)."""
    return _winning_kinds_cached(bytes(counts13), seven_pairs and sum(counts13) == 13)


def unique_wait(counts14: Sequence[int], win: int) -> bool:
    """True when exactly one tile kind completes the hand (边张/坎张/单钓将 may count)."""
    c = bytearray(counts14)
    c[win] -= 1
    return len(_winning_kinds_cached(bytes(c), sum(c) == 13)) == 1


def unique_wait_standard(counts14: Sequence[int], win: int, seven_pairs: bool) -> bool:
    """:func:`unique_wait` for 14 standing tiles known to split into sets and a pair: only the
    winning tile's group (and the group holding the pair) can take another winning tile, so the
    per-group wait tables answer without looking at the whole hand. ``seven_pairs``: the 13
    tiles are all standing (a 七对 wait counts too)."""
    if win >= 27:
        base, honors = 27, True
        p = list(counts14[27:34])
    else:
        base, honors = win - win % 9, False
        p = list(counts14[base:base + 9])
    i = win - base
    p[i] -= 1
    p13 = tuple(p)
    as_sets, as_pair = _suit_waits(p13, honors)
    if sum(p13) % 3 == 1:
        # the winning tile's group held the pair: every other group is sets only
        if as_pair != (i,):
            return False
    else:
        if as_sets != (i,):
            return False
        if _suit_ok(p13, honors)[1]:
            # this group may hold the pair instead: the group holding it may take a tile
            for gb, size, g_honors in _GROUPS:
                if gb == base:
                    continue
                q = tuple(counts14[gb:gb + size])
                if sum(q) % 3 == 2:
                    if _suit_waits(q, g_honors)[0]:
                        return False
                    break
    if seven_pairs:
        c = list(counts14)
        c[win] -= 1
        pairs = 0
        single = -1
        for t in range(34):
            x = c[t]
            if x:
                if x == 4:
                    pairs += 2
                elif x >= 2:
                    pairs += 1
                if x & 1 and single < 0:
                    single = t
        if pairs == 6 and single >= 0 and single != win:
            return False
    return True
