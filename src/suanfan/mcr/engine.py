"""The MCR engine: every reading of a hand → its fans → the principles' walk, once.

A *reading* is one way to see the hand: a winning form (standard, 九莲宝灯, 组合龙 with a set and
a pair, 七对, 连七对, 十三幺, 全不靠, 七星不靠) with, for the set forms, one decomposition into
sets and a pair (declared melds are never re-split). Each reading's fans are detected once, as
fan indices (:class:`~suanfan.mcr.fans.Fan`), and walked by :func:`~suanfan.mcr.principles.walk`;
the best total is kept (就高不就低, the first of equals).

The explanation (each fan with the sets and tiles it uses, each removed fan with its principle,
the decomposition) is the same engine run again on the best reading alone with a recorder: every
detector below adds a fan index to the reading's :class:`~suanfan.mcr.principles.Fans`, which,
when it records, also keeps the sets that fan instance uses.

Fan families, in the order the detectors run: how the hand was won and what it holds (one pass
over the melds, :meth:`Ctx.base_fans`); pungs and kongs (per pung: 箭刻, 圈风刻, 门风刻, 幺九刻;
the kong and concealed-pung series; 碰碰和; 小四喜 / 小三元); chow combinations and pung
combinations (:mod:`suanfan.mcr.combos`, on the ints alone); 平和, 全带幺, 全带五,
全双刻 (a property bit per set); the wait fans (only when one tile kind completes the hand);
the forms' own fans.

Set tokens (what a fan uses): a chow by its lowest kind ``c`` (0–26); a pung or kong of kind
``k``: ``PUNG + k``; a pair: ``PAIR + k``; knitted straight ``i``: ``KNIT + i``; a single tile of
kind ``k``: ``TILE + k``; the whole hand: ``HAND``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..decompose import PUNG, decompose, suit_splits
from ..hand import ODD_NIBBLES, Hand, MeldKind
from ..tiles import EAST, IS_GREEN, IS_REVERSIBLE, KIND, NORTH, NUM_KINDS, WHITE, popcount
from .combos import add_chow_fans, add_pung_fans
from .extended import is_pair_258, is_red_characters
from .fans import FAN_INDEX, Fan
from .forms import (
    HONOR_KINDS,
    KNIT_MASKS,
    KNITTED,
    NUMBERED_KINDS,
    honors_and_knitted,
    is_nine_gates,
    is_seven_shifted_pairs,
    split_keys,
)
from .principles import HAND, KNIT, PAIR, TILE, Fans, Uses, Walked, walk
from .rules import RuleTables
from .situation import Situation

if TYPE_CHECKING:
    # native 64-bit ints in the compiled build (kind masks and packed groups hold at most 36
    # bits); annotations only, so the pure build needs no mypy_extensions
    from mypy_extensions import i64

__all__ = ["FORMS", "HAND", "KNIT", "PAIR", "TILE", "Best", "Ctx", "Reading", "decomposition_tokens",
           "evaluate", "evaluate_eight_flowers", "explain"]

_HAND_USE: Final[tuple[int, ...]] = (HAND,)

#: the winning forms, by their index in a :class:`Reading`
FORMS: Final[tuple[str, ...]] = (
    "standard", "nine_gates", "knitted_straight", "seven_pairs", "seven_shifted_pairs",
    "thirteen_orphans", "lesser_honors_and_knitted_tiles",
    "greater_honors_and_knitted_tiles", "eight_flowers")
STANDARD: Final = 0
NINE_GATES: Final = 1
KNITTED_STRAIGHT: Final = 2
SEVEN_PAIRS: Final = 3
SEVEN_SHIFTED_PAIRS: Final = 4
THIRTEEN_ORPHANS: Final = 5
LESSER_KNITTED: Final = 6
GREATER_KNITTED: Final = 7
#: seed 003's 八花聚顶: a win by the eight flowers alone, without a complete hand
EIGHT_FLOWERS: Final = 8

_CHOW: Final = MeldKind.CHOW
_KONG: Final = MeldKind.KONG


def _kind_mask(pred: list[bool]) -> int:
    m = 0
    for k in range(NUM_KINDS):
        if pred[k]:
            m |= 1 << k
    return m


def _rank_mask(ranks: range | tuple[int, ...]) -> int:
    return _kind_mask([k < 27 and k % 9 in ranks for k in range(NUM_KINDS)])


# kind masks the hand-level fans test (bit k for kind k)
_SUIT_MASK: Final[tuple[int, ...]] = (0x1FF, 0x1FF << 9, 0x1FF << 18)
_WINDS: Final = 0xF << EAST
_DRAGONS: Final = 0x7 << WHITE
_TERMINALS_HONORS: Final = HONOR_KINDS | _rank_mask((0, 8))
_GREEN: Final = _kind_mask([IS_GREEN[k] for k in range(NUM_KINDS)])
_REVERSIBLE: Final = _kind_mask([IS_REVERSIBLE[k] for k in range(NUM_KINDS)])
_LOWER: Final = _rank_mask(range(4))
_UPPER: Final = _rank_mask(range(5, 9))
_MIDDLE: Final = _rank_mask(range(3, 6))
_RANK4: Final = _rank_mask((3,))
_RANK6: Final = _rank_mask((5,))
#: per kind: its group (0-2 the suits, 3 the honours) and its nibble in the group's packed counts
_GROUP: Final = tuple(min(k // 9, 3) for k in range(NUM_KINDS))
_NIBBLE: Final = tuple(1 << (4 * (k - 9 * _GROUP[k])) for k in range(NUM_KINDS))
_FOURS: Final = 0x444444444  # bit 2 of each of nine nibbles: a count of four
_LOW3: Final = 0x777777777   # the low three bits of each nibble
_NONE: Final[list[int]] = []  # the declared sets of a hand without melds (never changed)

# per set (chow 0-26, pung PUNG + k) and per pair kind: 1 = holds a terminal or honour (全带幺),
# 2 = holds a 5 (全带五), 4 = an even-numbered pung or pair (全双刻)
_OUTSIDE: Final = 1
_FIVES: Final = 2
_EVEN: Final = 4


def _set_props(c: int) -> int:
    if c < 27:
        return (_OUTSIDE if c % 9 in (0, 6) else 0) | (_FIVES if 2 <= c % 9 <= 4 else 0)
    if c < PUNG:
        return 0
    k = c - PUNG
    if k >= 27:
        return _OUTSIDE
    r = k % 9
    return (_OUTSIDE if r in (0, 8) else 0) | (_FIVES if r == 4 else 0) | (_EVEN if r % 2 else 0)


_SET_PROPS: Final = tuple(_set_props(c) for c in range(PUNG + NUM_KINDS))
_PAIR_PROPS: Final = tuple(_SET_PROPS[PUNG + k] for k in range(NUM_KINDS))
#: pungs that count 幺九刻: numbered terminals and winds (dragon pungs count 箭刻 instead)
_YAOJIU_PUNG: Final = tuple((k < 27 and k % 9 in (0, 8)) or EAST <= k <= NORTH for k in range(NUM_KINDS))
_CONCEALED_PUNGS: Final[tuple[int, ...]] = (-1, -1, Fan.TWO_CONCEALED_PUNGS, Fan.THREE_CONCEALED_PUNGS,
                           Fan.FOUR_CONCEALED_PUNGS)


# -- per-group splits ----------------------------------------------------------------------------
# A group's tiles (a suit's or the honours') read as sets and at most one pair are one *split
# code*, an int in the group's own indices (0-8, the honours 0-6), so that the three suits share
# one memo, and a memo of ints and tuples of ints is never walked by the garbage collector however
# large it grows (objects kept per split would be, on every full collection):
_AT_PROPS: Final = 0    # bits 0-2: the AND of the sets' and the pair's property bits
_AT_WINDS: Final = 3    # bits 3-6: the wind pungs (honours), a bit per wind
_AT_PAIR: Final = 7     # bits 7-10: the pair's index + 1 (0: no pair)
_AT_NCHOWS: Final = 11  # bits 11-13: how many chows; bits 14-25: their lowest indices, 3 bits each
_AT_CHOWS: Final = 14
_AT_NPUNGS: Final = 26  # bits 26-28: how many pungs; bits 29-44: their indices, 4 bits each
_AT_PUNGS: Final = 29


def _split_code(chows: tuple[int, ...], pungs: tuple[int, ...], pair: int, base: int) -> int:
    """The split code of a split in the group's indices (``base``: the group's first kind)."""
    props = _OUTSIDE | _FIVES | _EVEN
    winds = 0
    code = len(chows) << _AT_NCHOWS | len(pungs) << _AT_NPUNGS
    for i in range(len(chows)):
        props &= _SET_PROPS[base + chows[i]]
        code |= chows[i] << (_AT_CHOWS + 3 * i)
    for i in range(len(pungs)):
        k = base + pungs[i]
        props &= _SET_PROPS[PUNG + k]
        if EAST <= k <= NORTH:
            winds |= 1 << (k - EAST)
        code |= pungs[i] << (_AT_PUNGS + 4 * i)
    if pair >= 0:
        props &= _PAIR_PROPS[base + pair]
        code |= (pair + 1) << _AT_PAIR
    return code | props << _AT_PROPS | winds << _AT_WINDS


def _read_split(code: i64, base: int, chows: list[int], pungs: list[int]) -> None:
    """Append a split's chows and pung kinds (global kinds, ascending) to ``chows``, ``pungs``."""
    for i in range(int(code >> _AT_NCHOWS & 7)):
        chows.append(base + int(code >> (_AT_CHOWS + 3 * i) & 7))
    for i in range(int(code >> _AT_NPUNGS & 7)):
        pungs.append(base + int(code >> (_AT_PUNGS + 4 * i) & 15))


_GROUP_LIMIT: Final = 1 << 16
#: numbered suits, honours: packed counts (a nibble per index) -> the group's split codes, those
#: without the pair first, after their number: (n, *no_pair, *with_pair); emptied when full
_GROUPS: Final[list[dict[int, tuple[int, ...]]]] = [{}, {}]


def _group(g: int, key: int) -> tuple[int, ...]:
    honors = g == 3
    memo = _GROUPS[1 if honors else 0]
    got = memo.get(key)
    if got is None:
        base = 27 if honors else 0
        no_pair: list[int] = []
        with_pair: list[int] = []
        for chows, pungs, pair in suit_splits(key, honors):
            (with_pair if pair >= 0 else no_pair).append(_split_code(chows, pungs, pair, base))
        got = (len(no_pair), *no_pair, *with_pair)
        if len(memo) >= _GROUP_LIMIT:
            memo.clear()
        memo[key] = got
    return got


# -- waits -----------------------------------------------------------------------------------------
# What one group's counts (packed a nibble per kind) say about the waits, as one int (a memo of
# ints is never walked by the garbage collector): the kinds whose addition leaves sets only
# (bits 0-8) and sets and one pair (bits 9-17), as bit masks of the group's indices; bit 18 set
# unless the counts split into sets only (an empty group does); bit 19 set when the counts
# (3n + 2 tiles) split into sets and one pair.
_AS_SETS: Final = 0
_AS_PAIR: Final = 9
_NOT_SETS: Final = 18
_SETS_PAIR: Final = 19


def _wait_code(key: int, honors: bool) -> int:
    sets_only, with_pair = split_keys(honors)
    as_sets = as_pair = n = 0
    for i in range(7 if honors else 9):
        n += (key >> (4 * i)) & 15
        k = key + (1 << (4 * i))
        if k in sets_only:
            as_sets |= 1 << i
        if k in with_pair:
            as_pair |= 1 << i
    not_sets = 0 if n % 3 == 0 and key in sets_only else 1
    sets_pair = 1 if n % 3 == 2 and key in with_pair else 0
    return as_sets << _AS_SETS | as_pair << _AS_PAIR | not_sets << _NOT_SETS | sets_pair << _SETS_PAIR


_WAIT_LIMIT: Final = 1 << 16
#: numbered suits, honours: packed counts -> their wait code; emptied when full
_WAITS: Final[list[dict[int, int]]] = [{}, {}]
_NO_TILES: Final = _wait_code(0, False)


def _wait_info(key: int, honors: bool) -> int:
    if not key:
        return _NO_TILES
    memo = _WAITS[1 if honors else 0]
    got = memo.get(key)
    if got is None:
        got = _wait_code(key, honors)
        if len(memo) >= _WAIT_LIMIT:
            memo.clear()
        memo[key] = got
    return got


def standard_waits(key_m: int, key_p: int, key_s: int, key_z: int) -> int:
    """The kinds (a bit mask) that complete standing tiles given as the four groups' packed
    counts into sets and one pair. A fifth copy counts too (MCR.md: a wait on a tile all four of
    which you hold still counts as a wait). A new tile makes its group the pair's, every other
    group being sets only; or completes sets in its group while exactly one other group holds
    the pair."""
    info_m = _wait_info(key_m, False)
    info_p = _wait_info(key_p, False)
    info_s = _wait_info(key_s, False)
    info_z = _wait_info(key_z, True)
    # groups that are not sets only, and among them those that are sets and a pair
    not_sets = (info_m >> _NOT_SETS & 1) + (info_p >> _NOT_SETS & 1) + (info_s >> _NOT_SETS & 1) \
        + (info_z >> _NOT_SETS & 1)
    pairs = (info_m >> _SETS_PAIR & 1) + (info_p >> _SETS_PAIR & 1) + (info_s >> _SETS_PAIR & 1) \
        + (info_z >> _SETS_PAIR & 1)
    return (_group_waits(info_m, not_sets, pairs) | _group_waits(info_p, not_sets, pairs) << 9
            | _group_waits(info_s, not_sets, pairs) << 18 | _group_waits(info_z, not_sets, pairs) << 27)


def _group_waits(info: int, not_sets: int, pairs: int) -> int:
    """The kinds of one group (its indices) that complete the hand, given how many groups in all
    are not sets only and how many are sets and a pair."""
    others_not_sets = not_sets - (info >> _NOT_SETS & 1)
    if others_not_sets == 0:
        return info >> _AS_PAIR & 511
    if others_not_sets == 1 and pairs - (info >> _SETS_PAIR & 1) == 1:
        return info >> _AS_SETS & 511
    return 0


def _fours(key: int, base: int) -> int:
    """The kinds (a bit per kind, from ``base``) whose nibble in ``key`` is 4 (bit 2 of a
    nibble: no count is above 4)."""
    out = 0
    rest = key & _FOURS
    while rest:
        low = rest & -rest
        rest ^= low
        out |= 1 << (base + (low.bit_length() - 3) // 4)
    return out


def _odd_kind(key: int, base: int) -> int:
    """The kind of the lowest odd count in ``key`` (from ``base``), or -1."""
    odd = key & ODD_NIBBLES
    return base + (odd.bit_length() - 1) // 4 if odd else -1


# -- set combinations --------------------------------------------------------------------------
def _may_combine(pungs: list[int]) -> bool:
    """False when no pung-combination fan is possible: no two numbered pungs of one rank, no
    three of consecutive ranks, fewer than two dragon pungs and three wind pungs."""
    if len(pungs) < 2:
        return False
    ranks = winds = dragons = 0
    for k in pungs:
        if k < 27:
            b = 1 << (k % 9)
            if ranks & b:
                return True
            ranks |= b
        elif k >= WHITE:
            dragons += 1
        else:
            winds += 1
    return dragons >= 2 or winds >= 3 or bool(ranks & (ranks >> 1) & (ranks >> 2))


# -- the hand ------------------------------------------------------------------------------------
class Ctx:
    """One hand's state, shared by all its readings: the standing tiles (winning tile
    included) as kind counts and a kind mask, the declared melds, the situation and the rules."""

    __slots__ = (
        "amask",
        "concealed_kongs",
        "extra",
        "fixed_chows",
        "fixed_props",
        "fixed_pungs",
        "fixed_winds",
        "hand",
        "hogs",
        "key_m",
        "key_p",
        "key_s",
        "key_z",
        "kong_kinds",
        "melded",
        "melded_kongs",
        "n_melds",
        "pw",
        "sit",
        "smask",
        "sw",
        "tables",
        "unique",
        "walked",
        "walked_reading",
        "win",
    )

    def __init__(self, hand: Hand, sit: Situation, tables: RuleTables, extra: list[int]) -> None:
        wt = hand.winning_tile
        win = KIND[wt] if wt is not None else -1
        # the standing tiles (winning tile included), a nibble per kind in each group's key
        km: i64 = hand.standing_m
        kp: i64 = hand.standing_p
        ks: i64 = hand.standing_s
        kz: i64 = hand.standing_z
        smask: i64 = hand.standing_kinds
        self.hand: Final = hand
        self.sit: Final = sit
        self.tables: Final = tables
        self.win: Final = win
        #: the standing tiles of each group (m, p, s, z) packed a nibble per kind
        self.key_m: Final = km
        self.key_p: Final = kp
        self.key_s: Final = ks
        self.key_z: Final = kz
        self.smask: Final = smask
        self.n_melds: Final = len(hand.melds)
        self.pw: Final = sit.prevalent_wind
        self.sw: Final = sit.seat_wind
        #: exactly one tile kind completes the hand: 1, 0, or -1 while not yet known
        self.unique = -1
        #: the explanation of ``walked_reading``, recorded by :func:`evaluate` when the hand has
        #: one reading only (:func:`explain` then hands it out instead of walking it again)
        self.walked: Walked | None = None
        self.walked_reading: Reading | None = None
        #: fans of the hand given from outside the engine (seed 003's flags and flowers)
        self.extra: Final = extra
        fixed_chows = fixed_pungs = kong_kinds = _NONE
        melded = mk = ck = 0
        winds: i64 = 0
        props: i64 = _OUTSIDE | _FIVES | _EVEN
        amask: i64 = smask
        kongs: i64 = 0  # a bit per kind declared as a kong
        if hand.melds:
            fixed_chows = []
            fixed_pungs = []
            kong_kinds = []
            for m in hand.melds:
                k = m.first
                g = k // 9 if k < 27 else 3
                shift = 4 * (k - 9 * g)
                if m.kind is _CHOW:
                    fixed_chows.append(k)
                    add = 0x111 << shift
                    amask |= 7 << k
                    props &= _SET_PROPS[k]
                else:
                    amask |= 1 << k
                    fixed_pungs.append(k)
                    props &= _SET_PROPS[PUNG + k]
                    if EAST <= k <= NORTH:
                        winds |= 1 << (k - EAST)
                    if m.kind is _KONG:
                        kong_kinds.append(k)
                        kongs |= 1 << k
                        add = 4 << shift
                        if m.concealed:
                            ck += 1
                        else:
                            mk += 1
                    else:
                        add = 3 << shift
                # the declared tiles join the group keys (for 四归一 only)
                if g == 0:
                    km += add
                elif g == 1:
                    kp += add
                elif g == 2:
                    ks += add
                else:
                    kz += add
                if not m.concealed:
                    melded += 1
            if len(fixed_chows) > 1:
                fixed_chows.sort()
        # 四归一: kinds held four times (a nibble of 4: its bit 2) other than a kong
        hogs = 0
        if (km | kp | ks | kz) & _FOURS:
            hogs = _fours(km, 0) | _fours(kp, 9) | _fours(ks, 18) | _fours(kz, 27)
        #: the declared sets: chows (lowest kinds, ascending), pungs and kongs (kinds), kongs
        self.fixed_chows: Final = fixed_chows
        self.fixed_pungs: Final = fixed_pungs
        self.kong_kinds: Final = kong_kinds
        self.amask: Final = amask
        self.melded: Final = melded
        self.melded_kongs: Final = mk
        self.concealed_kongs: Final = ck
        self.fixed_props: Final = props
        self.fixed_winds: Final = winds
        #: the kinds held four times without a kong of them (四归一), a bit per kind
        self.hogs: Final = hogs & ~kongs


    def key(self, g: int) -> int:
        """Group ``g``'s standing tiles packed a nibble per kind (0-2 the suits, 3 the honours)."""
        if g == 0:
            return self.key_m
        if g == 1:
            return self.key_p
        if g == 2:
            return self.key_s
        return self.key_z

    def counts(self) -> list[int]:
        """The standing tiles' kind counts (34)."""
        out = [0] * NUM_KINDS
        for g in range(4):
            key = self.key(g)
            k = 9 * g
            while key:
                out[k] = key & 15
                key >>= 4
                k += 1
        return out

    # -- fans common to every reading ---------------------------------------------------------
    def base_fans(self, acc: Fans) -> None:
        """How the hand was won, 四归一, and the fans of the tile kinds held."""
        sit = self.sit
        win_tile = TILE + self.win
        if sit.self_drawn:
            acc.add(Fan.SELF_DRAWN)
        if self.melded == 0:
            acc.add(Fan.FULLY_CONCEALED_HAND if sit.self_drawn else Fan.CONCEALED_HAND)
        elif self.melded == 4 and not sit.self_drawn:
            acc.add(Fan.MELDED_HAND)
        if sit.last_of_kind:
            acc.add1(Fan.LAST_TILE, win_tile)
        if sit.last_tile_of_wall:
            acc.add1(Fan.LAST_TILE_DRAW if sit.self_drawn else Fan.LAST_TILE_CLAIM, win_tile)
        if sit.kong:
            acc.add1(Fan.OUT_WITH_REPLACEMENT_TILE if sit.self_drawn else Fan.ROBBING_THE_KONG, win_tile)
        rest = self.hogs                                                         # 四归一
        k = 0
        while rest:
            if rest & 1:
                acc.add1(Fan.TILE_HOG, TILE + k)
            rest >>= 1
            k += 1
        _kind_fans(self.amask, acc)
        if self.tables.extended and is_red_characters(self.amask):
            acc.add(Fan.ALL_RED_CHARACTERS)                          # 满江红
        for f in self.extra:
            acc.add(f)

    def kong_fans(self, acc: Fans) -> None:
        """The kong series: at most one of 明杠, 暗杠, 双明杠, 双暗杠, 明暗杠, 三杠, 四杠 (or
        暗杠 + 明杠 where 明暗杠 is not a fan, or 双明杠 + 暗杠 where a concealed kong also counts
        as a melded one)."""
        mk = self.melded_kongs
        kongs = mk + self.concealed_kongs
        if kongs == 1:
            acc.add1(Fan.MELDED_KONG if mk else Fan.CONCEALED_KONG, PUNG + self.kong_kinds[0])
        elif kongs == 2:
            if mk == 2:
                acc.add(Fan.TWO_MELDED_KONGS)
            elif mk == 0:
                acc.add(Fan.TWO_CONCEALED_KONGS)
            elif self.tables.melded_concealed_kong:
                acc.add(Fan.CONCEALED_AND_MELDED_KONG)
            elif self.tables.melded_kongs_count_concealed:  # the concealed one also counts as 明杠
                acc.add(Fan.TWO_MELDED_KONGS)
                for m in self.hand.melds:
                    if m.kind is _KONG and m.concealed:
                        acc.add1(Fan.CONCEALED_KONG, PUNG + m.first)
            else:
                for m in self.hand.melds:
                    if m.kind is _KONG:
                        acc.add1(Fan.CONCEALED_KONG if m.concealed else Fan.MELDED_KONG, PUNG + m.first)
        elif kongs == 3:
            acc.add(Fan.THREE_KONGS)
        elif kongs == 4:
            acc.add(Fan.FOUR_KONGS)

    def pung_fans(self, acc: Fans, pungs: list[int], concealed: int,
                  pair: int) -> None:
        """Per pung 箭刻, 圈风刻, 门风刻, 幺九刻; the kong and concealed-pung series; 碰碰和;
        小四喜 / 小三元 (three wind or two dragon pungs and a pair of the fourth / third)."""
        pw = EAST + self.pw
        sw = EAST + self.sw
        winds = dragons = 0
        for k in pungs:
            if k >= WHITE:
                acc.add1(Fan.DRAGON_PUNG, PUNG + k)
                dragons += 1
            elif k >= EAST:
                winds += 1
                if k == pw:
                    acc.add1(Fan.PREVALENT_WIND, PUNG + k)
                if k == sw:
                    acc.add1(Fan.SEAT_WIND, PUNG + k)
                acc.add1(Fan.PUNG_OF_TERMINALS_OR_HONORS, PUNG + k)
            elif _YAOJIU_PUNG[k]:
                acc.add1(Fan.PUNG_OF_TERMINALS_OR_HONORS, PUNG + k)
        self.kong_fans(acc)
        if concealed >= 2:
            acc.add(_CONCEALED_PUNGS[min(concealed, 4)])
        if len(pungs) == 4:
            acc.add(Fan.ALL_PUNGS)
        if pair >= EAST:
            if pair <= NORTH:
                if winds == 3:
                    acc.add(Fan.LITTLE_FOUR_WINDS,
                                 (*[PUNG + k for k in pungs if EAST <= k <= NORTH], PAIR + pair)
                                 if acc.recording else _HAND_USE)
            elif dragons == 2:
                acc.add(Fan.LITTLE_THREE_DRAGONS,
                             (*[PUNG + k for k in pungs if k >= WHITE], PAIR + pair)
                             if acc.recording else _HAND_USE)

    # -- the wait ----------------------------------------------------------------------------
    def is_unique_wait(self, st_chows: list[int], st_pungs: list[int]) -> bool:
        """Exactly one tile kind completes the hand (边张, 坎张, 单钓将 may count). A hand
        property, worked out once: a two-sided chow end or a pung of the winning tile proves a
        second wait at once; otherwise the per-group wait tables answer."""
        if self.unique < 0:
            win = self.win
            unique = True
            for c in st_chows:
                if (c + 2 == win and c % 9 >= 1) or (c == win and c % 9 <= 5):
                    unique = False
                    break
            if unique:
                unique = win not in st_pungs and self._only_wait()
            self.unique = 1 if unique else 0
        return self.unique == 1


    def _only_wait(self) -> bool:
        """The winning tile is the only kind that completes the other 13 tiles: as sets and a
        pair, and (all 13 standing) as seven pairs."""
        win = self.win
        g = win // 9 if win < 27 else 3
        nib = 1 << (4 * (win - 9 * g))
        km = self.key_m - (nib if g == 0 else 0)
        kp = self.key_p - (nib if g == 1 else 0)
        ks = self.key_s - (nib if g == 2 else 0)
        kz = self.key_z - (nib if g == 3 else 0)
        if standard_waits(km, kp, ks, kz) != 1 << win:
            return False
        if self.n_melds == 0 and popcount(self.smask) <= 8:
            # 七对: the 13 tiles are six pairs (a four is two) and a single, which waits too
            # the sum of each key's nibbles halved (each sum < 15)
            pairs = (((km >> 1) & _LOW3) % 15 + ((kp >> 1) & _LOW3) % 15 + ((ks >> 1) & _LOW3) % 15
                     + ((kz >> 1) & _LOW3) % 15)
            if pairs == 6:
                single = _odd_kind(km, 0) + _odd_kind(kp, 9) + _odd_kind(ks, 18) + _odd_kind(kz, 27) + 3
                if single != win:  # the one kind of odd count (the others give -1 each)
                    return False
        return True


def _kind_fans(m: i64, acc: Fans) -> None:
    """Fans decided by which tile kinds the hand holds (a bit mask of kinds): colour, rank and
    terminal fans."""
    honors = m & HONOR_KINDS
    nsuits = 0
    for suit in _SUIT_MASK:
        if m & suit:
            nsuits += 1
    if not honors:
        acc.add(Fan.FULL_FLUSH if nsuits == 1 else Fan.NO_HONORS)          # 清一色 / 无字
    if nsuits == 2:
        acc.add(Fan.ONE_VOIDED_SUIT)                                        # 缺一门
    elif nsuits == 1 and honors:
        acc.add(Fan.HALF_FLUSH)                                             # 混一色
    if nsuits == 3 and m & _WINDS and m & _DRAGONS:
        acc.add(Fan.ALL_TYPES)                                              # 五门齐
    if not m & _TERMINALS_HONORS:
        acc.add(Fan.ALL_SIMPLES)                                            # 断幺
    if not m & ~_REVERSIBLE:
        acc.add(Fan.REVERSIBLE_TILES)                                       # 推不倒
    if not m & ~_GREEN:
        acc.add(Fan.ALL_GREEN)                                              # 绿一色
    if not m & ~_TERMINALS_HONORS:
        if not m & NUMBERED_KINDS:
            acc.add(Fan.ALL_HONORS)                                         # 字一色
        elif not honors:
            acc.add(Fan.ALL_TERMINALS)                                      # 清幺九
        else:
            acc.add(Fan.ALL_TERMINALS_AND_HONORS)                           # 混幺九
    if m and not honors:
        if not m & ~_LOWER:
            acc.add(Fan.LOWER_FOUR if m & _RANK4 else Fan.LOWER_TILES)      # 小于五 / 全小
        elif not m & ~_UPPER:
            acc.add(Fan.UPPER_FOUR if m & _RANK6 else Fan.UPPER_TILES)      # 大于五 / 全大
        elif not m & ~_MIDDLE:
            acc.add(Fan.MIDDLE_TILES)                                       # 全中


# -- the readings' fans ----------------------------------------------------------------------------
def standard_fans(ctx: Ctx, acc: Fans, pair: int, st_chows: list[int], st_pungs: list[int],
                  props: i64, nine_gates: bool, dropped: list[tuple[int, Uses]] | None = None) -> None:
    """The fans of a standard reading (four sets and a pair): the standing chows and pung kinds
    ascending, the pair, the AND of the standing sets' and pair's property bits. ``dropped``,
    when given, receives the chow pair fans 套算一次 drops (they explain the reading)."""
    win = ctx.win
    if ctx.fixed_chows:
        chows = ctx.fixed_chows + st_chows
        chows.sort()
    else:
        chows = st_chows
    if ctx.fixed_pungs:
        pungs = ctx.fixed_pungs + st_pungs
        pungs.sort()
    else:
        pungs = st_pungs
    concealed = ctx.concealed_kongs + len(st_pungs)
    if not ctx.sit.self_drawn and win in st_pungs and not _in_chow(st_chows, win):
        concealed -= 1  # the pung completed by the discard is melded
    ctx.pung_fans(acc, pungs, concealed, pair)
    nc = len(chows)
    if nc >= 2:
        # the pair matters only for 一色/三色双龙会 (four chows and a pair of fives)
        add_chow_fans(acc, chows, pair if nc == 4 and pair < 27 and pair % 9 == 4 else -1, dropped)
    if _may_combine(pungs):
        add_pung_fans(acc, pungs)
    if nc == 4 and pair < 27:
        acc.add(Fan.ALL_CHOWS)                                              # 平和
    props &= ctx.fixed_props
    if props:
        if props & _OUTSIDE:
            acc.add(Fan.OUTSIDE_HAND)                                       # 全带幺
        if props & _FIVES:
            acc.add(Fan.ALL_FIVES)                                          # 全带五
        if props & _EVEN:
            acc.add(Fan.ALL_EVEN_PUNGS)                                     # 全双刻
    # wait fans: only when exactly one tile kind completes the hand; edge before closed before
    # single (MCR.md)
    if ctx.is_unique_wait(st_chows, st_pungs):
        edge = closed = -1
        for c in st_chows:
            if c == win - 1:
                closed = c
            elif c == win or c + 2 == win:
                edge = c
        if edge >= 0:
            acc.add1(Fan.EDGE_WAIT, edge)
        elif closed >= 0:
            acc.add1(Fan.CLOSED_WAIT, closed)
        elif pair == win:
            acc.add1(Fan.SINGLE_WAIT, PAIR + pair)
    if nine_gates:
        acc.add(Fan.NINE_GATES)
    if ctx.tables.pair_258 and is_pair_258(pair):
        acc.add1(Fan.PAIR_258, PAIR + pair)                                    # 二五八将


def _in_chow(chows: list[int], k: int) -> bool:
    return any(c <= k <= c + 2 for c in chows)


def knitted_fans(ctx: Ctx, acc: Fans, ki: int, pair: int,
                 sets: tuple[int, ...]) -> None:
    """The fans of 组合龙 read with the standing set (``sets``: none when a meld is the set) and
    the pair."""
    acc.add1(Fan.KNITTED_STRAIGHT, KNIT + ki)
    win = ctx.win
    st_set: list[int] = []
    if sets:
        s = sets[0]
        is_chow = s < PUNG
        pungs = [] if is_chow else [s - PUNG]
        st_set = [s, s + 1, s + 2] if is_chow else [s - PUNG] * 3
    else:
        is_chow = not ctx.fixed_pungs
        pungs = [] if is_chow else [ctx.fixed_pungs[0]]
    ctx.pung_fans(acc, pungs, 0, pair)
    if is_chow and pair < 27:
        acc.add(Fan.ALL_CHOWS)
    # wait fans: not when the winning tile's kind is one the knitted straight uses, unless the
    # rules let the set or pair take it (MCR.md)
    in_knit = win in KNITTED[ki]
    if in_knit and ctx.tables.knitted_tile_wait and (win in st_set or win == pair):
        in_knit = False
    if not in_knit:
        if ctx.n_melds == 0:
            keys = [0, 0, 0, 0]
            for k in st_set:
                keys[_GROUP[k]] += _NIBBLE[k]
            keys[_GROUP[pair]] += 2 * _NIBBLE[pair]
            keys[_GROUP[win]] -= _NIBBLE[win]
            if popcount(standard_waits(keys[0], keys[1], keys[2], keys[3])) == 1:
                s = sets[0]
                if s < PUNG and s == win - 1:
                    acc.add1(Fan.CLOSED_WAIT, s)
                elif s < PUNG and (s == win or s + 2 == win):
                    acc.add1(Fan.EDGE_WAIT, s)
                elif pair == win:
                    acc.add1(Fan.SINGLE_WAIT, PAIR + pair)
        elif pair == win:
            acc.add1(Fan.SINGLE_WAIT, PAIR + pair)
    if ctx.tables.pair_258 and is_pair_258(pair):
        acc.add1(Fan.PAIR_258, PAIR + pair)


# -- every reading, the best kept ----------------------------------------------------------------
class Reading:
    """A reading of the hand: its form (an index of :data:`FORMS`), and for the set forms the
    pair, the standing sets (chows as their lowest kind, pungs as ``PUNG + kind``, ascending)
    and, for 组合龙, the knitted straight's index."""

    __slots__ = ("form", "knit", "pair", "sets")

    def __init__(self, form: int, pair: int, sets: tuple[int, ...], knit: int) -> None:
        self.form: Final = form
        self.pair: Final = pair
        self.sets: Final = sets
        self.knit: Final = knit


class Best:
    """The outcome of :func:`evaluate`: the best total (without flowers; -1 when the hand is
    not complete), its reading, and how many readings were scored."""

    __slots__ = ("reading", "readings", "total")

    def __init__(self) -> None:
        self.total = -1
        self.reading: Reading | None = None
        self.readings = 0

    def improves(self, total: int) -> bool:
        """Count a reading worth ``total``; True when it is the best so far (就高不就低: the
        first of equal totals is kept), its total then kept too."""
        self.readings += 1
        if total > self.total:
            self.total = total
            return True
        return False

    def offer(self, total: int, form: int, pair: int, sets: tuple[int, ...], knit: int) -> None:
        if self.improves(total):
            self.reading = Reading(form, pair, sets, knit)


def _special_fans(ctx: Ctx, acc: Fans, form: int) -> None:
    """The fans of a form without sets (十三幺, 全不靠 / 七星不靠 with 组合龙 when all nine
    knitted tiles are there, 七对 / 连七对)."""
    if form == EIGHT_FLOWERS:
        # only the flowers and the flags count: the hand is not complete
        acc.add(Fan.EIGHT_FLOWERS)
        for f in ctx.extra:
            if f != Fan.EIGHT_FLOWERS:
                acc.add(f)
        return
    acc.add(FAN_INDEX[FORMS[form]])
    if form in (LESSER_KNITTED, GREATER_KNITTED):
        for ki in range(6):
            km = KNIT_MASKS[ki]
            if ctx.smask & km == km:
                acc.add1(Fan.KNITTED_STRAIGHT, KNIT + ki)
                break


def _special_form(ctx: Ctx) -> int:
    """The form without sets this hand takes, or -1 (there is at most one; 七对 may go with set
    readings)."""
    if ctx.n_melds:
        return -1
    smask = ctx.smask
    if smask == _TERMINALS_HONORS:
        # 14 standing tiles of the 13 terminal and honour kinds, each present: 十三幺
        return THIRTEEN_ORPHANS
    n = popcount(smask)
    if n == 14:
        # 14 standing tiles of 14 kinds
        knitted = honors_and_knitted(smask)
        if knitted:
            return GREATER_KNITTED if knitted == 2 else LESSER_KNITTED
        return -1
    if n <= 7 and ctx.hand.standing_counts_even():
        # 14 standing tiles, every count even: 七对
        return SEVEN_SHIFTED_PAIRS if is_seven_shifted_pairs(smask) else SEVEN_PAIRS
    return -1


def evaluate_eight_flowers(ctx: Ctx) -> Best:
    """八花聚顶 won by the eighth flower, as the only reading."""
    best = Best()
    acc = Fans()
    _special_fans(ctx, acc, EIGHT_FLOWERS)
    best.offer(walk(ctx.tables, acc, 0, ctx.pw, ctx.sw), EIGHT_FLOWERS, -1, (), -1)
    return best


def evaluate(ctx: Ctx) -> Best:
    """Every reading of the hand scored by the walk; the best kept (就高不就低). A hand with one
    reading only (most hands) is scored with the recorder on: that one pass is also its
    explanation (kept in ``ctx.walked`` for :func:`explain`)."""
    best = Best()
    tables = ctx.tables
    pw = ctx.pw
    sw = ctx.sw
    special = _special_form(ctx)
    smask = ctx.smask
    # 组合龙 with a set and a pair (at most one declared meld): the knitted straights held
    knits = 0
    if ctx.n_melds <= 1 and popcount(smask) >= 9:
        for ki in range(6):
            km = KNIT_MASKS[ki]
            if smask & km == km:
                knits |= 1 << ki
    split = _Split(ctx) if special < 0 or special in (SEVEN_PAIRS, SEVEN_SHIFTED_PAIRS) else None
    if special >= 0 and split is None:
        single = True  # 十三幺 and the knitted-tile forms have no other reading
    else:
        single = not knits and split is not None and split.readings + (1 if special >= 0 else 0) == 1
    acc = Fans(record=single)
    out = Walked(acc, False) if single else None
    ctx.base_fans(acc)
    acc.mark()  # the fans common to every reading
    if special >= 0:
        _special_fans(ctx, acc, special)
        best.offer(walk(tables, acc, 0, pw, sw, out), special, -1, (), -1)
    if split is not None:
        for ki in range(6):
            if not knits >> ki & 1:
                continue
            rest = ctx.counts()
            for k in KNITTED[ki]:
                rest[k] -= 1
            for pair, sets in decompose(rest, 1 - ctx.n_melds):
                acc.back_to_mark()
                knitted_fans(ctx, acc, ki, pair, sets)
                wind_pungs = ctx.fixed_winds
                for s in sets:
                    if PUNG + EAST <= s <= PUNG + NORTH:
                        wind_pungs |= 1 << (s - PUNG - EAST)
                best.offer(walk(tables, acc, wind_pungs, pw, sw), KNITTED_STRAIGHT, pair, sets, ki)
        if split.readings:
            _standard_readings(ctx, acc, best, split, out)
    if out is not None and best.reading is not None:
        ctx.walked = out
        ctx.walked_reading = best.reading
    return best


class _Split:
    """The standing tiles' groups (suits, honours) that hold tiles, each group's split codes
    (see :func:`_group`), the group that must hold the pair (-1: any), and how many standard
    readings they give."""

    __slots__ = ("firsts", "groups", "paired", "readings")

    def __init__(self, ctx: Ctx) -> None:
        self.groups: list[tuple[int, ...]] = []
        self.firsts: list[int] = []  # each group's first kind
        self.paired = -1
        self.readings = 0
        paired = -1
        for g in range(4):
            key = ctx.key(g)
            if not key:
                continue
            grp = _group(g, key)
            if not grp[0]:
                if len(grp) == 1 or paired >= 0:
                    # a group that cannot be split, or two groups that both need the pair
                    self.groups.clear()
                    return
                paired = len(self.groups)
            self.groups.append(grp)
            self.firsts.append(9 * g)
        self.paired = paired
        n = len(self.groups)
        readings = 0
        for pg in range(n):
            if paired >= 0 and pg != paired:
                continue
            grp = self.groups[pg]
            count = len(grp) - 1 - grp[0]
            for g in range(n):
                if g != pg:
                    count *= self.groups[g][0]
            readings += count
        self.readings = readings


def _standard_readings(ctx: Ctx, acc: Fans, best: Best, split: _Split, out: Walked | None) -> None:
    """Every decomposition of the standing tiles into sets and a pair: one group (suit or
    honours) holds the pair, each other group is read as sets only; the groups' splits are
    memoised per group pattern. ``out`` records the walk (a hand of one reading)."""
    smask = ctx.smask
    groups = split.groups
    firsts = split.firsts
    paired = split.paired
    n = len(groups)
    win = ctx.win
    nine = (ctx.n_melds == 0 and win < 27 and not smask & ~_SUIT_MASK[win // 9]
            and is_nine_gates(ctx.key(win // 9) - _NIBBLE[win]))
    form = NINE_GATES if nine else STANDARD
    tables = ctx.tables
    chows: list[int] = []
    pungs: list[int] = []
    pos = [0, 0, 0, 0]
    for pg in range(n):
        if paired >= 0 and pg != paired:
            continue
        paired_group = groups[pg]
        for pi in range(1 + paired_group[0], len(paired_group)):
            pair_split: i64 = paired_group[pi]
            pair = firsts[pg] + int(pair_split >> _AT_PAIR & 15) - 1
            # the other groups' sets-only splits: every combination (odometer, last fastest)
            pos[0] = pos[1] = pos[2] = pos[3] = 0
            while True:
                props: i64 = _OUTSIDE | _FIVES | _EVEN
                winds: i64 = ctx.fixed_winds
                if chows:  # (clearing an empty list still costs a slice assignment)
                    chows.clear()
                if pungs:
                    pungs.clear()
                for g in range(n):
                    code: i64 = pair_split if g == pg else groups[g][1 + pos[g]]
                    _read_split(code, firsts[g], chows, pungs)
                    props &= code >> _AT_PROPS
                    winds |= code >> _AT_WINDS & 15
                acc.back_to_mark()
                standard_fans(ctx, acc, pair, chows, pungs, props & 7, nine)
                if best.improves(walk(tables, acc, winds, ctx.pw, ctx.sw, out)):
                    # the reading's sets, built only for a new best (the chows, then the pungs,
                    # are ascending already)
                    best.reading = Reading(form, pair, (*chows, *[PUNG + k for k in pungs]), -1)
                g = n - 1
                while g >= 0:
                    if g != pg:
                        # (not +=: compiled, an augmented item assignment is a generic call)
                        pos[g] = pos[g] + 1
                        if pos[g] < groups[g][0]:
                            break
                        pos[g] = 0
                    g -= 1
                if g < 0:
                    break


# -- the explanation -----------------------------------------------------------------------------
def explain(ctx: Ctx, reading: Reading, with_removed: bool = True) -> Walked:
    """The best reading replayed with the recorder: each fan kept with the sets it uses, and
    when ``with_removed`` each removed with its principle (the pair fans 套算一次 dropped come
    first)."""
    walked = ctx.walked
    if walked is not None and not with_removed and ctx.walked_reading is reading:
        return walked  # recorded by evaluate (the hand's one reading)
    acc = Fans(record=True)
    form = reading.form
    if form != EIGHT_FLOWERS:
        ctx.base_fans(acc)
    wind_pungs = ctx.fixed_winds
    for s in reading.sets:
        if PUNG + EAST <= s <= PUNG + NORTH:
            wind_pungs |= 1 << (s - PUNG - EAST)
    out = Walked(acc, with_removed)
    if form in (STANDARD, NINE_GATES):
        chows = [s for s in reading.sets if s < PUNG]
        pungs = [s - PUNG for s in reading.sets if s >= PUNG]
        props = _PAIR_PROPS[reading.pair]
        for s in reading.sets:
            props &= _SET_PROPS[s]
        dropped: list[tuple[int, Uses]] | None = [] if with_removed else None
        standard_fans(ctx, acc, reading.pair, chows, pungs, props, form == NINE_GATES, dropped)
        if dropped:
            _account_once(out, dropped)
    elif form == KNITTED_STRAIGHT:
        knitted_fans(ctx, acc, reading.knit, reading.pair, reading.sets)
    else:
        _special_fans(ctx, acc, form)
    walk(ctx.tables, acc, wind_pungs, ctx.pw, ctx.sw, out)
    return out


def _account_once(out: Walked, dropped: list[tuple[int, Uses]]) -> None:
    """The pair fans 套算一次 dropped, as removed fans: the highest first, then by their sets."""
    for idx, u in sorted(dropped, key=lambda d: (-1 - d[0], d[1])):
        out.removed.append((idx, 1, "套算一次", -1, [u]))


def decomposition_tokens(ctx: Ctx, reading: Reading) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(the declared melds' tokens, the reading's standing tokens: sets then the pair, the
    knitted straight first, or the single tiles / pairs of a form without sets)."""
    declared = (*ctx.fixed_chows, *[PUNG + k for k in ctx.fixed_pungs])
    form = reading.form
    if form == EIGHT_FLOWERS:
        return declared, ()
    if form in (STANDARD, NINE_GATES):
        return declared, (*reading.sets, PAIR + reading.pair)
    if form == KNITTED_STRAIGHT:
        return declared, (KNIT + reading.knit, *reading.sets, PAIR + reading.pair)
    sc = ctx.counts()
    if form in (SEVEN_PAIRS, SEVEN_SHIFTED_PAIRS):
        return (), tuple([PAIR + k for k in range(NUM_KINDS) for _ in range(sc[k] // 2)])
    if form == THIRTEEN_ORPHANS:
        return (), tuple([TILE + k for k in range(NUM_KINDS) for _ in range(sc[k])])
    return (), tuple([TILE + k for k in range(NUM_KINDS) if sc[k]])
