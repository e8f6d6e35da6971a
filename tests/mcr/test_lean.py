"""The lean total path (:mod:`suanfan.mcr.lean`) agrees with the full path it short-cuts:
the same best total, the same best reading and the same number of readings on generated hands
of every form and flag (fixed seeds), for the presets mcr, mcr-botzone and mcr-2006; and
``score()`` gives identical results (every field, ``to_dict()``: fans, removed fans,
decomposition) with the lean path on and off."""

from __future__ import annotations

import importlib
import random

import pytest

from suanfan.mcr import score
from suanfan.mcr.generate import FORMS, random_hand
from suanfan.mcr.principles import best_reading, walk_total
from suanfan.mcr.rules import get_rules

S = importlib.import_module("suanfan.mcr.score")
L = importlib.import_module("suanfan.mcr.lean")

N = 20000


@pytest.mark.parametrize("preset", ["mcr", "mcr-botzone", "mcr-2006"])
def test_lean_totals_equal_full_path(preset: str) -> None:
    rules = get_rules(preset)
    rng = random.Random(20261130 + len(preset))
    used = 0
    forms_seen: set[str] = set()
    for _ in range(N):
        hand, kw = random_hand(rng)
        h, sit = S.prepare_situation(hand, kw)
        lean = L.lean_best(S._prepare(h, sit, rules))
        from_hand = L.lean_score(h, sit, rules)
        assert (from_hand is None) == (lean is None), str(h)
        readings = S._readings(S._prepare(h, sit, rules))
        forms = {rd[0] for rd in readings}
        forms_seen |= forms
        if lean is None:
            continue
        used += 1
        totals = [walk_total(rules, sit.prevalent_wind, sit.seat_wind, rd[2]) for rd in readings]
        best, reading = best_reading(readings, totals)
        assert lean == (best, readings.index(reading), len(readings)), (str(h), sit)
        assert from_hand is not None
        assert (from_hand[0], from_hand[3]._index, from_hand[1]) == lean, (str(h), sit)
    assert used > N // 2  # the lean path is the common case
    assert forms_seen >= set(FORMS)


def _full(*args: object) -> None:
    return None


@pytest.mark.parametrize("preset", ["mcr", "mcr-botzone", "mcr-2006"])
def test_score_identical_with_and_without_lean(preset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(7 + len(preset))
    items = [random_hand(rng) for _ in range(N // 3 + 1)]
    lean_results = [score(h, rules=preset, **kw) for h, kw in items]
    monkeypatch.setattr(S, "_lean_score", _full)
    full_results = [score(h, rules=preset, **kw) for h, kw in items]
    n_lazy = 0
    for (h, _kw), a, b in zip(items, lean_results, full_results, strict=True):
        n_lazy += isinstance(a._reading, L.LazyReading)
        assert not isinstance(b._reading, L.LazyReading)
        assert isinstance(a._reading, L.LazyReading) == isinstance(a._ctx, L.LazyCtx)
        assert (a.form, a.total, a.total_without_flowers, a.flowers, a.readings, a.situation) == (
            b.form, b.total, b.total_without_flowers, b.flowers, b.readings, b.situation), str(h)
        assert a == b
        assert a.fans == b.fans and a.removed == b.removed and a.decomposition == b.decomposition
        assert a.to_dict() == b.to_dict(), str(h)
    assert n_lazy > len(items) // 2


def test_lean_reads_every_form_and_declines_extended_rules() -> None:
    """Thirteen orphans, honours and knitted tiles, seven pairs, nine gates and knitted
    straights are read on the lean path with the full path's form, total, best reading and
    number of readings; rules with seed 003's extended fans go to the full path."""
    rules = get_rules("mcr")
    for text, form in (
        ("11223344556677z", "seven_pairs"),
        ("19m19p19s12345677z", "thirteen_orphans"),
        ("147m258p369s12345z", "lesser_honors_and_knitted_tiles"),
        ("14m25p369s1234567z", "greater_honors_and_knitted_tiles"),
        ("1112345678999m5m", "nine_gates"),
        ("2233445566778m 8m", "seven_shifted_pairs"),
        ("11223344556677m", "seven_shifted_pairs"),  # also four sets and a pair: 就高不就低
        ("147m258p369s11122z", "knitted_straight"),
        ("147m258p369s123m5m 5m", "knitted_straight"),
        ("[555z1]147m258p3699s 9s", "knitted_straight"),
    ):
        h, sit = S.prepare_situation(text, {})
        got = L.lean_score(h, sit, rules)
        assert got is not None, text
        readings = S._readings(S._prepare(h, sit, rules))
        totals = [walk_total(rules, sit.prevalent_wind, sit.seat_wind, rd[2]) for rd in readings]
        best, reading = best_reading(readings, totals)
        assert reading[0] == form and got[3][0] == form, text
        assert (got[0], got[3]._index, got[1]) == (best, readings.index(reading), len(readings)), text
    h, sit = S.prepare_situation("123m456p789s123s55z", {})
    assert L.lean_best(S._prepare(h, sit, rules)) is not None
    ext = get_rules("mcr-extended")
    assert L.lean_best(S._prepare(h, sit, ext)) is None
    assert L.lean_score(h, sit, ext) is None


def test_lazy_reading_is_built_only_when_explained() -> None:
    res = score("123m456p789s123s55z", rules="mcr")
    lazy = res._reading
    assert isinstance(lazy, L.LazyReading)
    assert lazy._built is None and res._ctx._real is None
    assert res.to_dict()["decomposition"] == ["123m", "456p", "123s", "789s", "55z"]
    assert lazy._built is not None


def test_combination_fans_are_the_same_for_every_shape_of_a_set_tuple() -> None:
    """The lean path looks a new chow or pung tuple up by its shape: the suits permuted and, for
    chows, the ranks reflected (1 <-> 9). That is sound because no chow or pung combination fan
    of the table (一般高 … 一色四同顺, 双同刻 … 一色四节高, seed 003) names a particular suit, and
    the chow fans read the ranks symmetrically (老少副 123+789, 清龙 123+456+789, 双龙会 with 5s)."""
    import itertools

    from suanfan.mcr.combos import chow_fans, pung_fans
    from suanfan.mcr.fans import FAN_INDEX

    rng = random.Random(20261130)
    codes = [s * 9 + r for s in range(3) for r in range(7)]
    for _ in range(3000):
        n = rng.choice((2, 3, 4))
        chows = tuple(sorted(rng.choice(codes) for _ in range(n)))
        pair = rng.choice((-1, 4, 13, 22)) if n == 4 else -1
        want = sorted(f for f, _ in chow_fans(chows, pair)[0])
        for perm in itertools.permutations(range(3)):
            moved = tuple(sorted(perm[c // 9] * 9 + c % 9 for c in chows))
            moved_pair = perm[pair // 9] * 9 + pair % 9 if pair >= 0 else -1
            assert sorted(f for f, _ in chow_fans(moved, moved_pair)[0]) == want, (chows, perm)
        reflected = tuple(sorted(c // 9 * 9 + 6 - c % 9 for c in chows))
        assert sorted(f for f, _ in chow_fans(reflected, pair)[0]) == want, chows
        # and the shape table answers with the fans of the tuple itself
        assert sorted(L._chow_ids(moved, moved_pair)) == sorted(FAN_INDEX[f] for f in want)
        pungs = tuple(sorted(rng.sample(range(34), n)))
        want_p = sorted(f for f, _ in pung_fans(pungs)[0])
        for perm in itertools.permutations(range(3)):
            moved_p = tuple(sorted(perm[k // 9] * 9 + k % 9 if k < 27 else k for k in pungs))
            assert sorted(f for f, _ in pung_fans(moved_p)[0]) == want_p, (pungs, perm)
        assert sorted(L._pung_ids(pungs)) == sorted(FAN_INDEX[f] for f in want_p)
    # pungs: also the ranks moved and reflected (the pung fans read ranks only as equal or
    # consecutive), on tuples drawn from a few ranks so that the combination fans turn up
    seen: set[str] = set()
    for _ in range(6000):
        n = rng.choice((2, 3, 4))
        lo = rng.randrange(9)
        kinds = [s * 9 + r for s in range(3) for r in range(lo, min(9, lo + rng.choice((1, 2, 3, 4))))]
        kinds += rng.sample(range(27, 34), rng.choice((0, 1, 2, 3)))
        if len(kinds) < n:
            continue
        pungs = tuple(sorted(rng.sample(kinds, n)))
        want_p = sorted(f for f, _ in pung_fans(pungs)[0])
        seen.update(want_p)
        ranks = [k % 9 for k in pungs if k < 27]
        variants = [pungs]
        if ranks:
            for d in range(-min(ranks), 9 - max(ranks)):
                variants.append(tuple(sorted(k + d if k < 27 else k for k in pungs)))
            top = max(ranks) + min(ranks)
            variants.append(tuple(sorted(k // 9 * 9 + top - k % 9 if k < 27 else k for k in pungs)))
        for var in variants:
            assert sorted(f for f, _ in pung_fans(var)[0]) == want_p, (pungs, var)
            assert sorted(L._pung_ids(var)) == sorted(FAN_INDEX[f] for f in want_p), (pungs, var)
    assert {"double_pung", "triple_pung", "pure_shifted_pungs", "mixed_shifted_pungs",
            "four_pure_shifted_pungs", "two_dragon_pungs"} <= seen, seen


def test_hand_level_fans_of_a_mask_and_of_its_stand_in() -> None:
    """The lean path works the hand-level fans (colour, rank and terminal fans) of a new kind
    mask out for a stand-in mask shared by many (lean._stand_in): the fans must be the same."""
    from suanfan.mcr.score import _global_fans

    rng = random.Random(31)
    shared = 0
    for _ in range(30000):
        suits = [rng.getrandbits(9) if rng.random() < 0.7 else 0 for _ in range(3)]
        if rng.random() < 0.3:
            suits = [s & rng.choice((0x1FF, 0x0F, 0x1E0, 0x38, 0x101, 0x1BA, 0x1E, 0x16A)) for s in suits]
        if rng.random() < 0.3:
            suits[rng.randrange(3)] = 0
        honors = rng.getrandbits(7) if rng.random() < 0.5 else rng.choice((0, 0x10, 0x20, 0x40))
        m = suits[0] | suits[1] << 9 | suits[2] << 18 | honors << 27
        if not m:
            continue
        stand_in = L._stand_in(m)
        shared += stand_in != m
        want: list[int] = []
        got: list[int] = []
        _global_fans(m, want)
        _global_fans(stand_in, got)
        assert sorted(got) == sorted(want), (hex(m), hex(stand_in))
    assert shared > 15000


def test_knitted_straights_held_by_table() -> None:
    """The lean path finds the knitted straights (组合龙, seed 003) a kind mask holds from a table
    of each suit's 147 / 258 / 369: the same as testing each of the six knitted masks."""
    from suanfan.mcr.score import _KNIT_MASKS

    rng = random.Random(6)
    masks = [rng.getrandbits(34) for _ in range(3000)]
    masks += [km | rng.getrandbits(34) & rng.getrandbits(34) for km in _KNIT_MASKS for _ in range(200)]
    masks += [km & ~(1 << rng.choice([k for k in range(27) if km >> k & 1])) for km in _KNIT_MASKS
              for _ in range(20)]
    found = 0
    for m in masks:
        want = tuple(ki for ki, km in enumerate(_KNIT_MASKS) if m & km == km)
        assert L._knits(m) == want, hex(m)
        found += bool(want)
    assert found >= 1200
