"""Score sheets of one table: an MCR session and a riichi hanchan, replayed from their entries.

An *entry* is a JSON-ready dict with a ``kind``; the seats 0-3 are the players in the order of
the session's first hand (East, South, West, North). A sheet is replayed from its entries each
time, so an edited hand changes every total after it and nothing is stored twice.

**MCR** (:class:`MCRSheet`): 16 hands (fewer when the session ends on time), four rounds of four
hands with the prevalent wind East, South, West, North. The dealer passes every hand. Between the
rounds the players change seats as the competition rules prescribe: after the East round East and
South swap and West and North swap; over the session the player who began in the West moves
W → N → E → S and the one who began in the North N → W → S → E (:data:`MCR_POSITIONS`), so that
everyone sits once in each position. Result kinds (one per hand):

* ``win`` — the hand's tiles (``hand``), ``winner`` and ``discarder`` (``None``: self-drawn), the
  situation flags and ``flowers`` of :func:`suanfan.mcr.score`; scored with the winner's seat and
  prevalent winds of that hand and settled by :func:`suanfan.mcr.settlement.settle` (8 from each
  other player plus the fan total from the discarder, or from everyone when self-drawn);
* ``fan`` — a win entered by its ``fan`` total (a table that reports only a number);
* ``draw`` — a drawn hand (nobody pays).

Adjustments (any number during a hand): ``false_win`` (the ``seat`` that claimed a false win
pays the rules' ``false_win``: 30, and each other player receives 10 by default) and ``penalty``
(a signed ``amount`` for a ``seat`` with a ``reason``). A penalty changes the player's score total
but not the places at the table (the table points come from the hands and false wins).

**Riichi** (:class:`RiichiSheet`): a hanchan (East and South rounds) from the placement preset's
starting points. Results: ``win`` (one or more ``wins`` with their tiles on one ``discarder``, or
one tsumo: scored by :func:`suanfan.riichi.score`, settled by :func:`suanfan.riichi.settle`),
``points`` (a win entered by ``han`` and ``fu``, or ``yakuman``), ``draw`` (the ``tenpai`` seats:
3000 no-ten payments). Each result lists the seats that declared ``riichi`` in that hand (1000
points each into the pot, which the next win takes). The dealer keeps the deal on a win or when
tenpai at a draw (tenpai renchan), with one more honba; the game is over after South 4.
Adjustments: ``chombo`` (the preset's penalty, on the final points; the hand is replayed) and
``penalty`` (final points).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Final

from ..errors import MahjongError, NotWinning, describe
from ..notation import parse_tiles
from ..tiles import tile_to_str
from .points import mcr_table_points_exact, placement_ranks, riichi_placement_points_exact, round_points

__all__ = ["MCR_HANDS", "MCR_POSITIONS", "EntryConflict", "MCRSheet", "Record", "RiichiSheet",
           "TournamentError", "mcr_winds"]

WINDS: Final = "ESWN"
#: the hands of a full MCR session
MCR_HANDS: Final = 16
#: MCR_POSITIONS[seat][round]: the position (0-3: East, South, West, North at the table) of the
#: player who began in ``seat``, in each of the four rounds
MCR_POSITIONS: Final[tuple[tuple[int, int, int, int], ...]] = (
    (0, 1, 3, 2), (1, 0, 2, 3), (2, 3, 0, 1), (3, 2, 1, 0))

_MCR_RESULTS: Final = frozenset({"win", "fan", "draw"})
_RIICHI_RESULTS: Final = frozenset({"win", "points", "draw"})
#: the situation flags of suanfan.mcr.score an MCR win entry may carry
_MCR_FLAGS: Final = ("last_tile_of_wall", "kong", "last_of_kind", "heavenly_hand", "earthly_hand",
                     "human_hand", "heavenly_ready", "earthly_ready", "declared_ready",
                     "declared_ready_first_round")
#: the flags of suanfan.riichi.score a riichi win may carry (riichi itself comes from the entry's
#: list of declarations)
_RIICHI_FLAGS: Final = ("double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei",
                        "tenhou", "chiihou", "renhou")


class TournamentError(MahjongError):
    """Bad tournament input: an unknown player, a hand entered twice, a seat not at the table, a
    hand that does not win … The message names what is at fault; nothing was changed."""


class EntryConflict(TournamentError):
    """The entry clashes with what is recorded: a hand entered already, a session that has ended
    (the web API answers 409)."""


def is_result(system: str, kind: str) -> bool:
    return kind in (_MCR_RESULTS if system == "mcr" else _RIICHI_RESULTS)


# -- checking entries -----------------------------------------------------------------------------
def _seat(value: object, what: str) -> int:
    if type(value) is not int or not 0 <= value <= 3:
        raise TournamentError(f"{what}={describe(value)}: a seat at the table is 0-3")
    return value


def _opt_seat(value: object, what: str) -> int | None:
    return None if value is None else _seat(value, what)


def _seats(value: object, what: str) -> list[int]:
    if value is None:
        return []
    if not isinstance(value, list | tuple):
        raise TournamentError(f"{what}={describe(value)}: give a list of seats 0-3")
    seats = [_seat(v, what) for v in value]
    if len(set(seats)) != len(seats):
        raise TournamentError(f"{what}: seat {max(seats, key=seats.count)} is listed twice")
    return sorted(seats)


def _bool(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise TournamentError(f"{what}={describe(value)}: true or false")
    return value


def _int(value: object, what: str, lo: int, hi: int) -> int:
    if type(value) is not int or not lo <= value <= hi:
        raise TournamentError(f"{what}={describe(value)}: a whole number {lo} to {hi}")
    return value


def _text(value: object, what: str, limit: int = 200) -> str:
    if not isinstance(value, str) or len(value) > limit:
        raise TournamentError(f"{what}={describe(value)}: a text of at most {limit} characters")
    return value


def _known(entry: Mapping[str, Any], allowed: Sequence[str]) -> None:
    extra = sorted(set(entry) - set(allowed) - {"kind"})
    if extra:
        raise TournamentError(f"{entry.get('kind')} entry: unknown field {extra[0]!r} "
                              f"(fields: {', '.join(allowed)})")


def check_entry(system: str, entry: object) -> dict[str, Any]:
    """``entry`` checked and normalised (every field present, defaults filled in)."""
    if not isinstance(entry, Mapping):
        raise TournamentError(f"an entry is a JSON object with a kind, not {describe(entry)}")
    kind = entry.get("kind")
    if system == "mcr":
        return _check_mcr(kind, entry)
    return _check_riichi(kind, entry)


def _adjustment(kind: object, e: Mapping[str, Any], system: str) -> dict[str, Any] | None:
    if kind == "penalty":
        _known(e, ("seat", "amount", "reason"))
        hi = 1000 if system == "mcr" else 1_000_000
        amount = _int(e.get("amount"), "amount", -hi, hi)
        if amount == 0:
            raise TournamentError("a penalty of 0 changes nothing")
        return {"kind": "penalty", "seat": _seat(e.get("seat"), "seat"), "amount": amount,
                "reason": _text(e.get("reason", ""), "reason")}
    if kind == ("false_win" if system == "mcr" else "chombo"):
        _known(e, ("seat", "reason"))
        return {"kind": kind, "seat": _seat(e.get("seat"), "seat"),
                "reason": _text(e.get("reason", ""), "reason")}
    return None


def _check_mcr(kind: object, e: Mapping[str, Any]) -> dict[str, Any]:
    adj = _adjustment(kind, e, "mcr")
    if adj is not None:
        return adj
    if kind == "draw":
        _known(e, ())
        return {"kind": "draw"}
    if kind not in ("win", "fan"):
        raise TournamentError(f"unknown MCR entry kind {describe(kind)}: win, fan, draw, false_win "
                              "or penalty")
    winner = _seat(e.get("winner"), "winner")
    discarder = _opt_seat(e.get("discarder"), "discarder")
    if discarder == winner:
        raise TournamentError(f"the discarder (seat {discarder}) is the winner: a winner does not pay "
                              "itself")
    if kind == "fan":
        _known(e, ("winner", "discarder", "fan"))
        return {"kind": "fan", "winner": winner, "discarder": discarder,
                "fan": _int(e.get("fan"), "fan", 0, 1000)}
    _known(e, ("winner", "discarder", "hand", "flowers", *_MCR_FLAGS))
    out: dict[str, Any] = {"kind": "win", "winner": winner, "discarder": discarder,
                           "hand": _text(e.get("hand"), "hand", 300)}
    flowers = e.get("flowers", 0)
    if not (type(flowers) is int or isinstance(flowers, str)):
        raise TournamentError(f"flowers={describe(flowers)}: a count 0-8 or flower tiles such as 1258f")
    out["flowers"] = flowers
    for f in _MCR_FLAGS:
        if f in e:
            out[f] = _bool(e[f], f)
    return out


def _possible(han: int, fu: int, tsumo: bool) -> None:
    """Refuse a han and fu no hand scores (RIICHI.md, "Fu"): 20 fu is only a closed pinfu won by
    tsumo (pinfu and menzen tsumo: at least 2 han; a win on a discard has at least 30 fu), 25 fu
    only seven pairs (chiitoitsu, 2 han; 3 with menzen tsumo)."""
    if fu == 20 and not tsumo:
        raise TournamentError("20 fu on a discard: 20 fu is a pinfu won by tsumo; a win on a discard "
                              "has at least 30 fu")
    if fu == 20 and han < 2:
        raise TournamentError(f"{han} han 20 fu: 20 fu is a pinfu won by tsumo, at least 2 han "
                              "(pinfu, menzen tsumo)")
    least = 3 if tsumo else 2
    if fu == 25 and han < least:
        raise TournamentError(f"{han} han 25 fu: 25 fu is seven pairs, at least {least} han "
                              f"(chiitoitsu{', menzen tsumo' if tsumo else ''})")


def _check_riichi(kind: object, e: Mapping[str, Any]) -> dict[str, Any]:
    adj = _adjustment(kind, e, "riichi")
    if adj is not None:
        return adj
    if kind not in ("win", "points", "draw"):
        raise TournamentError(f"unknown riichi entry kind {describe(kind)}: win, points, draw, chombo "
                              "or penalty")
    riichi = _seats(e.get("riichi"), "riichi")
    if kind == "draw":
        _known(e, ("tenpai", "riichi"))
        tenpai = _seats(e.get("tenpai"), "tenpai")
        for s in riichi:
            if s not in tenpai:
                raise TournamentError(f"seat {s} declared riichi but is not listed tenpai at the draw "
                                      "(a no-ten riichi is a chombo: record it as one)")
        return {"kind": "draw", "tenpai": tenpai, "riichi": riichi}
    discarder = _opt_seat(e.get("discarder"), "discarder")
    if kind == "points":
        _known(e, ("winner", "discarder", "han", "fu", "yakuman", "riichi"))
        winner = _seat(e.get("winner"), "winner")
        if discarder == winner:
            raise TournamentError(f"the discarder (seat {discarder}) is the winner: a winner does not pay "
                              "itself")
        yakuman = _int(e.get("yakuman", 0), "yakuman", 0, 6)
        han = _int(e.get("han", 0), "han", 0 if yakuman else 1, 99)
        fu = _int(e.get("fu", 0 if yakuman else 30), "fu", 0 if yakuman else 20, 140)
        if not yakuman and (fu % 10 and fu != 25):
            raise TournamentError(f"fu={fu}: fu are 20, 25, or a multiple of 10 up to 140")
        if not yakuman:
            _possible(han, fu, discarder is None)
        return {"kind": "points", "winner": winner, "discarder": discarder, "han": han, "fu": fu,
                "yakuman": yakuman, "riichi": riichi}
    _known(e, ("wins", "discarder", "riichi", "dora", "ura_dora", "hand", "winner", *_RIICHI_FLAGS,
               "pao"))
    wins_in = e.get("wins")
    if wins_in is None:  # one winner, given at the top level
        wins_in = [{k: e[k] for k in ("hand", "winner", "pao", *_RIICHI_FLAGS) if k in e}]
    elif any(k in e for k in ("hand", "winner", "pao", *_RIICHI_FLAGS)):
        raise TournamentError("give either wins=[...] or one winner's hand and flags, not both")
    if not isinstance(wins_in, list) or not 1 <= len(wins_in) <= 3:
        raise TournamentError(f"wins={describe(wins_in)}: a list of one to three wins")
    wins = []
    for w in wins_in:
        if not isinstance(w, Mapping):
            raise TournamentError(f"a win is an object with hand and winner, not {describe(w)}")
        _known(w, ("hand", "winner", "pao", *_RIICHI_FLAGS))
        one: dict[str, Any] = {"hand": _text(w.get("hand"), "hand", 300),
                               "winner": _seat(w.get("winner"), "winner"),
                               "pao": _opt_seat(w.get("pao"), "pao")}
        for f in _RIICHI_FLAGS:
            if f in w:
                one[f] = _bool(w[f], f)
        if one["winner"] == discarder:
            raise TournamentError(f"the discarder (seat {discarder}) is the winner: a winner does not pay "
                              "itself")
        wins.append(one)
    if len({w["winner"] for w in wins}) != len(wins):
        raise TournamentError("a winner is listed twice")
    if len(wins) > 1 and discarder is None:
        raise TournamentError("several winners only on one discard (give the discarder)")
    return {"kind": "win", "wins": wins, "discarder": discarder, "riichi": riichi,
            "dora": _text(e.get("dora", ""), "dora", 40), "ura_dora": _text(e.get("ura_dora", ""),
                                                                           "ura_dora", 40)}


# -- records --------------------------------------------------------------------------------------
class Record:
    """One entry of a sheet as replayed: its hand ``number``, ``kind``, the score change of each
    seat (``deltas``), the running ``totals`` after it, a ``label`` ("E2", "S1-1" …), the best
    value it shows (``value``: fan total or han, yakuman counted as 13 han per multiple) and a
    ``detail`` dict (the scorer's result, the winds …)."""

    __slots__ = ("deltas", "detail", "entry", "kind", "label", "number", "totals", "value")

    def __init__(self, number: int, entry: dict[str, Any], deltas: tuple[int, ...], label: str,
                 value: int, detail: dict[str, Any]) -> None:
        self.number: Final = number
        self.entry: Final = entry
        self.kind: Final[str] = entry["kind"]
        self.deltas: Final = deltas
        self.totals: tuple[int, ...] = (0, 0, 0, 0)
        self.label: Final = label
        self.value: Final = value
        self.detail: Final = detail

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "kind": self.kind, "label": self.label, "entry": self.entry,
                "deltas": list(self.deltas), "totals": list(self.totals), "value": self.value,
                "detail": self.detail}


def _wrap(exc: MahjongError, what: str) -> MahjongError:
    """The scorer's error, named after the hand it came from (the same class, so a hand that
    does not win stays a NotWinning)."""
    cls = type(exc)
    try:
        return cls(f"{what}: {exc}")
    except Exception:  # pragma: no cover - every suanfan error takes one message
        return TournamentError(f"{what}: {exc}")


# -- MCR ------------------------------------------------------------------------------------------
def _pairs(entries: object) -> list[tuple[int, dict[str, Any]]]:
    """``entries`` if it is a sequence of (hand number, entry) pairs."""
    if isinstance(entries, (str, bytes, Mapping)) or not isinstance(entries, Iterable):
        raise TournamentError(f"entries={describe(entries)}: a list of (hand number, entry) pairs")
    out = []
    for pair in entries:
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise TournamentError(f"entries: {describe(pair)}: a (hand number, entry) pair")
        out.append((pair[0], pair[1]))
    return out


def _checked(number: object, system: str, entry: object) -> dict[str, Any]:
    """A sheet's entry (:func:`check_entry`) at a whole hand ``number``."""
    if type(number) is not int or not 1 <= number <= 1_000_000:
        raise TournamentError(f"number={describe(number)}: a hand number from 1")
    return check_entry(system, entry)


def mcr_winds(number: int) -> tuple[int, tuple[int, int, int, int]]:
    """The prevalent wind and each seat's seat wind (0-3) of MCR hand ``number`` (1-16)."""
    if type(number) is not int or not 1 <= number <= MCR_HANDS:
        raise TournamentError(f"number={describe(number)}: an MCR hand number 1-{MCR_HANDS}")
    rnd, k = divmod(number - 1, 4)
    winds = tuple((MCR_POSITIONS[s][rnd] - k) % 4 for s in range(4))
    return rnd, (winds[0], winds[1], winds[2], winds[3])


class MCRSheet:
    """The score sheet of an MCR session under ``rules`` (a :class:`suanfan.mcr.Rules`)."""

    __slots__ = ("_rules", "records")

    def __init__(self, rules: Any, entries: Sequence[tuple[int, dict[str, Any]]]) -> None:
        """Replay ``entries``: (hand number, entry) in the order they happened."""
        self._rules = rules
        self.records: list[Record] = []
        for number, entry in _pairs(entries):
            self.add(number, entry)

    @property
    def hands(self) -> int:
        """Hands played (results recorded)."""
        return sum(1 for r in self.records if r.kind in _MCR_RESULTS)

    @property
    def totals(self) -> tuple[int, ...]:
        return self.records[-1].totals if self.records else (0, 0, 0, 0)

    @property
    def table_totals(self) -> tuple[int, ...]:
        """The totals without penalties: what the places at the table are decided by."""
        out = [0, 0, 0, 0]
        for r in self.records:
            if r.kind != "penalty":
                for s in range(4):
                    out[s] += r.deltas[s]
        return tuple(out)

    @property
    def finished(self) -> bool:
        return self.hands >= MCR_HANDS

    def table_points(self) -> tuple[float, ...]:
        """The table points rounded for display (:func:`~suanfan.tournament.points.round_points`)."""
        return tuple(round_points(x) for x in self.table_points_exact())

    def table_points_exact(self) -> tuple[Fraction, ...]:
        """The table points, exactly (:func:`~suanfan.tournament.points.mcr_table_points_exact`)."""
        return mcr_table_points_exact(list(self.table_totals))

    def next_number(self) -> int:
        return self.hands + 1

    def add(self, number: int, entry: dict[str, Any]) -> Record:
        """Replay one checked entry (:func:`check_entry`) at hand ``number``."""
        entry = _checked(number, "mcr", entry)
        kind = entry["kind"]
        if kind in _MCR_RESULTS:
            if self.finished:
                raise EntryConflict(f"the session is over: {MCR_HANDS} hands are played")
            if number != self.next_number():
                raise TournamentError(f"hand {number}: the next hand is {self.next_number()}")
        elif not 1 <= number <= self.next_number():
            raise TournamentError(f"hand {number}: the session is at hand {self.next_number()}")
        rnd, winds = mcr_winds(min(number, MCR_HANDS))
        label = f"{WINDS[rnd]}{(min(number, MCR_HANDS) - 1) % 4 + 1}"
        rules = self._rules
        detail: dict[str, Any] = {"prevalent_wind": WINDS[rnd], "seat_winds": [WINDS[w] for w in winds]}
        value = 0
        if kind == "draw":
            deltas: tuple[int, ...] = (0, 0, 0, 0)
        elif kind == "false_win":
            pay, receive = rules.false_win
            deltas = tuple(-pay if s == entry["seat"] else receive for s in range(4))
        elif kind == "penalty":
            deltas = tuple(entry["amount"] if s == entry["seat"] else 0 for s in range(4))
        elif kind == "fan":
            if entry["fan"] < rules.min_fan:
                raise NotWinning(f"hand {number}: {entry['fan']} fan is below the minimum of "
                                 f"{rules.min_fan} (a false win? record it as one)")
            value = entry["fan"]
            deltas = _mcr_pay(entry["fan"], rules.base_points, entry["winner"], entry["discarder"])
        else:
            deltas, value, result = self._score_win(number, entry, rnd, winds)
            detail["result"] = result
        rec = Record(number, entry, deltas, label, value, detail)
        prev = self.totals
        rec.totals = tuple(prev[s] + deltas[s] for s in range(4))
        self.records.append(rec)
        return rec

    def _score_win(self, number: int, entry: dict[str, Any], rnd: int,
                   winds: tuple[int, int, int, int]) -> tuple[tuple[int, ...], int, dict[str, Any]]:
        from ..mcr import score

        winner, discarder = entry["winner"], entry["discarder"]
        flags = {f: entry[f] for f in _MCR_FLAGS if f in entry}
        try:
            r = score(entry["hand"], self_drawn=discarder is None, seat_wind=winds[winner],
                      prevalent_wind=rnd, flowers=entry["flowers"], rules=self._rules, **flags)
        except MahjongError as exc:
            raise _wrap(exc, f"hand {number}") from None
        if not r.meets_minimum:
            raise NotWinning(f"hand {number}: {r.hand} scores {r.total_without_flowers} fan without "
                             f"flowers, below the minimum of {r.min_fan} (a false win? record it as one)")
        deltas = _mcr_pay(r.total, self._rules.base_points, winner, discarder)
        fans = [f"{f.name_zh} {f.points}" for f in r.fans]
        return deltas, r.total, {"hand": r.hand, "total": r.total, "fans": fans,
                                 "fans_en": [f"{f.name_en} {f.points}" for f in r.fans],
                                 "fans_zh_hant": [f"{f.name_zh_hant} {f.points}" for f in r.fans]}


def _mcr_pay(fan: int, base: int, winner: int, discarder: int | None) -> tuple[int, ...]:
    """MCR settlement (MCR.md "Settlement"): each other player pays base, the discarder base + fan,
    everyone base + fan on a self-drawn win."""
    out = [0, 0, 0, 0]
    for s in range(4):
        if s != winner:
            out[s] = -(base + fan) if discarder is None or s == discarder else -base
    out[winner] = -sum(out)
    return tuple(out)


# -- riichi ---------------------------------------------------------------------------------------
class RiichiSheet:
    """The score sheet of a riichi hanchan under ``rules`` (a :class:`suanfan.riichi.Rules`) and
    ``placement`` (a :class:`~suanfan.tournament.points.Placement`)."""

    __slots__ = ("_hands", "_placement", "_rules", "dealer", "honba", "pot", "records", "round_wind",
                 "scores")

    def __init__(self, rules: Any, placement: Any, entries: Sequence[tuple[int, dict[str, Any]]]) -> None:
        self._rules = rules
        self._placement = placement
        self.records: list[Record] = []
        self.scores = [placement.start] * 4
        self.round_wind = 0
        self.dealer = 0
        self.honba = 0
        self.pot = 0  # riichi sticks on the table
        self._hands = 0
        for number, entry in _pairs(entries):
            self.add(number, entry)

    @property
    def hands(self) -> int:
        return self._hands

    @property
    def finished(self) -> bool:
        return self.round_wind >= 2

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(self.scores)

    def next_number(self) -> int:
        return self._hands + 1

    def label(self) -> str:
        return f"{WINDS[min(self.round_wind, 3)]}{self.dealer + 1}-{self.honba}"

    def final(self) -> tuple[float, ...]:
        """:meth:`final_exact` rounded for display (:func:`~suanfan.tournament.points.round_points`)."""
        return tuple(round_points(x) for x in self.final_exact())

    def final_exact(self) -> tuple[Fraction, ...]:
        """Each seat's final points (in thousands), exactly: the placement of the scores,
        leftover sticks to the first place, then chombo and penalties."""
        out = list(riichi_placement_points_exact(list(self.scores), self._placement, self.pot))
        for r in self.records:
            if r.kind in ("chombo", "penalty"):
                for s in range(4):
                    out[s] += Fraction(r.deltas[s], 1000)
        return tuple(out)

    def ranks(self) -> tuple[int, ...]:
        return placement_ranks(list(self.scores), self._placement.ties)

    def add(self, number: int, entry: dict[str, Any]) -> Record:
        entry = _checked(number, "riichi", entry)
        kind = entry["kind"]
        p = self._placement
        label = self.label()
        detail: dict[str, Any] = {"round": label, "dealer": self.dealer, "honba": self.honba,
                                  "sticks": self.pot}
        value = 0
        if kind in _RIICHI_RESULTS:
            if self.finished:
                raise EntryConflict("the hanchan is over (South 4 is played)")
            if number != self.next_number():
                raise TournamentError(f"hand {number}: the next hand is {self.next_number()}")
        elif not 1 <= number <= self.next_number():
            raise TournamentError(f"hand {number}: the hanchan is at hand {self.next_number()}")
        if kind in ("chombo", "penalty"):
            amount = p.chombo if kind == "chombo" else entry["amount"]
            if kind == "chombo" and not amount:
                raise TournamentError(f"the {p.name} rules have no chombo penalty")
            deltas: tuple[int, ...] = tuple(amount if s == entry["seat"] else 0 for s in range(4))
            rec = Record(number, entry, deltas, label, 0, detail)
            rec.totals = tuple(self.scores)  # on the final points, not the table scores
            self.records.append(rec)
            return rec
        out = [0, 0, 0, 0]
        for s in entry["riichi"]:
            out[s] -= 1000
        sticks = self.pot + len(entry["riichi"])
        dealer_keeps = False
        if kind == "draw":
            tenpai = entry["tenpai"]
            if 0 < len(tenpai) < 4:
                gain, loss = 3000 // len(tenpai), 3000 // (4 - len(tenpai))
                for s in range(4):
                    out[s] += gain if s in tenpai else -loss
            self.pot = sticks
            dealer_keeps = self.dealer in tenpai
            self.honba += 1
        else:
            if kind == "points":
                gains, value, results = self._by_points(entry, sticks)
            else:
                gains, value, results = self._by_tiles(number, entry, sticks)
            detail["results"] = results
            for s in range(4):
                out[s] += gains[s]
            self.pot = 0
            winners = [w["winner"] for w in entry["wins"]] if kind == "win" else [entry["winner"]]
            dealer_keeps = self.dealer in winners
            self.honba = self.honba + 1 if dealer_keeps else 0
        if not dealer_keeps:
            self.dealer += 1
            if self.dealer == 4:
                self.dealer = 0
                self.round_wind += 1
        for s in range(4):
            self.scores[s] += out[s]
        self._hands += 1
        rec = Record(number, entry, tuple(out), label, value, detail)
        rec.totals = tuple(self.scores)
        self.records.append(rec)
        return rec

    def _by_points(self, e: dict[str, Any], sticks: int) -> tuple[list[int], int, list[dict[str, Any]]]:
        from ..riichi.points import base_points, payment

        w, d = e["winner"], e["discarder"]
        base, limit = base_points(e["han"], e["fu"], e["yakuman"], self._rules)
        pay = payment(base, w == self.dealer, d is None, self.honba, sticks, self._rules)
        out = [0, 0, 0, 0]
        out[w] = pay.total
        if d is not None:
            out[d] -= pay.ron
        else:
            for s in range(4):
                if s != w:
                    out[s] -= pay.dealer if s == self.dealer else pay.non_dealer
        value = 13 * e["yakuman"] if e["yakuman"] else e["han"]
        return out, value, [{"winner": w, "han": e["han"], "fu": e["fu"], "yakuman": e["yakuman"],
                             "limit": limit, "payment": pay.to_dict()}]

    def _by_tiles(self, number: int, e: dict[str, Any],
                  sticks: int) -> tuple[list[int], int, list[dict[str, Any]]]:
        from ..riichi import first_winner, score, settle

        d = e["discarder"]
        wins = e["wins"]
        collector = wins[0]["winner"] if d is None else first_winner(d, [w["winner"] for w in wins])
        out = [0, 0, 0, 0]
        value = 0
        results = []
        for w in wins:
            seat = w["winner"]
            flags = {f: w[f] for f in _RIICHI_FLAGS if f in w}
            riichi = seat in e["riichi"]
            if flags.get("double_riichi") and not riichi:
                raise TournamentError(f"hand {number}: seat {seat} has double riichi but is not in "
                                      "the riichi list")
            if riichi and flags.get("double_riichi"):
                riichi = False  # double riichi stands for riichi
            mine = seat == collector
            try:
                r = score(w["hand"], tsumo=d is None, riichi=riichi,
                          seat_wind=(seat - self.dealer) % 4, round_wind=self.round_wind,
                          dora_indicators=e["dora"], ura_dora_indicators=e["ura_dora"] if
                          (seat in e["riichi"]) else "", honba=self.honba if mine else 0,
                          riichi_sticks=sticks if mine else 0, rules=self._rules, **flags)
                gains = settle(r, seat, d, self.dealer, pao=w["pao"])
            except MahjongError as exc:
                raise _wrap(exc, f"hand {number}") from None
            for s in range(4):
                out[s] += gains[s]
            han = 13 * r.yakuman if r.yakuman else r.han
            value = max(value, han)
            results.append({"winner": seat, "hand": r.hand, "han": r.han, "fu": r.fu,
                            "yakuman": r.yakuman, "limit": r.limit,
                            "yaku": [f"{y.name_en} {y.yakuman * 13 if y.yakuman else y.han}"
                                     for y in r.yaku],
                            "yaku_ja": [f"{y.name_ja} {y.yakuman * 13 if y.yakuman else y.han}"
                                        for y in r.yaku],
                            "yaku_zh": [f"{y.name_zh} {y.yakuman * 13 if y.yakuman else y.han}"
                                        for y in r.yaku],
                            "dora": [tile_to_str(x) for x in parse_tiles(e["dora"])] if e["dora"] else [],
                            "ura_dora": [tile_to_str(x) for x in parse_tiles(e["ura_dora"])]
                            if e["ura_dora"] and seat in e["riichi"] else [],
                            "payment": r.payment.to_dict()})
        return out, value, results

