"""Speed of the fan-aware MCR shanten (``suanfan.mcr.fan_shanten``, minimum 8).

Random 13-tile hands (no melds, and some with one or two melds) grouped by their plain shanten
0-3; each hand is timed once, on a fresh hand (the engine's score cache warms up over the run, as
it does in an analysis session). Prints the median and the 90th percentile per class, and how
often the minimum costs exchanges (fan-aware > plain).

    python bench/bench_fan_shanten.py [--hands N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from suanfan.hand import Hand, Meld, MeldKind
from suanfan.mcr import fan_shanten
from suanfan.shanten import mcr_shanten

_SETS = [(k, k, k) for k in range(34)] + [(9 * s + r, 9 * s + r + 1, 9 * s + r + 2)
                                           for s in range(3) for r in range(7)]


def _hand(rng: random.Random, exchanges: int, n_melds: int) -> Hand:
    """A hand ``exchanges`` random exchanges from a random complete hand (``n_melds`` melds)."""
    while True:
        c = [0] * 34
        sets = [rng.choice(_SETS) for _ in range(4)]
        for s in sets:
            for k in s:
                c[k] += 1
        c[rng.randrange(34)] += 2
        if max(c) > 4:
            continue
        melds = []
        for s in sets[:n_melds]:
            melds.append(Meld(MeldKind.CHOW if s[0] != s[1] else MeldKind.PUNG, s, 1))
            for k in s:
                c[k] -= 1
        tiles = [k for k in range(34) for _ in range(c[k])]
        tiles.remove(rng.choice(tiles))
        for _ in range(exchanges):
            tiles.remove(rng.choice(tiles))
            while True:
                a = rng.randrange(34)
                if tiles.count(a) + sum(m.tiles.count(a) for m in melds) < 4:
                    tiles.append(a)
                    break
        return Hand(melds, tiles)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=100, help="hands per plain-shanten class")
    ap.add_argument("--seed", type=int, default=32)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    times: dict[tuple[int, bool], list[float]] = {}
    higher: dict[tuple[int, bool], int] = {}
    fan_shanten(_hand(rng, 1, 0))  # the tables' first use out of the timings
    for melded in (False, True):
        for s0 in range(4):
            got: list[float] = []
            up = 0
            while len(got) < args.hands:
                h = _hand(rng, s0 + rng.randrange(3), rng.randrange(1, 3) if melded else 0)
                if mcr_shanten(h) != s0:
                    continue
                t = time.perf_counter()
                r = fan_shanten(h)
                got.append(time.perf_counter() - t)
                up += r.shanten > r.plain
            times[(s0, melded)] = got
            higher[(s0, melded)] = up
    print(f"fan-aware MCR shanten, minimum 8, {args.hands} hands a class")
    print(f"  {'hands':<14} {'plain':>5} {'median':>10} {'p90':>10} {'fan > plain':>12}")
    for (s0, melded), got in times.items():
        got.sort()
        p90 = got[int(0.9 * (len(got) - 1))]
        print(f"  {'1-2 melds' if melded else 'closed':<14} {s0:>5} {statistics.median(got) * 1e3:>8.2f}ms "
              f"{p90 * 1e3:>8.2f}ms {higher[(s0, melded)] / len(got):>11.0%}")


if __name__ == "__main__":
    main()
