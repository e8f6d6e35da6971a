"""The scorer's fast paths agree with the plain definitions they replace (fixed seeds)."""

from __future__ import annotations

import itertools
import random

from suanfan.decompose import decompose
from suanfan.mcr.combos import add_pung_fans, chow_pair_fan
from suanfan.mcr.engine import Ctx, _may_combine, evaluate, standard_waits
from suanfan.mcr.fans import Fan
from suanfan.mcr.generate import random_hand
from suanfan.mcr.principles import Fans
from suanfan.mcr.rules import get_rules
from suanfan.mcr.scoring import prepare_situation


def _waits_ref(counts13: list[int], seven_pairs: bool) -> list[int]:
    """The kinds that complete 13 tiles, by trying each: four sets and a pair (any decomposition
    at all), or seven pairs when all 13 tiles stand."""
    out = []
    for k in range(34):
        c = list(counts13)
        c[k] += 1
        n_sets = (sum(c) - 2) // 3
        if decompose(c, n_sets) or (seven_pairs and sum(c) == 14 and all(x % 2 == 0 for x in c)):
            out.append(k)
    return out


def test_chow_pair_fans_follow_their_definitions() -> None:
    """The two-chow fans by their tiles (seed 003: 一般高 the same chow of one suit, 喜相逢 the
    same chow in two suits, 连六 six consecutive tiles of one suit, 老少副 123 and 789 of one
    suit)."""
    starts = [s * 9 + r for s in range(3) for r in range(7)]
    for a in starts:
        for b in starts:
            ta, tb = {a, a + 1, a + 2}, {b, b + 1, b + 2}
            same_suit = a // 9 == b // 9
            if a == b:
                want = Fan.PURE_DOUBLE_CHOW
            elif not same_suit and a % 9 == b % 9:
                want = Fan.MIXED_DOUBLE_CHOW
            elif same_suit and len(ta | tb) == 6 and max(ta | tb) - min(ta | tb) == 5:
                want = Fan.SHORT_STRAIGHT
            elif same_suit and {a % 9, b % 9} == {0, 6}:
                want = Fan.TWO_TERMINAL_CHOWS
            else:
                want = -1
            assert chow_pair_fan(a, b) == want, (a, b)


def _pung_fans(pungs: tuple[int, ...]) -> int:
    acc = Fans()
    add_pung_fans(acc, list(pungs))
    return int(acc.low | acc.high)


def test_pung_filter_never_hides_a_fan() -> None:
    for n in (2, 3):
        for t in itertools.combinations(range(34), n):
            if not _may_combine(list(t)):
                assert not _pung_fans(t), t
    rng = random.Random(3)
    for _ in range(20000):
        t = tuple(sorted(rng.sample(range(34), 4)))
        if not _may_combine(list(t)):
            assert not _pung_fans(t), t


def test_the_engine_wait_test_matches_trying_every_tile() -> None:
    """The engine reads every decomposition once, and its wait test (cheap proofs, then the
    per-group wait tables) says "one kind completes the hand" exactly when trying every tile
    finds only the winning tile (MCR.md: 边张/坎张/单钓将 need a unique wait)."""
    rng = random.Random(11)
    rules = get_rules("mcr")
    checked = 0
    for _ in range(6000):
        hand, sit = random_hand(rng)
        h, s = prepare_situation(hand, sit)
        ctx = Ctx(h, s, rules.tables, [])
        sc = ctx.counts()
        ref = decompose(sc, 4 - ctx.n_melds)
        best = evaluate(ctx)
        assert best.readings >= len(ref), str(h)
        if ref:
            checked += 1
            c13 = list(sc)
            c13[ctx.win] -= 1
            waits = _waits_ref(c13, ctx.n_melds == 0)
            assert ctx.win in waits, str(h)
            key = [0, 0, 0, 0]
            for k in range(34):
                key[min(k // 9, 3)] += c13[k] << (4 * (k - 9 * min(k // 9, 3)))
            standard = [k for k in range(34) if standard_waits(*key) >> k & 1]
            assert standard == _waits_ref(c13, False), str(h)
            assert ctx._only_wait() == (waits == [ctx.win]), str(h)
            if ctx.unique >= 0:
                assert (ctx.unique == 1) == (waits == [ctx.win]), str(h)
    assert checked > 4000


def test_results_are_read_only_values_that_pickle() -> None:
    import pickle

    import pytest

    from suanfan.mcr import MCRResult, score

    res = score("123m456p789s1z222z 1z", seat_wind="E")
    again = score("123m456p789s1z222z 1z", seat_wind="E")
    assert type(res) is MCRResult
    assert res == again and hash(res) == hash(again)
    assert res != score("123m456p789s1z222z 1z", seat_wind="S")
    assert repr(res).startswith("MCRResult(hand='123m456p789s1222z 1z', rules='mcr', form='standard'")
    with pytest.raises(AttributeError):
        res.total = 99  # type: ignore[misc]
    with pytest.raises(AttributeError):
        res.fans[0].value = 99  # type: ignore[misc]
    back = pickle.loads(pickle.dumps(res))
    assert back == res and back.to_dict() == res.to_dict()
    assert [f.name for f in res.fans] and res.meets_minimum is (res.total_without_flowers >= 8)


def test_wrongly_typed_arguments_get_a_specific_error() -> None:
    """Every argument of score() is checked at run time, in the compiled build too: a clear
    InvalidHand naming it, never a TypeError or a silent reading by truth ("False" is true)."""
    import pytest

    from suanfan import InvalidHand
    from suanfan.mcr import score

    hand = "[111z1]1234556789m 5m"
    cases = [({"self_drawn": "False"}, "self_drawn"), ({"kong": 2}, "kong"),
             ({"seat_wind": None}, "seat wind"), ({"flowers": [1]}, "flowers"),
             ({"flowers": (9, 9)}, "flower"), ({"rules": 5}, "rules"),
             ({"declared_ready": "yes"}, "declared_ready")]
    for kwargs, named in cases:
        with pytest.raises(InvalidHand, match=named):
            score(hand, **kwargs)
    with pytest.raises(InvalidHand, match="hand"):
        score(b"123m")
    assert score(hand, self_drawn=1, kong=0).situation.self_drawn is True
