"""Differential run against the `mahjong` package: python -m tests.riichi.diff_oracle N SEED [RULES].

Prints the agreement and the first mismatches. The CI test (test_oracle.py) runs the same loop.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from typing import Any

from suanfan.errors import MahjongError, NoYaku
from suanfan.riichi import get_rules, score
from suanfan.riichi.generate import random_case
from suanfan.riichi.rules import Rules

from .oracle import call, ours, summary


def compare(n: int, seed: int, rules: Rules) -> tuple[int, list[tuple[str, dict[str, Any], Any, Any]]]:
    rng = random.Random(seed)
    bad: list[tuple[str, dict[str, Any], Any, Any]] = []
    for _ in range(n):
        h, kw = random_case(rng, red=True, renhou=rules.renhou != "off")
        try:
            mine: Any = ours(score(h, rules=rules, **kw))
        except NoYaku:
            mine = ("error", "no_yaku")
        except MahjongError as exc:
            mine = ("error", f"{type(exc).__name__}: {exc}")
        theirs = summary(call(h, kw, rules), bool(kw.get("tsumo")), kw.get("seat_wind") == "E")
        if mine != theirs:
            bad.append((str(h), kw, mine, theirs))
    return n, bad


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    rules = get_rules(sys.argv[3] if len(sys.argv) > 3 else "default")
    total, bad = compare(n, seed, rules)
    print(f"{total - len(bad)}/{total} agree ({rules.name})")
    kinds = Counter(m[0] if m and m[0] == "error" else "diff" for _, _, m, _ in bad)
    print(kinds)
    for h, kw, m, t in bad[:15]:
        print(h, kw, "\n   ours", m, "\n   them", t)


if __name__ == "__main__":
    main()
