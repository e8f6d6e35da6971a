"""The result of scoring a riichi hand: an immutable, picklable record of the best reading.

The fu breakdown and the texts are not stored: they are rebuilt on request from the reading
(:func:`suanfan.riichi.fu.reading_fu`, the function that gave the engine its fu).
"""

from __future__ import annotations

from typing import Any, Final

from ..decompose import PUNG
from ..hand import Hand
from ..tiles import EAST, KIND, tile_to_str
from .fu import WAITS, FuItem, MeldFu, kind_text, meld_pungs, reading_fu
from .points import Payment
from .rules import Rules
from .yaku import Yaku

__all__ = ["FORM_KOKUSHI", "FORM_NONE", "FORM_SEVEN_PAIRS", "FORM_STANDARD", "Result"]

#: the shape of the scored reading
FORM_NONE: Final = 0  # no hand (nagashi mangan)
FORM_STANDARD: Final = 1  # four sets and a pair: ``pair`` and the standing ``sets``
FORM_SEVEN_PAIRS: Final = 2  # ``sets`` holds the seven pair kinds
FORM_KOKUSHI: Final = 3  # thirteen orphans

_KOKUSHI_TEXT: Final = "".join(tile_to_str(k) for k in (0, 8, 9, 17, 18, 26)) + "1234567z"


def _set_text(code: int) -> str:
    if code < PUNG:
        return tile_to_str(code)[0] + tile_to_str(code + 1)[0] + tile_to_str(code + 2)
    return kind_text(code - PUNG, 3)


class Result:
    """The score of a riichi hand. ``fu`` is 0 for a hand scored only by yakuman.

    ``yaku`` lists the yaku and dora counts; ``limit`` names the limit ("" below mangan);
    ``payment`` says who pays what; ``fu_breakdown`` lists each fu item and why; ``wait`` names
    the reading of the winning tile that was scored (ryanmen, kanchan, penchan, tanki, shanpon,
    kokushi ...); ``sets`` the decomposition scored. The breakdown and texts are built on
    request, so scoring stays fast. Immutable (read-only properties); pickles.
    """

    __slots__ = ("_form", "_fu", "_han", "_limit", "_pair", "_payment", "_round", "_rules",
                 "_seat", "_sets", "_source", "_tsumo", "_wait", "_yaku", "_yakuman")

    def __init__(self, source: Hand | None, han: int, fu: int, yakuman: int, yaku: tuple[Yaku, ...],
                 limit: str, payment: Payment, wait: int, seat: int, round_wind: int, tsumo: bool,
                 rules: Rules, form: int, pair: int, sets: tuple[int, ...]) -> None:
        self._source = source
        self._han = han
        self._fu = fu
        self._yakuman = yakuman
        self._yaku = yaku
        self._limit = limit
        self._payment = payment
        self._wait = wait  # an index into fu.WAITS, -1 for none
        self._seat = seat
        self._round = round_wind
        self._tsumo = tsumo
        self._rules = rules
        self._form = form
        self._pair = pair
        self._sets = sets

    def _state(self) -> tuple[Any, ...]:
        return (self._source, self._han, self._fu, self._yakuman, self._yaku, self._limit,
                self._payment, self._wait, self._seat, self._round, self._tsumo, self._rules,
                self._form, self._pair, self._sets)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Result, self._state())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Result) and self._state() == other._state()

    def __hash__(self) -> int:
        return hash(self._state())

    def __repr__(self) -> str:
        return (f"Result(source={self._source!r}, han={self._han!r}, fu={self._fu!r}, "
                f"yakuman={self._yakuman!r}, yaku={self._yaku!r}, limit={self._limit!r}, "
                f"payment={self._payment!r}, wait={self.wait!r})")

    @property
    def source(self) -> Hand | None:
        """The hand scored (``None`` for nagashi mangan)."""
        return self._source

    @property
    def han(self) -> int:
        return self._han

    @property
    def fu(self) -> int:
        return self._fu

    @property
    def yakuman(self) -> int:
        """The yakuman multiple (0 for an ordinary hand)."""
        return self._yakuman

    @property
    def yaku(self) -> tuple[Yaku, ...]:
        return self._yaku

    @property
    def limit(self) -> str:
        return self._limit

    @property
    def payment(self) -> Payment:
        return self._payment

    @property
    def wait(self) -> str:
        return WAITS[self._wait] if self._wait >= 0 else ""

    @property
    def dealer(self) -> bool:
        """True when the winner is the dealer (seat wind East)."""
        return self._seat == EAST

    @property
    def tsumo(self) -> bool:
        return self._tsumo

    @property
    def rules(self) -> str:
        """The name of the rules used."""
        return self._rules.name

    def _count(self, yaku_id: str) -> int:
        return sum(y.han for y in self._yaku if y.id == yaku_id)

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
        return "" if self._source is None else str(self._source)

    @property
    def fu_breakdown(self) -> tuple[FuItem, ...]:
        """Each fu item of the scored reading, with the tiles and the reason."""
        if self._yakuman or self._source is None:
            return ()
        if self._form == FORM_SEVEN_PAIRS:
            return (FuItem("chiitoitsu", 25),)
        if self._form != FORM_STANDARD:
            return ()
        h = self._source
        assert h.winning_tile is not None
        r = self._rules
        m = MeldFu(KIND[h.winning_tile], self._tsumo, all(x.concealed for x in h.melds), self._seat,
                   self._round, r.pinfu_tsumo, r.double_wind_pair_fu, meld_pungs(h.melds))
        items: list[FuItem] = []
        reading_fu(m, self._pair, self._sets, self._wait, items)
        return tuple(items)

    @property
    def fu_unrounded(self) -> int:
        """The fu before rounding up to 10 (25 for seven pairs, 0 for yakuman)."""
        return sum(f.fu for f in self.fu_breakdown)

    @property
    def sets(self) -> tuple[str, ...]:
        """The scored decomposition: the pair and the sets from the standing tiles, then melds."""
        if self._form == FORM_KOKUSHI:
            return (_KOKUSHI_TEXT,)
        if self._source is None:
            return ()
        if self._form == FORM_SEVEN_PAIRS:
            return tuple(kind_text(k, 2) for k in self._sets)
        return (kind_text(self._pair, 2), *(_set_text(c) for c in self._sets),
                *(str(m) for m in self._source.melds))

    def to_dict(self) -> dict[str, Any]:
        return {
            "system": "riichi",
            "hand": self.hand,
            "han": self._han,
            "fu": self._fu,
            "yakuman": self._yakuman,
            "limit": self._limit,
            "yaku": [y.to_dict() for y in self._yaku],
            "fu_breakdown": [f.to_dict() for f in self.fu_breakdown],
            "fu_unrounded": self.fu_unrounded,
            "payment": self._payment.to_dict(),
            "dealer": self.dealer,
            "tsumo": self._tsumo,
            "wait": self.wait,
            "sets": list(self.sets),
            "dora": self.dora,
            "ura_dora": self.ura_dora,
            "aka_dora": self.aka_dora,
            "rules": self.rules,
        }
