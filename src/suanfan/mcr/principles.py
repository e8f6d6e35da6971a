"""The five principles of MCR scoring, in one place.

1. 不重复 (non-repeat): a fan implied by a bigger one is not added. The 不计 lists of the fan
   table (:mod:`suanfan.mcr.fans`) are walked once in precedence order (:func:`apply_principles`);
   a fan removed this way no longer removes others. Per-set absorptions of 幺九刻: 圈风刻 and
   门风刻 each take the 幺九刻 of their own pung, 三风刻 / 小四喜 those of their three wind
   pungs, 九莲宝灯 one of its own 111/999.
2. 不拆移 (non-separation) and 3. 不得相同 (non-identical): a reading uses every set once, declared
   melds are never re-split (:mod:`suanfan.decompose`), and the set-combination fans are worked
   out per set combination (:mod:`suanfan.mcr.combos`): a three-set fan is never also counted as
   its pairs, and the same sets do not count the same fan twice.
4. 就高不就低 (take the higher): every form and every decomposition is scored and the best
   total is kept (:func:`best_reading`).
5. 套算一次 (account once): a set already combined may combine once more, only with a set not
   yet combined — the caps on chow pair fans and the fourth chow/pung rule, in
   :func:`suanfan.mcr.combos.chow_fans` and :func:`suanfan.mcr.combos.pung_fans`; the pair fans
   it drops are reported as removed by 套算一次.

Raw fans of one reading are ``(fan index, tokens)`` pairs; a negative index ``-1 - i`` is fan
``i`` removed by 套算一次.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from ..decompose import PUNG
from .fans import FAN_INDEX
from .rules import Rules

__all__ = ["PRINCIPLES", "Raw", "Removed", "apply_principles", "best_reading", "walk_total"]

PRINCIPLES = ("不重复", "不拆移", "不得相同", "就高不就低", "套算一次")

Raw = list[tuple[int, tuple[int, ...]]]
Removed = list[tuple[int, int, str, int | None, list[tuple[int, ...]]]]

_HAND = -1
_HAND_USE = (_HAND,)
_YAOJIU = FAN_INDEX["pung_of_terminals_or_honors"]
_CHICKEN = FAN_INDEX["chicken_hand"]
_B3W_BIT = 1 << FAN_INDEX["big_three_winds"]
_L4W_BIT = 1 << FAN_INDEX["little_four_winds"]
_PW_BIT = 1 << FAN_INDEX["prevalent_wind"]
_SW_BIT = 1 << FAN_INDEX["seat_wind"]
_NINE_BIT = 1 << FAN_INDEX["nine_gates"]
# the fans that take over the 幺九刻 of their own pungs (named in the explanation)
_B3W = FAN_INDEX["big_three_winds"]
_L4W = FAN_INDEX["little_four_winds"]
_PW = FAN_INDEX["prevalent_wind"]
_SW = FAN_INDEX["seat_wind"]
_NINE = FAN_INDEX["nine_gates"]

R = TypeVar("R")


def best_reading(readings: Sequence[R], totals: Sequence[int]) -> tuple[int, R]:
    """就高不就低: the reading with the highest total (the first of equals)."""
    best = max(range(len(readings)), key=lambda i: (totals[i], -i))
    return totals[best], readings[best]


def walk_total(rules: Rules, prevalent_wind: int, seat_wind: int, raw: Raw) -> int:
    """The total of one reading: the same walk as :func:`apply_principles` without the
    explanation (the fast path; tests check both agree)."""
    excl_tab = rules._excl  # type: ignore[attr-defined]
    values = rules._values  # type: ignore[attr-defined]
    enabled = rules._enabled  # type: ignore[attr-defined]
    raw.sort()
    excluded = 0
    kept_mask = 0
    total = 0
    n = len(raw)
    i = 0
    while i < n:
        idx = raw[i][0]
        j = i + 1
        while j < n and raw[j][0] == idx:
            j += 1
        if idx < 0:
            i = j
            continue
        bit = 1 << idx
        if not enabled & bit or excluded & bit:
            i = j
            continue
        cnt = j - i
        if idx == _YAOJIU:
            pw = PUNG + 27 + prevalent_wind
            sw = PUNG + 27 + seat_wind
            winds_absorbed = kept_mask & (_B3W_BIT | _L4W_BIT)
            for x in range(i, j):
                t = raw[x][1][0]
                if PUNG + 27 <= t <= PUNG + 30 and (
                    winds_absorbed
                    or (t == pw and kept_mask & _PW_BIT)
                    or (t == sw and kept_mask & _SW_BIT)
                ):
                    cnt -= 1
            if kept_mask & _NINE_BIT and cnt:
                cnt -= 1
            if not cnt:
                i = j
                continue
        i = j
        kept_mask |= bit
        total += values[idx] * cnt
        excluded |= excl_tab[idx]
    if not kept_mask and (enabled >> _CHICKEN) & 1:
        total = values[_CHICKEN]
    return total




def apply_principles(rules: Rules, prevalent_wind: int, seat_wind: int, raw: Raw,
                     removed_out: Removed | None) -> tuple[int, list[tuple[int, list[tuple[int, ...]]]]]:
    """不重复 (the 不计 table, walked once in precedence order) and the per-pung absorptions
    of 幺九刻; returns (total, kept fans with their uses)."""
    excl_tab = rules._excl  # type: ignore[attr-defined]
    values = rules._values  # type: ignore[attr-defined]
    enabled = rules._enabled  # type: ignore[attr-defined]
    raw.sort()
    excluded = 0
    by: dict[int, int] = {}
    kept: list[tuple[int, list[tuple[int, ...]]]] = []
    kept_mask = 0
    total = 0
    n = len(raw)
    i = 0
    while i < n and raw[i][0] < 0:
        i += 1
    if removed_out is not None:
        for j in range(i):
            removed_out.append((-1 - raw[j][0], 1, "套算一次", None, [raw[j][1]]))
    while i < n:
        idx = raw[i][0]
        j = i + 1
        while j < n and raw[j][0] == idx:
            j += 1
        uses = [raw[x][1] for x in range(i, j)]
        i = j
        bit = 1 << idx
        if not enabled & bit:
            if removed_out is not None:
                removed_out.append((idx, len(uses), "disabled", None, uses))
            continue
        if excluded & bit:
            if removed_out is not None:
                removed_out.append((idx, len(uses), "不重复", by.get(idx), uses))
            continue
        if idx == _YAOJIU:
            pw = PUNG + 27 + prevalent_wind
            sw = PUNG + 27 + seat_wind
            winds_absorbed = kept_mask & (_B3W_BIT | _L4W_BIT)
            keep_uses = []
            absorbed: dict[int, list[tuple[int, ...]]] = {}  # absorbing fan -> pungs
            for u in uses:
                t = u[0]
                if PUNG + 27 <= t <= PUNG + 30 and (
                    winds_absorbed
                    or (t == pw and kept_mask & _PW_BIT)
                    or (t == sw and kept_mask & _SW_BIT)
                ):
                    if winds_absorbed:
                        who = _L4W if winds_absorbed & _L4W_BIT else _B3W
                    else:
                        who = _PW if t == pw and kept_mask & _PW_BIT else _SW
                    absorbed.setdefault(who, []).append(u)
                else:
                    keep_uses.append(u)
            if kept_mask & _NINE_BIT and keep_uses:
                absorbed.setdefault(_NINE, []).append(keep_uses.pop(0))
            if absorbed and removed_out is not None:
                for who, pungs in absorbed.items():
                    removed_out.append((idx, len(pungs), "不重复", who, pungs))
            if not keep_uses:
                continue
            uses = keep_uses
        kept.append((idx, uses))
        kept_mask |= bit
        total += values[idx] * len(uses)
        m = excl_tab[idx]
        if m:
            if removed_out is not None:
                new = m & ~excluded
                b = 0
                while new:
                    if new & 1:
                        by[b] = idx
                    new >>= 1
                    b += 1
            excluded |= m
    if not kept and (enabled >> _CHICKEN) & 1:
        kept.append((_CHICKEN, [_HAND_USE]))
        total = values[_CHICKEN]
    return total, kept
