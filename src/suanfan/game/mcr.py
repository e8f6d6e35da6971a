"""The MCR table, event by event: one hand (a Botzone match) of four players on Botzone's walls.

:class:`MCRTable` holds the prevalent wind, the walls as far as the events show them, each seat's
standing tiles (suanfan tile ids 0–33), flowers, melds (:class:`~suanfan.hand.Meld`, with their
claim sources) and river, the last discard, the seat to act and what it may do (:attr:`phase`).
:meth:`MCRTable.apply` checks an MCR event (:data:`suanfan.game.events.MCRGameEvent`) against the
table, then applies it; an event the table refuses raises a :class:`~suanfan.game.GameError`
naming it and leaves the table as it was (the subclasses say what kind of fault it is:
:class:`TurnError` out of turn, :class:`WallError` a fault of the walls only, :class:`TileError`
no tile). A win gives :attr:`MCRTable.win`, the :class:`MCRWinFacts` the events say about it.

The walls are the Botzone judge's (``judge/main.cpp`` of ``ailab-pku/Chinese-Standard-Mahjong``
and its forks; no dead wall in either, a kong's replacement is an ordinary draw; see
:mod:`suanfan.logs.botzone`, *Walls*):

* ``"seat"``: each player's own wall of 34 tiles, 13 dealt and 21 drawn, no flowers. The hand is
  drawn when the seat to draw has an empty wall of its own; no concealed or promoted kong once the
  konger's or the next seat's wall is empty; no chow, pung or kong of a discard once the wall of
  the seat after the discarder is empty. The last tile (妙手回春 / 海底捞月): the wall of the seat
  after the drawer, the discarder or the konger is empty.
* ``"shared"``: one wall of the 136 playing tiles (and the 8 flowers when flowers are in play),
  drawn in turn until none is left; the last tile is the wall's last playing tile.

The table speaks of seats as "player 0"–"player 3" (Botzone's numbers, 0 = East: the seat wind
is the seat's number) and names tiles by ``tile_name`` (suanfan's ``1m``…``7z`` unless told
otherwise) and flowers by ``flower_name``; a reader passes its own names and, to :meth:`apply`,
the ``label`` of the event as its log writes it, so that a refusal reads in the log's words.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from ..errors import InvalidArgument, MahjongError, describe
from ..hand import Hand, Meld, MeldKind
from ..mcr import Rules, score
from ..shanten import mcr_shanten_counts
from ..tiles import tile_to_str
from .events import (
    Action,
    AddedKong,
    Chow,
    ConcealedKong,
    Discard,
    Draw,
    FlowerDraw,
    Kong,
    MCRDeal,
    MCRDrawGame,
    MCRGameEvent,
    MCRWin,
    Pung,
)
from .record import Record
from .riichi import GameError

__all__ = [
    "MCR_WALLS",
    "PHASES",
    "SEAT_WALL",
    "SHARED_WALL",
    "MCRTable",
    "MCRWinFacts",
    "RiverTile",
    "TileError",
    "TurnError",
    "WallError",
]

#: the tiles of each player's own wall on per-seat walls (13 dealt, 21 drawn)
SEAT_WALL: Final = 34
#: the playing tiles of one shared wall (with the flowers, when played with: 144 in all)
SHARED_WALL: Final = 136
#: the walls an MCR table is played on
MCR_WALLS: Final[tuple[str, ...]] = ("seat", "shared")
#: what the table waits for: the four deals; ``turn``'s draw; ``turn``'s discard, kong or win
#: after its draw (``act``) or its discard after a chow or pung (``discard``); a claim of
#: ``turn``'s discard or the next seat's draw (``claim``); a robbing win or ``turn``'s
#: replacement draw after its promoted kong (``robbable``); nothing (``ended``)
PHASES: Final[tuple[str, ...]] = ("deal", "draw", "act", "discard", "claim", "robbable", "ended")
_WINDS: Final = "ESWN"


def _flower_text(v: int) -> str:
    return f"{v}f"


def _tiles(n: int) -> str:
    return f"{n} tile" if n == 1 else f"{n} tiles"


def claim_digit(claimer: int, frm: int) -> int:
    """The claim digit of a discard of seat ``frm`` claimed by ``claimer``: 1 left (the seat
    before), 2 opposite, 3 right (the seat after)."""
    return {3: 1, 2: 2, 1: 3}[(frm - claimer) % 4]


class WallError(GameError):
    """An event the table's walls refuse, as their judge would (a draw from an empty wall, a
    flower on per-seat walls, a kong or a claim the per-seat judge refuses, a drawn game with
    tiles left): the event may fit other walls. ``walls`` the table's; ``flower`` the fault is a
    flower's."""

    def __init__(self, detail: str, walls: str, flower: bool = False) -> None:
        super().__init__(detail)
        self.walls = walls
        self.flower = flower


class TurnError(GameError):
    """An event out of turn: ``phase`` and ``turn`` say what the table waits for (for a draw or a
    drawn game, once the last discard or promoted kong has passed unclaimed); ``wrong_seat`` the
    phase fits but ``turn`` is another seat."""

    def __init__(self, detail: str, phase: str, turn: int, wrong_seat: bool = False) -> None:
        super().__init__(detail)
        self.phase = phase
        self.turn = turn
        self.wrong_seat = wrong_seat


class TileError(GameError):
    """An event's tile is no playing tile (0–33) or its flower no flower (1–8)."""


@dataclass(frozen=True, slots=True)
class RiverTile:
    """One discard: ``tile``, ``called`` taken by a chow, pung or kong, ``won`` won on; a tile
    neither called nor won on is still in the river (:attr:`in_river`)."""

    tile: int
    called: bool = False
    won: bool = False

    @property
    def in_river(self) -> bool:
        return not (self.called or self.won)


class MCRWinFacts(Record):
    """What the events say about a win: ``seat``, ``from_seat`` who pays the fan total (the
    discarder, the robbed kong's player; ``None`` self-drawn), ``tile`` the winning tile, ``named``
    the tile the win's event named, ``concealed`` the standing tiles without the winning tile (in
    the order they came), ``melds``, ``flowers`` (sorted), the situation flags ``self_drawn``,
    ``kong`` (杠上开花 or 抢杠和), ``robbing`` (抢杠和), ``last_tile_of_wall`` (妙手回春 / 海底捞月
    on the table's walls), ``last_of_kind`` (和绝张: the other three copies on view), and the
    winds ``seat_wind`` and ``prevalent_wind``."""

    __slots__ = ("concealed", "flowers", "from_seat", "kong", "last_of_kind", "last_tile_of_wall",
                 "melds", "named", "prevalent_wind", "robbing", "seat", "seat_wind", "self_drawn",
                 "tile")

    seat: int
    from_seat: int | None
    tile: int
    named: int
    concealed: tuple[int, ...]
    melds: tuple[Meld, ...]
    flowers: tuple[int, ...]
    self_drawn: bool
    kong: bool
    robbing: bool
    last_tile_of_wall: bool
    last_of_kind: bool
    seat_wind: str
    prevalent_wind: str

    def __init__(self, *, seat: int, from_seat: int | None, tile: int, named: int,
                 concealed: tuple[int, ...], melds: tuple[Meld, ...], flowers: tuple[int, ...],
                 kong: bool, robbing: bool, last_tile_of_wall: bool, last_of_kind: bool,
                 seat_wind: str, prevalent_wind: str) -> None:
        self._set(seat=seat, from_seat=from_seat, tile=tile, named=named, concealed=concealed,
                  melds=melds, flowers=flowers, self_drawn=from_seat is None, kong=kong,
                  robbing=robbing, last_tile_of_wall=last_tile_of_wall,
                  last_of_kind=last_of_kind, seat_wind=seat_wind, prevalent_wind=prevalent_wind)

    def hand(self) -> Hand:
        """The complete :class:`~suanfan.Hand` (GameError when the tiles are no hand)."""
        try:
            return Hand(list(self.melds), sorted(self.concealed), self.tile, list(self.flowers))
        except MahjongError as exc:
            raise GameError(f"the winner's hand is not a hand: {exc}") from None

    def situation(self) -> dict[str, object]:
        """The keyword arguments of :func:`suanfan.mcr.score` for this win (the flowers are in
        the hand)."""
        return {"self_drawn": self.self_drawn, "kong": self.kong,
                "last_tile_of_wall": self.last_tile_of_wall, "last_of_kind": self.last_of_kind,
                "seat_wind": self.seat_wind, "prevalent_wind": self.prevalent_wind}


class _Seat:
    __slots__ = ("dealt", "discards", "flowers", "froms", "hand", "melds")

    def __init__(self) -> None:
        self.hand: list[int] = []
        self.melds: list[Meld] = []
        self.froms: list[int | None] = []  # whose discard each meld took (None: concealed kong)
        self.flowers: list[int] = []
        self.discards: list[RiverTile] = []
        self.dealt = False


class MCRTable:
    """One MCR hand of four players, event by event, on ``walls`` (``"seat"`` or ``"shared"``),
    with the ``prevalent_wind`` 0–3 (E S W N). ``tile_name`` and ``flower_name`` name tiles and
    flowers in the refusals."""

    __slots__ = (
        "_copies",
        "_current",
        "_drawn",
        "_first_draw",
        "_flower_name",
        "_flowers_out",
        "_kong_draw",
        "_last_discard",
        "_last_kind",
        "_last_tile",
        "_name",
        "_own",
        "_phase",
        "_replacement",
        "_seats",
        "_taken",
        "_turn",
        "_view",
        "_walls",
        "_win",
        "_wind",
        "events",
    )

    def __init__(self, prevalent_wind: int = 0, walls: str = "seat",
                 tile_name: Callable[[int], str] = tile_to_str,
                 flower_name: Callable[[int], str] = _flower_text) -> None:
        if type(prevalent_wind) is not int or not 0 <= prevalent_wind <= 3:
            raise InvalidArgument(f"prevalent_wind={describe(prevalent_wind)}: 0-3 (E S W N)")
        if walls not in MCR_WALLS:
            raise InvalidArgument(f"walls={describe(walls)}: 'seat' (each player's own wall of "
                                  "34) or 'shared' (one wall)")
        self._wind = prevalent_wind
        self._walls = walls
        self._name = tile_name
        self._flower_name = flower_name
        self._seats = [_Seat() for _ in range(4)]
        self._copies = [0] * 34  # copies of each kind out of the wall
        self._view = [0] * 34  # copies on view to every seat: rivers and exposed melds
        self._flowers_out: set[int] = set()
        self._taken = 0  # playing tiles out of the wall(s)
        self._own = [0] * 4  # tiles each seat took from its own wall (per-seat walls)
        self._phase = "deal"
        self._turn = -1
        self._first_draw = True  # the first draw may be any seat's (the judge starts at 0)
        self._replacement = False  # the next draw of the turn's seat replaces a kong
        self._kong_draw = False  # the last draw replaced a kong
        self._last_tile = -1  # the last tile drawn, discarded or added to a kong
        self._last_kind = ""
        self._last_discard: tuple[int, int] | None = None
        self._win: MCRWinFacts | None = None
        self._drawn = False
        #: the events applied, in order
        self.events: list[MCRGameEvent] = []
        self._current: MCRGameEvent = MCRDrawGame()  # the event being applied

    # -- what the table shows -------------------------------------------------------------------
    @property
    def walls(self) -> str:
        return self._walls

    @property
    def prevalent_wind(self) -> str:
        """The prevalent wind, ``"E"`` ``"S"`` ``"W"`` or ``"N"``."""
        return _WINDS[self._wind]

    def seat_wind(self, seat: int) -> str:
        """A seat's wind: its number (0 East … 3 North)."""
        return _WINDS[self._check_seat(seat)]

    @property
    def phase(self) -> str:
        """What the table waits for (one of :data:`PHASES`)."""
        return self._phase

    @property
    def turn(self) -> int:
        """The seat the phase is about (the drawer, the discarder whose tile may be claimed, the
        konger); -1 before the first draw."""
        return self._turn

    @property
    def ended(self) -> bool:
        """The hand is over: won or drawn."""
        return self._phase == "ended"

    @property
    def drawn(self) -> bool:
        """The hand ended drawn (荒庄)."""
        return self._drawn

    @property
    def win(self) -> MCRWinFacts | None:
        """The win, once declared."""
        return self._win

    @property
    def last_discard(self) -> tuple[int, int] | None:
        """``(seat, tile)`` of the latest discard (``None`` before the first)."""
        return self._last_discard

    def to_act(self) -> int:
        """The seat whose move it is: the seat to draw (seat 0 before the first draw, as the judge
        starts), the seat to discard, kong or win after its draw or claim, the seat after the
        discarder while a discard may be claimed (it draws unless someone claims), the konger
        while its promoted kong may be robbed; -1 once the hand has ended."""
        ph, t = self._phase, self._turn
        if ph == "ended":
            return -1
        if ph == "deal":
            return next((s for s in range(4) if not self._seats[s].dealt), -1)
        if ph == "claim":
            return (t + 1) % 4
        return 0 if t < 0 else t

    def hand(self, seat: int) -> tuple[int, ...]:
        """The standing tiles of ``seat``, in the order they came."""
        return tuple(self._seat(seat).hand)

    def flowers(self, seat: int) -> tuple[int, ...]:
        """The flowers (1–8) ``seat`` has set aside, in the order they came."""
        return tuple(self._seat(seat).flowers)

    def melds(self, seat: int) -> tuple[Meld, ...]:
        """The melds of ``seat`` (claim sources as the notation's digits)."""
        return tuple(self._seat(seat).melds)

    def meld_sources(self, seat: int) -> tuple[int | None, ...]:
        """Whose discard each of :meth:`melds` took (``None`` for a concealed kong; a promoted
        kong keeps its pung's)."""
        return tuple(self._seat(seat).froms)

    def discards(self, seat: int) -> tuple[RiverTile, ...]:
        """Every discard of ``seat`` in order, called or not."""
        return tuple(self._seat(seat).discards)

    def river(self, seat: int) -> tuple[int, ...]:
        """The discards of ``seat`` still in its river."""
        return tuple(r.tile for r in self._seat(seat).discards if r.in_river)

    def wall_left(self, seat: int) -> int:
        """The draws left for ``seat``: its own wall (per-seat walls), or the playing tiles left
        in the shared wall."""
        s = self._check_seat(seat)
        if self._walls == "seat":
            return max(SEAT_WALL - self._own[s], 0)
        return SHARED_WALL - self._taken

    def visible(self, seat: int) -> list[int]:
        """34 counts of the tiles ``seat`` can see: its own standing tiles and melds (its
        concealed kongs included), every river tile still there and every exposed meld (another
        seat's concealed kong is not seen)."""
        p = self._seat(seat)
        out = list(self._view)
        for t in p.hand:
            out[t] += 1
        for m, frm in zip(p.melds, p.froms, strict=True):
            if frm is None:
                out[m.tiles[0]] += 4
        return out

    # -- what a seat may do -----------------------------------------------------------------------
    def legal_actions(self, seat: int, rules: str | Rules | None = "mcr-botzone") -> list[Action]:
        """What ``seat`` may do now, as :class:`~suanfan.game.Action` records: ``draw`` (the seat to
        draw, or the seat after the discarder while the discard may still be claimed: its draw
        lets the discard pass), ``discard`` of each kind held, ``concealed_kong`` and
        ``added_kong`` after its draw, ``chow`` (by middle tile), ``pung`` and ``kong`` of the
        last discard, ``win`` and ``pass`` (let the discard or the added kong go). The walls'
        rules hold (no kong or claim the per-seat judge refuses; no draw from an empty wall). A
        win is legal when the tiles are complete and, with ``rules`` (a preset name or
        :class:`~suanfan.mcr.Rules`; ``None``: complete is enough), reach the minimum scored by
        :func:`suanfan.mcr.score` with the situation the table gives."""
        seat = self._check_seat(seat)
        ph, t = self._phase, self._turn
        out: list[Action] = []
        if ph in ("deal", "ended"):
            return out
        p = self._seats[seat]
        dph, dt = self._passed()
        if dph == "draw" and (seat == dt or self._first_draw) and self._can_draw(seat):
            out.append(Action("draw", seat))
        if ph in ("act", "discard") and seat == t:
            kinds = sorted(set(p.hand))
            out += [Action("discard", seat, k) for k in kinds]
            if ph == "act":
                if not (self._walls == "seat" and (self._own_empty(seat)
                                                   or self._own_empty((seat + 1) % 4))):
                    out += [Action("concealed_kong", seat, k) for k in kinds
                            if p.hand.count(k) == 4]
                    out += [Action("added_kong", seat, m.tiles[0]) for m in p.melds
                            if m.kind is MeldKind.PUNG and m.tiles[0] in p.hand]
                if self._may_win(seat, rules):
                    out.append(Action("win", seat))
        elif ph in ("claim", "robbable") and seat != t:
            claims: list[Action] = []
            if self._may_win(seat, rules):
                claims.append(Action("win", seat))
            nxt = (t + 1) % 4
            if ph == "claim" and not (self._walls == "seat" and self._own_empty(nxt)):
                d = self._last_tile
                if seat == nxt and d < 27:
                    for m in (d - 1, d, d + 1):
                        if m // 9 == d // 9 and m % 9 not in (0, 8) and all(
                                x in p.hand for x in (m - 1, m, m + 1) if x != d):
                            claims.append(Action("chow", seat, m))
                held = p.hand.count(d)
                if held >= 2:
                    claims.append(Action("pung", seat, d))
                if held >= 3:
                    claims.append(Action("kong", seat, d))
            if claims:
                out += claims
                out.append(Action("pass", seat))
        return out

    def _can_draw(self, seat: int) -> bool:
        if self._walls == "seat":
            return not self._own_empty(seat)
        return self._taken < SHARED_WALL

    def _may_win(self, seat: int, rules: str | Rules | None) -> bool:
        current = self._current
        try:
            facts = self.win_facts(seat)
        except GameError:
            return False
        finally:
            self._current = current
        counts = [0] * 34
        for x in facts.concealed:
            counts[x] += 1
        counts[facts.tile] += 1
        if mcr_shanten_counts(counts, len(facts.melds)) != -1:
            return False
        if rules is None:
            return True
        try:
            res = score(facts.hand(), rules=rules, self_drawn=facts.self_drawn, kong=facts.kong,
                        last_tile_of_wall=facts.last_tile_of_wall,
                        last_of_kind=facts.last_of_kind, seat_wind=facts.seat_wind,
                        prevalent_wind=facts.prevalent_wind)
        except MahjongError:
            return False
        return res.meets_minimum

    # -- checks ---------------------------------------------------------------------------------
    def _check_seat(self, seat: int) -> int:
        if type(seat) is not int or not 0 <= seat <= 3:
            raise GameError(f"seat {describe(seat)}: seats are 0-3")
        return seat

    def _seat(self, seat: int) -> _Seat:
        return self._seats[self._check_seat(seat)]

    def _tile(self, t: int) -> None:
        if type(t) is not int or not 0 <= t < 34:
            raise TileError(f"tile {describe(t)} is not a playing tile (0-33)")

    def _passed(self) -> tuple[str, int]:
        """The phase and turn once the last discard (or promoted kong) passes unclaimed."""
        if self._phase == "claim":
            return "draw", (self._turn + 1) % 4
        if self._phase == "robbable":
            return "draw", self._turn
        return self._phase, self._turn

    def _own_empty(self, seat: int) -> bool:
        return self._own[seat] >= SEAT_WALL

    def _holds(self, seat: int, t: int, count: int, label: str) -> None:
        held = self._seats[seat].hand.count(t)
        if held < count:
            raise GameError(f"{self._lab(label)}: player {seat} holds {held} {self._name(t)}, not {count}")

    def _remove(self, seat: int, t: int, count: int) -> None:
        hand = self._seats[seat].hand
        for _ in range(count):
            hand.remove(t)

    def _turn_error(self, what: str, phase: str, turn: int, wrong_seat: bool = False) -> TurnError:
        return TurnError(f"{what} out of turn: {_expected(phase, turn)}", phase, turn, wrong_seat)

    # -- events ---------------------------------------------------------------------------------
    def apply(self, event: MCRGameEvent, label: str = "") -> None:
        """Check ``event`` against the table, then apply it; :class:`~suanfan.game.GameError`
        (naming the event: ``label``, or the event's kind and tile) when the table refuses it,
        which leaves the table as it was."""
        self._current = event
        if isinstance(event, Draw):
            self._draw(event.seat, event.tile)
        elif isinstance(event, Discard):
            self._discard(event.seat, event.tile, label)
        elif isinstance(event, FlowerDraw):
            self._flower_draw(event.seat, event.flower)
        elif isinstance(event, Chow | Pung | Kong):
            self._claim(event, label)
        elif isinstance(event, ConcealedKong | AddedKong):
            self._self_kong(event, label)
        elif isinstance(event, MCRWin):
            self._declare_win(event.seat, event.tile, label)
        elif isinstance(event, MCRDeal):
            self._deal(event)
        elif isinstance(event, MCRDrawGame):
            self._draw_game(label or "a drawn game")
        else:
            raise GameError(f"{type(event).__name__} is not an event of an MCR hand")
        self.events.append(event)

    def _lab(self, label: str) -> str:
        """How a refusal names the event being applied: its ``label``, or its kind and tile."""
        if label:
            return label
        ev = self._current
        kind = {"ConcealedKong": "concealed kong", "AddedKong": "added kong",
                "MCRWin": "win"}.get(type(ev).__name__, type(ev).__name__.lower())
        tile = getattr(ev, "tile", None)
        return kind if tile is None else f"{kind} {self._name_any(tile)}"

    def _name_any(self, t: int) -> str:
        return self._name(t) if type(t) is int and 0 <= t < 34 else describe(t)

    def _deal(self, ev: MCRDeal) -> None:
        seat = self._check_seat(ev.seat)
        p = self._seats[seat]
        if p.dealt:
            raise GameError(f"player {seat} is dealt twice")
        if self._phase != "deal":
            raise self._turn_error(f"a deal to player {seat}", self._phase, self._turn)
        counts = list(self._copies)
        taken = self._taken
        for t in ev.tiles:
            self._tile(t)
            if counts[t] >= 4:
                raise GameError(f"a fifth {self._name(t)}")
            if self._walls == "shared" and taken >= SHARED_WALL:
                raise WallError(f"a draw from an empty wall ({SHARED_WALL} playing tiles)",
                                "shared")
            counts[t] += 1
            taken += 1
        seen = set(self._flowers_out)
        for v in ev.flowers:
            self._flower(v)
            if v in seen:
                raise GameError(f"flower {self._flower_name(v)} a second time")
            if self._walls == "seat":
                raise WallError(f"flower {self._flower_name(v)}: Botzone's per-seat walls hold "
                                "no flowers", "seat", flower=True)
            seen.add(v)
        if len(ev.tiles) != 13:
            raise GameError(f"player {seat} is dealt {len(ev.tiles)} tiles, not 13")
        self._copies = counts
        self._taken = taken
        self._flowers_out = seen
        self._own[seat] = 13
        p.hand = list(ev.tiles)
        p.flowers = list(ev.flowers)
        p.dealt = True
        self._last_kind = "deal"
        if all(s.dealt for s in self._seats):
            self._phase = "draw"

    def _flower(self, v: int) -> None:
        if type(v) is not int or not 1 <= v <= 8:
            raise TileError(f"flower {describe(v)} is not a flower (1-8)")

    def _check_draw(self, seat: int, what: str) -> int:
        """The checks of a draw's turn: the turn it is (the first draw may be any seat's)."""
        seat = self._check_seat(seat)
        phase, turn = self._passed()
        if phase != "draw":
            raise self._turn_error(f"{what} by player {seat}", phase, turn)
        if self._first_draw:
            turn = seat
        if seat != turn:
            raise self._turn_error(f"{what} by player {seat}", phase, turn, wrong_seat=True)
        n = len(self._seats[seat].hand)
        if n % 3 != 1:
            raise GameError(f"player {seat} draws holding {n} tiles")
        return seat

    def _own_draw(self, seat: int) -> None:
        if self._walls == "seat" and self._own_empty(seat):
            raise WallError(f"player {seat} draws from an empty wall: each player's own wall "
                            f"holds {SEAT_WALL} tiles, 13 dealt and {SEAT_WALL - 13} drawn", "seat")

    def _draw(self, seat: int, t: int) -> None:
        seat = self._check_draw(seat, "a draw")
        self._tile(t)
        self._own_draw(seat)
        if self._copies[t] >= 4:
            raise GameError(f"a fifth {self._name(t)}")
        if self._walls == "shared" and self._taken >= SHARED_WALL:
            raise WallError(f"a draw from an empty wall ({SHARED_WALL} playing tiles)", "shared")
        self._phase, self._turn, self._first_draw = "act", seat, False
        self._own[seat] += 1
        self._copies[t] += 1
        self._taken += 1
        self._seats[seat].hand.append(t)
        self._kong_draw = self._replacement
        self._replacement = False
        self._last_tile = t
        self._last_kind = "draw"

    def _flower_draw(self, seat: int, v: int) -> None:
        seat = self._check_draw(seat, "a flower draw")
        self._flower(v)
        self._own_draw(seat)
        if v in self._flowers_out:
            raise GameError(f"flower {self._flower_name(v)} a second time")
        if self._walls == "seat":
            raise WallError(f"flower {self._flower_name(v)}: Botzone's per-seat walls hold no "
                            "flowers", "seat", flower=True)
        self._phase, self._turn, self._first_draw = "draw", seat, False
        self._own[seat] += 1
        self._flowers_out.add(v)
        self._seats[seat].flowers.append(v)
        self._replacement = False  # a flower replacement is not a kong's
        self._last_kind = "flower"

    def _discard(self, seat: int, t: int, label: str) -> None:
        seat = self._check_seat(seat)
        if self._phase not in ("act", "discard"):
            raise self._turn_error(f"a discard by player {seat}", self._phase, self._turn)
        if seat != self._turn:
            raise self._turn_error(f"a discard by player {seat}", self._phase, self._turn, True)
        self._tile(t)
        self._holds(seat, t, 1, label)
        self._remove(seat, t, 1)
        self._view[t] += 1  # in the river (taken back if claimed)
        self._seats[seat].discards.append(RiverTile(t))
        self._last_discard = (seat, t)
        self._last_tile = t
        self._phase = "claim"
        self._last_kind = "discard"

    def _self_kong(self, ev: ConcealedKong | AddedKong, label: str) -> None:
        seat = self._check_seat(ev.seat)
        t = ev.tile
        added = isinstance(ev, AddedKong)
        what = f"{'an added' if added else 'a concealed'} kong by player {seat}"
        if self._phase != "act":
            raise self._turn_error(what, self._phase, self._turn)
        if seat != self._turn:
            raise self._turn_error(what, self._phase, self._turn, wrong_seat=True)
        self._tile(t)
        nxt = (seat + 1) % 4
        if self._walls == "seat" and (self._own_empty(seat) or self._own_empty(nxt)):
            whose = "its own wall" if self._own_empty(seat) else f"the wall of player {nxt}"
            raise WallError(f"{self._lab(label)} with {whose} empty: the judge refuses a kong once the "
                            "konger's or the next player's wall is empty", "seat")
        p = self._seats[seat]
        if added:
            i = next((i for i, m in enumerate(p.melds)
                      if m.kind is MeldKind.PUNG and m.tiles[0] == t), -1)
            if i < 0:
                raise GameError(f"{self._lab(label)}: player {seat} has no pung of {self._name(t)}")
            self._holds(seat, t, 1, label)
            self._remove(seat, t, 1)
            p.melds[i] = Meld(MeldKind.KONG, [t] * 4, p.melds[i].source, promoted=True)
            self._view[t] += 1
            self._phase = "robbable"
        else:
            self._holds(seat, t, 4, label)
            self._remove(seat, t, 4)
            p.melds.append(Meld(MeldKind.KONG, [t] * 4, None, concealed=True))
            p.froms.append(None)
            self._phase = "draw"
        self._last_tile = t
        self._replacement = True
        self._last_kind = "kong"

    def _claim(self, ev: Chow | Pung | Kong, label: str) -> None:
        seat = self._check_seat(ev.seat)
        t = ev.tile
        if self._phase != "claim":
            raise self._turn_error(f"a claim by player {seat}", self._phase, self._turn)
        frm, d = self._turn, self._last_tile
        if seat == frm:
            raise GameError(f"player {seat} claims their own discard")
        self._tile(t)
        nxt = (frm + 1) % 4
        if self._walls == "seat" and self._own_empty(nxt):
            raise WallError(f"{self._lab(label)} of the last tile: the wall of player {nxt}, who would draw "
                            "next, is empty, and the judge then allows only a Hu of the discard",
                            "seat")
        p = self._seats[seat]
        if isinstance(ev, Chow):
            if seat != nxt:
                raise GameError(f"player {seat} chows player {frm}'s discard: only the next "
                                f"player ({nxt}) may")
            if t >= 27 or t % 9 in (0, 8) or d >= 27 or d // 9 != t // 9 or abs(d - t) > 1:
                raise GameError(f"{self._lab(label)}: no chow with middle tile {self._name(t)} uses the "
                                f"discard {self._name(d)}")
            for x in (t - 1, t, t + 1):
                if x != d:
                    self._holds(seat, x, 1, label)
            for x in (t - 1, t, t + 1):
                if x != d:
                    self._remove(seat, x, 1)
                self._view[x] += 1
            self._view[d] -= 1  # counted once, in the meld
            p.melds.append(Meld(MeldKind.CHOW, [t - 1, t, t + 1], d - t + 2))
            self._phase = "discard"
        else:
            if t != d:
                raise GameError(f"{self._lab(label)}: the discard is {self._name(d)}")
            n = 2 if isinstance(ev, Pung) else 3
            self._holds(seat, t, n, label)
            self._remove(seat, t, n)
            self._view[t] += n
            p.melds.append(Meld(MeldKind.PUNG if n == 2 else MeldKind.KONG, [t] * (n + 1),
                                claim_digit(seat, frm)))
            if n == 2:
                self._phase = "discard"
            else:
                self._phase = "draw"
                self._replacement = True
        p.froms.append(frm)
        self._mark_river(frm, called=True)
        self._turn = seat
        self._last_kind = "claim"

    def _mark_river(self, frm: int, called: bool) -> None:
        river = self._seats[frm].discards
        r = river[-1]
        river[-1] = RiverTile(r.tile, called=called, won=not called)

    def win_facts(self, seat: int, named: int | None = None, label: str = "") -> MCRWinFacts:
        """What a win by ``seat`` declared now would be (the table is not changed): by self-draw
        straight after its draw, on the discard that may be claimed, or robbing the added kong
        just made. ``named`` the tile the win names (checked against the discard or the kong's
        tile; ``None`` takes it as named). :class:`~suanfan.game.GameError` when ``seat`` cannot
        declare a win now; whether its tiles are a winning hand is the rule system's to say
        (:meth:`MCRWinFacts.hand`, :func:`suanfan.mcr.score`)."""
        self._current = MCRWin(seat, -1 if named is None else named)
        seat = self._check_seat(seat)
        p = self._seats[seat]
        ph = self._phase
        if ph == "act" and seat == self._turn:
            if self._last_kind != "draw":
                raise GameError(f"player {seat} wins by self-draw without a draw")
            tile = self._last_tile
            concealed = list(p.hand)
            concealed.remove(tile)
            frm: int | None = None
            kong = self._kong_draw
            robbing = False
        elif ph in ("claim", "robbable") and seat != self._turn:
            tile = self._last_tile
            if named is not None:
                self._tile(named)
                if named != tile:
                    raise GameError(f"{self._lab(label)} on player {self._turn}'s "
                                    f"{'discard' if ph == 'claim' else 'kong'} "
                                    f"{self._name(tile)}")
            concealed = list(p.hand)
            frm = self._turn
            robbing = ph == "robbable"
            kong = robbing
        else:
            raise self._turn_error(f"a win by player {seat}", ph, self._turn)
        if len(concealed) % 3 != 1:
            raise GameError(f"player {seat} wins holding {len(concealed) + 1} tiles")
        # the other three copies on view (the winning discard is not one of them; the winner's
        # own melds count too); a robbed kong shows all four
        on_view = self._view[tile] - (ph == "claim")
        # the last tile: per-seat walls, the wall of the seat after the drawer, discarder or
        # konger is empty; one shared wall, all its playing tiles are out
        last = (self._own_empty((self._turn + 1) % 4) if self._walls == "seat"
                else self._taken == SHARED_WALL)
        return MCRWinFacts(seat=seat, from_seat=frm, tile=tile,
                           named=tile if named is None else named, concealed=tuple(concealed),
                           melds=tuple(p.melds), flowers=tuple(sorted(p.flowers)), kong=kong,
                           robbing=robbing, last_tile_of_wall=last,
                           last_of_kind=not robbing and on_view == 3, seat_wind=_WINDS[seat],
                           prevalent_wind=_WINDS[self._wind])

    def _declare_win(self, seat: int, t: int, label: str) -> None:
        event = self._current
        facts = self.win_facts(seat, t, label)
        self._current = event
        if self._phase == "claim":
            self._view[facts.tile] -= 1  # the winning discard is not a copy on view
            self._mark_river(self._turn, called=False)
        self._win = facts
        self._phase = "ended"
        self._last_kind = "win"

    def _draw_game(self, label: str) -> None:
        phase, t = self._passed()
        if phase != "draw":
            raise self._turn_error(label, phase, t)
        if self._walls == "seat":
            if t < 0:
                raise WallError(f"{label} before the first draw", "seat")
            if not self._own_empty(t):
                raise WallError(f"{label} with {_tiles(SEAT_WALL - self._own[t])} still in the "
                                f"own wall of player {t}, who draws next", "seat")
        elif self._taken < SHARED_WALL:
            raise WallError(f"{label} with {_tiles(SHARED_WALL - self._taken)} still in the wall",
                            "shared")
        self._phase, self._turn = "ended", t
        self._drawn = True
        self._last_kind = "draw_game"


def _expected(phase: str, turn: int) -> str:
    """What a table in ``phase`` waits for, in words."""
    return {
        "deal": "the four deals come first",
        "draw": f"player {turn} draws next",
        "act": f"player {turn} discards, kongs or wins after a draw",
        "discard": f"player {turn} discards after a claim",
        "claim": f"after player {turn}'s discard a claim or player {(turn + 1) % 4}'s draw comes "
                 "next",
        "robbable": f"after player {turn}'s added kong a robbing win or player {turn}'s draw "
                    "comes next",
        "ended": "the hand is over",
    }[phase]
