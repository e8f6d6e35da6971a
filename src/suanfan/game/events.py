"""The events of a riichi game: typed, frozen records that every log reader makes and the table
(:class:`suanfan.game.RiichiTable`, through :class:`suanfan.game.GameBuilder`) applies.

They hold table facts only, with tiles as copies 0–135 (:mod:`suanfan.game.records`): no format's
tag or field name. The MCR table (:class:`suanfan.game.MCRTable`) applies :class:`Draw` and
:class:`Discard` too, with suanfan tile ids 0–33 (MCR tables tell tiles by kind only), and the
MCR events below: :class:`MCRDeal`, :class:`FlowerDraw`, :class:`Chow`, :class:`Pung`,
:class:`Kong`, :class:`ConcealedKong`, :class:`AddedKong`, :class:`MCRWin` and
:class:`MCRDrawGame`. A reader maps its log onto them (an mjlog element, an mjai line, a step of a
tenhou.net/6 round) and says where each came from, so that a fault names the place in the log.
"""

from __future__ import annotations

from dataclasses import dataclass

from .records import CallMeld, Recorded, TableRules

__all__ = [
    "Action",
    "AddedKong",
    "Call",
    "Chow",
    "ConcealedKong",
    "Deal",
    "DeclareWin",
    "Discard",
    "DoraRevealed",
    "Draw",
    "DrawGame",
    "FlowerDraw",
    "GameEvent",
    "Kong",
    "MCRDeal",
    "MCRDrawGame",
    "MCRGameEvent",
    "MCRWin",
    "Players",
    "Pung",
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


# -- MCR (tiles are suanfan tile ids 0-33, flowers 1-8) -------------------------------------------


@dataclass(frozen=True, slots=True)
class MCRDeal:
    """``seat`` is dealt its 13 playing ``tiles`` and the ``flowers`` (1–8) dealt with them (set
    aside: their replacements are among the 13). Each of the four seats has one."""

    seat: int
    tiles: tuple[int, ...]
    flowers: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class FlowerDraw:
    """``seat`` draws the flower ``flower`` (1–8) and sets it aside; its replacement is the seat's
    next :class:`Draw`."""

    seat: int
    flower: int


@dataclass(frozen=True, slots=True)
class Chow:
    """``seat`` (the seat after the discarder) chows the last discard: ``tile`` is the chow's
    middle tile."""

    seat: int
    tile: int


@dataclass(frozen=True, slots=True)
class Pung:
    """``seat`` pungs the last discard ``tile``."""

    seat: int
    tile: int


@dataclass(frozen=True, slots=True)
class Kong:
    """``seat`` kongs the last discard ``tile`` (three held); its replacement is its next draw."""

    seat: int
    tile: int


@dataclass(frozen=True, slots=True)
class ConcealedKong:
    """``seat`` declares a concealed kong of the four ``tile`` it holds (after a draw)."""

    seat: int
    tile: int


@dataclass(frozen=True, slots=True)
class AddedKong:
    """``seat`` adds the ``tile`` it holds to its pung of it (a promoted kong, after a draw); the
    other seats may rob it."""

    seat: int
    tile: int


@dataclass(frozen=True, slots=True)
class MCRWin:
    """``seat`` declares a win: by self-draw straight after its own draw, on the last discard, or
    robbing the promoted kong just made. ``tile`` is the tile the log names (checked against the
    discard or the kong's tile; on a self-drawn win the winning tile is the tile drawn)."""

    seat: int
    tile: int


@dataclass(frozen=True, slots=True)
class MCRDrawGame:
    """The hand ends drawn (荒庄): the seat to draw has no tile left to draw."""


#: every event of an MCR hand
MCRGameEvent = (MCRDeal | Draw | FlowerDraw | Discard | Chow | Pung | Kong | ConcealedKong
                | AddedKong | MCRWin | MCRDrawGame)


# -- what a seat may do ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Action:
    """One thing ``seat`` may do now (a table's ``legal_actions``): ``kind`` ``draw``,
    ``discard``, ``win``, ``pass`` (let a discard or kong go unclaimed), and the calls, in each
    rule system's words: MCR ``chow`` ``pung`` ``kong`` (of the discard) ``concealed_kong``
    ``added_kong``; riichi ``chi`` ``pon`` ``daiminkan`` ``ankan`` ``kakan`` ``nuki`` and
    ``riichi``. ``tile`` the tile it is about (a discard's, a kong's or North's, the claimed
    discard; an MCR chow's middle tile; -1 for a draw, a win, a pass or riichi), ``tiles`` the
    seat's own copies a riichi call uses."""

    kind: str
    seat: int
    tile: int = -1
    tiles: tuple[int, ...] = ()
