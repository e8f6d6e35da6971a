"""The per-suit tables behind shanten: the shortcuts they take give the same vectors."""

from __future__ import annotations

import itertools
import random

from suanfan.analysis.shanten import _CAP_NONE, _CAP_RIICHI, _SuitTable


def _random_patterns(rng: random.Random, n: int) -> list[bytes]:
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
        out.append(bytes(pat))
    return out


def test_canonical_keys_keep_vectors() -> None:
    # canonical(): empty runs at the ends cut to two (room kept), mirror image shared
    rng = random.Random(1)
    for cap in (_CAP_RIICHI, _CAP_NONE):
        table = _SuitTable(True, cap)
        ref = _SuitTable(True, cap)
        for pat in _random_patterns(rng, 100):
            assert table.get(pat) == ref.direct(pat), (cap, list(pat))
            assert table.get(pat[::-1]) == ref.direct(pat[::-1])


def test_shape_cap_five_is_uncapped() -> None:
    # MCR counts shapes only; a cap of 5 copies per kind gives the same vectors as no cap
    rng = random.Random(2)
    five = _SuitTable(True, 5)
    eight = _SuitTable(True, 8)
    for pat in _random_patterns(rng, 60):
        assert five.direct(pat) == eight.direct(pat), list(pat)
    h5 = _SuitTable(False, 5)
    h8 = _SuitTable(False, 8)
    for pat in itertools.product(range(5), repeat=4):
        key = bytes(sorted(pat))
        assert h5.direct(key) == h8.direct(key)


def test_vector_meaning() -> None:
    # d[p*5 + m]: fewest draws for m sets and p pairs in the suit
    t = _SuitTable(True, _CAP_RIICHI)
    v = t.get(bytes([1, 1, 1, 0, 0, 0, 0, 0, 0]))      # 123
    assert v[0] == 0 and v[1] == 0 and v[5] == 1 and v[6] == 2 and v[2] == 3
    v = t.get(bytes([4, 0, 0, 0, 0, 0, 0, 0, 0]))      # 1111: a pung, or a pair, not both
    assert v[1] == 0 and v[5] == 0 and v[6] == 2        # 11 + 1(23) or 111 + a drawn pair
    # shapes only (MCR): 111 + 1 waits on a fifth 1 for the pair
    assert _SuitTable(True, _CAP_NONE).get(bytes([4, 0, 0, 0, 0, 0, 0, 0, 0]))[6] == 1
    empty = t.get(bytes(9))
    assert empty[:5] == (0, 3, 6, 9, 12) and empty[5] == 2


def test_chow_pruning_keeps_vectors() -> None:
    # _suffix begins no more chows on a rank than the most tiles held on their three ranks
    rng = random.Random(3)
    for cap in (_CAP_RIICHI, _CAP_NONE):
        pruned = _SuitTable(True, cap)
        full = _SuitTable(True, cap, prune=False)
        for pat in _random_patterns(rng, 80):
            assert pruned.direct(pat) == full.direct(pat), (cap, list(pat))
