"""Benchmark: score the same random MCR hands with suanfan and PyMahjongGB in one run.

    python bench/bench_mcr.py [N] [--seed S] [--repeat R]

Hands (every form, every flag) come from ``suanfan.mcr.generate`` and are parsed once up front;
both engines are warmed up on other hands, then score the same fresh hands with the same
situations (CPU time). Each of R sets (default 7) is a set of N never-seen hands, timed for
PyMahjongGB, for ``score()`` reading ``.total``, for ``score()`` reading ``.fans`` (the
explanation, what the command line, the web page and the waits show) and for ``total_only()``
(bulk checks); the peers are interleaved set by set, and the medians of the per-set throughput
ratios suanfan / PyMahjongGB are printed (the machine may be shared: single sets vary by
+-30%). Also checks that every total agrees (mcr-botzone). Says which build (compiled or pure)
runs.

Before each timed section the garbage collector is run once (``gc.collect()``), and it stays
on while timing: the garbage the benchmark's own set-up leaves (the hands it generates) is
then never billed to whichever engine runs next, while each engine pays for its own.

Both engines are called the same way: with a dict of keyword arguments made for each hand before
timing (``calc(**a)``, ``score(h, **k)`` with ``k`` holding the rules and the situation), which
the interpreter passes on as it is. The line ``score().fans, rules= merged`` times the call
``score(h, rules=rules, **s)`` of the earlier sessions: the interpreter then merges the two into
a new dict at every call (about 3,000 instructions, billed to suanfan alone).
"""

from __future__ import annotations

import argparse
import gc
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
    args = ap.parse_args(argv)

    import MahjongGB

    import suanfan.mcr.engine
    from suanfan.mcr import score
    from suanfan.mcr.generate import random_hand, to_botzone
    from suanfan.mcr.rules import get_rules
    from suanfan.mcr.scoring import prepare_situation, total_only

    build = "compiled" if not suanfan.mcr.engine.__file__.endswith(".py") else "pure Python"
    rules = get_rules("mcr-botzone")
    calc = MahjongGB.MahjongFanCalculator

    def make(seed: int) -> tuple[list[Any], list[Any], list[Any], list[Any]]:
        """The hands and situations; PyMahjongGB's keyword dicts; the checked situations; each
        hand with its keyword dict for ``score()`` (rules and situation)."""
        rng = random.Random(seed)
        items = [random_hand(rng) for _ in range(args.n)]
        return (items, [to_botzone(h, s) for h, s in items], [prepare_situation(h, s) for h, s in items],
                [(h, {**s, "rules": rules}) for h, s in items])

    def timed(fn: Callable[[], list[int]]) -> tuple[float, list[int]]:
        gc.collect()  # the set-up's garbage is nobody's cost (see the docstring)
        t = time.process_time()
        out = fn()
        return (time.process_time() - t) / args.n * 1e6, out

    # warm both engines on other hands of the same distribution (per-suit caches fill up)
    warm_items, warm_args, _warm_checked, _warm_kwargs = make(args.seed + 1)
    for a in warm_args:
        calc(**a)
    for h, s in warm_items:
        score(h, rules=rules, **s).fans  # noqa: B018
    print(f"suanfan build: {build}; {args.n} fresh hands a set (seed {args.seed}), {args.repeat} sets")
    names = ("score().total", "score().fans", "total_only()", "score().fans, rules= merged")
    ratios: dict[str, list[float]] = {k: [] for k in names}
    bad = 0
    for rep in range(args.repeat):
        # a fresh set for each timing, so that no engine sees a hand twice
        sets = [make(args.seed + 1000 * (rep + 1) + j) for j in range(len(names))]
        for name, (items, oracle_args, checked, prepared) in zip(names, sets, strict=True):
            t_ref, ref = timed(lambda: [sum(p for p, _ in calc(**a)) for a in oracle_args])  # noqa: B023
            if name == "score().total":
                t, ours = timed(lambda: [score(h, **k).total for h, k in prepared])  # noqa: B023
            elif name == "score().fans":
                t, ours = timed(lambda: [sum(f.points for f in score(h, **k).fans)
                                         for h, k in prepared])  # noqa: B023
                ours = [score(h, **k).total for h, k in prepared]
            elif name == "score().fans, rules= merged":
                t, ours = timed(lambda: [sum(f.points for f in score(h, rules=rules, **s).fans)
                                         for h, s in items])  # noqa: B023
                ours = [score(h, rules=rules, **s).total for h, s in items]
            else:
                t, ours = timed(lambda: [total_only(h, sit, rules) for h, sit in checked])  # noqa: B023
            bad += sum(1 for a, b in zip(ref, ours, strict=True) if a != b)
            ratios[name].append(t_ref / t)
            print(f"set {rep + 1}: PyMahjongGB {t_ref:6.2f} us/hand, suanfan {name:28} {t:6.2f} us/hand, "
                  f"ratio {t_ref / t:.3f}")
    for name in names:
        r = sorted(ratios[name])
        print(f"median throughput ratio suanfan {name:28} / PyMahjongGB ({build}): {r[len(r) // 2]:.3f}")
    print(f"totals differing from PyMahjongGB: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
