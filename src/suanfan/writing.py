"""Writing tiles, melds and hands as text: MPSZ (canonical), honour letters, Unicode mahjong tiles
and Botzone tile codes (``NOTATION.md`` of the specification).

The writer sits below the hand model: it works on tile ids and the parts of a hand (each meld's
tiles and claim digit, the standing tiles, the winning tile, the flowers), so
:class:`suanfan.hand.Hand` and :class:`~suanfan.hand.Meld` write themselves with it, and the
reader (:mod:`suanfan.notation`, which builds hands) is above both. The public names of
:mod:`suanfan.notation` (``format_tiles``, ``format_meld``, ``format_hand``, ``STYLES``) are the
ones to use; the tables the reader shares with the writer are public here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .errors import InvalidArgument, describe
from .tiles import HONOR, IS_RED, KIND, RANK, RED_MAN, SUIT, SUITS

__all__ = ["HONOUR_LETTERS", "STYLES", "UNICODE_FLOWER0", "UNICODE_TILE0", "UNICODE_TILE_KINDS",
           "check_style", "format_tiles", "hand_text", "meld_text"]

#: the output styles of :func:`suanfan.notation.format_hand`
STYLES: Final[tuple[str, ...]] = ("mpsz", "letters", "unicode", "botzone")
#: the honours written as letters: East, South, West, North, white (P), green (F), red (C)
HONOUR_LETTERS: Final = "ESWNPFC"
# Unicode Mahjong Tiles block from U+1F000: winds, dragons (red, green, white), characters,
# bamboo, dots, flowers (plum, orchid, bamboo, chrysanthemum), seasons (spring .. winter).
#: the first character of the Unicode Mahjong Tiles block
UNICODE_TILE0: Final = 0x1F000
#: the tile kind of each of its first 34 characters
UNICODE_TILE_KINDS: Final[tuple[int, ...]] = (
    27, 28, 29, 30, 33, 32, 31, *range(9), *range(18, 27), *range(9, 18)
)
#: flowers 1-8 at U+1F022..U+1F029
UNICODE_FLOWER0: Final = 0x1F022
_TILE_UNICODE: Final[tuple[str, ...]] = tuple(
    chr(UNICODE_TILE0 + UNICODE_TILE_KINDS.index(k)) for k in range(34)
)
_FLOWER_UNICODE: Final[tuple[str, ...]] = tuple(chr(UNICODE_FLOWER0 + i) for i in range(8))


def check_style(style: object) -> str:
    """``style`` if it is one of :data:`STYLES`, else an :class:`~suanfan.errors.InvalidArgument`."""
    if not isinstance(style, str) or style not in STYLES:
        raise InvalidArgument(f"unknown notation style {describe(style)}: use {', '.join(STYLES)}")
    return style


def _sorted_tiles(tiles: tuple[int, ...] | list[int]) -> list[int]:
    return sorted(tiles, key=lambda t: KIND[t] * 64 + t)


def _botzone_code(t: int) -> str:
    k = KIND[t]
    if k < 27:
        return "WBT"[k // 9] + str(k % 9 + 1)
    if k <= 30:
        return "F" + str(k - 26)
    return "J" + str(34 - k)


def format_tiles(tiles: object, style: object = "mpsz", sort: object = True) -> str:
    """Write tiles compactly: ``123m55z`` (mpsz), ``123mPP`` (letters), Unicode characters (a red
    five as ``0m``/``0p``/``0s``) or Botzone codes ``W1W2W3`` (a red five as a five)."""
    check_style(style)
    if not isinstance(tiles, tuple | list) or not all(
            type(t) is int and 0 <= t < len(KIND) for t in tiles):
        raise InvalidArgument(f"tiles={describe(tiles)}: give a list of tile ids")
    seq = _sorted_tiles(tiles) if sort else list(tiles)
    if style == "unicode":
        return "".join([_TILE_UNICODE[t] if t < RED_MAN else "0" + SUITS[t - RED_MAN]
                        for t in seq])
    if style == "botzone":
        return "".join([_botzone_code(t) for t in seq])
    letters = style == "letters"
    out: list[str] = []
    group: list[str] = []
    group_suit = -1
    for t in seq:
        su = SUIT[t]
        if letters and su == HONOR:
            if group:
                out.append("".join(group) + SUITS[group_suit])
                group = []
            out.append(HONOUR_LETTERS[KIND[t] - 27])
            group_suit = -1
            continue
        if su != group_suit and group:
            out.append("".join(group) + SUITS[group_suit])
            group = []
        group_suit = su
        group.append("0" if IS_RED[t] else str(RANK[t]))
    if group:
        out.append("".join(group) + SUITS[group_suit])
    return "".join(out)


def meld_text(tiles: tuple[int, ...] | list[int], claim_digit: int | None, style: str = "mpsz") -> str:
    """One meld in brackets with its claim digit, e.g. ``[567m2]``, ``[EEEE5]``, ``[W5W6W7,2]``."""
    if claim_digit is None:
        claim = ""
    elif style == "botzone":
        claim = "," + str(claim_digit)
    else:
        claim = str(claim_digit)
    return "[" + format_tiles(tiles, style) + claim + "]"


def hand_text(melds: Sequence[tuple[tuple[int, ...], int | None]], concealed: tuple[int, ...],
              winning_tile: int | None, flowers: tuple[int, ...], style: object = "mpsz") -> str:
    """A hand written from its parts: each meld's (tiles, claim digit), the standing tiles, the
    winning tile (last, set apart by a space) and the flowers (after another space)."""
    st = check_style(style)
    parts = "".join([meld_text(tiles, claim, st) for tiles, claim in melds])
    parts += format_tiles(concealed, st)
    if winning_tile is not None:
        parts += " " + format_tiles((winning_tile,), st)
    if flowers:
        if st == "unicode":
            parts += " " + "".join([_FLOWER_UNICODE[f - 1] for f in flowers])
        elif st == "botzone":
            parts += " " + "".join(["H" + str(f) for f in flowers])
        else:
            parts += " " + "".join([str(f) for f in flowers]) + "f"
    return parts
