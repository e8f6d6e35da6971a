"""The riichi table, event by event (four and three players), and the game built from it.

:class:`RiichiTable` is one round's table: every seat's standing tiles, melds and discards, the
wall as far as the events show it (tiles seen, draws left, dead-wall replacements), riichi and
ippatsu, the dora indicators, the scores, honba and sticks at the start, and the wins declared.
:meth:`RiichiTable.apply` checks an event (:mod:`suanfan.game.events`) against the table, then
applies it; an event the table refuses raises :class:`GameError`, a
:class:`~suanfan.MahjongError` naming what is wrong, and leaves the table as it was. At the
round's end :meth:`RiichiTable.wins` gives every :class:`~suanfan.game.Win` with the complete
hand and each situation flag inferred from the events alone (riichi, double riichi, ippatsu,
rinshan, chankan, haitei, houtei, tenhou, chiihou, the liable seat), compared with what the log
recorded.

:class:`GameBuilder` applies a whole game's events (the table of each round in turn) into a
:class:`~suanfan.game.Game`: every log reader feeds it, saying where each event came from, and a
fault becomes a :class:`~suanfan.game.LogError` naming that place. Read leniently, a fault cuts
the round it is in only (:meth:`GameBuilder.cut`).
"""

from __future__ import annotations

from itertools import combinations

from ..errors import MahjongError
from ..hand import Hand, Meld
from ..shanten import riichi_shanten_counts
from .events import (
    Action,
    Call,
    Deal,
    DeclareWin,
    Discard,
    DoraRevealed,
    Draw,
    DrawGame,
    GameEvent,
    Players,
    Riichi,
    StartGame,
    Stated,
)
from .records import (
    DRAWS,
    RED,
    WIND_NAMES,
    CallMeld,
    Game,
    LogError,
    Recorded,
    Round,
    RoundEvents,
    TableRules,
    Win,
    liable,
    suanfan_meld,
    tile_text,
)

__all__ = ["GameBuilder", "GameError", "RiichiTable", "SeatState"]

#: Tenhou yaku ids of the flags a win's record implies
_Y_TSUMO, _Y_RIICHI, _Y_IPPATSU, _Y_CHANKAN, _Y_RINSHAN, _Y_HAITEI, _Y_HOUTEI = 0, 1, 2, 3, 4, 5, 6
_Y_DOUBLE_RIICHI, _Y_TENHOU, _Y_CHIIHOU = 21, 37, 38


class GameError(MahjongError):
    """An event the table refuses (or a win that is no hand): ``detail`` says why; ``index`` and
    ``tag`` name the event when the fault is found later than its event (a win, at the round's
    end)."""

    def __init__(self, detail: str, index: int | None = None, tag: str = "") -> None:
        super().__init__(detail)
        self.detail = detail
        self.index = index
        self.tag = tag


class SeatState:
    """One seat of the table: ``hand`` its standing tiles (tile numbers, in the order they came),
    ``melds`` its calls, ``discards``, whether it has ``discarded`` yet, ``riichi``,
    ``double_riichi`` and ``ippatsu`` (the chance is open)."""

    __slots__ = ("discarded", "discards", "double_riichi", "hand", "ippatsu", "melds", "riichi")

    def __init__(self, tiles: list[int]) -> None:
        self.hand: list[int] = tiles
        self.melds: list[CallMeld] = []
        self.discards: list[int] = []
        self.discarded = False
        self.riichi = False
        self.double_riichi = False
        self.ippatsu = False


class _WinFacts:
    """What the events say at a win (turned into a :class:`Win` at the round's end, when every
    winner of a multiple ron is known)."""

    __slots__ = ("chankan", "chiihou", "concealed", "dora", "double_riichi", "event", "from_seat",
                 "haitei", "houtei", "index", "ippatsu", "melds", "riichi", "rinshan", "seat",
                 "tag", "tenhou", "tile", "tsumo")

    def __init__(self, index: int, tag: str, seat: int, from_seat: int | None, tile: int,
                 concealed: list[int], melds: tuple[CallMeld, ...], riichi: bool,
                 double_riichi: bool, ippatsu: bool, rinshan: bool, chankan: bool, haitei: bool,
                 houtei: bool, tenhou: bool, chiihou: bool, dora: tuple[int, ...],
                 event: DeclareWin) -> None:
        self.index = index
        self.tag = tag
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
        self.event = event


class RiichiTable:
    """The table during one round, event by event: made from its :class:`Deal`, then
    :meth:`apply` each event of the round. ``file`` names the log in the wins, ``round_index``
    is the round's place in the game."""

    def __init__(self, rules: TableRules, deal: Deal, file: str = "<log>", round_index: int = 0,
                 index: int = 0, tag: str = "deal") -> None:
        self.rules = rules
        self.file = file
        self.round_index = round_index
        self.n = n = rules.players
        self.aka = rules.aka
        self.seed = deal.seed
        kyoku, self.honba, self.sticks0 = deal.round, deal.honba, deal.sticks
        if not 0 <= kyoku < 16 or self.honba < 0 or self.sticks0 < 0:
            raise GameError(f"seed {self.seed!r}: round, honba or sticks out of range")
        self.round_wind = WIND_NAMES[kyoku // 4]
        self.kyoku = kyoku % 4 + 1
        self.dealer = deal.dealer
        if not 0 <= self.dealer < n or self.dealer != kyoku % 4:
            raise GameError(f"dealer {self.dealer} does not fit round {kyoku} of a {n}-player "
                            "game")
        if len(deal.scores) != 4 or (n == 3 and deal.scores[3] != 0):
            raise GameError(f"{n} players need four scores" + (" (the fourth 0)" if n == 3 else ""))
        self.scores0 = deal.scores[:n]
        self.seen: set[int] = set()
        self.seats: list[SeatState] = []
        if len(deal.hands) != 4:
            raise GameError(f"{len(deal.hands)} hands dealt, not 4 (the fourth empty with three "
                            "players)")
        for s in range(4):
            tiles = [self._tile(t) for t in deal.hands[s]]
            if s < n and len(tiles) != 13:
                raise GameError(f"hai{s} has {len(tiles)} tiles, not 13 (a {n}-player game)")
            if s >= n and tiles:
                raise GameError(f"hai{s}: a hand for a fourth player in a three-player game")
            if s < n:
                self.seats.append(SeatState(tiles))
        self.dealt = tuple(tuple(p.hand) for p in self.seats)
        self.dora_tiles = [self._tile(deal.dora)]
        self.events = RoundEvents()
        self.events.add(index, tag, "deal")
        self.draws = 0
        self.calls = 0  # calls, kongs and nuki so far (they end the first go-around)
        self.reaches = 0  # riichi accepted this round (their sticks are on the table)
        self.rinshan_next = -1  # the seat whose next draw is a replacement tile
        self.rinshan_draw = False  # the last draw was a replacement tile
        self.last_discard: tuple[int, int] | None = None  # (seat, tile)
        self.last_kind = "deal"  # the kind of the last event
        self.declared = -1  # the seat that declared riichi and has still to make its discard
        self.unaccepted = -1  # the seat whose riichi discard is not yet accepted (or ronned)
        self.last_meld: CallMeld | None = None
        self.agaris: list[_WinFacts] = []
        self.last_seat = -1
        self.ippatsu_before_call: list[bool] = []
        self.ended = False
        self.draw_type: str | None = None
        self.draw_deltas: tuple[int, ...] = ()

    # -- what the table shows -------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.n

    @property
    def draws_left(self) -> int:
        """Draws left in the wall (live wall and replacements)."""
        return DRAWS[self.n] - self.draws

    @property
    def dora_indicators(self) -> tuple[int, ...]:
        return tuple(self.dora_tiles)

    @property
    def riichi_sticks(self) -> int:
        """The sticks on the table: those at the start and the riichi accepted since."""
        return self.sticks0 + self.reaches

    def hand(self, seat: int) -> tuple[int, ...]:
        """The standing tiles of ``seat``, in the order they came."""
        return tuple(self._seat(seat).hand)

    def melds(self, seat: int) -> tuple[CallMeld, ...]:
        return tuple(self._seat(seat).melds)

    def seat(self, seat: int) -> SeatState:
        """The state of ``seat`` (read it, do not change it)."""
        return self._seat(seat)

    def to_act(self) -> int:
        """The seat whose turn it is: who drew (or called) and must discard, or the seat after
        the last discarder; -1 once the round has ended."""
        if self.ended:
            return -1
        if self.last_kind in ("draw", "call") and self.last_seat >= 0:
            return self.last_seat
        if self.last_kind == "deal":
            return self.dealer
        return (self.last_seat + 1) % self.n

    def suanfan_tile(self, t: int) -> int:
        """A tile number as a suanfan tile id (a red five's own id when the table has them)."""
        if self.aka and t in RED:
            return RED[t]
        return t // 4

    # -- what a seat may do -----------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Action]:
        """What ``seat`` may do now, as :class:`~suanfan.game.Action` records (tiles as copies):
        ``draw`` (the dealer first, the seat after a discard, the replacement after a kong or a
        North), ``discard`` of each copy held (after riichi, the drawn tile only), ``ankan``
        (``tiles`` the four copies), ``kakan`` and ``nuki`` (``tile`` the copy added or set
        aside) and ``riichi`` after the seat's own draw, ``chi`` ``pon`` ``daiminkan`` of the
        last discard (``tile`` the discard, ``tiles`` the seat's own copies: every choice of
        copies, red fives apart), ``win`` (self-draw, ron, robbing a kakan, a North, or — for
        thirteen orphans — an ankan; a second or third ron on the same discard) and ``pass``.

        Simplifications: a win is legal when the tiles are complete (yaku and furiten are not
        checked); riichi asks for a closed hand that is ready (shanten 0 or better), four tiles
        left in the wall and 1000 points at the round's start; no call of the last discard and
        no kong with the wall empty; swap-calling (kuikae) is not refused, nor a riichi
        player's kong that changes its waits."""
        p = self._seat(seat)
        out: list[Action] = []
        if self.ended:
            first = self.agaris[0] if self.agaris else None
            if first is not None and first.from_seat is not None and seat != first.from_seat \
                    and all(f.seat != seat for f in self.agaris) \
                    and self._complete(p, first.tile):
                out.append(Action("win", seat))
            return out
        if self._may_draw(seat):
            out.append(Action("draw", seat))
        lk, ls = self.last_kind, self.last_seat
        if lk in ("draw", "call") and ls == seat and self.rinshan_next < 0 \
                and len(p.hand) % 3 == 2:
            if p.riichi and lk == "draw" and self.declared != seat:
                out.append(Action("discard", seat, p.hand[-1]))
            else:
                out += [Action("discard", seat, t) for t in sorted(p.hand)]
            if lk == "draw":
                out += self._own_turn(seat, p)
        lm = self.last_meld
        if lk == "discard" and self.last_discard is not None and self.last_discard[0] != seat:
            frm, tile = self.last_discard
            claims = self._claims(seat, p, frm, tile)
            if claims:
                out += claims
                out.append(Action("pass", seat))
        elif lk == "call" and lm is not None and lm.seat != seat \
                and lm.kind in ("kakan", "ankan", "nuki"):
            robbed = lm.added if lm.added is not None else lm.tiles[0]
            if self._complete(p, robbed) and (lm.kind != "ankan" or self._orphans(p, robbed)):
                out += [Action("win", seat), Action("pass", seat)]
        return out

    def _may_draw(self, seat: int) -> bool:
        if self.draws >= DRAWS[self.n] or self.declared >= 0:
            return False
        if self.rinshan_next >= 0:
            return seat == self.rinshan_next
        if self.last_kind == "deal":
            return seat == self.dealer
        if self.last_kind == "discard":
            return seat == (self.last_seat + 1) % self.n
        return False

    def _own_turn(self, seat: int, p: SeatState) -> list[Action]:
        """The kongs, Norths, riichi and self-drawn win of ``seat`` after its own draw."""
        out: list[Action] = []
        by_kind: dict[int, list[int]] = {}
        for t in p.hand:
            by_kind.setdefault(t // 4, []).append(t)
        if self.draws < DRAWS[self.n] and self.declared != seat:
            for k in sorted(by_kind):
                if len(by_kind[k]) == 4:
                    out.append(Action("ankan", seat, min(by_kind[k]), tuple(sorted(by_kind[k]))))
            if not p.riichi:
                for m in p.melds:
                    if m.kind == "pon":
                        out += [Action("kakan", seat, t) for t in by_kind.get(m.tiles[0] // 4, ())]
            if self.n == 3:
                out += [Action("nuki", seat, t) for t in by_kind.get(30, ())]
        if not p.riichi and self.declared != seat and all(
                m.kind in ("ankan", "nuki") for m in p.melds) \
                and DRAWS[self.n] - self.draws >= 4 and self.scores0[seat] >= 1000:
            counts = [0] * 34
            for t in p.hand:
                counts[t // 4] += 1
            if riichi_shanten_counts(counts, self._sets(p)) <= 0:
                out.append(Action("riichi", seat))
        if self._complete(p, None):
            out.append(Action("win", seat))
        return out

    def _claims(self, seat: int, p: SeatState, frm: int, tile: int) -> list[Action]:
        """The ron, pon, daiminkan and chi of ``frm``'s discard ``tile`` open to ``seat``."""
        out: list[Action] = []
        if self._complete(p, tile):
            out.append(Action("win", seat))
        if p.riichi or self.draws >= DRAWS[self.n] or self.declared >= 0:
            return out
        k = tile // 4
        same = sorted(t for t in p.hand if t // 4 == k)
        out += [Action("pon", seat, tile, pair) for pair in _choices(same, 2)]
        out += [Action("daiminkan", seat, tile, three) for three in _choices(same, 3)]
        if self.n == 4 and seat == (frm + 1) % 4 and k < 27:
            for low in (k - 2, k - 1, k):
                if low < 0 or low // 9 != k // 9 or low % 9 > 6:
                    continue
                others = [x for x in (low, low + 1, low + 2) if x != k]
                a = sorted(t for t in p.hand if t // 4 == others[0])
                b = sorted(t for t in p.hand if t // 4 == others[1])
                out += [Action("chi", seat, tile, (x, y)) for x in a for y in b]
        return out

    def _sets(self, p: SeatState) -> int:
        return sum(m.kind != "nuki" for m in p.melds)

    def _complete(self, p: SeatState, extra: int | None) -> bool:
        """The standing tiles of ``p`` (with ``extra``) are a complete hand."""
        if (len(p.hand) + (extra is not None)) % 3 != 2:
            return False
        counts = [0] * 34
        for t in p.hand:
            counts[t // 4] += 1
        if extra is not None:
            counts[extra // 4] += 1
        return riichi_shanten_counts(counts, self._sets(p)) == -1

    def _orphans(self, p: SeatState, extra: int) -> bool:
        """Thirteen orphans with ``extra`` (the only hand that may rob a concealed kong)."""
        kinds = {t // 4 for t in p.hand} | {extra // 4}
        return not p.melds and kinds == {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33}

    # -- checks ---------------------------------------------------------------------------------
    def _tile(self, t: int) -> int:
        if not 0 <= t < 136:
            raise GameError(f"tile number {t} is not a tile (0-135)")
        if self.n == 3 and 4 <= t < 32:
            raise GameError(f"tile number {t} ({tile_text(t, False)}) is not in a three-player set")
        if t in self.seen:
            raise GameError(f"tile number {t} ({tile_text(t, self.aka)}) appears twice")
        self.seen.add(t)
        return t

    def _seat(self, s: int) -> SeatState:
        if not 0 <= s < self.n:
            raise GameError(f"seat {s} in a {self.n}-player game")
        return self.seats[s]

    def _take(self, seat: int, tile: int, what: str) -> None:
        hand = self.seats[seat].hand
        if tile not in hand:
            raise GameError(f"{what}: seat {seat} does not hold tile {tile} "
                            f"({tile_text(tile, self.aka)})")
        hand.remove(tile)

    # -- events ---------------------------------------------------------------------------------
    def apply(self, event: GameEvent, index: int = 0, tag: str = "") -> None:
        """Check ``event`` against the table, then apply it (``index`` and ``tag`` name it in
        :attr:`events` and in the wins); :class:`GameError` when the table refuses it."""
        if isinstance(event, Draw | Discard):
            self.play(isinstance(event, Draw), event.seat, event.tile, index, tag)
            return
        self._riichi_order(event)
        if isinstance(event, DeclareWin):
            self.declare_win(index, tag or "win", event)
        elif isinstance(event, Call | Riichi | DoraRevealed | DrawGame):
            if self.ended:
                raise GameError("an event after the end of the round")
            if isinstance(event, Call):
                self.call(index, tag or "call", event.meld)
            elif isinstance(event, Riichi):
                self.riichi(index, tag or "reach", event.seat, event.step)
            elif isinstance(event, DoraRevealed):
                self.dora(index, tag or "dora", event.tile)
            else:
                self.draw_game(index, tag or "draw_game", event)
        else:
            raise GameError(f"{type(event).__name__} inside a round")

    def play(self, draw: bool, seat: int, tile: int, index: int = 0, tag: str = "") -> None:
        """A draw of ``seat`` (``draw`` true) or its discard, checked and applied: what
        :meth:`apply` does with a :class:`Draw` or a :class:`Discard`, given their fields (the
        readers' way for the most frequent events, with no event object)."""
        declared = self.declared
        if declared >= 0 and (draw or seat != declared):
            raise GameError(f"seat {declared} declares riichi but does not discard")
        self.unaccepted = -1  # the riichi discard passed with no acceptance (_riichi_order)
        self._ready(tag)
        if draw:
            self.draw(index, tag or "draw", seat, tile)
        else:
            self.discard(index, tag or "discard", seat, tile)

    def _riichi_order(self, event: GameEvent) -> None:
        """A riichi declaration is followed by the seat's discard, and only the event right
        after that discard may accept it."""
        if self.declared >= 0 and not (isinstance(event, Discard)
                                       and event.seat == self.declared):
            raise GameError(f"seat {self.declared} declares riichi but does not discard")
        if self.unaccepted >= 0 and not (isinstance(event, Riichi) and event.step == 2):
            # a riichi discard passed with no acceptance is no riichi (simulator-written mjlogs,
            # tenhou-python-bot's, never accept one): the declaration lapses
            self.unaccepted = -1

    def _ready(self, tag: str) -> None:
        if self.ended:
            raise GameError("a draw or discard outside a round")

    def draw(self, index: int, tag: str, seat: int, tile: int) -> None:
        p = self._seat(seat)
        if len(p.hand) % 3 != 1:
            raise GameError(f"seat {seat} draws holding {len(p.hand)} standing tiles")
        if self.draws >= DRAWS[self.n]:
            raise GameError(f"a draw after the last tile of the wall ({DRAWS[self.n]} draws)")
        if self.rinshan_next >= 0:
            if self.rinshan_next != seat:
                raise GameError(f"seat {seat} draws where seat {self.rinshan_next} takes a "
                                "replacement tile")
        elif self.last_kind == "deal":
            # the dealer draws first; not checked: simulator-written mjlogs (tenhou-python-bot's)
            # let another seat begin a repeated round, and are read as they are
            pass
        elif self.last_kind == "discard":
            if seat != (self.last_seat + 1) % self.n:
                raise GameError(f"seat {seat} draws after seat {self.last_seat}'s discard: it is "
                                f"seat {(self.last_seat + 1) % self.n}'s turn")
        else:
            raise GameError(f"seat {seat} draws before seat {self.last_seat} has discarded")
        p.hand.append(self._tile(tile))
        self.draws += 1
        self.rinshan_draw = self.rinshan_next == seat
        self.rinshan_next = -1
        self.events.add(index, tag, "draw", seat, tile)
        self.last_kind = "draw"
        self.last_seat = seat

    def discard(self, index: int, tag: str, seat: int, tile: int) -> None:
        p = self._seat(seat)
        if len(p.hand) % 3 != 2:
            raise GameError(f"seat {seat} discards holding {len(p.hand)} standing tiles")
        if self.rinshan_next >= 0:
            raise GameError(f"a discard before seat {self.rinshan_next}'s replacement tile")
        if self.last_kind not in ("draw", "call") or self.last_seat != seat:
            raise GameError(f"seat {seat} discards out of turn (it has not just drawn or called)")
        self._take(seat, tile, "discard")
        p.discarded = True
        p.discards.append(tile)
        p.ippatsu = False  # a riichi player's next discard ends the ippatsu chance
        self.last_discard = (seat, tile)
        if self.declared == seat:
            self.declared = -1
            self.unaccepted = seat
        self.events.add(index, tag, "discard", seat, tile)
        self.last_kind = "discard"
        self.last_seat = seat

    def call(self, index: int, tag: str, meld: CallMeld) -> None:
        who = meld.seat
        p = self._seat(who)
        m = meld.code
        kind = meld.kind
        if kind in ("chi", "pon", "daiminkan"):
            if self.last_kind != "discard" or self.last_discard is None:
                raise GameError(f"a {kind} with no discard to claim")
            frm, tile = self.last_discard
            if meld.from_seat != frm or meld.called != tile:
                raise GameError(f"the {kind} (m={m}) claims tile {meld.called} from seat "
                                f"{meld.from_seat}, but the last discard is tile {tile} of seat "
                                f"{frm}")
            if len(p.hand) % 3 != 1:
                raise GameError(f"seat {who} calls holding {len(p.hand)} standing tiles")
            hand = list(p.hand)
            try:
                for t in meld.tiles:
                    if t != tile:
                        self._take(who, t, kind)
            except GameError:
                p.hand[:] = hand  # nothing of a refused event stays
                raise
            p.melds.append(meld)
            self.last_discard = None
            if kind == "daiminkan":
                self.rinshan_next = who
        else:
            if self.last_kind != "draw" or self.last_seat != who:
                raise GameError(f"a {kind} by seat {who}, who has not just drawn")
            if len(p.hand) % 3 != 2:
                raise GameError(f"a {kind} by seat {who} holding {len(p.hand)} standing tiles")
            if kind == "kakan":
                pon = next((x for x in p.melds if x.kind == "pon" and x.tiles[0] // 4
                            == meld.tiles[0] // 4), None)
                if pon is None:
                    raise GameError(f"a kakan (m={m}) of seat {who}, who has no such pon")
                assert meld.added is not None
                if set(pon.tiles) | {meld.added} != set(meld.tiles):
                    raise GameError(f"the kakan (m={m}) does not extend seat {who}'s pon")
                self._take(who, meld.added, kind)
                meld = CallMeld("kakan", m, who, pon.from_seat, meld.tiles, pon.called, meld.added)
                p.melds[p.melds.index(pon)] = meld
            elif kind == "ankan":
                hand = list(p.hand)
                try:
                    for t in meld.tiles:
                        self._take(who, t, kind)
                except GameError:
                    p.hand[:] = hand
                    raise
                p.melds.append(meld)
            else:  # nuki
                if self.n != 3:
                    raise GameError(f"a nuki (m={m}) in a four-player game")
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
        self.events.add(index, tag, "call", who, meld=meld)
        self.last_kind = "call"
        self.last_seat = who

    def riichi(self, index: int, tag: str, who: int, step: int) -> None:
        p = self._seat(who)
        if step == 1:
            if p.riichi or not p.hand or len(p.hand) % 3 != 2 or any(
                    x.kind not in ("ankan", "nuki") for x in p.melds):
                raise GameError(f"seat {who} cannot declare riichi here")
            p.double_riichi = not p.discarded and self.calls == 0
            self.declared = who
        elif step == 2:
            if p.riichi or self.last_kind != "discard" or self.last_seat != who \
                    or self.unaccepted != who:
                raise GameError(f"seat {who}'s riichi is accepted without its riichi discard")
            p.riichi = True
            p.ippatsu = True
            self.unaccepted = -1
            self.reaches += 1
        else:
            raise GameError(f"riichi step {step} (1 or 2)")
        self.events.add(index, tag, "reach", who, step=step)

    def dora(self, index: int, tag: str, tile: int) -> None:
        self._tile(tile)
        if len(self.dora_tiles) >= 5:
            self.seen.discard(tile)
            raise GameError("a sixth dora indicator")
        self.dora_tiles.append(tile)
        self.events.add(index, tag, "dora", None, tile)

    def draw_game(self, index: int, tag: str, event: DrawGame) -> None:
        if self.ended:
            raise GameError("a draw after the end of the round")
        if event.deltas and len(event.deltas) != self.n:
            raise GameError(f"{len(event.deltas)} score changes for {self.n} players")
        self.ended = True
        self.draw_type = event.reason
        self.draw_deltas = event.deltas
        self.events.add(index, tag, "draw_game")

    def check_win(self, who: int, frm: int) -> None:
        """GameError when ``who`` cannot win on ``frm``'s tile now (``frm == who``: by self-draw)
        for a reason of the seats and the round's end (the rest is checked by
        :meth:`declare_win`)."""
        self._seat(who)
        self._seat(frm)
        if self.ended and (who == frm or not self.agaris or self.agaris[0].from_seat != frm
                           or any(x.seat == who for x in self.agaris)):
            raise GameError("a second win that is not another ron on the same tile")

    def declare_win(self, index: int, tag: str, event: DeclareWin) -> None:
        who, frm = event.seat, event.from_seat
        self.check_win(who, frm)
        p = self.seats[who]
        tsumo = who == frm
        chankan = rinshan = haitei = houtei = False
        ippatsu = p.ippatsu
        if tsumo:
            if self.last_kind != "draw" or self.last_seat != who:
                raise GameError(f"a tsumo by seat {who}, who has not just drawn")
            tile = p.hand[-1]
            concealed = p.hand[:-1]
            rinshan = self.rinshan_draw
            haitei = self.draws == DRAWS[self.n] and not rinshan
        else:
            if len(p.hand) % 3 != 1:
                raise GameError(f"a ron by seat {who} holding {len(p.hand)} standing tiles")
            lm = self.last_meld
            if self.last_kind == "discard" and self.last_discard is not None \
                    and self.last_discard[0] == frm:
                tile = self.last_discard[1]
                houtei = self.draws == DRAWS[self.n]
            elif self.last_kind == "call" and lm is not None and lm.seat == frm \
                    and lm.kind in ("kakan", "ankan", "nuki"):
                # robbing a kong (an ankan only for thirteen orphans), or a North set aside
                tile = lm.added if lm.added is not None else lm.tiles[0]
                chankan = lm.kind == "kakan"
                ippatsu = self.ippatsu_before_call[who]
            else:
                raise GameError(f"a ron by seat {who} on seat {frm}, who has not just discarded "
                                "or added to a kong")
            concealed = list(p.hand)
        dealer = who == self.dealer
        first = tsumo and self.calls == 0 and not p.discarded and not rinshan
        facts = _WinFacts(index, tag, who, None if tsumo else frm, tile, concealed, tuple(p.melds),
                          p.riichi, p.riichi and p.double_riichi, ippatsu, rinshan, chankan,
                          haitei, houtei, first and dealer, first and not dealer,
                          tuple(self.dora_tiles), event)
        self.agaris.append(facts)
        self.ended = True
        self.events.add(index, tag, "win", who, tile)

    # -- the wins -------------------------------------------------------------------------------
    def wins(self) -> tuple[Win, ...]:
        """Every win declared this round (two or three on a multiple ron), with the honba and
        sticks going to the first winner after the discarder; GameError naming the win's event
        when a winner's tiles are no hand or the log's record does not fit the table."""
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
            except GameError as exc:
                raise GameError(exc.detail, f.index, f.tag) from None
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
                melds.append(suanfan_meld(cm, f.seat, n, aka))
        try:
            hand = Hand(melds, [self.suanfan_tile(t) for t in f.concealed],
                        self.suanfan_tile(f.tile))
        except MahjongError as exc:
            raise GameError(f"the winner's hand is not a hand: {exc}") from None
        honba = self.honba if first else 0
        sticks = self.sticks0 + self.reaches if first else 0
        ev = f.event
        g = ev.recorded
        ura = list(ev.ura)
        stated = ev.stated
        if stated is None:
            rec = Recorded(g.fu, g.points, g.limit, g.yaku, g.yakuman, g.deltas, g.scores, g.pao,
                           self.honba, sticks, g.chips, g.known, g.han)
            conflicts += ev.conflicts
            if len(g.deltas) != n:
                raise GameError(f"{len(g.deltas)} score changes for {n} players")
            if g.pao is not None and not 0 <= g.pao < n:
                raise GameError(f"liable seat {g.pao} in a {n}-player game")
        else:
            rec = g
            self._check_stated(f, stated, sticks, conflicts)
            conflicts += ev.conflicts
        for t in ura:
            if not 0 <= t < 136 or t in self.seen:
                raise GameError(f"ura dora indicator {t} is not a tile of the dead wall")
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
        pao_inferred = liable(f.melds)
        if pao_inferred != pao and "pao" in rec.known:
            conflicts.append(f"pao: the events give {pao_inferred}, the record {pao}")
        if f.tsumo and _Y_TSUMO not in ids and yaku and has_yaku and hand.is_closed:
            conflicts.append("menzen tsumo: a closed tsumo the record does not count")
        return Win(
            file=self.file, round_index=self.round_index, index=f.index,
            seat=f.seat, from_seat=f.from_seat, dealer=self.dealer, players=n, hand=hand,
            winning_tile=self.suanfan_tile(f.tile), melds=f.melds, nuki=nuki,
            seat_wind=WIND_NAMES[(f.seat - self.dealer) % n], round_wind=self.round_wind,
            riichi=f.riichi, double_riichi=f.double_riichi, ippatsu=f.ippatsu, rinshan=f.rinshan,
            chankan=f.chankan, haitei=f.haitei, houtei=f.houtei, tenhou=f.tenhou,
            chiihou=f.chiihou, dora_indicators=tuple(tile_text(t, aka) for t in f.dora),
            ura_indicators=tuple(tile_text(t, aka) for t in ura), honba=honba, sticks=sticks,
            pao=pao_inferred, recorded=rec, conflicts=tuple(conflicts))

    def _check_stated(self, f: _WinFacts, s: Stated, sticks: int, conflicts: list[str]) -> None:
        """What the log states of the win against what the events give."""
        if sorted(s.tiles) != sorted([*f.concealed, f.tile]):
            conflicts.append(f"hand: the events give tiles {sorted([*f.concealed, f.tile])}, the "
                             f"record {sorted(s.tiles)}")
        if sorted(s.codes) != sorted(cm.code for cm in f.melds):
            conflicts.append(f"melds: the events give {sorted(cm.code for cm in f.melds)}, the "
                             f"record {sorted(s.codes)}")
        if s.tile != f.tile:
            conflicts.append(f"winning tile: the events give {f.tile}, the record {s.tile}")
        if list(s.dora) != list(f.dora):
            conflicts.append(f"dora indicators: the events give {list(f.dora)}, the record "
                             f"{list(s.dora)}")
        # the round's honba for every winner (a later winner of a multiple ron is not paid them),
        # the sticks this winner collects
        if (s.honba, s.sticks) != (self.honba, sticks):
            conflicts.append(f"honba and sticks: the events give {self.honba},{sticks}, the "
                             f"record {s.honba},{s.sticks}")

    def round(self, wins: tuple[Win, ...], complete: bool, error: str | None) -> Round:
        """The record of the round (its ``index``: :attr:`round_index`)."""
        return Round(self.round_index, self.seed, self.round_wind, self.kyoku, self.honba,
                     self.sticks0, self.dealer, self.scores0, self.events, wins,
                     self.draw_type, complete, self.draw_deltas, self.dealt, error=error)


def _choices(copies: list[int], k: int) -> list[tuple[int, ...]]:
    """Every choice of ``k`` of the ``copies`` (sorted tuples)."""
    return [tuple(c) for c in combinations(copies, k)]


class GameBuilder:
    """A game, event by event: the rules (:class:`StartGame`), the names (:class:`Players`), then
    each round's :class:`Deal` and events, applied to a :class:`RiichiTable`; :meth:`finish`
    gives the :class:`Game`.

    Readers call :meth:`apply` with each event, its number in the log (``index``), a ``tag`` kept
    in the round's :attr:`Round.events` and ``where`` it is in the log (for the error message);
    an event the table refuses raises :class:`LogError` naming that place. With ``strict`` false
    a reader calls :meth:`open_round` where a round of its log starts and :meth:`cut` with the
    LogError of a fault: the round is kept with :attr:`Round.error` and no wins."""

    def __init__(self, name: str, strict: bool = True) -> None:
        self.name = name
        self.strict = strict
        self.rules: TableRules | None = None
        self.players = 4
        self.names: tuple[str, ...] = ()
        self.rounds: list[Round] = []
        self.table: RiichiTable | None = None
        self.locations: dict[int, str] = {}
        #: the round being opened, before its table is set up (what a fault there cuts)
        self.opening: Round | None = None
        #: a fault cut the round: the events up to the next round are skipped
        self.skipping = False

    @property
    def state(self) -> RiichiTable | None:
        """The table of the round being read (``None`` between rounds)."""
        return self.table

    def error(self, detail: str, index: int | None, tag: str) -> LogError:
        """A LogError at the event ``index``, located as its reader said (:meth:`apply`)."""
        where = None if index is None else self.locations.get(index)
        return LogError(self.name, detail, index, tag, where)

    def apply(self, event: GameEvent, index: int, tag: str, where: str | None = None) -> None:
        """One event of the log (``where`` names its place in the log for error messages).
        LogError at a fault, whether strict or not."""
        if where is not None:
            self.locations[index] = where
        try:
            self._apply(event, index, tag)
        except GameError as exc:
            raise self.error(exc.detail, index, tag) from None

    def play(self, draw: bool, seat: int, tile: int, index: int, tag: str,
             where: str | None = None) -> None:
        """:meth:`apply` of ``Draw(seat, tile)`` (``draw`` true) or ``Discard(seat, tile)``, given
        their fields: the readers' way for the most frequent events, with no event object."""
        if where is not None:
            self.locations[index] = where
        st = self.table
        try:
            if st is None or st.ended:
                raise GameError("a draw or discard outside a round")
            st.play(draw, seat, tile, index, tag)
        except GameError as exc:
            raise self.error(exc.detail, index, tag) from None

    def _apply(self, event: GameEvent, index: int, tag: str) -> None:
        st = self.table
        if isinstance(event, Draw | Discard):
            if st is None or st.ended:
                raise GameError("a draw or discard outside a round")
            st.apply(event, index, tag)
            return
        if isinstance(event, StartGame):
            if self.rules is not None or self.rounds or st is not None:
                raise GameError("a second <GO> or one after the first round")
            self.rules = event.rules
            self.players = event.rules.players
            return
        if isinstance(event, Players):
            if not self.names:
                if len(event.names) > self.players and any(event.names[self.players:]):
                    raise GameError("a fourth player in a three-player game")
                self.names = event.names[:self.players]
            return
        if isinstance(event, Deal):
            if self.rules is None:
                raise GameError("a round before <GO>")
            k = event.round
            if 0 <= k < 16:
                self.open_round(WIND_NAMES[k // 4], k % 4 + 1, event.honba, event.sticks, k % 4,
                                event.seed)
            else:
                self.open_round(seed=event.seed)
            self.table = RiichiTable(self.rules, event, self.name, len(self.rounds), index, tag)
            self.opening = None
            return
        if st is None:
            raise GameError("an event outside a round")
        if st.ended and not isinstance(event, DeclareWin):
            raise GameError("an event after the end of the round")
        st.apply(event, index, tag)
        if isinstance(event, DrawGame):
            self._close_round(complete=True)

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
        error and no wins; the events up to the next round are skipped. A fault ``between``
        rounds (or after a drawn round's end) is kept as an unreadable round of its own, named
        by its place only (it may be a round whose start was lost): the round before it stands.
        ``exc`` is raised when it is no round's (before the first round, or before the table is
        known)."""
        if self.skipping:  # a second fault in a round already cut: the first one stands
            return
        if self.rules is None or not (self.rounds or self.table or self.opening):
            raise exc
        msg = str(exc)
        st = self.table
        if self.opening is not None:
            o = self.opening
            self.rounds.append(Round(o.index, o.seed, o.round_wind, o.kyoku, o.honba, o.sticks,
                                     o.dealer, (), (), (), None, False, error=msg))
        elif st is not None and not between:
            self.table = None
            self.rounds.append(st.round((), False, msg))
        else:
            self._close_round(complete=False)
            self.rounds.append(Round(len(self.rounds), "", "?", 0, 0, 0, 0, (), (), (), None,
                                     False, error=msg))
        self.opening = None
        self.skipping = True

    def finish(self) -> Game:
        """The game once every event is applied."""
        if self.rules is None:
            raise LogError(self.name, "no rules: not a complete game")
        self._close_round(complete=False)
        return Game(self.name, self.players, self.rules, self.names, tuple(self.rounds))

    def _close_round(self, complete: bool) -> None:
        st = self.table
        if st is None:
            return
        self.table = None
        try:
            wins = st.wins()
        except GameError as exc:
            err = self.error(exc.detail, exc.index, exc.tag)
            if self.strict:
                raise err from None
            self.rounds.append(st.round((), False, str(err)))
            return
        self.rounds.append(st.round(wins, complete or bool(wins) or st.draw_type is not None,
                                    None))

