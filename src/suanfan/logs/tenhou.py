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
from xml.etree.ElementTree import ParseError, XMLParser

from ..game import (
    LIMITS,
    RECORDED_FACTS,
    WIND_NAMES,
    Call,
    CallMeld,
    Deal,
    DeclareWin,
    DoraRevealed,
    DrawGame,
    Event,
    Game,
    GameBuilder,
    GameError,
    GameEvent,
    LogError,
    Players,
    Recorded,
    Riichi,
    Round,
    StartGame,
    Stated,
    TableRules,
    Win,
    tile_text,
)
from .mjlog import DISCARD_TAGS, DRAW_TAGS, decode_meld, encode_meld

__all__ = [
    "DISCARD_TAGS",
    "DRAW_TAGS",
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
    "decode_meld",
    "decompress",
    "dumps",
    "encode_meld",
    "parse",
    "read",
    "tile_text",
]

#: the largest log read (compressed or not) and the largest decompressed text, in bytes
MAX_BYTES: Final = 50 * 1024 * 1024

_OTHER_TAGS: Final = frozenset({"mjloggm", "SHUFFLE", "TAIKYOKU", "BYE"})
_ROUND_TAGS: Final = frozenset({"N", "REACH", "DORA", "AGARI", "RYUUKYOKU"})
#: the first letter of a draw's or a discard's tag: the seat, and whether it draws
_PLAYS: Final[dict[str, tuple[int, bool]]] = {
    **{t: (s, True) for s, t in enumerate(DRAW_TAGS)},
    **{t: (s, False) for s, t in enumerate(DISCARD_TAGS)},
}


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
        data = decompress(data, name)
    return name, data


def decompress(data: bytes, name: str) -> bytes:
    """gzip-compressed bytes decompressed, LogError (naming ``name``) when they are not gzip data
    or come to more than :data:`MAX_BYTES`."""
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as g:
            out = g.read(MAX_BYTES + 1)
    except (OSError, EOFError, zlib.error) as exc:
        raise LogError(name, f"bad gzip data ({exc or type(exc).__name__})") from None
    if len(out) > MAX_BYTES:
        raise LogError(name, f"more than {MAX_BYTES >> 20} MB once decompressed")
    return out


#: the text is parsed this many characters at a time: the elements of one piece are held until
#: they are read, and a piece of a few hundred elements leaves the garbage collector little to do
_PIECE: Final = 1 << 12


class _Starts:
    """The parser's target: each element's start, its tag and attributes in two lists, in
    document order (no element objects: the reader needs neither a tree nor the elements'
    text)."""

    __slots__ = ("attrs", "tags")

    def __init__(self) -> None:
        self.tags: list[str] = []
        self.attrs: list[dict[str, str]] = []

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        self.tags.append(tag)
        self.attrs.append(attrib)


def _elements(text: str, name: str) -> Iterator[tuple[int, str, dict[str, str]]]:
    """The elements of the log in document order, numbered from 0 (the root), as their tag and
    attributes; LogError when the XML is malformed or ends early (the elements before the fault
    are given first)."""
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        raise LogError(name, "a document type declaration: an mjlog has none")
    starts = _Starts()
    parser = XMLParser(target=starts)
    index = -1
    last = "start of the file"
    fault: ParseError | None = None
    for i in [*range(0, len(text), _PIECE), -1]:  # a piece at a time, then the close
        try:
            if i >= 0:
                parser.feed(text[i:i + _PIECE])
            else:
                parser.close()
        except ParseError as exc:
            fault = exc
            if i < 0:  # at the close, the elements it found are not given
                starts.tags.clear()
                starts.attrs.clear()
        tags, attrs = starts.tags, starts.attrs
        if tags:
            starts.tags, starts.attrs = [], []
            for tag, attrib in zip(tags, attrs, strict=True):
                index += 1
                yield index, tag, attrib
            last = f"event {index} <{tags[-1]}>"
        if fault is not None:
            raise LogError(name, f"malformed or truncated XML after {last} ({fault})") from None


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
            data = decompress(data, name)
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
    """A fault in one element (turned into a LogError naming the element)."""


class _Reader:
    """An mjlog, element by element: each element becomes a game event (:mod:`suanfan.game`)
    that the :class:`~suanfan.game.GameBuilder` applies."""

    def __init__(self, name: str, strict: bool = True) -> None:
        self.name = name
        self.strict = strict
        self.builder = GameBuilder(name, strict)

    def run(self, text: str) -> Game:
        b = self.builder
        root_seen = False
        try:
            for index, tag, attrib in _elements(text, self.name):
                if not root_seen:
                    if tag != "mjloggm":
                        raise LogError(self.name, "not a Tenhou mjlog (the root is not <mjloggm>)",
                                       index, tag)
                    root_seen = True
                    continue
                if b.skipping and tag != "INIT":
                    continue
                try:
                    self.feed(index, tag, attrib)
                except LogError as exc:
                    if self.strict:
                        raise
                    # after a round's end, only another winner's <AGARI> is the round's
                    st = b.table
                    b.cut(exc, st is None or (st.ended and tag != "AGARI"))
        except LogError as exc:  # malformed XML part way: the rounds before it are kept
            if self.strict or b.rules is None or not (b.rounds or b.table):
                raise
            b.cut(exc, b.table is None)
        if b.rules is None:
            raise LogError(self.name, "no <GO> element: not a complete mjlog")
        return b.finish()

    def feed(self, index: int, tag: str, a: dict[str, str]) -> None:
        """One element: its event applied. LogError at a fault, whether strict or not."""
        b = self.builder
        play = _PLAYS.get(tag[:1])
        tile = 0
        event: GameEvent | None = None
        try:
            if play is not None and tag[1:].isdigit():
                # a draw or a discard (nine elements in ten): given to the table as it is, with
                # no event object
                st = b.table
                if st is None or st.ended:
                    raise _Fault("a draw or discard outside a round")
                tile = int(tag[1:])
            else:
                play = None
                event = self._event(tag, a)
        except (_Fault, GameError, ValueError, KeyError, IndexError) as exc:
            if isinstance(exc, KeyError):
                detail = f"no attribute {exc}"
            elif isinstance(exc, GameError):
                detail = exc.detail
            else:
                detail = str(exc)
            raise b.error(detail, index, tag) from None
        if play is not None:
            b.play(play[1], play[0], tile, index, tag)
        elif event is not None:
            b.apply(event, index, tag)

    def _event(self, tag: str, a: dict[str, str]) -> GameEvent | None:
        b = self.builder
        st = b.table
        n = b.players
        if tag == "GO":
            if b.rules is not None or b.rounds or st is not None:
                raise _Fault("a second <GO> or one after the first round")
            return StartGame(TableRules(_int(a.get("type"), "type"),
                                        int(a.get("lobby", "0") or 0)))
        if tag == "UN":
            if b.names:
                return None
            names = tuple(unquote(a.get(f"n{i}", "")) for i in range(n))
            if n == 3 and a.get("n3"):
                raise _Fault("a fourth player in a three-player game")
            return Players(names)
        if tag in _OTHER_TAGS:
            return None
        if tag == "INIT":
            if b.rules is None:
                raise _Fault("a round before <GO>")
            text = a.get("seed", "")
            b.open_round(*_seed_label(text))  # a fault below cuts this round
            seed = _ints(a.get("seed"), "seed")
            if len(seed) != 6:
                raise _Fault(f"seed {text!r} has {len(seed)} numbers, not 6")
            dealer = _int(a.get("oya"), "oya")
            ten = _ints(a.get("ten"), "ten")
            if len(ten) != 4 or (n == 3 and ten[3] != 0):
                raise _Fault(f"ten {a.get('ten')!r}: {n} players need four scores"
                             + (" (the fourth 0)" if n == 3 else ""))
            hands = tuple(tuple(_ints(a.get(f"hai{s}", ""), f"hai{s}")) for s in range(4))
            return Deal(seed[0], seed[1], seed[2], dealer, tuple(100 * x for x in ten), hands,
                        seed[5], text)
        if st is None:
            raise _Fault("unknown element" if tag not in _ROUND_TAGS else "an event outside a round")
        if tag not in _ROUND_TAGS:
            raise _Fault("unknown element")
        if st.ended and tag != "AGARI":
            raise _Fault("an event after the end of the round")
        if tag == "N":
            who = _int(a.get("who"), "who")
            if not 0 <= who < n:
                raise _Fault(f"seat {who} in a {n}-player game")
            return Call(decode_meld(_int(a.get("m"), "m"), who, n))
        if tag == "REACH":
            who = _int(a.get("who"), "who")
            if not 0 <= who < n:
                raise _Fault(f"seat {who} in a {n}-player game")
            return Riichi(who, _int(a.get("step"), "step"))
        if tag == "DORA":
            return DoraRevealed(_int(a.get("hai"), "hai"))
        if tag == "AGARI":
            st.check_win(_int(a.get("who"), "who"), _int(a.get("fromWho"), "fromWho"))
            return _agari(a, n)
        # RYUUKYOKU
        if st.ended:
            raise _Fault("a draw after the end of the round")
        sc = _ints(a.get("sc", ""), "sc")
        deltas: tuple[int, ...] = ()
        if sc:
            if len(sc) not in (8, 16) or (n == 3 and (sc[6] or sc[7])):
                raise _Fault(f"sc has {len(sc)} numbers, not 8 (or 16 with chips) for "
                             f"{n} players")
            deltas = tuple(100 * sc[2 * i + 1] for i in range(n))
        return DrawGame(a.get("type", ""), deltas)


def _agari(a: dict[str, str], n: int) -> DeclareWin:
    """An ``<AGARI>``: the win, what Tenhou recorded for it, and the facts it states that the
    events also give (checked by the table)."""
    who = _int(a.get("who"), "who")
    frm = _int(a.get("fromWho"), "fromWho")
    ten = _ints(a.get("ten"), "ten")
    if len(ten) != 3 or not 0 <= ten[2] < len(LIMITS):
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
    rec = Recorded(ten[0], ten[1], LIMITS[ten[2]], yaku, yakuman, deltas[:n],
                   tuple(100 * sc[2 * i] for i in range(n)), pao, ba[0], ba[1],
                   tuple(sc[8 + 2 * i + 1] for i in range(n)) if len(sc) == 16 else ())
    stated = Stated(tuple(_ints(a.get("hai"), "hai")), tuple(_ints(a.get("m", ""), "m")),
                    _int(a.get("machi"), "machi"), tuple(_ints(a.get("doraHai"), "doraHai")),
                    ba[0], ba[1])
    ura = tuple(_ints(a.get("doraHaiUra", ""), "doraHaiUra"))
    return DeclareWin(who, frm, rec, ura, (), stated)


def _seed_label(seed: str) -> tuple[str, int, int, int, int, str]:
    """The round wind, kyoku, honba, sticks and dealer of an ``<INIT seed>`` as far as they can be
    read (for the record of a round cut at its ``<INIT>``), and the seed."""
    try:
        k, honba, sticks = (int(x) for x in seed.split(",")[:3])
    except ValueError:
        return "?", 0, 0, 0, 0, seed
    if not 0 <= k < 16:
        return "?", 0, 0, 0, 0, seed
    return WIND_NAMES[k // 4], k % 4 + 1, honba, sticks, k % 4, seed


def dumps(game: Game) -> str:
    """A game as mjlog XML text, the inverse of :func:`parse` (written by
    :mod:`suanfan.logs.tenhou_write`, which says what it holds). ValueError when the game lacks
    what the format needs (a win's recorded yaku, han or points; the dealt hands)."""
    from .tenhou_write import dumps as write

    return write(game)
