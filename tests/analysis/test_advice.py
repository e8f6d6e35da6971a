"""Discard advice: each option's shanten and useful tiles against the oracles, and the order."""

from __future__ import annotations

import json
import random

import pytest

from suanfan import InvalidHand
from suanfan.analysis import advise
from suanfan.tiles import tile_to_str

from .oracles import RandomHand, gb_shanten, mahjong_shanten, random_hand

pytest.importorskip("MahjongGB")
pytest.importorskip("mahjong")


def _oracle_option(h: RandomHand, discard: int, system: str) -> tuple[int, set[str]]:
    oracle = mahjong_shanten if system == "riichi" else gb_shanten
    rest = list(h.standing)
    rest.remove(discard)
    h13 = RandomHand(tuple(sorted(rest)), h.melds)
    s = oracle(h13)
    own = h13.counts
    for kind, k in h.melds:
        for t in ([k, k + 1, k + 2] if kind == "CHI" else [k] * (3 if kind == "PENG" else 4)):
            own[t] += 1
    useful = set()
    for k in range(34):
        if own[k] >= 4:
            continue
        if oracle(RandomHand(tuple(sorted([*rest, k])), h.melds)) < s:
            useful.add(tile_to_str(k))
    return s, useful


@pytest.mark.parametrize("system", ["riichi", "mcr"])
def test_options_match_oracle(system: str) -> None:
    rng = random.Random(31 if system == "riichi" else 32)
    for i in range(12):
        h = random_hand(rng, 14, max_melds=2 if i % 3 == 0 else 0, dense=i % 2 == 0)
        adv = advise(h.notation(), system, score_waits=False)
        assert {o.discard for o in adv.options} == {tile_to_str(k) for k in set(h.standing)}
        for o in adv.options:
            k = next(t for t in set(h.standing) if tile_to_str(t) == o.discard)
            s, useful = _oracle_option(h, k, system)
            assert o.shanten == s, (h.notation(), o.discard)
            assert {u.tile for u in o.useful} == useful, (h.notation(), o.discard)


def test_order_and_counts() -> None:
    # 234567m234p2345s + 1z: discarding 1z leaves a 2s/5s wait (6 unseen), 2s or 5s a 1z single
    adv = advise("234567m234p2345s 1z", "riichi", riichi=True)
    assert adv.shanten == 0
    assert [o.discard for o in adv.options[:3]] == ["1z", "2s", "5s"]
    best = adv.best
    assert best.shanten == 0 and best.useful_unseen == 6
    assert [(w.tile, w.unseen) for w in best.waits] == [("2s", 3), ("5s", 3)]
    keys = [(o.shanten, -o.useful_unseen) for o in adv.options]
    assert keys == sorted(keys)
    # visible tiles lower the counts; the discarded tile itself is not counted as unseen
    adv2 = advise("234567m234p2345s 1z", "riichi", visible="2s2s")
    assert adv2.best.useful_unseen == 4


def test_mcr_flags_waits_below_minimum() -> None:
    # [567m2][999s3]11p345s78s + 2z: after 2z, 6s gives under 8 fan, 9s reaches it
    adv = advise("[567m2][999s3]11p345s78s 2z", "mcr")
    best = adv.best
    assert best.discard == "2z" and best.shanten == 0
    flags = {w.tile: w.scores for w in best.waits}
    assert flags == {w.tile: w.result.meets_minimum for w in best.waits}
    assert set(flags) == {"6s", "9s"}
    assert best.scoring_unseen == sum(w.unseen for w in best.waits if w.scores)
    d = adv.to_dict()
    json.dumps(d)
    assert d["options"][0]["waits"][0]["meets_minimum"] in (True, False)


def test_complete_hand_advice() -> None:
    adv = advise("1112345678999m 5m", "mcr")
    assert adv.shanten == -1
    assert adv.best.shanten == 0
    assert adv.to_dict()["complete"] is True


def test_thirteen_tiles_refused() -> None:
    with pytest.raises(InvalidHand, match="14-tile"):
        advise("1112345678999m", "mcr")
