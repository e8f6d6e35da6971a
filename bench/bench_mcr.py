"""Benchmark: score the same random MCR hands with suanfan and PyMahjongGB in one run.

    python bench/bench_mcr.py [N] [--seed S]

Hands (every form, every flag) come from ``suanfan.mcr.generate`` and are parsed once up front;
both engines then score the same hands with the same situations. Prints microseconds per hand
and the throughput ratio suanfan / PyMahjongGB (bar: >= 0.25), for the public ``score()`` and
for the total-only path used by bulk checks. Also checks that every total agrees (mcr-botzone).
"""

from __future__ import annotations

import argparse
import random
import sys
import time


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("n", nargs="?", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=12345)
    ap.add_argument("--repeat", type=int, default=3, help="best of this many timed passes")
    args = ap.parse_args(argv)

    import MahjongGB

    from suanfan.mcr import score
    from suanfan.mcr.generate import random_hand, to_botzone
    from suanfan.mcr.rules import get_rules
    from suanfan.mcr.score import prepare_situation, total_only

    rng = random.Random(args.seed)
    items = [random_hand(rng) for _ in range(args.n)]
    rules = get_rules("mcr-botzone")
    oracle_args = [to_botzone(h, s) for h, s in items]
    checked = [prepare_situation(h, s) for h, s in items]
    calc = MahjongGB.MahjongFanCalculator

    def run_oracle() -> list[int]:
        return [sum(p for p, _ in calc(**a)) for a in oracle_args]

    def run_score() -> list[int]:
        return [score(h, rules=rules, **s).total for h, s in items]

    def run_total() -> list[int]:
        return [total_only(h, sit, rules) for h, sit in checked]

    # warm up caches once (both engines), then time best of --repeat passes
    ref = run_oracle()
    ours = run_score()
    fast = run_total()
    bad = sum(1 for a, b, c in zip(ref, ours, fast, strict=True) if not a == b == c)

    def best(fn: object) -> float:
        times = []
        for _ in range(args.repeat):
            t = time.process_time()
            fn()  # type: ignore[operator]
            times.append(time.process_time() - t)
        return min(times) / args.n * 1e6

    t_ref = best(run_oracle)
    t_score = best(run_score)
    t_total = best(run_total)
    print(f"hands: {args.n} (seed {args.seed}); totals differing: {bad}")
    print(f"PyMahjongGB             {t_ref:8.2f} us/hand")
    print(f"suanfan score()         {t_score:8.2f} us/hand   throughput ratio {t_ref / t_score:.3f}")
    print(f"suanfan total_only()    {t_total:8.2f} us/hand   throughput ratio {t_ref / t_total:.3f}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
