"""The lean total path of MCR scoring: the best total of a hand whose only readings are
standard decompositions (four sets and a pair), worked out per decomposition from fan indices
alone — no fan tokens, no raw fan lists, no explanation.

:func:`lean_best` gives the best total, the index of the best reading among
:func:`suanfan.mcr.score._readings` (the first of equal totals, 就高不就低) and the number of
readings; :class:`LazyReading` stands for that reading and builds it with the full path only
when the explanation (fans, removed fans, decomposition) is asked for. Hands that may read
another way (seven pairs, thirteen orphans, honours and knitted tiles, a knitted straight,
nine gates) and rules with seed 003's extended fans return None: the caller uses the full path.
The same fans and the same walk of the principles as the full path
(:func:`suanfan.mcr.principles.walk_total`); tests/mcr/test_lean.py checks both agree.
"""

from __future__ import annotations

from typing import Any

from ..decompose import PUNG
from .combos import chow_fans, pung_fans
from .fans import FAN_INDEX
from .forms import unique_wait_standard
from .score import (
    _I_ALLC,
    _I_ALLP,
    _I_CLOSED,
    _I_CP,
    _I_DRAGON,
    _I_EDGE,
    _I_EVEN,
    _I_FIVE,
    _I_L3D,
    _I_L4W,
    _I_OUT,
    _I_PW,
    _I_SINGLE,
    _I_SW,
    _KNIT_MASKS,
    _PAIR_PROPS,
    _RANK0,
    _SET_PROPS,
    _SUIT_MASKS,
    _TH_MASK,
    _YAOJIU,
    _YAOJIU_PUNG,
    _Ctx,
    _decompose_standing,
    _may_combine,
    _readings,
)

__all__ = ["LazyReading", "lean_best"]

_CHICKEN = FAN_INDEX["chicken_hand"]
_B3W_BIT = 1 << FAN_INDEX["big_three_winds"]
_L4W_BIT = 1 << FAN_INDEX["little_four_winds"]
_PW_BIT = 1 << _I_PW
_SW_BIT = 1 << _I_SW
_YJ_BIT = 1 << _YAOJIU

# set-combination fans as fan indices only (套算一次's removed pair fans count nothing)
_CHOW_IDS: dict[tuple[tuple[int, ...], int], tuple[int, ...]] = {}
_PUNG_IDS: dict[tuple[int, ...], tuple[int, ...]] = {}


def _chow_ids(chows: tuple[int, ...], pair: int) -> tuple[int, ...]:
    ids = tuple(FAN_INDEX[f] for f, _used in chow_fans(chows, pair)[0])
    if len(_CHOW_IDS) > 1 << 17:
        _CHOW_IDS.clear()
    _CHOW_IDS[(chows, pair)] = ids
    return ids


def _pung_ids(pungs: tuple[int, ...]) -> tuple[int, ...]:
    ids = tuple(FAN_INDEX[f] for f, _used in pung_fans(pungs)[0])
    if len(_PUNG_IDS) > 1 << 17:
        _PUNG_IDS.clear()
    _PUNG_IDS[pungs] = ids
    return ids


def _standard_only(ctx: _Ctx) -> bool:
    """True when every reading of the hand is a standard decomposition (not nine gates)."""
    smask = ctx.smask
    n_melds = ctx.n_melds
    nbits = smask.bit_count()
    if n_melds == 0:
        if smask == _TH_MASK or nbits == 14 or (nbits <= 7 and 1 not in ctx.sc and 3 not in ctx.sc):
            return False
        win = ctx.win
        if win < 27 and not smask & ~_SUIT_MASKS[win // 9]:
            return False  # maybe nine gates: the full path decides
    if n_melds <= 1 and nbits >= 9:
        for km in _KNIT_MASKS:
            if smask & km == km:
                return False
    return True


def lean_best(ctx: _Ctx) -> tuple[int, int, int] | None:
    """(best total without flowers, index of the best reading, number of readings) of a hand
    read only as standard decompositions; None when the full path is needed (see the module)."""
    rules = ctx.rules
    if ctx.ext or rules._ext or ctx.sit.flags or not _standard_only(ctx):
        return None
    decs = _decompose_standing(ctx.sc, ctx.smask)
    if not decs:
        return None
    excl_tab: tuple[int, ...] = rules._excl  # type: ignore[attr-defined]
    values: list[int] = rules._values  # type: ignore[attr-defined]
    enabled: int = rules._enabled  # type: ignore[attr-defined]
    sit = ctx.sit
    pw = 27 + sit.prevalent_wind
    sw = 27 + sit.seat_wind
    win = ctx.win
    self_drawn = sit.self_drawn
    base_ids = [f for f, _u in ctx.base]
    base_ids += [f for f, _u in ctx.kong_fans]
    fixed_chows = ctx.fixed_chows
    fixed_pungs = ctx.fixed_pung_kinds
    ck = ctx.ck
    chow_tab = _CHOW_IDS
    pung_tab = _PUNG_IDS
    set_props = _SET_PROPS
    chicken = values[_CHICKEN] if (enabled >> _CHICKEN) & 1 else 0
    best = -1
    best_i = 0
    for di, (pair, sets) in enumerate(decs):
        ids = base_ids[:]
        ap = ids.append
        st_chows = [s for s in sets if s < PUNG]
        st_pungs = [s - PUNG for s in sets if s >= PUNG]
        if fixed_chows:
            chows = [*fixed_chows, *st_chows]
            chows.sort()
        else:
            chows = st_chows
        if fixed_pungs:
            pungs = [*fixed_pungs, *st_pungs]
            pungs.sort()
        else:
            pungs = st_pungs
        concealed = ck + len(st_pungs)
        if not self_drawn and win in st_pungs:
            for c in st_chows:
                if c <= win <= c + 2:
                    break
            else:
                concealed -= 1
        # per-pung fans (as _pung_fans_of); 幺九刻 kept aside with its pung kinds
        yj: list[int] = []
        winds = dragons = 0
        props = _PAIR_PROPS[pair]
        for k in pungs:
            props &= set_props[PUNG + k]
            if k >= 27:
                if k >= 31:
                    ap(_I_DRAGON)
                    dragons += 1
                else:
                    winds += 1
                    if k == pw:
                        ap(_I_PW)
                    if k == sw:
                        ap(_I_SW)
                    yj.append(k)
            elif _YAOJIU_PUNG[k]:
                yj.append(k)
        if concealed >= 2:
            ap(_I_CP[concealed if concealed < 4 else 4])
        npung = len(pungs)
        if npung == 4:
            ap(_I_ALLP)
        if pair >= 27:
            if pair <= 30:
                if winds == 3:
                    ap(_I_L4W)
            elif dragons == 2:
                ap(_I_L3D)
        nc = len(chows)
        if nc >= 2:
            key = (tuple(chows), pair if nc == 4 and pair < 27 and _RANK0[pair] == 4 else -1)
            got = chow_tab.get(key)
            if got is None:
                got = _chow_ids(*key)
            ids += got
        if npung >= 2 and _may_combine(pungs):
            pk = tuple(pungs)
            gotp = pung_tab.get(pk)
            if gotp is None:
                gotp = _pung_ids(pk)
            ids += gotp
        if nc == 4 and pair < 27:
            ap(_I_ALLC)
        for c in chows:
            props &= set_props[c]
        if props:
            if props & 1:
                ap(_I_OUT)
            if props & 2:
                ap(_I_FIVE)
            if props & 4:
                ap(_I_EVEN)
        # wait fans (as _standard_raw): the unique-wait answer is per hand, kept in ctx
        unique = ctx.unique
        if unique is None:
            for c in st_chows:
                if (c + 2 == win and _RANK0[c] >= 1) or (c == win and _RANK0[c] <= 5):
                    unique = False
                    break
            else:
                unique = False if win in st_pungs else unique_wait_standard(
                    ctx.sc, win, ctx.n_melds == 0 and ctx.smask.bit_count() <= 8)
            ctx.unique = unique
        if unique:
            edge = closed = False
            for c in st_chows:
                if c == win - 1:
                    closed = True
                elif c == win or c + 2 == win:
                    edge = True
            if edge:
                ap(_I_EDGE)
            elif closed:
                ap(_I_CLOSED)
            elif pair == win:
                ap(_I_SINGLE)
        if yj:
            ap(_YAOJIU)
        # the walk of the principles (as walk_total), over sorted fan indices
        ids.sort()
        excluded = kept = total = 0
        n = len(ids)
        i = 0
        while i < n:
            idx = ids[i]
            j = i + 1
            while j < n and ids[j] == idx:
                j += 1
            bit = 1 << idx
            if not enabled & bit or excluded & bit:
                i = j
                continue
            cnt = j - i
            if bit == _YJ_BIT:
                cnt = len(yj)
                absorbed = kept & (_B3W_BIT | _L4W_BIT)
                for k in yj:
                    if 27 <= k <= 30 and (absorbed or (k == pw and kept & _PW_BIT)
                                          or (k == sw and kept & _SW_BIT)):
                        cnt -= 1
                if not cnt:
                    i = j
                    continue
            i = j
            kept |= bit
            total += values[idx] * cnt
            excluded |= excl_tab[idx]
        if not kept:
            total = chicken
        if total > best:
            best = total
            best_i = di
    return best, best_i, len(decs)


class LazyReading:
    """The reading ``(form, tokens, raw fans)`` of index ``index`` among ``_readings(ctx)``,
    built by the full path on first use (only the explanation needs it)."""

    __slots__ = ("_built", "_ctx", "_form", "_index")

    def __init__(self, ctx: _Ctx, index: int, form: str = "standard") -> None:
        self._ctx = ctx
        self._index = index
        self._form = form
        self._built: Any = None

    def __getitem__(self, i: int) -> Any:
        if i == 0:
            return self._form
        if self._built is None:
            self._built = _readings(self._ctx)[self._index]
        return self._built[i]

    def __len__(self) -> int:
        return 3
