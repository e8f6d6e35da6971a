"""The per-suit distance vectors of the first shanten implementation (a suffix dynamic programme
over tuples), kept as an independent reference for the packed tables of
:mod:`suanfan.shanten`: ``_SuitTable(chows, cap).direct(pattern)[p*5 + m]`` is the fewest
tiles to draw so that the suit pattern holds ``m`` sets and ``p`` pairs.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Final, cast

_INF: Final = 64
_Vec = tuple[int, ...]


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
