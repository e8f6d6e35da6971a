"""Reading and writing hands: MPSZ with bracketed melds (canonical), honour letters, Botzone
tile codes and Unicode mahjong tiles. See ``NOTATION.md`` of the specification.

``parse_hand(format_hand(h)) == h`` for every valid hand and every style but ``"botzone"`` (whose
tile codes have no red five), and ``format_hand(parse_hand(s))`` is the canonical form of ``s``.

Red fives in Unicode: the Unicode Mahjong Tiles block has no red five, so ``format_hand(h,
"unicode")`` writes a red five in MPSZ, ``0m`` ``0p`` ``0s``, among the tile characters (e.g.
``🀊0m🀌``); the reader accepts MPSZ and Unicode tiles mixed, so the red five reads back.

One reader does MPSZ, honour letters and Unicode tiles (mixed freely), in one pass over the text
with a 128-entry table from character code to what the character is; Botzone tile codes have a
reader of their own, tried when the text looks like them. Both build the melds and the standing
tiles as they go. A meld is read once per distinct written form: melds are immutable, so equal
melds share one object: a meld written in order without red fives from a fixed slot list, any
other from a small table (at most ``_MELD_TABLE_SIZE`` entries).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .errors import InvalidArgument, InvalidHand, describe
from .hand import Hand, Meld, MeldKind
from .tiles import KIND, RED_MAN
from .writing import (
    HONOUR_LETTERS,
    STYLES,
    UNICODE_FLOWER0,
    UNICODE_TILE0,
    UNICODE_TILE_KINDS,
    check_style,
    format_tiles,
    meld_text,
)

if TYPE_CHECKING:
    # a native 64-bit int in the compiled build (a meld's packed tiles: 24 bits); annotations
    # only, so the pure build needs no mypy_extensions
    from mypy_extensions import i64

__all__ = [
    "MAX_INPUT_LENGTH",
    "STYLES",
    "format_hand",
    "format_meld",
    "format_tiles",
    "parse_flowers",
    "parse_hand",
    "parse_tile",
    "parse_tiles",
]

MAX_INPUT_LENGTH: Final = 1000

_LETTERS: Final = HONOUR_LETTERS

# -- the character table -------------------------------------------------------------------------
# _CHAR[ord(ch)] for ASCII: what the character is (low 3 bits) and its value (the rest).
_BAD: Final = 0
_SPACE: Final = 1
_DIGIT: Final = 2  # value: the digit
_SUIT: Final = 3  # value: 0 m, 1 p, 2 s, 3 z, 4 f
_TILE: Final = 4  # value: tile id (honour letters)
_OPEN: Final = 5
_CLOSE: Final = 6
_COMMA: Final = 7


def _char_code(c: int) -> int:
    ch = chr(c)
    if "0" <= ch <= "9":
        return _DIGIT | (c - 48) << 3
    i = "mpszf".find(ch)
    if i >= 0:
        return _SUIT | i << 3
    i = _LETTERS.find(ch)
    if i >= 0:
        return _TILE | (27 + i) << 3
    if ch == "[":
        return _OPEN
    if ch == "]":
        return _CLOSE
    if ch == ",":
        return _COMMA
    if ch.isspace():
        return _SPACE
    return _BAD


_CHAR: Final[tuple[int, ...]] = tuple(_char_code(c) for c in range(128))
# the suit letters of numbered tiles, compared directly on the common path of the reader
_LETTER_M: Final = 109  # ord("m")
_LETTER_P: Final = 112  # ord("p")
_LETTER_S: Final = 115  # ord("s")

_UNI0: Final = UNICODE_TILE0
_UNI_TILES: Final[tuple[int, ...]] = UNICODE_TILE_KINDS
_UNI_FLOWER0: Final = UNICODE_FLOWER0
_IGNORED: Final = "\ufe0e\ufe0f\u200b"  # variation selectors (🀄️) and zero-width space

_CHOW: Final = MeldKind.CHOW
_PUNG: Final = MeldKind.PUNG
_KONG: Final = MeldKind.KONG


def _where(s: str, i: int) -> str:
    ch = s[i] if i < len(s) else ""
    shown = repr(ch) if ch.isprintable() else f"U+{ord(ch):04X}"
    return f"{shown} at character {i + 1}"


class _Read:
    """What a reader found: melds, standing tiles and flowers in the order written, and where
    the first of each was (-1: none), for the callers that allow only some of them."""

    __slots__ = ("flower_at", "flowers", "meld_at", "melds", "tile_at", "tiles")

    def __init__(self) -> None:
        self.tiles: list[int] = []
        #: the melds and the flowers, a list made for the first one (many hands have no melds,
        #: most no flowers); None while there is none
        self.melds: list[Meld] | None = None
        self.flowers: list[int] | None = None
        self.meld_at = -1
        self.tile_at = -1
        self.flower_at = -1

    def add_meld(self, m: Meld) -> None:
        got = self.melds
        if got is None:
            self.melds = [m]
        else:
            got.append(m)

    def add_flower(self, f: int) -> None:
        got = self.flowers
        if got is None:
            self.flowers = [f]
        else:
            got.append(f)


#: what parse_hand gives Hand for a hand written without melds or flowers
_NO_MELDS: Final[tuple[Meld, ...]] = ()
_NO_FLOWERS: Final[tuple[int, ...]] = ()


# -- melds ---------------------------------------------------------------------------------------
# A meld is read once per distinct written form: melds are immutable, so equal melds share one
# object. A chow, pung or kong written in order without red fives (nearly every meld) has a slot
# of _MELD_SLOTS by its shape, first tile and claim digit; any other form is kept in
# _MELD_TABLE, by its written tiles and claim digit, up to _MELD_TABLE_SIZE entries.
_SLOT_CLAIMS: Final = 9  # claim digit -1 (none) to 7
_SLOT_FIRSTS: Final = 38  # the first tile's id + 1 as packed (see _pack)
_MELD_SLOTS: Final[list[Meld | None]] = [None] * (3 * _SLOT_FIRSTS * _SLOT_CLAIMS)
_MELD_TABLE_SIZE: Final = 4096
_MELD_TABLE: Final[dict[int, Meld]] = {}


#: a packed meld keeps its last four tiles (a longer meld is refused by its count alone)
_PACK_MASK: Final = (1 << 24) - 1


def _pack(tiles: list[int]) -> int:
    """Tile ids packed as _meld takes them: six bits a tile (its id + 1), the first highest."""
    code = 0
    for t in tiles:
        code = (code * 64 + t + 1) & _PACK_MASK
    return code


def _meld_slot(code: i64, nt: i64, claim: i64) -> i64:
    """The slot in _MELD_SLOTS of the meld packed in ``code``, or -1: a chow written in order
    (shape 0), a pung (1) or a kong (2) of plain tiles. The tiles are checked by _new_meld when
    the slot is filled (a run across two suits is refused there, before it is stored)."""
    a = code >> 6 * (nt - 1)
    if nt == 3:
        b = code >> 6 & 63
        c = code & 63
        if a == b and b == c:
            shape: i64 = 1
        elif b == a + 1 and c == a + 2:
            shape = 0
        else:
            return -1
    elif nt == 4 and code == a * 0x41041:  # four equal tiles: a in each six bits
        shape = 2
    else:
        return -1
    if a > RED_MAN or claim > 7:  # a red five (packed as its id + 1), or a claim digit 8 or 9
        return -1
    return (shape * _SLOT_FIRSTS + a) * _SLOT_CLAIMS + claim + 1


def _meld(code: i64, nt: i64, claim: i64, pos: int) -> Meld:
    """The meld of ``nt`` tiles packed in ``code`` (see _pack) with claim digit ``claim`` (-1:
    none), written at ``pos``."""
    if nt == 3 or nt == 4:
        slot = _meld_slot(code, nt, claim)
        if slot >= 0:
            m = _MELD_SLOTS[slot]
            if m is None:
                m = _new_meld(_unpack(code, nt), int(claim), pos)
                _MELD_SLOTS[slot] = m
            return m
        key = ((nt * 16 + claim + 1) << 6 * nt) + code
        m = _MELD_TABLE.get(key)
        if m is not None:
            return m
        m = _new_meld(_unpack(code, nt), int(claim), pos)
        if len(_MELD_TABLE) < _MELD_TABLE_SIZE:
            _MELD_TABLE[key] = m
        return m
    if nt == 0:
        raise InvalidHand(f"empty meld at character {pos + 1}")
    if nt > 4:  # (its tiles were not all packed: see _read_mpsz)
        raise InvalidHand(
            f"meld at character {pos + 1} has {nt} tiles: a chow or pung has 3, a kong 4")
    return _new_meld(_unpack(code, nt), int(claim), pos)


def _unpack(code: i64, nt: i64) -> list[int]:
    return [int(code >> 6 * (nt - 1 - j) & 63) - 1 for j in range(nt)]


def _meld_text(tiles: list[int], claim: int) -> str:
    return "[" + format_tiles(tiles) + (str(claim) if claim >= 0 else "") + "]"


def _new_meld(tiles: list[int], claim: int, pos: int) -> Meld:
    kinds = sorted([KIND[t] for t in tiles])
    n = len(tiles)
    source = claim if claim >= 0 else None
    if n == 4 and kinds[0] == kinds[3]:
        if claim < 0:
            return Meld(_KONG, tiles, None, True)
        if 1 <= claim <= 3:
            return Meld(_KONG, tiles, claim)
        if 5 <= claim <= 7:
            return Meld(_KONG, tiles, claim - 4, False, True)
        raise InvalidHand(
            f"meld {_meld_text(tiles, claim)} at character {pos + 1}: a kong's claim digit is 1-3 "
            "(claimed) or 5-7 (promoted)"
        )
    if n == 3:
        k0 = kinds[0]
        if k0 == kinds[2]:
            kind = _PUNG
        elif k0 < 27 and k0 % 9 <= 6 and kinds[1] == k0 + 1 and kinds[2] == k0 + 2:
            kind = _CHOW
        else:
            raise InvalidHand(
                f"meld {_meld_text(tiles, claim)} at character {pos + 1} is not a chow, pung or kong")
        if claim >= 0 and not 1 <= claim <= 3:
            raise InvalidHand(
                f"meld {_meld_text(tiles, claim)} at character {pos + 1}: the claim digit of a "
                f"{kind.value} is 1-3")
        return Meld(kind, tiles, source)
    raise InvalidHand(
        f"meld {_meld_text(tiles, claim)} at character {pos + 1} is not a chow, pung or kong")


# -- the MPSZ / letters / Unicode reader ---------------------------------------------------------
def _digit_at(s: str, start: int, k: int) -> int:
    """Position of the ``k``-th digit from ``start`` (only for error messages)."""
    i = start
    while True:
        if "0" <= s[i] <= "9":
            if k == 0:
                return i
            k -= 1
        i += 1


def _pending_error(s: str, start: int) -> InvalidHand:
    return InvalidHand(f"digit {s[start]!r} at character {start + 1} has no suit letter")


def _read_mpsz(s: str) -> _Read:
    out = _Read()
    standing = out.tiles
    # the meld being read: its nmt tiles packed in mcode (see _meld), no list
    mcode: i64 = 0
    nmt: i64 = 0
    # digits waiting for their suit letter: np digits from position pend_at (only spaces can be
    # written between them), read again from the text when the letter comes
    np: i64 = 0
    pend_at: i64 = 0
    in_meld = False
    meld_at: i64 = 0
    comma_at: i64 = -1
    n: i64 = len(s)
    i: i64 = 0
    j: i64
    k: i64
    d: i64
    t: i64
    base: i64
    claim: i64
    while i < n:
        o: i64 = ord(s[i])
        if 48 <= o <= 57 and np == 0:
            # the common case: a run of digits and its suit letter, read at once
            j = i + 1
            while j < n and 48 <= ord(s[j]) <= 57:
                j += 1
            if j < n and comma_at < 0:
                o2 = ord(s[j])
                su: i64 = (0 if o2 == _LETTER_M else 1 if o2 == _LETTER_P
                           else 2 if o2 == _LETTER_S else 9)
                if su < 3:
                    base = su * 9 - 1
                    if in_meld:
                        for k in range(i, j):
                            d = ord(s[k]) - 48
                            mcode = (mcode * 64 + (base + d if d else RED_MAN + su) + 1) & _PACK_MASK
                            nmt += 1
                    else:
                        if out.tile_at < 0:
                            out.tile_at = i
                        for k in range(i, j):
                            d = ord(s[k]) - 48
                            standing.append(base + d if d else RED_MAN + su)
                    i = j + 1
                    continue
        what: i64
        v: i64
        if o < 128:
            c: i64 = _CHAR[o]
            what = c & 7
            v = c >> 3
        elif _UNI0 <= o < _UNI0 + 34:
            what = _TILE
            v = _UNI_TILES[o - _UNI0]
        elif _UNI_FLOWER0 <= o < _UNI_FLOWER0 + 8:
            if in_meld:
                raise InvalidHand(f"flower {_where(s, i)} inside a meld")
            if np:
                raise _pending_error(s, pend_at)
            if out.flower_at < 0:
                out.flower_at = i
            out.add_flower(o - _UNI_FLOWER0 + 1)
            i += 1
            continue
        elif s[i] in _IGNORED or s[i].isspace():
            i += 1
            continue
        else:
            what = _BAD
            v = 0
        if what == _DIGIT:
            if np == 0:
                pend_at = i
            elif comma_at >= 0:
                raise InvalidHand(f"unexpected digit {_where(s, i)}: one claim digit after a comma")
            np += 1
        elif what == _SUIT:
            if np == 0:
                raise InvalidHand(f"suit letter {_where(s, i)} has no digits before it")
            if comma_at >= 0:
                raise InvalidHand(
                    f"unexpected {_where(s, i)}: a comma must be followed by one claim digit")
            if not in_meld and v != 4 and out.tile_at < 0:
                out.tile_at = pend_at
            if v == 4 and out.flower_at < 0:
                out.flower_at = pend_at
            k = pend_at
            while np:
                d = ord(s[k]) - 48
                k += 1
                if not 0 <= d <= 9:
                    continue  # a space between the digits
                np -= 1
                if v < 3:
                    t = v * 9 + d - 1 if d else RED_MAN + v
                elif v == 3:
                    if not 1 <= d <= 7:
                        raise InvalidHand(f"honour {d}z at character {k}: honours are 1z-7z")
                    t = 26 + d
                else:
                    if not 1 <= d <= 8:
                        raise InvalidHand(f"flower {d}f at character {k}: flowers are 1f-8f")
                    if in_meld:
                        raise InvalidHand(f"flower {d}f at character {k} inside a meld")
                    out.add_flower(d)
                    continue
                if in_meld:
                    mcode = (mcode * 64 + t + 1) & _PACK_MASK
                    nmt += 1
                else:
                    standing.append(t)
        elif what == _TILE:
            if np:
                if in_meld:
                    raise InvalidHand(f"unexpected {_where(s, i)}: a meld's claim digit comes last")
                raise _pending_error(s, pend_at)
            if comma_at >= 0:
                raise InvalidHand(
                    f"unexpected {_where(s, i)}: a comma must be followed by one claim digit")
            if in_meld:
                mcode = (mcode * 64 + v + 1) & _PACK_MASK
                nmt += 1
            else:
                if out.tile_at < 0:
                    out.tile_at = i
                standing.append(v)
        elif what == _SPACE:
            pass
        elif what == _OPEN:
            if in_meld:
                raise InvalidHand(f"unexpected {_where(s, i)}: melds cannot nest")
            if np:
                raise _pending_error(s, pend_at)
            in_meld = True
            meld_at = i
            comma_at = -1
            nmt = 0
            mcode = 0
            if out.meld_at < 0:
                out.meld_at = i
        elif what == _CLOSE:
            if not in_meld:
                raise InvalidHand(f"unexpected {_where(s, i)}: no meld is open")
            claim = -1
            if np:
                if np != 1:
                    digits = "".join([ch for ch in s[pend_at:i] if "0" <= ch <= "9"])
                    raise InvalidHand(
                        f"digits {describe(digits)} at character {pend_at + 1} have no suit letter")
                claim = ord(s[pend_at]) - 48
                np = 0
            elif comma_at >= 0:
                raise InvalidHand(
                    f"comma at character {comma_at + 1} is not followed by a claim digit")
            out.add_meld(_meld(mcode, nmt, claim, meld_at))
            in_meld = False
            comma_at = -1
        elif what == _COMMA:
            if not in_meld or comma_at >= 0 or np:
                raise InvalidHand(
                    f"unexpected {_where(s, i)}: a comma only goes before a meld's claim digit")
            comma_at = i
        else:
            raise InvalidHand(f"unexpected {_where(s, i)}")
        i += 1
    if in_meld:
        raise InvalidHand(f"meld opened at character {meld_at + 1} is not closed with ']'")
    if np:
        raise _pending_error(s, pend_at)
    return out


# -- the Botzone reader ------------------------------------------------------------------------
_BOTZONE: Final = "WBTFJH"  # W 万, B 饼, T 条, F winds, J dragons (J1 中 J2 发 J3 白), H flowers


def _is_botzone_code(s: str, i: int) -> bool:
    """True when a Botzone tile code (a letter of WBTFJH and a digit) starts at ``i``."""
    o = ord(s[i])
    if not (o == 87 or o == 66 or o == 84 or o == 70 or o == 74 or o == 72):  # W B T F J H
        return False
    return i + 1 < len(s) and 48 <= ord(s[i + 1]) <= 57


def _looks_botzone(s: str) -> bool:
    """True when the first tile of ``s`` is a Botzone code and no MPSZ suit letter is written:
    then the text is read as Botzone codes first (MPSZ cannot read it)."""
    n = len(s)
    for i in range(n):
        o = ord(s[i])
        if o == 91 or (o < 128 and _CHAR[o] == _SPACE) or (o >= 128 and (
                s[i] in _IGNORED or s[i].isspace())):
            continue  # [ or space
        if not _is_botzone_code(s, i):
            return False
        return all(suit not in s for suit in "mpszf")
    return False


def _any_botzone_code(s: str) -> bool:
    return any(_is_botzone_code(s, i) for i in range(len(s)))


#: the Botzone code letters: W 万, B 饼, T 条, F winds, J dragons (J1 中 J2 发 J3 白), H flowers,
#: as the value of _BOTZONE_LETTER[ord(ch)] (0-5; -1 for any other character)
_BOTZONE_LETTER: Final[tuple[int, ...]] = tuple(_BOTZONE.find(chr(c)) for c in range(128))


def _read_botzone(s: str) -> _Read:
    out = _Read()
    i, n = 0, len(s)
    in_meld = False
    meld_at = 0
    meld: list[int] = []
    while i < n:
        o = ord(s[i])
        if o < 128:
            c = _CHAR[o]
            code = _BOTZONE_LETTER[o]
        else:
            c = _SPACE if s[i] in _IGNORED or s[i].isspace() else _BAD
            code = -1
        if c == _SPACE:
            i += 1
            continue
        if c == _OPEN:
            if in_meld:
                raise InvalidHand(f"unexpected {_where(s, i)}: melds cannot nest")
            in_meld = True
            meld_at = i
            meld.clear()  # Meld copies its tiles: one list serves every meld
            if out.meld_at < 0:
                out.meld_at = i
            i += 1
            continue
        if c in (_CLOSE, _COMMA):
            if not in_meld:
                raise InvalidHand(f"unexpected {_where(s, i)}: no meld is open")
            claim = -1
            if c == _COMMA:
                if i + 2 < n and 48 <= ord(s[i + 1]) <= 57 and ord(s[i + 2]) == 93:
                    claim = ord(s[i + 1]) - 48
                    i += 2
                else:
                    raise InvalidHand(f"unexpected {_where(s, i)}: expected ',digit]'")
            out.add_meld(_meld(_pack(meld), len(meld), claim, meld_at))
            in_meld = False
            i += 1
            continue
        if code >= 0 and i + 1 < n and 48 <= ord(s[i + 1]) <= 57:
            v = ord(s[i + 1]) - 48
            if code < 3:
                if not 1 <= v <= 9:
                    raise InvalidHand(f"tile code {s[i]}{v} at character {i + 1}: ranks are 1-9")
                t = code * 9 + v - 1
            elif code == 3:
                if not 1 <= v <= 4:
                    raise InvalidHand(f"tile code F{v} at character {i + 1}: winds are F1-F4")
                t = 26 + v
            elif code == 4:
                if not 1 <= v <= 3:
                    raise InvalidHand(f"tile code J{v} at character {i + 1}: dragons are J1-J3")
                t = 34 - v
            else:
                if not 1 <= v <= 8:
                    raise InvalidHand(f"tile code H{v} at character {i + 1}: flowers are H1-H8")
                if in_meld:
                    raise InvalidHand(f"flower H{v} at character {i + 1} inside a meld")
                if out.flower_at < 0:
                    out.flower_at = i
                out.add_flower(v)
                i += 2
                continue
            if in_meld:
                meld.append(t)
            else:
                if out.tile_at < 0:
                    out.tile_at = i
                out.tiles.append(t)
            i += 2
            continue
        raise InvalidHand(f"unexpected {_where(s, i)} in Botzone tile codes")
    if in_meld:
        raise InvalidHand(f"meld opened at character {meld_at + 1} is not closed with ']'")
    return out


#: added to a fault of a text with a capital suit letter after a digit (``123M``)
_CASE_HINT: Final = ("; suits are lowercase m p s z (123m 456p 789s 11z); capital letters are the "
                     "honours E S W N and P F C")


def _capital_suit(s: str) -> bool:
    """A digit followed by a capital M, P, S or Z: a suit letter written in capitals."""
    return any("0" <= s[i] <= "9" and s[i + 1] in "MPSZ" for i in range(len(s) - 1))


def _read(s: object) -> _Read:
    try:
        return _read_any(s)
    except InvalidHand as exc:
        if type(exc) is InvalidHand and isinstance(s, str) and _capital_suit(s):
            raise InvalidHand(str(exc) + _CASE_HINT) from None
        raise


def _read_any(s: object) -> _Read:
    if not isinstance(s, str):
        raise InvalidHand(f"expected a hand as text, got {type(s).__name__}")
    if len(s) > MAX_INPUT_LENGTH:
        raise InvalidHand(f"input of {len(s)} characters is too long (at most {MAX_INPUT_LENGTH})")
    if _looks_botzone(s):
        try:
            return _read_botzone(s)
        except InvalidHand:
            pass  # the MPSZ reader names the fault
        return _read_mpsz(s)
    try:
        return _read_mpsz(s)
    except InvalidHand as first:
        if not _any_botzone_code(s):
            raise
        try:
            return _read_botzone(s)
        except InvalidHand:
            raise first from None


# -- public readers ------------------------------------------------------------------------------
def parse_hand(text: object) -> Hand:
    """Parse a hand written in any supported notation; a :class:`Hand` is returned as is.

    A hand of 14 tiles (each kong counting as 3) is complete and its last written standing tile is
    the winning tile; a hand of 13 tiles is a waiting hand. Raises :class:`InvalidHand` naming the
    fault for anything else, wrong types included.
    """
    if isinstance(text, Hand):
        return text
    r = _read(text)
    melds = r.melds
    standing = r.tiles
    nm = 0 if melds is None else len(melds)
    if not nm and not standing:
        raise InvalidHand("empty hand: write 13 or 14 tiles, e.g. 123m456p789s1122z 2z")
    if nm > 4:
        raise InvalidHand(f"{nm} melds: a hand has at most 4")
    n = 3 * nm + len(standing)
    if n == 13 or n == 14:
        w = standing.pop() if n == 14 else None  # the last standing tile written
        flowers = r.flowers
        return Hand(_NO_MELDS if melds is None else melds, standing, w,
                    _NO_FLOWERS if flowers is None else flowers)
    if n < 13:
        need = f"{13 - n} more for a waiting hand, {14 - n} for a complete one"
    else:
        need = f"{n - 14} too many for a complete hand"
    raise InvalidHand(f"{n} tiles (each kong counts as 3): a hand has 13 or 14 ({need})")


def parse_tiles(text: object) -> list[int]:
    """Parse a plain list of tiles (no melds, no flowers), e.g. dora indicators ``"3m7z"``.

    ``text`` is a ``str``; anything else raises :class:`InvalidHand` (the parameter is typed
    ``object`` so that a compiled build checks it here too, not with a TypeError)."""
    r = _read(text)
    if r.meld_at >= 0:
        raise InvalidHand(f"meld at character {r.meld_at + 1}: only tiles are allowed here")
    if r.flower_at >= 0:
        raise InvalidHand(f"flower at character {r.flower_at + 1}: only tiles are allowed here")
    return r.tiles


def parse_tile(text: object) -> int:
    """Parse exactly one tile (``text`` a ``str``, as for :func:`parse_tiles`)."""
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise InvalidHand(f"expected one tile, got {len(tiles)} in {describe(text)}")
    return tiles[0]


def parse_flowers(value: object) -> tuple[int, ...] | int:
    """Flowers given as a count (returned as an int 0–8) or as flower tiles ``"1258f"``
    (``value`` an int, a str or None; anything else raises :class:`InvalidHand`)."""
    if value is None:
        return 0
    if isinstance(value, bool):
        raise InvalidHand("flowers must be a count or flower tiles such as '1258f'")
    if isinstance(value, int):
        if not 0 <= value <= 8:
            raise InvalidArgument(f"flowers={describe(value)}: there are 8 flowers")
        return value
    stripped = value.strip() if isinstance(value, str) else ""
    if stripped and len(stripped) <= 2 and all("0" <= c <= "9" for c in stripped):
        return parse_flowers(int(stripped))
    r = _read(value)
    first = min(p for p in (r.tile_at, r.meld_at, 1 << 30) if p >= 0)
    if first < 1 << 30:
        raise InvalidHand(f"position {first}: only flower tiles (1f-8f) are allowed here")
    seen: list[int] = []
    for f in r.flowers or ():
        if f in seen:
            raise InvalidHand(f"flower {f}f appears twice (there is one of each flower)")
        seen.append(f)
    return tuple(sorted(seen))


# -- formatting (the writer is suanfan.writing, below the hand model) ----------------------------
def format_meld(m: Meld, style: str = "mpsz") -> str:
    """One meld in brackets with its claim digit, e.g. ``[567m2]``, ``[EEEE5]``, ``[W5W6W7,2]``."""
    return meld_text(m.tiles, m.claim_digit, check_style(style))


def format_hand(hand: object, style: object = "mpsz") -> str:
    """The hand in ``style``: ``"mpsz"`` (canonical), ``"letters"`` (honours as E S W N P F C),
    ``"unicode"`` (Unicode mahjong tiles; a red five as ``0m``/``0p``/``0s``, since Unicode has
    no red five) or ``"botzone"`` (tile codes W1 B1 T1 F1 J1 H1; they have no red five, so a red
    five is written as a five). The winning tile is last, set apart by a space; flowers follow
    after another space."""
    check_style(style)
    if not isinstance(hand, Hand):
        raise InvalidArgument(f"hand={describe(hand)}: format_hand takes a Hand (parse_hand reads one)")
    return hand.to_string(style)
