# ruff: noqa: E501  (a data table of hands and seed lines)
"""One test (at least) per MCR fan, each citing the seed line it checks.

Each case: the fan id, a hand showing it, the situation, and the seed line. The test checks the
fan is counted, that the fans its 不计 list names are not, and — where PyMahjongGB is installed —
that the total under ``mcr-botzone`` equals the reference engine's.
"""

from __future__ import annotations

from typing import Any

import pytest

from suanfan.mcr import FANS, score
from suanfan.mcr.extended import EXTENDED_IDS
from suanfan.mcr.generate import to_botzone

S = {"self_drawn": True}
# (fan id, hand, situation, rules, seed citation)
CASES: list[tuple[str, str, dict[str, Any], str, str]] = [
    # 88
    ("big_four_winds", "[EEE1][SSS2]WWWNNN5m 5m", {}, "mcr", "003: 大四喜：由4副风刻（杠）组成的胡牌"),
    ("big_three_dragons", "PPPFFFCCC123m9s 9s", {}, "mcr", "003: 大三元：胡牌中，有中发白3副刻子"),
    ("all_green", "234234666888sF F", {}, "mcr", "003: 绿一色：由23468条及发字中的任何牌组成"),
    ("nine_gates", "1112345678999m 5m", {}, "mcr", "003: 九莲宝灯：由一种花色序数牌按1112345678999组成"),
    ("four_kongs", "[EEEE1][1111m2][9999p3][5555s1]N N", {}, "mcr", "003: 四杠：4个杠"),
    ("seven_shifted_pairs", "1122334455667m 7m", {}, "mcr", "003: 连七对：由一种花色序数牌组成序数相连的7个对子"),
    ("thirteen_orphans", "19m19p19s1234567z 1m", {}, "mcr", "003: 十三幺：由3种序数牌的一、九牌，7种字牌及其中一对作将"),
    # 64
    ("all_terminals", "111999m111999p1s 1s", {}, "mcr", "003: 清幺九：由序数牌一、九刻子组成的胡牌"),
    ("little_four_winds", "123mEEESSSWWWN N", {}, "mcr", "003: 小四喜：胡牌时有风牌的3副刻子及将牌"),
    ("little_three_dragons", "123m456pPPPFFFC C", {}, "mcr", "003: 小三元：胡牌时有箭牌的两副刻子和将牌"),
    ("all_honors", "EEESSSWWWPPPC C", {}, "mcr", "003: 字一色：由字牌的刻子（杠）、将组成的胡牌"),
    ("four_concealed_pungs", "111m333p555777sE E", {}, "mcr", "003: 四暗刻：4个暗刻（暗杠）"),
    ("pure_terminal_chows", "1122335577889m 9m", {}, "mcr", "003: 一色双龙会：一种花色的两个老少副，5为将牌"),
    # 48
    ("quadruple_chow", "111122223333m5p 5p", {}, "mcr", "003: 一色四同顺：一种花色4副序数相同的顺子"),
    ("four_pure_shifted_pungs", "[111m1]222333444m5p 5p", {}, "mcr", "003: 一色四节高：一种花色4副依次递增一位数的刻子"),
    # 32
    ("four_pure_shifted_chows", "123234345456m5p 5p", {}, "mcr", "003: 一色四步高：一种花色4副依次递增一位数或依次递增二位数的顺子"),
    ("three_kongs", "[1111m1][2222p2][EEEE]123s5p 5p", {}, "mcr", "003: 三杠：3个杠"),
    ("all_terminals_and_honors", "111m999pEEEPPP9s 9s", {}, "mcr", "003: 混幺九：由字牌和序数牌一、九的刻子及将牌组成"),
    # 24
    ("seven_pairs", "1133m5577p99sEEP P", {}, "mcr", "003: 七对：由7个对子组成的胡牌"),
    ("greater_honors_and_knitted_tiles", "147m25p36s123456z 7z", {}, "mcr", "003: 七星不靠：必须有7个单张的东西南北中发白"),
    ("all_even_pungs", "222888m444p666s2s 2s", {}, "mcr", "003: 全双刻：由2、4、6、8序数牌的刻子、将牌组成"),
    ("full_flush", "123345567789m5m 5m", {}, "mcr", "003: 清一色：由一种花色的序数牌组成的胡牌"),
    ("pure_triple_chow", "[123m1]112233m456p9s 9s", {}, "mcr", "003: 一色三同顺：胡牌时有一种花色3副序数相同的顺子"),
    ("pure_shifted_pungs", "[222p1]333444p567s9m 9m", {}, "mcr", "003: 一色三节高：胡牌时有一种花色3副依次递增一位数字的刻子"),
    ("upper_tiles", "789m789p789s7899s 9s", {}, "mcr", "003: 全大：由序数牌789组成的顺子、刻子（杠）、将牌"),
    ("middle_tiles", "456m456p456s4566s 6s", {}, "mcr", "003: 全中：由序数牌456组成的顺子、刻子（杠）、将牌"),
    ("lower_tiles", "123m123p123s1233s 3s", {}, "mcr", "003: 全小：由序数牌123组成的顺子、刻子（杠）、将牌"),
    # 16
    ("pure_straight", "123456789m123p5s 5s", {}, "mcr", "003: 清龙：胡牌时，有一种花1~9相连接的序数牌"),
    ("three_suited_terminal_chows", "123789m123789p5s 5s", {}, "mcr", "003: 三色双龙会：2种花色2个老少副、另一种花色5作将"),
    ("pure_shifted_chows", "123234345m567p9s 9s", {}, "mcr", "003: 一色三步高：有一种花色3副依次递增一位或依次递增二位数字的顺子"),
    ("all_fives", "345m456p555567s5m 5m", {}, "mcr", "003: 全带五：每副牌及将牌必须有5的序数牌"),
    ("triple_pung", "222m222p222456s9m 9m", {}, "mcr", "003: 三同刻：3个序数相同的刻子（杠）"),
    ("three_concealed_pungs", "111m333p555678sE E", {}, "mcr", "003: 三暗刻：3个暗刻"),
    # 12
    ("lesser_honors_and_knitted_tiles", "147m258p36s12345z 6z", {}, "mcr", "003: 全不靠：由单张3种花色147、258、369不能错位的序数牌及东南西北中发白"),
    ("knitted_straight", "147m258p123369s5m 5m", {}, "mcr", "003: 组合龙：3种花色的147、258、369不能错位的序数牌"),
    ("upper_four", "678m789p678789s6s 6s", {}, "mcr", "003: 大于五：由序数牌6~9的顺子、刻子、将牌组成的胡牌"),
    ("lower_four", "123m234p123234s4s 4s", {}, "mcr", "003: 小于五：由序数牌1~4的顺子、刻子、将牌组成的胡牌"),
    ("big_three_winds", "123mEEESSSWWW5p 5p", {"seat_wind": "N", "prevalent_wind": "N"}, "mcr", "003: 三风刻：3个风刻"),
    # 8
    ("mixed_straight", "123m456p123789s5m 5m", {}, "mcr", "003: 花龙：3种花色的3副顺子连接成1~9的序数牌"),
    ("reversible_tiles", "123345p888999sP P", {}, "mcr", "003: 推不倒：由牌面图形没有上下区别的牌组成的胡牌"),
    ("mixed_triple_chow", "123m123p123456s9m 9m", {}, "mcr", "003: 三色三同顺：胡牌时，有3种花色3副序数相同的顺子"),
    ("mixed_shifted_pungs", "[222m1][333p2][444s3]567m9p 9p", {}, "mcr", "003: 三色三节高：胡牌时，有3种花色3副依次递增一位数的刻子"),
    ("chicken_hand", "[234m1][567p2][678s3]45mNN 3m", {}, "mcr", "003: 无番和：胡牌后，数不出任何番种分（花牌不计算在内）"),
    ("last_tile_draw", "123m456p789s234s5m 5m", {"self_drawn": True, "last_tile_of_wall": True}, "mcr", "003: 妙手回春：自摸牌墙上最后一张牌胡牌"),
    ("last_tile_claim", "123m456p789s234s5m 5m", {"last_tile_of_wall": True}, "mcr", "003: 海底捞月：和打出的最后一张牌"),
    ("out_with_replacement_tile", "[1111m1]456p789s234s5m 5m", {"self_drawn": True, "kong": True}, "mcr", "003: 杠上开花：开杠抓进的牌成胡牌（不包括补花）"),
    ("robbing_the_kong", "[123m1]456p789s23s55m 4s", {"kong": True}, "mcr", "003: 抢杠和：和别人自抓开明杠的牌"),
    # 6
    ("all_pungs", "[111m1][444p2]999p777sE E", {}, "mcr", "003: 碰碰和：由4副刻子（或杠）、将牌组成的胡牌"),
    ("half_flush", "123456789mEEE9m 9m", {}, "mcr", "003: 混一色：由一种花色序数牌及字牌组成的胡牌"),
    ("mixed_shifted_chows", "123m234p345789s9m 9m", {}, "mcr", "003: 三色三步高：3种花色3副依次递增一位序数的顺子"),
    ("all_types", "123m456p789sEEEC C", {}, "mcr", "003: 五门齐：胡牌时3种序数牌、风、箭牌齐全"),
    ("melded_hand", "[123m1][456p2][789s3][EEE1]C C", {}, "mcr", "003: 全求人：全靠吃牌、碰牌、单钓别人打出的牌胡牌"),
    ("two_concealed_kongs", "[1111m][2222p]123456s9p 9p", {}, "mcr", "003: 双暗杠：2个暗杠"),
    ("two_dragon_pungs", "123m456pPPPFFF9s 9s", {}, "mcr", "003: 双箭刻：2副箭刻（或杠）"),
    ("concealed_and_melded_kong", "[1111m][2222p1]123456s9p 9p", {}, "mcr-botzone", "MCR.md: 明暗杠 5 (mcr-botzone)"),
    # 4
    ("outside_hand", "123m789pEEE111s9s 9s", {}, "mcr", "003: 全带幺：胡牌时，每副牌、将牌都有幺牌"),
    ("fully_concealed_hand", "123m456p789s234s5m 5m", S, "mcr", "003: 不求人：4副牌及将中没有吃牌、碰牌（包括明杠），自摸胡牌"),
    ("two_melded_kongs", "[1111m1][2222p2]123456s9p 9p", {}, "mcr", "003: 双明杠：2个明杠"),
    ("last_tile", "[123m1]456p789s23s55m 4s", {"last_of_kind": True}, "mcr", "003: 和绝张：胡牌池、桌面已亮明的3张牌所剩的第4张牌"),
    # 2
    ("dragon_pung", "CCC123m456p789s9m 9m", {}, "mcr", "003: 箭刻：由中、发、白3张相同的牌组成的刻子"),
    ("prevalent_wind", "SSS123m456p789s9m 9m", {"prevalent_wind": "S"}, "mcr", "003: 圈风刻：与圈风相同的风刻"),
    ("seat_wind", "WWW123m456p789s9m 9m", {"seat_wind": "W"}, "mcr", "003: 门风刻：与本门风相同的风刻"),
    ("concealed_hand", "123m456p789s234s5m 5m", {}, "mcr", "003: 门前清：没有吃、碰、明杠，和别人打出的牌"),
    ("all_chows", "[123m1]456p234789s5m 5m", {}, "mcr", "003: 平和：由4副顺子及序数牌作将组成的胡牌"),
    ("tile_hog", "[456p1]111123m789s5s 5s", {}, "mcr", "003: 四归一：胡牌中，有4张相同的牌归于一家的顺子、刻子、对子、将牌中"),
    ("double_pung", "[222m1][222p2]123456s9m 9m", {}, "mcr", "003: 双同刻：2副序数相同的刻子"),
    ("two_concealed_pungs", "[123s1]222m555p456s9m 9m", {}, "mcr", "003: 双暗刻：2个暗刻"),
    ("concealed_kong", "[1111m][123p1]456p789s5s 5s", {}, "mcr", "003: 暗杠：自抓4张相同的牌开杠"),
    ("all_simples", "[234m1]456p678s345s5m 5m", {}, "mcr", "003: 断幺：胡牌中没有一、九及字牌"),
    # 1
    ("pure_double_chow", "[123m1]123m456p789s9m 9m", {}, "mcr", "003: 一般高：由一种花色2副相同的顺子组成的牌"),
    ("mixed_double_chow", "[123m1]123p567s88sEE E", {}, "mcr", "003: 喜相逢：2种花色2副序数相同的顺子"),
    ("short_straight", "[123m1]456m789pE888s E", {}, "mcr", "003: 连六：一种花色6张相连接的序数牌"),
    ("two_terminal_chows", "[123m1]789m456p888sE E", {}, "mcr", "003: 老少副：一种花色牌的123、789两副顺子"),
    ("pung_of_terminals_or_honors", "[111m1]456m789pE234s E", {}, "mcr", "003: 幺九刻：3张相同的一、九序数牌及字牌组成的刻子（或杠）"),
    ("melded_kong", "[1111m1][123p1]456p789s5s 5s", {}, "mcr", "003: 明杠：碰别人打出的一张相同的牌开杠"),
    ("one_voided_suit", "[123m1]456m789pE234p E", {}, "mcr", "003: 缺一门：胡牌中缺少一种花色序数牌"),
    ("no_honors", "[123m1]456m777p1s234p 1s", {}, "mcr", "003: 无字：胡牌中没有风、箭牌"),
    ("edge_wait", "[567p1]12m456s789sEE 3m", {}, "mcr", "003: 边张：单和123的3及789的7"),
    ("closed_wait", "[567p1]13m456s789sEE 2m", {}, "mcr", "003: 坎张：和2张牌之间的牌"),
    ("single_wait", "[567p1]123m456s789sE E", {}, "mcr", "003: 单钓将：钓单张牌作将成和"),
    ("self_drawn", "[567p1]123m456s78sEE 9s", S, "mcr", "003: 自摸：自己抓进牌成胡牌"),
    ("flower_tiles", "[567p1]123m456s78sEE 9s", {"flowers": "1258f"}, "mcr", "003: 花牌：即春夏秋冬，梅兰竹菊，每花计一分"),
]


def test_every_fan_has_a_case() -> None:
    # seed 003's extended fans (mcr-extended) are tested in test_extended.py
    covered = {c[0] for c in CASES}
    assert covered == {f.id for f in FANS} - EXTENDED_IDS


@pytest.mark.parametrize(("fan", "hand", "sit", "rules", "seed"), CASES, ids=[c[0] for c in CASES])
def test_fan(fan: str, hand: str, sit: dict[str, Any], rules: str, seed: str) -> None:
    r = score(hand, rules=rules, **sit)
    ids = {f.id for f in r.fans}
    assert fan in ids, f"{seed}: {hand} should count {fan}; got {[f.name_zh for f in r.fans]}"
    by_id = {f.id: f for f in FANS}
    for e in by_id[fan].excludes:
        if e != "pung_of_terminals_or_honors":
            assert e not in ids, f"{fan} excludes {e} (不计), yet both were counted for {hand}"
    assert r.total == sum(f.points for f in r.fans)


@pytest.mark.parametrize(("fan", "hand", "sit", "rules", "seed"), CASES, ids=[c[0] for c in CASES])
def test_fan_total_matches_reference(fan: str, hand: str, sit: dict[str, Any], rules: str, seed: str) -> None:
    mgb = pytest.importorskip("MahjongGB")
    from suanfan import parse_hand

    h = parse_hand(hand)
    ref = mgb.MahjongFanCalculator(**to_botzone(h, sit), verbose=True)
    ours = score(h, rules="mcr-botzone", **sit)
    assert ours.total == sum(p * c for p, c, _n, _e in ref), (hand, ref, ours.fans)
