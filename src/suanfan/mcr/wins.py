"""Complete MCR hands scored from kind counts, cached: what the fan-aware shanten and the
expected-value search ask of the engine (see ``docs/mcr-shanten.md``).

A :class:`WinScorer` belongs to one table setting: the declared melds, the seat and prevalent
winds and the rule set. It scores a complete hand given as 34 standing kind counts (the winning
tile included) and the kind of the winning tile, with the one engine
(:func:`suanfan.mcr.engine.evaluate`), on a discard and by self-draw, with **no situational fan
that depends on the table**: no flowers, no 和绝张 (neither stated nor inferred from the melds),
妙手回春 / 海底捞月, 杠上开花 or 抢杠和. The totals are cached by the packed counts (three bits a
kind) and the winning kind; the cache is bounded (emptied when full).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from ..errors import InvalidArgument, describe
from ..hand import Hand, Meld
from ..tiles import KIND, NUM_KINDS
from .engine import Ctx, evaluate
from .fans import FAN_BY_ID
from .rules import Rules, get_rules
from .scoring import MCRResult
from .situation import Situation, parse_wind

__all__ = ["NO_WIN", "WinScorer", "WinValue", "WinValues", "pack_counts", "scorer_for", "win_values"]

#: totals kept by one scorer before its cache is emptied
_CACHE_CAP: Final = 1 << 17
#: scorers kept (one a table setting) before they are all dropped
_SCORERS_CAP: Final = 64
_NO_EXTRA: Final[list[int]] = []


def pack_counts(counts: list[int]) -> int:
    """34 kind counts (each 0-7) packed three bits a kind: the cache key of a hand."""
    key = 0
    for k in range(NUM_KINDS - 1, -1, -1):
        key = (key << 3) | counts[k]
    return key


class WinScorer:
    """Scores complete hands beside fixed ``melds`` under one seat / prevalent wind and rules.

    :meth:`totals` returns ``discard_total | self_drawn_total << 8`` (each the fan total without
    flowers, -1 stored as 255 when the counts are not a complete hand)."""

    __slots__ = ("_cache", "_sit_discard", "_sit_self", "melds", "prevalent_wind", "rules", "seat_wind")

    def __init__(self, melds: tuple[Meld, ...], seat_wind: int, prevalent_wind: int, rules: Rules) -> None:
        self.melds: Final = melds
        self.seat_wind: Final = seat_wind
        self.prevalent_wind: Final = prevalent_wind
        self.rules: Final = rules
        self._sit_discard: Final = Situation(False, False, False, False, seat_wind, prevalent_wind, 0)
        self._sit_self: Final = Situation(True, False, False, False, seat_wind, prevalent_wind, 0)
        self._cache: Final[dict[int, int]] = {}

    def hand(self, counts: list[int], win: int) -> Hand:
        """The complete hand of standing ``counts`` (winning tile included) won on kind ``win``."""
        tiles: list[int] = []
        for k in range(NUM_KINDS):
            n = counts[k] - (1 if k == win else 0)
            for _ in range(n):
                tiles.append(k)
        return Hand(self.melds, tiles, win)

    def totals(self, key: int, counts: list[int], win: int) -> int:
        """``discard | self_drawn << 8`` for ``counts`` (packed as ``key``) won on ``win``."""
        ck = key * NUM_KINDS + win
        got = self._cache.get(ck, -1)
        if got >= 0:
            return got
        h = self.hand(counts, win)
        tables = self.rules.tables
        d = evaluate(Ctx(h, self._sit_discard, tables, _NO_EXTRA)).total
        s = evaluate(Ctx(h, self._sit_self, tables, _NO_EXTRA)).total
        got = (d & 255) | (s & 255) << 8
        if len(self._cache) >= _CACHE_CAP:
            self._cache.clear()
        self._cache[ck] = got
        return got

    def result(self, counts: list[int], win: int, self_drawn: bool) -> MCRResult:
        """The engine's full result (fans, explanation) of a complete hand."""
        h = self.hand(counts, win)
        sit = self._sit_self if self_drawn else self._sit_discard
        ctx = Ctx(h, sit, self.rules.tables, _NO_EXTRA)
        best = evaluate(ctx)
        reading = best.reading
        if reading is None:
            raise ValueError("not a complete hand")
        return MCRResult(h, self.rules, sit, best.total, best.readings, (), reading, ctx)


_SCORERS: Final[dict[tuple[tuple[Meld, ...], int, int, Rules], WinScorer]] = {}


def scorer_for(melds: tuple[Meld, ...], seat_wind: int, prevalent_wind: int, rules: Rules) -> WinScorer:
    """The shared scorer of a table setting (its cache kept between calls)."""
    k = (melds, seat_wind, prevalent_wind, rules)
    got = _SCORERS.get(k)
    if got is None:
        if len(_SCORERS) >= _SCORERS_CAP:
            _SCORERS.clear()
        got = WinScorer(melds, seat_wind, prevalent_wind, rules)
        _SCORERS[k] = got
    return got


# -- the value of a self-drawn win, for the expected-value search ----------------------------------
@dataclass(frozen=True, slots=True)
class WinValue:
    """A complete hand as a self-drawn win: ``fans`` (the total without flowers, no table fans),
    ``is_win`` (the total reaches the minimum), ``value`` (the MCR settlement of a self-draw: each
    of the three others pays base + fans, so ``3 * (base + fans)``; 0 when it is no win) and
    ``combination`` (the ids of the fans counted, highest value first: a key for grouping the
    wins a search reaches, e.g. ``("half_flush", "all_pungs", …)``)."""

    fans: int
    is_win: bool
    value: int
    combination: tuple[str, ...]

    def names(self, lang: str = "zh") -> tuple[str, ...]:
        """The fans of :attr:`combination` by name (``"zh"``, ``"zh-Hant"`` or ``"en"``)."""
        return tuple(FAN_BY_ID[f].name(lang) for f in self.combination)

    def to_dict(self) -> dict[str, Any]:
        return {"fans": self.fans, "is_win": self.is_win, "value": self.value,
                "combination": list(self.combination)}


#: what :meth:`WinValues.of` answers for counts that are not a complete hand
NO_WIN: Final = WinValue(-1, False, 0, ())


class WinValues:
    """The self-drawn value of complete hands beside fixed melds, under one table setting and a
    minimum: ``of(counts, win)`` for 34 standing kind counts (the winning tile included) and the
    winning kind, cached by the packed counts. ``value(counts, win)`` is the settlement alone
    (the hot path of a search: one dict look-up once seen)."""

    __slots__ = ("_scorer", "_values", "base", "minimum")

    def __init__(self, scorer: WinScorer, minimum: int) -> None:
        self._scorer: Final = scorer
        self.minimum: Final = minimum
        self.base: Final = scorer.rules.base_points
        self._values: Final[dict[int, WinValue]] = {}

    def of(self, counts: list[int], win: int) -> WinValue:
        key = pack_counts(counts) * NUM_KINDS + win
        got = self._values.get(key)
        if got is not None:
            return got
        total = self._scorer.totals(key // NUM_KINDS, counts, win) >> 8
        if total == 255:
            got = NO_WIN
        else:
            fans = self._scorer.result(counts, win, True).fans
            ok = total >= self.minimum
            got = WinValue(total, ok, 3 * (self.base + total) if ok else 0, tuple(f.id for f in fans))
        if len(self._values) >= _CACHE_CAP:
            self._values.clear()
        self._values[key] = got
        return got

    def value(self, counts: list[int], win: int) -> int:
        return self.of(counts, win).value

    def of_tiles(self, counts: list[int], win: int) -> WinValue:
        """:meth:`of` for counts by tile id (37: a red five its own id, as the expected-value
        search keeps them; MCR has no red fives, they count as fives) and a winning tile id."""
        merged = [0] * NUM_KINDS
        for i in range(len(counts)):
            c = counts[i]
            if c:
                k = KIND[i]
                merged[k] = merged[k] + c
        return self.of(merged, KIND[win])


def win_values(melds: object = (), seat_wind: object = "E", prevalent_wind: object = "E",
               minimum: object = 8, rules: object = "mcr") -> WinValues:
    """The :class:`WinValues` of a table setting: ``melds`` the hand's declared melds (a
    :class:`~suanfan.Hand`'s ``melds``), the winds as for :func:`suanfan.mcr.score`, ``minimum``
    the fans a win needs (flowers not counted), ``rules`` a preset name or Rules."""
    if not isinstance(melds, tuple) or not all(isinstance(m, Meld) for m in melds):
        raise InvalidArgument(f"melds={describe(melds)}: give a hand's melds (a tuple of Meld)")
    if isinstance(minimum, bool) or not isinstance(minimum, int) or not 0 <= minimum <= 1000:
        raise InvalidArgument(f"minimum={describe(minimum)}: give a number of fans 0-1000")
    if isinstance(rules, Rules):
        r = rules
    elif isinstance(rules, str):
        r = get_rules(rules)
    else:
        raise InvalidArgument(f"rules={describe(rules)}: give a preset name (e.g. 'mcr') or a Rules object")
    sw = parse_wind(seat_wind, "seat wind")
    pw = parse_wind(prevalent_wind, "prevalent wind")
    return WinValues(scorer_for(melds, sw, pw, r), minimum)
