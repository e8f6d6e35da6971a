"""User rule sets (``Rules.derive``, ``Rules.from_dict``, rules files) and their command line:
``suanfan rules [NAME] [--json]`` and ``suanfan mcr --rules/--rules-file/--min-fan/--fan-value/
--disable/--enable`` and the situation flags of the extended fans."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from suanfan import InvalidHand
from suanfan.cli import main
from suanfan.mcr import PRESETS, Rules, score
from suanfan.mcr.rules import fan_id, get_rules, load_rules

FALSE_WIN = "[567p1]123m456s78sEE 9s"   # 连六 only: 1 fan, below the minimum of 8


# -- Rules.derive / from_dict ----------------------------------------------------------------------
def test_derive_minimum_zero_for_teaching_games() -> None:
    teach = get_rules("mcr").derive("teaching", min_fan=0)
    assert not score(FALSE_WIN).meets_minimum
    r = score(FALSE_WIN, rules=teach)
    assert r.meets_minimum and r.rules == "teaching" and r.min_fan == 0
    assert r.settlement(0, 1)[0] > 0   # a real win, not the false-win penalty


def test_derive_values_and_disabled_fans_by_any_name() -> None:
    base = get_rules("mcr")
    r = base.derive(values={"无番和": 0, "Short Straight": 3}, disabled=["门前清"])
    assert r.values["chicken_hand"] == 0 and r.values["short_straight"] == 3
    assert not r.enabled("concealed_hand")
    assert base.values["short_straight"] == 1 and base.enabled("concealed_hand")   # base unchanged
    assert score(FALSE_WIN, rules=r).total == 3
    # a fan switched off is reported, not silently dropped
    res = score("123m456p789s123s5m 5m", rules=r)
    assert ("concealed_hand", "disabled") in {(x.id, x.principle) for x in res.removed}


def test_enable_an_extended_fan_on_top_of_mcr() -> None:
    r = get_rules("mcr").derive("mcr+天和", enabled=["天和"])
    hand = "123456789m123pE E"
    assert score(hand, rules=r, heavenly_hand=True).total == score(hand, self_drawn=True).total + 88


@pytest.mark.parametrize("kw", [
    {"values": {"nope": 1}}, {"values": {"chicken_hand": -1}}, {"disabled": ["nope"]},
    {"min_fan": -1}, {"flavour": True},
])
def test_bad_derivations_raise(kw: dict[str, object]) -> None:
    with pytest.raises(InvalidHand):
        get_rules("mcr").derive(**kw)  # type: ignore[arg-type]


def test_fan_names() -> None:
    for name in ("无番和", "無番和", "Chicken Hand", "chicken_hand"):
        assert fan_id(name) == "chicken_hand"
    assert fan_id("天和") == "heavenly_hand"
    with pytest.raises(InvalidHand):
        fan_id("no such fan")


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_to_dict_round_trip(name: str) -> None:
    r = PRESETS[name]
    again = Rules.from_dict(r.to_dict())
    assert again.to_dict() == r.to_dict()
    assert again.differences(r) == {}


def test_rules_file(tmp_path: Path) -> None:
    p = tmp_path / "house.json"
    p.write_text(json.dumps({"name": "house", "base": "mcr-extended", "min_fan": 4,
                             "values": {"天和": 100}, "disable": ["二五八将"]}), encoding="utf-8")
    r = load_rules(p)
    assert r.name == "house" and r.min_fan == 4 and r.values["heavenly_hand"] == 100
    assert not r.enabled("pair_258") and r.enabled("human_hand")
    with pytest.raises(InvalidHand, match="unknown key"):
        load_rules({"base": "mcr", "minfan": 0})
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(InvalidHand, match="not JSON"):
        load_rules(bad)
    with pytest.raises(InvalidHand, match="cannot read"):
        load_rules(tmp_path / "missing.json")


# -- suanfan rules ---------------------------------------------------------------------------------
def test_rules_lists_presets(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    for name in ("mcr", "mcr-botzone", "mcr-2006", "mcr-extended"):
        assert f"\n{name}\n" in "\n" + out
    # each preset names its rulebook, never a file of the project's own (issue 15)
    assert "《中国麻将竞赛规则》" in out and "《麻将竞赛规则》 (2006 edition)" in out and "天和 88" in out
    assert "seed" not in out and ".md" not in out


def test_rules_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    by = {p["name"]: p for p in d["presets"]}
    assert set(by) == set(PRESETS)
    assert by["mcr"]["differs_from_mcr"] == {}
    assert by["mcr-2006"]["differs_from_mcr"] == {"green_may_add_flush": True}
    assert "heavenly_hand" in by["mcr-extended"]["differs_from_mcr"]["enabled"]
    assert by["mcr-botzone"]["differs_from_mcr"]["enabled"] == ["concealed_and_melded_kong"]
    assert all(p["source"] for p in d["presets"])


def test_rules_one_preset_in_full(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "mcr-extended", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    rows = {f["id"]: f for f in d["fans"]}
    assert rows["heavenly_hand"]["value"] == 88 and rows["heavenly_hand"]["enabled"]
    assert not rows["concealed_and_melded_kong"]["enabled"]
    assert main(["rules", "mcr", "--min-fan", "0", "--disable", "花牌", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "min_fan=0" in out and "Flower Tiles  [flower_tiles]  (off)" in out


# -- suanfan mcr with rules and flags ----------------------------------------------------------------
def test_mcr_min_fan(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mcr", FALSE_WIN, "--min-fan", "0", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["meets_minimum"] and d["min_fan"] == 0


def test_mcr_fan_value_and_disable(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mcr", FALSE_WIN, "--fan-value", "short_straight=5", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["total"] == 5
    assert main(["mcr", FALSE_WIN, "--disable", "连六", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["fans"][0]["id"] == "chicken_hand"   # nothing else left: 无番和


def test_mcr_rules_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "r.json"
    p.write_text('{"name": "teaching", "base": "mcr", "min_fan": 0}', encoding="utf-8")
    assert main(["mcr", FALSE_WIN, "--rules-file", str(p), "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["rules"] == "teaching" and d["meets_minimum"]


def test_mcr_extended_flags(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mcr", "123456789m123pE E", "--rules", "mcr-extended", "--heavenly-hand",
                 "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert any(f["id"] == "heavenly_hand" and f["points"] == 88 for f in d["fans"])
    assert d["situation"]["self_drawn"] and d["settlement"]["discarder"] is None
    assert main(["mcr", "123m456p789s1234z 12345678f", "--rules", "mcr-extended"]) == 0
    assert "八花聚顶" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [
    ["mcr", FALSE_WIN, "--fan-value", "short_straight"],
    ["mcr", FALSE_WIN, "--fan-value", "nope=1"],
    ["mcr", FALSE_WIN, "--disable", "nope"],
    ["mcr", FALSE_WIN, "--min-fan", "-1"],
    ["mcr", FALSE_WIN, "--rules-file", "/nonexistent/rules.json"],
    ["mcr", FALSE_WIN, "--rules", "mcr-2006", "--rules-file", "/nonexistent/rules.json"],
    ["mcr", "123456789m123pE E", "--rules", "mcr-extended", "--heavenly-hand", "--seat", "S"],
    ["mcr", "[123p1]123456789mE E", "--rules", "mcr-extended", "--declared-ready"],
    ["rules", "nope"],
])
def test_bad_rules_input_exits_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("suanfan: error:")
