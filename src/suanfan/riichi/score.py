"""Scoring a riichi hand: yaku, fu, dora, limits and payments.

One pass per decomposition of the standing tiles (the foundation's cached decompositions) and per
reading of the winning tile (which set or the pair it completed). Hand-wide features (tile
classes, dora) are computed once. Of all readings the one worth most is scored (RIICHI.md: "the
reading worth most is taken"); on equal points the higher han, then the higher fu.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from ..decompose import PUNG, is_thirteen_orphans
from ..decompose import decompose_packed as _decompose
from ..errors import InvalidHand, NotWinning, NoYaku, TileMissing
from ..hand import Hand, MeldKind
from ..notation import parse_hand, parse_tile, parse_tiles
from ..tiles import (
    EAST,
    GREEN,
    IS_GREEN,
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


def _bytes_mask(kinds: Iterable[int]) -> int:
    return sum(0xFF << (8 * k) for k in kinds)


_TH_BYTES = _bytes_mask(k for k in range(34) if IS_TERMINAL_OR_HONOR[k])
_NOT_TH_BYTES = _bytes_mask(k for k in range(34) if not IS_TERMINAL_OR_HONOR[k])
_NOT_GREEN_BYTES = _bytes_mask(k for k in range(34) if not IS_GREEN[k])
_SUIT_BYTES = tuple(_bytes_mask(range(9 * s, 9 * s + 9)) for s in range(3))
#: chows with a terminal: 123 and 789 of each suit
_NOT_OUTSIDE_CHOWS = ((1 << 27) - 1) & ~sum(1 << (b + r) for b in (0, 9, 18) for r in (0, 6))
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


_FU_TAGS: dict[str, tuple[str, str, str]] = {
    "terminal_honour": ("terminal/honour ×2", "么九牌 ×2", "幺九牌 ×2"),
    "by_discard": ("completed on a discard: counts as open", "ロンで明刻扱い", "荣和成刻按明刻计"),
}


def _lang_index(lang: str) -> int:
    return 1 if lang.startswith("ja") else 2 if lang.startswith("zh") else 0


@dataclass(frozen=True, slots=True)
class FuItem:
    """One line of the fu breakdown: ``fu`` for ``id``; ``tiles`` the tiles it is for; ``tags``
    say why it is worth that (``terminal_honour``, ``by_discard``)."""

    id: str
    fu: int
    tiles: str = ""
    tags: tuple[str, ...] = ()

    def text(self, lang: str = "en") -> str:
        i = _lang_index(lang)
        parts = [_FU_TEXT[self.id][i]]
        if self.tiles:
            parts.append(self.tiles)
        text = " ".join(parts)
        if self.tags:
            text += " (" + "; ".join(_FU_TAGS[t][i] for t in self.tags) + ")"
        return text

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "fu": self.fu, "tiles": self.tiles, "tags": list(self.tags),
                "text": self.text()}


class _Ctx:
    """Everything about the hand and the situation that does not depend on the decomposition."""

    __slots__ = (
        "closed",
        "dora_han",
        "dora_yaku",
        "m",
        "meld_chows",
        "meld_pung_fu",
        "meld_pungs",
        "n_kongs",
        "n_sit",
        "rnd",
        "rules",
        "seat",
        "tenhou",
        "tsumo",
        "w",
        "wide_han",
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
    meld_pung_fu: int
    n_kongs: int
    # the melds' share of the features of every decomposition (see _evaluate): yakuhai yaku,
    # their han, dragon and wind pungs, concealed pungs, all terminal/honour, chow and pung
    # masks, number of chows and of pungs
    m: _MeldShare
    n_sit: int
    wide_yaku: list[tuple[str, int]]
    wide_han: int
    wide_yakuman: list[tuple[str, int]]
    dora_yaku: list[tuple[str, int]]
    dora_han: int
    tenhou: bool


@dataclass(frozen=True, slots=True)
class Result:
    """The score of a riichi hand. ``fu`` is 0 for a hand scored only by yakuman.

    ``yaku`` lists the yaku and dora counts; ``limit`` names the limit ("" below mangan);
    ``payment`` says who pays what; ``fu_breakdown`` lists each fu item and why; ``wait`` names
    the reading of the winning tile that was scored (ryanmen, kanchan, penchan, tanki, shanpon,
    kokushi ...); ``sets`` the decomposition scored. The breakdown and texts are built on first
    use, so scoring stays fast.
    """

    source: Hand | None
    han: int
    fu: int
    yakuman: int
    yaku: tuple[Yaku, ...]
    limit: str
    payment: Payment
    wait: str
    _ctx: _Ctx = field(repr=False, compare=False)
    _spec: Any = field(default=None, repr=False, compare=False)

    @property
    def dealer(self) -> bool:
        """True when the winner is the dealer (seat wind East)."""
        return self._ctx.seat == EAST

    @property
    def tsumo(self) -> bool:
        return self._ctx.tsumo

    @property
    def rules(self) -> str:
        """The name of the rules used."""
        return self._ctx.rules.name

    def _count(self, yaku_id: str) -> int:
        return sum(y.han for y in self.yaku if y.id == yaku_id)

    @property
    def dora(self) -> int:
        """Han from dora (0 when the hand is scored by yakuman)."""
        return self._count("dora") + self._count("nuki_dora")

    @property
    def ura_dora(self) -> int:
        return self._count("ura_dora")

    @property
    def aka_dora(self) -> int:
        return self._count("aka_dora")

    @property
    def hand(self) -> str:
        """The hand in canonical notation."""
        return "" if self.source is None else str(self.source)

    @property
    def fu_breakdown(self) -> tuple[FuItem, ...]:
        """Each fu item of the scored reading, with the tiles and the reason."""
        spec = self._spec
        ctx = self._ctx
        if self.yakuman or spec is None:
            return ()
        if len(spec) == 7:
            return (FuItem("chiitoitsu", 25),)
        pair, sets, _code = spec
        items: list[FuItem] = []
        _fu(ctx, _pungs(ctx, sets), pair, _pair_fu(ctx, pair), self.wait, items)
        return tuple(items)

    @property
    def fu_unrounded(self) -> int:
        """The fu before rounding up to 10 (25 for seven pairs, 0 for yakuman)."""
        return sum(f.fu for f in self.fu_breakdown)

    @property
    def sets(self) -> tuple[str, ...]:
        """The scored decomposition: the pair and the sets from the standing tiles, then melds."""
        spec = self._spec
        if spec is None or self.source is None:
            return ("".join(tile_to_str(k) for k in (0, 8, 9, 17, 18, 26)) + "1234567z",) \
                if self.wait.startswith("kokushi") else ()
        if len(spec) == 7:
            return tuple(_kind_text(k, 2) for k in spec)
        pair, sets, _code = spec
        return (_kind_text(pair, 2), *(_set_text(c) for c in sets), *(str(m) for m in self.source.melds))

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
    fast = _WINDS.get(value) if isinstance(value, str) else None
    if fast is not None:
        return fast
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


_IND_CACHE: dict[str, tuple[int, ...]] = {}


def _parse_indicators(value: str) -> tuple[int, ...]:
    out = tuple(parse_tiles(value)) if value.strip() else ()
    if len(_IND_CACHE) < 4096:
        _IND_CACHE[value] = out
    return out


def _tiles(value: str | Iterable[str | int] | None, what: str) -> tuple[int, ...]:
    if not value:
        return ()
    if isinstance(value, str):
        hit = _IND_CACHE.get(value)
        if hit is not None:
            return hit
        try:
            return _parse_indicators(value)
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


_DORA_NEXT: tuple[int, ...] = tuple(dora_of_indicator(t) for t in range(37))
_DORA_NEXT_SANMA: tuple[int, ...] = tuple(dora_of_indicator(t, True) for t in range(37))
_IndInfo = tuple[tuple[tuple[int, int], ...], int, tuple[int, ...], tuple[int, ...]]
_IND_INFO: dict[tuple[int, ...], _IndInfo] = {}


def _ind_info(tiles: tuple[int, ...]) -> _IndInfo:
    """Of indicator tiles (dora then ura): the count of each kind, the red fives as bits (-1 when
    a red five appears twice), and the dora kind of each (four-player and three-player)."""
    info = _IND_INFO.get(tiles)
    if info is None:
        kc: dict[int, int] = {}
        red_bits = 0
        for t in tiles:
            kc[KIND[t]] = kc.get(KIND[t], 0) + 1
            if t >= RED_MAN:
                bit = 1 << (t - RED_MAN)
                red_bits = -1 if red_bits < 0 or red_bits & bit else red_bits | bit
        info = (tuple(kc.items()), red_bits, tuple(_DORA_NEXT[t] for t in tiles),
                tuple(_DORA_NEXT_SANMA[t] for t in tiles))
        if len(_IND_INFO) < 65536:
            _IND_INFO[tiles] = info
    return info


# the dora and ura indicators of a call: (kind counts, red-five bits, dora kinds shown by the dora
# and the ura indicators, the same under three-player rules); cached per pair of strings
_Inds = tuple[tuple[tuple[int, int], ...], int, tuple[int, ...], tuple[int, ...], tuple[int, ...],
              tuple[int, ...]]
_INDS: dict[tuple[str, str], _Inds] = {}
_NO_INDS: _Inds = ((), 0, (), (), (), ())


def _indicators(dora_indicators: str | Iterable[str | int] | None,
                ura: str | Iterable[str | int] | None) -> _Inds:
    dora_ind = _tiles(dora_indicators, "dora indicators")
    ura_ind = _tiles(ura, "ura dora indicators")
    if len(dora_ind) > 5 or len(ura_ind) > 5:
        raise InvalidHand("at most 5 dora indicators (1 + one per kong)")
    out = _NO_INDS
    if dora_ind or ura_ind:
        kc, red_bits, dk, dks = _ind_info(dora_ind + ura_ind)
        nd = len(dora_ind)
        out = (kc, red_bits, dk[:nd], dk[nd:], dks[:nd], dks[nd:])
    if type(dora_indicators) is str and type(ura) is str and len(_INDS) < 65536:
        _INDS[(dora_indicators, ura)] = out
    return out


def _int(value: int, what: str) -> int:
    if type(value) is int and value >= 0:
        return value
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InvalidHand(f"{what} must be a whole number >= 0, not {value!r}")
    return value


# ---------------------------------------------------------------------------------------------
# scoring
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
    R = rules if type(rules) is Rules else get_rules(rules)
    h = hand if type(hand) is Hand else parse_hand(hand)
    w_tile = h.winning_tile
    if w_tile is None:
        raise TileMissing("13 tiles: a riichi score needs the complete hand with its winning tile")
    if h.flowers:
        raise InvalidHand("riichi has no flowers")
    seat = _WINDS.get(seat_wind) if type(seat_wind) is str else None
    if seat is None:
        seat = _wind(seat_wind, "seat wind")
    rnd = _WINDS.get(round_wind) if type(round_wind) is str else None
    if rnd is None:
        rnd = _wind(round_wind, "round wind")
    if type(honba) is not int or honba < 0:
        honba = _int(honba, "honba")
    if type(riichi_sticks) is not int or riichi_sticks < 0:
        riichi_sticks = _int(riichi_sticks, "riichi sticks")
    if nuki:
        nuki = _int(nuki, "nuki")
    dealer = seat == EAST
    melds = h.melds
    closed = True
    n_kongs = 0
    meld_chows: list[int] = []
    meld_pungs: list[tuple[int, bool, bool]] = []
    meld_packed = 0  # the melds' kind counts, a byte per kind
    meld_reds: list[int] = []
    for m in melds:
        k = m.first
        if not m.concealed:
            closed = False
        if m.kind is _CHOW:
            meld_chows.append(k)
            meld_packed += 0x010101 << (8 * k)
        else:
            kong = m.kind is _KONG
            n_kongs += kong
            meld_pungs.append((k, m.concealed, kong))
            meld_packed += (4 if kong else 3) << (8 * k)
        if k < 27 and k % 9 >= 2 and max(m.tiles) >= RED_MAN:
            meld_reds.extend([t for t in m.tiles if t >= RED_MAN])
    if double_riichi:
        riichi = True

    # -- flags that contradict the hand or each other
    flags = riichi or ippatsu or rinshan or chankan or haitei or houtei or tenhou or chiihou or renhou
    if flags:
        if riichi and not closed:
            raise InvalidHand(("double riichi" if double_riichi else "riichi") + " needs a closed hand, "
                      "but the hand has open melds")
        if ippatsu and not riichi:
            raise InvalidHand("ippatsu without riichi: ippatsu is a win within a turn of declaring riichi")
        if rinshan or chankan or haitei or houtei:
            if rinshan and not tsumo:
                raise InvalidHand("rinshan kaihou is a self-drawn win on the replacement tile of a kong (set "
                                  "tsumo)")
            if rinshan and not n_kongs:
                raise InvalidHand("rinshan kaihou without a kong: the hand declares no kong")
            if rinshan and ippatsu:
                raise InvalidHand("ippatsu cannot be won on a kong's replacement tile (seed 000, 一發 note)")
            if chankan and tsumo:
                raise InvalidHand("chankan (robbing a kong) is a win on another player's tile, not a tsumo")
            if haitei and not tsumo:
                raise InvalidHand("haitei is a self-drawn win on the last wall tile (set tsumo; on a "
                                  "discard it is houtei)")
            if houtei and tsumo:
                raise InvalidHand("houtei is a win on the last discard, not a tsumo (the self-drawn one is "
                                  "haitei)")
            if haitei and rinshan:
                raise InvalidHand("haitei and rinshan kaihou together: the last wall tile is not a "
                                  "replacement tile")
            if houtei and chankan:
                raise InvalidHand("houtei and chankan together: the robbed kong tile is not the last discard")
        if tenhou or chiihou or renhou:
            for flag, name in ((tenhou, "tenhou"), (chiihou, "chiihou"), (renhou, "renhou")):
                if not flag:
                    continue
                if melds:
                    raise InvalidHand(f"{name} is won before any call, but the hand has melds")
                if riichi or ippatsu:
                    raise InvalidHand(f"{name} is won before the first discard: no riichi or ippatsu")
                if rinshan or chankan or haitei or houtei:
                    raise InvalidHand(f"{name} cannot be combined with rinshan, chankan, haitei or houtei")
            if tenhou and (not dealer or not tsumo):
                raise InvalidHand("tenhou is the dealer's (seat wind E) self-drawn win on the first draw")
            if chiihou and (dealer or not tsumo):
                raise InvalidHand("chiihou is a non-dealer's self-drawn win on the first draw")
            if renhou and (dealer or tsumo):
                raise InvalidHand("renhou is a non-dealer's win on a discard before the first draw")
            if renhou and R.renhou == "off":
                raise InvalidHand(f"renhou is not counted under the rules {R.name!r}")
            if tenhou + chiihou + renhou > 1:
                raise InvalidHand("tenhou, chiihou and renhou exclude each other")

    conc = h.concealed
    w = KIND[w_tile]
    # the kind counts as one integer, a byte per kind (a tile adds its kind's byte): hand-wide
    # tests become bit operations, and each suit's byte field keys its decompositions
    # (a red five also adds to its suit's byte above the 34 kinds: the red fives held, per suit)
    packed_st = sum(map(_BYTE_OF, conc)) + _ONE_BYTE[w_tile]
    red_f = packed_st >> 272
    if red_f:
        packed_st &= _KINDS_MASK
    counts = list(packed_st.to_bytes(34, "little"))
    if chankan and counts[w] != 1:
        raise InvalidHand("chankan: the robbed tile completes another player's kong, so the hand "
                          f"cannot hold another {tile_to_str(w)}")
    packed = packed_st + meld_packed
    for t in meld_reds:
        red_f += 1 << (8 * (t - RED_MAN))
    all_counts = packed.to_bytes(34, "little") if melds else counts

    # -- dora (RIICHI.md: count only once the hand has a yaku)
    ura_s = ura_dora_indicators if riichi else ""
    ind = _INDS.get((dora_indicators, ura_s)) \
        if type(dora_indicators) is str and type(ura_s) is str else None
    if ind is None:
        ind = _indicators(dora_indicators, ura_s)
    if R.sanma:
        if any(all_counts[1:8]):
            raise InvalidHand("three-player rules: there are no 2m-8m tiles")
        if all_counts[NORTH] + nuki > 4:
            raise InvalidHand("more than 4 North tiles between the hand and the nuki dora")
    elif nuki:
        raise InvalidHand("nuki dora (North set aside) exist only in three-player rules")
    n_red = reds = 0
    if red_f:
        r_m = red_f & 0xFF
        r_p = (red_f >> 8) & 0xFF
        r_s = red_f >> 16
        if r_m > 1 or r_p > 1 or r_s > 1:
            raise InvalidHand("more than one red five of a suit in the hand")
        n_red = r_m + r_p + r_s
        reds = r_m | r_p << 1 | r_s << 2
    dora = 0
    ura = 0
    kc, red_bits, dk_d, dk_u, dks_d, dks_u = ind
    if kc:
        if red_bits < 0 or reds & red_bits:
            raise InvalidHand("more than one red five of a suit between the hand and the indicators")
        for k, c in kc:
            if c + all_counts[k] + (nuki if k == NORTH else 0) > 4:
                raise InvalidHand(f"{c + all_counts[k]} copies of {tile_to_str(k)} between the hand "
                                  "and the indicators: there are only 4")
        if R.sanma:
            dk_d = dks_d
            dk_u = dks_u
        for d in dk_d:
            dora += all_counts[d]
        for d in dk_u:
            ura += all_counts[d]
        if nuki:
            dora += nuki * dk_d.count(NORTH)
            ura += nuki * dk_u.count(NORTH)
    aka = n_red if R.red_fives else 0

    # -- hand-wide yaku (seed 000: tanyao, honitsu/chinitsu, honroutou, tsuuiisou, chinroutou,
    # ryuuiisou) and situation yaku
    ctx = _Ctx()
    ctx.w = w
    ctx.tsumo = tsumo
    ctx.closed = closed
    ctx.seat = seat
    ctx.rnd = rnd
    ctx.rules = R
    ctx.meld_pungs = meld_pungs
    ctx.n_kongs = n_kongs
    if melds:
        _meld_features(ctx, meld_chows, meld_pungs)
    else:
        ctx.meld_pung_fu = 0
        ctx.m = _NO_MELDS
    ctx.tenhou = tenhou
    n_suits = (packed & _SUIT_BYTES[0] != 0) + (packed & _SUIT_BYTES[1] != 0) + \
        (packed & _SUIT_BYTES[2] != 0)
    has_honor = packed >= _HONOR_BYTE0
    all_th = not packed & _NOT_TH_BYTES
    no_th = not packed & _TH_BYTES
    all_green = not packed & _NOT_GREEN_BYTES
    wide: list[tuple[str, int]] = []
    wide_ym: list[tuple[str, int]] = []
    if no_th and (closed or R.open_tanyao):
        wide.append(("tanyao", 1))
    if n_suits == 1:
        if has_honor:
            wide.append(("honitsu", 3 if closed else 2))
        else:
            wide.append(("chinitsu", 6 if closed else 5))
    if all_th:
        if not packed & _KINDS_SUITED:  # honours only
            wide_ym.append(("tsuuiisou", 1))
        elif not has_honor:
            wide_ym.append(("chinroutou", 1))
        else:
            wide.append(("honroutou", 2))
    if all_green and (all_counts[GREEN] or not R.ryuuiisou_needs_hatsu):
        wide_ym.append(("ryuuiisou", 1))
    sit: list[tuple[str, int]] = []
    sit_ym: list[tuple[str, int]] = []
    if flags:
        if double_riichi:
            sit.append(("double_riichi", 2))
        elif riichi:
            sit.append(("riichi", 1))
        if ippatsu:
            sit.append(("ippatsu", 1))
        if tsumo and closed:
            sit.append(("menzen_tsumo", 1))
        if rinshan or chankan or haitei or houtei:
            if rinshan:
                sit.append(("rinshan", 1))
            if chankan:
                sit.append(("chankan", 1))
            if haitei:
                sit.append(("haitei", 1))
            if houtei:
                sit.append(("houtei", 1))
        if renhou or tenhou or chiihou:
            if renhou:
                if R.renhou == "yakuman":
                    sit_ym.append(("renhou_yakuman", 1))
                else:
                    sit.append(("renhou", 5))
            if tenhou:
                sit_ym.append(("tenhou", 1))
            if chiihou:
                sit_ym.append(("chiihou", 1))
    elif tsumo and closed:
        sit.append(("menzen_tsumo", 1))
    ctx.wide_yaku = wy = sit + wide
    ctx.n_sit = len(sit)
    wh = 0
    for _, n in wy:
        wh += n
    ctx.wide_han = wh
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
    ctx.dora_han = dora + ura + aka + nuki

    # -- candidates, the best one kept (RIICHI.md: the reading worth most)
    best: _Cand | None = None
    found = False
    if not melds:
        if all_th and counts.count(1) == 12 and is_thirteen_orphans(counts):
            found = True
            ym = list(sit_ym)
            thirteen = counts[w] == 2
            ym.append(("kokushi_13", 2) if thirteen else ("kokushi", 1))
            best = _better(best, _yakuman_cand(ctx, ym, "kokushi 13-sided" if thirteen else "kokushi",
                                               None))
        pairs = _seven_pairs(counts) if counts.count(2) == 7 else None
        if pairs is not None:
            found = True
            best = _better(best, _chiitoitsu(ctx, pairs))
    n_sets = 4 - len(melds)
    chuuren = 0
    if not melds and n_suits == 1 and not has_honor:
        first_kind = ((packed & -packed).bit_length() - 1) >> 3
        base = first_kind - first_kind % 9
        rel = counts[base:base + 9]
        if rel[0] >= 3 and rel[8] >= 3 and min(rel) >= 1:
            rel13 = rel[:]
            rel13[w - base] -= 1
            chuuren = 2 if rel13 == [3, 1, 1, 1, 1, 1, 1, 1, 3] else 1
    for pair, sets in _decompose(packed_st, n_sets) if len(conc) == 3 * n_sets + 1 else ():
        found = True
        best = _evaluate(ctx, pair, sets, chuuren, best)
    if not found:
        raise NotWinning("the tiles do not form a complete hand (four sets and a pair, seven "
                         "pairs or thirteen orphans)")
    if best is None:
        raise NoYaku("the hand is complete but has no yaku (dora alone do not count)")
    _key, han, fu, ymult, ylist, wait, spec = best
    if not ymult and dora_yaku:
        ylist = ylist + dora_yaku
    # payments repeat a lot (a few hundred values): memoised per rules object
    pkey = (han, fu, ymult, dealer, tsumo, honba, riichi_sticks, id(R))
    hit = _PAYMENTS.get(pkey)
    if hit is not None and hit[0] is R:
        limit, pay = hit[1], hit[2]
    else:
        base_pts, limit = base_points(han, fu, ymult, R)
        pay = payment(base_pts, dealer, tsumo, honba, riichi_sticks, R)
        if len(_PAYMENTS) < 65536:
            _PAYMENTS[pkey] = (R, limit, pay)
    entries = tuple(map(_ENTRY_OF, ylist))
    # a Result without the dataclass __init__ (ten frozen-attribute stores): the slots directly
    r = _new(Result)
    _S_SOURCE(r, h)
    _S_HAN(r, han)
    _S_FU(r, fu)
    _S_YAKUMAN(r, ymult)
    _S_YAKU(r, entries)
    _S_LIMIT(r, limit)
    _S_PAYMENT(r, pay)
    _S_WAIT(r, wait)
    _S_CTX(r, ctx)
    _S_SPEC(r, spec)
    return r


_new = object.__new__
_S_SOURCE, _S_HAN, _S_FU, _S_YAKUMAN, _S_YAKU, _S_LIMIT, _S_PAYMENT, _S_WAIT, _S_CTX, _S_SPEC = (
    Result.__dict__[f.name].__set__ for f in fields(Result))


_CHOW = MeldKind.CHOW
_KONG = MeldKind.KONG
#: per tile id: its kind's byte (bits 8k..8k+7); a red five also adds 1 at bit 272 + 8 * suit
_ONE_BYTE: tuple[int, ...] = tuple(
    (1 << (8 * KIND[t])) + (1 << (272 + 8 * (t - RED_MAN)) if t >= RED_MAN else 0) for t in range(37))
_KINDS_MASK = (1 << 272) - 1
_HONOR_BYTE0 = 1 << 216
_KINDS_SUITED = _HONOR_BYTE0 - 1
_BYTE_OF = _ONE_BYTE.__getitem__
# A candidate: (sort key, han, fu, yakuman, yaku [(id, han or multiplier)], wait, spec);
# spec = (pair, sets, reading code) of a standard hand, a tuple of pairs for seven pairs, or None
_Spec = tuple[int, tuple[int, ...], int] | tuple[int, ...] | None
_Cand = tuple[tuple[int, int, int, int], int, int, int, list[tuple[str, int]], str, _Spec]


_WAIT_FU = frozenset(("kanchan", "penchan", "tanki"))
_WAIT_DOUBLE = {"kokushi_13": "kokushi", "junsei_chuuren": "chuuren", "suuankou_tanki": "suuankou"}


class _EntryTable(dict[tuple[str, int], Yaku]):
    """(yaku id, han or yakuman multiplier) -> the result line; filled on first use."""

    def __missing__(self, key: tuple[str, int]) -> Yaku:
        yaku_id, n = key
        e = yaku_entry(yaku_id, 13 * n, n) if YAKU[yaku_id].yakuman else yaku_entry(yaku_id, n)
        self[key] = e
        return e


_ENTRIES = _EntryTable()
_ENTRY_OF = _ENTRIES.__getitem__
_PAYMENTS: dict[tuple[int, int, int, bool, bool, int, int, int], tuple[Rules, str, Payment]] = {}


def _better(a: _Cand | None, b: _Cand | None) -> _Cand | None:
    if b is None:
        return a
    if a is None or b[0] > a[0]:
        return b
    return a


def _value(han: int, fu: int, ymult: int, rules: Rules) -> int:
    return base_points(han, fu, ymult, rules)[0]


def _finish_yakuman(ctx: _Ctx, ym: list[tuple[str, int]]) -> tuple[int, list[tuple[str, int]]]:
    R = ctx.rules
    if not R.double_yakuman:
        ym = [(DOUBLE_TO_SINGLE.get(i, i), 1) for i, _ in ym]
    elif ctx.tenhou:
        # seed 000 國士無雙 note: with tenhou the dealer's 14 dealt tiles show no wait, so
        # kokushi, nine gates and suuankou count single (the 13-sided / pure / tanki wait is unknown)
        ym = [(_WAIT_DOUBLE.get(i, i), 1 if i in _WAIT_DOUBLE else n) for i, n in ym]
    if not R.yakuman_stacking and len(ym) > 1:
        ym = [max(ym, key=lambda x: x[1])]
    return sum(n for _, n in ym), ym


def _yakuman_cand(ctx: _Ctx, ym: list[tuple[str, int]], wait: str, spec: _Spec) -> _Cand:
    mult, ym = _finish_yakuman(ctx, ym)
    return ((8000 * mult, 1, 13 * mult, 0), 13 * mult, 0, mult, ym, wait, spec)


def _ordinary(ctx: _Ctx, yl: list[tuple[str, int]], fu: int, wait: str, spec: _Spec) -> _Cand | None:
    han = 0
    for _, n in yl:
        han += n
    if not han:
        return None
    han += ctx.dora_han
    v = _value(han, fu, 0, ctx.rules)
    return ((v, 0, han, fu), han, fu, 0, yl, wait, spec)


def _seven_pairs(counts: Sequence[int]) -> tuple[int, ...] | None:
    pairs = []
    for k in range(34):
        c = counts[k]
        if c == 2:
            pairs.append(k)
        elif c:
            return None
    return tuple(pairs) if len(pairs) == 7 else None


def _chiitoitsu(ctx: _Ctx, pairs: tuple[int, ...]) -> _Cand | None:
    if ctx.wide_yakuman:
        return _yakuman_cand(ctx, list(ctx.wide_yakuman), "tanki", pairs)
    yl = [("chiitoitsu", 2), *ctx.wide_yaku]
    return _ordinary(ctx, yl, 25, "tanki", pairs)


def _kind_text(k: int, n: int) -> str:
    t = tile_to_str(k)
    return t[0] * n + t[1]


def _set_text(code: int) -> str:
    if code < PUNG:
        return tile_to_str(code)[0] + tile_to_str(code + 1)[0] + tile_to_str(code + 2)
    return _kind_text(code - PUNG, 3)


def _pungs(ctx: _Ctx, sets: tuple[int, ...]) -> list[tuple[int, bool, bool, bool]]:
    """(kind, concealed, kong, from the standing tiles) of every pung and kong."""
    pungs = [(k, c, g, False) for k, c, g in ctx.meld_pungs]
    for s in sets:
        if s >= PUNG:
            pungs.append((s - PUNG, True, False, True))
    return pungs


def _pair_fu(ctx: _Ctx, pair: int) -> int:
    if pair < EAST:
        return 0
    if pair >= WHITE:
        return 2
    if pair == ctx.seat:
        return ctx.rules.double_wind_pair_fu if pair == ctx.rnd else 2
    return 2 if pair == ctx.rnd else 0


def _fu(ctx: _Ctx, pungs: list[tuple[int, bool, bool, bool]], pair: int, pair_fu: int, wait: str,
        items: list[FuItem] | None = None) -> tuple[int, bool]:
    """(unrounded fu, pinfu) of one reading; with ``items`` the breakdown is appended to it.

    RIICHI.md: 20 base; +10 closed ron; +2 tsumo (not with pinfu); yakuhai pair +2 (double wind
    2 or 4); kanchan, penchan, tanki +2; pungs 2/4 open/closed, doubled for terminals and
    honours, kongs ×4; a pung completed on a discard counts as open; an open hand with no fu 30.
    """
    w = ctx.w
    tsumo = ctx.tsumo
    closed = ctx.closed
    extra = 0
    if items is not None:
        items.append(FuItem("base", 20))
    if wait in ("kanchan", "penchan", "tanki"):
        extra += 2
        if items is not None:
            items.append(FuItem(wait, 2, tile_to_str(w)))
    if pair_fu:
        extra += pair_fu
        if items is not None:
            double = pair == ctx.seat == ctx.rnd
            items.append(FuItem("double_wind_pair" if double else "yakuhai_pair", pair_fu,
                                _kind_text(pair, 2)))
    ron_pung = wait == "shanpon" and not tsumo
    for k, conc, kong, standing in pungs:
        if ron_pung and standing and k == w:
            conc = False
            ron_pung = False
            by_discard = True
        else:
            by_discard = False
        f = 4 if conc else 2
        if _TH[k]:
            f *= 2
        if kong:
            f *= 4
        extra += f
        if items is not None:
            tags: tuple[str, ...] = ("terminal_honour",) if _TH[k] else ()
            if by_discard:
                tags += ("by_discard",)
            items.append(FuItem(("closed_" if conc else "open_") + ("kong" if kong else "pung"),
                                f, _kind_text(k, 4 if kong else 3), tags))
    pinfu = closed and extra == 0 and (not tsumo or ctx.rules.pinfu_tsumo)
    if closed and not tsumo:
        extra += 10
        if items is not None:
            items.append(FuItem("menzen_ron", 10))
    if tsumo and not pinfu:
        extra += 2
        if items is not None:
            items.append(FuItem("tsumo", 2))
    if not closed and extra == 0:
        extra = 2
        if items is not None:
            items.append(FuItem("open_pinfu", 2))
    return 20 + extra, pinfu


_MeldShare = tuple[tuple[tuple[str, int], ...], int, int, int, int, bool, int, int, int, int]
_NO_MELDS: _MeldShare = ((), 0, 0, 0, 0, True, 0, 0, 0, 0)


def _meld_features(ctx: _Ctx, meld_chows: list[int], meld_pungs: list[tuple[int, bool, bool]]) -> None:
    """The melds' share of the pung and chow features that _evaluate adds the sets' share to."""
    seat = ctx.seat
    rnd = ctx.rnd
    mfu = dragons = winds = anko = cm = pm = 0
    all_th = True
    yl: list[tuple[str, int]] = []
    for k, m_conc, m_kong in meld_pungs:
        mfu += (4 if m_conc else 2) * (2 if _TH[k] else 1) * (4 if m_kong else 1)
        pm |= 1 << k
        if m_conc:
            anko += 1
        if not _TH[k]:
            all_th = False
        elif k >= WHITE:  # 役牌 三元牌
            dragons += 1
            yl.append((_DRAGON_YAKU[k - WHITE], 1))
        elif k >= EAST:  # 役牌 自風 / 場風 (a double wind counts twice)
            winds += 1
            if k == seat:
                yl.append((_SEAT_YAKU[k - EAST], 1))
            if k == rnd:
                yl.append((_ROUND_YAKU[k - EAST], 1))
    for c in meld_chows:
        cm |= 1 << c
    ctx.meld_pung_fu = mfu
    ctx.m = (tuple(yl), len(yl), dragons, winds, anko, all_th, cm, pm, len(meld_chows), len(meld_pungs))


def _evaluate(ctx: _Ctx, pair: int, sets: tuple[int, ...], chuuren: int,
              best: _Cand | None) -> _Cand | None:
    """Score one decomposition under each reading of the winning tile; return the best so far."""
    w = ctx.w
    closed = ctx.closed
    seat = ctx.seat
    rnd = ctx.rnd
    pung_fu = ctx.meld_pung_fu
    w_pung_fu = 0  # fu of a concealed pung of the winning tile (halved when completed by ron)
    # the readings of the winning tile: the pair, a concealed chow or a concealed pung
    readings: list[tuple[str, int]] = [("tanki", -1)] if pair == w else []
    last = -1
    # the melds' part of the pung and chow features was computed once per hand (ctx.m_*)
    m_yaku, m_han, dragons, winds, anko, all_th, cm, pm, n_chows, n_pungs = ctx.m
    yl: list[tuple[str, int]] = [*ctx.wide_yaku, *m_yaku]
    ym: list[tuple[str, int]] = ctx.wide_yakuman  # shared: copied by every addition below
    han0 = ctx.wide_han + m_han
    all_th = _TH[pair] and all_th
    prev = -1  # the previous concealed chow, unless already counted in a pair of equal chows
    dup = 0  # pairs of equal chows (sets are sorted, so equal chows are neighbours)
    for s in sets:
        if s < PUNG:
            n_chows += 1
            cm |= 1 << s
            if s == prev:
                dup += 1
                prev = -1
            else:
                prev = s
            if s <= w <= s + 2 and s != last:
                last = s
                if w == s + 1:
                    readings.append(("kanchan", s))
                elif (w == s + 2 and s % 9 == 0) or (w == s and s % 9 == 6):
                    readings.append(("penchan", s))
                else:
                    readings.append(("ryanmen", s))
        else:
            k = s - PUNG
            n_pungs += 1
            pm |= 1 << k
            anko += 1
            if _TH[k]:
                pung_fu += 8
                if k == w:
                    w_pung_fu = 8
                    readings.append(("shanpon", s))
                if k >= WHITE:  # 役牌 三元牌
                    dragons += 1
                    yl.append((_DRAGON_YAKU[k - WHITE], 1))
                    han0 += 1
                elif k >= EAST:  # 役牌 自風 / 場風 (a double wind counts twice)
                    winds += 1
                    if k == seat:
                        yl.append((_SEAT_YAKU[k - EAST], 1))
                        han0 += 1
                    if k == rnd:
                        yl.append((_ROUND_YAKU[k - EAST], 1))
                        han0 += 1
            else:
                all_th = False
                pung_fu += 4
                if k == w:
                    w_pung_fu = 4
                    readings.append(("shanpon", s))

    # -- decomposition-level yaku (seed 000)
    if not n_chows:
        yl.append(("toitoi", 2))  # 對對和
        han0 += 2
    else:
        if cm & (cm >> 9) & (cm >> 18) & 0x7F:  # 三色同順
            yl.append(("sanshoku", 2 if closed else 1))
            han0 += 2 if closed else 1
        if (cm & 0x49) == 0x49 or (cm >> 9 & 0x49) == 0x49 or (cm >> 18 & 0x49) == 0x49:
            yl.append(("ittsu", 2 if closed else 1))  # 一氣通貫
            han0 += 2 if closed else 1
        if closed and dup:  # 一盃口 / 二盃口 (a closed hand has no chow melds)
            if dup >= 2:
                yl.append(("ryanpeikou", 3))
                han0 += 3
            else:
                yl.append(("iipeikou", 1))
                han0 += 1
        if all_th and not cm & _NOT_OUTSIDE_CHOWS:  # 混全帶么九 / 純全帶么九
            if pair >= EAST or dragons or winds:
                yl.append(("chanta", 2 if closed else 1))
                han0 += 2 if closed else 1
            else:
                yl.append(("junchan", 3 if closed else 2))
                han0 += 3 if closed else 2
    if n_pungs >= 3 and pm & (pm >> 9) & (pm >> 18) & 0x1FF:  # 三色同刻
        yl.append(("sanshoku_doukou", 2))
        han0 += 2
    if ctx.n_kongs == 3:  # 三槓子
        yl.append(("sankantsu", 2))
        han0 += 2
    elif ctx.n_kongs == 4:  # 四槓子
        ym = [*ym, ("suukantsu", 1)]
    if dragons == 3:  # 大三元
        ym = [*ym, ("daisangen", 1)]
    elif dragons == 2 and pair >= WHITE:  # 小三元
        yl.append(("shousangen", 2))
        han0 += 2
    if winds == 4:  # 大四喜
        ym = [*ym, ("daisuushii", 2)]
    elif winds == 3 and EAST <= pair <= NORTH:  # 小四喜
        ym = [*ym, ("shousuushii", 1)]
    if chuuren:  # 九蓮寶燈 (pure nine-sided: double)
        ym = [*ym, ("junsei_chuuren", 2) if chuuren == 2 else ("chuuren", 1)]
    pair_fu = _pair_fu(ctx, pair) if pair >= EAST else 0

    tsumo = ctx.tsumo
    for wait, code in readings:
        ron_pung = wait == "shanpon" and not tsumo
        a = anko - 1 if ron_pung else anko
        spec = (pair, sets, code)
        if a == 4:  # 四暗刻 (tanki: double)
            ry = [*ym, ("suuankou_tanki", 2) if wait == "tanki" else ("suuankou", 1)]
            best = _better(best, _yakuman_cand(ctx, ry, wait, spec))
            continue
        if ym:
            best = _better(best, _yakuman_cand(ctx, ym, wait, spec))
            continue
        # fu (the same rules as _fu, which also writes the breakdown)
        extra = pung_fu + pair_fu
        if ron_pung:
            extra -= w_pung_fu >> 1
        if wait in _WAIT_FU:
            extra += 2
        pinfu = closed and extra == 0 and (not tsumo or ctx.rules.pinfu_tsumo)
        if closed and not tsumo:
            extra += 10
        if tsumo and not pinfu:
            extra += 2
        if not closed and extra == 0:
            extra = 2
        raw = 20 + extra
        han = han0 + pinfu + (2 if a == 3 else 0)
        if not han:
            continue
        han += ctx.dora_han
        fu = (raw + 9) // 10 * 10
        if han < 5:
            v = fu << (han + 2)
            if v >= 2000 or (ctx.rules.kiriage and ((han == 4 and fu == 30) or (han == 3 and fu == 60))):
                v = 2000
        else:
            v = _value(han, fu, 0, ctx.rules)
        key = (v, 0, han, fu)
        if best is not None and key <= best[0]:
            continue
        ylr = yl
        if pinfu or a == 3:
            ylr = list(yl)
            if pinfu:  # 平和
                ylr.insert(ctx.n_sit, ("pinfu", 1))
            if a == 3:  # 三暗刻
                ylr.append(("sanankou", 2))
        best = (key, han, fu, 0, ylr, wait, spec)
    return best


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
    ctx = _Ctx()
    ctx.seat = seat
    ctx.tsumo = True
    ctx.rules = R
    ctx.tenhou = False
    ctx.dora_han = 0
    return Result(None, 5, 0, 0, (yaku_entry("nagashi_mangan", 5),), "mangan", pay, "", ctx)

