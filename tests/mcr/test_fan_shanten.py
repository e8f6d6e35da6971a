"""The fan-aware MCR shanten (``suanfan.mcr.shanten(hand, minimum=8)``, ``fan_shanten``).

The rule: a win needs 8 fans, flowers not counted (spec/MCR.md "Minimum 8 fan, not counting
flowers (起和番)"; seed 004: "81．花牌 … 不计在起和分内"); the fans that depend on the table
are not counted by the definition (seed 004: "44．妙手回春", "45．海底捞月", "46．杠上开花",
"47．抢杠和", "58．和绝张"). Checked against a brute force that exchanges every tile and scores
every win with the public ``suanfan.mcr.score``.
"""

from __future__ import annotations

import pickle
import random

import pytest

from suanfan import MahjongError, parse_hand
from suanfan.hand import Hand, Meld, MeldKind
from suanfan.mcr import UNREACHABLE, fan_shanten, get_rules, score, shanten
from suanfan.shanten import hand_counts, mcr_shanten, mcr_shanten_counts, meld_kinds
from suanfan.tiles import NUM_KINDS

# 和绝张 off, as the definition wants (the default rules infer it from the hand's own melds)
RULES = get_rules("mcr").derive(infer_last_of_kind=False)
WINDS = "ESWN"


def _qualifies(ready: Hand, minimum: int, sw: str, pw: str) -> bool:
    """A ready 13-tile hand has a winning tile, with a copy left, worth ``minimum`` (brute)."""
    counts, n = hand_counts(ready)
    melds = meld_kinds(ready)
    for w in range(NUM_KINDS):
        if counts[w] + melds[w] >= 4:
            continue
        counts[w] += 1
        complete = mcr_shanten_counts(counts, n) == -1
        counts[w] -= 1
        if not complete:
            continue
        h = ready.with_winning_tile(w)
        for sd in (False, True):
            won = score(h, self_drawn=sd, seat_wind=sw, prevalent_wind=pw, rules=RULES)
            if won.total_without_flowers >= minimum:
                return True
    return False


def _neighbours(h: Hand) -> list[Hand]:
    """Every hand one exchange away (a standing tile out, another kind in, at most 4 a kind)."""
    counts, _ = hand_counts(h)
    own = h.counts
    out = []
    for d in range(NUM_KINDS):
        if not counts[d]:
            continue
        for a in range(NUM_KINDS):
            if a == d or own[a] - (1 if a == d else 0) >= 4:
                continue
            tiles = [k for k in range(NUM_KINDS) for _ in range(counts[k])]
            tiles.remove(d)
            tiles.append(a)
            out.append(Hand(h.melds, tiles))
    return out


def _brute_min(h: Hand, minimum: int, depth: int, sw: str, pw: str) -> int | None:
    """The fewest exchanges (at most ``depth``) to a qualifying ready hand, by exhaustion."""
    frontier = {h}
    seen = {h}
    for k in range(depth + 1):
        for x in frontier:
            if mcr_shanten(x) == 0 and _qualifies(x, minimum, sw, pw):
                return k
        if k == depth:
            return None
        nxt = set()
        for x in frontier:
            if mcr_shanten(x) > depth - k:   # cannot be ready within the depth left
                continue
            for y in _neighbours(x):
                if y not in seen:
                    seen.add(y)
                    nxt.add(y)
        frontier = nxt
    return None


_SETS = [(k, k, k) for k in range(34)] + [(9 * s + r, 9 * s + r + 1, 9 * s + r + 2)
                                           for s in range(3) for r in range(7)]


def _near_hand(rng: random.Random, exchanges: int, n_melds: int) -> Hand:
    """A 13-tile hand a few exchanges from a random complete hand, with ``n_melds`` melds."""
    while True:
        c = [0] * NUM_KINDS
        sets = [rng.choice(_SETS) for _ in range(4)]
        for s in sets:
            for k in s:
                c[k] += 1
        c[rng.randrange(NUM_KINDS)] += 2
        if max(c) > 4:
            continue
        melds = []
        for s in sets[:n_melds]:
            melds.append(Meld(MeldKind.CHOW if s[0] != s[1] else MeldKind.PUNG, s, 1))
            for k in s:
                c[k] -= 1
        tiles = [k for k in range(NUM_KINDS) for _ in range(c[k])]
        tiles.remove(rng.choice(tiles))
        for _ in range(exchanges):
            tiles.remove(rng.choice(tiles))
            while True:
                a = rng.randrange(NUM_KINDS)
                if tiles.count(a) + sum(m.tiles.count(a) for m in melds) < 4:
                    tiles.append(a)
                    break
        return Hand(melds, tiles)


def _check_witness(h: Hand, minimum: int, sw: str, pw: str) -> int:
    """The result's witness is a qualifying ready hand exactly ``shanten`` exchanges away."""
    r = fan_shanten(h, minimum, sw, pw)
    assert r.reachable and r.ready is not None and r.winning_tile is not None and r.result is not None
    ready = parse_hand(r.ready)
    assert mcr_shanten(ready) == 0
    assert len(r.discards) == len(r.draws) == r.shanten
    after = list(h.standing)
    for t in r.discards:
        after.remove(_tile(t))
    after.extend(_tile(t) for t in r.draws)
    assert sorted(after) == sorted(ready.standing)
    w = _tile(r.winning_tile)
    assert ready.counts[w] < 4
    won = score(ready.with_winning_tile(w), self_drawn=r.self_drawn, seat_wind=sw, prevalent_wind=pw,
                rules=RULES)
    assert won.total_without_flowers >= minimum
    assert won.total_without_flowers == r.result.total_without_flowers
    return r.shanten


def _tile(text: str) -> int:
    from suanfan.notation import parse_tile

    return parse_tile(text)


def test_exhaustive_results_0_and_1_and_witnesses_beyond() -> None:
    rng = random.Random(32)
    seen: dict[int, int] = {}
    for i in range(36):
        h = _near_hand(rng, i % 3, (0, 0, 0, 1, 2)[i % 5])
        sw, pw = WINDS[rng.randrange(4)], WINDS[rng.randrange(4)]
        s = _check_witness(h, 8, sw, pw)
        assert s >= mcr_shanten(h)
        seen[s] = seen.get(s, 0) + 1
        # exhaustively: nothing qualifies below s (to depth 1), and s itself is found
        assert _brute_min(h, 8, min(s, 1), sw, pw) == (s if s <= 1 else None)
    # the sample meets all three classes, and some hands where the fans cost exchanges
    assert seen.get(0) and seen.get(1) and seen.get(2)


def test_fans_cost_exchanges() -> None:
    # ready on 5s / 8s, but 平和 连六 … stay under 8 on a discard and by self-draw (不求人 4 +
    # 平和 2 + 连六 1): one exchange more
    h = "123456m234p5678s"
    assert mcr_shanten(h) == 0
    assert shanten(h) == 1 == _brute_min(parse_hand(h), 8, 1, "E", "E")
    assert shanten(h, minimum=None) == shanten(h, 0) == 0
    with pytest.raises(MahjongError, match="minimum"):
        shanten(h, minimum=False)
    # a lower minimum: the ready hand wins
    assert shanten(h, minimum=7) == 0


def test_self_draw_counts() -> None:
    # a closed hand whose self-drawn win reaches 8 (不求人) and whose discard win does not
    for h in ("123456m234p5678s",):
        r = fan_shanten(h)
        assert r.result is not None and r.result.total_without_flowers >= 8


def test_situational_fans_not_counted() -> None:
    # the melds show three 1z: the default rules infer 和绝张 (4) on a 1z wait; the definition
    # counts no fan that depends on the table, so the witness never has one
    for h in ("[111z1][123m1][456p1] 789s1z", "[999s1][123m1][456p1] 78s55p", "123456m234p5678s"):
        r = fan_shanten(h)
        assert r.result is not None
        ids = {f.id for f in r.result.fans}
        assert not ids & {"last_tile", "last_tile_draw", "last_tile_claim", "out_with_replacement_tile",
                          "robbing_the_kong", "flower_tiles"}


def test_all_copies_in_hand_do_not_wait() -> None:
    # 1111m: the plain MCR shanten counts shapes (ready on a fifth 1m); the fan-aware one needs a
    # copy left
    h = "1111m234567789p1z"
    assert shanten(h, minimum=1) >= 1 or fan_shanten(h, 1).winning_tile != "1m"


def test_complete_hands() -> None:
    # a complete hand worth 8: -1; under 8: the shanten after the best discard
    assert shanten("123m456p789s123m44p") == -1            # 花龙 +
    r = fan_shanten("123456m234p55678s")                     # 平和 … under 8
    assert r.plain == -1 and r.shanten >= 0
    assert r.shanten == fan_shanten("123456m234p5678s").shanten or r.shanten <= 1


def test_special_forms() -> None:
    assert shanten("147m258p369s1234z") == 0            # 全不靠
    assert shanten("19m19p19s1234567z") == 0            # 十三幺
    assert shanten("1122m3344p5566s7z") == 0            # 七对 24


def test_melds_and_unreachable() -> None:
    # four melds without a fan: the pair wait scores 全求人 only on a discard: at most 全求人 +
    # what the melds give
    h = "[123m1][345p1][567s1][789m1] 5z"
    r = fan_shanten(h)
    assert r.plain == 0
    if not r.reachable:
        assert shanten(h) == UNREACHABLE
    # an unreachable minimum on a small standing part
    assert shanten("[123m1][345p1][678s1][234s1] 9p", minimum=88) == UNREACHABLE


def test_results_pickle_and_explain() -> None:
    r = fan_shanten("123456m234p5678s")
    assert pickle.loads(pickle.dumps(r)).shanten == r.shanten
    d = r.to_dict()
    assert d["shanten"] == r.shanten and d["plain"] == 0 and d["fans"]


def test_bad_arguments() -> None:
    for bad in (-1, 1.5, "8", True):
        with pytest.raises(MahjongError, match="minimum"):
            fan_shanten("123456m234p5678s", bad)
    with pytest.raises(MahjongError):
        shanten("123456m234p5678s", seat_wind="X")
    with pytest.raises(MahjongError):
        shanten("123m")


# -- the value of a self-drawn win (for the expected-value search) ---------------------------------
# spec/MCR.md, "Settlement": "Base 8. Self-drawn: each of the three others pays 8 + fan".
def test_win_values_are_the_self_drawn_settlement() -> None:
    from suanfan.mcr import win_values
    from suanfan.mcr.wins import NO_WIN
    from suanfan.tiles import KIND

    for text in ("111222m333p55577z", "123456m234p55678s", "123m456p789s123m44p", "[111z1] 222m333p55577z",
                 "[123m1][345p1][678s1][234s1] 99p"):
        h = parse_hand(text)
        counts, _ = hand_counts(h)
        v = win_values(h.melds).of(counts, KIND[h.winning_tile])
        r = score(h, self_drawn=True, rules=RULES)
        assert v.fans == r.total_without_flowers
        assert v.is_win == (r.total_without_flowers >= 8)
        assert v.value == (max(r.settlement(0)) if v.is_win else 0)
        assert v.value == (3 * (8 + v.fans) if v.is_win else 0)
        assert v.combination == tuple(f.id for f in r.fans)
        assert v.names("zh") == tuple(f.name_zh for f in r.fans)
    wv = win_values()
    assert wv.of([1] * 14 + [0] * 20, 0) is NO_WIN
    # tile-id counts (a red five its own id) merge into kinds
    ids = [0] * 37
    for t in parse_hand("123m456p789s123m44p").standing:
        ids[t] += 1
    assert wv.of_tiles(ids, KIND[parse_hand("123m456p789s123m44p").winning_tile]).is_win
    with pytest.raises(MahjongError):
        win_values(minimum=-1)
    with pytest.raises(MahjongError):
        win_values(melds="123m")


# -- the faces ---------------------------------------------------------------------------------------
def test_advise_ranks_by_the_fan_shanten_when_asked() -> None:
    from suanfan.analysis import advise

    plain = advise("123456m234p5678s9s", "mcr")
    assert all(o.fan_shanten is None for o in plain.options) and "minimum" not in plain.to_dict()
    fans = advise("123456m234p5678s9s", "mcr", minimum=8)
    assert fans.minimum == 8
    for o in fans.options:
        rest = parse_hand("123456m234p5678s9s")
        tiles = list(rest.standing)
        tiles.remove(_tile(o.discard))
        assert o.fan_shanten == shanten(Hand((), tiles))
    order = [(o.fan_shanten, o.shanten) for o in fans.options]
    assert order == sorted(order)
    assert fans.best.fan_shanten == 0 and plain.best.discard in ("5s", "9s")
    with pytest.raises(MahjongError, match="minimum"):
        advise("123456m234p5678s9s", "riichi", minimum=8)


def test_report_and_cli_show_the_fan_shanten(capsys: pytest.CaptureFixture[str]) -> None:
    from suanfan.analysis import report
    from suanfan.cli import main

    d = report("123456m234p5678s")
    assert d["shanten"] == 0 and d["fan_shanten"]["shanten"] == 1 and d["fan_shanten"]["plain"] == 0
    d14 = report("123456m234p5678s9s")
    assert {o["discard"]: o["fan_shanten"] for o in d14["options"]}["6s"] == 0
    assert "fan_shanten" not in report("123456m234p5678s", "riichi")
    for lang, word in (("en", "fan shanten"), ("zh-Hans", "番数向听"), ("zh-Hant", "番數向聽"),
                       ("ja", "番縛り込みの向聴")):
        assert main(["analyze", "123456m234p5678s", "--lang", lang]) == 0
        out = capsys.readouterr().out
        assert word in out and "8s" in out and "4p" in out
