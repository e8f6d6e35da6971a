"""One test per yaku of seed 000 (日本麻將番種) and per rule option that changes a yaku.

Each case: a hand, the situation, the yaku ids expected (exactly, dora excluded) and the han.
The comment names the seed 000 line the case checks.
"""

from __future__ import annotations

from typing import Any

import pytest

from suanfan.riichi import PRESETS, YAKU, score

NO_DORA = ("dora", "ura_dora", "aka_dora", "nuki_dora")


def yaku_ids(hand: str, **kw: Any) -> tuple[set[str], int]:
    r = score(hand, **kw)
    return {y.id for y in r.yaku if y.id not in NO_DORA}, r.han


CASES: list[tuple[str, str, dict[str, Any], set[str], int]] = [
    # 1翻役 1. 立直
    ("riichi", "123456m789p34s55s 2s", {"riichi": True}, {"riichi", "pinfu"}, 2),
    # 1翻役 2. 一發
    ("ippatsu", "123456m789p34s55s 2s", {"riichi": True, "ippatsu": True},
     {"riichi", "ippatsu", "pinfu"}, 3),
    # 1翻役 3. 門前清自摸和
    ("menzen_tsumo", "123456m789p34s55s 2s", {"tsumo": True}, {"menzen_tsumo", "pinfu"}, 2),
    # 1翻役 4. 平和: no pinfu with a value pair or a non-two-sided wait
    ("pinfu", "123456m789p34s55s 2s", {"riichi": True}, {"riichi", "pinfu"}, 2),
    ("pinfu_value_pair", "123456m789p34s66z 2s", {"riichi": True}, {"riichi"}, 1),
    ("pinfu_kanchan", "123456m789p35s55s 4s", {"riichi": True}, {"riichi"}, 1),
    # 1翻役 5. 一杯口
    ("iipeikou", "112233m456p789s5s 5s", {}, {"iipeikou"}, 1),
    # 1翻役 6. 斷么九 (open allowed by option: 有食斷)
    ("tanyao_open", "[234m]567m345p66s78s 6s", {}, {"tanyao"}, 1),
    ("tanyao_closed", "234567m345p66s78s 6s", {}, {"tanyao", "pinfu"}, 2),
    # 1翻役 7. 役牌: dragons, seat wind, round wind; a double wind pung counts twice
    ("yakuhai_dragon", "[555z]234567m22p78s 9s", {}, {"haku"}, 1),
    ("yakuhai_double_wind", "[111z]234567m22p78s 9s", {"seat_wind": "E", "round_wind": "E"},
     {"seat_wind_e", "round_wind_e"}, 2),
    ("yakuhai_round_wind", "[222z]234567m22p78s 9s", {"seat_wind": "W", "round_wind": "S"},
     {"round_wind_s"}, 1),
    ("yakuhai_seat_wind", "[333z]234567m22p78s 9s", {"seat_wind": "W", "round_wind": "S"},
     {"seat_wind_w"}, 1),
    # 1翻役 8. 嶺上開花
    ("rinshan", "[1111m]234p567s789s5p 5p", {"tsumo": True, "rinshan": True},
     {"menzen_tsumo", "rinshan"}, 2),
    # 1翻役 9. 海底撈月
    ("haitei", "[123m]456p789s234s5p 5p", {"tsumo": True, "haitei": True}, {"haitei"}, 1),
    # 1翻役 10. 河底撈魚
    ("houtei", "[123m]456p789s234s5p 5p", {"houtei": True}, {"houtei"}, 1),
    # 1翻役 11. 槍槓
    ("chankan", "[123m]789s234s55p67p 8p", {"chankan": True}, {"chankan"}, 1),
    # 2翻役 1. 雙立直 (replaces riichi)
    ("double_riichi", "123456m789p34s55s 2s", {"double_riichi": True}, {"double_riichi", "pinfu"}, 3),
    # 2翻役 2. 七對子
    ("chiitoitsu", "1133m5577p99s11z2z 2z", {}, {"chiitoitsu"}, 2),
    # 2翻役 3. 混全帶么九 (1 open)
    ("chanta", "123m789p789s111z9m 9m", {"seat_wind": "S", "round_wind": "S"}, {"chanta"}, 2),
    ("chanta_open", "[123m]789p789s111z9m 9m", {"seat_wind": "S", "round_wind": "S"}, {"chanta"}, 1),
    # 2翻役 4. 一氣通貫 (1 open)
    ("ittsu", "123456789m234p5s 5s", {}, {"ittsu"}, 2),
    ("ittsu_open", "[123m]456789m234p5s 5s", {}, {"ittsu"}, 1),
    # 2翻役 5. 三色同順 (1 open)
    ("sanshoku", "234m234p234s78s99m 9s", {}, {"sanshoku", "pinfu"}, 3),
    ("sanshoku_open", "[234m]234p234s78s99m 9s", {}, {"sanshoku"}, 1),
    # (with terminals in every set it is also junchan)
    ("sanshoku_junchan", "123m123p123s78s99m 9s", {}, {"sanshoku", "junchan", "pinfu"}, 6),
    # 2翻役 6. 三色同刻
    ("sanshoku_doukou", "[222m]222p222s345m5z 5z", {}, {"sanshoku_doukou"}, 2),
    # 2翻役 7. 三暗刻
    ("sanankou", "222m444p666s345m7z 7z", {}, {"sanankou"}, 2),
    # 2翻役 8. 三槓子
    ("sankantsu", "[1111m1][2222p2][3333s3]456m7z 7z", {}, {"sankantsu"}, 2),
    # 2翻役 9. 對對和
    ("toitoi", "[111m1][222p2]333s444s5p 5p", {}, {"toitoi"}, 2),
    # 2翻役 10. 混老頭 (with toitoi)
    ("honroutou", "[111m1]999m111p999s1z 1z", {"seat_wind": "S", "round_wind": "S"},
     {"honroutou", "toitoi", "sanankou"}, 6),
    # 2翻役 11. 小三元 (with the two dragon pungs)
    ("shousangen", "555z666z77z123m45p 6p", {}, {"shousangen", "haku", "hatsu"}, 4),
    # 3翻役 1. 二盃口 (not iipeikou, beats seven pairs)
    ("ryanpeikou", "112233m445566p9s 9s", {}, {"ryanpeikou"}, 3),
    # 3翻役 2. 純全帶么九 (2 open)
    ("junchan", "123m789m789p11s78s 9s", {}, {"junchan", "sanshoku", "pinfu"}, 6),
    # 3翻役 3. 混一色 (2 open)
    ("honitsu", "123456789m111z2z 2z", {"seat_wind": "W", "round_wind": "W"},
     {"honitsu", "ittsu"}, 5),
    ("honitsu_open", "[123m]456789m111z2z 2z", {"seat_wind": "W", "round_wind": "W"},
     {"honitsu", "ittsu"}, 3),
    # 6翻役 清一色 (5 open)
    ("chinitsu", "123456789p1122p 2p", {}, {"chinitsu", "ittsu"}, 8),
    ("chinitsu_open", "[123p]456789p1122p 2p", {}, {"chinitsu", "ittsu"}, 6),
    # 役滿 1. 天和 2. 地和
    ("tenhou", "123456m789p34s55s 2s", {"tsumo": True, "tenhou": True}, {"tenhou"}, 13),
    ("chiihou", "123456m789p34s55s 2s", {"tsumo": True, "chiihou": True, "seat_wind": "S"},
     {"chiihou"}, 13),
    # 役滿 3. 國士無雙 (13-sided: double)
    ("kokushi", "19m19p19s1234566z 7z", {}, {"kokushi"}, 13),
    ("kokushi_13", "19m19p19s1234567z 7z", {}, {"kokushi_13"}, 26),
    # 役滿 4. 九蓮寶燈 (pure nine-sided: double)
    ("chuuren", "1112345678899m 9m", {}, {"chuuren"}, 13),
    ("junsei_chuuren", "1112345678999m 5m", {}, {"junsei_chuuren"}, 26),
    # 役滿 5. 四暗刻 (ron on a double-pung wait is only sanankou; tanki: double)
    ("suuankou", "111m222p333s44s55z 5z", {"tsumo": True}, {"suuankou"}, 13),
    ("suuankou_ron_shanpon", "111m222p333s44s55z 5z", {"seat_wind": "S"},
     {"sanankou", "toitoi", "haku"}, 5),
    ("suuankou_tanki", "111m222p333s444s5z 5z", {}, {"suuankou_tanki"}, 26),
    # 役滿 6. 四槓子
    ("suukantsu", "[1111m1][2222p2][3333s3][4444s]5z 5z", {}, {"suukantsu"}, 13),
    # 役滿 7. 清老頭
    ("chinroutou", "[111m1]999m111p999s1s 1s", {}, {"chinroutou"}, 13),
    # 役滿 8. 字一色 (also as seven pairs)
    ("tsuuiisou", "[111z1]222z333z555z6z 6z", {}, {"tsuuiisou"}, 13),
    ("tsuuiisou_pairs", "11223344556677z", {}, {"tsuuiisou"}, 13),
    # 役滿 9. 大四喜 (double) 10. 小四喜
    ("daisuushii", "[111z1]222z333z444z5m 5m", {}, {"daisuushii"}, 26),
    ("shousuushii", "[111z1]222z333z44z56m 7m", {}, {"shousuushii"}, 13),
    # 役滿 11. 大三元
    ("daisangen", "[555z1]666z777z123m4p 4p", {}, {"daisangen"}, 13),
    # 役滿 12. 綠一色
    ("ryuuiisou", "[666z1]222s444s666s8s 8s", {}, {"ryuuiisou"}, 13),
    ("ryuuiisou_no_hatsu", "234s234s666s88s44s 8s", {}, {"ryuuiisou"}, 13),
    # several yakuman add up (役滿的倍數用來相加)
    ("tsuuiisou_daisangen", "[555z1]666z777z111z2z 2z", {}, {"tsuuiisou", "daisangen"}, 26),
]


@pytest.mark.parametrize(("name", "hand", "kw", "want", "han"), CASES,
                         ids=[c[0] for c in CASES])
def test_yaku(name: str, hand: str, kw: dict[str, Any], want: set[str], han: int) -> None:
    got, got_han = yaku_ids(hand, **kw)
    assert got == want
    assert got_han == han


def test_chankan() -> None:
    # seed 000 1翻役 11: robbing a kong; the robbed tile is the only one of its kind in the hand
    got, han = yaku_ids("[123m]789s234s55p67p 8p", chankan=True)
    assert got == {"chankan"} and han == 1
    with pytest.raises(ValueError, match="chankan"):
        score("[123m]789s234s55p56p 5p", chankan=True)


def test_every_yaku_has_three_names() -> None:
    for y in YAKU.values():
        assert y.name_en and y.name_ja and y.name_zh, y.id


def test_open_hand_reductions() -> None:
    # seed 000 食下役: chanta, ittsu, sanshoku lose 1 han open; junchan, honitsu 1; chinitsu 1
    for yid in ("chanta", "ittsu", "sanshoku", "junchan", "honitsu", "chinitsu"):
        y = YAKU[yid]
        assert y.han_open == y.han_closed - 1, yid
    for yid in ("riichi", "ippatsu", "menzen_tsumo", "pinfu", "iipeikou", "ryanpeikou",
                "double_riichi", "chiitoitsu"):
        assert YAKU[yid].han_open == 0, yid  # 門前役


def test_open_tanyao_option() -> None:
    with pytest.raises(ValueError, match="no yaku"):
        score("[234m]567m345p66s78s 6s", rules=PRESETS["default"].replace(open_tanyao=False))


def test_ryuuiisou_needs_hatsu_option() -> None:
    r = PRESETS["default"].replace(ryuuiisou_needs_hatsu=True)
    got, _ = yaku_ids("234s234s666s88s44s 8s", rules=r)
    assert "ryuuiisou" not in got
    got, _ = yaku_ids("[666z1]222s444s666s8s 8s", rules=r)
    assert got == {"ryuuiisou"}


def test_double_yakuman_option() -> None:
    r = PRESETS["tenhou"]  # no double yakuman
    res = score("19m19p19s1234567z 7z", rules=r)
    assert res.yakuman == 1 and [y.id for y in res.yaku] == ["kokushi"]
    res = score("[111z1]222z333z444z5m 5m", rules=r)
    assert res.yakuman == 1


def test_yakuman_stacking_option() -> None:
    res = score("[555z1]666z777z111z2z 2z", rules="wrc-2015")
    assert res.yakuman == 1  # WRC rules 2015: yakuman are not cumulative
    assert score("[555z1]666z777z111z2z 2z").yakuman == 2
    # WRC 2022 Major Rule Changes Summary: different yakuman add up (daisangen + tsuuiisou)
    assert score("[555z1]666z777z111z2z 2z", rules="wrc").yakuman == 2


def test_renhou_options() -> None:
    hand = "123456m789p34s55s 2s"
    with pytest.raises(ValueError, match="renhou"):
        score(hand, renhou=True, seat_wind="S")  # default: renhou off
    r = score(hand, renhou=True, seat_wind="S", rules="wrc")
    assert {y.id for y in r.yaku} == {"renhou", "pinfu"} and r.han == 6 and r.limit == "haneman"
    r = score(hand, renhou=True, seat_wind="S", rules=PRESETS["default"].replace(renhou="yakuman"))
    assert r.yakuman == 1


def test_yakuman_replaces_yaku_and_dora() -> None:
    # seed 000 役滿役種: 出現役滿役種時，所有普通役種和寶牌均不再計算
    r = score("111m222p333s44s55z 5z", tsumo=True, riichi=True, dora_indicators="9m")
    assert [y.id for y in r.yaku] == ["suuankou"] and r.fu == 0 and r.dora == 0


def test_dora_needs_a_yaku() -> None:
    with pytest.raises(ValueError, match="no yaku"):
        score("[123m]456p789s234s5p 5p", dora_indicators="4p4p")


def test_dora_ura_red() -> None:
    r = score("123406m789p34s55s 2s", riichi=True, dora_indicators="1m", ura_dora_indicators="4s")
    assert (r.dora, r.ura_dora, r.aka_dora) == (1, 2, 1)
    # ura dora only with riichi
    r = score("123406m789p34s55s 2s", tsumo=True, dora_indicators="1m", ura_dora_indicators="4s")
    assert r.ura_dora == 0 and r.dora == 1
    # red fives off: a plain five
    r = score("123406m789p34s55s 2s", riichi=True, rules="wrc")
    assert r.aka_dora == 0


def test_dora_indicator_wraps() -> None:
    r = score("[123m]456p789s11z22z 2z", seat_wind="S", round_wind="S", dora_indicators="4z7z9s")
    # North → East (1z ×2), Red → White (none), 9s → 1s (none)
    assert r.dora == 2


def test_nagashi_mangan() -> None:
    from suanfan.riichi import nagashi_mangan

    r = nagashi_mangan(seat_wind="S", honba=1, riichi_sticks=1)
    assert r.payment.dealer == 4100 and r.payment.non_dealer == 2100 and r.payment.total == 9300
    assert r.limit == "mangan" and r.yaku[0].id == "nagashi_mangan"
    with pytest.raises(ValueError, match="nagashi"):
        nagashi_mangan(rules="ema")


def test_tenhou_counts_wait_doubles_once() -> None:
    # seed 000 國士無雙 note: 莊家配牌直接拿齊14張時 ... 國士無雙按1倍役滿計算 (also nine gates,
    # suuankou): with tenhou the wait cannot be known. The `mahjong` package counts them double.
    r = score("19m19p19s1234567z 7z", tsumo=True, tenhou=True)
    assert r.yakuman == 2 and {y.id: y.yakuman for y in r.yaku} == {"tenhou": 1, "kokushi": 1}
    r = score("1112345678999m 5m", tsumo=True, tenhou=True)
    assert {y.id for y in r.yaku} == {"tenhou", "chuuren"} and r.yakuman == 2
    r = score("111m222p333s444s5z 5z", tsumo=True, tenhou=True)
    assert {y.id for y in r.yaku} == {"tenhou", "suuankou"} and r.yakuman == 2
    # chiihou: the non-dealer drew the winning tile, the wait is known
    r = score("19m19p19s1234567z 7z", tsumo=True, chiihou=True, seat_wind="S")
    assert r.yakuman == 3
