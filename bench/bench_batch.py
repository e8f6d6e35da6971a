"""Throughput of ``suanfan.batch.score_many`` with 1 and more processes on the same JSON Lines.

    python bench/bench_batch.py [N] [--jobs 1 2] [--repeat R]

N random MCR hands (every form and flag, ``suanfan.mcr.generate``; default 20,000) as a JSON Lines
file, scored by the whole command ``suanfan batch FILE -o /dev/null --jobs J`` for each job count,
R times (default 3) in turn, wall-clock time; the median of each is printed with the speed-up over
one job. Every run is a fresh process, so each pays its start-up and fills its memos (the same for
one job as for several: a fair comparison, and what a user meets). The warm-up cost of a worker
process (starting it, importing suanfan, filling its memos) is also measured apart, in this
process: the time of a pool scoring 200 hands per worker, less the time this warm process takes
for them. Runs the installed suanfan (say which build: ``suanfan --version``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("n", nargs="?", type=int, default=20000)
    ap.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)

    import suanfan
    from suanfan.batch import score_many
    from suanfan.mcr.generate import random_hand

    def lines(seed: int, n: int) -> list[str]:
        rng = random.Random(seed)
        out = []
        for _ in range(n):
            hand, situation = random_hand(rng)
            out.append(json.dumps({"hand": str(hand), **situation}))
        return out

    print(f"suanfan {suanfan.BUILD}; {os.cpu_count()} cores; {args.n} hands a run, {args.repeat} runs")
    list(score_many(lines(1, 2000), jobs=1))  # this process warm (for the warm-up figure below)
    times: dict[int, list[float]] = {j: [] for j in args.jobs}
    with tempfile.TemporaryDirectory() as tmp:
        for rep in range(args.repeat):
            path = os.path.join(tmp, f"hands{rep}.jsonl")
            with open(path, "w", encoding="utf-8") as f:
                f.write("\n".join(lines(100 + rep, args.n)) + "\n")
            for j in args.jobs:
                command = [sys.executable, "-m", "suanfan", "batch", path, "-o", os.devnull,
                           "--jobs", str(j)]
                t = time.perf_counter()
                subprocess.run(command, check=True)
                times[j].append(time.perf_counter() - t)
    base = statistics.median(times[args.jobs[0]])
    for j in args.jobs:
        m = statistics.median(times[j])
        print(f"jobs {j}: {m:6.2f} s, {args.n / m:8.0f} hands/s, {base / m:4.2f}x {args.jobs[0]} job "
              "(whole command)")
    # the warm-up of worker processes: a pool's first 200 hands each, less a warm process's time
    few = lines(7, 200 * max(args.jobs))
    t = time.perf_counter()
    list(score_many(few, jobs=1))
    warm = time.perf_counter() - t
    t = time.perf_counter()
    list(score_many(few, jobs=max(args.jobs), chunk=200))
    cold = time.perf_counter() - t
    print(f"worker warm-up: about {max(cold - warm / max(args.jobs), 0):.2f} s per pool "
          f"({max(args.jobs)} processes started, suanfan imported, memos filled)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
