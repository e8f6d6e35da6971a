"""The records of a riichi game, shared by every log format: the table's rules, the calls, the
events of a round as a log wrote them, what a log recorded for a win, the wins with everything the
events say about them, the rounds and the game; and the table facts derived from them (the liable
seat, a call as a :class:`~suanfan.Meld`).

Tiles are numbered as copies 0–135 (kind × 4 + copy: 0–35 characters 1–9, 36–71 dots, 72–107
bamboos, 108–135 the winds and dragons); with red fives, copies 16, 52 and 88 are the red ones.
Formats that name tiles by kind get copies assigned by their reader.
"""

from __future__ import annotations

from typing import Any, Final

from ..errors import MahjongError
from ..hand import Hand, Meld, MeldKind
from ..tiles import RED_MAN, RED_PIN, RED_SOU
from .record import Record

__all__ = [
    "DRAWS",
    "LIMITS",
    "RECORDED_FACTS",
    "RED",
    "WIND_NAMES",
    "CallMeld",
    "Event",
    "Game",
    "LogError",
    "Recorded",
    "Round",
    "RoundEvents",
    "TableRules",
    "Win",
    "claim_source",
    "liable",
    "suanfan_meld",
    "tile_text",
]

#: the winds in seat and round order
WIND_NAMES: Final = "ESWN"
#: the red fives (tile numbers) and their suanfan ids
RED: Final = {16: RED_MAN, 52: RED_PIN, 88: RED_SOU}
#: draws of a whole round (live wall and kong replacements): 136 - 14 dead wall - 4 × 13 dealt,
#: and 108 - 14 - 3 × 13 with three players
DRAWS: Final = {4: 70, 3: 55}
#: the limits by their index in a Tenhou record ("" below mangan)
LIMITS: Final = ("", "mangan", "haneman", "baiman", "sanbaiman", "yakuman")
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
        # every field set in turn, as Record._set does, without its keyword dict: a round makes
        # an event for each of its hundred-odd elements
        _set = object.__setattr__
        _set(self, "index", index)
        _set(self, "tag", tag)
        _set(self, "kind", kind)
        _set(self, "seat", seat)
        _set(self, "tile", tile)
        _set(self, "meld", meld)
        _set(self, "step", step)


#: the kinds of :class:`Event`, by their number in :class:`RoundEvents`
EVENT_KINDS: Final = ("deal", "draw", "discard", "call", "reach", "dora", "win", "draw_game")
_KIND_NUMBERS: Final = {k: i for i, k in enumerate(EVENT_KINDS)}


class RoundEvents:
    """The events of a round as its table records them: each one an int (its index, riichi step,
    tile, seat and kind, packed) and its tag, the calls' melds apart; made into :class:`Event`
    records only when read (:attr:`Round.events`). A round has an event for each of its
    hundred-odd elements, and a replay reads none of them: ints and strings cost no objects to
    build, nor the garbage collector any work to walk."""

    __slots__ = ("codes", "melds", "tags")

    def __init__(self) -> None:
        self.codes: list[int] = []
        self.tags: list[str] = []
        self.melds: dict[int, CallMeld] = {}

    def add(self, index: int, tag: str, kind: str, seat: int | None = None,
            tile: int | None = None, meld: CallMeld | None = None, step: int = 0) -> None:
        """The event ``Event(index, tag, kind, seat, tile, meld, step)``: ``seat`` a seat 0-3,
        ``tile`` a tile number 0-135 and ``step`` 0-2 (the table checks them before)."""
        if meld is not None:
            self.melds[len(self.codes)] = meld
        self.codes.append(((((index << 2 | step) << 8 | (0 if tile is None else tile + 1)) << 3
                            | (0 if seat is None else seat + 1)) << 3) | _KIND_NUMBERS[kind])
        self.tags.append(tag)

    def __len__(self) -> int:
        return len(self.codes)

    def build(self) -> tuple[Event, ...]:
        """The events as records, in order."""
        out = []
        melds = self.melds
        for i, (code, tag) in enumerate(zip(self.codes, self.tags, strict=True)):
            seat = code >> 3 & 7
            tile = code >> 6 & 0xFF
            out.append(Event(code >> 16, tag, EVENT_KINDS[code & 7], seat - 1 if seat else None,
                             tile - 1 if tile else None, melds.get(i), code >> 14 & 3))
        return tuple(out)


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

    __slots__ = ("_events", "complete", "dealer", "dealt", "deltas", "draw_game", "error",
                 "honba", "index", "kyoku", "round_wind", "scores", "seed", "sticks", "wins")

    index: int
    seed: str
    round_wind: str
    kyoku: int
    honba: int
    sticks: int
    dealer: int
    scores: tuple[int, ...]
    _events: tuple[Event, ...] | RoundEvents  # the events, or the table's record of them
    wins: tuple[Win, ...]
    draw_game: str | None
    complete: bool
    deltas: tuple[int, ...]
    dealt: tuple[tuple[int, ...], ...]
    error: str | None

    def __init__(self, index: int, seed: str, round_wind: str, kyoku: int, honba: int, sticks: int,
                 dealer: int, scores: tuple[int, ...], events: tuple[Event, ...] | RoundEvents,
                 wins: tuple[Win, ...], draw_game: str | None, complete: bool,
                 deltas: tuple[int, ...] = (), dealt: tuple[tuple[int, ...], ...] = (), *,
                 error: str | None = None) -> None:
        self._set(index=index, seed=seed, round_wind=round_wind, kyoku=kyoku, honba=honba,
                  sticks=sticks, dealer=dealer, scores=scores, _events=events, wins=wins,
                  draw_game=draw_game, complete=complete, deltas=deltas, dealt=dealt, error=error)

    @property
    def events(self) -> tuple[Event, ...]:
        """The events of the round, in order (made from the table's record when first read)."""
        events = self._events
        if isinstance(events, RoundEvents):
            events = events.build()
            object.__setattr__(self, "_events", events)
        return events

    def _values(self) -> tuple[Any, ...]:
        self.events  # noqa: B018 - compared, hashed, pickled and printed as records
        return super()._values()

    def __repr__(self) -> str:
        self.events  # noqa: B018
        return super().__repr__().replace("_events=", "events=", 1)

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


def tile_text(t: int, aka: bool) -> str:
    """A tile number (0-135) in suanfan notation: "3m", "0p" (a red five when ``aka``), "7z"."""
    k = t // 4
    if aka and t in RED:
        return f"0{'mps'[k // 9]}"
    if k >= 27:
        return f"{k - 26}z"
    return f"{k % 9 + 1}{'mps'[k // 9]}"


def liable(melds: tuple[CallMeld, ...]) -> int | None:
    """The seat liable for a big three dragons or big four winds (pao): who discarded the tile
    of the call that made the third dragon set or the fourth wind set, if that set was claimed."""
    for first, need in ((31, 3), (27, 4)):  # dragons, winds (Tenhou kind numbers)
        sets = [m for m in melds if m.kind != "nuki" and first <= m.tiles[0] // 4 < first + need]
        if len(sets) == need and sets[-1].from_seat is not None:
            return sets[-1].from_seat
    return None


def claim_source(winner: int, frm: int, n: int) -> int:
    """The claim digit of a discard of seat ``frm`` claimed by ``winner``: 1 left (the previous
    seat), 2 opposite, 3 right (the next seat)."""
    rel = (frm - winner) % n
    if rel == n - 1:
        return 1
    return 3 if rel == 1 else 2


def suanfan_meld(cm: CallMeld, seat: int, n: int, aka: bool) -> Meld:
    """A call as a :class:`~suanfan.Meld` of seat ``seat`` at an ``n``-seat table (its claim
    digit: :func:`claim_source`); ``aka``: copies 16, 52 and 88 are red fives."""
    tiles = [(RED[t] if aka and t in RED else t // 4) for t in cm.tiles]
    if cm.kind == "chi":
        order = sorted(cm.tiles)
        assert cm.called is not None
        return Meld(MeldKind.CHOW, tiles, order.index(cm.called) + 1)
    if cm.kind == "ankan":
        return Meld(MeldKind.KONG, tiles, None, concealed=True)
    assert cm.from_seat is not None
    src = claim_source(seat, cm.from_seat, n)
    if cm.kind == "pon":
        return Meld(MeldKind.PUNG, tiles, src)
    return Meld(MeldKind.KONG, tiles, src, promoted=cm.kind == "kakan")
