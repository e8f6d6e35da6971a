"""The rulings of MCR.md (principles, concealed pungs, kongs, waits, 四归一, 无番和 …), each tested."""

from __future__ import annotations

import pytest

from suanfan import InvalidHand, NotWinning, TileMissing
from suanfan.mcr import PRESETS, Rules, score


def fans(hand: str, **kw: object) -> dict[str, int]:
    r = score(hand, **kw)  # type: ignore[arg-type]
    return {f.id: f.count for f in r.fans}


# -- 套算一次 (account once): the worked cases of MCR.md ------------------------------------------
def test_account_once_234567s234567p() -> None:
    # MCR.md: `234567s234567p` = 喜相逢×2 + 连六 (not ×2 each)
    f = fans("234567s234567p5m 5m")
    pair_fans = {k: v for k, v in f.items() if k in ("mixed_double_chow", "short_straight")}
    assert sum(pair_fans.values()) == 3
    assert f.get("mixed_double_chow", 0) <= 2 and f.get("short_straight", 0) <= 2


def test_account_once_234s223344567p() -> None:
    # MCR.md: `234s223344567p` = 一般高 + 喜相逢 + 连六
    f = fans("234s223344567p5m 5m")
    assert f["pure_double_chow"] == 1 and f["mixed_double_chow"] == 1 and f["short_straight"] == 1


def test_account_once_removed_fans_are_explained() -> None:
    r = score("234s223344567p5m 5m")
    assert any(x.principle == "套算一次" for x in r.removed)


def test_unrelated_chow_lowers_the_cap() -> None:
    # four chows, one unrelated to all others: at most 2 pair fans (MCR.md 套算一次)
    f = fans("123m123m456m789p5s 5s")  # 123m,123m,456m related; 789p unrelated
    assert sum(f.get(k, 0) for k in ("pure_double_chow", "short_straight", "mixed_double_chow",
                                     "two_terminal_chows")) == 2


def test_three_chow_fan_with_fourth_chow_once() -> None:
    # 三色三同顺 + the fourth chow combines once (一般高 with one of the three)
    f = fans("123m123p123123s9m 9m")
    assert f["mixed_triple_chow"] == 1
    assert f.get("pure_double_chow", 0) + f.get("mixed_double_chow", 0) == 1


def test_pung_pairs_account_once() -> None:
    # 三同刻 + fourth pung: 双同刻 not counted inside the triple
    f = fans("[222m1]222p222s555m9m 9m")
    assert f["triple_pung"] == 1 and "double_pung" not in f


# -- 就高不就低: every decomposition scored, best kept -------------------------------------------
def test_take_the_higher_reading() -> None:
    r = score("111222333m456p9s 9s")  # pungs (一色三节高) beat chows (一色三同顺) here
    assert r.readings >= 2
    assert "pure_shifted_pungs" in {f.id for f in r.fans}


def test_seven_pairs_also_read_as_standard() -> None:
    # MCR.md: a 七对 hand is also read as a standard hand when it can be
    r = score("1122335577889m 9m")
    assert r.form == "standard" and "pure_terminal_chows" in {f.id for f in r.fans}


# -- concealed pungs ---------------------------------------------------------------------------
def test_discard_completing_a_pung_makes_it_melded() -> None:
    assert "two_concealed_pungs" in fans("111m999p456s55s77s 7s")
    assert "three_concealed_pungs" in fans("111m999p456s55s77s 7s", self_drawn=True)


def test_discard_read_in_a_concealed_chow_keeps_the_pung_concealed() -> None:
    # MCR.md: unless that tile can instead be read in a concealed chow
    assert "three_concealed_pungs" in fans("111m999p5567778s 7s")


def test_concealed_kongs_count_as_concealed_pungs() -> None:
    # three concealed kongs + one melded = 四杠 + 三暗刻 (MCR.md)
    f = fans("[1111m][2222p][3333s][EEEE1]N N")
    assert f["four_kongs"] == 1 and f["three_concealed_pungs"] == 1


# -- kong series --------------------------------------------------------------------------------
def test_one_concealed_one_melded_kong() -> None:
    f = fans("[1111m][2222p1]123456s9p 9p")
    assert f["concealed_kong"] == 1 and f["melded_kong"] == 1 and "concealed_and_melded_kong" not in f
    g = fans("[1111m][2222p1]123456s9p 9p", rules="mcr-botzone")
    assert g["concealed_and_melded_kong"] == 1 and "concealed_kong" not in g and "melded_kong" not in g


def test_two_concealed_kongs_imply_two_concealed_pungs() -> None:
    # 不重复: 双暗杠 (two concealed kongs) implies 双暗刻, which is not added; a third concealed
    # pung still makes 三暗刻 (MCR.md: concealed kongs count as concealed pungs)
    f = fans("[1111m][2222p]123456s9p 9p")
    assert f["two_concealed_kongs"] == 1 and "two_concealed_pungs" not in f
    g = fans("[1111m][2222p]333s456s9p 9p")
    assert g["two_concealed_kongs"] == 1 and g["three_concealed_pungs"] == 1
    # one concealed kong and one concealed pung do make 双暗刻
    assert fans("[1111m][123p1]333s456s9p 9p")["two_concealed_pungs"] == 1


def test_at_most_one_kong_series_fan() -> None:
    f = fans("[1111m1][2222p2][3333s3]456s9p 9p")
    assert f["three_kongs"] == 1
    assert not {"two_melded_kongs", "melded_kong"} & set(f)


# -- waits --------------------------------------------------------------------------------------
def test_edge_wait_1233_plus_3() -> None:
    # MCR.md: `1233m`+3m is 边张
    f = fans("[567p1][456s2]EEE1233m 3m")
    assert f.get("edge_wait") == 1 and "single_wait" not in f


def test_no_wait_fan_2345_plus_5() -> None:
    # MCR.md: `2345m`+5m is none
    f = fans("[567p1][456s2]EEE2345m 5m")
    assert not {"edge_wait", "closed_wait", "single_wait"} & set(f)


def test_closed_wait_4556_plus_5() -> None:
    # seed 003: 4556和5也为坎张
    assert fans("[567p1][123s2]EEE4556m 5m").get("closed_wait") == 1


def test_held_fourth_copy_still_counts_as_a_wait() -> None:
    # MCR.md: tiles you hold all four of still count as waits: 1111234m waits on 1m and 4m,
    # so winning on 4m (as the pair) is not a single wait
    f = fans("[567p1][456s2]1111234m 4m")
    assert "single_wait" not in f and f["tile_hog"] == 1


def test_no_single_wait_with_melded_hand_or_four_kongs() -> None:
    assert "single_wait" not in fans("[123m1][456p2][789s3][EEE1]C C")
    assert "single_wait" not in fans("[EEEE1][1111m2][9999p3][5555s1]N N")


# -- 四归一 --------------------------------------------------------------------------------------
def test_tile_hog_counts_per_kind_and_never_from_a_kong() -> None:
    assert fans("[456p1]111123m789s5s 5s")["tile_hog"] == 1
    assert "tile_hog" not in fans("[1111m1][234m1]456p789s5s 5s")


def test_tile_hog_in_seven_pairs() -> None:
    assert fans("11113355m5577p9s 9s")["tile_hog"] == 1


def test_no_tile_hog_with_quadruple_chow() -> None:
    assert "tile_hog" not in fans("111122223333m5p 5p")


# -- 无番和 ---------------------------------------------------------------------------------------
def test_chicken_hand_only_without_any_fan_and_flowers_ignored() -> None:
    r = score("[234m1][567p2][678s3]45mNN 3m", flowers=3)
    assert [f.id for f in r.fans if f.id != "flower_tiles"] == ["chicken_hand"]
    assert r.total_without_flowers == 8 and r.total == 11
    assert "chicken_hand" not in fans("[234m1][567p2][678s3]45mNN 3m", self_drawn=True)


# -- colour, rank and terminal fans --------------------------------------------------------------
def test_all_green_without_green_dragon_counts_full_flush() -> None:
    f = fans("234234666888s3s 3s")
    assert f["all_green"] == 1 and f["full_flush"] == 1
    g = fans("234234666888sF F")
    assert "half_flush" not in g and "one_voided_suit" not in g


def test_mcr_2006_green_may_add_half_flush() -> None:
    assert "half_flush" in fans("234234666888sF F", rules="mcr-2006")


def test_all_even_pungs_never_as_seven_pairs() -> None:
    assert "all_even_pungs" not in fans("2244m6688p22446s 6s")


def test_seven_pairs_combines_with_colour_fans_but_not_concealed_fans() -> None:
    f = fans("1122334455779m 9m")
    assert f["seven_pairs"] == 1 and f["full_flush"] == 1
    g = fans("1133m5577p99sEEP P", self_drawn=True)
    assert g["seven_pairs"] == 1 and g["self_drawn"] == 1
    assert not {"concealed_hand", "fully_concealed_hand", "single_wait"} & set(g)


def test_all_terminals_no_double_pung_but_triple_pung() -> None:
    f = fans("111m111p111s999m9p 9p")
    assert f["all_terminals"] == 1 and f["triple_pung"] == 1 and "double_pung" not in f
    g = fans("111999m111999p1s 1s")
    assert "double_pung" not in g


def test_big_four_winds_with_all_honors() -> None:
    f = fans("[EEE1][SSS2]WWWNNNC C")
    assert f["big_four_winds"] == 1 and f["all_honors"] == 1


# -- winds ---------------------------------------------------------------------------------------
def test_wind_fans_replace_the_terminal_pung() -> None:
    f = fans("SSS123m456p789s9m 9m", prevalent_wind="S", seat_wind="S")
    assert f["prevalent_wind"] == 1 and f["seat_wind"] == 1 and "pung_of_terminals_or_honors" not in f
    g = fans("SSS123m456p789s9m 9m")
    assert g["pung_of_terminals_or_honors"] == 1


def test_big_three_winds_removes_three_terminal_pungs() -> None:
    f = fans("[999m1]EEESSSWWW5p 5p", seat_wind="N", prevalent_wind="N")
    assert f["big_three_winds"] == 1 and f["pung_of_terminals_or_honors"] == 1


def test_wind_arguments() -> None:
    a = score("SSS123m456p789s9m 9m", seat_wind="south").total
    assert a == score("SSS123m456p789s9m 9m", seat_wind="2z").total == score(
        "SSS123m456p789s9m 9m", seat_wind="S").total


# -- 组合龙 / 九莲宝灯 ---------------------------------------------------------------------------------
def test_knitted_straight_counts_as_chows_for_all_chows() -> None:
    f = fans("147m258p123369s5m 5m")
    assert f["knitted_straight"] == 1 and f["all_chows"] == 1


def test_lesser_honors_with_nine_knitted_tiles_counts_knitted_straight() -> None:
    f = fans("147m258p369s1234z 5z")
    assert f["lesser_honors_and_knitted_tiles"] == 1 and f["knitted_straight"] == 1


@pytest.mark.parametrize("w", range(1, 10))
def test_nine_gates_every_winning_tile(w: int) -> None:
    f = fans(f"1112345678999m {w}m")
    assert f["nine_gates"] == 1
    assert not {"full_flush", "concealed_hand", "fully_concealed_hand", "no_honors"} & set(f)
    # MCR.md: the extra tile may still make 清龙, 四归一 …; the own 111/999 give at most one 幺九刻
    assert f.get("pung_of_terminals_or_honors", 0) <= 1
    if w in (1, 9):
        assert f["pure_straight"] == 1 and f["tile_hog"] == 1


# -- situation fans and checks -------------------------------------------------------------------
def test_robbing_the_kong_excludes_last_tile() -> None:
    f = fans("[123m1]456p789s23s55m 4s", kong=True, last_of_kind=True)
    assert f["robbing_the_kong"] == 1 and "last_tile" not in f


def test_replacement_and_last_draw_exclude_self_drawn() -> None:
    f = fans("[1111m1]456p789s234s5m 5m", self_drawn=True, kong=True)
    assert "self_drawn" not in f
    g = fans("123m456p789s234s5m 5m", self_drawn=True, last_tile_of_wall=True)
    assert "self_drawn" not in g and "fully_concealed_hand" in g


def test_last_of_kind_inferred_when_melds_hold_three_copies() -> None:
    r = score("[555m1]46m789p234s55p 5m")
    assert "last_tile" in {f.id for f in r.fans} and r.inferred


@pytest.mark.parametrize(("hand", "kw", "why"), [
    ("123m456p789s234s5m 5m", {"self_drawn": True, "kong": True}, "kong"),
    ("123m456p789s234s5m 5m", {"kong": True}, "robbing"),
    ("123m456p789s234s5m 5m", {"last_of_kind": True}, "另一|another"),
    ("123m456p789s234s5m 5m", {"seat_wind": "X"}, "wind"),
    ("123m456p789s234s5m 5m", {"prevalent_wind": "up"}, "wind"),
    ("123m456p789s234s5m 5m", {"flowers": 9}, "flowers"),
    ("123m456p789s234s5m 5m", {"rules": "nope"}, "rules"),
])
def test_impossible_situations_raise(hand: str, kw: dict[str, object], why: str) -> None:
    with pytest.raises(InvalidHand):
        score(hand, **kw)  # type: ignore[arg-type]


def test_incomplete_and_short_hands() -> None:
    with pytest.raises(NotWinning):
        score("123456789m12345p")
    with pytest.raises(TileMissing):
        score("[123p1][345s2][999s3]6m6pE 1m")


# -- minimum, settlement, presets --------------------------------------------------------------------
def test_minimum_without_flowers() -> None:
    r = score("[567p1]123m456s78sEE 9s", flowers=8)
    assert r.total_without_flowers < 8 and not r.meets_minimum and r.total == r.total_without_flowers + 8


def test_settlement_self_drawn_and_discard() -> None:
    r = score("123m456p789s234s5m 5m", self_drawn=True, last_tile_of_wall=True)
    t = r.total
    assert r.settlement(winner=2) == (-(8 + t), -(8 + t), 3 * (8 + t), -(8 + t))
    d = score("123m456p789s234s5m 5m", last_tile_of_wall=True)
    t = d.total
    assert d.settlement(winner=0, discarder=3) == (8 + t + 16, -8, -8, -(8 + t))
    assert sum(d.settlement(winner=1, discarder=0)) == 0


def test_settlement_false_win() -> None:
    r = score("[567p1]123m456s78sEE 9s", self_drawn=True)
    assert r.settlement(winner=1) == (10, -30, 10, 10)


def test_presets_and_user_rules() -> None:
    assert set(PRESETS) >= {"mcr", "mcr-botzone", "mcr-2006"}
    mine = PRESETS["mcr"].derive("mine", values={"all_chows": 4}, disabled={"self_drawn"}, min_fan=6)
    assert isinstance(mine, Rules) and mine.min_fan == 6
    a = score("123m456p789s234s5m 5m", self_drawn=True, rules=mine)
    b = score("123m456p789s234s5m 5m", self_drawn=True)
    assert a.total_without_flowers == b.total_without_flowers + 2
    assert "self_drawn" not in {f.id for f in a.fans}
    r = score("[234m1][567p2][678s3]45mNN 3m", rules=mine.derive(disabled={"chicken_hand"}))
    assert r.total == 0 and not r.meets_minimum


def test_to_dict_is_json_ready() -> None:
    import json

    d = score("[567m2][999s3]11p345s78s 6s", flowers="1258f").to_dict()
    json.dumps(d)
    assert d["total"] == d["total_without_flowers"] + d["flowers"]
    assert {"fans", "removed", "decomposition", "meets_minimum", "situation"} <= set(d)


def test_absorbed_pung_of_terminals_names_the_fan_that_took_it() -> None:
    """MCR.md: 圈风刻 / 门风刻 each replace the 幺九刻 of that pung; 三风刻 removes the three wind
    幺九刻 (seed 003 三风刻: 不计幺九刻). The explanation says which fan removed it."""
    from suanfan.mcr import score

    r = score("[222z1]123m456p789s1z 1z", seat_wind="S", prevalent_wind="E")
    gone = [(x.id, x.by, x.uses) for x in r.removed if x.id == "pung_of_terminals_or_honors"]
    assert gone == [("pung_of_terminals_or_honors", "seat_wind", (("222z",),))]
    r = score("[111z1][222z2][333z3]789s5p 5p")
    gone = [(x.by, x.count) for x in r.removed if x.id == "pung_of_terminals_or_honors"]
    assert gone == [("big_three_winds", 3)]
