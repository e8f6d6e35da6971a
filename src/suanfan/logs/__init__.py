"""Real games: read game logs into typed records, replay and re-score every win.

>>> import suanfan.logs
>>> game = suanfan.logs.read("tests/data/tenhou/logs/dnovikoff/pao.xml")  # doctest: +SKIP
>>> [(r.round, r.equal) for r in suanfan.logs.replay(game)]  # doctest: +SKIP

Formats (detected from the file's first bytes by :func:`detect`): Tenhou's mjlog XML
(:mod:`suanfan.logs.tenhou`), tenhou.net/6 JSON (:mod:`suanfan.logs.tenhou6`) and mjai JSON Lines
(:mod:`suanfan.logs.mjai`), each plain or gzip-compressed, read into one :class:`Game` by
:data:`FORMATS`; and Botzone's Chinese Standard Mahjong (MCR) text logs, many matches a file, read
by :mod:`suanfan.logs.botzone` and replayed by :mod:`suanfan.logs.botzone_replay`. This package
sits between the faces (command line, web) and the rule systems: it calls
:func:`suanfan.riichi.score`, :func:`suanfan.riichi.settle` and :func:`suanfan.mcr.score`, which
know nothing of it.
"""

from __future__ import annotations

from . import botzone, mjai, tenhou, tenhou6
from .formats import FORMATS, detect, parse, read
from .replay import Replayed, Scored, replay, table_rules
from .tenhou import CallMeld, Event, Game, LogError, Recorded, Round, TableRules, Win

__all__ = [
    "FORMATS",
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
    "detect",
    "mjai",
    "parse",
    "read",
    "replay",
    "table_rules",
    "tenhou",
    "tenhou6",
]
