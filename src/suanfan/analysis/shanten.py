"""Shanten (向听数): how many tiles a hand is from ready (0) or complete (-1).

Definition
----------
The shanten of a hand is the least number of tiles it must draw (each with a discard) to be complete,
minus one. A 13-tile hand at 0 is ready (听牌 / tenpai); a 14-tile hand at -1 is complete. Declared
melds are never re-split: the standing tiles must make the remaining ``4 - melds`` sets and a pair.

* **riichi** counts the real tile supply of the standing tiles: a wait on a tile of which the hand
  already holds all four is no wait (``1111m234567789p`` is 1-shanten, not ready). This is exactly
  the figure of the ``mahjong`` package (which also ignores the tiles in declared melds).
* **MCR** follows PyMahjongGB (the Botzone judge): it counts shapes only, so ``1111m234567789p`` is
  ready on 1m. Its forms: standard, 七对 (a four of a kind is two pairs), 十三幺, 全不靠 / 七星不靠
  and 组合龙 (with at most one declared meld).

Method
------
For every suit pattern (nine counts; seven for honours) a vector ``d[p*5 + m]`` holds the fewest
tiles to draw so that the suit holds ``m`` sets and ``p`` pairs (``m`` ≤ 4, ``p`` ≤ 1), computed once
by a dynamic programme over the nine ranks (carrying the chows that run into the next ranks; a
suffix memo shares work between patterns) and cached by the pattern's bytes; translated and mirrored
patterns share one entry. A hand's shanten is then a min-plus combination of four such vectors — a
few dozen integer additions, no search. The riichi tables cap a kind at 4 copies; the MCR tables
at 5 (shapes only; see ``_CAP_NONE``). Tables fill lazily: the first hands of a process pay for
the patterns they meet (about 0.3 ms each, a few thousand patterns in all for random hands).

For a 14-tile hand that is not complete this equals the least shanten over its discards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Final, cast

from ..hand import Hand
from ..notation import parse_hand
from ..tiles import KIND, NUM_KINDS, TERMINALS_AND_HONORS

__all__ = [
    "FORMS_MCR",
    "FORMS_RIICHI",
    "KNITTED_PATTERNS",
    "hand_counts",
    "mcr_shanten",
    "mcr_shanten_counts",
    "meld_kinds",
    "regular_shanten_counts",
    "riichi_shanten",
    "riichi_shanten_counts",
    "shanten",
    "shanten_by_form",
]

_INF: Final = 64
_Vec = tuple[int, ...]

#: cap on copies of one kind in a target hand: 4 for riichi (the real supply). MCR counts shapes
#: only (a single wait on the fifth copy of a kind is "ready"); no optimal target ever needs more
#: than one copy beyond the four, so 5 gives the uncapped vectors (checked on every honour pattern
#: and a sample of 12,000 suit patterns against caps 6, 8 and 16) at a quarter of the cost.
_CAP_RIICHI: Final = 4
_CAP_NONE: Final = 5

FORMS_MCR: Final = ("standard", "seven_pairs", "thirteen_orphans", "honors_and_knitted",
                    "knitted_straight")
FORMS_RIICHI: Final = ("standard", "seven_pairs", "thirteen_orphans")


# -- per-suit distance vectors ------------------------------------------------------------------
class _SuitTable:
    """Distance vectors of suit patterns for one (chows allowed, copy cap) configuration."""

    __slots__ = ("cap", "chows", "memo", "prune", "top")

    def __init__(self, chows: bool, cap: int, prune: bool = True) -> None:
        self.chows = chows
        self.cap = cap
        self.prune = prune
        self.top: dict[bytes, _Vec] = {}
        self.memo: dict[bytes, _Vec] = {}

    def get(self, pattern: bytes) -> _Vec:
        v = self.top.get(pattern)
        if v is None:
            key = self.canonical(pattern)
            v = self.top.get(key)
            if v is None:
                v = self._suffix(key, 0, 0, 0)
                self.top[key] = v
            self.top[pattern] = v
        return v

    def canonical(self, pattern: bytes) -> bytes:
        """A pattern with the same vector, shared by its translations and its mirror image.

        A set that uses a held tile reaches at most two ranks beyond it, so runs of more than two
        empty ranks at either end matter only as room for sets drawn whole; the run is cut to two
        and the empty ranks are put back at the right end (same room). The smaller of that and
        the same for the mirror image (ranks 9-1) is the key. Honour patterns are sorted already.
        """
        if not self.chows:
            return pattern
        key = _shift_left(pattern)
        rev = _shift_left(pattern[::-1])
        return rev if rev < key else key

    def direct(self, pattern: bytes) -> _Vec:
        """The vector computed on the pattern as given (for tests of :meth:`canonical`)."""
        return self._suffix(pattern, 0, 0, 0)

    def _suffix(self, h: bytes, i: int, c1: int, c2: int) -> _Vec:
        """Fewest draws for ranks ``i..`` given ``c1`` chows begun at ``i-1``, ``c2`` at ``i-2``."""
        n = len(h)
        if i == n:
            return _ZERO
        key = h[i:] + bytes((c1, c2))
        v = self.memo.get(key)
        if v is not None:
            return v
        hi = h[i]
        base = c1 + c2
        cap = self.cap
        # chows begun here: their tiles stay within the suit, and no hand has more than 4 sets.
        # Nor more than the most tiles held on one of their three ranks: if each of the three
        # ranks held fewer, one such chow would be drawn whole (3 tiles), and a pung drawn on a
        # rank with room left (one exists: at most 11 other target tiles on nine ranks) costs
        # no more; so an optimal target without that chow exists.
        if self.chows and i <= n - 3:
            max_c = min(4 - base, cap - base)
            if self.prune:
                max_c = min(max_c, max(hi, h[i + 1], h[i + 2]))
        else:
            max_c = 0
        cands: list[_Vec] = []
        for c in range(max_c + 1):
            sub = self._suffix(h, i + 1, c, c1) + _PAD
            shift = _SHIFT[c]
            w0 = base + c
            # (pungs here, pairs here): the tiles this rank holds in the target
            for q, r, w in ((0, 0, w0), (0, 1, w0 + 2), (1, 0, w0 + 3), (1, 1, w0 + 5)):
                if w > cap or c + q > 4:
                    continue
                # sub's entries moved up by c+q sets and r pairs, plus the tiles drawn here
                cand = shift[q][r](sub)
                if w > hi:
                    cost = w - hi
                    cand = tuple([x + cost for x in cand])
                cands.append(cand)
        out = tuple(map(min, *cands)) if len(cands) > 1 else cands[0]
        self.memo[key] = out
        return out


_ZERO: Final[_Vec] = (0,) + (_INF,) * 9
_PAD: Final[_Vec] = (_INF,)


def _shifter(dm: int, r: int) -> Callable[[_Vec], _Vec]:
    # entry (p, m) of the result comes from entry (p - r, m - dm); index 10 is the _PAD entry
    idx = [((p - r) * 5 + m - dm) if (p >= r and m >= dm) else 10 for p in (0, 1) for m in range(5)]
    return cast(Callable[[_Vec], _Vec], itemgetter(*idx))


#: _SHIFT[c][q][r]: move a vector up by c + q sets and r pairs
_SHIFT: Final = tuple(
    tuple(tuple(_shifter(min(c + q, 4), r) for r in (0, 1)) for q in (0, 1)) for c in range(5)
)


def _shift_left(pattern: bytes) -> bytes:
    core = pattern.strip(b"\0")
    if not core:
        return pattern
    n = len(pattern)
    lo = pattern.index(core)
    key = b"\0" * min(lo, 2) + core
    return key + b"\0" * (n - len(key))

_TABLES: Final = {
    (True, _CAP_RIICHI): _SuitTable(True, _CAP_RIICHI),
    (False, _CAP_RIICHI): _SuitTable(False, _CAP_RIICHI),
    (True, _CAP_NONE): _SuitTable(True, _CAP_NONE),
    (False, _CAP_NONE): _SuitTable(False, _CAP_NONE),
}


def _honor_key(counts: Sequence[int]) -> bytes:
    # honours are independent of each other: their order does not matter
    return bytes(sorted(counts[27:34]))


def _conv(a: _Vec, b: _Vec) -> _Vec:
    """Min-plus combination of two distance vectors (sets add up, at most one pair).

    Written out term by term: this is the inner loop of every shanten computation.
    """
    a0, a1, a2, a3, a4, a5, a6, a7, a8, a9 = a
    b0, b1, b2, b3, b4, b5, b6, b7, b8, b9 = b
    return (
        a0 + b0,
        min(a0 + b1, a1 + b0),
        min(a0 + b2, a1 + b1, a2 + b0),
        min(a0 + b3, a1 + b2, a2 + b1, a3 + b0),
        min(a0 + b4, a1 + b3, a2 + b2, a3 + b1, a4 + b0),
        min(a0 + b5, a5 + b0),
        min(a0 + b6, a5 + b1, a1 + b5, a6 + b0),
        min(a0 + b7, a5 + b2, a1 + b6, a6 + b1, a2 + b5, a7 + b0),
        min(a0 + b8, a5 + b3, a1 + b7, a6 + b2, a2 + b6, a7 + b1, a3 + b5, a8 + b0),
        min(a0 + b9, a5 + b4, a1 + b8, a6 + b3, a2 + b7, a7 + b2, a3 + b6, a8 + b1, a4 + b5, a9 + b0),
    )


def _regular_distance(counts: Sequence[int], n_sets: int, cap: int) -> int:
    """Fewest draws so that ``counts`` holds ``n_sets`` sets and a pair."""
    suits = _TABLES[(True, cap)]
    honors = _TABLES[(False, cap)]
    top = suits.top
    raw = bytes(counts)
    k = raw[0:9]
    a = top.get(k) or suits.get(k)
    k = raw[9:18]
    b = top.get(k) or suits.get(k)
    k = raw[18:27]
    c = top.get(k) or suits.get(k)
    k = bytes(sorted(raw[27:34]))
    d = honors.top.get(k) or honors.get(k)
    ab = _conv(a, b)
    cd = _conv(c, d)
    best = _INF
    for m in range(n_sets + 1):
        x = ab[m] + cd[5 + n_sets - m]
        if x < best:
            best = x
        x = ab[5 + m] + cd[n_sets - m]
        if x < best:
            best = x
    return best


def _small_distance(vecs: Sequence[_Vec], n_sets: int) -> int:
    """Fewest draws for ``n_sets`` ≤ 1 sets and a pair from four groups' vectors (what is left
    beside a 组合龙): no combination needed, the set and the pair come from one or two groups."""
    if n_sets <= 0:
        return min(v[5] for v in vecs)
    best = min(v[6] for v in vecs)
    for i, x in enumerate(vecs):
        p = x[5]
        for j, y in enumerate(vecs):
            if i != j and p + y[1] < best:
                best = p + y[1]
    return best


_KNIT_CACHE: Final[dict[bytes, _Vec]] = {}


def _knit_rest(pattern: bytes, start: int) -> _Vec:
    """Vector of a suit with one of each held knitted tile (ranks start, start+3, start+6) taken."""
    key = pattern + bytes((start,))
    v = _KNIT_CACHE.get(key)
    if v is None:
        rest = bytearray(pattern)
        for i in (start, start + 3, start + 6):
            if rest[i]:
                rest[i] -= 1
        v = _TABLES[(True, _CAP_NONE)].get(bytes(rest))
        _KNIT_CACHE[key] = v
    return v


def regular_shanten_counts(counts: Sequence[int], n_melds: int = 0, system: str = "mcr") -> int:
    """Standard-form shanten of standing-tile kind counts (34) next to ``n_melds`` declared melds."""
    cap = _CAP_RIICHI if system == "riichi" else _CAP_NONE
    return _regular_distance(counts, 4 - n_melds, cap) - 1


# -- special forms --------------------------------------------------------------------------------
# A hand's kinds as a bit mask with one byte per kind (byte k is 1 when kind k is held), made by one
# bytes.translate; the special forms are then popcounts of masked integers.
_HELD: Final = bytes(min(c, 1) for c in range(256))
_PAIRED: Final = bytes(1 if c >= 2 else 0 for c in range(256))


def _byte_mask(kinds: Sequence[int]) -> int:
    return sum(1 << (8 * k) for k in kinds)


#: the first rank (0-2) of the knitted tiles in each suit, for the six spreads
_KNITTED_STARTS: Final = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))


def _knitted_patterns() -> tuple[tuple[int, ...], ...]:
    out = []
    for a, b, c in _KNITTED_STARTS:
        kinds: list[int] = []
        for suit, start in ((0, a), (1, b), (2, c)):
            kinds.extend(9 * suit + start + 3 * j for j in range(3))
        out.append(tuple(sorted(kinds)))
    return tuple(out)


#: the six ways to spread 147 / 258 / 369 over the three suits (组合龙)
KNITTED_PATTERNS: Final = _knitted_patterns()
_KNITTED_MASKS: Final = tuple(_byte_mask(p) for p in KNITTED_PATTERNS)
_HONOR_MASK: Final = _byte_mask(range(27, 34))
_ORPHAN_MASK: Final = _byte_mask(TERMINALS_AND_HONORS)


def _masks(counts: Sequence[int]) -> tuple[int, int]:
    """(kinds held, kinds held twice or more) as byte masks."""
    b = bytes(counts)
    return (int.from_bytes(b.translate(_HELD), "little"),
            int.from_bytes(b.translate(_PAIRED), "little"))


def _seven_pairs_mcr(counts: Sequence[int]) -> int:
    # MCR: four of a kind may be two pairs (PyMahjongGB counts it so too)
    b = bytes(counts)
    return 6 - b.count(2) - b.count(3) - 2 * b.count(4)


def _seven_pairs_riichi(held: int, paired: int) -> int:
    # riichi: seven different pairs; a kind held four times is one pair
    kinds = held.bit_count()
    return 6 - paired.bit_count() + (7 - kinds if kinds < 7 else 0)


def _thirteen_orphans(held: int, paired: int) -> int:
    return 13 - (held & _ORPHAN_MASK).bit_count() - (1 if paired & _ORPHAN_MASK else 0)


def _honors_and_knitted(held: int) -> int:
    """全不靠: fourteen different tiles among one knitted spread and the seven honours."""
    best = max((held & m).bit_count() for m in _KNITTED_MASKS)
    return 13 - (held & _HONOR_MASK).bit_count() - best


def _knitted_straight(counts: Sequence[int], held: int, n_melds: int, bound: int = _INF) -> int:
    """组合龙 + one set + a pair (at most one declared meld). ``bound``: skip what cannot beat it."""
    best = bound
    n_sets = 1 - n_melds
    suits: list[bytes] = []
    honors: _Vec = _ZERO
    for starts, pm in zip(_KNITTED_STARTS, _KNITTED_MASKS, strict=True):
        missing = 9 - (held & pm).bit_count()
        if missing - 1 >= best:
            continue
        if not suits:
            suits = [bytes(counts[0:9]), bytes(counts[9:18]), bytes(counts[18:27])]
            honors = _TABLES[(False, _CAP_NONE)].get(_honor_key(counts))
        vecs = (_knit_rest(suits[0], starts[0]), _knit_rest(suits[1], starts[1]),
                _knit_rest(suits[2], starts[2]), honors)
        x = missing + _small_distance(vecs, n_sets) - 1
        if x < best:
            best = x
    return best


# -- whole hands ----------------------------------------------------------------------------------
def mcr_shanten_counts(counts: Sequence[int], n_melds: int = 0) -> int:
    """MCR shanten (minimum over the five forms) of standing-tile counts next to ``n_melds`` melds."""
    s = _regular_distance(counts, 4 - n_melds, _CAP_NONE) - 1
    if s < 0 or n_melds > 1:
        return s
    held, paired = _masks(counts)
    if n_melds == 0:
        x = _seven_pairs_mcr(counts)
        if x < s:
            s = x
        x = _thirteen_orphans(held, paired)
        if x < s:
            s = x
        x = _honors_and_knitted(held)
        if x < s:
            s = x
        if s < 0:
            return s
    return _knitted_straight(counts, held, n_melds, s)


def riichi_shanten_counts(counts: Sequence[int], n_melds: int = 0) -> int:
    """Riichi shanten (standard, chiitoitsu, kokushi) of standing-tile counts next to melds."""
    s = _regular_distance(counts, 4 - n_melds, _CAP_RIICHI) - 1
    if n_melds == 0 and s >= 0:
        held, paired = _masks(counts)
        x = _seven_pairs_riichi(held, paired)
        if x < s:
            s = x
        x = _thirteen_orphans(held, paired)
        if x < s:
            s = x
    return s


def hand_counts(hand: Hand) -> tuple[list[int], int]:
    """The standing tiles' kind counts (winning tile included) and the number of declared melds."""
    counts = [0] * NUM_KINDS
    for t in hand.concealed:
        counts[KIND[t]] += 1
    if hand.winning_tile is not None:
        counts[KIND[hand.winning_tile]] += 1
    return counts, len(hand.melds)


def _system(system: str) -> str:
    from ..errors import InvalidHand

    s = system.lower()
    if s.startswith("mcr") or s in ("gb", "guobiao", "chinese"):
        return "mcr"
    if s.startswith("riichi") or s in ("japanese", "jp", "default", "tenhou", "mahjongsoul",
                                       "majsoul", "wrc", "ema"):
        return "riichi"
    raise InvalidHand(f"unknown rule system {system!r}: use 'mcr' or 'riichi'")


def shanten(hand: str | Hand, system: str = "mcr") -> int:
    """Shanten of a 13- or 14-tile hand under ``system`` (``"mcr"`` or ``"riichi"``).

    -1: complete (14 tiles); 0: ready (13 tiles) or one discard from ready (14 tiles).
    """
    h = parse_hand(hand)
    counts, n_melds = hand_counts(h)
    if _system(system) == "riichi":
        return riichi_shanten_counts(counts, n_melds)
    return mcr_shanten_counts(counts, n_melds)


def mcr_shanten(hand: str | Hand) -> int:
    """MCR shanten: the least over standard, 七对, 十三幺, 全不靠 and 组合龙 forms."""
    return shanten(hand, "mcr")


def riichi_shanten(hand: str | Hand) -> int:
    """Riichi shanten: the least over standard, chiitoitsu and kokushi forms."""
    return shanten(hand, "riichi")


def shanten_by_form(hand: str | Hand, system: str = "mcr") -> dict[str, int | None]:
    """Shanten of each winning form (``None`` where declared melds rule the form out)."""
    h = parse_hand(hand)
    counts, n_melds = hand_counts(h)
    sysname = _system(system)
    cap = _CAP_RIICHI if sysname == "riichi" else _CAP_NONE
    out: dict[str, int | None] = {"standard": _regular_distance(counts, 4 - n_melds, cap) - 1}
    closed = n_melds == 0
    held, paired = _masks(counts)
    if sysname == "riichi":
        out["seven_pairs"] = _seven_pairs_riichi(held, paired) if closed else None
        out["thirteen_orphans"] = _thirteen_orphans(held, paired) if closed else None
        return out
    out["seven_pairs"] = _seven_pairs_mcr(counts) if closed else None
    out["thirteen_orphans"] = _thirteen_orphans(held, paired) if closed else None
    out["honors_and_knitted"] = _honors_and_knitted(held) if closed else None
    out["knitted_straight"] = _knitted_straight(counts, held, n_melds) if n_melds <= 1 else None
    return out


def meld_kinds(hand: Hand) -> list[int]:
    """Kind counts (34) of the declared melds, a kong counting four."""
    counts = [0] * NUM_KINDS
    for m in hand.melds:
        for t in m.tiles:
            counts[KIND[t]] += 1
    return counts
