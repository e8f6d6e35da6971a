"""The per-suit records behind shanten: the same vectors as an independent reference programme
(the first implementation's suffix DP over tuples), and fields that mean what they say."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from suanfan.shanten import (
    _CAP_NONE,
    _CAP_RIICHI,
    _HELD_AT,
    _HONORS_MCR,
    _HONORS_RIICHI,
    _MASK_AT,
    _MEMO_CAP,
    _PAIRED_AT,
    _PAIRS_AT,
    _canonical,
    _combine,
    _distances,
    _honors,
    _record,
    _suit,
)

from .reference_tables import _SuitTable


def _key(pattern: list[int]) -> int:
    return sum(c << (4 * i) for i, c in enumerate(pattern))


def _vector(rec: int) -> tuple[int, ...]:
    return tuple((rec >> (4 * j)) & 15 for j in range(10))


def _random_patterns(rng: random.Random, n: int) -> list[list[int]]:
    out = []
    for _ in range(n):
        total = rng.randint(1, 14)
        pat = [0] * 9
        while sum(pat) < total:
            i = rng.randrange(9)
            if pat[i] < 4:
                pat[i] += 1
        if rng.random() < 0.5:   # push towards one end: long empty runs
            lo = rng.randint(0, 4)
            pat = ([0] * lo + pat)[:9]
        out.append(pat)
    return out


def test_suit_vectors_equal_reference() -> None:
    rng = random.Random(1)
    for cap in (_CAP_RIICHI, _CAP_NONE):
        ref = _SuitTable(True, cap)
        for pat in _random_patterns(rng, 300):
            assert _vector(_record(_key(pat), 9, True, cap)) == ref.direct(bytes(pat)), (cap, pat)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=9, max_size=9).filter(lambda p: sum(p) <= 14),
       st.sampled_from([_CAP_RIICHI, _CAP_NONE]))
def test_suit_vectors_equal_reference_any(pat: list[int], cap: int) -> None:
    assert _vector(_record(_key(pat), 9, True, cap)) == _SuitTable(True, cap).direct(bytes(pat))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=7, max_size=7).filter(lambda p: sum(p) <= 14),
       st.sampled_from([_CAP_RIICHI, _CAP_NONE]))
def test_honor_vectors_equal_reference_any(pat: list[int], cap: int) -> None:
    assert _vector(_record(_key(pat), 7, False, cap)) == _SuitTable(False, cap).direct(
        bytes(sorted(pat)))


def test_honor_vectors_equal_reference() -> None:
    # every honour pattern of up to four kinds (the order of kinds does not matter)
    for cap in (_CAP_RIICHI, _CAP_NONE):
        ref = _SuitTable(False, cap)
        for pat in itertools.product(range(5), repeat=4):
            full = [*pat, 0, 0, 0]
            assert _vector(_record(_key(full), 7, False, cap)) == ref.direct(bytes(full)), full
            rev = full[::-1]
            assert _vector(_record(_key(rev), 7, False, cap)) == ref.direct(bytes(full)), rev


def test_shape_cap_five_is_uncapped() -> None:
    # MCR counts shapes only; a cap of 5 copies per kind gives the same vectors as no cap
    rng = random.Random(2)
    for pat in _random_patterns(rng, 60):
        assert _distances(_key(pat), 9, True, 5, {}) == _distances(_key(pat), 9, True, 8, {}), pat
    for pat4 in itertools.product(range(5), repeat=4):
        hon = [*pat4, 0, 0, 0]
        assert _distances(_key(hon), 7, False, 5, {}) == _distances(_key(hon), 7, False, 8, {})


def test_chow_pruning_keeps_vectors() -> None:
    # the reference without the pruning (it begins any number of chows a rank allows)
    rng = random.Random(3)
    for cap in (_CAP_RIICHI, _CAP_NONE):
        full = _SuitTable(True, cap, prune=False)
        for pat in _random_patterns(rng, 80):
            assert _vector(_record(_key(pat), 9, True, cap)) == full.direct(bytes(pat)), pat


def test_record_fields() -> None:
    pat = [2, 0, 1, 4, 3, 0, 0, 0, 1]
    rec = _record(_key(pat), 9, True, _CAP_RIICHI)
    assert (rec >> _HELD_AT) & 15 == 5
    assert (rec >> _PAIRED_AT) & 15 == 3
    assert (rec >> _PAIRS_AT) & 31 == 4          # 2 -> 1, 4 -> 2, 3 -> 1
    assert (rec >> _MASK_AT) & 511 == 0b100011101
    assert rec < 1 << 62                            # fits a short int


def test_vector_meaning() -> None:
    # d[p*5 + m]: fewest draws for m sets and p pairs in the suit
    def vec(pat: list[int], cap: int = _CAP_RIICHI) -> tuple[int, ...]:
        return _vector(_record(_key(pat + [0] * (9 - len(pat))), 9, True, cap))

    v = vec([1, 1, 1])                                  # 123
    assert v[0] == 0 and v[1] == 0 and v[5] == 1 and v[6] == 2 and v[2] == 3
    v = vec([4])                                        # 1111: a pung, or a pair, not both
    assert v[1] == 0 and v[5] == 0 and v[6] == 2        # 11 + 1(23) or 111 + a drawn pair
    # shapes only (MCR): 111 + 1 waits on a fifth 1 for the pair
    assert vec([4], _CAP_NONE)[6] == 1
    empty = vec([])
    assert empty[:5] == (0, 3, 6, 9, 12) and empty[5] == 2


def test_canonical_keys_keep_distances() -> None:
    # empty runs at the ends cut to two (room kept), mirror image shared
    rng = random.Random(5)
    for cap in (_CAP_RIICHI, _CAP_NONE):
        for pat in _random_patterns(rng, 150):
            key = _key(pat)
            assert _distances(_canonical(key), 9, True, cap, {}) == _distances(key, 9, True, cap, {})
            assert _canonical(key) == _canonical(_key(pat[::-1]))
    assert _canonical(_key([0, 0, 0, 0, 1, 2])) == _key([0, 0, 2, 1])   # the smaller: mirrored


def test_honor_index_ignores_order() -> None:
    rng = random.Random(6)
    for _ in range(200):
        pat = [rng.randint(0, 4) for _ in range(7)]
        shuffled = rng.sample(pat, 7)
        assert _honors(_key(pat), _HONORS_MCR, _CAP_NONE) >> 4 * 10 & 0x1FFF == \
            _record(_key(shuffled), 7, False, _CAP_NONE) >> 4 * 10 & 0x1FFF   # held, paired, pairs
        assert _vector(_honors(_key(pat), _HONORS_RIICHI, _CAP_RIICHI)) == \
            _vector(_record(_key(shuffled), 7, False, _CAP_RIICHI))


def test_memo_is_bounded() -> None:
    memo: dict[int, int] = {}
    rng = random.Random(4)
    for pat in _random_patterns(rng, 200):
        _suit(_key(pat), memo, _CAP_RIICHI)
    assert 0 < len(memo) <= _MEMO_CAP
    # the memo gives what the programme gives
    for key, rec in memo.items():
        assert rec == _record(key, 9, True, _CAP_RIICHI)


def test_honor_index_tables() -> None:
    # the two small tables give the index of the honours' record (kinds held once, twice, ...)
    # and refuse a count above 4
    from suanfan.shanten import _HONOR_HI, _HONOR_LO

    rng = random.Random(5)
    for _ in range(2000):
        pat = [rng.randint(0, 5) for _ in range(7)]
        key = _key(pat)
        lo, hi = _HONOR_LO[key & 4095], _HONOR_HI[key >> 12]
        if max(pat) > 4:
            assert lo < 0 or hi < 0
        else:
            assert lo + hi == sum(1 << (3 * (c - 1)) for c in pat if c)


def test_written_out_combination_is_min_plus() -> None:
    # _combine (generated code) against the plain definition: n sets and one pair over 4 groups
    rng = random.Random(7)
    for _ in range(400):
        vecs = [[rng.randint(0, 14) for _ in range(10)] for _ in range(4)]
        recs = [sum(v << (4 * j) for j, v in enumerate(vec)) for vec in vecs]
        for n in range(5):
            best = 99
            for pair in range(4):
                for m in itertools.product(range(n + 1), repeat=4):
                    if sum(m) == n:
                        best = min(best, sum(vecs[g][(5 if g == pair else 0) + m[g]]
                                             for g in range(4)))
            assert _combine(*recs, n) == best, (vecs, n)
