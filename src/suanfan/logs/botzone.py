"""Botzone Chinese Standard Mahjong (MCR) text logs: read them into typed, read-only records.

A Botzone log (the format of the Botzone / PKU game corpora, one file holding any number of
matches) is a sequence of lines, one match after another::

    Match 5f3c...                   the match id
    Wind 0                          the prevalent wind, 0-3 = E S W N
    Player 0 Deal W1 W2 ... J1      each player's 13 dealt tiles (flowers, if any, after them)
    Player 0 Draw B3                a draw (a flower drawn is written BuHua, or as a Draw of it)
    Player 0 Play B3                a discard
    Player 1 Chi B4                 a chow of the last discard; the tile named is the chow's middle
    Player 2 Peng B3                a pung of the last discard
    Player 3 Gang B3                a kong of the last discard
    Player 0 AnGang W5              a concealed kong (after a draw)
    Player 0 BuGang W5              a promoted kong (a pung completed by a tile held)
    Player 1 Hu B3 Ignore Player 0 PENG B3 Ignore Player 3 CHI B4
    Fan 9 清龙*1+自摸*1              the fan total and the fans as name*count
    Score 27 -9 -9 -9               the settlement
    Huang                           (instead of Hu ... Fan) a drawn game, then Score 0 0 0 0

Tile codes: ``W1``-``W9`` characters 万, ``B1``-``B9`` dots 饼 (筒), ``T1``-``T9`` bamboo 条,
``F1``-``F4`` East South West North, ``J1`` ``J2`` ``J3`` 中 发 白, ``H1``-``H8`` flowers (read as
suanfan's flowers 1-8, as :func:`suanfan.parse_hand` reads them). The Botzone judge
(``ailab-pku/Chinese-Standard-Mahjong``, ``judge/main.cpp``) builds J1-J3 as MahjongGB's honours
5-7 (red, green, white) and B as its dots, T as its bamboo; a claim another player made at the
same time but lost on priority (和 > 碰/杠 > 吃, then counter-clockwise from the discarder) is
appended to the winning claim's line as ``Ignore Player <n> <Op> <tile>``.

What the reader infers, event by event, for each win (the Botzone judge's rules, which are the
competition rules'):

* the seat wind is the player index (0-3 = E S W N), the prevalent wind the ``Wind`` value;
* self-drawn: ``Hu`` straight after the winner's own ``Draw``. The winning tile is the drawn one:
  on a self-drawn win the tile written after ``Hu`` is not always the tile drawn, so it is kept
  apart (:attr:`Win.hu_tile`) and not used;
* on a discard: ``Hu`` after another player's ``Play`` (the discarder pays) or after a ``BuGang``
  (robbing the kong, 抢杠和: the kong's player pays);
* kong: the win is on the replacement tile of the winner's own kong (杠上开花; a flower drawn in
  between ends it: a flower replacement is not a kong), or robs a promoted kong (抢杠和);
* last tile of the wall (妙手回春 self-drawn, 海底捞月 on a discard): as the judge of the walls the
  match was played on sets MahjongGB's ``WIN_FLAG_WALL_LAST`` (see *Walls* below);
* last of its kind (和绝张, seed 001: 和牌池、桌面已亮明的3张牌所剩的第4张牌): the other three
  copies of the winning tile are on view: discards left in the river (a claimed discard counts
  once, in its meld) and the tiles of every exposed meld (chows, pungs, claimed and promoted
  kongs; a concealed kong is not on view). A robbed kong shows all four, so 抢杠和 is never 和绝张;
* flowers: the flowers the winner was dealt or drew.

Walls. Botzone's judge has dealt from two kinds of wall (``judge/main.cpp`` of
``ailab-pku/Chinese-Standard-Mahjong`` and its forks; no dead wall in either, kong replacements
are ordinary draws):

* ``"seat"``, each player's own wall: the judge of Botzone's duplicate (复式) format, brought in
  for the IJCAI 2020 contest (``judge/main.cpp`` of ``tanzaku/Chinese-Standard-Mahjong``, a fork
  of ailab-pku's, at c97443d2; ailab-pku's own Python port, ``ijcai_mahjong/core.py``, deals,
  draws, declares Huang and flags the last tile alike; real public logs end in ``Huang`` as
  these rules say: in Botzone match 61602cb45ddc087351c04399, of October 2021, player 1 is to
  draw after its 21 draws, with 132 of the 136 tiles out). ``main`` builds the 136 playing
  tiles (no flowers), shuffles them and gives player *i* the *i*-th quarter, 34 tiles
  (``PlayerData::pTileWall``); ``roundOutput`` deals each player 13 tiles from its own wall, and
  every draw, a kong's replacement too, comes from the drawing player's own wall: 21 draws each.
  A game is drawn (``Huang``) when the player to draw has an empty wall of its own, however many
  tiles the others have left (``roundOutput``, draw stage). ``checkHu`` sets
  ``WIN_FLAG_WALL_LAST`` when the wall of the player after ``roundStage`` is empty: after the
  winner's own draw the next player's wall (the winner's own wall may still hold tiles; when
  only the winner's is empty it is no last tile), after a discard the wall of the player after
  the discarder: the wall the next draw would come from, so the tile is the game's last. The
  judge refuses (``WA``) a concealed or promoted kong while the konger's or the next player's
  wall is empty (``checkInputDRAW``) and a chow, pung or kong of a discard once the wall of the
  player after the discarder is empty (``roundOutput``, the claim stages): the last discard can
  only be won on. A claimed kong by a player whose own wall is empty is allowed; its
  replacement draw is then a ``Huang``;
* ``"shared"``, one wall for all: the judge as ailab-pku's repository holds it
  (``judge/main.cpp`` at 5ecaccc3 and 06daf94f), 136 tiles and the 8 flowers, 144, drawn in turn
  until none is left; ``WIN_FLAG_WALL_LAST`` when that wall is empty (``checkHu``:
  ``tileWall.size() == 0``). The reader counts the 136 playing tiles out (the one case it cannot
  see: flowers still in the wall behind the last playing tile, which the judge would count as
  tiles left);
* ``"auto"`` (the default): the log does not say, the events do. A match with a flower (dealt
  or drawn: only the shared wall holds them) is read on the shared wall; one without, on
  per-seat walls, unless its events break them (a player's 22nd draw, a kong or claim the
  per-seat judge refuses, a ``Huang`` while the player to draw still has tiles), in which case
  it is read on one shared wall of 136 if that holds (when neither holds, the error names the
  fault on the walls the match would be read on, and the other). :attr:`Match.walls` says
  which. A game of one shared wall without flowers that never breaks per-seat walls is read on
  them, and its last-tile flag can differ from that judge's (14 of 694 wins in 1,000 simulated
  games): read such logs with ``walls="shared"``. ``walls="seat"`` or ``"shared"`` reads every
  match on those walls and makes a match that breaks them bad.

Bad input (an unknown line or tile, a wrong player number, a Play of a tile not held, a claim of
no discard, a Hu nobody could make, a draw from an empty wall, a match that ends without its
``Score`` line) makes that match bad: it keeps the events read up to the fault and its
:attr:`Match.error` names the file and the line; the reader goes on with the next ``Match``
line. ``strict=True`` raises the :class:`~suanfan.logs.LogError` instead.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from typing import BinaryIO, Final

from ..errors import InvalidArgument, MahjongError, describe
from ..game import (
    AddedKong,
    Chow,
    ConcealedKong,
    Discard,
    Draw,
    FlowerDraw,
    GameError,
    Kong,
    MCRDeal,
    MCRDrawGame,
    MCRGameEvent,
    MCRTable,
    MCRWin,
    Pung,
    TileError,
    TurnError,
    WallError,
)
from ..game.record import Record
from ..hand import Hand
from ..mcr import fan_id
from .tenhou import LogError

__all__ = [
    "FAN_NAMES",
    "MAX_LINE",
    "SEAT_WALL",
    "WALL",
    "WALL_MODELS",
    "Claim",
    "Event",
    "Match",
    "Recorded",
    "Win",
    "fan_names",
    "new_table",
    "parse",
    "read",
    "table_event",
    "tables",
    "tile_code",
    "tile_id",
]

#: the playing tiles of one shared wall (with the flowers, when played with: 144 in all)
WALL: Final = 136
#: the tiles of each player's own wall on per-seat walls (13 dealt, 21 drawn)
SEAT_WALL: Final = 34
#: the wall models a log is read on: inferred from its events, per-seat walls, one shared wall
WALL_MODELS: Final[tuple[str, ...]] = ("auto", "seat", "shared")
#: the longest line read, in bytes (a match's longest line, a Deal or a Hu with its Ignore
#: claims, is under 100)
MAX_LINE: Final = 4096
WINDS: Final = "ESWN"
#: Botzone fan names that are not suanfan's Chinese names: Botzone writes 嵌张 for 坎张, and
#: MahjongGB (Botzone's scorer) names the three wait fans 独听・边张, 独听・嵌张, 独听・单钓
FAN_NAMES: Final[dict[str, str]] = {
    "嵌张": "closed_wait", "独听・嵌张": "closed_wait", "独听・边张": "edge_wait",
    "独听・单钓": "single_wait", "单钓": "single_wait",
}
#: the name Botzone writes for a suanfan fan id, where it is not suanfan's Chinese name
_BOTZONE_NAME: Final = {"closed_wait": "嵌张"}

_OPS: Final = {"draw": "draw", "play": "play", "chi": "chi", "peng": "peng", "gang": "gang",
               "angang": "angang", "bugang": "bugang", "hu": "hu", "buhua": "flower"}
_CLAIMS: Final = frozenset({"chi", "peng", "gang", "hu"})


def tile_code(t: int) -> str:
    """The Botzone code of a tile id (``W1`` … ``J3``)."""
    k = t if t < 34 else (4, 13, 22)[t - 34]  # a red five is a plain five
    if k < 27:
        return "WBT"[k // 9] + str(k % 9 + 1)
    if k <= 30:
        return "F" + str(k - 26)
    return "J" + str(34 - k)


def tile_id(code: str) -> int:
    """The suanfan tile id of a playing tile's code, -1 for a flower code; ValueError if neither."""
    if len(code) == 2 and "1" <= code[1] <= "9":
        v = ord(code[1]) - 48
        c = code[0]
        if c in "WBT":
            return "WBT".index(c) * 9 + v - 1
        if c == "F" and v <= 4:
            return 26 + v
        if c == "J" and v <= 3:
            return 34 - v
        if c == "H" and v <= 8:
            return -1
    raise ValueError(f"unknown tile {code[:12]!r} (tiles are W1-W9 B1-B9 T1-T9 F1-F4 J1-J3, "
                     "flowers H1-H8)")


def fan_names(text: str) -> tuple[tuple[str, int], ...]:
    """The ``(name, count)`` pairs of a ``Fan`` line's description ``name*count+name*count``."""
    out: list[tuple[str, int]] = []
    for part in text.split("+"):
        part = part.strip()
        if not part:
            continue
        name, star, count = part.rpartition("*")
        if not star:
            name, count = part, "1"
        if not name or not count.isdigit() or not 0 < int(count) <= 16:
            raise ValueError(f"fan {part[:30]!r} is not name*count")
        out.append((name, int(count)))
    return tuple(out)


def _fan_id(name: str) -> str:
    fid = FAN_NAMES.get(name)
    if fid is not None:
        return fid
    try:
        return fan_id(name)
    except MahjongError:
        return "?" + name  # a name suanfan does not know: it can only differ from ours


def botzone_fan_name(fid: str, zh: str) -> str:
    """The name Botzone writes for the fan ``fid`` (whose suanfan Chinese name is ``zh``)."""
    return _BOTZONE_NAME.get(fid, zh)


# -- records ------------------------------------------------------------------------------------


class Claim(Record):
    """A claim made at the same time as the one that won, and ignored (``Ignore Player n Op t``):
    ``seat``, ``kind`` (chi peng gang hu) and ``tile`` (for a chi the chow's middle tile)."""

    __slots__ = ("kind", "seat", "tile")

    seat: int
    kind: str
    tile: int

    def __init__(self, seat: int, kind: str, tile: int) -> None:
        self._set(seat=seat, kind=kind, tile=tile)


class Event(Record):
    """One line of a match: ``line`` its number in the file (from 1), ``seat``, ``kind`` one of
    ``deal draw flower play chi peng gang angang bugang hu``, ``tile`` the suanfan tile id (for a
    chi the chow's middle tile, for a flower the flower number 1-8, ``None`` for a deal),
    ``tiles`` the dealt tiles (a deal), ``flowers`` the flowers dealt, ``ignored`` the claims
    ignored in favour of this one."""

    __slots__ = ("flowers", "ignored", "kind", "line", "seat", "tile", "tiles")

    line: int
    seat: int
    kind: str
    tile: int | None
    tiles: tuple[int, ...]
    flowers: tuple[int, ...]
    ignored: tuple[Claim, ...]

    def __init__(self, line: int, seat: int, kind: str, tile: int | None = None,
                 tiles: tuple[int, ...] = (), flowers: tuple[int, ...] = (),
                 ignored: tuple[Claim, ...] = ()) -> None:
        self._set(line=line, seat=seat, kind=kind, tile=tile, tiles=tiles, flowers=flowers,
                  ignored=ignored)


class Recorded(Record):
    """What the log recorded for a win: ``total`` (the ``Fan`` number, flowers included),
    ``names`` the ``(name, count)`` pairs as written, ``fans`` the same as ``(suanfan fan id,
    count)`` sorted (an unknown name is kept as ``"?name"``), ``deltas`` the ``Score`` line."""

    __slots__ = ("deltas", "fans", "names", "total")

    total: int
    names: tuple[tuple[str, int], ...]
    fans: tuple[tuple[str, int], ...]
    deltas: tuple[int, ...]

    def __init__(self, total: int, names: tuple[tuple[str, int], ...],
                 deltas: tuple[int, ...]) -> None:
        merged: dict[str, int] = {}
        for name, count in names:
            fid = _fan_id(name)
            merged[fid] = merged.get(fid, 0) + count
        self._set(total=total, names=names, fans=tuple(sorted(merged.items())), deltas=deltas)


class Win(Record):
    """A win with everything the events say about it and what the log recorded.

    ``seat`` the winner, ``from_seat`` who pays the fan total (the discarder, the robbed kong's
    player; ``None`` self-drawn); ``hand`` the complete :class:`~suanfan.Hand` (melds with their
    claim sources, the winning tile, the flowers); ``winning_tile``; ``hu_tile`` the tile written
    after ``Hu``; the situation flags ``self_drawn``, ``kong`` (杠上开花 or 抢杠和),
    ``robbing`` (抢杠和), ``last_tile_of_wall`` (妙手回春 / 海底捞月, as the judge of the match's
    walls sets it: see the module's *Walls*), ``last_of_kind``; ``seat_wind`` and
    ``prevalent_wind`` "E" "S" "W" "N"; ``recorded``; ``conflicts`` where the events disagree
    with the record."""

    __slots__ = ("conflicts", "file", "from_seat", "hand", "hu_tile", "kong", "last_of_kind",
                 "last_tile_of_wall", "line", "match", "prevalent_wind", "recorded", "robbing",
                 "seat", "seat_wind", "self_drawn", "winning_tile")

    file: str
    match: str
    line: int
    seat: int
    from_seat: int | None
    hand: Hand
    winning_tile: int
    hu_tile: int
    self_drawn: bool
    kong: bool
    robbing: bool
    last_tile_of_wall: bool
    last_of_kind: bool
    seat_wind: str
    prevalent_wind: str
    recorded: Recorded | None
    conflicts: tuple[str, ...]

    def __init__(self, *, file: str, match: str, line: int, seat: int, from_seat: int | None,
                 hand: Hand, winning_tile: int, hu_tile: int, kong: bool, robbing: bool,
                 last_tile_of_wall: bool, last_of_kind: bool, seat_wind: str,
                 prevalent_wind: str, recorded: Recorded | None,
                 conflicts: tuple[str, ...]) -> None:
        self._set(file=file, match=match, line=line, seat=seat, from_seat=from_seat, hand=hand,
                  winning_tile=winning_tile, hu_tile=hu_tile, self_drawn=from_seat is None,
                  kong=kong, robbing=robbing, last_tile_of_wall=last_tile_of_wall,
                  last_of_kind=last_of_kind, seat_wind=seat_wind, prevalent_wind=prevalent_wind,
                  recorded=recorded, conflicts=conflicts)

    def situation(self) -> dict[str, object]:
        """The keyword arguments of :func:`suanfan.mcr.score` for this win (the flowers are in
        the hand; without rules)."""
        return {"self_drawn": self.self_drawn, "kong": self.kong,
                "last_tile_of_wall": self.last_tile_of_wall, "last_of_kind": self.last_of_kind,
                "seat_wind": self.seat_wind, "prevalent_wind": self.prevalent_wind}


class Match(Record):
    """A match (one hand of four players): ``file``, ``match`` its id, ``line`` of its ``Match``
    line, ``prevalent_wind``, ``events``, ``win`` (``None`` for a drawn game or a bad match),
    ``huang`` a drawn game, ``scores`` the ``Score`` line (``None`` if missing), ``walls`` the
    walls it was read on (``"seat"`` each player's own wall of 34, ``"shared"`` one wall; see the
    module's *Walls*), ``error`` why the match cannot be read (``None`` when it can; it names the
    file and the line)."""

    __slots__ = ("error", "events", "file", "huang", "line", "match", "prevalent_wind", "scores",
                 "walls", "win")

    file: str
    match: str
    line: int
    prevalent_wind: str
    events: tuple[Event, ...]
    win: Win | None
    huang: bool
    scores: tuple[int, ...] | None
    walls: str
    error: str | None

    def __init__(self, file: str, match: str, line: int, prevalent_wind: str,
                 events: tuple[Event, ...], win: Win | None, huang: bool,
                 scores: tuple[int, ...] | None, error: str | None,
                 walls: str = "seat") -> None:
        self._set(file=file, match=match, line=line, prevalent_wind=prevalent_wind,
                  events=events, win=win, huang=huang, scores=scores, walls=walls, error=error)


# -- reading ------------------------------------------------------------------------------------


def _walls(walls: str) -> str:
    if walls not in WALL_MODELS:
        raise InvalidArgument(f"walls={describe(walls)}: Botzone's walls are 'auto' (inferred from "
                              "the events), 'seat' (each player's own wall of 34) or 'shared'")
    return walls


def read(path: str | os.PathLike[str], strict: bool = False,
         walls: str = "auto") -> Iterator[Match]:
    """The matches of a Botzone log file, one at a time (memory stays bounded however many the
    file holds), read on ``walls`` (``"auto"``, ``"seat"`` or ``"shared"``: see the module's
    *Walls*). A bad match comes with its :attr:`Match.error` set, or with ``strict`` raises
    :class:`~suanfan.logs.LogError`; ``OSError`` when the file cannot be opened."""
    model = _walls(walls)
    name = os.path.basename(os.fspath(path))
    with open(path, "rb") as f:
        yield from _matches(_lines(f), name, strict, model)


def parse(text: str | bytes, name: str = "<log>", strict: bool = False,
          walls: str = "auto") -> list[Match]:
    """The matches of a Botzone log given as text (or UTF-8 bytes); ``name`` names it in error
    messages and records; ``walls`` as :func:`read` takes it."""
    model = _walls(walls)
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise LogError(name, f"not UTF-8 text (byte {exc.start})") from None
    return list(_matches(enumerate(text.splitlines(), 1), name, strict, model))


def _lines(f: BinaryIO) -> Iterator[tuple[int, str]]:
    """The file's lines, numbered from 1; a line too long or not UTF-8 is marked by a NUL."""
    n = 0
    read_line = f.readline
    while True:
        raw: bytes = read_line(MAX_LINE + 1)
        if not raw:
            return
        n += 1
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            while raw and not raw.endswith(b"\n"):  # skip the rest of the line
                raw = read_line(MAX_LINE + 1)
            yield n, "\0long"
            continue
        try:
            yield n, raw.decode("utf-8")
        except UnicodeDecodeError:
            yield n, "\0utf8"


class _Fault(Exception):
    """A fault at one line (turned into a LogError naming the line): the line read, or ``line``
    when the fault is an earlier line's (a break of the walls found out later)."""

    def __init__(self, detail: str, line: int | None = None) -> None:
        super().__init__(detail)
        self.line = line


def _matches(lines: Iterable[tuple[int, str]], name: str, strict: bool,
             walls: str) -> Iterator[Match]:
    reader: _MatchReader | None = None
    skipping = False  # after a bad match: skip to the next Match line
    last = 0
    for n, text in lines:
        last = n
        if text.startswith("\0"):
            tokens = ["\0"]
        else:
            tokens = text.split()
            if not tokens:
                continue
        if tokens[0] == "Match":
            if reader is not None:
                yield reader.close(n, strict)
            reader = _MatchReader(name, n, " ".join(tokens[1:]), walls)
            skipping = False
            if len(tokens) != 2:
                yield reader.fail(n, "a Match line holds one match id", strict)
                reader = None
                skipping = True
            continue
        if skipping:
            continue
        if reader is None:
            reader = _MatchReader(name, n, "", walls)
            yield reader.fail(n, "a line before the first Match line", strict)
            reader = None
            skipping = True
            continue
        try:
            if tokens[0] == "\0":
                raise _Fault("a line longer than 4 KB" if text == "\0long" else "not UTF-8 text")
            reader.feed(n, tokens)
        except _Fault as exc:
            yield reader.fail(n if exc.line is None else exc.line, str(exc), strict)
            reader = None
            skipping = True
    if reader is not None:
        yield reader.close(last + 1, strict)


def table_event(e: Event) -> MCRGameEvent:
    """The :class:`~suanfan.game.MCRTable` event of a match's event (``kind`` ``deal`` ``draw``
    ``flower`` ``play`` ``chi`` ``peng`` ``gang`` ``angang`` ``bugang`` ``hu``)."""
    k, seat, t = e.kind, e.seat, e.tile
    if k == "deal":
        return MCRDeal(seat, e.tiles, e.flowers)
    assert t is not None
    if k == "draw":
        return Draw(seat, t)
    if k == "flower":
        return FlowerDraw(seat, t)
    if k == "play":
        return Discard(seat, t)
    if k == "chi":
        return Chow(seat, t)
    if k == "peng":
        return Pung(seat, t)
    if k == "gang":
        return Kong(seat, t)
    if k == "angang":
        return ConcealedKong(seat, t)
    if k == "bugang":
        return AddedKong(seat, t)
    return MCRWin(seat, t)


#: how a match's event is written, for the table's refusals
_LABELS: Final = {"play": "Play", "chi": "Chi", "peng": "Peng", "gang": "Gang",
                  "angang": "AnGang", "bugang": "BuGang", "hu": "Hu"}


def _flower_code(v: int) -> str:
    return f"H{v}"


def new_table(prevalent_wind: int = 0, walls: str = "seat") -> MCRTable:
    """An :class:`~suanfan.game.MCRTable` on ``walls`` that names tiles and flowers by their
    Botzone codes (as the reader's errors do)."""
    return MCRTable(prevalent_wind, walls, tile_code, _flower_code)


def tables(match: Match) -> Iterator[tuple[Event, MCRTable]]:
    """Replay ``match`` on a fresh :class:`~suanfan.game.MCRTable` (on :attr:`Match.walls`): each
    event of :attr:`Match.events` with the table as it stands *before* that event is applied (the
    same table object each time; the event is applied when the next item is asked for, and a drawn
    game is applied after the last event). A bad match yields the events up to its fault; a good
    one that the table refuses raises :class:`~suanfan.logs.LogError` naming the line."""
    table = new_table(WINDS.index(match.prevalent_wind), match.walls)
    for e in match.events:
        yield e, table
        try:
            table.apply(table_event(e), _label(e))
        except GameError as exc:
            if match.error is not None:
                return
            raise LogError(match.file, f"line {e.line}: {exc}") from None
    if match.huang and match.error is None:
        try:
            table.apply(MCRDrawGame(), "Huang")
        except GameError as exc:
            raise LogError(match.file, f"line {match.line}: {exc}") from None


def _label(e: Event) -> str:
    op = _LABELS.get(e.kind)
    return "" if op is None or e.tile is None else f"{op} {tile_code(e.tile)}"


class _MatchReader:
    """One match, line by line: each line becomes an event that the table of each wall model the
    match may still be read on (:class:`~suanfan.game.MCRTable`) applies."""

    def __init__(self, name: str, line: int, match: str, walls: str) -> None:
        self.name = name
        self.line = line
        self.match = match
        self.walls = walls  # "auto", "seat" or "shared"
        self.n = line  # the line read
        # the wall models the events so far hold to, and the first fault of each (line, detail)
        self.seat_ok = walls != "shared"
        self.shared_ok = walls != "seat"
        self.seat_fault: tuple[int, str] | None = None
        self.shared_fault: tuple[int, str] | None = None
        self.flowered = False  # a flower was dealt or drawn
        self.wind: int | None = None
        self.events: list[Event] = []
        # the table of each wall model still held to (made at the first Player line)
        self.seat_table: MCRTable | None = None
        self.shared_table: MCRTable | None = None
        self.live: list[tuple[str, MCRTable]] = []  # (model, table) of the tables above
        self.started = False
        # "table" while the hand is played (the table's phase says what comes), then "fan",
        # "score", "done"
        self.state = "table"
        self.win: Win | None = None
        self.huang = False
        self.fan: tuple[int, tuple[tuple[str, int], ...]] | None = None
        self.scores: tuple[int, ...] | None = None

    # -- ending ---------------------------------------------------------------------------------
    def _match(self, error: str | None, before: int | None = None) -> Match:
        events = self.events if before is None else [e for e in self.events if e.line < before]
        return Match(self.name, self.match, self.line, WINDS[self.wind or 0], tuple(events),
                     self.win if error is None else None, self.huang, self.scores, error,
                     self.model())

    def fail(self, n: int, detail: str, strict: bool) -> Match:
        exc = LogError(self.name, f"line {n}: {detail}")
        if strict:
            raise exc
        return self._match(str(exc), n)

    def close(self, n: int, strict: bool) -> Match:
        if self.state != "done":
            return self.fail(n, f"match {self.match or '?'} (line {self.line}) ends without its "
                                "Score line: the log is truncated", strict)
        return self._match(None)

    # -- the walls ------------------------------------------------------------------------------
    def model(self) -> str:
        """The walls the match is read on: the ones asked for, or (auto) per-seat walls while the
        events hold to them."""
        if self.walls != "auto":
            return self.walls
        return "seat" if self.seat_ok else "shared"

    def _break(self, model: str, detail: str) -> None:
        """The line read breaks the ``model`` walls: the fault when no model is left."""
        if model == "seat" and self.seat_ok:
            self.seat_ok, self.seat_fault = False, (self.n, detail)
            self.seat_table = None
            self.live = [x for x in self.live if x[0] != "seat"]
        elif model == "shared" and self.shared_ok:
            self.shared_ok, self.shared_fault = False, (self.n, detail)
            self.shared_table = None
            self.live = [x for x in self.live if x[0] != "shared"]
        else:
            return
        if self.seat_ok or self.shared_ok:
            return
        # no wall holds: the fault of the walls the match would be read on
        if self.walls == "seat" or (self.walls == "auto" and not self.flowered):
            first, other, also = self.seat_fault, self.shared_fault, "one shared wall of 136"
        else:
            first, other, also = self.shared_fault, self.seat_fault, "per-seat walls"
        assert first is not None
        line, text = first
        if self.walls == "auto" and other is not None:
            where = "" if other[0] == line else f"line {other[0]}: "
            text += f" (nor does it hold to {also}: {where}{other[1]})"
        raise _Fault(text, line)

    # -- the tables -----------------------------------------------------------------------------
    def _tables(self) -> list[tuple[str, MCRTable]]:
        if not self.started:
            self.started = True
            wind = self.wind or 0
            if self.seat_ok:
                self.seat_table = new_table(wind, "seat")
                self.live.append(("seat", self.seat_table))
            if self.shared_ok:
                self.shared_table = new_table(wind, "shared")
                self.live.append(("shared", self.shared_table))
        return self.live

    def _table(self) -> MCRTable | None:
        """The table the match is read on (``None`` before the first Player line)."""
        if not self.started:
            return None
        t = self.seat_table if self.model() == "seat" else self.shared_table
        assert t is not None
        return t

    def _apply(self, event: MCRGameEvent, label: str, what: str, seat_what: str = "",
               bad_tile: str = "") -> None:
        """Let each table apply ``event``: a table whose walls refuse it is dropped (the fault
        when none is left), any other refusal is the line's fault, worded by ``what`` (out of
        turn; ``seat_what`` out of turn by seat) or ``bad_tile`` (no tile)."""
        breaks: list[tuple[str, WallError]] = []
        fault: GameError | None = None
        for model, table in self._tables():
            try:
                table.apply(event, label)
            except WallError as exc:
                breaks.append((model, exc))
            except GameError as exc:
                if fault is None:
                    fault = exc
        for model, wall in breaks:
            if wall.flower:
                self.flowered = True
            self._break(model, wall.detail)
        if isinstance(event, FlowerDraw) or (isinstance(event, MCRDeal) and event.flowers):
            self.flowered = True
        if fault is None:
            return
        if isinstance(fault, TurnError):
            if fault.wrong_seat and seat_what:
                what = seat_what
            raise _Fault(f"{what}: {self._expected(fault.phase, fault.turn)}")
        if isinstance(fault, TileError) and bad_tile:
            raise _Fault(bad_tile)
        raise _Fault(fault.detail)

    # -- helpers --------------------------------------------------------------------------------
    @staticmethod
    def _seat(text: str) -> int:
        if len(text) != 1 or not "0" <= text <= "3":
            raise _Fault(f"player {text[:12]!r}: players are 0-3")
        return ord(text) - 48

    @staticmethod
    def _tile(code: str) -> int:
        try:
            return tile_id(code)
        except ValueError as exc:
            raise _Fault(str(exc)) from None

    def _playing(self, code: str) -> int:
        t = self._tile(code)
        if t < 0:
            raise _Fault(f"flower {code} where a playing tile is needed")
        return t

    def _expected(self, phase: str | None = None, turn: int = -1) -> str:
        s, t = self.state, turn
        if phase is not None:
            s, t = phase, turn
        elif s == "table":
            table = self._table()
            s, t = ("deal", -1) if table is None else (table.phase, table.turn)
        return {
            "deal": "the four Deal lines come first",
            "draw": f"player {t} draws next",
            "act": f"player {t} plays, kongs or wins after a draw",
            "discard": f"player {t} plays after a claim",
            "claim": f"after player {t}'s discard a claim or player {(t + 1) % 4}'s draw comes next",
            "robbable": f"after player {t}'s BuGang a robbing Hu or player {t}'s draw comes next",
            "fan": "the Fan line comes after a Hu",
            "score": "the Score line comes next",
            "done": "the match is over (its Score line was read)",
        }[s]

    def _expect_state(self, state: str, what: str) -> None:
        if self.state != state:
            raise _Fault(f"{what} here: {self._expected()}")

    # -- lines ----------------------------------------------------------------------------------
    def feed(self, n: int, tokens: list[str]) -> None:
        self.n = n
        head = tokens[0]
        if head == "Wind":
            if self.wind is not None or self.started:
                raise _Fault("a Wind line after the deal or a second one")
            if len(tokens) != 2 or tokens[1] not in ("0", "1", "2", "3"):
                raise _Fault(f"Wind {' '.join(tokens[1:])[:20]!r}: the prevalent wind is 0-3")
            self.wind = int(tokens[1])
            return
        if head == "Player":
            if len(tokens) < 3:
                raise _Fault("a Player line needs a player, an action and a tile")
            seat = self._seat(tokens[1])
            op = _OPS.get(tokens[2].lower())
            if op is None and tokens[2] == "Deal":
                self._deal(n, seat, tokens[3:])
                return
            if op is None:
                raise _Fault(f"unknown action {tokens[2][:20]!r}")
            if len(tokens) < 4:
                raise _Fault(f"{tokens[2]} without a tile")
            ignored = self._ignored(seat, tokens[4:])
            if ignored and op not in _CLAIMS:
                raise _Fault(f"Ignore claims after a {tokens[2]}: only a claim of a discard "
                             "(Chi, Peng, Gang, Hu) has them")
            self._action(n, seat, op, tokens[3], ignored)
            return
        if head == "Fan":
            self._expect_state("fan", "a Fan line")
            if len(tokens) < 2 or not tokens[1].isdigit() or len(tokens[1]) > 4:
                raise _Fault("a Fan line starts with the fan total")
            try:
                names = fan_names(" ".join(tokens[2:]))
            except ValueError as exc:
                raise _Fault(str(exc)) from None
            self.fan = (int(tokens[1]), names)
            self.state = "score"
            return
        if head == "Score":
            self._expect_state("score", "a Score line")
            try:
                scores = tuple(int(x) for x in tokens[1:])
            except ValueError:
                raise _Fault("the Score line holds four whole numbers") from None
            if len(scores) != 4 or any(abs(x) > 100_000 for x in scores):
                raise _Fault("the Score line holds four whole numbers")
            self.scores = scores
            self._finish()
            self.state = "done"
            return
        if head == "Huang":
            if len(tokens) != 1:
                raise _Fault("a Huang line holds nothing else")
            if self.state != "table":
                raise _Fault(f"Huang (a drawn game) here: {self._expected()}")
            self._apply(MCRDrawGame(), "Huang", "Huang (a drawn game) here")
            self.huang = True
            self.state = "score"
            return
        raise _Fault(f"unknown line {head[:20]!r}")

    def _ignored(self, seat: int, rest: list[str]) -> tuple[Claim, ...]:
        out: list[Claim] = []
        i = 0
        while i < len(rest):
            group = rest[i:i + 5]
            if len(group) != 5 or group[0] != "Ignore" or group[1] != "Player":
                raise _Fault(f"after the tile: {' '.join(rest[i:])[:40]!r} is not "
                             "'Ignore Player <n> <Chi|Peng|Gang|Hu> <tile>'")
            who = self._seat(group[2])
            kind = group[3].lower()
            if kind not in _CLAIMS:
                raise _Fault(f"Ignore Player {who} {group[3][:12]}: an ignored claim is Chi, "
                             "Peng, Gang or Hu")
            if who == seat:
                raise _Fault(f"player {who}'s claim is both made and ignored")
            out.append(Claim(who, kind, self._playing(group[4])))
            i += 5
        return tuple(out)

    def _deal(self, n: int, seat: int, codes: list[str]) -> None:
        if self.state != "table":  # the hand is over: every seat was dealt
            raise _Fault(f"player {seat} is dealt twice")
        tiles: list[int] = []
        flowers: list[int] = []
        bad = ""
        for code in codes:
            try:
                t = tile_id(code)
            except ValueError as exc:
                bad = bad or str(exc)
                tiles.append(-1)  # the table refuses it where it checks the tiles
                continue
            if t < 0:
                flowers.append(ord(code[1]) - 48)
            else:
                tiles.append(t)
        e = Event(n, seat, "deal", None, tuple(tiles), tuple(flowers))
        self._apply(table_event(e), "", "a Deal line after play began", bad_tile=bad)
        self.events.append(e)
        table = self._table()
        if table is not None and table.phase == "draw" and self.wind is None:
            raise _Fault("no Wind line before the deal")

    def _action(self, n: int, seat: int, op: str, code: str, ignored: tuple[Claim, ...]) -> None:
        if op in ("draw", "flower"):
            if self.state != "table":
                raise _Fault(f"player {seat} draws: {self._expected()}")
            bad = ""
            event: MCRGameEvent
            try:
                t = tile_id(code)
            except ValueError as exc:
                bad, t = str(exc), -2
            if t == -1:  # a flower
                e = Event(n, seat, "flower", ord(code[1]) - 48)
                event = FlowerDraw(seat, ord(code[1]) - 48)
            elif op == "flower":  # the table refuses flower 0 where it checks the flower
                bad = bad or f"BuHua {code}: a flower is H1-H8"
                e = Event(n, seat, "flower", 0)
                event = FlowerDraw(seat, 0)
            else:
                e = Event(n, seat, "draw", t)
                event = Draw(seat, max(t, -1))
            self._apply(event, "", f"player {seat} draws", bad_tile=bad)
            self.events.append(e)
            return
        t = self._playing(code)
        e = Event(n, seat, op, t, ignored=ignored)
        kong = op in ("angang", "bugang")
        what = {"play": "plays", "hu": "wins here"}.get(op) or \
            (f"makes a {op}" if kong else f"claims a {op}")
        if self.state != "table":
            raise _Fault(f"player {seat} {what}: {self._expected()}")
        self._apply(table_event(e), f"{_LABELS[op]} {code}", f"player {seat} {what}",
                    f"player {seat} {op}" if kong else "")
        if op == "hu":
            self.state = "fan"
        self.events.append(e)

    def _finish(self) -> None:
        table = self._table()
        f = None if table is None else table.win
        if f is None:
            if self.scores != (0, 0, 0, 0):
                raise _Fault(f"a drawn game scores 0 0 0 0, not {' '.join(map(str, self.scores or ()))}")
            return
        try:
            hand = f.hand()
        except GameError as exc:
            raise _Fault(exc.detail) from None
        assert self.fan is not None and self.scores is not None
        recorded = Recorded(self.fan[0], self.fan[1], self.scores)
        conflicts: list[str] = []
        if sum(self.scores) != 0:
            conflicts.append(f"the Score line adds up to {sum(self.scores)}, not 0")
        hu = next(e for e in reversed(self.events) if e.kind == "hu")
        self.win = Win(file=self.name, match=self.match, line=hu.line, seat=f.seat,
                       from_seat=f.from_seat, hand=hand, winning_tile=f.tile, hu_tile=f.named,
                       kong=f.kong, robbing=f.robbing, last_tile_of_wall=f.last_tile_of_wall,
                       last_of_kind=f.last_of_kind, seat_wind=WINDS[f.seat],
                       prevalent_wind=WINDS[self.wind or 0], recorded=recorded,
                       conflicts=tuple(conflicts))
