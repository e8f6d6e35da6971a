"""Hand analysis: shanten, waits with their scores, and discard advice (MCR and riichi).

>>> from suanfan import analysis
>>> analysis.mcr_shanten("1112345678999m 5p")
0
>>> analysis.riichi_shanten("1111m234567789p")
1

The shanten tables are in the core (:mod:`suanfan.shanten`, which ``suanfan.mcr.shanten`` and
``suanfan.riichi.shanten`` are); each wait is scored by the rule system's own wait functions
(:mod:`suanfan.mcr.winning`, :mod:`suanfan.riichi.winning`). Imports run one way: this package
uses the rule systems, which never import it.
"""

from __future__ import annotations

from ..shanten import (
    mcr_shanten,
    mcr_shanten_counts,
    regular_shanten_counts,
    riichi_shanten,
    riichi_shanten_counts,
    unseen_counts,
    visible_counts,
    winning_kinds,
)
from .advice import Advice, DiscardOption, UsefulTile, advise, useful_tiles
from .expected import ExpectedOption, ExpectedValues, expected_values, option_details
from .report import report
from .safety import Defence, OpponentDanger, TileDefence, WaitCombinations, defence
from .waits import Wait, WaitTable, mcr_waits, riichi_waits, shanten, shanten_by_form, wait_table

__all__ = [
    "Advice",
    "Defence",
    "DiscardOption",
    "ExpectedOption",
    "ExpectedValues",
    "OpponentDanger",
    "TileDefence",
    "UsefulTile",
    "Wait",
    "WaitCombinations",
    "WaitTable",
    "advise",
    "defence",
    "expected_values",
    "mcr_shanten",
    "mcr_shanten_counts",
    "mcr_waits",
    "option_details",
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
