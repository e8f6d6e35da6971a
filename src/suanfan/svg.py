"""Mahjong tiles as SVG pictures, drawn by suanfan itself (no third-party art).

``tile_svg(tile)`` gives one tile, ``hand_svg(hand)`` a whole hand — declared melds (a claimed tile
turned sideways, the ends of a concealed kong face down), the standing tiles, the winning tile set
apart and flowers — each as the text of a standalone ``<svg>`` element; both take a tile or hand
or its notation. :class:`suanfan.Hand` draws itself the same way for ``_repr_svg_``, so hands show
as pictures in notebooks; the web calculator serves the same tiles.

Honours carry their Chinese characters (东南西北 白发中), characters show a Chinese numeral over 万,
dots are circles and bamboo sticks in the traditional layouts; red fives are drawn red and marked
with a red corner. Standard library only. The drawing itself is :mod:`suanfan.drawing`, below the
hand model; this module reads the notation (:mod:`suanfan.notation`) on top of it.
"""

from __future__ import annotations

from .drawing import (
    TILE_HEIGHT,
    TILE_WIDTH,
    back_svg,
    flower_svg,
    hand_picture,
    tile_picture,
    tile_symbols,
)
from .hand import Hand
from .notation import parse_hand, parse_tile

__all__ = ["TILE_HEIGHT", "TILE_WIDTH", "back_svg", "flower_svg", "hand_svg", "tile_svg", "tile_symbols"]


def tile_svg(tile: int | str, *, height: float = 80, highlight: bool = False) -> str:
    """One tile as SVG text: a tile id (0–36) or its notation (``"3m"``, ``"0p"``, ``"C"``).

    ``height`` is the rendered height in pixels; ``highlight`` rings the tile (the winning tile).
    """
    return tile_picture(parse_tile(tile) if isinstance(tile, str) else tile, height=height,
                        highlight=highlight)


def hand_svg(hand: Hand | str, *, height: float = 48, shared: bool = False) -> str:
    """A whole hand as SVG text: melds (claimed tiles turned sideways, a concealed kong's ends face
    down), standing tiles, the winning tile set apart and ringed, then flowers.

    ``height`` is the rendered height of an upright tile in pixels. ``shared``: the tiles are
    ``<use>`` references to the symbols of :func:`tile_symbols`, which the page holds once (a
    page of many hands, such as the review's report, is then a fraction of the size).
    """
    return hand_picture(hand if isinstance(hand, Hand) else parse_hand(hand), height=height,
                        shared=shared is True)
