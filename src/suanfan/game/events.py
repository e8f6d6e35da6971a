"""The events of a riichi game: typed, frozen records that every log reader makes and the table
(:class:`suanfan.game.RiichiTable`, through :class:`suanfan.game.GameBuilder`) applies.

They hold table facts only, with tiles as copies 0–135 (:mod:`suanfan.game.records`): no format's
tag or field name. A reader maps its log onto them (an mjlog element, an mjai line, a step of a
tenhou.net/6 round) and says where each came from, so that a fault names the place in the log.
"""

from __future__ import annotations

from dataclasses import dataclass

from .records import CallMeld, Recorded, TableRules

__all__ = [
    "Call",
    "Deal",
    "DeclareWin",
    "Discard",
    "DoraRevealed",
    "Draw",
    "DrawGame",
    "GameEvent",
    "Players",
    "Riichi",
    "StartGame",
    "Stated",
]


@dataclass(frozen=True, slots=True)
class StartGame:
    """The table's rules (before the first round)."""

    rules: TableRules


@dataclass(frozen=True, slots=True)
class Players:
    """The players' names, by seat (the first such event counts)."""

    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Deal:
    """A round starts: ``round`` 0–15 (east 1 = 0, south 1 = 4…), ``honba``, ``sticks`` on the
    table, ``dealer``, ``scores`` every seat's score in points (four numbers, the fourth 0 with
    three players), ``hands`` the 13 tiles dealt to each of four seats (the fourth empty with three
    players), ``dora`` the first dora indicator; ``seed`` the log's text for the round's start
    (kept as :attr:`Round.seed`)."""

    round: int
    honba: int
    sticks: int
    dealer: int
    scores: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    dora: int
    seed: str = ""


@dataclass(frozen=True, slots=True)
class Draw:
    """``seat`` draws ``tile`` (from the live wall, or a replacement after a kong or a North)."""

    seat: int
    tile: int


@dataclass(frozen=True, slots=True)
class Discard:
    """``seat`` discards ``tile``."""

    seat: int
    tile: int


@dataclass(frozen=True, slots=True)
class Call:
    """``meld.seat`` makes ``meld``: a chi, pon or open kong of the last discard, an added kong
    (``kakan``, extending the seat's pon), a closed kong (``ankan``) or a North set aside
    (``nuki``, three players)."""

    meld: CallMeld


@dataclass(frozen=True, slots=True)
class Riichi:
    """``seat``'s riichi: ``step`` 1 the declaration (before its discard), 2 accepted (after the
    discard passes: the stick is on the table)."""

    seat: int
    step: int


@dataclass(frozen=True, slots=True)
class DoraRevealed:
    """A new dora indicator (after a kong)."""

    tile: int


@dataclass(frozen=True, slots=True)
class Stated:
    """What a log states of a win that the events also give, to be checked against them (each
    disagreement becomes a :attr:`Win.conflicts` entry): the winner's ``tiles`` (standing tiles
    and the winning tile), its calls' ``codes``, the winning ``tile``, the ``dora`` indicators and
    the ``honba`` and ``sticks`` the winner collects."""

    tiles: tuple[int, ...]
    codes: tuple[int, ...]
    tile: int
    dora: tuple[int, ...]
    honba: int
    sticks: int


@dataclass(frozen=True, slots=True)
class DeclareWin:
    """``seat`` wins: on ``from_seat``'s discard (or robbing its kong or North), or by self-draw
    when ``from_seat`` is the winner. ``recorded`` the score the log recorded; ``ura`` the ura
    dora indicators (which no event reveals); ``conflicts`` where the log's record disagrees with
    its events in what the table does not check; ``stated`` what the log states of the win that
    the events give (``None``: nothing; the record's honba and sticks are then the table's)."""

    seat: int
    from_seat: int
    recorded: Recorded
    ura: tuple[int, ...] = ()
    conflicts: tuple[str, ...] = ()
    stated: Stated | None = None


@dataclass(frozen=True, slots=True)
class DrawGame:
    """The round ends without a win: ``reason`` "" an exhaustive draw, else ``yao9`` ``reach4``
    ``ron3`` ``kan4`` ``kaze4`` ``nm`` (nagashi mangan); ``deltas`` every seat's score change (the
    tenpai payments; empty when the log gives none)."""

    reason: str = ""
    deltas: tuple[int, ...] = ()


#: every event of a riichi game
GameEvent = (StartGame | Players | Deal | Draw | Discard | Call | Riichi | DoraRevealed
             | DeclareWin | DrawGame)
