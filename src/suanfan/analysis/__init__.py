"""Hand analysis: shanten, waits with their scores, and discard advice (MCR and riichi).

>>> from suanfan import analysis
>>> analysis.mcr_shanten("1112345678999m 5p")
0
>>> analysis.riichi_shanten("1111m234567789p")
1

The rule engines are imported lazily, inside the functions that score waits, so that importing
this package stays light.
"""

from __future__ import annotations

from .advice import Advice, DiscardOption, UsefulTile, advise, useful_tiles
from .report import report
from .shanten import (
    mcr_shanten,
    mcr_shanten_counts,
    regular_shanten_counts,
    riichi_shanten,
    riichi_shanten_counts,
    shanten,
    shanten_by_form,
)
from .waits import (
    Wait,
    WaitTable,
    mcr_waits,
    riichi_waits,
    unseen_counts,
    visible_counts,
    wait_table,
    winning_kinds,
)

__all__ = [
    "Advice",
    "DiscardOption",
    "UsefulTile",
    "Wait",
    "WaitTable",
    "advise",
    "mcr_shanten",
    "mcr_shanten_counts",
    "mcr_waits",
    "regular_shanten_counts",
    "report",
    "riichi_shanten",
    "riichi_shanten_counts",
    "riichi_waits",
    "shanten",
    "shanten_by_form",
    "unseen_counts",
    "useful_tiles",
    "visible_counts",
    "wait_table",
    "winning_kinds",
]
