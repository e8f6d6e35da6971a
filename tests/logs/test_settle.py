"""riichi.settle: every seat's score change from a Result (ron, tsumo, sanma, pao, multiple ron)."""

from __future__ import annotations

import pytest

from suanfan import InvalidArgument
from suanfan.riichi import PRESETS, first_winner, score, settle

DAISANGEN = "[555z1][666z2][777z3]11m22p 2p"


def test_ron_and_tsumo() -> None:
    r = score("123456m789p34s55s 2s", riichi=True, seat_wind="S", honba=1, riichi_sticks=2)
    # riichi pinfu 30 fu: 2000 + 300 honba from the discarder, 2000 in sticks to the winner
    assert settle(r, winner=1, discarder=3, dealer=0) == (0, 4300, 0, -2300)
    t = score("123456m789p34s55s 2s", tsumo=True, riichi=True, seat_wind="S", honba=1)
    p = t.payment
    assert settle(t, 1, None, 0) == (-p.dealer, p.total, -p.non_dealer, -p.non_dealer)
    assert sum(settle(t, 1, None, 0)) == 0


def test_sanma_tsumo_two_payers() -> None:
    rules = PRESETS["tenhou"].replace(sanma=True)
    t = score("123999p23478s11z 9s", tsumo=True, riichi=True, seat_wind="S", rules=rules)
    d = settle(t, 1, None, 0, players=3)
    # 2 han 40 fu (closed 999p pung 8, East pair 2, tsumo 2): the dealer 1300, the other 700,
    # no third payer (tsumo loss)
    assert d == (-1300, 2000, -700)
    with pytest.raises(InvalidArgument, match="sanma"):
        settle(score("123999p23478s11z 9s", tsumo=True, seat_wind="S"), 1, None, 0, players=3)


def test_pao_tsumo_the_liable_player_pays_all() -> None:
    r = score(DAISANGEN, tsumo=True, seat_wind="W", honba=2)
    assert settle(r, 2, None, 0, pao=1) == (0, -32600, 32600, 0)


def test_pao_ron_split_with_the_discarder() -> None:
    r = score(DAISANGEN, seat_wind="W", honba=2)
    # half the 32000 each; the discarder also pays the 600 honba (Tenhou), or the liable player
    assert settle(r, 2, 3, 0, pao=1) == (0, -16000, 32600, -16600)
    assert settle(r, 2, 3, 0, pao=1, pao_honba="liable") == (0, -16600, 32600, -16000)
    with pytest.raises(InvalidArgument, match="pao_honba"):
        settle(r, 2, 3, 0, pao=1, pao_honba="both")
    # the liable player discarding pays all
    assert settle(r, 2, 1, 0, pao=1) == (0, -32600, 32600, 0)


def test_pao_needs_a_pao_yakuman() -> None:
    r = score("123456m789p34s55s 2s", riichi=True)
    with pytest.raises(InvalidArgument, match="no yakuman with liability"):
        settle(r, 0, 1, 0, pao=2)
    kan = score("[1111m5][2222p5][3333s5][4444z5]5z 5z", tsumo=True, seat_wind="S")
    assert settle(kan, 1, None, 0, pao=3, pao_yaku=("suukantsu",))[3] == -(kan.payment.value
                                                                             + kan.payment.honba)


def test_multiple_ron_first_winner() -> None:
    assert first_winner(3, [0, 2]) == 0
    assert first_winner(1, [0, 3]) == 3
    assert first_winner(0, [2, 1], players=3) == 1
    with pytest.raises(InvalidArgument):
        first_winner(1, [1, 2])


def test_seats_must_fit_the_result() -> None:
    r = score("123456m789p34s55s 2s", riichi=True, seat_wind="S")
    with pytest.raises(InvalidArgument, match="scored as a non-dealer"):
        settle(r, 0, 1, 0)
    with pytest.raises(InvalidArgument, match="scored as a ron"):
        settle(r, 1, None, 0)
    with pytest.raises(InvalidArgument, match="a seat is 0-3"):
        settle(r, 1, 4, 0)
    with pytest.raises(InvalidArgument, match="does not pay itself"):
        settle(r, 1, 1, 0)
    with pytest.raises(InvalidArgument, match="3 or 4"):
        settle(r, 1, 2, 0, players=5)
