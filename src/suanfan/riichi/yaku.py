"""The riichi yaku as data: id, names (English, Japanese, Chinese), han closed/open, yakuman.

The table follows seed 000 (日本麻將番種): the 1–6 han yaku, the yakuman, the double yakuman and
nagashi mangan, plus the dora counters and renhou (a rule option). ``han_open`` is ``0`` for a
yaku that needs a closed hand (門前役) and one less than ``han_closed`` for the yaku reduced
when open (食下役). ``yakuman`` is the multiplier of a yakuman (2 for a double yakuman);
``excludes`` the yaku it replaces when both are detected (double riichi replaces riichi,
ryanpeikou iipeikou ...; every yakuman also replaces every ordinary yaku).

A yaku's index in :data:`TABLE` is its id in the engine (the constants below, one per row, in
the table's order); the detectors live in :mod:`suanfan.riichi.engine`, one small function per
yaku, each naming the seed line it implements.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

__all__ = ["INDEX", "TABLE", "YAKU", "Yaku", "YakuDef", "yaku_entry"]


@dataclass(frozen=True, slots=True)
class YakuDef:
    id: str
    name_en: str
    name_ja: str
    name_zh: str
    han_closed: int
    han_open: int  # 0: closed hands only
    yakuman: int = 0  # yakuman multiplier (1 or 2); 0 for an ordinary yaku
    excludes: tuple[str, ...] = ()  # yaku this one replaces when both are detected


TABLE: Final[tuple[YakuDef, ...]] = (
    # 1 han (seed 000, 1翻役)
    YakuDef("riichi", "Riichi", "立直", "立直", 1, 0),
    YakuDef("ippatsu", "Ippatsu", "一発", "一发", 1, 0),
    YakuDef("menzen_tsumo", "Menzen Tsumo", "門前清自摸和", "门前清自摸和", 1, 0),
    YakuDef("pinfu", "Pinfu", "平和", "平和", 1, 0),
    YakuDef("iipeikou", "Iipeikou", "一盃口", "一杯口", 1, 0),
    YakuDef("tanyao", "Tanyao", "断幺九", "断幺九", 1, 1),
    YakuDef("haku", "Yakuhai: White", "役牌 白", "役牌 白", 1, 1),
    YakuDef("hatsu", "Yakuhai: Green", "役牌 發", "役牌 发", 1, 1),
    YakuDef("chun", "Yakuhai: Red", "役牌 中", "役牌 中", 1, 1),
    YakuDef("seat_wind_e", "Seat Wind: East", "自風 東", "自风 东", 1, 1),
    YakuDef("seat_wind_s", "Seat Wind: South", "自風 南", "自风 南", 1, 1),
    YakuDef("seat_wind_w", "Seat Wind: West", "自風 西", "自风 西", 1, 1),
    YakuDef("seat_wind_n", "Seat Wind: North", "自風 北", "自风 北", 1, 1),
    YakuDef("round_wind_e", "Round Wind: East", "場風 東", "场风 东", 1, 1),
    YakuDef("round_wind_s", "Round Wind: South", "場風 南", "场风 南", 1, 1),
    YakuDef("round_wind_w", "Round Wind: West", "場風 西", "场风 西", 1, 1),
    YakuDef("round_wind_n", "Round Wind: North", "場風 北", "场风 北", 1, 1),
    YakuDef("rinshan", "Rinshan Kaihou", "嶺上開花", "岭上开花", 1, 1),
    YakuDef("haitei", "Haitei Raoyue", "海底摸月", "海底捞月", 1, 1),
    YakuDef("houtei", "Houtei Raoyui", "河底撈魚", "河底捞鱼", 1, 1),
    YakuDef("chankan", "Chankan", "槍槓", "抢杠", 1, 1),
    # 2 han (2翻役)
    YakuDef("double_riichi", "Double Riichi", "ダブル立直", "双立直", 2, 0,
            excludes=("riichi",)),
    YakuDef("chiitoitsu", "Chiitoitsu", "七対子", "七对子", 2, 0),
    YakuDef("chanta", "Chanta", "混全帯幺九", "混全带幺九", 2, 1),
    YakuDef("ittsu", "Ittsu", "一気通貫", "一气通贯", 2, 1),
    YakuDef("sanshoku", "Sanshoku Doujun", "三色同順", "三色同顺", 2, 1),
    YakuDef("sanshoku_doukou", "Sanshoku Doukou", "三色同刻", "三色同刻", 2, 2),
    YakuDef("sanankou", "Sanankou", "三暗刻", "三暗刻", 2, 2),
    YakuDef("sankantsu", "Sankantsu", "三槓子", "三杠子", 2, 2),
    YakuDef("toitoi", "Toitoi", "対々和", "对对和", 2, 2),
    YakuDef("honroutou", "Honroutou", "混老頭", "混老头", 2, 2),
    YakuDef("shousangen", "Shousangen", "小三元", "小三元", 2, 2),
    # 3 han (3翻役)
    YakuDef("ryanpeikou", "Ryanpeikou", "二盃口", "二杯口", 3, 0,
            excludes=("iipeikou",)),
    YakuDef("junchan", "Junchan", "純全帯幺九", "纯全带幺九", 3, 2,
            excludes=("chanta",)),
    YakuDef("honitsu", "Honitsu", "混一色", "混一色", 3, 2),
    # 6 han (6翻役)
    YakuDef("chinitsu", "Chinitsu", "清一色", "清一色", 6, 5,
            excludes=("honitsu",)),
    # rule option: renhou as a 5-han yaku (WRC, EMA "mangan")
    YakuDef("renhou", "Renhou", "人和", "人和", 5, 0),
    # yakuman (役滿役種)
    YakuDef("tenhou", "Tenhou", "天和", "天和", 13, 0, 1),
    YakuDef("chiihou", "Chiihou", "地和", "地和", 13, 0, 1),
    YakuDef("renhou_yakuman", "Renhou", "人和", "人和", 13, 0, 1),
    YakuDef("kokushi", "Kokushi Musou", "国士無双", "国士无双", 13, 0, 1),
    YakuDef("kokushi_13", "Kokushi Musou 13-sided", "国士無双十三面待ち", "国士无双十三面", 26, 0, 2,
            excludes=("kokushi",)),
    YakuDef("chuuren", "Chuuren Poutou", "九蓮宝燈", "九莲宝灯", 13, 0, 1),
    YakuDef("junsei_chuuren", "Junsei Chuuren Poutou", "純正九蓮宝燈", "纯正九莲宝灯", 26, 0, 2,
            excludes=("chuuren",)),
    YakuDef("suuankou", "Suuankou", "四暗刻", "四暗刻", 13, 0, 1),
    YakuDef("suuankou_tanki", "Suuankou Tanki", "四暗刻単騎", "四暗刻单骑", 26, 0, 2,
            excludes=("suuankou",)),
    YakuDef("suukantsu", "Suukantsu", "四槓子", "四杠子", 13, 13, 1),
    YakuDef("chinroutou", "Chinroutou", "清老頭", "清老头", 13, 13, 1,
            excludes=("honroutou",)),
    YakuDef("tsuuiisou", "Tsuuiisou", "字一色", "字一色", 13, 13, 1,
            excludes=("honroutou",)),
    YakuDef("daisuushii", "Daisuushii", "大四喜", "大四喜", 26, 26, 2,
            excludes=("shousuushii",)),
    YakuDef("shousuushii", "Shousuushii", "小四喜", "小四喜", 13, 13, 1),
    YakuDef("daisangen", "Daisangen", "大三元", "大三元", 13, 13, 1),
    YakuDef("ryuuiisou", "Ryuuiisou", "緑一色", "绿一色", 13, 13, 1),
    # special (特殊役)
    YakuDef("nagashi_mangan", "Nagashi Mangan", "流し満貫", "流局满贯", 5, 5),
    # dora counters: han is the count
    YakuDef("dora", "Dora", "ドラ", "宝牌", 1, 1),
    YakuDef("ura_dora", "Ura Dora", "裏ドラ", "里宝牌", 1, 0),
    YakuDef("aka_dora", "Red Five", "赤ドラ", "赤宝牌", 1, 1),
    YakuDef("nuki_dora", "Nuki Dora (North)", "抜きドラ", "拔北宝牌", 1, 1),
)

# The index of each yaku in TABLE: the engine's yaku ids (a bit each in its yaku masks).
RIICHI: Final = 0
IPPATSU: Final = 1
MENZEN_TSUMO: Final = 2
PINFU: Final = 3
IIPEIKOU: Final = 4
TANYAO: Final = 5
HAKU: Final = 6
HATSU: Final = 7
CHUN: Final = 8
SEAT_WIND_E: Final = 9
SEAT_WIND_S: Final = 10
SEAT_WIND_W: Final = 11
SEAT_WIND_N: Final = 12
ROUND_WIND_E: Final = 13
ROUND_WIND_S: Final = 14
ROUND_WIND_W: Final = 15
ROUND_WIND_N: Final = 16
RINSHAN: Final = 17
HAITEI: Final = 18
HOUTEI: Final = 19
CHANKAN: Final = 20
DOUBLE_RIICHI: Final = 21
CHIITOITSU: Final = 22
CHANTA: Final = 23
ITTSU: Final = 24
SANSHOKU: Final = 25
SANSHOKU_DOUKOU: Final = 26
SANANKOU: Final = 27
SANKANTSU: Final = 28
TOITOI: Final = 29
HONROUTOU: Final = 30
SHOUSANGEN: Final = 31
RYANPEIKOU: Final = 32
JUNCHAN: Final = 33
HONITSU: Final = 34
CHINITSU: Final = 35
RENHOU: Final = 36
TENHOU: Final = 37
CHIIHOU: Final = 38
RENHOU_YAKUMAN: Final = 39
KOKUSHI: Final = 40
KOKUSHI_13: Final = 41
CHUUREN: Final = 42
JUNSEI_CHUUREN: Final = 43
SUUANKOU: Final = 44
SUUANKOU_TANKI: Final = 45
SUUKANTSU: Final = 46
CHINROUTOU: Final = 47
TSUUIISOU: Final = 48
DAISUUSHII: Final = 49
SHOUSUUSHII: Final = 50
DAISANGEN: Final = 51
RYUUIISOU: Final = 52
NAGASHI_MANGAN: Final = 53
DORA: Final = 54
URA_DORA: Final = 55
AKA_DORA: Final = 56
NUKI_DORA: Final = 57

YAKU: Final[dict[str, YakuDef]] = {y.id: y for y in TABLE}
INDEX: Final[dict[str, int]] = {y.id: i for i, y in enumerate(TABLE)}

#: yakuman that count twice when ``Rules.double_yakuman`` is on, and their single form
DOUBLE_TO_SINGLE: Final = {
    "kokushi_13": "kokushi",
    "junsei_chuuren": "chuuren",
    "suuankou_tanki": "suuankou",
    "daisuushii": "daisuushii",
}


@dataclass(frozen=True, slots=True)
class Yaku:
    """One line of a result: a yaku (or dora count) with the han it gives in this hand.

    For a yakuman ``han`` is 13 per multiple and ``yakuman`` the multiplier.
    """

    id: str
    name_en: str
    name_ja: str
    name_zh: str
    han: int
    yakuman: int = 0

    def __reduce__(self) -> tuple[Any, ...]:
        # a compiled frozen dataclass does not unpickle field by field: rebuild it
        return (Yaku, (self.id, self.name_en, self.name_ja, self.name_zh, self.han, self.yakuman))

    def name(self, lang: str = "en") -> str:
        if lang.startswith("ja"):
            return self.name_ja
        if lang.startswith("zh"):
            return self.name_zh
        return self.name_en

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "name_en": self.name_en, "name_ja": self.name_ja,
            "name_zh": self.name_zh, "han": self.han, "yakuman": self.yakuman,
        }


_ENTRY_CACHE: dict[tuple[str, int, int], Yaku] = {}


def yaku_entry(yaku_id: str, han: int, yakuman: int = 0) -> Yaku:
    """The (cached) result line of a yaku worth ``han`` (or ``yakuman`` multiples)."""
    key = (yaku_id, han, yakuman)
    e = _ENTRY_CACHE.get(key)
    if e is None:
        d = YAKU[yaku_id]
        e = Yaku(d.id, d.name_en, d.name_ja, d.name_zh, han, yakuman)
        if len(_ENTRY_CACHE) < 4096:  # bounded (han and multiples are small)
            _ENTRY_CACHE[key] = e
    return e
