"""mjai JSON Lines: read a game log into the records of :mod:`suanfan.logs.tenhou`, and write one.

An mjai log (the protocol of the mjai AI arena, used by Mortal, mjai.app and other bots) has one
JSON object an event a line, each with a ``type``: ``start_game`` (``names``), then for each round
``start_kyoku`` (``bakaze`` E S W N, ``kyoku`` 1-4, ``honba``, ``kyotaku`` the riichi sticks,
``oya`` the dealer, ``scores``, ``tehais`` the dealt hands, ``dora_marker``), ``tsumo`` (``actor``,
``pai``), ``dahai`` (``actor``, ``pai``, ``tsumogiri``), ``chi`` ``pon`` ``daiminkan`` (``actor``,
``target`` the discarder, ``pai`` the claimed tile, ``consumed`` the caller's own tiles),
``kakan`` (``pai`` the added tile, ``consumed`` the pon's), ``ankan`` (``consumed``), ``reach``
and ``reach_accepted`` (``actor``), ``dora`` (``dora_marker``), ``hora`` (``actor``, ``target``
the discarder or the winner on a tsumo, ``pai``, ``deltas``, ``ura_markers`` or
``uradora_markers``, and in some logs ``fu`` ``fan`` ``hora_points``), ``ryukyoku``
(``deltas``, ``reason``), ``end_kyoku``, ``end_game``; three-player logs set a North aside with
``nukidora``. Tiles: ``1m``-``9m``, ``1p``-``9p``, ``1s``-``9s``, ``5mr`` ``5pr`` ``5sr`` the red
fives, ``E S W N P F C`` (White, Green, Red for P F C), ``?`` a tile the log's viewer does not
see (such a log cannot be replayed).

The events go, in their order, to the mjlog reader's table (tile numbers handed out by
:mod:`._tiles`), so every check and every situation flag is inferred as for an mjlog. An mjai
log records the score changes of a win (:attr:`Recorded.known` is ``deltas``, with ``han`` ``fu``
``points`` when it gives ``fan`` ``fu`` ``hora_points``), not the liable seat; the table's rules
are Tenhou's with red fives (``aka_flag`` false in ``start_game``: none). :func:`dumps` writes a
game.

The original mjai protocol (gimite/mjai, the Ruby AI arena, and its Tenhou log converter) is
read too. Its ``start_kyoku`` has no ``scores`` (and the converter's no ``kyotaku``): the scores
are carried from the round before (the ``scores`` its ``hora`` or ``ryukyoku`` states, else the
sum of its score changes), starting from ``start_game``'s ``scores`` or 25000 each, and the
riichi sticks likewise (the sticks of the round before and its accepted riichi, none after a
win). Its ``hora`` lists ``yakus`` (``[name, fan]``, :data:`YAKU_IDS`; ``jikaze`` ``bakaze``
``sangenpai`` are resolved from the winner's seat, the round and the dragon sets of the hand),
counted in :attr:`Recorded.yaku` so that the yaku are compared too (not when a name is not the
original mjai's), ``fan`` 100 a yakuman (the yakuman the ``yakus`` list count: the Tenhou
converter writes 100 for a double yakuman too), ``hora_tehais`` and ``scores``, which are checked
against the events (a disagreement is a :attr:`Win.conflicts` line). ``log`` and ``none``
events are passed over; the server's ``error`` (a player's bad response) ends the game: read
with ``strict=False``, the round it comes in is kept as unreadable (:attr:`Round.error`, with the
server's message) unless that round was already won or drawn, and the rounds before it are read.
"""

from __future__ import annotations

import io
import json
import os
from collections.abc import Iterator
from typing import Any, Final

from ..game import (
    CallMeld,
    Deal,
    DeclareWin,
    Discard,
    DoraRevealed,
    Draw,
    DrawGame,
    Game,
    GameBuilder,
    LogError,
    Players,
    Recorded,
    Riichi,
    Round,
    StartGame,
    TableRules,
)
from ..tiles import RED_MAN, RED_PIN, RED_SOU
from ._tiles import RED_COPIES, Copies, TileFault
from .mjlog import DISCARD_TAGS, DRAW_TAGS, EventFeeder, encode_meld
from .tenhou import MAX_BYTES, read_bytes

__all__ = ["DRAW_REASONS", "YAKU_IDS", "dumps", "parse", "read"]

_HONOURS: Final = "ESWNPFC"
_WINDS: Final = "ESWN"
#: ``ryukyoku`` reasons and the ``<RYUUKYOKU type>`` of each ("" an exhaustive draw)
DRAW_REASONS: Final = {"fanpai": "", "ryukyoku": "", "kyushukyuhai": "yao9", "kyushu": "yao9",
                       "suchareach": "reach4", "sanchaho": "ron3", "sukaikan": "kan4",
                       "sufonrenta": "kaze4", "nagashimangan": "nm"}
_REASON_WRITTEN: Final = {"yao9": "kyushukyuhai", "reach4": "suchareach", "ron3": "sanchaho",
                          "kan4": "sukaikan", "kaze4": "sufonrenta", "nm": "nagashimangan"}
#: the longest line read
_MAX_LINE: Final = 1 << 20
#: the yaku names of the original mjai's ``hora`` ``yakus`` (gimite/mjai ``hora.rb`` and
#: ``tenhou_archive.rb``) and Tenhou's yaku id of each (``jikaze`` ``bakaze`` ``sangenpai``,
#: named without the tile, are resolved from the winner's seat, the round and hand)
YAKU_IDS: Final = {
    "menzenchin_tsumoho": 0, "reach": 1, "ippatsu": 2, "chankan": 3, "rinshankaiho": 4,
    "haiteiraoyue": 5, "hoteiraoyui": 6, "pinfu": 7, "tanyaochu": 8, "ipeko": 9,
    "double_reach": 21, "chitoitsu": 22, "honchantaiyao": 23, "ikkitsukan": 24,
    "sanshokudojun": 25, "sanshokudoko": 26, "sankantsu": 27, "toitoiho": 28, "sananko": 29,
    "shosangen": 30, "honroto": 31, "ryanpeko": 32, "junchantaiyao": 33, "honiso": 34,
    "chiniso": 35, "renho": 36, "tenho": 37, "chiho": 38, "daisangen": 39, "suanko": 40,
    "tsuiso": 42, "ryuiso": 43, "chinroto": 44, "churenpoton": 45, "kokushimuso": 47,
    "daisushi": 49, "shosushi": 50, "sukantsu": 51, "dora": 52, "uradora": 53, "akadora": 54,
    "jikaze": 10, "bakaze": 14, "sangenpai": 18,
}
#: the ``fan`` of one yakuman in the original mjai
_YAKUMAN_FAN: Final = 100
#: the scores at the start of a game whose log does not say them
_START_SCORE: Final = 25000


class _Fault(Exception):
    """A fault in one event (turned into a LogError naming its line)."""


def _kind(pai: object, what: str = "pai") -> tuple[int, bool]:
    """An mjai tile as (kind 0-33, red)."""
    if not isinstance(pai, str):
        raise _Fault(f"{what}: {pai!r} is not a tile")
    if pai == "?":
        raise _Fault(f"{what}: a hidden tile '?': a log seen by one player cannot be replayed")
    if len(pai) == 1 and pai in _HONOURS:
        return 27 + _HONOURS.index(pai), False
    red = len(pai) == 3 and pai[2] == "r" and pai[0] == "5"
    if len(pai) in (2, 3) and (len(pai) == 2 or red) and pai[0] in "123456789" \
            and pai[1] in "mps":
        return "mps".index(pai[1]) * 9 + int(pai[0]) - 1, red
    raise _Fault(f"{what}: {pai!r} is not an mjai tile (1m-9m, 1p-9p, 1s-9s, 5mr 5pr 5sr, "
                 "E S W N P F C)")


def _pai(t: int, aka: bool) -> str:
    """The mjai name of a Tenhou tile number."""
    k = t // 4
    if k >= 27:
        return _HONOURS[k - 27]
    return f"{k % 9 + 1}{'mps'[k // 9]}" + ("r" if aka and t in RED_COPIES else "")


def _wait_form(tenhou_id: int, hand: list[int], tile: int) -> int:
    """The Tenhou id of a yakuman the original mjai names without its wait form (``suanko``,
    ``churenpoton``, ``kokushimuso`` for both forms), from the winner's standing tiles before the
    win (``hand``, Tenhou tile numbers) and the winning tile: suuankou tanki when the winning
    tile pairs a single tile, the pure nine gates when the thirteen tiles are 1112345678999 of one
    suit, thirteen orphans with the thirteen-sided wait when they hold all thirteen kinds."""
    kinds = [t // 4 for t in hand]
    if tenhou_id == 40 and tile >= 0 and kinds.count(tile // 4) == 1:
        return 41
    if tenhou_id == 45 and len(kinds) == 13 and kinds[0] < 27:
        base = min(kinds) // 9 * 9
        counts = [kinds.count(base + k) for k in range(9)]
        if counts == [3, 1, 1, 1, 1, 1, 1, 1, 3]:
            return 46
    if tenhou_id == 47 and sorted(set(kinds)) == [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]:
        return 48
    return tenhou_id


def _seat(value: object, n: int, what: str = "actor") -> int:
    if type(value) is not int or not 0 <= value < n:
        raise _Fault(f"{what} {value!r} is not a seat of a {n}-player game")
    return value


def _ints(value: object, what: str, size: int) -> list[int]:
    if not isinstance(value, list) or not all(type(x) is int for x in value) \
            or len(value) != size:
        raise _Fault(f"{what}: {str(value)[:60]} is not {size} whole numbers")
    return value


def _lines(text: str, name: str,
           strict: bool = True) -> Iterator[tuple[int, dict[str, Any] | LogError]]:
    """Each event with its line number; a line that is no event raises LogError, or with
    ``strict`` false is given as its LogError (the first line only raises: the file is not an
    mjai log)."""
    first = True
    for number, line in enumerate(io.StringIO(text), 1):
        if not line.strip():
            continue
        where = f"line {number}"
        err: LogError | None = None
        obj: Any = None
        if len(line) > _MAX_LINE:
            err = LogError(name, "a line longer than 1 MB", where=where)
        else:
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as exc:
                err = LogError(name, f"not JSON, or cut short: {exc.msg} (column {exc.colno})",
                               where=where)
            except RecursionError:
                err = LogError(name, "JSON nested too deeply", where=where)
        if err is None and (not isinstance(obj, dict) or not isinstance(obj.get("type"), str)):
            err = LogError(name, "not an mjai event (a JSON object with a 'type')", where=where)
        if err is not None:
            if strict or first:
                raise err
            yield number, err
        else:
            yield number, obj
        first = False


class _Game(EventFeeder):
    """The table of the log, event by event."""

    def __init__(self, name: str, strict: bool = True) -> None:
        super().__init__(name, GameBuilder(name, strict))
        self.strict = strict
        self.aka = True
        self.names: tuple[str, ...] = ()
        self.copies: Copies | None = None
        self.last_draw: list[int] = []
        self.last_discard: tuple[int, int] | None = None
        self.pons: dict[tuple[int, int], tuple[tuple[int, ...], int, int]] = {}
        #: every seat's score: carried from round to round for a start_kyoku without scores
        self.running: list[int] = []
        self.start_scores: list[int] | None = None
        #: the riichi sticks on the table: carried for a start_kyoku without kyotaku
        self.sticks = 0
        self.bakaze = "E"
        self.oya = 0
        self.riichi: set[int] = set()
        self.in_round = False
        self.round_over = False  # a hora or ryukyoku ended the round
        self.skipping = False  # a fault cut the round (strict false): skip to the next one
        self.started = False
        self.ended = False

    def event(self, number: int, ev: dict[str, Any]) -> None:
        kind = ev["type"]
        self.where = f"line {number} ({kind})"
        try:
            handler = _HANDLERS.get(kind)
            if handler is None:
                raise _Fault(f"unknown event type {kind!r}")
            if self.ended:
                raise _Fault("an event after end_game" if kind != "error" else
                             "an error event after the end of the game")
            if self.skipping:
                if kind not in ("start_kyoku", "end_game", "error"):
                    self._skipped(kind, ev)
                    return
                self.skipping = self.in_round = False
                if kind == "error":  # the round it cuts is cut already
                    self.ended = True
                    return
            if kind not in _OUTSIDE and not self.in_round:
                raise _Fault("an event outside a round (no start_kyoku before it)")
            handler(self, ev)
        except (_Fault, TileFault) as exc:
            self._fault(LogError(self.name, str(exc), where=self.where))
        except LogError as exc:
            self._fault(exc)

    def _fault(self, exc: LogError) -> None:
        if self.strict:
            raise exc
        # between end_kyoku and start_kyoku: not the round before's (it may be a lost round's)
        self.reader.cut(exc, not self.in_round)  # raises a fault that is no round's
        self.skipping = True

    def _skipped(self, kind: str, ev: dict[str, Any]) -> None:
        """An event of a round cut by a fault: only the scores it states are kept (for the
        next start_kyoku without scores)."""
        scores = ev.get("scores")
        if kind in ("hora", "ryukyoku", "reach_accepted") and isinstance(scores, list) \
                and len(scores) == self.n and all(type(x) is int for x in scores):
            self.running = list(scores)
        if kind == "reach_accepted":
            self.sticks += 1
        elif kind == "hora":
            self.sticks = 0

    # -- events ---------------------------------------------------------------------------------
    def start_game(self, ev: dict[str, Any]) -> None:
        if self.started:
            raise _Fault("a second start_game")
        self.started = True
        names = ev.get("names", [])
        if not isinstance(names, list) or not all(isinstance(x, str) for x in names) \
                or len(names) not in (0, 3, 4):
            raise _Fault(f"names {str(names)[:60]} are not 3 or 4 names")
        self.names = tuple(names)
        self.aka = ev.get("aka_flag", True) is not False
        if "scores" in ev:
            scores = ev["scores"]
            if not isinstance(scores, list) or len(scores) not in (3, 4) \
                    or not all(type(x) is int for x in scores):
                raise _Fault(f"scores {str(scores)[:60]} are not 3 or 4 scores")
            self.start_scores = scores

    def start_kyoku(self, ev: dict[str, Any]) -> None:
        bakaze, kyoku, honba = ev.get("bakaze"), ev.get("kyoku"), ev.get("honba", 0)
        sticks = ev.get("kyotaku", self.sticks)  # the original mjai may leave it out: carried
        if self.in_round and (self.strict or not self.round_over):
            raise _Fault("start_kyoku inside a round (no end_kyoku before it)")
        label: tuple[str, int, int, int, int] = ("?", 0, 0, 0, 0)
        if isinstance(bakaze, str) and bakaze in ("E", "S", "W", "N") \
                and isinstance(kyoku, int) and 1 <= kyoku <= 4 and isinstance(honba, int) \
                and isinstance(sticks, int):
            label = (bakaze, kyoku, honba, sticks, kyoku - 1)
        if self.reader.rules is not None:  # a fault from here on cuts this round
            self.reader.open_round(*label)
        tehais = ev.get("tehais")
        if not isinstance(tehais, list) or len(tehais) not in (3, 4):
            raise _Fault("tehais: the dealt hands of 3 or 4 players")
        if self.n and len(tehais) != self.n:
            raise _Fault(f"{len(tehais)} hands in a {self.n}-player game")
        if not self.n:
            self.n = len(tehais)
            if self.names and len(self.names) != self.n:
                raise _Fault(f"{len(self.names)} names for {self.n} players")
            go = 0x09 | (0 if self.aka else 0x02) | (0x10 if self.n == 3 else 0)
            self.reader.apply(StartGame(TableRules(go)), self.index, "GO")
            self.reader.apply(Players(self.names or ("",) * self.n), self.index, "UN")
            self.reader.open_round(*label)
        n = self.n
        if bakaze not in ("E", "S", "W", "N"):
            raise _Fault(f"bakaze {bakaze!r} is not E S W N")
        if type(kyoku) is not int or not 1 <= kyoku <= n:
            raise _Fault(f"kyoku {kyoku!r} is not 1-{n}")
        for what, v in (("honba", honba), ("kyotaku", sticks)):
            if type(v) is not int or v < 0:
                raise _Fault(f"{what} {v!r} is not a count")
        oya = _seat(ev.get("oya"), n, "oya")
        if oya != kyoku - 1:
            raise _Fault(f"oya {oya} is not the dealer of kyoku {kyoku}")
        if "scores" in ev:
            scores = _ints(ev.get("scores"), "scores", n)
        elif len(self.running) == n:  # the original mjai: the scores the last round left
            scores = list(self.running)
        elif self.start_scores is not None:
            scores = _ints(self.start_scores, "start_game scores", n)
        else:
            scores = [_START_SCORE] * n
        if any(x % 100 for x in scores):
            raise _Fault(f"scores {scores} are not multiples of 100")
        copies = self.copies = Copies(n, self.aka)
        hands: list[tuple[int, ...]] = []
        for s, tiles in enumerate(tehais):
            if not isinstance(tiles, list) or len(tiles) != 13:
                raise _Fault(f"tehais[{s}] is not 13 tiles")
            hands.append(tuple(copies.deal(s, *_kind(p, f"tehais[{s}]"), f"tehais[{s}] {p}")
                               for p in tiles))
        dora = copies.new(*_kind(ev.get("dora_marker"), "dora_marker"), "dora_marker")
        k = _WINDS.index(bakaze) * 4 + kyoku - 1
        self.feed("INIT", Deal(k, honba, sticks, oya, tuple([*scores, 0][:4]),
                               tuple([*hands, ()][:4]), dora, f"{k},{honba},{sticks},0,0,{dora}"))
        self.in_round = True
        self.round_over = False
        self.bakaze = bakaze
        self.oya = oya
        self.last_draw = [-1] * n
        self.last_discard = None
        self.pons = {}
        self.running = list(scores)
        self.sticks = sticks
        self.riichi = set()

    def tsumo(self, ev: dict[str, Any]) -> None:
        assert self.copies is not None
        s = _seat(ev.get("actor"), self.n)
        t = self.copies.deal(s, *_kind(ev.get("pai")), f"draw {ev.get('pai')}")
        self.last_draw[s] = t
        self.feed(f"{DRAW_TAGS[s]}{t}", Draw(s, t))

    def dahai(self, ev: dict[str, Any]) -> None:
        assert self.copies is not None
        s = _seat(ev.get("actor"), self.n)
        kind, red = _kind(ev.get("pai"))
        hand = self.copies.hands[s]
        drawn = self.last_draw[s]
        if ev.get("tsumogiri") is True:
            if drawn < 0 or drawn not in hand or drawn // 4 != kind \
                    or (drawn in RED_COPIES and self.aka) != red:
                raise _Fault(f"tsumogiri of {ev.get('pai')}, which seat {s} has not just drawn")
            hand.remove(drawn)
            t = drawn
        else:
            t = self.copies.take(s, kind, red, f"discard {ev.get('pai')}", avoid=drawn)
        self.feed(f"{DISCARD_TAGS[s]}{t}", Discard(s, t))
        self.last_draw[s] = -1
        self.last_discard = (s, t)

    def reach(self, ev: dict[str, Any]) -> None:
        self.feed("REACH", Riichi(_seat(ev.get("actor"), self.n), 1))

    def reach_accepted(self, ev: dict[str, Any]) -> None:
        s = _seat(ev.get("actor"), self.n)
        self.feed("REACH", Riichi(s, 2))
        self.riichi.add(s)
        self.running[s] -= 1000
        self.sticks += 1

    def _claim(self, ev: dict[str, Any], kind: str, size: int) -> None:
        assert self.copies is not None
        s = _seat(ev.get("actor"), self.n)
        target = _seat(ev.get("target"), self.n, "target")
        if self.last_discard is None or self.last_discard[0] != target:
            raise _Fault(f"a {kind} of seat {target}'s discard, which is not the last discard")
        frm, called = self.last_discard
        kk, red = _kind(ev.get("pai"))
        if called // 4 != kk or (called in RED_COPIES and self.aka) != red:
            raise _Fault(f"a {kind} of {ev.get('pai')}: the last discard is "
                         f"{_pai(called, self.aka)}")
        consumed = ev.get("consumed")
        if not isinstance(consumed, list) or len(consumed) != size:
            raise _Fault(f"consumed: the {size} tiles of the hand a {kind} uses")
        own = tuple(self.copies.take(s, *_kind(p, "consumed"), f"consumed {p}") for p in consumed)
        tiles = tuple(sorted((*own, called)))
        m = encode_meld(kind, s, frm, tiles, called)
        if kind == "pon":
            self.pons[(s, kk)] = (tiles, frm, called)
        self.last_discard = None
        self.last_draw[s] = -1
        self.meld(s, m)

    def chi(self, ev: dict[str, Any]) -> None:
        self._claim(ev, "chi", 2)

    def pon(self, ev: dict[str, Any]) -> None:
        self._claim(ev, "pon", 2)

    def daiminkan(self, ev: dict[str, Any]) -> None:
        self._claim(ev, "daiminkan", 3)

    def kakan(self, ev: dict[str, Any]) -> None:
        assert self.copies is not None
        s = _seat(ev.get("actor"), self.n)
        kk, red = _kind(ev.get("pai"))
        pon = self.pons.pop((s, kk), None)
        if pon is None:
            raise _Fault(f"a kakan of {ev.get('pai')} by seat {s}, who has no such pon")
        added = self.copies.take(s, kk, red, f"kakan {ev.get('pai')}")
        self.last_draw[s] = -1
        self.meld(s, encode_meld("kakan", s, pon[1], (*pon[0], added), pon[2], added))

    def ankan(self, ev: dict[str, Any]) -> None:
        assert self.copies is not None
        s = _seat(ev.get("actor"), self.n)
        consumed = ev.get("consumed")
        if not isinstance(consumed, list) or len(consumed) != 4:
            raise _Fault("consumed: the 4 tiles of an ankan")
        tiles = tuple(sorted(self.copies.take(s, *_kind(p, "consumed"), f"consumed {p}")
                             for p in consumed))
        if len({t // 4 for t in tiles}) != 1:
            raise _Fault("an ankan of four tiles of one kind")
        self.last_draw[s] = -1
        self.meld(s, encode_meld("ankan", s, None, tiles))

    def nukidora(self, ev: dict[str, Any]) -> None:
        assert self.copies is not None
        s = _seat(ev.get("actor"), self.n)
        t = self.copies.take(s, *_kind(ev.get("pai", "N")), "nukidora")
        self.last_draw[s] = -1
        self.meld(s, encode_meld("nuki", s, None, (t,)))

    def dora(self, ev: dict[str, Any]) -> None:
        assert self.copies is not None
        t = self.copies.new(*_kind(ev.get("dora_marker"), "dora_marker"), "dora_marker")
        self.feed("DORA", DoraRevealed(t))

    def hora(self, ev: dict[str, Any]) -> None:
        assert self.copies is not None
        n = self.n
        who = _seat(ev.get("actor"), n)
        frm = _seat(ev.get("target", who), n, "target")
        deltas = _ints(ev.get("deltas"), "deltas", n)
        ura_raw = ev.get("ura_markers", ev.get("uradora_markers", []))
        if not isinstance(ura_raw, list) or len(ura_raw) > 5:
            raise _Fault("ura_markers: a list of up to 5 tiles")
        ura = tuple(self.copies.new(*_kind(p, "ura_markers"), "ura_markers") for p in ura_raw) \
            if who in self.riichi else ()
        known = {"deltas"}
        facts = {}
        for key, fact in (("fan", "han"), ("fu", "fu"), ("hora_points", "points")):
            v = ev.get(key)
            if v is not None:
                if type(v) is not int or v < 0:
                    raise _Fault(f"{key} {v!r} is not a count")
                known.add(fact)
                facts[fact] = v
        han = facts.get("han", 0)
        if han >= _YAKUMAN_FAN:  # the original mjai counts a yakuman as 100 fan
            han = 13 * (han // _YAKUMAN_FAN)
        conflicts: list[str] = []
        yaku: tuple[tuple[int, int], ...] = ()
        yakuman: tuple[int, ...] = ()
        hand, tile = self._winner_tiles(who, frm)
        named = self._yakus(ev["yakus"], who, hand, tile, conflicts) if "yakus" in ev else None
        if named is not None:  # compared when every name is the original mjai's
            yaku, yakuman = named
            known |= {"yaku", "han"}
            if yakuman:  # the Tenhou converter writes fan 100 for a double yakuman too
                han = 13 * len(yakuman)
            elif "han" not in facts:
                han = sum(h for _, h in yaku)
        if han >= 13:
            known.discard("fu")  # a yakuman's fu (0 when scored by yakuman) is not compared
        self._check_tehais(ev, hand, tile, conflicts)
        after = [a + b for a, b in zip(self.running, deltas, strict=True)]
        scores = ev.get("scores")
        if scores is not None:
            scores = _ints(scores, "scores", n)
            if scores != after:
                conflicts.append(f"scores after the win: the deltas give {after}, the log "
                                 f"{scores}")
        rec = Recorded(facts.get("fu", 0), facts.get("points", 0),
                       _limit(han, facts.get("fu", 0)) if "han" in known else "", yaku, yakuman,
                       tuple(deltas), tuple(self.running), None, 0, 0, known=frozenset(known),
                       han=han)
        self.feed("AGARI", DeclareWin(who, frm, rec, tuple(ura), tuple(conflicts)))
        self.running = after if scores is None else scores
        self.sticks = 0
        self.round_over = True

    def _winner_tiles(self, who: int, frm: int) -> tuple[list[int], int]:
        """The winner's standing tiles (without the winning tile) and the winning tile, as
        tile numbers, as the events left them."""
        assert self.copies is not None
        hand = list(self.copies.hands[who])
        if who == frm:
            tile = self.last_draw[who]
            if tile in hand:
                hand.remove(tile)
            return hand, tile
        st = self.reader.state
        if st is not None and st.last_kind == "call" and st.last_meld is not None \
                and st.last_meld.seat == frm and st.last_meld.added is not None:
            return hand, st.last_meld.added  # robbing a kong
        if self.last_discard is not None and self.last_discard[0] == frm:
            return hand, self.last_discard[1]
        return hand, -1

    def _yakus(self, value: object, who: int, hand: list[int], tile: int, conflicts: list[str]
               ) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]] | None:
        """The Tenhou yaku ids of an original mjai ``yakus`` list ``[[name, fan], ...]`` of the
        win of ``who`` (``hand`` and ``tile`` as :meth:`_winner_tiles` gives them);
        ``None`` when it names a yaku the original mjai does not (another program's names: the
        yaku are then not compared)."""
        if not isinstance(value, list) or not all(
                isinstance(x, list) and len(x) == 2 and isinstance(x[0], str)
                and type(x[1]) is int and x[1] >= 0 for x in value):
            raise _Fault(f"yakus: {str(value)[:60]} is not a list of [name, fan]")
        if any(name not in YAKU_IDS for name, _ in value):
            return None
        # the dragon sets of the winner's hand (the original mjai names them all sangenpai)
        tiles = [*hand, tile]
        st = self.reader.state
        if st is not None:
            tiles += [t for m in st.seats[who].melds for t in m.tiles]
        dragons = [k for k in (31, 32, 33) if sum(t // 4 == k for t in tiles) >= 3]
        yaku: list[tuple[int, int]] = []
        yakuman: list[int] = []
        for name, fan in value:
            i = YAKU_IDS[name]
            if fan >= _YAKUMAN_FAN:
                yakuman.extend([_wait_form(i, hand, tile)] * (fan // _YAKUMAN_FAN))
            elif name == "jikaze":
                yaku.append((i + (who - self.oya) % self.n, fan))
            elif name == "bakaze":
                yaku.append((i + _WINDS.index(self.bakaze), fan))
            elif name == "sangenpai":
                if fan > len(dragons):
                    conflicts.append(f"yakus: sangenpai {fan}, the winner has "
                                     f"{len(dragons)} dragon sets")
                for k in dragons[:fan]:
                    yaku.append((18 + k - 31, 1))
                dragons = dragons[fan:]
            elif fan:
                yaku.append((i, fan))
        return tuple(yaku), tuple(yakuman)

    def _check_tehais(self, ev: dict[str, Any], hand: list[int], tile: int,
                      conflicts: list[str]) -> None:
        """``hora_tehais`` (the winner's standing tiles, with the winning tile or without)
        against the events (``hand`` and ``tile`` as :meth:`_winner_tiles` gives them)."""
        value = ev.get("hora_tehais")
        if value is None:
            return
        if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
            raise _Fault(f"hora_tehais: {str(value)[:60]} is not a list of tiles")
        logged = [_pai(4 * k + (0 if red else 1), self.aka) for k, red in
                  (_kind(p, "hora_tehais") for p in value)]
        events = sorted(_pai(t, self.aka) for t in hand)
        if len(logged) % 3 == 2 and tile >= 0:  # listed with the winning tile
            events = sorted([*events, _pai(tile, self.aka)])
        if sorted(logged) != events:
            conflicts.append(f"hora_tehais: the events give {' '.join(events)}, the log "
                             f"{' '.join(sorted(logged))}")

    def ryukyoku(self, ev: dict[str, Any]) -> None:
        n = self.n
        kind = ""
        reason = ev.get("reason", "")
        if reason:
            if not isinstance(reason, str) or reason not in DRAW_REASONS:
                raise _Fault(f"reason {reason!r} is not one of {' '.join(DRAW_REASONS)}")
            kind = DRAW_REASONS[reason]
        changes: tuple[int, ...] = ()
        if "deltas" in ev:
            deltas = _ints(ev["deltas"], "deltas", n)
            changes = tuple(d // 100 * 100 for d in deltas)  # in hundreds, as an mjlog has them
            self.running = [a + b for a, b in zip(self.running, deltas, strict=True)]
        self.feed("RYUUKYOKU", DrawGame(kind, changes))
        if isinstance(ev.get("scores"), list):
            self.running = _ints(ev["scores"], "scores", n)
        self.round_over = True

    def end_kyoku(self, ev: dict[str, Any]) -> None:
        self.in_round = False

    def end_game(self, ev: dict[str, Any]) -> None:
        if self.in_round:
            raise _Fault("end_game inside a round (no end_kyoku before it)")
        self.ended = True

    def error(self, ev: dict[str, Any]) -> None:
        """The original mjai server's ``error`` (a player's bad response): the game ends here.
        It cuts the round it comes in, unless that round was over (won or drawn)."""
        message = ev.get("message")
        text = message if isinstance(message, str) else json.dumps(message, ensure_ascii=False)
        self.ended = True
        if self.strict or (self.in_round and not self.round_over):
            raise _Fault(f"the server stopped the game: {text}")

    def log(self, ev: dict[str, Any]) -> None:
        """A player's log line (``log``) or a bare reply (``none``): nothing of the game."""

    def finish(self) -> Game:
        if self.reader.rules is None:
            raise LogError(self.name, "no start_kyoku: not an mjai game log")
        return self.reader.finish()


def _limit(han: int, fu: int) -> str:
    """The limit Tenhou names for a han and fu (a recorded ``fan`` of 13 or more: yakuman)."""
    if han >= 13:
        return "yakuman"
    if han >= 11:
        return "sanbaiman"
    if han >= 8:
        return "baiman"
    if han >= 6:
        return "haneman"
    if han >= 5 or (han == 4 and fu >= 40) or (han == 3 and fu >= 70):
        return "mangan"
    return ""


_HANDLERS: Final = {name: getattr(_Game, name) for name in (
    "start_game", "start_kyoku", "tsumo", "dahai", "reach", "reach_accepted", "chi", "pon",
    "daiminkan", "kakan", "ankan", "nukidora", "dora", "hora", "ryukyoku", "end_kyoku",
    "end_game", "error", "log")}
_HANDLERS["none"] = _Game.log
#: the events read outside a round
_OUTSIDE: Final = frozenset({"start_game", "start_kyoku", "end_game", "error", "log", "none"})


def parse(data: bytes | str, name: str = "<log>", strict: bool = True) -> Game:
    """Read an mjai log given as JSON Lines text or bytes; ``name`` names it in error messages
    and in the records. With ``strict=False`` a fault in a round (a bad event, a line that is
    not JSON, the server's ``error``) cuts that round only (:attr:`Round.error`); reading goes
    on at the next ``start_kyoku``."""
    if isinstance(data, bytes):
        if len(data) > MAX_BYTES:
            raise LogError(name, f"the log is larger than {MAX_BYTES >> 20} MB")
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise LogError(name, f"not UTF-8 text (byte {exc.start})") from None
    game = _Game(name, strict)
    for number, ev in _lines(data, name, strict):
        if isinstance(ev, LogError):
            game._fault(ev)
        else:
            game.event(number, ev)
    return game.finish()


def read(path: str | os.PathLike[str], strict: bool = True) -> Game:
    """Read an mjai JSON Lines file (plain or gzip-compressed): a :class:`Game`; LogError for a
    log that cannot be read (with ``strict=False``, for a fault of the whole file only)."""
    name, data = read_bytes(path)
    return parse(data, name, strict)


# -- writing -------------------------------------------------------------------------------------


def _meld_event(cm: CallMeld, aka: bool) -> dict[str, Any]:
    def p(t: int) -> str:
        return _pai(t, aka)

    if cm.kind == "ankan":
        return {"type": "ankan", "actor": cm.seat, "consumed": [p(t) for t in sorted(cm.tiles)]}
    if cm.kind == "nuki":
        return {"type": "nukidora", "actor": cm.seat, "pai": p(cm.tiles[0])}
    if cm.kind == "kakan":
        assert cm.added is not None
        return {"type": "kakan", "actor": cm.seat, "pai": p(cm.added),
                "consumed": [p(t) for t in sorted(cm.tiles) if t != cm.added]}
    assert cm.called is not None
    return {"type": cm.kind, "actor": cm.seat, "target": cm.from_seat, "pai": p(cm.called),
            "consumed": [p(t) for t in sorted(cm.tiles) if t != cm.called]}


def _round_events(rnd: Round, n: int, aka: bool) -> Iterator[dict[str, Any]]:
    if len(rnd.dealt) != n:
        raise ValueError(f"round {rnd.index} has no dealt tiles: it cannot be written")
    scores = list(rnd.scores)
    yield {"type": "start_kyoku", "bakaze": rnd.round_wind, "dora_marker":
           _pai(int(rnd.seed.split(",")[5]), aka), "kyoku": rnd.kyoku, "honba": rnd.honba,
           "kyotaku": rnd.sticks, "oya": rnd.dealer, "scores": list(scores),
           "tehais": [[_pai(t, aka) for t in hand] for hand in rnd.dealt]}
    just_drew = [-1] * n
    wins = iter(rnd.wins)
    for e in rnd.events:
        s = e.seat
        if e.kind == "draw" and s is not None and e.tile is not None:
            just_drew[s] = e.tile
            yield {"type": "tsumo", "actor": s, "pai": _pai(e.tile, aka)}
        elif e.kind == "discard" and s is not None and e.tile is not None:
            yield {"type": "dahai", "actor": s, "pai": _pai(e.tile, aka),
                   "tsumogiri": just_drew[s] == e.tile}
            just_drew[s] = -1
        elif e.kind == "reach" and s is not None:
            if e.step == 1:
                yield {"type": "reach", "actor": s}
            else:
                scores[s] -= 1000
                yield {"type": "reach_accepted", "actor": s,
                       "deltas": [-1000 if x == s else 0 for x in range(n)],
                       "scores": list(scores)}
        elif e.kind == "dora" and e.tile is not None:
            yield {"type": "dora", "dora_marker": _pai(e.tile, aka)}
        elif e.kind == "call" and e.meld is not None:
            just_drew[e.meld.seat] = -1
            yield _meld_event(e.meld, aka)
        elif e.kind == "win":
            w = next(wins)
            rec = w.recorded
            scores = [a + b for a, b in zip(scores, rec.deltas, strict=True)]
            ev: dict[str, Any] = {
                "type": "hora", "actor": w.seat,
                "target": w.seat if w.from_seat is None else w.from_seat,
                "pai": _pai_text(w.winning_tile),
                "uradora_markers": [_pai_text_from(t) for t in w.ura_indicators],
                "deltas": list(rec.deltas), "scores": list(scores)}
            for key, fact, value in (("fu", "fu", rec.fu), ("fan", "han", rec.han),
                                     ("hora_points", "points", rec.points)):
                if fact in rec.known:
                    ev[key] = value
            yield ev
        elif e.kind == "draw_game":
            ev = {"type": "ryukyoku"}
            if rnd.draw_game:
                ev["reason"] = _REASON_WRITTEN.get(rnd.draw_game, rnd.draw_game)
            if rnd.deltas:
                ev["deltas"] = list(rnd.deltas)
            yield ev
    yield {"type": "end_kyoku"}


def _pai_text(tile: int) -> str:
    """The mjai name of a suanfan tile id (the red fives too)."""
    red = {RED_MAN: "5mr", RED_PIN: "5pr", RED_SOU: "5sr"}
    if tile in red:
        return red[tile]
    if tile >= 27:
        return _HONOURS[tile - 27]
    return f"{tile % 9 + 1}{'mps'[tile // 9]}"


def _pai_text_from(text: str) -> str:
    """The mjai name of a tile in suanfan notation ("3m", "0p", "7z")."""
    num, suit = int(text[0]), text[1]
    if suit == "z":
        return _HONOURS[num - 1]
    return f"5{suit}r" if num == 0 else f"{num}{suit}"


def dumps(game: Game) -> str:
    """A game as mjai JSON Lines (rounds that the log ends inside of are left out).
    ValueError when the game lacks what the format needs (the dealt hands)."""
    n = game.players
    aka = game.rules.aka
    lines = [{"type": "start_game", "names": list(game.names), "aka_flag": aka}]
    for rnd in game.rounds:
        if rnd.complete:
            lines.extend(_round_events(rnd, n, aka))
    lines.append({"type": "end_game"})
    return "".join(json.dumps(x, ensure_ascii=False, separators=(",", ":")) + "\n"
                   for x in lines)
