"""The MCR fan table: every fan of the competition rules as data.

Each row: a stable id, the simplified and traditional Chinese names, the English name of the
international rulebook, the value, and the fans it excludes (不计, not also counted). The 不计
lists are those of seed 003 (the fullest), completed where ``MCR.md`` settles a case the seeds
leave implicit; such additions are marked in :data:`IMPLICIT_EXCLUSIONS`.

Rows are in *precedence order*: a fan only ever excludes fans further down the table (or, for
一色三同顺/一色三节高, a fan of equal value that can never occur with it), so the non-repeat
principle (不重复) is applied by walking the table once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .extended import EXTENDED_FANS  # seed 003's fans (extended.py imports nothing of this module)

__all__ = ["BOTZONE_FANS", "FANS", "FAN_BY_ID", "FAN_BY_ZH", "FAN_INDEX", "IMPLICIT_EXCLUSIONS", "Fan",
           "FanDef"]


@dataclass(frozen=True, slots=True)
class FanDef:
    """One fan of the table."""

    id: str
    zh: str
    zh_hant: str
    en: str
    value: int
    excludes: tuple[str, ...] = ()
    #: the seed line the definition and 不计 list come from
    source: str = "seed 003"

    def name(self, lang: str = "zh") -> str:
        if lang == "en":
            return self.en
        if lang in ("zh-Hant", "zh_hant", "zh-TW", "zh-HK"):
            return self.zh_hant
        return self.zh


_F = FanDef

# fmt: off
_MCR_FANS: tuple[FanDef, ...] = (
    # 88
    _F("big_four_winds", "大四喜", "大四喜", "Big Four Winds", 88,
       ("little_four_winds", "big_three_winds", "all_pungs", "prevalent_wind", "seat_wind",
        "pung_of_terminals_or_honors")),
    _F("big_three_dragons", "大三元", "大三元", "Big Three Dragons", 88,
       ("little_three_dragons", "two_dragon_pungs", "dragon_pung")),
    _F("all_green", "绿一色", "綠一色", "All Green", 88, ("half_flush", "one_voided_suit")),
    _F("nine_gates", "九莲宝灯", "九蓮寶燈", "Nine Gates", 88,
       ("full_flush", "fully_concealed_hand", "concealed_hand", "no_honors")),
    _F("four_kongs", "四杠", "四槓", "Four Kongs", 88,
       ("three_kongs", "all_pungs", "two_concealed_kongs", "two_melded_kongs",
        "concealed_and_melded_kong", "concealed_kong", "melded_kong", "single_wait", "edge_wait",
        "closed_wait")),
    _F("seven_shifted_pairs", "连七对", "連七對", "Seven Shifted Pairs", 88,
       ("seven_pairs", "full_flush", "fully_concealed_hand", "concealed_hand", "no_honors",
        "single_wait", "short_straight", "pure_double_chow")),
    _F("thirteen_orphans", "十三幺", "十三幺", "Thirteen Orphans", 88,
       ("all_types", "outside_hand", "fully_concealed_hand", "concealed_hand", "single_wait",
        "all_terminals_and_honors")),
    # 64
    _F("all_terminals", "清幺九", "清幺九", "All Terminals", 64,
       ("all_terminals_and_honors", "all_pungs", "outside_hand", "double_pung",
        "pung_of_terminals_or_honors", "no_honors")),
    _F("little_four_winds", "小四喜", "小四喜", "Little Four Winds", 64,
       ("big_three_winds", "pung_of_terminals_or_honors")),
    _F("little_three_dragons", "小三元", "小三元", "Little Three Dragons", 64,
       ("two_dragon_pungs", "dragon_pung")),
    _F("all_honors", "字一色", "字一色", "All Honors", 64,
       ("all_terminals_and_honors", "all_pungs", "outside_hand", "pung_of_terminals_or_honors",
        "one_voided_suit")),
    _F("four_concealed_pungs", "四暗刻", "四暗刻", "Four Concealed Pungs", 64,
       ("three_concealed_pungs", "all_pungs", "fully_concealed_hand", "concealed_hand",
        "two_concealed_pungs")),
    _F("pure_terminal_chows", "一色双龙会", "一色雙龍會", "Pure Terminal Chows", 64,
       ("seven_pairs", "full_flush", "all_chows", "pure_double_chow", "two_terminal_chows",
        "no_honors")),
    # 48
    _F("quadruple_chow", "一色四同顺", "一色四同順", "Quadruple Chow", 48,
       ("pure_triple_chow", "pure_shifted_pungs", "tile_hog", "pure_double_chow")),
    _F("four_pure_shifted_pungs", "一色四节高", "一色四節高", "Four Pure Shifted Pungs", 48,
       ("pure_triple_chow", "pure_shifted_pungs", "all_pungs")),
    # 32
    _F("four_pure_shifted_chows", "一色四步高", "一色四步高", "Four Pure Shifted Chows", 32,
       ("pure_shifted_chows", "two_terminal_chows", "short_straight", "pure_double_chow")),
    _F("three_kongs", "三杠", "三槓", "Three Kongs", 32,
       ("two_concealed_kongs", "two_melded_kongs", "concealed_and_melded_kong", "concealed_kong",
        "melded_kong")),
    _F("all_terminals_and_honors", "混幺九", "混幺九", "All Terminals and Honors", 32,
       ("all_pungs", "outside_hand", "pung_of_terminals_or_honors")),
    # 24
    _F("seven_pairs", "七对", "七對", "Seven Pairs", 24,
       ("fully_concealed_hand", "concealed_hand", "single_wait")),
    _F("greater_honors_and_knitted_tiles", "七星不靠", "七星不靠", "Greater Honors and Knitted Tiles", 24,
       ("lesser_honors_and_knitted_tiles", "all_types", "fully_concealed_hand", "concealed_hand",
        "single_wait")),
    _F("all_even_pungs", "全双刻", "全雙刻", "All Even Pungs", 24,
       ("all_pungs", "all_simples", "no_honors")),
    _F("full_flush", "清一色", "清一色", "Full Flush", 24, ("no_honors",)),
    _F("pure_triple_chow", "一色三同顺", "一色三同順", "Pure Triple Chow", 24,
       ("pure_shifted_pungs", "pure_double_chow")),
    _F("pure_shifted_pungs", "一色三节高", "一色三節高", "Pure Shifted Pungs", 24, ("pure_triple_chow",)),
    _F("upper_tiles", "全大", "全大", "Upper Tiles", 24, ("upper_four", "no_honors")),
    _F("middle_tiles", "全中", "全中", "Middle Tiles", 24, ("all_simples", "no_honors")),
    _F("lower_tiles", "全小", "全小", "Lower Tiles", 24, ("lower_four", "no_honors")),
    # 16
    _F("pure_straight", "清龙", "清龍", "Pure Straight", 16, ("short_straight", "two_terminal_chows")),
    _F("three_suited_terminal_chows", "三色双龙会", "三色雙龍會", "Three-Suited Terminal Chows", 16,
       ("all_chows", "pure_double_chow", "mixed_double_chow", "two_terminal_chows", "no_honors")),
    _F("pure_shifted_chows", "一色三步高", "一色三步高", "Pure Shifted Chows", 16),
    _F("all_fives", "全带五", "全帶五", "All Fives", 16, ("all_simples", "no_honors")),
    _F("triple_pung", "三同刻", "三同刻", "Triple Pung", 16, ("double_pung",)),
    _F("three_concealed_pungs", "三暗刻", "三暗刻", "Three Concealed Pungs", 16, ("two_concealed_pungs",)),
    # 12
    _F("lesser_honors_and_knitted_tiles", "全不靠", "全不靠", "Lesser Honors and Knitted Tiles", 12,
       ("all_types", "fully_concealed_hand", "concealed_hand", "single_wait")),
    _F("knitted_straight", "组合龙", "組合龍", "Knitted Straight", 12),
    _F("upper_four", "大于五", "大於五", "Upper Four", 12, ("no_honors",)),
    _F("lower_four", "小于五", "小於五", "Lower Four", 12, ("no_honors",)),
    _F("big_three_winds", "三风刻", "三風刻", "Big Three Winds", 12),
    # 8
    _F("mixed_straight", "花龙", "花龍", "Mixed Straight", 8),
    _F("reversible_tiles", "推不倒", "推不倒", "Reversible Tiles", 8, ("one_voided_suit",)),
    _F("mixed_triple_chow", "三色三同顺", "三色三同順", "Mixed Triple Chow", 8),
    _F("mixed_shifted_pungs", "三色三节高", "三色三節高", "Mixed Shifted Pungs", 8),
    _F("chicken_hand", "无番和", "無番和", "Chicken Hand", 8),
    _F("last_tile_draw", "妙手回春", "妙手回春", "Last Tile Draw", 8, ("self_drawn",)),
    _F("last_tile_claim", "海底捞月", "海底撈月", "Last Tile Claim", 8),
    _F("out_with_replacement_tile", "杠上开花", "槓上開花", "Out with Replacement Tile", 8, ("self_drawn",)),
    _F("robbing_the_kong", "抢杠和", "搶槓和", "Robbing the Kong", 8, ("last_tile",)),
    # 6
    _F("all_pungs", "碰碰和", "碰碰和", "All Pungs", 6),
    _F("half_flush", "混一色", "混一色", "Half Flush", 6),
    _F("mixed_shifted_chows", "三色三步高", "三色三步高", "Mixed Shifted Chows", 6),
    _F("all_types", "五门齐", "五門齊", "All Types", 6),
    _F("melded_hand", "全求人", "全求人", "Melded Hand", 6, ("single_wait",)),
    _F("two_concealed_kongs", "双暗杠", "雙暗槓", "Two Concealed Kongs", 6,
       ("concealed_kong", "two_concealed_pungs")),
    _F("two_dragon_pungs", "双箭刻", "雙箭刻", "Two Dragon Pungs", 6, ("dragon_pung",)),
    # 5 (Botzone / PyMahjongGB only; disabled in the competition presets)
    _F("concealed_and_melded_kong", "明暗杠", "明暗槓", "Concealed Kong and Melded Kong", 5,
       ("concealed_kong", "melded_kong"), source="PyMahjongGB 1.4 / Botzone"),
    # 4
    _F("outside_hand", "全带幺", "全帶幺", "Outside Hand", 4),
    _F("fully_concealed_hand", "不求人", "不求人", "Fully Concealed Hand", 4,
       ("self_drawn", "concealed_hand")),
    _F("two_melded_kongs", "双明杠", "雙明槓", "Two Melded Kongs", 4, ("melded_kong",)),
    _F("last_tile", "和绝张", "和絕張", "Last Tile", 4),
    # 2
    _F("dragon_pung", "箭刻", "箭刻", "Dragon Pung", 2),
    _F("prevalent_wind", "圈风刻", "圈風刻", "Prevalent Wind", 2),
    _F("seat_wind", "门风刻", "門風刻", "Seat Wind", 2),
    _F("concealed_hand", "门前清", "門前清", "Concealed Hand", 2),
    _F("all_chows", "平和", "平和", "All Chows", 2, ("no_honors",)),
    _F("tile_hog", "四归一", "四歸一", "Tile Hog", 2),
    _F("double_pung", "双同刻", "雙同刻", "Double Pung", 2),
    _F("two_concealed_pungs", "双暗刻", "雙暗刻", "Two Concealed Pungs", 2),
    _F("concealed_kong", "暗杠", "暗槓", "Concealed Kong", 2),
    _F("all_simples", "断幺", "斷幺", "All Simples", 2, ("no_honors",)),
    # 1
    _F("pure_double_chow", "一般高", "一般高", "Pure Double Chow", 1),
    _F("mixed_double_chow", "喜相逢", "喜相逢", "Mixed Double Chow", 1),
    _F("short_straight", "连六", "連六", "Short Straight", 1),
    _F("two_terminal_chows", "老少副", "老少副", "Two Terminal Chows", 1),
    _F("pung_of_terminals_or_honors", "幺九刻", "幺九刻", "Pung of Terminals or Honors", 1),
    _F("melded_kong", "明杠", "明槓", "Melded Kong", 1),
    _F("one_voided_suit", "缺一门", "缺一門", "One Voided Suit", 1),
    _F("no_honors", "无字", "無字", "No Honors", 1),
    _F("edge_wait", "边张", "邊張", "Edge Wait", 1),
    _F("closed_wait", "坎张", "坎張", "Closed Wait", 1),
    _F("single_wait", "单钓将", "單釣將", "Single Wait", 1),
    _F("self_drawn", "自摸", "自摸", "Self-Drawn", 1),
    _F("flower_tiles", "花牌", "花牌", "Flower Tiles", 1),
)
# fmt: on



def _with_extended(rows: tuple[FanDef, ...]) -> tuple[FanDef, ...]:
    """Seed 003's extended fans (:mod:`suanfan.mcr.extended`) placed in precedence order; they are
    switched on only in the ``mcr-extended`` preset."""
    out: list[FanDef] = []
    for f in rows:
        out.extend(FanDef(e.id, e.zh, e.zh_hant, e.en, e.value, e.excludes, e.source)
                   for e in EXTENDED_FANS if e.before == f.id)
        out.append(f)
    return tuple(out)


#: every fan, seed 003's extended fans in their places (precedence order)
FANS: Final[tuple[FanDef, ...]] = _with_extended(_MCR_FANS)

#: Exclusions added to the seed lists where MCR.md decides what the seeds leave implicit
#: (each is also what the reference engine does).
IMPLICIT_EXCLUSIONS: dict[str, tuple[str, ...]] = {
    "all_green": ("one_voided_suit",),                      # MCR.md: excludes 混一色 and 缺一门
    "all_honors": ("one_voided_suit",),                     # no numbered suit at all
    "four_kongs": ("edge_wait", "closed_wait", "concealed_and_melded_kong"),  # MCR.md: not with 四杠
    "all_terminals": ("double_pung",),                      # MCR.md: 清幺九 does not count 双同刻
    "seven_shifted_pairs": ("short_straight", "pure_double_chow"),  # seed 001
    "four_pure_shifted_chows": ("two_terminal_chows", "short_straight", "pure_double_chow"),
    "fully_concealed_hand": ("concealed_hand",),            # seed 003 under 不求人
    "thirteen_orphans": ("all_terminals_and_honors",),      # 混幺九 is pungs and a pair
    "two_concealed_kongs": ("two_concealed_pungs",),        # two concealed kongs are the two
}

#: fans that exist only in the Botzone preset
BOTZONE_FANS = frozenset({"concealed_and_melded_kong"})

class Fan:
    """Every fan by its index in :data:`FANS` (precedence order, seed 003's extended fans
    included): ``FANS[Fan.PURE_STRAIGHT]`` is its row. The indices are plain ``Final`` ints (the
    compiled engine reads them as constants); the table check at import keeps them in step with
    :data:`FANS`."""

    HEAVENLY_HAND: Final = 0  # 天和 88
    BIG_FOUR_WINDS: Final = 1  # 大四喜 88
    BIG_THREE_DRAGONS: Final = 2  # 大三元 88
    ALL_GREEN: Final = 3  # 绿一色 88
    NINE_GATES: Final = 4  # 九莲宝灯 88
    FOUR_KONGS: Final = 5  # 四杠 88
    SEVEN_SHIFTED_PAIRS: Final = 6  # 连七对 88
    THIRTEEN_ORPHANS: Final = 7  # 十三幺 88
    EARTHLY_HAND: Final = 8  # 地和 64
    ALL_TERMINALS: Final = 9  # 清幺九 64
    LITTLE_FOUR_WINDS: Final = 10  # 小四喜 64
    LITTLE_THREE_DRAGONS: Final = 11  # 小三元 64
    ALL_HONORS: Final = 12  # 字一色 64
    FOUR_CONCEALED_PUNGS: Final = 13  # 四暗刻 64
    PURE_TERMINAL_CHOWS: Final = 14  # 一色双龙会 64
    HUMAN_HAND: Final = 15  # 人和 48
    QUADRUPLE_CHOW: Final = 16  # 一色四同顺 48
    FOUR_PURE_SHIFTED_PUNGS: Final = 17  # 一色四节高 48
    HEAVENLY_READY: Final = 18  # 天听 32
    ALL_RED_CHARACTERS: Final = 19  # 满江红 32
    EIGHT_FLOWERS: Final = 20  # 八花聚顶 32
    FOUR_PURE_SHIFTED_CHOWS: Final = 21  # 一色四步高 32
    THREE_KONGS: Final = 22  # 三杠 32
    ALL_TERMINALS_AND_HONORS: Final = 23  # 混幺九 32
    SEVEN_PAIRS: Final = 24  # 七对 24
    GREATER_HONORS_AND_KNITTED_TILES: Final = 25  # 七星不靠 24
    ALL_EVEN_PUNGS: Final = 26  # 全双刻 24
    FULL_FLUSH: Final = 27  # 清一色 24
    PURE_TRIPLE_CHOW: Final = 28  # 一色三同顺 24
    PURE_SHIFTED_PUNGS: Final = 29  # 一色三节高 24
    UPPER_TILES: Final = 30  # 全大 24
    MIDDLE_TILES: Final = 31  # 全中 24
    LOWER_TILES: Final = 32  # 全小 24
    EARTHLY_READY: Final = 33  # 地听 16
    PURE_STRAIGHT: Final = 34  # 清龙 16
    THREE_SUITED_TERMINAL_CHOWS: Final = 35  # 三色双龙会 16
    PURE_SHIFTED_CHOWS: Final = 36  # 一色三步高 16
    ALL_FIVES: Final = 37  # 全带五 16
    TRIPLE_PUNG: Final = 38  # 三同刻 16
    THREE_CONCEALED_PUNGS: Final = 39  # 三暗刻 16
    LESSER_HONORS_AND_KNITTED_TILES: Final = 40  # 全不靠 12
    KNITTED_STRAIGHT: Final = 41  # 组合龙 12
    UPPER_FOUR: Final = 42  # 大于五 12
    LOWER_FOUR: Final = 43  # 小于五 12
    BIG_THREE_WINDS: Final = 44  # 三风刻 12
    MIXED_STRAIGHT: Final = 45  # 花龙 8
    REVERSIBLE_TILES: Final = 46  # 推不倒 8
    MIXED_TRIPLE_CHOW: Final = 47  # 三色三同顺 8
    MIXED_SHIFTED_PUNGS: Final = 48  # 三色三节高 8
    CHICKEN_HAND: Final = 49  # 无番和 8
    LAST_TILE_DRAW: Final = 50  # 妙手回春 8
    LAST_TILE_CLAIM: Final = 51  # 海底捞月 8
    OUT_WITH_REPLACEMENT_TILE: Final = 52  # 杠上开花 8
    ROBBING_THE_KONG: Final = 53  # 抢杠和 8
    ALL_PUNGS: Final = 54  # 碰碰和 6
    HALF_FLUSH: Final = 55  # 混一色 6
    MIXED_SHIFTED_CHOWS: Final = 56  # 三色三步高 6
    ALL_TYPES: Final = 57  # 五门齐 6
    MELDED_HAND: Final = 58  # 全求人 6
    TWO_CONCEALED_KONGS: Final = 59  # 双暗杠 6
    TWO_DRAGON_PUNGS: Final = 60  # 双箭刻 6
    CONCEALED_AND_MELDED_KONG: Final = 61  # 明暗杠 5
    FOUR_GENTLEMEN: Final = 62  # 梅兰竹菊 4
    FOUR_SEASONS: Final = 63  # 春夏秋冬 4
    OUTSIDE_HAND: Final = 64  # 全带幺 4
    FULLY_CONCEALED_HAND: Final = 65  # 不求人 4
    TWO_MELDED_KONGS: Final = 66  # 双明杠 4
    LAST_TILE: Final = 67  # 和绝张 4
    DECLARED_READY_FIRST_ROUND: Final = 68  # 双报听 2
    DECLARED_READY: Final = 69  # 报听 2
    DRAGON_PUNG: Final = 70  # 箭刻 2
    PREVALENT_WIND: Final = 71  # 圈风刻 2
    SEAT_WIND: Final = 72  # 门风刻 2
    CONCEALED_HAND: Final = 73  # 门前清 2
    ALL_CHOWS: Final = 74  # 平和 2
    TILE_HOG: Final = 75  # 四归一 2
    DOUBLE_PUNG: Final = 76  # 双同刻 2
    TWO_CONCEALED_PUNGS: Final = 77  # 双暗刻 2
    CONCEALED_KONG: Final = 78  # 暗杠 2
    ALL_SIMPLES: Final = 79  # 断幺 2
    PAIR_258: Final = 80  # 二五八将 1
    PURE_DOUBLE_CHOW: Final = 81  # 一般高 1
    MIXED_DOUBLE_CHOW: Final = 82  # 喜相逢 1
    SHORT_STRAIGHT: Final = 83  # 连六 1
    TWO_TERMINAL_CHOWS: Final = 84  # 老少副 1
    PUNG_OF_TERMINALS_OR_HONORS: Final = 85  # 幺九刻 1
    MELDED_KONG: Final = 86  # 明杠 1
    ONE_VOIDED_SUIT: Final = 87  # 缺一门 1
    NO_HONORS: Final = 88  # 无字 1
    EDGE_WAIT: Final = 89  # 边张 1
    CLOSED_WAIT: Final = 90  # 坎张 1
    SINGLE_WAIT: Final = 91  # 单钓将 1
    SELF_DRAWN: Final = 92  # 自摸 1
    FLOWER_TILES: Final = 93  # 花牌 1


FAN_BY_ID: Final[dict[str, FanDef]] = {f.id: f for f in FANS}
FAN_BY_ZH: Final[dict[str, FanDef]] = {f.zh: f for f in FANS}
FAN_INDEX: Final[dict[str, int]] = {f.id: i for i, f in enumerate(FANS)}


def _check_table() -> None:
    names = {k.lower(): v for k, v in vars(Fan).items() if k.isupper()}
    if names != {f.id: i for i, f in enumerate(FANS)}:
        raise AssertionError("the Fan indices are not the fan table's")
    for i, f in enumerate(FANS):
        for e in f.excludes:
            if e not in FAN_INDEX:
                raise AssertionError(f"{f.id} excludes unknown fan {e}")
            if FAN_INDEX[e] <= i and FANS[FAN_INDEX[e]].value != f.value:
                raise AssertionError(f"{f.id} excludes {e}, which comes earlier in the table")


_check_table()
