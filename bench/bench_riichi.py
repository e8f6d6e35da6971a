"""Score the same random hands with suanfan and with the `mahjong` package; print the speed ratio.

    python bench/bench_riichi.py [N] [SEED] [REPEATS]

Every repeat scores a FRESH batch of ``N`` random hands, never scored before in this process, so
no per-hand cache can help either library (only structural caches, such as suanfan's per-suit
decompositions, which a long-running process fills once). Both libraries get their input
prepared beforehand (suanfan: a parsed ``Hand`` and keyword arguments; mahjong: 136-format tiles,
Meld objects and a HandConfig), so only scoring is timed; the two score the same batch, taking
turns every 500 hands (interleaved: both see the same load on a busy machine). A third line
times suanfan from the hand *string* (parsing included) on yet another fresh batch.
CPU time of this process (time.process_time). Printed: the median ratio over the repeats, its
range, and the best time of each.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mahjong.hand_calculating.hand import HandCalculator
from tests.riichi import oracle

from suanfan.errors import NoYaku
from suanfan.hand import Hand
from suanfan.riichi import PRESETS, score
from suanfan.riichi.generate import random_case

Cases = list[tuple[Hand, dict[str, Any]]]
CHUNK = 500


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 7
    rules = PRESETS["default"]
    rng = random.Random(seed)
    real = HandCalculator.estimate_hand_value

    def batch() -> tuple[Cases, list[tuple[Any, ...]], list[tuple[str, dict[str, Any]]]]:
        """A fresh batch: suanfan's cases, the oracle's prepared calls for the same hands, and
        another batch of hand strings."""
        cases = [random_case(rng) for _ in range(n)]
        texts = [(str(h), kw) for h, kw in (random_case(rng) for _ in range(n))]
        calls: list[tuple[Any, ...]] = []

        def capture(*args: Any, **kwargs: Any) -> Any:
            calls.append((args, kwargs))
            return None

        HandCalculator.estimate_hand_value = capture  # type: ignore[method-assign]
        try:
            for h, kw in cases:
                oracle.call(h, kw, rules)
        finally:
            HandCalculator.estimate_hand_value = real  # type: ignore[method-assign]
        return cases, calls, texts

    def run_ours(cases: Cases) -> float:
        t = time.process_time()
        for h, kw in cases:
            try:  # noqa: SIM105  (a with-statement costs more in this timed loop)
                score(h, rules=rules, **kw)
            except NoYaku:
                pass
        return time.process_time() - t

    def run_ours_text(texts: list[tuple[str, dict[str, Any]]]) -> float:
        t = time.process_time()
        for s, kw in texts:
            try:  # noqa: SIM105
                score(s, rules=rules, **kw)
            except NoYaku:
                pass
        return time.process_time() - t

    def run_theirs(calls: list[tuple[Any, ...]]) -> float:
        t = time.process_time()
        for args, kwargs in calls:
            real(*args, **kwargs)
        return time.process_time() - t

    # warm-up batch (imports, structural caches of both), not counted
    cases, calls, texts = batch()
    run_ours(cases)
    run_theirs(calls)
    run_ours_text(texts)
    ours: list[float] = []
    theirs: list[float] = []
    ours_text: list[float] = []
    for _ in range(repeats):
        cases, calls, texts = batch()
        # the batch in chunks of CHUNK hands, the two libraries alternating chunk by chunk (who
        # goes first alternates too): both see the same load, even when it changes within a batch
        o = t = ot = 0.0
        for i, j in enumerate(range(0, n, CHUNK)):
            if i % 2:
                t += run_theirs(calls[j:j + CHUNK])
                o += run_ours(cases[j:j + CHUNK])
            else:
                o += run_ours(cases[j:j + CHUNK])
                t += run_theirs(calls[j:j + CHUNK])
            ot += run_ours_text(texts[j:j + CHUNK])
        ours.append(o)
        theirs.append(t)
        ours_text.append(ot)
    ratios = [t / o for t, o in zip(theirs, ours, strict=True)]
    ratios_text = [t / o for t, o in zip(theirs, ours_text, strict=True)]
    us = 1e6 / n
    print(f"{n} fresh hands x {repeats} repeats (seed {seed}); best time per hand, ratio median [range]")
    print(f"mahjong {min(theirs) * us:8.1f} us/hand")
    print(f"suanfan {min(ours) * us:8.1f} us/hand  (parsed Hand)   ratio {statistics.median(ratios):5.2f}x "
          f"[{min(ratios):.2f}-{max(ratios):.2f}]")
    print(f"suanfan {min(ours_text) * us:8.1f} us/hand  (hand string)  ratio "
          f"{statistics.median(ratios_text):5.2f}x [{min(ratios_text):.2f}-{max(ratios_text):.2f}]")


if __name__ == "__main__":
    main()
