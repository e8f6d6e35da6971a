"""Shanten throughput: suanfan against PyMahjongGB (MCR, C++) and ``mahjong`` (riichi, Python).

    python bench/bench_shanten.py                 # speed, 20,000 random 13-tile hands
    python bench/bench_shanten.py --hands 50000
    python bench/bench_shanten.py --agree 100000  # agreement with both oracles, every hand shape

Speed: every library gets the same hands, already converted to its own input format (count
vectors for suanfan and ``mahjong``, tile-name tuples for PyMahjongGB), so only the shanten call
is timed. suanfan fills its per-suit tables lazily: the first pass ("cold") includes that work,
the second ("warm") does not.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.analysis.oracles import (
    gb_shanten,
    gb_tiles,
    mahjong_shanten,
    random_hand,
)

from suanfan.analysis import mcr_shanten_counts, riichi_shanten_counts


def _timed(fn: object, items: list[object], star: bool = False) -> float:
    f = fn  # callable
    t0 = time.perf_counter()
    if star:
        for it in items:
            f(*it)  # type: ignore[operator]
    else:
        for it in items:
            f(it)  # type: ignore[operator]
    return time.perf_counter() - t0


def speed(n: int, seed: int) -> None:
    import MahjongGB
    from mahjong.shanten import Shanten

    rng = random.Random(seed)
    hands = [random_hand(rng, 13) for _ in range(n)]
    counts = [h.counts for h in hands]
    names = [((), gb_tiles(h.standing)) for h in hands]
    rows = []
    cold_r = _timed(riichi_shanten_counts, counts)
    warm_r = _timed(riichi_shanten_counts, counts)
    cold_m = _timed(mcr_shanten_counts, counts)
    warm_m = _timed(mcr_shanten_counts, counts)
    t_mj = _timed(Shanten.calculate_shanten, counts)
    t_gb = _timed(MahjongGB.MahjongShanten, names, star=True)
    rows = [
        ("suanfan riichi_shanten (cold)", cold_r), ("suanfan riichi_shanten (warm)", warm_r),
        ("mahjong Shanten.calculate_shanten", t_mj),
        ("suanfan mcr_shanten (cold)", cold_m), ("suanfan mcr_shanten (warm)", warm_m),
        ("PyMahjongGB MahjongShanten", t_gb),
    ]
    print(f"{n} random 13-tile hands (seed {seed}), Python {sys.version.split()[0]}")
    for name, t in rows:
        print(f"  {name:<36} {t / n * 1e6:8.2f} µs/hand  {n / t:10.0f} hands/s")
    print(f"  riichi: suanfan is {t_mj / cold_r:.2f}x (cold) / {t_mj / warm_r:.2f}x (warm) "
          f"the speed of mahjong")
    print(f"  MCR:    suanfan is {t_gb / cold_m:.3f}x (cold) / {t_gb / warm_m:.3f}x (warm) "
          f"the speed of PyMahjongGB (C++)")


def agree(n: int, seed: int) -> int:
    shapes = [
        (13, 0, False), (13, 0, True), (13, 4, False), (13, 4, True),
        (14, 0, False), (14, 0, True), (14, 4, False), (14, 4, True),
    ]
    failures = 0
    for i, (size, max_melds, dense) in enumerate(shapes):
        rng = random.Random(seed + i)
        bad_m = bad_r = 0
        for _ in range(n):
            h = random_hand(rng, size, max_melds, dense)
            c = h.counts
            m = len(h.melds)
            if mcr_shanten_counts(c, m) != gb_shanten(h):
                bad_m += 1
                if bad_m <= 3:
                    print("   MCR differs:", h.notation(), mcr_shanten_counts(c, m), gb_shanten(h))
            if riichi_shanten_counts(c, m) != mahjong_shanten(h):
                bad_r += 1
                if bad_r <= 3:
                    print("   riichi differs:", h.notation(), riichi_shanten_counts(c, m),
                          mahjong_shanten(h))
        failures += bad_m + bad_r
        label = f"{size} tiles, {'up to 4 melds' if max_melds else 'no melds'}, " \
                f"{'dense' if dense else 'uniform'}"
        print(f"  {label:<40} MCR vs PyMahjongGB {n - bad_m}/{n}   riichi vs mahjong {n - bad_r}/{n}",
              flush=True)
    return 1 if failures else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--agree", type=int, metavar="N", help="check agreement on N hands per shape")
    args = ap.parse_args()
    if args.agree:
        return agree(args.agree, args.seed)
    speed(args.hands, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
