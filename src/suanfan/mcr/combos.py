"""Set-combination fans with the account-once principle (套算一次) and non-identical
principle (不得相同): chow combinations and pung combinations (the engine memoises them per
sorted set tuple).

Chows are given by the kind of their lowest tile (0–26); pungs (kongs included) by their kind.
Each function returns ``(counted, removed)``: lists of ``(fan_id, kinds_used)``; ``removed`` are
pair fans dropped by 套算一次.
"""

from __future__ import annotations

from .fans import FAN_BY_ID

__all__ = ["Combo", "chow_fans", "pung_fans"]

Combo = tuple[tuple[tuple[str, tuple[int, ...]], ...], tuple[tuple[str, tuple[int, ...]], ...]]


def _suit(k: int) -> int:
    return k // 9


def _rank(k: int) -> int:  # 0-based rank of a numbered kind
    return k % 9


def chow_pair_fan(a: int, b: int) -> str | None:
    """The two-chow fan of chows ``a`` and ``b`` (一般高, 喜相逢, 连六, 老少副) or None."""
    return _PAIR_FAN[a * 27 + b]


def _chow_pair_fan(a: int, b: int) -> str | None:
    if _suit(a) != _suit(b):
        return "mixed_double_chow" if _rank(a) == _rank(b) else None
    if a == b:
        return "pure_double_chow"
    if abs(a - b) == 3:
        return "short_straight"
    if {_rank(a), _rank(b)} == {0, 6}:
        return "two_terminal_chows"
    return None


_PAIR_FAN: tuple[str | None, ...] = tuple(_chow_pair_fan(a, b) for a in range(27) for b in range(27))


def chow_triple_fan(a: int, b: int, c: int) -> str | None:
    """The three-chow fan of sorted chows (清龙, 一色三步高, 一色三同顺, 花龙, 三色三同顺, 三色三步高)."""
    sa, sb, sc = _suit(a), _suit(b), _suit(c)
    ra, rb, rc = _rank(a), _rank(b), _rank(c)
    if sa != sb and sa != sc and sb != sc:
        r = sorted((ra, rb, rc))
        if r[0] + 1 == r[1] and r[1] + 1 == r[2]:
            return "mixed_shifted_chows"
        if ra == rb == rc:
            return "mixed_triple_chow"
        if r == [0, 3, 6]:
            return "mixed_straight"
        return None
    if sa == sb == sc:
        if ra == 0 and b == a + 3 and c == a + 6:
            return "pure_straight"
        if (b == a + 1 and c == b + 1) or (b == a + 2 and c == b + 2):
            return "pure_shifted_chows"
        if a == b == c:
            return "pure_triple_chow"
    return None


def _quad_fan(t: tuple[int, ...]) -> str | None:
    a, b, c, d = t
    if _suit(a) != _suit(d):
        return None
    if (b == a + 1 and c == b + 1 and d == c + 1) or (b == a + 2 and c == b + 2 and d == c + 2):
        return "four_pure_shifted_chows"
    if a == d:
        return "quadruple_chow"
    return None


_EXTRA_ORDER = ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows")


def _pairs_capped(chows: tuple[int, ...]) -> Combo:
    """Pair fans among chows with no three-chow fan: at most n - (connected components) of
    them (each counted pair must bring in a chow not yet combined); the surplus is removed from
    the cheapest duplicates first (老少副 → 连六 → 喜相逢 → 一般高)."""
    n = len(chows)
    pairs: list[tuple[str, tuple[int, ...]]] = []
    parent = list(range(n))

    def find(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    for i in range(n):
        for j in range(i + 1, n):
            f = chow_pair_fan(chows[i], chows[j])
            if f is not None:
                pairs.append((f, (chows[i], chows[j])))
                ri, rj = find(i), find(j)
                if ri != rj:
                    parent[ri] = rj
    comps = sum(1 for i in range(n) if find(i) == i)
    cap = n - comps
    if len(pairs) <= cap:
        return (tuple(pairs), ())
    # remove surplus: first reduce each fan kind to one, cheapest kinds first, then to zero
    kept = list(pairs)
    removed: list[tuple[str, tuple[int, ...]]] = []
    for limit in (1, 0):
        for fid in reversed(_EXTRA_ORDER):
            while len(kept) > cap:
                same = [p for p in kept if p[0] == fid]
                if len(same) <= limit:
                    break
                victim = same[-1]
                kept.remove(victim)
                removed.append(victim)
        if len(kept) <= cap:
            break
    return (tuple(kept), tuple(removed))


def chow_fans(chows: tuple[int, ...], pair: int) -> Combo:
    """Fans of the (sorted) chows of a standard hand; ``pair`` is the pair kind (or -1)."""
    n = len(chows)
    if n < 2:
        return ((), ())
    if n == 4:
        # 一色双龙会 / 三色双龙会: two 123 and two 789 chows with a pair of 5s
        if 0 <= pair < 27 and _rank(pair) == 4 and all(_rank(c) in (0, 6) for c in chows):
            ps = _suit(pair)
            suits = [_suit(c) for c in chows]
            lows = sorted(_suit(c) for c in chows if _rank(c) == 0)
            highs = sorted(_suit(c) for c in chows if _rank(c) == 6)
            if all(s == ps for s in suits) and len(lows) == 2:
                return ((("pure_terminal_chows", (*chows, pair)),), ())
            if ps not in suits and len(lows) == 2 and lows == highs and lows[0] != lows[1]:
                return ((("three_suited_terminal_chows", (*chows, pair)),), ())
        q = _quad_fan(chows)
        if q is not None:
            return (((q, chows),), ())
        best: tuple[int, Combo] | None = None
        for skip in (3, 2, 1, 0):
            tri = tuple(c for i, c in enumerate(chows) if i != skip)
            f = chow_triple_fan(*tri)
            if f is None:
                continue
            extra = chows[skip]
            # the fourth chow may combine once, with one chow of the three
            options = [(chow_pair_fan(t, extra), t) for t in tri]
            found = [(g, t) for g, t in options if g is not None]
            counted: list[tuple[str, tuple[int, ...]]] = [(f, tri)]
            removed: list[tuple[str, tuple[int, ...]]] = []
            if found:
                found.sort(key=lambda x: _EXTRA_ORDER.index(x[0]))
                g, t = found[0]
                counted.append((g, (t, extra)))
                removed.extend((g2, (t2, extra)) for g2, t2 in found[1:])
            score = FAN_BY_ID[f].value + (1 if found else 0)
            if best is None or score > best[0]:
                best = (score, (tuple(counted), tuple(removed)))
        if best is not None:
            return best[1]
        return _pairs_capped(chows)
    if n == 3:
        f = chow_triple_fan(*chows)
        if f is not None:
            return (((f, chows),), ())
        return _pairs_capped(chows)
    f2 = chow_pair_fan(chows[0], chows[1])
    return ((((f2, chows),) if f2 else ()), ())


def _pung_pair_fan(a: int, b: int) -> str | None:
    if a < 27 and b < 27:
        return "double_pung" if a % 9 == b % 9 else None
    if a >= 31 and b >= 31:
        return "two_dragon_pungs"
    return None


def _pung_triple_fan(a: int, b: int, c: int) -> str | None:
    if c < 27:
        sa, sb, sc = a // 9, b // 9, c // 9
        if sa != sb and sa != sc and sb != sc:
            r = sorted((a % 9, b % 9, c % 9))
            if r[0] + 1 == r[1] and r[1] + 1 == r[2]:
                return "mixed_shifted_pungs"
            if r[0] == r[2]:
                return "triple_pung"
        elif sa == sb == sc and b == a + 1 and c == b + 1:
            return "pure_shifted_pungs"
        return None
    if a >= 27 and c <= 30:
        return "big_three_winds"
    if a == 31:
        return "big_three_dragons"
    return None


def pung_fans(pungs: tuple[int, ...]) -> Combo:
    """Fans of the (sorted) pung kinds of a hand: 一色四节高, 大四喜, the three-pung fans with
    the fourth pung combining once, else every pair (双同刻, 双箭刻)."""
    n = len(pungs)
    if n < 2:
        return ((), ())
    if n == 4:
        a, b, c, d = pungs
        if d < 27 and a // 9 == d // 9 and b == a + 1 and c == b + 1 and d == c + 1:
            return ((("four_pure_shifted_pungs", pungs),), ())
        if pungs == (27, 28, 29, 30):
            return ((("big_four_winds", pungs),), ())
        for skip in (3, 2, 1, 0):
            tri = tuple(p for i, p in enumerate(pungs) if i != skip)
            f = _pung_triple_fan(*tri)
            if f is None:
                continue
            extra = pungs[skip]
            counted: list[tuple[str, tuple[int, ...]]] = [(f, tri)]
            for t in tri:
                g = _pung_pair_fan(t, extra)
                if g is not None:
                    counted.append((g, (t, extra)))
                    break
            return (tuple(counted), ())
    elif n == 3:
        f = _pung_triple_fan(*pungs)
        if f is not None:
            return (((f, pungs),), ())
    out: list[tuple[str, tuple[int, ...]]] = []
    for i in range(n):
        for j in range(i + 1, n):
            g = _pung_pair_fan(pungs[i], pungs[j])
            if g is not None:
                out.append((g, (pungs[i], pungs[j])))
    return (tuple(out), ())
