"""Japanese riichi scoring (seed 000 日本麻將番種, RIICHI.md): yaku, fu, dora, limits, payments.

>>> import suanfan
>>> r = suanfan.riichi.score("123456m789p34s55s 2s", riichi=True, dora_indicators="1m")
>>> (r.han, r.fu, r.limit, r.payment.ron)
(3, 30, '', 5800)
>>> ", ".join(y.name_en for y in r.yaku)
'Riichi, Pinfu, Dora'
"""

from __future__ import annotations

from ..shanten import riichi_shanten as shanten
from .engine import dora_of_indicator, nagashi_mangan, score
from .fu import FuItem
from .points import Payment, base_points
from .result import Result
from .rules import PRESETS, Rules, get_rules
from .settle import PAO_YAKU, first_winner, settle
from .situation import Situation
from .winning import score_waits as waits
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

