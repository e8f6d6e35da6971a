"""Three-player riichi as Tenhou plays it (issue 28, parts 1 and 2): a honba adds 200 to a ron
(``Rules.sanma_ron_honba``) and 100 from each payer to a tsumo; a win on the replacement tile of a
North set aside is rinshan kaihou; a North set aside ends every ippatsu chance and the first
go-around, as a call does.

Evidence: the real Tenhou houou three-player game ``tests/data/tenhou/sanma/
2014091101gm-00b9-0000-5ca6b487.txt`` (MahjongLM, MIT; see that folder's README): its 2-honba ron of
2600 is paid 3000 and its honba tsumo 100 from each payer. Rinshan after a nuki: three real Tenhou
houou three-player games (tenhou.net/6 JSON in SoliDeoGloria000/sanma-engine, ``data/raw_logs/``,
a repository without a licence: read for the facts, not copied) record 嶺上開花 on the tile drawn
after a North set aside by a hand with no kong (two hands below). That a nuki ends every ippatsu
chance and the first go-around is the riichi wiki's ("Sanma": a kita call "invalidates ippatsu,
tenhou/chiihou, double riichi"; "Rinshan kaihou": "in sanma this yaku can also be obtained after
declaring kita"); no real log was found that shows it either way, so the two mjlogs at the end are
written in Tenhou's format to show what the reader infers from the events.
"""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from suanfan import InvalidArgument, InvalidHand
from suanfan.logs import read
from suanfan.logs.replay import replay, table_rules
from suanfan.logs.tenhou import TableRules, parse
from suanfan.riichi import PRESETS, Rules, score, settle

SANMA = Path(__file__).resolve().parent.parent / "data" / "tenhou" / "sanma"
HOUOU = SANMA / "2014091101gm-00b9-0000-5ca6b487.txt"


# ---------------------------------------------------------------------------------------------
# the real game
def test_the_real_three_player_game_is_reproduced() -> None:
    game = read(HOUOU)
    assert game.players == 3 and game.rules.sanma and game.rules.go_type == 185
    done = list(replay(game))
    assert len(done) == 8
    assert [r.differences for r in done if not r.equal] == []


def test_a_three_player_ron_pays_200_a_honba() -> None:
    game = read(HOUOU)
    w = game.rounds[-1].wins[0]   # S3-2: a 2600 ron at 2 honba with 3 riichi sticks
    assert (w.honba, w.sticks, w.from_seat, w.recorded.points) == (2, 3, 1, 2600)
    assert w.recorded.deltas == (6000, -3000, 0)   # the discarder pays 2600 + 2 x 200
    res = score(w.hand, rules="tenhou-sanma", **w.situation())
    assert (res.payment.ron, res.payment.honba) == (3000, 400)
    assert settle(res, w.seat, w.from_seat, w.dealer, 3) == w.recorded.deltas
    # the four-player amount (300) is what a house rule may pay, and what was paid before
    house = PRESETS["tenhou-sanma"].replace(sanma_ron_honba=300)
    assert score(w.hand, rules=house, **w.situation()).payment.ron == 3200


def test_a_three_player_tsumo_pays_100_a_honba_from_each() -> None:
    game = read(HOUOU)
    w = game.rounds[3].wins[0]    # E1-3: a non-dealer mangan tsumo, 6000 at 3 honba
    assert (w.honba, w.from_seat, w.recorded.points) == (3, None, 6000)
    res = score(w.hand, rules="tenhou-sanma", **w.situation())
    p = res.payment
    assert (p.dealer, p.non_dealer, p.honba) == (4300, 2300, 600)
    assert settle(res, w.seat, None, w.dealer, 3) == w.recorded.deltas == (-4300, 7600, -2300)


# ---------------------------------------------------------------------------------------------
# the option
def test_sanma_ron_honba_is_an_option_checked_and_round_tripped() -> None:
    r = PRESETS["tenhou-sanma"]
    assert r.sanma_ron_honba == 200 and PRESETS["mahjongsoul-sanma"].sanma_ron_honba == 200
    assert Rules().sanma_ron_honba == 200
    custom = r.replace(sanma_ron_honba=300)
    assert custom.differences(r) == {"sanma_ron_honba": 300}
    assert pickle.loads(pickle.dumps(custom)) == custom
    assert custom.to_dict()["sanma_ron_honba"] == 300
    assert Rules(**custom.to_dict()) == custom
    for bad in (-100, 30100, 200.0, "200", True, None):
        with pytest.raises(InvalidArgument, match="sanma_ron_honba"):
            r.replace(sanma_ron_honba=bad)


def test_sanma_ron_honba_changes_only_a_three_player_ron() -> None:
    hand = "123p456p789s11s99p 1s"
    four = PRESETS["tenhou"].replace(sanma_ron_honba=0)
    assert score(hand, riichi=True, honba=2, rules=four).payment.honba == 600
    three = PRESETS["tenhou-sanma"]
    assert score(hand, riichi=True, honba=2, rules=three).payment.honba == 400
    t = score(hand, riichi=True, tsumo=True, honba=2, rules=three.replace(sanma_ron_honba=0))
    assert (t.payment.honba, t.payment.payers) == (400, 2)   # 100 x 2 honba from each of two


def test_table_rules_of_tenhou_tables() -> None:
    assert table_rules(TableRules(185)).sanma_ron_honba == 200
    assert table_rules(TableRules(169)).honba_points == 300
    # the 0x400 lobby pays 1500 a honba on four players (500 from each payer on tsumo): on three
    # players the ron is taken as two such shares
    special = table_rules(TableRules(0x400 | 0x10 | 0x01))
    assert (special.honba_points, special.sanma_ron_honba) == (1500, 1000)


def test_pao_on_a_three_player_ron_the_discarder_pays_the_honba() -> None:
    rules = PRESETS["tenhou-sanma"]
    r = score("[555z1][666z2][777z3]11m22p 2p", seat_wind="W", honba=2, rules=rules)
    assert r.payment.ron == 32400
    # the liable player (1) and the discarder (0) pay half the 32000 each, the discarder the honba
    assert settle(r, 2, 0, 0, players=3, pao=1) == (-16400, -16000, 32400)
    assert settle(r, 2, 0, 0, players=3, pao=1, pao_honba="liable") == (-16000, -16400, 32400)


# ---------------------------------------------------------------------------------------------
# rinshan after a North set aside (the scorer)
def test_rinshan_after_a_north_set_aside() -> None:
    hand = "123456789p11s99m 1s"   # 123456789p 111s 99m
    res = score(hand, tsumo=True, rinshan=True, nuki=1, rules="tenhou-sanma")
    assert {"rinshan", "ittsu", "menzen_tsumo", "nuki_dora"} <= {y.id for y in res.yaku}
    with pytest.raises(InvalidHand, match="without a kong"):
        score(hand, tsumo=True, rinshan=True, rules="tenhou-sanma")
    with pytest.raises(InvalidHand, match="three-player"):
        score(hand, tsumo=True, rinshan=True, nuki=1, rules="tenhou")
    with pytest.raises(InvalidHand, match="ippatsu"):
        score(hand, tsumo=True, riichi=True, ippatsu=True, rinshan=True, nuki=1, rules="tenhou-sanma")
    # the winner's own North set aside ends its first go-around: no tenhou or chiihou after it
    # (riichi wiki, "Sanma": the kita call "invalidates ... tenhou/chiihou")
    assert score(hand, tsumo=True, tenhou=True, rules="tenhou-sanma").yakuman == 1
    for first in ("tenhou", "chiihou"):
        with pytest.raises(InvalidHand, match="North aside"):
            score(hand, tsumo=True, nuki=1, rules="tenhou-sanma", seat_wind="E" if first == "tenhou"
                  else "S", **{first: True})


def test_rinshan_after_a_north_in_real_tenhou_games() -> None:
    # 2024010120gm-00b9-0000-e324b88a E3-0: seat 0 (South; pon of 2s from seat 2) draws a North,
    # sets it aside and wins on the replacement 3s: 嶺上開花, 断幺九, ドラ 1 (the North), 赤ドラ 1,
    # "30符4飜2000-3900点", score changes 5900 / -2000 / -3900
    r = score("[222s2]344556p4077s 3s", tsumo=True, rinshan=True, nuki=1, seat_wind="S",
              dora_indicators="9p", rules="tenhou-sanma")
    assert (r.han, r.fu, r.payment.non_dealer, r.payment.dealer) == (4, 30, 2000, 3900)
    assert {y.id for y in r.yaku} == {"rinshan", "tanyao", "aka_dora", "nuki_dora"}
    # 2024123123gm-00b9-0000-09c44fd1 S2-2: seat 0 (West; pon of hatsu from seat 1), 2 honba: 嶺上開花,
    # 一気通貫 1, 役牌 發, 混一色 2, ドラ 1, 赤ドラ 1, "跳満3000-6000点", 9400 / -6200 / -3200
    r = score("[666z3]23406789s22z 1s", tsumo=True, rinshan=True, nuki=1, seat_wind="W",
              round_wind="S", honba=2, dora_indicators="1m", rules="tenhou-sanma")
    assert (r.han, r.limit, r.payment.dealer, r.payment.non_dealer) == (7, "haneman", 6200, 3200)
    assert "rinshan" in {y.id for y in r.yaku}


# ---------------------------------------------------------------------------------------------
# the mjlog reader: two rounds written in Tenhou's format
_HEAD = ('<mjloggm ver="2.3"><GO type="185" lobby="0"/><UN n0="A" n1="B" n2="C" n3="" '
         'dan="0,0,0,0" rate="1500,1500,1500,1500" sx="M,M,M,C"/><TAIKYOKU oya="0"/>')

# the dealer sets a North aside and wins on the replacement tile: 123456789p 111s 99m
RINSHAN = _HEAD + (
    '<INIT seed="0,0,0,0,0,34" ten="350,350,350,0" oya="0" '
    'hai0="36,40,44,48,53,56,60,64,68,72,73,32,33" hai1="76,77,80,81,84,85,92,93,96,97,100,101,104" '
    'hai2="108,109,112,113,116,117,124,125,128,129,133,134,135" hai3=""/>'
    '<T132/><D132/><U105/><E105/><V41/><F41/><T120/><N who="0" m="30752" /><T74/>'
    '<AGARI ba="0,0" hai="32,33,36,40,44,48,53,56,60,64,68,72,73,74" m="30752" machi="74" '
    'ten="30,8000,1" yaku="0,1,4,1,24,2,52,1" doraHai="34" who="0" fromWho="0" '
    'sc="350,80,350,-40,350,-40,0,0" owari="430,43.0,310,-21.0,310,-22.0,0,0.0" /></mjloggm>')

# the dealer's North set aside in the first go-around: seat 1's riichi on its first discard is no
# double riichi; the dealer's second North within seat 1's first turn ends its ippatsu
NO_IPPATSU = _HEAD + (
    '<INIT seed="0,0,0,0,0,110" ten="350,350,350,0" oya="0" '
    'hai0="120,32,33,0,1,96,97,100,101,104,108,112,116" hai1="37,41,45,49,54,57,61,65,69,77,81,85,73" '
    'hai2="124,125,128,129,132,133,109,113,117,2,34,98,102" hai3=""/>'
    '<T36/><N who="0" m="30752" /><T3/><D3/>'
    '<U89/><REACH who="1" step="1"/><E89/><REACH who="1" ten="350,340,350,0" step="2"/>'
    '<V105/><F105/><T121/><N who="0" m="31008" /><T35/><D35/><U74/>'
    '<AGARI ba="0,1" hai="37,41,45,49,54,57,61,65,69,73,74,77,81,85" machi="74" ten="30,5900,0" '
    'yaku="1,1,0,1,24,2,53,0" doraHai="110" doraHaiUra="114" who="1" fromWho="1" '
    'sc="350,-39,340,69,350,-20,0,0" owari="311,-9.0,409,31.0,330,-22.0,0,0.0" /></mjloggm>')


def test_the_reader_gives_rinshan_after_a_north_set_aside() -> None:
    game = parse(RINSHAN, "rinshan.xml")
    w = game.wins[0]
    assert (w.rinshan, w.nuki, w.tenhou, w.conflicts) == (True, 1, False, ())
    (r,) = replay(game)
    assert r.equal, (r.differences, r.error)
    assert r.scored is not None and ("rinshan", 1) in r.scored.yaku


def test_a_north_set_aside_ends_ippatsu_and_the_first_go_around() -> None:
    game = parse(NO_IPPATSU, "no-ippatsu.xml")
    w = game.wins[0]
    assert (w.riichi, w.double_riichi, w.ippatsu, w.conflicts) == (True, False, False, ())
    (r,) = replay(game)
    assert r.equal, (r.differences, r.error)
    # without the Norths the same turns give double riichi and ippatsu: only the nuki ends them
    plain = (NO_IPPATSU.replace('<N who="0" m="30752" /><T3/><D3/>', '<D36/>')
             .replace('<N who="0" m="31008" /><T35/><D35/>', '<D121/>'))
    w2 = parse(plain, "plain.xml").wins[0]
    assert (w2.double_riichi, w2.ippatsu) == (True, True)
