"""Speed of ``suanfan.analysis.expected_values`` beside mahjong-cpp's recorded times.

    python bench/bench_expected.py [--data DIR] [--config a b] [--shanten 1 2 3] [--repeat R]
                                   [--limit N]

The 60 hands of ``../shared/data/ev/`` (20 each at shanten 1, 2, 3), each computed under config
(a) (shanten-down and tegawari on) and (b) (both off), with ``details=False`` (the search and
its values only, as mahjong-cpp computes them). For each shanten class and config: our median
CPU time a hand (``time.process_time``; the best of R runs of each hand, a cold start each: the
memos of a search live only in that search, the shanten tables stay warm) beside mahjong-cpp's
recorded median ``cpu_ms`` (its whole calculation, Release build, a 2-core machine like ours).
``--limit N``: the first N hands of each class only (config (a) at shanten 3 takes seconds a
hand in the pure build). Runs the installed suanfan (``suanfan --version`` says which build).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "ev"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--config", nargs="+", default=["b", "a"], choices=["a", "b"])
    ap.add_argument("--shanten", nargs="+", type=int, default=[1, 2, 3])
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--limit", type=int, default=20)
    args = ap.parse_args(argv)

    import suanfan
    from suanfan.analysis import expected_values

    cases = [json.loads(line) for line in (args.data / "cases.jsonl").open(encoding="utf-8")]
    print(f"suanfan {suanfan.__version__} ({suanfan.BUILD})")
    print(f"{'config':<7}{'shanten':>8}{'hands':>7}{'suanfan ms':>12}{'mahjong-cpp ms':>16}{'ratio':>8}")
    for config in args.config:
        path = args.data / f"mahjong-cpp_{config}.jsonl"
        ref = [json.loads(line) for line in path.open(encoding="utf-8")]
        on = config == "a"
        for s in args.shanten:
            ours: list[float] = []
            theirs: list[float] = []
            for case, r in zip(cases, ref, strict=True):
                if case["shanten"] != s or len(ours) >= args.limit:
                    continue
                best = float("inf")
                for _ in range(args.repeat):
                    t0 = time.process_time()
                    expected_values(case["hand"], "riichi", seat_wind=case["seat_wind"],
                                    round_wind=case["round_wind"],
                                    dora_indicators=case["dora_indicators"], shanten_down=on,
                                    tegawari=on, details=False, max_seconds=1e6)
                    best = min(best, (time.process_time() - t0) * 1000)
                ours.append(best)
                theirs.append(float(r["cpu_ms"]))
            if not ours:
                continue
            a = statistics.median(ours)
            b = statistics.median(theirs)
            print(f"({config}){'':<4}{s:>8}{len(ours):>7}{a:>12.3f}{b:>16.3f}{a / b:>8.1f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
