"""Score the same random hands with suanfan and with the `mahjong` package; print the speed ratio.

    python bench/bench_riichi.py [N] [SEED]

Both libraries get their input prepared beforehand (suanfan: a parsed ``Hand`` and keyword
arguments; mahjong: 136-format tiles, Meld objects and a HandConfig), so only scoring is timed.
A second line times suanfan from the hand *string* (parsing included). CPU time of this
process (time.process_time), interleaved repeats, best of 7: robust on a busy machine.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mahjong.hand_calculating.hand import HandCalculator
from tests.riichi import oracle

from suanfan.errors import NoYaku
from suanfan.riichi import PRESETS, score
from suanfan.riichi.generate import random_case


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    rules = PRESETS["default"]
    rng = random.Random(seed)
    cases = [random_case(rng) for _ in range(n)]
    texts = [(str(h), kw) for h, kw in cases]

    # the oracle's prepared calls (captured by a stub, then replayed)
    calls: list[tuple[Any, ...]] = []
    real = HandCalculator.estimate_hand_value

    def capture(*args: Any, **kwargs: Any) -> Any:
        calls.append((args, kwargs))
        return None

    HandCalculator.estimate_hand_value = capture  # type: ignore[method-assign]
    try:
        for h, kw in cases:
            oracle.call(h, kw, rules)
    finally:
        HandCalculator.estimate_hand_value = real  # type: ignore[method-assign]

    def run_ours() -> float:
        t = time.process_time()
        for h, kw in cases:
            try:  # noqa: SIM105  (a with-statement costs more in this timed loop)
                score(h, rules=rules, **kw)
            except NoYaku:
                pass
        return time.process_time() - t

    def run_ours_text() -> float:
        t = time.process_time()
        for s, kw in texts:
            try:  # noqa: SIM105
                score(s, rules=rules, **kw)
            except NoYaku:
                pass
        return time.process_time() - t

    def run_theirs() -> float:
        t = time.process_time()
        for args, kwargs in calls:
            real(*args, **kwargs)
        return time.process_time() - t

    run_ours()  # warm the caches of both (decompositions, imports)
    run_theirs()
    # interleaved repeats, best of each: the machine's load changes less between neighbours
    ours = ours_text = theirs = float("inf")
    for _ in range(7):
        ours = min(ours, run_ours())
        theirs = min(theirs, run_theirs())
        ours_text = min(ours_text, run_ours_text())
    print(f"{n} hands (seed {seed})")
    print(f"mahjong {theirs / n * 1e6:8.1f} us/hand")
    print(f"suanfan {ours / n * 1e6:8.1f} us/hand  (parsed Hand)   ratio {theirs / ours:5.2f}x")
    print(f"suanfan {ours_text / n * 1e6:8.1f} us/hand  (hand string)  ratio {theirs / ours_text:5.2f}x")


if __name__ == "__main__":
    main()
