"""Chinese Official mahjong (MCR, 国标麻将) scoring: the 81 fans, every winning form, the five
principles, presets and results that explain themselves. See ``MCR.md``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .extended import EXTENDED_FANS, FLAGS
from .fans import FAN_BY_ID, FANS, Fan, FanDef
from .rules import PRESETS, Rules, fan_id, get_rules, load_rules
from .scoring import FanEntry, MCRResult, RemovedFan, score
from .situation import Situation, parse_wind

__all__ = [
    "EXTENDED_FANS",
    "FANS",
    "FAN_BY_ID",
    "FLAGS",
    "PRESETS",
    "Fan",
    "FanDef",
    "FanEntry",
    "MCRResult",
    "RemovedFan",
    "Rules",
    "Situation",
    "fan_id",
    "get_rules",
    "load_rules",
    "parse_wind",
    "score",
    "shanten",
    "waits",
]


#: the analysis function behind :func:`shanten`, imported on first use (the rule system does not
#: import the analysis package when it is loaded; an import statement per call costs about 1 µs)
_shanten_impl: Callable[[Any], int] | None = None


def shanten(hand13: Any) -> int:
    """MCR shanten number of a hand (-1 for a complete hand, 0 = ready)."""
    global _shanten_impl
    impl = _shanten_impl
    if impl is None:
        from ..analysis.shanten import mcr_shanten

        impl = _shanten_impl = mcr_shanten
    return impl(hand13)


def waits(hand13: Any, **situation: Any) -> Any:
    """{tile: result or None} for each tile that completes the 13-tile hand."""
    from ..analysis import mcr_waits  # type: ignore[attr-defined,unused-ignore]

    return mcr_waits(hand13, **situation)
