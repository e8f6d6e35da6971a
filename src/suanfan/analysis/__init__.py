"""Hand analysis: shanten, waits with their scores, and discard advice (MCR and riichi).

The rule engines are imported lazily, inside the functions that score waits, so that importing
this package stays light.
"""

from __future__ import annotations

from .shanten import (
    mcr_shanten,
    mcr_shanten_counts,
    riichi_shanten,
    riichi_shanten_counts,
    shanten,
    shanten_by_form,
)

__all__ = [
    "mcr_shanten",
    "mcr_shanten_counts",
    "riichi_shanten",
    "riichi_shanten_counts",
    "shanten",
    "shanten_by_form",
]
