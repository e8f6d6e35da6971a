"""The scorer's fast paths agree with the plain definitions they replace (fixed seeds)."""

from __future__ import annotations

import itertools
import random

from suanfan.decompose import decompose
from suanfan.mcr.combos import _chow_pair_fan, chow_pair_fan, pung_fans
from suanfan.mcr.engine import Ctx, _may_combine, evaluate
from suanfan.mcr.forms import _sets_only, unique_wait, unique_wait_standard, winning_kinds
from suanfan.mcr.generate import random_hand
from suanfan.mcr.rules import get_rules
from suanfan.mcr.scoring import prepare_situation


def _sets_only_ref(p: tuple[int, ...], honors: bool) -> bool:
    """Plain recursion: take a pung or (numbered suits) a chow at the lowest tile."""
    i = next((j for j, c in enumerate(p) if c), len(p))
    if i == len(p):
        return True
    if p[i] >= 3:
        q = list(p)
        q[i] -= 3
        if _sets_only_ref(tuple(q), honors):
            return True
    if not honors and i + 2 < len(p) and p[i + 1] and p[i + 2]:
        q = list(p)
        for j in (i, i + 1, i + 2):
            q[j] -= 1
        return _sets_only_ref(tuple(q), honors)
    return False


def test_greedy_sets_only_matches_recursion() -> None:
    rng = random.Random(7)
    patterns = [p for p in itertools.product(range(5), repeat=9) if sum(p) <= 6]
    patterns += [tuple(rng.randrange(5) for _ in range(9)) for _ in range(20000)]
    for p in patterns:
        assert _sets_only(p, False) == _sets_only_ref(p, False), p
    for h in itertools.product(range(5), repeat=7):
        assert _sets_only(h, True) == _sets_only_ref(h, True), h


def test_chow_pair_table() -> None:
    for a in range(27):
        for b in range(27):
            assert chow_pair_fan(a, b) == _chow_pair_fan(a, b)


def test_pung_filter_never_hides_a_fan() -> None:
    for n in (2, 3):
        for t in itertools.combinations_with_replacement(range(34), n):
            if not _may_combine(list(t)):
                assert not pung_fans(t)[0], t
    rng = random.Random(3)
    for _ in range(20000):
        t = tuple(sorted(rng.randrange(34) for _ in range(4)))
        if not _may_combine(list(t)):
            assert not pung_fans(t)[0], t


def test_unique_wait_and_decomposition_fast_paths() -> None:
    """The engine reads every decomposition once, and its wait test (cheap proofs, then the
    per-group tables) agrees with counting the tiles that complete the hand."""
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
            fast = unique_wait_standard(sc, ctx.win, ctx.n_melds == 0 and ctx.smask.bit_count() <= 8)
            assert fast == unique_wait(sc, ctx.win), str(h)
            c13 = list(sc)
            c13[ctx.win] -= 1
            assert fast == (winning_kinds(c13, ctx.n_melds == 0) == (ctx.win,)), str(h)
            if best.reading is not None and best.reading.form == 0 and ctx.unique >= 0:
                assert (ctx.unique == 1) == fast, str(h)
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
