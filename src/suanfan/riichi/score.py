"""Scoring a riichi hand: yaku, fu, dora, limits and payments.

One pass per decomposition of the standing tiles (the foundation's cached decompositions) and per
reading of the winning tile (which set or the pair it completed). Hand-wide features (tile
classes, dora) are computed once. Of all readings the one worth most is scored (RIICHI.md: "the
reading worth most is taken"); on equal points the higher han, then the higher fu.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..decompose import PUNG, decompose, is_thirteen_orphans
from ..errors import InvalidHand, NotWinning, NoYaku, TileMissing
from ..hand import Hand, MeldKind
from ..notation import parse_hand, parse_tile, parse_tiles
from ..tiles import (
    EAST,
    GREEN,
    IS_GREEN,
    IS_RED,
    IS_TERMINAL_OR_HONOR,
    KIND,
    NORTH,
    RED_MAN,
    WHITE,
    tile_to_str,
)
from .points import Payment, base_points, payment
from .rules import Rules, get_rules
from .yaku import DOUBLE_TO_SINGLE, YAKU, Yaku, yaku_entry

__all__ = ["FuItem", "Result", "dora_of_indicator", "nagashi_mangan", "score"]

_WINDS = {"E": 27, "S": 28, "W": 29, "N": 30, "EAST": 27, "SOUTH": 28, "WEST": 29, "NORTH": 30,
          "1Z": 27, "2Z": 28, "3Z": 29, "4Z": 30, "东": 27, "南": 28, "西": 29, "北": 30,
          "東": 27}
_TH = IS_TERMINAL_OR_HONOR
_DRAGON_YAKU = ("haku", "hatsu", "chun")
_SEAT_YAKU = ("seat_wind_e", "seat_wind_s", "seat_wind_w", "seat_wind_n")
_ROUND_YAKU = ("round_wind_e", "round_wind_s", "round_wind_w", "round_wind_n")

# ---------------------------------------------------------------------------------------------
# fu breakdown
_FU_TEXT: dict[str, tuple[str, str, str]] = {
    "base": ("base fu", "副底", "底符"),
    "chiitoitsu": ("seven pairs: fixed 25 fu", "七対子 25符", "七对子固定25符"),
    "menzen_ron": ("closed hand won on a discard", "門前加符", "门前荣和加符"),
    "tsumo": ("self-drawn win", "自摸符", "自摸符"),
    "kanchan": ("closed wait (kanchan)", "嵌張待ち", "嵌张"),
    "penchan": ("edge wait (penchan)", "辺張待ち", "边张"),
    "tanki": ("pair wait (tanki)", "単騎待ち", "单骑"),
    "yakuhai_pair": ("pair of a value tile", "役牌雀頭", "役牌雀头"),
    "double_wind_pair": ("pair of the seat and round wind", "連風牌雀頭", "连风牌雀头"),
    "open_pung": ("open pung", "明刻", "明刻"),
    "closed_pung": ("concealed pung", "暗刻", "暗刻"),
    "open_kong": ("open kong", "明槓", "明杠"),
    "closed_kong": ("concealed kong", "暗槓", "暗杠"),
    "open_pinfu": ("open hand without fu: raised to 30", "喰い平和形 (30符)", "副露平和型补符"),
}


@dataclass(frozen=True, slots=True)
class FuItem:
    """One line of the fu breakdown: ``fu`` for ``id`` with the tiles or reason in ``detail``."""

    id: str
    fu: int
    detail: str = ""

    def text(self, lang: str = "en") -> str:
        en, ja, zh = _FU_TEXT[self.id]
        name = ja if lang.startswith("ja") else zh if lang.startswith("zh") else en
        return f"{name} {self.detail}".strip()

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "fu": self.fu, "detail": self.detail, "text": self.text()}


@dataclass(frozen=True, slots=True)
class Result:
    """The score of a riichi hand. ``fu`` is 0 for a hand scored only by yakuman."""

    hand: str
    han: int
    fu: int
    yakuman: int
    yaku: tuple[Yaku, ...]
    limit: str
    payment: Payment
    fu_breakdown: tuple[FuItem, ...]
    fu_unrounded: int
    dealer: bool
    tsumo: bool
    wait: str
    sets: tuple[str, ...]
    dora: int
    ura_dora: int
    aka_dora: int
    rules: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "system": "riichi",
            "hand": self.hand,
            "han": self.han,
            "fu": self.fu,
            "yakuman": self.yakuman,
            "limit": self.limit,
            "yaku": [y.to_dict() for y in self.yaku],
            "fu_breakdown": [f.to_dict() for f in self.fu_breakdown],
            "fu_unrounded": self.fu_unrounded,
            "payment": self.payment.to_dict(),
            "dealer": self.dealer,
            "tsumo": self.tsumo,
            "wait": self.wait,
            "sets": list(self.sets),
            "dora": self.dora,
            "ura_dora": self.ura_dora,
            "aka_dora": self.aka_dora,
            "rules": self.rules,
        }


# ---------------------------------------------------------------------------------------------
# situation input
def _wind(value: str | int, what: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        if 27 <= value <= 30:
            return value
        if 0 <= value <= 3:
            return 27 + value
    elif isinstance(value, str):
        w = _WINDS.get(value.strip().upper())
        if w is not None:
            return w
    raise InvalidHand(f"{what} {value!r} is not a wind: use E, S, W or N")


def _tiles(value: str | Iterable[str | int] | None, what: str) -> tuple[int, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        try:
            return tuple(parse_tiles(value)) if value.strip() else ()
        except InvalidHand as exc:
            raise InvalidHand(f"{what}: {exc}") from None
    out: list[int] = []
    for v in value:
        if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 37:
            out.append(v)
        elif isinstance(v, str):
            try:
                out.append(parse_tile(v))
            except InvalidHand as exc:
                raise InvalidHand(f"{what}: {exc}") from None
        else:
            raise InvalidHand(f"{what}: {v!r} is not a tile")
    return tuple(out)


def dora_of_indicator(t: int, sanma: bool = False) -> int:
    """The dora kind shown by indicator tile ``t`` (next in its suit, winds and dragons cycle)."""
    k = KIND[t]
    if k < 27:
        if sanma and k == 0:
            return 8
        if sanma and k == 8:
            return 0
        return k + 1 if k % 9 != 8 else k - 8
    if k <= NORTH:
        return k + 1 if k != NORTH else EAST
    return k + 1 if k != 33 else WHITE


def _int(value: int, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InvalidHand(f"{what} must be a whole number >= 0, not {value!r}")
    return value


# ---------------------------------------------------------------------------------------------
# scoring
class _Ctx:
    """Everything about the hand and the situation that does not depend on the decomposition."""

    __slots__ = (
        "closed",
        "dora_yaku",
        "has_melds",
        "meld_chows",
        "meld_pungs",
        "n_kongs",
        "rnd",
        "rules",
        "seat",
        "tsumo",
        "w",
        "wide_yaku",
        "wide_yakuman",
    )
    w: int
    tsumo: bool
    closed: bool
    seat: int
    rnd: int
    rules: Rules
    meld_chows: list[int]
    meld_pungs: list[tuple[int, bool, bool]]
    n_kongs: int
    wide_yaku: list[tuple[str, int]]
    wide_yakuman: list[tuple[str, int]]
    dora_yaku: list[tuple[str, int]]
    has_melds: bool


def score(
    hand: str | Hand,
    tsumo: bool = False,
    riichi: bool = False,
    double_riichi: bool = False,
    ippatsu: bool = False,
    rinshan: bool = False,
    chankan: bool = False,
    haitei: bool = False,
    houtei: bool = False,
    tenhou: bool = False,
    chiihou: bool = False,
    renhou: bool = False,
    seat_wind: str | int = "E",
    round_wind: str | int = "E",
    dora_indicators: str | Iterable[str | int] | None = "",
    ura_dora_indicators: str | Iterable[str | int] | None = "",
    honba: int = 0,
    riichi_sticks: int = 0,
    rules: str | Rules = "default",
    nuki: int = 0,
) -> Result:
    """Score a complete riichi hand (see API.md). ``nuki``: North tiles set aside (sanma)."""
    R = get_rules(rules)
    h = hand if isinstance(hand, Hand) else parse_hand(hand)
    w_tile = h.winning_tile
    if w_tile is None:
        raise TileMissing("13 tiles: a riichi score needs the complete hand with its winning tile")
    if h.flowers:
        raise InvalidHand("riichi has no flowers")
    seat = _wind(seat_wind, "seat wind")
    rnd = _wind(round_wind, "round wind")
    honba = _int(honba, "honba")
    riichi_sticks = _int(riichi_sticks, "riichi sticks")
    nuki = _int(nuki, "nuki")
    dealer = seat == EAST
    melds = h.melds
    closed = True
    n_kongs = 0
    meld_chows: list[int] = []
    meld_pungs: list[tuple[int, bool, bool]] = []
    for m in melds:
        if not m.concealed:
            closed = False
        if m.kind is MeldKind.CHOW:
            meld_chows.append(m.first)
        else:
            kong = m.kind is MeldKind.KONG
            n_kongs += kong
            meld_pungs.append((m.first, m.concealed, kong))
    if double_riichi:
        riichi = True

    # -- flags that contradict the hand or each other
    def bad(msg: str) -> InvalidHand:
        return InvalidHand(msg)

    if riichi and not closed:
        raise bad(("double riichi" if double_riichi else "riichi") + " needs a closed hand, "
                  "but the hand has open melds")
    if ippatsu and not riichi:
        raise bad("ippatsu without riichi: ippatsu is a win within a turn of declaring riichi")
    if rinshan and not tsumo:
        raise bad("rinshan kaihou is a self-drawn win on the replacement tile of a kong (set tsumo)")
    if rinshan and not n_kongs:
        raise bad("rinshan kaihou without a kong: the hand declares no kong")
    if rinshan and ippatsu:
        raise bad("ippatsu cannot be won on a kong's replacement tile (seed 000, 一發 note)")
    if chankan and tsumo:
        raise bad("chankan (robbing a kong) is a win on another player's tile, not a tsumo")
    if haitei and not tsumo:
        raise bad("haitei is a self-drawn win on the last wall tile (set tsumo; on a discard it is houtei)")
    if houtei and tsumo:
        raise bad("houtei is a win on the last discard, not a tsumo (the self-drawn one is haitei)")
    if haitei and rinshan:
        raise bad("haitei and rinshan kaihou together: the last wall tile is not a replacement tile")
    if houtei and chankan:
        raise bad("houtei and chankan together: the robbed kong tile is not the last discard")
    for flag, name in ((tenhou, "tenhou"), (chiihou, "chiihou"), (renhou, "renhou")):
        if not flag:
            continue
        if melds:
            raise bad(f"{name} is won before any call, but the hand has melds")
        if riichi or ippatsu:
            raise bad(f"{name} is won before the first discard: no riichi or ippatsu")
        if rinshan or chankan or haitei or houtei:
            raise bad(f"{name} cannot be combined with rinshan, chankan, haitei or houtei")
    if tenhou and (not dealer or not tsumo):
        raise bad("tenhou is the dealer's (seat wind E) self-drawn win on the first draw")
    if chiihou and (dealer or not tsumo):
        raise bad("chiihou is a non-dealer's self-drawn win on the first draw")
    if renhou and (dealer or tsumo):
        raise bad("renhou is a non-dealer's win on a discard before the first draw")
    if renhou and R.renhou == "off":
        raise bad(f"renhou is not counted under the rules {R.name!r}")
    if tenhou + chiihou + renhou > 1:
        raise bad("tenhou, chiihou and renhou exclude each other")

    counts = [0] * 34
    for t in h.concealed:
        counts[KIND[t]] += 1
    w = KIND[w_tile]
    counts[w] += 1
    if chankan and counts[w] != 1:
        raise bad("chankan: the robbed tile completes another player's kong, so the hand cannot "
                  f"hold another {tile_to_str(w)}")
    all_counts = counts[:]
    for m in melds:
        all_counts[m.first] += len(m.tiles) if m.kind is not MeldKind.CHOW else 0
        if m.kind is MeldKind.CHOW:
            all_counts[m.first] += 1
            all_counts[m.first + 1] += 1
            all_counts[m.first + 2] += 1

    # -- dora (RIICHI.md: count only once the hand has a yaku)
    dora_ind = _tiles(dora_indicators, "dora indicators")
    ura_ind = _tiles(ura_dora_indicators, "ura dora indicators") if riichi else ()
    seen = all_counts[:]
    for t in (*dora_ind, *ura_ind):
        seen[KIND[t]] += 1
    if len(dora_ind) > 5 or len(ura_ind) > 5:
        raise bad("at most 5 dora indicators (1 + one per kong)")
    if R.sanma:
        if any(all_counts[k] for k in range(1, 8)):
            raise bad("three-player rules: there are no 2m-8m tiles")
        seen[NORTH] += nuki
    elif nuki:
        raise bad("nuki dora (North set aside) exist only in three-player rules")
    for k in range(34):
        if seen[k] > 4:
            raise bad(f"{seen[k]} copies of {tile_to_str(k)} between the hand and the indicators: "
                      "there are only 4")
    all_tiles = h.all_tiles
    reds = [0, 0, 0]
    for t in (*all_tiles, *dora_ind, *ura_ind):
        if t >= RED_MAN:
            reds[t - RED_MAN] += 1
    if max(reds) > 1:
        raise bad("more than one red five of a suit between the hand and the indicators")
    dora = 0
    for t in dora_ind:
        d = dora_of_indicator(t, R.sanma)
        dora += all_counts[d] + (nuki if d == NORTH else 0)
    ura = 0
    for t in ura_ind:
        d = dora_of_indicator(t, R.sanma)
        ura += all_counts[d] + (nuki if d == NORTH else 0)
    aka = sum(1 for t in all_tiles if IS_RED[t]) if R.red_fives else 0

    # -- hand-wide yaku (seed 000: tanyao, honitsu/chinitsu, honroutou, tsuuiisou, chinroutou,
    # ryuuiisou) and situation yaku
    ctx = _Ctx()
    ctx.w = w
    ctx.tsumo = tsumo
    ctx.closed = closed
    ctx.seat = seat
    ctx.rnd = rnd
    ctx.rules = R
    ctx.meld_chows = meld_chows
    ctx.meld_pungs = meld_pungs
    ctx.n_kongs = n_kongs
    ctx.has_melds = bool(melds)
    kinds = [k for k in range(34) if all_counts[k]]
    suits = {k // 9 for k in kinds if k < 27}
    has_honor = kinds[-1] >= 27
    all_th = all(_TH[k] for k in kinds)
    wide: list[tuple[str, int]] = []
    wide_ym: list[tuple[str, int]] = []
    if not any(_TH[k] for k in kinds) and (closed or R.open_tanyao):
        wide.append(("tanyao", 1))
    if len(suits) == 1:
        if has_honor:
            wide.append(("honitsu", 3 if closed else 2))
        else:
            wide.append(("chinitsu", 6 if closed else 5))
    if all_th:
        if kinds[0] >= 27:
            wide_ym.append(("tsuuiisou", 1))
        elif not has_honor:
            wide_ym.append(("chinroutou", 1))
        else:
            wide.append(("honroutou", 2))
    if all(IS_GREEN[k] for k in kinds) and (all_counts[GREEN] or not R.ryuuiisou_needs_hatsu):
        wide_ym.append(("ryuuiisou", 1))
    sit: list[tuple[str, int]] = []
    sit_ym: list[tuple[str, int]] = []
    if double_riichi:
        sit.append(("double_riichi", 2))
    elif riichi:
        sit.append(("riichi", 1))
    if ippatsu:
        sit.append(("ippatsu", 1))
    if tsumo and closed:
        sit.append(("menzen_tsumo", 1))
    if rinshan:
        sit.append(("rinshan", 1))
    if chankan:
        sit.append(("chankan", 1))
    if haitei:
        sit.append(("haitei", 1))
    if houtei:
        sit.append(("houtei", 1))
    if renhou:
        if R.renhou == "yakuman":
            sit_ym.append(("renhou_yakuman", 1))
        else:
            sit.append(("renhou", 5))
    if tenhou:
        sit_ym.append(("tenhou", 1))
    if chiihou:
        sit_ym.append(("chiihou", 1))
    ctx.wide_yaku = sit + wide
    ctx.wide_yakuman = sit_ym + wide_ym
    dora_yaku: list[tuple[str, int]] = []
    if dora:
        dora_yaku.append(("dora", dora))
    if ura:
        dora_yaku.append(("ura_dora", ura))
    if aka:
        dora_yaku.append(("aka_dora", aka))
    if nuki:
        dora_yaku.append(("nuki_dora", nuki))
    ctx.dora_yaku = dora_yaku

    # -- candidates: (key, han, fu, yakuman, yaku list, fu items, wait, sets)
    best: _Cand | None = None
    found = False
    if not melds:
        if is_thirteen_orphans(counts):
            found = True
            ym = list(sit_ym)
            ym.append(("kokushi_13", 2) if counts[w] == 2 else ("kokushi", 1))
            best = _better(best, _yakuman_cand(ctx, ym, "kokushi (13-sided)" if counts[w] == 2
                                               else "kokushi", ("19m19p19s1234567z",)))
        pairs = _seven_pairs(counts)
        if pairs is not None:
            found = True
            best = _better(best, _chiitoitsu(ctx, pairs))
    n_sets = 4 - len(melds)
    chuuren = 0
    if not melds and len(suits) == 1 and not has_honor:
        base = kinds[0] - kinds[0] % 9
        rel = counts[base:base + 9]
        if rel[0] >= 3 and rel[8] >= 3 and min(rel) >= 1:
            rel13 = rel[:]
            rel13[w - base] -= 1
            chuuren = 2 if rel13 == [3, 1, 1, 1, 1, 1, 1, 1, 3] else 1
    for pair, sets in decompose(counts, n_sets):
        found = True
        for cand in _evaluate(ctx, pair, sets, chuuren):
            best = _better(best, cand)
    if not found:
        raise NotWinning("the tiles do not form a complete hand (four sets and a pair, seven "
                         "pairs or thirteen orphans)")
    if best is None:
        raise NoYaku("the hand is complete but has no yaku (dora alone do not count)")
    han, fu, ymult, ylist, fu_items, raw, wait, sets_txt, _key = best
    base_pts, limit = base_points(han, fu, ymult, R)
    pay = payment(base_pts, dealer, tsumo, honba, riichi_sticks, R)
    entries = tuple(
        yaku_entry(i, 13 * n, n) if YAKU[i].yakuman else yaku_entry(i, n) for i, n in ylist
    )
    return Result(
        hand=str(h), han=han, fu=fu, yakuman=ymult, yaku=entries, limit=limit, payment=pay,
        fu_breakdown=tuple(fu_items), fu_unrounded=raw, dealer=dealer, tsumo=tsumo, wait=wait,
        sets=sets_txt, dora=dora if not ymult else 0, ura_dora=ura if not ymult else 0,
        aka_dora=aka if not ymult else 0, rules=R.name,
    )


# (han, fu, yakuman, yaku [(id, han-or-multiplier)], fu items, raw fu, wait, sets, sort key)
_Cand = tuple[int, int, int, list[tuple[str, int]], list[FuItem], int, str, tuple[str, ...],
              tuple[int, int, int, int]]


def _value(han: int, fu: int, ymult: int, rules: Rules) -> int:
    return base_points(han, fu, ymult, rules)[0]


def _better(a: _Cand | None, b: _Cand | None) -> _Cand | None:
    if b is None:
        return a
    if a is None or b[8] > a[8]:
        return b
    return a


def _finish_yakuman(ctx: _Ctx, ym: list[tuple[str, int]]) -> tuple[int, list[tuple[str, int]]]:
    R = ctx.rules
    if not R.double_yakuman:
        ym = [(DOUBLE_TO_SINGLE.get(i, i), 1) for i, _ in ym]
    if not R.yakuman_stacking and len(ym) > 1:
        top = max(ym, key=lambda x: x[1])
        ym = [top]
    return sum(n for _, n in ym), ym


def _yakuman_cand(ctx: _Ctx, ym: list[tuple[str, int]], wait: str, sets: tuple[str, ...]) -> _Cand:
    mult, ym = _finish_yakuman(ctx, ym)
    v = _value(0, 0, mult, ctx.rules)
    return (13 * mult, 0, mult, ym, [], 0, wait, sets, (v, 1, 13 * mult, 0))


def _ordinary(ctx: _Ctx, yl: list[tuple[str, int]], fu: int, items: list[FuItem], raw: int,
              wait: str, sets: tuple[str, ...]) -> _Cand | None:
    han = 0
    for _, n in yl:
        han += n
    if not han:
        return None
    yl = yl + ctx.dora_yaku
    for _, n in ctx.dora_yaku:
        han += n
    v = _value(han, fu, 0, ctx.rules)
    return (han, fu, 0, yl, items, raw, wait, sets, (v, 0, han, fu))


def _seven_pairs(counts: Sequence[int]) -> list[int] | None:
    pairs = []
    for k in range(34):
        c = counts[k]
        if c == 2:
            pairs.append(k)
        elif c:
            return None
    return pairs if len(pairs) == 7 else None


def _chiitoitsu(ctx: _Ctx, pairs: list[int]) -> _Cand | None:
    sets = tuple(tile_to_str(k) * 2 for k in pairs)
    if ctx.wide_yakuman:
        return _yakuman_cand(ctx, list(ctx.wide_yakuman), "tanki", sets)
    yl = [("chiitoitsu", 2), *ctx.wide_yaku]
    return _ordinary(ctx, yl, 25, [FuItem("chiitoitsu", 25)], 25, "tanki", sets)


def _set_text(code: int) -> str:
    if code < PUNG:
        return tile_to_str(code)[0] + tile_to_str(code + 1)[0] + tile_to_str(code + 2)
    k = code - PUNG
    return tile_to_str(k)[0] * 2 + tile_to_str(k)


def _evaluate(ctx: _Ctx, pair: int, sets: tuple[int, ...], chuuren: int) -> list[_Cand]:
    """The candidates of one decomposition: one per reading of the winning tile."""
    w = ctx.w
    R = ctx.rules
    closed = ctx.closed
    seat = ctx.seat
    rnd = ctx.rnd
    chows = list(ctx.meld_chows)
    # pungs: (kind, concealed, kong, from the standing tiles)
    pungs = [(k, c, g, False) for k, c, g in ctx.meld_pungs]
    for s in sets:
        if s < PUNG:
            chows.append(s)
        else:
            pungs.append((s - PUNG, True, False, True))

    # -- decomposition-level yaku
    yl: list[tuple[str, int]] = list(ctx.wide_yaku)
    ym: list[tuple[str, int]] = list(ctx.wide_yakuman)
    dragons = winds = 0
    anko = 0
    for k, conc, _g, _s in pungs:
        if conc:
            anko += 1
        if k >= WHITE:
            dragons += 1
            yl.append((_DRAGON_YAKU[k - WHITE], 1))
        elif k >= EAST:
            winds += 1
            if k == seat:
                yl.append((_SEAT_YAKU[k - EAST], 1))
            if k == rnd:
                yl.append((_ROUND_YAKU[k - EAST], 1))
    n_chows = len(chows)
    if not n_chows:
        yl.append(("toitoi", 2))
    else:
        cs = set(chows)
        for r in range(7):
            if r in cs and r + 9 in cs and r + 18 in cs:
                yl.append(("sanshoku", 2 if closed else 1))
                break
        for b in (0, 9, 18):
            if b in cs and b + 3 in cs and b + 6 in cs:
                yl.append(("ittsu", 2 if closed else 1))
                break
        if closed and n_chows >= 2:
            sc = sorted(chows)
            dup = 0
            i = 0
            while i < n_chows - 1:
                if sc[i] == sc[i + 1]:
                    dup += 1
                    i += 2
                else:
                    i += 1
            if dup >= 2:
                yl.append(("ryanpeikou", 3))
            elif dup == 1:
                yl.append(("iipeikou", 1))
        if _TH[pair] and all(_TH[k] for k, *_ in pungs) and all(c % 9 in (0, 6) for c in chows):
            if pair >= EAST or any(k >= EAST for k, *_ in pungs):
                yl.append(("chanta", 2 if closed else 1))
            else:
                yl.append(("junchan", 3 if closed else 2))
    if len(pungs) >= 3:
        pk = {k for k, *_ in pungs if k < EAST}
        for r in range(9):
            if r in pk and r + 9 in pk and r + 18 in pk:
                yl.append(("sanshoku_doukou", 2))
                break
    if ctx.n_kongs == 3:
        yl.append(("sankantsu", 2))
    elif ctx.n_kongs == 4:
        ym.append(("suukantsu", 1))
    if dragons == 3:
        ym.append(("daisangen", 1))
    elif dragons == 2 and pair >= WHITE:
        yl.append(("shousangen", 2))
    if winds == 4:
        ym.append(("daisuushii", 2))
    elif winds == 3 and EAST <= pair <= NORTH:
        ym.append(("shousuushii", 1))
    if chuuren:
        ym.append(("junsei_chuuren", 2) if chuuren == 2 else ("chuuren", 1))

    # -- pair fu (reading-independent)
    pair_fu = 0
    pair_items: list[FuItem] = []
    if pair >= EAST:
        if pair >= WHITE:
            pair_fu = 2
        elif pair == seat and pair == rnd:
            pair_fu = R.double_wind_pair_fu
        elif pair in (seat, rnd):
            pair_fu = 2
        if pair_fu:
            pid = "double_wind_pair" if (pair == seat and pair == rnd) else "yakuhai_pair"
            pair_items.append(FuItem(pid, pair_fu, tile_to_str(pair) * 2))

    sets_txt = (tile_to_str(pair) * 2, *(_set_text(s) for s in sets))
    tsumo = ctx.tsumo
    out: list[_Cand] = []
    # -- readings of the winning tile: the pair, a concealed chow or a concealed pung
    readings: list[tuple[str, int]] = []
    if pair == w:
        readings.append(("tanki", -1))
    seen_codes: set[int] = set()
    for s in sets:
        if s in seen_codes:
            continue
        if s < PUNG:
            if s <= w <= s + 2:
                seen_codes.add(s)
                if w == s + 1:
                    readings.append(("kanchan", s))
                elif (s % 9 == 0 and w == s + 2) or (s % 9 == 6 and w == s):
                    readings.append(("penchan", s))
                else:
                    readings.append(("ryanmen", s))
        elif s - PUNG == w:
            seen_codes.add(s)
            readings.append(("shanpon", s))
    for wait, _code in readings:
        ron_pung = wait == "shanpon" and not tsumo
        # fu
        items: list[FuItem] = [FuItem("base", 20)]
        fu = 20
        extra = 0
        if wait in ("kanchan", "penchan", "tanki"):
            items.append(FuItem(wait, 2, tile_to_str(w)))
            extra += 2
        if pair_fu:
            items.extend(pair_items)
            extra += pair_fu
        ron_pung_used = False
        for k, conc, kong, standing in pungs:
            is_conc = conc
            if ron_pung and standing and k == w and not ron_pung_used:
                is_conc = False
                ron_pung_used = True
            f = 2
            if is_conc:
                f = 4
            if _TH[k]:
                f *= 2
            if kong:
                f *= 4
            fid = ("closed_" if is_conc else "open_") + ("kong" if kong else "pung")
            detail = tile_to_str(k) * (4 if kong else 3)
            if _TH[k]:
                detail += " (terminal/honour)"
            if ron_pung_used and k == w and standing and not is_conc:
                detail += " (completed on a discard)"
            items.append(FuItem(fid, f, detail))
            extra += f
        pinfu = closed and extra == 0 and (not tsumo or R.pinfu_tsumo)
        if closed and not tsumo:
            items.append(FuItem("menzen_ron", 10))
            extra += 10
        if tsumo and not pinfu:
            items.append(FuItem("tsumo", 2))
            extra += 2
        if not closed and extra == 0:
            items.append(FuItem("open_pinfu", 2))
            extra += 2
        raw = fu + extra
        fu = (raw + 9) // 10 * 10
        # reading-dependent yaku
        a = anko - 1 if ron_pung else anko
        ry = [*ym, ("suuankou_tanki", 2) if wait == "tanki" else ("suuankou", 1)] if a == 4 else ym
        if ry:
            mult, ry2 = _finish_yakuman(ctx, ry)
            v = _value(0, 0, mult, R)
            out.append((13 * mult, 0, mult, ry2, [], 0, wait, sets_txt, (v, 1, 13 * mult, 0)))
            continue
        ylr = yl
        if pinfu or a == 3:
            ylr = list(yl)
            if pinfu:
                ylr.insert(0, ("pinfu", 1))
            if a == 3:
                ylr.append(("sanankou", 2))
        cand = _ordinary(ctx, ylr, fu, items, raw, wait, sets_txt)
        if cand is not None:
            out.append(cand)
    return out


def nagashi_mangan(
    seat_wind: str | int = "E",
    honba: int = 0,
    riichi_sticks: int = 0,
    rules: str | Rules = "default",
) -> Result:
    """Nagashi mangan (seed 000, 特殊役): paid as a mangan tsumo; it has no hand."""
    R = get_rules(rules)
    if not R.nagashi_mangan:
        raise InvalidHand(f"nagashi mangan is not played under the rules {R.name!r}")
    seat = _wind(seat_wind, "seat wind")
    honba = _int(honba, "honba")
    riichi_sticks = _int(riichi_sticks, "riichi sticks")
    dealer = seat == EAST
    pay = payment(2000, dealer, True, honba, riichi_sticks, R)
    return Result(
        hand="", han=5, fu=0, yakuman=0, yaku=(yaku_entry("nagashi_mangan", 5),), limit="mangan",
        payment=pay, fu_breakdown=(), fu_unrounded=0, dealer=dealer, tsumo=True, wait="",
        sets=(), dora=0, ura_dora=0, aka_dora=0, rules=R.name,
    )

