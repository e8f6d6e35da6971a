"""The riichi engine: a complete hand and its situation → the reading worth most, scored.

One pipeline (RIICHI.md, seed 000 日本麻將番種):

1. the situation: counters and winds read, the flags checked against the hand
   (:func:`suanfan.riichi.situation.check_flags`);
2. the hand, once: kind counts, tile classes, melds, red fives and dora (:class:`_HandFacts`),
   and the yaku that depend on the hand alone (situation yaku, tanyao, one suit, terminals ...);
3. every form: thirteen orphans, seven pairs, and each decomposition into four sets and a pair
   (the foundation's :func:`suanfan.decompose.decompose_packed`), whose yaku come from small
   detectors, one per yaku (the yaku as data: :mod:`suanfan.riichi.yaku`);
4. every reading of the winning tile in a decomposition (the pair, a chow or a pung it
   completed): fu (:func:`suanfan.riichi.fu.reading_fu`), the concealed pungs, the value
   (:func:`suanfan.riichi.points.base_points`); the reading worth most is kept (RIICHI.md: "the
   reading worth most is taken"; on equal points the higher han, then the higher fu);
5. the result: the yaku lines, the limit and the payments (:mod:`suanfan.riichi.points`).

Yaku are bits of a mask (bit ``i`` for row ``i`` of :data:`suanfan.riichi.yaku.TABLE`); the
result lists them in the order the seed's tables give them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ..decompose import PUNG, decompose_packed, is_thirteen_orphans
from ..errors import InvalidArgument, InvalidHand, NotWinning, NoYaku, TileMissing, describe
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
    popcount,
    tile_to_str,
)
from . import yaku as Y
from .fu import (
    KANCHAN,
    KOKUSHI,
    KOKUSHI_13,
    PENCHAN,
    RYANMEN,
    SHANPON,
    TANKI,
    MeldFu,
    pung_fu,
    reading_fu,
)
from .points import Payment, base_points, payment
from .result import FORM_KOKUSHI, FORM_NONE, FORM_SEVEN_PAIRS, FORM_STANDARD, Result
from .rules import Rules, get_rules
from .situation import MAX_COUNTER, MAX_NUKI, WIND_KINDS, check_flags, count, flag, wind

__all__ = ["dora_of_indicator", "nagashi_mangan", "score"]

# -- the yaku table as lists indexed by yaku id ------------------------------------------------
_N_YAKU: Final = len(Y.TABLE)
_ORDINARY: Final = Y.TENHOU  # ids below are ordinary yaku (the yakuman follow)


def _han_bytes() -> list[int]:
    """Han of each byte of an ordinary-yaku mask: index ``(closed * 5 + j) * 256 + byte`` (bits
    ``8j`` to ``8j + 7`` of the mask)."""
    out = [0] * (2 * 5 * 256)
    for closed in (0, 1):
        for j in range(5):
            for byte in range(256):
                han = 0
                for b in range(8):
                    i = 8 * j + b
                    if byte >> b & 1 and i < _ORDINARY:
                        d = Y.TABLE[i]
                        han += d.han_closed if closed else d.han_open
                out[(closed * 5 + j) * 256 + byte] = han
    return out


_HAN_BYTES: Final = _han_bytes()
#: (the yaku's bit, the bits it excludes) of every yaku that excludes others
_EXCLUSIONS: Final = [
    (1 << i, sum(1 << Y.INDEX[e] for e in d.excludes)) for i, d in enumerate(Y.TABLE) if d.excludes
]
_EXCLUDING: Final = sum(b for b, _ in _EXCLUSIONS)
#: yakuman multiplier of each id (1 or 2; 0 for an ordinary yaku)
_MULT: Final = [d.yakuman for d in Y.TABLE]
#: the double yakuman whose double depends on the wait, and their single form (seed 000
#: 國士無雙 note: with tenhou the wait is unknown) -- and every double's single form
_WAIT_DOUBLE: Final[tuple[tuple[int, int], ...]] = ((Y.KOKUSHI_13, Y.KOKUSHI), (Y.JUNSEI_CHUUREN, Y.CHUUREN),
                       (Y.SUUANKOU_TANKI, Y.SUUANKOU))
_DOUBLE: Final[tuple[tuple[int, int], ...]] = (*_WAIT_DOUBLE, (Y.DAISUUSHII, Y.DAISUUSHII))
#: the order of the result's lines (seed 000's tables: situation, hand, sets, then dora); the
#: yakuhai come between HEAD and TAIL in the order of their pungs
_HEAD: Final[tuple[int, ...]] = (
    Y.CHIITOITSU, Y.DOUBLE_RIICHI, Y.RIICHI, Y.IPPATSU, Y.MENZEN_TSUMO, Y.RINSHAN,
    Y.CHANKAN, Y.HAITEI, Y.HOUTEI, Y.RENHOU, Y.PINFU, Y.TANYAO, Y.HONITSU,
    Y.CHINITSU, Y.HONROUTOU)
_TAIL: Final[tuple[int, ...]] = (Y.TOITOI, Y.SANSHOKU, Y.ITTSU, Y.RYANPEIKOU, Y.IIPEIKOU, Y.CHANTA, Y.JUNCHAN,
                Y.SANSHOKU_DOUKOU, Y.SANKANTSU, Y.SHOUSANGEN, Y.SANANKOU)
_YAKUMAN_ORDER: Final[tuple[int, ...]] = (Y.RENHOU_YAKUMAN, Y.TENHOU, Y.CHIIHOU, Y.KOKUSHI, Y.KOKUSHI_13,
                         Y.TSUUIISOU, Y.CHINROUTOU, Y.RYUUIISOU, Y.SUUKANTSU, Y.DAISANGEN,
                         Y.DAISUUSHII, Y.SHOUSUUSHII, Y.CHUUREN, Y.JUNSEI_CHUUREN, Y.SUUANKOU,
                         Y.SUUANKOU_TANKI)
_YAKUHAI_BITS: Final = sum(1 << i for i in range(Y.HAKU, Y.ROUND_WIND_N + 1))

# -- tiles ---------------------------------------------------------------------------------------
_CHOW: Final = MeldKind.CHOW  # (an enum member read from its class costs a lookup each time)
_KONG: Final = MeldKind.KONG
#: per kind: its class bits (suit 1/2/4, honour 8, terminal-or-honour 16, simple 32, not green 64)
_C_HONOR: Final = 8
_C_TH: Final = 16
_C_SIMPLE: Final = 32
_C_NOT_GREEN: Final = 64
_C_RED: Final = 128  # of a tile: a red five
_CLASS: Final = [
    (1 << k // 9 if k < EAST else _C_HONOR) | (_C_TH if IS_TERMINAL_OR_HONOR[k] else _C_SIMPLE)
    | (0 if IS_GREEN[k] else _C_NOT_GREEN) for k in range(34)
]
_NO_REDS: Final = [0, 0, 0]  # (never changed)
_TILE_CLASS: Final = [_CLASS[KIND[t]] | (_C_RED if t >= RED_MAN else 0) for t in range(37)]
#: chows with a terminal (123 and 789 of each suit), as a chow mask
_OUTSIDE_CHOWS: Final = sum(1 << (b + r) for b in (0, 9, 18) for r in (0, 6))


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


_DORA_NEXT: Final = [dora_of_indicator(t) for t in range(37)]
_DORA_NEXT_SANMA: Final = [dora_of_indicator(t, True) for t in range(37)]

# -- yaku lines ----------------------------------------------------------------------------------
_LINES: Final[list[dict[int, Y.Yaku]]] = [{} for _ in range(_N_YAKU)]


def _line(yid: int, n: int) -> Y.Yaku:
    """The result line of yaku ``yid`` worth ``n`` han (a yakuman: ``n`` multiples)."""
    cache = _LINES[yid]
    e = cache.get(n)
    if e is None:
        d = Y.TABLE[yid]
        e = Y.yaku_entry(d.id, 13 * n, n) if d.yakuman else Y.yaku_entry(d.id, n)
        if len(cache) < 64:
            cache[n] = e
    return e


# -- indicators ----------------------------------------------------------------------------------
class _Indicators:
    """Indicator tiles (dora or ura), with what the checks and the dora count need of them."""

    def __init__(self, tiles: tuple[int, ...]) -> None:
        self.tiles = tiles
        self.kinds: list[int] = []  # the kinds shown, in order of first appearance
        self.counts: list[int] = []  # how many indicators show each
        self.reds = [0, 0, 0]  # red fives among them, per suit
        self.dora = [_DORA_NEXT[t] for t in tiles]  # the dora kind each shows
        self.dora_sanma = [_DORA_NEXT_SANMA[t] for t in tiles]
        for t in tiles:
            k = KIND[t]
            if t >= RED_MAN:
                self.reds[t - RED_MAN] = self.reds[t - RED_MAN] + 1
            for i in range(len(self.kinds)):
                if self.kinds[i] == k:
                    self.counts[i] = self.counts[i] + 1
                    break
            else:
                self.kinds.append(k)
                self.counts.append(1)

    def count(self, k: int) -> int:
        """How many indicators show kind ``k``."""
        for i in range(len(self.kinds)):
            if self.kinds[i] == k:
                return self.counts[i]
        return 0


_NO_INDICATORS: Final = _Indicators(())
_INDICATORS: Final[dict[str, _Indicators]] = {}  # parsed indicator strings (bounded)


def _indicators(value: str | Iterable[str | int] | None, what: str) -> _Indicators:
    if isinstance(value, str):
        hit = _INDICATORS.get(value)
        if hit is not None:
            return hit
        info = _Indicators(_indicator_tiles(value, what))
        if len(_INDICATORS) < 16384:
            _INDICATORS[value] = info
        return info
    return _Indicators(_indicator_tiles(value, what))


def _plain_tiles(text: str) -> tuple[int, ...] | None:
    """The tiles of a plain MPSZ string (digits, each run closed by ``m p s z``: what indicators
    usually are), or None for anything else (left to the notation's parser)."""
    out: list[int] = []
    start = 0
    n = len(text)
    for i in range(n):
        c = text[i]
        if "0" <= c <= "9":
            continue
        suit = "mpsz".find(c)
        if suit < 0 or i == start:
            return None
        for j in range(start, i):
            d = ord(text[j]) - 48
            if suit == 3:
                if not 1 <= d <= 7:
                    return None
                out.append(EAST - 1 + d)
            elif d == 0:
                out.append(RED_MAN + suit)
            else:
                out.append(9 * suit + d - 1)
        start = i + 1
    return tuple(out) if start == n else None


def _indicator_tiles(value: str | Iterable[str | int] | None, what: str) -> tuple[int, ...]:
    if not value:
        return ()
    if isinstance(value, str):
        plain = _plain_tiles(value)
        if plain is not None:
            return plain
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
            raise InvalidHand(f"{what}: {describe(v)} is not a tile")
    return tuple(out)


# -- the hand ------------------------------------------------------------------------------------
class _MeldShare:
    """The melds' share of the features of every decomposition (:data:`_NO_MELDS` without)."""

    def __init__(self) -> None:
        self.kongs = 0
        self.chow_mask = 0  # bit k: a chow from kind k
        self.pung_mask = 0  # bit k: a pung or kong of kind k
        self.n_chows = 0
        self.n_pungs = 0
        self.dragons = 0  # dragon pungs and kongs
        self.winds = 0  # wind pungs and kongs
        self.anko = 0  # concealed kongs
        self.all_th = True  # every pung and kong of terminals or honours
        self.yakuhai = 0  # the yakuhai of the pungs, as yaku bits


_NO_MELDS: Final = _MeldShare()


class _HandFacts(MeldFu):
    """What every reading of a hand shares (the fu's share included), and the best reading found
    so far (the ``best_`` fields are set with ``key``)."""

    hand: Hand
    rules: Rules
    melds: _MeldShare
    # yaku of the situation and of the hand alone (meld yakuhai included); han of the dora
    mask: int
    yakuman: int
    dora_han: int
    chuuren: int  # 九蓮寶燈 of the standing tiles: 1, or 2 for the pure nine-sided wait
    tenhou: bool
    # the best reading so far (key 0: none)
    key: int
    best_han: int
    best_fu: int
    best_mult: int
    best_mask: int
    best_wait: int
    best_form: int
    best_pair: int
    best_sets: tuple[int, ...]

    def __init__(self, hand: Hand, w: int, tsumo: bool, seat: int, rnd: int, rules: Rules) -> None:
        self.hand = hand
        self.w = w
        self.tsumo = tsumo
        self.seat = seat
        self.rnd = rnd
        self.rules = rules
        self.pinfu_tsumo = rules.pinfu_tsumo
        self.double_wind = rules.double_wind_pair_fu
        self.closed = True
        self.pungs = ()
        self.fu = 0
        self.melds = _NO_MELDS
        self.mask = 0
        self.yakuman = 0
        self.dora_han = 0
        self.chuuren = 0
        self.tenhou = False
        self.key = 0
        if hand.melds:
            _melds(self)


# -- the detectors: one per yaku (seed 000), on the features of the hand or of a decomposition ----
def _tanyao(classes: int, closed: bool, open_tanyao: bool) -> bool:
    """斷么九: no terminal or honour (open only with kuitan)."""
    return not classes & _C_TH and (closed or open_tanyao)


def _honitsu(classes: int) -> bool:
    """混一色: one suit (with or without honours)."""
    suits = classes & 7
    return suits != 0 and suits & (suits - 1) == 0


def _chinitsu(classes: int) -> bool:
    """清一色: one suit, no honour."""
    suits = classes & 7
    return suits != 0 and suits & (suits - 1) == 0 and not classes & _C_HONOR


def _honroutou(classes: int) -> bool:
    """混老頭: terminals and honours only."""
    return not classes & _C_SIMPLE


def _tsuuiisou(classes: int) -> bool:
    """字一色: honours only (yakuman)."""
    return not classes & 7


def _chinroutou(classes: int) -> bool:
    """清老頭: terminals only (yakuman)."""
    return not classes & (_C_SIMPLE | _C_HONOR)


def _ryuuiisou(classes: int, has_hatsu: bool, needs_hatsu: bool) -> bool:
    """綠一色: 2 3 4 6 8 bamboo and green dragons only (yakuman; the dragon required by option)."""
    return not classes & _C_NOT_GREEN and (has_hatsu or not needs_hatsu)


def _toitoi(chows: int) -> bool:
    """對對和: four pungs or kongs."""
    return chows == 0


def _sanshoku(chow_mask: int) -> bool:
    """三色同順: the same chow in the three suits."""
    return (chow_mask & (chow_mask >> 9) & (chow_mask >> 18) & 0x7F) != 0


def _ittsu(chow_mask: int) -> bool:
    """一氣通貫: 123 456 789 of one suit."""
    return ((chow_mask & 0x49) == 0x49 or (chow_mask >> 9 & 0x49) == 0x49
            or (chow_mask >> 18 & 0x49) == 0x49)


def _iipeikou(closed: bool, equal_chows: int) -> bool:
    """一盃口: two equal chows, closed hand."""
    return closed and equal_chows >= 1


def _ryanpeikou(closed: bool, equal_chows: int) -> bool:
    """二盃口: two pairs of equal chows, closed hand."""
    return closed and equal_chows >= 2


def _chanta(chows: int, chow_mask: int, all_th: bool) -> bool:
    """混全帶么九: a terminal or honour in every set and the pair, with a chow."""
    return chows > 0 and all_th and not chow_mask & ~_OUTSIDE_CHOWS


def _junchan(chows: int, chow_mask: int, all_th: bool, honours: bool) -> bool:
    """純全帶么九: a terminal in every set and the pair, with a chow."""
    return not honours and _chanta(chows, chow_mask, all_th)


def _sanshoku_doukou(pungs: int, pung_mask: int) -> bool:
    """三色同刻: the same pung in the three suits."""
    return pungs >= 3 and (pung_mask & (pung_mask >> 9) & (pung_mask >> 18) & 0x1FF) != 0


def _sankantsu(kongs: int) -> bool:
    """三槓子: three kongs."""
    return kongs == 3


def _suukantsu(kongs: int) -> bool:
    """四槓子: four kongs (yakuman)."""
    return kongs == 4


def _shousangen(dragons: int, pair: int) -> bool:
    """小三元: two dragon pungs and a dragon pair."""
    return dragons == 2 and pair >= WHITE


def _daisangen(dragons: int) -> bool:
    """大三元: three dragon pungs (yakuman)."""
    return dragons == 3


def _shousuushii(winds: int, pair: int) -> bool:
    """小四喜: three wind pungs and a wind pair (yakuman)."""
    return winds == 3 and EAST <= pair <= NORTH


def _daisuushii(winds: int) -> bool:
    """大四喜: four wind pungs (double yakuman)."""
    return winds == 4


def _chuuren(counts: list[int], w: int, base: int) -> int:
    """九蓮寶燈 of one suit's counts (from ``base``): 1111111 between two pungs of 1 and 9 with
    one more; 2 when the 13 tiles before the win were exactly 1112345678999 (pure nine-sided)."""
    if counts[base] < 3 or counts[base + 8] < 3:
        return 0
    for i in range(1, 8):
        if counts[base + i] < 1:
            return 0
    for i in range(9):
        c = counts[base + i] - (1 if base + i == w else 0)
        if c != (3 if i == 0 or i == 8 else 1):
            return 1
    return 2


def _yakuhai(k: int, seat: int, rnd: int) -> int:
    """役牌 of a pung of kind ``k``: a dragon, the seat wind, the round wind (a double wind is
    both), as yaku bits."""
    if k >= WHITE:
        return 1 << (Y.HAKU + k - WHITE)
    bits = 0
    if k == seat:
        bits = 1 << (Y.SEAT_WIND_E + k - EAST)
    if k == rnd:
        bits |= 1 << (Y.ROUND_WIND_E + k - EAST)
    return bits


def _exclude(mask: int) -> int:
    """The mask without the yaku that the others in it exclude (yaku.YakuDef.excludes)."""
    for bit, excluded in _EXCLUSIONS:
        if mask & bit:
            mask &= ~excluded
    return mask


def _han(mask: int, closed: bool) -> int:
    """Han of the ordinary yaku in ``mask`` (each yaku's han closed or open)."""
    t = 1280 if closed else 0
    return (_HAN_BYTES[t + (mask & 255)] + _HAN_BYTES[t + 256 + (mask >> 8 & 255)]
            + _HAN_BYTES[t + 512 + (mask >> 16 & 255)] + _HAN_BYTES[t + 768 + (mask >> 24 & 255)]
            + _HAN_BYTES[t + 1024 + (mask >> 32 & 255)])


def _yakuman_mult(h: _HandFacts, ym: int) -> tuple[int, int]:
    """(total multiplier, mask) of the yakuman in ``ym`` under the rules: a double counted once
    without double yakuman; with tenhou a wait-dependent one counts single, or double whatever
    the wait under ``tenhou_double_wait``; without stacking the largest alone."""
    r = h.rules
    if not r.double_yakuman:
        for double, single in _DOUBLE:
            if ym >> double & 1:
                ym = ym & ~(1 << double) | 1 << single
    elif h.tenhou:
        if r.tenhou_double_wait:  # no winning tile: the double form (Mahjong Soul)
            for double, single in _WAIT_DOUBLE:
                if ym >> single & 1:
                    ym = ym & ~(1 << single) | 1 << double
        else:
            for double, single in _WAIT_DOUBLE:
                if ym >> double & 1:
                    ym = ym & ~(1 << double) | 1 << single
    total = 0
    top = 0
    top_id = -1
    for yid in _YAKUMAN_ORDER:
        if ym >> yid & 1:
            n = _MULT[yid] if r.double_yakuman else 1
            total += n
            if n > top:
                top = n
                top_id = yid
    if not r.yakuman_stacking and ym & (ym - 1):
        return top, 1 << top_id
    return total, ym


def _offer(h: _HandFacts, key: int, han: int, fu: int, mult: int, mask: int, wait: int,
           form: int, pair: int, sets: tuple[int, ...]) -> None:
    """Keep this reading: its key is above the best's so far (the callers check)."""
    h.key = key
    h.best_han = han
    h.best_fu = fu
    h.best_mult = mult
    h.best_mask = mask
    h.best_wait = wait
    h.best_form = form
    h.best_pair = pair
    h.best_sets = sets


def _offer_yakuman(h: _HandFacts, ym: int, wait: int, form: int, pair: int,
                   sets: tuple[int, ...]) -> None:
    mult, ym = _yakuman_mult(h, ym)
    key = ((8000 * mult * 2 + 1) << 20) + (13 * mult << 10)
    if key > h.key:
        _offer(h, key, 13 * mult, 0, mult, ym, wait, form, pair, sets)


def _key(han: int, fu: int, rules: Rules) -> int:
    """The sort key of an ordinary reading worth ``han`` (dora included) and ``fu``: its base
    points, then han, then fu (a yakuman's key is above every ordinary one of its points; the
    readings of a decomposition work it out in line)."""
    return (base_points(han, fu, 0, rules)[0] << 21) + (han << 10) + fu


def _decomposition(h: _HandFacts, pair: int, sets: tuple[int, ...]) -> None:
    """Score one decomposition (the standing sets, sorted, and the pair) under each reading of
    the winning tile."""
    closed = h.closed
    seat = h.seat
    rnd = h.rnd
    m = h.melds
    chows = m.n_chows
    chow_mask = m.chow_mask
    pungs = m.n_pungs
    pung_mask = m.pung_mask
    dragons = m.dragons
    winds = m.winds
    anko = m.anko
    all_th = m.all_th and IS_TERMINAL_OR_HONOR[pair]
    mask = h.mask
    w = h.w
    # the readings of the winning tile, 4 bits each (the wait + 1), the first lowest: the pair
    # (tanki), each distinct chow holding it, its pung
    readings = TANKI + 1 if pair == w else 0
    shift = 4 if pair == w else 0
    equal_chows = 0
    prev = -1  # the previous chow, unless already counted in a pair of equal chows
    for s in sets:
        if s < PUNG:
            chows += 1
            chow_mask |= 1 << s
            if s == prev:
                equal_chows += 1
                prev = -1
            else:
                prev = s
                if s <= w <= s + 2:  # (an equal chow would read it the same way again)
                    if w == s + 1:
                        wait = KANCHAN
                    elif (w == s + 2 and s % 9 == 0) or (w == s and s % 9 == 6):
                        wait = PENCHAN
                    else:
                        wait = RYANMEN
                    readings |= (wait + 1) << shift
                    shift += 4
        else:
            k = s - PUNG
            pungs += 1
            pung_mask |= 1 << k
            anko += 1
            if k == w:
                readings |= (SHANPON + 1) << shift
                shift += 4
            if not IS_TERMINAL_OR_HONOR[k]:
                all_th = False
            elif k >= WHITE:
                dragons += 1
                mask |= _yakuhai(k, seat, rnd)
            elif k >= EAST:
                winds += 1
                mask |= _yakuhai(k, seat, rnd)
    ym = h.yakuman
    # each detector asked only when what it needs is there (three chows, equal chows ...)
    if _toitoi(chows):
        mask |= 1 << Y.TOITOI
    if chows >= 3:
        if _sanshoku(chow_mask):
            mask |= 1 << Y.SANSHOKU
        if _ittsu(chow_mask):
            mask |= 1 << Y.ITTSU
    if equal_chows:
        if _iipeikou(closed, equal_chows):
            mask |= 1 << Y.IIPEIKOU
        if _ryanpeikou(closed, equal_chows):
            mask |= 1 << Y.RYANPEIKOU
    if all_th:
        if _chanta(chows, chow_mask, all_th):
            mask |= 1 << Y.CHANTA
        if _junchan(chows, chow_mask, all_th, pair >= EAST or dragons > 0 or winds > 0):
            mask |= 1 << Y.JUNCHAN
    if pungs >= 3:
        if _sanshoku_doukou(pungs, pung_mask):
            mask |= 1 << Y.SANSHOKU_DOUKOU
        if _sankantsu(m.kongs):
            mask |= 1 << Y.SANKANTSU
        if _suukantsu(m.kongs):
            ym |= 1 << Y.SUUKANTSU
    if dragons >= 2:
        if _shousangen(dragons, pair):
            mask |= 1 << Y.SHOUSANGEN
        if _daisangen(dragons):
            ym |= 1 << Y.DAISANGEN
    if winds >= 3:
        if _daisuushii(winds):
            ym |= 1 << Y.DAISUUSHII
        if _shousuushii(winds, pair):
            ym |= 1 << Y.SHOUSUUSHII
    if h.chuuren:
        ym |= 1 << (Y.JUNSEI_CHUUREN if h.chuuren == 2 else Y.CHUUREN)
    if mask & _EXCLUDING:
        mask = _exclude(mask)
    han = _han(mask, closed)
    # each reading, with its concealed pungs (a pung completed on a discard is not concealed),
    # suuankou, the fu, pinfu and sanankou
    tsumo = h.tsumo
    while readings:
        wait = (readings & 15) - 1
        readings >>= 4
        a = anko - 1 if wait == SHANPON and not tsumo else anko
        if a == 4 or ym:
            if a == 4:  # 四暗刻 (tanki: double)
                _offer_yakuman(h, _exclude(ym | 1 << (Y.SUUANKOU_TANKI if wait == TANKI
                                                      else Y.SUUANKOU)), wait, FORM_STANDARD, pair, sets)
            else:
                _offer_yakuman(h, ym, wait, FORM_STANDARD, pair, sets)
            continue
        raw, pinfu = reading_fu(h, pair, sets, wait, None)
        r_han = han
        r_mask = mask
        if pinfu:  # 平和
            r_mask |= 1 << Y.PINFU
            r_han += 1
        if a == 3:  # 三暗刻
            r_mask |= 1 << Y.SANANKOU
            r_han += 2
        if r_han:
            r_han += h.dora_han
            fu = (raw + 9) // 10 * 10
            key = (base_points(r_han, fu, 0, h.rules)[0] << 21) + (r_han << 10) + fu
            if key > h.key:
                _offer(h, key, r_han, fu, 0, r_mask, wait, FORM_STANDARD, pair, sets)


#: (mask of ordinary yaku but yakuhai) * 2 + closed -> (the lines before the yakuhai, after
#: them, all of them) in the seed's order (bounded)
_ORDINARY_LINES: Final[dict[int, tuple[tuple[Y.Yaku, ...], tuple[Y.Yaku, ...], tuple[Y.Yaku, ...]]]] = {}


def _ordinary_lines(mask: int, closed: bool) -> tuple[tuple[Y.Yaku, ...], tuple[Y.Yaku, ...],
                                                      tuple[Y.Yaku, ...]]:
    key = mask << 1 | (1 if closed else 0)
    hit = _ORDINARY_LINES.get(key)
    if hit is not None:
        return hit
    head: list[Y.Yaku] = []
    tail: list[Y.Yaku] = []
    for order, out in ((_HEAD, head), (_TAIL, tail)):
        for yid in order:
            if mask >> yid & 1:
                d = Y.TABLE[yid]
                out.append(_line(yid, d.han_closed if closed else d.han_open))
    lines = (tuple(head), tuple(tail), (*head, *tail))
    if len(_ORDINARY_LINES) < 65536:
        _ORDINARY_LINES[key] = lines
    return lines


def _lines(h: _HandFacts, dora: int, ura: int, aka: int, nuki: int) -> tuple[Y.Yaku, ...]:
    """The result's yaku lines of the best reading, in the seed's order."""
    mask = h.best_mask
    if h.best_mult:
        r = h.rules
        out: list[Y.Yaku] = []
        for yid in _YAKUMAN_ORDER:
            if mask >> yid & 1:
                out.append(_line(yid, _MULT[yid] if r.double_yakuman else 1))
        return tuple(out)
    if not mask & _YAKUHAI_BITS and dora < 16 and ura < 16 and aka < 16 and not nuki:
        # memoised with the dora lines: one lookup
        key = ((mask << 1 | (1 if h.closed else 0)) << 12) | dora << 8 | ura << 4 | aka
        lines = _DORA_LINES.get(key)
        if lines is None:
            lines = _ordinary_lines(mask, h.closed)[2] + _dora_lines(dora, ura, aka, 0)
            if len(_DORA_LINES) < 65536:
                _DORA_LINES[key] = lines
        return lines
    hit = _ORDINARY_LINES.get((mask & ~_YAKUHAI_BITS) << 1 | (1 if h.closed else 0))
    head, tail, _both = _ordinary_lines(mask & ~_YAKUHAI_BITS, h.closed) if hit is None else hit
    out = list(head)
    if mask & _YAKUHAI_BITS:
        kinds = [p & 63 for p in h.pungs]
        kinds += [s - PUNG for s in h.best_sets if s >= PUNG]
        for k in kinds:
            if k >= WHITE:
                out.append(_line(Y.HAKU + k - WHITE, 1))
            elif k >= EAST:
                if k == h.seat:
                    out.append(_line(Y.SEAT_WIND_E + k - EAST, 1))
                if k == h.rnd:
                    out.append(_line(Y.ROUND_WIND_E + k - EAST, 1))
    out.extend(tail)
    return (*out, *_dora_lines(dora, ura, aka, nuki))


def _dora_lines(dora: int, ura: int, aka: int, nuki: int) -> tuple[Y.Yaku, ...]:
    out: list[Y.Yaku] = []
    if dora:
        out.append(_line(Y.DORA, dora))
    if ura:
        out.append(_line(Y.URA_DORA, ura))
    if aka:
        out.append(_line(Y.AKA_DORA, aka))
    if nuki:
        out.append(_line(Y.NUKI_DORA, nuki))
    return tuple(out)


#: the lines of _ORDINARY_LINES with the dora lines: key << 12 | dora << 8 | ura << 4 | aka
_DORA_LINES: Final[dict[int, tuple[Y.Yaku, ...]]] = {}


#: the limit and payments of each (han, yakuman, fu, dealer, tsumo) under the rules in
#: _PAID_RULES, a list indexed by those packed in a small int (:func:`_paid_index`), each slot a
#: dict keyed by ``honba << 6 | sticks`` (small ints: no hashing of large keys); cleared when
#: other rules come
_PAID_SLOTS: Final = 64 * 16 * 32 * 4
_PAID: Final[list[list[dict[int, tuple[str, Payment]] | None]]] = [[None] * _PAID_SLOTS]
_PAID_RULES: Final[list[Rules | None]] = [None]


def _paid_index(han: int, fu: int, mult: int, dealer: bool, tsumo: bool) -> int:
    """The slot of a hand in _PAID, or -1 when its figures fall outside the table."""
    if han < 64 and mult < 16 and fu < 160 and fu % 5 == 0:
        return (((han << 4 | mult) << 5 | fu // 5) << 2) | (2 if dealer else 0) | (1 if tsumo else 0)
    return -1


def _paid(han: int, fu: int, mult: int, dealer: bool, tsumo: bool, honba: int, sticks: int,
          rules: Rules) -> tuple[str, Payment]:
    """The limit and the payments of a hand (points.py), from the table: a few hundred occur."""
    i = _paid_index(han, fu, mult, dealer, tsumo) if honba < 64 and sticks < 64 else -1
    slot: dict[int, tuple[str, Payment]] | None = None
    if i >= 0:
        if _PAID_RULES[0] is not rules:
            _PAID[0] = [None] * _PAID_SLOTS  # (a fresh table: one allocation)
            _PAID_RULES[0] = rules
        table = _PAID[0]
        slot = table[i]
        if slot is None:
            slot = {}
            table[i] = slot
        else:
            hit = slot.get(honba << 6 | sticks)
            if hit is not None:
                return hit
    base, limit = base_points(han, fu, mult, rules)
    out = (limit, payment(base, dealer, tsumo, honba, sticks, rules))
    if slot is not None and len(slot) < 4096:
        slot[honba << 6 | sticks] = out
    return out


# -- scoring -------------------------------------------------------------------------------------
# the arguments are typed ``object`` (their types are in the docstring): a wrongly typed one gets
# the same InvalidHand naming it in the compiled build as in the pure one, never a TypeError, and
# a flag is a bool (or 0 / 1), never read by its truth ("no" is a true string)
def score(
    hand: object,
    tsumo: object = False,
    riichi: object = False,
    double_riichi: object = False,
    ippatsu: object = False,
    rinshan: object = False,
    chankan: object = False,
    haitei: object = False,
    houtei: object = False,
    tenhou: object = False,
    chiihou: object = False,
    renhou: object = False,
    seat_wind: object = "E",
    round_wind: object = "E",
    dora_indicators: object = "",
    ura_dora_indicators: object = "",
    honba: object = 0,
    riichi_sticks: object = 0,
    rules: object = "default",
    nuki: object = 0,
) -> Result:
    """Score a complete riichi hand (see API.md; the keywords are :class:`Situation`'s):
    ``hand`` a string or a :class:`~suanfan.Hand`; the flags ``bool``; the winds "E" "S" "W" "N"
    (or 0-3); the indicators tile strings ("3m7z") or lists of tiles; ``honba``,
    ``riichi_sticks`` and ``nuki`` (North tiles set aside, sanma) whole numbers; ``rules`` a preset
    name or a :class:`~suanfan.riichi.Rules`."""
    if not isinstance(hand, (Hand, str)):
        raise InvalidArgument(f"hand={describe(hand)}: give the hand as a string (MPSZ notation) or a Hand")
    if not isinstance(rules, (Rules, str)):
        raise InvalidArgument(
            f"rules={describe(rules)}: give a preset name (e.g. 'default') or a Rules object")
    if not isinstance(seat_wind, (str, int)):
        raise InvalidArgument(f"seat wind {describe(seat_wind)} is not a wind: use E, S, W or N")
    if not isinstance(round_wind, (str, int)):
        raise InvalidArgument(f"round wind {describe(round_wind)} is not a wind: use E, S, W or N")
    dora = _indicator_arg(dora_indicators, "dora_indicators")
    ura = _indicator_arg(ura_dora_indicators, "ura_dora_indicators")
    return _score(hand, flag(tsumo, "tsumo"), flag(riichi, "riichi"), flag(double_riichi, "double_riichi"),
                  flag(ippatsu, "ippatsu"), flag(rinshan, "rinshan"), flag(chankan, "chankan"),
                  flag(haitei, "haitei"), flag(houtei, "houtei"), flag(tenhou, "tenhou"),
                  flag(chiihou, "chiihou"), flag(renhou, "renhou"), seat_wind, round_wind, dora, ura,
                  count(honba, "honba"), count(riichi_sticks, "riichi sticks"), rules,
                  count(nuki, "nuki", MAX_NUKI))


def _indicator_arg(value: object, what: str) -> str | list[str | int] | tuple[str | int, ...] | None:
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)):
        for x in value:
            if not isinstance(x, (str, int)) or isinstance(x, bool):
                raise InvalidHand(f"{what}: {describe(x)} is not a tile")
        return value
    raise InvalidArgument(f"{what}={describe(value)}: give tiles such as '3m7z' or a list of tiles")


def _score(
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
    """Score a complete riichi hand (see API.md; the keywords are :class:`Situation`'s).
    ``nuki``: North tiles set aside (sanma)."""
    R = rules if isinstance(rules, Rules) else get_rules(rules)
    h = hand if isinstance(hand, Hand) else parse_hand(hand)
    if h.winning_tile is None:
        raise TileMissing("13 tiles: a riichi score needs the complete hand with its winning tile")
    if h.flowers:
        raise InvalidHand("riichi has no flowers")
    seat = WIND_KINDS.get(seat_wind, 0) if isinstance(seat_wind, str) else 0
    if not seat:
        seat = wind(seat_wind, "seat wind")
    rnd = WIND_KINDS.get(round_wind, 0) if isinstance(round_wind, str) else 0
    if not rnd:
        rnd = wind(round_wind, "round wind")
    if type(honba) is not int or not 0 <= honba <= MAX_COUNTER:
        honba = count(honba, "honba")
    if type(riichi_sticks) is not int or not 0 <= riichi_sticks <= MAX_COUNTER:
        riichi_sticks = count(riichi_sticks, "riichi sticks")
    if nuki:
        nuki = count(nuki, "nuki", MAX_NUKI)
    riichi = riichi or double_riichi
    facts = _HandFacts(h, KIND[h.winning_tile], tsumo, seat, rnd, R)
    flags = riichi or ippatsu or rinshan or chankan or haitei or houtei or tenhou or chiihou or renhou
    if flags:
        check_flags(tsumo, riichi, double_riichi, ippatsu, rinshan, chankan, haitei, houtei, tenhou,
                    chiihou, renhou, facts.closed, len(h.melds), facts.melds.kongs, seat == EAST, R,
                    nuki)
    facts.tenhou = tenhou
    dora, ura, aka = _hand_yaku(facts, flags, riichi, double_riichi, ippatsu, rinshan, chankan, haitei,
                                houtei, tenhou, chiihou, renhou, dora_indicators,
                                ura_dora_indicators if riichi else "", nuki)
    if not facts.key:
        raise NoYaku("the hand is complete but has no yaku (dora alone do not count)")
    f = facts
    limit, pay = _paid(f.best_han, f.best_fu, f.best_mult, seat == EAST, tsumo, honba, riichi_sticks, R)
    return Result(h, f.best_han, f.best_fu, f.best_mult, _lines(f, dora, ura, aka, nuki), limit, pay,
                  f.best_wait, seat, rnd, tsumo, R, f.best_form, f.best_pair, f.best_sets)


def _melds(h: _HandFacts) -> None:
    """The melds' share of every decomposition's features, and of the fu (the declared pungs and
    kongs encoded as :func:`suanfan.riichi.fu.meld_pungs` does), in one pass over the melds."""
    seat = h.seat
    rnd = h.rnd
    share = _MeldShare()
    pungs: list[int] = []
    fu = 0
    for m in h.hand.melds:
        k = KIND[m.tiles[0]]
        concealed = m.concealed
        if not concealed:
            h.closed = False
        kind = m.kind
        if kind is _CHOW:
            share.n_chows += 1
            share.chow_mask |= 1 << k
            continue
        kong = kind is _KONG
        pungs.append(k | (64 if concealed else 0) | (128 if kong else 0))
        fu += pung_fu(k, concealed, kong)
        share.n_pungs += 1
        share.pung_mask |= 1 << k
        if kong:
            share.kongs += 1
        if concealed:
            share.anko += 1
        if not IS_TERMINAL_OR_HONOR[k]:
            share.all_th = False
        elif k >= WHITE:
            share.dragons += 1
            share.yakuhai |= _yakuhai(k, seat, rnd)
        elif k >= EAST:
            share.winds += 1
            share.yakuhai |= _yakuhai(k, seat, rnd)
    h.melds = share
    h.pungs = tuple(pungs)
    h.fu = fu


def _situation_yaku(mask: int, riichi: bool, double_riichi: bool, ippatsu: bool, rinshan: bool,
                    chankan: bool, haitei: bool, houtei: bool, tenhou: bool, chiihou: bool,
                    renhou: bool, renhou_yakuman: bool) -> tuple[int, int]:
    """(ordinary, yakuman) masks with the yaku of the situation flags added (seed 000: 立直,
    一發, 嶺上開花, 搶槓, 海底, 河底, 人和, 天和, 地和)."""
    ym = 0
    if double_riichi:
        mask |= 1 << Y.DOUBLE_RIICHI
    if riichi:
        mask |= 1 << Y.RIICHI
    if ippatsu:
        mask |= 1 << Y.IPPATSU
    if rinshan:
        mask |= 1 << Y.RINSHAN
    if chankan:
        mask |= 1 << Y.CHANKAN
    if haitei:
        mask |= 1 << Y.HAITEI
    if houtei:
        mask |= 1 << Y.HOUTEI
    if renhou:
        if renhou_yakuman:
            ym |= 1 << Y.RENHOU_YAKUMAN
        else:
            mask |= 1 << Y.RENHOU
    if tenhou:
        ym |= 1 << Y.TENHOU
    if chiihou:
        ym |= 1 << Y.CHIIHOU
    return mask, ym


def _hand_yaku(h: _HandFacts, flags: bool, riichi: bool, double_riichi: bool, ippatsu: bool, rinshan: bool,
               chankan: bool, haitei: bool, houtei: bool, tenhou: bool, chiihou: bool,
               renhou: bool, dora_indicators: str | Iterable[str | int] | None,
               ura_indicators: str | Iterable[str | int] | None,
               nuki: int) -> tuple[int, int, int]:
    """Count the tiles, check them against the indicators and the rules, find the yaku of the
    situation and of the hand alone, then score every form; returns (dora, ura dora, red fives)."""
    hand = h.hand
    R = h.rules
    w_tile = hand.winning_tile
    assert w_tile is not None
    w = h.w
    counts = [0] * 34
    counts[w] = 1
    classes = _TILE_CLASS[w_tile]
    for t in hand.concealed:
        k = KIND[t]
        # (not +=: compiled, an augmented item assignment is a generic call)
        counts[k] = counts[k] + 1
        classes |= _TILE_CLASS[t]
    if chankan and counts[w] != 1:
        raise InvalidHand("chankan: the robbed tile completes another player's kong, so the hand "
                          f"cannot hold another {tile_to_str(w)}")
    melds = hand.melds
    all_counts = counts
    if melds:
        all_counts = counts[:]
        for m in melds:
            for t in m.tiles:
                k = KIND[t]
                all_counts[k] = all_counts[k] + 1
                classes |= _TILE_CLASS[t]
    reds = _NO_REDS  # red fives held, per suit
    if classes & _C_RED:
        reds = [0, 0, 0]
        for t in hand.concealed:
            if t >= RED_MAN:
                reds[t - RED_MAN] = reds[t - RED_MAN] + 1
        if w_tile >= RED_MAN:
            reds[w_tile - RED_MAN] = reds[w_tile - RED_MAN] + 1
        for m in melds:
            for t in m.tiles:
                if t >= RED_MAN:
                    reds[t - RED_MAN] = reds[t - RED_MAN] + 1
    # -- indicators, three-player tiles, red fives (RIICHI.md: dora count once there is a yaku)
    dora_ind = _NO_INDICATORS
    if dora_indicators:
        hit = _INDICATORS.get(dora_indicators) if isinstance(dora_indicators, str) else None
        dora_ind = _indicators(dora_indicators, "dora indicators") if hit is None else hit
    ura_ind = _NO_INDICATORS
    if ura_indicators:
        hit = _INDICATORS.get(ura_indicators) if isinstance(ura_indicators, str) else None
        ura_ind = _indicators(ura_indicators, "ura dora indicators") if hit is None else hit
    if len(dora_ind.tiles) > 5 or len(ura_ind.tiles) > 5:
        raise InvalidHand("at most 5 dora indicators (1 + one per kong)")
    if R.sanma:
        for k in range(1, 8):
            if all_counts[k]:
                raise InvalidHand("three-player rules: there are no 2m-8m tiles")
        if all_counts[NORTH] + nuki > 4:
            raise InvalidHand("more than 4 North tiles between the hand and the nuki dora")
    elif nuki:
        raise InvalidHand("nuki dora (North set aside) exist only in three-player rules")
    aka = 0
    if classes & _C_RED:
        if reds[0] > 1 or reds[1] > 1 or reds[2] > 1:
            raise InvalidHand("more than one red five of a suit in the hand")
        if R.red_fives:
            aka = reds[0] + reds[1] + reds[2]
    dora = ura = 0
    if dora_ind.tiles or ura_ind.tiles:
        _check_indicators(dora_ind, ura_ind, reds, all_counts, nuki)
        for d in dora_ind.dora_sanma if R.sanma else dora_ind.dora:
            dora += all_counts[d] + (nuki if d == NORTH else 0)
        for d in ura_ind.dora_sanma if R.sanma else ura_ind.dora:
            ura += all_counts[d] + (nuki if d == NORTH else 0)
    h.dora_han = dora + ura + aka + nuki
    # -- the yaku of the situation and of the hand alone
    closed = h.closed
    mask = h.melds.yakuhai
    ym = 0
    if h.tsumo and closed:
        mask |= 1 << Y.MENZEN_TSUMO
    if flags:
        mask, ym = _situation_yaku(mask, riichi, double_riichi, ippatsu, rinshan, chankan, haitei,
                                   houtei, tenhou, chiihou, renhou, R.renhou == "yakuman")
    if not classes & _C_TH and _tanyao(classes, closed, R.open_tanyao):
        mask |= 1 << Y.TANYAO
    if _honitsu(classes):
        mask |= 1 << Y.HONITSU
        if _chinitsu(classes):
            mask |= 1 << Y.CHINITSU
    if not classes & _C_SIMPLE:
        if _honroutou(classes):
            mask |= 1 << Y.HONROUTOU
        if _tsuuiisou(classes):
            ym |= 1 << Y.TSUUIISOU
        if _chinroutou(classes):
            ym |= 1 << Y.CHINROUTOU
    if not classes & _C_NOT_GREEN and _ryuuiisou(classes, all_counts[GREEN] > 0,
                                                 R.ryuuiisou_needs_hatsu):
        ym |= 1 << Y.RYUUIISOU
    if mask & _EXCLUDING:
        mask = _exclude(mask)
    if ym & _EXCLUDING:
        ym = _exclude(ym)
    h.mask = mask
    h.yakuman = ym
    # -- every form
    found = False
    if not melds:
        if not classes & _C_SIMPLE and is_thirteen_orphans(counts):  # 國士無雙
            found = True
            _offer_yakuman(h, ym | 1 << (Y.KOKUSHI_13 if counts[w] == 2 else Y.KOKUSHI),
                           KOKUSHI_13 if counts[w] == 2 else KOKUSHI, FORM_KOKUSHI, -1, ())
        if popcount(hand.standing_kinds) == 7 and hand.standing_counts_even():
            # 七對子: 14 tiles of seven kinds, every count even (so each a pair)
            found = True
            pairs = tuple([k for k in range(34) if counts[k] == 2])
            if ym:
                _offer_yakuman(h, ym, TANKI, FORM_SEVEN_PAIRS, -1, pairs)
            else:
                han = _han(mask | 1 << Y.CHIITOITSU, True) + h.dora_han
                key = _key(han, 25, R)
                if key > h.key:
                    _offer(h, key, han, 25, 0, mask | 1 << Y.CHIITOITSU, TANKI, FORM_SEVEN_PAIRS,
                           -1, pairs)
        suits = classes & 7
        if suits and suits & (suits - 1) == 0 and not classes & _C_HONOR:
            h.chuuren = _chuuren(counts, w, 9 * (suits >> 1))
    for pair, sets in decompose_packed(hand.standing_m, hand.standing_p, hand.standing_s, hand.standing_z):
        found = True
        _decomposition(h, pair, sets)
    if not found:
        raise NotWinning("the tiles do not form a complete hand (four sets and a pair, seven "
                         "pairs or thirteen orphans)")
    return dora, ura, aka


def _check_indicators(dora: _Indicators, ura: _Indicators, reds: list[int], all_counts: list[int],
                      nuki: int) -> None:
    """The indicators with the hand: at most one red five of a suit, four of a tile (the nuki
    dora included), each kind checked in the order the indicators (dora, then ura) first show it."""
    dr = dora.reds
    ur = ura.reds
    if reds[0] + dr[0] + ur[0] > 1 or reds[1] + dr[1] + ur[1] > 1 or reds[2] + dr[2] + ur[2] > 1:
        raise InvalidHand("more than one red five of a suit between the hand and the indicators")
    for i in range(len(dora.kinds)):
        k = dora.kinds[i]
        c = all_counts[k] + dora.counts[i] + (ura.count(k) if ura.tiles else 0)
        if c + (nuki if k == NORTH else 0) > 4:
            raise InvalidHand(f"{c} copies of {tile_to_str(k)} between the hand and the indicators: "
                              "there are only 4")
    for i in range(len(ura.kinds)):
        k = ura.kinds[i]
        if dora.count(k):
            continue
        c = all_counts[k] + ura.counts[i]
        if c + (nuki if k == NORTH else 0) > 4:
            raise InvalidHand(f"{c} copies of {tile_to_str(k)} between the hand and the indicators: "
                              "there are only 4")


def nagashi_mangan(
    seat_wind: str | int = "E",
    honba: int = 0,
    riichi_sticks: int = 0,
    rules: str | Rules = "default",
) -> Result:
    """Nagashi mangan (seed 000, 特殊役): paid as a mangan tsumo; it has no hand."""
    R = get_rules(rules)
    if not R.nagashi_mangan:
        raise InvalidHand(f"nagashi mangan is not played under the rules {describe(R.name)}")
    seat = wind(seat_wind, "seat wind")
    honba = count(honba, "honba")
    riichi_sticks = count(riichi_sticks, "riichi sticks")
    pay = payment(2000, seat == EAST, True, honba, riichi_sticks, R)
    return Result(None, 5, 0, 0, (_line(Y.NAGASHI_MANGAN, 5),), "mangan", pay, -1, seat, EAST, True,
                  R, FORM_NONE, -1, ())
