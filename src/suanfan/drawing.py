"""Drawing mahjong tiles and hands as SVG pictures, by suanfan itself (no third-party art).

The public face is :mod:`suanfan.svg` (``tile_svg``, ``hand_svg``, which also take the tiles'
notation); this module draws from tile ids and the parts of a hand (any object with ``melds``,
``concealed``, ``winning_tile`` and ``flowers``, melds with ``tiles``, ``source``, ``promoted`` and
``concealed``, as :class:`suanfan.Hand` has), so it sits below the hand model:
:class:`suanfan.Hand` draws itself with :func:`hand_picture` for ``_repr_svg_``, and hands show as
pictures in notebooks; the web calculator serves the same tiles.

Honours carry their Chinese characters (东南西北 白发中), characters show a Chinese numeral over 万,
dots are circles and bamboo sticks in the traditional layouts; red fives are drawn red and marked
with a red corner. Standard library only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol
from xml.sax.saxutils import escape

from .errors import InvalidArgument, describe
from .tiles import (
    ALL_TILES,
    EAST,
    FLOWER_NAMES,
    GREEN,
    IS_RED,
    KIND,
    MAN,
    PIN,
    RANK,
    RED,
    SOU,
    SUIT,
    WHITE,
    tile_name,
)

__all__ = ["TILE_HEIGHT", "TILE_WIDTH", "HandParts", "MeldParts", "back_svg", "flower_svg", "hand_picture",
           "tile_picture"]


class MeldParts(Protocol):
    """What drawing a meld reads (:class:`suanfan.hand.Meld` has it)."""

    @property
    def tiles(self) -> tuple[int, ...]: ...
    @property
    def source(self) -> int | None: ...
    @property
    def promoted(self) -> bool: ...
    @property
    def concealed(self) -> bool: ...


class HandParts(Protocol):
    """What drawing a hand reads (:class:`suanfan.hand.Hand` has it)."""

    @property
    def melds(self) -> Sequence[MeldParts]: ...
    @property
    def concealed(self) -> tuple[int, ...]: ...
    @property
    def winning_tile(self) -> int | None: ...
    @property
    def flowers(self) -> tuple[int, ...]: ...

#: Size of one tile in SVG user units (the face is TILE_HEIGHT - _DEPTH tall; the rest is its edge).
TILE_WIDTH: Final = 60
TILE_HEIGHT: Final = 80
_DEPTH: Final = 5
_FACE_H: Final = TILE_HEIGHT - _DEPTH

_IVORY: Final = "#fcfaf2"
_EDGE: Final = "#c8c0ab"
_BACK: Final = "#1f7a5c"
_BACK_DARK: Final = "#155a43"
_INK: Final = "#1d2748"
_RED_INK: Final = "#c62828"
_GREEN_INK: Final = "#1b7f4b"
_BLUE_INK: Final = "#1f5fa8"
_HIGHLIGHT: Final = "#e0a21b"
_FONT: Final = (
    "'Noto Serif CJK SC','Source Han Serif SC','Songti SC','STSong','SimSun',"
    "'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',serif"
)
_NUM_ZH: Final = "一二三四五六七八九"
_HONOR_ZH: Final = "东南西北白发中"


def _f(x: float) -> str:
    """A number for SVG attributes: no trailing zeros."""
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _text(x: float, y: float, s: str, size: float, fill: str, weight: str = "700") -> str:
    return (
        f'<text x="{_f(x)}" y="{_f(y)}" font-family="{_FONT}" font-size="{_f(size)}" '
        f'font-weight="{weight}" fill="{fill}" text-anchor="middle" dominant-baseline="central">'
        f"{escape(s)}</text>"
    )


# -- dots (饼) --------------------------------------------------------------------------------------
_CX: Final = TILE_WIDTH / 2
_CY: Final = _FACE_H / 2


def _dot(x: float, y: float, r: float, color: str) -> str:
    return (
        f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="{color}"/>'
        f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r * 0.62)}" fill="{_IVORY}"/>'
        f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r * 0.36)}" fill="{color}"/>'
    )


_B, _G, _R = _BLUE_INK, _GREEN_INK, _RED_INK
# (x, y, colour) in face coordinates; the face is 60 x 75.
_DOTS: Final[dict[int, tuple[tuple[float, float, str], ...]]] = {
    2: ((30, 21, _G), (30, 54, _B)),
    3: ((15, 15, _B), (30, 37.5, _R), (45, 60, _G)),
    4: ((17, 20, _B), (43, 20, _G), (17, 55, _G), (43, 55, _B)),
    5: ((16, 17, _B), (44, 17, _G), (30, 37.5, _R), (16, 58, _G), (44, 58, _B)),
    6: ((19, 14, _G), (41, 14, _G), (19, 38, _R), (41, 38, _R), (19, 60, _R), (41, 60, _R)),
    7: ((14, 11, _G), (30, 18, _G), (46, 25, _G), (19, 43, _R), (41, 43, _R), (19, 62, _R),
        (41, 62, _R)),
    8: ((19, 11, _B), (41, 11, _B), (19, 29, _B), (41, 29, _B), (19, 47, _B), (41, 47, _B),
        (19, 65, _B), (41, 65, _B)),
    9: ((14, 14, _B), (30, 14, _B), (46, 14, _B), (14, 37.5, _R), (30, 37.5, _R), (46, 37.5, _R),
        (14, 61, _G), (30, 61, _G), (46, 61, _G)),
}
_DOT_R: Final = {2: 12, 3: 10, 4: 10.5, 5: 9.5, 6: 8.5, 7: 7.6, 8: 7.6, 9: 7.6}


def _dots(rank: int, red: bool) -> str:
    if rank == 1:
        c = _RED_INK if red else _BLUE_INK
        return (
            f'<circle cx="{_f(_CX)}" cy="{_f(_CY)}" r="23" fill="{_GREEN_INK}"/>'
            f'<circle cx="{_f(_CX)}" cy="{_f(_CY)}" r="19" fill="{_IVORY}"/>'
            f'<circle cx="{_f(_CX)}" cy="{_f(_CY)}" r="15" fill="{c}"/>'
            f'<circle cx="{_f(_CX)}" cy="{_f(_CY)}" r="9.5" fill="{_IVORY}"/>'
            f'<circle cx="{_f(_CX)}" cy="{_f(_CY)}" r="6" fill="{_RED_INK}"/>'
        )
    r = _DOT_R[rank]
    return "".join(_dot(x, y, r, _RED_INK if red else c) for x, y, c in _DOTS[rank])


# -- bamboo (条) ------------------------------------------------------------------------------------
def _stick(x: float, y: float, h: float, color: str, w: float = 8.0) -> str:
    """A bamboo stick centred on (x, y): a rounded stem with a node in the middle and at both ends."""
    top = y - h / 2
    return (
        f'<rect x="{_f(x - w / 2)}" y="{_f(top)}" width="{_f(w)}" height="{_f(h)}" rx="{_f(w / 2)}" '
        f'fill="{color}"/>'
        f'<rect x="{_f(x - w / 2 - 0.8)}" y="{_f(y - 1.1)}" width="{_f(w + 1.6)}" height="2.2" '
        f'rx="1" fill="{color}"/>'
        f'<line x1="{_f(x)}" y1="{_f(top + 2.5)}" x2="{_f(x)}" y2="{_f(y - 2.6)}" '
        f'stroke="{_IVORY}" stroke-width="1.2" stroke-linecap="round"/>'
        f'<line x1="{_f(x)}" y1="{_f(y + 2.6)}" x2="{_f(x)}" y2="{_f(top + h - 2.5)}" '
        f'stroke="{_IVORY}" stroke-width="1.2" stroke-linecap="round"/>'
    )


_SH: Final = 20.0  # stick height in the multi-stick layouts
_STICKS: Final[dict[int, tuple[tuple[float, float, str], ...]]] = {
    2: ((30, 23, _G), (30, 52, _B)),
    3: ((30, 23, _G), (19, 52, _B), (41, 52, _B)),
    4: ((19, 23, _G), (41, 23, _B), (19, 52, _B), (41, 52, _G)),
    5: ((15, 20, _G), (45, 20, _B), (30, 37.5, _R), (15, 55, _B), (45, 55, _G)),
    6: ((15, 23, _G), (30, 23, _G), (45, 23, _G), (15, 52, _B), (30, 52, _B), (45, 52, _B)),
    7: ((30, 13, _R), (15, 37.5, _G), (30, 37.5, _G), (45, 37.5, _G), (15, 61, _G), (30, 61, _G),
        (45, 61, _G)),
    8: ((12, 23, _G), (24, 23, _G), (36, 23, _G), (48, 23, _G), (12, 52, _B), (24, 52, _B),
        (36, 52, _B), (48, 52, _B)),
    9: ((15, 14, _G), (30, 14, _R), (45, 14, _B), (15, 37.5, _G), (30, 37.5, _R), (45, 37.5, _B),
        (15, 61, _G), (30, 61, _R), (45, 61, _B)),
}


def _bamboo(rank: int, red: bool) -> str:
    if rank == 1:
        # One tall stalk with leaves: the single bamboo.
        c = _RED_INK if red else _GREEN_INK
        leaf = (
            f'<path d="M30 26 C 38 20, 46 19, 50 14 C 46 24, 38 27, 30 30 Z" fill="{_GREEN_INK}" '
            f'opacity="0.85"/>'
            f'<path d="M30 44 C 22 38, 14 37, 10 32 C 14 42, 22 45, 30 48 Z" fill="{_GREEN_INK}" '
            f'opacity="0.85"/>'
        )
        return leaf + _stick(30, 37.5, 56, c, w=9) + (
            f'<rect x="24.5" y="20.5" width="11" height="2.2" rx="1" fill="{c}"/>'
            f'<rect x="24.5" y="52.8" width="11" height="2.2" rx="1" fill="{c}"/>'
        )
    return "".join(_stick(x, y, _SH, _RED_INK if red else c) for x, y, c in _STICKS[rank])


# -- characters (万) and honours --------------------------------------------------------------------
def _characters(rank: int, red: bool) -> str:
    num_ink = _RED_INK if red else _INK
    return (
        _text(_CX, 24, _NUM_ZH[rank - 1], 27, num_ink)
        + _text(_CX, 55, "万", 29, _RED_INK)
        + _text(8.5, 9.5, str(rank), 9, "#6b7080", "600")
    )


def _honor(rank: int) -> str:
    k = EAST + rank - 1
    ch = _HONOR_ZH[rank - 1]
    if k == WHITE:
        return (
            f'<rect x="11" y="10" width="38" height="55" rx="3" fill="none" stroke="{_BLUE_INK}" '
            f'stroke-width="3"/>'
            f'<rect x="16" y="15" width="28" height="45" rx="2" fill="none" stroke="{_BLUE_INK}" '
            f'stroke-width="1.2"/>'
            + _text(_CX, _CY, ch, 22, _BLUE_INK, "600")
        )
    color = _RED_INK if k == RED else _GREEN_INK if k == GREEN else _INK
    return _text(_CX, _CY + 1, ch, 40, color, "900")


def _face(t: int) -> str:
    k, red = KIND[t], IS_RED[t]
    rank = RANK[k]
    suit = SUIT[k]
    if suit == MAN:
        body = _characters(rank, red)
    elif suit == PIN:
        body = _dots(rank, red)
    elif suit == SOU:
        body = _bamboo(rank, red)
    else:
        body = _honor(rank)
    if red:
        body += f'<path d="M44 1.2 H55 a4 4 0 0 1 4 4 V16 Z" fill="{_RED_INK}"/>'
    return body


# -- one tile ---------------------------------------------------------------------------------------
def _frame(face: str, highlight: bool = False) -> str:
    """A tile at the origin: edge, ivory face, and the picture on it."""
    ring = (
        f'<rect x="-2.5" y="-2.5" width="{TILE_WIDTH + 5}" height="{TILE_HEIGHT + 5}" rx="9" '
        f'fill="none" stroke="{_HIGHLIGHT}" stroke-width="3"/>'
        if highlight else ""
    )
    return (
        ring
        + f'<rect x="0.5" y="0.5" width="{TILE_WIDTH - 1}" height="{TILE_HEIGHT - 1}" rx="7" '
        f'fill="{_BACK}" stroke="{_BACK_DARK}"/>'
        f'<rect x="0.5" y="0.5" width="{TILE_WIDTH - 1}" height="{_FACE_H}" rx="7" fill="{_IVORY}" '
        f'stroke="{_EDGE}"/>'
        + face
    )


def _back() -> str:
    return (
        f'<rect x="0.5" y="0.5" width="{TILE_WIDTH - 1}" height="{TILE_HEIGHT - 1}" rx="7" '
        f'fill="{_BACK_DARK}"/>'
        f'<rect x="0.5" y="0.5" width="{TILE_WIDTH - 1}" height="{_FACE_H}" rx="7" fill="{_BACK}"/>'
        f'<rect x="6" y="6" width="{TILE_WIDTH - 12}" height="{_FACE_H - 11}" rx="4" fill="none" '
        f'stroke="#ffffff" stroke-opacity="0.18" stroke-width="1.5"/>'
    )


def _flower_face(n: int) -> str:
    colors = ("#c2185b", "#6a1b9a", _GREEN_INK, "#d17a00", _GREEN_INK, _RED_INK, "#d17a00", _BLUE_INK)
    ch = FLOWER_NAMES["zh"][n - 1]
    return (
        f'<circle cx="{_f(_CX)}" cy="{_f(_CY + 2)}" r="21" fill="{colors[n - 1]}" opacity="0.12"/>'
        + _text(_CX, _CY + 2, ch, 32, colors[n - 1], "900")
        + _text(9, 10, str(n), 10, colors[n - 1], "700")
    )


def _svg(width: float, height: float, body: str, label: str, scale: float) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-3 -3 {_f(width + 6)} {_f(height + 6)}" '
        f'width="{_f((width + 6) * scale)}" height="{_f((height + 6) * scale)}" role="img" '
        f'aria-label="{escape(label, {chr(34): "&quot;"})}">'
        f"<title>{escape(label)}</title>{body}</svg>"
    )


def _scale(height: object, base: float) -> float:
    """The factor that renders ``base`` units ``height`` pixels high (a number 1-10000)."""
    if isinstance(height, bool) or not isinstance(height, int | float) or not 1 <= height <= 10000:
        raise InvalidArgument(f"height={describe(height)}: give a number of pixels from 1 to 10000")
    return height / base


def _tile_id(tile: int) -> int:
    if isinstance(tile, bool) or not isinstance(tile, int) or not 0 <= tile < ALL_TILES:
        raise InvalidArgument(f"{describe(tile)} is not a tile id (0-{ALL_TILES - 1})")
    return tile


def tile_picture(tile: int, *, height: float = 80, highlight: bool = False) -> str:
    """One tile as SVG text: a tile id (0–36).

    ``height`` is the rendered height in pixels; ``highlight`` rings the tile (the winning tile).
    """
    t = _tile_id(tile)
    return _svg(TILE_WIDTH, TILE_HEIGHT, _frame(_face(t), highlight), tile_name(t, "en"),
                _scale(height, TILE_HEIGHT + 6))


def flower_svg(n: int, *, height: float = 80) -> str:
    """A flower tile 1–8 (梅 兰 竹 菊 春 夏 秋 冬) as SVG text."""
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 8:
        raise InvalidArgument(f"flower {describe(n)} is not 1-8")
    return _svg(TILE_WIDTH, TILE_HEIGHT, _frame(_flower_face(n)), FLOWER_NAMES["en"][n - 1],
                _scale(height, TILE_HEIGHT + 6))


def back_svg(*, height: float = 80) -> str:
    """The back of a tile."""
    return _svg(TILE_WIDTH, TILE_HEIGHT, _back(), "tile back", _scale(height, TILE_HEIGHT + 6))


# -- a hand -----------------------------------------------------------------------------------------
_GAP: Final = 14.0  # between groups
_SEP: Final = 1.5  # between tiles of a group


class _Canvas:
    def __init__(self, height: float) -> None:
        self.x = 0.0
        self.height = height  # tiles stand on y = height
        self.parts: list[str] = []

    def upright(self, body: str, title: str) -> None:
        y = self.height - TILE_HEIGHT
        self.parts.append(
            f'<g transform="translate({_f(self.x)} {_f(y)})"><title>{escape(title)}</title>{body}</g>'
        )
        self.x += TILE_WIDTH + _SEP

    def sideways(self, bodies: list[tuple[str, str]]) -> None:
        """One or two tiles turned a quarter to the left, stacked (a promoted kong shows two)."""
        for level, (body, title) in enumerate(bodies):
            y = self.height - level * (TILE_WIDTH + _SEP)
            self.parts.append(
                f'<g transform="translate({_f(self.x)} {_f(y)}) rotate(-90)">'
                f"<title>{escape(title)}</title>{body}</g>"
            )
        self.x += TILE_HEIGHT + _SEP

    def gap(self) -> None:
        self.x += _GAP - _SEP


def _meld_layout(m: MeldParts) -> list[tuple[int, str]]:
    """The tiles of a meld left to right with how each is shown: "up", "side", "back", "stack"."""
    tiles = list(m.tiles)
    if len(tiles) == 4 and m.concealed:  # a concealed kong
        return [(tiles[0], "back"), (tiles[1], "up"), (tiles[2], "up"), (tiles[3], "back")]
    if m.source is None:
        return [(t, "up") for t in tiles]
    if KIND[tiles[0]] != KIND[tiles[1]]:  # a chow
        claimed = tiles.pop(m.source - 1)
        return [(claimed, "side")] + [(t, "up") for t in tiles]
    # A pung or kong claimed from the left / opposite / right: that tile turned at that place.
    if m.promoted:
        # the pung as it was claimed, its claimed tile with the added one stacked on it
        stacked = tiles.pop()
        place = {1: 0, 2: 1, 3: len(tiles) - 1}[m.source]
        out = [(t, "up") for t in tiles]
        out[place] = (out[place][0], "stack")
        out.insert(place + 1, (stacked, "stacked-top"))
        return out
    place = {1: 0, 2: 1, 3: len(tiles) - 1}[m.source]
    return [(t, "side" if i == place else "up") for i, t in enumerate(tiles)]


#: the id prefix of the shared tile symbols (:func:`tile_symbols`)
SYMBOL_PREFIX: Final = "sf-t"


def _symbol_id(t: int) -> str:
    return f"{SYMBOL_PREFIX}{t}"


def tile_symbols() -> str:
    """One hidden ``<svg>`` defining every tile face (ids ``sf-t0`` … ``sf-t36``), the flowers
    (``sf-tf1`` … ``sf-tf8``) and the back (``sf-tb``) as symbols, for a page holding many hands
    drawn with ``shared=True``: each tile then costs one ``<use>`` instead of its whole picture."""
    parts = [f'<symbol id="{_symbol_id(t)}" overflow="visible">{_frame(_face(t))}</symbol>'
             for t in range(ALL_TILES)]
    parts += [f'<symbol id="{SYMBOL_PREFIX}f{n}" overflow="visible">{_frame(_flower_face(n))}'
              "</symbol>" for n in range(1, 9)]
    parts.append(f'<symbol id="{SYMBOL_PREFIX}b" overflow="visible">{_back()}</symbol>')
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" aria-hidden="true" '
            'style="position:absolute;width:0;height:0;overflow:hidden">'
            f"<defs>{''.join(parts)}</defs></svg>")


def _use(ref: str, highlight: bool = False) -> str:
    ring = (
        f'<rect x="-2.5" y="-2.5" width="{TILE_WIDTH + 5}" height="{TILE_HEIGHT + 5}" rx="9" '
        f'fill="none" stroke="{_HIGHLIGHT}" stroke-width="3"/>'
        if highlight else ""
    )
    return f'{ring}<use href="#{ref}"/>'


def _tile_body(t: int, shared: bool, highlight: bool = False) -> str:
    return _use(_symbol_id(t), highlight) if shared else _frame(_face(t), highlight)


def hand_picture(hand: HandParts, *, height: float = 48, shared: bool = False) -> str:
    """A whole hand as SVG text: melds (claimed tiles turned sideways, a concealed kong's ends face
    down), standing tiles, the winning tile set apart and ringed, then flowers.

    ``height`` is the rendered height of an upright tile in pixels. ``shared``: each tile is a
    ``<use>`` of the symbols of :func:`tile_symbols`, which the page must hold once.
    """
    promoted = any(m.promoted and m.source is not None for m in hand.melds)
    canvas = _Canvas(TILE_HEIGHT + (TILE_WIDTH + _SEP if promoted else 0))
    for m in hand.melds:
        layout = _meld_layout(m)
        i = 0
        while i < len(layout):
            t, how = layout[i]
            if how == "back":
                canvas.upright(_use(SYMBOL_PREFIX + "b") if shared else _back(),
                               "tile back (concealed kong)")
            elif how == "up":
                canvas.upright(_tile_body(t, shared), tile_name(t, "en"))
            elif how == "side":
                canvas.sideways([(_tile_body(t, shared), tile_name(t, "en") + " (claimed)")])
            elif how == "stack":
                t2 = layout[i + 1][0]
                canvas.sideways([
                    (_tile_body(t, shared), tile_name(t, "en") + " (claimed)"),
                    (_tile_body(t2, shared), tile_name(t2, "en") + " (added)"),
                ])
                i += 1
            i += 1
        canvas.gap()
    for t in hand.concealed:
        canvas.upright(_tile_body(t, shared), tile_name(t, "en"))
    if hand.winning_tile is not None:
        canvas.gap()
        w = hand.winning_tile
        canvas.upright(_tile_body(w, shared, True), tile_name(w, "en") + " (winning tile)")
    if hand.flowers:
        canvas.gap()
        for n in hand.flowers:
            body = _use(f"{SYMBOL_PREFIX}f{n}") if shared else _frame(_flower_face(n))
            canvas.upright(body, FLOWER_NAMES["en"][n - 1] + " (flower)")
    width = max(canvas.x - _SEP, TILE_WIDTH)
    label = str(hand)
    return _svg(width, canvas.height, "".join(canvas.parts), label, _scale(height, TILE_HEIGHT))
