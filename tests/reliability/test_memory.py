"""Bounded memory (issue 13): every memo of the engines is bounded, so a process given every
one-suit pattern (the worst case for the per-group memos of the scorers and the shanten tables)
stays well under 200 MB. Run in a fresh subprocess so that the peak resident size is its own."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

import suanfan

#: the bound of the issue: a process stays under this whatever hands it is given
LIMIT_MB = 200

_WORST_CASE = textwrap.dedent(
    """
    import itertools, sys
    from suanfan import MahjongError, mcr, riichi
    from suanfan.analysis import report
    step = int(sys.argv[1])
    n = 0
    for c in itertools.product(range(5), repeat=9):
        s = sum(c)
        if s not in (13, 14):
            continue
        n += 1
        if n % step:
            continue
        text = "".join(str(i + 1) * k for i, k in enumerate(c)) + "mps"[n % 3]
        try:
            if s == 14:
                mcr.score(text)
                riichi.score(text, tsumo=True)
            else:
                mcr.shanten(text, minimum=None)
                riichi.shanten(text)
                if n % 97 == 0:
                    report(text, "mcr" if n % 2 else "riichi")
        except MahjongError:
            pass
    # the peak of this process's own memory (VmHWM; ru_maxrss would include the parent's size
    # at the fork)
    with open("/proc/self/status") as f:
        peak = [int(line.split()[1]) for line in f if line.startswith("VmHWM:")][0]
    print(n, peak // 1024)
    """
)


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="reads the peak from /proc (Linux)")
def test_every_suit_pattern_stays_under_the_memory_bound() -> None:
    # all 212,400 one-suit patterns of 13 and 14 tiles on the compiled build (about 15 s); every
    # second one on the pure build, still three times what a memo holds before it is cleared
    step = 1 if "compiled" in suanfan.BUILD else 2
    out = subprocess.run([sys.executable, "-c", _WORST_CASE, str(step)], capture_output=True,
                         text=True, timeout=900, check=True).stdout.split()
    patterns, peak_mb = int(out[0]), int(out[1])
    assert patterns == 212_400
    assert peak_mb < LIMIT_MB, f"peak resident memory {peak_mb} MB after every suit pattern"
