"""Red fives counted with the tile counts: the hand, the winning tile and the melds (the engine's
counting, through the public API).

The engine's decomposition is the foundation's ``decompose_packed``, tested in
tests/test_decompose.py."""

from __future__ import annotations

import pytest

from suanfan.errors import InvalidHand
from suanfan.riichi import score


def test_red_fives_counted_from_hand_winning_tile_and_melds() -> None:
    """RIICHI.md (dora, ura dora, red fives): each red five held is one han once there is a yaku;
    the hand, the winning tile and the melds all count; at most one red five of each suit."""
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


def test_red_fives_off_are_plain_fives() -> None:
    """Without red fives (WRC) a red five is a plain five: no aka dora, still a five for yaku."""
    r = score("[055m]678m0p46p345s2s2s", tsumo=True, rules="wrc")
    assert r.aka_dora == 0 and "tanyao" in {y.id for y in r.yaku}


def test_red_five_indicators_twice_of_a_suit() -> None:
    """Two red fives of one suit among the indicators (dora and ura together) are impossible."""
    with pytest.raises(InvalidHand, match="between the hand and the indicators"):
        score("123456m789p34s55s 2s", riichi=True, dora_indicators="0p", ura_dora_indicators="0p")
