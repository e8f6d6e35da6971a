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
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.analysis.oracles import (
    gb_shanten,
    gb_tiles,
    mahjong_shanten,
    random_hand,
)

from suanfan.analysis import mcr_shanten_counts, riichi_shanten_counts
from suanfan.analysis.shanten import _TABLES


def _timed(fn: Callable[..., object], items: Sequence[object], star: bool = False) -> float:
    """CPU seconds for one pass (process time: other processes on the machine do not count)."""
    t0 = time.process_time()
    if star:
        for it in items:
            fn(*it)  # type: ignore[misc]
    else:
        for it in items:
            fn(it)
    return time.process_time() - t0


def _best(fn: Callable[..., object], items: Sequence[object], star: bool = False,
          repeat: int = 3) -> float:
    return min(_timed(fn, items, star) for _ in range(repeat))


def _clear_tables() -> None:
    for table in _TABLES.values():
        table.top.clear()
        table.memo.clear()


def speed(n: int, seed: int, repeat: int) -> None:
    import MahjongGB
    from mahjong.shanten import Shanten

    rng = random.Random(seed)
    hands = [random_hand(rng, 13) for _ in range(n)]
    counts = [h.counts for h in hands]
    names = [((), gb_tiles(h.standing)) for h in hands]

    def cold(fn: Callable[..., object]) -> float:
        times = []
        for _ in range(repeat):
            _clear_tables()
            times.append(_timed(fn, counts))
        return min(times)

    cold_r = cold(riichi_shanten_counts)
    warm_r = _best(riichi_shanten_counts, counts, repeat=repeat)
    cold_m = cold(mcr_shanten_counts)
    warm_m = _best(mcr_shanten_counts, counts, repeat=repeat)
    t_mj = _best(Shanten.calculate_shanten, counts, repeat=repeat)
    t_gb = _best(MahjongGB.MahjongShanten, names, star=True, repeat=repeat)
    rows = [
        ("suanfan riichi_shanten (cold)", cold_r), ("suanfan riichi_shanten (warm)", warm_r),
        ("mahjong Shanten.calculate_shanten", t_mj),
        ("suanfan mcr_shanten (cold)", cold_m), ("suanfan mcr_shanten (warm)", warm_m),
        ("PyMahjongGB MahjongShanten", t_gb),
    ]
    print(f"{n} random 13-tile hands (seed {seed}), Python {sys.version.split()[0]}, "
          f"CPU time, best of {repeat}")
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
    ap.add_argument("--repeat", type=int, default=3, help="passes per figure; the best is kept")
    ap.add_argument("--agree", type=int, metavar="N", help="check agreement on N hands per shape")
    args = ap.parse_args()
    if args.agree:
        return agree(args.agree, args.seed)
    speed(args.hands, args.seed, args.repeat)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
