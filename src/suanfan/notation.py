"""Reading and writing hands: MPSZ with bracketed melds (canonical), honour letters, Botzone
tile codes and Unicode mahjong tiles. See ``NOTATION.md`` of the specification.

``parse_hand(format_hand(h)) == h`` for every valid hand, and ``format_hand(parse_hand(s))`` is the
canonical form of ``s``.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .errors import InvalidHand
from .hand import Hand, Meld, MeldKind
from .tiles import (
    HONOR,
    IS_RED,
    KIND,
    RANK,
    RED_MAN,
    SUIT,
    SUITS,
)

__all__ = [
    "MAX_INPUT_LENGTH",
    "format_hand",
    "format_meld",
    "format_tiles",
    "parse_flowers",
    "parse_hand",
    "parse_tile",
    "parse_tiles",
]

MAX_INPUT_LENGTH = 1000
_DIGITS = frozenset("0123456789")

_LETTERS = "ESWNPFC"
_LETTER_TILE = {c: 27 + i for i, c in enumerate(_LETTERS)}
# Unicode Mahjong Tiles block: winds, dragons (red, green, white), characters, bamboo, dots,
# flowers (plum, orchid, bamboo, chrysanthemum), seasons (spring .. winter).
_UNICODE: dict[str, int] = {}
for _i, _t in enumerate((27, 28, 29, 30, 33, 32, 31)):
    _UNICODE[chr(0x1F000 + _i)] = _t
for _i in range(9):
    _UNICODE[chr(0x1F007 + _i)] = _i  # characters
    _UNICODE[chr(0x1F010 + _i)] = 18 + _i  # bamboo
    _UNICODE[chr(0x1F019 + _i)] = 9 + _i  # dots
_UNICODE_FLOWER = {chr(0x1F022 + i): i + 1 for i in range(8)}
_TILE_UNICODE = {t: c for c, t in _UNICODE.items()}
_FLOWER_UNICODE = {f: c for c, f in _UNICODE_FLOWER.items()}
_IGNORED = {"\ufe0e", "\ufe0f", "\u200b"}  # variation selectors (🀄️) and zero-width space

# Tokens: ("tile", id, pos) ("flower", n, pos) ("open", 0, pos) ("close", claim|None, pos)
_Token = tuple[str, int | None, int]


def _where(s: str, i: int) -> str:
    ch = s[i] if i < len(s) else ""
    shown = repr(ch) if ch.isprintable() else f"U+{ord(ch):04X}"
    return f"{shown} at position {i}"


def _suit_tile(digit: str, suit: str, s: str, pos: int) -> tuple[str, int]:
    d = int(digit)
    if suit == "f":
        if not 1 <= d <= 8:
            raise InvalidHand(f"flower {digit}f at position {pos}: flowers are 1f-8f")
        return ("flower", d)
    if suit == "z":
        if not 1 <= d <= 7:
            raise InvalidHand(f"honour {digit}z at position {pos}: honours are 1z-7z")
        return ("tile", 26 + d)
    si = SUITS.index(suit)
    if d == 0:
        return ("tile", RED_MAN + si)
    return ("tile", si * 9 + d - 1)


_SUIT_TILE: dict[str, tuple[str, int]] = {}
for _d in "0123456789":
    for _s in "mps":
        _SUIT_TILE[_d + _s] = ("tile", (RED_MAN + "mps".index(_s)) if _d == "0"
                               else "mps".index(_s) * 9 + int(_d) - 1)
    if "1" <= _d <= "7":
        _SUIT_TILE[_d + "z"] = ("tile", 26 + int(_d))
    if "1" <= _d <= "8":
        _SUIT_TILE[_d + "f"] = ("flower", int(_d))


def _tokenize_mpsz(s: str) -> list[_Token]:
    tokens: list[_Token] = []
    pending: list[tuple[str, int]] = []  # digits waiting for their suit letter
    in_meld = False
    meld_start = 0
    comma_at = -1
    for i, ch in enumerate(s):
        if ch.isspace() or ch in _IGNORED:
            continue
        if ch in _DIGITS:
            if comma_at >= 0 and pending:
                raise InvalidHand(f"unexpected digit {_where(s, i)}: one claim digit after a comma")
            pending.append((ch, i))
            continue
        if ch in "mpszf":
            if not pending:
                raise InvalidHand(f"suit letter {_where(s, i)} has no digits before it")
            if comma_at >= 0:
                raise InvalidHand(f"unexpected {_where(s, i)}: a comma must be followed by one claim digit")
            for d, p in pending:
                known = _SUIT_TILE.get(d + ch)
                kind, val = known if known is not None else _suit_tile(d, ch, s, p)
                if kind == "flower" and in_meld:
                    raise InvalidHand(f"flower {d}f at position {p} inside a meld")
                tokens.append((kind, val, p))
            pending.clear()
            continue
        if ch == "[":
            if in_meld:
                raise InvalidHand(f"unexpected {_where(s, i)}: melds cannot nest")
            if pending:
                d, p = pending[0]
                raise InvalidHand(f"digit {d!r} at position {p} has no suit letter")
            in_meld, meld_start, comma_at = True, i, -1
            tokens.append(("open", 0, i))
            continue
        if ch == "]":
            if not in_meld:
                raise InvalidHand(f"unexpected {_where(s, i)}: no meld is open")
            claim: int | None = None
            if pending:
                if len(pending) != 1:
                    d, p = pending[0]
                    raise InvalidHand(
                        f"digits {''.join(d for d, _ in pending)!r} at position {p} have no suit letter"
                    )
                claim = int(pending[0][0])
                pending.clear()
            elif comma_at >= 0:
                raise InvalidHand(f"comma at position {comma_at} is not followed by a claim digit")
            tokens.append(("close", claim, meld_start))
            in_meld, comma_at = False, -1
            continue
        if ch == ",":
            if not in_meld or comma_at >= 0 or pending:
                raise InvalidHand(f"unexpected {_where(s, i)}: a comma only goes before a meld's claim digit")
            comma_at = i
            continue
        tile = _LETTER_TILE.get(ch)
        if tile is None:
            tile = _UNICODE.get(ch)
        if tile is not None:
            if pending:
                d, p = pending[0]
                if in_meld:
                    raise InvalidHand(f"unexpected {_where(s, i)}: a meld's claim digit comes last")
                raise InvalidHand(f"digit {d!r} at position {p} has no suit letter")
            if comma_at >= 0:
                raise InvalidHand(f"unexpected {_where(s, i)}: a comma must be followed by one claim digit")
            tokens.append(("tile", tile, i))
            continue
        flower = _UNICODE_FLOWER.get(ch)
        if flower is not None:
            if in_meld:
                raise InvalidHand(f"flower {_where(s, i)} inside a meld")
            tokens.append(("flower", flower, i))
            continue
        raise InvalidHand(f"unexpected character {_where(s, i)}")
    if in_meld:
        raise InvalidHand(f"meld opened at position {meld_start} is not closed with ']'")
    if pending:
        d, p = pending[0]
        raise InvalidHand(f"digit {d!r} at position {p} has no suit letter")
    return tokens


_BOTZONE_SUIT = {"W": 0, "B": 9, "T": 18}
_BOTZONE_J = {"1": 33, "2": 32, "3": 31}  # J1 中, J2 发, J3 白


def _looks_botzone(s: str) -> bool:
    return any(
        s[i] in "WTBFJH" and i + 1 < len(s) and s[i + 1] in _DIGITS for i in range(len(s))
    )


def _tokenize_botzone(s: str) -> list[_Token]:
    tokens: list[_Token] = []
    i, n = 0, len(s)
    in_meld, meld_start = False, 0
    while i < n:
        ch = s[i]
        if ch.isspace() or ch in _IGNORED:
            i += 1
            continue
        if ch == "[":
            if in_meld:
                raise InvalidHand(f"unexpected {_where(s, i)}: melds cannot nest")
            in_meld, meld_start = True, i
            tokens.append(("open", 0, i))
            i += 1
            continue
        if ch in "],":
            if not in_meld:
                raise InvalidHand(f"unexpected {_where(s, i)}: no meld is open")
            claim: int | None = None
            if ch == ",":
                if i + 2 < n + 1 and i + 1 < n and s[i + 1] in _DIGITS and i + 2 < n and s[i + 2] == "]":
                    claim = int(s[i + 1])
                    i += 2
                else:
                    raise InvalidHand(f"unexpected {_where(s, i)}: expected ',digit]'")
            tokens.append(("close", claim, meld_start))
            in_meld = False
            i += 1
            continue
        if ch in "WTBFJH" and i + 1 < n and s[i + 1] in _DIGITS:
            d = s[i + 1]
            v = int(d)
            if ch in _BOTZONE_SUIT:
                if not 1 <= v <= 9:
                    raise InvalidHand(f"tile code {ch}{d} at position {i}: ranks are 1-9")
                tokens.append(("tile", _BOTZONE_SUIT[ch] + v - 1, i))
            elif ch == "F":
                if not 1 <= v <= 4:
                    raise InvalidHand(f"tile code F{d} at position {i}: winds are F1-F4")
                tokens.append(("tile", 26 + v, i))
            elif ch == "J":
                if d not in _BOTZONE_J:
                    raise InvalidHand(f"tile code J{d} at position {i}: dragons are J1-J3")
                tokens.append(("tile", _BOTZONE_J[d], i))
            else:
                if not 1 <= v <= 8:
                    raise InvalidHand(f"tile code H{d} at position {i}: flowers are H1-H8")
                if in_meld:
                    raise InvalidHand(f"flower H{d} at position {i} inside a meld")
                tokens.append(("flower", v, i))
            i += 2
            continue
        raise InvalidHand(f"unexpected character {_where(s, i)} in Botzone tile codes")
    if in_meld:
        raise InvalidHand(f"meld opened at position {meld_start} is not closed with ']'")
    return tokens


# Fast path for plain MPSZ (the canonical form): melds like [567m2] / [567m,2], digit groups, spaces.
_FAST_ALL = re.compile(r"(?:\[[0-9]+[mpsz],?[0-9]?\]|[0-9]+[mpszf]|\s)+")
_FAST_TOKEN = re.compile(r"\[([0-9]+)([mpsz]),?([0-9]?)\]|([0-9]+)([mpszf])")


def _tokenize_fast(s: str) -> list[_Token] | None:
    """Tokens of a plain MPSZ string, or None when the string needs the full tokenizer (which
    also produces the precise error messages)."""
    if _FAST_ALL.fullmatch(s) is None:
        return None
    tokens: list[_Token] = []
    get = _SUIT_TILE.get
    for m in _FAST_TOKEN.finditer(s):
        digits, suit, claim, digits2, suit2 = m.groups()
        pos = m.start()
        if digits is not None:
            tokens.append(("open", 0, pos))
            for d in digits:
                known = get(d + suit)
                if known is None:
                    return None
                tokens.append(("tile", known[1], pos))
            tokens.append(("close", int(claim) if claim else None, pos))
        else:
            for d in digits2:
                known = get(d + suit2)
                if known is None:
                    return None
                tokens.append((known[0], known[1], pos))
    return tokens


def _tokenize(s: str) -> list[_Token]:
    if not isinstance(s, str):
        raise InvalidHand(f"expected a hand as text, got {type(s).__name__}")
    if len(s) > MAX_INPUT_LENGTH:
        raise InvalidHand(f"input of {len(s)} characters is too long (at most {MAX_INPUT_LENGTH})")
    fast = _tokenize_fast(s)
    if fast is not None:
        return fast
    try:
        return _tokenize_mpsz(s)
    except InvalidHand as first:
        if not _looks_botzone(s):
            raise
        try:
            return _tokenize_botzone(s)
        except InvalidHand:
            raise first from None


def _make_meld(tiles: list[int], claim: int | None, pos: int) -> Meld:
    kinds = sorted(KIND[t] for t in tiles)
    if len(tiles) == 3 and (claim is None or 1 <= claim <= 3):
        # the common case, checked cheaply: a chow or pung with a usual claim digit
        k0 = kinds[0]
        if k0 == kinds[2]:
            return Meld(MeldKind.PUNG, tuple(tiles), claim)
        if k0 < 27 and kinds[1] == k0 + 1 and kinds[2] == k0 + 2 and k0 % 9 <= 6:
            return Meld(MeldKind.CHOW, tuple(tiles), claim)
    text = "[" + format_tiles(tiles) + (str(claim) if claim is not None else "") + "]"
    if len(tiles) == 4 and len(set(kinds)) == 1:
        if claim is None:
            return Meld(MeldKind.KONG, tuple(tiles), None, concealed=True)
        if 1 <= claim <= 3:
            return Meld(MeldKind.KONG, tuple(tiles), claim)
        if 5 <= claim <= 7:
            return Meld(MeldKind.KONG, tuple(tiles), claim - 4, promoted=True)
        raise InvalidHand(
            f"meld {text} at position {pos}: a kong's claim digit is 1-3 (claimed) or 5-7 (promoted)"
        )
    if len(tiles) == 3:
        kind = MeldKind.PUNG if len(set(kinds)) == 1 else MeldKind.CHOW
        if claim is not None and not 1 <= claim <= 3:
            raise InvalidHand(f"meld {text} at position {pos}: the claim digit of a {kind.value} is 1-3")
        try:
            return Meld(kind, tuple(tiles), claim)
        except InvalidHand:
            pass
    raise InvalidHand(f"meld {text} at position {pos} is not a chow, pung or kong")


def _build(tokens: list[_Token]) -> tuple[list[Meld], list[int], list[int]]:
    melds: list[Meld] = []
    standing: list[int] = []
    flowers: list[int] = []
    current: list[int] | None = None
    for kind, val, pos in tokens:
        if kind == "open":
            current = []
        elif kind == "close":
            assert current is not None
            if not current:
                raise InvalidHand(f"empty meld at position {pos}")
            melds.append(_make_meld(current, val, pos))
            current = None
        elif kind == "flower":
            assert val is not None
            flowers.append(val)
        else:
            assert val is not None
            if current is not None:
                current.append(val)
            else:
                standing.append(val)
    return melds, standing, flowers


@lru_cache(maxsize=4096)
def _parse_hand_text(text: str) -> Hand:
    tokens = _tokenize(text)
    melds, standing, flowers = _build(tokens)
    if not melds and not standing:
        raise InvalidHand("empty hand: write 13 or 14 tiles, e.g. 123m456p789s1122z 2z")
    n = 3 * len(melds) + len(standing)
    if len(melds) > 4:
        raise InvalidHand(f"{len(melds)} melds: a hand has at most 4")
    if n == 14:
        return Hand(tuple(melds), tuple(standing[:-1]), standing[-1], tuple(flowers))
    if n == 13:
        return Hand(tuple(melds), tuple(standing), None, tuple(flowers))
    if n < 13:
        need = f"{13 - n} more for a waiting hand, {14 - n} for a complete one"
    else:
        need = f"{n - 14} too many for a complete hand"
    raise InvalidHand(f"{n} tiles (each kong counts as 3): a hand has 13 or 14 ({need})")


def parse_hand(text: str | Hand) -> Hand:
    """Parse a hand written in any supported notation; a :class:`Hand` is returned as is.

    A hand of 14 tiles (each kong counting as 3) is complete and its last written standing tile is
    the winning tile; a hand of 13 tiles is a waiting hand. Raises :class:`InvalidHand` naming the
    fault for anything else.
    """
    if isinstance(text, Hand):
        return text
    if not isinstance(text, str):
        raise InvalidHand(f"expected a hand as text, got {type(text).__name__}")
    return _parse_hand_text(text)


def parse_tiles(text: str) -> list[int]:
    """Parse a plain list of tiles (no melds, no flowers), e.g. dora indicators ``"3m7z"``."""
    tokens = _tokenize(text)
    out: list[int] = []
    for kind, val, pos in tokens:
        if kind != "tile":
            what = "flower" if kind == "flower" else "meld"
            raise InvalidHand(f"{what} at position {pos}: only tiles are allowed here")
        assert val is not None
        out.append(val)
    return out


def parse_tile(text: str) -> int:
    """Parse exactly one tile."""
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise InvalidHand(f"expected one tile, got {len(tiles)} in {text!r}")
    return tiles[0]


def parse_flowers(value: int | str | None) -> tuple[int, ...] | int:
    """Flowers given as a count (returned as an int 0–8) or as flower tiles ``"1258f"``."""
    if value is None:
        return 0
    if isinstance(value, bool):
        raise InvalidHand("flowers must be a count or flower tiles such as '1258f'")
    if isinstance(value, int):
        if not 0 <= value <= 8:
            raise InvalidHand(f"{value} flowers: there are 8 flowers")
        return value
    stripped = value.strip() if isinstance(value, str) else ""
    if stripped and len(stripped) <= 2 and all(c in _DIGITS for c in stripped):
        return parse_flowers(int(stripped))
    tokens = _tokenize(value)
    out: list[int] = []
    for kind, val, pos in tokens:
        if kind != "flower":
            raise InvalidHand(f"position {pos}: only flower tiles (1f-8f) are allowed here")
        assert val is not None
        if val in out:
            raise InvalidHand(f"flower {val}f appears twice (there is one of each flower)")
        out.append(val)
    return tuple(sorted(out))


# -- formatting --------------------------------------------------------------------------------
def _tile_key(t: int) -> tuple[int, int]:
    return (KIND[t], t)


def _digit(t: int) -> str:
    return "0" if IS_RED[t] else str(RANK[t])


def format_tiles(tiles: tuple[int, ...] | list[int], style: str = "mpsz", sort: bool = True) -> str:
    """Write tiles compactly: ``123m55z`` (mpsz), ``123mPP`` (letters) or Unicode characters."""
    seq = sorted(tiles, key=_tile_key) if sort else list(tiles)
    if style == "unicode":
        return "".join(_TILE_UNICODE[KIND[t]] for t in seq)
    out: list[str] = []
    group: list[str] = []
    group_suit = -1
    for t in seq:
        su = SUIT[t]
        if style == "letters" and su == HONOR:
            if group:
                out.append("".join(group) + SUITS[group_suit])
                group = []
            out.append(_LETTERS[KIND[t] - 27])
            group_suit = -1
            continue
        if su != group_suit and group:
            out.append("".join(group) + SUITS[group_suit])
            group = []
        group_suit = su
        group.append(_digit(t))
    if group:
        out.append("".join(group) + SUITS[group_suit])
    return "".join(out)


def format_meld(m: Meld, style: str = "mpsz") -> str:
    """One meld in brackets with its claim digit, e.g. ``[567m2]``, ``[EEEE5]``."""
    digit = m.claim_digit
    return "[" + format_tiles(m.tiles, style) + ("" if digit is None else str(digit)) + "]"


def format_hand(hand: Hand, style: str = "mpsz") -> str:
    """The hand in ``style`` ("mpsz" canonical, "letters", "unicode"); the winning tile is last,
    set apart by a space; flowers follow after another space."""
    if style not in ("mpsz", "letters", "unicode"):
        raise ValueError(f"unknown notation style {style!r}: use mpsz, letters or unicode")
    parts = "".join(format_meld(m, style) for m in hand.melds)
    parts += format_tiles(hand.concealed, style)
    if hand.winning_tile is not None:
        parts += " " + format_tiles((hand.winning_tile,), style)
    if hand.flowers:
        if style == "unicode":
            parts += " " + "".join(_FLOWER_UNICODE[f] for f in hand.flowers)
        else:
            parts += " " + "".join(str(f) for f in hand.flowers) + "f"
    return parts
