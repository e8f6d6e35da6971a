"""Chinese Official mahjong (MCR, 国标麻将) scoring: the 81 fans, every winning form, the five
principles, presets and results that explain themselves. See ``MCR.md``."""

from __future__ import annotations

from .extended import EXTENDED_FANS, FLAGS
from .fan_search import UNREACHABLE, FanShanten, fan_shanten, shanten
from .fans import FAN_BY_ID, FANS, Fan, FanDef
from .rules import PRESETS, Rules, fan_id, get_rules, load_rules
from .scoring import FanEntry, MCRResult, RemovedFan, score
from .situation import Situation, parse_wind
from .winning import score_waits as waits
from .wins import WinValue, WinValues, win_values

__all__ = [
    "EXTENDED_FANS",
    "FANS",
    "FAN_BY_ID",
    "FLAGS",
    "PRESETS",
    "UNREACHABLE",
    "Fan",
    "FanDef",
    "FanEntry",
    "FanShanten",
    "MCRResult",
    "RemovedFan",
    "Rules",
    "Situation",
    "WinValue",
    "WinValues",
    "fan_id",
    "fan_shanten",
    "get_rules",
    "load_rules",
    "parse_wind",
    "score",
    "shanten",
    "waits",
    "win_values",
]

