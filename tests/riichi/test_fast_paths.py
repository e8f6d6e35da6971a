"""The riichi scorer's private fast paths give exactly what the foundation's functions give.

score() decomposes hands with a riichi-local copy of the foundation's algorithm (per-suit
splits memoised by tail, keyed by packed counts); the order of the decompositions matters (on
equal value the first reading scored is kept), so the lists must be equal, order included.
"""

from __future__ import annotations

import random
import sys

import pytest

import suanfan.riichi  # noqa: F401  (loads the module below)
from suanfan.decompose import decompose, suit_decompositions
from suanfan.riichi.generate import random_case

S = sys.modules["suanfan.riichi.score"]


def _packed(counts: list[int]) -> int:
    return int.from_bytes(bytes(counts), "little")


def _patterns(size: int, total: int) -> list[tuple[int, ...]]:
    """Every pattern of ``size`` counts (0-4 each) with at most ``total`` tiles."""
    if size == 0:
        return [()]
    return [(c, *rest) for c in range(min(4, total) + 1) for rest in _patterns(size - 1, total - c)]


def test_suit_splits_equal_foundation_exhaustive_small() -> None:
    n = 0
    for size, honors in ((9, False), (7, True)):
        for pat in _patterns(size, 8):
            assert S._suit_splits(pat, honors) == suit_decompositions(pat, honors), pat
            n += 1
    assert n > 10000


def test_suit_splits_equal_foundation_random_large() -> None:
    rng = random.Random(5)
    for _ in range(4000):
        size, honors = rng.choice(((9, False), (7, True)))
        pat = tuple(rng.choice((0, 0, 1, 1, 2, 3, 4)) for _ in range(size))
        assert S._suit_splits(pat, honors) == suit_decompositions(pat, honors), pat


def test_decompose_equals_foundation_on_hands() -> None:
    rng = random.Random(9)
    for _ in range(3000):
        h, _kw = random_case(rng)
        counts = list(h.standing_counts)
        n_sets = 4 - len(h.melds)
        assert list(S._decompose(_packed(counts), n_sets)) == decompose(counts, n_sets), h
        # and on the same number of tiles, shuffled into (mostly) incomplete hands
        kinds = [k for k in range(34) for _ in range(counts[k])]
        junk = [0] * 34
        for _ in kinds:
            k = rng.randrange(34)
            while junk[k] == 4:
                k = rng.randrange(34)
            junk[k] += 1
        assert list(S._decompose(_packed(junk), n_sets)) == decompose(junk, n_sets), junk


def test_red_fives_counted_from_hand_winning_tile_and_melds() -> None:
    """RIICHI.md (dora, ura dora, red fives): each red five held is one han once there is a yaku;
    the hand, the winning tile and the melds all count; at most one red five of each suit."""
    from suanfan.errors import InvalidHand
    from suanfan.riichi import score

    r = score("[055m]678m0p46p345s2s2s", tsumo=True, dora_indicators="9s")  # open tanyao
    assert (r.aka_dora, r.dora) == (2, 0)
    r = score("[055m]678m4p6p345s22s0p", dora_indicators="4p")  # red five as the winning tile
    assert (r.aka_dora, r.dora) == (2, 1)
    with pytest.raises(InvalidHand, match="more than one red five of a suit in the hand"):
        score("[055m]0m6m7m456s789s11z", tsumo=True)
    with pytest.raises(InvalidHand, match="more than one red five of a suit in the hand"):
        score("0m0m5m123p456s789s11z")
    with pytest.raises(InvalidHand, match="between the hand and the indicators"):
        score("[055m]678m0p46p345s22s", dora_indicators="0p")
