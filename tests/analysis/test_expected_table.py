"""``model="table"``, ``visible=`` and MCR play-on of ``expected_values`` (docs/analysis-expected.md,
"The table model", "visible", "MCR"): hand-worked cases near the end of the hand."""

from __future__ import annotations

from math import comb

import pytest

from suanfan import MahjongError
from suanfan.analysis import ExpectedOption, ExpectedValues, expected_values
from suanfan.mcr import win_values
from suanfan.notation import parse_tiles
from suanfan.riichi import score as riichi_score
from suanfan.shanten import mcr_shanten_counts
from suanfan.tiles import KIND, NUM_KINDS

OFF = {"shanten_down": False, "tegawari": False, "ura_dora": False}
# 123456789m 1234p + 5z: discarding 5z leaves a 1p / 4p wait (3 + 3 copies), 122 tiles unseen
HAND = "123456789m1234p5z"


def _option(ev: ExpectedValues, tile: str) -> ExpectedOption:
    return next(o for o in ev.options if o.discard == tile)


def _pay(tiles: str, win: str, riichi: bool) -> int:
    from suanfan.hand import Hand
    t = parse_tiles(tiles)
    return riichi_score(Hand((), tuple(sorted(t)), parse_tiles(win)[0]), tsumo=True, riichi=riichi,
                        seat_wind="S").payment.total


def test_single_wait_turn_17_real_denominator_and_dama() -> None:
    # one draw left: the table model draws a wait with 6 / 122 (the tiles really unseen), the
    # reference with 6 / (122 - 17). A riichi without a win loses its 1000 deposit, so with one
    # draw dama (4000 = ittsu 2 + tsumo 1 at 30 fu, non-dealer) beats riichi (7900 or -1000)
    dama = _pay("123456789m1234p", "4p", False)
    assert dama == _pay("123456789m1234p", "1p", False) == 4000
    assert _pay("123456789m1234p", "4p", True) == _pay("123456789m1234p", "1p", True) == 7900
    ev = expected_values(HAND, "riichi", turn=17, seat_wind="S", model="table", **OFF)
    o = _option(ev, "5z")
    assert ev.model == "table"
    assert o.win_probability[0] == pytest.approx(6 / 122, abs=1e-12)
    assert o.riichi is False
    assert o.expected_score[0] == pytest.approx(6 * dama / 122, abs=1e-9)
    ref = _option(expected_values(HAND, "riichi", turn=17, seat_wind="S", **OFF), "5z")
    assert ref.win_probability[0] == pytest.approx(6 / (122 - 17), abs=1e-12)
    assert ref.riichi is True


def test_two_draws_are_hypergeometric_and_riichi_chosen_early() -> None:
    # turn 16: two draws, the second from 121 tiles (the first, not a wait, went to the river)
    ev = expected_values(HAND, "riichi", turn=16, seat_wind="S", model="table", **OFF)
    o = _option(ev, "5z")
    assert o.win_probability[0] == pytest.approx(1 - comb(116, 2) / comb(122, 2), abs=1e-12)
    # riichi: each win 7900, no win -1000; dama: each win 4000 -- at turn 16 dama is still better
    p = 1 - comb(116, 2) / comb(122, 2)
    assert o.expected_score[0] == pytest.approx(max(p * 7900 - (1 - p) * 1000, p * 4000), abs=1e-9)
    # early in the hand riichi is worth more and is chosen
    early = _option(expected_values(HAND, "riichi", turn=5, seat_wind="S", model="table", **OFF), "5z")
    assert early.riichi is True
    q = 1 - comb(116, 13) / comb(122, 13)
    assert early.win_probability[0] == pytest.approx(q, abs=1e-12)
    assert early.expected_score[0] == pytest.approx(q * 7900 - (1 - q) * 1000, abs=1e-9)


def test_a_discarded_tile_goes_to_the_river() -> None:
    # 123456789m 1234p 1p (complete): discarding a 1p (shanten-down) leaves the 1p / 4p wait; the
    # 1p thrown is not drawn again in the table model (2 + 3 copies), in the reference it is back
    # in the wall (3 + 3)
    opts = {**OFF, "shanten_down": True}
    table = _option(expected_values("123456789m1234p1p", "riichi", turn=17, model="table", **opts),
                    "1p")
    assert table.win_probability[0] == pytest.approx(5 / 122, abs=1e-12)
    ref = _option(expected_values("123456789m1234p1p", "riichi", turn=17, **opts), "1p")
    assert ref.win_probability[0] == pytest.approx(6 / 105, abs=1e-12)


def test_visible_tiles_leave_the_wall_in_each_form() -> None:
    counts = [0] * NUM_KINDS
    for t in parse_tiles("144p9s"):
        counts[KIND[t]] += 1
    for visible in ("144p9s", ["1p", "4p", "4p", "9s"], counts):
        for model in ("reference", "table"):
            ev = expected_values(HAND, "riichi", turn=17, model=model, visible=visible, **OFF)
            o = _option(ev, "5z")
            assert o.useful_unseen == 3  # 1p: 4 - 1 - 1, 4p: 4 - 1 - 2
            left = 118 if model == "table" else 118 - 17
            assert o.win_probability[0] == pytest.approx(3 / left, abs=1e-12)
    mcr = expected_values("123456789m1112p", "mcr", turn=17, visible="33p", **OFF)
    assert mcr.best.win_probability[0] == pytest.approx(5 / (121 - 17), abs=1e-12)


@pytest.mark.parametrize("visible", ["1111p", ["1p", "1p", "1p", "1p"], [4] * NUM_KINDS])
def test_an_impossible_visible_count_names_the_tile(visible: object) -> None:
    with pytest.raises(MahjongError, match=r"1m|1p"):
        expected_values(HAND, "riichi", visible=visible, **OFF)


def test_model_is_checked() -> None:
    with pytest.raises(MahjongError, match="model"):
        expected_values(HAND, "riichi", model="river", **OFF)


def _mcr_oracle(hand: str, minimum: int) -> tuple[float, float]:
    """By the definition (docs, "MCR"): a 13-tile ready hand at turn 16 whose waits do not reach
    the minimum: draw a wait (turn 16), discard to a ready hand, draw a wait that wins (turn 17).
    Reference walls: W0 + H0 - h; denominators S - 16 and S - 17."""
    values = win_values((), "E", "E", minimum, "mcr")
    h0 = [0] * NUM_KINDS
    for t in parse_tiles(hand):
        h0[KIND[t]] += 1
    base = [4] * NUM_KINDS  # W0 + H0
    s = 136 - 13
    win = 0.0
    score = 0.0
    for u in range(NUM_KINDS):
        if h0[u] >= 4:
            continue
        h0[u] += 1
        if mcr_shanten_counts(h0) == -1:
            assert not values.of(h0, u).is_win
            best_w = 0.0
            best_s = 0.0
            for x in range(NUM_KINDS):
                if h0[x] == 0:
                    continue
                h0[x] -= 1
                if mcr_shanten_counts(h0) == 0:
                    pw = 0.0
                    ps = 0.0
                    for v in range(NUM_KINDS):
                        w = base[v] - h0[v]
                        if w <= 0:
                            continue
                        h0[v] += 1
                        got = values.of(h0, v) if mcr_shanten_counts(h0) == -1 else None
                        h0[v] -= 1
                        if got is not None and got.is_win:
                            pw += w / (s - 17)
                            ps += w * got.value / (s - 17)
                    best_w = max(best_w, pw)
                    best_s = max(best_s, ps)
                h0[x] += 1
            w = base[u] - h0[u] + 1
            win += w * best_w / (s - 16)
            score += w * best_s / (s - 16)
        h0[u] -= 1
    return win, score


def test_mcr_plays_on_from_a_complete_hand_below_the_minimum() -> None:
    # 234m 567p 345s 678s 7z: the single wait on 7z completes a hand below 8 fans; a player
    # discards and plays on (docs: "MCR", play-on), so with two draws left the hand can still win
    hand = "234m567p345678s7z"
    ev = expected_values(hand, "mcr", turn=16, **OFF)
    win, score = _mcr_oracle(hand, 8)
    assert win > 0.0
    assert ev.best.win_probability[0] == pytest.approx(win, abs=1e-12)
    assert ev.best.expected_score[0] == pytest.approx(score, abs=1e-9)
    # with one draw left there is no time to play on
    assert expected_values(hand, "mcr", turn=17, **OFF).best.win_probability[0] == 0.0
