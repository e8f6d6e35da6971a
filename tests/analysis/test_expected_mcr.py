"""MCR expected values (docs/analysis-expected.md, "MCR"): hand-worked cases at turn 17."""

import pytest

from suanfan.analysis import expected_values


def test_ready_hand_turn_17_hand_worked() -> None:
    # 123456789m 1112p waits on 2p (111p + 22p) and 3p (123p + 11p): 3 + 4 copies in a wall of
    # 136 - 13 = 123 tiles, one draw left at turn 17 (S - t = 106); both reach 8 fans (清龙 16)
    ev = expected_values("123456789m1112p", "mcr", turn=17, shanten_down=False, tegawari=False)
    o = ev.best
    assert o.win_probability[0] == pytest.approx(7 / 106, abs=1e-12)
    probs = sum(p for _, p in o.combinations)
    assert probs == pytest.approx(o.win_probability[0], abs=1e-12)
    assert sorted(round(p * 106) for _, p in o.combinations) == [3, 4]
    assert all("pure_straight" in c for c, _ in o.combinations)


def test_waits_below_minimum_do_not_win() -> None:
    # 234m 567p 345s 678s 9m: a single wait on 9m whose wins are far below a 64-fan minimum, so a
    # complete hand is no win
    ev = expected_values("234m567p345678s9m", "mcr", turn=17, shanten_down=False, tegawari=False,
                         minimum=64)
    assert ev.best.win_probability[0] == 0.0
    assert ev.best.combinations == ()
