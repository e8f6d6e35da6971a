"""Tenhou mjlog XML: read a game log into typed, read-only records.

An mjlog (the ``.mjlog`` files of tenhou.net, plain XML or gzip-compressed) is a ``<mjloggm>``
element holding, in order: ``<GO type=...>`` (the table's rules as bits), ``<UN>`` (the
players), ``<TAIKYOKU>``, then for each round an ``<INIT>`` (seed "round,honba,sticks,dice,dice,
dora indicator", the scores in hundreds, the dealer and the four starting hands as tile numbers
0–135), the draws ``<T12/> <U..> <V..> <W..>`` of seats 0–3, the discards ``<D..> <E..> <F..>
<G..>``, calls ``<N who= m=>`` (the meld as a bit field), ``<REACH who= step=1|2>``, new dora
indicators ``<DORA hai=>``, and the end: one ``<AGARI>`` per winner or a ``<RYUUKYOKU>``.

The reader follows the events: it keeps every seat's hand and melds, the wall, riichi and the
calls, so each :class:`Win` carries the complete hand and every situation flag inferred from the
events alone (riichi, double riichi, ippatsu, rinshan, chankan, haitei, houtei, tenhou, chiihou,
dora indicators, honba, sticks, winds, nuki). What ``<AGARI>`` says is kept apart as the
:class:`Recorded` score (han, fu, points, yaku, score changes, pao); only the ura dora indicators,
which no event reveals, are taken from it. The inferred facts are checked against the record
(the hand, the melds, the winning tile, the dora indicators, honba and sticks, and the flags
the recorded yaku imply); any disagreement is listed in :attr:`Win.conflicts`.

Bad input (not XML, truncated, an unknown tag or tile number, an impossible meld, a tile that is
not where the events put it, the wrong number of players) raises :class:`LogError` naming the
file and the event (its tag and index among the log's elements). Read with ``strict=False`` (by
this reader and by the readers of the other formats, which feed it), a fault inside a round cuts
that round only: it is kept with :attr:`Round.error` and no wins, and reading goes on at the next
round (:attr:`Game.unreadable`).

Rules bits of ``<GO type>`` (documented by the log format's users): 0x01 against humans,
0x02 no red fives, 0x04 no open tanyao, 0x08 hanchan (east-south game), 0x10 three players,
0x20 upper (tokujou) lobby, 0x40 fast, 0x80 joukyuu (with 0x20: phoenix). Two bits are read from
the special lobbies of the test logs, not from a documentation: 0x200 a chip (shuugi) lobby,
which rounds 4 han 30 fu and 3 han 60 fu up to mangan (kiriage), and 0x400 the lobby that pays
1500 a honba.
"""

from __future__ import annotations

import gzip
import io
import os
import zlib
from collections.abc import Iterator
from typing import Final
from urllib.parse import unquote
from xml.etree.ElementTree import Element, ParseError, XMLPullParser

from ..errors import MahjongError
from ..hand import Hand, Meld, MeldKind
from ..tiles import NORTH, RED_MAN, RED_PIN, RED_SOU
from ._record import Record

__all__ = [
    "MAX_BYTES",
    "RECORDED_FACTS",
    "CallMeld",
    "Event",
    "Game",
    "LogError",
    "Recorded",
    "Round",
    "TableRules",
    "Win",
    "dumps",
    "encode_meld",
    "parse",
    "read",
    "tile_text",
]

#: the largest log read (compressed or not) and the largest decompressed text, in bytes
MAX_BYTES: Final = 50 * 1024 * 1024

_DRAW_TAGS: Final = "TUVW"
_DISCARD_TAGS: Final = "DEFG"
_WIND_NAMES: Final = "ESWN"
#: Tenhou's red fives (tile numbers) and their suanfan ids
_RED: Final = {16: RED_MAN, 52: RED_PIN, 88: RED_SOU}
#: draws of a whole round (live wall and kong replacements): 136 - 14 dead wall - 4 × 13 dealt,
#: and 108 - 14 - 3 × 13 with three players
_DRAWS: Final = {4: 70, 3: 55}
_OTHER_TAGS: Final = frozenset({"mjloggm", "SHUFFLE", "GO", "UN", "TAIKYOKU", "BYE"})

#: Tenhou yaku ids of the flags a win's record implies
_Y_TSUMO, _Y_RIICHI, _Y_IPPATSU, _Y_CHANKAN, _Y_RINSHAN, _Y_HAITEI, _Y_HOUTEI = 0, 1, 2, 3, 4, 5, 6
_Y_DOUBLE_RIICHI, _Y_TENHOU, _Y_CHIIHOU = 21, 37, 38
_LIMITS: Final = ("", "mangan", "haneman", "baiman", "sanbaiman", "yakuman")
#: the facts of a win a log may record (:attr:`Recorded.known`)
RECORDED_FACTS: Final = frozenset({"han", "fu", "points", "yaku", "deltas", "pao"})


class LogError(MahjongError):
    """A game log that cannot be read: the message names the file and the event at fault.

    ``file`` is the file name, ``index`` the event's position among the log's elements (0 for the
    root, ``None`` when the fault is not one event's) and ``tag`` its tag; ``location`` says where
    in words ("event 12 <N>" in an mjlog, "line 7 (dahai)" in mjai JSON Lines, "log[2] seat 1
    discard 4" in tenhou.net/6 JSON; "" when the fault is the whole file's): readers of other
    formats pass it as ``where``."""

    def __init__(self, file: str, detail: str, index: int | None = None, tag: str = "",
                 where: str | None = None) -> None:
        if where is None:
            where = "" if index is None else f"event {index} <{tag}>"
        super().__init__(f"{file}: {where}: {detail}" if where else f"{file}: {detail}")
        self.file = file
        self.index = index
        self.tag = tag
        self.detail = detail
        self.location = where


class TableRules(Record):
    """The table's rules from ``<GO type>``: ``go_type`` the raw bits; ``aka`` red fives,
    ``kuitan`` open tanyao, ``hanchan`` an east-south game, ``sanma`` three players, ``fast``,
    ``chips`` a chip lobby (kiriage), ``honba_points`` what a honba is worth (300, 1500 in the
    0x400 lobby)."""

    __slots__ = ("aka", "chips", "fast", "go_type", "hanchan", "honba_points", "kuitan", "lobby",
                 "sanma")

    go_type: int
    lobby: int
    aka: bool
    kuitan: bool
    hanchan: bool
    sanma: bool
    fast: bool
    chips: bool
    honba_points: int

    def __init__(self, go_type: int, lobby: int = 0) -> None:
        self._set(go_type=go_type, lobby=lobby, aka=not go_type & 0x02, kuitan=not go_type & 0x04,
                  hanchan=bool(go_type & 0x08), sanma=bool(go_type & 0x10),
                  fast=bool(go_type & 0x40), chips=bool(go_type & 0x200),
                  honba_points=1500 if go_type & 0x400 else 300)

    @property
    def players(self) -> int:
        return 3 if self.sanma else 4


class CallMeld(Record):
    """A meld as the log wrote it: ``kind`` one of ``chi pon daiminkan kakan ankan nuki``,
    ``code`` the ``m`` bit field, ``tiles`` Tenhou tile numbers (0–135), ``called`` the tile taken
    from another seat (``None`` for an ankan), ``added`` the tile a kakan added (or the nuki tile),
    ``seat`` who made it and ``from_seat`` whose discard it took (``None`` for ankan and nuki)."""

    __slots__ = ("added", "called", "code", "from_seat", "kind", "seat", "tiles")

    kind: str
    code: int
    seat: int
    from_seat: int | None
    tiles: tuple[int, ...]
    called: int | None
    added: int | None

    def __init__(self, kind: str, code: int, seat: int, from_seat: int | None,
                 tiles: tuple[int, ...], called: int | None, added: int | None) -> None:
        self._set(kind=kind, code=code, seat=seat, from_seat=from_seat, tiles=tiles, called=called,
                  added=added)


class Event(Record):
    """One event of a round: ``kind`` one of ``draw discard call reach dora win draw_game``;
    ``index`` the element's position in the log, ``tag`` its tag; ``seat`` who (``None`` for dora),
    ``tile`` the Tenhou tile number (draws, discards, dora), ``meld`` the call, ``step`` the riichi
    step (1 declared, 2 accepted)."""

    __slots__ = ("index", "kind", "meld", "seat", "step", "tag", "tile")

    index: int
    tag: str
    kind: str
    seat: int | None
    tile: int | None
    meld: CallMeld | None
    step: int

    def __init__(self, index: int, tag: str, kind: str, seat: int | None = None,
                 tile: int | None = None, meld: CallMeld | None = None, step: int = 0) -> None:
        self._set(index=index, tag=tag, kind=kind, seat=seat, tile=tile, meld=meld, step=step)


class Recorded(Record):
    """What Tenhou recorded for a win (``<AGARI>``): ``fu``, ``points`` (the hand's value without
    honba and sticks), ``limit`` ("" below mangan), ``yaku`` the ``(id, han)`` pairs of Tenhou's yaku
    ids, ``yakuman`` the yakuman ids, ``han`` (13 a yakuman), ``deltas`` the score change of every
    seat in points, ``scores`` the scores before, ``pao`` the liable seat, ``honba`` and ``sticks``
    (``ba``), ``chips`` the chip changes of a chip lobby; ``known`` the facts the log records, of
    ``han fu points yaku deltas pao`` (an mjlog records all; a tenhou.net/6 log no fu for a limit
    hand, an mjai log often only the deltas): the others are 0 or empty here and not compared."""

    __slots__ = ("chips", "deltas", "fu", "han", "honba", "known", "limit", "pao", "points",
                 "scores", "sticks", "yaku", "yakuman")

    fu: int
    points: int
    limit: str
    yaku: tuple[tuple[int, int], ...]
    yakuman: tuple[int, ...]
    han: int
    deltas: tuple[int, ...]
    scores: tuple[int, ...]
    pao: int | None
    honba: int
    sticks: int
    chips: tuple[int, ...]
    known: frozenset[str]

    def __init__(self, fu: int, points: int, limit: str, yaku: tuple[tuple[int, int], ...],
                 yakuman: tuple[int, ...], deltas: tuple[int, ...], scores: tuple[int, ...],
                 pao: int | None, honba: int, sticks: int, chips: tuple[int, ...] = (),
                 known: frozenset[str] = RECORDED_FACTS, han: int | None = None) -> None:
        if han is None:  # the han of the yaku (a log that lists no yaku may give the total)
            han = 13 * len(yakuman) if yakuman else sum(h for _, h in yaku)
        unknown = known - RECORDED_FACTS
        if unknown:
            raise ValueError(f"known: {', '.join(sorted(unknown))} not of "
                             f"{' '.join(sorted(RECORDED_FACTS))}")
        self._set(fu=fu, points=points, limit=limit, yaku=yaku, yakuman=yakuman, han=han,
                  deltas=deltas, scores=scores, pao=pao, honba=honba, sticks=sticks, chips=chips,
                  known=known)


class Win(Record):
    """A win, with everything the events say about it and what Tenhou recorded.

    ``seat`` the winner, ``from_seat`` the discarder (``None`` on tsumo), ``dealer``, ``players``;
    ``hand`` the complete :class:`~suanfan.Hand` (standing tiles, melds with their claim sources,
    the winning tile; nuki North tiles are not melds: ``nuki`` counts them); ``melds`` the calls
    as logged; ``seat_wind`` and ``round_wind`` "E" "S" "W" "N"; the situation flags; dora and ura
    indicators in suanfan notation ("3m"); ``honba`` and ``sticks`` this winner collects (a later
    winner of a multiple ron collects none); ``pao`` the liable seat (who fed the call that made
    the third dragon set or the fourth wind set), if any; ``recorded`` Tenhou's score; ``conflicts`` where the
    inferred facts disagree with the record (empty when all agree)."""

    __slots__ = ("chankan", "chiihou", "conflicts", "dealer", "dora_indicators", "double_riichi",
                 "file", "from_seat", "haitei", "hand", "honba", "houtei", "index", "ippatsu",
                 "melds", "nuki", "pao", "players", "recorded", "riichi", "rinshan", "round_index",
                 "round_wind", "seat", "seat_wind", "sticks", "tenhou", "tsumo",
                 "ura_indicators", "winning_tile")

    file: str
    round_index: int
    index: int
    seat: int
    from_seat: int | None
    dealer: int
    players: int
    tsumo: bool
    hand: Hand
    winning_tile: int
    melds: tuple[CallMeld, ...]
    nuki: int
    seat_wind: str
    round_wind: str
    riichi: bool
    double_riichi: bool
    ippatsu: bool
    rinshan: bool
    chankan: bool
    haitei: bool
    houtei: bool
    tenhou: bool
    chiihou: bool
    dora_indicators: tuple[str, ...]
    ura_indicators: tuple[str, ...]
    honba: int
    sticks: int
    pao: int | None
    recorded: Recorded
    conflicts: tuple[str, ...]

    def __init__(self, *, file: str, round_index: int, index: int, seat: int,
                 from_seat: int | None, dealer: int, players: int, hand: Hand, winning_tile: int,
                 melds: tuple[CallMeld, ...], nuki: int, seat_wind: str, round_wind: str,
                 riichi: bool, double_riichi: bool, ippatsu: bool, rinshan: bool, chankan: bool,
                 haitei: bool, houtei: bool, tenhou: bool, chiihou: bool,
                 dora_indicators: tuple[str, ...], ura_indicators: tuple[str, ...], honba: int,
                 sticks: int, pao: int | None, recorded: Recorded,
                 conflicts: tuple[str, ...]) -> None:
        self._set(file=file, round_index=round_index, index=index, seat=seat, from_seat=from_seat,
                  dealer=dealer, players=players, tsumo=from_seat is None, hand=hand,
                  winning_tile=winning_tile, melds=melds, nuki=nuki, seat_wind=seat_wind,
                  round_wind=round_wind, riichi=riichi, double_riichi=double_riichi,
                  ippatsu=ippatsu, rinshan=rinshan, chankan=chankan, haitei=haitei, houtei=houtei,
                  tenhou=tenhou, chiihou=chiihou, dora_indicators=dora_indicators,
                  ura_indicators=ura_indicators, honba=honba, sticks=sticks, pao=pao,
                  recorded=recorded, conflicts=conflicts)

    def situation(self) -> dict[str, object]:
        """The keyword arguments of :func:`suanfan.riichi.score` for this win (without rules)."""
        out: dict[str, object] = {
            "tsumo": self.tsumo, "seat_wind": self.seat_wind, "round_wind": self.round_wind,
            "dora_indicators": "".join(self.dora_indicators),
            "ura_dora_indicators": "".join(self.ura_indicators),
            "honba": self.honba, "riichi_sticks": self.sticks, "nuki": self.nuki,
        }
        for name in ("riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei",
                     "houtei", "tenhou", "chiihou"):
            if getattr(self, name):
                out[name] = True
        return out


class Round(Record):
    """A round (kyoku): ``index`` its position in the game, ``round_wind`` "E" "S" "W" "N",
    ``kyoku`` 1–4, ``honba``, ``sticks`` on the table at the start, ``dealer``, ``scores`` at the
    start (points), ``seed`` the ``<INIT seed>`` text, ``events``, ``wins`` (two or three on a
    multiple ron), ``draw_game`` the ``<RYUUKYOKU type>`` ("" for an exhaustive draw, ``yao9``
    ``reach4`` ``ron3`` ``kan4`` ``kaze4`` ``nm``) or ``None``, ``complete`` false when the log
    ends inside the round, ``deltas`` every seat's score change at a drawn game (tenpai payments,
    nagashi mangan; empty when the log has none or the round was won), ``dealt`` the tile numbers
    each seat was dealt (what a writer of another format needs), ``error`` ``None`` for a round
    read whole, else (a log read with ``strict=False``) the message of the :class:`LogError` that
    cut it, naming the file and the event or line: such a round has the events read up to the
    fault and no wins."""

    __slots__ = ("complete", "dealer", "dealt", "deltas", "draw_game", "error", "events", "honba",
                 "index", "kyoku", "round_wind", "scores", "seed", "sticks", "wins")

    index: int
    seed: str
    round_wind: str
    kyoku: int
    honba: int
    sticks: int
    dealer: int
    scores: tuple[int, ...]
    events: tuple[Event, ...]
    wins: tuple[Win, ...]
    draw_game: str | None
    complete: bool
    deltas: tuple[int, ...]
    dealt: tuple[tuple[int, ...], ...]
    error: str | None

    def __init__(self, index: int, seed: str, round_wind: str, kyoku: int, honba: int, sticks: int,
                 dealer: int, scores: tuple[int, ...], events: tuple[Event, ...],
                 wins: tuple[Win, ...], draw_game: str | None, complete: bool,
                 deltas: tuple[int, ...] = (), dealt: tuple[tuple[int, ...], ...] = (), *,
                 error: str | None = None) -> None:
        self._set(index=index, seed=seed, round_wind=round_wind, kyoku=kyoku, honba=honba,
                  sticks=sticks, dealer=dealer, scores=scores, events=events, wins=wins,
                  draw_game=draw_game, complete=complete, deltas=deltas, dealt=dealt, error=error)

    @property
    def label(self) -> str:
        """``E1-0``: the round wind, the kyoku and the honba."""
        return f"{self.round_wind}{self.kyoku}-{self.honba}"


class Game(Record):
    """A game: ``file`` the file name, ``players`` 3 or 4, ``rules`` the table's
    :class:`TableRules`, ``names`` the players' names, ``rounds`` (with the unreadable ones of a
    log read with ``strict=False``: :attr:`unreadable`)."""

    __slots__ = ("file", "names", "players", "rounds", "rules")

    file: str
    players: int
    rules: TableRules
    names: tuple[str, ...]
    rounds: tuple[Round, ...]

    def __init__(self, file: str, players: int, rules: TableRules, names: tuple[str, ...],
                 rounds: tuple[Round, ...]) -> None:
        self._set(file=file, players=players, rules=rules, names=names, rounds=rounds)

    @property
    def wins(self) -> tuple[Win, ...]:
        """Every win of the game, in order."""
        return tuple(w for r in self.rounds for w in r.wins)

    @property
    def unreadable(self) -> tuple[Round, ...]:
        """The rounds cut by a fault (read with ``strict=False``; :attr:`Round.error` says
        where and why), in order: empty for a log read whole."""
        return tuple(r for r in self.rounds if r.error is not None)


# -- reading ------------------------------------------------------------------------------------


def read(path: str | os.PathLike[str], strict: bool = True) -> Game:
    """Read a Tenhou mjlog file (plain XML or gzip-compressed): a :class:`Game`;
    :class:`LogError` for a log that cannot be read (``OSError`` when the file cannot be opened).
    With ``strict=False`` a fault inside a round cuts that round only (see :func:`parse`)."""
    name, data = read_bytes(path)
    return parse(data, name, strict)


def read_bytes(path: str | os.PathLike[str]) -> tuple[str, bytes]:
    """A log file's name (without the folder) and its bytes, decompressed when gzip-compressed;
    LogError when larger than :data:`MAX_BYTES`."""
    name = os.path.basename(os.fspath(path))
    with open(path, "rb") as f:
        data = f.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise LogError(name, f"the file is larger than {MAX_BYTES >> 20} MB")
    if data[:2] == b"\x1f\x8b":
        data = _decompress(data, name)
    return name, data


def _decompress(data: bytes, name: str) -> bytes:
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as g:
            out = g.read(MAX_BYTES + 1)
    except (OSError, EOFError, zlib.error) as exc:
        raise LogError(name, f"bad gzip data ({exc or type(exc).__name__})") from None
    if len(out) > MAX_BYTES:
        raise LogError(name, f"more than {MAX_BYTES >> 20} MB once decompressed")
    return out


def _elements(text: str, name: str) -> Iterator[tuple[int, Element]]:
    """The elements of the log in document order, numbered from 0 (the root); LogError when the
    XML is malformed or ends early."""
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        raise LogError(name, "a document type declaration: an mjlog has none")
    parser: XMLPullParser[Element] = XMLPullParser(events=("start",))
    index = -1
    last = "start of the file"
    try:
        chunks = [text[i:i + (1 << 16)] for i in range(0, len(text), 1 << 16)]
        for i in range(len(chunks) + 1):
            if i < len(chunks):
                parser.feed(chunks[i])
            else:
                parser.close()
            for item in parser.read_events():
                el = item[-1] if isinstance(item, tuple) else None
                if not isinstance(el, Element):  # pragma: no cover - only "start" is asked for
                    continue
                index += 1
                last = f"event {index} <{el.tag}>"
                yield index, el
    except ParseError as exc:
        raise LogError(name, f"malformed or truncated XML after {last} ({exc})") from None


def parse(data: bytes | str, name: str = "<log>", strict: bool = True) -> Game:
    """Read an mjlog given as bytes (plain or gzip-compressed) or text; ``name`` names it in
    error messages and in the records.

    ``strict`` (the default) raises :class:`LogError` at the first fault. With ``strict=False``
    a fault inside a round, and malformed XML part way, cut that round only: it is kept with
    :attr:`Round.error` set, the events read up to the fault and no wins, and reading goes on at
    the next ``<INIT>`` (:attr:`Game.unreadable`). A fault after a round's end (but another
    winner's ``<AGARI>``) and before the next ``<INIT>`` is kept as an unreadable round of its
    own, with no label (``?0-0``), and the round before it stands. Faults of the whole file
    (not an mjlog, bad gzip, no ``<GO>``, too large, a fault before the first round) still
    raise."""
    if isinstance(data, bytes):
        if len(data) > MAX_BYTES:
            raise LogError(name, f"the log is larger than {MAX_BYTES >> 20} MB")
        if data[:2] == b"\x1f\x8b":
            data = _decompress(data, name)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise LogError(name, f"not UTF-8 text (byte {exc.start})") from None
    else:
        text = data
    return _Reader(name, strict).run(text)


def _ints(text: str | None, what: str) -> list[int]:
    if text is None:
        raise ValueError(f"no {what}")
    text = text.strip()
    if not text:
        return []
    try:
        return [int(x) for x in text.split(",")]
    except ValueError:
        raise ValueError(f"{what} {text[:40]!r} is not a list of whole numbers") from None


def _int(text: str | None, what: str) -> int:
    values = _ints(text, what)
    if len(values) != 1:
        raise ValueError(f"{what} {text!r} is not one whole number")
    return values[0]


def _points(text: str) -> int:
    """A score of ``sc`` or ``ten`` in hundreds (an integer; some lobbies write decimals in
    ``owari`` only)."""
    return round(float(text) * 100)


class _Fault(Exception):
    """A fault in one event (turned into a LogError naming the event)."""


class _Seat:
    __slots__ = ("discarded", "double_riichi", "hand", "ippatsu", "melds", "riichi")

    def __init__(self, tiles: list[int]) -> None:
        self.hand: list[int] = tiles
        self.melds: list[CallMeld] = []
        self.discarded = False
        self.riichi = False
        self.double_riichi = False
        self.ippatsu = False


class _Reader:
    """The table of a game, element by element. Readers of other formats feed it the mjlog
    elements they make (:meth:`feed`); with ``strict`` false they call :meth:`open_round` where
    a round of their log starts and :meth:`cut` with the LogError of a fault."""

    def __init__(self, name: str, strict: bool = True) -> None:
        self.name = name
        self.strict = strict
        self.rules: TableRules | None = None
        self.players = 4
        self.names: tuple[str, ...] = ()
        self.rounds: list[Round] = []
        self.state: _RoundState | None = None
        self.locations: dict[int, str] = {}
        #: the round being opened, before its table is set up (what a fault there cuts)
        self.opening: Round | None = None
        #: a fault cut the round: the elements up to the next round are skipped
        self.skipping = False

    def run(self, text: str) -> Game:
        root_seen = False
        try:
            for index, el in _elements(text, self.name):
                tag = el.tag
                if not root_seen:
                    if tag != "mjloggm":
                        raise LogError(self.name, "not a Tenhou mjlog (the root is not <mjloggm>)",
                                       index, tag)
                    root_seen = True
                    continue
                if self.skipping and tag != "INIT":
                    continue
                try:
                    self.feed(index, tag, el.attrib)
                except LogError as exc:
                    if self.strict:
                        raise
                    # after a round's end, only another winner's <AGARI> is the round's
                    st = self.state
                    self.cut(exc, st is None or (st.ended and tag != "AGARI"))
        except LogError as exc:  # malformed XML part way: the rounds before it are kept
            if self.strict or self.rules is None or not (self.rounds or self.state):
                raise
            self.cut(exc, self.state is None)
        if self.rules is None:
            raise LogError(self.name, "no <GO> element: not a complete mjlog")
        return self.finish()

    def error(self, detail: str, index: int | None, tag: str) -> LogError:
        """A LogError at the element ``index``, located as the feeder said (:meth:`feed`)."""
        where = None if index is None else self.locations.get(index)
        return LogError(self.name, detail, index, tag, where)

    def feed(self, index: int, tag: str, a: dict[str, str], where: str | None = None,
             given: _Given | None = None) -> None:
        """One element: the mjlog's own, or one that a reader of another format made from its
        log (``where`` then names the place in that log for error messages, ``given`` the score
        it recorded for an ``AGARI``). LogError at a fault, whether strict or not."""
        if where is not None:
            self.locations[index] = where
        try:
            self._element(index, tag, a, given)
        except (_Fault, ValueError, KeyError, IndexError) as exc:
            detail = str(exc) if not isinstance(exc, KeyError) else f"no attribute {exc}"
            raise self.error(detail, index, tag) from None

    def open_round(self, round_wind: str = "?", kyoku: int = 0, honba: int = 0, sticks: int = 0,
                   dealer: int = 0, seed: str = "") -> None:
        """A round of the log starts (what its reader knows of it so far): the round before is
        closed, and a fault before the round's table is set up cuts this one."""
        self._close_round(complete=False)
        self.skipping = False
        self.opening = Round(len(self.rounds), seed, round_wind, kyoku, honba, sticks, dealer, (),
                             (), (), None, False)

    def cut(self, exc: LogError, between: bool = False) -> None:
        """Lenient reading: the fault ``exc`` cuts the round it is in, which is kept with the
        error and no wins; the elements up to the next round are skipped. A fault ``between``
        rounds (or after a drawn round's end) is kept as an unreadable round of its own, named
        by its place only (it may be a round whose start was lost): the round before it stands.
        ``exc`` is raised when it is no round's (before the first round, or before the table is
        known)."""
        if self.skipping:  # a second fault in a round already cut: the first one stands
            return
        if self.rules is None or not (self.rounds or self.state or self.opening):
            raise exc
        msg = str(exc)
        st = self.state
        if self.opening is not None:
            o = self.opening
            self.rounds.append(Round(o.index, o.seed, o.round_wind, o.kyoku, o.honba, o.sticks,
                                     o.dealer, (), (), (), None, False, error=msg))
        elif st is not None and not between:
            self.state = None
            self._append(st, (), False, msg)
        else:
            self._close_round(complete=False)
            self.rounds.append(Round(len(self.rounds), "", "?", 0, 0, 0, 0, (), (), (), None,
                                     False, error=msg))
        self.opening = None
        self.skipping = True

    def finish(self) -> Game:
        """The game once every element is fed."""
        assert self.rules is not None
        self._close_round(complete=False)
        return Game(self.name, self.players, self.rules, self.names, tuple(self.rounds))

    def _element(self, index: int, tag: str, a: dict[str, str], given: _Given | None) -> None:
        st = self.state
        if len(tag) >= 2 and tag[0] in _DRAW_TAGS + _DISCARD_TAGS and tag[1:].isdigit():
            if st is None or st.ended:
                raise _Fault("a draw or discard outside a round")
            seat = (_DRAW_TAGS + _DISCARD_TAGS).index(tag[0]) % 4
            tile = int(tag[1:])
            if tag[0] in _DRAW_TAGS:
                st.draw(index, tag, seat, tile)
            else:
                st.discard(index, tag, seat, tile)
            return
        if tag == "GO":
            if self.rules is not None or self.rounds or st is not None:
                raise _Fault("a second <GO> or one after the first round")
            self.rules = TableRules(_int(a.get("type"), "type"), int(a.get("lobby", "0") or 0))
            self.players = self.rules.players
            return
        if tag == "UN":
            if not self.names:
                self.names = tuple(unquote(a.get(f"n{i}", "")) for i in range(self.players))
                if self.players == 3 and a.get("n3"):
                    raise _Fault("a fourth player in a three-player game")
            return
        if tag in _OTHER_TAGS:
            return
        if tag == "INIT":
            if self.rules is None:
                raise _Fault("a round before <GO>")
            wind, kyoku, honba, sticks = _seed_label(a.get("seed", ""))
            self.open_round(wind, kyoku, honba, sticks, max(kyoku - 1, 0), a.get("seed", ""))
            self.state = _RoundState(self, index, a)
            self.opening = None
            return
        if st is None:
            raise _Fault("unknown element" if tag not in _ROUND_TAGS else "an event outside a round")
        if tag not in _ROUND_TAGS:
            raise _Fault("unknown element")
        if st.ended and tag != "AGARI":
            raise _Fault("an event after the end of the round")
        if tag == "N":
            st.call(index, tag, a)
        elif tag == "REACH":
            st.reach(index, tag, a)
        elif tag == "DORA":
            st.dora(index, tag, a)
        elif tag == "AGARI":
            st.agari(index, tag, a, given)
        else:  # RYUUKYOKU
            st.ryuukyoku(index, tag, a)
            self._close_round(complete=True)

    def _close_round(self, complete: bool) -> None:
        st = self.state
        if st is None:
            return
        self.state = None
        try:
            wins = st.build_wins()
        except LogError as exc:
            if self.strict:
                raise
            self._append(st, (), False, str(exc))
            return
        self._append(st, wins, complete or bool(wins) or st.draw_type is not None, None)

    def _append(self, st: _RoundState, wins: tuple[Win, ...], complete: bool,
                error: str | None) -> None:
        self.rounds.append(Round(len(self.rounds), st.seed, st.round_wind, st.kyoku, st.honba,
                                 st.sticks0, st.dealer, st.scores0, tuple(st.events), wins,
                                 st.draw_type, complete, st.draw_deltas, st.dealt, error=error))


def _seed_label(seed: str) -> tuple[str, int, int, int]:
    """The round wind, kyoku, honba and sticks of an ``<INIT seed>`` as far as they can be read
    (for the record of a round cut at its ``<INIT>``)."""
    try:
        k, honba, sticks = (int(x) for x in seed.split(",")[:3])
    except ValueError:
        return "?", 0, 0, 0
    return (_WIND_NAMES[k // 4], k % 4 + 1, honba, sticks) if 0 <= k < 16 else ("?", 0, 0, 0)


_ROUND_TAGS: Final = frozenset({"N", "REACH", "DORA", "AGARI", "RYUUKYOKU"})


def tile_text(t: int, aka: bool) -> str:
    """A Tenhou tile number (0-135) in suanfan notation: "3m", "0p" (a red five when ``aka``),
    "7z"."""
    return _tile_text(t, aka)


def _tile_text(t: int, aka: bool) -> str:
    k = t // 4
    if aka and t in _RED:
        return f"0{'mps'[k // 9]}"
    if k >= 27:
        return f"{k - 26}z"
    return f"{k % 9 + 1}{'mps'[k // 9]}"


class _RoundState:
    """The table during one round, event by event."""

    def __init__(self, reader: _Reader, index: int, a: dict[str, str]) -> None:
        assert reader.rules is not None
        self.reader = reader
        self.rules = reader.rules
        self.n = n = reader.players
        self.aka = self.rules.aka
        self.seed = a.get("seed", "")
        seed = _ints(a.get("seed"), "seed")
        if len(seed) != 6:
            raise _Fault(f"seed {self.seed!r} has {len(seed)} numbers, not 6")
        kyoku, self.honba, self.sticks0 = seed[0], seed[1], seed[2]
        if not 0 <= kyoku < 16 or self.honba < 0 or self.sticks0 < 0:
            raise _Fault(f"seed {self.seed!r}: round, honba or sticks out of range")
        self.round_wind = _WIND_NAMES[kyoku // 4]
        self.kyoku = kyoku % 4 + 1
        self.dealer = _int(a.get("oya"), "oya")
        if not 0 <= self.dealer < n or self.dealer != kyoku % 4:
            raise _Fault(f"dealer {self.dealer} does not fit round {kyoku} of a {n}-player game")
        ten = _ints(a.get("ten"), "ten")
        if len(ten) != 4 or (n == 3 and ten[3] != 0):
            raise _Fault(f"ten {a.get('ten')!r}: {n} players need four scores"
                         + (" (the fourth 0)" if n == 3 else ""))
        self.scores0 = tuple(100 * x for x in ten[:n])
        self.seen: set[int] = set()
        self.seats: list[_Seat] = []
        for s in range(4):
            tiles = [self._tile(t) for t in _ints(a.get(f"hai{s}", ""), f"hai{s}")]
            if s < n and len(tiles) != 13:
                raise _Fault(f"hai{s} has {len(tiles)} tiles, not 13 (a {n}-player game)")
            if s >= n and tiles:
                raise _Fault(f"hai{s}: a hand for a fourth player in a three-player game")
            if s < n:
                self.seats.append(_Seat(tiles))
        self.dealt = tuple(tuple(p.hand) for p in self.seats)
        self.dora_tiles = [self._tile(seed[5])]
        self.events: list[Event] = [Event(index, "INIT", "deal")]
        self.draws = 0
        self.calls = 0  # calls, kongs and nuki so far (they end the first go-around)
        self.reaches = 0  # riichi accepted this round (their sticks are on the table)
        self.rinshan_next = -1  # the seat whose next draw is a replacement tile
        self.rinshan_draw = False  # the last draw was a replacement tile
        self.last_discard: tuple[int, int] | None = None  # (seat, tile)
        self.last_kind = "deal"  # the kind of the last event
        self.last_meld: CallMeld | None = None
        self.agaris: list[_WinFacts] = []
        self.last_seat = -1
        self.ippatsu_before_call: list[bool] = []
        self.ended = False
        self.draw_type: str | None = None
        self.draw_deltas: tuple[int, ...] = ()

    # -- helpers --------------------------------------------------------------------------------
    def _tile(self, t: int) -> int:
        if not 0 <= t < 136:
            raise _Fault(f"tile number {t} is not a tile (0-135)")
        if self.n == 3 and 4 <= t < 32:
            raise _Fault(f"tile number {t} ({_tile_text(t, False)}) is not in a three-player set")
        if t in self.seen:
            raise _Fault(f"tile number {t} ({_tile_text(t, self.aka)}) appears twice")
        self.seen.add(t)
        return t

    def _seat(self, s: int) -> _Seat:
        if not 0 <= s < self.n:
            raise _Fault(f"seat {s} in a {self.n}-player game")
        return self.seats[s]

    def _take(self, seat: int, tile: int, what: str) -> None:
        hand = self.seats[seat].hand
        if tile not in hand:
            raise _Fault(f"{what}: seat {seat} does not hold tile {tile} "
                         f"({_tile_text(tile, self.aka)})")
        hand.remove(tile)

    def suanfan_tile(self, t: int) -> int:
        if self.aka and t in _RED:
            return _RED[t]
        return t // 4

    # -- events ---------------------------------------------------------------------------------
    def draw(self, index: int, tag: str, seat: int, tile: int) -> None:
        p = self._seat(seat)
        if len(p.hand) % 3 != 1:
            raise _Fault(f"seat {seat} draws holding {len(p.hand)} standing tiles")
        if self.draws >= _DRAWS[self.n]:
            raise _Fault(f"a draw after the last tile of the wall ({_DRAWS[self.n]} draws)")
        if self.rinshan_next >= 0 and self.rinshan_next != seat:
            raise _Fault(f"seat {seat} draws where seat {self.rinshan_next} takes a replacement "
                         "tile")
        p.hand.append(self._tile(tile))
        self.draws += 1
        self.rinshan_draw = self.rinshan_next == seat
        self.rinshan_next = -1
        self.events.append(Event(index, tag, "draw", seat, tile))
        self.last_kind = "draw"
        self.last_seat = seat

    def discard(self, index: int, tag: str, seat: int, tile: int) -> None:
        p = self._seat(seat)
        if len(p.hand) % 3 != 2:
            raise _Fault(f"seat {seat} discards holding {len(p.hand)} standing tiles")
        if self.rinshan_next >= 0:
            raise _Fault(f"a discard before seat {self.rinshan_next}'s replacement tile")
        self._take(seat, tile, "discard")
        p.discarded = True
        p.ippatsu = False  # a riichi player's next discard ends the ippatsu chance
        self.last_discard = (seat, tile)
        self.events.append(Event(index, tag, "discard", seat, tile))
        self.last_kind = "discard"
        self.last_seat = seat

    def call(self, index: int, tag: str, a: dict[str, str]) -> None:
        who = _int(a.get("who"), "who")
        p = self._seat(who)
        m = _int(a.get("m"), "m")
        meld = _decode_meld(m, who, self.n)
        kind = meld.kind
        if kind in ("chi", "pon", "daiminkan"):
            if self.last_kind != "discard" or self.last_discard is None:
                raise _Fault(f"a {kind} with no discard to claim")
            frm, tile = self.last_discard
            if meld.from_seat != frm or meld.called != tile:
                raise _Fault(f"the {kind} (m={m}) claims tile {meld.called} from seat "
                             f"{meld.from_seat}, but the last discard is tile {tile} of seat {frm}")
            if len(p.hand) % 3 != 1:
                raise _Fault(f"seat {who} calls holding {len(p.hand)} standing tiles")
            for t in meld.tiles:
                if t != tile:
                    self._take(who, t, kind)
            p.melds.append(meld)
            self.last_discard = None
            if kind == "daiminkan":
                self.rinshan_next = who
        else:
            if self.last_kind != "draw" or self.last_seat != who:
                raise _Fault(f"a {kind} by seat {who}, who has not just drawn")
            if len(p.hand) % 3 != 2:
                raise _Fault(f"a {kind} by seat {who} holding {len(p.hand)} standing tiles")
            if kind == "kakan":
                pon = next((x for x in p.melds if x.kind == "pon" and x.tiles[0] // 4
                            == meld.tiles[0] // 4), None)
                if pon is None:
                    raise _Fault(f"a kakan (m={m}) of seat {who}, who has no such pon")
                assert meld.added is not None
                if set(pon.tiles) | {meld.added} != set(meld.tiles):
                    raise _Fault(f"the kakan (m={m}) does not extend seat {who}'s pon")
                self._take(who, meld.added, kind)
                meld = CallMeld("kakan", m, who, pon.from_seat, meld.tiles, pon.called, meld.added)
                p.melds[p.melds.index(pon)] = meld
            elif kind == "ankan":
                for t in meld.tiles:
                    self._take(who, t, kind)
                p.melds.append(meld)
            else:  # nuki
                if self.n != 3:
                    raise _Fault(f"a nuki (m={m}) in a four-player game")
                assert meld.added is not None
                self._take(who, meld.added, kind)
                p.melds.append(meld)
            self.rinshan_next = who
        self.ippatsu_before_call = [s.ippatsu for s in self.seats]
        # a call, a kong or a North set aside ends every ippatsu chance and the first go-around
        # (tenhou, chiihou, double riichi: the riichi wiki's "Sanma" page says so of the kita
        # call; no log here shows it either way); a nuki is replaced from the dead wall like a
        # kong, and a win on that tile is rinshan (Tenhou's three-player logs record 嶺上開花)
        self.calls += 1
        for s in self.seats:
            s.ippatsu = False
        self.last_meld = meld
        self.events.append(Event(index, tag, "call", who, meld=meld))
        self.last_kind = "call"
        self.last_seat = who

    def reach(self, index: int, tag: str, a: dict[str, str]) -> None:
        who = _int(a.get("who"), "who")
        p = self._seat(who)
        step = _int(a.get("step"), "step")
        if step == 1:
            if p.riichi or not p.hand or len(p.hand) % 3 != 2 or any(
                    x.kind not in ("ankan", "nuki") for x in p.melds):
                raise _Fault(f"seat {who} cannot declare riichi here")
            p.double_riichi = not p.discarded and self.calls == 0
        elif step == 2:
            if p.riichi or self.last_kind != "discard" or self.last_seat != who:
                raise _Fault(f"seat {who}'s riichi is accepted without its riichi discard")
            p.riichi = True
            p.ippatsu = True
            self.reaches += 1
        else:
            raise _Fault(f"riichi step {step} (1 or 2)")
        self.events.append(Event(index, tag, "reach", who, step=step))

    def dora(self, index: int, tag: str, a: dict[str, str]) -> None:
        tile = self._tile(_int(a.get("hai"), "hai"))
        if len(self.dora_tiles) >= 5:
            raise _Fault("a sixth dora indicator")
        self.dora_tiles.append(tile)
        self.events.append(Event(index, tag, "dora", None, tile))

    def ryuukyoku(self, index: int, tag: str, a: dict[str, str]) -> None:
        if self.ended:
            raise _Fault("a draw after the end of the round")
        self.ended = True
        self.draw_type = a.get("type", "")
        sc = _ints(a.get("sc", ""), "sc")
        if sc:
            if len(sc) not in (8, 16) or (self.n == 3 and (sc[6] or sc[7])):
                raise _Fault(f"sc has {len(sc)} numbers, not 8 (or 16 with chips) for "
                             f"{self.n} players")
            self.draw_deltas = tuple(100 * sc[2 * i + 1] for i in range(self.n))
        self.events.append(Event(index, tag, "draw_game"))

    def agari(self, index: int, tag: str, a: dict[str, str], given: _Given | None = None) -> None:
        who = _int(a.get("who"), "who")
        frm = _int(a.get("fromWho"), "fromWho")
        p = self._seat(who)
        self._seat(frm)
        tsumo = who == frm
        if self.ended and (tsumo or not self.agaris or self.agaris[0].from_seat != frm
                           or any(x.seat == who for x in self.agaris)):
            raise _Fault("a second win that is not another ron on the same tile")
        chankan = rinshan = haitei = houtei = False
        ippatsu = p.ippatsu
        if tsumo:
            if self.last_kind != "draw" or self.last_seat != who:
                raise _Fault(f"a tsumo by seat {who}, who has not just drawn")
            tile = p.hand[-1]
            concealed = p.hand[:-1]
            rinshan = self.rinshan_draw
            haitei = self.draws == _DRAWS[self.n] and not rinshan
        else:
            if len(p.hand) % 3 != 1:
                raise _Fault(f"a ron by seat {who} holding {len(p.hand)} standing tiles")
            lm = self.last_meld
            if self.last_kind == "discard" and self.last_discard is not None \
                    and self.last_discard[0] == frm:
                tile = self.last_discard[1]
                houtei = self.draws == _DRAWS[self.n]
            elif self.last_kind == "call" and lm is not None and lm.seat == frm \
                    and lm.kind in ("kakan", "ankan", "nuki"):
                # robbing a kong (an ankan only for thirteen orphans), or a North set aside
                tile = lm.added if lm.added is not None else lm.tiles[0]
                chankan = lm.kind == "kakan"
                ippatsu = self.ippatsu_before_call[who]
            else:
                raise _Fault(f"a ron by seat {who} on seat {frm}, who has not just discarded or "
                             "added to a kong")
            concealed = list(p.hand)
        dealer = who == self.dealer
        first = tsumo and self.calls == 0 and not p.discarded and not rinshan
        facts = _WinFacts(index, who, None if tsumo else frm, tile, concealed, tuple(p.melds),
                          p.riichi, p.riichi and p.double_riichi, ippatsu, rinshan, chankan, haitei,
                          houtei, first and dealer, first and not dealer,
                          tuple(self.dora_tiles), dict(a), given)
        self.agaris.append(facts)
        self.ended = True
        self.events.append(Event(index, tag, "win", who, tile))

    # -- the wins -------------------------------------------------------------------------------
    def build_wins(self) -> tuple[Win, ...]:
        if not self.agaris:
            return ()
        n = self.n
        frm0 = self.agaris[0].from_seat
        if frm0 is None:
            first_seat = self.agaris[0].seat
        else:
            first_seat = min((f.seat for f in self.agaris), key=lambda s: (s - frm0) % n)
        out = []
        for f in self.agaris:
            try:
                out.append(self._win(f, f.seat == first_seat))
            except (_Fault, ValueError, KeyError) as exc:
                detail = str(exc) if not isinstance(exc, KeyError) else f"no attribute {exc}"
                raise self.reader.error(detail, f.index, "AGARI") from None
        return tuple(out)

    def _win(self, f: _WinFacts, first: bool) -> Win:
        n = self.n
        aka = self.aka
        conflicts: list[str] = []
        melds: list[Meld] = []
        nuki = 0
        for cm in f.melds:
            if cm.kind == "nuki":
                nuki += 1
            else:
                melds.append(_suanfan_meld(cm, f.seat, n, aka))
        try:
            hand = Hand(melds, [self.suanfan_tile(t) for t in f.concealed],
                        self.suanfan_tile(f.tile))
        except MahjongError as exc:
            raise _Fault(f"the winner's hand is not a hand: {exc}") from None
        honba = self.honba if first else 0
        sticks = self.sticks0 + self.reaches if first else 0
        if f.given is None:
            rec, ura = self._recorded(f, sticks, conflicts)
        else:
            g = f.given.recorded
            rec = Recorded(g.fu, g.points, g.limit, g.yaku, g.yakuman, g.deltas, g.scores, g.pao,
                           self.honba, sticks, g.chips, g.known, g.han)
            ura = list(f.given.ura)
            conflicts += f.given.conflicts
            if len(g.deltas) != n:
                raise _Fault(f"{len(g.deltas)} score changes for {n} players")
            if g.pao is not None and not 0 <= g.pao < n:
                raise _Fault(f"liable seat {g.pao} in a {n}-player game")
        for t in ura:
            if not 0 <= t < 136 or t in self.seen:
                raise _Fault(f"ura dora indicator {t} is not a tile of the dead wall")
        if ura and len(ura) != len(f.dora):
            conflicts.append(f"{len(ura)} ura dora indicators for {len(f.dora)} dora indicators")
        yaku, yakuman, pao = rec.yaku, rec.yakuman, rec.pao
        ids = {i for i, _ in yaku}
        flags: list[tuple[str, bool, bool]] = []
        has_yaku = "yaku" in rec.known
        if yaku and has_yaku:
            flags += [("riichi", f.riichi, bool(ids & {_Y_RIICHI, _Y_DOUBLE_RIICHI})),
                      ("double riichi", f.double_riichi, _Y_DOUBLE_RIICHI in ids),
                      ("ippatsu", f.ippatsu, _Y_IPPATSU in ids),
                      ("chankan", f.chankan, _Y_CHANKAN in ids),
                      ("rinshan", f.rinshan, _Y_RINSHAN in ids),
                      ("haitei", f.haitei, _Y_HAITEI in ids),
                      ("houtei", f.houtei, _Y_HOUTEI in ids)]
        if has_yaku:
            flags += [("tenhou", f.tenhou, _Y_TENHOU in yakuman),
                      ("chiihou", f.chiihou, _Y_CHIIHOU in yakuman)]
        for name, inferred, recorded in flags:
            if inferred != recorded:
                conflicts.append(f"{name}: the events say {'yes' if inferred else 'no'}, the "
                                 f"record {'yes' if recorded else 'no'}")
        pao_inferred = _liable(f.melds)
        if pao_inferred != pao and "pao" in rec.known:
            conflicts.append(f"pao: the events give {pao_inferred}, the record {pao}")
        if f.tsumo and _Y_TSUMO not in ids and yaku and has_yaku and hand.is_closed:
            conflicts.append("menzen tsumo: a closed tsumo the record does not count")
        return Win(
            file=self.reader.name, round_index=len(self.reader.rounds), index=f.index,
            seat=f.seat, from_seat=f.from_seat, dealer=self.dealer, players=n, hand=hand,
            winning_tile=self.suanfan_tile(f.tile), melds=f.melds, nuki=nuki,
            seat_wind=_WIND_NAMES[(f.seat - self.dealer) % n], round_wind=self.round_wind,
            riichi=f.riichi, double_riichi=f.double_riichi, ippatsu=f.ippatsu, rinshan=f.rinshan,
            chankan=f.chankan, haitei=f.haitei, houtei=f.houtei, tenhou=f.tenhou,
            chiihou=f.chiihou, dora_indicators=tuple(_tile_text(t, aka) for t in f.dora),
            ura_indicators=tuple(_tile_text(t, aka) for t in ura), honba=honba, sticks=sticks,
            pao=pao_inferred, recorded=rec, conflicts=tuple(conflicts))

    def _recorded(self, f: _WinFacts, sticks: int,
                  conflicts: list[str]) -> tuple[Recorded, list[int]]:
        """What an ``<AGARI>`` recorded, and its ura dora indicators; the facts it states that
        the events also give are checked (a disagreement is added to ``conflicts``)."""
        a = f.attrib
        n = self.n
        ten = _ints(a.get("ten"), "ten")
        if len(ten) != 3 or not 0 <= ten[2] < len(_LIMITS):
            raise _Fault(f"ten {a.get('ten')!r} is not 'fu,points,limit'")
        yaku_raw = _ints(a.get("yaku", ""), "yaku")
        if len(yaku_raw) % 2:
            raise _Fault(f"yaku {a.get('yaku')!r} is not id,han pairs")
        yaku = tuple((yaku_raw[i], yaku_raw[i + 1]) for i in range(0, len(yaku_raw), 2))
        yakuman = tuple(_ints(a.get("yakuman", ""), "yakuman"))
        if not yaku and not yakuman:
            raise _Fault("a win with neither yaku nor yakuman")
        sc = _ints(a.get("sc"), "sc")
        if len(sc) not in (8, 16):
            raise _Fault(f"sc has {len(sc)} numbers, not 8 (or 16 with chips)")
        deltas = tuple(100 * sc[2 * i + 1] for i in range(4))
        if n == 3 and (sc[6] or sc[7]):
            raise _Fault("sc: a score for a fourth player in a three-player game")
        pao_text = a.get("paoWho")
        pao = None if pao_text is None else _int(pao_text, "paoWho")
        if pao is not None and not 0 <= pao < n:
            raise _Fault(f"paoWho {pao} in a {n}-player game")
        ba = _ints(a.get("ba"), "ba")
        if len(ba) != 2:
            raise _Fault(f"ba {a.get('ba')!r} is not 'honba,sticks'")
        rec = Recorded(ten[0], ten[1], _LIMITS[ten[2]], yaku, yakuman, deltas[:n],
                       tuple(100 * sc[2 * i] for i in range(n)), pao, ba[0], ba[1],
                       tuple(sc[8 + 2 * i + 1] for i in range(n)) if len(sc) == 16 else ())
        # check what the events say against the record
        hai = sorted(_ints(a.get("hai"), "hai"))
        if hai != sorted([*f.concealed, f.tile]):
            conflicts.append(f"hand: the events give tiles {sorted([*f.concealed, f.tile])}, the "
                             f"record {hai}")
        codes = sorted(_ints(a.get("m", ""), "m"))
        if codes != sorted(cm.code for cm in f.melds):
            conflicts.append(f"melds: the events give {sorted(cm.code for cm in f.melds)}, the "
                             f"record {codes}")
        if _int(a.get("machi"), "machi") != f.tile:
            conflicts.append(f"winning tile: the events give {f.tile}, the record {a.get('machi')}")
        dora = _ints(a.get("doraHai"), "doraHai")
        if dora != list(f.dora):
            conflicts.append(f"dora indicators: the events give {list(f.dora)}, the record {dora}")
        ura = _ints(a.get("doraHaiUra", ""), "doraHaiUra")
        # ba: the round's honba for every winner (a later winner of a multiple ron is not paid
        # them), the sticks this winner collects
        if (ba[0], ba[1]) != (self.honba, sticks):
            conflicts.append(f"honba and sticks: the events give {self.honba},{sticks}, the "
                             f"record {ba[0]},{ba[1]}")
        return rec, ura


class _WinFacts:
    """What the events say at an ``<AGARI>`` (turned into a :class:`Win` at the round's end,
    when every winner of a multiple ron is known)."""

    __slots__ = ("attrib", "chankan", "chiihou", "concealed", "dora", "double_riichi", "from_seat",
                 "given", "haitei", "houtei", "index", "ippatsu", "melds", "riichi", "rinshan", "seat",
                 "tenhou", "tile", "tsumo")

    def __init__(self, index: int, seat: int, from_seat: int | None, tile: int,
                 concealed: list[int], melds: tuple[CallMeld, ...], riichi: bool,
                 double_riichi: bool, ippatsu: bool, rinshan: bool, chankan: bool, haitei: bool,
                 houtei: bool, tenhou: bool, chiihou: bool, dora: tuple[int, ...],
                 attrib: dict[str, str], given: _Given | None) -> None:
        self.index = index
        self.seat = seat
        self.from_seat = from_seat
        self.tsumo = from_seat is None
        self.tile = tile
        self.concealed = concealed
        self.melds = melds
        self.riichi = riichi
        self.double_riichi = double_riichi
        self.ippatsu = ippatsu
        self.rinshan = rinshan
        self.chankan = chankan
        self.haitei = haitei
        self.houtei = houtei
        self.tenhou = tenhou
        self.chiihou = chiihou
        self.dora = dora
        self.attrib = attrib
        self.given = given


class _Given:
    """The score another format's log recorded for a win (its reader makes the
    :class:`Recorded`), with the ura dora indicators as tile numbers; the honba and sticks of the
    record are the ones the events give; ``conflicts`` where that log's record disagrees with its
    events in what the table does not check (added to :attr:`Win.conflicts`)."""

    __slots__ = ("conflicts", "recorded", "ura")

    def __init__(self, recorded: Recorded, ura: tuple[int, ...],
                 conflicts: tuple[str, ...] = ()) -> None:
        self.recorded = recorded
        self.ura = ura
        self.conflicts = conflicts


def _decode_meld(m: int, who: int, n: int) -> CallMeld:
    """The meld of an ``<N m=...>`` bit field: bits 0-1 the discarder relative to the caller
    (1 the next seat, 2 the one after, 3 the previous, on a four-seat table), then chi (bit 2),
    pon (bit 3), kakan (bit 4), nuki (bit 5), else a kong (ankan when the discarder is 0)."""
    if not 0 <= m < 1 << 16:
        raise _Fault(f"meld code {m} is not a 16-bit number")
    rel = m & 3
    # the discarder counted round a four-seat table, also with three players (whose seat 3 is
    # empty: a sanma pon by seat 2 of seat 0's discard has 2 here)
    frm = (who + rel) % 4
    if frm >= n:
        raise _Fault(f"meld code {m}: seat {who} claims from seat {frm} in a {n}-player game")
    if m & 0x4:  # chi: (base*3 + called) << 10, the copies of the three tiles at bits 3-8
        if n == 3:
            raise _Fault(f"meld code {m} is a chi, which a three-player game does not have")
        t = m >> 10
        called = t % 3
        t //= 3
        if t >= 21:
            raise _Fault(f"meld code {m}: no chi starts at sequence {t}")
        base = t // 7 * 9 + t % 7
        tiles = tuple((base + i) * 4 + (m >> (3 + 2 * i) & 3) for i in range(3))
        if rel != 3:
            raise _Fault(f"meld code {m}: a chi claims the previous seat's discard, not "
                         f"seat {frm}'s")
        return CallMeld("chi", m, who, frm, tiles, tiles[called], None)
    if m & 0x18:  # pon or kakan: (kind*3 + called) << 9, the fourth copy at bits 5-6
        if m & 0x8 and m & 0x10:
            raise _Fault(f"meld code {m} is both a pon and a kakan")
        t = m >> 9
        called = t % 3
        kind = t // 3
        if kind >= 34:
            raise _Fault(f"meld code {m}: tile kind {kind} is not a tile")
        unused = m >> 5 & 3
        three = tuple(kind * 4 + i for i in range(4) if i != unused)
        if rel == 0:
            raise _Fault(f"meld code {m}: a pon or kakan with no discarder")
        if m & 0x8:
            return CallMeld("pon", m, who, frm, three, three[called], None)
        return CallMeld("kakan", m, who, frm, tuple(kind * 4 + i for i in range(4)),
                        three[called], kind * 4 + unused)
    if m & 0x20:  # nuki: the tile << 8
        tile = m >> 8
        if tile // 4 != NORTH:
            raise _Fault(f"meld code {m}: a nuki sets aside a North, not tile {tile}")
        return CallMeld("nuki", m, who, None, (tile,), None, tile)
    tile = m >> 8  # a kong: the tile << 8
    if tile >= 136:
        raise _Fault(f"meld code {m}: tile number {tile} is not a tile")
    kind = tile // 4
    tiles = tuple(kind * 4 + i for i in range(4))
    if rel == 0:
        return CallMeld("ankan", m, who, None, tiles, None, None)
    return CallMeld("daiminkan", m, who, frm, tiles, tile, None)


def encode_meld(kind: str, seat: int, from_seat: int | None, tiles: tuple[int, ...],
                called: int | None = None, added: int | None = None) -> int:
    """The ``<N m=...>`` bit field of a meld (the inverse of the decoding the reader does):
    ``kind`` one of ``chi pon daiminkan kakan ankan nuki``, ``tiles`` its Tenhou tile numbers
    (a kakan's four, the pon's three and the ``added`` one), ``called`` the claimed tile."""
    rel = 0 if from_seat is None else (from_seat - seat) % 4
    if kind == "nuki":
        return tiles[0] << 8 | 0x20
    if kind in ("ankan", "daiminkan"):
        tile = tiles[0] if called is None else called
        return tile << 8 | (rel if kind == "daiminkan" else 0)
    order = sorted(t for t in tiles if t != added)
    if called is None or called not in order:
        raise ValueError(f"a {kind} needs the called tile among its tiles")
    idx = order.index(called)
    if kind == "chi":
        base = order[0] // 4
        seq = base // 9 * 7 + base % 9
        m = (seq * 3 + idx) << 10 | 0x4 | rel
        for i, t in enumerate(order):
            m |= (t & 3) << (3 + 2 * i)
        return m
    k = order[0] // 4
    unused = next(c for c in range(4) if k * 4 + c not in order)
    return (k * 3 + idx) << 9 | unused << 5 | (0x8 if kind == "pon" else 0x10) | rel


def _liable(melds: tuple[CallMeld, ...]) -> int | None:
    """The seat liable for a big three dragons or big four winds (pao): who discarded the tile
    of the call that made the third dragon set or the fourth wind set, if that set was claimed."""
    for first, need in ((31, 3), (27, 4)):  # dragons, winds (Tenhou kind numbers)
        sets = [m for m in melds if m.kind != "nuki" and first <= m.tiles[0] // 4 < first + need]
        if len(sets) == need and sets[-1].from_seat is not None:
            return sets[-1].from_seat
    return None


def _source(winner: int, frm: int, n: int) -> int:
    """The claim digit of a discard of seat ``frm`` claimed by ``winner``: 1 left (the previous
    seat), 2 opposite, 3 right (the next seat)."""
    rel = (frm - winner) % n
    if rel == n - 1:
        return 1
    return 3 if rel == 1 else 2


def _suanfan_meld(cm: CallMeld, seat: int, n: int, aka: bool) -> Meld:
    tiles = [(_RED[t] if aka and t in _RED else t // 4) for t in cm.tiles]
    if cm.kind == "chi":
        order = sorted(cm.tiles)
        assert cm.called is not None
        return Meld(MeldKind.CHOW, tiles, order.index(cm.called) + 1)
    if cm.kind == "ankan":
        return Meld(MeldKind.KONG, tiles, None, concealed=True)
    assert cm.from_seat is not None
    src = _source(seat, cm.from_seat, n)
    if cm.kind == "pon":
        return Meld(MeldKind.PUNG, tiles, src)
    return Meld(MeldKind.KONG, tiles, src, promoted=cm.kind == "kakan")


# -- writing ------------------------------------------------------------------------------------


def dumps(game: Game) -> str:
    """A game as mjlog XML text, the inverse of :func:`parse` (written by
    :mod:`suanfan.logs.tenhou_write`, which says what it holds). ValueError when the game lacks
    what the format needs (a win's recorded yaku, han or points; the dealt hands)."""
    from .tenhou_write import dumps as write

    return write(game)
