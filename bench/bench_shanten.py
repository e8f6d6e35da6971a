"""Shanten throughput: suanfan against PyMahjongGB (MCR, C++), riichienv (riichi, Rust) and
``mahjong`` (riichi, Python).

    python bench/bench_shanten.py                 # speed: 7 sets of 10,000 fresh 13-tile hands
    python bench/bench_shanten.py --hands 20000 --sets 9
    python bench/bench_shanten.py --agree 100000  # agreement with both oracles, every hand shape

The useful kinds of the same hands (``riichi_useful_keys`` / ``mcr_useful_keys`` on the packed
keys, ``improving_kinds`` on kind counts, as ``advise`` calls it) are timed too, beside
mahjong-cpp's recorded figure (it has no Python binding to time in the same run).

Speed: every set is a fresh batch of random 13-tile hands (no melds), never seen before in the
process. Every library gets the set's hands already converted to its own input (a parsed ``Hand``
for suanfan's plain ``mcr_shanten`` (``mcr.shanten(h, minimum=None)``) / ``riichi.shanten``, 34
kind counts for its counts functions
and ``mahjong``, tile-name tuples for PyMahjongGB's ``MahjongShanten``, 136-format tile ids for
riichienv's ``calculate_shanten``), so only the shanten call is timed; the libraries take turns
on each set (the order rotates between sets). CPU time of this process (time.process_time).
Printed: the median over the sets of each figure, and the ratios of the medians.

suanfan fills its per-suit tables as it meets suit patterns, so the first hands of a process pay
for that; the tables are kept between sets (as in a long-running process). A separate "cold" line
times the public functions on one more fresh set just after the tables are emptied.

Before each timed section the garbage collector is run once (``gc.collect()``), and it stays
on while timing: the garbage the benchmark's own set-up leaves (the hands it generates) is
then never billed to whichever engine runs next, while each engine pays for its own.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.analysis.oracles import (
    RandomHand,
    gb_shanten,
    gb_tiles,
    mahjong_shanten,
    random_hand,
)

from suanfan import parse_hand, riichi
from suanfan.analysis import mcr_shanten_counts, riichi_shanten_counts
from suanfan.shanten import (
    _clear_tables,
    improving_kinds,
    mcr_shanten,
    mcr_useful_keys,
    riichi_useful_keys,
)

#: mahjong-cpp's useful tiles of a 13-tile hand, µs (its recorded figure, issue 32 part 4: the
#: library has no Python binding to time in the same run)
MAHJONG_CPP_USEFUL_US = 0.15


def _keys(counts: list[int]) -> tuple[int, int, int, int]:
    k = [sum(counts[9 * g + r] << (4 * r) for r in range(9 if g < 3 else 7)) for g in range(4)]
    return k[0], k[1], k[2], k[3]


def _useful_riichi(k: tuple[int, int, int, int]) -> int:
    return riichi_useful_keys(k[0], k[1], k[2], k[3])


def _useful_mcr(k: tuple[int, int, int, int]) -> int:
    return mcr_useful_keys(k[0], k[1], k[2], k[3])


def _improving_riichi(c: list[int]) -> object:
    return improving_kinds(c, 0, c, "riichi")


def _improving_mcr(c: list[int]) -> object:
    return improving_kinds(c, 0, c, "mcr")


def _timed(fn: Callable[[Any], object], items: Sequence[object]) -> float:
    """CPU seconds for one pass (process time: other processes on the machine do not count)."""
    gc.collect()  # the set-up's garbage is nobody's cost (see the docstring)
    t0 = time.process_time()
    for it in items:
        fn(it)
    return time.process_time() - t0


def _timed_gb(fn: Callable[[Any, Any], object], items: Sequence[tuple[str, ...]]) -> float:
    gc.collect()  # the set-up's garbage is nobody's cost (see the docstring)
    t0 = time.process_time()
    for it in items:
        fn((), it)
    return time.process_time() - t0


def _ids136(h: RandomHand) -> list[int]:
    used = [0] * 34
    out = []
    for k in h.standing:
        out.append(4 * k + used[k])
        used[k] += 1
    return out


def _inputs(rng: random.Random, n: int) -> dict[str, list[Any]]:
    hands = [random_hand(rng, 13) for _ in range(n)]
    return {
        "hand": [parse_hand(h.notation()) for h in hands],
        "counts": [h.counts for h in hands],
        "gb": [gb_tiles(h.standing) for h in hands],
        "ids136": [_ids136(h) for h in hands],
        "keys": [_keys(h.counts) for h in hands],
    }


def speed(n: int, seed: int, sets: int) -> None:
    import MahjongGB
    import riichienv
    from mahjong.shanten import Shanten

    rng = random.Random(seed)
    gb = MahjongGB.MahjongShanten
    runs: list[tuple[str, str, Callable[[dict[str, list[Any]]], float]]] = [
        ("mcr", "suanfan mcr_shanten(Hand)", lambda d: _timed(mcr_shanten, d["hand"])),
        ("mcr_counts", "suanfan mcr_shanten_counts", lambda d: _timed(mcr_shanten_counts, d["counts"])),
        ("gb", "PyMahjongGB MahjongShanten", lambda d: _timed_gb(gb, d["gb"])),
        ("riichi", "suanfan riichi.shanten(Hand)", lambda d: _timed(riichi.shanten, d["hand"])),
        ("riichi_counts", "suanfan riichi_shanten_counts",
         lambda d: _timed(riichi_shanten_counts, d["counts"])),
        ("renv", "riichienv calculate_shanten",
         lambda d: _timed(riichienv.calculate_shanten, d["ids136"])),
        ("mj", "mahjong Shanten.calculate_shanten",
         lambda d: _timed(Shanten.calculate_shanten, d["counts"])),
        # useful kinds of the 13 tiles (the kinds whose draw lowers the shanten)
        ("u_riichi", "suanfan riichi_useful_keys", lambda d: _timed(_useful_riichi, d["keys"])),
        ("u_mcr", "suanfan mcr_useful_keys", lambda d: _timed(_useful_mcr, d["keys"])),
        ("i_riichi", "suanfan improving_kinds riichi", lambda d: _timed(_improving_riichi, d["counts"])),
        ("i_mcr", "suanfan improving_kinds mcr", lambda d: _timed(_improving_mcr, d["counts"])),
    ]
    # cold: the public functions on a fresh set, each just after the tables are emptied
    cold_set = _inputs(rng, n)
    _clear_tables()
    cold_mcr = _timed(mcr_shanten, cold_set["hand"])
    _clear_tables()
    cold_riichi = _timed(riichi.shanten, cold_set["hand"])
    times: dict[str, list[float]] = {key: [] for key, _, _ in runs}
    for i in range(sets):
        data = _inputs(rng, n)
        order = runs[i % len(runs):] + runs[:i % len(runs)]
        for key, _, run in order:
            times[key].append(run(data))
    med = {key: statistics.median(v) for key, v in times.items()}

    print(f"{sets} sets of {n} fresh random 13-tile hands (seed {seed}), "
          f"Python {sys.version.split()[0]}, suanfan {_build()}; CPU time, median over the sets")
    for key, name, _ in runs:
        t = med[key]
        lo, hi = min(times[key]), max(times[key])
        print(f"  {name:<36} {t / n * 1e6:8.2f} µs/hand  {n / t:10.0f} hands/s  "
              f"(sets {lo / n * 1e6:.2f}-{hi / n * 1e6:.2f})")
    print(f"  {'suanfan mcr.shanten, cold tables':<36} {cold_mcr / n * 1e6:8.2f} µs/hand")
    print(f"  {'suanfan riichi.shanten, cold tables':<36} {cold_riichi / n * 1e6:8.2f} µs/hand")
    print("ratios (speed of suanfan / speed of the peer; above 1 is faster):")
    for ours, peer in (("mcr", "gb"), ("mcr_counts", "gb"), ("riichi", "renv"),
                       ("riichi_counts", "renv"), ("riichi", "mj"), ("riichi_counts", "mj")):
        print(f"  {_name(runs, ours):<32} vs {_name(runs, peer):<34} {med[peer] / med[ours]:7.3f}x")
    print(f"  {'mcr.shanten, cold tables':<32} vs {_name(runs, 'gb'):<34} "
          f"{med['gb'] / cold_mcr:7.3f}x")
    print(f"  {'riichi.shanten, cold tables':<32} vs {_name(runs, 'renv'):<34} "
          f"{med['renv'] / cold_riichi:7.3f}x")
    for key in ("u_riichi", "u_mcr", "i_riichi", "i_mcr"):
        print(f"  {_name(runs, key):<32} vs mahjong-cpp useful tiles (recorded, "
              f"{MAHJONG_CPP_USEFUL_US} µs) {MAHJONG_CPP_USEFUL_US / (med[key] / n * 1e6):7.3f}x")


def _name(runs: list[tuple[str, str, Any]], key: str) -> str:
    return next(name for k, name, _ in runs if k == key)


def _build() -> str:
    # the module (the package's attribute of that name is the function)
    path = str(getattr(sys.modules["suanfan.shanten"], "__file__", ""))
    return "compiled (" + Path(path).name + ")" if not path.endswith(".py") else "pure Python"


def agree(n: int, seed: int) -> int:
    shapes = [
        (13, 0, False), (13, 0, True), (13, 4, False), (13, 4, True),
        (14, 0, False), (14, 0, True), (14, 4, False), (14, 4, True),
    ]
    failures = 0
    total = 0
    for i, (size, max_melds, dense) in enumerate(shapes):
        rng = random.Random(seed + i)
        bad_m = bad_r = bad_api = 0
        for j in range(n):
            h = random_hand(rng, size, max_melds, dense)
            c = h.counts
            m = len(h.melds)
            ours_m = mcr_shanten_counts(c, m)
            ours_r = riichi_shanten_counts(c, m)
            if ours_m != gb_shanten(h):
                bad_m += 1
                if bad_m <= 3:
                    print("   MCR differs:", h.notation(), ours_m, gb_shanten(h))
            if ours_r != mahjong_shanten(h):
                bad_r += 1
                if bad_r <= 3:
                    print("   riichi differs:", h.notation(), ours_r, mahjong_shanten(h))
            if j % 10 == 0:   # the public functions on parsed hands give the counts' answers
                p = parse_hand(h.notation())
                if mcr_shanten(p) != ours_m or riichi.shanten(p) != ours_r:
                    bad_api += 1
                    print("   public API differs:", h.notation())
        failures += bad_m + bad_r + bad_api
        total += 2 * n
        label = f"{size} tiles, {'up to 4 melds' if max_melds else 'no melds'}, " \
                f"{'dense' if dense else 'uniform'}"
        print(f"  {label:<40} MCR vs PyMahjongGB {n - bad_m}/{n}   riichi vs mahjong {n - bad_r}/{n}",
              flush=True)
    print(f"  in all: {total - failures}/{total} answers agree")
    return 1 if failures else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=10000, help="hands per set")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--sets", type=int, default=7, help="fresh sets; the median is kept")
    ap.add_argument("--agree", type=int, metavar="N", help="check agreement on N hands per shape")
    args = ap.parse_args()
    if args.agree:
        return agree(args.agree, args.seed)
    speed(args.hands, args.seed, args.sets)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
