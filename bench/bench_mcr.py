"""Benchmark: score the same random MCR hands with suanfan and PyMahjongGB in one run.

    python bench/bench_mcr.py [N] [--seed S] [--repeat R]

Hands (every form, every flag) come from ``suanfan.mcr.generate`` and are parsed once up front;
both engines are warmed up on other hands, then score the same fresh hands with the same
situations (CPU time). A second pass over the same hands is shown too (warm caches).
Prints microseconds per hand and the throughput ratio suanfan / PyMahjongGB (bar: >= 0.25),
for the public ``score()`` and for the total-only path used by bulk checks.
Also checks that every total agrees (mcr-botzone). With ``--repeat R`` (default 7) the fresh-hand
timing of ``score()`` and PyMahjongGB is done on R sets of never-seen hands in all (the first and
R - 1 further ones) and the median ratio is printed (the machine may be shared: single sets vary
by +-30%).
``--ab`` then times ``score()`` with the lean path (``suanfan.mcr.lean``) on and off, on
alternating chunks of 500 fresh hands (so that both see the same load), and prints both.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from typing import Any


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("n", nargs="?", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=12345)
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--ab", action="store_true", help="also time score() with the lean path off")
    args = ap.parse_args(argv)

    import MahjongGB

    from suanfan.mcr import score
    from suanfan.mcr.generate import random_hand, to_botzone
    from suanfan.mcr.rules import get_rules
    from suanfan.mcr.score import prepare_situation, total_only

    rules = get_rules("mcr-botzone")
    calc = MahjongGB.MahjongFanCalculator

    def make(seed: int) -> tuple[list[Any], list[Any], list[Any]]:
        rng = random.Random(seed)
        items = [random_hand(rng) for _ in range(args.n)]
        return items, [to_botzone(h, s) for h, s in items], [prepare_situation(h, s) for h, s in items]

    def timed(fn: Callable[[], list[int]]) -> tuple[float, list[int]]:
        t = time.process_time()
        out = fn()
        return (time.process_time() - t) / args.n * 1e6, out

    # warm both engines on other hands of the same distribution (per-suit caches fill up), then
    # time each engine once on fresh hands it has never seen, then once more on the same hands
    warm_items, warm_args, _warm_checked = make(args.seed + 1)
    for a in warm_args:
        calc(**a)
    for h, s in warm_items:
        score(h, rules=rules, **s)
    items, oracle_args, checked = make(args.seed)

    t_ref, ref = timed(lambda: [sum(p for p, _ in calc(**a)) for a in oracle_args])
    t_score, ours = timed(lambda: [score(h, rules=rules, **s).total for h, s in items])
    t_total, fast = timed(lambda: [total_only(h, sit, rules) for h, sit in checked])
    t_ref2, _r = timed(lambda: [sum(p for p, _ in calc(**a)) for a in oracle_args])
    t_score2, _s = timed(lambda: [score(h, rules=rules, **s).total for h, s in items])
    bad = sum(1 for a, b, c in zip(ref, ours, fast, strict=True) if not a == b == c)
    print(f"hands: {args.n} (seed {args.seed}, every form and flag); totals differing: {bad}")
    print(f"PyMahjongGB                        {t_ref:8.2f} us/hand")
    print(f"suanfan score(), fresh hands       {t_score:8.2f} us/hand   "
          f"throughput ratio {t_ref / t_score:.3f}")
    print(f"suanfan total_only(), same hands   {t_total:8.2f} us/hand   "
          f"throughput ratio {t_ref / t_total:.3f}")
    print(f"second pass: PyMahjongGB {t_ref2:.2f} us, score() {t_score2:.2f} us, "
          f"ratio {t_ref2 / t_score2:.3f}")
    ratios = [t_ref / t_score]
    for rep in range(1, args.repeat):
        items_r, oracle_r, _c = make(args.seed + 1000 * rep)  # fresh: never scored before
        tr, ref_r = timed(lambda: [sum(p for p, _ in calc(**a)) for a in oracle_r])  # noqa: B023
        ts, ours_r = timed(lambda: [score(h, rules=rules, **s).total for h, s in items_r])  # noqa: B023
        bad += sum(1 for a, b in zip(ref_r, ours_r, strict=True) if a != b)
        ratios.append(tr / ts)
        print(f"repeat {rep}: PyMahjongGB {tr:.2f} us, score() fresh {ts:.2f} us, ratio {tr / ts:.3f}")
    if args.repeat > 1:
        ratios.sort()
        print(f"median fresh-hand throughput ratio over {len(ratios)} sets: {ratios[len(ratios) // 2]:.3f}"
              f" (bar: >= 0.25); totals differing: {bad}")
    if args.ab:
        bad += _ab(args.n, args.seed, make, timed, score, rules)
    return 1 if bad else 0


def _ab(n: int, seed: int, make: Callable[[int], tuple[list[Any], list[Any], list[Any]]],
        timed: Callable[[Callable[[], list[int]]], tuple[float, list[int]]], score: Any,
        rules: Any) -> int:
    """score() with the lean path on / off on alternating chunks of fresh hands."""
    import importlib

    score_module = importlib.import_module("suanfan.mcr.score")
    lean_on = score_module._lean_score
    items, _o, _c = make(seed + 7777)
    chunk = 500
    spent = {True: 0.0, False: 0.0}
    done = {True: 0, False: 0}
    totals: dict[bool, list[int]] = {True: [], False: []}
    try:
        for i in range(0, n, chunk):
            part = items[i:i + chunk]
            on = (i // chunk) % 2 == 0
            score_module._lean_score = lean_on if on else (lambda *_a: None)
            t, out = timed(lambda: [score(h, rules=rules, **s).total for h, s in part])  # noqa: B023
            spent[on] += t * n  # timed() divides by n
            done[on] += len(part)
            totals[on] += out
    finally:
        score_module._lean_score = lean_on
    for on in (True, False):
        if done[on]:
            print(f"score() fresh, lean path {'on ' if on else 'off'}: {spent[on] / done[on]:.2f} us/hand "
                  f"({done[on]} hands in alternating chunks of {chunk})")
    # the same hands both ways: a check that the switch changes no total
    score_module._lean_score = lambda *_a: None
    try:
        again = [score(h, rules=rules, **s).total for h, s in items]
    finally:
        score_module._lean_score = lean_on
    now = [score(h, rules=rules, **s).total for h, s in items]
    return sum(1 for a, b in zip(again, now, strict=True) if a != b)


if __name__ == "__main__":
    sys.exit(main())
