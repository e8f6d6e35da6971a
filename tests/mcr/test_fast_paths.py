"""The scorer's fast paths agree with the plain definitions they replace (fixed seeds)."""

from __future__ import annotations

import importlib
import itertools
import random

from suanfan.decompose import decompose
from suanfan.mcr.combos import _chow_pair_fan, chow_pair_fan, pung_fans
from suanfan.mcr.forms import _sets_only, unique_wait, unique_wait_standard, winning_kinds
from suanfan.mcr.generate import random_hand
from suanfan.mcr.rules import get_rules

S = importlib.import_module("suanfan.mcr.score")


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
            if not S._may_combine(list(t)):
                assert not pung_fans(t)[0], t
    rng = random.Random(3)
    for _ in range(20000):
        t = tuple(sorted(rng.randrange(34) for _ in range(4)))
        if not S._may_combine(list(t)):
            assert not pung_fans(t)[0], t


def test_unique_wait_and_decomposition_fast_paths() -> None:
    rng = random.Random(11)
    rules = get_rules("mcr")
    checked = 0
    for _ in range(6000):
        hand, sit = random_hand(rng)
        h, s = S.prepare_situation(hand, sit)
        ctx = S._prepare(h, s, rules)
        ref = decompose(ctx.sc, 4 - ctx.n_melds)
        assert S._decompose_standing(ctx.sc, ctx.smask) == ref, str(h)
        if ref:
            checked += 1
            fast = unique_wait_standard(ctx.sc, ctx.win, ctx.n_melds == 0 and ctx.smask.bit_count() <= 8)
            assert fast == unique_wait(ctx.sc, ctx.win), str(h)
            c13 = list(ctx.sc)
            c13[ctx.win] -= 1
            assert fast == (winning_kinds(c13, ctx.n_melds == 0) == (ctx.win,)), str(h)
    assert checked > 4000


def test_results_built_on_the_hot_path_are_ordinary_frozen_dataclasses() -> None:
    """score() builds its result without the dataclass __init__ (score._Unfrozen): the object
    must be an MCRResult like any other: its fields, equality, hash, repr and frozenness."""
    import dataclasses
    import pickle

    import pytest

    from suanfan.mcr import MCRResult, score

    res = score("123m456p789s1z222z 1z", seat_wind="E")
    again = score("123m456p789s1z222z 1z", seat_wind="E")
    assert type(res) is MCRResult
    assert [f.name for f in dataclasses.fields(res)][:3] == ["rules", "form", "total_without_flowers"]
    assert res == again and hash(res) == hash(again)
    assert res != score("123m456p789s1z222z 1z", seat_wind="S")
    assert repr(res).startswith("MCRResult(rules='mcr', form='standard'")
    with pytest.raises(dataclasses.FrozenInstanceError):
        res.total_without_flowers = 99  # type: ignore[misc]
    built = MCRResult(res.rules, res.form, res.total_without_flowers, res.flowers, res.min_fan,
                      res.situation, res.readings, res.inferred)
    assert built == res and built.total == res.total
    assert pickle.loads(pickle.dumps(dataclasses.replace(res, _ctx=None, _reading=None))) == res
    assert [f.name for f in res.fans] and res.meets_minimum is (res.total_without_flowers >= 8)
