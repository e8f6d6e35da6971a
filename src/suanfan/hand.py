"""The hand model: melds, standing tiles, the winning tile and flowers.

A :class:`Hand` is frozen and hashable. It holds 13 tiles (a waiting hand) or 14 tiles (a complete
hand with its winning tile), each kong counting as three. Construction validates everything that
does not depend on a rule system: meld shapes, claim digits, tile counts, at most four copies.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .errors import InvalidHand
from .tiles import ALL_TILES, HONOR, KIND, NUM_KINDS, SUIT, tile_to_str

#: sort key of a tile id: by kind, a red five after its plain fives
SORT_KEY: tuple[int, ...] = tuple(KIND[t] * 64 + t for t in range(ALL_TILES))

if TYPE_CHECKING:
    from collections.abc import Iterable

__all__ = ["Hand", "Meld", "MeldKind"]


class MeldKind(enum.Enum):
    """The shape of a declared set."""

    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared set.

    ``tiles`` are tile ids in ascending kind order (red fives keep their id). ``source`` is the
    claim digit of the notation: for a chow, which of its tiles (1–3, lowest first) was claimed;
    for a pung or an exposed kong, who discarded it (1 left, 2 opposite, 3 right); for a promoted
    kong, who discarded the tile of the original pung. ``None`` means unknown. ``concealed`` is
    true only for a concealed kong (暗杠); ``promoted`` only for a promoted kong (加杠).
    """

    kind: MeldKind
    tiles: tuple[int, ...]
    source: int | None = None
    concealed: bool = False
    promoted: bool = False
    first: int = field(init=False, compare=False, hash=False, repr=False)

    def __post_init__(self) -> None:
        raw = tuple(self.tiles)
        for t in raw:
            if not isinstance(t, int) or isinstance(t, bool) or not 0 <= t < ALL_TILES:
                raise InvalidHand(f"meld {raw!r}: {t!r} is not a tile id")
        tiles = tuple(sorted(raw, key=SORT_KEY.__getitem__))
        object.__setattr__(self, "tiles", tiles)
        kinds = [KIND[t] for t in tiles]
        n = len(tiles)
        kind = self.kind
        if kind is MeldKind.CHOW:
            if n != 3:
                raise InvalidHand(f"meld {self._text()}: a chow has 3 tiles, not {n}")
            if SUIT[kinds[0]] == HONOR or not (
                SUIT[kinds[0]] == SUIT[kinds[2]]
                and kinds[1] == kinds[0] + 1
                and kinds[2] == kinds[0] + 2
            ):
                raise InvalidHand(
                    f"meld {self._text()} is not a chow (three consecutive numbers of one suit)"
                )
        elif kind is MeldKind.PUNG:
            if n != 3 or kinds[0] != kinds[-1]:
                raise InvalidHand(f"meld {self._text()} is not a pung (three identical tiles)")
        elif kind is MeldKind.KONG:
            if n != 4 or kinds[0] != kinds[-1]:
                raise InvalidHand(f"meld {self._text()} is not a kong (four identical tiles)")
        else:
            raise InvalidHand(f"meld kind {kind!r} is not a MeldKind")
        source = self.source
        if kind is not MeldKind.KONG and (self.concealed or self.promoted):
            raise InvalidHand(f"meld {self._text()}: only a kong can be concealed or promoted")
        if self.concealed and (self.promoted or source is not None):
            raise InvalidHand(f"meld {self._text()}: a concealed kong has no claim source")
        if kind is MeldKind.KONG and not self.concealed and source is None:
            raise InvalidHand(
                f"meld {self._text()}: a claimed or promoted kong needs its claim source (1-3); "
                "a kong without one is concealed"
            )
        if source is not None and (
            not isinstance(source, int) or isinstance(source, bool) or not 1 <= source <= 3
        ):
            raise InvalidHand(f"meld {self._text()}: claim source {source!r} is not 1, 2 or 3")
        object.__setattr__(self, "first", kinds[0])

    def _text(self) -> str:
        try:
            from .notation import format_tiles

            return "[" + format_tiles(self.tiles) + "]"
        except (IndexError, TypeError, KeyError):
            return repr(self.tiles)

    @property
    def is_open(self) -> bool:
        """True for every meld but a concealed kong."""
        return not self.concealed

    @property
    def is_kong(self) -> bool:
        return self.kind is MeldKind.KONG

    @property
    def kinds(self) -> tuple[int, ...]:
        """The tile kinds (red fives folded onto fives)."""
        return tuple(KIND[t] for t in self.tiles)

    @property
    def claim_digit(self) -> int | None:
        """The digit written after the meld in the notation (5–7 for a promoted kong)."""
        if self.source is None:
            return None
        return self.source + 4 if self.promoted else self.source

    def __str__(self) -> str:
        from .notation import format_meld

        return format_meld(self)


def _count_kinds(tiles: Iterable[int]) -> list[int]:
    counts = [0] * NUM_KINDS
    for t in tiles:
        counts[KIND[t]] += 1
    return counts


@dataclass(frozen=True, slots=True)
class Hand:
    """A mahjong hand.

    ``melds`` are the declared sets (sorted canonically); ``concealed`` the standing tiles without
    the winning tile, sorted; ``winning_tile`` the tile that completed the hand (``None`` for a
    13-tile waiting hand); ``flowers`` the flower numbers 1–8 (not part of the hand's 14 tiles).
    """

    melds: tuple[Meld, ...] = ()
    concealed: tuple[int, ...] = ()
    winning_tile: int | None = None
    flowers: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        melds = tuple(self.melds)
        for m in melds:
            if not isinstance(m, Meld):
                raise InvalidHand(f"{m!r} is not a Meld")
        melds = tuple(sorted(melds, key=_meld_key)) if len(melds) > 1 else melds
        concealed = tuple(self.concealed)
        for t in concealed:
            if not isinstance(t, int) or isinstance(t, bool) or not 0 <= t < ALL_TILES:
                raise InvalidHand(f"{t!r} is not a tile id")
        concealed = tuple(sorted(concealed, key=SORT_KEY.__getitem__))
        w = self.winning_tile
        if w is not None and (not isinstance(w, int) or isinstance(w, bool) or not 0 <= w < ALL_TILES):
            raise InvalidHand(f"winning tile {w!r} is not a tile id")
        flowers = tuple(sorted(self.flowers))
        for f in flowers:
            if not isinstance(f, int) or not 1 <= f <= 8:
                raise InvalidHand(f"flower {f!r} is not 1-8")
        if len(set(flowers)) != len(flowers):
            dup = next(f for f in flowers if flowers.count(f) > 1)
            raise InvalidHand(f"flower {dup}f appears twice (there is one of each flower)")
        object.__setattr__(self, "melds", melds)
        object.__setattr__(self, "concealed", concealed)
        object.__setattr__(self, "flowers", flowers)
        if len(melds) > 4:
            raise InvalidHand(f"{len(melds)} melds: a hand has at most 4")
        n = 3 * len(melds) + len(concealed) + (w is not None)
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
        counts = [0] * NUM_KINDS
        for m in melds:
            for t in m.tiles:
                counts[KIND[t]] += 1
        for t in concealed:
            counts[KIND[t]] += 1
        if w is not None:
            counts[KIND[w]] += 1
        if max(counts) > 4:
            k = max(range(NUM_KINDS), key=counts.__getitem__)
            raise InvalidHand(
                f"{counts[k]} copies of {tile_to_str(k)}: there are only 4 of each tile"
            )

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
        if self.winning_tile is None:
            return self.concealed
        return tuple(sorted((*self.concealed, self.winning_tile), key=SORT_KEY.__getitem__))

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
        return sum(1 for m in self.melds if m.kind is MeldKind.KONG)

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
        from .notation import format_hand

        return format_hand(self)

    def __repr__(self) -> str:
        return f"Hand({str(self)!r})"

    def to_string(self, style: str = "mpsz") -> str:
        """The hand in a notation style: ``"mpsz"`` (canonical), ``"letters"`` or ``"unicode"``."""
        from .notation import format_hand

        return format_hand(self, style)

    def _repr_svg_(self) -> str:
        try:
            from .svg import hand_svg  # type: ignore[import-not-found,unused-ignore]
        except ImportError:  # pragma: no cover - the SVG face is optional
            return ""
        return str(hand_svg(self))


_MELD_ORDER = {MeldKind.CHOW: 0, MeldKind.PUNG: 1, MeldKind.KONG: 2}


def _meld_key(m: Meld) -> tuple[int, int, tuple[int, ...], int, bool, bool]:
    return (
        KIND[m.tiles[0]], _MELD_ORDER[m.kind], m.tiles, m.source or 0, m.concealed, m.promoted
    )
