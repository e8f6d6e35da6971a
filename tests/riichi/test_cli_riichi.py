"""The ``suanfan riichi`` sub-command."""

from __future__ import annotations

import json

import pytest

from suanfan.cli import main


def test_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["riichi", "123456m789p34s55s 2s", "--riichi", "--dora", "1m", "--honba", "1",
                 "--sticks", "1"]) == 0
    out = capsys.readouterr().out
    assert "Pinfu" in out and "Riichi" in out and "Dora" in out
    assert "3 han 30 fu" in out
    assert "discarder pays 6100" in out and "winner receives 7100" in out


def test_tsumo_languages(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["riichi", "[222m1][777z2]456s78s11p 9s", "--tsumo", "--seat", "S", "--lang", "ja"]) == 0
    out = capsys.readouterr().out
    assert "役牌 中" in out and "親 500" in out and "子 300" in out and "28 → 30" in out
    assert main(["riichi", "19m19p19s1234567z 7z", "--tsumo", "--seat", "S", "--lang", "zh"]) == 0
    out = capsys.readouterr().out
    assert "国士无双十三面" in out and "庄家支付 32000" in out


def test_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["riichi", "111m222p333s44s55z 5z", "--tsumo", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["yakuman"] == 1 and d["yaku"][0]["id"] == "suuankou" and d["payment"]["non_dealer"] == 16000


def test_rules_and_flags(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["riichi", "123456m789p34s55s 2s", "--renhou", "--seat", "S", "--rules", "wrc",
                 "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["han"] == 6 and d["rules"] == "wrc" and d["limit"] == "haneman"


def test_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["riichi", "123456m789p34s55s 2s", "--ippatsu"]) == 2
    err = capsys.readouterr().err
    assert "ippatsu without riichi" in err and err.count("\n") == 1
    assert main(["riichi", "[123m]456m789p34s55s 2s"]) == 2
    assert "no yaku" in capsys.readouterr().err


def test_three_players_and_nuki(capsys: pytest.CaptureFixture[str]) -> None:
    # issue 15: --nuki could never work; --players 3 plays the preset's three-player rules
    from suanfan import riichi

    hand = "123p456p789s1122z 2z"
    assert main(["riichi", hand, "--tsumo", "--nuki", "1"]) == 2
    assert "--players 3" in capsys.readouterr().err
    assert main(["riichi", hand, "--tsumo", "--nuki", "1", "--players", "3", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    rules = riichi.get_rules("default").replace(sanma=True)
    expected = riichi.score(hand, tsumo=True, nuki=1, rules=rules)
    assert (got["han"], got["payment"]["total"]) == (expected.han, expected.payment.total)
    assert expected.payment.payers == 2
