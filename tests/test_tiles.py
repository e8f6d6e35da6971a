"""The tile model: ids, kinds and the properties rules ask about."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from suanfan import tiles as T
from suanfan.notation import parse_tile, parse_tiles


def ids(text: str) -> set[int]:
    return {T.KIND[t] for t in parse_tiles(text)}


def test_kinds_and_red_fives() -> None:
    assert T.NUM_KINDS == 34
    assert [T.KIND[t] for t in T.RED_FIVES] == [4, 13, 22]
    assert parse_tile("0p") == T.RED_PIN and T.IS_RED[T.RED_PIN]
    assert T.RANK[T.RED_SOU] == 5 and T.SUIT[T.RED_SOU] == T.SOU
    assert T.tile_to_str(T.RED_MAN) == "0m"
    assert [T.tile_to_str(t) for t in range(34)][::9] == ["1m", "1p", "1s", "1z"]
    assert T.TILE_STR[T.RED_SOU] == "0s" and T.TILE_STR[T.RED] == "7z" and len(T.TILE_STR) == 37
    assert [parse_tile(text) for text in T.TILE_STR] == list(range(T.ALL_TILES))


def test_honour_order_is_mpsz() -> None:
    assert parse_tiles("ESWNPFC") == list(range(27, 34))
    assert parse_tiles("1234567z") == list(range(27, 34))
    assert (T.WHITE, T.GREEN, T.RED) == (31, 32, 33)


def test_properties() -> None:
    # 绿一色: 23468 bamboo and 发 (seed 003 绿一色)
    assert {k for k in range(34) if T.IS_GREEN[k]} == ids("23468sF")
    # 推不倒: 1234589 dots, 245689 bamboo, 白板 (seed 003 推不倒)
    assert {k for k in range(34) if T.IS_REVERSIBLE[k]} == ids("1234589p245689sP")
    assert {k for k in range(34) if T.IS_TERMINAL_OR_HONOR[k]} == ids("19m19p19s1234567z")
    assert {k for k in range(34) if T.IS_TERMINAL[k]} == ids("19m19p19s")
    assert {k for k in range(34) if T.IS_WIND[k]} == ids("ESWN")
    assert {k for k in range(34) if T.IS_DRAGON[k]} == ids("PFC")
    assert T.IS_GREEN[T.RED_SOU] is False and T.IS_REVERSIBLE[T.RED_SOU] is True
    assert T.IS_SIMPLE[T.RED_MAN] and not T.IS_SIMPLE[T.EAST]


def test_make_tile_and_names() -> None:
    assert T.make_tile(T.PIN, 3) == 11
    assert T.make_tile(T.HONOR, 6) == T.GREEN
    with pytest.raises(ValueError):
        T.make_tile(T.HONOR, 8)
    assert T.tile_name(T.GREEN, "zh") == "发"
    assert T.tile_name(parse_tile("3m"), "zh") == "三万"
    assert T.tile_name(T.RED_PIN, "en") == "Red 5 Dots"


@given(st.integers(min_value=0, max_value=2**62 - 1))
def test_popcount_counts_the_bits_set(mask: int) -> None:
    """The native popcount the engines use on kind masks agrees with int.bit_count."""
    assert T.popcount(mask) == mask.bit_count()


def test_popcount_edges() -> None:
    assert [T.popcount(m) for m in (0, 1, 2**34 - 1, 2**62 - 1, 0x5555555555555555 >> 1)] == [
        0, 1, 34, 62, 31]
