"""The five principles of MCR scoring, in one place.

1. 不重复 (non-repeat): a fan implied by a bigger one is not added. The 不计 lists of the fan
   table (:mod:`suanfan.mcr.fans`) are walked once in precedence order (:func:`walk`); a fan
   removed this way no longer removes others. Per-set absorptions of 幺九刻: 圈风刻 and 门风刻
   each take the 幺九刻 of their own pung, 三风刻 / 小四喜 those of their three wind pungs,
   九莲宝灯 one of its own 111/999.
2. 不拆移 (non-separation) and 3. 不得相同 (non-identical): a reading uses every set once, declared
   melds are never re-split (:mod:`suanfan.decompose`), and the set-combination fans are worked
   out per set combination (:mod:`suanfan.mcr.combos`): a three-set fan is never also counted as
   its pairs, and the same sets do not count the same fan twice.
4. 就高不就低 (take the higher): every form and every decomposition is scored and the best
   total is kept (:func:`suanfan.mcr.engine.evaluate`, the first of equal totals).
5. 套算一次 (account once): a set already combined may combine once more, only with a set not
   yet combined — the caps on chow pair fans and the fourth chow/pung rule, in
   :func:`suanfan.mcr.combos.add_chow_fans` and :func:`suanfan.mcr.combos.add_pung_fans`; the pair fans
   it drops are reported as removed by 套算一次.

A reading's fans reach the walk as fan indices (one per instance). The walk gives the total; with
a :class:`Walked` recorder (the explanation of the best reading, from the same walk) it also
keeps which fans it kept, whose sets the recording :class:`Fans` holds, and each removed fan
with the principle and the fan that removed it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .fans import Fan
from .rules import EXCLUDE_SPLIT, RuleTables, fan_masks

if TYPE_CHECKING:
    # native 64-bit ints in the compiled build (the masks hold 62 bits); annotations only, so
    # the pure build needs no mypy_extensions
    from mypy_extensions import i64

__all__ = ["PRINCIPLES", "Fans", "Walked", "walk"]

PRINCIPLES: Final[tuple[str, ...]] = ("不重复", "不拆移", "不得相同", "就高不就低", "套算一次")

#: tokens of the sets a fan uses (see :mod:`suanfan.mcr.engine`): a chow by its lowest kind, a
#: pung or kong ``PUNG + kind`` (:data:`suanfan.decompose.PUNG`, 34), a pair ``PAIR + kind``,
#: knitted straight ``i`` ``KNIT + i``, a single tile ``TILE + kind``, the whole hand ``HAND``;
#: a pung of wind ``w`` (0-3) is ``WIND_PUNG + w``
PAIR: Final = 102
KNIT: Final = 200
TILE: Final = 300
HAND: Final = -1
WIND_PUNG: Final = 34 + 27
_NO_FAN: Final = -1

#: the fans the walk acts on when it keeps them (the wind fans and 九莲宝灯 take 幺九刻 of their
#: own sets), as the two masks
_WATCHED: Final = fan_masks((Fan.PUNG_OF_TERMINALS_OR_HONORS, Fan.PREVALENT_WIND, Fan.SEAT_WIND,
                             Fan.LITTLE_FOUR_WINDS, Fan.BIG_THREE_WINDS, Fan.NINE_GATES))
_WATCHED_LOW: Final = _WATCHED[0]
_WATCHED_HIGH: Final = _WATCHED[1]
_HAND_USE: Final[tuple[int, ...]] = (HAND,)

Uses = tuple[int, ...]
#: the instances of a Fans that does not record (never changed)
_NO_GROUP: Final[list[Uses]] = []
#: the uses of an instance that uses one set or tile, by its token (every token is below 512)
_ONE_USE: Final[tuple[Uses, ...]] = tuple((t,) for t in range(512))
#: the removed fans of a walk that does not record them (never changed)
_NO_REMOVED: Final[list[tuple[int, int, str, int, list[Uses]]]] = []


class Fans:
    """The fans one reading shows, as the walk reads them: a bit per fan index present (two
    native-size masks, :data:`~suanfan.mcr.rules.EXCLUDE_SPLIT` apart), and a list of the further
    instances of a fan counted more than once. A recording one also keeps, instance by instance,
    the fan and the sets it uses (the explanation)."""

    __slots__ = ("again", "again_high", "again_low", "high", "low", "mark_again", "mark_again_high",
                 "mark_again_low", "mark_high", "mark_low", "rec_fans", "rec_uses")

    def __init__(self, record: bool = False) -> None:
        self.low: i64 = 0
        self.high: i64 = 0
        #: the further instances, a list made for the first one (most readings have none)
        self.again: list[int] | None = None
        #: the fans counted more than once, as the two masks
        self.again_low: i64 = 0
        self.again_high: i64 = 0
        #: when recording: each instance's fan index and the sets it uses, in the order added
        self.rec_fans: list[int] | None = [] if record else None
        self.rec_uses: list[Uses] = [] if record else _NO_GROUP
        #: the state :meth:`mark` remembers: the masks and how many further instances
        self.mark_low: i64 = 0
        self.mark_high: i64 = 0
        self.mark_again_low: i64 = 0
        self.mark_again_high: i64 = 0
        self.mark_again = 0

    @property
    def recording(self) -> bool:
        return self.rec_fans is not None

    def add(self, fan: int, uses: Uses = _HAND_USE) -> None:
        """A fan; when recording, ``uses`` are the sets or tiles it uses (the whole hand unless
        given; a caller builds a tuple of several only when recording)."""
        bit: i64
        if fan < EXCLUDE_SPLIT:
            bit = 1 << fan
            if self.low & bit:
                self._again(fan)
                self.again_low |= bit
            else:
                self.low |= bit
        else:
            bit = 1 << (fan - EXCLUDE_SPLIT)
            if self.high & bit:
                self._again(fan)
                self.again_high |= bit
            else:
                self.high |= bit
        if self.rec_fans is not None:
            self.rec_fans.append(fan)
            self.rec_uses.append(uses)

    def add1(self, fan: int, token: int) -> None:
        """A fan that uses one set or tile (its token)."""
        self.add(fan, _ONE_USE[token])

    def add2(self, fan: int, a: int, b: int) -> None:
        """A fan that uses two sets (tokens ``a`` and ``b``)."""
        self.add(fan, (a, b) if self.rec_fans is not None else _HAND_USE)

    def add3(self, fan: int, a: int, b: int, c: int) -> None:
        """A fan that uses three sets."""
        self.add(fan, (a, b, c) if self.rec_fans is not None else _HAND_USE)

    def _again(self, fan: int) -> None:
        again = self.again
        if again is None:
            self.again = [fan]
        else:
            again.append(fan)

    def repeated(self, fan: int) -> bool:
        """Whether fan ``fan`` was added more than once."""
        if fan < EXCLUDE_SPLIT:
            return bool(self.again_low >> fan & 1)
        return bool(self.again_high >> (fan - EXCLUDE_SPLIT) & 1)

    def first_use(self, fan: int) -> Uses:
        """The sets of the first instance recorded of ``fan`` (the whole hand if none was: the
        walk's 鸡和)."""
        rec = self.rec_fans
        if rec is not None:
            for i in range(len(rec)):
                if rec[i] == fan:
                    return self.rec_uses[i]
        return _HAND_USE

    def instances(self, fan: int) -> list[Uses]:
        """The sets of each instance recorded of ``fan``, in the order of their sets."""
        if not self.repeated(fan):
            return [self.first_use(fan)]
        got: list[Uses] = []
        rec = self.rec_fans
        if rec is not None:
            for i in range(len(rec)):
                if rec[i] == fan:
                    got.append(self.rec_uses[i])
        got.sort()
        return got

    def mark(self) -> None:
        """Remember the fans added so far (a hand's fans common to its readings)."""
        self.mark_low = self.low
        self.mark_high = self.high
        self.mark_again_low = self.again_low
        self.mark_again_high = self.again_high
        self.mark_again = len(self.again) if self.again is not None else 0

    def back_to_mark(self) -> None:
        """Forget the fans added since :meth:`mark` (when not recording)."""
        self.low = self.mark_low
        self.high = self.mark_high
        self.again_low = self.mark_again_low
        self.again_high = self.mark_again_high
        again = self.again
        if again is not None and len(again) > self.mark_again:
            del again[self.mark_again:]


class Walked:
    """What the walk keeps and removes (the explanation of one reading).

    The fans kept are two masks (``kept_low``, ``kept_high``, split like the exclusion masks):
    each kept fan counts the instances ``fans`` recorded (:meth:`Fans.instances`), except 幺九刻
    when wind fans or 九莲宝灯 took some (``yaojiu``: the instances still counted). ``removed``:
    (fan index, count, principle, fan index that removed it or -1, uses), kept only when
    ``with_removed`` (the fans counted are the same either way: a result's ``fans`` are often
    read without its ``removed``)."""

    __slots__ = ("fans", "kept_high", "kept_low", "removed", "with_removed", "yaojiu")

    def __init__(self, fans: Fans, with_removed: bool = True) -> None:
        self.fans: Final = fans
        self.kept_low: i64 = 0
        self.kept_high: i64 = 0
        self.yaojiu: list[Uses] | None = None
        self.removed: list[tuple[int, int, str, int, list[Uses]]] = [] if with_removed else _NO_REMOVED
        self.with_removed: Final = with_removed

    def keep(self, idx: int) -> None:
        if idx < EXCLUDE_SPLIT:
            self.kept_low |= 1 << idx
        else:
            self.kept_high |= 1 << (idx - EXCLUDE_SPLIT)

    def next_kept(self, after: int) -> int:
        """The first fan kept after fan index ``after`` (in precedence order), or -1."""
        start = after + 1
        if start < EXCLUDE_SPLIT:
            rest: i64 = self.kept_low >> start
            if rest:
                return start + int(rest & -rest).bit_length() - 1
            start = EXCLUDE_SPLIT
        rest = self.kept_high >> (start - EXCLUDE_SPLIT)
        if rest:
            return start + int(rest & -rest).bit_length() - 1
        return _NO_FAN

    def only_use(self, idx: int) -> Uses | None:
        """The sets of kept fan ``idx``'s one instance counted, or None when it counts several."""
        if idx == Fan.PUNG_OF_TERMINALS_OR_HONORS and self.yaojiu is not None:
            return self.yaojiu[0] if len(self.yaojiu) == 1 else None
        return None if self.fans.repeated(idx) else self.fans.first_use(idx)

    def uses(self, idx: int) -> list[Uses]:
        """The sets of each instance counted of kept fan ``idx``, in the order of their sets."""
        if idx == Fan.PUNG_OF_TERMINALS_OR_HONORS and self.yaojiu is not None:
            return self.yaojiu
        return self.fans.instances(idx)


def walk(tables: RuleTables, fans: Fans, wind_pungs: int, prevalent_wind: int, seat_wind: int,
         out: Walked | None = None) -> int:
    """不重复 over one reading's fans, walked once in precedence order (ascending fan index).
    ``wind_pungs`` has bit ``w`` set for each wind pung of the reading (their 幺九刻 may be
    taken by 圈风刻, 门风刻, 三风刻 or 小四喜). Returns the total without flowers; ``out``
    records the explanation (``fans`` then records the sets each instance uses)."""
    values = tables.values
    low = tables.excludes_low
    high = tables.excludes_high
    ex_low: i64 = 0  # the fans excluded so far, as the two masks of RuleTables
    ex_high: i64 = 0
    kept_any = False
    kept_pw = kept_sw = kept_nine = False
    kept_winds = _NO_FAN  # 小四喜 or 三风刻 when kept: it takes the 幺九刻 of its wind pungs
    total = 0
    # with a recorder, ``gone`` records the fans removed too
    gone = out if out is not None and out.with_removed else None
    for half in range(2):
        # this half's masks: the fans present, those counted more than once, those the rules
        # switch off, those the walk watches (below)
        rest: i64 = fans.low if half == 0 else fans.high
        again_bits: i64 = fans.again_low if half == 0 else fans.again_high
        off_bits: i64 = tables.disabled_low if half == 0 else tables.disabled_high
        watched: i64 = _WATCHED_LOW if half == 0 else _WATCHED_HIGH
        offset = 0 if half == 0 else EXCLUDE_SPLIT
        while rest:
            # the next fan present, in precedence order (the lowest bit set)
            lowest = rest & -rest
            rest ^= lowest
            idx = offset + int(lowest).bit_length() - 1
            count = 1
            if again_bits & lowest:
                again = fans.again
                if again is not None:
                    count += again.count(idx)
            # removed by the rules (a fan they switch off) or by 不重复
            if (off_bits | (ex_low if half == 0 else ex_high)) & lowest:
                if gone is not None:
                    off = bool(off_bits & lowest)
                    gone.removed.append((idx, count, "disabled" if off else "不重复",
                                         _NO_FAN if off else _excluder(tables, gone, idx),
                                         fans.instances(idx)))
                continue
            if watched & lowest:
                if idx == Fan.PUNG_OF_TERMINALS_OR_HONORS:
                    count = _yaojiu(count, wind_pungs, prevalent_wind, seat_wind, kept_pw, kept_sw,
                                    kept_winds, kept_nine, out)
                    if not count:
                        continue
                elif idx == Fan.PREVALENT_WIND:
                    kept_pw = True
                elif idx == Fan.SEAT_WIND:
                    kept_sw = True
                elif idx == Fan.LITTLE_FOUR_WINDS or idx == Fan.BIG_THREE_WINDS:
                    if kept_winds == _NO_FAN:
                        kept_winds = idx
                else:  # 九莲宝灯
                    kept_nine = True
            kept_any = True
            total += values[idx] * count
            if out is not None:
                out.keep(idx)
            ex_low |= low[idx]
            ex_high |= high[idx]
    if not kept_any and tables.enabled[Fan.CHICKEN_HAND]:
        total = values[Fan.CHICKEN_HAND]
        if out is not None:
            out.keep(Fan.CHICKEN_HAND)
    return total


def _excluder(tables: RuleTables, out: Walked, idx: int) -> int:
    """The fan that excluded fan ``idx``: the first fan kept (in precedence order) that excludes it."""
    k = out.next_kept(_NO_FAN)
    while k >= 0:
        if (tables.excludes_low[k] >> idx if idx < EXCLUDE_SPLIT
                else tables.excludes_high[k] >> (idx - EXCLUDE_SPLIT)) & 1:
            return k
        k = out.next_kept(k)
    return _NO_FAN


def _yaojiu(count: int, wind_pungs: int, pw: int, sw: int, kept_pw: bool, kept_sw: bool,
            kept_winds: int, kept_nine: bool, out: Walked | None) -> int:
    """How many 幺九刻 remain once the wind fans kept have taken those of their own pungs and
    九莲宝灯 one of its 111/999. A recorder keeps the instances still counted, and the removed
    ones with the fan that took each."""
    winds = kept_winds != _NO_FAN
    if not (wind_pungs and (winds or kept_pw or kept_sw)) and not kept_nine:
        return count
    if out is None:
        for w in range(4):
            if wind_pungs >> w & 1 and (winds or (w == pw and kept_pw) or (w == sw and kept_sw)):
                count -= 1
        if kept_nine and count:
            count -= 1
        return count
    taken: list[tuple[int, Uses]] = []
    left: list[Uses] = []
    for u in out.fans.instances(Fan.PUNG_OF_TERMINALS_OR_HONORS):
        w = u[0] - WIND_PUNG
        if 0 <= w <= 3 and (winds or (w == pw and kept_pw) or (w == sw and kept_sw)):
            who = (kept_winds if winds else int(Fan.PREVALENT_WIND) if w == pw and kept_pw
                   else int(Fan.SEAT_WIND))
            taken.append((who, u))
        else:
            left.append(u)
    if kept_nine and left:
        taken.append((int(Fan.NINE_GATES), left.pop(0)))
    if out.with_removed:
        whos: list[int] = []
        for who, _u in taken:
            if who not in whos:
                whos.append(who)
        for who in whos:
            pungs = [u for w2, u in taken if w2 == who]
            out.removed.append((int(Fan.PUNG_OF_TERMINALS_OR_HONORS), len(pungs), "不重复", who, pungs))
    out.yaojiu = left
    return len(left)
