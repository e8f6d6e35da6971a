"""Whole games: the table state of a riichi game (four and three players) and of an MCR hand,
event by event.

Every log reader of :mod:`suanfan.logs` turns its log into the typed events of
:mod:`suanfan.game.events` (deal, draw, discard, call, kong, North, riichi, dora, win, drawn
game) and lets a :class:`GameBuilder` apply them to the :class:`RiichiTable` of each round, which
refuses an event that does not fit the table with a :class:`GameError` (a
:class:`~suanfan.MahjongError` naming what is wrong; the builder turns it into a
:class:`LogError` naming the place in the log). The records it builds (:class:`Game`,
:class:`Round`, :class:`Win`…) are the ones :mod:`suanfan.logs` reads into and replays.

:class:`MCRTable` is the MCR table (one hand of four players on Botzone's walls, per-seat or
shared), driven by the MCR events (:class:`MCRDeal`, :class:`Draw`, :class:`FlowerDraw`,
:class:`Discard`, :class:`Chow`, :class:`Pung`, :class:`Kong`, :class:`ConcealedKong`,
:class:`AddedKong`, :class:`MCRWin`, :class:`MCRDrawGame`) that the Botzone reader and the MCR
simulator make.

This package sits between the tools (logs, review, statistics) and the rule systems; it knows
no log format. See ``docs/game.md``.
"""

from __future__ import annotations

from .events import (
    Action,
    AddedKong,
    Call,
    Chow,
    ConcealedKong,
    Deal,
    DeclareWin,
    Discard,
    DoraRevealed,
    Draw,
    DrawGame,
    FlowerDraw,
    GameEvent,
    Kong,
    MCRDeal,
    MCRDrawGame,
    MCRGameEvent,
    MCRWin,
    Players,
    Pung,
    Riichi,
    StartGame,
    Stated,
)
from .mcr import (
    MCR_WALLS,
    SEAT_WALL,
    SHARED_WALL,
    MCRTable,
    MCRWinFacts,
    RiverTile,
    TileError,
    TurnError,
    WallError,
    claim_digit,
)
from .records import (
    DRAWS,
    LIMITS,
    RECORDED_FACTS,
    RED,
    WIND_NAMES,
    CallMeld,
    Event,
    Game,
    LogError,
    Recorded,
    Round,
    TableRules,
    Win,
    claim_source,
    liable,
    suanfan_meld,
    tile_text,
)
from .riichi import GameBuilder, GameError, RiichiTable, SeatState

__all__ = [
    "DRAWS",
    "LIMITS",
    "MCR_WALLS",
    "RECORDED_FACTS",
    "RED",
    "SEAT_WALL",
    "SHARED_WALL",
    "WIND_NAMES",
    "Action",
    "AddedKong",
    "Call",
    "CallMeld",
    "Chow",
    "ConcealedKong",
    "Deal",
    "DeclareWin",
    "Discard",
    "DoraRevealed",
    "Draw",
    "DrawGame",
    "Event",
    "FlowerDraw",
    "Game",
    "GameBuilder",
    "GameError",
    "GameEvent",
    "Kong",
    "LogError",
    "MCRDeal",
    "MCRDrawGame",
    "MCRGameEvent",
    "MCRTable",
    "MCRWin",
    "MCRWinFacts",
    "Players",
    "Pung",
    "Recorded",
    "Riichi",
    "RiichiTable",
    "RiverTile",
    "Round",
    "SeatState",
    "StartGame",
    "Stated",
    "TableRules",
    "TileError",
    "TurnError",
    "WallError",
    "Win",
    "claim_digit",
    "claim_source",
    "liable",
    "suanfan_meld",
    "tile_text",
]
