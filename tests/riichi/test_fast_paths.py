"""The riichi scorer's private fast paths (red fives counted with the packed tile counts).

Its decomposition is the foundation's ``decompose_packed``, tested in tests/test_decompose.py."""

from __future__ import annotations

import sys

import pytest

import suanfan.riichi  # noqa: F401  (loads the module below)

S = sys.modules["suanfan.riichi.score"]


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
