"""Differential test against the `mahjong` package (PyPI 2.x), the riichi oracle.

With options set alike, han, fu and every payment must equal the oracle's on 100% of the
project's random valid hands (closed, open, kongs of every kind, seven pairs, kokushi, nine gates,
red fives, every situation flag), at a fixed seed. RIICHI.md: "With options set alike, the results
must equal those of the mahjong package on every valid hand, except where the rule text shows it
wrong" (no such case is known: see the README section on oracle disagreements).
"""

from __future__ import annotations

import pytest

pytest.importorskip("mahjong")

from suanfan.riichi import PRESETS
from suanfan.riichi.rules import Rules

from .diff_oracle import Case, compare
from .oracle import comparable

VARIANTS: list[tuple[Rules, int, int]] = [
    (PRESETS["default"], 20000, 20261130),
    (PRESETS["tenhou"], 4000, 2),
    (PRESETS["mahjongsoul"], 2000, 3),
    # every option the oracle has, flipped
    (PRESETS["default"].replace(open_tanyao=False, red_fives=False, kiriage=True, kazoe="sanbaiman",
                                pinfu_tsumo=False, renhou="mangan"), 4000, 4),
    (PRESETS["default"].replace(kazoe="none", renhou="yakuman", double_yakuman=False), 4000, 5),
]


@pytest.mark.parametrize(("rules", "n", "seed"), VARIANTS,
                         ids=[f"{r.name}-{i}" for i, (r, _, _) in enumerate(VARIANTS)])
def test_agrees_with_oracle(rules: Rules, n: int, seed: int) -> None:
    assert comparable(rules)
    known: list[Case] = []
    total, bad = compare(n, seed, rules, known)
    assert total == n
    assert not bad, f"{len(bad)} of {n} differ; first: {bad[:3]}"
    for _hand, kw, mine, theirs in known:
        # the documented disagreement: tenhou counts a wait-dependent double yakuman once
        assert kw.get("tenhou") and mine[0] == theirs[0] - 13, (mine, theirs)
