"""Fu of a riichi reading (RIICHI.md, "Fu and points"), computed in one place.

RIICHI.md: 20 base; +10 closed ron; +2 tsumo (not with pinfu); yakuhai pair +2 (double wind 2
or 4); kanchan, penchan, tanki +2; pungs 2/4 open/closed, doubled for terminals and honours,
kongs ×4; a pung completed on a discard counts as open; an open hand with no fu 30.

:func:`reading_fu` gives the fu of one reading; given a list it also appends the breakdown
(:class:`FuItem` lines) to it: the engine asks for the number, a result for the lines, of the
same function.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from ..decompose import PUNG
from ..hand import Meld, MeldKind
from ..tiles import EAST, IS_TERMINAL_OR_HONOR, KIND, WHITE, tile_to_str

__all__ = ["WAITS", "FuItem", "MeldFu", "kind_text", "meld_pungs", "melds_fu", "pair_fu", "pung_fu",
           "reading_fu"]

_CHOW: Final = MeldKind.CHOW  # (an enum member read from its class costs a lookup each time)
_KONG: Final = MeldKind.KONG

# the readings of the winning tile (Result.wait names them); the first three are worth 2 fu
TANKI: Final = 0
KANCHAN: Final = 1
PENCHAN: Final = 2
RYANMEN: Final = 3
SHANPON: Final = 4
KOKUSHI: Final = 5
KOKUSHI_13: Final = 6
WAITS: Final[tuple[str, ...]] = (
    "tanki", "kanchan", "penchan", "ryanmen", "shanpon", "kokushi", "kokushi 13-sided")

_FU_TEXT: Final[dict[str, tuple[str, str, str]]] = {
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
_FU_TAGS: Final[dict[str, tuple[str, str, str]]] = {
    "terminal_honour": ("terminal/honour ×2", "么九牌 ×2", "幺九牌 ×2"),
    "by_discard": ("completed on a discard: counts as open", "ロンで明刻扱い", "荣和成刻按明刻计"),
}


def _lang_index(lang: str) -> int:
    return 1 if lang.startswith("ja") else 2 if lang.startswith("zh") else 0


class FuItem:
    """One line of the fu breakdown: ``fu`` for ``id``; ``tiles`` the tiles it is for; ``tags``
    say why it is worth that (``terminal_honour``, ``by_discard``). Immutable."""

    __slots__ = ("_fu", "_id", "_tags", "_tiles")

    def __init__(self, id: str, fu: int, tiles: str = "", tags: tuple[str, ...] = ()) -> None:
        self._id = id
        self._fu = fu
        self._tiles = tiles
        self._tags = tags

    @property
    def id(self) -> str:
        return self._id

    @property
    def fu(self) -> int:
        return self._fu

    @property
    def tiles(self) -> str:
        return self._tiles

    @property
    def tags(self) -> tuple[str, ...]:
        return self._tags

    def text(self, lang: str = "en") -> str:
        i = _lang_index(lang)
        parts = [_FU_TEXT[self._id][i]]
        if self._tiles:
            parts.append(self._tiles)
        text = " ".join(parts)
        if self._tags:
            text += " (" + "; ".join(_FU_TAGS[t][i] for t in self._tags) + ")"
        return text

    def to_dict(self) -> dict[str, Any]:
        return {"id": self._id, "fu": self._fu, "tiles": self._tiles, "tags": list(self._tags),
                "text": self.text()}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FuItem) and (self._id, self._fu, self._tiles, self._tags) == (
            other._id, other._fu, other._tiles, other._tags)

    def __hash__(self) -> int:
        return hash((self._id, self._fu, self._tiles, self._tags))

    def __repr__(self) -> str:
        return f"FuItem(id={self._id!r}, fu={self._fu!r}, tiles={self._tiles!r}, tags={self._tags!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (FuItem, (self._id, self._fu, self._tiles, self._tags))


def kind_text(k: int, n: int) -> str:
    """``n`` tiles of kind ``k`` in MPSZ text: ``kind_text(31, 3) == "555z"``."""
    t = tile_to_str(k)
    return t[0] * n + t[1]


def pung_fu(kind: int, concealed: bool, kong: bool) -> int:
    """2 open, 4 concealed; doubled for a terminal or an honour; a kong 4 times a pung."""
    f = 4 if concealed else 2
    if IS_TERMINAL_OR_HONOR[kind]:
        f *= 2
    if kong:
        f *= 4
    return f


#: pung_fu of a concealed pung of each kind, and of an open one (``kind + 34``)
_PUNG_FU: Final = [pung_fu(k % 34, k < 34, False) for k in range(68)]


def pair_fu(pair: int, seat: int, rnd: int, double_wind: int) -> int:
    """Fu of the pair: 2 for a dragon, the seat or the round wind; ``double_wind`` for both."""
    if pair < EAST:
        return 0
    if pair >= WHITE:
        return 2
    if pair == seat:
        return double_wind if pair == rnd else 2
    return 2 if pair == rnd else 0


def meld_pungs(melds: Iterable[Meld]) -> tuple[int, ...]:
    """The declared pungs and kongs as ``kind | 64 * concealed | 128 * kong``, in order."""
    out: list[int] = []
    for m in melds:
        kind = m.kind
        if kind is not _CHOW:
            out.append(KIND[m.tiles[0]] | (64 if m.concealed else 0) | (128 if kind is _KONG else 0))
    return tuple(out)


def melds_fu(pungs: tuple[int, ...]) -> int:
    """The fu of the declared pungs and kongs (:func:`meld_pungs`)."""
    total = 0
    for p in pungs:
        total += pung_fu(p & 63, (p & 64) != 0, (p & 128) != 0)
    return total


class MeldFu:
    """What the fu of every reading of a hand shares: the winning kind, how it was won, the
    winds, the fu rules and the declared pungs and kongs (:func:`meld_pungs`) with their fu."""

    w: int
    tsumo: bool
    closed: bool
    seat: int
    rnd: int
    pinfu_tsumo: bool
    double_wind: int
    pungs: tuple[int, ...]
    fu: int

    def __init__(self, w: int, tsumo: bool, closed: bool, seat: int, rnd: int, pinfu_tsumo: bool,
                 double_wind: int, pungs: tuple[int, ...]) -> None:
        self.w = w
        self.tsumo = tsumo
        self.closed = closed
        self.seat = seat
        self.rnd = rnd
        self.pinfu_tsumo = pinfu_tsumo
        self.double_wind = double_wind
        self.pungs = pungs
        self.fu = melds_fu(pungs)


def reading_fu(m: MeldFu, pair: int, sets: tuple[int, ...], wait: int,
               items: list[FuItem] | None) -> tuple[int, bool]:
    """(fu before rounding, pinfu) of a standard hand's reading: the pair, the standing sets
    (:mod:`suanfan.decompose` codes) and the wait; with ``items`` the breakdown is appended."""
    w = m.w
    tsumo = m.tsumo
    closed = m.closed
    if items is not None:
        items.append(FuItem("base", 20))
    extra = 0
    if wait <= PENCHAN:  # tanki, kanchan, penchan
        extra = 2
        if items is not None:
            items.append(FuItem(WAITS[wait], 2, tile_to_str(w)))
    pf = pair_fu(pair, m.seat, m.rnd, m.double_wind) if pair >= EAST else 0
    if pf:
        extra += pf
        if items is not None:
            double = pair == m.seat and pair == m.rnd
            items.append(FuItem("double_wind_pair" if double else "yakuhai_pair", pf,
                                kind_text(pair, 2)))
    if items is None:
        extra += m.fu
    else:
        for p in m.pungs:
            _pung_item(p & 63, (p & 64) != 0, (p & 128) != 0, False, items)
        extra += m.fu
    ron_pung = wait == SHANPON and not tsumo  # the pung the discard completed counts as open
    for s in sets:
        if s >= PUNG:
            k = s - PUNG
            by_discard = ron_pung and k == w
            if by_discard:
                ron_pung = False
                extra += _PUNG_FU[k + 34]
            else:
                extra += _PUNG_FU[k]
            if items is not None:
                _pung_item(k, not by_discard, False, by_discard, items)
    pinfu = closed and extra == 0 and (not tsumo or m.pinfu_tsumo)
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


def _pung_item(k: int, concealed: bool, kong: bool, by_discard: bool, items: list[FuItem]) -> None:
    th = IS_TERMINAL_OR_HONOR[k]
    tags: tuple[str, ...] = ("terminal_honour",) if th else ()
    if by_discard:
        tags += ("by_discard",)
    items.append(FuItem(("closed_" if concealed else "open_") + ("kong" if kong else "pung"),
                        pung_fu(k, concealed, kong), kind_text(k, 4 if kong else 3), tags))
