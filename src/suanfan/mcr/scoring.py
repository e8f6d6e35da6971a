"""MCR scoring: :func:`score` checks the situation, runs the engine (:mod:`suanfan.mcr.engine`)
and returns an :class:`MCRResult` that explains itself from the same engine's best reading."""

from __future__ import annotations

from typing import Any, Final

from ..errors import InvalidArgument, InvalidHand, NotWinning, TileMissing, describe
from ..hand import Hand, Meld, MeldKind, flower_numbers
from ..notation import parse_flowers, parse_hand
from ..tiles import KIND, tile_to_str
from .engine import (
    EIGHT_FLOWERS,
    FORMS,
    HAND,
    KNIT,
    PAIR,
    TILE,
    Best,
    Ctx,
    Reading,
    decomposition_tokens,
    evaluate,
    evaluate_eight_flowers,
    explain,
)
from .extended import FLAG_FAN, FLAGS, check_flags, flower_fans
from .fans import FAN_BY_ID, FAN_INDEX, FANS, Fan
from .forms import KNITTED
from .principles import Uses, Walked
from .rules import Rules, get_rules
from .settlement import settle
from .situation import FLAGS as SITUATION_FLAGS
from .situation import Situation, parse_wind

__all__ = ["FanEntry", "MCRResult", "RemovedFan", "Situation", "parse_wind", "prepare_situation", "score",
           "total_only"]

_PUNG: Final = 34


def _token_text(t: int, kong: bool) -> str:
    if t == HAND:
        return "hand"
    if (t < _PUNG and (t >= 27 or t % 9 > 6)) or _PUNG + 34 <= t < PAIR or PAIR + 34 <= t < KNIT \
            or KNIT + len(KNITTED) <= t < TILE:
        return ""  # no such set
    if t < _PUNG:
        s = tile_to_str(t)
        return f"{s[0]}{int(s[0]) + 1}{int(s[0]) + 2}{s[1]}"
    if t < PAIR:
        s = tile_to_str(t - _PUNG)
        return s[0] * (4 if kong else 3) + s[1]
    if t < KNIT:
        s = tile_to_str(t - PAIR)
        return s[0] * 2 + s[1]
    if t < TILE:
        seq = KNITTED[t - KNIT]
        parts = []
        for su in range(3):
            ks = [k for k in seq if k // 9 == su]
            parts.append("".join(str(k % 9 + 1) for k in ks) + "mps"[su])
        return "".join(parts)
    return tile_to_str(t - TILE)


_TOKENS: Final = TILE + 34
#: the text of every token, at index token + 1 (the whole hand is -1), and of a kong's pung token
_TOKEN_TEXT: Final = tuple(_token_text(t, False) for t in range(-1, _TOKENS))
_KONG_TEXT: Final = tuple(_token_text(_PUNG + k, True) for k in range(34))


def _is_kong(t: int, kongs: list[int] | tuple[int, ...]) -> bool:
    """Token ``t`` is a pung of a kind declared as a kong (in ``kongs``): written as the kong."""
    return _PUNG <= t < PAIR and bool(kongs) and t - _PUNG in kongs


def token_str(t: int, kongs: list[int] | tuple[int, ...] = ()) -> str:
    """The MPSZ text of a set token (:mod:`suanfan.mcr.engine`); a pung of a kind in ``kongs``
    is written as the kong."""
    if _is_kong(t, kongs):
        return _KONG_TEXT[t - _PUNG]
    return _TOKEN_TEXT[t + 1]


#: the uses of an instance that uses one set or tile, at index token + 1, and of a kong
_ONE_TEXT: Final = tuple((t,) for t in _TOKEN_TEXT)
_ONE_KONG_TEXT: Final = tuple((t,) for t in _KONG_TEXT)
#: fan values are below this (the sort key of a fan line)
_VALUE_LIMIT: Final = 1 << 10


_NO_KONGS: Final[list[int]] = []


def _uses_text(uses: list[tuple[int, ...]], kongs: list[int]) -> tuple[tuple[str, ...], ...]:
    out: list[tuple[str, ...]] = []
    for u in uses:
        if len(u) == 1:
            t = u[0]
            out.append(_ONE_KONG_TEXT[t - _PUNG] if _is_kong(t, kongs)
                       else _ONE_TEXT[t + 1])
        else:
            out.append(tuple([token_str(t, kongs) for t in u]))
    return tuple(out)


# -- results -------------------------------------------------------------------------------------
class _FanLine:
    """What a counted fan and a removed fan share: the fan's id and names, a count and the sets
    or tiles each instance uses. Read-only; equal by value; pickles.

    The engine gives the uses as set tokens (``_tokens``, with the kinds declared as kongs): their
    text is written on first access of :attr:`uses` (a result's ``fans`` are often read for their
    values only)."""

    __slots__ = ("_count", "_id", "_kongs", "_name_en", "_name_zh", "_tokens", "_uses")

    def __init__(self, id: str, name_zh: str, name_en: str, count: int,
                 uses: tuple[tuple[str, ...], ...], tokens: list[Uses] | None,
                 kongs: list[int] | None) -> None:
        self._id = id
        self._name_zh = name_zh
        self._name_en = name_en
        self._count = count
        self._uses: tuple[tuple[str, ...], ...] | None = uses if tokens is None else None
        self._tokens = tokens
        self._kongs = kongs

    @property
    def id(self) -> str:
        return self._id

    @property
    def name_zh(self) -> str:
        return self._name_zh

    @property
    def name_en(self) -> str:
        return self._name_en

    @property
    def count(self) -> int:
        return self._count

    @property
    def uses(self) -> tuple[tuple[str, ...], ...]:
        got = self._uses
        if got is None:
            tokens = self._tokens
            got = self._uses = _uses_text(tokens if tokens is not None else [],
                                          self._kongs if self._kongs is not None else _NO_KONGS)
            self._tokens = None
        return got

    def name(self, lang: str = "zh") -> str:
        """The fan's name in ``lang`` (see :meth:`suanfan.mcr.Fan.name`)."""
        f = FAN_BY_ID.get(self._id)
        return f.name(lang) if f is not None else self._name_zh

    def _key(self) -> tuple[object, ...]:
        """The constructor's arguments, in order."""
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _FanLine) and type(other) is type(self) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), self._key())


class FanEntry(_FanLine):
    """One fan counted: value per fan, count, points, and the sets/tiles each instance uses."""

    __slots__ = ("_name_zh_hant", "_value")

    def __init__(self, id: str, name_zh: str, name_zh_hant: str, name_en: str, value: int, count: int,
                 uses: tuple[tuple[str, ...], ...] = (), *, _tokens: list[Uses] | None = None,
                 _kongs: list[int] | None = None) -> None:
        super().__init__(id, name_zh, name_en, count, uses, _tokens, _kongs)
        self._name_zh_hant = name_zh_hant
        self._value = value

    @property
    def name_zh_hant(self) -> str:
        return self._name_zh_hant

    @property
    def value(self) -> int:
        return self._value

    @property
    def points(self) -> int:
        return self._value * self._count

    def _key(self) -> tuple[object, ...]:
        return (self._id, self._name_zh, self._name_zh_hant, self._name_en, self._value, self._count,
                self.uses)

    def __repr__(self) -> str:
        return (f"FanEntry(id={self._id!r}, name_zh={self._name_zh!r}, name_en={self._name_en!r}, "
                f"value={self._value}, count={self._count}, uses={self.uses!r})")

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self._id, "name_zh": self._name_zh, "name_zh_hant": self._name_zh_hant,
            "name_en": self._name_en, "value": self._value, "count": self._count,
            "points": self.points, "uses": [list(u) for u in self.uses],
        }


class RemovedFan(_FanLine):
    """A fan the hand also shows but that a principle removed: ``principle`` is "不重复",
    "套算一次" or "disabled"; ``by`` the id of the fan that implies it (不重复), else None."""

    __slots__ = ("_by", "_principle")

    def __init__(self, id: str, name_zh: str, name_en: str, count: int, principle: str, by: str | None,
                 uses: tuple[tuple[str, ...], ...] = (), *, _tokens: list[Uses] | None = None,
                 _kongs: list[int] | None = None) -> None:
        super().__init__(id, name_zh, name_en, count, uses, _tokens, _kongs)
        self._principle = principle
        self._by = by

    @property
    def principle(self) -> str:
        return self._principle

    @property
    def by(self) -> str | None:
        return self._by

    def _key(self) -> tuple[object, ...]:
        return (self._id, self._name_zh, self._name_en, self._count, self._principle, self._by,
                self.uses)

    def __repr__(self) -> str:
        return (f"RemovedFan(id={self._id!r}, name_zh={self._name_zh!r}, count={self._count}, "
                f"principle={self._principle!r}, by={self._by!r}, uses={self.uses!r})")

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self._id, "name_zh": self._name_zh, "name_zh_hant": self.name("zh-Hant"),
            "name_en": self._name_en, "count": self._count,
            "principle": self._principle, "by": self._by, "uses": [list(u) for u in self.uses],
        }


#: the lines of a fan counted once on one set, tile or the whole hand, shared between results
#: (they are immutable): per fan index, by the token (+1, doubled, +1 when written as a kong)
_ENTRIES: Final[list[list[FanEntry | None] | None]] = [None] * len(FANS)
_ENTRY_SLOTS: Final = 2 * (_TOKENS + 1)


def _entry(idx: int, value: int, walked: Walked, kongs: list[int]) -> FanEntry:
    """The line of kept fan ``idx``: the one shared by all results when it is counted once on one
    set, tile or the whole hand."""
    f = FANS[idx]
    one = walked.only_use(idx)
    if one is None:
        tokens = walked.uses(idx)
        return FanEntry(f.id, f.zh, f.zh_hant, f.en, value, len(tokens), _tokens=tokens, _kongs=kongs)
    if len(one) != 1:
        return FanEntry(f.id, f.zh, f.zh_hant, f.en, value, 1, _tokens=[one], _kongs=kongs)
    t = one[0]
    kong = 1 if _is_kong(t, kongs) else 0
    row = _ENTRIES[idx]
    if row is None:
        row = [None] * _ENTRY_SLOTS
        _ENTRIES[idx] = row
    slot = 2 * (t + 1) + kong
    got = row[slot]
    if got is None or got.value != value:
        got = FanEntry(f.id, f.zh, f.zh_hant, f.en, value, 1,
                       (_ONE_KONG_TEXT[t - _PUNG] if kong else _ONE_TEXT[t + 1],))
        row[slot] = got
    return got


def _flower_entry(value: int, n: int) -> FanEntry:
    f = FANS[Fan.FLOWER_TILES]
    return FanEntry(f.id, f.zh, f.zh_hant, f.en, value, n, ())


class MCRResult:
    """The score of a complete MCR hand.

    ``total`` (fan points with the flowers), ``total_without_flowers``, ``flowers`` (the flower
    points), ``min_fan``, ``meets_minimum``, ``form``, ``situation``, ``readings`` (how many
    decompositions and forms were scored; 就高不就低 kept the best), ``inferred`` (situation facts
    worked out from the hand). ``fans`` (highest value first), ``removed`` (what the principles
    took out, and why) and ``decomposition`` come from the engine's best reading on first access.
    Read-only; pickles."""

    __slots__ = (
        "_ctx",
        "_decomposition",
        "_fans",
        "_flowers",
        "_form",
        "_hand",
        "_inferred",
        "_reading",
        "_readings",
        "_removed",
        "_rules",
        "_situation",
        "_total",
        "_total_without_flowers",
        "_walked",
    )

    def __init__(self, hand: Hand, rules: Rules, situation: Situation, total_without_flowers: int,
                 readings: int, inferred: tuple[str, ...], reading: Reading, ctx: Ctx | None = None) -> None:
        flowers = rules.tables.flower_value * situation.flowers
        self._hand = hand
        self._rules = rules
        self._situation = situation
        self._form = FORMS[reading.form]
        self._total_without_flowers = total_without_flowers
        self._flowers = flowers
        self._total = total_without_flowers + flowers
        self._readings = readings
        self._inferred = inferred
        self._reading = reading
        #: the explanation, each part written on first access: the best reading walked once
        #: more with the recorder, its fan lines, removed fans and decomposition
        self._walked: Walked | None = None
        self._fans: tuple[FanEntry, ...] | None = None
        self._removed: tuple[RemovedFan, ...] | None = None
        self._decomposition: tuple[str, ...] | None = None
        #: the engine's state for the hand, kept for the explanation (not pickled)
        self._ctx = ctx

    # -- the figures ---------------------------------------------------------------------------
    @property
    def rules(self) -> str:
        """The rule set's name."""
        return self._rules.name

    @property
    def rule_set(self) -> Rules:
        """The rule set the hand was scored under."""
        return self._rules

    @property
    def form(self) -> str:
        return self._form

    @property
    def total(self) -> int:
        return self._total

    @property
    def total_without_flowers(self) -> int:
        return self._total_without_flowers

    @property
    def flowers(self) -> int:
        return self._flowers

    @property
    def min_fan(self) -> int:
        return self._rules.min_fan

    @property
    def meets_minimum(self) -> bool:
        return self._total_without_flowers >= self._rules.min_fan

    @property
    def situation(self) -> Situation:
        return self._situation

    @property
    def readings(self) -> int:
        return self._readings

    @property
    def inferred(self) -> tuple[str, ...]:
        return self._inferred

    @property
    def hand(self) -> str:
        return str(self._hand)

    # -- the explanation -----------------------------------------------------------------------
    def _context(self) -> Ctx:
        ctx = self._ctx
        if ctx is None:  # an unpickled result
            ctx = self._ctx = _context(self._hand, self._situation, self._rules)
        return ctx

    def _walk(self, with_removed: bool) -> Walked:
        """The best reading replayed with the recorder (the removed fans recorded only when
        asked: the fans kept are the same either way)."""
        got = self._walked
        if got is None or (with_removed and not got.with_removed):
            got = self._walked = explain(self._context(), self._reading, with_removed)
        return got

    @property
    def fans(self) -> tuple[FanEntry, ...]:
        got = self._fans
        if got is None:
            kongs = self._context().kong_kinds
            tables = self._rules.tables
            values = tables.values
            walked = self._walk(False)
            n_flowers = self._situation.flowers
            flower_value = values[Fan.FLOWER_TILES]
            # highest value first, then the table's order: the walk's, unless the rules raised a
            # later fan's value
            order = None if tables.in_value_order else _by_value(values, walked)
            entries: list[FanEntry] = []
            p = 0
            idx = walked.next_kept(-1) if order is None else order[0] if order else -1
            while idx >= 0:
                value = values[idx]
                if n_flowers and flower_value > value:
                    entries.append(_flower_entry(flower_value, n_flowers))
                    n_flowers = 0
                entries.append(_entry(idx, value, walked, kongs))
                p += 1
                idx = walked.next_kept(idx) if order is None else order[p] if p < len(order) else -1
            if n_flowers:
                entries.append(_flower_entry(flower_value, n_flowers))
            got = self._fans = tuple(entries)
        return got

    @property
    def removed(self) -> tuple[RemovedFan, ...]:
        got = self._removed
        if got is None:
            kongs = self._context().kong_kinds
            got = self._removed = tuple([
                RemovedFan(FANS[idx].id, FANS[idx].zh, FANS[idx].en, n, why,
                           FANS[by].id if by >= 0 else None, _tokens=uses, _kongs=kongs)
                for idx, n, why, by, uses in self._walk(True).removed
            ])
        return got

    @property
    def decomposition(self) -> tuple[str, ...]:
        """Declared melds (in brackets), then the standing sets and the pair of the reading."""
        got = self._decomposition
        if got is None:
            kongs = self._context().kong_kinds
            declared, standing = decomposition_tokens(self._context(), self._reading)
            got = self._decomposition = (*[f"[{token_str(t, kongs)}]" for t in declared],
                                         *[token_str(t, kongs) for t in standing])
        return got

    def settlement(self, winner: object = 0, discarder: object = None) -> tuple[int, int, int, int]:
        return settle(self, winner, discarder)

    # -- value semantics -----------------------------------------------------------------------
    def _key(self) -> tuple[object, ...]:
        return (str(self._hand), self._rules.name, self._form, self._total_without_flowers,
                self._flowers, self._situation, self._readings, self._inferred)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MCRResult) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"MCRResult(hand={self.hand!r}, rules={self.rules!r}, form={self._form!r}, "
                f"total={self._total}, total_without_flowers={self._total_without_flowers}, "
                f"flowers={self._flowers}, min_fan={self.min_fan}, readings={self._readings})")

    def __reduce__(self) -> tuple[Any, ...]:
        r = self._reading
        return (_restore, (self._hand, self._rules, self._situation, self._total_without_flowers,
                           self._readings, self._inferred, r.form, r.pair, r.sets, r.knit))

    def to_dict(self) -> dict[str, Any]:
        removed = [r.to_dict() for r in self.removed]  # first: one replay serves both
        return {
            "hand": self.hand,
            "rules": self.rules,
            "form": self._form,
            "decomposition": list(self.decomposition),
            "fans": [f.to_dict() for f in self.fans],
            "removed": removed,
            "total": self._total,
            "total_without_flowers": self._total_without_flowers,
            "flowers": self._flowers,
            "min_fan": self.min_fan,
            "meets_minimum": self.meets_minimum,
            "situation": self._situation.to_dict(),
            "readings": self._readings,
            "inferred": list(self._inferred),
        }


def _by_value(values: tuple[int, ...], walked: Walked) -> list[int]:
    """The fans kept, highest value first, then in the table's order."""
    kept: list[int] = []
    k = walked.next_kept(-1)
    while k >= 0:
        kept.append(k)
        k = walked.next_kept(k)
    return sorted(kept, key=lambda i: (-values[i], i))


def _restore(hand: Hand, rules: Rules, situation: Situation, total_without_flowers: int, readings: int,
             inferred: tuple[str, ...], form: int, pair: int, sets: tuple[int, ...], knit: int) -> MCRResult:
    return MCRResult(hand, rules, situation, total_without_flowers, readings, inferred,
                     Reading(form, pair, sets, knit))


def _extra_fans(hand: Hand, sit: Situation, rules: Rules) -> list[int]:
    """The fans of the hand that the engine is given: seed 003's situation flags (listed as
    disabled under rules without them) and, when the rules have them, the flower fans."""
    extra = [FAN_INDEX[FLAG_FAN[f]] for f in sit.flags]
    if rules.tables.extended:
        extra.extend(FAN_INDEX[i] for i in flower_fans(sit.flower_tiles, sit.flowers)[0])
    return extra


def _context(hand: Hand, sit: Situation, rules: Rules) -> Ctx:
    return Ctx(hand, sit, rules.tables, _extra_fans(hand, sit, rules) if sit.flags or rules.tables.extended
               else _NO_EXTRA)


_NO_EXTRA: Final[list[int]] = []


# -- situation checks ----------------------------------------------------------------------------
def _meld_copies(melds: tuple[Meld, ...], win: int) -> int:
    """How many copies of kind ``win`` the declared melds show."""
    copies = 0
    for m in melds:
        f = m.first
        if m.kind is MeldKind.CHOW:
            if f <= win <= f + 2:
                copies += 1
        elif f == win:
            copies += len(m.tiles)
    return copies


def _check_situation(hand: Hand, sit: Situation, rules: Rules) -> tuple[Situation, tuple[str, ...]]:
    """The flags checked against the hand (InvalidHand saying why), and 和绝张 inferred when
    the melds show the other three copies of the winning tile (``rules.infer_last_of_kind``)."""
    wt = hand.winning_tile
    if wt is None:
        return sit, ()
    win = KIND[wt]
    meld_copies = _meld_copies(hand.melds, win) if hand.melds else 0
    if not (sit.kong or sit.last_of_kind) and meld_copies != 3:
        return sit, ()
    standing_copies = sum(1 for t in hand.concealed if KIND[t] == win)
    if sit.kong:
        if sit.self_drawn:
            if not any(m.kind is MeldKind.KONG for m in hand.melds):
                raise InvalidHand("kong=True on a self-drawn win needs a kong in the hand (杠上开花)")
        elif standing_copies or meld_copies:
            raise InvalidHand(
                f"kong=True on a discard is robbing a kong (抢杠和), but the hand holds another "
                f"{tile_to_str(win)}: the robbed tile's three other copies are in the kong"
            )
    if sit.last_of_kind and standing_copies:
        raise InvalidHand(
            f"last_of_kind=True (和绝张) but the hand holds another concealed {tile_to_str(win)}"
        )
    if (meld_copies == 3 and not sit.last_of_kind and not (sit.kong and not sit.self_drawn)
            and rules.infer_last_of_kind):
        sit = Situation(sit.self_drawn, sit.last_tile_of_wall, sit.kong, True, sit.seat_wind,
                        sit.prevalent_wind, sit.flowers, sit.flags, sit.flower_tiles)
        return sit, ("last_of_kind: the other three copies of the winning tile are in the melds",)
    return sit, ()


def _flower_count(hand: Hand, flowers: object) -> int:
    """The number of flowers: a count 0-8, flower tiles ("1258f") or numbers, or the hand's own."""
    if isinstance(flowers, int) and not isinstance(flowers, bool) and 0 <= flowers <= 8 and not hand.flowers:
        return flowers
    if isinstance(flowers, tuple):
        n = len(flower_numbers(flowers))
    elif flowers is None or isinstance(flowers, int | str):
        got = parse_flowers(flowers)
        n = got if isinstance(got, int) else len(got)
    else:
        raise InvalidArgument(
            f"flowers={describe(flowers)}: give a count 0-8 or flower tiles such as '1258f'")
    if hand.flowers:
        if n and n != len(hand.flowers):
            raise InvalidHand(
                f"flowers given twice: {len(hand.flowers)} in the hand and {n} as an argument"
            )
        n = len(hand.flowers)
    if not 0 <= n <= 8:
        raise InvalidHand(f"{n} flowers: there are 8 flowers")
    return n


def _flag(value: object, name: str) -> bool:
    """A situation flag: a bool (or 0 / 1, or None for not set); anything else is an error
    rather than read by its truth ("False" is a true string)."""
    if value is None or value is False or value is True:
        return bool(value)
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    raise InvalidArgument(f"{name}={describe(value)}: a situation flag is True or False")


#: the situations without seed 003's flags, each built once: 2^4 flag sets x 4 x 4 winds x 9
_SITUATIONS: Final[list[Situation | None]] = [None] * (16 * 4 * 4 * 9)


def _situation(sd: bool, lw: bool, kg: bool, lk: bool, sw: int, pw: int, fl: int) -> Situation:
    i = ((((fl * 4 + pw) * 4 + sw) * 2 + lk) * 2 + kg) * 4 + lw * 2 + sd
    got = _SITUATIONS[i]
    if got is None:
        got = Situation(sd, lw, kg, lk, sw, pw, fl)
        _SITUATIONS[i] = got
    return got


# -- the entry point -----------------------------------------------------------------------------
# the arguments are typed ``object`` (their types are in the docstring): a wrongly typed one gets
# the same InvalidHand naming it in the compiled build as in the pure one, never a TypeError
def score(
    hand: object,
    self_drawn: object = None,
    last_tile_of_wall: object = False,
    kong: object = False,
    last_of_kind: object = False,
    seat_wind: object = "E",
    prevalent_wind: object = "E",
    flowers: object = 0,
    rules: object = "mcr",
    *,
    heavenly_hand: object = False,
    earthly_hand: object = False,
    human_hand: object = False,
    heavenly_ready: object = False,
    earthly_ready: object = False,
    declared_ready: object = False,
    declared_ready_first_round: object = False,
) -> MCRResult:
    """Score a complete MCR hand (see the module and ``MCR.md``): ``hand`` a string or a
    :class:`~suanfan.Hand`; the flags ``bool`` (``self_drawn`` may be None: not stated);
    ``seat_wind`` / ``prevalent_wind`` "E" "S" "W" "N" (or 0-3, "east", "东" …); ``flowers`` a
    count 0-8, flower tiles ("1258f") or flower numbers; ``rules`` a preset name or a
    :class:`~suanfan.mcr.Rules`.

    The keyword-only flags are the situation of seed 003's extended fans (preset
    ``mcr-extended``: 天和, 地和, 人和, 天听, 地听, 报听, 双报听; see :mod:`suanfan.mcr.extended`).
    ``self_drawn=None`` (the default) means "not stated": False, except that 天和 / 地和 make it
    True; an explicit ``self_drawn=False`` with them is an error."""
    h = hand if isinstance(hand, Hand) else _parse(hand)
    r = rules if isinstance(rules, Rules) else _rules(rules)
    sd = _flag(self_drawn, "self_drawn")
    lw = _flag(last_tile_of_wall, "last_tile_of_wall")
    kg = _flag(kong, "kong")
    lk = _flag(last_of_kind, "last_of_kind")
    sw = parse_wind(seat_wind, "seat wind")
    pw = parse_wind(prevalent_wind, "prevalent wind")
    if (heavenly_hand or earthly_hand or human_hand or heavenly_ready or earthly_ready or declared_ready
            or declared_ready_first_round or r.tables.extended):
        ext = (heavenly_hand, earthly_hand, human_hand, heavenly_ready, earthly_ready, declared_ready,
               declared_ready_first_round)
        flags = {name: True for name, value in zip(FLAGS, ext, strict=True) if _flag(value, name)}
        return _score_extended(h, None if self_drawn is None else sd, lw, kg, lk, sw, pw, flowers, r, flags)
    if h.winning_tile is None:
        raise TileMissing(
            "13 tiles: this is a waiting hand; add the winning tile (the last tile written) to score it"
        )
    sit = _situation(sd, lw, kg, lk, sw, pw, _flower_count(h, flowers))
    sit, inferred = _check_situation(h, sit, r)
    return _scored(h, sit, r, inferred)


def _parse(hand: object) -> Hand:
    if not isinstance(hand, str):
        raise InvalidArgument(f"hand={describe(hand)}: give the hand as a string (MPSZ notation) or a Hand")
    return parse_hand(hand)


def _rules(rules: object) -> Rules:
    if not isinstance(rules, str):
        raise InvalidArgument(f"rules={describe(rules)}: give a preset name (e.g. 'mcr') or a Rules object")
    return get_rules(rules)


def _scored(h: Hand, sit: Situation, r: Rules, inferred: tuple[str, ...]) -> MCRResult:
    """The result of a hand with a checked situation."""
    ctx = _context(h, sit, r)
    best = evaluate(ctx)
    reading = best.reading
    if reading is None:
        raise NotWinning(
            f"{h} is not a complete hand: no reading as four sets and a pair, seven pairs, "
            "thirteen orphans, honours and knitted tiles or a knitted straight"
        )
    return MCRResult(h, r, sit, best.total, best.readings, inferred, reading, ctx)


def _flower_tiles(hand: Hand, flowers: object) -> tuple[int, ...] | None:
    """The flower numbers when known (tiles in the hand or as the argument), else None."""
    if hand.flowers:
        return hand.flowers
    if isinstance(flowers, tuple):
        return flower_numbers(flowers)
    if isinstance(flowers, str):
        f = parse_flowers(flowers)
        return f if isinstance(f, tuple) else None
    return None


def _score_extended(h: Hand, self_drawn: bool | None, last_tile_of_wall: bool, kong: bool,
                    last_of_kind: bool, seat_wind: int, prevalent_wind: int, flowers: object, r: Rules,
                    flags: dict[str, bool]) -> MCRResult:
    """:func:`score` with seed 003's situation flags or a rule set with its fans. A win by the
    eight flowers alone (八花聚顶, "抓齐八张花直接成和") needs no complete hand: it scores as
    the form ``eight_flowers``."""
    sd, on, notes = check_flags(
        h, self_drawn, flags, seat_wind=seat_wind, kong=kong,
        last_tile_of_wall=last_tile_of_wall, last_of_kind=last_of_kind,
    )
    n = _flower_count(h, flowers)
    tiles = _flower_tiles(h, flowers)
    if tiles is None and n == 8:
        tiles = (1, 2, 3, 4, 5, 6, 7, 8)
    if r.tables.extended and (r.enabled("four_gentlemen") or r.enabled("four_seasons")):
        notes = notes + flower_fans(tiles, n)[1]
    eight = n == 8 and r.tables.extended and r.enabled("eight_flowers")
    sit = Situation(sd, last_tile_of_wall, kong, last_of_kind, seat_wind, prevalent_wind, n, on, tiles)

    def bare() -> MCRResult:
        if self_drawn is False:
            raise InvalidHand(
                "八花聚顶 (eight_flowers) is won by drawing the eighth flower, not on a discard")
        if kong or last_tile_of_wall or last_of_kind:
            raise InvalidHand(
                "a win by the eight flowers has no winning tile: kong, last_tile_of_wall and "
                "last_of_kind do not apply"
            )
        if "human_hand" in on:
            raise InvalidHand("human_hand (人和) is won on a discard, 八花聚顶 by drawing a flower")
        s8 = Situation(True, False, False, False, seat_wind, prevalent_wind, 8, on, tiles)
        best: Best = evaluate_eight_flowers(_context(h, s8, r))
        reading = best.reading
        assert reading is not None and reading.form == EIGHT_FLOWERS
        return MCRResult(h, r, s8, best.total, 1,
                         (*notes, "八花聚顶: won by drawing the eighth flower, without a complete hand"),
                         reading)

    if h.winning_tile is None:
        if eight:
            return bare()
        raise TileMissing(
            "13 tiles: this is a waiting hand; add the winning tile (the last tile written) to score it"
        )
    sit, inferred = _check_situation(h, sit, r)
    try:
        return _scored(h, sit, r, (*notes, *inferred))
    except NotWinning:
        if eight:
            return bare()
        raise


#: the situation keywords of prepare_situation (seed 003's flags go through score())
_PLAIN_KEYS: Final = (*[f.name for f in SITUATION_FLAGS if not f.extended], "seat_wind", "prevalent_wind",
                      "flowers")


def prepare_situation(hand: str | Hand, situation: dict[str, Any],
                      rules: object = "mcr") -> tuple[Hand, Situation]:
    """Parse a hand and check a situation given as :func:`score`'s keyword arguments (under
    ``rules``, which say whether 和绝张 is inferred from the melds)."""
    h = hand if isinstance(hand, Hand) else parse_hand(hand)
    if not isinstance(situation, dict):
        raise InvalidArgument(f"situation={describe(situation)}: give score()'s keyword arguments as a dict")
    for key in situation:
        if key not in _PLAIN_KEYS:
            raise InvalidArgument(f"{describe(key)} is not a situation option of prepare_situation: "
                                  f"the options are {', '.join(_PLAIN_KEYS)}")
    if h.winning_tile is None:
        raise TileMissing("13 tiles: add the winning tile to score the hand")
    sit = Situation(
        _flag(situation.get("self_drawn"), "self_drawn"),
        _flag(situation.get("last_tile_of_wall"), "last_tile_of_wall"),
        _flag(situation.get("kong"), "kong"), _flag(situation.get("last_of_kind"), "last_of_kind"),
        parse_wind(situation.get("seat_wind", "E"), "seat wind"),
        parse_wind(situation.get("prevalent_wind", "E"), "prevalent wind"),
        _flower_count(h, situation.get("flowers", 0)),
    )
    r = rules if isinstance(rules, Rules) else _rules(rules)
    return h, _check_situation(h, sit, r)[0]


def total_only(hand: Hand, sit: Situation, rules: Rules) -> int:
    """The total (flowers included) of a parsed complete hand with a checked situation, without
    building a result (bulk checks, the benchmark). Raises NotWinning."""
    if not (isinstance(hand, Hand) and isinstance(sit, Situation) and isinstance(rules, Rules)):
        raise InvalidArgument("total_only takes a Hand, a Situation and a Rules (see prepare_situation)")
    best = evaluate(_context(hand, sit, rules))
    if best.reading is None:
        raise NotWinning(f"{hand} is not a complete hand")
    return best.total + rules.tables.flower_value * sit.flowers
