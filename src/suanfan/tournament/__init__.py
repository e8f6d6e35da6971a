"""Tournaments: MCR and riichi score sheets, sessions, standings, seating and exports, kept in
one SQLite file per tournament. Every hand is scored from its tiles (or entered as a total).

>>> from suanfan.tournament import mcr_table_points, riichi_placement_points
>>> mcr_table_points([30, 30, -20, -40])
(3.0, 3.0, 1.0, 0.0)
>>> riichi_placement_points([42000, 31000, 27000, 20000], "ema")
(27.0, 6.0, -8.0, -25.0)

See :class:`Tournament` (the file), :mod:`.sheets` (the entries of a table's sheet),
:mod:`.seating` and :mod:`.points`.
"""

from __future__ import annotations

from .points import (
    MCR_TABLE_POINTS,
    PLACEMENTS,
    Placement,
    exact_text,
    get_placement,
    mcr_table_points,
    mcr_table_points_exact,
    placement_ranks,
    riichi_placement_points,
    riichi_placement_points_exact,
    round_points,
)
from .seating import METHODS, seat
from .sheets import (
    MCR_HANDS,
    MCR_POSITIONS,
    EntryConflict,
    MCRSheet,
    Record,
    RiichiSheet,
    TournamentError,
    check_entry,
    mcr_winds,
)
from .store import SCHEMA_VERSION, Tournament

__all__ = [
    "MCR_HANDS",
    "MCR_POSITIONS",
    "MCR_TABLE_POINTS",
    "METHODS",
    "PLACEMENTS",
    "SCHEMA_VERSION",
    "EntryConflict",
    "MCRSheet",
    "Placement",
    "Record",
    "RiichiSheet",
    "Tournament",
    "TournamentError",
    "check_entry",
    "exact_text",
    "get_placement",
    "mcr_table_points",
    "mcr_table_points_exact",
    "mcr_winds",
    "placement_ranks",
    "riichi_placement_points",
    "riichi_placement_points_exact",
    "round_points",
    "seat",
]
