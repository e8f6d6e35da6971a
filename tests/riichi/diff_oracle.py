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

Case = tuple[str, dict[str, Any], Any, Any]
#: the oracle's double yakuman that depend on the wait
WAIT_DOUBLES = {"Kokushi Musou Juusanmen Matchi", "Suu Ankou Tanki", "Daburu Chuuren Poutou"}


def known_disagreement(kw: dict[str, Any], resp: Any) -> bool:
    """Tenhou with a wait-dependent double yakuman: seed 000 (國士無雙 note) counts it single
    because the dealer's 14 dealt tiles show no wait; the oracle counts it double."""
    return bool(kw.get("tenhou")) and not resp.error and any(
        y.name in WAIT_DOUBLES for y in resp.yaku)


def compare(n: int, seed: int, rules: Rules, known: list[Case] | None = None) -> tuple[int, list[Case]]:
    """Score ``n`` random cases with both; return (n, differing cases). Known disagreements
    (see :func:`known_disagreement`) go to ``known`` instead."""
    rng = random.Random(seed)
    bad: list[Case] = []
    for _ in range(n):
        h, kw = random_case(rng, red=True, renhou=rules.renhou != "off")
        try:
            mine: Any = ours(score(h, rules=rules, **kw))
        except NoYaku:
            mine = ("error", "no_yaku")
        except MahjongError as exc:
            mine = ("error", f"{type(exc).__name__}: {exc}")
        resp = call(h, kw, rules)
        theirs = summary(resp, bool(kw.get("tsumo")), kw.get("seat_wind") == "E")
        if mine != theirs:
            if rules.double_yakuman and known_disagreement(kw, resp):
                if known is not None:
                    known.append((str(h), kw, mine, theirs))
                continue
            bad.append((str(h), kw, mine, theirs))
    return n, bad


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    rules = get_rules(sys.argv[3] if len(sys.argv) > 3 else "default")
    known: list[Case] = []
    total, bad = compare(n, seed, rules, known)
    print(f"{total - len(bad) - len(known)}/{total} agree ({rules.name}); "
          f"{len(known)} known disagreements (tenhou + wait-dependent double yakuman)")
    kinds = Counter(m[0] if m and m[0] == "error" else "diff" for _, _, m, _ in bad)
    print(kinds)
    for h, kw, m, t in bad[:15]:
        print(h, kw, "\n   ours", m, "\n   them", t)


if __name__ == "__main__":
    main()
