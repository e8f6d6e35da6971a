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
from ..decompose import decompose_masked as _decompose_standing
from ..hand import Hand, MeldKind
from .combos import chow_fans, pung_fans
from .fans import FAN_INDEX
from .forms import is_nine_gates, unique_wait_standard
from .rules import Rules
from .score import (
    _I_ALLC,
    _I_ALLP,
    _I_CH,
    _I_CLOSED,
    _I_CP,
    _I_DRAGON,
    _I_EDGE,
    _I_EVEN,
    _I_FCH,
    _I_FIVE,
    _I_HOG,
    _I_L3D,
    _I_L4W,
    _I_LT,
    _I_LTC,
    _I_LTD,
    _I_MH,
    _I_OUT,
    _I_OWR,
    _I_PW,
    _I_RTK,
    _I_SELF,
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
    Situation,
    _Ctx,
    _global_fans,
    _may_combine,
    _meld_pass,
    _prepare,
    _readings,
    _standing,
)

__all__ = ["LazyCtx", "LazyReading", "lean_best", "lean_score"]

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


def _standard_only(smask: int, n_melds: int, sc: list[int], win: int) -> bool:
    """True when every reading of the hand is a standard decomposition (not nine gates)."""
    nbits = smask.bit_count()
    if n_melds == 0:
        if smask == _TH_MASK or nbits == 14 or (nbits <= 7 and 1 not in sc and 3 not in sc):
            return False
        if win < 27 and not smask & ~_SUIT_MASKS[win // 9] and is_nine_gates(sc, win):
            return False
    if n_melds <= 1 and nbits >= 9:
        for km in _KNIT_MASKS:
            if smask & km == km:
                return False
    return True


def lean_best(ctx: _Ctx) -> tuple[int, int, int] | None:
    """(best total without flowers, index of the best reading, number of readings) of a hand
    read only as standard decompositions; None when the full path is needed (see the module)."""
    rules = ctx.rules
    if ctx.ext or rules._ext or ctx.sit.flags or not _standard_only(ctx.smask, ctx.n_melds, ctx.sc, ctx.win):
        return None
    decs = _decompose_standing(ctx.sc, ctx.smask)
    if not decs:
        return None
    base_ids = [f for f, _u in ctx.base]
    base_ids += [f for f, _u in ctx.kong_fans]
    best, best_i, ctx.unique = _best_of(decs, base_ids, ctx.fixed_chows, ctx.fixed_pung_kinds, ctx.ck,
                                        ctx.sit, rules, ctx.win, ctx.sc, ctx.smask, ctx.n_melds, ctx.unique)
    return best, best_i, len(decs)


def _best_of(decs: list[tuple[int, tuple[int, ...]]], base_ids: list[int], fixed_chows: tuple[int, ...],
             fixed_pungs: tuple[int, ...] | list[int], ck: int, sit: Situation, rules: Rules, win: int,
             sc: list[int], smask: int, n_melds: int, unique: bool | None) -> tuple[int, int, bool | None]:
    """The best total of the decompositions, its index, and the unique-wait answer."""
    excl_tab: tuple[int, ...] = rules._excl  # type: ignore[attr-defined]
    values: list[int] = rules._values  # type: ignore[attr-defined]
    enabled: int = rules._enabled  # type: ignore[attr-defined]
    pw = 27 + sit.prevalent_wind
    sw = 27 + sit.seat_wind
    self_drawn = sit.self_drawn
    chow_tab = _CHOW_IDS
    pung_tab = _PUNG_IDS
    set_props = _SET_PROPS
    entry = _WALK_MEMO.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_WALK_MEMO) > 64:
            _WALK_MEMO.clear()
        entry = _WALK_MEMO[id(rules)] = (rules, {})
    memo = entry[1]
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
        wind_yj: list[int] = []
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
                    code = 1
                    if k == pw:
                        ap(_I_PW)
                        code = 3
                    if k == sw:
                        ap(_I_SW)
                        code |= 4
                    ap(_YAOJIU)
                    wind_yj.append(code)
            elif _YAOJIU_PUNG[k]:
                ap(_YAOJIU)
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
        if unique is None:
            for c in st_chows:
                if (c + 2 == win and _RANK0[c] >= 1) or (c == win and _RANK0[c] <= 5):
                    unique = False
                    break
            else:
                unique = False if win in st_pungs else unique_wait_standard(
                    sc, win, n_melds == 0 and smask.bit_count() <= 8)
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
        # the walk of the principles, memoised per rule set on the sorted fan indices (and the
        # wind pungs among the 幺九刻, which 圈风刻 / 门风刻 / 三风刻 / 小四喜 may absorb)
        ids.sort()
        wkey = (*ids, -1, *wind_yj) if wind_yj else tuple(ids)
        total = memo.get(wkey)
        if total is None:
            total = _walk(ids, wind_yj, excl_tab, values, enabled)
            if len(memo) > 1 << 16:
                memo.clear()
            memo[wkey] = total
        if total > best:
            best = total
            best_i = di
    return best, best_i, unique


# per rule set (by identity, the rules kept alive): sorted fan indices (+ wind codes) -> total
_WALK_MEMO: dict[int, tuple[Rules, dict[tuple[int, ...], int]]] = {}


def _walk(ids: list[int], wind_yj: list[int], excl_tab: tuple[int, ...], values: list[int],
          enabled: int) -> int:
    """:func:`suanfan.mcr.principles.walk_total` over sorted fan indices; ``wind_yj`` codes the
    wind pungs among the 幺九刻 (1, + 2 prevalent wind, + 4 seat wind)."""
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
        if bit == _YJ_BIT and wind_yj:
            absorbed = kept & (_B3W_BIT | _L4W_BIT)
            for code in wind_yj:
                if absorbed or (code & 2 and kept & _PW_BIT) or (code & 4 and kept & _SW_BIT):
                    cnt -= 1
            if not cnt:
                i = j
                continue
        i = j
        kept |= bit
        total += values[idx] * cnt
        excluded |= excl_tab[idx]
    if not kept and (enabled >> _CHICKEN) & 1:
        total = values[_CHICKEN]
    return total


_CHOW = MeldKind.CHOW
_KONG = MeldKind.KONG
_I_MK = FAN_INDEX["melded_kong"]
_I_CK = FAN_INDEX["concealed_kong"]
_I_2MK = FAN_INDEX["two_melded_kongs"]
_I_2CK = FAN_INDEX["two_concealed_kongs"]
_I_CMK = FAN_INDEX["concealed_and_melded_kong"]
_I_3K = FAN_INDEX["three_kongs"]
_I_4K = FAN_INDEX["four_kongs"]


def lean_score(hand: Hand, sit: Situation, rules: Rules) -> tuple[int, int, LazyCtx, LazyReading] | None:
    """:func:`lean_best` from the hand itself, without the full path's context: (best total
    without flowers, number of readings, the context and the best reading, both built when
    the explanation is asked for); None when the full path is needed."""
    if rules._ext or sit.flags:
        return None
    wt = hand.winning_tile
    if wt is None:
        return None
    win, sc, smask = _standing(hand, wt)
    melds = hand.melds
    n_melds = len(melds)
    if not _standard_only(smask, n_melds, sc, win):
        return None
    decs = _decompose_standing(sc, smask)
    if not decs:
        return None
    (fixed_chows, fixed_sets, fixed_pungs, kong_kinds, ac, amask, melded, mk,
     ck) = _meld_pass(melds, sc, smask)
    # fans common to every reading, as the full path's preparation
    ids: list[int] = []
    sd = sit.self_drawn
    if sd:
        ids.append(_I_SELF)
    if melded == 0:
        ids.append(_I_FCH if sd else _I_CH)
    elif melded == 4 and not sd:
        ids.append(_I_MH)
    if sit.last_of_kind:
        ids.append(_I_LT)
    if sit.last_tile_of_wall:
        ids.append(_I_LTD if sd else _I_LTC)
    if sit.kong:
        ids.append(_I_OWR if sd else _I_RTK)
    if 4 in ac:
        for k in range(34):
            if ac[k] == 4 and k not in kong_kinds:
                ids.append(_I_HOG)
    glob: list[tuple[int, tuple[int, ...]]] = []
    _global_fans(amask, glob)
    for f, _u in glob:
        ids.append(f)
    kongs = mk + ck
    if kongs:
        if kongs == 1:
            ids.append(_I_MK if mk else _I_CK)
        elif kongs == 2:
            if mk == 2:
                ids.append(_I_2MK)
            elif ck == 2:
                ids.append(_I_2CK)
            elif rules.melded_concealed_kong:
                ids.append(_I_CMK)
            else:
                for _k, is_kong, c in fixed_sets:
                    if is_kong:
                        ids.append(_I_CK if c else _I_MK)
        elif kongs == 3:
            ids.append(_I_3K)
        else:
            ids.append(_I_4K)
    best, best_i, _unique = _best_of(decs, ids, tuple(fixed_chows), fixed_pungs, ck, sit, rules, win,
                                     sc, smask, n_melds, None)
    ctx = LazyCtx(hand, sit, rules)
    return best, len(decs), ctx, LazyReading(ctx, best_i)


class LazyCtx:
    """The full path's context of a hand (``score._prepare``), built on first attribute use."""

    __slots__ = ("_args", "_real")

    def __init__(self, hand: Hand, sit: Situation, rules: Rules) -> None:
        self._args = (hand, sit, rules)
        self._real: _Ctx | None = None

    def real(self) -> _Ctx:
        if self._real is None:
            self._real = _prepare(*self._args)
        return self._real

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real(), name)


class LazyReading:
    """The reading ``(form, tokens, raw fans)`` of index ``index`` among ``_readings(ctx)``,
    built by the full path on first use (only the explanation needs it)."""

    __slots__ = ("_built", "_ctx", "_form", "_index")

    def __init__(self, ctx: _Ctx | LazyCtx, index: int, form: str = "standard") -> None:
        self._ctx = ctx
        self._index = index
        self._form = form
        self._built: Any = None

    def __getitem__(self, i: int) -> Any:
        if i == 0:
            return self._form
        if self._built is None:
            ctx = self._ctx
            self._built = _readings(ctx.real() if isinstance(ctx, LazyCtx) else ctx)[self._index]
        return self._built[i]

    def __len__(self) -> int:
        return 3
