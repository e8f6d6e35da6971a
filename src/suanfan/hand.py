"""The hand model: melds, standing tiles, the winning tile and flowers.

A :class:`Hand` is immutable and hashable. It holds 13 tiles (a waiting hand) or 14 tiles (a
complete hand with its winning tile), each kong counting as three. Construction validates
everything that does not depend on a rule system: meld shapes, claim digits, tile counts, at most
four copies.

:class:`Meld` and :class:`Hand` are plain slotted classes written for mypyc: each field is set once
in ``__init__`` (through ``object.__setattr__`` with the field's literal name, which mypyc compiles
to a direct store), ``__setattr__`` and ``__delattr__`` refuse every later change, and both pickle
through ``__reduce__`` (their constructor arguments).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import FrozenInstanceError
from typing import TYPE_CHECKING, Final, cast

from .drawing import hand_picture
from .errors import InvalidHand, describe
from .tiles import ALL_TILES, EAST, KIND, NUM_KINDS, RED_MAN, tile_to_str
from .writing import format_tiles, hand_text, meld_text

if TYPE_CHECKING:
    # native 64-bit ints in the compiled build (the packed counts hold at most 45 bits);
    # annotations only, so the pure build needs no mypy_extensions
    from mypy_extensions import i64

__all__ = ["ODD_NIBBLES", "Hand", "Meld", "MeldKind"]

#: sort key of a tile id: by kind, a red five after its plain fives
SORT_KEY: Final[tuple[int, ...]] = tuple(KIND[t] * 64 + t for t in range(ALL_TILES))


class MeldKind(enum.Enum):
    """The shape of a declared set."""

    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"


_CHOW: Final = MeldKind.CHOW
#: a chow's copies in the five-bit counts of Hand.__init__: one of each of three kinds
#: bit 0 of each nibble of a packed group (``Hand.standing_m`` …): an odd count
ODD_NIBBLES: Final = 0x111111111
_CHOW_COPIES: Final = 1 + (1 << 5) + (1 << 10)
#: 11 and 16 in each of nine five-bit fields: a count c > 4 iff c + 11 has its bit 16 set
_PLUS_11: Final = sum(11 << 5 * i for i in range(9))
_BIT_16: Final = sum(16 << 5 * i for i in range(9))
#: a meld's tile ids packed in base 37 (three tiles padded to four) are below this
_PACKED_SPAN: Final = 37**4
_PUNG: Final = MeldKind.PUNG
_KONG: Final = MeldKind.KONG


def _frozen(cls: str, name: str, verb: str = "assign to") -> FrozenInstanceError:
    return FrozenInstanceError(f"cannot {verb} field {name!r}: a {cls} is immutable")


_NO_ITEMS: Final[list[object]] = []


def _items(raw: object, what: str) -> list[object]:
    """The items of a list, tuple or other iterable (text excluded) given as ``raw``, as a list
    (``raw`` itself when it is a list, one shared empty list for an empty tuple: the callers
    only read it)."""
    if isinstance(raw, list):
        return raw
    if isinstance(raw, tuple):
        return list(raw) if raw else _NO_ITEMS
    if isinstance(raw, (str, bytes, bytearray)) or not isinstance(raw, Iterable):
        raise InvalidHand(f"{what} {describe(raw)} is not a sequence")
    return list(raw)


def _tile_id(x: object) -> int:
    """``x`` when it is a tile id, else -1."""
    if type(x) is int:
        t: int = x
        if 0 <= t < ALL_TILES:
            return t
    return -1


def _tile_ids(raw: object, what: str) -> list[int]:
    """``raw`` as a new list of tile ids; :class:`InvalidHand` naming ``what`` for anything
    else."""
    out: list[int] = []
    for x in _items(raw, what):
        t = _tile_id(x)
        if t < 0:
            raise InvalidHand(f"{what}: {describe(x)} is not a tile id")
        out.append(t)
    return out


def _sort_tiles(tiles: list[int]) -> None:
    """Sort tile ids in place by kind, a red five after its plain fives."""
    prev = -1
    in_order = True
    for t in tiles:
        if t >= RED_MAN:
            keys = [SORT_KEY[x] for x in tiles]
            keys.sort()
            for i in range(len(keys)):
                tiles[i] = keys[i] & 63
            return
        if t < prev:
            in_order = False
        prev = t
    if not in_order:
        tiles.sort()  # plain ids are in kind order


class Meld:
    """A declared set.

    ``tiles`` are tile ids in ascending kind order (red fives keep their id). ``source`` is the
    claim digit of the notation: for a chow, which of its tiles (1–3, lowest first) was claimed;
    for a pung or an exposed kong, who discarded it (1 left, 2 opposite, 3 right); for a promoted
    kong, who discarded the tile of the original pung. ``None`` means unknown. ``concealed`` is
    true only for a concealed kong (暗杠); ``promoted`` only for a promoted kong (加杠).
    ``first`` is the kind of the lowest tile.

    The arguments are checked at run time (:class:`InvalidHand` for anything wrong, wrong types
    included): ``kind`` a :class:`MeldKind`, ``tiles`` tile ids, ``source`` 1–3 or ``None``,
    ``concealed`` and ``promoted`` bools.
    """

    __slots__ = ("_order", "concealed", "first", "kind", "promoted", "source", "tiles")

    kind: MeldKind
    tiles: tuple[int, ...]
    source: int | None
    concealed: bool
    promoted: bool
    first: int
    #: canonical order of melds in a hand (by first kind, shape, tiles, source, flags); it
    #: spells out every field, so it is also what equality and hashing compare
    _order: int

    def __init__(
        self,
        kind: object,
        tiles: Iterable[object],
        source: object = None,
        concealed: object = False,
        promoted: object = False,
    ) -> None:
        ids = _tile_ids(tiles, "meld")
        _sort_tiles(ids)
        n = len(ids)
        if not isinstance(kind, MeldKind):
            raise InvalidHand(f"meld kind {describe(kind)} is not a MeldKind")
        k0 = KIND[ids[0]] if n else -1
        same = n >= 3
        for t in ids:
            if KIND[t] != k0:
                same = False
        if kind is _CHOW:
            if n != 3:
                raise InvalidHand(f"meld {_text(ids)}: a chow has 3 tiles, not {n}")
            if k0 >= EAST or k0 % 9 > 6 or KIND[ids[1]] != k0 + 1 or KIND[ids[2]] != k0 + 2:
                raise InvalidHand(
                    f"meld {_text(ids)} is not a chow (three consecutive numbers of one suit)"
                )
        elif kind is _PUNG:
            if n != 3 or not same:
                raise InvalidHand(f"meld {_text(ids)} is not a pung (three identical tiles)")
        elif n != 4 or not same:
            raise InvalidHand(f"meld {_text(ids)} is not a kong (four identical tiles)")
        if type(concealed) is not bool or type(promoted) is not bool:
            bad = concealed if type(concealed) is not bool else promoted
            raise InvalidHand(f"meld {_text(ids)}: concealed and promoted are True or False, "
                              f"not {describe(bad)}")
        if kind is not _KONG and (concealed or promoted):
            raise InvalidHand(f"meld {_text(ids)}: only a kong can be concealed or promoted")
        src = 0
        if source is not None:
            if type(source) is not int or not 1 <= source <= 3:
                raise InvalidHand(
                    f"meld {_text(ids)}: claim source {describe(source)} is not 1, 2 or 3")
            src = source
        if concealed and (promoted or source is not None):
            raise InvalidHand(f"meld {_text(ids)}: a concealed kong has no claim source")
        if kind is _KONG and not concealed and source is None:
            raise InvalidHand(
                f"meld {_text(ids)}: a claimed or promoted kong needs its claim source (1-3); "
                "a kong without one is concealed"
            )
        shape = 0 if kind is _CHOW else 1 if kind is _PUNG else 2
        packed = 0
        for t in ids:
            packed = packed * 37 + t
        if n == 3:
            packed *= 37
        order = (((k0 * 3 + shape) * _PACKED_SPAN + packed) * 4 + src) * 4
        if concealed:
            order += 2
        if promoted:
            order += 1
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "tiles", tuple(ids))
        object.__setattr__(self, "source", None if source is None else src)
        object.__setattr__(self, "concealed", concealed is True)
        object.__setattr__(self, "promoted", promoted is True)
        object.__setattr__(self, "first", k0)
        object.__setattr__(self, "_order", order)

    def __setattr__(self, name: str, value: object) -> None:
        raise _frozen("Meld", name)

    def __delattr__(self, name: str) -> None:
        raise _frozen("Meld", name, "delete")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Meld):
            return NotImplemented
        # the order key spells out every field (shape, tiles, source, flags)
        return self._order == other._order

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, Meld):
            return NotImplemented
        return self._order != other._order

    def __hash__(self) -> int:
        return hash(self._order)

    def __reduce__(self) -> tuple[type[Meld], tuple[MeldKind, tuple[int, ...], int | None,
                                                     bool, bool]]:
        return (Meld, (self.kind, self.tiles, self.source, self.concealed, self.promoted))

    def __repr__(self) -> str:
        return (f"Meld(kind={self.kind!r}, tiles={self.tiles!r}, source={self.source!r}, "
                f"concealed={self.concealed!r}, promoted={self.promoted!r})")

    @property
    def is_open(self) -> bool:
        """True for every meld but a concealed kong."""
        return not self.concealed

    @property
    def is_kong(self) -> bool:
        return self.kind is _KONG

    @property
    def kinds(self) -> tuple[int, ...]:
        """The tile kinds (red fives folded onto fives)."""
        return tuple([KIND[t] for t in self.tiles])

    @property
    def claim_digit(self) -> int | None:
        """The digit written after the meld in the notation (5–7 for a promoted kong)."""
        src = self.source
        if src is None:
            return None
        return src + 4 if self.promoted else src

    def __str__(self) -> str:
        return meld_text(self.tiles, self.claim_digit)


def _text(ids: list[int]) -> str:
    return "[" + format_tiles(ids) + "]"


def _count_kinds(tiles: Iterable[int]) -> list[int]:
    counts = [0] * NUM_KINDS
    for t in tiles:
        counts[KIND[t]] += 1
    return counts


class Hand:
    """A mahjong hand.

    ``melds`` are the declared sets (sorted canonically); ``concealed`` the standing tiles without
    the winning tile, sorted; ``winning_tile`` the tile that completed the hand (``None`` for a
    13-tile waiting hand); ``flowers`` the flower numbers 1–8 (not part of the hand's 14 tiles),
    sorted. Wrong arguments (wrong types included) raise :class:`InvalidHand`.
    """

    __slots__ = ("concealed", "flowers", "melds", "standing_kinds", "standing_m", "standing_p",
                 "standing_s", "standing_z", "winning_tile")

    melds: tuple[Meld, ...]
    concealed: tuple[int, ...]
    winning_tile: int | None
    flowers: tuple[int, ...]
    #: the standing tiles (winning tile included) packed per group, the engines' view of them:
    #: characters, dots, bamboos (a nibble per rank, rank 1 lowest) and honours (a nibble per
    #: kind from East); a red five counts as a five
    standing_m: int
    standing_p: int
    standing_s: int
    standing_z: int
    #: the kinds among the standing tiles, a bit per kind
    standing_kinds: int

    def __init__(
        self,
        melds: Iterable[Meld] = (),
        concealed: Iterable[int] = (),
        winning_tile: object = None,
        flowers: Iterable[int] = (),
    ) -> None:
        # winning_tile is typed object so that a compiled build checks it here too (an int
        # parameter would be converted, or refused with a TypeError, before this code runs)
        ms = _melds(melds)
        # one pass over the standing tiles: check each, count its kind (in one int a suit,
        # five bits a kind, so that no count can carry into the next), see if they are sorted
        items = _items(concealed, "concealed tiles")
        cm: i64 = 0
        cp: i64 = 0
        cs: i64 = 0
        cz: i64 = 0
        # the standing tiles alone, a nibble per kind (at most 14 tiles: no nibble can carry)
        nm_: i64 = 0
        np_: i64 = 0
        ns_: i64 = 0
        nz_: i64 = 0
        kinds: i64 = 0
        prev: i64 = -1
        in_order = True
        x: i64
        k: i64
        su: i64
        r: i64
        # each shift shifts an i64 variable: mypyc would shift a literal 1 as a C int
        d: i64
        n4: i64
        bit: i64
        for item in items:
            x = -1
            if type(item) is int and 0 <= item < ALL_TILES:
                x = item
            if x < 0:
                raise InvalidHand(f"concealed tiles: {describe(item)} is not a tile id")
            if x < prev or x >= RED_MAN:
                in_order = False
            prev = x
            k = KIND[x]
            su = k // 9
            r = k - 9 * su
            d = 1
            d <<= r * 5
            n4 = 1
            n4 <<= r * 4
            bit = 1
            bit <<= k
            kinds |= bit
            if su == 0:
                cm += d
                nm_ += n4
            elif su == 1:
                cp += d
                np_ += n4
            elif su == 2:
                cs += d
                ns_ += n4
            else:
                cz += d
                nz_ += n4
        w: int | None = None
        if winning_tile is not None:
            wt = _tile_id(winning_tile)
            if wt < 0:
                raise InvalidHand(f"winning tile {describe(winning_tile)} is not a tile id")
            w = wt
            k = KIND[wt]
            su = k // 9
            r = k - 9 * su
            d = 1
            d <<= r * 5
            n4 = 1
            n4 <<= r * 4
            bit = 1
            bit <<= k
            kinds |= bit
            if su == 0:
                cm += d
                nm_ += n4
            elif su == 1:
                cp += d
                np_ += n4
            elif su == 2:
                cs += d
                ns_ += n4
            else:
                cz += d
                nz_ += n4
        fl = flower_numbers(flowers)
        nm = len(ms)
        if nm > 4:
            raise InvalidHand(f"{nm} melds: a hand has at most 4")
        n = 3 * nm + len(items) + (0 if w is None else 1)
        if w is None:
            if n != 13:
                raise InvalidHand(
                    f"{n} tiles: a waiting hand has 13 and a complete hand 14 "
                    "(each kong counts as 3)"
                )
        elif n != 14:
            raise InvalidHand(
                f"{n} tiles with a winning tile: a complete hand has 14 (each kong counts as 3)"
            )
        for m in ms:
            k = m.first
            su = k // 9
            d = (_CHOW_COPIES if m.kind is _CHOW else len(m.tiles)) << (k - 9 * su) * 5
            if su == 0:
                cm += d
            elif su == 1:
                cp += d
            elif su == 2:
                cs += d
            else:
                cz += d
        if ((cm + _PLUS_11) | (cp + _PLUS_11) | (cs + _PLUS_11) | (cz + _PLUS_11)) & _BIT_16:
            every = [t for m in ms for t in m.tiles]
            every.extend(cast("list[int]", list(items)))
            if w is not None:
                every.append(w)
            counts = _count_kinds(every)
            k = max(range(NUM_KINDS), key=counts.__getitem__)
            raise InvalidHand(
                f"{counts[k]} copies of {tile_to_str(k)}: there are only 4 of each tile"
            )
        if in_order:
            conc = cast("tuple[int, ...]", tuple(items))
        else:
            tiles = cast("list[int]", list(items))
            _sort_tiles(tiles)
            conc = tuple(tiles)
        object.__setattr__(self, "melds", ms)
        object.__setattr__(self, "concealed", conc)
        object.__setattr__(self, "winning_tile", w)
        object.__setattr__(self, "flowers", fl)
        object.__setattr__(self, "standing_m", nm_)
        object.__setattr__(self, "standing_p", np_)
        object.__setattr__(self, "standing_s", ns_)
        object.__setattr__(self, "standing_z", nz_)
        object.__setattr__(self, "standing_kinds", kinds)

    def standing_counts_even(self) -> bool:
        """Every kind among the standing tiles is held an even number of times (seven pairs)."""
        return not (self.standing_m | self.standing_p | self.standing_s | self.standing_z) & ODD_NIBBLES

    def __setattr__(self, name: str, value: object) -> None:
        raise _frozen("Hand", name)

    def __delattr__(self, name: str) -> None:
        raise _frozen("Hand", name, "delete")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return (self.concealed == other.concealed and self.winning_tile == other.winning_tile
                and self.melds == other.melds and self.flowers == other.flowers)

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash((self.melds, self.concealed, self.winning_tile, self.flowers))

    def __reduce__(self) -> tuple[type[Hand], tuple[tuple[Meld, ...], tuple[int, ...],
                                                     int | None, tuple[int, ...]]]:
        return (Hand, (self.melds, self.concealed, self.winning_tile, self.flowers))

    # -- views ---------------------------------------------------------------------------------
    @property
    def all_tiles(self) -> tuple[int, ...]:
        """Every tile of the hand (melds in full, kongs with 4 tiles), winning tile included."""
        out: list[int] = []
        for m in self.melds:
            out.extend(m.tiles)
        out.extend(self.concealed)
        if self.winning_tile is not None:
            out.append(self.winning_tile)
        return tuple(out)

    @property
    def standing(self) -> tuple[int, ...]:
        """The standing tiles with the winning tile (what is decomposed), sorted."""
        w = self.winning_tile
        if w is None:
            return self.concealed
        out = list(self.concealed)
        out.append(w)
        _sort_tiles(out)
        return tuple(out)

    @property
    def counts(self) -> list[int]:
        """Tile-kind counts (length 34) of the whole hand, kongs with 4 tiles."""
        return _count_kinds(self.all_tiles)

    @property
    def standing_counts(self) -> list[int]:
        """Tile-kind counts of the standing tiles plus the winning tile."""
        return _count_kinds(self.standing)

    @property
    def is_complete(self) -> bool:
        """True when the hand has its winning tile (14 tiles)."""
        return self.winning_tile is not None

    @property
    def is_closed(self) -> bool:
        """True when no meld is open (concealed kongs keep a hand closed)."""
        return all(m.concealed for m in self.melds)

    @property
    def kong_count(self) -> int:
        return sum(1 for m in self.melds if m.kind is _KONG)

    def with_winning_tile(self, tile: int) -> Hand:
        """This 13-tile hand completed by ``tile``."""
        if self.winning_tile is not None:
            raise InvalidHand("the hand is already complete")
        return Hand(self.melds, self.concealed, tile, self.flowers)

    def without_winning_tile(self) -> Hand:
        """This hand with its winning tile taken back (13 tiles)."""
        if self.winning_tile is None:
            return self
        return Hand(self.melds, self.concealed, None, self.flowers)

    # -- text ----------------------------------------------------------------------------------
    def __str__(self) -> str:
        return self.to_string()

    def __repr__(self) -> str:
        return f"Hand({str(self)!r})"

    def to_string(self, style: object = "mpsz") -> str:
        """The hand in a notation style: ``"mpsz"`` (canonical), ``"letters"``, ``"unicode"``
        (a red five written ``0m``/``0p``/``0s`` among the tiles: Unicode has no red five) or
        ``"botzone"`` (tile codes, which have no red five: written as a five)."""
        return hand_text([(m.tiles, m.claim_digit) for m in self.melds], self.concealed,
                         self.winning_tile, self.flowers, style)

    def _repr_svg_(self) -> str:
        """The hand as a picture in notebooks (:func:`suanfan.svg.hand_svg`)."""
        return hand_picture(self)


def _melds(raw: Iterable[Meld]) -> tuple[Meld, ...]:
    """The melds as a tuple in canonical order; :class:`InvalidHand` for a non-meld."""
    items = _items(raw, "melds")
    prev = -1
    in_order = True
    for x in items:
        if not isinstance(x, Meld):
            raise InvalidHand(f"{describe(x)} is not a Meld")
        if x._order < prev:
            in_order = False
        prev = x._order
    if in_order:
        return cast("tuple[Meld, ...]", tuple(items))
    ms = cast("list[Meld]", list(items))
    for j in range(1, len(ms)):
        # insertion sort by the order key (a hand has at most a few melds)
        m = ms[j]
        key = m._order
        i = j
        while i > 0 and ms[i - 1]._order > key:
            ms[i] = ms[i - 1]
            i -= 1
        ms[i] = m
    return tuple(ms)


def flower_numbers(raw: Iterable[int]) -> tuple[int, ...]:
    """Flower numbers (1-8, each once; a list or tuple of ints), sorted: InvalidHand otherwise."""
    if isinstance(raw, list):
        if not raw:
            return ()
    elif isinstance(raw, tuple) and not raw:
        return ()
    out: list[int] = []
    seen = 0
    for item in _items(raw, "flowers"):
        x = 0
        if type(item) is int:
            x = item
        if not 1 <= x <= 8:
            raise InvalidHand(f"flower {describe(item)} is not 1-8")
        if seen >> x & 1:
            raise InvalidHand(f"flower {x}f appears twice (there is one of each flower)")
        seen |= 1 << x
        out.append(x)
    if not out:
        return ()
    out.sort()
    return tuple(out)
