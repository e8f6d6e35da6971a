"""Properties every scored hand must have (random valid hands at a fixed seed, both presets)."""

from __future__ import annotations

import random

import pytest

from suanfan.mcr import score
from suanfan.mcr.fans import FAN_INDEX, FANS
from suanfan.mcr.rules import get_rules
from suanfan.mcr.scoring import prepare_situation, total_only


# mcr-ema values 两暗杠 above 全求人, before it in precedence order: its fan lines are sorted
@pytest.mark.parametrize("rules", ["mcr", "mcr-botzone", "mcr-2006", "mcr-ema"])
def test_explained_results_are_consistent(rules: str) -> None:
    rng = random.Random(99)
    from suanfan.mcr.generate import random_hand

    r_obj = get_rules(rules)
    for _ in range(1500):
        hand, sit = random_hand(rng)
        r = score(hand, rules=rules, **sit)
        ids = [f.id for f in r.fans]
        # the explanation adds up, fans are listed highest value first, no fan twice
        assert r.total == sum(f.points for f in r.fans)
        assert [f.value for f in r.fans] == sorted((f.value for f in r.fans), reverse=True)
        assert len(ids) == len(set(ids))
        # 不重复: no counted fan is in the 不计 list of another counted fan (as the rule set
        # compiles it: 2006's 绿一色 may add 混一色, EMA keeps 不求人 with 四暗刻, ...)
        for f in ids:
            for e in r_obj.tables.excludes[FAN_INDEX[f]]:
                assert FANS[e].id not in ids, (str(hand), f, FANS[e].id)
        # fast path and explained path agree
        h, s = prepare_situation(hand, sit)
        assert total_only(h, s, r_obj) == r.total
        # settlement is zero-sum
        pts = r.settlement(0, None if sit["self_drawn"] else 2)
        assert sum(pts) == 0
        assert r.meets_minimum == (r.total_without_flowers >= 8)


@pytest.mark.parametrize("rules", ["mcr", "mcr-botzone", "mcr-2006", "mcr-extended"])
def test_fans_read_first_or_removed_first_agree(rules: str) -> None:
    """``fans`` alone replays the best reading without recording the removed fans; ``removed``
    replays it with them. Whichever is read first, both give what a fresh result gives."""
    rng = random.Random(4242)
    from suanfan.mcr.generate import random_hand

    for _ in range(800):
        hand, sit = random_hand(rng)
        a = score(hand, rules=rules, **sit)
        fans_first = (a.fans, a.removed)
        b = score(hand, rules=rules, **sit)
        removed_first = b.removed
        assert (b.fans, removed_first) == fans_first, str(hand)
        assert score(hand, rules=rules, **sit).to_dict() == {
            **a.to_dict(), "fans": [f.to_dict() for f in fans_first[0]],
            "removed": [r.to_dict() for r in fans_first[1]]}
        assert sum(f.points for f in fans_first[0]) == a.total


def test_fans_back_to_mark_forgets_what_was_added_since() -> None:
    """The search adds a hand's common fans once, marks them, and goes back to the mark before
    each reading: the fans present, those repeated and the repeat counts are those at the mark."""
    from suanfan.mcr.fans import FANS
    from suanfan.mcr.principles import Fans

    rng = random.Random(7)
    for _ in range(2000):
        acc = Fans()
        for _ in range(rng.randrange(4)):
            acc.add(rng.randrange(len(FANS)))
        acc.mark()
        at_mark = (acc.low, acc.high, acc.again_low, acc.again_high, list(acc.again or []))
        for _ in range(3):
            for _ in range(rng.randrange(6)):
                acc.add(rng.randrange(len(FANS)))
            acc.back_to_mark()
            assert (acc.low, acc.high, acc.again_low, acc.again_high, list(acc.again or [])) == at_mark
