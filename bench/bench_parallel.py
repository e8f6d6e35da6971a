"""Rounds a second of ``suanfan replay`` (or ``stats``, ``review``) on real logs: one process, N
processes, a Dask LocalCluster.

    python bench/bench_parallel.py [DIR] [--command replay|stats|review] [--jobs 1 2] [--workers 2]
                                   [--repeat 3]

``--command review`` reviews seat 0 of every game (``suanfan review DIR --seat 0 --json``).

DIR: a folder of logs (default: the 2,158 real Tenhou games of ``../shared/data/real``, unpacked
into a temporary folder). Each figure is the whole command ``suanfan replay DIR --json`` (a fresh
process: start-up, reading, scoring every win, writing the JSON), wall-clock, the median of
``--repeat`` runs taken in turn; the LocalCluster (``--workers`` worker processes, one thread
each, started once before the runs, like a cluster a user keeps running) is given by
``--scheduler``. Rounds are counted once, apart, by reading every log. Every run must print the
same output as the first: the bench stops otherwise. Runs the installed suanfan (say which build:
``suanfan --version``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "data" / "real" / "corpus" / "tenhou-xml.tar.xz"


def _rounds(folder: str) -> int:
    from suanfan.commands.logfiles import LogFiles
    from suanfan.logs import read

    n = 0
    for path in LogFiles([folder], None):
        try:
            n += len(read(path, strict=False).rounds)
        except Exception:  # a file replay reports as unreadable counts no rounds
            continue
    return n


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("folder", nargs="?", default=None)
    ap.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--command", choices=("replay", "stats", "review"), default="replay")
    args = ap.parse_args(argv)

    from distributed import LocalCluster

    import suanfan

    with tempfile.TemporaryDirectory() as tmp:
        folder = args.folder
        if folder is None:
            if not CORPUS.exists():
                print(f"no folder given and no corpus at {CORPUS.name}", file=sys.stderr)
                return 2
            with tarfile.open(CORPUS) as tar:
                tar.extractall(tmp, filter="data")
            folder = tmp
        rounds = _rounds(folder)
        print(f"suanfan {args.command}, {suanfan.BUILD}; {os.cpu_count()} cores; {rounds} rounds; "
              f"{args.repeat} runs each")
        with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster:
            setups = {f"--jobs {j}": ["--jobs", str(j)] for j in args.jobs}
            setups[f"LocalCluster ({args.workers} workers)"] = ["--scheduler", cluster.scheduler_address]
            times: dict[str, list[float]] = {k: [] for k in setups}
            first: bytes | None = None
            for _ in range(args.repeat):
                for name, extra in setups.items():
                    who = ["--seat", "0"] if args.command == "review" else []
                    command = [sys.executable, "-m", "suanfan", args.command, folder, *who, "--json",
                               *extra]
                    t = time.perf_counter()
                    out = subprocess.run(command, capture_output=True).stdout
                    times[name].append(time.perf_counter() - t)
                    if first is None:
                        first = out
                    elif out != first:
                        print(f"{name}: a different output from the first run", file=sys.stderr)
                        return 1
        base = statistics.median(times[next(iter(times))])
        print(f"{'setup':<26} {'median s':>9} {'rounds/s':>9} {'speed-up':>9}")
        for name, ts in times.items():
            m = statistics.median(ts)
            print(f"{name:<26} {m:>9.2f} {rounds / m:>9.0f} {base / m:>8.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
