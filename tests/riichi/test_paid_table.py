"""Limits and payments come from a table kept for one rule set at a time: switching the rules
between scores gives each hand the payments of its own rules (issue 36)."""

from __future__ import annotations

import random

from suanfan.errors import NoYaku
from suanfan.riichi import PRESETS, score
from suanfan.riichi.generate import random_case
from suanfan.riichi.points import base_points, payment
from suanfan.riichi.rules import get_rules


def test_payments_follow_the_rules_of_each_call() -> None:
    rng = random.Random(36)
    names = [n for n in PRESETS if "sanma" not in n]
    checked = 0
    for i in range(300):
        hand, kw = random_case(rng)
        name = names[i % len(names)]
        try:
            r = score(hand, rules=name, **kw)
        except NoYaku:
            continue
        rules = get_rules(name)
        base, limit = base_points(r.han, r.fu, r.yakuman, rules)
        assert r.limit == limit
        assert r.payment == payment(base, r.dealer, r.tsumo, kw.get("honba", 0),
                                    kw.get("riichi_sticks", 0), rules)
        checked += 1
    assert checked > 100
