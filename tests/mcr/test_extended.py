# ruff: noqa: E501  (seed lines quoted in full)
"""The ``mcr-extended`` preset: seed 003's platform fans, their definitions and 不计 lists, the
situation flags they need and the checks of those flags; and the ``mcr-2006`` preset (seed 000).

Seed files: ``seeds/003_*.txt`` (the extended fans) and ``seeds/000_*.txt`` (the 2006 note) of the
shared reference material beside the repository."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from suanfan import Hand, InvalidHand, MahjongError, NotWinning, TileMissing
from suanfan.mcr import FAN_BY_ID, PRESETS, score
from suanfan.mcr.extended import EXTENDED_FANS, EXTENDED_IDS, FLAG_FAN, FLAGS
from suanfan.mcr.rules import get_rules

EXT = "mcr-extended"


def fans(hand: str, rules: str = EXT, **kw: Any) -> dict[str, int]:
    return {f.id: f.count for f in score(hand, rules=rules, **kw).fans}


def removed(hand: str, rules: str = EXT, **kw: Any) -> dict[str, tuple[str, str | None]]:
    return {x.id: (x.principle, x.by) for x in score(hand, rules=rules, **kw).removed}


def total(hand: str, rules: str = EXT, **kw: Any) -> int:
    return score(hand, rules=rules, **kw).total


# -- the table ---------------------------------------------------------------------------------
def test_the_twelve_fans_and_values() -> None:
    # issue 4 / seed 003: 天和 88, 地和 64, 人和 48, 天听 32, 满江红 32, 八花聚顶 32, 地听 16,
    # 梅兰竹菊 4, 春夏秋冬 4, 报听 2, 双报听 2, 二五八将 1
    want = {"天和": 88, "地和": 64, "人和": 48, "天听": 32, "满江红": 32, "八花聚顶": 32, "地听": 16,
            "梅兰竹菊": 4, "春夏秋冬": 4, "报听": 2, "双报听": 2, "二五八将": 1}
    assert {f.zh: f.value for f in EXTENDED_FANS} == want
    r = get_rules(EXT)
    for f in EXTENDED_FANS:
        assert FAN_BY_ID[f.id].value == f.value and r.values[f.id] == f.value
        assert r.enabled(f.id)
        assert f.source.startswith("seed 003: " + f.zh)
    # the 不计 lists of seed 003: only 满江红 (不计混一色) and 八花聚顶 (不计梅兰竹菊、春夏秋冬)
    assert {f.id: f.excludes for f in EXTENDED_FANS if f.excludes} == {
        "all_red_characters": ("half_flush",), "eight_flowers": ("four_gentlemen", "four_seasons")}
    assert FAN_BY_ID["all_red_characters"].excludes == ("half_flush",)


@pytest.mark.parametrize("preset", ["mcr", "mcr-botzone", "mcr-2006"])
def test_other_presets_keep_the_extended_fans_off(preset: str) -> None:
    r = get_rules(preset)
    assert r.disabled >= EXTENDED_IDS


def test_extended_preset_is_mcr_plus_the_twelve() -> None:
    d = get_rules(EXT).differences(get_rules("mcr"))
    assert set(d) == {"enabled"} and set(d["enabled"]) == EXTENDED_IDS
    assert [FAN_BY_ID[i].zh for i in d["enabled"]][:3] == ["天和", "地和", "人和"]   # table order
    assert "platform" in PRESETS[EXT].source and "seed" not in PRESETS[EXT].source


# -- the situation fans: each adds exactly its value (seed 003 gives them no 不计 list) -------------
HAND = "123456789m123pE E"   # concealed, won on E


def test_heavenly_hand() -> None:
    # 003: 天和（88番）：庄家在发完牌就胡牌 — the dealer (East), self-drawn
    f = fans(HAND, heavenly_hand=True, self_drawn=True)
    assert f["heavenly_hand"] == 1
    # no 不计 list in the seed: everything else of the self-drawn hand stays
    assert total(HAND, heavenly_hand=True, self_drawn=True) == total(HAND, self_drawn=True) + 88
    assert "fully_concealed_hand" in f


def test_heavenly_hand_implies_self_drawn() -> None:
    # 天和 is won on the dealt tiles: self-drawn when not stated
    r = score(HAND, rules=EXT, heavenly_hand=True)
    assert r.situation.self_drawn
    assert any("self_drawn" in n for n in r.inferred)
    assert r.settlement(0) == (3 * (8 + r.total), -(8 + r.total), -(8 + r.total), -(8 + r.total))


@pytest.mark.parametrize("kw, why", [
    ({"self_drawn": False}, "discard"),
    ({"self_drawn": True, "seat_wind": "S"}, "dealer"),
    ({"self_drawn": True, "last_tile_of_wall": True}, "last_tile_of_wall"),
    ({"self_drawn": True, "declared_ready": True}, "declared"),
    ({"self_drawn": True, "earthly_hand": True}, "exclude each other"),
])
def test_heavenly_hand_contradictions(kw: dict[str, Any], why: str) -> None:
    with pytest.raises(InvalidHand, match=why):
        score(HAND, rules=EXT, heavenly_hand=True, **kw)


def test_heavenly_hand_with_a_concealed_kong_is_invalid() -> None:
    # 003: 如果庄家在发完牌后有暗杠，那么不算天和
    with pytest.raises(InvalidHand, match="concealed kong"):
        score("[1111s]456789m123pE E", rules=EXT, heavenly_hand=True, self_drawn=True)


def test_earthly_hand() -> None:
    # 003: 地和（64番）：闲家摸到第一张牌就胡牌 — a non-dealer, self-drawn
    assert fans(HAND, heavenly_hand=False, earthly_hand=True, seat_wind="S")["earthly_hand"] == 1
    assert total(HAND, earthly_hand=True, seat_wind="S") == total(HAND, self_drawn=True, seat_wind="S") + 64
    with pytest.raises(InvalidHand, match="non-dealer"):
        score(HAND, rules=EXT, earthly_hand=True)                 # seat East is the dealer
    with pytest.raises(InvalidHand, match="discard"):
        score(HAND, rules=EXT, earthly_hand=True, seat_wind="W", self_drawn=False)
    # 003: 果闲家抓牌前有人吃碰杠（包括暗杠），那么不算地和
    with pytest.raises(InvalidHand, match="meld"):
        score("[123p1]123456789mE E", rules=EXT, earthly_hand=True, seat_wind="S")


def test_human_hand() -> None:
    # 003: 人和（48番）：第一轮中和别人出的牌
    assert fans(HAND, human_hand=True)["human_hand"] == 1
    assert total(HAND, human_hand=True) == total(HAND) + 48
    assert not score(HAND, rules=EXT, human_hand=True).situation.self_drawn
    with pytest.raises(InvalidHand, match="discard"):
        score(HAND, rules=EXT, human_hand=True, self_drawn=True)
    # 003: 如果有人吃碰杠（包括暗杠），那么不算人和
    with pytest.raises(InvalidHand, match="meld"):
        score("[EEE1]123456789m1p 1p", rules=EXT, human_hand=True)
    with pytest.raises(InvalidHand):
        score(HAND, rules=EXT, human_hand=True, earthly_ready=True)


def test_heavenly_and_earthly_ready_count_declared_ready_too() -> None:
    # 003: 天听（32番）：玩家起手就已听牌，且按下听牌键 — the ready key is 报听 (报听 2 also counts)
    r = score(HAND, rules=EXT, heavenly_ready=True)
    f = {x.id: x.count for x in r.fans}
    assert f["heavenly_ready"] == 1 and f["declared_ready"] == 1
    assert r.total == total(HAND) + 32 + 2
    assert any("declared_ready" in n for n in r.inferred)
    # 003: 地听（16番）：玩家在摸进第一张牌以后就已听牌，且按下听牌键
    assert total(HAND, earthly_ready=True) == total(HAND) + 16 + 2
    with pytest.raises(InvalidHand, match="exclude each other"):
        score(HAND, rules=EXT, heavenly_ready=True, earthly_ready=True)


def test_declared_ready_needs_a_concealed_hand() -> None:
    # 003: 报听（2番）：门前清且报听后胡牌
    assert total(HAND, declared_ready=True) == total(HAND) + 2
    with pytest.raises(InvalidHand, match="门前清"):
        score("[123p1]123456789mE E", rules=EXT, declared_ready=True)
    # a concealed kong keeps the hand 门前清
    assert fans("[1111s]456789m123pE E", declared_ready=True)["declared_ready"] == 1


def test_declared_ready_first_round_counts_with_declared_ready() -> None:
    # 003: 双报听（2番）：报听后在一轮内就胡牌，包括下手自摸和补花自摸 — presupposes 报听, counted with it
    f = fans(HAND, declared_ready_first_round=True, self_drawn=True)
    assert f["declared_ready_first_round"] == 1 and f["declared_ready"] == 1
    assert total(HAND, declared_ready_first_round=True) == total(HAND) + 4
    # 003: 如中间有吃碰杠（包括暗杠）则不计此番
    with pytest.raises(InvalidHand, match="双报听"):
        score("[1111s]456789m123pE E", rules=EXT, declared_ready_first_round=True, kong=True,
              self_drawn=True)


def test_flags_under_a_preset_without_the_fans_are_reported_disabled() -> None:
    # under mcr the fan is not counted, and the result says why (never a silent drop)
    r = score(HAND, rules="mcr", heavenly_hand=True)
    assert r.total == total(HAND, rules="mcr", self_drawn=True)
    assert ("heavenly_hand", "disabled") in {(x.id, x.principle) for x in r.removed}


def test_flags_are_checked_under_any_preset() -> None:
    with pytest.raises(InvalidHand):
        score(HAND, rules="mcr", heavenly_hand=True, self_drawn=False)


# -- 满江红 --------------------------------------------------------------------------------------
def test_all_red_characters() -> None:
    # 003: 满江红（32番）： 万字牌与红中组成的胡牌，不计混一色。
    h = "123456789m123mC C"
    f = fans(h)
    assert f["all_red_characters"] == 1 and "half_flush" not in f
    assert removed(h)["half_flush"] == ("不重复", "all_red_characters")
    assert total(h) == total(h, rules="mcr") - 6 + 32
    # only 万 and 中: 万 alone (清一色) or another honour is not 满江红
    assert "all_red_characters" not in fans("123456789m123m5m 5m")
    assert "all_red_characters" not in fans("123456789m123mF F")
    assert "all_red_characters" not in fans("123456789m123pC C")


# -- flowers -------------------------------------------------------------------------------------
def test_four_gentlemen_and_four_seasons() -> None:
    # 003: 梅兰竹菊（4番）： 胡牌时手里有梅兰竹菊这四个花牌 (NOTATION.md: 1f-4f = 梅兰竹菊, 5f-8f = 春夏秋冬)
    h = "123456789m123pE E"
    r = score(h, rules=EXT, flowers="1234f")
    f = {x.id: x.count for x in r.fans}
    assert f["four_gentlemen"] == 1 and f["flower_tiles"] == 4
    assert r.total == total(h, rules="mcr", flowers=4) + 4
    # 003: 春夏秋冬（4番）
    assert fans(h, flowers="5678f")["four_seasons"] == 1
    assert "four_gentlemen" not in fans(h, flowers="1235f")
    # flowers in the hand string work the same
    assert fans(h + " 1234f")["four_gentlemen"] == 1


def test_flower_count_cannot_give_the_flower_fans() -> None:
    # a bare count does not say which flowers: not counted, and the result says so
    r = score("123456789m123pE E", rules=EXT, flowers=4)
    assert "four_gentlemen" not in {x.id for x in r.fans}
    assert any("flower tiles" in n for n in r.inferred)


def test_eight_flowers_on_a_complete_hand() -> None:
    # 003: 八花聚顶（32番）：抓齐八张花直接成和，不计梅兰竹菊、春夏秋冬
    h = "123456789m123pE E"
    r = score(h, rules=EXT, flowers="12345678f", self_drawn=True)
    f = {x.id: x.count for x in r.fans}
    assert f["eight_flowers"] == 1 and f["flower_tiles"] == 8
    assert "four_gentlemen" not in f and "four_seasons" not in f
    rm = {x.id: (x.principle, x.by) for x in r.removed}
    assert rm["four_gentlemen"] == ("不重复", "eight_flowers") and rm["four_seasons"] == ("不重复", "eight_flowers")
    # a count of eight is all eight flowers
    assert score(h, rules=EXT, flowers=8, self_drawn=True).total == r.total


@pytest.mark.parametrize("hand", ["123m456p789s1234z 12345678f", "123m456p789s1234z 5z 12345678f"])
def test_eight_flowers_win_without_a_complete_hand(hand: str) -> None:
    # 003: 抓齐八张花直接成和 — a win by itself: any 13 or 14 tiles with the eight flowers
    r = score(hand, rules=EXT)
    assert r.form == "eight_flowers"
    assert r.situation.self_drawn   # won by drawing the eighth flower
    f = {x.id: x.count for x in r.fans}
    assert f == {"eight_flowers": 1, "flower_tiles": 8}
    assert r.total == 32 + 8 and r.total_without_flowers == 32 and r.meets_minimum
    assert r.settlement(0) == (3 * 48, -48, -48, -48)
    d = r.to_dict()
    assert d["form"] == "eight_flowers" and d["total"] == 40
    with pytest.raises(InvalidHand, match="drawing"):
        score(hand, rules=EXT, self_drawn=False)


def test_eight_flowers_is_no_win_without_the_fan() -> None:
    with pytest.raises(TileMissing):
        score("123m456p789s1234z 12345678f", rules="mcr")
    with pytest.raises(NotWinning):
        score("123m456p789s1234z 5z 12345678f", rules="mcr")
    with pytest.raises(TileMissing):
        score("123m456p789s1234z 1234567f", rules=EXT)


# -- 二五八将 ------------------------------------------------------------------------------------
def test_pair_258() -> None:
    # 003: 二五八将（1番）：胡牌时，将牌是二、五、八的序数牌。
    for pair in ("2m", "5p", "8s"):
        h = f"123m456p789s123s{pair[0]}{pair[1]} {pair}"
        assert fans(h)["pair_258"] == 1
        assert total(h) == total(h, rules="mcr") + 1
    assert "pair_258" not in fans("123m456p789s123s1m 1m")
    assert "pair_258" not in fans("123m456p789s123sE E")
    # 七对 has no 将
    assert "pair_258" not in fans("1122558899m22pE E")


# -- the extended preset changes nothing else ------------------------------------------------------
def test_extended_totals_differ_only_by_extended_fans() -> None:
    from suanfan.mcr.generate import random_hand

    rng = random.Random(4)
    for _ in range(400):
        hand, sit = random_hand(rng)
        a = score(hand, rules="mcr", **sit)
        b = score(hand, rules=EXT, **sit)
        ext = sum(f.points for f in b.fans if f.id in EXTENDED_IDS)
        hf = 6 if any(f.id == "all_red_characters" for f in b.fans) else 0
        assert b.total == a.total + ext - hf, str(hand)


def test_fast_path_agrees_under_mcr_extended() -> None:
    # total_only (bulk checks, benchmark) adds the flag-free extended fans (满江红, 二五八将, 八花聚顶
    # from a count of 8) exactly as score() does
    from suanfan.mcr.generate import random_hand
    from suanfan.mcr.scoring import prepare_situation, total_only

    rng = random.Random(44)
    rules = get_rules(EXT)
    for _ in range(300):
        hand, sit = random_hand(rng)
        h, s = prepare_situation(hand, sit)
        assert total_only(h, s, rules) == score(hand, rules=EXT, **sit).total, str(hand)


def test_flags_are_the_score_keywords() -> None:
    assert FLAGS == ("heavenly_hand", "earthly_hand", "human_hand", "heavenly_ready", "earthly_ready",
                     "declared_ready", "declared_ready_first_round")
    with pytest.raises(TypeError):
        score(HAND, rules=EXT, heavenly=True)  # type: ignore[call-arg]


# -- mcr-2006 (seed 000) --------------------------------------------------------------------------
# 000: 88 …由“23468條”及“發”字中任何牌組成的和牌。可加計清一色、混一色、七對分。
def test_2006_all_green_adds_half_flush_with_green_dragon() -> None:
    h = "234234666888sF F"
    assert "half_flush" not in fans(h, rules="mcr")          # 003: 绿一色 … 不计混一色
    f = fans(h, rules="mcr-2006")
    assert f["all_green"] == 1 and f["half_flush"] == 1
    assert total(h, rules="mcr-2006") == total(h, rules="mcr") + 6


def test_2006_all_green_adds_full_flush_without_green_dragon() -> None:
    h = "234234666888s2s 2s"  # no 发: 清一色 (003: 如无“发”字组成的胡牌，可计清一色)
    for rules in ("mcr", "mcr-2006"):
        f = fans(h, rules=rules)
        assert f["all_green"] == 1 and f["full_flush"] == 1


def test_2006_all_green_adds_seven_pairs() -> None:
    h = "22334466s88sFFF F"  # seven pairs of green tiles
    r = score(h, rules="mcr-2006")
    f = {x.id: x.count for x in r.fans}
    assert r.form == "seven_pairs"
    assert f["all_green"] == 1 and f["seven_pairs"] == 1 and f["half_flush"] == 1
    # seven pairs without 发: 绿一色 + 七对 + 清一色
    f = fans("223344668888s2s 2s", rules="mcr-2006")
    assert f["all_green"] == 1 and f["seven_pairs"] == 1 and f["full_flush"] == 1


# -- fuzz: any hand, any flags, any flowers: a score or a suanfan error ------------------------------
@st.composite
def hands(draw: st.DrawFn) -> Hand:
    """Concealed hands (and some with one meld) over few kinds, so that many are complete."""
    from suanfan import Meld, MeldKind

    kinds = draw(st.lists(st.integers(0, 33), min_size=3, max_size=6, unique=True))
    counts = [0] * 34
    melds: list[Meld] = []
    if draw(st.booleans()):
        k = draw(st.sampled_from(kinds))
        if draw(st.booleans()):
            counts[k] = 3
            melds.append(Meld(MeldKind.PUNG, (k,) * 3, 1))
        else:
            counts[k] = 4
            melds.append(Meld(MeldKind.KONG, (k,) * 4, None, concealed=True))
    standing: list[int] = []
    while len(standing) < 14 - 3 * len(melds):
        k = draw(st.sampled_from([*kinds, draw(st.integers(0, 33))]))
        if counts[k] < 4:
            counts[k] += 1
            standing.append(k)
    return Hand(tuple(melds), tuple(standing[:-1]), standing[-1])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow])
@given(
    hands(), st.sampled_from([None, True, False]), st.booleans(), st.booleans(),
    st.sampled_from(["E", "S"]), st.lists(st.sampled_from(FLAGS), max_size=3, unique=True),
    st.one_of(st.integers(0, 8), st.lists(st.integers(1, 8), max_size=8, unique=True).map(
        lambda fs: "".join(map(str, sorted(fs))) + "f" if fs else "0")),
)
def test_any_hand_and_flags_score_or_raise(
    hand: Hand, sd: bool | None, kong: bool, last: bool, seat: str, flags: list[str], flowers: Any,
) -> None:
    try:
        r = score(hand, rules=EXT, self_drawn=sd, kong=kong, last_tile_of_wall=last, seat_wind=seat,
                  flowers=flowers, **{f: True for f in flags})
    except MahjongError:
        return
    assert r.total == sum(f.points for f in r.fans)
    ids = {f.id for f in r.fans}
    for f in flags:
        assert FLAG_FAN[f] in ids
    for f in ids:
        for e in FAN_BY_ID[f].excludes:
            assert e not in ids or (f, e) == ("pung_of_terminals_or_honors", e)
    r.to_dict()
    r.settlement(0, None if r.situation.self_drawn else 1)
