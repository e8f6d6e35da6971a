"""Wins a second of the whole ``suanfan replay`` command on one core, on real Tenhou logs.

    python bench/bench_replay.py [DIR ...] [--repeat R] [--files N] [--vs PYTHON]

DIR: folders or files of logs (default: the 2,158 real Tenhou games of ``../shared/data/real``,
unpacked into a temporary folder, and the Tenhou logs of ``../shared/data/tenhou``). Each run is
the whole command ``python -m suanfan replay DIR... --json`` in a fresh process (start-up,
reading every log, the table's checks, scoring every win, the JSON written to a pipe), timed as
the child's CPU time (user + system, from the operating system's accounting of the finished
process: one process, one core); the median of ``--repeat`` runs (default 3) is printed with the
wins a second (the wins counted from the summary line). ``--files N`` replays the first N files
only (in name order; a quicker run).

``--vs PYTHON`` runs the same command with another interpreter (another install of suanfan: the
tree before a change, say) in turn with this one, A B A B..., and prints the ratio of their CPU
times pair by pair (a pair shares the machine's speed of the moment) and checks that the two
print the same bytes (B runs without ``PYTHONPATH``). Every run must print the same output as
the first of its interpreter: the bench stops otherwise. Runs the suanfan of the interpreter
running it (say which build: ``suanfan --version``).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
CORPUS = DATA / "real" / "corpus" / "tenhou-xml.tar.xz"
TENHOU = DATA / "tenhou"


def _cpu_of(command: list[str], env: dict[str, str] | None = None) -> tuple[float, bytes]:
    """The CPU seconds (user + system) of a child process running ``command``, and its output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(command, capture_output=True, check=False, env=env).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), out


def _files(sources: list[str], limit: int | None) -> list[str]:
    from suanfan.commands.logfiles import LogFiles

    out = []
    for path in LogFiles(sources, None):
        out.append(path)
        if limit is not None and len(out) >= limit:
            break
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("sources", nargs="*")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--files", type=int, default=None)
    ap.add_argument("--vs", default=None, metavar="PYTHON")
    args = ap.parse_args(argv)

    import suanfan

    with tempfile.TemporaryDirectory() as tmp:
        sources = list(args.sources)
        if not sources:
            if not CORPUS.exists():
                print(f"no logs given and no corpus at {CORPUS}", file=sys.stderr)
                return 2
            with tarfile.open(CORPUS) as tar:
                tar.extractall(tmp, filter="data")
            sources = [tmp, *([str(TENHOU)] if TENHOU.is_dir() else [])]
        files = _files(sources, args.files)
        listing = Path(tmp) / "files.txt"
        listing.write_text("".join(f"{f}\n" for f in files), encoding="utf-8")
        pythons = {"A": sys.executable, **({"B": args.vs} if args.vs else {})}
        env_b = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        times: dict[str, list[float]] = {k: [] for k in pythons}
        outputs: dict[str, bytes] = {}
        for _ in range(args.repeat):
            for name, python in pythons.items():
                cpu, out = _cpu_of([python, "-m", "suanfan", "replay", "--files-from",
                                    str(listing), "--json"], None if name == "A" else env_b)
                times[name].append(cpu)
                if outputs.setdefault(name, out) != out:
                    print(f"{name}: a different output from its first run", file=sys.stderr)
                    return 1
        wins = json.loads(outputs["A"].splitlines()[-1])["summary"]["wins"]
        print(f"suanfan replay --json, {suanfan.BUILD}; {len(files)} files, {wins} wins; "
              f"{args.repeat} runs; CPU time of the whole command, one process")
        for name, python in pythons.items():
            m = statistics.median(times[name])
            print(f"  {name} {python}: {m:.2f} s (median; {min(times[name]):.2f}-"
                  f"{max(times[name]):.2f}), {wins / m:,.0f} wins/s")
        if args.vs:
            ratios = [a / b for a, b in zip(times["A"], times["B"], strict=True)]
            print(f"  A/B CPU time: {statistics.median(ratios):.3f} (median of the pairs; "
                  f"{min(ratios):.3f}-{max(ratios):.3f}); B/A speed-up "
                  f"{1 / statistics.median(ratios):.2f}x; the same output: "
                  f"{'yes' if outputs['A'] == outputs['B'] else 'NO'}")
            if outputs["A"] != outputs["B"]:
                return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
