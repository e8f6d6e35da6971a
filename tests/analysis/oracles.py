"""Random hands and the two shanten oracles (dev dependencies): PyMahjongGB and ``mahjong``.

Hands are drawn from a real wall (at most four of a kind, melds included). ``dense`` draws from
few kinds so that fours, pungs and pairs are common (the cases where definitions differ).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

_GB_NAMES = (
    [f"W{i}" for i in range(1, 10)] + [f"B{i}" for i in range(1, 10)]
    + [f"T{i}" for i in range(1, 10)] + ["F1", "F2", "F3", "F4", "J3", "J2", "J1"]
)


@dataclass(frozen=True)
class RandomHand:
    """Standing tiles (kinds) and declared melds as (kind, lowest kind)."""

    standing: tuple[int, ...]
    melds: tuple[tuple[str, int], ...]  # ("CHI" | "PENG" | "GANG", lowest kind)

    @property
    def counts(self) -> list[int]:
        c = [0] * 34
        for k in self.standing:
            c[k] += 1
        return c

    def notation(self) -> str:
        from suanfan.tiles import tile_to_str

        out = []
        for kind, k in self.melds:
            if kind == "CHI":
                out.append("[" + "".join(tile_to_str(k + i)[0] for i in range(3)) + tile_to_str(k)[1] + "1]")
            else:
                n = 3 if kind == "PENG" else 4
                out.append("[" + tile_to_str(k)[0] * n + tile_to_str(k)[1] + "1]")
        return "".join(out) + "".join(tile_to_str(k) for k in self.standing)


def random_hand(rng: random.Random, size: int = 13, max_melds: int = 0, dense: bool = False) -> RandomHand:
    """``size`` 13 or 14 (each meld counting 3), with up to ``max_melds`` declared melds."""
    # dense: few kinds (at least 5 beside melds, so that a kong or four melds leave enough tiles)
    kinds = rng.sample(range(34), rng.randint(5 if max_melds else 4, 9)) if dense else list(range(34))
    left = {k: 4 for k in kinds}
    melds: list[tuple[str, int]] = []
    for _ in range(rng.randint(0, max_melds)):
        choice = rng.random()
        if choice < 0.5:
            starts = [k for k in kinds if k < 27 and k % 9 <= 6
                      and all(left.get(k + i, 0) > 0 for i in range(3))]
            if not starts:
                continue
            k = rng.choice(starts)
            for i in range(3):
                left[k + i] -= 1
            melds.append(("CHI", k))
        else:
            n = 3 if choice < 0.85 else 4
            options = [k for k in kinds if left[k] >= n]
            if not options:
                continue
            k = rng.choice(options)
            left[k] -= n
            melds.append(("PENG" if n == 3 else "GANG", k))
    wall = [k for k, n in left.items() for _ in range(n)]
    standing = tuple(sorted(rng.sample(wall, size - 3 * len(melds))))
    return RandomHand(standing, tuple(melds))


def gb_packs(h: RandomHand) -> tuple[tuple[str, str, int], ...]:
    # PyMahjongGB names a chow by its middle tile
    return tuple((kind, _GB_NAMES[k + 1 if kind == "CHI" else k], 1) for kind, k in h.melds)


def gb_tiles(kinds: Sequence[int]) -> tuple[str, ...]:
    return tuple(_GB_NAMES[k] for k in kinds)


def gb_shanten13(h: RandomHand) -> int:
    import MahjongGB

    return int(MahjongGB.MahjongShanten(gb_packs(h), gb_tiles(h.standing)))


def gb_complete(h: RandomHand) -> bool:
    """Whether PyMahjongGB's fan calculator accepts the 14 tiles as a win (any tile winning)."""
    import MahjongGB

    # whether 14 tiles win does not depend on which of them is called the winning tile
    tiles = list(h.standing)
    try:
        MahjongGB.MahjongFanCalculator(gb_packs(h), gb_tiles(tiles[1:]), _GB_NAMES[tiles[0]], 0,
                                       False, False, False, False, 0, 0)
    except TypeError as exc:
        if "NOT_WIN" not in str(exc):
            raise
        return False
    return True


def gb_shanten(h: RandomHand) -> int:
    """PyMahjongGB's shanten; for 14 tiles: -1 if complete, else the least over discards."""
    n = len(h.standing) + 3 * len(h.melds)
    if n == 13:
        return gb_shanten13(h)
    if gb_complete(h):
        return -1
    best = 99
    for k in set(h.standing):
        rest = list(h.standing)
        rest.remove(k)
        best = min(best, gb_shanten13(RandomHand(tuple(rest), h.melds)))
    return best


def mahjong_shanten(h: RandomHand) -> int:
    """The ``mahjong`` package's shanten of the standing tiles (it knows melds only by count)."""
    from mahjong.shanten import Shanten

    return int(Shanten.calculate_shanten(h.counts))
