"""The tile model: small integer ids and cheap property lookups.

Tile ids
--------
* ``0``–``8``   characters (万) 1–9, ``9``–``17`` dots (饼) 1–9, ``18``–``26`` bamboo (条) 1–9
* ``27``–``33`` honours in MPSZ order: East, South, West, North, White 白, Green 发, Red 中
* ``34``–``36`` red fives (aka dora) of characters, dots, bamboo

The *kind* of a tile (:data:`KIND`) folds the red fives onto their plain fives, so ``KIND[t]`` is
always in ``range(34)``; every rule that ignores red fives works on kinds. Flowers are not tiles of
the hand: they are numbers 1–8 (1–4 梅兰竹菊, 5–8 春夏秋冬) kept apart in :class:`suanfan.Hand`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    # a native 64-bit int in the compiled build; annotations only, so the pure build needs no
    # mypy_extensions
    from mypy_extensions import i64

__all__ = [
    "ALL_TILES",
    "DRAGONS",
    "EAST",
    "FLOWER_NAMES",
    "GREEN",
    "HONOR",
    "IS_DRAGON",
    "IS_GREEN",
    "IS_HONOR",
    "IS_RED",
    "IS_REVERSIBLE",
    "IS_SIMPLE",
    "IS_TERMINAL",
    "IS_TERMINAL_OR_HONOR",
    "IS_WIND",
    "KIND",
    "MAN",
    "NORTH",
    "NUM_KINDS",
    "PIN",
    "RANK",
    "RED",
    "RED_FIVES",
    "RED_MAN",
    "RED_PIN",
    "RED_SOU",
    "SOU",
    "SOUTH",
    "SUIT",
    "SUITS",
    "TERMINALS_AND_HONORS",
    "TILE_STR",
    "WEST",
    "WHITE",
    "WINDS",
    "make_tile",
    "popcount",
    "tile_name",
    "tile_to_str",
]

NUM_KINDS: Final = 34
MAN: Final = 0
PIN: Final = 1
SOU: Final = 2
HONOR: Final = 3
SUITS: Final = "mpsz"

EAST: Final = 27
SOUTH: Final = 28
WEST: Final = 29
NORTH: Final = 30
WHITE: Final = 31
GREEN: Final = 32
RED: Final = 33

RED_MAN: Final = 34
RED_PIN: Final = 35
RED_SOU: Final = 36
RED_FIVES: Final[tuple[int, int, int]] = (RED_MAN, RED_PIN, RED_SOU)
ALL_TILES: Final = 37  # number of tile ids, red fives included

WINDS: Final[tuple[int, int, int, int]] = (EAST, SOUTH, WEST, NORTH)
DRAGONS: Final[tuple[int, int, int]] = (WHITE, GREEN, RED)


def _kind(t: int) -> int:
    return 4 + 9 * (t - RED_MAN) if t >= RED_MAN else t


KIND: Final[tuple[int, ...]] = tuple(_kind(t) for t in range(ALL_TILES))
SUIT: Final[tuple[int, ...]] = tuple(min(KIND[t] // 9, HONOR) for t in range(ALL_TILES))
#: rank 1–9 of a numbered tile; for honours 1–7 in MPSZ order (E S W N P F C)
RANK: Final[tuple[int, ...]] = tuple(
    KIND[t] % 9 + 1 if KIND[t] < 27 else KIND[t] - 26 for t in range(ALL_TILES)
)
IS_HONOR: Final[tuple[bool, ...]] = tuple(KIND[t] >= EAST for t in range(ALL_TILES))
IS_WIND: Final[tuple[bool, ...]] = tuple(EAST <= KIND[t] <= NORTH for t in range(ALL_TILES))
IS_DRAGON: Final[tuple[bool, ...]] = tuple(KIND[t] >= WHITE for t in range(ALL_TILES))
IS_TERMINAL: Final[tuple[bool, ...]] = tuple(
    not IS_HONOR[t] and RANK[t] in (1, 9) for t in range(ALL_TILES)
)
IS_TERMINAL_OR_HONOR: Final[tuple[bool, ...]] = tuple(
    IS_HONOR[t] or IS_TERMINAL[t] for t in range(ALL_TILES)
)
IS_SIMPLE: Final[tuple[bool, ...]] = tuple(not IS_TERMINAL_OR_HONOR[t] for t in range(ALL_TILES))
#: 绿一色 / ryuuiisou tiles: 2 3 4 6 8 bamboo and Green 发
IS_GREEN: Final[tuple[bool, ...]] = tuple(
    KIND[t] == GREEN or (SUIT[t] == SOU and RANK[t] in (2, 3, 4, 6, 8)) for t in range(ALL_TILES)
)
#: 推不倒 tiles, symmetric under a half turn: 1234589 dots, 245689 bamboo, White 白
IS_REVERSIBLE: Final[tuple[bool, ...]] = tuple(
    KIND[t] == WHITE
    or (SUIT[t] == PIN and RANK[t] in (1, 2, 3, 4, 5, 8, 9))
    or (SUIT[t] == SOU and RANK[t] in (2, 4, 5, 6, 8, 9))
    for t in range(ALL_TILES)
)
IS_RED: Final[tuple[bool, ...]] = tuple(t >= RED_MAN for t in range(ALL_TILES))
TERMINALS_AND_HONORS: Final[tuple[int, ...]] = tuple(
    k for k in range(NUM_KINDS) if IS_TERMINAL_OR_HONOR[k]
)

_HONOR_ZH: Final[tuple[str, ...]] = ("东", "南", "西", "北", "白", "发", "中")
_HONOR_EN: Final[tuple[str, ...]] = ("East", "South", "West", "North", "White", "Green", "Red")
_SUIT_ZH: Final[tuple[str, ...]] = ("万", "饼", "条")
_SUIT_EN: Final[tuple[str, ...]] = ("Characters", "Dots", "Bamboo")
_NUM_ZH: Final = "一二三四五六七八九"
FLOWER_NAMES: Final = {
    "zh": ("梅", "兰", "竹", "菊", "春", "夏", "秋", "冬"),
    "en": ("Plum", "Orchid", "Bamboo", "Chrysanthemum", "Spring", "Summer", "Autumn", "Winter"),
}


def popcount(mask: i64) -> i64:
    """The number of bits set in ``mask`` (0 <= mask < 2**62, e.g. a kind mask), in native ints:
    ``int.bit_count`` is a method call in the compiled build."""
    x = mask - (mask >> 1 & 0x5555555555555555)
    x = (x & 0x3333333333333333) + (x >> 2 & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    x += x >> 8
    x += x >> 16
    x += x >> 32
    return x & 0x7F


def make_tile(suit: int, rank: int) -> int:
    """The plain tile id of ``rank`` (1–9; 1–7 for honours) in ``suit`` (MAN, PIN, SOU, HONOR)."""
    if suit == HONOR:
        if not 1 <= rank <= 7:
            raise ValueError(f"honour rank {rank} is not 1-7")
        return EAST + rank - 1
    if not 0 <= suit <= 2 or not 1 <= rank <= 9:
        raise ValueError(f"no tile of suit {suit} rank {rank}")
    return suit * 9 + rank - 1


#: MPSZ text of each tile id (what tile_to_str returns)
TILE_STR: Final[tuple[str, ...]] = tuple(
    "0" + SUITS[t - RED_MAN] if t >= RED_MAN else f"{RANK[t]}{SUITS[SUIT[t]]}"
    for t in range(ALL_TILES)
)


def tile_to_str(t: int) -> str:
    """MPSZ text of one tile: ``"3m"``, ``"0p"`` (red five), ``"7z"``."""
    return TILE_STR[t]


def tile_name(t: int, lang: str = "en") -> str:
    """A human name of a tile in ``"zh"`` or ``"en"``: 五万 / 5 Characters, 发 / Green."""
    k = KIND[t]
    if lang.startswith("zh"):
        if k >= EAST:
            return _HONOR_ZH[k - EAST]
        return ("红" if IS_RED[t] else "") + _NUM_ZH[RANK[k] - 1] + _SUIT_ZH[SUIT[k]]
    if k >= EAST:
        return _HONOR_EN[k - EAST]
    return ("Red " if IS_RED[t] else "") + f"{RANK[k]} {_SUIT_EN[SUIT[k]]}"
