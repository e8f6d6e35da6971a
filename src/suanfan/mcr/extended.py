"""Seed 003's platform fans (the ``mcr-extended`` preset): their rows as data, the situation flags
they need, the checks of those flags, and one small predicate per fan.

Seed 003 lists, beside the 81 fans of the competition rules, twelve fans of online platforms:
天和 88, 地和 64, 人和 48, 天听 32, 满江红 32, 八花聚顶 32, 地听 16, 梅兰竹菊 4, 春夏秋冬 4,
报听 2, 双报听 2, 二五八将 1. Most depend on the course of the game, not on the tiles, so they are
given as situation flags (:data:`FLAGS`); the flower fans need the identity of the flower tiles
(``flowers="1234f"``, NOTATION.md: 1–4 = 梅兰竹菊, 5–8 = 春夏秋冬).

Readings (the seed gives no 不计 list for most of these; none is invented here):

* 天和 / 地和 are won by drawing: they imply ``self_drawn`` (an explicit discard is an error).
  人和 is won on a discard. 天和 is the dealer's (East seat), 地和 a non-dealer's. Any meld — even
  a concealed kong — rules out 天和 / 地和 / 人和 (seed 003: "有暗杠…不算天和", "有人吃碰杠
  （包括暗杠）…不算地和 / 人和").
* 天听 and 地听 are declared with the ready key ("且按下听牌键"): they imply ``declared_ready``,
  so 报听 counts with them (no 不计 in the seed). 天听 and 地听 exclude each other.
* 报听 needs 门前清 (seed: "门前清且报听后胡牌"): no chow, pung or melded kong.
* 双报听 ("报听后在一轮内就胡牌") presupposes 报听 and is counted *with* it: the seed gives it no
  不计 list, and the name says the declaration counts twice. A kong in between cancels it
  ("如中间有吃碰杠（包括暗杠）则不计此番"), so ``kong=True`` with it is an error.
* 八花聚顶 is a win by itself ("抓齐八张花直接成和") and excludes 梅兰竹菊 and 春夏秋冬 (seed);
  the eight 花牌 points still count (the seed excludes only those two).
* 满江红 ("万字牌与红中组成的胡牌，不计混一色"): only 万 and 中, both present.
* 二五八将: the pair (将) of the reading is a 2, 5 or 8; 七对 has no 将 and never counts it.

This module depends on the core only (not on the fan table), so :mod:`suanfan.mcr.fans` can
place the rows into the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from ..errors import InvalidHand
from ..hand import Hand

__all__ = [
    "EXTENDED_FANS",
    "EXTENDED_IDS",
    "FLAGS",
    "FLAG_FAN",
    "FLOWER_FANS",
    "ExtFan",
    "check_flags",
    "flower_fans",
    "is_pair_258",
    "is_red_characters",
]


@dataclass(frozen=True, slots=True)
class ExtFan:
    """One row of seed 003's extended fans: a fan-table row plus where it goes in the table."""

    id: str
    zh: str
    zh_hant: str
    en: str
    value: int
    excludes: tuple[str, ...]
    #: the seed line with the definition (and 不计 list)
    source: str
    #: the row goes just before this fan of the standard table (precedence order)
    before: str
    #: what decides it: "flag" (situation), "flowers", "tiles" (the tile kinds held), "pair"
    by: str
    #: the situation flag for by == "flag"
    flag: str = ""


# fmt: off
EXTENDED_FANS: tuple[ExtFan, ...] = (
    ExtFan("heavenly_hand", "天和", "天和", "Heavenly Hand", 88, (),
           "seed 003: 天和（88番）：庄家在发完牌就胡牌。如果庄家有补花，在补完花后就胡牌也算。"
           "如果庄家在发完牌后有暗杠，那么不算天和。",
           "big_four_winds", "flag", "heavenly_hand"),
    ExtFan("earthly_hand", "地和", "地和", "Earthly Hand", 64, (),
           "seed 003: 地和（64番）：闲家摸到第一张牌就胡牌，称为地和。…果闲家抓牌前有人吃碰杠"
           "（包括暗杠），那么不算地和。",
           "all_terminals", "flag", "earthly_hand"),
    ExtFan("human_hand", "人和", "人和", "Human Hand", 48, (),
           "seed 003: 人和（48番）：第一轮中和别人出的牌，“第一轮”是指庄家打出第一张牌到自己抓牌"
           "为止。如果有人吃碰杠（包括暗杠），那么不算人和",
           "quadruple_chow", "flag", "human_hand"),
    ExtFan("heavenly_ready", "天听", "天聽", "Heavenly Ready", 32, (),
           "seed 003: 天听（32番）：玩家起手就已听牌，且按下听牌键。",
           "four_pure_shifted_chows", "flag", "heavenly_ready"),
    ExtFan("all_red_characters", "满江红", "滿江紅", "Characters and Red Dragons", 32, ("half_flush",),
           "seed 003: 满江红（32番）： 万字牌与红中组成的胡牌，不计混一色。",
           "four_pure_shifted_chows", "tiles"),
    ExtFan("eight_flowers", "八花聚顶", "八花聚頂", "Eight Flowers", 32, ("four_gentlemen", "four_seasons"),
           "seed 003: 八花聚顶（32番）：抓齐八张花直接成和，不计梅兰竹菊、春夏秋冬",
           "four_pure_shifted_chows", "flowers"),
    ExtFan("earthly_ready", "地听", "地聽", "Earthly Ready", 16, (),
           "seed 003: 地听（16番）：玩家在摸进第一张牌以后就已听牌，且按下听牌键。",
           "pure_straight", "flag", "earthly_ready"),
    ExtFan("four_gentlemen", "梅兰竹菊", "梅蘭竹菊", "Plum, Orchid, Bamboo, Chrysanthemum", 4, (),
           "seed 003: 梅兰竹菊（4番）： 胡牌时手里有梅兰竹菊这四个花牌。",
           "outside_hand", "flowers"),
    ExtFan("four_seasons", "春夏秋冬", "春夏秋冬", "Four Seasons", 4, (),
           "seed 003: 春夏秋冬（4番）： 胡牌时手里有春夏秋冬这四个花牌。",
           "outside_hand", "flowers"),
    ExtFan("declared_ready_first_round", "双报听", "雙報聽", "Win in the Go-round after Declaring Ready",
           2, (),
           "seed 003: 双报听（2番）：报听后在一轮内就胡牌，包括下手自摸和补花自摸。如中间有"
           " 吃碰杠（包括暗杠）则不计此番。",
           "dragon_pung", "flag", "declared_ready_first_round"),
    ExtFan("declared_ready", "报听", "報聽", "Declared Ready", 2, (),
           "seed 003: 报听（2番）：门前清且报听后胡牌。",
           "dragon_pung", "flag", "declared_ready"),
    ExtFan("pair_258", "二五八将", "二五八將", "2-5-8 Pair", 1, (),
           "seed 003: 二五八将（1番）：胡牌时，将牌是二、五、八的序数牌。",
           "pure_double_chow", "pair"),
)
# fmt: on

EXTENDED_IDS: frozenset[str] = frozenset(f.id for f in EXTENDED_FANS)
#: the situation flags (keyword arguments of ``score``), in table order
FLAGS: tuple[str, ...] = (
    "heavenly_hand", "earthly_hand", "human_hand", "heavenly_ready", "earthly_ready",
    "declared_ready", "declared_ready_first_round",
)
#: flag → the fan it gives
FLAG_FAN: Mapping[str, str] = {f.flag: f.id for f in EXTENDED_FANS if f.by == "flag"}
FLOWER_FANS: frozenset[str] = frozenset(f.id for f in EXTENDED_FANS if f.by == "flowers")

_ZH = {f.flag: f.zh for f in EXTENDED_FANS if f.by == "flag"}

_GENTLEMEN = frozenset({1, 2, 3, 4})
_SEASONS = frozenset({5, 6, 7, 8})
_RED: Final = 33  # 中 (7z)


def _flag_list(flags: Mapping[str, object]) -> list[str]:
    for k in flags:
        if k not in FLAG_FAN:
            raise InvalidHand(f"unknown situation flag {k!r}: the flags are {', '.join(FLAGS)}")
    return [k for k in FLAGS if flags.get(k)]


def check_flags(
    hand: Hand,
    self_drawn: bool | None,
    flags: Mapping[str, object],
    *,
    seat_wind: int = 0,
    kong: bool = False,
    last_tile_of_wall: bool = False,
    last_of_kind: bool = False,
) -> tuple[bool, tuple[str, ...], tuple[str, ...]]:
    """Check the extended situation flags against each other and the hand.

    Returns ``(self_drawn, flags set, notes)``: ``self_drawn`` resolved (``None`` = not stated;
    天和 / 地和 make it True, 人和 False), the flags in table order with the ones they imply
    (天听 / 地听 / 双报听 → 报听), and notes on what was inferred. Raises :class:`InvalidHand`
    for flags that contradict each other or the hand."""
    on = _flag_list(flags)
    notes: list[str] = []
    if not on:
        return bool(self_drawn), (), ()
    s = set(on)
    wins = [f for f in ("heavenly_hand", "earthly_hand", "human_hand") if f in s]
    if len(wins) > 1:
        raise InvalidHand(
            f"{' and '.join(_ZH[w] + ' (' + w + ')' for w in wins)} exclude each other: "
            "a hand is won only once"
        )
    if "heavenly_ready" in s and "earthly_ready" in s:
        raise InvalidHand("天听 (heavenly_ready) and 地听 (earthly_ready) exclude each other: "
                          "ready at the deal or after the first draw, not both")
    open_melds = [m for m in hand.melds if m.is_open]
    if wins:
        w = wins[0]
        zh = _ZH[w]
        if hand.melds:
            raise InvalidHand(
                f"{w} ({zh}) with a declared meld: seed 003 rules it out once anyone has chowed, "
                "punged or konged (a concealed kong included)"
            )
        if kong:
            raise InvalidHand(f"{w} ({zh}) with kong=True: no kong is made before a {zh}")
        if last_tile_of_wall:
            raise InvalidHand(f"{w} ({zh}) with last_tile_of_wall=True: {zh} is won in the first round")
        if w in ("heavenly_hand", "earthly_hand"):
            if self_drawn is False:
                raise InvalidHand(f"{w} ({zh}) on a discard: {zh} is won by drawing (self-drawn)")
            if self_drawn is None:
                notes.append(f"self_drawn: {zh} is won by drawing")
            self_drawn = True
            dealer = seat_wind == 0
            if w == "heavenly_hand" and not dealer:
                raise InvalidHand("heavenly_hand (天和) is the dealer's win: seat wind must be East")
            if w == "earthly_hand" and dealer:
                raise InvalidHand("earthly_hand (地和) is a non-dealer's win: seat wind must not be East")
        else:
            if self_drawn:
                raise InvalidHand("human_hand (人和) is won on another player's discard, not self-drawn")
            self_drawn = False
        if w == "heavenly_hand":
            if last_of_kind:
                raise InvalidHand("heavenly_hand (天和) with last_of_kind=True: no tile is visible yet")
            ready = [f for f in on if f not in wins]
            if ready:
                raise InvalidHand(
                    f"heavenly_hand (天和) with {', '.join(ready)}: the dealer wins on the deal, "
                    "nothing was declared ready before"
                )
        if "earthly_ready" in s:
            raise InvalidHand(
                f"{w} ({zh}) with earthly_ready (地听): 地听 is declared after the first draw, "
                f"{zh} is won before it"
            )
    for f in ("heavenly_ready", "earthly_ready", "declared_ready_first_round"):
        if f in s and "declared_ready" not in s:
            s.add("declared_ready")
            notes.append(f"declared_ready: {_ZH[f]} ({f}) is a declaration of ready (报听)")
    if "declared_ready" in s and open_melds:
        raise InvalidHand(
            f"declared_ready (报听) needs 门前清 (seed 003: 门前清且报听后胡牌), but the hand has "
            f"the open meld [{open_melds[0]}]"
        )
    if "declared_ready_first_round" in s and kong:
        raise InvalidHand(
            "declared_ready_first_round (双报听) with kong=True: a kong between the declaration "
            "and the win cancels it (seed 003: 如中间有吃碰杠（包括暗杠）则不计此番)"
        )
    return bool(self_drawn), tuple(f for f in FLAGS if f in s), tuple(notes)


def flower_fans(flower_tiles: tuple[int, ...] | None, count: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(fan ids, notes) of the flower fans: 八花聚顶 (all eight), 梅兰竹菊 (1–4), 春夏秋冬 (5–8).

    ``flower_tiles`` None means only a count is known: eight flowers are all of them, but with
    four to seven the two sets of four cannot be told (a note says so)."""
    if count == 8:
        return ("eight_flowers", "four_gentlemen", "four_seasons"), ()
    if flower_tiles is None:
        if count >= 4:
            return (), (
                f"flowers given as a count ({count}): 梅兰竹菊 / 春夏秋冬 need the flower tiles "
                "(e.g. flowers='1234f'; 1-4 = 梅兰竹菊, 5-8 = 春夏秋冬) and were not counted",
            )
        return (), ()
    have = frozenset(flower_tiles)
    out = []
    if have >= _GENTLEMEN:
        out.append("four_gentlemen")
    if have >= _SEASONS:
        out.append("four_seasons")
    return tuple(out), ()


def is_red_characters(kinds: int) -> bool:
    """满江红: the tile kinds held (a bit per kind 0–33) are 万 and 中 only, both present."""
    chars = (1 << 9) - 1
    return bool(kinds >> _RED & 1) and bool(kinds & chars) and not kinds & ~(chars | 1 << _RED)


def is_pair_258(pair_kind: int) -> bool:
    """二五八将: the pair is a numbered 2, 5 or 8."""
    return 0 <= pair_kind < 27 and pair_kind % 9 in (1, 4, 7)
