"""MCR scoring: every winning form and decomposition scored, the five principles applied, the
best reading kept (就高不就低), and a result that explains itself."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..decompose import PUNG, decompose
from ..errors import InvalidHand, NotWinning, TileMissing
from ..hand import Hand, MeldKind
from ..notation import parse_flowers, parse_hand
from ..tiles import (
    IS_GREEN, IS_REVERSIBLE, KIND, NUM_KINDS, tile_to_str,
)
from .combos import chow_fans, pung_fans
from .fans import FAN_BY_ID, FAN_INDEX, FANS
from .forms import (
    KNITTED, honors_and_knitted, is_nine_gates, is_seven_pairs, is_seven_shifted_pairs,
    is_thirteen_orphans, unique_wait, winning_kinds,
)
from .rules import Rules, get_rules

__all__ = ["score", "MCRResult", "FanEntry", "RemovedFan", "parse_wind", "Situation"]

_I = FAN_INDEX
_NF = len(FANS)
_YAOJIU = _I["pung_of_terminals_or_honors"]
_CHICKEN = _I["chicken_hand"]
_FLOWER = _I["flower_tiles"]

_WIND_NAMES = {
    "e": 0, "east": 0, "1z": 0, "东": 0, "東": 0, "0": 0,
    "s": 1, "south": 1, "2z": 1, "南": 1, "1": 1,
    "w": 2, "west": 2, "3z": 2, "西": 2, "2": 2,
    "n": 3, "north": 3, "4z": 3, "北": 3, "3": 3,
}
_WIND_LETTER = "ESWN"


def parse_wind(w: str | int, what: str = "wind") -> int:
    """0–3 for East, South, West, North; accepts "E", "east", "1z", "东", or 0–3."""
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


def _token_str(t: int) -> str:
    if t == _HAND:
        return "hand"
    if t < PUNG:
        s = tile_to_str(t)
        return f"{s[0]}{int(s[0]) + 1}{int(s[0]) + 2}{s[1]}"
    if t < _PAIR:
        s = tile_to_str(t - PUNG)
        return s[0] * 3 + s[1]
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

    def to_dict(self) -> dict[str, Any]:
        return {
            "self_drawn": self.self_drawn, "last_tile_of_wall": self.last_tile_of_wall,
            "kong": self.kong, "last_of_kind": self.last_of_kind,
            "seat_wind": _WIND_LETTER[self.seat_wind],
            "prevalent_wind": _WIND_LETTER[self.prevalent_wind], "flowers": self.flowers,
        }


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
    """The score of a complete MCR hand."""

    hand: str
    rules: str
    form: str
    decomposition: tuple[str, ...]
    fans: tuple[FanEntry, ...]
    removed: tuple[RemovedFan, ...]
    total_without_flowers: int
    flowers: int
    min_fan: int
    situation: Situation
    readings: int = 1  # decompositions / forms scored (就高不就低 kept the best)
    inferred: tuple[str, ...] = ()
    _rules_obj: Rules | None = field(default=None, repr=False, compare=False)

    @property
    def total(self) -> int:
        return self.total_without_flowers + self.flowers

    @property
    def meets_minimum(self) -> bool:
        return self.total_without_flowers >= self.min_fan

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


def _global_fans(ac: list[int], rules: Rules, green_flush: bool) -> list[tuple[int, int]]:
    """Fans decided by the tiles alone (colour, rank, terminal fans; 四归一 is separate).
    Returns (fan index, token) pairs; the token is _HAND."""
    kinds = [k for k in range(NUM_KINDS) if ac[k]]
    suits = {k // 9 for k in kinds if k < 27}
    honors = [k for k in kinds if k >= 27]
    out: list[int] = []
    nsuits = len(suits)
    if not honors:
        if nsuits == 1:
            out.append(_I["full_flush"])
        else:
            out.append(_I["no_honors"])
    if nsuits == 2:
        out.append(_I["one_voided_suit"])
    elif nsuits == 1 and honors:
        out.append(_I["half_flush"])
    if nsuits == 3 and any(k <= 30 for k in honors) and any(k >= 31 for k in honors):
        out.append(_I["all_types"])
    numbered = [k for k in kinds if k < 27]
    term_or_honor = [k for k in kinds if k >= 27 or _RANK0[k] in (0, 8)]
    if not term_or_honor:
        out.append(_I["all_simples"])
    if all(IS_REVERSIBLE[k] for k in kinds):
        out.append(_I["reversible_tiles"])
    if all(IS_GREEN[k] for k in kinds):
        out.append(_I["all_green"])
        if green_flush and not honors:
            pass
    if len(term_or_honor) == len(kinds):
        if not numbered:
            out.append(_I["all_honors"])
        elif not honors:
            out.append(_I["all_terminals"])
        else:
            out.append(_I["all_terminals_and_honors"])
    if numbered and not honors:
        ranks = {_RANK0[k] for k in numbered}
        if max(ranks) <= 3:
            out.append(_I["lower_four"] if 3 in ranks else _I["lower_tiles"])
        elif min(ranks) >= 5:
            out.append(_I["upper_four"] if 5 in ranks else _I["upper_tiles"])
        elif min(ranks) >= 3 and max(ranks) <= 5:
            out.append(_I["middle_tiles"])
    return [(i, _HAND) for i in out]


@dataclass(slots=True)
class _Ctx:
    hand: Hand
    sit: Situation
    rules: Rules
    win: int
    sc: list[int]              # standing counts incl. winning tile
    ac: list[int]              # whole-hand counts (kongs as 4)
    fixed_chows: tuple[int, ...]
    fixed_pungs: tuple[tuple[int, bool, bool], ...]  # (kind, is_kong, concealed)
    melded_cnt: int
    n_melds: int
    hand_fans: list[tuple[int, int]]  # fans common to every reading: globals, flags, series
    hog: list[int]             # kinds of 四归一
    kong_fans: list[tuple[int, int]]
    ck: int
    unique: bool | None = None


# raw fans of one reading: fan index -> list of uses (tuples of tokens)
_Raw = dict[int, list[tuple[int, ...]]]


def _add(raw: _Raw, idx: int, use: tuple[int, ...]) -> None:
    lst = raw.get(idx)
    if lst is None:
        raw[idx] = [use]
    else:
        lst.append(use)


def _prepare(hand: Hand, sit: Situation, rules: Rules) -> _Ctx:
    assert hand.winning_tile is not None
    win = KIND[hand.winning_tile]
    sc = [0] * NUM_KINDS
    for t in hand.concealed:
        sc[KIND[t]] += 1
    sc[win] += 1
    ac = sc[:]
    fixed_chows: list[int] = []
    fixed_pungs: list[tuple[int, bool, bool]] = []
    melded = 0
    mk = ck = 0
    for m in hand.melds:
        k = m.first
        if m.kind is MeldKind.CHOW:
            fixed_chows.append(k)
            ac[k] += 1
            ac[k + 1] += 1
            ac[k + 2] += 1
        else:
            is_kong = m.kind is MeldKind.KONG
            fixed_pungs.append((k, is_kong, m.concealed))
            ac[k] += 4 if is_kong else 3
            if is_kong:
                if m.concealed:
                    ck += 1
                else:
                    mk += 1
        if not m.concealed:
            melded += 1
    hf: list[tuple[int, int]] = []
    # how the hand was won
    sd = sit.self_drawn
    if sd:
        hf.append((_I["self_drawn"], _HAND))
    if melded == 0:
        hf.append((_I["fully_concealed_hand"] if sd else _I["concealed_hand"], _HAND))
    elif melded == 4 and not sd:
        hf.append((_I["melded_hand"], _HAND))
    if sit.last_of_kind:
        hf.append((_I["last_tile"], _TILE + win))
    if sit.last_tile_of_wall:
        hf.append((_I["last_tile_draw"] if sd else _I["last_tile_claim"], _TILE + win))
    if sit.kong:
        hf.append((_I["out_with_replacement_tile"] if sd else _I["robbing_the_kong"], _TILE + win))
    hf.extend(_global_fans(ac, rules, rules.green_may_add_flush))
    kong_kinds = {k for k, is_kong, _c in fixed_pungs if is_kong}
    hog = [k for k in range(NUM_KINDS) if ac[k] == 4 and k not in kong_kinds]
    # the kong series: at most one fan
    kf: list[tuple[int, int]] = []
    kongs = mk + ck
    ktoks = tuple(PUNG + k for k, is_kong, _c in fixed_pungs if is_kong)
    if kongs == 1:
        kf.append((_I["melded_kong"] if mk else _I["concealed_kong"], ktoks[0]))
    elif kongs == 2:
        if mk == 2:
            kf.append((_I["two_melded_kongs"], _HAND))
        elif ck == 2:
            kf.append((_I["two_concealed_kongs"], _HAND))
        elif rules.melded_concealed_kong:
            kf.append((_I["concealed_and_melded_kong"], _HAND))
        else:
            for k, is_kong, c in fixed_pungs:
                if is_kong:
                    kf.append((_I["concealed_kong"] if c else _I["melded_kong"], PUNG + k))
    elif kongs == 3:
        kf.append((_I["three_kongs"], _HAND))
    elif kongs == 4:
        kf.append((_I["four_kongs"], _HAND))
    return _Ctx(
        hand, sit, rules, win, sc, ac, tuple(sorted(fixed_chows)), tuple(fixed_pungs), melded,
        len(hand.melds), hf, hog, kf, ck,
    )


def _common(ctx: _Ctx, raw: _Raw) -> None:
    for idx, tok in ctx.hand_fans:
        _add(raw, idx, (tok,))
    for k in ctx.hog:
        _add(raw, _I["tile_hog"], (_TILE + k,))


def _wind_and_pung_fans(ctx: _Ctx, raw: _Raw, pung_kinds: list[int], concealed: int,
                        pair: int, n_pungs: int) -> None:
    sit = ctx.sit
    pw = 27 + sit.prevalent_wind
    sw = 27 + sit.seat_wind
    for k in pung_kinds:
        if k >= 31:
            _add(raw, _I["dragon_pung"], (PUNG + k,))
        if k == pw:
            _add(raw, _I["prevalent_wind"], (PUNG + k,))
        if k == sw:
            _add(raw, _I["seat_wind"], (PUNG + k,))
    for idx, tok in ctx.kong_fans:
        _add(raw, idx, (tok,))
    if concealed >= 2:
        _add(raw, _I[("two_concealed_pungs", "three_concealed_pungs", "four_concealed_pungs")[min(concealed, 4) - 2]],
             (_HAND,))
    if n_pungs == 4:
        _add(raw, _I["all_pungs"], (_HAND,))
    if pair >= 27:
        winds = [k for k in pung_kinds if 27 <= k <= 30]
        dragons = [k for k in pung_kinds if k >= 31]
        if pair <= 30 and len(winds) == 3:
            _add(raw, _I["little_four_winds"], (*(PUNG + k for k in winds), _PAIR + pair))
        if pair >= 31 and len(dragons) == 2:
            _add(raw, _I["little_three_dragons"], (*(PUNG + k for k in dragons), _PAIR + pair))


def _standard_raw(ctx: _Ctx, pair: int, sets: tuple[int, ...], nine_gates: bool) -> _Raw:
    raw: _Raw = {}
    _common(ctx, raw)
    win = ctx.win
    sd = ctx.sit.self_drawn
    chows = list(ctx.fixed_chows)
    st_chows = [s for s in sets if s < PUNG]
    chows.extend(st_chows)
    st_pungs = [s - PUNG for s in sets if s >= PUNG]
    pung_kinds = [k for k, _kg, _c in ctx.fixed_pungs]
    pung_kinds.extend(st_pungs)
    concealed = ctx.ck + len(st_pungs)
    if not sd and win in st_pungs and not any(c <= win <= c + 2 for c in st_chows):
        concealed -= 1  # the pung completed by the discard is melded
    chows.sort()
    pung_kinds.sort()
    _wind_and_pung_fans(ctx, raw, pung_kinds, concealed, pair, len(pung_kinds))
    counted, removed = chow_fans(tuple(chows), pair if len(chows) == 4 else -1)
    for fid, used in counted:
        if fid in ("pure_terminal_chows", "three_suited_terminal_chows"):
            _add(raw, _I[fid], (*used[:4], _PAIR + pair))
        else:
            _add(raw, _I[fid], used)
    if removed:
        for fid, used in removed:
            _add(raw, -1 - _I[fid], used)  # negative: removed by 套算一次
    counted, _r = pung_fans(tuple(pung_kinds))
    for fid, used in counted:
        _add(raw, _I[fid], tuple(PUNG + k for k in used))
    if len(chows) == 4 and pair < 27:
        _add(raw, _I["all_chows"], (_HAND,))
    # 全带幺 / 全带五 / 全双刻: every set and the pair
    t_ok = f_ok = e_ok = True
    if pair < 27:
        r = _RANK0[pair]
        t_ok = r in (0, 8)
        f_ok = r == 4
        e_ok = r in (1, 3, 5, 7)
    else:
        f_ok = e_ok = False
    for c in chows:
        r = _RANK0[c]
        if r not in (0, 6):
            t_ok = False
        if not 2 <= r <= 4:
            f_ok = False
        e_ok = False
    for k in pung_kinds:
        if k < 27:
            r = _RANK0[k]
            if r not in (0, 8):
                t_ok = False
            if r != 4:
                f_ok = False
            if r not in (1, 3, 5, 7):
                e_ok = False
        else:
            f_ok = e_ok = False
    if t_ok:
        _add(raw, _I["outside_hand"], (_HAND,))
    if f_ok:
        _add(raw, _I["all_fives"], (_HAND,))
    if e_ok:
        _add(raw, _I["all_even_pungs"], (_HAND,))
    # wait fans: only when exactly one tile kind completes the hand
    if ctx.unique is None:
        ctx.unique = unique_wait(ctx.sc, win)
    if ctx.unique:
        edge = closed = False
        for c in st_chows:
            if c == win - 1:
                closed = True
            elif c == win or c + 2 == win:
                edge = True
        if edge:
            _add(raw, _I["edge_wait"], (win,))  # token: the chow starting ... see below
        elif closed:
            _add(raw, _I["closed_wait"], (win - 1,))
        elif pair == win:
            _add(raw, _I["single_wait"], (_PAIR + pair,))
    if edge_fix := raw.get(_I["edge_wait"]):
        c = next(c for c in st_chows if c == win or c + 2 == win)
        edge_fix[0] = (c,)
    if nine_gates:
        _add(raw, _I["nine_gates"], (_HAND,))
    # pungs of terminals/honours, candidates for 幺九刻 (absorption decided by the principles)
    for k in pung_kinds:
        if (k < 27 and _RANK0[k] in (0, 8)) or 27 <= k <= 30:
            _add(raw, _YAOJIU, (PUNG + k,))
    return raw


def _apply_principles(ctx: _Ctx, raw: _Raw, removed_out: list[tuple[int, int, str, int | None, list[tuple[int, ...]]]] | None
                      ) -> tuple[int, list[tuple[int, list[tuple[int, ...]]]]]:
    """不重复 (the 不计 table) and the 幺九刻 absorptions; returns (total, kept fans)."""
    rules = ctx.rules
    excl_tab = rules._excl  # type: ignore[attr-defined]
    values = rules._values  # type: ignore[attr-defined]
    enabled = rules._enabled  # type: ignore[attr-defined]
    excluded = 0
    by: dict[int, int] = {}
    kept: list[tuple[int, list[tuple[int, ...]]]] = []
    kept_set: set[int] = set()
    total = 0
    for idx in sorted(i for i in raw if i >= 0):
        uses = raw[idx]
        if not (enabled >> idx) & 1:
            if removed_out is not None:
                removed_out.append((idx, len(uses), "disabled", None, uses))
            continue
        if (excluded >> idx) & 1:
            if removed_out is not None:
                removed_out.append((idx, len(uses), "不重复", by.get(idx), uses))
            continue
        if idx == _YAOJIU:
            pw = PUNG + 27 + ctx.sit.prevalent_wind
            sw = PUNG + 27 + ctx.sit.seat_wind
            winds_absorbed = _I["big_three_winds"] in kept_set or _I["little_four_winds"] in kept_set
            keep_uses = []
            absorbed = []
            for u in uses:
                t = u[0]
                if PUNG + 27 <= t <= PUNG + 30 and (
                    winds_absorbed
                    or (t == pw and _I["prevalent_wind"] in kept_set)
                    or (t == sw and _I["seat_wind"] in kept_set)
                ):
                    absorbed.append(u)
                else:
                    keep_uses.append(u)
            if _I["nine_gates"] in kept_set and keep_uses:
                absorbed.append(keep_uses.pop(0))
            if absorbed and removed_out is not None:
                removed_out.append((idx, len(absorbed), "不重复", None, absorbed))
            if not keep_uses:
                continue
            uses = keep_uses
        kept.append((idx, uses))
        kept_set.add(idx)
        total += values[idx] * len(uses)
        m = excl_tab[idx]
        if m:
            new = m & ~excluded
            excluded |= m
            if removed_out is not None and new:
                j = 0
                while new:
                    if new & 1:
                        by[j] = idx
                    new >>= 1
                    j += 1
    if removed_out is not None:
        for idx in raw:
            if idx < 0:
                removed_out.append((-1 - idx, len(raw[idx]), "套算一次", None, raw[idx]))
    if not kept and (enabled >> _CHICKEN) & 1:
        kept.append((_CHICKEN, [(_HAND,)]))
        total = values[_CHICKEN]
    return total, kept


# a reading: (form name, decomposition tokens, raw fans)
_Reading = tuple[str, tuple[int, ...], _Raw]


def _readings(ctx: _Ctx) -> list[_Reading]:
    hand = ctx.hand
    sc = ctx.sc
    win = ctx.win
    out: list[_Reading] = []
    n_melds = ctx.n_melds
    special_done = False
    if n_melds == 0:
        if is_thirteen_orphans(sc):
            raw: _Raw = {}
            _common(ctx, raw)
            _add(raw, _I["thirteen_orphans"], (_HAND,))
            out.append(("thirteen_orphans", tuple(_TILE + k for k in range(34) for _ in range(sc[k])), raw))
            special_done = True
        else:
            lesser, greater, nine = honors_and_knitted(sc)
            if lesser or greater:
                raw = {}
                _common(ctx, raw)
                _add(raw, _I["greater_honors_and_knitted_tiles" if greater else "lesser_honors_and_knitted_tiles"],
                     (_HAND,))
                if nine:
                    ki = next(i for i, seq in enumerate(KNITTED) if all(sc[k] for k in seq))
                    _add(raw, _I["knitted_straight"], (_KNIT + ki,))
                out.append(("greater_honors_and_knitted_tiles" if greater else "lesser_honors_and_knitted_tiles",
                            tuple(_TILE + k for k in range(34) if sc[k]), raw))
                special_done = True
            elif is_seven_pairs(sc):
                raw = {}
                _common(ctx, raw)
                pairs = tuple(_PAIR + k for k in range(34) for _ in range(sc[k] // 2))
                if is_seven_shifted_pairs(sc):
                    _add(raw, _I["seven_shifted_pairs"], (_HAND,))
                    out.append(("seven_shifted_pairs", pairs, raw))
                else:
                    _add(raw, _I["seven_pairs"], (_HAND,))
                    out.append(("seven_pairs", pairs, raw))
    if special_done:
        return out
    # 组合龙 with a set and a pair (at most one declared meld)
    if n_melds <= 1:
        for ki, seq in enumerate(KNITTED):
            if not all(sc[k] for k in seq):
                continue
            rest = sc[:]
            for k in seq:
                rest[k] -= 1
            for pair, sets in decompose(rest, 1 - n_melds):
                raw = _knitted_raw(ctx, ki, seq, pair, sets)
                toks = (_KNIT + ki, *(sets if sets else ()), _PAIR + pair)
                out.append(("knitted_straight", toks, raw))
    nine = n_melds == 0 and is_nine_gates(sc, win)
    for pair, sets in _decompose_cached(tuple(sc), 4 - n_melds):
        raw = _standard_raw(ctx, pair, sets, nine)
        out.append(("nine_gates" if nine else "standard", (*sets, _PAIR + pair), raw))
    del hand
    return out


@lru_cache(maxsize=65536)
def _decompose_cached(counts: tuple[int, ...], n_sets: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    return tuple(decompose(counts, n_sets))


def _knitted_raw(ctx: _Ctx, ki: int, seq: tuple[int, ...], pair: int, sets: tuple[int, ...]) -> _Raw:
    raw: _Raw = {}
    _common(ctx, raw)
    _add(raw, _I["knitted_straight"], (_KNIT + ki,))
    win = ctx.win
    if sets:
        s = sets[0]
        is_chow = s < PUNG
        pung_kinds = [] if is_chow else [s - PUNG]
        concealed = 0
    else:
        k, _is_kong, _c = ctx.fixed_pungs[0] if ctx.fixed_pungs else (-1, False, False)
        is_chow = not ctx.fixed_pungs
        pung_kinds = [] if is_chow else [k]
        concealed = 0
    _wind_and_pung_fans(ctx, raw, pung_kinds, concealed, pair, 0)
    if is_chow and pair < 27:
        _add(raw, _I["all_chows"], (_HAND,))
    for k in pung_kinds:
        if (k < 27 and _RANK0[k] in (0, 8)) or 27 <= k <= 30:
            _add(raw, _YAOJIU, (PUNG + k,))
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
                    _add(raw, _I["closed_wait"], (s,))
                elif s < PUNG and (s == win or s + 2 == win):
                    _add(raw, _I["edge_wait"], (s,))
                elif pair == win:
                    _add(raw, _I["single_wait"], (_PAIR + pair,))
        elif pair == win:
            _add(raw, _I["single_wait"], (_PAIR + pair,))
    return raw


# -- situation checks ----------------------------------------------------------------------------
def _check_situation(hand: Hand, sit: Situation) -> tuple[Situation, tuple[str, ...]]:
    assert hand.winning_tile is not None
    win = KIND[hand.winning_tile]
    standing_copies = sum(1 for t in hand.concealed if KIND[t] == win)
    meld_copies = sum(1 for m in hand.melds for t in m.tiles if KIND[t] == win)
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
        sit = Situation(sit.self_drawn, sit.last_tile_of_wall, sit.kong, True, sit.seat_wind,
                        sit.prevalent_wind, sit.flowers)
        inferred.append("last_of_kind: the other three copies of the winning tile are in the melds")
    return sit, tuple(inferred)


def _flower_count(hand: Hand, flowers: int | str | tuple[int, ...] | None) -> int:
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
    self_drawn: bool = False,
    last_tile_of_wall: bool = False,
    kong: bool = False,
    last_of_kind: bool = False,
    seat_wind: str | int = "E",
    prevalent_wind: str | int = "E",
    flowers: int | str | tuple[int, ...] | None = 0,
    rules: str | Rules = "mcr",
) -> MCRResult:
    """Score a complete MCR hand (see the module and ``MCR.md``)."""
    h = parse_hand(hand)
    if h.winning_tile is None:
        raise TileMissing(
            "13 tiles: this is a waiting hand; add the winning tile (the last tile written) to score it"
        )
    r = get_rules(rules)
    sit = Situation(
        bool(self_drawn), bool(last_tile_of_wall), bool(kong), bool(last_of_kind),
        parse_wind(seat_wind, "seat wind"), parse_wind(prevalent_wind, "prevalent wind"),
        _flower_count(h, flowers),
    )
    sit, inferred = _check_situation(h, sit)
    return _score_checked(h, sit, r, inferred)


def total_only(hand: Hand, sit: Situation, rules: Rules) -> int:
    """The total (flowers included) of a parsed complete hand with a checked situation; the fast
    path used by bulk checks and the benchmark. Raises NotWinning."""
    ctx = _prepare(hand, sit, rules)
    best = -1
    for _form, _toks, raw in _readings(ctx):
        t, _k = _apply_principles(ctx, raw, None)
        if t > best:
            best = t
    if best < 0:
        raise NotWinning(f"{hand} is not a complete hand")
    return best + sit.flowers


def _score_checked(h: Hand, sit: Situation, r: Rules, inferred: tuple[str, ...]) -> MCRResult:
    ctx = _prepare(h, sit, r)
    readings = _readings(ctx)
    if not readings:
        raise NotWinning(
            f"{h} is not a complete hand: no reading as four sets and a pair, seven pairs, "
            "thirteen orphans, honours and knitted tiles or a knitted straight"
        )
    best: tuple[int, int, str, tuple[int, ...], _Raw] | None = None
    for i, (form, toks, raw) in enumerate(readings):
        t, _k = _apply_principles(ctx, raw, None)
        if best is None or t > best[0]:
            best = (t, i, form, toks, raw)
    assert best is not None
    total, _i, form, toks, raw = best
    removed_raw: list[tuple[int, int, str, int | None, list[tuple[int, ...]]]] = []
    total2, kept = _apply_principles(ctx, raw, removed_raw)
    assert total2 == total
    values = r._values  # type: ignore[attr-defined]
    fans = []
    for idx, uses in kept:
        f = FANS[idx]
        fans.append(FanEntry(
            f.id, f.zh, f.zh_hant, f.en, values[idx], len(uses),
            tuple(tuple(_token_str(t) for t in u) for u in uses),
        ))
    if sit.flowers:
        f = FANS[_FLOWER]
        fans.append(FanEntry(f.id, f.zh, f.zh_hant, f.en, values[_FLOWER], sit.flowers, ()))
    fans.sort(key=lambda e: (-e.value, FAN_INDEX[e.id]))
    removed = tuple(
        RemovedFan(FANS[idx].id, FANS[idx].zh, FANS[idx].en, n, why,
                   FANS[b].id if b is not None else None,
                   tuple(tuple(_token_str(t) for t in u) for u in uses))
        for idx, n, why, b, uses in removed_raw
    )
    decomposition = tuple(_token_str(t) for t in toks)
    flowers_points = values[_FLOWER] * sit.flowers
    return MCRResult(
        hand=str(h), rules=r.name, form=form, decomposition=decomposition, fans=tuple(fans),
        removed=removed, total_without_flowers=total, flowers=flowers_points, min_fan=r.min_fan,
        situation=sit, readings=len(readings), inferred=inferred, _rules_obj=r,
    )
