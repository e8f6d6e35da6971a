"""Shanten (向听数): how many tiles a hand is from ready (0) or complete (-1).

Definition
----------
The shanten of a hand is the least number of tiles it must draw (each with a discard) to be complete,
minus one. A 13-tile hand at 0 is ready (听牌 / tenpai); a 14-tile hand at -1 is complete. Declared
melds are never re-split: the standing tiles must make the remaining ``4 - melds`` sets and a pair.

* **riichi** counts the real tile supply of the standing tiles: a wait on a tile of which the hand
  already holds all four is no wait (``1111m234567789p`` is 1-shanten, not ready). This is exactly
  the figure of the ``mahjong`` package (which also ignores the tiles in declared melds).
* **MCR** follows PyMahjongGB (the Botzone judge): it counts shapes only, so ``1111m234567789p`` is
  ready on 1m. Its forms: standard, 七对 (a four of a kind is two pairs), 十三幺, 全不靠 / 七星不靠
  and 组合龙 (with at most one declared meld).

Method
------
Each group of kinds (the three suits, and the honours) is looked up by its *key*, the kind counts
packed four bits a kind (``sum(count[r] << 4*r)``), in a table of *records*. A record is one int:
``d[p*5 + m]``, the fewest tiles to draw so that the group holds ``m`` sets and ``p`` pairs
(``m`` ≤ 4, ``p`` ≤ 1), four bits each, then the group's kinds held, kinds paired, pairs for 七对
and a bit mask of the kinds held (what the special forms need). A hand's standard shanten is a
min-plus combination of its four records (a few dozen integer additions); the special forms are
sums of the records' fields.

A suit's record is computed on first use by a dynamic programme over the ranks, backwards (state:
the chows begun at the two ranks before; ten costs in one int, six bits a lane, worked on all at
once). Its memo of suffixes of up to six ranks is shared by all patterns, and translated and
mirrored suits share one distance vector, so a new suit pattern costs a few microseconds compiled
(about 50 µs pure). The honours have no chows and their order does not matter: their record is
indexed by how many kinds are held once, twice, three and four times (330 records at most).
Each memo is bounded (``_MEMO_CAP`` records a table, ``_SUFFIX_CAP`` suffixes) and emptied when
full; random hands meet about 5,000 suit patterns in 20,000 hands, about 4 MB of tables for both
systems after 60,000 hands. The riichi tables cap a kind at 4 copies in the target hand; the MCR
tables at 5 (shapes only; see ``_CAP_NONE``).

The code is written for mypyc: native ints (``i64``), no tuples or lists built per hand on the
hot path (one list of nine when a 组合龙 is within reach), the combination written out.

For a 14-tile hand that is not complete this equals the least shanten over its discards.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Final

from .errors import InvalidArgument, InvalidHand, describe
from .hand import Hand
from .notation import parse_hand, parse_tiles
from .tiles import KIND, NUM_KINDS, tile_to_str

if TYPE_CHECKING:
    # native 64-bit ints in the compiled build; annotations only (never evaluated), so the pure
    # build needs no mypy_extensions
    from mypy_extensions import i64

__all__ = [
    "FORMS_AT",
    "FORMS_MCR",
    "FORMS_RIICHI",
    "FORM_ORPHANS",
    "FORM_SEVEN_PAIRS",
    "FORM_STANDARD",
    "KINDS_MASK",
    "KNITTED_PATTERNS",
    "SHANTEN_AT",
    "hand_counts",
    "improving_kinds",
    "mcr_shanten",
    "mcr_shanten_counts",
    "mcr_spare_keys",
    "mcr_useful_keys",
    "meld_kinds",
    "regular_shanten_counts",
    "riichi_forms_keys",
    "riichi_shanten",
    "riichi_shanten_counts",
    "riichi_spare_keys",
    "riichi_useful_keys",
    "shanten",
    "shanten_by_form",
    "unseen_counts",
    "unseen_from",
    "visible_counts",
    "winning_kinds",
]

_INF: Final = 64

#: cap on copies of one kind in a target hand: 4 for riichi (the real supply). MCR counts shapes
#: only (a single wait on the fifth copy of a kind is "ready"); no optimal target ever needs more
#: than one copy beyond the four, so 5 gives the uncapped vectors (checked on every honour pattern
#: and a sample of suit patterns against caps 6 and 8, ``tests/analysis/test_tables.py``).
_CAP_RIICHI: Final = 4
_CAP_NONE: Final = 5

FORMS_MCR: Final[tuple[str, ...]] = ("standard", "seven_pairs", "thirteen_orphans", "honors_and_knitted",
                    "knitted_straight")
FORMS_RIICHI: Final[tuple[str, ...]] = ("standard", "seven_pairs", "thirteen_orphans")

_KIND: Final[tuple[int, ...]] = KIND

# -- records ------------------------------------------------------------------------------------
#: a key holds four bits a kind: counts 0-15
_MAX_COUNT: Final = 15
#: record fields beyond the ten 4-bit distances d[0..9]
_HELD_AT: Final = 40      # kinds held (4 bits)
_PAIRED_AT: Final = 44    # kinds held twice or more (4 bits)
_PAIRS_AT: Final = 48     # pairs for MCR 七对: a kind held 2 or 3 times is one, 4 times two (5 bits)
_MASK_AT: Final = 53      # bit r: rank r is held (9 bits)

#: records kept per table before the memo is emptied (bounded memory whatever the input)
_MEMO_CAP: Final = 1 << 14

_SUITS_RIICHI: Final[dict[int, int]] = {}
_SUITS_MCR: Final[dict[int, int]] = {}
#: canonical suit keys (see _canonical) to distances
_SHAPES_RIICHI: Final[dict[int, int]] = {}
_SHAPES_MCR: Final[dict[int, int]] = {}
#: honour records by how many kinds are held once, twice, three and four times (3 bits each)
_HONORS_RIICHI: Final[list[i64]] = [-1] * 4096
_HONORS_MCR: Final[list[i64]] = [-1] * 4096
#: the suffix programme's memo (all tables), and its bound
_SUFFIXES: Final[dict[int, int]] = {}
_SUFFIX_CAP: Final = 1 << 15
#: suffixes of at most this many ranks go to the shared memo
_SHARED_LEFT: Final = 6


# The programme below keeps ten costs in one int, six bits a lane (lane p*5 + m), and works on all
# ten at once: a lane holds 0-31, 31 standing for "unreachable" (no real cost exceeds 14), and bit 5
# of each lane is a guard for the lane-wise minimum and the saturating addition.
_LANE: Final = 6
_ONES: Final = sum(1 << (_LANE * j) for j in range(10))
_GUARDS: Final = _ONES << 5
_UNREACHABLE: Final = _ONES * 31
_START: Final = _UNREACHABLE & ~63          # no sets, no pair: cost 0
#: a cost added to every lane (a cost is at most the cap on copies; lanes stay below 64)
_TIMES_ONES: Final = tuple(k * _ONES for k in range(16))


def _move_masks() -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """For ``t = sets*2 + pairs`` (sets 0-4, pairs 0-1): the lanes that stay within 4 sets and 1 pair
    when moved up by that many, the shift that moves them, and the lanes left unreachable."""
    keep: list[int] = []
    shift: list[int] = []
    fill: list[int] = []
    for dm in range(5):
        for r in range(2):
            k = f = 0
            for p in range(2):
                for m in range(5):
                    if p + r <= 1 and m + dm <= 4:
                        k |= 63 << (_LANE * (p * 5 + m))
                    if p < r or m < dm:
                        f |= 31 << (_LANE * (p * 5 + m))
            keep.append(k)
            shift.append(_LANE * (5 * r + dm))
            fill.append(f)
    return tuple(keep), tuple(shift), tuple(fill)


_MOVES: Final = _move_masks()
_MOVE_KEEP: Final[tuple[int, ...]] = _MOVES[0]
_MOVE_SHIFT: Final[tuple[int, ...]] = _MOVES[1]
_MOVE_FILL: Final[tuple[int, ...]] = _MOVES[2]


def _suffix(key: i64, left: i64, c1: i64, c2: i64, chows: bool, cap: i64,
            sub: dict[i64, i64], local: dict[i64, i64]) -> i64:
    """Least costs (six-bit lanes, lane ``p*5 + m``) of the last ``left`` ranks of a group, whose
    counts are ``key`` (four bits a rank, the first in the low bits), given ``c1`` chows begun at
    the rank before and ``c2`` two ranks before (both still need this rank's tile).

    A dynamic programme over the ranks with memos: ``sub`` for suffixes of at most
    ``_SHARED_LEFT`` ranks, shared by all patterns (they recur), ``local`` for the longer ones
    of one pattern. At each rank the target
    takes ``c`` new chows, ``q`` pungs and ``r`` pairs; the tiles it needs beyond those held are
    drawn. Pungs and pairs on a rank holding nothing are left out: they are drawn whole, and
    :func:`_distances` adds such sets anywhere.
    """
    if left == 0:
        return _START
    mk = (((((key << 4 | left) * 5 + c1) * 5 + c2) << 4 | cap) << 1) | (1 if chows else 0)
    memo = sub if left <= _SHARED_LEFT else local
    acc = memo.get(mk, -1)
    if acc >= 0:
        return acc
    held = key & 15
    base = c1 + c2
    # no more chows begun here than the most tiles held on their three ranks: with fewer on each
    # rank one such chow would be drawn whole, and a pung drawn on a rank with room left costs no
    # more (the reference tables of the tests check this shortcut)
    max_c = 0
    if chows and left >= 3:
        max_c = _min3(4 - base, cap - base, _max3(held, (key >> 4) & 15, (key >> 8) & 15))
    acc = _UNREACHABLE
    for c in range(max_c + 1):
        v = _suffix(key >> 4, left - 1, c, c1, chows, cap, sub, local)
        for qr in range(4 if held else 1):
            w = base + c + 3 * (qr >> 1) + 2 * (qr & 1)
            dm = c + (qr >> 1)
            if w > cap or dm > 4:
                continue
            # v's lanes moved up by the sets and the pair taken here
            t = dm * 2 + (qr & 1)
            x = ((v & _MOVE_KEEP[t]) << _MOVE_SHIFT[t]) | _MOVE_FILL[t]
            if w > held:             # add the tiles drawn, saturating at 31
                x += _TIMES_ONES[w - held]
                over = (x & _GUARDS) >> 5
                if over:
                    m = (over << 6) - over   # the lanes that overflowed, all six bits
                    x = ((x | m) ^ m) | (_UNREACHABLE & m)
            # lane-wise minimum of acc and x (shifts, not products: those of long operands
            # leave the compiled fast path)
            ge = (((acc | _GUARDS) - x) & _GUARDS) >> 5
            m = (ge << 6) - ge
            acc = (x & m) | ((acc | m) ^ m)
    if len(memo) >= _SUFFIX_CAP:
        memo.clear()
    memo[mk] = acc
    return acc


def _distances(key: i64, n: i64, chows: bool, cap: i64, sub: dict[i64, i64]) -> i64:
    """The packed vector ``d[p*5 + m]`` (four bits a lane) of a group of ``n`` kinds with counts
    ``key``. ``sub``: the memo of :func:`_suffix` (shared between patterns: most suffixes recur).
    """
    v = _suffix(key, n, 0, 0, chows, cap, sub, {})
    # plus sets and a pair drawn whole (3 tiles a set, 2 the pair): a hand of at most 14 tiles in
    # nine ranks always leaves a rank with room for them
    acc = v
    for t in range(1, 10):
        dm = t >> 1
        x = ((v & _MOVE_KEEP[t]) << _MOVE_SHIFT[t]) | _MOVE_FILL[t]
        x += _TIMES_ONES[3 * dm + 2 * (t & 1)]
        over = (x & _GUARDS) >> 5
        if over:
            m = (over << 6) - over
            x = ((x | m) ^ m) | (_UNREACHABLE & m)
        ge = (((acc | _GUARDS) - x) & _GUARDS) >> 5
        m = (ge << 6) - ge
        acc = (x & m) | ((acc | m) ^ m)
    v = acc
    out = 0
    for j in range(10):
        x = (v >> (_LANE * j)) & 63
        out |= (x if x < 15 else 15) << (4 * j)
    return out


def _fields(key: i64, n: i64) -> i64:
    """The record fields beyond the distances of a group of ``n`` kinds given by its key."""
    held = paired = pairs = mask = 0
    for i in range(n):
        c = (key >> (4 * i)) & 15
        if c:
            held += 1
            mask |= 1 << i
            if c >= 2:
                paired += 1
            if c == 2 or c == 3:
                pairs += 1
            elif c == 4:
                pairs += 2
    return held << _HELD_AT | paired << _PAIRED_AT | pairs << _PAIRS_AT | mask << _MASK_AT


def _record(key: i64, n: i64, chows: bool, cap: i64, sub: dict[i64, i64] | None = None) -> i64:
    """The record of a group of ``n`` kinds given by its key (``sub``: the suffix memo)."""
    return _distances(key, n, chows, cap, _SUFFIXES if sub is None else sub) | _fields(key, n)


def _low_cut(key: i64) -> i64:
    """A run of more than two empty ranks from rank 1 cut to two (the ranks put back at 9)."""
    if key == 0:
        return key
    lead = 0
    while not (key >> (4 * lead)) & 15:
        lead += 1
    return key >> (4 * (lead - 2)) if lead > 2 else key


def _mirror(key: i64) -> i64:
    """The suit read from 9 down to 1."""
    out: i64 = 0
    for i in range(9):
        out |= ((key >> (4 * i)) & 15) << (4 * (8 - i))
    return out


def _canonical(key: i64) -> i64:
    """A suit key with the same distances, shared by its translations and its mirror image.

    A set that uses a held tile reaches at most two ranks beyond it, so runs of more than two
    empty ranks at either end matter only as room for sets drawn whole: the run is cut to two and
    the empty ranks are put back at the other end (same room). The smaller of that and the same
    for the mirror image is the key.
    """
    a = _low_cut(key)
    b = _low_cut(_mirror(key))
    return a if a < b else b


def _suit(key: i64, memo: dict[i64, i64], cap: i64) -> i64:
    """The record of a suit (``memo``: the table of ``cap``). (A flat table indexed by the counts
    read as base 5, 5**9 slots, was tried: 8% faster a lookup, but 15.6 MB of pointers a system
    that the garbage collector walks at every full collection.)"""
    rec = memo.get(key, -1)
    if rec < 0:
        rec = _shape(key, cap) | _fields(key, 9)
        if len(memo) >= _MEMO_CAP:
            memo.clear()
        memo[key] = rec
    return rec


def _shape(key: i64, cap: i64) -> i64:
    """The distances of a suit, by its canonical key (translations and mirror images share them)."""
    shapes = _SHAPES_RIICHI if cap == _CAP_RIICHI else _SHAPES_MCR
    ck = _canonical(key)
    d = shapes.get(ck, -1)
    if d < 0:
        d = _distances(ck, 9, True, cap, _SUFFIXES)
        if len(shapes) >= _MEMO_CAP:
            shapes.clear()
        shapes[ck] = d
    return d


def _honor_index() -> tuple[list[int], list[int]]:
    """By the nibbles of honours 1-3 (12 bits) and 4-7 (16 bits): their part of the index of
    :func:`_honors`, or -1 if a count exceeds 4."""
    lo: list[int] = []
    hi: list[int] = []
    for v in range(1 << 16):
        part = 0
        for i in range(4):
            c = (v >> (4 * i)) & 15
            if c > 4:
                part = -1
                break
            if c:
                part += 1 << (3 * (c - 1))
        hi.append(part)
        if v < 4096:
            lo.append(part)
    return lo, hi


_HONOR_PARTS: Final = _honor_index()
_HONOR_LO: Final[list[i64]] = _HONOR_PARTS[0]
_HONOR_HI: Final[list[i64]] = _HONOR_PARTS[1]


def _honors(key: i64, table: list[i64], cap: i64) -> i64:
    """The record of the honours (``table``: that of ``cap``). The honours are independent of each
    other, so the record depends on how many kinds are held once, twice … only: a small index
    (the mask of kinds held in a record is then that of the first hand met with those numbers; no
    form reads the honours' mask)."""
    lo = _HONOR_LO[key & 4095]
    hi = _HONOR_HI[(key >> 12) & 65535]
    if lo < 0 or hi < 0 or key >> 28:
        return _record(key, 7, False, cap)
    index = lo + hi
    rec = table[index]
    if rec < 0:
        rec = _record(key, 7, False, cap)
        table[index] = rec
    return rec


def _clear_tables() -> None:
    """Empty every table and memo (for measurements of a cold start)."""
    for memo in (_SUITS_RIICHI, _SUITS_MCR, _SHAPES_RIICHI, _SHAPES_MCR, _SUFFIXES):
        memo.clear()
    for near in (_PLUS_RIICHI, _PLUS_MCR, _MINUS_RIICHI, _MINUS_MCR, _PLUS_HONORS_RIICHI,
                 _PLUS_HONORS_MCR, _MINUS_HONORS_RIICHI, _MINUS_HONORS_MCR):
        near.clear()
    for table in (_HONORS_RIICHI, _HONORS_MCR):
        for i in range(len(table)):
            table[i] = -1


def _combine(a: i64, b: i64, c: i64, d: i64, n: i64) -> i64:
    """Fewest draws for ``n`` sets and a pair from four groups' records: a min-plus combination,
    written out (this is the inner loop of every shanten; generated, no calls or tuples)."""
    # the ten lanes of each record
    a0 = a & 15
    a1 = (a >> 4) & 15
    a2 = (a >> 8) & 15
    a3 = (a >> 12) & 15
    a4 = (a >> 16) & 15
    a5 = (a >> 20) & 15
    a6 = (a >> 24) & 15
    a7 = (a >> 28) & 15
    a8 = (a >> 32) & 15
    a9 = (a >> 36) & 15
    b0 = b & 15
    b1 = (b >> 4) & 15
    b2 = (b >> 8) & 15
    b3 = (b >> 12) & 15
    b4 = (b >> 16) & 15
    b5 = (b >> 20) & 15
    b6 = (b >> 24) & 15
    b7 = (b >> 28) & 15
    b8 = (b >> 32) & 15
    b9 = (b >> 36) & 15
    c0 = c & 15
    c1 = (c >> 4) & 15
    c2 = (c >> 8) & 15
    c3 = (c >> 12) & 15
    c4 = (c >> 16) & 15
    c5 = (c >> 20) & 15
    c6 = (c >> 24) & 15
    c7 = (c >> 28) & 15
    c8 = (c >> 32) & 15
    c9 = (c >> 36) & 15
    d0 = d & 15
    d1 = (d >> 4) & 15
    d2 = (d >> 8) & 15
    d3 = (d >> 12) & 15
    d4 = (d >> 16) & 15
    d5 = (d >> 20) & 15
    d6 = (d >> 24) & 15
    d7 = (d >> 28) & 15
    d8 = (d >> 32) & 15
    d9 = (d >> 36) & 15
    # x = a and b combined, y = c and d combined: entry p*5 + m is the least over the splits
    # of m sets and p pairs between the two
    x0 = a0 + b0
    x1 = a0 + b1
    t = a1 + b0
    if t < x1:
        x1 = t
    x2 = a0 + b2
    t = a1 + b1
    if t < x2:
        x2 = t
    t = a2 + b0
    if t < x2:
        x2 = t
    x3 = a0 + b3
    t = a1 + b2
    if t < x3:
        x3 = t
    t = a2 + b1
    if t < x3:
        x3 = t
    t = a3 + b0
    if t < x3:
        x3 = t
    x4 = a0 + b4
    t = a1 + b3
    if t < x4:
        x4 = t
    t = a2 + b2
    if t < x4:
        x4 = t
    t = a3 + b1
    if t < x4:
        x4 = t
    t = a4 + b0
    if t < x4:
        x4 = t
    x5 = a0 + b5
    t = a5 + b0
    if t < x5:
        x5 = t
    x6 = a0 + b6
    t = a1 + b5
    if t < x6:
        x6 = t
    t = a5 + b1
    if t < x6:
        x6 = t
    t = a6 + b0
    if t < x6:
        x6 = t
    x7 = a0 + b7
    t = a1 + b6
    if t < x7:
        x7 = t
    t = a2 + b5
    if t < x7:
        x7 = t
    t = a5 + b2
    if t < x7:
        x7 = t
    t = a6 + b1
    if t < x7:
        x7 = t
    t = a7 + b0
    if t < x7:
        x7 = t
    x8 = a0 + b8
    t = a1 + b7
    if t < x8:
        x8 = t
    t = a2 + b6
    if t < x8:
        x8 = t
    t = a3 + b5
    if t < x8:
        x8 = t
    t = a5 + b3
    if t < x8:
        x8 = t
    t = a6 + b2
    if t < x8:
        x8 = t
    t = a7 + b1
    if t < x8:
        x8 = t
    t = a8 + b0
    if t < x8:
        x8 = t
    x9 = a0 + b9
    t = a1 + b8
    if t < x9:
        x9 = t
    t = a2 + b7
    if t < x9:
        x9 = t
    t = a3 + b6
    if t < x9:
        x9 = t
    t = a4 + b5
    if t < x9:
        x9 = t
    t = a5 + b4
    if t < x9:
        x9 = t
    t = a6 + b3
    if t < x9:
        x9 = t
    t = a7 + b2
    if t < x9:
        x9 = t
    t = a8 + b1
    if t < x9:
        x9 = t
    t = a9 + b0
    if t < x9:
        x9 = t
    y0 = c0 + d0
    y1 = c0 + d1
    t = c1 + d0
    if t < y1:
        y1 = t
    y2 = c0 + d2
    t = c1 + d1
    if t < y2:
        y2 = t
    t = c2 + d0
    if t < y2:
        y2 = t
    y3 = c0 + d3
    t = c1 + d2
    if t < y3:
        y3 = t
    t = c2 + d1
    if t < y3:
        y3 = t
    t = c3 + d0
    if t < y3:
        y3 = t
    y4 = c0 + d4
    t = c1 + d3
    if t < y4:
        y4 = t
    t = c2 + d2
    if t < y4:
        y4 = t
    t = c3 + d1
    if t < y4:
        y4 = t
    t = c4 + d0
    if t < y4:
        y4 = t
    y5 = c0 + d5
    t = c5 + d0
    if t < y5:
        y5 = t
    y6 = c0 + d6
    t = c1 + d5
    if t < y6:
        y6 = t
    t = c5 + d1
    if t < y6:
        y6 = t
    t = c6 + d0
    if t < y6:
        y6 = t
    y7 = c0 + d7
    t = c1 + d6
    if t < y7:
        y7 = t
    t = c2 + d5
    if t < y7:
        y7 = t
    t = c5 + d2
    if t < y7:
        y7 = t
    t = c6 + d1
    if t < y7:
        y7 = t
    t = c7 + d0
    if t < y7:
        y7 = t
    y8 = c0 + d8
    t = c1 + d7
    if t < y8:
        y8 = t
    t = c2 + d6
    if t < y8:
        y8 = t
    t = c3 + d5
    if t < y8:
        y8 = t
    t = c5 + d3
    if t < y8:
        y8 = t
    t = c6 + d2
    if t < y8:
        y8 = t
    t = c7 + d1
    if t < y8:
        y8 = t
    t = c8 + d0
    if t < y8:
        y8 = t
    y9 = c0 + d9
    t = c1 + d8
    if t < y9:
        y9 = t
    t = c2 + d7
    if t < y9:
        y9 = t
    t = c3 + d6
    if t < y9:
        y9 = t
    t = c4 + d5
    if t < y9:
        y9 = t
    t = c5 + d4
    if t < y9:
        y9 = t
    t = c6 + d3
    if t < y9:
        y9 = t
    t = c7 + d2
    if t < y9:
        y9 = t
    t = c8 + d1
    if t < y9:
        y9 = t
    t = c9 + d0
    if t < y9:
        y9 = t
    # entry (pair, n sets) of x and y combined
    if n >= 4:
        best = x0 + y9
        t = x1 + y8
        if t < best:
            best = t
        t = x2 + y7
        if t < best:
            best = t
        t = x3 + y6
        if t < best:
            best = t
        t = x4 + y5
        if t < best:
            best = t
        t = x5 + y4
        if t < best:
            best = t
        t = x6 + y3
        if t < best:
            best = t
        t = x7 + y2
        if t < best:
            best = t
        t = x8 + y1
        if t < best:
            best = t
        t = x9 + y0
        if t < best:
            best = t
    elif n == 3:
        best = x0 + y8
        t = x1 + y7
        if t < best:
            best = t
        t = x2 + y6
        if t < best:
            best = t
        t = x3 + y5
        if t < best:
            best = t
        t = x5 + y3
        if t < best:
            best = t
        t = x6 + y2
        if t < best:
            best = t
        t = x7 + y1
        if t < best:
            best = t
        t = x8 + y0
        if t < best:
            best = t
    elif n == 2:
        best = x0 + y7
        t = x1 + y6
        if t < best:
            best = t
        t = x2 + y5
        if t < best:
            best = t
        t = x5 + y2
        if t < best:
            best = t
        t = x6 + y1
        if t < best:
            best = t
        t = x7 + y0
        if t < best:
            best = t
    elif n == 1:
        best = x0 + y6
        t = x1 + y5
        if t < best:
            best = t
        t = x5 + y1
        if t < best:
            best = t
        t = x6 + y0
        if t < best:
            best = t
    else:
        best = x0 + y5
        t = x5 + y0
        if t < best:
            best = t
    return best


def _max3(x: i64, y: i64, z: i64) -> i64:
    if y > x:
        x = y
    return x if x > z else z


def _min2(x: i64, y: i64) -> i64:
    return x if x < y else y


def _min3(x: i64, y: i64, z: i64) -> i64:
    if y < x:
        x = y
    return x if x < z else z


def _min4(x: i64, y: i64, z: i64, w: i64) -> i64:
    if y < x:
        x = y
    if z < x:
        x = z
    return x if x < w else w


def _min5(x: i64, y: i64, z: i64, w: i64, v: i64) -> i64:
    if y < x:
        x = y
    if z < x:
        x = z
    if w < x:
        x = w
    return x if x < v else v


# -- keys -----------------------------------------------------------------------------------------
def _counts_keys(counts: list[int]) -> tuple[i64, i64, i64, i64]:
    """The keys of the three suits and the honours of 34 kind counts (each 0-15)."""
    if len(counts) != NUM_KINDS:
        raise ValueError(f"expected {NUM_KINDS} kind counts, got {len(counts)}")
    (c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11,
     c12, c13, c14, c15, c16, c17, c18, c19, c20, c21, c22, c23,
     c24, c25, c26, c27, c28, c29, c30, c31, c32, c33) = counts
    # a count out of 0-15 would spill into its neighbour's bits: the OR of all counts shows it
    # (no max() / min(): those compare objects one by one even in the compiled build)
    v = (c0 | c1 | c2 | c3 | c4 | c5 | c6 | c7 | c8 | c9 | c10 | c11
         | c12 | c13 | c14 | c15 | c16 | c17 | c18 | c19 | c20 | c21 | c22 | c23
         | c24 | c25 | c26 | c27 | c28 | c29 | c30 | c31 | c32 | c33)
    if v < 0 or v > _MAX_COUNT:
        raise ValueError(f"kind counts must be 0-{_MAX_COUNT}: {counts}")
    return (
        (c0 | c1 << 4 | c2 << 8 | c3 << 12 | c4 << 16
         | c5 << 20 | c6 << 24 | c7 << 28 | c8 << 32),
        (c9 | c10 << 4 | c11 << 8 | c12 << 12 | c13 << 16
         | c14 << 20 | c15 << 24 | c16 << 28 | c17 << 32),
        (c18 | c19 << 4 | c20 << 8 | c21 << 12 | c22 << 16
         | c23 << 20 | c24 << 24 | c25 << 28 | c26 << 32),
        (c27 | c28 << 4 | c29 << 8 | c30 << 12 | c31 << 16
         | c32 << 20 | c33 << 24),
    )


def _as_list(counts: Sequence[int]) -> list[int]:
    return counts if isinstance(counts, list) else list(counts)


def _hand_keys(h: Hand) -> tuple[i64, i64, i64, i64]:
    """The four keys of a hand's standing tiles (winning tile included), as the hand keeps them
    packed (a hand holds at most four copies of a kind, so no count overflows its four bits)."""
    return h.standing_m, h.standing_p, h.standing_s, h.standing_z


# -- forms on keys ------------------------------------------------------------------------------
def _orphans(ra: i64, rb: i64, rc: i64, rd: i64, k0: i64, k1: i64, k2: i64) -> i64:
    """十三幺 / kokushi: 13 less the terminal and honour kinds held, less one for a pair of them."""
    held = ((rd >> _HELD_AT) & 15) + ((ra >> _MASK_AT) & 1) + ((ra >> (_MASK_AT + 8)) & 1) \
        + ((rb >> _MASK_AT) & 1) + ((rb >> (_MASK_AT + 8)) & 1) \
        + ((rc >> _MASK_AT) & 1) + ((rc >> (_MASK_AT + 8)) & 1)
    pair = ((rd >> _PAIRED_AT) & 15) > 0 or (k0 & 15) >= 2 or ((k0 >> 32) & 15) >= 2 \
        or (k1 & 15) >= 2 or ((k1 >> 32) & 15) >= 2 or (k2 & 15) >= 2 or ((k2 >> 32) & 15) >= 2
    return 13 - held - (1 if pair else 0)


def _seven_pairs_riichi(ra: i64, rb: i64, rc: i64, rd: i64) -> i64:
    # riichi: seven different pairs; a kind held four times is one pair
    kinds = ((ra >> _HELD_AT) & 15) + ((rb >> _HELD_AT) & 15) + ((rc >> _HELD_AT) & 15) \
        + ((rd >> _HELD_AT) & 15)
    paired = ((ra >> _PAIRED_AT) & 15) + ((rb >> _PAIRED_AT) & 15) + ((rc >> _PAIRED_AT) & 15) \
        + ((rd >> _PAIRED_AT) & 15)
    return 6 - paired + (7 - kinds if kinds < 7 else 0)


def _seven_pairs_mcr(ra: i64, rb: i64, rc: i64, rd: i64) -> i64:
    # MCR: four of a kind may be two pairs (PyMahjongGB counts it so too)
    return 6 - ((ra >> _PAIRS_AT) & 31) - ((rb >> _PAIRS_AT) & 31) - ((rc >> _PAIRS_AT) & 31) \
        - ((rd >> _PAIRS_AT) & 31)


#: the first rank (0-2) of the knitted tiles in each suit, for the six spreads
_KNITTED_STARTS: Final[tuple[tuple[int, int, int], ...]] = (
    (0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))


def _knitted_patterns() -> tuple[tuple[int, ...], ...]:
    out = []
    for a, b, c in _KNITTED_STARTS:
        kinds: list[int] = []
        for suit, start in ((0, a), (1, b), (2, c)):
            kinds.extend(9 * suit + start + 3 * j for j in range(3))
        out.append(tuple(sorted(kinds)))
    return tuple(out)


#: the six ways to spread 147 / 258 / 369 over the three suits (组合龙)
KNITTED_PATTERNS: Final = _knitted_patterns()


def _knit_tables() -> tuple[list[int], list[int]]:
    """By a suit's mask of ranks held: the kinds held among ranks j, j+3, j+6 for j = 0, 1, 2
    (two bits each), and (index ``mask*3 + j``) the key of one tile on each of those held."""
    held: list[int] = []
    take: list[int] = []
    for mask in range(512):
        h = 0
        for j in range(3):
            n = t = 0
            for r in range(j, 9, 3):
                if (mask >> r) & 1:
                    n += 1
                    t += 1 << (4 * r)
            h |= n << (2 * j)
            take.append(t)
        held.append(h)
    return held, take


_KNIT_TABLES: Final = _knit_tables()
_KNIT_HELD: Final[list[i64]] = _KNIT_TABLES[0]
_KNIT_TAKE: Final[list[i64]] = _KNIT_TABLES[1]


def _knits(rec: i64) -> i64:
    """A suit's kinds held among the knitted ranks 147, 258 and 369 (two bits each)."""
    return _KNIT_HELD[(rec >> _MASK_AT) & 511]


def _honors_and_knitted(ra: i64, rb: i64, rc: i64, rd: i64) -> i64:
    """全不靠: fourteen different tiles among one knitted spread and the seven honours."""
    a = _knits(ra)
    b = _knits(rb)
    c = _knits(rc)
    a0 = a & 3
    a1 = (a >> 2) & 3
    a2 = a >> 4
    b0 = b & 3
    b1 = (b >> 2) & 3
    b2 = b >> 4
    c0 = c & 3
    c1 = (c >> 2) & 3
    c2 = c >> 4
    # the six spreads of 147 / 258 / 369 over the suits
    best = a0 + b1 + c2
    x = a0 + b2 + c1
    if x > best:
        best = x
    x = a1 + b0 + c2
    if x > best:
        best = x
    x = a1 + b2 + c0
    if x > best:
        best = x
    x = a2 + b0 + c1
    if x > best:
        best = x
    x = a2 + b1 + c0
    if x > best:
        best = x
    return 13 - ((rd >> _HELD_AT) & 15) - best


def _small_distance(ra: i64, rb: i64, rc: i64, rd: i64, n_sets: i64) -> i64:
    """Fewest draws for ``n_sets`` ≤ 1 sets and a pair from four groups' records (what is left
    beside a 组合龙): the set and the pair come from one group or two."""
    pa = (ra >> 20) & 15
    pb = (rb >> 20) & 15
    pc = (rc >> 20) & 15
    pd = (rd >> 20) & 15
    if n_sets <= 0:
        return _min4(pa, pb, pc, pd)
    sa = (ra >> 4) & 15
    sb = (rb >> 4) & 15
    sc = (rc >> 4) & 15
    sd = (rd >> 4) & 15
    best = _min4((ra >> 24) & 15, (rb >> 24) & 15, (rc >> 24) & 15, (rd >> 24) & 15)
    x = _min4(pa + _min3(sb, sc, sd), pb + _min3(sa, sc, sd), pc + _min3(sa, sb, sd),
              pd + _min3(sa, sb, sc))
    return x if x < best else best


def _knitted_straight(k0: i64, k1: i64, k2: i64, ra: i64, rb: i64, rc: i64, rd: i64,
                      n_melds: i64, bound: i64) -> i64:
    """组合龙 + one set + a pair (at most one declared meld), or ``bound`` if that is no less.

    ``ra``/``rb``/``rc``: any records of the suits (for the kinds held); ``rd``: the honours' MCR
    record. What is left beside the knitted tiles (one of each held taken) is looked up in the MCR
    suit table, once for each suit and first rank that a spread needs.
    """
    best = bound
    n_sets = 1 - n_melds
    knits_a = _knits(ra)
    knits_b = _knits(rb)
    knits_c = _knits(rc)
    masks = ((ra >> _MASK_AT) & 511, (rb >> _MASK_AT) & 511, (rc >> _MASK_AT) & 511)
    rests: list[i64] = []
    for s in range(6):
        # spread s: first ranks s0, s1, s2 of the three suits (the six permutations)
        s0 = s >> 1
        s1 = (s0 + 1 + (s & 1)) % 3
        s2 = 3 - s0 - s1
        missing = 9 - ((knits_a >> (2 * s0)) & 3) - ((knits_b >> (2 * s1)) & 3) \
            - ((knits_c >> (2 * s2)) & 3)
        if missing - 1 >= best:
            continue
        if not rests:
            rests = [-1] * 9
        x = rests[s0]
        if x < 0:
            x = rests[s0] = _suit(k0 - _KNIT_TAKE[masks[0] * 3 + s0], _SUITS_MCR, _CAP_NONE)
        y = rests[3 + s1]
        if y < 0:
            y = rests[3 + s1] = _suit(k1 - _KNIT_TAKE[masks[1] * 3 + s1], _SUITS_MCR, _CAP_NONE)
        z = rests[6 + s2]
        if z < 0:
            z = rests[6 + s2] = _suit(k2 - _KNIT_TAKE[masks[2] * 3 + s2], _SUITS_MCR, _CAP_NONE)
        x = missing + _small_distance(x, y, z, rd, n_sets) - 1
        if x < best:
            best = x
    return best


def _mcr(k0: i64, k1: i64, k2: i64, k3: i64, n_melds: i64) -> i64:
    """MCR shanten (the least over the five forms) of four keys beside ``n_melds`` melds."""
    ra = _suit(k0, _SUITS_MCR, _CAP_NONE)
    rb = _suit(k1, _SUITS_MCR, _CAP_NONE)
    rc = _suit(k2, _SUITS_MCR, _CAP_NONE)
    rd = _honors(k3, _HONORS_MCR, _CAP_NONE)
    s = _combine(ra, rb, rc, rd, 4 - n_melds) - 1
    if s < 0 or n_melds > 1:
        return s
    if n_melds == 0:
        x = _seven_pairs_mcr(ra, rb, rc, rd)
        if x < s:
            s = x
        x = _orphans(ra, rb, rc, rd, k0, k1, k2)
        if x < s:
            s = x
        x = _honors_and_knitted(ra, rb, rc, rd)
        if x < s:
            s = x
        if s < 0:
            return s
    return _knitted_straight(k0, k1, k2, ra, rb, rc, rd, n_melds, s)


def _riichi(k0: i64, k1: i64, k2: i64, k3: i64, n_melds: i64) -> i64:
    """Riichi shanten (standard, chiitoitsu, kokushi) of four keys beside ``n_melds`` melds."""
    ra = _suit(k0, _SUITS_RIICHI, _CAP_RIICHI)
    rb = _suit(k1, _SUITS_RIICHI, _CAP_RIICHI)
    rc = _suit(k2, _SUITS_RIICHI, _CAP_RIICHI)
    rd = _honors(k3, _HONORS_RIICHI, _CAP_RIICHI)
    s = _combine(ra, rb, rc, rd, 4 - n_melds) - 1
    if n_melds == 0 and s >= 0:
        x = _seven_pairs_riichi(ra, rb, rc, rd)
        if x < s:
            s = x
        x = _orphans(ra, rb, rc, rd, k0, k1, k2)
        if x < s:
            s = x
    return s


# -- whole hands ----------------------------------------------------------------------------------
def regular_shanten_counts(counts: Sequence[int], n_melds: int = 0, system: str = "mcr") -> int:
    """Standard-form shanten of standing-tile kind counts (34) next to ``n_melds`` declared melds."""
    k0, k1, k2, k3 = _counts_keys(_as_list(counts))
    if system == "riichi":
        return _combine(_suit(k0, _SUITS_RIICHI, _CAP_RIICHI), _suit(k1, _SUITS_RIICHI, _CAP_RIICHI),
                        _suit(k2, _SUITS_RIICHI, _CAP_RIICHI),
                        _honors(k3, _HONORS_RIICHI, _CAP_RIICHI), 4 - n_melds) - 1
    return _combine(_suit(k0, _SUITS_MCR, _CAP_NONE), _suit(k1, _SUITS_MCR, _CAP_NONE),
                    _suit(k2, _SUITS_MCR, _CAP_NONE), _honors(k3, _HONORS_MCR, _CAP_NONE),
                    4 - n_melds) - 1


def mcr_shanten_counts(counts: Sequence[int], n_melds: int = 0) -> int:
    """MCR shanten (minimum over the five forms) of standing-tile counts next to ``n_melds`` melds."""
    k0, k1, k2, k3 = _counts_keys(_as_list(counts))
    return _mcr(k0, k1, k2, k3, n_melds)


def riichi_shanten_counts(counts: Sequence[int], n_melds: int = 0) -> int:
    """Riichi shanten (standard, chiitoitsu, kokushi) of standing-tile counts next to melds."""
    k0, k1, k2, k3 = _counts_keys(_as_list(counts))
    return _riichi(k0, k1, k2, k3, n_melds)


def improving_kinds(counts: Sequence[int], n_melds: int, own: Sequence[int],
                    system: str) -> tuple[int, list[int]]:
    """Shanten of standing ``counts`` and the kinds whose draw lowers it (``system`` ``"mcr"`` or
    ``"riichi"``). ``own``: the hand's counts with melds; a kind held four times is not drawn."""
    k0, k1, k2, k3 = _counts_keys(_as_list(counts))
    if len(own) != NUM_KINDS:
        raise ValueError(f"expected {NUM_KINDS} kind counts, got {len(own)}")
    blocked: i64 = 0
    for k in range(NUM_KINDS):
        if own[k] >= 4:
            blocked |= _KIND_BIT[k]
    info = _kinds(k0, k1, k2, k3, n_melds, system == "riichi", blocked, True)
    out: list[int] = []
    for k in range(NUM_KINDS):
        if (info >> k) & 1:
            out.append(k)
    return (info >> SHANTEN_AT) - 1, out


#: the key of one tile of rank r. (Not ``1 << (4 * r)`` in i64 code: mypyc 1.x compiles a literal
#: 1 shifted by a native amount as a 32-bit C int, so rank 9 (r = 8, 32 bits) would wrap; shifts below 31 in
#: this module are safe.)
_RANK_ONE: Final[list[i64]] = [1 << (4 * r) for r in range(9)]


def hand_counts(hand: Hand) -> tuple[list[int], int]:
    """The standing tiles' kind counts (winning tile included) and the number of declared melds."""
    # (counts[k] = counts[k] + 1 here and below, not +=: compiled, an augmented item assignment
    # is a generic call)
    counts = [0] * NUM_KINDS
    for t in hand.concealed:
        k = _KIND[t]
        counts[k] = counts[k] + 1
    if hand.winning_tile is not None:
        k = _KIND[hand.winning_tile]
        counts[k] = counts[k] + 1
    return counts, len(hand.melds)


def _system(system: object) -> str:
    """"mcr" or "riichi" for a rule system's name (the preset names are known one layer up, in
    :func:`suanfan.analysis.waits.system_name`)."""
    if not isinstance(system, str):
        raise InvalidArgument(f"system={describe(system)}: use 'mcr' or 'riichi'")
    s = system.strip().lower()
    if s.startswith("mcr") or s in ("gb", "guobiao", "chinese"):
        return "mcr"
    if s.startswith("riichi") or s in ("japanese", "jp", "majsoul"):
        return "riichi"
    raise InvalidArgument(f"unknown rule system {describe(system)}: use 'mcr' or 'riichi'")


def _parsed(hand: object) -> Hand:
    return hand if isinstance(hand, Hand) else parse_hand(hand)


def shanten(hand: object, system: object = "mcr") -> int:
    """Shanten of a 13- or 14-tile hand under ``system`` (``"mcr"`` or ``"riichi"``).

    -1: complete (14 tiles); 0: ready (13 tiles) or one discard from ready (14 tiles).
    """
    h = _parsed(hand)
    k0, k1, k2, k3 = _hand_keys(h)
    if _system(system) == "riichi":
        return _riichi(k0, k1, k2, k3, len(h.melds))
    return _mcr(k0, k1, k2, k3, len(h.melds))


def mcr_shanten(hand: object) -> int:
    """MCR shanten: the least over standard, 七对, 十三幺, 全不靠 and 组合龙 forms."""
    h = _parsed(hand)
    k0, k1, k2, k3 = _hand_keys(h)
    return _mcr(k0, k1, k2, k3, len(h.melds))


def riichi_shanten(hand: object) -> int:
    """Riichi shanten: the least over standard, chiitoitsu and kokushi forms."""
    h = _parsed(hand)
    k0, k1, k2, k3 = _hand_keys(h)
    return _riichi(k0, k1, k2, k3, len(h.melds))


def shanten_by_form(hand: object, system: object = "mcr") -> dict[str, int | None]:
    """Shanten of each winning form (``None`` where declared melds rule the form out)."""
    h = _parsed(hand)
    k0, k1, k2, k3 = _hand_keys(h)
    n_melds = len(h.melds)
    closed = n_melds == 0
    if _system(system) == "riichi":
        ra = _suit(k0, _SUITS_RIICHI, _CAP_RIICHI)
        rb = _suit(k1, _SUITS_RIICHI, _CAP_RIICHI)
        rc = _suit(k2, _SUITS_RIICHI, _CAP_RIICHI)
        rd = _honors(k3, _HONORS_RIICHI, _CAP_RIICHI)
        return {
            "standard": _combine(ra, rb, rc, rd, 4 - n_melds) - 1,
            "seven_pairs": _seven_pairs_riichi(ra, rb, rc, rd) if closed else None,
            "thirteen_orphans": _orphans(ra, rb, rc, rd, k0, k1, k2) if closed else None,
        }
    ra = _suit(k0, _SUITS_MCR, _CAP_NONE)
    rb = _suit(k1, _SUITS_MCR, _CAP_NONE)
    rc = _suit(k2, _SUITS_MCR, _CAP_NONE)
    rd = _honors(k3, _HONORS_MCR, _CAP_NONE)
    return {
        "standard": _combine(ra, rb, rc, rd, 4 - n_melds) - 1,
        "seven_pairs": _seven_pairs_mcr(ra, rb, rc, rd) if closed else None,
        "thirteen_orphans": _orphans(ra, rb, rc, rd, k0, k1, k2) if closed else None,
        "honors_and_knitted": _honors_and_knitted(ra, rb, rc, rd) if closed else None,
        "knitted_straight": (_knitted_straight(k0, k1, k2, ra, rb, rc, rd, n_melds, _INF)
                             if n_melds <= 1 else None),
    }


def meld_kinds(hand: Hand) -> list[int]:
    """Kind counts (34) of the declared melds, a kong counting four."""
    counts = [0] * NUM_KINDS
    for m in hand.melds:
        for t in m.tiles:
            k = _KIND[t]
            counts[k] = counts[k] + 1
    return counts


# -- the tiles that complete a hand, and the tiles left to draw ------------------------------------
def visible_counts(visible: object) -> list[int]:
    """Kind counts (34) of tiles seen outside the hand: a tile string such as ``"1m5z0p"`` or ids."""
    counts = [0] * NUM_KINDS
    if visible is None:
        return counts
    if isinstance(visible, bytes | bytearray | Mapping) or not isinstance(visible, str | Iterable):
        raise InvalidArgument(f"visible={describe(visible)}: give tiles such as '1m5z0p' or a list of tiles")
    if isinstance(visible, str):
        tiles = parse_tiles(visible) if visible.strip() else []
    else:
        tiles = []
        for t in visible:
            if isinstance(t, str):
                tiles.extend(parse_tiles(t))
            elif isinstance(t, int) and not isinstance(t, bool) and 0 <= t < len(KIND):
                tiles.append(t)
            else:
                raise InvalidHand(f"visible tile {describe(t)} is not a tile")
    for t in tiles:
        k = _KIND[t]
        counts[k] = counts[k] + 1
    return counts


def unseen_counts(hand: Hand, visible: object = None) -> list[int]:
    """Copies of each kind neither in ``hand`` (melds and winning tile included) nor visible."""
    return unseen_from(hand, visible_counts(visible))


def unseen_from(hand: Hand, seen: list[int]) -> list[int]:
    """:func:`unseen_counts` for kind counts of the visible tiles already read
    (:func:`visible_counts`)."""
    own = hand.counts
    out = []
    for k in range(NUM_KINDS):
        n = 4 - own[k] - seen[k]
        if n < 0:
            raise InvalidHand(
                f"{own[k]} {tile_to_str(k)} in the hand and {seen[k]} visible: there are only 4"
            )
        out.append(n)
    return out


def winning_kinds(hand: Hand, system: str = "mcr") -> list[int]:
    """The kinds that complete a 13-tile ``hand`` (kinds the hand holds four of excluded)."""
    if hand.is_complete:
        raise InvalidHand("the hand is complete (14 tiles): its waits are those of a 13-tile hand")
    counts, n_melds = hand_counts(hand)
    own = hand.counts
    riichi = _system(system) == "riichi"
    out = []
    for k in range(NUM_KINDS):
        if own[k] >= 4:
            continue
        counts[k] = counts[k] + 1
        if (riichi_shanten_counts(counts, n_melds) if riichi else mcr_shanten_counts(counts, n_melds)) == -1:
            out.append(k)
        counts[k] = counts[k] - 1
    return out


# -- riichi shanten, forms and useful / spare kinds of packed keys (the expected-value search) ----
#: the form bits of :func:`riichi_forms_keys`: standard, seven pairs, thirteen orphans
FORM_STANDARD: Final = 1
FORM_SEVEN_PAIRS: Final = 2
FORM_ORPHANS: Final = 4
#: where the fields of :func:`riichi_useful_keys` / :func:`riichi_spare_keys` sit: a kind mask
#: (bit k: kind k) in bits 0-33, the form bits at 34, the shanten + 1 at 37
KINDS_MASK: Final = (1 << 34) - 1
FORMS_AT: Final = 34
SHANTEN_AT: Final = 37


def _forms_of(ra: i64, rb: i64, rc: i64, rd: i64, k0: i64, k1: i64, k2: i64) -> i64:
    """``(shanten + 1) << 3 | form bits`` of a closed hand from its records and suit keys."""
    a = _combine(ra, rb, rc, rd, 4) - 1
    b = _seven_pairs_riichi(ra, rb, rc, rd)
    c = _orphans(ra, rb, rc, rd, k0, k1, k2)
    s = _min3(a, b, c)
    bits: i64 = 0
    if a == s:
        bits |= FORM_STANDARD
    if b == s:
        bits |= FORM_SEVEN_PAIRS
    if c == s:
        bits |= FORM_ORPHANS
    return (s + 1) << 3 | bits


def riichi_forms_keys(k0: i64, k1: i64, k2: i64, k3: i64) -> i64:
    """Riichi shanten of a closed hand given by its four keys (characters, dots, bamboos: a nibble
    a rank; honours: a nibble a kind from East) and the forms that reach it:
    ``(shanten + 1) << 3 | bits`` (:data:`FORM_STANDARD`, :data:`FORM_SEVEN_PAIRS`,
    :data:`FORM_ORPHANS`)."""
    return _forms_of(_suit(k0, _SUITS_RIICHI, _CAP_RIICHI), _suit(k1, _SUITS_RIICHI, _CAP_RIICHI),
                     _suit(k2, _SUITS_RIICHI, _CAP_RIICHI), _honors(k3, _HONORS_RIICHI, _CAP_RIICHI),
                     k0, k1, k2)


def _splits() -> list[i64]:
    """For each lane ``l = p*5 + m`` of a min-plus vector, the pairs of lanes (``la``, ``lb``)
    that add up to it, as shifts ``4*la | 4*lb << 8``, each lane's list ended by -1."""
    out: list[i64] = []
    for p in range(2):
        for m in range(5):
            for p1 in range(p + 1):
                for m1 in range(m + 1):
                    out.append(4 * (p1 * 5 + m1) | (4 * ((p - p1) * 5 + m - m1)) << 8)
            out.append(-1)
    return out


_SPLITS: Final[list[i64]] = _splits()


def _vec(a: i64, b: i64) -> i64:
    """The min-plus combination of two groups' distance vectors (ten 4-bit lanes, saturating at
    15): lane ``p*5 + m`` is the fewest draws for ``m`` sets and ``p`` pairs from both."""
    out: i64 = 0
    lane: i64 = 0
    best: i64 = 15
    for code in _SPLITS:
        if code < 0:
            out |= best << (4 * lane)
            lane += 1
            best = 15
            continue
        x = ((a >> (code & 255)) & 15) + ((b >> (code >> 8)) & 15)
        if x < best:
            best = x
    return out


def _with(o: i64, r: i64) -> i64:
    """The fewest draws for four sets and a pair from a vector ``o`` of three groups and the
    record ``r`` of the fourth."""
    best: i64 = 64
    for lane in range(10):
        x = ((o >> (4 * lane)) & 15) + ((r >> (36 - 4 * lane)) & 15)
        if x < best:
            best = x
    return best


def _th_mask(k0: i64, k1: i64, k2: i64, k3: i64, low: i64) -> i64:
    """The terminal and honour kinds held at least ``low`` times (a kind mask)."""
    mask: i64 = 0
    for j in range(3):
        key = k0 if j == 0 else (k1 if j == 1 else k2)
        if (key & 15) >= low:
            mask |= _KIND_BIT[9 * j]
        if ((key >> 32) & 15) >= low:
            mask |= _KIND_BIT[9 * j + 8]
    for r in range(7):
        if ((k3 >> (4 * r)) & 15) >= low:
            mask |= _KIND_BIT[27 + r]
    return mask


#: the terminal and honour kinds (a kind mask)
_TH_ALL: Final[i64] = sum(1 << k for k in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))


def _kinds_where(k0: i64, k1: i64, k2: i64, k3: i64, count: i64) -> i64:
    """The kinds held exactly ``count`` times (a kind mask)."""
    mask: i64 = 0
    for r in range(9):
        if ((k0 >> (4 * r)) & 15) == count:
            mask |= _KIND_BIT[r]
        if ((k1 >> (4 * r)) & 15) == count:
            mask |= _KIND_BIT[9 + r]
        if ((k2 >> (4 * r)) & 15) == count:
            mask |= _KIND_BIT[18 + r]
    for r in range(7):
        if ((k3 >> (4 * r)) & 15) == count:
            mask |= _KIND_BIT[27 + r]
    return mask


def riichi_useful_keys(k0: i64, k1: i64, k2: i64, k3: i64) -> i64:
    """A closed 13-tile hand's shanten, forms and useful kinds (the kinds held fewer than four
    times whose draw lowers the shanten), packed: kind mask | forms << :data:`FORMS_AT` |
    (shanten + 1) << :data:`SHANTEN_AT`.

    A draw lowers a form's shanten by one at most, so the useful kinds are the union of those of
    the forms that reach the shanten: seven pairs, a kind held once, or a new kind while fewer
    than seven are held; thirteen orphans, a new terminal or honour, or any of them while none is
    paired; the standard form, a kind whose group's record, combined with the other three
    groups' (one min-plus vector each), needs fewer draws.
    """
    ra = _suit(k0, _SUITS_RIICHI, _CAP_RIICHI)
    rb = _suit(k1, _SUITS_RIICHI, _CAP_RIICHI)
    rc = _suit(k2, _SUITS_RIICHI, _CAP_RIICHI)
    rd = _honors(k3, _HONORS_RIICHI, _CAP_RIICHI)
    f = _forms_of(ra, rb, rc, rd, k0, k1, k2)
    s1 = f >> 3
    mask: i64 = 0
    if f & FORM_SEVEN_PAIRS:
        mask |= _kinds_where(k0, k1, k2, k3, 1)
        kinds = ((ra >> _HELD_AT) & 15) + ((rb >> _HELD_AT) & 15) + ((rc >> _HELD_AT) & 15) \
            + ((rd >> _HELD_AT) & 15)
        if kinds < 7:
            mask |= _kinds_where(k0, k1, k2, k3, 0)
    if f & FORM_ORPHANS:
        if _th_mask(k0, k1, k2, k3, 2):
            mask |= _TH_ALL & ~_th_mask(k0, k1, k2, k3, 1)
        else:
            mask |= _TH_ALL & ~_th_mask(k0, k1, k2, k3, 4)
    if f & FORM_STANDARD:
        ab = _vec(ra, rb)
        cd = _vec(rc, rd)
        oa = _vec(rb, cd)
        ob = _vec(ra, cd)
        oc = _vec(ab, rd)
        od = _vec(ab, rc)
        mask |= _tight(ra, oa, s1, _neighbours(k0, False, True, True), 9) \
            | _tight(rb, ob, s1, _neighbours(k1, False, True, True), 9) << 9 \
            | _tight(rc, oc, s1, _neighbours(k2, False, True, True), 9) << 18 \
            | _tight(rd, od, s1, _neighbours(k3, True, True, True), 7) << 27
    return mask | (f & 7) << FORMS_AT | s1 << SHANTEN_AT


def riichi_spare_keys(k0: i64, k1: i64, k2: i64, k3: i64) -> i64:
    """A closed 14-tile hand's shanten, forms and spare kinds (the kinds held whose discard keeps
    the shanten; none when the hand is complete), packed as :func:`riichi_useful_keys`.

    A discard raises a form's shanten by one at most: the spare kinds are the union of those of
    the forms that reach the shanten (seven pairs: a kind held three or four times, or once while
    more than seven kinds are held; thirteen orphans: any other kind, a terminal or honour held
    three times or more, or twice while another is paired; the standard form: by the records).
    """
    ra = _suit(k0, _SUITS_RIICHI, _CAP_RIICHI)
    rb = _suit(k1, _SUITS_RIICHI, _CAP_RIICHI)
    rc = _suit(k2, _SUITS_RIICHI, _CAP_RIICHI)
    rd = _honors(k3, _HONORS_RIICHI, _CAP_RIICHI)
    f = _forms_of(ra, rb, rc, rd, k0, k1, k2)
    s1 = f >> 3
    mask: i64 = 0
    if s1 <= 0:
        return (f & 7) << FORMS_AT | s1 << SHANTEN_AT
    if f & FORM_SEVEN_PAIRS:
        mask |= _kinds_where(k0, k1, k2, k3, 3) | _kinds_where(k0, k1, k2, k3, 4)
        kinds = ((ra >> _HELD_AT) & 15) + ((rb >> _HELD_AT) & 15) + ((rc >> _HELD_AT) & 15) \
            + ((rd >> _HELD_AT) & 15)
        if kinds > 7:
            mask |= _kinds_where(k0, k1, k2, k3, 1)
    if f & FORM_ORPHANS:
        mask |= (KINDS_MASK & ~_TH_ALL) & ~(_kinds_where(k0, k1, k2, k3, 0))
        mask |= _th_mask(k0, k1, k2, k3, 3)
        pairs = _th_mask(k0, k1, k2, k3, 2)
        if pairs & (pairs - 1):  # two paired kinds: either pair may go
            mask |= pairs
    if f & FORM_STANDARD:
        ab = _vec(ra, rb)
        cd = _vec(rc, rd)
        oa = _vec(rb, cd)
        ob = _vec(ra, cd)
        oc = _vec(ab, rd)
        od = _vec(ab, rc)
        mask |= _tight(ra, oa, s1, _neighbours(k0, False, True, False), 9) \
            | _tight(rb, ob, s1, _neighbours(k1, False, True, False), 9) << 9 \
            | _tight(rc, oc, s1, _neighbours(k2, False, True, False), 9) << 18 \
            | _tight(rd, od, s1, _neighbours(k3, True, True, False), 7) << 27
    return mask | (f & 7) << FORMS_AT | s1 << SHANTEN_AT


# -- useful and spare kinds of any hand, both systems (advice, the MCR expected values) ----------
def _sets_and_pair(o: i64, r: i64, n: i64) -> i64:
    """The fewest draws for ``n`` sets and a pair from a vector ``o`` of three groups (see
    :func:`_vec`) and the record ``r`` of the fourth: the pair from either side."""
    best: i64 = 64
    for m in range(n + 1):
        x = ((o >> (4 * (5 + m))) & 15) + ((r >> (4 * (n - m))) & 15)
        if x < best:
            best = x
        x = ((o >> (4 * m)) & 15) + ((r >> (4 * (5 + n - m))) & 15)
        if x < best:
            best = x
    return best


#: the special forms in the ``forms`` argument of :func:`_special`
_SP_PAIRS: Final = 1
_SP_ORPHANS: Final = 2
_SP_HONORS_KNITTED: Final = 4
_SP_KNITTED: Final = 8
_SP_ALL: Final = 15


def _special(k0: i64, k1: i64, k2: i64, k3: i64, ra: i64, rb: i64, rc: i64, rd: i64,
             n_melds: i64, riichi: bool, forms: i64, bound: i64) -> i64:
    """The least shanten of the special forms among ``forms`` (``_SP_*`` bits) that the system
    has beside ``n_melds`` melds, or ``bound`` if none is lower (riichi: seven pairs and thirteen
    orphans, closed hands only; MCR: those, 全不靠 and 组合龙, which allows one declared meld)."""
    best = bound
    if n_melds == 0:
        if forms & _SP_PAIRS:
            x = _seven_pairs_riichi(ra, rb, rc, rd) if riichi else _seven_pairs_mcr(ra, rb, rc, rd)
            if x < best:
                best = x
        if forms & _SP_ORPHANS:
            x = _orphans(ra, rb, rc, rd, k0, k1, k2)
            if x < best:
                best = x
        if not riichi and forms & _SP_HONORS_KNITTED:
            x = _honors_and_knitted(ra, rb, rc, rd)
            if x < best:
                best = x
    if riichi or n_melds > 1 or not forms & _SP_KNITTED:
        return best
    return _knitted_straight(k0, k1, k2, ra, rb, rc, rd, n_melds, best)


#: the records of a group with one tile more (``_PLUS_*``) or less (``_MINUS_*``) of each rank,
#: by the group's key (suits and honours apart: their keys overlap), -1 where that count would
#: leave 0-15; bounded as the record memos
_PLUS_RIICHI: Final[dict[int, list[i64]]] = {}
_PLUS_MCR: Final[dict[int, list[i64]]] = {}
_MINUS_RIICHI: Final[dict[int, list[i64]]] = {}
_MINUS_MCR: Final[dict[int, list[i64]]] = {}
_PLUS_HONORS_RIICHI: Final[dict[int, list[i64]]] = {}
_PLUS_HONORS_MCR: Final[dict[int, list[i64]]] = {}
_MINUS_HONORS_RIICHI: Final[dict[int, list[i64]]] = {}
_MINUS_HONORS_MCR: Final[dict[int, list[i64]]] = {}


#: bit r (a list: see _RANK_ONE on shifts of literals in compiled code)
_RANK_BIT: Final[list[i64]] = [1 << r for r in range(9)]


def _tight(rec: i64, o: i64, s1: i64, near: list[i64], n: i64) -> i64:
    """The ranks of a group (record ``rec``, the other three groups' vector ``o``) whose draw
    lowers (a discard: keeps) the standard form's ``s1`` (shanten + 1), from the lane masks of
    :func:`_neighbours` (riichi): a draw lowers a lane by one at most and a discard raises it by
    one at most, so the ranks are those of the lanes on which the four groups reach ``s1``."""
    mask: i64 = 0
    for lane in range(10):
        if ((rec >> (4 * lane)) & 15) + ((o >> (36 - 4 * lane)) & 15) == s1:
            mask |= near[n + lane]
    return mask


def _neighbours(key: i64, honors: bool, riichi: bool, draw: bool) -> list[i64]:
    """The records of a group (``key``) with one more (``draw``) or one fewer tile of each rank,
    -1 where the count would leave 0-15: one memo lookup for the group instead of one a rank."""
    if honors:
        if riichi:
            memo = _PLUS_HONORS_RIICHI if draw else _MINUS_HONORS_RIICHI
        else:
            memo = _PLUS_HONORS_MCR if draw else _MINUS_HONORS_MCR
    elif riichi:
        memo = _PLUS_RIICHI if draw else _MINUS_RIICHI
    else:
        memo = _PLUS_MCR if draw else _MINUS_MCR
    out = memo.get(key)
    if out is not None:
        return out
    out = []
    for r in range(7 if honors else 9):
        c = (key >> (4 * r)) & 15
        if (c >= _MAX_COUNT) if draw else (c == 0):
            out.append(-1)
            continue
        nk = key + _RANK_ONE[r] if draw else key - _RANK_ONE[r]
        if honors:
            out.append(_honors(nk, _HONORS_RIICHI, _CAP_RIICHI) if riichi
                       else _honors(nk, _HONORS_MCR, _CAP_NONE))
        else:
            out.append(_suit(nk, _SUITS_RIICHI, _CAP_RIICHI) if riichi
                       else _suit(nk, _SUITS_MCR, _CAP_NONE))
    if riichi:
        # then, for each lane of the distances, the ranks whose draw lowers it by one (draw; held
        # fewer than four times) or whose discard leaves it as it is (a discard)
        own = _honors(key, _HONORS_RIICHI, _CAP_RIICHI) if honors \
            else _suit(key, _SUITS_RIICHI, _CAP_RIICHI)
        n = 7 if honors else 9
        for lane in range(10):
            here = (own >> (4 * lane)) & 15
            lane_mask: i64 = 0
            for r in range(n):
                nr = out[r]
                if nr < 0:
                    continue
                there = (nr >> (4 * lane)) & 15
                if (there < here and ((key >> (4 * r)) & 15) < 4) if draw else there == here:
                    lane_mask |= _RANK_BIT[r]
            out.append(lane_mask)
    if len(memo) >= _MEMO_CAP:
        memo.clear()
    memo[key] = out
    return out


def _kinds(k0: i64, k1: i64, k2: i64, k3: i64, n_melds: i64, riichi: bool, blocked: i64,
           draw: bool) -> i64:
    """The shanten of standing tiles (four keys) beside ``n_melds`` melds, and the kinds whose
    draw lowers it (``draw``; a kind of ``blocked``, a kind mask, is never drawn) or whose discard
    keeps it (none when the tiles are complete), packed: kind mask | (shanten + 1) <<
    :data:`SHANTEN_AT`.

    A draw lowers, a discard raises, each form's shanten by one at most, so only the forms that
    reach the shanten matter. The standard form: the changed group's record beside one min-plus
    vector of the other three (:func:`_vec`); the special forms, when one reaches the shanten:
    their functions on the changed records.
    """
    if riichi:
        ra = _suit(k0, _SUITS_RIICHI, _CAP_RIICHI)
        rb = _suit(k1, _SUITS_RIICHI, _CAP_RIICHI)
        rc = _suit(k2, _SUITS_RIICHI, _CAP_RIICHI)
        rd = _honors(k3, _HONORS_RIICHI, _CAP_RIICHI)
    else:
        ra = _suit(k0, _SUITS_MCR, _CAP_NONE)
        rb = _suit(k1, _SUITS_MCR, _CAP_NONE)
        rc = _suit(k2, _SUITS_MCR, _CAP_NONE)
        rd = _honors(k3, _HONORS_MCR, _CAP_NONE)
    n = 4 - n_melds
    std = _combine(ra, rb, rc, rd, n) - 1
    s = std
    if std >= 0:
        s = _special(k0, k1, k2, k3, ra, rb, rc, rd, n_melds, riichi, _SP_ALL, std)
    if not draw and s < 0:
        return (s + 1) << SHANTEN_AT
    # the special forms are looked at only where they reach the shanten
    specials: i64 = 0
    for form in (_SP_PAIRS, _SP_ORPHANS, _SP_HONORS_KNITTED, _SP_KNITTED):
        if _special(k0, k1, k2, k3, ra, rb, rc, rd, n_melds, riichi, form, s + 1) == s:
            specials |= form
    ab = _vec(ra, rb)
    cd = _vec(rc, rd)
    mask: i64 = 0
    for g in range(4):
        key = k0 if g == 0 else (k1 if g == 1 else (k2 if g == 2 else k3))
        if g == 0:
            o = _vec(rb, cd)
        elif g == 1:
            o = _vec(ra, cd)
        elif g == 2:
            o = _vec(ab, rd)
        else:
            o = _vec(ab, rc)
        recs = _neighbours(key, g == 3, riichi, draw)
        for r in range(9 if g < 3 else 7):
            bit = _KIND_BIT[9 * g + r]
            nr = recs[r]
            if nr < 0 or (draw and bit & blocked):
                continue
            x = _sets_and_pair(o, nr, n) - 1
            if (x < s) if draw else (x == s):
                mask |= bit
                continue
            if not specials:
                continue
            nk = key + _RANK_ONE[r] if draw else key - _RANK_ONE[r]
            if g == 0:
                x = _special(nk, k1, k2, k3, nr, rb, rc, rd, n_melds, riichi, specials, s + 1)
            elif g == 1:
                x = _special(k0, nk, k2, k3, ra, nr, rc, rd, n_melds, riichi, specials, s + 1)
            elif g == 2:
                x = _special(k0, k1, nk, k3, ra, rb, nr, rd, n_melds, riichi, specials, s + 1)
            else:
                x = _special(k0, k1, k2, nk, ra, rb, rc, nr, n_melds, riichi, specials, s + 1)
            if (x < s) if draw else (x == s):
                mask |= bit
    return mask | (s + 1) << SHANTEN_AT


def mcr_useful_keys(k0: i64, k1: i64, k2: i64, k3: i64) -> i64:
    """A closed MCR hand's shanten (the five forms) and useful kinds (held fewer than four times,
    their draw lowers the shanten), packed: kind mask | (shanten + 1) << :data:`SHANTEN_AT` (no
    form bits). The keys as :func:`riichi_forms_keys` takes them."""
    return _kinds(k0, k1, k2, k3, 0, False, _kinds_where(k0, k1, k2, k3, 4), True)


def mcr_spare_keys(k0: i64, k1: i64, k2: i64, k3: i64) -> i64:
    """A closed MCR hand's shanten and spare kinds (held, their discard keeps the shanten; none
    when the hand is complete), packed as :func:`mcr_useful_keys`."""
    return _kinds(k0, k1, k2, k3, 0, False, 0, False)


#: bit k of a kind mask (a list: see _RANK_ONE on shifts of literals in compiled code)
_KIND_BIT: Final[list[i64]] = [1 << k for k in range(NUM_KINDS)]
