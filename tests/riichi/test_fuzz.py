"""Any hand and any flags: the scorer answers or raises a suanfan error naming the fault, never
anything else (house rule: no bare traceback, no silent wrong score)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from suanfan.errors import MahjongError
from suanfan.hand import Hand
from suanfan.riichi import score

from ..strategies import hands

FLAGS = ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei",
         "tenhou", "chiihou", "renhou")


@settings(max_examples=400, deadline=None)
@given(hands(), st.sets(st.sampled_from(FLAGS)), st.sampled_from("ESWN"), st.sampled_from("ESWN"),
       st.text(alphabet="0123456789mpsz", max_size=6), st.sampled_from(["default", "tenhou", "wrc"]))
def test_any_input(hand: Hand, flags: set[str], seat: str, rnd: str, dora: str, rules: str) -> None:
    kw: dict[str, Any] = {f: True for f in flags}
    try:
        r = score(hand, seat_wind=seat, round_wind=rnd, dora_indicators=dora, rules=rules, **kw)
    except MahjongError as exc:
        assert str(exc)
        return
    assert r.han > 0 and r.payment.total > 0
    assert r.fu == 0 or r.fu == 25 or r.fu % 10 == 0
    r.to_dict()


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 2**32), st.sets(st.sampled_from(FLAGS)), st.sampled_from("ESWN"),
       st.sampled_from(["default", "tenhou", "wrc", "ema", "mahjongsoul"]))
def test_complete_hands_any_flags(seed: int, flags: set[str], seat: str, rules: str) -> None:
    import random

    from suanfan.riichi.generate import random_case

    hand, _ = random_case(random.Random(seed))
    kw: dict[str, Any] = {f: True for f in flags}
    try:
        r = score(hand, seat_wind=seat, rules=rules, **kw)
    except MahjongError as exc:
        assert str(exc)
        return
    assert r.han > 0 and r.payment.total > 0
    if "double_riichi" in flags and not r.yakuman:
        assert "double_riichi" in {y.id for y in r.yaku}
