"""MCR scoring: every winning form and decomposition scored, the five principles applied, the
best reading kept (就高不就低), and a result that explains itself."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from typing import Any, NamedTuple

from ..decompose import PUNG, decompose
from ..decompose import decompose_masked as _decompose_standing
from ..errors import InvalidHand, NotWinning, TileMissing
from ..hand import Hand, Meld, MeldKind
from ..notation import parse_flowers, parse_hand
from ..tiles import (
    IS_GREEN,
    IS_REVERSIBLE,
    KIND,
    NUM_KINDS,
    tile_to_str,
)
from .combos import chow_fans, pung_fans
from .fans import FAN_BY_ID, FAN_INDEX, FANS
from .forms import (
    KNITTED,
    bounded_cache,
    honors_and_knitted,
    is_nine_gates,
    is_seven_pairs,
    is_seven_shifted_pairs,
    is_thirteen_orphans,
    unique_wait_standard,
    winning_kinds,
)
from .principles import Removed, apply_principles, best_reading, walk_total
from .rules import Rules, get_rules

__all__ = ["FanEntry", "MCRResult", "RemovedFan", "Situation", "parse_wind", "score"]

_I = FAN_INDEX
_YAOJIU = _I["pung_of_terminals_or_honors"]
_FLOWER = _I["flower_tiles"]

_WIND_NAMES = {
    "e": 0, "east": 0, "1z": 0, "东": 0, "東": 0,
    "s": 1, "south": 1, "2z": 1, "南": 1,
    "w": 2, "west": 2, "3z": 2, "西": 2,
    "n": 3, "north": 3, "4z": 3, "北": 3,
}
_WIND_FAST = {"E": 0, "S": 1, "W": 2, "N": 3}
_WIND_LETTER = "ESWN"


def parse_wind(w: str | int, what: str = "wind") -> int:
    """0–3 for East, South, West, North; accepts "E", "east", "1z", "东", or 0–3."""
    if type(w) is str:
        fast = _WIND_FAST.get(w)
        if fast is not None:
            return fast
    if isinstance(w, bool):
        raise InvalidHand(f"unknown {what} {w!r}: use E, S, W or N")
    if isinstance(w, int):
        if 0 <= w <= 3:
            return w
        raise InvalidHand(f"unknown {what} {w!r}: use E, S, W or N")
    r = _WIND_NAMES.get(str(w).strip().lower())
    if r is None:
        raise InvalidHand(f"unknown {what} {w!r}: use E, S, W or N")
    return r


# -- tokens describing what a fan uses -------------------------------------------------------
# chow c -> c (0..26); pung/kong of kind k -> 34 + k; pair of kind k -> 102 + k;
# knitted straight i -> 200 + i; single tiles of a special form -> 300 + k; the whole hand -> -1
_PAIR = 102
_KNIT = 200
_TILE = 300
_HAND = -1


def _token_str(t: int, kongs: tuple[int, ...] = ()) -> str:
    if t == _HAND:
        return "hand"
    if t < PUNG:
        s = tile_to_str(t)
        return f"{s[0]}{int(s[0]) + 1}{int(s[0]) + 2}{s[1]}"
    if t < _PAIR:
        s = tile_to_str(t - PUNG)
        return s[0] * (4 if t - PUNG in kongs else 3) + s[1]
    if t < _KNIT:
        s = tile_to_str(t - _PAIR)
        return s[0] * 2 + s[1]
    if t < _TILE:
        seq = KNITTED[t - _KNIT]
        parts = []
        for su in range(3):
            ks = [k for k in seq if k // 9 == su]
            parts.append("".join(str(k % 9 + 1) for k in ks) + "mps"[su])
        return "".join(parts)
    return tile_to_str(t - _TILE)


# -- situation ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Situation:
    self_drawn: bool = False
    last_tile_of_wall: bool = False
    kong: bool = False
    last_of_kind: bool = False
    seat_wind: int = 0
    prevalent_wind: int = 0
    flowers: int = 0
    #: seed 003's situation flags set (mcr-extended), and the flower numbers when known
    flags: tuple[str, ...] = ()
    flower_tiles: tuple[int, ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        d = {
            "self_drawn": self.self_drawn, "last_tile_of_wall": self.last_tile_of_wall,
            "kong": self.kong, "last_of_kind": self.last_of_kind,
            "seat_wind": _WIND_LETTER[self.seat_wind],
            "prevalent_wind": _WIND_LETTER[self.prevalent_wind], "flowers": self.flowers,
        }
        if self.flags:
            d["flags"] = list(self.flags)
        if self.flower_tiles is not None:
            d["flower_tiles"] = list(self.flower_tiles)
        return d


@lru_cache(maxsize=4096)
def _situation(sd: bool, lw: bool, kg: bool, lk: bool, sw: int, pw: int, fl: int) -> Situation:
    return Situation(sd, lw, kg, lk, sw, pw, fl)


_SIT_FAST: dict[tuple[object, ...], Situation] = {}

_new = object.__new__


class _Unfrozen:
    """A blank object with the layout of :class:`MCRResult` (a ``__dict__``, no slots): the
    result's fields are plain attribute stores on it, and then it becomes an MCRResult by class
    assignment. A frozen dataclass sets each field through ``object.__setattr__``, which costs
    several times more; the object is the same (fields, equality, frozenness) once its class is
    set."""


# -- results -------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class FanEntry:
    """One fan counted: value per fan, count, points, and the sets/tiles each instance uses."""

    id: str
    name_zh: str
    name_zh_hant: str
    name_en: str
    value: int
    count: int
    uses: tuple[tuple[str, ...], ...] = ()

    @property
    def points(self) -> int:
        return self.value * self.count

    def name(self, lang: str = "zh") -> str:
        return FAN_BY_ID[self.id].name(lang) if self.id in FAN_BY_ID else self.name_zh

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "name_zh": self.name_zh, "name_zh_hant": self.name_zh_hant,
            "name_en": self.name_en, "value": self.value, "count": self.count,
            "points": self.points, "uses": [list(u) for u in self.uses],
        }


@dataclass(frozen=True, slots=True)
class RemovedFan:
    """A fan the hand also shows but that a principle removed."""

    id: str
    name_zh: str
    name_en: str
    count: int
    principle: str  # "不重复" / "套算一次" / "disabled"
    by: str | None  # the fan id that implies it (不重复), else None
    uses: tuple[tuple[str, ...], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "name_zh": self.name_zh, "name_en": self.name_en, "count": self.count,
            "principle": self.principle, "by": self.by, "uses": [list(u) for u in self.uses],
        }


@dataclass(frozen=True)
class MCRResult:
    """The score of a complete MCR hand.

    ``fans`` (highest value first), ``removed`` (fans the principles took out, and which),
    ``decomposition`` and ``hand`` are worked out on first access."""

    rules: str
    form: str
    total_without_flowers: int
    flowers: int
    min_fan: int
    situation: Situation
    readings: int = 1  # decompositions / forms scored (就高不就低 kept the best)
    inferred: tuple[str, ...] = ()
    # the scorer's context and the best reading (form, tokens, raw fans), for the explanation
    _ctx: Any = field(default=None, repr=False, compare=False)
    _reading: Any = field(default=None, repr=False, compare=False)
    # the fan points with the flowers: total_without_flowers + flowers (an attribute, not a
    # property: it is read for every hand scored)
    total: int = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "total", self.total_without_flowers + self.flowers)

    @property
    def _rules_obj(self) -> Rules | None:
        return self._ctx.rules if self._ctx is not None else None

    @property
    def meets_minimum(self) -> bool:
        return self.total_without_flowers >= self.min_fan

    @cached_property
    def hand(self) -> str:
        return str(self._ctx.hand)

    @cached_property
    def decomposition(self) -> tuple[str, ...]:
        """Declared melds (in brackets), then the standing sets and the pair of the reading."""
        ctx = self._ctx
        kongs = ctx.kong_kinds
        declared = tuple(f"[{m}]" for m in (
            *(_token_str(c) for c in ctx.fixed_chows),
            *(_token_str(PUNG + k, kongs) for k in ctx.fixed_pung_kinds),
        ))
        if self.form == "knitted_straight" or not self.form.endswith(("pairs", "orphans", "tiles")):
            return declared + tuple(_token_str(t, kongs) for t in self._reading[1])
        return tuple(_token_str(t, kongs) for t in self._reading[1])

    @cached_property
    def _explained(self) -> tuple[tuple[FanEntry, ...], tuple[RemovedFan, ...]]:
        ctx = self._ctx
        r = ctx.rules
        kongs = ctx.kong_kinds
        removed_raw: Removed = []
        total, kept = apply_principles(r, ctx.sit.prevalent_wind, ctx.sit.seat_wind, list(self._reading[2]),
                                       removed_raw)
        assert total == self.total_without_flowers
        values = r._values
        fans = []
        for idx, uses in kept:
            f = FANS[idx]
            fans.append(FanEntry(
                f.id, f.zh, f.zh_hant, f.en, values[idx], len(uses),
                tuple(tuple(_token_str(t, kongs) for t in u) for u in uses),
            ))
        n_flowers = ctx.sit.flowers
        if n_flowers:
            f = FANS[_FLOWER]
            fans.append(FanEntry(f.id, f.zh, f.zh_hant, f.en, values[_FLOWER], n_flowers, ()))
        fans.sort(key=lambda e: (-e.value, FAN_INDEX[e.id]))
        removed = tuple(
            RemovedFan(FANS[idx].id, FANS[idx].zh, FANS[idx].en, n, why,
                       FANS[b].id if b is not None else None,
                       tuple(tuple(_token_str(t, kongs) for t in u) for u in uses))
            for idx, n, why, b, uses in removed_raw
        )
        return tuple(fans), removed

    @property
    def fans(self) -> tuple[FanEntry, ...]:
        return self._explained[0]

    @property
    def removed(self) -> tuple[RemovedFan, ...]:
        return self._explained[1]

    def settlement(self, winner: int = 0, discarder: int | None = None) -> tuple[int, int, int, int]:
        from .settlement import settle

        return settle(self, winner, discarder)

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "rules": self.rules,
            "form": self.form,
            "decomposition": list(self.decomposition),
            "fans": [f.to_dict() for f in self.fans],
            "removed": [r.to_dict() for r in self.removed],
            "total": self.total,
            "total_without_flowers": self.total_without_flowers,
            "flowers": self.flowers,
            "min_fan": self.min_fan,
            "meets_minimum": self.meets_minimum,
            "situation": self.situation.to_dict(),
            "readings": self.readings,
            "inferred": list(self.inferred),
        }


# -- per-hand features ---------------------------------------------------------------------------
_RANK0 = tuple(k % 9 for k in range(27))


def _mask(kinds: object, spread: int = 1) -> int:
    """Bit mask of tile kinds: bit ``spread * k`` for kind ``k`` (``spread`` 4: the nibble layout
    of packed counts, :mod:`suanfan.mcr.lean`)."""
    m = 0
    for k in kinds:  # type: ignore[attr-defined]
        m |= 1 << (spread * k)
    return m


def _ranks_mask(ranks: object, spread: int = 1) -> int:
    return _mask((9 * s + r for s in range(3) for r in ranks), spread)  # type: ignore[attr-defined]


class _Masks(NamedTuple):
    """The kind masks the hand-level fans test, in one bit layout (one bit per kind, or one
    nibble per kind)."""

    suits: tuple[int, int, int]
    numbered: int
    honor: int
    wind: int
    dragon: int
    th: int          # terminals and honours
    green: int
    rev: int         # reversible tiles
    lower: int       # ranks 1-4
    upper: int       # ranks 6-9
    middle: int      # ranks 4-6
    r4: int
    r6: int
    knitted: tuple[int, ...]


def _masks(spread: int) -> _Masks:
    return _Masks(
        tuple(_mask(range(9 * s, 9 * s + 9), spread) for s in range(3)),  # type: ignore[arg-type]
        _mask(range(27), spread), _mask(range(27, 34), spread), _mask(range(27, 31), spread),
        _mask(range(31, 34), spread), _mask((k for k in range(34) if k >= 27 or k % 9 in (0, 8)), spread),
        _mask((k for k in range(34) if IS_GREEN[k]), spread),
        _mask((k for k in range(34) if IS_REVERSIBLE[k]), spread),
        _ranks_mask(range(4), spread), _ranks_mask(range(5, 9), spread), _ranks_mask(range(3, 6), spread),
        _ranks_mask((3,), spread), _ranks_mask((5,), spread),
        tuple(_mask(seq, spread) for seq in KNITTED),
    )


_DENSE = _masks(1)
_SUIT_MASKS = _DENSE.suits
_TH_MASK = _DENSE.th
_KNIT_MASKS = _DENSE.knitted
_BIT = tuple(1 << KIND[t] for t in range(37))

_I_FULL, _I_NOH, _I_VOID, _I_HALF, _I_TYPES, _I_SIMPLE, _I_REV, _I_GREEN = (
    _I[f] for f in ("full_flush", "no_honors", "one_voided_suit", "half_flush", "all_types",
                    "all_simples", "reversible_tiles", "all_green")
)
_I_HONORS, _I_TERMS, _I_TERMS_HONORS, _I_L4, _I_LOWER, _I_U4, _I_UPPER, _I_MIDDLE = (
    _I[f] for f in ("all_honors", "all_terminals", "all_terminals_and_honors", "lower_four",
                    "lower_tiles", "upper_four", "upper_tiles", "middle_tiles")
)


def _global_fans(m: int, out: list[int]) -> None:
    """Fans decided by which tile kinds the hand holds (a bit mask of kinds): colour, rank and
    terminal fans, their indices appended to ``out``. One predicate per fan, evaluated once per
    hand."""
    (sm0, sm1, sm2), numbered, honor, wind, dragon, th, green, rev, lower, upper, middle, r4, r6, _k = _DENSE
    honors = m & honor
    nsuits = (1 if m & sm0 else 0) + (1 if m & sm1 else 0) + (1 if m & sm2 else 0)
    if not honors:
        out.append(_I_FULL if nsuits == 1 else _I_NOH)                              # 清一色 / 无字
    if nsuits == 2:
        out.append(_I_VOID)                                                         # 缺一门
    elif nsuits == 1 and honors:
        out.append(_I_HALF)                                                         # 混一色
    if nsuits == 3 and m & wind and m & dragon:
        out.append(_I_TYPES)                                                        # 五门齐
    if not m & th:
        out.append(_I_SIMPLE)                                                       # 断幺
    if not m & ~rev:
        out.append(_I_REV)                                                          # 推不倒
    if not m & ~green:
        out.append(_I_GREEN)                                                        # 绿一色
    if not m & ~th:
        if not m & numbered:
            out.append(_I_HONORS)                                                   # 字一色
        elif not honors:
            out.append(_I_TERMS)                                                    # 清幺九
        else:
            out.append(_I_TERMS_HONORS)                                             # 混幺九
    if m and not honors:
        if not m & ~lower:
            out.append(_I_L4 if m & r4 else _I_LOWER)                               # 小于五 / 全小
        elif not m & ~upper:
            out.append(_I_U4 if m & r6 else _I_UPPER)                               # 大于五 / 全大
        elif not m & ~middle:
            out.append(_I_MIDDLE)                                                   # 全中


@dataclass(slots=True)
class _Ctx:
    hand: Hand
    sit: Situation
    rules: Rules
    win: int
    sc: list[int]              # standing counts incl. winning tile
    smask: int                 # kinds among the standing tiles
    fixed_chows: tuple[int, ...]
    fixed_pungs: tuple[tuple[int, bool, bool], ...]  # (kind, is_kong, concealed)
    fixed_pung_kinds: tuple[int, ...]
    n_melds: int
    base: list[tuple[int, tuple[int, ...]]]  # fans common to every reading
    kong_fans: list[tuple[int, tuple[int, ...]]]
    ck: int
    kong_kinds: tuple[int, ...] = ()
    unique: bool | None = None
    ext: bool = False          # 二五八将 is on (seed 003's extended fans, per reading)


# raw fans of one reading: (fan index, tokens used) pairs; a negative index -1-i is fan i
# removed by 套算一次
_Raw = list[tuple[int, tuple[int, ...]]]

_HAND_USE = (_HAND,)
_I_SELF = _I["self_drawn"]
_I_FCH = _I["fully_concealed_hand"]
_I_CH = _I["concealed_hand"]
_I_MH = _I["melded_hand"]
_I_LT = _I["last_tile"]
_I_LTD = _I["last_tile_draw"]
_I_LTC = _I["last_tile_claim"]
_I_OWR = _I["out_with_replacement_tile"]
_I_RTK = _I["robbing_the_kong"]
_I_HOG = _I["tile_hog"]
_I_DRAGON = _I["dragon_pung"]
_I_PW = _I["prevalent_wind"]
_I_SW = _I["seat_wind"]
_I_CP = (0, 0, _I["two_concealed_pungs"], _I["three_concealed_pungs"], _I["four_concealed_pungs"])
_I_ALLP = _I["all_pungs"]
_I_L4W = _I["little_four_winds"]
_I_L3D = _I["little_three_dragons"]
_I_ALLC = _I["all_chows"]
_I_OUT = _I["outside_hand"]
_I_FIVE = _I["all_fives"]
_I_EVEN = _I["all_even_pungs"]
_I_EDGE = _I["edge_wait"]
_I_CLOSED = _I["closed_wait"]
_I_SINGLE = _I["single_wait"]
_I_NINE = _I["nine_gates"]
_I_KNIT = _I["knitted_straight"]
_YAOJIU_PUNG = tuple((k < 27 and k % 9 in (0, 8)) or 27 <= k <= 30 for k in range(34))
# per set code (chow 0-26, pung 34-67) and per pair kind: 1 = holds a terminal or honour
# (全带幺), 2 = holds a 5 (全带五), 4 = an even-numbered pung or pair (全双刻)
_SET_PROPS = tuple(
    ((1 if c % 9 in (0, 6) else 0) | (2 if 2 <= c % 9 <= 4 else 0)) if c < 27
    else 0 if c < PUNG
    else 1 if c - PUNG >= 27
    else (1 if (c - PUNG) % 9 in (0, 8) else 0) | (2 if (c - PUNG) % 9 == 4 else 0)
    | (4 if (c - PUNG) % 9 in (1, 3, 5, 7) else 0)
    for c in range(PUNG + 34)
)
_PAIR_PROPS = tuple(_SET_PROPS[PUNG + k] for k in range(34))


_CHOW = MeldKind.CHOW
_KONG = MeldKind.KONG


_MeldPass = tuple[list[int], list[tuple[int, bool, bool]], list[int], list[int], list[int], int,
                  int, int, int]


def _meld_pass(melds: tuple[Meld, ...], sc: list[int], smask: int) -> _MeldPass:
    """One pass over the declared melds, shared by the full and the lean path: the chows (lowest
    kinds, sorted), the pungs and kongs as (kind, is_kong, concealed) and as kinds, the kong
    kinds, the counts and kind mask of the whole hand, and the numbers of open melds, melded kongs
    and concealed kongs."""
    fixed_chows: list[int] = []
    fixed_pungs: list[tuple[int, bool, bool]] = []
    fixed_pung_kinds: list[int] = []
    kong_kinds: list[int] = []
    melded = mk = ck = 0
    amask = smask
    ac = sc
    if melds:
        bit = _BIT
        ac = sc[:]
        for m in melds:
            k = m.first
            mkind = m.kind
            if mkind is _CHOW:
                fixed_chows.append(k)
                ac[k] += 1
                ac[k + 1] += 1
                ac[k + 2] += 1
                amask |= bit[k] | bit[k + 1] | bit[k + 2]
            else:
                amask |= bit[k]
                fixed_pung_kinds.append(k)
                if mkind is _KONG:
                    fixed_pungs.append((k, True, m.concealed))
                    kong_kinds.append(k)
                    ac[k] += 4
                    if m.concealed:
                        ck += 1
                    else:
                        mk += 1
                else:
                    fixed_pungs.append((k, False, m.concealed))
                    ac[k] += 3
            if not m.concealed:
                melded += 1
        if len(fixed_chows) > 1:
            fixed_chows.sort()
    return (fixed_chows, fixed_pungs, fixed_pung_kinds, kong_kinds, ac, amask, melded, mk, ck)


def _standing(hand: Hand, wt: int) -> tuple[int, list[int], int]:
    """The winning tile's kind, the standing tiles' kind counts (winning tile included) and
    their kind bit mask; shared by the full and the lean path."""
    kind = KIND
    bit = _BIT
    win = kind[wt]
    sc = [0] * NUM_KINDS
    sc[win] = 1
    smask = bit[win]
    for t in hand.concealed:
        sc[kind[t]] += 1
        smask |= bit[t]
    return win, sc, smask


def _prepare(hand: Hand, sit: Situation, rules: Rules) -> _Ctx:
    wt = hand.winning_tile
    assert wt is not None
    win, sc, smask = _standing(hand, wt)
    melds = hand.melds
    (fixed_chows, fixed_pungs, fixed_pung_kinds, kong_kinds, ac, amask, melded, mk,
     ck) = _meld_pass(melds, sc, smask)
    base: list[tuple[int, tuple[int, ...]]] = []
    # how the hand was won
    sd = sit.self_drawn
    if sd:
        base.append((_I_SELF, _HAND_USE))
    if melded == 0:
        base.append((_I_FCH if sd else _I_CH, _HAND_USE))
    elif melded == 4 and not sd:
        base.append((_I_MH, _HAND_USE))
    if sit.last_of_kind:
        base.append((_I_LT, (_TILE + win,)))
    if sit.last_tile_of_wall:
        base.append((_I_LTD if sd else _I_LTC, (_TILE + win,)))
    if sit.kong:
        base.append((_I_OWR if sd else _I_RTK, (_TILE + win,)))
    if 4 in ac:
        rest = amask
        while rest:
            low = rest & -rest
            k = low.bit_length() - 1
            if ac[k] == 4 and k not in kong_kinds:
                base.append((_I_HOG, (_TILE + k,)))
            rest ^= low
    glob: list[int] = []
    _global_fans(amask, glob)
    base.extend([(f, _HAND_USE) for f in glob])
    # the kong series: at most one fan
    kf: list[tuple[int, tuple[int, ...]]] = []
    kongs = mk + ck
    if kongs:
        if kongs == 1:
            kf.append((_I["melded_kong"] if mk else _I["concealed_kong"], (PUNG + kong_kinds[0],)))
        elif kongs == 2:
            if mk == 2:
                kf.append((_I["two_melded_kongs"], _HAND_USE))
            elif ck == 2:
                kf.append((_I["two_concealed_kongs"], _HAND_USE))
            elif rules.melded_concealed_kong:
                kf.append((_I["concealed_and_melded_kong"], _HAND_USE))
            else:
                for k, is_kong, c in fixed_pungs:
                    if is_kong:
                        kf.append((_I["concealed_kong"] if c else _I["melded_kong"], (PUNG + k,)))
        elif kongs == 3:
            kf.append((_I["three_kongs"], _HAND_USE))
        else:
            kf.append((_I["four_kongs"], _HAND_USE))
    ctx = _Ctx(
        hand, sit, rules, win, sc, smask, tuple(fixed_chows), tuple(fixed_pungs),
        tuple(fixed_pung_kinds), len(melds), base, kf, ck, tuple(kong_kinds),
    )
    if rules._ext or sit.flags:
        from .extscore import extend_ctx

        extend_ctx(ctx)
    return ctx


def _pung_fans_of(ctx: _Ctx, raw: _Raw, pung_kinds: list[int], concealed: int, pair: int,
                  n_pungs: int) -> None:
    """Per-pung fans (箭刻, 圈风刻, 门风刻, 幺九刻 candidates), the kong and concealed-pung
    series, 碰碰和, 小四喜 / 小三元."""
    ap = raw.append
    sit = ctx.sit
    pw = 27 + sit.prevalent_wind
    sw = 27 + sit.seat_wind
    winds = dragons = 0
    for k in pung_kinds:
        if k >= 27:
            if k >= 31:
                ap((_I_DRAGON, (PUNG + k,)))
                dragons += 1
            else:
                winds += 1
                if k == pw:
                    ap((_I_PW, (PUNG + k,)))
                if k == sw:
                    ap((_I_SW, (PUNG + k,)))
                ap((_YAOJIU, (PUNG + k,)))
        elif _YAOJIU_PUNG[k]:
            ap((_YAOJIU, (PUNG + k,)))
    raw.extend(ctx.kong_fans)
    if concealed >= 2:
        ap((_I_CP[min(concealed, 4)], _HAND_USE))
    if n_pungs == 4:
        ap((_I_ALLP, _HAND_USE))
    if pair >= 27:
        if pair <= 30:
            if winds == 3:
                ap((_I_L4W, (*(PUNG + k for k in pung_kinds if 27 <= k <= 30), _PAIR + pair)))
        elif dragons == 2:
            ap((_I_L3D, (*(PUNG + k for k in pung_kinds if k >= 31), _PAIR + pair)))


def _standard_raw(ctx: _Ctx, pair: int, sets: tuple[int, ...], nine_gates: bool) -> _Raw:
    raw: _Raw = list(ctx.base)
    ap = raw.append
    win = ctx.win
    st_chows = [s for s in sets if s < PUNG]
    st_pungs = [s - PUNG for s in sets if s >= PUNG]
    chows = sorted(ctx.fixed_chows + tuple(st_chows)) if ctx.fixed_chows else st_chows
    pung_kinds = sorted(ctx.fixed_pung_kinds + tuple(st_pungs)) if ctx.fixed_pung_kinds else st_pungs
    concealed = ctx.ck + len(st_pungs)
    if not ctx.sit.self_drawn and win in st_pungs:
        for c in st_chows:
            if c <= win <= c + 2:
                break
        else:
            concealed -= 1  # the pung completed by the discard is melded
    _pung_fans_of(ctx, raw, pung_kinds, concealed, pair, len(pung_kinds))
    nc = len(chows)
    if nc >= 2:
        # the pair matters only for 一色/三色双龙会 (four chows and a pair of fives)
        fives = nc == 4 and pair < 27 and _RANK0[pair] == 4
        counted, removed = _chow_combo(tuple(chows), pair if fives else -1)
        raw.extend(counted)
        if removed:
            raw.extend(removed)
    if len(pung_kinds) >= 2 and _may_combine(pung_kinds):
        raw.extend(_pung_combo(tuple(pung_kinds)))
    # 平和, 全带幺 / 全带五 / 全双刻: every set and the pair (a property bit mask per set)
    if nc == 4 and pair < 27:
        ap((_I_ALLC, _HAND_USE))
    props = _PAIR_PROPS[pair]
    for c in chows:
        props &= _SET_PROPS[c]
    for k in pung_kinds:
        props &= _SET_PROPS[PUNG + k]
    if props:
        if props & 1:
            ap((_I_OUT, _HAND_USE))
        if props & 2:
            ap((_I_FIVE, _HAND_USE))
        if props & 4:
            ap((_I_EVEN, _HAND_USE))
    # wait fans: only when exactly one tile kind completes the hand; edge before closed before
    # single (MCR.md)
    if ctx.unique is None:
        # cheap proofs of a second wait: a pung of the winning tile (the pair's kind also
        # wins) or a two-sided chow end; otherwise count the waits
        for c in st_chows:
            if (c + 2 == win and _RANK0[c] >= 1) or (c == win and _RANK0[c] <= 5):
                ctx.unique = False
                break
        else:
            ctx.unique = False if win in st_pungs else unique_wait_standard(
                ctx.sc, win, ctx.n_melds == 0 and ctx.smask.bit_count() <= 8)
    if ctx.unique:
        edge = closed = -1
        for c in st_chows:
            if c == win - 1:
                closed = c
            elif c == win or c + 2 == win:
                edge = c
        if edge >= 0:
            ap((_I_EDGE, (edge,)))
        elif closed >= 0:
            ap((_I_CLOSED, (closed,)))
        elif pair == win:
            ap((_I_SINGLE, (_PAIR + pair,)))
    if nine_gates:
        ap((_I_NINE, _HAND_USE))
    return raw


_Pairs = tuple[tuple[int, tuple[int, ...]], ...]


@bounded_cache(1 << 17)
def _chow_combo(chows: tuple[int, ...], pair: int) -> tuple[_Pairs, _Pairs]:
    counted, removed = chow_fans(chows, pair)
    c = tuple(
        (_I[f], (*used[:4], _PAIR + pair) if f.endswith("terminal_chows") and len(used) == 5 else used)
        for f, used in counted
    )
    return c, tuple((-1 - _I[f], used) for f, used in removed)


def _may_combine(pung_kinds: list[int]) -> bool:
    """False when no pung-combination fan is possible: no two numbered pungs of one rank, no
    three of consecutive ranks, fewer than two dragon pungs and three wind pungs."""
    ranks = 0
    winds = dragons = 0
    for k in pung_kinds:
        if k < 27:
            b = 1 << (k % 9)
            if ranks & b:
                return True
            ranks |= b
        elif k >= 31:
            dragons += 1
        else:
            winds += 1
    return dragons >= 2 or winds >= 3 or bool(ranks & (ranks >> 1) & (ranks >> 2))


@bounded_cache(1 << 17)
def _pung_combo(pungs: tuple[int, ...]) -> _Pairs:
    return tuple((_I[f], tuple(PUNG + k for k in used)) for f, used in pung_fans(pungs)[0])


# a reading: (form name, decomposition tokens, raw fans)
_Reading = tuple[str, tuple[int, ...], _Raw]


def _readings(ctx: _Ctx) -> list[_Reading]:
    sc = ctx.sc
    win = ctx.win
    smask = ctx.smask
    out: list[_Reading] = []
    n_melds = ctx.n_melds
    if n_melds == 0:
        if smask == _TH_MASK:
            if is_thirteen_orphans(sc):
                raw: _Raw = list(ctx.base)
                raw.append((_I["thirteen_orphans"], _HAND_USE))
                return [("thirteen_orphans", tuple(_TILE + k for k in range(34) for _ in range(sc[k])), raw)]
        elif smask.bit_count() == 14:
            lesser, greater, nine = honors_and_knitted(sc)
            if lesser or greater:
                raw = list(ctx.base)
                form = "greater_honors_and_knitted_tiles" if greater else "lesser_honors_and_knitted_tiles"
                raw.append((_I[form], _HAND_USE))
                if nine:
                    ki = next(i for i, km in enumerate(_KNIT_MASKS) if smask & km == km)
                    raw.append((_I_KNIT, (_KNIT + ki,)))
                return [(form, tuple(_TILE + k for k in range(34) if sc[k]), raw)]
        elif smask.bit_count() <= 7 and is_seven_pairs(sc):
            raw = list(ctx.base)
            pairs = tuple(_PAIR + k for k in range(34) for _ in range(sc[k] // 2))
            if is_seven_shifted_pairs(sc):
                raw.append((_I["seven_shifted_pairs"], _HAND_USE))
                out.append(("seven_shifted_pairs", pairs, raw))
            else:
                raw.append((_I["seven_pairs"], _HAND_USE))
                out.append(("seven_pairs", pairs, raw))
    # 组合龙 with a set and a pair (at most one declared meld)
    if n_melds <= 1 and smask.bit_count() >= 9:
        for ki, km in enumerate(_KNIT_MASKS):
            if smask & km != km:
                continue
            rest = sc[:]
            for k in KNITTED[ki]:
                rest[k] -= 1
            for pair, sets in decompose(rest, 1 - n_melds):
                raw = _knitted_raw(ctx, ki, KNITTED[ki], pair, sets)
                toks = (_KNIT + ki, *(sets if sets else ()), _PAIR + pair)
                out.append(("knitted_straight", toks, raw))
    nine = n_melds == 0 and win < 27 and not smask & ~_SUIT_MASKS[win // 9] and is_nine_gates(sc, win)
    for pair, sets in _decompose_standing(sc, smask):
        raw = _standard_raw(ctx, pair, sets, nine)
        out.append(("nine_gates" if nine else "standard", (*sets, _PAIR + pair), raw))
    if ctx.ext:
        from .extscore import extend_readings

        extend_readings(ctx, out)
    return out


def _knitted_raw(ctx: _Ctx, ki: int, seq: tuple[int, ...], pair: int, sets: tuple[int, ...]) -> _Raw:
    raw: _Raw = list(ctx.base)
    ap = raw.append
    ap((_I_KNIT, (_KNIT + ki,)))
    win = ctx.win
    if sets:
        s = sets[0]
        is_chow = s < PUNG
        pung_kinds = [] if is_chow else [s - PUNG]
    else:
        is_chow = not ctx.fixed_pungs
        pung_kinds = [] if is_chow else [ctx.fixed_pungs[0][0]]
    _pung_fans_of(ctx, raw, pung_kinds, 0, pair, 0)
    if is_chow and pair < 27:
        ap((_I_ALLC, _HAND_USE))
    # wait fans: not when the winning tile's kind is one the knitted straight uses, unless the
    # rules let the set or pair take it (MCR.md)
    in_knit = win in seq
    st_set_tiles: list[int] = []
    if sets:
        s = sets[0]
        st_set_tiles = [s, s + 1, s + 2] if s < PUNG else [s - PUNG] * 3
    if in_knit and ctx.rules.knitted_tile_wait and (win in st_set_tiles or win == pair):
        in_knit = False
    if not in_knit:
        if ctx.n_melds == 0:
            rest = [0] * NUM_KINDS
            for k in st_set_tiles:
                rest[k] += 1
            rest[pair] += 2
            rest[win] -= 1
            if len(winning_kinds(rest, False)) == 1:
                s = sets[0]
                if s < PUNG and s == win - 1:
                    ap((_I_CLOSED, (s,)))
                elif s < PUNG and (s == win or s + 2 == win):
                    ap((_I_EDGE, (s,)))
                elif pair == win:
                    ap((_I_SINGLE, (_PAIR + pair,)))
        elif pair == win:
            ap((_I_SINGLE, (_PAIR + pair,)))
    return raw


# -- situation checks ----------------------------------------------------------------------------
def _meld_copies(melds: tuple[Meld, ...], win: int) -> int:
    """How many copies of kind ``win`` the declared melds show."""
    copies = 0
    for m in melds:
        f = m.first
        if m.kind is _CHOW:
            if f <= win <= f + 2:
                copies += 1
        elif f == win:
            copies += len(m.tiles)
    return copies


def _check_situation(hand: Hand, sit: Situation) -> tuple[Situation, tuple[str, ...]]:
    assert hand.winning_tile is not None
    win = KIND[hand.winning_tile]
    if not (sit.kong or sit.last_of_kind):
        # nothing to check; 和绝张 is inferred when the melds show three copies of the winning tile
        if not hand.melds:
            return sit, ()
        meld_copies = _meld_copies(hand.melds, win)
        if meld_copies != 3:
            return sit, ()
        standing_copies = 0
    else:
        standing_copies = sum(1 for t in hand.concealed if KIND[t] == win)
        meld_copies = _meld_copies(hand.melds, win)
    inferred: list[str] = []
    if sit.kong:
        if sit.self_drawn:
            if not any(m.kind is MeldKind.KONG for m in hand.melds):
                raise InvalidHand("kong=True on a self-drawn win needs a kong in the hand (杠上开花)")
        else:
            if standing_copies or meld_copies:
                raise InvalidHand(
                    f"kong=True on a discard is robbing a kong (抢杠和), but the hand holds another "
                    f"{tile_to_str(win)}: the robbed tile's three other copies are in the kong"
                )
    if sit.last_of_kind and standing_copies:
        raise InvalidHand(
            f"last_of_kind=True (和绝张) but the hand holds another concealed {tile_to_str(win)}"
        )
    if meld_copies == 3 and not sit.last_of_kind and not (sit.kong and not sit.self_drawn):
        sit = replace(sit, last_of_kind=True)
        inferred.append("last_of_kind: the other three copies of the winning tile are in the melds")
    return sit, tuple(inferred)


def _flower_count(hand: Hand, flowers: int | str | tuple[int, ...] | None) -> int:
    if type(flowers) is int and 0 <= flowers <= 8 and not hand.flowers:
        return flowers
    if isinstance(flowers, tuple):
        n = len(flowers)
    else:
        f = parse_flowers(flowers)
        n = f if isinstance(f, int) else len(f)
    if hand.flowers:
        if n and n != len(hand.flowers):
            raise InvalidHand(
                f"flowers given twice: {len(hand.flowers)} in the hand and {n} as an argument"
            )
        n = len(hand.flowers)
    if not 0 <= n <= 8:
        raise InvalidHand(f"{n} flowers: there are 8 flowers")
    return n


# -- the entry point -----------------------------------------------------------------------------
def score(
    hand: str | Hand,
    self_drawn: bool | None = None,
    last_tile_of_wall: bool = False,
    kong: bool = False,
    last_of_kind: bool = False,
    seat_wind: str | int = "E",
    prevalent_wind: str | int = "E",
    flowers: int | str | tuple[int, ...] | None = 0,
    rules: str | Rules = "mcr",
    *,
    heavenly_hand: bool = False,
    earthly_hand: bool = False,
    human_hand: bool = False,
    heavenly_ready: bool = False,
    earthly_ready: bool = False,
    declared_ready: bool = False,
    declared_ready_first_round: bool = False,
) -> MCRResult:
    """Score a complete MCR hand (see the module and ``MCR.md``).

    The keyword-only flags are the situation of seed 003's extended fans (preset
    ``mcr-extended``: 天和, 地和, 人和, 天听, 地听, 报听, 双报听; see :mod:`suanfan.mcr.extended`).
    ``self_drawn=None`` (the default) means "not stated": False, except that 天和 / 地和 make it
    True; an explicit ``self_drawn=False`` with them is an error."""
    h = hand if type(hand) is Hand else parse_hand(hand)
    r = rules if isinstance(rules, Rules) else get_rules(rules)
    if r._ext or heavenly_hand or earthly_hand or human_hand or heavenly_ready or earthly_ready \
            or declared_ready or declared_ready_first_round:
        from .extscore import score_extended

        return score_extended(  # type: ignore[no-any-return]
            h, self_drawn, bool(last_tile_of_wall), bool(kong), bool(last_of_kind),
            parse_wind(seat_wind, "seat wind"), parse_wind(prevalent_wind, "prevalent wind"), flowers, r,
            {"heavenly_hand": bool(heavenly_hand), "earthly_hand": bool(earthly_hand),
             "human_hand": bool(human_hand), "heavenly_ready": bool(heavenly_ready),
             "earthly_ready": bool(earthly_ready), "declared_ready": bool(declared_ready),
             "declared_ready_first_round": bool(declared_ready_first_round)},
        )
    if h.winning_tile is None:
        raise TileMissing(
            "13 tiles: this is a waiting hand; add the winning tile (the last tile written) to score it"
        )
    sit0 = None
    if type(seat_wind) is str and type(prevalent_wind) is str and type(flowers) is int and not h.flowers:
        # the common call: a dict of checked situations keyed by the arguments as given (the
        # flags are read by truth, so 1 and True or 0, None and False share a situation)
        key = (self_drawn, last_tile_of_wall, kong, last_of_kind, seat_wind, prevalent_wind, flowers)
        keep = True
        try:
            sit0 = _SIT_FAST.get(key)
        except TypeError:  # an unhashable flag
            keep = False
        if sit0 is None:
            sit0 = _situation(bool(self_drawn), bool(last_tile_of_wall), bool(kong), bool(last_of_kind),
                              parse_wind(seat_wind, "seat wind"),
                              parse_wind(prevalent_wind, "prevalent wind"), _flower_count(h, flowers))
            if keep and len(_SIT_FAST) < 4096:
                _SIT_FAST[key] = sit0
        sit = sit0
    else:
        sit = _situation(
            bool(self_drawn), bool(last_tile_of_wall), bool(kong), bool(last_of_kind),
            parse_wind(seat_wind, "seat wind"), parse_wind(prevalent_wind, "prevalent wind"),
            _flower_count(h, flowers),
        )
    if sit.kong or sit.last_of_kind:
        sit, inferred = _check_situation(h, sit)
        return _score_checked(h, sit, r, inferred)
    # nothing to check, so the lean path goes first; it declines a hand whose melds show three
    # copies of the winning tile, where the situation check infers 和绝张
    lean = (_lean_score or _load_lean())(h, sit, r)
    if lean is None:
        sit, inferred = _check_situation(h, sit)
        return _score_checked(h, sit, r, inferred)
    best, n_readings, lazy, _same = lean
    return _result(r, sit, lazy._form, best, n_readings, (), lazy, lazy)


def prepare_situation(hand: str | Hand, situation: dict[str, Any]) -> tuple[Hand, Situation]:
    """Parse a hand and check a situation given as :func:`score`'s keyword arguments."""
    h = parse_hand(hand)
    if h.winning_tile is None:
        raise TileMissing("13 tiles: add the winning tile to score the hand")
    sit = Situation(
        bool(situation.get("self_drawn")), bool(situation.get("last_tile_of_wall")),
        bool(situation.get("kong")), bool(situation.get("last_of_kind")),
        parse_wind(situation.get("seat_wind", "E"), "seat wind"),
        parse_wind(situation.get("prevalent_wind", "E"), "prevalent wind"),
        _flower_count(h, situation.get("flowers", 0)),
    )
    return h, _check_situation(h, sit)[0]


def total_only(hand: Hand, sit: Situation, rules: Rules) -> int:
    """The total (flowers included) of a parsed complete hand with a checked situation; the fast
    path used by bulk checks and the benchmark. Raises NotWinning."""
    lean = (_lean_score or _load_lean())(hand, sit, rules)
    if lean is not None:
        best: int = lean[0]
    else:
        ctx = _prepare(hand, sit, rules)
        best = -1
        for _form, _toks, raw in _readings(ctx):
            t = walk_total(ctx.rules, ctx.sit.prevalent_wind, ctx.sit.seat_wind, raw)
            if t > best:
                best = t
    if best < 0:
        raise NotWinning(f"{hand} is not a complete hand")
    flower_value: int = rules._values[_FLOWER]  # type: ignore[attr-defined]
    return best + flower_value * sit.flowers


_lean_score: Any = None  # suanfan.mcr.lean.lean_score, imported on first use (it imports this module)


def _load_lean() -> Any:
    global _lean_score
    from .lean import lean_score as _lean_score

    return _lean_score


_TRY_LEAN: Any = object()


def _score_checked(h: Hand, sit: Situation, r: Rules, inferred: tuple[str, ...],
                   got: Any = _TRY_LEAN) -> MCRResult:
    """The score of a hand with a checked situation: the lean path's answer ``got`` (worked out
    here unless given), else the full path (rules with seed 003's extended fans, or a hand that
    is not complete: the full path says why)."""
    if got is _TRY_LEAN:
        got = (_lean_score or _load_lean())(h, sit, r)
    ctx: Any
    reading: Any
    if got is not None:
        best, n_readings, ctx, reading = got
        form = reading._form
    else:
        ctx = _prepare(h, sit, r)
        readings = _readings(ctx)
        if not readings:
            raise NotWinning(
                f"{h} is not a complete hand: no reading as four sets and a pair, seven pairs, "
                "thirteen orphans, honours and knitted tiles or a knitted straight"
            )
        n_readings = len(readings)
        pw, sw = sit.prevalent_wind, sit.seat_wind
        if n_readings == 1:
            reading = readings[0]
            best = walk_total(r, pw, sw, reading[2])
        else:
            best, reading = best_reading(readings, [walk_total(r, pw, sw, rd[2]) for rd in readings])
        form = reading[0]
    return _result(r, sit, form, best, n_readings, inferred, ctx, reading)


def _result(r: Rules, sit: Situation, form: str, best: int, n_readings: int,
            inferred: tuple[str, ...], ctx: Any, reading: Any) -> MCRResult:
    """The MCRResult of a scored hand, built without the dataclass __init__ (hot path; the same
    fields and the same object): see _Unfrozen."""
    res: Any = _new(_Unfrozen)
    res.rules = r.name
    res.form = form
    res.total_without_flowers = best
    res.flowers = flowers = r._values[_FLOWER] * sit.flowers  # type: ignore[attr-defined]
    res.total = best + flowers
    res.min_fan = r.min_fan
    res.situation = sit
    res.readings = n_readings
    res.inferred = inferred
    res._ctx = ctx
    res._reading = reading
    res.__class__ = MCRResult
    return res  # type: ignore[no-any-return]
