"""Fu rules, limits, payments and input errors (RIICHI.md "Fu and points"; seed 000 flags)."""

from __future__ import annotations

from typing import Any

import pytest

from suanfan.errors import InvalidHand, NotWinning, NoYaku, TileMissing
from suanfan.riichi import PRESETS, base_points, score


def fu_items(hand: str, **kw: Any) -> tuple[int, dict[str, int]]:
    r = score(hand, **kw)
    items: dict[str, int] = {}
    for f in r.fu_breakdown:
        items[f.id] = items.get(f.id, 0) + f.fu
    assert sum(items.values()) == r.fu_unrounded
    return r.fu, items


# -- fu, one rule per case --------------------------------------------------------------------
FU_CASES: list[tuple[str, str, dict[str, Any], int, dict[str, int]]] = [
    # 20 base, +10 closed ron: pinfu ron 30
    ("pinfu_ron", "123456m789p34s55s 2s", {"riichi": True}, 30, {"base": 20, "menzen_ron": 10}),
    # pinfu tsumo: no tsumo fu, 20
    ("pinfu_tsumo", "123456m789p34s55s 2s", {"tsumo": True}, 20, {"base": 20}),
    # kanchan +2
    ("kanchan", "123456m789p35s55s 4s", {"riichi": True}, 40,
     {"base": 20, "menzen_ron": 10, "kanchan": 2}),
    # penchan +2
    ("penchan", "123456m789p12s55s 3s", {"riichi": True}, 40,
     {"base": 20, "menzen_ron": 10, "penchan": 2}),
    # tanki +2
    ("tanki", "123456m789p234s5s 5s", {"riichi": True}, 40,
     {"base": 20, "menzen_ron": 10, "tanki": 2}),
    # value pair +2 (dragon)
    ("dragon_pair", "123456m789p34s77z 2s", {"riichi": True}, 40,
     {"base": 20, "menzen_ron": 10, "yakuhai_pair": 2}),
    # double wind pair 4 by default
    ("double_wind_pair", "123456m789p34s11z 2s", {"riichi": True}, 40,
     {"base": 20, "menzen_ron": 10, "double_wind_pair": 4}),
    # closed simple pung 4, closed terminal pung 8; tsumo +2
    ("closed_pungs", "222m999p456s78s11p 9s", {"tsumo": True}, 40,
     {"base": 20, "closed_pung": 12, "tsumo": 2}),
    # open simple pung 2, open honour pung 4; an open hand with 26 fu rounds to 30
    ("open_pungs", "[222m1][777z2]456s78s11p 9s", {}, 30, {"base": 20, "open_pung": 6}),
    # a pung completed on a discard counts as open (shanpon ron)
    ("ron_pung_open", "[234m]456p678s22s55p 2s", {}, 30, {"base": 20, "open_pung": 2}),
    ("tsumo_pung_closed", "[234m]456p678s22s55p 2s", {"tsumo": True}, 30,
     {"base": 20, "closed_pung": 4, "tsumo": 2}),
    # kongs: open simple 8, closed simple 16, open terminal 16, closed terminal 32
    ("kongs", "[2222m1][3333p][9999s2]456p1z 1z", {"seat_wind": "S", "round_wind": "S"}, 70,
     {"base": 20, "open_kong": 24, "closed_kong": 16, "tanki": 2}),
    # open hand without fu: 30 (ron)
    ("open_pinfu", "[234m]456p678s34s55s 2s", {}, 30, {"base": 20, "open_pinfu": 2}),
    # open tsumo without other fu: tsumo +2, 30
    ("open_tsumo", "[234m]456p678s34s55s 2s", {"tsumo": True}, 30, {"base": 20, "tsumo": 2}),
    # seven pairs: 25
    ("chiitoitsu", "1133m5577p99s11z2z 2z", {}, 25, {"chiitoitsu": 25}),
]


@pytest.mark.parametrize(("name", "hand", "kw", "fu", "items"), FU_CASES, ids=[c[0] for c in FU_CASES])
def test_fu(name: str, hand: str, kw: dict[str, Any], fu: int, items: dict[str, int]) -> None:
    got_fu, got_items = fu_items(hand, **kw)
    assert got_items == items
    assert got_fu == fu


def test_double_wind_pair_option() -> None:
    fu, items = fu_items("123456m789p34s11z 2s", riichi=True,
                         rules=PRESETS["default"].replace(double_wind_pair_fu=2))
    assert items["double_wind_pair"] == 2 and fu == 40


def test_pinfu_tsumo_option() -> None:
    r = score("123456m789p34s55s 2s", tsumo=True, rules=PRESETS["default"].replace(pinfu_tsumo=False))
    assert r.fu == 30 and "pinfu" not in {y.id for y in r.yaku}


def test_reading_worth_most() -> None:
    # RIICHI.md: "When the winning tile can be read several ways, the reading worth most is taken."
    # 4566s won on 6s: 456s + 66s (two-sided: pinfu, 2 han 30 fu) beats 456s + 6s tanki (1 han 40 fu)
    r = score("123m456p789s4566s 6s", riichi=True, seat_wind="S")
    assert r.wait == "ryanmen" and "pinfu" in {y.id for y in r.yaku} and r.payment.ron == 2000
    # 111222333m: three concealed pungs (sanankou, 50 fu) beat three equal chows (iipeikou)
    r = score("111222333m456p5s 5s", seat_wind="S")
    assert {y.id for y in r.yaku} == {"sanankou"} and (r.han, r.fu) == (2, 50)
    assert r.sets == ("55s", "456p", "111m", "222m", "333m")


# -- points -------------------------------------------------------------------------------------
def test_base_points_and_limits() -> None:
    R = PRESETS["default"]
    assert base_points(1, 30, 0, R) == (240, "")
    assert base_points(4, 30, 0, R) == (1920, "")
    assert base_points(4, 40, 0, R) == (2000, "mangan")
    assert base_points(3, 70, 0, R) == (2000, "mangan")
    assert base_points(5, 30, 0, R) == (2000, "mangan")
    assert base_points(6, 30, 0, R) == (3000, "haneman")
    assert base_points(8, 30, 0, R) == (4000, "baiman")
    assert base_points(11, 30, 0, R) == (6000, "sanbaiman")
    assert base_points(13, 30, 0, R) == (8000, "kazoe yakuman")
    assert base_points(0, 0, 2, R) == (16000, "double yakuman")
    assert base_points(13, 30, 0, R.replace(kazoe="sanbaiman")) == (6000, "sanbaiman")
    assert base_points(26, 30, 0, R.replace(kazoe="none")) == (16000, "kazoe double yakuman")
    # kiriage: 4-30 and 3-60 round up to mangan
    assert base_points(4, 30, 0, R.replace(kiriage=True)) == (2000, "mangan")
    assert base_points(3, 60, 0, R.replace(kiriage=True)) == (2000, "mangan")


def test_payments() -> None:
    h = "123456m789p34s55s 2s"
    # non-dealer ron 2 han 30 fu: 4 × 480 = 1920 → 2000; dealer 6 × 480 = 2880 → 2900
    assert score(h, riichi=True, seat_wind="S").payment.ron == 2000
    assert score(h, riichi=True, seat_wind="E").payment.ron == 2900
    # non-dealer tsumo 3 han 20 fu (riichi tsumo pinfu): base 640 → 700/1300
    p = score(h, riichi=True, tsumo=True, seat_wind="S").payment
    assert (p.dealer, p.non_dealer, p.total) == (1300, 700, 2700)
    # dealer tsumo: 1300 all
    p = score(h, riichi=True, tsumo=True, seat_wind="E").payment
    assert (p.dealer, p.non_dealer, p.total) == (0, 1300, 3900)
    # honba 300 (100 each on tsumo), riichi sticks 1000 each
    p = score(h, riichi=True, seat_wind="S", honba=2, riichi_sticks=3).payment
    assert (p.ron, p.honba, p.sticks, p.total) == (2600, 600, 3000, 5600)
    p = score(h, riichi=True, tsumo=True, seat_wind="S", honba=2).payment
    assert (p.dealer, p.non_dealer, p.total) == (1500, 900, 3300)


def test_yakuman_payment() -> None:
    r = score("19m19p19s1234566z 7z", seat_wind="S")
    assert r.yakuman == 1 and r.payment.ron == 32000 and r.limit == "yakuman" and r.fu == 0
    r = score("19m19p19s1234566z 7z", tsumo=True, seat_wind="E")
    assert r.payment.non_dealer == 16000 and r.payment.total == 48000


def test_sanma_tsumo_loss() -> None:
    R = PRESETS["tenhou"].replace(sanma=True)
    p = score("123p456p789p11s23s 1s", tsumo=True, seat_wind="S", rules=R).payment
    # 4 han (tsumo, pinfu, ittsu) 20 fu: base 1280; dealer 2600, the other 1300, no third payer
    assert (p.dealer, p.non_dealer, p.payers, p.total) == (2600, 1300, 2, 3900)
    with pytest.raises(InvalidHand, match="2m-8m"):
        score("234m456p789p11s23s 1s", rules=R)


def test_to_dict_is_json_ready() -> None:
    import json

    d = score("123456m789p34s55s 2s", riichi=True, dora_indicators="1m").to_dict()
    assert json.loads(json.dumps(d)) == d
    assert d["han"] == 3 and d["fu"] == 30 and d["payment"]["ron"] == 5800
    assert [y["name_ja"] for y in d["yaku"]] == ["立直", "平和", "ドラ"]


# -- errors --------------------------------------------------------------------------------------
ERRORS: list[tuple[str, dict[str, Any], type[Exception], str]] = [
    ("123456m789p34s55s 2s", {"ippatsu": True}, InvalidHand, "ippatsu without riichi"),
    ("[123m]456m789p34s55s 2s", {"riichi": True}, InvalidHand, "closed"),
    ("[123m]456m789p34s55s 2s", {"double_riichi": True}, InvalidHand, "closed"),
    ("123456m789p34s55s 2s", {"tsumo": True, "rinshan": True}, InvalidHand, "without a kong"),
    ("123456m789p34s55s 2s", {"rinshan": True}, InvalidHand, "self-drawn"),
    ("123456m789p34s55s 2s", {"tsumo": True, "chankan": True}, InvalidHand, "chankan"),
    ("123456m789p34s55s 2s", {"haitei": True}, InvalidHand, "haitei"),
    ("123456m789p34s55s 2s", {"tsumo": True, "houtei": True}, InvalidHand, "houtei"),
    ("123456m789p34s55s 2s", {"tenhou": True}, InvalidHand, "tenhou"),
    ("123456m789p34s55s 2s", {"tsumo": True, "tenhou": True, "seat_wind": "S"}, InvalidHand, "dealer"),
    ("123456m789p34s55s 2s", {"tsumo": True, "chiihou": True}, InvalidHand, "non-dealer"),
    ("[1111m]456m789p34s55s 2s", {"tsumo": True, "tenhou": True}, InvalidHand, "melds"),
    ("[1111m]456m789p34s55s 2s", {"tsumo": True, "rinshan": True, "riichi": True, "ippatsu": True},
     InvalidHand, "ippatsu"),
    ("123456m789p34s55s 2s", {"seat_wind": "X"}, InvalidHand, "wind"),
    ("123456m789p34s55s 2s", {"rules": "nope"}, InvalidHand, "unknown riichi rules"),
    ("123456m789p34s55s 2s", {"honba": -1}, InvalidHand, "honba"),
    ("123456m789p34s55s 2s", {"dora_indicators": "5s5s5s"}, InvalidHand, "copies"),
    ("123406m789p34s55s 2s", {"dora_indicators": "0m"}, InvalidHand, "red five"),
    ("123456m789p34s55s 2s", {"nuki": 1}, InvalidHand, "three-player"),
    ("123456m789p34s55s 1s", {}, NotWinning, "complete"),
    ("[123m]456m789p34s55s 2s", {}, NoYaku, "no yaku"),
    ("123456m789p34s55s", {}, TileMissing, "13 tiles"),
]


@pytest.mark.parametrize(("hand", "kw", "exc", "match"), ERRORS)
def test_errors(hand: str, kw: dict[str, Any], exc: type[Exception], match: str) -> None:
    with pytest.raises(exc, match=match):
        score(hand, **kw)


def test_double_riichi_implies_riichi() -> None:
    r = score("123456m789p34s55s 2s", double_riichi=True, ura_dora_indicators="1m")
    assert "double_riichi" in {y.id for y in r.yaku} and "riichi" not in {y.id for y in r.yaku}
    assert r.ura_dora == 1


def test_presets_have_sources() -> None:
    for name in ("default", "tenhou", "mahjongsoul", "wrc", "ema"):
        assert PRESETS[name].name == name and PRESETS[name].source


def test_breakdown_matches_fast_fu() -> None:
    # the scorer ranks readings with an inline fu count; the breakdown is written by _fu: both must
    # agree on every hand
    import random

    from suanfan.riichi.generate import random_case

    rng = random.Random(99)
    checked = 0
    for _ in range(3000):
        h, kw = random_case(rng)
        try:
            r = score(h, **kw)
        except NoYaku:
            continue
        if r.yakuman:
            continue
        raw = sum(f.fu for f in r.fu_breakdown)
        assert r.fu == (25 if raw == 25 else (raw + 9) // 10 * 10), (str(h), kw)
        checked += 1
    assert checked > 1500
