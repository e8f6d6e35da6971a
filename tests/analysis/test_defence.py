"""Defence: genbutsu, suji, no-chance / one-chance and the live wait combinations of each tile.

Furiten (riichi, 振听): a player may not ron with a wait any of whose winning tiles is among their
own discards, or that they let pass since their riichi / their last discard (the riichi rules,
../shared/spec/RIICHI.md "furiten"). MCR has no furiten: a discarded tile can still be won on.
The combination counts are checked against an independent brute force over every one- and
two-tile shape an opponent could hold.
"""

from __future__ import annotations

import doctest
import itertools
import pickle
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from suanfan import MahjongError, analysis
from suanfan.analysis import safety
from suanfan.analysis.safety import defence
from suanfan.notation import parse_hand, parse_tile, parse_tiles
from suanfan.shanten import unseen_counts
from suanfan.tiles import KIND, NUM_KINDS, tile_to_str


def test_module_examples() -> None:
    failures, tests = doctest.testmod(safety)
    assert tests > 0 and failures == 0


def test_genbutsu_suji_and_counts_worked_by_hand() -> None:
    d = defence("12340m456p11s789s", "riichi", opponents=[{"discards": "4m9p1z"}, {"discards": "1s"}])
    one = d.tile("1m", 0)
    # 1m: the only two-sided shape is 23m (waits 1m-4m), furiten by the discarded 4m: suji
    assert one.suji and not one.genbutsu and one.combinations.two_sided == 0
    # unseen 1m = 4 - 1 in hand = 3: pair C(3,2) = 3, single 3
    assert (one.combinations.pair, one.combinations.single) == (3, 3)
    # the same tile against the second opponent: 23m is live, 3 unseen 2m? no: 4-1 = 3 2m, 3 3m
    assert d.tile("1m", 1).combinations.two_sided == 9 and not d.tile("1m", 1).suji
    assert d.tile("4m", 0).genbutsu and d.tile("4m", 0).danger == 0.0
    assert d.tile("1s", 1).genbutsu
    # 5m: shapes 67m (4 x 4) and 34m (3 unseen 3m x 2 unseen 4m: one in hand, one discarded)
    five = d.tile("0m", 0)
    assert five.combinations.two_sided == 16 + 6 and five.combinations.closed == 2 * 4
    # 6p against opponent 0: 9p discarded covers 78p, 45p is live: half suji
    six = d.tile("6p", 0)
    assert six.half_suji and not six.suji
    assert six.combinations.two_sided == 3 * 3
    # safest first, by the highest danger over the opponents
    dangers = [t.danger for t in d.tiles]
    assert dangers == sorted(dangers)


def test_passed_tiles_are_safe_after_riichi() -> None:
    d = defence("123m456p789s1122z3z", "riichi",
                opponents=[{"discards": "9m", "passed": "3z"}])
    assert d.tile("3z", 0).genbutsu and d.tile("3z", 0).danger == 0.0
    assert not d.tile("1z", 0).genbutsu


def test_mcr_knows_no_furiten() -> None:
    d = defence("12340m456p11s789s", "mcr", opponents=[{"discards": "4m9p1z"}])
    four = d.tile("4m", 0)
    assert not four.genbutsu and four.danger > 0
    assert not d.tile("1m", 0).suji


def test_no_chance_and_one_chance() -> None:
    # all four 8s seen (three on the table, one in hand): 9s has no two-sided wait (78s needs an 8s)
    d = defence("123m456p9s8s11z222z", "riichi", opponents=[{"discards": "1z"}], visible="888s")
    nine = d.tile("9s", 0)
    assert nine.no_chance and nine.combinations.two_sided == 0
    # three 8s seen in all: one left unseen, one-chance on 9s
    d = defence("123m456p9s7s11z222z", "riichi", opponents=[{"discards": "1z"}], visible="888s")
    assert d.tile("9s", 0).one_chance and not d.tile("9s", 0).no_chance


def _brute(k: int, unseen: list[int], furiten: set[int]) -> dict[str, int]:
    """Every shape of one or two tiles an opponent could hold, with the kinds it wins on."""
    out = {"two_sided": 0, "closed": 0, "edge": 0, "pair": 0, "single": 0}
    if k not in furiten:
        out["single"] = unseen[k]
    for a, b in itertools.combinations_with_replacement(range(NUM_KINDS), 2):
        ways = unseen[a] * (unseen[a] - 1) // 2 if a == b else unseen[a] * unseen[b]
        if a == b:
            wins, kind = {a}, "pair"
        else:
            if a >= 27 or b >= 27 or a // 9 != b // 9 or b - a > 2:
                continue
            suit = range(a // 9 * 9, a // 9 * 9 + 9)
            wins = {x for x in suit if len({a, b, x}) == 3 and max(a, b, x) - min(a, b, x) == 2}
            kind = "closed" if b - a == 2 else ("two_sided" if len(wins) == 2 else "edge")
        if k in wins and not wins & furiten:
            out[kind] += ways
    return out


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False))
def test_counts_equal_a_brute_force(rng: Any) -> None:
    tiles = list(range(136))
    rng.shuffle(tiles)
    hand = "".join(tile_to_str(t // 4) for t in tiles[:13])
    rivers = ["".join(tile_to_str(t // 4) for t in tiles[13 + 6 * i: 19 + 6 * i]) for i in range(3)]
    d = defence(hand, "riichi", opponents=[{"discards": r} for r in rivers])
    seen = [t // 4 for t in tiles[13:31]]
    unseen = unseen_counts(parse_hand(hand), seen)
    for i, river in enumerate(rivers):
        furiten = {KIND[t] for t in parse_tiles(river)}
        live_total = 0
        for t in d.tiles:
            k = KIND[parse_tile(t.tile)]
            got = t.against[i].combinations.to_dict()
            del got["total"]
            assert got == _brute(k, unseen, furiten)
        for k in range(NUM_KINDS):
            live_total += sum(_brute(k, unseen, furiten).values())
        # every combination once: a two-sided one wins on two kinds and is counted twice above
        twice = sum(_brute(k, unseen, furiten)["two_sided"] for k in range(NUM_KINDS)) // 2
        assert d.live_combinations[i] == live_total - twice


def test_results_pickle_and_serialise() -> None:
    d = analysis.defence("123m456p789s1122z3z", opponents=[{"discards": "9m"}])
    assert pickle.loads(pickle.dumps(d)) == d
    assert d.to_dict()["tiles"][0]["against"][0]["combinations"]["total"] >= 0


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"opponents": "1m"}, "opponents="),
    ({"opponents": []}, "1 to 3 opponents"),
    ({"opponents": [{"discards": "1x"}]}, "opponents[0].discards"),
    ({"opponents": [{"river": "1m"}]}, "unknown key 'river'"),
    ({"opponents": [5]}, "opponents[0]="),
])
def test_bad_input_names_the_argument(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(MahjongError, match=message.replace("[", r"\[").replace("]", r"\]")):
        defence("123m456p789s1122z3z", "riichi", **kwargs)
