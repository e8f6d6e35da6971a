"""Japanese riichi scoring (seed 000 日本麻將番種, RIICHI.md): yaku, fu, dora, limits, payments.

>>> import suanfan
>>> r = suanfan.riichi.score("123456m789p34s55s 2s", riichi=True, dora_indicators="1m")
>>> (r.han, r.fu, r.limit, r.payment.ron)
(3, 30, '', 5800)
>>> [y.name_en for y in r.yaku]
['Riichi', 'Pinfu', 'Dora']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .engine import dora_of_indicator, nagashi_mangan, score
from .fu import FuItem
from .points import Payment, base_points
from .result import Result
from .rules import PRESETS, Rules, get_rules
from .settle import PAO_YAKU, first_winner, settle
from .situation import Situation
from .yaku import YAKU, Yaku, YakuDef

__all__ = [
    "PAO_YAKU",
    "PRESETS",
    "YAKU",
    "FuItem",
    "Payment",
    "Result",
    "Rules",
    "Situation",
    "Yaku",
    "YakuDef",
    "base_points",
    "dora_of_indicator",
    "first_winner",
    "get_rules",
    "nagashi_mangan",
    "score",
    "settle",
    "shanten",
    "waits",
]


#: the analysis function behind :func:`shanten`, imported on first use (the rule system does not
#: import the analysis package when it is loaded; an import statement per call costs about 1 µs)
_shanten_impl: Callable[[object], int] | None = None


def shanten(hand13: object) -> int:
    """Riichi shanten number of a 13-tile hand (delegates to :mod:`suanfan.analysis`)."""
    global _shanten_impl
    impl = _shanten_impl
    if impl is None:
        from ..analysis.shanten import riichi_shanten

        impl = _shanten_impl = riichi_shanten
    return impl(hand13)


def waits(hand13: object, **situation: Any) -> dict[str, Any]:
    """Each winning tile of a 13-tile hand with its score (delegates to :mod:`suanfan.analysis`)."""
    from ..analysis import riichi_waits  # type: ignore[attr-defined,unused-ignore]

    return dict(riichi_waits(hand13, **situation))
