"""Decomposition: checked against an independent brute-force enumerator."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from suanfan.decompose import (
    PUNG,
    decompose,
    decompose_masked,
    decompose_packed,
    is_thirteen_orphans,
    set_tiles,
    seven_pairs,
    suit_decompositions,
)
from suanfan.notation import parse_hand

ALL_SETS = [k for k in range(27) if k % 9 <= 6] + [PUNG + k for k in range(34)]


def brute_force(counts: list[int], n_sets: int) -> set[tuple[int, tuple[int, ...]]]:
    """Try every pair kind, then every non-decreasing sequence of set codes."""
    found: set[tuple[int, tuple[int, ...]]] = set()

    def rec(c: list[int], start: int, chosen: list[int], pair: int) -> None:
        if len(chosen) == n_sets:
            if not any(c):
                found.add((pair, tuple(sorted(chosen))))
            return
        for idx in range(start, len(ALL_SETS)):
            code = ALL_SETS[idx]
            need = Counter(set_tiles(code))
            if all(c[k] >= v for k, v in need.items()):
                for k, v in need.items():
                    c[k] -= v
                rec(c, idx, [*chosen, code], pair)
                for k, v in need.items():
                    c[k] += v

    for pair in range(34):
        if counts[pair] >= 2:
            c = list(counts)
            c[pair] -= 2
            rec(c, 0, [], pair)
    return found


def random_complete_counts(rng: random.Random, n_sets: int, suits: int) -> list[int]:
    """Counts of a random complete hand (sets drawn densely from few suits for many readings)."""
    while True:
        counts = [0] * 34
        ok = True
        kinds = [k for k in range(34) if k // 9 < suits or (k >= 27 and suits == 4)]
        for _ in range(n_sets):
            if rng.random() < 0.6:
                k = rng.choice([k for k in kinds if k < 27 and k % 9 <= 6])
                for i in range(3):
                    counts[k + i] += 1
            else:
                counts[rng.choice(kinds)] += 3
        counts[rng.choice(kinds)] += 2
        if all(c <= 4 for c in counts) and ok:
            return counts


def test_against_brute_force_on_random_hands() -> None:
    rng = random.Random(20261130)
    checked = 0
    for i in range(600):
        n_sets = rng.randint(0, 4)
        counts = random_complete_counts(rng, n_sets, 1 + i % 4)
        expected = brute_force(counts, n_sets)
        got = decompose(counts, n_sets)
        assert len(got) == len(set(got)), "no decomposition may be listed twice"
        assert set(got) == expected, counts
        checked += len(expected)
    assert checked > 600


@given(st.lists(st.integers(0, 4), min_size=9, max_size=9))
@settings(max_examples=300, deadline=None)
def test_suit_patterns_rebuild_their_counts(pattern: list[int]) -> None:
    for sets, pair in suit_decompositions(tuple(pattern)):
        counts = [0] * 9
        for code in sets:
            for k in set_tiles(code):
                counts[k] += 1
        if pair >= 0:
            counts[pair] += 2
        assert counts == pattern


def test_not_complete_hands_have_none() -> None:
    counts = parse_hand("123m456p789s12z55z 5z").standing_counts
    assert decompose(counts, 4) == []
    assert decompose([0] * 34, 0) == []


def test_nine_gates_reading() -> None:
    counts = parse_hand("1112345678999s 5s").standing_counts
    # 11 pair + 123 456 789 999? no: with an extra 5, 111 234 555? Let the brute force decide.
    assert set(decompose(counts, 4)) == brute_force(counts, 4)
    assert len(decompose(counts, 4)) >= 1


def test_seven_pairs_and_orphans() -> None:
    assert seven_pairs(parse_hand("1122m3344p5566s7z 7z").standing_counts) is not None
    four = parse_hand("1111m3344p5566s7z 7z").standing_counts
    assert seven_pairs(four) == (0, 0, 11, 12, 22, 23, 33)
    assert seven_pairs(four, allow_four=False) is None
    assert is_thirteen_orphans(parse_hand("19m19p19s1234567z 1m").standing_counts)
    assert not is_thirteen_orphans(parse_hand("19m19p19s1234566z 1m").standing_counts)


def reference_suit_splits(pattern: tuple[int, ...], honors: bool) -> list[tuple[tuple[int, ...], int]]:
    """A plain depth-first search (the first implementation), kept as the reference for the
    memoised one: same splits, same order (on equal value the first reading is kept, so the
    order of decompositions is part of the contract)."""
    out: list[tuple[tuple[int, ...], int]] = []
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
                sets.extend([i] * k + ([PUNG + i] if q else []))
                rec(i + 1, i if p else pair)
                del sets[len(sets) - k - q:]
                counts[i] = c
                if k:
                    counts[i + 1] += k
                    counts[i + 2] += k

    rec(0, -1)
    return out


def _patterns(size: int, total: int) -> list[tuple[int, ...]]:
    """Every pattern of ``size`` counts (0-4 each) with at most ``total`` tiles."""
    if size == 0:
        return [()]
    return [(c, *rest) for c in range(min(4, total) + 1) for rest in _patterns(size - 1, total - c)]


def test_suit_splits_equal_reference_exhaustive_small() -> None:
    n = 0
    for size, honors in ((9, False), (7, True)):
        for pat in _patterns(size, 8):
            assert list(suit_decompositions(pat, honors)) == reference_suit_splits(pat, honors), pat
            n += 1
    assert n > 10000


def test_suit_splits_equal_reference_random_large() -> None:
    rng = random.Random(5)
    for _ in range(4000):
        size, honors = rng.choice(((9, False), (7, True)))
        pat = tuple(rng.choice((0, 0, 1, 1, 2, 3, 4)) for _ in range(size))
        assert list(suit_decompositions(pat, honors)) == reference_suit_splits(pat, honors), pat


def test_fast_variants_equal_decompose_in_order() -> None:
    """decompose_masked and decompose_packed (the riichi scorer's hot path, on the hand's packed
    groups) give the same list, in the same order, as decompose, on complete hands and on
    shuffled (mostly incomplete) ones."""
    rng = random.Random(9)
    for i in range(3000):
        n_sets = rng.randint(0, 4)
        counts = random_complete_counts(rng, n_sets, 1 + i % 4)
        junk = [0] * 34
        for _ in range(sum(counts)):
            k = rng.randrange(34)
            while junk[k] == 4:
                k = rng.randrange(34)
            junk[k] += 1
        for c in (counts, junk):
            mask = sum(1 << k for k in range(34) if c[k])
            want = decompose(c, n_sets)
            assert decompose_masked(c, mask) == want, c
            if sum(c) % 3 == 2:
                keys = [sum(c[9 * g + i] << 4 * i for i in range(7 if g == 3 else 9)) for g in range(4)]
                assert decompose_packed(*keys) == want, c
