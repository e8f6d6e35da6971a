"""Real games: read game logs into typed records, replay and re-score every win.

>>> import suanfan.logs
>>> game = suanfan.logs.read("tests/data/tenhou/logs/dnovikoff/pao.xml")  # doctest: +SKIP
>>> [(r.round, r.equal) for r in suanfan.logs.replay(game)]  # doctest: +SKIP

Tenhou's mjlog XML is read by :mod:`suanfan.logs.tenhou`; Botzone's Chinese Standard Mahjong (MCR)
text logs by :mod:`suanfan.logs.botzone` (replayed by :mod:`suanfan.logs.botzone_replay`).
This package sits between the faces (command line, web) and the rule systems: it calls
:func:`suanfan.riichi.score`, :func:`suanfan.riichi.settle` and :func:`suanfan.mcr.score`, which
know nothing of it.
"""

from __future__ import annotations

from . import botzone
from .replay import Replayed, Scored, replay, table_rules
from .tenhou import CallMeld, Event, Game, LogError, Recorded, Round, TableRules, Win, parse, read

__all__ = [
    "CallMeld",
    "Event",
    "Game",
    "LogError",
    "Recorded",
    "Replayed",
    "Round",
    "Scored",
    "TableRules",
    "Win",
    "botzone",
    "parse",
    "read",
    "replay",
    "table_rules",
]
