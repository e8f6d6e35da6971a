"""Whole games: the table state of a riichi game (four and three players), event by event.

Every log reader of :mod:`suanfan.logs` turns its log into the typed events of
:mod:`suanfan.game.events` (deal, draw, discard, call, kong, North, riichi, dora, win, drawn
game) and lets a :class:`GameBuilder` apply them to the :class:`RiichiTable` of each round, which
refuses an event that does not fit the table with a :class:`GameError` (a
:class:`~suanfan.MahjongError` naming what is wrong; the builder turns it into a
:class:`LogError` naming the place in the log). The records it builds (:class:`Game`,
:class:`Round`, :class:`Win`…) are the ones :mod:`suanfan.logs` reads into and replays.

This package sits between the tools (logs, review, statistics) and the rule systems; it knows
no log format. See ``docs/game.md``.
"""

from __future__ import annotations

from .events import (
    Call,
    Deal,
    DeclareWin,
    Discard,
    DoraRevealed,
    Draw,
    DrawGame,
    GameEvent,
    Players,
    Riichi,
    StartGame,
    Stated,
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
    "RECORDED_FACTS",
    "RED",
    "WIND_NAMES",
    "Call",
    "CallMeld",
    "Deal",
    "DeclareWin",
    "Discard",
    "DoraRevealed",
    "Draw",
    "DrawGame",
    "Event",
    "Game",
    "GameBuilder",
    "GameError",
    "GameEvent",
    "LogError",
    "Players",
    "Recorded",
    "Riichi",
    "RiichiTable",
    "Round",
    "SeatState",
    "StartGame",
    "Stated",
    "TableRules",
    "Win",
    "claim_source",
    "liable",
    "suanfan_meld",
    "tile_text",
]
