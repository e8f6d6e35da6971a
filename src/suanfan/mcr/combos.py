"""Set-combination fans with the account-once principle (套算一次) and the non-identical
principle (不得相同): chow combinations and pung combinations, added straight to a reading's
:class:`~suanfan.mcr.principles.Fans`.

Chows are given by the kind of their lowest tile (0–26), pungs (kongs included) by their kind,
both ascending. The detectors work on the ints alone (no tuple, list or dict per call): the
sets a fan uses are built only when the reading is being explained.

- Four chows: 一色双龙会 / 三色双龙会 (with a pair of fives), 一色四步高, 一色四同顺; else the
  three-chow fan that scores most with the fourth chow combining once (with one chow of the
  three: the cheapest-kept pair fan is the first of 一般高, 喜相逢, 连六, 老少副; the others are
  dropped by 套算一次); else the pair fans, capped.
- Three chows: the three-chow fan, else the pair fans, capped.
- The cap on pair fans (套算一次): each pair fan counted must bring in a chow not yet combined,
  so at most n − (connected groups of combining chows) of them; the surplus is dropped from the
  cheapest duplicates first (老少副 → 连六 → 喜相逢 → 一般高), the last instances first.
- Pungs: 一色四节高, 大四喜; a three-pung fan with the fourth pung combining once with one of
  the three; else every pair fan (双同刻, 双箭刻).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..decompose import PUNG
from ..tiles import popcount
from .fans import FANS, Fan
from .principles import PAIR, Fans, Uses

if TYPE_CHECKING:
    # native 64-bit ints in the compiled build; annotations only, so the pure build needs no
    # mypy_extensions
    from mypy_extensions import i64

__all__ = ["PAIR_FANS", "add_chow_fans", "add_pung_fans", "chow_pair_fan", "chow_triple_fan",
           "pung_pair_fan", "pung_triple_fan"]

_NONE: Final = -1

#: the chow pair fans in the order the fourth chow keeps them (the cheapest first dropped is
#: the last): 一般高, 喜相逢, 连六, 老少副
PAIR_FANS: Final[tuple[int, ...]] = (Fan.PURE_DOUBLE_CHOW, Fan.MIXED_DOUBLE_CHOW, Fan.SHORT_STRAIGHT,
                                     Fan.TWO_TERMINAL_CHOWS)


def _pair_rank(a: int, b: int) -> int:
    """The two-chow fan of chows ``a`` and ``b`` as its place in :data:`PAIR_FANS`, or -1."""
    ra = a % 9
    rb = b % 9
    if a // 9 != b // 9:
        return 1 if ra == rb else _NONE                          # 喜相逢
    if a == b:
        return 0                                                 # 一般高
    if a - b == 3 or b - a == 3:
        return 2                                                 # 连六
    if (ra == 0 and rb == 6) or (ra == 6 and rb == 0):
        return 3                                                 # 老少副
    return _NONE


#: ``_PAIR_RANK[a * 27 + b]``: :func:`_pair_rank` of every two chows
_PAIR_RANK: Final[list[int]] = [_pair_rank(a, b) for a in range(27) for b in range(27)]


def chow_pair_fan(a: int, b: int) -> int:
    """The two-chow fan (一般高, 喜相逢, 连六, 老少副) of chows ``a`` and ``b``, or -1."""
    r = _PAIR_RANK[a * 27 + b]
    return PAIR_FANS[r] if r >= 0 else _NONE


def _sorted3(a: int, b: int, c: int) -> tuple[int, int, int]:
    """Three ints ascending (the ranks of three sets of three suits; the builtins ``min`` and
    ``max`` of three, and ``sorted``, are generic calls when compiled)."""
    if a > b:
        a, b = b, a
    if b > c:
        b, c = c, b
    if a > b:
        a, b = b, a
    return a, b, c


def chow_triple_fan(a: int, b: int, c: int) -> int:
    """The three-chow fan of ascending chows (清龙, 一色三步高, 一色三同顺, 花龙, 三色三同顺,
    三色三步高), or -1."""
    sa = a // 9
    sb = b // 9
    sc = c // 9
    ra = a % 9
    rb = b % 9
    rc = c % 9
    if sa != sb and sa != sc and sb != sc:
        lo, mid, hi = _sorted3(ra, rb, rc)
        if lo + 1 == mid and mid + 1 == hi:
            return Fan.MIXED_SHIFTED_CHOWS                       # 三色三步高
        if lo == hi:
            return Fan.MIXED_TRIPLE_CHOW                         # 三色三同顺
        if lo == 0 and mid == 3 and hi == 6:
            return Fan.MIXED_STRAIGHT                            # 花龙
        return _NONE
    if sa == sb == sc:
        if ra == 0 and b == a + 3 and c == a + 6:
            return Fan.PURE_STRAIGHT                             # 清龙
        if (b == a + 1 and c == b + 1) or (b == a + 2 and c == b + 2):
            return Fan.PURE_SHIFTED_CHOWS                        # 一色三步高
        if a == c:
            return Fan.PURE_TRIPLE_CHOW                          # 一色三同顺
    return _NONE


def _three_of_four(a: int, b: int, c: int, d: int, skip: int) -> tuple[int, int, int]:
    """The three of four ascending sets other than the one at place ``skip`` (0-3), ascending."""
    return (a if skip > 0 else b, b if skip > 1 else c, c if skip > 2 else d)


def _terminal_chows(a: int, b: int, c: int, d: int, pair: int) -> int:
    """一色双龙会 / 三色双龙会 of four ascending chows and a pair of fives, or -1: two 123
    and two 789 chows of the pair's suit, or of the two other suits (one of each per suit)."""
    ps = pair // 9
    lows = highs = suits = n_low = 0
    for ch in (a, b, c, d):
        r = ch % 9
        if r == 0:
            lows |= 1 << (ch // 9)
            n_low += 1
        elif r == 6:
            highs |= 1 << (ch // 9)
        else:
            return _NONE
        suits |= 1 << (ch // 9)
    if n_low != 2:
        return _NONE
    if suits == 1 << ps:
        return Fan.PURE_TERMINAL_CHOWS
    if not suits >> ps & 1 and lows == highs and popcount(lows) == 2:
        return Fan.THREE_SUITED_TERMINAL_CHOWS
    return _NONE


#: the chow- and pung-combination fans of three or four sets, as the fan indices the detectors
#: add, by the sets packed: a memo for readings scored without a recorder (the fans are a
#: function of the sets alone; at most 12,397 chow and 52,360 pung keys)
_CHOW_MEMO: Final[dict[int, tuple[int, ...]]] = {}
_PUNG_MEMO: Final[dict[int, tuple[int, ...]]] = {}


def add_chow_fans(acc: Fans, chows: list[int], five_pair: int,
                  dropped: list[tuple[int, Uses]] | None = None) -> None:
    """Add the chow-combination fans of the ascending ``chows`` to ``acc``; ``five_pair`` is the
    pair's kind when four chows and a pair of fives could make 双龙会, else -1. ``dropped``, when
    given, receives the pair fans 套算一次 drops (fan index, the chows they would use)."""
    n = len(chows)
    if n < 2:
        return
    if n == 2:
        r = _PAIR_RANK[chows[0] * 27 + chows[1]]
        if r >= 0:
            acc.add2(PAIR_FANS[r], chows[0], chows[1])
        return
    if acc.recording or dropped is not None:
        _chow_combinations(acc, chows, five_pair, dropped)
        return
    # 5 bits a chow, then the number of chows and the suit of a pair of fives
    key = chows[0] | chows[1] << 5 | chows[2] << 10 | (chows[3] << 15 if n == 4 else 0) \
        | n << 20 | (five_pair // 9 + 1 if five_pair >= 0 else 0) << 23
    got = _CHOW_MEMO.get(key)
    if got is None:
        got = _CHOW_MEMO[key] = _fans_added(chows, five_pair, True)
    for f in got:
        acc.add(f)


def _fans_added(sets: list[int], five_pair: int, chows: bool) -> tuple[int, ...]:
    """The fan indices the combination detectors add for ``sets``, in order (for the memos)."""
    rec = Fans(record=True)
    if chows:
        _chow_combinations(rec, sets, five_pair, None)
    else:
        _pung_combinations(rec, sets)
    return tuple(rec.rec_fans or ())


def _chow_combinations(acc: Fans, chows: list[int], five_pair: int,
                       dropped: list[tuple[int, Uses]] | None) -> None:
    """The fans of three or four chows (see :func:`add_chow_fans`)."""
    n = len(chows)
    a = chows[0]
    b = chows[1]
    c = chows[2]
    if n == 3:
        f = chow_triple_fan(a, b, c)
        if f >= 0:
            acc.add3(f, a, b, c)
        else:
            _capped_pairs(acc, chows, dropped)
        return
    d = chows[3]
    if five_pair >= 0:
        f = _terminal_chows(a, b, c, d, five_pair)
        if f >= 0:
            acc.add(f, (a, b, c, d, PAIR + five_pair) if acc.recording else ())
            return
    if a // 9 == d // 9:
        if (b == a + 1 and c == b + 1 and d == c + 1) or (b == a + 2 and c == b + 2 and d == c + 2):
            acc.add(Fan.FOUR_PURE_SHIFTED_CHOWS, (a, b, c, d) if acc.recording else ())
            return
        if a == d:
            acc.add(Fan.QUADRUPLE_CHOW, (a, b, c, d) if acc.recording else ())
            return
    # the three-chow fan that scores most (the first of equals, the fourth chow tried from the
    # last), the fourth chow combining once with one of the three
    best = best_f = best_keep = _NONE
    for skip in range(3, -1, -1):
        t0, t1, t2 = _three_of_four(a, b, c, d, skip)
        f = chow_triple_fan(t0, t1, t2)
        if f < 0:
            continue
        extra = chows[skip]
        # the pair fan kept: the first in PAIR_FANS order, the first of the three on ties (the
        # i-th of the three is chows[i if i < skip else i + 1])
        keep = _NONE
        for i in range(3):
            r = _PAIR_RANK[chows[i if i < skip else i + 1] * 27 + extra]
            if r >= 0 and (keep < 0 or r < keep >> 2):
                keep = r << 2 | i
        value = FANS[f].value + (1 if keep >= 0 else 0)
        if value > best:
            best = value
            best_f = f
            best_keep = skip << 4 | (keep & 15 if keep >= 0 else 15)
    if best < 0:
        _capped_pairs(acc, chows, dropped)
        return
    skip = best_keep >> 4
    t0, t1, t2 = _three_of_four(a, b, c, d, skip)
    extra = chows[skip]
    acc.add3(best_f, t0, t1, t2)
    if best_keep & 15 == 15:
        return
    keep_rank = best_keep >> 2 & 3
    keep_i = best_keep & 3
    acc.add2(PAIR_FANS[keep_rank], chows[keep_i if keep_i < skip else keep_i + 1], extra)
    if dropped is None:
        return
    # the other pair fans the fourth chow makes, in PAIR_FANS order: dropped by 套算一次
    for r in range(4):
        for i in range(3):
            t = chows[i if i < skip else i + 1]
            if _PAIR_RANK[t * 27 + extra] == r and not (r == keep_rank and i == keep_i):
                dropped.append((PAIR_FANS[r], (t, extra)))


def _capped_pairs(acc: Fans, chows: list[int], dropped: list[tuple[int, Uses]] | None) -> None:
    """The pair fans of three or four chows with no bigger chow fan, capped by 套算一次."""
    n: i64 = len(chows)
    # each pair's fan rank + 1 (0: none), three bits a pair in the order walked; the pair fans
    # by rank (a nibble per rank); the chows' groups as 2-bit labels
    ranks: i64 = 0
    counts: i64 = 0
    labels: i64 = 0b11100100
    p: i64 = 0
    i: i64
    j: i64
    k: i64
    r: i64
    for i in range(n):
        row = chows[i] * 27
        for j in range(i + 1, n):
            r = _PAIR_RANK[row + chows[j]]
            if r >= 0:
                ranks |= (r + 1) << 3 * p
                counts += _NIBBLE_ONE[r]
                li = labels >> 2 * i & 3
                lj = labels >> 2 * j & 3
                if li != lj:
                    for k in range(n):
                        if labels >> 2 * k & 3 == li:
                            labels = labels & ~(3 << 2 * k) | lj << 2 * k  # (k < 4: no overflow)
            p += 1
    groups: i64 = 0
    for k in range(n):
        if labels >> 2 * k & 3 == k:
            groups += 1
    cap = n - groups
    total = (counts & 15) + (counts >> 4 & 15) + (counts >> 8 & 15) + (counts >> 12 & 15)
    # how many of each rank are kept: the surplus goes from the cheapest rank first, first
    # down to one of a rank, then to none
    kept = counts
    over = total - cap
    limit: i64
    for limit in range(1, -1, -1):
        for r in range(3, -1, -1):
            have = kept >> 4 * r & 15
            if over > 0 and have > limit:
                cut = have - limit
                if cut > over:
                    cut = over
                kept -= cut << 4 * r
                over -= cut
    seen: i64 = 0
    p = 0
    for i in range(n):
        for j in range(i + 1, n):
            r = (ranks >> 3 * p & 7) - 1
            p += 1
            if r < 0:
                continue
            if (seen >> 4 * r & 15) < (kept >> 4 * r & 15):
                acc.add2(PAIR_FANS[r], chows[i], chows[j])
            elif dropped is not None:
                dropped.append((PAIR_FANS[r], (chows[i], chows[j])))
            seen += _NIBBLE_ONE[r]


#: one in the nibble of each pair fan rank (a table: in the compiled build a literal 1 shifted
#: by a native int would be a C int)
_NIBBLE_ONE: Final[tuple[int, ...]] = (1, 16, 256, 4096)


def pung_pair_fan(a: int, b: int) -> int:
    """The two-pung fan of pung kinds ``a`` < ``b`` (双同刻, 双箭刻), or -1."""
    if b < 27:
        return Fan.DOUBLE_PUNG if a % 9 == b % 9 else _NONE
    if a >= 31:
        return Fan.TWO_DRAGON_PUNGS
    return _NONE


def pung_triple_fan(a: int, b: int, c: int) -> int:
    """The three-pung fan of ascending pung kinds (三同刻, 一色三节高, 三色三节高, 三风刻,
    大三元), or -1."""
    if c < 27:
        sa = a // 9
        sb = b // 9
        sc = c // 9
        if sa != sb and sa != sc and sb != sc:
            ra = a % 9
            rb = b % 9
            rc = c % 9
            lo, mid, hi = _sorted3(ra, rb, rc)
            if lo + 1 == mid and mid + 1 == hi:
                return Fan.MIXED_SHIFTED_PUNGS
            if lo == hi:
                return Fan.TRIPLE_PUNG
        elif sa == sb == sc and b == a + 1 and c == b + 1:
            return Fan.PURE_SHIFTED_PUNGS
        return _NONE
    if a >= 27 and c <= 30:
        return Fan.BIG_THREE_WINDS
    if a == 31:
        return Fan.BIG_THREE_DRAGONS
    return _NONE


def add_pung_fans(acc: Fans, pungs: list[int]) -> None:
    """Add the pung-combination fans of the ascending pung kinds ``pungs`` to ``acc``."""
    n = len(pungs)
    if n < 3 or acc.recording:
        _pung_combinations(acc, pungs)
        return
    # 6 bits a kind, then the number of pungs
    key = pungs[0] | pungs[1] << 6 | pungs[2] << 12 | (pungs[3] << 18 if n == 4 else 0) | n << 24
    got = _PUNG_MEMO.get(key)
    if got is None:
        got = _PUNG_MEMO[key] = _fans_added(pungs, -1, False)
    for f in got:
        acc.add(f)


def _pung_combinations(acc: Fans, pungs: list[int]) -> None:
    """The fans of two to four pungs (see :func:`add_pung_fans`)."""
    n = len(pungs)
    if n < 2:
        return
    if n >= 3:
        a = pungs[0]
        b = pungs[1]
        c = pungs[2]
        if n == 4:
            d = pungs[3]
            if d < 27 and a // 9 == d // 9 and b == a + 1 and c == b + 1 and d == c + 1:
                acc.add(Fan.FOUR_PURE_SHIFTED_PUNGS,
                             (PUNG + a, PUNG + b, PUNG + c, PUNG + d) if acc.recording else ())
                return
            if a == 27 and d == 30:
                acc.add(Fan.BIG_FOUR_WINDS,
                             (PUNG + a, PUNG + b, PUNG + c, PUNG + d) if acc.recording else ())
                return
            # the first three-pung fan, the fourth pung tried from the last; the fourth pung
            # combines once, with the first of the three it makes a pair fan with
            for skip in range(3, -1, -1):
                t0, t1, t2 = _three_of_four(a, b, c, d, skip)
                f = pung_triple_fan(t0, t1, t2)
                if f < 0:
                    continue
                extra = pungs[skip]
                acc.add3(f, PUNG + t0, PUNG + t1, PUNG + t2)
                for i in range(3):
                    t = pungs[i if i < skip else i + 1]
                    g = pung_pair_fan(t, extra) if t < extra else pung_pair_fan(extra, t)
                    if g >= 0:
                        acc.add2(g, PUNG + t, PUNG + extra)
                        break
                return
        else:
            f = pung_triple_fan(a, b, c)
            if f >= 0:
                acc.add3(f, PUNG + a, PUNG + b, PUNG + c)
                return
    for i in range(n):
        for j in range(i + 1, n):
            g = pung_pair_fan(pungs[i], pungs[j])
            if g >= 0:
                acc.add2(g, PUNG + pungs[i], PUNG + pungs[j])
